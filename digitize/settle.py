"""The honest use of a group of cells that must agree (a game row, a seat's footer, the loss money): among the
candidates of its doubtful cells the most probable combination that agrees (:func:`settle`, :func:`agreeing`);
when nothing agrees, the confident cells another reading of which would make it agree are put in doubt, their
readings kept, and each relation of the group may be settled on its own (:func:`settle_alone`).
"""
from __future__ import annotations

import itertools
from typing import Optional

from digitize.cell_values import field_of
from digitize.doubts import ALT_MIN, TOP_K, Cells
from digitize.priors import IMPLAUSIBLE_WEIGHT

#: At most this many doubtful cells of one row are searched together (4^4 combinations).
MAX_SEARCH = 4

#: A consistent combination must be at least this likely relative to the best reading.
MIN_RELATIVE = 1e-3

#: A cell read at or above the bar but doubted by a column rule, whose best reading makes its row add
#: up when no other combination of the row's candidates does (none at least AMBIGUOUS times as likely),
#: is confirmed by the row: taken as read and not doubtful.
AMBIGUOUS = 0.05


def settle(cells: Cells, refs: list[str], consistent, checked, open_fields=(), *, alternatives: bool = True,
           names: Optional[dict] = None, vacuous=None, loose=None, ask=None) -> bool:
    """The honest use of a group of cells that must agree (a game row, a seat's footer), ``consistent``
    telling whether values {field: value} agree (true, or a weight the combination's probability is multiplied by:
    a "-" only an overbid explains, :data:`digitize.priors.OVERBID_WEIGHT`):

    * the doubtful cells' candidates are tried together; the most probable combination that agrees
      is taken (a cell whose value it changes is marked chosen by the arithmetic, and stays doubtful);
    * when that combination keeps every best reading and no other combination comes near it (less than
      AMBIGUOUS times as probable), a doubtful cell read at or above the bar (doubted by a column rule)
      whose value the check tests (``checked(field, value)``) is confirmed: the row agrees with what was
      read, and only with it; a reading below the bar stays doubtful;
    * when nothing agrees, every confident cell that one of its own other candidates would make agree
      (at least ALT_MIN probable; a doubtful cell of ``open_fields`` may then also be unchecked; by the test
      ``loose`` when given) is marked doubtful, its reading kept: a paper error stays what was written, but
      the referee looks; ``ask`` is called first, to ask the reader about the values the group implies for
      its confident cells (``propose(..., sure=True)``).
    """
    doubtful = searched(cells, [r for r in refs if r in cells.doubt])
    names = {r: field_of(r) for r in refs} | (names or {})
    found, top_p = agreeing(cells, refs, doubtful, names, consistent,
                            vacuous=open_fields if vacuous is None else vacuous)   # never None: searched()
    if not found:
        if alternatives:
            if ask is not None:
                ask()
            doubt_alternatives(cells, refs, doubtful, names, loose or consistent, open_fields,
                               open_fields if vacuous is None else vacuous)
        return False
    best_p, best = found[0]
    if best_p < MIN_RELATIVE * top_p:
        return False
    # a confirmation needs the row to agree with every best reading as it stands, and with nothing near it
    unique = (len(found) == 1 or found[1][0] < AMBIGUOUS * best_p) and \
        all(val == cells.value.get(r) and r not in cells.by_arith for r, (val, _) in zip(doubtful, best))
    for r, (val, _) in zip(doubtful, best):
        if val != cells.value.get(r):
            cells.choose(r, val)
        elif unique and checked(names[r], val) and cells.sure[r] >= cells.bar:
            cells.confirm(r)
    return True



def searched(cells: Cells, doubtful: list[str]) -> list[str]:
    """The doubtful cells whose candidates a group's arithmetic tries: all of them, or the :data:`MAX_SEARCH` read
    least surely (in their order) when there are more; the others count with their best readings and stay in doubt
    (a misread hand doubts every figure with its suspect digit, and a row of five doubtful cells, a "10" and a "1" at
    0.99 among them, was not settled at all: on seeds 7 and 8 +0.3 and +0.2 points exact, all in doubt)."""
    if len(doubtful) <= MAX_SEARCH:
        return doubtful
    keep = set(sorted(doubtful, key=lambda r: cells.sure[r])[:MAX_SEARCH])
    return [r for r in doubtful if r in keep]


def agreeing(cells: Cells, refs: list[str], doubtful: list[str], names: dict, consistent, extra: int = 0,
             vacuous=()):
    """Every combination of the doubtful cells' candidates with which ``refs`` agree, as (probability,
    combination) most probable first (a combination ``consistent`` weighs, returning a number, counts with its
    probability times that weight), and the probability of the best readings together; (None, 0) when
    there are more than :data:`MAX_SEARCH` (+ ``extra``) doubtful cells to search. The agreement does not
    test an empty value in a field of ``vacuous``, so an empty value is not tried there for a cell read as a
    figure (an empty count makes any row agree: a count read "4" at 0.89 was emptied for a row that its
    misread previous count broke)."""
    if len(doubtful) > MAX_SEARCH + extra:
        return None, 0.0
    fixed = {names[r]: cells.get(r) for r in refs if r not in doubtful}
    found = []
    top_p = 1.0
    for r in doubtful:
        top_p *= cells.options(r)[0][1]
    options = [[(v, p) for v, p in cells.options(r)
                if v is not None or names[r] not in vacuous or cells.get(r) is None] for r in doubtful]
    priors = [cells.plausible.get(r) for r in doubtful]
    for combo in itertools.product(*options):
        v = dict(fixed)
        p = 1.0
        for r, (val, prob), prior in zip(doubtful, combo, priors):
            v[names[r]] = val
            # a value its column cannot hold weighs less (the column's prior, as in with_prior)
            p *= prob if prior is None or prior(val) else prob * IMPLAUSIBLE_WEIGHT
        weight = consistent(v)
        if weight:
            found.append((p * float(weight), combo))
    found.sort(key=lambda pc: -pc[0])
    return found, top_p



def doubt_alternatives(cells: Cells, refs: list[str], doubtful: list[str], names: dict, consistent,
                       open_fields=(), vacuous=()) -> None:
    """Nothing agrees: mark doubtful every confident cell that one of its own other candidates (at least
    ALT_MIN probable) or a value the reader was asked about (:attr:`Cells.implied`), with the candidates of the
    doubtful cells, would make agree, and every "+" or "-" that no game has whose row agrees without it. Its
    reading stays. An empty candidate of a cell read 0 in a field of ``vacuous``, whose empty value the agreement
    does not test, is no such alternative: an empty footer line says 0 as well (many keepers leave a 0 empty), and it
    would leave the footer untested (seed 9's photo 9005: a "Verl." 0 read at 0.992, "" at 0.003, put in doubt by a
    footer whose bonus then went untested, and the seeded footer error rested on the doubt). A figure's empty
    candidate is one (a count "1" written on the line between "Gew." and "Verl." and read in "Verl.": the sample
    skatscan-4-errors)."""
    fixed = {names[r]: cells.get(r) for r in refs if r not in doubtful}
    options = [cells.options(d) + ([(None, 0.0)] if names[d] in open_fields else []) for d in doubtful]
    for r in refs:
        if r in cells.doubt:
            continue
        alternatives = [(v, p) for v, p in cells.dist[r][1:TOP_K + 2] if p >= ALT_MIN] + cells.implied.get(r, [])
        plausible = cells.plausible.get(r)
        if field_of(r) in ("plus", "minus") and plausible is not None and not plausible(fixed[names[r]]):
            # a value no game has may be ink run over from the cell beside ("23" in "+" leaves a "3" in "-",
            # read at 0.998): the row without it is tried too (not in the footer: a bonus of 160 is the keeper's)
            alternatives = alternatives + [(None, 1.0)]
        for val, prob in alternatives:
            if val == fixed[names[r]]:
                continue
            if val is None and fixed[names[r]] == 0 and names[r] in vacuous:
                continue        # an empty line says 0 too (keepers leave it empty), and tests nothing
            trial = dict(fixed, **{names[r]: val})
            if any(consistent(dict(trial, **{names[d]: v for d, (v, _) in zip(doubtful, combo)}))
                   for combo in itertools.product(*options)):
                cells.flag(r, "row")
                cells.row_alt.setdefault(r, val)
                if (val, prob) in cells.implied.get(r, ()):
                    cells.row_implied[r] = (val, prob)
                break


def settle_alone(cells: Cells, refs: list[str], names: dict, test, vacuous, doubtful: Optional[list] = None) -> None:
    """One relation of a group that agrees with nothing as a whole (``test`` on {name: value} of ``refs``): its
    cells the arithmetic may change (:meth:`Cells.changeable`; or ``doubtful``) take the most probable combination of
    their candidates that it agrees with (:func:`agreeing_values`), as the arithmetic's choice (doubtful for the
    reason "chain": the referee is told the whole row does not add up); the others count as they stand. Until
    session 32 only the cells read below the bar: a footer's points read "33" at 0.92 beside "133" at 0.05, in doubt
    for its row, which the seat's last total 133 and the score both said (seed 9's photos 9019, 9013), stayed so."""
    if doubtful is None:
        doubtful = [r for r in refs if cells.changeable(r)]
    for r, value in (agreeing_values(cells, refs, doubtful, names, test, vacuous) or {}).items():
        cells.choose(r, value, reason="chain")


def agreeing_values(cells: Cells, refs: list[str], doubtful: list[str], names: dict, test, vacuous) -> Optional[dict]:
    """The values of the ``doubtful`` cells among ``refs`` in the most probable combination of their candidates that
    ``test`` agrees with, when it is at least :data:`MIN_RELATIVE` as probable as their best
    readings: {ref: value} of the cells it changes; None when there is none (or nothing to search)."""
    if not doubtful:
        return None
    found, top_p = agreeing(cells, refs, doubtful, names, test, vacuous=vacuous)
    if not found or found[0][0] < MIN_RELATIVE * top_p:
        return None
    return {r: value for r, (value, _) in zip(doubtful, found[0][1]) if value != cells.get(r)}
