"""Penalty points (reference 002): the Doppelkopf schedule, and penalties in the totals."""
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from audit.auditor import audit
from audit.findings import INFO
from audit.model import Penalty
from audit.penalties import SCHEDULES, check_points, expected_points
from audit.settings import Settings
from audit.simulate import simulate
from audit.standings import standings
from tests.audit.builders import make_list, row
from dataclasses import replace

DOKO = Settings(penalties="doppelkopf")
RULES = SCHEDULES["doppelkopf"]


@pytest.mark.parametrize("offence,k,want", [
    ("minor", 0, (-3, 1, 1, 1)),                # 3.: 3 penalty points, each other player +1
    ("severe", 0, (-12, 4, 4, 4)),              # 4a: 12, the others 4
    ("severe", 1, (-15, 5, 5, 5)),              # +3 per announcement; others 5
    ("severe", 4, (-24, 8, 8, 8)),              # ... 8
])
def test_doppelkopf_schedule_figures(offence, k, want):
    got = expected_points(RULES, Penalty(after=1, seat=1, offence=offence, announcements=k), seats=4)
    assert got == want
    assert sum(got) == 0


def test_conduct_is_a_deduction_of_at_most_five_without_credit():
    ok = Penalty(after=1, seat=2, offence="conduct", points=(0, -5, 0))
    assert check_points(RULES, ok, 3) is None
    too_much = Penalty(after=1, seat=2, offence="conduct", points=(0, -8, 0))
    assert check_points(RULES, too_much, 3) == (0, -5, 0)
    credited = Penalty(after=1, seat=2, offence="conduct", points=(1, -2, 1))
    assert check_points(RULES, credited, 3) == (0, -2, 0)


def _list(points, offence="minor", announcements=0):
    # game 1: seat 1 wins Kreuz mit 1 (24); minor error of seat 2 after game 1; game 2: seat 2
    # wins Herz mit 1 (20): his total is 0 + penalty + 20
    p = Penalty(after=1, seat=2, offence=offence, announcements=announcements, points=points)
    return make_list([row(1, 3, seat=1, total=24, base=12, mit=1, plus=24),
                      row(2, 3, seat=2, total=20 + points[1], base=10, mit=1, plus=20)],
                     kind="home", games=2), p


def test_penalties_enter_the_running_totals_and_the_result():
    sl, p = _list((1, -3, 1))
    sl = replace(sl, penalties=(p,))
    a = audit(sl, DOKO)
    assert [f for f in a.findings if f.severity not in (INFO, "warning")] == []
    assert [r.points for r in a.result] == [25, 17, 1]
    # a total that forgets the penalty is a running-total error
    forgot = replace(sl, games=(sl.games[0], row(2, 3, seat=2, total=20, base=10, mit=1, plus=20)))
    assert [f.code for f in audit(forgot, DOKO).findings if f.severity == "error"] == ["running-total"]


def test_written_penalty_off_the_schedule_is_found_and_corrected():
    sl, p = _list((1, -2, 1))
    sl = replace(sl, penalties=(p,))
    a = audit(sl, DOKO)
    pen = [f for f in a.findings if f.code == "penalty"]
    assert len(pen) == 1 and pen[0].expected == [1, -3, 1] and pen[0].written == [1, -2, 1]
    assert [(c.field, c.before, c.after) for c in a.corrected.corrections if c.field.startswith("penalty")] \
        == [("penalty.1.points", -2, -3)]
    assert a.result[1].points == 20 - 3
    assert [f for f in audit(a.corrected.sl, DOKO).findings if f.severity == "error"] == []
    # without a schedule the written figures stand
    assert [f for f in audit(sl).findings if f.code == "penalty"] == []
    assert audit(sl).result[1].points == 18


def test_a_penalty_the_schedule_lessens_is_not_charged_again_by_the_totals_written_with_it():
    """A conduct deduction written -8 (the schedule allows 5): the totals after it, written with the -8, are compared
    with the corrected ones as if the keeper had entered -5, so the lower-total rule does not take the 3 back."""
    sl, p = _list((0, -8, 0), offence="conduct")
    a = audit(replace(sl, penalties=(p,)), DOKO)
    assert [(c.field, c.before, c.after) for c in a.corrected.corrections if c.field.startswith("penalty")] \
        == [("penalty.1.points", -8, -5)]
    assert a.result[1].points == 20 - 5
    assert [f for f in audit(a.corrected.sl, DOKO).findings if f.severity == "error"] == []
    # the footer written with the -8 does not take the 3 back either
    from audit.model import Footer
    footer = Footer(points=(24, 12, 0), won=(1, 1, 0), lost=(0, 0, 0), bonus=(50, 50, 0), others_lost=(0, 0, 0),
                    score=(74, 62, 0), money=(None,) * 3, money_total=None)
    a = audit(replace(sl, penalties=(p,), footer=footer), DOKO)
    assert (a.result[1].points, a.result[1].score) == (15, 65)
    # a footer figure raised so is said to follow from the schedule, not to be "the lower figure"
    reasons = {c.cell: c.reason for c in a.corrected.corrections if c.game is None and c.seat == 2}
    assert reasons["footer.points.2"] == reasons["footer.score.2"] == "correct.penalty-follows"


def test_a_penalty_line_off_the_schedule_is_charged_once_where_the_totals_follow_the_schedule():
    """The penalty line written -2 (the schedule: -3), the keeper's totals with -3: the line is corrected to -3, and
    the total that already follows it is not lowered by another point (before: 16, a figure written nowhere)."""
    p = Penalty(after=1, seat=2, offence="minor", announcements=0, points=(1, -2, 1))
    sl = make_list([row(1, 3, seat=1, total=24, base=12, mit=1, plus=24),
                    row(2, 3, seat=2, total=17, base=10, mit=1, plus=20)], kind="home", games=2)
    a = audit(replace(sl, penalties=(p,)), DOKO)
    assert a.result[1].points == 17


def test_penalties_reach_the_standings():
    sl, p = _list((1, -3, 1))
    sl = replace(sl, penalties=(p,))
    lines = {line.start_number: line for line in standings([audit(sl, DOKO)])}
    assert lines["2"].points == 17


@given(st.integers(min_value=0, max_value=2**32 - 1), st.sampled_from([3, 4]))
def test_valid_series_with_penalties_audit_clean(seed, n):
    sl = simulate(random.Random(seed), seats=n, penalties=True)
    a = audit(sl, DOKO)
    assert [f for f in a.findings if f.severity != INFO] == []
    assert a.corrected.corrections == ()


def test_standings_csv_and_page_show_the_penalty_points(tmp_path):
    from desk.html import render_standings
    from skatscan.cmd_standings import to_csv

    sl, p = _list((1, -3, 1))
    sl = replace(sl, penalties=(p,))
    lines = standings([audit(sl, DOKO)])
    rows = [r.split(";") for r in to_csv(lines).splitlines()]
    col = rows[0].index("penalty")
    assert {r[2]: r[col] for r in rows[1:]} == {"1": "1", "2": "-3", "3": "1"}
    html = render_standings(lines)
    assert "<th>Strafp.</th>" in html and "Strafpunkte, in den Spielpunkten enthalten" in html and "<td>-3</td>" in html


def test_a_tournament_writes_its_own_schedule():
    from audit.penalties import schedule
    rules = schedule("minor=5/0, severe=20/5+3/1, conduct<=10")
    assert expected_points(rules, Penalty(1, 2, "severe", announcements=2), 3) == (7, -26, 7)
    assert check_points(rules, Penalty(1, 1, "conduct", points=(-10, 0, 0)), 3) is None
    for bad in ("minor=3", "theft=3/1", "minor=3/1,", "severe=12/4+3"):
        with pytest.raises(ValueError, match="unknown penalty schedule"):
            schedule(bad)
