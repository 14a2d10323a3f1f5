"""Ink run over a line into the cell beside it: a running total's digit in the count cell beside it, and a count's
figure in its twin count cell. The count read so is in doubt, and so is the twin left empty.

A keeper who writes a total large or close to its cell's edge leaves one of its digits in the cell beside it: the
last digit in the same seat's "Gew." (the cell to the right of the total), the first digit of the next seat's total
in the "Verl." of the seat before it (the cell to its left, across the thick line between two seats). The reader
then reads the total a digit short and the count cell as that digit, surely (seed 9's photo 9022: "134" read "13",
its "4" in the "Gew." cell read "4" at 0.99 beside a lost game; seed 11's 11026: "252" read "52" and "59", its first
"2" in the seat before's "Verl." read "2" at 0.97). The arithmetic mends the total (the seat's chain of totals); the
count stayed a sure reading, wrong without a doubt on paper the keeper never wrote.

:func:`doubt_spilled_counts` puts such a count in doubt (reason "row", its reading kept, the empty cell shown among its
readings): where the total beside it, as the arithmetic settled it, is one of the total's own readings with the
count's digit added on the side the count lies (the total's "13" and the count's "4" beside it make the settled 134),
the total's value is the arithmetic's, not its best reading (a total read right says nothing of the count beside it),
and the count does not fit its row as read: a "Gew." beside a lost game ("-" and no "+") or other than the seat's
previous "Gew." plus one, a "Verl." of a seat without a total in the row (many a count's digit is also the last digit
of the total the arithmetic mended beside it: without this test, ten counts read right on the benchmark photos of
seeds 7-11 were put in doubt beside the two spilled digits). It changes no value: which of the two the ink belongs
to is the referee's to see on the photo.

:func:`doubt_twin_counts` puts in doubt a count read surely empty beside the seat's other count that its row doubts,
where the figure read there would be the empty cell's next count: the declarer's "Gew." figure written across the line
and read in his "Verl." (the sample skatscan-4-errors.jpg's game 16: its "Gew." read empty at 0.99 was wrong without a
doubt, and the auditor set it as a correction on paper). On the benchmark photos of seeds 7-11 it puts no cell in
doubt; a looser test (a "Verl." wherever its seat has a total) put seven empty cells read right in doubt.
"""
from __future__ import annotations

from typing import Collection, Iterator

from audit.model import cell_ref, parse_ref
from digitize.doubts import ALT_MIN, Cells


def doubt_spilled_counts(cells: Cells, seats: int, games: int, struck: Collection[int] = ()) -> list[str]:
    """Put in doubt every count read surely as a digit that a total beside it is missing (see the module docstring);
    ``struck`` the crossed-out rows, passed over. Out: the counts put in doubt."""
    out = []
    for no in range(1, games + 1):
        if no in struck:
            continue
        for ref, total, before in _beside_totals(no, seats):
            if ref not in cells.reads or ref in cells.doubt or total not in cells.by_arith:
                continue
            digit, settled = cells.get(ref), cells.get(total)
            if type(digit) is not int or not 0 <= digit <= 9 or type(settled) is not int:
                continue
            if _short_by(cells, total, settled, digit, before) and not _fits(cells, no, ref, digit, struck):
                cells.doubt_implied(ref, None, cells.probability(ref, None))
                out.append(ref)
    return out


def _beside_totals(no: int, seats: int) -> Iterator[tuple[str, str, bool]]:
    """(count cell, the total beside it, whether the count's digit comes before the total's) of row ``no``: each seat's
    "Gew." right of his total (its last digit), and each seat's "Verl." left of the next seat's total (its first)."""
    for s in range(1, seats + 1):
        yield cell_ref(no, "won", s), cell_ref(no, "total", s), False
        if s < seats:
            yield cell_ref(no, "lost", s), cell_ref(no, "total", s + 1), True


def _short_by(cells: Cells, total: str, settled: int, digit: int, before: bool) -> bool:
    """Whether the ``total`` cell's value ``settled`` is one of its own readings (at least :data:`ALT_MIN` probable,
    other than ``settled``) with ``digit`` added before it (``before``) or after it."""
    want = str(settled)
    for value, p in cells.read.get(total, ()):
        if type(value) is not int or value == settled or p < ALT_MIN:
            continue
        # a negative total's first digit stands after its minus: "-252" read "-52", its "2" left of the line
        joined = (f"-{digit}{-value}" if value < 0 else f"{digit}{value}") if before else f"{value}{digit}"
        if want == joined:
            return True
    return False


def _fits(cells: Cells, no: int, ref: str, count: int, struck: Collection[int]) -> bool:
    """Whether the count ``count`` read in ``ref`` (row ``no``) fits its row as it stands: a "Gew." in a row that is not
    a lost game ("-" and no "+"), one more than the seat's previous "Gew." in the rows above (``struck`` passed over;
    0 before his first); a "Verl." in a row where its seat has a total."""
    _, seat, kind = parse_ref(ref)
    if kind == "lost":
        return cells.get(cell_ref(no, "total", seat)) is not None
    if cells.get(cell_ref(no, "minus")) is not None and cells.get(cell_ref(no, "plus")) is None:
        return False
    before = next((v for k in range(no - 1, 0, -1) if k not in struck
                   for v in (cells.get(cell_ref(k, "won", seat)),) if type(v) is int), 0)
    return count == before + 1


def doubt_twin_counts(cells: Cells, seats: int, games: int, struck: Collection[int] = ()) -> list[str]:
    """Put in doubt a seat's count read surely empty beside his other count that its row doubts (reason "row"), where
    the figure read there would be the empty cell's next count (:func:`_next_count`): a "1" written across the line
    between "Gew." and "Verl." is read in the wrong one of the two (the sample skatscan-4-errors.jpg's game 16: the
    declarer's "Gew." 1 read in his "Verl." in doubt, his "Gew." read empty at 0.99, wrong without a doubt). The
    empty reading is kept, the figure shown among its readings (:meth:`Cells.doubt_implied`); ``struck`` the
    crossed-out rows, passed over.
    Out: the counts put in doubt."""
    out = []
    for no in range(1, games + 1):
        if no in struck:
            continue
        for s in range(1, seats + 1):
            for kind, twin in (("won", "lost"), ("lost", "won")):
                ref, other = cell_ref(no, twin, s), cell_ref(no, kind, s)
                figure = cells.get(other)
                if cells.reason.get(other) != "row" or type(figure) is not int or ref not in cells.reads \
                        or ref in cells.doubt or cells.get(ref) is not None:
                    continue
                if _next_count(cells, no, ref, figure, struck):
                    cells.doubt_implied(ref, figure, cells.probability(ref, figure))
                    out.append(ref)
    return out


def _next_count(cells: Cells, no: int, ref: str, count: int, struck: Collection[int]) -> bool:
    """Whether ``count`` would be the next figure of the count cell ``ref`` (row ``no``, its seat with a total there):
    one more than the seat's previous count of that kind in the rows above (``struck`` passed over; 0 before his
    first), in a row that is not a game of the other outcome (a "Gew." beside a "-" and no "+", a "Verl." beside a "+"
    and no "-")."""
    _, seat, kind = parse_ref(ref)
    if cells.get(cell_ref(no, "total", seat)) is None:
        return False
    plus, minus = (cells.get(cell_ref(no, c)) is not None for c in ("plus", "minus"))
    if (kind == "won" and minus and not plus) or (kind == "lost" and plus and not minus):
        return False
    before = next((v for k in range(no - 1, 0, -1) if k not in struck
                   for v in (cells.get(cell_ref(k, kind, seat)),) if type(v) is int), 0)
    return count == before + 1
