"""Start numbers read in doubt, narrowed by the other lists of the tournament (desk.start_numbers)."""
import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from audit.model import CellReading, ScoreList, Table
from desk.start_numbers import CHOSEN_BY, MIN_CANDIDATE, reconcile_start_numbers


def _list(series, table, numbers, doubts=None):
    """A list of ``series`` and ``table`` whose start numbers are ``numbers``; ``doubts`` (seat -> candidates,
    best first) are read in doubt, the value the best candidate."""
    doubts = doubts or {}
    readings = {f"table.start_number.{seat}": CellReading(value=cands[0][0], confidence=cands[0][1],
                                                          candidates=tuple(cands), doubtful=True, reason="bar")
                for seat, cands in doubts.items()}
    return ScoreList(table=Table(seats=len(numbers), series=series, table=table, start_numbers=tuple(numbers)),
                     readings=readings, source=f"s{series}-t{table}")


def _numbers(result):
    return [sl.table.start_numbers for sl, _ in result]


def _tournament(doubt):
    """Series 1 read surely (players 5, 14, 22, 114, 7, 31, 40), series 2 with seat 2 of table 2 read in doubt."""
    return [_list(1, 1, ["5", "14", "22", "114"]), _list(1, 2, ["7", "31", "40"]),
            _list(2, 1, ["14", "22", "40", "7"]), _list(2, 2, ["31", doubt[0][0], "5"], {2: doubt})]


def test_a_number_another_table_has_takes_the_one_candidate_that_fits():
    """"114" read "14" in doubt; 14 plays at table 1 of the same series, and of the candidates only 114 is free
    there and plays in series 1: it is taken, still in doubt, with the reader's candidates."""
    result = reconcile_start_numbers(_tournament([("14", 0.6), ("114", 0.3), ("41", 0.05)]))
    sl, notes = result[3]
    assert sl.table.start_numbers == ("31", "114", "5")
    r = sl.readings["table.start_number.2"]
    assert (r.value, r.doubtful, r.chosen_by, r.reason) == ("114", True, CHOSEN_BY, "bar")
    assert r.candidates == (("14", 0.6), ("114", 0.3), ("41", 0.05))
    assert [(n.seat, n.series, n.read, n.taken) for n in notes] == [(2, 2, "14", "114")]
    assert notes[0].text() == ("start number at seat 2 read 14 in doubt, which another table of series 2 has: 114 "
                               "taken, the only one of its candidates free in the series and read surely in another "
                               "series (still in doubt)")
    assert notes[0].text("de").startswith("Start-Nr. auf Platz 2 im Zweifel als 14 gelesen")
    assert all(not n for _, n in result[:3]) and _numbers(result)[:3] == _numbers(
        [(sl, []) for sl in _tournament([("14", 0.6)])])[:3]


def test_the_lists_order_does_not_matter():
    lists = _tournament([("14", 0.6), ("114", 0.3)])
    forward = {sl.source: sl.table.start_numbers for sl, _ in reconcile_start_numbers(lists)}
    backward = {sl.source: sl.table.start_numbers for sl, _ in reconcile_start_numbers(lists[::-1])}
    assert forward == backward and forward["s2-t2"] == ("31", "114", "5")


def test_what_the_other_lists_do_not_decide_stays_as_read():
    cases = {
        "the candidate that fits is too improbable": (_tournament([("14", 0.99), ("114", MIN_CANDIDATE / 2)]), "14"),
        "no candidate fits": (_tournament([("14", 0.6), ("41", 0.3), ("22", 0.1)]), "14"),
        # 99 plays in series 1 as well and is free in series 2: two candidates fit
        "two candidates fit": (_tournament([("14", 0.6), ("114", 0.3), ("99", 0.05)]) + [_list(1, 3, ["99", "98"])],
                               "14"),
        # the same with 99 not among the candidates: 114 alone fits
        "one fits": (_tournament([("14", 0.6), ("114", 0.3), ("41", 0.05)]) + [_list(1, 3, ["99", "98"])], "114"),
    }
    for why, (lists, want) in cases.items():
        sl, notes = reconcile_start_numbers(lists)[3]
        assert sl.table.start_numbers == ("31", want, "5") and len(notes) == (want != "14"), why
        assert sl.readings["table.start_number.2"].chosen_by == ("reader" if want == "14" else CHOSEN_BY), why


def test_a_number_no_list_contradicts_is_kept():
    """A number read in doubt that no other seat of its series has stays, even if no other series has it (the
    player's other lists may not be scanned yet); so does a seat read empty, and a number read surely."""
    lists = [_list(1, 1, ["5", "14", "22", "114"]),
             _list(2, 1, ["14", "22", "8", "5"], {3: [("8", 0.5), ("114", 0.4)]}),
             _list(2, 2, [None, "31"], {1: [(None, 0.4), ("114", 0.3)]}),
             _list(2, 3, ["14", "77"])]      # 14 read surely twice: the standings' to refuse, not changed here
    result = reconcile_start_numbers(lists)
    assert _numbers(result) == [sl.table.start_numbers for sl in lists]
    assert not any(notes for _, notes in result)


def test_two_doubtful_seats_that_would_take_one_number_keep_theirs():
    lists = [_list(1, 1, ["5", "14", "22", "114"]), _list(1, 2, ["7", "31", "40"]),
             _list(2, 1, ["14", "22", "40", "7"]),
             _list(2, 2, ["31", "14", "5"], {2: [("14", 0.6), ("114", 0.3)]}),
             _list(2, 3, ["22", "9"], {1: [("22", 0.5), ("114", 0.2)]})]
    result = reconcile_start_numbers(lists)
    assert _numbers(result) == [sl.table.start_numbers for sl in lists]


def test_lists_without_series_or_outside_a_tournament_are_left_alone():
    lists = _tournament([("14", 0.6), ("114", 0.3)])
    private = replace(lists[3], table=replace(lists[3].table, kind="private"))
    unknown = replace(lists[3], table=replace(lists[3].table, series=None))
    for other in (private, unknown):
        sl, notes = reconcile_start_numbers([*lists[:3], other])[3]
        assert sl is other and not notes


# ------------------------------------------------------------------------------------------ properties

@st.composite
def tournaments(draw):
    """Two or three series of tables holding numbers 1..12, some seats read in doubt with random candidates."""
    rng = random.Random(draw(st.integers(0, 10 ** 6)))
    lists = []
    for series in range(1, draw(st.integers(2, 3)) + 1):
        players = [str(n) for n in rng.sample(range(1, 13), 9)]
        for table, start in enumerate(range(0, 9, 3), start=1):
            numbers, doubts = players[start:start + 3], {}
            for seat in range(1, 4):
                if rng.random() < 0.3:
                    cands = [(str(rng.randint(1, 14)), round(rng.uniform(0.3, 0.9), 3))]
                    cands += [(str(rng.randint(1, 14)), round(rng.uniform(0.0005, 0.2), 4)) for _ in range(3)]
                    numbers[seat - 1] = cands[0][0]
                    doubts[seat] = cands
            lists.append(_list(series, table, numbers, doubts))
    return lists


@settings(max_examples=150, deadline=None)
@given(tournaments())
def test_only_doubtful_clashing_numbers_change_and_only_to_a_candidate_that_fits(lists):
    result = reconcile_start_numbers(lists)
    sure, seen = {}, {}
    for sl in lists:
        for seat, n in enumerate(sl.table.start_numbers, start=1):
            seen.setdefault(sl.table.series, set()).add(n)
            if f"table.start_number.{seat}" not in sl.doubtful_cells():
                sure.setdefault(sl.table.series, set()).add(n)
    for before, (after, notes) in zip(lists, result):
        changed = [seat for seat, (a, b) in enumerate(zip(before.table.start_numbers, after.table.start_numbers), 1)
                   if a != b]
        assert len(notes) == len(changed)
        for seat in changed:
            ref, new = f"table.start_number.{seat}", after.table.start_numbers[seat - 1]
            r = after.readings[ref]
            assert before.readings[ref].doubtful and before.table.start_numbers[seat - 1] in sure[before.table.series]
            assert r.doubtful and r.chosen_by == CHOSEN_BY and new in {v for v, p in r.candidates if p >= MIN_CANDIDATE}
            assert new not in seen[before.table.series]
            assert any(new in numbers for s, numbers in sure.items() if s != before.table.series)
        kept = {ref for ref in before.readings if ref not in {f"table.start_number.{s}" for s in changed}}
        assert {ref: after.readings[ref] for ref in kept} == {ref: before.readings[ref] for ref in kept}
        assert set(after.readings) == set(before.readings)
    # a second pass changes nothing more
    again = reconcile_start_numbers([sl for sl, _ in result])
    assert _numbers(again) == _numbers(result) and not any(n for _, n in again)


def test_the_referee_is_told_which_number_the_other_lists_chose():
    from audit.auditor import audit
    from audit.simulate import simulate

    played = simulate(random.Random(6), seats=3, series=2, table=2, start_numbers=("31", "14", "5"))
    lists = _tournament([("14", 0.6), ("114", 0.3)])
    lists[3] = replace(played, readings=lists[3].readings)
    sl, _ = reconcile_start_numbers(lists)[3]
    doubts = [f for f in audit(sl).findings if f.code == "unreadable"]
    assert [(f.key, f.cells, f.doubtful) for f in doubts] == [("unreadable.by-tournament", ("table.start_number.2",),
                                                              True)]
    assert "114 was taken: another player of this series has the start number read" in doubts[0].message("en")
    assert "genommen wurde 114" in doubts[0].message("de") and "Kandidaten: 14, 114" in doubts[0].message("de")
