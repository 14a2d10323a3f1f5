"""``skatscan audit LIST...``: check typed or digitized lists, correct them, score them."""
from __future__ import annotations

import json
import os
from pathlib import Path

import click

from audit.auditjson import audit_to_json
from audit.auditor import audit
from audit.listjson import dumps, list_to_json
from audit.load import AUDIT_SUFFIX, CORRECTED_SUFFIX, SUFFIXES, BadListFile, document_format, load_list, own_audit
from audit.report import render_text

from desk.pages import list_view
from desk.settle import FORMAT as SETTLE_FORMAT
from desk.settle import SettleError, apply, decisions_for, saved_as

from .cli import EXIT_BAD_INPUT, EXIT_CLEAN, EXIT_FINDINGS, BadInput, OneLineCommand, bad_input_line
from .options import lang_option, make_settings, settings_of_scan, settings_options
from .outputs import (OutputPlan, is_same_file, report_parent_exists, safe_stem, write_page_or_fail,
                      write_report_or_fail)


def expand(paths) -> list[str]:
    """Files as given; a folder stands for the list files in it (:func:`desk.batch.files_in`): a scan's results
    folder for its lists, not its manifest; not skatscan's own documents that are no list, which a referee keeps
    beside the lists: its standings or seating CSV (:func:`own_table`), its audits (``audit L -o L``,
    :func:`audit.load.own_audit`) and the referee's decisions (``NAME.settle.json``, :func:`own_decisions`). Nor
    a list's corrected copy beside it (``audit L --corrected L``, :func:`corrected_copies`): the list counts, audited
    and corrected again, and one line says so. A file named as such is read as given, and refused if it is no list."""
    from desk.batch import MANIFEST, files_in
    out = []
    for p in paths:
        if not Path(p).is_dir():
            out.append(p)
            continue
        try:        # not the batch's own record in a scan's results folder, which is no list
            found = [q for q in files_in(Path(p), SUFFIXES)
                     if q.name != MANIFEST and not own_table(q) and not own_audit(q) and not own_decisions(q)]
        except OSError as exc:      # a folder without permission to read: one line, not a traceback
            raise BadInput(f"cannot read the folder ({exc.strerror or exc})", str(p)) from None
        copies = corrected_copies(found)
        if copies:
            first, original = next(iter(copies.items()))
            one = len(copies) == 1
            click.echo(f"skatscan: {p}: {len(copies)} corrected {'copy' if one else 'copies'} (audit --corrected) "
                       f"passed over, the list{'' if one else 's'} beside {'it' if one else 'them'} counted "
                       f"({first.name} of {original.name}{'' if one else ', ...'}): name the copy, not its folder, "
                       f"to count it instead", err=True)
        out += [str(q) for q in found if q not in copies]
    # a file given twice (by name and in its folder, or twice by name) is one list: audited once, ranked once (the
    # contract review of session 52: standings named it twice as a player playing a series twice)
    once: dict = {}
    for f in out:
        once.setdefault(_same_file_key(f), f)
    return list(once.values())


def _same_file_key(path: str) -> str:
    """A key that is the same for two names of one file (``./t1.json``, ``lists/../t1.json``, a link to it)."""
    return os.path.realpath(path)


def corrected_copies(files) -> dict:
    """Of the list files ``files`` (paths, as given), those that ``audit --corrected`` wrote of another of them, each
    with that other: ``NAME.corrected.json`` beside ``NAME.json`` (or ``NAME.csv``; the name as
    :func:`.outputs.safe_stem` makes it, ``Tisch 3.json`` -> ``Tisch_3.corrected.json``). A folder holding both
    counted every player of the list twice ("start number 1 plays series 1 twice"). Of the two the list is what
    counts: the copy holds its figures corrected when it was written, the same that auditing the list gives now,
    unless the list (or the referee's decisions on it, ``NAME.settle.json``, which the copy is not asked for) changed
    since, and then the list's are the ones that count."""
    by_stem: dict = {}
    for q in files:
        by_stem.setdefault((Path(q).parent, safe_stem(Path(q).name).casefold()), q)
    out = {}
    for q in files:
        name = Path(q).name
        if name.lower().endswith(CORRECTED_SUFFIX):
            # beside it: the same name in another folder (day2/t1.corrected.json, day1/t1.json) is another list's
            original = by_stem.get((Path(q).parent, name[:-len(CORRECTED_SUFFIX)].casefold()))
            if original is not None and original != q:
                out[q] = original
    return out


def own_decisions(path: Path) -> bool:
    """Whether ``path`` is a file of the referee's decisions on a list (``NAME.settle.json`` beside ``NAME.json``,
    or a browser's later download of it, ``NAME.settle (1).json``: :func:`desk.settle.saved_as`), by its name and
    its format ``skatscan.settle/1``. It is read with the list it decides (:func:`desk.settle.decisions_for`); read
    as a list too, it ended every run on the folder ("unknown format")."""
    return saved_as(path.name) is not None and document_format(path) == SETTLE_FORMAT


def own_table(path: Path) -> bool:
    """Whether ``path`` is a CSV skatscan wrote that is no list: the standings (``standings -o L/standings.csv``,
    in either language's separator) or a seating list (``draw -o``), by its head line. In a folder of lists it was
    read as one and ended the command ("line 1: unknown line 'place' before the header row")."""
    from desk.seating import SEATING_COLUMNS

    from .cmd_standings import CSV_MARKS
    if path.suffix.lower() != ".csv":
        return False
    try:
        with open(path, "rb") as fh:
            head = fh.read(200).decode("utf-8", "replace").lstrip("\ufeff")
    except OSError:
        return False
    return head.startswith((*CSV_MARKS, ",".join(SEATING_COLUMNS[:4])))


def _report_photo(name: str, result, img_dir: Path, unique: str):
    """The report's photo and cell pictures of a list that ``skatscan digitize`` read (its JSON names the photo:
    ``photo.file``, as given to digitize or beside the JSON; ``ScoreList.photo``), as ``scan`` shows them
    (:func:`skatscan.photos.report_picture`); (None, {}) when the photo is not there or cannot be read."""
    from digitize.image import ImageError, load_image
    from digitize.pipeline import reduced

    from .photos import report_picture
    if not result.sl.photo:
        return None, {}
    file = Path(result.sl.photo)
    for path in (file, Path(name).parent / file.name):
        if path.is_file():
            try:
                image = load_image(path)
            except (ImageError, OSError):
                return None, {}
            return report_picture(reduced(image), image.shape[1], result, img_dir, unique)
    return None, {}


@click.command("audit", cls=OneLineCommand)
@click.argument("lists", nargs=-1, required=True, type=click.Path())
@click.option("--json", "as_json", is_flag=True, help="Print the skatscan.audit/1 document instead of the report.")
@click.option("-o", "--output", type=click.Path(), help="Write the audit JSON here (a file for one list, "
                                                       "a folder for several).")
@click.option("--corrected", type=click.Path(), help="Write the corrected list(s) here (file or folder).")
@click.option("--report", type=click.Path(file_okay=False), help="Write the review report (HTML) into this folder.")
@click.option("-v", "--verbose", is_flag=True, help="Show every info finding (an overbid is shown without it too).")
@lang_option
@settings_options
def command(lists, as_json, output, corrected, report, verbose, lang, games, loss_money):
    """Audit typed (JSON, CSV) or digitized lists: every rule, the lowest-score correction
    (SkWO 7.2.5) and the Seeger-Fabian result.

    Exit status: 0 no error found, 1 errors found, 2 bad input, 130 stopped by Ctrl-C, 143 stopped by SIGTERM
    (kill PID; timeout --preserve-status).
    """
    # a scan's results folder: audited by the settings scan read it with, unless they are given again (as standings)
    settings = settings_of_scan(make_settings(games, loss_money), lists)
    files = expand(lists)
    if not files:
        bad_input_line(" ".join(lists), "no list files (.json, .csv) found")
        raise SystemExit(EXIT_BAD_INPUT)
    plan = OutputPlan(output, len(files), AUDIT_SUFFIX, inputs=files)
    fixed = OutputPlan(corrected, len(files), CORRECTED_SUFFIX, inputs=files)
    if plan.target is not None and fixed.target is not None and plan.folder is None and fixed.folder is None \
            and is_same_file(plan.target, fixed.target):
        raise BadInput("-o and --corrected name the same file: one would overwrite the other", str(fixed.target))
    for option, target in (("-o", plan), ("--corrected", fixed)):
        if target.target is not None and target.folder is None and target.target.suffix.lower() == ".csv":
            # JSON in a file named .csv would open as garbage in a spreadsheet (and a corrected list's settled
            # figures have no place in the CSV layout)
            raise BadInput(f"{option} writes a JSON document (skatscan.{'audit' if option == '-o' else 'list'}/1): "
                           "name the file .json", str(target.target))
    if report:
        report_parent_exists(Path(report))
        from desk.html import sweep_report     # jinja2 only for a report
        # what a run killed outright left half-written in the report's folders (-o's files too, -o bericht)
        names, endings = zip(plan.written_into(Path(report)), fixed.written_into(Path(report)))
        sweep_report(Path(report), (sum(names, ()), sum(endings, ())))
    bad = errors = 0
    docs = []
    views = []
    names = OutputPlan(None, 0, "")
    for i, name in enumerate(files):
        try:
            sl = load_list(name)
        except BadListFile as exc:
            bad_input_line(exc.path, exc.problem)
            bad += 1
            continue
        try:
            passed: list = []
            sl = apply(sl, decisions_for(Path(name), sl.photo, passed=passed))
            for file, why in passed:        # a file that names another photo (a list photographed again)
                click.echo(f"skatscan: {file}: {why}", err=True)
        except SettleError as exc:
            bad_input_line(name, str(exc))
            bad += 1
            continue
        result = audit(sl, settings)
        errors += bool(result.errors)
        if report:
            unique = names.unique(name)
            photo, pictures = _report_photo(name, result, Path(report) / "img", unique) if sl.readings else (None, {})
            view = list_view(result, unique, lang, photo=photo, pictures=pictures)
            if sl.damaged:              # as scan's report says it (photo.damaged of a digitized list)
                from .photos import damaged_note
                view.notes.append(damaged_note(sl.damaged, lang))
                view.damaged = True
            views.append(write_page_or_fail(Path(report), view, lang))
        doc = audit_to_json(result, settings, lang)
        if output:
            plan.write(name, dumps(doc))
        if corrected:
            fixed.write(name, dumps(list_to_json(result.corrected.sl)))
        if as_json and not output:
            docs.append(doc)
        elif not as_json:
            if i:
                click.echo()
            click.echo(render_text(result, lang, verbose))
    if report:
        write_report_or_fail(Path(report), views, lang, pages=False)
    if docs:
        click.echo(json.dumps(docs[0] if len(docs) == 1 and len(files) == 1 else docs,
                              ensure_ascii=False, indent=2))
    if bad:
        raise SystemExit(EXIT_BAD_INPUT)
    raise SystemExit(EXIT_FINDINGS if errors else EXIT_CLEAN)
