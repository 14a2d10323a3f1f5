"""A settle file decides a start number as text, as the list holds it (the review of session 52): ``"value": "129"`` for
``table.start_number.2`` was refused ("expected a number, true/false or null"), and a number became a number in the
decisions but text in the list."""
import json

import pytest

from audit.listjson import list_to_json
from audit.load import load_list
from desk.settle import SettleError, apply, read_settlements

LIST = "tournament/series1-table1.json"


def _settle(tmp_path, cells):
    path = tmp_path / "t1.settle.json"
    path.write_text(json.dumps({"format": "skatscan.settle/1", "cells": cells}), encoding="utf-8")
    return path


@pytest.mark.parametrize("value, number", [("129", "129"), ("0129", "0129"), (" A7 ", "A7"), (129, "129"),
                                           (None, None)])
def test_a_start_number_is_decided_as_text(samples, tmp_path, value, number):
    path = _settle(tmp_path, {"table.start_number.2": {"value": value, "reading": True}})
    decisions = read_settlements(path)
    assert decisions["table.start_number.2"].value == number
    fixed = apply(load_list(samples / LIST), decisions)
    assert fixed.table.start_numbers[1] == number
    doc = list_to_json(fixed)           # the corrected list keeps the decision as the list holds the number
    assert doc["table"]["start_numbers"][1] == number and doc["settled"]["table.start_number.2"]["value"] == number


@pytest.mark.parametrize("value", [129.0, True, "", "1\n2", "x" * 41, 10 ** 41, [1]])
def test_what_is_no_start_number_is_refused_in_one_line(tmp_path, value):
    path = _settle(tmp_path, {"table.start_number.2": {"value": value}})
    with pytest.raises(SettleError) as exc:
        read_settlements(path)
    assert str(exc.value).startswith(f"{path}: $.cells.table.start_number.2.value: expected a start number")
    assert "\n" not in str(exc.value)


@pytest.mark.parametrize("ref", ["g1.plus", "table.series", "table.table", "footer.score.1"])
def test_text_is_still_refused_for_other_cells(tmp_path, ref):
    path = _settle(tmp_path, {ref: {"value": "12"}})
    with pytest.raises(SettleError, match=r"expected a number, true/false or null"):
        read_settlements(path)


def test_audit_applies_a_start_number_given_as_text(samples, tmp_path):
    from click.testing import CliRunner

    from skatscan.cli import cli
    listed = tmp_path / "t1.json"
    listed.write_bytes((samples / LIST).read_bytes())
    _settle(tmp_path, {"table.start_number.2": {"value": "129", "reading": True}})
    result = CliRunner().invoke(cli, ["audit", str(listed), "--corrected", str(tmp_path / "out.json")],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.stderr
    assert json.loads((tmp_path / "out.json").read_text())["table"]["start_numbers"][1] == "129"
