"""``skatscan scan PHOTO...|DIR``: digitize + audit, with a progress bar and the review report."""
from __future__ import annotations

import contextlib
import dataclasses
import functools
import json
import sys
import tempfile
from pathlib import Path
from typing import Optional

import click

from audit.auditjson import audit_to_json
from audit.auditor import audit
from audit.load import AUDIT_SUFFIX
from audit.listjson import ListError, dumps, list_from_json
from audit.report import render_text
from desk.batch import (TIME_LIMIT, CannotStartWorker, earlier_photos, forget_others, mark_said, report_names,
                        run_batch, usable_cores)
from desk.html import sweep_report
from desk.pages import hand_note, list_view, off_photo_note, retake_advice, unreadable_view
from desk.seating import apply_seating, outside_seating
from desk.settle import RESULTS, SettleError, apply
from desk.settle_from import Note
from desk.settle_identity import report_id, report_lineage
from desk.start_numbers import reconcile_start_numbers

from .cli import EXIT_BAD_INPUT, EXIT_CLEAN, EXIT_FINDINGS, OneLineCommand, bad_input_line
from .options import lang_option, make_settings, read_seatings, settings_options
from .outputs import OutputPlan, report_parent_exists, write_page_or_fail, write_report_or_fail
from .photos import OTHER_LISTS_LINE, damaged_line, damaged_note, engine_option, expand_photos, with_name_hint
from .report_notes import index_notes, missing_tables, tables_twice
from .report_pictures import list_pictures
from .report_standings import standings_page
from .scan_decisions import (SETTLE_PROBLEM_NOTE, decisions, has_decisions, say_settle_notes, say_stray_decisions,
                             settle_folders, take_from)


@click.command("scan", cls=OneLineCommand)
@click.argument("photos", nargs=-1, required=True, type=click.Path())
@click.option("--report", type=click.Path(file_okay=False),
              help="Write the review report (index.html, one page per list) into this folder; a rerun "
                   "skips photos already done, and the lists of the photos scanned into it before stay in it while "
                   "the photos are in their places (and not the same as another photo).")
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

    Exit status: 0 no error found, 1 errors found, 2 bad input (a photo could not be read), 130 stopped by
    Ctrl-C, 143 stopped by SIGTERM (kill PID; timeout --preserve-status); what was finished is kept, a rerun
    continues. The errors are those of the photos given, not of the lists scanned into the report before.
    """
    settings = make_settings(games, loss_money)
    if report:
        report_parent_exists(Path(report))
    downloads = settle_folders(settle_from, report)
    drawn, player_names = read_seatings(seating)
    files = [Path(f) for f in expand_photos(photos, missing_is_bad=True)]
    workers = _workers_to_run(workers)
    plan = OutputPlan(output, len(files), AUDIT_SUFFIX, inputs=files)    # before the batch: -o is no input
    # the photos scanned into the report before and still in their places: the report shows them all (a late photo
    # scanned on its own joins the tournament's lists); only this run's photos go to -o, --json and the terminal
    before = earlier_photos(Path(report) / RESULTS, files) if report else []
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
    give_way = [f for f, name in zip(files[given:], names[given:]) if not has_decisions(f, report, name)]
    with tempfile.TemporaryDirectory(prefix="skatscan-") as tmp:
        results = _results_folder(Path(report) if report else None, Path(tmp))
        if report:
            # what a run killed outright left half-written in the report's folders (-o's files too, -o bericht)
            sweep_report(Path(report), plan.written_into(Path(report)))
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
                                     decided=lambda f, name: has_decisions(f, report, name))
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
        earlier = {str(f) for f in before}
        gone = []
        if report:
            # said once the photos are looked at: not one that leaves the report now (the same as another photo, not
            # to be read now), nor one never read (:func:`_kept_from_before`)
            stay = sum(_kept_from_before(o, earlier) for o in outcomes)
            if stay:
                click.echo(f"skatscan: {report}: the {stay} photo{'s' if stay != 1 else ''} scanned into this report "
                           f"before stay{'s' if stay == 1 else ''} in it (a photo taken out of its folder leaves it)",
                           err=True)
            # photos no longer in the report (and copies that gave way): their results go with them
            gone = forget_others(results, [o.name for o in outcomes if o.status != "duplicate"])
            if gone:
                click.echo(f"skatscan: {report}: no longer where they were when scanned, so left out of the report "
                           f"until back in place: {', '.join(map(str, gone))}", err=True)
            # the decisions in the downloads folders, and those of a photo renamed since, into the settle folder
            rid = report_id(Path(report))       # the pages save it; files of the ids the report descends from count
            settle_notes = take_from(downloads, Path(report), outcomes, report_lineage(Path(report)), known_names)
        else:
            rid, settle_notes = "", []
        bad = errors = 0
        views, audits, docs = [], [], []
        img_dir = Path(report) / "img" if report else None
        read = []

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
            before; a photo an interrupted run read gets its lines now (:func:`desk.batch.mark_said`); so does a new
            photo at the place of one scanned into the report before (a retake), read at a scan of other photos, also
            when that scan was interrupted before its lines (skipped now, not said)."""
            new_here = str(o.photo) not in earlier or not o.said
            if new_here and not (o.status == "skipped" and o.said):
                tell(str(o.photo), line)

        with _bar_then(report_bar, told):
            for o in outcomes:
                if o.status in ("bad", "duplicate"):
                    # given or scanned into the report before, a photo with no list in the report is said and
                    # counted: one whose list leaves it now (read again and failed, or not to be read at all: denied,
                    # a stick's read error; the same photo as another, given or scanned before, which stays), and
                    # one an earlier run refused, still unread (its table has no list), said at each rescan, but not
                    # as if it were new
                    tell(str(o.photo), o.problem + (" (as at an earlier run: the same photo, not read again)"
                                                    if o.refused_before else ""))
                    bad += 1
                    views.append(unreadable_view(o.name, str(o.photo), o.problem, lang, why=o.why,
                                                 problem_de=o.problem_de))
                    report_bar.update(1)
                    continue
                if o.problem:
                    # read again at this run and not finished, the list read before kept: said of a photo scanned
                    # into the report before too (--again reads it again), whose page says it
                    tell(str(o.photo), o.problem)
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
                        sl = apply(sl, decisions(o.photo, report, o.name, o.sha256, passed))
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
                    photo, pictures = list_pictures(results / f"{o.name}.overlay.jpg", width, a, img_dir, o.name)
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
        say_settle_notes(Path(report) if report else None, outcomes, settle_notes, downloads)
        if report:
            bad += say_stray_decisions(Path(report), outcomes, known_names)
        twice = tables_twice(audits)
        kept_before = sum(_kept_from_before(o, earlier) for o in outcomes)
        missing = missing_tables(audits, drawn)
        if docs:
            click.echo(json.dumps(docs[0] if len(docs) == 1 and given == 1 else docs,
                                  ensure_ascii=False, indent=2))
        if report:
            # the lists that are no drawn table: they count with their own start numbers, and the index says so
            from desk.html import outside_seating_note
            outside = outside_seating([a.sl for a in audits if a.sl.table.kind != "private"], drawn)
            page, problem = standings_page(audits, lang, Path(report), player_names, outside, settings)
            notes = index_notes(lang, twice, missing, outside_seating_note(outside, lang) if page else "", gone,
                                kept_before)
            index = write_report_or_fail(Path(report), views, lang, page, pages=False, standings_problem=problem,
                                         notes=notes)
            try:        # the photos' lines are said: a rescan does not say them again (one interrupted before did not)
                mark_said(results, [o.name for o in outcomes if o.status in ("done", "skipped")])
            except OSError:
                pass    # the report is whole; at worst the next run says these lines again
            click.echo(_summary_line(outcomes, earlier, views, index), err=True)
    if bad:
        raise SystemExit(EXIT_BAD_INPUT)
    raise SystemExit(EXIT_FINDINGS if errors else EXIT_CLEAN)


def _workers_to_run(workers: int) -> int:
    """The photos read at the same time: ``--workers``, but at most one per core, said when cut down. A photo keeps
    the CPU busy: more workers than cores read no faster, they make every photo slower against its time limit (and
    each takes its memory)."""
    cores = usable_cores()
    if workers <= cores:
        return workers
    click.echo(f"skatscan: --workers {workers}: this machine has {cores} core{'s' if cores != 1 else ''} to "
               f"run on, so {cores} photo{'s are' if cores != 1 else ' is'} read at a time (more would only "
               "make each one slower, against its time limit)", err=True)
    return cores


def _results_folder(report: Optional[Path], tmp: Path) -> Path:
    """The folder the batch keeps its results in: the report's ``results`` (or ``tmp`` without a report), made, and
    checked to take files, with the report folder, before a photo is read: the first photo's list of a read-only
    report folder (a write-protected stick, another user's folder) failed to be written after it was read, with the
    advice to run the same command again, which could not help. Exit 2 with one line when it cannot be."""
    results = report / RESULTS if report else tmp
    try:
        results.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        bad_input_line(str(results), f"cannot create the folder ({exc.strerror or exc})")
        raise SystemExit(EXIT_BAD_INPUT)
    for folder in ([report, results] if report else []):
        problem = _cannot_write(folder)
        if problem:
            bad_input_line(str(folder), f"cannot write into the folder ({problem}); nothing was read or written")
            raise SystemExit(EXIT_BAD_INPUT)
    return results


def _kept_from_before(o, earlier: set) -> bool:
    """Whether the outcome ``o`` is of a photo scanned into the report at an earlier run (of ``earlier``) whose list
    stays in it: done before, or read again now (``--again``, a retake at its place). Not one that had no list before
    (a broken link at its first scan, a photo refused, one whose list left the report: the same as another photo,
    taken out of its folder at a scan and put back, its list file deleted by hand; read now or not:
    :func:`desk.batch._held_no_list`), nor one whose list leaves the report now:
    the same as another photo (given now or scanned before), refused, not to be read now, read again and failed. The
    terminal, the last line and the index said those stayed too ("the 3 photos scanned into this report before stay
    in it" of three with one saved over by another)."""
    return str(o.photo) in earlier and not o.no_list_before and o.status in ("done", "skipped")


def _summary_line(outcomes, earlier: set, views, index) -> str:
    """The report's last line: the photos; the ones read now, those an earlier run read (not read again, their lines
    not said again), those it refused, those the same as another photo and those that could not be read at all (a
    broken link, a read error), so the parts add up to the photos given and those scanned into the report before
    whose list leaves it now (or that were never read before); the photos scanned into the report before whose list
    stays (:func:`_kept_from_before`), which count there alone (read again with --again or not), so no photo counts
    twice; the lists for the referee and the index page. The parts are said when a photo not given is among them (a
    photo never read before that is read now at a scan of other photos counts as read now: it was not scanned into
    the report before), or when not all were read now."""
    kept_before = sum(_kept_from_before(o, earlier) for o in outcomes)
    given = [o for o in outcomes if not _kept_from_before(o, earlier)]
    done_before = sum(o.status == "skipped" for o in given)
    refused = sum(o.refused_before for o in given)
    twice = sum(o.status == "duplicate" for o in given)
    unread = sum(o.status == "bad" and not o.seconds and not o.refused_before for o in given)
    read_now = sum(o.status == "done" or o.status == "bad" and o.seconds > 0 for o in given)
    not_given = any(str(o.photo) in earlier for o in given)
    parts = [f"{read_now} read now", f"{done_before} read before"] + [f"{refused} refused before"] * bool(refused) \
        + [f"{twice} the same as another"] * bool(twice) + [f"{unread} unreadable"] * bool(unread)
    counted = "; ".join([", ".join(parts)] * bool(done_before or refused or twice or unread or not_given)
                        + [f"{kept_before} scanned before"] * bool(kept_before))
    return (f"{len(outcomes)} photo{'s' if len(outcomes) != 1 else ''}{f' ({counted})' if counted else ''}, "
            f"{sum(v.for_referee for v in views)} for the referee: {index}")


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
