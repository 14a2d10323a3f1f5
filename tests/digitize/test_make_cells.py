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


def test_saved_cells_carry_the_fingerprint_of_their_generator(tmp_path):
    """train_reader reuses cells it finds only when they were made by the same generator: the file carries the
    fingerprint of the files the cells are made from, and the fingerprint follows those files' contents."""
    samples = mc.make_page(7654321, "test", "test")[:5]
    mc.save(tmp_path / "cells.npz", samples, split="test")
    meta = mc.load(tmp_path / "cells.npz")["meta"]
    assert meta["generator"] == mc.generator_fingerprint() and meta["split"] == "test"
    (tmp_path / "a.py").write_text("x = 1\n")
    before = mc.generator_fingerprint(("a.py",), tmp_path)
    (tmp_path / "a.py").write_text("x = 2\n")
    assert mc.generator_fingerprint(("a.py",), tmp_path) != before
