"""Printable list forms: a :class:`~digitize.layout.FormLayout` drawn as a vector PDF (fpdf2) or as
a grey PNG (OpenCV + Pillow's built-in font, no system fonts needed).

Both renderers draw the same things from the layout, in the same order: grey dealer cells,
lines (as filled bars, :meth:`~digitize.layout.Line.as_box`), labels, printed values (series,
table, start numbers), and in the skatscan edition the corner markers and the QR code.

>>> from digitize.layout import layout_for
>>> img = render_png(layout_for(3), series=1, table=7, dpi=50)
>>> img.shape, img.dtype, int(img[0, 0])
((585, 413), dtype('uint8'), 255)
"""
from __future__ import annotations

import datetime
import functools
import os
from dataclasses import dataclass
from typing import Iterable, Optional, Sequence

import cv2
import numpy as np

from audit.files import write_atomic
from digitize.layout import SHADE_GREY, Box, FormLayout, Label, mm_to_px
from digitize.markers import (check_start_numbers, encode_payload, marker_modules, module_boxes,
                              qr_modules)

DEFAULT_DPI = 200
MIN_DPI, MAX_DPI = 50, 600
#: Printed values (series, table, start numbers) are set in bold at this size (points).
FONT_VALUE = 11.0
#: Line height of multi-line labels, as a multiple of the font size.
LINE_SPACING = 1.15
#: Padding between a label and its box edge, in mm.
LABEL_PAD = 0.4
PT_MM = 25.4 / 72
#: Cap height of Helvetica as a fraction of the font size (places the PDF baseline).
HELVETICA_CAP = 0.718


@dataclass(frozen=True)
class FormPage:
    """One sheet to print: a layout and the values printed into its boxes (all optional)."""

    layout: FormLayout
    series: Optional[int] = None
    table: Optional[int] = None
    start_numbers: Optional[tuple[Optional[str], ...]] = None

    def values(self) -> dict[str, str]:
        """Printed values by cell reference (``table.series`` ...), only those given."""
        out = {}
        if self.series is not None:
            out["table.series"] = str(self.series)
        if self.table is not None:
            out["table.table"] = str(self.table)
        for k, n in enumerate(self.start_numbers or (), start=1):
            if n:
                out[f"table.start_number.{k}"] = n
        return out

    def qr_text(self) -> Optional[str]:
        """The QR payload of this sheet, or None when the edition prints no QR code."""
        if self.layout.qr is None:
            return None
        return encode_payload(self.layout, self.series, self.table, self.start_numbers)


def make_page(layout: FormLayout, series: Optional[int] = None, table: Optional[int] = None,
              start_numbers: Optional[Sequence[Optional[str]]] = None) -> FormPage:
    """A checked :class:`FormPage`; ValueError for values the form (or its QR code) cannot carry."""
    numbers = None if start_numbers is None else check_start_numbers(start_numbers, layout.seats)
    page = FormPage(layout, series, table, numbers)
    if layout.qr is not None:
        page.qr_text()  # validates series and table
    else:
        encode_payload(layout, series, table, numbers)
    return page


def tournament_pages(layout: FormLayout, series: Iterable[int], tables: Iterable[int]) -> tuple[FormPage, ...]:
    """One page per series and table, series by series (all tables of series 1 first).

    >>> from digitize.layout import layout_for
    >>> [(p.series, p.table) for p in tournament_pages(layout_for(4), [1, 2], [5, 6])]
    [(1, 5), (1, 6), (2, 5), (2, 6)]
    """
    tables = list(tables)
    return tuple(make_page(layout, s, t) for s in series for t in tables)


# --------------------------------------------------------------------------------------------
# PNG
# --------------------------------------------------------------------------------------------

def render_png(layout: FormLayout, series: Optional[int] = None, table: Optional[int] = None,
               start_numbers: Optional[Sequence[Optional[str]]] = None, dpi: int = DEFAULT_DPI) -> np.ndarray:
    """The form as a grey uint8 image (white paper = 255), A4 at ``dpi``; a new array."""
    return render_page_png(make_page(layout, series, table, start_numbers), dpi)


def render_page_png(page: FormPage, dpi: int = DEFAULT_DPI) -> np.ndarray:
    """One :class:`FormPage` as a grey uint8 image at ``dpi`` (see :func:`render_png`)."""
    if not MIN_DPI <= dpi <= MAX_DPI:
        raise ValueError(f"dpi must be from {MIN_DPI} to {MAX_DPI}, not {dpi}")
    lay = page.layout
    img = np.full((mm_to_px(lay.page.h, dpi), mm_to_px(lay.page.w, dpi)), 255, dtype=np.uint8)
    for box in lay.fills:
        _fill_px(img, box, dpi, SHADE_GREY)
    for line in lay.lines:
        _fill_line_px(img, line.as_box(), line.horizontal, line.width, dpi)
    for label in lay.labels:
        _text_px(img, label, dpi)
    for ref, text in page.values().items():
        _text_px(img, Label(text, lay.cell(ref), FONT_VALUE, bold=True), dpi)
    for box in _dark_modules(page):
        _fill_px(img, box, dpi, 0)
    return img


def _fill_px(img: np.ndarray, box: Box, dpi: float, value: int) -> None:
    x0, y0, x1, y1 = box.to_px(dpi)
    cv2.rectangle(img, (x0, y0), (x1 - 1, y1 - 1), int(value), thickness=-1)


def _fill_line_px(img: np.ndarray, box: Box, horizontal: bool, width: float, dpi: float) -> None:
    """A line bar with a constant pixel thickness (rounding the two edges separately would make
    equal lines 1 or 2 pixels thick depending on where they fall)."""
    t = max(1, mm_to_px(width, dpi))
    x0, y0, x1, y1 = box.to_px(dpi)
    if horizontal:
        y0 = int(round((box.y + box.h / 2) * dpi / 25.4 - t / 2))
        y1 = y0 + t
    else:
        x0 = int(round((box.x + box.w / 2) * dpi / 25.4 - t / 2))
        x1 = x0 + t
    cv2.rectangle(img, (x0, y0), (x1 - 1, y1 - 1), 0, thickness=-1)


@functools.lru_cache(maxsize=64)
def _font(px: int):
    from PIL import ImageFont
    return ImageFont.load_default(size=px)


def _text_px(img: np.ndarray, label: Label, dpi: float) -> None:
    """Draws ``label`` into its box (clipped to it), dark ink combined with what is there."""
    from PIL import Image, ImageDraw

    x0, y0, x1, y1 = label.box.to_px(dpi)
    w, h = x1 - x0, y1 - y0
    if label.rotate == 90:
        w, h = h, w
    pad = LABEL_PAD * dpi / 25.4
    lines = label.text.split("\n")
    px = label.size * PT_MM * dpi / 25.4
    widest = max(_font(max(4, int(round(px)))).getlength(s) for s in lines)
    px *= min(1.0, (w - 2 * pad) / widest if widest else 1.0,
              (h - 2 * pad) / (len(lines) * LINE_SPACING * px))
    font = _font(max(4, int(round(px))))
    patch = Image.new("L", (w, h), 255)
    draw = ImageDraw.Draw(patch)
    step = LINE_SPACING * font.size
    # bold: the text drawn twice, shifted by about a twentieth of the size (no bold font built in)
    shift = max(1, int(round(font.size / 20))) if label.bold else 0
    for i, line in enumerate(lines):
        cy = h / 2 + (i - (len(lines) - 1) / 2) * step
        if label.align == "left":
            xy, anchor = (pad, cy), "lm"
        elif label.align == "right":
            xy, anchor = (w - pad, cy), "rm"
        else:
            xy, anchor = (w / 2, cy), "mm"
        draw.text(xy, line, font=font, fill=0, anchor=anchor)
        if shift:
            draw.text((xy[0] + shift, xy[1]), line, font=font, fill=0, anchor=anchor)
    if label.rotate == 90:
        patch = patch.transpose(Image.Transpose.ROTATE_90)
    arr = np.asarray(patch)
    np.minimum(img[y0:y1, x0:x1], arr[: img.shape[0] - y0, : img.shape[1] - x0], out=img[y0:y1, x0:x1])


def _dark_modules(page: FormPage) -> list[Box]:
    """Black squares of the corner markers and the QR code, in mm."""
    lay = page.layout
    boxes = []
    for marker in lay.markers:
        boxes += module_boxes(marker.box, marker_modules(marker.id))
    text = page.qr_text()
    if text is not None:
        boxes += module_boxes(lay.qr, qr_modules(text))
    return boxes


def png_bytes(img: np.ndarray) -> bytes:
    """PNG file contents of a grey image (deterministic for equal images)."""
    ok, buf = cv2.imencode(".png", img)
    if not ok:
        raise ValueError("cannot encode PNG")
    return buf.tobytes()


def write_png(path: str | os.PathLike, img: np.ndarray) -> None:
    """Writes ``img`` as PNG to ``path``, whole or not at all."""
    write_atomic(path, png_bytes(img))


# --------------------------------------------------------------------------------------------
# PDF
# --------------------------------------------------------------------------------------------

def pdf_bytes(pages: Sequence[FormPage]) -> bytes:
    """A PDF with one A4 page per :class:`FormPage` (vector lines, text, markers and QR).

    The creation date comes from ``SOURCE_DATE_EPOCH`` when set (reproducible output).
    """
    from fpdf import FPDF

    if not pages:
        raise ValueError("no pages to print")
    pdf = FPDF(orientation="P", unit="mm", format="A4")
    pdf.set_auto_page_break(False)
    pdf.set_margin(0)
    pdf.set_title("Spielliste")
    pdf.set_creator("skatscan")
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch and epoch.isdigit():
        pdf.set_creation_date(datetime.datetime.fromtimestamp(int(epoch), datetime.timezone.utc))
    for page in pages:
        pdf.add_page()
        _draw_pdf_page(pdf, page)
    return bytes(pdf.output())


def _draw_pdf_page(pdf, page: FormPage) -> None:
    lay = page.layout
    pdf.set_fill_color(SHADE_GREY)
    for box in lay.fills:
        pdf.rect(box.x, box.y, box.w, box.h, style="F")
    pdf.set_fill_color(0)
    for line in lay.lines:
        b = line.as_box()
        pdf.rect(b.x, b.y, b.w, b.h, style="F")
    pdf.set_text_color(0)
    for label in lay.labels:
        _text_pdf(pdf, label)
    for ref, text in page.values().items():
        _text_pdf(pdf, Label(text, lay.cell(ref), FONT_VALUE, bold=True))
    pdf.set_fill_color(0)
    for box in _dark_modules(page):
        pdf.rect(box.x, box.y, box.w, box.h, style="F")


def _text_pdf(pdf, label: Label) -> None:
    box = label.box
    cx, cy = box.centre
    w, h = (box.h, box.w) if label.rotate == 90 else (box.w, box.h)
    lines = label.text.split("\n")
    size = label.size
    pdf.set_font("helvetica", "B" if label.bold else "", size)
    widest = max(pdf.get_string_width(s) for s in lines)
    size *= min(1.0, (w - 2 * LABEL_PAD) / widest if widest else 1.0,
                (h - 2 * LABEL_PAD) / (len(lines) * LINE_SPACING * size * PT_MM))
    pdf.set_font("helvetica", "B" if label.bold else "", size)
    size_mm = size * PT_MM
    step = LINE_SPACING * size_mm
    left, top = cx - w / 2, cy - h / 2

    def draw():
        for i, line in enumerate(lines):
            lw = pdf.get_string_width(line)
            if label.align == "left":
                x = left + LABEL_PAD
            elif label.align == "right":
                x = left + w - LABEL_PAD - lw
            else:
                x = cx - lw / 2
            baseline = top + h / 2 + (i - (len(lines) - 1) / 2) * step + HELVETICA_CAP * size_mm / 2
            pdf.text(x, baseline, line)

    if label.rotate == 90:
        with pdf.rotation(90, x=cx, y=cy):
            draw()
    else:
        draw()


def write_pdf(path: str | os.PathLike, pages: Sequence[FormPage]) -> None:
    """Writes ``pages`` as one PDF to ``path``, whole or not at all."""
    write_atomic(path, pdf_bytes(pages))


def write_tournament_pdf(path: str | os.PathLike, layout: FormLayout, series: Iterable[int],
                         tables: Iterable[int]) -> int:
    """Writes one PDF with a form for every series and table (see :func:`tournament_pages`);
    returns the number of pages."""
    pages = tournament_pages(layout, series, tables)
    write_pdf(path, pages)
    return len(pages)


