"""Plain sentences for findings and corrections, German (default, for referees) and English.

Templates take named parameters; ``render(key, lang, params)`` fills them. Every key used by
the checks and the correction has both languages (a test makes sure).
"""
from __future__ import annotations

import math

from .model import parse_ref

LANGS = ("de", "en")

FIELD_NAMES = {
    "de": {"points": "Spielpunkte", "won": "Gew.", "lost": "Verl.", "bonus": "(Gew.-Verl.) x 50",
           "others_lost": "Verluste der Gegenspieler", "score": "Gesamtpunkte", "money": "Betrag",
           "money_total": "Betrag gesamt", "total": "Stand", "plus": "+", "minus": "-",
           "base": "Grundwert", "mit": "mit", "ohne": "ohne", "hand": "Hand", "schneider": "Schneider",
           "schneider_announced": "Schneider angesagt", "schwarz": "Schwarz",
           "schwarz_announced": "Schwarz angesagt", "ouvert": "offen", "passed": "Eingepasst",
           "signature": "Unterschrift", "no": "Nr.", "crossed_out": "gestrichen",
           "won_outcome": "gewonnen", "lost_outcome": "verloren", "kontra": "Kontra", "re": "Re",
           "bock": "Bock", "ramsch": "Ramsch", "abandoned": "abgebrochen"},
    "en": {"points": "game points", "won": "won", "lost": "lost", "bonus": "(won - lost) x 50",
           "others_lost": "others' lost games", "score": "total score", "money": "loss money",
           "money_total": "loss money in all", "total": "running total", "plus": "+", "minus": "-",
           "base": "base value", "mit": "with", "ohne": "without", "hand": "Hand", "schneider": "Schneider",
           "schneider_announced": "Schneider announced", "schwarz": "Schwarz",
           "schwarz_announced": "Schwarz announced", "ouvert": "ouvert", "passed": "passed",
           "signature": "signature", "no": "no.", "crossed_out": "crossed out",
           "won_outcome": "won", "lost_outcome": "lost", "kontra": "Kontra", "re": "Re",
           "bock": "Bock", "ramsch": "Ramsch", "abandoned": "abandoned"},
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
    "impossible.mit-and-ohne": ("Spiel {game}: „mit“ und „ohne“ zugleich eingetragen.",
                                "Game {game}: both \"with\" and \"without\" matadors written."),
    "impossible.matadors-missing": ("Spiel {game}: Spitzen (mit/ohne) fehlen.",
                                    "Game {game}: the matadors (with/without) are missing."),
    "impossible.matadors-range": ("Spiel {game}: {game_name} hat 1 bis {top} Spitzen, eingetragen {matadors}.",
                                  "Game {game}: {game_name} has 1 to {top} matadors, written {matadors}."),
    "impossible.announced-without-hand": (
        "Spiel {game}: Schneider oder Schwarz ansagen kann nur, wer Hand spielt: mit Aufnahme des Skats gibt es nur "
        "Spiel einfach, Schneider und Schwarz (SkWO 8.10).",
        "Game {game}: only a Hand game can announce Schneider or Schwarz: a game with the Skat picked up has only "
        "the levels game, Schneider and Schwarz (SkWO 8.10)."),
    "impossible.plus-and-minus": ("Spiel {game}: Wert in „+“ und „-“ zugleich.",
                                  "Game {game}: a value in both \"+\" and \"-\"."),
    # incomplete-row
    "incomplete.no-value": ("Spiel {game}: weder „+“ noch „-“ eingetragen.",
                            "Game {game}: neither \"+\" nor \"-\" written."),
    "incomplete.no-game": ("Spiel {game}: Wert ohne Spielangabe (Grundwert, Spitzen).",
                           "Game {game}: a value without the game (base value, matadors)."),
    "declarers.none": ("Spiel {game}: Wert eingetragen, aber bei keinem Spieler ein Stand.",
                       "Game {game}: a value written but no player's total."),
    # value-mismatch, single-counted-loss, overbid
    "value.plus": ("Spiel {game}: „+“ {written}, das Spiel ist aber {expected} wert.",
                   "Game {game}: \"+\" {written}, but the game is worth {expected}."),
    "value.minus": ("Spiel {game}: „-“ {written}, verloren zählt das Spiel doppelt: {expected}.",
                    "Game {game}: \"-\" {written}, a lost game counts double: {expected}."),
    "value.minus-bid": ("Spiel {game}: „-“ {written}, verloren zählt das Spiel doppelt: {expected}. War es bei "
                        "{bid} überreizt, wird nicht der Reizwert abgeschrieben, sondern das nächste Vielfache des "
                        "Grundwerts, das ihn erreicht, doppelt: {charge} (ISkO 3.6).",
                        "Game {game}: \"-\" {written}, a lost game counts double: {expected}. If it was overbid at "
                        "{bid}, not the bid is charged but the next multiple of the base value reaching it, twice: "
                        "{charge} (ISkO 3.6)."),
    "value.column": ("Spiel {game}: Wert {written} unter „+“, aber Platz {declarer} hat das Spiel als verloren "
                     "angeschrieben (sein Stand fällt um den Verlust oder sein Verl. steigt): die Zeile widerspricht "
                     "sich, es zählt die niedrigere Lesart, verloren: „-“ {expected} (SkWO 7.2.5).",
                     "Game {game}: value {written} under \"+\", but seat {declarer} entered the game as lost (his "
                     "total falls by the loss or his lost count rises): the row disagrees with itself and the lower "
                     "reading counts, lost: \"-\" {expected} (SkWO 7.2.5)."),
    "single-loss": ("Spiel {game}: verlorenes Spiel nur einfach abgeschrieben ({written} statt {expected}).",
                    "Game {game}: lost game written single ({written} instead of {expected})."),
    "single-loss-overbid": ("Spiel {game}: verlorenes Spiel nur einfach abgeschrieben ({written} statt {expected}): "
                            "{written} = {times} x {step} ist der Betrag eines überreizten Spiels (ISkO 3.6); "
                            "abgeschrieben wird er doppelt.",
                            "Game {game}: lost game written single ({written} instead of {expected}): {written} = "
                            "{times} x {step} is an overbid game's amount (ISkO 3.6), which is written off twice."),
    "overbid": ("Spiel {game}: „-“ {written} passt nur zu einem überreizten Spiel "
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
    "declarers.stray": ("Spiel {game}: auch bei Platz {stray} eingetragen, nach den Ständen spielte Platz {declarer}: "
                        "für Platz {stray} zählt das kein Spiel (die niedrigste Punktzahl, SkWO 7.2.5).",
                        "Game {game}: written at seat {stray} too, but by the totals seat {declarer} played: it counts "
                        "no game for seat {stray} (the lowest point count, SkWO 7.2.5)."),
    "declarers.several-won": ("Spiel {game}: mehrere Alleinspieler eingetragen (Platz {seats}), wer gewonnen hat, "
                              "sagen die Stände nicht: das gewonnene Spiel zählt für keinen von ihnen (die niedrigere "
                              "Lesart für jeden, SkWO 7.2.5).",
                              "Game {game}: several declarers written (seats {seats}), and the totals do not tell who "
                              "won: the won game counts for none of them (the lower reading for each, SkWO 7.2.5)."),
    "declarers.several-lost": ("Spiel {game}: mehrere Alleinspieler eingetragen (Platz {seats}): jedem bleibt der "
                               "Verlust, wie geschrieben, die anderen erhalten für das eine Spiel die {credit} einmal "
                               "(SkWO 7.2.5).",
                               "Game {game}: several declarers written (seats {seats}): each keeps the loss as "
                               "written, the others get the {credit} for the one game once (SkWO 7.2.5)."),
    "dealer": ("Spiel {game}: Platz {seat} gibt in diesem Spiel und kann nicht Alleinspieler sein.",
               "Game {game}: seat {seat} deals this game and cannot be the declarer."),
    "passed.value": ("Spiel {game}: eingepasst, aber ein Wert oder Stand eingetragen.",
                     "Game {game}: passed, yet a value or total is written."),
    "struck.value": ("Spiel {game}: gestrichen, aber ein Wert oder Stand eingetragen: zählt das Spiel oder nicht?",
                     "Game {game}: struck out, yet a value or total is written: does the game count or not?"),
    # footer
    "footer.blank": ("Der Serienabschluss (Fußzeilen) ist nicht ausgefüllt.",
                     "The series close (footer) is not filled in."),
    "footer.missing": ("Platz {seat}: {line_name} im Serienabschluss nicht eingetragen (erwartet {expected}).",
                       "Seat {seat}: {line_name} missing in the footer (expected {expected})."),
    # the line names are plural and singular ("Gesamtpunkte", "(Gew.-Verl.) x 50"): no verb that must agree with them
    "footer.wrong": ("Platz {seat}: {line_name} im Serienabschluss {written}, aus den Spielen folgt {expected}.",
                     "Seat {seat}: footer {line_name} is {written}, the games give {expected}."),
    # money
    "money.missing": ("Platz {seat}: Verlustgeld für {lost_games} fehlt (erwartet {expected_eur} EUR).",
                      "Seat {seat}: loss money for {lost_games} missing (expected {expected_eur} EUR)."),
    "money.wrong": ("Platz {seat}: Verlustgeld {written_eur} EUR, für {lost_games} sind es {expected_eur} EUR.",
                    "Seat {seat}: loss money {written_eur} EUR; for {lost_games} it is {expected_eur} EUR."),
    "money.total-missing": ("Der Gesamtbetrag des Verlustgelds fehlt (erwartet {expected_eur} EUR).",
                            "The loss money total is missing (expected {expected_eur} EUR)."),
    "money.total-wrong": ("Gesamtbetrag {written_eur} EUR, nach Spielplan ergeben die verlorenen Spiele der Liste "
                          "{expected_eur} EUR.",
                          "Loss money total {written_eur} EUR; by the schedule the list's lost games make "
                          "{expected_eur} EUR."),
    # signatures
    "signature": ("Platz {seat} hat nicht unterschrieben: ohne alle Unterschriften hat die Liste keinen Urkundenwert.",
                  "Seat {seat} did not sign: without every signature the list has no document value."),
    "signature.unrecorded": ("Die Unterschriften sind in dieser Liste nicht erfasst: ob alle unterschrieben haben "
                             "(SkWO 7.2.3), sieht die Spielleitung auf dem Papier.",
                             "The signatures are not recorded in this list: whether everybody signed (SkWO 7.2.3) "
                             "the management sees on the paper."),
    # game-count
    "count.too-many": ("Mehr Spiele ({written}) als die Serie hat ({expected}).",
                       "More games ({written}) than the series has ({expected})."),
    "count.gap": ("Zeile {game} ist leer, obwohl danach weitergespielt wurde.",
                  "Row {game} is blank although later games follow."),
    "count.open-rows": ("Serie nach {written} von {expected} Spielen beendet, Zeilen {first} bis {last} nicht "
                        "gestrichen.",
                        "Series ended after {written} of {expected} games; rows {first} to {last} are not crossed "
                        "out."),
    "count.ended-early": ("Serie nach {written} von {expected} Spielen beendet, Restzeilen gestrichen.",
                          "Series ended after {written} of {expected} games, remaining rows crossed out."),
    # reader doubts
    "unreadable": ("Zelle {cell} nicht sicher gelesen (Sicherheit {confidence} %); Kandidaten: {candidates}.",
                   "Cell {cell} not read with confidence ({confidence} %); candidates: {candidates}."),
    "unreadable.column": ("Zelle {cell}: gelesen wurde ein Wert, den diese Spalte nicht haben kann, daneben einer, "
                          "den sie haben kann; Kandidaten: {candidates}.",
                          "Cell {cell}: the best reading is a value this column cannot hold, and the reader also saw "
                          "one it can; candidates: {candidates}."),
    "unreadable.rare": ("Zelle {cell}: gelesen wurde {value} Spitzen, was selten vorkommt, daneben eine häufige Zahl; "
                        "Kandidaten: {candidates}.",
                        "Cell {cell}: the best reading is {value} matadors, which is rare, and the reader also saw a "
                        "common count; candidates: {candidates}."),
    "unreadable.matadors": ("Zelle {cell}: weder „mit“ noch „ohne“ gelesen, ein Farbspiel oder Grand hat aber eines "
                            "davon; Kandidaten: {candidates}.",
                            "Cell {cell}: neither \"mit\" nor \"ohne\" read, but a suit game or Grand has one of "
                            "them; candidates: {candidates}."),
    "unreadable.missing": ("Zelle {cell} leer gelesen, aber jede gespielte Zeile hat hier einen Eintrag (den "
                           "Grundwert; den Wert unter „+“ oder „-“; den Stand des Alleinspielers und seine Zählung, "
                           "wenn die Liste mitzählt); Kandidaten: {candidates}.",
                           "Cell {cell} read empty, but every played row has something here (the base value; the value "
                           "under \"+\" or \"-\"; the declarer's running total, and his count when the list keeps "
                           "the counts); candidates: {candidates}."),
    "unreadable.arithmetic": ("Zelle {cell} im Zweifel; unter ihren Kandidaten ({candidates}) wurde {value} "
                              "genommen, womit die Zeile aufgeht: bitte auf dem Foto prüfen.",
                              "Cell {cell} in doubt; of its candidates ({candidates}) {value} was taken, which makes "
                              "the row add up: please check it on the photo."),
    "unreadable.chain": ("Zelle {cell} im Zweifel; unter ihren Kandidaten ({candidates}) wurde {value} genommen, "
                         "womit sie zum Wert davor und zum Spielwert der Zeile passt, auch wenn die ganze Zeile nicht "
                         "aufgeht: bitte auf dem Foto prüfen.",
                         "Cell {cell} in doubt; of its candidates ({candidates}) {value} was taken, which agrees with "
                         "the figure before it and the row's value, though the whole row does not add up: please "
                         "check it on the photo."),
    "unreadable.chain-game": ("Zelle {cell} im Zweifel; unter ihren Kandidaten ({candidates}) wurde {value} genommen, "
                              "womit das Spiel der Zeile ohne die Zählungen aufgeht (Spielspalten, Wert und Stand), "
                              "auch wenn die ganze Zeile nicht aufgeht: bitte auf dem Foto prüfen.",
                              "Cell {cell} in doubt; of its candidates ({candidates}) {value} was taken, which makes "
                              "the row's game add up without its counts (game columns, value and total), though the "
                              "whole row does not: please check it on the photo."),
    "unreadable.chain-footer": ("Zelle {cell} im Zweifel; unter ihren Kandidaten ({candidates}) wurde {value} "
                                "genommen, womit diese Zeile des Abschlusses für sich aufgeht (die Spielpunkte mit dem "
                                "letzten Stand, die Prämie mit den Zählungen, die Gesamtpunkte mit den Zeilen "
                                "darüber), auch wenn der Abschluss dieses Spielers als Ganzes nicht aufgeht: bitte auf "
                                "dem Foto prüfen.",
                                "Cell {cell} in doubt; of its candidates ({candidates}) {value} was taken, which makes "
                                "this footer line agree on its own (the points with the last running total, the bonus "
                                "with the counts, the total score with the lines above), though the player's footer "
                                "as a whole does not add up: please check it on the photo."),
    "unreadable.sequence": ("Zelle {cell} im Zweifel; unter ihren Kandidaten ({candidates}) wurde {value} genommen, "
                            "der am besten zu den Ständen (bzw. Zählungen) dieses Spielers davor und danach passt: "
                            "bitte auf dem Foto prüfen.",
                            "Cell {cell} in doubt; of its candidates ({candidates}) {value} was taken, which fits this "
                            "player's running totals (or counts) before and after it best: please check it on the "
                            "photo."),
    "unreadable.schedule": ("Zelle {cell} im Zweifel; unter ihren Kandidaten ({candidates}) wurde {value} genommen: "
                            "so viel Verlustgeld sieht der Spielplan für die verlorenen Spiele dieses Spielers vor; "
                            "bitte auf dem Foto prüfen.",
                            "Cell {cell} in doubt; of its candidates ({candidates}) {value} was taken: the loss money "
                            "the tournament's schedule charges for this player's lost games; please check it on the "
                            "photo."),
    "unreadable.by-column": ("Zelle {cell} nicht sicher gelesen (Sicherheit {confidence} %); genommen wurde {value}, "
                             "der beste Kandidat, den diese Spalte haben kann; Kandidaten: {candidates}.",
                             "Cell {cell} not read with confidence ({confidence} %); {value} was taken, the best "
                             "candidate this column can hold; candidates: {candidates}."),
    "unreadable.by-tournament": ("Zelle {cell} nicht sicher gelesen (Sicherheit {confidence} %); genommen wurde "
                                 "{value}: die gelesene Start-Nr. hat in dieser Serie ein anderer Spieler, und "
                                 "{value} ist der einzige Kandidat, der in der Serie frei ist und in einer anderen "
                                 "Serie sicher gelesen wurde; bitte auf dem Foto prüfen. Kandidaten: {candidates}.",
                                 "Cell {cell} not read with confidence ({confidence} %); {value} was taken: another "
                                 "player of this series has the start number read, and {value} is the only candidate "
                                 "free in the series and read surely in another series; please check it on the photo. "
                                 "Candidates: {candidates}."),
    "unreadable.row": ("Zelle {cell} sicher gelesen (Sicherheit {confidence} %), aber die Zeile geht nicht auf, und "
                       "mit einem anderen Kandidaten ginge sie auf; Kandidaten: {candidates}.",
                       "Cell {cell} read with confidence ({confidence} %), but the row does not add up, and another "
                       "candidate would make it agree; candidates: {candidates}."),
    "unreadable.row-money": ("Zelle {cell} sicher gelesen (Sicherheit {confidence} %), aber der Spielplan verlangt für "
                             "die verlorenen Spiele einen anderen Betrag, und den hat der Leser hier auch gesehen; "
                             "Kandidaten: {candidates}.",
                             "Cell {cell} read with confidence ({confidence} %), but the schedule charges another "
                             "amount for the games lost, and the reader saw that one here too; candidates: "
                             "{candidates}."),
    "unreadable.photo": ("Zelle {cell} liegt zum Teil außerhalb des Fotos und ist darum im Zweifel (gelesen: "
                         "{value}); Kandidaten: {candidates}. Bitte auf der Liste prüfen oder die Liste ganz "
                         "fotografieren.",
                         "Cell {cell} lies partly off the photo and is in doubt (read: {value}); candidates: "
                         "{candidates}. Please check it on the list, or photograph the whole list."),
    "unreadable.hand": ("Zelle {cell} ({confidence} %) im Zweifel: diese Handschrift wird wohl verlesen (mehrere "
                        "unmögliche Grundwerte oder Matadorzahlen gelesen); Kandidaten: {candidates}.",
                        "Cell {cell} ({confidence} %) in doubt: this hand seems misread (several impossible base "
                        "values or matador counts read); candidates: {candidates}."),
    # corrections (why a figure changed)
    # home lists (004): Kontra, Re, Bock, Ramsch
    "home.re-without-kontra": ("Spiel {game}: Re ohne Kontra eingetragen: Re antwortet auf ein Kontra.",
                               "Game {game}: Re written without Kontra: Re answers a Kontra."),
    "home.ramsch-in-tournament": ("Spiel {game}: Ramsch auf einer Turnierliste: im Turnier wird kein Ramsch "
                                  "gespielt (SkWO 9.4).",
                                  "Game {game}: Ramsch on a tournament list: no Ramsch is played at a "
                                  "tournament (SkWO 9.4)."),
    "home.doubling-in-tournament": ("Spiel {game}: {what} auf einer Turnierliste: die ISkO kennt das nicht; es "
                                    "zählt nur, wenn der Veranstalter es zugelassen hat (Spielwert x {written}).",
                                    "Game {game}: {what} on a tournament list: not part of the ISkO; it counts "
                                    "only if the organiser allowed it (game value x {written})."),
    "ramsch.game-columns": ("Spiel {game}: ein Ramsch hat keinen Alleinspieler und keine Spielangabe.",
                            "Game {game}: a Ramsch has no declarer and no game columns."),
    "ramsch.kontra": ("Spiel {game}: Kontra/Re im Ramsch: ohne Alleinspieler gibt es kein Kontra.",
                      "Game {game}: Kontra/Re in a Ramsch: with no declarer there is no Kontra."),
    "ramsch.plus-and-minus": ("Spiel {game}: Ramsch mit Wert in „+“ und „-“ zugleich.",
                              "Game {game}: a Ramsch with a value in both \"+\" and \"-\"."),
    "ramsch.durchmarsch": ("Spiel {game}: ein Durchmarsch gewinnt {expected}, eingetragen {written}.",
                           "Game {game}: a Durchmarsch wins {expected}, written {written}."),
    "ramsch.loser": ("Spiel {game}: im Ramsch verliert der Verlierer seine Augen ({low} bis {high}), "
                     "eingetragen {written}.",
                     "Game {game}: in a Ramsch the loser loses his card points ({low} to {high}), "
                     "written {written}."),
    "counter.ramsch": ("Spiel {game}: ein Ramsch ist kein gewonnenes oder verlorenes Spiel, Zähler Platz "
                       "{seat} bleibt {expected} (eingetragen {written}).",
                       "Game {game}: a Ramsch is no won or lost game, seat {seat}'s count stays {expected} "
                       "(written {written})."),
    # abandoned games (003)
    "abandoned.no-rule": ("Spiel {game}: Platz {leaver} hat das Spiel verlassen; ISkO und SkWO regeln das "
                          "nicht, die Spielleitung entscheidet (Online-Regel: --online).",
                          "Game {game}: seat {leaver} left the game; neither ISkO nor SkWO rules on it, "
                          "the management decides (online rule: --online)."),
    "abandoned.gave-up": ("Spiel {game}: Platz {leaver} hat das laufende Spiel verlassen und damit "
                          "aufgegeben: das Spiel ist für den Alleinspieler {expected}.",
                          "Game {game}: seat {leaver} left the game in play and so gave it up: the game "
                          "is {expected} for the declarer."),
    "abandoned.charged-seat": ("Spiel {game}: Platz {leaver} hat das Spiel verlassen, ihm wird der verlorene "
                               "Grand abgeschrieben, nicht Platz {written}.",
                               "Game {game}: seat {leaver} left the game and is charged the lost Grand, "
                               "not seat {written}."),
    "abandoned.simple-grand": ("Spiel {game}: ein abgebrochenes Spiel zählt als einfacher Grand (Grundwert 24, "
                               "nicht Hand, Schneider oder Schwarz).",
                               "Game {game}: an abandoned game counts as a simple Grand (base 24, not Hand, "
                               "Schneider or Schwarz)."),
    "abandoned.lost": ("Spiel {game}: Platz {leaver} hat das Spiel verlassen: ihm wird ein verlorener "
                       "einfacher Grand abgeschrieben.",
                       "Game {game}: seat {leaver} left the game: he is charged a lost simple Grand."),
    "abandoned.won": ("Spiel {game}: ein Gegenspieler (Platz {leaver}) hat das Spiel vor der Ansage verlassen: "
                      "dem Alleinspieler wird ein gewonnener einfacher Grand gutgeschrieben.",
                      "Game {game}: an opponent (seat {leaver}) left the game before the announcement: the "
                      "declarer is credited a won simple Grand."),
    # penalties (002)
    "penalty.announcements": ("Strafe {entry} ({when}): {written} Ansagen, höchstens {expected} "
                              "erhöhen die Strafe.",
                              "Penalty {entry} ({when}): {written} announcements, at most "
                              "{expected} raise the penalty."),
    "penalty.unknown-offence": ("Strafe {entry} ({when}): Vergehen „{written}“ steht nicht im "
                                "Strafpunkte-Plan.",
                                "Penalty {entry} ({when}): offence \"{written}\" is not in the "
                                "penalty schedule."),
    "penalty.points": ("Strafe {entry} ({when}, Platz {seat}, {offence}): eingetragen {written}, "
                       "nach Plan {expected}.",
                       "Penalty {entry} ({when}, seat {seat}, {offence}): written {written}, "
                       "the schedule gives {expected}."),
    "correct.penalty": ("Strafpunkte nach Plan", "penalty points by the schedule"),
    "correct.plus": ("der niedrigere Wert zählt", "the lower value counts"),
    "correct.minus": ("der höhere Verlust zählt (doppelter Spielwert)",
                      "the higher loss counts (double the game value)"),
    "correct.lost-column": ("Wert unter „+“, der Alleinspieler hat verloren angeschrieben: die niedrigere Lesart "
                            "zählt, verloren (doppelter Wert)",
                            "value under \"+\", the declarer entered a loss: the lower reading counts, lost (twice "
                            "the value)"),
    "correct.several-won": ("mehrere Alleinspieler: das gewonnene Spiel zählt für keinen von ihnen",
                            "several declarers: the won game counts for none of them"),
    "correct.single-loss": ("verloren zählt doppelt", "a lost game counts double"),
    "correct.fill-plus": ("kein Wert eingetragen: der Spielwert zählt", "no value written: the game's value counts"),
    "correct.fill-minus": ("kein Wert eingetragen: verloren zählt der doppelte Spielwert",
                           "no value written: a lost game counts twice its value"),
    "correct.total": ("Stand aus vorigem Stand und Spielwert", "total from the previous total and the game"),
    "correct.carried": ("folgt aus dem berichtigten Stand davor", "follows from the corrected total before it"),
    "correct.doubt": ("unsicher gelesen: bis zur Entscheidung zählt, was die übrige Liste ergibt",
                      "read in doubt: until the referee decides, what the rest of the list gives counts"),
    "correct.not-counted": ("eingepasst oder gestrichen: das gewonnene Spiel zählt nicht",
                            "passed or struck out: the won game does not count"),
    "correct.lost-counts": ("das verlorene Spiel zählt, obwohl eingepasst oder gestrichen",
                            "the lost game counts, though marked passed or struck out"),
    "correct.penalty-follows": ("folgt aus den Strafpunkten nach Plan",
                                "follows from the penalty points by the schedule"),
    "correct.counter": ("Zähler aus den Spielen", "count from the games"),
    "correct.footer": ("die niedrigere Punktzahl zählt", "the lower score counts"),
    "correct.footer-sum": ("Summe der Zeilen darüber (die niedrigeren zählen)",
                           "sum of the lines above (the lower ones count)"),
    "correct.not-declarer": ("kein Alleinspieler in diesem Spiel: Stand darf nicht steigen",
                             "not the declarer of this game: the total cannot rise"),
    "kept.value": ("der niedrigere geschriebene Wert bleibt", "the lower written value stands"),
    "kept.total": ("der niedrigere geschriebene Stand bleibt", "the lower written total stands"),
    "kept.footer": ("die niedrigere geschriebene Zahl bleibt", "the lower written figure stands"),
    "kept.footer-lost": ("die höhere geschriebene Zahl verlorener Spiele bleibt (sie gibt weniger Punkte)",
                         "the higher written count of lost games stands (it gives fewer points)"),
    "kept.footer-sum": ("folgt aus den niedrigeren Zahlen darüber", "follows from the lower figures above it"),
    "correct.footer-fill": ("aus den Spielen berechnet", "computed from the games"),
    "correct.money": ("Verlustgeld nach Spielplan", "loss money by the schedule"),
}


def show_percent(p: float) -> int:
    """A reader's probability in whole percent, rounded down, so that a reading just below the confidence bar
    (0.8495 against 0.85) is not shown at it ("not read with confidence (85 %)").

    >>> show_percent(0.8495), show_percent(0.57), show_percent(0.9999), show_percent(1.0)
    (84, 57, 99, 100)
    """
    return math.floor(p * 100 + 1e-9)


def show_money(value, lang: str = "de") -> str:
    """An amount of money as the report's language writes it, two places: 3,50 in German, 3.50 in English.

    >>> show_money(3.5), show_money(0.5, "en"), show_money(12)
    ('3,50', '0.50', '12,00')
    """
    text = f"{value:.2f}"
    return text.replace(".", ",") if lang == "de" else text


#: The mark at a player's loss money charged for fewer lost games than his Verl. says, and its note (the terminal
#: report, the list's page and the standings): a higher written count of lost games stands for the score by the lowest
#: point count (SkWO 7.2.5), but it is no game lost, so neither the others' credit nor the loss money follows it: the
#: money is charged for the games the rows show lost, by the tournament's schedule (Spielplan, SkWO 6.2).
MONEY_APART_MARK = "‡"
MONEY_APART_NOTE = {
    "de": "‡ Betrag für weniger verlorene Spiele als Verl.: eine höhere geschriebene Zahl verlorener Spiele zählt für "
          "die Wertung (SkWO 7.2.5), das Verlustgeld (Spielplan, SkWO 6.2) wie die 40/30 der Mitspieler (SkWO 5.1) "
          "nur für die Spiele, die die Zeilen als verloren zeigen.",
    "en": "‡ Money for fewer lost games than Lost: a higher written count of lost games counts for the score "
          "(SkWO 7.2.5), the loss money (schedule, SkWO 6.2) and the others' 40/30 (SkWO 5.1) only for the games "
          "the rows show lost.",
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


OFFENCE_NAMES = {
    "de": {"minor": "geringfügiger Fehler", "severe": "schwerwiegender Fehler", "conduct": "unsportliches Verhalten",
           "other": "sonstiger Fehler"},
    "en": {"minor": "minor error", "severe": "severe error", "conduct": "unsporting conduct",
           "other": "other error"},
}


def offence_name(offence: str, lang: str = "de") -> str:
    return OFFENCE_NAMES.get(lang, OFFENCE_NAMES["de"]).get(offence, offence)


def field_name(field: str, lang: str = "de") -> str:
    """Name of a column or footer line; ``penalty.2.points`` is the second penalty entry.

    >>> field_name("penalty.2.points", "en")
    'penalty 2'
    """
    if field.startswith("penalty."):
        return ("Strafe " if lang == "de" else "penalty ") + field.split(".")[1]
    return FIELD_NAMES.get(lang, FIELD_NAMES["de"]).get(field, field)


CELL_WORDS = {"de": {"game": "Spiel", "seat": "Platz", "footer": "Fuß", "series": "Serie", "table": "Tisch",
                     "start_number": "Start-Nr.", "head": "Kopf", "penalties": "Strafen", "list": "Liste"},
              "en": {"game": "game", "seat": "seat", "footer": "footer", "series": "series", "table": "table",
                     "start_number": "start no.", "head": "head", "penalties": "penalties", "list": "list"}}


def _words(lang: str) -> dict:
    """The words naming the list's parts and cells in ``lang`` (German for a language skatscan does not write)."""
    return CELL_WORDS[lang if lang in CELL_WORDS else "de"]


def part_name(part: str, lang: str = "de") -> str:
    """The name of a part of the list ("head", "footer", "penalties", "list"): "Kopf", "Fuß", "Strafen", "Liste"."""
    return _words(lang)[part]


def game_place(game: int, lang: str = "de") -> str:
    """A game row as the referee finds it on the list: "Spiel 21"."""
    return f"{_words(lang)['game']} {game}"


def cell_label(ref: str, lang: str = "de", *, under: str = "") -> str:
    """A cell as the referee finds it on the list: "Spiel 21 · Platz 3 Stand" for ``g21.p3.total``, "Fuß · Platz 2
    Gesamtpunkte" for ``footer.score.2``, "Platz 1 Start-Nr." for ``table.start_number.1``. ``under``: the place a
    report line already stands under (:func:`game_place`, or the footer's :func:`part_name`); the label leaves it out.

    >>> cell_label("g13.ohne"), cell_label("g21.p3.total", "en"), cell_label("footer.money_total")
    ('Spiel 13 · ohne', 'game 21 · seat 3 running total', 'Fuß · Betrag gesamt')
    >>> cell_label("table.start_number.1"), cell_label("table.series"), cell_label("signature.2")
    ('Platz 1 Start-Nr.', 'Serie', 'Platz 2 Unterschrift')
    >>> cell_label("g21.p3.total", under="Spiel 21"), cell_label("g21.p3.total", under="Spiel 2")
    ('Platz 3 Stand', 'Spiel 21 · Platz 3 Stand')
    >>> cell_label("footer.score.2", "en", under="footer")
    'seat 2 total score'
    """
    place, name = _cell_parts(ref, lang)
    return f"{place} · {name}" if place and place != under else name


def _cell_parts(ref: str, lang: str) -> tuple[str, str]:
    """(the part of the list the cell's label names first, "" for none; the cell within it) of :func:`cell_label`."""
    w = _words(lang)
    if ref.startswith("table."):
        part = ref.split(".")
        return "", f"{w['seat']} {part[2]} {w['start_number']}" if len(part) == 3 else w.get(part[1], ref)
    if ref == "footer.money_total":
        return w["footer"], field_name("money_total", lang)
    game, seat, field = parse_ref(ref)
    if field == ref:
        return "", ref                  # not a cell of the list's form
    name = (f"{w['seat']} {seat} " if seat else "") + field_name(field, lang)
    if game is not None:
        return game_place(game, lang), name
    return (w["footer"] if ref.startswith("footer.") else ""), name


def penalty_when(after, lang: str = "de") -> str:
    """When a penalty was entered: "nach Spiel 5", and one entered before the first game "vor Spiel 1" (not "nach
    Spiel 0")."""
    if after == 0:
        return "vor Spiel 1" if lang == "de" else "before game 1"
    return f"nach Spiel {after}" if lang == "de" else f"after game {after}"


def render(key: str, lang: str, params: dict, *, under: str = "") -> str:
    """The sentence of message ``key`` in ``lang`` with ``params``; a cell it names is labelled by
    :func:`cell_label` (``under``: the place the sentence's report line already names, left out of the label)."""
    lang = lang if lang in LANGS else "de"
    template = T[key][LANGS.index(lang)]
    p = dict(params)
    if "line" in p:
        p["line_name"] = field_name(p["line"], lang)
    if "offence" in p:
        p["offence"] = offence_name(p["offence"], lang)
    if "after" in p:
        p["when"] = penalty_when(p["after"], lang)
    if key.startswith("money."):
        # amounts as the language writes them (3,50 EUR in a German sentence), a count of games in its number
        for k in ("written", "expected"):
            if isinstance(p.get(k), (int, float)) and not isinstance(p.get(k), bool):
                p[f"{k}_eur"] = show_money(p[k], lang)
        if isinstance(p.get("lost"), int):
            one = p["lost"] == 1
            p["lost_games"] = (f"{p['lost']} verlorene{'s Spiel' if one else ' Spiele'}" if lang == "de"
                               else f"{p['lost']} lost game{'' if one else 's'}")
    if key.startswith("abandoned.") and p.get("expected") in ("won", "lost"):
        p["expected"] = field_name(f"{p['expected']}_outcome", lang)
    # a cell as the referee finds it on the list ("Spiel 21 · Platz 3 Stand"), not its reference (g21.p3.total)
    p["cell"] = cell_label(p["cell"], lang, under=under) if p.get("cell") else ""
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
