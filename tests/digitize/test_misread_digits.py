"""The hand's misread digit learnt from the list's rows (digitize.misread_digits): a digit swap that mends several
rows is the reader's, one that mends a single row stays the auditor's finding."""
import random

import numpy as np

from audit.auditor import audit
from audit.model import cell_ref
from audit.simulate import simulate
from digitize.cell_values import CellRead
from digitize.decode import decode
from digitize.misread_digits import MISREAD_DIGIT_ROWS, swapped_digit
from digitize.reader import BLANK, CHARSET

from tests.digitize.test_decode import perfect_reads, table_of, with_read


def _suit_rows_with(sl, base):
    return [g for g in sl.games if g.base == base and g.plus is not None and not g.crossed_out]


def _lists():
    """A simulated list of three with at least three won games of Grundwert 11 (Grün), and those rows."""
    for seed in range(50):
        sl = simulate(random.Random(seed), seats=3)
        rows = _suit_rows_with(sl, 11)
        if len(rows) >= 3:
            return sl, rows
    raise AssertionError("no simulated list with three Grün games")


def test_a_swap_that_mends_several_rows_is_the_readers():
    """The hand's "11" read "12" at 0.95 (the "11" beside it at 0.03) in two rows: both take 11, chosen by the
    arithmetic and in doubt; the list audits clean of them."""
    assert MISREAD_DIGIT_ROWS == 2
    sl, rows = _lists()
    reads = perfect_reads(sl)
    refs = [cell_ref(g.no, "base") for g in rows[:2]]
    for ref in refs:
        reads = with_read(reads, ref, "12", 0.95, ("11", 0.03))
    got = decode(reads, table_of(sl), 36)
    for ref in refs:
        r = got.readings[ref]
        assert r.value == 11 and r.doubtful and r.chosen_by == "arithmetic" and r.reason == "arithmetic"
        assert (12, 0.95) in r.candidates                 # the referee sees what was read
    assert not [f for f in audit(got).errors if f.game in {g.no for g in rows[:2]} and not f.doubtful]


def test_one_row_alone_stays_a_doubt_with_its_reading():
    """The same misreading in one row: the reading is kept, in doubt for its row (the keeper's slip as often)."""
    sl, rows = _lists()
    ref = cell_ref(rows[0].no, "base")
    r = decode(with_read(perfect_reads(sl), ref, "12", 0.95, ("11", 0.03)), table_of(sl), 36).readings[ref]
    assert r.value == 12 and r.doubtful and r.reason == "row" and r.chosen_by == "reader"


def test_different_swaps_mend_nothing():
    """"12" for 11 in one row and "10" for 11 in another: no digit the hand seems to write for another."""
    sl, rows = _lists()
    a, b = (cell_ref(g.no, "base") for g in rows[:2])
    reads = with_read(with_read(perfect_reads(sl), a, "12", 0.95, ("11", 0.03)), b, "10", 0.95, ("11", 0.03))
    got = decode(reads, table_of(sl), 36)
    assert (got.readings[a].value, got.readings[b].value) == (12, 10)
    assert all(got.readings[r].reason == "row" for r in (a, b))


def test_a_keepers_slip_read_surely_stays_an_error_on_paper():
    """Two rows whose Grundwert the keeper wrote "12" for a Grün game, read surely with nothing beside it: no row
    would add up with anything the reader saw, so nothing is mended and both are the auditor's findings."""
    sl, rows = _lists()
    reads = perfect_reads(sl)
    for g in rows[:2]:
        reads = with_read(reads, cell_ref(g.no, "base"), "12", 0.999)
    got = decode(reads, table_of(sl), 36)
    assert [got.readings[cell_ref(g.no, "base")].value for g in rows[:2]] == [12, 12]
    found = {f.game for f in audit(got).errors if not f.doubtful}
    assert {g.no for g in rows[:2]} <= found


def test_swapped_digit():
    assert swapped_digit(290, 190) == ("2", "1")
    assert swapped_digit(-21, -22) == ("1", "2")
    assert swapped_digit(21, 212) == ("", "2") and swapped_digit(46, 416) == ("", "1")     # a digit dropped
    assert swapped_digit(212, 21) is None and swapped_digit(21, 2134) is None
    assert swapped_digit(21, None) is None and swapped_digit(2.5, 1.5) is None


def _totals_with_a_one(sl, n):
    """``n`` running totals of different rows whose figure holds a "1" that, dropped, leaves another figure, as (cell,
    written, read with the "1" dropped)."""
    out = []
    for g in sl.games:
        for s, p in enumerate(g.players, start=1):
            text = str(abs(p.total)) if p.total is not None else ""
            fresh = all(o[0].split(".")[0] != f"g{g.no}" for o in out)
            if "1" in text[1:] and len(text) >= 3 and len(out) < n and fresh:
                i = text.index("1", 1)
                sign = "-" if p.total < 0 else ""
                out.append((cell_ref(g.no, "total", s), sign + text, sign + text[:i] + text[i + 1:]))
    return out


def test_a_digit_the_hand_drops_in_several_rows_is_the_readers():
    """Seed 9's photo 9032: a hand whose "1" between two digits the reader loses ("416" read "46", "112" read "12"):
    two totals read surely with the "1" dropped, the written figure beside them at 0.003, each in doubt for its row;
    the same dropped digit in two rows is the reader's, and both take the written figure, chosen by the arithmetic and
    in doubt. One such total alone keeps its reading, in doubt."""
    for seed in range(40):
        sl = simulate(random.Random(seed), seats=3)
        found = _totals_with_a_one(sl, 2)
        if len(found) == 2:
            break
    reads = perfect_reads(sl)
    for ref, written, dropped in found:
        reads = with_read(reads, ref, dropped, 0.99, (written, 0.003))
    got = decode(reads, table_of(sl), 36)
    for ref, written, dropped in found:
        r = got.readings[ref]
        assert (r.value, r.chosen_by, r.doubtful) == (int(written), "arithmetic", True)
        assert (int(dropped), 0.99) in r.candidates
    ref, written, dropped = found[0]
    alone = with_read(perfect_reads(sl), ref, dropped, 0.99, (written, 0.003))
    r = decode(alone, table_of(sl), 36).readings[ref]
    assert (r.value, r.chosen_by, r.reason) == (int(dropped), "reader", "row")


def test_the_swap_learnt_in_the_rows_mends_the_footer():
    """A hand whose looped "2" is read "9": two matador counts read "9" beside a "2" (rare counts, the rows' arithmetic
    takes the 2) teach the swap, and the footer's game points "172" read "179" at 0.95 (the "172" beside it at 0.03),
    which the footer would add up with, takes 172, chosen by the arithmetic and in doubt. Without the two rows the
    reading stays, in doubt for its footer."""
    sl = simulate(random.Random(0), seats=3)
    twos = [g for g in sl.games if (g.mit or g.ohne) == 2 and g.plus is not None and not g.crossed_out][:2]
    assert len(twos) == 2 and sl.footer.points[0] == 172
    points = "footer.points.1"
    alone = with_read(perfect_reads(sl), points, "179", 0.95, ("172", 0.03))
    r = decode(alone, table_of(sl), 36).readings[points]
    assert r.value == 179 and r.doubtful and r.reason == "row"
    reads = alone
    for g in twos:
        reads = with_read(reads, cell_ref(g.no, "mit" if g.mit else "ohne"), "9", 0.95, ("2", 0.03))
    got = decode(reads, table_of(sl), 36)
    assert all(got.readings[cell_ref(g.no, "mit" if g.mit else "ohne")].value == 2 for g in twos)
    r = got.readings[points]
    assert r.value == 172 and r.doubtful and r.chosen_by == "arithmetic"


def steps_of(text: str, meant: str, p_text: float, p_meant: float) -> np.ndarray:
    """Per-step probabilities (T x (1 + len(CHARSET))) of a cell read ``text`` with ``meant`` possible: each character
    of ``text`` at p_text, the character of ``meant`` in its place at p_meant where they differ, blank the rest; a blank
    step between characters."""
    rows = []
    for a, b in zip(text, meant):
        row = np.full(1 + len(CHARSET), 1e-6)
        row[1 + CHARSET.index(a)] = p_text
        if b != a:
            row[1 + CHARSET.index(b)] = p_meant
        row[BLANK] = max(1.0 - row.sum() + row[BLANK], 1e-6)
        blank = np.full(1 + len(CHARSET), 1e-6)
        blank[BLANK] = 1.0
        rows += [row / row.sum(), blank / blank.sum()]
    return np.array(rows, np.float32)


def test_a_learnt_swap_is_put_to_the_reader_in_a_row_with_several_doubts():
    """Two rows teach the swap "2" read for 1 (their Grundwerte mended, as above). A third row, a Grün game mit 1
    (22), read below the bar as Grundwert "12" (or "10") and "mit 2": no value of either alone makes it add up, so
    nothing was chosen there; the swap's values (11, 1), asked of the reader (each 5 % probable, never among its top
    readings), make it add up together, and the arithmetic takes them, in doubt."""
    sl = simulate(random.Random(seed_with_grün_mit_one()), seats=3)
    rows = _suit_rows_with(sl, 11)
    third = next(g for g in rows if g.mit == 1)
    teach = [g for g in rows if g is not third][:2]
    reads = perfect_reads(sl)
    for g in teach:
        reads = with_read(reads, cell_ref(g.no, "base"), "12", 0.95, ("11", 0.03))
    base, mit = cell_ref(third.no, "base"), cell_ref(third.no, "mit")
    reads = [CellRead(r.ref, "12", 0.7, (("12", 0.7), ("10", 0.25)), probs=(steps_of("12", "11", 0.7, 0.05),))
             if r.ref == base
             else CellRead(r.ref, "2", 0.7, (("2", 0.7),), probs=(steps_of("2", "1", 0.7, 0.05),)) if r.ref == mit
             else r for r in reads]
    got = decode(reads, table_of(sl), 36)
    for ref, want in ((base, 11), (mit, 1)):
        r = got.readings[ref]
        assert r.value == want and r.doubtful and r.chosen_by == "arithmetic", (ref, r)
    # without the two rows that teach the swap, the row keeps its readings, in doubt
    untaught = [r for r in reads if r.ref not in {cell_ref(g.no, "base") for g in teach}] + \
        [r for r in perfect_reads(sl) if r.ref in {cell_ref(g.no, "base") for g in teach}]
    got = decode(untaught, table_of(sl), 36)
    assert (got.readings[base].value, got.readings[mit].value) == (12, 2)
    assert got.readings[base].doubtful and got.readings[mit].doubtful


def seed_with_grün_mit_one() -> int:
    for seed in range(200):
        rows = _suit_rows_with(simulate(random.Random(seed), seats=3), 11)
        if len(rows) >= 3 and any(g.mit == 1 for g in rows):
            return seed
    raise AssertionError("no simulated list with three Grün games, one of them mit 1")
