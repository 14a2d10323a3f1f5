"""A picture to check a located list by eye: the photo with every found cell drawn on it.

:func:`draw_overlay` draws, on a copy of the photo: the page outline, the ArUco markers that were found
(with their ids), every cell's quadrilateral (game cells, header cells such as start numbers, footer and
signature cells in their own colours), and small labels: the game number left of each row and a short
column key above the first row (``G`` Grundwert, ``m``/``o`` mit/ohne, ``H`` Hand, ``S``/``SA`` Schneider
(angesagt), ``Z``/``ZA`` Schwarz (angesagt), ``O`` offen, ``+``/``-``, ``1P 1g 1v`` Platz 1 Punkte/Gew./Verl.,
``E`` eingepasst). Line widths and text follow the size of the list on the photo, so the picture reads the
same on a 720 px video frame and a 4000 px photo. Every drawn quad must sit on its printed cell.
"""
from __future__ import annotations

from typing import Optional

import cv2
import numpy as np

from digitize.layout import PAGE_H, PAGE_W

#: Default colours (BGR) by what is drawn; ``colours=`` overrides any of them.
COLOURS = {
    "cell": (40, 170, 40),
    "header": (200, 120, 0),
    "footer": (0, 140, 255),
    "page": (0, 0, 230),
    "marker": (200, 0, 200),
    "label": (150, 30, 30),
}
#: Short column keys printed above the first game row.
COLUMN_KEYS = {
    "base": "G", "mit": "m", "ohne": "o", "hand": "H", "schneider": "S", "schneider_announced": "SA",
    "schwarz": "Z", "schwarz_announced": "ZA", "ouvert": "O", "plus": "+", "minus": "-", "passed": "E",
    "total": "P", "won": "g", "lost": "v",
}
#: Text height as a share of a game row's height on the photo; line width per this many px of row height.
TEXT_SHARE = 0.45
ROW_PX_PER_LINE_PX = 30.0
#: Sub-pixel precision of the drawing (cv2 ``shift``).
SHIFT = 4
FONT = cv2.FONT_HERSHEY_SIMPLEX
#: Height in px of FONT at scale 1.
FONT_PX = 22.0


def draw_overlay(image: np.ndarray, located, *, labels: bool = True,
                 colours: Optional[dict] = None) -> np.ndarray:
    """The photo (BGR or grey uint8, not modified) with ``located`` (a :class:`digitize.locate.Located`)
    drawn on it; a new BGR uint8 image of the same size."""
    img = np.asarray(image)
    out = cv2.cvtColor(img, cv2.COLOR_GRAY2BGR) if img.ndim == 2 else img[:, :, :3].copy()
    col = dict(COLOURS, **(colours or {}))
    row_px = _row_px(located)
    thick = max(1, int(round(row_px / ROW_PX_PER_LINE_PX)))

    page = located.page_to_photo(np.array([[0, 0], [PAGE_W, 0], [PAGE_W, PAGE_H], [0, PAGE_H]], np.float64))
    _poly(out, page, col["page"], thick + 1)
    for marker_id, corners in sorted(located.markers.items()):
        _poly(out, corners, col["marker"], thick + 1)
        if labels:
            _text(out, str(marker_id), corners.mean(axis=0), row_px * 1.2, col["marker"], thick)

    for ref, quad in located.quads.items():
        kind = "cell" if ref.startswith("g") else "footer" if ref.startswith(("footer", "signature")) else "header"
        _poly(out, quad, col[kind], thick)
    if labels:
        _labels(out, located, row_px, col["label"], thick)
    return out


def _row_px(located) -> float:
    """Height of game row 1 on the photo, in px (at least 4)."""
    q = located.quads.get("g1.base")
    if q is None:
        return 12.0
    return max(4.0, float(np.linalg.norm((q[3] + q[2]) / 2 - (q[0] + q[1]) / 2)))


def _labels(out: np.ndarray, located, row_px: float, colour, thick: int) -> None:
    """Game numbers left of each row, column keys above row 1."""
    size = row_px * TEXT_SHARE
    for game in range(1, located.games + 1):
        q = located.quads.get(f"g{game}.base")
        if q is None:
            continue
        left_mid = (q[0] + q[3]) / 2
        inward = (q[1] + q[2]) / 2 - left_mid
        step = inward / max(np.linalg.norm(inward), 1e-6) * row_px * 0.9
        _text(out, str(game), left_mid - step, size, colour, max(1, thick - 1))
    for ref, q in located.quads.items():
        if not ref.startswith("g1.") or ref.count(".") not in (1, 2):
            continue
        parts = ref.split(".")
        key = COLUMN_KEYS.get(parts[-1], parts[-1][:2])
        if len(parts) == 3:
            key = parts[1][1:] + key
        top_mid, bottom_mid = (q[0] + q[1]) / 2, (q[3] + q[2]) / 2
        up = top_mid - bottom_mid
        _text(out, key, top_mid + up * 0.8, size * 0.9, colour, max(1, thick - 1))


def _poly(out: np.ndarray, pts: np.ndarray, colour, thick: int) -> None:
    p = np.round(np.asarray(pts, np.float64) * (1 << SHIFT)).astype(np.int32).reshape(-1, 1, 2)
    cv2.polylines(out, [p], True, colour, thick, cv2.LINE_AA, SHIFT)


def _text(out: np.ndarray, text: str, centre: np.ndarray, height_px: float, colour, thick: int) -> None:
    """``text`` centred on ``centre`` (px), about ``height_px`` tall."""
    scale = max(0.25, height_px / FONT_PX)
    (w, h), _base = cv2.getTextSize(text, FONT, scale, thick)
    x, y = int(round(centre[0] - w / 2)), int(round(centre[1] + h / 2))
    cv2.putText(out, text, (x, y), FONT, scale, colour, thick, cv2.LINE_AA)
