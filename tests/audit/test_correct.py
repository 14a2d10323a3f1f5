"""The lowest-score correction: the examples of rules.md section 10 (SkWO 7.2.5)."""
from dataclasses import replace

from audit.auditor import audit, run_checks
from audit.findings import CORRECTABLE
from audit.model import SeatCells
from audit.settings import Settings

from .builders import make_list, row


def changes(a):
    return [(c.game, c.seat, c.field, c.before, c.after) for c in a.corrected.corrections if c.game is not None]


def test_plus_above_the_game_value_counts_the_value():
    # + column 48 but the game columns give 36, the total rose by 48: 36 counts
    a = audit(make_list([row(1, 3, seat=1, total=48, base=12, mit=2, plus=48)], signatures=None))
    assert changes(a) == [(1, None, "plus", 48, 36), (1, 1, "total", 48, 36)]
    assert a.result[0].points == 36
    assert all(c.rule.startswith("SkWO 7.2.5") for c in a.corrected.corrections)


def test_single_counted_loss_counts_double():
    a = audit(make_list([row(1, 3, seat=2, total=-27, base=9, mit=2, minus=27)], signatures=None))
    assert changes(a) == [(1, None, "minus", 27, 54), (1, 2, "total", -27, -54)]


def test_running_total_lower_of_written_and_recomputed_and_later_follow():
    rows = [row(1, 3, seat=1, total=24, base=12, mit=1, plus=24),
            row(2, 3, seat=1, total=58, base=12, mit=1, plus=24),   # should be 48: too high
            row(3, 3, seat=1, total=82, base=12, mit=1, plus=24),
            row(4, 3, seat=2, total=24, base=12, mit=1, plus=24),
            row(5, 3, seat=2, total=38, base=12, mit=1, plus=24)]   # should be 48: too low, stands
    a = audit(make_list(rows, signatures=None))
    assert changes(a) == [(2, 1, "total", 58, 48), (3, 1, "total", 82, 72)]
    assert [r.points for r in a.result] == [72, 38, 0]
    assert "g5.p2.total" in a.corrected.kept


def test_footer_lower_figure_counts():
    from audit.model import Footer
    rows = [row(1, 3, seat=1, total=24, base=12, mit=1, plus=24)]
    footer = Footer(points=(20, 0, 0), won=(1, 0, 0), lost=(0, 0, 0), bonus=(50, 0, 0),
                    others_lost=(0, 0, 0), score=(70, 0, 0), money=(None,) * 3, money_total=None)
    a = audit(make_list(rows, footer=footer))
    assert a.result[0].points == 20 and a.result[0].score == 70
    # the corrected list records the kept figure and audits clean
    assert not [f for f in run_checks(a.corrected.sl, Settings()) if f.code in CORRECTABLE]


def test_corrections_never_invent_a_game():
    rows = [row(1, 3, seat=1, total=24, base=13, mit=1, plus=24)]     # impossible game columns
    a = audit(make_list(rows, signatures=None))
    assert changes(a) == [] and a.result[0].points == 24


def test_a_disagreement_is_charged_once():
    """Each disagreement of a row counts once, by the figure that gives the fewest points (rules.md section 10): a
    total that follows the game's value though its "+" was written too high keeps its points (before: the "+" was
    lowered by 12 and the total by another 12, to a figure nothing on the list says); a total that fell by twice the
    value of a loss written single stays too (before: charged 36 + 18)."""
    plus_high = [row(1, 3, seat=1, total=24, base=12, mit=1, plus=24),
                 row(2, 3, seat=1, total=60, base=12, mit=2, plus=48)]      # Kreuz mit 2 is worth 36: total right
    a = audit(make_list(plus_high, signatures=None))
    assert changes(a) == [(2, None, "plus", 48, 36)]
    assert a.result[0].points == 60 and not a.corrected.kept
    single = [row(1, 3, seat=1, total=24, base=12, mit=1, plus=24),
              row(2, 3, seat=1, total=-12, base=9, mit=1, minus=18)]        # Karo mit 1 lost: -36, total right
    a = audit(make_list(single, signatures=None))
    assert changes(a) == [(2, None, "minus", 18, 36)]
    assert a.result[0].points == -12
    for sl in (plus_high, single):      # the corrected list audits clean and is not corrected again
        a = audit(make_list(sl, signatures=None))
        assert not [f for f in run_checks(a.corrected.sl, Settings()) if f.code in CORRECTABLE]
        assert audit(a.corrected.sl).corrected.corrections == ()


def test_a_total_written_right_after_one_written_too_high_counts_as_written():
    """The lower of the written total and the one recomputed from the corrected total before it: a total 10 too high
    is corrected, and the next one, written right again, stands (before: lowered by the 10 once more)."""
    rows = [row(1, 3, seat=1, total=24, base=12, mit=1, plus=24),
            row(2, 3, seat=1, total=58, base=12, mit=1, plus=24),   # should be 48
            row(3, 3, seat=1, total=72, base=12, mit=1, plus=24)]   # 48 + 24: right again
    a = audit(make_list(rows, signatures=None))
    assert changes(a) == [(2, 1, "total", 58, 48)]
    assert a.result[0].points == 72


def test_an_overbid_charge_written_single_counts_double_as_the_finding_says():
    """Karo mit 1 (worth 18) lost, "-" 27: the charge of a game overbid at 24 or 27, written single. The finding asks
    for 54; the correction counted 36 (twice the game's value) before."""
    a = audit(make_list([row(1, 3, seat=1, total=-27, base=9, mit=1, minus=27)], signatures=None))
    single = [f for f in a.findings if f.code == "single-counted-loss"]
    assert [f.expected for f in single] == [54]
    assert changes(a) == [(1, None, "minus", 27, 54), (1, 1, "total", -27, -54)]
    assert a.result[0].points == -54
    # the message says why 54 and not the game's 36: 27 is the charge of an overbid game (the review of session 52:
    # it said "written single" alone, as for the game's own value)
    assert single[0].key == "single-loss-overbid"
    assert "27 = 3 x 9" in single[0].message("de") and "überreizt" in single[0].message("de")
    assert "27 = 3 x 9 is an overbid game's amount (ISkO 3.6), which is written off twice" in single[0].message("en")
    own = audit(make_list([row(1, 3, seat=1, total=-18, base=9, mit=1, minus=18)], signatures=None))
    [f] = [f for f in own.findings if f.code == "single-counted-loss"]
    assert f.key == "single-loss" and "überreizt" not in f.message("de") and f.expected == 36


def test_another_seats_lower_total_in_a_declarers_row_counts_as_written():
    """A seat that did not play writes a total lower than its own before: the lower counts (as written, not lowered
    by the drop again after an earlier correction)."""
    rows = [row(1, 3, seat=2, total=58, base=12, mit=1, plus=24),      # should be 24: corrected
            row(2, 3, seat=1, total=24, base=12, mit=1, plus=24)]
    rows[1] = replace(rows[1], players=(rows[1].players[0], SeatCells(total=14), rows[1].players[2]))  # seat 2: 14
    a = audit(make_list(rows, signatures=None))
    assert (1, 2, "total", 58, 24) in changes(a)
    assert a.result[1].points == 14


def _unsure(value):
    from audit.model import CellReading
    return CellReading(value, 0.12, ((value, 0.12), (None, 0.05)), doubtful=True, reason="bar")


def test_a_figure_read_in_doubt_is_no_written_figure_for_the_lowest_score_rule():
    """A reading doubt is no error on paper (README: "the correction does not touch it"): a footer score read "33" at
    12 % beside rows that give 114 does not stand as the lower written figure (before: it set the player's result to
    33 and the standings with it); a running total and a "+" read in doubt, lower than the rows give, count as the
    rows give. Each change says why, and nothing read in doubt is recorded as kept."""
    from audit.model import Footer
    rows = [row(1, 3, seat=1, total=24, base=12, mit=1, plus=24), row(2, 3, seat=2, total=-36, base=9, mit=1,
                                                                         minus=36)]
    footer = Footer(points=(24, -36, 0), won=(1, 0, 0), lost=(0, 1, 0), bonus=(50, -50, 0),
                    others_lost=(40, 0, 40), score=(33, -86, 40), money=(None, 0.5, None), money_total=0.5)
    sl = replace(make_list(rows, footer=footer, signatures=True), readings={"footer.score.1": _unsure(33)})
    a = audit(sl)
    assert a.result[0].score == 114 and not a.corrected.kept
    change = [c for c in a.corrected.corrections if c.cell == "footer.score.1"]
    assert [(c.before, c.after, c.reason) for c in change] == [(33, 114, "correct.doubt")]
    # the same figure written surely is an error on paper: the lower one stands (SkWO 7.2.5)
    assert audit(replace(sl, readings={})).result[0].score == 33
    # a running total and a "+" read in doubt, lower than the row gives
    rows = [row(1, 3, seat=1, total=24, base=12, mit=1, plus=24), row(2, 3, seat=1, total=38, base=12, mit=1,
                                                                         plus=14)]
    sl = make_list(rows, signatures=None)
    a = audit(replace(sl, readings={"g2.p1.total": _unsure(38), "g2.plus": _unsure(14)}))
    assert a.result[0].points == 48
    assert {(c.cell, c.reason) for c in a.corrected.corrections if c.game} == {("g2.plus", "correct.doubt"),
                                                                                ("g2.p1.total", "correct.doubt")}
    assert audit(sl).result[0].points == 38       # as written surely: the lower figures stand


def test_a_passed_or_struck_row_that_carries_a_game_counts_as_a_whole_by_the_lower_reading():
    """A row marked "eingepasst" (or struck out) that carries a won game: the game does not count, neither its points
    nor its win (before: the points stayed in the totals after it and only the win went, a score neither reading
    gives); a lost game there counts as lost. A struck row with a game is a finding too (before: none)."""
    rows = [row(1, 3, seat=1, total=24, base=12, mit=1, plus=24, won=1),
            row(2, 3, seat=1, total=54, base=10, mit=2, plus=30, won=2, passed=True),
            row(3, 3, seat=1, total=78, base=12, mit=1, plus=24, won=3)]
    a = audit(make_list(rows, signatures=None))
    assert [f.code for f in a.findings if f.severity == "error"] == ["passed-game"]
    assert (a.result[0].points, a.result[0].won) == (48, 2)          # 24 + 24: game 2 does not count
    for struck in (False, True):
        lost = [rows[0], row(2, 3, seat=1, total=-12, base=9, mit=1, minus=36, lost=1, **(
                    {"crossed_out": True} if struck else {"passed": True}))]
        a = audit(make_list(lost, signatures=None))
        codes = [(f.code, f.key) for f in a.findings if f.severity == "error"]
        assert codes == [("passed-game", "struck.value" if struck else "passed.value")]
        assert (a.result[0].points, a.result[0].lost) == (24 - 36, 1)  # the loss counts
        assert not [f for f in run_checks(a.corrected.sl, Settings()) if f.code in CORRECTABLE]


def test_a_sure_total_after_a_plus_read_in_doubt_is_not_called_read_in_doubt():
    """A "+" read "34" in doubt beside sure columns worth 24, the total after it read surely as 58 (24 + 34): the "+"
    counts 24 (read in doubt), the total 48, and its change is told as following from the corrected row, not as a
    reading doubt of its own."""
    rows = [row(1, 3, seat=1, total=24, base=12, mit=1, plus=24), row(2, 3, seat=1, total=58, base=12, mit=1,
                                                                         plus=34)]
    a = audit(replace(make_list(rows, signatures=None), readings={"g2.plus": _unsure(34)}))
    reasons = {c.cell: c.reason for c in a.corrected.corrections if c.game}
    assert reasons == {"g2.plus": "correct.doubt", "g2.p1.total": "correct.carried"}
    assert a.result[0].points == 48


def test_a_passed_or_struck_row_is_judged_by_what_it_carries_a_plus_of_0_or_a_total_alone():
    """A passed row with "+" 0 (the seat repeated its total) was made a lost game (-50, +40 to the others, loss
    money); a passed row whose game shows only in the declarer's total kept its points without its count. A row that
    does not count takes every figure in it along (a struck row stays struck on the corrected list)."""
    plus0 = [row(1, 3, seat=1, total=24, base=12, mit=1, plus=24),
             replace(row(2, 3, seat=1, total=24), passed=True, plus=0),
             row(3, 3, seat=2, total=24, base=12, mit=1, plus=24)]
    a = audit(make_list(plus0, signatures=None))
    assert [(r.points, r.won, r.lost, r.money) for r in a.result[:2]] == [(24, 1, 0, 0.0), (24, 1, 0, 0.0)]
    fell = [plus0[0], replace(row(2, 3, seat=1, total=-24, base=12, mit=1), passed=True), plus0[2]]
    a = audit(make_list(fell, signatures=None))
    assert (a.result[0].points, a.result[0].lost) == (-24, 1)          # a loss shown by the total alone counts
    rose = [plus0[0], replace(row(2, 3, seat=1, total=48, base=12, mit=1), crossed_out=True), plus0[2]]
    a = audit(make_list(rose, signatures=None))
    assert (a.result[0].points, a.result[0].won) == (24, 1)            # a win shown by the total alone does not
    for sl in (plus0, fell, rose):
        a = audit(make_list(sl, signatures=None))
        assert not [f for f in run_checks(a.corrected.sl, Settings()) if f.code in CORRECTABLE]
        assert audit(a.corrected.sl).corrected.corrections == ()


def test_a_plus_above_the_value_of_columns_read_in_doubt_is_not_settled_as_written():
    """With the game columns read in doubt the sure "+" counts until the referee decides; it is not recorded as "the
    lower written value stands" (a settlement that would hide the error once the doubt is lifted)."""
    rows = [row(1, 3, seat=1, total=48, base=12, mit=2, plus=48)]          # Kreuz mit 2 is worth 36
    a = audit(replace(make_list(rows, signatures=None), readings={"g1.mit": _unsure(2)}))
    assert a.result[0].points == 48 and "g1.plus" not in a.corrected.kept
    assert "g1.plus" not in a.corrected.sl.settled
    assert audit(make_list(rows, signatures=None)).result[0].points == 36       # read surely: the value counts


def test_a_change_that_rests_on_a_reading_doubt_is_provisional_and_a_correction_on_paper_is_not():
    """The referee must see a reading doubt apart from an error on paper: a change of a cell read in doubt, and one
    that follows only from it (a later total carried up from a total read in doubt), is ``provisional`` (it counts
    until the referee decides); a sure total written after a "+" read in doubt is wrong on paper whatever the "+"
    says (24 + 24 is not 58; 24 + 34 is, but a "+" of 34 for a game worth 24 is an error too): a correction."""
    rows = [row(1, 3, seat=1, total=24, base=12, mit=1, plus=24), row(2, 3, seat=1, total=58, base=12, mit=1,
                                                                         plus=34)]
    a = audit(replace(make_list(rows, signatures=None), readings={"g2.plus": _unsure(34)}))
    assert {c.cell: c.provisional for c in a.corrected.corrections if c.game} == {"g2.plus": True,
                                                                                 "g2.p1.total": False}
    # a total read in doubt 38 where the rows give 48; the next row's game cannot be worked out (no Grundwert), so
    # its total is carried from the one before: up by 10 only because the doubtful 38 does not count
    rows = [row(1, 3, seat=1, total=24, base=12, mit=1, plus=24), row(2, 3, seat=1, total=38, base=12, mit=1,
                                                                         plus=24),
            row(3, 3, seat=1, total=62)]
    sl = make_list(rows, signatures=None)
    a = audit(replace(sl, readings={"g2.p1.total": _unsure(38)}))
    got = {c.cell: (c.before, c.after, c.provisional) for c in a.corrected.corrections if c.game}
    assert got == {"g2.p1.total": (38, 48, True), "g3.p1.total": (62, 72, True)}
    # read surely, the lower written figure stands and nothing is provisional
    assert not [c for c in audit(sl).corrected.corrections if c.provisional]


def test_a_footer_that_follows_the_rows_as_written_is_no_error_where_a_passed_row_carries_a_game():
    """A passed row carrying a won game (its "+" 23 in the seat's total and count): the footer written from the rows
    as written (points 47, 2 won) was called wrong with a figure neither reading gives ("aus den Spielen folgt 177":
    the points with the game, the count without it). Now the footer agrees with the rows as written; the passed
    row is the error on paper, and the correction takes the game out of the row and the footer alike."""
    from audit.model import Footer
    rows = [row(1, 3, seat=1, total=24, won=1, base=12, mit=1, plus=24),
            replace(row(2, 3, seat=1, total=47, won=2, base=23, plus=23), passed=True)]
    footer = Footer(points=(47, 0, 0), won=(2, 0, 0), lost=(0, 0, 0), bonus=(100, 0, 0), others_lost=(0, 0, 0),
                    score=(147, 0, 0), money=(None, None, None), money_total=None)
    a = audit(make_list(rows, footer=footer, signatures=True, games=2))
    assert [f.code for f in a.findings if f.severity == "error"] == ["passed-game"]
    assert (a.result[0].points, a.result[0].won, a.result[0].score) == (24, 1, 74)
    # a lost game in a passed row: the loss money written for it follows the rows as written, and counts (the loss
    # counts as lost)
    rows = [row(1, 3, seat=1, total=24, won=1, base=12, mit=1, plus=24),
            replace(row(2, 3, seat=2, total=-46, lost=1, base=23, minus=46), passed=True)]
    footer = Footer(points=(24, -46, 0), won=(1, 0, 0), lost=(0, 1, 0), bonus=(50, -50, 0), others_lost=(40, 0, 40),
                    score=(114, -96, 40), money=(None, 0.5, None), money_total=0.5)
    a = audit(make_list(rows, footer=footer, signatures=True, games=2))
    assert [f.code for f in a.findings if f.severity == "error"] == ["passed-game"]
    assert [(r.score, r.money) for r in a.result] == [(114, 0.0), (-96, 0.5), (40, 0.0)]


def test_the_footer_check_counts_a_game_several_seats_took_for_each_as_his_total_carries_it():
    """Game 2's "+" 24 written into the totals and counts of seats 1 and 2: seat 2's footer follows the rows as
    written (24, 1 won) and is no error; seat 1's (40, 3 won) follows neither them (48, 2 won) nor the corrected rows
    (24, 1 won: the game counts for neither seat) and is, with the figures the rows as written give (before: seat 2
    was told "Gew. ... folgt 0" beside points 24 from the game). Seat 1's footer on the corrected figures is no error:
    the several-declarers finding is the row's."""
    from audit.model import Footer, Game
    rows = [row(1, 3, seat=1, total=24, won=1, base=12, mit=1, plus=24),
            Game(no=2, base=12, mit=1, plus=24, players=(SeatCells(total=48, won=2), SeatCells(total=24, won=1),
                                                         SeatCells()))]
    for seat1, want in (((40, 3), {(1, "points", 48), (1, "won", 2), (1, "bonus", 100), (1, "score", 148)}),
                        ((24, 1), set())):
        points, won = seat1
        footer = Footer(points=(points, 24, 0), won=(won, 1, 0), lost=(0, 0, 0), bonus=(50 * won, 50, 0),
                        others_lost=(0, 0, 0), score=(points + 50 * won, 74, 0), money=(None, None, None),
                        money_total=None)
        a = audit(make_list(rows, footer=footer, signatures=True, games=2))
        assert "several-declarers" in [f.code for f in a.findings]
        assert {(f.seat, f.field, f.expected) for f in a.findings if f.code == "footer"} == want


def test_a_footer_finding_resting_on_a_game_several_seats_took_rests_on_their_cells():
    """Seat 2's total and count in game 2 read in doubt (a stray the reader saw there): the footer that does not
    count the game for seat 2 disagrees with the rows as written only through those doubtful cells, so its finding
    is doubtful ("Fehler ?"), not a sure error on paper (photo 7004 of the benchmark: a false paper error)."""
    from audit.model import CellReading, Footer, Game
    rows = [row(1, 3, seat=1, total=24, won=1, base=12, mit=1, plus=24),
            Game(no=2, base=12, mit=1, plus=24, players=(SeatCells(total=48, won=2), SeatCells(total=24, won=1),
                                                         SeatCells()))]
    footer = Footer(points=(48, 24, 0), won=(2, 0, 0), lost=(0, 0, 0), bonus=(100, 0, 0), others_lost=(0, 0, 0),
                    score=(148, 24, 0), money=(None, None, None), money_total=None)
    unsure = CellReading(1, 0.4, ((1, 0.4), (None, 0.3)), doubtful=True, reason="bar")
    sl = replace(make_list(rows, footer=footer, signatures=True, games=2),
                 readings={"g2.p2.won": unsure, "g2.p2.total": replace(unsure, value=24, candidates=((24, 0.4),))})
    seat2 = [f for f in audit(sl).findings if f.code == "footer" and f.seat == 2]
    assert seat2 and all(f.doubtful for f in seat2)
    assert "g2.p2.won" in seat2[0].cells


def test_a_struck_row_carrying_a_game_and_a_passed_ramsch_are_read_as_written_by_the_footer_check():
    """A struck ("gestrichen") row carrying a game was still counted with its points and without its count (the
    passed row's fix stopped short): "Gesamtpunkte ... folgt 171" where neither reading gives it; a lost game there
    left the points without it ("folgt 0" beside -46 written in the row). A passed Ramsch (a home list: all passed,
    Ramsch played) is no won or lost game: its -70 was counted as a lost game (7 footer errors, loss money)."""
    from audit.listjson import list_from_json
    from audit.model import Footer
    rows = [row(1, 3, seat=1, total=24, won=1, base=12, mit=1, plus=24),
            replace(row(2, 3, seat=1, total=47, won=2, base=23, plus=23), crossed_out=True),
            row(3, 3, seat=1, total=71, won=3, base=12, mit=1, plus=24)]
    footer = Footer(points=(71, 0, 0), won=(3, 0, 0), lost=(0, 0, 0), bonus=(150, 0, 0), others_lost=(0, 0, 0),
                    score=(221, 0, 0), money=(None, None, None), money_total=None)
    a = audit(make_list(rows, footer=footer, signatures=True, games=3))
    assert [f.code for f in a.findings if f.severity == "error"] == ["passed-game"]
    rows = [row(1, 3, seat=1, total=24, won=1, base=12, mit=1, plus=24),
            replace(row(2, 3, seat=2, total=-46, lost=1, base=23, minus=46), crossed_out=True)]
    footer = Footer(points=(24, -46, 0), won=(1, 0, 0), lost=(0, 1, 0), bonus=(50, -50, 0), others_lost=(40, 0, 40),
                    score=(114, -96, 40), money=(None, 0.5, None), money_total=0.5)
    a = audit(make_list(rows, footer=footer, signatures=True, games=2))
    assert [f.code for f in a.findings if f.severity == "error"] == ["passed-game"]
    doc = {"format": "skatscan.list/1", "table": {"seats": 3, "kind": "home"},
           "games": [{"no": 1, "base": 12, "mit": 1, "plus": 24, "players": [{"total": 24, "won": 1}, None, None]},
                     {"no": 2, "ramsch": True, "passed": True, "minus": 70, "players": [None, {"total": -70}, None]}],
           "footer": {"points": [24, -70, 0], "won": [1, 0, 0], "lost": [0, 0, 0], "bonus": [50, 0, 0],
                      "others_lost": [0, 0, 0], "score": [74, -70, 0]}}
    a = audit(list_from_json(doc))
    assert {f.code for f in a.findings if f.severity == "error"} <= {"passed-game"}


def test_a_game_several_seats_took_counts_in_the_correction_as_the_footer_check_reads_it():
    """A lost game (-48) written into seats 1 and 2 (totals and Verl.), the footer from the rows as written (both lost
    it, 0,50 each): the check found the footer right, the correction then set the money to 0,00 beside "Verl. 1
    bleibt" and took the others' 40s (a row it cannot work out keeps its written figures, counts included)."""
    from audit.model import Footer, Game
    rows = [row(1, 3, seat=1, total=24, won=1, base=12, mit=1, plus=24),
            Game(no=2, base=12, mit=1, minus=48, players=(SeatCells(total=-24, won=1, lost=1),
                                                          SeatCells(total=-48, lost=1), SeatCells()))]
    # the one game's loss credits seat 3 once, and neither of the two for the other's (test_a_game_written_...)
    footer = Footer(points=(-24, -48, 0), won=(1, 0, 0), lost=(1, 1, 0), bonus=(0, -50, 0), others_lost=(0, 0, 40),
                    score=(-24, -98, 40), money=(0.5, 0.5, None), money_total=1.0)
    a = audit(make_list(rows, footer=footer, signatures=True, games=2))
    assert [f.code for f in a.findings if f.severity == "error"] == ["several-declarers"]
    assert [c for c in a.corrected.corrections if c.game is None] == []
    assert [(r.lost, r.others_lost, r.score, r.money) for r in a.result] == [(1, 0, -24, 0.5), (1, 0, -98, 0.5),
                                                                             (0, 40, 40, 0.0)]


def test_a_plus_read_in_doubt_as_empty_is_told_as_a_reading_doubt_not_as_nothing_written():
    """A "+" read in doubt as empty (whether anything is written there is the doubt): the value it counts with was told
    as "kein Wert eingetragen: der Spielwert zählt", a claim about the paper; it is a reading doubt's provisional
    value."""
    rows = [row(1, 3, seat=1, total=24, won=1, base=12, mit=1, plus=24),
            row(2, 3, seat=1, total=48, won=2, base=12, mit=1, plus=None)]
    from audit.model import CellReading
    empty = CellReading(None, 0.4, ((None, 0.4), (24, 0.3)), doubtful=True, reason="bar")
    a = audit(replace(make_list(rows, signatures=None), readings={"g2.plus": empty}))
    change = [c for c in a.corrected.corrections if c.cell == "g2.plus"]
    assert [(c.before, c.after, c.reason, c.provisional) for c in change] == [(None, 24, "correct.doubt", True)]


def test_a_second_seat_in_a_row_whose_declarer_is_clear_and_a_struck_row_with_a_total_alone_agree_with_the_footer():
    """Game 2's "-48" written into seat 1 (whose total follows it: the declarer) and seat 2 too (-30, Verl. 1): the
    footer check counts both losses as written, the correction counted seat 1's alone and took seat 2's loss money
    and the others' 40s (the corrected list then failed its own checks). A struck row with a lost game shown by the
    total and count alone (no "-"): its count was counted, its points not ("folgt 0")."""
    from audit.model import Game
    from audit.score import from_rows
    from audit.rows import analyse

    def footer_of(sl):
        fig = from_rows(analyse(sl), sl.seats)
        money = tuple(0.5 * n or None for n in fig.lost)
        return replace(sl, footer=Footer(points=fig.points, won=fig.won, lost=fig.lost, bonus=fig.bonus,
                                         others_lost=fig.others_lost, score=fig.score, money=money,
                                         money_total=sum(m or 0 for m in money) or None))

    from audit.model import Footer
    rows = [row(1, 3, seat=1, total=24, won=1, base=12, mit=1, plus=24),
            Game(no=2, base=12, mit=1, minus=48, players=(SeatCells(total=-24, won=1, lost=1),
                                                          SeatCells(total=-30, lost=1), SeatCells()))]
    a = audit(footer_of(make_list(rows, games=2)))
    assert [f.code for f in a.findings if f.severity == "error"] == ["several-declarers"]
    assert not [f for f in run_checks(a.corrected.sl, Settings()) if f.code in ("footer", "money")]
    assert [(r.lost, r.money) for r in a.result] == [(1, 0.5), (1, 0.5), (0, 0.0)]
    rows = [row(1, 3, seat=1, total=24, won=1, base=12, mit=1, plus=24),
            replace(row(2, 3, seat=2, total=-46, lost=1, base=23), crossed_out=True)]
    a = audit(footer_of(make_list(rows, games=2)))
    assert [f.code for f in a.findings if f.severity == "error"] == ["passed-game"]
    assert a.sl.footer.points[1] == -46


def test_a_value_entered_from_a_grundwert_read_in_doubt_is_provisional():
    """No "+" or "-" written, the Grundwert read "10" in doubt (or "11"): the value entered (20) stood among the
    corrections of errors on paper as "kein Wert eingetragen: der Spielwert zählt", though the referee's reading of the
    Grundwert decides it (22 for an 11)."""
    from audit.model import CellReading
    rows = [row(1, 3, seat=1, total=20, won=1, base=10, mit=1)]
    base = CellReading(10, 0.4, ((10, 0.4), (11, 0.35)), doubtful=True, reason="bar")
    a = audit(replace(make_list(rows, signatures=None), readings={"g1.base": base}))
    change = [c for c in a.corrected.corrections if c.cell == "g1.plus"]
    assert [(c.after, c.reason, c.provisional) for c in change] == [(20, "correct.doubt", True)]
    # read surely: the keeper's row without its value, filled by the rule
    sure = [c for c in audit(make_list(rows, signatures=None)).corrected.corrections if c.cell == "g1.plus"]
    assert [(c.after, c.reason, c.provisional) for c in sure] == [(20, "correct.fill-plus", False)]


def test_a_won_game_in_a_passed_row_that_two_seats_wrote_counts_for_neither():
    """Game 2 marked "eingepasst" with "+24" written into seats 1 and 2 (totals and counts): the correction kept both
    totals (the higher reading, against SkWO 7.2.5) and the footer check mixed the points with the game and the counts
    without it. Now the check reads the rows as written and the correction counts the game for neither."""
    from audit.model import Footer, Game
    rows = [row(1, 3, seat=1, total=24, won=1, base=12, mit=1, plus=24),
            Game(no=2, base=12, mit=1, plus=24, passed=True,
                 players=(SeatCells(total=48, won=2), SeatCells(total=24, won=1), SeatCells()))]
    footer = Footer(points=(48, 24, 0), won=(2, 1, 0), lost=(0, 0, 0), bonus=(100, 50, 0), others_lost=(0, 0, 0),
                    score=(148, 74, 0), money=(None, None, None), money_total=None)
    a = audit(make_list(rows, footer=footer, signatures=True, games=2))
    assert "footer" not in [f.code for f in a.findings]
    assert [(r.points, r.won, r.score) for r in a.result] == [(24, 1, 74), (0, 0, 0), (0, 0, 0)]
    assert not [f for f in run_checks(a.corrected.sl, Settings()) if f.code in CORRECTABLE]
    assert audit(a.corrected.sl).corrected.corrections == ()


def test_totals_that_follow_from_a_stray_read_in_doubt_upstream_are_provisional():
    """A stray "0" read in doubt in seat 2's total cell of game 2 (empty on paper; seat 1 took the game, his total
    read "28" in doubt): the row has two declarers, its written figures stand, and seat 2's later totals, right on
    paper, are lowered from the "0" on. They stood among the corrections of errors on paper ("folgt aus dem
    berichtigten Stand davor"); they rest on the doubt upstream in his chain and are provisional."""
    from audit.model import CellReading, Game
    rows = [row(1, 3, seat=2, total=23, base=23, plus=23),
            Game(no=2, base=11, plus=22, players=(SeatCells(total=28), SeatCells(total=0), SeatCells())),
            row(3, 3, seat=2, total=47, base=12, mit=1, plus=24),
            row(4, 3, seat=2, total=71, base=12, mit=1, plus=24)]

    def unsure(v):
        return CellReading(v, 0.3, ((v, 0.3), (None, 0.2)), doubtful=True, reason="bar")

    a = audit(replace(make_list(rows, signatures=None),
                      readings={"g2.p1.total": unsure(28), "g2.p2.total": unsure(0)}))
    later = [c for c in a.corrected.corrections if c.cell in ("g3.p2.total", "g4.p2.total")]
    assert later and all(c.provisional for c in later)
    # read surely, the same figures are the keeper's: corrections on paper
    b = audit(make_list(rows, signatures=None))
    assert [c.provisional for c in b.corrected.corrections if c.cell in ("g3.p2.total", "g4.p2.total")] == \
        [False] * len(later)


def test_a_lost_games_value_under_plus_counts_lost_for_the_total_the_counts_and_the_footer():
    """Kreuz mit 1 lost (worth 24), the keeper wrote 24 under "+": the declarer's total falls to -48, his Verl. is 1,
    the footer says lost. The row disagrees with itself; the lower reading counts, lost (SkWO 7.2.5): -48, no 50 but
    -50, the others' 40, 0,50 EUR. Before, the "+" made it won: -48 + 50 = 2, neither reading (74 or -98), and the
    footer that said lost was "corrected" to the others' 0."""
    from audit.model import Footer
    footer = Footer(points=(-48, 0, 0), won=(0, 0, 0), lost=(1, 0, 0), bonus=(-50, 0, 0), others_lost=(0, 40, 40),
                    score=(-98, 40, 40), money=(0.5, None, None), money_total=0.5)
    a = audit(make_list([row(1, 3, seat=1, total=-48, lost=1, base=12, mit=1, plus=24)], footer=footer, games=1))
    assert [(f.code, f.key) for f in a.findings if f.severity == "error"] == [("value-mismatch", "value.column")]
    assert "SkWO 7.2.5" in a.findings[0].message("de") and "SkWO 7.2.5" in a.findings[0].message("en")
    assert [(c.cell, c.before, c.after, c.reason, c.rule) for c in a.corrected.corrections] == [
        ("g1.plus", 24, None, "correct.lost-column", "SkWO 7.2.5"),
        ("g1.minus", None, 48, "correct.lost-column", "SkWO 7.2.5")]
    assert [(r.points, r.won, r.lost, r.others_lost, r.score, r.money) for r in a.result] == [
        (-48, 0, 1, 0, -98, 0.5), (0, 0, 0, 40, 40, 0.0), (0, 0, 0, 40, 40, 0.0)]
    assert not [f for f in audit(a.corrected.sl).findings if f.severity == "error"]


def test_a_value_under_plus_with_the_total_falling_or_the_lost_count_rising_counts_lost():
    """Without counts, the total falling says lost (the lower reading, SkWO 7.2.5): the total follows from the loss; a
    Verl. rising with the total left blank too. A total read surely that rose says won: a Verl. rising beside it is
    the count's slip (the second review: one such count cost a won game twice its value and the 50). A total read in
    doubt decides nothing: the "+" stands, won. The reverse slip ("-" written, the total rising) was lost already and
    stays so."""
    def scores(*rows, readings=None):
        sl = make_list(rows, games=len(rows), signatures=None)
        a = audit(replace(sl, readings=readings) if readings else sl)
        return [r.score for r in a.result], changes(a)
    assert scores(row(1, 3, seat=1, total=-48, base=12, mit=1, plus=24)) == (
        [-98, 40, 40], [(1, None, "plus", 24, None), (1, None, "minus", None, 48)])
    assert scores(row(1, 3, seat=1, total=24, lost=1, base=12, mit=1, plus=24)) == (
        [74, 0, 0], [(1, 1, "won", None, 1), (1, 1, "lost", 1, 0)])
    assert scores(row(1, 3, seat=1, lost=1, base=12, mit=1, plus=24))[0] == [-98, 40, 40]
    assert scores(row(1, 3, seat=1, total=-24, base=12, mit=1, plus=24))[0] == [-98, 40, 40]
    assert scores(row(1, 3, seat=1, total=24, won=1, base=12, mit=1, minus=48))[0] == [-98, 40, 40]
    from audit.model import CellReading
    doubt = {"g1.p1.total": CellReading(-48, 0.6, ((-48, 0.6), (48, 0.3)), doubtful=True, reason="confidence")}
    assert scores(row(1, 3, seat=1, total=-48, base=12, mit=1, plus=24), readings=doubt) == (
        [74, 0, 0], [(1, 1, "total", -48, 24)])


def test_a_value_under_plus_with_the_gew_rising_is_won_and_a_falling_total_is_the_totals_slip():
    """"+" 24 for a Kreuz mit 1, the declarer's Gew. rising 1 -> 2, his total written 72 -> 48 (the value taken off
    instead of added): the "+" and the Gew. say won, the total alone lost. Won, the total's slip, its lower written
    figure standing (SkWO 7.2.5): 48 and the 50 twice, 148, the others nothing (before: lost, 24, and 40 each for
    the others; the second review of session 52). A Gew. read in doubt decides nothing: lost as before, but every
    change provisional and the finding a reading doubt's (read surely it would say won). A fall by the whole loss,
    a struck row, and a Verl. rising surely beside it stay a lost game."""
    from audit.model import CellReading
    rows = [row(1, 3, seat=1, total=72, won=1, base=24, mit=2, plus=72),
            row(2, 3, seat=1, total=48, won=2, base=12, mit=1, plus=24)]
    a = audit(make_list(rows, games=2, signatures=None))
    assert [r.score for r in a.result] == [148, 0, 0]
    assert [(f.key, f.game) for f in a.findings if f.severity == "error"] == [("total.wrong", 2)]
    assert not any(c.game == 2 and c.field in ("plus", "minus", "won", "lost") for c in a.corrected.corrections)
    # one count short, the Gew. left at 1: nothing says won but the "+", and the fall by the value says lost
    short = [rows[0], replace(rows[1], players=(SeatCells(48, 1), SeatCells(), SeatCells()))]
    assert [r.score for r in audit(make_list(short, games=2, signatures=None)).result] == [24, 40, 40]
    doubt = {"g2.p1.won": CellReading(2, 0.6, ((2, 0.6), (1, 0.3)), doubtful=True, reason="confidence")}
    b = audit(replace(make_list(rows, games=2, signatures=None), readings=doubt))
    assert [r.score for r in b.result] == [24, 40, 40]
    [f] = [f for f in b.findings if f.key == "value.column"]
    assert f.doubtful and "g2.p1.won" in f.cells
    assert all(c.provisional for c in b.corrected.corrections if c.game == 2)
    # read "1" in doubt with the rise its runner-up: the same (the third review: the changes were told as on paper,
    # and the count's finding too, though the Gew. read 2 makes the game won)
    runner_up = {"g2.p1.won": CellReading(1, 0.6, ((1, 0.6), (2, 0.3)), doubtful=True, reason="confidence")}
    c = audit(replace(make_list(short, games=2, signatures=None), readings=runner_up))
    assert [r.score for r in c.result] == [24, 40, 40]
    assert all(f.doubtful for f in c.findings if f.game == 2 and f.code in ("value-mismatch", "counter"))
    assert all(c.provisional for c in c.corrected.corrections if c.game == 2)
    # the total fell by the whole loss (twice the value): a lost game, whatever the Gew. says (the keeper took the
    # loss off; "+" and Gew. are two slips beside it, the lower reading counts)
    whole = [rows[0], replace(rows[1], players=(SeatCells(24, 2), SeatCells(), SeatCells()))]
    assert [r.score for r in audit(make_list(whole, games=2, signatures=None)).result] == [24, 40, 40]
    # in a struck row a Gew. that rose keeps nothing: a lost game there counts as played, a won one nothing
    struck = [rows[0], replace(rows[1], crossed_out=True)]
    assert [r.score for r in audit(make_list(struck, games=2, signatures=None)).result][0] == 24
    # a Verl. rising surely says lost first: a Gew. read in doubt beside it decides nothing, the finding is on paper
    both = [rows[0], replace(rows[1], players=(SeatCells(48, 2, 1), SeatCells(), SeatCells()))]
    d = audit(replace(make_list(both, games=2, signatures=None), readings=doubt))
    [f] = [f for f in d.findings if f.key == "value.column"]
    assert not f.doubtful
    # (the Gew. cell's own change is provisional, as every change of a cell read in doubt is)
    assert [(c.field, c.provisional) for c in d.corrected.corrections if c.game == 2 and c.field != "won"] == [
        ("plus", False), ("minus", False), ("total", False)]


def test_a_game_written_in_two_seats_columns_is_one_game():
    """One row is one game, and the declarer is known only from the totals. Kreuz mit 1, "+" 24, added to seat 1's and
    seat 2's totals: each by his lower reading, the win counts for neither (as in a passed or struck row); before,
    both got 24 + 50. Lost (-48) in both columns: each keeps his loss as written, and the others' 40 is paid once:
    seat 3 gets 40, not 80, and neither of the two gets 40 for the other's loss (before: 40 each). The finding says
    so (SkWO 7.2.5). Later totals follow from the corrected ones."""
    rows = [row(1, 3, base=12, mit=1, plus=24), row(2, 3, seat=2, total=48, base=12, mit=1, plus=24)]
    rows[0] = replace(rows[0], players=(SeatCells(24), SeatCells(24), SeatCells()))
    a = audit(make_list(rows, games=2, signatures=None))
    assert [(f.code, f.key) for f in a.findings if f.severity == "error"] == [
        ("several-declarers", "declarers.several-won")]
    assert "SkWO 7.2.5" in a.findings[0].message("de") and "SkWO 7.2.5" in a.findings[0].message("en")
    assert [(c.cell, c.before, c.after, c.reason, c.rule) for c in a.corrected.corrections if c.game] == [
        ("g1.p1.total", 24, None, "correct.several-won", "SkWO 7.2.5"),
        ("g1.p2.total", 24, None, "correct.several-won", "SkWO 7.2.5"),
        ("g2.p2.total", 48, 24, "correct.carried", "SkWO 7.2.5, 8.11")]
    assert [(r.points, r.won, r.score) for r in a.result] == [(0, 0, 0), (24, 1, 74), (0, 0, 0)]
    lost = replace(row(1, 3, base=12, mit=1, minus=48), players=(SeatCells(-48), SeatCells(-48), SeatCells()))
    a = audit(make_list([lost], games=1, signatures=None))
    assert [f.key for f in a.findings if f.severity == "error"] == ["declarers.several-lost"]
    assert [(r.points, r.lost, r.others_lost, r.score, r.money) for r in a.result] == [
        (-48, 1, 0, -98, 0.5), (-48, 1, 0, -98, 0.5), (0, 0, 40, 40, 0.0)]


def test_a_win_two_seats_took_with_one_figure_read_in_doubt_is_the_referees_to_settle():
    """Seat 2's "24" beside seat 1's in the row of a won game is read in doubt (it may be no figure at all): who took
    the game is the doubt's to tell, so the win counted for neither, the later totals that follow and the footer are
    provisional, not corrections of the paper."""
    from audit.model import CellReading
    rows = [row(1, 3, base=12, mit=1, plus=24), row(2, 3, seat=1, total=60, base=12, mit=2, plus=36)]
    rows[0] = replace(rows[0], players=(SeatCells(24), SeatCells(24), SeatCells()))
    sl = make_list(rows, games=2, signatures=None)
    doubt = {"g1.p2.total": CellReading(24, 0.6, ((24, 0.6), (None, 0.3)), doubtful=True, reason="confidence")}
    a = audit(replace(sl, readings=doubt))
    assert [(c.cell, c.after, c.provisional) for c in a.corrected.corrections if c.game] == [
        ("g1.p1.total", None, True), ("g1.p2.total", None, True), ("g2.p1.total", 36, True)]
    assert all(c.provisional for c in a.corrected.corrections if c.seat in (1, 2))


def test_a_total_below_a_struck_rows_figure_does_not_say_lost():
    """A struck row's figures do not count: seat 1's "+" 24 and total 24 after a struck row where he wrote 36 is a won
    game whose total follows from the one before the struck row, not a fall that says lost."""
    rows = [row(1, 3, seat=1, total=36, base=12, mit=2, plus=36, crossed_out=True),
            row(2, 3, seat=1, total=24, base=12, mit=1, plus=24)]
    a = audit(make_list(rows, games=2, signatures=None))
    assert "value.column" not in [f.key for f in a.findings]
    assert [(r.points, r.won, r.lost, r.score) for r in a.result][0] == (24, 1, 0, 74)


def test_a_total_below_a_previous_total_written_too_high_does_not_say_lost():
    """Anna's first total written 124 for a Kreuz mit 1 (+24), her Null (+23) then 47: the total "falls", but by no
    loss of the row's game (23 or 46): it follows the corrected total before it. A running total's slip, not a loss
    (the six-game example with a decision reading the first total 124). 47 is the total the correction gives: no
    error of its own (test_chained_figures)."""
    rows = [row(1, 3, seat=1, total=124, base=12, mit=1, plus=24), row(2, 3, seat=1, total=47, base=23, plus=23)]
    a = audit(make_list(rows, games=2, signatures=None))
    assert [(f.code, f.game) for f in a.findings if f.severity == "error"] == [("running-total", 1)]
    assert [(r.points, r.won, r.lost) for r in a.result][0] == (47, 2, 0)


def test_a_right_total_after_a_total_written_too_high_keeps_the_game_won():
    """Game 1 "+" 24 with the total written 72 (24 is right); game 2 "+" 24 with the total 48, the corrected 24 and
    24: the total "falls" by 24 against the written 72 only. Measured against the total the correction has before it
    (24), it rises: game 2 is won (before: counted lost, -48 and -50)."""
    rows = [row(1, 3, seat=1, total=72, base=12, mit=1, plus=24), row(2, 3, seat=1, total=48, base=12, mit=1, plus=24)]
    a = audit(make_list(rows, games=2, signatures=None))
    assert "value.column" not in [f.key for f in a.findings]
    assert [(c.cell, c.before, c.after) for c in a.corrected.corrections if c.game] == [("g1.p1.total", 72, 24)]
    assert [(r.points, r.won, r.lost, r.score) for r in a.result][0] == (48, 2, 0, 148)


def test_a_lost_count_carried_after_a_loss_the_keeper_did_not_count_does_not_say_lost():
    """Game 1 lost ("-" 48), its Verl. written 0 (1 is right); game 2 "+" 24, the total up by 24, Gew. 1 and the Verl.
    1 carried: against the corrected count (1) the Verl. did not rise, the game is won (before: lost)."""
    rows = [row(1, 3, seat=1, total=-48, won=0, lost=0, base=12, mit=1, minus=48),
            row(2, 3, seat=1, total=-24, won=1, lost=1, base=12, mit=1, plus=24)]
    a = audit(make_list(rows, games=2, signatures=None))
    assert "value.column" not in [f.key for f in a.findings]
    assert [(c.cell, c.before, c.after) for c in a.corrected.corrections if c.game] == [("g1.p1.lost", 0, 1)]
    assert [(r.points, r.won, r.lost, r.score) for r in a.result][0] == (-24, 1, 1, -24)


def test_the_loss_figure_under_plus_is_charged_once():
    """Herz ohne 1 (worth 20) lost, the keeper wrote its loss figure 40 under "+" and took 40 from the total: the "+"
    is the loss in the wrong column, "-" 40 (before: twice 40, -80). A single value under "+" ("+" 20, the total
    falling by 40 or by 20) still counts twice, -40."""
    def minus(plus, total):
        a = audit(make_list([row(1, 3, seat=1, total=total, base=10, ohne=1, plus=plus)], games=1, signatures=None))
        [f] = [f for f in a.findings if f.key == "value.column"]
        assert f.expected == 40
        return a.corrected.sl.games[0].minus, a.result[0].points
    assert minus(40, -40) == (40, -40)
    assert minus(20, -40) == (40, -40)
    assert minus(20, -20) == (40, -40)


def test_an_overbid_charge_under_plus_is_the_loss_and_a_fall_by_twice_the_entry_counts_it_twice():
    """Karo mit 2 (worth 27) overbid and lost: its charge 90 under "+", the total falling by 90: "-" 90 (before:
    twice 90). "+" 48 for a Kreuz mit 1 (worth 24) with the total falling by 96: the 48 was the loss written single
    (an overbid's charge), and 96 counts, as the total says."""
    def minus(base, mit, plus, total):
        a = audit(make_list([row(1, 3, seat=1, total=total, base=base, mit=mit, plus=plus)], games=1,
                            signatures=None))
        assert [f.key for f in a.findings if f.severity == "error"] == ["value.column"]
        return a.corrected.sl.games[0].minus, a.result[0].points
    assert minus(9, 2, 90, -90) == (90, -90)
    assert minus(12, 1, 48, -96) == (96, -96)


def test_the_running_total_check_charges_a_value_under_plus_as_the_correction_does():
    """Kreuz mit 1 (worth 24) lost, 20 under "+", the total falling by 48: the correction charges twice the higher of
    the two, 48, and the total follows from it: no running-total error (before: "-40 expected")."""
    a = audit(make_list([row(1, 3, seat=1, total=-48, base=12, mit=1, plus=20)], games=1, signatures=None))
    assert [f.key for f in a.findings if f.severity == "error"] == ["value.column"]
    assert a.result[0].points == -48


def test_a_loss_under_plus_decided_by_a_cell_read_in_doubt_is_provisional():
    """Kreuz mit 1 "+" 24, the declarer's total falling by 72: that is a loss only as the "mit" was read, 2 in doubt
    (Kreuz mit 2, worth 36, twice). The doubt decides nothing for sure: the finding is a reading doubt's and every
    change in the row provisional (before: the "+" struck as an error on paper)."""
    from audit.model import CellReading
    rows = [row(1, 3, seat=1, total=24, base=12, mit=1, plus=24), row(2, 3, seat=1, total=-48, base=12, mit=2, plus=24)]
    doubt = {"g2.mit": CellReading(2, 0.5, ((2, 0.5), (1, 0.3)), doubtful=True, reason="confidence")}
    a = audit(replace(make_list(rows, games=2, signatures=None), readings=doubt))
    [f] = [f for f in a.findings if f.key == "value.column"]
    assert f.doubtful
    assert [(c.cell, c.provisional) for c in a.corrected.corrections if c.game] == [
        ("g2.plus", True), ("g2.minus", True)]
    # read surely, the same figures are the keeper's: corrections on paper
    b = audit(make_list(rows, games=2, signatures=None))
    assert [c.provisional for c in b.corrected.corrections if c.game] == [False, False]


def test_a_win_two_seats_took_by_a_plus_read_in_doubt_is_the_referees_to_settle():
    """"+" 30 read in doubt (24 is a candidate) in a row seats 1 (+24) and 2 (+36) both wrote: whether the totals tell
    the declarer rests on the doubt, so the several-declarers finding is a reading doubt's and the win counting for
    neither is provisional (before: corrections on paper)."""
    from audit.model import CellReading
    rows = [row(1, 3, seat=1, total=24, base=12, mit=1, plus=24), row(2, 3, seat=2, total=36, base=12, mit=2, plus=36),
            replace(row(3, 3, base=12, mit=1, plus=30), players=(SeatCells(48), SeatCells(72), SeatCells()))]
    doubt = {"g3.plus": CellReading(30, 0.5, ((30, 0.5), (24, 0.45)), doubtful=True, reason="confidence")}
    a = audit(replace(make_list(rows, games=3, signatures=None), readings=doubt))
    [f] = [f for f in a.findings if f.code == "several-declarers"]
    assert f.key == "declarers.several-won" and f.doubtful
    assert [(c.cell, c.provisional) for c in a.corrected.corrections if c.game] == [
        ("g3.p1.total", True), ("g3.p2.total", True)]


def test_a_passed_or_struck_row_with_a_loss_under_plus_counts_lost():
    """A passed (or struck) row where seat 1 wrote "+" 24 for a Kreuz mit 1, his total falling from 24 to -24 and his
    Verl. rising to 1: his own figures say lost, so the row carries a lost game and counts as one played, as with
    "-" 48 written (before: a won game, counted for nothing, his fall and Verl. dropped)."""
    first = [row(1, 3, seat=1, total=24, won=1, base=12, mit=1, plus=24),
             row(2, 3, seat=2, total=24, won=1, base=12, mit=1, plus=24)]
    for mark in ("passed", "crossed_out"):
        rows = [*first, row(3, 3, seat=1, total=-24, lost=1, base=12, mit=1, plus=24, **{mark: True})]
        a = audit(make_list(rows, games=3, signatures=None))
        assert [(c.cell, c.after, c.reason) for c in a.corrected.corrections if c.game] == [
            (f"g3.{mark}", False, "correct.lost-counts"), ("g3.plus", None, "correct.lost-column"),
            ("g3.minus", 48, "correct.lost-column")]
        assert [(r.points, r.won, r.lost, r.score) for r in a.result][0] == (-24, 1, 1, -24)
        assert not [f for f in audit(a.corrected.sl).findings if f.severity == "error"]


def _rows(seats: int, games: list):
    """Game rows of Kreuz mit 1 (worth 24), ``games`` of (seat 1-based: (total, won, lost)) with the "+" 24."""
    from audit.model import Game
    out = []
    for no, cells in enumerate(games, start=1):
        players = [SeatCells() for _ in range(seats)]
        for s, (t, w, lost) in cells.items():
            players[s - 1] = SeatCells(total=t, won=w, lost=lost)
        out.append(Game(no=no, players=tuple(players), base=12, mit=1, plus=24))
    return out


def test_a_lost_count_slipped_beside_a_total_that_rose_does_not_lose_a_won_game():
    """A keeper who wrote Verl. 1 beside a won game's total that rose by its 24 and his Gew. 2: the count is the slip,
    the game stays won (the review's pc4: before, the declarer's 48 became -24, and with the footer blank the others
    got 40 each above what the paper gives)."""
    sl = make_list(_rows(3, [{2: (24, 1, 0)}, {3: (24, 1, 0)}, {1: (24, 1, 0)}, {2: (48, 2, 1)}, {3: (48, 2, 0)},
                             {1: (48, 2, 0)}]), seats=3, games=6)
    a = audit(sl)
    assert [r.score for r in a.result] == [148, 148, 148]
    assert not any(c.reason == "correct.lost-column" for c in a.corrected.corrections)
    assert not any(f.key == "value.column" for f in a.findings)


def test_a_total_after_penalty_points_says_nothing_of_a_lost_column():
    """Penalty points before a "+" row make the total before it unsure (a schedule's figures beside a record written
    otherwise, a record cell left blank or read in doubt while the totals hold the points): a won game whose total
    follows them is not taken for a loss (the review's pc, pc2, pc3: scores of -149, -110 and -86 for 23, 32, 32)."""
    from audit.model import CellReading, Penalty
    rows = _rows(4, [{2: (24, 1, None)}, {1: (-51 + 24, 1, None)}, {3: (17 + 24, 1, None)}])
    sl = replace(make_list(rows, seats=4, games=3, first_dealer=1),
                 penalties=(Penalty(after=1, seat=1, offence="minor", points=(-3, 1, 1, 1)),))
    a = audit(sl, Settings(penalties="minor=51/17"))
    assert a.result[0].score == 23 and not any(f.key == "value.column" for f in a.findings)
    blank = replace(sl, games=tuple(replace(g, players=(SeatCells(total=-36 + 24, won=1),) + g.players[1:])
                                    if g.no == 2 else g for g in sl.games),
                    penalties=(Penalty(after=1, seat=1, offence="other", points=(None, 12, 12, 12)),))
    assert audit(blank).result[0].score == 38
    doubt = replace(blank, penalties=(Penalty(after=1, seat=1, offence="other", points=(0, 12, 12, 12)),),
                    readings={"penalty.1.points.1": CellReading(0, 0.5, ((0, 0.5), (-36, 0.4)), doubtful=True)})
    assert not any(c.reason == "correct.lost-column" for c in audit(doubt).corrected.corrections)


def test_a_plus_struck_for_a_minus_read_in_doubt_is_provisional():
    """A stroke in an empty "-" read "1" at 0.20 in doubt beside a sure "+" 24 whose total rose by it (seen on a
    synthetic evening, session 52): the row holds both, and which holds its game is the doubt's to tell; striking the
    "+" was a correction on paper, as the rerun with the "-" taken as written strikes it too. Read surely, the same
    "-" is the keeper's, and the change is on paper."""
    from audit.model import CellReading
    rows = [row(1, 3, seat=1, total=24, base=12, mit=1, plus=24, minus=1)]
    doubt = {"g1.minus": CellReading(1, 0.2, ((1, 0.2), (11, 0.11), (4, 0.09)), doubtful=True, reason="bar")}
    a = audit(replace(make_list(rows, games=1, signatures=None), readings=doubt))
    struck = [c for c in a.corrected.corrections if c.game == 1 and c.field == "plus"]
    assert struck and all(c.provisional for c in struck)
    b = audit(make_list(rows, games=1, signatures=None))
    assert [c.provisional for c in b.corrected.corrections if c.game == 1 and c.field == "plus"] == [False]


def test_a_count_set_for_a_twin_count_read_in_doubt_is_provisional():
    """The sample skatscan-4-errors.jpg's game 16 (review of session 53): the declarer's "1" written across the line
    into "Verl." read there in doubt (for its row) and his "Gew." read empty surely. The correction "Gew. - -> 1" was
    told as one on paper, though it rests on which of the two count cells holds the "1", the doubt's to tell (the
    rerun with the "Verl." taken as written makes it too). Both counts read surely, it is a correction on paper."""
    from audit.model import CellReading
    rows = [row(1, 3, seat=1, total=24, won=None, lost=1, base=12, mit=1, plus=24)]
    doubt = {"g1.p1.lost": CellReading(1, 0.98, ((1, 0.98), (None, 0.01)), doubtful=True, reason="row")}
    a = audit(replace(make_list(rows, games=1, signatures=None), readings=doubt))
    counts = {c.cell: c.provisional for c in a.corrected.corrections if c.game == 1 and c.field in ("won", "lost")}
    assert counts == {"g1.p1.won": True, "g1.p1.lost": True}
    b = audit(make_list(rows, games=1, signatures=None))
    assert {c.cell: c.provisional for c in b.corrected.corrections if c.game == 1 and c.field in ("won", "lost")} \
        == {"g1.p1.won": False, "g1.p1.lost": False}
    # a count corrected from one figure to another stays a correction on paper beside a twin read in doubt (its "Verl."
    # read empty below the bar holds no answer to a "Gew." 2 where 1 is due; the re-review of session 53)
    two = [row(1, 3, seat=1, total=24, won=2, lost=None, base=12, mit=1, plus=24)]
    empty = {"g1.p1.lost": CellReading(None, 0.6, ((None, 0.6), (4, 0.2)), doubtful=True, reason="bar")}
    c = audit(replace(make_list(two, games=1, signatures=None), readings=empty))
    assert [(x.cell, x.before, x.after, x.provisional) for x in c.corrected.corrections
            if x.game == 1 and x.field in ("won", "lost")] == [("g1.p1.won", 2, 1, False)]
