"""``skatscan scan --settle-from DIR``: the referee's decisions taken from the browser's downloads folder, only for the
list whose photo they were saved for (phone photos are all named IMG_0001.jpg ...), DIR never written to."""
import json
import os
import re
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from skatscan.cli import cli
from tests.cli.fake_reader import photo_folder, read_photos_with, sample_read


def fake_read(path: str, engine: str = "skatscan", settings=None) -> dict:
    """Stands in for the photo reader: every 'photo' reads as the six-game sample list, game 1's "+" in doubt."""
    got = sample_read(path)
    plus = got["list"]["games"][0]["plus"]
    got["list"]["readings"] = {"g1.plus": {"value": plus, "confidence": 0.5, "doubtful": True,
                                           "candidates": [{"value": plus, "confidence": 0.5}]}}
    return got


@pytest.fixture
def scanned(tmp_path, monkeypatch):
    """Three photos scanned into the report ``bericht``; the downloads folder, empty."""
    folder = photo_folder(tmp_path / "fotos", ["IMG_0001.jpg", "IMG_0002.jpg", "IMG_0003.jpg"])
    read_photos_with(monkeypatch, fake_read)
    report, downloads = tmp_path / "bericht", tmp_path / "Downloads"
    downloads.mkdir()
    r = scan(folder, report)
    assert r.exit_code in (0, 1), r.stderr
    return folder, report, downloads


def scan(folder: Path, report: Path, *more: str):
    return CliRunner().invoke(cli, ["scan", str(folder), "--report", str(report), *more])


def photo_hash(report: Path, name: str) -> str:
    return json.loads((report / "results" / "manifest.json").read_text())[name]["sha256"]


def page_identity(report: Path, name: str) -> dict:
    """The ``list`` the page of the list ``name`` saves into its settle file."""
    page = (report / "lists" / f"{name}.html").read_text()
    return json.loads(re.search(r"data-list='([^']*)'", page).group(1).replace("&#34;", '"'))


def report_of(report: Path) -> str:
    """The report's id, which its pages save into their files (``list.report``)."""
    return json.loads((report / "results" / "report.id").read_text())["id"]


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
    identity = page_identity(report, "IMG_0002")
    assert identity == {"name": "IMG_0002", "sha256": photo_hash(report, "IMG_0002"), "report": report_of(report)}
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
                                   f"(another tournament's, or a photo taken again?), not for "
                                   f"{folder / 'IMG_0001.jpg'} of this report"]
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


def test_photos_in_the_downloads_folder_a_file_beside_one_naming_another_photo_is_not_applied(tmp_path, monkeypatch):
    """D1: photos AirDropped into ~/Downloads, scanned with --settle-from ~/Downloads: another tournament's
    IMG_0002.settle.json beside IMG_0002.jpg names another photo; it was applied by its name without a word."""
    read_photos_with(monkeypatch, fake_read)
    downloads, report = tmp_path / "Downloads", tmp_path / "bericht"
    downloads.mkdir()
    for i in (1, 2):
        (downloads / f"IMG_000{i}.jpg").write_bytes(f"photo {i}".encode())
    stale = downloads / "IMG_0002.settle.json"
    stale.write_text(decision(99, {"name": "IMG_0002", "sha256": "0" * 64}))
    photos = [str(downloads / "IMG_0001.jpg"), str(downloads / "IMG_0002.jpg")]
    for run in range(2):
        r = CliRunner().invoke(cli, ["scan", *photos, "--report", str(report), "--settle-from", str(downloads)])
        assert r.exit_code in (0, 1), r.stderr
        assert settled(report, "IMG_0002") == {}
        expected = [f"skatscan: {stale}: not applied: it was saved for another photo named IMG_0002 (another "
                    f"tournament's, or a photo taken again?), not for {downloads / 'IMG_0002.jpg'} of this report"]
        assert said(r, "IMG_0002") == (expected if run == 0 else []), r.stderr      # once while it stays as it is
    # without a report too: said at each run (nothing keeps what was said)
    r = CliRunner().invoke(cli, ["scan", photos[1], "--json"])
    assert r.exit_code in (0, 1) and said(r, "IMG_0002") == expected, r.stderr
    assert json.loads(r.stdout)["corrected"].get("settled", {}) == {}
    # the list's own file beside it counts, by its name, as before
    own = downloads / "IMG_0002.settle (1).json"
    own.write_text(decision(102, {"name": "IMG_0002", "sha256": photo_hash(report, "IMG_0002")}))
    r = CliRunner().invoke(cli, ["scan", *photos, "--report", str(report), "--settle-from", str(downloads)])
    assert r.exit_code in (0, 1), r.stderr
    assert settled(report, "IMG_0002") == {"g2.p1.total": 102}


def test_a_file_in_the_settle_folder_of_a_photo_taken_again_under_the_same_name_is_not_applied(scanned):
    """D2: the list photographed again and saved under the same name: the file in bericht/settle/ names the old
    photo; it was applied to the new one, went into the page's earlier decisions and was saved again with its hash."""
    folder, report, _ = scanned
    (report / "settle").mkdir()
    old = report / "settle" / "IMG_0001.settle.json"
    old.write_text(decision(111, {"name": "IMG_0001", "sha256": photo_hash(report, "IMG_0001")}))
    r = scan(folder, report)
    assert r.exit_code in (0, 1) and settled(report, "IMG_0001") == {"g2.p1.total": 111}, r.stderr
    (folder / "IMG_0001.jpg").write_bytes(b"the list photographed again")
    for run in range(2):
        r = scan(folder, report)
        assert r.exit_code in (0, 1), r.stderr
        assert settled(report, "IMG_0001") == {}
        assert said(r, "IMG_0001") == ([f"skatscan: {old}: not applied: it was saved for another photo named "
                                        f"IMG_0001 (another tournament's, or a photo taken again?), not for "
                                        f"{folder / 'IMG_0001.jpg'} of this report"] if run == 0 else []), r.stderr
    page = (report / "lists" / "IMG_0001.html").read_text()
    assert re.search(r"data-earlier='([^']*)'", page).group(1) == "{}"


def test_a_renamed_photo_keeps_its_decisions_from_the_settle_folder_and_the_downloads(scanned):
    """D3: IMG_0001.jpg renamed s1-t39.jpg between runs: its file in bericht/settle/ names exactly this photo but was
    said as no list's decisions (exit 2) and not applied; the downloads' file of the old name was not looked at."""
    folder, report, downloads = scanned
    (report / "settle").mkdir()
    kept = report / "settle" / "IMG_0001.settle.json"
    kept.write_text(decision(111, {"name": "IMG_0001", "sha256": photo_hash(report, "IMG_0001")}))
    (folder / "IMG_0001.jpg").rename(folder / "s1-t39.jpg")
    r = scan(folder, report)
    assert r.exit_code in (0, 1), r.stderr
    assert said(r, "IMG_0001") == [f"skatscan: {kept}: the referee's decisions on {folder / 's1-t39.jpg'} (the same "
                                   f"photo, renamed), taken (copied to {report / 'settle' / 's1-t39.settle.json'})"]
    assert settled(report, "s1-t39") == {"g2.p1.total": 111}
    r = scan(folder, report)
    assert r.exit_code in (0, 1) and "settle" not in r.stderr, r.stderr
    # renamed once more: the page of the first name saved a newer file into the downloads
    (folder / "s1-t39.jpg").rename(folder / "s1-t40.jpg")
    saved = downloads / "IMG_0001.settle.json"
    saved.write_text(decision(122, {"name": "IMG_0001", "sha256": photo_hash(report, "s1-t39")}))
    os.utime(saved, (2_000_000_000, 2_000_000_000))
    r = scan(folder, report, "--settle-from", str(downloads))
    assert r.exit_code in (0, 1), r.stderr
    assert said(r, "IMG_0001") == [f"skatscan: {saved}: the referee's decisions on {folder / 's1-t40.jpg'} (the same "
                                   f"photo, renamed), taken (copied to {report / 'settle' / 's1-t40.settle.json'})"]
    assert settled(report, "s1-t40") == {"g2.p1.total": 122}


def test_a_file_saved_from_another_reports_page_of_the_same_photo_is_not_taken(scanned, tmp_path):
    """D4: the same photos in a series report A and a day report B: B's page saves "IMG_0001.settle (1).json"
    (without A's decisions); the next scan of A took it, the newer, and A's decision was lost."""
    folder, a, downloads = scanned
    b = tmp_path / "tag"
    r = scan(folder, b)
    assert r.exit_code in (0, 1), r.stderr
    in_a, in_b = page_identity(a, "IMG_0001"), page_identity(b, "IMG_0001")     # what each page saves
    (downloads / "IMG_0001.settle.json").write_text(decision(111, in_a))
    os.utime(downloads / "IMG_0001.settle.json", (1_700_000_000, 1_700_000_000))
    r = scan(folder, a, "--settle-from", str(downloads))
    assert r.exit_code in (0, 1) and settled(a, "IMG_0001") == {"g2.p1.total": 111}, r.stderr
    from_b = downloads / "IMG_0001.settle (1).json"
    from_b.write_text(decision(222, in_b))
    for run in range(2):
        r = scan(folder, a, "--settle-from", str(downloads))
        assert r.exit_code in (0, 1), r.stderr
        assert settled(a, "IMG_0001") == {"g2.p1.total": 111}
        assert said(r, "IMG_0001") == ([f"skatscan: {from_b}: not taken: saved from another report's page (the same "
                                        f"photo, {folder / 'IMG_0001.jpg'}, scanned into another report folder too); "
                                        f"this report's page saves its own; if it is this report's, put it into "
                                        f"{a / 'settle'}"] if run == 0 else []), r.stderr
    # B takes it (and not A's)
    r = scan(folder, b, "--settle-from", str(downloads))
    assert r.exit_code in (0, 1) and settled(b, "IMG_0001") == {"g2.p1.total": 222}, r.stderr


def test_photos_in_the_downloads_folder_a_file_beside_one_from_another_reports_page_is_not_applied(tmp_path,
                                                                                                   monkeypatch):
    """D4 with the photos AirDropped into the downloads folder: the day report's page saves "IMG_0001.settle (1).json"
    beside the photo; the series report took it by its name beside the photo, adding the day report's decisions."""
    read_photos_with(monkeypatch, fake_read)
    downloads = tmp_path / "Downloads"
    downloads.mkdir()
    (downloads / "IMG_0001.jpg").write_bytes(b"photo 1")
    photo = str(downloads / "IMG_0001.jpg")
    a, b = tmp_path / "serie", tmp_path / "tag"
    for report in (a, b):
        r = CliRunner().invoke(cli, ["scan", photo, "--report", str(report), "--settle-from", str(downloads)])
        assert r.exit_code in (0, 1), r.stderr
    (downloads / "IMG_0001.settle.json").write_text(decision(111, page_identity(a, "IMG_0001")))
    from_b = downloads / "IMG_0001.settle (1).json"
    from_b.write_text(json.dumps({"format": "skatscan.settle/1", "list": page_identity(b, "IMG_0001"),
                                  "cells": {"g3.p1.total": {"value": 333, "rule": "SkWO 7.2.5"}}}))
    os.utime(from_b, (2_000_000_000, 2_000_000_000))
    for run in range(2):
        r = CliRunner().invoke(cli, ["scan", photo, "--report", str(a), "--settle-from", str(downloads)])
        assert r.exit_code in (0, 1), r.stderr
        assert settled(a, "IMG_0001") == {"g2.p1.total": 111}
        assert said(r, "IMG_0001") == ([f"skatscan: {from_b}: not applied: saved from another report's page (the "
                                        f"same photo, {photo}, scanned into another report folder too); this "
                                        f"report's page saves its own; if it is this report's, put it into "
                                        f"{a / 'settle'}"] if run == 0 else []), r.stderr
    r = CliRunner().invoke(cli, ["scan", photo, "--report", str(b), "--settle-from", str(downloads)])
    assert r.exit_code in (0, 1) and settled(b, "IMG_0001") == {"g3.p1.total": 333}, r.stderr


def test_the_downloads_folder_given_twice_or_through_a_link_says_each_file_once(scanned, tmp_path):
    """``--settle-from ~/Downloads --settle-from ~/Downloads/`` (or the folder and a link to it): a file passed over is
    said once, not once for each time its folder was given."""
    folder, report, downloads = scanned
    (downloads / "IMG_0002.settle.json").write_text(decision(111, {"name": "IMG_0002", "sha256": "0" * 64}))
    link = tmp_path / "dl"
    link.symlink_to(downloads)
    r = scan(folder, report, "--settle-from", str(downloads), "--settle-from", f"{downloads}/",
             "--settle-from", str(link))
    assert r.exit_code in (0, 1), r.stderr
    assert len(said(r, "IMG_0002")) == 1, r.stderr
    assert settled(report, "IMG_0002") == {}


def test_a_file_taken_is_not_taken_again_when_its_copy_lost_its_time_on_a_fat_stick(scanned):
    """A report folder on a FAT stick keeps a file's time to 2 s, rounded down: the copy of a file saved at an odd
    second is a second older than the file in the downloads folder. It holds the same decisions: the next run takes
    nothing and says nothing (before, the file was copied and said "taken" at every run)."""
    folder, report, downloads = scanned
    saved = downloads / "IMG_0002.settle.json"
    saved.write_text(decision(111, page_identity(report, "IMG_0002")))
    os.utime(saved, (1_700_000_001, 1_700_000_001))
    r = scan(folder, report, "--settle-from", str(downloads))
    assert len(said(r, "IMG_0002")) == 1 and "taken" in said(r, "IMG_0002")[0], r.stderr
    copy = report / "settle" / "IMG_0002.settle.json"
    os.utime(copy, (1_700_000_000, 1_700_000_000))          # as vfat keeps it
    r = scan(folder, report, "--settle-from", str(downloads))
    assert r.exit_code in (0, 1) and said(r, "IMG_0002") == [], r.stderr
    assert settled(report, "IMG_0002") == {"g2.p1.total": 111}
    # a newer save with other decisions is still taken
    saved.write_text(decision(222, page_identity(report, "IMG_0002")))
    os.utime(saved, (1_700_000_100, 1_700_000_100))
    r = scan(folder, report, "--settle-from", str(downloads))
    assert len(said(r, "IMG_0002")) == 1 and "taken" in said(r, "IMG_0002")[0], r.stderr
    assert settled(report, "IMG_0002") == {"g2.p1.total": 222}


def test_a_decided_photo_taken_out_of_the_folder_keeps_its_file_without_a_stray_line(scanned, tmp_path):
    """The index advises taking an extra photo out (or the stick is unplugged): its file in bericht/settle/ is the
    report's, kept for when the photo is back; every rescan said it as no list's decisions and exited 2."""
    folder, report, _ = scanned
    (report / "settle").mkdir()
    kept = report / "settle" / "IMG_0003.settle.json"
    kept.write_text(decision(111, page_identity(report, "IMG_0003")))
    (folder / "IMG_0003.jpg").rename(tmp_path / "IMG_0003.jpg")
    for run in range(2):
        r = scan(folder, report)
        assert r.exit_code in (0, 1), r.stderr
        assert "is not the decisions" not in r.stderr and said(r, "IMG_0003") == [], r.stderr
    (tmp_path / "IMG_0003.jpg").rename(folder / "IMG_0003.jpg")
    r = scan(folder, report)
    assert r.exit_code in (0, 1) and settled(report, "IMG_0003") == {"g2.p1.total": 111}, r.stderr


def test_a_file_passed_over_in_the_downloads_is_not_said_again_after_a_run_without_the_folder(scanned):
    """--settle-from DIR, then a run without it, then with DIR again: the run that did not look into DIR forgot the
    files said, and the third run said them again."""
    folder, report, downloads = scanned
    other = downloads / "IMG_0001.settle.json"
    other.write_text(decision(111, {"name": "IMG_0001", "sha256": "ab" * 32}))
    r = scan(folder, report, "--settle-from", str(downloads))
    assert len(said(r, "IMG_0001")) == 1, r.stderr
    r = scan(folder, report)
    assert r.exit_code in (0, 1) and said(r, "IMG_0001") == [], r.stderr
    r = scan(folder, report, "--settle-from", str(downloads))
    assert r.exit_code in (0, 1) and said(r, "IMG_0001") == [], r.stderr


def test_two_decided_photos_with_their_names_swapped_keep_their_decisions(scanned):
    """The referee swaps the names of two decided photos: each file in bericht/settle/ named after a list names the
    other list's photo; both were passed over as "another tournament's" and neither list kept its decisions."""
    folder, report, _ = scanned
    (report / "settle").mkdir()
    one, two = report / "settle" / "IMG_0001.settle.json", report / "settle" / "IMG_0002.settle.json"
    one.write_text(decision(111, page_identity(report, "IMG_0001")))
    two.write_text(decision(222, page_identity(report, "IMG_0002")))
    r = scan(folder, report)
    assert settled(report, "IMG_0001") == {"g2.p1.total": 111} and settled(report, "IMG_0002") == {"g2.p1.total": 222}
    (folder / "IMG_0001.jpg").rename(folder / "x.jpg")
    (folder / "IMG_0002.jpg").rename(folder / "IMG_0001.jpg")
    (folder / "x.jpg").rename(folder / "IMG_0002.jpg")
    r = scan(folder, report)
    assert r.exit_code in (0, 1), r.stderr
    assert "another tournament" not in r.stderr, r.stderr
    assert settled(report, "IMG_0001") == {"g2.p1.total": 222} and settled(report, "IMG_0002") == {"g2.p1.total": 111}
    assert sorted(line for line in r.stderr.splitlines() if ".settle" in line) == [
        f"skatscan: {one}: the referee's decisions on {folder / 'IMG_0002.jpg'} (the same photo, renamed), taken "
        f"(copied to {two})",
        f"skatscan: {two}: the referee's decisions on {folder / 'IMG_0001.jpg'} (the same photo, renamed), taken "
        f"(copied to {one})"], r.stderr
    r = scan(folder, report)
    assert r.exit_code in (0, 1) and "settle" not in r.stderr, r.stderr


def test_a_new_photo_at_a_renamed_photos_old_place_leaves_it_its_decisions(scanned):
    """IMG_0001.jpg renamed s1-t39.jpg and a new photo put at IMG_0001.jpg: the file IMG_0001.settle.json names the
    renamed photo; it goes with it, and the line about it does not guess another tournament."""
    folder, report, _ = scanned
    (report / "settle").mkdir()
    kept = report / "settle" / "IMG_0001.settle.json"
    kept.write_text(decision(111, page_identity(report, "IMG_0001")))
    (folder / "IMG_0001.jpg").rename(folder / "s1-t39.jpg")
    (folder / "IMG_0001.jpg").write_bytes(b"a new photo")
    r = scan(folder, report)
    assert r.exit_code in (0, 1), r.stderr
    assert settled(report, "s1-t39") == {"g2.p1.total": 111} and settled(report, "IMG_0001") == {}
    assert said(r, "IMG_0001") == [
        f"skatscan: {kept}: the referee's decisions on {folder / 's1-t39.jpg'} (the same photo, renamed), taken "
        f"(copied to {report / 'settle' / 's1-t39.settle.json'})",
        f"skatscan: {kept}: not applied: it was saved for {folder / 's1-t39.jpg'} of this report (then named "
        f"IMG_0001), not for {folder / 'IMG_0001.jpg'}"], r.stderr


@pytest.mark.parametrize("with_identity", [True, False])
def test_a_copy_with_a_plainer_name_beside_a_decided_photo_is_the_duplicate(tmp_path, monkeypatch, with_identity):
    """"s1-t1.jpg", a byte-identical copy, appears beside the decided "s1-t1 (1).jpg": the copy was read and the decided
    photo became the duplicate; its decisions followed (said as "renamed") or, without an identity, were lost."""
    read_photos_with(monkeypatch, fake_read)
    folder, report = tmp_path / "fotos", tmp_path / "bericht"
    folder.mkdir()
    (folder / "s1-t1 (1).jpg").write_bytes(b"photo 1")
    (folder / "s1-t2.jpg").write_bytes(b"photo 2")
    r = scan(folder, report)
    assert r.exit_code in (0, 1), r.stderr
    name = next(p.name[:-len(".list.json")] for p in (report / "results").glob("s1-t1*.list.json"))
    (report / "settle").mkdir()
    (report / "settle" / f"{name}.settle.json").write_text(
        decision(111, page_identity(report, name) if with_identity else None))
    (folder / "s1-t1.jpg").write_bytes(b"photo 1")
    r = scan(folder, report)
    assert r.exit_code == 2, r.stderr
    assert f"{folder / 's1-t1.jpg'}: the same photo as {folder / 's1-t1 (1).jpg'}" in r.stderr, r.stderr
    assert "renamed" not in r.stderr, r.stderr
    assert settled(report, name) == {"g2.p1.total": 111}


def test_a_decided_copy_giving_way_is_not_said_renamed(tmp_path, monkeypatch):
    """Both names of the same photo decided on: the plainer stays; the newer file of the copy's name is taken for it,
    said as the copy's, not as the photo renamed."""
    read_photos_with(monkeypatch, fake_read)
    folder, report = tmp_path / "fotos", tmp_path / "bericht"
    folder.mkdir()
    (folder / "s1-t1 (1).jpg").write_bytes(b"photo 1")
    r = scan(folder, report)
    assert r.exit_code in (0, 1), r.stderr
    (report / "settle").mkdir()
    copy = report / "settle" / "s1-t1_1.settle.json"
    copy.write_text(decision(111, page_identity(report, "s1-t1_1")))
    os.utime(copy, (2_000_000_000, 2_000_000_000))
    plain = report / "settle" / "s1-t1.settle.json"
    plain.write_text(decision(222, {**page_identity(report, "s1-t1_1"), "name": "s1-t1"}))
    (folder / "s1-t1.jpg").write_bytes(b"photo 1")
    r = scan(folder, report)
    assert f"skatscan: {copy}: the referee's decisions on {folder / 's1-t1.jpg'} (the same photo as " \
           f"{folder / 's1-t1 (1).jpg'}, which gives way to it), taken (copied to {plain})" in r.stderr, r.stderr
    assert settled(report, "s1-t1") == {"g2.p1.total": 111}


def test_a_copied_report_takes_the_decisions_saved_from_its_copied_pages(scanned, tmp_path):
    """cp -r bericht /stick/bericht: the copied pages save the original's id; the copy's first scan gave it a new id
    and refused them ("saved from another report's page")."""
    import shutil
    folder, report, downloads = scanned
    stick = tmp_path / "stick" / "bericht"
    shutil.copytree(report, stick)
    saved = downloads / "IMG_0002.settle.json"
    saved.write_text(decision(111, page_identity(stick, "IMG_0002")))      # the copied page, the original's id
    os.utime(saved, (1_700_000_000, 1_700_000_000))
    r = scan(folder, stick, "--settle-from", str(downloads))
    assert r.exit_code in (0, 1), r.stderr
    assert report_of(stick) != report_of(report) and page_identity(stick, "IMG_0002")["report"] == report_of(stick)
    assert settled(stick, "IMG_0002") == {"g2.p1.total": 111}, r.stderr
    # the original's page saves later: that is the original's, not the copy's
    later = downloads / "IMG_0002.settle (1).json"
    later.write_text(decision(222, page_identity(report, "IMG_0002")))
    os.utime(later, (time.time() + 100, time.time() + 100))
    r = scan(folder, stick, "--settle-from", str(downloads))
    assert settled(stick, "IMG_0002") == {"g2.p1.total": 111}, r.stderr
    assert "saved from another report's page" in r.stderr, r.stderr


def test_a_report_folder_deleted_and_scanned_again_takes_its_pages_files_from_the_downloads(scanned):
    """rm -rf bericht and a rescan with --settle-from ~/Downloads: the files there are the only copy of the decisions;
    the new report's new id refused every one."""
    import shutil
    folder, report, downloads = scanned
    saved = downloads / "IMG_0002.settle.json"
    saved.write_text(decision(111, page_identity(report, "IMG_0002")))
    shutil.rmtree(report)
    r = scan(folder, report, "--settle-from", str(downloads))
    assert r.exit_code in (0, 1), r.stderr
    assert settled(report, "IMG_0002") == {"g2.p1.total": 111}, r.stderr
