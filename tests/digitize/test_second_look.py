"""The second look (digitize.pipeline.decode_reads, second_look): a cell the list's arithmetic contradicts although
the first networks read it surely, and every cell an error on paper rests on, is read again by every network, and
the list decoded again; a reading they confirm stays what was read, and the row the auditor's finding."""
import random
from dataclasses import replace

import numpy as np
import pytest

from audit.auditor import audit
from audit.model import cell_ref
from audit.simulate import seeded, simulate
from digitize.confirm import ROW_BAR
from digitize.decode import CONFIDENCE_BAR, decode
from digitize.pipeline import ASK_AGAIN, decode_reads, passed_in_doubt, second_look
from digitize.reader import CHARSET, CellResult
from tests.digitize.test_decode import perfect_reads, table_of, with_read

#: stands for one network's per-step probabilities (all on the blank: it would give no other text any chance)
STEP = np.eye(1 + len(CHARSET))[[0, 0, 0, 0]]


class FakeReader:
    """An engine whose every network would read the asked cells as ``answers`` (ref -> CellResult), and the others
    as they were read (by the networks that read them, or with ``every`` by all four); it records what it was
    asked."""

    def __init__(self, answers, every=False):
        self.answers, self.every, self.asked = answers, every, []

    def reconsider(self, crops, previous):
        self.asked.append([p.ref for p in previous])
        return [self.answers.get(p.ref)
                or CellResult(p.text, p.confidence, p.candidates, probs=(STEP,) * 4 if self.every else p.probs)
                for p in previous]


def misread_plus():
    """A list, and its readings with one game's "+" read wrong at 0.97 (the right value the runner-up)."""
    sl = simulate(random.Random(3), seats=4, early_end=False)
    game = next(g for g in sl.games if g.plus is not None and g.plus >= 20)
    ref = cell_ref(game.no, "plus")
    reads = with_read(perfect_reads(sl), ref, str(game.plus + 7), 0.97, (str(game.plus), 0.006))
    return sl, game, ref, [r if r.ref != ref else _with_probs(r, 1) for r in reads]


def _with_probs(read, networks):
    return replace(read, probs=(STEP,) * networks)


def test_a_cell_its_row_contradicts_is_read_again_and_then_settled_by_the_row():
    sl, game, ref, reads = misread_plus()
    assert "row" in ASK_AGAIN
    first = decode(reads, table_of(sl), 48)
    assert first.readings[ref].reason == "row" and first.readings[ref].value == game.plus + 7
    crops = [np.zeros((8, 8), np.uint8)] * len(reads)
    # every network asked: the wrong reading falls below the bar, the right one close behind
    doubt = CellResult(str(game.plus + 7), 0.55, ((str(game.plus + 7), 0.55), (str(game.plus), 0.40)),
                       probs=(STEP,) * 4)
    reader = FakeReader({ref: doubt})
    got, used = decode_reads(reads, crops, reader, table_of(sl), 48)
    assert reader.asked == [[ref]]                          # only the contradicted cell is asked
    r = got.readings[ref]
    assert r.value == game.plus and r.doubtful and r.chosen_by == "arithmetic"   # the row's choice, in doubt
    assert [u.text for u in used if u.ref == ref] == [str(game.plus + 7)]        # the reading as read again
    assert not [f for f in audit(got).errors if f.game == game.no and not f.doubtful]   # no paper error there


def test_a_reading_every_network_confirms_keeps_its_value():
    sl, game, ref, reads = misread_plus()
    crops = [np.zeros((8, 8), np.uint8)] * len(reads)
    sure = CellResult(str(game.plus + 7), 0.97, ((str(game.plus + 7), 0.97), (str(game.plus), 0.006)),
                      probs=(STEP,) * 4)
    got, used = decode_reads(reads, crops, FakeReader({ref: sure}), table_of(sl), 48)
    r = got.readings[ref]
    assert r.value == game.plus + 7 and r.doubtful and r.reason == "row" and r.chosen_by == "reader"
    assert got.readings == decode(used, table_of(sl), 48).readings


def test_nothing_more_to_ask_decodes_once():
    sl, game, ref, reads = misread_plus()
    crops = [np.zeros((8, 8), np.uint8)] * len(reads)
    first = decode(reads, table_of(sl), 48)
    # every network had read it already: the reader gives it back as it was, and the readings stay
    asked = [r if r.ref != ref else _with_probs(r, 4) for r in reads]
    got, used = decode_reads(asked, crops, FakeReader({}), table_of(sl), 48)
    assert used is asked and got.readings[ref] == first.readings[ref]

    class NoSecondLook:             # an engine without reconsider (the Tesseract engine)
        pass

    got, used = decode_reads(reads, crops, NoSecondLook(), table_of(sl), 48)
    assert used is reads and got.readings == first.readings
    # a list its arithmetic does not contradict is not read again
    perfect = perfect_reads(sl)
    reader = FakeReader({})
    got, used = decode_reads(perfect, crops, reader, table_of(sl), 48)
    assert reader.asked == [] and used is perfect


def test_the_decoders_two_bars_reach_every_decode():
    """``decode_reads`` decodes at the bars it is given (``bench/bench_bar.py`` chooses them so): a total read between
    the reader's bar and the confidence bar, in a row that agrees, is confirmed by its row at the reader's bar in force
    and stays a doubt with the reader's bar raised to the confidence bar (no row confirms anything then)."""
    sl = simulate(random.Random(3), seats=4, early_end=False)
    game = next(g for g in sl.games if g.no > 1 and g.plus is not None and not g.crossed_out)
    seat = next(s for s, p in enumerate(game.players, start=1) if p.total is not None)
    ref, total = cell_ref(game.no, "total", seat), game.players[seat - 1].total
    reads = with_read(perfect_reads(sl), ref, str(total), (ROW_BAR + CONFIDENCE_BAR) / 2, (str(total + 60), 0.1))
    crops = [np.zeros((8, 8), np.uint8)] * len(reads)
    got, _ = decode_reads(reads, crops, FakeReader({}), table_of(sl), 48)
    assert got.readings[ref].confirmed_by == "row" and not got.readings[ref].doubtful
    got, _ = decode_reads(reads, crops, FakeReader({}), table_of(sl), 48, row_bar=CONFIDENCE_BAR)
    assert got.readings[ref].doubtful and got.readings[ref].reason == "bar" and got.readings[ref].value == total


def test_every_cell_an_error_on_paper_rests_on_is_read_again_and_a_confirmed_error_stays():
    """A paper error read confidently: its row is read by every network first; when they read what was read,
    the auditor's finding stays (the keeper's mistake is not the reader's to fix)."""
    sl, expected = seeded(random.Random(4), "value-mismatch", 4)
    game = next(e.game for e in expected if e.code == "value-mismatch")
    reads = [_with_probs(r, 1) for r in perfect_reads(sl)]
    crops = [np.zeros((8, 8), np.uint8)] * len(reads)
    first = decode(reads, table_of(sl), 48)
    assert cell_ref(game, "plus") in second_look(first) or cell_ref(game, "minus") in second_look(first)
    assert all(ref.startswith(f"g{game}.") or ref in {c for f in audit(first).errors for c in f.cells}
               for ref in second_look(first))
    got, used = decode_reads(reads, crops, FakeReader({}, every=True), table_of(sl), 48)
    assert {(f.code, f.game) for f in audit(got).errors} == {(e.code, e.game) for e in expected}
    assert sum(len(u.probs) == 4 for u in used) == len([r for r in first.readings if r.startswith(f"g{game}.")]) \
        + len({c for f in audit(first).errors for c in f.cells if not c.startswith(f"g{game}.")})


def test_a_misreading_no_candidate_fixes_is_no_paper_error_once_every_network_has_read_it():
    """A keeper's looped "2" read "9" at 0.999 with no "2" among the readings (seed 8's photo 8013): the row agrees
    with nothing and no other reading of the cell would help, so it was a paper error without doubt. Every
    network reading the row again puts the cell in doubt between the two, and the row settles it."""
    sl = simulate(random.Random(3), seats=4, early_end=False)
    game = next(g for g in sl.games if g.mit is not None and g.mit == 2 and g.plus is not None)
    ref = cell_ref(game.no, "mit")
    reads = [r if r.ref != ref else _with_probs(r, 1) for r in with_read(perfect_reads(sl), ref, "9", 0.999)]
    crops = [np.zeros((8, 8), np.uint8)] * len(reads)
    first = decode(reads, table_of(sl), 48)
    assert any(f.game == game.no for f in audit(first).errors)        # an error on paper, as read
    assert ref in second_look(first)
    doubt = CellResult("9", 0.52, (("9", 0.52), ("2", 0.45)), probs=(STEP,) * 4)
    got, _ = decode_reads(reads, crops, FakeReader({ref: doubt}), table_of(sl), 48)
    r = got.readings[ref]
    assert r.value == 2 and r.doubtful and r.chosen_by == "arithmetic"
    assert not [f for f in audit(got).errors if f.game == game.no]


class GatedReader(FakeReader):
    """A FakeReader with a gate: ``read(crops, gate=False)`` has two networks read every crop as in ``answers``, else
    as an empty cell (crop k is k + 8 px wide, so the reader knows whose crop it was given)."""

    gate_thresholds = {"": 0.96, "-": 0.98}

    def __init__(self, answers, reads):
        super().__init__(answers)
        self.reads, self.read_asked = reads, []

    def read(self, crops, boxes=None, *, gate=True, heads=None):
        assert gate is False
        refs = [self.reads[c.shape[1] - 8].ref for c in crops]
        assert heads == [ref.startswith("table.") for ref in refs]
        self.read_asked.append(refs)
        return [self.answers.get(ref) or CellResult("", 0.99, (("", 0.99),), probs=(STEP,) * 2) for ref in refs]


@pytest.mark.parametrize("gated", ["", "-"])
def test_cells_the_gate_passed_that_the_list_doubts_are_read_by_the_networks_first(gated):
    """A cell the gate passed (as empty, or as a lone dash) has no per-step probabilities, so the arithmetic cannot
    ask the networks how probable a value it implies is there (a faint "1" the gate passed and the networks half
    see). Where the decoded list doubts such a cell (here a game's "mit" count, read empty or "-" where the row needs
    one), the networks read it before the list is decoded again and the second look is taken; a reader without a
    gate is not asked."""
    sl = simulate(random.Random(3), seats=4, early_end=False)
    game = next(g for g in sl.games if g.mit == 1 and g.plus is not None)
    ref = cell_ref(game.no, "mit")
    reads = [_with_probs(r, 1) if r.text and r.ref != ref else r
             for r in with_read(perfect_reads(sl), ref, gated, 0.99)]
    first = decode(reads, table_of(sl), 48)
    assert first.readings[ref].doubtful
    passed = passed_in_doubt(first, reads)
    want = [k for k, r in enumerate(reads) if not r.probs and first.readings[r.ref].doubtful
            and not r.ref.startswith("signature.")]
    assert passed == want and ref in [reads[k].ref for k in passed]
    assert all(not reads[k].probs and reads[k].text in ("", "-") for k in passed)
    crops = [np.zeros((8, 8 + k), np.uint8) for k in range(len(reads))]
    # the networks half see a "1": 0.1 at one step, the blank everywhere else
    faint = np.array(STEP)
    faint[1, 0], faint[1, 1 + CHARSET.index("1")] = 0.9, 0.1
    half_seen = CellResult("", 0.9, (("", 0.9), ("1", 0.1)), probs=(faint, faint))
    reader = GatedReader({ref: half_seen}, reads)
    got, used = decode_reads(reads, crops, reader, table_of(sl), 48)
    assert reader.read_asked[0] == [reads[k].ref for k in passed]
    assert all(len(used[k].probs) >= 2 for k in passed)                  # read by the networks
    r = got.readings[ref]
    assert r.value == 1 and r.doubtful and r.chosen_by == "arithmetic"  # the row's choice, shown in doubt
    # nothing in doubt: nothing read past the gate
    perfect = [r if not r.text else _with_probs(r, 1) for r in perfect_reads(sl)]
    assert passed_in_doubt(decode(perfect, table_of(sl), 48), perfect) == []
    # an engine without a gate is never asked to read past one
    plain = FakeReader({})
    got_plain, used_plain = decode_reads(reads, crops, plain, table_of(sl), 48)
    assert not any(used_plain[k].probs for k in passed if used_plain[k].ref not in
                   {x for asked in plain.asked for x in asked})


class ContextReader(FakeReader):
    """A FakeReader with a context network, which reads every cell it is asked as ``seen`` (ref -> text) at 0.99,
    beside the probabilities it had; it records the refs and crops it was given, and which of its opinions the
    pipeline lets it weigh up."""

    context_meta = {"reads": "the cells still in doubt, with their neighbours"}

    def __init__(self, answers, seen):
        super().__init__(answers)
        self.seen, self.context_asked, self.weighed = seen, [], []

    def read_context(self, crops, previous, weigh=None):
        self.context_asked.append(([p.ref for p in previous], list(crops)))
        self.weighed.append(list(weigh))
        return [CellResult(self.seen[p.ref], 0.99, ((self.seen[p.ref], 0.99),), probs=tuple(p.probs) + (STEP,))
                for p in previous]


def test_the_cells_still_in_doubt_are_read_with_their_neighbours_around_them():
    """After the second look, the game-row and footer cells the list still doubts are read by the reader's context
    network from crops with their neighbours around them (a figure written over the cell's line, which the crop as
    cut shows in part), and the readings decoded again. The table head (networks of its own) is not asked, nor are
    the cells read surely; without the context crops, or with a reader without a context network, nothing is."""
    sl = simulate(random.Random(3), seats=4, early_end=False)
    game = next(g for g in sl.games if g.plus is not None and g.plus >= 20)
    ref, head = cell_ref(game.no, "plus"), "table.start_number.1"
    reads = with_read(perfect_reads(sl), ref, "", 0.6, (str(game.plus), 0.3))
    reads = with_read(reads, head, "17", 0.5, ("11", 0.3))
    reads = [_with_probs(r, 4) if r.ref in (ref, head) else r for r in reads]
    crops = [np.zeros((8, 8), np.uint8)] * len(reads)
    cut = []

    def context(refs):
        cut.append(list(refs))
        return [np.full((12, 16), k, np.uint8) for k in range(len(refs))]

    reader = ContextReader({}, {ref: str(game.plus)})
    before, _ = decode_reads(reads, crops, reader, table_of(sl), 48)      # no context crops: nothing asked
    assert reader.context_asked == [] and before.readings[ref].doubtful and before.readings[head].doubtful
    got, used = decode_reads(reads, crops, reader, table_of(sl), 48, context=context)
    assert cut == [[ref]] and [refs for refs, _ in reader.context_asked] == [[ref]]
    assert reader.weighed == [[True]]                   # a game row's cell: its sure opinion may be weighed up
    assert np.array_equal(reader.context_asked[0][1][0], context([ref])[0])     # the crops the function cut
    r = got.readings[ref]
    assert r.value == game.plus and not r.doubtful
    assert [len(u.probs) for u in used if u.ref == ref] == [5]                  # its probabilities kept beside
    assert got.readings[head].doubtful and got.readings[head].value == 17
    assert got.readings == decode(used, table_of(sl), 48).readings
    plain = FakeReader({})                                                      # no context network
    got, used = decode_reads(reads, crops, plain, table_of(sl), 48, context=context)
    assert len(cut) == 2 and got.readings[ref].doubtful
