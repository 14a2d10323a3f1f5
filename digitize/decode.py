"""From cell readings to a list: parse each reading by its column, use the list's own arithmetic
among the candidates of doubtful cells, and mark every doubt.

The rules (issue: "using the list's own arithmetic, honestly"; a reading doubt and an error on
paper are different things, and the reader never silently fixes a cell to make the sums work):

* a reading at or above :data:`CONFIDENCE_BAR` keeps its value, even when its row does not add up:
  a row that is wrong on paper stays wrong (the auditor's finding); between that bar and
  :data:`digitize.doubts.KEEP_BAR` a reading its row contradicts is a doubt the arithmetic may settle (below);
* column priors (:data:`PLAUSIBLE`: a Grundwert is 9, 10, 11, 12, 23 or 24, "mit"/"ohne" 1 to 11,
  "+" a game value and "-" a loss (:data:`GAME_VALUES`, :data:`LOSS_VALUES`), a count in row n 1 to n;
  the footer's bonus a multiple of 50, the others' losses of 30 or 40; loss money at most
  :data:`MONEY_MAX`) re-rank a cell's candidates, weigh the combinations the arithmetic tries, and
  raise a doubt; the narrow ones (:data:`PRIOR_FIELDS`) also count in the probability of a best
  reading their column can hold (:func:`with_prior`: "23" read beside "28", no Grundwert, is surer
  than beside "24"). They never change a value read at or above the bar: a best reading the column
  cannot hold is doubtful however confident when the reader also saw a value it can hold (at least
  :data:`ALT_MIN`); read with nothing else beside it, an impossible value is what was written (the
  auditor's finding). A rare matador count (7 to 11, :data:`digitize.priors.COMMON`) read best beside a
  common one is doubtful (reason "rare") and the row's arithmetic chooses. In a suit game or Grand with
  neither "mit" nor "ohne" read, both matador cells are doubtful; several such impossible values read
  confidently on one list (:data:`MISREAD_HAND`) are all doubtful, and so is every confident figure with the
  digit they suggest the reader takes for another (unless its row confirms it: :mod:`digitize.confirm`): they
  point at a hand the reader misreads, not at as many keeper mistakes; a played row's Grundwert read empty,
  and on a list that keeps the counts both counts of its declarer read empty, are doubtful (the value the row
  implies shown among the candidates: :func:`_show_implied`; the count still read empty no longer once the
  arithmetic gave the other its figure: :func:`_lift_missing_beside_counts`), and there a row's arithmetic wants the
  declarer's count of its outcome (an empty count tests nothing); a row with a game and its declarer whose "+" and
  "-" are both read empty, one of them in doubt, has the one its declarer's count names in doubt too
  (:func:`_doubt_missing_value`: a value written across the line between them);
* the table head (Serie, Tisch, Start-Nr.), which nothing on the list checks, has a higher bar
  (:data:`HEAD_BAR`);
* the cells that must agree, a game row (game value = "+" or twice it = "-", new total = previous
  total +/- value, count = previous count + 1; a "-" that only an overbid game explains weighs
  :data:`~digitize.priors.OVERBID_WEIGHT`) and each seat's footer (bonus = (won - lost) x 50,
  score = points + bonus + others' losses, points and counts = the seat's last row, the others' losses = the
  other seats' last "Verl." counts x 40 or 30) and the table's loss money (the total = the players' amounts added
  up, :func:`digitize.loss_money.resolve_money`; with several of its cells in doubt only the total is taken, the
  candidate the amounts add up to as read; before that, a player's amount and the total in doubt take what the
  tournament's schedule charges for the games the list says surely were lost,
  :func:`digitize.loss_money.money_by_schedule`), are settled together (:func:`settle`): among the top readings
  of their doubtful cells the most probable combination that agrees is taken; a cell whose value it changes is
  ``chosen_by="arithmetic"`` and stays doubtful; the value the arithmetic implies for a doubtful cell joins its
  readings when the reader, asked, gives it at least :data:`CHOICE_MIN` (:meth:`Cells.propose`); a row whose
  previous total is in doubt is settled together with it (:func:`_settle_with_previous`); an empty value, which no
  row tests, is never chosen for a cell read as a figure;
* a row with a total read surely for one seat and below the bar for another, whose readings include the empty cell,
  has the sure one as its declarer, the other emptied in doubt (:func:`_one_declarer`); with every total of the
  row below the bar, the one seat whose count the row holds is the declarer;
* a row that agrees with no combination as a whole (a game value wrong on paper, a misread confident cell) still
  settles its game without the counts (:func:`_settle_game`: a count misread surely no longer keeps a "+" read as
  no game value), then its declarer's total and counts on their own chains, against its "+" or "-" as it stands
  (:func:`_settle_chains`), and a seat's footer each of its lines (:func:`digitize.footer._settle_footer_lines`, the
  rows' figures first, a line read surely against them in doubt as a row's figure is): among the candidates of their
  cells the arithmetic may change, chosen by the arithmetic and doubtful as above;
* a declarer's total read surely in a row that, as settled, does not add up is in doubt where its "+"/"-" or previous
  total is (:func:`_doubt_totals_beside_doubts`: the row's finding rests on those, a reading doubt already);
* a count read in doubt in the cell of a seat that did not declare the row (one seat's total read, and a "+" or
  a "-"), with the empty cell among its readings, is taken as empty, in doubt
  (:func:`digitize.stray_counts.empty_stray_counts`: a count written in the row above or below reaches into it);
* a count read surely as the digit a total beside it lacks (the total mended by the arithmetic to its reading with
  that digit added, the count not fitting its row: a total's digit run over the line) is in doubt, its reading kept
  (:func:`digitize.spills.doubt_spilled_counts`);
* a seat's footer checks its points and counts against the seat's last row figures read surely (and a last total in
  doubt for the bar alone that its row adds up with, :func:`digitize.footer._row_holds`); a footer line read as its
  last row figure was read takes what the arithmetic mended that figure to (:func:`digitize.footer._copied_misreads`),
  and the other way round a last figure read as its footer line follows the line's mend
  (:func:`digitize.footer.follow_mended_lines`; a line the footer's own arithmetic took another figure for too):
  the same figure written twice is misread alike, both in doubt;
* then each seat's running totals (from 0 to its footer's game points) and its counts are settled as whole chains
  down the list (:func:`digitize.chains.settle_seat_chains`, a Viterbi search among the candidates of their cells
  the arithmetic may change, :meth:`Cells.changeable`): row by row, a total misread in doubt was followed by the
  totals after it; a value changed there is doubtful for the reason "sequence", and one set back to the reader's
  best reading is the reader's again; and the rows are settled once more with the chains' totals and counts
  (:func:`_settle_rows_again`);
* a doubtful cell whose best reading its column cannot hold shows the best value it can
  (``chosen_by="column"``);
* a cell read at or above the bar but doubted by a column rule (an impossible value, a suit game
  with neither "mit" nor "ohne") whose best reading is what makes its row agree, when no other
  combination comes near (:data:`AMBIGUOUS`), is confirmed by the row and not doubtful;
* in a row that agrees with no combination, a confident cell whose own runner-up (at least
  :data:`ALT_MIN`) would make it agree is marked doubtful, its reading kept, and so is one for which the
  reader, asked, gives the value the row implies at least :data:`ASKED_MIN` ("612" read "62" at 0.99,
  "612" 0.0003), and a "+" or "-" no game has when the row agrees without it (ink run over from the cell
  beside); a confident reading doubted so is never changed by the arithmetic, not even by the next row's, when
  read at or above :data:`digitize.doubts.KEEP_BAR` (below it the rows and the seats' chains may choose among its
  readings and the values its row implies, as for a cell below the bar: "612" read "62" at 0.93), unless the same
  digit swap between its reading and the value its row would add up with mends several rows of the list
  (:func:`digitize.misread_digits.mend_misread_digits`: the reader misreads that digit of this hand); then it
  takes that value, chosen by the arithmetic and doubtful, and the doubtful cells of the rows are asked about
  the values the swap makes of their readings and settled again
  (:func:`digitize.misread_digits.propose_learned_swaps`); a running total or count doubted so is out of doubt when
  its seat carried on from it (the next figure, read surely, follows the reading and not the row's value, the one
  before it read surely too: the keeper's slip, :func:`digitize.chains._carried_on`);
* a reading below the bar that the arithmetic left as it was, the reader's own best reading at or above the
  reader's bar (:data:`digitize.confirm.ROW_BAR`, 0.5), is not doubtful when the list confirms it as a whole: its
  row (or footer line, or the table's money) agrees, the auditor finds nothing there, and no other cell of it was
  chosen by the arithmetic or doubted for another reason (``confirmed_by="row"``, :mod:`digitize.confirm`); below
  the reader's bar a reading stays doubtful however well its row agrees (issue 5: the row may not choose a
  reading the reader is unsure of: the paper may be wrong), and so does an empty reading, a table head cell and
  a signature box;
* a table head cell (Serie, Tisch, Start-Nr.) read as the QR code of skatscan's form gives it is not doubtful
  however unsurely it was read (``confirmed_by="qr"``, :func:`digitize.confirm.confirm_by_code`): the list takes
  the code's value;
* every other cell below the bar stays ``doubtful``: the auditor reports it as ``unreadable`` with
  its candidates, and the referee looks at the photo; every doubtful cell says why
  (``CellReading.reason``, :data:`audit.model.DOUBT_REASONS`).

The modules it rests on: :mod:`digitize.cell_values` (what a reading means in its column),
:mod:`digitize.priors` (what a keeper writes in each column), :mod:`digitize.doubts` (each cell's value and
doubt), :mod:`digitize.settle` (a group of cells that must agree), :mod:`digitize.crossed_rows` (the rows a keeper
crossed out), :mod:`digitize.footer` (each seat's footer against itself and its rows), :mod:`digitize.confirm` (the
readings below the bar that their rows confirm).
"""
from __future__ import annotations

import functools
from typing import Optional, Sequence

from audit.model import MARK_FIELDS, CellReading, Game, ScoreList, SeatCells, Table, cell_ref
from audit.overbid import explained_bids
from audit.settings import Settings
from audit.values import ImpossibleGame, game_value
from digitize.cell_values import GAME_REF, CellRead, field_of
from digitize.chains import settle_seat_chains
from digitize.confirm import confirm_by_code, confirm_by_rows
from digitize.doubts import ALT_MIN, EMPTY_BAR, Cells
from digitize.misread_digits import mend_misread_digits, propose_learned_swaps
from digitize.priors import OVERBID_WEIGHT, PLAUSIBLE
from digitize.loss_money import money_by_schedule, money_in_box, resolve_money, signature_in_box
from digitize.settle import MIN_RELATIVE, agreeing, searched, settle, settle_alone
from digitize.spills import doubt_spilled_counts, doubt_twin_counts
from digitize.stray_counts import empty_stray_counts
from digitize.crossed_rows import crossed_rows, in_crossed_row
from digitize.footer import chosen_lines, follow_mended_lines, footer_of, resolve_footer

#: Readings below this confidence are doubts (chosen with bench/bench_bar.py on seed 8's photos: docs/reader.md).
CONFIDENCE_BAR = 0.85

#: A row's doubtful "+" (or "-") and its declarer's doubtful total each imply the other from the previous total: the
#: total is asked about the values this many of the value's best readings imply, and the value about the total's
#: (``_propose_row``; before session 34 only about the one each holds). Seed 8's 8020: "+80" read "50", 80 its
#: runner-up, the total "296" read "24", 296 = 216 + 80 asked and taken. On the cached readings of seeds 7-10: seed 7
#: 96.87 -> 96.88 %, seed 8 99.30 -> 99.38 %, seed 9 97.16 -> 97.18 %, seed 10 94.91 -> 94.92 % (the photos skatscan
#: asks to take again), paper errors as before; four readings each: 96.97 / 99.40 / 97.18 / 94.92 %, but the decode of
#: seed 7's most blurred photo 7.0 -> 11.1 s (two: 8.2 s). Session 35, with the searches made faster (chains.best_path,
#: _columns_value): four, seed 7 96.88 -> 96.97 %, seed 8 99.38 -> 99.40 %, seeds 9 and 10 as with two (the accepted
#: photos of seed 10 99.76 -> 99.77 %), the slowest decode of a draw 2.9 -> 3.4 s (seed 7) and 1.6 -> 2.5 s (seed 8).
PAIRED = 4


#: Grundwerte of the games that are played "mit" or "ohne" (all but Null).
NEEDS_MATADORS = frozenset({9, 10, 11, 12, 24})



def _row_consistent(v: dict, prev_total: int, prev_count: dict) -> float:
    """How well the row's values agree with each other (see the module docstring): 0 not at all, 1 as a plain game,
    :data:`~digitize.priors.OVERBID_WEIGHT` only as a lost overbid game (a weight on the combination that makes it;
    a number that is true wherever the row agrees)."""
    plus, minus, total = v.get("plus"), v.get("minus"), v.get("total")
    if plus is not None and minus is not None:
        return 0.0
    value = _columns_value(v.get("base"), v.get("mit"), v.get("ohne"), tuple(map(bool, map(v.get, MARK_FIELDS))))
    if value is None:
        return 0.0
    if plus is not None:
        weight = float(plus == value)
        delta = plus
    elif minus is not None:
        weight = 1.0 if minus == 2 * value else \
            OVERBID_WEIGHT if explained_bids(minus, v.get("base"), value) else 0.0
        delta = -minus
    else:
        return 0.0
    if total is not None and total != prev_total + delta:
        return 0.0
    return weight if _counts_agree(v, plus is not None, prev_count) else 0.0


def _doubt_missing_value(cells: Cells, no: int, s: int) -> None:
    """Row ``no`` holds a game and its declarer's (seat ``s``) total, but neither a "+" nor a "-" was read, and one of
    the two is in doubt (ink the reader could not read): the keeper's value may be written across the line between
    them, so the other reading is in doubt too (reason "missing", as a Grundwert read empty beside a value); where the
    declarer's count says the outcome, only the cell of that outcome, the value it implies shown among its candidates
    (otherwise the empty "-" beside an unreadable "+" was one more doubt on many rows; seed 8's photo
    8021: a "+33" written over the line into the "-" cell, the "+" read empty at 0.94 and not in doubt, the "-" read
    "#" in doubt). Two empty cells read surely are the keeper's row left without its value: the auditor's finding
    (without that condition seed 8's two seeded incomplete rows were reading doubts)."""
    value = _row_game(no, cells.get)
    refs = [r for r in (cell_ref(no, "plus"), cell_ref(no, "minus")) if r in cells.reads]
    if value is None or not any(r in cells.doubt for r in refs):
        return
    won = cells.counted_outcome(no, s)
    if won is not None:     # the count says which of the two holds the value
        refs = [r for r in refs if r == cell_ref(no, "plus" if won else "minus")]
    for r in [r for r in refs if r not in cells.doubt]:
        cells.flag(r, "missing")
        if won is not None:
            _show_implied(cells, r, [value if won else 2 * value])


def _doubt_missing_total(cells: Cells, no: int, seats: int, prev_total: list[int]) -> None:
    """Row ``no`` holds a value but no seat's total was read, and one seat's count names it the declarer: its total
    read empty is in doubt (reason "missing", as a Grundwert or count read empty in a played row), the total the row
    implies shown among its candidates. A figure written over the line into the next cell leaves the total cell
    with little ink (a "-6" whose 6 went into the Gew. cell, read "63" there: the total read empty at 0.98, and the
    keeper's total called missing on paper). A keeper who left the total out is the referee's to confirm."""
    counted = [s for s in range(1, seats + 1) if cells.counted_outcome(no, s) is not None]
    if len(counted) != 1:
        return
    s = counted[0]
    ref = cell_ref(no, "total", s)
    if ref not in cells.reads or ref in cells.doubt:
        return
    cells.flag(ref, "missing")
    plus, minus = cells.get(cell_ref(no, "plus")), cells.get(cell_ref(no, "minus"))
    if isinstance(plus, int) and minus is None:
        _show_implied(cells, ref, [prev_total[s - 1] + plus])
    elif isinstance(minus, int) and plus is None:
        _show_implied(cells, ref, [prev_total[s - 1] - minus])


def _counts_agree(v: dict, won: bool, prev_count: dict) -> bool:
    """Do the row's counts read (``v["won"]``, ``v["lost"]``) agree with its outcome (``won``: a "+")? Only the
    outcome's count may be written, the previous count + 1; a count not read is not checked."""
    return all(v.get(kind) is None or (v[kind] == prev_count[kind] + 1 and (kind == "won") == won)
               for kind in ("won", "lost"))



def _resolve_row(cells: Cells, no: int, seats: int, prev_total: list[int], prev_counts: list[dict],
                 prev_refs: Sequence[Optional[str]] = (), again: bool = False) -> None:
    """Choose, among doubtful cells' candidates, the combination that makes row ``no`` add up (``again``: the second
    time, after the seats' chains: no confident cell put in doubt, nothing settled on its own chain)."""
    game_refs = [cell_ref(no, f) for f in ("base", "mit", "ohne", "plus", "minus")]
    mark_refs = [cell_ref(no, m) for m in MARK_FIELDS]
    matadors = [cell_ref(no, "mit"), cell_ref(no, "ohne")]
    played = any(cells.get(cell_ref(no, f)) is not None for f in ("plus", "minus")) and \
        not cells.get(cell_ref(no, "passed"))   # a value in a passed row is the keeper's mistake
    if played and cells.get(cell_ref(no, "base")) is None and cell_ref(no, "base") in cells.reads:
        # a game with a value has a Grundwert: an empty reading there is in doubt
        cells.flag(cell_ref(no, "base"), "missing")
        _show_implied(cells, cell_ref(no, "base"), _implied_bases(cells, no))
    if cells.get(cell_ref(no, "base")) in NEEDS_MATADORS and all(cells.get(r) is None for r in matadors):
        # a suit game or Grand is "mit" or "ohne" so many: two empty readings there are in doubt (a thin
        # "1" is what the reader misses most; if both cells are empty on paper, the referee's look
        # settles it and the auditor reports the missing matadors)
        for r in matadors:
            if r in cells.reads:
                cells.flag(r, "matadors")
    # the declarer: the seat whose total cell holds a number (several, unless strays beside a sure one: the auditor)
    seats_with_total = cells.with_total(no)
    if len(seats_with_total) > 1:
        seats_with_total = _one_declarer(cells, no, seats_with_total)
        if len(seats_with_total) > 1:
            return
    if not seats_with_total:
        doubtful_totals = [s for s in range(1, seats + 1) if cell_ref(no, "total", s) in cells.doubt]
        if len(doubtful_totals) != 1:
            if played and not doubtful_totals:
                _doubt_missing_total(cells, no, seats, prev_total)
            return
        seats_with_total = doubtful_totals
    s = seats_with_total[0]
    seat_refs = [cell_ref(no, f, s) for f in ("total", "won", "lost")]
    counts = seat_refs[1:]
    before, counted = prev_total[s - 1], dict(prev_counts[s - 1])
    if not played and not cells.get(cell_ref(no, "passed")):
        _doubt_missing_value(cells, no, s)
    if cells.counting and played and all(cells.get(r) is None for r in counts):
        # a keeper who counts writes the declarer's new count in every played row: two empty readings there
        # are in doubt (a thin "1" is what the reader misses most; if both are empty on paper, the referee's
        # look settles it and the auditor reports the count), the count of the row's outcome shown
        kind = "won" if cells.get(cell_ref(no, "plus")) is not None else "lost"
        for r in counts:
            if r in cells.reads:
                cells.flag(r, "missing")
        _show_implied(cells, cell_ref(no, kind, s), [counted[kind] + 1])
    _propose_row(cells, no, s, before, counted)
    refs = [r for r in game_refs + mark_refs + seat_refs if r in cells.reads]
    # a keeper who counts writes the declarer's count of the row's outcome: an empty one does not agree
    needs_count = cells.counting and played and all(r in cells.reads for r in counts)
    loose = lambda v: _row_consistent(v, before, counted)  # noqa: E731
    check = lambda v: loose(v) if not needs_count or _counted(v) else 0.0  # noqa: E731
    prev = prev_refs[s - 1] if prev_refs else None
    with_previous = prev in cells.doubt and prev in cells.row_check and cells.sure[prev] < cells.bar
    agreed = (with_previous and _settle_with_previous(cells, no, s, refs, prev, counted)) or \
        settle(cells, refs, check, lambda field, value: value is not None or field in ("base", "mit", "ohne"),
               open_fields=("total", "won", "lost"), loose=loose, alternatives=not again,
               ask=lambda: _propose_row(cells, no, s, before, counted, sure=True))
    if not agreed and not again:
        _settle_game(cells, refs, [r for r in counts if r in cells.reads], before, counted)
        _settle_chains(cells, no, s, before, counted, needs_count)
    cells.row_check[seat_refs[0]] = (refs, check, agreed)


def _one_declarer(cells: Cells, no: int, with_total: list[int]) -> list[int]:
    """Row ``no`` has a total read for several seats (``with_total``): when one is read surely and every other below
    the bar, with the empty cell among its readings (a stray mark read "4" at 0.24 in a non-declarer's empty total),
    the sure one is the declarer and the others are empty, chosen by the arithmetic and doubtful; else the row keeps
    its totals as read (several declarers, the auditor's finding). With none read surely, a keeper who counts names
    the declarer: the one seat whose "Gew." or "Verl." the row holds (seed 7's photo 7027: "285" at 0.52 for 265
    beside a stray "5" at 0.11 left the row unsettled and the total at its misreading)."""
    refs = {s: cell_ref(no, "total", s) for s in with_total}
    declarer = [s for s in with_total if cells.sure[refs[s]] >= cells.bar and refs[s] not in cells.doubt]
    if not declarer and cells.counting:
        declarer = [s for s in with_total if any(cells.get(cell_ref(no, k, s)) is not None for k in ("won", "lost"))]
    stray = [refs[s] for s in with_total if s not in declarer]
    if len(declarer) != 1 or not all(cells.sure[r] < cells.bar and r in cells.doubt
                                     and any(v is None and p >= ALT_MIN for v, p in cells.read[r]) for r in stray):
        return with_total
    for r in stray:
        cells.choose(r, None)
    return declarer


def _settle_game(cells: Cells, refs: list[str], counts: list[str], before: int, counted: dict) -> None:
    """A row (its cells ``refs``, its declarer's counts ``counts`` among them) that agrees with no combination as a
    whole: its game is settled without the counts (the game columns, the "+" or "-" they make, the declarer's new
    total from ``before``), among the candidates of its cells the arithmetic may change (:meth:`Cells.changeable`:
    below the bar, or confident and doubted by a column rule; never a confident reading its row put in doubt), as
    the most probable combination that agrees, at least :data:`~digitize.settle.MIN_RELATIVE` as probable as the
    best readings; a value chosen so is the arithmetic's and stays doubtful (reason "chain": the whole row does not
    add up). A count misread surely (seed 7's photo 7017: the 2nd win's "2" read "1" at 0.94) left the row's "+"
    at "14", no game value, where "24" made the game and the total agree (session 30)."""
    rest = [r for r in refs if r not in counts]
    settle_alone(cells, rest, {r: field_of(r) for r in rest}, lambda v: _row_consistent(v, before, counted),
                  ("total",), doubtful=searched(cells, [r for r in rest if cells.changeable(r)]))


def _settle_chains(cells: Cells, no: int, s: int, before: int, counted: dict, needs_count: bool) -> None:
    """Row ``no`` agrees with no combination as a whole: its declarer's running total and counts are each settled
    on their own chain, against the row's "+" or "-" as it stands: the new total = the previous total moved by it,
    the count of its outcome = the previous count + 1 (and no count of the other). Only the cells the arithmetic may
    change are searched (:meth:`Cells.changeable`: a confident reading its row put in doubt keeps its value when read
    at or above :data:`~digitize.doubts.KEEP_BAR`); a value chosen so is the arithmetic's and stays doubtful.
    Before, a wrong game value on paper or a misread cell elsewhere in the row left a total or count at the reader's
    best reading when its own chain had the answer among its candidates."""
    plus, minus = cells.get(cell_ref(no, "plus")), cells.get(cell_ref(no, "minus"))
    if (plus is None) == (minus is None):
        return
    delta = plus if plus is not None else -minus
    kind = "won" if plus is not None else "lost"

    def total_chain(v):
        return v.get("total") == before + delta

    def count_chain(v):
        return _counts_agree(v, plus is not None, counted) and (v.get(kind) is not None or not needs_count)

    for fields, chain in ((("total",), total_chain), (("won", "lost"), count_chain)):
        refs = [cell_ref(no, f, s) for f in fields if cell_ref(no, f, s) in cells.reads]
        settle_alone(cells, refs, {r: field_of(r) for r in refs}, chain, ("total", "won", "lost"))


def _counted(v: dict) -> bool:
    """Is the row's outcome counted: "Gew." of a row with "+", "Verl." of one with "-"?"""
    return v.get("won" if v.get("plus") is not None else "lost") is not None



def _settle_with_previous(cells: Cells, no: int, s: int, refs: list[str], prev: str, counted: dict) -> bool:
    """Row ``no`` and the total ``prev`` it builds on, which is in doubt, settled together: each candidate of
    the previous total is tried with this row's as the total it builds on, and kept only if its own row still
    agrees with it (when it agreed with anything). A misread total breaks the row after it too ("50" read for
    450, and then "80" chosen for the "480" after "+30"). Taken (True) only when the most probable
    combination that agrees moves the previous total; else the row is settled on its own (False, nothing
    changed, no confident cell doubted or confirmed here). Not for a previous total read at or above the bar
    (doubted because its row agreed with nothing): a confident reading keeps its value. With more than
    :data:`~digitize.settle.MAX_SEARCH` doubtful cells in this row, its least sure are searched with the previous
    total (:func:`~digitize.settle.searched`; before, such a pair was not settled: +0.06 points exact on seeds 7
    and 8)."""
    prev_refs, prev_check, prev_agreed = cells.row_check[prev]
    plus, minus, total = (cells.get(cell_ref(no, f, s if f == "total" else None)) for f in ("plus", "minus", "total"))
    if total is not None:
        cells.propose(prev, [None if plus is None else total - plus, None if minus is None else total + minus])

    def consistent(v):
        v = dict(v)
        before = v.pop("previous")
        weight = 0.0 if before is None else _row_consistent(v, before, counted)
        # its own row must still agree, if it did (a row that agrees with nothing does not hold it)
        if weight and prev_agreed and not prev_check({field_of(r): before if r == prev else cells.get(r)
                                                      for r in prev_refs}):
            return 0.0
        return weight

    group = refs + [prev]
    doubtful = searched(cells, [r for r in refs if r in cells.doubt]) + [prev]
    names = {r: field_of(r) for r in refs} | {prev: "previous"}
    found, top_p = agreeing(cells, group, doubtful, names, consistent, extra=1, vacuous=("total", "won", "lost"))
    if not found or found[0][0] < MIN_RELATIVE * top_p:
        return False
    best = dict(zip(doubtful, (val for val, _ in found[0][1])))
    if best[prev] == cells.get(prev):
        return False
    for r, val in best.items():
        if val != cells.value.get(r):
            # the previous total is taken for the rows before and after it: the seat's chain, not its own row
            cells.choose(r, val, reason="sequence" if r == prev else "arithmetic")
    return True



def _propose_row(cells: Cells, no: int, s: int, prev_total: int, prev_count: dict, sure: bool = False) -> None:
    """What row ``no``'s arithmetic implies for each of its doubtful cells from the others as read (declarer
    ``s``): the game value for "+", twice it for "-", the Grundwert or the matadors that give the game the value
    of "+" (or half the "-"), the previous total moved by the row's value for the total, and back (by the
    :data:`PAIRED` best readings of the other too, where it is in doubt), the previous count plus one, a mark and
    none for an unsure mark cell; each goes to :meth:`Cells.propose` (with ``sure``, for its confident cells)."""
    get = lambda f, seat=None: cells.get(cell_ref(no, f, seat))  # noqa: E731
    marks = {m: bool(get(m)) for m in MARK_FIELDS}
    value = _row_game(no, cells.get)
    plus, minus, total = get("plus"), get("minus"), get("total", s)
    props = {"total": [], "won": [], "lost": [], "base": [], "mit": [], "ohne": []}

    def tops(f):
        # the figures among the PAIRED best readings of the row's doubtful value or total: each implies the other
        ref = cell_ref(no, f, s if f == "total" else None)
        return [v for v, _p in cells.dist.get(ref, ())[:PAIRED] if type(v) is int] if ref in cells.doubt else []

    written = _written_value(cells, no)
    if written is not None:
        props["base"] = _implied_bases(cells, no)
        for f, other in (("mit", "ohne"), ("ohne", "mit")):
            props[f] = [m for m in PLAUSIBLE[f]
                        if get(other) is None and _value_or_none(get("base"), **{f: m}, **marks) == written]
    if minus is None:
        props["plus"] = [value, None if total is None else total - prev_total] + [t - prev_total for t in tops("total")]
        props["total"] += [None if plus is None else prev_total + plus] + [prev_total + v for v in tops("plus")]
        props["won"] = [prev_count["won"] + 1]
    if plus is None:
        props["minus"] = [None if value is None else 2 * value, None if total is None else prev_total - total] + \
            [prev_total - t for t in tops("total")]
        props["total"] += [None if minus is None else prev_total - minus] + [prev_total - v for v in tops("minus")]
        props["lost"] = [prev_count["lost"] + 1]
    for f, values in props.items():
        cells.propose(cell_ref(no, f, s if f in ("total", "won", "lost") else None), values, sure=sure)
    if not sure:
        # a mark cell read unsurely: with the mark and without (its readings may hold neither: seed 7's 7027, a Null
        # ouvert's "X" read "9" at 0.10, "X" at 0.05); a confident one is not asked (an empty mark column doubted
        # wherever a mark would mend a row: more doubts on both seeds, no cell more right)
        for m in MARK_FIELDS:
            cells.propose(cell_ref(no, m), [True, False])



def _written_value(cells: Cells, no: int) -> Optional[int]:
    """The game value row ``no``'s "+" states, or half its "-" (None for neither, or an odd "-")."""
    plus, minus = cells.get(cell_ref(no, "plus")), cells.get(cell_ref(no, "minus"))
    return plus if plus is not None else None if minus is None or minus % 2 else minus // 2


def _implied_bases(cells: Cells, no: int) -> list[int]:
    """The Grundwerte that give row ``no``'s game, with its matadors and marks as they stand, the value its "+" or "-"
    states."""
    written = _written_value(cells, no)
    if written is None:
        return []
    get = lambda f: cells.get(cell_ref(no, f))  # noqa: E731
    marks = {m: bool(get(m)) for m in MARK_FIELDS}
    return [b for b in PLAUSIBLE["base"] if _value_or_none(b, get("mit"), get("ohne"), **marks) == written]


def _show_implied(cells: Cells, ref: str, values: list) -> None:
    """A cell read empty surely and in doubt for a missing entry (a Grundwert, a count) shows the one value its row
    implies among its candidates, with the probability the reader gives it there, its reading kept: the referee
    looking at the photo finds the figure to take (a "7" written mostly above its cell, read as a dash at 0.97 and
    "7" at 0.0002). Several values (no matadors read for a Grundwert): none shown."""
    if len(values) == 1 and ref in cells.reads and ref not in cells.row_implied:
        cells.row_implied[ref] = (values[0], cells.probability(ref, values[0]))


def _value_or_none(base, mit=None, ohne=None, **marks):
    """The game value of these columns, or None when there is no such game."""
    try:
        return game_value(base, mit, ohne, **marks)
    except ImpossibleGame:
        return None


@functools.lru_cache(maxsize=4096)
def _columns_value(base, mit, ohne, marks: tuple) -> Optional[int]:
    """:func:`_value_or_none` of a row's game columns, its marks' truth in :data:`MARK_FIELDS` order: remembered, as
    a row's arithmetic asks about the same few games for every combination of its candidates (a blurred photo's
    rows many thousand times)."""
    return _value_or_none(base, mit, ohne, **dict(zip(MARK_FIELDS, marks)))


def _row_game(no: int, get) -> Optional[int]:
    """The game value of row ``no``'s game columns, each cell's value by ``get(ref)`` (None: no such game)."""
    return _columns_value(*(get(cell_ref(no, f)) for f in ("base", "mit", "ohne")),
                          tuple(bool(get(cell_ref(no, m))) for m in MARK_FIELDS))



def decode(reads: Sequence[CellRead], table: Table, games: int, *, bar: float = CONFIDENCE_BAR,
           row_bar: Optional[float] = None, source: Optional[str] = None,
           settings: Optional[Settings] = None, empty_bar: float = EMPTY_BAR) -> ScoreList:
    """Build the list from the readings of every cell of the form (see the module docstring).

    ``table`` carries what is known besides the cells (seats; series, table and start numbers
    from the QR code); handwritten Serie/Tisch/Start-Nr. fill what it leaves open. ``row_bar``: the reader's bar
    (:data:`digitize.confirm.ROW_BAR` by default; ``row_bar=bar`` confirms nothing), below which a reading is a
    doubt whatever its row says. ``empty_bar``: the bar of a game-row cell read empty
    (:data:`digitize.doubts.EMPTY_BAR`; ``bench/bench_bar.py --empty-bars`` measures it). ``settings``:
    the tournament's (default :class:`audit.settings.Settings`): its
    loss money schedule weighs the players' amounts read in doubt (:func:`digitize.loss_money.money_by_schedule`),
    and the rows confirm readings by its checks.
    """
    settings = Settings() if settings is None else settings
    seats = table.seats
    by_ref = {r.ref: r for r in reads}
    for s in range(1, seats + 1):
        money, box = f"footer.money.{s}", f"signature.{s}"
        if money not in by_ref and box in by_ref:
            by_ref[money], by_ref[box] = money_in_box(by_ref[box], money), signature_in_box(by_ref[box])
    cells = Cells(by_ref, bar, seats, empty_bar)
    rows = []
    struck = crossed_rows(cells, games)
    _settle_rows(cells, seats, games, struck)
    # each seat's totals and counts as whole chains (a total misread below the bar breaks the rows after it)
    settle_seat_chains(cells, seats, [no for no in range(1, games + 1) if no not in struck],
                       _row_game)
    _settle_rows_again(cells, seats, games, struck)
    mend_misread_digits(cells)
    if propose_learned_swaps(cells):
        _settle_rows_again(cells, seats, games, struck)
    _doubt_totals_beside_doubts(cells, seats, games, struck)
    _lift_missing_beside_counts(cells, seats, games, struck)
    empty_stray_counts(cells, seats, games, struck)
    doubt_spilled_counts(cells, seats, games, struck)
    doubt_twin_counts(cells, seats, games, struck)
    resolve_footer(cells, seats, games)
    follow_mended_lines(cells, games, mend_misread_digits(cells, "footer") + chosen_lines(cells, seats))
    for no in range(1, games + 1):     # the rows as settled (settling a row may change the total above it)
        crossed = no in struck
        g = Game(no=no, players=tuple(_seat_cells(cells, no, seats, crossed)), crossed_out=crossed,
                 **({} if crossed else {f: cells.get(cell_ref(no, f))
                                        for f in ("base", "mit", "ohne", "plus", "minus")}),
                 **({} if crossed else {m: bool(cells.get(cell_ref(no, m))) for m in MARK_FIELDS}),
                 passed=False if crossed else bool(cells.get(cell_ref(no, "passed"))))
        if not g.blank:
            rows.append(g)
    money_by_schedule(cells, seats, games, settings, struck)
    resolve_money(cells, seats)
    footer = footer_of(cells, seats)
    signatures = tuple(bool(cells.get(f"signature.{s}")) for s in range(1, seats + 1))
    given, table = table, _table(cells, table)      # the table as the locator found it (its QR code), as read
    readings = {}
    crossed_out = {g.no for g in rows if g.crossed_out}
    for ref, r in cells.reads.items():
        if in_crossed_row(ref, crossed_out):
            continue
        # the reader's five best, and the value taken when it is further down (a value the arithmetic proposed
        # may be: the referee must find it among the candidates shown)
        value = cells.value.get(ref)
        shown = cells.read[ref][:5] + [(v, p) for v, p in cells.read[ref][5:] if v == value][:1]
        if ref in cells.row_implied and cells.row_implied[ref] not in shown:
            shown.append(cells.row_implied[ref])    # the value its row implies, which put it in doubt
        if ref in cells.doubt and type(value) is bool and not any(v is (not value) for v, _ in shown):
            # a mark cell in doubt offers the other answer too (read only as empty and a dash, its one candidate was
            # "no mark": the referee had nothing to choose; review of session 53), as probable as the reader finds it
            # (0 where it cannot tell: the answer is offered, not made up)
            shown.append((not value, cells.probability(ref, not value)))
        readings[ref] = CellReading(
            value=value, confidence=round(float(r.confidence), 4),
            candidates=tuple((v, round(float(p), 4)) for v, p in shown),
            box=r.quad, doubtful=ref in cells.doubt, reason=cells.reason.get(ref, ""),
            chosen_by="arithmetic" if ref in cells.by_arith else "column" if ref in cells.by_column else "reader")
    sl = confirm_by_code(ScoreList(table=table, games=tuple(rows), footer=footer, signatures=signatures,
                                   readings=readings, source=source), given)
    return confirm_by_rows(sl, bar, row_bar, settings)



def _settle_rows(cells: Cells, seats: int, games: int, struck: set[int], again: bool = False) -> None:
    """Settle the game rows one after the other, each with the running figures of the rows before it; ``again``:
    once more, the seats' chains settled (see decode)."""
    prev_total = [0] * seats
    prev_counts = [{"won": 0, "lost": 0} for _ in range(seats)]
    prev_refs: list[Optional[str]] = [None] * seats     # the cell each running total comes from
    for no in range(1, games + 1):
        if no in struck:
            continue
        _resolve_row(cells, no, seats, prev_total, prev_counts, prev_refs, again)
        players = _seat_cells(cells, no, seats)
        # the running figures the next rows build on: a seat's counts only where it played (its total is
        # written), or where it is the one seat of the row with a count (a stray reading elsewhere must
        # not break the chain)
        counted = [s for s, c in enumerate(players) if c.won is not None or c.lost is not None]
        declared = [s for s, c in enumerate(players) if c.total is not None]
        for s, c in enumerate(players):
            if c.total is not None:
                prev_total[s] = c.total
                prev_refs[s] = cell_ref(no, "total", s + 1)
            if s in declared or (not declared and counted == [s]):
                for kind in ("won", "lost"):
                    if getattr(c, kind) is not None:
                        prev_counts[s][kind] = getattr(c, kind)


def _settle_rows_again(cells: Cells, seats: int, games: int, struck: set[int]) -> None:
    """The game rows settled once more after the seats' chains, with their totals and counts as the chains left them
    (frozen): a row settled before with a previous total the chains have since changed took the game column's
    candidate that fitted that total (a "+" one Grundwert short after a total misread one Grundwert too high); now
    it takes the one that fits the chain. Only cells below the bar change, among their candidates; no confident cell
    is put in doubt here (its row's doubts were raised the first time) and nothing is settled on its own chain."""
    cells.frozen = {ref for ref in cells.reads if GAME_REF.match(ref) and field_of(ref) in ("total", "won", "lost")}
    _settle_rows(cells, seats, games, struck, again=True)
    cells.frozen = set()


def _lift_missing_beside_counts(cells: Cells, seats: int, games: int, struck: set[int]) -> None:
    """A declarer's two counts read empty are both in doubt as missing (:func:`_resolve_row`: a thin "1" is what the
    reader misses most); where the arithmetic has since given one of them its figure, the other, still read empty, is
    no longer missing (a won row has nothing under "Verl."): its doubt goes. Before, the review's sample photo
    dskv-3-clean.jpg said of a won game's empty "Verl." that every played row has an entry there, seven such doubts on
    the five sample photos."""
    for no in range(1, games + 1):
        if no in struck:
            continue
        for s in range(1, seats + 1):
            refs = [cell_ref(no, kind, s) for kind in ("won", "lost")]
            if not all(r in cells.reads for r in refs):
                continue
            for r, other in (refs, refs[::-1]):
                if cells.reason.get(r) == "missing" and cells.get(r) is None and r not in cells.by_arith \
                        and cells.get(other) is not None:
                    del cells.reason[r]


def _doubt_totals_beside_doubts(cells: Cells, seats: int, games: int, struck: set[int]) -> None:
    """A declarer's total read surely in a row that, as settled, does not add up, where the figures it is checked
    against (the row's "+" or "-", the seat's previous total) are in doubt, is in doubt too (reason "row", its reading
    kept): the row's disagreement is as likely the total's misreading as theirs, and the finding on the row rests on
    them, a reading doubt already, so no error on paper is hidden. Seed 10: "-210" read "-20" at 0.99 beside a "-"
    read "34" in doubt (10000), "369" read "381" at 0.87 beside a "-" in doubt (10015), "328" read "38" at 0.94 beside
    a "+" in doubt (10038), all wrong without a doubt before. A row without a "+" or "-" is the keeper's incomplete row
    (seed 8's 8018: its total in doubt made the seeded finding doubtful), and a row one of whose cells read surely is
    in doubt for a value that would make it add up has its culprit named already."""
    prev: dict = {}
    for no in range(1, games + 1):
        if no in struck:
            continue
        for s in range(1, seats + 1):
            ref = cell_ref(no, "total", s)
            if cells.get(ref) is None:
                continue
            check = cells.row_check.get(ref)
            before = prev.get(s)
            prev[s] = ref
            if check is None or ref in cells.doubt:
                continue
            refs, test, _ = check
            if test({field_of(r): cells.get(r) for r in refs}) or any(r in cells.row_alt for r in refs):
                continue    # the row adds up, or a cell of it read surely has a value that would make it (in doubt)
            played = [r for r in (cell_ref(no, "plus"), cell_ref(no, "minus")) if cells.get(r) is not None]
            if played and any(r in cells.doubt for r in played + [before]):
                cells.flag(ref, "row")


def _seat_cells(cells: Cells, no: int, seats: int, crossed: bool = False) -> list[SeatCells]:
    """Each seat's total and counts in row ``no`` as settled (nothing in a crossed-out row)."""
    return [SeatCells(*(None if crossed else cells.get(cell_ref(no, f, s)) for f in ("total", "won", "lost")))
            for s in range(1, seats + 1)]



def _table(cells: Cells, table: Table) -> Table:
    from dataclasses import replace
    series = table.series if table.series is not None else cells.get("table.series")
    number = table.table if table.table is not None else cells.get("table.table")
    starts = list(table.start_numbers) or [None] * table.seats
    for s in range(1, table.seats + 1):
        if starts[s - 1] is None:
            v = cells.get(f"table.start_number.{s}")
            starts[s - 1] = None if v is None else str(v)
    return replace(table, series=series, table=number, start_numbers=tuple(starts))
