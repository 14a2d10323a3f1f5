"""Drawing what was read onto the photo: each reading at its cell, doubts in orange, paper
errors in red (for ``--debug`` pictures and the review report)."""
from __future__ import annotations

import math
from typing import Iterable, Optional

import cv2
import numpy as np

from audit.model import ScoreList

OK = (60, 150, 40)          # BGR: green outline, a confident reading
DOUBT = (0, 140, 255)       # orange: a reading in doubt
ERROR = (40, 40, 220)       # red: a cell an error on paper rests on
TEXT = (180, 60, 20)        # blue-ish: the value read
FONT = cv2.FONT_HERSHEY_SIMPLEX
#: A label is sized by its cell's height up to this many times a game row's (see :func:`_label_height_cap`).
LABEL_CAP = 1.25


def _label(value) -> str:
    if value is True:
        return "X"
    if value is False or value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.2f}".replace(".", ",")
    return str(value)


def draw_readings(image: np.ndarray, sl: ScoreList, error_cells: Iterable[str] = (),
                  doubt_cells: Optional[Iterable[str]] = None, scale: float = 1.0, upright: bool = True) -> np.ndarray:
    """A new picture: ``image`` with every non-empty reading of ``sl`` written at its cell.

    ``error_cells`` are outlined red (paper errors), doubtful readings orange, the rest get a
    thin green outline. ``scale`` maps the readings' photo coordinates onto ``image`` (for a
    reduced copy of the photo). Sizes follow the picture's resolution. ``upright``: a photo taken with the list
    sideways or upside down is turned by quarter turns so that the list stands upright in the picture, as its
    cells' pictures do (:func:`page_turns`). Each value is written inside its cell from the cell's left edge on
    the picture, about half a game row high at most (:func:`_label_height_cap`).
    """
    out = image.copy() if image.ndim == 3 else cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    quads = {ref: np.array(r.box, np.float32) * scale for ref, r in sl.readings.items() if r.box is not None}
    if upright:
        out, quads = turn_upright(out, quads, page_turns(quads.values()))
    thick = max(1, round(2 * max(out.shape[:2]) / 2000.0))   # lines and letters follow the picture's size
    errors = set(error_cells)
    doubts = set(doubt_cells) if doubt_cells is not None else sl.doubtful_cells()
    # the outlines that matter most drawn last: a DSkV signature box and the amount read in it share one outline,
    # and the amount's green must not hide the unsigned box's red (or a doubt's orange)
    rank = lambda ref: 2 if ref in errors else 1 if ref in doubts else 0  # noqa: E731
    cap = _label_height_cap(quads)
    for ref, r in sorted(sl.readings.items(), key=lambda item: rank(item[0])):
        quad = quads.get(ref)
        if quad is None:
            continue
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
            size = max(0.3, min(_height(quad), cap) / 40.0)
            weight = max(1, round(size * 1.5))
            (tw, th), _base = cv2.getTextSize(text, FONT, size, weight)
            # a DSkV signature box holds the amount (its reading footer.money.N, written at the left) and the
            # signature: the signature's mark goes to the box's right end
            side = "right" if _shares_box(sl, ref, r) else "left"
            cv2.putText(out, text, _origin(quad, tw, th, side, pad=2 + width), FONT, size,
                        colour if ref in errors or ref in doubts else TEXT, weight, cv2.LINE_AA)
    return out


#: What the outlines and labels of :func:`draw_readings` mean, for :func:`with_legend` (colour, words; English: the
#: picture's font has ASCII letters only).
LEGEND = ((OK, "read surely"), (DOUBT, "read in doubt (the referee decides)"), (ERROR, "error on paper"),
          (TEXT, "blue figures: the value read"))


def with_legend(picture: np.ndarray) -> np.ndarray:
    """A new picture: ``picture`` (BGR) under a white band that says what its colours mean (:data:`LEGEND`), its
    letters a little taller than a game row's labels on a picture of that width."""
    if picture.ndim == 2:
        picture = cv2.cvtColor(picture, cv2.COLOR_GRAY2BGR)
    w = picture.shape[1]
    size = max(0.4, w / 2400.0)
    weight = max(1, round(size * 1.5))
    (_, th), _base = cv2.getTextSize("Xg", FONT, size, weight)
    band = np.full((th * 3, w, 3), 255, np.uint8)
    x, y = th, th * 2
    for colour, words in LEGEND:
        if colour != TEXT:
            cv2.rectangle(band, (x, y - th), (x + th, y), colour, max(2, weight))
            x += th * 2
        (tw, _), _base = cv2.getTextSize(words, FONT, size, weight)
        cv2.putText(band, words, (x, y), FONT, size, colour, weight, cv2.LINE_AA)
        x += tw + th * 2
    return np.vstack([band, picture])


def _height(quad: np.ndarray) -> float:
    """A cell's height on the picture: the length of its left edge on the page (its top-left to bottom-left
    corner), however the photo is turned."""
    return float(np.linalg.norm(quad[3] - quad[0]))


def _label_height_cap(quads: dict) -> float:
    """The tallest cell height a label's size follows: a little more than a game row's (the median over the
    game cells read, ``quads`` ref -> corners on the picture), so that a tall box (the footer's signatures, the
    total amount) gets a label of a game cell's size, not one that runs over its neighbours; unbounded on a list
    without game cells."""
    rows = [_height(q) for ref, q in quads.items() if ref.startswith("g")]
    return LABEL_CAP * float(np.median(rows)) if rows else math.inf


def page_turns(quads: Iterable[np.ndarray]) -> int:
    """How many quarter turns clockwise the list lies turned on the picture (0-3), from its cells' corners (each
    in the page's order: top-left, top-right, ...): the mean direction of their top edges, the page's left to
    right; 0 for none."""
    v = sum((q[1] - q[0]) / max(float(np.linalg.norm(q[1] - q[0])), 1e-6) for q in quads)
    if not isinstance(v, np.ndarray) or not np.any(v):
        return 0
    return int(round(math.degrees(math.atan2(float(v[1]), float(v[0]))) / 90.0)) % 4


#: cv2.rotate's code that takes back ``turns`` quarter turns clockwise.
_BACK = {1: cv2.ROTATE_90_COUNTERCLOCKWISE, 2: cv2.ROTATE_180, 3: cv2.ROTATE_90_CLOCKWISE}


def turn_upright(image: np.ndarray, quads: dict, turns: int) -> tuple[np.ndarray, dict]:
    """``image`` turned back by ``turns`` quarter turns clockwise (a new picture; itself for 0), and ``quads``
    (ref -> corners on it) where they lie on the turned picture."""
    if turns % 4 == 0:
        return image, quads
    h, w = image.shape[:2]

    def move(q: np.ndarray) -> np.ndarray:
        x, y = q[:, 0], q[:, 1]
        if turns == 1:               # counter-clockwise: the right edge becomes the top
            return np.stack([y, (w - 1) - x], axis=1)
        if turns == 2:
            return np.stack([(w - 1) - x, (h - 1) - y], axis=1)
        return np.stack([(h - 1) - y, x], axis=1)
    return cv2.rotate(image, _BACK[turns % 4]), {ref: move(q) for ref, q in quads.items()}


def _origin(quad: np.ndarray, tw: int, th: int, side: str = "left", pad: int = 2) -> tuple[int, int]:
    """Where ``cv2.putText`` starts a label ``tw`` x ``th`` px big so that it lies in the cell ``quad`` (its four
    corners on the picture, in order round the cell) next to the cell's left edge on the picture (``side``
    "right": its right edge), ``pad`` px in from it, however the photo is turned: on an upside-down photo the
    page's top-left corner of a cell is the picture's bottom-right one."""
    mids = (quad + np.roll(quad, -1, axis=0)) / 2          # the midpoints of the four edges
    edge = mids[int(np.argmin(mids[:, 0]) if side == "left" else np.argmax(mids[:, 0]))]
    inward = quad.mean(axis=0) - edge
    n = float(np.linalg.norm(inward))
    inward = inward / n if n else np.array([1.0, 0.0], np.float32)
    reach = abs(float(inward[0])) * tw / 2 + abs(float(inward[1])) * th / 2 + pad
    x, y = edge + inward * reach
    return int(round(x - tw / 2)), int(round(y + th / 2))


def _shares_box(sl: ScoreList, ref: str, r) -> bool:
    """``ref`` is a signature box whose amount is read as its own cell, with the same outline."""
    if not ref.startswith("signature."):
        return False
    money = sl.readings.get("footer.money." + ref.split(".")[1])
    return money is not None and money.box == r.box
