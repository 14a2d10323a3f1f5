"""Game values: every figure of rules.md section 1 and 2 (ISkO 2.3-2.5, 3.6)."""
import pytest

from audit.overbid import charged_value, explained_bids, overbid_loss
from audit.values import BID_VALUES, ImpossibleGame, game_value, levels


@pytest.mark.parametrize("kwargs, value", [
    (dict(base=12, mit=2), 36),                                   # Kreuz mit 2
    (dict(base=24, ohne=2, schneider=True), 96),                  # Grand ohne 2 Schneider
    (dict(base=11, mit=2, hand=True), 44),                        # Pik mit 2 Hand
    (dict(base=11, mit=2), 33),                                   # ... without Hand
    (dict(base=12, mit=2, ouvert=True), 108),                     # Kreuz ouvert mit 2
    (dict(base=24, mit=1), 48),                                   # Grand lowest
    (dict(base=24, mit=4, ouvert=True), 264),                     # Grand ouvert all four jacks
    (dict(base=12, mit=1), 24),                                   # six-game example, game 1
    (dict(base=10, ohne=1), 20),                                  # Herz ohne 1
    (dict(base=9, mit=1), 18),                                    # Karo mit 1
])
def test_section_1_values(kwargs, value):
    base = kwargs.pop("base")
    assert game_value(base, **kwargs) == value


@pytest.mark.parametrize("hand, ouvert, value", [(False, False, 23), (True, False, 35), (False, True, 46),
                                                 (True, True, 59)])
def test_null_values(hand, ouvert, value):
    assert game_value(23, hand=hand, ouvert=ouvert) == value


def test_levels_imply_the_lower_ones():
    assert levels() == 1
    assert levels(hand=True) == 2
    assert levels(schwarz=True) == 3                      # Schwarz includes Schneider, no Hand
    assert levels(hand=True, schneider_announced=True) == 4
    assert levels(hand=True, schneider_announced=True, schwarz=True) == 5
    assert levels(hand=True, schwarz_announced=True) == 6
    assert levels(ouvert=True) == 7                       # ouvert: all seven
    # a keeper who only ticks "Schwarz angesagt" still gets Schneider, announced, Schwarz
    assert game_value(12, mit=1, hand=True, schwarz_announced=True) == (1 + 6) * 12


def test_lost_is_double_and_overbid():
    assert 2 * game_value(10, ohne=1) == 40              # Herz ohne 1 lost: -40
    assert charged_value(24, 9) == 27
    assert overbid_loss(24, 9) == 54                      # bid 24, Karo mit 1: -54
    assert explained_bids(54, 9, 18) == (20, 22, 23, 24, 27)
    assert explained_bids(36, 9, 18) == ()               # 2 x 18: an ordinary loss
    assert explained_bids(46, 23, 23) == ()              # Null cannot be overbid


@pytest.mark.parametrize("kwargs, field, key", [
    (dict(base=13, mit=1), "base", "base-unknown"),
    (dict(base=None, mit=1), "base", "base-missing"),
    (dict(base=12, mit=12), "mit", "matadors-range"),
    (dict(base=24, mit=5), "mit", "matadors-range"),
    (dict(base=24, ohne=0), "ohne", "matadors-range"),
    (dict(base=12), "mit", "matadors-missing"),
    (dict(base=12, mit=1, ohne=1), "ohne", "mit-and-ohne"),
    (dict(base=11, mit=1, schneider_announced=True), "schneider_announced", "announced-without-hand"),
    (dict(base=11, mit=1, schwarz_announced=True), "schwarz_announced", "announced-without-hand"),
    (dict(base=23, mit=1), "mit", "null-matadors"),
    (dict(base=23, schneider=True), "schneider", "null-level"),
])
def test_impossible_games_raise_with_the_field(kwargs, field, key):
    base = kwargs.pop("base")
    with pytest.raises(ImpossibleGame) as exc:
        game_value(base, **kwargs)
    assert exc.value.field == field
    assert exc.value.key == key


def test_bid_values_are_the_real_bidding_ladder():
    assert BID_VALUES[:12] == (18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44)
    assert max(BID_VALUES) == 264
