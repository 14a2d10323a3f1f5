"""From cell readings to a list: parse each reading by its column, use the list's own arithmetic
among the candidates of doubtful cells, and mark every doubt.

The rules (issue: "using the list's own arithmetic, honestly"; a reading doubt and an error on
paper are different things, and the reader never silently fixes a cell to make the sums work):

* a reading at or above :data:`CONFIDENCE_BAR` keeps its value, even when its row does not add up:
  a row that is wrong on paper stays wrong (the auditor's finding);
* column priors (:data:`PLAUSIBLE`: a Grundwert is 9, 10, 11, 12, 23 or 24, "mit"/"ohne" 1 to 11,
  "+" a game value and "-" a loss (:data:`GAME_VALUES`, :data:`LOSS_VALUES`), a count in row n 1 to n;
  the footer's bonus a multiple of 50, the others' losses of 30 or 40; loss money at most
  :data:`MONEY_MAX`) re-rank a cell's candidates, weigh the combinations the arithmetic tries, and
  raise a doubt; the narrow ones (:data:`PRIOR_FIELDS`) also count in the probability of a best
  reading their column can hold (:func:`_with_prior`: "23" read beside "28", no Grundwert, is surer
  than beside "24"). They never change a value read at or above the bar: a best reading the column
  cannot hold is doubtful however confident when the reader also saw a value it can hold (at least
  :data:`ALT_MIN`); read with nothing else beside it, an impossible value is what was written (the
  auditor's finding). In a suit game or Grand with neither "mit" nor "ohne" read, both matador cells
  are doubtful; several such impossible values read confidently on one list (:data:`MISREAD_HAND`)
  are all doubtful, and so is every confident figure with the digit they suggest the reader takes for
  another: they point at a hand the reader misreads, not at as many keeper mistakes; a played row's
  Grundwert read empty, and on a list that keeps the counts both counts of its declarer read empty,
  are doubtful, and there a row's arithmetic wants the declarer's count of its outcome (an empty
  count tests nothing);
* the table head (Serie, Tisch, Start-Nr.), which nothing on the list checks, has a higher bar
  (:data:`HEAD_BAR`);
* the cells that must agree, a game row (game value = "+" or twice it = "-", new total = previous
  total +/- value, count = previous count + 1) and each seat's footer (bonus = (won - lost) x 50,
  score = points + bonus + others' losses, points and counts = the seat's last row) and the table's loss
  money (the total = the players' amounts added up, :func:`_resolve_money`), are settled
  together (:func:`_settle`): among the top readings of their doubtful cells the most probable
  combination that agrees is taken; a cell whose value it changes is ``chosen_by="arithmetic"`` and
  stays doubtful; the value the arithmetic implies for a doubtful cell joins its readings when the reader,
  asked, gives it at least :data:`ASKED_MIN` (:meth:`_Cells.propose`); a row whose previous total is in doubt
  is settled together with it (:func:`_settle_with_previous`); an empty value, which no row tests, is
  never chosen for a cell read as a figure;
* a doubtful cell whose best reading its column cannot hold shows the best value it can
  (``chosen_by="column"``);
* a cell read at or above the bar but doubted by a column rule (an impossible value, a suit game
  with neither "mit" nor "ohne") whose best reading is what makes its row agree, when no other
  combination comes near (:data:`AMBIGUOUS`), is confirmed by the row and not doubtful; a reading
  below the bar stays doubtful however well its row agrees (issue 5: the row may not vouch for a
  reading the reader is unsure of: the paper may be wrong);
* in a row that agrees with no combination, a confident cell whose own runner-up (at least
  :data:`ALT_MIN`) would make it agree is marked doubtful, its reading kept, and so is one for which the
  reader, asked, gives the value the row implies at least :data:`ASKED_MIN` ("612" read "62" at 0.99,
  "612" 0.0003), and a "+" or "-" no game has when the row agrees without it (ink run over from the cell
  beside); a confident reading doubted so is never changed by the arithmetic, not even by the next row's;
* every other cell below the bar stays ``doubtful``: the auditor reports it as ``unreadable`` with
  its candidates, and the referee looks at the photo; every doubtful cell says why
  (``CellReading.reason``, :data:`audit.model.DOUBT_REASONS`).

The reader's texts: digits, ``-`` (a minus, or alone a dash: nobody played), ``,`` (money),
``X`` (a mark), ``~`` (a signature or scribble), ``#`` (a stroke of a crossed-out row), and
the empty string for an empty cell.
"""
from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from typing import Optional, Sequence

from audit.model import (MARK_FIELDS, CellReading, Footer, Game, ScoreList, SeatCells, Table, cell_ref)
from audit.listjson import LIMITS
from audit.overbid import explained_bids
from audit.values import (BID_VALUES, GRAND, MAX_LEVELS, MAX_MATADORS, NULL_VALUES, SUIT_BASES, ImpossibleGame,
                          game_value)
from digitize.reader import SIGNATURE, STRIKE, text_probability

#: Readings below this confidence are doubts (chosen with bench/bench_digitize.py).
CONFIDENCE_BAR = 0.90
#: The bar of the table head (Serie, Tisch, Start-Nr.): nothing on the list checks these figures, a wrong
#: start number gives a player's score to another, and the head's readings are surer than they are right
#: (see docs/reader.md).
HEAD_BAR = 0.98
#: Candidates of a doubtful cell that the arithmetic may choose among.
TOP_K = 4
#: At most this many doubtful cells of one row are searched together (4^4 combinations).
MAX_SEARCH = 4
#: A consistent combination must be at least this likely relative to the best reading.
MIN_RELATIVE = 1e-3
#: A cell read at or above the bar but doubted by a column rule, whose best reading makes its row add
#: up when no other combination of the row's candidates does (none at least AMBIGUOUS times as likely),
#: is confirmed by the row: taken as read and not doubtful.
AMBIGUOUS = 0.05
#: A confident cell in a row that does not add up is marked doubtful (its reading kept) when one of its
#: other candidates, at least this probable, would make the row add up.
ALT_MIN = 0.002
#: A value the arithmetic implies for a cell, put to the reader (:meth:`_Cells.propose`), counts when the reader gives
#: it at least this much: for a doubtful cell it joins the candidates the arithmetic chooses among; for a confident
#: cell of a row that agrees with nothing it puts the cell in doubt, its reading kept (a digit the reader dropped or
#: took for another leaves the right text 1e-4 to 1e-3 probable: "612" read "62" at 0.993 gave "612" 0.0003).
#: Chosen on seed 8's photos (bench/bench_bar.py's): for doubtful cells, against ALT_MIN before session 11, 1e-4 reads 0.14
#: points more exactly (41 cells wrong to right, 6 right to wrong on seeds 7 and 8, all in doubt), 3e-5 the
#: same; for confident cells 3e-4 and 1e-4 alike (false paper errors 8 -> 2), 3e-5 one fewer but one paper error
#: found fewer on seed 7.
ASKED_MIN = 1e-4
#: How many confident readings of game columns that no game can hold (a Grundwert, a matador count, a "+" or a "-"
#: outside PLAUSIBLE) make them all doubtful: one on a list is the keeper's mistake (the auditor's finding); several
#: point at a hand whose digits the reader takes for others (a 2 read as a 3 in every "23"), not at as many
#: keeper mistakes.
MISREAD_HAND = 2
#: A list with at least this many confident Gew./Verl. counts keeps the counts: there, a row whose declarer has
#: neither count read is in doubt.
COUNTING_ROWS = 3
#: Unused rows at the end of a list count as crossed out by one stroke over them when the stroke crosses at
#: least this many of their cells (a stray stroke read in one cell does not cross out a block).
STRUCK_BLOCK = 3
#: Every value a game can have (ISkO 2.3-2.5: a suit game 2 to 18 times its Grundwert, Grand 2 to 11 times, Null
#: 23, 35, 46 or 59): what "+" holds.
GAME_VALUES = frozenset({m * b for b in SUIT_BASES for m in range(2, MAX_MATADORS[b] + MAX_LEVELS + 1)}
                        | {m * GRAND for m in range(2, MAX_MATADORS[GRAND] + MAX_LEVELS + 1)}
                        | set(NULL_VALUES.values()))
#: What "-" holds: a lost game doubled, an overbid game's doubled multiple of its Grundwert up to the highest
#: bid (SkWO 7.2.4), and a game value alone (a loss written single, the keeper's mistake the auditor reports).
LOSS_VALUES = frozenset({2 * v for v in GAME_VALUES} | GAME_VALUES
                        | {2 * k * b for b in (*SUIT_BASES, GRAND) for k in range(1, max(BID_VALUES) // b + 2)})
#: What a keeper writes in these columns; a best reading outside is doubtful however confident when a
#: candidate inside was seen too.
PLAUSIBLE = {"base": frozenset({9, 10, 11, 12, 23, 24}), "mit": frozenset(range(1, 12)),
             "ohne": frozenset(range(1, 12)), "plus": GAME_VALUES, "minus": LOSS_VALUES}
#: The columns whose prior is narrow enough to count in the probability of a reading (:func:`_with_prior`): the
#: Grundwert (six values of all the figures) and the footer's bonus and others' losses (multiples of 50, of 30 or
#: 40). Not "mit"/"ohne" (1 to 11: a "1" read for an "11" is as possible; on the photos of seeds 7 and 8, 3 of the
#: 21 matador readings the prior would have lifted over the bar were wrong, none of the 256 Grundwerte and 51 footer
#: figures) nor the money (at most 30 EUR).
PRIOR_FIELDS = frozenset({"base", "bonus", "others_lost"})
#: The prior weight of a value such a column cannot hold against one it can (:func:`_with_prior`): a keeper writes
#: a Grundwert of 28 far less often than one of 23, but he does (the auditor's finding), so the prior is a mild one
#: (chosen on seed 8's photos, bench/bench_bar.py's readings: 0.3 doubts 1.1 points fewer of the written cells, every
#: wrong one as before; 0.1 another 0.8 points fewer, but a wrong cell more without doubt, a false paper error).
IMPLAUSIBLE_WEIGHT = 0.3
#: Grundwerte of the games that are played "mit" or "ohne" (all but Null).
NEEDS_MATADORS = frozenset({9, 10, 11, 12, 24})
#: The lines of a seat's footer that must agree (its loss money aside).
FOOTER_LINES = ("points", "won", "lost", "bonus", "others_lost", "score")
#: Footer lines that are multiples of a step (the loss bonus step depends on the seats).
FOOTER_STEP = {"bonus": 50}
LOSS_STEP = {3: 40, 4: 30}
#: Loss money a list holds (EUR): a player's (0.50 for each of the first three lost games and 1.00 for each
#: further one, spec rules.md section 9: twenty lost games are 18.50) and the table's; "1,00" read without
#: its comma is 100.
MONEY_MAX = {"money": 30.0, "money_total": 120.0}

NEGATIVE_OK = {"total", "points", "bonus", "score", "others_lost"}
#: Which range of audit.listjson.LIMITS a column's figures must lie in.
FIELD_LIMIT = {"base": "small", "mit": "small", "ohne": "small", "plus": "value", "minus": "value",
               "won": "count", "lost": "count", "series": "count", "table": "count", "start_number": "count"}
_GAME_REF = re.compile(r"^g(\d+)\.")
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
    #: the reader's per-step probabilities (:attr:`digitize.reader.CellResult.probs`), to ask it how probable a
    #: value its top readings lack is (:meth:`_Cells.propose`); empty from an engine without them
    probs: tuple = field(default=(), compare=False, repr=False)


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
    >>> parse("hand", "X"), parse("money", "4,-"), parse("money", "3,50"), parse("money", "350"), parse("money", "25")
    (True, 4.0, 3.5, 3.5, 25.0)
    """
    if field == "signature":
        # any ink the reader saw in the box: a signature, figures, a mark, or what it took for the stroke
        # of a crossed-out row (no row runs through a signature box; the box network reads some scribbles
        # so: on seed 7's photos two signed boxes read "#" and "" were "not signed" without a doubt)
        return bool(re.search(r"[~0-9X#]", text))
    t = text.replace("#", "")
    if field in MARK_FIELDS or field == "passed":
        if t in ("", "-"):
            return False
        return True if t in ("X", "x", "+") else _NOTHING
    if field in ("money", "money_total"):
        if t in ("", "-"):
            return None
        m = _MONEY.match(t)
        if not m:
            return _NOTHING
        cents = m.group(2)
        if cents is None and len(m.group(1)) == 3 and int(m.group(1)) > MONEY_MAX[field]:
            # "450": the comma left out, or the cents written small beside the euros ("4 50"); no list holds
            # 450 EUR
            return round(int(m.group(1)) / 100, 2)
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


def spellings(field: str, value) -> list[str]:
    """How a keeper writes ``value`` in a cell of ``field`` (each text :func:`parse` reads as it): a figure its
    digits, an amount of money with a comma ("3,50"; whole euros "4,-", "4,00" or "4"); none for a value the
    column cannot hold.

    >>> spellings("total", -94), spellings("money", 3.5), spellings("money_total", 4.0), spellings("plus", -5)
    (['-94'], ['3,50', '350'], ['4,-', '4,00', '4', '400'], [])
    >>> spellings("money_total", 1.0)                   # "100" is 100 EUR there (at most MONEY_MAX)
    ['1,-', '1,00', '1']
    """
    if field in ("money", "money_total"):
        if type(value) not in (int, float) or value < 0:
            return []
        cents = round(value * 100)
        euros, rest = divmod(cents, 100)
        texts = [f"{euros},-", f"{euros},00", f"{euros}"] if rest == 0 else [f"{euros},{rest:02d}"]
        texts.append(f"{euros}{rest:02d}")     # the comma left out (parse: when no list holds that many euros)
    elif type(value) is int:
        texts = [str(value)]
    else:
        return []
    return [t for t in texts if parse(field, t) == value]


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

    def __init__(self, reads: dict[str, CellRead], bar: float, seats: int = 4):
        self.reads = reads
        self.bar = bar
        self.value: dict[str, object] = {}
        self.dist: dict[str, list] = {}     # candidate values, best first (column priors first)
        self.read: dict[str, list] = {}     # candidate values as the reader ranked them (shown)
        #: the cells in doubt, each with why (:data:`audit.model.DOUBT_REASONS`; the first reason found)
        self.reason: dict[str, str] = {}
        self.by_arith: set[str] = set()
        #: unsure cells whose value the column prior took (not the reader's best)
        self.by_column: set[str] = set()
        #: each settled row's cells, its agreement test and whether it agreed, by its declarer's total cell
        self.row_check: dict[str, tuple] = {}
        #: values the arithmetic proposed for a cell that the reader found probable enough (see propose)
        self.proposed: dict[str, set] = {}
        #: values the arithmetic of a row that agrees with nothing implies for a confident cell, with the probability
        #: the reader gives each (see propose(sure=True)); they can only put the cell in doubt (_doubt_alternatives)
        self.implied: dict[str, list] = {}
        #: the implied value (and its probability) that put a confident cell in doubt: shown among its candidates
        self.row_implied: dict[str, tuple] = {}
        #: the column prior of each cell (see _plausible)
        self.plausible: dict = {}
        #: the probability of each cell's best value (its readings that mean the same taken together)
        self.sure: dict[str, float] = {}
        steps = dict(FOOTER_STEP, others_lost=LOSS_STEP.get(seats, 1))
        for ref, r in reads.items():
            fld = field_of(ref)
            d = _dist(r, fld)
            self.value[ref] = d[0][0] if d else _default(fld)
            # the bar applies to the value: readings that mean the same ("-", "" and "#" in a total
            # cell: none) count together
            sure = d[0][1] if d else 0.0
            if fld in MARK_FIELDS and d and d[0][0] is True and parse(fld, r.text) is not _NOTHING:
                # a mark read best is weighed against what a mark column can hold (a mark or nothing), not
                # against the digits the reader also saw in it (an X drawn like a crossed 7): on seed 8's
                # photos no empty cell was ever read as a mark, and every mark read below 0.9 was one
                sure = d[0][1] / max(sum(p for _v, p in d), 1e-12)   # an engine may give 0 (tesseract: no idea)
            plausible = _plausible(ref, fld, steps)
            if fld in PRIOR_FIELDS and plausible is not None and d and d[0][0] is not None and plausible(d[0][0]):
                sure = _with_prior(d, plausible)
            self.sure[ref] = sure
            self.read[ref] = d
            self.plausible[ref] = plausible
            if plausible is not None:
                d = _rank(d, plausible)
            self.dist[ref] = d
            if sure < (max(bar, HEAD_BAR) if ref.startswith("table.") else bar) or parse(fld, r.text) is _NOTHING:
                self.flag(ref, "bar")      # below the bar, or nothing this column can hold
                if d and d[0][0] != self.value[ref]:
                    # unsure anyway: its best value is the best the column can hold ("3,00" rather than
                    # 300 EUR read without its comma), shown as chosen by the column
                    self.value[ref] = d[0][0]
                    self.by_column.add(ref)
            elif plausible is not None and not plausible(self.value[ref]) \
                    and any(plausible(v) and p >= ALT_MIN for v, p in d):
                # the best reading is no value this column can hold while the reader also saw one it can
                # (the prior ranked the candidates that the row's arithmetic may choose among); an
                # impossible value read with nothing else beside it is what is written: the auditor's finding
                self.flag(ref, "column")
        self._doubt_misread_hand()
        #: the keeper writes the Gew./Verl. counts (:data:`COUNTING_ROWS` confident counts on the list)
        self.counting = sum(1 for ref in reads if ref.startswith("g") and field_of(ref) in ("won", "lost")
                            and self.value[ref] is not None and ref not in self.doubt) >= COUNTING_ROWS

    def _doubt_misread_hand(self) -> None:
        """Several confident game-column readings that no game can hold (:data:`MISREAD_HAND`): they are
        doubtful, and so is every confident figure on the list with a digit that, changed alone, would make
        each of them possible (the hand's 2 read as a 3 in "33" and "34" puts every 3 read in doubt)."""
        impossible = [ref for ref in self.reads if ref.startswith("g") and self.sure[ref] >= self.bar
                      and field_of(ref) in PLAUSIBLE and self.value[ref] is not None
                      and self.value[ref] not in PLAUSIBLE[field_of(ref)]]
        if len(impossible) < MISREAD_HAND:
            return
        suspect = set.intersection(*(_one_digit_off(self.value[ref], PLAUSIBLE[field_of(ref)]) for ref in impossible))
        for ref in self.reads:
            v = self.value[ref]
            if ref in impossible or (suspect and type(v) is int and suspect & set(str(abs(v)))):
                self.flag(ref, "hand")

    @property
    def doubt(self):
        """The cells in doubt (a view of :attr:`reason`'s keys)."""
        return self.reason.keys()

    def flag(self, ref, reason: str) -> None:
        """Put ``ref`` in doubt for ``reason`` (a cell keeps the first reason it was doubted for)."""
        self.reason.setdefault(ref, reason)

    def get(self, ref, default=None):
        return self.value.get(ref, default)

    def options(self, ref) -> list[tuple[object, float]]:
        """Values to try: the top candidates for a doubtful cell, the reading for a sure one."""
        if ref not in self.reads:
            return [(self.value.get(ref), 1.0)]
        if ref in self.doubt:
            extra = [c for c in self.dist[ref][TOP_K:] if c[0] in self.proposed.get(ref, ())]
            return self.dist[ref][:TOP_K] + extra or [(self.value[ref], 1.0)]
        return [(self.value[ref], 1.0)]

    def propose(self, ref, values, *, sure: bool = False) -> None:
        """Values the arithmetic implies for the doubtful cell ``ref`` that its top readings lack: the
        reader is asked how probable each one's text is in the cell (all its CTC alignments, not only those
        its beam search kept), and those at least :data:`ASKED_MIN` probable join the cell's candidates,
        as readings, for the arithmetic to choose among (the cell stays doubtful).

        ``sure``: a confident cell of a group that agrees with nothing is asked the same; the values at least
        :data:`ASKED_MIN` probable go to :attr:`implied` only, where they can put the cell in doubt
        (:func:`_doubt_alternatives`, which then shows the one that did among its candidates) but never become
        its value or a candidate the arithmetic chooses among."""
        r = self.reads.get(ref)
        if r is None or not r.probs or (ref in self.doubt) == sure:
            return
        fld = field_of(ref)
        known = dict(self.read[ref])
        wanted = [v for v in dict.fromkeys(values) if v is not None]
        texts = {v: spellings(fld, v) for v in wanted if v not in known}
        texts = {v: ts for v, ts in texts.items() if ts}
        probs = iter(text_probability(r.probs, [t for ts in texts.values() for t in ts]) if texts else ())
        # the spellings of one value mean the same ("4,-" and "4,00")
        asked = [(v, sum(next(probs) for _ in ts)) for v, ts in texts.items()]
        if sure:
            # a confident cell: a value among its readings already counts with the probability read
            self.implied[ref] = [(v, p) for v, p in [(v, known[v]) for v in wanted if v in known] + asked
                                 if p >= ASKED_MIN]
            return
        add = [(v, p) for v, p in asked if p >= ASKED_MIN]
        if add:
            self.proposed.setdefault(ref, set()).update(v for v, _ in add)
            self.read[ref] = sorted(self.read[ref] + add, key=lambda vp: -vp[1])
            plausible = self.plausible.get(ref)
            self.dist[ref] = _rank(self.read[ref], plausible) if plausible is not None else self.read[ref]

    def confirm(self, ref):
        """The row's arithmetic agrees with the best reading and with no other: not a doubt (unless the hand is
        misread: a reader that takes every 2 for a 3 can keep a row agreeing, "371" after "271" with "+100")."""
        if ref not in self.by_arith and self.reason.get(ref) != "hand":
            self.reason.pop(ref, None)

    def choose(self, ref, value):
        if ref in self.reads and value != self.value.get(ref):
            self.value[ref] = value
            self.by_arith.add(ref)
            self.reason[ref] = "arithmetic"


def _one_digit_off(value: int, possible) -> set[str]:
    """The digits of ``value`` that, changed alone, make it one of ``possible``.

    >>> sorted(_one_digit_off(33, {9, 10, 11, 12, 23, 24})), sorted(_one_digit_off(13, {10, 11, 12, 23}))
    (['3'], ['1', '3'])
    """
    text, out = str(value), set()
    for other in possible:
        o = str(other)
        if len(o) == len(text):
            diff = [i for i in range(len(text)) if text[i] != o[i]]
            if len(diff) == 1:
                out.add(text[diff[0]])
    return out


def _plausible(ref: str, field: str, steps: dict):
    """The column prior of a cell: a test of its values (None = any value), or None when there is none."""
    if ref.startswith("footer.") and field in steps:
        return lambda v, step=steps[field]: v is None or v % step == 0
    if field in PLAUSIBLE and not ref.startswith(("footer.", "table.")):
        return lambda v, ok=PLAUSIBLE[field]: v is None or v in ok
    if field in MONEY_MAX:
        return lambda v, most=MONEY_MAX[field]: v is None or v <= most
    m = _GAME_REF.match(ref)
    if m and field in ("won", "lost"):
        # a count in row n is at most n (every game before it won, or lost)
        return lambda v, most=int(m.group(1)): v is None or 1 <= v <= most
    return None


def _with_prior(dist: list[tuple[object, float]], plausible) -> float:
    """The probability of the best reading (a figure its column can hold) given the column's prior: the reader's
    probabilities with every value the column cannot hold, and the reader's mass outside its top readings,
    weighed by :data:`IMPLAUSIBLE_WEIGHT` (Bayes' rule with a prior that makes such a value that much less
    likely than one the column can hold).

    >>> base = lambda v: v is None or v in {9, 10, 11, 12, 23, 24}
    >>> round(_with_prior([(23, 0.8), (28, 0.15), (24, 0.05)], base), 4)   # 0.8 / (0.85 + 0.3 * 0.15)
    0.8939
    >>> round(_with_prior([(23, 0.8), (24, 0.15)], base), 4)                # 0.8 / (0.95 + 0.3 * 0.05)
    0.829
    """
    held = sum(p for v, p in dist if plausible(v))
    other = max(sum(p for _v, p in dist) - held, 0.0) + max(1.0 - sum(p for _v, p in dist), 0.0)
    return dist[0][1] / max(held + IMPLAUSIBLE_WEIGHT * other, 1e-12)


def _rank(dist: list[tuple[object, float]], plausible) -> list[tuple[object, float]]:
    """The candidates with the plausible values first (each group best first): a column prior re-ranks,
    it never removes a candidate."""
    return [c for c in dist if plausible(c[0])] + [c for c in dist if not plausible(c[0])]


def _default(field: str):
    if field in MARK_FIELDS or field in ("passed", "signature"):
        return False
    return None


def _row_consistent(v: dict, prev_total: int, prev_count: dict) -> bool:
    """Do the row's values agree with each other (see the module docstring)?"""
    plus, minus, total = v.get("plus"), v.get("minus"), v.get("total")
    if plus is not None and minus is not None:
        return False
    value = _value_or_none(v.get("base"), v.get("mit"), v.get("ohne"), **{m: bool(v.get(m)) for m in MARK_FIELDS})
    if value is None:
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


def _resolve_row(cells: _Cells, no: int, seats: int, prev_total: list[int], prev_counts: list[dict],
                 prev_refs: Sequence[Optional[str]] = ()) -> None:
    """Choose, among doubtful cells' candidates, the combination that makes row ``no`` add up."""
    game_refs = [cell_ref(no, f) for f in ("base", "mit", "ohne", "plus", "minus")]
    mark_refs = [cell_ref(no, m) for m in MARK_FIELDS]
    matadors = [cell_ref(no, "mit"), cell_ref(no, "ohne")]
    played = any(cells.get(cell_ref(no, f)) is not None for f in ("plus", "minus")) and \
        not cells.get(cell_ref(no, "passed"))   # a value in a passed row is the keeper's mistake
    if played and cells.get(cell_ref(no, "base")) is None and cell_ref(no, "base") in cells.reads:
        # a game with a value has a Grundwert: an empty reading there is in doubt
        cells.flag(cell_ref(no, "base"), "missing")
    if cells.get(cell_ref(no, "base")) in NEEDS_MATADORS and all(cells.get(r) is None for r in matadors):
        # a suit game or Grand is "mit" or "ohne" so many: two empty readings there are in doubt (a thin
        # "1" is what the reader misses most; if both cells are empty on paper, the referee's look
        # settles it and the auditor reports the missing matadors)
        for r in matadors:
            if r in cells.reads:
                cells.flag(r, "matadors")
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
    counts = seat_refs[1:]
    if cells.counting and played and all(cells.get(r) is None for r in counts):
        # a keeper who counts writes the declarer's new count in every played row: two empty readings there
        # are in doubt (a thin "1" is what the reader misses most; if both are empty on paper, the referee's
        # look settles it and the auditor reports the count)
        for r in counts:
            if r in cells.reads:
                cells.flag(r, "missing")
    before, counted = prev_total[s - 1], dict(prev_counts[s - 1])
    _propose_row(cells, no, s, before, counted)
    refs = [r for r in game_refs + mark_refs + seat_refs if r in cells.reads]
    # a keeper who counts writes the declarer's count of the row's outcome: an empty one does not agree
    needs_count = cells.counting and played and all(r in cells.reads for r in counts)
    loose = lambda v: _row_consistent(v, before, counted)  # noqa: E731
    check = lambda v: loose(v) and (not needs_count or _counted(v))  # noqa: E731
    prev = prev_refs[s - 1] if prev_refs else None
    with_previous = prev in cells.doubt and prev in cells.row_check and cells.sure[prev] < cells.bar
    agreed = (with_previous and _settle_with_previous(cells, no, s, refs, prev, counted)) or \
        _settle(cells, refs, check, lambda field, value: value is not None or field in ("base", "mit", "ohne"),
                open_fields=("total", "won", "lost"), loose=loose,
                ask=lambda: _propose_row(cells, no, s, before, counted, sure=True))
    cells.row_check[seat_refs[0]] = (refs, check, agreed)


def _counted(v: dict) -> bool:
    """Is the row's outcome counted: "Gew." of a row with "+", "Verl." of one with "-"?"""
    return v.get("won" if v.get("plus") is not None else "lost") is not None


def _settle_with_previous(cells: _Cells, no: int, s: int, refs: list[str], prev: str, counted: dict) -> bool:
    """Row ``no`` and the total ``prev`` it builds on, which is in doubt, settled together: each candidate of
    the previous total is tried with this row's as the total it builds on, and kept only if its own row still
    agrees with it (when it agreed with anything). A misread total breaks the row after it too ("50" read for
    450, and then "80" chosen for the "480" after "+30"). Taken (True) only when the most probable
    combination that agrees moves the previous total; else the row is settled on its own (False, nothing
    changed, no confident cell doubted or confirmed here). Not for a previous total read at or above the bar
    (doubted because its row agreed with nothing): a confident reading keeps its value."""
    prev_refs, prev_check, prev_agreed = cells.row_check[prev]
    plus, minus, total = (cells.get(cell_ref(no, f, s if f == "total" else None)) for f in ("plus", "minus", "total"))
    if total is not None:
        cells.propose(prev, [None if plus is None else total - plus, None if minus is None else total + minus])

    def consistent(v):
        v = dict(v)
        before = v.pop("previous")
        if before is None or not _row_consistent(v, before, counted):
            return False
        # its own row must still agree, if it did (a row that agrees with nothing does not hold it)
        return not prev_agreed or prev_check({field_of(r): before if r == prev else cells.get(r) for r in prev_refs})

    group = refs + [prev]
    doubtful = [r for r in group if r in cells.doubt]
    names = {r: field_of(r) for r in refs} | {prev: "previous"}
    found, top_p = _agreeing(cells, group, doubtful, names, consistent, extra=1, vacuous=("total", "won", "lost"))
    if not found or found[0][0] < MIN_RELATIVE * top_p:
        return False
    best = dict(zip(doubtful, (val for val, _ in found[0][1])))
    if best[prev] == cells.get(prev):
        return False
    for r, val in best.items():
        if val != cells.value.get(r):
            cells.choose(r, val)
    return True


def _propose_row(cells: _Cells, no: int, s: int, prev_total: int, prev_count: dict, sure: bool = False) -> None:
    """What row ``no``'s arithmetic implies for each of its doubtful cells from the others as read (declarer
    ``s``): the game value for "+", twice it for "-", the Grundwert or the matadors that give the game the value
    of "+" (or half the "-"), the previous total moved by the row's value for the total, and back, the previous
    count plus one; each goes to :meth:`_Cells.propose` (with ``sure``, for its confident cells)."""
    get = lambda f, seat=None: cells.get(cell_ref(no, f, seat))  # noqa: E731
    marks = {m: bool(get(m)) for m in MARK_FIELDS}
    value = _value_or_none(get("base"), get("mit"), get("ohne"), **marks)
    plus, minus, total = get("plus"), get("minus"), get("total", s)
    props = {"total": [], "won": [], "lost": [], "base": [], "mit": [], "ohne": []}
    written = plus if plus is not None else None if minus is None or minus % 2 else minus // 2
    if written is not None:
        props["base"] = [b for b in PLAUSIBLE["base"]
                         if _value_or_none(b, get("mit"), get("ohne"), **marks) == written]
        for f, other in (("mit", "ohne"), ("ohne", "mit")):
            props[f] = [m for m in PLAUSIBLE[f]
                        if get(other) is None and _value_or_none(get("base"), **{f: m}, **marks) == written]
    if minus is None:
        props["plus"] = [value, None if total is None else total - prev_total]
        props["total"] += [None if plus is None else prev_total + plus]
        props["won"] = [prev_count["won"] + 1]
    if plus is None:
        props["minus"] = [None if value is None else 2 * value, None if total is None else prev_total - total]
        props["total"] += [None if minus is None else prev_total - minus]
        props["lost"] = [prev_count["lost"] + 1]
    for f, values in props.items():
        cells.propose(cell_ref(no, f, s if f in ("total", "won", "lost") else None), values, sure=sure)


def _value_or_none(base, mit=None, ohne=None, **marks):
    """The game value of these columns, or None when there is no such game."""
    try:
        return game_value(base, mit, ohne, **marks)
    except ImpossibleGame:
        return None


def _settle(cells: _Cells, refs: list[str], consistent, checked, open_fields=(), *, alternatives: bool = True,
            names: Optional[dict] = None, vacuous=None, loose=None, ask=None) -> bool:
    """The honest use of a group of cells that must agree (a game row, a seat's footer), ``consistent``
    telling whether values {field: value} agree:

    * the doubtful cells' candidates are tried together; the most probable combination that agrees
      is taken (a cell whose value it changes is marked chosen by the arithmetic, and stays doubtful);
    * when that combination keeps every best reading and no other combination comes near it (less than
      AMBIGUOUS times as probable), a doubtful cell read at or above the bar (doubted by a column rule)
      whose value the check tests (``checked(field, value)``) is confirmed: the row agrees with what was
      read, and only with it; a reading below the bar stays doubtful;
    * when nothing agrees, every confident cell that one of its own other candidates would make agree
      (at least ALT_MIN probable; a doubtful cell of ``open_fields`` may then also be unchecked; by the test
      ``loose`` when given) is marked doubtful, its reading kept: a paper error stays what was written, but
      the referee looks; ``ask`` is called first, to ask the reader about the values the group implies for
      its confident cells (``propose(..., sure=True)``).
    """
    doubtful = [r for r in refs if r in cells.doubt]
    names = {r: field_of(r) for r in refs} | (names or {})
    found, top_p = _agreeing(cells, refs, doubtful, names, consistent,
                             vacuous=open_fields if vacuous is None else vacuous)
    if found is None:
        return False
    if not found:
        if alternatives:
            if ask is not None:
                ask()
            _doubt_alternatives(cells, refs, doubtful, names, loose or consistent, open_fields)
        return False
    best_p, best = found[0]
    if best_p < MIN_RELATIVE * top_p:
        return False
    # a confirmation needs the row to agree with every best reading as it stands, and with nothing near it
    unique = (len(found) == 1 or found[1][0] < AMBIGUOUS * best_p) and \
        all(val == cells.value.get(r) for r, (val, _) in zip(doubtful, best))
    for r, (val, _) in zip(doubtful, best):
        if val != cells.value.get(r):
            cells.choose(r, val)
        elif unique and checked(names[r], val) and cells.sure[r] >= cells.bar:
            cells.confirm(r)
    return True


def _agreeing(cells: _Cells, refs: list[str], doubtful: list[str], names: dict, consistent, extra: int = 0,
              vacuous=()):
    """Every combination of the doubtful cells' candidates with which ``refs`` agree, as (probability,
    combination) most probable first, and the probability of the best readings together; (None, 0) when
    there are more than :data:`MAX_SEARCH` (+ ``extra``) doubtful cells to search. The agreement does not
    test an empty value in a field of ``vacuous``, so an empty value is not tried there for a cell read as a
    figure (an empty count makes any row agree: a count read "4" at 0.89 was emptied for a row that its
    misread previous count broke)."""
    if len(doubtful) > MAX_SEARCH + extra:
        return None, 0.0
    fixed = {names[r]: cells.get(r) for r in refs if r not in doubtful}
    found = []
    top_p = 1.0
    for r in doubtful:
        top_p *= cells.options(r)[0][1]
    options = [[(v, p) for v, p in cells.options(r)
                if v is not None or names[r] not in vacuous or cells.get(r) is None] for r in doubtful]
    priors = [cells.plausible.get(r) for r in doubtful]
    for combo in itertools.product(*options):
        v = dict(fixed)
        p = 1.0
        for r, (val, prob), prior in zip(doubtful, combo, priors):
            v[names[r]] = val
            # a value its column cannot hold weighs less (the column's prior, as in _with_prior)
            p *= prob if prior is None or prior(val) else prob * IMPLAUSIBLE_WEIGHT
        if consistent(v):
            found.append((p, combo))
    found.sort(key=lambda pc: -pc[0])
    return found, top_p


def _doubt_alternatives(cells: _Cells, refs: list[str], doubtful: list[str], names: dict, consistent,
                        open_fields=()) -> None:
    """Nothing agrees: mark doubtful every confident cell that one of its own other candidates (at least
    ALT_MIN probable) or a value the reader was asked about (:attr:`_Cells.implied`), with the candidates of the
    doubtful cells, would make agree, and every "+" or "-" that no game has whose row agrees without it. Its
    reading stays."""
    fixed = {names[r]: cells.get(r) for r in refs if r not in doubtful}
    options = [cells.options(d) + ([(None, 0.0)] if names[d] in open_fields else []) for d in doubtful]
    for r in refs:
        if r in cells.doubt:
            continue
        alternatives = [(v, p) for v, p in cells.dist[r][1:TOP_K + 2] if p >= ALT_MIN] + cells.implied.get(r, [])
        plausible = cells.plausible.get(r)
        if field_of(r) in ("plus", "minus") and plausible is not None and not plausible(fixed[names[r]]):
            # a value no game has may be ink run over from the cell beside ("23" in "+" leaves a "3" in "-",
            # read at 0.998): the row without it is tried too (not in the footer: a bonus of 160 is the keeper's)
            alternatives = alternatives + [(None, 1.0)]
        for val, prob in alternatives:
            if val == fixed[names[r]]:
                continue
            trial = dict(fixed, **{names[r]: val})
            if any(consistent(dict(trial, **{names[d]: v for d, (v, _) in zip(doubtful, combo)}))
                   for combo in itertools.product(*options)):
                cells.flag(r, "row")
                if (val, prob) in cells.implied.get(r, ()):
                    cells.row_implied[r] = (val, prob)
                break


def _footer_consistent(v: dict, seats: int, last: dict) -> bool:
    """Do a seat's footer values agree with each other and with the seat's last sure row figures
    (``last``: points, won, lost)? A missing value is not checked."""
    won, lost, bonus, others, score, points = (v.get(k) for k in ("won", "lost", "bonus", "others_lost",
                                                                   "score", "points"))
    if None not in (won, lost, bonus) and bonus != (won - lost) * 50:
        return False
    if others is not None and others % LOSS_STEP.get(seats, 1):
        return False
    if None not in (points, bonus, others, score) and score != points + bonus + others:
        return False
    return all(v.get(k) is None or last.get(k) is None or v.get(k) == last[k] for k in ("points", "won", "lost"))


def _propose_footer(cells: _Cells, s: int, last: dict, sure: bool = False) -> None:
    """What seat ``s``'s footer implies for each of its doubtful cells from the others as read and from the
    seat's last sure row figures (``last``), for :meth:`_Cells.propose`: score = points + bonus + others'
    losses (solved for each of them), bonus = (won - lost) x 50, points and counts = the last row's (with
    ``sure``, for its confident cells)."""
    v = {k: cells.get(f"footer.{k}.{s}") for k in FOOTER_LINES}
    props = {k: [last.get(k)] for k in ("points", "won", "lost")}
    if v["won"] is not None and v["lost"] is not None:
        props["bonus"] = [(v["won"] - v["lost"]) * 50]
    terms = ("points", "bonus", "others_lost")
    if v["score"] is not None:
        for k in terms:
            rest = [v[t] for t in terms if t != k]
            if None not in rest:
                props.setdefault(k, []).append(v["score"] - sum(rest))
    if None not in (v[t] for t in terms):
        props["score"] = [sum(v[t] for t in terms)]
    for k, values in props.items():
        cells.propose(f"footer.{k}.{s}", values, sure=sure)


def _resolve_footer(cells: _Cells, seats: int, games: int) -> None:
    """Each seat's footer: the same honest use of its arithmetic as a game row (see :func:`_settle`)."""
    for s in range(1, seats + 1):
        last = {}
        for no in range(games, 0, -1):   # the seat's last written total and counts, when sure
            for key, fld in (("points", "total"), ("won", "won"), ("lost", "lost")):
                ref = cell_ref(no, fld, s)
                if key not in last and cells.get(ref) is not None:
                    last[key] = None if ref in cells.doubt else cells.get(ref)
        refs = [f"footer.{k}.{s}" for k in FOOTER_LINES if f"footer.{k}.{s}" in cells.reads]
        _propose_footer(cells, s, last)
        full = len(refs) == 6
        _settle(cells, refs, lambda v, last=last: _footer_consistent(v, seats, last),
                lambda field, value: full and value is not None, vacuous=FOOTER_LINES,
                ask=lambda: _propose_footer(cells, s, last, sure=True))


def _money_consistent(v: dict, refs: Sequence[str]) -> bool:
    """Does the table's loss money (``footer.money_total``, a figure) add up to the players' (an empty amount is
    none)?"""
    return abs(v["footer.money_total"] - sum(v.get(r) or 0.0 for r in refs if r != "footer.money_total")) < 0.005


def _resolve_money(cells: _Cells, seats: int) -> None:
    """The loss money: the table's total is the players' amounts added up (``footer.money_total``), settled like a
    game row (:func:`_settle`), the sum (or the total less the others) proposed to each doubtful amount first
    (:meth:`_Cells.propose`). What each player owes follows from his lost games by the tournament's schedule,
    which the list does not say: the auditor checks that."""
    refs = [r for r in (*(f"footer.money.{s}" for s in range(1, seats + 1)), "footer.money_total") if r in cells.reads]
    if "footer.money_total" not in refs or len(refs) < 2 or cells.get("footer.money_total") is None:
        return      # no total read: nothing to add up to
    if sum(r in cells.doubt for r in refs) > 1:
        # the amounts beside the signatures are the reader's weakest figures: with several in doubt, some
        # combination of poor candidates adds up (a total of 4,50 read right became 14,50 so)
        return
    _propose_money(cells, refs)
    _settle(cells, refs, lambda v: _money_consistent(v, refs), lambda field, value: True, names={r: r for r in refs},
            vacuous=refs,   # an amount read as a figure is never emptied to make the sum agree
            ask=lambda: _propose_money(cells, refs, sure=True))


def _propose_money(cells: _Cells, refs: list[str], sure: bool = False) -> None:
    """What the loss money's sum implies for each of its cells (``refs``, the table's total last) from the others
    as read: the players' amounts added up for the total, the total less the others for an amount; each goes to
    :meth:`_Cells.propose` (with ``sure``, for the confident ones)."""
    players = refs[:-1]
    amounts = {r: cells.get(r) or 0.0 for r in players}
    total = cells.get("footer.money_total")
    cells.propose("footer.money_total", [round(sum(amounts.values()), 2)], sure=sure)
    for r in players:
        rest = round(total - sum(a for o, a in amounts.items() if o != r), 2)
        cells.propose(r, [rest] if rest > 0 else [], sure=sure)


def decode(reads: Sequence[CellRead], table: Table, games: int, *, bar: float = CONFIDENCE_BAR,
           source: Optional[str] = None) -> ScoreList:
    """Build the list from the readings of every cell of the form (see the module docstring).

    ``table`` carries what is known besides the cells (seats; series, table and start numbers
    from the QR code); handwritten Serie/Tisch/Start-Nr. fill what it leaves open.
    """
    seats = table.seats
    by_ref = {r.ref: r for r in reads}
    for s in range(1, seats + 1):
        money, box = f"footer.money.{s}", f"signature.{s}"
        if money not in by_ref and box in by_ref:
            by_ref[money] = money_in_box(by_ref[box], money)
    cells = _Cells(by_ref, bar, seats)
    prev_total = [0] * seats
    prev_counts = [{"won": 0, "lost": 0} for _ in range(seats)]
    prev_refs: list[Optional[str]] = [None] * seats     # the cell each running total comes from
    rows = []
    struck = _crossed_rows(cells, games)
    for no in range(1, games + 1):
        if no in struck:
            continue
        _resolve_row(cells, no, seats, prev_total, prev_counts, prev_refs)
        players = _seat_cells(cells, no, seats)
        # the running figures the next rows build on: a seat's counts only where it played (its total is
        # written), or where it is the one seat of the row with a count (a stray reading elsewhere must
        # not break the chain)
        counted = [s for s, c in enumerate(players) if c.won is not None or c.lost is not None]
        declared = [s for s, c in enumerate(players) if c.total is not None]
        for s, c in enumerate(players):
            if c.total is not None:
                prev_total[s] = c.total
                prev_refs[s] = cell_ref(no, "total", s + 1)
            if s in declared or (not declared and counted == [s]):
                for kind in ("won", "lost"):
                    if getattr(c, kind) is not None:
                        prev_counts[s][kind] = getattr(c, kind)
    for no in range(1, games + 1):     # the rows as settled (settling a row may change the total above it)
        crossed = no in struck
        g = Game(no=no, players=tuple(_seat_cells(cells, no, seats, crossed)), crossed_out=crossed,
                 **({} if crossed else {f: cells.get(cell_ref(no, f)) for f in ("base", "mit", "ohne", "plus", "minus")}),
                 **({} if crossed else {m: bool(cells.get(cell_ref(no, m))) for m in MARK_FIELDS}),
                 passed=False if crossed else bool(cells.get(cell_ref(no, "passed"))))
        if not g.blank:
            rows.append(g)
    _resolve_footer(cells, seats, games)
    _resolve_money(cells, seats)
    footer = _footer(cells, seats)
    signatures = tuple(bool(cells.get(f"signature.{s}")) for s in range(1, seats + 1))
    table = _table(cells, table)
    readings = {}
    for ref, r in cells.reads.items():
        if _crossed_ref(ref, rows):
            continue
        # the reader's five best, and the value taken when it is further down (a value the arithmetic proposed
        # may be: the referee must find it among the candidates shown)
        shown = cells.read[ref][:5] + [(v, p) for v, p in cells.read[ref][5:] if v == cells.value.get(ref)][:1]
        if ref in cells.row_implied and cells.row_implied[ref] not in shown:
            shown.append(cells.row_implied[ref])    # the value its row implies, which put it in doubt
        readings[ref] = CellReading(
            value=cells.value.get(ref), confidence=round(float(r.confidence), 4),
            candidates=tuple((v, round(float(p), 4)) for v, p in shown),
            box=r.quad, doubtful=ref in cells.doubt, reason=cells.reason.get(ref, ""),
            chosen_by="arithmetic" if ref in cells.by_arith else "column" if ref in cells.by_column else "reader")
    return ScoreList(table=table, games=tuple(rows), footer=footer, signatures=signatures,
                     readings=readings, source=source)


def _seat_cells(cells: _Cells, no: int, seats: int, crossed: bool = False) -> list[SeatCells]:
    """Each seat's total and counts in row ``no`` as settled (nothing in a crossed-out row)."""
    return [SeatCells(*(None if crossed else cells.get(cell_ref(no, f, s)) for f in ("total", "won", "lost")))
            for s in range(1, seats + 1)]


def money_in_box(box: CellRead, ref: str) -> CellRead:
    """The loss money read from a signature box, as the reading of the money cell ``ref``.

    The DSkV form has no money row: the keeper writes each player's amount into his signature box, beside
    the signature ("3,50 ~"). The box's readings less the signature ("~") are the money cell's readings
    (those that then read alike count together), so that the amount has a confidence and a doubt of its
    own, and a money finding rests on it like on a money cell (before, the amount was taken from the
    box's best reading and no finding could be in doubt about it). The reading keeps the box's outline.
    """
    merged: dict[str, float] = {}
    for text, p in box.candidates or ((box.text, box.confidence),):
        t = text.replace(SIGNATURE, "").strip()
        merged[t] = merged.get(t, 0.0) + p
    cands = tuple(sorted(merged.items(), key=lambda tp: (-tp[1], tp[0])))
    return CellRead(ref, cands[0][0], cands[0][1], cands, box.quad)


def _crossed_rows(cells: _Cells, games: int) -> set[int]:
    """The rows crossed out: a row most of whose cells show a strike-through stroke, and the unused rows at
    the end of the list under one stroke (a diagonal or a cross over the block touches only a few cells of
    each row): from the first row with a stroke on to the last, when nothing else is written below the last
    game and the strokes cross at least :data:`STRUCK_BLOCK` cells there. Before, only rows struck through
    in most of their cells counted, and a list whose keeper crossed the unused rows out with one stroke was
    reported for leaving them open (6 of seed 8's 48 photos, every cell read right)."""
    refs: dict[int, list[str]] = {}
    for ref in cells.reads:
        m = _GAME_REF.match(ref)
        if m and 1 <= int(m.group(1)) <= games:
            refs.setdefault(int(m.group(1)), []).append(ref)
    struck = {no: sum(1 for r in rs if STRIKE in cells.reads[r].text) for no, rs in refs.items()}
    crossed = {no for no, rs in refs.items() if struck[no] >= max(3, len(rs) // 2)}
    block = []
    for no in range(games, 0, -1):
        written = any(STRIKE not in cells.reads[r].text and cells.value.get(r) not in (None, False)
                      for r in refs.get(no, ()))
        if written:
            break
        block.append(no)
    stroked = sorted(no for no in block if struck.get(no))
    if stroked and sum(struck[no] for no in stroked) >= STRUCK_BLOCK:
        crossed.update(range(stroked[0], games + 1))
    return crossed


def _crossed_ref(ref: str, rows) -> bool:
    m = _GAME_REF.match(ref)
    if not m:
        return False
    no = int(m.group(1))
    return any(g.no == no and g.crossed_out for g in rows)


def _footer(cells: _Cells, seats: int) -> Footer:
    lines = {}
    for line in ("points", "won", "lost", "bonus", "others_lost", "score", "money"):
        lines[line] = tuple(cells.get(f"footer.{line}.{s}") for s in range(1, seats + 1))
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
