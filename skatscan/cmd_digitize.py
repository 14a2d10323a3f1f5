"""``skatscan digitize PHOTO... [-o OUT]``: photographed lists to ``skatscan.list/1`` JSON."""
from __future__ import annotations

import json

import click

from audit.listjson import dumps

from .cli import EXIT_BAD_INPUT, EXIT_CLEAN, OneLineCommand
from .options import make_settings, settings_options
from .outputs import OutputPlan
from .photos import (OTHER_LISTS_LINE, cells_picture, damaged_line, debug_picture, engine_option, expand_photos,
                     read_photo)


@click.command("digitize", cls=OneLineCommand)
@click.argument("photos", nargs=-1, required=True, type=click.Path())
@click.option("-o", "--output", type=click.Path(), help="A file for one photo, a folder for several "
                                                       "(default: JSON to stdout).")
@engine_option
@click.option("--debug", "debug_dir", type=click.Path(file_okay=False),
              help="Write two pictures per photo into this folder: NAME.cells.jpg with every located cell "
                   "drawn and labelled, NAME.debug.jpg with every reading in its cell (doubts orange; the list "
                   "turned upright, a photo under 1600 px enlarged, a legend on top).")
@settings_options
def command(photos, output, engine, debug_dir, games, loss_money):
    """Read photographed lists into skatscan.list/1 JSON: every cell with its confidence,
    its runner-up readings and its place on the photo; doubtful cells marked.

    The tournament's settings (as for scan and audit) weigh what is read in doubt: a player's loss money
    read in doubt takes the amount the schedule charges for the games he lost when the reader saw it too
    (chosen by the arithmetic, still doubtful).

    Exit status: 0 read, 2 bad input (unreadable file, no list found), 130 stopped by Ctrl-C, 143 stopped by
    SIGTERM (kill PID; timeout --preserve-status).
    """
    settings = make_settings(games, loss_money)
    files = expand_photos(photos)
    plan = OutputPlan(output, len(files), ".json", inputs=files)
    debug = OutputPlan(debug_dir + "/" if debug_dir else None, len(files), ".debug.jpg", inputs=files)
    cells = OutputPlan(debug_dir + "/" if debug_dir else None, len(files), ".cells.jpg", inputs=files)
    bad = 0
    docs = []
    for name in files:
        got = read_photo(name, engine, settings)
        if got is None:
            bad += 1
            continue
        d, image = got
        doc = d.list_json()
        if d.damaged:
            click.echo(f"skatscan: {name}: {damaged_line(d.damaged)}", err=True)
        if d.located.other_lists:
            click.echo(f"skatscan: {name}: {OTHER_LISTS_LINE}", err=True)
        if output:
            plan.write(name, dumps(doc))
        else:
            docs.append(doc)
        if debug_dir:
            debug.write_bytes(name, debug_picture(image, d.list))
            cells.write_bytes(name, cells_picture(image, d.located))
    if docs:
        click.echo(json.dumps(docs[0] if len(files) == 1 else docs, ensure_ascii=False, indent=2))
    raise SystemExit(EXIT_BAD_INPUT if bad else EXIT_CLEAN)

