"""The running totals read in doubt that a footer or money finding rests on by their value.

A footer's counts (Gew., Verl., the others' lost games, and the bonus and score that follow from them) and the loss
money follow from who won or lost each row, and a few rows tell that by a seat's running total alone: a "+" whose
declarer's own total falls by what the game loses is a lost game (SkWO 7.2.5, :attr:`audit.rows.RowFacts.misplaced`),
a row several seats took without counts is a loss for a seat whose total fell and a win for one whose total rose
(:func:`audit.rows.written_outcomes`), a row without "+" or "-" goes as its declarer's total goes. Whether a total
fell is a matter of the total before it too. So a total read in doubt, in that row or before it, may decide a count
where the row's "+" or "-" and the footer's own lines are read surely: a money finding that rested on a "Verl." line
read surely went when the referee read a declarer's total "251" as "21" (its "+20" a lost game then, the seat's
fourth), or another seat's total before a row several seats took as "10" instead of "100" (his fall there a rise).

The checks count the rows' cells by holding a figure (:func:`audit.rows.declared_cells`); which totals count by their
value is worked out here, not guessed: for a footer or money finding that no doubt of its own cells makes doubtful,
the rows are analysed again with each reading of a total read in doubt that the reader saw (its doubt lifted, as a
referee's reading lifts it), and where one of them gives the figure the keeper wrote (the finding would go), the
finding rests on that total: it is told as a doubt until the referee has looked. Only lists with such a finding pay
for it (each reading is the rows analysed again, as :func:`audit.rows.count_tallies` does for a count), and at most
:data:`MAX_READINGS` readings are worked out on a list: past them a finding is told in doubt (the referee looks at a
footer finding of a list read with that many totals in doubt anyway).
"""
from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from typing import Callable, Optional

from .findings import Finding
from .model import ScoreList, parse_ref
from .rows import RowFacts, analyse, cell_read_as, outcome_counts
from .score import from_rows
from .settings import Settings

#: The footer's findings whose figure follows from the rows' counts (the points line follows from the last total
#: alone, which its finding names by value already; a missing line is missing whatever the rows say).
FOOTER_KEYS = frozenset({"footer.wrong"})
#: The loss money's findings.
MONEY_KEYS = frozenset({"money.wrong", "money.missing", "money.total-wrong", "money.total-missing"})
#: The most readings of totals in doubt worked out on one list (each is the rows analysed again).
MAX_READINGS = 60


def totals_read_in_doubt(sl: ScoreList, doubtful) -> list[tuple[str, object]]:
    """(cell, reading) of every running total of a game row read in doubt and every other reading of it the reader saw
    that the cell can hold (a whole number, or nothing)."""
    out = []
    for ref in sorted(doubtful):
        game, seat, fld = parse_ref(ref)
        if game is None or seat is None or fld != "total" or ref not in sl.readings:
            continue
        reading = sl.readings[ref]
        for value, _ in reading.candidates:
            if value != reading.value and (value is None or type(value) is int) and (ref, value) not in out:
                out.append((ref, value))
    return out


def would_go(f: Finding, facts: list[RowFacts], sl: ScoreList, settings: Settings) -> bool:
    """Whether the footer or money finding ``f`` would not be made on the rows ``facts`` (the list with one total read
    otherwise): the figure the keeper wrote is then what the rows give."""
    seats = sl.seats
    if f.key in FOOTER_KEYS:
        return getattr(from_rows(facts, seats), f.params["line"])[f.seat - 1] == f.written
    _, lost = outcome_counts(facts, seats)
    owed = [settings.money_for(n) for n in lost]
    if f.key == "money.wrong":
        return owed[f.seat - 1] == Decimal(str(f.written))
    if f.key == "money.missing":
        return not owed[f.seat - 1]
    total = sum(owed, Decimal(0))
    if f.key == "money.total-wrong":
        return total == Decimal(str(f.written))
    return not total       # money.total-missing


def rest_on_totals(found: list[Finding], sl: ScoreList, settings: Settings,
                   sure: Callable[[Finding], bool]) -> list[Finding]:
    """``found`` with every footer or money finding that ``sure`` (no doubt of its own cells makes it doubtful) tells
    an error on paper resting, by value, on the totals read in doubt one of whose readings makes it go
    (:func:`would_go`): each such total among its cells and not among those that count by holding a figure. Past
    :data:`MAX_READINGS` readings such a finding rests on every total read in doubt."""
    asked = [i for i, f in enumerate(found) if (f.key in FOOTER_KEYS or f.key in MONEY_KEYS) and sure(f)]
    if not asked:
        return found
    readings = totals_read_in_doubt(sl, sl.doubtful_cells())
    if not readings:
        return found
    cache: dict[tuple[str, object], list[RowFacts]] = {}

    def rows_with(ref: str, value) -> Optional[list[RowFacts]]:
        key = (ref, value)
        if key not in cache:
            if len(cache) >= MAX_READINGS:
                return None
            cache[key] = analyse(cell_read_as(sl, ref, value))
        return cache[key]
    out = list(found)
    for i in asked:
        f = out[i]
        rests = []
        for ref, value in readings:
            if ref in rests:
                continue
            facts = rows_with(ref, value)
            if facts is None or would_go(f, facts, sl, settings):
                rests.append(ref)
        if rests:
            out[i] = replace(f, cells=f.cells + tuple(c for c in rests if c not in f.cells),
                             presence=tuple(c for c in f.presence if c not in rests))
    return out
