"""Loss money (Verlustgeld) follows the tournament's schedule (Spielplan, SkWO 6.2).

Code: money. The default schedule is 0.50 EUR for each of a player's first three lost games
and 1.00 EUR for each further one; the tournament sets its own (``Settings.loss_money``).

How many games a player lost the list says twice: the rows he declared and lost, and his footer's "Verl." line. A
finding rests on the amount and on the rows, or, where the footer's line says the same count and is read surely, on
that line (:func:`count_cells`; the money follows from the rows, so a line read in doubt, his or another seat's,
leaves it on them: before, it made his money and the table's total doubts that no reading of it changes; but where
the footer's figures are all read in doubt whether they are ink, read empty they leave it blank and the money
unchecked, so they count: :func:`audit.checks.footer.may_be_blank`): a doubt
about a row's figures (a "+" read 18 or 19, a total in doubt) does not make the count
of his lost games doubtful when the footer states it too, and the rows' cells count by holding a figure
(:attr:`audit.findings.Finding.presence`). A row's cell read in doubt whether it holds a figure at all (a "-" read
empty, or 36) may change the rows' count the money follows, so it counts beside the line too; and so does a cell of a
row read in doubt that may make him the player of a row or not (:func:`audit.rows.declared_cells`).
"""
from __future__ import annotations

from decimal import Decimal
from typing import Optional

from ..findings import WARNING, finding
from ..model import ScoreList, cell_ref
from ..rows import LOST, RowFacts, count_tallies, declared_cells, outcome_counts, shared_figures, unsure_declared
from ..settings import Settings
from .footer import may_be_blank

CENT = Decimal("0.01")


def as_money(value) -> Decimal:
    return Decimal(str(value)).quantize(CENT)


def check(facts: list[RowFacts], *, sl: ScoreList, settings: Settings, tallies: Optional[dict] = None, **_):
    footer = sl.footer
    if footer.blank:
        return  # the footer check reports the blank footer once
    _, lost = outcome_counts(facts, sl.seats)   # as the footer check counts them
    owed = [settings.money_for(n) for n in lost]
    unsure = frozenset(sl.doubtful_cells())
    either = either_way(sl, unsure) if unsure else frozenset()
    tallies = count_tallies(sl, facts, unsure) if tallies is None else tallies    # run_checks works them out once
    # read empty, the footer's only figures may leave it blank, and the money unchecked (:func:`may_be_blank`)
    blank = may_be_blank(sl)
    counted = [(*count_cells(facts, footer, lost, s, unsure, either, sl.readings, tallies), *blank)
               for s in range(sl.seats)]
    every = tuple(dict.fromkeys(c for cells in counted for c in cells))
    # the rows' cells count by holding a figure, but in a row several seats took (who took it is the figures' to tell)
    shared = shared_figures(facts, unsure)
    row_cells = tuple(c for c in every if c.startswith("g") and c not in shared)
    for s in range(sl.seats):
        written = footer.money[s]
        want = owed[s]
        if written is None:
            if want:
                yield finding("money", "money.missing", severity=WARNING, seat=s + 1, field="money",
                              expected=float(want), lost=lost[s], cells=(cell_ref(None, "money", s + 1), *counted[s]),
                              presence=row_cells)
        elif as_money(written) != want:
            # the money follows from the games the seat lost: the rows he declared say how many, and his footer line
            yield finding("money", "money.wrong", seat=s + 1, field="money", written=written,
                          expected=float(want), lost=lost[s], cells=(cell_ref(None, "money", s + 1), *counted[s]),
                          presence=row_cells)
    total = sum(owed, Decimal(0))
    if footer.money_total is None:
        if total:
            yield finding("money", "money.total-missing", severity=WARNING, field="money_total",
                          expected=float(total),
                          cells=("footer.money_total", *every), presence=row_cells)
    elif as_money(footer.money_total) != total:
        yield finding("money", "money.total-wrong", field="money_total", written=footer.money_total,
                      expected=float(total),
                      cells=("footer.money_total", *every), presence=row_cells)


def count_cells(facts: list[RowFacts], footer, lost: list[int], s: int,
                unsure: frozenset = frozenset(), either: frozenset = frozenset(),
                readings: Optional[dict] = None, tallies: Optional[dict] = None) -> tuple[str, ...]:
    """The cells that say how many games seat ``s`` (0-based) lost: his footer's "Verl." line where it says the
    rows' count ``lost[s]`` and is read surely, else the rows he declared (whose "+" or "-" say it: the money follows
    from them, and no reading of a line read in doubt changes the count; the check adds the footer's figures where
    reading them empty may leave the footer blank: :func:`~audit.checks.footer.may_be_blank`). ``unsure``: the cells
    read in doubt (:func:`~audit.rows.declared_cells`); ``either``: those of them read in doubt whether they hold a
    figure at all (:func:`either_way`). Beside the line, those of ``either`` that may change his lost games count too
    (:func:`~audit.rows.unsure_declared`): the money follows from the rows' count, which the line confirms only as
    the rows are read (a "-" read empty, or 36, beside a "+" is one lost game more or not; a "+" read 18 or 19, or
    his total in a game he won read empty or -12, leaves the count as it is); ``readings``: the list's readings;
    ``tallies``: the rows' counts with each reading of another seat's count beside a declarer the totals tell
    (:func:`~audit.rows.count_tallies`: one none of whose readings changes his lost games counts for none)."""
    line = footer.lost[s] if s < len(footer.lost) else None
    if line is not None and line == lost[s] and cell_ref(None, "lost", s + 1) not in unsure:
        rows = unsure_declared(facts, {s}, either, only=LOST, readings=readings, tallies=tallies) if either else ()
        return (cell_ref(None, "lost", s + 1), *rows)
    return declared_cells(facts, {s}, unsure, only=LOST, readings=readings, tallies=tallies)


def either_way(sl: ScoreList, unsure) -> frozenset:
    """The cells of ``unsure`` (read in doubt) whose reading has both a figure and the empty cell among what the
    reader saw: whether they hold a figure at all is in doubt."""
    def both(r) -> bool:
        seen = [r.value, *(v for v, _ in r.candidates)]
        return any(v is None for v in seen) and any(v is not None for v in seen)
    return frozenset(c for c in unsure if both(sl.readings[c]))
