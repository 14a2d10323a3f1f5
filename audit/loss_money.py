"""The loss money (Verlustgeld) the tournament office should have at the cash box: each table's total, each series'
and the tournament's.

A player pays loss money for his lost games at the table, series by series, by the tournament's schedule (Spielplan,
SkWO 6.2; ``--loss-money``). The audit charges every list by that schedule after correction, whatever its kind (the
corrected footer's ``money`` and ``money_total``: a figure left blank or written wrong on the list is what the schedule
says), so a table's total is its corrected list's, summed here. It charges the games the corrected rows show lost: a
higher Verl. written in the footer stands for the score (SkWO 7.2.5, the lowest point count) but is no game lost,
which the others get no credit for either; the money is marked then (``SeatResult.money_apart``). Two lists that
claim one series and table (``twice``) are both counted, each named by its file. A schedule that charges nothing
(``--loss-money 0``, an evening without loss money) leaves nothing to collect: ``charged`` is false and the standings
say nothing of it. A list with open reading doubts makes its amount provisional (``TableMoney.provisional``).
"""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Iterable, Optional

from .auditor import Audit
from .settings import Settings, parse_loss_money


@dataclass(frozen=True)
class TableMoney:
    series: Optional[int]
    table: Optional[int]
    #: the list's file
    source: str
    amount: Decimal
    #: open reading doubts on the list: its amount is provisional until the referee settles them (a lost game or a
    #: start number read in doubt may change who pays what), as the standings mark its players
    doubts: int = 0

    @property
    def provisional(self) -> bool:
        return self.doubts > 0


@dataclass(frozen=True)
class LossMoney:
    tables: tuple[TableMoney, ...]
    #: whether the schedule charges anything at all
    charged: bool = True

    @property
    def series(self) -> list[Optional[int]]:
        """The series of the tables, in order (None, a list without a series number, last)."""
        return sorted({t.series for t in self.tables}, key=lambda s: (s is None, s or 0))

    def of_series(self, series: Optional[int]) -> tuple[TableMoney, ...]:
        return tuple(t for t in self.tables if t.series == series)

    def series_provisional(self, series: Optional[int]) -> bool:
        """Whether a list of ``series`` still holds open reading doubts: its total is provisional."""
        return any(t.provisional for t in self.of_series(series))

    @property
    def provisional(self) -> bool:
        """Whether any list still holds open reading doubts: the tournament's total is provisional."""
        return any(t.provisional for t in self.tables)

    def series_total(self, series: Optional[int]) -> Decimal:
        return sum((t.amount for t in self.of_series(series)), Decimal(0))

    @property
    def total(self) -> Decimal:
        return sum((t.amount for t in self.tables), Decimal(0))

    def table_amount(self, series: Optional[int], table: Optional[int], source: str = "") -> Optional[Decimal]:
        """The total of the table ``table`` in ``series`` (None when no list, or several lists without numbers);
        ``source``: the list file the player's result comes from, which tells two lists of one table apart."""
        found = [t.amount for t in self.tables if (t.series, t.table) == (series, table)]
        if len(found) > 1 and source:
            found = [t.amount for t in self.tables if (t.series, t.table) == (series, table) and t.source == source]
        return found[0] if len(found) == 1 else None

    @property
    def twice(self) -> list[tuple[int, int, list[str]]]:
        """The series and tables that more than one list claims (series, table, the lists' files): a series or
        table misread or miswritten on one of them, or the same table counted twice; each is counted in the totals
        (which one is wrong is the referee's to settle), named by its file, with a note."""
        seen: dict = {}
        for t in self.tables:
            if t.series is not None and t.table is not None:
                seen.setdefault((t.series, t.table), []).append(t.source)
        return [(series, table, sources) for (series, table), sources in seen.items() if len(sources) > 1]

    def shared(self, m: TableMoney) -> bool:
        """Whether another list claims the series and table of ``m`` (:attr:`twice`): it is named by its file."""
        return m.table is not None and sum((t.series, t.table) == (m.series, m.table) for t in self.tables) > 1


def charges(settings: Settings) -> bool:
    """Whether the tournament's schedule charges any lost game (``0`` or ``0*3,0`` charge none)."""
    return any(amount > 0 for _, amount in parse_loss_money(settings.loss_money))


def loss_money(audits: Iterable[Audit], settings: Settings) -> LossMoney:
    """Each list's loss money after correction (the sum of its players' ``money``), by series and table."""
    tables = [TableMoney(a.sl.table.series, a.sl.table.table, str(a.sl.source),
                         sum((Decimal(str(r.money)) for r in a.result), Decimal(0)), len(a.sl.doubtful_cells()))
              for a in audits]
    tables.sort(key=lambda t: (t.series is None, t.series or 0, t.table is None, t.table or 0, t.source))
    return LossMoney(tuple(tables), charges(settings))
