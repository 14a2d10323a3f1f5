"""A cell's picture for the referee: the cell cut upright from the photo, its neighbourhood around it, outlined."""
import cv2
import numpy as np
import pytest

from digitize.cell_pictures import CELL_H, MARGIN_X, MARGIN_Y, MAX_W, OUTLINE, cell_picture, cell_pictures

# a cell 120 x 40 px on a 600 x 400 photo, its corners in the page's order (top-left, top-right, bottom-right,
# bottom-left), a little askew
QUAD = [(200.0, 150.0), (320.0, 156.0), (318.0, 196.0), (198.0, 190.0)]


def _photo() -> np.ndarray:
    """A white photo with the cell painted grey and a black dot in its top-left corner."""
    img = np.full((400, 600, 3), 255, np.uint8)
    cv2.fillConvexPoly(img, np.round(np.array(QUAD)).astype(np.int32), (128, 128, 128))
    cv2.circle(img, (212, 163), 4, (0, 0, 0), -1)
    return img


def _dot(picture: np.ndarray) -> tuple[float, float]:
    """Where the black dot lies in a picture, as a share of the cell's width and height from its top-left."""
    ys, xs = np.nonzero(picture.max(axis=2) < 60)
    mx, my = MARGIN_X * CELL_H, MARGIN_Y * CELL_H
    cell_w = picture.shape[1] - 2 * mx
    return (xs.mean() - mx) / cell_w, (ys.mean() - my) / CELL_H


def test_the_cell_is_cut_upright_with_its_neighbourhood_and_outlined():
    pic = cell_picture(_photo(), QUAD)
    h = round(CELL_H * (1 + 2 * MARGIN_Y))
    assert pic.shape[0] == h and pic.dtype == np.uint8 and pic.shape[2] == 3
    # the cell is 3 times as wide as high on the photo: so in the picture, with the margins on either side
    assert pic.shape[1] == pytest.approx(3 * CELL_H + 2 * MARGIN_X * CELL_H, abs=3)
    my, mx = int(MARGIN_Y * CELL_H), int(MARGIN_X * CELL_H)
    assert pic[h // 2, pic.shape[1] // 2].tolist() == [128, 128, 128]      # the cell's middle: the grey cell
    assert pic[2, 2].min() > 240 and pic[-3, -3].min() > 240              # its neighbourhood: the white photo
    assert pic[my, pic.shape[1] // 2].tolist() == pytest.approx(list(OUTLINE), abs=60)   # the outline: top edge
    assert pic[h // 2, mx].tolist() == pytest.approx(list(OUTLINE), abs=60)                # and left edge
    x, y = _dot(pic)
    assert 0.0 < x < 0.2 and 0.05 < y < 0.5                               # the dot stays top-left


def test_a_list_photographed_upside_down_gives_the_same_picture():
    """The quad's corners follow the page: on a photo turned by 180 degrees its top-left corner is the cell's
    bottom-right pixel, and the picture comes out upright all the same."""
    img = _photo()
    turned = cv2.rotate(img, cv2.ROTATE_180)
    h, w = img.shape[:2]
    turned_quad = [(w - 1 - x, h - 1 - y) for x, y in QUAD]
    a, b = cell_picture(img, QUAD), cell_picture(turned, turned_quad)
    assert a.shape == b.shape
    assert np.abs(a.astype(int) - b.astype(int)).mean() < 4
    assert _dot(b) == pytest.approx(_dot(a), abs=0.03)


def test_a_reduced_copy_of_the_photo_gives_the_same_picture_through_its_scale():
    img = _photo()
    half = cv2.resize(img, (300, 200), interpolation=cv2.INTER_AREA)
    a, b = cell_picture(img, QUAD), cell_picture(half, QUAD, scale=0.5)
    assert a.shape == b.shape
    assert _dot(b) == pytest.approx(_dot(a), abs=0.05)


def test_a_wide_box_is_shrunk_to_the_widest_picture_and_the_edge_repeats_off_the_photo():
    img = np.full((200, 2000, 3), 200, np.uint8)
    quad = [(-50.0, 60.0), (1900.0, 60.0), (1900.0, 100.0), (-50.0, 100.0)]     # 1950 x 40 px, off the left edge
    pic = cell_picture(img, quad)
    assert pic.shape[1] <= MAX_W and pic.shape[0] < CELL_H * (1 + 2 * MARGIN_Y)
    assert pic[pic.shape[0] // 2, 1].tolist() == [200, 200, 200]             # no black border off the photo
    assert cell_picture(img[:, :, 0], quad).shape == pic.shape               # a grey photo gives a colour picture


def test_pictures_are_jpegs_of_the_cells_that_have_a_quad():
    img = _photo()
    boxes = {"g1.plus": QUAD, "g1.minus": None, "g2.base": [(5.0, 5.0)] * 4}   # none, and a degenerate quad
    out = cell_pictures(img, boxes, ["g1.plus", "g1.minus", "g2.base", "g3.base"])
    assert set(out) <= {"g1.plus", "g2.base"} and "g1.plus" in out
    pic = cv2.imdecode(np.frombuffer(out["g1.plus"], np.uint8), cv2.IMREAD_COLOR)
    assert pic.shape == cell_picture(img, QUAD).shape
