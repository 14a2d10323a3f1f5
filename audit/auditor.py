"""Audit a list: run every check, correct by the lowest score, compute the result.

>>> import random
>>> from audit.simulate import seeded
>>> faulty, _ = seeded(random.Random(1), "single-counted-loss", seats=3)
>>> a = audit(faulty)
>>> a.status, [f.code for f in a.errors]
('paper-errors', ['single-counted-loss'])
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from typing import Optional

from . import checks
from .checks.doubts import CHAIN_KEYS
from .correct import Corrected, after_doubt, chain_doubts, correct
from .findings import DOUBT, ERROR, INFO, WARNING, Finding
from .model import ScoreList, cell_ref, holdable, parse_ref, read_as
from .rows import analyse, count_tallies, totals_before, uses_counters
from .rows_in_doubt import rest_on_rows
from .score import FooterFigures, cents, from_rows
from .settings import Settings

CLEAN, PAPER_ERRORS, READING_DOUBTS = "clean", "paper-errors", "reading-doubts"


@dataclass(frozen=True)
class SeatResult:
    seat: int                       # 1-based
    start_number: Optional[str]
    points: int
    won: int
    lost: int
    others_lost: int                # points credited for the others' lost games
    score: int
    money: float
    cents: Optional[int] = None     # private lists: Endzahlsummenverfahren
    penalty: int = 0                # penalty points in ``points`` (reference 002), after correction
    #: the lost games ``money`` is charged for: the rows' count, fewer than ``lost`` where a higher written Verl. stands
    #: for the score (SkWO 7.2.5 takes the lowest point count; loss money is charged per game lost, Spielplan SkWO 6.2)
    charged_lost: Optional[int] = None
    #: the money the schedule charges for ``lost`` (None: not worked out): where it is ``money`` (``--loss-money 0``,
    #: or a flat rate past the counts) the fewer games charged make no difference to mark
    money_for_lost: Optional[float] = None

    @property
    def money_apart(self) -> bool:
        """Whether ``money`` is charged for fewer lost games than ``lost`` says (a higher written Verl. kept) and
        so is less than the schedule charges for ``lost``."""
        return self.charged_lost is not None and self.charged_lost != self.lost \
            and (self.money_for_lost is None or self.money_for_lost != self.money)


@dataclass(frozen=True)
class Audit:
    sl: ScoreList
    findings: tuple[Finding, ...]
    corrected: Corrected
    result: tuple[SeatResult, ...]

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == ERROR and not f.doubtful]

    @property
    def doubts(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == DOUBT or (f.doubtful and f.severity != INFO)]

    @property
    def status(self) -> str:
        """clean / paper-errors / reading-doubts: what the referee has to do with this list.

        Reading doubts come first: until they are settled, an error may be a misreading.
        """
        if self.doubts:
            return READING_DOUBTS
        if self.errors:
            return PAPER_ERRORS
        return CLEAN

    @property
    def statuses(self) -> tuple[str, ...]:
        """What the referee has to do, for the words shown: :attr:`status`, and :data:`PAPER_ERRORS` beside
        :data:`READING_DOUBTS` where the list has errors on paper that no doubt touches as well (an index that said
        only "reading doubts" hid them; review of session 53)."""
        if self.status == READING_DOUBTS and self.errors:
            return READING_DOUBTS, PAPER_ERRORS
        return (self.status,)

    @property
    def warnings(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == WARNING and not f.doubtful]


def _severity_rank(f: Finding) -> int:
    return (ERROR, WARNING, DOUBT, INFO).index(f.severity)


class CorrectedFigures:
    """A correction of a list as a check compares a figure with it: its rows, each as (the row, the seats' totals
    before it as the correction has them), and the footer its rows give; each worked out when first asked for."""

    def __init__(self, make):
        self._make = make

    @cached_property
    def corrected(self) -> Corrected:
        return self._make()

    @cached_property
    def sl(self) -> ScoreList:
        return self.corrected.sl

    @cached_property
    def changed(self) -> frozenset:
        """The cells the correction changed."""
        return frozenset(c.cell for c in self.corrected.corrections)

    @cached_property
    def rows(self) -> list:
        return list(zip(self.sl.games, totals_before(self.sl)))

    @cached_property
    def footer(self) -> FooterFigures:
        return from_rows(analyse(self.sl), self.sl.seats)


def run_checks(sl: ScoreList, settings: Settings, facts=None, corrected: Optional[Corrected] = None,
               strict: bool = False) -> list[Finding]:
    """The findings of every check on ``sl`` (``facts``: its rows' facts; ``corrected``: its correction, worked out
    here only if a check asks for the corrected list's figures). ``strict``: a running figure or footer figure is no
    error only where it follows from the written figures before it, never for equalling what the correction gives
    (:mod:`digitize.confirm` asks so: a misreading that lands on the corrected figure confirms nothing)."""
    facts = analyse(sl) if facts is None else facts
    counters = uses_counters(sl)
    found: list[Finding] = []
    memo: dict = {}
    others: dict = {}               # (cell in doubt, another candidate) -> the list's correction with it so read
    undecided: set[str] = set()     # figures whose finding a doubt before them decides (came_back)
    unsettled: dict = {}            # figures that came back under neither reading: (written, figure) for the others
    doubtful = sl.doubtful_cells()
    fixed = {ref for ref, st in sl.settled.items() if not st.reading}
    lowest = CorrectedFigures(lambda: corrected or correct(sl, facts, settings))
    as_read = CorrectedFigures(lambda: _correct_as_written(sl, settings))

    def chains(key: str, marked) -> list:
        if key not in memo:
            memo[key] = chain_doubts(facts, frozenset(marked()), sl.seats, sl.penalties)
        return memo[key]

    def overruled() -> set:
        """The figures the management fixed that the correction does not keep as they stand (one it keeps, fixed at
        its written figure, changes no chain)."""
        return fixed & lowest.changed

    def came_back(ref: str, written, figure) -> bool:
        """Whether ``written``, the figure at ``ref`` (a running total or count, a footer line) that does not follow
        from the written figure before it, is no error for being what the correction gives there (``figure``: a
        :class:`CorrectedFigures`' figure at ``ref``, which may be asked again once the check has moved on: it binds
        the row and seat it reads): the keeper came back to the right figure. Never if ``strict``
        or after a figure the management fixed, and the correction does not keep, in its chain
        (:func:`~audit.correct.chain_doubts`: the seat's figures and the values of his games before its row, for a
        footer line the chains it follows from, and the seat's penalty points). On a list with cells read in doubt,
        only where every reading of them gives the same answer: the correction that takes them as the rest of the list
        gives them, the one that takes them as written, and those that take one cell before ``ref`` (any, for a footer
        line) as another of its candidates, as the referee may read it; where they differ, the finding is the doubt's
        to tell (24, 38 read in doubt as 38 or 48, then 72: 38 as written gives 62, and 72 is a doubtful finding; 24,
        58 in doubt, 72: both give 72, no finding; 24 in doubt as 24 or 14, 48, 62: 14 gives 62, a doubtful finding,
        not a sure one). The other candidates are tried only for a figure the first two readings leave a finding (its
        finding is told in doubt if one of them gives it: :func:`comes_back_as_read_otherwise`), not for one they both
        give, nor two doubts read otherwise together."""
        if strict or fixed and after_doubt(ref, chains("fixed", overruled)):
            return False
        back = written == figure(lowest)
        if doubtful and back != (written == figure(as_read)):
            undecided.add(ref)
            return False
        if doubtful and not back:
            unsettled[ref] = (written, figure)
        return back

    def comes_back_as_read_otherwise(ref: str) -> bool:
        """Whether the figure at ``ref``, which came back under neither reading of the doubts (its finding otherwise
        sure), comes back to the correction with one cell read in doubt before it read as another of its candidates
        (:func:`readings_before`): then its finding is the doubt's to tell. Asked only for a finding no doubt of its
        own cells makes doubtful already (each such correction costs as much as the audit). At most
        :data:`MAX_OTHER_READINGS` such corrections are worked out on a list; the readings past them are not tried,
        and the finding stays as the two readings above left it (a list with a hundred cells in doubt, a photo to take
        again, took a quarter of a second more to audit; told in doubt instead, the keeper's slips on the sample
        skatscan-4-errors.jpg, 28 cells in doubt, were shown as doubts)."""
        written, figure = unsettled[ref]
        try:
            return any(written == figure(other) for other in readings_before(ref))
        except _TooManyReadings:
            return False

    def in_chain(cell: str, ref: str) -> bool:
        """Whether the figure ``ref`` may follow from ``cell`` read otherwise: ``ref`` follows from a seat's chain that
        the cell is in (:func:`~audit.correct.chain_doubts` of that cell alone, :func:`~audit.correct.after_doubt`), or
        the cell lies in a row the seat of ``ref`` took, where another seat's figure read otherwise may make the row
        one several seats took; for a footer line any cell (which rows a seat took, and so his counts, another seat's
        figure read otherwise may change). A running figure's cell in neither changes no correction of it."""
        key = ("chain", cell)
        if key not in memo:
            memo[key] = chain_doubts(facts, frozenset((cell,)), sl.seats, sl.penalties)
        if after_doubt(ref, memo[key]):
            return True
        game, seat, fld = parse_ref(ref)
        if game is None or seat is None:
            return True     # a footer line: which rows the seats took, and so their counts, any cell may change
        row, _, _ = parse_ref(cell)
        return row is not None and any(f.game.no == row and seat - 1 in f.declarers for f in facts)

    def readings_before(ref: str):
        """The corrections of the list with one cell read in doubt before the figure ``ref`` (in a row before its
        row, a penalty entered before it; any, for a footer line), in a chain ``ref`` follows from, read as one of its
        other candidates that its cell can hold (a figure, a mark; a text in a hand-written list's candidates is
        none), as the referee may read it (each made when first asked for)."""
        game, _, _ = parse_ref(ref)
        for cell in sorted(doubtful):
            if game is not None and not _before(cell, game, sl) or not in_chain(cell, ref):
                continue
            reading = sl.readings[cell]
            for value, _ in reading.candidates:
                if value == reading.value or not holdable(cell, value):
                    continue
                key = (cell, value)
                if key not in others:
                    if len(others) >= MAX_OTHER_READINGS:
                        raise _TooManyReadings
                    others[key] = CorrectedFigures(lambda cell=cell, value=value: _correct_read_as(
                        sl, cell, value, settings))
                yield others[key]

    # the rows' counts with each reading of a count read in doubt, worked out once for the footer's and the money's
    # checks (each reading is the rows analysed again); a blank footer they leave to its one finding
    tallies = {} if sl.footer.blank else count_tallies(sl, facts, frozenset(doubtful))
    for module in checks.ALL:
        found.extend(module.check(facts, sl=sl, settings=settings, counters=counters, came_back=came_back,
                                  tallies=tallies))
    found = _rows_that_add_up(found)
    if doubtful:
        found = [_on_passed_marks(f, sl, facts) for f in found]

    def rests_on_doubt(f: Finding) -> bool:
        return any(c in doubtful and not (c in f.presence and sl.readings[c].holds_a_figure) for c in f.cells)
    if doubtful and not strict:
        # a footer or money finding rests on the figures read in doubt one of whose readings makes it go (not for the
        # reader's confirmation, strict: a row that adds up is not contradicted by a footer finding resting on it)
        found = rest_on_rows(found, sl, settings, lambda f: f.cells[0] not in undecided and not rests_on_doubt(f),
                             facts)
    out = []
    for f in found:
        if f.cells and f.code != "unreadable":
            settled = sl.settled.get(f.cells[0])
            if settled is not None and not settled.reading and settled.value == f.written:
                continue        # a figure the management fixed (a referee's reading is checked as written)
            if f.cells[0] in undecided or doubtful and rests_on_doubt(f) \
                    or f.cells[0] in unsettled and comes_back_as_read_otherwise(f.cells[0]):
                f = replace(f, doubtful=True)
        out.append(f)
    out.sort(key=lambda f: (f.game is None, f.game or 0, (f.seat or 0) if f.game is not None else 0))
    return out


#: The most corrections with one cell read in doubt read otherwise that one audit works out (:func:`run_checks`'
#: ``comes_back_as_read_otherwise``): each costs as much as the audit itself.
MAX_OTHER_READINGS = 24


class _TooManyReadings(Exception):
    """More than :data:`MAX_OTHER_READINGS` corrections would be needed to tell a figure's finding sure."""


def _correct_as_written(sl: ScoreList, settings: Settings) -> Corrected:
    """The correction of ``sl`` with its cells read in doubt taken as written figures."""
    unread = replace(sl, readings={})
    return correct(unread, analyse(unread), settings)


def _before(cell: str, game: int, sl: ScoreList) -> bool:
    """Whether ``cell`` lies before game ``game``'s row: in a row before it, or a penalty entered before it."""
    if cell.startswith("penalty."):
        k = int(cell.split(".")[1])
        return 0 < k <= len(sl.penalties) and sl.penalties[k - 1].after < game
    no, _, _ = parse_ref(cell)
    return no is not None and no < game


def _correct_read_as(sl: ScoreList, ref: str, value, settings: Settings) -> Corrected:
    """The correction of ``sl`` with the cell ``ref``, read in doubt, read as ``value`` by the referee (the figure in
    the cell, its doubt lifted, as desk.settle applies a reading)."""
    read = read_as(sl, ref, value)
    return correct(read, analyse(read), settings)


#: The findings about a game row that the passed-game marks turn (read X, a row is a passed game: no declarer's outcome,
#: no game value checked, no count, a total that is a passed row's figure and moves no correction; read empty, the
#: other way round): by code, and by key where a code's other keys do not depend on them (an abandoned game's rule, a
#: Grand charged or a seat charged, the home rules: the same either way; a struck row's figures are "passed-game"
#: either way). The game count's findings depend on the marks of rows that hold nothing else (:func:`_on_passed_marks`).
TURNED_BY_PASSED = frozenset({"value-mismatch", "impossible-value", "incomplete-row", "single-counted-loss",
                              "several-declarers", "dealer-declared", "counter", "running-total", "ramsch"})
TURNED_BY_PASSED_KEYS = frozenset({"abandoned.gave-up", "abandoned.lost", "abandoned.won"})
#: Of those, the findings that follow from the seat's rows before their own, by the figures he wrote there (his
#: running total from his totals, his counts from his counts and the outcomes his totals tell, the fall a lost game in
#: the "+" column is told by from his totals and Verl., and from his Gew., whose rise says won beside a fall by the
#: value once: audit.rows._says_lost): the marks of those rows turn them too.
FOLLOWS_EARLIER = {"running-total": ("total",), "counter": ("total", "won", "lost"),
                   "value.column": ("total", "won", "lost")}


def _on_passed_marks(f: Finding, sl: ScoreList, facts) -> Finding:
    """``f`` resting also on the passed-game marks read in doubt (with another reading their cells can hold) that
    may turn it: for a finding about a game row whose check the mark turns (:data:`TURNED_BY_PASSED`), its row's
    mark, and for one that follows from the rows before it (:data:`FOLLOWS_EARLIER`) the marks of those where its
    seat (or the row's one declarer) wrote the figures it follows from (read X, such a row is a passed game or one
    played, and the check goes another way: a "+" that is no game's value, a row without a value, two declarers, a
    count; a fall after a total that is then a passed row's figure, which moves no correction); for the game count's
    findings, the marks of rows that hold nothing else (read empty, such a row is blank, and the list's last used
    row, its gaps and open rows move). The doubt property's sweep (bench/bench_doubts.py) found 13 sure findings in
    4,000 lists that went when the referee read the row's own mark, and two reviews the others. Other findings are
    left as they are (a footer's or the money's rest on the rows by :mod:`audit.rows_in_doubt`)."""
    if f.game is None:
        return f
    if f.code == "game-count":
        rows = [g.no for g in sl.games if _read_otherwise(sl, cell_ref(g.no, "passed"))
                and replace(g, passed=not g.passed).blank != g.blank]
    elif f.code in TURNED_BY_PASSED or f.key in TURNED_BY_PASSED_KEYS:
        rows = [f.game]
        fields = FOLLOWS_EARLIER.get(f.code, FOLLOWS_EARLIER.get(f.key, ()))
        if fields:
            declarer = next((r.declarer for r in facts if r.game.no == f.game), None)
            seats = {f.seat - 1} if f.seat is not None else set() if declarer is None else {declarer}
            rows += [h.no for h in sl.games[:max(f.game - 1, 0)]
                     if any(getattr(h.players[s], fld) is not None for s in seats if s < len(h.players)
                            for fld in fields)]
    else:
        return f
    marks = tuple(ref for ref in (cell_ref(no, "passed") for no in sorted(set(rows)))
                  if ref not in f.cells and _read_otherwise(sl, ref))
    return replace(f, cells=(*f.cells, *marks)) if marks else f


def _read_otherwise(sl: ScoreList, ref: str) -> bool:
    """Whether the mark ``ref`` is read in doubt with a candidate of the other truth (None and False: no mark)."""
    reading = sl.readings.get(ref)
    return reading is not None and reading.doubtful and any(
        bool(value) != bool(reading.value) and holdable(ref, value) for value, _ in reading.candidates)


def _rows_that_add_up(found: list[Finding]) -> list[Finding]:
    """``found`` with the doubt about a row's cell that one of the row's relations chose (reason "chain": its total
    and the value before it, its game without the counts; a seat's footer line) told as a choice that makes the row add
    up, where no finding but doubts is left on that row (that seat's footer): the relation's message says "though the
    whole row does not add up", which the row, as the list now holds it, does (a confident reading below KEEP_BAR taken
    so, seed 7's 7009; a footer's score taken from its sum, seed 10's 10000)."""
    kept = [f for f in found if f.code != "unreadable" and f.severity != INFO]
    rows = {f.game for f in kept if f.game is not None}
    footers = {f.seat for f in kept if f.game is None and f.seat is not None}

    def adds_up(f: Finding) -> bool:
        if f.game is not None:
            return f.game not in rows
        return f.seat is not None and f.seat not in footers and bool(f.cells) \
            and all(c.startswith("footer.") for c in f.cells)

    return [replace(f, key="unreadable.arithmetic") if f.key in CHAIN_KEYS and adds_up(f) else f
            for f in found]


def audit(sl: ScoreList, settings: Settings = Settings()) -> Audit:
    """Audit ``sl``: findings, corrected list, corrections and per-seat result."""
    facts = analyse(sl)
    corrected = correct(sl, facts, settings)
    findings = run_checks(sl, settings, facts, corrected)
    fig = corrected.footer
    starts = sl.table.start_numbers
    settle = cents(fig.points) if sl.table.kind == "private" else [None] * sl.seats
    penalty = [sum(p.points[s] or 0 for p in corrected.sl.penalties) for s in range(sl.seats)]
    result = tuple(
        SeatResult(seat=s + 1, start_number=starts[s] if s < len(starts) else None,
                   points=fig.points[s], won=fig.won[s], lost=fig.lost[s],
                   others_lost=fig.others_lost[s], score=fig.score[s], money=corrected.money[s],
                   cents=settle[s], penalty=penalty[s],
                   charged_lost=corrected.charged_lost[s] if corrected.charged_lost else None,
                   money_for_lost=float(settings.money_for(fig.lost[s])) if fig.lost[s] is not None else None)
        for s in range(sl.seats))
    return Audit(sl, tuple(findings), corrected, result)
