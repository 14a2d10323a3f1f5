"""A seat's running totals and counts as whole chains (digitize.chains): the Viterbi search, and the decoder's use of
it on a total misread in doubt that the rows after it had followed."""
import itertools
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from audit.auditor import audit
from audit.model import cell_ref
from audit.simulate import simulate
import digitize.chains as chains_module
import digitize.decode as decode_module
from digitize.chains import BREAK, Link, best_path, path_score
from digitize.cell_values import CellRead
from digitize.decode import decode

from tests.digitize.test_decode import (_carried_on, _misread_total, _next_total, _previous_total, _probs_for,
                                        perfect_reads, table_of, with_read)


def chain(*steps):
    """Links of a running total: (options, delta[, required]) each; delta None tests nothing."""
    links = []
    for i, (options, delta, *required) in enumerate(steps):
        link = Link(f"g{i + 1}.p1.total", (lambda prev: None) if delta is None else (lambda prev, d=delta: {prev + d}),
                    required=bool(required and required[0]))
        link.options = options
        links.append(link)
    return links


def test_a_misreading_followed_by_its_rows_is_undone_by_the_rows_after_them():
    """The cascade seen on a benchmark photo (seed 7): 593 sure, then 639 read "839" at 0.63 (639 its fifth
    reading), and the totals after it, 687, 720, 750, read at 0.06, 0.65 and 0.27; row by row the decoder took
    839, 887, 920, 950. The whole chain takes the truth."""
    links = chain(([(593, 1.0)], None),
                  ([(839, 0.626), (834, 0.198), (859, 0.050), (639, 0.012)], 46),
                  ([(587, 0.104), (887, 0.057), (687, 0.055)], 48),
                  ([(720, 0.654), (1720, 0.153), (920, 0.0011)], 33),
                  ([(750, 0.274), (350, 0.213), (950, 0.0052)], 30))
    path, score = best_path(0, links)
    assert path == [593, 639, 687, 720, 750]
    assert score == pytest.approx(path_score(0, links, path))
    assert score > path_score(0, links, [593, 839, 887, 920, 950])


def test_a_sure_figure_is_what_the_chain_continues_from():
    """A total read surely that breaks the chain (the keeper's slip, carried on as keepers do) is not undone: the
    unsure total after it follows it, not the figure before it."""
    links = chain(([(100, 1.0)], None), ([(250, 1.0)], 50), ([(180, 0.4), (280, 0.3)], 30))
    path, score = best_path(0, links)
    assert path == [100, 250, 280]
    assert score == pytest.approx(math.log(0.3) + math.log(BREAK))


def test_an_unwritten_count_passes_the_chain_on():
    links = [Link(f"g{i}.p1.won", lambda prev: {prev + 1}) for i in range(1, 5)]
    for link, options in zip(links, ([(1, 1.0)], [(None, 1.0)], [(2, 0.3), (3, 0.6)], [(3, 0.4), (9, 0.5)])):
        link.options = options
    assert best_path(0, links)[0] == [1, None, 2, 3]


def test_an_empty_declarers_total_breaks_the_chain():
    """Seed 8's photo 8013: seat 1's total after "+60" read empty at 0.27 (277, the truth, at 0.17), then a sure
    "937" for 237 after "-40", then 259 after "+22". Left empty for free, the empty cell passes 217 on and wins
    (two links broken either way); a declarer's total must be written, so empty it breaks the chain too, and 277
    is taken."""
    def links(required):
        steps = [Link("g15.p1.total", lambda prev: None), Link("g16.p1.total", lambda prev: {prev + 60}, required),
                 Link("g21.p1.total", lambda prev: {prev - 40}), Link("g22.p1.total", lambda prev: {prev + 22})]
        for link, options in zip(steps, ([(217, 1.0)], [(None, 0.27), (77, 0.23), (277, 0.17)], [(937, 1.0)],
                                         [(259, 0.7), (159, 0.11)])):
            link.options = options
        return steps
    assert best_path(0, links(False))[0] == [217, None, 937, 259]
    path, score = best_path(0, links(True))
    assert path == [217, 277, 937, 259]
    assert score == pytest.approx(math.log(0.17 * 0.7) + 2 * math.log(BREAK))


def test_a_row_with_no_total_read_links_the_counted_seats_total():
    """A won game whose declarer's total is read empty (below the bar, the written total the third reading) and whose
    count is read: the counted seat declared, its total cell joins its chain, and the chain takes the total (in
    doubt, for the reason "sequence"). Row by row nothing takes it: no total, no declarer."""
    sl = simulate(random.Random(5), seats=3)
    rows = [g for g in sl.games if not g.crossed_out and g.players[0].total is not None and g.plus is not None]
    written = rows[2].players[0].total
    ref = cell_ref(rows[2].no, "total", 1)
    reads = with_read(perfect_reads(sl), ref, "", 0.3, (str(written + 10), 0.25), (str(written), 0.2))
    r = decode(reads, table_of(sl), 36).readings[ref]
    assert (r.value, r.doubtful, r.chosen_by, r.reason) == (written, True, "arithmetic", "sequence")


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.lists(st.tuples(st.one_of(st.none(), st.integers(-3, 6)), st.floats(0.001, 1.0)),
                                   min_size=1, max_size=3, unique_by=lambda vp: vp[0]),
                          st.one_of(st.none(), st.integers(-2, 3)), st.booleans()), min_size=1, max_size=5))
def test_the_path_found_is_the_most_probable(steps):
    """Against all assignments tried one by one (an empty value, a count not written, passes the value before it on;
    on a required link it breaks the chain)."""
    links = chain(*steps)
    path, score = best_path(0, links)
    best = max(path_score(0, links, list(values)) for values in itertools.product(*(dict(o) for o, *_ in steps)))
    assert score == pytest.approx(best)
    assert path_score(0, links, path) == pytest.approx(score)


def _cascade():
    """A 4-seat list with a seat's total misread in doubt ("+200", the truth its fifth reading, too faint for its own
    row to take: less than settle.MIN_RELATIVE of the reading) and the seat's next three totals read unsure, each
    with the reading that continues the misreading among its candidates."""
    sl = simulate(random.Random(11), seats=4, early_end=False)
    for seat in range(1, 5):
        rows = [g for g in sl.games if not g.crossed_out and g.players[seat - 1].total is not None
                and (g.plus is not None or g.minus is not None)]
        if len(rows) >= 6:
            break
    rows = rows[1:5]
    right = [g.players[seat - 1].total for g in rows]
    wrong = [t + 200 for t in right]
    refs = [cell_ref(g.no, "total", seat) for g in rows]
    reads = with_read(perfect_reads(sl), refs[0], str(wrong[0]), 0.6, (str(wrong[0] + 5), 0.2),
                      (str(wrong[0] + 10), 0.05), (str(wrong[0] + 15), 0.03), (str(right[0]), 0.0003))
    reads = with_read(reads, refs[1], str(right[1] + 100), 0.1, (str(wrong[1]), 0.057), (str(right[1]), 0.055))
    reads = with_read(reads, refs[2], str(right[2]), 0.65, (str(wrong[2]), 0.001))
    reads = with_read(reads, refs[3], str(right[3]), 0.27, (str(wrong[3]), 0.005))
    return sl, refs, right, wrong, reads


def test_the_decoder_settles_a_seats_totals_as_one_chain(monkeypatch):
    sl, refs, right, wrong, reads = _cascade()
    with monkeypatch.context() as m:       # row by row (before): the misreading carried on
        m.setattr(decode_module, "settle_seat_chains", lambda *args: None)
        before = decode(reads, table_of(sl), 48)
    assert [before.readings[r].value for r in refs] == wrong
    got = decode(reads, table_of(sl), 48)
    assert [got.readings[r].value for r in refs] == right
    assert all(got.readings[r].doubtful for r in refs)
    # the misread total took a candidate: the arithmetic's, for the whole chain; the others are the reader's own
    assert (got.readings[refs[0]].chosen_by, got.readings[refs[0]].reason) == ("arithmetic", "sequence")
    assert [(got.readings[r].chosen_by, got.readings[r].reason) for r in refs[2:]] == [("reader", "bar")] * 2
    # the list as written is clean: no running total is reported, as an error or a doubtful one
    assert not [f for f in audit(got).findings if f.code == "running-total"]
    assert any(f.code == "running-total" for f in audit(before).findings)
    told = [f for f in audit(got).doubts if f.cells == (refs[0],)]
    assert [f.key for f in told] == ["unreadable.sequence"]
    assert "fits this player's running totals (or counts) before and after it best" in told[0].message("en")


def test_a_sure_figure_that_breaks_its_chain_on_both_sides_is_doubted_not_changed(monkeypatch):
    """A total misread surely (one digit, at 0.99) between figures that agree with the written one: its reading stays
    (the paper may be wrong: the auditor's finding, now in doubt), but it is doubtful and the value that mends both
    links is shown among its candidates, when the reader gives that value more than BREAK² times its reading, even
    below ASKED_MIN (the row alone would not doubt it). Far less probable, it is what was written: an error on paper.
    A keeper's slip carried on (the next total follows it) is no such break: the seeded lists of every kind read
    perfectly raise no doubt (test_decode's every-kind test)."""
    sl, ref, written, wrong = _misread_total()
    for q, doubted in ((1e-6, True), (1e-9, False)):
        reads = [r if r.ref != ref else CellRead(ref, wrong, 0.99, ((wrong, 0.99),),
                                                 probs=_probs_for(wrong, len(wrong) - 2, written[-2], q))
                 for r in perfect_reads(sl)]
        got = decode(reads, table_of(sl), 36)
        r = got.readings[ref]
        assert r.value == int(wrong) and r.chosen_by == "reader" and r.doubtful == doubted
        assert (int(written) in [v for v, _ in r.candidates]) == doubted
        # its row's (the next row's total, which the correction gives, is no error: test_chained_figures)
        totals = [f for f in audit(got).findings if f.code == "running-total"]
        assert len(totals) == 1 and all(f.doubtful == doubted for f in totals)
        if doubted:
            assert r.reason == "row"
            with monkeypatch.context() as m:      # the row alone: the reader gives the row's value below ASKED_MIN
                m.setattr(chains_module, "_doubt_breaks", lambda *args: None)
                assert not decode(reads, table_of(sl), 36).readings[ref].doubtful
    # a count the same way: the 4th win's "4" read "9" surely, the counts before and after it 3 and 5
    sl = simulate(random.Random(11), seats=4, early_end=False)
    game, seat = next((g, s) for g in sl.games if g.no >= 10 and g.plus is not None
                      for s, p in enumerate(g.players, start=1) if p.won is not None and 1 < p.won < 9
                      and any(h.no > g.no and h.players[s - 1].won is not None for h in sl.games))
    ref, want = cell_ref(game.no, "won", seat), game.players[seat - 1].won
    reads = [r if r.ref != ref else CellRead(ref, "9", 0.99, (("9", 0.99),), probs=_probs_for("9", 0, str(want), 1e-6))
             for r in perfect_reads(sl)]
    r = decode(reads, table_of(sl), 48).readings[ref]
    assert r.value == 9 and r.doubtful and r.reason == "row" and want in [v for v, _ in r.candidates]


def test_a_doubt_its_row_raised_is_answered_by_the_seat_carrying_on_from_the_figure_read(monkeypatch):
    """A keeper's slip in a running total, carried on (seed 8's 8003: "264" read at 0.90, "24" beside it at 0.08,
    which would make its row agree): the row alone doubts the figure, but the seat's next total, read surely, follows
    it and not the runner-up, so the figure is taken as read, out of doubt, and the running total is an error on
    paper. With the next total read unsure the doubt stays."""
    sl, ref, written, wrong = _misread_total()
    after = _next_total(sl, ref)
    reads = with_read(_carried_on(sl, ref, wrong, perfect_reads(sl)), ref, wrong, 0.9, (written, 0.08))
    got = decode(reads, table_of(sl), 36)
    r = got.readings[ref]
    assert (r.value, r.doubtful, r.chosen_by) == (int(wrong), False, "reader")
    totals = [f for f in audit(got).findings if f.code == "running-total" and ref in f.cells]
    assert totals and not any(f.doubtful for f in totals)
    with monkeypatch.context() as m:        # the row's doubt as it was raised
        m.setattr(chains_module, "_carried_on", lambda *args: None)
        assert decode(reads, table_of(sl), 36).readings[ref].reason == "row"
    unsure = [x if x.ref != after else CellRead(after, x.text, 0.7, ((x.text, 0.7),)) for x in reads]
    r = decode(unsure, table_of(sl), 36).readings[ref]
    assert (r.value, r.doubtful, r.reason) == (int(wrong), True, "row")
    # nor with the figure before it unsure: its link may break for a misreading there, not for a slip here (the
    # sample skatscan-4-errors: a count written on the line to "Verl." and read there left the next "Gew." count
    # one too high, which the keeper had not slipped on)
    before = _previous_total(sl, ref)
    unsure = [x if x.ref != before else CellRead(before, x.text, 0.7, ((x.text, 0.7),)) for x in reads]
    r = decode(unsure, table_of(sl), 36).readings[ref]
    assert (r.value, r.doubtful, r.reason) == (int(wrong), True, "row")


def test_a_count_read_empty_where_its_row_needs_one_takes_the_chains_figure_when_the_reader_saw_it():
    """A count read empty surely in a played row is in doubt (`missing`), as a confident cell doubted by a column
    rule is, and the arithmetic may change such a cell: the seat's chain takes the count that mends the links on
    both sides when the reader gives it at least CHOICE_MIN (a "7" written above its cell, seed 7's photo 7031),
    chosen in doubt: the declarer's count left empty breaks the chain as the link after it does (until session 32
    it passed the chain on, and the figure had to be more than BREAK times as probable as the empty reading). A
    count truly left out (the reader sees no figure there) stays empty, in doubt, and so does one that would mend
    nothing (the next count carries on from the one before)."""
    sl = simulate(random.Random(11), seats=4, early_end=False)
    game, seat = next((g, s) for g in sl.games if g.no >= 10 and g.plus is not None
                      for s, p in enumerate(g.players, start=1) if p.won is not None and 1 < p.won < 9
                      and any(h.no > g.no and h.players[s - 1].won is not None for h in sl.games))
    ref, want = cell_ref(game.no, "won", seat), game.players[seat - 1].won
    for seen in (3e-4, 3e-6, None):
        reads = with_read(perfect_reads(sl), ref, "", 0.97, *([(str(want), seen)] if seen else []))
        r = decode(reads, table_of(sl), 48).readings[ref]
        assert r.doubtful and (r.value, r.chosen_by, r.reason) == \
            ((want, "arithmetic", "sequence") if seen else (None, "reader", "missing"))
        assert want in [v for v, _ in r.candidates]       # read, or shown as the value its row implies
    # the keeper's slip: the 4th win left out and the counts going on 3, 4 (the rows after read so): nothing mended
    later = [h for h in sl.games if h.no > game.no and h.players[seat - 1].won is not None]
    reads = with_read(perfect_reads(sl), ref, "", 0.97, (str(want), 3e-4))
    for h in later:
        reads = with_read(reads, cell_ref(h.no, "won", seat), str(h.players[seat - 1].won - 1), 0.99)
    r = decode(reads, table_of(sl), 48).readings[ref]
    assert (r.value, r.reason) == (None, "missing")


def test_an_empty_declarers_count_breaks_its_chain_on_a_list_that_keeps_the_counts():
    """Seed 9's photo 9036: seat 1's "Verl." 2 read empty at 0.99 ("2" at 3e-4), the next "Verl." 3 read at 0.89 (below
    KEEP_BAR, so its row's doubt is the arithmetic's to settle, "2" its runner-up). Had the empty count passed the
    chain on free, the chain would have kept it empty and taken the 3 for a 2; a declarer's count left empty breaks
    the chain as his total does, so the chain takes the 2 the reader saw in the empty cell and keeps the 3."""
    sl = simulate(random.Random(11), seats=4, early_end=False)
    seat = 1
    wins = [g for g in sl.games if g.players[seat - 1].won is not None]
    assert len(wins) >= 3
    ref, after = (cell_ref(g.no, "won", seat) for g in wins[-2:])       # the seat's last two wins, the footer unread
    want = wins[-2].players[seat - 1].won
    reads = with_read(perfect_reads(sl), ref, "", 0.97, (str(want), 3e-4))
    reads = with_read(reads, after, str(want + 1), 0.89, (str(want), 0.01))
    reads = with_read(reads, f"footer.won.{seat}", "", 0.6)
    got = decode(reads, table_of(sl), 48)
    r, a = got.readings[ref], got.readings[after]
    assert (r.value, r.chosen_by, r.reason) == (want, "arithmetic", "sequence")
    assert (a.value, a.chosen_by) == (want + 1, "reader")


def test_the_rows_are_settled_again_with_the_chains_totals(monkeypatch):
    """A total misread one Grundwert too high (the truth its fifth reading, too faint for its own row), and the "+"
    and the matadors of the seat's next game read in doubt, their runner-ups one Grundwert and one matador short: row
    by row, that row took the runner-ups, which fit the misread total. The seat's chain sets the total right (the
    figures before it break otherwise), and the row settled again with it takes the "+" the reader read best (the
    reader's again, still in doubt)."""
    sl = simulate(random.Random(11), seats=4, early_end=False)
    seat, rows = next((s, rows) for s in range(1, 5)
                      for rows in [[g for g in sl.games if not g.crossed_out and g.players[s - 1].total is not None
                                    and (g.plus is not None or g.minus is not None)]]
                      if len(rows) >= 4 and rows[2].plus is not None and rows[2].base in (9, 10, 11, 12)
                      and (rows[2].mit or rows[2].ohne or 0) >= 2)
    first, second = rows[1], rows[2]
    ref, right = cell_ref(first.no, "total", seat), first.players[seat - 1].total
    wrong = right + second.base
    plus, total = cell_ref(second.no, "plus"), cell_ref(second.no, "total", seat)
    reads = with_read(perfect_reads(sl), ref, str(wrong), 0.6, (str(wrong + 5), 0.2), (str(wrong + 7), 0.05),
                      (str(wrong + 9), 0.03), (str(right), 0.0003))
    reads = with_read(reads, plus, str(second.plus), 0.45, (str(second.plus - second.base), 0.4))
    matadors = cell_ref(second.no, "mit" if second.mit else "ohne")
    count = second.mit or second.ohne
    reads = with_read(reads, matadors, str(count), 0.45, (str(count - 1), 0.4))
    reads = with_read(reads, total, str(second.players[seat - 1].total), 0.7)
    with monkeypatch.context() as m:
        m.setattr(decode_module, "_settle_rows_again", lambda *args: None)
        once = decode(reads, table_of(sl), 48).readings
    assert once[ref].value == right and once[plus].value == second.plus - second.base
    assert once[matadors].value == count - 1
    got = decode(reads, table_of(sl), 48).readings
    assert got[ref].value == right and got[ref].reason == "sequence"
    assert got[plus].value == second.plus and got[plus].chosen_by == "reader" and got[plus].doubtful
    assert got[matadors].value == count and got[matadors].chosen_by == "reader" and got[matadors].doubtful


def test_a_sure_figure_that_breaks_the_link_after_it_after_a_doubt_is_doubted_where_one_value_mends_both():
    """Seed 10's photo 10000: a total -210 read "-20" at 0.94 after a total 174 read in doubt ("14" its runner-up,
    which holds with -20 through the row's "-384" read "34"), the next total -187 (+23) following -210. The figure is
    put in doubt, its reading kept and -210 shown, where -210 mends the link after it and holds with one of the doubtful
    figure's readings before it, and the reader gives it more than BREAK times its reading; its row agreeing (with the
    doubtful figure before it) does not answer that doubt, nor one its row had raised already. Not where the figure
    before it is sure, nor where no reading of it holds with the mending value, nor where the reader does not see
    that value (a keeper's slip written clearly)."""
    from digitize.doubts import Cells

    def cells_for(before, this, doubted_by_row=False):
        reads = {"g1.p1.total": CellRead("g1.p1.total", before[0][0], before[0][1], before),
                 "g2.p1.total": CellRead("g2.p1.total", this[0][0], this[0][1], this),
                 "g3.p1.total": CellRead("g3.p1.total", "-187", 0.99, (("-187", 0.99),))}
        cells = Cells(reads, 0.85, seats=3)
        if doubted_by_row:
            cells.flag("g2.p1.total", "row")
        links = [Link("g1.p1.total", lambda prev: None), Link("g2.p1.total", lambda prev: {prev - 34, prev - 384}),
                 Link("g3.p1.total", lambda prev: {prev + 23})]
        chains_module._doubt_next_breaks(cells, links)
        return cells

    misread = (("-20", 0.94), ("-210", 0.03))
    for by_row in (False, True):
        cells = cells_for((("174", 0.5), ("14", 0.4)), misread, by_row)
        assert cells.reason.get("g2.p1.total") == "row" and cells.get("g2.p1.total") == -20
        assert cells.row_implied.get("g2.p1.total") == (None if by_row else (-210, 0.03))
        cells.confirm("g2.p1.total")
        assert cells.reason.get("g2.p1.total") == "row"
    assert "g2.p1.total" not in cells_for((("174", 0.99),), misread).doubt            # the figure before it sure
    assert "g2.p1.total" not in cells_for((("14", 0.5), ("17", 0.4)), misread).doubt  # no reading holds with -210
    assert "g2.p1.total" not in cells_for((("174", 0.5), ("14", 0.4)), (("-20", 0.99),)).doubt  # -210 not seen
    answered = cells_for((("174", 0.99),), misread, doubted_by_row=True)    # a row doubt the rule does not hold
    answered.confirm("g2.p1.total")
    assert "g2.p1.total" not in answered.doubt


def test_a_row_whose_value_is_not_read_moves_its_total_by_the_game_its_columns_give():
    """Seed 10's photo 10017: a row's "+33" read as strokes (no value), its total "612" read "62", the totals after it
    read in doubt. The seat's chain tested nothing at such a row, so it took there whatever kept the figures after it
    agreeing (602, then 622 for the next total and the footer's 632). Now the total moves by the game its columns give
    (Grundwert 11 "mit 2": 33), won as the declarer's "Gew." count says, and the chain takes the written figures. Here:
    33 (+33), then a row with its "+" unread and its total 66 read "36" (66 at 0.05), then +20 to 86 read "56" (86 at
    0.3), the footer's points 86 read "56" (86 at 0.4)."""
    from audit.model import MARK_FIELDS
    from digitize.doubts import Cells

    def read(ref, *cands):
        return CellRead(ref, cands[0][0], cands[0][1], cands)

    reads = [read("g1.base", ("11", 0.99)), read("g1.mit", ("2", 0.99)), read("g1.plus", ("33", 0.99)),
             read("g1.p1.total", ("33", 0.99)), read("g1.p1.won", ("1", 0.99)),
             read("g2.base", ("11", 0.99)), read("g2.mit", ("2", 0.99)), read("g2.plus", ("#", 0.6), ("", 0.2)),
             read("g2.p1.total", ("36", 0.3), ("3", 0.2), ("66", 0.05)), read("g2.p1.won", ("2", 0.99)),
             read("g3.base", ("10", 0.99)), read("g3.mit", ("1", 0.99)), read("g3.plus", ("20", 0.99)),
             read("g3.p1.total", ("56", 0.5), ("86", 0.3)), read("g3.p1.won", ("3", 0.99)),
             read("footer.points.1", ("56", 0.5), ("86", 0.4))]
    cells = Cells({r.ref: r for r in reads}, 0.85, seats=3)
    value = (lambda no, get: decode_module._value_or_none(*(get(cell_ref(no, f)) for f in ("base", "mit", "ohne")),
                                                          **{m: bool(get(cell_ref(no, m))) for m in MARK_FIELDS}))
    chains_module.settle_seat_chains(cells, 3, [1, 2, 3], value)
    assert [cells.get(r) for r in ("g2.p1.total", "g3.p1.total", "footer.points.1")] == [66, 86, 86]
    assert all(cells.reason.get(r) == "sequence" for r in ("g2.p1.total", "g3.p1.total", "footer.points.1"))
    # lost as the count says: a "Verl." count read in that row instead makes the total fall by twice the game
    lost = [r if r.ref != "g2.p1.won" else read("g2.p1.lost", ("1", 0.99)) for r in reads]
    lost = [r if r.ref != "g2.p1.total" else read("g2.p1.total", ("-36", 0.3), ("-33", 0.05)) for r in lost]
    lost = [r if not r.ref.startswith(("g3.p1.total", "footer")) else
            read(r.ref, ("-16", 0.5), ("-13", 0.3 if r.ref.startswith("g3") else 0.4))
            for r in lost]
    cells = Cells({r.ref: r for r in lost}, 0.85, seats=3)
    chains_module.settle_seat_chains(cells, 3, [1, 2, 3], value)
    assert [cells.get(r) for r in ("g2.p1.total", "g3.p1.total", "footer.points.1")] == [-33, -13, -13]
