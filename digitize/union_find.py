"""Joining items into groups (union-find): :func:`joined`, shared by the grid's tear check and the synthetic
handwriting's stroke groups."""
from __future__ import annotations

from typing import Iterable


def joined(n: int, pairs: Iterable[tuple[int, int]]) -> list[int]:
    """The group of each of the items ``0 .. n-1`` after joining the two items of every pair: one item of each group
    stands for it (the same for all its members).

    >>> joined(5, [(0, 1), (3, 4), (1, 4)])
    [4, 4, 2, 4, 4]
    """
    parent = list(range(n))

    def root(a: int) -> int:
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    for a, b in pairs:
        parent[root(a)] = root(b)
    return [root(i) for i in range(n)]
