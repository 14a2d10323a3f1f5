"""How often the QR code of skatscan's own edition is read on synthetic phone photos.

    python bench/bench_qr.py [--photos 12] [--widths 1000 1600 2000 3000 4000]

For each width, ``--photos`` clean lists on forms with series, table and start numbers printed
(as ``skatscan draw --forms`` prints them) are written by hand and photographed with a random mix
of camera effects (``digitize.synth``), then located; a photo counts when its QR payload is read
and gives the printed series, table and start numbers. Where the QR code is not read, skatscan
falls back on the file name, the handwriting and, with ``scan --seating``, the start numbers.
Prints a markdown table.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from audit.simulate import simulate  # noqa: E402
from digitize.locate import LocateError, locate  # noqa: E402
from digitize.synth.dataset import make_sample_from_list  # noqa: E402


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--photos", type=int, default=12)
    ap.add_argument("--widths", type=int, nargs="+", default=[1000, 1600, 2000, 3000, 4000])
    args = ap.parse_args(argv)
    print("| photo width | QR read and right | located | seconds per photo (locate) |\n| ---: | ---: | ---: | ---: |")
    for width in args.widths:
        read = found = 0
        seconds = []
        for i in range(args.photos):
            rng = random.Random(1000 * width + i)
            seats = rng.choice([3, 4])
            numbers = tuple(str(n) for n in rng.sample(range(1, 200), seats))
            sl = simulate(rng, seats=seats, early_end=False, first_dealer=1, series=rng.randint(1, 9),
                          table=rng.randint(1, 60), start_numbers=numbers)
            sample = make_sample_from_list(sl, [], seed=i, width=width, printed_series_table=True,
                                           printed_start_numbers=True)
            t = time.perf_counter()
            try:
                loc = locate(sample.photo.image)
            except LocateError:
                continue
            seconds.append(time.perf_counter() - t)
            found += 1
            qr = loc.payload
            if qr and (qr["series"], qr["table"], tuple(qr["start_numbers"] or ())) == (
                    sl.table.series, sl.table.table, numbers):
                read += 1
        per = sum(seconds) / len(seconds) if seconds else float("nan")
        print(f"| {width} | {read}/{args.photos} | {found}/{args.photos} | {per:.2f} |")


if __name__ == "__main__":
    main()
