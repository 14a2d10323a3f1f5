"""``skatscan draw``: the table draw (Tischordnung, SkWO 7.1) for the series of a tournament.

    skatscan draw --players 39 --series 3 -o seating.csv --html seating.html --forms forms.pdf
    skatscan draw --players anmeldung.csv --series 3 --seed 482913 -o seating.csv
    skatscan draw --players anmeldung.csv --series 2 --previous seating.csv -o seating-4-5.csv

Seats the registered start numbers at tables of four (at most three tables of three), a fresh
draw per series that avoids players meeting again where it can (see :mod:`desk.draw`);
reproducible with ``--seed``. Bad input is one line ``skatscan: <file or option>: <problem>``
and exit status 2, nothing written.
"""
from __future__ import annotations

import random
import re
from pathlib import Path

import click

from skatscan.cli import BadInput, OneLineCommand
from skatscan.cmd_form import MAX_PAGES, check_edition, output_path
from skatscan.options import read_seating_file

#: Most players ``--players N`` seats (start numbers 1..N), and most series drawn at once.
MAX_PLAYERS = 9999
MAX_SERIES_AT_ONCE = 99
#: A seed picked when none is given is below this (short enough to write down).
PICKED_SEED_BELOW = 1_000_000

SUMMARY = {
    "de": "{out}: Serie {series} für {players} Spieler, je Serie {tables}, {repeats} wiederholte Begegnungen "
          "(reines Los: {plain}), Seed {seed}",
    "en": "{out}: series {series} for {players} players, each series {tables}, {repeats} repeat meetings "
          "(plain random draw: {plain}), seed {seed}",
}


@click.command(name="draw", cls=OneLineCommand)
@click.option("--players", required=True, metavar="N|FILE.csv",
              help="start numbers 1 to N, or a registration list (start_number,name)")
@click.option("--series", required=True, metavar="S", help="how many series to draw")
@click.option("--seed", metavar="K", help="seed of the draw (default: picked and printed)")
@click.option("--previous", multiple=True, metavar="SEATING.csv",
              help="seating of earlier series: their meetings count, new series continue after them (repeatable)")
@click.option("-o", "--output", required=True, metavar="SEATING.csv", help="seating list to write")
@click.option("--html", "html_out", metavar="FILE.html", help="printable seating page (A4) to write")
@click.option("--forms", metavar="FILE.pdf", help="list forms to write: one per table and series")
@click.option("--edition", metavar="skatscan|dskv", help="edition of the forms (default skatscan)")
@click.option("--lang", default="de", show_default=True, metavar="de|en",
              help="language of the page and of the lines printed")
def command(players, series, seed, previous, output, html_out, forms, edition, lang):
    """Draw the tables (Tischordnung) for the next series.

    Exit status: 0 written, 2 bad input (nothing written; a file that cannot be written, on a full disk, leaves
    those written before it, each whole, as its line says), 130 stopped by Ctrl-C, 143 stopped by SIGTERM (kill PID;
    timeout --preserve-status).
    """
    from desk.draw import MAX_SERIES, DrawError, draw, table_sizes
    from desk.seating import (SeatingFileError, read_registration, render_seating, same_names, seating_csv,
                              tables_text)

    n_series = _whole(series, "--series", 1, MAX_SERIES_AT_ONCE)
    the_seed = random.SystemRandom().randrange(PICKED_SEED_BELOW) if seed is None else _whole(
        seed, "--seed", 0, 10 ** 12 - 1)
    if edition is not None and forms is None:
        raise BadInput("prints forms; give --forms FILE.pdf too", "--edition")
    edition = edition or "skatscan"
    if forms is not None:
        check_edition(edition)
    if lang not in ("de", "en"):
        raise BadInput(f"must be de or en, not {lang!r}", "--lang")

    outputs = [(output, output_path(output, (".csv",)))]
    if html_out is not None:
        outputs.append((html_out, output_path(html_out, (".html", ".htm"))))
    if forms is not None:
        outputs.append((forms, output_path(forms, (".pdf",))))
    inputs = [players] if not players.strip().isdigit() else []
    inputs += list(previous)
    for name, path in outputs:  # the suffixes differ, so the outputs do
        if any(Path(i).resolve() == path.resolve() for i in inputs):
            raise BadInput("is also an input; an input file is never written to", name)

    # the players
    names: dict[str, str] = {}
    namesakes: list = []
    if players.strip().isdigit():
        n = _whole(players, "--players", 1, MAX_PLAYERS)
        numbers = [str(k) for k in range(1, n + 1)]
        players_name = "--players"
    elif re.fullmatch(r"\s*[-+]?\d+([.,]\d*)?\s*", players) and not Path(players).exists():
        # "-4" or "12.5": a number of players that is none, not a file that is missing
        raise BadInput(f"the number of players must be a whole number from 1 to {MAX_PLAYERS}, not {players!r}",
                       "--players")
    else:
        try:
            registered = read_registration(players)
        except SeatingFileError as e:
            raise BadInput(str(e), players) from None
        numbers = [p.number for p in registered]
        names = {p.number: p.name for p in registered if p.name}
        players_name = players
        namesakes = same_names(registered)

    # earlier series, their start numbers spelled as the players' ("07" there is the "7" here, as the seating reader
    # takes them: the same player, his name and his meetings)
    from dataclasses import replace

    from desk.draw import same_number_key
    spelled = {same_number_key(n): n for n in numbers}
    earlier = []
    came_from: dict[int, str] = {}
    for file in previous:
        tables, known = read_seating_file(file)
        for s in sorted({t.series for t in tables}):
            if s in came_from:
                raise BadInput(f"series {s} is also in {came_from[s]}", file)
            came_from[s] = file
        earlier.extend(replace(t, numbers=tuple(spelled.get(same_number_key(x), x) for x in t.numbers))
                       for t in tables)
        for number, name in known.items():
            names.setdefault(spelled.get(same_number_key(number), number), name)

    first = max(came_from, default=0) + 1
    if first + n_series - 1 > MAX_SERIES:
        raise BadInput(f"series {first} to {first + n_series - 1}: the forms number series up to {MAX_SERIES}",
                       "--series")
    try:
        sizes = table_sizes(len(numbers))
        if forms is not None and n_series * len(sizes) > MAX_PAGES:
            raise BadInput(f"that is {n_series * len(sizes)} forms; print at most {MAX_PAGES} at once", forms)
        result = draw(numbers, n_series, the_seed, earlier)
    except DrawError as e:
        raise BadInput(str(e), players_name) from None
    names = {n: names[n] for n in numbers if n in names}

    # everything made before anything is written
    contents: list[tuple[str, Path, object]] = [(output, outputs[0][1], seating_csv(result.tables, names))]
    if html_out is not None:
        contents.append((html_out, outputs[1][1], render_seating(result, names, lang)))
    if forms is not None:
        from digitize.form import pdf_bytes
        from skatscan.cmd_form import seating_pages

        pages = seating_pages(result.tables, edition)
        contents.append((forms, outputs[-1][1], pdf_bytes(pages)))
    from audit.files import write_atomic

    for i, (name, path, data) in enumerate(contents):
        try:
            write_atomic(path, data)
        except OSError as e:
            written = ", ".join(str(n) for n, _, _ in contents[:i])
            raise BadInput((e.strerror or str(e)) + (f"; written before it: {written}" if written else ""),
                           name) from None

    first, last = result.series[0], result.series[-1]
    click.echo(SUMMARY[lang].format(
        out=output, series=f"{first}-{last}" if last != first else first, players=len(numbers),
        tables=tables_text(sizes.count(4), sizes.count(3), lang), repeats=result.total_repeats,
        plain=result.total_plain_repeats, seed=the_seed))
    if html_out is not None:
        click.echo(f"{html_out}: {'Tischordnung zum Aushang' if lang == 'de' else 'seating to hang up'}")
    if forms is not None:
        one = len(pages) == 1
        click.echo(f"{forms}: {len(pages)} " + (('Spielliste' if one else 'Spiellisten') if lang == 'de'
                                                 else ('list form' if one else 'list forms')))
    for name, numbers_of in namesakes:
        listed = ", ".join(numbers_of[:-1]) + (" und " if lang == "de" else " and ") + numbers_of[-1]
        click.echo(f"skatscan: {players}: " + NAMESAKES[lang].format(name=name, numbers=listed), err=True)


#: A name at two start numbers of the registration list (said after the draw, which it does not stop).
NAMESAKES = {
    "de": "der Name {name} steht bei den Start-Nr. {numbers}: Spieler gleichen Namens, oder einer zweimal angemeldet "
          "(der dann unter zwei Nummern spielte)? Gleichnamige unterscheidet ein Zusatz im Namen (jun., Ort), auf dem "
          "Aushang und in der Rangliste.",
    "en": "the name {name} is at start numbers {numbers}: namesakes, or one player registered twice (who would play "
          "under two numbers)? Namesakes are told apart on the wall list and in the standings by a mark in the name "
          "(jr., a town).",
}


def _whole(text: str, option: str, low: int, high: int) -> int:
    text = text.strip()
    if not re.fullmatch(r"[0-9]{1,13}", text) or not low <= int(text) <= high:
        raise BadInput(f"must be a whole number from {low} to {high}, not {text!r}", option)
    return int(text)
