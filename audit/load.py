"""Open a list file of any supported kind, with one clear problem per bad file."""
from __future__ import annotations

import os
from pathlib import Path

from .files import UnreadableText, read_text
from .listcsv import read_csv_text
from .listjson import MAX_BYTES, ListError, read_json_text
from .model import ScoreList

SUFFIXES = (".json", ".csv", ".txt")


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
