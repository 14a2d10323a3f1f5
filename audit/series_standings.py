"""One series' ranking: the series prizes many tournaments give, and a series at a glance for the referee while the
next is played.

The lines are the overall standings' (:func:`audit.standings.standings`: every list audited and corrected, stand-in
lines for start numbers read in doubt), each player's result in the one series only, ranked as the standings are
(:func:`audit.standings.rank`, SkWO 5.1: score, then more games won, then fewer games lost, then the lot). The
doubts a line carries are those of the series' list alone.
"""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Iterable, Optional

from .auditor import SeatResult
from .score import BONUS_PER_GAME
from .standings import PlayerLine, rank


@dataclass
class SeriesLine:
    player: PlayerLine
    series: int
    table: Optional[int]
    seat: int
    result: SeatResult
    #: open reading doubts on the series' list (every cell of it counts for every player at its table)
    doubts: int = 0
    #: the start number was read in doubt on the series' list
    start_in_doubt: bool = False
    place: int = 0
    tie: bool = False

    @property
    def start_number(self) -> str:
        return self.player.start_number

    @property
    def shown(self) -> str:
        return f"{self.start_number}{'?' if self.start_in_doubt else ''}"

    @property
    def read_as(self) -> str:
        return self.player.read_as

    @property
    def points(self) -> int:
        return self.result.points

    @property
    def won(self) -> int:
        return self.result.won

    @property
    def lost(self) -> int:
        return self.result.lost

    @property
    def others_lost(self) -> int:
        return self.result.others_lost

    @property
    def score(self) -> int:
        return self.result.score

    @property
    def penalty(self) -> int:
        return self.result.penalty

    @property
    def money(self) -> Decimal:
        return Decimal(str(self.result.money))

    @property
    def source(self) -> str:
        """The list file of the player's result in the series."""
        return self.player.sources.get(self.series, "")

    @property
    def money_apart(self) -> bool:
        """Whether the money is charged for fewer lost games than ``lost`` (a higher written Verl. kept)."""
        return self.result.money_apart

    @property
    def kept_score(self) -> bool:
        """Whether the score is not its parts' sum: a lower written footer score stands (SkWO 7.2.5)."""
        r = self.result
        return r.score != r.points + BONUS_PER_GAME * (r.won - r.lost) + r.others_lost


def series_numbers(lines: Iterable[PlayerLine]) -> list[int]:
    """The series the standings' lists belong to, in order (a list without a series number belongs to none)."""
    return sorted({s for p in lines for s in p.series if s is not None})


def series_standings(lines: Iterable[PlayerLine], series: int) -> list[SeriesLine]:
    """The ranking of ``series``: each player of the standings ``lines`` who played it, by his result there."""
    out = []
    for p in lines:
        if series not in p.series:
            continue
        table, seat, _, result = p.series[series]
        doubts, in_doubt = p.series_doubts.get(series, (0, False))
        out.append(SeriesLine(p, series, table, seat, result, doubts, in_doubt))
    return rank(out)
