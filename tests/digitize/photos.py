"""Synthetic phone photos of filled lists for the locate tests (test_locate, test_sheet, test_grid) and
bench/bench_locate.py: a form rendered by digitize.form, handwriting written across its cells and lines
(digitize.synth.handwriting), photographed by the camera simulator (digitize.synth.camera), seeds fixed. The
truth is the simulator's exact page-to-photo mapping of the layout's cell boxes.
"""
from __future__ import annotations

import functools

import cv2
import numpy as np

from digitize.form import render_png
from digitize.layout import layout_for
from digitize.locate import Located
from digitize.synth.camera import CameraEffects, Photo, photograph, photograph_effect
from digitize.synth.handwriting import Writer, write_on_page

MARK_FIELDS = {"hand", "schneider", "schneider_announced", "schwarz", "schwarz_announced", "ouvert", "passed"}


def filled_page(layout, rng: np.random.Generator, dpi: int, share: float = 0.3) -> np.ndarray:
    """The printed form at ``dpi`` (BGR) with handwriting in about ``share`` of its cells (numbers, X marks,
    dashes, signatures, overflowing now and then) and, for half of the seeds, the last rows crossed out."""
    kw = {}
    if layout.edition == "skatscan":
        kw = dict(series=int(rng.integers(1, 9)), table=int(rng.integers(1, 40)),
                  start_numbers=[str(rng.integers(1, 99)) for _ in range(layout.seats)])
    page = cv2.cvtColor(render_png(layout, dpi=dpi, **kw), cv2.COLOR_GRAY2BGR)
    s = dpi / 25.4
    writers = [Writer.random(rng, "test") for _ in range(2)]
    for ref, b in layout.cells().items():
        if rng.random() > share:
            continue
        w = writers[int(rng.integers(len(writers)))]
        box = (b.x * s, b.y * s, b.w * s, b.h * s)
        if ref.startswith("signature"):
            page = write_on_page(page, box, "", w, rng, kind="signature")
            continue
        field = ref.split(".")[-1]
        content = "X" if field in MARK_FIELDS else "—" if rng.random() < 0.15 else str(int(rng.integers(0, 700)))
        page = write_on_page(page, box, content, w, rng)
    if rng.random() < 0.5:
        top = layout.row(layout.games - int(rng.integers(3, 9))).y
        box = (layout.body.x * s, top * s, layout.body.w * s, (layout.body.y2 - top) * s)
        page = write_on_page(page, box, "", writers[0], rng, kind="cross_out", row_height=layout.row(1).h * s)
    return page


@functools.lru_cache(maxsize=32)
def synthetic_photo(seats: int, edition: str, seed: int, width: int, effect: str | None = None,
                    strength: float = 1.0, dpi: int | None = None) -> tuple[Photo, object, int]:
    """A phone photo of a filled list: (photo, layout, page dpi). ``effect`` None = a random mix of camera
    effects (framing never cuts the grid), else that one effect at ``strength``. Cached: do not modify."""
    rng = np.random.default_rng(seed)
    layout = layout_for(seats, edition=edition)
    dpi = dpi or (200 if width > 1500 else 120)
    page = filled_page(layout, rng, dpi)
    if effect is None:
        g = layout.grid
        keep = (g.x / 210, g.y / 297, g.x2 / 210, g.y2 / 297)
        photo = photograph(page, rng, effects=CameraEffects.random(rng, width=width, keep=keep))
    else:
        photo = photograph_effect(page, effect, strength, rng, width=width)
    photo.image.setflags(write=False)
    return photo, layout, dpi


def true_quads(photo: Photo, layout, dpi: int) -> dict[str, np.ndarray]:
    """Every cell's true corners on the photo (4 x 2 px)."""
    s = dpi / 25.4
    out = {}
    for ref, b in layout.cells().items():
        pts = np.array([[b.x, b.y], [b.x2, b.y], [b.x2, b.y2], [b.x, b.y2]]) * s - 0.5
        out[ref] = photo.to_photo(pts)
    return out


def centre_hits(located: Located, photo: Photo, layout, dpi: int) -> tuple[float, list[str]]:
    """Share of the layout's cells whose located quad centre lies inside the true cell, and the misses."""
    truth = true_quads(photo, layout, dpi)
    misses = []
    for ref, q in truth.items():
        found = located.quads.get(ref)
        c = found.mean(axis=0) if found is not None else np.array([-1e9, -1e9])
        if cv2.pointPolygonTest(q.astype(np.float32).reshape(-1, 1, 2), (float(c[0]), float(c[1])), False) < 0:
            misses.append(ref)
    return 1.0 - len(misses) / len(truth), misses


def orientation(photo: Photo) -> int:
    return int(round(photo.settings.rotation_deg / 90.0)) % 4 * 90
