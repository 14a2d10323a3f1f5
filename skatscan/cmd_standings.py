"""``skatscan standings LIST...``: the tournament ranking across tables and series."""
from __future__ import annotations

import csv
import io
from pathlib import Path

import click

from audit.auditor import audit
from audit.files import write_atomic
from audit.load import BadListFile, load_list
from audit.loss_money import loss_money as money_to_collect
from audit.messages import MONEY_APART_MARK, MONEY_APART_NOTE, show_money
from audit.series_standings import series_numbers, series_standings
from audit.standings import StandingsError, standings
from desk.html import STANDINGS_TEXTS, loss_money_lines, not_every_series_note, outside_seating_note, stand_in_notes
from desk.seating import BOM, apply_seating, as_sheet_text, outside_seating
from desk.settle import SettleError, apply, decisions_for
from desk.start_numbers import reconcile_start_numbers

from .cli import EXIT_BAD_INPUT, BadInput, OneLineCommand, bad_input_line
from .cmd_audit import corrected_copies, expand
from .options import make_settings, read_seatings, settings_of_scan, settings_options
from .outputs import not_an_input
from .photos import with_name_hint

HEAD = {"de": ("Platz", "Start-Nr.", "Serien", "Spielpunkte", "Gew.", "Verl.", "Gegner", "Wertung", "Betrag",
               "Zweifel"),
        "en": ("Place", "Start no.", "Series", "Game pts", "Won", "Lost", "Others", "Score", "Money", "Doubts")}
CSV_HEAD = ("place", "tie", "start_number", "series", "points", "won", "lost", "others_lost", "score", "money",
            "penalty", "name", "open_doubts", "start_number_in_doubt", "start_number_read_as", "outside_seating")


SERIES_FIELDS = ("table", "points", "won", "lost", "others_lost", "score", "money")
#: Appended after every series' SERIES_FIELDS (the columns before stay as they were): the player's place in the
#: series' own ranking, its lot mark, and the loss money of his table in that series.
SERIES_RANK_FIELDS = ("place", "tie", "table_money")
#: Appended after those (again the columns before stay): each series' penalty points (in its points), which add up
#: to the ``penalty`` column, where they may add up to nought (-3 in series 1, +3 in series 2), and the open reading
#: doubts on the series' list: its figures and its ``table_money`` are provisional until the referee settles them.
SERIES_LAST_FIELDS = ("penalty", "open_doubts")
#: Appended after all of them (the columns before stay): the lost games the loss money is charged for, in all
#: (``charged_lost``) and in each series (``s1_charged_lost``): the rows' count, fewer than ``lost`` where a higher
#: written Verl. stands for the score (SkWO 7.2.5; the text and the page mark such money ‡), so that ``lost`` 3
#: beside ``money`` 0,50 is no riddle in the sheet. The series CSV (``--series S --csv``) appends ``charged_lost``.
CHARGED_FIELD = "charged_lost"
#: The CSV of one series' ranking (``--series S --csv``): a row per player of the series, by his place there.
SERIES_CSV_HEAD = ("place", "tie", "start_number", "table", "seat", "points", "won", "lost", "others_lost", "score",
                   "money", "penalty", "name", "open_doubts", "start_number_in_doubt", "start_number_read_as",
                   "outside_seating", "table_money", CHARGED_FIELD)
#: What a file of the standings as CSV begins with (``-o``, and a report's ``standings.csv``): the UTF-8 byte-order
#: mark, by which a spreadsheet (Excel) takes the file for UTF-8 and shows the names' umlauts as written; a CSV reader
#: that opens the file as ``utf-8-sig`` skips it. Not on stdout, which goes to a program more often than a sheet.
CSV_BOM = BOM
#: The names of a file ``-o`` writes the standings page into without ``--html`` (as ``.csv`` the CSV without ``--csv``).
PAGE_SUFFIXES = (".html", ".htm")
#: What is said of a private list among the lists (settled in cents, no tournament score), by `standings` and by
#: scan's report alike.
PRIVATE_LEFT_OUT = "a private list has no tournament score: left out of the standings"
#: The terminal's column of penalty points (in the game points), shown when a line has any (as the page's).
PENALTY_HEAD = {"de": "Strafp.", "en": "Penalty"}
#: The ``tie`` column of a player who shares his place: the lot decides (SkWO 5.1).
TIE = {"de": "Los", "en": "lot"}
#: Between the columns, as a spreadsheet of the language splits a file it opens: ";" in German (where "," is the
#: decimal comma), "," in English.
SEPARATOR = {"de": ";", "en": ","}
#: How a standings CSV skatscan wrote begins, in either language (its first three column names): what tells it from
#: a file of the same name or a list file (``scan`` removing an earlier run's, ``audit`` passing over it in a folder).
CSV_MARKS = tuple(sep.join(CSV_HEAD[:3]) for sep in SEPARATOR.values())


def to_csv(lines, names=None, lang: str = "de", outside=(), money=None) -> str:
    """One row per player: the totals, then each series' figures (``s1_points``, ...), then his place in each series'
    own ranking (``s1_place``, ``s1_tie``) and his table's loss money there (``s1_table_money``, from ``money``, the
    :class:`audit.loss_money.LossMoney` of the lists), then each series' penalty points (``s1_penalty``) and open
    reading doubts (``s1_open_doubts``: his figures and table money there are provisional), then the lost games his
    money is charged for (``charged_lost``, ``s1_charged_lost``: :data:`CHARGED_FIELD`); ``names``
    (start number -> name, e.g. from the seating list) fills the name column. Money and the separator as a
    spreadsheet of the language reads them: "3,50" and ";" in German (a German spreadsheet took "3.50" for a date),
    "3.50" and "," in English (an English one put a ";" file into one column). ``outside``: the lists not in the
    seating list (``desk.seating.outside_seating``); a player's series on one of them are named in ``outside_seating``
    ("4"). The text columns (``start_number``, ``name``, ``start_number_read_as``) are written as a spreadsheet shows
    them and does not run them (:func:`desk.seating.as_sheet_text`): a start number is text a list or a seating list
    gives as it was typed or read, and one that began like a formula (``=HYPERLINK(...)``, ``+1``) ran as one."""
    names = names or {}
    apart = {(series, table) for series, table, _ in outside}
    series = sorted({s for p in lines for s in p.series if s is not None})
    out = io.StringIO()
    w = csv.writer(out, delimiter=SEPARATOR[lang], lineterminator="\n")
    w.writerow(list(CSV_HEAD) + [f"s{s}_{f}" for s in series for f in SERIES_FIELDS]
               + [f"s{s}_{f}" for s in series for f in SERIES_RANK_FIELDS]
               + [f"s{s}_{f}" for s in series for f in SERIES_LAST_FIELDS]
               + [CHARGED_FIELD] + [f"s{s}_{CHARGED_FIELD}" for s in series])
    ranks = {s: {id(own.player): own for own in series_standings(lines, s)} for s in series}
    for p in lines:
        row = [p.place, TIE[lang] if p.tie else "", as_sheet_text(p.start_number), len(p.series), p.points, p.won,
               p.lost, p.others_lost, p.score, show_money(p.money, lang), p.penalty,
               as_sheet_text(names.get(p.start_number, "")), p.doubts, 1 if p.start_in_doubt else "",
               as_sheet_text(p.read_as),
               " ".join(str(s) for s, (table, *_) in sorted(p.series.items(), key=lambda i: i[0] or 0)
                        if (s, table) in apart)]
        for s in series:
            if s not in p.series:
                row += [""] * len(SERIES_FIELDS)
                continue
            table, _, _, r = p.series[s]
            row += [table if table is not None else "", r.points, r.won, r.lost, r.others_lost, r.score,
                    show_money(r.money, lang)]
        for s in series:
            own = ranks[s].get(id(p))
            row += ["", "", ""] if own is None else [own.place, TIE[lang] if own.tie else "",
                                                     _table_money(money, s, own.table, lang, own.source)]
        for s in series:
            row += [p.series[s][3].penalty, p.series_doubts.get(s, (0, False))[0]] if s in p.series else ["", ""]
        row += [p.charged_lost] + [_charged(p.series[s][3]) if s in p.series else "" for s in series]
        w.writerow(row)
    return out.getvalue()


def _charged(result) -> int:
    """The lost games a :class:`audit.auditor.SeatResult`'s loss money is charged for (:data:`CHARGED_FIELD`)."""
    return result.charged_lost if result.charged_lost is not None else result.lost


def _table_money(money, series, table, lang: str, source: str = "") -> str:
    """The loss money of ``table`` in ``series`` (the list's, after correction; ``source``, the player's list file,
    tells two lists that claim the table apart), "" when unknown."""
    amount = money.table_amount(series, table, source) if money is not None else None
    return show_money(amount, lang) if amount is not None else ""


def series_csv(lines, series: int, names=None, lang: str = "de", outside=(), money=None) -> str:
    """One series' ranking (:func:`audit.series_standings.series_standings` of the standings ``lines``) as CSV, a row
    per player of the series by his place there, his figures of that series; the columns as :func:`to_csv` names
    them (its text columns as a spreadsheet shows them, as there), and ``table`` and ``seat`` where he sat,
    ``table_money`` his table's loss money."""
    names = names or {}
    apart = {(s, table) for s, table, _ in outside}
    out = io.StringIO()
    w = csv.writer(out, delimiter=SEPARATOR[lang], lineterminator="\n")
    w.writerow(SERIES_CSV_HEAD)
    for p in series_standings(lines, series):
        w.writerow([p.place, TIE[lang] if p.tie else "", as_sheet_text(p.start_number),
                    p.table if p.table is not None else "", p.seat, p.points, p.won, p.lost, p.others_lost, p.score,
                    show_money(p.money, lang), p.penalty, as_sheet_text(names.get(p.start_number, "")), p.doubts,
                    1 if p.start_in_doubt else "", as_sheet_text(p.read_as),
                    series if (series, p.table) in apart else "",
                    _table_money(money, series, p.table, lang, p.source), _charged(p.result)])
    return out.getvalue()


def to_text(lines, lang: str, names=None, outside=(), money=None, series=None) -> str:
    """The standings as a table for the terminal; ``names`` (start number -> name, from the seating list) adds the
    players' names as the last column, where a name of any length or script does not push the figures out of line;
    ``money`` (:class:`audit.loss_money.LossMoney`) the loss money to collect, table by table, below. ``series``: the
    ``lines`` are that series' ranking (:func:`audit.series_standings.series_standings`), headed by its title, the
    table a player sat at in place of the number of series he played."""
    head = HEAD[lang]
    notes = STANDINGS_TEXTS[lang]
    names = names or {}
    named = any(names.get(p.start_number) for p in lines)
    doubts = any(p.doubts for p in lines)
    apart = any(p.money_apart for p in lines)
    starts = [p.shown for p in lines]
    wide = max([9, *map(len, starts)])          # a stand-in line (S2-T10-P3?) is wider than a start number
    third = notes["table"] if series is not None else head[2]
    rows = [notes["series_title"].format(series=series)] if series is not None else []
    penalties = any(p.penalty for p in lines)
    rows.append(f"{head[0]:>5} {head[1]:>{wide}} {third:>6} {head[3]:>11}"
                + (f" {PENALTY_HEAD[lang]:>8}" if penalties else "")
                + f" {head[4]:>5} {head[5]:>5} {head[6]:>7} "
                f"{head[7]:>8}  {head[8]:>7}" + (" " if apart else "")     # a score's (†) and money's mark (‡) after
                + (f" {head[9]:>7}" if doubts else "") + (f"  {notes['name']}" if named else ""))
    rows[-1] = rows[-1].rstrip()
    for p, start in zip(lines, starts):
        place = f"{p.place}{'*' if p.tie else ''}"
        money_shown = show_money(p.money, lang)
        where = (p.table if p.table is not None else "?") if series is not None else len(p.series)
        row = (f"{place:>5} {start:>{wide}} {where:>6} {p.points:>11}"
               + (f" {f'{p.penalty:+d}' if p.penalty else '':>8}" if penalties else "")
               + f" {p.won:>5} {p.lost:>5} "
               f"{p.others_lost:>7} {p.score:>8}{'†' if p.kept_score else ' '} {money_shown:>7}"
               + ((MONEY_APART_MARK if p.money_apart else " ") if apart else "")
               + (f" {p.doubts or '':>7}" if doubts else "")
               + (f"  {names.get(p.start_number, '')}" if named else ""))
        # a blank last column (no ‡, no doubts, no name) leaves no blank at the end of the line
        rows.append(row.rstrip())
    if any(p.tie for p in lines):
        rows.append(notes["tie"])
    if any(p.kept_score for p in lines):
        rows.append(notes["kept"])
    if penalties:
        rows.append(notes["penalty_note"])
    if apart:
        rows.append(MONEY_APART_NOTE[lang])
    if doubts:
        rows.append(notes["doubt_note"])
    if series is not None:
        rows += stand_in_notes([p.player for p in lines], lang)
        rows += [note for note in [outside_seating_note([o for o in outside if o[0] == series], lang)] if note]
    else:
        rows += stand_in_notes(lines, lang)
        rows += [note for note in (outside_seating_note(outside, lang),
                                   not_every_series_note(lines, lang, names, outside)) if note]
    cash = loss_money_lines(money, lang, series)
    rows += ["", *cash] if cash else []        # the cash box apart from the ranking and its notes
    return "\n".join(rows)


def _copy_hint(problem: str, files) -> str:
    """What to add to ``problem`` (a player counted twice, :class:`audit.standings.StandingsError`) when the two lists
    it names are a list and the corrected copy ``audit --corrected`` wrote of it (both named, ``standings L/*.json``;
    a folder passes over the copy beside its list, :func:`.cmd_audit.expand`): that the one is the other's copy and
    what to give. "" otherwise: "plays series 1 twice" alone sent the referee looking for a wrong start number."""
    for copy, original in corrected_copies([Path(f) for f in files]).items():
        # the lists' sources as load_list names them (Path("./t1.json") is "t1.json")
        if str(copy) in problem and str(original) in problem:
            return (f": {copy} is the corrected copy of {original} (audit --corrected): give one of them (a folder "
                    f"counts the list and passes over its copy beside it)")
    return ""


class SeriesNumber(click.ParamType):
    """A series as ``--series`` takes it: its number on the lists, 1 to 999 (click said "'abc' is not a valid integer
    range", which names no series)."""
    name = "series"

    def convert(self, value, param, ctx):
        text = str(value).strip()
        if text.isdigit() and 1 <= int(text) <= 999:
            return int(text)
        self.fail(f"a series is its number on the lists, 1 to 999 (the Serie box): not '{value}'", param, ctx)


@click.command("standings", cls=OneLineCommand)
@click.argument("lists", nargs=-1, required=True, type=click.Path())
@click.option("--csv", "as_csv", is_flag=True,
              help="CSV for a spreadsheet of the language: ';' and 3,50 in German, ',' and 3.50 in English (a file "
                   "begins with the UTF-8 byte-order mark).")
@click.option("--html", "as_html", is_flag=True, help="A printable HTML page instead of text.")
@click.option("-o", "--output", type=click.Path(dir_okay=False),
              help="Write to this file instead of stdout (a .csv file as --csv, a .html file as --html).")
@click.option("--lang", type=click.Choice(["de", "en"]), default="de", show_default=True,
              help="Language of the table and page (German for referees, or English).")
@click.option("--seating", type=click.Path(dir_okay=False), multiple=True,
              help="The seating list of 'skatscan draw': each list's drawn start numbers (as scan --seating "
                   "gives them) and the players' names (again for each file of an event drawn step by step).")
@click.option("--series", "only", type=SeriesNumber(), metavar="S",
              help="The ranking of series S alone (series prizes; a series at a glance), with its tables' loss "
                   "money.")
@settings_options
def command(lists, as_csv, as_html, output, lang, seating, only, games, loss_money):
    """Rank the players of all given lists (folders stand for their list files) by
    Seeger-Fabian score after correction, with the tie-breaks of SkWO 5.1; below, the loss
    money to collect at each table, each series and in all.

    Exit status: 0 ranked, 2 bad input, 130 stopped by Ctrl-C, 143 stopped by SIGTERM (kill PID;
    timeout --preserve-status)."""
    if as_csv and as_html:
        raise BadInput("give one of them, not both", "--csv/--html")
    # -o standings.csv (or .html) without --csv (--html) wrote the terminal's table into it: the name says the form
    suffix = Path(output).suffix.lower() if output else ""
    if as_csv and suffix in PAGE_SUFFIXES or as_html and suffix == ".csv":
        raise BadInput(f"{'--csv writes CSV' if as_csv else '--html writes a page'}: name the file "
                       f"{'.csv' if as_csv else '.html'}", output)
    as_csv, as_html = as_csv or (not as_html and suffix == ".csv"), as_html or (not as_csv and suffix in PAGE_SUFFIXES)
    # a scan's results folder: audited by the settings scan read it with, unless they are given again
    settings = settings_of_scan(make_settings(games, loss_money), lists)
    drawn, names = read_seatings(seating)
    loaded = []
    bad = 0
    files = expand(lists)
    if output:
        not_an_input(Path(output), files + list(seating))
    for name in files:
        try:
            sl = with_name_hint(load_list(name), name)
            if drawn is not None:
                # the drawn start numbers, series and table, as scan --seating gives them
                sl, note = apply_seating(sl, drawn)
                if note:
                    click.echo(f"skatscan: {name}: {note}", err=True)
            passed: list = []
            loaded.append(apply(sl, decisions_for(Path(name), sl.photo, passed=passed)))
            for file, why in passed:        # a file that names another photo (a list photographed again)
                click.echo(f"skatscan: {file}: {why}", err=True)
        except BadListFile as exc:
            bad_input_line(exc.path, exc.problem)
            bad += 1
        except SettleError as exc:
            bad_input_line(name, str(exc))
            bad += 1
    if bad:
        raise SystemExit(EXIT_BAD_INPUT)
    if not loaded:
        raise BadInput("no list files (.json, .csv) found", " ".join(lists))
    # a private list (settled in cents) has no tournament score: left out, as scan's report leaves it out, said
    private = [sl for sl in loaded if sl.table.kind == "private"]
    for sl in private:
        click.echo(f"skatscan: {sl.source}: {PRIVATE_LEFT_OUT}", err=True)
    loaded = [sl for sl in loaded if sl.table.kind != "private"]
    if not loaded:
        raise BadInput("no list with a tournament score (only private lists, settled in cents)", " ".join(lists))
    audits = []
    for sl, notes in reconcile_start_numbers(loaded):
        for taken in notes:
            click.echo(f"skatscan: {sl.source}: {taken.text()}", err=True)
        audits.append(audit(sl, settings))
    try:
        lines = standings(audits)
    except StandingsError as exc:
        raise BadInput(str(exc) + _copy_hint(str(exc), files))
    outside = outside_seating([a.sl for a in audits], drawn)
    money = money_to_collect(audits, settings)
    for series, table, sources in money.twice:
        # the cash box names each by its file and counts both (a note says so), the CSV gives each player his own
        # list's money
        click.echo(f"skatscan: series {series}, table {table} is on {len(sources)} lists: {', '.join(sources)}: one "
                   f"of them has its series or table misread or miswritten (the cash box counts each, by its file, "
                   f"until it is settled)", err=True)
    if only is not None and only not in series_numbers(lines):
        given = ", ".join(map(str, series_numbers(lines))) or "none"
        raise BadInput(f"no list of series {only} among the lists (their series: {given})", "--series")
    if as_csv:
        text = series_csv(lines, only, names, lang, outside, money) if only is not None else \
            to_csv(lines, names, lang, outside, money)
        if output:
            text = CSV_BOM + text
    elif as_html:
        from desk.html import render_standings
        text = render_standings(lines, lang, names, outside=outside, money=money, series=only)
    elif only is not None:
        text = to_text(series_standings(lines, only), lang, names, outside, money, series=only) + "\n"
    else:
        text = to_text(lines, lang, names, outside, money) + "\n"
    if output:
        try:
            write_atomic(output, text)
        except OSError as exc:
            raise BadInput(f"cannot write it ({exc.strerror or exc})", output)
    else:
        click.echo(text, nl=False)
