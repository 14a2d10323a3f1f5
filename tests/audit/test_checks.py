"""Each finding code on a small hand-checked list: the right code, game, seat, figures."""
from dataclasses import replace

from audit.auditor import audit
from audit.model import CellReading, Footer, Game, SeatCells
from audit.settings import Settings

from .builders import make_list, row


def codes(sl, settings=Settings(), severities=("error", "warning", "doubt")):
    return [(f.code, f.game, f.seat, f.written, f.expected)
            for f in audit(sl, settings).findings if f.severity in severities]


def test_clean_rows_give_nothing():
    sl = make_list([row(1, 3, seat=1, total=24, base=12, mit=1, plus=24),
                    row(2, 3, seat=2, total=-40, base=10, ohne=1, minus=40)], signatures=None)
    assert codes(sl, severities=("error",)) == []


def test_value_mismatch_plus():
    sl = make_list([row(1, 3, seat=1, total=48, base=12, mit=2, plus=48)], signatures=None)
    assert codes(sl, severities=("error",)) == [("value-mismatch", 1, None, 48, 36)]


def test_single_counted_loss():
    sl = make_list([row(1, 3, seat=2, total=-27, base=9, mit=2, minus=27)], signatures=None)
    assert codes(sl, severities=("error",)) == [("single-counted-loss", 1, None, 27, 54)]


def test_lost_value_wrong_but_not_single():
    sl = make_list([row(1, 3, seat=2, total=-50, base=9, mit=2, minus=50)], signatures=None)
    assert codes(sl, severities=("error",)) == [("value-mismatch", 1, None, 50, 54)]


def test_overbid_is_info_with_the_bid_range():
    sl = make_list([row(1, 3, seat=3, total=-54, base=9, mit=1, minus=54)], signatures=None)
    found = [f for f in audit(sl).findings if f.code == "overbid"]
    assert len(found) == 1 and found[0].severity == "info"
    assert found[0].extra["bids"] == [20, 22, 23, 24, 27]
    assert "20" in found[0].message("de") and "27" in found[0].message("de")
    assert codes(sl, severities=("error",)) == []


def test_an_overbid_charged_at_the_bid_says_what_the_bid_charges():
    """The list keeper's common slip with an overbid game (reference 001, "Typische Fehler": not the bid is charged
    but the next multiple of the Grundwert reaching it, "bei Karo und gereizten 24 also 27, nicht 24"): Karo mit 1
    (worth 18) written "-" 48, twice the bid 24. It is a wrong value, as before, and the finding now says what an
    overbid at 24 is charged: 2 x 27 = 54 (rules.md 2). The correction invents no bid: the lower written fact."""
    sl = make_list([row(1, 3, seat=3, total=-48, base=9, mit=1, minus=48)], signatures=None)
    assert codes(sl, severities=("error",)) == [("value-mismatch", 1, None, 48, 36)]
    f = next(f for f in audit(sl).findings if f.code == "value-mismatch")
    assert (f.extra["bid"], f.extra["overbid_charge"]) == (24, 54)
    assert "bei 24 überreizt" in f.message("de") and "doppelt: 54 (ISkO 3.6)" in f.message("de")
    assert "overbid at 24" in f.message("en") and "twice: 54" in f.message("en")
    assert audit(sl).corrected.sl.games[0].minus == 48
    herz = make_list([row(1, 3, seat=3, total=-44, base=10, mit=1, minus=44)], signatures=None)  # bid 22: 2 x 30
    assert next(f for f in audit(herz).findings if f.code == "value-mismatch").extra["overbid_charge"] == 60
    # a wrong value that is not twice a bid (50: 25 is none; the bid 50 written once would be two slips), and a
    # single loss, say nothing of a bid
    for minus in (50, 36 // 2):
        other = make_list([row(1, 3, seat=3, total=-minus, base=9, mit=1, minus=minus)], signatures=None)
        assert all("bid" not in f.extra for f in audit(other).findings)


def test_impossible_values_are_findings_not_crashes():
    rows = [row(1, 3, seat=1, total=24, base=13, mit=1, plus=24),
            row(2, 3, seat=2, total=36, base=12, mit=12, plus=36),
            row(3, 3, seat=3, total=48, base=24, mit=5, plus=48),
            row(4, 3, seat=1, total=68, base=10, mit=1, schneider_announced=True, plus=44)]
    found = codes(make_list(rows, signatures=None), severities=("error",))
    assert [(c, g) for c, g, *_ in found] == [("impossible-value", n) for n in (1, 2, 3, 4)]


def test_running_total_reported_once_where_it_happens():
    rows = [row(1, 3, seat=1, total=24, base=12, mit=1, plus=24),
            row(2, 3, seat=1, total=70, base=12, mit=1, plus=24),     # 24 + 24 = 48, not 70
            row(3, 3, seat=1, total=94, base=12, mit=1, plus=24)]     # carries on from 70: fine
    assert codes(make_list(rows, signatures=None), severities=("error",)) == [("running-total", 2, 1, 70, 48)]


def test_counter_rises_by_one():
    rows = [row(1, 3, seat=1, total=24, won=1, base=12, mit=1, plus=24),
            row(2, 3, seat=1, total=48, won=3, base=12, mit=1, plus=24),
            row(3, 3, seat=1, total=0, lost=1, base=12, mit=1, minus=48)]
    assert codes(make_list(rows, signatures=None), severities=("error",)) == [("counter", 2, 1, 3, 2)]


def test_a_count_in_the_wrong_column_is_one_slip_resting_on_both_cells():
    """Won, but the "1" stands in Verl. (or on the line between the columns, read in the Verl. cell): the count not
    continued and the count in the wrong column are one slip, both errors when read surely, both doubtful when
    either cell is in doubt (the sample skatscan-4-errors, game 16: the "1" read in Verl. in doubt, Gew. read empty
    surely, had the missing count shown as the keeper's error)."""
    rows = [row(1, 3, seat=1, total=24, won=1, base=12, mit=1, plus=24),
            row(2, 3, seat=1, total=48, lost=1, base=12, mit=1, plus=24)]
    sl = make_list(rows, signatures=None)
    assert codes(sl, severities=("error",)) == [("counter", 2, 1, None, 2), ("counter", 2, 1, 1, 0)]
    for doubted in ("g2.p1.lost", "g2.p1.won"):
        value = 1 if doubted.endswith("lost") else None
        read = CellReading(value, 0.98, ((value, 0.98), (2 if value else 1, 0.01)), doubtful=True, reason="row")
        found = [f for f in audit(replace(sl, readings={doubted: read})).findings if f.code == "counter"]
        assert len(found) == 2 and all(f.doubtful for f in found), doubted
    # a right count beside a stray figure in the other column: only that figure's finding, on its own cell
    stray = make_list([rows[0], row(2, 3, seat=1, total=48, won=2, lost=1, base=12, mit=1, plus=24)], signatures=None)
    won = CellReading(2, 0.98, ((2, 0.98),), doubtful=True, reason="row")
    found = [f for f in audit(replace(stray, readings={"g2.p1.won": won})).findings if f.code == "counter"]
    assert [(f.written, f.doubtful) for f in found] == [(1, False)]


def test_several_declarers_and_dealer():
    rows = [row(1, 4, seat=2, total=24, base=12, mit=1, plus=24),
            row(2, 4, seat=2, total=48, base=12, mit=1, plus=24)]      # seat 2 deals game 2
    rows[0] = replace(rows[0], players=(SeatCells(), SeatCells(total=24), SeatCells(total=30), SeatCells()))
    found = codes(make_list(rows, seats=4, signatures=None), severities=("error",))
    assert ("several-declarers", 1, None, [2, 3], None) in found
    assert ("dealer-declared", 2, 2, 2, None) in found


def test_a_row_struck_between_games_passes_no_deal():
    """Four seats, seat 1 deals game 1: seat 2 deals the second deal. A row struck through between the games (a
    keeper's wrong row, here with its slip in it, or a misdeal) passes no deal: the same dealer deals again, and seat 3
    declaring row 3 is no dealer (before, the rows were counted and seat 3 was called row 3's dealer). Seat 2
    declaring row 3 is; the struck rows after the last game change nothing."""
    struck = row(2, 4, seat=3, total=36, base=12, mit=2, plus=36, crossed_out=True)
    rows = [row(1, 4, seat=2, total=24, base=12, mit=1, plus=24), struck, row(3, 4, seat=3, total=24, base=12, mit=1,
                                                                              plus=24)]
    assert [c for c in codes(make_list(rows, seats=4, signatures=None)) if c[0] == "dealer-declared"] == []
    blank = Game(no=2, crossed_out=True, players=tuple(SeatCells() for _ in range(4)))
    rows[1:] = [blank, row(3, 4, seat=2, total=48, base=12, mit=1, plus=24)]
    found = codes(make_list(rows, seats=4, signatures=None))
    assert [c for c in found if c[0] == "dealer-declared"] == [("dealer-declared", 3, 2, 2, None)]


def test_a_struck_row_the_correction_counts_as_a_lost_game_passes_the_deal():
    """Seat 1 deals game 1. Row 2 is struck through, yet seat 3 wrote "-" 48 there: the correction counts it as a lost
    game played (the lower reading), so it passes the deal too: seat 3 deals row 3 and seat 3 declaring it is the
    dealer, seat 2 is not (before: the struck row passed no deal, the other way round)."""
    struck = row(2, 4, seat=3, total=-48, base=12, mit=1, minus=48, crossed_out=True)
    first = row(1, 4, seat=2, total=24, base=12, mit=1, plus=24)
    rows = [first, struck, row(3, 4, seat=2, total=48, base=12, mit=1, plus=24)]
    assert [c for c in codes(make_list(rows, seats=4, signatures=None)) if c[0] == "dealer-declared"] == []
    rows[2] = row(3, 4, seat=3, total=-24, base=12, mit=1, plus=24)
    found = codes(make_list(rows, seats=4, signatures=None))
    assert [c for c in found if c[0] == "dealer-declared"] == [("dealer-declared", 3, 3, 3, None)]


def test_dealer_follows_first_dealer():
    rows = [row(1, 4, seat=3, total=24, base=12, mit=1, plus=24)]
    assert not codes(make_list(rows, seats=4, signatures=None), severities=("error",))
    sl = make_list(rows, seats=4, signatures=None, first_dealer=3)
    assert codes(sl, severities=("error",)) == [("dealer-declared", 1, 3, 3, None)]


def test_passed_game_with_a_value():
    rows = [row(1, 3, passed=True, plus=24)]
    assert codes(make_list(rows, signatures=None), severities=("error",)) == [("passed-game", 1, None, 24, None)]


def test_footer_money_and_signatures():
    rows = [row(1, 3, seat=1, total=24, base=12, mit=1, plus=24),
            row(2, 3, seat=2, total=-40, base=10, ohne=1, minus=40)]
    footer = Footer(points=(24, -40, 0), won=(1, 0, 0), lost=(0, 1, 0), bonus=(50, -50, 0),
                    others_lost=(40, 0, 40), score=(114, -90, 40), money=(None, 0.5, None), money_total=0.5)
    sl = make_list(rows, footer=footer)
    assert codes(sl) == []
    wrong = replace(footer, others_lost=(40, 0, 30), money=(None, 1.0, None))
    sl = replace(make_list(rows, footer=wrong), signatures=(True, False, True))
    assert codes(sl) == [("footer", None, 3, 30, 40), ("money", None, 2, 1.0, 0.5),
                         ("missing-signature", None, 2, None, None)]


def test_game_count():
    rows = [row(1, 3, seat=1, total=24, base=12, mit=1, plus=24)]
    ended = make_list(rows, signatures=None, games=36)
    assert [f.severity for f in audit(ended).findings if f.code == "game-count"] == ["info"]
    open_rows = make_list(rows, signatures=None, games=1)   # rows 2..36 neither written nor crossed
    assert codes(open_rows, severities=("warning",))[0][:2] == ("game-count", 2)
    too_many = make_list([row(n, 3, seat=1, total=24 * n, base=12, mit=1, plus=24) for n in range(1, 6)],
                         signatures=None)
    assert codes(too_many, Settings(games=4), severities=("error",)) == [("game-count", 5, None, 5, 4)]


def test_reader_doubt_marks_the_findings_that_rest_on_it():
    rows = [row(1, 3, seat=1, total=48, base=12, mit=2, plus=48)]
    sl = make_list(rows, signatures=None)
    sl = replace(sl, readings={"g1.plus": CellReading(48, 0.41, ((48, 0.41), (36, 0.38)), doubtful=True)})
    a = audit(sl)
    assert a.status == "reading-doubts"
    mismatch = [f for f in a.findings if f.code == "value-mismatch"]
    assert mismatch and mismatch[0].doubtful          # may be a misreading: not a paper error
    assert not a.errors
    doubt = [f for f in a.findings if f.code == "unreadable"][0]
    assert doubt.severity == "doubt" and doubt.candidates == ((48, 0.41), (36, 0.38))


def _doubt(value):
    return CellReading(value, 0.5, ((value, 0.5), (value + 100, 0.3)), doubtful=True)


def test_a_chain_finding_rests_on_the_figures_it_compares_with():
    """A running total (or count) is checked against the seat's previous total (count) and the row's value:
    when the reader doubts one of those, the finding may be its misreading, not the keeper's error."""
    rows = [row(1, 3, seat=1, total=24, won=1, base=12, mit=1, plus=24),
            row(2, 3, seat=1, total=48, won=2, base=12, mit=1, plus=24)]
    sl = make_list(rows, signatures=None)
    assert codes(sl, severities=("error",)) == []
    # the previous total misread (24 -> 124): row 2's total, 50, disagrees with it (48, the figure the correction
    # gives, would not: test_chained_figures)
    misread = replace(sl, games=(replace(rows[0], players=(SeatCells(total=124, won=1), SeatCells(), SeatCells())),
                                 replace(rows[1], players=(SeatCells(total=50, won=2), SeatCells(), SeatCells())),
                                 *sl.games[2:]))
    found = [f for f in audit(misread).findings if f.code == "running-total"]
    assert [(f.game, f.cells) for f in found] == [(1, ("g1.p1.total", "g1.plus")),
                                                  (2, ("g2.p1.total", "g2.plus", "g1.p1.total"))]
    assert not any(f.doubtful for f in found)                             # read surely: the paper's errors
    doubted = replace(misread, readings={"g1.p1.total": _doubt(124)})
    a = audit(doubted)
    found = [f for f in a.findings if f.code == "running-total"]
    assert [f.doubtful for f in found] == [True, True]                   # read in doubt: the referee looks
    assert not [f for f in a.errors if f.code == "running-total"]
    # the previous count misread (1 -> 3), in doubt: the counter finding of row 2 is doubtful too
    counted = replace(sl, games=(replace(rows[0], players=(SeatCells(total=24, won=3), SeatCells(), SeatCells())),
                                 *sl.games[1:]), readings={"g1.p1.won": _doubt(3)})
    found = [f for f in audit(counted).findings if f.code == "counter"]
    assert found and all(f.doubtful for f in found) and "g1.p1.won" in found[0].cells


def test_footer_and_money_findings_rest_on_the_rows_they_follow_from():
    """The footer's figures follow from the rows: a footer or money finding is doubtful when the reader doubts
    a cell of the rows it follows from (a seat's own games for his counts, bonus and money, the others' games
    for their lost games), and stays an error when the doubt lies elsewhere. How many games a player lost his
    footer's "Verl." line says too: where it says the rows' count, read surely, his money rests on that line, not on
    the rows; read in doubt, on the rows, which say how much is owed whatever the line holds."""
    rows = [row(1, 3, seat=1, total=24, base=12, mit=1, plus=24),
            row(2, 3, seat=2, total=-40, base=10, ohne=1, minus=40)]
    footer = Footer(points=(24, -40, 0), won=(1, 0, 0), lost=(0, 1, 0), bonus=(50, -50, 0),
                    others_lost=(40, 0, 30), score=(114, -90, 40), money=(None, 1.0, None), money_total=0.5)
    sl = make_list(rows, footer=footer)        # seat 3's others_lost 30 (40 is right), seat 2's money 1.00 (0.50)
    no_line = replace(footer, lost=(0, None, 0))   # seat 2's lost games written nowhere but in the rows

    def found(readings, f=footer):
        a = audit(replace(sl, footer=f, readings=readings))
        return {(x.code, x.seat): x.doubtful for x in a.findings if x.code in ("footer", "money") and x.seat}

    assert found({}) == {("footer", 3): False, ("money", 2): False}
    doubt = CellReading(40, 0.5, ((40, 0.5), (48, 0.3)), doubtful=True)
    # seat 2's "-" in doubt: seat 3's count of the others' lost games may be a misreading, and so may seat 2's
    # money where only the rows say how many games he lost
    assert found({"g2.minus": doubt}, no_line)[("money", 2)] is True
    assert found({"g2.minus": doubt}) == {("footer", 3): True, ("money", 2): False}
    assert found({"footer.lost.2": replace(doubt, value=1)})[("money", 2)] is False
    # seat 1's "+" in doubt: neither follows from it
    assert found({"g1.plus": replace(doubt, value=24)}) == {("footer", 3): True, ("money", 2): False}
    assert found({"g1.plus": replace(doubt, value=24)}, no_line)[("money", 2)] is False

    # no amount written where one is owed: what is owed follows from the seat's rows too, and so does the table's
    # total, so a "missing" finding is as doubtful as a "wrong" one (photo 7025 of seed 7: a misread row in doubt
    # gave seat 1 a lost game, and its empty amount was shown as the keeper's slip); a footer line that says the
    # rows' count answers for them
    unpaid = make_list(rows, footer=replace(footer, others_lost=(40, 0, 40), money=(None, None, None),
                                            money_total=None))

    def missing(readings, lost=footer.lost):
        a = audit(replace(unpaid, footer=replace(unpaid.footer, lost=lost), readings=readings))
        return {f.key: f.doubtful for f in a.findings if f.code == "money"}

    assert missing({}) == {"money.missing": False, "money.total-missing": False}
    assert missing({"g2.minus": doubt}, (0, None, 0)) == {"money.missing": True, "money.total-missing": True}
    assert missing({"g1.plus": replace(doubt, value=24)}, (None, None, None)) == \
        {"money.missing": False, "money.total-missing": True}
    assert missing({"g2.minus": doubt}) == {"money.missing": False, "money.total-missing": False}


def test_a_doubt_about_which_figure_a_row_holds_leaves_its_counts_sure():
    """How many games a seat won and lost follows from which rows he declared and whether their figure stands in
    "+" or "-", not from the figures: a "-" read 40 or 48 (or a total read 265 or 266, seed 9's photo 9005) leaves the
    footer's counts and the money sure where the reader surely saw a figure there (the figures among its candidates
    together at the bar and its doubt about the value: below the bar, chosen by the arithmetic). A "-" that may be
    empty, or a figure its column cannot hold (ink run over from "+"), leaves them in doubt."""
    rows = [row(1, 3, seat=1, total=24, base=12, mit=1, plus=24),
            row(2, 3, seat=2, total=-40, base=10, ohne=1, minus=40)]
    footer = Footer(points=(24, -40, 0), won=(1, 0, 0), lost=(0, 1, 0), bonus=(50, -50, 0),
                    others_lost=(40, 0, 30), score=(114, -90, 40), money=(None, 1.0, None), money_total=0.5)
    sl = make_list(rows, footer=replace(footer, lost=(0, None, 0)))     # seat 3's others_lost 30, seat 2's money 1.00

    def found(reading):
        a = audit(replace(sl, readings={"g2.minus": reading}))
        return {(x.code, x.seat): x.doubtful for x in a.findings if x.key in ("footer.wrong", "money.wrong")}

    figures = CellReading(40, 0.5, ((40, 0.5), (48, 0.4)), doubtful=True, reason="bar")
    assert figures.holds_a_figure
    assert found(figures) == {("footer", 3): False, ("money", 2): False}
    assert found(replace(figures, reason="arithmetic", chosen_by="arithmetic")) == \
        {("footer", 3): False, ("money", 2): False}
    for unsure in (replace(figures, candidates=((40, 0.5), (None, 0.3), (48, 0.1))),     # perhaps no figure
                   replace(figures, candidates=((40, 0.5), (48, 0.3))),                  # too little seen
                   replace(figures, reason="column"), replace(figures, reason="row")):
        assert not unsure.holds_a_figure
        assert found(unsure) == {("footer", 3): True, ("money", 2): True}


def test_an_incomplete_row_rests_on_what_makes_it_a_played_row():
    """A row with a declarer but no "+" or "-", a value without a game, a value without a declarer: each is the
    keeper's slip when read surely, and a reading doubt when a cell that makes the row a played one (the
    declarer's figures, the game columns, the value, the seats' empty cells) is in doubt (seed 7's photo 7022: a
    stroke through an unused row read as a total "1" in doubt made a declarer of seat 2)."""
    def found(rows, readings):
        a = audit(replace(make_list(rows, signatures=None), readings=readings))
        return {f.key: f.doubtful for f in a.findings if f.code == "incomplete-row"}

    def doubt(value):
        return CellReading(value, 0.5, ((value, 0.5), (None, 0.3)), doubtful=True)

    no_value = [row(1, 3, seat=2, total=1)]
    assert found(no_value, {}) == {"incomplete.no-value": False}
    assert found(no_value, {"g1.p2.total": doubt(1)}) == {"incomplete.no-value": True}
    assert found(no_value, {"g1.p3.total": doubt(None)}) == {"incomplete.no-value": False}
    assert found(no_value, {"g1.plus": doubt(None)}) == {"incomplete.no-value": True}
    game_no_value = [row(1, 3, base=12, mit=1)]           # a game written, nobody's figures, no value
    assert found(game_no_value, {"g1.base": doubt(12)}) == {"incomplete.no-value": True}
    # with a declarer read surely, a doubt on the game columns does not make the missing value a reading doubt
    both = [row(1, 3, seat=2, total=24, base=12, mit=1)]
    assert found(both, {"g1.base": doubt(12)}) == {"incomplete.no-value": False}
    no_game = [row(1, 3, seat=1, total=24, plus=24)]
    assert found(no_game, {}) == {"incomplete.no-game": False}
    assert found(no_game, {"g1.ohne": doubt(None)}) == {"incomplete.no-game": True}
    no_declarer = [row(1, 3, base=12, mit=1, plus=24)]
    assert found(no_declarer, {}) == {"declarers.none": False}
    assert found(no_declarer, {"g1.p3.total": doubt(None)}) == {"declarers.none": True}
    assert found(no_declarer, {"g1.mit": doubt(1)}) == {"declarers.none": False}


def test_a_game_value_finding_rests_on_every_game_column():
    """The value a "+" is checked against is computed from Grundwert, mit/ohne and the marks: a mit read 1 for
    a 2 makes a right "+36" look wrong, so a doubt on any of those columns makes the finding doubtful."""
    sl = make_list([row(1, 3, seat=1, total=36, base=12, mit=1, plus=36)], signatures=None)
    found = [f for f in audit(sl).findings if f.code == "value-mismatch"]
    assert len(found) == 1 and not found[0].doubtful and found[0].cells[0] == "g1.plus"
    for ref in ("g1.mit", "g1.base", "g1.hand", "g1.schneider"):
        a = audit(replace(sl, readings={ref: _doubt(1)}))
        assert [f.doubtful for f in a.findings if f.code == "value-mismatch"] == [True], ref
    a = audit(replace(sl, readings={"g2.mit": _doubt(1)}))                 # another row's doubt: still an error
    assert [f.doubtful for f in a.findings if f.code == "value-mismatch"] == [False]


def test_who_played_rests_on_the_seats_totals_and_counts():
    """A seat played a row when its total or a count is written there: a count read in an empty cell makes two
    declarers, and when that reading is in doubt the finding is a doubt, not the keeper's error."""
    sl = make_list([row(1, 3, seat=1, total=24, won=1, base=12, mit=1, plus=24)], signatures=None)
    g = sl.games[0]
    two = replace(sl, games=(replace(g, players=(g.players[0], SeatCells(won=1), g.players[2])), *sl.games[1:]))
    found = [f for f in audit(two).findings if f.code == "several-declarers"]
    assert len(found) == 1 and not found[0].doubtful and "g1.p2.won" in found[0].cells
    doubted = audit(replace(two, readings={"g1.p2.won": _doubt(1)}))
    found = [f for f in doubted.findings if f.code == "several-declarers"]
    assert [f.doubtful for f in found] == [True]


def test_a_chain_finding_rests_on_the_rows_read_empty_between():
    """The previous total is the last one written in the seat's column: the cells passed over were read
    empty, and had one of them been misread as empty the previous total would be another."""
    rows = [row(1, 3, seat=1, total=24, base=12, mit=1, plus=24),
            row(2, 3, seat=2, total=24, base=12, mit=1, plus=24),
            row(3, 3, seat=1, total=148, base=12, mit=1, plus=24)]       # 48 is right: an error on paper
    sl = make_list(rows, signatures=None)
    found = [f for f in audit(sl).findings if f.code == "running-total" and f.game == 3]
    assert [(f.cells, f.doubtful) for f in found] == [(("g3.p1.total", "g3.plus", "g2.p1.total", "g1.p1.total"),
                                                       False)]
    empty = CellReading(None, 0.5, ((None, 0.5), (24, 0.3)), doubtful=True)
    found = [f for f in audit(replace(sl, readings={"g2.p1.total": empty})).findings
             if f.code == "running-total" and f.game == 3]
    assert [f.doubtful for f in found] == [True]


def test_a_doubted_amount_shows_its_candidates_as_money():
    """The referee reads "1,00" and "10,00", not the floats 1.0 and 10.0; nothing is shown as ∅."""
    sl = make_list([row(1, 3, seat=1, total=24, base=12, mit=1, plus=24)], signatures=None)
    doubt = CellReading(1.0, 0.49, ((1.0, 0.49), (10.0, 0.3), (None, 0.1)), doubtful=True)
    found = [f for f in audit(replace(sl, readings={"footer.money.1": doubt})).findings if f.code == "unreadable"]
    assert len(found) == 1 and "1,00, 10,00, ∅" in found[0].message("de")


def test_a_doubt_says_which_value_was_taken_when_it_is_not_the_readers_best():
    """A value the row's arithmetic or the column chose among the candidates is named in the message (the
    candidates stay in the reader's order, so the first is not the one taken)."""
    sl = make_list([row(1, 3, seat=1, total=24, base=12, mit=1, plus=24)], signatures=None)
    arith = CellReading(24, 0.4, ((21, 0.4), (27, 0.3), (24, 0.01)), doubtful=True, chosen_by="arithmetic",
                        reason="arithmetic")
    column = CellReading(3.0, 0.6, ((300.0, 0.6), (3.0, 0.35)), doubtful=True, chosen_by="column", reason="bar")
    readings = {"g1.plus": arith, "footer.money_total": column}
    found = {f.cells[0]: f for f in audit(replace(sl, readings=readings)).findings if f.code == "unreadable"}
    assert "(21, 27, 24) wurde 24 genommen" in found["g1.plus"].message("de")
    assert "24 was taken" in found["g1.plus"].message("en")
    assert "genommen wurde 3,00, der beste Kandidat" in found["footer.money_total"].message("de")
    assert "300,00, 3,00" in found["footer.money_total"].message("de")


def test_a_blank_or_open_row_rests_on_the_cells_read_empty_in_it():
    """A row is blank (a gap between games) or left open after them because every cell of it was read empty: on
    a photographed list the game-count warning rests on those cells, and a doubt among them (a mark or a figure
    the reader was unsure of) makes it a doubtful finding; a typed list (no readings) is unchanged."""
    rows = [row(1, 3, seat=1, total=24, base=12, mit=1, plus=24), row(3, 3, seat=1, total=48, base=12, mit=1, plus=24)]
    sl = make_list(rows, signatures=None, games=36)
    gap = [f for f in audit(sl).findings if f.code == "game-count" and f.game == 2]
    assert [(f.cells, f.doubtful) for f in gap] == [(("g2.no",), False)]
    empty = CellReading(None, 0.99, ((None, 0.99),))
    unsure = CellReading(False, 0.6, ((False, 0.6), (True, 0.4)), doubtful=True)
    read = replace(sl, readings={"g2.base": empty, "g2.passed": unsure, "g3.base": empty})
    gap = [f for f in audit(read).findings if f.code == "game-count" and f.game == 2]
    assert [(f.cells, f.doubtful) for f in gap] == [(("g2.no", "g2.base", "g2.passed"), True)]
    sure = replace(read, readings={"g2.base": empty, "g2.passed": replace(unsure, doubtful=False)})
    assert [f.doubtful for f in audit(sure).findings if f.code == "game-count" and f.game == 2] == [False]
    # rows 4..36 left open: the warning rests on what was read in them
    open_rows = make_list(rows, signatures=None, games=3)
    found = [f for f in audit(replace(open_rows, readings={"g5.p2.total": _doubt(24)})).findings
             if f.code == "game-count" and f.severity == "warning" and f.game == 4]
    assert [(f.cells, f.doubtful) for f in found] == [(("g5.p2.total",), True)]


def test_a_value_a_relation_chose_is_told_as_making_its_row_add_up_where_it_does():
    """A total a row's relation chose (reason "chain": "612" read "62" at 0.93, seed 7's 7009): where the row as the
    list holds it has no finding left, the doubt says the value makes the row add up; where the row still has one
    (its game's value wrong on paper), it says the relation agrees though the whole row does not."""
    chosen = CellReading(24, 0.93, ((4, 0.93), (24, 0.02)), doubtful=True, reason="chain", chosen_by="arithmetic")
    clean = make_list([row(1, 3, seat=1, total=24, base=12, mit=1, plus=24)], signatures=None)
    keys = [f.key for f in audit(replace(clean, readings={"g1.p1.total": chosen})).findings if f.code == "unreadable"]
    assert keys == ["unreadable.arithmetic"]
    assert "womit die Zeile aufgeht" in [f for f in audit(replace(clean, readings={"g1.p1.total": chosen})).findings
                                         if f.code == "unreadable"][0].message()
    wrong = make_list([row(1, 3, seat=1, total=48, base=12, mit=2, plus=48)], signatures=None)
    chosen = replace(chosen, value=48, candidates=((8, 0.93), (48, 0.02)))
    findings = audit(replace(wrong, readings={"g1.p1.total": chosen})).findings
    assert [f.key for f in findings if f.code == "unreadable"] == ["unreadable.chain"]
    assert [f.code for f in findings if f.game == 1 and f.code != "unreadable"] == ["value-mismatch"]
    told = [f for f in findings if f.code == "unreadable"][0].message("en")
    assert "which agrees with the figure before it and the row's value, though the whole row does not" in told
    # a cell of the game chosen with the game without its counts: told so ("+" 48 in the same wrong row)
    plus = CellReading(48, 0.6, ((45, 0.6), (48, 0.3)), doubtful=True, reason="chain", chosen_by="arithmetic")
    findings = audit(replace(wrong, readings={"g1.plus": plus})).findings
    told = [f for f in findings if f.code == "unreadable"]
    assert [f.key for f in told] == ["unreadable.chain-game"]
    assert "makes the row's game add up without its counts" in told[0].message("en")


def test_a_footers_score_rests_on_the_last_totals_value_and_on_the_other_rows_holding_figures():
    """A seat's score is his points (his last total) plus what the rows he and the others declared give by holding a
    figure: a doubt about his last total makes a score finding doubtful, though that total is one of the declared
    cells too (it was counted among the cells a finding rests on for holding a figure only, and a doubt about it did
    not count); a doubt about another seat's total, which counts for holding a figure, does not."""
    rows = [row(1, 3, seat=1, total=24, base=12, mit=1, plus=24),
            row(2, 3, seat=2, total=-40, base=10, ohne=1, minus=40)]
    footer = Footer(points=(24, -40, 0), won=(1, 0, 0), lost=(0, 1, 0), bonus=(50, -50, 0),
                    others_lost=(40, 0, 40), score=(120, -90, 40), money=(None, 0.5, None),
                    money_total=0.5)                                   # seat 1's score 114
    sl = make_list(rows, footer=footer)
    doubt = CellReading(24, 0.6, ((24, 0.6), (34, 0.35)), doubtful=True, reason="bar")     # surely a figure

    def score(readings):
        return [(f.doubtful, f.presence) for f in audit(replace(sl, readings=readings)).findings
                if f.code == "footer" and f.seat == 1 and f.field == "score"]

    [(doubtful, presence)] = score({})
    assert not doubtful and "g1.p1.total" not in presence and "g2.p2.total" in presence
    assert score({"g1.p1.total": doubt})[0][0] is True
    assert score({"g2.p2.total": replace(doubt, value=-40, candidates=((-40, 0.6), (-46, 0.35)))})[0][0] is False


def test_a_footer_line_a_relation_chose_is_told_as_making_the_footer_add_up_where_it_does():
    """A seat's score its footer's sum chose (reason "chain", seed 10's 10000: "1231" read "231"): with that seat's
    footer agreeing, the doubt says the value makes it add up; with a footer line wrong on paper beside it, it says
    the relation agrees though the whole does not."""
    chosen = CellReading(74, 0.83, ((7, 0.83), (74, 0.10)), doubtful=True, reason="chain", chosen_by="arithmetic")
    rows = [row(1, 3, seat=1, total=24, won=1, base=12, mit=1, plus=24)]
    right = Footer((24, 0, 0), (1, 0, 0), (0, 0, 0), (50, 0, 0), (0, 0, 0), (74, 0, 0), (None, None, None))
    clean = make_list(rows, footer=right)
    findings = audit(replace(clean, readings={"footer.score.1": chosen})).findings
    assert [f.code for f in findings if f.severity != "info" and f.code != "unreadable"] == []
    assert [f.key for f in findings if f.code == "unreadable"] == ["unreadable.arithmetic"]
    wrong = make_list(rows, footer=replace(right, bonus=(60, 0, 0), score=(84, 0, 0)))
    findings = audit(replace(wrong, readings={"footer.score.1": replace(chosen, value=84)})).findings
    assert "footer" in {f.code for f in findings if f.seat == 1}
    told = [f for f in findings if f.code == "unreadable"]
    assert [f.key for f in told] == ["unreadable.chain-footer"]
    assert "makes this footer line agree on its own" in told[0].message("en")
    assert "Abschluss dieses Spielers als Ganzes nicht aufgeht" in told[0].message("de")


def test_a_list_that_does_not_record_the_signatures_says_so():
    """A typed list without signatures (JSON without "signatures", a CSV without the "Unterschrift" line) cannot show
    whether everybody signed (SkWO 7.2.3): a warning says so (before: "in Ordnung" and nothing); no error, the
    status stays as it is."""
    from audit.auditor import audit
    from tests.audit.builders import make_list, row
    a = audit(make_list([row(1, 3, seat=1, total=24, base=12, mit=1, plus=24)], signatures=None))
    notes = [f for f in a.findings if f.code == "missing-signature"]
    assert [(f.severity, f.key) for f in notes] == [("warning", "signature.unrecorded")]
    assert "SkWO 7.2.3" in notes[0].message("de") and not a.errors and a.status == "clean"
    assert not [f for f in audit(make_list([row(1, 3, seat=1, total=24, base=12, mit=1, plus=24)])).findings
                if f.code == "missing-signature"]


def test_a_struck_row_with_a_game_names_its_declarer_not_the_first_seat_that_wrote():
    from dataclasses import replace as _replace

    from audit.auditor import audit
    from audit.model import SeatCells
    from tests.audit.builders import make_list, row
    r2 = row(2, 3, seat=2, total=24, base=12, mit=1, plus=24)
    r2 = _replace(r2, crossed_out=True, players=(SeatCells(total=14), r2.players[1], r2.players[2]))
    sl = make_list([row(1, 3, seat=1, total=24, base=12, mit=1, plus=24), r2])
    assert [(f.key, f.seat) for f in audit(sl).findings if f.code == "passed-game"] == [("struck.value", 2)]


def test_a_start_number_read_in_doubt_names_its_seat_and_its_text():
    """The contract review of session 52: an unreadable start number's finding had seat null and written 68 (a number)
    beside "68" in the list's start numbers; it names the seat, and the figure as the list holds it."""
    sl = make_list([row(1, 3, seat=1, total=24, base=12, mit=1, plus=24)], games=1, signatures=None)
    sl = replace(sl, readings={"table.start_number.3": CellReading(68, 0.4, ((68, 0.4), (6, 0.3)), doubtful=True,
                                                                    reason="bar")})
    [f] = [f for f in audit(sl).findings if f.cells == ("table.start_number.3",)]
    assert (f.code, f.seat, f.written) == ("unreadable", 3, "68")
