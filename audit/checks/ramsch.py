"""A Ramsch row (reference 004): no declarer's game, only the loser loses his card points
(40 to 120, doubled by Bock), a Durchmarsch wins 120 (doubled by Bock).

Code: ramsch. The running total of the seat that wrote is checked like any row (running-total);
a Ramsch is no won or lost game, so its counts must not change (counter).
"""
from __future__ import annotations

from ..findings import WARNING, finding
from ..model import MARK_FIELDS, cell_ref
from ..ramsch import durchmarsch_value, loser_range
from ..rows import RowFacts


def check(facts: list[RowFacts], **_):
    for f in facts:
        g = f.game
        if not f.played or not g.ramsch:
            continue
        no = g.no
        columns = [c for c in ("base", "mit", "ohne") if getattr(g, c) is not None]
        columns += [m for m in MARK_FIELDS if getattr(g, m)]
        if columns:
            yield finding("ramsch", "ramsch.game-columns", game=no, field=columns[0],
                          written=getattr(g, columns[0]), cells=tuple(cell_ref(no, c) for c in columns))
        if g.kontra or g.re:
            field = "kontra" if g.kontra else "re"
            yield finding("ramsch", "ramsch.kontra", game=no, field=field, written=True,
                          cells=(cell_ref(no, field),))
        if g.plus is not None and g.minus is not None:
            yield finding("ramsch", "ramsch.plus-and-minus", game=no, field="minus", written=g.minus,
                          cells=(cell_ref(no, "plus"), cell_ref(no, "minus")))
        elif g.plus is not None:
            want = durchmarsch_value(g)
            if g.plus != want:
                yield finding("ramsch", "ramsch.durchmarsch", game=no, field="plus", written=g.plus,
                              expected=want, cells=(cell_ref(no, "plus"),))
        elif g.minus is not None:
            low, high = loser_range(g)
            if not low <= g.minus <= high:
                yield finding("ramsch", "ramsch.loser", game=no, field="minus", written=g.minus,
                              low=low, high=high, cells=(cell_ref(no, "minus"),))
        else:
            yield finding("incomplete-row", "incomplete.no-value", game=no, field="plus", severity=WARNING,
                          cells=(cell_ref(no, "plus"), cell_ref(no, "minus")))
