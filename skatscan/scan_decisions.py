"""The referee's decisions in ``scan``: the ``--settle-from`` folders checked and their files taken into the report's
settle folder (:mod:`desk.settle_from`), each list's decisions found beside its photo or in the report, and the files
passed over or named for no list said on stderr."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Optional

import click

from desk.batch import manifest_hashes, manifest_photos
from desk.settle import (DECISIONS, LIST_SUFFIX, RESULTS, SUFFIX, PhotoCheck, SettleError, decisions_for, decisions_in,
                         settle_path, stray_decisions)
from desk.settle_from import ListToSettle, Note, named_by, take_decisions, unsaid
from desk.settle_identity import Lineage

from .cli import EXIT_BAD_INPUT, BadInput, bad_input_line

#: A list page's note on a decisions file (``NAME.settle.json``) that could not be read.
SETTLE_PROBLEM_NOTE = {
    "de": "Die Entscheidungen des Schiedsrichters ließen sich nicht lesen; die Liste ist ohne sie geprüft: {problem}",
    "en": "The referee's decisions could not be read; the list is audited without them: {problem}",
}


def settle_folders(folders, report) -> list[Path]:
    """The folders of ``--settle-from`` (``~`` for the home folder, also quoted), checked before anything is read or
    written: each must be a folder that can be read, and there must be a report to copy the decisions into."""
    out = [Path(os.path.expanduser(f)) for f in folders]
    if out and not report:
        raise BadInput("needs --report: the decisions taken are copied into the report's settle folder",
                       "--settle-from")
    for folder in out:
        if not folder.exists():
            raise BadInput("no such folder (--settle-from); nothing was read or written", str(folder))
        if not folder.is_dir():
            raise BadInput("not a folder (--settle-from names the folder the browser saves into); nothing was read "
                           "or written", str(folder))
        try:
            next(os.scandir(folder), None)
        except OSError as exc:
            raise BadInput(f"cannot read the folder ({exc.strerror or exc}); nothing was read or written",
                           str(folder))
    return out


def take_from(folders: list[Path], report: Path, outcomes, rid: Lineage, known: set) -> list[Note]:
    """Copy the referee's decisions saved into ``folders`` (the browser's downloads) that name their list's photo, and
    those in the settle folder of a photo renamed since, into the report's settle folder (:mod:`desk.settle_from`),
    each file taken said in a line; the notes of the files passed over, to say with those the lists' decisions pass
    over (:func:`say_settle_notes`). Of DIR's files those named for a list, or for a name the report gave before
    (``known``), are read. DIR is only read."""
    lists = [ListToSettle(o.name, o.sha256, str(o.photo)) for o in outcomes if o.status in ("done", "skipped")
             and o.sha256]
    try:
        notes = take_decisions(folders, report / DECISIONS, lists, rid, known, manifest_photos(report / RESULTS))
    except OSError as exc:
        bad_input_line(str(report / DECISIONS), f"cannot copy the referee's decisions into it ({exc.strerror or exc})")
        raise SystemExit(EXIT_BAD_INPUT)
    photos = {it.name: it.photo for it in lists}
    # a name of the same photo given now too, which gives way: not renamed, a copy of the photo
    copies = {o.name: o.photo for o in outcomes if o.status == "duplicate"}
    for n in notes:
        if n.copy is not None:
            how = (f" (the same photo as {copies[named_by(n.file)]}, which gives way to it)"
                   if n.renamed and named_by(n.file) in copies else " (the same photo, renamed)" if n.renamed else "")
            click.echo(f"skatscan: {n.file}: the referee's decisions on {photos[n.name]}{how}, taken (copied to "
                       f"{n.copy})", err=True)
    return [n for n in notes if n.copy is None]


def say_settle_notes(report: Optional[Path], outcomes, notes: list[Note], looked: list[Path]) -> None:
    """Say each settle file passed over in a line (with a report, once while it stays as it is: :func:`unsaid`;
    ``looked``: the ``--settle-from`` folders)."""
    if report is not None:
        lists = [o for o in outcomes if o.status in ("done", "skipped") and o.sha256]
        notes = unsaid(report / RESULTS, [o.name for o in lists], notes,
                       [*looked, report / DECISIONS, *{Path(o.photo).parent for o in lists}])
    for n in notes:
        click.echo(f"skatscan: {n.file}: {n.why}", err=True)


def has_decisions(photo: Path, report, name: str) -> bool:
    """Whether the referee decided on the list of ``photo`` (a decisions file that cannot be read counts too)."""
    try:
        return bool(decisions(photo, report, name, None, None))
    except SettleError:
        return True


def decisions(photo: Path, report, name: str, sha256: Optional[str], passed: Optional[list]) -> dict:
    """The referee's decisions: beside the photo, or in the report's ``settle`` folder
    (:func:`desk.settle.decisions_for`, as ``audit`` and ``standings`` find them for the report's results); a file
    that names another photo than ``sha256``'s is not applied, (file, why) into ``passed``."""
    if report:
        return decisions_for(Path(report) / RESULTS / f"{name}{LIST_SUFFIX}", str(photo), sha256 or None, passed)
    return decisions_in(settle_path(photo), PhotoCheck(str(photo), sha256 or None), passed)


def say_stray_decisions(report: Path, outcomes, known: set) -> int:
    """Say each file in the report's settle folder that is no list's decisions (a browser's second download is
    "NAME.settle (1).json"), not silently passed over, and count them; the file of a photo the report had (taken out
    of the folder, away on a stick unplugged) is the report's, kept for when it is back (``known``: the names the
    report gave before)."""
    strays = stray_decisions(report / DECISIONS, {o.name for o in outcomes} | known,
                             {o.sha256 for o in outcomes if o.sha256} | manifest_hashes(report / RESULTS))
    for stray in strays:
        bad_input_line(str(stray), f"is not the decisions of a list of this report (named NAME{SUFFIX} for a list "
                                   "NAME); not applied")
    return len(strays)
