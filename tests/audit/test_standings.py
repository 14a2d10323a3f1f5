import random

import pytest

from audit.auditor import audit
from audit.simulate import simulate
from audit.standings import StandingsError, standings


def test_ranking_and_tie_breaks():
    a = audit(simulate(random.Random(1), seats=4, series=1, table=1, start_numbers=("1", "2", "3", "4")))
    b = audit(simulate(random.Random(1), seats=4, series=1, table=2, start_numbers=("5", "6", "7", "8")))
    lines = standings([a, b])
    # same table twice: every score appears twice, tied on score, won and lost: same place, marked
    assert len(lines) == 8
    for first, second in zip(lines[::2], lines[1::2]):
        assert (first.score, first.won, first.lost) == (second.score, second.won, second.lost)
        assert first.place == second.place and first.tie and second.tie
    scores = [p.score for p in lines]
    assert scores == sorted(scores, reverse=True)


def test_won_then_lost_break_a_tie():
    a = audit(simulate(random.Random(2), seats=3, series=1, table=1, start_numbers=("1", "2", "3")))
    lines = standings([a])
    pts = {p.start_number: p for p in lines}
    assert [p.place for p in lines] == sorted(p.place for p in lines)
    assert sum(p.score for p in pts.values()) == sum(r.score for r in a.result)


def test_series_summed_per_player():
    s1 = audit(simulate(random.Random(3), seats=3, series=1, table=1, start_numbers=("1", "2", "3")))
    s2 = audit(simulate(random.Random(4), seats=3, series=2, table=1, start_numbers=("3", "1", "2")))
    lines = {p.start_number: p for p in standings([s1, s2])}
    assert lines["1"].score == s1.result[0].score + s2.result[1].score
    assert set(lines["1"].series) == {1, 2}


def test_same_player_twice_in_a_series_is_refused():
    a = audit(simulate(random.Random(5), seats=3, series=1, table=1, start_numbers=("1", "2", "3")))
    with pytest.raises(StandingsError):
        standings([a, a])
