"""A seat's figures in a row whose declarer the totals tell: one row is one game, the declarer's, and another seat's
count rising there is that seat's slip, not a game of his (SkWO 7.2.5)."""
from dataclasses import replace

from audit.auditor import audit, run_checks
from audit.findings import CORRECTABLE
from audit.model import CellReading, Game, SeatCells
from audit.settings import Settings

from .builders import make_list


def _list(stray: SeatCells, second: SeatCells, plus=24, minus=None, total=24, won=1, lost=None):
    """Game 1 Kreuz mit 1, seat 1 its declarer by his total, seat 2 with ``stray`` figures; game 2 won by seat 2
    (``second``: his figures there)."""
    g1 = Game(no=1, base=12, mit=1, plus=plus, minus=minus,
              players=(SeatCells(total=total, won=won, lost=lost), stray, SeatCells()))
    g2 = Game(no=2, base=12, mit=1, plus=24, players=(SeatCells(), second, SeatCells()))
    return make_list([g1, g2], games=2, signatures=None)


def _seats(a):
    return [(r.points, r.won, r.lost, r.others_lost, r.score, r.money) for r in a.result]


def test_a_stray_gew_in_another_seat_is_no_won_game_for_him():
    """Seat 1's total rises by the "+" 24 and his Gew. to 1: his game. Seat 2's Gew. 1 beside no total is his slip:
    before, seat 2 had two won games (124); he won one (74). The referee is told once, on the row, and the corrected
    counts follow (seat 2's Gew. 1 -> 0 in game 1, 2 -> 1 in game 2)."""
    a = audit(_list(SeatCells(won=1), SeatCells(total=24, won=2)))
    assert _seats(a) == [(24, 1, 0, 0, 74, 0.0), (24, 1, 0, 0, 74, 0.0), (0, 0, 0, 0, 0, 0.0)]
    assert [(f.code, f.key, f.game) for f in a.findings if f.severity == "error"] == [
        ("several-declarers", "declarers.stray", 1)]
    assert "Platz 2" in a.errors[0].message("de") and "seat 1 played" in a.errors[0].message("en")
    # the stray count is the cell the finding is about, marked on the page and the photo (not seat 1's right total)
    assert a.errors[0].cells[0] == "g1.p2.won"
    assert [(c.cell, c.before, c.after) for c in a.corrected.corrections if c.game] == [
        ("g1.p2.won", 1, 0), ("g2.p2.won", 2, 1)]
    assert not [f for f in run_checks(a.corrected.sl, Settings()) if f.code in CORRECTABLE or f.severity == "error"]
    # the stray count read in doubt: the finding is a doubt, the corrected counts provisional
    doubt = CellReading(1, 0.5, ((1, 0.5), (None, 0.4)), doubtful=True, reason="bar")
    a = audit(replace(_list(SeatCells(won=1), SeatCells(total=24, won=2)), readings={"g1.p2.won": doubt}))
    assert [(f.key, f.doubtful) for f in a.findings if f.code == "several-declarers"] == [("declarers.stray", True)]
    assert [(c.cell, c.provisional) for c in a.corrected.corrections if c.game] == [
        ("g1.p2.won", True), ("g2.p2.won", True)]


def test_a_stray_verl_in_another_seat_charges_him_no_lost_game_and_pays_no_one_for_it():
    """Seat 1 wins game 1, seat 2 writes a Verl. 1 there (his total unmoved): before, seat 2 was charged a lost game
    (-50, 0,50 EUR) and seats 1 and 3 got 40 each for it; the row has one game, seat 1's win."""
    a = audit(_list(SeatCells(lost=1), SeatCells(total=24, won=1, lost=1)))
    assert _seats(a) == [(24, 1, 0, 0, 74, 0.0), (24, 1, 0, 0, 74, 0.0), (0, 0, 0, 0, 0, 0.0)]
    # seat 1 loses game 1: seats 2 and 3 get the 40 once, seat 2 is not charged the loss his Verl. shows
    a = audit(_list(SeatCells(lost=1), SeatCells(total=24, won=1, lost=1), plus=None, minus=48, total=-48, won=None,
                    lost=1))
    assert _seats(a) == [(-48, 0, 1, 0, -98, 0.5), (24, 1, 0, 40, 114, 0.0), (0, 0, 0, 40, 40, 0.0)]
    assert [f.key for f in a.findings if f.severity == "error"] == ["declarers.stray"]


def test_a_loss_another_seats_total_shows_stays_his_and_several_totals_still_leave_the_declarer_unknown():
    """A Verl. beside a total that fell (seat 2, -30) stays a lost game for him as written (the lower reading for him),
    and the others are paid once for the row; where two seats' totals rose by the "+", the declarer is unknown and
    the win counts for neither (declarers.several-won, as before)."""
    a = audit(_list(SeatCells(total=-30, lost=1), SeatCells(total=-6, won=1, lost=1), plus=None, minus=48,
                    total=-48, won=None, lost=1))
    assert [f.key for f in a.findings if f.severity == "error"] == ["declarers.several"]
    assert [(r.won, r.lost, r.others_lost) for r in a.result] == [(0, 1, 0), (1, 1, 0), (0, 0, 40)]
    a = audit(_list(SeatCells(total=24, won=1), SeatCells(total=48, won=2)))
    assert [f.key for f in a.findings if f.severity == "error"] == ["declarers.several-won"]
    assert [(r.points, r.won, r.score) for r in a.result] == [(0, 0, 0), (24, 1, 74), (0, 0, 0)]


def test_another_seats_fall_beside_a_won_game_credits_no_one():
    """Seat 1's total rises by the "+" 24 (his win, the row's one game); seat 2's total falls to -30 with no "-": his
    loss as written (the lower reading for him), but no game lost for the others: before, the winner and seat 3 got
    40 each for it (114 and 40). The rows of the corrected list are as before, and its footer follows them."""
    for stray in (SeatCells(total=-30), SeatCells(total=-30, lost=1)):
        won = SeatCells(total=24, won=1 if stray.lost else None)
        sl = make_list([Game(no=1, base=12, mit=1, plus=24, players=(won, stray, SeatCells()))], games=1,
                       signatures=None)
        a = audit(sl)
        assert _seats(a) == [(24, 1, 0, 0, 74, 0.0), (-30, 0, 1, 0, -80, 0.5), (0, 0, 0, 0, 0, 0.0)]
        assert a.corrected.sl.games == sl.games
        assert [f.key for f in run_checks(a.corrected.sl, Settings()) if f.severity == "error"] == [
            "declarers.several"]


def test_a_stray_count_beside_a_declarers_total_read_in_doubt_is_corrected_provisionally():
    """Seat 1's total "24", which names him the declarer, read in doubt (it may be empty: then seat 2 won both games,
    124): seat 2's Gew. 1 -> 0 rests on that doubt. Before, the change counted as a correction on paper."""
    doubt = CellReading(24, 0.55, ((24, 0.55), (None, 0.4)), doubtful=True, reason="bar")
    a = audit(replace(_list(SeatCells(won=1), SeatCells(total=24, won=2)), readings={"g1.p1.total": doubt}))
    assert [(c.cell, c.after, c.provisional) for c in a.corrected.corrections if c.game] == [
        ("g1.p2.won", 0, True), ("g2.p2.won", 1, True)]


def test_a_stray_count_in_the_dealers_column_is_one_finding():
    """At four seats seat 4 deals game 1 (first dealer 4); seat 1 wins it, seat 4's Gew. 1 there is his slip: the
    several-declarers finding says so. Before, the dealer check told "the dealer played" too: two errors for one
    slip."""
    g1 = Game(no=1, base=12, mit=1, plus=24, players=(SeatCells(total=24, won=1), SeatCells(), SeatCells(),
                                                       SeatCells(won=1)))
    g2 = Game(no=2, base=12, mit=1, plus=24, players=(SeatCells(), SeatCells(total=24, won=1), SeatCells(),
                                                       SeatCells()))
    a = audit(make_list([g1, g2], seats=4, games=2, signatures=None, first_dealer=4))
    assert [f.key for f in a.findings if f.severity == "error"] == ["declarers.stray"]
    assert [(r.points, r.won) for r in a.result] == [(24, 1), (24, 1), (0, 0), (0, 0)]
