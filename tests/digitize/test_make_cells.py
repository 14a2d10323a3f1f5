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


def test_a_dskv_signature_box_holds_the_amount_beside_the_signature():
    """The DSkV form has no money row: on real lists and the synthetic ones (digitize.synth.fill) the amount is
    written into the signature box beside the signature, so the reader's training boxes hold both too, the
    label left to right ("3,50~" or "~3,50"), and the ink lies on both sides of the box."""
    rng = np.random.default_rng(5)
    drawn = [mc.content_for("signature", "dskv", 3, rng) for _ in range(400)]
    both = [c for c in drawn if c.signed]
    assert 0.3 < len(both) / len(drawn) < 0.6 and {c.signed for c in both} == {"after", "before"}
    for c in both:
        assert c.kind == "money" and c.label == (c.text + "~" if c.signed == "after" else "~" + c.text)
    assert not any(c.signed for c in (mc.content_for("signature", "skatscan", 3, rng) for _ in range(200)))
    box = mc.Box(10.0, 10.0, 40.0, 8.0)
    for c in both[:6]:
        page = np.full((300, 600, 3), 255, np.uint8)
        mc._write_cell(page, box, c, mc._writer(np.random.default_rng(1), "train", 0), np.random.default_rng(2))
        x0, y0, x1, y1 = (int(round(v * mc.PX_PER_MM)) for v in (box.x, box.y, box.x + box.w, box.y + box.h))
        ink = (255 - page[y0:y1, x0:x1].min(axis=2)).astype(float).sum(axis=0)
        third = (x1 - x0) // 3
        assert ink[:third].sum() > 0 and ink[-third:].sum() > 0, c


def test_training_crops_follow_the_pipelines_margin_per_cell():
    """The reader is trained on crops cut as the pipeline cuts them (digitize.cells.margin_for): a table head box
    without a margin, every other cell with CROP_MARGIN; re-cut from the wide crop with no jitter, a training crop
    is the pipeline's crop of the same box."""
    from digitize.cells import crop, margin_for
    from digitize.layout import Box

    class NoJitter:
        def normal(self, mean, sd, size=None):
            return np.zeros(size) if size else 0.0

    page = np.random.default_rng(3).integers(0, 256, (400, 600), dtype=np.uint8)
    box = Box(20.0, 15.0, 18.0, 6.0)
    wide, origin = mc.wide_crop(page, box)
    for ref in ("table.start_number.1", "g3.p2.total"):
        got = mc.jittered_crop(wide, origin, box, NoJitter(), margin_for(ref))
        assert np.array_equal(got, crop(page, box, margin=margin_for(ref)))
    assert margin_for("table.series") < margin_for("g1.base")


def test_a_wider_pad_keeps_more_of_the_page_around_the_same_cells():
    """``pad`` (``--pad``, the context network's training cells): the same page's cells, each wide crop holding the
    default one in its middle and ``pad`` px of the page on every side; a crop cut from either is the same."""
    seed = 2345678
    plain, wide = mc.make_page(seed, "train", "train"), mc.make_page(seed, "train", "train", pad=28)
    assert plain and [(s.ref, s.label, s.box) for s in plain] == [(s.ref, s.label, s.box) for s in wide]
    d = 28 - mc.WIDE_PAD
    for p, w in zip(plain, wide):
        assert w.image.shape == (p.image.shape[0] + 2 * d, p.image.shape[1] + 2 * d)
        assert w.origin == (p.origin[0] - d, p.origin[1] - d)
        assert np.array_equal(w.image[d:-d, d:-d], p.image)
    for p, w in list(zip(plain, wide))[:20]:
        a = mc.jittered_crop(p.image, p.origin, p.box, np.random.default_rng(3))
        b = mc.jittered_crop(w.image, w.origin, w.box, np.random.default_rng(3))
        assert np.array_equal(a, b)
