"""Find the list on a photo and rectify it: markers, QR code, printed grid, homography, quality gate.

In: a phone photo (BGR or grey uint8, any size from 720 px video frames to 4000 px camera photos).
Out: a :class:`Sheet`: which form it is (edition, seats, games, the QR payload), how it lies on the photo
(``rotation``), the homography page-mm -> photo-px with its measured fit error, and the rectified grey page
at :data:`digitize.cells.PX_PER_MM`.

How (all finding works on a reduced copy of the photo, :data:`WORK_LONG_SIDE`; only the final warp and the
QR code read the full resolution):

1. *Markers* (skatscan edition): the four ArUco corner markers (``DICT_4X4_50``, ids 0..3 = top-left,
   top-right, bottom-right, bottom-left). Three or more give a first homography and, by their ids, the
   orientation (a page turned by 90 or 180 degrees included); any marker seen means the skatscan edition.
2. *Grid* (plain DSkV forms, or markers cut off or unreadable): the printed grid is one large connected
   network of lines. Its outline gives a quadrilateral; each of its four turns and each candidate form
   (3 or 4 seats, skatscan or DSkV edition) is scored by correlating the photo, warped onto the form, with
   the form's own lines and grey dealer cells (:func:`template`); the best wins. The header/footer
   structure, the column pattern and (at four seats) the diagonal of grey dealer cells make the wrong
   turns and the wrong seat count score clearly lower.
3. *QR code* (skatscan edition): decoded from a rectified crop of the full-resolution photo; its payload
   fixes seats and games. It may fail on small photos; the grid's answer stands then.
4. *Refinement*: the grid lines are measured on the roughly rectified page (:func:`digitize.grid.measure_grid`);
   their crossings against the layout (hundreds of correspondences) give the final homography by RANSAC
   (:func:`_refine`), started from the first guess and from where the template fits best; the game rows all
   look alike, so the grid's outline and the number of crossings pick between the fits (:func:`_fit`). The
   RMS reprojection error of the inliers in mm (``fit_error_mm``) is the quality gate. A plain grid's
   edition is settled by which edition's own footer lines are seen (:func:`_settle_edition`).

Failures raise :class:`NoListFound` (nothing like the list on the photo) or :class:`PhotoUnreadable`
(too dark, too blurred, too small); both are :class:`LocateError` with a one-sentence message.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Optional

import cv2
import numpy as np

from digitize.cells import PX_PER_MM
from digitize.grid import measure_grid
from digitize.layout import (DEFAULT_GAMES, MARKER_IDS, PAGE_H, PAGE_W, QR_CLEARANCE, SEATS, Box,
                             FormLayout, layout_for)
from digitize.markers import decode_payload, marker_dictionary

# --------------------------------------------------------------------------------------------
# Constants
# --------------------------------------------------------------------------------------------

#: Finding works on a copy of the photo shrunk to this long side (px); smaller photos are used as they are.
WORK_LONG_SIDE = 1280
#: Photos whose short side is below this (px) are refused as too small.
MIN_PHOTO_SIDE = 300
#: The page must show at least this many photo pixels per millimetre (a 720 px photo of a whole page: 3.4).
MIN_PHOTO_PX_PER_MM = 1.5
#: A photo whose brightest 1 % is darker than this grey level is too dark to read.
DARK_LEVEL = 45
#: Adaptive threshold for the line network: block size as a fraction of the work image's long side, offset.
THRESH_BLOCK_FRACTION = 1 / 60
THRESH_OFFSET = 8
#: Candidate grid components: at most this many of the largest, each spanning this share of the short side.
MAX_COMPONENTS = 3
MIN_COMPONENT_SPAN = 0.25
#: Resolution (px/mm) of the pages on which hypotheses are scored and on which the grid is measured for the
#: homography; shifts (mm) tried when scoring; light blur (mm) of both images when scoring.
SCORE_PX_PER_MM = 2.0
#: All hypotheses are first scored at this coarser resolution; the best FINE_SCORED again at the finer one.
COARSE_SCORE_PX_PER_MM = 1.0
FINE_SCORED = 3
SCORE_SHIFT_MM = 9.0
FINE_SHIFT_MM = 2.0
SCORE_BLUR_MM = 0.6
SCORE_HIGHPASS_MM = 3.0
REFINE_PX_PER_MM = 4.0
#: Search windows (mm) of the grid measurement while refining the homography.
REFINE_PASSES_MM = (2.0, 1.2)
REFINE_OUTLIERS_MM = (0.9, 0.6)
REFINE_ROUNDS = 2
#: After refining, the template is matched again; a best shift beyond this (mm) means the fit locked onto
#: the wrong row or column: it is moved by that shift and refitted.
REALIGN_MM = 1.5
#: Fits whose grid corners lie within this many mm of each other's distance to the grid's outline count as
#: equally near it (then the number of line crossings decides).
FRAME_STEP_MM = 1.5
#: The refinement also starts from the template's best place when that is at least this far (mm) away.
MIN_MOVE_MM = 0.25
#: RANSAC inlier threshold (mm on the page) of the homography fit.
RANSAC_MM = 1.0
RANSAC_ITERATIONS = 500
#: Quality gate: least template score, least inlier share and count, largest RMS fit error (mm).
MIN_SCORE = 0.2
MIN_INLIER_SHARE = 0.5
MIN_INLIERS = 40
MAX_FIT_ERROR_MM = 1.5
#: Edition of a plain grid (no markers, no QR): the lines one edition prints and the other does not are
#: looked at every EVIDENCE_STEP_MM, against the paper EVIDENCE_SIDE_MM beside them; at least
#: EVIDENCE_MIN_POINTS must be on the photo, and the other edition must be clearer by EVIDENCE_MARGIN levels.
EVIDENCE_STEP_MM = 1.0
EVIDENCE_SIDE_MM = 1.2
EVIDENCE_MIN_POINTS = 20
EVIDENCE_MARGIN = 3.0
#: QR code: crop resolution (px/mm) and the photo resolution (px/mm) below which decoding is not tried.
QR_PX_PER_MM = 10.0
#: Scales the QR crop is tried at (a blurred photo decodes at one, not the other).
QR_TRY_PX_PER_MM = (QR_PX_PER_MM, 14.0)
QR_MIN_PHOTO_PX_PER_MM = 4.0
#: Rectification: the photo is first shrunk (area average) when it shows the page this many times sharper
#: than the rectified page needs.
PRESHRINK_ABOVE = 2.0
#: Blur test for photos on which nothing was found: ratio of fine to coarse edge strength below this = blurred.
BLUR_EDGE_RATIO = 1.6
BLUR_COARSE_SIGMA = 3.0
#: Markers needed for a first homography from them (two side by side extrapolate badly across the page).
MIN_MARKERS = 3
#: Marker detection: corners refined to sub-pixel accuracy; least perimeter as a share of the work image's
#: long side (a marker is about twice the size of a game cell: cell outlines stay below it, and the detector
#: does not spend its time on them); adaptive threshold windows (px, smallest and largest).
MARKER_CORNER_REFINE = cv2.aruco.CORNER_REFINE_SUBPIX
MARKER_MIN_PERIMETER = 0.05
MARKER_THRESH_WINDOWS = (13, 23)

EDITION_ORDER = ("skatscan", "dskv")


class LocateError(ValueError):
    """The list could not be located on the photo; the message is one sentence saying why."""


class NoListFound(LocateError):
    """The photo shows no Skat list (something else, or no printed grid)."""


class PhotoUnreadable(LocateError):
    """The photo is too dark, too blurred or too small to be read."""


@dataclass(frozen=True)
class Sheet:
    """The list found on a photo.

    ``homography``: 3x3, page millimetres -> photo pixels (pixel-centre coordinates, as in the photo);
    ``page``: the rectified grey page (uint8, :data:`PX_PER_MM`, A4 = 1680 x 2376), page pixel (u, v) showing
    the page point ((u + 0.5) / PX_PER_MM, (v + 0.5) / PX_PER_MM) mm; ``rotation``: 0/90/180/270, how far the
    page is turned clockwise on the photo; ``method``: "markers" or "grid"; ``fit_error_mm``: RMS reprojection
    error of the homography over its ``inliers`` line crossings; ``score``: template correlation (0..1);
    ``photo_px_per_mm``: photo pixels per page millimetre at the page centre; ``grid_fit``: the grid
    measured on the work image (coarse); ``timings``: seconds per stage.
    """

    layout: FormLayout
    payload: Optional[dict]
    rotation: int
    method: str
    homography: np.ndarray
    fit_error_mm: float
    inliers: int
    score: float
    photo_px_per_mm: float
    page: np.ndarray
    markers: dict = field(default_factory=dict)
    timings: dict = field(default_factory=dict)

    def page_to_photo(self, points_mm: np.ndarray) -> np.ndarray:
        """Page points (N x 2, mm) -> photo pixels (N x 2)."""
        return apply_homography(self.homography, points_mm)

    def photo_to_page(self, points_px: np.ndarray) -> np.ndarray:
        """Photo pixels (N x 2) -> page points (N x 2, mm)."""
        return apply_homography(np.linalg.inv(self.homography), points_px)


def apply_homography(h: np.ndarray, points: np.ndarray) -> np.ndarray:
    """A 3x3 homography applied to points (N x 2); a new float64 N x 2 array."""
    p = np.asarray(points, np.float64).reshape(-1, 2)
    if p.size == 0:
        return p.copy()
    q = np.concatenate([p, np.ones((len(p), 1))], axis=1) @ np.asarray(h, np.float64).T
    return q[:, :2] / q[:, 2:3]


def find_sheet(image: np.ndarray) -> Sheet:
    """Find the list on ``image`` (BGR or grey uint8) and rectify it; see the module docstring.

    Raises :class:`NoListFound` or :class:`PhotoUnreadable`. ``image`` is not modified.
    """
    timings: dict[str, float] = {}
    clock = _Clock(timings)
    grey = _grey(image)
    if min(grey.shape) < MIN_PHOTO_SIDE:
        raise PhotoUnreadable(f"The photo is too small ({grey.shape[1]} x {grey.shape[0]} px; "
                              f"at least {MIN_PHOTO_SIDE} px on the short side are needed).")
    scale = min(1.0, WORK_LONG_SIDE / max(grey.shape))
    work = grey if scale == 1.0 else cv2.resize(grey, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    to_photo = np.linalg.inv(_scale_matrix(scale))            # work px -> photo px
    clock("prepare")
    if float(np.percentile(work[::4, ::4], 99)) < DARK_LEVEL:
        raise PhotoUnreadable("The photo is too dark: light the list better or use the flash.")

    markers = detect_markers(work)
    clock("markers")
    method, payload, guess = _first_guess(work, grey, to_photo, markers, clock)
    score, layout, h_work, quad = guess
    h_work, error, inliers, score = _fit(work, layout, h_work, quad)
    layout = _settle_edition(work, h_work, layout, bool(markers))
    clock("refine")
    if payload is None:
        payload = decode_qr(grey, to_photo @ h_work)
        clock("qr")
    if payload is not None and (payload["seats"], payload["games"], "skatscan") != (layout.seats, layout.games,
                                                                                   layout.edition):
        layout = layout_for(payload["seats"], payload["games"], "skatscan")
        h_work, error, inliers, score = _fit(work, layout, h_work, quad)
        clock("refine")
    if inliers < MIN_INLIERS or error > MAX_FIT_ERROR_MM or score < MIN_SCORE:
        if method == "grid" and _looks_blurred(work):
            raise PhotoUnreadable("The photo is too blurred to read the list: hold the phone still and let it focus.")
        raise NoListFound(f"No Skat list found: a grid was seen but it does not match the Spielliste "
                          f"(fit error {error:.1f} mm over {inliers} line crossings).")

    h_photo = to_photo @ h_work
    ppm = photo_px_per_mm(h_photo)
    if ppm < MIN_PHOTO_PX_PER_MM:
        raise PhotoUnreadable(f"The photo is too small: the list is only {ppm * PAGE_W:.0f} px wide on it "
                              f"(at least {MIN_PHOTO_PX_PER_MM * PAGE_W:.0f} px are needed).")
    page = rectify(grey, h_photo)
    clock("rectify")
    return Sheet(layout=layout, payload=payload, rotation=rotation_of(h_photo), method=method,
                 homography=h_photo, fit_error_mm=round(float(error), 3), inliers=int(inliers),
                 score=round(float(score), 3), photo_px_per_mm=round(float(ppm), 3), page=page,
                 markers={k: apply_homography(to_photo, v) for k, v in markers.items()}, timings=timings)


def _first_guess(work: np.ndarray, grey: np.ndarray, to_photo: np.ndarray, markers: dict, clock
                 ) -> tuple[str, Optional[dict], tuple[float, FormLayout, np.ndarray, Optional[np.ndarray]]]:
    """(method, QR payload or None, (score, layout, homography mm -> work px, grid outline or None)): from
    the markers when
    :data:`MIN_MARKERS` of them are seen and the grid is where they say, else from the grid's outline.
    Raises when neither finds anything."""
    if len(markers) >= MIN_MARKERS:
        h0 = _marker_homography(markers)
        if h0 is not None:
            payload = decode_qr(grey, to_photo @ h0)
            clock("qr")
            guess = _choose_layout(work, _candidates(h0, payload, "skatscan"))
            clock("hypotheses")
            if guess is not None and guess[0] >= MIN_SCORE:
                quads = grid_quads(work)
                quad = min(quads, key=lambda q: _frame_error(guess[2], q, guess[1])) if quads else None
                clock("quad")
                return "markers", payload, (*guess, quad)
    guess = _grid_hypothesis(work, clock)
    clock("hypotheses")
    if guess is None:
        raise _nothing_found(work)
    return "grid", None, guess


def _fit(work: np.ndarray, layout: FormLayout, h: np.ndarray, quad: Optional[np.ndarray] = None
         ) -> tuple[np.ndarray, float, int, float]:
    """Refine ``h`` (mm -> work px) on the grid, from ``h`` and from where the template fits best (on bent
    paper the refinement has more than one resting place; the right one fits the most line crossings).
    The game rows all look alike, so a fit a row off fits about as many crossings: when the grid's outline
    ``quad`` (work px) is known, only fits whose grid corners lie within :data:`FRAME_STEP_MM` of the
    nearest to it are considered. Returns (h, error mm, inliers, score)."""
    starts = [h]
    _s, h_moved = _align(work, layout, h)
    if _moved_mm(h, h_moved) > MIN_MOVE_MM:
        starts.append(h_moved)
    fits = []
    for start in starts:
        h_fit, error, inliers = _refine(work, layout, start)
        score, h_again = _align(work, layout, h_fit)
        if _moved_mm(h_fit, h_again) > REALIGN_MM and len(starts) < 3:
            starts.append(h_again)                      # the fit drifted off the template: try from there too
        frame = _frame_error(h_fit, quad, layout) if quad is not None else 0.0
        fits.append((frame, inliers, error, h_fit, score))
    nearest = min(f[0] for f in fits)
    frame, inliers, error, h_fit, score = max((f for f in fits if f[0] <= nearest + FRAME_STEP_MM),
                                              key=lambda f: (f[1], -f[2]))
    return h_fit, error, inliers, score


def _frame_error(h: np.ndarray, quad: np.ndarray, layout: FormLayout) -> float:
    """How far (mm) the grid's outline ``quad`` (work px) lies from the layout's grid corners under ``h``:
    the mean of the two best of the four corners (a corner may be curled or cut off)."""
    g = layout.grid
    corners = np.array([(g.x, g.y), (g.x2, g.y), (g.x2, g.y2), (g.x, g.y2)])
    seen = apply_homography(np.linalg.inv(h), quad)
    dist = np.min(np.linalg.norm(seen[:, None, :] - corners[None, :, :], axis=2), axis=1)
    return float(np.mean(np.sort(dist)[:2]))


def _settle_edition(work: np.ndarray, h: np.ndarray, layout: FormLayout, markers_seen: bool) -> FormLayout:
    """The edition, once the grid is fitted: skatscan when markers were seen; else the edition whose own
    lines (the footer differs) are seen more clearly."""
    if markers_seen:
        return layout_for(layout.seats, layout.games, "skatscan")
    other = layout_for(layout.seats, DEFAULT_GAMES[layout.seats],
                       "dskv" if layout.edition == "skatscan" else "skatscan")
    if _line_evidence(work, h, other, layout) > _line_evidence(work, h, layout, other) + EVIDENCE_MARGIN:
        return other
    return layout


class _Clock:
    """Adds the seconds since the last call to ``timings[stage]``."""

    def __init__(self, timings: dict):
        self.timings, self.last = timings, time.perf_counter()

    def __call__(self, stage: str) -> None:
        now = time.perf_counter()
        self.timings[stage] = self.timings.get(stage, 0.0) + now - self.last
        self.last = now


def _grey(image: np.ndarray) -> np.ndarray:
    """The photo as grey uint8 (a new array, or the input itself when it is grey already: never written)."""
    img = np.asarray(image)
    if img.dtype != np.uint8:
        raise TypeError(f"the photo must be uint8, not {img.dtype}")
    if img.ndim == 2:
        return img
    if img.ndim == 3 and img.shape[2] == 3:
        return cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    if img.ndim == 3 and img.shape[2] == 4:
        return cv2.cvtColor(img, cv2.COLOR_BGRA2GRAY)
    if img.ndim == 3 and img.shape[2] == 1:
        return img[:, :, 0]
    raise TypeError(f"the photo must be grey or BGR, not of shape {img.shape}")


def _scale_matrix(s: float) -> np.ndarray:
    """Photo px -> work px for a resize by ``s`` (pixel-centre coordinates)."""
    return np.array([[s, 0, 0.5 * s - 0.5], [0, s, 0.5 * s - 0.5], [0, 0, 1.0]])


def photo_px_per_mm(h: np.ndarray) -> float:
    """Photo pixels per page millimetre at the page centre (geometric mean of both directions)."""
    c = np.array([[PAGE_W / 2, PAGE_H / 2], [PAGE_W / 2 + 1, PAGE_H / 2], [PAGE_W / 2, PAGE_H / 2 + 1]])
    p = apply_homography(h, c)
    return float(math.sqrt(np.linalg.norm(p[1] - p[0]) * np.linalg.norm(p[2] - p[0])))


def rotation_of(h: np.ndarray) -> int:
    """0, 90, 180 or 270: how far the page's x axis is turned clockwise on the photo."""
    c = np.array([[PAGE_W / 2, PAGE_H / 2], [PAGE_W / 2 + 10, PAGE_H / 2]])
    p = apply_homography(h, c)
    angle = math.degrees(math.atan2(p[1, 1] - p[0, 1], p[1, 0] - p[0, 0]))
    return int(round(angle / 90.0)) % 4 * 90


def warp_to_page(img: np.ndarray, h: np.ndarray, px_per_mm: float, box: Box, border: int = 255) -> np.ndarray:
    """The part ``box`` (mm) of the page, cut out of ``img`` through ``h`` (page mm -> img px) at ``px_per_mm``.
    Output pixel (u, v) shows page point (box.x + (u + 0.5) / px_per_mm, box.y + (v + 0.5) / px_per_mm)."""
    s = np.array([[1 / px_per_mm, 0, box.x + 0.5 / px_per_mm], [0, 1 / px_per_mm, box.y + 0.5 / px_per_mm],
                  [0, 0, 1.0]])
    size = (int(round(box.w * px_per_mm)), int(round(box.h * px_per_mm)))
    return cv2.warpPerspective(img, h @ s, size, flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                               borderMode=cv2.BORDER_CONSTANT, borderValue=border)


def rectify(grey: np.ndarray, h_photo: np.ndarray, px_per_mm: float = PX_PER_MM) -> np.ndarray:
    """The whole A4 page rectified from ``grey`` (the full photo) through ``h_photo`` (page mm -> photo px):
    grey uint8, ``round(210 * px_per_mm)`` x ``round(297 * px_per_mm)``; white where the photo ends."""
    ppm = photo_px_per_mm(h_photo)
    src, h = grey, h_photo
    if ppm > PRESHRINK_ABOVE * px_per_mm:
        s = PRESHRINK_ABOVE * px_per_mm / ppm
        src = cv2.resize(grey, None, fx=s, fy=s, interpolation=cv2.INTER_AREA)
        h = _scale_matrix(s) @ h_photo
    return warp_to_page(src, h, px_per_mm, Box(0.0, 0.0, PAGE_W, PAGE_H))


# --------------------------------------------------------------------------------------------
# Markers and QR code
# --------------------------------------------------------------------------------------------

def detect_markers(grey: np.ndarray) -> dict[int, np.ndarray]:
    """The corner markers found on ``grey``: id (0..3) -> its corners (4 x 2 px, the marker's own
    top-left, top-right, bottom-right, bottom-left). Ids seen twice are dropped (ambiguous)."""
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = MARKER_CORNER_REFINE
    params.minMarkerPerimeterRate = MARKER_MIN_PERIMETER
    params.adaptiveThreshWinSizeMin, params.adaptiveThreshWinSizeMax = MARKER_THRESH_WINDOWS
    params.adaptiveThreshWinSizeStep = MARKER_THRESH_WINDOWS[1] - MARKER_THRESH_WINDOWS[0]
    detector = cv2.aruco.ArucoDetector(marker_dictionary(), params)
    corners, ids, _rejected = detector.detectMarkers(grey)
    found: dict[int, list] = {}
    if ids is not None:
        for c, i in zip(corners, ids.ravel()):
            if int(i) in MARKER_IDS.values():
                found.setdefault(int(i), []).append(np.asarray(c, np.float64).reshape(4, 2))
    return {i: cs[0] for i, cs in found.items() if len(cs) == 1}


def _marker_homography(markers: dict[int, np.ndarray]) -> Optional[np.ndarray]:
    """Homography page mm -> image px from the markers' corners (any layout: the markers sit alike)."""
    boxes = {m.id: m.box for m in layout_for(4).markers}
    src, dst = [], []
    for i, corners in markers.items():
        b = boxes[i]
        src += [(b.x, b.y), (b.x2, b.y), (b.x2, b.y2), (b.x, b.y2)]
        dst += list(corners)
    h, mask = cv2.findHomography(np.array(src, np.float64), np.array(dst, np.float64), 0)
    if h is None:
        return None
    err = np.linalg.norm(apply_homography(h, np.array(src)) - np.array(dst), axis=1)
    side = np.median([np.linalg.norm(c[1] - c[0]) for c in markers.values()])
    return h if float(np.max(err)) < 0.25 * side else None


def decode_qr(grey: np.ndarray, h_photo: np.ndarray) -> Optional[dict]:
    """The QR payload (:func:`digitize.markers.decode_payload`) read from ``grey`` (full photo) where
    ``h_photo`` (page mm -> photo px) puts the skatscan QR box; None when it cannot be read."""
    if photo_px_per_mm(h_photo) < QR_MIN_PHOTO_PX_PER_MM:
        return None
    qr = layout_for(4).qr
    box = Box(qr.x - QR_CLEARANCE, qr.y - QR_CLEARANCE, qr.w + 2 * QR_CLEARANCE, qr.h + 2 * QR_CLEARANCE)
    detector = cv2.QRCodeDetector()
    for px_per_mm in QR_TRY_PX_PER_MM:
        crop = warp_to_page(grey, h_photo, px_per_mm, box)
        for img in _qr_variants(crop):
            try:
                text, _pts, _ = detector.detectAndDecode(img)
            except cv2.error:
                text = ""
            if text:
                try:
                    return decode_payload(text)
                except ValueError:
                    return None
    return None


def _qr_variants(crop: np.ndarray):
    """The rectified QR crop as it is, binarised (Otsu, and locally for uneven light), and
    sharpened against camera blur: each tried in turn (cheapest first)."""
    yield crop
    yield cv2.threshold(crop, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)[1]
    yield cv2.adaptiveThreshold(crop, 255, cv2.ADAPTIVE_THRESH_GAUSSIAN_C, cv2.THRESH_BINARY, 31, 5)
    yield cv2.addWeighted(crop, 2.0, cv2.GaussianBlur(crop, (0, 0), 2.0), -1.0, 0)


# --------------------------------------------------------------------------------------------
# The grid: outline, hypotheses, template scores
# --------------------------------------------------------------------------------------------

def _grid_hypothesis(work: np.ndarray, clock) -> Optional[tuple[float, FormLayout, np.ndarray, np.ndarray]]:
    """Best (score, layout, homography mm -> work px, outline) from the outlines of the largest line networks."""
    quads = grid_quads(work)
    clock("quad")
    best = None
    for quad in quads:
        guess = _best_turn(work, quad)
        if guess is not None and (best is None or guess[0] > best[0]):
            best = (*guess, quad)
    if best is None or best[0] < MIN_SCORE:
        return None
    return best


def _best_turn(work: np.ndarray, quad: np.ndarray) -> Optional[tuple[float, FormLayout, np.ndarray]]:
    """Every turn of ``quad`` (clockwise corners, work px) with every candidate layout: the best
    (score, layout, homography), or None."""
    candidates = []
    for turn in range(4):
        for edition in EDITION_ORDER:
            h = _quad_homography(layout_for(4, edition=edition), quad, turn)
            if h is not None:
                candidates += _candidates(h, None, edition)
    return _choose_layout(work, candidates)


def _choose_layout(work: np.ndarray, candidates: list[tuple[FormLayout, np.ndarray]]
                   ) -> Optional[tuple[float, FormLayout, np.ndarray]]:
    """The best-scoring (score, layout, homography) of the candidate (layout, homography) pairs."""
    if not candidates:
        return None
    if len(candidates) > FINE_SCORED:
        coarse = sorted(((_score(work, lay, h, COARSE_SCORE_PX_PER_MM)[0], n) for n, (lay, h) in
                         enumerate(candidates)), reverse=True)
        candidates = [candidates[n] for _s, n in coarse[:FINE_SCORED]]
    best = None
    for lay, h in candidates:
        s, _h = _align(work, lay, h)
        if best is None or s > best[0]:
            best = (s, lay, h)
    return best


def _candidates(h: np.ndarray, payload: Optional[dict], edition: str) -> list[tuple[FormLayout, np.ndarray]]:
    """The layouts a sheet may be under homography ``h``: the payload's, else both seat counts."""
    if payload is not None:
        return [(layout_for(payload["seats"], payload["games"], "skatscan"), h)]
    return [(layout_for(s, DEFAULT_GAMES[s], edition), h) for s in SEATS]


def grid_quads(work: np.ndarray) -> list[np.ndarray]:
    """Outlines (4 x 2, clockwise, work px) of the largest line networks on ``work`` (grey): candidates
    for the printed grid's outer frame, largest first."""
    long_side = max(work.shape)
    block = max(11, int(long_side * THRESH_BLOCK_FRACTION) | 1)
    smooth = cv2.GaussianBlur(work, (3, 3), 0)
    binary = cv2.adaptiveThreshold(smooth, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, block,
                                   THRESH_OFFSET)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(binary, connectivity=8)
    if n <= 1:
        return []
    span = MIN_COMPONENT_SPAN * min(work.shape)
    order = np.argsort(-stats[1:, cv2.CC_STAT_AREA]) + 1
    quads = []
    for i in order[:MAX_COMPONENTS * 3]:
        x, y, w, h, _area = stats[i]
        if w < span or h < span:
            continue
        sub = (labels[y:y + h, x:x + w] == i).astype(np.uint8)
        contours, _ = cv2.findContours(sub, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
        if not contours:
            continue
        contour = max(contours, key=len).reshape(-1, 2).astype(np.float64) + (x, y)
        quad = _fit_quad(contour)
        if quad is not None:
            quads.append(quad)
        if len(quads) >= MAX_COMPONENTS:
            break
    return quads


def _fit_quad(contour: np.ndarray) -> Optional[np.ndarray]:
    """A quadrilateral (4 x 2, clockwise on the image) fitted to an outer contour: a rough 4-gon from the
    convex hull, then each side refitted robustly to the contour points along it."""
    hull = cv2.convexHull(contour.astype(np.float32))
    peri = cv2.arcLength(hull, True)
    approx = None
    for eps in (0.01, 0.02, 0.03, 0.05, 0.08):
        a = cv2.approxPolyDP(hull, eps * peri, True)
        if len(a) == 4:
            approx = a.reshape(4, 2).astype(np.float64)
            break
        if len(a) < 4:
            break
    if approx is None:
        approx = cv2.boxPoints(cv2.minAreaRect(hull)).astype(np.float64)
    quad = _clockwise(approx)
    lines = []
    for k in range(4):
        a, b = quad[k], quad[(k + 1) % 4]
        d = b - a
        length = float(np.linalg.norm(d))
        if length < 10:
            return None
        d /= length
        n = np.array([-d[1], d[0]])
        rel = contour - a
        t = rel @ d
        dist = rel @ n
        near = (t > 0.1 * length) & (t < 0.9 * length) & (np.abs(dist) < 0.03 * length + 3)
        pts = contour[near]
        if len(pts) < 10:
            lines.append((a, d))
            continue
        vx, vy, x0, y0 = cv2.fitLine(pts.astype(np.float32), cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        lines.append((np.array([x0, y0], np.float64), np.array([vx, vy], np.float64)))
    out = []
    for k in range(4):
        (p1, d1), (p2, d2) = lines[k - 1], lines[k]
        m = np.array([d1, -d2]).T
        if abs(np.linalg.det(m)) < 1e-6:
            return None
        t = np.linalg.solve(m, p2 - p1)
        out.append(p1 + t[0] * d1)
    return _clockwise(np.array(out))


def _clockwise(quad: np.ndarray) -> np.ndarray:
    """The corners in clockwise order on the image (y down), starting from the one nearest the top-left."""
    c = quad.mean(axis=0)
    ang = np.arctan2(quad[:, 1] - c[1], quad[:, 0] - c[0])
    q = quad[np.argsort(ang)]            # increasing angle with y down = clockwise on screen
    start = int(np.argmin(q[:, 0] + q[:, 1]))
    return np.roll(q, -start, axis=0)


def _quad_homography(layout: FormLayout, quad: np.ndarray, turn: int) -> Optional[np.ndarray]:
    """Homography page mm -> work px mapping the layout's grid corners onto ``quad`` turned by ``turn``."""
    g = layout.grid
    src = np.array([(g.x, g.y), (g.x2, g.y), (g.x2, g.y2), (g.x, g.y2)], np.float64)
    dst = np.roll(quad, -turn, axis=0)
    try:
        return cv2.getPerspectiveTransform(src.astype(np.float32), dst.astype(np.float32)).astype(np.float64)
    except cv2.error:
        return None


_TEMPLATES: dict[tuple, np.ndarray] = {}


def template(layout: FormLayout, px_per_mm: float = SCORE_PX_PER_MM) -> np.ndarray:
    """The printed grid of ``layout`` as float32 darkness over the grid box plus 1 mm, at ``px_per_mm``, lightly
    blurred and high-passed; cached. It holds the lines and the grey dealer cells but neither text nor the
    lines between game rows: those repeat every row, and a template with them fits almost as well one row
    off; without them the header, the footer and the line ends fix the position."""
    key = (*_key(layout), px_per_mm)
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


def _score(work: np.ndarray, layout: FormLayout, h: np.ndarray, px_per_mm: float = SCORE_PX_PER_MM,
           reach_mm: float = SCORE_SHIFT_MM) -> tuple[float, np.ndarray]:
    """Normalised correlation of ``work`` warped through ``h`` with the layout's :func:`template`, best over
    shifts up to ``reach_mm``, and that shift (mm, where the printed grid lies on the warped page relative to
    the layout). (-1, 0) when the warp fails."""
    g, m = layout.grid, reach_mm + 1
    box = Box(g.x - m, g.y - m, g.w + 2 * m, g.h + 2 * m)
    none = (-1.0, np.zeros(2))
    try:
        warped = warp_to_page(work, h, px_per_mm, box)
    except cv2.error:
        return none
    tpl = template(layout, px_per_mm)
    img = _score_filter(255.0 - warped.astype(np.float32), px_per_mm)
    if img.shape[0] < tpl.shape[0] or img.shape[1] < tpl.shape[1]:
        return none
    res = cv2.matchTemplate(img, tpl, cv2.TM_CCOEFF_NORMED)
    if res.size == 0 or not np.isfinite(res).any():
        return none
    res = np.nan_to_num(res, nan=-1.0)
    v, u = np.unravel_index(int(np.argmax(res)), res.shape)
    shift = (np.array([u, v], np.float64) / px_per_mm) - (m - 1)
    return float(res[v, u]), shift


def _align(work: np.ndarray, layout: FormLayout, h: np.ndarray) -> tuple[float, np.ndarray]:
    """Template score and ``h`` moved onto the best shift: searched wide at the coarse resolution, then
    near that and near no shift at the fine one (the coarse search alone may mistake a footer row)."""
    _s, coarse = _score(work, layout, h, COARSE_SCORE_PX_PER_MM, SCORE_SHIFT_MM)
    best = None
    for start in ([h, _shifted(h, coarse)] if np.any(coarse) else [h]):
        score, fine = _score(work, layout, start, SCORE_PX_PER_MM, FINE_SHIFT_MM)
        if best is None or score > best[0]:
            best = (score, _shifted(start, fine))
    return best


def _moved_mm(h: np.ndarray, h_moved: np.ndarray) -> float:
    """How far (mm, largest over the grid corners) ``h_moved`` puts the page from where ``h`` does."""
    corners = np.array([[20.0, 25.0], [190.0, 25.0], [190.0, 285.0], [20.0, 285.0]])
    back = apply_homography(np.linalg.inv(h), apply_homography(h_moved, corners))
    return float(np.abs(back - corners).max())


def _shifted(h: np.ndarray, shift_mm: np.ndarray) -> np.ndarray:
    """``h`` (mm -> px) corrected for a grid found ``shift_mm`` away from where ``h`` put it."""
    t = np.array([[1.0, 0.0, shift_mm[0]], [0.0, 1.0, shift_mm[1]], [0.0, 0.0, 1.0]])
    return h @ t


# --------------------------------------------------------------------------------------------
# Refinement from the grid's line crossings
# --------------------------------------------------------------------------------------------

def _refine(work: np.ndarray, layout: FormLayout, h: np.ndarray) -> tuple[np.ndarray, float, int]:
    """Homography (mm -> work px) refitted to the measured grid crossings, :data:`REFINE_ROUNDS` times.
    Returns (homography, RMS error in mm of the inliers, number of inliers)."""
    box = Box(0.0, 0.0, PAGE_W, PAGE_H)
    best = (h, float("inf"), 0)
    for _ in range(REFINE_ROUNDS):
        page = warp_to_page(work, h, REFINE_PX_PER_MM, box)
        fit = measure_grid(page, layout, REFINE_PX_PER_MM, passes=REFINE_PASSES_MM, outliers=REFINE_OUTLIERS_MM)
        src, on_page = fit.nodes()
        if len(src) < MIN_INLIERS:
            break
        dst = apply_homography(h, on_page)
        ppm = photo_px_per_mm(h)
        h_new, mask = cv2.findHomography(src, dst, cv2.RANSAC, RANSAC_MM * ppm, maxIters=RANSAC_ITERATIONS,
                                          confidence=0.999)
        if h_new is None:
            break
        inl = mask.ravel().astype(bool)
        if inl.sum() >= 8:
            h_ls, _ = cv2.findHomography(src[inl], dst[inl], 0)
            if h_ls is not None:
                h_new = h_ls
        back = apply_homography(np.linalg.inv(h_new), dst[inl])
        err = float(np.sqrt(np.mean(np.sum((back - src[inl]) ** 2, axis=1)))) if inl.any() else float("inf")
        if inl.sum() < MIN_INLIER_SHARE * len(src):
            err = max(err, MAX_FIT_ERROR_MM + 1)
        h = h_new
        best = (h_new, err, int(inl.sum()))
    return best


_LINE_POINTS: dict[tuple, tuple[np.ndarray, np.ndarray]] = {}


def _line_points(layout: FormLayout, other: Optional[FormLayout] = None) -> tuple[np.ndarray, np.ndarray]:
    """Points every :data:`EVIDENCE_STEP_MM` along the layout's lines (leaving out those on ``other``'s
    lines) and the unit normal of the line at each: (N x 2, N x 2), mm; cached (do not modify)."""
    key = (_key(layout), _key(other) if other is not None else None)
    if key not in _LINE_POINTS:
        _LINE_POINTS[key] = _make_line_points(layout, other)
    return _LINE_POINTS[key]


def _key(layout: FormLayout) -> tuple:
    return (layout.version, layout.edition, layout.seats, layout.games)


def _make_line_points(layout: FormLayout, other: Optional[FormLayout]) -> tuple[np.ndarray, np.ndarray]:
    pts, normals = [], []
    for ln in layout.lines:
        n = max(2, int(ln.length / EVIDENCE_STEP_MM))
        t = np.linspace(0.0, 1.0, n)
        p = np.stack([ln.x1 + t * (ln.x2 - ln.x1), ln.y1 + t * (ln.y2 - ln.y1)], axis=1)
        if other is not None:
            p = p[~_on_lines(p, other.lines)]
        pts.append(p)
        normals.append(np.tile((0.0, 1.0) if ln.horizontal else (1.0, 0.0), (len(p), 1)))
    return np.concatenate(pts), np.concatenate(normals)


def _line_contrast(work: np.ndarray, h: np.ndarray, pts: np.ndarray, normals: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Contrast (grey levels) between the paper :data:`EVIDENCE_SIDE_MM` either side of each line point and
    the point itself, seen on ``work`` through ``h``; and which points are on the photo."""
    nrm = normals * EVIDENCE_SIDE_MM
    on, left, right = (apply_homography(h, q).astype(np.float32) for q in (pts, pts - nrm, pts + nrm))
    hgt, wid = work.shape
    inside = np.all((on >= 1) & (on < (wid - 2, hgt - 2)), axis=1)

    def sample(q):
        return cv2.remap(work, q.reshape(-1, 1, 2), None, cv2.INTER_LINEAR,
                         borderMode=cv2.BORDER_REPLICATE).ravel().astype(np.float64)

    return np.maximum(sample(left), sample(right)) - sample(on), inside


def _line_evidence(work: np.ndarray, h: np.ndarray, layout: FormLayout, other: FormLayout) -> float:
    """How clearly the lines that ``layout`` prints and ``other`` does not are seen on ``work`` through ``h``
    (mm -> work px): the median contrast over those line points on the photo; 0 when too few are visible."""
    pts, normals = _line_points(layout, other)
    if len(pts) < EVIDENCE_MIN_POINTS:
        return 0.0
    contrast, inside = _line_contrast(work, h, pts, normals)
    if inside.sum() < EVIDENCE_MIN_POINTS:
        return 0.0
    return float(np.median(contrast[inside]))


def _on_lines(points: np.ndarray, lines) -> np.ndarray:
    """Which of ``points`` (N x 2, mm) lie on one of ``lines`` (within :data:`EVIDENCE_SIDE_MM` / 2)."""
    tol = EVIDENCE_SIDE_MM / 2
    hit = np.zeros(len(points), bool)
    for ln in lines:
        x0, x1 = min(ln.x1, ln.x2) - tol, max(ln.x1, ln.x2) + tol
        y0, y1 = min(ln.y1, ln.y2) - tol, max(ln.y1, ln.y2) + tol
        hit |= (points[:, 0] >= x0) & (points[:, 0] <= x1) & (points[:, 1] >= y0) & (points[:, 1] <= y1)
    return hit


def _looks_blurred(work: np.ndarray) -> bool:
    """True when the strongest edges of ``work`` are soft: fine-scale gradients hardly stronger than
    coarse-scale ones (a sharp photo of anything has crisp edges somewhere)."""
    img = work.astype(np.float32)
    fine = cv2.magnitude(cv2.Sobel(img, cv2.CV_32F, 1, 0), cv2.Sobel(img, cv2.CV_32F, 0, 1))
    smooth = cv2.GaussianBlur(img, (0, 0), BLUR_COARSE_SIGMA)
    coarse = cv2.magnitude(cv2.Sobel(smooth, cv2.CV_32F, 1, 0), cv2.Sobel(smooth, cv2.CV_32F, 0, 1))
    c = float(np.percentile(coarse, 99.5))
    if c < 4.0:               # no edges at all: a blank or uniform picture, not a blurred list
        return False
    return float(np.percentile(fine, 99.5)) / c < BLUR_EDGE_RATIO


def _nothing_found(work: np.ndarray) -> LocateError:
    """The error for a photo on which no grid was found: blurred, or simply no list."""
    if _looks_blurred(work):
        return PhotoUnreadable("The photo is too blurred to find the list: hold the phone still and let it focus.")
    return NoListFound("No Skat list found on the photo: no printed grid like the Spielliste's was seen.")
