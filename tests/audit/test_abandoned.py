"""Abandoned games of online lists (reference 003, rules.md section 7)."""
import pytest

from audit.auditor import audit
from audit.findings import INFO
from audit.model import Abandoned
from audit.settings import Settings
from tests.audit.builders import make_list, row

ONLINE = Settings(online=True)


def found(sl, settings=ONLINE):
    a = audit(sl, settings)
    return [(f.code, f.key) for f in a.findings if f.severity != INFO and f.code != "footer"], a


def test_without_the_online_rule_an_abandoned_game_is_left_to_the_management():
    sl = make_list([row(1, 3, seat=2, total=-144, base=24, mit=2, minus=144,
                        abandoned=Abandoned(2, "bidding"))], kind="home", games=1)
    got, a = found(sl, Settings())
    assert got == [("abandoned-game", "abandoned.no-rule")]
    assert a.findings[0].severity == "warning"


@pytest.mark.parametrize("when", ["bidding", "announcement"])
def test_leaver_is_charged_a_lost_simple_grand_with_his_matadors(when):
    # Grand mit 2, not Hand, not Schneider: (2+1) x 24 = 72, lost double: -144
    sl = make_list([row(1, 3, seat=2, total=-144, base=24, mit=2, minus=144,
                        abandoned=Abandoned(2, when))], kind="home", games=1)
    got, a = found(sl)
    assert got == []
    assert a.result[1].points == -144 and a.result[1].lost == 1


def test_at_least_the_bid_the_overbid_rule_applies():
    # Grand mit 1 is worth 48; bid 72 (e.g. Grand ohne 2): charged 72 x 2 = -144, an overbid
    sl = make_list([row(1, 3, seat=1, total=-144, base=24, mit=1, minus=144,
                        abandoned=Abandoned(1, "bidding"))], kind="home", games=1)
    got, a = found(sl)
    assert got == []
    assert [f.code for f in a.findings if f.severity == INFO] == ["overbid"]


def test_hand_or_schneider_is_not_charged_to_the_leaver():
    sl = make_list([row(1, 3, seat=1, total=-192, base=24, mit=2, hand=True, minus=192,
                        abandoned=Abandoned(1, "bidding"))], kind="home", games=1)
    got, _ = found(sl)
    assert ("abandoned-game", "abandoned.simple-grand") in got


def test_the_leaver_not_another_seat_is_charged():
    sl = make_list([row(1, 3, seat=3, total=-96, base=24, mit=1, minus=96,
                        abandoned=Abandoned(2, "bidding"))], kind="home", games=1)
    got, _ = found(sl)
    assert got == [("abandoned-game", "abandoned.charged-seat")]


def test_opponent_leaving_before_the_announcement_credits_a_won_simple_grand():
    # the declarer (seat 1, Grand mit 1) is credited (1+1) x 24 = 48
    won = make_list([row(1, 3, seat=1, total=48, base=24, mit=1, plus=48,
                         abandoned=Abandoned(3, "announcement"))], kind="home", games=1)
    got, a = found(won)
    assert got == [] and a.result[0].won == 1
    lost = make_list([row(1, 3, seat=1, total=-96, base=24, mit=1, minus=96,
                          abandoned=Abandoned(3, "announcement"))], kind="home", games=1)
    got, _ = found(lost)
    assert ("abandoned-game", "abandoned.won") in got


def test_leaving_during_play_gives_the_game_up():
    # the declarer left: lost; an opponent left: won for the declarer (ISkO 4.3, Skat-Online 4.3.6)
    declarer_left = make_list([row(1, 3, seat=1, total=36, base=12, mit=2, plus=36,
                                   abandoned=Abandoned(1, "play"))], kind="home", games=1)
    assert found(declarer_left)[0] == [("abandoned-game", "abandoned.gave-up")]
    opponent_left = make_list([row(1, 3, seat=1, total=36, base=12, mit=2, plus=36,
                                   abandoned=Abandoned(2, "play"))], kind="home", games=1)
    assert found(opponent_left)[0] == []


def test_the_outcome_is_named_in_the_report_language():
    sl = make_list([row(1, 3, seat=1, total=36, base=12, mit=2, plus=36,
                        abandoned=Abandoned(1, "play"))], kind="home", games=1)
    f = next(f for f in audit(sl, ONLINE).findings if f.code == "abandoned-game")
    assert f.message("de").endswith("für den Alleinspieler verloren.")
    assert f.message("en").endswith("is lost for the declarer.")
