"""A finding told as an error on paper rests on no cell read in doubt: whatever the referee reads there, it stays.
Each test is a list where a finding rested on a doubtful cell its cells did not name (found by the property test in
test_doubt_properties), and what the referee's reading there would have made of it."""
from dataclasses import replace

from audit import rows_in_doubt
from audit.auditor import audit, run_checks
from audit.model import Abandoned, CellReading, Footer, Game, Penalty, SeatCells
from audit.settings import Settings

from .builders import make_list, row
from .doubtful_lists import doubtful_list, lost_sure_findings, settled


def _found(a, code):
    return [(f.game, f.seat, f.key, f.doubtful) for f in a.findings if f.code == code]


def _unsure(value, *others):
    """A reading in doubt: ``value`` shown, ``others`` the reader's other candidates."""
    cands = ((value, 0.5),) + tuple((v, 0.4 / len(others)) for v in others)
    return CellReading(value, 0.5, cands, doubtful=True, reason="bar")


def _read(sl, **cells):
    """``sl`` with ``cells`` (g2_p1_total: g2.p1.total) read so."""
    return replace(sl, readings={ref.replace("_", "."): r for ref, r in cells.items()})


def test_counts_kept_only_by_a_count_read_in_doubt_make_every_missing_count_a_doubt():
    """A list without counts where the reader saw a "1" in one Gew. cell, in doubt whether it is ink: the list keeps
    counts only if it is one, so "count missing" in every other row is the doubt's to tell (before, sure errors:
    the referee who reads the cell empty was left with errors on paper that are none)."""
    rows = [row(1, 3, 1, total=24, base=12, mit=1, plus=24), row(2, 3, 2, total=24, won=1, base=12, mit=1, plus=24),
            row(3, 3, 3, total=36, base=12, mit=2, plus=36)]
    sl = _read(make_list(rows, games=3, signatures=None), g2_p2_won=_unsure(1, None))
    assert _found(audit(sl), "counter") == [(1, 1, "counter.missing", True), (3, 3, "counter.missing", True)]
    # read empty, the list keeps no counts: no finding; a count read surely keeps them: sure findings
    assert _found(audit(replace(sl, readings={})), "counter") == [
        (1, 1, "counter.missing", False), (3, 3, "counter.missing", False)]


def test_a_penalty_read_in_doubt_is_in_the_chain_of_the_total_and_the_footer_after_it():
    """Seat 1's penalty points read in doubt, -3 or -8: after game 1, his total 40 at game 2 (24 - 8 + 24) is a slip
    only if the paper says -3 (45); after game 2, so is his footer's 40 (48 - 8). Before, both were sure errors: a
    penalty's cell was in no seat's chain."""
    rows = [row(1, 3, 1, total=24, base=12, mit=1, plus=24), row(2, 3, 1, total=40, base=12, mit=1, plus=24)]
    penalty = Penalty(after=1, seat=1, offence="minor", points=(-3, 1, 1))
    sl = replace(make_list(rows, games=2, signatures=None, kind="home"), penalties=(penalty,))
    sl = _read(sl, penalty_1_points_1=_unsure(-3, -8))
    a = audit(sl)
    assert _found(a, "running-total") == [(2, 1, "total.wrong", True)]
    assert "penalty.1.points.1" in next(f for f in a.findings if f.code == "running-total").cells
    assert _found(audit(replace(sl, readings={})), "running-total") == [(2, 1, "total.wrong", False)]
    # a total written higher is corrected to the one the penalty as read gives (24 - 3 + 24): provisionally, the
    # doubt is in his chain (:func:`audit.correct.chain_doubts`)
    high = replace(sl, games=(rows[0], replace(rows[1], players=(SeatCells(total=50), SeatCells(), SeatCells())),
                              *sl.games[2:]))
    assert [(c.cell, c.after, c.provisional) for c in audit(high).corrected.corrections if c.game] == [
        ("g2.p1.total", 45, True)]
    # the penalty after the last game: the footer's points and score
    rows[1] = replace(rows[1], players=(SeatCells(total=48), SeatCells(), SeatCells()))
    footer = _footer(points=(40, 1, 1), won=(2, 0, 0), bonus=(100, 0, 0), score=(140, 1, 1))
    sl = replace(make_list(rows, games=2, signatures=None, kind="home", footer=footer),
                 penalties=(replace(penalty, after=2),), readings=sl.readings)
    assert [(f.field, f.doubtful) for f in audit(sl).findings if f.code == "footer"] == [
        ("points", True), ("score", True)]
    assert [(f.field, f.doubtful) for f in audit(replace(sl, readings={})).findings if f.code == "footer"] == [
        ("points", False), ("score", False)]


def test_a_seats_total_read_empty_in_doubt_may_make_him_the_player_of_a_row_and_change_his_footer():
    """Game 2 has a "-" and no seat's figures, seat 2's total read empty in doubt (or -72): his footer's Verl. 1
    (and the bonus, the others' losses, the scores) is wrong only if the cell is empty. Before, sure errors: the rows
    a seat declared named no cell of a row nobody declared."""
    rows = [row(1, 3, 1, total=24, base=12, mit=1, plus=24), row(2, 3, None, base=12, mit=2, minus=72)]
    footer = _footer(points=(24, -72, 0), won=(1, 0, 0), lost=(0, 1, 0), bonus=(50, -50, 0), others_lost=(40, 0, 40),
                     score=(114, -122, 40))
    sl = _read(make_list(rows, games=2, signatures=None, footer=footer), g2_p2_total=_unsure(None, -72))
    lines = ("lost", "bonus", "others_lost", "score")

    def footer_lines(a):
        return [(f.seat, f.field, f.doubtful) for f in a.findings if f.code == "footer" and f.field in lines]
    assert footer_lines(audit(sl)) == [(2, "lost", True), (2, "bonus", True), (1, "others_lost", True),
                                       (3, "others_lost", True), (1, "score", True), (2, "score", True),
                                       (3, "score", True)]
    assert {d for _, _, d in footer_lines(audit(replace(sl, readings={})))} == {False}


def test_another_seats_cell_read_empty_in_doubt_makes_the_declarers_total_finding_a_doubt():
    """Seat 1's total at game 2 is a slip (58 for 48), seat 2's total there read empty in doubt (or 24): if it is a
    figure, two seats took the row and seat 1's total is no slip of his game's (before, a sure error)."""
    rows = [row(1, 3, 1, total=24, base=12, mit=1, plus=24), row(2, 3, 1, total=58, base=12, mit=1, plus=24)]
    sl = _read(make_list(rows, games=2, signatures=None), g2_p2_total=_unsure(None, 24))
    a = audit(sl)
    assert _found(a, "running-total") == [(2, 1, "total.wrong", True)]
    assert "g2.p2.total" in next(f for f in a.findings if f.code == "running-total").cells
    assert _found(audit(replace(sl, readings={})), "running-total") == [(2, 1, "total.wrong", False)]


def test_a_total_the_correction_as_read_comes_back_to_is_the_doubts_to_tell():
    """Game 2's "+" read 24 in doubt (24 or 36, Kreuz mit 2 is 36), its total 60: as read, 24 is a slip, the
    correction takes 24 + 24 = 48, and game 3's 72 comes back to it; with 36, 60 is right and 72 is a slip. Before,
    came_back asked the doubt only where the correction taking the doubt as the columns' value gave the figure: 72
    was a sure error, gone when the referee reads 24."""
    rows = [Game(no=n, base=12, mit=m, plus=p, players=(SeatCells(total=t), SeatCells(), SeatCells()))
            for n, (m, p, t) in enumerate(((1, 24, 24), (2, 24, 60), (1, 24, 72)), start=1)]
    sl = _read(make_list(rows, games=3, signatures=None), g2_plus=_unsure(24, 36))
    assert (3, 1, "total.wrong", True) in _found(audit(sl), "running-total")
    # the referee's two readings: 24 (72 came back, no finding there), 36 (72 a slip)
    assert (3, 1) not in [(g, s) for g, s, _, _ in _found(audit(replace(sl, readings={})), "running-total")]
    as_36 = replace(sl, readings={}, games=(rows[0], replace(rows[1], plus=36), *sl.games[2:]))
    assert (3, 1, "total.wrong", False) in _found(audit(as_36), "running-total")


def test_a_money_line_beside_a_footer_count_rests_on_the_rows_read_in_doubt_too():
    """Seat 1's footer says 1 lost game, as the rows read; his money 1,00 is wrong for 1 (0,50). Game 2's "-" read
    empty in doubt beside its "+" (or 72): if it is a figure, game 2 is lost too (the lower reading), 1,00 is right.
    Before, a sure error: the money rested on the footer's line alone."""
    rows = [row(1, 3, 1, total=-48, base=12, mit=1, minus=48), row(2, 3, 1, total=-12, base=12, mit=2, plus=36)]
    footer = replace(_footer(points=(-12, 0, 0), won=(1, 0, 0), lost=(1, 0, 0), others_lost=(0, 40, 40),
                             score=(-12, 40, 40), money=(1.0, None, None)), money_total=1.0)
    sl = _read(make_list(rows, games=2, signatures=None, footer=footer), g2_minus=_unsure(None, 72))
    money = [(f.key, f.doubtful) for f in audit(sl).findings if f.code == "money"]
    assert money == [("money.wrong", True), ("money.total-wrong", True)]
    assert [(f.key, f.doubtful) for f in audit(replace(sl, readings={})).findings if f.code == "money"] == [
        ("money.wrong", False), ("money.total-wrong", False)]


def _footer(**lines):
    """A three-seat footer: ``lines`` as given, the others 0 (the money none)."""
    zero = (0, 0, 0)
    return Footer(**{"points": zero, "won": zero, "lost": zero, "bonus": zero, "others_lost": zero, "score": zero,
                     "money": (None, None, None), **lines})


def test_a_doubt_that_can_only_change_a_won_game_leaves_the_money_sure():
    """Seat 1 lost game 1 and won game 2, his total there read in doubt, 12 or empty: empty, game 2 has no declarer
    and he one won game less, but still one lost game, as his footer's line says: his money 1,00 (0,50 owed) is an
    error on paper either way (before, told as a doubt: the referee was asked about a cell that cannot change it)."""
    rows = [row(1, 3, 1, total=-48, base=12, mit=1, minus=48), row(2, 3, 1, total=-12, base=12, mit=2, plus=36)]
    footer = replace(_footer(points=(-12, 0, 0), won=(1, 0, 0), lost=(1, 0, 0), others_lost=(0, 40, 40),
                             score=(-12, 40, 40), money=(1.0, None, None)), money_total=1.0)
    sl = _read(make_list(rows, games=2, signatures=None, footer=footer), g2_p1_total=_unsure(-12, None))
    assert [(f.key, f.doubtful) for f in audit(sl).findings if f.code == "money"] == [
        ("money.wrong", False), ("money.total-wrong", False)]
    # his Gew. line, which the won game changes, is the doubt's
    sl = replace(sl, footer=replace(footer, won=(2, 0, 0), bonus=(50, 0, 0)))
    assert [(f.field, f.doubtful) for f in audit(sl).findings if f.code == "footer" and f.field == "won"] == [
        ("won", True)]


def test_a_figure_that_comes_back_under_another_reading_of_a_doubt_before_it_is_the_doubts_to_tell():
    """Seat 1's 24 read in doubt (24 or 14), 48, 62: read 24, the correction gives 72 at game 3 and 62 is a slip;
    read 14, the correction gives 14, 38, 62 and 62 is none (the slip is at 48). Before, came_back tried the doubt
    only as read and as the rest of the list gives it: 62 was a sure error, gone when the referee reads 14."""
    rows = [Game(no=n, base=12, mit=1, plus=24, players=(SeatCells(total=t), SeatCells(), SeatCells()))
            for n, t in enumerate((24, 48, 62), start=1)]
    # and seat 2's slip at game 4 (24 for 36), after it: the figure asked of the corrections is game 3's, not his
    rows.append(row(4, 3, 2, total=24, base=12, mit=2, plus=36))
    sl = _read(make_list(rows, games=4, signatures=None), g1_p1_total=_unsure(24, 14))
    assert _found(audit(sl), "running-total") == [(3, 1, "total.wrong", True), (4, 2, "total.wrong", False)]
    # 82 instead: a slip whatever the doubt holds (72 or 62 the correction gives), a sure error
    rows[2] = replace(rows[2], players=(SeatCells(total=82), SeatCells(), SeatCells()))
    sl = replace(sl, games=(*rows, *sl.games[4:]))
    assert (3, 1, "total.wrong", False) in _found(audit(sl), "running-total")


def test_in_a_row_several_seats_took_a_doubt_about_any_of_them_may_change_the_money():
    """Game 2's "+24" is seat 1's (his total 24 read in doubt, or empty); seat 2's total there fell by 40, a loss that
    stays his beside seat 1's win: his second lost game, and his money 0,50 is wrong (1,00). Read empty, game 2 is
    his alone, a win with a slip in his total: one lost game, 0,50 is right. Before (with only the other outcome's
    rows left out for the money), a sure error."""
    rows = [row(1, 3, 2, total=-48, base=12, mit=1, minus=48),
            Game(no=2, base=12, mit=1, plus=24, players=(SeatCells(total=24), SeatCells(total=-88), SeatCells()))]
    footer = replace(_footer(points=(24, -88, 0), won=(1, 0, 0), lost=(0, 1, 0), bonus=(50, -50, 0),
                             others_lost=(40, 0, 40), score=(114, -138, 40), money=(None, 0.5, None)), money_total=0.5)
    sl = _read(make_list(rows, games=2, signatures=None, footer=footer), g2_p1_total=_unsure(24, None))
    assert [(f.key, f.seat, f.doubtful) for f in audit(sl).findings if f.code == "money"] == [
        ("money.wrong", 2, True), ("money.total-wrong", None, True)]


def test_in_a_row_several_seats_took_a_total_read_in_doubt_counts_for_its_figure():
    """Game 2's "+24": seat 1's total 24 follows from it, seat 2's 34 (read in doubt, or 48) does not: seat 1's game,
    and seat 2's footer Gew. 2 is wrong (his rows give 1). Read 48, his total follows from the row too, and the rows
    as written give each of them the win: 2 is what they give. Before, a sure error: a total there counted only for
    holding a figure."""
    rows = [row(1, 3, 2, total=24, base=12, mit=1, plus=24),
            Game(no=2, base=12, mit=1, plus=24, players=(SeatCells(total=24), SeatCells(total=34), SeatCells()))]
    footer = _footer(points=(24, 34, 0), won=(1, 2, 0), bonus=(50, 100, 0), score=(74, 134, 0))
    sl = _read(make_list(rows, games=2, signatures=None, footer=footer), g2_p2_total=_unsure(34, 48))

    def won(sl):
        return [(f.seat, f.doubtful) for f in audit(sl).findings if f.code == "footer" and f.field == "won"]
    assert won(sl) == [(2, True)]
    assert won(replace(sl, readings={})) == [(2, False)]


def test_a_value_entry_finding_rests_on_the_other_entry_read_empty_in_doubt():
    """"+36" for Kreuz mit 1 (24), the "-" beside it read empty in doubt (or 48): were it a figure, the row holds both,
    another finding; before, "+36 for 24" was a sure error there."""
    rows = [row(1, 3, 1, total=36, base=12, mit=1, plus=36)]
    sl = _read(make_list(rows, games=1, signatures=None), g1_minus=_unsure(None, 48))
    assert _found(audit(sl), "value-mismatch") == [(1, None, "value.plus", True)]
    assert _found(audit(replace(sl, readings={})), "value-mismatch") == [(1, None, "value.plus", False)]


def _three_totals(totals):
    rows = [Game(no=n, base=12, mit=1, plus=24, players=(SeatCells(total=t), SeatCells(), SeatCells()))
            for n, t in enumerate(totals, start=1)]
    return make_list(rows, games=3, signatures=None)


def test_a_candidate_its_cell_cannot_hold_is_not_tried():
    """A hand-written skatscan.list/1 file may give any JSON value as a reading's candidate: a text ("24?", "-") or a
    mark where a figure goes. Tried as the referee's reading before a sure finding (totals 24, 48, 82: 82 is wrong on
    paper), it made the correction fail with a TypeError, a traceback for the user (session 48's review). Such a
    candidate is not tried: the finding stays sure."""
    sl = _three_totals((24, 48, 82))
    for ref, cands in (("g1.p1.total", (24, "24?")), ("g1.plus", (24, "-")), ("g1.p1.total", (24, True)),
                       ("g1.hand", (False, 3))):
        r = CellReading(cands[0], 0.5, tuple((v, 0.5) for v in cands), doubtful=True, reason="bar")
        assert _found(audit(replace(sl, readings={ref: r})), "running-total") == [(3, 1, "total.wrong", False)]


def test_the_readings_past_the_most_an_audit_tries_are_not_tried():
    """Totals 24, 48, 82 (82 wrong on paper) after a Grundwert read in doubt with more other candidates than
    MAX_OTHER_READINGS: the audit works out that many corrections with a cell read otherwise and no more (a list with a
    hundred cells in doubt took a quarter of a second more to audit), and the finding stays as the two readings leave
    it, sure (told in doubt instead, the keeper's slips on the sample skatscan-4-errors.jpg were shown as doubts)."""
    from audit import auditor
    sl = _three_totals((24, 48, 82))
    many = CellReading(12, 0.5, ((12, 0.5),) + tuple((v, 0.01) for v in range(13, 14 + auditor.MAX_OTHER_READINGS)),
                       doubtful=True, reason="bar")
    calls = []
    real = auditor._correct_read_as
    try:
        auditor._correct_read_as = lambda *a: calls.append(a) or real(*a)
        got = _found(audit(replace(sl, readings={"g1.base": many})), "running-total")
    finally:
        auditor._correct_read_as = real
    assert got == [(3, 1, "total.wrong", False)] and len(calls) == auditor.MAX_OTHER_READINGS


def _seat_1s_footer_slip():
    """Seat 1 lost game 1; game 2 is seat 2's won game (his total following from its "+", his Gew. 1); seat 1's
    footer says 2 lost games, the rows 1: the keeper's slip, and so his bonus, score and money
    (:data:`_SLIP_FINDINGS`)."""
    rows = [row(1, 3, 1, total=-48, lost=1, base=12, mit=1, minus=48),
            row(2, 3, 2, total=24, won=1, base=12, mit=1, plus=24)]
    footer = _footer(points=(-48, 24, 0), won=(0, 1, 0), lost=(2, 0, 0), bonus=(-100, 50, 0), others_lost=(0, 40, 40),
                     score=(-148, 114, 40))
    return make_list(rows, games=2, signatures=None, footer=footer)


#: The footer's and the money's findings of :func:`_seat_1s_footer_slip`, (code, field).
_SLIP_FINDINGS = [("footer", "lost"), ("footer", "bonus"), ("footer", "score"), ("money", "money"),
                  ("money", "money_total")]


def _told_of(a):
    """The footer's and the money's findings of the audit ``a``: (code, field, doubtful)."""
    return [(f.code, f.field, f.doubtful) for f in a.findings if f.code in ("footer", "money")]


def test_another_seats_cell_beside_a_declarer_the_totals_tell_leaves_the_footer_and_money_sure():
    """Seat 1 lost game 1; game 2 is seat 2's won game, his total following from its "+". Seat 1's footer says 2 lost
    games (the rows give 1): the keeper's slip, and so his bonus, score and money. Seat 1's total in game 2 read
    empty in doubt (or 3, which follows from nothing): whatever the referee reads, the totals tell game 2 is seat
    2's, a stray figure beside it counts no game for seat 1, and the findings stay errors on paper (before, all five
    were told as doubts)."""
    sl, wanted = _seat_1s_footer_slip(), _SLIP_FINDINGS
    assert _told_of(audit(sl)) == [(c, fld, False) for c, fld in wanted]
    # his total read 3 changes his last total, so the score's expected figure: that one is the doubt's
    assert _told_of(audit(_read(sl, g2_p1_total=_unsure(None, 3)))) == [
        (c, fld, fld == "score") for c, fld in wanted]


def test_another_seats_total_read_in_doubt_that_follows_from_the_row_may_take_the_game():
    """As above, but seat 1's total in game 2 read empty in doubt or -24 (his -48 and the "+" 24): read so, two
    seats' totals follow from the row and the totals no longer tell whose game it was, so his footer's Verl. is the
    doubt's to tell."""
    sl = _read(_seat_1s_footer_slip(), g2_p1_total=_unsure(None, -24))
    a = audit(sl)
    assert [(f.field, f.doubtful) for f in a.findings if f.code == "footer" and f.field == "lost"] == [("lost", True)]
    assert "g2.p1.total" in next(f for f in a.findings if f.code == "footer" and f.field == "lost").cells


def test_another_seats_count_beside_a_declarer_the_totals_tell_leaves_the_footer_and_money_sure():
    """As above (seat 1's footer says 2 lost games, the rows 1), with seat 1's Verl. or Gew. in game 2, seat 2's won
    game, read in doubt (empty or 1): the row keeps counts either way (seat 2's Gew.), and a stray count beside the
    declarer the totals tell counts no game for seat 1, so no reading of it changes a figure the five findings follow
    from: they stay errors on paper (before, all five were told as doubts)."""
    sl, wanted = _seat_1s_footer_slip(), _SLIP_FINDINGS
    for cell in ("g2_p1_lost", "g2_p1_won"):
        assert _told_of(audit(_read(sl, **{cell: _unsure(None, 1)}))) == [(c, fld, False) for c, fld in wanted]


def test_another_seats_count_read_in_doubt_that_makes_the_row_keep_counts_may_take_the_declarers_game():
    """A list without counts: game 2 is seat 2's lost game, his total falling by its "-", and seat 1's Gew. there read
    1 in doubt (or empty). Read 1, the row keeps counts and seat 2 wrote none: his loss counts for no one, and his
    money 0,50 is wrong (none owed); read empty, it is right. So the money findings are the doubt's to tell, though
    the totals tell whose game it was (leaving such a count out, as a stray figure that counts no game for seat 1,
    made them errors on paper that the referee's reading takes away)."""
    rows = [row(1, 3, 1, total=24, base=12, mit=1, plus=24), row(2, 3, 2, total=-48, base=12, mit=1, minus=48)]
    footer = replace(_footer(points=(24, -48, 0), won=(1, 0, 0), lost=(0, 1, 0), bonus=(50, -50, 0),
                             others_lost=(40, 0, 40), score=(114, -98, 40), money=(None, 0.5, None)), money_total=0.5)
    sl = _read(make_list(rows, games=2, signatures=None, footer=footer), g2_p1_won=_unsure(1, None))
    sl = replace(sl, games=(rows[0], replace(rows[1], players=(SeatCells(won=1), *rows[1].players[1:])),
                            *sl.games[2:]))

    def money(a):
        return [(f.key, f.seat, f.doubtful) for f in a.findings if f.code == "money"]
    assert money(audit(sl)) == [("money.wrong", 2, True), ("money.total-wrong", None, True)]
    assert money(audit(replace(sl, readings={}, games=(*rows, *sl.games[2:])))) == []


def test_a_lost_line_read_in_doubt_leaves_the_money_on_the_rows():
    """Seat 1 lost game 1 and won game 2, his money 1,00 wrong (0,50 for one lost game). A footer's Verl. line read in
    doubt, his own (1 or 7) or seat 2's (0 or 1), changes no money owed: the rows, read surely, say it, and the money
    findings stay errors on paper (before, told as doubts: the line stood in for the rows). Beside a "-" read empty in
    doubt (or 72: game 2 lost too), the rows do not say it surely, and they are the doubt's to tell."""
    rows = [row(1, 3, 1, total=-48, base=12, mit=1, minus=48), row(2, 3, 1, total=-12, base=12, mit=2, plus=36)]
    footer = replace(_footer(points=(-12, 0, 0), won=(1, 0, 0), lost=(1, 0, 0), others_lost=(0, 40, 40),
                             score=(-12, 40, 40), money=(1.0, None, None)), money_total=1.0)
    sl = make_list(rows, games=2, signatures=None, footer=footer)

    def money(sl):
        return [(f.key, f.doubtful) for f in audit(sl).findings if f.code == "money"]
    for cells in ({"footer_lost_1": _unsure(1, 7)}, {"footer_lost_2": _unsure(0, 1)}):
        assert money(_read(sl, **cells)) == [("money.wrong", False), ("money.total-wrong", False)]
    assert money(_read(sl, footer_lost_1=_unsure(1, 7), g2_minus=_unsure(None, 72))) == [
        ("money.wrong", True), ("money.total-wrong", True)]


def test_a_count_beside_a_row_read_in_doubt_itself_counts():
    """A property list (seed 222204, four seats, home): game 45 is seat 1's lost game, his total falling by its "-"
    144, which is read in doubt (or 1445, or 14), and seat 3's Verl. there (120) too (or empty). As the row is read,
    the totals tell seat 1 declared it and no reading of the count changes his lost games: but with the "-" read
    1445 they no longer tell it, seat 3's count is a second declarer's lost game, and seat 1's money finding rests on
    it. Such a count is left to count where another cell of its row is in doubt (before, the money finding was sure
    and turned doubtful when the referee read the "-")."""
    sl = doubtful_list(222204, 4, "home", doubts=3)
    assert {"g45.minus", "g45.p3.lost"} <= sl.doubtful_cells()
    assert lost_sure_findings(sl, audit) == []


def _told(sl, *codes):
    return [(f.code, f.game, f.seat, f.field, f.doubtful) for f in audit(sl).findings if f.code in codes]


def test_a_count_of_the_declarer_read_in_doubt_before_the_row_may_make_another_seats_count_beside_it_count():
    """Seat 1 won games 1 and 2 (Gew. 1 and 2), his footer saying 1 won game; his Gew. in game 1 read in doubt (or 2)
    and seat 2's Verl. in game 2 too (empty, or 1). As read, no reading of seat 2's count changes the counts; with
    seat 1's Gew. read 2 in game 1 his Gew. 2 in game 2 is no change, and it does. So the footer finding is the
    doubts' to tell (before, an error on paper that the referee's reading of game 1 made a doubt)."""
    rows = [row(1, 3, 1, total=24, won=1, base=12, mit=1, plus=24),
            row(2, 3, 1, total=48, won=2, base=12, mit=1, plus=24)]
    footer = _footer(points=(48, 0, 0), won=(1, 0, 0), bonus=(100, 0, 0), score=(148, 0, 0))
    sl = _read(make_list(rows, games=2, signatures=None, footer=footer),
               g1_p1_won=_unsure(1, 2), g2_p2_lost=_unsure(None, 1))
    assert _told(sl, "footer") == [("footer", None, 1, "won", True)]
    assert lost_sure_findings(sl, audit) == []


def _seat_2_lost_twice(total_2, minus_2, plus_2, footer):
    """Seat 2 lost game 1 (Verl. 1); game 2 seat 1's, with seat 2's Verl. 1 written beside it again."""
    r2 = row(2, 3, 1, total=total_2, base=12, mit=1, minus=minus_2, plus=plus_2)
    r2 = replace(r2, players=(r2.players[0], SeatCells(lost=1), SeatCells()))
    rows = [row(1, 3, 2, total=-48, lost=1, base=12, mit=1, minus=48), r2]
    return make_list(rows, games=2, signatures=None, footer=footer)


def test_the_count_seats_own_count_read_in_doubt_before_the_row_may_make_his_count_beside_it_count():
    """Seat 2's Verl. in game 1 read in doubt (1, or 0) and his Verl. 1 beside seat 1's won game 2 too (or empty):
    read 1, the second is his unchanged count, and no reading of it changes the counts; read 0, a 1 there is a
    change, a second declarer's lost game. So the footer findings of seat 1 are the doubts' to tell (before, errors
    on paper that went when the referee read game 1's count 0)."""
    footer = replace(_footer(points=(24, -48, 0), lost=(0, 1, 0), bonus=(0, -50, 0), others_lost=(40, 0, 40),
                             score=(64, -98, 40), money=(None, 0.5, None)), money_total=0.5)
    sl = _read(_seat_2_lost_twice(24, None, 24, footer), g1_p2_lost=_unsure(1, 0), g2_p2_lost=_unsure(1, None))
    assert _told(sl, "footer") == [("footer", None, 1, "won", True), ("footer", None, 1, "bonus", True),
                                   ("footer", None, 1, "score", True)]
    assert lost_sure_findings(sl, audit) == []


def test_the_count_seats_own_count_read_in_doubt_before_the_row_may_make_the_money_findings_go():
    """As above, game 2 seat 1's lost game, the money seat 2's 0,50 and no one else's: seat 2's Verl. in game 1 read
    7 makes the 1 beside game 2 a change, and the money findings go; they are the doubts' to tell (before, errors on
    paper)."""
    footer = replace(_footer(points=(-48, -48, 0), lost=(1, 1, 0), bonus=(-50, -50, 0), others_lost=(40, 40, 80),
                             score=(-58, -58, 80), money=(None, 0.5, None)), money_total=0.5)
    sl = _read(_seat_2_lost_twice(-48, 48, None, footer), g1_p2_lost=_unsure(1, 7), g2_p2_lost=_unsure(1, None))
    assert _told(sl, "money") == [("money", None, 1, "money", True), ("money", None, None, "money_total", True)]
    assert lost_sure_findings(sl, audit) == []


def test_a_footers_only_figure_read_in_doubt_whether_it_is_one_leaves_every_footer_and_money_finding_a_doubt():
    """The footer holds only seat 1's Verl. 1, read in doubt whether it is ink: read empty, the footer is blank and
    its checks and the money's leave it to the blank footer's finding. So the missing lines and money are the doubt's
    to tell (before, errors on paper the referee's reading took away: the money left the line out, as the rows say
    the count). Read in doubt only which figure it is (1 or 7), the footer is written either way: they stay."""
    rows = [row(1, 3, 1, total=-48, lost=1, base=12, mit=1, minus=48)]
    empty = (None, None, None)
    footer = Footer(points=empty, won=empty, lost=(1, None, None), bonus=empty, others_lost=empty, score=empty,
                    money=empty)
    sl = make_list(rows, games=1, signatures=None, footer=footer)

    def told(sl):
        return {(f.code, f.key, f.doubtful) for f in audit(sl).findings if f.code in ("footer", "money")}
    doubt = _read(sl, footer_lost_1=_unsure(1, None))
    assert told(doubt) == {("footer", "footer.missing", True), ("money", "money.missing", True),
                           ("money", "money.total-missing", True)}
    assert lost_sure_findings(doubt, audit) == []
    assert told(_read(sl, footer_lost_1=_unsure(1, 7))) == {
        ("footer", "footer.missing", False), ("money", "money.missing", False), ("money", "money.total-missing", False)}


def test_a_winners_own_count_read_in_doubt_beside_his_figures_counts_for_his_money():
    """Seat 4 wins game 20 (+72, his total -35 and Gew. 3 written), his Verl. there read empty in doubt, or 2: read so,
    the row keeps counts and his lost games change, and the money finding of his seat with them. It rested on his
    footer's "Verl." line and his amount alone, told as an error on paper, and a reading of the cell made it go (the
    second review of session 49: the figures he wrote in the row were taken to say he played it either way)."""
    sl = doubtful_list(2300507634, 4, "private", True, doubts=1)
    game = next(g for g in sl.games if g.no == 20)
    assert game.plus == 72 and game.players[3] == SeatCells(total=-35, won=3, lost=None)
    readings = dict(sl.readings)
    readings["g20.p4.lost"] = CellReading(None, 0.5, ((None, 0.5), (2, 0.4)), doubtful=True, reason="bar")
    sl = replace(sl, readings=readings)
    money = [f for f in audit(sl).findings if f.code == "money" and f.seat == 4]
    assert money and all(f.doubtful for f in money)
    assert lost_sure_findings(sl, audit) == []


def test_a_declarers_own_counts_read_in_doubt_that_change_no_count_leave_his_footer_slip_sure():
    """Seat 1 wins games 1 and 2 (his totals 24 and 48 tell them his), his Gew. 2 in game 2 read in doubt (or empty,
    5, 3) and his Verl. there read empty in doubt with nothing else seen: no reading of either changes a count, so his
    footer's bonus of 150 where his two won games make 100 stays an error on paper (seed 7's photo 7039: told a doubt
    after the third review's fix, which counted a declarer's own counts read in doubt however they were read)."""
    rows = [row(1, 3, 1, total=24, won=1, base=12, mit=1, plus=24),
            row(2, 3, 1, total=48, won=2, base=12, mit=1, plus=24)]
    footer = Footer(points=(48, 0, 0), won=(2, 0, 0), lost=(0, 0, 0), bonus=(150, 0, 0), others_lost=(0, 0, 0),
                    score=(198, 0, 0), money=(None, None, None))
    sl = make_list(rows, games=2, footer=footer, signatures=None)
    bonus = [(s, k, d) for _g, s, k, d in _found(audit(sl), "footer")]
    assert (1, "footer.wrong", False) in bonus
    read = _read(sl, g2_p1_won=_unsure(2, None, 5, 3), g2_p1_lost=CellReading(
        None, 0.99, ((None, 0.99),), doubtful=True, reason="row"))
    assert [(s, k, d) for _g, s, k, d in _found(audit(read), "footer")] == bonus
    assert lost_sure_findings(read, audit) == []


def test_a_blank_footer_rests_on_its_cells_read_empty_in_doubt_where_the_reader_saw_a_figure():
    """Seat 1 lost game 1 and the footer is left blank, but its "Verl." read empty in doubt, or 1: read so, the footer
    is not blank and its finding goes, so the blank footer's finding is the doubt's to tell (before, told as an error
    on paper; the third review of session 49). A cell read empty in doubt with nothing else seen leaves it sure."""
    rows = [row(1, 3, 1, total=-48, lost=1, base=12, mit=1, minus=48)]
    sl = make_list(rows, games=1, signatures=None)
    blank = [(k, d) for _g, _s, k, d in _found(audit(sl), "footer")]
    assert blank == [("footer.blank", False)]
    read = _read(sl, footer_lost_1=_unsure(None, 1))
    finding = next(f for f in audit(read).findings if f.code == "footer")
    assert finding.key == "footer.blank" and finding.doubtful and finding.cells == ("footer.lost.1",)
    assert lost_sure_findings(read, audit) == []
    nothing_else = _read(sl, footer_lost_1=CellReading(None, 0.6, ((None, 0.6),), doubtful=True, reason="bar"))
    assert [(k, d) for _g, _s, k, d in _found(audit(nothing_else), "footer")] == blank


def _money(sl):
    return [(f.key, f.seat, f.doubtful) for f in audit(sl).findings if f.code == "money"]


def test_a_declarers_total_read_in_doubt_that_makes_his_plus_a_lost_game_may_make_the_money_go():
    """Seat 1 lost game 1 (-48) and wrote "+24" for game 2, his total there read -24 in doubt, or -96: read -96 his
    total falls by twice the game, a lost game written in the "+" column (SkWO 7.2.5), his second; his money 1,00,
    wrong for the one lost game his rows and footer line (read surely) give as read, is then right. So the money
    findings are the doubt's to tell (the property's seed 2454; before, sure errors resting on the footer's line)."""
    rows = [row(1, 3, 1, total=-48, base=12, mit=1, minus=48), row(2, 3, 1, total=-24, base=12, mit=1, plus=24)]
    footer = replace(_footer(points=(-24, 0, 0), won=(1, 0, 0), lost=(1, 0, 0), others_lost=(0, 40, 40),
                             score=(-24, 40, 40), money=(1.0, None, None)), money_total=1.0)
    sl = make_list(rows, games=2, signatures=None, footer=footer)
    assert _money(sl) == [("money.wrong", 1, False), ("money.total-wrong", None, False)]
    read = _read(sl, g2_p1_total=_unsure(-24, -96))
    assert _money(read) == [("money.wrong", 1, True), ("money.total-wrong", None, True)]
    assert "g2.p1.total" in next(f for f in audit(read).findings if f.key == "money.wrong").cells
    assert lost_sure_findings(read, audit) == []
    # a reading that keeps the game won (-12: a running total's slip) changes no count: the money stays an error
    assert _money(_read(sl, g2_p1_total=_unsure(-24, -12))) == _money(sl)


def test_a_total_read_in_doubt_before_a_row_another_seat_took_may_make_a_stray_fall_there_his_loss():
    """Game 2 is seat 1's "+24" (his total 24 follows from it); seat 2 wrote 50 there too, after his 24 of game 1, read
    in doubt, or 124. As read, 50 is a rise, a stray figure that counts no game for him; read 124, a fall, and a loss
    his total shows falling stays his (the lower reading for him): his money 0,50, wrong for no lost game, is then
    right. So the money findings are the doubt's to tell (the property's seed 6470: the total before a row that
    several seats took decides whether a seat's figure there falls)."""
    rows = [row(1, 3, 2, total=24, base=12, mit=1, plus=24),
            Game(no=2, base=12, mit=1, plus=24, players=(SeatCells(total=24), SeatCells(total=50), SeatCells()))]
    footer = replace(_footer(points=(24, 50, 0), won=(1, 1, 0), bonus=(50, 50, 0), score=(74, 100, 0),
                             money=(None, 0.5, None)), money_total=0.5)
    sl = make_list(rows, games=2, signatures=None, footer=footer)
    assert _money(sl) == [("money.wrong", 2, False), ("money.total-wrong", None, False)]
    read = _read(sl, g1_p2_total=_unsure(24, 124))
    assert _money(read) == [("money.wrong", 2, True), ("money.total-wrong", None, True)]
    assert lost_sure_findings(read, audit) == []
    # read 64 instead, 50 falls from it too: the same; read 34, it rises: no reading makes a loss, the money is sure
    assert _money(_read(sl, g1_p2_total=_unsure(24, 64))) == _money(read)
    assert _money(_read(sl, g1_p2_total=_unsure(24, 34))) == _money(sl)


def _lost_one(*, plus=24, total=-54, **cols):
    """Seat 1's "+" for Kreuz mit 1 (or ``cols``) beside his total ``total``, seat 2's "+24": his footer says he lost
    one game and owes 0,50, which a fall of his total by twice the "+" (or the game's value) makes right."""
    rows = [row(1, 3, 1, total=total, **{"base": 12, "mit": 1, **cols}, plus=plus),
            row(2, 3, 2, total=24, base=12, mit=1, plus=24)]
    footer = replace(_footer(points=(total, 24, 0), won=(0, 1, 0), lost=(1, 0, 0), bonus=(-50, 50, 0),
                             others_lost=(0, 40, 40), score=(total - 50, 114, 40), money=(0.5, None, None)),
                     money_total=0.5)
    return make_list(rows, games=2, signatures=None, footer=footer)


def _counts_and_money(sl):
    return [(f.key, f.seat, f.field, f.doubtful) for f in audit(sl).findings if f.code in ("footer", "money")]


def test_a_plus_or_a_game_column_read_in_doubt_that_makes_the_game_lost_may_make_the_footer_and_money_go():
    """Seat 1's "+24" beside his total -54 (not a fall by 24 or 48: a won game with a slip in his total), read in doubt,
    or 27: his total then falls by twice the "+", a lost game (SkWO 7.2.5), as his footer (Verl. 1) and his money 0,50
    say. The same with his Grundwert 12 read in doubt, or 11 (Pik mit 1, 22: his total -44 falls by twice it). So his
    footer lines and the money are the doubt's to tell (review of session 50; before, sure errors)."""
    for sl, ref, other in ((_lost_one(), "g1.plus", 27), (_lost_one(total=-44), "g1.base", 11)):
        sure = _counts_and_money(sl)
        assert ("money.wrong", 1, "money", False) in sure and ("footer.wrong", 1, "lost", False) in sure
        read = _read(sl, **{ref.replace(".", "_"): _unsure(getattr(sl.games[0], ref.split(".")[1]), other)})
        assert [(k, s, fld) for k, s, fld, _d in _counts_and_money(read)] == [(k, s, fld) for k, s, fld, _d in sure]
        assert all(d for _k, _s, _f, d in _counts_and_money(read))
        assert lost_sure_findings(read, audit) == []


def test_penalty_points_read_in_doubt_before_a_row_several_seats_took_may_make_a_stray_fall_a_loss():
    """A home list: seat 2's penalty after game 1 read -50 in doubt, or -5; in game 2 (seat 1's "+24") he wrote -20:
    against -50 a rise that counts no game, against -5 a fall, his loss, and his money 0,50 is right. Before, a sure
    error (the review of session 50)."""
    rows = [row(1, 3, 1, total=24, base=12, mit=1, plus=24),
            Game(no=2, base=12, mit=1, plus=24, players=(SeatCells(total=48), SeatCells(total=-20), SeatCells()))]
    footer = replace(_footer(points=(48, -20, 0), won=(2, 0, 0), bonus=(100, 0, 0), score=(148, -20, 0),
                             money=(None, 0.5, None)), money_total=0.5)
    sl = replace(make_list(rows, games=2, signatures=None, footer=footer, kind="home"),
                 penalties=(Penalty(after=1, seat=2, offence="other", points=(None, -50, None)),))
    assert _money(sl) == [("money.wrong", 2, False), ("money.total-wrong", None, False)]
    read = _read(sl, penalty_1_points_2=_unsure(-50, -5))
    assert _money(read) == [("money.wrong", 2, True), ("money.total-wrong", None, True)]
    assert "penalty.1.points.2" in next(f for f in audit(read).findings if f.key == "money.wrong").cells
    assert lost_sure_findings(read, audit) == []


def _stray_fall(**footer):
    """Game 2 is seat 1's "+24"; seat 2 wrote 50 there after his 24 of game 1 (test above): ``footer`` as given."""
    rows = [row(1, 3, 2, total=24, base=12, mit=1, plus=24),
            Game(no=2, base=12, mit=1, plus=24, players=(SeatCells(total=24), SeatCells(total=50), SeatCells()))]
    return make_list(rows, games=2, signatures=None, footer=replace(_footer(**footer["lines"]), **footer["more"]))


def test_a_footer_line_and_money_left_blank_rest_on_the_total_before_the_row_by_its_value():
    """The list of the test above with seat 2's footer as his loss there gives it (Verl. 1, bonus 0) and no money
    written: as read (his 24 before it, 50 a rise) his Verl. line is wrong, and nothing is owed; read 124, the line is
    right. The line's finding names the total by its value (not among the cells that count by holding a figure). The
    other way round, 124 as read and no money written: the 0,50 he owes is missing, as is the table's total, unless
    the total is 24 or empty."""
    sl = _stray_fall(lines=dict(points=(24, 50, 0), won=(1, 1, 0), lost=(0, 1, 0), bonus=(50, 0, 0),
                                others_lost=(0, 0, 0), score=(74, 50, 0)), more=dict(money_total=None))
    read = _read(sl, g1_p2_total=_unsure(24, 124))
    line = next(f for f in audit(read).findings if f.key == "footer.wrong" and f.field == "lost")
    assert line.seat == 2 and line.doubtful and "g1.p2.total" in line.cells and "g1.p2.total" not in line.presence
    assert lost_sure_findings(read, audit) == []
    # the other way round: 124 as read, his loss; 0,50 missing and the table's total, sure without the doubt
    rows = [replace(sl.games[0], players=(SeatCells(), SeatCells(total=124), SeatCells())), *sl.games[1:]]
    high = replace(sl, games=tuple(rows))
    assert _money(high) == [("money.missing", 2, False), ("money.total-missing", None, False)]
    for other in (24, None):        # read empty, game 1 is no one's and 50 rises from nothing: nothing is owed
        read = _read(high, g1_p2_total=_unsure(124, other))
        assert _money(read) == [("money.missing", 2, True), ("money.total-missing", None, True)]
        assert lost_sure_findings(read, audit) == []


def test_readings_past_the_cap_leave_the_finding_in_doubt_and_candidates_written_as_floats_count(monkeypatch):
    """The money findings of the misplaced "+" (test above) with another total read in doubt that changes nothing
    (seat 2's 24, or 34): worked out, only seat 1's total is among their cells; with no reading worked out (the cap at
    0), both are, and the findings stay doubts. A candidate -96.0 is read as -96."""
    rows = [row(1, 3, 1, total=-48, base=12, mit=1, minus=48), row(2, 3, 1, total=-24, base=12, mit=1, plus=24),
            row(3, 3, 2, total=24, base=12, mit=1, plus=24)]
    footer = replace(_footer(points=(-24, 24, 0), won=(1, 1, 0), lost=(1, 0, 0), bonus=(0, 50, 0),
                             others_lost=(0, 40, 40), score=(-24, 114, 40), money=(1.0, None, None)), money_total=1.0)
    sl = _read(make_list(rows, games=3, signatures=None, footer=footer), g2_p1_total=_unsure(-24, -96.0),
               g3_p2_total=_unsure(24, 34))

    def money_cells(sl):
        return [(f.key, f.doubtful, tuple(c for c in f.cells if c.startswith("g") and c.endswith("total")))
                for f in audit(sl).findings if f.key == "money.wrong"]
    assert money_cells(sl) == [("money.wrong", True, ("g2.p1.total",))]
    monkeypatch.setattr(rows_in_doubt, "MAX_READINGS", 0)
    assert money_cells(sl) == [("money.wrong", True, ("g2.p1.total", "g3.p2.total"))]


def test_the_readers_confirmation_is_not_kept_from_a_row_by_a_footer_finding_resting_on_its_total():
    """``strict`` (digitize.confirm asks so): a footer or money finding does not name the totals read in doubt it rests
    on, which would keep the rows that add up from confirming their readings."""
    rows = [row(1, 3, 1, total=-48, base=12, mit=1, minus=48), row(2, 3, 1, total=-24, base=12, mit=1, plus=24)]
    footer = replace(_footer(points=(-24, 0, 0), won=(1, 0, 0), lost=(1, 0, 0), others_lost=(0, 40, 40),
                             score=(-24, 40, 40), money=(1.0, None, None)), money_total=1.0)
    sl = _read(make_list(rows, games=2, signatures=None, footer=footer), g2_p1_total=_unsure(-24, -96))
    strict = next(f for f in run_checks(sl, Settings(), strict=True) if f.key == "money.wrong")
    assert "g2.p1.total" not in strict.cells
    assert "g2.p1.total" in next(f for f in run_checks(sl, Settings()) if f.key == "money.wrong").cells


def test_a_running_total_after_a_lost_game_in_the_plus_column_rests_on_the_games_columns():
    """Seat 1's "+24" for Kreuz mit 1 beside his total -72: a lost game written in the "+" column (his total fell), and
    its loss charges 48, so -72 is a slip; but his "mit 1" read in doubt, or 2 (Kreuz mit 2, 36: the loss charges 72),
    makes it none. Before, a sure error (the review of session 50)."""
    sl = _lost_one(total=-72)
    assert (1, 1, "total.wrong", False) in _found(audit(sl), "running-total")
    read = _read(sl, g1_mit=_unsure(1, 2))
    assert _found(audit(read), "running-total") == [(1, 1, "total.wrong", True)]
    assert lost_sure_findings(read, audit) == []


def test_only_readings_that_may_change_an_outcome_are_worked_out():
    """Where no row's "+" may be contradicted by its declarer's figures, a game's columns and a "+" read as another
    figure change no outcome (the "+" decides the game won whatever figure it holds) and are not worked out; a
    "+" that may be empty is, and in a row several seats took, any figure of its "+" (which seat's total follows
    from it)."""
    rows = [row(1, 3, 1, total=24, base=12, mit=1, plus=24),
            Game(no=2, base=12, mit=1, plus=24, players=(SeatCells(total=48), SeatCells(total=34), SeatCells()))]
    sl = _read(make_list(rows, games=2, signatures=None), g1_base=_unsure(12, 11), g1_plus=_unsure(24, 27, None),
               g2_plus=_unsure(24, 10))
    facts = rows_in_doubt.analyse(sl)
    assert rows_in_doubt.readings_in_doubt(sl, sl.doubtful_cells(), facts) == [("g1.plus", None), ("g2.plus", 10)]
    assert rows_in_doubt.readings_in_doubt(sl, sl.doubtful_cells()) == [
        ("g1.base", 11), ("g1.plus", 27), ("g1.plus", None), ("g2.plus", 10)]
    # seat 1's total falling by twice the "+" at game 1: the row's "+" may be a lost game's, every reading counts
    falls = _read(replace(sl, games=(replace(sl.games[0], players=(SeatCells(total=-48), SeatCells(), SeatCells())),
                                     *sl.games[1:])), **{k.replace(".", "_"): r for k, r in sl.readings.items()})
    assert len(rows_in_doubt.readings_in_doubt(falls, falls.doubtful_cells(), rows_in_doubt.analyse(falls))) == 4


def test_a_count_read_in_doubt_before_a_row_several_seats_took_may_make_a_loss_there_none():
    """Seat 3 lost game 1 (Verl. 1, read in doubt, or 2); in game 2, seat 1's "+24", he wrote -96 and Verl. 2 too: a
    rise of his count from 1, a loss that stays his beside the declarer's win; from 2 no rise, no game. His footer's
    Verl. 2 is his rows' as read, and his money 0,50 is wrong for two lost games (1,00), right for one. So the money
    findings are the doubt's to tell (the second review of session 50, seed 41278: the count counted for holding a
    figure only)."""
    rows = [row(1, 3, 3, total=-48, lost=1, base=12, mit=1, minus=48),
            Game(no=2, base=12, mit=1, plus=24, players=(SeatCells(total=24, won=1), SeatCells(),
                                                         SeatCells(total=-96, lost=2)))]
    footer = Footer(points=(24, 0, -96), won=(1, 0, 0), lost=(0, 0, 2), bonus=(50, 0, -100), others_lost=(40, 40, 0),
                    score=(114, 40, -196), money=(None, None, 0.5), money_total=0.5)
    sl = make_list(rows, games=2, signatures=None, footer=footer)
    assert _money(sl) == [("money.wrong", 3, False), ("money.total-wrong", None, False)]
    read = _read(sl, g1_p3_lost=_unsure(1, 2))
    assert _money(read) == [("money.wrong", 3, True), ("money.total-wrong", None, True)]
    assert lost_sure_findings(read, audit) == []


def test_a_running_total_beside_a_plus_rests_on_the_game_columns_that_may_make_it_a_lost_game():
    """Seat 1's "+20" for Kreuz mit 1 (24) beside his total -44: as read a won game and a slip in his total (expected
    20); his Grundwert 12 read in doubt, or 11 (Pik mit 1, 22), makes it a lost game written in the "+" column that
    charges 44, and -44 is right. So the running total's finding is the doubt's to tell (the second review of session
    50: only a row already a lost game as read named the columns)."""
    read = _read(_lost_one(plus=20, total=-44), g1_base=_unsure(12, 11))
    assert _found(audit(read), "running-total") == [(1, 1, "total.wrong", True)]
    assert _found(audit(settled(read, "g1.base", 11)), "running-total") == []
    assert lost_sure_findings(read, audit) == []


def test_the_passed_games_mark_read_in_doubt_decides_whether_a_rows_figures_count():
    """Seat 1 wrote "+24" and his total 0 in game 1, its passed game's mark read empty in doubt, or X: as read, a won
    game whose total is a slip, and his footer's Gew. 0 wrong; read X, the row is a passed game with figures in it (its
    own finding), no game he won. So those findings are the doubt's to tell (the second review of session 50)."""
    rows = [row(1, 3, 1, total=0, base=12, mit=1, plus=24), row(2, 3, 2, total=24, base=12, mit=1, plus=24)]
    footer = _footer(points=(0, 24, 0), won=(0, 1, 0), bonus=(0, 50, 0), score=(0, 74, 0))
    read = _read(make_list(rows, games=2, signatures=None, footer=footer), g1_passed=_unsure(False, True))
    told = [(f.key, f.seat, f.field, f.doubtful) for f in audit(read).findings if f.code in ("running-total", "footer")]
    assert told == [("total.wrong", 1, "total", True), ("footer.wrong", 1, "won", True),
                    ("footer.wrong", 1, "bonus", True), ("footer.wrong", 1, "score", True)]
    assert lost_sure_findings(read, audit) == []


def test_a_count_finding_in_a_row_several_seats_took_rests_on_their_penalty_points_read_in_doubt():
    """A home list that keeps counts: seat 1 won game 1 (24, Gew. 1), his penalty after it read empty in doubt, or 1;
    in game 2's "+24" he wrote 49 and Gew. 2, seat 2 wrote 24 without a count. As read, seat 2's 24 alone follows
    from the row (seat 1's 49 does not follow from 24): seat 2's game, and his Gew. missing; read 1, seat 1's 49
    follows too (25 + 24), the totals no longer tell whose game it was, and the count finding goes. So it is the
    doubt's to tell (the second review of session 50's sweep, seed 33429)."""
    rows = [row(1, 3, 1, total=24, won=1, base=12, mit=1, plus=24),
            Game(no=2, base=12, mit=1, plus=24, players=(SeatCells(total=49, won=2), SeatCells(total=24), SeatCells()))]
    sl = replace(make_list(rows, games=2, signatures=None, kind="home"),
                 penalties=(Penalty(after=1, seat=1, offence="other", points=(None, 0, 0)),))
    assert (2, 2, "counter.missing", False) in _found(audit(sl), "counter")
    read = _read(sl, penalty_1_points_1=_unsure(None, 1))
    assert (2, 2, "counter.missing", True) in _found(audit(read), "counter")
    assert lost_sure_findings(read, audit) == []


def test_a_rows_finding_rests_on_its_passed_mark_read_in_doubt():
    """Game 2's "+" 30 is no value of its Kreuz mit 1 (24): an error on paper. With the row's passed-game mark read in
    doubt (a stroke there, X or not), read X the row is a passed game and that finding goes (another takes its place):
    the finding is the doubt's to tell and names the mark; with the mark read surely, or in doubt between readings
    that are all no mark, it stays an error on paper."""
    rows = [row(1, 3, 1, total=24, base=12, mit=1, plus=24), row(2, 3, 2, total=30, base=12, mit=1, plus=30)]
    paper = make_list(rows, games=2, signatures=None)

    def value_plus(sl):
        return [(f.doubtful, "g2.passed" in f.cells) for f in audit(sl).findings if f.key == "value.plus"]

    assert value_plus(paper) == [(False, False)]
    assert value_plus(_read(paper, g2_passed=_unsure(False, True))) == [(True, True)]
    assert value_plus(_read(paper, g2_passed=_unsure(False, None))) == [(False, False)]
    assert value_plus(_read(paper, g1_passed=_unsure(False, True))) == [(False, False)]


def test_the_property_lists_whose_passed_mark_read_in_doubt_turned_a_sure_finding():
    """Lists of the property sweep (bench/bench_doubts.py) whose sure finding went when the referee read a played row's
    passed-game mark as X: seed 2640's "+" that is no value of its game (game 17), seed 3959's count (game 19); and
    three whose sure finding a count read in doubt in an earlier row made a doubt, when the marks of every earlier row
    of the row's declarer counted for it (seeds 10352 and 3025: a "+" finding; 15007: a running total, which follows
    from the seat's totals alone)."""
    for seed, seats, kind, penalties, doubts, ref in ((2640, 3, "tournament", False, 1, "g17.passed"),
                                                      (3959, 4, "private", True, 3, "g19.passed"),
                                                      (10352, 3, "tournament", False, 3, "g22.p3.won"),
                                                      (3025, 4, "tournament", False, 5, "g26.p3.lost"),
                                                      (15007, 4, "private", False, 3, "g15.p4.lost")):
        sl = doubtful_list(seed, seats, kind, penalties, doubts=doubts)
        assert ref in sl.doubtful_cells()
        assert lost_sure_findings(sl, audit) == []


def test_a_fall_after_a_row_whose_passed_mark_is_read_in_doubt_rests_on_the_mark():
    """Seat 1's total falls in game 2 beside a "+": a lost game written in the "+" column, an error on paper. With game
    1's passed-game mark read in doubt, read X game 1's total is a passed row's figure, the fall says nothing sure, and
    the finding is another one: it is the doubt's to tell, naming the mark (the reviewer's case)."""
    rows = [row(1, 3, 1, total=24, base=12, mit=1, plus=24), row(2, 3, 1, total=-24, base=12, mit=1, plus=24)]
    paper = make_list(rows, games=2, signatures=None)
    assert [(f.key, f.doubtful) for f in audit(paper).findings if f.game == 2] == [("value.column", False)]
    sl = _read(paper, g1_passed=_unsure(False, True))
    assert [(f.key, f.doubtful, "g1.passed" in f.cells) for f in audit(sl).findings if f.game == 2] == [
        ("value.column", True, True)]
    assert lost_sure_findings(sl, audit) == []


def test_a_rows_findings_its_passed_mark_does_not_turn_stay_errors_on_paper():
    """The home rules, an abandoned game without the online rule and a list longer than its series (its last row a
    game) are found the same whether the row is a passed game or not: the row's passed-game mark read in doubt leaves
    them errors on paper (not every finding about a row rests on its mark)."""
    mark = _unsure(False, True)
    home = [row(1, 3, 1, total=24, base=12, mit=1, plus=24), row(2, 3, 2, total=48, base=12, mit=1, plus=48, re=True)]
    abandoned = [row(1, 3, 1, total=-48, base=24, mit=1, minus=48, abandoned=Abandoned(1, "play"))]
    long = [row(n, 3, 1, total=24 * n, base=12, mit=1, plus=24) for n in range(1, 38)]
    cases = ((home, 2, {"home.re-without-kontra", "home.doubling-in-tournament"}),
             (abandoned, 1, {"abandoned.no-rule"}), (long, 37, {"count.too-many"}))
    for rows, no, keys in cases:
        paper = make_list(rows, games=no, signatures=None)
        sl = _read(paper, **{f"g{no}_passed": mark})
        for listed in (paper, sl):
            assert keys <= {f.key for f in audit(listed).findings if f.game == no and not f.doubtful}


def test_a_fall_rests_on_the_passed_marks_of_the_declarers_rows_before_it():
    """Seat 1 wins games 1 and 2 and his total falls by 24 beside a "+" in game 3: a lost game in the "+" column. With
    game 1's passed-game mark read in doubt, read X his first win moves no correction, and the fall is another
    finding: the doubt's to tell, though the finding's cells reach back only to game 2 (review 2's case)."""
    rows = [row(1, 3, 1, total=24, won=1, lost=0, base=12, mit=1, plus=24),
            row(2, 3, 1, total=48, won=2, lost=0, base=12, mit=1, plus=24),
            row(3, 3, 1, total=24, won=2, lost=0, base=12, mit=1, plus=24)]
    sl = _read(make_list(rows, games=3, signatures=None), g1_passed=_unsure(False, True))
    assert [(f.key, f.doubtful, "g1.passed" in f.cells) for f in audit(sl).findings if f.key == "value.column"] == [
        ("value.column", True, True)]
    assert lost_sure_findings(sl, audit) == []


def test_the_game_count_rests_on_the_passed_mark_of_a_row_holding_nothing_else():
    """A row holding only its passed-game X is blank when the X is read empty: the list's last used row, its gaps and
    open rows move with it. So a list of 37 rows whose 37th holds only an X read in doubt is too long only in doubt,
    and so is a row left open before it (review 2's cases); a mark read in doubt in another seat's row leaves a seat's
    wrong total an error on paper."""
    full = [row(n, 3, 1, total=24 * n, base=12, mit=1, plus=24) for n in range(1, 37)]
    sl = _read(make_list(full + [row(37, 3, None, passed=True)], games=37, signatures=None),
               g37_passed=_unsure(True, False))
    assert [(f.key, f.doubtful) for f in audit(sl).findings if f.code == "game-count"] == [("count.too-many", True)]
    assert lost_sure_findings(sl, audit) == []
    blank = Game(no=2, players=(SeatCells(),) * 3)
    sl = _read(make_list([row(1, 3, 1, total=24, base=12, mit=1, plus=24), blank, row(3, 3, None, passed=True)],
                         games=3, signatures=None), g3_passed=_unsure(True, False))
    assert {f.doubtful for f in audit(sl).findings if f.code == "game-count"} == {True}
    assert lost_sure_findings(sl, audit) == []
    rows = [row(1, 3, 1, total=24, base=12, mit=1, plus=24), row(2, 3, 2, total=24, base=12, mit=1, plus=24),
            row(3, 3, 1, total=50, base=12, mit=1, plus=24)]
    sl = _read(make_list(rows, games=3, signatures=None), g2_passed=_unsure(False, True))
    assert [(f.key, f.doubtful) for f in audit(sl).findings if f.code == "running-total"] == [("total.wrong", False)]


def test_a_gap_rests_on_a_later_passed_mark_and_a_struck_rows_figures_on_none():
    """On a private list the last used row says where the rows end: a row holding only an X read in doubt after a row
    left open makes the gap the doubt's to tell (review 1's case). A struck row with a value is told so whether its
    passed-game mark is read X or not: an error on paper either way."""
    rows = [row(1, 3, 1, total=24, base=12, mit=1, plus=24), row(2, 3, 2, total=24, base=12, mit=1, plus=24),
            row(3, 3), row(4, 3, passed=True)]
    sl = _read(make_list(rows, games=4, signatures=None, kind="private"), g4_passed=_unsure(True, False))
    assert [(f.key, f.game, f.doubtful) for f in audit(sl).findings if f.code == "game-count"] == [
        ("count.gap", 3, True)]
    assert lost_sure_findings(sl, audit) == []
    rows = [row(1, 3, 1, total=24, base=12, mit=1, plus=24), row(2, 3, 1, total=24, plus=24, crossed_out=True)]
    sl = _read(make_list(rows, games=2, signatures=None), g2_passed=_unsure(False, True))
    assert [(f.key, f.doubtful) for f in audit(sl).findings if f.code == "passed-game"] == [("struck.value", False)]
