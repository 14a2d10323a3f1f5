"""Where a command's outputs go: one file for one input, one file per input in a folder.

File names inside an output folder come from the input's base name only (sanitised), so a
hostile input name can never write outside the folder.
"""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Iterable

from audit.files import resolved, write_atomic

from .cli import BadInput

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def safe_stem(name: str) -> str:
    """A file-name stem that is safe in any folder: ``../x y.json`` -> ``x_y``; a photo's suffix goes whatever the
    format (``IMG_0001.HEIC`` -> ``IMG_0001``, as ``t1.jpg`` -> ``t1``)."""
    from desk.batch import PHOTO_SUFFIXES
    stem = Path(name).name
    for suffix in (".json", ".csv", ".txt", *PHOTO_SUFFIXES):
        if stem.lower().endswith(suffix):
            stem = stem[: -len(suffix)]
            break
    stem = _UNSAFE.sub("_", stem).strip("._") or "list"
    return stem[:80]


class OutputPlan:
    """Decides the output path of each input for ``-o TARGET``.

    With one input, TARGET is a file unless it is an existing folder; with several inputs it
    must be a folder (created if missing). ``inputs``: the command's input files, which are never
    written to: a TARGET that is one of them is bad input before anything is read, and so is an output
    path in a folder that turns out to be one (:meth:`write`).
    """

    def __init__(self, target: str | None, n_inputs: int, suffix: str, inputs: Iterable[str] = ()):
        self.target = Path(target) if target else None
        self.suffix = suffix
        self.used: set[str] = set()
        self.folder = None
        self.inputs = [Path(i) for i in inputs]
        if self.target is None:
            return
        if n_inputs > 1 or self.target.is_dir() or str(target).endswith(("/", "\\")):
            if not self.target.exists() and self.target.suffix.lower() in (".json", ".csv", ".html", ".txt"):
                # "-o one.json" for several inputs would make a folder named like a file
                raise BadInput(f"{n_inputs} inputs need an output folder, not a file name", str(self.target))
            self.folder = self.target
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise BadInput(f"cannot create the output folder ({exc.strerror or exc})", str(self.folder))
        elif not self.target.parent.exists():
            raise BadInput("the folder for this output does not exist", str(self.target))
        elif not self.target.parent.is_dir():
            raise BadInput("is a file, not a folder for the output", str(self.target.parent))
        else:
            not_an_input(self.target, self.inputs)
            from desk.batch import PHOTO_SUFFIXES
            if suffix.endswith(".json") and self.target.suffix.lower() in PHOTO_SUFFIXES:
                # "-o t2.jpg" for t2.json (the tab key) would replace the photo t2.jpg, no input, with JSON
                raise BadInput("is named as a photo; the output is JSON: name it .json", str(self.target))

    def unique(self, source: str) -> str:
        """A file name from ``source`` that no earlier input of this run has taken, also in another case (Windows and
        macOS do not tell ``T1.json`` from ``t1.json``)."""
        stem = safe_stem(source)
        name = stem + self.suffix
        k = 2
        taken = {u.casefold() for u in self.used}
        while name.casefold() in taken:
            name = f"{stem}-{k}{self.suffix}"
            k += 1
        self.used.add(name)
        return name

    def written_into(self, folder: Path) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """What this plan writes into ``folder``: the names of its files there and the ending of their names (its
        suffix, for an output folder), for the sweep of the temporary files a killed run left there
        (:func:`desk.html.sweep_report`)."""
        if self.folder is not None and resolved(self.folder) == resolved(folder):
            return (), (self.suffix,)
        if self.target is not None and self.folder is None and resolved(self.target.parent) == resolved(folder):
            return (self.target.name,), ()
        return (), ()

    def path_for(self, source: str) -> Path | None:
        if self.target is None:
            return None
        if self.folder is None:
            return self.target
        return self.folder / self.unique(source)

    def write_bytes(self, source: str, data: bytes) -> Path | None:
        return self.write(source, data)

    def write(self, source: str, text: str | bytes) -> Path | None:
        """Write the output of the input ``source`` (never onto ``source`` or another input: bad input)."""
        path = self.path_for(source)
        if path is None:
            return None
        not_an_input(path, [*self.inputs, Path(source)])
        try:
            write_atomic(path, text)
        except OSError as exc:
            raise BadInput(f"cannot write it ({exc.strerror or exc})", str(path))
        return path


def not_an_input(path: Path, inputs: Iterable[Path]) -> None:
    """Refuse the output ``path`` (bad input) when it is one of ``inputs``, by name or as the same file."""
    if any(is_same_file(path, Path(i)) for i in inputs):
        raise BadInput("is also an input; an input file is never written to", str(path))


def is_same_file(a: Path, b: Path) -> bool:
    """Whether the paths ``a`` and ``b`` name the same file: the same path once resolved, or (both existing) the same
    file by device and inode (a hard link, a link to it)."""
    try:
        if a.resolve() == b.resolve():
            return True
        return a.exists() and b.exists() and os.path.samefile(a, b)
    except OSError:
        return False


def write_report_or_fail(folder: Path, views, lang: str, standings_html=None, pages: bool = True,
                         standings_problem=None, notes=()) -> Path:
    """Write the HTML review report (``pages=False``: its index and standings, the lists' pages written already by
    :func:`write_page_or_fail`); an unwritable folder is bad input (one line, exit 2)."""
    from desk.html import write_report
    try:
        return write_report(folder, views, lang, standings_html, pages=pages, standings_problem=standings_problem,
                            notes=notes)
    except OSError as exc:
        raise BadInput(f"cannot write the report ({exc.strerror or exc})", str(folder))


def write_page_or_fail(folder: Path, view, lang: str):
    """Write one list's page of the review report now and return the view to keep for the index
    (:meth:`desk.pages.ListView.for_index`): a batch of hundreds of lists does not hold every page's rows and cell
    pictures until the end. An unwritable folder is bad input (one line, exit 2)."""
    from desk.html import write_list_page
    try:
        write_list_page(folder, view, lang)
    except OSError as exc:
        raise BadInput(f"cannot write the report ({exc.strerror or exc})", str(folder))
    return view.for_index()


def report_parent_exists(report: Path) -> None:
    """Refuse (bad input, before anything is read or written) a report folder (``scan --report``, ``audit
    --report``) that does not exist and whose parent folder does not either, or is a file. The report folder itself
    is made, but not the folders above it: a mistyped path (``/media/stik/bericht`` for ``/media/stick/bericht``)
    made a tree of folders where nobody would look for the report, while ``-o`` of ``audit`` and ``digitize``
    refuses an output in a folder that does not exist."""
    if report.exists():
        return
    parent = report.parent
    if not parent.exists():
        raise BadInput(f"the folder to make the report in ({parent}) does not exist; nothing was read or written",
                       str(report))
    if not parent.is_dir():
        raise BadInput(f"cannot create the folder ({parent} is a file, not a folder); nothing was read or written",
                       str(report))
