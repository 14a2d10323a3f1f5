"""The printed grid on a rectified page: where each layout line really is, and the cell boxes that follow.

After the homography (:mod:`digitize.sheet`) the page is flat only to a first approximation: curled paper
and lens effects leave the printed lines up to a few millimetres away from where the layout puts them. This
module measures every line locally and maps the layout's cells onto what it found.

How a line is measured: the layout's lines inside the grid are cut into *samples*, one per stretch between
two crossing lines (a horizontal line is sampled once per column, a vertical line once per row). For each
sample a small window across the line is read at :data:`ALONG_POINTS` places along it; at each offset across
the line the :data:`LINE_PERCENTILE` percentile of the darkness along the stretch is taken (a printed line is
dark along all of it, a digit or a cross-out stroke only along part), and the darkest offset is the line's
position (to a fraction of a pixel). Samples that disagree with their neighbours are dropped and filled in
from them; the window shrinks over a few passes (:data:`PASSES_MM`). The result, a :class:`GridFit`, holds
the offset of every line at every sample and interpolates them to any point (:meth:`GridFit.displace`).

Coordinates: millimetres on the page (layout) and on the rectified page; a page pixel ``(u, v)`` (centre
coordinates) covers the millimetre point ``((u + 0.5) / ppm, (v + 0.5) / ppm)``.

>>> from digitize.layout import layout_for
>>> from digitize.form import render_png
>>> lay = layout_for(4)
>>> page = render_png(lay, dpi=203)
>>> fit = measure_grid(page, lay, 203 / 25.4)
>>> bool(fit.coverage > 0.95), bool(np.abs(fit.dy).max() < 0.1)
(True, True)
"""
from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Callable, Optional

import cv2
import numpy as np

from digitize.layout import Box, FormLayout
from digitize.union_find import joined

#: Half-width (mm) of the search window across a line, pass by pass; each pass starts from the last one's result.
PASSES_MM = (2.0, 1.3, 0.7)
#: A sample further than this (mm) from the median of its neighbours is dropped, pass by pass.
OUTLIER_MM = (0.9, 0.6, 0.4)
#: Samples keep this far (mm) from the crossing lines at the ends of their stretch.
SAMPLE_MARGIN_MM = 0.6
#: Stretches shorter than this (mm) are not sampled.
MIN_STRETCH_MM = 2.0
#: Points read along a stretch.
ALONG_POINTS = 16
#: Before reading, the page is averaged along the line direction over this length (mm): less noise.
ALONG_SMOOTH_MM = 1.0
#: Percentile (0-100) of the darkness along a stretch that must be dark for a line: robust to ink crossing it.
LINE_PERCENTILE = 35
#: A line must be this much darker (grey levels, after light smoothing) than the lightest offset of its window.
MIN_LINE_CONTRAST = 5.0
#: Growing (see _grow): seeds lie within SEED_MM of the prior (at least MIN_SEEDS of them in the middle of
#: the grid, else anywhere); the next samples are looked for within GROW_WINDOW_MM of their neighbours' mean
#: and kept within GROW_TOLERANCE_MM of it.
SEED_MM = 0.7
MIN_SEEDS = 20
GROW_WINDOW_MM = 1.5
GROW_TOLERANCE_MM = 1.0
#: Anchoring (see _chain): before growing, each column's horizontal lines (each row's vertical lines) are
#: placed at once, top to bottom, by dynamic programming over offsets within CHAIN_MM of the prior: every
#: line on a dark ridge (darker than the paper CHAIN_SIDE_MM either side), neighbouring lines' offsets
#: differing by at most CHAIN_SLOPE mm per mm between them (at least one CHAIN_STEP_MM) and costing a
#: little (CHAIN_PENALTY per mm squared of change); each stretch is scored together with the CHAIN_NEIGHBOURS
#: stretches either side. The unique header and footer lines anchor the chain at both ends, so the alike
#: game rows between them are counted off rather than grown from the middle: a prior more than half a row
#: off there cannot make whole rows slip by one.
CHAIN_MM = 8.0
CHAIN_STEP_MM = 0.25
CHAIN_SIDE_MM = 0.7
CHAIN_SLOPE = 0.2
CHAIN_PENALTY = 3.0
CHAIN_NEIGHBOURS = 2
#: Tears (see _mend_tears): two neighbouring stretches whose lines' offsets differ by more than TEAR_MM (the
#: median over the lines printed across both) are torn apart: paper bends, it does not shift one block of
#: columns by a whole row against the next (a game row is 4.4 mm high, the offsets of neighbouring stretches
#: differ by less than 1 mm on curled paper, up to 1.9 mm on one line of the benchmark photos).
TEAR_MM = 2.0
#: Neighbourhood (samples either side, along and across lines) for the outlier test.
NEIGHBOURS = 2
#: Lines within this distance (mm) of the grid box count as grid lines.
GRID_TOLERANCE_MM = 0.5


@dataclass(frozen=True)
class LineModel:
    """The layout's grid lines, organised for measurement (all mm).

    ``h_pos`` distinct y of horizontal lines, ``v_pos`` distinct x of vertical lines (sorted); ``x_lo/x_hi``
    the stretches between consecutive vertical lines (where horizontal lines are sampled), ``y_lo/y_hi``
    those between consecutive horizontal lines; ``h_cover[i, k]``: horizontal line ``i`` is printed over
    stretch ``k``; ``v_cover[j, l]`` likewise.
    """

    h_pos: np.ndarray
    v_pos: np.ndarray
    x_lo: np.ndarray
    x_hi: np.ndarray
    y_lo: np.ndarray
    y_hi: np.ndarray
    h_cover: np.ndarray
    v_cover: np.ndarray

    @property
    def x_mid(self) -> np.ndarray:
        return (self.x_lo + self.x_hi) / 2

    @property
    def y_mid(self) -> np.ndarray:
        return (self.y_lo + self.y_hi) / 2


_MODELS: dict[tuple, LineModel] = {}


def line_model(layout: FormLayout) -> LineModel:
    """The :class:`LineModel` of ``layout`` (cached per layout)."""
    key = (layout.version, layout.edition, layout.seats, layout.games)
    model = _MODELS.get(key)
    if model is None:
        model = _MODELS[key] = _build_model(layout)
    return model


def _build_model(layout: FormLayout) -> LineModel:
    g, tol = layout.grid, GRID_TOLERANCE_MM
    inside = [ln for ln in layout.lines
              if min(ln.x1, ln.x2) >= g.x - tol and max(ln.x1, ln.x2) <= g.x2 + tol
              and min(ln.y1, ln.y2) >= g.y - tol and max(ln.y1, ln.y2) <= g.y2 + tol]
    hor = [ln for ln in inside if ln.horizontal]
    ver = [ln for ln in inside if not ln.horizontal]
    h_pos = np.array(sorted({round(ln.y1, 4) for ln in hor}))
    v_pos = np.array(sorted({round(ln.x1, 4) for ln in ver}))
    x_lo, x_hi = v_pos[:-1], v_pos[1:]
    y_lo, y_hi = h_pos[:-1], h_pos[1:]

    def cover(lines, pos, lo, hi, along):
        out = np.zeros((len(pos), len(lo)), bool)
        for ln in lines:
            p = round(ln.y1 if along == "x" else ln.x1, 4)
            a, b = (min(ln.x1, ln.x2), max(ln.x1, ln.x2)) if along == "x" else (min(ln.y1, ln.y2), max(ln.y1, ln.y2))
            i = int(np.searchsorted(pos, p))
            out[i] |= (lo >= a - 1e-6) & (hi <= b + 1e-6) & (hi - lo >= MIN_STRETCH_MM)
        return out

    return LineModel(h_pos, v_pos, x_lo, x_hi, y_lo, y_hi,
                     cover(hor, h_pos, x_lo, x_hi, "x"), cover(ver, v_pos, y_lo, y_hi, "y"))


@dataclass(frozen=True)
class GridFit:
    """Where the layout's grid lines are on a rectified page.

    ``dy[i, k]``: offset (mm, page minus layout) of horizontal line ``i`` at the middle of stretch ``k``;
    ``dx[j, l]``: of vertical line ``j`` at the middle of stretch ``l``. Entries that could not be measured
    are filled in from their neighbours; ``measured_h`` / ``measured_v`` say which were measured.
    """

    model: LineModel
    dy: np.ndarray
    dx: np.ndarray
    measured_h: np.ndarray
    measured_v: np.ndarray

    @property
    def coverage(self) -> float:
        """Share of the printed line samples that were measured (0..1)."""
        m = self.model
        total = int(m.h_cover.sum() + m.v_cover.sum())
        return float((self.measured_h & m.h_cover).sum() + (self.measured_v & m.v_cover).sum()) / max(total, 1)

    def displace(self, points_mm: np.ndarray) -> np.ndarray:
        """Layout points (N x 2, mm) -> where they lie on the rectified page (N x 2, mm); a new array.

        The y offset is interpolated along the horizontal lines above and below the point and between
        them, the x offset likewise from the vertical lines; outside the grid the nearest lines' offsets hold.
        """
        p = np.asarray(points_mm, np.float64).reshape(-1, 2)
        m = self.model
        dy = _bilinear(self.dy, m.h_pos, m.x_mid, p[:, 1], p[:, 0])
        dx = _bilinear(self.dx, m.v_pos, m.y_mid, p[:, 0], p[:, 1])
        return np.stack([p[:, 0] + dx, p[:, 1] + dy], axis=1)

    def nodes(self) -> tuple[np.ndarray, np.ndarray]:
        """Line crossings measured on both lines: (layout points N x 2, page points N x 2), mm."""
        m = self.model
        mh = self.measured_h & m.h_cover
        mv = self.measured_v & m.v_cover
        # for crossing (i, j): horizontal line i measured on a stretch beside x_j (k = j - 1 or j), and
        # vertical line j measured on a stretch beside y_i (l = i - 1 or i)
        h_side = np.zeros((len(m.h_pos), len(m.v_pos)), bool)
        h_side[:, 1:] |= mh
        h_side[:, :-1] |= mh
        v_side = np.zeros((len(m.v_pos), len(m.h_pos)), bool)
        v_side[:, 1:] |= mv
        v_side[:, :-1] |= mv
        ii, jj = np.nonzero(h_side & v_side.T)
        layout_pts = np.stack([m.v_pos[jj], m.h_pos[ii]], axis=1).astype(np.float64).reshape(-1, 2)
        return layout_pts, self.displace(layout_pts)


def measure_grid(page: np.ndarray, layout: FormLayout, px_per_mm: float, *,
                 prior: Optional[GridFit] = None, passes: tuple[float, ...] = PASSES_MM,
                 outliers: tuple[float, ...] = OUTLIER_MM, grow: bool = False) -> GridFit:
    """Measure the layout's grid lines on ``page`` (grey uint8, rectified at ``px_per_mm``).

    ``prior`` (a fit of the same layout) gives where to start looking, else the layout positions;
    ``passes`` are the half-widths (mm) of the search windows, ``outliers`` the tolerance of each pass.
    ``grow``: instead of the first pass, grow the measured region outwards from the middle of the grid
    (:func:`_grow`), so that lines far from where ``prior`` puts them (strongly curled paper) are followed,
    and mend what tore (:func:`_mend_tears`). Returns a new :class:`GridFit`; ``page`` is not modified.
    """
    model = line_model(layout)
    grey = np.asarray(page, np.uint8)
    if grey.ndim == 3:
        grey = cv2.cvtColor(grey, cv2.COLOR_BGR2GRAY)
    run = max(1, int(round(ALONG_SMOOTH_MM * px_per_mm)) | 1)
    dark_h = 255 - cv2.blur(grey, (run, 1))        # averaged along horizontal lines
    dark_v = 255 - cv2.blur(grey, (1, run))        # and along vertical ones
    dy = prior.dy.copy() if prior is not None else np.zeros(model.h_cover.shape)
    dx = prior.dx.copy() if prior is not None else np.zeros(model.v_cover.shape)
    got_h = np.zeros(model.h_cover.shape, bool)
    got_v = np.zeros(model.v_cover.shape, bool)
    if grow:
        dy = _fill(_reject(_chain(dark_h, px_per_mm, model.h_pos, model.x_lo, model.x_hi, model.h_cover, dy, "h"),
                           OUTLIER_MM[0]), dy)
        dx = _fill(_reject(_chain(dark_v, px_per_mm, model.v_pos, model.y_lo, model.y_hi, model.v_cover, dx, "v"),
                           OUTLIER_MM[0]), dx)
        dy = _fill(_grow(dark_h, px_per_mm, model.h_pos, model.x_lo, model.x_hi, model.h_cover, dy, "h"), dy)
        dx = _fill(_grow(dark_v, px_per_mm, model.v_pos, model.y_lo, model.y_hi, model.v_cover, dx, "v"), dx)
        passes, outliers = passes[1:], outliers[1:]
    for half, tol in zip(passes, outliers):
        mh = _measure(dark_h, px_per_mm, model.h_pos, model.x_lo, model.x_hi, model.h_cover, dy, half, "h")
        mv = _measure(dark_v, px_per_mm, model.v_pos, model.y_lo, model.y_hi, model.v_cover, dx, half, "v")
        mh, mv = _reject(mh, tol), _reject(mv, tol)
        got_h, got_v = ~np.isnan(mh), ~np.isnan(mv)
        dy, dx = _fill(mh, dy), _fill(mv, dx)
    fit = GridFit(model, dy, dx, got_h, got_v)
    if grow:
        fit = _mend_tears(fit, page, layout, px_per_mm)
    return fit


def _mend_tears(fit: GridFit, page: np.ndarray, layout: FormLayout, px_per_mm: float) -> GridFit:
    """``fit`` with its tears mended: where a block of stretches was placed a whole row (or column) off its
    neighbours (:func:`_torn_blocks`; seen on a photo whose paper waved across the game columns: the first
    eight columns' lines all one row up, each read a figure of the row below surely), the lines of the blocks
    but the best measured one that lie more than :data:`TEAR_MM` from the nearest stretch of that block are
    moved there and the whole grid measured again from it. The mended fit is taken when it has fewer tears and
    did not lose measured samples; else ``fit`` as it was."""
    m = fit.model
    h, v = (m.h_cover, m.x_lo, m.x_hi), (m.v_cover, m.y_lo, m.y_hi)
    tears = _torn_blocks(fit.dy, *h)[1] + _torn_blocks(fit.dx, *v)[1]
    if not tears:
        return fit
    dy = _mended(fit.dy, *h, fit.measured_h)
    dx = _mended(fit.dx, *v, fit.measured_v)
    again = measure_grid(page, layout, px_per_mm, prior=GridFit(m, dy, dx, fit.measured_h, fit.measured_v))
    left = _torn_blocks(again.dy, *h)[1] + _torn_blocks(again.dx, *v)[1]
    return again if len(left) < len(tears) and again.coverage >= fit.coverage else fit


def _torn_blocks(d: np.ndarray, cover: np.ndarray, lo: np.ndarray,
                 hi: np.ndarray) -> tuple[np.ndarray, list[tuple[int, int]]]:
    """The blocks of stretches (columns of ``d``: offsets of the lines at each stretch, the stretches from ``lo``
    to ``hi`` mm) that hang together, and the tears between them. Two stretches next to each other along a line
    (the next one the line is printed over, with at most a stretch too short to sample between them) hang
    together when the median difference of their offsets, over the lines printed over both, is below
    :data:`TEAR_MM`. Out: (block label of each stretch, the torn pairs of stretches)."""
    diffs: dict[tuple[int, int], list[float]] = {}
    for i in range(d.shape[0]):
        ks = np.nonzero(cover[i])[0]
        for a, b in zip(ks[:-1], ks[1:]):
            if lo[b] - hi[a] > MIN_STRETCH_MM:
                continue
            diffs.setdefault((int(a), int(b)), []).append(abs(float(d[i, a] - d[i, b])))
    torn = [pair for pair, ds in diffs.items() if np.median(ds) >= TEAR_MM]
    return np.array(joined(d.shape[1], [pair for pair in diffs if pair not in torn])), torn


def _mended(d: np.ndarray, cover: np.ndarray, lo: np.ndarray, hi: np.ndarray, measured: np.ndarray) -> np.ndarray:
    """``d`` with the offsets of every block but the one with the most measured samples (:func:`_torn_blocks`)
    set to the nearest stretch of that block on the same line where they differ from it by more than
    :data:`TEAR_MM`; a new array."""
    label, torn = _torn_blocks(d, cover, lo, hi)
    out = d.copy()
    if not torn:
        return out
    blocks = np.unique(label)
    best = blocks[np.argmax([(measured & cover)[:, label == b].sum() for b in blocks])]
    ref = np.nonzero(label == best)[0]
    for k in np.nonzero(label != best)[0]:
        near = ref[np.argmin(np.abs(ref - k))]
        off = np.abs(d[:, k] - d[:, near]) > TEAR_MM
        out[off, k] = d[off, near]
    return out


def _grow(dark: np.ndarray, ppm: float, pos: np.ndarray, lo: np.ndarray, hi: np.ndarray, cover: np.ndarray,
          start: np.ndarray, kind: str) -> np.ndarray:
    """Measured offsets grown outwards from where ``start`` is right (NaN where not reached).

    Seeds: samples in the middle half of the grid found within :data:`SEED_MM` of ``start``. Then, wave by
    wave, the samples next to the measured ones are looked for around the mean of their measured
    neighbours and kept when found within :data:`GROW_TOLERANCE_MM` of it: a displacement that grows
    smoothly towards a curled edge is followed step by step, where a window around ``start`` would catch the
    neighbouring row's line."""
    first = _reject(_measure(dark, ppm, pos, lo, hi, cover, start, PASSES_MM[0], kind), OUTLIER_MM[0])
    n0, n1 = cover.shape
    middle = np.zeros(cover.shape, bool)
    middle[n0 // 4:max(n0 // 4 + 1, 3 * n0 // 4), n1 // 4:max(n1 // 4 + 1, 3 * n1 // 4)] = True
    good = ~np.isnan(first) & (np.abs(first - start) < SEED_MM)
    seeds = good & middle if (good & middle).sum() >= MIN_SEEDS else good
    got = np.where(seeds, first, np.nan)
    tried = seeds.copy()
    kernel = np.ones((2 * NEIGHBOURS + 1, 2 * NEIGHBOURS + 1), np.uint8)
    for _ in range(max(n0, n1)):
        near = cv2.dilate((~np.isnan(got)).astype(np.uint8), kernel).astype(bool)
        frontier = near & cover & ~tried
        if not frontier.any():
            break
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            guess = np.nanmean(_neighbour_stack(got, NEIGHBOURS), axis=0)
        guess = np.where(np.isnan(guess), start, guess)
        found = _measure(dark, ppm, pos, lo, hi, frontier, guess, GROW_WINDOW_MM, kind)
        keep = frontier & ~np.isnan(found) & (np.abs(found - guess) < GROW_TOLERANCE_MM)
        got[keep] = found[keep]
        tried |= frontier
    return got


def _chain(dark: np.ndarray, ppm: float, pos: np.ndarray, lo: np.ndarray, hi: np.ndarray, cover: np.ndarray,
           start: np.ndarray, kind: str) -> np.ndarray:
    """Offsets (mm) of all lines at ``pos`` placed at once, stretch by stretch (NaN where not covered): per
    stretch, the chain of its lines (in order) through offsets within :data:`CHAIN_MM` of ``start`` that
    lies on the strongest dark ridges, consecutive offsets differing by at most :data:`CHAIN_SLOPE` times
    the lines' distance (dynamic programming, in steps of :data:`CHAIN_STEP_MM`). A game row slipping by
    one would need several lines off their ridges, and the unique header and footer lines fix both ends."""
    out = np.full(cover.shape, np.nan)
    li, si = np.nonzero(cover)
    if li.size == 0:
        return out
    f = max(1, int(round(CHAIN_STEP_MM * ppm)))                  # page px per state: read on a page shrunk by f
    if f > 1:
        h, w = dark.shape
        dark = cv2.resize(dark[:h // f * f, :w // f * f], (w // f, h // f), interpolation=cv2.INTER_AREA)
        ppm = ppm / f
    step = 1.0 / ppm
    side = max(1, int(round(CHAIN_SIDE_MM * ppm)))
    m = max(2, int(round(CHAIN_MM * ppm)))                        # states either side of the window centre
    centre = np.rint(start * ppm).astype(np.int64)                # window centres, in states (px)
    base, prof, ok = _profiles(dark, ppm, pos, lo, hi, li, si, centre * step, (m + side) / ppm, kind)
    c = prof.shape[1] // 2                                        # profile index of offset 0
    ridge = prof[:, c - m:c + m + 1] - np.maximum(prof[:, c - m - side:c + m + 1 - side],
                                                  prof[:, c - m + side:c + m + 1 + side])
    ridge = np.clip(ridge, 0.0, None)
    ridge /= np.maximum(ridge.max(axis=1, keepdims=True), MIN_LINE_CONTRAST)   # each sample counts at most 1
    n_lines, n_str = cover.shape
    states = 2 * m + 1
    single = np.zeros((n_lines, n_str, states))
    single[li, si] = ridge
    # a stretch's lines are judged with those of the CHAIN_NEIGHBOURS stretches either side: printed text or
    # handwriting in one column does not outweigh the lines of its neighbours
    score = single.copy()
    for r in range(1, CHAIN_NEIGHBOURS + 1):
        score[:, r:] += single[:, :-r]
        score[:, :-r] += single[:, r:]
    base_all = np.zeros(cover.shape, np.int64)
    base_all[li, si] = base
    best = np.zeros((n_str, states))                              # best chain score ending in each state
    last = np.full(n_str, -1)                                     # last covered line per stretch
    back = np.zeros((n_lines, n_str, states), np.int64)           # previous state of the best chain
    prev_line = np.full((n_lines, n_str), -1)
    o = np.arange(states)
    penalty = CHAIN_PENALTY * step * step
    for i in range(n_lines):
        cols = np.nonzero(cover[i])[0]
        if cols.size == 0:
            continue
        fresh = cols[last[cols] < 0]
        best[fresh] = score[i, fresh]
        cont = cols[last[cols] >= 0]
        if cont.size:
            p = last[cont]
            dist = pos[i] - pos[p]
            # state b of line i lies at the offset (shift + b) in p's states
            shift = np.rint(base_all[i, cont] - base_all[p, cont] - dist * ppm).astype(np.int64)
            reach = np.maximum(1, np.rint(CHAIN_SLOPE * dist / step)).astype(np.int64)
            top = int(reach.max())
            prev = best[cont]
            # ext[k, t]: p's state (shift + t - top), -inf outside; window t..t + states is the change d = top - t
            pad = top + int(np.abs(shift).max())
            padded = np.full((cont.size, states + 2 * pad), -np.inf)
            padded[:, pad:pad + states] = prev
            t = np.arange(states + 2 * top)
            ext = np.take_along_axis(padded, pad + shift[:, None] + t[None, :] - top, axis=1)
            vals = np.lib.stride_tricks.sliding_window_view(ext, states, axis=1)      # (k, t, state b)
            d = top - np.arange(2 * top + 1)
            # the cost of each change, infinite beyond a stretch's reach (the state is then -inf, as unreachable)
            cost = np.where(np.abs(d)[None, :] <= reach[:, None], (penalty * d * d)[None, :], np.inf)
            vals = vals - cost[:, :, None]
            pick = np.argmax(vals, axis=1)
            cand = np.take_along_axis(vals, pick[:, None, :], axis=1)[:, 0, :]
            arg = o[None, :] + shift[:, None] - d[pick]
            lost = ~np.isfinite(cand)                                 # not reachable: start afresh
            cand[lost] = np.broadcast_to(np.max(prev, axis=1, keepdims=True) - 1e3, cand.shape)[lost]
            arg[lost] = np.broadcast_to(np.argmax(prev, axis=1)[:, None], arg.shape)[lost]
            best[cont] = cand + score[i, cont]
            back[i, cont] = arg
            prev_line[i, cont] = p
        last[cols] = i
    # back along every stretch's chain at once, from its last line up (a stretch's previous line lies above)
    state = np.argmax(best, axis=1)
    line = last.copy()
    for i in range(n_lines - 1, -1, -1):
        at = np.nonzero(line == i)[0]
        if at.size:
            out[i, at] = (base_all[i, at] + state[at] - m + 0.5) / ppm - pos[i]
            state[at] = back[i, at, state[at]]
            line[at] = prev_line[i, at]
    return out


def _profiles(dark: np.ndarray, ppm: float, pos: np.ndarray, lo: np.ndarray, hi: np.ndarray, li: np.ndarray,
              si: np.ndarray, offset: np.ndarray, half_mm: float, kind: str
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For the samples (line ``li``, stretch ``si``): the window centres (px across), the smoothed darkness
    profiles across the lines (the :data:`LINE_PERCENTILE` percentile along each stretch, as in
    :func:`_measure`) at offsets ``-n..n`` px (n = ``half_mm`` in px) from the centres, and which windows
    lie wholly on the page."""
    h, w = dark.shape
    base = np.rint((pos[li] + offset[li, si]) * ppm - 0.5).astype(np.int64)
    n = max(2, int(round(half_mm * ppm)))
    offs = np.arange(-n - 1, n + 2)
    t = (np.arange(ALONG_POINTS) + 0.5) / ALONG_POINTS
    a0 = lo[si] + SAMPLE_MARGIN_MM
    a1 = hi[si] - SAMPLE_MARGIN_MM
    along = np.rint(((a0[:, None] + t[None, :] * (a1 - a0)[:, None]) * ppm) - 0.5).astype(np.int64)
    first = base + offs[0]
    limit_across, limit_along = (h, w) if kind == "h" else (w, h)
    ok = (first >= 0) & (first + len(offs) <= limit_across) & (along[:, 0] >= 0) & (along[:, -1] < limit_along)
    along = np.clip(along, 0, limit_along - 1)
    vals = _windows(_across_major(dark, kind), along, first, len(offs))
    q = int(round((ALONG_POINTS - 1) * (1 - LINE_PERCENTILE / 100.0)))
    prof = _order_statistic(vals, q).astype(np.float64)
    prof = (prof[:, :-2] + 2 * prof[:, 1:-1] + prof[:, 2:]) / 4
    return base, prof, ok


#: The last darkness image of horizontal lines that :func:`_across_major` laid out, and that layout.
_TRANSPOSED: tuple = (None, None)


def _across_major(dark: np.ndarray, kind: str) -> np.ndarray:
    """``dark`` laid out with a row per position along the lines of ``kind`` and a column per position across them:
    itself for vertical lines, its transpose for horizontal ones (kept for the next call with the same image: the
    passes of :func:`measure_grid` read one image many times; never modify an image once measured)."""
    global _TRANSPOSED
    if kind != "h":
        return dark
    image, layout = _TRANSPOSED
    if image is not dark:
        layout = np.ascontiguousarray(dark.T)
        _TRANSPOSED = (dark, layout)
    return layout


def _windows(src: np.ndarray, along: np.ndarray, first: np.ndarray, length: int) -> np.ndarray:
    """The values of ``src`` (:func:`_across_major`) in row ``along[s, p]`` (in range), columns ``first[s]`` to
    ``first[s] + length - 1`` (clamped to the image): (points along, samples, length). A window inside the image
    is one run of bytes copied whole (a third of the time of gathering its pixels one by one)."""
    limit = src.shape[1]
    inside = (first >= 0) & (first + length <= limit)
    runs = np.lib.stride_tricks.sliding_window_view(src, length, axis=1)
    if inside.all():
        return runs[along.T, first]
    out = np.empty((along.shape[1], len(first), length), src.dtype)
    out[:, inside] = runs[along[inside].T, first[inside]]
    edge = ~inside
    across = np.clip(first[edge, None] + np.arange(length), 0, limit - 1)
    out[:, edge] = src[along[edge].T[:, :, None], across[None, :, :]]
    return out


def _sorting_network(n: int) -> tuple[tuple[int, int], ...]:
    """Batcher's odd-even merge sort of ``n`` elements as compare-exchange pairs (i < j: the smaller to i).

    >>> len(_sorting_network(16)), _sorting_network(2)
    (63, ((0, 1),))
    """
    pairs = []
    p = 1
    while p < n:
        k = p
        while k >= 1:
            for j in range(k % p, n - k, 2 * k):
                for i in range(min(k, n - j - k)):
                    if (i + j) // (2 * p) == (i + j + k) // (2 * p):
                        pairs.append((i + j, i + j + k))
            k //= 2
        p *= 2
    return tuple(pairs)


_ALONG_NETWORK = _sorting_network(ALONG_POINTS)


def _order_statistic(vals: np.ndarray, q: int) -> np.ndarray:
    """The ``q``-th smallest of ``vals`` along its first axis (the :data:`ALONG_POINTS` points of each stretch), as
    ``np.partition(vals, q, axis=0)[q]`` but by a sorting network of element-wise minima and maxima: over
    the grid's thousands of short stretches a tenth of the time (the locator ran np.partition for 0.06 s of a
    12 MP photo).

    >>> v = np.random.default_rng(1).integers(0, 255, (16, 40, 9)).astype(np.uint8)
    >>> bool((_order_statistic(v, 10) == np.sort(v, axis=0)[10]).all())
    True
    """
    network = _ALONG_NETWORK if len(vals) == ALONG_POINTS else _sorting_network(len(vals))
    rows = list(vals)
    for i, j in network:
        a, b = rows[i], rows[j]
        rows[i], rows[j] = np.minimum(a, b), np.maximum(a, b)
    return rows[q]


def _measure(dark: np.ndarray, ppm: float, pos: np.ndarray, lo: np.ndarray, hi: np.ndarray,
             cover: np.ndarray, offset: np.ndarray, half_mm: float, kind: str) -> np.ndarray:
    """Measured offsets (mm) of the lines at ``pos`` over the stretches ``lo..hi`` where ``cover``; NaN where
    no line was found. ``offset`` is where to centre each window (mm, relative to ``pos``)."""
    out = np.full(cover.shape, np.nan)
    li, si = np.nonzero(cover)
    if li.size == 0:
        return out
    n = max(2, int(round(half_mm * ppm)))
    base, prof, ok = _profiles(dark, ppm, pos, lo, hi, li, si, offset, half_mm, kind)
    k = np.argmax(prof, axis=1)
    rows = np.arange(len(k))
    peak = prof[rows, k]
    contrast = peak - prof.min(axis=1)
    inner = (k >= 1) & (k <= prof.shape[1] - 2)
    kc = np.clip(k, 1, prof.shape[1] - 2)
    left, right = prof[rows, kc - 1], prof[rows, kc + 1]
    denom = left - 2 * prof[rows, kc] + right
    frac = np.where(denom < -1e-9, 0.5 * (left - right) / np.where(denom < -1e-9, denom, -1.0), 0.0)
    frac = np.clip(frac, -0.5, 0.5)
    found_px = base + (kc - n) + frac
    found_mm = (found_px + 0.5) / ppm - pos[li]
    good = ok & inner & (contrast >= MIN_LINE_CONTRAST)
    out[li[good], si[good]] = found_mm[good]
    return out


def _neighbour_stack(a: np.ndarray, r: int) -> np.ndarray:
    """The (2r+1)^2 - 1 shifted copies of ``a`` (NaN-padded), centre excluded: shape (K, *a.shape)."""
    p = np.pad(a, r, constant_values=np.nan)
    n0, n1 = a.shape
    return np.stack([p[r + di:r + di + n0, r + dj:r + dj + n1]
                     for di in range(-r, r + 1) for dj in range(-r, r + 1) if di or dj])


def _nan_median(stack: np.ndarray) -> np.ndarray:
    """Median over axis 0 ignoring NaN (NaN where all are NaN); faster than ``np.nanmedian`` here."""
    srt = np.sort(stack, axis=0)                      # NaN sort last
    n = (~np.isnan(stack)).sum(axis=0)
    lo = np.clip((n - 1) // 2, 0, None)
    hi = np.clip(n // 2, 0, None)
    a = np.take_along_axis(srt, lo[None], axis=0)[0]
    b = np.take_along_axis(srt, hi[None], axis=0)[0]
    return np.where(n > 0, (a + b) / 2, np.nan)


def _reject(a: np.ndarray, tol: float) -> np.ndarray:
    """``a`` with entries further than ``tol`` from the median of their measured neighbours set to NaN."""
    if a.size == 0 or np.all(np.isnan(a)):
        return a
    med = _nan_median(_neighbour_stack(a, NEIGHBOURS))
    bad = ~np.isnan(a) & ~np.isnan(med) & (np.abs(a - med) > tol)
    out = a.copy()
    out[bad] = np.nan
    return out


def _fill(a: np.ndarray, fallback: np.ndarray) -> np.ndarray:
    """NaN entries of ``a`` filled with the mean of their measured neighbours, growing outwards;
    ``fallback`` where nothing was measured at all. A new array."""
    out = a.copy()
    if np.all(np.isnan(out)):
        return fallback.copy()
    for _ in range(max(out.shape)):
        holes = np.isnan(out)
        if not holes.any():
            break
        stack = _neighbour_stack(out, 1)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            mean = np.nanmean(stack, axis=0)
        fill = holes & ~np.isnan(mean)
        out[fill] = mean[fill]
    return out


def _bilinear(values: np.ndarray, rows: np.ndarray, cols: np.ndarray, r: np.ndarray, c: np.ndarray) -> np.ndarray:
    """Bilinear interpolation of ``values`` (len(rows) x len(cols)) given at sorted positions ``rows`` and
    ``cols``, at the points (``r``, ``c``); clamped at the ends."""
    if values.size == 0:
        return np.zeros(len(r))

    def index(pos, x):
        if len(pos) == 1:
            return np.zeros(len(x), np.int64), np.zeros(len(x), np.int64), np.zeros(len(x))
        i0 = np.clip(np.searchsorted(pos, x, side="right") - 1, 0, len(pos) - 2)
        t = np.clip((x - pos[i0]) / (pos[i0 + 1] - pos[i0]), 0.0, 1.0)
        return i0, i0 + 1, t

    r0, r1, tr = index(rows, r)
    c0, c1, tc = index(cols, c)
    top = values[r0, c0] * (1 - tc) + values[r0, c1] * tc
    bottom = values[r1, c0] * (1 - tc) + values[r1, c1] * tc
    return top * (1 - tr) + bottom * tr


# --------------------------------------------------------------------------------------------
# Cells
# --------------------------------------------------------------------------------------------

def cell_corners(fit: GridFit, layout: FormLayout) -> dict[str, np.ndarray]:
    """Every cell's corners (top-left, top-right, bottom-right, bottom-left) on the rectified page, mm."""
    refs, boxes = zip(*layout.cell_boxes)
    corners = np.array([[(b.x, b.y), (b.x2, b.y), (b.x2, b.y2), (b.x, b.y2)] for b in boxes], np.float64)
    moved = fit.displace(corners.reshape(-1, 2)).reshape(-1, 4, 2)
    return dict(zip(refs, moved))


def cell_boxes(corners: dict[str, np.ndarray]) -> dict[str, Box]:
    """Axis-aligned boxes (mm) from cell corners: each edge is the mean of the two corners on it."""
    out = {}
    for ref, q in corners.items():
        x0, x1 = (q[0, 0] + q[3, 0]) / 2, (q[1, 0] + q[2, 0]) / 2
        y0, y1 = (q[0, 1] + q[1, 1]) / 2, (q[2, 1] + q[3, 1]) / 2
        out[ref] = Box(round(float(x0), 3), round(float(y0), 3), round(float(x1 - x0), 3), round(float(y1 - y0), 3))
    return out


def cell_quads(corners: dict[str, np.ndarray],
               page_to_photo: Callable[[np.ndarray], np.ndarray]) -> dict[str, np.ndarray]:
    """Cell corners (mm on the rectified page) mapped to the photo by ``page_to_photo`` (N x 2 mm -> N x 2 px)."""
    refs = list(corners)
    pts = np.concatenate([corners[r] for r in refs]) if refs else np.zeros((0, 2))
    mapped = page_to_photo(pts).reshape(-1, 4, 2)
    return {r: mapped[i].copy() for i, r in enumerate(refs)}
