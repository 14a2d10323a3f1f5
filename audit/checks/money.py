"""Loss money (Verlustgeld) follows the tournament's schedule (Spielplan, SkWO 6.2).

Code: money. The default schedule is 0.50 EUR for each of a player's first three lost games
and 1.00 EUR for each further one; the tournament sets its own (``Settings.loss_money``).
"""
from __future__ import annotations

from decimal import Decimal

from ..findings import WARNING, finding
from ..model import ScoreList, cell_ref
from ..rows import RowFacts, declared_cells, outcome_counts
from ..settings import Settings

CENT = Decimal("0.01")


def as_money(value) -> Decimal:
    return Decimal(str(value)).quantize(CENT)


def check(facts: list[RowFacts], *, sl: ScoreList, settings: Settings, **_):
    footer = sl.footer
    if footer.blank:
        return  # the footer check reports the blank footer once
    _, lost = outcome_counts(facts, sl.seats)
    owed = [settings.money_for(n) for n in lost]
    for s in range(sl.seats):
        written = footer.money[s]
        want = owed[s]
        if written is None:
            if want:
                yield finding("money", "money.missing", severity=WARNING, seat=s + 1, field="money",
                              expected=float(want), lost=lost[s],
                              cells=(cell_ref(None, "money", s + 1), *declared_cells(facts, {s})))
        elif as_money(written) != want:
            # the money follows from the games the seat lost: from the rows he declared
            yield finding("money", "money.wrong", seat=s + 1, field="money", written=written,
                          expected=float(want), lost=lost[s],
                          cells=(cell_ref(None, "money", s + 1), *declared_cells(facts, {s})))
    total = sum(owed, Decimal(0))
    if footer.money_total is None:
        if total:
            yield finding("money", "money.total-missing", severity=WARNING, field="money_total",
                          expected=float(total),
                          cells=("footer.money_total", *declared_cells(facts, set(range(sl.seats)))))
    elif as_money(footer.money_total) != total:
        yield finding("money", "money.total-wrong", field="money_total", written=footer.money_total,
                      expected=float(total),
                      cells=("footer.money_total", *declared_cells(facts, set(range(sl.seats)))))
