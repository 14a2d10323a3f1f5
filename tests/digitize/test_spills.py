"""A total's digit run over the line into the count cell beside it (digitize.spills): the count read as that digit is
put in doubt, its reading kept, where the arithmetic mended the total to its reading with that digit added and the
count does not fit its row; a count that fits, or a total read right, puts nothing in doubt."""
import random

from audit.auditor import audit
from audit.model import cell_ref
from audit.simulate import simulate
from digitize.decode import decode

from tests.digitize.test_decode import perfect_reads, table_of, with_read


def _lost_row():
    """A simulated table of three and a row of it whose declarer lost with a new total of 10 or more, and the
    declarer (1-based)."""
    for seed in range(50):
        sl = simulate(random.Random(seed), seats=3)
        for g in sl.games:
            if g.crossed_out or g.passed or g.minus is None:
                continue
            for s, c in enumerate(g.players, start=1):
                if c.total is not None and c.total >= 10:
                    return sl, g, s
    raise AssertionError("no such row")


def _list():
    return simulate(random.Random(3), seats=3)


def test_a_gew_read_as_the_digit_a_lost_games_total_is_missing_is_in_doubt():
    """A lost game's total "134" read "13" in doubt (134 its runner-up), its "4" read at 0.99 in the empty "Gew." cell
    beside it (seed 9's photo 9022): the arithmetic takes 134, and the "Gew." is in doubt, its reading kept and the
    empty cell shown; the finding on the count rests on it. Read right, the total leaves the count as it was read."""
    sl, g, s = _lost_row()
    total = g.players[s - 1].total
    digit = str(total)[-1]
    reads = with_read(perfect_reads(sl), cell_ref(g.no, "total", s), str(total)[:-1], 0.6, (str(total), 0.3))
    reads = with_read(reads, cell_ref(g.no, "won", s), digit, 0.99)
    got = decode(reads, table_of(sl), 36)
    assert got.readings[cell_ref(g.no, "total", s)].value == total
    r = got.readings[cell_ref(g.no, "won", s)]
    assert (r.value, r.doubtful, r.reason, r.chosen_by) == (int(digit), True, "row", "reader")
    assert None in [v for v, _ in r.candidates]
    counts = [f for f in audit(got).findings if f.code == "counter" and f.game == g.no]
    assert counts and all(f.doubtful for f in counts)
    # the total read right: nothing says where the count's ink came from (the auditor's finding on paper)
    right = with_read(perfect_reads(sl), cell_ref(g.no, "won", s), digit, 0.99)
    r = decode(right, table_of(sl), 36).readings[cell_ref(g.no, "won", s)]
    assert (r.value, r.doubtful) == (int(digit), False)


def test_a_verl_read_as_the_first_digit_of_the_next_seats_total_is_in_doubt():
    """The next seat's total "252" read "52" (seed 11's photo 11026), its first "2" in the "Verl." of the seat
    before, who has no total in the row: that "Verl." is in doubt."""
    sl = _list()
    for g in sl.games:
        seats = [s for s, c in enumerate(g.players, start=1) if c.total is not None and c.total >= 10]
        if not g.crossed_out and not g.passed and seats and seats[0] > 1 and \
                all(c.total is None and c.won is None and c.lost is None for c in g.players[:seats[0] - 1]):
            s = seats[0]
            break
    else:
        raise AssertionError("no row whose declarer sits after another seat")
    total = g.players[s - 1].total
    digit = str(total)[0]
    reads = with_read(perfect_reads(sl), cell_ref(g.no, "total", s), str(total)[1:], 0.6, (str(total), 0.3))
    reads = with_read(reads, cell_ref(g.no, "lost", s - 1), digit, 0.99)
    got = decode(reads, table_of(sl), 36)
    assert got.readings[cell_ref(g.no, "total", s)].value == total
    r = got.readings[cell_ref(g.no, "lost", s - 1)]
    assert (r.value, r.doubtful, r.reason) == (int(digit), True, "row")


def test_a_count_that_fits_its_row_is_left_as_read():
    """A won game's total read a digit short and mended, beside its "Gew." read surely as the previous count plus one,
    which is also the total's last digit: the count fits its row and is no spilled digit."""
    sl = _list()
    for g in sl.games:
        c = next((c for c in g.players if c.total is not None), None)
        if not g.crossed_out and g.plus is not None and c and c.won is not None and c.total >= 10 \
                and str(c.total)[-1] == str(c.won):
            s = g.players.index(c) + 1
            break
    else:
        raise AssertionError("no won row whose total ends in its count")
    total = g.players[s - 1].total
    reads = with_read(perfect_reads(sl), cell_ref(g.no, "total", s), str(total)[:-1], 0.6, (str(total), 0.3))
    got = decode(reads, table_of(sl), 36)
    assert got.readings[cell_ref(g.no, "total", s)].value == total
    r = got.readings[cell_ref(g.no, "won", s)]
    assert not r.doubtful


def test_the_digit_is_joined_on_the_side_the_count_lies():
    """The total's reading with the count's digit added: after it for the Gew. on its right ("13" and "4": 134, "-13"
    and "4": -134), before it for the Verl. on its left, after a negative total's minus ("52" and "2": 252, "-52" and
    "2": -252); a reading of the total that is the settled value itself, or too improbable, says nothing."""
    from types import SimpleNamespace

    from digitize.spills import _short_by
    cells = SimpleNamespace(read={"t": [(13, 0.6), (-13, 0.2), (52, 0.1), (-52, 0.05), (134, 1e-9)]})
    assert _short_by(cells, "t", 134, 4, before=False) and _short_by(cells, "t", -134, 4, before=False)
    assert _short_by(cells, "t", 252, 2, before=True) and _short_by(cells, "t", -252, 2, before=True)
    assert not _short_by(cells, "t", 134, 4, before=True) and not _short_by(cells, "t", 135, 4, before=False)
    assert not _short_by(SimpleNamespace(read={"t": [(134, 0.9), (13, 1e-9)]}), "t", 134, 4, before=False)


def _won_row():
    """A simulated table of three and a row of it whose declarer won and counts in "Gew.", and the declarer."""
    for seed in range(50):
        sl = simulate(random.Random(seed), seats=3)
        for g in sl.games:
            if g.crossed_out or g.passed or g.plus is None or g.minus is not None:
                continue
            for s, c in enumerate(g.players, start=1):
                if c.total is not None and c.won is not None:
                    return sl, g, s
    raise AssertionError("no such row")


def test_a_gew_read_empty_beside_its_figure_read_in_verl_is_in_doubt():
    """The sample skatscan-4-errors.jpg's game 16 (review of session 53): the declarer's "Gew." figure written across
    the line and read in his "Verl." (in doubt for its row: a won game's declarer has no new "Verl."), his "Gew." read
    empty at 0.99. That empty reading is in doubt too, kept, the figure among its readings, and the counter findings
    and corrections rest on the doubt. A figure in "Verl." that is not the next "Gew." puts nothing in doubt."""
    sl, g, s = _won_row()
    count = g.players[s - 1].won
    won, lost = cell_ref(g.no, "won", s), cell_ref(g.no, "lost", s)
    reads = with_read(with_read(perfect_reads(sl), lost, str(count), 0.98, ("", 0.01)), won, "", 0.99,
                      (str(count), 0.004))
    got = decode(reads, table_of(sl), 36)
    assert got.readings[lost].doubtful and got.readings[lost].reason == "row"
    r = got.readings[won]
    assert (r.value, r.doubtful, r.reason, r.chosen_by) == (None, True, "row", "reader")
    assert count in [v for v, _ in r.candidates]
    a = audit(got)
    assert [f for f in a.findings if f.code == "counter" and f.game == g.no]
    assert all(c.provisional for c in a.corrected.corrections if c.game == g.no and c.field in ("won", "lost"))
    other = with_read(with_read(perfect_reads(sl), lost, str(count + 3), 0.98, ("", 0.01)), won, "", 0.99)
    r = decode(other, table_of(sl), 36).readings[won]
    assert (r.value, r.doubtful) == (None, False)
