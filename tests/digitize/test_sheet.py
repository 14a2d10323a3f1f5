"""digitize.sheet: markers, QR code, the grid's outline and turn, seats, the homography and the rectified page."""
from __future__ import annotations

import cv2
import numpy as np
import pytest

from digitize.layout import PAGE_H, PAGE_W, layout_for
from digitize.find_codes import MARKER_MIN_PERIMETER, decode_qr, detect_markers
from digitize.homography import apply_homography, photo_px_per_mm, rotation_of
from digitize.outline import grid_quads
from digitize.sheet import MARKER_SLACK, NoListFound, _least_marker_perimeter, _markers, find_sheet
from digitize.template_fit import template
from tests.digitize.photos import orientation, synthetic_photo


def true_points(photo, dpi, pts_mm):
    return photo.to_photo(np.asarray(pts_mm, np.float64) * dpi / 25.4 - 0.5)


def homography_error_mm(sheet, photo, dpi, layout) -> float:
    """Largest distance (mm) between where the sheet and the truth put grid points (flat photos only)."""
    g = layout.grid
    pts = np.array([[x, y] for x in np.linspace(g.x, g.x2, 6) for y in np.linspace(g.y, g.y2, 8)])
    err_px = np.linalg.norm(sheet.page_to_photo(pts) - true_points(photo, dpi, pts), axis=1)
    return float(err_px.max() / sheet.photo_px_per_mm)


def test_markers_give_the_sheet_and_its_orientation():
    photo, layout, dpi = synthetic_photo(4, "skatscan", 31, 1000, "quarter_turn")
    grey = cv2.cvtColor(photo.image, cv2.COLOR_BGR2GRAY)
    markers = detect_markers(grey)
    assert sorted(markers) == [0, 1, 2, 3]
    for marker in layout.markers:                   # corners where the truth has them, within 1.5 px
        b = marker.box
        truth = true_points(photo, dpi, [[b.x, b.y], [b.x2, b.y], [b.x2, b.y2], [b.x, b.y2]])
        assert np.abs(markers[marker.id] - truth).max() < 1.5
    sheet = find_sheet(photo.image)
    assert sheet.method == "markers" and sheet.rotation == orientation(photo) in (90, 270)
    assert (sheet.layout.seats, sheet.layout.edition) == (4, "skatscan")
    assert homography_error_mm(sheet, photo, dpi, layout) < 0.5
    assert sheet.fit_error_mm < 0.3 and sheet.inliers > 300


@pytest.mark.parametrize("effect", ["perspective", "quarter_turn", "curl"])
def test_markers_are_looked_for_at_the_size_the_grid_gives_them(effect):
    """The detector looks only at shapes at least MARKER_SLACK of the marker's size as the grid's outline gives it
    (the game cells, about as large as the least marker it looks for on any photo, cost it most of its time): on a
    list that fills the frame it finds the same four markers, to the same corners, as it does looking at every size;
    without an outline it looks at every size."""
    photo, _layout, _dpi = synthetic_photo(4, "skatscan", 33, 1600, effect)
    grey = cv2.cvtColor(photo.image, cv2.COLOR_BGR2GRAY)
    work = cv2.resize(grey, None, fx=1280 / max(grey.shape), fy=1280 / max(grey.shape), interpolation=cv2.INTER_AREA)
    least = _least_marker_perimeter(grid_quads(work), work.shape)
    every = detect_markers(work)
    assert least > MARKER_MIN_PERIMETER and sorted(every) == [0, 1, 2, 3]
    found = _markers(work, grid_quads(work))
    assert sorted(found) == [0, 1, 2, 3] and all(np.allclose(found[k], every[k]) for k in every)
    assert _least_marker_perimeter([], work.shape) == MARKER_MIN_PERIMETER
    # a marker's perimeter is 4 x 8 mm of a 175 mm wide grid: the grid's outline puts it within a tenth of the truth
    sides = [np.linalg.norm(m[(k + 1) % 4] - m[k]) for m in every.values() for k in range(4)]
    assert least / MARKER_SLACK * max(work.shape) == pytest.approx(np.mean(sides) * 4, rel=0.1)
    assert find_sheet(photo.image).method == "markers"


@pytest.mark.parametrize("seats, effect, turn", [(3, "upside_down", 180), (4, "rotation", 0), (4, "upside_down", 180)])
def test_plain_form_from_its_grid(seats, effect, turn):
    photo, layout, dpi = synthetic_photo(seats, "dskv", 40 + seats, 1000, effect)
    sheet = find_sheet(photo.image)
    assert sheet.method == "grid"
    assert (sheet.layout.seats, sheet.layout.edition, sheet.rotation) == (seats, "dskv", turn)
    assert homography_error_mm(sheet, photo, dpi, layout) < 0.5


def test_skatscan_form_with_markers_cut_off_falls_back_to_the_grid():
    photo, layout, dpi = synthetic_photo(4, "skatscan", 19, 1000, "tight")
    assert not set(detect_markers(cv2.cvtColor(photo.image, cv2.COLOR_BGR2GRAY))) >= {0, 1, 2}
    sheet = find_sheet(photo.image)
    assert sheet.method == "grid" and sheet.layout.edition == "skatscan" and sheet.layout.seats == 4


def test_qr_payload_read_and_small_photos_may_fail():
    photo, _layout, _dpi = synthetic_photo(3, "skatscan", 33, 1600, "rotation", 0.5, dpi=200)
    sheet = find_sheet(photo.image)
    assert sheet.payload is not None and sheet.payload["seats"] == 3 and sheet.payload["games"] == 36
    grey = cv2.cvtColor(photo.image, cv2.COLOR_BGR2GRAY)
    assert decode_qr(grey, sheet.homography) == sheet.payload
    small = cv2.resize(grey, (500, round(500 * grey.shape[0] / grey.shape[1])), interpolation=cv2.INTER_AREA)
    h_small = np.diag([500 / grey.shape[1], 500 / grey.shape[1], 1.0]) @ sheet.homography
    assert decode_qr(small, h_small) is None                      # too few pixels per module: no guess


def test_a_qr_code_cut_off_by_the_photos_edge_is_not_tried(monkeypatch):
    """A list photographed tightly may lose the code with its top margin: with a finder pattern off the photo no
    decoder finds it, and its eight tries are skipped; a code wholly on the photo is read as before."""
    photo, _layout, _dpi = synthetic_photo(3, "skatscan", 33, 1600, "rotation", 0.5, dpi=200)
    sheet = find_sheet(photo.image)
    grey = cv2.cvtColor(photo.image, cv2.COLOR_BGR2GRAY)
    qr = layout_for(4).qr
    top = int(apply_homography(sheet.homography, np.array([[qr.x, qr.y + qr.h / 2]]))[0, 1])
    cut = grey[top:]                                              # the photo begins halfway down the code
    h_cut = np.array([[1.0, 0, 0], [0, 1.0, -top], [0, 0, 1.0]]) @ sheet.homography
    tries = []
    real = cv2.QRCodeDetector

    class Counting:
        def detectAndDecode(self, img):
            tries.append(img.shape)
            return real().detectAndDecode(img)

    monkeypatch.setattr("digitize.find_codes.cv2.QRCodeDetector", Counting)
    assert decode_qr(cut, h_cut) is None and not tries
    assert decode_qr(grey, sheet.homography) == sheet.payload and tries


def test_a_qr_code_whose_quiet_zone_the_photos_edge_cuts_is_read():
    """The code's box holds its quiet zone: a photo whose edge runs 1.2 mm into the box, a little into the finder
    patterns' outer ring, still gives the payload (up to session 37 the box's corner 1 mm off the photo was skipped)."""
    photo, _layout, _dpi = synthetic_photo(3, "skatscan", 33, 1600, "rotation", 0.5, dpi=200)
    sheet = find_sheet(photo.image)
    grey = cv2.cvtColor(photo.image, cv2.COLOR_BGR2GRAY)
    qr = layout_for(4).qr
    top = int(round(apply_homography(sheet.homography, np.array([[qr.x + qr.w / 2, qr.y + 1.2]]))[0, 1]))
    cut = grey[top:]
    h_cut = np.array([[1.0, 0, 0], [0, 1.0, -top], [0, 0, 1.0]]) @ sheet.homography
    assert sheet.payload is not None and decode_qr(cut, h_cut) == sheet.payload


def test_rectified_page_matches_the_printed_form():
    photo, layout, dpi = synthetic_photo(4, "dskv", 13, 1000)
    sheet = find_sheet(photo.image)
    assert sheet.page.shape == (round(PAGE_H * 8), round(PAGE_W * 8)) and sheet.page.dtype == np.uint8
    # thick grid lines at their layout places on the page: darker than the paper beside them
    g = layout.grid
    y = int(round(layout.body.y * 8))
    x0, x1 = int(g.x * 8) + 20, int(g.x2 * 8) - 20
    on = np.median(sheet.page[y - 1:y + 2, x0:x1])
    off = np.median(sheet.page[y + 12:y + 15, x0:x1])
    assert off - on > 30


def test_grid_outline_found():
    photo, layout, dpi = synthetic_photo(3, "dskv", 14, 2000)
    grey = cv2.cvtColor(photo.image, cv2.COLOR_BGR2GRAY)
    quads = grid_quads(grey)
    g = layout.grid
    truth = true_points(photo, dpi, [[g.x, g.y], [g.x2, g.y], [g.x2, g.y2], [g.x, g.y2]])
    best = min(np.abs(np.sort(q, axis=0) - np.sort(truth, axis=0)).max() for q in quads)
    assert best < 0.03 * grey.shape[1]


def test_no_grid_no_sheet():
    with pytest.raises(NoListFound):
        find_sheet(np.full((800, 600, 3), 230, np.uint8))


@pytest.mark.parametrize("edition", ["skatscan", "dskv"])
@pytest.mark.parametrize("half", ["left", "right"])
def test_only_half_a_list_in_frame_is_said_so(edition, half):
    """A photo with half the list in frame was "no Skat list found: no printed grid like the Spielliste's was
    seen" (or "a grid was seen but it does not match the Spielliste (fit error inf mm over 0 line crossings)"), though
    a list was plainly there: a skatscan form says so by its corner markers seen (too few to place it), a DSkV form
    by the grid of lines that runs off the photo's edge (hedged: a tiled floor does that too). (Its top or bottom
    half is placed, and read with the cells off the photo in doubt.)"""
    photo, layout, dpi = synthetic_photo(4, edition, 5, 1200)
    img = photo.image
    h, w = img.shape[:2]
    part = {"top": img[:h // 2], "bottom": img[h // 2:], "left": img[:, :w // 2], "right": img[:, w // 2:]}[half]
    with pytest.raises(NoListFound) as err:
        find_sheet(np.ascontiguousarray(part))
    if edition == "skatscan":
        assert str(err.value) == ("Only part of a Skat list is on the photo (2 of its 4 corner markers were seen): "
                                  "photograph the whole sheet.")
        assert err.value.de.startswith("Nur ein Teil einer Skatliste ist auf dem Foto (2 ihrer 4 Eckmarken")
    else:
        assert str(err.value).startswith("No whole Skat list found on the photo: a grid of printed lines runs off "
                                         "its edge; if that is the list, photograph the whole sheet.")
        assert "das ganze Blatt fotografieren" in err.value.de


def test_a_photo_without_a_grid_says_no_list_plainly():
    """Prose on a page, lines that do not reach the photo's edge: the plain sentence, no advice on framing."""
    img = np.full((900, 700, 3), 235, np.uint8)
    for y in range(120, 780, 28):
        cv2.line(img, (90, y), (610, y), (40, 40, 40), 3)
    with pytest.raises(NoListFound, match="no printed grid like the Spielliste's was seen"):
        find_sheet(img)


def test_helpers():
    h = np.array([[2.0, 0, 10], [0, 2.0, 20], [0, 0, 1]])
    assert apply_homography(h, [[1, 1]]).tolist() == [[12.0, 22.0]]
    assert photo_px_per_mm(h) == pytest.approx(2.0)
    turn90 = np.array([[0, -1.0, 500], [1.0, 0, 0], [0, 0, 1]])      # page x axis -> photo y axis
    assert rotation_of(h) == 0 and rotation_of(turn90) == 90 and rotation_of(turn90 @ turn90) == 180
    tpl = template(layout_for(4))
    assert tpl.dtype == np.float32 and tpl.shape[0] > tpl.shape[1]
