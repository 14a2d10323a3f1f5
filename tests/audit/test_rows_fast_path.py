"""audit.rows.analyse reads a list without following the correction's figures where no row's "+" can be contradicted
by its declarer's figures (that following doubled its time, and the bench_audit figure went over its 10 s), and
follows them otherwise: the facts are the same either way (and the totals before each row are rows.totals_before's,
which the running-total check reads on the corrected list)."""
import random
from dataclasses import fields, replace

import pytest

import audit.simulate as S
from audit.rows import _analyse, analyse, totals_before


def _same(a, b) -> bool:
    # an impossible game's exception is a new object each time: compare its words
    return len(a) == len(b) and all(
        (str(getattr(x, f.name)) if f.name == "impossible" else getattr(x, f.name))
        == (str(getattr(y, f.name)) if f.name == "impossible" else getattr(y, f.name))
        for x, y in zip(a, b) for f in fields(x))


@pytest.mark.parametrize("seats", [3, 4])
def test_the_facts_are_those_of_a_reading_that_follows_the_correction(seats):
    taken_fast = 0
    for seed in range(25):
        rng = random.Random(seed)
        sl = S.simulate(rng, seats=seats, penalties=seed % 3 == 0)
        lists = [sl] + [S.seeded(random.Random(seed), kind, seats)[0] for kind in S.ERROR_KINDS]
        lost = [g for g in sl.games if g.minus is not None and g.plus is None and not g.ramsch and not g.passed]
        won = [g for g in sl.games if g.plus is not None]
        if lost and won:
            g, w = rng.choice(lost), rng.choice(won)
            moved = replace(g, plus=g.minus // (1 + seed % 2), minus=None)       # a loss under "+"
            d = next(i for i, p in enumerate(w.players) if p.total is not None)
            blank = replace(w, players=tuple(replace(p, total=None) if i == d else p for i, p in enumerate(w.players)))
            lists.append(replace(sl, games=tuple(moved if x.no == g.no else x for x in sl.games)))
            lists.append(replace(sl, games=tuple(moved if x.no == g.no else blank if x.no == w.no else x
                                                 for x in sl.games)))
            # a Verl. risen by one beside a won game's "+", its total written as before: the count says lost
            e = next(i for i, q in enumerate(w.players) if q.total is not None)
            lost_before = [x.players[e].lost for x in sl.games if x.no < w.no and x.players[e].lost is not None]
            total_before = [x.players[e].total for x in sl.games if x.no < w.no and x.players[e].total is not None]
            slip = replace(w, players=tuple(replace(q, total=(total_before or [0])[-1], lost=(lost_before or [0])[-1]
                                                    + 1) if i == e else q for i, q in enumerate(w.players)))
            lists.append(replace(sl, games=tuple(slip if x.no == w.no else x for x in sl.games)))
        for one in lists:
            assert _same(analyse(one), _analyse(one, follow=True))
            assert totals_before(one) == [f.prev_total for f in analyse(one)]
            taken_fast += _analyse(one, follow=False) is not None
    assert taken_fast > 25          # the clean lists and most slips take the fast way


def test_a_total_left_blank_before_a_plus_row_is_followed():
    """The declarer's total left blank in a won row: the correction's total comes above the written one, and a later
    "+" row's total written at the old figure falls against it (the fast reading gives way there)."""
    from audit.model import SeatCells
    from tests.audit.builders import make_list, row
    rows = [row(1, 3, seat=1, won=1, base=12, mit=1, plus=24), row(2, 3, seat=1, total=0, won=2, base=12, mit=1,
                                                                      plus=24)]
    rows[0] = replace(rows[0], players=(SeatCells(won=1, lost=0),) + rows[0].players[1:])
    sl = make_list(rows, games=2, signatures=None)
    assert _same(analyse(sl), _analyse(sl, follow=True)) and _analyse(sl, follow=False) is None
