"""``skatscan form``: print blank DSkV list forms, one page or a whole tournament, as PDF or PNG.

    skatscan form --seats 4 -o liste.pdf
    skatscan form --seats 4 --series 1-3 --tables 1-40 -o turnier.pdf
    skatscan form --seats 3 --edition dskv --dpi 150 -o liste.png
    skatscan form --seating seating.csv -o formulare.pdf     # one form per drawn table and series

Bad input is one line ``skatscan: <file or option>: <problem>`` and exit status 2, nothing written.
"""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Optional

import click

from skatscan.cli import BadInput, OneLineCommand
from skatscan.options import read_seating_file

#: A single run prints at most this many pages (a big tournament: 10 series x 200 tables).
MAX_PAGES = 2000
OUTPUT_SUFFIXES = (".pdf", ".png")
_RANGE_RE = re.compile(r"\s*([0-9]+)\s*(?:-\s*([0-9]+)\s*)?")


@click.command(name="form", cls=OneLineCommand)
@click.option("--seats", metavar="3|4", help="players at the table (required unless --seating)")
@click.option("--games", metavar="N", help="game rows (default 36 at three seats, 48 at four)")
@click.option("--series", metavar="S|S1-S2",
              help="series number(s) printed on the form; with --seating: the series to print (default all)")
@click.option("--table", metavar="T|T1-T2",
              help="table number(s) printed on the form; with --seating: the tables to print (default all)")
@click.option("--tables", metavar="T1-T2", help="a range of tables (same as --table T1-T2)")
@click.option("--start-numbers", metavar="N1,N2,...", help="start numbers to print (one form only)")
@click.option("--seating", metavar="SEATING.csv",
              help="a seating list of skatscan draw: one form per table and series, seats and start numbers printed")
@click.option("--edition", default="skatscan", show_default=True, metavar="skatscan|dskv",
              help="skatscan: corner markers, QR code, a money row; dskv: the plain DSkV list")
@click.option("--dpi", default="200", show_default=True, metavar="DPI", help="resolution of a PNG")
@click.option("-o", "--output", required=True, metavar="FILE.pdf|FILE.png", help="file to write")
def command(seats, games, series, table, tables, start_numbers, seating, edition, dpi, output):
    """Print blank list forms (Spiellisten) to a PDF, or one form to a PNG.

    Exit status: 0 written, 2 bad input (nothing written), 130 stopped by Ctrl-C, 143 stopped by SIGTERM
    (kill PID; timeout --preserve-status).
    """
    from digitize.form import MAX_DPI, MIN_DPI, make_page, render_page_png, write_pdf, write_png
    from digitize.layout import MAX_GAMES, layout_for
    from digitize.markers import MAX_SERIES, MAX_TABLE

    if seating is not None:
        given = [name for name, value in (("--seats", seats), ("--start-numbers", start_numbers)) if value is not None]
        if given:
            raise BadInput("the seating list gives the seats and start numbers; leave this option out", given[0])
        if table is not None and tables is not None:
            raise BadInput("give either --table or --tables, not both", "--tables")
        _seating_forms(seating, series, games, edition, output,
                       tables if tables is not None else table, "--tables" if tables is not None else "--table")
        return

    if seats is None:
        raise BadInput("missing, it is required (or give --seating)", "--seats")
    n_seats = _number(seats, "--seats", 3, 4)
    n_games = None if games is None else _number(games, "--games", 1, MAX_GAMES)
    check_edition(edition)
    if table is not None and tables is not None:
        raise BadInput("give either --table or --tables, not both", "--tables")
    series_range = _range(series, "--series", MAX_SERIES)
    table_range = _range(tables if tables is not None else table,
                         "--tables" if tables is not None else "--table", MAX_TABLE)
    n_pages = len(series_range) * len(table_range)
    if n_pages > MAX_PAGES:
        raise BadInput(f"that is {n_pages} forms; print at most {MAX_PAGES} at once", "--series")
    numbers = None
    if start_numbers is not None:
        if n_pages != 1:
            raise BadInput("start numbers belong to one form; give a single --series and --table",
                           "--start-numbers")
        numbers = [n.strip() for n in start_numbers.split(",")]
        from desk.draw import same_number_key
        keys = [same_number_key(n) for n in numbers if n]
        twice = next((n for k, n in zip(keys, (n for n in numbers if n)) if keys.count(k) > 1), None)
        if twice is not None:
            # one player on two seats, as the seating reader refuses it ("7" and "07" are one start number)
            raise BadInput(f"start number {twice} is given twice; each seat has its own player", "--start-numbers")
    out = output_path(output, OUTPUT_SUFFIXES)
    png = out.suffix.lower() == ".png"
    if png and n_pages != 1:
        raise BadInput(f"a PNG holds one form, but {n_pages} were asked for; write a .pdf", output)
    n_dpi = _number(dpi, "--dpi", MIN_DPI, MAX_DPI)

    layout = layout_for(n_seats, n_games, edition)
    try:
        pages = [make_page(layout, s, t, numbers) for s in series_range for t in table_range]
    except ValueError as e:
        raise BadInput(str(e), "--start-numbers" if numbers else "--series") from None
    try:
        if png:
            write_png(out, render_page_png(pages[0], n_dpi))
        else:
            write_pdf(out, pages)
    except OSError as e:
        raise BadInput(e.strerror or str(e), output) from None
    click.echo(f"{output}: {len(pages)} {'Spielliste' if len(pages) == 1 else 'Spiellisten'}")


def _seating_forms(seating: str, series: Optional[str], games: Optional[str], edition: str, output: str,
                   table: Optional[str] = None, table_option: str = "--table") -> None:
    """``form --seating``: one form per table and series of a seating list, into one PDF; ``table`` (a number or
    a range) chooses tables, as ``series`` chooses series (a form torn or lost at one table printed again)."""
    from digitize.form import write_pdf
    from digitize.layout import MAX_GAMES
    from digitize.markers import MAX_SERIES, MAX_TABLE

    n_games = None if games is None else _number(games, "--games", 1, MAX_GAMES)
    check_edition(edition)
    wanted = None if series is None else set(_range(series, "--series", MAX_SERIES))
    at = None if table is None else set(_range(table, table_option, MAX_TABLE))
    out = output_path(output, (".pdf",))
    if Path(seating).resolve() == out.resolve():
        raise BadInput("is the seating list itself; an input file is never written to", output)
    seated = read_seating_file(seating)[0]
    if wanted is not None:
        seated = tuple(t for t in seated if t.series in wanted)
        if not seated:
            raise BadInput(f"series {series.strip()} is not in {seating}", "--series")
    if at is not None:
        seated = tuple(t for t in seated if t.table in at)
        if not seated:
            where = "" if series is None else f" of series {series.strip()}"
            raise BadInput(f"table {table.strip()}{where} is not in {seating}", table_option)
    if len(seated) > MAX_PAGES:
        raise BadInput(f"that is {len(seated)} forms; print at most {MAX_PAGES} at once "
                       "(choose series with --series, tables with --table)", seating)
    try:
        pages = seating_pages(seated, edition, n_games)
    except ValueError as e:
        raise BadInput(str(e), seating) from None
    try:
        write_pdf(out, pages)
    except OSError as e:
        raise BadInput(e.strerror or str(e), output) from None
    click.echo(f"{output}: {len(pages)} {'Spielliste' if len(pages) == 1 else 'Spiellisten'}")


def check_edition(edition: str) -> None:
    from digitize.layout import EDITIONS

    if edition not in EDITIONS:
        raise BadInput(f"must be one of {', '.join(EDITIONS)}, not {edition!r}", "--edition")


def seating_pages(tables, edition: str = "skatscan", games: Optional[int] = None) -> list:
    """One :class:`~digitize.form.FormPage` per table and series of a seating list (series by
    series, table by table): seats, series, table and the start numbers in seat order printed,
    and in the skatscan edition also in the QR code. ``skatscan draw --forms`` uses it too."""
    from digitize.form import make_page
    from digitize.layout import layout_for

    ordered = sorted(tables, key=lambda t: (t.series, t.table))
    return [make_page(layout_for(t.seats, games, edition), t.series, t.table, list(t.numbers)) for t in ordered]


def _number(text: str, option: str, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high`` or BadInput naming ``option``."""
    text = text.strip()
    if not re.fullmatch(r"[0-9]{1,6}", text) or not low <= int(text) <= high:
        if (low, high) == (3, 4):
            raise BadInput(f"must be 3 or 4, not {text!r}", option)
        raise BadInput(f"must be a whole number from {low} to {high}, not {text!r}", option)
    return int(text)


def _range(text: Optional[str], option: str, high: int) -> list[Optional[int]]:
    """``"3"`` -> [3], ``"1-3"`` -> [1, 2, 3], None -> [None] (nothing printed)."""
    if text is None:
        return [None]
    m = _RANGE_RE.fullmatch(text)
    if m is None:
        raise BadInput(f"{text!r} is not a number or a range like 1-3", option)
    first = int(m.group(1))
    last = int(m.group(2)) if m.group(2) is not None else first
    if first < 1 or last > high:
        raise BadInput(f"{text!r}: numbers run from 1 to {high}", option)
    if last < first:
        raise BadInput(f"the range {text.strip()} runs backwards", option)
    return list(range(first, last + 1))


def output_path(output: str, suffixes: tuple[str, ...] = OUTPUT_SUFFIXES) -> Path:
    """The output file, checked before anything is drawn: known suffix, existing writable folder."""
    path = Path(output)
    if path.is_dir():
        raise BadInput("is a folder, not a file", output)
    if path.suffix.lower() not in suffixes:
        problem = f"unknown extension {path.suffix!r}" if path.suffix else "no extension"
        kinds = " or a ".join(suffixes)
        raise BadInput(f"{problem}: write a {kinds}", output)
    folder = path.parent
    if not folder.exists():
        raise BadInput(f"folder {str(folder)!r} does not exist", output)
    if not folder.is_dir():
        raise BadInput(f"{str(folder)!r} is not a folder", output)
    if not os.access(folder, os.W_OK | os.X_OK):
        raise BadInput(f"folder {str(folder)!r} is not writable", output)
    return path
