"""A count read in doubt in the cell of a seat that did not declare the row's game: the ink of a count written in the
row above or below (or of the declarer's, beside it), read as a figure of its own.

A row has one declarer (SkWO 7.2.1: the keeper writes the declarer's new total and his count of the game's outcome).
A "Gew." or "Verl." figure in another seat's cell makes that seat a declarer too, which the auditor reports
(``several-declarers``, a finding that rests on the doubtful count) and the referee is asked about. On the benchmark
photos most such figures read below the bar are not written at all: a count written tall in the row above or below
reaches into the cell, and the reader reads its part unsurely (seed 7's photo 7004: the seat's next count "6",
written in the row below, read "6" at 0.48 beside the empty cell at 0.41; seed 8's 8037: the "6" of the row above,
read at 0.45).

:func:`empty_stray_counts` lets the row's arithmetic choose the empty cell there, as it chooses among the readings of
any doubtful cell, and as :func:`digitize.decode._one_declarer` does for a second total: in a row whose one declarer
is plain (one seat's total read, and a "+" or a "-"), another seat's count read as a figure that the arithmetic may
change (:meth:`~digitize.doubts.Cells.changeable`: below the bar, or doubted by a rule) and whose readings hold the
empty cell at least :data:`~digitize.cell_values.ALT_MIN` probable is taken as empty: doubtful still
(``chosen_by="arithmetic"``), its figure shown among its candidates. A count read at or above the bar but below
:data:`~digitize.doubts.KEEP_BAR` is first put in doubt as any confident figure its row contradicts (reason "row",
:meth:`~digitize.doubts.Cells.doubt_implied`), then taken so (seed 9's 9028: the "7" of the row above read at 0.88,
the empty cell at 0.04, was a figure wrong without a doubt). A count read at KEEP_BAR or more stays as it was read: a
keeper's count in the wrong seat is an error on paper, the auditor's finding.

On the cached readings of the four benchmark draws (168 photos, session 55) this empties 30 count cells in one decode
or another: 27 of them empty on paper (no longer a figure that is not there; the ``several-declarers`` findings on the
four draws 78 -> 55), three written, all on a blurred photo skatscan asks to take again (9037: a declarer's counts
beside his own total misread; one of them stays emptied in the list). On the photos skatscan accepts every written
cell is read as before, and the paper errors found and false are as before. The counts read between the bar and
KEEP_BAR, added later in the session: on the five draws (seed 12's too) one empty cell of an accepted photo no longer
holds a figure without a doubt (9028; now empty, in doubt), seed 9's sheets with nothing wrong unflagged 95.0 -> 97.5 %
(accepted 97.1 -> 100 %); and 11026's empty "Verl." holding the first "2" of the next seat's total "252" (read at
0.93: :mod:`digitize.spills`' case, which kept the digit in doubt) is now empty, in doubt; doubts +0.01 points on
seed 9, paper errors as before.
"""
from __future__ import annotations

from typing import Collection

from audit.model import cell_ref
from digitize.cell_values import ALT_MIN
from digitize.doubts import KEEP_BAR, Cells


def empty_stray_counts(cells: Cells, seats: int, games: int, struck: Collection[int] = ()) -> list[str]:
    """Take as empty every count read in doubt in the cell of a seat that did not declare its row (see the module
    docstring); ``struck`` the crossed-out rows, passed over. Out: the counts emptied."""
    out = []
    for no in range(1, games + 1):
        declarer = _plain_declarer(cells, no) if no not in struck else None
        if declarer is None:
            continue
        for s in range(1, seats + 1):
            for kind in ("won", "lost"):
                ref = cell_ref(no, kind, s)
                if s == declarer or ref not in cells.reads or type(cells.get(ref)) is not int:
                    continue
                empty = dict(cells.read[ref]).get(None, 0.0)
                if empty < ALT_MIN:
                    continue
                if ref not in cells.doubt and cells.sure[ref] < KEEP_BAR:
                    # read surely, but below KEEP_BAR: in doubt as any confident figure its row contradicts
                    cells.doubt_implied(ref, None, empty)
                if cells.changeable(ref):
                    cells.choose(ref, None)
                    out.append(ref)
    return out


def _plain_declarer(cells: Cells, no: int):
    """The declarer of row ``no`` when its cells name one plainly: the one seat whose total holds a figure, in a row
    with a "+" or a "-" (not both, not neither); else None."""
    totals = cells.with_total(no)
    valued = [c for c in ("plus", "minus") if cells.get(cell_ref(no, c)) is not None]
    return totals[0] if len(totals) == 1 and len(valued) == 1 else None
