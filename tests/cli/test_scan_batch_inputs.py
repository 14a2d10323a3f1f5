"""A batch's odd inputs and odd ends: a worker that dies, a broken link in the folder, a photo refused before, more
workers than cores, a photo gone during the run, a report folder that is a file or read-only, one photo by two
paths, a folder given twice."""
import json
import os
import signal
from pathlib import Path

import pytest
from click.testing import CliRunner

import skatscan.cmd_scan
from desk.batch import PhotoProblem
from skatscan.cli import cli
from tests.cli.fake_reader import photo_folder, read_photos_with, sample_read


def fake_read(path: str, engine: str = "skatscan", settings=None) -> dict:
    """Stands in for the photo reader: a 'photo' holding "killed" dies as the OOM killer kills, "bad" has no list,
    any other reads as the six-game sample list."""
    text = Path(path).read_bytes()
    if text.startswith(b"killed"):
        os.kill(os.getpid(), signal.SIGKILL)
    if text.startswith(b"bad"):
        raise PhotoProblem("no list found on the photo", "no-list", "keine Liste auf dem Foto gefunden")
    return sample_read(path)


@pytest.fixture
def photos(tmp_path, monkeypatch):
    read_photos_with(monkeypatch, fake_read)
    monkeypatch.setattr(skatscan.cmd_scan, "usable_cores", lambda: 4)
    return photo_folder(tmp_path / "fotos", ["s1-t1.jpg", "s1-t2.jpg", "s1-t3.jpg"])


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_photo_whose_worker_dies_is_said_at_once_and_the_batch_goes_on(photos, tmp_path, workers):
    """The worker reading a photo is killed (the OOM killer): the photo was called too slow once the time limit ran
    out. It is said at once as what happened, the other photos are read, and the report names it with that reason."""
    (photos / "s1-t2.jpg").write_bytes(b"killed")
    report = tmp_path / "bericht"
    r = CliRunner().invoke(cli, ["scan", str(photos), "--report", str(report), "--workers", workers,
                                 "--time-limit", "600", "--lang", "en"])
    assert r.exit_code == 2
    said = [line for line in r.stderr.splitlines() if "s1-t2.jpg" in line]
    assert said == [f"skatscan: {photos / 's1-t2.jpg'}: the process reading it died (signal 9, SIGKILL: out of "
                    "memory?); the next run reads it again"], r.stderr
    assert sorted(p.name for p in (report / "results").glob("*.list.json")) == ["s1-t1.list.json", "s1-t3.list.json"]
    index = (report / "index.html").read_text()
    assert "the process reading it died (signal 9, SIGKILL: out of memory?)" in index
    r = CliRunner().invoke(cli, ["scan", str(photos), "--report", str(report), "--workers", workers])
    assert "der Prozess, der es las, ist abgestürzt (Signal 9" in (report / "index.html").read_text()


def test_a_broken_link_in_the_folder_is_said(photos, tmp_path):
    """A photo in the folder that is a link to a file no longer there (a photo moved out of the folder it was linked
    from, a USB stick unplugged) was passed over without a word. It is said in one line and counts as bad input."""
    (photos / "s1-t4.jpg").symlink_to(tmp_path / "elsewhere" / "IMG_0004.jpg")
    report = tmp_path / "bericht"
    r = CliRunner().invoke(cli, ["scan", str(photos), "--report", str(report), "--lang", "en"])
    assert r.exit_code == 2
    said = [line for line in r.stderr.splitlines() if "s1-t4.jpg" in line]
    assert said == [f"skatscan: {photos / 's1-t4.jpg'}: a broken link: it points to "
                    f"{tmp_path / 'elsewhere' / 'IMG_0004.jpg'}, which is not there"], r.stderr
    assert len(list((report / "results").glob("*.list.json"))) == 3
    assert "a broken link" in (report / "index.html").read_text()


def test_a_photo_become_a_broken_link_takes_its_list_out_of_the_results(photos, tmp_path):
    """A photo in the folder that links to a photo on a USB stick, scanned; the stick unplugged, rescanned: the report
    said the broken link, but the photo's earlier list stayed in the results, which ``audit`` and ``standings`` of the
    results folder counted. It leaves them, and comes back when the stick is plugged in again."""
    stick = tmp_path / "stick"
    stick.mkdir()
    (stick / "IMG_0004.jpg").write_bytes(b"photo 4")
    (photos / "s1-t4.jpg").symlink_to(stick / "IMG_0004.jpg")
    report = tmp_path / "bericht"
    args = ["scan", str(photos), "--report", str(report), "--lang", "en"]
    CliRunner().invoke(cli, args)
    assert (report / "results" / "s1-t4.list.json").exists()
    (stick / "IMG_0004.jpg").rename(tmp_path / "IMG_0004.jpg")            # the stick unplugged
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == 2
    said = [line for line in r.stderr.splitlines() if "s1-t4" in line]
    assert said == [f"skatscan: {photos / 's1-t4.jpg'}: a broken link: it points to {stick / 'IMG_0004.jpg'}, which "
                    "is not there"], r.stderr
    assert sorted(p.name for p in (report / "results").glob("*.list.json")) == [f"s1-t{i}.list.json" for i in (1, 2, 3)]
    r = CliRunner().invoke(cli, ["audit", str(report / "results"), "--json"])
    assert len(json.loads(r.stdout)) == 3
    (tmp_path / "IMG_0004.jpg").rename(stick / "IMG_0004.jpg")             # plugged in again
    r = CliRunner().invoke(cli, args)
    assert r.exit_code in (0, 1), r.stderr
    assert len(list((report / "results").glob("*.list.json"))) == 4


def test_a_photo_gone_during_a_rescan_with_again_takes_its_list_out_of_the_results(photos, tmp_path, monkeypatch):
    report = tmp_path / "bericht"
    args = ["scan", str(photos), "--report", str(report)]
    CliRunner().invoke(cli, args)
    (photos / "s1-t2.jpg").write_bytes(b"vanish")
    read_photos_with(monkeypatch, vanishing_read)
    r = CliRunner().invoke(cli, [*args, "--again"])
    assert r.exit_code == 2
    assert f"skatscan: {photos / 's1-t2.jpg'}: the file has gone (moved or deleted during the batch)\n" in r.stderr
    assert sorted(p.name for p in (report / "results").glob("*.list.json")) == ["s1-t1.list.json", "s1-t3.list.json"]


def test_a_broken_link_given_as_a_photo_is_said_as_one_in_the_folder(photos, tmp_path):
    """``skatscan scan fotos/*.jpg`` where the pattern matches a broken link (a photo on a stick unplugged) refused the
    whole scan ("no such file or folder; nothing was read or written"), where ``scan fotos/`` said the link and read
    the others. It is said as in the folder; a broken link of another name (a folder's) is still bad input, said so."""
    (photos / "s1-t4.jpg").symlink_to(tmp_path / "stick" / "IMG_0004.jpg")
    report = tmp_path / "bericht"
    r = CliRunner().invoke(cli, ["scan", *sorted(map(str, photos.iterdir())), "--report", str(report)])
    assert r.exit_code == 2
    said = [line for line in r.stderr.splitlines() if "s1-t4.jpg" in line]
    assert said == [f"skatscan: {photos / 's1-t4.jpg'}: a broken link: it points to "
                    f"{tmp_path / 'stick' / 'IMG_0004.jpg'}, which is not there"], r.stderr
    assert len(list((report / "results").glob("*.list.json"))) == 3
    (tmp_path / "serie2").symlink_to(tmp_path / "stick" / "serie2")
    r = CliRunner().invoke(cli, ["scan", str(tmp_path / "serie2"), "--report", str(report)])
    assert r.exit_code == 2 and r.stderr == f"skatscan: {tmp_path / 'serie2'}: a broken link: it points to " \
                                            f"{tmp_path / 'stick' / 'serie2'}, which is not there; nothing was read " \
                                            "or written\n"
    r = CliRunner().invoke(cli, ["digitize", str(photos / "s1-t4.jpg")])
    assert r.exit_code == 2 and r.stderr == f"skatscan: {said[0].split(': ', 1)[1]}\n"


def test_a_folder_of_broken_links_alone_says_each(tmp_path):
    folder = tmp_path / "fotos"
    folder.mkdir()
    (folder / "a.jpg").symlink_to(tmp_path / "gone.jpg")
    r = CliRunner().invoke(cli, ["scan", str(folder)])
    assert r.exit_code == 2 and r.stderr.count("\n") == 1 and "a.jpg: a broken link" in r.stderr, r.stderr


def test_a_photo_refused_before_is_said_again_as_such(photos, tmp_path):
    """A photo an earlier run refused (no list on it) and still in the folder: still unread, so said and counted at
    each rescan (exit 2), but said to be the one refused before, not taken for a new photo."""
    (photos / "s1-t2.jpg").write_bytes(b"bad")
    report = tmp_path / "bericht"
    args = ["scan", str(photos), "--report", str(report)]
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == 2
    assert f"skatscan: {photos / 's1-t2.jpg'}: no list found on the photo\n" in r.stderr
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == 2
    said = [line for line in r.stderr.splitlines() if "s1-t2.jpg" in line]
    assert said == [f"skatscan: {photos / 's1-t2.jpg'}: no list found on the photo (as at an earlier run: the same "
                    "photo, not read again)"], r.stderr
    assert r.stderr.splitlines()[-1].startswith("3 photos (0 read now, 2 read before, 1 refused before), ")
    (photos / "s1-t2.jpg").unlink()
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == 0, r.stderr


def test_a_worker_that_cannot_be_started_is_said_as_such(photos, tmp_path, monkeypatch):
    """A worker process that cannot be started (too many processes, too little memory) was said as a results folder
    that cannot be written to ("cannot write results (Resource temporarily unavailable)"). It is said as what it is,
    in one line."""
    import errno

    import desk.batch

    def no_process(self, ctx, process, threads=0):
        raise OSError(errno.EAGAIN, "Resource temporarily unavailable")

    monkeypatch.setattr(desk.batch._Worker, "__init__", no_process)
    r = CliRunner().invoke(cli, ["scan", str(photos), "--report", str(tmp_path / "bericht")])
    assert r.exit_code == 2
    assert r.stderr == "skatscan: cannot start a process to read the photos (Resource temporarily unavailable: too " \
                       "many processes?); the photos done so far are kept, run the same command again to continue " \
                       "(with fewer programs running, or fewer --workers)\n"


def test_more_workers_than_cores_are_capped_with_one_line(photos, tmp_path, monkeypatch):
    """``--workers 8`` on a 2-core machine read no faster and made each photo slower against its time limit (photos
    called too slow that one worker reads in time). The workers are as many as the cores, said once."""
    monkeypatch.setattr(skatscan.cmd_scan, "usable_cores", lambda: 2)
    given = []
    real = skatscan.cmd_scan.run_batch

    def run_batch(*args, **kwargs):
        given.append(kwargs["workers"])
        return real(*args, **kwargs)

    monkeypatch.setattr(skatscan.cmd_scan, "run_batch", run_batch)
    r = CliRunner().invoke(cli, ["scan", str(photos), "--json", "--workers", "8"])
    assert r.exit_code in (0, 1), r.stderr
    assert given == [2]
    said = [line for line in r.stderr.splitlines() if "--workers" in line]
    assert said == ["skatscan: --workers 8: this machine has 2 cores to run on, so 2 photos are read at a time (more "
                    "would only make each one slower, against its time limit)"]
    r = CliRunner().invoke(cli, ["scan", str(photos), "--json", "--workers", "2"])
    assert given == [2, 2] and "--workers" not in r.stderr


def vanishing_read(path: str, engine: str = "skatscan", settings=None) -> dict:
    """:func:`fake_read`, but a 'photo' holding "vanish" is taken out of its folder while it is read (the real reader
    then finds no file: "Cannot read the photo file ...", a problem of the kind "file")."""
    if Path(path).read_bytes().startswith(b"vanish"):
        Path(path).rename(Path(path).parent.parent / Path(path).name)
        raise PhotoProblem(f"Cannot read the photo file '{path}': No such file or directory.", "file")
    return fake_read(path)


def test_a_photo_taken_away_while_it_is_read_is_read_when_it_is_back(photos, tmp_path, monkeypatch):
    """A photo moved out of the folder while the batch read it was recorded as a photo that cannot be read: put back,
    it was refused again without being read. It is said to have gone, and read when it is back."""
    read_photos_with(monkeypatch, vanishing_read)
    (photos / "s1-t2.jpg").write_bytes(b"vanish")
    report = tmp_path / "bericht"
    r = CliRunner().invoke(cli, ["scan", str(photos), "--report", str(report)])
    assert r.exit_code == 2
    assert f"skatscan: {photos / 's1-t2.jpg'}: the file has gone (moved or deleted during the batch)\n" in r.stderr
    (tmp_path / "s1-t2.jpg").rename(photos / "s1-t2.jpg")
    read_photos_with(monkeypatch, fake_read)
    r = CliRunner().invoke(cli, ["scan", str(photos), "--report", str(report)])
    assert r.exit_code == 0, r.stderr
    assert sorted(p.name for p in (report / "results").glob("*.list.json")) == [f"s1-t{i}.list.json" for i in (1, 2, 3)]


def test_a_report_folder_that_is_a_file(photos, tmp_path):
    blocker = tmp_path / "bericht"
    blocker.write_text("not a folder")
    r = CliRunner().invoke(cli, ["scan", str(photos), "--report", str(blocker)])
    assert r.exit_code == 2 and r.stderr.count("\n") == 1 and "bericht" in r.stderr and "is a file" in r.stderr
    assert blocker.read_text() == "not a folder"


def test_a_report_folder_that_cannot_be_written_is_said_before_a_photo_is_read(photos, tmp_path, monkeypatch):
    """A report folder that is read-only (a write-protected stick, another user's folder): the first photo was read,
    then its list could not be written, and the line advised to run the same command again. It is said before any
    photo is read, and nothing is written."""
    import tempfile
    report = tmp_path / "bericht"
    (report / "results").mkdir(parents=True)
    read = []

    def counting_read(path, engine="skatscan", settings=None):
        read.append(path)
        return fake_read(path)

    read_photos_with(monkeypatch, counting_read)
    monkeypatch.setattr(skatscan.cmd_scan, "run_batch", lambda *a, **k: read.append("batch") or [])

    def read_only(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    with monkeypatch.context() as m:
        m.setattr(tempfile, "TemporaryFile", read_only)
        r = CliRunner().invoke(cli, ["scan", str(photos), "--report", str(report)])
    assert r.exit_code == 2 and read == [], r.stderr
    assert r.stderr == f"skatscan: {report}: cannot write into the folder (Permission denied); nothing was read or " \
                       "written\n"
    assert sorted(p.name for p in report.rglob("*")) == ["results"]
    if os.geteuid() != 0:                                    # the real thing, where permissions hold
        report.chmod(0o555)
        try:
            r = CliRunner().invoke(cli, ["scan", str(photos), "--report", str(report)])
            assert r.exit_code == 2 and "cannot write into the folder" in r.stderr and read == []
        finally:
            report.chmod(0o755)


def test_a_folder_given_twice_and_by_a_link_is_read_once(photos, tmp_path, monkeypatch):
    """The same folder given twice, once by a link to it: each photo is read once (every fake photo reads as series 1,
    table 1: three photos of it, not nine)."""
    (tmp_path / "link").symlink_to(photos)
    monkeypatch.chdir(tmp_path)
    report = tmp_path / "bericht"
    r = CliRunner().invoke(cli, ["scan", "fotos", "fotos/", "link", "--report", str(report)])
    assert r.exit_code in (0, 1), r.stderr
    assert r.stderr.splitlines()[-1].startswith("3 photos, ") and "appears on 3 photos" in r.stderr, r.stderr
    assert len(list((report / "results").glob("*.list.json"))) == 3
