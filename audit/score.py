"""Tournament figures: Seeger-Fabian (SkWO 5.1, 8.12) and the cent settlement of private lists.

>>> seeger_fabian([937], [18], [3], 4, others=[14]).score
(2107,)
>>> cents([47, 140, -94])
[48, 327, -375]
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from .rows import RowFacts, outcome_tally

BONUS_PER_GAME = 50
#: Credit to each other player for a declarer's lost game: 40 at three seats, 30 at four
#: (the dealer who sat out included).
OTHERS_LOST = {3: 40, 4: 30}


@dataclass(frozen=True)
class FooterFigures:
    points: tuple[int, ...]
    won: tuple[int, ...]
    lost: tuple[int, ...]
    bonus: tuple[int, ...]
    others_lost: tuple[int, ...]
    score: tuple[int, ...]


def seeger_fabian(points: Sequence[int], won: Sequence[int], lost: Sequence[int], seats: int,
                  others: Optional[Sequence[int]] = None) -> FooterFigures:
    """Seeger-Fabian figures per seat from game points and won/lost counts.

    ``others`` are the games lost by the other players of each seat; by default they are
    taken from ``lost`` (all seats of one table).

    >>> seeger_fabian([47, 140, -94], [2, 2, 0], [0, 0, 2], 3).score
    (227, 320, -194)
    """
    if others is None:
        all_lost = sum(lost)
        others = [all_lost - lo for lo in lost]
    bonus = tuple((w - lo) * BONUS_PER_GAME for w, lo in zip(won, lost))
    others_pts = tuple(o * OTHERS_LOST[seats] for o in others)
    score = tuple(p + b + o for p, b, o in zip(points, bonus, others_pts))
    return FooterFigures(tuple(points), tuple(won), tuple(lost), bonus, others_pts, score)


def final_totals(facts: list[RowFacts], seats: int) -> list[int]:
    """Each seat's last written running total (0 for a seat that never played), plus the
    penalty points entered after it (reference 002)."""
    return list(facts[-1].points_after) if facts else [0] * seats


def from_rows(facts: list[RowFacts], seats: int) -> FooterFigures:
    """The footer that the rows, as written, give (the others' lost games each row once: :func:`outcome_tally`)."""
    won, lost, others = outcome_tally(facts, seats)
    return seeger_fabian(final_totals(facts, seats), won, lost, seats, others=others)


def cents(finals: Sequence[int]) -> list[int]:
    """Endzahlsummenverfahren (reference 001): players x own final - sum of finals, 1 cent a point.

    The figures always sum to zero.
    """
    n, total = len(finals), sum(finals)
    return [n * f - total for f in finals]
