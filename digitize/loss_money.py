"""The loss money (Verlustgeld) on a list: each player's amount and the table's total, as the decoder settles them.

* On the DSkV form the keeper writes each player's amount into his signature box (:func:`money_in_box`; the
  box's signature is what it holds beside the amount: :func:`signature_in_box`).
* A player's amount follows from the games he lost by the tournament's schedule (SkWO 6.2, the Spielplan;
  ``audit.settings.Settings.loss_money``, ``--loss-money``): an amount read in doubt takes what the games he lost
  cost when the reader finds that amount possible, where the list says surely how many he lost
  (:func:`money_by_schedule`; chosen by the arithmetic and doubtful, like every value the arithmetic takes, for
  the reason "schedule"); so does the table's total, with all the players' lost games. The amounts beside the
  signatures are the reader's weakest figures (on the benchmark photos of session 28 three in four read right,
  half of them in doubt): the schedule takes the right one for nearly all of those it misreads.
* Otherwise the table's total is the players' amounts added up (:func:`resolve_money`).

A confident amount is never changed: one that the schedule contradicts stays what was read, the auditor's
finding (``money.wrong``) when it is the keeper's slip, in doubt where the reader finds the schedule's amount a little
probable in it (a misreading, :func:`_take`).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Collection, Optional, Sequence

from audit.model import cell_ref
from audit.settings import Settings
from digitize.cell_values import CellRead
from digitize.doubts import ASKED_MIN, Cells
from digitize.footer import footer_implies
from digitize.reader import SIGNATURE
from digitize.settle import settle


def money_by_schedule(cells: Cells, seats: int, games: int, settings: Settings,
                      struck: Collection[int] = ()) -> None:
    """Each player's amount in doubt (``footer.money.N``) takes the amount ``settings`` charges for the games he
    lost (``settings.money_for``) when the reader finds it at least :data:`~digitize.doubts.ASKED_MIN` probable
    (among its readings, or asked: :meth:`Cells.propose`; in a DSkV box beside the signature) and it is not what
    the cell holds already: chosen by the arithmetic, doubtful for the reason "schedule" (:func:`_take`). How many
    games he lost is what the list says surely (:func:`sure_lost_count`: the footer's "Verl." line and his last
    running count in the rows, ``games`` of them, the crossed-out ``struck`` passed over). Nothing is taken for a
    player who lost nothing (no amount is emptied) or where the list does not say surely how many he lost. The
    table's total in doubt takes what the schedule charges all of them, where the list says surely how many games
    each lost (the auditor checks the total so)."""
    counts = [sure_lost_count(cells, s, games, struck) for s in range(1, seats + 1)]
    for s, lost in enumerate(counts, start=1):
        if lost:
            _take(cells, f"footer.money.{s}", float(settings.money_for(lost)))
    if all(n is not None for n in counts):
        _take(cells, "footer.money_total", float(sum(settings.money_for(n) for n in counts)))


def _take(cells: Cells, ref: str, owed: float) -> None:
    """The money cell ``ref``, in doubt and not chosen by the arithmetic yet, takes ``owed`` when the reader finds it
    at least :data:`ASKED_MIN` probable, among its readings however far down or asked about it (:meth:`Cells.propose`,
    which then adds it to them): chosen by the arithmetic, reason "schedule". The schedule names one value, so its
    rank among the readings does not matter as it does where the arithmetic searches combinations
    (:meth:`Cells.options`). Only a cell the arithmetic may change (:meth:`Cells.changeable`: not a confident reading
    its group put in doubt) is. A confident amount is put in doubt, its reading kept, where the reader finds ``owed``
    at least ASKED_MIN probable in it (as a confident cell of a row: :meth:`Cells.doubt_implied`)."""
    if ref in cells.by_arith or not owed or owed == cells.get(ref):
        return
    if ref not in cells.doubt:
        # a confident amount the schedule contradicts stays what was read; in doubt, its reading kept, where the
        # reader finds the schedule's amount at least ASKED_MIN probable in it: seed 8's 8040, "0,50" read "2,50" at
        # 0.94 and "0,50" at 5e-4, a misreading; a keeper's slip written clearly gives it 1e-8 (seed 7's 7000, "0,50"
        # where 1,00 was owed; 8012's "1,-" where 1,50 was owed: 1e-9) and stays the auditor's finding
        p = cells.probability(ref, owed)
        if p >= ASKED_MIN:
            cells.doubt_implied(ref, owed, p)
        return
    if not cells.changeable(ref):
        return
    cells.propose(ref, [owed])
    if cells.probability(ref, owed) >= ASKED_MIN:
        cells.choose(ref, owed, reason="schedule")


def sure_lost_count(cells: Cells, seat: int, games: int, struck: Collection[int] = ()) -> Optional[int]:
    """How many games ``seat`` lost, where the list says it surely: the footer's "Verl." line read and not in doubt (or
    read in doubt as the reader's own best reading, the figure the seat's "Gew." and bonus lines read surely give:
    won - bonus / 50, :func:`digitize.footer.footer_implies`; seed 11's photo 11032: "Verl." 1 read at 0.82 beside
    "Gew." 13 and a bonus of 600, its last count in the rows in doubt, so that the schedule did not settle his "0,50"
    read "2,50" at 0.26), and the seat's last running "Verl." count in the rows (the lowest row with it written or in
    doubt, a crossed-out row of ``struck`` passed over) read and not in doubt. Where both say it they must agree;
    where one is in doubt or not written the other says it alone; None where neither says it or the two disagree (a
    slip of the keeper's, or a misreading: the auditor's)."""
    said = []
    footer = f"footer.lost.{seat}"
    if footer in cells.reads and cells.get(footer) is not None and (
            footer not in cells.doubt or footer not in cells.by_arith
            and cells.get(footer) == footer_implies(cells, seat, "lost")):
        said.append(cells.get(footer))
    for no in range(games, 0, -1):
        if no in struck:
            continue
        ref = cell_ref(no, "lost", seat)
        if ref in cells.reads and (cells.get(ref) is not None or ref in cells.doubt):
            if ref not in cells.doubt:
                said.append(cells.get(ref))
            break
    if not said or any(n != said[0] for n in said) or type(said[0]) is not int:
        return None
    return said[0]



def _money_consistent(v: dict, refs: Sequence[str]) -> bool:
    """Does the table's loss money (``footer.money_total``, a figure) add up to the players' (an empty amount is
    none)?"""
    return abs(v["footer.money_total"] - sum(v.get(r) or 0.0 for r in refs if r != "footer.money_total")) < 0.005



def resolve_money(cells: Cells, seats: int) -> None:
    """The loss money: the table's total is the players' amounts added up (``footer.money_total``), settled like a
    game row (:func:`digitize.settle.settle`), the sum (or the total less the others) proposed to each doubtful
    amount first (:meth:`Cells.propose`). Run after :func:`money_by_schedule`: a total the schedule chose is not
    settled again with the amounts (one of them may be a confident misreading, or the keeper's slip)."""
    refs = [r for r in (*(f"footer.money.{s}" for s in range(1, seats + 1)), "footer.money_total") if r in cells.reads]
    if "footer.money_total" not in refs or len(refs) < 2 or cells.get("footer.money_total") is None:
        return      # no total read: nothing to add up to
    if cells.reason.get("footer.money_total") == "schedule":
        return
    if sum(r in cells.doubt for r in refs) > 1:
        # the amounts beside the signatures are the reader's weakest figures: with several in doubt, some
        # combination of poor candidates adds up (a total of 4,50 read right became 14,50 so); only the total
        # may be taken, the candidate the amounts add up to as read
        _total_of_amounts(cells, refs)
        return
    _propose_money(cells, refs)
    settle(cells, refs, lambda v: _money_consistent(v, refs), lambda field, value: True, names={r: r for r in refs},
           vacuous=refs,   # an amount read as a figure is never emptied to make the sum agree
           ask=lambda: _propose_money(cells, refs, sure=True))


def _amounts_added(cells: Cells, players: list[str]) -> float:
    """The players' loss money amounts (``players``, their cells) added up as they stand (an empty one as 0)."""
    return round(sum(cells.get(r) or 0.0 for r in players), 2)


def _total_of_amounts(cells: Cells, refs: list[str]) -> None:
    """With several of the loss money's cells in doubt (``refs``, the table's total last): a total in doubt takes
    the candidate that the players' amounts add up to, each amount at its best reading (none changed), doubtful
    and chosen by the arithmetic (seed 8's photo 8007: 1,-, 3,50, 2,50 and 1,50 read right, the total "8,50"
    read 6,50 first and 8,50 second)."""
    total = refs[-1]
    if total not in cells.doubt or cells.reason.get(total) == "row":
        return
    added = _amounts_added(cells, refs[:-1])
    if added > 0 and added != cells.get(total) and any(v == added for v, _p in cells.options(total)):
        cells.choose(total, added)


def _propose_money(cells: Cells, refs: list[str], sure: bool = False) -> None:
    """What the loss money's sum implies for each of its cells (``refs``, the table's total last) from the others
    as read: the players' amounts added up for the total, the total less the others for an amount; each goes to
    :meth:`Cells.propose` (with ``sure``, for the confident ones)."""
    players = refs[:-1]
    amounts = {r: cells.get(r) or 0.0 for r in players}
    total = cells.get("footer.money_total")
    cells.propose("footer.money_total", [_amounts_added(cells, players)], sure=sure)
    for r in players:
        rest = round(total - sum(a for o, a in amounts.items() if o != r), 2)
        cells.propose(r, [rest] if rest > 0 else [], sure=sure)


def money_in_box(box: CellRead, ref: str) -> CellRead:
    """The loss money read from a signature box, as the reading of the money cell ``ref``.

    The DSkV form has no money row: the keeper writes each player's amount into his signature box, beside
    the signature ("3,50 ~"). The box's readings less the signature ("~") are the money cell's readings
    (those that then read alike count together), so that the amount has a confidence and a doubt of its
    own, and a money finding rests on it like on a money cell (before, the amount was taken from the
    box's best reading and no finding could be in doubt about it). The reading keeps the box's outline, and the
    share of it off the photo.
    """
    merged: dict[str, float] = {}
    for text, p in box.candidates or ((box.text, box.confidence),):
        t = text.replace(SIGNATURE, "").strip()
        merged[t] = merged.get(t, 0.0) + p
    cands = tuple(sorted(merged.items(), key=lambda tp: (-tp[1], tp[0])))
    return CellRead(ref, cands[0][0], cands[0][1], cands, box.quad, probs=box.probs, off_photo=box.off_photo,
                    beside=SIGNATURE)


#: What the box network writes for an amount of loss money ("3,50", "4,-", "1,00"): taken out of a DSkV box's
#: readings, what is left is its signature (:func:`signature_in_box`).
AMOUNT_CHARS = frozenset("0123456789,-")


def signature_in_box(box: CellRead) -> CellRead:
    """The signature read from a DSkV signature box that holds the loss money too: the box's readings less the
    amount (its figures, comma and dash; those that then read alike count together), so that a box holding "0,50"
    and nothing else is not signed, "0,50~" is, and so is a box whose scribble was read "#" or "X"
    (:func:`digitize.cell_values.parse` counts any ink in a box as a signature, figures too: on a form with a money
    row, a signature read as figures). Before, every amount signed its box, and the missing signature of a player
    who wrote his amount in it was never found (seed 7's photo 7029: "0,50" read at 0.96 in a box the keeper had
    not signed, a "missing-signature" slip; the same on seed 8's photos 8004 and 8041, read in doubt)."""
    merged: dict[str, float] = {}
    for text, p in box.candidates or ((box.text, box.confidence),):
        t = "".join(ch for ch in text if ch not in AMOUNT_CHARS).strip()
        merged[t] = merged.get(t, 0.0) + p
    cands = tuple(sorted(merged.items(), key=lambda tp: (-tp[1], tp[0])))
    return replace(box, text=cands[0][0], confidence=cands[0][1], candidates=cands)
