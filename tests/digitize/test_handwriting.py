"""Tests of digitize.synth.handwriting: the handwriting renderer."""
from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from digitize.glyphs import GlyphBank
from digitize.synth import handwriting as hw
from digitize.synth.handwriting import (
    Writer,
    composite,
    cross_out_mask,
    dash_mask,
    ink_mask,
    mark_mask,
    render_strokes,
    signature_mask,
    text_strokes,
    write_on_page,
)

ROW = 50  # px, cell height used throughout
INK = 0.15  # alpha that counts as ink (pencil is faint)


@pytest.fixture(scope="module")
def writers() -> list[Writer]:
    """A handful of writers from both splits, with every digit source, never running over the border."""
    out = []
    for seed, source in enumerate(["skatlist", "mnist", "semeion", "optdigits", "skatlist", "optdigits"]):
        w = Writer.random(np.random.default_rng(seed), "train" if seed % 2 == 0 else "test", source=source)
        out.append(replace(w, overflow=0.0))
    return out


def ink_box(mask: np.ndarray, level: float = INK) -> tuple[int, int, int, int]:
    ys, xs = np.nonzero(mask > level)
    assert ys.size, "no ink"
    return int(xs.min()), int(ys.min()), int(xs.max() - xs.min() + 1), int(ys.max() - ys.min() + 1)


def components(mask: np.ndarray, level: float = INK) -> int:
    return cv2.connectedComponents((mask > level).astype(np.uint8), connectivity=8)[0] - 1


def test_writer_random_is_deterministic_and_valid():
    a = Writer.random(np.random.default_rng(11), "test")
    b = Writer.random(np.random.default_rng(11), "test")
    c = Writer.random(np.random.default_rng(12), "test")
    assert a == b and a != c
    assert a.split == "test" and a.ink in hw.INKS
    assert hw.DIGIT_HEIGHT[0] <= a.height <= hw.DIGIT_HEIGHT[1]
    assert all(0 <= v <= 255 for v in a.colour)
    bank = GlyphBank.load("test")
    for label in range(12):  # the pool is a consistent set of glyphs of the writer's split
        assert label in a.pool and all(bank.labels[i] == label for i in a.pool[label])


def test_ink_mask_is_deterministic_by_seed(writers):
    w = writers[0]
    a = ink_mask("1071", (ROW, 220), w, np.random.default_rng(4))
    b = ink_mask("1071", (ROW, 220), w, np.random.default_rng(4))
    c = ink_mask("1071", (ROW, 220), w, np.random.default_rng(5))
    assert np.array_equal(a, b)
    assert not np.array_equal(a, c)


@pytest.mark.parametrize("content", ["36", "-94", "1071", "3,50", "4,-", "X", "+", "x", "—"])
def test_shapes_and_value_ranges(writers, content):
    for w in writers[:3]:
        m = ink_mask(content, (ROW, 160), w, np.random.default_rng(0))
        assert m.shape == (ROW, 160) and m.dtype == np.float32
        assert m.min() >= 0.0 and m.max() <= 1.0
        assert m.max() > 0.4  # visible ink
        assert 0.005 < np.mean(m > INK) < 0.5  # ink, not a filled cell


def test_1071_spreads_over_four_digits_in_few_clusters(writers):
    counts = []
    for k, w in enumerate(writers):
        m = ink_mask("1071", (ROW, 260), w, np.random.default_rng(k))
        x, y, bw, bh = ink_box(m)
        digit = w.height * ROW
        assert 1.2 * digit < bw < 6.0 * digit  # four digits side by side, not one and not a smear
        assert 0.6 * digit < bh < 1.6 * digit
        # ink from left to right: every quarter of the ink box holds ink
        cols = (m[:, x : x + bw] > INK).any(axis=0)
        assert all(q.mean() > 0.3 for q in np.array_split(cols, 4))
        counts.append(components(m))
    assert max(counts) <= 6 and np.median(counts) <= 4  # four digits, touching allowed (fewer clusters)


def test_touching_digits_when_spacing_is_negative(writers):
    w = replace(writers[3], spacing=-0.1, width_scale=1.0)
    m = ink_mask("1071", (ROW, 260), w, np.random.default_rng(0))
    wide = replace(writers[3], spacing=0.3, width_scale=1.0)
    m_wide = ink_mask("1071", (ROW, 260), wide, np.random.default_rng(0))
    assert ink_box(m)[2] < ink_box(m_wide)[2]
    assert components(m) <= components(m_wide)


def test_writing_stays_in_its_box_and_scales_with_it(writers):
    w = writers[2]
    box = (40, 30, 120, ROW)
    m = ink_mask("36", (120, 200), w, np.random.default_rng(1), box=box)
    x, y, bw, bh = ink_box(m)
    assert x >= 40 - 5 and x + bw <= 160 + 5 and y >= 30 - 8 and y + bh <= 80 + 8
    small = ink_mask("36", (120, 200), w, np.random.default_rng(1), box=(40, 30, 120, ROW // 2))
    assert ink_box(small)[3] < 0.75 * bh


def test_overflow_happens_sometimes():
    w = replace(Writer.random(np.random.default_rng(2), "train"), overflow=1.0)
    out = 0
    for k in range(8):
        m = ink_mask("94", (3 * ROW, 300), w, np.random.default_rng(k), box=(100, ROW, 100, ROW))
        x, y, bw, bh = ink_box(m)
        out += x < 100 or x + bw > 200 or y < ROW or y + bh > 2 * ROW
    assert out >= 6


def test_minus_and_money_dash_are_flat_strokes(writers):
    w = writers[1]
    m = ink_mask("-94", (ROW, 200), w, np.random.default_rng(2))
    x, y, bw, bh = ink_box(m)
    # the leftmost blob is the minus: wider than high, at mid height
    n, lab, stats, cent = cv2.connectedComponentsWithStats((m > INK).astype(np.uint8), connectivity=8)
    first = 1 + int(np.argmin(stats[1:, cv2.CC_STAT_LEFT]))
    assert stats[first, cv2.CC_STAT_WIDTH] > 2 * stats[first, cv2.CC_STAT_HEIGHT]
    assert y + 0.2 * bh < cent[first][1] < y + 0.8 * bh
    money = ink_mask("4,-", (ROW, 200), w, np.random.default_rng(2))
    plain = ink_mask("4", (ROW, 200), w, np.random.default_rng(2))
    assert ink_box(money)[2] > 1.3 * ink_box(plain)[2]


@pytest.mark.parametrize("style", ["x", "plus", "slanted", "bank"])
def test_mark_is_a_compact_cross(writers, style):
    for k, w in enumerate(writers[:3]):
        m = mark_mask((ROW, 80), w, np.random.default_rng(k), style=style)
        x, y, bw, bh = ink_box(m)
        assert 0.35 < bw / bh < 2.8
        assert 0.3 * ROW < bh < 1.1 * ROW
        # strokes cross: ink near the middle of the mark's box, and ink reaches all four sides
        cx, cy = x + bw // 2, y + bh // 2
        r = max(2, int(0.2 * min(bw, bh)))
        assert m[cy - r : cy + r + 1, cx - r : cx + r + 1].max() > INK
        assert components(m) <= 2


def test_dash_is_wide_and_flat(writers):
    for k, w in enumerate(writers):
        for style in ("stroke", "bank"):
            m = dash_mask((ROW, 120), replace(w, dash_style=style), np.random.default_rng(k))
            x, y, bw, bh = ink_box(m)
            assert bw > 3 * bh and bw > 0.3 * 120
            assert abs((y + bh / 2) - ROW / 2) < 0.3 * ROW


@pytest.mark.parametrize("style", hw.CROSS_OUT_STYLES)
def test_cross_out_spans_the_region(writers, style):
    size, box = (260, 420), (10, 20, 400, 230)
    m = cross_out_mask(size, writers[0], np.random.default_rng(3), box=box, style=style, row_height=ROW)
    cols = (m[:, 10:410] > INK).any(axis=0)
    assert cols.mean() > 0.95
    if style != "line":
        rows = (m[20:250] > INK).any(axis=1)
        assert rows.mean() > 0.7
    with pytest.raises(ValueError):
        cross_out_mask(size, writers[0], np.random.default_rng(3), style="scribble")


def test_signature_is_a_long_smooth_scribble(writers):
    for k, w in enumerate(writers[:4]):
        m = signature_mask((2 * ROW, 400), w, np.random.default_rng(k))
        x, y, bw, bh = ink_box(m)
        assert bw > 0.4 * 400 and bw > 2 * bh
        assert components(m) <= 8
        assert np.mean(m > INK) < 0.25


def test_render_strokes_draws_a_line_of_pen_width_and_keeps_inputs():
    w = replace(Writer.random(np.random.default_rng(0), "test"), pressure=0.0, ink="black", opacity=1.0)
    line = np.array([[10.0, 20.0], [90.0, 20.0]])
    before = line.copy()
    m = render_strokes([line], (40, 100), w, np.random.default_rng(0), pen_px=4.0)
    assert np.array_equal(line, before)
    assert m[20, 50] > 0.75 and m[5, 50] == 0.0
    assert 3.0 <= np.sum(m[:, 50]) <= 5.0  # about pen_px of ink across the line
    assert not render_strokes([], (40, 100), w, np.random.default_rng(0), pen_px=4.0).any()
    assert not render_strokes([line + 500], (40, 100), w, np.random.default_rng(0), pen_px=4.0).any()


def test_text_strokes_unknown_character():
    w = Writer.random(np.random.default_rng(0), "test")
    with pytest.raises(ValueError):
        text_strokes("12a", (ROW, 100), w, np.random.default_rng(0))


def test_composite_multiplies_ink_into_a_new_page():
    page = np.full((30, 40, 3), 220, np.uint8)
    page[10, :] = 60  # a printed line
    before = page.copy()
    mask = np.zeros((10, 10), np.float32)
    mask[2:8, 2:8] = 1.0
    mask_before = mask.copy()
    out = composite(page, mask, (150, 60, 30), at=(5, 5))
    assert np.array_equal(page, before) and np.array_equal(mask, mask_before)
    assert out.dtype == np.uint8 and out.shape == page.shape
    assert out[8, 8].tolist() == [round(220 * 150 / 255), round(220 * 60 / 255), round(220 * 30 / 255)]
    assert out[10, 8, 0] < 60  # ink over the printed line stays darker than the line
    assert np.array_equal(out[20:], page[20:])
    # hanging over the edge, and grey pages
    edge = composite(page, mask, (0, 0, 0), at=(35, -5))
    assert edge[0, 38].tolist() == [0, 0, 0] and np.array_equal(edge[:, :35], page[:, :35])
    grey = composite(page[:, :, 0], mask, (0, 0, 0), at=(0, 0))
    assert grey.ndim == 2 and grey[4, 4] == 0


def test_write_on_page_puts_ink_around_the_cell_only():
    rng = np.random.default_rng(7)
    w = replace(Writer.random(rng, "train"), overflow=0.0)
    page = np.full((300, 500, 3), 235, np.uint8)
    before = page.copy()
    box = (200, 120, 110, ROW)
    out = write_on_page(page, box, "36", w, np.random.default_rng(1))
    again = write_on_page(page, box, "36", w, np.random.default_rng(1))
    assert np.array_equal(page, before) and np.array_equal(out, again)
    changed = np.nonzero((out.astype(int) - page).any(axis=2))
    assert changed[0].size > 50
    assert changed[1].min() >= 200 - ROW and changed[1].max() <= 310 + ROW
    assert changed[0].min() >= 120 - ROW and changed[0].max() <= 170 + ROW
    assert out[changed].mean() < 235
    for kind in ("signature", "cross_out"):
        assert not np.array_equal(write_on_page(page, box, "", w, rng, kind=kind), page)
    with pytest.raises(ValueError):
        write_on_page(page, box, "", w, rng, kind="poem")


def test_german_one_and_crossed_seven_add_a_stroke():
    rng = np.random.default_rng(0)
    stick = [np.array([[0.0, 0.0], [0.0, 1.0]])]
    flagged = hw._german_one(stick, rng, 0.0)
    assert len(flagged) == 2 and flagged[1][:, 0].min() < -0.1  # the up-stroke reaches left
    seven = [np.array([[0.0, 0.0], [0.6, 0.0], [0.2, 1.0]])]
    crossed = hw._crossed_seven(seven, rng, 0.0)
    assert len(crossed) == 2 and np.ptp(crossed[1][:, 0]) > 0.3 and np.ptp(crossed[1][:, 1]) < 0.15
    assert len(stick) == 1 and len(seven) == 1  # inputs untouched


def test_pencil_is_fainter_than_ballpoint():
    w = replace(Writer.random(np.random.default_rng(1), "test"), overflow=0.0)
    pen = ink_mask("36", (ROW, 120), w.with_ink("black"), np.random.default_rng(0))
    pencil = ink_mask("36", (ROW, 120), w.with_ink("pencil"), np.random.default_rng(0))
    assert pencil.max() < pen.max()


def _arc(cx: float, cy: float, r: float, start_deg: float, end_deg: float, n: int = 40) -> np.ndarray:
    t = np.radians(np.linspace(start_deg, end_deg, n))
    return np.stack([cx + r * np.cos(t), cy + r * np.sin(t)], axis=1)


def test_closed_loop_tells_a_loop_from_a_hook():
    """A 9 drawn as a ring with a tail has its loop; the same ring with a gap wider than the pen, a "(" and a
    straight stroke have none (glyph pixels, GLYPH_HEIGHT = 28)."""
    tail = np.array([[14.0, 10.0], [13.0, 27.0]])
    assert hw.closed_loop([_arc(9, 8, 5, 0, 360), tail])
    assert not hw.closed_loop([_arc(9, 8, 5, 40, 320), tail])        # open by about 5 px, over twice the pen
    assert not hw.closed_loop([_arc(14, 14, 12, 100, 260)])         # "("
    assert not hw.closed_loop([np.array([[5.0, 2.0], [6.0, 26.0]])])
    assert hw.closed_loop([_arc(9, 8, 5, 12, 350), tail])           # a gap under the pen's width closes


def test_writers_write_their_6_8_and_9_with_a_loop():
    """Regression (docs/reader.md, a blind reading): centre lines of a thick glyph whose loop is filled with ink
    keep no loop, and drawn, a Skat list 9 read as a 7 or a 5, an 8 as a 3. Such glyphs are not usable, so no
    writer of either split writes a 6, 8 or 9 without a loop, while the banks do hold such glyphs."""
    for split in ("train", "test"):
        bank = GlyphBank.load(split)
        loopless = [int(i) for i in bank.indices(9, ("skatlist",), typical_only=True)
                    if not hw.closed_loop(bank.strokes(int(i)))]
        assert loopless and not any(hw.glyph_usable(bank, i) for i in loopless)
        for seed in range(12):
            w = Writer.random(np.random.default_rng(seed), split, source="skatlist" if seed % 2 else None)
            for label in sorted(hw.LOOP_DIGITS):
                assert all(hw.closed_loop(bank.strokes(int(i))) for i in w.pool[label]), (split, seed, label)
