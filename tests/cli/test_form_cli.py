"""``skatscan form``: blank forms as PDF/PNG; bad input is one line on stderr and exit status 2."""
from __future__ import annotations

import os
import re
import subprocess
import sys

import cv2
import pytest
from click.testing import CliRunner

from digitize.markers import decode_payload
from skatscan import cli as cli_module
from skatscan.cmd_form import command


def run(*args):
    """The command as the ``skatscan`` group runs it (standalone: click prints BadInput)."""
    return CliRunner().invoke(command, list(args), prog_name="skatscan form")


def pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))


def test_one_pdf_form(tmp_path):
    out = tmp_path / "liste.pdf"
    res = run("--seats", "4", "-o", str(out))
    assert res.exit_code == 0, res.output
    assert res.stderr == ""
    data = out.read_bytes()
    assert data.startswith(b"%PDF-") and pages(data) == 1


def test_a_whole_tournament_in_one_pdf(tmp_path):
    out = tmp_path / "turnier.pdf"
    res = run("--seats", "3", "--series", "1-3", "--tables", "1-4", "-o", str(out))
    assert res.exit_code == 0, res.output
    assert pages(out.read_bytes()) == 12
    assert "12" in res.stdout


def test_png_form_carries_series_table_and_start_numbers_in_its_qr(tmp_path):
    out = tmp_path / "liste.png"
    res = run("--seats", "4", "--series", "2", "--table", "31", "--start-numbers", "17,4,31,22",
              "--dpi", "150", "-o", str(out))
    assert res.exit_code == 0, res.output
    img = cv2.imread(str(out), cv2.IMREAD_GRAYSCALE)
    assert img.shape == (1754, 1240)
    doc = decode_payload(cv2.QRCodeDetector().detectAndDecode(img)[0])
    assert (doc["seats"], doc["games"], doc["series"], doc["table"]) == (4, 48, 2, 31)
    assert doc["start_numbers"] == ("17", "4", "31", "22")


def test_games_and_dskv_edition(tmp_path):
    out = tmp_path / "dskv.png"
    res = run("--seats", "3", "--games", "30", "--edition", "dskv", "--dpi", "100", "-o", str(out))
    assert res.exit_code == 0, res.output
    img = cv2.imread(str(out), cv2.IMREAD_GRAYSCALE)
    assert cv2.QRCodeDetector().detectAndDecode(img)[0] == ""


def test_same_arguments_give_identical_png_bytes(tmp_path):
    a, b = tmp_path / "a.png", tmp_path / "b.png"
    for out in (a, b):
        assert run("--seats", "4", "--series", "1", "--table", "5", "--dpi", "100", "-o", str(out)).exit_code == 0
    assert a.read_bytes() == b.read_bytes()


BAD = [
    (["--seats", "5"], "--seats"),
    (["--seats", "three"], "--seats"),
    (["--seats", "4", "--games", "0"], "--games"),
    (["--seats", "4", "--games", "61"], "--games"),
    (["--seats", "4", "--series", "3-1"], "--series"),
    (["--seats", "4", "--series", "x"], "--series"),
    (["--seats", "4", "--tables", "0-3"], "--tables"),
    (["--seats", "4", "--table", "2", "--tables", "1-3"], "--tables"),
    (["--seats", "4", "--edition", "fancy"], "--edition"),
    (["--seats", "4", "--dpi", "5000"], "--dpi"),
    (["--seats", "4", "--start-numbers", "1,2,3"], "--start-numbers"),
    (["--seats", "4", "--series", "1-2", "--start-numbers", "1,2,3,4"], "--start-numbers"),
    (["--seats", "4", "--start-numbers", "1,1,2,3"], "--start-numbers"),      # one player on two seats
    (["--seats", "4", "--start-numbers", "7,07,2,3"], "--start-numbers"),     # the seating reader's same number
    (["--seats", "4", "--no-such-thing"], "--no-such-thing"),
]


@pytest.mark.parametrize("args,named", BAD)
def test_bad_options_exit_2_with_one_line(tmp_path, args, named):
    res = run(*args, "-o", str(tmp_path / "x.pdf"))
    assert res.exit_code == 2
    lines = res.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"skatscan: {named}: "), res.stderr
    assert "Traceback" not in res.output and "Usage" not in res.output
    assert list(tmp_path.iterdir()) == []


def test_missing_output_option(tmp_path):
    res = run("--seats", "4")
    assert res.exit_code == 2 and res.stderr.splitlines() == ["skatscan: -o: missing, it is required"]


@pytest.mark.parametrize("name,problem", [
    ("missing/x.pdf", "does not exist"),
    ("x.jpg", "unknown extension '.jpg'"),
    ("x", "no extension"),
    (".", "is a folder"),
])
def test_bad_output_paths(tmp_path, name, problem):
    out = str(tmp_path / name)
    res = run("--seats", "4", "-o", out)
    assert res.exit_code == 2
    assert res.stderr.splitlines() == [res.stderr.strip()] and res.stderr.startswith(f"skatscan: {out}: ")
    assert problem in res.stderr
    assert list(tmp_path.iterdir()) == []


def test_png_takes_exactly_one_page(tmp_path):
    out = tmp_path / "x.png"
    res = run("--seats", "4", "--series", "1-2", "--table", "1", "-o", str(out))
    assert res.exit_code == 2 and "one form" in res.stderr and len(res.stderr.splitlines()) == 1
    assert not out.exists()


def test_unwritable_folder(tmp_path, monkeypatch):
    import skatscan.cmd_form as cmd

    locked = tmp_path / "locked"
    locked.mkdir()
    if os.geteuid() == 0:  # root may write anywhere: pretend the folder is read-only
        real = os.access
        monkeypatch.setattr(cmd.os, "access", lambda p, m: False if str(p) == str(locked) else real(p, m))
    else:
        locked.chmod(0o500)
    try:
        res = run("--seats", "4", "-o", str(locked / "x.pdf"))
    finally:
        locked.chmod(0o700)
    assert res.exit_code == 2 and "not writable" in res.stderr and len(res.stderr.splitlines()) == 1
    assert list(locked.iterdir()) == []


def test_real_program_prints_no_traceback(tmp_path):
    code = "import sys; from skatscan.cmd_form import command; command(prog_name='skatscan form')"
    proc = subprocess.run([sys.executable, "-c", code, "--seats", "5", "-o", str(tmp_path / "a.pdf")],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert proc.stderr == "skatscan: --seats: must be 3 or 4, not '5'\n" and proc.stdout == ""
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif("form" not in cli_module.SUBCOMMANDS,
                    reason="skatscan/cli.py does not list the 'form' subcommand yet")
def test_registered_in_the_skatscan_group(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "skatscan", "form", "--seats", "4", "--games", "0",
                           "-o", str(tmp_path / "a.pdf")], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and proc.stderr == "skatscan: --games: must be a whole number from 1 to 60, not '0'\n"
    res = CliRunner().invoke(cli_module.cli, ["form", "--seats", "3", "-o", str(tmp_path / "b.pdf")])
    assert res.exit_code == 0 and (tmp_path / "b.pdf").read_bytes().startswith(b"%PDF")
