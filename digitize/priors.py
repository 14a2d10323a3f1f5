"""The column priors: what a keeper writes in each column of the list (a Grundwert is one of six values, "+" a
game value, "-" a loss, a count in row n is 1 to n, the footer's bonus a multiple of 50 ...), how they re-rank a
cell's candidates (:func:`rank`) and how the narrow ones count in a reading's probability (:func:`with_prior`).
"""
from __future__ import annotations

from audit.values import BID_VALUES, GRAND, MAX_LEVELS, MAX_MATADORS, NULL_VALUES, SUIT_BASES
from digitize.cell_values import GAME_REF, MONEY_MAX

#: Every value a game can have (ISkO 2.3-2.5: a suit game 2 to 18 times its Grundwert, Grand 2 to 11 times, Null
#: 23, 35, 46 or 59): what "+" holds.
GAME_VALUES = frozenset({m * b for b in SUIT_BASES for m in range(2, MAX_MATADORS[b] + MAX_LEVELS + 1)}
                        | {m * GRAND for m in range(2, MAX_MATADORS[GRAND] + MAX_LEVELS + 1)}
                        | set(NULL_VALUES.values()))

#: What "-" holds: a lost game doubled, an overbid game's doubled multiple of its Grundwert up to the highest
#: bid (ISkO 3.6, as ``audit.overbid``), and a game value alone (a loss written single, the keeper's mistake the
#: auditor reports).
LOSS_VALUES = frozenset({2 * v for v in GAME_VALUES} | GAME_VALUES
                        | {2 * k * b for b in (*SUIT_BASES, GRAND) for k in range(1, max(BID_VALUES) // b + 2)})

#: What a keeper writes in these columns; a best reading outside is doubtful however confident when a
#: candidate inside was seen too.
PLAUSIBLE = {"base": frozenset({9, 10, 11, 12, 23, 24}), "mit": frozenset(range(1, 12)),
             "ohne": frozenset(range(1, 12)), "plus": GAME_VALUES, "minus": LOSS_VALUES}

#: The matador counts a keeper writes nearly always: 1 to 6. "mit"/"ohne" 7 to 11 (PLAUSIBLE: a suit game can have
#: them) needs the four Jacks and the next three or more trumps of the suit in one hand, or all of them missing: a
#: rare hand. Such a count read best while the reader also saw one of these is in doubt (reason "rare") and the row's
#: arithmetic chooses between them: the seeds' photos had a "2" written with a loop read "9" at 0.89 to 0.99 five
#: times, and a "2" read "7" at 0.99, never a count above 6 written (docs/reader.md).
COMMON = {"mit": frozenset(range(1, 7)), "ohne": frozenset(range(1, 7))}

#: The columns whose prior is narrow enough to count in the probability of a reading (:func:`with_prior`): the
#: Grundwert (six values of all the figures) and the footer's bonus and others' losses (multiples of 50, of 30 or
#: 40). Not "mit"/"ohne" (1 to 11: a "1" read for an "11" is as possible; on the photos of seeds 7 and 8, 3 of the
#: 21 matador readings the prior would have lifted over the bar were wrong, none of the 256 Grundwerte and 51 footer
#: figures) nor the money (at most 30 EUR).
PRIOR_FIELDS = frozenset({"base", "bonus", "others_lost"})

#: The prior weight of a value such a column cannot hold against one it can (:func:`with_prior`): a keeper writes
#: a Grundwert of 28 far less often than one of 23, but he does (the auditor's finding), so the prior is a mild one
#: (chosen on seed 8's photos, bench/bench_bar.py's readings: 0.3 doubts 1.1 points fewer of the written cells, every
#: wrong one as before; 0.1 another 0.8 points fewer, but a wrong cell more without doubt, a false paper error).
IMPLAUSIBLE_WEIGHT = 0.3

#: The prior weight of a row whose "-" only a lost overbid game explains (ISkO 3.6: charged at the smallest multiple
#: of the Grundwert that reaches the bid, twice) against one it explains as a plain lost game (twice the game value),
#: for the combinations of readings the arithmetic weighs (:func:`digitize.decode._row_consistent`): about one lost
#: game in six is overbid (the synthetic lists draw 15 %, audit.simulate.P_OVERBID), and only some of the bids it may
#: have been made at give the "-" tried: about a tenth (on the cached readings of seeds 7 and 8, 0.03 to 0.3 alike
#: but for the one row below, which wants less than 0.13, and 0.03 lost a count on seed 8). Seed 7's photo 7021: a
#: Karo "ohne 2" lost, "-54", its "2" read empty at 0.56, "1" at 0.11 and "2" at 0.014, took "ohne 1" as a game
#: overbid at 27 (docs/reader.md, session 31). On a third draw not used to choose it (seed 9) it costs one cell: a Karo
#: "mit 2" Hand Schneider overbid at 63, its "2" read at 0.46 beside "4" at 0.24, which a plain loss explains.
OVERBID_WEIGHT = 0.1

#: Footer lines that are multiples of a step (the loss bonus step depends on the seats).
FOOTER_STEP = {"bonus": 50}

LOSS_STEP = {3: 40, 4: 30}



def one_digit_off(value: int, possible) -> set[str]:
    """The digits of ``value`` that, changed alone, make it one of ``possible``.

    >>> sorted(one_digit_off(33, {9, 10, 11, 12, 23, 24})), sorted(one_digit_off(13, {10, 11, 12, 23}))
    (['3'], ['1', '3'])
    """
    text, out = str(value), set()
    for other in possible:
        o = str(other)
        if len(o) == len(text):
            diff = [i for i in range(len(text)) if text[i] != o[i]]
            if len(diff) == 1:
                out.add(text[diff[0]])
    return out



def column_prior(ref: str, field: str, steps: dict):
    """The column prior of a cell: a test of its values (None = any value), or None when there is none."""
    if ref.startswith("footer.") and field in steps:
        return lambda v, step=steps[field]: v is None or v % step == 0
    if field in PLAUSIBLE and not ref.startswith(("footer.", "table.")):
        return lambda v, ok=PLAUSIBLE[field]: v is None or v in ok
    if field in MONEY_MAX:
        return lambda v, most=MONEY_MAX[field]: v is None or v <= most
    m = GAME_REF.match(ref)
    if m and field in ("won", "lost"):
        # a count in row n is at most n (every game before it won, or lost)
        return lambda v, most=int(m.group(1)): v is None or 1 <= v <= most
    return None



def with_prior(dist: list[tuple[object, float]], plausible) -> float:
    """The probability of the best reading (a figure its column can hold) given the column's prior: the reader's
    probabilities with every value the column cannot hold, and the reader's mass outside its top readings,
    weighed by :data:`IMPLAUSIBLE_WEIGHT` (Bayes' rule with a prior that makes such a value that much less
    likely than one the column can hold).

    >>> base = lambda v: v is None or v in {9, 10, 11, 12, 23, 24}
    >>> round(with_prior([(23, 0.8), (28, 0.15), (24, 0.05)], base), 4)   # 0.8 / (0.85 + 0.3 * 0.15)
    0.8939
    >>> round(with_prior([(23, 0.8), (24, 0.15)], base), 4)                # 0.8 / (0.95 + 0.3 * 0.05)
    0.829
    """
    held = sum(p for v, p in dist if plausible(v))
    other = max(sum(p for _v, p in dist) - held, 0.0) + max(1.0 - sum(p for _v, p in dist), 0.0)
    return dist[0][1] / max(held + IMPLAUSIBLE_WEIGHT * other, 1e-12)



def rank(dist: list[tuple[object, float]], plausible) -> list[tuple[object, float]]:
    """The candidates with the plausible values first (each group best first): a column prior re-ranks,
    it never removes a candidate."""
    return [c for c in dist if plausible(c[0])] + [c for c in dist if not plausible(c[0])]
