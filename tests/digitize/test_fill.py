"""digitize.synth.fill: a list written by hand onto a form, with the truth of every cell."""
from __future__ import annotations

import random

import cv2
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from audit.listjson import list_to_json
from audit.model import MARK_FIELDS
from audit.simulate import seeded, simulate
from digitize.form import render_png
from digitize.synth.fill import KINDS, fill, form_games, money_text, outside_share

DPI = 150


def _lists():
    return {
        "three-dskv": (simulate(random.Random(11), seats=3, early_end=True, first_dealer=1), "dskv"),
        "four-skatscan": (simulate(random.Random(12), seats=4, early_end=True, first_dealer=1), "skatscan"),
        "four-dskv-second-declarer": (seeded(random.Random(13), "several-declarers", 4)[0], "dskv"),
        "three-skatscan-passed-value": (seeded(random.Random(14), "passed-game", 3)[0], "skatscan"),
    }


@pytest.fixture(scope="module")
def pages():
    out = {}
    for name, (sl, edition) in _lists().items():
        page = fill(sl, np.random.default_rng(len(name)), edition=edition, dpi=DPI, split="test")
        out[name] = (sl, page)
    return out


def _parse_money(text: str) -> float:
    euros, cents = text.split(",")
    return int(euros) + (0 if cents == "-" else int(cents) / 100)


def _check_cell(sl, page, ref: str, truth) -> None:
    """The truth of one cell agrees with the list."""
    text, kind = truth.text, truth.kind
    lay = page.layout
    if ref.startswith("g"):
        head, rest = ref.split(".", 1)
        no = int(head[1:])
        game = next((g for g in sl.games if g.no == no), None)
        if game is None:
            assert (text, kind) == ("", "empty"), ref
            return
        if game.crossed_out:
            assert (text, kind) in (("#", "strike"), ("", "empty")), ref
            return
        if rest[0] == "p" and rest[1].isdigit():
            seat, name = rest.split(".")
            cells = game.players[int(seat[1:]) - 1]
            value = getattr(cells, name)
            if value is not None:
                assert (text, kind) == (str(value), "number"), ref
            elif not cells.empty or lay.dealer_seat(no) == int(seat[1:]):
                assert (text, kind) == ("", "empty"), ref
            else:
                assert (text, kind) in (("", "empty"), ("-", "dash")), ref
            return
        if rest in MARK_FIELDS or rest == "passed":
            marked = getattr(game, rest)
            assert (kind == "mark" and text in ("X", "+", "x")) if marked else (text, kind) == ("", "empty"), ref
            return
        value = getattr(game, rest)
        assert (text, kind) == ((str(value), "number") if value is not None else ("", "empty")), ref
        return
    if ref.startswith("table."):
        key = ref.split(".")[1]
        if key == "start_number":
            value = sl.table.start_numbers[int(ref.split(".")[2]) - 1]
        else:
            value = getattr(sl.table, key)
        assert text == ("" if value is None else str(value)), ref
        assert kind in (("printed", "number") if value is not None else ("empty",)), ref
        return
    if ref.startswith("signature."):
        k = int(ref.split(".")[1])
        tokens = text.split()
        assert ("~" in tokens) == bool(sl.signatures and sl.signatures[k - 1]), ref
        money = [t for t in tokens if t != "~"]
        if lay.edition == "dskv" and sl.footer.money[k - 1] is not None:
            assert len(money) == 1 and _parse_money(money[0]) == pytest.approx(sl.footer.money[k - 1]), ref
            assert [p.text for p in truth.parts] == tokens and len(truth.parts) == len(tokens)
        else:
            assert money == [], ref
        return
    if ref == "footer.money_total":
        value = sl.footer.money_total
        assert (value is None and text == "") or _parse_money(text) == pytest.approx(value), ref
        return
    _, line, k = ref.split(".")
    value = getattr(sl.footer, line)[int(k) - 1]
    if line == "money":
        assert (value is None and kind == "empty") or (kind == "money" and _parse_money(text) == pytest.approx(value))
    else:
        assert (text, kind) == ((str(value), "number") if value is not None else ("", "empty")), ref


def test_every_cell_has_truth_that_agrees_with_the_list(pages):
    for name, (sl, page) in pages.items():
        assert set(page.cells) == set(page.layout.cells()), name
        assert page.layout.games == form_games(sl)
        assert page.image.dtype == np.uint8 and page.image.ndim == 3 and page.dpi == DPI
        for ref, truth in page.cells.items():
            assert truth.kind in KINDS, ref
            assert truth.box == page.layout.cell(ref).to_px(DPI)
            _check_cell(sl, page, ref, truth)


def _struck_rows(page) -> set[int]:
    return {int(ref.split(".")[0][1:]) for ref, t in page.cells.items() if t.kind == "strike"}


def test_strokes_cross_every_crossed_out_row_and_no_other(pages):
    for name, (sl, page) in pages.items():
        assert _struck_rows(page) == {g.no for g in sl.games if g.crossed_out}, name


def test_every_row_of_a_crossed_out_block_is_struck_on_the_paper():
    """The list's truth says a row is crossed out only when the keeper's strokes cross it on the page: a cross begun
    below the block's first row, or a zigzag turning short of it, left that row open on the paper (the auditor
    rightly reported it not struck, and the benchmark counted that as a false paper error). Lists that end early,
    every plan and figure the keeper draws (three of these twelve pages missed a row before)."""
    for k in range(12):
        sl = simulate(random.Random(20 + k), seats=3 + k % 2, early_end=True, first_dealer=1)
        page = fill(sl, np.random.default_rng(k), edition="dskv", dpi=100, split="test")
        assert _struck_rows(page) == {g.no for g in sl.games if g.crossed_out}, k


def test_dashes_for_non_playing_players_follow_one_habit(pages):
    for name, (sl, page) in pages.items():
        dashed = {ref.rsplit(".", 1)[1] for ref, t in page.cells.items() if t.kind == "dash"}
        assert dashed in (set(), {"total"}, {"total", "won", "lost"}), name


def _ink(page, sl) -> np.ndarray:
    """Where the filled page differs from the blank form: handwriting (bool H x W)."""
    printed = {ref: t.text for ref, t in page.cells.items() if t.kind == "printed"}
    blank = render_png(page.layout, int(printed["table.series"]) if "table.series" in printed else None,
                       int(printed["table.table"]) if "table.table" in printed else None, None, page.dpi)
    grey = cv2.cvtColor(page.image, cv2.COLOR_BGR2GRAY).astype(int)
    return np.abs(grey - blank.astype(int)) > 40


def test_written_ink_is_in_its_cell_and_blank_cells_stay_blank(pages):
    for name, (sl, page) in pages.items():
        ink = _ink(page, sl)
        inset = 2
        empty_fractions = []
        for ref, t in page.cells.items():
            x0, y0, x1, y1 = t.box
            crop = ink[y0 + inset:y1 - inset, x0 + inset:x1 - inset]
            if t.kind in ("number", "mark", "money", "dash", "signature", "strike"):
                assert crop.sum() >= 3, (name, ref, t.text)
            elif t.kind == "empty":
                empty_fractions.append(crop.mean())
        fractions = np.array(empty_fractions)
        assert np.mean(fractions < 0.02) > 0.97, name  # now and then a neighbour's writing runs over
        assert fractions.mean() < 0.005, name


def test_digits_are_written_at_row_size(pages):
    sl, page = pages["four-skatscan"]
    ink = _ink(page, sl)
    row_px = page.layout.row(1).h * DPI / 25.4
    heights = []
    for ref, t in page.cells.items():
        if t.kind == "number" and ref.startswith("g") and t.text.isdigit():
            head, rest = ref.split(".", 1)
            around = [page.cells.get(f"g{int(head[1:]) + d}.{rest}") for d in (-1, 1)]
            if any(c is None or c.kind != "empty" for c in around):
                continue  # measure only figures with nothing written above and below them
            x0, y0, x1, y1 = t.box
            pad = int(row_px * 0.5)
            rows = np.nonzero(ink[max(y0 - pad, 0):y1 + pad, x0 + 2:x1 - 2].any(axis=1))[0]
            if rows.size:
                heights.append((rows[-1] - rows[0] + 1) / row_px)
    assert 0.5 <= float(np.median(heights)) <= 0.95


def test_money_in_dskv_signature_boxes_sits_inside_the_box(pages):
    sl, page = pages["three-dskv"]
    for k in range(1, sl.seats + 1):
        cell = page.cells[f"signature.{k}"]
        for part in cell.parts:
            x0, y0, x1, y1 = part.box
            assert cell.box[0] <= x0 < x1 <= cell.box[2] and cell.box[1] <= y0 < y1 <= cell.box[3]


def test_fill_is_deterministic_and_leaves_the_list_alone(pages):
    name = "three-dskv"
    sl, page = pages[name]
    before = list_to_json(sl)
    again = fill(sl, np.random.default_rng(len(name)), edition="dskv", dpi=DPI, split="test")
    assert np.array_equal(again.image, page.image) and again.cells == page.cells
    other = fill(sl, np.random.default_rng(99), edition="dskv", dpi=DPI, split="test")
    assert not np.array_equal(other.image, page.image)
    assert list_to_json(sl) == before


def test_skatscan_form_prints_series_and_table_unless_told_otherwise(pages):
    name = "three-skatscan-passed-value"
    sl, printed = pages[name]
    written = fill(sl, np.random.default_rng(len(name)), dpi=DPI, split="test", printed_series_table=False)
    assert printed.cells["table.series"].kind == "printed"
    assert written.cells["table.series"].kind == "number"
    assert written.cells["table.series"].text == str(sl.table.series)
    assert "footer.money.1" in printed.cells and "footer.money.1" not in pages["three-dskv"][1].cells


def test_money_is_written_german_style():
    assert [money_text(v) for v in (0.5, 3.5, 4.0, 0.0)] == ["0,50", "3,50", "4,-", "0,-"]
    assert money_text(1.0, ",00") == "1,00"


def test_each_cell_knows_how_much_of_its_writing_lies_outside_its_crop(pages):
    """CellTruth.outside: the share of a written figure's ink outside the crop the pipeline cuts; 0 where nothing
    was written. Most figures stay in their crop, now and then one runs over the lines (as keepers write)."""
    for name, (_, page) in pages.items():
        shares = []
        for ref, t in page.cells.items():
            assert 0.0 <= t.outside <= 1.0, (name, ref)
            if t.kind == "empty" or ref.startswith("signature."):
                assert t.outside == 0.0, (name, ref)
            elif t.kind in ("number", "mark", "dash"):
                shares.append(t.outside)
        assert np.median(shares) < 0.05, name
        assert max(shares) > 0.0, name


@given(st.integers(0, 30), st.integers(0, 30), st.integers(1, 12), st.integers(1, 12),
       st.floats(0.0, 0.5), st.floats(0.0, 0.5))
def test_outside_share_counts_the_ink_beyond_the_crop(x, y, w, h, margin, more):
    """A blot inside the crop is 0 outside, one far from it 1; a wider margin never sees less of the ink."""
    blot = np.zeros((h, w))
    blot[:, :] = 1.0
    cell = (20, 20, 40, 30)
    assert outside_share(blot, 25, 22, (20, 20, 45, 40), margin) == 0.0     # wholly within the cell
    assert outside_share(blot, 100 + x, 100 + y, cell, margin) == 1.0       # far away
    assert outside_share(np.zeros((3, 3)), 0, 0, cell) == 0.0              # no ink
    near = outside_share(blot, 10 + x, 10 + y, cell, margin)
    assert 0.0 <= near <= 1.0
    assert outside_share(blot, 10 + x, 10 + y, cell, margin + more) <= near
