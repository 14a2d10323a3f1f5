"""scan and digitize: a photo whose JPEG data is damaged is refused for the damage; a file that is no photo is told
the formats really read; ``scan --report`` makes its folder but not the folders above it."""
from pathlib import Path

from click.testing import CliRunner

from skatscan.cli import cli

PHOTOS = Path(__file__).resolve().parents[2] / "samples" / "photos"


def run(*args):
    r = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return r.exit_code, r.stdout, r.stderr


def damaged_photo(path: Path) -> Path:
    """The clean four-seat sample with a restart marker written into its image data ("Corrupt JPEG data"): two of
    its four corner markers are lost in what decodes."""
    data = bytearray((PHOTOS / "skatscan-4-clean.jpg").read_bytes())
    data[200000:200002] = b"\xff\xd3"
    path.write_bytes(bytes(data))
    return path


def test_scan_refuses_a_damaged_photo_for_its_damage(tmp_path):
    photo = damaged_photo(tmp_path / "s1-t1.jpg")
    code, out, err = run("scan", str(photo))
    assert code == 2
    assert err.startswith(f"skatscan: {photo}: The photo's JPEG data is damaged (Corrupt JPEG data"), err
    assert "Copy the file" in err and "which may be why: Only part of a Skat list" in err and "Traceback" not in err


def test_digitize_refuses_a_damaged_photo_for_its_damage(tmp_path):
    photo = damaged_photo(tmp_path / "s1-t1.jpg")
    code, out, err = run("digitize", str(photo))
    assert code == 2 and out == ""
    assert err.startswith(f"skatscan: {photo}: The photo's JPEG data is damaged (Corrupt JPEG data"), err
    assert len(err.splitlines()) == 1 and err.index("damaged") < err.index("corner markers")


def test_a_folder_goes_on_past_a_damaged_photo_and_the_german_report_names_the_damage(tmp_path):
    folder = tmp_path / "fotos"
    folder.mkdir()
    photo = damaged_photo(folder / "s1-t1.jpg")
    (folder / "s1-t2.jpg").write_text("hello\n")
    report = tmp_path / "bericht"
    code, _, err = run("scan", str(folder), "--report", str(report), "--lang", "de")
    assert code == 2
    assert f"skatscan: {photo}: The photo's JPEG data is damaged (Corrupt JPEG data" in err, err
    assert f"skatscan: {folder / 's1-t2.jpg'}: The file is not a photo" in err, err
    assert "Die JPEG-Daten des Fotos sind beschädigt (Corrupt JPEG data" in (report / "index.html").read_text()


def test_a_file_that_is_no_photo_is_told_every_format_read(tmp_path):
    text = tmp_path / "text.jpg"
    text.write_text("hello\n")
    code, _, err = run("digitize", str(text))
    assert code == 2
    assert err.startswith(f"skatscan: {text}: The file is not a photo skatscan can read (use JPEG, PNG, WebP, TIFF, "
                          "BMP"), err


def test_scan_report_refuses_a_folder_whose_parent_does_not_exist(tmp_path):
    """``--report`` made any missing folders above the report's, while ``audit -o`` and ``digitize -o`` refuse an
    output in a folder that does not exist."""
    report = tmp_path / "nope" / "deeper" / "rep"
    code, out, err = run("scan", str(PHOTOS / "skatscan-4-clean.jpg"), "--report", str(report))
    assert code == 2 and out == ""
    assert err == (f"skatscan: {report}: the folder to make the report in ({report.parent}) does not exist; nothing "
                   "was read or written\n")
    assert not (tmp_path / "nope").exists()


def test_audit_report_refuses_a_folder_whose_parent_does_not_exist(tmp_path):
    """``audit --report`` as ``scan --report``: the report folder is made, not the folders above it."""
    lists = PHOTOS.parent / "lists" / "six-games.json"
    report = tmp_path / "nope" / "rep"
    code, out, err = run("audit", str(lists), "--report", str(report))
    assert code == 2 and out == ""
    assert err == (f"skatscan: {report}: the folder to make the report in ({report.parent}) does not exist; nothing "
                   "was read or written\n")
    assert not (tmp_path / "nope").exists()
    code, _, err = run("audit", str(lists), "--report", str(tmp_path / "rep"))
    assert code in (0, 1) and (tmp_path / "rep" / "index.html").is_file(), err


def test_scan_report_refuses_a_folder_under_a_file(tmp_path):
    (tmp_path / "afile").write_text("x")
    report = tmp_path / "afile" / "rep"
    code, _, err = run("scan", str(PHOTOS / "skatscan-4-clean.jpg"), "--report", str(report))
    assert code == 2
    assert err == (f"skatscan: {report}: cannot create the folder ({tmp_path / 'afile'} is a file, not a folder); "
                   "nothing was read or written\n")


def test_scan_report_still_makes_its_own_folder(tmp_path):
    text = tmp_path / "text.jpg"
    text.write_text("hello\n")
    report = tmp_path / "bericht"
    code, _, err = run("scan", str(text), "--report", str(report))
    assert code == 2, err
    assert (report / "index.html").exists()
