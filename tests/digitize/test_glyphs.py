"""Tests of digitize.glyphs: the packaged bank of real handwritten glyphs."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from digitize import glyphs
from digitize.glyphs import DASH, GLYPH_HEIGHT, GLYPH_MAX_WIDTH, LABELS, MARK, GlyphBank, centre_lines, thin

NPZ = Path(glyphs.__file__).resolve().parent / "data" / "glyphs.npz"
MAX_NPZ_BYTES = 3_000_000


@pytest.fixture(scope="module")
def train() -> GlyphBank:
    return GlyphBank.load("train")


@pytest.fixture(scope="module")
def test() -> GlyphBank:
    return GlyphBank.load("test")


def test_packaged_file_is_small_and_standalone():
    assert NPZ.is_file()
    assert NPZ.stat().st_size < MAX_NPZ_BYTES
    assert glyphs._data_path().resolve() == NPZ


@pytest.mark.parametrize("split", ["train", "test"])
def test_every_label_in_both_splits(split):
    bank = GlyphBank.load(split)
    counts = bank.counts()
    assert set(counts) == set(LABELS)
    assert all(counts[label] >= 50 for label in range(10)), counts
    assert counts[MARK] >= 40 and counts[DASH] >= 40, counts
    assert sum(counts.values()) == len(bank)
    # every digit source contributes to both splits
    by_source = bank.counts_by_source()
    for source in ("skatlist", "mnist", "semeion", "optdigits"):
        assert all(by_source[source][d] > 0 for d in range(10)), source


def test_all_is_train_plus_test(train, test):
    everything = GlyphBank.load("all")
    assert len(everything) == len(train) + len(test)
    assert everything.counts()[7] == train.counts()[7] + test.counts()[7]


def test_load_is_cached_and_rejects_unknown_split(train):
    assert GlyphBank.load("train") is train
    with pytest.raises(ValueError):
        GlyphBank.load("validation")


def test_arrays_sizes_and_dtypes(train):
    n = len(train)
    assert train.images.shape == (n, GLYPH_HEIGHT, GLYPH_MAX_WIDTH) and train.images.dtype == np.uint8
    for name in ("heights", "widths", "labels", "sources", "records", "typical"):
        assert getattr(train, name).shape == (n,), name
    assert train.heights.max() == GLYPH_HEIGHT and train.heights.min() >= 2
    assert train.widths.max() <= GLYPH_MAX_WIDTH and train.widths.min() >= 1
    # digits fill the stored height; only over-wide glyphs (dashes) are lower
    digits = train.labels < 10
    assert np.mean(train.heights[digits] == GLYPH_HEIGHT) > 0.99
    assert np.mean(train.typical) > 0.8


def test_glyphs_are_dark_ink_on_white_cropped_and_padded_white(train):
    rng = np.random.default_rng(0)
    for i in rng.choice(len(train), 200, replace=False):
        h, w = int(train.heights[i]), int(train.widths[i])
        g = train.glyph(i)
        assert g.shape == (h, w) and g.dtype == np.uint8
        assert g.min() < 64 and g.max() == 255
        # cropped to the ink: the first and last row and column hold ink
        ink = g < 200
        assert ink[0].any() and ink[-1].any() and ink[:, 0].any() and ink[:, -1].any()
        # padding is paper
        assert np.all(train.images[i, h:, :] == 255) and np.all(train.images[i, :, w:] == 255)


def test_train_and_test_share_no_image(train, test):
    train_keys = {img.tobytes() for img in train.images}
    test_keys = {img.tobytes() for img in test.images}
    assert not train_keys & test_keys
    assert len(train_keys) == len(train) and len(test_keys) == len(test)  # no duplicates inside either


def test_split_follows_the_documented_blocks(train, test):
    def records(bank, source):
        return bank.records[bank.sources == bank.source_names.index(source)]

    # skatlist: final contiguous 20 % (records 3840..4799) test, guard band 3740..3839 dropped
    assert records(test, "skatlist").min() >= 3840 and records(test, "skatlist").max() == 4799
    assert records(train, "skatlist").max() < 3740
    # semeion: the last round, records 1195.. test
    assert records(test, "semeion").min() == 1195 and records(train, "semeion").max() == 1194
    # MNIST (digits.png, 100 cells per row, 5 rows per digit): the last row of every digit is test
    assert np.all((records(test, "mnist") // 100) % 5 == 4)
    assert np.all((records(train, "mnist") // 100) % 5 != 4)
    # optdigits: .tra (1934 records) train, .tes (946) test
    assert len(records(train, "optdigits")) == 1934 and len(records(test, "optdigits")) == 946


def test_sample_is_deterministic_and_a_copy(train):
    a = train.sample(7, np.random.default_rng(5))
    b = train.sample(7, np.random.default_rng(5))
    assert np.array_equal(a, b)
    idx = train.sample_index(7, np.random.default_rng(5))
    assert train.labels[idx] == 7
    a[:] = 0  # the caller owns the copy
    assert not np.array_equal(a, train.glyph(idx))
    assert not train.images.flags.writeable and not train.labels.flags.writeable


def test_sample_by_source_and_missing_label(train):
    rng = np.random.default_rng(1)
    for _ in range(20):
        i = train.sample_index(1, rng, sources=("skatlist",))
        assert train.source_of(i) == "skatlist" and train.labels[i] == 1
    # marks exist only in skatlist: asking another source falls back to all sources
    assert train.labels[train.sample_index(MARK, rng, sources=("mnist",))] == MARK


def test_writer_pool_is_one_consistent_hand(train):
    pool = train.writer_pool(np.random.default_rng(3), source="skatlist", per_label=3)
    again = train.writer_pool(np.random.default_rng(3), source="skatlist", per_label=3)
    assert set(pool) == set(LABELS)
    for label, idx in pool.items():
        assert np.array_equal(idx, again[label])
        assert 1 <= len(idx) <= 3
        assert np.all(train.labels[idx] == label)
        assert np.all(train.typical[idx])
    # neighbouring records: all labels come from one stretch of the photographed lists
    recs = np.concatenate([train.records[idx] for idx in pool.values()])
    assert np.ptp(recs) < 0.25 * train.records[train.sources == 0].max()
    # sampling with the pool only returns pool glyphs
    rng = np.random.default_rng(0)
    assert all(train.sample_index(4, rng, pool=pool) in pool[4] for _ in range(10))


def test_writer_pool_accept_filter(train):
    odd = train.writer_pool(np.random.default_rng(2), source="optdigits", accept=lambda i: i % 2 == 1)
    assert all(np.all(idx % 2 == 1) for idx in odd.values())
    # marks and dashes come from skatlist for any source
    assert train.source_of(int(odd[MARK][0])) == "skatlist"


def test_strokes_are_cached_read_only_and_inside_the_glyph(train):
    i = int(train.indices(8)[10])
    lines = train.strokes(i)
    assert lines is train.strokes(i)
    assert lines and all(line.dtype == np.float32 and line.shape[1] == 2 for line in lines)
    h, w = int(train.heights[i]), int(train.widths[i])
    pts = np.vstack(lines)
    assert pts[:, 0].min() >= -1 and pts[:, 0].max() <= w and pts[:, 1].min() >= -1 and pts[:, 1].max() <= h
    with pytest.raises(ValueError):
        lines[0][0, 0] = 1.0


def test_centre_line_of_a_bar_and_inputs_untouched():
    g = np.full((28, 12), 255, np.uint8)
    g[2:26, 4:8] = 0
    before = g.copy()
    lines = centre_lines(g)
    assert np.array_equal(g, before)
    assert len(lines) == 1
    line = lines[0]
    assert abs(float(line[:, 0].mean()) - 5.5) < 1.0
    assert np.ptp(line[:, 1]) > 18


def test_thin_gives_one_pixel_lines():
    img = np.zeros((30, 30), bool)
    img[10:16, 3:27] = True
    before = img.copy()
    skel = thin(img)
    assert np.array_equal(img, before)
    assert skel.dtype == np.uint8 and set(np.unique(skel)) <= {0, 1}
    cols = skel[:, 6:24]
    assert np.all(cols.sum(axis=0) == 1)  # one pixel thick along the bar


def _build_glyphs():
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
    import build_glyphs

    return build_glyphs


def _all_arrays() -> dict[str, np.ndarray]:
    with np.load(glyphs._data_path()) as z:
        return {k: z[k] for k in ("labels", "sources", "splits", "records", "typical")}


def test_glyphs_a_person_marked_illegible_are_in_the_bank_and_never_written():
    """Every row of tools/glyph_review.csv names a glyph of the packaged bank with that label, and the packaged
    bank was built with the review: none of them is typical, so no writer of the renderer uses it."""
    bg = _build_glyphs()
    arrays = _all_arrays()
    marked = bg.reviewed_illegible(arrays)
    lines = bg.REVIEW_FILE.read_text().splitlines()
    rows = [line for line in lines if line and not line.startswith("#")][1:]
    assert marked.sum() == len(rows) > 600
    assert not np.any(arrays["typical"][marked].astype(bool))
    # both splits were reviewed: the test writers of the benchmark and the train writers of the reader
    assert set(arrays["splits"][marked]) == {0, 1}


def test_a_review_row_naming_no_glyph_is_an_error(tmp_path):
    bg = _build_glyphs()
    arrays = _all_arrays()
    i = int(np.nonzero(arrays["sources"] == 0)[0][0])
    split, label = bg.SPLIT_NAMES[arrays["splits"][i]], bg.LABEL_NAMES[arrays["labels"][i]]
    good = f"skatlist,{split},{arrays['records'][i]},{label}"
    path = tmp_path / "review.csv"
    path.write_text("# note\nsource,split,record,label\n" + good + "\n")
    assert bg.reviewed_illegible(arrays, path).sum() == 1
    wrong_label = good.rsplit(",", 1)[0] + ",X"
    path.write_text("# a note\nsource,split,record,label\n" + good + "\n" + wrong_label + "\n")
    with pytest.raises(ValueError, match="line 4"):
        bg.reviewed_illegible(arrays, path)
