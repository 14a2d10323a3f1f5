"""Template fit: how well a photo, warped onto the page through a homography, matches a layout's printed
grid (normalised correlation with :func:`template`), and where the grid lies (the best shift)."""
from __future__ import annotations

from typing import Optional

import cv2
import numpy as np

from digitize.homography import apply_homography, warp_to_page
from digitize.layout import Box, FormLayout

#: Resolution (px/mm) of the pages on which hypotheses are scored, and the coarser one at which all of them
#: are scored first; shifts (mm) tried when scoring wide and near a first answer; light blur (mm) of both
#: images when scoring, and the wide blur taken off them (shading).
SCORE_PX_PER_MM = 2.0
COARSE_SCORE_PX_PER_MM = 1.0
SCORE_SHIFT_MM = 9.0
FINE_SHIFT_MM = 2.0
SCORE_BLUR_MM = 0.6
SCORE_HIGHPASS_MM = 3.0

_TEMPLATES: dict[tuple, np.ndarray] = {}


def template(layout: FormLayout, px_per_mm: float = SCORE_PX_PER_MM) -> np.ndarray:
    """The printed grid of ``layout`` as float32 darkness over the grid box plus 1 mm, at ``px_per_mm``, lightly
    blurred and high-passed; cached. It holds the lines and the grey dealer cells but neither text nor the
    lines between game rows: those repeat every row, and a template with them fits almost as well one row
    off; without them the header, the footer and the line ends fix the position."""
    key = (*layout_key(layout), px_per_mm)
    if key in _TEMPLATES:
        return _TEMPLATES[key]
    g = layout.grid
    box = Box(g.x - 1, g.y - 1, g.w + 2, g.h + 2)
    size = (int(round(box.w * px_per_mm)), int(round(box.h * px_per_mm)))
    img = np.zeros((size[1], size[0]), np.float32)

    def px(v, o):
        return int(round((v - o) * px_per_mm))

    for f in layout.fills:
        cv2.rectangle(img, (px(f.x, box.x), px(f.y, box.y)), (px(f.x2, box.x) - 1, px(f.y2, box.y) - 1), 55.0, -1)
    body = layout.body
    for ln in layout.lines:
        if ln.horizontal and body.y + 0.1 < ln.y1 < body.y2 - 0.1:
            continue                     # the game rows are all alike: they would let a shift by a row fit
        b = ln.as_box()
        x0, y0 = px(b.x, box.x), px(b.y, box.y)
        x1, y1 = max(px(b.x2, box.x), x0 + 1), max(px(b.y2, box.y), y0 + 1)
        cv2.rectangle(img, (x0, y0), (x1 - 1, y1 - 1), 255.0, -1)
    out = _score_filter(img, px_per_mm)
    _TEMPLATES[key] = out
    return out


def _score_filter(darkness: np.ndarray, px_per_mm: float) -> np.ndarray:
    """Light blur minus a wide blur: keeps lines and cells, drops shading."""
    d = darkness.astype(np.float32)
    fine = cv2.GaussianBlur(d, (0, 0), SCORE_BLUR_MM * px_per_mm)
    return fine - cv2.GaussianBlur(d, (0, 0), SCORE_HIGHPASS_MM * px_per_mm)


def template_score(work: np.ndarray, layout: FormLayout, h: np.ndarray, px_per_mm: float = SCORE_PX_PER_MM,
           reach_mm: float = SCORE_SHIFT_MM) -> tuple[float, np.ndarray]:
    """Normalised correlation of ``work`` warped through ``h`` with the layout's :func:`template`, best over
    shifts up to ``reach_mm``, and that shift (mm, where the printed grid lies on the warped page relative to
    the layout). (-1, 0) when the warp fails."""
    g, m = layout.grid, reach_mm + 1
    box = Box(g.x - m, g.y - m, g.w + 2 * m, g.h + 2 * m)
    none = (-1.0, np.zeros(2))
    img = _scored_page(work, h, px_per_mm, box)
    if img is None:
        return none
    tpl = template(layout, px_per_mm)
    if img.shape[0] < tpl.shape[0] or img.shape[1] < tpl.shape[1]:
        return none
    res = cv2.matchTemplate(img, tpl, cv2.TM_CCOEFF_NORMED)
    if res.size == 0 or not np.isfinite(res).any():
        return none
    res = np.nan_to_num(res, nan=-1.0)
    v, u = np.unravel_index(int(np.argmax(res)), res.shape)
    shift = (np.array([u, v], np.float64) / px_per_mm) - (m - 1)
    return float(res[v, u]), shift


#: The image scored on last, and what was worked out on it (:func:`_memo`).
_MEMO: tuple = (None, {})


def _memo(work: np.ndarray) -> dict:
    """What :func:`align_template` and :func:`template_score` worked out on ``work`` so far (the last image they
    were given since :func:`forget`; never modify an image in between): the locator scores several layouts
    through one homography, whose grid boxes are often the same, and aligns the hypothesis it chose again in its
    refinement."""
    global _MEMO
    image, done = _MEMO
    if image is not work:
        image, done = _MEMO = (work, {})
    return done


def forget() -> None:
    """Forget what :func:`_memo` holds: the locator calls it for every photo (an image it was given before may
    have changed since)."""
    global _MEMO
    _MEMO = (None, {})


def _scored_page(work: np.ndarray, h: np.ndarray, px_per_mm: float, box: Box) -> Optional[np.ndarray]:
    """``box`` of the page cut out of ``work`` through ``h`` at ``px_per_mm`` as darkness through
    :func:`_score_filter`, or None when the warp fails; remembered (:func:`_memo`; do not modify)."""
    memo = _memo(work)
    key = ("page", np.asarray(h, np.float64).tobytes(), px_per_mm, box.x, box.y, box.w, box.h)
    if key not in memo:
        try:
            warped = warp_to_page(work, h, px_per_mm, box)
        except cv2.error:
            memo[key] = None
        else:
            memo[key] = _score_filter(255.0 - warped.astype(np.float32), px_per_mm)
    return memo[key]


def align_template(work: np.ndarray, layout: FormLayout, h: np.ndarray) -> tuple[float, np.ndarray]:
    """Template score and ``h`` moved onto the best shift: searched wide at the coarse resolution, then
    near that and near no shift at the fine one (the coarse search alone may mistake a footer row).
    Remembered (:func:`_memo`; ``h`` moved is a new array each call)."""
    done = _memo(work)
    key = ("aligned", layout_key(layout), np.asarray(h, np.float64).tobytes())
    if key not in done:
        done[key] = _align_template(work, layout, h)
    score, moved = done[key]
    return score, moved.copy()


def _align_template(work: np.ndarray, layout: FormLayout, h: np.ndarray) -> tuple[float, np.ndarray]:
    _s, coarse = template_score(work, layout, h, COARSE_SCORE_PX_PER_MM, SCORE_SHIFT_MM)
    best = None
    for start in ([h, shifted(h, coarse)] if np.any(coarse) else [h]):
        score, fine = template_score(work, layout, start, SCORE_PX_PER_MM, FINE_SHIFT_MM)
        if best is None or score > best[0]:
            best = (score, shifted(start, fine))
    return best


def moved_mm(h: np.ndarray, h_moved: np.ndarray) -> float:
    """How far (mm, largest over the grid corners) ``h_moved`` puts the page from where ``h`` does."""
    corners = np.array([[20.0, 25.0], [190.0, 25.0], [190.0, 285.0], [20.0, 285.0]])
    back = apply_homography(np.linalg.inv(h), apply_homography(h_moved, corners))
    return float(np.abs(back - corners).max())


def shifted(h: np.ndarray, shift_mm: np.ndarray) -> np.ndarray:
    """``h`` (mm -> px) corrected for a grid found ``shift_mm`` away from where ``h`` put it."""
    t = np.array([[1.0, 0.0, shift_mm[0]], [0.0, 1.0, shift_mm[1]], [0.0, 0.0, 1.0]])
    return h @ t


def layout_key(layout: FormLayout) -> tuple:
    return (layout.version, layout.edition, layout.seats, layout.games)
