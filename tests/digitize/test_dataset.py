"""digitize.synth.dataset: synthetic photos of filled lists with exact truth, and the committed sample photos."""
from __future__ import annotations

import json
import random
from pathlib import Path

import cv2
import numpy as np
import pytest

from audit.auditor import audit
from audit.listjson import list_from_json
from audit.simulate import ERROR_KINDS, Expected
from digitize.layout import layout_for
from digitize.synth.camera import CameraEffects
from digitize.synth.dataset import (FORMAT_SYNTH, SEED_STRIDE, draw_list, dpi_for, make_sample, make_set,
                                    platz1_deals_first, truth_doc, write_sample)

WIDTH = 900
PHOTOS = Path(__file__).resolve().parents[2] / "samples" / "photos"


def findings_match(sl, expected) -> bool:
    """The auditor reports every expected finding and no other error or warning (the series itself may add info
    findings such as overbids or an early end; a seeded overbid is itself an info finding)."""
    found = audit(sl).findings
    errors = {(f.code, f.game, f.seat) for f in found if f.severity != "info"}
    info = {(f.code, f.game, f.seat) for f in found if f.severity == "info"}
    want = {(e.code, e.game, e.seat) for e in expected}
    return errors <= want <= errors | info


@pytest.fixture(scope="module")
def samples():
    kinds = {1: ("skatscan", 4, "clean"), 2: ("dskv", 3, "single-counted-loss"),
             3: ("dskv", 4, "running-total"), 4: ("skatscan", 3, "several-declarers")}
    return {seed: make_sample(seed, edition=e, seats=s, error_kind=k, width=WIDTH) for seed, (e, s, k) in kinds.items()}


def test_truth_lists_audit_to_their_expected_findings(samples):
    for seed, sample in samples.items():
        assert findings_match(sample.list, sample.expected), seed
        assert (sample.error_kind is None) == (not sample.expected), seed


def test_drawn_lists_audit_to_their_expected_findings_for_every_error_kind():
    for kind in ERROR_KINDS + ("clean",):
        for seats in (3, 4):
            sl, expected, _ = draw_list(random.Random(seats * 1000 + len(kind)), seats=seats, error_kind=kind)
            assert findings_match(sl, expected), (kind, seats)
            assert sl.seats == 3 or sl.table.first_dealer == 1


def test_turning_the_seats_keeps_the_findings():
    from audit.simulate import seeded
    sl, expected = seeded(random.Random(5), "running-total", 4)
    turned, moved = platz1_deals_first(sl, expected)
    assert turned.table.first_dealer == 1
    assert findings_match(turned, moved)
    assert sorted(turned.footer.score) == sorted(sl.footer.score)


def test_every_cell_has_a_truth_that_agrees_with_the_filled_page(samples):
    for seed, sample in samples.items():
        lay = layout_for(sample.list.seats, sample.page.layout.games, sample.edition)
        assert set(sample.cells) == set(lay.cells()), seed
        for ref, cell in sample.cells.items():
            truth = sample.page.cells[ref]
            assert (cell.text, cell.kind) == (truth.text, truth.kind), ref
            assert len(cell.quad) == 4 and len(cell.parts) == len(truth.parts)
        games = {g.no: g for g in sample.list.games}
        for no, g in games.items():
            if not g.crossed_out:
                assert sample.cells[f"g{no}.plus"].text == ("" if g.plus is None else str(g.plus))
                assert sample.cells[f"g{no}.base"].text == ("" if g.base is None else str(g.base))


def test_same_seed_same_photo_and_truth_other_seed_differs(samples):
    a = samples[1]
    b = make_sample(1, edition="skatscan", seats=4, error_kind="clean", width=WIDTH)
    assert a.photo.jpeg_bytes == b.photo.jpeg_bytes
    assert json.dumps(truth_doc(a)) == json.dumps(truth_doc(b))
    assert a.photo.jpeg_bytes != samples[3].photo.jpeg_bytes


def test_the_camera_does_not_depend_on_the_handwriting():
    """The same seed written by other hands (the other split) is photographed by the same camera: the hand and
    the camera draw from streams of their own, so a change in how the writing is drawn does not re-draw the photo
    (benchmarks before and after such a change compare the same photos)."""
    a, b = make_sample(8021, split="test"), make_sample(8021, split="train")
    assert a.photo.effects["settings"] == b.photo.effects["settings"]
    assert a.photo.effects["active"] == b.photo.effects["active"]
    assert a.list == b.list
    assert not np.array_equal(a.page.image, b.page.image)


def test_quads_lie_on_the_printed_cells_of_a_clean_photo():
    sample = make_sample(7, seats=4, edition="dskv", error_kind="clean", effects=CameraEffects.clean(WIDTH))
    grey = cv2.cvtColor(sample.photo.image, cv2.COLOR_BGR2GRAY).astype(int)
    page_quad = sample.photo.page_quad.astype(np.float32)
    hits = total = 0
    for ref, cell in sample.cells.items():
        if not ref.startswith("g") or cell.kind != "empty":
            continue
        q = np.array(cell.quad)
        centre = q.mean(axis=0)
        assert cv2.pointPolygonTest(page_quad, (float(centre[0]), float(centre[1])), False) > 0
        for a, b in zip(q, np.roll(q, -1, axis=0)):
            mid = (a + b) / 2
            x, y = int(round(mid[0])), int(round(mid[1]))
            around = grey[y - 1:y + 2, x - 1:x + 2]
            total += 1
            hits += around.min() < 150  # the printed grid line is right there
    assert total > 200 and hits / total > 0.97


def test_camera_quads_follow_the_page_on_a_random_photo(samples):
    sample = samples[3]
    h, w = sample.photo.image.shape[:2]
    visible = [c for c in sample.cells.values() if c.visible]
    assert len(visible) > 0.9 * len(sample.cells)
    for c in visible:
        q = np.array(c.quad)
        assert np.all((q >= -0.5) & (q <= np.array([w, h]) - 0.5))


def test_written_file_pair_and_truth_format(samples, tmp_path):
    sample = samples[2]
    jpg, truth = write_sample(sample, tmp_path, "one")
    assert jpg.read_bytes() == sample.photo.jpeg_bytes
    doc = json.loads(truth.read_text())
    assert {"format", "seed", "split", "edition", "list", "expected_findings", "cells", "photo"} <= set(doc)
    assert doc["format"] == FORMAT_SYNTH and doc["seed"] == 2 and doc["split"] == "test"
    image = cv2.imdecode(np.frombuffer(jpg.read_bytes(), np.uint8), cv2.IMREAD_COLOR)
    assert (doc["photo"]["width"], doc["photo"]["height"]) == (image.shape[1], image.shape[0])
    assert "active" in doc["photo"]["effects"]
    sl = list_from_json(doc["list"])
    assert sl == sample.list
    want = [Expected(e["code"], e["game"], e["seat"]) for e in doc["expected_findings"]]
    assert findings_match(sl, want) and want
    cell = doc["cells"]["g1.base"]
    assert set(cell) >= {"text", "kind", "quad"} and len(cell["quad"]) == 4


def test_make_set_seeds_names_and_progress(tmp_path):
    calls = []
    made = make_set(tmp_path / "set", 2, 3, width=WIDTH, progress=lambda done, n, name: calls.append((done, n)))
    assert calls == [(1, 2), (2, 2)]
    assert [m.seed for m in made] == [3 * SEED_STRIDE, 3 * SEED_STRIDE + 1]
    files = sorted(p.name for p in (tmp_path / "set").iterdir())
    assert files == [f"{m.name}{ext}" for m in made for ext in (".jpg", ".truth.json")]
    doc = json.loads((tmp_path / "set" / f"{made[1].name}.truth.json").read_text())
    assert doc["seed"] == made[1].seed


def test_one_sample_uses_one_handwriting_split(monkeypatch):
    from digitize.glyphs import GlyphBank
    load, used = GlyphBank.load, []

    def spy(cls, split="train", path=None):
        used.append(split)
        return load(split, path)

    monkeypatch.setattr(GlyphBank, "load", classmethod(spy))
    make_sample(8, seats=3, error_kind="clean", width=WIDTH, split="train")
    assert used and set(used) == {"train"}


def test_bad_arguments():
    assert dpi_for(720) == 200 and dpi_for(4000) == 300
    for bad in (dict(seats=5), dict(edition="a5"), dict(error_kind="typo"), dict(width=100), dict(split="all"),
                dict(error_rate=2.0)):
        with pytest.raises(ValueError):
            make_sample(1, **bad)


def test_committed_sample_photos():
    truths = sorted(PHOTOS.glob("*.truth.json"))
    assert len(truths) >= 5
    editions = set()
    for path in truths:
        doc = json.loads(path.read_text())
        assert doc["format"] == FORMAT_SYNTH and doc["split"] == "test"
        sl = list_from_json(doc["list"])
        want = [Expected(e["code"], e["game"], e["seat"]) for e in doc["expected_findings"]]
        assert findings_match(sl, want), path.name
        jpg = path.with_name(path.name.replace(".truth.json", ".jpg"))
        image = cv2.imread(str(jpg))
        assert image is not None and image.shape[1] == doc["photo"]["width"], jpg.name
        assert jpg.stat().st_size < 620_000
        assert set(doc["cells"]) == set(layout_for(sl.seats, doc["form"]["games"], doc["edition"]).cells())
        editions.add((doc["edition"], sl.seats))
    assert {("skatscan", 4), ("dskv", 3), ("dskv", 4)} <= editions
    assert (PHOTOS / "not-a-list.jpg").is_file() and not (PHOTOS / "not-a-list.truth.json").exists()
    assert (PHOTOS / "README.md").is_file()
    assert sum(p.stat().st_size for p in PHOTOS.iterdir()) < 4_000_000
