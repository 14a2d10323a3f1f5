"""Lists typed into a spreadsheet: CSV with one row per game in the DSkV columns.

Layout (``;`` or ``,`` separated, as German spreadsheets save it; a header names the columns,
so their order is free)::

    Serie;1
    Tisch;12
    Plätze;4
    Start-Nr.;17;4;31;22
    Geber;1
    Nr;Grundwert;mit;ohne;Hand;Schneider;Schneider angesagt;Schwarz;Schwarz angesagt;offen;+;-;P1;P1 Gew;...
    1;10;2;;;;;;;;30;;;;;30;1;;...
    41;gestrichen
    Spielpunkte;421;9;275;595
    Gew.;11;9;6;8
    Verl.;1;5;0;0
    x50;500;200;300;400
    Gegenspieler;150;30;180;180
    Gesamtpunkte;1071;239;755;1175
    Betrag;0,50;3,50;;
    Betrag gesamt;4,00
    Unterschrift;ja;ja;ja;nein

Home lists (reference 004) add the columns ``Kontra``, ``Re`` (X marks), ``Bock`` (X for one
Bock round or the number of rounds) and ``Ramsch`` (X), and ``Art;Heim`` (Seeger-Fabian) or
``Art;privat`` (cent settlement). A game a player left (reference 003) has the column
``Abbruch`` holding the seat and when: ``2 Reizen``, ``2 vor Ansage``, ``2 Spiel`` (or
``bidding``, ``announcement``, ``play``). Penalty points (reference 002) are lines of their own,
anywhere after the header::

    Strafe;12;2;gering;0;1;-3;1;1        (after game 12, seat 2, minor error, 0 announcements, points per seat)

with the offence ``gering``/``minor``, ``schwer``/``severe``, ``unsportlich``/``conduct`` or
``sonstig``/``other``.

Every column of the DSkV list's games is there (:data:`FORM_COLUMNS`; a column left out would read
as empty in every row), empty where nothing is written; the seats' "Gew"/"Verl" columns and the
home lists' columns may be left out. An X mark is ``X``, ``x``, ``+``, ``ja`` or ``1``; a blank
cell or a dash is empty. Every problem raises :class:`audit.listjson.ListError` naming the line.
"""
from __future__ import annotations

import csv
import io
import re
from typing import Optional

from .listjson import LIMITS, ListError
from .model import MARK_FIELDS, Abandoned, Footer, Game, Penalty, ScoreList, SeatCells, Table

MARK_TRUE = {"x", "+", "ja", "j", "1", "yes", "y", "true", "✓", "✗"}
MARK_FALSE = {"", "-", "—", "–", "nein", "n", "0", "no", "false"}
CROSSED = {"gestrichen", "durchgestrichen", "crossed out", "crossed", "xxx"}

GAME_COLUMNS = {
    "no": ("nr", "nr.", "lfd. nr.", "lfd nr", "no", "no.", "spiel"),
    "base": ("grundwert", "gw", "base"),
    "mit": ("mit", "with"),
    "ohne": ("ohne", "without"),
    "hand": ("hand", "handspiel"),
    "schneider": ("schneider",),
    "schneider_announced": ("schneider angesagt", "schneider ang.", "schneider_announced"),
    "schwarz": ("schwarz",),
    "schwarz_announced": ("schwarz angesagt", "schwarz ang.", "schwarz_announced"),
    "ouvert": ("offen", "ouvert", "open"),
    "plus": ("+", "plus"),
    "minus": ("-", "minus"),
    "passed": ("eingepasst", "passed", "eing."),
    "crossed_out": ("gestrichen", "crossed out", "crossed_out"),
    "kontra": ("kontra", "contra"),
    "re": ("re", "rekontra"),
    "bock": ("bock",),
    "ramsch": ("ramsch",),
    "abandoned": ("abbruch", "abgebrochen", "abandoned"),
}
#: The columns of the DSkV list a typed list must have (by their names on the form): the ones that give a game its
#: value, its "+" and "-", and the passed mark. Left out, a column would read as empty in every row.
FORM_COLUMNS = {"no": "Nr", "base": "Grundwert", "mit": "mit", "ohne": "ohne", "hand": "Hand",
                "schneider": "Schneider", "schneider_announced": "Schneider angesagt", "schwarz": "Schwarz",
                "schwarz_announced": "Schwarz angesagt", "ouvert": "offen", "plus": "+", "minus": "-",
                "passed": "Eingepasst"}
PENALTY_LINE = ("strafe", "strafpunkte", "penalty")
OFFENCE_NAMES = {"minor": ("gering", "geringfügig", "geringfuegig", "minor"),
                 "severe": ("schwer", "schwerwiegend", "severe"),
                 "conduct": ("unsportlich", "unsportliches verhalten", "conduct"),
                 "other": ("sonstig", "sonstige", "other")}
WHEN_NAMES = {"bidding": ("reizen", "beim reizen", "bidding"),
              "announcement": ("vor ansage", "vor der ansage", "ansage", "announcement"),
              "play": ("spiel", "im spiel", "play")}
META = {
    "series": ("serie", "series"),
    "table": ("tisch", "table"),
    "seats": ("plätze", "plaetze", "sitze", "seats", "spieler"),
    "start_numbers": ("start-nr.", "start-nr", "startnummern", "start nr.", "start numbers", "start_numbers"),
    "first_dealer": ("geber", "erster geber", "first dealer", "first_dealer"),
    "kind": ("art", "kind"),
}
FOOTER_ROWS = {
    "points": ("spielpunkte", "a) spielpunkte", "points", "game points"),
    "won": ("gew.", "gew", "gewonnen", "won"),
    "lost": ("verl.", "verl", "verloren", "lost"),
    "bonus": ("x50", "x 50", "(gew.-verl.) x 50", "bonus"),
    "others_lost": ("gegenspieler", "verlorene spiele der gegenspieler", "others lost", "others_lost"),
    "score": ("gesamtpunkte", "gesamt", "b) gesamtpunkte", "endergebnis", "score"),
    "money": ("betrag", "money", "verlustgeld"),
    "money_total": ("betrag gesamt", "money total", "money_total", "summe betrag"),
    "signatures": ("unterschrift", "unterschriften", "signatures", "signed"),
}
_SEAT_COL = re.compile(r"^(?:p|platz\s*|seat\s*)([1-4])\s*(gew\.?|verl\.?|won|lost|stand|total)?$")


def _norm(text: str) -> str:
    return " ".join(text.strip().lower().split())


def _lookup(table: dict, text: str) -> Optional[str]:
    t = _norm(text)
    for key, names in table.items():
        if t in names:
            return key
    return None


def _int(text: str, where: str, limit: str) -> Optional[int]:
    t = text.strip().replace("−", "-").replace("–", "-").replace(" ", "")
    if t in ("", "-", "—"):
        return None
    if not re.fullmatch(r"[+-]?\d{1,9}", t):
        raise ListError(where, f'expected a whole number, got "{text.strip()[:20]}"')
    v = int(t)
    lo, hi = LIMITS[limit]
    if not lo <= v <= hi:
        raise ListError(where, f"{v} is out of range ({lo} to {hi})")
    return v


def _money(text: str, where: str) -> Optional[float]:
    t = text.strip().replace("€", "").replace("EUR", "").strip()
    if t in ("", "-", "—"):
        return None
    # euros (a dash or nothing for none: "-,50" and ",50" are 50 cents as keepers write them), then the cents
    m = re.fullmatch(r"(\d{1,6}|-|—)?(?:[,.](\d{1,2}|-|—))?", t)
    if not m or not (m.group(1) or "-").isdigit() and not (m.group(2) or "-").isdigit():
        raise ListError(where, f'expected an amount like 3,50, got "{text.strip()[:20]}"')
    cents = m.group(2)
    euros = int(m.group(1)) if (m.group(1) or "-").isdigit() else 0
    value = euros + (int(cents.ljust(2, "0")) / 100 if cents and cents.isdigit() else 0)
    return round(value, 2)


def _mark(text: str, where: str) -> bool:
    t = _norm(text)
    if t in MARK_TRUE:
        return True
    if t in MARK_FALSE:
        return False
    raise ListError(where, f'expected an X mark or nothing, got "{text.strip()[:20]}"')


def read_csv_text(text: str, source: Optional[str] = None) -> ScoreList:
    """Parse a typed list (see the module docstring)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    sample = text[:4096]
    delimiter = ";" if sample.count(";") >= sample.count(",") else ","
    rows = list(csv.reader(io.StringIO(text), delimiter=delimiter))
    meta: dict = {}
    columns: Optional[dict[str, int]] = None
    seat_cols: dict[tuple[int, str], int] = {}
    games: list[Game] = []
    footer: dict = {}
    penalties: list = []
    seats = None
    for lineno, row in enumerate(rows, start=1):
        where = f"line {lineno}"
        cells = [c.strip() for c in row]
        while cells and cells[-1] == "":
            cells.pop()
        if not cells or cells[0].startswith("#"):
            continue
        head = cells[0]
        if columns is None:
            key = _lookup(GAME_COLUMNS, head)
            if key == "no" and len(cells) > 1 and not cells[1].strip().isdigit():
                columns, seat_cols = _header(cells, where)
                seats = meta.get("seats") or max(s for s, _ in seat_cols)
                if meta.get("seats") and max(s for s, _ in seat_cols) != seats:
                    raise ListError(where, f"header has {max(s for s, _ in seat_cols)} Platz columns "
                                           f"but the list says {seats} seats")
                continue
            mkey = _lookup(META, head)
            if mkey is None:
                raise ListError(where, f'unknown line "{head[:30]}" before the header row (Nr;Grundwert;...)')
            meta[mkey] = _meta(mkey, cells[1:], where)
            continue
        if _norm(head) in PENALTY_LINE:
            penalties.append((cells[1:], where))
            continue
        fkey = _lookup(FOOTER_ROWS, head)
        if fkey is not None:
            footer[fkey] = (cells[1:], where)
            continue
        if not re.fullmatch(r"\d{1,3}", head):
            raise ListError(where, f'expected a game number or a footer line, got "{head[:30]}"')
        games.append(_game_row(cells, columns, seat_cols, seats, where))
    if columns is None:
        raise ListError("line 1", "no header row (Nr;Grundwert;mit;ohne;...;P1;...)")
    starts = meta.get("start_numbers") or []
    if len(starts) > seats:
        raise ListError("Start-Nr.", f"{len(starts)} start numbers for {seats} seats")
    first = meta.get("first_dealer") or 1
    if not 1 <= first <= seats:
        raise ListError("Geber", f"first dealer must be a seat 1 to {seats}, got {first}")
    table = Table(seats=seats, series=meta.get("series"), table=meta.get("table"),
                  start_numbers=tuple(starts) + (None,) * (seats - len(starts)),
                  first_dealer=first, kind=meta.get("kind", "tournament"))
    seen = set()
    last = 0
    for g in games:
        if g.no in seen or g.no < last:
            raise ListError(f"game {g.no}", "game numbers must rise and appear once")
        seen.add(g.no)
        last = g.no
    return ScoreList(table=table, games=tuple(games), footer=_footer(footer, seats),
                     signatures=_signatures(footer.get("signatures"), seats), source=source,
                     penalties=tuple(_penalty(c, w, seats, seen) for c, w in penalties))


def _penalty(values: list[str], where: str, seats: int, game_nos: set[int]) -> Penalty:
    """``after;seat;offence;announcements;points per seat``."""
    if len(values) < 4 + seats:
        raise ListError(where, f"a penalty line needs: after game; seat; offence; announcements; {seats} points")
    after = _int(values[0], f"{where} (after game)", "after") or 0
    if after and after not in game_nos:
        raise ListError(where, f"game {after} is not on the list (0 means before game 1)")
    seat = _int(values[1], f"{where} (seat)", "count")
    if seat is None or not 1 <= seat <= seats:
        raise ListError(where, f"the offender's seat must be 1 to {seats}")
    offence = _lookup(OFFENCE_NAMES, values[2])
    if offence is None:
        raise ListError(where, f'unknown offence "{values[2][:20]}" (gering, schwer, unsportlich, sonstig)')
    return Penalty(after=after, seat=seat, offence=offence,
                   announcements=_int(values[3], f"{where} (announcements)", "announcements") or 0,
                   points=tuple(_int(v, f"{where} (P{s + 1})", "total") for s, v in enumerate(values[4:4 + seats])))


def _abandoned(text: str, where: str, seats: int):
    t = _norm(text)
    if t in ("", "-"):
        return None
    m = re.fullmatch(r"(?:p|platz\s*)?([1-4])[\s:,]+(.+)", t)
    when = _lookup(WHEN_NAMES, m.group(2)) if m else None
    if m is None or when is None or not 1 <= int(m.group(1)) <= seats:
        raise ListError(where, f'abandoned game: expected a seat and when ("2 Reizen", "2 vor Ansage", '
                               f'"2 Spiel"), got "{text.strip()[:20]}"')
    return Abandoned(seat=int(m.group(1)), when=when)


def _bock(text: str, where: str) -> int:
    t = _norm(text)
    if t in MARK_TRUE - {"1"}:
        return 1
    if t in MARK_FALSE:
        return 0
    return _int(text, where, "bock") or 0


def _meta(key: str, values: list[str], where: str):
    if key == "start_numbers":
        return [v or None for v in values]
    value = values[0] if values else ""
    if key == "kind":
        t = _norm(value)
        if t in ("turnier", "tournament", ""):
            return "tournament"
        if t in ("privat", "private"):
            return "private"
        if t in ("heim", "home"):
            return "home"
        raise ListError(where, f'kind must be "Turnier", "Heim" or "privat", got "{value[:20]}"')
    v = _int(value, where, "count")
    if key == "seats" and v not in (3, 4):
        raise ListError(where, f"a Skat table has 3 or 4 seats, got {v}")
    return v


def _header(cells: list[str], where: str):
    columns: dict[str, int] = {}
    seat_cols: dict[tuple[int, str], int] = {}
    for i, name in enumerate(cells):
        key = _lookup(GAME_COLUMNS, name)
        if key is not None:
            columns[key] = i
            continue
        m = _SEAT_COL.match(_norm(name))
        if m:
            kind = {None: "total", "stand": "total", "total": "total", "gew": "won", "gew.": "won",
                    "won": "won", "verl": "lost", "verl.": "lost", "lost": "lost"}[m.group(2)]
            seat_cols[(int(m.group(1)), kind)] = i
            continue
        if name:
            raise ListError(where, f'unknown column "{name[:30]}"')
    if not seat_cols:
        raise ListError(where, "no Platz columns (P1, P1 Gew, P1 Verl, ...)")
    missing = [name for key, name in FORM_COLUMNS.items() if key not in columns]
    if missing:
        # a column left out reads as empty in every row: a Hand game would be a wrong "+" on paper
        raise ListError(where, f"the header lacks the column{'s' if len(missing) > 1 else ''} {', '.join(missing)}: "
                               "a typed list has every column of the DSkV list, empty where nothing is written")
    n = max(s for s, _ in seat_cols)
    if n not in (3, 4) or any((s, "total") not in seat_cols for s in range(1, n + 1)):
        raise ListError(where, "the header needs a total column for each of 3 or 4 seats (P1, P2, P3[, P4])")
    return columns, seat_cols


def _game_row(cells, columns, seat_cols, seats, where) -> Game:
    def cell(i):
        return cells[i] if i is not None and i < len(cells) else ""

    if any(_norm(c) in CROSSED for c in cells[1:]):
        return Game(no=_int(cells[0], where, "no"), crossed_out=True, players=(SeatCells(),) * seats)
    get = {k: cell(i) for k, i in columns.items()}
    players = []
    for s in range(1, seats + 1):
        players.append(SeatCells(
            total=_int(cell(seat_cols.get((s, "total"))), f"{where} (P{s})", "total"),
            won=_int(cell(seat_cols.get((s, "won"))), f"{where} (P{s} Gew.)", "count"),
            lost=_int(cell(seat_cols.get((s, "lost"))), f"{where} (P{s} Verl.)", "count")))
    marks = {m: _mark(get.get(m, ""), f"{where} ({m})") for m in MARK_FIELDS}
    return Game(no=_int(cells[0], where, "no"),
                kontra=_mark(get.get("kontra", ""), f"{where} (Kontra)"),
                re=_mark(get.get("re", ""), f"{where} (Re)"),
                bock=_bock(get.get("bock", ""), f"{where} (Bock)"),
                ramsch=_mark(get.get("ramsch", ""), f"{where} (Ramsch)"),
                abandoned=_abandoned(get.get("abandoned", ""), f"{where} (Abbruch)", seats),
                base=_int(get.get("base", ""), f"{where} (Grundwert)", "small"),
                mit=_int(get.get("mit", ""), f"{where} (mit)", "small"),
                ohne=_int(get.get("ohne", ""), f"{where} (ohne)", "small"),
                plus=_int(get.get("plus", ""), f"{where} (+)", "value"),
                minus=_int(get.get("minus", ""), f"{where} (-)", "value"),
                passed=_mark(get.get("passed", ""), f"{where} (Eingepasst)"),
                crossed_out=_mark(get.get("crossed_out", ""), f"{where} (gestrichen)"),
                players=tuple(players), **marks)


def _footer(rows: dict, seats: int) -> Footer:
    lines = {}
    for line in ("points", "won", "lost", "bonus", "others_lost", "score", "money"):
        values, where = rows.get(line, ([], ""))
        if len(values) > seats:
            raise ListError(where, f"{len(values)} figures for {seats} seats")
        values = values + [""] * (seats - len(values))
        if line == "money":
            lines[line] = tuple(_money(v, where) for v in values)
        else:
            limit = "count" if line in ("won", "lost") else "total"
            lines[line] = tuple(_int(v, where, limit) for v in values)
    total_values, where = rows.get("money_total", ([""], ""))
    if len([v for v in total_values if v.strip()]) > 1:
        # "Betrag gesamt,4,00": a decimal comma in a comma-separated file split the amount (and the players' too)
        raise ListError(where, f"{len(total_values)} figures for the one total (an amount with a decimal comma in a "
                               "file separated by commas: save it with ';' or put the amounts in quotes)")
    return Footer(**lines, money_total=_money(total_values[0] if total_values else "", where))


def _signatures(row, seats: int):
    if row is None:
        return None
    values, where = row
    values = values + [""] * (seats - len(values))
    return tuple(_mark(v, where) for v in values[:seats])


def list_to_csv(sl: ScoreList) -> str:
    """Write ``sl`` in the layout :func:`read_csv_text` reads (``;`` separated)."""
    out = io.StringIO()
    w = csv.writer(out, delimiter=";", lineterminator="\n")
    t = sl.table
    w.writerow(["Serie", t.series if t.series is not None else ""])
    w.writerow(["Tisch", t.table if t.table is not None else ""])
    w.writerow(["Plätze", t.seats])
    w.writerow(["Start-Nr.", *[s or "" for s in t.start_numbers]])
    w.writerow(["Geber", t.first_dealer])
    if t.kind != "tournament":
        w.writerow(["Art", {"private": "privat", "home": "Heim"}[t.kind]])
    home = any(g.home_rules for g in sl.games)
    abandoned = any(g.abandoned is not None for g in sl.games)
    head = ["Nr", "Grundwert", "mit", "ohne", "Hand", "Schneider", "Schneider angesagt", "Schwarz",
            "Schwarz angesagt", "offen", "+", "-"]
    for s in range(1, t.seats + 1):
        head += [f"P{s}", f"P{s} Gew", f"P{s} Verl"]
    extra = (["Kontra", "Re", "Bock", "Ramsch"] if home else []) + (["Abbruch"] if abandoned else [])
    w.writerow(head + ["Eingepasst"] + extra)
    when_names = {"bidding": "Reizen", "announcement": "vor Ansage", "play": "Spiel"}

    def num(v):
        return "" if v is None else v

    for g in sl.games:
        if g.crossed_out:
            w.writerow([g.no, "gestrichen"])
            continue
        row = [g.no, num(g.base), num(g.mit), num(g.ohne), *["X" if getattr(g, m) else "" for m in MARK_FIELDS],
               num(g.plus), num(g.minus)]
        for p in g.players:
            row += [num(p.total), num(p.won), num(p.lost)]
        row.append("X" if g.passed else "")
        if home:
            row += ["X" if g.kontra else "", "X" if g.re else "", g.bock or "", "X" if g.ramsch else ""]
        if abandoned:
            row.append("" if g.abandoned is None else f"{g.abandoned.seat} {when_names[g.abandoned.when]}")
        w.writerow(row)
    for p in sl.penalties:
        w.writerow(["Strafe", p.after, p.seat, OFFENCE_NAMES[p.offence][0], p.announcements,
                    *[num(v) for v in p.points]])
    f = sl.footer
    for name, line in (("Spielpunkte", f.points), ("Gew.", f.won), ("Verl.", f.lost), ("x50", f.bonus),
                       ("Gegenspieler", f.others_lost), ("Gesamtpunkte", f.score)):
        w.writerow([name, *[num(v) for v in line]])
    w.writerow(["Betrag", *["" if v is None else f"{v:.2f}".replace(".", ",") for v in f.money]])
    w.writerow(["Betrag gesamt", "" if f.money_total is None else f"{f.money_total:.2f}".replace(".", ",")])
    if sl.signatures is not None:
        w.writerow(["Unterschrift", *["ja" if s else "nein" for s in sl.signatures]])
    return out.getvalue()
