"""Each series' own ranking and the loss money to collect, on the small tournament of ``small_tournament`` whose every
figure is worked out by hand there."""
from dataclasses import replace
from decimal import Decimal

from audit.auditor import audit
from audit.loss_money import charges, loss_money
from audit.model import CellReading
from audit.series_standings import series_numbers, series_standings
from audit.settings import Settings
from audit.standings import standings

from . import small_tournament as tour


def _ranked(series_lines):
    return [(p.place, p.tie, p.start_number, p.table, p.score, p.won, p.lost, f"{p.money:.2f}") for p in series_lines]


def test_each_series_is_ranked_by_its_own_score_with_the_tie_breaks_of_skwo_5_1():
    """Series 1: 2 and 6 score -50 with no game won and one lost: they share place 5 for the lot. Series 2: 2 and 3
    score 186, 2 won two games and 3 one: 2 is first (SkWO 5.1: more games won); 4 and 5 equal in everything share
    place 3, and the next is fifth."""
    lines = standings([audit(sl) for sl in tour.lists()])
    assert series_numbers(lines) == [1, 2]
    for series, ranking in tour.SERIES.items():
        assert _ranked(series_standings(lines, series)) == ranking
    # the overall standings are as before, each player's money the sum of his lists' (1: 0.50 + 2.50, not 3.50)
    assert [(p.place, p.start_number, p.score, p.won, p.lost, f"{p.money:.2f}") for p in lines] == tour.OVERALL
    assert series_standings(lines, 3) == []


def test_a_series_ranking_carries_the_doubts_of_that_series_list_alone():
    """A cell in doubt on series 2, table 2 makes the overall lines of 2, 3 and 6 provisional; in series 1's ranking
    they rest on lists without doubts, and only 3's start number, read in doubt in series 2, is marked there."""
    s1t1, s1t2, s2t1, s2t2 = tour.lists()
    doubted = replace(s2t2, readings={ref: CellReading(value=v, confidence=0.4, candidates=((v, 0.4),), doubtful=True,
                                                       reason="bar")
                                      for ref, v in (("g3.plus", 96), ("table.start_number.2", "3"))})
    lines = standings([audit(sl) for sl in (s1t1, s1t2, s2t1, doubted)])
    overall = {p.start_number: (p.doubts, p.start_in_doubt) for p in lines}
    assert overall == {"1": (0, False), "2": (2, False), "3": (2, True), "4": (0, False), "5": (0, False),
                       "6": (2, False)}
    assert {p.start_number: (p.doubts, p.start_in_doubt, p.shown) for p in series_standings(lines, 1)} == {
        n: (0, False, n) for n in "123456"}
    second = {p.start_number: (p.doubts, p.shown) for p in series_standings(lines, 2)}
    assert second == {"1": (0, "1"), "2": (2, "2"), "3": (2, "3?"), "4": (0, "4"), "5": (0, "5"), "6": (2, "6")}


def test_the_loss_money_to_collect_per_table_per_series_and_in_all():
    audits = [audit(sl) for sl in tour.lists()]
    money = loss_money(audits, Settings())
    assert money.charged
    assert {(t.series, t.table): t.amount for t in money.tables} == tour.TABLES
    assert {s: money.series_total(s) for s in money.series} == tour.SERIES_MONEY
    assert money.total == tour.TOTAL
    # each table's total is its corrected list's footer total, and the players' amounts add up to it
    assert [Decimal(str(a.corrected.sl.footer.money_total)) for a in audits] == list(tour.TABLES.values())
    assert sum(p.money for p in standings(audits)) == tour.TOTAL
    assert money.table_amount(2, 1) == Decimal("2.50") and money.table_amount(3, 1) is None


def test_a_schedule_that_charges_nothing_leaves_nothing_to_collect():
    """``--loss-money 0`` (a home evening without loss money): the audit charges nobody, and the totals say so; a
    schedule that charges only later losses still charges."""
    none = Settings(loss_money="0")
    money = loss_money([audit(sl, none) for sl in tour.lists()], none)
    assert not money.charged and money.total == 0
    assert not charges(Settings(loss_money="0*3,0")) and charges(Settings(loss_money="0*3,1.00"))
    later = Settings(loss_money="0*3,1.00")
    assert loss_money([audit(sl, later) for sl in tour.lists()], later).total == Decimal("1.00")   # 1's fourth loss
