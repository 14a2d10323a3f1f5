"""A list filled in by hand: a :class:`~audit.model.ScoreList` written onto a rendered form, with the exact truth
of every cell.

:func:`fill` draws the list the way it is written at a tournament table (SkWO 7.2.2: Platz 1 keeps the list):

* one *list keeper* (one :class:`~digitize.synth.handwriting.Writer`) writes every game row and the footer: the
  Grundwert, the mit/ohne number, an X (sometimes a "+" or a slanted cross) in the mark columns and in
  *Eingepasst*, the value in "+" or "-", the declarer's new running total (negative with a minus) and his
  Gew./Verl. count; the cells of the players who did not play get a dash or stay blank by the keeper's habit
  (both are ``null`` in the list; the dealer's grey cells at four seats stay blank); unused rows after an early end
  are crossed out with big strokes (one stroke or zig-zag over the whole block, one per column block, or a line
  per row); the footer figures, the loss money ("0,50", "3,50", "4,-") and its total;
* every player signs with his own hand where ``sl.signatures[k]`` is true, and writes his start number (or the
  keeper does); on the plain DSkV form the keeper also writes each player's money into his signature box, beside
  the signature, as on real lists;
* Serie and Tisch are written by the keeper on DSkV forms; skatscan forms print them (and carry them in the QR
  code) when ``printed_series_table``.

Out comes a :class:`FilledPage`: the BGR page and a :class:`CellTruth` for *every* fillable cell of the layout,
blank ones included. ``text`` is exactly what was drawn: "36", "-94", a mark ("+" and "x" are a drawn plus and
slanted cross, "X" an upright cross or a real mark glyph of the writer's, which may itself be X- or +-shaped),
"-" (a dash), "" (blank), "3,50" / "4,-" (money), "~" (a signature), "#" (a cell under a cross-out stroke). On the
DSkV form a signature box with money holds its items left to right, e.g. "3,50 ~" or "~ 3,50", with one
:class:`CellPart` (text, kind, sub-box) per item. ``kind`` is one of :data:`KINDS`.

Everything random comes from the ``numpy.random.Generator`` passed in; the list is not modified.

>>> import random
>>> from audit.simulate import simulate
>>> sl = simulate(random.Random(4), seats=3)
>>> page = fill(sl, np.random.default_rng(4), dpi=100, split="test")
>>> page.image.shape, page.cells["g1.base"].text == str(sl.games[0].base)
((1169, 827, 3), True)
>>> set(page.layout.cells()) == set(page.cells)
True
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Callable

import cv2
import numpy as np

from audit.model import MARK_FIELDS, ScoreList
from digitize.cells import CROP_MARGIN, margin_for
from digitize.form import render_png
from digitize.layout import DEFAULT_GAMES, MAX_GAMES, Box, FormLayout, layout_for
from digitize.synth.handwriting import (MIN_PEN_PX, Writer, composite, cross_out_strokes, ink_mask,
                                        render_strokes, signature_mask)

# ------------------------------------------------------------------------------------------------------ constants

#: Handwriting bank splits a page may be written with (never both on one page).
SPLITS = ("train", "test")
#: Truth kinds of a cell: handwritten figure, X mark, money amount, dash, nothing, signature, under a cross-out
#: stroke, printed by the form (Serie/Tisch of the skatscan edition).
KINDS = ("number", "mark", "money", "dash", "empty", "signature", "strike", "printed")
#: Truth texts of the non-figure items.
DASH_TEXT, SIGNATURE_TEXT, STRIKE_TEXT = "-", "~", "#"
#: What the handwriting renderer draws for a dash.
DASH_CONTENT = "—"

#: Mark styles of the renderer (its content characters): a plain X, a "+", a slanted cross. A keeper marks in
#: the style of his hand; now and then one mark comes out differently.
MARK_TEXT_OF_STYLE = {"bank": "X", "x": "X", "plus": "+", "slanted": "x"}
MARK_STYLE_OF_TEXT = {"X": "x", "+": "plus", "x": "slanted"}
MARK_VARIATION_P = 0.08

#: The keeper's habit for the blocks of players who did not play a game: leave them blank, dash the points
#: column, or dash all three columns.
DASH_HABITS = ("blank", "total", "all")
DASH_HABIT_P = (0.45, 0.35, 0.20)
#: Whole euros as "4,-" or "4,00".
WHOLE_EURO_STYLES = (",-", ",00")
WHOLE_EURO_P = (0.65, 0.35)
#: Chance that each player writes his own start number (else the keeper writes them all).
START_BY_PLAYER_P = 0.6

#: DSkV form: the money is written into the signature box, on this share of its width (the signature gets the
#: rest), this high (share of the box height), before the signature with this chance.
MONEY_IN_SIGNATURE_W = (0.34, 0.44)
MONEY_IN_SIGNATURE_H = (0.5, 0.62)
MONEY_FIRST_P = 0.6

#: How the keeper crosses out unused rows: one figure over the whole block, one per column block (game columns,
#: each Platz), or a line through every row (short runs only, at most STRIKE_ROWS_MAX rows).
STRIKE_PLANS = ("whole", "blocks", "rows")
STRIKE_PLAN_P = (0.55, 0.3, 0.15)
STRIKE_ROWS_MAX = 4
STRIKE_STYLES = ("diagonal", "cross", "zigzag")
STRIKE_STYLE_P = (0.35, 0.2, 0.45)
#: Strokes stay this many row heights inside the crossed-out block (top and bottom), so they never touch a
#: written row; a figure over more than one row reaches that far up and down, so it crosses every row of the block
#: (a cross begun a row and a half below the block's top left its first row open on the paper, while the list's
#: truth had it crossed out: seed 7's photo 7018); the pen is this much wider than the keeper's writing pen.
STRIKE_INSET = 0.2
STRIKE_PEN = 1.1
#: A cell counts as struck through when the strokes put at least this many ink pixels (alpha above
#: INK_ALPHA) into its inside (the cell less STRIKE_CELL_INSET row heights on every side, off the printed
#: lines), per pixel of the row height.
STRIKE_MIN_INK = 0.3
STRIKE_CELL_INSET = 0.1
INK_ALPHA = 0.4

#: Ink is rendered into the cell plus this many cell heights around it (writing runs over cell borders).
INK_MARGIN = 0.6
#: Figures in a box much taller than a game row (Serie, Tisch, Start-Nr., Betrag gesamt) are written about
#: row-sized: into a band of this many game-row heights, placed at random within the box.
TALL_CELL = 1.4
TALL_CELL_BAND = (1.05, 1.45)


# ---------------------------------------------------------------------------------------------------- records


@dataclass(frozen=True)
class CellPart:
    """One item written into a cell that holds more than one (money beside a signature): text, kind and its
    sub-box in page px ``(x0, y0, x1, y1)`` (ends exclusive)."""

    text: str
    kind: str
    box: tuple[int, int, int, int]


@dataclass(frozen=True)
class CellTruth:
    """What a cell holds on the filled page: ``text`` exactly as drawn, ``kind`` (one of :data:`KINDS`), the
    cell's ``box`` in page px ``(x0, y0, x1, y1)`` (ends exclusive, as :meth:`~digitize.layout.Box.to_px`) and,
    for a cell holding several items, one :class:`CellPart` each (in drawing order, left to right); ``outside``
    the share of the ink of the figure, mark or dash written into it that lies outside the cell's crop as the
    pipeline cuts it (:func:`outside_share`): writing the reader cannot see whole (0 where none was written: an
    empty cell, a signature box, whose amount is not measured)."""

    text: str
    kind: str
    box: tuple[int, int, int, int]
    parts: tuple[CellPart, ...] = ()
    outside: float = 0.0


@dataclass(frozen=True)
class FilledPage:
    """A filled list: ``image`` BGR uint8 (A4 at ``dpi``), the ``layout`` of its form, the truth of every fillable
    cell by cell reference, and ``style``: the habits drawn for this list (JSON-ready, for analysis)."""

    image: np.ndarray
    dpi: int
    layout: FormLayout
    cells: dict[str, CellTruth]
    style: dict = field(default_factory=dict)


@dataclass(frozen=True)
class _Item:
    """One thing to write: the cell, what to draw, the truth text and kind, the hand."""

    ref: str
    content: str
    text: str
    kind: str
    writer: Writer


# ------------------------------------------------------------------------------------------------- public helpers


def money_text(amount: float, whole: str = ",-") -> str:
    """An amount in euros written German style; ``whole`` is the ending of whole euros (",-" or ",00").

    >>> money_text(0.5), money_text(3.5), money_text(4.0), money_text(1.0, ",00"), money_text(12.05)
    ('0,50', '3,50', '4,-', '1,00', '12,05')
    """
    cents = int(round(amount * 100))
    euros, rest = divmod(cents, 100)
    return f"{euros}{whole}" if rest == 0 else f"{euros},{rest:02d}"


def form_games(sl: ScoreList) -> int:
    """Rows of the form the list is written on: the usual 36 / 48, or more when the list has more rows."""
    last = max((g.no for g in sl.games), default=0)
    return min(max(DEFAULT_GAMES[sl.seats], last), MAX_GAMES)


# ------------------------------------------------------------------------------------------------------- filling


def fill(sl: ScoreList, rng: np.random.Generator, *, edition: str = "skatscan", dpi: int = 200,
         split: str = "train", printed_series_table: bool = True,
         printed_start_numbers: bool = False) -> FilledPage:
    """Write ``sl`` by hand onto a blank form of ``edition`` rendered at ``dpi`` (see the module docstring).

    ``split`` picks the handwriting bank ("train" for training data, "test" for benchmarks; never both in one
    page). ``printed_series_table`` (skatscan edition only) prints Serie and Tisch instead of writing them;
    ``printed_start_numbers`` prints the start numbers (and puts them in the QR code), as the forms of a drawn
    seating come (``skatscan draw --forms``).
    Out: a :class:`FilledPage` (new arrays; ``sl`` is not modified). Deterministic given ``rng``. ValueError for
    another split, edition or dpi, and for start numbers that are not digits (the bank has no letters).
    """
    if split not in SPLITS:
        raise ValueError(f"split must be one of {', '.join(SPLITS)}, not {split!r}")
    bad = [s for s in sl.table.start_numbers if s and not s.isdigit()]
    if bad:
        raise ValueError(f"cannot write start number {bad[0]!r}: digits only")
    layout = layout_for(sl.seats, form_games(sl), edition)
    t = sl.table
    printed = edition == "skatscan" and printed_series_table
    numbers = tuple(t.start_numbers) if printed_start_numbers else None
    grey = render_png(layout, t.series if printed else None, t.table if printed else None, numbers, dpi)
    canvas = cv2.cvtColor(grey, cv2.COLOR_GRAY2BGR)

    keeper = Writer.random(rng, split)
    players = [Writer.random(rng, split) for _ in range(sl.seats)]
    style = {
        "dash": str(rng.choice(DASH_HABITS, p=DASH_HABIT_P)),
        "whole_euro": str(rng.choice(WHOLE_EURO_STYLES, p=WHOLE_EURO_P)),
        "start_numbers": "players" if rng.random() < START_BY_PLAYER_P else "keeper",
        "strike": str(rng.choice(STRIKE_PLANS, p=STRIKE_PLAN_P)),
        "strike_style": str(rng.choice(STRIKE_STYLES, p=STRIKE_STYLE_P)),
        "keeper_ink": keeper.ink,
    }
    items = _plan(sl, layout, keeper, players, style, rng, printed, printed_start_numbers)
    truth: dict[str, CellTruth] = {}
    for ref, box in layout.cells().items():
        truth[ref] = CellTruth("", "empty", box.to_px(dpi))
    if printed:
        for ref, value in (("table.series", t.series), ("table.table", t.table)):
            if value is not None:
                truth[ref] = replace(truth[ref], text=str(value), kind="printed")
    for k, start in enumerate(numbers or (), start=1):
        if start:
            ref = f"table.start_number.{k}"
            truth[ref] = replace(truth[ref], text=str(start), kind="printed")

    row_px = layout.row(1).h * dpi / 25.4
    for item in items:
        cell = truth[item.ref].box
        truth[item.ref] = replace(truth[item.ref], text=item.text, kind=item.kind,
                                  outside=_write_figure(canvas, cell, _text_band(cell, row_px, rng), item, rng))
    _money_and_signatures(canvas, sl, layout, keeper, players, style, rng, truth, row_px)
    _strike_unused_rows(canvas, sl, layout, keeper, style, rng, truth, dpi)
    return FilledPage(image=canvas, dpi=dpi, layout=layout, cells=truth, style=style)


def _mark(keeper: Writer, rng: np.random.Generator) -> str:
    """The mark the keeper draws this time: his usual style, now and then another."""
    if rng.random() < MARK_VARIATION_P:
        return str(rng.choice(sorted(MARK_STYLE_OF_TEXT)))
    return MARK_TEXT_OF_STYLE[keeper.mark_style]


def _plan(sl: ScoreList, layout: FormLayout, keeper: Writer, players: list[Writer], style: dict,
          rng: np.random.Generator, printed: bool, printed_numbers: bool = False) -> list[_Item]:
    """Everything written into single cells, in writing order (table head, rows, footer figures)."""
    items: list[_Item] = []

    def number(ref: str, value, writer: Writer = keeper) -> None:
        if value is not None:
            items.append(_Item(ref, str(value), str(value), "number", writer))

    t = sl.table
    if not printed:
        number("table.series", t.series)
        number("table.table", t.table)
    for k, start in enumerate(() if printed_numbers else t.start_numbers, start=1):
        if start:
            writer = players[k - 1] if style["start_numbers"] == "players" else keeper
            items.append(_Item(f"table.start_number.{k}", start, start, "number", writer))
    dash_fields = {"blank": (), "total": ("total",), "all": ("total", "won", "lost")}[style["dash"]]
    for g in sl.games:
        if g.crossed_out or g.no > layout.games:
            continue
        p = f"g{g.no}"
        for name in ("base", "mit", "ohne"):
            number(f"{p}.{name}", getattr(g, name))
        for name in MARK_FIELDS:
            if getattr(g, name):
                mark = _mark(keeper, rng)
                items.append(_Item(f"{p}.{name}", mark, mark, "mark", keeper))
        number(f"{p}.plus", g.plus)
        number(f"{p}.minus", g.minus)
        dealer = layout.dealer_seat(g.no)
        for k, cells in enumerate(g.players, start=1):
            if not cells.empty:
                for name in ("total", "won", "lost"):
                    number(f"{p}.p{k}.{name}", getattr(cells, name))
            elif k != dealer:
                for name in dash_fields:
                    items.append(_Item(f"{p}.p{k}.{name}", DASH_CONTENT, DASH_TEXT, "dash", keeper))
        if g.passed:
            mark = _mark(keeper, rng)
            items.append(_Item(f"{p}.passed", mark, mark, "mark", keeper))
    f = sl.footer
    for line in ("points", "won", "lost", "bonus", "others_lost", "score"):
        for k, value in enumerate(getattr(f, line), start=1):
            number(f"footer.{line}.{k}", value)
    return items


def _money_and_signatures(canvas: np.ndarray, sl: ScoreList, layout: FormLayout, keeper: Writer,
                          players: list[Writer], style: dict, rng: np.random.Generator,
                          truth: dict[str, CellTruth], row_px: float) -> None:
    """The loss money (own row, or inside the signature box on the DSkV form), its total and the signatures,
    drawn onto ``canvas`` and entered into ``truth`` (both the fill's own, changed in place)."""
    whole = style["whole_euro"]
    signed = sl.signatures or (False,) * sl.seats
    money = sl.footer.money or (None,) * sl.seats
    for k in range(1, sl.seats + 1):
        amount = money[k - 1] if k - 1 < len(money) else None
        text = money_text(amount, whole) if amount is not None else None
        sig = f"signature.{k}"
        if layout.money_cell(k) != sig:  # skatscan edition: a money row of its own
            if text is not None:
                item = _Item(f"footer.money.{k}", text, text, "money", keeper)
                cell = truth[item.ref].box
                truth[item.ref] = replace(truth[item.ref], text=text, kind="money",
                                          outside=_write_figure(canvas, cell, cell, item, rng))
            text = None
        parts = []
        if text is not None:
            parts.append(_Item(sig, text, text, "money", keeper))
        if k - 1 < len(signed) and signed[k - 1]:
            parts.append(_Item(sig, "", SIGNATURE_TEXT, "signature", players[k - 1]))
        box = truth[sig].box
        if text is None:  # a signature alone fills its box
            for item in parts:
                _write(canvas, box, item, rng)
                truth[sig] = replace(truth[sig], text=item.text, kind=item.kind)
            continue
        # money (at row size) on one side of the box, the signature beside it
        boxes = split_signature_box(box, rng.random() < MONEY_FIRST_P, rng)
        done = []
        for item, sub in zip(parts, boxes):
            _write(canvas, sub, item, rng)
            done.append(CellPart(item.text, item.kind, sub))
        done.sort(key=lambda part: part.box[0])
        truth[sig] = replace(truth[sig], text=" ".join(p.text for p in done), kind="money", parts=tuple(done))
    if sl.footer.money_total is not None:
        text = money_text(sl.footer.money_total, whole)
        item = _Item("footer.money_total", text, text, "money", keeper)
        cell = truth[item.ref].box
        truth[item.ref] = replace(truth[item.ref], text=text, kind="money",
                                  outside=_write_figure(canvas, cell, _text_band(cell, row_px, rng), item, rng))


def _text_band(box, row_px: float, rng: np.random.Generator):
    """Where a figure goes in ``box`` (page px): the box itself, or a row-high band of it when the box is much
    taller than a game row (see TALL_CELL)."""
    x0, y0, x1, y1 = box
    if y1 - y0 <= TALL_CELL * row_px:
        return box
    h = int(round(min(rng.uniform(*TALL_CELL_BAND) * row_px, y1 - y0)))
    top = y0 + int(round(rng.uniform(0.2, 0.8) * (y1 - y0 - h)))
    return (x0, top, x1, top + h)


def split_signature_box(box, money_first: bool, rng: np.random.Generator):
    """Sub-boxes (money, signature) of a signature box holding both: the amount on one side at row size, the
    signature beside it."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    mw = int(round(rng.uniform(*MONEY_IN_SIGNATURE_W) * w))
    mh = int(round(rng.uniform(*MONEY_IN_SIGNATURE_H) * h))
    my = y0 + int(round(rng.uniform(0.15, 0.85) * (h - mh)))
    if money_first:
        return (x0, my, x0 + mw, my + mh), (x0 + mw, y0, x1, y1)
    return (x1 - mw, my, x1, my + mh), (x0, y0, x1 - mw, y1)


# ------------------------------------------------------------------------------------------------------- drawing


def _ink(canvas: np.ndarray, box, colour, make_mask: Callable, pad_of: float) -> tuple[np.ndarray, int, int]:
    """Render ink for ``box`` (page px x0, y0, x1, y1) on a local canvas with ``pad_of`` px around it and lay it
    onto ``canvas`` *in place* (only ever the fill's own working copy). ``make_mask(size, local_box)`` returns
    the float alpha. Out: (mask, mask x, mask y on the page)."""
    x0b, y0b, x1b, y1b = box
    pad = int(math.ceil(pad_of))
    x0, y0 = x0b - pad, y0b - pad
    size = (y1b - y0b + 2 * pad + 1, x1b - x0b + 2 * pad + 1)
    mask = make_mask(size, (float(pad), float(pad), float(x1b - x0b), float(y1b - y0b)))
    H, W = canvas.shape[:2]
    rx0, ry0 = max(x0, 0), max(y0, 0)
    rx1, ry1 = min(x0 + size[1], W), min(y0 + size[0], H)
    if rx0 < rx1 and ry0 < ry1:
        canvas[ry0:ry1, rx0:rx1] = composite(canvas[ry0:ry1, rx0:rx1], mask, colour, at=(x0 - rx0, y0 - ry0))
    return mask, x0, y0


def outside_share(mask: np.ndarray, x0: int, y0: int, cell, margin: float = CROP_MARGIN) -> float:
    """The share of the ink ``mask`` (alpha, its top-left at page px ``(x0, y0)``) outside the crop of ``cell``
    (page px ``(x0, y0, x1, y1)``, ends exclusive) grown by ``margin`` of its height on every side, as
    :func:`digitize.cells.crop` cuts it (:func:`digitize.cells.margin_for`); 0 without ink.

    >>> m = np.zeros((10, 10)); m[2:4, 2:4] = 1.0; m[8:10, 2:4] = 1.0
    >>> outside_share(m, 0, 0, (0, 0, 10, 5), margin=0.2)
    0.5
    """
    total = float(mask.sum())
    if total <= 0:
        return 0.0
    pad = margin * (cell[3] - cell[1])
    cx0, cy0 = int(round(cell[0] - pad)) - x0, int(round(cell[1] - pad)) - y0
    cx1, cy1 = int(round(cell[2] + pad)) - x0, int(round(cell[3] + pad)) - y0
    inside = float(mask[max(cy0, 0):max(cy1, 0), max(cx0, 0):max(cx1, 0)].sum())
    return round(1.0 - inside / total, 4)


def _write_figure(canvas: np.ndarray, cell, box, item: _Item, rng: np.random.Generator) -> float:
    """Write ``item`` into ``box`` (page px, ``cell`` itself or a band of it) as :func:`_write` does. Out: the share
    of its ink outside the crop of ``cell`` (:func:`outside_share`, the crop border :func:`digitize.cells.margin_for`
    the item's cell)."""
    mask, x0, y0 = _write(canvas, box, item, rng)
    return outside_share(mask, x0, y0, cell, margin_for(item.ref))


def _write(canvas: np.ndarray, box, item: _Item, rng: np.random.Generator) -> tuple[np.ndarray, int, int]:
    """Write one item into ``box`` (page px) with the item's hand, onto ``canvas`` in place. Out: the ink's alpha
    mask and its top-left corner on the page (:func:`_ink`)."""
    writer = item.writer
    height = box[3] - box[1]
    if item.kind == "signature":
        def make(size, local):
            return signature_mask(size, writer, rng, box=local)
    else:
        content = item.content
        if item.kind == "mark":  # the renderer draws "X" in the writer's mark style: give it the one wanted
            if MARK_TEXT_OF_STYLE[writer.mark_style] != content:
                writer = replace(writer, mark_style=MARK_STYLE_OF_TEXT[content])
            content = "X"

        def make(size, local):
            return ink_mask(content, size, writer, rng, box=local)
    return _ink(canvas, box, writer.colour, make, INK_MARGIN * height)


def _strike_unused_rows(canvas: np.ndarray, sl: ScoreList, layout: FormLayout, keeper: Writer, style: dict,
                        rng: np.random.Generator, truth: dict[str, CellTruth], dpi: int) -> None:
    """Cross out the rows of ``sl`` marked ``crossed_out`` (on ``canvas``, in place) and make the cells the
    strokes run through "#" in ``truth``."""
    crossed = sorted(g.no for g in sl.games if g.crossed_out and g.no <= layout.games)
    runs: list[list[int]] = []
    for no in crossed:
        if runs and runs[-1][-1] == no - 1:
            runs[-1].append(no)
        else:
            runs.append([no])
    first_col, last_col = layout.column("base"), layout.columns[-1]
    blocks = [(first_col.x, layout.column("minus").x2)]
    blocks += [(layout.column(f"p{k}.total").x, layout.column(f"p{k}.lost").x2) for k in range(1, sl.seats + 1)]
    blocks[-1] = (blocks[-1][0], last_col.x2)
    for run in runs:
        top, bottom = layout.row(run[0]).y, layout.row(run[-1]).y2
        row_h = layout.row(run[0]).h
        plan = style["strike"]
        if plan == "rows" and len(run) > STRIKE_ROWS_MAX:
            plan = "whole"
        if plan == "rows":
            regions = [(Box(first_col.x, layout.row(no).y, last_col.x2 - first_col.x, layout.row(no).h), "line")
                       for no in run]
        elif plan == "blocks":
            regions = [(Box(a, top, b - a, bottom - top), style["strike_style"]) for a, b in blocks]
        else:
            regions = [(Box(first_col.x, top, last_col.x2 - first_col.x, bottom - top),
                        "line" if len(run) == 1 else style["strike_style"])]
        row_px = row_h * dpi / 25.4
        for region, shape in regions:
            mask, mx, my = _strike(canvas, region.to_px(dpi), keeper, rng, shape, row_px)
            _mark_struck(truth, layout, run, mask, mx, my, row_px)
        # a row the figure missed (a zigzag's turn short of the block's first row, a faint pen's shallow diagonal)
        # gets a line of its own, as a keeper who sees it open strikes it: the list's truth has it crossed out
        struck = {ref.split(".", 1)[0] for ref, cell in truth.items() if cell.kind == "strike"}
        for no in run:
            if f"g{no}" not in struck:
                row = Box(first_col.x, layout.row(no).y, last_col.x2 - first_col.x, layout.row(no).h)
                mask, mx, my = _strike(canvas, row.to_px(dpi), keeper, rng, "line", row_px)
                _mark_struck(truth, layout, [no], mask, mx, my, row_px)


def _strike(canvas: np.ndarray, box, writer: Writer, rng: np.random.Generator, shape: str, row_px: float):
    """One cross-out figure over ``box`` (page px), kept STRIKE_INSET rows inside it vertically (a figure over
    several rows reaching that far up and down)."""

    def make(size, local):
        bx, by, bw, bh = local
        strokes = cross_out_strokes(size, writer, rng, box=local, style=shape)
        lo, hi = by + STRIKE_INSET * row_px, by + bh - STRIKE_INSET * row_px
        strokes = _fit_y(strokes, lo, hi, reach=bh > 1.5 * row_px)
        pen = max(writer.pen_width * row_px, MIN_PEN_PX) * STRIKE_PEN
        return render_strokes(strokes, size, writer, rng, pen_px=pen, scale_px=2 * row_px)

    return _ink(canvas, box, writer.colour, make, INK_MARGIN * row_px)


def _fit_y(strokes: list[np.ndarray], lo: float, hi: float, reach: bool = False) -> list[np.ndarray]:
    """The strokes scaled vertically about their middle so that they lie within ``lo``..``hi``, with ``reach`` so
    that they span it from end to end (new arrays)."""
    if hi <= lo:
        hi = lo = (lo + hi) / 2
    allp = np.vstack(strokes)
    y0, y1 = float(allp[:, 1].min()), float(allp[:, 1].max())
    if y0 >= lo and y1 <= hi and not reach:
        return [np.array(s, float) for s in strokes]
    centre, target = (lo + hi) / 2, (hi - lo) / 2
    mid = (y0 + y1) / 2
    scale = target / max((y1 - y0) / 2, 1e-6)
    out = []
    for s in strokes:
        s = np.array(s, float)
        s[:, 1] = centre + (s[:, 1] - mid) * scale
        out.append(s)
    return out


def _mark_struck(truth: dict[str, CellTruth], layout: FormLayout, rows: list[int], mask: np.ndarray, mx: int,
                 my: int, row_px: float) -> None:
    """Cells of ``rows`` with enough stroke ink in them become "#" / "strike" (``truth`` is the fill's own)."""
    need = STRIKE_MIN_INK * row_px
    inset = max(1, int(round(STRIKE_CELL_INSET * row_px)))
    ink = mask > INK_ALPHA
    h, w = mask.shape
    names = {f"g{no}" for no in rows}
    for ref, cell in truth.items():
        if ref.split(".", 1)[0] not in names:
            continue
        x0, y0, x1, y1 = (v + d for v, d in zip(cell.box, (inset, inset, -inset, -inset)))
        a0, b0 = max(x0 - mx, 0), max(y0 - my, 0)
        a1, b1 = min(x1 - mx, w), min(y1 - my, h)
        if a0 < a1 and b0 < b1 and int(np.count_nonzero(ink[b0:b1, a0:a1])) >= need:
            truth[ref] = replace(cell, text=STRIKE_TEXT, kind="strike")
