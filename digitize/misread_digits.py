"""A digit this hand writes that the reader takes for another, learnt from the list's own rows
(:func:`mend_misread_digits`).

A confident reading whose row does not add up keeps its value and is put in doubt (reason "row"): one such row is
the keeper's mistake as often as the reader's, and the auditor reports it. But a keeper whose "1" has a hooked
foot has it read "2" wherever he wrote one, and the rows that do not add up then say so together: each would add
up with the same other digit in place of the same digit read ("12" for 11, "2" for 1, "12" for 11 again). Where
one such swap mends at least :data:`MISREAD_DIGIT_ROWS` rows of a list, the reader is taken to misread this hand's
digit: each of those cells takes the value its row adds up with, chosen by the arithmetic and doubtful (the
referee is shown the reading and the value taken). Two keeper's slips in one list that a single swapped digit
mends alike are then shown as doubts, not as errors on paper: the referee's look at the cells decides.

The swap of :data:`audit`'s own keeper mistakes (a loss written single, a wrong Grundwert) is no one-digit change
of the same digit in several rows, and a paper error the reader reads surely with no such value beside it is never
in doubt in the first place (the values a row may take are those the reader finds at least a little probable:
:data:`digitize.doubts.ALT_MIN`, or :data:`digitize.doubts.ASKED_MIN` when the arithmetic asked).
"""
from __future__ import annotations

from collections import defaultdict
from typing import Optional

from digitize.cell_values import GAME_REF

#: A digit swap that mends this many rows of one list (or more) is the reader's misreading of the hand.
MISREAD_DIGIT_ROWS = 2


def swapped_digit(read, meant) -> Optional[tuple[str, str]]:
    """(the digit read, the digit meant) when the figures ``read`` and ``meant`` (ints) have the same sign and
    length and differ in one digit alone; None otherwise.

    >>> swapped_digit(12, 11), swapped_digit(2, 1), swapped_digit(-72, -12)
    (('2', '1'), ('2', '1'), ('7', '1'))
    >>> swapped_digit(12, 21), swapped_digit(134, -134), swapped_digit(28, 328), swapped_digit(True, 1)
    (None, None, None, None)
    """
    if type(read) is not int or type(meant) is not int or (read < 0) != (meant < 0):
        return None
    a, b = str(abs(read)), str(abs(meant))
    diff = [i for i in range(len(a)) if len(a) == len(b) and a[i] != b[i]]
    return (a[diff[0]], b[diff[0]]) if len(diff) == 1 else None


def mend_misread_digits(cells) -> list[str]:
    """Take, for every game-row cell in doubt because its row would add up with another value
    (:attr:`digitize.doubts.Cells.row_alt`), that value when the digit swap between the two mends at least
    :data:`MISREAD_DIGIT_ROWS` rows of the list (see the module docstring). Out: the cells changed."""
    by_swap: dict[tuple[str, str], list[tuple[str, int]]] = defaultdict(list)
    for ref, meant in cells.row_alt.items():
        m = GAME_REF.match(ref)
        swap = swapped_digit(cells.get(ref), meant) if m and cells.reason.get(ref) == "row" else None
        if swap is not None:
            by_swap[swap].append((ref, meant))
    changed = []
    for swap, found in by_swap.items():
        rows = {GAME_REF.match(ref).group(1) for ref, _ in found}
        if len(rows) < MISREAD_DIGIT_ROWS:
            continue
        for ref, meant in found:
            cells.choose(ref, meant)
            changed.append(ref)
    return changed
