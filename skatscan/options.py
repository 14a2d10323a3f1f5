"""Options shared by several subcommands."""
from __future__ import annotations

from dataclasses import replace
from typing import Optional

import click

from audit.settings import DEFAULT_LOSS_MONEY, Settings

from .cli import BadInput


def _remember(ctx, param, value):
    """Keep an option for :func:`make_settings` without adding a parameter to every command."""
    ctx.meta[f"skatscan.{param.name}"] = value
    return value


def settings_options(f):
    f = click.option("--penalties", default="none", show_default=True, metavar="none|doppelkopf|SCHEDULE",
                     expose_value=False, callback=_remember,
                     help="Penalty schedule the penalty entries are checked against: doppelkopf (reference "
                          "002), or the tournament's own like 'minor=3/1,severe=12/4+3/1,conduct<=5'; "
                          "none: written penalties stand.")(f)
    f = click.option("--online/--no-online", default=False, expose_value=False, callback=_remember,
                     help="Score abandoned games by the online rules (reference 003); --no-online: not, though the "
                          "scan of a results folder given was read with --online.")(f)
    f = click.option("--loss-money", default=DEFAULT_LOSS_MONEY, show_default=True,
                     help="Loss money schedule: '0.50*3,1.00' = 0.50 EUR for each of the first three "
                          "lost games, 1.00 EUR after; '0' for none.")(f)
    f = click.option("--games", type=int, default=None,
                     help="Games per series (default 36 at three seats, 48 at four).")(f)
    return f


def make_settings(games, loss_money) -> Settings:
    meta = click.get_current_context().meta
    online = bool(meta.get("skatscan.online", False))
    penalties = meta.get("skatscan.penalties") or "none"
    try:
        return Settings(games=games, loss_money=loss_money, online=online,
                        penalties=None if penalties == "none" else penalties)
    except ValueError as exc:
        text = str(exc)
        option = ("--penalties" if "penalty" in text else "--games" if text.startswith("games per series")
                  else "--loss-money")
        raise BadInput(str(exc), option)


def read_seating_file(path: str):
    """The tables and names ``(tables, {number: name})`` of a seating list of ``skatscan draw``;
    a bad file is one :class:`BadInput` line naming the file and the line."""
    from desk.seating import SeatingFileError, read_seating
    try:
        return read_seating(path)
    except SeatingFileError as exc:
        raise BadInput(str(exc), path) from None


def read_seatings(paths) -> tuple[Optional[dict], dict]:
    """The drawn tables ``{(series, table): start numbers}`` and names of one or more seating lists (an event drawn
    series by series with ``draw --previous`` has a file per step), or ``(None, {})`` for none; a table in two of them
    is bad input naming the second file."""
    if not paths:
        return None, {}
    from desk.seating import seating_lookup
    drawn: dict = {}
    names: dict = {}
    for path in paths:
        tables, more = read_seating_file(path)
        lookup = seating_lookup(tables)
        twice = sorted(set(lookup) & set(drawn))
        if twice:
            series, table = twice[0]
            raise BadInput(f"series {series}, table {table} is in another seating list given too", path)
        drawn.update(lookup)
        names.update(more)
    return drawn, names


lang_option = click.option("--lang", type=click.Choice(["de", "en"]), default="de", show_default=True,
                           help="Language of the report (German for referees, or English).")


#: The settings a scan keeps in its results folder's manifest (``made_with`` of each photo) that a later command on
#: that folder takes where they are not given again: (the Settings field, the option's parameter name, the option).
SCAN_SETTINGS = (("loss_money", "loss_money", "--loss-money"), ("games", "games", "--games"),
                 ("online", "online", "--online"), ("penalties", "penalties", "--penalties"))


def settings_of_scan(settings: Settings, paths) -> Settings:
    """``settings`` with what a scan's results folder among ``paths`` was read with (its ``manifest.json``: each
    photo's ``made_with``) where the option was not given on the command line: ``standings bericht/results`` after a
    ``scan --loss-money 0.30*3,0.60`` charged by the default schedule unless it was given again. Said in one line.
    Nothing is taken where the option is given, where a list given is in no such folder (a list the scan never read:
    ``standings bericht/results t1/s1t1.json``), or where the photos were read with different settings; the last two
    are said in one line when there was something to take."""
    from pathlib import Path

    from desk.batch import MANIFEST, _read_manifest
    found = []
    outside = []
    for p in paths:
        folder = Path(p) if Path(p).is_dir() else Path(p).parent
        manifest = folder / MANIFEST
        if manifest.is_file():
            made = [e.get("made_with") for e in _read_manifest(manifest).values() if isinstance(e, dict)]
            found += [(m, manifest) for m in made if isinstance(m, dict)]
        else:
            outside.append(str(p))
    ctx = click.get_current_context()
    taken = {}
    mixed = []
    for field, param, option in SCAN_SETTINGS:
        if ctx.get_parameter_source(param) not in (click.core.ParameterSource.DEFAULT, None):
            continue
        values = {repr(m.get(field)) for m, _ in found if field in m}
        if len(values) == 1 and all(field in m for m, _ in found):
            value = found[0][0][field]
            if value != getattr(settings, field):
                taken[field] = (option, value)
        elif len(values) > 1:
            mixed.append(option)
    if mixed:
        where = ", ".join(sorted({str(m) for _, m in found}))
        click.echo(f"skatscan: the photos ({where}) were read with different {' and '.join(mixed)}: none of the "
                   "scan's settings taken (give them as options)", err=True)
        return settings
    if not taken:
        return settings
    if outside:
        click.echo(f"skatscan: {outside[0]} is no list of a scan's results folder: the scan's settings "
                   f"({found[0][1]}) not taken (give them as options)", err=True)
        return settings
    try:
        new = replace(settings, **{field: value for field, (_, value) in taken.items()})
    except (ValueError, TypeError):
        return settings         # a manifest written by hand or another version: the settings as given
    shown = " ".join(f"{option} {value}" if not isinstance(value, bool) else option if value else f"--no-{option[2:]}"
                     for option, value in taken.values())
    click.echo(f"skatscan: as scan read these lists ({found[0][1]}): {shown}", err=True)
    return new
