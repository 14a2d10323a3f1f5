"""A referee's decisions on a list, kept in a small file beside it (``NAME.settle.json``).

Two kinds of decision (SkWO 7.3.2: doubts are decided by the management or its referees):

* a reading (``"reading": true``): what the paper says in a cell the reader was in doubt about ("this cell says
  36"). The doubt is lifted and the figure is audited as written: a keeper's mistake there stays an error on paper
  and is corrected by the lowest-score rule. The review report's form writes these.
* a figure fixed (no ``reading``): confirmed by all players or decided by the management (SkWO 7.2.5: "Liegt die
  Bestätigung aller Mitspieler vor, dürfen Spiele und Ergebnisse nachträglich ... geändert werden"); the auditor
  accepts exactly that figure in the cell.

Applying the file replaces the cell's value in the list, records the decision under ``settled`` and keeps what
the reader saw under ``readings`` (with the doubt lifted), so the list is audited again with the decision and the
original reading stays visible::

    {"format": "skatscan.settle/1",
     "list": {"name": "IMG_0001", "sha256": "9f86d0...0f00a08"},
     "cells": {"g5.plus": {"value": 36, "reading": true, "note": "Ziffer 3, nicht 8"},
               "g12.p2.total": {"value": 215, "rule": "SkWO 7.2.5", "note": "bestätigt von allen"}}}

``list`` (optional; the report's form writes it since the downloads folder may be read, older files and files
written by hand go without it) says which list the file decides: the list's name in the report, the SHA-256 of the
photo it was read from, as the report's manifest has it (:func:`desk.batch.fingerprint`), and the report's id. Phone
photos are all named ``IMG_0001.jpg`` ...: a file left in the browser's downloads folder from another tournament, or
saved for a list photographed again under the same name, has the name of a list, but not its photo's hash. A file that
names a photo counts only for the list read from it, wherever it lies (:mod:`desk.settle_identity`):
:func:`decisions_for` passes over a file of a list's name beside the photo or in the report's ``settle`` folder that
names another photo, and ``scan`` takes the files of a photo renamed since into the ``settle`` folder under its new
name, and those in the downloads folder (:mod:`desk.settle_from`). A file without ``list`` counts by its name beside
the photo and in the ``settle`` folder, as before.
"""
from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Optional

from audit.files import resolved
from audit.listjson import ListError, list_from_json, list_to_json
from audit.model import START_NUMBER, ScoreList, Settlement

from .settle_identity import checked_identity, other_photo, other_report, report_lineage

FORMAT = "skatscan.settle/1"
SUFFIX = ".settle.json"
REFEREE = "Schiedsrichter (SkWO 7.3.2)"
_REF = re.compile(r"^(g\d{1,3}\.(?:p[1-4]\.)?[a-z_]+|footer\.[a-z_]+\.[1-4]|footer\.money_total|signature\.[1-4]"
                  r"|table\.(?:series|table|start_number\.[1-4]))$")


class SettleError(ValueError):
    pass


def settleable(ref: str) -> bool:
    """Whether a settle file can decide the cell ``ref`` (a cell reference its ``cells`` may name)."""
    return bool(_REF.match(ref))


def settle_path(list_or_photo: Path) -> Path:
    """Where the decisions on the list from ``list_or_photo`` are kept."""
    name = list_or_photo.name
    for suffix in (".json", ".csv", ".jpg", ".jpeg", ".png"):
        if name.lower().endswith(suffix):
            name = name[: -len(suffix)]
            break
    return list_or_photo.with_name(name + SUFFIX)


#: Where ``skatscan scan --report`` keeps a list it read (``results/NAME.list.json``) and the decisions the report's
#: form saves for it (``settle/NAME.settle.json``, beside ``results``).
RESULTS, DECISIONS, LIST_SUFFIX = "results", "settle", ".list.json"


#: A browser's later download of a decisions file: Chrome and Edge name it "NAME.settle (1).json", Firefox
#: "NAME.settle(1).json", Safari "NAME.settle 2.json" or "NAME.settle-2.json".
_COPY = re.compile(r"^(?P<name>.+)\.settle(?: ?\((?P<paren>\d{1,4})\)|[ -](?P<plain>\d{1,4}))\.json$")


def copy_of(file_name: str) -> Optional[tuple[str, int]]:
    """For a browser's later download of ``NAME.settle.json`` (``NAME.settle (2).json``), NAME and the copy's number;
    None for any other name."""
    m = _COPY.match(file_name)
    return (m["name"], int(m["paren"] or m["plain"])) if m else None


def saved_as(file_name: str) -> Optional[tuple[str, int]]:
    """The list a settle file's name is for and the browser's copy number: (NAME, 0) for ``NAME.settle.json``, (NAME,
    2) for ``NAME.settle (2).json`` (:func:`copy_of`); None for any other name."""
    return (file_name[:-len(SUFFIX)], 0) if file_name.endswith(SUFFIX) else copy_of(file_name)


def saved_files(path: Path) -> list[tuple[int, Path]]:
    """``path`` (``NAME.settle.json``, when it is a file) and the browser's later downloads of it beside it
    (``NAME.settle (1).json``, ...), (the copy's number, 0 for ``path``; the file) each."""
    name = path.name[:-len(SUFFIX)]
    try:
        files = [(copy[1], q) for q in path.parent.iterdir()
                 if (copy := copy_of(q.name)) is not None and copy[0] == name and q.is_file()]
        return files + [(0, path)] * path.is_file()
    except OSError:
        return []


def saved_last(files: list[tuple[int, Path]]) -> tuple[int, Path]:
    """Of (number, file) pairs (:func:`saved_files`), the file saved last: by its time to the second, then the higher
    number (:func:`newest`)."""
    return max(files, key=lambda c: (int(c[1].stat().st_mtime), c[0]))


def newest(path: Path) -> Path:
    """Of ``NAME.settle.json`` and the browser's later downloads of it beside it (``NAME.settle (1).json``, ...), the
    one saved last (by the file's time, which moving it keeps; of two saved in the same second the higher number):
    each save of a list's form holds what its page held, the decisions taken before with the later ones (or without
    one the referee took back), so the newest counts, whole. Not the highest number alone: a file saved anew under
    the first name, after an earlier second download, is the newer. ``path`` itself when there are no copies
    (whether or not it exists)."""
    try:
        files = saved_files(path)
        return saved_last(files)[1] if files else path
    except OSError:
        return path


def decisions_for(list_file: Path, photo: Optional[str] = None, sha256: Optional[str] = None,
                  passed: Optional[list] = None) -> dict[str, Settlement]:
    """The referee's decisions on the list in ``list_file``: beside the photo it was read from (``photo``; by the
    photo's name, and by the name the report gives the list, which its form saves), beside the list file, and, for a
    list a scan keeps in its report's ``results`` folder, in that report's ``settle`` folder (where ``scan`` looks
    too; later ones win), each place's file the newest of the browser's downloads of it (:func:`decisions_in`).
    ``audit`` and ``standings`` of a scan's results so count what the report counts. A file that names another photo
    than the list's (``sha256``; the manifest's for a report's list, else the photo's when a file names one) is not
    applied: (file, why) goes to ``passed``."""
    list_file = Path(resolved(list_file))       # "s1-t1.list.json" given in the results folder: its parent is "."
    ours = None
    in_results = list_file.parent.name == RESULTS and list_file.name.endswith(LIST_SUFFIX)
    name = list_file.name[:-len(LIST_SUFFIX)] if in_results else None
    if in_results:
        # the photo as the report's manifest has it (resolved where the scan ran): a photo named relative to that
        # folder is not the one of that name where audit or standings runs (another round's fotos/t1.jpg)
        from .batch import manifest_photos, photo_in_manifest, sha256_in_manifest
        ours = manifest_photos(list_file.parent)
        where = photo_in_manifest(list_file.parent, name)
        if where and Path(where).is_file():
            photo = where
        sha256 = sha256 or sha256_in_manifest(list_file.parent, name)
    own = settle_path(Path(photo)) if photo else None
    if own is not None and in_results:
        # the photo's own file is another list's by its report name ("Tisch_3.settle.json" saved from "Tisch 3.jpg",
        # beside "Tisch_3.jpg", whose report name is "Tisch_3"): which list it decides is not sure, so neither takes
        # it (the report's settle folder does)
        from .batch import report_name_of_file
        if report_name_of_file(list_file.parent, own.parent, own.name, name) is not None:
            own = None
    # beside the photo (where the browser may have saved: photos AirDropped into the downloads folder) a file saved
    # from another report's page of the same photo is not this report's; in the report's own folders it is asked the
    # photo only
    check = PhotoCheck(photo, sha256, ours=ours if in_results else None)
    browsers = PhotoCheck(photo, sha256, report_lineage(list_file.parent.parent), ours,
                          list_file.parent.parent / DECISIONS) if in_results else check
    places = [(own, browsers), (settle_path(list_file), check)]
    if in_results:
        places += [(_beside_by_report_name(Path(photo), name) if photo else None, browsers),
                   (list_file.parent.parent / DECISIONS / f"{name}{SUFFIX}", check)]
    found: dict[str, Settlement] = {}
    seen = set()
    for place, asked in places:
        if place is not None and place not in seen:
            seen.add(place)
            found.update(decisions_in(place, asked, passed))
    return found


class PhotoCheck:
    """Whether a settle file's ``list`` names the photo ``photo`` (of hash ``sha256``; when it is not known, the photo
    is hashed the first time a file names one: ``audit`` of a list beside its photo) and, when it names a report and
    ``report`` is given, the report of that id (:mod:`desk.settle_identity`)."""

    def __init__(self, photo: Optional[str], sha256: Optional[str] = None, report=None,
                 ours: Optional[dict] = None, settle: Optional[Path] = None):
        self.photo, self.sha256, self.report, self.ours, self.settle = photo or "", sha256, report, ours, settle

    def why_not(self, ident: Optional[dict], verb: str = "applied", file: Optional[Path] = None) -> str:
        if ident is not None and self.sha256 is None:
            try:
                from .batch import fingerprint
                self.sha256 = fingerprint(Path(self.photo))["sha256"] if self.photo else ""
            except OSError:
                self.sha256 = ""        # no photo to tell by: counted by its name, as before
        return (other_photo(ident, self.sha256, self.photo, verb, self.ours)
                or other_report(ident, self.report, self.photo, verb, file, self.settle))


def decisions_in(path: Path, check: Optional[PhotoCheck] = None, passed: Optional[list] = None
                 ) -> dict[str, Settlement]:
    """The decisions in ``path`` (``NAME.settle.json``) or in the browser's later downloads of it beside it: the one
    saved last (:func:`newest`) of those that do not name another photo than ``check``'s; each that does is passed
    over, (file, why) into ``passed``. Empty when there is none."""
    files = saved_files(path)
    while files:
        try:
            last = saved_last(files)
        except OSError:                 # one gone since it was listed
            files = [f for f in files if f[1].is_file()]
            continue
        files.remove(last)
        try:
            doc = _document(last[1])
        except FileNotFoundError:
            continue                    # gone since it was listed
        why = check.why_not(_identity(doc, last[1]), file=last[1]) if check else ""
        if not why:
            return _settlements(doc, last[1])
        if passed is not None:
            passed.append((last[1], why))
    return {}


def _beside_by_report_name(photo: Path, name: str) -> Optional[Path]:
    """Beside ``photo``, the file the report's form saves for it (``NAME.settle.json``, named as the report names the
    list: "Tisch 3.jpg" is "Tisch_3"), which the referee is told to put beside the photo; not the file of another
    photo there whose own name that is (``Tisch_3.jpg``: then only the report's ``settle`` folder tells them apart)."""
    beside = photo.with_name(f"{name}{SUFFIX}")
    if beside == settle_path(photo):
        return None                     # the photo's own, read already
    try:
        others = any(q.name.startswith(f"{name}.") and q != photo and q != beside and settle_path(q) == beside
                     for q in photo.parent.iterdir())
    except OSError:
        return None
    return None if others else beside


def read_settlements(path: Path) -> dict[str, Settlement]:
    """The decisions in ``path`` (an empty dict if there is no such file), whatever photo it names."""
    try:
        doc = _document(path)
    except FileNotFoundError:
        return {}
    _identity(doc, path)
    return _settlements(doc, path)


def _document(path: Path) -> dict:
    """The settle document in ``path``, checked to be one (FileNotFoundError when there is no such file)."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise SettleError(f"{path}: cannot read the referee's decisions ({exc})") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT or not isinstance(doc.get("cells"), dict):
        raise SettleError(f'{path}: not a skatscan.settle/1 file ("format" and "cells" expected)')
    return doc


def _settlements(doc: dict, path: Path) -> dict[str, Settlement]:
    out = {}
    for ref, d in doc["cells"].items():
        if not _REF.match(ref):
            raise SettleError(f"{path}: $.cells: unknown cell {ref!r}")
        if not isinstance(d, dict) or "value" not in d:
            raise SettleError(f"{path}: $.cells.{ref}: needs a value")
        value = d["value"]
        if ref.startswith(START_NUMBER):
            value = _start_number(value, f"{path}: $.cells.{ref}.value")
        elif not (value is None or isinstance(value, (bool, int, float))):
            raise SettleError(f"{path}: $.cells.{ref}.value: expected a number, true/false or null")
        reading = d.get("reading", False)
        if not isinstance(reading, bool):
            raise SettleError(f"{path}: $.cells.{ref}.reading: expected true or false")
        out[ref] = Settlement(value, str(d.get("rule", REFEREE)), str(d.get("note", "")), reading=reading)
    return out


def _start_number(value, where: str) -> Optional[str]:
    """A settle file's value for a start number cell as the list holds it: text ("129", "0129", "A7": a start number
    is what the registration gave, which a number would not keep), a whole number as its digits (a settle file
    written before the report's form saved start numbers as text held 129), null for none. A number with a fraction
    or true/false is no start number: it became "129.0" or "True" in the list. Text (or digits) that is empty, longer
    than a list holds (40 characters) or over more than one line is refused, named here: the list took a longer one
    only to refuse it when the decision was applied, naming the list and not the settle file's cell."""
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str):
        raise SettleError(f"{where}: expected a start number as text (\"129\"), a whole number or null")
    text = value.strip()
    if not text or len(text) > 40 or "\n" in text or "\r" in text:
        raise SettleError(f"{where}: expected a start number as text (\"129\", up to 40 characters on one line), "
                          "a whole number or null")
    return text


def identity_of(path: Path) -> Optional[dict]:
    """The list the settle file ``path`` says it decides (its ``list``: ``{"name": ..., "sha256": ..., "report":
    ...}``, :mod:`desk.settle_identity`), None for a file that says none (written before the report's form wrote it,
    or by hand). Raises :class:`SettleError` for a file that is not a settle file or cannot be read (a missing one
    too)."""
    try:
        return _identity(_document(path), path)
    except FileNotFoundError as exc:
        raise SettleError(f"{path}: cannot read the referee's decisions ({exc})") from None


def _identity(doc: dict, path: Path) -> Optional[dict]:
    """The settle document's ``list`` (checked), or None when it has none."""
    try:
        return checked_identity(doc)
    except ValueError as exc:
        raise SettleError(f"{path}: {exc}") from None


def stray_decisions(folder: Path, names: set, photos: set) -> list[Path]:
    """The files in the report's settle folder that name no list of the report, neither by their name nor by the photo
    their ``list`` names (of ``photos``' hashes: a photo renamed since; hidden files aside; a browser's later download
    of a list's file, ``NAME.settle (1).json``, is that list's: :func:`newest`)."""
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


def apply(sl: ScoreList, decisions: dict[str, Settlement]) -> ScoreList:
    """The list with the referee's decisions written into its cells (a new list).

    The cell takes the decided value; ``settled`` records it (a figure fixed, the auditor accepts it; a
    reading, the auditor checks it as written); the reader's reading, if any, keeps what the reader saw but is no
    longer in doubt.
    """
    if not decisions:
        return sl
    for ref in decisions:
        problem = _outside(sl, ref)
        if problem:
            raise SettleError(f"{sl.source}: the decision for {ref} does not fit the list: {problem}")
    doc = list_to_json(sl)
    for ref, st in decisions.items():
        _set(doc, ref, st.value, sl.seats)
    try:
        out = list_from_json(doc, sl.source)
    except ListError as exc:
        raise SettleError(f"{sl.source}: a decision does not fit the list: {exc}") from None
    readings = dict(sl.readings)
    for ref in decisions:
        if ref in readings:
            readings[ref] = replace(readings[ref], doubtful=False, reason="")
    return replace(out, settled={**sl.settled, **decisions}, readings=readings)


def _outside(sl: ScoreList, ref: str) -> str:
    """What makes the cell ``ref`` not one of the list ``sl`` ("" when it is one): a game row past its last, a seat
    past its seats (a misnamed cell in a hand-written settle file made rows 49 to 98 and seven errors)."""
    game = re.match(r"^g(\d+)\.", ref)
    if game and not 1 <= int(game.group(1)) <= max(len(sl.games), 1):
        return f"it has {len(sl.games)} game rows"
    seat = re.search(r"\.p(\d)\." if game else r"\.(\d)$", ref)     # g3.p4.total; footer.score.4, signature.4
    if seat and not 1 <= int(seat.group(1)) <= sl.seats:
        return f"it has {sl.seats} seats"
    return ""


def _set(doc: dict, ref: str, value, seats: int) -> None:
    m = re.match(r"^g(\d+)\.(?:p(\d)\.)?(\w+)$", ref)
    if m:
        no, seat, field = int(m.group(1)), m.group(2), m.group(3)
        game = next((g for g in doc["games"] if g["no"] == no), None)
        if game is None:
            game = {"no": no, "players": [{"total": None, "won": None, "lost": None} for _ in range(seats)]}
            doc["games"].append(game)
            doc["games"].sort(key=lambda g: g["no"])
        if seat:
            game["players"][int(seat) - 1][field] = value
        else:
            game[field] = value
        return
    parts = ref.split(".")
    if parts[0] == "footer":
        if parts[1] == "money_total":
            doc["footer"]["money_total"] = value
        else:
            doc["footer"][parts[1]][int(parts[2]) - 1] = value
    elif parts[0] == "signature":
        sigs = doc.get("signatures") or [False] * seats
        sigs[int(parts[1]) - 1] = bool(value)
        doc["signatures"] = sigs
    elif parts[0] == "table":
        if parts[1] == "start_number":
            doc["table"]["start_numbers"][int(parts[2]) - 1] = None if value is None else str(value)
        else:
            doc["table"][parts[1]] = value


def settle_document(cells: dict[str, dict], note: Optional[str] = None, of: Optional[dict] = None) -> str:
    """The text of a settle file for ``cells`` ({ref: {"value": ..., "note": ...}}), ``of`` the list it decides
    (``{"name": ..., "sha256": ...}``, its ``list``) when given."""
    return json.dumps({"format": FORMAT, **({"list": of} if of else {}), "cells": cells,
                       **({"note": note} if note else {})}, ensure_ascii=False, indent=2) + "\n"


