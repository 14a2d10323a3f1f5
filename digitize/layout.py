"""The DSkV Spielliste as data: every printed line, label and fillable cell, in millimetres.

One description drives the printer (:mod:`digitize.form`), the grid mapper, the synthetic
filler and the report ("the form is data, not code"). Coordinates are millimetres on an A4
portrait page (210 x 297), origin top-left, x to the right, y down.

>>> lay = layout_for(4)
>>> len(lay.columns), len(lay.rows), lay.row(1).h
(25, 48, 4.4)
>>> lay.cell("g12.p3.total").w > lay.cell("g12.hand").w
True
>>> lay.dealer_seat(5), layout_for(3).dealer_seat(5)
(1, None)

Everything a renderer needs is in :class:`FormLayout`: ``lines`` (black bars with their
thickness), ``fills`` (the grey dealer cells), ``labels`` (printed German texts),
``markers`` and ``qr`` (skatscan edition only) and the fillable cells (:meth:`FormLayout.cells`)
keyed by the project's cell references (:func:`audit.model.cell_ref`).
"""
from __future__ import annotations

import functools
from dataclasses import asdict, dataclass
from typing import Optional

from audit.model import cell_ref

# --------------------------------------------------------------------------------------------
# Constants: every dimension of the form, in millimetres, lives here.
# --------------------------------------------------------------------------------------------

#: Version of the geometry below; printed in the QR payload (``SK<version>/...``). Bump it
#: whenever a position changes, so that a reader can pick the matching layout.
LAYOUT_VERSION = 1
EDITIONS = ("skatscan", "dskv")
SEATS = (3, 4)
DEFAULT_GAMES = {3: 36, 4: 48}

PAGE_W, PAGE_H = 210.0, 297.0
#: Border that office printers cannot print; nothing is placed closer to the paper edge.
PAGE_MARGIN = 5.0
#: Width of the grid on the page (columns are scaled to fill it, centred on the page).
GRID_WIDTH = 175.0

#: ArUco markers (skatscan edition): side length incl. the black border, in the page corners.
MARKER_SIZE = 8.0
MARKER_DICTIONARY = "DICT_4X4_50"
#: Marker ids in the corners: top-left, top-right, bottom-right, bottom-left.
MARKER_IDS = {"top-left": 0, "top-right": 1, "bottom-right": 2, "bottom-left": 3}
#: QR code box (skatscan edition), at the right end of the title band. The box holds the code
#: and a quiet zone of QR_QUIET_MODULES; the layout keeps QR_CLEARANCE mm of paper free around
#: it, so the blank margin is more than the 4 modules the QR standard asks for.
QR_SIZE = 16.0
QR_QUIET_MODULES = 2
QR_CLEARANCE = 1.5

#: Title band: "Spielliste", Serie box, Tisch box, QR code.
TITLE_H = 16.0
TITLE_GAP = 2.0
TITLE_BOX_H = 9.0
SERIES_BOX_W = 16.0
TABLE_BOX_W = 20.0

#: Column header: Start-Nr. boxes, "Platz k", sub-headers ("Punkte", "Gew.", "Verl.").
HEADER_START_H = 8.0
HEADER_PLATZ_H = 5.0
HEADER_SUB_H = 9.0
HEADER_H = HEADER_START_H + HEADER_PLATZ_H + HEADER_SUB_H
#: Height of the value legend "9 10 11 12 23 24" at the top of the Grundwert header.
LEGEND_H = 8.0
#: Width of the "Start-Nr." label left of each start-number box.
START_LABEL_W = 9.5

#: Game rows: the real form has 48 rows of about 4.4 mm; fewer games get taller rows.
ROWS_SPACE = 48 * 4.4
MAX_ROW_H = 6.0
MIN_ROW_H = 3.5
MAX_GAMES = int(ROWS_SPACE / MIN_ROW_H)

#: Footer rows.
FOOTER_ROW_H = 5.0
MONEY_ROW_H = 5.0
SIGNATURE_ROW_H = 9.0
MONEY_LABEL_W = 26.0
MONEY_TOTAL_W = 20.0

#: Printed lines: thin black lines between cells, thicker ones around blocks.
LINE_THIN = 0.2
LINE_THICK = 0.5
#: Grey of the pre-printed dealer cells (0 black .. 255 white).
SHADE_GREY = 200

#: Font sizes in points.
FONT_TITLE = 18.0
FONT_SUBTITLE = 7.0
FONT_BOX_LABEL = 9.0
FONT_HEADER = 6.0
FONT_LEGEND = 5.5
FONT_PLATZ = 7.0
FONT_SIGN = 12.0
FONT_ROW_NO = 7.0
FONT_FOOTER = 7.0

#: The game columns, left to right: (key, printed header, width at four seats).
GAME_COLUMNS = (
    ("no", "Lfd. Nr.\nder Spiele", 7.0),
    ("base", "Grundwert", 8.0),
    ("mit", "mit", 6.0),
    ("ohne", "ohne", 6.0),
    ("hand", "Handspiel", 4.5),
    ("schneider", "Schneider", 4.5),
    ("schneider_announced", "Schneider angesagt", 4.5),
    ("schwarz", "Schwarz", 4.5),
    ("schwarz_announced", "Schwarz angesagt", 4.5),
    ("ouvert", "offen", 4.5),
    ("plus", "+", 10.0),
    ("minus", "-", 10.0),
)
#: The three columns of each Platz block.
SEAT_COLUMNS = (("total", "Punkte", 12.5), ("won", "Gew.", 5.5), ("lost", "Verl.", 5.5))
PASSED_COLUMN = ("passed", "Eingepasst", 7.0)
#: Columns whose header is printed turned by 90 degrees (read bottom to top).
ROTATED_HEADERS = frozenset({"no", "base", "hand", "schneider", "schneider_announced", "schwarz",
                             "schwarz_announced", "ouvert", "passed"})
BASE_LEGEND = "9 10\n11 12\n23 24"
GROUP_HEADER_BUBEN = "Buben\n(Spitzen)"

#: Footer lines (model field, printed label). The x40/x30 label depends on edition and seats.
FOOTER_LINES = (
    ("points", "A) Spielpunkte"),
    ("bonus", "(+ gewonnene - verlorene Spiele) x 50"),
    ("others_lost", None),
    ("score", "B) Gesamtpunkte = Endergebnis"),
)
OTHERS_LOST_LABEL = "+ verlorene Spiele der Gegenspieler"
OTHERS_LOST_FACTOR = {3: 40, 4: 30}


# --------------------------------------------------------------------------------------------
# Geometry records
# --------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Box:
    """An axis-aligned rectangle in millimetres: top-left ``(x, y)``, width ``w``, height ``h``.

    >>> b = Box(10, 20, 4, 2)
    >>> b.centre, b.x2, b.y2
    ((12.0, 21.0), 14, 22)
    >>> b.to_px(254)
    (100, 200, 140, 220)
    """

    x: float
    y: float
    w: float
    h: float

    @property
    def x2(self) -> float:
        return self.x + self.w

    @property
    def y2(self) -> float:
        return self.y + self.h

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x + self.w / 2, self.y + self.h / 2)

    def to_px(self, dpi: float) -> tuple[int, int, int, int]:
        """Pixel bounds ``(x0, y0, x1, y1)`` at ``dpi``, ends exclusive, at least one pixel wide."""
        x0, y0 = mm_to_px(self.x, dpi), mm_to_px(self.y, dpi)
        x1, y1 = mm_to_px(self.x2, dpi), mm_to_px(self.y2, dpi)
        return x0, y0, max(x1, x0 + 1), max(y1, y0 + 1)

    def inset(self, d: float) -> "Box":
        """A new box ``d`` mm smaller on every side (never negative in size)."""
        return Box(self.x + d, self.y + d, max(self.w - 2 * d, 0.0), max(self.h - 2 * d, 0.0))

    def overlaps(self, other: "Box", tol: float = 1e-6) -> bool:
        """True when the interiors of the two boxes share some area (touching edges do not count)."""
        return (self.x < other.x2 - tol and other.x < self.x2 - tol
                and self.y < other.y2 - tol and other.y < self.y2 - tol)

    def contains(self, other: "Box", tol: float = 1e-6) -> bool:
        """True when ``other`` lies inside this box (edges included)."""
        return (other.x >= self.x - tol and other.y >= self.y - tol
                and other.x2 <= self.x2 + tol and other.y2 <= self.y2 + tol)


def mm_to_px(v: float, dpi: float) -> int:
    """Millimetres to the nearest pixel at ``dpi``: ``mm_to_px(25.4, 300) == 300``."""
    return int(round(v * dpi / 25.4))


@dataclass(frozen=True)
class Column:
    """One printed column: ``key`` as in the list order above (``p3.total`` for seat columns)."""

    key: str
    header: str
    x: float
    w: float
    #: 1-based seat of a Platz column, else None
    seat: Optional[int]
    #: the field of :mod:`audit.model` the column holds (``total`` for ``p3.total``)
    field: str

    @property
    def x2(self) -> float:
        return self.x + self.w


@dataclass(frozen=True)
class Row:
    """One game row: ``game`` (1-based) at ``y`` with height ``h``."""

    game: int
    y: float
    h: float

    @property
    def y2(self) -> float:
        return self.y + self.h


@dataclass(frozen=True)
class FooterRow:
    """One footer line: ``key`` is a footer field (``points`` .. ``money``) or ``signature``."""

    key: str
    label: str
    y: float
    h: float


@dataclass(frozen=True)
class Line:
    """A printed straight line from (x1, y1) to (x2, y2), horizontal or vertical, ``width`` thick."""

    x1: float
    y1: float
    x2: float
    y2: float
    width: float

    @property
    def horizontal(self) -> bool:
        return self.y1 == self.y2

    @property
    def length(self) -> float:
        return abs(self.x2 - self.x1) + abs(self.y2 - self.y1)

    def as_box(self) -> Box:
        """The inked area: the line widened by ``width`` and lengthened by half of it at both ends,
        so that lines meeting at a corner join without a notch."""
        d = self.width / 2
        return Box(min(self.x1, self.x2) - d, min(self.y1, self.y2) - d,
                   abs(self.x2 - self.x1) + self.width, abs(self.y2 - self.y1) + self.width)


@dataclass(frozen=True)
class Label:
    """A printed text centred (or left/right aligned) in ``box``; lines split at ``\\n``.

    ``size`` is the font size in points (shrunk by the renderer if the text would not fit);
    ``rotate`` is 0 or 90 (turned counter-clockwise, read from bottom to top).
    """

    text: str
    box: Box
    size: float
    rotate: int = 0
    align: str = "centre"
    bold: bool = False


@dataclass(frozen=True)
class Marker:
    """An ArUco marker (dictionary :data:`MARKER_DICTIONARY`) with its id and square box."""

    id: int
    corner: str
    box: Box


# --------------------------------------------------------------------------------------------
# The layout
# --------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class FormLayout:
    """The whole printed list for one table size and edition; build it with :func:`layout_for`."""

    version: int
    edition: str
    seats: int
    games: int
    page: Box
    title: Box
    grid: Box
    header: Box
    body: Box
    footer: Box
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    footer_rows: tuple[FooterRow, ...]
    lines: tuple[Line, ...]
    fills: tuple[Box, ...]
    labels: tuple[Label, ...]
    markers: tuple[Marker, ...]
    qr: Optional[Box]
    cell_boxes: tuple[tuple[str, Box], ...]

    def column(self, key: str) -> Column:
        """The column called ``key`` (``"base"``, ``"p2.won"``); KeyError if there is none."""
        for col in self.columns:
            if col.key == key:
                return col
        raise KeyError(key)

    def row(self, game: int) -> Row:
        """The row of game ``game`` (1-based); KeyError outside 1..games."""
        if not 1 <= game <= self.games:
            raise KeyError(game)
        return self.rows[game - 1]

    def seat_block(self, seat: int) -> Box:
        """The x-span of Platz ``seat`` (its three columns) over the game rows."""
        first, last = self.column(f"p{seat}.total"), self.column(f"p{seat}.lost")
        return Box(first.x, self.body.y, last.x2 - first.x, self.body.h)

    def cells(self) -> dict[str, Box]:
        """Every fillable cell keyed by its cell reference; a new dict on every call."""
        return dict(self.cell_boxes)

    @functools.cached_property
    def _cell_index(self) -> dict[str, Box]:
        return dict(self.cell_boxes)

    def cell(self, ref: str) -> Box:
        """The box of one cell reference; KeyError if the form has no such cell."""
        return self._cell_index[ref]

    def dealer_seat(self, game: int) -> Optional[int]:
        """The 1-based seat whose cells are printed grey in row ``game`` (four seats only; the
        printed form assumes Platz 1 deals game 1)."""
        if self.seats != 4:
            return None
        return (game - 1) % self.seats + 1

    def shaded_cells(self) -> tuple[str, ...]:
        """Cell references printed grey (the dealer's three cells of every row)."""
        refs = []
        for game in range(1, self.games + 1):
            seat = self.dealer_seat(game)
            if seat is not None:
                refs.extend(cell_ref(game, f, seat) for f in ("total", "won", "lost"))
        return tuple(refs)

    def money_cell(self, seat: int) -> str:
        """Where a player's loss money is written: its own "Betrag" cell in the skatscan edition,
        the signature box on the plain DSkV form (as on real lists)."""
        return f"footer.money.{seat}" if self.edition == "skatscan" else f"signature.{seat}"

    def as_dict(self) -> dict:
        """The layout as plain JSON-ready data (a new dict)."""
        doc = asdict(self)
        doc["cells"] = {ref: asdict(box) for ref, box in self.cell_boxes}
        del doc["cell_boxes"]
        return doc


def layout_for(seats: int, games: Optional[int] = None, edition: str = "skatscan") -> FormLayout:
    """The form for ``seats`` (3 or 4) players and ``games`` rows (default 36 / 48).

    ``edition`` is ``"skatscan"`` (corner markers, QR code, a money row of its own) or ``"dskv"``
    (the plain DSkV list: money is written into the signature boxes). Raises ValueError for
    anything else. The result is cached and immutable.

    >>> layout_for(3).games, layout_for(3, edition="dskv").qr is None
    (36, True)
    """
    if isinstance(seats, bool) or seats not in SEATS:
        raise ValueError(f"seats must be 3 or 4, not {seats!r}")
    if games is None:
        games = DEFAULT_GAMES[seats]
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
        raise ValueError(f"games must be a whole number from 1 to {MAX_GAMES}, not {games!r}")
    if edition not in EDITIONS:
        raise ValueError(f"edition must be one of {', '.join(EDITIONS)}, not {edition!r}")
    return _build(seats, games, edition)


@functools.lru_cache(maxsize=64)
def _build(seats: int, games: int, edition: str) -> FormLayout:
    columns = _columns(seats)
    gx, gx2 = columns[0].x, columns[-1].x2
    title = Box(gx, PAGE_MARGIN, gx2 - gx, TITLE_H)
    header = Box(gx, title.y2 + TITLE_GAP, gx2 - gx, HEADER_H)
    row_h = min(MAX_ROW_H, ROWS_SPACE / games)
    edges = [round(header.y2 + n * row_h, 4) for n in range(games + 1)]
    rows = tuple(Row(n, edges[n - 1], round(edges[n] - edges[n - 1], 4)) for n in range(1, games + 1))
    body = Box(gx, header.y2, gx2 - gx, rows[-1].y2 - header.y2)
    footer_rows = _footer_rows(seats, edition, body.y2)
    footer = Box(gx, body.y2, gx2 - gx, footer_rows[-1].y + footer_rows[-1].h - body.y2)
    grid = Box(gx, header.y, gx2 - gx, footer.y2 - header.y)
    if grid.y2 > PAGE_H - PAGE_MARGIN + 1e-6:  # guards the constants above
        raise AssertionError(f"form does not fit the page: grid ends at {grid.y2:.1f} mm")

    parts = _Parts()
    _title_band(parts, title, seats, games, edition)
    _header_band(parts, columns, header, seats)
    _body(parts, columns, rows, seats)
    _footer_band(parts, columns, footer_rows, seats)
    _grid_lines(parts, columns, header, rows, footer_rows, seats)

    markers, qr = (), None
    if edition == "skatscan":
        markers = _markers()
        qr = Box(gx2 - QR_SIZE, title.y, QR_SIZE, QR_SIZE)
    return FormLayout(
        version=LAYOUT_VERSION, edition=edition, seats=seats, games=games,
        page=Box(0.0, 0.0, PAGE_W, PAGE_H), title=title, grid=grid, header=header, body=body,
        footer=footer, columns=columns, rows=rows, footer_rows=footer_rows,
        lines=_merge_lines(parts.lines), fills=tuple(parts.fills), labels=tuple(parts.labels),
        markers=markers, qr=qr, cell_boxes=tuple(parts.cells))


class _Parts:
    """Collects what the builders produce (private, used only while building)."""

    def __init__(self):
        self.lines: list[Line] = []
        self.fills: list[Box] = []
        self.labels: list[Label] = []
        self.cells: list[tuple[str, Box]] = []

    def hline(self, x1, x2, y, width=LINE_THIN):
        self.lines.append(Line(x1, y, x2, y, width))

    def vline(self, x, y1, y2, width=LINE_THIN):
        self.lines.append(Line(x, y1, x, y2, width))

    def frame(self, box: Box, width=LINE_THICK):
        self.hline(box.x, box.x2, box.y, width)
        self.hline(box.x, box.x2, box.y2, width)
        self.vline(box.x, box.y, box.y2, width)
        self.vline(box.x2, box.y, box.y2, width)


def _columns(seats: int) -> tuple[Column, ...]:
    plan = [(key, header, w, None, key) for key, header, w in GAME_COLUMNS]
    for k in range(1, seats + 1):
        plan += [(f"p{k}.{f}", header, w, k, f) for f, header, w in SEAT_COLUMNS]
    key, header, w = PASSED_COLUMN
    plan.append((key, header, w, None, key))
    scale = GRID_WIDTH / sum(p[2] for p in plan)
    edges = [(PAGE_W - GRID_WIDTH) / 2]
    for p in plan:
        edges.append(edges[-1] + p[2] * scale)
    edges = [round(e, 4) for e in edges]
    return tuple(Column(key, header, edges[i], round(edges[i + 1] - edges[i], 4), seat, field)
                 for i, (key, header, _w, seat, field) in enumerate(plan))


def _block_start_keys(seats: int) -> set[str]:
    """Columns with a thick line on their left: the blocks of the form."""
    return {"no", "base", "plus", "passed"} | {f"p{k}.total" for k in range(1, seats + 1)}


def _title_band(parts: _Parts, title: Box, seats: int, games: int, edition: str) -> None:
    x, y = title.x, title.y
    parts.labels.append(Label("Spielliste", Box(x, y, 44.0, 9.5), FONT_TITLE, align="left", bold=True))
    sub = f"{seats}er-Tisch, {games} Spiele"
    if edition == "skatscan":
        sub += f", Formular skatscan/{LAYOUT_VERSION}"
    parts.labels.append(Label(sub, Box(x, y + 10.0, 58.0, 5.0), FONT_SUBTITLE, align="left"))
    box_y = y + (TITLE_H - TITLE_BOX_H) / 2
    series = Box(x + 75.0, box_y, SERIES_BOX_W, TITLE_BOX_H)
    table = Box(x + 108.0, box_y, TABLE_BOX_W, TITLE_BOX_H)
    parts.labels.append(Label("Serie", Box(series.x - 13.0, box_y, 12.0, TITLE_BOX_H),
                              FONT_BOX_LABEL, align="right"))
    parts.labels.append(Label("Tisch", Box(table.x - 13.0, box_y, 12.0, TITLE_BOX_H),
                              FONT_BOX_LABEL, align="right"))
    parts.frame(series)
    parts.frame(table)
    parts.cells += [("table.series", series), ("table.table", table)]


def _header_band(parts: _Parts, columns: tuple[Column, ...], header: Box, seats: int) -> None:
    y0, y_platz, y_sub = header.y, header.y + HEADER_START_H, header.y + HEADER_START_H + HEADER_PLATZ_H
    cols = {c.key: c for c in columns}
    for col in columns:
        if col.seat is not None:
            parts.labels.append(Label(col.header, Box(col.x, y_sub, col.w, HEADER_SUB_H), FONT_HEADER))
        elif col.key == "base":
            parts.labels.append(Label(BASE_LEGEND, Box(col.x, y0, col.w, LEGEND_H), FONT_LEGEND))
            parts.labels.append(Label(col.header, Box(col.x, y0 + LEGEND_H, col.w, HEADER_H - LEGEND_H),
                                      FONT_HEADER, rotate=90))
        elif col.key in ("mit", "ohne"):
            parts.labels.append(Label(col.header, Box(col.x, y_sub, col.w, HEADER_SUB_H), FONT_HEADER))
        elif col.key in ("plus", "minus"):
            parts.labels.append(Label(col.header, Box(col.x, y0, col.w, HEADER_H), FONT_SIGN, bold=True))
        else:
            parts.labels.append(Label(col.header, Box(col.x, y0, col.w, HEADER_H), FONT_HEADER,
                                      rotate=90 if col.key in ROTATED_HEADERS else 0))
    buben = Box(cols["mit"].x, y0, cols["ohne"].x2 - cols["mit"].x, HEADER_START_H + HEADER_PLATZ_H)
    parts.labels.append(Label(GROUP_HEADER_BUBEN, buben, FONT_HEADER))
    parts.hline(buben.x, buben.x2, y_sub)
    for k in range(1, seats + 1):
        first, last = cols[f"p{k}.total"], cols[f"p{k}.lost"]
        bx, bw = first.x, last.x2 - first.x
        parts.labels.append(Label("Start-Nr.", Box(bx, y0, START_LABEL_W, HEADER_START_H), FONT_HEADER))
        parts.cells.append((f"table.start_number.{k}",
                            Box(bx + START_LABEL_W, y0, bw - START_LABEL_W, HEADER_START_H)))
        parts.vline(bx + START_LABEL_W, y0, y_platz)
        parts.labels.append(Label(f"Platz {k}", Box(bx, y_platz, bw, HEADER_PLATZ_H), FONT_PLATZ, bold=True))
        parts.hline(bx, bx + bw, y_platz)
        parts.hline(bx, bx + bw, y_sub)


def _body(parts: _Parts, columns: tuple[Column, ...], rows: tuple[Row, ...], seats: int) -> None:
    for row in rows:
        for col in columns:
            box = Box(col.x, row.y, col.w, row.h)
            if col.key == "no":
                parts.labels.append(Label(str(row.game), box, FONT_ROW_NO))
            else:
                parts.cells.append((cell_ref(row.game, col.field, col.seat), box))
        if seats == 4:
            seat = (row.game - 1) % seats + 1
            first = next(c for c in columns if c.key == f"p{seat}.total")
            last = next(c for c in columns if c.key == f"p{seat}.lost")
            parts.fills.append(Box(first.x, row.y, last.x2 - first.x, row.h))


def _footer_rows(seats: int, edition: str, y: float) -> tuple[FooterRow, ...]:
    rows = []
    for key, label in FOOTER_LINES:
        if key == "others_lost":
            factor = "(x 40 / x 30)" if edition == "dskv" else f"(x {OTHERS_LOST_FACTOR[seats]})"
            label = f"{OTHERS_LOST_LABEL} {factor}"
        rows.append(FooterRow(key, label, round(y, 4), FOOTER_ROW_H))
        y += FOOTER_ROW_H
    if edition == "skatscan":
        rows.append(FooterRow("money", "Betrag EUR je Spieler", round(y, 4), MONEY_ROW_H))
        y += MONEY_ROW_H
    rows.append(FooterRow("signature", "Unterschriften", round(y, 4), SIGNATURE_ROW_H))
    return tuple(rows)


def _footer_band(parts: _Parts, columns: tuple[Column, ...], footer_rows: tuple[FooterRow, ...],
                 seats: int) -> None:
    cols = {c.key: c for c in columns}
    gx, label_x2 = columns[0].x, cols["p1.total"].x
    for frow in footer_rows:
        if frow.key == "signature":
            money_box = Box(gx + MONEY_LABEL_W, frow.y, MONEY_TOTAL_W, frow.h)
            total_label = "Betrag EUR gesamt" if any(r.key == "money" for r in footer_rows) else "Betrag EUR"
            parts.labels.append(Label(total_label, Box(gx + 1.5, frow.y, MONEY_LABEL_W - 2.5, frow.h),
                                      FONT_FOOTER, align="left"))
            parts.cells.append(("footer.money_total", money_box))
            parts.vline(money_box.x, frow.y, frow.y + frow.h)
            parts.vline(money_box.x2, frow.y, frow.y + frow.h)
            parts.labels.append(Label(frow.label, Box(money_box.x2 + 1.0, frow.y,
                                                      label_x2 - money_box.x2 - 2.5, frow.h),
                                      FONT_FOOTER, align="right"))
        else:
            parts.labels.append(Label(frow.label, Box(gx + 1.5, frow.y, label_x2 - gx - 3.0, frow.h),
                                      FONT_FOOTER, align="left", bold=frow.key in ("points", "score")))
        for k in range(1, seats + 1):
            first, last = cols[f"p{k}.total"], cols[f"p{k}.lost"]
            if frow.key == "points":
                for col, field in ((first, "points"), (cols[f"p{k}.won"], "won"), (last, "lost")):
                    parts.cells.append((f"footer.{field}.{k}", Box(col.x, frow.y, col.w, frow.h)))
                for col in (cols[f"p{k}.won"], last):
                    parts.vline(col.x, frow.y, frow.y + frow.h)
            else:
                ref = f"signature.{k}" if frow.key == "signature" else f"footer.{frow.key}.{k}"
                parts.cells.append((ref, Box(first.x, frow.y, last.x2 - first.x, frow.h)))


def _grid_lines(parts: _Parts, columns: tuple[Column, ...], header: Box, rows: tuple[Row, ...],
                footer_rows: tuple[FooterRow, ...], seats: int) -> None:
    """The lines of the grid frame, of the game rows and of the footer blocks."""
    gx, gx2 = columns[0].x, columns[-1].x2
    y_sub = header.y + HEADER_START_H + HEADER_PLATZ_H
    body_y, body_y2 = rows[0].y, rows[-1].y2
    foot_y2 = footer_rows[-1].y + footer_rows[-1].h
    thick = _block_start_keys(seats)
    # vertical lines: every column edge over header and rows; block edges also over the footer
    for col in columns:
        width = LINE_THICK if col.key in thick else LINE_THIN
        top = y_sub if (col.seat is not None and col.field != "total") or col.key == "ohne" else header.y
        parts.vline(col.x, top, body_y, width)
        parts.vline(col.x, body_y, body_y2, width)
        if col.key in thick and col.key not in ("base", "plus"):
            parts.vline(col.x, body_y2, foot_y2, width)
    parts.vline(gx, body_y2, foot_y2, LINE_THICK)
    parts.vline(gx2, header.y, foot_y2, LINE_THICK)
    # horizontal lines: frame, header bottom, row separators, footer lines
    parts.hline(gx, gx2, header.y, LINE_THICK)
    parts.hline(gx, gx2, body_y, LINE_THICK)
    for row in rows[1:]:
        parts.hline(gx, gx2, row.y)
    parts.hline(gx, gx2, body_y2, LINE_THICK)
    for above, frow in zip(footer_rows, footer_rows[1:]):
        # a thick line parts the result (B) from the money and signature rows
        parts.hline(gx, gx2, frow.y, LINE_THICK if above.key == "score" else LINE_THIN)
    parts.hline(gx, gx2, foot_y2, LINE_THICK)


def _merge_lines(lines: list[Line]) -> tuple[Line, ...]:
    """Joins collinear touching segments of equal width; drops segments covered by a thicker one.

    Sorted (horizontal first, then by position) so that the result is deterministic.
    """
    groups: dict[tuple, list[tuple[float, float]]] = {}
    for ln in lines:
        if ln.horizontal:
            key, span = ("h", round(ln.y1, 4), ln.width), (min(ln.x1, ln.x2), max(ln.x1, ln.x2))
        else:
            key, span = ("v", round(ln.x1, 4), ln.width), (min(ln.y1, ln.y2), max(ln.y1, ln.y2))
        groups.setdefault(key, []).append(span)
    merged: dict[tuple, list[tuple[float, float]]] = {}
    for key, spans in groups.items():
        out: list[list[float]] = []
        for a, b in sorted(spans):
            if out and a <= out[-1][1] + 1e-6:
                out[-1][1] = max(out[-1][1], b)
            else:
                out.append([a, b])
        merged[key] = [(round(a, 4), round(b, 4)) for a, b in out]
    result = []
    for (orient, pos, width), spans in sorted(merged.items()):
        for a, b in spans:
            thicker = [s for (o, p, w), ss in merged.items() if o == orient and p == pos and w > width
                       for s in ss]
            if any(s[0] <= a + 1e-6 and b <= s[1] + 1e-6 for s in thicker):
                continue
            result.append(Line(a, pos, b, pos, width) if orient == "h" else Line(pos, a, pos, b, width))
    return tuple(result)


def _markers() -> tuple[Marker, ...]:
    lo, hi_x, hi_y = PAGE_MARGIN, PAGE_W - PAGE_MARGIN - MARKER_SIZE, PAGE_H - PAGE_MARGIN - MARKER_SIZE
    spots = {"top-left": (lo, lo), "top-right": (hi_x, lo), "bottom-right": (hi_x, hi_y),
             "bottom-left": (lo, hi_y)}
    return tuple(Marker(MARKER_IDS[c], c, Box(x, y, MARKER_SIZE, MARKER_SIZE)) for c, (x, y) in spots.items())
