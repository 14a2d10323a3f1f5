from decimal import Decimal

import pytest

from audit.settings import Settings, parse_loss_money


def test_default_schedule_matches_the_real_list():
    s = Settings()
    assert s.money_for(0) == 0
    assert s.money_for(1) == Decimal("0.50")
    assert s.money_for(3) == Decimal("1.50")
    assert s.money_for(5) == Decimal("3.50")          # 3 x 0.50 + 2 x 1.00


def test_other_schedules():
    assert Settings(loss_money="1.00").money_for(4) == Decimal("4.00")
    assert Settings(loss_money="0").money_for(4) == 0
    assert Settings(loss_money="0.20*2").money_for(5) == Decimal("0.40")   # nothing after the steps


@pytest.mark.parametrize("text", ["", "abc", "1.00,0.50*3", "0.50*x", "-1"])
def test_bad_schedules_are_refused(text):
    with pytest.raises(ValueError):
        parse_loss_money(text)


def test_games_per_series():
    assert Settings().games_for(3) == 36 and Settings().games_for(4) == 48
    assert Settings(games=40).games_for(4) == 40
    with pytest.raises(ValueError):
        Settings(games=0)
