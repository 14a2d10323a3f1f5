"""Open a list file of any supported kind, with one clear problem per bad file."""
from __future__ import annotations

import os
from pathlib import Path

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
        if p.is_dir():
            raise BadListFile(p, "is a folder, not a list file")
        size = p.stat().st_size
        if size > MAX_BYTES:
            raise BadListFile(p, f"too large for a list ({size} bytes)")
        data = p.read_bytes()
    except FileNotFoundError:
        raise BadListFile(p, "no such file") from None
    except PermissionError:
        raise BadListFile(p, "not allowed to read it") from None
    except OSError as exc:
        raise BadListFile(p, f"cannot read it ({exc.strerror or exc})") from None
    if not data.strip():
        raise BadListFile(p, "the file is empty")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        try:
            text = data.decode("cp1252")   # spreadsheets on German Windows save CSV this way
        except UnicodeDecodeError:
            raise BadListFile(p, "not a text file (neither UTF-8 nor Windows-1252)") from None
        if "\x00" in text:
            raise BadListFile(p, "not a text file") from None
    try:
        if p.suffix.lower() == ".json" or text.lstrip().startswith(("{", "[")):
            return read_json_text(text, source=str(p))
        return read_csv_text(text, source=str(p))
    except ListError as exc:
        raise BadListFile(p, str(exc)) from None
    except RecursionError:
        raise BadListFile(p, "nested too deeply") from None
