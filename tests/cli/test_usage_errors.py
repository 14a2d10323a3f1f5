"""A mistyped command line is bad input like any other (interfaces.md: "Every error message names the file and what is
wrong in one line"): one line ``skatscan: <option or argument>: <problem>`` on stderr, exit status 2, for every
subcommand. form, draw and synth said so already; audit, scan, standings and digitize printed click's three-line usage
block ("Usage: ... Try ... Error: ...")."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from skatscan.cli import cli

CASES = [
    (["audit", "--no-such", "x.json"], "skatscan: --no-such: no such option"),
    (["audit"], "skatscan: LISTS: missing, it is required"),
    (["audit", "x.json", "--lang", "fr"], "skatscan: --lang: 'fr' is not one of 'de', 'en'."),
    (["standings", "x.json", "--lang", "fr"], "skatscan: --lang: 'fr' is not one of 'de', 'en'."),
    (["standings"], "skatscan: LISTS: missing, it is required"),
    (["digitize", "x.jpg", "--engine", "ocr"], "skatscan: --engine: 'ocr' is not one of 'skatscan', 'tesseract'."),
    (["scan", "x.jpg", "--workers", "0"], "skatscan: --workers: 0 is not in the range 1<=x<=16."),
    (["scan"], "skatscan: PHOTOS: missing, it is required"),
    (["audit", "x.json", "-o"], "skatscan: -o: Option '-o' requires an argument."),
    (["audit", "-o", "-v", "x.json"], "skatscan: -o: needs a value, not the option -v"),
    (["scan", "x.jpg", "--report", "--json"], "skatscan: --report: needs a value, not the option --json"),
    (["form", "--no-such"], "skatscan: --no-such: no such option"),
    (["draw", "--players", "8"], "skatscan: --series: missing, it is required"),
    (["synth", "-n", "1"], "skatscan: -o: missing, it is required"),
]


@pytest.mark.parametrize("args, line", CASES, ids=[" ".join(a) for a, _ in CASES])
def test_a_mistyped_command_line_is_one_line_and_exit_status_2(args, line):
    result = CliRunner().invoke(cli, args, prog_name="skatscan")
    assert result.exit_code == 2, result.output
    assert result.stderr.splitlines() == [line]
    assert result.stdout == ""


def test_a_report_folder_that_is_a_file_is_named_in_one_line(tmp_path):
    a_file = tmp_path / "bericht"
    a_file.write_text("not a folder")
    result = CliRunner().invoke(cli, ["audit", "x.json", "--report", str(a_file)], prog_name="skatscan")
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [f"skatscan: --report: Directory '{a_file}' is a file."]


@pytest.mark.parametrize("args, line", [
    (["foo"], "skatscan: foo: no such command (audit, digitize, draw, form, scan, standings, synth)"),
    (["--no-such"], "skatscan: --no-such: no such option"),
])
def test_a_mistyped_command_or_program_option_is_one_line_too(args, line):
    result = CliRunner().invoke(cli, args, prog_name="skatscan")
    assert result.exit_code == 2, result.output
    assert result.stderr.splitlines() == [line]


def test_the_program_alone_still_shows_its_help():
    result = CliRunner().invoke(cli, [], prog_name="skatscan")
    assert "Commands:" in result.output and "scan" in result.output
    assert result.exit_code == 2          # no command given: a usage error, with the help to choose one
