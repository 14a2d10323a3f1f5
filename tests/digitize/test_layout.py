"""The DSkV form as data (digitize/layout.py): columns, rows, cells, shading, lines, markers."""
from __future__ import annotations

import json

import numpy as np
import pytest

from audit.model import FOOTER_FIELDS, MARK_FIELDS, NUMBER_FIELDS, SEAT_FIELDS, cell_ref
from digitize import layout as L
from digitize.layout import Box, layout_for

ALL = [(s, e) for s in (3, 4) for e in ("skatscan", "dskv")]
GAME_KEYS = ["no", "base", "mit", "ohne", "hand", "schneider", "schneider_announced", "schwarz",
             "schwarz_announced", "ouvert", "plus", "minus"]


def expected_keys(seats):
    keys = list(GAME_KEYS)
    for k in range(1, seats + 1):
        keys += [f"p{k}.total", f"p{k}.won", f"p{k}.lost"]
    return keys + ["passed"]


@pytest.mark.parametrize("seats,ncols,nrows", [(4, 25, 48), (3, 22, 36)])
def test_columns_and_rows(seats, ncols, nrows):
    lay = layout_for(seats)
    assert [c.key for c in lay.columns] == expected_keys(seats)
    assert len(lay.columns) == ncols and len(lay.rows) == nrows and lay.games == nrows
    assert [r.game for r in lay.rows] == list(range(1, nrows + 1))
    # columns tile the grid left to right without gaps
    for a, b in zip(lay.columns, lay.columns[1:]):
        assert a.x2 == pytest.approx(b.x)
    assert lay.columns[0].x == pytest.approx(lay.grid.x)
    assert lay.columns[-1].x2 == pytest.approx(lay.grid.x2)
    # rows tile the body from top to bottom
    for a, b in zip(lay.rows, lay.rows[1:]):
        assert a.y2 == pytest.approx(b.y)
    assert lay.rows[0].y == pytest.approx(lay.body.y) and lay.rows[-1].y2 == pytest.approx(lay.body.y2)


def test_48_rows_of_about_4_4_mm_fit_a4_with_header_and_footer():
    lay = layout_for(4, 48)
    assert lay.rows[0].h == pytest.approx(4.4, abs=0.05)
    assert lay.title.y >= L.PAGE_MARGIN and lay.grid.y2 <= L.PAGE_H - L.PAGE_MARGIN
    assert lay.header.y2 == pytest.approx(lay.body.y) and lay.body.y2 == pytest.approx(lay.footer.y)
    # fewer games get taller rows, capped
    assert layout_for(3).rows[0].h > lay.rows[0].h
    assert layout_for(4, 10).rows[0].h == L.MAX_ROW_H


def test_column_widths_suit_their_content():
    lay = layout_for(4)
    mark = [lay.column(k).w for k in MARK_FIELDS]
    total = lay.column("p1.total").w
    # X-mark columns narrow; running totals take "-1234" (5 handwritten chars of ~2 mm)
    assert max(mark) < 6 and total >= 10 and lay.column("plus").w >= 8
    assert lay.column("p1.won").w >= 5 and lay.column("base").w >= 6


def test_german_headers_and_labels():
    lay = layout_for(4)
    texts = " | ".join(lb.text.replace("\n", " ") for lb in lay.labels)
    for word in ["Spielliste", "Serie", "Tisch", "Lfd. Nr. der Spiele", "Grundwert", "9 10 11 12 23 24",
                 "Buben (Spitzen)", "mit", "ohne", "Handspiel", "Schneider angesagt", "Schwarz angesagt",
                 "offen", "Platz 1", "Platz 4", "Start-Nr.", "Gew.", "Verl.", "Eingepasst",
                 "A) Spielpunkte", "(+ gewonnene - verlorene Spiele) x 50",
                 "+ verlorene Spiele der Gegenspieler (x 30)", "B) Gesamtpunkte = Endergebnis",
                 "Betrag EUR", "Unterschriften"]:
        assert word in texts, word
    assert "Platz 4" not in " ".join(lb.text for lb in layout_for(3).labels)
    assert "(x 40)" in " ".join(lb.text for lb in layout_for(3).labels)
    assert "(x 40 / x 30)" in " ".join(lb.text for lb in layout_for(4, edition="dskv").labels)
    assert [c.header for c in lay.columns if c.field == "won"] == ["Gew."] * 4


@pytest.mark.parametrize("seats,edition", ALL)
def test_every_cell_reference_of_the_model_is_there(seats, edition):
    lay = layout_for(seats, edition=edition)
    cells = lay.cells()
    for g in (1, 12, lay.games):
        for f in NUMBER_FIELDS + MARK_FIELDS + ("passed",):
            assert cell_ref(g, f) in cells
        for k in range(1, seats + 1):
            for f in SEAT_FIELDS:
                assert cell_ref(g, f, k) in cells
    assert cell_ref(lay.games + 1, "base") not in cells and "g12.no" not in cells
    for k in range(1, seats + 1):
        for f in FOOTER_FIELDS:
            assert (cell_ref(None, f, k) in cells) == (f != "money" or edition == "skatscan"), f
        assert cell_ref(None, "signature", k) in cells
        assert f"table.start_number.{k}" in cells
        assert lay.money_cell(k) in cells
    assert f"signature.{seats + 1}" not in cells
    for ref in ("footer.money_total", "table.series", "table.table"):
        assert ref in cells
    per_row = len(NUMBER_FIELDS) + len(MARK_FIELDS) + 1 + 3 * seats
    footer = 3 * seats + 3 * seats + (seats if edition == "skatscan" else 0) + seats + 1
    assert len(cells) == lay.games * per_row + footer + 2 + seats


@pytest.mark.parametrize("seats,edition", ALL)
def test_cells_do_not_overlap_and_lie_inside_page_and_grid(seats, edition):
    lay = layout_for(seats, edition=edition)
    cells = lay.cells()
    a = np.array([[b.x, b.y, b.x2, b.y2] for b in cells.values()])
    eps = 1e-6
    ov = ((a[:, None, 0] < a[None, :, 2] - eps) & (a[None, :, 0] < a[:, None, 2] - eps)
          & (a[:, None, 1] < a[None, :, 3] - eps) & (a[None, :, 1] < a[:, None, 3] - eps))
    np.fill_diagonal(ov, False)
    assert not ov.any(), [list(cells)[i] for i in np.argwhere(ov)[0]]
    assert (a[:, 2] > a[:, 0]).all() and (a[:, 3] > a[:, 1]).all()
    printable = Box(L.PAGE_MARGIN, L.PAGE_MARGIN, L.PAGE_W - 2 * L.PAGE_MARGIN, L.PAGE_H - 2 * L.PAGE_MARGIN)
    for ref, box in cells.items():
        assert printable.contains(box), ref
        assert lay.grid.contains(box) or (ref.startswith("table.") and lay.title.contains(box)), ref
    # a game cell sits in its column and its row
    box = cells["g12.p3.total"]
    assert box.x == lay.column("p3.total").x and box.y == lay.row(12).y


def test_dealer_shading_at_four_seats_platz_k_in_rows_k_k4_k8():
    lay = layout_for(4)
    assert [lay.dealer_seat(g) for g in range(1, 10)] == [1, 2, 3, 4, 1, 2, 3, 4, 1]
    shaded = set(lay.shaded_cells())
    assert {"g1.p1.total", "g1.p1.won", "g1.p1.lost", "g5.p1.total", "g2.p2.won", "g48.p4.lost"} <= shaded
    assert "g2.p1.total" not in shaded and "g1.base" not in shaded
    assert len(shaded) == 48 * 3
    # the grey fills are exactly the dealer's Platz block, one per row
    cells = lay.cells()
    assert len(lay.fills) == 48
    for g, fill in enumerate(lay.fills, start=1):
        k = (g - 1) % 4 + 1
        first, last = cells[f"g{g}.p{k}.total"], cells[f"g{g}.p{k}.lost"]
        assert fill == Box(first.x, first.y, last.x2 - first.x, first.h)


def test_no_shading_at_three_seats():
    lay = layout_for(3)
    assert lay.fills == () and lay.shaded_cells() == () and lay.dealer_seat(1) is None


def test_lines_are_straight_with_two_thicknesses_and_frame_the_grid():
    lay = layout_for(4)
    assert all(ln.horizontal or ln.x1 == ln.x2 for ln in lay.lines)
    assert {ln.width for ln in lay.lines} == {L.LINE_THIN, L.LINE_THICK}
    g = lay.grid
    full_h = [ln for ln in lay.lines if ln.horizontal and ln.x1 == pytest.approx(g.x) and ln.x2 == pytest.approx(g.x2)]
    ys = sorted(ln.y1 for ln in full_h)
    # every row edge is a full-width line; the frame top and bottom are thick
    for r in lay.rows:
        assert any(y == pytest.approx(r.y) for y in ys)
    assert ys[0] == pytest.approx(g.y) and ys[-1] == pytest.approx(g.y2)
    widths = {round(ln.y1, 3): ln.width for ln in full_h}
    assert widths[round(g.y, 3)] == widths[round(g.y2, 3)] == widths[round(lay.body.y, 3)] == L.LINE_THICK
    assert widths[round(lay.row(2).y, 3)] == L.LINE_THIN
    # every column edge runs through all game rows; block edges are thick
    body_v = {round(ln.x1, 3): ln.width for ln in lay.lines
              if not ln.horizontal and ln.y1 <= lay.body.y + 1e-6 and ln.y2 >= lay.body.y2 - 1e-6}
    edges = [c.x for c in lay.columns] + [g.x2]
    assert sorted(body_v) == sorted(round(x, 3) for x in edges)
    for key in ("base", "plus", "p1.total", "p4.total", "passed"):
        assert body_v[round(lay.column(key).x, 3)] == L.LINE_THICK, key
    for key in ("mit", "hand", "p1.won", "p2.lost"):
        assert body_v[round(lay.column(key).x, 3)] == L.LINE_THIN, key


def test_lines_are_merged_and_unique():
    lay = layout_for(3, edition="dskv")
    groups = {}
    for ln in lay.lines:
        key = (ln.horizontal, round(ln.y1 if ln.horizontal else ln.x1, 4), ln.width)
        groups.setdefault(key, []).append((ln.x1, ln.x2) if ln.horizontal else (ln.y1, ln.y2))
    for key, spans in groups.items():
        spans.sort()
        for (a, b), (c, d) in zip(spans, spans[1:]):
            assert c > b + 1e-6, f"segments {key} not merged: {(a, b)} {(c, d)}"
    # the left frame is one line from the header top to the footer bottom
    left = [ln for ln in lay.lines if not ln.horizontal and ln.x1 == lay.grid.x]
    assert len(left) == 1 and left[0].y1 == lay.grid.y and left[0].y2 == pytest.approx(lay.grid.y2)


def test_skatscan_markers_in_the_corners_outside_everything_printed():
    lay = layout_for(4)
    ids = {m.corner: m.id for m in lay.markers}
    assert ids == {"top-left": 0, "top-right": 1, "bottom-right": 2, "bottom-left": 3}
    by_id = {m.id: m.box for m in lay.markers}
    assert by_id[0].x < lay.grid.x and by_id[0].y < lay.grid.y
    assert by_id[1].x > lay.grid.x2 and by_id[1].y < lay.grid.y
    assert by_id[2].x > lay.grid.x2 and by_id[2].y2 > lay.grid.y2 - L.MARKER_SIZE
    assert by_id[3].x2 < lay.grid.x
    for m in lay.markers:
        assert m.box.w == m.box.h == L.MARKER_SIZE
        assert Box(L.PAGE_MARGIN, L.PAGE_MARGIN, L.PAGE_W - 2 * L.PAGE_MARGIN,
                   L.PAGE_H - 2 * L.PAGE_MARGIN).contains(m.box)
        # a quiet zone of at least one module (MARKER_SIZE / 6) free of ink
        zone = m.box.inset(-L.MARKER_SIZE / 6)
        assert not zone.overlaps(lay.grid) and not zone.overlaps(lay.qr)
        assert not any(zone.overlaps(lb.box) for lb in lay.labels)
        assert not any(zone.overlaps(ln.as_box()) for ln in lay.lines)


def test_qr_box_in_the_title_band_clear_of_ink():
    lay = layout_for(4)
    assert lay.title.contains(lay.qr) and lay.qr.w == lay.qr.h == L.QR_SIZE
    clear = lay.qr.inset(-L.QR_CLEARANCE)
    assert not any(clear.overlaps(lb.box) for lb in lay.labels)
    assert not any(clear.overlaps(ln.as_box()) for ln in lay.lines)
    assert not any(clear.overlaps(b) for b in lay.cells().values())


def test_editions_differ_in_markers_qr_and_money_row():
    sk, dv = layout_for(4), layout_for(4, edition="dskv")
    assert len(sk.markers) == 4 and sk.qr is not None
    assert dv.markers == () and dv.qr is None
    assert [r.key for r in sk.footer_rows] == ["points", "bonus", "others_lost", "score", "money", "signature"]
    assert [r.key for r in dv.footer_rows] == ["points", "bonus", "others_lost", "score", "signature"]
    # skatscan: money has its own cell right above the signature box, never inside it
    money, sign = sk.cell("footer.money.2"), sk.cell("signature.2")
    assert money.y2 == pytest.approx(sign.y) and money.x == sign.x and not money.overlaps(sign)
    assert sk.money_cell(2) == "footer.money.2" and dv.money_cell(2) == "signature.2"
    # the grid (columns, rows) is the same in both editions
    assert sk.columns == dv.columns and sk.rows == dv.rows


def test_footer_cells_sit_under_their_platz_block():
    lay = layout_for(4)
    for k in range(1, 5):
        tot, won, lost = (lay.column(f"p{k}.{f}") for f in ("total", "won", "lost"))
        assert lay.cell(f"footer.points.{k}").x == tot.x and lay.cell(f"footer.won.{k}").x == won.x
        assert lay.cell(f"footer.lost.{k}").x2 == pytest.approx(lost.x2)
        for f in ("bonus", "others_lost", "score", "money"):
            box = lay.cell(f"footer.{f}.{k}")
            assert box.x == tot.x and box.x2 == pytest.approx(lost.x2)
        start = lay.cell(f"table.start_number.{k}")
        assert tot.x <= start.x and start.x2 == pytest.approx(lost.x2) and start.y2 <= lay.body.y
    ys = [lay.cell(f"footer.{f}.1").y for f in ("points", "bonus", "others_lost", "score", "money")]
    assert ys == sorted(ys) and len(set(ys)) == 5
    assert lay.cell("footer.money_total").y == lay.cell("signature.1").y


@pytest.mark.parametrize("args", [(5,), (2,), (True,), (4, 0), (4, L.MAX_GAMES + 1), (4, 2.5), (4, None, "x")])
def test_bad_arguments_raise_value_error(args):
    with pytest.raises(ValueError):
        layout_for(*args)


def test_cells_returns_a_new_dict_and_the_layout_serialises():
    lay = layout_for(3)
    cells = lay.cells()
    cells.clear()
    assert "g1.base" in lay.cells()
    doc = json.loads(json.dumps(lay.as_dict()))
    assert doc["seats"] == 3 and len(doc["columns"]) == 22 and doc["cells"]["g1.base"]["w"] > 0
    with pytest.raises(KeyError):
        lay.cell("g99.base")
    with pytest.raises(KeyError):
        lay.row(0)


def test_box_helpers():
    b = Box(10.0, 20.0, 5.0, 4.0)
    assert b.centre == (12.5, 22.0)
    assert b.to_px(254) == (100, 200, 150, 240)
    assert Box(0, 0, 0.01, 0.01).to_px(72) == (0, 0, 1, 1)
    assert b.inset(1) == Box(11.0, 21.0, 3.0, 2.0) and b == Box(10.0, 20.0, 5.0, 4.0)
    assert not b.overlaps(Box(15.0, 20.0, 1, 1)) and b.overlaps(Box(14.9, 23.9, 1, 1))
