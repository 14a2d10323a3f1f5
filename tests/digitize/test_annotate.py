"""The picture of the readings: each reading's outline lies on its cell, on the photo and on a reduced copy."""
import numpy as np
import pytest

from audit.model import CellReading, ScoreList, Table
from digitize.annotate import DOUBT, ERROR, OK, draw_readings

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
