"""An independent oracle for the differential test (test_differential.py), written from rules.md alone.

It does not import ``audit``: every figure here is worked out again from the rule text (ISkO 2.3-2.5, 2.5.11, 3.6;
SkWO 5.1, 7.2.5, 8.7-8.12; the guide 001, the app 004), so that the auditor and the oracle can be compared.

>>> value(Play(base=12, matadors=1))                                  # Kreuz mit 1
24
>>> value(Play(base=24, matadors=2, schneider=True))                  # Grand ohne 2 Schneider
96
>>> value(Play(base=12, matadors=2, hand=True, ouvert=True))          # Kreuz ouvert mit 2
108
>>> charge(Play(base=9, matadors=1, won=False, bid=24))               # overbid at 24, Karo mit 1
-54
>>> seeger_fabian(937, 18, 3, 14, seats=4)
2107
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

KARO, HERZ, PIK, KREUZ, NULL, GRAND = 9, 10, 11, 12, 23, 24
SUITS = (KARO, HERZ, PIK, KREUZ)
#: Null's fixed values by (Hand, ouvert): SkWO 8.7.
NULL_FIXED = {(False, False): 23, (True, False): 35, (False, True): 46, (True, True): 59}
#: Spitzen: Grand 1-4, a suit game 1-11 (rules.md 1).
TOP = {KARO: 11, HERZ: 11, PIK: 11, KREUZ: 11, GRAND: 4}
WIN, LOSS = 50, 50
OTHERS = {3: 40, 4: 30}
#: The bids (ISkO 3.2): every value a game can have, from 18 (suit games 2 to 18 x base, Grand 2 to 11 x 24, Null).
BIDS = tuple(sorted({m * b for b in (KARO, HERZ, PIK, KREUZ) for m in range(2, 19)} | {m * GRAND for m in range(2, 12)}
                    | set(NULL_FIXED.values())))


@dataclass(frozen=True)
class Play:
    """One game as it happened, with the marks the keeper writes."""

    base: int
    matadors: int = 0
    ohne: bool = False
    hand: bool = False
    schneider: bool = False
    schneider_announced: bool = False
    schwarz: bool = False
    schwarz_announced: bool = False
    ouvert: bool = False
    won: bool = True
    bid: Optional[int] = None
    declarer: int = 0
    doublings: int = 0          # Kontra, Re, Bock rounds (home lists, 004); a Ramsch: Bock rounds only
    #: a Ramsch (home lists, 004): ``declarer`` is the loser, ``matadors`` his card points; ``won``: a Durchmarsch
    ramsch: bool = False
    #: an abandoned game (online lists, 003): (0-based seat that left, "bidding" or "announcement"); the game is the
    #: simple Grand the rule charges the leaver (lost, at least the bid) or credits the declarer (won)
    abandoned: Optional[tuple[int, str]] = None


def valid(p: Play) -> bool:
    """Do the columns describe a game at all? (Null: no Spitzen, no Schneider/Schwarz; announcing needs Hand.)"""
    if p.base == NULL:
        return p.matadors == 0 and not (p.schneider or p.schneider_announced or p.schwarz or p.schwarz_announced)
    if p.base not in TOP or not 1 <= p.matadors <= TOP[p.base]:
        return False
    return p.ouvert or p.hand or not (p.schneider_announced or p.schwarz_announced)


def levels(p: Play) -> int:
    """Gewinnstufen: game, Hand, Schneider, Schneider announced, Schwarz, Schwarz announced, ouvert. A higher level
    includes the lower ones of its kind: Schwarz includes Schneider, an announcement the lower announcement and the
    level announced; ouvert is a Hand game announced Schwarz, all seven."""
    if p.ouvert:
        return 7
    got = {"game"}
    if p.hand or p.schneider_announced or p.schwarz_announced:
        got.add("hand")
    if p.schneider or p.schwarz or p.schneider_announced or p.schwarz_announced:
        got.add("schneider")
    if p.schneider_announced or p.schwarz_announced:
        got.add("schneider announced")
    if p.schwarz or p.schwarz_announced:
        got.add("schwarz")
    if p.schwarz_announced:
        got.add("schwarz announced")
    return len(got)


def single_value(p: Play) -> int:
    """The game value without Kontra/Re/Bock."""
    if p.base == NULL:
        return NULL_FIXED[(p.hand, p.ouvert)]
    return (p.matadors + levels(p)) * p.base


def value(p: Play) -> int:
    """The game value; Kontra, Re and each Bock round double it (004)."""
    return single_value(p) * 2 ** p.doublings


def overbid(p: Play) -> bool:
    return p.bid is not None and p.base != NULL and p.bid > single_value(p)


def charge(p: Play) -> int:
    """What the game brings its declarer, signed: a won game its value, a lost one twice its value; an overbid game
    twice the smallest multiple of the Grundwert that reaches the bid (ISkO 3.6). A Ramsch is scored as without
    tournament scoring: the loser loses his card points, a Durchmarsch wins 120, a Bock round doubles both (004)."""
    if p.ramsch:
        return (120 if p.won else -p.matadors) * 2 ** p.doublings
    if overbid(p):
        multiple = p.base
        while multiple < p.bid:
            multiple += p.base
        return -2 * multiple * 2 ** p.doublings
    return value(p) if p.won else -2 * value(p)


def is_won(p: Play) -> bool:
    return p.won and not overbid(p)


def seeger_fabian(points: int, won: int, lost: int, others_lost: int, seats: int) -> int:
    return points + (won - lost) * WIN + others_lost * OTHERS[seats]


def loss_money(lost: int) -> float:
    """The common schedule: 0.50 EUR for each of the first three lost games, 1.00 EUR for each further one."""
    return 0.5 * min(lost, 3) + 1.0 * max(lost - 3, 0)


def dealer(no: int, first_dealer: int, seats: int) -> int:
    """0-based seat dealing game ``no`` (dealing passes to the left each game, after a passed one too)."""
    return (first_dealer - 1 + no - 1) % seats


@dataclass
class Row:
    no: int
    play: Optional[Play]                # None: eingepasst
    plus: Optional[int] = None
    minus: Optional[int] = None
    total: Optional[int] = None         # the declarer's new running total
    won: Optional[int] = None
    lost: Optional[int] = None


@dataclass
class Sheet:
    """The list as the oracle writes it: rows and the footer lines per seat."""

    seats: int
    rows: list[Row]
    points: list[int]
    won: list[int]
    lost: list[int]
    bonus: list[int]
    others_lost: list[int]
    score: list[int]
    money: list[float]
    extra: dict = field(default_factory=dict)


def keep(plays: list[Optional[Play]], seats: int) -> Sheet:
    """Write the list of ``plays`` (None: a passed game) as a correct keeper does."""
    total, won, lost = [0] * seats, [0] * seats, [0] * seats
    rows = []
    for no, p in enumerate(plays, start=1):
        if p is None:
            rows.append(Row(no, None))
            continue
        c, d = charge(p), p.declarer
        total[d] += c
        if p.ramsch:        # no won or lost game: no 50, 40 or 30, the counts stay
            rows.append(Row(no, p, plus=c if c > 0 else None, minus=-c if c < 0 else None, total=total[d]))
            continue
        if is_won(p):
            won[d] += 1
        else:
            lost[d] += 1
        rows.append(Row(no, p, plus=c if c > 0 else None, minus=-c if c < 0 else None, total=total[d],
                        won=won[d] if is_won(p) else None, lost=None if is_won(p) else lost[d]))
    return footer(seats, rows, total, won, lost)


def footer(seats: int, rows: list[Row], points, won, lost) -> Sheet:
    all_lost = sum(lost)
    others = [all_lost - lo for lo in lost]
    return Sheet(seats, rows, list(points), list(won), list(lost), [(w - lo) * WIN for w, lo in zip(won, lost)],
                 [o * OTHERS[seats] for o in others],
                 [seeger_fabian(points[s], won[s], lost[s], others[s], seats) for s in range(seats)],
                 [loss_money(lo) for lo in lost])


def cents(finals: list[int]) -> list[int]:
    """Endzahlsummenverfahren (001): number of players x own final total - sum of all final totals, 1 cent a point."""
    return [len(finals) * f - sum(finals) for f in finals]


def lowest_footer(sheet: Sheet, written: Sheet) -> dict[str, list]:
    """The footer that counts (SkWO 7.2.5) when ``written`` has footer lines that differ from the rows' ``sheet``:
    the reading that gives the lowest score, line by line (fewer points and won games, more lost ones; the bonus and
    the score no higher than the counted lines give)."""
    n = sheet.seats
    points = [min(sheet.points[s], written.points[s]) for s in range(n)]
    won = [min(sheet.won[s], written.won[s]) for s in range(n)]
    lost = [max(sheet.lost[s], written.lost[s]) for s in range(n)]
    bonus = [min(written.bonus[s], (won[s] - lost[s]) * WIN) for s in range(n)]
    others = [min(written.others_lost[s], sheet.others_lost[s]) for s in range(n)]
    score = [min(written.score[s], points[s] + bonus[s] + others[s]) for s in range(n)]
    return {"points": points, "won": won, "lost": lost, "bonus": bonus, "others_lost": others, "score": score,
            "money": list(sheet.money)}


def single_written(p: Play, minus: int) -> bool:
    """Is a lost game's "-" entry recognisably its loss written single (rules.md 9, 10)? The game's value itself, or
    an overbid's charge written single: an odd multiple of the Grundwert above the value (doubled, an even multiple
    would be an overbid's whole charge)."""
    step = p.base * 2 ** p.doublings
    return minus == value(p) or (p.base != NULL and minus % step == 0 and (minus // step) % 2 == 1
                                 and minus > value(p))


def lowest_rows(written: Sheet) -> list[int]:
    """Each seat's final total by the lowest-score rule (SkWO 7.2.5, rules.md 10) on rows whose figures disagree: a
    row counts the reading with the fewest points (a won game the lower of "+" and its value; a lost one the highest
    of "-", twice its value and, written single, twice "-"), and each running total the lower of the written total and
    the corrected total before it plus that row."""
    total = [0] * written.seats
    for r in written.rows:
        p = r.play
        if p is None:
            continue
        if p.ramsch:            # a Durchmarsch wins 120 at most (Bock doubled), a loser's figure stands
            delta = min(r.plus, 120 * 2 ** p.doublings) if r.plus is not None else -r.minus
        elif r.plus is not None:
            delta = min(r.plus, value(p))
        else:
            readings = [-r.minus, -2 * value(p)] + ([-2 * r.minus] if single_written(p, r.minus) else [])
            delta = min(readings)
        total[p.declarer] = min(r.total, total[p.declarer] + delta)
    return total
