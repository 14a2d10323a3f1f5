"""tools/make_head_cells.py: the table head's training cells, cut by the pipeline from synthetic photos."""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

import make_cells as mc  # noqa: E402
import make_head_cells as mh  # noqa: E402
from digitize.cells import PX_PER_MM, margin_for  # noqa: E402
from digitize.synth.dataset import make_sample  # noqa: E402


def test_head_cells_are_the_photos_head_as_written_and_located():
    """One photo's head cells: every visible written, printed or empty head cell of the list's truth, with its
    text as the label, a box near the truth's (the locator's, in mm) and a wide crop from which the training cuts
    a crop as the pipeline does; apart from the benchmarks' photo seeds; the same seed gives the same cells."""
    seed = mh.photo_seed(31, 5)
    assert seed not in range(7000, 13000)
    cells = mh.head_cells(seed)
    sample = make_sample(seed, split="train")
    want = {ref: c for ref, c in sample.cells.items()
            if ref.startswith("table.") and c.kind in mh.KIND and c.visible}
    assert cells and {c.ref for c in cells} == set(want)
    px = sample.page.dpi / 25.4
    for c in cells:
        truth = want[c.ref]
        assert c.label == ("" if truth.kind == "empty" else truth.text) and c.kind == mh.KIND[truth.kind]
        x0, y0, x1, y1 = (v / px for v in sample.page.cells[c.ref].box)
        assert abs(c.box.x - x0) < 1.0 and abs(c.box.y - y0) < 1.0
        assert abs(c.box.x + c.box.w - x1) < 1.0 and abs(c.box.y + c.box.h - y1) < 1.0
        assert c.image.ndim == 2 and c.image.dtype.name == "uint8"
        cut = mc.jittered_crop(c.image, c.origin, c.box, np.random.default_rng(0), margin_for(c.ref))
        assert abs(cut.shape[0] - c.box.h * PX_PER_MM) <= 6 and abs(cut.shape[1] - c.box.w * PX_PER_MM) <= 6
    again = mh.head_cells(seed)
    assert [(c.ref, c.label, c.box) for c in again] == [(c.ref, c.label, c.box) for c in cells]


def test_a_wider_pad_keeps_room_for_a_wider_head_crop():
    """``pad`` keeps more of the page around each head cell (for training a wider head crop, `--head-margin`): the
    same cells, each wide crop ``pad`` px larger on every side holding the narrow one, and a crop with a margin of
    half the box height left and right cut out of it whole."""
    seed = mh.photo_seed(31, 5)
    narrow, wide = mh.head_cells(seed), mh.head_cells(seed, pad=40)
    assert [(c.ref, c.label, c.box) for c in wide] == [(c.ref, c.label, c.box) for c in narrow]
    for n, w in zip(narrow, wide):
        dy, dx = n.origin[1] - w.origin[1], n.origin[0] - w.origin[0]
        assert (dx, dy) == (40 - mc.WIDE_PAD, 40 - mc.WIDE_PAD)
        assert np.array_equal(w.image[dy:dy + n.image.shape[0], dx:dx + n.image.shape[1]], n.image)
        cut = mc.jittered_crop(w.image, w.origin, w.box, np.random.default_rng(0), (0.5, 0.1))
        assert abs(cut.shape[1] - (w.box.w + w.box.h) * PX_PER_MM) <= 6
