"""Does the row's "+" or "-" entry match the value its game columns give (ISkO 2.5, 2.5.11, 3.6)?

Codes: value-mismatch (also a value in the "+" column of a game the declarer's own figures say he lost: the lower
reading, lost, counts, SkWO 7.2.5), single-counted-loss, overbid (info), impossible-value, incomplete-row. A finding
about the value rests on every game column it is computed from (:func:`~audit.rows.game_cells`), the "+" or "-"
(or the impossible column) first; a row left incomplete rests on what makes it a played row (its declarer's
cells, or else its game columns; its value). A finding about the "+" or "-" names the other entry too where it is
read empty in doubt (a figure there makes the row one with both, another finding).
"""
from __future__ import annotations

from dataclasses import replace

from ..findings import INFO, WARNING, finding
from ..model import ScoreList, cell_ref
from ..overbid import charged_at_the_bid, explained_bids, overbid_loss, written_single
from ..rows import RowFacts, game_cells, prev_cells, seat_cells, written_value_cells


def check(facts: list[RowFacts], *, sl: ScoreList, **_):
    unsure = sl.doubtful_cells()
    for i, f in enumerate(facts):
        g = f.game
        if not f.played or g.ramsch:
            continue
        no = g.no
        if f.impossible is not None:
            exc = f.impossible
            own = cell_ref(no, exc.field)
            yield finding("impossible-value", "impossible." + exc.key, game=no, field=exc.field,
                          written=getattr(g, exc.field, None),
                          cells=(own, *(c for c in game_cells(no) if c != own)), **exc.params)
        if g.plus is not None and g.minus is not None:
            yield finding("impossible-value", "impossible.plus-and-minus", game=no, field="minus",
                          written=g.minus, cells=(cell_ref(no, "plus"), cell_ref(no, "minus")))
            continue
        if g.plus is None and g.minus is None:
            if f.declarer is not None or g.has_game_columns:
                # a row with a declarer, or a game, but no value: it rests on what makes it a played row too
                yield finding("incomplete-row", "incomplete.no-value", game=no, field="plus",
                              severity=WARNING, expected=f.value,
                              cells=(cell_ref(no, "plus"), cell_ref(no, "minus"),
                                     *(seat_cells(no, f.declarer) if f.declarer is not None else game_cells(no))))
            continue
        if f.misplaced:
            # "+" written, the declarer's total fell or his Verl. rose: the lost reading counts, the value written or
            # the columns' (the higher), twice, or the "+" itself where it is twice the value (the loss figure); it
            # rests on the game columns too (the value the fall is matched with), and where a Gew. read in doubt may
            # have risen on his Gew. cells too (one that rose says won: audit.rows._says_lost, RowFacts.gew_unsure)
            s = f.declarer
            counts = ("total", "lost", "won") if f.gew_unsure else ("total", "lost")
            yield finding("value-mismatch", "value.column", game=no, field="plus", written=g.plus, declarer=s + 1,
                          expected=f.lost_charge,
                          cells=(cell_ref(no, "plus"), cell_ref(no, "minus"), *game_cells(no),
                                 *(cell_ref(no, fld, s + 1) for fld in counts if getattr(g.players[s], fld) is not None
                                   or fld == "won"),
                                 *prev_cells(facts, i, s, *counts)))
            continue
        if f.value is None:
            if not g.has_game_columns:
                # a value but no game: every game column read empty, and the value itself
                yield finding("incomplete-row", "incomplete.no-game", game=no, field="base",
                              severity=WARNING, cells=(*game_cells(no), *written_value_cells(f)))
            continue
        value = f.value
        # the other entry read empty in doubt: were it a figure, the row would hold both (impossible.plus-and-minus)
        other = () if not unsure else tuple(c for c in (cell_ref(no, "minus" if g.plus is not None else "plus"),)
                                            if c in unsure)
        if g.plus is not None:
            if g.plus != value:
                yield finding("value-mismatch", "value.plus", game=no, field="plus", written=g.plus,
                              expected=value, cells=(cell_ref(no, "plus"), *game_cells(no), *other))
            continue
        minus = g.minus
        if minus == 2 * value:
            continue
        base = g.base
        factor = g.factor
        bids = explained_bids(minus, base, value, factor)
        if bids:
            f_ = finding("overbid", "overbid", severity=INFO, game=no, field="minus", written=minus,
                         cells=(cell_ref(no, "minus"), *other), bid_low=bids[0], bid_high=bids[-1],
                         charged=minus // 2)
            yield replace(f_, extra={"bids": list(bids), "game_value": value})
        elif written_single(minus, base, value, factor):
            # the game's value, or an overbid's charge (an odd multiple of the Grundwert above it), written once: the
            # message says which, the second (Herz mit 1, "-" 30 for 60) not being the game's value as written
            step = base * factor
            yield finding("single-counted-loss", "single-loss" if minus == value else "single-loss-overbid",
                          game=no, field="minus", written=minus, expected=2 * minus,
                          cells=(cell_ref(no, "minus"), *game_cells(no), *other), times=minus // step, step=step)
        elif (bid := charged_at_the_bid(minus, base, value, factor)) is not None:
            # twice the bid charged: the finding says what an overbid at that bid is charged (ISkO 3.6); the
            # correction takes the lower of the two written facts as for any wrong value, it invents no bid
            charge = overbid_loss(bid, base)
            f_ = finding("value-mismatch", "value.minus-bid", game=no, field="minus", written=minus,
                         expected=2 * value, cells=(cell_ref(no, "minus"), *game_cells(no), *other), bid=bid,
                         charge=charge)
            yield replace(f_, extra={"bid": bid, "overbid_charge": charge})
        else:
            yield finding("value-mismatch", "value.minus", game=no, field="minus", written=minus,
                          expected=2 * value, cells=(cell_ref(no, "minus"), *game_cells(no), *other))
