"""The standings CSV writes a start number that begins like a formula as text, as it writes the names (the review of
session 52: a spreadsheet opening ``standings.csv`` showed ``=HYPERLINK(...)`` as a link and computed ``+1``)."""
import csv
import io
import json

from click.testing import CliRunner

from desk.seating import from_sheet_text
from skatscan.cli import cli

FORMULAS = ('=HYPERLINK("http://x")', "+1", "@SUM(A1)", "-2")


def run(*args):
    result = CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def _list(samples, tmp_path):
    doc = json.loads((samples / "tournament" / "series1-table1.json").read_text(encoding="utf-8"))
    doc["table"]["start_numbers"] = list(FORMULAS)
    path = tmp_path / "t1.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def _rows(text, sep):
    return list(csv.DictReader(io.StringIO(text.lstrip("\ufeff")), delimiter=sep))


def test_start_numbers_like_formulas_are_written_as_text_in_the_standings_csv(samples, tmp_path):
    path = _list(samples, tmp_path)
    out_file = tmp_path / "standings.csv"
    code, _, err = run("standings", path, "--csv", "-o", out_file)
    assert code == 0, err
    rows = _rows(out_file.read_text(encoding="utf-8"), ";")
    written = {r["start_number"] for r in rows}
    assert written == {"'" + n for n in FORMULAS}
    assert {from_sheet_text(n) for n in written} == set(FORMULAS)       # read back as they were
    code, out, err = run("standings", path, "--csv", "--lang", "en")
    assert code == 0 and {r["start_number"] for r in _rows(out, ",")} == written


def test_start_numbers_like_formulas_are_written_as_text_in_a_series_csv(samples, tmp_path):
    code, out, err = run("standings", _list(samples, tmp_path), "--csv", "--series", "1")
    assert code == 0, err
    assert {r["start_number"] for r in _rows(out, ";")} == {"'" + n for n in FORMULAS}


def test_a_plain_start_number_is_written_as_it_is(samples):
    code, out, _ = run("standings", samples / "tournament", "--csv")
    assert code == 0 and {r["start_number"] for r in _rows(out, ";")} == {str(n) for n in range(1, 8)}


def test_the_start_number_read_as_is_written_as_text_too(samples):
    """The stand-in line's ``start_number_read_as`` (the number read in doubt that another player has) is the same
    text as a start number."""
    from dataclasses import replace

    from audit.auditor import audit
    from audit.load import load_list
    from audit.model import CellReading
    from audit.standings import standings
    from skatscan.cmd_standings import series_csv, to_csv

    folder = samples / "tournament"
    lists = [load_list(f) for f in sorted(folder.glob("*.json"))]
    # seat 1 of both tables of series 1 holds "=1": surely at table 2, read in doubt at table 1, which stands in
    t1, t2 = lists[0], lists[1]
    lists[1] = replace(t2, table=replace(t2.table, start_numbers=("=1",) + t2.table.start_numbers[1:]))
    lists[0] = replace(t1, table=replace(t1.table, start_numbers=("=1",) + t1.table.start_numbers[1:]),
                       readings={"table.start_number.1": CellReading("=1", 0.5, (("=1", 0.5),), doubtful=True)})
    lines = standings([audit(sl) for sl in lists])
    for text in (to_csv(lines), series_csv(lines, 1)):
        read_as = {r["start_number_read_as"] for r in _rows(text, ";")} - {""}
        assert read_as == {"'=1"}
