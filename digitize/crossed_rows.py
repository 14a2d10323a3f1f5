"""Which game rows a keeper crossed out (:func:`crossed_rows`): a row struck through, and the unused rows at the end
of a list under one stroke. A crossed-out row holds no game; its cells are left out of the list
(:func:`in_crossed_row`)."""
from __future__ import annotations

from audit.model import holds_nothing
from digitize.cell_values import GAME_REF
from digitize.doubts import Cells
from digitize.reader import STRIKE

#: Unused rows at the end of a list count as crossed out by one stroke over them when the stroke crosses at
#: least this many of their cells (a stray stroke read in one cell does not cross out a block).
STRUCK_BLOCK = 3
#: A row half of whose cells read as a stroke is not crossed out when at least this many of its cells read as
#: figures (a digit and no stroke) at :data:`FIGURE_SURE` or more: a stroke through a row runs through its
#: figures too, and the reader reads a figure under a stroke as the stroke. Seed 8's photo 8029: the last row's
#: cells cut askew, the thick line below the grid read as a stroke in twelve of its 24 cells, its "12", "4",
#: "60" and a count of 9 read at 0.59-0.97: the row vanished as crossed out, five cells wrong without a doubt.
#: Not crossed out, its stroke readings are doubts (nothing such a cell holds) and the referee looks.
FIGURES_NOT_STRUCK = 2
FIGURE_SURE = 0.5


def crossed_rows(cells: Cells, games: int) -> set[int]:
    """The rows crossed out: a row most of whose cells show a strike-through stroke (unless figures are read in
    :data:`FIGURES_NOT_STRUCK` of its cells), and the unused rows at
    the end of the list under one stroke (a diagonal or a cross over the block touches only a few cells of
    each row): from the first row with a stroke on to the last, when nothing else is written below the last
    game and the strokes cross at least :data:`STRUCK_BLOCK` cells there. Before, only rows struck through
    in most of their cells counted, and a list whose keeper crossed the unused rows out with one stroke was
    reported for leaving them open (6 of seed 8's 48 photos, every cell read right). A row with one figure read in
    it and nothing else does not end the block (the stroke's end read "7" at 0.96 in the last row's Grundwert: seed
    10's photo 10032, whose two blank rows inside the block were reported as left open); it is crossed with the
    block, but a block of such rows alone crosses nothing (a blurred last game read as a figure and a few strokes)."""
    refs: dict[int, list[str]] = {}
    for ref in cells.reads:
        m = GAME_REF.match(ref)
        if m and 1 <= int(m.group(1)) <= games:
            refs.setdefault(int(m.group(1)), []).append(ref)
    struck = {no: sum(1 for r in rs if STRIKE in cells.reads[r].text) for no, rs in refs.items()}
    crossed = {no for no, rs in refs.items() if struck[no] >= max(3, len(rs) // 2)
               and sum(1 for r in rs if _figure(cells.reads[r])) < FIGURES_NOT_STRUCK}
    block, stray = [], set()
    for no in range(games, 0, -1):
        written = sum(1 for r in refs.get(no, ()) if STRIKE not in cells.reads[r].text
                      and not holds_nothing(cells.value.get(r)))
        if written > 1:
            break
        if written:
            stray.add(no)
        block.append(no)
    stroked = sorted(no for no in block if struck.get(no))
    if any(no not in stray for no in stroked) and sum(struck[no] for no in stroked) >= STRUCK_BLOCK:
        crossed.update(range(stroked[0], games + 1))
    return crossed



def _figure(read) -> bool:
    """Whether ``read`` is a figure read at :data:`FIGURE_SURE` or more: a digit, no stroke."""
    return read.confidence >= FIGURE_SURE and STRIKE not in read.text and any(ch.isdigit() for ch in read.text)


def in_crossed_row(ref: str, crossed_out: set[int]) -> bool:
    """Whether ``ref`` is a cell of a crossed-out game row (``crossed_out``: their numbers)."""
    m = GAME_REF.match(ref)
    return bool(m) and int(m.group(1)) in crossed_out
