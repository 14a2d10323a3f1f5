"""An input is never written to: an output named as one of the command's inputs (by the same name, another spelling
of it, or a hard link to the same file) is bad input, one line naming it, exit status 2, before anything is read,
and the input keeps every byte. Before, `digitize PHOTO -o PHOTO` replaced the photo with its JSON, and `audit LIST
--corrected LIST` and `standings LIST -o LIST` the list as written with their own output."""
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from skatscan.cli import BadInput, cli
from skatscan.outputs import OutputPlan

ROOT = Path(__file__).resolve().parents[2]
PHOTO = ROOT / "samples" / "photos" / "small-720.jpg"
LIST = ROOT / "samples" / "lists" / "six-games.json"
SERIES = ROOT / "samples" / "tournament" / "series1-table1.json"
PROBLEM = "is also an input; an input file is never written to"


def run(*args):
    r = CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)
    return r.exit_code, r.stdout, r.stderr


@pytest.mark.parametrize("command,sample,options", [
    ("digitize", PHOTO, ["-o"]),
    ("scan", PHOTO, ["--json", "-o"]),
    ("audit", LIST, ["-o"]),
    ("audit", LIST, ["--corrected"]),
    ("standings", SERIES, ["-o"]),
])
@pytest.mark.parametrize("spelling", ["same", "dotted", "hard link"])
def test_an_output_onto_an_input_is_refused_and_the_input_kept(tmp_path, monkeypatch, command, sample, options,
                                                                  spelling):
    monkeypatch.chdir(tmp_path)
    given = tmp_path / sample.name
    given.write_bytes(sample.read_bytes())
    if spelling == "hard link":
        target = tmp_path / ("link" + sample.suffix)
        os.link(given, target)
    else:
        target = Path(sample.name) if spelling == "same" else Path(".") / "." / sample.name
    before = sorted(p.name for p in tmp_path.iterdir())
    code, out, err = run(command, sample.name, *options, str(target))
    assert code == 2, err
    assert err.splitlines() == [f"skatscan: {Path(str(target))}: {PROBLEM}"], err
    assert out == ""
    assert given.read_bytes() == sample.read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == before      # nothing else written either


def test_an_output_beside_its_input_is_written(tmp_path):
    """The check refuses the input itself, not its folder: the JSON of a photo goes beside it."""
    photo = tmp_path / "a.jpg"
    photo.write_bytes(PHOTO.read_bytes())
    code, _, err = run("digitize", photo, "-o", tmp_path / "a.json")
    assert code == 0, err
    assert (tmp_path / "a.json").read_text().lstrip().startswith("{")
    assert photo.read_bytes() == PHOTO.read_bytes()


def test_a_name_in_an_output_folder_that_is_an_input_is_refused(tmp_path):
    """In an output folder a name comes from the input's base name and the suffix: where that is an input (here a
    list "b.json" beside a photo "b.png" whose output would be "b.json"), writing it is bad input, the file kept."""
    (tmp_path / "b.json").write_text("{}")
    plan = OutputPlan(str(tmp_path), 2, ".json", inputs=[str(tmp_path / "b.png"), str(tmp_path / "b.json")])
    with pytest.raises(BadInput, match="is also an input"):
        plan.write(str(tmp_path / "b.png"), "written")
    assert (tmp_path / "b.json").read_text() == "{}"
    assert plan.write(str(tmp_path / "c.png"), "written") == tmp_path / "c.json"


def test_names_in_an_output_folder_differ_by_more_than_case(tmp_path):
    """Two inputs whose names differ only in case ("serie1/T1.jpg", "serie2/t1.jpg") get outputs (and report pages)
    whose names differ by more than case: on Windows or a Mac, whose file systems do not tell "T1.json" from
    "t1.json", one would replace the other."""
    plan = OutputPlan(str(tmp_path / "out"), 3, ".json")
    paths = [plan.path_for(p) for p in ("serie1/T1.jpg", "serie2/t1.jpg", "serie3/t1.png")]
    assert len({p.name.casefold() for p in paths}) == 3, paths
    assert paths[0].name == "T1.json"


@pytest.mark.parametrize("command", ["digitize", "scan"])
def test_an_output_in_a_folder_that_is_a_file_is_refused_before_reading(tmp_path, monkeypatch, command):
    """``-o notes.txt/a.json``: the output's folder is a file; bad input before the photo is read (it was read
    first, seconds a photo, and then the output could not be written)."""
    import skatscan.cmd_digitize
    import skatscan.cmd_scan

    def no_reading(*args, **kwargs):
        raise AssertionError("the photo was read")

    monkeypatch.setattr(skatscan.cmd_digitize, "read_photo", no_reading)
    monkeypatch.setattr(skatscan.cmd_scan, "run_batch", no_reading)
    (tmp_path / "notes.txt").write_text("x")
    code, out, err = run(command, PHOTO, "-o", tmp_path / "notes.txt" / "a.json")
    assert code == 2 and err == f"skatscan: {tmp_path / 'notes.txt'}: is a file, not a folder for the output\n", err


@pytest.mark.parametrize("command,sample,option", [
    ("digitize", PHOTO, "-o"),
    ("scan", PHOTO, "-o"),
    ("audit", LIST, "-o"),
    ("audit", LIST, "--corrected"),
])
def test_a_json_output_named_as_a_photo_is_refused(tmp_path, monkeypatch, command, sample, option):
    """``digitize t1.jpg -o t2.jpg`` (a slip of the tab key for t2.json) replaced the photo t2.jpg, not an input of
    the command, with JSON. An output named like a photo is bad input before anything is read; the photo is kept."""
    import skatscan.cmd_digitize
    import skatscan.cmd_scan

    def no_reading(*args, **kwargs):
        raise AssertionError("the photo was read")

    monkeypatch.setattr(skatscan.cmd_digitize, "read_photo", no_reading)
    monkeypatch.setattr(skatscan.cmd_scan, "run_batch", no_reading)
    other = tmp_path / "t2.JPG"
    other.write_bytes(PHOTO.read_bytes())
    code, out, err = run(command, sample, option, other)
    assert code == 2 and err == f"skatscan: {other}: is named as a photo; the output is JSON: name it .json\n", err
    assert other.read_bytes() == PHOTO.read_bytes()
