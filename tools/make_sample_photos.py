"""Make the sample photos in samples/photos (run from the repo root; deterministic).

    python tools/make_sample_photos.py [OUT_DIR]

Synthetic phone photos of filled lists (:mod:`digitize.synth.dataset`), "test" handwriting, JPEG quality 85:

* ``skatscan-4-clean``: skatscan form, four seats, a clean series;
* ``dskv-3-clean``: plain DSkV form, three seats, clean (money written into the signature boxes);
* ``skatscan-4-errors``: skatscan form, four seats, two keeper's slips: a lost game written single and a wrong
  running total (carried on, as keepers do);
* ``dskv-4-upside-down``: DSkV form, four seats, photographed from the other side of the table (turned 180 deg);
* ``small-720``: a 720 px wide photo (a video frame or a messenger copy), skatscan form, four seats, one
  signature missing;
* ``not-a-list``: a photo of a printed page of prose, no list form (no truth file).

Each list is checked against its expected findings with the auditor before it is written.
"""
from __future__ import annotations

import dataclasses
import random
import sys
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from audit.auditor import audit  # noqa: E402
from audit.files import write_atomic  # noqa: E402
from audit.simulate import Expected, Slip, play_series, write_list  # noqa: E402
from audit.values import NULL  # noqa: E402
from digitize.layout import PAGE_H, PAGE_W, layout_for  # noqa: E402
from digitize.synth.camera import PORTRAIT, CameraEffects, photograph  # noqa: E402
from digitize.synth.dataset import (draw_list, make_sample_from_list, with_table_head,  # noqa: E402
                                    write_sample)

OUT = ROOT / "samples" / "photos"
SPLIT = "test"
JPEG_QUALITY = 85
#: Camera settings kept tame enough for a first look (the random draw, with these limits).
MAX_TILT, MAX_DEFOCUS, MAX_MOTION = 12.0, 0.8, 1.0
#: Sensor noise kept low: noise is what makes a JPEG big (each photo stays under ~600 KB).
MAX_LUMA_NOISE, MAX_CHROMA_NOISE = 2.0, 1.0
#: At most this much table around the sheet (page fractions), so that the list fills most of the photo.
MAX_TABLE_MARGIN = 0.08
WIDTH = 1500
PROSE = (
    "Die Spielliste wird von dem Spieler auf Platz 1 gefuehrt. Nach jedem Spiel traegt er den Grundwert, "
    "die Spitzen und die Gewinnstufen ein und schreibt dem Alleinspieler den Spielwert gut oder ab. "
    "Verlorene Spiele werden doppelt abgeschrieben. Am Ende der Serie pruefen alle Spieler die Liste und "
    "bestaetigen sie mit ihrer Unterschrift. Fehler, die erst nach der Unterschrift entdeckt werden, "
    "berichtigt die Turnierleitung. Die Auswertung erfolgt nach dem Verfahren von Seeger und Fabian: "
    "fuer jedes gewonnene Spiel gibt es fuenfzig Punkte, fuer jedes verlorene werden fuenfzig abgezogen, "
    "und jeder Mitspieler erhaelt fuer die verlorenen Spiele der anderen dreissig oder vierzig Punkte. "
)


def _effects(rng: np.random.Generator, width: int, rotation: float | None = None) -> CameraEffects:
    """A random phone photo, upright (or turned by ``rotation``), moderately sharp, JPEG quality 85."""
    grid = layout_for(4).grid
    keep = (grid.x / PAGE_W, grid.y / PAGE_H, grid.x2 / PAGE_W, grid.y2 / PAGE_H)
    fx = CameraEffects.random(rng, width=width, keep=keep)
    small = (fx.rotation_deg + 45.0) % 90.0 - 45.0  # the small turn on top of the drawn orientation
    m = MAX_TABLE_MARGIN
    x0, y0, x1, y1 = fx.region
    region = (max(x0, -m), max(y0, -m), min(x1, 1 + m), min(y1, 1 + m))
    return dataclasses.replace(
        fx, region=region, rotation_deg=((rotation or 0.0) + small) % 360.0, frame_aspect=PORTRAIT,
        tilt_deg=min(fx.tilt_deg, MAX_TILT), defocus_sigma=min(fx.defocus_sigma, MAX_DEFOCUS),
        motion_px=min(fx.motion_px, MAX_MOTION), noise_luma=min(fx.noise_luma, MAX_LUMA_NOISE),
        noise_chroma=min(fx.noise_chroma, MAX_CHROMA_NOISE), jpeg_quality=JPEG_QUALITY)


def _check(sl, expected) -> None:
    """The auditor must report exactly the expected findings (info findings of the series aside)."""
    found = {(f.code, f.game, f.seat) for f in audit(sl).findings if f.severity != "info"}
    want = {(e.code, e.game, e.seat) for e in expected}
    if found != want:
        raise SystemExit(f"audit mismatch: expected {sorted(want)}, found {sorted(found)}")


def _from_seed(seed: int, *, seats: int, error_kind: str, edition: str, width: int, rotation: float = 0.0):
    prng, rng = random.Random(seed), np.random.default_rng(seed)
    sl, expected, kind = draw_list(prng, seats=seats, error_kind=error_kind)
    _check(sl, expected)
    return make_sample_from_list(sl, expected, seed=seed, rng=rng, edition=edition,
                                 effects=_effects(rng, width, rotation), split=SPLIT, error_kind=kind)


def _two_slips(seed: int):
    """A four-seat series with a lost game written single and, later, a wrong running total."""
    prng, rng = random.Random(seed), np.random.default_rng(seed)
    events = play_series(prng, 4, 48, first_dealer=1)
    lost = [e for e in events if not e.passed and not e.won and e.bid is None and e.base != NULL and e.no < 30]
    later = [e for e in events if not e.passed and e.no > 30]
    single, total = prng.choice(lost), prng.choice(later)
    slips = (Slip("single", single.no), Slip("total", total.no, amount=prng.choice([-20, -10, 10, 20])))
    sl = with_table_head(write_list(events, seats=4, games=48, slips=slips, first_dealer=1), prng)
    expected = [Expected("single-counted-loss", single.no), Expected("running-total", total.no, total.declarer + 1)]
    _check(sl, expected)
    return make_sample_from_list(sl, expected, seed=seed, rng=rng, edition="skatscan",
                                 effects=_effects(rng, WIDTH), split=SPLIT,
                                 error_kind="single-counted-loss+running-total", printed_series_table=True)


def _prose_page(rng: np.random.Generator, dpi: int = 200) -> np.ndarray:
    """A printed page of prose (no grid), BGR."""
    w, h = int(PAGE_W / 25.4 * dpi), int(PAGE_H / 25.4 * dpi)
    page = np.full((h, w, 3), 250, np.uint8)
    margin = int(25 / 25.4 * dpi)
    cv2.putText(page, "Turnierordnung - Auszug", (margin, margin + 40), cv2.FONT_HERSHEY_TRIPLEX, 1.6,
                (20, 20, 20), 3, cv2.LINE_AA)
    words = (PROSE * 6).split()
    y, line = margin + 130, ""
    scale, thick = 0.95, 2
    for word in words:
        trial = (line + " " + word).strip()
        if cv2.getTextSize(trial, cv2.FONT_HERSHEY_SIMPLEX, scale, thick)[0][0] > w - 2 * margin:
            cv2.putText(page, line, (margin, y), cv2.FONT_HERSHEY_SIMPLEX, scale, (30, 30, 30), thick, cv2.LINE_AA)
            y, line = y + 48, word
            if y > h - margin:
                break
        else:
            line = trial
    if line and y <= h - margin:
        cv2.putText(page, line, (margin, y), cv2.FONT_HERSHEY_SIMPLEX, scale, (30, 30, 30), thick, cv2.LINE_AA)
    return page


def main(out: Path = OUT) -> None:
    out.mkdir(parents=True, exist_ok=True)
    samples = {
        "skatscan-4-clean": _from_seed(101, seats=4, error_kind="clean", edition="skatscan", width=WIDTH),
        "dskv-3-clean": _from_seed(202, seats=3, error_kind="clean", edition="dskv", width=WIDTH),
        "skatscan-4-errors": _two_slips(303),
        "dskv-4-upside-down": _from_seed(404, seats=4, error_kind="clean", edition="dskv", width=WIDTH,
                                         rotation=180.0),
        "small-720": _from_seed(505, seats=4, error_kind="missing-signature", edition="skatscan", width=720),
    }
    for name, sample in samples.items():
        jpg, _ = write_sample(sample, out, name)
        print(f"{jpg.name}: {sample.photo.image.shape[1]}x{sample.photo.image.shape[0]}, "
              f"{jpg.stat().st_size // 1024} KB, {sample.error_kind or 'clean'}")
    rng = np.random.default_rng(606)
    photo = photograph(_prose_page(rng), rng, effects=_effects(rng, 1400))
    write_atomic(out / "not-a-list.jpg", photo.jpeg_bytes)
    print(f"not-a-list.jpg: {photo.image.shape[1]}x{photo.image.shape[0]}, "
          f"{(out / 'not-a-list.jpg').stat().st_size // 1024} KB")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT)
