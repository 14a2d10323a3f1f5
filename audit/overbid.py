"""The overbid rule (ISkO 3.6): a game worth less than the bid is lost, charged at the smallest
multiple of its base value that reaches the bid, twice.

The bid is not on the list, so the auditor can only recognise an overbid from the "-" entry
and report the range of bids that explain it.

>>> overbid_loss(24, base=9)      # bid 24, Karo: 27 is the smallest multiple of 9 reaching 24
54
>>> explained_bids(minus=54, base=9, value=18)
(20, 22, 23, 24, 27)
"""
from __future__ import annotations

from .values import BID_VALUES, NULL


def charged_value(bid: int, base: int) -> int:
    """Smallest multiple of ``base`` that reaches ``bid``."""
    return -(-bid // base) * base


def overbid_loss(bid: int, base: int) -> int:
    """What the list shows in the "-" column for a game of ``base`` overbid at ``bid``."""
    return 2 * charged_value(bid, base)


def explained_bids(minus: int, base: int, value: int, factor: int = 1) -> tuple[int, ...]:
    """Bids that make ``minus`` the correct doubled loss of an overbid game worth ``value``.

    Empty when no bid explains it (then the entry is simply wrong). Null games cannot be
    overbid: their value is fixed and known before they are announced. On a home list
    ``minus`` and ``value`` include the row's Kontra/Re/Bock ``factor`` (reference 004):
    the charged multiple of the base is doubled like any game value.

    >>> explained_bids(minus=108, base=9, value=36, factor=2)    # Kontra: bid 24, Karo mit 1
    (20, 22, 23, 24, 27)
    """
    if factor > 1:
        if minus % factor or value % factor:
            return ()
        minus, value = minus // factor, value // factor
    if base == NULL or minus <= 0 or minus % (2 * base):
        return ()
    k = minus // (2 * base)
    low, high = (k - 1) * base, k * base
    return tuple(b for b in BID_VALUES if low < b <= high and b > value)


def written_single(minus: int, base: int, value: int, factor: int = 1) -> bool:
    """Whether a lost game's "-" entry that no bid explains is its loss written single (SkWO 7.2.5: it counts
    double): the game's value itself, or the charged multiple of its Grundwert of an overbid (an odd multiple above
    the game's own, which doubled is what an overbid at some bid charges).

    >>> written_single(27, base=9, value=18)      # Karo mit 1 overbid at 24 or 27, written 27 for 54
    True
    >>> written_single(18, base=9, value=18), written_single(45, base=9, value=18), written_single(40, 10, 20)
    (True, True, False)
    """
    step = base * factor
    return minus == value or (base != NULL and minus % step == 0 and (minus // step) % 2 == 1
                              and minus // base > value // base)


def charged_at_the_bid(minus: int, base: int, value: int, factor: int = 1):
    """The bid an overbid game's "-" entry was charged at instead of the next multiple of the Grundwert reaching it,
    the list keeper's common slip (reference 001, "Typische Fehler": "Nicht der Reizwert wird abgeschrieben, sondern
    das nächste Vielfache des Grundwerts, das ihn erreicht. Bei Karo und gereizten 24 also 27, nicht 24"): ``minus``
    twice a bid above the game's ``value`` that is no multiple of ``base``, as a lost game is charged twice; None when
    it is not that (the bid written once as well would be two slips, and nearly every figure is some bid). Only for an
    entry no overbid explains (:func:`explained_bids`), on a list without Kontra/Re/Bock.

    >>> charged_at_the_bid(48, base=9, value=18)      # Karo mit 1, bid 24, charged 48 for 54
    24
    >>> charged_at_the_bid(44, base=10, value=20), charged_at_the_bid(36, base=9, value=18)
    (22, None)
    """
    bid = minus // 2
    if factor != 1 or base == NULL or minus % 2 or bid not in BID_VALUES or bid <= value or not bid % base:
        return None
    return bid
