"""Plain sentences for findings and corrections, German (default, for referees) and English.

Templates take named parameters; ``render(key, lang, params)`` fills them. Every key used by
the checks and the correction has both languages (a test makes sure).
"""
from __future__ import annotations

LANGS = ("de", "en")

FIELD_NAMES = {
    "de": {"points": "Spielpunkte", "won": "Gew.", "lost": "Verl.", "bonus": "(Gew.-Verl.) x 50",
           "others_lost": "Verluste der Gegenspieler", "score": "Gesamtpunkte", "money": "Betrag",
           "money_total": "Betrag gesamt", "total": "Stand", "plus": "+", "minus": "-",
           "base": "Grundwert", "mit": "mit", "ohne": "ohne", "hand": "Hand", "schneider": "Schneider",
           "schneider_announced": "Schneider angesagt", "schwarz": "Schwarz",
           "schwarz_announced": "Schwarz angesagt", "ouvert": "offen", "passed": "Eingepasst",
           "signature": "Unterschrift", "no": "Nr.", "crossed_out": "gestrichen",
           "won_outcome": "gewonnen", "lost_outcome": "verloren"},
    "en": {"points": "game points", "won": "won", "lost": "lost", "bonus": "(won - lost) x 50",
           "others_lost": "others' lost games", "score": "total score", "money": "loss money",
           "money_total": "loss money in all", "total": "running total", "plus": "+", "minus": "-",
           "base": "base value", "mit": "with", "ohne": "without", "hand": "Hand", "schneider": "Schneider",
           "schneider_announced": "Schneider announced", "schwarz": "Schwarz",
           "schwarz_announced": "Schwarz announced", "ouvert": "ouvert", "passed": "passed",
           "signature": "signature", "no": "no.", "crossed_out": "crossed out",
           "won_outcome": "won", "lost_outcome": "lost"},
}

T = {
    # impossible-value
    "impossible.base-missing": ("Spiel {game}: kein Grundwert eingetragen.",
                                "Game {game}: no base value written."),
    "impossible.base-unknown": ("Spiel {game}: Grundwert {base} gibt es nicht (9, 10, 11, 12, 23, 24).",
                                "Game {game}: there is no base value {base} (9, 10, 11, 12, 23, 24)."),
    "impossible.null-matadors": ("Spiel {game}: ein Nullspiel hat keine Spitzen.",
                                 "Game {game}: a Null game has no matadors."),
    "impossible.null-level": ("Spiel {game}: ein Nullspiel kennt kein Schneider oder Schwarz.",
                              "Game {game}: a Null game has no Schneider or Schwarz level."),
    "impossible.mit-and-ohne": ("Spiel {game}: \"mit\" und \"ohne\" zugleich eingetragen.",
                                "Game {game}: both \"with\" and \"without\" matadors written."),
    "impossible.matadors-missing": ("Spiel {game}: Spitzen (mit/ohne) fehlen.",
                                    "Game {game}: the matadors (with/without) are missing."),
    "impossible.matadors-range": ("Spiel {game}: {game_name} hat 1 bis {top} Spitzen, eingetragen {matadors}.",
                                  "Game {game}: {game_name} has 1 to {top} matadors, written {matadors}."),
    "impossible.announced-without-hand": (
        "Spiel {game}: angesagt werden kann nur ein Handspiel (ISkO 2.5.5).",
        "Game {game}: only a Hand game can be announced (ISkO 2.5.5)."),
    "impossible.plus-and-minus": ("Spiel {game}: Wert in \"+\" und \"-\" zugleich.",
                                  "Game {game}: a value in both \"+\" and \"-\"."),
    # incomplete-row
    "incomplete.no-value": ("Spiel {game}: weder \"+\" noch \"-\" eingetragen.",
                            "Game {game}: neither \"+\" nor \"-\" written."),
    "incomplete.no-game": ("Spiel {game}: Wert ohne Spielangabe (Grundwert, Spitzen).",
                           "Game {game}: a value without the game (base value, matadors)."),
    "declarers.none": ("Spiel {game}: Wert eingetragen, aber bei keinem Spieler ein Stand.",
                       "Game {game}: a value written but no player's total."),
    # value-mismatch, single-counted-loss, overbid
    "value.plus": ("Spiel {game}: \"+\" {written}, das Spiel ist aber {expected} wert.",
                   "Game {game}: \"+\" {written}, but the game is worth {expected}."),
    "value.minus": ("Spiel {game}: \"-\" {written}, verloren zählt das Spiel doppelt: {expected}.",
                    "Game {game}: \"-\" {written}, a lost game counts double: {expected}."),
    "single-loss": ("Spiel {game}: verlorenes Spiel nur einfach abgeschrieben ({written} statt {expected}).",
                    "Game {game}: lost game written single ({written} instead of {expected})."),
    "overbid": ("Spiel {game}: \"-\" {written} passt nur zu einem überreizten Spiel "
                "(gereizt {bid_low} bis {bid_high}, abgeschrieben 2 x {charged}).",
                "Game {game}: \"-\" {written} fits only an overbid game "
                "(bid {bid_low} to {bid_high}, charged 2 x {charged})."),
    # running-total
    "total.missing": ("Spiel {game}: Platz {seat} hat keinen neuen Stand eingetragen (erwartet {expected}).",
                      "Game {game}: seat {seat} wrote no new total (expected {expected})."),
    "total.wrong": ("Spiel {game}: Stand Platz {seat} ist {written}, aber {previous} {delta:+d} = {expected}.",
                    "Game {game}: seat {seat} total is {written}, but {previous} {delta:+d} = {expected}."),
    # counter
    "counter.missing": ("Spiel {game}: Platz {seat} hat den Zähler nicht fortgeschrieben (erwartet {expected}).",
                        "Game {game}: seat {seat} did not carry the count on (expected {expected})."),
    "counter.wrong": ("Spiel {game}: Zähler Platz {seat} ist {written}, erwartet {expected}.",
                      "Game {game}: seat {seat} count is {written}, expected {expected}."),
    "counter.other": ("Spiel {game}: Platz {seat} zählt das Spiel in der falschen Spalte ({written}).",
                      "Game {game}: seat {seat} counts the game in the wrong column ({written})."),
    # declarers, dealer, passed
    "declarers.several": ("Spiel {game}: mehrere Alleinspieler eingetragen (Platz {seats}).",
                          "Game {game}: several declarers written (seats {seats})."),
    "dealer": ("Spiel {game}: Platz {seat} gibt in diesem Spiel und kann nicht Alleinspieler sein.",
               "Game {game}: seat {seat} deals this game and cannot be the declarer."),
    "passed.value": ("Spiel {game}: eingepasst, aber ein Wert oder Stand eingetragen.",
                     "Game {game}: passed, yet a value or total is written."),
    # footer
    "footer.blank": ("Der Serienabschluss (Fußzeilen) ist nicht ausgefüllt.",
                     "The series close (footer) is not filled in."),
    "footer.missing": ("Platz {seat}: {line_name} im Serienabschluss fehlt (erwartet {expected}).",
                       "Seat {seat}: {line_name} missing in the footer (expected {expected})."),
    "footer.wrong": ("Platz {seat}: {line_name} im Serienabschluss ist {written}, aus den Spielen folgt {expected}.",
                     "Seat {seat}: footer {line_name} is {written}, the games give {expected}."),
    # money
    "money.missing": ("Platz {seat}: Verlustgeld für {lost} verlorene Spiele fehlt (erwartet {expected:.2f} EUR).",
                      "Seat {seat}: loss money for {lost} lost games missing (expected {expected:.2f} EUR)."),
    "money.wrong": ("Platz {seat}: Verlustgeld {written:.2f} EUR, für {lost} verlorene Spiele sind es {expected:.2f} EUR.",
                    "Seat {seat}: loss money {written:.2f} EUR, {lost} lost games make {expected:.2f} EUR."),
    "money.total-missing": ("Der Gesamtbetrag des Verlustgelds fehlt (erwartet {expected:.2f} EUR).",
                            "The loss money total is missing (expected {expected:.2f} EUR)."),
    "money.total-wrong": ("Gesamtbetrag {written:.2f} EUR, die Einzelbeträge ergeben {expected:.2f} EUR.",
                          "Loss money total {written:.2f} EUR, the players' amounts make {expected:.2f} EUR."),
    # signatures
    "signature": ("Platz {seat} hat nicht unterschrieben: ohne alle Unterschriften hat die Liste keinen Urkundenwert.",
                  "Seat {seat} did not sign: without every signature the list has no document value."),
    # game-count
    "count.too-many": ("Mehr Spiele ({written}) als die Serie hat ({expected}).",
                       "More games ({written}) than the series has ({expected})."),
    "count.gap": ("Zeile {game} ist leer, obwohl danach weitergespielt wurde.",
                  "Row {game} is blank although later games follow."),
    "count.open-rows": ("Serie nach {written} von {expected} Spielen beendet, Zeilen {first} bis {last} nicht gestrichen.",
                        "Series ended after {written} of {expected} games; rows {first} to {last} are not crossed out."),
    "count.ended-early": ("Serie nach {written} von {expected} Spielen beendet, Restzeilen gestrichen.",
                          "Series ended after {written} of {expected} games, remaining rows crossed out."),
    # reader doubts
    "unreadable": ("Zelle {cell} nicht sicher gelesen (Sicherheit {confidence} %); Kandidaten: {candidates}.",
                   "Cell {cell} not read with confidence ({confidence} %); candidates: {candidates}."),
    # corrections (why a figure changed)
    "correct.plus": ("der niedrigere Wert zählt", "the lower value counts"),
    "correct.minus": ("der höhere Verlust zählt (doppelter Spielwert)", "the higher loss counts (double the game value)"),
    "correct.single-loss": ("verloren zählt doppelt", "a lost game counts double"),
    "correct.total": ("Stand aus vorigem Stand und Spielwert", "total from the previous total and the game"),
    "correct.total-lower": ("der niedrigere Stand zählt", "the lower total counts"),
    "correct.carried": ("folgt aus dem berichtigten Stand davor", "follows from the corrected total before it"),
    "correct.counter": ("Zähler aus den Spielen", "count from the games"),
    "correct.footer": ("die niedrigere Punktzahl zählt", "the lower score counts"),
    "correct.footer-sum": ("Summe der Zeilen darüber (die niedrigeren zählen)",
                           "sum of the lines above (the lower ones count)"),
    "correct.not-declarer": ("kein Alleinspieler in diesem Spiel: Stand darf nicht steigen",
                             "not the declarer of this game: the total cannot rise"),
    "kept.value": ("der niedrigere geschriebene Wert bleibt", "the lower written value stands"),
    "kept.total": ("der niedrigere geschriebene Stand bleibt", "the lower written total stands"),
    "kept.footer": ("die niedrigere geschriebene Zahl bleibt", "the lower written figure stands"),
    "correct.footer-fill": ("aus den Spielen berechnet", "computed from the games"),
    "correct.money": ("Verlustgeld nach Spielplan", "loss money by the schedule"),
}


def show_value(value, blank: str = "") -> str:
    """A cell's value as a referee reads it: X for a mark, 3,50 for money, ``blank`` for nothing.

    >>> show_value(True), show_value(3.5), show_value(None, "—"), show_value(-94)
    ('X', '3,50', '—', '-94')
    """
    if value is None or value is False:
        return blank
    if value is True:
        return "X"
    if isinstance(value, float):
        return f"{value:.2f}".replace(".", ",")
    return str(value)


def field_name(field: str, lang: str = "de") -> str:
    return FIELD_NAMES.get(lang, FIELD_NAMES["de"]).get(field, field)


def render(key: str, lang: str, params: dict) -> str:
    lang = lang if lang in LANGS else "de"
    template = T[key][LANGS.index(lang)]
    p = dict(params)
    if "line" in p:
        p["line_name"] = field_name(p["line"], lang)
    p.setdefault("cell", "")
    try:
        return template.format(**p)
    except (KeyError, ValueError, TypeError):
        # a parameter missing or not a number: never crash a report over a sentence
        return template.format_map(_Lenient(p))


class _Lenient(dict):
    def __missing__(self, key):
        return "?"

    def __getitem__(self, key):
        v = super().get(key, "?")
        return v if isinstance(v, (int, float)) else _Str(v)


class _Str(str):
    def __format__(self, spec):
        return str(self)
