"""The batch runner: every photo gets a result or one line, whatever the others do."""
import json
import os
import signal
import threading
import time
from pathlib import Path

import pytest

from desk.batch import PhotoProblem, find_photos, run_batch


def fake_process(path: str) -> dict:
    """Stands in for the photo reader: the 'photo' file holds a word saying what to do."""
    text = Path(path).read_text()
    if text.startswith("hang"):
        time.sleep(60)
    if text.startswith("slow"):
        time.sleep(2)
    if text.startswith("linger"):
        threading.Thread(target=time.sleep, args=(30,)).start()      # a library's thread: the process lingers on
    if text.startswith("spin "):
        (Path(text.split()[1]) / "worker.pid").write_text(str(os.getpid()))
        while True:
            pass
    if text.startswith("native spin "):
        # a hang in native code that holds the interpreter (no other thread of the worker runs)
        (Path(text.split()[2]) / "worker.pid").write_text(str(os.getpid()))
        sum(range(10 ** 15))
    if text.startswith("crash"):
        os._exit(3)
    if text.startswith("killed"):
        os.kill(os.getpid(), signal.SIGKILL)        # as the OOM killer does
    if text.startswith("segfault"):
        os.kill(os.getpid(), signal.SIGSEGV)        # as a crash in a native library does
    if text.startswith("bad"):
        raise PhotoProblem("no list on this photo", "no-list")
    if text.startswith("bug on two lines"):
        raise ValueError("OpenCV(5.1.0) resize.cpp:4208: error: (-215:Assertion failed)\n in function 'resize'\n")
    if text.startswith("bug"):
        raise ValueError("oops")
    if text.startswith("meet "):
        # two photos read at the same time meet: each leaves a mark in the folder named and waits for another's
        there = Path(text.split()[1])
        (there / Path(path).name).write_text("here")
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and len(list(there.iterdir())) < 2:
            time.sleep(0.05)
        text = "met" if len(list(there.iterdir())) >= 2 else "alone"
    return {"list": {"format": "skatscan.list/1", "table": {"seats": 3}, "text": text}, "overlay_jpeg": b"\xff\xd8jpeg"}


def make(folder: Path, contents: dict) -> list:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in contents.items():
        (folder / name).write_text(text)
    return find_photos([str(folder)])


def test_batch_goes_on_past_bad_photos_and_reports_each(tmp_path):
    photos = make(tmp_path / "in", {"a.jpg": "ok a", "b.jpg": "bad", "c.jpg": "hang", "d.jpg": "crash",
                                    "e.jpg": "bug", "f.jpg": "ok f", "g.jpg": "ok a"})
    names = [p.stem for p in photos]
    seen = []
    out = run_batch(photos, tmp_path / "res", fake_process, names=names, time_limit=3, on_done=seen.append)
    status = {o.name: (o.status, o.problem) for o in out}
    assert status["a"][0] == "done" and status["f"][0] == "done"
    assert status["b"] == ("bad", "no list on this photo")
    assert status["c"][0] == "bad" and "longer than 3 s" in status["c"][1]
    assert status["d"][0] == "bad" and status["e"][0] == "bad" and "internal error" in status["e"][1]
    assert status["g"][0] == "duplicate" and "a.jpg" in status["g"][1]
    assert len(seen) == 7
    # what kind of problem each is, for a report in another language than the sentence's
    assert {o.name: o.why for o in out} == {"a": "", "b": "no-list", "c": "timeout", "d": "crash", "e": "crash",
                                            "f": "", "g": "duplicate"}
    assert status["d"][1] == "the process reading it died (exit status 3); the next run reads it again"
    assert json.loads((tmp_path / "res" / "a.list.json").read_text())["text"] == "ok a"
    assert (tmp_path / "res" / "a.overlay.jpg").read_bytes() == b"\xff\xd8jpeg"
    assert not list((tmp_path / "res").glob("*.part"))


def test_a_photo_stopped_by_the_time_limit_is_read_again_at_the_next_run(tmp_path):
    """A photo stopped by the time limit (a busy machine, a limit set too low) or whose worker died is not a bad photo:
    the next run reads it again, as a photo not finished yet (before: the rerun with a larger --time-limit said "took
    longer than 1 s" again, without reading it, and only --again, which reads every photo anew, helped). A photo that
    is bad itself stays done."""
    photos = make(tmp_path / "in", {"a.jpg": "slow a", "b.jpg": "bad"})
    names = [p.stem for p in photos]
    out = run_batch(photos, tmp_path / "res", fake_process, names=names, time_limit=1)
    assert [(o.status, o.why) for o in out] == [("bad", "timeout"), ("bad", "no-list")]
    out = run_batch(photos, tmp_path / "res", fake_process, names=names, time_limit=10)
    assert [(o.status, o.why) for o in out] == [("done", ""), ("bad", "no-list")]
    assert out[1].seconds == 0                                          # not read again


def hanging_process(path: str) -> dict:
    """A reader that hangs on every photo (a busy machine, a limit set too low)."""
    time.sleep(60)
    return fake_process(path)


def test_a_photo_bad_now_takes_its_earlier_list_out_of_the_results(tmp_path):
    """A photo read before and bad now (changed and stopped by the time limit at an --again rescan, photographed anew
    and no list on it) kept its earlier list in the results: ``audit`` and ``standings`` of the results counted a list
    the report shows as unreadable, and the next rescan took that list back for the photo without reading it."""
    photos = make(tmp_path / "in", {"a.jpg": "ok a", "b.jpg": "ok b"})
    res = tmp_path / "res"
    run_batch(photos, res, fake_process, names=["a", "b"])
    assert sorted(p.name for p in res.iterdir()) == ["a.list.json", "a.overlay.jpg", "b.list.json", "b.overlay.jpg",
                                                     "manifest.json"]
    (tmp_path / "in" / "a.jpg").write_text("ok a, photographed again")
    out = run_batch(photos[:1], res, hanging_process, names=["a"], again=True, time_limit=1)
    assert [(o.status, o.why) for o in out] == [("bad", "timeout")]
    (tmp_path / "in" / "b.jpg").write_text("bad, photographed again")
    out = run_batch(photos[1:], res, fake_process, names=["b"])
    assert [(o.status, o.why) for o in out] == [("bad", "no-list")]
    assert sorted(p.name for p in res.iterdir()) == ["manifest.json"]
    out = run_batch(photos, res, fake_process, names=["a", "b"])
    assert [(o.status, o.why) for o in out] == [("done", ""), ("bad", "no-list")]   # a read again, not its old list


def dying_process(path: str) -> dict:
    """A reader whose process dies on every photo (a crash in a native library)."""
    os._exit(3)


def test_an_again_rescan_that_does_not_finish_a_photo_keeps_its_earlier_list(tmp_path):
    """``--again`` on a busy laptop: a photo whose reading now hits the time limit or whose worker dies lost the list
    an earlier run read from it, which was fine. The same photo read with the same settings keeps it (its photo's copy
    and its manifest entry as a photo done too), said with the problem, "skipped" as a photo read before; a photo
    changed since, or read with other settings, loses it as before."""
    photos = make(tmp_path / "in", {"a.jpg": "ok a", "b.jpg": "ok b", "c.jpg": "ok c"})
    res = tmp_path / "res"
    names = ["a", "b", "c"]
    run_batch(photos, res, fake_process, names=names, made_with={"engine": "x"})
    manifest = json.loads((res / "manifest.json").read_text())
    out = run_batch(photos[:2], res, hanging_process, names=names[:2], again=True, time_limit=1, workers=2,
                    made_with={"engine": "x"})
    assert [(o.status, o.why, o.list_doc["text"]) for o in out] == [("skipped", "timeout", "ok a"),
                                                                   ("skipped", "timeout", "ok b")]
    assert out[0].problem == "took longer than 1 s and was stopped; the list read at an earlier run is kept"
    assert out[0].problem_de == ("dauerte länger als 1 s und wurde abgebrochen; die Liste aus einem früheren Lauf "
                                 "bleibt")
    assert json.loads((res / "manifest.json").read_text()) == manifest
    assert sorted(p.name for p in res.iterdir()) == ["a.list.json", "a.overlay.jpg", "b.list.json", "b.overlay.jpg",
                                                     "c.list.json", "c.overlay.jpg", "manifest.json"]
    out = run_batch(photos[2:], res, dying_process, names=names[2:], again=True, made_with={"engine": "x"})
    assert [(o.status, o.why, o.problem) for o in out] == [
        ("skipped", "crash", "the process reading it died (exit status 3); the list read at an earlier run is kept")]
    out = run_batch(photos, res, fake_process, names=names, made_with={"engine": "x"})
    assert [(o.status, o.problem) for o in out] == [("skipped", "")] * 3                  # done, not read again
    (tmp_path / "in" / "a.jpg").write_text("ok a, photographed again")
    out = run_batch(photos, res, hanging_process, names=names, again=True, time_limit=1, workers=2,
                    made_with={"engine": "y"})
    assert [(o.status, o.why) for o in out] == [("bad", "timeout")] * 3                   # changed, other settings
    assert sorted(p.name for p in res.iterdir()) == ["manifest.json"]


def test_a_list_left_beside_a_photo_refused_since_is_not_taken_for_it(tmp_path):
    """A results folder of an earlier version kept a photo's list after the photo was refused (photographed anew, no
    list on it): the manifest says the refusal, the old list lay beside it and was taken for the photo, unread. A
    manifest entry with a problem has no list: the photo is said as refused before, and the old list goes."""
    photos = make(tmp_path / "in", {"a.jpg": "ok a"})
    res = tmp_path / "res"
    run_batch(photos, res, fake_process, names=["a"])
    (tmp_path / "in" / "a.jpg").write_text("bad, photographed again")
    out = run_batch(photos, res, fake_process, names=["a"])
    assert [(o.status, o.why) for o in out] == [("bad", "no-list")]
    (res / "a.list.json").write_text(json.dumps({"format": "skatscan.list/1", "text": "ok a"}))   # as left before
    out = run_batch(photos, res, fake_process, names=["a"])
    assert [(o.status, o.why, o.refused_before) for o in out] == [("bad", "no-list", True)]
    assert not (res / "a.list.json").exists()


def test_workers_read_photos_at_the_same_time(tmp_path):
    """``--workers 2`` reads two photos at once (before: the batch waited for each photo before it gave out the next,
    so a second worker never had work, and 90 photos of a tournament day took as long as with one)."""
    meet = tmp_path / "meet"
    meet.mkdir()
    photos = make(tmp_path / "in", {"a.jpg": f"meet {meet} a", "b.jpg": f"meet {meet} b"})
    out = run_batch(photos, tmp_path / "res", fake_process, names=["a", "b"], workers=2)
    assert [(o.status, o.list_doc["text"]) for o in out] == [("done", "met"), ("done", "met")]


def test_a_photo_over_the_time_limit_costs_the_others_read_beside_it_nothing(tmp_path):
    """A photo that hangs stops every worker; the photo read beside it at that moment is read again, not called too
    slow; each photo is said once, in the order given."""
    photos = make(tmp_path / "in", {"a.jpg": "hang", "b.jpg": "slow b", "c.jpg": "slow c", "d.jpg": "ok d"})
    seen = []
    out = run_batch(photos, tmp_path / "res", fake_process, names=["a", "b", "c", "d"], workers=2, time_limit=3,
                    on_done=seen.append)
    assert [(o.name, o.status, o.why) for o in out] == [("a", "bad", "timeout"), ("b", "done", ""),
                                                          ("c", "done", ""), ("d", "done", "")]
    assert sorted(o.name for o in seen) == ["a", "b", "c", "d"]
    manifest = json.loads((tmp_path / "res" / "manifest.json").read_text())
    assert sorted(manifest) == ["a", "b", "c", "d"] and manifest["a"]["why"] == "timeout"


@pytest.mark.parametrize("workers", [1, 2])
def test_a_worker_that_dies_is_noticed_at_once_and_said_truthfully(tmp_path, workers):
    """A worker killed by the OOM killer (SIGKILL) or by a segfault in a native library left its photo unanswered: the
    batch heard of it only when the time limit ran out, and called the photo too slow. It is noticed at once, its photo
    is said with the signal, a new worker reads on, and the next run reads the photo again."""
    photos = make(tmp_path / "in", {"a.jpg": "killed", "b.jpg": "ok b", "c.jpg": "segfault", "d.jpg": "ok d",
                                    "e.jpg": "ok e"})
    start = time.monotonic()
    out = run_batch(photos, tmp_path / "res", fake_process, names=["a", "b", "c", "d", "e"], workers=workers,
                    time_limit=40)
    assert time.monotonic() - start < 30
    assert [(o.name, o.status, o.why) for o in out] == [("a", "bad", "crash"), ("b", "done", ""), ("c", "bad", "crash"),
                                                          ("d", "done", ""), ("e", "done", "")]
    assert out[0].problem == ("the process reading it died (signal 9, SIGKILL: out of memory?); the next run reads it "
                              "again")
    assert out[0].problem_de.startswith("der Prozess, der es las, ist abgestürzt (Signal 9, SIGKILL: zu wenig "
                                        "Speicher?)")
    assert out[2].problem.startswith("the process reading it died (signal 11, SIGSEGV: a crash in a native library)")
    (tmp_path / "in" / "a.jpg").write_text("ok a, read at last")
    out = run_batch(photos, tmp_path / "res", fake_process, names=["a", "b", "c", "d", "e"], workers=workers)
    assert [o.status for o in out] == ["done", "skipped", "bad", "skipped", "skipped"] and out[2].seconds > 0


def test_a_failure_of_the_reader_is_said_on_one_line(tmp_path):
    """An internal error's message of several lines (OpenCV's end in a newline) is one line on stderr and in the
    report."""
    photos = make(tmp_path / "in", {"a.jpg": "bug on two lines"})
    out = run_batch(photos, tmp_path / "res", fake_process, names=["a"])
    assert out[0].problem == ("internal error while reading the photo (ValueError: OpenCV(5.1.0) resize.cpp:4208: "
                              "error: (-215:Assertion failed) in function 'resize')")
    assert "\n" not in out[0].problem_de


def test_of_the_same_photo_twice_the_plainest_name_is_read_and_the_copy_is_the_duplicate(tmp_path):
    """A photo and its byte copy "s1-t2 (1).jpg" (which sorts first): the original is read, the copy is named as its
    duplicate (before: the copy was read and the original listed as a duplicate of it); the report calls it a
    duplicate photo, not an unreadable one."""
    from desk.pages import unreadable_view
    photos = make(tmp_path / "in", {"s1-t2 (1).jpg": "ok a", "s1-t2.jpg": "ok a"})
    out = run_batch(photos, tmp_path / "res", fake_process, names=["copy", "orig"])
    status = {o.photo.name: (o.status, o.problem) for o in out}
    assert status["s1-t2.jpg"][0] == "done"
    assert status["s1-t2 (1).jpg"] == ("duplicate", f"the same photo as {tmp_path / 'in' / 's1-t2.jpg'}")
    copy = next(o for o in out if o.status == "duplicate")
    assert unreadable_view(copy.name, str(copy.photo), copy.problem, "de", why=copy.why,
                           problem_de=copy.problem_de).status_label == "doppeltes Foto"


def test_rerun_skips_what_is_done_and_again_redoes_it(tmp_path):
    photos = make(tmp_path / "in", {"a.jpg": "ok a", "b.jpg": "bad"})
    names = [p.stem for p in photos]
    run_batch(photos, tmp_path / "res", fake_process, names=names)
    out = run_batch(photos, tmp_path / "res", fake_process, names=names)
    assert [o.status for o in out] == ["skipped", "bad"] and out[1].why == "no-list"    # kept from the first run
    (tmp_path / "in" / "a.jpg").write_text("ok changed")          # a new photo under the old name
    out = run_batch(photos, tmp_path / "res", fake_process, names=names)
    assert out[0].status == "done" and out[0].list_doc["text"] == "ok changed"
    out = run_batch(photos, tmp_path / "res", fake_process, names=names, again=True)
    assert [o.status for o in out] == ["done", "bad"]


def test_vanished_photo(tmp_path):
    photos = make(tmp_path / "in", {"a.jpg": "ok a"})
    photos.append(tmp_path / "in" / "gone.jpg")
    out = run_batch(photos, tmp_path / "res", fake_process, names=["a", "gone"])
    assert out[1].status == "bad" and "gone" in out[1].problem and out[1].why == "gone"


def test_inputs_never_written(tmp_path):
    photos = make(tmp_path / "in", {"a.jpg": "ok a"})
    before = {p: p.read_bytes() for p in photos}
    run_batch(photos, tmp_path / "res", fake_process, names=["a"])
    assert {p: p.read_bytes() for p in photos} == before
    assert sorted(x.name for x in (tmp_path / "in").iterdir()) == ["a.jpg"]


def test_a_rerun_with_other_settings_reads_the_photos_again(tmp_path):
    """A result is taken from an earlier run only when it was read with the same engine and settings
    (``made_with``): the loss money schedule weighs the amounts read in doubt."""
    photos = make(tmp_path / "in", {"a.jpg": "ok a", "b.jpg": "bad"})
    names = [p.stem for p in photos]
    first = {"engine": "skatscan", "loss_money": "0.50*3,1.00"}
    run_batch(photos, tmp_path / "res", fake_process, names=names, made_with=first)
    out = run_batch(photos, tmp_path / "res", fake_process, names=names, made_with=dict(first))
    assert [o.status for o in out] == ["skipped", "bad"]
    out = run_batch(photos, tmp_path / "res", fake_process, names=names, made_with={**first, "loss_money": "1.00"})
    assert [o.status for o in out] == ["done", "bad"] and out[1].seconds > 0      # both read again
    manifest = json.loads((tmp_path / "res" / "manifest.json").read_text())
    assert manifest["a"]["made_with"]["loss_money"] == "1.00"


def test_a_folder_stands_for_its_photos_not_the_hidden_files_beside_them(tmp_path):
    """A Mac copying photos to a USB stick leaves "._NAME" beside each (no photo); a folder stands for its photos,
    upper-case suffixes too, and not for those: each would be one more bad-input line. A hidden file named on the
    command line is still read."""
    found = make(tmp_path / "stick", {"IMG_0001.JPG": "x", "IMG_0002.jpeg": "x", "._IMG_0001.JPG": "appledouble",
                                      ".hidden.png": "x", "notes.txt": "x"})
    assert [p.name for p in found] == ["IMG_0001.JPG", "IMG_0002.jpeg"]
    assert find_photos([str(tmp_path / "stick" / "._IMG_0001.JPG")]) == [tmp_path / "stick" / "._IMG_0001.JPG"]


def test_a_folder_stands_for_its_jfif_photos(tmp_path):
    """A photo saved from WhatsApp Web on Windows is a JPEG named ".jfif" (or ".jpe"): a folder of them was "no photos
    found", though each given by name was read."""
    found = make(tmp_path / "whatsapp", {"WhatsApp Image 2026-12-05.jfif": "x", "b.JPE": "x", "c.txt": "x"})
    assert [p.name for p in found] == ["WhatsApp Image 2026-12-05.jfif", "b.JPE"]


def test_a_folder_stands_for_its_scanners_pdfs_too(tmp_path):
    """An office scanner's PDF in the folder of photos was passed over without a word (its lists missing from the
    report): it is taken, to be refused with advice (digitize.image.PDF_MESSAGE)."""
    found = make(tmp_path / "scans", {"Scan_0001.PDF": "%PDF-1.4", "t1.jpg": "x", "c.txt": "x"})
    assert [p.name for p in found] == ["Scan_0001.PDF", "t1.jpg"]


def test_a_folder_stands_for_its_lists_not_the_hidden_files_beside_them(tmp_path):
    from skatscan.cmd_audit import expand

    for name in ("t1.json", "._t1.json", "T2.CSV", ".x.csv"):
        (tmp_path / name).write_text("x")
    assert expand([str(tmp_path)]) == [str(tmp_path / "T2.CSV"), str(tmp_path / "t1.json")]


def test_a_photo_keeps_its_name_in_a_report_and_another_with_its_file_name_takes_a_new_one(tmp_path):
    """The names of a report's results are the names of the referee's decisions (settle/NAME.settle.json):
    serie2/t1.jpg scanned after serie1/t1.jpg took the name "t1" (and the decisions of the other table's list), and
    serie1/t1.jpg became "t1-2" and was read again."""
    from desk.batch import report_names
    res = tmp_path / "res"
    one = make(tmp_path / "serie1", {"t1.jpg": "ok one"})
    assert report_names(one, res) == ([None], set())
    run_batch(one, res, fake_process, names=["t1"])
    two = make(tmp_path / "serie2", {"t1.jpg": "ok two"})
    photos = two + one                                   # the photo given now first, then the report's earlier one
    known, taken = report_names(photos, res)
    assert known == [None, "t1"] and taken == {"t1"}     # the new photo must take another name (scan: "t1-2")
    names = ["t1-2", "t1"]
    out = run_batch(photos, res, fake_process, names=names)
    assert [(o.name, o.status) for o in out] == [("t1-2", "done"), ("t1", "skipped")]      # not read again


def test_a_photo_out_of_its_place_leaves_the_results_and_comes_back_with_its_name(tmp_path):
    """A folder of photos away for a while (a USB stick not plugged in): their lists leave the results (so standings of
    the results count what the report shows) and are named once, but the report remembers where they were: back in
    place, they rejoin under their names (read again). Before, their manifest entries were deleted with them and they
    never came back."""
    from desk.batch import earlier_photos, forget_others, report_names
    res = tmp_path / "res"
    photos = make(tmp_path / "stick", {"s1-t1.jpg": "ok a", "s1-t2.jpg": "ok b"})
    run_batch(photos, res, fake_process, names=["s1-t1", "s1-t2"])
    (tmp_path / "stick").rename(tmp_path / "away")
    assert earlier_photos(res, []) == []
    assert forget_others(res, []) == photos                  # said at the scan they leave
    assert sorted(p.name for p in res.glob("*.list.json")) == []
    assert forget_others(res, []) == []                      # and not again
    (tmp_path / "away").rename(tmp_path / "stick")
    back = earlier_photos(res, [])
    assert back == photos and report_names(back, res)[0] == ["s1-t1", "s1-t2"]
    out = run_batch(back, res, fake_process, names=["s1-t1", "s1-t2"])
    assert [o.status for o in out] == ["done", "done"]


CTRL_C_BATCH = """
import sys
from pathlib import Path
from desk.batch import find_photos, run_batch
from tests.desk.test_batch import fake_process
photos = find_photos([sys.argv[1]])
try:
    run_batch(photos, Path(sys.argv[2]), fake_process, names=[p.stem for p in photos], workers=2,
              on_done=lambda o: print(o.name, flush=True))
except KeyboardInterrupt:
    print("interrupted", file=sys.stderr)
"""


def test_ctrl_c_at_the_terminal_stops_the_batch_with_its_own_line_alone(tmp_path):
    """Ctrl-C at the terminal goes to every process of the batch, the workers too: the batch stops them and says so,
    and they say nothing (before: each worker busy with a photo printed "Process ForkServerPoolWorker-1:" and its
    traceback); what was finished is kept, nothing half-written."""
    import signal
    import subprocess
    import sys
    make(tmp_path / "in", {f"s1-t{k}.jpg": f"slow {k}" for k in range(1, 7)})
    root = Path(__file__).resolve().parents[2]
    run = subprocess.Popen([sys.executable, "-c", CTRL_C_BATCH, str(tmp_path / "in"), str(tmp_path / "res")],
                           cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           start_new_session=True, env={**os.environ, "PYTHONPATH": str(root)})
    try:
        first = run.stdout.readline()               # a photo is done, two more are being read
        time.sleep(0.5)
        os.killpg(run.pid, signal.SIGINT)
        out, err = run.communicate(timeout=30)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
    assert first.strip() and err == "interrupted\n", err
    done = sorted(p.name for p in (tmp_path / "res").glob("*.list.json"))
    assert done and len(done) == len([first, *out.split()]) and not list((tmp_path / "res").glob("*.part"))
    assert sorted(json.loads((tmp_path / "res" / "manifest.json").read_text())) == [n[:-10] for n in done]


def test_a_run_removes_the_temporary_files_a_killed_run_left(tmp_path):
    """A batch killed outright (``kill -9``, the OOM killer, a power cut) while it wrote a result left its temporary
    file (``.NAME.XXXXXXXX.part``) in the results folder for ever. The next run removes those, not a file of another
    name, nor one written to a moment ago (another process's, being written)."""
    photos = make(tmp_path / "in", {"a.jpg": "ok a"})
    res = tmp_path / "res"
    res.mkdir()
    stale = [".a.list.json.k3j_9xq2.part", ".manifest.json.abcdefgh.part", ".a.overlay.jpg.0000zzzz.part"]
    others = ["a.list.json.abcdefgh.part", ".notes.part", ".a.list.json.ABCDEFGH.part", ".a.list.json.abcdefgh.parts",
              "mine.part"]
    for name in stale + others + [".b.list.json.qwertyui.part"]:
        (res / name).write_text("half")
    for name in stale + others:
        os.utime(res / name, (time.time() - 3600, time.time() - 3600))
    run_batch(photos, res, fake_process, names=["a"])
    assert sorted(p.name for p in res.iterdir()) == sorted(others + [".b.list.json.qwertyui.part", "a.list.json",
                                                                     "a.overlay.jpg", "manifest.json"])


def test_a_rerun_does_not_read_the_bytes_of_photos_unchanged_since(tmp_path, monkeypatch):
    """A rescan of a tournament day's 90 photos (on a USB stick, 400 MB) took each photo's hash from its bytes again to
    find it unchanged. A photo at its place with the size and time to the nanosecond the manifest has keeps its hash
    unread; one changed is read (and read again by the batch), and ``again`` reads every one anew."""
    import desk.batch
    photos = make(tmp_path / "in", {"a.jpg": "ok a", "b.jpg": "ok b"})
    run_batch(photos, tmp_path / "res", fake_process, names=["a", "b"])
    hashed = []
    real = desk.batch.hashlib.sha256

    def counting():
        hashed.append(1)
        return real()

    monkeypatch.setattr(desk.batch.hashlib, "sha256", counting)
    out = run_batch(photos, tmp_path / "res", fake_process, names=["a", "b"])
    assert [o.status for o in out] == ["skipped", "skipped"] and hashed == []
    (tmp_path / "in" / "b.jpg").write_text("ok b, photographed again")
    out = run_batch(photos, tmp_path / "res", fake_process, names=["a", "b"])
    assert [o.status for o in out] == ["skipped", "done"] and len(hashed) == 1
    out = run_batch(photos, tmp_path / "res", fake_process, names=["a", "b"], again=True)
    assert [o.status for o in out] == ["done", "done"] and len(hashed) == 3
    # a report whose manifest is older than the time in ns: hashed once more, then no more
    manifest = json.loads((tmp_path / "res" / "manifest.json").read_text())
    (tmp_path / "res" / "manifest.json").write_text(json.dumps({k: {f: v for f, v in e.items() if f != "mtime_ns"}
                                                                for k, e in manifest.items()}))
    for hashes in (5, 5):
        out = run_batch(photos, tmp_path / "res", fake_process, names=["a", "b"])
        assert [o.status for o in out] == ["skipped", "skipped"] and len(hashed) == hashes


def test_another_photo_put_in_a_photos_place_with_its_size_and_time_is_read(tmp_path):
    """The size and time of a photo read before were enough to take it as unchanged without reading its bytes: another
    list of the same size put in its place with the old time (``cp -p``, an unzip, a scanner's BMPs all of one size)
    kept the old list in the report. The file's change time, which no copy keeps, tells them apart."""
    import os
    photos = make(tmp_path / "in", {"a.jpg": "ok list A"})
    run_batch(photos, tmp_path / "res", fake_process, names=["a"])
    st = photos[0].stat()
    replacement = tmp_path / "other.jpg"
    replacement.write_text("ok list B")                     # the same size
    os.replace(replacement, photos[0])
    os.utime(photos[0], ns=(st.st_atime_ns, st.st_mtime_ns))
    assert photos[0].stat().st_size == st.st_size and photos[0].stat().st_mtime_ns == st.st_mtime_ns
    out = run_batch(photos, tmp_path / "res", fake_process, names=["a"])
    assert [o.status for o in out] == ["done"]
    assert json.loads((tmp_path / "res" / "a.list.json").read_text()) == fake_process(str(photos[0]))["list"]


def test_an_error_writing_a_result_does_not_wait_for_a_photo_read_beside_it(tmp_path, monkeypatch):
    """With two workers, a full disk while one photo's list was written waited for the photo the other worker read
    (``pool.close`` joins it): one that hangs held the batch for ever, and the referee never heard of the disk. The
    other workers are stopped and the error comes at once."""
    import desk.batch
    real = desk.batch.write_atomic

    def full(path, data):
        if str(path).endswith(".list.json"):
            raise OSError(28, "No space left on device")
        return real(path, data)

    monkeypatch.setattr(desk.batch, "write_atomic", full)
    photos = make(tmp_path / "in", {"a.jpg": "ok a", "b.jpg": "hang"})
    start = time.monotonic()
    with pytest.raises(OSError, match="No space left"):
        run_batch(photos, tmp_path / "res", fake_process, names=["a", "b"], workers=2, time_limit=50)
    assert time.monotonic() - start < 20


def test_a_worker_that_dies_between_photos_costs_the_next_photo_nothing(tmp_path, monkeypatch):
    """A worker killed while it waits for its next photo is replaced; the photo it would have read is read by a new
    one, not said to have died with it."""
    import desk.batch
    photos = make(tmp_path / "in", {"a.jpg": "ok a", "b.jpg": "ok b", "c.jpg": "ok c"})
    real = desk.batch._Workers.done

    def done_then_killed(self, worker):
        real(self, worker)
        if worker in self.workers:
            worker.proc.kill()
            worker.proc.join()

    monkeypatch.setattr(desk.batch._Workers, "done", done_then_killed)
    out = run_batch(photos, tmp_path / "res", fake_process, names=["a", "b", "c"])
    assert [(o.status, o.why) for o in out] == [("done", ""), ("done", ""), ("done", "")]


def test_a_worker_replaced_after_its_photos_is_not_waited_for(tmp_path, monkeypatch):
    """A worker is replaced after TASKS_PER_WORKER photos: the batch waited up to 5 s for it to end (a library's thread
    that lingers), holding the answer of the photo read beside it, which took those seconds too (and the other
    workers' time limits). It is told to end and not waited for; killed when it lingers. The batch's own time says
    it: a photo's seconds are measured in its worker, and do not count the batch's waits."""
    import desk.batch
    monkeypatch.setattr(desk.batch, "TASKS_PER_WORKER", 1)
    monkeypatch.setattr(desk.batch, "RETIRE_GRACE", 1.0, raising=False)
    photos = make(tmp_path / "in", {"a.jpg": "linger a", "b.jpg": "ok b"})
    start = time.monotonic()
    out = run_batch(photos, tmp_path / "res", fake_process, names=["a", "b"], workers=2, time_limit=30)
    took = time.monotonic() - start
    assert [(o.status, o.why) for o in out] == [("done", ""), ("done", "")]
    # the workers' start and RETIRE_GRACE at the end: about 1.5 s; the wait of 5 s for the lingering worker and the
    # workers' start: more than 5 s
    assert took < 5, took


def test_a_photos_seconds_are_its_own_reading_not_the_batchs_work_on_the_photo_beside_it(tmp_path, monkeypatch):
    """Two photos of two seconds each read side by side, their results written slowly (a report on a slow USB stick:
    a second a file): the seconds of the photo whose answer waited while the batch wrote the other's results counted
    that wait too (about four). Each photo's seconds are its own reading's, measured in its worker."""
    import desk.batch
    real = desk.batch.write_atomic

    def slow_stick(path, data):
        time.sleep(1.0)
        return real(path, data)

    monkeypatch.setattr(desk.batch, "write_atomic", slow_stick)
    photos = make(tmp_path / "in", {"a.jpg": "slow a", "b.jpg": "slow b"})
    out = run_batch(photos, tmp_path / "res", fake_process, names=["a", "b"], workers=2, time_limit=30)
    assert [(o.status, o.why) for o in out] == [("done", ""), ("done", "")]
    assert all(2 <= o.seconds < 3 for o in out), [o.seconds for o in out]


def opencv_threads(path: str) -> dict:
    import cv2
    return {"list": {"threads": cv2.getNumThreads()}, "overlay_jpeg": None}


@pytest.mark.parametrize("workers, threads", [(1, 12), (2, 6), (3, 4)])
def test_each_worker_runs_opencv_on_its_share_of_the_cores(tmp_path, monkeypatch, workers, threads):
    """``--workers N`` ran N workers each with OpenCV's threads on every core: more threads than cores, each photo
    slower against its time limit. Each worker's OpenCV has its share of the cores skatscan may run on."""
    import desk.batch
    monkeypatch.setattr(desk.batch, "usable_cores", lambda: 12)
    photos = make(tmp_path / "in", {"a.jpg": "a", "b.jpg": "b", "c.jpg": "c"})
    out = run_batch(photos, tmp_path / "res", opencv_threads, names=["a", "b", "c"], workers=workers)
    assert [o.list_doc for o in out] == [{"threads": threads}] * 3


#: A stand-in for the tesseract binary: it notes the OMP_THREAD_LIMIT it was started with (in the file beside it,
#: ``.env`` added), says a version when asked, and reads nothing in a cell.
FAKE_TESSERACT = """#!/bin/sh
echo "${OMP_THREAD_LIMIT:-none}" >> "$0.env"
if [ "$1" = "--version" ]; then echo "tesseract 5.3.0"; exit 0; fi
printf 'conf\\ttext\\n' > "$2.tsv"                  # its table of words: none
"""


def tesseract_threads(path: str) -> dict:
    """Reads a cell with ``--engine tesseract``'s reader, the 'photo' naming the tesseract to run
    (:data:`FAKE_TESSERACT`); the list holds the thread limits each tesseract run was given."""
    import numpy as np

    from digitize.tesseract_engine import TesseractReader
    fake = Path(path).read_text()
    assert TesseractReader(fake).read_one(np.full((40, 60), 255, np.uint8)).text == ""
    return {"list": {"limits": Path(fake + ".env").read_text().split()}, "overlay_jpeg": None}


@pytest.mark.parametrize("workers, threads", [(1, "12"), (3, "4")])
def test_each_worker_runs_tesseract_on_its_share_of_the_cores(tmp_path, monkeypatch, workers, threads):
    """``--engine tesseract`` runs the tesseract binary, whose OpenMP ran four threads in each worker's run whatever
    the workers' share of the cores. Each run it starts has the worker's share (``OMP_THREAD_LIMIT``), as OpenCV has."""
    import desk.batch
    monkeypatch.setattr(desk.batch, "usable_cores", lambda: 12)
    monkeypatch.delenv("OMP_THREAD_LIMIT", raising=False)
    fakes = []
    for k in range(3):
        fakes.append(tmp_path / f"tesseract{k}")
        fakes[-1].write_text(FAKE_TESSERACT)
        fakes[-1].chmod(0o755)
    photos = make(tmp_path / "in", {f"{k}.jpg": str(fake) for k, fake in enumerate(fakes)})
    out = run_batch(photos, tmp_path / "res", tesseract_threads, names=["0", "1", "2"], workers=workers)
    assert [o.list_doc for o in out] == [{"limits": [threads, threads]}] * 3, [o.problem for o in out]


def _ended(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] == "Z"      # a zombie: ended, not yet reaped
    except FileNotFoundError:
        return True


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.parametrize("how, hang", [("SIGTERM", "spin"), ("SIGKILL", "spin"), ("SIGTERM", "native spin"),
                                       ("SIGKILL", "native spin")])
def test_the_workers_end_when_the_batch_is_killed(tmp_path, how, hang):
    """The batch's process killed (``kill PID``, ``timeout``, an IDE's stop button; not Ctrl-C, which reaches every
    process of the batch): its workers went on, a worker reading a photo that hangs at 100 % CPU for ever. They end
    with it, also one hanging in native code that holds the interpreter, whose watching thread cannot run (the
    kernel ends it with its parent: the batch, since the workers are spawned, not forked by a forkserver, which
    outlived the batch while its workers held it)."""
    import subprocess
    import sys
    (tmp_path / "marks").mkdir()
    make(tmp_path / "in", {"a.jpg": f"{hang} {tmp_path / 'marks'}"})
    root = Path(__file__).resolve().parents[2]
    run = subprocess.Popen([sys.executable, "-c", CTRL_C_BATCH, str(tmp_path / "in"), str(tmp_path / "res")],
                           cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
                           env={**os.environ, "PYTHONPATH": str(root)})
    worker = None
    try:
        deadline = time.monotonic() + 60
        while worker is None and time.monotonic() < deadline:
            time.sleep(0.1)
            if (tmp_path / "marks" / "worker.pid").exists():
                worker = int((tmp_path / "marks" / "worker.pid").read_text() or 0) or None
        assert worker is not None and not _ended(worker)
        os.kill(run.pid, getattr(signal, how))              # the batch's process only
        run.wait(timeout=30)
        deadline = time.monotonic() + 10
        while not _ended(worker) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert _ended(worker)
    finally:
        try:
            os.killpg(run.pid, signal.SIGKILL)      # whatever is left of the test's processes
        except ProcessLookupError:
            pass
        if worker is not None and not _ended(worker):
            os.kill(worker, signal.SIGKILL)


def test_a_list_read_with_other_settings_is_never_left_under_the_earlier_runs_manifest_entry(tmp_path, monkeypatch):
    """A run with other settings (another engine) stopped between a photo's new list and its manifest entry (a full
    disk, SIGKILL) left the new list under the entry of the earlier run, which a later run with the earlier settings
    then took as its own, unread (and an ``--again`` that did not finish kept it as "the list read at an earlier
    run"). The earlier entry goes before its list is replaced."""
    import desk.batch
    photos = make(tmp_path / "in", {"a.jpg": "ok a"})
    res = tmp_path / "res"
    run_batch(photos, res, fake_process, names=["a"], made_with={"engine": "x"})
    real = desk.batch.write_atomic
    manifests = []

    def full_disk(path, data):      # the disk full once the new list is written: its manifest entry cannot follow
        if Path(path).name == "manifest.json" and (res / "a.list.json").stat().st_mtime_ns > listed:
            manifests.append(path)
            raise OSError(28, "No space left on device")
        real(path, data)

    listed = (res / "a.list.json").stat().st_mtime_ns
    time.sleep(0.01)
    monkeypatch.setattr(desk.batch, "write_atomic", full_disk)
    with pytest.raises(OSError):
        run_batch(photos, res, fake_process, names=["a"], made_with={"engine": "y"})
    monkeypatch.setattr(desk.batch, "write_atomic", real)
    assert manifests and (res / "a.list.json").stat().st_mtime_ns > listed        # the new list, no entry after it
    assert "a" not in json.loads((res / "manifest.json").read_text())
    out = run_batch(photos, res, fake_process, names=["a"], made_with={"engine": "x"})
    assert [o.status for o in out] == ["done"]                   # read again, not taken from the other engine's run
    # the same photo read with the same settings keeps its entry while its new list is written: nothing to vouch for
    writes = []
    monkeypatch.setattr(desk.batch, "write_atomic", lambda path, data: (writes.append(Path(path).name),
                                                                         real(path, data)))
    run_batch(photos, res, fake_process, names=["a"], made_with={"engine": "x"}, again=True)
    assert writes == ["a.overlay.jpg", "a.list.json", "manifest.json"]


def test_a_photo_gone_while_an_again_reading_hung_does_not_keep_its_list(tmp_path):
    """A photo taken away (a stick pulled out) while its ``--again`` reading ran over the time limit is not "the same
    photo" any more: its earlier list is not kept."""
    photos = make(tmp_path / "in", {"a.jpg": "ok a"})
    res = tmp_path / "res"
    run_batch(photos, res, fake_process, names=["a"])

    out = run_batch(photos, res, vanishing_hang, names=["a"], again=True, time_limit=2)
    assert [(o.status, o.why) for o in out] == [("bad", "timeout")]
    assert not (res / "a.list.json").exists()


def vanishing_hang(path: str) -> dict:
    """A reader whose photo goes while it hangs on it."""
    os.unlink(path)
    time.sleep(60)
    return {}


def test_a_users_own_lower_thread_limit_for_tesseract_stands(tmp_path, monkeypatch):
    """``OMP_THREAD_LIMIT=1`` set by the user is not raised to the worker's share of the cores."""
    import desk.batch
    monkeypatch.setattr(desk.batch, "usable_cores", lambda: 12)
    monkeypatch.setenv("OMP_THREAD_LIMIT", "1")
    fake = tmp_path / "tesseract"
    fake.write_text(FAKE_TESSERACT)
    fake.chmod(0o755)
    photos = make(tmp_path / "in", {"0.jpg": str(fake)})
    out = run_batch(photos, tmp_path / "res", tesseract_threads, names=["0"], workers=1)
    assert [o.list_doc for o in out] == [{"limits": ["1", "1"]}], [o.problem for o in out]


def test_a_photo_read_now_says_whether_a_scan_read_it_before(tmp_path):
    """``no_list_before`` of a photo read now: a photo that could not be read at its first scan (its manifest entry
    "unread") and is read now was taken for one scanned into the report before; a photo read anew (``again``) that an
    earlier scan read is no new one; one an earlier scan refused had no list before either, read again or not."""
    photos = make(tmp_path / "in", {"a.jpg": "fine a", "b.jpg": "fine b", "c.jpg": "bad"})
    results = tmp_path / "out"
    names = ["a", "b", "c"]
    run_batch(photos, results, fake_process, names=names)
    manifest = json.loads((results / "manifest.json").read_text())
    manifest["b"] = {"photo": str(photos[1]), "path": str(photos[1].resolve()), "problem": "a broken link",
                     "why": "gone", "made_with": None, "unread": True}
    (results / "manifest.json").write_text(json.dumps(manifest))
    outcomes = run_batch(photos, results, fake_process, names=names, again=True)
    assert [(o.status, o.no_list_before) for o in outcomes] == [("done", False), ("done", True), ("bad", True)]
    fresh = run_batch(make(tmp_path / "new", {"d.jpg": "bad"}), tmp_path / "out2", fake_process, names=["d"])
    assert [(o.status, o.no_list_before) for o in fresh] == [("bad", True)]


def test_a_photos_time_limit_counts_the_photo_not_the_workers_start(tmp_path):
    """A worker process that takes two seconds to start (its reader's module is slow to import, as skatscan's on a busy
    machine) reads a photo at once: within a time limit of one second. Before, the limit ran from the moment the
    process was started, and the photo was stopped as too slow (the tests of a one-second limit failed so on a loaded
    machine). (Its seconds are not asked: measured in its worker around the reading, they cannot count the start,
    and the batch's own time counts it rightly; the photo done says its limit did not.)"""
    from tests.desk.slow_start import read
    photos = make(tmp_path / "in", {"a.jpg": "ok a"})
    out = run_batch(photos, tmp_path / "out", read, names=["a"], time_limit=1)
    assert [(o.status, o.problem) for o in out] == [("done", "")], [o.problem for o in out]


def test_a_worker_that_dies_as_it_starts_fails_its_photo_and_the_batch_goes_on(tmp_path, monkeypatch):
    """A worker process that dies before it says it started (its reader's module fails to import there): each photo
    is one whose reading process died, named with its exit status, and the batch goes on to the next, as for a worker
    that dies reading. (Waiting for the start before a photo was given, as tried this session, ended the whole batch
    with "cannot start a process (EOFError)".)"""
    from tests.desk.dies_starting import read
    monkeypatch.setenv("SKATSCAN_TEST_DIE_STARTING", "1")
    photos = make(tmp_path / "in", {"a.jpg": "ok a", "b.jpg": "ok b"})
    out = run_batch(photos, tmp_path / "out", read, names=["a", "b"], time_limit=30)
    assert [(o.status, o.why) for o in out] == [("bad", "crash"), ("bad", "crash")], [o.problem for o in out]
    assert all("exit status 1" in o.problem for o in out), [o.problem for o in out]
