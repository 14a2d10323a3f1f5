"""Handwriting renderer: numbers, money, marks, dashes, signatures and cross-outs written by a simulated hand.

Everything is drawn as pen strokes. Digits and marks come from the bank of real handwritten glyphs
(:mod:`digitize.glyphs`): their centre lines are taken, transformed by the writer's style (size, slant,
rotation, baseline jitter, spacing, sometimes touching or overlapping neighbours) and drawn again with a
ballpoint or pencil pen of varying pressure, anti-aliased at a few times the output resolution. Minus signs,
commas, money dashes, crosses, signatures and cross-out strokes are drawn as smooth random pen paths.

The pieces:

* :class:`Writer`: one player's hand (glyph pool = one real writer of the bank, size, slant, jitter, pen width
  and pressure, ink colour, spacing, German 1 and crossed 7 habits, mark style); ``Writer.random(rng, split)``.
* ``text_strokes`` / ``mark_strokes`` / ``dash_strokes`` / ``signature_strokes`` / ``cross_out_strokes``: the pen
  paths (lists of float (n, 2) arrays of (x, y) pixel centres) for a cell box inside a canvas.
* :func:`render_strokes`: paths -> float32 ink alpha in [0, 1].
* :func:`ink_mask` (and ``mark_mask``, ``dash_mask``, ``signature_mask``, ``cross_out_mask``): both in one.
* :func:`composite`: put a mask onto a page in an ink colour (returns a new page).
* :func:`write_on_page`: render into a cell of a page with room around it for overflow.
* :func:`glyph_usable`: whether a bank glyph makes a clean glyph to write with (writers only use those).

Coordinates are pixel centres: ``(x, y) = (col, row)``. A box is ``(x, y, w, h)``: the cell covers columns
``x .. x + w`` and rows ``y .. y + h`` (pixel edges). Everything random comes from the ``numpy.random.Generator``
passed in, so a seed fixes the output; inputs are never modified.

>>> rng = np.random.default_rng(3)
>>> w = Writer.random(rng, "test")
>>> m = ink_mask("36", (40, 90), w, rng)
>>> m.shape, m.dtype, bool(0.0 <= m.min() and m.max() <= 1.0 and m.max() > 0.5)
((40, 90), dtype('float32'), True)
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from digitize.glyphs import DASH, GLYPH_HEIGHT, MARK, GlyphBank
from digitize.union_find import joined

# ------------------------------------------------------------------------------------------------------ constants

#: Ink colours (BGR, 0-255) of the pens, how often a writer takes each, and the opacity range of each.
INKS = {
    "blue": (150.0, 62.0, 28.0),
    "black": (48.0, 42.0, 40.0),
    "pencil": (92.0, 90.0, 88.0),
}
INK_P = {"blue": 0.55, "black": 0.35, "pencil": 0.10}
INK_OPACITY = {"blue": (0.85, 1.0), "black": (0.85, 1.0), "pencil": (0.55, 0.8)}
INK_COLOUR_JITTER = 4.0  # sd of a writer's ink colour around the pen's colour (per channel)
INK_BRIGHTNESS_JITTER = 0.12  # relative sd of a writer's ink brightness

#: Writer style ranges (fractions of the digit height unless noted).
DIGIT_HEIGHT = (0.55, 0.8)  # of the cell height
SLANT_MEAN, SLANT_SD, SLANT_LIMITS = 0.04, 0.08, (-0.15, 0.28)  # extra shear on top of the glyph's own slant
ROTATION_SD = (0.02, 0.07)  # radians, per glyph
BASELINE_JITTER = (0.015, 0.07)
SIZE_JITTER = (0.03, 0.09)
WIDTH_SCALE = (0.85, 1.15)  # horizontal stretch of a writer's glyphs
PEN_WIDTH = {"blue": (0.045, 0.075), "black": (0.045, 0.08), "pencil": (0.04, 0.065)}  # of the cell height
MIN_PEN_PX = 1.0
PRESSURE = (0.1, 0.35)  # relative pen-width variation
SPACING_MEAN, SPACING_SD, SPACING_LIMITS = 0.1, 0.1, (-0.06, 0.35)  # ink gap between glyphs (< 0: touching)
SPACING_JITTER = 0.04
ALIGN_CHOICES = (0.0, 0.5, 1.0)  # left, centre, right in the cell
ALIGN_P = (0.25, 0.5, 0.25)
ALIGN_JITTER = 0.06  # of the cell width
VERTICAL_JITTER = 0.07  # of the cell height
OVERFLOW_P = (0.01, 0.1)  # probability per item that the writing runs over the cell border
OVERFLOW_AMOUNT = (0.1, 0.3)  # of the digit height past the border
MAX_FILL = 0.94  # writing is squeezed to this fraction of the cell width unless it overflows
GERMAN_ONE_P = 0.85  # writers who give a plain 1 a long up-stroke
CROSS_SEVEN_P = 0.45  # writers who cross their 7
STICK_ASPECT = 0.32  # a 1 narrower than this (width / height) is a plain stick
NATIVE_GERMAN_SOURCES = ("skatlist", "semeion")  # their 1 and 7 are written the German/Italian way already
SOURCE_P = {"skatlist": 0.3, "semeion": 0.22, "optdigits": 0.26, "mnist": 0.22}
POOL_SIZE = (2, 4)  # glyph variants per label a writer uses
MARK_STYLES = ("bank", "x", "plus", "slanted")
MARK_STYLE_P = (0.4, 0.3, 0.2, 0.1)
MARK_HEIGHT = (0.5, 0.85)  # of the cell height
DASH_STYLES = ("bank", "stroke")
DASH_STYLE_P = (0.35, 0.65)
DASH_WIDTH = (0.35, 0.85)  # of the cell width
WOBBLE = (0.004, 0.015)  # of the digit height, hand tremor of drawn strokes

# glyph geometry (units of the digit height, y down from the digit top, baseline at 1)
MINUS_WIDTH = (0.35, 0.6)
MINUS_Y = (0.45, 0.62)
MINUS_GAP = 0.08  # least gap after a minus
COMMA_GAP = 0.06  # most gap before and after a comma
KERN_BAND = 0.08  # height of the bands in which the ink of neighbouring glyphs is kept apart
COMMA_LENGTH = (0.18, 0.3)
MONEY_DASH_WIDTH = (0.45, 0.9)
MONEY_DASH_Y = (0.45, 0.75)
SPACE_WIDTH = 0.35
ONE_FLAG_LENGTH = (0.3, 0.45)
SEVEN_BAR_HALF = (0.18, 0.3)
SEVEN_BAR_Y = (0.5, 0.62)

# glyph quality (see glyph_usable; lengths in digit heights)
TOUCH_PX = 1.5  # centre lines this close (glyph pixels) touch
MAX_PIECES = 7
MIN_INK_LENGTH = 0.9
MIN_ONE_LENGTH = 0.7  # a plain stick 1 is short
MIN_SECOND_GROUP = 0.25
MIN_MARK_ARM = 0.15
MARK_ARMS = 4  # arms meeting at the crossing of a usable mark glyph
CROSSING_RADIUS = 5.0  # glyph pixels: arm ends this close meet at one crossing
CROSS_CENTRE = (0.2, 0.8)  # the crossing of a mark lies in this part of its box (relative x and y)
EDGE_BAND = 0.15  # of the glyph height: where a flat extra piece is a grid-line remnant
#: Digits that are not themselves without a closed loop: a thick glyph whose loop is filled with ink (a 15 x 12 px
#: Skat list 6, 8 or 9 written as a blob) keeps no loop in its centre lines, and drawn with a pen it reads as a
#: "(", an "L", a 3 or a crossed 7 (a blind reading, docs/reader.md). A 0 written open still reads as a 0.
LOOP_DIGITS = frozenset({6, 8, 9})
#: The loop test draws the centre lines with the thinnest pen a writer uses (glyph pixels at GLYPH_HEIGHT) ...
LOOP_PEN = 2.0
#: ... and wants a hole of at least this area (square glyph pixels) inside the ink.
MIN_LOOP_AREA = 4.0

# signatures (units of the signature's x-height)
SIGNATURE_LETTERS = (3, 14)
SIGNATURE_ADVANCE = (0.18, 0.32)  # pen advance per radian of the letter loop, in x-heights
SIGNATURE_UNITS_HIGH = 3.0  # a signature is about this many x-heights high (ascenders to descenders)
SIGNATURE_WIDTH = (0.55, 0.95)  # of the box width
SIGNATURE_HEIGHT = (0.5, 0.95)  # of the box height, ascender to descender

# cross-outs of unused rows
CROSS_OUT_STYLES = ("diagonal", "cross", "zigzag", "line")
CROSS_OUT_P = (0.3, 0.15, 0.4, 0.15)

# rendering
SUPERSAMPLE = 3  # strokes are drawn at this many times the output resolution ...
MAX_HI_PIXELS = 6_000_000  # ... fewer when the region is large
POLY_SHIFT = 4  # fractional bits of the polyline coordinates
PRESSURE_CELL = 1.0  # pressure noise varies over this many digit heights
DENSITY_VARIATION = {"blue": 0.2, "black": 0.15, "pencil": 0.35}  # ink density variation along strokes
PENCIL_GRAIN = 0.45


# ------------------------------------------------------------------------------------------------------- writer


def _jitter_colour(colour, rng: np.random.Generator) -> tuple[float, float, float]:
    """A pen's colour made a little lighter or darker and a touch off in hue (BGR 0-255)."""
    bright = rng.normal(1.0, INK_BRIGHTNESS_JITTER)
    return tuple(float(np.clip(c * bright + rng.normal(0.0, INK_COLOUR_JITTER), 0, 255)) for c in colour)


@dataclass(frozen=True)
class Writer:
    """One player's handwriting style. Make one with :meth:`Writer.random`; all fields are plain values.

    ``source`` is the bank source the writer's digits come from and ``pool`` maps a label (0-9, MARK, DASH)
    to the glyph indices (in the ``split`` bank) this writer uses -- a few neighbouring records, i.e. mostly
    one real hand (treat it as read-only); sizes are fractions: ``height`` and ``pen_width`` of the cell
    (row) height, the jitters, ``spacing`` (ink gap, negative = touching) and ``wobble`` of the digit height; ``slant``
    is a shear (x shift per unit of height, positive leans right);
    ``align`` places the writing in the cell (0 left, 0.5 centre, 1 right); ``overflow`` is the chance per
    item of running over the cell border; ``colour`` is BGR 0-255 and ``opacity`` the ink's strongest alpha.
    """

    split: str
    source: str
    pool: dict = field(hash=False)
    height: float
    slant: float
    rotation: float
    baseline_jitter: float
    size_jitter: float
    width_scale: float
    pen_width: float
    pressure: float
    ink: str
    colour: tuple[float, float, float]
    opacity: float
    spacing: float
    align: float
    overflow: float
    german_one: bool
    cross_sevens: bool
    mark_style: str
    dash_style: str
    wobble: float

    @classmethod
    def random(cls, rng: np.random.Generator, split: str = "train", *, source: str | None = None) -> "Writer":
        """Draw a writer whose glyphs come from the ``split`` bank ("train", "test" or "all").

        ``source`` forces the bank source of the digits (else drawn from ``SOURCE_P``). Deterministic given
        ``rng``.
        """
        bank = GlyphBank.load(split)
        available = [s for s in SOURCE_P if bank.indices(0, (s,)).size]
        if source is None:
            p = np.array([SOURCE_P[s] for s in available])
            source = available[int(rng.choice(len(available), p=p / p.sum()))]
        per_label = int(rng.integers(POOL_SIZE[0], POOL_SIZE[1] + 1))
        raw = bank.writer_pool(rng, source=source, per_label=per_label, accept=lambda i: glyph_usable(bank, i))
        pool = {k: tuple(int(i) for i in v) for k, v in raw.items()}
        names = list(INKS)
        ink = names[int(rng.choice(len(names), p=[INK_P[n] for n in names]))]
        colour = _jitter_colour(INKS[ink], rng)
        return cls(
            split=split,
            source=source,
            pool=pool,
            height=float(rng.uniform(*DIGIT_HEIGHT)),
            slant=float(np.clip(rng.normal(SLANT_MEAN, SLANT_SD), *SLANT_LIMITS)),
            rotation=float(rng.uniform(*ROTATION_SD)),
            baseline_jitter=float(rng.uniform(*BASELINE_JITTER)),
            size_jitter=float(rng.uniform(*SIZE_JITTER)),
            width_scale=float(rng.uniform(*WIDTH_SCALE)),
            pen_width=float(rng.uniform(*PEN_WIDTH[ink])),
            pressure=float(rng.uniform(*PRESSURE)),
            ink=ink,
            colour=colour,
            opacity=float(rng.uniform(*INK_OPACITY[ink])),
            spacing=float(np.clip(rng.normal(SPACING_MEAN, SPACING_SD), *SPACING_LIMITS)),
            align=float(rng.choice(ALIGN_CHOICES, p=ALIGN_P)),
            overflow=float(rng.uniform(*OVERFLOW_P)),
            german_one=bool(rng.random() < GERMAN_ONE_P),
            cross_sevens=bool(rng.random() < CROSS_SEVEN_P),
            mark_style=str(rng.choice(MARK_STYLES, p=MARK_STYLE_P)),
            dash_style=str(rng.choice(DASH_STYLES, p=DASH_STYLE_P)),
            wobble=float(rng.uniform(*WOBBLE)),
        )

    def with_ink(self, ink: str, rng: np.random.Generator | None = None) -> "Writer":
        """A copy of this writer using pen ``ink`` ("blue", "black" or "pencil")."""
        colour = _jitter_colour(INKS[ink], rng) if rng is not None else INKS[ink]
        return replace(self, ink=ink, colour=tuple(colour), opacity=float(np.mean(INK_OPACITY[ink])))

    @property
    def bank(self) -> GlyphBank:
        """The glyph bank of this writer's split (cached)."""
        return GlyphBank.load(self.split)


# ----------------------------------------------------------------------------------------------- stroke helpers


def _box_of(size: tuple[int, int], box) -> tuple[float, float, float, float]:
    h, w = size
    if box is None:
        return 0.0, 0.0, float(w), float(h)
    bx, by, bw, bh = (float(v) for v in box)
    if bw <= 0 or bh <= 0:
        raise ValueError(f"empty box {box!r}")
    return bx, by, bw, bh


def bent_line(
    p0, p1, rng: np.random.Generator, *, bow: float = 0.0, wobble: float = 0.0, points: int = 12
) -> np.ndarray:
    """A hand-drawn straight-ish stroke from ``p0`` to ``p1`` (x, y).

    ``bow`` bends it sideways by that fraction of its length (sign = side), ``wobble`` adds smooth tremor of
    that many units. Out: float (points, 2) array, first point ``p0``, last ``p1``.
    """
    p0 = np.asarray(p0, float)
    p1 = np.asarray(p1, float)
    t = np.linspace(0.0, 1.0, points)[:, None]
    d = p1 - p0
    normal = np.array([-d[1], d[0]])
    line = p0 + t * d + normal * (bow * np.sin(np.pi * t))
    if wobble > 0:
        knots = rng.normal(0.0, wobble, (4, 2))
        knots[0] = knots[-1] = 0.0
        kt = np.linspace(0.0, 1.0, 4)
        noise = np.stack([np.interp(t[:, 0], kt, knots[:, i]) for i in range(2)], axis=1)
        line = line + noise * np.sin(np.pi * t)
    return line


def chaikin(points: np.ndarray, rounds: int = 3, closed: bool = False) -> np.ndarray:
    """Smooth a control polygon by Chaikin corner cutting. In: (n, 2) points (not modified). Out: new array."""
    pts = np.asarray(points, float)
    for _ in range(rounds):
        if len(pts) < 3:
            break
        src = np.vstack([pts, pts[:1]]) if closed else pts
        q = 0.75 * src[:-1] + 0.25 * src[1:]
        r = 0.25 * src[:-1] + 0.75 * src[1:]
        mid = np.empty((2 * len(q), 2))
        mid[0::2], mid[1::2] = q, r
        pts = mid if closed else np.vstack([pts[:1], mid, pts[-1:]])
    return pts


def _affine(paths: list[np.ndarray], matrix: np.ndarray) -> list[np.ndarray]:
    """Apply a 2x3 affine matrix to every path (new arrays)."""
    return [np.asarray(p, float) @ matrix[:, :2].T + matrix[:, 2] for p in paths]


def _bounds(paths: list[np.ndarray]) -> tuple[float, float, float, float]:
    allp = np.vstack(paths)
    return float(allp[:, 0].min()), float(allp[:, 1].min()), float(allp[:, 0].max()), float(allp[:, 1].max())


# ---------------------------------------------------------------------------------------------------- glyphs


def _groups(lines) -> list[tuple[float, np.ndarray]]:
    """Groups of touching centre lines: (total length in glyph pixels, all their points), longest first."""
    n = len(lines)

    def touch(i: int, j: int) -> bool:
        a, b = np.asarray(lines[i]), np.asarray(lines[j])
        return np.min(np.hypot(a[:, None, 0] - b[None, :, 0], a[:, None, 1] - b[None, :, 1])) <= TOUCH_PX

    group = joined(n, [(i, j) for i in range(n) for j in range(i + 1, n) if touch(i, j)])
    totals: dict[int, float] = {}
    points: dict[int, list] = {}
    for i, line in enumerate(lines):
        line = np.asarray(line)
        length = float(np.sum(np.hypot(*np.diff(line, axis=0).T))) if len(line) > 1 else 0.0
        totals[group[i]] = totals.get(group[i], 0.0) + length
        points.setdefault(group[i], []).append(line)
    return sorted(((totals[k], np.vstack(points[k])) for k in totals), key=lambda g: -g[0])


def _central_crossing(lines) -> bool:
    """Whether ``MARK_ARMS`` arms of ``MIN_MARK_ARM`` digit heights meet at one point in the middle of the
    glyph (an X or a +, not an L, Y or E)."""
    allp = np.vstack(lines)
    lo, span = allp.min(axis=0), np.maximum(np.ptp(allp, axis=0), 1e-3)
    ends = []
    for k, line in enumerate(lines):
        line = np.asarray(line)
        if len(line) < 2:
            continue
        length = float(np.sum(np.hypot(*np.diff(line, axis=0).T))) / GLYPH_HEIGHT
        ends += [(line[0], length, k), (line[-1], length, k)]
    for p, _, _ in ends:
        rel = (p - lo) / span
        if not np.all((rel > CROSS_CENTRE[0]) & (rel < CROSS_CENTRE[1])):
            continue
        arms = {k for q, length, k in ends if length >= MIN_MARK_ARM and np.hypot(*(q - p)) <= CROSSING_RADIUS}
        if len(arms) >= MARK_ARMS:
            return True
    return False


def closed_loop(lines, pen: float = LOOP_PEN, min_area: float = MIN_LOOP_AREA) -> bool:
    """Whether centre lines (glyph pixels) drawn with a ``pen`` px wide enclose a hole of at least ``min_area``
    square pixels (the loop of a 6, 8 or 9)."""
    scale = 4.0
    pts = [np.asarray(line, float) for line in lines if len(line) > 1]
    if not pts:
        return False
    allp = np.vstack(pts)
    lo = allp.min(axis=0) - pen
    size = np.ceil((allp.max(axis=0) - lo + pen) * scale).astype(int) + 2
    canvas = np.zeros((int(size[1]), int(size[0])), np.uint8)
    for p in pts:
        cv2.polylines(canvas, [np.round((p - lo) * scale).astype(np.int32)], False, 255,
                      max(1, int(round(pen * scale))), cv2.LINE_8)
    contours, hierarchy = cv2.findContours(canvas, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    if hierarchy is None:
        return False
    return any(hierarchy[0][k][3] >= 0 and cv2.contourArea(c) >= min_area * scale * scale
               for k, c in enumerate(contours))


def glyph_usable(bank: GlyphBank, index: int) -> bool:
    """Whether a bank glyph's centre lines make a clean glyph to write with.

    Digits: at most ``MAX_PIECES`` line pieces, at least ``MIN_INK_LENGTH`` digit heights of line, in one
    group of touching lines or two (the second at least ``MIN_SECOND_GROUP`` long, e.g. the bar of a 5); a 6,
    8 or 9 (:data:`LOOP_DIGITS`) with a closed loop when drawn (:func:`closed_loop`).
    Marks: one piece with ``MARK_ARMS`` arms meeting in the middle (a real X or +, not an L, Y or E). Dashes: one piece.
    """
    lines = bank.strokes(index)
    if not lines:
        return False
    label = int(bank.labels[index])
    unit = float(GLYPH_HEIGHT)
    lengths = [float(np.sum(np.hypot(*np.diff(np.asarray(l), axis=0).T))) / unit for l in lines if len(l) > 1]
    groups = _groups(lines)
    if label == MARK:
        return len(groups) == 1 and _central_crossing(lines)
    if label == DASH:
        return len(groups) == 1
    if len(lines) > MAX_PIECES or sum(lengths) < (MIN_ONE_LENGTH if label == 1 else MIN_INK_LENGTH):
        return False
    if label in LOOP_DIGITS and not closed_loop(lines):
        return False
    if len(groups) == 1:
        return True
    if len(groups) > 2 or groups[1][0] / unit < MIN_SECOND_GROUP:
        return False
    # a flat second piece along the top or bottom is a grid-line remnant (but a 5 has its bar on top)
    pts = groups[1][1]
    y0, y1 = float(np.vstack(lines)[:, 1].min()), float(np.vstack(lines)[:, 1].max())
    rel = (float(pts[:, 1].mean()) - y0) / max(y1 - y0, 1e-3)
    flat = np.ptp(pts[:, 1]) < 0.35 * max(np.ptp(pts[:, 0]), 1e-3)
    return not (flat and (rel > 1 - EDGE_BAND or (rel < EDGE_BAND and label != 5)))


def _bank_glyph(bank: GlyphBank, index: int) -> list[np.ndarray]:
    """Centre lines of a bank glyph in digit units (1 = stored glyph height), shifted to x >= 0, y >= 0."""
    return [np.asarray(line, float) / GLYPH_HEIGHT for line in bank.strokes(index)]


def _german_one(paths: list[np.ndarray], rng: np.random.Generator, wobble: float) -> list[np.ndarray]:
    """Give a plain stick 1 its long up-stroke: a line from the top down to the left."""
    allp = np.vstack(paths)
    top = allp[np.argmin(allp[:, 1])]
    length = rng.uniform(*ONE_FLAG_LENGTH)
    angle = rng.uniform(math.radians(35), math.radians(65))  # below the horizontal, to the left
    end = top + length * np.array([-math.cos(angle), math.sin(angle)])
    return paths + [bent_line(end, top, rng, bow=rng.uniform(-0.08, 0.08), wobble=wobble, points=8)]


def _crossed_seven(paths: list[np.ndarray], rng: np.random.Generator, wobble: float) -> list[np.ndarray]:
    """Cross a 7: a short bar through its stem at mid height."""
    allp = np.vstack(paths)
    y = rng.uniform(*SEVEN_BAR_Y) * (allp[:, 1].max() - allp[:, 1].min()) + allp[:, 1].min()
    near = allp[np.abs(allp[:, 1] - y) < 0.12]
    x = float(np.median(near[:, 0])) if len(near) else float(allp[:, 0].mean())
    half = rng.uniform(*SEVEN_BAR_HALF)
    tilt = rng.normal(0.0, 0.05)
    bar = bent_line((x - half, y + tilt * half), (x + half, y - tilt * half), rng, bow=rng.uniform(-0.06, 0.06),
                    wobble=wobble, points=8)
    return paths + [bar]


def _drawn_cross(style: str, rng: np.random.Generator, wobble: float) -> list[np.ndarray]:
    """An X, + or slanted cross drawn from two strokes, in a unit box (0..~1)."""
    if style == "plus":
        base = -rng.normal(0.0, 0.08)
    elif style == "slanted":
        base = rng.choice([-1, 1]) * rng.uniform(0.25, 0.5)
    else:  # "x"
        base = math.pi / 4 + rng.normal(0.0, 0.1)
    a1 = base + rng.normal(0.0, 0.06)
    a2 = base + math.pi / 2 + rng.normal(0.0, 0.12)
    c = np.array([0.5, 0.5]) + rng.normal(0.0, 0.04, 2)
    strokes = []
    for angle, length in ((a1, rng.uniform(0.85, 1.15)), (a2, rng.uniform(0.8, 1.15))):
        d = 0.5 * length * np.array([math.sin(angle), -math.cos(angle)])
        off = rng.normal(0.0, 0.05)
        p0, p1 = c - d * (1 + off), c + d * (1 - off)
        if rng.random() < 0.5:
            p0, p1 = p1, p0
        strokes.append(bent_line(p0, p1, rng, bow=rng.uniform(-0.08, 0.08), wobble=wobble, points=10))
    if rng.random() < 0.25:  # a little hook where the pen lands
        s = strokes[0]
        hook = s[-1] + rng.normal(0.0, 0.06, 2) + (s[-1] - s[-2]) * 0.8
        strokes[0] = np.vstack([s, hook])
    return strokes


def _glyph_paths(
    ch: str, writer: Writer, rng: np.random.Generator, bank: GlyphBank, prev: str | None
) -> tuple[list[np.ndarray], float, float]:
    """Paths of one character in digit units (top of a digit at y=0, baseline at y=1) before placement.

    Out: (paths, width, kerning) -- ``width`` is the advance, ``kerning`` extra space before it (units).
    """
    wob = writer.wobble
    if ch.isdigit():
        label = int(ch)
        index = bank.sample_index(label, rng, pool=writer.pool)
        paths = _bank_glyph(bank, index)
        native = bank.source_of(index) in NATIVE_GERMAN_SOURCES
        x0, y0, x1, y1 = _bounds(paths)
        paths = [p - (x0, y0) for p in paths]
        h = max(y1 - y0, 1e-3)
        paths = [p / h for p in paths]  # exactly one digit height
        width = (x1 - x0) / h
        if label == 1 and writer.german_one and not native and width < STICK_ASPECT:
            paths = _german_one(paths, rng, wob)
        if label == 7 and writer.cross_sevens and not native:
            paths = _crossed_seven(paths, rng, wob)
        x0, _, x1, _ = _bounds(paths)
        paths = [p - (x0, 0.0) for p in paths]
        return paths, x1 - x0, 0.0
    if ch == "-":
        if prev == ",":  # "4,-": the money dash
            w = rng.uniform(*MONEY_DASH_WIDTH)
            y = rng.uniform(*MONEY_DASH_Y)
        else:
            w = rng.uniform(*MINUS_WIDTH)
            y = rng.uniform(*MINUS_Y)
        tilt = rng.normal(-0.03, 0.05) * w
        line = bent_line((0.0, y - tilt / 2), (w, y + tilt / 2), rng, bow=rng.uniform(-0.05, 0.05), wobble=wob)
        return [line], w, rng.uniform(0.0, 0.06)
    if ch in ",.":
        if ch == ".":
            dot = np.array([[0.0, 0.93], [0.04, 0.95]])
            return [dot], 0.06, rng.uniform(0.0, 0.05)
        length = rng.uniform(*COMMA_LENGTH)
        top = np.array([0.08, rng.uniform(0.88, 1.0)])
        tail = top + length * np.array([-0.45, 1.0])
        comma = bent_line(top, tail, rng, bow=rng.uniform(0.05, 0.2), wobble=wob, points=8)
        comma = np.vstack([top + (0.01, -0.03), comma])  # a little head where the pen lands
        return [comma], 0.12, rng.uniform(-0.02, 0.06)
    if ch == " ":
        return [], SPACE_WIDTH, 0.0
    if ch in "Xx+":
        style = {"+": "plus", "x": "slanted"}.get(ch, writer.mark_style)
        paths = _mark_unit(style, writer, rng, bank)
        x0, _, x1, _ = _bounds(paths)
        return [p - (x0, 0.0) for p in paths], x1 - x0, 0.0
    raise ValueError(f"cannot write {ch!r}")


def _mark_unit(style: str, writer: Writer, rng: np.random.Generator, bank: GlyphBank) -> list[np.ndarray]:
    """A mark in a unit-height box (y 0..1), from the bank (label MARK) or drawn."""
    index = bank.sample_index(MARK, rng, pool=writer.pool) if style == "bank" and bank.counts()[MARK] else None
    if index is not None and glyph_usable(bank, index):
        paths = _bank_glyph(bank, index)
    else:
        paths = _drawn_cross("x" if style == "bank" else style, rng, writer.wobble)
    x0, y0, x1, y1 = _bounds(paths)
    h = max(y1 - y0, 1e-3)
    return [(p - (x0, y0)) / h for p in paths]


def _place(
    paths: list[np.ndarray], scale: float, width_scale: float, slant: float, angle: float, origin
) -> list[np.ndarray]:
    """Scale a unit glyph, rotate it about its centre, shear it by the slant about the baseline (y=1) and move
    its top-left to ``origin`` (pixels)."""
    if not paths:
        return []
    x0, y0, x1, y1 = _bounds(paths)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    ca, sa = math.cos(angle), math.sin(angle)
    out = []
    for p in paths:
        q = np.asarray(p, float) - (cx, cy)
        q = q @ np.array([[ca, -sa], [sa, ca]]).T + (cx, cy)
        x = q[:, 0] * width_scale + slant * (1.0 - q[:, 1])
        y = q[:, 1]
        out.append(np.stack([x * scale + origin[0], y * scale + origin[1]], axis=1))
    return out


# ---------------------------------------------------------------------------------------------- stroke makers


def text_strokes(
    text: str,
    size: tuple[int, int],
    writer: Writer,
    rng: np.random.Generator,
    *,
    box=None,
    bank: GlyphBank | None = None,
) -> list[np.ndarray]:
    """Pen paths of a number or amount written into a cell.

    In: ``text`` of digits, "-" (minus; after "," the money dash), "," / "." and X/x/+ marks, e.g. "36",
    "-94", "1071", "3,50", "4,-"; ``size`` (h, w) of the canvas; ``box`` (x, y, w, h) the cell inside it
    (default: the whole canvas); ``bank`` defaults to the writer's. Out: list of float (n, 2) arrays of
    (x, y) pixel centres. Digits are ``writer.height`` of the cell high, placed left to right with the
    writer's spacing (touching or overlapping when it is small or negative), squeezed into the cell, now and
    then running over its border.
    """
    bx, by, bw, bh = _box_of(size, box)
    bank = bank if bank is not None else writer.bank
    digit = writer.height * bh * math.exp(rng.normal(0.0, writer.size_jitter / 2))
    # lay the glyphs out in digit units (digit height 1, baseline at y = 1), then fit the line into the cell
    placed: list[np.ndarray] = []
    pen = writer.pen_width / writer.height  # the pen's width in digit heights: gaps are between ink edges
    prev = None
    extra = 0.0  # space still owed (a blank)
    for ch in text:
        paths, width, kern = _glyph_paths(ch, writer, rng, bank, prev)
        if not paths:
            extra += width
            prev = ch
            continue
        s = math.exp(rng.normal(0.0, writer.size_jitter)) if ch.isdigit() else 1.0
        dy = rng.normal(0.0, writer.baseline_jitter) + (1.0 - s)  # smaller glyphs keep the baseline
        angle = rng.normal(0.0, writer.rotation)
        glyph = _place(paths, s, writer.width_scale, writer.slant, angle, (0.0, dy))
        if placed:
            gap = writer.spacing + rng.normal(0.0, SPACING_JITTER)
            if ch in ",." or prev == ",":
                gap = min(gap, COMMA_GAP)
            if prev == "-":  # a minus stands a little apart, or it reads as part of the digit
                gap = max(gap, MINUS_GAP)
            if ch in ",." or prev in ",-":  # commas, minus signs and what follows them keep their boxes apart
                touch = _bounds(placed)[2] - _bounds(glyph)[0]
            else:
                touch = _kerning(placed, glyph)
            shift = touch + pen + gap + kern + extra
        else:
            shift = -_bounds(glyph)[0]
        placed += [p + (shift, 0.0) for p in glyph]
        extra = 0.0
        prev = ch
    if not placed:
        return []
    x0, _, x1, _ = _bounds(placed)
    total = max(x1 - x0, 1e-3)
    overflow = rng.random() < writer.overflow
    scale = digit
    fill = MAX_FILL * bw if not overflow else bw * (1.0 + rng.uniform(*OVERFLOW_AMOUNT))
    if total * scale > fill:
        scale = fill / total  # squeezed into a narrow cell
    width_px = total * scale
    if width_px < bw:
        left = bx + writer.align * (bw - width_px) + rng.normal(0.0, ALIGN_JITTER) * bw
        left = min(max(left, bx + 0.02 * bw), bx + bw - width_px - 0.02 * bw)
    else:
        left = bx + (bw - width_px) / 2
    top = by + (bh - scale) / 2 + rng.normal(0.0, VERTICAL_JITTER) * bh
    if overflow:  # run over the top or bottom line instead of (or as well as) the side
        shift = rng.uniform(*OVERFLOW_AMOUNT) * scale + (bh - scale) / 2
        top += shift if rng.random() < 0.5 else -shift
        left += rng.normal(0.0, 0.1) * bw
    return [(p - (x0, 0.0)) * scale + (left, top) for p in placed]


def _dense(paths: list[np.ndarray], step: float) -> np.ndarray:
    """All points along the paths, at most ``step`` apart: float (n, 2)."""
    out = []
    for p in paths:
        p = np.asarray(p, float)
        if len(p) == 1:
            out.append(p)
            continue
        for a, b in zip(p[:-1], p[1:]):
            n = max(int(math.ceil(np.hypot(*(b - a)) / step)), 1)
            t = np.linspace(0.0, 1.0, n, endpoint=False)[:, None]
            out.append(a + t * (b - a))
        out.append(p[-1:])
    return np.vstack(out)


def _kerning(left: list[np.ndarray], right: list[np.ndarray]) -> float:
    """How far ``right`` must move in x so that its ink just meets the ink of ``left`` (digit units).

    The centre lines are compared in horizontal bands of ``KERN_BAND`` digit heights (each band of ``left``
    widened by its neighbours): the shift is the largest overlap of any band both glyphs reach, so a gap is
    measured between the ink, not between bounding boxes. When they share no band, the boxes are used.
    """
    a, b = _dense(left, KERN_BAND / 2), _dense(right, KERN_BAND / 2)
    lo = min(a[:, 1].min(), b[:, 1].min())
    ba, bb = ((a[:, 1] - lo) // KERN_BAND).astype(int), ((b[:, 1] - lo) // KERN_BAND).astype(int)
    n = int(max(ba.max(), bb.max())) + 1
    right_edge = np.full(n, -np.inf)
    left_edge = np.full(n, np.inf)
    np.maximum.at(right_edge, ba, a[:, 0])
    np.minimum.at(left_edge, bb, b[:, 0])
    right_edge = np.maximum(right_edge, np.maximum(np.r_[-np.inf, right_edge[:-1]], np.r_[right_edge[1:], -np.inf]))
    both = np.isfinite(right_edge) & np.isfinite(left_edge)
    if not both.any():
        return float(a[:, 0].max() - b[:, 0].min())
    return float(np.max(right_edge[both] - left_edge[both]))


def mark_strokes(
    size: tuple[int, int],
    writer: Writer,
    rng: np.random.Generator,
    *,
    style: str | None = None,
    box=None,
    bank: GlyphBank | None = None,
) -> list[np.ndarray]:
    """Pen paths of an X mark in a cell: ``style`` "bank" (a real mark glyph), "x", "plus" or "slanted"
    (drawn strokes); default the writer's style. In/out as :func:`text_strokes`."""
    bx, by, bw, bh = _box_of(size, box)
    bank = bank if bank is not None else writer.bank
    style = style or writer.mark_style
    if style not in MARK_STYLES:
        raise ValueError(f"unknown mark style {style!r}")
    paths = _mark_unit(style, writer, rng, bank)
    x0, _, x1, _ = _bounds(paths)
    aspect = max(x1 - x0, 0.2)
    hpx = rng.uniform(*MARK_HEIGHT) * bh
    if aspect * hpx > MAX_FILL * bw:
        hpx = MAX_FILL * bw / aspect
    if rng.random() < writer.overflow:
        hpx *= 1.0 + rng.uniform(*OVERFLOW_AMOUNT)
    left = bx + (bw - aspect * hpx) / 2 + rng.normal(0.0, ALIGN_JITTER) * bw
    top = by + (bh - hpx) / 2 + rng.normal(0.0, VERTICAL_JITTER) * bh
    return _place(paths, hpx, 1.0, writer.slant * 0.5, rng.normal(0.0, 2 * writer.rotation), (left, top))


def dash_strokes(
    size: tuple[int, int], writer: Writer, rng: np.random.Generator, *, box=None, bank: GlyphBank | None = None
) -> list[np.ndarray]:
    """Pen paths of a dash "—" for "not playing": a wide, flat stroke across the middle of the cell (drawn, or
    a real dash from the bank when the writer's ``dash_style`` is "bank" and it is flat). In/out as
    :func:`text_strokes`."""
    bx, by, bw, bh = _box_of(size, box)
    bank = bank if bank is not None else writer.bank
    width = rng.uniform(*DASH_WIDTH) * bw
    if rng.random() < writer.overflow:
        width *= 1.0 + rng.uniform(*OVERFLOW_AMOUNT)
    cx = bx + bw / 2 + rng.normal(0.0, ALIGN_JITTER) * bw
    cy = by + bh / 2 + rng.normal(0.0, VERTICAL_JITTER) * bh
    paths = None
    if writer.dash_style == "bank" and bank.counts()[DASH]:
        cand = _bank_glyph(bank, bank.sample_index(DASH, rng, pool=writer.pool))
        x0, y0, x1, y1 = _bounds(cand)
        if (y1 - y0) < 0.35 * (x1 - x0):  # a flat dash (the bank also holds slashes)
            s = width / max(x1 - x0, 1e-3)
            centre = np.array([(x0 + x1) / 2, (y0 + y1) / 2])
            paths = [(p - centre) * s + (cx, cy) for p in cand]
    if paths is None:
        tilt = rng.normal(-0.02, 0.04) * width
        wob = writer.wobble * bh * writer.height
        paths = [bent_line((cx - width / 2, cy - tilt / 2), (cx + width / 2, cy + tilt / 2), rng,
                           bow=rng.uniform(-0.03, 0.03), wobble=wob, points=14)]
    return paths


def signature_strokes(
    size: tuple[int, int], writer: Writer, rng: np.random.Generator, *, box=None
) -> list[np.ndarray]:
    """Pen paths of a scribbled signature: a capital stroke, one or two words of looped cursive-like pen
    path (a trochoid with random letter heights: humps, loops, ascenders, descenders), sometimes a dot and an
    underline. In/out as :func:`text_strokes`; it runs over the box now and then."""
    bx, by, bw, bh = _box_of(size, box)
    width = rng.uniform(*SIGNATURE_WIDTH) * bw
    height = rng.uniform(*SIGNATURE_HEIGHT) * bh
    v = rng.uniform(*SIGNATURE_ADVANCE)  # advance per radian, in x-heights
    letters = int(np.clip(round(width / height * SIGNATURE_UNITS_HIGH / (2 * np.pi * v)), *SIGNATURE_LETTERS))
    strokes = []
    # capital: a tall smooth stroke
    cap = np.array([[0.0, 0.2], [0.25, -1.6], [0.5, -1.8], [0.4, 0.1], [0.1, 0.0], [0.7, -0.6]], float)
    cap += rng.normal(0.0, 0.15, cap.shape)
    cap[:, 0] *= rng.uniform(0.7, 1.4)
    strokes.append(chaikin(cap, 3))
    x = float(cap[:, 0].max()) + rng.uniform(-0.2, 0.2)
    words = 1 if rng.random() < 0.6 or letters < 6 else 2
    for word in range(words):
        n = max(2, letters // words)
        per = 20
        t = np.linspace(0.0, 2 * np.pi * n, n * per)
        k = np.minimum((t // (2 * np.pi)).astype(int), n - 1)
        amp = rng.choice([1.0, 2.2, -1.6], size=n, p=[0.65, 0.22, 0.13]) * rng.uniform(0.8, 1.2, n)
        loop = rng.uniform(0.6, 1.8, n)  # above 1 the pen loops back at the top of the letter
        xs = x + v * t + loop[k] * v * np.sin(t)
        ys = -amp[k] * (1 - np.cos(t)) / 2  # negative amplitude: a descender loop below the baseline
        ys = ys + 0.2 * np.sin(t / max(n, 1) + rng.uniform(0, 6)) * rng.uniform(0, 1)  # the line drifts a little
        path = np.stack([xs, ys], 1)
        noise = cv2.GaussianBlur(rng.normal(0.0, 0.25, (len(path), 2)), (1, 0), 6).reshape(-1, 2)
        strokes.append(path + noise * 0.4)
        x = float(xs.max()) + rng.uniform(0.6, 1.4)
    if rng.random() < 0.3:  # i-dot
        px = rng.uniform(strokes[1][0, 0], x)
        strokes.append(np.array([[px, -1.6], [px + 0.12, -1.66]]))
    if rng.random() < 0.35:  # underline flourish back to the left
        y = rng.uniform(0.5, 0.9)
        strokes.append(chaikin(np.array([[x - 0.5, y - 0.6], [x * 0.6, y + 0.2], [x * 0.1, y]]), 3))
    x0, y0, x1, y1 = _bounds(strokes)
    s_ = min(width / max(x1 - x0, 1e-3), height / max(y1 - y0, 1e-3))
    sx, sy = s_ * rng.uniform(0.9, 1.2), s_
    slant = writer.slant + rng.normal(0.0, 0.1)
    hh = (y1 - y0) * sy
    left = bx + rng.uniform(0.02, 0.25) * bw
    top = by + (bh - hh) / 2 + rng.normal(0.0, VERTICAL_JITTER) * bh
    if rng.random() < writer.overflow * 3:
        top -= rng.uniform(0.1, 0.3) * bh
    out = []
    for p in strokes:
        q = (p - (x0, y0)) * (sx, sy)
        q[:, 0] += slant * (hh - q[:, 1])
        out.append(q + (left, top))
    return out


def cross_out_strokes(
    size: tuple[int, int], writer: Writer, rng: np.random.Generator, *, box=None, style: str | None = None
) -> list[np.ndarray]:
    """Pen paths crossing out a region (unused rows): ``style`` "diagonal" (one long stroke), "cross" (two),
    "zigzag" (back and forth) or "line" (through the middle); default random. The strokes span the box from
    side to side, running a little past it. In/out as :func:`text_strokes`."""
    bx, by, bw, bh = _box_of(size, box)
    if style is None:
        style = str(rng.choice(CROSS_OUT_STYLES, p=CROSS_OUT_P))
    if style not in CROSS_OUT_STYLES:
        raise ValueError(f"unknown cross-out style {style!r}")
    wob = writer.wobble * min(bh, bw) * 2

    def over() -> float:
        return rng.uniform(-0.02, 0.04)

    left, right = bx - over() * bw, bx + bw + over() * bw
    top, bottom = by + rng.uniform(0.0, 0.12) * bh, by + bh - rng.uniform(0.0, 0.12) * bh
    if style == "diagonal":
        return [bent_line((left, bottom), (right, top), rng, bow=rng.uniform(-0.04, 0.04), wobble=wob, points=24)]
    if style == "cross":
        return [
            bent_line((left, bottom), (right, top), rng, bow=rng.uniform(-0.04, 0.04), wobble=wob, points=24),
            bent_line((left, top), (right, bottom), rng, bow=rng.uniform(-0.04, 0.04), wobble=wob, points=24),
        ]
    if style == "line":
        y = by + bh / 2 + rng.normal(0.0, 0.08) * bh
        tilt = rng.normal(0.0, 0.1) * bh
        bow = rng.uniform(-0.03, 0.03)
        return [bent_line((left, y + tilt), (right, y - tilt), rng, bow=bow, wobble=wob, points=24)]
    # zigzag: back and forth between the top and bottom edges, moving to the right
    turns = int(rng.integers(2, 7))
    xs = np.linspace(left, right, turns + 1) + rng.normal(0.0, 0.02, turns + 1) * bw
    xs[0], xs[-1] = left, right
    ys = np.where(np.arange(turns + 1) % 2 == 0, bottom, top) + rng.normal(0.0, 0.04, turns + 1) * bh
    path = np.stack([xs, ys], 1)
    path = chaikin(path, 2) if rng.random() < 0.5 else path
    pieces = [bent_line(path[i], path[i + 1], rng, wobble=wob, points=10) for i in range(len(path) - 1)]
    return [np.vstack([pieces[0]] + [pc[1:] for pc in pieces[1:]])]


# ------------------------------------------------------------------------------------------------- rendering


def _noise_field(shape: tuple[int, int], cell: float, rng: np.random.Generator) -> np.ndarray:
    """Smooth noise in about [-1, 1] over ``shape``, varying over ``cell`` pixels."""
    gh = max(2, int(math.ceil(shape[0] / max(cell, 1.0))) + 2)
    gw = max(2, int(math.ceil(shape[1] / max(cell, 1.0))) + 2)
    coarse = rng.uniform(-1.0, 1.0, (gh, gw)).astype(np.float32)
    return cv2.resize(coarse, (shape[1], shape[0]), interpolation=cv2.INTER_CUBIC)


def render_strokes(
    strokes: list[np.ndarray],
    size: tuple[int, int],
    writer: Writer,
    rng: np.random.Generator,
    *,
    pen_px: float,
    scale_px: float | None = None,
) -> np.ndarray:
    """Draw pen paths as ink.

    In: ``strokes`` (list of (n, 2) (x, y) pixel-centre arrays, not modified), canvas ``size`` (h, w), the
    writer (ink kind, pressure, opacity), ``pen_px`` the mean pen width in pixels, ``scale_px`` the size over
    which pressure varies (default 10 pen widths). Out: float32 (h, w) alpha in [0, 1]; paths outside are
    clipped. The paths are drawn at ``SUPERSAMPLE`` times the resolution, widened by a distance transform to
    a pen of varying width and averaged down (anti-aliased).
    """
    h, w = size
    out = np.zeros((h, w), np.float32)
    strokes = [np.asarray(s, float) for s in strokes if len(s)]
    if not strokes:
        return out
    pen_px = max(float(pen_px), MIN_PEN_PX)
    radius = pen_px / 2 * (1 + writer.pressure)
    x0, y0, x1, y1 = _bounds(strokes)
    margin = radius + 2
    c0, r0 = max(int(math.floor(x0 - margin)), 0), max(int(math.floor(y0 - margin)), 0)
    c1, r1 = min(int(math.ceil(x1 + margin)) + 1, w), min(int(math.ceil(y1 + margin)) + 1, h)
    if c0 >= c1 or r0 >= r1:
        return out
    rh, rw = r1 - r0, c1 - c0
    ss = SUPERSAMPLE
    while ss > 1 and rh * rw * ss * ss > MAX_HI_PIXELS:
        ss -= 1
    hi = np.zeros((rh * ss, rw * ss), np.uint8)
    one = 1 << POLY_SHIFT
    polys = []
    for s in strokes:
        p = ((s - (c0, r0) + 0.5) * ss - 0.5) * one
        polys.append(np.round(p).astype(np.int32).reshape(-1, 1, 2))
    cv2.polylines(hi, polys, False, 255, 1, cv2.LINE_8, POLY_SHIFT)
    for p in polys:  # single points (dots) too
        if len(p) == 1:
            cv2.circle(hi, tuple(int(v) for v in p[0, 0]), 0, 255, -1, cv2.LINE_8, POLY_SHIFT)
    dist = cv2.distanceTransform(255 - hi, cv2.DIST_L2, cv2.DIST_MASK_5)
    cell = (scale_px if scale_px else 10 * pen_px) * ss * PRESSURE_CELL
    r = pen_px / 2 * ss * (1.0 + writer.pressure * _noise_field(hi.shape, cell, rng))
    alpha = np.clip(r - dist + 0.5, 0.0, 1.0)
    density = 1.0 - DENSITY_VARIATION.get(writer.ink, 0.2) * (0.5 + 0.5 * _noise_field(hi.shape, cell * 0.5, rng))
    if writer.ink == "pencil":
        grain = cv2.GaussianBlur(rng.random(hi.shape, dtype=np.float32), (0, 0), 0.6 * ss)
        grain = (grain - grain.mean()) / (grain.std() + 1e-6)
        density = density * np.clip(1.0 - PENCIL_GRAIN * 0.5 + PENCIL_GRAIN * 0.25 * grain, 0.2, 1.0)
    alpha *= density * writer.opacity
    small = cv2.resize(alpha, (rw, rh), interpolation=cv2.INTER_AREA) if ss > 1 else alpha
    out[r0:r1, c0:c1] = np.clip(small, 0.0, 1.0)
    return out


def _pen_px(writer: Writer, row_height: float) -> float:
    return max(writer.pen_width * row_height, MIN_PEN_PX)


def ink_mask(
    content: str,
    size: tuple[int, int],
    writer: Writer,
    rng: np.random.Generator,
    *,
    box=None,
    bank: GlyphBank | None = None,
) -> np.ndarray:
    """Write ``content`` into a cell and return the ink as float32 (h, w) alpha in [0, 1].

    ``content``: a number or amount (see :func:`text_strokes`), "X" (the writer's mark), "+" or "x" (plus /
    slanted cross), or "—" / "–" (a dash for "not playing"). ``size`` (h, w) is the canvas, ``box`` the cell
    in it (default the whole canvas); the pen width follows the cell height.
    """
    bx, by, bw, bh = _box_of(size, box)
    if content in ("X", "+", "x"):
        style = {"+": "plus", "x": "slanted"}.get(content)
        strokes = mark_strokes(size, writer, rng, style=style, box=box, bank=bank)
    elif content in ("—", "–"):
        strokes = dash_strokes(size, writer, rng, box=box, bank=bank)
    else:
        strokes = text_strokes(content, size, writer, rng, box=box, bank=bank)
    return render_strokes(strokes, size, writer, rng, pen_px=_pen_px(writer, bh), scale_px=bh * writer.height)


def mark_mask(size, writer: Writer, rng: np.random.Generator, *, style: str | None = None, box=None) -> np.ndarray:
    """An X mark (see :func:`mark_strokes`) as float32 (h, w) alpha."""
    bh = _box_of(size, box)[3]
    strokes = mark_strokes(size, writer, rng, style=style, box=box)
    return render_strokes(strokes, size, writer, rng, pen_px=_pen_px(writer, bh), scale_px=bh * writer.height)


def dash_mask(size, writer: Writer, rng: np.random.Generator, *, box=None) -> np.ndarray:
    """A dash "—" (see :func:`dash_strokes`) as float32 (h, w) alpha."""
    bh = _box_of(size, box)[3]
    strokes = dash_strokes(size, writer, rng, box=box)
    return render_strokes(strokes, size, writer, rng, pen_px=_pen_px(writer, bh), scale_px=bh * writer.height)


def signature_mask(size, writer: Writer, rng: np.random.Generator, *, box=None) -> np.ndarray:
    """A signature (see :func:`signature_strokes`) as float32 (h, w) alpha; the pen follows the box height
    (a signature row is about two game rows high, so half of it is taken as the row height)."""
    bh = _box_of(size, box)[3]
    strokes = signature_strokes(size, writer, rng, box=box)
    return render_strokes(strokes, size, writer, rng, pen_px=_pen_px(writer, bh * 0.6), scale_px=bh)


def cross_out_mask(
    size,
    writer: Writer,
    rng: np.random.Generator,
    *,
    box=None,
    style: str | None = None,
    row_height: float | None = None,
) -> np.ndarray:
    """A cross-out over a region (see :func:`cross_out_strokes`) as float32 (h, w) alpha. ``row_height`` (px)
    sets the pen width; pass the list's row height for a region of many rows (default: the box height, at
    most a quarter of its width)."""
    bx, by, bw, bh = _box_of(size, box)
    strokes = cross_out_strokes(size, writer, rng, box=box, style=style)
    rh = row_height if row_height is not None else min(bh, bw / 4)
    return render_strokes(strokes, size, writer, rng, pen_px=_pen_px(writer, rh) * 1.1, scale_px=rh * 2)


def composite(page_bgr: np.ndarray, mask: np.ndarray, colour, *, at: tuple[int, int] = (0, 0)) -> np.ndarray:
    """Lay ink onto paper.

    In: ``page_bgr`` uint8 (H, W, 3) (or (H, W) grey), ``mask`` float (h, w) alpha in [0, 1], ``colour`` BGR
    0-255, ``at`` the page (x, y) of the mask's top-left pixel (the mask may hang over the page's edges).
    Out: a new uint8 page; ink multiplies the paper (like real ink: printed lines under it stay dark).
    Neither input is modified.

    >>> page = np.full((4, 4, 3), 200, np.uint8)
    >>> m = np.zeros((2, 2), np.float32); m[0, 0] = 1.0
    >>> composite(page, m, (0, 0, 255), at=(1, 1))[1, 1].tolist(), int(page[1, 1, 0])
    ([0, 0, 200], 200)
    """
    page = np.asarray(page_bgr)
    out = page.copy()
    mask = np.asarray(mask, np.float32)
    x, y = int(at[0]), int(at[1])
    h, w = mask.shape
    H, W = page.shape[:2]
    px0, py0, px1, py1 = max(x, 0), max(y, 0), min(x + w, W), min(y + h, H)
    if px0 >= px1 or py0 >= py1:
        return out
    m = np.clip(mask[py0 - y : py1 - y, px0 - x : px1 - x], 0.0, 1.0)
    col = np.asarray(colour, np.float32) / 255.0
    region = out[py0:py1, px0:px1].astype(np.float32)
    if page.ndim == 2:
        tint = 1.0 - m * (1.0 - float(col.mean()))
    else:
        tint = 1.0 - m[:, :, None] * (1.0 - col[None, None, : page.shape[2]])
    out[py0:py1, px0:px1] = np.clip(np.round(region * tint), 0, 255).astype(page.dtype)
    return out


def write_on_page(
    page_bgr: np.ndarray,
    box,
    content: str,
    writer: Writer,
    rng: np.random.Generator,
    *,
    kind: str = "text",
    margin: float = 0.6,
    row_height: float | None = None,
) -> np.ndarray:
    """Write into a cell of a page and return the new page (the input is not modified).

    ``box`` (x, y, w, h) is the cell on the page; ``kind`` "text" (``content`` as for :func:`ink_mask`),
    "signature" or "cross_out" (``content`` ignored; ``row_height`` as for :func:`cross_out_mask`). The ink is
    rendered into the cell plus ``margin`` cell heights around it, so overflowing writing lands on the
    neighbouring cells as on paper.
    """
    bx, by, bw, bh = (float(v) for v in box)
    pad = int(math.ceil(margin * (row_height or bh)))
    x0, y0 = int(math.floor(bx)) - pad, int(math.floor(by)) - pad
    size = (int(math.ceil(bh)) + 2 * pad + 1, int(math.ceil(bw)) + 2 * pad + 1)
    local = (bx - x0, by - y0, bw, bh)
    if kind == "text":
        mask = ink_mask(content, size, writer, rng, box=local)
    elif kind == "signature":
        mask = signature_mask(size, writer, rng, box=local)
    elif kind == "cross_out":
        mask = cross_out_mask(size, writer, rng, box=local, row_height=row_height)
    else:
        raise ValueError(f"unknown kind {kind!r}")
    return composite(page_bgr, mask, writer.colour, at=(x0, y0))
