"""Differential test: the auditor against the independent oracle of rules.md (tests/audit/oracle.py).

The lists are written by the oracle's keeper (not by ``audit.simulate``, which uses the auditor's own game values),
audited, and every figure compared: the game values, the footer, the loss money, and, with one slip injected, the
finding naming the cell and the figure the lowest-score correction (SkWO 7.2.5) gives. ``SKATSCAN_DIFF_EXAMPLES``
raises the number of examples for a longer exploring run; CI runs a fixed (derandomized) set.
"""
import itertools
import os
from dataclasses import replace

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from audit.auditor import audit
from audit.findings import INFO
from audit.model import SEAT_FIELDS, Abandoned, Footer, Game, ScoreList, SeatCells, Table, cell_ref
from audit.overbid import explained_bids, overbid_loss
from audit.rows import analyse
from audit.settings import Settings
from audit.values import ImpossibleGame, value_of

from . import oracle as o

EXAMPLES = int(os.environ.get("SKATSCAN_DIFF_EXAMPLES", "30"))
FIXED = settings(max_examples=EXAMPLES, deadline=None, derandomize=not os.environ.get("SKATSCAN_DIFF_EXAMPLES"),
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much], database=None)
MARKS = ("hand", "schneider", "schneider_announced", "schwarz", "schwarz_announced", "ouvert")


def as_game(no: int, p: o.Play, **cells) -> Game:
    if p.ramsch:
        return Game(no=no, ramsch=True, bock=p.doublings, **cells)
    mit = p.matadors if p.matadors and not p.ohne else None
    ohne = p.matadors if p.matadors and p.ohne else None
    d = p.doublings
    left = None if p.abandoned is None else Abandoned(p.abandoned[0] + 1, p.abandoned[1])
    return Game(no=no, base=p.base, mit=mit, ohne=ohne, **{m: getattr(p, m) for m in MARKS},
                kontra=d >= 1, re=d >= 2, bock=max(d - 2, 0), abandoned=left, **cells)


# -- the oracle itself reproduces rules.md's figures ----------------------------------------------------------------

def test_the_oracle_reproduces_the_rule_figures():
    six = [o.Play(base=12, matadors=1, declarer=0), o.Play(base=24, matadors=2, ohne=True, schneider=True, declarer=1),
           o.Play(base=10, matadors=1, ohne=True, won=False, declarer=2), o.Play(base=23, declarer=0),
           o.Play(base=11, matadors=2, hand=True, declarer=1),
           o.Play(base=9, matadors=1, won=False, bid=24, declarer=2)]
    sheet = o.keep(six, 3)
    assert [r.total for r in sheet.rows] == [24, 96, -40, 47, 140, -94]
    assert sheet.points == [47, 140, -94] and sheet.score == [227, 320, -194]
    assert o.cents(sheet.points) == [48, 327, -375]
    assert o.seeger_fabian(937, 18, 3, 14, 4) == 2107 and o.seeger_fabian(437, 12, 3, 6, 4) == 1067
    assert [o.seeger_fabian(p, w, lo, ol, 4) for p, w, lo, ol in ((421, 11, 1, 5), (9, 9, 5, 1), (275, 6, 0, 6),
                                                                   (595, 8, 0, 6))] == [1071, 239, 755, 1175]
    assert (o.loss_money(1), o.loss_money(5)) == (0.5, 3.5)
    assert [o.value(o.Play(base=24, matadors=4, ouvert=True)), o.value(o.Play(base=24, matadors=1)),
            o.value(o.Play(base=11, matadors=2))] == [264, 48, 33]
    a = audit(to_list(sheet, 1))
    assert [r.score for r in a.result] == [227, 320, -194] and errors(a) == set()


# -- game values: every column combination ------------------------------------------------------------------------

def test_every_column_combination_has_the_oracles_value():
    checked = 0
    for base in (9, 10, 11, 12, 23, 24):
        for matadors in range(0, 13):
            for ohne in (False, True):
                for flags in itertools.product((False, True), repeat=len(MARKS)):
                    p = o.Play(base=base, matadors=matadors, ohne=ohne, **dict(zip(MARKS, flags)))
                    try:
                        got = value_of(as_game(1, p))
                    except ImpossibleGame:
                        got = None
                    assert got == (o.value(p) if o.valid(p) else None), p
                    checked += 1
    assert checked == 6 * 13 * 2 * 64


def test_overbid_charge_and_the_bids_it_explains():
    ladder = o.BIDS
    levels = ({}, dict(hand=True), dict(schneider=True), dict(hand=True, schneider_announced=True),
              dict(hand=True, schwarz_announced=True), dict(hand=True, ouvert=True))
    for base in (*o.SUITS, o.GRAND):
        for matadors, marks in itertools.product(range(1, o.TOP[base] + 1), levels):
            p = o.Play(base=base, matadors=matadors, won=False, **marks)
            for bid in (b for b in ladder if b > o.value(p)):
                q = replace(p, bid=bid)
                assert overbid_loss(bid, base) == -o.charge(q)
                assert bid in explained_bids(-o.charge(q), base, o.value(p))


# -- whole lists written by the oracle ----------------------------------------------------------------------------

@st.composite
def plays(draw, seats: int, home: bool = False, online: bool = False):
    n = draw(st.integers(1, {3: 36, 4: 48}[seats]))
    first = draw(st.integers(1, seats))
    out: list = []
    for no in range(1, n + 1):
        if draw(st.integers(0, 24)) == 0:
            out.append(None)
            continue
        dealer = o.dealer(no, first, seats)
        declarer = draw(st.sampled_from([s for s in range(seats) if seats == 3 or s != dealer]))
        base = draw(st.sampled_from((9, 10, 11, 12, 24, 24, 23)))
        won = draw(st.integers(0, 3)) > 0
        if online and draw(st.integers(0, 7)) == 0:
            out.append(draw(abandoned(seats, dealer, declarer)))
            continue
        doublings = draw(st.sampled_from((0, 0, 0, 1, 2, 3))) if home else 0
        if home and draw(st.integers(0, 9)) == 0:
            durchmarsch = draw(st.integers(0, 5)) == 0
            out.append(o.Play(base=0, ramsch=True, won=durchmarsch, matadors=0 if durchmarsch else draw(
                st.integers(40, 120)), declarer=declarer, doublings=draw(st.integers(0, 1))))
            continue
        if base == o.NULL:
            out.append(o.Play(base=base, hand=draw(st.booleans()), ouvert=draw(st.booleans()), won=won,
                              declarer=declarer, doublings=doublings))
            continue
        matadors = draw(st.integers(1, o.TOP[base]))
        hand = draw(st.booleans())
        ouvert = hand and draw(st.integers(0, 9)) == 0
        sa = hand and not ouvert and draw(st.integers(0, 5)) == 0
        swa = sa and draw(st.booleans())
        schneider = (sa and won) or draw(st.integers(0, 4)) == 0
        schwarz = (swa and won) or (schneider and draw(st.integers(0, 5)) == 0)
        p = o.Play(base=base, matadors=matadors, ohne=draw(st.booleans()), hand=hand, schneider=schneider,
                   schneider_announced=sa, schwarz=schwarz, schwarz_announced=swa, ouvert=ouvert, won=won,
                   declarer=declarer, doublings=doublings)
        if not won and draw(st.integers(0, 3)) == 0:
            bids = [b for b in o.BIDS if o.single_value(p) < b]
            if bids:
                p = replace(p, bid=draw(st.sampled_from(bids[:6] if draw(st.integers(0, 4)) else bids)))
        out.append(p)
    return first, out


@st.composite
def abandoned(draw, seats: int, dealer: int, declarer: int):
    """A game a player left (003): before the bidding ended or, as the declarer, before announcing: his lost simple
    Grand with his matadors, at least the bid; an opponent before the announcement: the declarer's won simple Grand."""
    matadors = draw(st.integers(1, 4))
    when = draw(st.sampled_from(("bidding", "announcement")))
    others = [s for s in range(seats) if s != declarer and (seats == 3 or s != dealer)]
    credited = when == "announcement" and draw(st.booleans())
    leaver = draw(st.sampled_from(others)) if credited else declarer
    p = o.Play(base=o.GRAND, matadors=matadors, ohne=draw(st.booleans()), won=credited, declarer=declarer,
               abandoned=(leaver, when))
    if not credited and draw(st.booleans()):
        p = replace(p, bid=draw(st.sampled_from([b for b in o.BIDS if o.value(p) < b <= 264])))
    return p


def to_list(sheet: o.Sheet, first: int, kind: str = "tournament", counters: bool = True) -> ScoreList:
    """The list of ``sheet``; a private list (kind "private") has no Seeger-Fabian lines."""
    n = sheet.seats
    games = []
    for r in sheet.rows:
        players = [SeatCells() for _ in range(n)]
        if r.play is None:
            games.append(Game(no=r.no, passed=True, players=tuple(players)))
            continue
        players[r.play.declarer] = SeatCells(total=r.total, won=r.won if counters else None,
                                             lost=r.lost if counters else None)
        games.append(as_game(r.no, r.play, plus=r.plus, minus=r.minus, players=tuple(players)))
    series = {3: 36, 4: 48}[n]
    games += [Game(no=no, crossed_out=True, players=tuple(SeatCells() for _ in range(n)))
              for no in range(len(games) + 1, series + 1)]
    money = tuple(m or None for m in sheet.money)
    private = kind == "private"
    footer = Footer(points=tuple(sheet.points), won=tuple(sheet.won), lost=tuple(sheet.lost),
                    **{line: (None,) * n if private else tuple(getattr(sheet, line))
                       for line in ("bonus", "others_lost", "score")},
                    money=money, money_total=round(sum(sheet.money), 2) or None)
    return ScoreList(table=Table(seats=n, series=1, table=1, start_numbers=tuple(str(s + 1) for s in range(n)),
                                 first_dealer=first, kind=kind),
                     games=tuple(games), footer=footer, signatures=(True,) * n)


def errors(a) -> set:
    """(code, game, seat, field) of every finding that is no info; each names its cell first."""
    found = [f for f in a.findings if f.severity != INFO]
    for f in found:
        assert f.cells and f.cells[0] == cell_ref(f.game, f.field, f.seat if f.game is None or f.field in SEAT_FIELDS
                                                  else None), f
    return {(f.code, f.game, f.seat, f.field) for f in found}


def assert_result(a, want: dict):
    for line in ("points", "won", "lost", "score"):
        assert [getattr(r, line) for r in a.result] == list(want[line]), line
    assert [r.others_lost for r in a.result] == list(want["others_lost"])
    assert [r.money for r in a.result] == list(want["money"])


def result_of(sheet: o.Sheet) -> dict:
    return {k: list(getattr(sheet, k)) for k in ("points", "won", "lost", "bonus", "others_lost", "score", "money")}


@FIXED
@given(st.sampled_from((3, 4)).flatmap(lambda n: st.tuples(st.just(n), plays(n))), st.booleans())
def test_a_clean_list_agrees_with_the_oracle(drawn, counters):
    seats, (first, ps) = drawn
    sheet = o.keep(ps, seats)
    sl = to_list(sheet, first, counters=counters)
    facts = analyse(sl)
    for f, p in zip(facts, ps):
        assert f.value == (None if p is None else o.value(p))
    a = audit(sl)
    assert errors(a) == set()
    assert a.corrected.corrections == ()
    assert_result(a, result_of(sheet))
    overbids = {(f.game, f.params["bid_low"], f.params["bid_high"]) for f in a.findings if f.code == "overbid"}
    want = {no for no, p in enumerate(ps, 1) if p is not None and o.overbid(p)}
    assert {no for no, _, _ in overbids} == want
    for no, low, high in overbids:
        assert low <= ps[no - 1].bid <= high, (no, low, high)


@FIXED
@given(st.sampled_from((3, 4)).flatmap(lambda n: st.tuples(st.just(n), plays(n, home=True))))
def test_a_home_list_doubles_only_the_game_value(drawn):
    seats, (first, ps) = drawn
    sheet = o.keep(ps, seats)
    a = audit(to_list(sheet, first, kind="home"))
    assert errors(a) == set()
    assert_result(a, result_of(sheet))


@FIXED
@given(st.sampled_from((3, 4)).flatmap(lambda n: st.tuples(st.just(n), plays(n, home=True))), st.data())
def test_a_private_list_settles_in_cents(drawn, data):
    """A private list: no Seeger-Fabian, the Endzahlsummenverfahren on the final totals (001); with a running total
    written too high or too low, on the totals the lowest-score rule leaves."""
    seats, (first, ps) = drawn
    sheet = o.keep(ps, seats)
    finals = list(sheet.points)
    played = _played(ps)
    if played and data.draw(st.booleans()):
        i = data.draw(st.sampled_from(played))
        amount = data.draw(st.sampled_from((-10, 10)))
        if amount < 0:
            finals[ps[i].declarer] += amount
        _carry(sheet, i, ps[i].declarer, amount)
    a = audit(to_list(sheet, first, kind="private"))
    assert [r.points for r in a.result] == finals
    assert [r.score for r in a.result] == finals
    assert [r.cents for r in a.result] == o.cents(finals)


@FIXED
@given(st.sampled_from((3, 4)).flatmap(lambda n: st.tuples(st.just(n), plays(n, online=True))))
def test_abandoned_games_by_the_online_rule(drawn):
    seats, (first, ps) = drawn
    sheet = o.keep(ps, seats)
    a = audit(to_list(sheet, first), Settings(online=True))
    assert errors(a) == set()
    assert_result(a, result_of(sheet))


# -- one slip of the keeper ----------------------------------------------------------------------------------------

def _carry(sheet: o.Sheet, i: int, seat: int, amount: int) -> None:
    """The keeper carries a total written ``amount`` off from row ``i`` on: the seat's later totals and his footer."""
    for r in sheet.rows[i:]:
        if r.play is not None and r.play.declarer == seat:
            r.total += amount
    sheet.points[seat] += amount
    sheet.score[seat] += amount


def _shifted(sheet: o.Sheet, seat: int, amount: int) -> dict:
    want = result_of(sheet)
    want["points"][seat] += amount
    want["score"][seat] += amount
    return want


def _played(ps) -> list[int]:
    return [i for i, p in enumerate(ps) if p is not None]


@FIXED
@given(st.sampled_from((3, 4)).flatmap(lambda n: st.tuples(st.just(n), plays(n))), st.data())
def test_a_loss_written_single_is_found_and_counts_double(drawn, data):
    seats, (first, ps) = drawn
    lost = [i for i in _played(ps) if not ps[i].won and not o.overbid(ps[i])]
    assume(lost)
    i = data.draw(st.sampled_from(lost))
    _loss_written_single(ps, seats, first, i, counters=data.draw(st.booleans()))


def _loss_written_single(ps, seats: int, first: int, i: int, **as_list) -> None:
    """Row ``i``'s "-" written single (half of it) and the keeper carrying on from it: one finding on that cell, the
    correction doubling it, and the result the clean sheet's."""
    clean = o.keep(ps, seats)
    sheet = o.keep(ps, seats)
    half = sheet.rows[i].minus // 2
    sheet.rows[i].minus = half
    _carry(sheet, i, ps[i].declarer, half)
    a = audit(to_list(sheet, first, **as_list))
    assert errors(a) == {("single-counted-loss", i + 1, None, "minus")}
    assert a.corrected.sl.games[i].minus == 2 * half
    assert_result(a, result_of(clean))


@FIXED
@given(st.sampled_from((3, 4)).flatmap(lambda n: st.tuples(st.just(n), plays(n))), st.data())
def test_a_wrong_running_total_is_found_and_the_lower_counts(drawn, data):
    seats, (first, ps) = drawn
    assume(_played(ps))
    i = data.draw(st.sampled_from(_played(ps)))
    amount = data.draw(st.sampled_from((-100, -20, -10, -1, 1, 10, 20, 100)))
    sheet = o.keep(ps, seats)
    seat = ps[i].declarer
    want = result_of(sheet) if amount > 0 else _shifted(sheet, seat, amount)
    _carry(sheet, i, seat, amount)
    a = audit(to_list(sheet, first, counters=data.draw(st.booleans())))
    assert errors(a) == {("running-total", i + 1, seat + 1, "total")}
    assert_result(a, want)


@FIXED
@given(st.sampled_from((3, 4)).flatmap(lambda n: st.tuples(st.just(n), plays(n))), st.data())
def test_a_lost_games_value_written_under_plus_counts_lost(drawn, data):
    """A lost game's value written under "+" while the declarer's total falls by twice it (and his Verl. rises): the
    row disagrees with itself and the lower reading counts, lost (SkWO 7.2.5), for the totals, the counts, the 50,
    the others' 40 or 30 and the loss money alike. Before, the "+" made it a won game: the total kept its fall and
    the declarer got the 50 as well (Kreuz mit 1: -48 + 50 = 2, neither reading)."""
    seats, (first, ps) = drawn
    lost = [i for i in _played(ps) if not o.is_won(ps[i]) and not ps[i].ramsch and ps[i].abandoned is None]
    assume(lost)
    i = data.draw(st.sampled_from(lost))
    sheet = o.keep(ps, seats)
    clean = result_of(sheet)
    sheet.rows[i].plus, sheet.rows[i].minus = sheet.rows[i].minus // 2, None
    a = audit(to_list(sheet, first, counters=data.draw(st.booleans())))
    assert errors(a) == {("value-mismatch", i + 1, None, "plus")}
    assert (a.corrected.sl.games[i].plus, a.corrected.sl.games[i].minus) == (None, 2 * sheet.rows[i].plus)
    assert_result(a, clean)


@FIXED
@given(st.sampled_from((3, 4)).flatmap(lambda n: st.tuples(st.just(n), plays(n))), st.data())
def test_a_wrong_plus_is_found_and_the_lower_counts(drawn, data):
    seats, (first, ps) = drawn
    won = [i for i in _played(ps) if o.is_won(ps[i])]
    assume(won)
    i = data.draw(st.sampled_from(won))
    k = data.draw(st.sampled_from((-1, 1, 2)))
    amount = k * ps[i].base
    assume(ps[i].base != o.NULL and o.value(ps[i]) + amount > 0)
    sheet = o.keep(ps, seats)
    seat = ps[i].declarer
    want = result_of(sheet) if amount > 0 else _shifted(sheet, seat, amount)
    sheet.rows[i].plus += amount
    _carry(sheet, i, seat, amount)
    a = audit(to_list(sheet, first, counters=data.draw(st.booleans())))
    assert errors(a) == {("value-mismatch", i + 1, None, "plus")}
    assert_result(a, want)


@FIXED
@given(st.sampled_from((3, 4)).flatmap(lambda n: st.tuples(st.just(n), plays(n))), st.data())
def test_a_wrong_footer_line_is_found_and_the_lower_counts(drawn, data):
    seats, (first, ps) = drawn
    line = data.draw(st.sampled_from(("points", "won", "lost", "bonus", "others_lost", "score")))
    seat = data.draw(st.integers(0, seats - 1))
    amount = data.draw(st.sampled_from((-1, 1) if line in ("won", "lost") else (-50, -30, -10, -1, 1, 10, 40)))
    clean = o.keep(ps, seats)
    sheet = o.keep(ps, seats)
    getattr(sheet, line)[seat] += amount
    assume(getattr(sheet, line)[seat] >= 0 or line not in ("won", "lost"))
    a = audit(to_list(sheet, first, counters=data.draw(st.booleans())))
    assert errors(a) == {("footer", None, seat + 1, line)}
    assert_result(a, o.lowest_footer(clean, sheet))


@FIXED
@given(st.sampled_from((3, 4)).flatmap(lambda n: st.tuples(st.just(n), plays(n))), st.data())
def test_wrong_loss_money_is_found_and_the_schedule_counts(drawn, data):
    seats, (first, ps) = drawn
    seat = data.draw(st.integers(0, seats - 1))
    amount = data.draw(st.sampled_from((-0.5, 0.5, 1.0)))
    sheet = o.keep(ps, seats)
    clean = result_of(o.keep(ps, seats))
    assume(sheet.money[seat] + amount >= 0)
    sheet.money[seat] += amount
    sl = to_list(sheet, first)
    sl = replace(sl, footer=replace(sl.footer, money_total=sum(clean["money"]) or None))
    a = audit(sl)
    assert errors(a) == {("money", None, seat + 1, "money")}
    assert_result(a, clean)


@FIXED
@given(st.sampled_from((3, 4)).flatmap(lambda n: st.tuples(st.just(n), plays(n, home=True))), st.data())
def test_an_overbid_charge_written_single_counts_double(drawn, data):
    """An overbid's charge written single: an odd multiple of the Grundwert above the game's own (an even one is the
    charge of a lower bid, doubled: the list cannot tell it from an overbid at that bid)."""
    seats, (first, ps) = drawn
    odd = [i for i in _played(ps)
           if o.overbid(ps[i]) and (-o.charge(ps[i]) // 2 // ps[i].base // 2 ** ps[i].doublings) % 2]
    assume(odd)
    i = data.draw(st.sampled_from(odd))
    _loss_written_single(ps, seats, first, i, kind="home")


@FIXED
@given(st.sampled_from((3, 4)).flatmap(lambda n: st.tuples(st.just(n), plays(n))), st.data())
def test_a_footer_line_carried_into_the_score(drawn, data):
    """The keeper adds the wrong line into his score: both lines are found, and the lowest reading counts."""
    seats, (first, ps) = drawn
    line = data.draw(st.sampled_from(("points", "bonus", "others_lost")))
    seat = data.draw(st.integers(0, seats - 1))
    amount = data.draw(st.sampled_from((-50, -30, -10, -1, 1, 10, 40)))
    clean = o.keep(ps, seats)
    sheet = o.keep(ps, seats)
    getattr(sheet, line)[seat] += amount
    sheet.score[seat] += amount
    a = audit(to_list(sheet, first, counters=data.draw(st.booleans())))
    assert errors(a) == {("footer", None, seat + 1, line), ("footer", None, seat + 1, "score")}
    assert_result(a, o.lowest_footer(clean, sheet))


@FIXED
@given(st.sampled_from((3, 4)).flatmap(lambda n: st.tuples(st.just(n), plays(n))), st.data())
def test_a_wrong_minus_is_found_and_the_lower_counts(drawn, data):
    """A lost game's "-" that is neither twice its value, nor its value, nor an overbid's charge: the reading with
    the fewest points counts (the written entry where it is the higher loss, else twice the value)."""
    seats, (first, ps) = drawn
    lost = [i for i in _played(ps) if not ps[i].won and not o.overbid(ps[i])]
    assume(lost)
    i = data.draw(st.sampled_from(lost))
    amount = data.draw(st.sampled_from((-2, -1, 1, 2)))
    sheet = o.keep(ps, seats)
    seat = ps[i].declarer
    minus = sheet.rows[i].minus + amount
    v = o.value(ps[i])
    assume(minus > 0 and minus != v and (ps[i].base == o.NULL or minus % ps[i].base))
    want = _shifted(sheet, seat, -amount) if amount > 0 else result_of(sheet)
    sheet.rows[i].minus = minus
    _carry(sheet, i, seat, -amount)
    a = audit(to_list(sheet, first, counters=data.draw(st.booleans())))
    assert errors(a) == {("value-mismatch", i + 1, None, "minus")}
    assert_result(a, want)


@FIXED
@given(st.sampled_from((3, 4)).flatmap(lambda n: st.tuples(st.just(n), plays(n, home=True))), st.data())
def test_several_slips_are_corrected_by_the_lowest_score(drawn, data):
    """Up to four slips on one list ("+", "-", a loss written single, a running total; carried on by the keeper or
    not; the footer written from his totals or from the games): the result is the oracle's lowest reading."""
    seats, (first, ps) = drawn
    played = _played(ps)
    assume(played)
    sheet = o.keep(ps, seats)
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.sampled_from(played))
        row, seat = sheet.rows[i], ps[i].declarer
        kind = data.draw(st.sampled_from(("value", "single", "total")))
        amount = data.draw(st.sampled_from((-2, -1, 1, 2))) * (ps[i].base or 10)
        before = row.total
        if kind == "value" and row.plus is not None and row.plus + amount > 0:
            row.plus += amount
            row.total += amount
        elif kind == "value" and row.minus is not None and row.minus - amount > 0:
            row.minus -= amount
            row.total += amount
        elif kind == "single" and row.minus is not None and row.minus % 2 == 0:
            row.total += row.minus // 2
            row.minus //= 2
        elif kind == "total":
            row.total += amount
        if data.draw(st.booleans()):
            _carry(sheet, i + 1, seat, row.total - before)
    if data.draw(st.booleans()):                      # the footer from his written totals
        for s in range(seats):
            last = [r.total for r in sheet.rows if r.play is not None and r.play.declarer == s]
            shift = (last[-1] if last else 0) - sheet.points[s]
            sheet.points[s] += shift
            sheet.score[s] += shift
    if data.draw(st.booleans()):                      # and one footer line
        line = data.draw(st.sampled_from(("points", "won", "lost", "bonus", "others_lost", "score")))
        getattr(sheet, line)[data.draw(st.integers(0, seats - 1))] += data.draw(st.sampled_from((-1, 1))) * (
            1 if line in ("won", "lost") else 10)
    written = to_list(sheet, first, kind="home")
    a = audit(written)
    finals = o.lowest_rows(sheet)
    rows = o.footer(seats, sheet.rows, finals, o.keep(ps, seats).won, o.keep(ps, seats).lost)
    assert_result(a, o.lowest_footer(rows, sheet))


@FIXED
@given(st.lists(st.tuples(st.sampled_from((3, 4)), st.integers(0, 10 ** 6)), min_size=2, max_size=4))
def test_standings_rank_by_score_then_won_then_fewer_lost(tables):
    """Players over several short lists: ranked by score, then more games won, then fewer lost; still equal, they
    share the place (the lot decides, SkWO 5.1)."""
    import random

    from audit.standings import standings
    audits, sums = [], {}
    for series, (seats, seed) in enumerate(tables, start=1):
        rng = random.Random(seed)
        ps = [o.Play(base=rng.choice((9, 10, 24)), matadors=1, won=rng.random() < 0.6,
                     declarer=rng.choice([s for s in range(seats) if seats == 3 or s != o.dealer(no, 1, seats)]))
              for no in range(1, rng.randint(1, 4))]
        sheet = o.keep(ps, seats)
        starts = rng.sample(range(1, 7), seats)
        sl = to_list(sheet, 1)
        audits.append(audit(replace(sl, table=replace(sl.table, series=series,
                                                      start_numbers=tuple(map(str, starts))))))
        for s, number in enumerate(starts):
            score, won, lost = sums.get(number, (0, 0, 0))
            sums[number] = (score + sheet.score[s], won + sheet.won[s], lost + sheet.lost[s])
    lines = standings(audits)
    key = {n: (-score, -won, lost) for n, (score, won, lost) in sums.items()}
    assert [key[int(p.start_number)] for p in lines] == sorted(key.values())
    for p in lines:
        place = 1 + sum(1 for k in key.values() if k < key[int(p.start_number)])
        tie = sum(1 for k in key.values() if k == key[int(p.start_number)]) > 1
        assert (p.place, p.tie) == (place, tie)
