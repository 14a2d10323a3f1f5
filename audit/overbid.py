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
