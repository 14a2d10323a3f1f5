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

The report's id is made once, at random, and kept with the place it was made for in ``results/report.id``: a report
folder moved keeps it (its old place has no report of that id any more), one copied gets a new one at its first scan
(the original still has it), so the copy's pages are told from the original's.
"""
from __future__ import annotations

import json
import re
import uuid
from pathlib import Path
from typing import Optional

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


def other_report(ident: Optional[dict], report: str, photo: str, verb: str = "applied") -> str:
    """Why a file of identity ``ident`` (that names the photo) does not count where the browser saves for the report of
    id ``report`` (the downloads folder, beside the photo): "" when it names no report, or this one."""
    if ident is None or not report or ident.get("report", report) == report:
        return ""
    return (f"not {verb}: saved from another report's page (the same photo, {photo}, scanned into another report "
            f"folder too); this report's page saves its own")


def report_id(report: Path) -> str:
    """The id of the report folder ``report``, made at its first scan and kept in ``results/report.id`` with the
    place it was made for: moved, the report keeps it; copied, the copy gets a new one (the original keeps its own).
    A report that cannot be written to gets one for this run."""
    kept, here = _kept(report), resolved(report)
    if kept and kept[1] == here:
        return kept[0]
    if kept and (_kept(Path(kept[1])) or ("",))[0] != kept[0]:
        rid = kept[0]                   # moved: the place it was made for has no report of its id (any more)
    else:
        rid = uuid.uuid4().hex          # new, or a copy of a report that is still at its place
    try:
        (report / "results").mkdir(parents=True, exist_ok=True)
        write_atomic(report / "results" / ID_FILE, json.dumps({"id": rid, "place": here}) + "\n")
    except OSError:
        pass
    return rid


def kept_id(report: Path) -> str:
    """The id the report folder ``report`` keeps ("" when it keeps none), made by no one (``audit`` and ``standings``
    of its results only read)."""
    return (_kept(report) or ("",))[0]


def _kept(report: Path) -> Optional[tuple[str, str]]:
    """(id, place) kept in the report folder ``report``, None when it keeps none (or it cannot be read)."""
    try:
        doc = json.loads((report / "results" / ID_FILE).read_text(encoding="utf-8"))
        rid, place = doc["id"], doc["place"]
    except (OSError, ValueError, TypeError, KeyError):
        return None
    return (rid, place) if isinstance(rid, str) and _REPORT.match(rid) and isinstance(place, str) else None
