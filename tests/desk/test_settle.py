import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

from audit.auditor import audit
from audit.model import CellReading, Settlement
from audit.simulate import seeded, simulate
from desk.settle import SettleError, apply, read_settlements, settle_document, settle_path


def test_settling_a_doubt_lifts_it_and_keeps_the_reading(tmp_path):
    sl = simulate(random.Random(1), seats=4)
    g = next(x for x in sl.games if x.plus is not None)
    true = g.plus
    misread = replace(sl, games=tuple(replace(x, plus=true + 10) if x.no == g.no else x for x in sl.games),
                      readings={f"g{g.no}.plus": CellReading(true + 10, 0.5, ((true + 10, 0.5), (true, 0.4)),
                                                               doubtful=True, reason="bar")})
    before = audit(misread)
    assert before.status == "reading-doubts"
    path = tmp_path / "t1.settle.json"
    path.write_text(settle_document({f"g{g.no}.plus": {"value": true, "note": "Ziffer gelesen"}}))
    fixed = apply(misread, read_settlements(path))
    after = audit(fixed)
    assert after.status == "clean"
    reading = fixed.readings[f"g{g.no}.plus"]
    assert reading.value == true + 10 and not reading.doubtful          # the original reading is kept
    assert reading.reason == ""                                         # no longer in doubt, for no reason
    assert fixed.settled[f"g{g.no}.plus"].value == true


def test_confirmed_figure_is_accepted_by_the_audit():
    sl, expected = seeded(random.Random(2), "running-total", 4)
    e = expected[0]
    written = sl.games[e.game - 1].players[e.seat - 1].total
    fixed = apply(sl, {f"g{e.game}.p{e.seat}.total": Settlement(written)})
    assert not [f for f in audit(fixed).errors if f.code == "running-total"]


def test_a_referees_reading_lifts_the_doubt_but_a_keepers_mistake_stays_an_error_on_paper(tmp_path):
    """A reading doubt and an error on paper are different things: the running total the keeper wrote wrong, read
    in doubt, is an error resting on a doubt; when the referee enters what the paper says (the report's form writes
    ``"reading": true``), the doubt goes and the error stands, corrected by the lowest-score rule. Only a figure
    fixed by the management (no ``reading``) is accepted as it is."""
    sl, expected = seeded(random.Random(5), "running-total", 4)
    e = expected[0]
    ref = f"g{e.game}.p{e.seat}.total"
    written = sl.games[e.game - 1].players[e.seat - 1].total
    read = replace(sl, readings={ref: CellReading(written, 0.5, ((written, 0.5), (written + 10, 0.3)), doubtful=True,
                                                  reason="bar")})
    errors = [f for f in audit(read).findings if f.code == "running-total"]
    assert errors and all(f.doubtful for f in errors)
    path = tmp_path / "t.settle.json"
    path.write_text(settle_document({ref: {"value": written, "reading": True, "note": "vom Schiedsrichter"}}))
    decided = apply(read, read_settlements(path))
    a = audit(decided)
    assert not decided.doubtful_cells() and a.status == "paper-errors"
    assert [f for f in a.errors if f.code == "running-total" and f.cells[0] == ref and not f.doubtful]
    assert any(c.cell == ref and c.before == written for c in a.corrected.corrections)
    # the same figure fixed by the management: accepted
    path.write_text(settle_document({ref: {"value": written, "note": "bestätigt von allen"}}))
    assert not [f for f in audit(apply(read, read_settlements(path))).errors if f.code == "running-total"]
    # the decision is kept as such in the list's JSON
    from audit.listjson import list_from_json, list_to_json
    assert list_to_json(decided)["settled"][ref]["reading"] is True
    assert list_from_json(list_to_json(decided)).settled[ref].reading


def test_bad_settle_files(tmp_path):
    assert read_settlements(tmp_path / "none.settle.json") == {}
    p = tmp_path / "x.settle.json"
    for text in ("{", json.dumps({"format": "other"}), json.dumps({"format": "skatscan.settle/1", "cells": {"zz": {}}}),
                 json.dumps({"format": "skatscan.settle/1", "cells": {"g1.plus": {"value": "x"}}}),
                 json.dumps({"format": "skatscan.settle/1", "cells": {"g1.plus": {"value": 3, "reading": "yes"}}})):
        p.write_text(text)
        with pytest.raises(SettleError):
            read_settlements(p)


def test_settle_path():
    assert settle_path(Path("a/t12.jpg")) == Path("a/t12.settle.json")


def test_decisions_beside_a_photo_by_its_report_name(tmp_path):
    """The report's form saves NAME.settle.json, NAME as the report names the list ("Tisch 3.jpg": "Tisch_3"); put
    beside the photo, it counts; the same name that is another photo's own file there ("Tisch_3.jpg") does not."""
    from desk.settle import decisions_for
    results = tmp_path / "bericht" / "results"
    results.mkdir(parents=True)
    photo = tmp_path / "Tisch 3.jpg"
    photo.write_bytes(b"photo")
    (tmp_path / "Tisch_3.settle.json").write_text(json.dumps(
        {"format": "skatscan.settle/1", "cells": {"g1.plus": {"value": 36, "reading": True}}}))
    assert decisions_for(results / "Tisch_3.list.json", str(photo))["g1.plus"].value == 36
    assert decisions_for(results / "Tisch_3.list.json", None) == {}
    (tmp_path / "Tisch_3.JPG").write_bytes(b"another photo, whose own file that is")
    assert decisions_for(results / "Tisch_3.list.json", str(photo)) == {}
    # the other photo ("Tisch_3-2" in the report) took the decisions saved from "Tisch 3.jpg"'s page as its own;
    # with the report's manifest naming both, which list the file decides is not sure: neither takes it (the
    # report's settle folder tells them apart)
    from desk.batch import MANIFEST
    (results / MANIFEST).write_text(json.dumps({"Tisch_3": {"photo": str(photo), "path": str(photo)},
                                                "Tisch_3-2": {"photo": str(tmp_path / "Tisch_3.JPG"),
                                                              "path": str(tmp_path / "Tisch_3.JPG")}}))
    assert decisions_for(results / "Tisch_3-2.list.json", str(tmp_path / "Tisch_3.JPG")) == {}
    assert decisions_for(results / "Tisch_3.list.json", str(photo)) == {}
    (tmp_path / "bericht" / "settle").mkdir()
    (tmp_path / "bericht" / "settle" / "Tisch_3.settle.json").write_text(json.dumps(
        {"format": "skatscan.settle/1", "cells": {"g1.plus": {"value": 48, "reading": True}}}))
    assert decisions_for(results / "Tisch_3.list.json", str(photo))["g1.plus"].value == 48
    assert decisions_for(results / "Tisch_3-2.list.json", str(tmp_path / "Tisch_3.JPG")) == {}


def test_decisions_beside_a_photo_given_by_a_relative_path_are_found_from_another_folder(tmp_path, monkeypatch):
    """``scan fotos/t1.jpg`` keeps the photo as given ("fotos/t1.jpg") in the list; ``audit`` or ``standings`` of the
    report's results run from another folder looked for the decisions beside "fotos/t1.jpg" there, and found none:
    the report's manifest says where the photo is."""
    from desk.batch import MANIFEST
    from desk.settle import decisions_for
    results = tmp_path / "bericht" / "results"
    results.mkdir(parents=True)
    (tmp_path / "fotos").mkdir()
    photo = tmp_path / "fotos" / "t1.jpg"
    photo.write_bytes(b"photo")
    (tmp_path / "fotos" / "t1.settle.json").write_text(json.dumps(
        {"format": "skatscan.settle/1", "cells": {"g1.plus": {"value": 36, "reading": True}}}))
    (results / MANIFEST).write_text(json.dumps({"t1": {"photo": "fotos/t1.jpg", "path": str(photo)}}))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert decisions_for(results / "t1.list.json", "fotos/t1.jpg")["g1.plus"].value == 36
    monkeypatch.chdir(tmp_path)                     # from the scan's folder, as before
    assert decisions_for(results / "t1.list.json", "fotos/t1.jpg")["g1.plus"].value == 36
    # run from another round's folder that has its own fotos/t1.jpg: the manifest's photo, not that one
    other = tmp_path / "runde2"
    (other / "fotos").mkdir(parents=True)
    (other / "fotos" / "t1.jpg").write_bytes(b"another round's photo")
    (other / "fotos" / "t1.settle.json").write_text(json.dumps(
        {"format": "skatscan.settle/1", "cells": {"g1.plus": {"value": 99, "reading": True}}}))
    monkeypatch.chdir(other)
    assert decisions_for(results / "t1.list.json", "fotos/t1.jpg")["g1.plus"].value == 36


def test_decisions_are_found_when_audit_runs_inside_the_results_folder(tmp_path, monkeypatch):
    """``cd bericht/results && skatscan audit s1-t1.list.json``: the list file's folder was "." (not "results"), so
    the report's settle folder was not looked in and the decisions were ignored (standings too)."""
    from desk.settle import decisions_for
    results = tmp_path / "bericht" / "results"
    results.mkdir(parents=True)
    (tmp_path / "bericht" / "settle").mkdir()
    (tmp_path / "bericht" / "settle" / "s1-t1.settle.json").write_text(json.dumps(
        {"format": "skatscan.settle/1", "cells": {"g1.plus": {"value": 36, "reading": True}}}))
    monkeypatch.chdir(results)
    assert decisions_for(Path("s1-t1.list.json"), None)["g1.plus"].value == 36


def test_a_decision_for_a_cell_the_list_does_not_have_is_refused(samples):
    """A settle file naming game 99 of a 36-row list (or seat 4 of a table of three) made rows 37 to 98 and errors
    on paper, and moved a player's score; it is refused as a decision that does not fit the list (the batch then
    audits the list without the file and says why)."""
    import pytest
    from audit.load import load_list
    from audit.model import Settlement
    from desk.settle import SettleError, apply
    sl = load_list(samples / "lists" / "six-games.json")
    for ref, why in (("g99.p3.total", "36 game rows"), ("g3.p4.total", "3 seats"), ("footer.score.4", "3 seats")):
        with pytest.raises(SettleError, match=why):
            apply(sl, {ref: Settlement(1, reading=True)})
    assert apply(sl, {"g3.p3.total": Settlement(5, reading=True)}).games[2].players[2].total == 5


def test_a_settle_file_may_say_which_list_it_decides_by_its_photos_hash(tmp_path):
    """The report's form saves ``list`` (the list's name, its photo's SHA-256) into the file, so that ``scan
    --settle-from`` takes a file from the downloads folder for the list of that photo only; a file without it reads as
    before, and a ``list`` that says no hash is refused."""
    from desk.settle import identity_of
    path = tmp_path / "IMG_0001.settle.json"
    of = {"name": "IMG_0001", "sha256": "0123456789abcdef" * 4}
    path.write_text(settle_document({"g1.plus": {"value": 36, "reading": True}}, of=of))
    assert identity_of(path) == of and read_settlements(path)["g1.plus"].value == 36
    path.write_text(settle_document({"g1.plus": {"value": 36, "reading": True}}))
    assert identity_of(path) is None and read_settlements(path)["g1.plus"].value == 36
    for bad in ({"name": "IMG_0001"}, {"sha256": "IMG_0001.jpg"}, "IMG_0001", {"sha256": "AB" * 32}):
        path.write_text(json.dumps({"format": "skatscan.settle/1", "list": bad, "cells": {}}))
        for read in (identity_of, read_settlements):
            with pytest.raises(SettleError, match=r"\$\.list"):
                read(path)
