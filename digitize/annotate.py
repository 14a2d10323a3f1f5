"""Drawing what was read onto the photo: each reading at its cell, doubts in orange, paper
errors in red (for ``--debug`` pictures and the review report)."""
from __future__ import annotations

from typing import Iterable, Optional

import cv2
import numpy as np

from audit.model import ScoreList

OK = (60, 150, 40)          # BGR: green outline, a confident reading
DOUBT = (0, 140, 255)       # orange: a reading in doubt
ERROR = (40, 40, 220)       # red: a cell an error on paper rests on
TEXT = (180, 60, 20)        # blue-ish: the value read


def _label(value) -> str:
    if value is True:
        return "X"
    if value is False or value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.2f}".replace(".", ",")
    return str(value)


def draw_readings(image: np.ndarray, sl: ScoreList, error_cells: Iterable[str] = (),
                  doubt_cells: Optional[Iterable[str]] = None, scale: float = 1.0) -> np.ndarray:
    """A new picture: ``image`` with every non-empty reading of ``sl`` written at its cell.

    ``error_cells`` are outlined red (paper errors), doubtful readings orange, the rest get a
    thin green outline. ``scale`` maps the readings' photo coordinates onto ``image`` (for a
    reduced copy of the photo). Sizes follow the picture's resolution.
    """
    out = image.copy() if image.ndim == 3 else cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    thick = max(1, round(2 * max(out.shape[:2]) / 2000.0))   # lines and letters follow the picture's size
    errors = set(error_cells)
    doubts = set(doubt_cells) if doubt_cells is not None else sl.doubtful_cells()
    # the outlines that matter most drawn last: a DSkV signature box and the amount read in it share one outline,
    # and the amount's green must not hide the unsigned box's red (or a doubt's orange)
    rank = lambda ref: 2 if ref in errors else 1 if ref in doubts else 0  # noqa: E731
    for ref, r in sorted(sl.readings.items(), key=lambda item: rank(item[0])):
        if r.box is None:
            continue
        quad = np.array(r.box, np.float32) * scale
        text = _label(r.value)
        if ref in errors:
            colour, width = ERROR, thick * 2
        elif ref in doubts:
            colour, width = DOUBT, thick * 2
        elif text:
            colour, width = OK, thick
        else:
            continue
        cv2.polylines(out, [quad.round().astype(np.int32)], True, colour, width, cv2.LINE_AA)
        if text:
            h = float(np.linalg.norm(quad[3] - quad[0]))
            size = max(0.3, h / 40.0)
            weight = max(1, round(size * 1.5))
            x, y = quad[0]
            if _shares_box(sl, ref, r):
                # a DSkV signature box holds the amount (its reading footer.money.N, written at the left)
                # and the signature: the signature's mark goes to the box's right end
                width_px = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, size, weight)[0][0]
                x = max(quad[1][0], quad[2][0]) - width_px - 4   # drawn at x + 2: ends 2 px inside the box
            cv2.putText(out, text, (int(x + 2), int(y + h * 0.95)), cv2.FONT_HERSHEY_SIMPLEX, size,
                        colour if ref in errors or ref in doubts else TEXT, weight, cv2.LINE_AA)
    return out


def _shares_box(sl: ScoreList, ref: str, r) -> bool:
    """``ref`` is a signature box whose amount is read as its own cell, with the same outline."""
    if not ref.startswith("signature."):
        return False
    money = sl.readings.get("footer.money." + ref.split(".")[1])
    return money is not None and money.box == r.box
