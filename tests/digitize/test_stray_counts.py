"""A count read in doubt in the cell of a seat that did not declare the row (digitize.stray_counts): taken as empty by
the row's arithmetic, in doubt, where the reader saw the empty cell too; a count read surely, or with no empty reading
beside it, stays as it was read."""
import random

from hypothesis import example, given, settings, strategies as st

from audit.auditor import audit
from audit.model import cell_ref
from audit.simulate import ERROR_KINDS, seeded, simulate
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



def test_a_count_read_above_the_bar_but_below_keep_bar_in_a_seat_that_did_not_declare_is_put_in_doubt_and_emptied():
    """Seed 9's photo 9028: the "7" of the row above read at 0.88 in an empty "Gew." cell (the empty cell at 0.04), a
    figure wrong without a doubt. Above the bar but below KEEP_BAR it is in doubt as any confident figure its row
    contradicts, and taken as empty; read at KEEP_BAR or more it stays (the previous test)."""
    from digitize.doubts import KEEP_BAR

    sl, g, s = _row()
    ref = cell_ref(g.no, "won", s)
    got = decode(with_read(perfect_reads(sl), ref, "7", 0.88, ("", 0.04)), table_of(sl), 36)
    r = got.readings[ref]
    assert (r.value, r.doubtful, r.chosen_by) == (None, True, "arithmetic") and 7 in [v for v, _ in r.candidates]
    assert not _several_declarers(got, g.no)
    got = decode(with_read(perfect_reads(sl), ref, "7", KEEP_BAR + 0.01, ("", 0.04)), table_of(sl), 36)
    assert (got.readings[ref].value, got.readings[ref].doubtful) == (7, False) and _several_declarers(got, g.no)

def test_a_count_read_in_doubt_without_the_empty_cell_among_its_readings_keeps_its_reading():
    """The reader saw a figure there and nothing else: which figure is the referee's question, not whether one is
    written."""
    sl, g, s = _row()
    ref = cell_ref(g.no, "won", s)
    got = decode(with_read(perfect_reads(sl), ref, "6", 0.45, ("5", 0.3), ("8", 0.2)), table_of(sl), 36)
    r = got.readings[ref]
    assert (r.value, r.doubtful, r.chosen_by) == (6, True, "reader")


def _phantoms(sl, rng: random.Random, n: int = 8) -> list:
    """Up to ``n`` empty count cells of seats that did not declare their row (a row with one declarer and a "+" or a
    "-"), with a figure the column can hold for each."""
    cells = []
    for g in sl.games:
        if g.crossed_out or g.passed or (g.plus is None) == (g.minus is None):
            continue
        declarers = [s for s, c in enumerate(g.players, start=1) if c.total is not None]
        if len(declarers) != 1:
            continue
        cells += [(cell_ref(g.no, kind, s), str(rng.randint(1, min(g.no, 9))))
                  for s, c in enumerate(g.players, start=1) if s != declarers[0]
                  for kind in ("won", "lost") if getattr(c, kind) is None]
    return rng.sample(cells, min(n, len(cells)))


@settings(max_examples=20, deadline=None)
@given(kind=st.sampled_from(ERROR_KINDS), seed=st.integers(0, 10_000), seats=st.sampled_from((3, 4)))
@example(kind="several-declarers", seed=0, seats=3)
@example(kind="counter", seed=1, seats=4)
def test_phantom_counts_in_seats_that_did_not_declare_change_no_finding(kind, seed, seats):
    """A list with a seeded keeper mistake (a count or total written in the wrong seat among them), read as written
    but for up to eight empty count cells of seats that did not declare their rows, each read as a figure below the
    bar beside the empty cell (ink from the row above or below): the auditor reports exactly the findings of the list
    read as written (no seat made a declarer by a phantom), each as sure as there unless it names a phantom among the
    cells it rests on (a running total's finding names the row's counts: a reading doubt there is the referee's to
    see), and every phantom is taken as empty and shown to the referee as a doubt."""
    if kind == "dealer-declared":
        seats = 4
    sl, _ = seeded(random.Random(seed), kind, seats)
    rng = random.Random(seed)
    phantoms = _phantoms(sl, rng)
    reads = perfect_reads(sl)
    for ref, figure in phantoms:
        reads = with_read(reads, ref, figure, rng.uniform(0.3, 0.6), ("", rng.uniform(0.05, 0.3)))
    games = 48 if seats == 4 else 36
    got = decode(reads, table_of(sl), games)
    want = decode(perfect_reads(sl), table_of(sl), games)

    def paper(doc):
        return [f for f in audit(doc).findings if f.code != "unreadable"]

    found, written = paper(got), paper(want)
    assert [(f.code, f.game, f.seat, f.field) for f in found] == [(f.code, f.game, f.seat, f.field) for f in written]
    names = {ref for ref, _ in phantoms}
    for f, w in zip(found, written):
        assert f.doubtful == w.doubtful or names & set(f.cells), (f, w)
    for ref, _ in phantoms:
        r = got.readings[ref]
        assert r.value is None and r.doubtful, (ref, r)
