"""Which list a settle file decides: the photo it names by its hash, and the report whose page saved it.

The report's form saves ``"list": {"name": "IMG_0001", "sha256": ..., "report": ...}`` into ``NAME.settle.json``:
the list's name in the report, the SHA-256 of its photo as the report's manifest has it
(:func:`desk.batch.fingerprint`) and the report's id (:func:`report_id`). The rule, wherever the file lies (beside the
photo, in the report's ``settle`` folder, in a ``--settle-from`` folder):

* A file that names a photo counts only for the list read from that photo, whatever the file's name: not for a list
  of its name read from another photo (another tournament's ``IMG_0001``, a list photographed again and saved under
  the same name), and for the list of its photo under another name (the photo renamed, ``IMG_0001.jpg`` to
  ``s1-t39.jpg``: :mod:`desk.settle_from` copies it into the report under the list's new name).
* A file that names a report counts where the browser saves (a ``--settle-from`` folder, and beside the photo, which
  may lie in the downloads folder) only for that report: the same photo scanned into a series report and a day report
  has a page in each, and one's decisions would replace the other's whole. In the report's own ``settle`` folder the
  report is not asked (a copied report gets a new id while its settle folder holds the files saved from the
  original's pages).
* A file that names no photo (saved from a report written before, or by hand) counts by its name, as before.

The report's id is made from its place (the folder's resolved path and the machine: its network card's address) and
kept in ``results/report.id`` with that place (:func:`report_id`). A report folder made again where one was (deleted
and scanned anew) gets the same id, so the files its pages saved into the downloads folder, maybe the only copy of the
decisions, still count. A report folder found at another place than its id was made for (copied, moved; whether or
not the original's place exists here: another machine, a stick not plugged in) gets the id of its new place and keeps
the one it had as one it descends from, with the time: a file of that id saved until then (from the copied pages,
before the copy's first scan wrote its own) counts, one saved later is the original's (:class:`Lineage`). So two
report folders there at the same time have two ids. The limit: a copy at the same path on a machine that cannot be
told apart (no network card's address to tell by; the same card's address) shares the id while both live there; the
photo's hash still guards another photo, and a file the referee puts into the report's ``settle`` folder counts
whatever report it names. A report written before keeps the random id it had, at its place.
"""
from __future__ import annotations

import functools
import hashlib
import json
import re
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Optional, Union

from audit.files import resolved, write_atomic

#: The file in a report's ``results`` folder that keeps its id (not a ``.json``: ``standings`` of the folder would
#: take it for a list).
ID_FILE = "report.id"
_SHA256 = re.compile(r"^[0-9a-f]{64}$")
_REPORT = re.compile(r"^[0-9a-f]{32}$")


def checked_identity(doc: dict) -> Optional[dict]:
    """The settle document's ``list`` (checked), None when it has none. Raises ValueError (the problem) for one that
    is not ``{"name": ..., "sha256": 64 hex digits, "report": 32 hex digits (optional)}``."""
    if "list" not in doc:
        return None
    ident = doc["list"]
    if not isinstance(ident, dict) or not isinstance(ident.get("sha256"), str) or not _SHA256.match(ident["sha256"]) \
            or not isinstance(ident.get("name", ""), str) \
            or "report" in ident and not (isinstance(ident["report"], str) and _REPORT.match(ident["report"])):
        raise ValueError('$.list: expected {"name": the list\'s name, "sha256": its photo\'s SHA-256 in 64 hex digits, '
                         '"report": the report\'s id (optional)}')
    return ident


def other_photo(ident: Optional[dict], sha256: Optional[str], photo: str, verb: str = "applied",
                ours: Optional[dict] = None) -> str:
    """Why a file of identity ``ident`` does not count for the list read from ``photo`` (whose hash is ``sha256``,
    None when unknown: not asked): "" when it names no photo or this one. ``ours``: the places of the report's photos
    by their hashes (a file of one of them is not guessed another tournament's: photos renamed, names swapped)."""
    if ident is None or not sha256 or ident["sha256"] == sha256:
        return ""
    if ours and ident["sha256"] in ours:
        return (f"not {verb}: it was saved for {ours[ident['sha256']]} of this report (then named "
                f"{ident.get('name') or '?'}), not for {photo}")
    return (f"not {verb}: it was saved for another photo named {ident.get('name') or '?'} (another tournament's, or "
            f"a photo taken again?), not for {photo} of this report")


@dataclass(frozen=True)
class Lineage:
    """A report's id and the ids it descends from (a copy's, a moved report's), each with the time until which its
    pages saved it: a file of such an id counts when it was saved by then (from the copied pages, before the copy's
    first scan gave it its own id); one saved later is the other report's, whose pages still save that id."""
    id: str
    before: tuple[tuple[str, float], ...] = ()

    def accepts(self, rid: str, saved: Optional[float]) -> bool:
        return rid == self.id or saved is not None and any(rid == a and int(saved) <= u for a, u in self.before)


def other_report(ident: Optional[dict], report: Union[str, Lineage, None], photo: str, verb: str = "applied",
                 file: Optional[Path] = None, settle: Optional[Path] = None) -> str:
    """Why a file of identity ``ident`` (that names the photo) does not count where the browser saves for the report
    ``report`` (its id, or its :class:`Lineage`; the downloads folder, beside the photo): "" when it names no report,
    or this one (or one this report descends from, and ``file`` was saved before it got its own id). ``settle``: the
    report's settle folder, where such a file counts if the referee puts it there."""
    lineage = Lineage(report) if isinstance(report, str) else report
    if ident is None or not lineage or not lineage.id or "report" not in ident:
        return ""
    try:
        saved = file.stat().st_mtime if file is not None else None
    except OSError:
        saved = None
    if lineage.accepts(ident["report"], saved):
        return ""
    return (f"not {verb}: saved from another report's page (the same photo, {photo}, scanned into another report "
            f"folder too); this report's page saves its own" + (f"; if it is this report's, put it into {settle}"
                                                                  if settle is not None else ""))


def report_id(report: Path) -> str:
    """The id of the report folder ``report``, made at its first scan and kept in ``results/report.id`` with the
    place it was made for. It is made from the place (and the machine): a report folder made again where one was
    (deleted, a rescan) gets the same id, and the pages it had save files it takes. A report folder at another place
    than its id was made for (copied, moved; the original's place existing or not, on this machine or another) gets
    the id of its new place and keeps the one it had as one it descends from, accepted for files saved until now
    (:class:`Lineage`). Two report folders that are there at the same time have two places, so two ids. A report
    that cannot be written to gets its place's id for this run."""
    kept, here = _kept(report), resolved(report)
    if kept and kept["place"] == here and kept.get("machine", _machine()) == _machine():
        return kept["id"]
    rid = _place_id(here)
    before = [b for b in (kept or {}).get("before", []) if b[0] != rid]
    if kept and kept["id"] != rid:
        before = [b for b in before if b[0] != kept["id"]] + [[kept["id"], int(time.time())]]
    try:
        (report / "results").mkdir(parents=True, exist_ok=True)
        write_atomic(report / "results" / ID_FILE, json.dumps({"id": rid, "place": here, "machine": _machine(),
                                                               "before": before[-_BEFORE:]}) + "\n")
    except OSError:
        pass
    return rid


def report_lineage(report: Path) -> Lineage:
    """The id the report folder ``report`` keeps and the ids it descends from (an empty id when it keeps none), made
    by no one (``audit`` and ``standings`` of its results only read)."""
    kept = _kept(report) or {"id": ""}
    return Lineage(kept["id"], tuple((b[0], b[1]) for b in kept.get("before", [])))


#: How many ids a report keeps that it descends from (copied and moved that often).
_BEFORE = 16


def _place_id(place: str) -> str:
    """The id of a report made at ``place`` on this machine."""
    return hashlib.sha256(f"skatscan report|{_machine()}|{place}".encode("utf-8", "surrogatepass")).hexdigest()[:32]


@functools.lru_cache(maxsize=1)
def _machine() -> str:
    """This machine, as far as it can be told (its network card's address; "" when there is none to tell by: the
    address Python makes up then is another at each run)."""
    node = uuid.getnode()
    return "" if node >> 40 & 1 else f"{node:012x}"


def _kept(report: Path) -> Optional[dict]:
    """What the report folder ``report`` keeps in its id file (id, place, machine, the ids it descends from), None when
    it keeps none (or it cannot be read)."""
    try:
        doc = json.loads((report / "results" / ID_FILE).read_text(encoding="utf-8"))
        rid, place = doc["id"], doc["place"]
        before = doc.get("before", [])
        if not (isinstance(rid, str) and _REPORT.match(rid) and isinstance(place, str) and isinstance(before, list)):
            return None
        before = [[b[0], int(b[1])] for b in before if isinstance(b, list) and len(b) == 2
                  and isinstance(b[0], str) and _REPORT.match(b[0]) and isinstance(b[1], (int, float))]
        machine = doc.get("machine")
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return None
    return {"id": rid, "place": place, "before": before, **({"machine": machine} if isinstance(machine, str) else {})}
