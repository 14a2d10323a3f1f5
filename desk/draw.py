"""The table draw (Tischordnung, SkWO 7.1): start numbers seated at tables, series by series.

SkWO 7.1.1: "Jeder Tisch hat vier Plätze. Es dürfen höchstens drei Tische mit je drei Personen
besetzt sein." So N players sit at ``a`` tables of four and ``b`` tables of three with
N = 4a + 3b and b <= 3; b is as small as possible (N mod 4 = 0, 3, 2, 1 gives b = 0, 1, 2, 3),
the tables of three come last. 1, 2 and 5 players cannot be seated that way.

Each series is drawn afresh (SkWO 7.1.4): a plain random draw first (the players shuffled
and dealt out to the tables), then players are swapped between tables as long as a swap
lowers the *repeat meetings* of the series, the sum over all pairs at a table of how often
the two met in earlier series (earlier series of this draw and of ``previous``). Where repeat
meetings remain, up to :data:`RESTARTS` further random draws are improved the same way and
the best kept (the first on a tie). Only improving swaps are taken and the improved plain
draw is among the candidates, so a series never has more repeat meetings than its plain
random draw; and should the plain random draw of the whole event (same seed) ever have fewer
repeat meetings than the improved one, the plain one is returned. The seat order at a table
(Platz 1 to 4) is random. Everything comes from ``random.Random`` seeded by the seed and the
series number: the same players, series, seed and previous series give the same draw.

>>> table_sizes(14)
(4, 4, 3, 3)
>>> d = draw([str(n) for n in range(1, 15)], series=2, seed=7)
>>> [(t.series, t.table, len(t.numbers)) for t in d.tables][:5]
[(1, 1, 4), (1, 2, 4), (1, 3, 3), (1, 4, 3), (2, 1, 4)]
>>> table_sizes(5)
Traceback (most recent call last):
...
desk.draw.DrawError: 5 players cannot be seated: every table has four seats and at most three ... (SkWO 7.1.1); ...
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Iterable, Optional, Sequence

#: The most tables of three one series may have (SkWO 7.1.1).
MAX_TABLES_OF_THREE = 3
#: Further random draws per series, each improved by swaps, when the first improved draw still
#: has repeat meetings (the swaps alone stop where no single swap helps).
RESTARTS = 12
#: Limits of what the forms (and their QR code) carry: series 1..999, table 1..9999.
MAX_SERIES = 999
MAX_TABLE = 9999
#: A start number as the forms print it: 1 to 5 letters or digits.
START_NUMBER_RE = re.compile(r"[0-9A-Za-z]{1,5}")


class DrawError(ValueError):
    """The draw cannot be made as asked (too few players, too many series, ...)."""


@dataclass(frozen=True)
class Table:
    """One table of one series: the start numbers in seat order (Platz 1, 2, 3[, 4])."""

    series: int
    table: int
    numbers: tuple[str, ...]

    @property
    def seats(self) -> int:
        return len(self.numbers)


@dataclass(frozen=True)
class Draw:
    """A drawn event part: the new series' tables (series by series, table by table)."""

    seed: int
    tables: tuple[Table, ...]
    #: repeat meetings of each new series, {series: count} (against all earlier series)
    repeats: dict
    #: the same for the plain random draw of the same seed (what the swaps improved on)
    plain_repeats: dict

    @property
    def series(self) -> tuple[int, ...]:
        return tuple(sorted({t.series for t in self.tables}))

    @property
    def total_repeats(self) -> int:
        return sum(self.repeats.values())

    @property
    def total_plain_repeats(self) -> int:
        return sum(self.plain_repeats.values())


def number_key(number: str) -> tuple:
    """Sort key putting start numbers in natural order: 2 before 10, digits before letters.

    >>> sorted(["10", "B1", "2", "a7"], key=number_key)
    ['2', '10', 'a7', 'B1']
    """
    return (0, int(number), number) if number.isdigit() else (1, number.lower(), number)


def table_sizes(n_players: int) -> tuple[int, ...]:
    """The table sizes for ``n_players``: tables of four first, then at most three of three.

    >>> [table_sizes(n) for n in (3, 4, 6, 7, 9, 13)]
    [(3,), (4,), (3, 3), (4, 3), (3, 3, 3), (4, 3, 3, 3)]
    """
    if isinstance(n_players, bool) or not isinstance(n_players, int) or n_players < 1:
        raise DrawError(f"no players to seat ({n_players!r})")
    threes = (-n_players) % 4
    fours, rest = divmod(n_players - 3 * threes, 4)
    if fours < 0 or rest:
        raise DrawError(f"{n_players} {'player' if n_players == 1 else 'players'} cannot be seated: "
                        "every table has four seats and at most three tables may have three players "
                        "(SkWO 7.1.1); 6 players or more can always be seated, as can 3 and 4")
    if MAX_TABLE < fours + threes:
        raise DrawError(f"{n_players} players need {fours + threes} tables; the forms number at most {MAX_TABLE}")
    return (4,) * fours + (3,) * threes


# --------------------------------------------------------------------------------------------
# Meetings
# --------------------------------------------------------------------------------------------

#: Who met whom how often: ``met[a][b] == met[b][a]``, missing means never.
Met = dict


def add_meetings(met: Met, tables: Iterable[Table]) -> Met:
    """Counts every pair at each of ``tables`` as one more meeting (in place); returns ``met``."""
    for t in tables:
        for i, a in enumerate(t.numbers):
            for b in t.numbers[i + 1:]:
                ma, mb = met.setdefault(a, {}), met.setdefault(b, {})
                ma[b] = ma.get(b, 0) + 1
                mb[a] = mb.get(a, 0) + 1
    return met


def table_cost(numbers: Sequence[str], met: Met) -> int:
    """Repeat meetings at one table: over its pairs, how often the two met before."""
    cost = 0
    for i, a in enumerate(numbers):
        ma = met.get(a)
        if ma:
            for b in numbers[i + 1:]:
                cost += ma.get(b, 0)
    return cost


def repeat_meetings(tables: Iterable[Table], previous: Iterable[Table] = ()) -> dict[int, int]:
    """Repeat meetings of every series of ``tables``, ``{series: count}``: each series against
    ``previous`` and the earlier series of ``tables``."""
    met = add_meetings({}, previous)
    by_series: dict[int, list[Table]] = {}
    for t in tables:
        by_series.setdefault(t.series, []).append(t)
    out = {}
    for s in sorted(by_series):
        out[s] = sum(table_cost(t.numbers, met) for t in by_series[s])
        add_meetings(met, by_series[s])
    return out


# --------------------------------------------------------------------------------------------
# The draw
# --------------------------------------------------------------------------------------------

def check_players(players: Sequence[str]) -> tuple[str, ...]:
    """The start numbers in natural order; DrawError for a bad or repeated one."""
    seen: dict[tuple, str] = {}
    for n in players:
        if not isinstance(n, str) or not START_NUMBER_RE.fullmatch(n):
            raise DrawError(f"start number {n!r}: use 1 to 5 letters or digits")
        key = same_number_key(n)
        if key in seen:
            raise DrawError(f"start number {n} is registered twice" if seen[key] == n
                            else f"start numbers {seen[key]} and {n} are the same number")
        seen[key] = n
    return tuple(sorted(players, key=number_key))


def same_number_key(number: str) -> tuple:
    """Start numbers that a referee would read as the same (``7`` and ``07``, ``a3`` and ``A3``)."""
    return (0, int(number)) if number.isdigit() else (1, number.upper())


def _series_rng(seed: int, series: int) -> random.Random:
    return random.Random(f"skatscan-draw/1:{seed}:{series}")


def draw_series(players: Sequence[str], series: int, seed: int, met: Optional[Met] = None,
                improve: bool = True) -> tuple[Table, ...]:
    """One series: the plain random draw of ``seed`` and ``series``, improved by swaps against
    the meetings ``met`` (earlier series) unless ``improve`` is False. ``met`` is not changed."""
    numbers = check_players(players)
    sizes = table_sizes(len(numbers))
    met = met or {}
    rng = _series_rng(seed, series)
    best_cost, groups = None, []
    for attempt in range(1 + RESTARTS if improve and len(sizes) > 1 else 1):
        order = list(numbers)
        rng.shuffle(order)
        tried, at = [], 0
        for size in sizes:
            tried.append(order[at:at + size])
            at += size
        if improve and len(sizes) > 1:
            _improve(tried, met, rng)
        cost = sum(table_cost(g, met) for g in tried)
        if best_cost is None or cost < best_cost:
            best_cost, groups = cost, tried
        if cost == 0:
            break
    for g in groups:
        rng.shuffle(g)
    return tuple(Table(series, k, tuple(g)) for k, g in enumerate(groups, start=1))


def _improve(groups: list[list[str]], met: Met, rng: random.Random) -> None:
    """Swaps players between groups while a swap lowers the repeat meetings (in place).

    For a player ``p`` with repeat meetings at his table, every player ``q`` of another table
    is tried; the swap that lowers the cost most is made. Passes go on until no player has an
    improving swap; every swap lowers the (whole, non-negative) cost, so this ends.
    """
    where = {p: k for k, g in enumerate(groups) for p in g}
    empty: dict = {}

    def at_table(p: str, group: list[str], without: Optional[str] = None) -> int:
        mp = met.get(p, empty)
        if not mp:
            return 0
        return sum(mp.get(x, 0) for x in group if x != p and x != without)

    players = [p for g in groups for p in g]
    while True:
        swapped = False
        rng.shuffle(players)
        for p in players:
            gp = where[p]
            group_p = groups[gp]
            own_p = at_table(p, group_p)
            if own_p == 0:
                continue  # a swap that helps must move a player who meets someone again
            mp = met.get(p, empty)
            best, best_q = 0, None
            for k in rng.sample(range(len(groups)), len(groups)):
                if k == gp:
                    continue
                group_q = groups[k]
                p_to_q = sum(mp.get(x, 0) for x in group_q)
                for q in group_q:
                    mq = met.get(q, empty)
                    pq = mp.get(q, 0)
                    own_q = sum(mq.get(x, 0) for x in group_q if x != q) if mq else 0
                    q_to_p = sum(mq.get(x, 0) for x in group_p if x != p) if mq else 0
                    delta = q_to_p + (p_to_q - pq) - own_p - own_q
                    if delta < best:
                        best, best_q = delta, q
            if best_q is not None:
                gq = where[best_q]
                group_p[group_p.index(p)] = best_q
                groups[gq][groups[gq].index(best_q)] = p
                where[p], where[best_q] = gq, gp
                swapped = True
        if not swapped:
            return


def draw(players: Sequence[str], series: int, seed: int, previous: Sequence[Table] = (),
         improve: bool = True) -> Draw:
    """Draws ``series`` new series for ``players`` (start numbers), numbered after the last
    series of ``previous`` (whose meetings count as earlier meetings).

    ``improve=False`` gives the plain random draw of the same seed. DrawError for what cannot
    be drawn.
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise DrawError(f"the seed must be a whole number from 0 up, not {seed!r}")
    numbers = check_players(players)
    table_sizes(len(numbers))
    first = max((t.series for t in previous), default=0) + 1
    if isinstance(series, bool) or not isinstance(series, int) or series < 1:
        raise DrawError(f"draw at least one series, not {series!r}")
    last = first + series - 1
    if last > MAX_SERIES:
        raise DrawError(f"series {first} to {last}: the forms number series up to {MAX_SERIES}")

    def run(improving: bool) -> tuple[tuple[Table, ...], dict[int, int]]:
        met = add_meetings({}, previous)
        tables: list[Table] = []
        costs = {}
        for s in range(first, last + 1):
            drawn = draw_series(numbers, s, seed, met, improve=improving)
            costs[s] = sum(table_cost(t.numbers, met) for t in drawn)
            add_meetings(met, drawn)
            tables.extend(drawn)
        return tuple(tables), costs

    plain_tables, plain_costs = run(False)
    if not improve:
        return Draw(seed, plain_tables, plain_costs, dict(plain_costs))
    tables, costs = run(True)
    if sum(plain_costs.values()) < sum(costs.values()):
        # the swaps of one series may shape later ones badly; never worse than the plain draw
        tables, costs = plain_tables, plain_costs
    return Draw(seed, tables, costs, plain_costs)
