"""A photo that shows two lists: one is read, and the other is not lost unnoticed. The locator counts the other
lists beside the one it read (digitize.outline.other_lists), the JSON keeps the count (photo.other_lists), and the
commands and the report say so. Before, the second list of such a photo was dropped without a word, and its
table was missing from the standings."""
import json
from pathlib import Path

import cv2
import numpy as np
import pytest
from click.testing import CliRunner

from audit.listjson import ListError, list_from_json
from digitize.image import load_image
from digitize.locate import locate
from digitize.outline import other_lists
from skatscan.cli import cli

PHOTOS = Path(__file__).resolve().parents[2] / "samples" / "photos"
SINGLE = ["dskv-3-clean", "dskv-4-upside-down", "skatscan-4-clean", "skatscan-4-errors", "small-720"]


def square(x, y, side, turn=0.0):
    """A square outline (4 x 2, clockwise) at (x, y), turned by ``turn`` degrees about its centre."""
    c = np.array([x + side / 2, y + side / 2])
    pts = np.array([(x, y), (x + side, y), (x + side, y + side), (x, y + side)], np.float64) - c
    a = np.radians(turn)
    return pts @ np.array([[np.cos(a), np.sin(a)], [-np.sin(a), np.cos(a)]]) + c


@pytest.mark.parametrize("quads,expected", [
    ([square(0, 0, 100), square(150, 0, 100)], 1),                       # a list of the same size beside it
    ([square(0, 0, 100), square(150, 10, 80, turn=30)], 1),              # smaller, turned
    ([square(0, 0, 100), square(150, 0, 100), square(0, 150, 120)], 2),  # two more
    ([square(0, 0, 100), square(-10, -10, 120)], 0),                     # the paper's edge around it
    ([square(0, 0, 100), square(40, 40, 60)], 0),                        # a part of its own grid
    ([square(0, 0, 100), square(150, 0, 30)], 0),                        # a small frame beside it (a box, a card)
    ([square(0, 0, 100), square(150, 0, 200)], 0),                       # something far larger (a table's edge)
    ([square(0, 0, 100), square(150, 0, 100), square(155, 5, 95)], 1),   # one other list found twice
    ([square(0, 0, 100), square(85, 0, 100)], 1),                        # beside it, overlapping a little
    ([square(0, 0, 100), square(50, 0, 100)], 0),                        # overlapping by half: its own
    ([square(0, 0, 100), np.array([(-300, 300), (400, 0), (400, 20), (-300, 320)], float)], 0),  # a sliver (wood)
])
def test_other_lists_are_outlines_of_its_size_apart_from_it(quads, expected):
    assert other_lists(quads, quads[0]) == expected


@pytest.mark.parametrize("name", SINGLE)
def test_a_photo_of_one_list_shows_no_other(name):
    assert locate(load_image(PHOTOS / f"{name}.jpg")).other_lists == 0


@pytest.fixture(scope="module")
def two_lists(tmp_path_factory):
    """The skatscan sample beside the DSkV sample (two photos put side by side on a brown table): the first is read."""
    folder = tmp_path_factory.mktemp("two")
    left, right = (cv2.imread(str(PHOTOS / f"{n}.jpg")) for n in ("skatscan-4-errors", "dskv-3-clean"))
    h = max(left.shape[0], right.shape[0])

    def pad(x):
        return cv2.copyMakeBorder(x, 0, h - x.shape[0], 0, 0, cv2.BORDER_CONSTANT, value=(60, 90, 120))
    photo = folder / "zwei-listen.jpg"
    cv2.imwrite(str(photo), np.hstack([pad(left), pad(right)]))
    return photo


def test_two_lists_side_by_side_are_seen(two_lists):
    found = locate(load_image(two_lists))
    assert found.other_lists == 1 and found.edition == "skatscan"


def test_the_commands_and_the_report_tell_the_referee(two_lists, tmp_path):
    runner = CliRunner()
    r = runner.invoke(cli, ["digitize", str(two_lists)], catch_exceptions=False)
    assert r.exit_code == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["photo"]["other_lists"] == 1
    assert list_from_json(doc).other_lists == 1
    line = (f"skatscan: {two_lists}: the photo shows another list beside this one, which was not read: photograph "
            "each list on its own")
    assert line in r.stderr.splitlines()
    report = tmp_path / "bericht"
    r = runner.invoke(cli, ["scan", str(two_lists), str(PHOTOS / "skatscan-4-clean.jpg"), "--report", str(report)],
                      catch_exceptions=False)
    assert r.stderr.splitlines().count(line) == 1, r.stderr         # the photo of one list gets no such line
    index = (report / "index.html").read_text()
    assert "zwei-listen.jpg</a> <span class=\"retake\">(noch eine Liste auf dem Foto)</span>" in index
    assert index.count("noch eine Liste auf dem Foto") == 1
    page = (report / "lists" / "zwei-listen.html").read_text()
    assert "Auf dem Foto ist noch eine Liste zu sehen; gelesen wurde nur diese." in page
    assert "noch eine Liste" not in (report / "lists" / "skatscan-4-clean.html").read_text()


def test_the_count_in_a_list_document_is_checked():
    doc = json.loads((PHOTOS.parent / "lists" / "six-games.json").read_text())
    assert list_from_json(doc).other_lists == 0
    doc["photo"] = {"file": "x.jpg", "other_lists": 2}
    assert list_from_json(doc).other_lists == 2
    doc["photo"]["other_lists"] = "zwei"
    with pytest.raises(ListError, match=r"\$\.photo\.other_lists"):
        list_from_json(doc)
