"""digitize.grid: the printed lines are found where they really are on a rectified page, bent or not, under
handwriting, grey dealer cells and shadows, and the cells follow them."""
from __future__ import annotations

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from digitize.form import render_png
from digitize.grid import (GridFit, _mend_tears, _order_statistic, _torn_blocks, cell_boxes, cell_corners,
                           cell_quads, line_model, measure_grid)
from digitize.layout import Box, layout_for
from tests.digitize.photos import filled_page

DPI = 203
PPM = DPI / 25.4          # the rendered page is the rectified page (8 px/mm within 0.1 %)


def bend(mm_x: np.ndarray, mm_y: np.ndarray, amp: float = 1.4) -> tuple[np.ndarray, np.ndarray]:
    """A smooth displacement (mm) like curled paper leaves after a homography."""
    dx = amp * np.sin(2 * np.pi * mm_y / 260.0) * (mm_x / 210.0)
    dy = amp * np.cos(2 * np.pi * mm_x / 190.0) * (0.4 + mm_y / 297.0)
    return dx, dy


def bent(page: np.ndarray, amp: float = 1.4) -> np.ndarray:
    """``page`` with its content moved by :func:`bend` (inverse solved by fixed-point iteration on a coarse
    grid, every 8 px, and enlarged)."""
    h, w = page.shape[:2]
    step = 8
    u, v = np.meshgrid(np.arange(0, w + step, step, dtype=np.float64), np.arange(0, h + step, step, dtype=np.float64))
    x, y = (u + 0.5) / PPM, (v + 0.5) / PPM            # output point, mm
    sx, sy = x.copy(), y.copy()
    for _ in range(6):                                   # source s with s + d(s) = x
        dx, dy = bend(sx, sy, amp)
        sx, sy = x - dx, y - dy
    size = (u.shape[1] * step, u.shape[0] * step)
    mx = cv2.resize((sx * PPM - 0.5).astype(np.float32), size, interpolation=cv2.INTER_LINEAR)
    my = cv2.resize((sy * PPM - 0.5).astype(np.float32), size, interpolation=cv2.INTER_LINEAR)
    # resize puts coarse sample k at (k + 0.5) * step - 0.5 px: shift so that it lands on k * step
    off = (step - 1) / 2
    grid_x = np.arange(w, dtype=np.float32) + off
    grid_y = np.arange(h, dtype=np.float32) + off
    mx = cv2.remap(mx, *np.meshgrid(grid_x, grid_y), cv2.INTER_LINEAR)
    my = cv2.remap(my, *np.meshgrid(grid_x, grid_y), cv2.INTER_LINEAR)
    return cv2.remap(page, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=255)


def corner_errors(fit: GridFit, layout, amp: float) -> np.ndarray:
    corners = cell_corners(fit, layout)
    errs = []
    for ref, b in layout.cell_boxes:
        if ref.startswith("table.series") or ref.startswith("table.table"):
            continue                                     # title boxes lie outside the grid
        pts = np.array([[b.x, b.y], [b.x2, b.y], [b.x2, b.y2], [b.x, b.y2]])
        dx, dy = bend(pts[:, 0], pts[:, 1], amp)
        errs.append(np.abs(corners[ref] - (pts + np.stack([dx, dy], 1))).max())
    return np.array(errs)


@pytest.fixture(scope="module")
def clean4():
    return render_png(layout_for(4), dpi=DPI)


def test_clean_page_lines_where_the_layout_puts_them(clean4):
    lay = layout_for(4)
    before = clean4.copy()
    fit = measure_grid(clean4, lay, PPM)
    assert np.array_equal(clean4, before)                      # input untouched
    assert fit.coverage > 0.97
    assert np.abs(fit.dy).max() < 0.1 and np.abs(fit.dx).max() < 0.1   # grey dealer cells pull no line


@pytest.mark.parametrize("seats, edition", [(4, "skatscan"), (3, "dskv")])
def test_bent_page_with_handwriting(seats, edition):
    lay = layout_for(seats, edition=edition)
    page = cv2.cvtColor(filled_page(lay, np.random.default_rng(seats), DPI, share=0.3), cv2.COLOR_BGR2GRAY)
    fit = measure_grid(bent(page), lay, PPM)
    errs = corner_errors(fit, lay, 1.4)
    assert fit.coverage > 0.8
    assert np.percentile(errs, 99) < 0.25 and errs.max() < 0.6, (np.percentile(errs, 99), errs.max())


def test_shadow_and_uneven_light(clean4):
    lay = layout_for(4)
    h, w = clean4.shape
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    light = 0.45 + 0.55 * xx / w                                       # dark on the left
    light *= 1 - 0.4 * np.exp(-(((xx - 0.6 * w) ** 2 + (yy - 0.5 * h) ** 2) / (0.15 * w) ** 2))   # a hand shadow
    dim = np.clip(bent(clean4) * light, 0, 255).astype(np.uint8)
    fit = measure_grid(dim, lay, PPM)
    assert fit.coverage > 0.95
    assert corner_errors(fit, lay, 1.4).max() < 0.25


def test_line_model_covers_the_grid():
    m = line_model(layout_for(4))
    lay = layout_for(4)
    assert m.h_pos[0] == pytest.approx(lay.grid.y) and m.h_pos[-1] == pytest.approx(lay.grid.y2)
    assert m.v_pos[0] == pytest.approx(lay.grid.x) and m.v_pos[-1] == pytest.approx(lay.grid.x2)
    rows = [r.y for r in lay.rows[1:]]
    assert all(np.any(np.isclose(m.h_pos, y)) for y in rows)
    assert m.h_cover.any(axis=1).all() and m.v_cover.any(axis=1).all()   # every line is sampled somewhere


def test_zero_fit_is_identity_and_cells_follow_a_fit():
    lay = layout_for(3)
    m = line_model(lay)
    zero = GridFit(m, np.zeros(m.h_cover.shape), np.zeros(m.v_cover.shape), m.h_cover.copy(), m.v_cover.copy())
    pts = np.array([[20.0, 30.0], [100.0, 150.5], [190.0, 280.0]])
    assert np.allclose(zero.displace(pts), pts)
    src, dst = zero.nodes()
    assert len(src) > 500 and np.allclose(src, dst)
    moved = GridFit(m, np.full(m.h_cover.shape, 0.5), np.full(m.v_cover.shape, -0.25), zero.measured_h,
                    zero.measured_v)
    boxes = cell_boxes(cell_corners(moved, lay))
    b, ref = boxes["g7.plus"], lay.cell("g7.plus")
    assert (b.x, b.y, b.w, b.h) == pytest.approx((ref.x - 0.25, ref.y + 0.5, ref.w, ref.h), abs=1e-3)
    quads = cell_quads(cell_corners(moved, lay), lambda p: p * 2.0)
    assert quads["g7.plus"][0] == pytest.approx(((ref.x - 0.25) * 2, (ref.y + 0.5) * 2))


def test_torn_blocks_split_where_neighbouring_stretches_disagree_by_a_row():
    d = np.zeros((6, 5))
    d[:, :2] = -4.4                                  # stretches 0 and 1: every line a row up
    d[0, 3] = 3.0                                    # one line off at stretch 3: not a tear (the median holds)
    cover = np.ones(d.shape, bool)
    lo, hi = np.arange(5) * 10.0, np.arange(5) * 10.0 + 10.0
    label, torn = _torn_blocks(d, cover, lo, hi)
    assert torn == [(1, 2)]
    assert label[0] == label[1] and len({label[1], label[2]}) == 2 and len(set(label[2:])) == 1
    apart = hi.copy()
    apart[1] = 15.0                                  # 5 mm of unsampled paper between 1 and 2: not compared
    assert _torn_blocks(d, cover, lo, apart)[1] == []


def test_a_block_of_columns_a_row_off_is_mended(clean4):
    """The fit of photo 10025 (seed 10): the eight columns left of the "+" a row up, all their lines on the
    neighbouring row's. From such a fit the lines are measured again where the rest of the grid puts them."""
    lay = layout_for(4)
    fit = measure_grid(clean4, lay, PPM, grow=True)
    m = fit.model
    left = m.x_hi <= 60.0
    torn = fit.dy.copy()
    torn[:, left] -= 4.4
    slipped = GridFit(m, torn, fit.dx, fit.measured_h, fit.measured_v)
    assert _torn_blocks(torn, m.h_cover, m.x_lo, m.x_hi)[1]
    mended = _mend_tears(slipped, clean4, lay, PPM)
    assert np.abs(mended.dy[m.h_cover]).max() < 0.1
    assert not _torn_blocks(mended.dy, m.h_cover, m.x_lo, m.x_hi)[1]
    assert _mend_tears(fit, clean4, lay, PPM) is fit                   # nothing torn: nothing measured again
    # the same across: the rows above 120 mm with every vertical line 4.5 mm to the right
    top = m.y_hi <= 120.0
    shifted = fit.dx.copy()
    shifted[:, top] += 4.5
    assert _torn_blocks(shifted, m.v_cover, m.y_lo, m.y_hi)[1]
    mended = _mend_tears(GridFit(m, fit.dy, shifted, fit.measured_h, fit.measured_v), clean4, lay, PPM)
    assert np.abs(mended.dx[m.v_cover]).max() < 0.1


def test_prior_fit_is_followed(clean4):
    lay = layout_for(4)
    shifted = np.full_like(clean4, 255)
    d = int(round(2.6 * PPM))                        # 2.6 mm down: beyond the first window alone
    shifted[d:] = clean4[:-d]
    first = measure_grid(shifted, lay, PPM, passes=(2.0,), outliers=(0.9,))
    prior = GridFit(first.model, np.full_like(first.dy, 2.0), first.dx, first.measured_h, first.measured_v)
    fit = measure_grid(shifted, lay, PPM, prior=prior)
    assert np.median(fit.dy) == pytest.approx(d / PPM, abs=0.1)


def test_box_arguments_untouched():
    lay = layout_for(4)
    corners = cell_corners(GridFit(line_model(lay), np.zeros(line_model(lay).h_cover.shape),
                                   np.zeros(line_model(lay).v_cover.shape), line_model(lay).h_cover,
                                   line_model(lay).v_cover), lay)
    snapshot = {k: v.copy() for k, v in corners.items()}
    cell_boxes(corners)
    cell_quads(corners, lambda p: p + 1)
    assert all(np.array_equal(corners[k], snapshot[k]) for k in corners)
    assert isinstance(cell_boxes(corners)["g1.base"], Box)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 24).flatmap(lambda n: st.tuples(
    st.lists(st.lists(st.integers(0, 255), min_size=n, max_size=n), min_size=1, max_size=30),
    st.integers(0, n - 1))))
def test_the_line_percentile_is_the_order_statistic_np_sort_gives(case):
    """The locator takes each stretch's darkness percentile by a sorting network (fast over thousands of
    stretches); whatever the number of points and values, it is exactly the element np.sort puts there."""
    rows, q = case
    vals = np.array(rows, np.uint8).T          # points along the first axis
    assert np.array_equal(_order_statistic(vals, q), np.sort(vals, axis=0)[q])
