"""Training cells of the table head (Serie, Tisch, Start-Nr.) cut by the real pipeline from synthetic photos.

The head's boxes are framed by thick lines and cut without a margin (:data:`digitize.cells.HEAD_MARGIN`), and the
players write their own start numbers in them, larger and looser than the keeper's figures in the game rows:
the general training cells (:mod:`tools.make_cells`) hold few of them (about one in a hundred). This script makes
head cells the way the benchmark photos are made and read: a whole list filled by
:func:`digitize.synth.fill.fill` with the TRAIN handwriting split (writers the benchmarks never see),
photographed by the camera simulator (:func:`digitize.synth.dataset.make_sample`), located by
:func:`digitize.locate.locate` and cut around the located boxes: the crops carry the locator's own errors.

Output: the file format of :mod:`tools.make_cells` in ``mode="train"`` (a wide crop, its page origin and the box
in mm, so that :func:`tools.make_cells.jittered_crop` cuts a fresh crop every epoch), labels as there ("" for an
empty cell, the printed text for a printed one, kind ``printed``).

    python tools/make_head_cells.py --photos 2400 --seed 31 --out /tmp/skatscan_reader/head_2400_31.npz

Photo seeds are ``seed * 100000 + i`` (the benchmarks use ``seed * 1000 + i`` for seeds 7 to 12). Photos are made
in ``--workers`` processes; the photo seeds fix the result, not the worker count.
"""
from __future__ import annotations

import argparse
import functools
import sys
from multiprocessing import Pool
from pathlib import Path

import cv2

ROOT = Path(__file__).resolve().parent.parent
for p in (ROOT, ROOT / "tools"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

from digitize.locate import LocateError, locate  # noqa: E402
from digitize.synth.dataset import make_sample  # noqa: E402
from make_cells import WIDE_PAD, Sample, generator_fingerprint, save, wide_crop  # noqa: E402

#: The head's kinds as the list's truth names them -> the training kind.
KIND = {"number": "number", "printed": "printed", "empty": "empty"}
#: Generator files whose change makes a cached head file stale.
HEAD_GENERATOR_FILES = ("tools/make_head_cells.py", "digitize/synth/fill.py", "digitize/synth/dataset.py",
                        "digitize/synth/handwriting.py", "digitize/synth/camera.py", "digitize/locate.py",
                        "digitize/cells.py")


def photo_seed(seed: int, i: int) -> int:
    """The sample seed of photo ``i`` of a run with ``seed`` (apart from the benchmarks' ``seed * 1000 + i``)."""
    return seed * 100000 + i


def head_cells(sample_seed: int, split: str = "train", pad: int = WIDE_PAD) -> list[Sample]:
    """The head cells of one synthetic photo (handwriting of ``split``) as the pipeline locates them, each wide crop
    ``pad`` px (at the rectified page's 8 px/mm) around its crop rectangle; none when the list is not found."""
    cv2.setNumThreads(1)
    s = make_sample(sample_seed, split=split)
    try:
        located = locate(s.photo.image)
    except LocateError:
        return []
    page = located.page if located.page.ndim == 2 else cv2.cvtColor(located.page, cv2.COLOR_BGR2GRAY)
    out = []
    for ref, box in located.cells.items():
        truth = s.cells.get(ref)
        if not ref.startswith("table.") or truth is None or truth.kind not in KIND or not truth.visible:
            continue
        image, origin = wide_crop(page, box, pad)
        label = "" if truth.kind == "empty" else truth.text
        out.append(Sample(image, origin, box, label, KIND[truth.kind], ref, sample_seed, 0.0,
                          round(truth.outside, 4)))
    return out


def make_head_cells(photos: int, seed: int, workers: int = 1, split: str = "train",
                    pad: int = WIDE_PAD) -> list[Sample]:
    """Head cells of ``photos`` photos (seeds :func:`photo_seed`, handwriting of ``split``), in photo order."""
    job = functools.partial(head_cells, split=split, pad=pad)
    seeds = [photo_seed(seed, i) for i in range(photos)]
    if workers <= 1:
        return [c for s in seeds for c in job(s)]
    with Pool(workers) as pool:
        return [c for part in pool.map(job, seeds, chunksize=4) for c in part]


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--photos", type=int, default=2400)
    ap.add_argument("--seed", type=int, default=31)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--split", choices=("train", "test"), default="train",
                    help="the handwriting bank: train for training cells, test for calibration cells")
    ap.add_argument("--pad", type=int, default=WIDE_PAD,
                    help="px around each crop rectangle kept for cutting it anew (a wider head crop needs more)")
    ap.add_argument("--out", required=True)
    a = ap.parse_args(argv)
    cells = make_head_cells(a.photos, a.seed, a.workers, a.split, a.pad)
    save(a.out, cells, split=a.split, mode="train", pages=str(a.photos), seed=str(a.seed), printed="head",
         generator=generator_fingerprint(HEAD_GENERATOR_FILES))
    print(f"{len(cells)} head cells from {a.photos} photos -> {a.out}")


if __name__ == "__main__":
    main()
