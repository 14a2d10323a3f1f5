"""A tournament's start numbers, read from the lists' handwriting: how many players the standings get right.

    python bench/bench_tournament.py [--players 40] [--series 3] [--seed 1] [--width 3000]

``skatscan draw`` seats PLAYERS start numbers for SERIES series; every table's list is simulated (a clean series,
Platz 1 dealing first), written by the test writers on a DSkV form, the start numbers by hand (no QR code), and
photographed (WIDTH px, the camera's random effects); each photo is read as ``skatscan scan`` reads it, series
and table taken from the file name (``s2-t7.jpg``) where the reader doubts them. Then, for the lists as read:

* the start-number cells: right, in doubt, wrong without doubt;
* the players whose standings line is right (every series at the right table and seat, nothing else in it):
  the lists as read alone; with the other lists settling a start number read in doubt that another table of
  its series has (``desk.start_numbers``); and with the seating list (``skatscan scan --seating``), whose drawn
  numbers replace the handwriting;
* how many start numbers read in doubt clash with a number another table of the series has surely (before
  session 27 one such clash refused the whole ranking; now that seat stands in as ``S-T-P``).

The figures are of the start numbers only: a line counts as right when its results come from the right seats,
whatever the reader made of the other cells.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cv2  # noqa: E402

from audit.auditor import audit  # noqa: E402
from audit.simulate import simulate  # noqa: E402
from audit.standings import StandingsError, standings  # noqa: E402
from desk.draw import draw  # noqa: E402
from desk.seating import apply_seating, seating_lookup  # noqa: E402
from desk.start_numbers import reconcile_start_numbers  # noqa: E402
from digitize.locate import LocateError  # noqa: E402
from digitize.pipeline import digitize_image  # noqa: E402
from digitize.synth.dataset import make_sample_from_list, sample_seed  # noqa: E402
from skatscan.photos import with_name_hint  # noqa: E402


def read_tournament(players: int, series: int, seed: int, width: int):
    """(tables drawn, [(truth list, list as read, seconds)]) for one simulated tournament."""
    drawn = draw([str(n) for n in range(1, players + 1)], series, seed)
    out = []
    for i, t in enumerate(drawn.tables):
        s = sample_seed(seed, i)
        truth = simulate(random.Random(s), seats=t.seats, early_end=False, first_dealer=1, series=t.series,
                         table=t.table, start_numbers=t.numbers)
        sample = make_sample_from_list(truth, [], seed=s, edition="dskv", width=width, split="test")
        t0 = time.perf_counter()
        try:
            sl = digitize_image(sample.photo.image, source=f"s{t.series}-t{t.table}.jpg").list
        except LocateError as exc:
            print(f"s{t.series}-t{t.table}: {exc}", file=sys.stderr)
            sl = None
        seconds = time.perf_counter() - t0
        if sl is not None:
            sl = with_name_hint(sl, Path(f"s{t.series}-t{t.table}.jpg"))
        out.append((sample.list, sl, seconds))
        print(f"{i + 1}/{len(drawn.tables)} s{t.series}-t{t.table} {seconds:.1f} s", file=sys.stderr)
    return drawn, out


def cells(pairs) -> Counter:
    """Start-number cells of the lists as read against the truth: right, doubt (wrong or right), wrong unflagged."""
    c = Counter()
    for truth, sl in pairs:
        doubtful = sl.doubtful_cells()
        for seat, want in enumerate(truth.table.start_numbers, start=1):
            got = sl.table.start_numbers[seat - 1] if seat - 1 < len(sl.table.start_numbers) else None
            right = got is not None and str(got) == str(want)
            c["cells"] += 1
            c["right"] += right
            c["in doubt"] += f"table.start_number.{seat}" in doubtful
            c["wrong unflagged"] += not right and f"table.start_number.{seat}" not in doubtful
    return c


def right_lines(pairs, truths) -> tuple[int, int, str]:
    """(players whose line is right, players, note): a line is right when it holds exactly the player's seats."""
    want = {}
    for truth in truths:
        for seat, n in enumerate(truth.table.start_numbers, start=1):
            want.setdefault(str(n), set()).add((truth.table.series, truth.table.table, seat))
    try:
        lines = standings([audit(sl) for _, sl in pairs])
    except StandingsError as exc:
        return 0, len(want), f"refused: {exc}"
    got = {p.start_number: {(s, v[0], v[1]) for s, v in p.series.items()} for p in lines}
    return sum(got.get(n) == seats for n, seats in want.items()), len(want), ""


def clashes(pairs) -> int:
    """Start numbers read in doubt that another seat of the series holds, read surely."""
    seats = [(sl.table.series, str(n), f"table.start_number.{seat}" in sl.doubtful_cells())
             for _, sl in pairs for seat, n in enumerate(sl.table.start_numbers, start=1) if n is not None]
    sure = {(series, n) for series, n, in_doubt in seats if not in_doubt}
    return sum(1 for series, n, in_doubt in seats if in_doubt and (series, n) in sure)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=40)
    ap.add_argument("--series", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--width", type=int, default=3000)
    args = ap.parse_args(argv)
    cv2.setNumThreads(1)
    t0 = time.perf_counter()
    drawn, read = read_tournament(args.players, args.series, args.seed, args.width)
    pairs = [(truth, sl) for truth, sl, _ in read if sl is not None]
    truths = [truth for truth, _, _ in read]
    settled = [(truth, sl) for (truth, _), (sl, _) in zip(pairs, reconcile_start_numbers([sl for _, sl in pairs]))]
    lookup = seating_lookup(drawn.tables)
    seated = [(truth, apply_seating(sl, lookup)[0]) for truth, sl in pairs]
    print(f"{args.players} players, {args.series} series, {len(read)} lists ({len(read) - len(pairs)} not found), "
          f"seed {args.seed}, {args.width} px, {time.perf_counter() - t0:.0f} s\n")
    print("| start numbers | cells | right | in doubt | wrong unflagged | doubtful clashes | players' lines right |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name, these in (("as read", pairs), ("settled by the other lists", settled), ("from the seating list", seated)):
        c = cells(these)
        ok, n, note = right_lines(these, truths)
        print(f"| {name} | {c['cells']} | {c['right']} ({c['right'] / c['cells']:.1%}) | {c['in doubt']} | "
              f"{c['wrong unflagged']} | {clashes(these)} | {ok} of {n} ({ok / n:.1%}){' ' + note if note else ''} |")


if __name__ == "__main__":
    main()
