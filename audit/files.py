"""Reading input text files with one clear problem, and writing outputs whole or not at all."""
from __future__ import annotations

import codecs
import contextlib
import os
import re
import signal
import tempfile
import threading
import time
from pathlib import Path
from typing import Iterable, Optional


class UnreadableText(ValueError):
    """A text input that cannot be read; ``str(exc)`` is the problem in a few words."""


def read_text(path: str | os.PathLike, max_bytes: int, what: str = "a list file") -> str:
    """The text of an input file (UTF-8, or Windows-1252 as spreadsheets on German Windows save
    CSV); raises :class:`UnreadableText` for a folder, a missing, unreadable, empty, too large or
    binary file. Never writes anything."""
    p = Path(path)
    try:
        if p.is_dir():
            raise UnreadableText(f"is a folder, not {what}")
        size = p.stat().st_size
        if size > max_bytes:
            raise UnreadableText(f"too large for {what} ({size} bytes)")
        data = p.read_bytes()
    except FileNotFoundError:
        raise UnreadableText(broken_link(p) or "no such file") from None
    except PermissionError:
        raise UnreadableText("not allowed to read it") from None
    except OSError as exc:
        raise UnreadableText(f"cannot read it ({exc.strerror or exc})") from None
    if not data.strip():
        raise UnreadableText("the file is empty")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        try:
            text = data.decode("cp1252")
        except UnicodeDecodeError:
            raise UnreadableText("not a text file (neither UTF-8 nor Windows-1252)") from None
    if "\x00" in text:
        raise UnreadableText("not a text file")
    return text


def _escape_surrogates(exc: UnicodeError):
    """A file name that is not UTF-8 (Latin-1 "Müller.jpg" from a Windows zip) comes to Python with a surrogate for
    each byte it cannot decode (``\\udcfc``); written as that JSON escape, a JSON output keeps the name exactly (it
    reads back as the same name of the same file), and a page shows it so."""
    if isinstance(exc, UnicodeEncodeError):
        return "".join(f"\\u{ord(c):04x}" for c in exc.object[exc.start:exc.end]), exc.end
    raise exc


_SURROGATES = "skatscan-surrogates"
codecs.register_error(_SURROGATES, _escape_surrogates)


@contextlib.contextmanager
def signals_held():
    """Ctrl-C and SIGTERM (where the program handles them in Python: the command's handlers) wait until the block is
    done, then take effect: a file and its temporary file are never left half made by them. (Before, a SIGTERM as
    ``mkstemp`` returned left ``.NAME.xxxxxxxx.part`` beside the report's pages.) Only in the main thread, where
    Python runs signal handlers; an ignored or default signal is as it was."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list = []
    held = {}
    for sig in (signal.SIGINT, signal.SIGTERM):
        handler = signal.getsignal(sig)
        if callable(handler):
            held[sig] = handler
            signal.signal(sig, lambda signum, frame: caught.append((signum, frame)))
    try:
        yield
    finally:
        for sig, handler in held.items():
            signal.signal(sig, handler)
        if caught:
            signum, frame = caught[0]
            held[signum](signum, frame)


def write_atomic(path: str | os.PathLike, data: str | bytes) -> None:
    """Write ``data`` (text as UTF-8) to ``path`` via a temporary file in the same folder and a
    rename: a reader sees the old file or the whole new one, never half of it, and Ctrl-C or SIGTERM meanwhile waits
    until it is done (:func:`signals_held`)."""
    path = Path(path)
    raw = data.encode("utf-8", errors=_SURROGATES) if isinstance(data, str) else data
    with signals_held():
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
        try:
            os.chmod(tmp, _file_mode(path))  # mkstemp makes 0600; an output is an ordinary file
            with os.fdopen(fd, "wb") as fh:
                fh.write(raw)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, path)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise


#: How :func:`write_atomic` names its temporary file for ``NAME``: ``.NAME.`` and mkstemp's eight letters, ``.part``.
_PART = re.compile(r"\.(.+)\.[a-z0-9_]{8}\.part")


def remove_stale_parts(folder: str | os.PathLike, idle: float = 60.0, of: Optional[Iterable[str]] = None,
                       ending: tuple[str, ...] = ()) -> None:
    """Remove the temporary files :func:`write_atomic` left in ``folder`` when its process was killed before it could
    (SIGKILL, the OOM killer, a power cut): files named as it names them and not written to for ``idle`` seconds (one
    that another process writes now is not one); with ``of``, only those of the files so named, or whose names end
    in one of ``ending`` (a folder of the user's, where a file of his may have such a name); nothing else. A file that
    cannot be removed stays."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    names = None if of is None else set(of)
    for entry in entries:
        try:
            part = _PART.fullmatch(entry.name)
            if part and (names is None or part.group(1) in names or part.group(1).endswith(ending)) \
                    and entry.is_file(follow_symlinks=False) \
                    and time.time() - entry.stat(follow_symlinks=False).st_mtime > idle:
                os.unlink(entry.path)
        except OSError:
            pass


def _file_mode(path: Path) -> int:
    """The mode ``path`` keeps (if it exists) or gets from the umask (if new)."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def broken_link(path: str | os.PathLike, lang: str = "en") -> str:
    """The sentence for ``path`` when it is a link to a file that is not there (a photo or list moved away, a USB stick
    unplugged), in English or German (``lang="de"``); "" when it is no broken link. ``scan`` and ``audit`` say it in
    the same words, for a file in a folder and one given by name."""
    try:
        if not os.path.islink(path) or os.path.exists(path):
            return ""
        to = os.readlink(path)
    except OSError:
        return ""
    if lang == "de":
        return f"eine tote Verknüpfung: sie zeigt auf {to}, das es nicht gibt"
    return f"a broken link: it points to {to}, which is not there"


def resolved(path: str | os.PathLike) -> str:
    """Where the file ``path`` is, however it was spelt and whatever folder a command runs in (``./a.jpg``,
    ``fotos//a.jpg``, its absolute path)."""
    try:
        return str(Path(path).resolve())
    except (OSError, RuntimeError):     # RuntimeError: a symlink loop (Python 3.10-3.12)
        return str(Path(path).absolute())


def one_line(text) -> str:
    """``text`` on one line (an error message of OpenCV's or click's ends in a newline or spans several)."""
    return " ".join(str(text).split())
