"""Who played each row: one declarer, never the dealer at a four-seat table, none in a passed game.

Codes: several-declarers, dealer-declared (SkWO 5.1: at four seats the opposing party is "die beiden Gegenspieler
und der Kartengeber", so the dealer sits out and cannot be the declarer; the deal passes to the left with every row
but one struck through, after which the same dealer deals again; a struck row that carries a lost game, which the
correction counts as played, passes the deal),
passed-game (an "eingepasst" or struck-out row carries no value, SkWO 9.4, 7.2.1), incomplete-row (a value but no
declarer). A seat played a row when its total or counts are written there: a finding about who played
rests on those cells (:func:`~audit.rows.seat_cells`).
"""
from __future__ import annotations

from ..findings import WARNING, finding
from ..model import ScoreList, cell_ref
from ..rows import (RowFacts, carried_game, not_declared, seat_cells, unclaimed_wins, written_outcomes,
                    written_value_cells)
from ..score import OTHERS_LOST


def check(facts: list[RowFacts], *, sl: ScoreList, **_):
    four = sl.seats == 4
    deals = 0
    for f in facts:
        g = f.game
        no = g.no
        # the deals before this row: a row struck through (a keeper's wrong row, a misdeal) passes no deal, the same
        # dealer deals again, unless it carries a lost game (the correction counts it as played; a won one it counts
        # for nothing); rows struck after the last game come after every game
        carried = carried_game(f)
        deal, deals = deals + 1, deals + (not g.crossed_out or carried is not None and carried < 0)
        if g.blank:
            continue
        if g.passed or g.crossed_out:
            # a row that carries no game, with a value or a seat's figures in it: passed (SkWO 9.4) or struck out,
            # which leaves the list ambiguous (SkWO 7.2.1); the correction counts it by the lower reading
            if g.plus is not None or g.minus is not None or f.declarers:
                seat = (f.declarer if f.declarer is not None else f.declarers[0]) + 1 if f.declarers else None
                mark = "passed" if g.passed else "crossed_out"
                yield finding("passed-game", "passed.value" if g.passed else "struck.value", game=no, seat=seat,
                              field=mark, written=g.plus if g.plus is not None else g.minus,
                              cells=(cell_ref(no, mark), cell_ref(no, "plus"), cell_ref(no, "minus"),
                                     *(c for s in f.declarers for c in seat_cells(no, s))))
            continue
        if len(f.declarers) > 1:
            seats = ", ".join(str(s + 1) for s in f.declarers)
            # with no declarer from the totals (one row is one game): a win counts for none of them, a loss stays each
            # one's and credits the others once (SkWO 7.2.5, the correction)
            losers = [d for d, win in written_outcomes(f) or () if not win] if f.declarer is None else []
            # the declarer known from the totals and every other seat's figures a slip that counts no game for him
            stray = not_declared(f)
            stray = stray if len(stray) == len(f.declarers) - 1 else ()
            key = ("declarers.several-won" if unclaimed_wins(f) else
                   "declarers.several-lost" if len(losers) > 1 else
                   "declarers.stray" if stray else "declarers.several")
            # a stray count's cell first: the one the finding is about, marked on the page and the photo (before, the
            # declarer's right total was marked red)
            lead = tuple(cell_ref(no, fld, s + 1) for s in stray for fld in ("won", "lost")
                         if getattr(g.players[s], fld) is not None)
            yield finding("several-declarers", key, game=no, field="total",
                          written=[s + 1 for s in f.declarers], seats=seats, credit=OTHERS_LOST[sl.seats],
                          declarer=None if f.declarer is None else f.declarer + 1,
                          stray=", ".join(str(s + 1) for s in stray),
                          cells=(*lead, *(c for s in f.declarers for c in seat_cells(no, s) if c not in lead),
                                 *written_value_cells(f)))
        elif not f.declarers:
            if g.plus is not None or g.minus is not None:
                # a value but no seat's figures: every seat's cells read empty, and the value itself
                yield finding("incomplete-row", "declarers.none", game=no, field="total",
                              severity=WARNING, cells=(*written_value_cells(f),
                                                       *(c for s in range(sl.seats) for c in seat_cells(no, s))))
        if four:
            dealer = sl.table.dealer(deal)
            # a seat whose figures are his slip beside the declarer the totals tell (not_declared) played no game
            # there: the several-declarers finding tells that slip, once
            if dealer in f.declarers and dealer not in not_declared(f):
                yield finding("dealer-declared", "dealer", game=no, seat=dealer + 1, field="total",
                              written=dealer + 1, cells=seat_cells(no, dealer))
