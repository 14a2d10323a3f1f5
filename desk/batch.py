"""Running a whole folder of photos: one result per photo, whatever happens to the others.

* Each photo is processed in a worker process with a time limit; a worker is replaced after
  :data:`TASKS_PER_WORKER` photos, so memory stays bounded over hundreds of photos, and a photo
  that crashes or hangs its worker costs only that photo.
* Results are written per photo as soon as it is done (atomically), with a small manifest
  recording the photo's size, time and hash: a rerun skips photos already done (unless
  ``again``), so an interrupted batch (Ctrl-C, ``kill``, a full disk) continues where it stopped. A photo read again
  (``again``) whose reading does not finish now (:data:`KEEPS`) keeps the list an earlier run read from it.
* A photo that is bad (not an image, no list on it, unreadable) is reported with one line and
  the batch goes on. The same photo twice (same bytes) is reported as a duplicate.
* The manifest names each photo's place (``path``): :func:`earlier_photos` gives a report the photos
  read into it before that are still there.

The work for one photo is a function ``process(path) -> dict`` (picklable, top-level) that
returns ``{"list": <skatscan.list/1>, "overlay_jpeg": bytes | None}`` or raises
:class:`PhotoProblem`. :func:`digitize.pipeline.process_photo` is the real one.
"""
from __future__ import annotations

import errno
import hashlib
import itertools
import json
import multiprocessing as mp
import os
import signal
import sys
import threading
import time
from collections import Counter, deque
from dataclasses import dataclass
from multiprocessing.connection import wait as mp_wait
from pathlib import Path
from typing import Callable, Iterable, Optional

from audit.files import broken_link, one_line, remove_stale_parts, resolved, signals_held, write_atomic

#: Photo files a batch picks up from a folder; a PDF (an office scanner's) too, refused with advice how to make
#: pictures of its pages rather than passed over without a word.
PHOTO_SUFFIXES = (".jpg", ".jpeg", ".jfif", ".jpe", ".png", ".tif", ".tiff", ".webp", ".bmp", ".heic", ".heif",
                  ".avif", ".pdf")
#: Seconds one photo may take before its worker is stopped.
TIME_LIMIT = 60.0
#: Photos a worker process handles before it is replaced (bounds memory over long batches).
TASKS_PER_WORKER = 25
MANIFEST = "manifest.json"


def usable_cores() -> int:
    """The CPU cores this process may run on (its affinity, where the system tells it; else the machine's)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


class PhotoProblem(Exception):
    """A photo that cannot be read: ``str(exc)`` is the one sentence to show (English), ``de`` the same in German
    for the German report ("" when there is none), ``why`` what kind of problem it is (one of :data:`WHY`, ""
    when unknown)."""

    def __init__(self, message: str, why: str = "", de: str = ""):
        super().__init__(message)
        self.why = why
        self.de = de


#: The kinds of problem a photo can have (:attr:`Outcome.why`): not a photo skatscan can read, no list on it, too
#: dark, blurred or small, too large for the memory, too slow, a failure of the reader, the file gone, a duplicate.
WHY = ("file", "no-list", "unreadable", "memory", "timeout", "crash", "gone", "duplicate")
#: Problems of a run, not of the photo (the time limit, a worker that died or ran out of memory, the file gone while
#: it was read): the next run reads the photo again, as one not finished.
PASSING = ("timeout", "crash", "memory", "gone")
#: Problems of a run after which a photo read again keeps the list an earlier run read from it, when the photo and
#: what it was read with are the same (a rescan with ``--again`` on a busy laptop lost lists that were fine); not a
#: photo "gone", which is not there to be the same.
KEEPS = ("timeout", "crash", "memory")
#: What the line of a photo whose earlier list is kept adds to its problem (English, German).
KEPT = "the list read at an earlier run is kept"
KEPT_DE = "die Liste aus einem früheren Lauf bleibt"
#: How the line of a photo whose worker died ends (:func:`died`; not when its earlier list is kept).
READ_AGAIN = "; the next run reads it again"
READ_AGAIN_DE = "; der nächste Lauf liest es noch einmal"
#: A photo that has gone during the batch (moved or deleted), in English and German.
GONE = "the file has gone (moved or deleted during the batch)"
GONE_DE = "die Datei ist nicht mehr da (während des Laufs verschoben oder gelöscht)"


@dataclass
class Outcome:
    photo: Path
    name: str
    status: str                        # "done", "skipped" (done before), "bad", "duplicate"
    problem: str = ""                  # "skipped" too: read again and not finished (KEEPS), its earlier list kept
    why: str = ""                      # the kind of problem (WHY)
    problem_de: str = ""               # the problem's sentence in German ("" when there is none)
    list_doc: Optional[dict] = None
    seconds: float = 0.0
    duplicate_of: Optional[str] = None
    said: bool = False                 # its lines were said by a run that read this photo (:func:`mark_said`)
    sha256: str = ""                   # the photo's hash, as the manifest has it ("" when it could not be read)
    refused_before: bool = False       # "bad": refused so by an earlier run (the same photo), not read again
    no_list_before: bool = False       # no list in the report from a scan before (no manifest entry, one "unread",
    #                                    one refused, no list file: :func:`_held_no_list`); "done": its first list


def find_photos(paths: Iterable[str]) -> list[Path]:
    """The photos to process: files as given, folders by their photo files (:func:`files_in`; not the blank forms
    skatscan printed, :func:`skatscan_forms`)."""
    out = []
    for p in map(Path, paths):
        out += [q for q in files_in(p, PHOTO_SUFFIXES) if not skatscan_forms(q)] if p.is_dir() else [p]
    return out


#: How a PDF of skatscan's blank forms names its maker (``digitize.form``), in the document information near its end.
_FORMS_MARK = b"/Creator (skatscan)"


def skatscan_forms(path: Path) -> bool:
    """Whether ``path`` is a PDF of blank list forms skatscan printed (``skatscan form``, ``draw --forms``): in a
    folder of photos (the organiser keeps the forms beside them) it is no scan of a list and is passed over, where a
    scanner's PDF is said with advice."""
    if path.suffix.lower() != ".pdf":
        return False
    try:
        with open(path, "rb") as fh:
            fh.seek(0, 2)
            fh.seek(max(0, fh.tell() - 16384))
            return _FORMS_MARK in fh.read()
    except OSError:
        return False


def files_in(folder: Path, suffixes) -> list[Path]:
    """The files in ``folder`` (not below it) whose suffix, in any case, is one of ``suffixes``, sorted; not the
    hidden ones, such as the "._IMG_0001.JPG" beside each photo that a Mac leaves on a USB stick. A broken link of such
    a name is one of them, to be said as a file that cannot be read (it was passed over without a word)."""
    return sorted(q for q in folder.iterdir() if (q.is_file() or q.is_symlink() and not q.exists())
                  and q.suffix.lower() in suffixes and not q.name.startswith("."))


def fingerprint(path: Path, known: Optional[dict] = None) -> dict:
    """The photo's size, time and SHA-256. ``known``: the manifest's entry of an earlier run for this name; when it
    is of this place with the same size, time to the nanosecond, file (inode) and change time, its hash is taken, not
    the photo read again (a rescan of 90 phone photos on a USB stick read all their 400 MB to find them unchanged).
    The change time is what no copy keeps: another photo of the same size put in its place with the old time (``cp
    -p``, an unzip, a scanner's BMPs all of one size) was taken for the one read before, its list shown instead."""
    st = path.stat()
    same = {"mtime_ns": st.st_mtime_ns, "ino": st.st_ino, "ctime_ns": st.st_ctime_ns}
    if isinstance(known, dict) and all(known.get(k) == v for k, v in same.items()) and known.get("size") == st.st_size \
            and isinstance(known.get("sha256"), str) and known.get("path") == resolved(path):
        return {"size": st.st_size, "mtime": int(st.st_mtime), **same, "sha256": known["sha256"]}
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return {"size": st.st_size, "mtime": int(st.st_mtime), **same, "sha256": h.hexdigest()}


def _run_one(process, path_str):
    try:
        return "ok", process(path_str)
    except PhotoProblem as exc:
        return "bad", (exc.why, str(exc), exc.de)
    except MemoryError:
        return "bad", ("memory", "too large to process in memory", "zu groß, um es im Speicher zu verarbeiten")
    except Exception as exc:  # a bug must not end the batch: report it for this photo
        said = one_line(exc)
        return "bad", ("crash", f"internal error while reading the photo ({type(exc).__name__}: {said})",
                       f"interner Fehler beim Lesen des Fotos ({type(exc).__name__}: {said})")


def _leave_ctrl_c_to_the_batch() -> None:
    """A worker ignores Ctrl-C: the terminal sends it to every process of the batch, and the batch stops its workers
    itself (before: each worker busy with a photo printed "Process ForkServerPoolWorker-1:" and a traceback of
    KeyboardInterrupt under the batch's one line)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _end_with_the_batch() -> None:
    """End this worker when the batch's process ends, however it ends: ``kill PID``, ``timeout``, an IDE's stop button
    (SIGTERM), or SIGKILL, not only Ctrl-C. Before, a worker reading a photo that hangs went on, orphaned, at 100 % CPU
    for ever. A thread waits for the batch's process to be gone; on Linux the kernel kills the worker too when its
    parent (the batch: workers are spawned) goes, for a photo that hangs in native code that holds the interpreter,
    where the thread cannot run."""
    parent = mp.parent_process()
    if parent is None:
        return
    if sys.platform.startswith("linux"):
        try:
            import ctypes
            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)      # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
        if os.getppid() != parent.pid:
            os._exit(1)                 # the batch went before the signal was asked for

    def watch():
        mp_wait([parent.sentinel])
        os._exit(1)

    threading.Thread(target=watch, name="skatscan-batch-watch", daemon=True).start()


def _share_the_cores(threads: int) -> None:
    """Let OpenCV (in this worker) run ``threads`` threads, not one per core: N workers each with a thread per core
    ran N times as many threads as cores, every photo slower against its time limit. Set before OpenCV is imported
    (``OPENCV_FOR_THREADS_NUM``), so a worker does not import it for nothing. The tesseract runs of ``--engine
    tesseract`` (OpenMP, four threads each) have the same share: ``OMP_THREAD_LIMIT`` in the worker's environment,
    which pytesseract gives every tesseract it starts."""
    if threads < 1:
        return
    os.environ["OPENCV_FOR_THREADS_NUM"] = str(threads)
    own = os.environ.get("OMP_THREAD_LIMIT", "")
    # the user's own limit stands where it is lower
    os.environ["OMP_THREAD_LIMIT"] = own if own.isdigit() and 0 < int(own) < threads else str(threads)
    cv2 = sys.modules.get("cv2")
    if cv2 is not None:
        cv2.setNumThreads(threads)


def _work(conn, process, threads: int = 0) -> None:
    """A worker process: reads the photos the batch sends it (``(token, path)``), one at a time, and sends back
    ``(token, (kind, value), seconds)`` (:func:`_run_one`; the seconds its reading took, measured here: the batch
    may get to the answer later, busy writing the results of the photo read beside it); None, or the batch gone, ends
    it. OpenCV runs ``threads`` threads in it (0: its own choice)."""
    _leave_ctrl_c_to_the_batch()
    _end_with_the_batch()
    _share_the_cores(threads)
    try:
        conn.send(READY)                # started: the time limit of the photo it was given runs from here
    except (EOFError, OSError):
        return
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        token, path = job
        start = time.perf_counter()
        answer = _run_one(process, path)
        seconds = time.perf_counter() - start
        try:
            conn.send((token, answer, seconds))
        except (EOFError, OSError):
            return
        except Exception as exc:        # an answer that cannot be sent (pickled): nothing of it went
            conn.send((token, ("bad", ("crash", f"the reader stopped on this photo ({type(exc).__name__})",
                                       f"das Lesen brach bei diesem Foto ab ({type(exc).__name__})")), seconds))


def died(exitcode: Optional[int]) -> tuple[str, str, str]:
    """(why, problem, problem_de) of a photo whose worker process died while it read it (``exitcode`` the process's:
    ``-N`` killed by signal N, None unknown): the OOM killer's SIGKILL, a segfault in a native library."""
    if exitcode is not None and exitcode < 0:
        try:
            name = signal.Signals(-exitcode).name
        except ValueError:
            name = ""
        guess, guess_de = SIGNAL_CAUSES.get(name, ("", ""))
        what = f"signal {-exitcode}{f', {name}' if name else ''}{f': {guess}' if guess else ''}"
        what_de = f"Signal {-exitcode}{f', {name}' if name else ''}{f': {guess_de}' if guess_de else ''}"
    elif exitcode is not None:
        what, what_de = f"exit status {exitcode}", f"Exit-Status {exitcode}"
    else:
        what, what_de = "cause unknown", "Ursache unbekannt"
    return ("crash", f"the process reading it died ({what}){READ_AGAIN}",
            f"der Prozess, der es las, ist abgestürzt ({what_de}){READ_AGAIN_DE}")


#: What a signal that ended a worker most likely means (English, German).
SIGNAL_CAUSES = {"SIGKILL": ("out of memory?", "zu wenig Speicher?"),
                 "SIGSEGV": ("a crash in a native library", "Absturz in einer nativen Bibliothek"),
                 "SIGBUS": ("a crash in a native library", "Absturz in einer nativen Bibliothek"),
                 "SIGILL": ("a crash in a native library", "Absturz in einer nativen Bibliothek"),
                 "SIGFPE": ("a crash in a native library", "Absturz in einer nativen Bibliothek"),
                 "SIGABRT": ("a native library gave up", "eine native Bibliothek gab auf")}


class CannotStartWorker(Exception):
    """A worker process could not be started (too many processes, too little memory, too many open files): ``str``
    is the line to say, not a photo's problem nor the results folder's."""

    def __init__(self, exc: BaseException):
        why = getattr(exc, "strerror", None) or one_line(exc) or type(exc).__name__
        guess = {errno.EAGAIN: ": too many processes?", errno.ENOMEM: ": too little memory?"}.get(
            getattr(exc, "errno", None), "")
        super().__init__(f"cannot start a process to read the photos ({why}{guess})")


#: What a worker process says once it has started (:func:`_work`), before it reads the photo it was given.
READY = "ready"
#: Seconds a new worker process may take to start (a fresh interpreter importing skatscan) before its photo is given
#: up as one that took too long.
START_TIME = 120.0


class _Worker:
    """One worker process, the pipe to it, and the photo it reads (``job``: token, ``todo`` item, start). ``ready``:
    the process has said it started (:data:`READY`); until then ``job``'s start is when the process was started, and
    :func:`_read_all` allows it :data:`START_TIME`, then sets the start anew: a photo's time limit counts the photo, not
    the start of a fresh interpreter (a second or more on a busy machine, which stopped photos of a second's limit that
    took a tenth of it; a worker is replaced every :data:`TASKS_PER_WORKER` photos)."""

    def __init__(self, ctx, process, threads: int = 0):
        self.conn, theirs = ctx.Pipe()
        try:
            self.proc = ctx.Process(target=_work, args=(theirs, process, threads), daemon=True)
            self.proc.start()
        except BaseException:
            self.conn.close()
            raise
        finally:
            theirs.close()
        self.ready = False
        self.tasks = 0
        self.job: Optional[tuple] = None
        self.retired = 0.0               # when it was told to end (time.monotonic()), 0 while it works

    def stop(self) -> None:
        """Kill the process (a photo over its time limit, Ctrl-C)."""
        if self.proc.is_alive():
            self.proc.kill()
        self.proc.join()
        self.conn.close()

    def retire(self) -> None:
        """Tell the process to end (it is idle), without waiting for it: :meth:`_Workers.reap` and
        :meth:`_Workers.close` see it gone."""
        try:
            self.conn.send(None)
        except OSError:
            pass
        self.retired = time.monotonic()


#: Seconds a worker told to end may take to do so before it is killed (a library's thread that lingers).
RETIRE_GRACE = 5.0


class _Workers:
    """Up to ``n`` worker processes, each reading one photo at a time (not a ``multiprocessing.Pool``: a worker of a
    pool that dies, killed by the OOM killer or by a segfault in a native library, leaves its photo unanswered, and
    the batch heard of it only when the time limit ran out, calling the photo too slow). OpenCV runs as many threads
    in each as leaves each worker its share of the cores."""

    def __init__(self, n: int, process=None):
        self.n = n
        self.process = process
        self.threads = max(1, usable_cores() // max(1, n))
        self.workers: list[_Worker] = []
        self.retired: list[_Worker] = []     # told to end after TASKS_PER_WORKER photos, not yet seen to have ended
        # spawn: workers start clean, not as copies of a parent that has OpenCV's thread pool running, and are the
        # batch's own children (a forkserver's outlived a killed batch while a worker hung holding the interpreter:
        # every child of a forkserver holds it alive, and the kernel's parent-death signal went to the forkserver)
        self.ctx = mp.get_context("spawn")

    def busy(self) -> list[_Worker]:
        return [w for w in self.workers if w.job is not None]

    def give(self, token: int, item: tuple) -> None:
        """Send the photo of ``item`` to an idle worker (a new one where none is idle and there is room); a worker
        that cannot be started is :class:`CannotStartWorker`."""
        while True:
            idle = next((w for w in self.workers if w.job is None), None)
            if idle is None:
                self.reap()
                try:
                    idle = _Worker(self.ctx, self.process, self.threads)
                except (OSError, EOFError) as exc:
                    raise CannotStartWorker(exc) from exc
                self.workers.append(idle)
            try:
                idle.conn.send((token, str(item[1])))
            except OSError:             # it died while idle: another one
                self.drop(idle)
                continue
            idle.job = (token, item, time.perf_counter())
            return

    def drop(self, worker: _Worker) -> None:
        """Kill ``worker`` (over its time limit, or dead) and forget it."""
        worker.stop()
        self.workers.remove(worker)

    def done(self, worker: _Worker) -> None:
        """``worker`` answered: idle again, or replaced after :data:`TASKS_PER_WORKER` photos (memory). The one
        replaced is told to end and not waited for: joining it here held the other workers' photos past their time
        limits and added to the seconds of the photo read beside it."""
        worker.job = None
        worker.tasks += 1
        if worker.tasks >= TASKS_PER_WORKER:
            worker.retire()
            self.workers.remove(worker)
            self.retired.append(worker)
        self.reap()

    def reap(self) -> None:
        """Forget the retired workers that have ended; kill those that take longer than :data:`RETIRE_GRACE`."""
        for w in list(self.retired):
            if not w.proc.is_alive() or time.monotonic() - w.retired > RETIRE_GRACE:
                w.stop()
                self.retired.remove(w)

    def kill(self):
        for w in self.workers + self.retired:
            w.stop()
        self.workers, self.retired = [], []

    def close(self):
        """End the workers: each told to end, given up to :data:`RETIRE_GRACE` seconds since it was told (one retired
        long before is not waited for anew), then killed."""
        for w in self.workers:
            w.retire()
        for w in self.workers + self.retired:
            w.proc.join(timeout=max(0.0, w.retired + RETIRE_GRACE - time.monotonic()))
            w.stop()
        self.workers, self.retired = [], []


def run_batch(photos: list[Path], results: Path, process: Callable[[str], dict], *, names: list[str],
              again: bool = False, workers: int = 1, time_limit: float = TIME_LIMIT,
              on_done: Callable[[Outcome], None] = lambda o: None, made_with: Optional[dict] = None,
              give_way: Iterable[Path] = (), on_plan: Callable[[int], None] = lambda n: None,
              decided: Callable[[Path, str], bool] = lambda photo, name: False) -> list[Outcome]:
    """Process ``photos`` (result files into ``results``; ``names[i]`` is photo i's file-safe
    name) and return one :class:`Outcome` per photo, in order. ``on_done`` is called after each
    photo (for the progress bar), ``on_plan`` with the number of photos to read once the others (done before, a
    duplicate, gone) were given to ``on_done``, before the first is read. Ctrl-C (a KeyboardInterrupt; the command
    makes SIGTERM one too) stops the batch; what was finished is kept, and the temporary files of a run killed
    (SIGKILL) go at the next. A photo's result is taken from an earlier run only when the photo is the same and
    ``made_with`` (what the reading depends on besides the photo: the engine, the tournament's settings) is what that
    run was given. Of the same photo twice the plainest name is read, but one whose list the referee decided on
    (``decided``, asked of a photo that comes twice, with its name) stays, and a photo in ``give_way`` (one a report
    kept from before) gives way to any other. A photo read again (``again``) whose reading does not finish
    (:data:`KEEPS`) keeps the list an earlier run read from it under the same ``made_with`` (its outcome "skipped",
    with the problem)."""
    results.mkdir(parents=True, exist_ok=True)
    remove_stale_parts(results)          # what a run killed while it wrote a result left (SIGKILL: it could not clear)
    manifest_path = results / MANIFEST
    manifest = _read_manifest(manifest_path)
    outcomes: list[Optional[Outcome]] = [None] * len(photos)
    noted = False                         # manifest entries changed: time in ns gained, a photo not to be read
    todo = []
    prints: list[Optional[dict]] = []
    for i, (photo, name) in enumerate(zip(photos, names)):
        try:
            prints.append(fingerprint(photo, None if again else manifest.get(name)))
            continue
        except FileNotFoundError:
            link = broken_link(photo)
            outcomes[i] = Outcome(photo, name, "bad", link or GONE, why="gone",
                                  problem_de=broken_link(photo, "de") if link else GONE_DE)
        except OSError as exc:
            link = ""
            outcomes[i] = Outcome(photo, name, "bad", f"cannot read it ({exc.strerror or exc})", why="gone",
                                  problem_de=f"die Datei lässt sich nicht lesen ({exc.strerror or exc})")
        entry = manifest.get(name)
        outcomes[i].no_list_before = _held_no_list(results, name, entry)
        prints.append(None)
        _forget_list(results, name)
        if name not in manifest and (link or os.path.lexists(photo)):
            # a photo that cannot be read at its first scan (a stick's read error, permission denied, a broken link)
            # is kept in the manifest, so that the report's rescans say it (:func:`earlier_photos`) until it is read;
            # its place made absolute (the link itself, not where it points), for rescans from another folder
            manifest[name] = {"photo": os.path.abspath(photo), "path": resolved(photo), "problem": outcomes[i].problem,
                              "why": "gone", "problem_de": outcomes[i].problem_de, "made_with": made_with,
                              "unread": True}
            noted = True
        on_done(outcomes[i])
    # the same photo twice: the one with the plainest name is read ("s1-t2.jpg", not its copy "s1-t2 (1).jpg")
    kept: dict[str, Path] = {}
    later = {str(p) for p in give_way}
    twice = Counter(fp["sha256"] for fp in prints if fp is not None)
    # of the same photo twice, one the referee decided on stays (its decisions go by its name)
    undecided = {str(photo) for photo, name, fp in zip(photos, names, prints)
                 if fp is not None and twice[fp["sha256"]] > 1 and not decided(photo, name)}
    # of the same photo twice, both scanned before, the one whose list the report holds keeps it
    holding = {str(photo) for photo, name, fp in zip(photos, names, prints)
               if fp is not None and twice[fp["sha256"]] > 1 and _holds(results, manifest.get(name), name, fp)}
    for photo, fp in zip(photos, prints):
        if fp is not None and (fp["sha256"] not in kept
                               or _plainer(photo, kept[fp["sha256"]], later, undecided, holding)):
            kept[fp["sha256"]] = photo
    for i, (photo, name, fp) in enumerate(zip(photos, names, prints)):
        if fp is None:
            continue
        if kept[fp["sha256"]] != photo:
            first = str(kept[fp["sha256"]])
            outcomes[i] = Outcome(photo, name, "duplicate", f"the same photo as {first}", why="duplicate",
                                  duplicate_of=first, problem_de=f"dasselbe Foto wie {first}")
            on_done(outcomes[i])
            continue
        done = manifest.get(name)
        list_file = results / f"{name}.list.json"
        if done and done.get("made_with") != made_with:
            done = None                   # read with another engine or schedule: read it again
        if not again and done and done.get("sha256") == fp["sha256"] and not done.get("problem") and list_file.exists():
            try:
                doc = json.loads(list_file.read_text(encoding="utf-8"))
                outcomes[i] = Outcome(photo, name, "skipped", list_doc=doc, said=done.get("said") is True,
                                      sha256=fp["sha256"])
                on_done(outcomes[i])
                if any(done.get(k) != fp[k] for k in ("mtime_ns", "ino", "ctime_ns")) \
                        and done.get("path") == resolved(photo):
                    manifest[name] = {**done, **fp}     # its time to the nanosecond: not hashed again next time
                    noted = True
                continue
            except (OSError, json.JSONDecodeError):
                pass                      # a damaged result: do the photo again
        if not again and done and done.get("sha256") == fp["sha256"] and done.get("problem") \
                and done.get("why") not in PASSING:
            outcomes[i] = Outcome(photo, name, "bad", done["problem"], why=done.get("why", ""),
                                  problem_de=done.get("problem_de", ""), refused_before=True)
            _forget_list(results, name)     # one an earlier version left there, of the photo before
            on_done(outcomes[i])
            continue
        todo.append((i, photo, name, fp, done))
    if noted:
        write_atomic(manifest_path, json.dumps(manifest, ensure_ascii=False, indent=1))
    on_plan(len(todo))
    pool = _Workers(workers, process)
    try:
        for (i, photo, name, fp, done), kind, value, seconds in _read_all(pool, todo, time_limit):
            # a photo's list and its manifest entry are written together: Ctrl-C or SIGTERM between the two would
            # leave a list no entry vouches for (read again at the rerun, but the manifest not saying what is done)
            with signals_held():
                prior = manifest.get(name)
                first = _held_no_list(results, name, prior)
                if kind == "ok":
                    # its lines said of this very photo (read again: --again, settings)
                    said = isinstance(prior, dict) and prior.get("said") is True and prior.get("sha256") == fp["sha256"]
                    out = Outcome(photo, name, "done", list_doc=value["list"], seconds=seconds, sha256=fp["sha256"],
                                  said=said, no_list_before=first)
                    if name in manifest and not _vouches(manifest[name], fp, made_with):
                        # the entry of what an earlier run read goes before its list is replaced: a run stopped (a full
                        # disk, SIGKILL) between the list and the manifest must not leave it vouching for the new list
                        # (read with other settings, of another photo), which a later run would take as its own
                        del manifest[name]
                        write_atomic(manifest_path, json.dumps(manifest, ensure_ascii=False, indent=1))
                    if value.get("overlay_jpeg"):
                        write_atomic(results / f"{name}.overlay.jpg", value["overlay_jpeg"])
                    write_atomic(results / f"{name}.list.json", json.dumps(value["list"], ensure_ascii=False, indent=1))
                    manifest[name] = {**fp, "photo": str(photo), "path": resolved(photo), "made_with": made_with}
                else:
                    why, problem, problem_de = value
                    if why != "timeout" and not os.path.lexists(photo):
                        # taken away while it was read ("Cannot read the photo file"): not a photo refused for what it
                        # is, which the next run would not read again if it is put back
                        why, problem, problem_de = "gone", GONE, GONE_DE
                    kept = _earlier_list(results, name, done, fp["sha256"]) \
                        if why in KEEPS and os.path.lexists(photo) else None
                    if kept is not None:        # the photo stays done: its manifest entry as it was
                        out = Outcome(photo, name, "skipped", f"{problem.removesuffix(READ_AGAIN)}; {KEPT}", why=why,
                                      problem_de=f"{problem_de.removesuffix(READ_AGAIN_DE)}; {KEPT_DE}",
                                      list_doc=kept, seconds=seconds, said=done.get("said") is True,
                                      sha256=fp["sha256"])
                    else:
                        out = Outcome(photo, name, "bad", problem, why=why, seconds=seconds, problem_de=problem_de,
                                      no_list_before=first)
                        _forget_list(results, name)
                        manifest[name] = {**fp, "photo": str(photo), "path": resolved(photo), "problem": problem,
                                          "why": why, "problem_de": problem_de, "made_with": made_with}
                if out.status != "skipped":
                    write_atomic(manifest_path, json.dumps(manifest, ensure_ascii=False, indent=1))
                outcomes[i] = out
            on_done(out)
    except BaseException:
        # Ctrl-C, or an error writing a photo's results (a full disk): the photos the other workers are reading are
        # not waited for (one that hangs would hold the batch for ever; the error is said at once)
        pool.kill()
        raise
    finally:
        pool.close()
    return [o for o in outcomes if o is not None]


def _vouches(entry: dict, fp: dict, made_with: Optional[dict]) -> bool:
    """Whether the manifest ``entry`` would be right for a list read now from the photo of fingerprint ``fp`` with
    ``made_with``: the same photo, read with the same, not refused."""
    return entry.get("sha256") == fp["sha256"] and entry.get("made_with") == made_with and not entry.get("problem")


def _earlier_list(results: Path, name: str, done: Optional[dict], sha256: str) -> Optional[dict]:
    """The list an earlier run read into ``results`` for ``name`` from the photo of hash ``sha256``, as ``done`` (its
    manifest entry; None when that run read it with another ``made_with``) says; None when there is none, or it is
    damaged."""
    if not done or done.get("problem") or done.get("sha256") != sha256:
        return None
    try:
        return json.loads((results / f"{name}.list.json").read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return None


def _forget_list(results: Path, name: str) -> None:
    """Take the list (and its photo's copy) an earlier run wrote for ``name`` out of ``results``: the photo is bad now
    (a broken link, gone, too slow, ...), so the report shows it unreadable, and ``audit`` or ``standings`` of the
    results folder must not count its old list (nor a rescan take that list back for the same photo unread)."""
    for suffix in (".list.json", ".overlay.jpg"):
        try:
            (results / f"{name}{suffix}").unlink()
        except FileNotFoundError:
            pass


def _held_no_list(results: Path, name: str, entry) -> bool:
    """Whether no scan before put a list of the photo ``name`` into the report (``results``), by its manifest
    ``entry`` (None: none) and its list file: no entry, one never read (``"unread"``: a broken link, a read error at
    its first scan), one refused (``"problem"``: not a list, too blurred), or one whose list file is not there. The
    manifest keeps no mark of a photo whose list left the report (:func:`forget_others` takes its list file, its entry
    stays as its last reading left it), so the file says it: the same photo as another, one taken out of its folder
    at a scan and put back since (a USB stick plugged in again), one whose list file was deleted by hand. Its list
    read now is its first: "read now" in the last line, not "scanned before" (a refused photo's retake, and those
    photos, read at a scan of other photos counted as ones that stayed: "5 photos (4 scanned before)" of a report
    that held three of their lists)."""
    return not isinstance(entry, dict) or entry.get("unread") is True or bool(entry.get("problem")) \
        or not (results / f"{name}.list.json").exists()


def _read_all(pool: _Workers, todo: list, time_limit: float):
    """Read the photos of ``todo`` in ``pool``, up to ``pool.n`` at the same time, each within ``time_limit``
    seconds; yield (the ``todo`` item, kind, value, seconds) as each is finished, in the order they finish: the
    seconds of a photo answered are its reading's, as its worker measured them (before, they counted the batch's
    writing of the results of the photo answered beside it, a few seconds a photo on a slow USB stick). A photo
    over its time limit is a "timeout": its worker is killed, the others read on. A worker that dies (the OOM killer,
    a segfault) is noticed at once: its photo is a "crash" that names the signal (:func:`died`), and a new worker
    reads the next photo. (Before, the batch waited for each photo before it started the next, so ``--workers 2``
    read one photo at a time.)"""
    waiting = deque(todo)
    tokens = itertools.count()
    while waiting or pool.busy():
        while waiting and len(pool.busy()) < pool.n:
            pool.give(next(tokens), waiting.popleft())
        busy = pool.busy()

        def end(w: _Worker) -> float:
            return w.job[2] + (time_limit if w.ready else START_TIME)

        ready = mp_wait([w.conn for w in busy] + [w.proc.sentinel for w in busy],
                        timeout=max(0.0, min(end(w) for w in busy) - time.perf_counter()))
        if not ready:
            late = min(busy, key=end)
            _, item, start = late.job
            pool.drop(late)              # the photo hangs: its worker goes, the others read on
            if late.ready:
                yield item, "bad", ("timeout", f"took longer than {time_limit:.0f} s and was stopped",
                                    f"dauerte länger als {time_limit:.0f} s und wurde abgebrochen"), \
                    time.perf_counter() - start
            else:
                yield item, "bad", ("timeout", f"the process to read it did not start within {START_TIME:.0f} s",
                                    f"der Prozess zum Lesen startete nicht binnen {START_TIME:.0f} s"), \
                    time.perf_counter() - start
            continue
        for w in busy:
            if w.conn not in ready and w.proc.sentinel not in ready:
                continue
            token, item, start = w.job
            try:
                if not w.conn.poll():
                    raise EOFError
                answer = w.conn.recv()
                if answer == READY:     # started: its photo's time limit runs from now
                    w.ready = True
                    w.job = (token, item, time.perf_counter())
                    continue
                _, (kind, value), seconds = answer
            except (EOFError, OSError):  # the process died: killed (out of memory), a crash in a native library
                w.proc.join(timeout=5)
                code = w.proc.exitcode
                pool.drop(w)
                yield item, "bad", died(code), time.perf_counter() - start
                continue
            pool.done(w)
            yield item, kind, value, seconds


def _plainer(photo: Path, than: Path, later: set, undecided: set = frozenset(), holding: set = frozenset()) -> bool:
    """Whether ``photo`` is to be read rather than ``than``, the same photo: one the referee decided on (not of
    ``undecided``), then not one of ``later``, then of two of ``later`` the one whose list the report holds (of
    ``holding``: the one kept at the scan before keeps it, not the other at the next scan of other photos), then the
    shorter name (a copy's name has " (1)", "Kopie", "_1" added), then the one whose list the report holds, then
    first in order."""
    def key(p: Path):
        holds = str(p) in holding
        return str(p) in undecided, str(p) in later, str(p) in later and not holds, len(p.name), not holds, str(p)
    return key(photo) < key(than)


def _holds(results: Path, entry, name: str, fp: dict) -> bool:
    """Whether the list of ``name`` in ``results`` is of the photo of fingerprint ``fp``, as its manifest ``entry``
    says: the one of the same photo twice that the report holds the list for."""
    return isinstance(entry, dict) and entry.get("sha256") == fp["sha256"] and not entry.get("problem") \
        and (results / f"{name}.list.json").exists()


def mark_said(results: Path, names: Iterable[str]) -> None:
    """Note in the manifest of ``results`` that the lines about the photos ``names`` (the advice to photograph one
    again, its start numbers, its damaged data, ...) were said: a rescan says them for the photos read now and for
    those an interrupted run read but never got to say (before, it said neither, or every earlier photo's again)."""
    manifest = _read_manifest(results / MANIFEST)
    changed = False
    for name in names:
        entry = manifest.get(name)
        if isinstance(entry, dict) and entry.get("said") is not True and "problem" not in entry:
            entry["said"] = True
            changed = True
    if changed:
        write_atomic(results / MANIFEST, json.dumps(manifest, ensure_ascii=False, indent=1))


def remember(results: Path, key: str, values: dict) -> dict:
    """Keep each of ``values`` (list name -> value; None takes the key away) under ``key`` in the list's manifest entry
    in ``results`` and return what was kept there before (name -> value, None when nothing was): what a rescan need
    not say again (the entry goes when the photo is read anew). The manifest is written only when something changed;
    a name without an entry is passed over."""
    manifest = _read_manifest(results / MANIFEST)
    before, changed = {}, False
    for name, value in values.items():
        entry = manifest.get(name)
        if not isinstance(entry, dict):
            continue
        before[name] = entry.get(key)
        if before[name] != value:
            changed = True
            if value is None:
                del entry[key]
            else:
                entry[key] = value
    if changed:
        write_atomic(results / MANIFEST, json.dumps(manifest, ensure_ascii=False, indent=1))
    return before


def earlier_photos(results: Path, given: list[Path]) -> list[Path]:
    """The photos earlier runs read into ``results`` (its manifest) that are still where they were and are not among
    ``given``: a report folder keeps the lists scanned into it before (a late photo scanned on its own joins the
    tournament's lists, it does not replace them). A photo taken out of its folder (or deleted) is dropped. So are
    those an earlier run could not read at all (``unread``: a read error, a broken link), once they are away (a broken
    link whose photo is put in its place stays: it is read)."""
    seen = {resolved(p) for p in given}
    out = []
    for entry in _read_manifest(results / MANIFEST).values():
        where = _place(entry)
        if where is None:
            continue
        photo = Path(where)
        given = Path(entry.get("photo") or where)
        if entry.get("unread") is True and os.path.lexists(given) and resolved(given) not in seen \
                and (resolved(given) == where or _unread_at(entry)):
            # never read (a broken link too, while it is there): said at each rescan; the photo itself put in the
            # link's place is read
            seen.update({where, resolved(given)})
            out.append(given)
        elif photo.is_file() and resolved(photo) not in seen:
            seen.add(resolved(photo))
            out.append(given if given.is_file() and resolved(given) == resolved(photo) else photo)  # named as given
    return out


def _unread_at(entry) -> bool:
    """Whether the manifest ``entry`` is of a photo that could not be read at its first scan, kept by its absolute
    place (written since session 47; before, as typed, which may be relative to another working folder)."""
    return isinstance(entry, dict) and entry.get("unread") is True and isinstance(entry.get("photo"), str) \
        and os.path.isabs(entry["photo"])


def report_names(photos: list[Path], results: Path) -> tuple[list[Optional[str]], set[str]]:
    """The names the photos' results (and the referee's decisions, ``settle/NAME.settle.json``) go by in a report: a
    photo at a place the manifest knows keeps that name (None for the others: new photos), and the names every photo
    the report has known took, which a new photo must not take. So ``serie2/t1.jpg`` scanned after ``serie1/t1.jpg``
    never takes the name (and the decisions) of the other table's list."""
    manifest = _read_manifest(results / MANIFEST)
    known: dict[str, str] = {}
    for key, entry in manifest.items():
        where = _place(entry)
        if where is not None:
            known.setdefault(resolved(Path(where)), key)
        if _unread_at(entry):
            # a broken link at its first scan, the photo itself put in its place since: it keeps its name
            known.setdefault(resolved(Path(entry["photo"])), key)
    names: list[Optional[str]] = []
    for photo in photos:
        name = known.get(resolved(photo))
        names.append(name if name not in names else None)   # the same place given twice: the second named anew
    return names, set(manifest)


def forget_others(results: Path, names: Iterable[str]) -> list[Path]:
    """Take out of ``results`` the lists earlier runs kept for photos that are not ``names`` (a photo taken out of its
    folder, a copy that gave way to the same photo given now), so that ``standings`` of the results folder counts what
    the report shows: the files the batch wrote for them (``NAME.list.json``, ``NAME.overlay.jpg``) go; their manifest
    entries stay, so that a photo back in its place (a USB stick plugged in again) rejoins the report at the next scan
    (read again) and keeps its name. Returns the places of the photos whose lists left the report now because they
    are not there any more."""
    manifest = _read_manifest(results / MANIFEST)
    keep = set(names)
    missing = []
    for name, entry in manifest.items():
        if name in keep:
            continue
        had = (results / f"{name}.list.json").exists()
        for suffix in (".list.json", ".overlay.jpg"):
            try:
                (results / f"{name}{suffix}").unlink()
            except FileNotFoundError:
                pass
        where = _place(entry)
        if had and where is not None and not Path(where).is_file():
            missing.append(Path(where))         # said once, at the scan it leaves the report
    return missing


def _place(entry) -> Optional[str]:
    """Where a manifest entry's photo was: its resolved ``path`` (written since session 42), else the ``photo`` as
    given; None for an entry that says neither."""
    where = (entry.get("path") or entry.get("photo")) if isinstance(entry, dict) else None
    return where if isinstance(where, str) and where else None


def report_name_of_file(results: Path, folder: Path, file_name: str, but: str) -> Optional[str]:
    """The report name (other than ``but``) of a list in ``results`` whose photo lies in ``folder`` and whose form saves
    ``file_name`` there (``NAME.settle.json``), or None: a photo's own settle file that is another list's file by its
    report name ("Tisch_3.settle.json" of "Tisch 3.jpg", beside "Tisch_3.jpg") belongs to neither for sure."""
    here = resolved(folder)
    for key, entry in _read_manifest(results / MANIFEST).items():
        where = _place(entry)
        if key != but and where and f"{key}.settle.json" == file_name and resolved(Path(where).parent) == here:
            return key
    return None


def photo_in_manifest(results: Path, name: str) -> Optional[str]:
    """Where the photo of the list ``name`` in the report's ``results`` folder was, as its manifest says (resolved,
    whatever folder the scan ran in), or None."""
    return _place(_manifest_as_is(results).get(name))


def sha256_in_manifest(results: Path, name: str) -> Optional[str]:
    """The hash of the photo of the list ``name`` in the report's ``results`` folder, as its manifest has it (or
    None)."""
    entry = _manifest_as_is(results).get(name)
    sha = entry.get("sha256") if isinstance(entry, dict) else None
    return sha if isinstance(sha, str) and sha else None


def manifest_hashes(results: Path) -> set[str]:
    """The hashes of every photo the report in ``results`` has had (its manifest's; those away too)."""
    return set(manifest_photos(results))


def manifest_photos(results: Path) -> dict[str, str]:
    """Every photo the report in ``results`` has had (those away too): its place by its hash (of one hash, a place
    where a photo is)."""
    out: dict[str, str] = {}
    for entry in _manifest_as_is(results).values():
        where = _place(entry)
        sha = entry.get("sha256") if isinstance(entry, dict) else None
        if where and isinstance(sha, str) and sha and (sha not in out or Path(where).is_file()):
            out[sha] = where
    return out


#: The manifests read as they are (:func:`_manifest_as_is`), by the results folder, with the manifest file's identity
#: when they were read (:func:`_manifest_key`).
_MANIFESTS_SEEN: dict[str, tuple] = {}


def _manifest_key(results: Path) -> Optional[tuple]:
    """The manifest file's identity (inode, size, time in ns; written whole by a rename, so a new one differs), None
    when there is none."""
    try:
        st = (results / MANIFEST).stat()
    except OSError:
        return None
    return st.st_ino, st.st_size, st.st_mtime_ns


def _manifest_as_is(results: Path) -> dict:
    """The report's manifest, read once while it is unchanged, for reading only (a list's photo and its hash, asked
    for each list of ``audit bericht/results``; not :func:`_read_manifest`'s copy, which a batch changes)."""
    key = _manifest_key(results)
    if key is None:
        return {}
    if _MANIFESTS_SEEN.get(str(results), (None,))[0] != key:
        _MANIFESTS_SEEN[str(results)] = (key, _read_manifest(results / MANIFEST))
    return _MANIFESTS_SEEN[str(results)][1]


def _read_manifest(path: Path) -> dict:
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
        return doc if isinstance(doc, dict) else {}
    except (OSError, json.JSONDecodeError):
        return {}
