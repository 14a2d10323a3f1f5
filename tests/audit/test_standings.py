import random
from dataclasses import replace

import pytest

from audit.auditor import audit
from audit.model import CellReading
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


def _read_with_doubts(sl, doubtful: dict):
    """``sl`` as a photographed list whose cells ``doubtful`` (ref -> value) the reader doubts (value kept)."""
    return replace(sl, readings={ref: CellReading(value=v, confidence=0.4, candidates=((v, 0.4),), doubtful=True,
                                                  reason="bar") for ref, v in doubtful.items()})


def test_a_line_resting_on_a_list_in_doubt_is_provisional():
    """A reading doubt is not corrected like an error on paper: every player at a table whose list still holds
    doubts carries their count, summed over his series; a start number read in doubt marks its own line only."""
    s1 = simulate(random.Random(3), seats=3, series=1, table=1, start_numbers=("1", "2", "3"))
    s1 = _read_with_doubts(s1, {"g1.base": s1.games[0].base, "table.start_number.2": "2"})
    other = simulate(random.Random(6), seats=3, series=1, table=2, start_numbers=("4", "5", "6"))
    s2 = simulate(random.Random(4), seats=3, series=2, table=1, start_numbers=("3", "1", "2"))
    s2 = _read_with_doubts(s2, {"g2.plus": s2.games[1].plus})
    plain = {p.start_number: p for p in standings([audit(s1), audit(other), audit(s2)])}
    assert {n: (plain[n].doubts, plain[n].start_in_doubt) for n in plain} == {
        "1": (3, False), "2": (3, True), "3": (3, False), "4": (0, False), "5": (0, False), "6": (0, False)}
    # the doubts change nothing in the ranking itself: the same lists without readings rank alike
    bare = standings([audit(replace(sl, readings={})) for sl in (s1, other, s2)])
    assert [(p.start_number, p.score, p.place) for p in bare] == \
        [(p.start_number, p.score, p.place) for p in standings([audit(s1), audit(other), audit(s2)])]
    # a doubt the referee settled (no longer doubtful) no longer counts
    settled = replace(s1, readings={ref: replace(r, doubtful=False, reason="") for ref, r in s1.readings.items()})
    lines = {p.start_number: p for p in standings([audit(settled), audit(other)])}
    assert all(p.doubts == 0 and not p.start_in_doubt for p in lines.values())


def test_a_start_number_in_doubt_that_another_player_has_stands_in():
    """Seat 2 of table 2 read "1" in doubt while player 1 sits surely at table 1 of the same series: the ranking is
    not refused, that seat gets a stand-in line naming series, table and seat with the number it was read as, and
    which seat stands in does not depend on the order of the lists."""
    t1 = simulate(random.Random(3), seats=3, series=1, table=1, start_numbers=("1", "2", "3"))
    t2 = simulate(random.Random(6), seats=3, series=1, table=2, start_numbers=("4", "1", "6"))
    t2 = _read_with_doubts(t2, {"table.start_number.2": "1"})
    for order in ([t1, t2], [t2, t1]):
        lines = {p.start_number: p for p in standings([audit(sl) for sl in order])}
        assert set(lines) == {"1", "2", "3", "4", "S1-T2-P2", "6"}
        stand_in = lines["S1-T2-P2"]
        assert (stand_in.read_as, stand_in.start_in_doubt, stand_in.series[1][:2]) == ("1", True, (2, 2))
        assert (lines["1"].read_as, lines["1"].start_in_doubt, lines["1"].series[1][:2]) == ("", False, (1, 1))
        assert stand_in.score == audit(t2).result[1].score
    # read in doubt at both tables: the later table stands in, whatever the order of the lists
    both = _read_with_doubts(t1, {"table.start_number.1": "1"})
    for order in ([both, t2], [t2, both]):
        lines = {p.start_number: p for p in standings([audit(sl) for sl in order])}
        assert (lines["1"].series[1][:2], lines["S1-T2-P2"].read_as) == ((1, 1), "1")
    # read surely at both tables, the ranking is refused as before (a list counted twice, or a wrong number)
    sure = replace(t2, readings={})
    with pytest.raises(StandingsError, match="start number 1 plays series 1 twice: at table 1 ") as two_tables:
        standings([audit(t1), audit(sure)])
    assert "the same table" not in str(two_tables.value)
    # the same photographed list counted twice is refused, also where its start numbers are all in doubt; the error
    # says it is one table on two lists (a photo taken again beside the first), and what to do
    with pytest.raises(StandingsError, match="start number 4 plays series 1 twice") as one_table:
        standings([audit(t1), audit(t2), audit(t2)])
    assert str(one_table.value).endswith("; the same table on two lists: one of them is counted twice, take it out")
    assert one_table.value.de.endswith("; derselbe Tisch auf zwei Listen: eine davon zählt doppelt, sie herausnehmen")
    # one list with a number at two of its seats is no table on two lists: nothing to take out
    twice = replace(t1, table=replace(t1.table, start_numbers=("7", "7", "9")), readings={})
    with pytest.raises(StandingsError, match="start number 7 plays series 1 twice") as one_list:
        standings([audit(twice)])
    assert "two lists" not in str(one_list.value)
    doubted = _read_with_doubts(t2, {f"table.start_number.{seat}": n for seat, n in enumerate(("4", "1", "6"), 1)})
    with pytest.raises(StandingsError, match="series 1, table 2 is counted twice"):
        standings([audit(t1), audit(doubted), audit(doubted)])


def test_a_name_that_begins_like_a_formula_is_text_in_the_standings_csv():
    """Names come from the registration list: one beginning with "=", "+", "-" or "@" would run as a formula in the
    spreadsheet the office opens the CSV with (CSV injection); it is written with a leading "'" and shows as typed."""
    import csv
    import io

    from skatscan.cmd_standings import to_csv
    sl = simulate(random.Random(5), seats=3, early_end=False)
    lines = standings([audit(sl)])
    numbers = [p.start_number for p in lines]
    names = dict(zip(numbers, ['=HYPERLINK("http://x","Klick")', "@SUM(A1)", "Klaus Ärger"]))
    rows = list(csv.DictReader(io.StringIO(to_csv(lines, names)), delimiter=";"))
    assert {r["name"] for r in rows} == {'\'=HYPERLINK("http://x","Klick")', "'@SUM(A1)", "Klaus Ärger"}
