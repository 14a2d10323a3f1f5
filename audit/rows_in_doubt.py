"""The cells read in doubt that a footer or money finding rests on by their value: worked out, not guessed.

A footer's counts (Gew., Verl., the others' lost games, and the bonus and score that follow from them) and the loss
money follow from who won or lost each row, which the checks take from the rows' "+" and "-" and the seats who wrote
in them, whatever figures those hold (:func:`audit.rows.declared_cells`: they count by holding a figure). But some rows
tell an outcome by figures: a "+" whose declarer's own total falls by what the game loses, its "+" or its value once
or twice, is a lost game (SkWO 7.2.5, :attr:`audit.rows.RowFacts.misplaced`); a row several seats took without counts
is a loss for a seat whose total fell and a win for one whose total rose (:func:`audit.rows.written_outcomes`); a row
without "+" or "-" goes as its declarer's total goes. Whether a total fell rests on the total before it and on the
penalty points entered since, whether it fell by the game's loss on the "+" and the game's columns. So a figure read in
doubt in such a row, or before it, may decide a count where the row's "+" or "-" and the footer's own lines are read
surely: a money finding that rested on a "Verl." line read surely went when the referee read a declarer's total
"-24" as "-96" (his "+24" a lost game then, his second), another seat's total before a row several seats took as
"124" instead of "24" (his "50" there a fall), the "+" beside a fall of 54 as "27", or a penalty of -50 as -5.

Which of them it rests on is worked out here: for a footer or money finding that no doubt of its own cells makes
doubtful, the rows are analysed again with each reading the reader saw of each such figure read in doubt (a game
row's total, Gew. or Verl., "+", "-", Grundwert, mit/ohne or mark, the passed game's mark, a penalty entry's points;
its doubt lifted, as a referee's reading lifts it), and where one of them gives the figure the keeper wrote (the
finding would go), the finding rests on that cell by its value: it is told as a doubt until the referee has looked
(the counts too, which :func:`audit.rows.count_tallies` works out only beside a declarer the totals tell: a Verl. in
a row several seats took with counts is a loss as it rises from the count before it). Only lists with such a finding
pay for it (each reading is the rows analysed again, about a millisecond on a 48-game list), at most
:data:`MAX_READINGS` readings a list: past them the finding is told as a doubt (it may rest on the readings not
worked out; a list read with that many figures in doubt is one the referee checks against the paper anyway). Not for
:mod:`digitize.confirm` (``strict``): a row that adds up is not contradicted by a footer finding that rests on it.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Callable, Optional

from .checks.money import as_money
from .findings import Finding
from .model import MARK_FIELDS, ScoreList, holdable, parse_ref, read_as
from .rows import RowFacts, analyse, may_misplace, outcome_counts
from .score import FooterFigures, from_rows
from .settings import Settings

#: The footer's findings whose figure follows from the rows (a missing line is missing whatever the rows say).
FOOTER_KEYS = frozenset({"footer.wrong"})
#: The loss money's findings.
MONEY_KEYS = frozenset({"money.wrong", "money.missing", "money.total-wrong", "money.total-missing"})
#: The game's columns: its value.
GAME_COLUMNS = frozenset({"base", "mit", "ohne", *MARK_FIELDS})
#: The game row's cells whose figure may decide an outcome: the seats' totals and counts, the "+" and "-", the game's
#: columns, the passed game's mark.
ROW_FIELDS = frozenset({"total", "won", "lost", "plus", "minus", "passed", *GAME_COLUMNS})
#: The most readings worked out on one list (each is the rows analysed again).
MAX_READINGS = 120


def readings_in_doubt(sl: ScoreList, doubtful, facts: Optional[list[RowFacts]] = None) -> list[tuple[str, object]]:
    """(cell, reading) of every cell of :data:`ROW_FIELDS` of a game row and every penalty entry's points read in doubt,
    with each other reading of it the reader saw that the cell can hold (:func:`audit.model.holdable`). With the
    rows' ``facts``, not the readings that cannot change who won or lost a row: where no row's "+" may be
    contradicted by its declarer's figures (:func:`audit.rows.may_misplace`), a game's columns (its value decides
    nothing else), and a "+" or "-" read as another figure in a row that one seat or none took (the column decides
    the outcome; which figure, only which of several seats took it)."""
    settled = facts is not None and not may_misplace(sl)
    several = {f.game.no for f in facts if len(f.declarers) > 1} if settled else set()
    out = []
    for ref in sorted(doubtful):
        if ref not in sl.readings:
            continue
        game, _seat, fld = parse_ref(ref)
        if not (game is not None and fld in ROW_FIELDS or ref.startswith("penalty.")):
            continue
        if settled and fld in GAME_COLUMNS:
            continue
        reading = sl.readings[ref]
        for value, _ in reading.candidates:
            if value == reading.value or not holdable(ref, value) or (ref, value) in out:
                continue
            if settled and fld in ("plus", "minus") and game not in several \
                    and value is not None and reading.value is not None:
                continue
            out.append((ref, value))
    return out


@dataclass(frozen=True)
class RowsGive:
    """What the rows give, read with one cell otherwise: the footer's figures and each seat's loss money owed."""

    footer: FooterFigures
    owed: tuple[Decimal, ...]

    @classmethod
    def of(cls, facts: list[RowFacts], seats: int, settings: Settings) -> "RowsGive":
        _, lost = outcome_counts(facts, seats)
        return cls(from_rows(facts, seats), tuple(settings.money_for(n) for n in lost))


def would_go(f: Finding, rows: RowsGive) -> bool:
    """Whether the footer or money finding ``f`` would not be made on rows that give ``rows`` (the list with one cell
    read otherwise): the figure the keeper wrote is then what the rows give, or nothing is owed where he wrote none."""
    if f.key in FOOTER_KEYS:
        return getattr(rows.footer, f.params["line"])[f.seat - 1] == f.written
    if f.key == "money.wrong":
        return rows.owed[f.seat - 1] == as_money(f.written)
    if f.key == "money.missing":
        return not rows.owed[f.seat - 1]
    total = sum(rows.owed, Decimal(0))
    if f.key == "money.total-wrong":
        return total == as_money(f.written)
    return not total       # money.total-missing


def rest_on_rows(found: list[Finding], sl: ScoreList, settings: Settings, sure: Callable[[Finding], bool],
                 facts: Optional[list[RowFacts]] = None) -> list[Finding]:
    """``found`` with every footer or money finding that ``sure`` (no doubt of its own cells makes it doubtful) tells
    an error on paper resting, by value, on the cells read in doubt one of whose readings makes it go
    (:func:`would_go`): each such cell among its cells and not among those that count by holding a figure. Past
    :data:`MAX_READINGS` readings such a finding rests on every cell whose readings were not all worked out. ``facts``:
    the rows' facts as read, which spare the readings that cannot change an outcome (:func:`readings_in_doubt`)."""
    asked = [i for i, f in enumerate(found) if (f.key in FOOTER_KEYS or f.key in MONEY_KEYS) and sure(f)]
    if not asked:
        return found
    readings = readings_in_doubt(sl, sl.doubtful_cells(), facts)
    if not readings:
        return found
    cache: dict[tuple[str, object], RowsGive] = {}

    def rows_with(ref: str, value) -> Optional[RowsGive]:
        key = (ref, value)
        if key not in cache:
            if len(cache) >= MAX_READINGS:
                return None
            cache[key] = RowsGive.of(analyse(read_as(sl, ref, value)), sl.seats, settings)
        return cache[key]
    out = list(found)
    for i in asked:
        f = out[i]
        rests = []
        for ref, value in readings:
            if ref in rests:
                continue
            other = rows_with(ref, value)
            if other is None or would_go(f, other):
                rests.append(ref)
        if rests:
            out[i] = replace(f, cells=f.cells + tuple(c for c in rests if c not in f.cells),
                             presence=tuple(c for c in f.presence if c not in rests))
    return out
