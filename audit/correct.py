"""The lowest-score correction of a faulty list (SkWO 7.2.5, rules.md section 10).

Where the written facts of a row disagree, the reading that gives the lowest points counts:

* a won game counts the lower of its "+" entry and the value of its game columns;
* a lost game counts the higher of its "-" entry and twice the value of its game columns
  (a single-counted loss counts double, an overbid's charge written single too: "-" 27 for a Karo
  mit 1 counts 54, as the auditor's finding says; an overbid loss stands as written);
* a value under "+" while the declarer's own figures not read in doubt say lost (his total falls by the game's
  loss, his Verl. rises by one beside a total that did not rise, against his figures before it as corrected;
  after penalty points the total says nothing): lost, as with a "+" and a "-" both
  written, the value written or the columns' (the higher) twice, a "+" a lost game's "-" would be once (the loss
  itself, unless the total fell by twice it);
  provisional where only a "+" or game column read in doubt makes it lost;
* a running total: the lower of the written total and the one recomputed from the corrected total
  before it and the row's value that counts, and every later total follows from it. Each
  disagreement is charged once: a total that follows a "+" written too high is not lowered again
  by the slip the "+" was already corrected for, and a total written right after one written too
  high counts as written;
* a game several seats took where the totals do not tell the declarer (one row is one game): a win counts for
  none of them (each by his lower reading, as in a passed or struck row), a loss for each as written; the others'
  40 or 30 for a lost game once a row, and not to a seat that lost it;
* where the totals tell the declarer, another seat's figures in his row that take a game there (a Gew. rising, a
  Verl. beside a total that did not fall) are that seat's slip: no game for him, his later counts follow from the
  corrected ones; a loss his total shows falling stays his, but beside the declarer's win credits no one the 40 or 30;
* a footer figure that disagrees with the (corrected) rows: the lower score counts;
* a passed or struck row that carries a game counts as a whole by the lower reading: a won game not
  at all, with every figure in the row, a lost one as a lost game ("-" written: lost; "+", 0 too:
  won, unless the declarer's own figures say lost as for a played row; neither: the declarer's total's change says
  which);
* a penalty the schedule changes (``--penalties``): a written total or footer figure is compared as
  if the keeper had entered the schedule's points, unless his figures already follow the schedule
  (the higher of the two readings, :func:`_with_penalties`): the change is neither taken back nor
  charged twice.

A figure read in doubt from a photo (``ScoreList.readings``) is no written figure here: a reading doubt is no
error on paper, so it never stands as "the lower written figure". Until the referee decides, what the rest of the
list gives counts (a footer line its rows' figure, a running total the one recomputed, a "+" or "-" beside game
columns read surely their value; game columns in doubt beside a sure "+" or "-", the entry), and the change says
so (``correct.doubt``); the player stands provisionally. (Before: a score read "33" at 12 % beside rows that give
599 stood as the lower figure and set the standings.)

The result is a new list plus one :class:`Correction` per changed cell. Where the lower
figure is a written one that the rules would not give (a "+" below the game value, a total
that lost points on the way), the corrected list records it in ``settled``, so that the
corrected list audits clean and a reader sees the figure was fixed by the management.
Corrections never invent a game: rows without a single declarer, or whose game cannot be
worked out, keep their written figures and are left to the referee.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Optional

from .overbid import explained_bids
from .model import MARK_FIELDS, Footer, Game, Penalty, ScoreList, SeatCells, Settlement, cell_ref, parse_ref
from .penalties import RULE_PENALTY, check_points, schedule
from .ramsch import durchmarsch_value
from .rows import (LOST, WON, RowFacts, carried_game, counted_delta, credited_losses, lost_column_loss, not_declared,
                   penalty_points, seat_cells, unclaimed_wins, uses_counters, written_outcomes, written_value_cells)
from .score import OTHERS_LOST, BONUS_PER_GAME, FooterFigures
from .settings import Settings

RULE_LOWEST = "SkWO 7.2.5"
#: A game's value from its columns (what a "+" or "-" read in doubt is taken as until the referee decides).
RULE_VALUE = "ISkO 2.3-2.5, 2.5.11"
#: The cells that give a game its value.
_GAME_COLUMNS = ("base", "mit", "ohne") + MARK_FIELDS


@dataclass(frozen=True)
class Correction:
    game: Optional[int]
    seat: Optional[int]            # 1-based
    field: str
    before: object                 # "from" in JSON
    after: object                  # "to" in JSON
    rule: str
    reason: str                    # message key in audit.messages (why it changed)
    #: the change rests on a cell read in doubt (the cell itself is one, or the change would not be made, or not to
    #: this value, were the doubtful readings the written figures): a value that counts until the referee decides,
    #: not a correction of an error on paper (:func:`correct`)
    provisional: bool = False

    @property
    def cell(self) -> str:
        return cell_ref(self.game, self.field, self.seat)


@dataclass(frozen=True)
class Corrected:
    sl: ScoreList
    corrections: tuple[Correction, ...]
    footer: FooterFigures          # the figures that count, per seat
    money: tuple[float, ...]
    #: cells whose lower written figure stands although the rules give another (cell -> settlement)
    kept: dict = None
    #: the kept cells whose figure stands only as the cells read in doubt were read (``provisional``, as a change)
    provisional_kept: frozenset = frozenset()
    #: per seat, the lost games the loss money is charged for: the rows' (a higher written Verl. kept for the score,
    #: SkWO 7.2.5, is no game lost: the others are not credited for it either)
    charged_lost: tuple = ()


def _rule_consistent(base, value, plus, minus, factor: int = 1) -> bool:
    """Would the game-value check accept this "+" / "-" pair for a game worth ``value``?"""
    if plus is not None:
        return plus == value
    return minus == 2 * value or bool(explained_bids(minus, base, value, factor))


def _columns_unsure(no: int, doubtful: frozenset) -> bool:
    """Whether a cell that gives game ``no`` its value (Grundwert, matadors, marks) is read in doubt."""
    return bool(doubtful) and any(cell_ref(no, c) in doubtful for c in _GAME_COLUMNS)


def _row_delta(f: RowFacts, doubtful: frozenset = frozenset()) -> Optional[int]:
    """The row's value that counts, signed; None when it cannot be worked out. A "+" or "-" read in doubt beside game
    columns read surely is not a written figure for the lowest-score rule (a reading doubt is no error on paper):
    the columns' value counts until the referee decides; game columns in doubt beside a sure "+" or "-", the entry."""
    g = f.game
    if f.misplaced:
        # a value in the "+" column of a game the declarer's own figures say he lost: lost, the value written or the
        # columns' counting double (as a loss written single), the higher of those not read in doubt; an entry twice
        # the value is the loss itself (lost_column_loss)
        plus_unsure, columns_unsure = cell_ref(g.no, "plus") in doubtful, _columns_unsure(g.no, doubtful)
        if plus_unsure != columns_unsure and f.value is not None:
            return -lost_column_loss(g, None if plus_unsure else g.plus, None if columns_unsure else f.value)
        return -f.lost_charge
    if doubtful and f.value is not None and not g.ramsch and f.outcome is not None:
        entry = cell_ref(g.no, "plus" if f.outcome == WON else "minus")
        columns = _columns_unsure(g.no, doubtful)
        if entry in doubtful and not columns:
            return f.value if f.outcome == WON else -2 * f.value
        if columns and entry not in doubtful and f.written_delta is not None:
            return f.written_delta
    return counted_delta(g, f.outcome, f.value, f.written_delta)


class _Builder:
    def __init__(self, sl: ScoreList):
        self.sl = sl
        self.corrections: list[Correction] = []
        self.settled: dict[str, Settlement] = dict(sl.settled)

    def change(self, game, seat, field, before, after, reason, rule=RULE_LOWEST):
        if before != after:
            self.corrections.append(Correction(game, seat, field, before, after, rule, reason))

    def settle(self, game, seat, field, value, note):
        self.settled[cell_ref(game, field, seat)] = Settlement(value, RULE_LOWEST, note)


def _penalties(sl: ScoreList, b: "_Builder", settings: Settings) -> tuple[Penalty, ...]:
    """The penalty entries that count: the schedule's figures where the written ones break it."""
    rules = schedule(settings.penalties)
    out = []
    for k, p in enumerate(sl.penalties, start=1):
        want = check_points(rules, p, sl.seats) if rules is not None else None
        if want is not None:
            for s in range(sl.seats):
                b.change(None, s + 1, f"penalty.{k}.points", p.points[s], want[s], "correct.penalty",
                         RULE_PENALTY)
            p = replace(p, points=want)
        out.append(p)
    return tuple(out)


def correct(sl: ScoreList, facts: list[RowFacts], settings: Settings) -> Corrected:
    """The corrected list. A change that rests on a cell read in doubt is ``provisional``: a change of the doubtful
    cell itself, or one that the correction run with the doubtful readings taken as written figures would not make,
    or not to that value (a running total that follows only from a "+" read in doubt); so is a lower written figure
    kept only as the doubtful cells were read (``provisional_kept``). Every other change corrects the paper, whatever
    the referee decides about the doubts (a reading doubt and an error on paper are different things)."""
    # cells read in doubt: not written figures for the lowest-score rule (a reading doubt is no error on paper; the
    # figure the rest of the list gives counts until the referee decides, and the player stands provisionally)
    doubtful = frozenset(sl.doubtful_cells())
    out = _correct(sl, facts, settings, doubtful)
    if not doubtful or not (out.corrections or out.kept):
        return out
    read = _correct(sl, facts, settings, frozenset())
    as_read = {(c.cell, c.after) for c in read.corrections}
    kept_as_read = {(ref, st.value) for ref, st in read.kept.items()}
    upstream = chain_doubts(facts, doubtful, sl.seats, sl.penalties)
    # a game several seats took, one of their figures in the row or its "+" or "-" read in doubt: who took it is the
    # doubt's to tell
    shared = {f.game.no for f in facts if _declarers_unsure(f, doubtful)}
    # a seat's count taken for his slip beside the declarer the totals tell (not_declared), the declarer's total or
    # the seat's own figures read in doubt: whose game it was is the doubt's to tell
    strays = {(f.game.no, o + 1) for f in facts for o in not_declared(f)
              if any(c in doubtful for c in (cell_ref(f.game.no, "total", f.declarer + 1),
                                             *seat_cells(f.game.no, o)))}
    # a value under "+" counted lost only as a "+" or game column read in doubt was read
    unsure_lost = {f.game.no for f in facts if f.lost_unsure}
    # a row holding both a "+" and a "-", one of them read in doubt: which of the two holds its game is the doubt's to
    # tell (a stroke in an empty "-" read "1" at 0.20 beside a sure "+" 72 and a total that rose by it struck the "+"
    # as a correction on paper: the rerun with the "-" taken as written strikes it too; session 52)
    unsure_both = {f.game.no for f in facts if f.game.plus is not None and f.game.minus is not None
                   and any(cell_ref(f.game.no, c) in doubtful for c in ("plus", "minus"))}
    return replace(out, corrections=tuple(
        replace(c, provisional=True) if c.cell in doubtful or c.reason == "correct.doubt"
        or c.reason in ("correct.several-won", "correct.not-declarer") and c.game in shared
        or c.reason == "correct.counter" and ((c.game, c.seat) in strays or _in_twin(c, sl, doubtful))
        or c.game in unsure_lost or c.game in unsure_both
        or (c.cell, c.after) not in as_read or after_doubt(c.cell, upstream) else c
        for c in out.corrections), provisional_kept=frozenset(
        ref for ref, st in out.kept.items()
        if ref in doubtful or (ref, st.value) not in kept_as_read or after_doubt(ref, upstream)))


def _in_twin(c: Correction, sl: ScoreList, doubtful: frozenset) -> bool:
    """Whether the count correction ``c`` sets an empty count cell, or strikes a count, whose figure the seat's other
    count of the row, read in doubt, holds or has among its readings: which of the two cells holds the figure is the
    doubt's to tell (a "1" written across the line into "Verl." and read there in doubt beside a "Gew." read empty
    surely: the rerun with the "Verl." taken as written sets the "Gew." too; review of session 53). A count
    corrected from one figure to another is not: the twin holds no answer to that."""
    if c.game is None or c.seat is None or c.field not in ("won", "lost"):
        return False
    twin = cell_ref(c.game, "lost" if c.field == "won" else "won", c.seat)
    if twin not in doubtful:
        return False
    if c.before is None:
        figure = c.after
    elif c.after in (None, 0):
        figure = c.before
    else:
        return False
    r = sl.readings.get(twin)
    return r is not None and (r.value == figure or any(v == figure for v, _p in r.candidates))


def chain_doubts(facts: list[RowFacts], doubtful: frozenset, seats: int,
                 penalties: tuple[Penalty, ...] = ()) -> list[Optional[int]]:
    """Per 0-based seat, the first game whose cells of his chain are read in doubt (his total, his counts, and the
    value of a game he took), or None: every running total, count and footer figure of his computed after it rests on
    that doubt (a total read "0" at 1 % where the paper is empty made every later total of the seat "folgt aus dem
    berichtigten Stand davor" among the corrections on paper). His points in a penalty entry read in doubt (of
    ``penalties``, the list's) count as a doubt in the row the entry follows: the totals after it take them in."""
    first: list[Optional[int]] = [None] * seats
    for k, p in enumerate(penalties, start=1):
        for s in range(seats):
            if f"penalty.{k}.points.{s + 1}" in doubtful and (first[s] is None or p.after < first[s]):
                first[s] = p.after
    for f in facts:
        no = f.game.no
        # the game's value, or in a row several seats took any of their figures (who took it), read in doubt
        value = any(cell_ref(no, c) in doubtful for c in _GAME_COLUMNS + ("plus", "minus")) \
            or _declarers_unsure(f, doubtful)
        for s in range(seats):
            if (first[s] is None or first[s] > no) and (
                    any(cell_ref(no, x, s + 1) in doubtful for x in ("total", "won", "lost"))
                    or value and s in f.declarers):
                first[s] = no
    return first


def _declarers_unsure(f: RowFacts, doubtful: frozenset) -> bool:
    """Whether row ``f`` is one several seats took with a figure of theirs in it, or its "+" or "-" (whose total
    follows from it tells who won), read in doubt."""
    return len(f.declarers) > 1 and any(c in doubtful for c in (*written_value_cells(f), *(
        c for d in f.declarers for c in seat_cells(f.game.no, d))))


def after_doubt(ref: str, upstream: list[Optional[int]]) -> bool:
    """Whether the figure ``ref`` a correction changed or kept follows from a seat's chain after a doubt in it
    (:func:`chain_doubts`): a seat's total or count in a row after his first doubt; a footer line from his chain
    (the others' losses and the score from every seat's; the loss money total from all)."""
    game, seat, fld = parse_ref(ref)
    if game is not None:
        # a doubt in the change's own row is the two readings' to tell (a sure total wrong beside a "+" read in doubt
        # is wrong on paper either way)
        return seat is not None and upstream[seat - 1] is not None and upstream[seat - 1] < game
    if fld in ("others_lost", "score") or ref == "footer.money_total":
        return any(u is not None for u in upstream)
    return seat is not None and fld in ("points", "won", "lost", "bonus", "money") and upstream[seat - 1] is not None


def _correct(sl: ScoreList, facts: list[RowFacts], settings: Settings, doubtful: frozenset) -> Corrected:
    n = sl.seats
    b = _Builder(sl)
    counters = uses_counters(sl)
    penalties = _penalties(sl, b, settings)
    pen_after = penalty_points(penalties, n)
    pen_written = penalty_points(sl.penalties, n)
    total = list(pen_after.get(0, [0] * n))   # corrected running totals
    # per seat, what the penalty corrections so far moved the corrected totals by against the written ones: a written
    # total is compared with the corrected one as if the keeper had entered the schedule's penalties
    shift = [a - w for a, w in zip(total, pen_written.get(0, [0] * n))]
    won = [0] * n            # games won / lost, counted from the rows
    lost = [0] * n
    count = {"won": [0] * n, "lost": [0] * n}   # the corrected Gew./Verl. cells
    # per seat, the games the others lost, each row once (one row is one game: a loss written in two seats' columns
    # credits the others' 40 or 30 once, and neither of the two for the other's)
    others = [0] * n
    lost_before = list(lost)
    games: list[Game] = []
    #: whether the losses of the row just counted credit the others (not beside its declarer's win: credited_losses)
    credit = [True]

    def credit_others():
        if lost == lost_before:
            return
        losers = [s for s in range(n) if lost[s] > lost_before[s]]
        if losers and credit[0]:
            for s in range(n):
                others[s] += s not in losers
        lost_before[:] = lost

    def carry(no, o, cells, prev_won, prev_lost, stray=()):
        """Another seat's cells in this row: the written change stays, on top of the corrections, but for a seat
        in ``stray`` (:func:`~audit.rows.not_declared`: his count takes no game of this row)."""
        if cells.won is None and cells.lost is None:
            return cells
        new = {}
        for fld, prev in (("won", prev_won), ("lost", prev_lost)):
            written = getattr(cells, fld)
            if written is not None:
                count[fld][o] += 0 if o in stray else written - prev
                new[fld] = count[fld][o]
                b.change(no, o + 1, fld, written, new[fld], "correct.counter", "SkWO 7.2.1")
        return replace(cells, **new) if any(getattr(cells, k) != v for k, v in new.items()) else cells

    def add_penalties(no):
        for s, v in enumerate(pen_after.get(no, ())):
            total[s] += v
            shift[s] += v
        for s, v in enumerate(pen_written.get(no, ())):
            shift[s] -= v

    previous_no = None
    for f in facts:
        if previous_no is not None:
            if pen_after or pen_written:
                add_penalties(previous_no)
            credit_others()
        g = f.game
        no = previous_no = g.no
        credit[0] = credited_losses(f)
        entry = carried_game(f)
        if entry is None and (g.passed or g.crossed_out) and not g.ramsch and len(f.declarers) > 1 and all(
                g.players[d].total is not None and g.players[d].total > f.prev_total[d] for d in f.declarers):
            # a won game in a passed or struck row that several seats wrote: it counts for none of them (the lower
            # reading for each, SkWO 7.2.5), as for one seat
            games.append(_not_counted(b, f))
            continue
        if entry is not None:
            # a passed or struck row that carries a game (SkWO 9.4): the lower reading counts (7.2.5) as a whole, a
            # won game not at all, a lost one as a lost game (before: its points stayed and its count went)
            if entry >= 0:
                games.append(_not_counted(b, f))
                continue
            mark = "passed" if g.passed else "crossed_out"
            b.change(no, None, mark, True, False, "correct.lost-counts")
            g = replace(g, passed=False, crossed_out=False)
            f = replace(f, game=g, played=True, outcome=LOST, written_delta=entry)
        elif (g.passed or g.crossed_out) and not f.declarers and (g.plus is not None or g.minus is not None):
            # a value in a passed or struck row that no seat took: it counts for nobody
            b.change(no, None, "plus", g.plus, None, "correct.not-counted")
            b.change(no, None, "minus", g.minus, None, "correct.not-counted")
            games.append(replace(g, plus=None, minus=None))
            continue
        delta = _row_delta(f, doubtful) if f.played and f.declarer is not None else None
        if delta is None:
            # keep the written figures, carrying earlier corrections forward; a game several seats took counts for
            # each as his written count says (the footer check reads it so: the counts, money and bonus follow),
            # except a win the totals give none of them: it counts for none (the lower reading for each, SkWO 7.2.5;
            # his figures in the row go, and his later ones follow from the corrected ones before them)
            unclaimed = unclaimed_wins(f)
            for d, win in written_outcomes(f) or ():
                if d not in unclaimed:
                    (won if win else lost)[d] += 1
            players = []
            for s, cells in enumerate(g.players):
                if s in unclaimed:
                    for fld in ("total", "won", "lost"):
                        b.change(no, s + 1, fld, getattr(cells, fld), None, "correct.several-won")
                    players.append(SeatCells())
                    continue
                if cells.total is not None:
                    new_total = total[s] + (cells.total - f.prev_total[s])
                    b.change(no, s + 1, "total", cells.total, new_total, "correct.carried", "SkWO 8.11")
                    total[s] = new_total
                    if new_total != cells.total:
                        cells = replace(cells, total=new_total)
                players.append(carry(no, s, cells, f.prev_won[s], f.prev_lost[s], not_declared(f)))
            players = tuple(players)
            games.append(g if players == g.players else replace(g, players=players))
            continue
        s = f.declarer
        cells = g.players[s]
        # the lower of the written total and the one recomputed from the corrected total before it and the row's
        # value that counts (SkWO 7.2.5, rules.md section 10): each disagreement is charged once, by the figure that
        # gives the fewest points (a total that follows the written "+" 48 of a game worth 36 counts 36, not 36
        # less 12 again; a total written right after a total written too high counts as written)
        computed = total[s] + delta
        total_unsure = cell_ref(no, "total", s + 1) in doubtful
        as_written = _with_penalties(cells.total, shift[s])
        lower = as_written is not None and not total_unsure and as_written < computed
        new_total = as_written if lower else computed
        outcome = f.outcome or (WON if delta > 0 else LOST)
        new_plus = delta if outcome == WON else None
        new_minus = -delta if outcome == LOST else None
        # neither "+" nor "-" written: the value is entered, not the lower or higher of two figures; read from cells
        # in doubt (a Grundwert, the other of the two), the value entered is a reading doubt's too
        empty = g.plus is None and g.minus is None
        value_unsure = empty and (_columns_unsure(no, doubtful) or cell_ref(no, "plus") in doubtful
                                  or cell_ref(no, "minus") in doubtful)
        if new_plus != g.plus:
            unsure = cell_ref(no, "plus") in doubtful or value_unsure      # read in doubt, a figure or empty
            b.change(no, None, "plus", g.plus, new_plus,
                     "correct.doubt" if unsure else "correct.fill-plus" if empty
                     else "correct.plus" if outcome == WON else "correct.lost-column" if f.misplaced
                     else "correct.minus",
                     RULE_VALUE if unsure else RULE_LOWEST)
        if new_minus != g.minus:
            single = g.minus is not None and new_minus == 2 * g.minus
            unsure = cell_ref(no, "minus") in doubtful or value_unsure
            b.change(no, None, "minus", g.minus, new_minus,
                     "correct.doubt" if unsure else "correct.fill-minus" if empty
                     else "correct.single-loss" if single else "correct.lost-column" if f.misplaced
                     else "correct.minus",
                     RULE_VALUE if unsure else RULE_LOWEST)
        # with the columns read in doubt the entry counts until the referee decides: no figure is settled
        if f.value is not None and not _columns_unsure(no, doubtful) \
                and not _rule_consistent(g.base, f.value, new_plus, new_minus, g.factor):
            fld = "plus" if outcome == WON else "minus"
            b.settle(no, None, fld, delta if outcome == WON else -delta, "kept.value")
        if g.ramsch and outcome == WON and delta != durchmarsch_value(g):
            b.settle(no, None, "plus", delta, "kept.value")
        if lower:
            b.settle(no, s + 1, "total", new_total, "kept.total")
        if new_total != cells.total:
            if total_unsure and cells.total is not None:
                reason = "correct.doubt"
            elif lower or not f.misplaced and cells.total is not None \
                    and cells.total == f.prev_total[s] + (f.written_delta or 0):
                reason = "correct.carried"
            else:
                reason = "correct.total"
            b.change(no, s + 1, "total", cells.total, new_total, reason,
                     "SkWO 8.11" if reason == "correct.doubt" else "SkWO 7.2.5, 8.11")
        total[s] = new_total
        if f.counts:
            (won if outcome == WON else lost)[s] += 1
        for d, win in written_outcomes(f) or ():
            # another seat that wrote the game too (the several-declarers finding): counted as the footer check counts
            # it where the corrected row keeps what shows it (a fall stays, a rise is lowered back unless its count
            # is written, which the row carries)
            if d != s and (not win or g.players[d].won is not None):
                (won if win else lost)[d] += 1
        new_cells = SeatCells(total=new_total)
        if counters and not f.counts:
            # a Ramsch is no won or lost game: the counts are only carried
            new_cells = carry(no, s, replace(cells, total=new_total), f.prev_won[s], f.prev_lost[s])
        elif counters:
            count["won" if outcome == WON else "lost"][s] += 1
            new_cells = SeatCells(total=new_total,
                                  won=count["won"][s] if outcome == WON or cells.won is not None else None,
                                  lost=count["lost"][s] if outcome == LOST or cells.lost is not None else None)
            for fld in ("won", "lost"):
                b.change(no, s + 1, fld, getattr(cells, fld), getattr(new_cells, fld),
                         "correct.counter", "SkWO 7.2.1")
        players = list(g.players)
        players[s] = new_cells
        stray = not_declared(f)
        for o in range(n):
            if o == s:
                continue
            written = g.players[o].total
            if written is not None and cell_ref(no, "total", o + 1) not in doubtful:
                # another seat's total in the declarer's row: it cannot rise, a lower one counts (7.2.5)
                total[o] = min(total[o], _with_penalties(written, shift[o]))
                b.change(no, o + 1, "total", written, total[o], "correct.not-declarer", "SkWO 7.2.5, 8.11")
                if total[o] != written:
                    players[o] = replace(g.players[o], total=total[o])
            players[o] = carry(no, o, players[o], f.prev_won[o], f.prev_lost[o], stray)
        players = tuple(players)
        if new_plus == g.plus and new_minus == g.minus and players == g.players:
            games.append(g)
        else:
            games.append(replace(g, plus=new_plus, minus=new_minus, players=players))
    if previous_no is not None:
        add_penalties(previous_no)
        credit_others()
    footer, money = _footer(sl, b, total, won, lost, others, settings, shift, doubtful)
    corrected = replace(sl, games=tuple(games), footer=_as_footer(footer, money, sl),
                        settled=b.settled, penalties=penalties)
    kept = {ref: st for ref, st in b.settled.items() if ref not in sl.settled}
    return Corrected(corrected, tuple(b.corrections), footer, money, kept, charged_lost=tuple(lost))


def _with_penalties(written: Optional[int], shift: int) -> Optional[int]:
    """A written total or footer figure compared with the corrected ones where the schedule changed penalty points
    before it by ``shift``: as if the keeper had entered the schedule's points, unless he did (the higher of the two
    readings), so that a penalty the schedule lessens is not taken back by the figures written with it and one it
    makes heavier is not charged twice where the keeper's figures already follow the schedule."""
    return None if written is None else max(written, written + shift)


def _not_counted(b: _Builder, f: RowFacts) -> Game:
    """A passed or struck row with a won game in it, as it counts: not at all. Its "+" and every seat's figures in it
    go (the later totals and counts follow from the corrected ones before them: a figure written after the row
    that took it in is a total that does not follow, the lower of which counts)."""
    g = f.game
    b.change(g.no, None, "plus", g.plus, None, "correct.not-counted")
    b.change(g.no, None, "minus", g.minus, None, "correct.not-counted")
    for k, cells in enumerate(g.players):
        for fld in ("total", "won", "lost"):
            b.change(g.no, k + 1, fld, getattr(cells, fld), None, "correct.not-counted")
    return replace(g, plus=None, minus=None, players=tuple(SeatCells() for _ in g.players))


def _lowest(b: _Builder, seat: int, line: str, written, computed, higher_is_worse: bool = False,
            from_rows=None, reason: str = "correct.footer", unsure: bool = False, shift: int = 0):
    """The figure that counts for one footer line and seat, with its correction.

    ``computed`` follows from the corrected figures above it; ``from_rows`` is what the footer
    check expects from the rows (defaults to ``computed``): a figure that differs from it is
    recorded as settled. A figure read in doubt (``unsure``) is no written one: the computed one counts. ``shift``:
    what the schedule changed the seat's penalty points by (:func:`_with_penalties`; game points and score).
    """
    from_rows = computed if from_rows is None else from_rows
    unsure = unsure and written is not None
    if written is None or unsure:
        value = computed
    elif higher_is_worse:
        value = max(written, computed)
    else:
        value = min(_with_penalties(written, shift), computed)
    if value != from_rows:
        # a lower written figure stands, or one that follows from the lower figures above it (a score from points
        # written too low): it is not written, and the change from the written one says what counts
        kept = "kept.footer-lost" if higher_is_worse else "kept.footer"
        b.settle(None, seat + 1, line, value, kept if value == written and not unsure else "kept.footer-sum")
    if unsure:
        b.change(None, seat + 1, line, written, value, "correct.doubt", "SkWO 8.12")
        return value
    if written is None:
        reason = "correct.footer-fill"
    elif value > written and not higher_is_worse:
        # above the written figure only by the penalty points the schedule gives (_with_penalties)
        b.change(None, seat + 1, line, written, value, "correct.penalty-follows", "SkWO 8.12; Strafpunkte (002)")
        return value
    b.change(None, seat + 1, line, written, value, reason, "SkWO 7.2.5, 8.12")
    return value


def _footer(sl: ScoreList, b: _Builder, totals, won, lost, others_lost, settings: Settings, shift,
            doubtful: frozenset):
    n = sl.seats
    ft = sl.footer
    private = sl.table.kind == "private"
    blank = ft.blank

    def written(line, s):
        return None if blank else getattr(ft, line)[s]

    def unsure(line, s):
        return f"footer.{line}.{s + 1}" in doubtful

    points = [_lowest(b, s, "points", written("points", s), totals[s], unsure=unsure("points", s), shift=shift[s])
              for s in range(n)]
    won_c = [_lowest(b, s, "won", written("won", s), won[s], unsure=unsure("won", s)) for s in range(n)]
    lost_c = [_lowest(b, s, "lost", written("lost", s), lost[s], True, unsure=unsure("lost", s)) for s in range(n)]
    if private:
        bonus = others = tuple(0 for _ in range(n))
        score = tuple(points)
    else:
        bonus = tuple(_lowest(b, s, "bonus", written("bonus", s), (won_c[s] - lost_c[s]) * BONUS_PER_GAME,
                              from_rows=(won[s] - lost[s]) * BONUS_PER_GAME, unsure=unsure("bonus", s))
                      for s in range(n))
        others = tuple(_lowest(b, s, "others_lost", written("others_lost", s),
                               others_lost[s] * OTHERS_LOST[n], unsure=unsure("others_lost", s))
                       for s in range(n))
        rows_score = [totals[s] + (won[s] - lost[s]) * BONUS_PER_GAME + others_lost[s] * OTHERS_LOST[n]
                      for s in range(n)]
        score = tuple(_lowest(b, s, "score", written("score", s), points[s] + bonus[s] + others[s],
                              from_rows=rows_score[s], reason="correct.footer-sum", unsure=unsure("score", s),
                              shift=shift[s])
                      for s in range(n))
    money = tuple(float(settings.money_for(lost[s])) for s in range(n))
    for s in range(n):
        before = None if blank else ft.money[s]
        if before is None and not money[s]:
            continue
        if before is None or round(before, 2) != money[s]:
            b.change(None, s + 1, "money", before, money[s],
                     "correct.footer-fill" if before is None else "correct.money", "Spielplan, SkWO 6.2")
    total_money = round(sum(money), 2)
    if (ft.money_total is None and total_money) or (ft.money_total is not None
                                                    and round(ft.money_total, 2) != total_money):
        b.change(None, None, "money_total", ft.money_total, total_money,
                 "correct.footer-fill" if ft.money_total is None else "correct.money", "Spielplan, SkWO 6.2")
    return FooterFigures(tuple(points), tuple(won_c), tuple(lost_c), bonus, others, score), money


def _as_footer(fig: FooterFigures, money, sl: ScoreList) -> Footer:
    private = sl.table.kind == "private"
    none = tuple(None for _ in fig.points)
    return Footer(points=fig.points, won=fig.won, lost=fig.lost,
                  bonus=none if private else fig.bonus,
                  others_lost=none if private else fig.others_lost,
                  score=none if private else fig.score,
                  money=tuple(m if m else None for m in money),
                  money_total=round(sum(money), 2) if any(money) else None)
