"""The review report's standings page in ``scan`` (and ``standings.csv`` beside it), and the standings an earlier run
left removed where this run has none."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import click

from audit.files import write_atomic
from audit.loss_money import loss_money
from audit.settings import Settings
from audit.standings import StandingsError, standings

from .cli import BadInput


def standings_page(audits, lang: str, folder: Path, names=None, outside=(),
                   settings=None) -> tuple[Optional[str], Optional[str]]:
    """The standings page (and ``standings.csv`` beside it) over the tournament lists, ``names`` (from the seating
    list) adding the players' names, ``outside`` (``desk.seating.outside_seating``) naming the lists that are no
    drawn table of it, each series' ranking and the loss money to collect by the ``settings`` the lists were audited
    with; and why there is none, in the report's language (a start number that plays one series twice). Where there
    is none, the standings an earlier run left in ``folder`` are removed: a referee or the office must not take them
    for this batch's."""
    # the page's code is imported here, not with ``scan``: the workers reading the photos import ``scan`` too
    from desk.html import not_every_series_note, outside_seating_note, render_standings, stand_in_notes

    from .cmd_standings import CSV_BOM, PRIVATE_LEFT_OUT, to_csv

    # as `standings` counts them: every list with a tournament score (a home list scores Seeger-Fabian too, reference
    # 004); a private list (cent settlement) has none
    for a in audits:
        if a.sl.table.kind == "private":
            click.echo(f"skatscan: standings: {a.sl.source}: {PRIVATE_LEFT_OUT}", err=True)
    lists = [a for a in audits if a.sl.table.kind != "private"]
    if not lists:
        remove_standings(folder)
        return None, None
    try:
        lines = standings(lists)
    except StandingsError as exc:
        click.echo(f"skatscan: standings: {exc}", err=True)
        remove_standings(folder)
        return None, exc.de if lang == "de" else str(exc)
    for note in [*stand_in_notes(lines, "en"), outside_seating_note(outside, "en"),
                 not_every_series_note(lines, "en", names, outside)]:
        if note:
            click.echo(f"skatscan: standings: {note}", err=True)
    money = loss_money(lists, settings or Settings())
    try:
        write_atomic(folder / "standings.csv", CSV_BOM + to_csv(lines, names, lang, outside, money))
    except OSError as exc:
        raise BadInput(f"cannot write the report ({exc.strerror or exc})", str(folder))
    return render_standings(lines, lang, names, index=True, outside=outside, money=money), None


def remove_standings(folder: Path) -> None:
    """Remove the standings files an earlier run wrote into the report ``folder`` (this run has none); a file of that
    name that skatscan did not write (no CSV head of its standings, no page of its report) is left alone."""
    from .cmd_standings import CSV_MARKS
    marks = {"standings.csv": CSV_MARKS,
             "standings.html": ['<p class="muted">skatscan · ']}
    for name, any_of in marks.items():
        path = folder / name
        try:
            if path.is_file() and any(mark in path.read_text(encoding="utf-8", errors="replace") for mark in any_of):
                path.unlink()
        except OSError as exc:
            raise BadInput(f"cannot remove the earlier standings ({exc.strerror or exc})", str(path))
