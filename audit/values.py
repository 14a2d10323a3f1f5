"""Game values by the International Skat Order (ISkO 2.3-2.5, SkWO 8.7-8.10).

``value = (matadors + levels) x base`` for suit and Grand games, fixed values for Null.

>>> game_value(12, mit=1)                         # Kreuz mit 1
24
>>> game_value(24, ohne=2, schneider=True)        # Grand ohne 2 Schneider
96
>>> game_value(12, mit=2, ouvert=True)            # Kreuz ouvert mit 2
108
>>> game_value(23, hand=True, ouvert=True)        # Null ouvert Hand
59
"""
from __future__ import annotations

from .model import Game

KARO, HERZ, PIK, KREUZ, NULL, GRAND = 9, 10, 11, 12, 23, 24
SUIT_BASES = (KARO, HERZ, PIK, KREUZ)
BASES = (KARO, HERZ, PIK, KREUZ, NULL, GRAND)
BASE_NAMES = {KARO: "Karo", HERZ: "Herz", PIK: "Pik", KREUZ: "Kreuz", NULL: "Null", GRAND: "Grand"}
#: Most matadors a game can have: all eleven trumps of a suit game, all four jacks in Grand.
MAX_MATADORS = {KARO: 11, HERZ: 11, PIK: 11, KREUZ: 11, GRAND: 4}
#: Null values by (hand, ouvert), SkWO 8.7 / ISkO 2.4.2.
NULL_VALUES = {(False, False): 23, (True, False): 35, (False, True): 46, (True, True): 59}
#: Most levels a game can reach: game, Hand, Schneider, announced, Schwarz, announced, ouvert.
MAX_LEVELS = 7


class ImpossibleGame(ValueError):
    """The game columns describe no game that exists.

    ``field`` names the offending column, ``key`` a message key of :mod:`audit.messages`,
    ``params`` its parameters.
    """

    def __init__(self, field: str, key: str, **params):
        super().__init__(f"{field}: {key} {params}")
        self.field = field
        self.key = key
        self.params = params


def levels(hand: bool = False, schneider: bool = False, schneider_announced: bool = False,
           schwarz: bool = False, schwarz_announced: bool = False, ouvert: bool = False) -> int:
    """Number of levels (Gewinnstufen) of a suit or Grand game; a higher level implies the lower.

    Ouvert is always Hand announced Schwarz (7 levels). Announcing needs Hand (SkWO 8.10):
    the caller checks that, this function only counts.

    >>> levels()
    1
    >>> levels(hand=True, schneider=True)
    3
    >>> levels(schwarz=True)               # Schwarz includes Schneider
    3
    >>> levels(ouvert=True)
    7
    """
    if ouvert:
        return 7
    if schwarz_announced:
        return 6
    if schneider_announced:
        return 4 + int(schwarz)
    return 1 + int(hand) + int(schneider or schwarz) + int(schwarz)


def game_value(base: int | None, mit: int | None = None, ohne: int | None = None, *,
               hand: bool = False, schneider: bool = False, schneider_announced: bool = False,
               schwarz: bool = False, schwarz_announced: bool = False, ouvert: bool = False) -> int:
    """Value of the game the columns describe; raises :class:`ImpossibleGame` when there is none."""
    if base is None:
        raise ImpossibleGame("base", "base-missing")
    if base not in BASES:
        raise ImpossibleGame("base", "base-unknown", base=base)
    if base == NULL:
        if mit is not None or ohne is not None:
            raise ImpossibleGame("mit" if mit is not None else "ohne", "null-matadors")
        for name, flag in (("schneider", schneider), ("schneider_announced", schneider_announced),
                           ("schwarz", schwarz), ("schwarz_announced", schwarz_announced)):
            if flag:
                raise ImpossibleGame(name, "null-level")
        return NULL_VALUES[(hand, ouvert)]
    if mit is not None and ohne is not None:
        raise ImpossibleGame("ohne", "mit-and-ohne")
    matadors = mit if mit is not None else ohne
    if matadors is None:
        raise ImpossibleGame("mit", "matadors-missing")
    top = MAX_MATADORS[base]
    if not 1 <= matadors <= top:
        raise ImpossibleGame("mit" if mit is not None else "ohne", "matadors-range",
                             matadors=matadors, top=top, game_name=BASE_NAMES[base])
    if not ouvert and not hand:
        if schwarz_announced:
            raise ImpossibleGame("schwarz_announced", "announced-without-hand")
        if schneider_announced:
            raise ImpossibleGame("schneider_announced", "announced-without-hand")
    return (matadors + levels(hand, schneider, schneider_announced, schwarz,
                              schwarz_announced, ouvert)) * base


def value_of(game: Game) -> int:
    """Value of a list row's game columns (see :func:`game_value`)."""
    return game_value(game.base, game.mit, game.ohne, hand=game.hand, schneider=game.schneider,
                      schneider_announced=game.schneider_announced, schwarz=game.schwarz,
                      schwarz_announced=game.schwarz_announced, ouvert=game.ouvert)


def multiplier(value: int, base: int) -> int:
    """Matadors + levels of a suit/Grand game of ``value`` (value is a multiple of base)."""
    return value // base


def all_game_values() -> frozenset[int]:
    """Every value any game can have: the values a bid can take (ISkO 3.2)."""
    values = set(NULL_VALUES.values())
    for base, top in MAX_MATADORS.items():
        for m in range(1 + 1, top + MAX_LEVELS + 1):
            values.add(m * base)
    return frozenset(values)


BID_VALUES = tuple(sorted(v for v in all_game_values() if v >= 18))


#: The marks' short names, as the game's name (:func:`describe`) and the report's column heads write them.
MARK_SHORT = {"hand": "H", "schneider": "S", "schneider_announced": "SA", "schwarz": "Sw",
              "schwarz_announced": "SwA", "ouvert": "O"}


def describe(game: Game) -> str:
    """Short game name as keepers write it: ``Kr m1``, ``Gr o2 S``, ``Null H``.

    >>> describe(Game(no=1, base=12, mit=1))
    'Kr m1'
    >>> describe(Game(no=2, base=24, ohne=2, kontra=True, bock=1))
    'Gr o2 K B'
    >>> describe(Game(no=3, ramsch=True))
    'Ramsch'
    """
    names = {KARO: "Ka", HERZ: "He", PIK: "Pi", KREUZ: "Kr", GRAND: "Gr", NULL: "Null"}
    doubling = [short for flag, short in ((game.kontra, "K"), (game.re, "Re")) if flag]
    doubling += ["B" * game.bock] if game.bock else []
    if game.ramsch:
        return " ".join(["Ramsch", *doubling])
    if game.base is None:
        return "?"
    parts = [names.get(game.base, str(game.base))]
    if game.mit is not None:
        parts.append(f"m{game.mit}")
    if game.ohne is not None:
        parts.append(f"o{game.ohne}")
    for flag, short in MARK_SHORT.items():
        if getattr(game, flag):
            parts.append(short)
    return " ".join(parts + doubling)
