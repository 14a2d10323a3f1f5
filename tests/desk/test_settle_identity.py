"""The report's id that its pages save into their settle files (``list.report``): kept when the report folder is
moved, new for a copy of it while the original is at its place."""
import shutil

from desk.settle_identity import report_id


def test_a_report_keeps_its_id_moved_and_a_copy_gets_its_own(tmp_path):
    report = tmp_path / "bericht"
    first = report_id(report)
    assert report_id(report) == first and len(first) == 32
    shutil.copytree(report, tmp_path / "tag")
    copy = report_id(tmp_path / "tag")
    assert copy != first and report_id(tmp_path / "tag") == copy
    assert report_id(report) == first                       # the original keeps its own
    report.rename(tmp_path / "stick")
    assert report_id(tmp_path / "stick") == first           # moved: its pages' files still count
    assert report_id(tmp_path / "bericht") not in (first, copy)     # a new report where it was
