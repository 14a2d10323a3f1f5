"""One pass over the game rows that works out, per row, what every check needs.

For each row: who declared, the value the game columns give (or why they give none), won or
lost, and each seat's previous written total and counts. The checks and the correction read
these facts instead of walking the list again.

Home lists (reference 004): the value includes the row's Kontra/Re/Bock doublings; a Ramsch row
has no game value and does not count as a won or lost game. Penalty points (reference 002)
enter the running totals: a seat's previous total includes the points entered since it last
wrote one.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import partial
from typing import Optional

from .model import MARK_FIELDS, Game, ScoreList, cell_ref, parse_ref, read_as
from .overbid import explained_bids, written_single
from .ramsch import durchmarsch_value
from .values import ImpossibleGame, value_of

WON, LOST = "won", "lost"


@dataclass(frozen=True)
class RowFacts:
    game: Game
    #: 0-based seats that wrote something that changed in this row
    declarers: tuple[int, ...]
    #: the single declarer, or None (passed, none, or several)
    declarer: Optional[int]
    value: Optional[int]                 # from the game columns
    impossible: Optional[ImpossibleGame]
    outcome: Optional[str]               # WON, LOST or None
    #: the row's value as written: +plus or -minus (None when neither is written)
    written_delta: Optional[int]
    #: per seat, the last written total / won / lost count before this row (0 at the start)
    prev_total: tuple[int, ...]
    prev_won: tuple[int, ...]
    prev_lost: tuple[int, ...]
    #: a game was played in this row (not passed, not crossed out, not blank)
    played: bool
    #: the row's one value stands in the "+" column while the declarer's own figures read surely (his total falling
    #: by the game's loss, his Verl. count rising by one) say lost: the row disagrees with itself and the lower
    #: reading counts, lost (SkWO 7.2.5); in a passed or struck row too (a lost game there counts as played)
    misplaced: bool = False
    #: ``misplaced`` only as a "+" or a game column read in doubt was read: the lost reading is provisional
    lost_unsure: bool = False
    #: in a ``misplaced`` row, what the loss takes from the declarer (:func:`lost_column_loss`), else None
    lost_charge: Optional[int] = None
    #: the row counts as a won or lost game for the counts and Seeger-Fabian (not a Ramsch)
    counts: bool = True
    #: per seat, the game points after this row and the penalties entered right after it
    #: (the written totals of rows that are not crossed out, plus penalty points as written)
    points_after: tuple[int, ...] = ()
    #: ``misplaced`` only as the declarer's Gew. (or the one before it) was read, in doubt: read as a rise by one, the
    #: row would be won (:func:`_says_lost`); the lost reading rests on the Gew. cells too
    gew_unsure: bool = False


def _changed(seat_cells, prev_total: int, prev_won: int, prev_lost: int) -> bool:
    """Did this seat's block change? Keepers sometimes repeat an unchanged total."""
    return not (seat_cells.total in (None, prev_total) and seat_cells.won in (None, prev_won)
                and seat_cells.lost in (None, prev_lost))


def _says_lost(game: Game, declarer: int, prev_total: Optional[int], prev_lost: int, prev_won: int,
               plus: Optional[int], value: Optional[int], sure, gew_rose: Optional[bool] = None) -> bool:
    """Do the declarer's own figures that are not in doubt (``sure``: a field of his row, with the cell his previous
    figure of it was read from) say the game was lost: his Verl. count rose by one, or his total fell by what the row's
    game loses (its "+" ``plus`` or its columns' value, once or twice, or an overbid's charge)? ``prev_total`` and
    ``prev_lost`` are his figures before the row as the correction has them (the lower total, the higher Verl.): a
    total that follows the corrected total before it is no fall, a Verl. that carries a loss the keeper forgot to count
    no rise, and a fall by another amount is a running total's slip. A total read surely that rose says won: a Verl.
    beside it that rose too is a count's slip, not a lost game (before, one such count cost a won game the value twice
    and the 50). The other way round, in a played row a total that fell by the value once (a loss written single, or
    the value taken off where it was to be added) beside a Gew. read surely that rose by one (``prev_won`` his Gew.
    before the row, as written) is the running total's slip, whose lower written figure stands: the "+" and the Gew.
    say won, and a loss would be three slips ("+" for "-", Gew. for Verl., the loss single) where the won game is one
    (before, "+" 24 and Gew. 1 -> 2 beside 72 -> 48 made the game lost, the others 40 each for it; the review of
    session 52). A fall by the whole loss (twice the value, an overbid's charge) stays a lost game, and so does any
    fall in a passed or struck row (a lost game there counts as played; a won one nothing). ``gew_rose``: whether the
    Gew. rose, where the caller asks as if (None: as read, :func:`_gew_rose`). ``prev_total`` None: the total before
    the row is not known for sure (penalty points entered before it, whose figures the correction may take otherwise
    than written): the total says nothing."""
    cells = game.players[declarer]
    if prev_total is None or cells.total is None or not sure("total"):
        rose = False
    else:
        rose = cells.total > prev_total
    if not rose and cells.lost is not None and cells.lost == prev_lost + 1 and sure("lost"):
        return True
    if prev_total is None or cells.total is None or cells.total >= prev_total or not sure("total"):
        return False
    fall = prev_total - cells.total
    if plus is not None and (fall == 2 * plus or fall == plus and value is not None and plus == 2 * value) \
            or value is not None and (fall == 2 * value or bool(explained_bids(fall, game.base, value, game.factor))):
        return True         # the whole loss taken off
    single = plus is not None and fall == plus or value is not None and (
        fall == value or written_single(fall, game.base, value, game.factor))
    if not single:
        return False
    played = not (game.passed or game.crossed_out)
    return not (played and (_gew_rose(cells, prev_won, sure) if gew_rose is None else gew_rose))


def _gew_rose(cells, prev_won: int, sure) -> bool:
    """Whether the declarer's Gew. (``cells.won``) read surely rose by one from ``prev_won``."""
    return cells.won is not None and cells.won == prev_won + 1 and sure("won")


def _gew_in_doubt(sl: ScoreList, g: Game, declarer: int, prev_won: int, last_row: dict, doubtful) -> bool:
    """Whether the declarer's Gew. in row ``g`` may have risen by one from ``prev_won`` as far as its reading doubts
    go: his Gew. cell read in doubt with that rise among its readings, or the cell his Gew. before it was read from in
    doubt (beside a Gew. written here). A previous Gew. in a passed or struck row is no doubt (``last_row`` None)."""
    ref = cell_ref(g.no, "won", declarer + 1)
    if ref in doubtful:
        r = sl.readings.get(ref)
        if r is not None and (r.value == prev_won + 1 or any(v == prev_won + 1 for v, _p in r.candidates)):
            return True
    before = last_row.get(("won", declarer), 0)
    return bool(before) and g.players[declarer].won is not None and cell_ref(before, "won", declarer + 1) in doubtful


def _may_say_lost(cells, prev_total: int, prev_lost: int) -> bool:
    """Whether the declarer's figures ``cells`` can say lost at all (:func:`_says_lost` weighs them): his total fell
    or his Verl. rose by one; a quick test that spares most won rows the weighing."""
    return cells.total is not None and cells.total < prev_total \
        or cells.lost is not None and cells.lost == prev_lost + 1


def _may_contradict(cells, written_total: int, written_lost: int) -> bool:
    """Whether the declarer's figures ``cells`` fall or rise against his written ones before the row so that
    :func:`_may_say_lost` could hold against the correction's (never above the written total, never below the
    written Verl.)."""
    return cells.total is not None and cells.total < written_total \
        or cells.lost is not None and cells.lost > written_lost


def lost_column_loss(game: Game, plus: Optional[int], value: Optional[int], fall: Optional[int] = None) -> int:
    """What a game value under "+" of ``game`` counted lost takes from the declarer: an entry a lost game's "-" would
    be (twice the columns' value, or an overbid's charge) is the loss figure itself, only in the wrong column (Herz
    ohne 1, worth 20, "+" 40: 40), unless the declarer's total fell by twice it (``fall``: the loss written single);
    else the higher of the entry and the value, twice (a loss written single). ``plus`` or ``value`` may be None
    (not known, or read in doubt)."""
    if plus is not None and value is not None and fall != 2 * plus and (
            plus == 2 * value or explained_bids(plus, game.base, value, game.factor)):
        return plus
    return 2 * max(v for v in (plus, value) if v is not None)


def counted_delta(game: Game, outcome: Optional[str], value: Optional[int],
                  written_delta: Optional[int]) -> Optional[int]:
    """The row's value that counts by the lowest-score rule (SkWO 7.2.5), signed, for the row's figures as read: a won
    game the lower of its "+" and its columns' value, a lost one the higher of its "-" and twice the value (a loss
    written single counting double), a Durchmarsch 120 at most; None when it cannot be worked out."""
    g = game
    if g.ramsch:
        # a Durchmarsch wins 120 at most (reference 004); a loser's figure stands as written
        if written_delta is not None and written_delta > 0:
            return min(written_delta, durchmarsch_value(g))
        return written_delta
    if outcome is None or value is None:
        return written_delta
    if outcome == WON:
        return min(g.plus, value) if g.plus is not None else value
    if g.minus is not None and written_single(g.minus, g.base, value, g.factor):
        return -2 * max(g.minus, value)      # the loss written single, an overbid's charge too, counts double
    minus = g.minus if g.minus is not None else 0
    return -max(minus, 2 * value)


def _outcome(game: Game, declarer: Optional[int], prev_total: int) -> Optional[str]:
    if game.plus is not None and game.minus is None:
        return WON
    if game.minus is not None and game.plus is None:
        return LOST
    if game.plus is not None:          # both written: the lower reading (SkWO 7.2.5)
        return LOST
    if declarer is None:
        return None
    cells = game.players[declarer]
    if cells.won is not None and cells.lost is None:
        return WON
    if cells.lost is not None and cells.won is None:
        return LOST
    if cells.total is not None and cells.total != prev_total:
        return WON if cells.total > prev_total else LOST
    return None


def penalty_points(penalties, seats: int) -> dict[int, list[int]]:
    """Penalty points per seat, summed by the game they follow (0: before game 1)."""
    out: dict[int, list[int]] = {}
    for p in penalties:
        acc = out.setdefault(p.after, [0] * seats)
        for s, v in enumerate(p.points):
            acc[s] += v or 0
    return out


def analyse(sl: ScoreList) -> list[RowFacts]:
    """Facts of every row of ``sl`` in order."""
    # most lists have no row whose "+" its declarer's figures contradict: they are read without following the
    # correction's figures (which doubled the time of this function), and read again following them where one may
    return _analyse(sl, follow=False) or _analyse(sl, follow=True)


def may_misplace(sl: ScoreList) -> bool:
    """Whether a row's "+" may be contradicted by its declarer's figures (:attr:`RowFacts.misplaced`): only then does
    the game's value (its columns) or which figure its "+" holds say whether a row was lost."""
    return _analyse(sl, follow=False) is None


def _analyse(sl: ScoreList, follow: bool) -> Optional[list[RowFacts]]:
    """:func:`analyse`; without ``follow``, None as soon as a row's "+" may be contradicted by its declarer's figures
    (his written total falling or his Verl. rising against the written ones before: the correction's figures before
    it, which ``follow`` keeps, are never above the written total nor below the written Verl., until a row whose
    declarer wrote no total, where it gives way too)."""
    n = sl.seats
    pens = penalty_points(sl.penalties, n)
    total = list(pens.get(0, [0] * n))
    points = list(total)
    won = [0] * n
    lost = [0] * n
    doubtful = sl.doubtful_cells()
    #: per (field, seat), the game whose row the seat's previous figure of it was read from (0: none yet), None
    #: where that is a passed or struck row's (its figures do not count: what follows them says nothing sure)
    last_row: dict[tuple[str, int], Optional[int]] = {}

    def sure(no: int, seat: int):
        def figure(fld: str) -> bool:
            before = last_row.get((fld, seat), 0)
            return before is not None and not (doubtful and (
                cell_ref(no, fld, seat + 1) in doubtful or before and cell_ref(before, fld, seat + 1) in doubtful))
        return figure

    #: the first game after which penalty points were entered (0: before game 1), None without any
    first_penalty = min((p.after for p in sl.penalties), default=None)

    #: per seat, the running total and the lost games as the correction takes them (:func:`_follow_correction`)
    low = list(total)
    counted_lost = [0] * n
    out: list[RowFacts] = []
    for g in sl.games:
        prev = (tuple(total), tuple(won), tuple(lost))
        written = tuple(s for s in range(n) if not g.players[s].empty)
        if len(written) > 1:
            # several seats wrote: a seat that only repeated its unchanged figures did not play
            declarers = tuple(s for s in written if _changed(g.players[s], total[s], won[s], lost[s]))
        else:
            declarers = written
        if g.minus is not None:
            delta = -g.minus
        elif g.plus is not None:
            delta = g.plus
        else:
            delta = None
        declarer = declarers[0] if len(declarers) == 1 else None
        if len(declarers) > 1 and delta is not None:
            # several seats wrote: the declarer is the one whose total follows from the row
            fits = [s for s in declarers if g.players[s].total == total[s] + delta]
            declarer = fits[0] if len(fits) == 1 else None
        value = impossible = None
        if not g.ramsch and (g.has_game_columns or g.plus is not None or g.minus is not None):
            try:
                value = value_of(g) * g.factor
            except ImpossibleGame as exc:
                impossible = exc
        if g.passed:
            outcome = None
        else:
            outcome = _outcome(g, declarer, total[declarer] if declarer is not None else 0)
        played = not (g.passed or g.crossed_out or g.blank)
        # a game value in the wrong column: "+" written, the declarer's own sure figures say lost (the reverse slip,
        # "-" written and the total rising, is already lost)
        misplaced = lost_unsure = gew_unsure = False
        # also in a passed or struck row that carries the game (carried_game): lost, it counts as played
        if not follow and declarer is not None and g.players[declarer].total is None:
            return None                 # the correction's total may come above the written one from here
        if (played and outcome == WON or g.passed or g.crossed_out) and declarer is not None and g.plus is not None \
                and g.minus is None and not g.ramsch and g.abandoned is None and (
                    _may_say_lost(g.players[declarer], low[declarer], max(lost[declarer], counted_lost[declarer]))
                    if follow else _may_contradict(g.players[declarer], total[declarer], lost[declarer])):
            if not follow:
                return None
            # penalty points before the row (their record as written, a schedule's, a cell read in doubt or left
            # blank while the totals hold them): the total before it is not known for sure, so its fall says nothing
            penalised = first_penalty is not None and first_penalty < g.no
            says = partial(_says_lost, g, declarer, None if penalised else low[declarer],
                           max(lost[declarer], counted_lost[declarer]), won[declarer], sure=sure(g.no, declarer))
            misplaced = says(g.plus, value)
            # a "+" or game column read in doubt decides nothing for sure: lost only as they were read; nor does a
            # Gew. read in doubt that may have risen (read so, it would say won)
            gew_unsure = misplaced and _gew_in_doubt(sl, g, declarer, won[declarer], last_row, doubtful) \
                and not says(g.plus, value, gew_rose=True)
            lost_unsure = misplaced and (
                not says(None if cell_ref(g.no, "plus") in doubtful else g.plus,
                         None if doubtful & set(game_cells(g.no)) else value) or gew_unsure)
        charge = None
        if misplaced:
            outcome = LOST
            fall = None if g.players[declarer].total is None else low[declarer] - g.players[declarer].total
            charge = lost_column_loss(g, g.plus, value, fall)
        if follow:
            _follow_correction(g, declarer, outcome if played else None, value, delta, charge, total, lost, low,
                               counted_lost)
        row_no = None if g.passed or g.crossed_out else g.no
        for s in range(n):
            cells = g.players[s]
            if follow:
                if cells.total is not None:
                    last_row["total", s] = row_no
                if cells.won is not None:
                    last_row["won", s] = row_no
                if cells.lost is not None:
                    last_row["lost", s] = row_no
            if cells.total is not None:
                total[s] = cells.total
                if not g.crossed_out or delta is not None or declarer is not None:
                    # a struck row's figures do not count, unless it carries a game ("+" or "-" written, or a seat's
                    # figures changed): its totals are then the rows as written (the passed-game finding says the row
                    # is wrong), as its counts are (written_outcomes)
                    points[s] = cells.total
            if cells.won is not None:
                won[s] = cells.won
            if cells.lost is not None:
                lost[s] = cells.lost
        for s, v in enumerate(pens.get(g.no, ())):
            total[s] += v
            points[s] += v
            low[s] += v
        out.append(RowFacts(g, declarers, declarer, value, impossible, outcome, delta, *prev, played, misplaced,
                            lost_unsure, charge, counts=not g.ramsch, points_after=tuple(points),
                            gew_unsure=gew_unsure))
    return out


def _follow_correction(g: Game, declarer: Optional[int], outcome: Optional[str], value: Optional[int],
                       delta: Optional[int], charge: Optional[int], total, lost, low: list, counted_lost: list) -> None:
    """Move ``low`` and ``counted_lost`` (per seat, the running total and lost games as the correction has them) past
    row ``g``, whose written figures ``total`` and ``lost`` still hold those before it, by the correction's main
    rules: the declarer's total the lower of the written one and the one recomputed from the row's value that
    counts, another seat's total never higher than before, a won game in a passed or struck row counting for nothing,
    a lost one as played; a row without one declarer carried as written. The penalties' schedule is left out."""
    carried = _carried(g, declarer, total, charge)
    if carried is not None:
        if carried >= 0:
            return
        outcome, delta = LOST, carried
    d = None
    if declarer is not None and outcome is not None:
        d = -charge if charge is not None else counted_delta(g, outcome, value, delta)
    for s, cells in enumerate(g.players):
        if d is not None and s == declarer:
            low[s] += d
            if cells.total is not None:
                low[s] = min(low[s], cells.total)
            counted_lost[s] += outcome == LOST and not g.ramsch
            continue
        if cells.total is not None:
            low[s] = min(low[s], cells.total) if d is not None else low[s] + cells.total - total[s]
        if cells.lost is not None:
            counted_lost[s] += cells.lost - lost[s]


def totals_before(sl: ScoreList) -> list[tuple[int, ...]]:
    """Per row of ``sl``, each seat's total before it (:func:`analyse`'s ``prev_total``: his last written total and
    the penalty points entered since), without the rest of the facts: the running-total check reads the corrected
    list's so."""
    n = sl.seats
    pens = penalty_points(sl.penalties, n)
    total = list(pens.get(0, [0] * n))
    out = []
    for g in sl.games:
        out.append(tuple(total))
        for s, cells in enumerate(g.players):
            if cells.total is not None:
                total[s] = cells.total
        for s, v in enumerate(pens.get(g.no, ())):
            total[s] += v
    return out


def uses_counters(sl: ScoreList) -> bool:
    """Does this list keep the Gew./Verl. running counts at all?"""
    return any(p.won is not None or p.lost is not None for g in sl.games for p in g.players)


def outcome_counts(facts: list[RowFacts], seats: int) -> tuple[list[int], list[int]]:
    """Games won and lost per seat, counted from the rows as written: a game a passed or struck row carries, and
    one several seats took, counts for each seat as his written counts carry it (his total, where the row keeps no
    counts), as the written totals after them carry their points (the footer the rows give as written: its game
    points and its counts from one reading of the row, not the points with the game and the counts without it)."""
    won, lost, _ = outcome_tally(facts, seats)
    return won, lost


def outcome_tally(facts: list[RowFacts], seats: int) -> tuple[list[int], list[int], list[int]]:
    """:func:`outcome_counts` and, per seat, the games the other players lost, in one pass over the rows, each row
    once: one row is one game, so a loss written in two seats' columns credits the others' 40 or 30 once, and neither
    of the two for the other's (the lower reading for each, SkWO 7.2.5)."""
    won, lost, others = [0] * seats, [0] * seats, [0] * seats
    for f in facts:
        losers = set()
        for d, win in _row_outcomes(f):
            (won if win else lost)[d] += 1
            if not win:
                losers.add(d)
        if losers and credited_losses(f):
            for s in range(seats):
                others[s] += s not in losers
    return won, lost, others


def credited_losses(f: RowFacts) -> bool:
    """Whether the losses row ``f`` counts credit the others their 40 or 30: not in a played row whose declarer the
    totals tell and who won it. One row is one game, his win: another seat's fall or Verl. there stays that seat's
    loss as written (the lower reading for him), but no one else's lower reading has a game lost in it (before, the
    winner and the third seat were credited 40 each for a stray fall beside the win)."""
    return not (f.played and f.declarer is not None and f.outcome == WON and len(f.declarers) > 1)


def _row_outcomes(f: RowFacts) -> list[tuple[int, bool]]:
    """The seats row ``f`` counts a won or lost game for as written (0-based seat, won)."""
    if len(f.declarers) > 1 or f.game.passed or f.game.crossed_out:      # else written_outcomes has none
        outcomes = written_outcomes(f)
        if outcomes is not None:
            return outcomes
    if f.declarer is None or not f.played or not f.counts or f.outcome is None:
        return []
    return [(f.declarer, f.outcome == WON)]


def unclaimed_wins(f: RowFacts) -> tuple[int, ...]:
    """For a played row that several seats took, none of them by the totals alone (one row is one game, and the
    declarer is known only from the totals), the seats whose written figures take a win (his total not falling): by
    the lower reading for each it counts for none of them (SkWO 7.2.5), as in a passed or struck row. A loss written
    in several columns stays each seat's, as written. (Where the totals tell the declarer, another seat's figures that
    take a game there count none: :func:`not_declared`.)"""
    if not (f.played and f.counts and f.declarer is None and len(f.declarers) > 1):
        return ()
    cells = f.game.players
    return tuple(d for d, win in written_outcomes(f) or ()
                 if win and (cells[d].total is None or cells[d].total >= f.prev_total[d]))


def prev_cells(facts: list[RowFacts], i: int, seat: int, *fields: str) -> tuple[str, ...]:
    """The cells the 0-based ``seat``'s previous figures of ``fields`` ("total", "won", "lost") were read from,
    for the row ``facts[i]``, and the cells of the rows between that were read empty (before the seat's first
    figure: every cell above): a finding that compares with them rests on them too. Looked up backwards when
    a finding needs them, not kept for every row."""
    out = []
    for fld in fields:
        for k in range(i - 1, -1, -1):
            g = facts[k].game
            # the rows passed over were read empty in this column: were one of them misread, the
            # previous figure would be another (so the finding rests on them too)
            out.append(cell_ref(g.no, fld, seat + 1))
            if getattr(g.players[seat], fld) is not None:
                break
    return tuple(out)


def last_total_row(facts: list[RowFacts], i: int, seat: int) -> int:
    """The game number of the row before ``facts[i]`` where the 0-based ``seat`` last wrote a total (0: none)."""
    for k in range(i - 1, -1, -1):
        if facts[k].game.players[seat].total is not None:
            return facts[k].game.no
    return 0


def read_penalty_cells(sl: ScoreList, seat: int, after: int, before: Optional[int] = None) -> tuple[str, ...]:
    """The cells of the 0-based ``seat``'s points in the penalty entries entered after game ``after`` and before the
    row of game ``before`` (None: to the end) that a photo reader read (none on a typed list): the seat's next running
    total, or his footer's points, takes them in, so a finding about that figure rests on them too (a penalty read in
    doubt may be another figure)."""
    if not sl.penalties or not sl.readings:
        return ()
    return tuple(ref for k, p in enumerate(sl.penalties, start=1)
                 if after <= p.after and (before is None or p.after < before)
                 for ref in (f"penalty.{k}.points.{seat + 1}",) if ref in sl.readings)


def others_in_doubt(no: int, seat: int, seats: int, unsure) -> tuple[str, ...]:
    """The cells of the seats other than the 0-based ``seat`` in row ``no`` that are read in doubt (``unsure``: the
    list's cells read in doubt; none on a typed list): that ``seat`` alone played the row rests on them (another
    seat's total read empty in doubt may be a figure, and the row one several seats took)."""
    if not unsure:
        return ()
    return tuple(c for o in range(seats) if o != seat for c in seat_cells(no, o) if c in unsure)


def fits_in_doubt(facts: list[RowFacts], i: int, sl: ScoreList, unsure) -> tuple[str, ...]:
    """In row ``facts[i]``, one several seats took, the cells read in doubt that their previous totals were read from,
    and their penalty points since (``unsure``: the list's cells read in doubt): which of them the row's value fits,
    and so who declared it, rests on them (a penalty point read otherwise, and another seat's total follows from the
    row). Empty in any other row and on a typed list."""
    f = facts[i]
    if not unsure or len(f.declarers) < 2:
        return ()
    return tuple(c for d in f.declarers
                 for c in (*prev_cells(facts, i, d, "total"),
                           *read_penalty_cells(sl, d, last_total_row(facts, i, d), f.game.no)) if c in unsure)


def seat_cells(no: int, seat: int) -> tuple[str, ...]:
    """The cells of row ``no`` that make the 0-based ``seat`` one who played it: its total and counts."""
    return tuple(cell_ref(no, fld, seat + 1) for fld in ("total", "won", "lost"))


def game_cells(no: int) -> tuple[str, ...]:
    """The cells of row ``no`` its game value is computed from: Grundwert, mit/ohne and the marks."""
    return tuple(cell_ref(no, fld) for fld in ("base", "mit", "ohne", *MARK_FIELDS))


def written_value_cells(f: RowFacts) -> tuple[str, ...]:
    """The cells the row's written value (``written_delta``) was read from: its "+" or "-"."""
    g = f.game
    return tuple(cell_ref(g.no, fld) for fld in ("plus", "minus") if getattr(g, fld) is not None)


def declared_cells(facts: list[RowFacts], seats, unsure: frozenset = frozenset(),
                   only: Optional[str] = None, readings: Optional[dict] = None,
                   tallies: Optional[dict] = None) -> tuple[str, ...]:
    """The cells that say how the games of the 0-based ``seats`` went: in every played row one of them
    declared, its "+" or "-" and his total. The footer's counts, bonus and money follow from them. ``unsure``: the
    list's cells read in doubt (none on a typed list); of them, those that may make one of ``seats`` play a row or
    not, or change how a row one of them played went, count too (:func:`unsure_declared`); ``only``: WON or LOST
    where only the games won, or lost, are counted (a seat's Gew. or Verl. line, his loss money); ``readings``: the
    list's readings (their candidates tell which cells may make another seat take a row the totals give one);
    ``tallies``: the rows' counts with each reading of another seat's count read in doubt (:func:`count_tallies`)."""
    out = list(_declared_cells(facts, seats))
    if unsure:
        out += [c for c in unsure_declared(facts, seats, unsure, only, readings, tallies) if c not in out]
    return tuple(out)


def unsure_declared(facts: list[RowFacts], seats, unsure: frozenset, only: Optional[str],
                    readings: Optional[dict] = None, tallies: Optional[dict] = None) -> list[str]:
    """The cells of ``unsure`` that may change who of ``seats`` played a row, or how (:func:`declared_cells`): a
    figure of theirs that may be the only one they wrote in the row, or any of theirs in a row without "+" or "-"
    (one read empty may be a total: a "-" without a declarer, read with his total empty, is his lost game); in a row
    one of them played, another seat's figure that may be his only one there (a second declarer changes who is
    charged; not where only the games of one outcome are counted and the row is one declarer's game of the other: a
    win counts for none of several, a loss stays his) and a "+" or "-" whose being there or not changes the game's
    outcome. In a row several seats took, any of their figures may change who is charged, and their totals and the
    "+" or "-" whose game it was (:func:`shared_figures`). In a row whose one declarer the totals tell (his total,
    read surely, follows from the row's value), another seat's total read in doubt counts only where the reader saw
    a figure there that follows from the row's value too (a second declarer the totals cannot tell apart) or, in a
    row without counts, falls (a loss his total shows falling stays his): any other figure there counts no game for
    that seat (:func:`not_declared`). His Gew. or Verl. read in doubt counts unless ``tallies`` (:func:`count_tallies`)
    show that every reading of it leaves the counts of ``seats`` (all the counts, where ``only`` is None) as they
    are: a count beside a declarer who wrote none makes the row one that keeps counts, which then counts his game for
    no one, and it is a count the seat's later rows go on from, so it may change the counts or not. ``readings`` (the
    list's readings) tell what the reader saw; without them every such cell counts."""
    rows: dict[int, list] = {}
    for ref in unsure:
        game, seat, fld = parse_ref(ref)
        if game is not None and (fld in ("total", "won", "lost") if seat is not None else fld in ("plus", "minus")):
            rows.setdefault(game, []).append((seat, fld, ref))
    out = []
    for f in facts:
        g = f.game
        valued = g.plus is not None or g.minus is not None
        ours = any(d in seats for d in f.declarers)
        several = len(f.declarers) > 1
        for seat, fld, ref in sorted(rows.get(g.no, ()), key=lambda c: c[2]):
            if seat is None:
                if ours and (several or _outcome_turns(f, fld)):
                    out.append(ref)
                continue
            t = seat - 1
            if ours and several and fld == "total" and t in f.declarers:
                out.append(ref)     # whose game it was: the total that follows from the row's value (shared_figures)
                continue
            cells = g.players[t]
            if fld == "total" and readings is not None and ref in readings and _told_apart(f, t, unsure) \
                    and not _may_take(f, t, readings[ref]):
                continue            # the totals tell the row is another seat's game whatever the reader saw here
            if fld != "total" and tallies and ref in tallies and _steady(tallies[ref], seats, only):
                continue            # no reading of his count changes the counts asked for
            if valued and fld == "total" and any(getattr(cells, x) is not None for x in ("won", "lost")):
                continue            # he wrote in the row either way
            # a count read in doubt beside his other figures still counts: read as a figure, it may make the row one
            # that keeps counts, and so change his lost games (session 49's second review: a winner's Verl. read
            # empty, or 2), unless the tallies above show no reading changes them
            single = len(f.declarers) == 1 and f.declarer is not None
            outcome = _outcome(g, f.declarer, f.prev_total[f.declarer]) if single else None
            if only is not None and outcome is not None and outcome != only and (
                    t not in seats or t == f.declarer and getattr(cells, fld) is not None):
                continue            # one declarer's game of the other outcome: it is his, or none, either way
            if t in seats or ours:
                out.append(ref)
    return out


def count_tallies(sl: ScoreList, facts: list[RowFacts], unsure) -> dict:
    """For each Gew. or Verl. of ``unsure`` (read in doubt) in a row whose one declarer the totals tell, another seat
    (:func:`_told_apart`) or the count's own (:func:`_told_his`), the rows' counts (:func:`outcome_tally`) as read and
    with each reading of it the reader saw that the cell can hold (a referee's reading: the figure in the cell, its
    doubt lifted): whether such a count changes anything is worked out, not guessed (:func:`unsure_declared`). Empty on
    a typed list."""
    out = {}
    as_read: list[tuple] = []       # the rows' counts as read, worked out once, at the first count asked about

    def read_so() -> tuple:
        if not as_read:
            as_read.append(_tally(facts, sl.seats))
        return as_read[0]
    for ref in sorted(unsure):
        game, seat, fld = parse_ref(ref)
        if game is None or seat is None or fld not in ("won", "lost") or ref not in sl.readings:
            continue
        reading = sl.readings[ref]
        seen = {v for v in (reading.value, *(v for v, _ in reading.candidates)) if v is None or type(v) in (int, float)}
        if seen <= {reading.value}:
            out[ref] = (read_so(),)       # the reader saw nothing else in it: no reading changes a count
            continue
        i = next((i for i, f in enumerate(facts) if f.game.no == game), None)
        if i is None or not (_told_apart(facts[i], seat - 1, unsure) or _told_his(facts[i], seat - 1, unsure)) \
                or _told_in_doubt(sl, facts, i, ref, unsure):
            continue
        out[ref] = (read_so(), *(_tally(analyse(read_as(sl, ref, v)), sl.seats) for v in seen))
    return out


def _told_in_doubt(sl: ScoreList, facts: list[RowFacts], i: int, ref: str, unsure) -> bool:
    """Whether another cell read in doubt may change what row ``facts[i]`` is beside the count ``ref``: a cell of the
    row (its "+" or "-", its game, another seat's figure: read otherwise, the totals may no longer tell the declarer,
    or another count make the row keep counts), one the previous figures of the declarer, of the count's seat or of
    another seat who wrote in the row were read from, or their penalty points since (a seat that only repeats his
    figures did not play the row: read otherwise, the count may be his unchanged one, or a change). The count is
    then left to count: read otherwise, that cell may make it count (a "-" 144 read in doubt, or 1445: read so, the
    declarer's total no longer follows from the row, and a stray Verl. beside it may be a second declarer's lost
    game; seat 2's Verl. 1 in game 1 read in doubt, or 7: read so, his Verl. 1 in game 2 read in doubt, or empty, is
    a change, and a second declarer's lost game, where read 1 it is none)."""
    f = facts[i]
    d = f.declarer
    # a cell whose reader saw nothing else in it (its one reading, in doubt for its row) changes nothing read otherwise
    unsure = {c for c in unsure if c not in sl.readings
              or any(v != sl.readings[c].value for v, _ in sl.readings[c].candidates)}
    if any(c != ref and parse_ref(c)[0] == f.game.no for c in unsure):
        return True
    seats = {d, parse_ref(ref)[1] - 1} | {s for s, cells in enumerate(f.game.players) if not cells.empty}
    return any(c in unsure for s in sorted(seats)
               for c in (*prev_cells(facts, i, s, "total", "won", "lost"),
                         *read_penalty_cells(sl, s, last_total_row(facts, i, s), f.game.no)))


def _tally(facts: list[RowFacts], seats: int) -> tuple:
    return tuple(map(tuple, outcome_tally(facts, seats)))


def _steady(tallies: tuple, seats, only: Optional[str]) -> bool:
    """Whether the rows' counts ``tallies`` (:func:`count_tallies`, one per reading) agree on what a finding about the
    counts of ``seats`` rests on: their won (``only`` WON) or lost games (LOST), else every count of every seat."""
    if only is None:
        return len(set(tallies)) == 1
    k = 0 if only == WON else 1
    return len({tuple(t[k][s] for s in seats) for t in tallies}) == 1


def _row_deltas(f: RowFacts) -> set[int]:
    """What row ``f`` may move its declarer's total by: its "+" or "-" as written and the value that counts by the
    lowest-score rule (a loss written single counting double), a misplaced value's loss; empty without a "+" or "-"."""
    if f.written_delta is None:
        return set()
    counted = counted_delta(f.game, f.outcome, f.value, f.written_delta)
    charge = -f.lost_charge if f.lost_charge is not None else None
    return {d for d in (f.written_delta, counted, charge) if d is not None}


def _told_apart(f: RowFacts, t: int, unsure: frozenset) -> bool:
    """Whether the totals tell row ``f`` is the game of one seat other than the 0-based ``t``: his total, read surely,
    follows from the row's value."""
    d = f.declarer
    if d is None or d == t or cell_ref(f.game.no, "total", d + 1) in unsure:
        return False
    total = f.game.players[d].total
    return total is not None and any(total == f.prev_total[d] + x for x in _row_deltas(f))


def _told_his(f: RowFacts, t: int, unsure: frozenset) -> bool:
    """Whether the totals tell row ``f`` is the game of the 0-based seat ``t`` alone: his total, read surely, follows
    from the row's value (his own count read in doubt there is then worked out like another seat's)."""
    total = f.game.players[t].total
    return f.declarer == t and len(f.declarers) == 1 and total is not None \
        and cell_ref(f.game.no, "total", t + 1) not in unsure \
        and any(total == f.prev_total[t] + x for x in _row_deltas(f))


def _may_take(f: RowFacts, t: int, reading) -> bool:
    """Whether a total of the 0-based seat ``t`` in row ``f`` read as ``reading`` may still make the row his in any
    part: the value read or one of the candidates follows from the row's value (the totals no longer tell whose game
    it was) or falls where the row keeps no counts (a loss his total shows falling stays his; beside a Gew. or Verl.
    the counts say who won or lost, and he wrote none)."""
    before = f.prev_total[t]
    deltas = _row_deltas(f)
    counted = any(p.won is not None or p.lost is not None for p in f.game.players)
    seen = (reading.value, *(v for v, _ in reading.candidates))
    return any(isinstance(v, int) and (v - before in deltas or v < before and not counted) for v in seen)


def _outcome_turns(f: RowFacts, fld: str) -> bool:
    """Whether the outcome of row ``f`` turns with its "+" or "-" (``fld``) written or not: with both written the
    lower reading, lost; with neither the declarer's figures say it. Always where no single seat declared it."""
    g = f.game
    if f.declarer is None:
        return True
    before = f.prev_total[f.declarer]
    other = replace(g, **{fld: None if getattr(g, fld) is not None else 1})
    return _outcome(other, f.declarer, before) != _outcome(g, f.declarer, before)


def shared_figures(facts: list[RowFacts], unsure) -> frozenset:
    """The cells of ``unsure`` (read in doubt) that count for their figure, not only for holding one, in a row several
    seats took: its "+" or "-" and their totals tell whose game it was (the total that follows from the row's value),
    so another figure there may give the game to another seat."""
    if not unsure:
        return frozenset()
    return frozenset(c for f in facts if len(f.declarers) > 1
                     for c in (*written_value_cells(f), *(cell_ref(f.game.no, "total", d + 1) for d in f.declarers))
                     if c in unsure)


def _declared_cells(facts: list[RowFacts], seats) -> list[str]:
    """:func:`declared_cells` as the rows are written (the cells read in doubt aside)."""
    out: list[str] = []
    for f in facts:
        outcomes = written_outcomes(f)
        if outcomes is not None:
            # a passed or struck row's game, or one several seats took: the cells that count it for each of them
            for d, _ in outcomes:
                if d in seats:
                    out += written_value_cells(f)
                    out += [cell_ref(f.game.no, fld, d + 1) for fld in ("total", "won", "lost")
                            if getattr(f.game.players[d], fld) is not None]
            continue
        if f.played and f.counts and f.declarer in seats:
            out += written_value_cells(f)
            if f.game.players[f.declarer].total is not None:
                out.append(cell_ref(f.game.no, "total", f.declarer + 1))
    return out


def carried_game(f: RowFacts) -> Optional[int]:
    """The game a passed or struck row carries, signed as it was written, or None (none there, or no single seat took
    it): a "-" entry is a loss; a "+" (also 0) a win, unless the declarer's own figures say lost (``misplaced``: the
    loss as the value-column rule charges it); with neither, the declarer's total's change says it."""
    return _carried(f.game, f.declarer, f.prev_total, f.lost_charge)


def _carried(g: Game, s: Optional[int], prev_total, charge: Optional[int]) -> Optional[int]:
    if not (g.passed or g.crossed_out) or s is None:
        return None
    if g.minus is not None:
        return -g.minus
    if g.plus is not None:
        return g.plus if charge is None else -charge
    cells = g.players[s]
    return None if cells.total is None else cells.total - prev_total[s]


def written_outcomes(f: RowFacts) -> Optional[list[tuple[int, bool]]]:
    """For a passed or struck row that carries a game (a Ramsch is no won or lost game), and a played row several
    seats took, the seats it counts for as written and their outcomes (0-based seat, won): each as his written counts
    carry it (where the row keeps no counts, as his total does), but for the seats that did not declare it
    (:func:`not_declared`); None for every other row."""
    outcomes = _written_outcomes(f)
    if outcomes is None or f.declarer is None or not f.played:
        return outcomes
    cells = f.game.players
    return [(d, win) for d, win in outcomes if not _not_declared(cells[d], d, f, win)]


def not_declared(f: RowFacts) -> tuple[int, ...]:
    """For a played row whose declarer the totals tell (his total follows from the row's value), the other seats
    whose figures there take a game: a win (a count risen, or his total where the row keeps no counts), or a loss
    beside a total that did not fall. One row is one game, the declarer's: by the lowest point count (SkWO 7.2.5) such
    a figure is the seat's slip and counts no game for him (a stray Gew. was a second won game, 50 points; a stray
    Verl. a lost game that paid the others their 40 or 30 for it). A loss his total shows falling stays his, as
    written (the lower reading for him)."""
    if not f.played or f.declarer is None or len(f.declarers) < 2:
        return ()
    cells = f.game.players
    return tuple(d for d, win in _written_outcomes(f) or () if _not_declared(cells[d], d, f, win))


def _not_declared(cells, d: int, f: RowFacts, win: bool) -> bool:
    return d != f.declarer and (win or cells.total is None or cells.total >= f.prev_total[d])


def _written_outcomes(f: RowFacts) -> Optional[list[tuple[int, bool]]]:
    g = f.game
    if not ((g.passed or g.crossed_out) and not g.ramsch and (carried_game(f) is not None or len(f.declarers) > 1)
            or f.played and f.counts and len(f.declarers) > 1):
        return None
    counted = any(p.won is not None or p.lost is not None for p in g.players)
    out = []
    for d in f.declarers if len(f.declarers) > 1 else (f.declarer,):
        cells = g.players[d]
        if cells.won is not None and cells.won > f.prev_won[d]:
            out.append((d, True))
        elif cells.lost is not None and cells.lost > f.prev_lost[d]:
            out.append((d, False))
        elif not counted and cells.total is not None and cells.total != f.prev_total[d]:
            out.append((d, cells.total > f.prev_total[d]))
    return out
