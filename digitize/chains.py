"""Each seat's running total and counts as one chain down the whole list (:func:`settle_seat_chains`).

A game row is settled with the figures of the row before it (:mod:`digitize.decode`), one row after the
other: a total read wrong below the bar ("839" for 639 at 0.63, "639" its fifth reading) is taken when its
own row agrees with it, and every total the seat writes after it is then chosen to follow it ("887", "920",
"950" for 687, 720, 750 read at 0.06, 0.65 and 0.27). Read as one chain, the seat's totals say otherwise:
639, 687, 720, 750 agree with each other and with what the reader saw, 839, 887, 920, 950 only with the first.

Here each chain (a seat's running totals from 0 to the footer's game points; its "Gew." counts from 0 to the
footer's won games, its "Verl." counts to its lost games) is searched whole for its most probable values
(Viterbi): a value's probability is its reading's; a link that does not hold (the keeper's slip, or a cell
misread with confidence) costs :data:`BREAK`. Only the cells a row's arithmetic may change change here too
(:meth:`~digitize.doubts.Cells.changeable`: below the bar, or confident and doubted by a column rule, a hand the
reader misreads or a count read empty where the row needs one; a confident reading its row put in doubt keeps its
value, as everywhere in the decoder, when read at or above :data:`~digitize.doubts.KEEP_BAR`), among their
candidates and the values their predecessor's candidates want for them that the reader, asked, finds probable
enough; a value changed here is the arithmetic's and stays doubtful (reason "sequence"), and a cell set back to
the reader's best reading is the reader's again. The footer's figures, the chains' last cells, are settled here
too, before their footer's own arithmetic. A confident figure whose row doubted it and whose seat carried on from
it is the keeper's slip, out of doubt (:func:`_carried_on`).
"""
from __future__ import annotations

import math
from typing import Callable

from audit.model import cell_ref
from digitize.doubts import CHOICE_MIN, TOP_K, Cells
from digitize.priors import IMPLAUSIBLE_WEIGHT

#: The cost of a link of a chain that does not hold (a total that is not the previous total moved by its row's
#: value, a count that is not the previous count + 1, a footer figure that is not the chain's last): chosen on the
#: cached readings of seed 8's photos (docs/reader.md).
BREAK = 1e-4
_LOG_BREAK = math.log(BREAK)


class Link:
    """One cell of a chain: its reference, which values its predecessor's value lets it have (``expect(previous)``, a
    set; None: anything), and what it may be (``options``, (value, probability), made when the chain is settled).
    ``required``: the cell must hold a value (a declarer's total in a row with a game, and his count of its outcome on a
    list that keeps the counts): empty, it breaks the chain."""

    def __init__(self, ref: str, expect: Callable, required: bool = False):
        self.ref, self.expect, self.required = ref, expect, required
        self.options: list = []


def best_path(start, links: list[Link]) -> tuple[list, float]:
    """The most probable values of the chain's links (Viterbi over their options), with its log-probability. A
    link whose value is None (a count not written) passes its predecessor's value on."""
    states = {start: (0.0, None)}      # state -> (score, back pointer: (value, the previous back pointer))
    for link in links:
        nxt: dict = {}
        # what each state lets this link be, asked once per state (the links' tests build sets)
        wants = {prev: link.expect(prev) for prev in states}
        for value, p in link.options:
            if p <= 0:
                continue
            log_p = math.log(p)
            for prev, (score, back) in states.items():
                if value is None:
                    s = score + log_p + (_LOG_BREAK if link.required else 0.0)
                    state = prev
                else:
                    want = wants[prev]
                    s = score + log_p + (0.0 if want is None or value in want else _LOG_BREAK)
                    state = value
                if state not in nxt or s > nxt[state][0]:
                    nxt[state] = (s, (value, back))
        if not nxt:
            return [], -math.inf
        states = nxt
    score, back = max(states.values(), key=lambda sb: sb[0])
    path = []
    while back is not None:
        value, back = back
        path.append(value)
    return path[::-1], score


def path_score(start, links: list[Link], values: list) -> float:
    """The log-probability of the chain with ``values``."""
    score, prev = 0.0, start
    for link, value in zip(links, values):
        p = dict(link.options).get(value, 0.0)
        if p <= 0:
            return -math.inf
        score += math.log(p) + _link_cost(link, prev, value)
        prev = prev if value is None else value
    return score


def _link_cost(link: Link, prev, value) -> float:
    """The log-cost of ``value`` after ``prev``: nothing when the link holds (or tests nothing), else BREAK."""
    if value is None:
        return _LOG_BREAK if link.required else 0.0
    want = link.expect(prev)
    return 0.0 if want is None or value in want else _LOG_BREAK


def _options(cells: Cells, ref: str, wanted: set) -> list:
    """What a cell of a chain may be: its value when the arithmetic may not change it (:meth:`Cells.changeable`);
    else its candidates, and the values its predecessor's values want for it that the reader gives at least
    CHOICE_MIN (asked when its readings lack them, :meth:`Cells.propose`), a value its column cannot hold weighed
    down as everywhere; never the empty value for a figure (an empty count passes the chain on and would make any
    chain agree). Until session 31 a confident cell doubted by a column rule, which a row may change, was fixed here:
    seed 8's photo 8002, "11" read "1" at 0.99 (its hand's "1" in doubt) and the row after taking "2" for the "12"
    read at 0.88, kept the seat's counts at "1 ... 2" against the footer's 12; and a count read empty surely, whose
    figure written above the cell the reader gives 2e-4 to 8e-4 (seed 7's 7031, seed 8's 8047), stayed empty where
    it mended the chain on both sides (the empty count with a broken link weighs its probability times BREAK)."""
    current = cells.get(ref)
    if not cells.changeable(ref):
        return [(current, 1.0)]
    cells.propose(ref, wanted)
    opts = dict(cells.options(ref))
    opts.update((v, p) for v, p in cells.read[ref] if v in wanted and p >= CHOICE_MIN and v not in opts)
    if current not in opts:
        opts[current] = max(dict(cells.read[ref]).get(current, 0.0), 1e-9)
    prior = cells.plausible.get(ref)
    return [(v, p if prior is None or prior(v) else p * IMPLAUSIBLE_WEIGHT)
            for v, p in opts.items() if v is not None or v == current]


def _settle(cells: Cells, links: list[Link], start=0) -> None:
    """Take the chain's most probable values (see the module docstring); a link's options are made in order, each
    with the values its predecessor's options want for it."""
    before = {start}
    for link in links:
        wanted = {w for v in before for w in link.expect(v) or ()}
        link.options = _options(cells, link.ref, wanted)
        before = {v for v, _ in link.options if v is not None} or before
    if not any(len(link.options) > 1 for link in links):
        return
    path, score = best_path(start, links)
    current = [cells.get(link.ref) for link in links]
    if not path or score <= path_score(start, links, current):
        return      # nothing more probable than the values as they are (a tie keeps them)
    for link, value in zip(links, path):
        if value != cells.get(link.ref):
            cells.choose(link.ref, value, reason="sequence")


def _doubt_breaks(cells: Cells, links: list[Link], start=0) -> None:
    """A confident figure that breaks its chain on both sides where one value would mend both links (a total "290"
    between 120 +70 and 190 +40 = 230, where 190 fits both) is put in doubt as a row that does not add up, its
    reading kept (a paper error stays what was written) and that value shown among its candidates, when the chain
    would take that value were the cell unsure: the reader gives it more than BREAK² times its reading (two links
    broken against none). A keeper's slip written clearly leaves the mending value far less probable ("11" for the
    12th win, the footer saying 12) and stays an error on paper. On the benchmark photos of seeds 7 and 8 the
    mending value was the written one every time (34 cells, most already in doubt; the reader gave it 9e-6 to
    7e-3 where it was not)."""
    prev = start
    for link, nxt in zip(links, links[1:]):
        value, after = cells.get(link.ref), cells.get(nxt.ref)
        want = link.expect(prev)
        sure = link.ref not in cells.doubt or cells.sure[link.ref] >= cells.bar
        if sure and None not in (value, after, want) and value not in want \
                and nxt.expect(value) is not None and after not in nxt.expect(value) \
                and cells.reason.get(link.ref) in (None, "row"):
            fits = [w for w in want if after in (nxt.expect(w) or ())]
            p = cells.probability(link.ref, fits[0]) if len(fits) == 1 else 0.0
            if p > BREAK ** 2 * cells.sure[link.ref]:
                cells.doubt_implied(link.ref, fits[0], p)
        prev = prev if value is None else value


def _doubt_next_breaks(cells: Cells, links: list[Link]) -> None:
    """A confident figure that breaks the link after it, after a figure in doubt, is put in doubt as a row that does not
    add up (its reading kept, the value shown among its candidates) where one value would mend the link after it and
    hold with one of the doubtful figure's own readings before it, and the reader gives that value more than BREAK
    times its reading (one link mended, as :func:`_doubt_breaks` weighs two); a figure its row doubted already keeps
    that doubt. Its own row holds only with the doubtful figure as read, so the row agreeing does not answer the doubt
    (:attr:`Cells.held`). A keeper's slip written clearly leaves the mending value far less probable. Read below
    KEEP_BAR, the rows settled again may take the value (chosen, in doubt): seed 10's photo 10000, a total "-210" read
    "-20" at 0.94 ("-210" at 0.03) after a total 174 read in doubt, whose runner-up 14 held with -20 through a "-384"
    read "34", the next total -187 following -210. Above it the second look reads the cell again: 10017's "230" read
    "30" at 0.98 after a "203" taken as 3 (its row agreeing with that), read at 0.90 by every network, and the seat's
    chain takes 230 and 203."""
    for before, link, nxt in zip(links, links[1:], links[2:]):
        ref = link.ref
        value, after = cells.get(ref), cells.get(nxt.ref)
        if type(value) is not int or type(after) is not int or before.ref not in cells.doubt \
                or (ref in cells.doubt and cells.reason.get(ref) != "row") or ref in cells.by_arith:
            continue
        holds = nxt.expect(value)
        if holds is None or after in holds:
            continue
        # the link after it moves the figure by e - value (e one of the values it lets the next figure have): the
        # figure the next one follows is that much before it, if it holds with a reading of the doubtful one before
        olds = [v for v, _p in cells.dist.get(before.ref, ())[:TOP_K] if type(v) is int]
        mends = {w: cells.probability(ref, w) for w in {after - (e - value) for e in holds if type(e) is int} - {value}
                 if any(w in (link.expect(v) or ()) for v in olds)}
        best = max(mends, key=mends.get, default=None)
        if best is not None and mends[best] > BREAK * cells.sure[ref]:
            if ref not in cells.doubt:
                cells.doubt_implied(ref, best, mends[best])
            cells.held.add(ref)


def _carried_on(cells: Cells, links: list[Link]) -> None:
    """A confident figure its row put in doubt (reason "row": a runner-up of its own, or the value the row implies,
    would make the row agree) is taken as read, out of doubt, when the seat carried on from it: the next link holds
    with the figure as read, the figures before and after it are read surely and are in no doubt (a count read empty
    or in the other column before it breaks its link without any slip), and the value the row would take breaks
    that link. The keeper's slip carried on, an error on paper (seed 8's 8003: "264" read at 0.90, the row's
    "24" at 0.08, the next total following 264; 8010's "52" beside "51"): a misreading the next figure follows too
    would take the same misreading of both. On the benchmark photos of seeds 7 and 8 it answers those two doubts
    and no other (paper errors found 7 -> 9 of 16 on seed 8)."""
    def sure(link):
        return cells.get(link.ref) is not None and link.ref not in cells.doubt and cells.sure[link.ref] >= cells.bar

    for k, (link, nxt) in enumerate(zip(links, links[1:])):
        ref = link.ref
        value, after = cells.get(ref), cells.get(nxt.ref)
        alt = cells.row_alt.get(ref)
        if cells.reason.get(ref) != "row" or ref in cells.by_arith or None in (value, after, alt):
            continue
        if not sure(nxt) or (k > 0 and not sure(links[k - 1])):
            continue
        holds, alt_holds = nxt.expect(value), nxt.expect(alt)
        if holds is not None and after in holds and alt_holds is not None and after not in alt_holds:
            cells.reason.pop(ref, None)
            cells.row_implied.pop(ref, None)


def settle_seat_chains(cells: Cells, seats: int, rows: list[int], game_value: Callable) -> None:
    """Settle every seat's running total and counts as whole chains over the game rows ``rows`` (not crossed out,
    in order), as the rows were settled one by one: a seat's rows are those where its total is written and no
    other seat's is, and those with a game and no total read where only its count is (its total cell then joins
    the chain, and staying empty breaks it: a declarer writes his total); a row moves its declarer's total by its
    "+" or "-", or by the value of its game columns
    (``game_value(no, get)`` from the cells' values by ``get``, None for none; twice it for a "-"), each as settled
    or as read: a keeper may carry on with either when they differ, a misread "+" ("44" for 48) must not break the
    chain of totals written after the game's value, and a "+" chosen to fit a misread total must not hold it."""
    chains: dict[tuple, list[Link]] = {}

    def link(s, kind, ref, expect, required=False):
        if ref in cells.reads:
            chains.setdefault((s, kind), []).append(Link(ref, expect, required))

    def game_deltas(no, factors):
        # the game its columns give, as settled and as read, times each factor (1 won, -2 lost)
        return {k * v for v in (game_value(no, cells.get), game_value(no, cells.as_read)) if v is not None
                for k in factors}

    def total_link(s, no, plus, minus):
        # the row's value as settled and as read (a "+" the arithmetic chose to fit a total the chain may change
        # is no evidence for that total), from its "+" or "-" and from its game columns
        sign, vref = (1, cell_ref(no, "plus")) if plus is not None else (-1, cell_ref(no, "minus"))
        deltas = {sign * v for v in (cells.get(vref), cells.as_read(vref)) if type(v) is int}
        deltas |= game_deltas(no, (1,) if plus is not None else (-2,))
        link(s, "total", cell_ref(no, "total", s), lambda prev, ds=frozenset(deltas): {prev + d for d in ds},
             required=True)

    def unvalued_link(s, no):
        # no "+" or "-" read (a faint or missing value): the total still moves by the game its columns give, won or
        # lost as the declarer's count says where one of them is read, else either way (seed 10's 10017: "+33" read as
        # strokes, the total "612" read "62" and taken as 602 by a chain that tested nothing there)
        won = cells.counted_outcome(no, s)
        deltas = frozenset(game_deltas(no, (1, -2) if won is None else (1,) if won else (-2,)))
        return (lambda prev, ds=deltas: {prev + d for d in ds}) if deltas else (lambda prev: None)

    for no in rows:
        with_total = cells.with_total(no)
        plus, minus = cells.get(cell_ref(no, "plus")), cells.get(cell_ref(no, "minus"))
        if len(with_total) == 1:
            s = with_total[0]
            if (plus is None) == (minus is None):
                link(s, "total", cell_ref(no, "total", s), unvalued_link(s, no) if plus is None else lambda prev: None)
                continue
            total_link(s, no, plus, minus)
            if cells.counting:
                # the declarer's count of a list that keeps the counts: left empty, it breaks the chain as its total
                # does (seed 9's photo 9036: a "2" read empty at 0.99 passed the chain on free, and the "3" after it,
                # read at 0.89 and in doubt for its row, was taken as 2)
                kind = "won" if plus is not None else "lost"
                link(s, kind, cell_ref(no, kind, s), lambda prev: {prev + 1}, required=True)
        elif cells.counting:
            # no one declarer (two totals read, or none): the one seat with a count carries its chain on (the
            # row-by-row settling, decode._settle_rows, does so only where no total is read; with two, it carries
            # both declared seats' counts: a stray total there would give a seat a link it never wrote)
            counted = [(s, kind) for s in range(1, seats + 1) for kind in ("won", "lost")
                       if cells.get(cell_ref(no, kind, s)) is not None]
            if len({s for s, _ in counted}) == 1:
                for s, kind in counted:
                    link(s, kind, cell_ref(no, kind, s), lambda prev: {prev + 1})
                if not with_total and (plus is None) != (minus is None):
                    # no total read at all: the counted seat declared, and its total cell (read empty, or as
                    # nothing a total can be) belongs in its chain, where staying empty breaks it
                    total_link(counted[0][0], no, plus, minus)
    for (s, kind), links in chains.items():
        foot = f"footer.{'points' if kind == 'total' else kind}.{s}"
        if foot in cells.reads and cells.get(foot) is not None:
            # the footer's figure is the chain's last (then its footer's arithmetic settles the rest of the footer)
            links = links + [Link(foot, lambda prev: {prev})]
        _settle(cells, links)
        _doubt_breaks(cells, links)
        _doubt_next_breaks(cells, links)
        _carried_on(cells, links)
