"""Each cell's value and whether it is in doubt, and why (:class:`Cells`): the confidence bar, the table head's
bar, the column priors' doubts, a misread hand; the values the arithmetic proposes, put to the reader; what the
arithmetic confirms or chooses (digitize.settle, digitize.decode).
"""
from __future__ import annotations

from typing import Optional

from audit.model import MARK_FIELDS, cell_ref, holds_nothing
from digitize.cell_values import ALT_MIN, NOTHING, CellRead, empty_value, field_of, parse, spellings, values_of
from digitize.priors import (COMMON, FOOTER_STEP, LOSS_STEP, PLAUSIBLE, PRIOR_FIELDS, column_prior, one_digit_off,
                             rank, with_prior)
from digitize.reader import STRIKE, text_probability

#: The bar of the table head (Serie, Tisch, Start-Nr.): nothing on the list checks these figures, a wrong
#: start number gives a player's score to another, and the head's readings are surer than they are right
#: (see docs/reader.md). Set on the head cells of 240 calibration photos of test writers (not the benchmark's):
#: read in all the looks of digitize.reader.HEAD_LOOKS, none of the 1,140 written ones is wrong at 0.93 or above
#: (one at 0.92), 561 are at 0.93 or above. Read as cut and turned alone, the bar was 0.96 (529 above it); as cut
#: alone, 0.98 (503).
HEAD_BAR = 0.93

#: The bar of a game-row cell the reader reads empty (its best reading the empty text; the decoder's bar when that is
#: lower). The reader is less sure of an empty cell than it is right about it: on the benchmark's photos of unseen
#: writers its empty readings at 0.70-0.85 are right 98.7-99.0 % of the time (seeds 7, 8 and 9, session 37), more often
#: than its readings of a figure or a mark at the decoder's bar, 0.85-0.95 (96.0-97.3 %), while its empty readings at
#: 0.5-0.7 are right only 94-98 %. ``python bench/bench_digitize.py`` prints the table ("How honest the reader's
#: confidences are"). Such a reading is no doubt for the bar alone; it stays below the decoder's bar for the list's
#: arithmetic, which may still take a figure its row needs there (in doubt, as the arithmetic's choice). Not the table
#: head, the footer or the signature boxes (an unsigned box is an error on paper; a footer line is always written),
#: nor a Grundwert (see :func:`reading_bar`).
EMPTY_BAR = 0.7

#: The share of a stroke's probability (a mark cell read as strokes alone, ``#``) that counts for a mark: a keeper's
#: one-stroke mark ("/") is read as the stroke of a crossed-out row as often as a stray stroke through an empty cell
#: is. On the benchmark photos of seeds 7 and 8, of the 24 mark cells outside crossed-out rows whose best reading was
#: a stroke, 10 held a mark and 14 nothing. Below a half, so that a stroke alone still reads as no mark (in doubt:
#: :class:`Cells`) unless its row's arithmetic needs the mark (seed 8's 8041: a hand game's "/" read "#" at 0.99, the
#: "X" 0.0 probable, so that the row could not take the mark before; on the cached readings of seeds 7 and 8 five
#: mark cells more right or confirmed by their rows, none wrong, session 39).
STROKE_MARK = 0.4

#: The game figures a stroke read best in is a doubt (only the readings of an empty cell or a dash make such a cell
#: surely empty; :class:`Cells`): a row the keeper crossed out is left out of the list whatever its cells hold, and in
#: a row he did not, the strokes are a figure the reader did not make out (seed 11's 11017: a "+120" written half out
#: of its cell read "#" at 0.73, an empty "+" without a doubt). Not a seat's total or counts, where an idle seat's
#: dash is read as a stroke: on the cached readings of the benchmark's four draws (168 photos) these five columns
#: put 27 cells more in doubt, the one wrong among them; the seats' columns too, 264 more for two more caught.
STRUCK_FIGURES = ("base", "mit", "ohne", "plus", "minus")

#: A cell more than this share of which lies off the photo (:attr:`CellRead.off_photo`: the page runs off a tightly
#: framed photo) is in doubt for the reason "photo", whatever was read there: the rectified page repeats the photo's
#: edge where the page leaves it, and the reader reads that as an empty cell (seed 8's photo 8046, its "Serie" box
#: half off the photo: empty at 0.987).
OFF_PHOTO = 0.05

#: Candidates of a doubtful cell that the arithmetic may choose among.
TOP_K = 4

#: A reading at or above the decoder's bar (:data:`digitize.decode.CONFIDENCE_BAR`) that its row contradicts is put in
#: doubt (reason "row"); read at or above this bar too, it keeps its value (the paper may be wrong: the auditor's
#: finding, in doubt), and below it the arithmetic may choose its value (:meth:`Cells.changeable`) among its readings
#: and the values its row implies that the reader gives at least :data:`ASKED_MIN` (:attr:`Cells.implied`), in doubt.
#: The reader's readings at 0.85-0.95 are wrong one time in twenty to forty (docs/reader.md, "Calibration"), a keeper's
#: slip written clearly is read at 0.99 and more. On the cached readings of seeds 7, 8 and 9 (session 32): "612" read
#: "62" at 0.93, "-183" read "183" at 0.91, "72" read "12" at 0.91 among 16 cells made right (seed 7's sheets with no
#: wrong cell 55.0 -> 60.0 %, seed 8's 47.9 -> 50.0 %), paper errors found and false as before; at 0.98 two cells
#: more, and seed 9's photo 9002's count "14" written twice (read 0.97, the keeper's slip) hidden behind a doubt.
KEEP_BAR = 0.95


#: A value the arithmetic implies for a cell, put to the reader (:meth:`Cells.propose`), counts when the reader gives
#: it at least this much where it is taken on one figure's word: for a confident cell of a group that agrees with
#: nothing it puts the cell in doubt, its reading kept (a digit the reader dropped or took for another leaves the
#: right text 1e-4 to 1e-3 probable: "612" read "62" at 0.993 gave "612" 0.0003); a footer line read empty below the
#: bar takes the rows' figure (``footer._fill_empty_lines``), a loss amount in doubt the schedule's
#: (:mod:`digitize.loss_money`). Chosen on seed 8's photos (bench/bench_bar.py's): for confident cells 3e-4 and 1e-4
#: alike (false paper errors 8 -> 2), 3e-5 one fewer but one paper error found fewer on seed 7. Where the value must
#: win a search against the cell's own readings, :data:`CHOICE_MIN` (until session 30 this floor was that one too).
ASKED_MIN = 1e-4

#: A value the arithmetic implies for a doubtful cell, put to the reader (:meth:`Cells.propose`), joins the cell's
#: candidates for the arithmetic to choose among (the cell stays doubtful) when the reader gives it at least this
#: much. A value so improbable can only win where it mends more than the cell's own row: a row's settling takes a
#: combination at least :data:`digitize.settle.MIN_RELATIVE` as probable as the best one, and a seat's chain keeps
#: the reading at the cost of one broken link (:data:`digitize.chains.BREAK`, 1e-4) unless the value mends the links
#: on both sides. A figure written partly outside its crop leaves the right text 1e-5 to 1e-4 probable ("451" read
#: "49" at 0.68 gave "451" 8e-5; "328" read "28", 9e-5). On the cached readings of seeds 7 and 8 (session 30):
#: 1e-4 (before) 96.56 / 99.11 % exact, 1e-5 96.57 / 99.15 %, 1e-6 96.57 / 99.17 % (1e-7 as 1e-6), doubts
#: 14.74 / 13.64 -> 14.68 / 13.44 % of the written cells (rows that agree now confirm their other cells), sheets
#: with no wrong cell 47.5 -> 50.0 % on seed 7, paper errors found and false as before. (Taking the schedule's amount
#: and a footer line's figure at this floor too made one more sheet of seed 8 right; not done: nothing weighs such a
#: value against the reading but the one figure that names it.)
CHOICE_MIN = 1e-6

#: How many confident readings of game columns that no game can hold (a Grundwert, a matador count, a "+" or a "-"
#: outside PLAUSIBLE) make them all doubtful: one on a list is the keeper's mistake (the auditor's finding); several
#: point at a hand whose digits the reader takes for others (a 2 read as a 3 in every "23"), not at as many
#: keeper mistakes.
MISREAD_HAND = 2

#: A list with at least this many confident Gew./Verl. counts keeps the counts: there, a row whose declarer has
#: neither count read is in doubt.
COUNTING_ROWS = 3


def reading_bar(ref: str, read: CellRead, dist: list, bar: float, empty_bar: float = EMPTY_BAR) -> float:
    """The bar below which the reading ``read`` of cell ``ref`` (its values ``dist``, best first) is a doubt: the
    decoder's ``bar``; the table head's :data:`HEAD_BAR` when that is higher; a game-row cell whose best reading is
    the empty text at ``empty_bar`` (:data:`EMPTY_BAR`) or more, that when it is lower (the empty text itself that
    probable: not a cell whose empty readings, strokes and dashes together make up the bar), but for the Grundwert:
    every game has one, and where the row's "+" or "-" is read unsurely too nothing tests an empty one (seed 7's
    photo 7016, blurred past reading: a Null ouvert's "23" read empty at 0.82 beside its "+" at 0.24)."""
    if ref.startswith("table."):
        return max(bar, HEAD_BAR)
    if ref.startswith("g") and field_of(ref) != "base" and not read.text and read.confidence >= empty_bar \
            and dist and holds_nothing(dist[0][0]):
        return min(bar, empty_bar)
    return bar


def _strokes_alone(text: str) -> bool:
    """Whether a reading is strokes and nothing else ("#", "##": the stroke of a crossed-out row)."""
    return bool(text) and set(text) == {STRIKE}


def _stroke_as_mark(read: CellRead, dist: list) -> list:
    """A mark cell's values ``dist`` (best first), and when the reader's best reading is strokes alone, with
    :data:`STROKE_MARK` of the probability of its readings that are strokes alone moved from "no mark" to "a mark" (a
    one-stroke mark), best first again (a mark read beside the stroke may now come first). Either way the value is
    below the bar (:class:`Cells`: as no mark, only the readings of an empty cell or a dash make it surely empty; as
    the mark, at most 0.7 of what the column can hold, the stroke being read better than the "X"), and the row's
    arithmetic may take the other. A cell read best as empty keeps its values (a faint stroke among its runner-ups puts
    no cell in doubt)."""
    if not _strokes_alone(read.text):
        return dist
    strokes = sum(p for t, p in read.candidates if _strokes_alone(t))
    share = strokes * STROKE_MARK
    probs = dict(dist)
    probs[False] = probs.get(False, 0.0) - share
    probs[True] = probs.get(True, 0.0) + share
    return sorted(((v, round(p, 6)) for v, p in probs.items()), key=lambda vp: -vp[1])


class Cells:
    """Per-cell state: the chosen value, and whether it is in doubt."""

    def __init__(self, reads: dict[str, CellRead], bar: float, seats: int = 4, empty_bar: float = EMPTY_BAR):
        self.reads = reads
        self.bar = bar
        self.seats = seats
        self.value: dict[str, object] = {}
        self.dist: dict[str, list] = {}     # candidate values, best first (column priors first)
        self.read: dict[str, list] = {}     # candidate values as the reader ranked them (shown)
        #: the cells in doubt, each with why (:data:`audit.model.DOUBT_REASONS`; the first reason found)
        self.reason: dict[str, str] = {}
        self.by_arith: set[str] = set()
        #: cells whose value the arithmetic may no longer change (options): the seats' chains, once settled whole
        self.frozen: set[str] = set()
        #: each cell the arithmetic changed: its value and reason before (see restore)
        self.before_choice: dict[str, tuple] = {}
        #: unsure cells whose value the column prior took (not the reader's best)
        self.by_column: set[str] = set()
        #: each settled row's cells, its agreement test and whether it agreed, by its declarer's total cell
        self.row_check: dict[str, tuple] = {}
        #: values the arithmetic proposed for a cell that the reader found probable enough (see propose)
        self.proposed: dict[str, set] = {}
        #: values the arithmetic of a row that agrees with nothing implies for a confident cell, with the probability
        #: the reader gives each (see propose(sure=True)); they put the cell in doubt (doubt_alternatives), and are
        #: tried for it only when it was read below KEEP_BAR (options)
        self.implied: dict[str, list] = {}
        #: the implied value (and its probability) that put a confident cell in doubt: shown among its candidates
        self.row_implied: dict[str, tuple] = {}
        #: the value that would have made the row of a confident cell in doubt for its row (reason "row") add up
        #: (its runner-up reading or the value implied; the first found): see digitize.misread_digits
        self.row_alt: dict[str, object] = {}
        #: confident cells in doubt for the link after them (digitize.chains._doubt_next_breaks): their row agreeing
        #: does not answer that doubt (see confirm)
        self.held: set[str] = set()
        #: the column prior of each cell (see column_prior)
        self.plausible: dict = {}
        #: the probability of each cell's best value (its readings that mean the same taken together)
        self.sure: dict[str, float] = {}
        steps = dict(FOOTER_STEP, others_lost=LOSS_STEP.get(seats, 1))
        for ref, r in reads.items():
            fld = field_of(ref)
            d = values_of(r, fld)
            if fld in MARK_FIELDS:
                d = _stroke_as_mark(r, d)
            self.value[ref] = d[0][0] if d else empty_value(fld)
            # the bar applies to the value: readings that mean the same ("-", "" and "#" in a total
            # cell: none) count together
            sure = d[0][1] if d else 0.0
            if fld in MARK_FIELDS and d and d[0][0] is True and parse(fld, r.text) is not NOTHING:
                # a mark read best is weighed against what a mark column can hold (a mark or nothing), not
                # against the digits the reader also saw in it (an X drawn like a crossed 7): on seed 8's
                # photos no empty cell was ever read as a mark, and every mark read below 0.9 was one
                sure = d[0][1] / max(sum(p for _v, p in d), 1e-12)   # an engine may give 0 (tesseract: no idea)
            if (fld in MARK_FIELDS and d and d[0][0] is False and STRIKE in r.text) or \
                    ((ref.startswith("footer.") or fld in STRUCK_FIGURES) and d and d[0][0] is None
                     and _strokes_alone(r.text)):
                # a stroke read best in a mark cell is a one-stroke mark as often as nothing (seed 8's 8041, seed 10's
                # 10028: a "/" for the X read "#" at 0.99 and 0.92, wrong without doubt), and in a footer cell, which
                # no keeper strikes out, a figure (11 of the 12 footer cells of seeds 7-10 read best as strokes alone;
                # 10038's others' losses "0" read "#" at 0.39, strokes at 0.85 together, a false paper error), as in a
                # game figure (STRUCK_FIGURES): only the readings of an empty cell or a dash make it surely empty
                sure = sum(p for t, p in r.candidates if t in ("", "-"))
            plausible = column_prior(ref, fld, steps)
            if fld in PRIOR_FIELDS and plausible is not None and d and d[0][0] is not None and plausible(d[0][0]):
                sure = with_prior(d, plausible)
            self.sure[ref] = sure
            self.read[ref] = d
            if r.off_photo > OFF_PHOTO:
                self.flag(ref, "photo")    # first: the cell keeps this reason (flag)
            self.plausible[ref] = plausible
            if plausible is not None:
                d = rank(d, plausible)
            self.dist[ref] = d
            if sure < reading_bar(ref, r, d, bar, empty_bar) or parse(fld, r.text) is NOTHING:
                self.flag(ref, "bar")      # below the bar, or nothing this column can hold
                if d and d[0][0] != self.value[ref]:
                    # unsure anyway: its best value is the best the column can hold ("3,00" rather than
                    # 300 EUR read without its comma), shown as chosen by the column
                    self.value[ref] = d[0][0]
                    self.by_column.add(ref)
            elif plausible is not None and not plausible(self.value[ref]) \
                    and any(plausible(v) and p >= ALT_MIN for v, p in d):
                # the best reading is no value this column can hold while the reader also saw one it can
                # (the prior ranked the candidates that the row's arithmetic may choose among); an
                # impossible value read with nothing else beside it is what is written: the auditor's finding
                self.flag(ref, "column")
            elif fld in COMMON and self.value[ref] in PLAUSIBLE[fld] and self.value[ref] not in COMMON[fld] \
                    and any(v in COMMON[fld] and p >= ALT_MIN for v, p in d):
                # a rare matador count beside a common one the reader also saw: the row's arithmetic chooses
                self.flag(ref, "rare")
        self._doubt_misread_hand()
        #: the keeper writes the Gew./Verl. counts (:data:`COUNTING_ROWS` confident counts on the list)
        self.counting = sum(1 for ref in reads if ref.startswith("g") and field_of(ref) in ("won", "lost")
                            and self.value[ref] is not None and ref not in self.doubt) >= COUNTING_ROWS

    def _doubt_misread_hand(self) -> None:
        """Several confident game-column readings that no game can hold (:data:`MISREAD_HAND`): they are
        doubtful, and so is every confident figure on the list with a digit that, changed alone, would make
        each of them possible (the hand's 2 read as a 3 in "33" and "34" puts every 3 read in doubt)."""
        impossible = [ref for ref in self.reads if ref.startswith("g") and self.sure[ref] >= self.bar
                      and field_of(ref) in PLAUSIBLE and self.value[ref] is not None
                      and self.value[ref] not in PLAUSIBLE[field_of(ref)]]
        if len(impossible) < MISREAD_HAND:
            return
        suspect = set.intersection(*(one_digit_off(self.value[ref], PLAUSIBLE[field_of(ref)]) for ref in impossible))
        for ref in self.reads:
            v = self.value[ref]
            if ref in impossible or (suspect and type(v) is int and suspect & set(str(abs(v)))):
                self.flag(ref, "hand")

    @property
    def doubt(self):
        """The cells in doubt (a view of :attr:`reason`'s keys)."""
        return self.reason.keys()

    def flag(self, ref, reason: str) -> None:
        """Put ``ref`` in doubt for ``reason`` (a cell keeps the first reason it was doubted for)."""
        self.reason.setdefault(ref, reason)

    def doubt_implied(self, ref, value, probability: float) -> None:
        """Put the confident cell ``ref`` in doubt as a group that does not add up (reason "row"), its reading kept,
        because the group implies ``value``, which the reader finds ``probability`` probable there (shown among
        the cell's candidates)."""
        self.flag(ref, "row")
        self.row_implied[ref] = (value, probability)
        self.row_alt.setdefault(ref, value)

    def get(self, ref, default=None):
        return self.value.get(ref, default)

    def with_total(self, no: int) -> list[int]:
        """The seats (1-based) whose running total in row ``no`` holds a value as the cells stand: the row's
        declarers, one where the row names one."""
        return [s for s in range(1, self.seats + 1) if self.get(cell_ref(no, "total", s)) is not None]

    def counted_outcome(self, no: int, seat: int) -> Optional[bool]:
        """The outcome seat ``seat``'s counts name for row ``no``: True won (its "Gew." holds a figure and its
        "Verl." none), False lost, None when both or neither hold one (as the cells stand)."""
        won, lost = (self.get(cell_ref(no, kind, seat)) is not None for kind in ("won", "lost"))
        return won if won != lost else None

    def changeable(self, ref) -> bool:
        """Whether the arithmetic may change ``ref``'s value: a doubtful cell, but not one :attr:`frozen` nor a
        confident one that its row put in doubt (reason "row") read at or above :data:`KEEP_BAR`."""
        return ref in self.doubt and ref in self.reads and ref not in self.frozen and (
            self.reason.get(ref) != "row" or self.sure[ref] < KEEP_BAR)

    def options(self, ref) -> list[tuple[object, float]]:
        """Values to try: the top candidates for a cell the arithmetic may change (:meth:`changeable`), and for one
        its row put in doubt the values the row implies (:attr:`implied`); its value for any other."""
        if not self.changeable(ref):
            return [(self.value.get(ref), 1.0)]
        extra = [c for c in self.dist[ref][TOP_K:] if c[0] in self.proposed.get(ref, ())]
        if self.reason.get(ref) == "row":
            tried = {v for v, _ in self.dist[ref][:TOP_K] + extra}
            extra += [c for c in self.implied.get(ref, []) if c[0] not in tried]
        return self.dist[ref][:TOP_K] + extra or [(self.value[ref], 1.0)]

    def propose(self, ref, values, *, sure: bool = False) -> None:
        """Values the arithmetic implies for the doubtful cell ``ref`` that its top readings lack: the
        reader is asked how probable each one's text is in the cell (all its CTC alignments, not only those
        its beam search kept), and those at least :data:`CHOICE_MIN` probable join the cell's candidates,
        as readings, for the arithmetic to choose among (the cell stays doubtful); one among its readings already,
        below the :data:`TOP_K` the arithmetic tries, is tried too.

        ``sure``: a confident cell of a group that agrees with nothing is asked the same; the values at least
        :data:`ASKED_MIN` probable go to :attr:`implied` only, where they can put the cell in doubt
        (`digitize.settle`, which then shows the one that did among its candidates), and become a candidate the
        arithmetic chooses among only for a cell read below :data:`KEEP_BAR` (:meth:`options`)."""
        r = self.reads.get(ref)
        if r is None or (ref in self.doubt) == sure:
            return
        known = dict(self.read[ref])
        wanted = [v for v in dict.fromkeys(values) if v is not None]
        if not sure:
            # a value read already but below the top candidates the arithmetic tries is tried too (seed 8's photo
            # 8040: a Grand "ohne 4" read "9" at 0.97, "4" its fifth reading at 0.003, left its row agreeing with
            # nothing; on seed 7's blurred photos 7033 and 7034 22 cells more right)
            further = {v for v in wanted if v in known and known[v] >= CHOICE_MIN}
            if further:
                self.proposed.setdefault(ref, set()).update(further)
        if not r.probs:
            return
        asked = list(self._asked(ref, [v for v in wanted if v not in known]).items())
        if sure:
            # a confident cell: a value among its readings already counts with the probability read
            self.implied[ref] = [(v, p) for v, p in [(v, known[v]) for v in wanted if v in known] + asked
                                 if p >= ASKED_MIN]
            return
        add = [(v, p) for v, p in asked if p >= CHOICE_MIN]
        if add:
            self.proposed.setdefault(ref, set()).update(v for v, _ in add)
            self.read[ref] = sorted(self.read[ref] + add, key=lambda vp: -vp[1])
            plausible = self.plausible.get(ref)
            self.dist[ref] = rank(self.read[ref], plausible) if plausible is not None else self.read[ref]

    def as_read(self, ref):
        """The value of ``ref`` before the arithmetic chose one (the reader's, or its column's best)."""
        return self.before_choice[ref][0] if ref in self.before_choice else self.value.get(ref)

    def _asked(self, ref, values) -> dict:
        """How probable the reader finds each of ``values`` in cell ``ref`` (all its CTC alignments, its spellings
        together: "4,-" and "4,00" mean the same); a value with no spelling, or a reader without probabilities, is
        left out."""
        r, fld = self.reads[ref], field_of(ref)
        texts = {v: ts for v in values if (ts := spellings(fld, v))}
        if r.beside:        # the box's probabilities: the amount alone, or with the signature before or after it
            texts = {v: [t for s in ts for t in (s, s + r.beside, r.beside + s)] for v, ts in texts.items()}
        if not r.probs or not texts:
            return {}
        probs = iter(text_probability(r.probs, [t for ts in texts.values() for t in ts]))
        return {v: sum(next(probs) for _ in ts) for v, ts in texts.items()}

    def probability(self, ref, value) -> float:
        """How probable the reader finds ``value`` in cell ``ref``: as read, or asked (0 when it cannot tell)."""
        known = dict(self.read[ref])
        return known[value] if value in known else self._asked(ref, [value]).get(value, 0.0)

    def confirm(self, ref):
        """The row's arithmetic agrees with the best reading and with no other: not a doubt (unless the hand is
        misread: a reader that takes every 2 for a 3 can keep a row agreeing, "371" after "271" with "+100")."""
        if ref not in self.by_arith and self.reason.get(ref) != "hand" and ref not in self.held:
            self.reason.pop(ref, None)

    def choose(self, ref, value, reason: str = "arithmetic"):
        """The arithmetic takes ``value`` for ``ref`` (doubtful for ``reason``: "arithmetic" by its whole group,
        "chain" by one relation of a group that does not add up as a whole, "sequence" by the seat's whole chain
        of totals or counts); a value the cell had before any choice is :meth:`restore`'s."""
        if ref in self.before_choice and value == self.before_choice[ref][0]:
            self.restore(ref)
        elif ref in self.reads and value != self.value.get(ref):
            self.before_choice.setdefault(ref, (self.value.get(ref), self.reason.get(ref)))
            self.value[ref] = value
            self.by_arith.add(ref)
            self.reason[ref] = reason

    def restore(self, ref):
        """Undo the arithmetic's choices for ``ref``: its value and doubt as they were before (the reader's)."""
        if ref in self.before_choice:
            self.value[ref], reason = self.before_choice.pop(ref)
            self.by_arith.discard(ref)
            if reason is None:
                self.reason.pop(ref, None)
            else:
                self.reason[ref] = reason
