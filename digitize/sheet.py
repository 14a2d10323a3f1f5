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
   the form's own lines and grey dealer cells (:func:`digitize.template_fit.template`); the best wins. The
   header/footer structure, the column pattern and (at four seats) the diagonal of grey dealer cells make the wrong
   turns and the wrong seat count score clearly lower.
3. *QR code* (skatscan edition): decoded from a rectified crop of the full-resolution photo; its payload
   fixes seats and games. It may fail on small photos; the grid's answer stands then.
4. *Refinement*: the grid lines are measured on the roughly rectified page (:func:`digitize.grid.measure_grid`);
   their crossings against the layout (hundreds of correspondences) give the final homography by RANSAC
   (:func:`_refine`), started from the first guess and from where the template fits best; the game rows all
   look alike, so the grid's outline and the number of crossings pick between the fits (:func:`_fit`). The
   RMS reprojection error of the inliers in mm (``fit_error_mm``) is the quality gate. A plain grid's
   edition is settled by which edition's own footer lines are seen (:func:`_settle_edition`).

The parts live in their own modules: :mod:`digitize.find_codes` (markers, QR code), :mod:`digitize.outline`
(the grid's outline), :mod:`digitize.template_fit` (template score and shift), :mod:`digitize.homography`
(applying, measuring and warping through homographies); this module puts them together and refines.

Failures raise :class:`NoListFound` (nothing like the list on the photo) or :class:`PhotoUnreadable`
(too dark, too blurred, too small); both are :class:`LocateError` with a one-sentence message.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Optional

import cv2
import numpy as np

from digitize.find_codes import MARKER_MIN_PERIMETER, decode_qr, detect_markers, marker_homography
from digitize.grid import measure_grid
from digitize.homography import (apply_homography, page_on_photo, photo_px_per_mm, rectify, rotation_of, scale_matrix,
                                 warp_to_page)
from digitize.layout import DEFAULT_GAMES, PAGE_H, PAGE_W, SEATS, Box, FormLayout, layout_for
from digitize.outline import grid_quads, other_lists, quad_homography
from digitize.problems import PhotoError, german_decimal
from digitize.template_fit import (COARSE_SCORE_PX_PER_MM, align_template, forget, layout_key, moved_mm,
                                   template_score)

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
#: Hypotheses are first scored at template_fit.COARSE_SCORE_PX_PER_MM; this many best again at the finer
#: resolution.
FINE_SCORED = 3
#: Resolution (px/mm) of the page on which the grid is measured for the homography.
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
#: Blur test for photos on which nothing was found: ratio of fine to coarse edge strength below this = blurred.
BLUR_EDGE_RATIO = 1.6
BLUR_COARSE_SIGMA = 3.0
#: Markers needed for a first homography from them (two side by side extrapolate badly across the page).
MIN_MARKERS = 3
#: Corner markers seen, too few to place the list, that show part of a skatscan list in frame (not none at all).
PART_MARKERS = 2
#: How near an edge of the photo (share of its long side) the outline of a grid that runs off it lies.
EDGE_SLACK = 0.025
#: The corner markers are looked for among shapes at least this share of the size the grid's outline gives a marker
#: (:func:`_markers`): a marker at the far edge of a list photographed aslant is smaller than the outline's mean says,
#: by a fifth at a strong tilt.
MARKER_SLACK = 0.6
#: Editions tried, in this order, for a plain grid's outline.
EDITION_ORDER = ("skatscan", "dskv")


class LocateError(PhotoError):
    """The list could not be located on the photo; the message is one sentence saying why (``de`` the same in
    German), ``why`` the kind of problem (:data:`desk.batch.WHY`)."""

    why = "no-list"


class NoListFound(LocateError):
    """The photo shows no Skat list (something else, or no printed grid)."""


class PhotoUnreadable(LocateError):
    """The photo is too dark, too blurred or too small to be read."""

    why = "unreadable"


#: The German of "too blurred": hold the phone still, let it focus.
BLURRED_DE = "Das Foto ist zu unscharf, um die Liste zu lesen: das Handy ruhig halten und scharf stellen lassen."


@dataclass(frozen=True)
class Sheet:
    """The list found on a photo.

    ``homography``: 3x3, page millimetres -> photo pixels (pixel-centre coordinates, as in the photo);
    ``page``: the rectified grey page (uint8, :data:`PX_PER_MM`, A4 = 1680 x 2376), page pixel (u, v) showing
    the page point ((u + 0.5) / PX_PER_MM, (v + 0.5) / PX_PER_MM) mm, white where the photo ends;
    ``reading_page``: the same with the photo's edge pixels repeated there instead (the page the cells are cut
    from; ``page`` itself when the whole page is on the photo); ``rotation``: 0/90/180/270, how far the
    page is turned clockwise on the photo; ``method``: "markers" or "grid"; ``fit_error_mm``: RMS reprojection
    error of the homography over its ``inliers`` line crossings; ``score``: template correlation (0..1);
    ``photo_px_per_mm``: photo pixels per page millimetre at the page centre; ``grid_fit``: the grid
    measured on the work image (coarse); ``timings``: seconds per stage; ``other_lists``: how many other lists the
    photo shows beside this one (:func:`digitize.outline.other_lists`), which are not read.
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
    reading_page: Optional[np.ndarray] = None
    other_lists: int = 0

    def page_to_photo(self, points_mm: np.ndarray) -> np.ndarray:
        """Page points (N x 2, mm) -> photo pixels (N x 2)."""
        return apply_homography(self.homography, points_mm)

    def photo_to_page(self, points_px: np.ndarray) -> np.ndarray:
        """Photo pixels (N x 2) -> page points (N x 2, mm)."""
        return apply_homography(np.linalg.inv(self.homography), points_px)


def find_sheet(image: np.ndarray) -> Sheet:
    """Find the list on ``image`` (BGR or grey uint8) and rectify it; see the module docstring.

    Raises :class:`NoListFound` or :class:`PhotoUnreadable`. ``image`` is not modified.
    """
    timings: dict[str, float] = {}
    clock = _Clock(timings)
    forget()            # the template scores of an earlier photo: this one may even be the same image, changed
    grey = _grey(image)
    if min(grey.shape) < MIN_PHOTO_SIDE:
        raise PhotoUnreadable(f"The photo is too small ({grey.shape[1]} x {grey.shape[0]} px; "
                              f"at least {MIN_PHOTO_SIDE} px on the short side are needed).",
                              de=f"Das Foto ist zu klein ({grey.shape[1]} x {grey.shape[0]} px; an der kurzen "
                                 f"Seite braucht es mindestens {MIN_PHOTO_SIDE} px).")
    scale = min(1.0, WORK_LONG_SIDE / max(grey.shape))
    work = grey if scale == 1.0 else cv2.resize(grey, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    to_photo = np.linalg.inv(scale_matrix(scale))            # work px -> photo px
    clock("prepare")
    if float(np.percentile(work[::4, ::4], 99)) < DARK_LEVEL:
        raise PhotoUnreadable("The photo is too dark: light the list better or use the flash.",
                              de="Das Foto ist zu dunkel: die Liste besser beleuchten oder den Blitz nehmen.")

    quads = grid_quads(work)
    clock("quad")
    markers = _markers(work, quads)
    clock("markers")
    method, payload, guess = _first_guess(work, grey, to_photo, markers, quads, clock)
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
            raise PhotoUnreadable("The photo is too blurred to read the list: hold the phone still and let it focus.",
                                  de=BLURRED_DE)
        part = _part_in_frame(work.shape, markers, quads)
        if part is not None:
            raise part
        raise NoListFound(f"No Skat list found: a grid was seen but it does not match the Spielliste "
                          f"(fit error {error:.1f} mm over {inliers} line crossings).",
                          de=f"Keine Skatliste gefunden: ein Gitter ist zu sehen, passt aber nicht zur Spielliste "
                             f"(Abweichung {german_decimal(error)} mm über {inliers} Linienkreuzungen).")

    h_photo = to_photo @ h_work
    ppm = photo_px_per_mm(h_photo)
    if ppm < MIN_PHOTO_PX_PER_MM:
        raise PhotoUnreadable(f"The photo is too small: the list is only {ppm * PAGE_W:.0f} px wide on it "
                              f"(at least {MIN_PHOTO_PX_PER_MM * PAGE_W:.0f} px are needed).",
                              de=f"Das Foto ist zu klein: die Liste ist darauf nur {ppm * PAGE_W:.0f} px breit "
                                 f"(mindestens {MIN_PHOTO_PX_PER_MM * PAGE_W:.0f} px sind nötig).")
    page = rectify(grey, h_photo)
    # the reader's page repeats the photo's edge where the page runs off it, as its training cells do: on
    # white the grey paper of a cell at the edge became ink (a printed "1" read as an empty cell)
    reading_page = page if page_on_photo(h_photo, grey.shape) else rectify(grey, h_photo, border=None)
    clock("rectify")
    g = layout.grid
    read = apply_homography(h_work, np.array([(g.x, g.y), (g.x2, g.y), (g.x2, g.y2), (g.x, g.y2)], np.float64))
    return Sheet(layout=layout, payload=payload, rotation=rotation_of(h_photo), method=method,
                 homography=h_photo, fit_error_mm=round(float(error), 3), inliers=int(inliers),
                 score=round(float(score), 3), photo_px_per_mm=round(float(ppm), 3), page=page,
                 reading_page=reading_page,
                 markers={k: apply_homography(to_photo, v) for k, v in markers.items()}, timings=timings,
                 other_lists=other_lists(quads, read))


def _markers(work: np.ndarray, quads: list) -> dict[int, np.ndarray]:
    """The corner markers on ``work`` (:func:`digitize.find_codes.detect_markers`) among the shapes at least
    :data:`MARKER_SLACK` of the size the grid's outline (the largest of ``quads``) gives a marker: on a list that
    fills the frame that passes over the hundreds of game cells about as large as the least marker the detector looks
    for on any photo (0.06-0.07 s of a 12 MP photo at a table of four). A marker missed so leaves the grid's outline
    to find the list, as on a DSkV list."""
    return detect_markers(work, _least_marker_perimeter(quads, work.shape))


def _least_marker_perimeter(quads: list, shape: tuple) -> float:
    """:data:`MARKER_SLACK` of a corner marker's perimeter as the grid's outline (the largest of ``quads``: its
    shorter sides are the grid's width) gives it, as a share of the work image's long side; at least
    :data:`digitize.find_codes.MARKER_MIN_PERIMETER`, and that where there is no outline."""
    if not quads:
        return MARKER_MIN_PERIMETER
    q = np.asarray(quads[0], np.float64)
    sides = np.linalg.norm(np.roll(q, -1, axis=0) - q, axis=1)
    width_px = min((sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2)
    layout = layout_for(4)
    marker_px = 4 * layout.markers[0].box.w * width_px / layout.grid.w
    return max(MARKER_MIN_PERIMETER, MARKER_SLACK * marker_px / max(shape[:2]))


def _first_guess(work: np.ndarray, grey: np.ndarray, to_photo: np.ndarray, markers: dict, quads: list, clock
                 ) -> tuple[str, Optional[dict], tuple[float, FormLayout, np.ndarray, Optional[np.ndarray]]]:
    """(method, QR payload or None, (score, layout, homography mm -> work px, grid outline or None)): from
    the markers when :data:`MIN_MARKERS` of them are seen and the grid is where they say, else from the grid's
    outline (``quads``: :func:`digitize.outline.grid_quads`). Raises when neither finds anything."""
    if len(markers) >= MIN_MARKERS:
        h0 = marker_homography(markers)
        if h0 is not None:
            payload = decode_qr(grey, to_photo @ h0)
            clock("qr")
            guess = _choose_layout(work, _candidates(h0, payload, "skatscan"))
            clock("hypotheses")
            if guess is not None and guess[0] >= MIN_SCORE:
                quad = min(quads, key=lambda q: _frame_error(guess[2], q, guess[1])) if quads else None
                clock("quad")
                return "markers", payload, (*guess, quad)
    guess = _grid_hypothesis(work, quads)
    clock("hypotheses")
    if guess is None:
        raise _nothing_found(work, markers, quads)
    return "grid", None, guess


def _fit(work: np.ndarray, layout: FormLayout, h: np.ndarray, quad: Optional[np.ndarray] = None
         ) -> tuple[np.ndarray, float, int, float]:
    """Refine ``h`` (mm -> work px) on the grid, from ``h`` and from where the template fits best (on bent
    paper the refinement has more than one resting place; the right one fits the most line crossings).
    The game rows all look alike, so a fit a row off fits about as many crossings: when the grid's outline
    ``quad`` (work px) is known, only fits whose grid corners lie within :data:`FRAME_STEP_MM` of the
    nearest to it are considered, ``h`` itself among them when it fits the crossings well enough. Returns
    (h, error mm, inliers, score)."""
    starts = [h]
    score_h, h_moved = align_template(work, layout, h)
    if moved_mm(h, h_moved) > MIN_MOVE_MM:
        starts.append(h_moved)
    fits = []
    for start in starts:
        h_fit, error, inliers, as_it_was = _refine(work, layout, start)
        score, h_again = align_template(work, layout, h_fit)
        if moved_mm(h_fit, h_again) > REALIGN_MM and len(starts) < 3:
            starts.append(h_again)                      # the fit drifted off the template: try from there too
        frame = _frame_error(h_fit, quad, layout) if quad is not None else 0.0
        fits.append((frame, inliers, error, h_fit, score))
        if start is h and quad is not None and as_it_was[0] <= MAX_FIT_ERROR_MM:
            # the first guess itself is a candidate too, when it fits the grid well enough to be taken: on
            # strongly bent paper the refit can lock onto the crossings a row or two away and leave the
            # outline, where the guess, made from it, stays
            fits.append((_frame_error(h, quad, layout), as_it_was[1], as_it_was[0], h, score_h))
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


# --------------------------------------------------------------------------------------------
# Hypotheses: which form, turned how (outline + template fit)
# --------------------------------------------------------------------------------------------

def _grid_hypothesis(work: np.ndarray, quads: list) -> Optional[tuple[float, FormLayout, np.ndarray, np.ndarray]]:
    """Best (score, layout, homography mm -> work px, outline) from the outlines of the largest line networks
    (``quads``)."""
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
            h = quad_homography(layout_for(4, edition=edition), quad, turn)
            if h is not None:
                candidates += _candidates(h, None, edition)
    return _choose_layout(work, candidates)


def _choose_layout(work: np.ndarray, candidates: list[tuple[FormLayout, np.ndarray]]
                   ) -> Optional[tuple[float, FormLayout, np.ndarray]]:
    """The best-scoring (score, layout, homography) of the candidate (layout, homography) pairs."""
    if not candidates:
        return None
    if len(candidates) > FINE_SCORED:
        coarse = sorted(((template_score(work, lay, h, COARSE_SCORE_PX_PER_MM)[0], n) for n, (lay, h) in
                         enumerate(candidates)), reverse=True)
        candidates = [candidates[n] for _s, n in coarse[:FINE_SCORED]]
    best = None
    for lay, h in candidates:
        s, _h = align_template(work, lay, h)
        if best is None or s > best[0]:
            best = (s, lay, h)
    return best


def _candidates(h: np.ndarray, payload: Optional[dict], edition: str) -> list[tuple[FormLayout, np.ndarray]]:
    """The layouts a sheet may be under homography ``h``: the payload's, else both seat counts."""
    if payload is not None:
        return [(layout_for(payload["seats"], payload["games"], "skatscan"), h)]
    return [(layout_for(s, DEFAULT_GAMES[s], edition), h) for s in SEATS]


# --------------------------------------------------------------------------------------------
# Refinement from the grid's line crossings
# --------------------------------------------------------------------------------------------

def _refine(work: np.ndarray, layout: FormLayout, h: np.ndarray
            ) -> tuple[np.ndarray, float, int, tuple[float, int]]:
    """Homography (mm -> work px) refitted to the measured grid crossings, :data:`REFINE_ROUNDS` times.
    Returns (homography, RMS error in mm of the inliers, number of inliers, (error, inliers) of ``h`` as it
    was, from the first round's crossings: see the comment there)."""
    box = Box(0.0, 0.0, PAGE_W, PAGE_H)
    best = (h, float("inf"), 0)
    as_it_was = (float("inf"), 0)
    for round_ in range(REFINE_ROUNDS):
        page = warp_to_page(work, h, REFINE_PX_PER_MM, box)
        fit = measure_grid(page, layout, REFINE_PX_PER_MM, passes=REFINE_PASSES_MM, outliers=REFINE_OUTLIERS_MM)
        src, on_page = fit.nodes()
        if round_ == 0 and len(src):
            # h as it was: the crossings within RANSAC_MM count as its inliers (as for a refit); bent paper
            # leaves a homography up to twice that off in places, so its error and inlier share are taken
            # over the crossings within 2 * RANSAC_MM
            off = np.linalg.norm(on_page - src, axis=1)
            near, fair = off < RANSAC_MM, off < 2 * RANSAC_MM
            if near.sum() >= MIN_INLIERS:
                err0 = float(np.sqrt(np.mean(off[fair] ** 2)))
                if fair.sum() < MIN_INLIER_SHARE * len(src):
                    err0 = max(err0, MAX_FIT_ERROR_MM + 1)
                as_it_was = (err0, int(near.sum()))
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
    return (*best, as_it_was)


_LINE_POINTS: dict[tuple, tuple[np.ndarray, np.ndarray]] = {}


def _line_points(layout: FormLayout, other: Optional[FormLayout] = None) -> tuple[np.ndarray, np.ndarray]:
    """Points every :data:`EVIDENCE_STEP_MM` along the layout's lines (leaving out those on ``other``'s
    lines) and the unit normal of the line at each: (N x 2, N x 2), mm; cached (do not modify)."""
    key = (layout_key(layout), layout_key(other) if other is not None else None)
    if key not in _LINE_POINTS:
        _LINE_POINTS[key] = _make_line_points(layout, other)
    return _LINE_POINTS[key]


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


def _line_contrast(work: np.ndarray, h: np.ndarray, pts: np.ndarray,
                   normals: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
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


def _nothing_found(work: np.ndarray, markers: Optional[dict] = None, quads: Optional[list] = None) -> LocateError:
    """The error for a photo on which no list was found: blurred; part of a list in frame (:func:`_part_in_frame`);
    or simply no list."""
    if _looks_blurred(work):
        return PhotoUnreadable("The photo is too blurred to find the list: hold the phone still and let it focus.",
                               de=BLURRED_DE)
    part = _part_in_frame(work.shape, markers, quads)
    if part is not None:
        return part
    return NoListFound("No Skat list found on the photo: no printed grid like the Spielliste's was seen.",
                       de="Keine Skatliste auf dem Foto gefunden: kein gedrucktes Gitter wie das der Spielliste "
                          "zu sehen.")


def _part_in_frame(shape: tuple, markers: Optional[dict], quads: Optional[list]) -> Optional[NoListFound]:
    """The error for a photo (work image of ``shape``) on which no list was placed that shows part of one: at least
    :data:`PART_MARKERS` of a skatscan list's corner markers seen, not all four; or a grid of lines that runs off
    the photo (the largest line network's outline, ``quads[0]``, against its edge: the part of a DSkV list in frame,
    or maybe a tiled floor, hence the hedge). None when neither."""
    if markers and PART_MARKERS <= len(markers) < 4:
        n = len(markers)
        return NoListFound(f"Only part of a Skat list is on the photo ({n} of its 4 corner markers were seen): "
                           f"photograph the whole sheet.",
                           de=f"Nur ein Teil einer Skatliste ist auf dem Foto ({n} ihrer 4 Eckmarken zu sehen): "
                              f"bitte das ganze Blatt fotografieren.")
    if quads and _runs_off(quads[0], shape):
        return NoListFound("No whole Skat list found on the photo: a grid of printed lines runs off its edge; if "
                           "that is the list, photograph the whole sheet.",
                           de="Keine ganze Skatliste auf dem Foto gefunden: ein Gitter gedruckter Linien läuft über "
                              "seinen Rand hinaus; ist es die Liste, bitte das ganze Blatt fotografieren.")
    return None


def _runs_off(quad: np.ndarray, shape: tuple) -> bool:
    """Whether the outline ``quad`` (4 x 2, work px) lies against an edge of an image of ``shape``: both corners
    of one of its sides within :data:`EDGE_SLACK` of the long side from the same edge (or beyond it)."""
    q = np.asarray(quad, np.float64)
    slack = EDGE_SLACK * max(shape[:2])
    h, w = shape[:2]
    near = np.stack([q[:, 0] <= slack, q[:, 1] <= slack, q[:, 0] >= w - 1 - slack, q[:, 1] >= h - 1 - slack])
    return bool((near & np.roll(near, -1, axis=1)).any())
