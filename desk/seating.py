"""The files of the table draw: the registration list read, the seating list written and read,
and the printable seating page (see :mod:`desk.draw` for the draw itself).

Registration list (CSV, ``,`` or ``;``, UTF-8 or Windows-1252 as spreadsheets save it): a
header line, then one player per line, the start number and optionally the name::

    start_number,name
    1,Anna Berger
    2,"Krause, Bernd"
    17

The header may also be German (``Start-Nr.;Name``). Blank lines are skipped; anything else
that is wrong stops the reading with :class:`SeatingFileError` naming the line.

Seating list (CSV written by ``skatscan draw``, read by ``skatscan form --seating`` and by
``skatscan draw --previous``), one line per seat, series by series, table by table::

    series,table,seat,start_number,name
    1,1,1,17,Anna Berger
    1,1,2,4,
    ...

The file begins with the UTF-8 byte-order mark (for a spreadsheet's sake; skipped when read), and a name that begins
like a formula is written with a leading "'" (:func:`as_sheet_text`). Every start number sits once per series,
every table has seats 1 to 3 or 1 to 4, and a series has at most three tables of three (SkWO 7.1.1).
"""
from __future__ import annotations

import csv
import datetime
import io
import os
import unicodedata
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Iterable, Mapping, Optional

import jinja2

from audit.files import UnreadableText, read_text, write_atomic
from audit.model import START_NUMBER

from .draw import (MAX_SERIES, MAX_TABLE, MAX_TABLES_OF_THREE, START_NUMBER_RE, Draw, Table,
                   number_key, same_number_key)

SEATING_COLUMNS = ("series", "table", "seat", "start_number", "name")
#: A registration or seating list larger than this is surely not one.
MAX_BYTES = 5_000_000
#: Longest name kept (a name is printed on the seating page and the wall list).
MAX_NAME = 60

#: Header words of the registration list, compared without case, spaces, dots, dashes and underscores.
_NUMBER_HEADERS = {"startnumber", "startnr", "startnummer", "startno", "nr", "number", "no", "#", "startingnumber",
                   "startingno"}
_NAME_HEADERS = {"name", "player", "spieler", "spielername", "playername", "fullname"}


class SeatingFileError(ValueError):
    """``str(exc)`` is ``"line N: problem"`` (or just the problem); ``path`` names the file."""

    def __init__(self, path, problem: str, line: Optional[int] = None):
        super().__init__(f"line {line}: {problem}" if line is not None else problem)
        self.path = str(path)
        self.line = line
        self.problem = problem


@dataclass(frozen=True)
class Player:
    number: str
    name: str = ""


# --------------------------------------------------------------------------------------------
# Reading CSV
# --------------------------------------------------------------------------------------------

def _read_text(path) -> str:
    try:
        text = read_text(path, MAX_BYTES, "a CSV file")
    except UnreadableText as exc:
        raise SeatingFileError(Path(path), str(exc)) from None
    return text[1:] if text.startswith("\ufeff") else text


def _rows(path, text: str) -> list[tuple[int, list[str]]]:
    """Non-blank CSV rows with their line numbers, cells stripped, trailing empty cells dropped."""
    first = text.lstrip("\r\n").split("\n", 1)[0]
    delimiter = ";" if first.count(";") > first.count(",") else ("\t" if "\t" in first else ",")
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    out = []
    try:
        line = 1
        for row in reader:
            cells = [c.strip() for c in row]
            while cells and cells[-1] == "":
                cells.pop()
            if cells:
                out.append((line, cells))
            line = reader.line_num + 1
    except csv.Error as exc:
        raise SeatingFileError(path, f"not readable as CSV ({exc})", reader.line_num) from None
    if not out:
        raise SeatingFileError(path, "the file is empty")
    return out


def _header_word(cell: str) -> str:
    return "".join(ch for ch in cell.lower() if ch not in " ._-")


def _check_number(path, line: int, text: str) -> str:
    if text == "":
        raise SeatingFileError(path, "no start number", line)
    if not START_NUMBER_RE.fullmatch(text):
        raise SeatingFileError(path, f"start number {text!r}: use 1 to 5 letters or digits", line)
    return text


def _check_name(path, line: int, text: str) -> str:
    if len(text) > MAX_NAME:
        raise SeatingFileError(path, f"the name is longer than {MAX_NAME} characters", line)
    if any(ord(ch) < 32 for ch in text):
        raise SeatingFileError(path, "the name holds a control character (a line break?)", line)
    return text


def read_registration(path: str | os.PathLike) -> tuple[Player, ...]:
    """The registered players of a registration list, in natural order of their start numbers."""
    rows = _rows(path, _read_text(path))
    line, header = rows[0]
    words = [_header_word(c) for c in header]
    if START_NUMBER_RE.fullmatch(header[0]) and words[0] not in _NUMBER_HEADERS:
        raise SeatingFileError(path, "the first line must be the header start_number,name; "
                                     f"it looks like a player ({','.join(header)})", line)
    if len(header) > 2 or words[0] not in _NUMBER_HEADERS or (len(header) == 2 and words[1] not in _NAME_HEADERS):
        raise SeatingFileError(path, "the header must be start_number,name (or Start-Nr.;Name), "
                                     f"not {','.join(header)!r}", line)
    players: list[Player] = []
    seen: dict[tuple, tuple[int, str]] = {}
    for line, cells in rows[1:]:
        if len(cells) > len(header):
            raise SeatingFileError(path, f"{len(cells)} fields, but the header has {len(header)} "
                                         f"({','.join(header)}); a name with a comma needs quotes", line)
        number = _check_number(path, line, cells[0])
        name = _check_name(path, line, cells[1] if len(cells) > 1 else "")
        key = same_number_key(number)
        if key in seen:
            at, other = seen[key]
            same = "is already" if other == number else f"is the same number as {other}"
            raise SeatingFileError(path, f"start number {number} {same} on line {at}", line)
        seen[key] = (line, number)
        players.append(Player(number, name))
    if not players:
        raise SeatingFileError(path, "no players in it, only the header")
    return tuple(sorted(players, key=lambda p: number_key(p.number)))


def same_names(players: Iterable[Player]) -> list[tuple[str, tuple[str, ...]]]:
    """The names that more than one start number of a registration list has (compared without case, with spaces as
    one, and "ü" typed as one character or as "u" and its dots, as a Mac may save it), each with its start numbers:
    two players of one name, or one registered twice, who would then play under two numbers. Not an error (namesakes
    play), but the organiser must look."""
    by_name: dict[str, list[Player]] = {}
    for p in players:
        if p.name:
            by_name.setdefault(" ".join(unicodedata.normalize("NFC", p.name).casefold().split()), []).append(p)
    return [(group[0].name, tuple(p.number for p in group)) for group in by_name.values() if len(group) > 1]


def _whole(path, line: int, text: str, what: str, low: int, high: int) -> int:
    if not text.isdigit() or not low <= int(text) <= high:
        raise SeatingFileError(path, f"{what} {text!r}: expected a whole number from {low} to {high}", line)
    return int(text)


def read_seating(path: str | os.PathLike) -> tuple[tuple[Table, ...], dict[str, str]]:
    """The tables of a seating list (by series and table) and the names it gives ``{number: name}``."""
    rows = _rows(path, _read_text(path))
    line, header = rows[0]
    got = [c.lower() for c in header]
    if got != list(SEATING_COLUMNS) and got != list(SEATING_COLUMNS[:4]):
        registration = bool(header) and _header_word(header[0]) in _NUMBER_HEADERS
        hint = ("; this is a registration list (start numbers and names): 'skatscan draw --players' makes the "
                "seating list from it" if registration else "")
        # the cells as read, whatever the file's separator ("Start-Nr." | "Name", not 'Start-Nr.,Name' of a ';' file)
        raise SeatingFileError(path, f"the header must be {','.join(SEATING_COLUMNS)}, not "
                                     f"{' | '.join(header)}{hint}",
                               line)
    seats: dict[tuple[int, int], dict[int, tuple[str, int]]] = {}
    sat: dict[tuple[int, tuple], tuple[int, int]] = {}      # (series, number key) -> (table, line)
    names: dict[str, tuple[str, int]] = {}
    first_line: dict[tuple[int, int], int] = {}
    for line, cells in rows[1:]:
        if len(cells) > len(header):
            raise SeatingFileError(path, f"{len(cells)} fields, but a line is {','.join(SEATING_COLUMNS[:len(header)])}"
                                         "; a name with a comma needs quotes", line)
        cells += [""] * (len(header) - len(cells))
        series = _whole(path, line, cells[0], "series", 1, MAX_SERIES)
        table = _whole(path, line, cells[1], "table", 1, MAX_TABLE)
        seat = _whole(path, line, cells[2], "seat", 1, 4)
        number = _check_number(path, line, cells[3])
        name = _check_name(path, line, from_sheet_text(cells[4]) if len(header) > 4 else "")
        at = seats.setdefault((series, table), {})
        first_line.setdefault((series, table), line)
        if seat in at:
            raise SeatingFileError(path, f"series {series}, table {table}, seat {seat} is already taken "
                                         f"on line {at[seat][1]}", line)
        key = (series, same_number_key(number))
        if key in sat:
            other_table, other_line = sat[key]
            raise SeatingFileError(path, f"start number {number} already sits at table {other_table} "
                                         f"in series {series} (line {other_line})", line)
        if name and number in names and names[number][0] and names[number][0] != name:
            raise SeatingFileError(path, f"start number {number} is {name!r} here but "
                                         f"{names[number][0]!r} on line {names[number][1]}", line)
        at[seat] = (number, line)
        sat[key] = (table, line)
        if name or number not in names:
            names[number] = (name, line)
    if not seats:
        raise SeatingFileError(path, "no seats in it, only the header")
    tables = []
    threes: dict[int, int] = {}
    for (series, table) in sorted(seats):
        at = seats[(series, table)]
        if sorted(at) not in ([1, 2, 3], [1, 2, 3, 4]):
            raise SeatingFileError(path, f"series {series}, table {table} has seats "
                                         f"{', '.join(map(str, sorted(at)))}; a table has seats 1 to 3 or 1 to 4",
                                   first_line[(series, table)])
        if len(at) == 3:
            threes[series] = threes.get(series, 0) + 1
            if threes[series] > MAX_TABLES_OF_THREE:
                raise SeatingFileError(path, f"series {series} has more than {MAX_TABLES_OF_THREE} tables of three "
                                             "(SkWO 7.1.1)", first_line[(series, table)])
        tables.append(Table(series, table, tuple(at[k][0] for k in sorted(at))))
    return tuple(tables), {n: name for n, (name, _) in names.items() if name}


# --------------------------------------------------------------------------------------------
# Writing
# --------------------------------------------------------------------------------------------

#: What a CSV file skatscan writes for a spreadsheet begins with: the UTF-8 byte-order mark, by which Excel and
#: LibreOffice take the file for UTF-8 and show the names' umlauts as written (without it "BjÃ¶rn WeiÃŸ");
#: skatscan's readers (and any that open the file as ``utf-8-sig``) skip it.
BOM = "\ufeff"
#: A cell beginning with one of these a spreadsheet takes for a formula (CSV injection).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _like_formula(text: str) -> bool:
    """Whether ``text`` begins like a formula, after any "'" (which :func:`as_sheet_text` puts before one)."""
    rest = text.lstrip("'")
    return rest[:1] in _FORMULA_START and rest != ""


def as_sheet_text(text: str) -> str:
    """``text`` (a name from the registration list) as a spreadsheet cell: one that begins like a formula gets a
    leading "'", so that a spreadsheet opening the file shows it and does not run it; :func:`from_sheet_text` reads
    it back (a name that begins with "'" before such a sign gets one more, so that it reads back as it was)."""
    return "'" + text if _like_formula(text) else text


def from_sheet_text(text: str) -> str:
    """A cell written by :func:`as_sheet_text` as the text it was."""
    return text[1:] if text[:1] == "'" and _like_formula(text) else text


def seating_csv(tables: Iterable[Table], names: Mapping[str, str] = {}) -> str:
    """The seating list as CSV text (series, table, seat order), beginning with the byte-order mark (:data:`BOM`);
    a name that begins like a formula is written as text (:func:`as_sheet_text`)."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(SEATING_COLUMNS)
    for t in sorted(tables, key=lambda t: (t.series, t.table)):
        for seat, number in enumerate(t.numbers, start=1):
            w.writerow((t.series, t.table, seat, number, as_sheet_text(names.get(number, ""))))
    return BOM + out.getvalue()


def write_seating(path: str | os.PathLike, tables: Iterable[Table], names: Mapping[str, str] = {}) -> None:
    """Writes the seating list to ``path``, whole or not at all."""
    write_atomic(path, seating_csv(tables, names))


# --------------------------------------------------------------------------------------------
# The printable page
# --------------------------------------------------------------------------------------------

TEXTS = {
    "de": dict(title="Tischordnung", subtitle="Auslosung der Tischplätze (SkWO 7.1)", series="Serie",
               table="Tisch", seat="Platz", number="Start-Nr.", name="Name", players="Spieler",
               by_table="Tische", by_number="Plätze nach Start-Nummer", seed="Seed",
               three_seats="3 Plätze",
               repeats="Wiederholte Begegnungen", plain="ein reines Los mit demselben Seed hätte {n}",
               repeats_hint="Zwei Spieler, die schon an einem Tisch saßen, zählen bei jedem weiteren Treffen "
                            "einmal mehr.",
               again="Dieselbe Auslosung: skatscan draw … --seed {seed}"),
    "en": dict(title="Seating", subtitle="Table draw (SkWO 7.1)", series="Series", table="Table", seat="Seat",
               number="Start no.", name="Name", players="players", by_table="Tables",
               by_number="Seats by start number", seed="Seed",
               three_seats="3 seats",
               repeats="Repeat meetings", plain="a plain random draw of the same seed would have {n}",
               repeats_hint="Two players who already sat at one table count once more at every further meeting.",
               again="The same draw: skatscan draw … --seed {seed}"),
}

def tables_text(fours: int, threes: int, lang: str = "de") -> str:
    """``"9 Tische zu vier und 1 zu drei"`` (or English), singular where it is one.

    >>> tables_text(1, 0), tables_text(0, 2), tables_text(9, 1, "en")
    ('1 Tisch zu vier', '2 Tische zu drei', '9 tables of four and 1 of three')
    """
    table, tables, four, three, also = (("Tisch", "Tische", "zu vier", "zu drei", "und") if lang == "de"
                                        else ("table", "tables", "of four", "of three", "and"))

    def count(n: int) -> str:
        return f"{n} {table if n == 1 else tables}"

    if not threes:
        return f"{count(fours)} {four}"
    if not fours:
        return f"{count(threes)} {three}"
    return f"{count(fours)} {four} {also} {threes} {three}"


_ENV = jinja2.Environment(loader=jinja2.PackageLoader("desk", "templates"),
                          autoescape=jinja2.select_autoescape(["html", "j2"], default=True),
                          undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)


@dataclass(frozen=True)
class SeriesView:
    series: int
    #: per table: (table, [(seat, number, name), ...])
    tables: tuple
    #: per player in start number order: (number, name, table, seat)
    players: tuple
    fours: int
    threes: int
    repeats: int
    plain_repeats: int


def series_views(result: Draw, names: Mapping[str, str] = {}) -> list[SeriesView]:
    views = []
    for s in result.series:
        tables = [t for t in result.tables if t.series == s]
        seated = [(n, names.get(n, ""), t.table, k) for t in tables for k, n in enumerate(t.numbers, start=1)]
        views.append(SeriesView(
            series=s,
            tables=tuple((t.table, tuple((k, n, names.get(n, "")) for k, n in enumerate(t.numbers, start=1)))
                         for t in tables),
            players=tuple(sorted(seated, key=lambda p: number_key(p[0]))),
            fours=sum(t.seats == 4 for t in tables), threes=sum(t.seats == 3 for t in tables),
            repeats=result.repeats[s], plain_repeats=result.plain_repeats[s]))
    return views


def render_seating(result: Draw, names: Mapping[str, str] = {}, lang: str = "de",
                   generated: Optional[str] = None) -> str:
    """The printable seating page (A4): per series the tables, then the wall list by start number."""
    views = series_views(result, names)
    has_names = any(names.get(n) for t in result.tables for n in t.numbers)
    return _ENV.get_template("seating.html.j2").render(
        views=views, t=TEXTS[lang], lang=lang, seed=result.seed, tables_text=tables_text, has_names=has_names,
        n_players=len(views[0].players) if views else 0,
        total=result.total_repeats, total_plain=result.total_plain_repeats,
        generated=generated or datetime.datetime.now().strftime("%Y-%m-%d %H:%M"))


def write_seating_html(path: str | os.PathLike, result: Draw, names: Mapping[str, str] = {},
                       lang: str = "de") -> None:
    write_atomic(path, render_seating(result, names, lang))


# --------------------------------------------------------------------------------------------
# Matching a scanned list to its drawn table
# --------------------------------------------------------------------------------------------

def seating_lookup(tables: Iterable[Table]) -> dict[tuple[int, int], tuple[str, ...]]:
    """``{(series, table): start numbers in seat order}`` of a seating list."""
    return {(t.series, t.table): tuple(t.numbers) for t in tables}


def outside_seating(lists, lookup: Optional[Mapping[tuple[int, int], tuple[str, ...]]]) -> list[tuple]:
    """The lists (``audit.model.ScoreList``, after :func:`apply_seating`) that are no drawn table of the seating list
    ``lookup``: their series and table not in it (a stray list of another series or event, a series misread, a
    seating file not given) or their seats not its players; each ``(series, table, source)``, in order. Their start
    numbers are the list's own, and they count in the standings, which say so. None without a seating list."""
    if lookup is None:
        return []
    out = [(sl.table.series, sl.table.table, sl.source) for sl in lists
           if len(lookup.get((sl.table.series, sl.table.table), ())) != sl.table.seats]
    return sorted(out, key=lambda o: (o[0] is None, o[0] or 0, o[1] is None, o[1] or 0, str(o[2])))


class SeatingNote(str):
    """What matching a list to the seating list says: the English sentence (the command line's), with ``text(lang)``
    for the report's language."""

    def __new__(cls, en: str, de: str):
        note = super().__new__(cls, en)
        note.de = de
        return note

    def text(self, lang: str = "en") -> str:
        return self.de if lang == "de" else str(self)

    def __add__(self, other):
        if isinstance(other, SeatingNote):
            return SeatingNote(f"{self}; {other}", f"{self.de}; {other.de}")
        return str(self) + other


def _seat_agrees(sl, k: int, number) -> Optional[bool]:
    """Whether the list ``sl``'s start number at seat ``k`` (1-based) may be the drawn ``number``: read as it, or read
    in doubt with it among its readings; None where the seat's number was not read."""
    own = sl.table.start_numbers[k - 1] if k <= len(sl.table.start_numbers) else None
    if own is None:
        return None
    if same_number_key(str(own)) == same_number_key(number):
        return True
    r = sl.readings.get(f"table.start_number.{k}")
    return bool(r is not None and r.doubtful and any(
        v is not None and same_number_key(str(v)) == same_number_key(number) for v, _p in r.candidates))


def _tables_of(sl, lookup: Mapping[tuple[int, int], tuple[str, ...]]) -> list[tuple[int, int]]:
    """The drawn tables (of ``lookup``) with as many seats as ``sl`` whose start numbers the list's agree with seat by
    seat (:func:`_seat_agrees`): every seat's number read, and each the drawn one or that among its readings in
    doubt (an unread number is no guess)."""
    return [key for key, numbers in lookup.items() if len(numbers) == sl.table.seats
            and all(_seat_agrees(sl, k, n) for k, n in enumerate(numbers, start=1))]


def _none_sure_agree(sl, drawn: tuple[str, ...]) -> bool:
    """Whether at least two start numbers of ``sl`` are read from its photo surely (a reading not in doubt) and none of
    them is the one drawn for its seat: the list is not the drawn table's (SkWO 7.1.2 lets no seat be swapped, but no
    table has all its players wrong). A typed list (nothing read) is the drawn table's as it says."""
    doubted = sl.doubtful_cells()
    sure = [k for k, n in enumerate(sl.table.start_numbers, start=1)
            if n is not None and f"table.start_number.{k}" in sl.readings
            and f"table.start_number.{k}" not in doubted and k <= len(drawn)]
    numbers = sl.table.start_numbers
    return len(sure) >= 2 and not any(same_number_key(str(numbers[k - 1])) == same_number_key(drawn[k - 1])
                                      for k in sure)


def apply_seating(sl, lookup: Mapping[tuple[int, int], tuple[str, ...]]):
    """The list ``sl`` (an ``audit.model.ScoreList``) with the start numbers of its drawn table,
    and a problem sentence or None.

    The draw says who sat where (SkWO 7.1.2: a seat may not be swapped), so its numbers are
    used; a list whose series or table is unknown, or not in the draw, keeps its own. Numbers
    the list already carries (from the QR code or the handwriting) that differ are reported, and
    the reader's readings of the start-number boxes are dropped.
    """
    t = sl.table
    drawn = lookup.get((t.series, t.table))
    if drawn is not None and len(drawn) == t.seats and _none_sure_agree(sl, drawn):
        # every start number read surely is another's than the drawn table's: its series or table is misread (or
        # written wrong); the drawn numbers would book its results to other players
        other = _tables_of(sl, lookup)
        if len(other) == 1 and other[0] != (t.series, t.table):
            return _found_by_numbers(sl, other[0], lookup, (
                f"series {t.series}, table {t.table}, but none of them is drawn there",
                f"Serie {t.series}, Tisch {t.table}, dort ist keine davon gelost"))
        listed = ", ".join(str(n or "-") for n in t.start_numbers)
        return sl, SeatingNote(f"none of the start numbers read surely (list: {listed}) is one drawn for series "
                               f"{t.series}, table {t.table} ({', '.join(drawn)}): the list's own are kept; check "
                               "its series and table",
                               f"keine der sicher gelesenen Start-Nr. (Liste: {listed}) ist für Serie {t.series}, "
                               f"Tisch {t.table} gelost ({', '.join(drawn)}): die der Liste gelten; Serie und Tisch "
                               "prüfen")
    if drawn is None:
        # series or table unread (or misread): the start numbers may name the table
        read = tuple(None if n is None else same_number_key(str(n)) for n in t.start_numbers)
        matches = [key for key, numbers in lookup.items()
                   if len(numbers) == t.seats and None not in read
                   and tuple(same_number_key(n) for n in numbers) == read]
        if not matches:
            # start numbers read in doubt: the one table whose drawn numbers are among their readings
            matches = _tables_of(sl, lookup)
        if len(matches) == 1:
            return _found_by_numbers(sl, matches[0], lookup, (f"series {t.series or '-'}, table {t.table or '-'}",
                                                              f"Serie {t.series or '-'}, Tisch {t.table or '-'}"))
        if t.series is None or t.table is None:
            return sl, None
        return sl, SeatingNote(f"series {t.series}, table {t.table} is not in the seating list",
                               f"Serie {t.series}, Tisch {t.table} steht nicht in der Tischordnung")
    if len(drawn) != t.seats:
        return sl, SeatingNote(f"series {t.series}, table {t.table} has {len(drawn)} players in the seating list "
                               f"but the list has {t.seats} seats",
                               f"Serie {t.series}, Tisch {t.table} hat in der Tischordnung {len(drawn)} Spieler, "
                               f"die Liste {t.seats} Plätze")
    own = tuple(n for n in t.start_numbers)
    differ = [k + 1 for k, (a, b) in enumerate(zip(own, drawn))
              if a is not None and same_number_key(str(a)) != same_number_key(b)]
    # a start number read in doubt is a reading question, not a list that differs from the draw (SkWO 7.1.2)
    doubted = sl.doubtful_cells()
    unsure = [k for k in differ if f"table.start_number.{k}" in doubted]
    differ = [k for k in differ if k not in unsure]
    problem = None
    if differ:
        seats, listed = ", ".join(map(str, differ)), ", ".join(str(n or "-") for n in own)
        problem = SeatingNote(f"start numbers at seat {seats} differ from the seating list (list: {listed}; drawn: "
                              f"{', '.join(drawn)}); the drawn ones are used",
                              f"Start-Nr. auf Platz {seats} weichen von der Tischordnung ab (Liste: {listed}; "
                              f"gelost: {', '.join(drawn)}); die gelosten gelten")
    for k in unsure:
        note = SeatingNote(f"start number at seat {k} read in doubt ({own[k - 1]}?), the seating list gives "
                           f"{drawn[k - 1]}: the drawn one is used",
                           f"Start-Nr. auf Platz {k} unsicher gelesen ({own[k - 1]}?), die Tischordnung gibt "
                           f"{drawn[k - 1]}: die geloste gilt")
        problem = note if problem is None else problem + note
    # the reader's doubts about handwritten start numbers no longer matter: the draw says who sat there
    readings = {ref: r for ref, r in sl.readings.items() if not ref.startswith(START_NUMBER)}
    return replace(sl, table=replace(t, start_numbers=drawn), readings=readings), problem


def _found_by_numbers(sl, key: tuple[int, int], lookup: Mapping[tuple[int, int], tuple[str, ...]],
                      said: tuple[str, str]):
    """The list ``sl`` as the drawn table ``key`` (series, table), which its start numbers named, and the note that
    says so (``said``: what the list says, in English and German), with what seating it there says. The draw gives
    series and table now: the doubts about their boxes go, as where the file name gives them, so that a table on two
    photos is seen as one. Then it is seated as a list of that table (:func:`apply_seating`): the drawn start
    numbers, those read in doubt among them said so, and their boxes' doubts gone."""
    series, table = key
    note = SeatingNote(f"series {series}, table {table} found by its start numbers (the list says {said[0]})",
                       f"Serie {series}, Tisch {table} an den Start-Nr. erkannt (die Liste sagt {said[1]})")
    readings = {ref: r for ref, r in sl.readings.items() if ref not in ("table.series", "table.table")}
    found, more = apply_seating(replace(sl, table=replace(sl.table, series=series, table=table), readings=readings),
                                lookup)
    return found, note if more is None else note + more
