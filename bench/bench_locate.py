"""How well and how fast the locator finds every cell on synthetic phone photos.

    python bench/bench_locate.py [--photos 2] [--widths 720 1000 2000 4000] [--strength 1.0] [--runs 5]

Accuracy: for each camera effect alone (``photograph_effect`` at ``--strength``) and for a random mix of all
of them (``CameraEffects.random``, framing never cutting the grid), at each width, ``--photos`` filled lists
(both editions, 3 and 4 seats, taking turns) are photographed and located; a cell counts when its located
quad's centre lies inside the true cell (the simulator's exact mapping). Targets: every cell of every photo
down to 1000 px wide, at least 99 % at 720 px. A photo that is refused or read with the wrong seats or turn
counts all its cells as missed. Note: the "resolution" effect at 720 px shrinks to 432 px.

Speed: finding + rectifying (``sheet.find_sheet``) and the whole ``locate`` on a 12-megapixel photo
(3000 x 4000) on one core, beside ``cv2.imdecode`` of the same JPEG. Target: under 0.3 s.
Prints markdown tables.
"""
from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from digitize.layout import layout_for  # noqa: E402
from digitize.locate import LocateError, locate  # noqa: E402
from digitize.sheet import find_sheet  # noqa: E402
from digitize.synth.camera import EFFECT_NAMES, CameraEffects, photograph, photograph_effect  # noqa: E402
from tests.digitize.photos import centre_hits, filled_page, orientation  # noqa: E402

FORMS = ((4, "skatscan"), (3, "dskv"), (3, "skatscan"), (4, "dskv"))
#: Page resolution (dpi) rendered for each photo width: the page is never much blurrier than the photo.
PAGE_DPI = {720: 120, 1000: 150, 2000: 200, 4000: 300}
TIMING_WIDTH = 3000          # portrait 3:4 -> 3000 x 4000 = 12 MP
MIX = "random mix"

_pages: dict = {}


def page_for(seats: int, edition: str, dpi: int, seed: int) -> np.ndarray:
    key = (seats, edition, dpi, seed)
    if key not in _pages:
        _pages[key] = filled_page(layout_for(seats, edition=edition), np.random.default_rng(seed), dpi)
    return _pages[key]


def dpi_for(width: int) -> int:
    return PAGE_DPI.get(width, 300 if width > 2500 else 200 if width > 1500 else 150)


def one(effect: str, width: int, k: int, strength: float) -> tuple[int, int, bool]:
    """(cells hit, cells, photo read right) for photo ``k`` of ``effect`` at ``width``."""
    seats, edition = FORMS[k % len(FORMS)]
    layout = layout_for(seats, edition=edition)
    dpi = dpi_for(width)
    page = page_for(seats, edition, dpi, seed=k % len(FORMS))
    rng = np.random.default_rng(1000 * k + width + (EFFECT_NAMES.index(effect) if effect in EFFECT_NAMES else 99))
    if effect == MIX:
        g = layout.grid
        keep = (g.x / 210, g.y / 297, g.x2 / 210, g.y2 / 297)
        photo = photograph(page, rng, effects=CameraEffects.random(rng, width=width, keep=keep))
    else:
        photo = photograph_effect(page, effect, strength, rng, width=width)
    n = len(layout.cells())
    try:
        loc = locate(photo.image)
    except LocateError:
        return 0, n, False
    if (loc.seats, loc.edition, loc.rotation) != (seats, edition, orientation(photo)):
        return 0, n, False
    share, misses = centre_hits(loc, photo, layout, dpi)
    return n - len(misses), n, not misses


def accuracy(args) -> list[str]:
    rows = [f"| effect | {' | '.join(f'{w} px' for w in args.widths)} |",
            f"|---|{'---|' * len(args.widths)}"]
    worst = {w: 1.0 for w in args.widths}
    for effect in (*EFFECT_NAMES, MIX):
        cells = []
        for w in args.widths:
            hit = total = bad = 0
            for k in range(args.photos):
                h, n, ok = one(effect, w, k + (EFFECT_NAMES.index(effect) if effect in EFFECT_NAMES else 0),
                               args.strength)
                hit, total, bad = hit + h, total + n, bad + (not ok)
            share = hit / total
            worst[w] = min(worst[w], share)
            cells.append(f"{100 * share:.2f} %" + (f" ({bad}/{args.photos} short)" if bad else ""))
        rows.append(f"| {effect} | {' | '.join(cells)} |")
        print(rows[-1], file=sys.stderr, flush=True)
    rows.append("")
    rows.append("Worst share per width: " + ", ".join(f"{w} px {100 * s:.2f} %" for w, s in worst.items()))
    return rows


def speed(args) -> list[str]:
    rows = ["| 12 MP photo (3000 x 4000, JPEG q90) | cv2.imdecode | find + rectify | locate (all) |",
            "|---|---|---|---|"]
    for k, effect in ((0, "perspective"), (1, "upside_down")):
        seats, edition = FORMS[k]
        page = page_for(seats, edition, 300, seed=k)
        photo = photograph_effect(page, effect, 0.6, np.random.default_rng(7 + k), width=TIMING_WIDTH)
        ok, buf = cv2.imencode(".jpg", photo.image, [cv2.IMWRITE_JPEG_QUALITY, 90])
        decode, find, total = [], [], []
        method = ""
        for _ in range(args.runs):
            t = time.perf_counter()
            image = cv2.imdecode(buf, cv2.IMREAD_COLOR)
            decode.append(time.perf_counter() - t)
            t = time.perf_counter()
            sheet = find_sheet(image)
            find.append(time.perf_counter() - t)
            t = time.perf_counter()
            locate(image)
            total.append(time.perf_counter() - t)
            method = sheet.method
        rows.append(f"| {edition}, {seats} seats, {effect} ({method}) | {statistics.median(decode):.3f} s | "
                    f"{statistics.median(find):.3f} s | {statistics.median(total):.3f} s |")
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--photos", type=int, default=2, help="photos per effect and width")
    ap.add_argument("--widths", type=int, nargs="+", default=[720, 1000, 2000, 4000])
    ap.add_argument("--strength", type=float, default=1.0)
    ap.add_argument("--runs", type=int, default=5, help="timing runs (median)")
    ap.add_argument("--skip-accuracy", action="store_true")
    args = ap.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})      # one core
    cv2.setNumThreads(1)
    start = time.perf_counter()
    out = []
    if not args.skip_accuracy:
        out += ["Share of cells whose located centre lies in the true cell "
                f"({args.photos} photos per entry, effect strength {args.strength}):", ""] + accuracy(args) + [""]
    out += ["Speed on one core:", ""] + speed(args)
    out += ["", f"Python {platform.python_version()}, OpenCV {cv2.__version__}, "
                f"{platform.processor() or platform.machine()}; bench ran {time.perf_counter() - start:.0f} s"]
    print("\n".join(out))


if __name__ == "__main__":
    main()
