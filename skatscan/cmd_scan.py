"""``skatscan scan PHOTO...|DIR``: digitize + audit, with a progress bar and the review report."""
from __future__ import annotations

import base64
import contextlib
import dataclasses
import functools
import hashlib
import json
import os
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Optional

import click
import cv2
import numpy as np

from audit.auditjson import audit_to_json
from audit.auditor import audit
from audit.files import write_atomic
from audit.listjson import ListError, dumps, list_from_json
from audit.report import render_text
from audit.standings import StandingsError, standings
from desk.batch import (TIME_LIMIT, CannotStartWorker, earlier_photos, forget_others, manifest_hashes, manifest_photos,
                        mark_said, report_names, run_batch, usable_cores)
from desk.pages import hand_note, list_view, off_photo_note, retake_advice, unreadable_view
from desk.seating import apply_seating, outside_seating
from desk.settle import (DECISIONS, LIST_SUFFIX, RESULTS, SUFFIX as SETTLE_SUFFIX, PhotoCheck, SettleError, apply,
                          decisions_for, decisions_in, identity_of, saved_as, settle_path)
from desk.settle_from import ListToSettle, Note, named_by, take_decisions, unsaid
from desk.settle_identity import Lineage, report_id, report_lineage
from desk.start_numbers import reconcile_start_numbers

from .cli import EXIT_BAD_INPUT, EXIT_CLEAN, EXIT_FINDINGS, BadInput, OneLineCommand, bad_input_line
from .options import lang_option, make_settings, read_seatings, settings_options
from .outputs import OutputPlan, write_page_or_fail, write_report_or_fail
from .photos import (OTHER_LISTS_LINE, damaged_line, damaged_note, engine_option, expand_photos, report_picture,
                     with_name_hint)


@click.command("scan", cls=OneLineCommand)
@click.argument("photos", nargs=-1, required=True, type=click.Path())
@click.option("--report", type=click.Path(file_okay=False),
              help="Write the review report (index.html, one page per list) into this folder; a rerun "
                   "skips photos already done, and the photos scanned into it before stay in it.")
@click.option("--json", "as_json", is_flag=True, help="Print the skatscan.audit/1 documents instead of the reports.")
@click.option("-o", "--output", type=click.Path(), help="Write the audit JSON here (file for one photo, folder).")
@click.option("--again", is_flag=True, help="Read every photo again, also those done before.")
@click.option("--workers", type=click.IntRange(1, 16), default=1, show_default=True,
              help="Photos read at the same time (at most one per CPU core: more are cut down to the cores).")
@click.option("--time-limit", type=click.FloatRange(1, 3600), default=TIME_LIMIT, show_default=True,
              help="Seconds one photo may take.")
@click.option("--seating", type=click.Path(dir_okay=False), multiple=True,
              help="The seating list of 'skatscan draw': each list gets the start numbers drawn for its "
                   "series and table (again for each file of an event drawn step by step with --previous).")
@click.option("--settle-from", type=click.Path(), multiple=True, metavar="DIR",
              help="Also take the referee's decisions saved by the report's pages from this folder (the browser's "
                   "downloads, e.g. ~/Downloads): a list's file there counts when it names the list's photo (and was "
                   "saved from this report's page), and is copied into the report's settle folder. Needs --report; "
                   "the folder is only read.")
@engine_option
@lang_option
@settings_options
def command(photos, report, as_json, output, again, workers, time_limit, seating, settle_from, engine, lang, games,
            loss_money):
    """Read and audit photographed lists: a photo, several, or a folder. With --report, the
    referee's review report in the browser and the standings across tables and series.

    Exit status: 0 no error found, 1 errors found, 2 bad input (a photo could not be read).
    """
    settings = make_settings(games, loss_money)
    downloads = _settle_folders(settle_from, report)
    drawn, player_names = read_seatings(seating)
    files = [Path(f) for f in expand_photos(photos, missing_is_bad=True)]
    cores = usable_cores()
    if workers > cores:
        # a photo keeps the CPU busy: more workers than cores read no faster, they make every photo slower against
        # its time limit (and each takes its memory)
        click.echo(f"skatscan: --workers {workers}: this machine has {cores} core{'s' if cores != 1 else ''} to "
                   f"run on, so {cores} photo{'s are' if cores != 1 else ' is'} read at a time (more would only "
                   "make each one slower, against its time limit)", err=True)
        workers = cores
    plan = OutputPlan(output, len(files), ".audit.json", inputs=files)    # before the batch: -o is no input
    # the photos scanned into the report before and still in their places: the report shows them all (a late photo
    # scanned on its own joins the tournament's lists); only this run's photos go to -o, --json and the terminal
    before = earlier_photos(Path(report) / RESULTS, files) if report else []
    if before:
        click.echo(f"skatscan: {report}: the {len(before)} photo{'s' if len(before) != 1 else ''} scanned into "
                   f"this report before stay{'s' if len(before) == 1 else ''} in it (a photo taken out of its folder "
                   "leaves it)", err=True)
    given = len(files)
    files += before
    namer = OutputPlan(None, 0, "")
    names = [None] * len(files)
    if report:
        # a photo keeps the name it had in the report; a new one takes a name none of its photos had
        names, known_names = report_names(files, Path(report) / RESULTS)
        namer.used.update(known_names | {n for n in names if n})
    names = [name or namer.unique(str(f)) for name, f in zip(names, files)]
    # of the same photo twice, one scanned before gives way to the new one, unless the referee decided on its list
    # (its decisions would not follow the other name); of two given, the one decided on stays (``decided``)
    give_way = [f for f, name in zip(files[given:], names[given:]) if not _has_decisions(f, report, name)]
    with tempfile.TemporaryDirectory(prefix="skatscan-") as tmp:
        results = Path(report) / RESULTS if report else Path(tmp)
        try:
            results.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            bad_input_line(str(results), f"cannot create the folder ({exc.strerror or exc})")
            raise SystemExit(EXIT_BAD_INPUT)
        for folder in ([Path(report), results] if report else []):
            # a report folder that cannot be written to (read-only: a write-protected stick, another user's folder)
            # is said before a photo is read: the first photo's list failed to be written after it was read, with
            # the advice to run the same command again, which could not help
            problem = _cannot_write(folder)
            if problem:
                bad_input_line(str(folder), f"cannot write into the folder ({problem}); nothing was read or written")
                raise SystemExit(EXIT_BAD_INPUT)
        try:
            with contextlib.ExitStack() as stack:
                bar = []

                def start_bar(n: int) -> None:
                    """The bar counts the photos to read, not those an earlier run read (skipped at once: they made
                    the bar's time left a third of the real one on a rescan with 60 photos done and 30 new)."""
                    bar.append(stack.enter_context(click.progressbar(
                        length=n, label="skatscan", file=sys.stderr, show_pos=True,
                        item_show_func=lambda o: o.photo.name if o else "", hidden=n < 2 or not sys.stderr.isatty())))

                outcomes = run_batch(files, results, functools.partial(_process, engine=engine, settings=settings),
                                     names=names, again=again, workers=workers, time_limit=time_limit,
                                     on_done=lambda o: bar and bar[0].update(1, o), on_plan=start_bar,
                                     made_with={"engine": engine, **dataclasses.asdict(settings)}, give_way=give_way,
                                     decided=lambda f, name: _has_decisions(f, report, name))
        except CannotStartWorker as exc:
            # too many processes, too little memory: said as what it is, not as the results folder's problem
            click.echo(f"skatscan: {exc}; the photos done so far are kept, run the same command again to continue "
                       "(with fewer programs running, or fewer --workers)", err=True)
            raise SystemExit(EXIT_BAD_INPUT)
        except OSError as exc:
            # a full disk or a folder that went away: what was finished is kept, a rerun continues
            bad_input_line(str(results), f"cannot write results ({exc.strerror or exc}); the photos done so far "
                                         "are kept, run the same command again to continue")
            raise SystemExit(EXIT_BAD_INPUT)
        gone = []
        if report:
            # photos no longer in the report (and copies that gave way): their results go with them
            gone = forget_others(results, [o.name for o in outcomes if o.status != "duplicate"])
            if gone:
                click.echo(f"skatscan: {report}: no longer where they were when scanned, so left out of the report "
                           f"until back in place: {', '.join(map(str, gone))}", err=True)
            # the decisions in the downloads folders, and those of a photo renamed since, into the settle folder
            rid = report_id(Path(report))       # the pages save it; files of the ids the report descends from count
            settle_notes = _take_from(downloads, Path(report), outcomes, report_lineage(Path(report)), known_names)
        else:
            rid, settle_notes = "", []
        bad = errors = 0
        views, audits, docs = [], [], []
        img_dir = Path(report) / "img" if report else None
        read = []
        earlier = {str(f) for f in before}

        outcomes = [o for o in outcomes if not (o.status == "duplicate" and str(o.photo) in earlier)]  # given again
        # the report's own progress bar: 90 lists take 15-30 s to audit and write after the last photo is read
        report_bar = click.progressbar(length=len(outcomes), label="report", file=sys.stderr, show_pos=True,
                                       hidden=not report or len(outcomes) < 2 or not sys.stderr.isatty())
        told: list[str] = []

        def tell(file: str, problem: str) -> None:
            """A line about a photo: said after the report's progress bar where it runs, not into it."""
            if report_bar.hidden:
                click.echo(f"skatscan: {file}: {problem}", err=True)
            else:
                told.append(f"skatscan: {file}: {problem}")

        def say(o, line: str) -> None:
            """A photo's line on stderr: said when the photo is read, not again for one read by an earlier run that
            said it (its page in the report says it): a rescan with a series' 30 new photos says theirs, not the 60
            before; a photo an interrupted run read gets its lines now (:func:`desk.batch.mark_said`)."""
            if str(o.photo) not in earlier and not (o.status == "skipped" and o.said):
                tell(str(o.photo), line)

        with _bar_then(report_bar, told):
            for o in outcomes:
                if o.status in ("bad", "duplicate"):
                    if str(o.photo) not in earlier:         # reported when it was scanned
                        # a photo still in the folder that an earlier run refused: still unread (its table has no
                        # list), so said and counted again, but not as if it were new
                        tell(str(o.photo), o.problem + (" (as at an earlier run: the same photo, not read again)"
                                                        if o.refused_before else ""))
                        bad += 1
                    views.append(unreadable_view(o.name, str(o.photo), o.problem, lang, why=o.why,
                                                 problem_de=o.problem_de))
                    report_bar.update(1)
                    continue
                if o.problem and str(o.photo) not in earlier:
                    tell(str(o.photo), o.problem)   # read again and not finished: the list read before is kept
                try:
                    sl = list_from_json(o.list_doc, str(o.photo))
                    width = (o.list_doc.get("photo") or {}).get("width")
                    damaged = str((o.list_doc.get("photo") or {}).get("damaged") or "")
                    # parsed: the JSON's objects would hold megabytes a list until the report is written
                    o.list_doc = None
                    sl = with_name_hint(sl, o.photo)
                    seating_note = None
                    if drawn is not None:
                        sl, seating_note = apply_seating(sl, drawn)
                        if seating_note:
                            say(o, seating_note)
                    settle_problem = None
                    try:
                        passed: list = []
                        sl = apply(sl, _decisions(o.photo, report, o.name, o.sha256, passed))
                        settle_notes += [Note(o.name, file, why) for file, why in passed]
                    except SettleError as exc:      # the list stays, audited without the decisions; its page says why
                        tell(str(o.photo), str(exc))
                        bad += 1
                        settle_problem = str(exc)
                except ListError as exc:
                    tell(str(o.photo), str(exc))
                    bad += 1
                    report_bar.update(1)
                    continue
                read.append((o, sl, seating_note, width, settle_problem, damaged))
            # a start number read in doubt that another table of its series has: the other lists may tell which it is
            settled = reconcile_start_numbers([sl for _, sl, _, _, _, _ in read])
            for (o, _, seating_note, width, settle_problem, damaged), (sl, start_notes) in zip(read, settled):
                for taken in start_notes:
                    say(o, taken.text())
                a = audit(sl, settings)
                audits.append(a)
                if damaged:
                    say(o, damaged_line(damaged))
                if retake_advice(sl) is not None:
                    say(o, "most cells with writing are read in doubt: "
                           "a sharper photo of the list, filling the frame, would help")
                if hand_note(sl) is not None:
                    say(o, "several base values that no game has were read: the reader "
                           "seems to misread this hand; its cells with the suspect digit are in doubt")
                if sl.other_lists:
                    say(o, OTHER_LISTS_LINE)
                if off_photo_note(sl) is not None:
                    say(o, "the list runs off the photo; its cells there are in doubt: "
                           "photograph the whole list")
                if str(o.photo) not in earlier:
                    errors += bool(a.errors)
                    # the audit document only where it goes (-o, --json): a report of 90 lists spent 2 s making them
                    doc = audit_to_json(a, settings, lang) if output or as_json else None
                    if output:
                        plan.write(str(o.photo), dumps(doc))
                    if as_json:
                        docs.append(doc)
                    elif not report:
                        click.echo(render_text(a, lang))
                if report:
                    photo, pictures = _report_picture(results / f"{o.name}.overlay.jpg", width, a, img_dir, o.name)
                    view = list_view(a, o.name, lang, photo=photo, pictures=pictures)
                    # the page's form saves the list's name and its photo's hash into its settle file (--settle-from)
                    # and the report's id: from the downloads folder only this report's pages' files are taken
                    view.identity = {"name": o.name, "sha256": o.sha256, "report": rid} if o.sha256 else {}
                    if seating_note:
                        view.notes.append(f"{SEATING_NOTE[lang]}: {seating_note.text(lang)}")
                    view.notes += [taken.text(lang) for taken in start_notes]
                    if damaged:
                        view.notes.append(damaged_note(damaged, lang))
                        view.damaged = True
                    if settle_problem:
                        view.notes.append(SETTLE_PROBLEM_NOTE[lang].format(problem=settle_problem))
                    if o.problem:
                        view.notes.append(READ_AGAIN_NOTE[lang].format(problem=o.problem_de if lang == "de"
                                                                       else o.problem))
                    views.append(write_page_or_fail(Path(report), view, lang))
                    report_bar.update(1)
        _say_settle_notes(Path(report) if report else None, outcomes, settle_notes, downloads)
        if report:
            # a file in the report's settle folder that is no list's decisions (a browser's second download is
            # "NAME.settle (1).json"): said, not silently passed over; the file of a photo the report had (taken out
            # of the folder, away on a stick unplugged) is the report's, kept for when it is back
            for stray in _stray_decisions(Path(report) / DECISIONS, {o.name for o in outcomes} | known_names,
                                          {o.sha256 for o in outcomes if o.sha256} | manifest_hashes(results)):
                bad_input_line(str(stray), f"is not the decisions of a list of this report (named NAME{SETTLE_SUFFIX}"
                                           f" for a list NAME); not applied")
                bad += 1
        twice = _twice(audits)
        kept_before = sum(str(o.photo) in earlier for o in outcomes)
        missing = _missing_tables(audits, drawn)
        if docs:
            click.echo(json.dumps(docs[0] if len(docs) == 1 and given == 1 else docs,
                                  ensure_ascii=False, indent=2))
        if report:
            # the lists that are no drawn table: they count with their own start numbers, and the index says so
            from desk.html import outside_seating_note
            outside = outside_seating([a.sl for a in audits if a.sl.table.kind != "private"], drawn)
            page, problem = _standings_page(audits, lang, Path(report), player_names, outside, settings)
            index = write_report_or_fail(Path(report), views, lang, page, pages=False, standings_problem=problem,
                                         notes=[(TWICE_NOTE if same else CLASH_NOTE)[lang].format(
                                             series=series, table=table, n=len(sources), photos=", ".join(sources))
                                             for series, table, sources, same in twice]
                                         + [MISSING_NOTE[lang + ("+" if len(t) > 1 else "")].format(
                                             series=series, tables=", ".join(map(str, t))) for series, t in missing]
                                         + ([outside_seating_note(outside, lang)] if outside and page else [])
                                         + ([GONE_NOTE[lang].format(photos=", ".join(map(str, gone)))]
                                            if gone else [])
                                         + ([KEPT_NOTE[lang + ("1" if kept_before == 1 else "")].format(n=kept_before)]
                                            if kept_before else []))
            try:        # the photos' lines are said: a rescan does not say them again (one interrupted before did not)
                mark_said(results, [o.name for o in outcomes if o.status in ("done", "skipped")])
            except OSError:
                pass    # the report is whole; at worst the next run says these lines again
            # of the photos given, those an earlier run read (not read again, their lines not said again)
            done_before = sum(o.status == "skipped" and str(o.photo) not in earlier for o in outcomes)
            refused = sum(o.refused_before and str(o.photo) not in earlier for o in outcomes)
            read_now = sum(o.status == "done" or o.status == "bad" and o.seconds > 0 for o in outcomes)
            counted = "; ".join([f"{read_now} read now, {done_before} read before"
                                 + f", {refused} refused before" * bool(refused)] * bool(done_before or refused)
                                + [f"{kept_before} scanned before"] * bool(kept_before))
            click.echo(f"{len(outcomes)} photo{'s' if len(outcomes) != 1 else ''}"
                       f"{f' ({counted})' if counted else ''}, "
                       f"{sum(v.for_referee for v in views)} for the referee: "
                       f"{index}", err=True)
    if bad:
        raise SystemExit(EXIT_BAD_INPUT)
    raise SystemExit(EXIT_FINDINGS if errors else EXIT_CLEAN)


def _cannot_write(folder: Path) -> Optional[str]:
    """Why nothing can be written into ``folder`` (the system's words), or None when a file can be."""
    try:
        with tempfile.TemporaryFile(dir=folder):
            return None
    except OSError as exc:
        return exc.strerror or str(exc)


@contextlib.contextmanager
def _bar_then(bar, lines: list):
    """Show the progress ``bar``, then say ``lines`` on stderr (also when the work under the bar ended in bad input):
    a line said while the bar runs would stand in the middle of it."""
    try:
        with bar:
            yield bar
    finally:
        for line in lines:
            click.echo(line, err=True)


def _process(path: str, engine: str, settings) -> dict:
    from digitize.pipeline import process_photo
    return process_photo(path, engine, settings)


SEATING_NOTE = {"de": "Tischordnung (skatscan draw)", "en": "Seating list (skatscan draw)"}
#: A list page's note on a photo read again (--again) whose reading did not finish: the list read before is kept.
READ_AGAIN_NOTE = {"de": "In diesem Lauf erneut gelesen: {problem}.", "en": "Read again at this run: {problem}."}
#: A list page's note on a decisions file (``NAME.settle.json``) that could not be read.
SETTLE_PROBLEM_NOTE = {
    "de": "Die Entscheidungen des Schiedsrichters ließen sich nicht lesen; die Liste ist ohne sie geprüft: {problem}",
    "en": "The referee's decisions could not be read; the list is audited without them: {problem}",
}


def _stray_decisions(folder: Path, names: set, photos: set) -> list[Path]:
    """The files in the report's settle folder that name no list of the report, neither by their name nor by the photo
    their ``list`` names (of ``photos``' hashes: a photo renamed since; hidden files aside; a browser's later download
    of a list's file, ``NAME.settle (1).json``, is that list's: :func:`desk.settle.newest`)."""
    try:
        files = sorted(p for p in folder.iterdir() if p.is_file() and not p.name.startswith("."))
    except OSError:
        return []
    return [p for p in files if not ((saved_as(p.name) or ("",))[0] in names or _names_photo(p, photos))]


def _names_photo(file: Path, photos: set) -> bool:
    """Whether the settle file ``file`` names one of the photos of hashes ``photos``."""
    try:
        return (identity_of(file) or {}).get("sha256") in photos
    except SettleError:
        return False


def _settle_folders(folders, report) -> list[Path]:
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


def _take_from(folders: list[Path], report: Path, outcomes, rid: Lineage, known: set) -> list[Note]:
    """Copy the referee's decisions saved into ``folders`` (the browser's downloads) that name their list's photo, and
    those in the settle folder of a photo renamed since, into the report's settle folder (:mod:`desk.settle_from`),
    each file taken said in a line; the notes of the files passed over, to say with those the lists' decisions pass
    over (:func:`_say_settle_notes`). Of DIR's files those named for a list, or for a name the report gave before
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


def _say_settle_notes(report: Optional[Path], outcomes, notes: list[Note], looked: list[Path]) -> None:
    """Say each settle file passed over in a line (with a report, once while it stays as it is: :func:`unsaid`;
    ``looked``: the ``--settle-from`` folders)."""
    if report is not None:
        lists = [o for o in outcomes if o.status in ("done", "skipped") and o.sha256]
        notes = unsaid(report / RESULTS, [o.name for o in lists], notes,
                       [*looked, report / DECISIONS, *{Path(o.photo).parent for o in lists}])
    for n in notes:
        click.echo(f"skatscan: {n.file}: {n.why}", err=True)


def _has_decisions(photo: Path, report, name: str) -> bool:
    """Whether the referee decided on the list of ``photo`` (a decisions file that cannot be read counts too)."""
    try:
        return bool(_decisions(photo, report, name, None, None))
    except SettleError:
        return True


def _decisions(photo: Path, report, name: str, sha256: Optional[str], passed: Optional[list]) -> dict:
    """The referee's decisions: beside the photo, or in the report's ``settle`` folder
    (:func:`desk.settle.decisions_for`, as ``audit`` and ``standings`` find them for the report's results); a file
    that names another photo than ``sha256``'s is not applied, (file, why) into ``passed``."""
    if report:
        return decisions_for(Path(report) / RESULTS / f"{name}{LIST_SUFFIX}", str(photo), sha256 or None, passed)
    return decisions_in(settle_path(photo), PhotoCheck(str(photo), sha256 or None), passed)


def _report_picture(overlay: Path, photo_width: Optional[int], a, img_dir: Path, name: str
                    ) -> tuple[Optional[str], dict]:
    """The report's photo of a list and its cells' pictures (:func:`skatscan.photos.report_picture`) from the copy
    of the photo the batch kept (``overlay``), ``photo_width`` the width of the photo the list was read from; (None,
    {}) without one. Drawn again only when what they show changed (the copy, the readings, the errors, the cells
    pictured, the code that draws them): the cells' pictures and what they were drawn from are kept beside the photo's
    picture (``img/NAME.pictures.json``; not in ``results``, whose files ``standings`` reads as lists), so that a
    rescan after the referee settled a few doubts does not decode and draw 90 photos again (before: half of a
    rescan's 30 s with no photo to read)."""
    try:
        key = _picture_key(overlay, photo_width, a)
    except OSError:
        return None, {}
    kept = img_dir / f"{name}{PICTURES_SUFFIX}"
    if (img_dir / f"{name}.jpg").is_file():
        try:
            doc = json.loads(kept.read_text(encoding="utf-8"))
            if doc.get("key") == key:
                return f"../img/{name}.jpg", {ref: base64.b64decode(b) for ref, b in doc["cells"].items()}
        except (OSError, ValueError, TypeError, AttributeError, KeyError):
            pass                        # none kept, or a damaged file: drawn again
    try:
        image = cv2.imdecode(np.fromfile(str(overlay), np.uint8), cv2.IMREAD_COLOR)
    except OSError:
        return None, {}
    if image is None:
        return None, {}
    photo, pictures = report_picture(image, photo_width or image.shape[1], a, img_dir, name)
    try:
        write_atomic(kept, json.dumps({"key": key, "cells": {ref: base64.b64encode(b).decode("ascii")
                                                             for ref, b in pictures.items()}}))
    except OSError:
        pass                            # drawn again next time
    return photo, pictures


#: Beside a list's picture in the report's ``img``: its cells' pictures and the key of what they were drawn from.
PICTURES_SUFFIX = ".pictures.json"


def _picture_key(overlay: Path, photo_width: Optional[int], a) -> str:
    """What the report's pictures of the audit ``a`` are drawn from: the photo's copy (as the file is), the width of
    the photo read, every reading (value, doubt, box), the errors on paper, the cells pictured and the drawing code."""
    from desk.pages import pictured_cells
    st = overlay.stat()
    what = [_drawing_code(), st.st_size, st.st_mtime_ns, photo_width, repr(sorted(a.sl.readings.items())),
            sorted(f.cells[0] for f in a.errors if f.cells), sorted(pictured_cells(a))]
    return hashlib.sha256(repr(what).encode("utf-8", "backslashreplace")).hexdigest()


@functools.lru_cache(maxsize=1)
def _drawing_code() -> str:
    """The source of the code that draws the report's pictures: another version of skatscan draws them again."""
    import digitize.annotate
    import digitize.cell_pictures
    import desk.pages
    from . import photos
    return hashlib.sha256(b"".join(Path(m.__file__).read_bytes() for m in (
        digitize.annotate, digitize.cell_pictures, desk.pages, photos))).hexdigest()


#: The report's note on a series and table that come on several photos (:func:`_twice`): the same list photographed
#: again (the same start numbers), or lists of different players that name the same table (one's Serie or Tisch is
#: misread, or miswritten: no photo is to be taken out then).
TWICE_NOTE = {
    "de": "Serie {series}, Tisch {table} ist auf {n} Fotos: {photos}. Ein Tisch zählt einmal: das überzählige Foto "
          "(etwa das unschärfere) aus dem Ordner nehmen und neu einlesen.",
    "en": "Series {series}, table {table} is on {n} photos: {photos}. A table counts once: take the extra photo (the "
          "less sharp one, say) out of the folder and scan again.",
}
CLASH_NOTE = {
    "de": "Serie {series}, Tisch {table} steht auf {n} Listen verschiedener Spieler: {photos}. Auf einer ist Serie "
          "oder Tisch wohl verlesen oder verschrieben: bitte auf den Fotos prüfen.",
    "en": "Series {series}, table {table} stands on {n} lists of different players: {photos}. One of them has its "
          "series or table misread or miswritten: please check them on the photos.",
}


def _twice(audits) -> list[tuple[int, int, list[str], bool]]:
    """The same list photographed twice: one line per series and table that comes more than once, and (series,
    table, the photos, whether they show the same players: the same start numbers) of each for the report. A
    series or table the reader doubts is not counted: it is a reading doubt on the list's page."""
    seen = defaultdict(list)
    for a in audits:
        t = a.sl.table
        doubted = a.sl.doubtful_cells() & {"table.series", "table.table"}
        if t.series is not None and t.table is not None and not doubted:
            seen[(t.series, t.table)].append(a.sl)
    twice = [(series, table, [sl.source for sl in lists], len({sl.table.start_numbers for sl in lists}) == 1)
             for (series, table), lists in seen.items() if len(lists) > 1]
    for series, table, sources, _same in twice:
        click.echo(f"skatscan: series {series}, table {table} appears on {len(sources)} photos: "
                   f"{', '.join(sources)}", err=True)
    return twice


KEPT_NOTE = {
    "de": "{n} der Fotos wurden in früheren Läufen in diesen Bericht eingelesen und liegen noch an ihrem Platz: sie "
          "bleiben darin (ein neues Turnier bekommt einen neuen Berichtsordner).",
    "en": "{n} of the photos were scanned into this report in earlier runs and are still in their places: they stay "
          "in it (a new tournament gets a new report folder).",
    # one photo
    "de1": "Eines der Fotos wurde in einem früheren Lauf in diesen Bericht eingelesen und liegt noch an seinem Platz: "
           "es bleibt darin (ein neues Turnier bekommt einen neuen Berichtsordner).",
    "en1": "One of the photos was scanned into this report in an earlier run and is still in its place: it stays in "
           "it (a new tournament gets a new report folder).",
}
GONE_NOTE = {
    "de": "Nicht mehr dort, wo sie beim Einlesen lagen, darum ausgelassen, bis sie wieder da sind: {photos}.",
    "en": "No longer where they were when scanned, so left out until they are back: {photos}.",
}
MISSING_NOTE = {
    "de": "Serie {series}: kein Foto der Liste von Tisch {tables} (laut Tischordnung).",
    "en": "Series {series}: no photo of the list of table {tables} (by the seating list).",
    # several tables
    "de+": "Serie {series}: kein Foto der Listen der Tische {tables} (laut Tischordnung).",
    "en+": "Series {series}: no photo of the lists of tables {tables} (by the seating list).",
}


def _missing_tables(audits, drawn) -> list[tuple[int, list[int]]]:
    """The drawn tables of the series the lists are of that no list is of: (series, tables) each, said on stderr too.
    A series none of the lists is of is not the batch's (a referee scans a series at a time)."""
    if not drawn:
        return []
    have = {(a.sl.table.series, a.sl.table.table) for a in audits}
    series = sorted({s for s, _ in have if s is not None})
    missing = [(s, sorted(t for (s2, t) in drawn if s2 == s and (s, t) not in have)) for s in series]
    missing = [(s, tables) for s, tables in missing if tables]
    for s, tables in missing:
        click.echo(f"skatscan: series {s}: no photo of the list{'s' if len(tables) > 1 else ''} of "
                   f"table{'s' if len(tables) > 1 else ''} "
                   f"{', '.join(map(str, tables))} (by the seating list)", err=True)
    return missing


def _standings_page(audits, lang: str, folder: Path, names=None, outside=(),
                    settings=None) -> tuple[Optional[str], Optional[str]]:
    """The standings page (and ``standings.csv`` beside it) over the tournament lists, ``names`` (from the seating
    list) adding the players' names, ``outside`` (``desk.seating.outside_seating``) naming the lists that are no
    drawn table of it, each series' ranking and the loss money to collect by the ``settings`` the lists were audited
    with; and why there is none, in
    the report's language (a start number that plays one series twice). Where there is none, the standings an
    earlier run left in ``folder`` are removed: a referee or the office must not take them for this batch's."""
    # as `standings` counts them: every list with a tournament score (a home list scores Seeger-Fabian too, reference
    # 004); a private list (cent settlement) has none
    from .cmd_standings import PRIVATE_LEFT_OUT
    for a in audits:
        if a.sl.table.kind == "private":
            click.echo(f"skatscan: standings: {a.sl.source}: {PRIVATE_LEFT_OUT}", err=True)
    lists = [a for a in audits if a.sl.table.kind != "private"]
    if not lists:
        _remove_standings(folder)
        return None, None
    try:
        lines = standings(lists)
    except StandingsError as exc:
        click.echo(f"skatscan: standings: {exc}", err=True)
        _remove_standings(folder)
        return None, exc.de if lang == "de" else str(exc)
    from desk.html import not_every_series_note, outside_seating_note, render_standings, stand_in_notes
    for note in [*stand_in_notes(lines, "en"), outside_seating_note(outside, "en"),
                 not_every_series_note(lines, "en", names, outside)]:
        if note:
            click.echo(f"skatscan: standings: {note}", err=True)

    from audit.loss_money import loss_money
    from audit.settings import Settings

    from .cmd_standings import CSV_BOM, to_csv
    money = loss_money(lists, settings or Settings())
    try:
        write_atomic(folder / "standings.csv", CSV_BOM + to_csv(lines, names, lang, outside, money))
    except OSError as exc:
        raise BadInput(f"cannot write the report ({exc.strerror or exc})", str(folder))
    return render_standings(lines, lang, names, index=True, outside=outside, money=money), None


def _remove_standings(folder: Path) -> None:
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
