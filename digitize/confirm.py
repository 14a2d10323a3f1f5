"""Readings below the confidence bar, and confident ones doubted for their hand, that their row confirms
(:func:`confirm_by_rows`).

The decoder has two bars. Below :data:`ROW_BAR` (the reader's bar) a reading is always a doubt. Below
:data:`digitize.decode.CONFIDENCE_BAR` the list's arithmetic may still choose among a cell's candidates (a cell
it changes is doubtful, ``chosen_by="arithmetic"``), and a reading the arithmetic leaves as it is stays a doubt
*unless* the list confirms it as a whole: the reader's own best reading, read at ``ROW_BAR`` or more, in a game
row (or a seat's footer line, or the table's loss money) that

* the auditor finds nothing about, at any severity, with this reading and the others confirmed with it taken as
  read (a row that does not add up, an overbid, a missing count: the cell stays in doubt); a finding that names the
  row's cell for holding a figure only (``Finding.presence``: a footer's count or score counts the games a seat
  declared, whatever their figures) says nothing about the value read there (session 39: seed 8's 8000, whose footer
  score was read in doubt, kept 30 readings of its rows in doubt);
* has no other cell whose value the arithmetic chose (``arithmetic``, ``chain``, ``sequence``) or that is doubted for
  another reason than the bar or the hand (``row``, ``missing``, ...): a row made to agree cannot vouch for the cells
  it was made to agree with. In a game row it is enough that one of the auditor's checks the cell takes part in has
  no such cell (the game's value: its columns and its "+" or "-"; a running total: the "+" or "-" and the total; the
  counts: the "Gew." and "Verl." and which cells hold a figure at all; :func:`_vouched_apart`): a Grundwert the
  arithmetic chose takes no part in a running total, which vouches for the total read beside it (session 39: on the
  benchmark photos of seeds 7, 8 and 9, 92, 129 and 108 more cells confirmed, none wrong). A cell below the bar whose
  value its column chose (the best of its readings the column can hold, ``chosen_by="column"``: "3,00" for a money
  amount read "300") stays in doubt itself but does not keep the others from being confirmed: its value was not
  chosen to fit the row, so a row that adds up with it checks the others as a reading would (session 37: on three
  draws of benchmark photos 35, 45 and 36 more cells confirmed so, none wrong);
* for a running total or count, follows a previous one of the seat that is not such a chosen value either; a
  previous one confirmed by its own row is no longer in doubt, and the confirmation asks again about the figures
  after it (session 42: asked once, a total whose row holds a chosen Grundwert, which only the running total's own
  check can vouch for, stayed in doubt after a total its row had just confirmed; on the benchmark photos of seeds 7, 8
  and 9, 12, 18 and 26 more cells confirmed, none wrong);
* for a column of a lost game (Grundwert, matadors, marks), has no other reading (at least ``ALT_MIN`` probable) that
  the game's "-" explains as an overbid: a lost game's "-" is right for its game's value and, overbid, for every lower
  one (session 39; :func:`_overbid_beside`);
* for a seat's footer line beside another line of his that the arithmetic chose, passes its own check: the auditor
  compares each footer line with the rows alone (:func:`audit.checks.footer.rests_on`), so a line chosen to make the
  footer's sum agree takes no part in it; only where none of the rows' figures the check rests on for their value is
  in doubt (his last total, for the points and the score), and no row it counts was given or lost a figure by the
  arithmetic (session 48: the sample dskv-3-clean.jpg's Platz 1 bonus "400", read at 0.75, stayed in doubt beside
  the points the seat's chain had chosen; :func:`_footer_vouched_apart`);
* for a game column (Grundwert, matadors, marks), is in a row with a "+" or a "-": a row whose value is not written
  (a passed game) checks none of them (:func:`_unvalued_game_column`);
* for a matador count ("mit" or "ohne"), has the other of the two not in doubt: "mit 2" and "ohne 2" give a game the
  same value, so a row that adds up cannot say on which side of the line between them a figure stands (an "ohne 2"
  written across it, read "2" in the "mit" cell and unsurely nothing in its own).

A confident reading in doubt only for its hand (reason ``hand``: several values no game has were read on the list,
and it has the digit they suggest the reader takes for another) is confirmed alike, and a row's hand doubts do not
keep its other readings from being confirmed: the doubt says "this figure may be misread", and a row that the
auditor finds clean with it as read says it is not (the misreading would have to make the row add up). Session 25:
on the benchmark photos (seeds 7 and 8) 124 of the 224 hand doubts confirmed, none wrong (docs/reader.md).

Such a reading is ``confirmed_by="row"``, not doubtful, its value unchanged. It is never an empty reading (a cell
read empty below the bar may hold ink the reader could not make out, which no row tests), a table head cell
(nothing on the list checks those) or a signature box. A misreading confirmed so would have to land on the one
value that makes its row agree (or on its twin, where two cells give the row the same value: the matador counts);
with the paper wrong, the misreading would have to undo the keeper's mistake. The checks run ``strict``: a running
figure or footer figure passes only where it follows from the written figures before it, not for equalling what the
lowest-score correction gives after a slip above it (a last total "62" misread "72", the corrected 48 + 24, after a
slip to 58: the misreading would have had two values to land on, and a confirmed 72 raised the score). On the
benchmark photos of seeds 7 and 8 (docs/reader.md, "Confirmed by the row") none of the 430 and 634 written cells
confirmed at 0.5 is wrong.

This module runs the auditor's checks (:func:`audit.auditor.run_checks`, with the tournament's settings) on the
decoded list, a few milliseconds a list; it imports no OpenCV.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Optional

from audit.auditor import run_checks
from audit.checks.footer import LINES as FOOTER_LINES, last_total_cells as footer_last_total
from audit.model import MARK_FIELDS, ScoreList, Table, cell_ref, holds_nothing, parse_ref
from audit.overbid import explained_bids
from audit.rows import analyse
from audit.settings import Settings
from audit.values import ImpossibleGame, value_of
from digitize.cell_values import ALT_MIN

#: The reader's bar: a reading below it is a doubt whatever its row says. At 0.5 the best reading is at least as
#: probable as all the reader's other readings together: the reader itself takes it more likely than not, and the row
#: vouches for that reading, it does not pick one (a value the row implies against the reader's best is the
#: arithmetic's choice, in doubt). 0.6 until session 36: on four draws of benchmark photos (seeds 7-10) 0.5 took
#: about 400 more written cells out of doubt than 0.6, none of them wrong once a matador count was no longer confirmed
#: beside its twin in doubt (docs/reader.md, "Confirmed by the row"; ``bench/bench_bar.py --row-bars`` measures it).
ROW_BAR = 0.5
#: The running figures of a seat: confirmed only after a previous one that the arithmetic did not choose.
_RUNNING = ("total", "won", "lost")
#: The two matador columns, each the other's twin: a game's value is the same with its count in either.
_MATADORS = {"mit": "ohne", "ohne": "mit"}
#: Doubts that are the reader's own best reading below the bar; every other doubt makes its group unfit to vouch (but a
#: value its column chose below the bar: :func:`_unchosen`).
_PLAIN = "bar"
_HAND = "hand"


#: The table head's cells that the QR code of skatscan's forms can give, by the field of :class:`audit.model.Table`.
_HEAD_CODED = {"table.series": "series", "table.table": "table"}


def confirm_by_code(sl: ScoreList, given: Table) -> ScoreList:
    """``sl`` with the table head's readings that the form's QR code confirms no longer doubtful
    (``confirmed_by="qr"``): a Serie, Tisch or Start-Nr. cell whose value the code gives (``given``: the table as the
    locator found it, ``digitize.pipeline.payload_table``) and whose value as read is that value, however unsurely
    the reader read the printed digits. The code is printed with the form and checked by its error correction; the
    list takes its value anyway (``digitize.decode``), and a doubt there would ask the referee about a figure
    already known. A reading that differs from the code stays as it was (a form printed for another table and
    corrected by hand: the referee looks at it). A new list; ``sl`` is not modified."""
    coded = {ref: getattr(given, name) for ref, name in _HEAD_CODED.items()}
    coded.update((f"table.start_number.{s}", n) for s, n in enumerate(given.start_numbers or (), start=1))
    agreed = {ref: replace(r, doubtful=False, reason="", confirmed_by="qr") for ref, r in sl.readings.items()
              if r.doubtful and coded.get(ref) is not None and r.value is not None
              and str(r.value) == str(coded[ref])}
    return replace(sl, readings={**sl.readings, **agreed}) if agreed else sl


def confirm_by_rows(sl: ScoreList, bar: float, low: Optional[float] = None,
                    settings: Optional[Settings] = None) -> ScoreList:
    """``sl`` with the readings in ``[low, bar)`` (``low`` by default :data:`ROW_BAR`) that their rows confirm no
    longer doubtful (``confirmed_by="row"``; see the module docstring), by the auditor's checks with ``settings``
    (the tournament's; default :class:`audit.settings.Settings`). A new list; ``sl`` is not modified."""
    low = ROW_BAR if low is None else low
    settings = Settings() if settings is None else settings
    while True:
        after = _confirm_once(sl, bar, low, settings)
        newly = {ref for ref, r in after.readings.items() if r.confirmed_by == "row" and sl.readings[ref].doubtful}
        if not any(parse_ref(ref)[2] in _RUNNING for ref in newly):
            return after
        sl = after          # a running figure confirmed: the seat's next one may now follow a reading not in doubt


def _confirm_once(sl: ScoreList, bar: float, low: float, settings: Settings) -> ScoreList:
    """One round of :func:`confirm_by_rows`: the readings asked about as ``sl`` stands, confirmed together."""
    asked = {ref for ref, r in sl.readings.items()
             if r.doubtful and (_plain(r) and low <= r.value_confidence < bar or _hand(r, bar))
             and not holds_nothing(r.value) and not ref.startswith(("table.", "signature."))}
    unfit_cells = {ref for ref, r in sl.readings.items() if r.doubtful and not _unchosen(r) and not _hand(r, bar)}
    unfit = {group_of(ref) for ref in unfit_cells}
    facts = []      # the rows' facts, worked out when a footer line asks (_footer_vouched_apart)
    asked = {ref for ref in asked
             if (group_of(ref) not in unfit or group_of(ref)[0] == "game" and _vouched_apart(sl, ref, unfit_cells)
                 or group_of(ref)[0] == "footer" and _footer_vouched_apart(sl, ref, unfit_cells, facts))
             and not _after_a_chosen_value(sl, ref) and not _twin_in_doubt(sl, ref) and not _overbid_beside(sl, ref)
             and not _zero_or_nothing(sl.readings[ref]) and not _unvalued_game_column(sl, ref)}
    while asked:
        trial = replace(sl, readings={**sl.readings, **{ref: replace(sl.readings[ref], doubtful=False, reason="",
                                                                      confirmed_by="row") for ref in asked}})
        found = set()
        for f in run_checks(trial, settings, strict=True):
            if f.code == "unreadable":        # another cell's doubt: the reader's own reading, not a finding
                continue
            # a cell it rests on for holding a figure only (a footer's count of the rows a seat declared): it says
            # nothing about its value, and an asked reading holds a figure whatever its value
            found.update(group_of(c) for c in f.cells if c not in f.presence)
            if f.game is not None:
                found.add(("game", f.game))
        kept = {ref for ref in asked if group_of(ref) not in found}
        if kept == asked:
            return trial
        asked = kept
    return sl


def _plain(r) -> bool:
    """A doubt that is the reader's own best reading below the bar: one its row may confirm."""
    return r.reason == _PLAIN and r.chosen_by == "reader"


def _unchosen(r) -> bool:
    """A doubt below the bar whose value the row did not choose: the reader's best reading, or the best of its readings
    that the cell's column can hold (``chosen_by="column"``). A row that adds up with it vouches for its other cells."""
    return r.reason == _PLAIN and r.chosen_by in ("reader", "column")


def _hand(r, bar: float) -> bool:
    """A confident reading in doubt only for the hand it is written in (reason "hand")."""
    return r.reason == _HAND and r.chosen_by == "reader" and r.value_confidence >= bar


def group_of(ref: str) -> tuple:
    """The cells that are checked together: a game row, a seat's footer lines, a player's loss money (checked
    against the games he lost by the schedule), the table's total loss money (against all the players' lost
    games)."""
    game, seat, _ = parse_ref(ref)
    if game is not None:
        return ("game", game)
    if ref.startswith("footer.money"):
        return ("money", seat)
    if ref.startswith("footer."):
        return ("footer", seat)
    return (ref,)


#: The columns that give a game its value (Grundwert, the matadors, the marks), and the row's value ("+", "-").
_GAME_COLUMNS = ("base", "mit", "ohne") + MARK_FIELDS
_VALUES = ("plus", "minus")
#: The cells of a game row that say by holding a figure who declared it and how it went (the footer's counts).
_COUNTED = _VALUES + _RUNNING


def _vouched_apart(sl: ScoreList, ref: str, unfit: set) -> bool:
    """Whether one of the auditor's checks that the game row's cell ``ref`` takes part in has none of the row's
    ``unfit`` cells (chosen by the arithmetic, or doubted for another reason than the bar) among its other cells: then
    that check, which the row passes, vouches for ``ref`` on its own, whatever the arithmetic chose elsewhere in the
    row. The checks: the game's value (its columns against its "+" or "-"), a seat's running total (its "+" or "-"
    and its total), a seat's counts (its "Gew." and "Verl.", and which cells of the row hold a figure at all: who
    declared, won or lost; a cell the arithmetic gave or took a figure counts there); a running total or count only
    where the seat's previous one is not in doubt at all (seed 8's 8033: a count "14" read "4" at 0.79 after a "13"
    read "3" at 0.39, both missing their "1"). A "96" read at 0.56 in "+" beside a sure "24 mit 2 Schneider" is
    vouched for by the game, though the total "86" read beside it was taken as 96."""
    no, seat, kind = parse_ref(ref)
    values = {cell_ref(no, f) for f in _VALUES}
    checks = []
    if kind in _GAME_COLUMNS or kind in _VALUES:
        checks.append(values | {cell_ref(no, f) for f in _GAME_COLUMNS})
    if kind in _VALUES:
        checks.append(values | {cell_ref(no, "total", s) for s in range(1, sl.seats + 1)})
    before = _previous(sl, ref)
    after_a_reading = before is None or not before.doubtful     # else only its whole row vouches for it
    if kind == "total" and after_a_reading:
        checks.append(values | {ref})
    if kind in ("won", "lost") and after_a_reading:
        moved = {u for u in unfit if parse_ref(u)[0] == no and _figure_moved(sl.readings[u])}
        checks.append({cell_ref(no, "won", seat), cell_ref(no, "lost", seat)} | moved)
    return any(not (check - {ref}) & unfit for check in checks)


def _footer_vouched_apart(sl: ScoreList, ref: str, unfit: set, facts: list) -> bool:
    """Whether the footer line ``ref`` (a seat's points, counts, bonus, others' losses or score) is vouched for by its
    own check, whatever the arithmetic chose in the seat's other lines: the auditor compares each line with the rows
    alone (:func:`audit.checks.footer.rests_on`), never with the other lines, so a line chosen to make the footer's
    sum agree takes no part in it. That check vouches only where none of the rows' figures it rests on for their value
    (the seat's last total, for the points and the score) is in doubt at all, and, for a line that counts the rows
    (all but the points), no cell of the rows that says by holding a figure who declared a game and how it went ("+",
    "-", a seat's total or counts) is one the arithmetic gave or took a figure (:func:`_figure_moved`), as for a count
    in a game row (:func:`_vouched_apart`); a cell it took a figure from holds none, so it is not among the rows the
    check counts, and is looked for among all the doubtful ones. ``facts``: the rows' facts, filled in here at the
    first call."""
    _none, seat, line = parse_ref(ref)
    if seat is None or line not in FOOTER_LINES:
        return False
    if not facts:
        facts.extend(analyse(sl))
    # of what the line rests on (:func:`audit.checks.footer.rests_on`), the cells that count for their value: the
    # seat's last total, for the points and the score (the rows' counts, with their readings in doubt, are not asked)
    values = footer_last_total(facts, seat - 1, sl) if line in ("points", "score") else ()
    doubtful = sl.doubtful_cells()
    if any(c in doubtful for c in values):
        return False
    # a row cell the arithmetic gave a figure is among the declared ones, one it took a figure from is not (it holds
    # none now): every such cell of the rows' "+", "-" and the seats' figures counts
    return line == "points" or not any(parse_ref(c)[0] is not None and parse_ref(c)[2] in _COUNTED
                                       and _figure_moved(sl.readings[c]) for c in unfit)


def _unvalued_game_column(sl: ScoreList, ref: str) -> bool:
    """Whether ``ref`` is a game column (Grundwert, matadors, a mark) of a row with neither a "+" nor a "-" as it
    stands: nothing values the game there (a passed row, a row whose value is unread), so the auditor checks none of
    its columns and its finding nothing vouches for nothing (session 55: a passed row's empty "mit" read "1" at 0.63
    with the context network, 7020, would have been confirmed so)."""
    column = _game_column(sl, ref)
    if column is None:
        return False
    game = column[1]
    return game is None or (game.plus is None and game.minus is None)


def _game_column(sl: ScoreList, ref: str):
    """``(field, game)`` of a game column's cell ``ref`` (Grundwert, matadors, a mark): its field and its row's
    :class:`~audit.model.Game` (None where the list has no such row); None for any other cell."""
    no, _seat, kind = parse_ref(ref)
    if no is None or kind not in _GAME_COLUMNS:
        return None
    return kind, next((g for g in sl.games if g.no == no), None)


def _zero_or_nothing(r) -> bool:
    """Whether the reading ``r`` is a 0 beside the empty reading (at least :data:`ALT_MIN` probable): where the rows
    give 0 (a bonus for as many games won as lost, a lost count of 0, no loss money), a keeper often leaves the line
    blank, which the auditor tells him (a missing footer line), and a phantom 0 read in the blank cell lands exactly
    on the rows' figure: its check cannot tell the two apart (session 48's review)."""
    return r.value == 0 and r.value is not False and any(holds_nothing(v) and p >= ALT_MIN for v, p in r.candidates)


def _figure_moved(r) -> bool:
    """Whether the arithmetic gave a cell (its reading ``r``) a figure or a mark where the reader read none, or took one
    away: its value and its best reading differ in holding something."""
    return not r.candidates or holds_nothing(r.value) != holds_nothing(r.candidates[0][0])


def _overbid_beside(sl: ScoreList, ref: str) -> bool:
    """Whether ``ref`` is a game column of a lost game whose "-" another of its readings (at least :data:`ALT_MIN`
    probable) would leave explained by an overbid: a lost game's "-" is right for its game's value and, overbid, for
    every lower one, so a row that adds up exactly with the reading cannot tell it from the runner-up ("24 mit 2 Hand,
    -240", an overbid on paper, with its "mit 2" read "3" at 0.59: exact with the misreading)."""
    kind, game = _game_column(sl, ref) or (None, None)
    if game is None or game.minus is None:
        return False
    r = sl.readings[ref]
    for v, p in r.candidates:
        if v == r.value or p < ALT_MIN or (kind in MARK_FIELDS) != (type(v) is bool):
            continue
        other = replace(game, **{kind: v})
        try:
            value = value_of(other)
        except ImpossibleGame:
            continue
        if other.base is not None and explained_bids(game.minus, other.base, value):
            return True
    return False


def _twin_in_doubt(sl: ScoreList, ref: str) -> bool:
    """Whether ``ref`` is a matador count ("mit" or "ohne") whose twin in the same row is read in doubt: its row adds
    up with the count in either cell, so it cannot vouch for the one it was read in."""
    no, _seat, kind = parse_ref(ref)
    if no is None or kind not in _MATADORS:
        return False
    twin = sl.readings.get(cell_ref(no, _MATADORS[kind]))
    return twin is not None and twin.doubtful


def _after_a_chosen_value(sl: ScoreList, ref: str) -> bool:
    """Whether the running figure ``ref`` follows its seat's previous one (:func:`_previous`) that is doubtful for
    another reason than the bar, or chosen by the arithmetic (:func:`_unchosen`): its row was checked against a value
    the arithmetic chose."""
    before = _previous(sl, ref)
    return before is not None and before.doubtful and not _unchosen(before)


def _previous(sl: ScoreList, ref: str):
    """The reading of the seat's previous running figure of the kind of ``ref`` (a total, a "Gew." or "Verl." count):
    the nearest row above with the cell written or in doubt (a crossed-out row, which has no readings, is passed
    over); None for the first, and for a cell that is no running figure."""
    no, seat, kind = parse_ref(ref)
    if no is None or seat is None or kind not in _RUNNING:
        return None
    for above in range(no - 1, 0, -1):
        r = sl.readings.get(cell_ref(above, kind, seat))
        if r is not None and (r.doubtful or r.value is not None):
            return r
    return None
