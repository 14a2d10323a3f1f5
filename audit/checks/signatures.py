"""All players sign: without every signature the list has no document value (SkWO 7.2.3, 9.11).

Code: missing-signature, one finding per unsigned seat. A typed list that did not record the
signatures (``signatures`` is None) is not checked.
"""
from __future__ import annotations

from ..findings import finding
from ..model import ScoreList, cell_ref


def check(facts, *, sl: ScoreList, **_):
    if sl.signatures is None:
        return
    for s, signed in enumerate(sl.signatures):
        if not signed:
            yield finding("missing-signature", "signature", seat=s + 1, field="signature",
                          cells=(cell_ref(None, "signature", s + 1),))
