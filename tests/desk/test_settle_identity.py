"""The report's id that its pages save into their settle files (``list.report``): one id a place (a report folder
made again where it was gets its id again), a copy or a moved report gets the id of its new place and keeps the ids it
descends from, accepted for the files saved before it got its own."""
import os
import shutil
import time

from desk.settle_identity import Lineage, other_report, report_id, report_lineage


def test_a_copy_and_a_moved_report_get_their_own_ids_and_keep_the_ones_they_come_from(tmp_path):
    report = tmp_path / "bericht"
    first = report_id(report)
    assert report_id(report) == first and len(first) == 32
    shutil.copytree(report, tmp_path / "tag")
    copy = report_id(tmp_path / "tag")
    assert copy != first and report_id(tmp_path / "tag") == copy
    assert report_id(report) == first                       # the original keeps its own
    assert report_lineage(tmp_path / "tag").accepts(first, time.time() - 10)       # saved from the copied pages
    assert not report_lineage(tmp_path / "tag").accepts(first, time.time() + 10)   # the original's, saved since
    assert not report_lineage(report).accepts(copy, time.time() - 10)
    report.rename(tmp_path / "stick")
    moved = report_id(tmp_path / "stick")
    assert moved not in (first, copy) and report_lineage(tmp_path / "stick").accepts(first, time.time() - 10)


def test_a_copy_scanned_where_the_original_is_not_gets_its_own_id(tmp_path):
    """Review defect 4: the copy scanned first where the original's path does not exist (another machine, a stick not
    plugged in) was taken for a moved report and kept the original's id: both took each other's downloads."""
    report = tmp_path / "bericht"
    first = report_id(report)
    shutil.copytree(report, tmp_path / "stick")
    shutil.move(str(report), str(tmp_path / "away"))        # the original's place does not exist here
    copy = report_id(tmp_path / "stick")
    shutil.move(str(tmp_path / "away"), str(report))
    assert copy != first and report_id(report) == first


def test_a_report_folder_made_again_at_its_place_gets_its_id_again(tmp_path):
    """Review defect 3: rm -rf bericht and a rescan: the downloads saved from its pages are the only copy of the
    decisions; a new random id refused every one of them."""
    report = tmp_path / "bericht"
    first = report_id(report)
    shutil.rmtree(report)
    assert report_id(report) == first


def test_the_line_on_another_reports_file_says_the_way_out(tmp_path):
    settle = tmp_path / "bericht" / "settle"
    why = other_report({"sha256": "0" * 64, "report": "a" * 32}, Lineage("b" * 32), "fotos/IMG_0001.jpg", "taken",
                       settle=settle)
    assert why.endswith(f"; if it is this report's, put it into {settle}"), why


def test_an_old_report_id_file_keeps_its_id_at_its_place(tmp_path):
    (tmp_path / "bericht" / "results").mkdir(parents=True)
    (tmp_path / "bericht" / "results" / "report.id").write_text(
        '{"id": "%s", "place": "%s"}\n' % ("c" * 32, os.path.realpath(tmp_path / "bericht")))
    assert report_id(tmp_path / "bericht") == "c" * 32
