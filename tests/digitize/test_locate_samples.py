"""The locator on the committed sample photos: every cell where the truth says, the upside-down
photo turned, the photo of something else refused."""
import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from digitize.image import load_image
from digitize.locate import NoListFound, locate

PHOTOS = Path(__file__).resolve().parents[2] / "samples" / "photos"
NAMES = sorted(p.name[:-len(".truth.json")] for p in PHOTOS.glob("*.truth.json"))


@pytest.mark.parametrize("name", NAMES)
def test_every_cell_found_on_the_sample(name):
    truth = json.loads((PHOTOS / f"{name}.truth.json").read_text())
    found = locate(load_image(PHOTOS / f"{name}.jpg"))
    assert found.seats == truth["form"]["seats"] and found.edition == truth["edition"]
    if "upside-down" in name:
        assert found.rotation == 180
    hits = total = 0
    for ref, cell in truth["cells"].items():
        if not cell.get("visible", True) or ref not in found.quads:
            continue
        quad = np.array(cell["quad"], np.float32)
        centre = tuple(float(v) for v in np.asarray(found.quads[ref], np.float32).mean(axis=0))
        total += 1
        hits += cv2.pointPolygonTest(quad, centre, False) >= 0
    assert total > 500 and hits == total


def test_a_photo_of_something_else_is_refused():
    with pytest.raises(NoListFound) as exc:
        locate(load_image(PHOTOS / "not-a-list.jpg"))
    assert "No Skat list" in str(exc.value)
