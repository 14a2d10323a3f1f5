"""From a phone photo to the exact position of every cell of the list: :func:`locate`.

    photo --sheet.find_sheet--> rectified page + homography --grid.measure_grid--> refined cells and quads

In: a photo as a BGR (or grey) uint8 array, e.g. from :func:`digitize.image.load_image`.
Out: a :class:`Located`: the form (layout, edition, seats, games, QR payload), how the page lies on the
photo (rotation, method, fit error), the rectified grey page at :data:`digitize.cells.PX_PER_MM`, every cell
as a refined box in millimetres on that page (cut it out with ``digitize.cells.crop(located.page, box)``)
and as a quadrilateral in photo pixels.

Failures raise :class:`NoListFound` or :class:`PhotoUnreadable` (both :class:`LocateError`, one sentence).
Besides what :mod:`digitize.sheet` refuses, the found page is checked for darkness (paper grey level) and
blur (the width of the printed lines' profile, in mm, :func:`line_blur_mm`).
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Optional

import numpy as np

from digitize.cells import PX_PER_MM
from digitize.grid import GridFit, _order_statistic, cell_boxes, cell_corners, cell_quads, measure_grid
from digitize.layout import FormLayout
from digitize.homography import apply_homography
from digitize.problems import german_decimal
from digitize.sheet import LocateError, NoListFound, PhotoUnreadable, Sheet, find_sheet

__all__ = ["Located", "LocateError", "NoListFound", "PhotoUnreadable", "locate", "line_blur_mm"]

#: Least share of the printed line samples that must be found on the rectified page.
MIN_COVERAGE = 0.4
#: Paper (the 90th percentile of the grid area) darker than this grey level: too dark.
MIN_PAPER_LEVEL = 60
#: Printed lines blurred wider than this (Gaussian sigma of their profile, mm): too blurred to read.
MAX_LINE_BLUR_MM = 0.9
#: Half-width (mm) of the line profile read for the blur measure.
BLUR_WINDOW_MM = 2.0


@dataclass(frozen=True)
class Located:
    """The list located on a photo.

    ``layout`` the form (:class:`~digitize.layout.FormLayout`) with ``edition``, ``seats``, ``games``;
    ``payload`` the QR payload dict or None; ``rotation`` 0/90/180/270 (page turned clockwise on the photo);
    ``page`` the rectified grey page the cells are cut from (uint8, :data:`PX_PER_MM`; where the page runs off the
    photo, the photo's edge pixels repeated, as in the reader's training cells); ``cells`` cell reference -> refined
    :class:`~digitize.layout.Box` in mm on ``page``; ``quads`` cell reference -> 4 x 2 float array of the
    cell's corners (top-left, top-right, bottom-right, bottom-left of the cell) in photo pixels;
    ``fit_error_mm`` RMS error of the homography; ``method`` "markers" or "grid"; ``timings`` seconds per
    stage; ``homography`` page mm -> photo px; ``blur_mm`` the printed lines' blur; ``coverage`` share of
    line samples found; ``markers`` marker id -> corners in photo px; ``photo_shape`` the photo's (H, W);
    ``other_lists`` how many other lists the photo shows beside this one, not read
    (:func:`digitize.outline.other_lists`).
    """

    layout: FormLayout
    edition: str
    seats: int
    games: int
    payload: Optional[dict]
    rotation: int
    page: np.ndarray
    cells: dict
    quads: dict
    fit_error_mm: float
    method: str
    timings: dict
    homography: np.ndarray = field(repr=False, default=None)
    blur_mm: float = 0.0
    coverage: float = 0.0
    markers: dict = field(repr=False, default_factory=dict)
    photo_shape: tuple = ()
    other_lists: int = 0

    def page_to_photo(self, points_mm: np.ndarray) -> np.ndarray:
        """Points on the rectified page (N x 2, mm) -> photo pixels (N x 2)."""
        return apply_homography(self.homography, points_mm)


def locate(image: np.ndarray) -> Located:
    """Locate the list and every cell on ``image`` (BGR or grey uint8; never modified).

    Raises :class:`NoListFound` (no list on the photo) or :class:`PhotoUnreadable` (too dark, blurred, small).
    """
    start = time.perf_counter()
    sheet: Sheet = find_sheet(image)
    timings = dict(sheet.timings)
    t = time.perf_counter()
    layout = sheet.layout
    fit = measure_grid(sheet.page, layout, PX_PER_MM, grow=True)
    timings["grid"] = time.perf_counter() - t
    t = time.perf_counter()
    if fit.coverage < MIN_COVERAGE:
        raise NoListFound(f"No readable Skat list found: only {fit.coverage:.0%} of the printed grid lines "
                          f"were seen on the page.",
                          de=f"Keine lesbare Skatliste gefunden: nur {fit.coverage * 100:.0f} % der gedruckten "
                             f"Gitterlinien sind auf dem Blatt zu sehen.")
    paper = _paper_level(sheet.page, layout)
    if paper < MIN_PAPER_LEVEL:
        raise PhotoUnreadable(f"The photo is too dark: the paper is grey level {paper:.0f} of 255; light the "
                              f"list better or use the flash.",
                              de=f"Das Foto ist zu dunkel: das Papier hat nur Grauwert {paper:.0f} von 255; die "
                                 f"Liste besser beleuchten oder den Blitz nehmen.")
    blur = line_blur_mm(sheet.page, fit)
    if blur > MAX_LINE_BLUR_MM:
        raise PhotoUnreadable(f"The photo is too blurred: printed lines are smeared over {blur:.1f} mm; hold "
                              f"the phone still and let it focus.",
                              de=f"Das Foto ist zu unscharf: die gedruckten Linien sind über {german_decimal(blur)} "
                                 f"mm verschmiert; das Handy ruhig halten und scharf stellen lassen.")
    corners = cell_corners(fit, layout)
    cells = cell_boxes(corners)
    quads = cell_quads(corners, sheet.page_to_photo)
    timings["cells"] = time.perf_counter() - t
    timings["total"] = time.perf_counter() - start
    return Located(layout=layout, edition=layout.edition, seats=layout.seats, games=layout.games,
                   payload=sheet.payload, rotation=sheet.rotation,
                   page=sheet.page if sheet.reading_page is None else sheet.reading_page, cells=cells, quads=quads,
                   fit_error_mm=sheet.fit_error_mm, method=sheet.method,
                   timings={k: round(v, 4) for k, v in timings.items()}, homography=sheet.homography,
                   blur_mm=round(blur, 3), coverage=round(fit.coverage, 3), markers=sheet.markers,
                   photo_shape=tuple(image.shape[:2]), other_lists=sheet.other_lists)


def _paper_level(page: np.ndarray, layout: FormLayout) -> float:
    """Grey level of the paper: the 90th percentile over the grid box (sampled)."""
    x0, y0, x1, y1 = layout.grid.to_px(PX_PER_MM * 25.4)
    region = page[y0:y1:4, x0:x1:4]
    return float(np.percentile(region, 90)) if region.size else 0.0


def line_blur_mm(page: np.ndarray, fit: GridFit, ppm: float = PX_PER_MM) -> float:
    """Blur of the printed lines on ``page``: the Gaussian sigma (mm) of the mean profile across the measured
    horizontal lines (each aligned on its measured position), less the printed line's own width."""
    m = fit.model
    ii, kk = np.nonzero(fit.measured_h & m.h_cover)
    if ii.size == 0:
        return float("inf")
    n = int(round(BLUR_WINDOW_MM * ppm))
    centre = (m.h_pos[ii] + fit.dy[ii, kk]) * ppm - 0.5
    base = np.rint(centre).astype(np.int64)
    xs = np.rint(np.linspace(0.2, 0.8, 9)[None, :] * (m.x_hi[kk] - m.x_lo[kk])[:, None] * ppm
                 + m.x_lo[kk][:, None] * ppm).astype(np.int64)
    ys = base[:, None] + np.arange(-n, n + 1)[None, :]
    ok = (ys[:, 0] >= 0) & (ys[:, -1] < page.shape[0]) & (xs[:, 0] >= 0) & (xs[:, -1] < page.shape[1])
    if not ok.any():
        return float("inf")
    # only the samples made dark (the whole page as float took 5 of the 14 ms on a 12 MP photo)
    vals = page[ys[ok][:, :, None], xs[ok][:, None, :]]   # samples x offsets x along
    # the median along each line (the middle one of its points, an odd number, by a sorting network: half the
    # time of np.median's) of the darkness 255 - grey, then over the lines
    along = _order_statistic(np.moveaxis(vals, 2, 0), xs.shape[1] // 2)
    prof = np.median(255.0 - along.astype(np.float32), axis=0)
    prof = np.clip(prof - prof.min(), 0, None)
    if prof.sum() <= 0:
        return float("inf")
    x = np.arange(-n, n + 1, dtype=np.float64)
    mu = float((prof * x).sum() / prof.sum())
    var = float((prof * (x - mu) ** 2).sum() / prof.sum()) / ppm ** 2
    return float(np.sqrt(max(var - 0.2 ** 2 / 12, 0.0)))
