"""A count read in doubt in the cell of a seat that did not declare the row (digitize.stray_counts): taken as empty by
the row's arithmetic, in doubt, where the reader saw the empty cell too; a count read surely, or with no empty reading
beside it, stays as it was read."""
import random

from audit.auditor import audit
from audit.model import cell_ref
from audit.simulate import simulate
from digitize.decode import decode

from tests.digitize.test_decode import perfect_reads, table_of, with_read


def _row():
    """A simulated table of three, a row of it with one declarer and a "+" or "-", and a seat that did not declare it
    (1-based) whose count cells are empty on paper."""
    sl = simulate(random.Random(4), seats=3)
    for g in sl.games[9:]:      # a count of 1 to 9 is one the column can hold
        if g.crossed_out or g.passed or (g.plus is None) == (g.minus is None):
            continue
        declarers = [s for s, c in enumerate(g.players, start=1) if c.total is not None]
        others = [s for s, c in enumerate(g.players, start=1) if c.total is None and c.won is None and c.lost is None]
        if len(declarers) == 1 and others:
            return sl, g, others[0]
    raise AssertionError("no such row")


def _several_declarers(sl, no):
    return [f for f in audit(sl).findings if f.code == "several-declarers" and f.game == no]


def test_a_count_read_unsurely_beside_the_empty_cell_in_a_seat_that_did_not_declare_is_taken_as_empty():
    """Seed 8's photo 8037: the "6" of the row above reaches into an empty "Gew." cell, read "6" at 0.45 beside the
    empty cell at 0.28. The row has one declarer: the arithmetic takes the empty cell, in doubt, the "6" among its
    candidates, and no finding says the seat declared."""
    sl, g, s = _row()
    ref = cell_ref(g.no, "won", s)
    reads = with_read(perfect_reads(sl), ref, "6", 0.45, ("", 0.28), ("5", 0.11))
    got = decode(reads, table_of(sl), 36)
    r = got.readings[ref]
    assert (r.value, r.doubtful, r.chosen_by, r.reason) == (None, True, "arithmetic", "arithmetic")
    assert 6 in [v for v, _ in r.candidates]
    assert got.games[g.no - 1].players[s - 1].won is None
    assert not _several_declarers(got, g.no)
    # the referee is still asked about the cell
    assert [f.params["cell"] for f in audit(got).findings if f.code == "unreadable" and f.game == g.no] == [ref]


def test_a_count_read_surely_in_a_seat_that_did_not_declare_stays_the_auditors_finding():
    """A keeper's count written in the wrong seat, read surely: an error on paper, not the reader's to take away."""
    sl, g, s = _row()
    ref = cell_ref(g.no, "lost", s)
    got = decode(with_read(perfect_reads(sl), ref, "3", 0.99, ("", 0.004)), table_of(sl), 36)
    r = got.readings[ref]
    assert (r.value, r.doubtful, r.chosen_by) == (3, False, "reader")
    assert _several_declarers(got, g.no) and not any(f.doubtful for f in _several_declarers(got, g.no))


def test_a_count_read_in_doubt_without_the_empty_cell_among_its_readings_keeps_its_reading():
    """The reader saw a figure there and nothing else: which figure is the referee's question, not whether one is
    written."""
    sl, g, s = _row()
    ref = cell_ref(g.no, "won", s)
    got = decode(with_read(perfect_reads(sl), ref, "6", 0.45, ("5", 0.3), ("8", 0.2)), table_of(sl), 36)
    r = got.readings[ref]
    assert (r.value, r.doubtful, r.chosen_by) == (6, True, "reader")
