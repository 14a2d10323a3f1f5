"""Ramsch, a home-list game (reference 004): when all pass, every player plays for himself and
the one with the most card points loses. It is scored "as without tournament scoring": only
the loser loses points (his card points), nobody gains the 50, 40 or 30, and a Durchmarsch
(one player takes every trick) wins 120. A Bock round doubles a Ramsch like any game. Never on
a tournament list (SkWO 9.4: "Es wird kein Ramsch gespielt").

>>> durchmarsch_value(Game(no=1, ramsch=True))
120
>>> loser_range(Game(no=1, ramsch=True, bock=1))
(80, 240)
"""
from __future__ import annotations

from .model import Game

DURCHMARSCH = 120
#: The loser took the most of the 120 card points, so at least 40 (three players) and at most 120.
LOSER_POINTS = (40, 120)


def ramsch_factor(g: Game) -> int:
    """Bock rounds double a Ramsch; Kontra and Re need a declarer and do not apply."""
    return 2 ** g.bock


def durchmarsch_value(g: Game) -> int:
    return DURCHMARSCH * ramsch_factor(g)


def loser_range(g: Game) -> tuple[int, int]:
    f = ramsch_factor(g)
    return LOSER_POINTS[0] * f, LOSER_POINTS[1] * f
