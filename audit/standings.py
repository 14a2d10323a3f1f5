"""Tournament standings across tables and series (SkWO 5.1): players by start number.

Each list is audited and corrected first; a player's figures are summed over his series.
Ranking: higher Seeger-Fabian score; on equal score more games won; then fewer games lost;
players still equal share the place and are marked for the lot (``tie``).

A photographed list can still hold cells the reader doubts (``ScoreList.doubtful_cells``): an error on paper
is corrected before the scores are summed, a reading doubt is not, so a player line resting on such a list is
provisional (``doubts``), and one whose start number was read in doubt may be another player's
(``start_in_doubt``) until the referee settles the list.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Iterable, Optional

from .auditor import Audit
from .score import BONUS_PER_GAME


class ShownLine:
    """What a line of the standings shows beside its figures (``start_number``, ``start_in_doubt``, ``points``,
    ``won``, ``lost``, ``others_lost``, ``score``): the overall line's and one series' (:mod:`audit.series_standings`)
    alike."""

    @property
    def kept_score(self) -> bool:
        """Whether the score is not its parts' sum (points + 50 x (won - lost) + others' losses): a lower written
        footer score stands on one of the player's lists (SkWO 7.2.5; the list's page names it)."""
        return self.score != self.points + BONUS_PER_GAME * (self.won - self.lost) + self.others_lost

    @property
    def shown(self) -> str:
        """The start number as the standings show it: "12?" when it was read in doubt."""
        return f"{self.start_number}{'?' if self.start_in_doubt else ''}"


@dataclass
class PlayerLine(ShownLine):
    start_number: str
    points: int = 0
    won: int = 0
    lost: int = 0
    others_lost: int = 0
    score: int = 0
    money: Decimal = Decimal(0)
    #: penalty points included in ``points`` (reference 002)
    penalty: int = 0
    #: series -> (table, seat, score, SeatResult)
    series: dict = field(default_factory=dict)
    place: int = 0
    tie: bool = False
    #: reading doubts still open on the lists the line's results come from (every cell of such a list counts for
    #: every player at its table: the correction of each seat's score follows from all of them)
    doubts: int = 0
    #: the start number was read in doubt on one of those lists: the results may be another player's
    start_in_doubt: bool = False
    #: a stand-in line (series, table and seat for a start number): the start number read in doubt there, which
    #: another player of the series holds surely ("" when none)
    read_as: str = ""
    #: series -> (open reading doubts on that series' list, its start number read in doubt there): what one series'
    #: ranking (:mod:`audit.series_standings`) marks
    series_doubts: dict = field(default_factory=dict)
    #: on one of his lists his loss money is charged for fewer lost games than his Verl. says (a higher written count
    #: kept for the score, SkWO 7.2.5; :attr:`audit.auditor.SeatResult.money_apart`)
    money_apart: bool = False
    #: series -> the list file his result there comes from (two lists may claim one table: the cash box tells them
    #: apart by it)
    sources: dict = field(default_factory=dict)
    #: the lost games his loss money is charged for (the rows' count; ``lost`` less where a higher Verl. is kept)
    charged_lost: int = 0


class StandingsError(ValueError):
    """Standings that cannot be made, in one sentence; ``de`` the same in German (the German report says it)."""

    def __init__(self, message: str, de: str = ""):
        super().__init__(message)
        self.de = de or message


def player_id(a: Audit, seat: int, *, stand_in: bool = False) -> str:
    """The start number of a seat, or (none there, or ``stand_in``) a stand-in naming series, table and seat."""
    t = a.sl.table
    starts = t.start_numbers
    number = starts[seat - 1] if seat - 1 < len(starts) else None
    if number and not stand_in:
        return str(number)
    return f"S{t.series or '?'}-T{t.table or '?'}-P{seat}"


def standings(audits: Iterable[Audit]) -> list[PlayerLine]:
    """Ranked player lines over all ``audits``; raises :class:`StandingsError` when a player
    appears twice in one series (a list counted twice, or a wrong start number).

    A start number read in doubt that another player of the same series holds, read surely (or read in doubt
    at a table counted before it: tables in order), does not stop the ranking: that seat gets a stand-in line
    (``S2-T7-P3``) with the number it was read as (``read_as``), until the referee settles the cell; the numbers
    read surely are counted first, so which seat stands in does not depend on the order of the lists."""
    players: dict[str, PlayerLine] = {}
    where: dict[tuple[str, int], Optional[str]] = {}      # (player, series) -> the list counted for it
    counted_in: dict[tuple[str, int], object] = {}        # (player, series) -> the audit counted for it
    seats = []
    for a in audits:
        if a.sl.table.kind == "private":
            raise StandingsError(f"{a.sl.source}: a private list has no tournament score",
                                 de=f"{a.sl.source}: eine private Liste hat keine Turnierwertung")
        doubtful = a.sl.doubtful_cells()
        for r in a.result:
            seats.append((f"table.start_number.{r.seat}" in doubtful, a, r, doubtful))
    # sure numbers first, then by series, table and seat: which seat stands in does not depend on the lists' order
    order = (lambda s: (s[0], s[1].sl.table.series or 0, s[1].sl.table.table or 0, s[2].seat))
    for in_doubt, a, r, doubtful in sorted(seats, key=order):
        series = a.sl.table.series
        pid = player_id(a, r.seat)
        read_as = ""
        if pid in players and series in players[pid].series:
            other = players[pid].series[series]
            if not in_doubt:
                # both lists named: the one counted first may be the extra photo of a table
                first, second = f"{other[0] or '?'} ({where[(pid, series)]})", f"{a.sl.table.table or '?'} " \
                    f"({a.sl.source})"
                # the same table on two lists (a list photographed again beside its first photo): say so, and what
                # to do, rather than leave the referee to see it in a player's two seats
                same, same_de = ("; the same table on two lists: one of them is counted twice, take it out",
                                 "; derselbe Tisch auf zwei Listen: eine davon zählt doppelt, sie herausnehmen") \
                    if other[0] is not None and other[0] == a.sl.table.table \
                    and counted_in[(pid, series)] is not a else ("", "")
                raise StandingsError(f"start number {pid} plays series {series} twice: at table {first} and at "
                                     f"table {second}{same}",
                                     de=f"Start-Nr. {pid} spielt Serie {series} zweimal: an Tisch {first} und an "
                                        f"Tisch {second}{same_de}")
            pid, read_as = player_id(a, r.seat, stand_in=True), pid
            if pid in players and series in players[pid].series:
                raise StandingsError(f"{a.sl.source}: series {series}, table {a.sl.table.table} is counted twice",
                                     de=f"{a.sl.source}: Serie {series}, Tisch {a.sl.table.table} wird doppelt "
                                        "gezählt")
        line = players.setdefault(pid, PlayerLine(pid))
        line.read_as = line.read_as or read_as
        line.series[series] = (a.sl.table.table, r.seat, r.score, r)
        where[(pid, series)] = a.sl.source
        counted_in[(pid, series)] = a
        line.sources[series] = str(a.sl.source)
        line.points += r.points
        line.won += r.won
        line.lost += r.lost
        line.charged_lost += r.charged_lost if r.charged_lost is not None else r.lost
        line.others_lost += r.others_lost
        line.score += r.score
        line.money += Decimal(str(r.money))
        line.penalty += r.penalty
        line.money_apart = line.money_apart or r.money_apart
        line.doubts += len(doubtful)
        line.start_in_doubt = line.start_in_doubt or in_doubt
        line.series_doubts[series] = (len(doubtful), in_doubt)
    return rank(players.values())


def rank(lines):
    """``lines`` (anything with ``score``, ``won``, ``lost``, ``start_number``, ``place`` and ``tie``) in the order of
    SkWO 5.1: the higher score ("Leistung"); on equal score more games won, then fewer games lost; players still equal
    share the place and are marked ``tie``, for the lot ("Ist auch diese Zahl gleich, entscheidet das Los"), listed by
    start number. The places are set on the lines; the ranked list is returned."""
    ranked = sorted(lines, key=lambda p: (-p.score, -p.won, p.lost, number_order(p.start_number)))
    previous = None
    for i, p in enumerate(ranked, start=1):
        if previous is not None and (p.score, p.won, p.lost) == (previous.score, previous.won, previous.lost):
            p.place = previous.place
            p.tie = previous.tie = True
        else:
            p.place = i
        previous = p
    return ranked


def number_order(start: str):
    """Sort key of a start number or a stand-in line: numbers by value, then the rest (``S2-T7-P3``) as text."""
    return (0, int(start), "") if start.isdigit() else (1, 0, start)
