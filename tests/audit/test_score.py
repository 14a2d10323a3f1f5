"""Seeger-Fabian and the cent settlement: the oracle figures of rules.md sections 4 to 6."""
from audit.score import cents, seeger_fabian


def test_skwo_example_four_seats_2107():
    assert seeger_fabian([937], [18], [3], 4, others=[14]).score == (2107,)


def test_guide_example_1067():
    fig = seeger_fabian([437], [12], [3], 4, others=[6])
    assert fig.bonus == (450,) and fig.others_lost == (180,) and fig.score == (1067,)


def test_six_game_example():
    fig = seeger_fabian([47, 140, -94], [2, 2, 0], [0, 0, 2], 3)
    assert fig.bonus == (100, 100, -100)
    assert fig.others_lost == (80, 80, 0)
    assert fig.score == (227, 320, -194)


def test_cents():
    assert cents([47, 140, -94]) == [48, 327, -375]
    assert sum(cents([421, 9, 275, 595])) == 0


def test_real_list_footer_figures():
    # dskv-list.md: worked footer from the real list (four seats)
    fig = seeger_fabian([421, 9, 275, 595], [11, 9, 6, 8], [1, 5, 0, 0], 4)
    assert fig.bonus == (500, 200, 300, 400)
    assert fig.others_lost == (150, 30, 180, 180)
    assert fig.score == (1071, 239, 755, 1175)
