"""``skatscan synth``: make synthetic photos of filled lists with their exact truth (reader training and benchmarks).

    skatscan synth -n 200 -o bench/photos --split test
    skatscan synth -n 5000 -o train/ --split train --seed 7
    skatscan synth -n 10 -o out/ --seats 4 --edition dskv --width 1600 --error-rate 0.5

Each sample is ``s<seed>-<i>.jpg`` plus ``s<seed>-<i>.truth.json`` (``skatscan.synth/1``, see docs/synth.md).
Seats, edition and width left unset are drawn per sample. Bad input is one line
``skatscan: <option or folder>: <problem>`` and exit status 2, and nothing is written.
"""
from __future__ import annotations

import errno
import os
import re
import sys
import time
from pathlib import Path

import click

from skatscan.cli import BadInput, OneLineCommand
from skatscan.options import read_seating_file

#: Largest set one run makes.
MAX_SAMPLES = 1_000_000
MAX_SEED = 2**31 - 1
SPLITS = ("train", "test")
EDITIONS = ("skatscan", "dskv")
#: The errors of a disk or quota that is full: another run, with space, makes the samples.
SPACE_ERRORS = (errno.ENOSPC, errno.EDQUOT)


@click.command(name="synth", cls=OneLineCommand)
@click.option("-n", "count", metavar="N", help="number of samples to make")
@click.option("--seating", metavar="SEATING.csv",
              help="one filled list per table of a 'skatscan draw' seating list (instead of -n); clean unless "
                   "--error-rate is given")
@click.option("-o", "--output", required=True, metavar="DIR", help="folder to write into (created if missing)")
@click.option("--seed", default="0", show_default=True, metavar="S", help="seed of the set (sample i: S*100003+i)")
@click.option("--split", default="test", show_default=True, metavar="train|test",
              help="handwriting bank: test for benchmarks, train for training")
@click.option("--seats", metavar="3|4", help="players at the table (default: mixed)")
@click.option("--edition", metavar="skatscan|dskv", help="form edition (default: mixed)")
@click.option("--error-rate", default="0.3", show_default=True, metavar="R",
              help="share of lists with one seeded keeper's mistake (with --seating: 0 unless given)")
@click.option("--width", metavar="W", help="photo width in px, 720 to 4000 (default: mixed, mostly phone size)")
def command(count, seating, output, seed, split, seats, edition, error_rate, width):
    """Make synthetic phone photos of filled lists, each with a truth file (list, findings, every cell).

    Exit status: 0 written, 2 bad input (nothing written; a disk that fills up leaves the samples written before
    it, as its line says: the same command again makes them all), 130 stopped by Ctrl-C, 143 stopped by SIGTERM
    (kill PID; timeout --preserve-status).
    """
    from digitize.synth.camera import MAX_WIDTH, MIN_WIDTH

    if (count is None) == (seating is None):
        raise BadInput("give either -n N or --seating SEATING.csv", "-n")
    if seating is not None:
        # the seating list gives the seats: an option it would ignore is refused; its lists are clean unless
        # --error-rate asks for seeded keeper's mistakes (to rehearse an evening with faulty lists)
        if seats is not None:
            raise BadInput("the seating list gives the seats; leave this option out", "--seats")
        source = click.get_current_context().get_parameter_source("error_rate")
        if source is None or source.name != "COMMANDLINE":
            error_rate = "0"
    tables = _seating_tables(seating) if seating is not None else None
    n = len(tables) if tables is not None else _whole(count, "-n", 1, MAX_SAMPLES)
    n_seed = _whole(seed, "--seed", 0, MAX_SEED)
    if split not in SPLITS:
        raise BadInput(f"must be train or test, not {split!r}", "--split")
    n_seats = None if seats is None else _whole(seats, "--seats", 3, 4)
    if edition is not None and edition not in EDITIONS:
        raise BadInput(f"must be skatscan or dskv, not {edition!r}", "--edition")
    rate = _rate(error_rate)
    n_width = None if width is None else _whole(width, "--width", MIN_WIDTH, MAX_WIDTH)
    out = _folder(output)

    from digitize.synth.dataset import make_set, make_tournament, sample_name

    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise BadInput(f"cannot create the folder: {e.strerror or e}", output) from None
    started = time.monotonic()
    show = sys.stderr.isatty()
    done = []
    before = _photos_in(out)

    def progress(*_) -> None:
        done.append(1)
        bar.update(1)

    with click.progressbar(length=n, label="synth", file=sys.stderr if show else _Quiet()) as bar:
        try:
            if tables is not None:
                made = make_tournament(out, tables, n_seed, progress=progress, split=split,
                                       edition=edition or "skatscan", width=n_width, error_rate=rate)
            else:
                made = make_set(out, n, n_seed, progress=progress, split=split, seats=n_seats,
                                edition=edition, error_rate=rate, width=n_width)
        except OSError as e:
            k = len(done)             # the sample being written, named as make_set and make_tournament name it
            half = _unfinished(out, sample_name(n_seed, k, tables), before) if k < n else ""
            written = f"; {len(done)} of {n} samples written before it" if done else ""
            again = " (the same command again makes them all)" if done and e.errno in SPACE_ERRORS else ""
            raise BadInput(f"{e.strerror or e}{written}{again}{half}", output) from None
    faulty = sum(m.error_kind is not None for m in made)
    seconds = time.monotonic() - started
    click.echo(f"{output}: {len(made)} {'sample' if len(made) == 1 else 'samples'} "
               f"({len(made) - faulty} clean, {faulty} with a seeded mistake), {split} handwriting, "
               f"seed {n_seed}, {seconds:.1f} s")


def _photos_in(out: Path) -> dict[str, tuple[int, int]]:
    """The photos in ``out`` before the run: name -> (inode, time in ns), to tell a photo this run wrote."""
    try:
        return {e.name: (e.inode(), e.stat(follow_symlinks=False).st_mtime_ns) for e in os.scandir(out)
                if e.name.endswith(".jpg")}
    except OSError:
        return {}


def _unfinished(out: Path, name: str, before: dict) -> str:
    """Take out the photo of sample ``name`` this run wrote into ``out`` without its truth (a disk that filled up
    between the two): the folder keeps whole samples only. What to add to the line: "" when none is left behind."""
    photo = out / f"{name}.jpg"
    try:
        st = photo.lstat()
        if not (out / f"{name}.truth.json").exists() and before.get(photo.name) != (st.st_ino, st.st_mtime_ns):
            photo.unlink()
    except FileNotFoundError:
        pass
    except OSError as e:
        return f"; {photo.name} is left without its truth ({e.strerror or e})"
    return ""


def _seating_tables(path: str) -> list[tuple[int, int, tuple[str, ...]]]:
    return [(t.series, t.table, tuple(t.numbers)) for t in read_seating_file(path)[0]]


class _Quiet:
    """A stream that swallows the progress bar when stderr is not a terminal."""

    def write(self, text):
        return len(text)

    def flush(self):
        pass

    def isatty(self):
        return False


def _whole(text: str, option: str, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high`` or BadInput naming ``option``."""
    text = str(text).strip()
    if not re.fullmatch(r"[0-9]{1,10}", text) or not low <= int(text) <= high:
        if (low, high) == (3, 4):
            raise BadInput(f"must be 3 or 4, not {text!r}", option)
        raise BadInput(f"must be a whole number from {low} to {high}, not {text!r}", option)
    return int(text)


def _rate(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0.0 <= value <= 1.0:
        raise BadInput(f"must be a number from 0 to 1, not {text!r}", "--error-rate")
    return value


def _folder(output: str) -> Path:
    """The output folder, checked before anything is made: an existing folder, or one that can be created
    (it is created only when the first sample is written)."""
    path = Path(output)
    if path.exists():
        if not path.is_dir():
            raise BadInput("is a file, not a folder", output)
        if not os.access(path, os.W_OK | os.X_OK):
            raise BadInput("folder is not writable", output)
        return path
    parent = path.parent
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent
    if not parent.is_dir():
        raise BadInput(f"cannot create the folder: {str(parent)!r} is not a folder", output)
    if not os.access(parent, os.W_OK | os.X_OK):
        raise BadInput(f"cannot create the folder: {str(parent)!r} is not writable", output)
    return path
