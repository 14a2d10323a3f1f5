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
written by hand go without it) says which list the file decides: the list's name in the report and the SHA-256 of
the photo it was read from, as the report's manifest has it (:func:`desk.batch.fingerprint`). Phone photos are all
named ``IMG_0001.jpg`` ...: a file left in the browser's downloads folder from another tournament has the name of a
list of this one, but not its photo's hash. ``scan --settle-from DIR`` takes a file from DIR only when its ``list``
names the photo of the list (:mod:`desk.settle_from`); in the report's ``settle`` folder and beside the photo a file
counts by its name, with or without ``list``, as before.
"""
from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Optional

from audit.files import resolved
from audit.listjson import ListError, list_from_json, list_to_json
from audit.model import ScoreList, Settlement

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


def decisions_for(list_file: Path, photo: Optional[str] = None) -> dict[str, Settlement]:
    """The referee's decisions on the list in ``list_file``: beside the photo it was read from (``photo``; by the
    photo's name, and by the name the report gives the list, which its form saves), beside the list file, and, for a
    list a scan keeps in its report's ``results`` folder, in that report's ``settle`` folder (where ``scan`` looks
    too; later ones win), each place's file the newest of the browser's downloads of it (:func:`newest`). ``audit``
    and ``standings`` of a scan's results so count what the report counts."""
    found: dict[str, Settlement] = {}
    list_file = Path(resolved(list_file))       # "s1-t1.list.json" given in the results folder: its parent is "."
    in_results = list_file.parent.name == RESULTS and list_file.name.endswith(LIST_SUFFIX)
    name = list_file.name[:-len(LIST_SUFFIX)] if in_results else None
    if in_results:
        # the photo as the report's manifest has it (resolved where the scan ran): a photo named relative to that
        # folder is not the one of that name where audit or standings runs (another round's fotos/t1.jpg)
        from .batch import photo_in_manifest
        where = photo_in_manifest(list_file.parent, name)
        if where and Path(where).is_file():
            photo = where
    own = settle_path(Path(photo)) if photo else None
    if own is not None and in_results:
        # the photo's own file is another list's by its report name ("Tisch_3.jpg" beside "Tisch 3.jpg", whose report
        # name is "Tisch_3"): which list it decides is not sure, so neither takes it (the report's settle folder does)
        from .batch import report_name_of_file
        if report_name_of_file(list_file.parent, own.parent, own.name, name) is not None:
            own = None
    if own is not None:
        found.update(read_settlements(newest(own)))
    found.update(read_settlements(newest(settle_path(list_file))))
    if in_results:
        beside = _beside_by_report_name(Path(photo), name) if photo else None
        if beside is not None:
            found.update(read_settlements(newest(beside)))
        found.update(read_settlements(newest(list_file.parent.parent / DECISIONS / f"{name}{SUFFIX}")))
    return found


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
    """The decisions in ``path`` (an empty dict if there is no such file)."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise SettleError(f"{path}: cannot read the referee's decisions ({exc})") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT or not isinstance(doc.get("cells"), dict):
        raise SettleError(f'{path}: not a skatscan.settle/1 file ("format" and "cells" expected)')
    _identity(doc, path)
    out = {}
    for ref, d in doc["cells"].items():
        if not _REF.match(ref):
            raise SettleError(f"{path}: $.cells: unknown cell {ref!r}")
        if not isinstance(d, dict) or "value" not in d:
            raise SettleError(f"{path}: $.cells.{ref}: needs a value")
        value = d["value"]
        if not (value is None or isinstance(value, (bool, int, float))):
            raise SettleError(f"{path}: $.cells.{ref}.value: expected a number, true/false or null")
        reading = d.get("reading", False)
        if not isinstance(reading, bool):
            raise SettleError(f"{path}: $.cells.{ref}.reading: expected true or false")
        out[ref] = Settlement(value, str(d.get("rule", REFEREE)), str(d.get("note", "")), reading=reading)
    return out


def identity_of(path: Path) -> Optional[dict]:
    """The list the settle file ``path`` says it decides (its ``list``: ``{"name": ..., "sha256": ...}``), None for a
    file that says none (written before the report's form wrote it, or by hand). Raises :class:`SettleError` for a
    file that is not a settle file or cannot be read (a missing one too)."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise SettleError(f"{path}: cannot read the referee's decisions ({exc})") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT or not isinstance(doc.get("cells"), dict):
        raise SettleError(f'{path}: not a skatscan.settle/1 file ("format" and "cells" expected)')
    return _identity(doc, path)


_SHA256 = re.compile(r"^[0-9a-f]{64}$")


def _identity(doc: dict, path: Path) -> Optional[dict]:
    """The settle document's ``list`` (checked), or None when it has none."""
    if "list" not in doc:
        return None
    ident = doc["list"]
    if not isinstance(ident, dict) or not isinstance(ident.get("sha256"), str) or not _SHA256.match(ident["sha256"]) \
            or not isinstance(ident.get("name", ""), str):
        raise SettleError(f'{path}: $.list: expected {{"name": the list\'s name, "sha256": its photo\'s SHA-256 in '
                          f'64 hex digits}}')
    return ident


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


