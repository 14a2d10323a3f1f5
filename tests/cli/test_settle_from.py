"""``skatscan scan --settle-from DIR``: the referee's decisions taken from the browser's downloads folder, only for the
list whose photo they were saved for (phone photos are all named IMG_0001.jpg ...), DIR never written to."""
import json
import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import skatscan.cmd_scan
from skatscan.cli import cli

SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "lists" / "six-games.json"


def fake_read(path: str, engine: str = "skatscan", settings=None) -> dict:
    """Stands in for the photo reader: every 'photo' reads as the six-game sample list, game 1's "+" in doubt."""
    doc = json.loads(SAMPLE.read_text())
    plus = doc["games"][0]["plus"]
    doc["readings"] = {"g1.plus": {"value": plus, "confidence": 0.5, "doubtful": True,
                                   "candidates": [{"value": plus, "confidence": 0.5}]}}
    return {"list": doc, "overlay_jpeg": None}


@pytest.fixture
def scanned(tmp_path, monkeypatch):
    """Three photos scanned into the report ``bericht``; the downloads folder, empty."""
    folder = tmp_path / "fotos"
    folder.mkdir()
    for i in range(3):
        (folder / f"IMG_000{i + 1}.jpg").write_bytes(f"photo {i}".encode())
    monkeypatch.setattr(skatscan.cmd_scan, "_process", fake_read)
    report, downloads = tmp_path / "bericht", tmp_path / "Downloads"
    downloads.mkdir()
    r = scan(folder, report)
    assert r.exit_code in (0, 1), r.stderr
    return folder, report, downloads


def scan(folder: Path, report: Path, *more: str):
    return CliRunner().invoke(cli, ["scan", str(folder), "--report", str(report), *more])


def photo_hash(report: Path, name: str) -> str:
    return json.loads((report / "results" / "manifest.json").read_text())[name]["sha256"]


def decision(value: int, of=None) -> str:
    """A settle file fixing game 2's declarer total of seat 1 (``g2.p1.total``) at ``value``; ``of``: its ``list``."""
    doc = {"format": "skatscan.settle/1", "cells": {"g2.p1.total": {"value": value, "rule": "SkWO 7.2.5"}}}
    if of is not None:
        doc["list"] = of
    return json.dumps(doc)


def settled(report: Path, name: str) -> dict:
    """The decisions the report's results of the list ``name`` count (as ``audit`` finds them)."""
    r = CliRunner().invoke(cli, ["audit", str(report / "results" / f"{name}.list.json"), "--json"])
    return {ref: d["value"] for ref, d in json.loads(r.stdout)["corrected"].get("settled", {}).items()}


def said(r, name: str) -> list[str]:
    return [line for line in r.stderr.splitlines() if f"{name}.settle" in line]


def test_a_file_in_the_downloads_folder_naming_the_lists_photo_is_applied_and_kept_in_the_report(scanned):
    folder, report, downloads = scanned
    page = (report / "lists" / "IMG_0002.html").read_text()
    identity = json.loads(re.search(r"data-list='([^']*)'", page).group(1).replace("&#34;", '"'))
    assert identity == {"name": "IMG_0002", "sha256": photo_hash(report, "IMG_0002")}
    assert "--settle-from ~/Downloads" in page
    (downloads / "IMG_0002.settle.json").write_text(decision(111, identity))
    r = scan(folder, report, "--settle-from", str(downloads))
    assert r.exit_code in (0, 1), r.stderr
    assert said(r, "IMG_0002") == [f"skatscan: {downloads / 'IMG_0002.settle.json'}: the referee's decisions on "
                                   f"{folder / 'IMG_0002.jpg'}, taken (copied to "
                                   f"{report / 'settle' / 'IMG_0002.settle.json'})"], r.stderr
    assert settled(report, "IMG_0002") == {"g2.p1.total": 111}
    assert settled(report, "IMG_0001") == {}
    # the report holds the file: a run without the option counts the same, and a rescan with it says nothing
    r = scan(folder, report)
    assert r.exit_code in (0, 1) and "settle" not in r.stderr, r.stderr
    assert settled(report, "IMG_0002") == {"g2.p1.total": 111}
    r = scan(folder, report, "--settle-from", str(downloads))
    assert r.exit_code in (0, 1) and "settle" not in r.stderr, r.stderr


def test_a_file_of_another_photo_with_the_same_name_is_not_applied_and_is_said_once(scanned):
    """Another tournament's IMG_0001.settle.json left in Downloads: the same name, another photo's hash."""
    folder, report, downloads = scanned
    other = downloads / "IMG_0001.settle.json"
    other.write_text(decision(111, {"name": "IMG_0001", "sha256": "ab" * 32}))
    r = scan(folder, report, "--settle-from", str(downloads))
    assert r.exit_code in (0, 1), r.stderr
    assert said(r, "IMG_0001") == [f"skatscan: {other}: not taken: it was saved for another photo named IMG_0001 "
                                   f"(another tournament's?), not for {folder / 'IMG_0001.jpg'} of this report"]
    assert settled(report, "IMG_0001") == {} and not (report / "settle").exists()
    # the rescan does not say it again; changed, it is said again
    r = scan(folder, report, "--settle-from", str(downloads))
    assert r.exit_code in (0, 1) and said(r, "IMG_0001") == [], r.stderr
    other.write_text(decision(112, {"name": "IMG_0001", "sha256": "cd" * 32}))
    os.utime(other, (2_000_000_000, 2_000_000_000))
    r = scan(folder, report, "--settle-from", str(downloads))
    assert len(said(r, "IMG_0001")) == 1 and settled(report, "IMG_0001") == {}


def test_an_old_file_without_the_lists_identity_is_not_taken_from_the_downloads(scanned):
    """A file that names no photo (an older report's page, or written by hand) counts in the report's settle folder, as
    before, but not from the downloads folder, where any tournament's file of that name may lie."""
    folder, report, downloads = scanned
    old = downloads / "IMG_0003.settle.json"
    old.write_text(decision(111))
    r = scan(folder, report, "--settle-from", str(downloads))
    assert r.exit_code in (0, 1), r.stderr
    assert said(r, "IMG_0003") == [f"skatscan: {old}: not taken: it does not say which photo it was saved for (an "
                                   f"older report's page, or written by hand); if it decides "
                                   f"{folder / 'IMG_0003.jpg'}, put it into {report / 'settle'}"]
    assert settled(report, "IMG_0003") == {}
    (report / "settle").mkdir()
    (report / "settle" / "IMG_0003.settle.json").write_text(decision(113))
    r = scan(folder, report, "--settle-from", str(downloads))
    assert r.exit_code in (0, 1) and said(r, "IMG_0003") == [], r.stderr
    assert settled(report, "IMG_0003") == {"g2.p1.total": 113}


def test_the_newest_of_the_lists_files_counts_in_the_downloads_and_against_the_settle_folder(scanned):
    folder, report, downloads = scanned
    of = {"name": "IMG_0002", "sha256": photo_hash(report, "IMG_0002")}
    for name, value, when in (("IMG_0002.settle.json", 111, 1_700_000_000),
                              ("IMG_0002.settle (1).json", 122, 1_700_000_300),
                              ("IMG_0002.settle (2).json", 133, 1_700_000_100)):
        (downloads / name).write_text(decision(value, of))
        os.utime(downloads / name, (when, when))
    # the settle folder's file is older than the newest download: the download counts
    (report / "settle").mkdir()
    (report / "settle" / "IMG_0002.settle.json").write_text(decision(100))
    os.utime(report / "settle" / "IMG_0002.settle.json", (1_600_000_000, 1_600_000_000))
    r = scan(folder, report, "--settle-from", str(downloads))
    assert r.exit_code in (0, 1), r.stderr
    assert [line.split(": ")[1] for line in said(r, "IMG_0002")] == [str(downloads / "IMG_0002.settle (1).json")]
    assert settled(report, "IMG_0002") == {"g2.p1.total": 122}
    # a file put into the settle folder later than the downloads counts (the one saved last)
    (report / "settle" / "IMG_0002.settle (1).json").write_text(decision(144))
    r = scan(folder, report, "--settle-from", str(downloads))
    assert r.exit_code in (0, 1) and said(r, "IMG_0002") == [], r.stderr
    assert settled(report, "IMG_0002") == {"g2.p1.total": 144}


def test_the_downloads_folder_is_never_written_to(scanned):
    folder, report, downloads = scanned
    (downloads / "IMG_0001.settle.json").write_text(decision(111, {"name": "IMG_0001",
                                                                   "sha256": photo_hash(report, "IMG_0001")}))
    (downloads / "IMG_0002.settle (1).json").write_text(decision(111, {"name": "IMG_0002", "sha256": "ab" * 32}))
    (downloads / "IMG_0003.settle.json").write_text(decision(111))
    (downloads / "IMG_0009.settle.json").write_text("not JSON")
    (downloads / "Rechnung.pdf").write_bytes(b"%PDF-1.4")

    def listing():
        return sorted((p.name, p.stat().st_size, p.stat().st_mtime_ns, p.read_bytes()) for p in downloads.iterdir())

    before = listing()
    for _ in range(2):
        r = scan(folder, report, "--settle-from", str(downloads))
        assert r.exit_code in (0, 1), r.stderr
        assert listing() == before
    assert settled(report, "IMG_0001") == {"g2.p1.total": 111}


def test_a_missing_downloads_folder_is_bad_input(scanned, tmp_path):
    folder, report, _ = scanned
    files = {p: p.read_bytes() for p in report.rglob("*") if p.is_file()}
    r = scan(folder, report, "--settle-from", str(tmp_path / "Downlaods"))
    assert (r.exit_code, r.stdout) == (2, "")
    assert r.stderr == f"skatscan: {tmp_path / 'Downlaods'}: no such folder (--settle-from); nothing was read or " \
                       "written\n"
    assert {p: p.read_bytes() for p in report.rglob("*") if p.is_file()} == files
    r = CliRunner().invoke(cli, ["scan", str(folder), "--settle-from", str(tmp_path)])
    assert r.exit_code == 2 and r.stderr == "skatscan: --settle-from: needs --report: the decisions taken are copied " \
                                            "into the report's settle folder\n"


def test_the_photos_folder_given_as_the_downloads_folder_keeps_its_files_counting_by_name(scanned):
    """A file beside the photo counts by its name, with or without ``list``, as before: --settle-from naming the
    photos' folder neither passes it over nor copies it."""
    folder, report, _ = scanned
    (folder / "IMG_0001.settle.json").write_text(decision(101))
    r = scan(folder, report, "--settle-from", str(folder))
    assert r.exit_code in (0, 1) and "settle" not in r.stderr, r.stderr
    assert settled(report, "IMG_0001") == {"g2.p1.total": 101} and not (report / "settle").exists()
