"""Open a list file of any supported kind, with one clear problem per bad file."""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Optional

from .files import UnreadableText, read_text
from .listcsv import read_csv_text
from .listjson import MAX_BYTES, ListError, read_json_text
from .model import FORMAT_AUDIT, ScoreList

SUFFIXES = (".json", ".csv", ".txt")
#: How skatscan ends the names of the audits it writes (``audit -o``, ``scan -o``) and of the corrected lists
#: (``audit --corrected``), after the list's own name without its suffix (``series1-table1.audit.json``).
AUDIT_SUFFIX, CORRECTED_SUFFIX = ".audit.json", ".corrected.json"


class BadListFile(ValueError):
    """``str(exc)`` is the one line to show: ``FILE: place: problem``."""

    def __init__(self, path, problem: str):
        super().__init__(f"{path}: {problem}")
        self.path = str(path)
        self.problem = problem


def load_list(path: str | os.PathLike) -> ScoreList:
    """Read a typed or digitized list (JSON ``skatscan.list/1`` or CSV); never writes anything."""
    p = Path(path)
    try:
        text = read_text(p, MAX_BYTES, "a list file")
    except UnreadableText as exc:
        raise BadListFile(p, str(exc)) from None
    try:
        if p.suffix.lower() == ".json" or text.lstrip().startswith(("{", "[")):
            return read_json_text(text, source=str(p))
        return read_csv_text(text, source=str(p))
    except ListError as exc:
        raise BadListFile(p, str(exc)) from None
    except RecursionError:
        raise BadListFile(p, "nested too deeply") from None


def document_format(path: str | os.PathLike) -> Optional[str]:
    """The ``format`` the JSON document in ``path`` names (``"skatscan.audit/1"``); None for a file that cannot be
    read, is no JSON object or names no format. Never raises: what is wrong with the file is for :func:`load_list` to
    say, when the file is read as a list after all."""
    try:
        doc = json.loads(read_text(path, MAX_BYTES, "a JSON document"))
    except (UnreadableText, ValueError, RecursionError):
        return None
    fmt = doc.get("format") if isinstance(doc, dict) else None
    return fmt if isinstance(fmt, str) else None


def own_audit(path: str | os.PathLike) -> bool:
    """Whether ``path`` is an audit skatscan wrote (``audit -o FOLDER``, ``scan -o``): named ``NAME.audit.json`` and
    of the format ``skatscan.audit/1``. A folder of lists is read without them, so that a referee can keep the audits
    beside the lists (``audit L -o L``): read as lists, they ended every later run on the folder ("an audit, not a
    list"). Both are asked, so that a list that happens to be named so is still read, and a file named on the command
    line is still refused as no list (:func:`load_list` is not asked this)."""
    return Path(path).name.lower().endswith(AUDIT_SUFFIX) and document_format(path) == FORMAT_AUDIT
