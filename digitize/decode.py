"""From cell readings to a list: parse each reading by its column, use the row's own arithmetic
among the candidates of doubtful cells, and mark every doubt.

The rules (issue: "using the list's own arithmetic, honestly"):

* a reading at or above :data:`CONFIDENCE_BAR` is taken as read and never changed, even when
  its row does not add up: a row that is wrong on paper stays wrong (the auditor's finding);
* among the top readings of the cells below the bar, the combination that makes the row
  consistent (game value = "+" or twice it = "-", new total = previous total +/- value, count
  = previous count + 1) is preferred;
* every cell below the bar, and every cell whose reading the arithmetic chose, is marked
  ``doubtful``: the auditor reports it as ``unreadable`` with its candidates, and the referee
  looks at the photo.

The reader's texts: digits, ``-`` (a minus, or alone a dash: nobody played), ``,`` (money),
``X`` (a mark), ``~`` (a signature or scribble), ``#`` (a stroke of a crossed-out row), and
the empty string for an empty cell.
"""
from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import Optional, Sequence

from audit.model import (MARK_FIELDS, CellReading, Footer, Game, ScoreList, SeatCells, Table, cell_ref)
from audit.listjson import LIMITS
from audit.overbid import explained_bids
from audit.values import ImpossibleGame, game_value

#: Readings below this confidence are doubts (chosen with bench/bench_digitize.py).
CONFIDENCE_BAR = 0.90
#: Candidates of a doubtful cell that the arithmetic may choose among.
TOP_K = 3
#: At most this many doubtful cells of one row are searched together (3^5 combinations).
MAX_SEARCH = 5
#: A consistent combination must be at least this likely relative to the best reading.
MIN_RELATIVE = 1e-3

NEGATIVE_OK = {"total", "points", "bonus", "score", "others_lost"}
#: Which range of audit.listjson.LIMITS a column's figures must lie in.
FIELD_LIMIT = {"base": "small", "mit": "small", "ohne": "small", "plus": "value", "minus": "value",
               "won": "count", "lost": "count", "series": "count", "table": "count", "start_number": "count"}
_INT = re.compile(r"^-?\d{1,5}$")
_MONEY = re.compile(r"^(\d{1,3})(?:,(\d{1,2}|-))?$")


@dataclass(frozen=True)
class CellRead:
    """What an engine read in one cell: ``candidates`` are (text, probability), best first."""

    ref: str
    text: str
    confidence: float
    candidates: tuple[tuple[str, float], ...] = ()
    quad: Optional[tuple[tuple[float, float], ...]] = None


def field_of(ref: str) -> str:
    """The column of a cell reference: ``g3.p2.total`` -> ``total``, ``footer.money.2`` -> ``money``."""
    if ref.startswith("footer."):
        return ref.split(".")[1]
    if ref.startswith("signature."):
        return "signature"
    if ref.startswith("table."):
        return ref.split(".")[1]
    return ref.rsplit(".", 1)[1]


_NOTHING = object()


def parse(field: str, text: str):
    """The value of ``text`` in a cell of ``field``; :data:`_NOTHING` when it cannot be one.

    >>> parse("total", "-94"), parse("total", "-"), parse("plus", "-5") is _NOTHING
    (-94, None, True)
    >>> parse("hand", "X"), parse("money", "4,-"), parse("money", "3,50")
    (True, 4.0, 3.5)
    """
    t = text.replace("#", "")
    if field in MARK_FIELDS or field == "passed":
        if t in ("", "-"):
            return False
        return True if t in ("X", "x", "+") else _NOTHING
    if field == "signature":
        return "~" in t or bool(re.search(r"[0-9X]", t))
    if field in ("money", "money_total"):
        if t in ("", "-"):
            return None
        m = _MONEY.match(t)
        if not m:
            return _NOTHING
        cents = m.group(2)
        return round(int(m.group(1)) + (int(cents.ljust(2, "0")) / 100 if cents and cents != "-" else 0.0), 2)
    if t in ("", "-", "~"):
        return None
    if not _INT.match(t):
        return _NOTHING
    v = int(t)
    if v < 0 and field not in NEGATIVE_OK:
        return _NOTHING
    lo, hi = LIMITS[FIELD_LIMIT.get(field, "total")]
    if not lo <= v <= hi:
        return _NOTHING        # no such figure on a list (the reader's candidate is impossible)
    return v


def _dist(read: CellRead, field: str) -> list[tuple[object, float]]:
    """Parsed candidate values with probabilities (merged, best first)."""
    out: dict = {}
    cands = read.candidates or ((read.text, read.confidence),)
    for text, p in cands:
        v = parse(field, text)
        if v is _NOTHING:
            continue
        key = (type(v).__name__, v)
        out[key] = out.get(key, 0.0) + p
    return sorted(((k[1], p) for k, p in out.items()), key=lambda kv: -kv[1])


class _Cells:
    """Per-cell state: the chosen value, and whether it is in doubt."""

    def __init__(self, reads: dict[str, CellRead], bar: float):
        self.reads = reads
        self.bar = bar
        self.value: dict[str, object] = {}
        self.dist: dict[str, list] = {}
        self.doubt: set[str] = set()
        self.by_arith: set[str] = set()
        for ref, r in reads.items():
            fld = field_of(ref)
            d = _dist(r, fld)
            self.dist[ref] = d
            self.value[ref] = d[0][0] if d else _default(fld)
            if r.confidence < bar or not d or parse(fld, r.text) is _NOTHING:
                self.doubt.add(ref)

    def get(self, ref, default=None):
        return self.value.get(ref, default)

    def options(self, ref) -> list[tuple[object, float]]:
        """Values to try: the top candidates for a doubtful cell, the reading for a sure one."""
        if ref not in self.reads:
            return [(self.value.get(ref), 1.0)]
        if ref in self.doubt:
            return self.dist[ref][:TOP_K] or [(self.value[ref], 1.0)]
        return [(self.value[ref], 1.0)]

    def choose(self, ref, value):
        if ref in self.reads and value != self.value.get(ref):
            self.value[ref] = value
            self.by_arith.add(ref)
            self.doubt.add(ref)


def _default(field: str):
    if field in MARK_FIELDS or field in ("passed", "signature"):
        return False
    return None


def _row_consistent(v: dict, prev_total: int, prev_count: dict) -> bool:
    """Do the row's values agree with each other (see the module docstring)?"""
    plus, minus, total = v.get("plus"), v.get("minus"), v.get("total")
    if plus is not None and minus is not None:
        return False
    try:
        value = game_value(v.get("base"), v.get("mit"), v.get("ohne"),
                           **{m: bool(v.get(m)) for m in MARK_FIELDS})
    except ImpossibleGame:
        return False
    if plus is not None:
        ok = plus == value
        delta = plus
    elif minus is not None:
        ok = minus == 2 * value or bool(explained_bids(minus, v.get("base"), value))
        delta = -minus
    else:
        return False
    if total is not None:
        ok = ok and total == prev_total + delta
    for kind in ("won", "lost"):
        c = v.get(kind)
        if c is not None:
            ok = ok and c == prev_count[kind] + 1 and (kind == "won") == (plus is not None)
    return ok


def _resolve_row(cells: _Cells, no: int, seats: int, prev_total: list[int], prev_counts: list[dict]) -> None:
    """Choose, among doubtful cells' candidates, the combination that makes row ``no`` add up."""
    game_refs = [cell_ref(no, f) for f in ("base", "mit", "ohne", "plus", "minus")]
    mark_refs = [cell_ref(no, m) for m in MARK_FIELDS]
    # the declarer: the seat whose total cell holds a number (several: leave it to the auditor)
    seats_with_total = [s for s in range(1, seats + 1) if cells.get(cell_ref(no, "total", s)) is not None]
    if len(seats_with_total) > 1:
        return
    if not seats_with_total:
        doubtful_totals = [s for s in range(1, seats + 1) if cell_ref(no, "total", s) in cells.doubt]
        if len(doubtful_totals) != 1:
            return
        seats_with_total = doubtful_totals
    s = seats_with_total[0]
    seat_refs = [cell_ref(no, f, s) for f in ("total", "won", "lost")]
    refs = game_refs + mark_refs + seat_refs
    doubtful = [r for r in refs if r in cells.doubt and r in cells.reads]
    if not doubtful or len(doubtful) > MAX_SEARCH:
        return
    names = {r: field_of(r) for r in refs}
    fixed = {names[r]: cells.get(r) for r in refs if r not in doubtful}
    best, best_p = None, 0.0
    top_p = 1.0
    for r in doubtful:
        top_p *= cells.options(r)[0][1]
    for combo in itertools.product(*(cells.options(r) for r in doubtful)):
        p = 1.0
        v = dict(fixed)
        for r, (val, prob) in zip(doubtful, combo):
            v[names[r]] = val
            p *= prob
        if p <= best_p:
            continue
        if _row_consistent(v, prev_total[s - 1], prev_counts[s - 1]):
            best, best_p = combo, p
    if best is None or best_p < MIN_RELATIVE * top_p:
        return
    for r, (val, _) in zip(doubtful, best):
        cells.choose(r, val)


def decode(reads: Sequence[CellRead], table: Table, games: int, *, bar: float = CONFIDENCE_BAR,
           source: Optional[str] = None) -> ScoreList:
    """Build the list from the readings of every cell of the form (see the module docstring).

    ``table`` carries what is known besides the cells (seats; series, table and start numbers
    from the QR code); handwritten Serie/Tisch/Start-Nr. fill what it leaves open.
    """
    cells = _Cells({r.ref: r for r in reads}, bar)
    seats = table.seats
    prev_total = [0] * seats
    prev_counts = [{"won": 0, "lost": 0} for _ in range(seats)]
    rows = []
    for no in range(1, games + 1):
        crossed = _crossed(cells, no, seats)
        if not crossed:
            _resolve_row(cells, no, seats, prev_total, prev_counts)
        players = []
        for s in range(1, seats + 1):
            c = SeatCells(*(None if crossed else cells.get(cell_ref(no, f, s)) for f in ("total", "won", "lost")))
            players.append(c)
            if c.total is not None:
                prev_total[s - 1] = c.total
            for kind in ("won", "lost"):
                if getattr(c, kind) is not None:
                    prev_counts[s - 1][kind] = getattr(c, kind)
        g = Game(no=no, players=tuple(players), crossed_out=crossed,
                 **({} if crossed else {f: cells.get(cell_ref(no, f)) for f in ("base", "mit", "ohne", "plus", "minus")}),
                 **({} if crossed else {m: bool(cells.get(cell_ref(no, m))) for m in MARK_FIELDS}),
                 passed=False if crossed else bool(cells.get(cell_ref(no, "passed"))))
        if not g.blank:
            rows.append(g)
    footer = _footer(cells, seats)
    signatures = tuple(bool(cells.get(f"signature.{s}")) for s in range(1, seats + 1))
    table = _table(cells, table)
    readings = {}
    for ref, r in cells.reads.items():
        if _crossed_ref(ref, rows):
            continue
        readings[ref] = CellReading(
            value=cells.value.get(ref), confidence=round(float(r.confidence), 4),
            candidates=tuple((v, round(float(p), 4)) for v, p in cells.dist[ref][:5]),
            box=r.quad, doubtful=ref in cells.doubt,
            chosen_by="arithmetic" if ref in cells.by_arith else "reader")
    return ScoreList(table=table, games=tuple(rows), footer=footer, signatures=signatures,
                     readings=readings, source=source)


def _crossed(cells: _Cells, no: int, seats: int) -> bool:
    """A row is crossed out when most of its cells show a strike-through stroke."""
    refs = [r for r in cells.reads if r.startswith(f"g{no}.")]
    if not refs:
        return False
    struck = sum(1 for r in refs if "#" in cells.reads[r].text)
    return struck >= max(3, len(refs) // 2)


def _crossed_ref(ref: str, rows) -> bool:
    m = re.match(r"^g(\d+)\.", ref)
    if not m:
        return False
    no = int(m.group(1))
    return any(g.no == no and g.crossed_out for g in rows)


def _footer(cells: _Cells, seats: int) -> Footer:
    lines = {}
    for line in ("points", "won", "lost", "bonus", "others_lost", "score", "money"):
        lines[line] = tuple(cells.get(f"footer.{line}.{s}") for s in range(1, seats + 1))
    money = list(lines["money"])
    for s in range(1, seats + 1):
        # the DSkV form has no money row: a keeper writes the amount into the signature box
        ref = f"signature.{s}"
        if money[s - 1] is None and ref in cells.reads:
            text = cells.reads[ref].text.replace("~", "")
            value = parse("money", text)
            if value is not _NOTHING and value is not None:
                money[s - 1] = value
    lines["money"] = tuple(money)
    return Footer(**lines, money_total=cells.get("footer.money_total"))


def _table(cells: _Cells, table: Table) -> Table:
    from dataclasses import replace
    series = table.series if table.series is not None else cells.get("table.series")
    number = table.table if table.table is not None else cells.get("table.table")
    starts = list(table.start_numbers) or [None] * table.seats
    for s in range(1, table.seats + 1):
        if starts[s - 1] is None:
            v = cells.get(f"table.start_number.{s}")
            starts[s - 1] = None if v is None else str(v)
    return replace(table, series=series, table=number, start_numbers=tuple(starts))
