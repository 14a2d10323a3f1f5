"""A folder of lists that also holds what skatscan wrote beside them (the review of session 52): its audits (``audit L
-o L``), the referee's decisions (``NAME.settle.json``) and the corrected copies (``audit L --corrected L``) are passed
over when the folder is expanded, so that the next run on the folder works; a file named on the command line is read
as given."""
import csv
import io
import json

from click.testing import CliRunner

from skatscan.cli import cli


def run(*args):
    result = CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def _folder(samples, tmp_path):
    folder = tmp_path / "lists"
    folder.mkdir()
    for f in (samples / "tournament").glob("*.json"):
        (folder / f.name).write_bytes(f.read_bytes())
    return folder


def test_audits_written_into_the_folder_do_not_break_the_next_run(samples, tmp_path):
    folder = _folder(samples, tmp_path)
    _, before, _ = run("standings", folder, "--csv")
    code, _, err = run("audit", folder, "-o", folder)
    assert code == 0, err
    assert len(list(folder.glob("*.audit.json"))) == 4
    code, out, err = run("audit", folder)
    assert code == 0 and err == "", err
    assert out.count(": in Ordnung") == 4 and ".audit.json" not in out     # the four lists, no audit read as one
    code, out, err = run("standings", folder, "--csv")
    assert code == 0 and err == "" and out == before
    # again into the same folder: the audits are written anew, not read
    code, _, err = run("audit", folder, "-o", folder)
    assert code == 0 and err == "" and len(list(folder.glob("*.audit.json"))) == 4


def test_an_audit_named_on_the_command_line_is_still_refused(samples, tmp_path):
    folder = _folder(samples, tmp_path)
    run("audit", folder, "-o", folder)
    audit_file = folder / "series1-table1.audit.json"
    code, out, err = run("standings", audit_file, folder / "series1-table2.json")
    assert code == 2 and out == ""
    assert err.strip().splitlines() == [f"skatscan: {audit_file}: $.format: an audit (\"skatscan.audit/1\"), not a "
                                        "list: give the list it was made from (or the corrected list, written by "
                                        "audit --corrected)"]


def test_a_list_named_like_an_audit_is_still_read_from_the_folder(samples, tmp_path):
    """Only skatscan's own audits are passed over: a list that happens to end in .audit.json is a list."""
    folder = _folder(samples, tmp_path)
    (folder / "series2-table2.json").rename(folder / "series2-table2.audit.json")
    _, before, _ = run("standings", samples / "tournament", "--csv")
    code, out, err = run("standings", folder, "--csv")
    assert code == 0 and out == before, err


def test_the_referees_decisions_beside_the_list_are_applied_not_read_as_a_list(samples, tmp_path):
    folder = _folder(samples, tmp_path)
    (folder / "series1-table1.settle.json").write_text(json.dumps(
        {"format": "skatscan.settle/1", "cells": {"table.start_number.2": {"value": "12", "reading": True}}}))
    code, out, err = run("standings", folder, "--csv")
    assert code == 0, err
    assert "12" in {r["start_number"] for r in csv.DictReader(io.StringIO(out), delimiter=";")}
    code, _, err = run("audit", folder)
    assert code in (0, 1) and "settle" not in err, err


def test_corrected_copies_beside_their_lists_are_passed_over_with_a_note(samples, tmp_path):
    folder = _folder(samples, tmp_path)
    _, before, _ = run("standings", folder, "--csv")
    code, _, err = run("audit", folder, "--corrected", folder)
    assert code == 0, err
    assert len(list(folder.glob("*.corrected.json"))) == 4
    code, out, err = run("standings", folder, "--csv")
    assert code == 0 and out == before
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"skatscan: {folder}: 4 corrected copies (audit --corrected) "
                                                   "passed over, the lists beside them counted")
    # audit --corrected again into the folder: the copies are written anew (before: refused as inputs, or copies of
    # the copies, NAME.corrected.corrected.json)
    code, _, err = run("audit", folder, "--corrected", folder)
    assert code == 0 and not list(folder.glob("*.corrected.corrected.json"))
    # a copy alone (its list elsewhere) counts
    alone = tmp_path / "copies"
    alone.mkdir()
    for f in folder.glob("*.corrected.json"):
        (alone / f.name).write_bytes(f.read_bytes())
    code, out, err = run("standings", alone, "--csv")
    assert code == 0 and err == "" and out.replace(".corrected", "") == before.replace(".corrected", "")


def test_a_list_and_its_corrected_copy_named_both_say_so(samples, tmp_path):
    folder = _folder(samples, tmp_path)
    run("audit", folder, "--corrected", folder)
    copy, original = folder / "series1-table1.corrected.json", folder / "series1-table1.json"
    code, out, err = run("standings", original, copy)
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "plays series 1 twice" in lines[0]
    assert lines[0].endswith(f": {copy} is the corrected copy of {original} (audit --corrected): give one of them "
                             "(a folder counts the list and passes over its copy beside it)")


def test_a_copy_is_paired_with_the_list_beside_it_only():
    """The same name in another folder is another list's copy (day2/t1.corrected.json is no copy of day1/t1.json)."""
    from pathlib import Path

    from skatscan.cmd_audit import corrected_copies
    day1, day2 = Path("day1"), Path("day2")
    assert corrected_copies([day1 / "t1.json", day2 / "t1.corrected.json"]) == {}
    copy = day1 / "T1.corrected.json"
    assert corrected_copies([day1 / "t1.json", copy]) == {copy: day1 / "t1.json"}


def test_a_list_given_twice_is_one_list(samples, tmp_path):
    """By name and in its folder, or twice by name: audited once and ranked once (the contract review of session 52:
    standings said its players played the series twice, naming the one file twice; audit audited it twice)."""
    folder = _folder(samples, tmp_path)
    one = folder / "series1-table1.json"
    _, before, _ = run("standings", folder, "--csv")
    code, out, err = run("standings", folder, one, "--csv")
    assert code == 0 and out == before, err
    code, out, _ = run("audit", one, one)
    assert out.count("series1-table1.json") == 1
