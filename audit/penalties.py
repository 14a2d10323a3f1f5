"""Penalty points (Strafpunkte) and the schedules a tournament sets for them (reference 002).

A schedule says, per offence, what the offender loses and what each other player at the table
gets. The ready preset is the Doppelkopf schedule of reference 002:

* minor error (geringfügiger Fehler, 3.): offender -3, each other player +1;
* severe error (schwerwiegender Fehler, 4a): offender -12, and 3 more for each announcement of
  the other side (Kontra and Re not counted); the others +4 each (5, 6, 7, 8 with 1 to 4
  announcements);
* unsporting conduct (unsportliches Verhalten, 8.): a deduction of at most 5 points, with no
  credit to the others;
* another error (sonstige Fehler, 7.): the management rates it itself; the list's figures stand.

Both minor and severe entries sum to zero at a four-player table: 3 = 3 x 1, 12 + 3k = 3 x (4 + k).

>>> expected_points(SCHEDULES["doppelkopf"], Penalty(after=3, seat=2, offence="minor"), seats=4)
(1, -3, 1, 1)
>>> expected_points(SCHEDULES["doppelkopf"], Penalty(3, 1, "severe", announcements=2), seats=4)
(-18, 6, 6, 6)
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional

from .model import OFFENCES, Penalty

#: Announcements that raise a severe penalty: reference 002 gives 4 to 8 for the others.
MAX_ANNOUNCEMENTS = 4
#: Where the Doppelkopf schedule comes from.
RULE_PENALTY = "Strafpunkte 3, 4a, 8 (002)"


@dataclass(frozen=True)
class PenaltyRule:
    """What one offence costs: the offender loses ``offender`` (+ ``per_announcement`` for each
    announcement of the other side), each other player gets ``others`` (+ ``others_per_announcement``).
    ``at_most``: the offender's figure is a maximum the management chooses up to (others get 0)."""

    offender: int
    others: int
    per_announcement: int = 0
    others_per_announcement: int = 0
    at_most: bool = False


#: Ready schedules by name.
SCHEDULES: dict[str, dict[str, PenaltyRule]] = {
    "doppelkopf": {
        "minor": PenaltyRule(3, 1),
        "severe": PenaltyRule(12, 4, 3, 1),
        "conduct": PenaltyRule(5, 0, at_most=True),
    },
}


_ENTRY = re.compile(r"(minor|severe|conduct|other)\s*(?:=\s*(\d{1,3})\s*/\s*(\d{1,3})"
                    r"(?:\s*\+\s*(\d{1,3})\s*/\s*(\d{1,3}))?|<=\s*(\d{1,3}))")


def schedule(name: Optional[str]) -> Optional[dict[str, PenaltyRule]]:
    """The schedule called ``name``, or one the tournament writes out (None: the list's figures
    stand unchecked).

    A written schedule lists offences with what the offender loses and each other player
    gets, optionally plus so much per announcement, or a deduction "at most":

    >>> sorted(schedule("doppelkopf"))
    ['conduct', 'minor', 'severe']
    >>> schedule("minor=5/0, severe=20/5+3/1, conduct<=10")["severe"]
    PenaltyRule(offender=20, others=5, per_announcement=3, others_per_announcement=1, at_most=False)
    """
    if name is None or name == "none":
        return None
    if name in SCHEDULES:
        return SCHEDULES[name]
    rules: dict[str, PenaltyRule] = {}
    for part in (p.strip() for p in name.split(",")):
        m = _ENTRY.fullmatch(part)
        if m is None:
            raise ValueError(f"unknown penalty schedule {name!r}: known are none, " + ", ".join(sorted(SCHEDULES))
                             + ", or write one like 'minor=3/1,severe=12/4+3/1,conduct<=5'")
        offence, off, oth, doff, doth, most = m.groups()
        if most is not None:
            rules[offence] = PenaltyRule(int(most), 0, at_most=True)
        else:
            rules[offence] = PenaltyRule(int(off), int(oth), int(doff or 0), int(doth or 0))
    return rules


def expected_points(rules: dict[str, PenaltyRule], p: Penalty, seats: int) -> Optional[tuple[int, ...]]:
    """Each seat's points for penalty ``p`` by the schedule; None when the schedule leaves the
    figure to the management (an offence it does not list, or a deduction "at most"). Announcements beyond
    :data:`MAX_ANNOUNCEMENTS` do not raise it (002, 4a: the others get "4 (bzw. 5,6,7,8)"; the ``penalty`` finding
    says so of the entry).

    >>> expected_points(SCHEDULES["doppelkopf"], Penalty(1, 1, "severe", announcements=5), seats=4)
    (-24, 8, 8, 8)
    """
    rule = rules.get(p.offence)
    if rule is None or rule.at_most:
        return None
    k = min(p.announcements, MAX_ANNOUNCEMENTS)
    lose = rule.offender + k * rule.per_announcement
    gain = rule.others + k * rule.others_per_announcement
    return tuple(-lose if s == p.seat - 1 else gain for s in range(seats))


def check_points(rules: dict[str, PenaltyRule], p: Penalty, seats: int) -> Optional[tuple[int, ...]]:
    """The figures that count for ``p`` when its written figures break the schedule, else None.

    A deduction "at most N" (conduct) must lie between -N and -1 with nothing to the others.
    """
    written = tuple(v or 0 for v in p.points)
    want = expected_points(rules, p, seats)
    if want is not None:
        return None if written == want else want
    rule = rules.get(p.offence)
    if rule is None or not rule.at_most:
        return None
    own = written[p.seat - 1]
    others_ok = all(v == 0 for s, v in enumerate(written) if s != p.seat - 1)
    if -rule.offender <= own <= -1 and others_ok:
        return None
    lose = min(max(-own, 1), rule.offender)
    return tuple(-lose if s == p.seat - 1 else 0 for s in range(seats))


__all__ = ["MAX_ANNOUNCEMENTS", "OFFENCES", "PenaltyRule", "RULE_PENALTY", "SCHEDULES", "check_points",
           "expected_points", "schedule"]
