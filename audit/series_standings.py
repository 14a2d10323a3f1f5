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
from .standings import PlayerLine, ShownLine, rank


@dataclass
class SeriesLine(ShownLine):
    """A player's line in one series' ranking: his result there, its figures under the names of the overall line's
    (:class:`audit.standings.PlayerLine`), which the ranking and the standings' tables read of both."""
    player: PlayerLine
    series: int
    table: Optional[int]
    seat: int
    result: SeatResult
    start_number: str
    read_as: str
    #: the list file of the player's result in the series
    source: str
    points: int
    won: int
    lost: int
    others_lost: int
    score: int
    penalty: int
    money: Decimal
    #: the money is charged for fewer lost games than ``lost`` (a higher written Verl. kept)
    money_apart: bool
    #: open reading doubts on the series' list (every cell of it counts for every player at its table)
    doubts: int = 0
    #: the start number was read in doubt on the series' list
    start_in_doubt: bool = False
    place: int = 0
    tie: bool = False

    @classmethod
    def of(cls, p: PlayerLine, series: int) -> SeriesLine:
        """The line of the player ``p`` of the standings in ``series``, which he played."""
        table, seat, _, r = p.series[series]
        doubts, in_doubt = p.series_doubts.get(series, (0, False))
        return cls(player=p, series=series, table=table, seat=seat, result=r, start_number=p.start_number,
                   read_as=p.read_as, source=p.sources.get(series, ""), points=r.points, won=r.won, lost=r.lost,
                   others_lost=r.others_lost, score=r.score, penalty=r.penalty, money=Decimal(str(r.money)),
                   money_apart=r.money_apart, doubts=doubts, start_in_doubt=in_doubt)


def series_numbers(lines: Iterable[PlayerLine]) -> list[int]:
    """The series the standings' lists belong to, in order (a list without a series number belongs to none)."""
    return sorted({s for p in lines for s in p.series if s is not None})


def series_standings(lines: Iterable[PlayerLine], series: int) -> list[SeriesLine]:
    """The ranking of ``series``: each player of the standings ``lines`` who played it, by his result there."""
    return rank([SeriesLine.of(p, series) for p in lines if series in p.series])
