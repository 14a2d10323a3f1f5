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


def test_bad_settle_files(tmp_path):
    assert read_settlements(tmp_path / "none.settle.json") == {}
    p = tmp_path / "x.settle.json"
    for text in ("{", json.dumps({"format": "other"}), json.dumps({"format": "skatscan.settle/1", "cells": {"zz": {}}}),
                 json.dumps({"format": "skatscan.settle/1", "cells": {"g1.plus": {"value": "x"}}})):
        p.write_text(text)
        with pytest.raises(SettleError):
            read_settlements(p)


def test_settle_path():
    assert settle_path(Path("a/t12.jpg")) == Path("a/t12.settle.json")
