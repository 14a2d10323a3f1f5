"""The Gew./Verl. running counts: the declarer's won (or lost) count rises by one (SkWO 7.2.1).

Code: counter. Only checked on lists that keep the counts at all. A slip is reported where it happens: later counts
are checked against the written count before them, and a count the correction gives (the corrected won or lost games)
is no error either (where the correction works the row's value out, after no fixed figure of the seat's that the
correction overrules; on a list with cells read in doubt, only where it is the correction's both with the doubts as
read and as the rest of the list gives them; a finding another reading of a doubt before it answers is told in
doubt). The counts are checked at all only where the list keeps them: a count missing is a finding only beside the
counts the list holds, so where every count on the list is read in doubt, each count finding rests on them too (for
holding a figure: a list read from a photo with a single count, in doubt whether it is ink, keeps no counts if it is
none; before, its 40 findings "count missing" were told as errors on paper). A finding names the other seats' cells
of its row read in doubt too: that the count's seat alone played the row rests on them; and in a row several seats
took, the cells read in doubt their previous totals and penalty points since were read from (whose total the row's
value fits tells who declared it).
"""
from __future__ import annotations

from dataclasses import replace

from ..findings import finding
from ..model import ScoreList, cell_ref
from ..rows import WON, RowFacts, fits_in_doubt, game_cells, others_in_doubt, prev_cells, written_value_cells


def check(facts: list[RowFacts], *, sl: ScoreList, counters: bool, came_back, **_):
    if not counters:
        return
    kept_by = _kept_only_by_doubts(sl)
    unsure = sl.doubtful_cells()
    rows = {fact.game.no: i for i, fact in enumerate(facts)}
    for f in _findings(facts, came_back):
        # that the count's seat alone played the row rests on the other seats' cells of it read in doubt, and in a
        # row several seats took, that it is his on their previous totals and penalty points read in doubt
        others = others_in_doubt(f.game, f.seat - 1, sl.seats, unsure) + fits_in_doubt(facts, rows[f.game], sl, unsure)
        others = tuple(c for c in dict.fromkeys(others) if c not in f.cells)
        if others:
            f = replace(f, cells=f.cells + others)
        if kept_by:
            more = tuple(c for c in kept_by if c not in f.cells)
            f = replace(f, cells=f.cells + more, presence=f.presence + more)
        yield f


def _kept_only_by_doubts(sl: ScoreList) -> tuple[str, ...]:
    """The count cells that show the list keeps counts, where every one of them is read in doubt (else none: a count
    read surely keeps them, and a typed list has no doubts): whether the list keeps counts rests on them."""
    if not sl.readings:
        return ()
    kept_by = tuple(cell_ref(g.no, fld, s + 1) for g in sl.games for s, p in enumerate(g.players)
                    for fld in ("won", "lost") if getattr(p, fld) is not None)
    doubtful = sl.doubtful_cells()
    return kept_by if all(c in doubtful for c in kept_by) else ()


def _findings(facts: list[RowFacts], came_back):
    for i, f in enumerate(facts):
        if f.played and not f.counts and f.declarer is not None:
            # a Ramsch is no won or lost game (reference 004): the counts stay
            s = f.declarer
            cells = f.game.players[s]
            for field, prev in (("won", f.prev_won[s]), ("lost", f.prev_lost[s])):
                written = getattr(cells, field)
                if written is not None and written != prev:
                    yield finding("counter", "counter.ramsch", game=f.game.no, seat=s + 1, field=field,
                                  written=written, expected=prev, cells=(cell_ref(f.game.no, field, s + 1),))
            continue
        if not f.played or f.declarer is None or f.outcome is None:
            continue
        s = f.declarer
        cells = f.game.players[s]
        no = f.game.no
        if f.outcome == WON:
            rising, rising_prev, still, still_prev = "won", f.prev_won[s], "lost", f.prev_lost[s]
        else:
            rising, rising_prev, still, still_prev = "lost", f.prev_lost[s], "won", f.prev_won[s]
        written, other = getattr(cells, rising), getattr(cells, still)
        # a count missing from its column while the other column holds a wrong one is one slip, the count written
        # in the wrong column (or on the line between them, read in the other cell): each finding rests on both
        # cells, so that a doubt about either makes both doubtful
        crossed = written is None and other is not None and other != still_prev
        if written != rising_prev + 1 \
                and not _corrected(written, came_back, i, no, s, rising):
            key = "counter.missing" if written is None else "counter.wrong"
            yield finding("counter", key, game=no, seat=s + 1, field=rising, written=written,
                          expected=rising_prev + 1, outcome=f.outcome,
                          cells=_rests_on(facts, i, s, rising) + ((cell_ref(no, still, s + 1),) if crossed else ()))
        if other is not None and other != still_prev \
                and not _corrected(other, came_back, i, no, s, still):
            yield finding("counter", "counter.other", game=no, seat=s + 1, field=still, written=other,
                          expected=still_prev, outcome=f.outcome,
                          cells=_rests_on(facts, i, s, still) + ((cell_ref(no, rising, s + 1),) if crossed else ()))


def _corrected(written, came_back, i: int, no: int, seat: int, field: str) -> bool:
    """Whether the count ``written`` is the one the correction gives the 0-based ``seat`` in row ``i`` (game ``no``;
    a count of the corrected won or lost games, ``came_back``): the keeper came back to the right count after a slip
    before (1, 3, 3 for three won games: one finding, at 3 for 2; before, a second one "expected 4"). Only a count the
    correction worked out counts so, in a row whose value it gives (one it cannot work out carries the written count,
    which would vouch for itself: Gew. 1, 3 in a row without one)."""
    return written is not None and came_back(cell_ref(no, field, seat + 1), written, lambda c: getattr(
        c.rows[i][0].players[seat], field) if _worked_out(c.rows[i][0]) else None)


def _worked_out(row) -> bool:
    """Whether the correction gave the corrected ``row`` a value (a "+" or "-")."""
    return row.plus is not None or row.minus is not None


def _rests_on(facts: list[RowFacts], i: int, seat: int, field: str) -> tuple[str, ...]:
    """The count's cell, the seat's previous count and what says the game was won or lost: the row's "+" or
    "-", else the declarer's total against his previous one; in a row whose "+" its declarer's figures make a lost
    game (:attr:`RowFacts.misplaced`) those too, the game's columns the fall is matched with, and his Gew. where one
    read in doubt may have risen (:attr:`RowFacts.gew_unsure`: read so, the row is won and this count not missing)."""
    f = facts[i]
    no = f.game.no
    total = (cell_ref(no, "total", seat + 1), *prev_cells(facts, i, seat, "total"))
    outcome = written_value_cells(f) or total
    if f.misplaced:
        outcome = (*outcome, *total, *game_cells(no))
        if f.gew_unsure:
            outcome = (*outcome, cell_ref(no, "won", seat + 1), *prev_cells(facts, i, seat, "won"))
    return tuple(dict.fromkeys((cell_ref(no, field, seat + 1), *prev_cells(facts, i, seat, field), *outcome)))

