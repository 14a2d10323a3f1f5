"""Printable forms (digitize/form.py) and what they carry (digitize/markers.py): the rendered page
must give back the layout's grid, QR payload and corner markers."""
from __future__ import annotations

import re

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from digitize import form
from digitize.layout import SHADE_GREY, layout_for, mm_to_px
from digitize.markers import (decode_payload, encode_payload, marker_image, marker_modules,
                              qr_image, qr_modules)

DPI = 150


@pytest.fixture(scope="module")
def four():
    lay = layout_for(4)
    return lay, form.render_png(lay, series=2, table=17, start_numbers=["17", "4", "31", "22"], dpi=DPI)


@pytest.fixture(scope="module")
def three_dskv():
    lay = layout_for(3, edition="dskv")
    return lay, form.render_png(lay, dpi=DPI)


def line_centres(img, horizontal, min_len_px):
    """Centres (px) of straight dark lines at least ``min_len_px`` long, by morphological opening."""
    ink = (img < 128).astype(np.uint8)
    size = (min_len_px, 1) if horizontal else (1, min_len_px)
    mask = cv2.morphologyEx(ink, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, size))
    hits = np.flatnonzero(mask.any(axis=1 if horizontal else 0))
    groups = np.split(hits, np.flatnonzero(np.diff(hits) > 1) + 1) if hits.size else []
    return [float(g.mean()) for g in groups]


def px(v):
    return v * DPI / 25.4


@pytest.mark.parametrize("which", ["four", "three_dskv"])
def test_png_is_a4_grey_white_paper(which, request):
    lay, img = request.getfixturevalue(which)
    assert img.dtype == np.uint8 and img.ndim == 2
    assert img.shape == (mm_to_px(297, DPI), mm_to_px(210, DPI))
    assert img[0, 0] == 255 and np.median(img) == 255


@pytest.mark.parametrize("which", ["four", "three_dskv"])
def test_rows_and_columns_are_detected_back(which, request):
    lay, img = request.getfixturevalue(which)
    # horizontal lines longer than 60 % of the grid: the frame, the row and the footer lines
    min_w = int(px(lay.grid.w) * 0.6)
    expected_h = sorted(ln.y1 for ln in lay.lines if ln.horizontal and ln.length >= lay.grid.w * 0.6)
    found_h = line_centres(img, True, min_w)
    assert len(found_h) == len(expected_h)
    assert np.abs(np.array(found_h) - px(np.array(expected_h))).max() <= 1.5
    in_body = [y for y in found_h if px(lay.body.y) - 2 <= y <= px(lay.body.y2) + 2]
    assert len(in_body) == lay.games + 1  # one line above each row plus the bottom one
    # vertical lines longer than 60 % of the game rows: one per column edge
    found_v = line_centres(img, False, int(px(lay.body.h) * 0.6))
    edges = [c.x for c in lay.columns] + [lay.grid.x2]
    assert len(found_v) == len(lay.columns) + 1
    assert np.abs(np.array(found_v) - px(np.array(edges))).max() <= 1.5


def test_thick_lines_are_thicker_in_the_png(four):
    lay, img = four
    y = mm_to_px(lay.row(3).y + lay.row(3).h / 2, DPI)
    def dark_run(x_mm):
        x = mm_to_px(x_mm, DPI)
        row = img[y, x - 5:x + 6] < 128
        return int(row.sum())
    assert dark_run(lay.column("p2.total").x) > dark_run(lay.column("p2.won").x) >= 1


def test_dealer_cells_are_grey_and_others_white(four):
    lay, img = four
    def value(ref):
        cx, cy = lay.cell(ref).centre
        return int(img[mm_to_px(cy, DPI), mm_to_px(cx, DPI)])
    assert value("g1.p1.total") == value("g5.p1.won") == value("g48.p4.lost") == SHADE_GREY
    assert value("g2.p1.total") == value("g1.p2.total") == value("g1.base") == 255


def test_qr_decodes_to_what_was_asked(four):
    lay, img = four
    text, points, _ = cv2.QRCodeDetector().detectAndDecode(img)
    assert text == "SK1/S4/R2/T17/N17.4.31.22"
    doc = decode_payload(text)
    assert (doc["seats"], doc["games"], doc["series"], doc["table"]) == (4, 48, 2, 17)
    assert doc["start_numbers"] == ("17", "4", "31", "22") and doc["layout_version"] == lay.version
    # found where the layout puts it
    centre = points.reshape(-1, 2).mean(axis=0)
    assert np.abs(centre - px(np.array(lay.qr.centre))).max() < 5


def test_aruco_markers_found_with_their_ids_in_their_corners(four):
    lay, img = four
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50),
                                       cv2.aruco.DetectorParameters())
    corners, ids, _ = detector.detectMarkers(img)
    assert ids is not None and sorted(ids.ravel().tolist()) == [0, 1, 2, 3]
    h, w = img.shape
    found = {int(i): c.reshape(4, 2).mean(axis=0) for i, c in zip(ids.ravel(), corners)}
    assert found[0][0] < w / 4 and found[0][1] < h / 4
    assert found[1][0] > 3 * w / 4 and found[1][1] < h / 4
    assert found[2][0] > 3 * w / 4 and found[2][1] > 3 * h / 4
    assert found[3][0] < w / 4 and found[3][1] > 3 * h / 4
    for m in lay.markers:
        assert np.abs(found[m.id] - px(np.array(m.box.centre))).max() < 2


def test_dskv_edition_has_no_qr_and_no_markers(three_dskv):
    lay, img = three_dskv
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50),
                                       cv2.aruco.DetectorParameters())
    ids = detector.detectMarkers(img)[1]
    assert ids is None or len(ids) == 0  # OpenCV 4 says None, 5 an empty array
    assert cv2.QRCodeDetector().detectAndDecode(img)[0] == ""
    assert (img < 255).sum() > 0.02 * img.size  # but a form is printed


def test_printed_values_appear_in_their_boxes(four, three_dskv):
    def ink(lay, img, ref):
        x0, y0, x1, y1 = lay.cell(ref).inset(1.0).to_px(DPI)
        return int((img[y0:y1, x0:x1] < 128).sum())
    assert ink(*four, "table.series") > 20 and ink(*four, "table.start_number.3") > 20
    assert ink(*three_dskv, "table.series") == 0 and ink(*three_dskv, "table.start_number.1") == 0
    assert ink(*four, "g7.base") == 0 and ink(*four, "signature.1") == 0


def test_png_is_deterministic_and_depends_on_the_values():
    lay = layout_for(4)
    a = form.png_bytes(form.render_png(lay, series=1, table=3, dpi=100))
    b = form.png_bytes(form.render_png(lay, series=1, table=3, dpi=100))
    c = form.png_bytes(form.render_png(lay, series=1, table=4, dpi=100))
    assert a == b and a != c and a.startswith(b"\x89PNG")


def test_render_does_not_change_its_inputs():
    numbers = ["1", "2", "3"]
    form.render_png(layout_for(3), start_numbers=numbers, dpi=60)
    assert numbers == ["1", "2", "3"]


def count_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))


def test_pdf_is_valid_with_one_page_per_form():
    lay = layout_for(4)
    pages = form.tournament_pages(lay, [1, 2], [7, 8, 9])
    assert [(p.series, p.table) for p in pages] == [(1, 7), (1, 8), (1, 9), (2, 7), (2, 8), (2, 9)]
    pdf = form.pdf_bytes(pages)
    assert pdf.startswith(b"%PDF-") and pdf.rstrip().endswith(b"%%EOF")
    assert count_pages(pdf) == 6
    assert count_pages(form.pdf_bytes([form.make_page(layout_for(3, edition="dskv"))])) == 1
    with pytest.raises(ValueError):
        form.pdf_bytes([])


def test_pdf_is_vector_and_carries_the_german_texts():
    import zlib
    pdf = form.pdf_bytes([form.make_page(layout_for(4), 1, 2)])
    streams = b"".join(zlib.decompress(m) for m in re.findall(rb"stream\r?\n(.*?)\r?\nendstream", pdf, re.S)
                       if m[:1] == b"x")
    assert b"/Subtype /Image" not in pdf  # lines, markers and QR are drawn as vector rectangles
    for word in (b"Spielliste", b"Grundwert", b"Eingepasst", b"Unterschriften", b"Platz 4"):
        assert word in streams


def test_writes_are_whole_or_nothing(tmp_path):
    out = tmp_path / "liste.pdf"
    form.write_pdf(out, [form.make_page(layout_for(3))])
    assert out.read_bytes().startswith(b"%PDF")
    png = tmp_path / "liste.png"
    form.write_png(png, form.render_png(layout_for(3), dpi=60))
    assert cv2.imread(str(png), cv2.IMREAD_GRAYSCALE).shape == (mm_to_px(297, 60), mm_to_px(210, 60))
    assert form.write_tournament_pdf(tmp_path / "t.pdf", layout_for(3), range(1, 3), [4, 5]) == 4
    assert count_pages((tmp_path / "t.pdf").read_bytes()) == 4
    with pytest.raises(OSError):
        form.write_pdf(tmp_path / "missing" / "x.pdf", [form.make_page(layout_for(3))])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["liste.pdf", "liste.png", "t.pdf"]


@pytest.mark.parametrize("kwargs", [{"series": 0}, {"table": -1}, {"series": 1000},
                                    {"start_numbers": ["1", "2"]}, {"start_numbers": ["1", "2", "3", "x,y"]}])
def test_values_the_form_cannot_carry_are_refused(kwargs):
    with pytest.raises(ValueError):
        form.make_page(layout_for(4), **kwargs)
    with pytest.raises(ValueError):
        form.render_png(layout_for(4), dpi=10)


# ---- QR payload and marker images (digitize/markers.py) ----------------------------------------

def test_payload_format():
    assert encode_payload(layout_for(3)) == "SK1/S3"
    assert encode_payload(layout_for(4, 40), series=3, table=120, start_numbers=["1", None, "A7", "9"]) \
        == "SK1/S4/G40/R3/T120/N1..A7.9"
    want = {"layout_version": 1, "seats": 4, "games": 40, "series": 3, "table": 120,
            "start_numbers": ("1", None, "A7", "9")}
    assert decode_payload("SK1/S4/G40/R3/T120/N1..A7.9") == want
    # forms printed with the first format are still read
    assert decode_payload("SKATSCAN/1;S=4;G=40;SER=3;T=120;NR=1,,A7,9") == want
    assert decode_payload("SK1/S3")["games"] == decode_payload("SKATSCAN/1;S=3;G=36")["games"] == 36


def test_compact_payload_makes_a_small_qr_code():
    """Alphanumeric mode: a typical table's code is version 1 (21 modules), a long one version 2 (25);
    the first format needed version 3 (29)."""
    assert qr_modules(encode_payload(layout_for(4), 1, 12, ["17", "4", "31", "22"])).shape[0] == 21 + 4
    assert qr_modules(encode_payload(layout_for(4), 12, 123, ["117", "204", "131", "222"])).shape[0] == 25 + 4
    assert qr_modules("SKATSCAN/1;S=4;G=48;SER=1;T=12;NR=17,4,31,22").shape[0] == 29 + 4


@pytest.mark.parametrize("text,problem", [
    ("", "does not start"),
    ("skatscan/1;S=4;G=48", "does not start"),
    ("SKATSCAN/2;S=4;G=48", "version 2"),
    ("SKATSCAN/1;S=5;G=48", "S='5', a table has 3 or 4 seats"),
    ("SKATSCAN/1;S=4", "G is missing"),
    ("SKATSCAN/1;S=4;G=0", "G='0'"),
    ("SKATSCAN/1;S=4;G=048", "G='048'"),
    ("SKATSCAN/1;S=4;G=48;X=1", "unknown field"),
    ("SKATSCAN/1;S=4;G=48;T=1;T=2", "twice"),
    ("SKATSCAN/1;S=4;G=48;T=1;SER=2", "out of order"),
    ("SKATSCAN/1;S=4;G=48;NR=1,2,3", "3 start numbers for 4 seats"),
    ("SKATSCAN/1;S=4;G=48;NR=1,2,3,4 ", "start number"),
    ("SKATSCAN/1;S=4;G=48;", "not KEY=VALUE"),
    ("SKATSCAN/1;S=4;G=48\n", "G="),
    ("sk1/S4", "does not start"),
    ("SK/S4", "does not start"),
    ("SK2/S4", "version 2"),
    ("SK1", "S is missing"),
    ("SK1/G48", "S is missing"),
    ("SK1/S5", "S='5'"),
    ("SK1/S4/G0", "G='0'"),
    ("SK1/S4/R1000", "R='1000'"),
    ("SK1/S4/X1", "unknown field 'X1'"),
    ("SK1/S4/", "unknown field ''"),
    ("SK1/S4/T1/T2", "field T appears twice"),
    ("SK1/S4/T1/R2", "field R is out of order"),
    ("SK1/S4/N1.2.3", "N has 3 start numbers for 4 seats"),
    ("SK1/S4/N1.2.3.ABCDEF", "start number 'ABCDEF'"),
    ("SK1/S4/N1,2,3,4", "N has 1 start numbers"),
    ("SK1/S3 ", "S='3 '"),
])
def test_decode_is_strict(text, problem):
    with pytest.raises(ValueError, match=re.escape(problem)):
        decode_payload(text)


@settings(max_examples=40, deadline=None)
@given(seats=st.sampled_from([3, 4]), games=st.integers(1, 60),
       series=st.none() | st.integers(1, 999), table=st.none() | st.integers(1, 9999),
       numbers=st.none() | st.lists(st.none() | st.from_regex(r"[0-9A-Za-z]{1,5}", fullmatch=True),
                                    min_size=4, max_size=4))
def test_payload_round_trip(seats, games, series, table, numbers):
    lay = layout_for(seats, games)
    numbers = None if numbers is None else numbers[:seats]
    doc = decode_payload(encode_payload(lay, series, table, numbers))
    assert (doc["seats"], doc["games"], doc["series"], doc["table"]) == (seats, games, series, table)
    assert doc["start_numbers"] == (None if numbers is None else tuple(numbers))


def test_longest_payload_fits_a_qr_that_decodes_from_its_image():
    lay = layout_for(4, 60)
    text = encode_payload(lay, 999, 9999, ["ABCDE"] * 4)
    modules = qr_modules(text)
    assert modules.shape[0] <= 33 + 4  # version 4 or less: modules stay >= 0.43 mm in the box
    assert cv2.QRCodeDetector().detectAndDecode(qr_image(text, 6))[0] == text


def test_marker_images():
    m = marker_modules(2)
    assert m.shape == (6, 6) and m[0].all() and m[-1].all() and m[:, 0].all() and m[:, -1].all()
    img = cv2.copyMakeBorder(marker_image(2, 20), 40, 40, 40, 40, cv2.BORDER_CONSTANT, value=255)
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50),
                                       cv2.aruco.DetectorParameters())
    assert detector.detectMarkers(img)[1].ravel().tolist() == [2]
