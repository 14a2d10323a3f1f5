"""Penalty points (reference 002), checked against the schedule the tournament sets.

Code: penalty. Without a schedule (``Settings.penalties`` None) the written figures stand and
only enter the totals (running-total and footer checks see to that). With one, each entry's
figures must be the schedule's: e.g. minor error -3 for the offender, +1 for each other player.
"""
from __future__ import annotations

from ..findings import WARNING, finding
from ..model import ScoreList
from ..penalties import MAX_ANNOUNCEMENTS, check_points, schedule
from ..settings import Settings


def check(facts, *, sl: ScoreList, settings: Settings, **_):
    rules = schedule(settings.penalties)
    for k, p in enumerate(sl.penalties, start=1):
        cells = tuple(f"penalty.{k}.points.{s + 1}" for s in range(sl.seats))
        common = dict(seat=p.seat, after=p.after, entry=k, offence=p.offence)
        if p.announcements > MAX_ANNOUNCEMENTS:
            yield finding("penalty", "penalty.announcements", field=f"penalty.{k}.announcements",
                          written=p.announcements, expected=MAX_ANNOUNCEMENTS,
                          cells=(f"penalty.{k}.announcements",), **common)
        if rules is None:
            continue
        if p.offence not in rules:
            if p.offence != "other":
                yield finding("penalty", "penalty.unknown-offence", severity=WARNING,
                              field=f"penalty.{k}.offence", written=p.offence, cells=cells, **common)
            continue
        want = check_points(rules, p, sl.seats)
        if want is not None:
            yield finding("penalty", "penalty.points", field=f"penalty.{k}.points",
                          written=[v or 0 for v in p.points], expected=list(want), cells=cells, **common)
