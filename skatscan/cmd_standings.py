"""``skatscan standings LIST...``: the tournament ranking across tables and series."""
from __future__ import annotations

import csv
import io
from pathlib import Path

import click

from audit.auditor import audit
from audit.files import write_atomic
from audit.load import BadListFile, load_list
from audit.messages import show_money
from audit.standings import StandingsError, standings
from desk.html import STANDINGS_TEXTS, not_every_series_note, outside_seating_note, stand_in_notes
from desk.seating import BOM, apply_seating, as_sheet_text, outside_seating
from desk.settle import SettleError, apply, decisions_for
from desk.start_numbers import reconcile_start_numbers

from .cli import EXIT_BAD_INPUT, BadInput, OneLineCommand, bad_input_line
from .cmd_audit import expand
from .options import make_settings, read_seatings, settings_options
from .outputs import not_an_input
from .photos import with_name_hint

HEAD = {"de": ("Platz", "Start-Nr.", "Serien", "Spielpunkte", "Gew.", "Verl.", "Gegner", "Wertung", "Betrag",
               "Zweifel"),
        "en": ("Place", "Start no.", "Series", "Game pts", "Won", "Lost", "Others", "Score", "Money", "Doubts")}
CSV_HEAD = ("place", "tie", "start_number", "series", "points", "won", "lost", "others_lost", "score", "money",
            "penalty", "name", "open_doubts", "start_number_in_doubt", "start_number_read_as", "outside_seating")


SERIES_FIELDS = ("table", "points", "won", "lost", "others_lost", "score", "money")
#: What a file of the standings as CSV begins with (``-o``, and a report's ``standings.csv``): the UTF-8 byte-order
#: mark, by which a spreadsheet (Excel) takes the file for UTF-8 and shows the names' umlauts as written; a CSV reader
#: that opens the file as ``utf-8-sig`` skips it. Not on stdout, which goes to a program more often than a sheet.
CSV_BOM = BOM
#: The names of a file ``-o`` writes the standings page into without ``--html`` (as ``.csv`` the CSV without ``--csv``).
PAGE_SUFFIXES = (".html", ".htm")
#: The ``tie`` column of a player who shares his place: the lot decides (SkWO 5.1).
TIE = {"de": "Los", "en": "lot"}
#: Between the columns, as a spreadsheet of the language splits a file it opens: ";" in German (where "," is the
#: decimal comma), "," in English.
SEPARATOR = {"de": ";", "en": ","}
#: How a standings CSV skatscan wrote begins, in either language (its first three column names): what tells it from
#: a file of the same name or a list file (``scan`` removing an earlier run's, ``audit`` passing over it in a folder).
CSV_MARKS = tuple(sep.join(CSV_HEAD[:3]) for sep in SEPARATOR.values())


def to_csv(lines, names=None, lang: str = "de", outside=()) -> str:
    """One row per player: the totals, then each series' figures (``s1_points``, ...); ``names``
    (start number -> name, e.g. from the seating list) fills the name column. Money and the separator as a
    spreadsheet of the language reads them: "3,50" and ";" in German (a German spreadsheet took "3.50" for a date),
    "3.50" and "," in English (an English one put a ";" file into one column). ``outside``: the lists not in the
    seating list (``desk.seating.outside_seating``); a player's series on one of them are named in ``outside_seating``
    ("4")."""
    names = names or {}
    apart = {(series, table) for series, table, _ in outside}
    series = sorted({s for p in lines for s in p.series if s is not None})
    out = io.StringIO()
    w = csv.writer(out, delimiter=SEPARATOR[lang], lineterminator="\n")
    w.writerow(list(CSV_HEAD) + [f"s{s}_{f}" for s in series for f in SERIES_FIELDS])
    for p in lines:
        row = [p.place, TIE[lang] if p.tie else "", p.start_number, len(p.series), p.points, p.won, p.lost,
               p.others_lost, p.score, show_money(p.money, lang), p.penalty,
               as_sheet_text(names.get(p.start_number, "")), p.doubts, 1 if p.start_in_doubt else "", p.read_as,
               " ".join(str(s) for s, (table, *_) in sorted(p.series.items(), key=lambda i: i[0] or 0)
                        if (s, table) in apart)]
        for s in series:
            if s not in p.series:
                row += [""] * len(SERIES_FIELDS)
                continue
            table, _, _, r = p.series[s]
            row += [table if table is not None else "", r.points, r.won, r.lost, r.others_lost, r.score,
                    show_money(r.money, lang)]
        w.writerow(row)
    return out.getvalue()


def to_text(lines, lang: str, names=None, outside=()) -> str:
    """The standings as a table for the terminal; ``names`` (start number -> name, from the seating list) adds the
    players' names as the last column, where a name of any length or script does not push the figures out of line."""
    head = HEAD[lang]
    names = names or {}
    named = any(names.get(p.start_number) for p in lines)
    doubts = any(p.doubts for p in lines)
    starts = [p.shown for p in lines]
    wide = max([9, *map(len, starts)])          # a stand-in line (S2-T10-P3?) is wider than a start number
    rows = [f"{head[0]:>5} {head[1]:>{wide}} {head[2]:>6} {head[3]:>11} {head[4]:>5} {head[5]:>5} {head[6]:>7} "
            f"{head[7]:>8}  {head[8]:>7}" + (f" {head[9]:>7}" if doubts else "")   # a score's mark (†) after it
            + (f"  {STANDINGS_TEXTS[lang]['name']}" if named else "")]
    for p, start in zip(lines, starts):
        place = f"{p.place}{'*' if p.tie else ''}"
        money = show_money(p.money, lang)
        rows.append((f"{place:>5} {start:>{wide}} {len(p.series):>6} {p.points:>11} {p.won:>5} {p.lost:>5} "
                     f"{p.others_lost:>7} {p.score:>8}{'†' if p.kept_score else ' '} {money:>7}"
                     + (f" {p.doubts or '':>7}" if doubts else "")
                     + (f"  {names.get(p.start_number, '')}" if named else "")))
    notes = STANDINGS_TEXTS[lang]
    if any(p.tie for p in lines):
        rows.append(notes["tie"])
    if any(p.kept_score for p in lines):
        rows.append(notes["kept"])
    if doubts:
        rows.append(notes["doubt_note"])
    rows += stand_in_notes(lines, lang)
    rows += [note for note in (outside_seating_note(outside, lang), not_every_series_note(lines, lang, names, outside))
             if note]
    return "\n".join(rows)


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
@settings_options
def command(lists, as_csv, as_html, output, lang, seating, games, loss_money):
    """Rank the players of all given lists (folders stand for their list files) by
    Seeger-Fabian score after correction, with the tie-breaks of SkWO 5.1.

    Exit status: 0 ranked, 2 bad input."""
    if as_csv and as_html:
        raise BadInput("give one of them, not both", "--csv/--html")
    # -o standings.csv (or .html) without --csv (--html) wrote the terminal's table into it: the name says the form
    suffix = Path(output).suffix.lower() if output else ""
    if as_csv and suffix in PAGE_SUFFIXES or as_html and suffix == ".csv":
        raise BadInput(f"{'--csv writes CSV' if as_csv else '--html writes a page'}: name the file "
                       f"{'.csv' if as_csv else '.html'}", output)
    as_csv, as_html = as_csv or (not as_html and suffix == ".csv"), as_html or (not as_csv and suffix in PAGE_SUFFIXES)
    settings = make_settings(games, loss_money)
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
            loaded.append(apply(sl, decisions_for(Path(name), sl.photo)))
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
    audits = []
    for sl, notes in reconcile_start_numbers(loaded):
        for taken in notes:
            click.echo(f"skatscan: {sl.source}: {taken.text()}", err=True)
        audits.append(audit(sl, settings))
    try:
        lines = standings(audits)
    except StandingsError as exc:
        raise BadInput(str(exc))
    outside = outside_seating([a.sl for a in audits], drawn)
    if as_csv:
        text = to_csv(lines, names, lang, outside)
        if output:
            text = CSV_BOM + text
    elif as_html:
        from desk.html import render_standings
        text = render_standings(lines, lang, names, outside=outside)
    else:
        text = to_text(lines, lang, names, outside) + "\n"
    if output:
        try:
            write_atomic(output, text)
        except OSError as exc:
            raise BadInput(f"cannot write it ({exc.strerror or exc})", output)
    else:
        click.echo(text, nl=False)
