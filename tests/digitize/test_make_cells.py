"""tools/make_cells.py: the training and validation cells of the reader (a tool, not the package)."""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

import make_cells as mc  # noqa: E402


def test_a_page_in_other_hands_keeps_its_contents_photo_and_crops():
    """bench_reader --writers train compares the same pages written by other hands: the writing draws from a
    stream of its own, so the page's contents, its photo and the kept cells and their crop boxes are the same
    in both splits, and only the writing differs."""
    seed = 1234567
    test = mc.make_page(seed, "test", "test")
    train = mc.make_page(seed, "train", "test")
    assert test and [(s.ref, s.label, s.kind) for s in test] == [(s.ref, s.label, s.kind) for s in train]
    assert [s.photo_px_per_mm for s in test] == [s.photo_px_per_mm for s in train]
    assert [s.box for s in test] == [s.box for s in train]
    written = [i for i, s in enumerate(test) if s.kind == "number"]
    assert any(test[i].image.shape != train[i].image.shape or not np.array_equal(test[i].image, train[i].image)
               for i in written)
