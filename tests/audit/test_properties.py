"""Property tests over simulated series (hypothesis draws the seeds and table shapes)."""
import random

from hypothesis import given
from hypothesis import strategies as st

from audit.auditor import audit, run_checks
from audit.findings import CORRECTABLE, INFO
from audit.score import cents
from audit.simulate import ERROR_KINDS, seeded, simulate
from audit.settings import Settings

seeds = st.integers(min_value=0, max_value=2**32 - 1)
seats = st.sampled_from([3, 4])


@given(seeds, seats, st.booleans())
def test_valid_series_audit_clean(seed, n, early):
    sl = simulate(random.Random(seed), seats=n, early_end=early)
    a = audit(sl)
    assert [f for f in a.findings if f.severity != INFO] == []
    assert a.status == "clean"
    assert a.corrected.corrections == ()
    # the result is the footer the keeper wrote
    assert [r.score for r in a.result] == list(sl.footer.score)


@given(seeds, seats, st.sampled_from(ERROR_KINDS))
def test_each_seeded_error_is_found_exactly(seed, n, kind):
    sl, expected = seeded(random.Random(seed), kind, n)
    a = audit(sl)
    got = {(f.code, f.game, f.seat) for f in a.findings if f.severity != INFO}
    want = {(e.code, e.game, e.seat) for e in expected if e.code != "overbid"}
    assert got == want
    infos = {(f.code, f.game, f.seat) for f in a.findings if f.severity == INFO}
    assert {(e.code, e.game, e.seat) for e in expected if e.code == "overbid"} <= infos


@given(seeds, seats, st.sampled_from(ERROR_KINDS))
def test_corrected_list_audits_clean_and_never_scores_higher(seed, n, kind):
    sl, _ = seeded(random.Random(seed), kind, n)
    a = audit(sl)
    left = [f for f in run_checks(a.corrected.sl, Settings()) if f.code in CORRECTABLE]
    assert left == []
    # correcting again changes nothing
    assert audit(a.corrected.sl).corrected.corrections == ()
    # no seat ends above its written figures or the figures its game columns give
    clean = audit(a.corrected.sl)
    for s, r in enumerate(a.result):
        written = sl.footer.score[s]
        assert r.score <= written
        assert r.points <= sl.footer.points[s]
        assert r.score == clean.result[s].score
    if kind != "impossible-value":
        columns = from_game_columns(sl)
        assert all(r.points <= columns[s] for s, r in enumerate(a.result))


def from_game_columns(sl):
    """Each seat's points from the game columns alone: won +value, lost -2 x value."""
    from audit.rows import LOST, WON, analyse
    points = [0] * sl.seats
    for f in analyse(sl):
        if f.played and f.declarer is not None and f.value is not None:
            points[f.declarer] += f.value if f.outcome == WON else -2 * f.value if f.outcome == LOST else 0
    return points


@given(st.lists(st.integers(-2000, 2000), min_size=3, max_size=4))
def test_cents_sum_to_zero(finals):
    assert sum(cents(finals)) == 0
