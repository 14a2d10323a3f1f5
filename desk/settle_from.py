"""The referee's decisions taken from the folder the browser saves into (``scan --report bericht --settle-from DIR``).

The review report's form saves a list's decisions as ``NAME.settle.json`` into the browser's downloads folder (a
second save as ``NAME.settle (1).json``, ...). Moving the file into ``bericht/settle/`` was the slowest step of the
referee's loop; with ``--settle-from ~/Downloads`` the scan looks there itself:

* A file there counts only when its ``list`` (:mod:`desk.settle`) names the photo of the report's list NAME by the
  photo's SHA-256: phone photos are all named ``IMG_0001.jpg`` ..., so another tournament's file left in the folder
  may have a list's name, never its photo. A file with the list's name that names another photo, names none (saved
  from an older report's page, or written by hand: it goes into the report's settle folder, where its name counts) or
  cannot be read is passed over and said in one line, once while it stays unchanged (:func:`unsaid`).
* Of the list's files in DIR and in the report's settle folder the one saved last counts, whole, by the file's time
  as among the browser's copies (:func:`desk.settle.newest`; at the same second the settle folder's). One from DIR
  that is newer than the settle folder's is copied there as ``NAME.settle.json``, with its time: the report folder
  then holds what it was made from, and a later run without the option (or ``audit`` and ``standings`` of its
  results) counts the same decisions. The copy replaces an older ``NAME.settle.json`` there, which no longer counted.
* DIR is only read: nothing in it is written, moved or deleted. DIR given as the report's settle folder, or as the
  folder of a list's photo, adds nothing for the lists there: their files count by their names as before.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from audit.files import resolved, write_atomic

from .batch import remember
from .settle import SUFFIX, SettleError, copy_of, identity_of, saved_files, saved_last

#: A settle file is a few kilobytes; a larger file of that name in the downloads folder is not read.
MAX_BYTES = 1 << 20
#: The manifest key of a list's files passed over in the downloads folder that were said (:func:`unsaid`).
SAID_KEY = "settle_passed_over"


@dataclass(frozen=True)
class ListToSettle:
    name: str            # the list's name in the report (its settle file is NAME.settle.json)
    sha256: str          # the hash of its photo, as the report's manifest has it
    photo: str           # the photo, as given (for the lines said)


@dataclass(frozen=True)
class Note:
    """What was done with a file in the downloads folder: ``taken`` (copied to ``copy``) or passed over (``why``)."""
    name: str
    file: Path
    why: str = ""
    copy: Optional[Path] = None


def take_decisions(folders: list[Path], settle: Path, lists: list[ListToSettle]) -> list[Note]:
    """Copy into the report's ``settle`` folder each list's newest settle file in ``folders`` that names its photo,
    when it was saved after the settle folder's file of the list (if any); a note for each file taken, and for each
    file with a list's name passed over. Files in ``folders`` of no list of the report are not looked at. Raises
    OSError when the settle folder cannot be written."""
    notes = []
    held = [(folder, resolved(folder), _saved_in(folder)) for folder in folders if resolved(folder) != resolved(settle)]
    for it in lists:
        mine = []
        for folder, where, saved in held:
            if where == resolved(Path(it.photo).parent):
                continue                    # the photo's folder: its files count by their names (desk.settle)
            for number, file in saved.get(it.name, ()):
                why = _not_of(file, it, settle)
                if why:
                    notes.append(Note(it.name, file, why))
                else:
                    mine.append((number, file))
        try:
            if not mine:
                continue
            best = saved_last(mine)[1]
            here = saved_files(settle / f"{it.name}{SUFFIX}")
            if here and int(best.stat().st_mtime) <= int(saved_last(here)[1].stat().st_mtime):
                continue                    # the settle folder's is as new: it counts (copied before, or put there)
            data, st = best.read_bytes(), best.stat()
        except OSError:
            continue                        # gone while looked at: the next run takes it
        settle.mkdir(parents=True, exist_ok=True)
        copy = settle / f"{it.name}{SUFFIX}"
        write_atomic(copy, data)
        os.utime(copy, ns=(st.st_atime_ns, st.st_mtime_ns))
        notes.append(Note(it.name, best, copy=copy))
    return notes


def _saved_in(folder: Path) -> dict[str, list[tuple[int, Path]]]:
    """The settle files in ``folder`` by the name of their list: ``NAME.settle.json`` (number 0) and the browser's
    copies of it (:func:`desk.settle.copy_of`), (number, file) each. The folder is listed once: a downloads folder
    may hold thousands of files, and a report a hundred lists."""
    out: dict[str, list[tuple[int, Path]]] = {}
    try:
        for q in folder.iterdir():
            own = (q.name[:-len(SUFFIX)], 0) if q.name.endswith(SUFFIX) else copy_of(q.name)
            if own is not None and q.is_file():
                out.setdefault(own[0], []).append((own[1], q))
    except OSError:
        pass                                # gone or not readable since it was checked: nothing taken from it
    return out


def _not_of(file: Path, it: ListToSettle, settle: Path) -> str:
    """Why the settle file ``file`` (named for the list ``it``) is not taken: "" when it names the list's photo."""
    try:
        if file.stat().st_size > MAX_BYTES:
            return f"not taken: too large for the referee's decisions of {it.name} ({file.stat().st_size} bytes)"
        ident = identity_of(file)
    except OSError as exc:
        return f"not taken: cannot read it ({exc.strerror or exc})"
    except SettleError as exc:
        return f"not taken: {str(exc).removeprefix(f'{file}: ')}"
    if ident is None:
        return (f"not taken: it does not say which photo it was saved for (an older report's page, or written by "
                f"hand); if it decides {it.photo}, put it into {settle}")
    if ident["sha256"] != it.sha256:
        return (f"not taken: it was saved for another photo named {ident.get('name') or it.name} (another "
                f"tournament's?), not for {it.photo} of this report")
    return ""


def unsaid(results: Path, names: list[str], notes: list[Note]) -> list[Note]:
    """Of the notes, those to say: every file taken, and the files passed over that the report's earlier runs did not
    pass over as they are now (same place, size and time). The files passed over are kept in the manifest entries of
    the lists ``names`` (:func:`desk.batch.remember`): a rescan does not say them again, a file changed since (or
    taken away and put back) is said anew."""
    keyed: dict[str, list[tuple[str, Note]]] = {name: [] for name in names}
    for n in notes:
        if n.copy is None:
            try:
                st = n.file.stat()
                key = f"{resolved(n.file)}|{st.st_size}|{st.st_mtime_ns}"
            except OSError:
                key = resolved(n.file)
            keyed.setdefault(n.name, []).append((key, n))
    try:
        before = remember(results, SAID_KEY, {name: sorted(k for k, _ in kn) or None for name, kn in keyed.items()})
    except OSError:
        before = {}                         # not kept: said again next time
    return [n for n in notes if n.copy is not None] + [n for name, kn in keyed.items() for k, n in kn
                                                       if k not in (before.get(name) or [])]
