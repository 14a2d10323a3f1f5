"""All players sign: without every signature the list has no document value (SkWO 7.2.3, 9.11).

Code: missing-signature, one finding per unsigned seat. A typed list that did not record the
signatures (``signatures`` is None) cannot be checked: a warning says so, so that the referee
knows the document value was not checked here (before: nothing was said).
"""
from __future__ import annotations

from ..findings import WARNING, finding
from ..model import ScoreList, cell_ref


def check(facts, *, sl: ScoreList, **_):
    if sl.signatures is None:
        yield finding("missing-signature", "signature.unrecorded", severity=WARNING, field="signature")
        return
    for s, signed in enumerate(sl.signatures):
        if not signed:
            yield finding("missing-signature", "signature", seat=s + 1, field="signature",
                          cells=(cell_ref(None, "signature", s + 1),))
