"""The referee's decisions taken from the folder the browser saves into (``scan --report bericht --settle-from DIR``).

The review report's form saves a list's decisions as ``NAME.settle.json`` into the browser's downloads folder (a
second save as ``NAME.settle (1).json``, ...). Moving the file into ``bericht/settle/`` was the slowest step of the
referee's loop; with ``--settle-from ~/Downloads`` the scan looks there itself:

* A file there counts only for the list whose photo its ``list`` names by the photo's SHA-256, whatever its name
  (:mod:`desk.settle_identity`): phone photos are all named ``IMG_0001.jpg`` ..., so another tournament's file left in
  the folder may have a list's name, never its photo; and a photo renamed since its page saved the file
  (``IMG_0001.jpg`` to ``s1-t39.jpg``) keeps its decisions. A file that names a report counts only in that report
  (the same photo scanned into a series report and a day report: each page's file holds that report's decisions).
  A file with a list's name that names another photo, names none (saved from an older report's page, or written by
  hand: it goes into the report's settle folder, where its name counts), was saved from another report's page or
  cannot be read is passed over and said in one line, once while it stays unchanged (:func:`unsaid`); a file that
  names no list's photo and has no list's name is not this report's business and not said.
* Of the list's files in DIR and in the report's settle folder (there also those of the photo under an earlier
  name) the one saved last counts, whole, by the file's time as among the browser's copies
  (:func:`desk.settle.newest`; at the same second the settle folder's). One that is newer than the settle folder's
  ``NAME.settle.json`` is copied there under the list's name, with its time: the report folder then holds what it was
  made from, and a later run without the option (or ``audit`` and ``standings`` of its results) counts the same
  decisions. The copy replaces an older ``NAME.settle.json`` there, which no longer counted (or named another
  photo). One holding the same decisions as the settle folder's is not copied again (a FAT stick keeps a copy's
  time to 2 s, rounded down). The settle folder is looked through for a renamed photo's files also without
  ``--settle-from``. A folder given twice (or once through a link) is looked through once.
* DIR is only read: nothing in it is written, moved or deleted. DIR given as the report's settle folder, or as the
  folder of a list's photo, adds nothing for the lists there by their names: their files count by their names as
  before (:func:`desk.settle.decisions_for`, which passes over a file there that names another photo).
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Optional, Union

from audit.files import resolved, write_atomic

from .batch import remember
from .settle import SUFFIX, SettleError, identity_of, saved_as, saved_files, saved_last
from .settle_identity import Lineage, other_photo, other_report

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
    """What was done with a file in the downloads folder: ``taken`` (copied to ``copy``; ``renamed``: saved under
    another name of the same photo) or passed over (``why``)."""
    name: str
    file: Path
    why: str = ""
    copy: Optional[Path] = None
    renamed: bool = False


def take_decisions(folders: list[Path], settle: Path, lists: list[ListToSettle], report: Union[str, Lineage] = "",
                   known: Iterable[str] = (), ours: Optional[dict] = None) -> list[Note]:
    """Copy into the report's ``settle`` folder each list's newest settle file in ``folders`` that names its photo
    (and, when it names a report, the report ``report``: its id, or its :class:`desk.settle_identity.Lineage`),
    whatever the file's name (the photo renamed since its page saved it), and each file in the settle folder itself
    that names the photo under another name, when it was
    saved after the settle folder's file of the list (if any); a note for each file taken, and for each file passed
    over that has a list's name or names a list's photo. Of the files in ``folders`` only those named for a list or
    for a name the report gave before (``known``: its manifest's names, a renamed photo's among them) are read;
    the others, another report's, are passed over without a word. Raises OSError when the settle folder cannot be
    written. ``ours``: the places of the photos the report has had, by their hashes (for the lines said)."""
    notes: list[Note] = []
    by_hash, by_name, known = {it.sha256: it for it in lists}, {it.name: it for it in lists}, set(known)
    mine: dict[str, list[tuple[int, Path]]] = {it.name: [] for it in lists}
    # each folder once (given twice, or once through a link: its lines said once), the settle folder as its own
    places = [(folder, False) for folder in {resolved(f): f for f in folders if resolved(f) != resolved(settle)}
              .values()] + [(settle, True)]
    for folder, own in places:
        where = resolved(folder)
        for name, files in _saved_in(folder).items():
            named = by_name.get(name)
            if not own and named is None and name not in known:
                continue                    # no name of this report's: not read
            for number, file in files:
                if own and named is not None:
                    # the settle folder's file of the list counts there (desk.settle), unless it names another list's
                    # photo (two photos' names swapped, a new photo at a renamed one's place): it goes to that list
                    it, why = _whose(file, None, by_hash, settle, "")
                    if it is not None and it is not named and not why:
                        mine[it.name].append((number, file))
                    continue
                it, why = _whose(file, named, by_hash, settle, "" if own else report, ours)
                if it is None or where == resolved(Path(it.photo).parent) and it.name == name:
                    continue                # no list's; a photo's own file beside it counts by its name there
                if why:
                    notes.append(Note(it.name, file, why))
                else:
                    mine[it.name].append((number, file))
    copies = []                             # all read before one is written: two photos' names swapped
    for it in lists:
        try:
            if not mine[it.name]:
                continue
            best = saved_last(mine[it.name])[1]
            here = [(n, q) for n, q in saved_files(settle / f"{it.name}{SUFFIX}") if not _names_another(q, it)]
            data, st = best.read_bytes(), best.stat()
            last = saved_last(here)[1] if here else None
            if last is not None and (int(st.st_mtime) <= int(last.stat().st_mtime) or last.read_bytes() == data):
                # the settle folder's is as new (copied before, or put there), or holds the same decisions: a copy
                # on a FAT stick keeps its time to 2 s, rounded down, and would be taken again at every run
                continue
        except OSError:
            continue                        # gone while looked at: the next run takes it
        copies.append((it, best, data, st))
    for it, best, data, st in copies:
        settle.mkdir(parents=True, exist_ok=True)
        copy = settle / f"{it.name}{SUFFIX}"
        write_atomic(copy, data)
        os.utime(copy, ns=(st.st_atime_ns, st.st_mtime_ns))
        notes.append(Note(it.name, best, copy=copy, renamed=named_by(best) != it.name))
    return notes


def named_by(file: Path) -> str:
    """The list name a settle file's name gives (``IMG_0001`` of ``IMG_0001.settle (1).json``)."""
    return (saved_as(file.name) or ("",))[0]


def _saved_in(folder: Path) -> dict[str, list[tuple[int, Path]]]:
    """The settle files in ``folder`` by the name of their list: ``NAME.settle.json`` (number 0) and the browser's
    copies of it (:func:`desk.settle.copy_of`), (number, file) each. The folder is listed once: a downloads folder
    may hold thousands of files, and a report a hundred lists."""
    out: dict[str, list[tuple[int, Path]]] = {}
    try:
        for q in folder.iterdir():
            own = saved_as(q.name)
            if own is not None and q.is_file():
                out.setdefault(own[0], []).append((own[1], q))
    except OSError:
        pass                                # gone or not readable since it was checked: nothing taken from it
    return out


def _whose(file: Path, named: Optional[ListToSettle], by_hash: dict, settle: Path, report: Union[str, Lineage],
           ours: Optional[dict] = None) -> tuple[Optional[ListToSettle], str]:
    """The list the settle file ``file`` is of (``named``: the list of its name, if any; by the photo its ``list``
    names, any of ``by_hash``) and why it is not taken ("" when it is); (None, "") for a file of no list."""
    try:
        if file.stat().st_size > MAX_BYTES:
            return named, (f"not taken: too large for the referee's decisions of {named.name} "
                           f"({file.stat().st_size} bytes)") if named else ""
        ident = identity_of(file)
    except OSError as exc:
        return named, f"not taken: cannot read it ({exc.strerror or exc})"
    except SettleError as exc:
        return named, f"not taken: {str(exc).removeprefix(f'{file}: ')}"
    if ident is None:
        return named, (f"not taken: it does not say which photo it was saved for (an older report's page, or written "
                       f"by hand); if it decides {named.photo}, put it into {settle}") if named else ""
    it = by_hash.get(ident["sha256"])
    if it is None:
        return named, other_photo(ident, named.sha256, named.photo, "taken", ours) if named else ""
    return it, other_report(ident, report, it.photo, "taken", file, settle)


def _names_another(file: Path, it: ListToSettle) -> bool:
    """Whether the settle file ``file`` names another photo than the list ``it``'s (a file that cannot be read does
    not: it is the list's, said where it is applied)."""
    try:
        return bool(other_photo(identity_of(file), it.sha256, it.photo))
    except SettleError:
        return False


def unsaid(results: Path, names: list[str], notes: list[Note], looked: Iterable[Path] = ()) -> list[Note]:
    """Of the notes, those to say: every file taken, and the files passed over that the report's earlier runs did not
    pass over as they are now (same place, size and time). The files passed over are kept in the manifest entries of
    the lists ``names`` (:func:`desk.batch.remember`): a rescan does not say them again, a file changed since (or
    taken away and put back) is said anew. A file kept from before in a folder this run did not look in (``looked``:
    the folders looked in; a ``--settle-from`` folder not given this time) stays kept: a run without the option does
    not make the next one with it say the same lines again."""
    places = {resolved(f) for f in looked}
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
        away = {name: [k for k in (ks or []) if isinstance(k, str) and _folder_of(k) not in places]
                for name, ks in before.items()}
        if any(away.values()):              # kept as they were: said when their folder is looked in again
            remember(results, SAID_KEY, {name: sorted(set(k for k, _ in keyed.get(name, [])) | set(ks)) or None
                                         for name, ks in away.items() if ks})
    except OSError:
        before = {}                         # not kept: said again next time
    return [n for n in notes if n.copy is not None] + [n for name, kn in keyed.items() for k, n in kn
                                                       if k not in (before.get(name) or [])]


def _folder_of(key: str) -> str:
    """The folder of the file a key of :func:`unsaid` is of ("PATH|SIZE|TIME", or PATH)."""
    return resolved(Path(key.rsplit("|", 2)[0] if key.count("|") >= 2 else key).parent)
