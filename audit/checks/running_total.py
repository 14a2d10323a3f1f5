"""Each value is added to or taken from the declarer's previous total at once (SkWO 8.11).

Code: running-total. The declarer's new total must be his previous written total plus the
row's "+" or minus its "-" (a "+" the declarer's own figures say is a lost game's value: minus what the correction
charges, :func:`~audit.rows.lost_column_loss`, SkWO 7.2.5). An error is reported once, where it happens: later
totals are checked against the written total before them (24, 58, 82 for three games of 24: one finding, at 58). A
total that follows from the corrected total before it and the row's corrected value is no error either (24, 58, 72:
the keeper came back to the right figure; before, 72 was told "58 +24 = 82"), unless the seat's chain before it holds a
figure fixed by the management that the correction overrules; on a list with cells read in doubt, only where the
correction gives it both with the doubts as read and as the rest of the list gives them, and a finding another
reading of a doubt before it answers is told in doubt (24, 38 read in doubt as 38 or 48, 72: if the paper says 38, 72
is a slip too, and the finding there stays, in doubt as 38 is; :func:`audit.auditor.run_checks`' ``came_back``). On a
list read from a photo a finding names, besides the total and what its expected figure came from, the seat's penalty
points read since his previous total and the other seats' cells of its row read in doubt (that he alone played the
row: another seat's total read empty may be a figure; in a row several seats took, that it is his rests on their
previous totals and penalty points read in doubt), in a row with a "+" where his total fell the game's columns read
in doubt (a lost game written in the "+" column charges by the game's value: "+24" for Kreuz mit 1 beside a total
fallen by 72 is a slip, its "mit 1" read in doubt, or "mit 2", makes it none: 2 x 36; "+20" for Kreuz mit 1 beside a
fall of 44 is a won game's slip, its Grundwert 12 read in doubt, or 11, makes it a lost one that charges 44); the
passed game's mark read in doubt the auditor adds (a passed row's figures are that finding's, not this one's).
"""
from __future__ import annotations

from ..findings import finding
from ..model import ScoreList, cell_ref
from ..rows import (RowFacts, fits_in_doubt, game_cells, last_total_row, others_in_doubt, prev_cells,
                    read_penalty_cells, written_value_cells)


def check(facts: list[RowFacts], *, sl: ScoreList, came_back, **_):
    unsure = sl.doubtful_cells()
    for i, f in enumerate(facts):
        if not f.played or f.declarer is None or f.written_delta is None:
            continue
        s = f.declarer
        written = f.game.players[s].total
        no = f.game.no
        # a value in the "+" column of a game the declarer's figures say he lost counts as lost (the value-column
        # finding): his total follows from the loss as the correction charges it
        delta = -f.lost_charge if f.misplaced else f.written_delta
        expected = f.prev_total[s] + delta
        if written == expected or written is not None and came_back(cell_ref(no, "total", s + 1), written,
                                                                    lambda c, i=i, s=s: _corrected_total(c.rows[i], s)):
            continue
        # the total's cell first (the one the finding is about), then what the expected total came from
        # and the penalty points he was given since his previous total, and the other seats' cells of the row read
        # in doubt (that he alone played it: read from a photo, typed lists name neither), and the game's cells read in
        # doubt that may turn his game
        rests_on = (cell_ref(no, "total", s + 1), *written_value_cells(f), *prev_cells(facts, i, s, "total"),
                    *read_penalty_cells(sl, s, last_total_row(facts, i, s), no),
                    *others_in_doubt(no, s, sl.seats, unsure), *fits_in_doubt(facts, i, sl, unsure),
                    *_game_in_doubt(f, s, unsure))
        if written is None:
            yield finding("running-total", "total.missing", game=no, seat=s + 1, field="total",
                          expected=expected, cells=rests_on)
        else:
            yield finding("running-total", "total.wrong", game=no, seat=s + 1, field="total",
                          written=written, expected=expected, previous=f.prev_total[s],
                          delta=delta, cells=rests_on)


def _game_in_doubt(f: RowFacts, s: int, unsure) -> tuple[str, ...]:
    """The cells of row ``f`` read in doubt whose reading may turn the game the 0-based declarer ``s`` played: where
    his total fell in a row with a "+", the game's columns (a lost game written in the "+" column charges by the game's
    value, and read otherwise the "+" may be one, or not). Its passed game's mark the auditor names for every finding
    the mark turns (:func:`audit.auditor._on_passed_marks`)."""
    no, total = f.game.no, f.game.players[s].total
    fell = f.misplaced or total is not None and f.game.plus is not None and total < f.prev_total[s]
    return tuple(c for c in game_cells(no) if c in unsure) if fell else ()


def _corrected_total(corrected_row, s: int):
    """The 0-based seat ``s``'s total a corrected row (the row, the totals before it) gives: his corrected total
    before it and the row's corrected value (None without one)."""
    g, before = corrected_row
    value = g.plus if g.plus is not None else None if g.minus is None else -g.minus
    return None if value is None else before[s] + value
