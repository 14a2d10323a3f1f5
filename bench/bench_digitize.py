"""How well and how fast skatscan reads photographed lists, end to end.

    python bench/bench_digitize.py [--photos 40] [--engine skatscan|tesseract|both] [--seed 7] [--camera clean]

Synthetic photos (digitize.synth.dataset) written with the TEST handwriting split (writers not
used to train the reader), both editions, three and four seats, 720-4000 px, camera effects,
some with paper errors. For every written cell the value the digitized list holds is compared
with the truth:

* exact: the value is right; on the DSkV form, whose keeper writes each player's loss money into his signature
  box, the box counts as two written cells: the signature (signed or not) and the amount (``footer.money.N``, a
  money cell; :func:`written_cells`);
* wrong without doubt: the value is wrong and the cell is not marked doubtful (the dangerous
  case: the referee is not told to look);
* doubts: cells marked doubtful (the referee looks at them);
* sheets right: photos with no wrong value at all; sheets trusted: photos on which every value not
  marked doubtful is right (nothing wrong without doubt, no phantom): what the referee can take as read;
  sheets right but the start numbers: photos with no wrong value outside the start-number boxes, which a
  tournament's seating list fills in (``skatscan scan --seating``: the drawn numbers replace the handwriting);
* the same figures over the photos skatscan accepts: those it does not ask to photograph again
  (desk.pages.retake_advice: most of what was read in doubt) and whose list it found;
* confirmed by their rows: written cells read below the confidence bar (or doubted for their hand) that their rows
  confirm (digitize.confirm: not doubtful), and how many of them are wrong (counted among the wrong without doubt too);
* writing out of its crop: written cells more than :data:`OVERFLOW` of whose ink lies outside the crop the
  reader is shown (``SampleCell.outside``: the keeper wrote over the cell's lines), with their exact readings,
  wrong readings without doubt and doubts, beside the same figures of the other written cells;
* phantoms: empty cells that the digitized list holds a value for without a doubt mark (not among the
  written cells above, counted on their own so that a reader that invents values cannot hide);
* paper errors: the expected findings of seeded lists found as findings (not as doubts);
* false paper errors: findings shown as errors on paper (not as doubts) that the list as written does not
  have (a misreading the referee is told is the keeper's mistake);
* how honest the confidences are: the reader's own best reading of each cell, before the list's arithmetic, by the
  confidence it gives it (:data:`BANDS`), against the truth: of the cells read at 0.85-0.95, how many are right
  (:func:`reliability`; readings of something and of an empty cell apart).

``--camera clean`` photographs the same lists in the same hands with a perfect camera instead (straight on,
3000 px, no blur, noise, shadow or JPEG): what is still wrong or doubtful then comes from the handwriting.

The issue measures exact readings over the written cells, but wrong readings without doubt and doubts
over all cells; both are printed: over the written cells (the stricter figure) and over all checked
cells (written and empty; a wrong reading without doubt there is a written cell read wrong or a
phantom, a doubt is a doubtful written or empty cell).

Then the seconds per 12-megapixel photo (4000 x 3000 JPEG) for the whole digitize on one core, of a list at a
table of three and one at a table of four (1,191 cells to read instead of 786), beside the plain JPEG decode.
Issue targets: >= 99% exact, <= 0.3% wrong without doubt, <= 5% doubts, >= 90% sheets right, < 1.5 s per 12 MP
photo.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from audit.auditor import audit  # noqa: E402
from audit.findings import INFO  # noqa: E402
from audit.model import holds_nothing  # noqa: E402
from desk.pages import retake_advice  # noqa: E402
from digitize.cell_values import NOTHING, field_of, parse  # noqa: E402
from digitize.locate import LocateError  # noqa: E402
from digitize.pipeline import digitize_image  # noqa: E402
from digitize.synth.camera import CameraEffects  # noqa: E402
from digitize.synth.dataset import SampleCell, make_sample  # noqa: E402

WRITTEN = {"number", "mark", "money", "dash", "signature"}
#: A written cell whose crop misses more than this share of its ink counts as writing out of its crop.
OVERFLOW = 0.15
#: The start-number boxes' references: a tournament's seating list gives their numbers (desk.seating.apply_seating).
START_NUMBER = "table.start_number."


def truth_value(ref: str, text: str):
    v = parse(field_of(ref), text)
    return None if v is NOTHING else v


def same_value(got, want) -> bool:
    """Whether a value read is the truth's: equal, or nothing where nothing is written (no mark reads False)."""
    return got == want or (want is None and holds_nothing(got))


def score_sample(sample, engine: str) -> dict:
    """Digitize one synthetic photo and score it (:func:`score_list`), with the seconds it took."""
    try:
        d = digitize_image(sample.photo.image, engine=engine, source=f"synth-{sample.seed}")
    except LocateError as exc:
        return not_located(sample, exc)
    out = score_list(sample, d.list) + reliability(sample, d.reads)
    out["seconds"] += sum(v for k, v in d.timings.items() if "." not in k)
    return out


#: The reader's confidence bands of the reliability table (lower bounds; the last band holds 1.0).
BANDS = (0.0, 0.3, 0.5, 0.7, 0.85, 0.95, 0.99)


def band_of(confidence: float) -> float:
    """The lower bound of the :data:`BANDS` band ``confidence`` falls in."""
    return max(b for b in BANDS if confidence >= b) if confidence >= 0 else BANDS[0]


def reliability(sample, reads) -> Counter:
    """How often the reader's best reading of a cell is right, by the confidence it gives it: its own reading
    (``CellRead``, before the list's arithmetic took any value) against the truth, read as a value of the cell's
    column (an "X" for a "+" mark, "0,5" for "0,50"); readings of something (a figure, a mark, a dash) and readings
    of an empty cell apart, as the reader gave them (what it read, not what the cell holds: a figure read in an
    empty cell is a reading of something that is wrong). A signature box, and the amount read in a DSkV box, are
    left out (their readings hold two things). Keys ``rel:KIND:BAND:`` (KIND "something" or "empty") with ``n``,
    ``right`` and ``conf`` (the confidences summed)."""
    truth = {ref: cell for ref, cell in written_cells(sample)}
    truth.update({ref: cell for ref, cell in sample.cells.items() if cell.kind == "empty"})
    out = Counter()
    for r in reads:
        cell = truth.get(r.ref)
        if cell is None or r.ref.startswith("signature.") or r.beside:
            continue
        got = parse(field_of(r.ref), r.text)
        got = None if got is NOTHING else got
        want = None if cell.kind == "empty" else truth_value(r.ref, cell.text)
        key = f"rel:{'something' if r.text.strip() else 'empty'}:{band_of(r.confidence)}:"
        out[key + "n"] += 1
        out[key + "right"] += same_value(got, want)
        out[key + "conf"] += r.confidence
    return out


def reliability_rows(c: Counter) -> list[str]:
    """The reliability table's rows (markdown): per band of the reader's confidence, for the cells read as holding
    something and those read empty, how many cells, their mean confidence and the share read right."""
    rows = ["| the reader's confidence | cells read as holding something | mean confidence | right | cells read "
            "empty | mean confidence | right |", "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for lo, hi in zip(BANDS, BANDS[1:] + (1.0,)):
        cols = []
        for kind in ("something", "empty"):
            key = f"rel:{kind}:{lo}:"
            n = c[key + "n"]
            cols += [str(n), f"{c[key + 'conf'] / n:.3f}" if n else "-", pct(c[key + "right"], n)]
        rows.append(f"| {lo:.2f}-{hi:.2f}{'' if hi < 1 else ' (1.00 too)'} | " + " | ".join(cols) + " |")
    return rows


def written_cells(sample) -> list[tuple[str, SampleCell]]:
    """The written cells of ``sample`` to score, (reference, truth) each: the sample's cells of a WRITTEN kind, and
    where the form has no money row (the DSkV form) the loss money its keeper wrote into a signature box as a
    cell of its own, ``footer.money.N`` (kind "money", the amount's text; the box itself is scored as signed or
    not, kind "signature", by the signature beside the amount: a box holding the amount alone is not signed, since
    session 31). Before session 28 such a box was one cell scored on the signature alone, and the amounts in it,
    which the digitized list holds as ``footer.money.N``, were not scored at all."""
    out = []
    for ref, cell in sample.cells.items():
        if cell.kind not in WRITTEN:
            continue
        money = f"footer.money.{ref.split('.')[1]}" if ref.startswith("signature.") else None
        amounts = [part for part in cell.parts if part[1] == "money"]
        if money is None or money in sample.cells or not amounts:
            out.append((ref, cell))
            continue
        # the box is signed when it holds a signature beside the amount ("0,50" alone: not signed)
        signed = " ".join(part[0] for part in cell.parts if part[1] == "signature")
        out.append((ref, replace(cell, kind="signature", text=signed)))
        text, _kind, quad = amounts[0]
        out.append((money, SampleCell(text=text, kind="money", quad=quad, visible=cell.visible)))
    return out


def not_located(sample, exc: Exception) -> Counter:
    """A photo whose list was not found: every written cell counts as wrong."""
    out = Counter()
    out["not_located"] += 1
    written = [c for _ref, c in written_cells(sample)]
    out["written"] += len(written)
    out["wrong"] += len(written)
    out["over"] += sum(1 for c in written if c.outside > OVERFLOW)
    out["within"] += len(written) - out["over"]
    out["empty"] += sum(1 for c in sample.cells.values() if c.kind == "empty")
    out["sheets"] += 1
    out["problem:" + type(exc).__name__] += 1
    return out


def score_list(sample, sl) -> Counter:
    """The digitized list ``sl`` of ``sample``'s photo against its truth (see the module docstring)."""
    out = Counter()
    readings = sl.readings
    crossed = {g.no for g in sl.games if g.crossed_out}
    sheet_wrong = sheet_wrong_sure = wrong_start = 0
    for ref, cell in sample.cells.items():
        if cell.kind == "empty":
            r = readings.get(ref)
            out["empty"] += 1
            if r is not None and not holds_nothing(r.value) and not r.doubtful:
                out["phantom_sure"] += 1
                sheet_wrong_sure += 1
            if r is not None and r.doubtful:
                out["doubt_empty"] += 1
    for ref, cell in written_cells(sample):
        out["written"] += 1
        out["kind:" + cell.kind] += 1
        want = truth_value(ref, cell.text)
        r = readings.get(ref)
        if r is None:
            got, doubtful = NOTHING, False
            if ref.startswith("g") and int(ref[1:].split(".")[0]) in crossed:
                got = "crossed"
        else:
            got, doubtful = r.value, r.doubtful
        ok = same_value(got, want)
        if doubtful:
            out["doubt"] += 1
            out["doubt:" + cell.kind] += 1
        over = "over" if cell.outside > OVERFLOW else "within"
        out[over] += 1
        out[over + "_exact"] += ok
        out[over + "_wrong_sure"] += not ok and not doubtful
        out[over + "_doubt"] += doubtful
        if r is not None and r.confirmed_by:
            out["confirmed"] += 1
            out["confirmed_wrong"] += not ok
        if ok:
            out["exact"] += 1
            out["exact:" + cell.kind] += 1
        else:
            out["wrong"] += 1
            sheet_wrong += 1
            wrong_start += ref.startswith(START_NUMBER)
            if not doubtful:
                out["wrong_sure"] += 1
                sheet_wrong_sure += 1
    out["sheets"] += 1
    out["sheets_right"] += sheet_wrong == 0
    out["sheets_trusted"] += sheet_wrong_sure == 0
    out["sheets_right_but_start"] += sheet_wrong == wrong_start
    out["retake"] += retake_advice(sl) is not None
    expected = {(e.code, e.game, e.seat) for e in sample.expected if e.code != "overbid"}
    found = _paper_errors(sl)
    out["paper_expected"] += len(expected)
    out["paper_found"] += len(expected & found)
    out["paper_false"] += len(found - expected - _paper_errors(sample.list))
    return out


def _paper_errors(sl) -> set[tuple]:
    """(code, game, seat) of the findings the referee is shown as errors on paper (not INFO, not in doubt)."""
    return {(f.code, f.game, f.seat) for f in audit(sl).findings if f.severity != INFO and not f.doubtful}


def overflow_row(c: Counter, label: str) -> str:
    """The written cells whose writing runs out of their crop, and the others: exact, wrong without doubt, doubts."""
    def three(k: str) -> str:
        return (f"exact {pct(c[k + '_exact'], c[k])}, wrong without doubt {pct(c[k + '_wrong_sure'], c[k])}, "
                f"doubts {pct(c[k + '_doubt'], c[k])}")
    return (f"| writing out of its crop (more than {OVERFLOW:.0%} of the ink) on the photos{label}: "
            f"{c['over']} of {c['written']} written cells ({pct(c['over'], c['written'])}), {three('over')}; "
            f"the others: {three('within')} |")


def pct(a, b) -> str:
    return f"{100.0 * a / b:.2f}%" if b else "-"


def all_cells(c: Counter) -> tuple[int, str, str]:
    """Over all checked cells (written and empty): their number, the share wrong without doubt (written
    cells read wrong and phantoms) and the share in doubt."""
    cells = c["written"] + c["empty"]
    return cells, pct(c["wrong_sure"] + c["phantom_sure"], cells), pct(c["doubt"] + c["doubt_empty"], cells)


#: The perfect camera of ``--camera clean``: the page straight on, 3000 px wide, nothing else.
CLEAN_CAMERA_WIDTH = 3000


def accuracy(n: int, seed: int, engine: str, camera: str = "phone") -> tuple[Counter, Counter]:
    """The scores of ``n`` photos summed: over all of them, and over those skatscan accepts (found, and no
    advice to photograph the list again)."""
    total, accepted = Counter(), Counter()
    effects = CameraEffects.clean(CLEAN_CAMERA_WIDTH) if camera == "clean" else None
    for i in range(n):
        sample = make_sample(seed * 1000 + i, split="test", effects=effects)
        one = score_sample(sample, engine)
        total += one
        if not one["retake"] and not one["not_located"]:
            accepted += one
        print(f"  {engine}: photo {i + 1}/{n}", end="\r", file=sys.stderr)
    print(file=sys.stderr)
    return total, accepted


def figures(c: Counter) -> str:
    """exact | wrong without doubt | doubts | sheets right | sheets trusted, as table cells."""
    return (f"{pct(c['exact'], c['written'])} | {pct(c['wrong_sure'], c['written'])} | "
            f"{pct(c['doubt'], c['written'])} | "
            f"{pct(c['sheets_right'], c['sheets'])} | {pct(c['sheets_trusted'], c['sheets'])}")


def photo_12mp(seed: int, seats: int) -> np.ndarray:
    """The JPEG bytes (uint8 array) of a 12-megapixel (4000 x 3000, quality 90) photo of sample ``seed``'s list at a
    table of ``seats`` (test writers)."""
    sample = make_sample(seed, split="test", width=4000, seats=seats)
    img = sample.photo.image
    if img.shape[1] / img.shape[0] != 4 / 3:
        img = cv2.resize(img, (4000, 3000) if img.shape[1] > img.shape[0] else (3000, 4000))
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 90])
    return np.frombuffer(buf.tobytes(), np.uint8)


def speed(engine: str, seed: int, seats: int) -> tuple[float, float]:
    """Seconds for the whole digitize of a 12 MP photo of a list of ``seats`` players (a table of four has half
    as many cells again as one of three), and for decoding its JPEG alone."""
    data = photo_12mp(seed, seats)
    decode_times, total_times = [], []
    for _ in range(3):
        t0 = time.perf_counter()
        image = cv2.imdecode(data, cv2.IMREAD_COLOR)
        t1 = time.perf_counter()
        try:
            digitize_image(image, engine=engine)
        except LocateError:
            pass
        t2 = time.perf_counter()
        decode_times.append(t1 - t0)
        total_times.append(t2 - t0)
    return min(total_times), min(decode_times)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--photos", type=int, default=40)
    ap.add_argument("--engine", choices=["skatscan", "tesseract", "both"], default="skatscan")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--camera", choices=["phone", "clean"], default="phone",
                    help="phone: drawn camera effects (default); clean: a perfect 3000 px photo of the same lists")
    args = ap.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    cv2.setNumThreads(1)
    engines = ["skatscan", "tesseract"] if args.engine == "both" else [args.engine]
    camera = "drawn phone camera effects" if args.camera == "phone" else \
        f"a perfect camera ({CLEAN_CAMERA_WIDTH} px, straight on, no blur, noise, shadow or JPEG)"
    print(f"{args.photos} synthetic photos, test handwriting split (writers not used in training), seed {args.seed}, "
          f"{camera}\n")
    print("| engine | written cells | exact | wrong without doubt | doubts | sheets with no wrong cell | "
          "sheets with nothing wrong unflagged | paper errors found | false paper errors | s/photo (all sizes) | "
          "s per 12 MP photo | JPEG decode alone |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    blank = " | " * 6
    for engine in engines:
        c, ok = accuracy(args.photos, args.seed, engine, args.camera)
        (three, decode_only), (four, _) = speed(engine, args.seed, 3), speed(engine, args.seed, 4)
        print(f"| {engine} | {c['written']} | {figures(c)} | "
              f"{c['paper_found']}/{c['paper_expected']} | {c['paper_false']} | "
              f"{c['seconds'] / max(1, c['sheets']):.2f} | "
              f"3 seats {three:.2f}, 4 seats {four:.2f} | {decode_only:.3f} |")
        print(f"| the {ok['sheets']} photos it accepts (list found, no advice to photograph it again) | "
              f"{ok['written']} | "
              f"{figures(ok)} | {ok['paper_found']}/{ok['paper_expected']} | {ok['paper_false']} | | | |")
        kinds = sorted(k.split(":")[1] for k in c if k.startswith("kind:"))
        print("| exact per kind | " + ", ".join(f"{k} {pct(c['exact:' + k], c['kind:' + k])}" for k in kinds)
              + (f"; not located: {c['not_located']}" if c["not_located"] else "") + blank + " | | | | |")
        for label, k in (("", c), (" it accepts", ok)):
            cells, wrong_sure, doubts = all_cells(k)
            print(f"| of all {cells} cells (written and empty) of the photos{label} | | | {wrong_sure} | {doubts} |"
                  + blank + " |")
        print("| doubts per kind | " + ", ".join(f"{k} {pct(c['doubt:' + k], c['kind:' + k])}" for k in kinds)
              + f"; phantoms (empty cells given a value without doubt): {c['phantom_sure']} of {c['empty']}"
              + "; confirmed by their rows (below the bar or doubted for their hand, not in doubt): "
              + f"{c['confirmed']}, wrong {c['confirmed_wrong']}"
              + blank + " | | | | |")
        for label, k in (("", c), (" it accepts", ok)):
            print(overflow_row(k, label) + blank + " | | | | |")
        print(f"| sheets with no wrong cell but the start numbers (the seating list gives them: scan --seating) | | | "
              f"| | {pct(c['sheets_right_but_start'], c['sheets'])}; of the photos it accepts "
              f"{pct(ok['sheets_right_but_start'], ok['sheets'])} |" + blank + " |")
        if any(k.startswith("rel:") for k in c):
            print(f"\nHow honest the {engine} reader's confidences are: its best reading of each cell (before the "
                  f"list's arithmetic) against the truth, all {c['sheets']} photos\n")
            print("\n".join(reliability_rows(c)))
            print()


if __name__ == "__main__":
    main()
