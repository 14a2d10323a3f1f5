"""A seat's footer settled against itself and against the seat's rows (:func:`resolve_footer`, called by
:func:`digitize.decode.decode` once the rows and the seats' chains are settled).

A seat's footer states its game points, its won and lost counts (the seat's last total and counts in the rows), the
bonus ((won - lost) x 50), the others' losses (the other seats' last "Verl." counts, each credited with
:data:`~digitize.priors.LOSS_STEP`) and the score (points + bonus + others' losses). The same honest use of that
arithmetic as for a game row (:func:`digitize.settle.settle`): among the candidates of the footer's doubtful cells the
most probable combination that agrees, chosen by the arithmetic and in doubt; a footer that agrees with nothing
settles each relation on its own (:func:`_settle_footer_lines`). Besides: a line read empty where the rows state its
figure is asked about it (:func:`_doubt_empty_lines`, :func:`_fill_empty_lines`); the same figure written twice, in the
last row and in the footer, is misread alike, so a mend of one is followed by the other (:func:`_copied_misreads`,
:func:`follow_mended_lines`). The rules and the photos that made them: docs/reader.md ("Figures written twice, and a
footer against its rows").
"""
from __future__ import annotations

from typing import Optional

from audit.model import Footer, cell_ref, parse_ref
from digitize.cell_values import field_of
from digitize.doubts import ASKED_MIN, Cells
from digitize.priors import LOSS_STEP
from digitize.settle import agreeing_values, doubt_alternatives, searched, settle, settle_alone

#: The lines of a seat's footer that must agree (its loss money aside).
FOOTER_LINES = ("points", "won", "lost", "bonus", "others_lost", "score")
#: The lines of a seat's footer that the rows state too: its last total and counts, and the others' lost games
#: (their last "Verl." counts, each credited with LOSS_STEP).
LAST_LINES = ("points", "won", "lost", "others_lost")


def _footer_consistent(v: dict, seats: int, last: dict) -> bool:
    """Do a seat's footer values agree with each other and with the seat's last sure row figures
    (``last``: points, won, lost, and others_lost from the other seats' last sure lost counts)? A missing value is
    not checked."""
    won, lost, bonus, others, score, points = (v.get(k) for k in ("won", "lost", "bonus", "others_lost",
                                                                   "score", "points"))
    if None not in (won, lost, bonus) and bonus != (won - lost) * 50:
        return False
    if others is not None and others % LOSS_STEP.get(seats, 1):
        return False
    if None not in (points, bonus, others, score) and score != points + bonus + others:
        return False
    return all(v.get(k) is None or last.get(k) is None or v.get(k) == last[k] for k in LAST_LINES)



def _propose_footer(cells: Cells, s: int, last: dict, sure: bool = False) -> None:
    """What seat ``s``'s footer implies for each of its doubtful cells from the others as read and from the
    seat's last sure row figures (``last``), for :meth:`Cells.propose`: score = points + bonus + others'
    losses (solved for each of them), bonus = (won - lost) x 50, points and counts = the last row's, the others'
    losses = their last lost counts credited (with ``sure``, for its confident cells)."""
    v = {k: cells.get(f"footer.{k}.{s}") for k in FOOTER_LINES}
    props = {k: [last.get(k)] for k in LAST_LINES}
    if v["won"] is not None and v["lost"] is not None:
        props["bonus"] = [(v["won"] - v["lost"]) * 50]
    terms = ("points", "bonus", "others_lost")
    if v["score"] is not None:
        for k in terms:
            rest = [v[t] for t in terms if t != k]
            if None not in rest:
                props.setdefault(k, []).append(v["score"] - sum(rest))
    if None not in (v[t] for t in terms):
        props["score"] = [sum(v[t] for t in terms)]
    for k, values in props.items():
        cells.propose(f"footer.{k}.{s}", values, sure=sure)



def resolve_footer(cells: Cells, seats: int, games: int) -> None:
    """Each seat's footer: the same honest use of its arithmetic as a game row (see :func:`settle`)."""
    last_refs = {s: _last_refs(cells, s, games) for s in range(1, seats + 1)}
    lasts = {s: _last_sure(cells, last_refs[s]) for s in range(1, seats + 1)}
    step = LOSS_STEP.get(seats)
    for s in range(1, seats + 1):
        last = {**lasts[s], **_copied_misreads(cells, s, last_refs[s])}
        # the other seats' last "Verl." counts (a counting keeper's seat without one lost no game: _last_lost)
        others = [_last_lost(cells, lasts[t]) for t in range(1, seats + 1) if t != s]
        if step is not None and others and None not in others:
            # the others' lost games, each credited to this seat (SkWO 5.1, 8.12: 40 at three seats, 30 at four)
            last["others_lost"] = step * sum(others)
        refs = [f"footer.{k}.{s}" for k in FOOTER_LINES if f"footer.{k}.{s}" in cells.reads]
        _propose_footer(cells, s, last)
        full = len(refs) == 6
        agreed = settle(cells, refs, lambda v, last=last: _footer_consistent(v, seats, last),
                        lambda field, value: full and value is not None, vacuous=FOOTER_LINES,
                        ask=lambda: _propose_footer(cells, s, last, sure=True))
        if not agreed:
            _settle_footer_lines(cells, refs, seats, last)
        _doubt_empty_lines(cells, s, {**last, **_last_sure(cells, last_refs[s], sure=False)})
        _fill_empty_lines(cells, s, seats, last)


def _doubt_empty_lines(cells: Cells, s: int, last: dict) -> None:
    """A line of seat ``s``'s footer read empty with confidence where the rows state its figure (``last``: points,
    won, lost, the others' losses; a row's figure in doubt counts here, as it only raises a doubt) is in doubt, as a
    group that does not add up, its reading kept and the figure shown, when the reader gives that figure at least
    ASKED_MIN: a figure written mostly outside its cell (a "2" of which the crop shows a speck, read empty at 0.993
    and "2" at 0.0002), a thin "1" (seed 10's photo 10031: "Verl." 1 read empty at 0.99, "1" at 0.006, the rows'
    count read "1" at 0.4, in doubt). A line the keeper left empty reads far less probably as the figure and stays
    the auditor's finding (footer.missing). A figure 0 is not asked about: many keepers leave such a line empty."""
    for k in LAST_LINES:
        ref, want = f"footer.{k}.{s}", last.get(k)
        if ref in cells.reads and want not in (None, 0) and cells.get(ref) is None and ref not in cells.doubt:
            p = cells.probability(ref, want)
            if p >= ASKED_MIN:
                cells.doubt_implied(ref, want, p)


def _fill_empty_lines(cells: Cells, s: int, seats: int, last: dict) -> None:
    """A line of seat ``s``'s footer read empty below the bar (in doubt for the bar, not chosen) where the rows state
    its figure (``last``) takes that figure, chosen by the arithmetic and still in doubt, when the reader gives it at
    least ASKED_MIN and the footer agrees with it: the footer's settling does not test an empty line (many keepers
    leave a 0 empty), so the empty reading won there by its probability alone. Seed 7's photo 7035: seat 3's
    "Verl." 2, read empty at 0.84 and "2" at 0.002, its bonus 400 = (10 - 2) x 50 read. A figure 0 is not taken.
    The footer agrees with it as read, or with its other lines read below the bar taking candidates
    (:func:`_footer_with`), which are then chosen too. Where the rows do not state it (their figure in doubt), a
    count or the points the footer's own lines read surely imply are taken so (:func:`footer_implies`). The bonus
    line likewise takes (won - lost) x 50 of the rows' last counts, or what the footer's own sure lines make of it
    (session 49, seed 7's photo 7035 again, another draw: seat 4's "400" written high over the points' line, read
    empty at 0.31 and "400" at 1.1e-4)."""
    for k in LAST_LINES + ("bonus",):
        ref, want = f"footer.{k}.{s}", _rows_bonus(cells, last) if k == "bonus" else last.get(k)
        if want is None:
            want = footer_implies(cells, s, k)
        if ref not in cells.reads or want in (None, 0) or cells.get(ref) is not None \
                or cells.reason.get(ref) != "bar" or ref in cells.by_arith:
            continue
        others = _footer_with(cells, s, seats, last, k, want)
        if others is None or cells.probability(ref, want) < ASKED_MIN:
            continue
        cells.choose(ref, want)
        for r, value in others.items():
            cells.choose(r, value)


def _rows_bonus(cells: Cells, last: dict) -> Optional[int]:
    """The bonus a seat's last sure counts in the rows (``last``) make, (won - lost) x 50 (:func:`_last_lost`); None
    where one is missing."""
    won, lost = last.get("won"), _last_lost(cells, last)
    return None if won is None or lost is None else (won - lost) * 50


def _last_lost(cells: Cells, last: dict) -> Optional[int]:
    """A seat's last sure "Verl." count in the rows (``last``: :func:`_last_sure`); a seat of a counting keeper with
    no "Verl." count lost no game (0); None where it is in doubt, or the keeper counts nothing."""
    return last.get("lost", 0 if cells.counting else None)


def footer_implies(cells: Cells, s: int, line: str) -> Optional[int]:
    """The figure seat ``s``'s footer implies for its ``line`` from its other lines read surely (not in doubt): a count
    from the bonus, (won - lost) x 50, and the other count; the points (the bonus) from the score less the bonus (the
    points) and the others' losses, a bonus only where it is a multiple of 50 (a score the keeper added up wrong says
    none). None where they do not say it. Seed 9's photo 9000: seat 1's "Verl." 2 read empty at 0.59 ("2" at 0.015),
    its last count in the rows in doubt, beside "Gew." 13 and a bonus of 550 read surely."""
    def sure(k):
        ref = f"footer.{k}.{s}"
        v = cells.get(ref)
        return v if ref in cells.reads and ref not in cells.doubt and type(v) is int else None

    bonus = sure("bonus")
    if line in ("won", "lost") and bonus is not None and bonus % 50 == 0:
        other = sure("lost" if line == "won" else "won")
        if other is not None:
            return other + bonus // 50 if line == "won" else other - bonus // 50
    score, others = sure("score"), sure("others_lost")
    if line == "points" and None not in (score, bonus, others):
        return score - bonus - others
    points = sure("points")
    if line == "bonus" and None not in (score, points, others) and (score - points - others) % 50 == 0:
        return score - points - others
    return None


def _footer_with(cells: Cells, s: int, seats: int, last: dict, line: str, value) -> Optional[dict]:
    """What seat ``s``'s footer needs to agree with ``value`` in its ``line``: nothing ({}) when it agrees as read;
    else the values of its other lines read below the bar (among their candidates) of the most probable combination
    that agrees, at least :data:`~digitize.settle.MIN_RELATIVE` as probable as their best readings ({ref: value},
    the lines it changes); None when none agrees. Seed 7's photo 7031: seat 1's others' losses read empty ("#" at
    0.19, "80" at 0.08) beside a score read "1306" at 0.14 for 1308 ("1308" at 0.12): the score as read held the
    rows' 80 out, session 30."""
    refs = [f"footer.{k}.{s}" for k in FOOTER_LINES if k != line and f"footer.{k}.{s}" in cells.reads]
    names = {r: field_of(r) for r in refs}
    test = lambda v: _footer_consistent(dict(v, **{line: value}), seats, last)  # noqa: E731
    if test({names[r]: cells.get(r) for r in refs}):
        return {}
    doubtful = searched(cells, [r for r in refs if cells.changeable(r) and cells.sure[r] < cells.bar])
    return agreeing_values(cells, refs, doubtful, names, test, FOOTER_LINES)


def _last_sure(cells: Cells, refs: dict, sure: bool = True) -> dict:
    """A seat's last written total and counts down the list (``refs``: :func:`_last_refs`) as {"points", "won",
    "lost"} -> value, each None when that cell is in doubt (``sure=False``: as read or chosen, in doubt or not); a
    figure the seat never wrote is missing.
    A total in doubt for the bar alone whose row adds up with it as read counts (:func:`_row_holds`; seed 9's photo
    9011: the last total "87" read at 0.47, its row agreeing, and the footer's "81" at 0.64 with a score read "581" at
    0.16 beside "587" at 0.48 took 81 and 581, as the footer alone agreed with either)."""
    return {key: None if sure and ref in cells.doubt and not _row_holds(cells, ref) else cells.get(ref)
            for key, ref in refs.items()}


def _row_holds(cells: Cells, ref: str) -> bool:
    """The total ``ref`` is in doubt for the bar alone, holds the reader's best reading, and its row adds up with it
    (:attr:`Cells.row_check`)."""
    check = cells.row_check.get(ref)
    return cells.reason.get(ref) == "bar" and ref not in cells.by_arith and check is not None and bool(check[2])


def chosen_lines(cells: Cells, seats: int) -> list[str]:
    """The footer lines a seat's last row figures copy (points, won, lost) that the footer's own arithmetic took
    another figure for than the reader's (:func:`resolve_footer`): a line "mended" by its footer, for
    :func:`follow_mended_lines`."""
    return [ref for s in range(1, seats + 1) for k in ("points", "won", "lost")
            for ref in [f"footer.{k}.{s}"] if ref in cells.by_arith and cells.get(ref) != cells.as_read(ref)]


def follow_mended_lines(cells: Cells, games: int, mended: list[str]) -> None:
    """A seat's last row figure that holds what its footer line was read as, in doubt and one the arithmetic may
    change (:meth:`Cells.changeable`: not a confident reading its row put in doubt, which stays the keeper's figure),
    takes the figure the line was ``mended`` to by a digit the list's rows showed misread
    (:func:`digitize.misread_digits.mend_misread_digits`), or by the footer's own arithmetic (:func:`chosen_lines`),
    where its row adds up with it and the reader gives it at least ASKED_MIN there: the same figure written twice
    and misread alike (seed 8's photo 8045: the last total "266" read "265" at 0.49, "266" at 0.42, its row's "+36"
    after 230; the footer's points read "265" at 0.97 and mended to 266 by the list's 5-for-6; the seat's chain,
    settled before the footer, had kept 265 as the footer read it. Seed 11's 11005, session 49: the last total "310"
    read "320" at 0.60, "310" at 0.31, its row's "+48" after 262; the footer's points read "320" at 0.91 and taken as
    310 by its score 830 less a bonus of 400 and 120 read surely). A keeper who wrote the wrong total twice and added
    his score up from the right one is read so too where both are read unsurely: both cells in doubt, the written
    figure among their candidates; read surely, the total stays as written and the auditor's finding with it.
    The other way round is :func:`_copied_misreads`."""
    for line in mended:
        _, s, key = parse_ref(line)
        ref = _last_refs(cells, s, games).get(key)
        if ref is None:
            continue
        check = cells.row_check.get(cell_ref(parse_ref(ref)[0], "total", s))
        value = cells.get(line)
        if check is None or not cells.changeable(ref) or cells.get(ref) != cells.as_read(line) \
                or cells.probability(ref, value) < ASKED_MIN:
            continue
        refs, test, _agreed = check
        if test(dict({field_of(r): cells.get(r) for r in refs}, **{field_of(ref): value})):
            cells.choose(ref, value, reason="chain")


def _last_refs(cells: Cells, s: int, games: int) -> dict:
    """The cells of seat ``s``'s last written total and counts down the list ({"points", "won", "lost"} -> ref)."""
    last: dict = {}
    for no in range(games, 0, -1):
        for key, fld in (("points", "total"), ("won", "won"), ("lost", "lost")):
            ref = cell_ref(no, fld, s)
            if key not in last and cells.get(ref) is not None:
                last[key] = ref
    return last


def _copied_misreads(cells: Cells, s: int, last_refs: dict) -> dict:
    """Seat ``s``'s footer lines that copy a last row figure (``last_refs``: :func:`_last_refs`) the arithmetic mended
    and were read as that figure was read: the same figure written twice, misread alike (seed 9's photo 9003: the last
    total "327" read "323" at 0.98, its row's "+66" after 261 taking 327, and the footer's "Spielpunkte" read "323" at
    0.97). Such a line takes the mended figure, chosen by the seat's chain and in doubt, its reading among the
    candidates, where the reader finds it at least ASKED_MIN probable there. Out: {line: the mended figure} for the
    footer's settling."""
    out = {}
    for key, ref in last_refs.items():
        line = f"footer.{key}.{s}"
        if ref not in cells.by_arith or line not in cells.reads or cells.get(line) != cells.as_read(ref):
            continue
        value = cells.get(ref)
        if value is not None and cells.probability(line, value) >= ASKED_MIN:
            cells.choose(line, value, reason="chain")
            out[key] = value
    return out



def _settle_footer_lines(cells: Cells, refs: list[str], seats: int, last: dict) -> None:
    """A seat's footer that agrees with no combination as a whole: each of its relations (points, won and lost =
    the seat's last sure row figures; the others' losses = their last lost counts credited; bonus = (won - lost) x
    50; score = points + bonus + others' losses) settles the
    cells it holds that the arithmetic may change on its own, in that order, against the others as they stand (see
    :func:`digitize.decode._settle_chains`, the same for a game row)."""
    def full(v, keys):
        return all(v.get(k) is not None for k in keys)

    relations = [((k,), lambda v, k=k: last.get(k) is not None and v.get(k) == last[k]) for k in LAST_LINES]
    relations += [(("won", "lost", "bonus"), lambda v: full(v, ("won", "lost", "bonus"))
                   and v["bonus"] == (v["won"] - v["lost"]) * 50),
                  (("points", "bonus", "others_lost", "score"),
                   lambda v: full(v, ("points", "bonus", "others_lost", "score"))
                   and v["score"] == v["points"] + v["bonus"] + v["others_lost"]
                   and v["others_lost"] % LOSS_STEP.get(seats, 1) == 0)]
    names = {r: r.split(".")[1] for r in refs}
    taken: set = set()      # the lines a relation before changed: the rows' figures first, then the footer's sums
    for lines, test in relations:
        group = [r for r in refs if names[r] in lines]
        if len(lines) == 1:
            # a line read surely that the rows' figure contradicts, where the reader also saw that figure, is in doubt
            # as a game row's figure is (reason "row"; taken below KEEP_BAR): the footer as a whole agreed with nothing
            # (seed 10's 10022: the others' losses "210" read "240" at 0.88, "210" at 0.08, the score unreadable)
            doubt_alternatives(cells, group, [], names, test, vacuous=FOOTER_LINES)
        if "score" in lines and taken:
            # a relation before changed a line: the reader is asked about what the footer implies now
            _propose_footer(cells, parse_ref(group[0])[1], last)
        if lines == ("won", "lost", "bonus"):
            _doubt_bonus_against_counts(cells, group, names)
        before = {r: cells.get(r) for r in group}
        settle_alone(cells, group, names, test, FOOTER_LINES,
                      doubtful=[r for r in group if cells.changeable(r) and r not in taken
                                and ("score" not in lines or not _vouched_for(cells, r, last))])
        taken.update(r for r in group if cells.get(r) != before[r])


def _doubt_bonus_against_counts(cells: Cells, group: list[str], names: dict) -> None:
    """A bonus read surely that the seat's counts, read surely too, contradict is in doubt (reason "row"), its reading
    kept, where the reader also saw the bonus they give, (won - lost) x 50, among its candidates (at least ALT_MIN), as
    a game row's figure is (:func:`digitize.settle.doubt_alternatives`): seed 9's photo 9039, seat 1's bonus "550" read
    "50" at 0.84 ("550" at 0.05) beside "Gew." 12 and "Verl." 1 read at 0.99, was a sure footer error. The counts
    are not put in doubt by the bonus (their alternatives, "11" for the 1, would agree too): the rows state them. A
    bonus written wrong whose right figure the reader does not see stays the keeper's error."""
    by = {names[r]: r for r in group}
    if not {"won", "lost", "bonus"} <= set(by):
        return
    counts = [cells.get(by[k]) for k in ("won", "lost")]
    if any(by[k] in cells.doubt for k in ("won", "lost")) or any(type(c) is not int for c in counts):
        return
    bonus = (counts[0] - counts[1]) * 50
    doubt_alternatives(cells, [by["bonus"]], [], names, lambda v: v.get("bonus") == bonus, vacuous=FOOTER_LINES)


def _vouched_for(cells: Cells, ref: str, last: dict) -> bool:
    """The footer line ``ref`` holds the figure its other relations give it, as read or as chosen: the one the seat's
    rows state for it (``last``), or for the bonus (won - lost) x 50 from counts read surely. They vouch for it, so a
    sum over the footer's lines takes it as it stands instead of weighing the reader's doubt about it again (seed 10's
    photo 10000: the points "531" read "59", 531 at 0.0004, taken by the seat's chain of totals; weighed again beside
    the score "1231" read "231" at 0.83, "1231" at 0.10, no combination came near the best readings, and the score
    stayed 231 where the rows, the bonus and the others' losses all said 1231; 10038: a bonus "350" read at 0.41
    beside "Gew." 7 and "Verl." 0 read surely was taken as 50 to fit a score read "250" at 0.09)."""
    _, s, line = parse_ref(ref)
    if line == "bonus":
        won, lost = (f"footer.{k}.{s}" for k in ("won", "lost"))
        counts = [cells.get(r) for r in (won, lost) if r in cells.reads and r not in cells.doubt]
        return len(counts) == 2 and all(type(c) is int for c in counts) and \
            cells.get(ref) == (counts[0] - counts[1]) * 50
    want = last.get(line)
    return want is not None and cells.get(ref) == want


def footer_of(cells: Cells, seats: int) -> Footer:
    """The footer's lines as settled, seat by seat, and the table's loss money total."""
    lines = {}
    for line in ("points", "won", "lost", "bonus", "others_lost", "score", "money"):
        lines[line] = tuple(cells.get(f"footer.{line}.{s}") for s in range(1, seats + 1))
    return Footer(**lines, money_total=cells.get("footer.money_total"))
