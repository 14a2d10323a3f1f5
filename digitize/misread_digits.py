"""A digit this hand writes that the reader takes for another, learnt from the list's own rows
(:func:`mend_misread_digits`).

A confident reading whose row does not add up keeps its value and is put in doubt (reason "row"): one such row is
the keeper's mistake as often as the reader's, and the auditor reports it. But a keeper whose "1" has a hooked
foot has it read "2" wherever he wrote one, and the rows that do not add up then say so together: each would add
up with the same other digit in place of the same digit read ("12" for 11, "2" for 1, "12" for 11 again). Where
one such swap is seen in at least :data:`MISREAD_DIGIT_ROWS` groups of a list (game rows, or a seat's footer
lines; also where the arithmetic took, for a confident reading, a value one digit apart: a rare matador count, a
value its column cannot hold), the reader is taken to misread this hand's digit: each cell in doubt for its
group that the swap would mend takes the value its group adds up with, chosen by the arithmetic and doubtful (the
referee is shown the reading and the value taken). The game rows are mended before the footer is settled, the
footer's lines after it. The doubtful game-row cells the arithmetic has not settled are then asked about the values
the swaps make of their readings (:func:`propose_learned_swaps`): those the reader finds a little probable join
their candidates, and the rows are settled once more (a row with two such cells, "12" for 11 and "77" for 22, that
no value of either alone made add up).

A digit the reader drops counts the same way (session 32): a hand whose narrow "1" the reader loses between two
digits ("416" read "46", "112" read "12" on one list, seed 9's photo 9032) has the rows that would add up with a "1"
put back say so together, and the swap is ("", "1"); the doubtful cells are then asked about their readings with
that digit put in at every place.

Two keeper's slips in one list that the same swapped digit mends would then be shown as doubts, not as errors on
paper: the referee's look at the cells decides. A slip the reader reads surely with nothing beside it is never in
doubt in the first place (the values a group may take are those the reader finds at least a little probable:
:data:`digitize.doubts.ALT_MIN`, or :data:`digitize.doubts.ASKED_MIN` when the arithmetic asked), and stays the
auditor's finding.
"""
from __future__ import annotations

from collections import defaultdict
from typing import Optional

from digitize.confirm import group_of

#: The groups a swap is learnt in and mends (digitize.confirm.group_of): the game rows and the seats' footer lines.
KINDS = ("game", "footer")

#: A digit swap seen in this many groups of one list (game rows, seats' footers) or more is the reader's misreading
#: of the hand.
MISREAD_DIGIT_ROWS = 2


def swapped_digit(read, meant) -> Optional[tuple[str, str]]:
    """(the digit read, the digit meant) when the figures ``read`` and ``meant`` (ints) have the same sign and
    length and differ in one digit alone; ("", the digit meant) when ``meant`` is ``read`` with one digit more (a
    digit the reader dropped, most often a narrow "1": "416" read "46"); None otherwise.

    >>> swapped_digit(12, 11), swapped_digit(2, 1), swapped_digit(-72, -12)
    (('2', '1'), ('2', '1'), ('7', '1'))
    >>> swapped_digit(46, 416), swapped_digit(-20, -210), swapped_digit(28, 328), swapped_digit(11, 111)
    (('', '1'), ('', '1'), ('', '3'), ('', '1'))
    >>> swapped_digit(12, 21), swapped_digit(134, -134), swapped_digit(28, 3128), swapped_digit(True, 1)
    (None, None, None, None)
    """
    if type(read) is not int or type(meant) is not int or (read < 0) != (meant < 0):
        return None
    a, b = str(abs(read)), str(abs(meant))
    if len(b) == len(a) + 1:
        dropped = {b[i] for i in range(len(b)) if b[:i] + b[i + 1:] == a}
        return ("", dropped.pop()) if len(dropped) == 1 else None
    diff = [i for i in range(len(a)) if len(a) == len(b) and a[i] != b[i]]
    return (a[diff[0]], b[diff[0]]) if len(diff) == 1 else None


def learned_swaps(cells) -> set[tuple[str, str]]:
    """The digit swaps (read, meant) seen in at least :data:`MISREAD_DIGIT_ROWS` groups (game rows, seats' footers)
    of the list: between a confident reading in doubt for its group and the value that would make the group add up
    (:attr:`digitize.doubts.Cells.row_alt`), or between a confident reading and the value the arithmetic took for it
    (a rare matador count, a value its column cannot hold, a swap mended before)."""
    seen: dict[tuple[str, str], set] = defaultdict(set)
    for ref, meant in cells.row_alt.items():
        group = group_of(ref)
        swap = swapped_digit(cells.get(ref), meant) if group[0] in KINDS and cells.reason.get(ref) == "row" else None
        if swap is not None:
            seen[swap].add(group)
    for ref, (read, _reason) in cells.before_choice.items():
        group = group_of(ref)
        swap = swapped_digit(read, cells.get(ref)) if group[0] in KINDS and cells.sure.get(ref, 0.0) >= cells.bar \
            else None
        if swap is not None:
            seen[swap].add(group)
    return {swap for swap, groups in seen.items() if len(groups) >= MISREAD_DIGIT_ROWS}


def mend_misread_digits(cells, kind: str = "game") -> list[str]:
    """Take, for every cell of ``kind`` ("game": the game rows; "footer": the seats' footer lines) in doubt because
    its group would add up with another value (:attr:`digitize.doubts.Cells.row_alt`), that value when the digit swap
    between the two is one of the list's :func:`learned_swaps` (see the module docstring). Out: the cells changed."""
    swaps = learned_swaps(cells)
    changed = []
    for ref, meant in list(cells.row_alt.items()):
        if group_of(ref)[0] == kind and cells.reason.get(ref) == "row" \
                and swapped_digit(cells.get(ref), meant) in swaps:
            cells.choose(ref, meant)
            changed.append(ref)
    return changed


def propose_learned_swaps(cells) -> bool:
    """Put to the reader (:meth:`digitize.doubts.Cells.propose`), for every doubtful game-row cell whose value the
    arithmetic has not chosen, the values the list's :func:`learned_swaps` make of its reading (each occurrence of
    the digit read, one at a time): those it finds at least :data:`digitize.doubts.CHOICE_MIN` probable join the
    cell's candidates, for the row's arithmetic to choose among when the rows are settled again (a Grundwert "12"
    read below the bar in a hand whose 1 is read 2: 11). The rows' second settling changes only cells below the
    bar, so a confident reading doubted for its column ("14", no game value) keeps its value. True when any joined."""
    swaps = learned_swaps(cells)
    added = False
    for ref in list(cells.reads) if swaps else ():
        value = cells.get(ref)
        if group_of(ref)[0] != "game" or ref not in cells.doubt or ref in cells.by_arith or type(value) is not int:
            continue
        text = str(abs(value))
        texts = {text[:i] + meant + text[i + 1:] for read, meant in swaps if read for i, ch in enumerate(text)
                 if ch == read}
        texts |= {text[:i] + meant + text[i:] for read, meant in swaps if not read for i in range(len(text) + 1)}
        values = [int(t) * (-1 if value < 0 else 1) for t in texts if not (len(t) > 1 and t[0] == "0")]
        before = len(cells.read[ref])
        cells.propose(ref, values)
        added = added or len(cells.read[ref]) > before
    return added
