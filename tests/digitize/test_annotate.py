"""The picture of the readings: each reading's outline lies on its cell, on the photo and on a reduced copy."""
import numpy as np
import pytest

from audit.model import CellReading, ScoreList, Table
from digitize.annotate import DOUBT, ERROR, OK, draw_readings, page_turns, turn_upright

BOX = ((1200.0, 900.0), (1400.0, 900.0), (1400.0, 980.0), (1200.0, 980.0))   # photo px (x, y)


def painted(before, after):
    ys, xs = np.nonzero(np.any(before != after, axis=2))
    return xs.min(), ys.min(), xs.max(), ys.max()


@pytest.mark.parametrize("shape, scale", [((3000, 4000), 1.0), ((1200, 1600), 0.4), ((2667, 2000), 1.0)])
def test_an_outline_lies_on_its_cell_at_any_size(shape, scale):
    sl = ScoreList(table=Table(seats=3), readings={
        "g1.plus": CellReading(18, 0.99, ((18, 0.99),), box=BOX),
        "g1.base": CellReading(None, 0.99, ((None, 0.99),), box=None)})
    image = np.full(shape + (3,), 255, np.uint8)
    out = draw_readings(image, sl, scale=scale)
    x0, y0, x1, y1 = painted(image, out)
    want = np.array([BOX[0][0], BOX[0][1], BOX[2][0], BOX[2][1]]) * scale
    pad = 2 + 4 * max(shape) / 2000          # half the outline's width and anti-aliasing
    assert np.all(np.abs(np.array([x0, y0, x1, y1]) - want) <= pad), ((x0, y0, x1, y1), want)
    assert tuple(int(c) for c in out[int(want[1]), int((want[0] + want[2]) / 2)]) == OK  # the top edge, green


def test_a_doubtful_reading_is_outlined_orange():
    sl = ScoreList(table=Table(seats=3), readings={"g1.plus": CellReading(18, 0.5, ((18, 0.5),), box=BOX,
                                                                         doubtful=True)})
    out = draw_readings(np.full((2000, 2000, 3), 255, np.uint8), sl)
    assert tuple(int(c) for c in out[900, 1300]) == DOUBT


def test_a_signature_box_with_its_amount_shows_both_apart():
    """A DSkV signature box is read twice (its amount as footer.money.N, and whether it is signed): the amount
    is written at the box's left, the signature's mark at its right end, not over the amount's first digit."""
    inner = (1210, 910, 1390, 975)                   # inside the outline

    def ink_columns(readings):
        image = np.full((2000, 2000, 3), 255, np.uint8)
        out = draw_readings(image, ScoreList(table=Table(seats=3), readings=readings))
        x0, y0, x1, y1 = inner
        return np.nonzero(np.any(out[y0:y1, x0:x1] != 255, axis=(0, 2)))[0] + x0

    signed = CellReading(True, 0.99, ((True, 0.99),), box=BOX)
    amount = CellReading(3.5, 0.99, ((3.5, 0.99),), box=BOX)
    alone = ink_columns({"signature.1": signed})
    both = ink_columns({"signature.1": signed, "footer.money.1": amount})
    money = ink_columns({"footer.money.1": amount})
    assert alone.max() < 1260                        # a signature alone: its mark at the left, as every label
    mark = sorted(set(both) - set(money))           # with the amount: the mark at the right end, clear of it
    assert set(money) <= set(both) and mark and mark[0] > money.max() and mark[-1] > 1380


def test_an_unsigned_box_is_outlined_red_under_its_amount():
    """The amount read in a DSkV box shares the box's outline: an unsigned box (the missing signature, an error on
    paper) keeps its red outline whatever order the readings come in, and a doubt its orange over a sure amount."""
    unsigned = CellReading(False, 0.99, ((False, 0.99),), box=BOX)
    amount = CellReading(0.5, 0.99, ((0.5, 0.99),), box=BOX)
    for readings in ({"signature.1": unsigned, "footer.money.1": amount},
                     {"footer.money.1": amount, "signature.1": unsigned}):
        out = draw_readings(np.full((2000, 2000, 3), 255, np.uint8), ScoreList(table=Table(seats=3), readings=readings),
                            error_cells=["signature.1"])
        assert tuple(int(c) for c in out[900, 1300]) == ERROR
    unsure = CellReading(False, 0.5, ((False, 0.5), (True, 0.4)), box=BOX, doubtful=True)
    out = draw_readings(np.full((2000, 2000, 3), 255, np.uint8),
                        ScoreList(table=Table(seats=3), readings={"signature.1": unsure, "footer.money.1": amount}))
    assert tuple(int(c) for c in out[900, 1300]) == DOUBT


def turned(box, quarter_turns, size=2000):
    """``box`` (page order: top-left, top-right, bottom-right, bottom-left, on an upright square photo ``size`` px
    wide) as the photo turned clockwise ``quarter_turns`` times shows it, its corners still in the page's order."""
    pts = np.array(box, np.float64)
    for _ in range(quarter_turns):
        pts = np.stack([(size - 1) - pts[:, 1], pts[:, 0]], axis=1)
    return tuple(tuple(p) for p in pts)


def label_pixels(out, colour=(180, 60, 20)):
    """(xs, ys) of the pixels drawn in the label colour (the value of a sure reading)."""
    ys, xs = np.nonzero(np.all(np.abs(out.astype(int) - colour) <= 40, axis=2))
    return xs, ys


def inside(xs, ys, box):
    pts = np.array(box)
    (bx0, by0), (bx1, by1) = pts.min(axis=0), pts.max(axis=0)
    return xs.size > 50 and bx0 < xs.min() and xs.max() < bx1 and by0 < ys.min() and ys.max() < by1


@pytest.mark.parametrize("quarter_turns", [0, 1, 2, 3])
def test_a_photo_of_a_turned_list_is_drawn_upright_with_each_value_in_its_cell(quarter_turns):
    """A list photographed sideways or upside down is drawn turned upright, as its cells' pictures are, each value
    inside its cell at the cell's left (it was drawn from the cell's first corner on the page outwards: below and
    right of the cell, in the next one, on an upside-down photo). Left as photographed (``upright=False``), the
    value still stands in its own cell."""
    box = turned(BOX, quarter_turns)
    sl = ScoreList(table=Table(seats=3), readings={"g1.plus": CellReading(7, 0.99, ((7, 0.99),), box=box)})
    photo = np.full((2000, 2000, 3), 255, np.uint8)
    out = draw_readings(photo, sl)
    x0, y0, x1, y1 = painted(photo, out)
    assert np.all(np.abs(np.array([x0, y0, x1, y1]) - [1200, 900, 1400, 980]) <= 6), (x0, y0, x1, y1)
    xs, ys = label_pixels(out)
    assert inside(xs, ys, BOX) and xs.mean() < 1300, (xs.min(), xs.max(), ys.min(), ys.max())
    xs, ys = label_pixels(draw_readings(photo, sl, upright=False))
    assert inside(xs, ys, box), (xs.min(), xs.max(), ys.min(), ys.max(), box)


def test_the_turn_is_the_one_most_cells_show():
    """The list's turn on the photo comes from all its cells' top edges (a photo tilted a little, a cell's
    corners misplaced, still give the quarter turn), and the picture comes out with the page's sides swapped."""
    cells = [np.array(turned(((x, y), (x + 90.0, y + 8.0), (x + 88.0, y + 48.0), (x - 2.0, y + 40.0)), 1), np.float32)
             for x in range(100, 900, 100) for y in range(100, 500, 50)]
    cells[3] = cells[3][::-1].copy()              # one cell's corners in the wrong order
    assert page_turns(cells) == 1
    assert page_turns([]) == 0
    wide = np.zeros((600, 1000, 3), np.uint8)
    out, moved = turn_upright(wide, {"a": np.array([[10.0, 20.0]] * 4, np.float32)}, 1)
    assert out.shape[:2] == (1000, 600) and tuple(moved["a"][0]) == (20.0, 989.0)


def test_a_tall_box_gets_a_label_of_a_game_cells_size():
    """The footer's total amount box and the signature boxes are two to three rows high: their values are
    written about as high as a game cell's, not three times as high over the neighbouring cells."""
    row = ((100.0, 100.0), (300.0, 100.0), (300.0, 140.0), (100.0, 140.0))           # a game cell, 40 px high
    tall = ((100.0, 400.0), (400.0, 400.0), (400.0, 520.0), (100.0, 520.0))          # a box three rows high

    def label_height(readings, ref):
        out = draw_readings(np.full((1000, 1000, 3), 255, np.uint8), ScoreList(table=Table(seats=3),
                                                                                readings=readings))
        xs, ys = label_pixels(out)
        y0, y1 = readings[ref].box[0][1], readings[ref].box[2][1]
        inside = (ys >= y0) & (ys <= y1)
        return ys[inside].max() - ys[inside].min()

    readings = {"g1.plus": CellReading(18, 0.99, ((18, 0.99),), box=row),
                "footer.money_total": CellReading(55, 0.99, ((55, 0.99),), box=tall)}   # digits alone: no comma
    game = label_height(readings, "g1.plus")
    box = label_height(readings, "footer.money_total")
    assert game >= 15 and box <= 1.4 * game, (game, box)
    alone = {"footer.money_total": readings["footer.money_total"]}     # no game cell to measure: the box's size
    assert label_height(alone, "footer.money_total") > 2 * game
