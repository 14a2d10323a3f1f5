"""A small tournament written by hand for the series rankings and the loss money: two series of three-seat tables,
four games a table (the rest of the 36 rows crossed out, the footer left blank for the correction to fill), six
players. Every figure below is worked out by hand from the rows (rules.md 1 and 4; the default loss money schedule
0.50 EUR for each of a player's first three lost games in a series, 1.00 EUR for each further one).

Series 1, table 1 (1, 2, 3): Kreuz mit 1 won +24 (1), Herz ohne 1 lost -40 (2), Grand mit 1 won +48 (3), Pik mit 1
lost -44 (1).  1: -20 points, 1 won, 1 lost, others' losses 1 x 40: score 20, 0.50.  2: -40 - 50 + 40 = -50, 0.50.
3: 48 + 50 + 2 x 40 = 178, nothing. The table: 1.00.
Series 1, table 2 (4, 5, 6): Kreuz mit 1 won +24 (4), Kreuz mit 1 won +24 (5), Herz ohne 1 lost -40 (6), Herz ohne 1
lost -40 (4).  4: -16 + 0 + 40 = 24, 0.50.  5: 24 + 50 + 80 = 154.  6: -40 - 50 + 40 = -50, 0.50. The table: 1.00.
Series 2, table 1 (1, 4, 5): Herz ohne 1 lost -40 four times (1).  1: -160 - 200 + 0 = -360, 3 x 0.50 + 1.00 = 2.50.
4 and 5: 0 + 0 + 4 x 40 = 160 each. The table: 2.50.
Series 2, table 2 (2, 3, 6): Null won +23 twice (2), Grand mit 2 Hand won +96 (3), Null lost -46 (6).
2: 46 + 100 + 40 = 186.  3: 96 + 50 + 40 = 186.  6: -46 - 50 + 0 = -96, 0.50. The table: 0.50.
"""
from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from audit.listjson import dumps, list_to_json

from .builders import make_list, row

KREUZ_1 = dict(base=12, mit=1)
HERZ_OHNE_1 = dict(base=10, ohne=1)
GRAND_1 = dict(base=24, mit=1)
GRAND_2_HAND = dict(base=24, mit=2, hand=True)
PIK_1 = dict(base=11, mit=1)
NULL = dict(base=23)


def _table(series, table, numbers, games):
    """A list of ``games``: (seat, game columns, won value or None, lost value or None)."""
    totals = [0, 0, 0]
    rows = []
    for no, (seat, cols, plus, minus) in enumerate(games, start=1):
        totals[seat - 1] += plus if plus is not None else -minus
        rows.append(row(no, 3, seat, total=totals[seat - 1], plus=plus, minus=minus, **cols))
    sl = make_list(rows)
    return replace(sl, table=replace(sl.table, series=series, table=table, start_numbers=numbers),
                   source=f"s{series}-t{table}.json")


def lists():
    """The four lists of the tournament."""
    return [
        _table(1, 1, ("1", "2", "3"), [(1, KREUZ_1, 24, None), (2, HERZ_OHNE_1, None, 40), (3, GRAND_1, 48, None),
                                       (1, PIK_1, None, 44)]),
        _table(1, 2, ("4", "5", "6"), [(1, KREUZ_1, 24, None), (2, KREUZ_1, 24, None), (3, HERZ_OHNE_1, None, 40),
                                       (1, HERZ_OHNE_1, None, 40)]),
        _table(2, 1, ("1", "4", "5"), [(1, HERZ_OHNE_1, None, 40)] * 4),
        _table(2, 2, ("2", "3", "6"), [(1, NULL, 23, None), (1, NULL, 23, None), (2, GRAND_2_HAND, 96, None),
                                       (3, NULL, None, 46)]),
    ]


def write_lists(folder):
    """The lists as ``skatscan.list/1`` files ``s1-t1.json`` ... in ``folder``; their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for sl in lists():
        path = folder / sl.source
        path.write_text(dumps(list_to_json(sl)), encoding="utf-8")
        paths.append(path)
    return paths


#: each series' ranking: (place, tie, start number, table, score, won, lost, loss money)
SERIES = {
    1: [(1, False, "3", 1, 178, 1, 0, "0.00"), (2, False, "5", 2, 154, 1, 0, "0.00"),
        (3, False, "4", 2, 24, 1, 1, "0.50"), (4, False, "1", 1, 20, 1, 1, "0.50"),
        (5, True, "2", 1, -50, 0, 1, "0.50"), (5, True, "6", 2, -50, 0, 1, "0.50")],
    # 2 and 3 score alike: 2 won two games, 3 one (SkWO 5.1); 4 and 5 are equal in all: the lot
    2: [(1, False, "2", 2, 186, 2, 0, "0.00"), (2, False, "3", 2, 186, 1, 0, "0.00"),
        (3, True, "4", 1, 160, 0, 0, "0.00"), (3, True, "5", 1, 160, 0, 0, "0.00"),
        (5, False, "6", 2, -96, 0, 1, "0.50"), (6, False, "1", 1, -360, 0, 4, "2.50")],
}
#: the overall standings: (place, start number, score, won, lost, loss money over both series). Player 1 lost five
#: games but pays 0.50 + 2.50 = 3.00, not the 3.50 of five losses in one series: the schedule runs per list.
OVERALL = [(1, "3", 364, 2, 0, "0.00"), (2, "5", 314, 1, 0, "0.00"), (3, "4", 184, 1, 1, "0.50"),
           (4, "2", 136, 2, 1, "0.50"), (5, "6", -146, 0, 2, "1.00"), (6, "1", -340, 1, 5, "3.00")]
#: the loss money to collect: (series, table) -> amount; per series; in all
TABLES = {(1, 1): Decimal("1.00"), (1, 2): Decimal("1.00"), (2, 1): Decimal("2.50"), (2, 2): Decimal("0.50")}
SERIES_MONEY = {1: Decimal("2.00"), 2: Decimal("3.00")}
TOTAL = Decimal("5.00")
