"""Home lists (reference 004): Kontra, Re, Bock and Ramsch, with the texts' own figures."""
import random
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from audit.auditor import audit
from audit.findings import INFO
from audit.simulate import simulate
from audit.standings import standings
from audit.values import describe
from tests.audit.builders import make_list, row

seeds = st.integers(min_value=0, max_value=2**32 - 1)


def codes(a, severity=None):
    return [(f.code, f.game) for f in a.findings if f.severity != INFO and (severity is None or f.severity == severity)]


def test_kontra_re_bock_each_double_the_game_value():
    # Kreuz mit 1 = 24 (rules.md 6); Kontra 48, Re 96, a Bock round on top 192
    for flags, value in (({}, 24), ({"kontra": True}, 48), ({"kontra": True, "re": True}, 96),
                         ({"kontra": True, "re": True, "bock": 1}, 192), ({"bock": 2}, 96)):
        sl = make_list([row(1, 3, seat=1, total=value, base=12, mit=1, plus=value, **flags)], kind="home",
                       games=1)
        a = audit(sl)
        assert codes(a) == [("footer", None)], (flags, a.findings)   # only the blank footer
        assert a.result[0].points == value


def test_lost_kontra_game_is_written_double_and_a_single_loss_is_found():
    # Herz ohne 1 lost = -40 (rules.md 2); with Kontra -80; -40 is then the single-counted loss
    ok = make_list([row(1, 3, seat=3, total=-80, base=10, ohne=1, kontra=True, minus=80)], kind="home", games=1)
    assert ("single-counted-loss", 1) not in codes(audit(ok))
    single = make_list([row(1, 3, seat=3, total=-40, base=10, ohne=1, kontra=True, minus=40)], kind="home",
                       games=1)
    a = audit(single)
    assert ("single-counted-loss", 1) in codes(a)
    assert a.result[2].points == -80          # SkWO 7.2.5: a lost game counts double


def test_overbid_with_kontra_is_the_doubled_overbid_charge():
    # bid 24, Karo mit 1 overbid = -54 (rules.md 2); with Kontra -108: info, not an error
    sl = make_list([row(1, 3, seat=3, total=-108, base=9, mit=1, kontra=True, minus=108)], kind="home", games=1)
    a = audit(sl)
    over = [f for f in a.findings if f.code == "overbid"]
    assert over and over[0].extra["bids"][0] == 20 and 24 in over[0].extra["bids"]
    assert ("value-mismatch", 1) not in codes(a)


def test_re_without_kontra_is_an_error_on_any_list():
    sl = make_list([row(1, 3, seat=1, total=48, base=12, mit=1, re=True, plus=48)], kind="private", games=1)
    a = audit(sl)
    assert ("home-rule", 1) in codes(a, "error")


def test_tournament_list_flags_kontra_as_warning_and_ramsch_as_error_skwo_9_4():
    sl = make_list([row(1, 3, seat=1, total=48, base=12, mit=1, kontra=True, plus=48),
                    row(2, 3, seat=2, total=-60, ramsch=True, minus=60)], games=2)
    a = audit(sl)
    home = [f for f in a.findings if f.code == "home-rule"]
    assert [(f.game, f.severity) for f in home] == [(1, "warning"), (2, "error")]
    assert home[1].rule == "SkWO 9.4"
    assert audit(replace(sl, table=replace(sl.table, kind="home"))).findings.count(home[0]) == 0
    assert not [f for f in audit(replace(sl, table=replace(sl.table, kind="home"))).findings
                if f.code == "home-rule"]


def test_ramsch_only_the_loser_loses_and_counts_no_game():
    # Ramsch: seat 2 loses his 70 card points; Durchmarsch of seat 3 wins 120 (reference 004)
    sl = make_list([row(1, 3, seat=1, total=24, won=1, base=12, mit=1, plus=24),
                    row(2, 3, seat=2, total=-70, ramsch=True, minus=70),
                    row(3, 3, seat=3, total=120, ramsch=True, plus=120)], kind="home", games=3)
    a = audit(sl)
    assert codes(a) == [("footer", None)]
    r = a.result
    assert [x.points for x in r] == [24, -70, 120]
    assert [x.won for x in r] == [1, 0, 0] and [x.lost for x in r] == [0, 0, 0]
    # Seeger-Fabian: no 50 for the Durchmarsch, no 40 to the others for the Ramsch loser
    assert [x.score for x in r] == [74, -70, 120]
    assert describe(sl.games[1]) == "Ramsch"


@pytest.mark.parametrize("written,code,counted", [(100, "ramsch", 100), (150, "ramsch", 120), (120, None, 120)])
def test_durchmarsch_wins_120_and_the_lower_figure_counts(written, code, counted):
    sl = make_list([row(1, 3, seat=3, total=written, ramsch=True, plus=written)], kind="home", games=1)
    a = audit(sl)
    assert (("ramsch", 1) in codes(a)) == (code is not None)
    assert a.result[2].points == counted
    again = audit(a.corrected.sl)
    assert [f for f in again.findings if f.severity == "error"] == []


def test_ramsch_loser_range_bock_and_kontra():
    low = make_list([row(1, 3, seat=1, total=-30, ramsch=True, minus=30)], kind="home", games=1)
    assert ("ramsch", 1) in codes(audit(low))
    bock = make_list([row(1, 3, seat=1, total=240, ramsch=True, bock=1, plus=240)], kind="home", games=1)
    assert codes(audit(bock)) == [("footer", None)]
    kontra = make_list([row(1, 3, seat=1, total=-60, ramsch=True, kontra=True, minus=60)], kind="home", games=1)
    assert [f.key for f in audit(kontra).findings if f.code == "ramsch"] == ["ramsch.kontra"]


def test_ramsch_must_not_raise_the_counts():
    sl = make_list([row(1, 3, seat=1, total=24, won=1, base=12, mit=1, plus=24),
                    row(2, 3, seat=1, total=-46, lost=1, ramsch=True, minus=70)], kind="home", games=2)
    a = audit(sl)
    assert [f.key for f in a.findings if f.code == "counter"] == ["counter.ramsch"]


@given(seeds, st.sampled_from([3, 4]))
def test_valid_home_series_audit_clean(seed, n):
    sl = simulate(random.Random(seed), seats=n, home=True)
    a = audit(sl)
    assert [f for f in a.findings if f.severity != INFO] == []
    assert a.corrected.corrections == ()
    assert [r.score for r in a.result] == list(sl.footer.score)


@given(seeds, st.sampled_from([3, 4]))
def test_kontra_re_bock_never_change_the_50_40_30(seed, n):
    """The same series with and without the doublings: the bonus lines are equal, the score
    differs exactly by the game points (reference 004)."""
    home = simulate(random.Random(seed), seats=n, home=True)
    plain_games = tuple(g if g.ramsch else replace(g, kontra=False, re=False, bock=0) for g in home.games)
    # rewrite the values and totals without the factor
    rows, totals = [], [0] * n
    for g in plain_games:
        if g.crossed_out or g.passed or g.ramsch or not g.declarers:
            rows.append(g)
            if g.ramsch:
                s = g.declarers[0]
                totals[s] += (g.plus or 0) - (g.minus or 0)
                players = list(g.players)
                players[s] = replace(players[s], total=totals[s])
                rows[-1] = replace(g, players=tuple(players))
            continue
        f = home.games[g.no - 1].factor
        plus = g.plus // f if g.plus is not None else None
        minus = g.minus // f if g.minus is not None else None
        s = g.declarers[0]
        totals[s] += (plus or 0) - (minus or 0)
        players = list(g.players)
        players[s] = replace(players[s], total=totals[s])
        rows.append(replace(g, plus=plus, minus=minus, players=tuple(players)))
    plain = replace(home, games=tuple(rows))
    a, b = audit(home), audit(plain)
    for x, y in zip(a.result, b.result):
        assert (x.won, x.lost, x.others_lost) == (y.won, y.lost, y.others_lost)
        assert x.score - y.score == x.points - y.points


def test_standings_take_home_lists():
    sl = simulate(random.Random(3), seats=4, home=True, series=1, table=1)
    rows = standings([audit(sl)])
    assert len(rows) == 4
