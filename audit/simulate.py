"""Simulated series: realistic lists with known truth, and lists with one seeded error each.

Two layers, so that an error can be seeded the way it happens at a table:

* :func:`play_series` draws what happened: dealer rotation, passed games, the game mix of
  tournament Skat (suit, Grand, Null; matadors, Hand, Schneider, overbids, lost games);
* :func:`write_list` is the list keeper: he writes each row from the events, keeps the
  running totals and counts from what he wrote before, and fills in the footer and money.
  A :class:`Slip` makes him write one figure wrong and carry on from it, as keepers do.

:func:`seeded` returns a faulty list plus the findings the auditor must report for it.
Everything is deterministic for a given ``random.Random``.

A home series (``home=True``, reference 004) adds Kontra, Re and Bock rounds, and Ramsch where
all pass; ``penalties=True`` adds penalty entries by the Doppelkopf schedule (reference 002),
which the keeper carries into the running totals.

>>> import random
>>> sl = simulate(random.Random(7), seats=4)
>>> len(sl.games), sl.seats
(48, 4)
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Optional

from .model import Footer, Game, Penalty, ScoreList, SeatCells, Table
from .overbid import overbid_loss
from .penalties import SCHEDULES, expected_points
from .ramsch import DURCHMARSCH
from .score import seeger_fabian
from .settings import Settings
from .values import BID_VALUES, GRAND, NULL, game_value

#: How often things happen at a tournament table (rough, from experience of real lists).
P_PASSED = 0.04
P_LOST = 0.18
P_OVERBID = 0.15          # share of lost games that are overbid
P_EARLY_END = 0.25        # a series cut short by the time limit
#: Home lists (reference 004): Kontra, Re after a Kontra, a Bock round starting after a game,
#: a Durchmarsch among the Ramsch games; penalty entries per game.
P_KONTRA, P_RE, P_BOCK_ROUND, P_DURCHMARSCH, P_PENALTY = 0.12, 0.3, 0.08, 0.1, 0.03
GAME_MIX = ((GRAND, 0.27), (12, 0.18), (11, 0.16), (10, 0.14), (9, 0.13), (NULL, 0.12))
MATADOR_WEIGHTS = (0.45, 0.30, 0.13, 0.07, 0.03, 0.02)     # 1..6


@dataclass(frozen=True)
class Event:
    """One game as it happened (the truth)."""

    no: int
    dealer: int                       # 0-based
    passed: bool = False
    declarer: Optional[int] = None    # 0-based
    base: Optional[int] = None
    mit: Optional[int] = None
    ohne: Optional[int] = None
    hand: bool = False
    schneider: bool = False
    schneider_announced: bool = False
    schwarz: bool = False
    schwarz_announced: bool = False
    ouvert: bool = False
    won: bool = True
    bid: Optional[int] = None         # set for an overbid game
    kontra: bool = False
    re: bool = False
    bock: int = 0
    #: a Ramsch (home lists): ``declarer`` is the loser, or the player of a Durchmarsch (won)
    ramsch: bool = False
    ramsch_points: int = 0            # the loser's card points

    @property
    def factor(self) -> int:
        return 2 ** (int(self.kontra) + int(self.re) + self.bock)

    @property
    def value(self) -> int:
        return game_value(self.base, self.mit, self.ohne, hand=self.hand, schneider=self.schneider,
                          schneider_announced=self.schneider_announced, schwarz=self.schwarz,
                          schwarz_announced=self.schwarz_announced, ouvert=self.ouvert) * self.factor

    @property
    def delta(self) -> int:
        if self.passed:
            return 0
        if self.ramsch:
            return (DURCHMARSCH if self.won else -self.ramsch_points) * 2 ** self.bock
        if self.won:
            return self.value
        if self.bid is not None:
            return -overbid_loss(self.bid, self.base) * self.factor
        return -2 * self.value


def _pick(rng: random.Random, weighted):
    r = rng.random() * sum(w for _, w in weighted)
    for item, w in weighted:
        r -= w
        if r <= 0:
            return item
    return weighted[-1][0]


def random_game(rng: random.Random, no: int, dealer: int, declarer: int) -> Event:
    base = _pick(rng, GAME_MIX)
    won = rng.random() >= P_LOST
    if base == NULL:
        hand, ouvert = rng.random() < 0.3, rng.random() < 0.25
        return Event(no, dealer, declarer=declarer, base=NULL, hand=hand, ouvert=ouvert, won=won)
    top = 4 if base == GRAND else 11
    m = min(_pick(rng, list(zip(range(1, 7), MATADOR_WEIGHTS))), top)
    mit, ohne = (m, None) if rng.random() < 0.6 else (None, m)
    hand = rng.random() < 0.15
    ouvert = hand and rng.random() < 0.02
    schneider_announced = hand and not ouvert and rng.random() < 0.04
    schwarz_announced = schneider_announced and rng.random() < 0.2
    schneider = schneider_announced or rng.random() < 0.15
    schwarz = schwarz_announced or (schneider and rng.random() < 0.08)
    ev = Event(no, dealer, declarer=declarer, base=base, mit=mit, ohne=ohne, hand=hand,
               schneider=schneider or schwarz, schneider_announced=schneider_announced or schwarz_announced,
               schwarz=schwarz, schwarz_announced=schwarz_announced, ouvert=ouvert, won=won)
    if ouvert:
        ev = replace(ev, schneider=False, schneider_announced=False, schwarz=False, schwarz_announced=False)
    if not won and base != NULL and not ouvert and rng.random() < P_OVERBID:
        value = ev.value
        bids = [b for b in BID_VALUES if value < b <= value + 3 * base]
        if bids:
            ev = replace(ev, bid=rng.choice(bids))
    return ev


def play_series(rng: random.Random, seats: int, games: int, first_dealer: int = 1,
                home: bool = False) -> list[Event]:
    """What happened at the table, game by game (``games`` played); ``home``: with Kontra, Re,
    Bock rounds (a round of ``seats`` games) and Ramsch instead of passing."""
    events = []
    bock_left = 0
    for no in range(1, games + 1):
        dealer = (first_dealer - 1 + no - 1) % seats
        players = [s for s in range(seats) if seats == 3 or s != dealer]
        bock = 1 if bock_left > 0 else 0
        bock_left = max(bock_left - 1, 0)
        if home and rng.random() < P_BOCK_ROUND:
            bock_left += seats
        if rng.random() < P_PASSED:
            if home:
                durch = rng.random() < P_DURCHMARSCH
                events.append(Event(no, dealer, declarer=rng.choice(players), ramsch=True, bock=bock,
                                    won=durch, ramsch_points=0 if durch else rng.randint(40, 120)))
            else:
                events.append(Event(no, dealer, passed=True))
            continue
        ev = random_game(rng, no, dealer, rng.choice(players))
        if home:
            kontra = rng.random() < P_KONTRA
            ev = replace(ev, kontra=kontra, re=kontra and rng.random() < P_RE, bock=bock)
        events.append(ev)
    return events


@dataclass(frozen=True)
class Slip:
    """One mistake of the list keeper. ``kind`` is one of :data:`SLIP_KINDS`; ``game`` the row
    (None for footer/document slips), ``seat`` 0-based, ``amount`` what he got wrong by."""

    kind: str
    game: Optional[int] = None
    seat: Optional[int] = None
    amount: int = 0
    line: Optional[str] = None


SLIP_KINDS = ("plus", "minus", "single", "total", "counter", "second-declarer", "footer", "money",
              "signature", "no-value", "passed-value", "open-rows", "impossible")


@dataclass
class _Keeper:
    seats: int
    counters: bool
    total: list = field(default_factory=list)
    won: list = field(default_factory=list)
    lost: list = field(default_factory=list)

    def __post_init__(self):
        self.total = [0] * self.seats
        self.won = [0] * self.seats
        self.lost = [0] * self.seats


def _row(ev: Event, k: _Keeper, slips: dict) -> Game:
    empty = tuple(SeatCells() for _ in range(k.seats))
    slip = slips.get(ev.no)
    if ev.passed:
        if slip and slip.kind == "passed-value":
            return Game(no=ev.no, passed=True, plus=slip.amount, players=empty)
        return Game(no=ev.no, passed=True, players=empty)
    s = ev.declarer
    delta = ev.delta
    plus = delta if delta > 0 else None
    minus = -delta if delta < 0 else None
    cols = dict(base=ev.base, mit=ev.mit, ohne=ev.ohne, hand=ev.hand, schneider=ev.schneider,
                schneider_announced=ev.schneider_announced, schwarz=ev.schwarz,
                schwarz_announced=ev.schwarz_announced, ouvert=ev.ouvert, kontra=ev.kontra, re=ev.re,
                bock=ev.bock, ramsch=ev.ramsch)
    written_delta = delta
    if slip:
        if slip.kind == "plus":
            plus = written_delta = delta + slip.amount
        elif slip.kind == "minus":
            minus = -delta + slip.amount
            written_delta = -minus
        elif slip.kind == "single":
            minus = -delta // 2
            written_delta = -minus
        elif slip.kind == "no-value":
            plus = minus = None
        elif slip.kind == "impossible":
            cols.update(_impossible(ev, slip.amount))
    new_total = k.total[s] + written_delta
    if slip and slip.kind == "total":
        new_total += slip.amount
    k.total[s] = new_total
    won_cell = lost_cell = None
    if ev.ramsch:
        pass            # a Ramsch is no won or lost game: the counts stay
    elif delta > 0:
        k.won[s] += 1
    else:
        k.lost[s] += 1
    if k.counters and not ev.ramsch:
        if delta > 0:
            won_cell = k.won[s] + (slip.amount if slip and slip.kind == "counter" else 0)
        else:
            lost_cell = k.lost[s] + (slip.amount if slip and slip.kind == "counter" else 0)
    players = list(empty)
    players[s] = SeatCells(total=new_total, won=won_cell, lost=lost_cell)
    if slip and slip.kind == "second-declarer":
        o = slip.seat
        k.total[o] += slip.amount
        players[o] = SeatCells(total=k.total[o])
    return Game(no=ev.no, plus=plus, minus=minus, players=tuple(players), **cols)


def _impossible(ev: Event, variant: int) -> dict:
    """Game columns that describe no game (variant picks which mistake)."""
    if ev.base == NULL:
        return {"mit": 1}                                          # Null with matadors
    options = [{"base": 13},                                       # no such base value
               {"mit": (5 if ev.base == GRAND else 12), "ohne": None},   # too many matadors
               {"hand": False, "schneider": True, "schneider_announced": True, "ouvert": False,
                "schwarz": False, "schwarz_announced": False}]     # announced without Hand
    return options[variant % len(options)]


def write_list(events: list[Event], *, seats: int, games: int, settings: Settings = Settings(),
               slips: tuple[Slip, ...] = (), first_dealer: int = 1, counters: bool = True,
               series: Optional[int] = 1, table: Optional[int] = 1,
               start_numbers: Optional[tuple] = None, cross_out: bool = True, kind: str = "tournament",
               penalties: tuple[Penalty, ...] = ()) -> ScoreList:
    """The list as the keeper writes it for ``events`` (see the module docstring); each
    penalty's points go into the keeper's running totals after its game."""
    by_game = {s.game: s for s in slips if s.game is not None}
    k = _Keeper(seats, counters)

    def add_penalties(after):
        for p in penalties:
            if p.after == after:
                for o, v in enumerate(p.points):
                    k.total[o] += v or 0

    add_penalties(0)
    rows = []
    for ev in events:
        rows.append(_row(ev, k, by_game))
        add_penalties(ev.no)
    played = len(events)
    if played < games and cross_out and not any(s.kind == "open-rows" for s in slips):
        empty = tuple(SeatCells() for _ in range(seats))
        rows += [Game(no=no, crossed_out=True, players=empty) for no in range(played + 1, games + 1)]
    won = [0] * seats
    lost = [0] * seats
    for ev in events:
        if not ev.passed and not ev.ramsch:
            (won if ev.delta > 0 else lost)[ev.declarer] += 1
    fig = seeger_fabian(list(k.total), won, lost, seats)
    money = [float(settings.money_for(n)) or None for n in lost]
    lines = {"points": list(fig.points), "won": list(fig.won), "lost": list(fig.lost),
             "bonus": list(fig.bonus), "others_lost": list(fig.others_lost), "score": list(fig.score),
             "money": money}
    signatures = [True] * seats
    for s in slips:
        if s.kind == "footer":
            lines[s.line][s.seat] += s.amount
        elif s.kind == "money":
            lines["money"][s.seat] = round((lines["money"][s.seat] or 0) + s.amount / 100, 2)
        elif s.kind == "signature":
            signatures[s.seat] = False
    money_total = round(sum(float(settings.money_for(n)) for n in lost), 2) or None
    if start_numbers is None:
        start_numbers = tuple(str(s + 1) for s in range(seats))
    return ScoreList(
        table=Table(seats=seats, series=series, table=table, start_numbers=tuple(start_numbers),
                    first_dealer=first_dealer, kind=kind),
        games=tuple(rows),
        footer=Footer(**{key: tuple(v) for key, v in lines.items()}, money_total=money_total),
        signatures=tuple(signatures), penalties=tuple(penalties))


def simulate(rng: random.Random, seats: int = 4, games: Optional[int] = None, *,
             settings: Settings = Settings(), early_end: Optional[bool] = None,
             first_dealer: Optional[int] = None, counters: bool = True, home: bool = False,
             penalties: bool = False, **table) -> ScoreList:
    """A clean list of a whole series (see :func:`play_series`, :func:`write_list`); ``home``
    makes a home list (kind "home") with Kontra, Re, Bock and Ramsch; ``penalties`` adds penalty
    entries by the Doppelkopf schedule."""
    events, games = _events(rng, seats, games, settings, early_end, first_dealer, home)
    pens = random_penalties(rng, events, seats) if penalties else ()
    if home:
        table.setdefault("kind", "home")
    return write_list(events, seats=seats, games=games, settings=settings,
                      first_dealer=events[0].dealer + 1 if events else 1, counters=counters,
                      penalties=pens, **table)


def random_penalties(rng: random.Random, events: list[Event], seats: int) -> tuple[Penalty, ...]:
    """Penalty entries by the Doppelkopf schedule of reference 002, after random games."""
    rules = SCHEDULES["doppelkopf"]
    out = []
    for ev in events:
        if rng.random() >= P_PENALTY:
            continue
        offence = rng.choice(("minor", "minor", "severe", "conduct"))
        seat = rng.randint(1, seats)
        k = rng.randint(0, 4) if offence == "severe" else 0
        p = Penalty(after=ev.no, seat=seat, offence=offence, announcements=k)
        points = expected_points(rules, p, seats)
        if points is None:      # conduct: a deduction of 1 to 5 the management chooses
            lose = rng.randint(1, 5)
            points = tuple(-lose if s == seat - 1 else 0 for s in range(seats))
        out.append(replace(p, points=points))
    return tuple(out)


def _events(rng, seats, games, settings, early_end, first_dealer, home=False):
    games = games or settings.games_for(seats)
    if early_end is None:
        early_end = rng.random() < P_EARLY_END
    played = rng.randint(max(1, games - 12), games - 1) if early_end and games > 1 else games
    first = first_dealer or rng.randint(1, seats)
    return play_series(rng, seats, played, first, home), games


@dataclass(frozen=True)
class Expected:
    """A finding the auditor must report for a seeded error: code, game, seat (1-based)."""

    code: str
    game: Optional[int] = None
    seat: Optional[int] = None


#: The seeded error kinds: each names the finding code it must produce.
ERROR_KINDS = ("value-mismatch", "single-counted-loss", "overbid", "impossible-value", "running-total",
               "counter", "several-declarers", "dealer-declared", "footer", "money",
               "missing-signature", "game-count", "passed-game", "incomplete-row")


def seeded(rng: random.Random, kind: str, seats: int = 4, settings: Settings = Settings()
           ) -> tuple[ScoreList, list[Expected]]:
    """A list with one error of ``kind`` seeded, and the findings it must give (besides info
    findings of the clean series such as overbids and an early end)."""
    if kind not in ERROR_KINDS:
        raise ValueError(f"unknown error kind {kind!r}")
    if kind == "dealer-declared" and seats != 4:
        seats = 4
    early = kind == "game-count"
    events, games = _events(rng, seats, None, settings, early, None)
    first_dealer = events[0].dealer + 1
    played = [ev for ev in events if not ev.passed]
    won = [ev for ev in played if ev.won]
    lost_plain = [ev for ev in played if not ev.won and ev.bid is None and ev.base != NULL]
    slips: list[Slip] = []
    expected: list[Expected] = []
    if kind == "value-mismatch":
        ev = rng.choice(won)
        amount = rng.choice([-1, 1]) * ev.base
        if ev.value + amount <= 0:
            amount = ev.base
        slips.append(Slip("plus", ev.no, amount=amount))
        expected.append(Expected(kind, ev.no))
    elif kind == "single-counted-loss":
        ev = _ensure_lost(rng, events, lost_plain, seats)
        slips.append(Slip("single", ev.no))
        expected.append(Expected(kind, ev.no))
    elif kind == "overbid":
        ev = _ensure_lost(rng, events, [e for e in lost_plain if e.value < max(BID_VALUES)], seats)
        bid = next(b for b in BID_VALUES if b > ev.value)
        events[ev.no - 1] = replace(ev, bid=bid)
        expected.append(Expected(kind, ev.no))
    elif kind == "impossible-value":
        ev = rng.choice(played)
        slips.append(Slip("impossible", ev.no, amount=rng.randrange(3)))
        expected.append(Expected(kind, ev.no))
    elif kind == "running-total":
        ev = rng.choice(played)
        slips.append(Slip("total", ev.no, amount=rng.choice([-20, -10, -1, 1, 10, 20, 100])))
        expected.append(Expected(kind, ev.no, ev.declarer + 1))
    elif kind == "counter":
        # the last counted game of a seat, so that the keeper has no later count to carry on
        ev = max(played, key=lambda e: e.no)
        slips.append(Slip("counter", ev.no, amount=rng.choice([-1, 1, 2])))
        expected.append(Expected(kind, ev.no, ev.declarer + 1))
    elif kind == "several-declarers":
        ev = rng.choice(played)
        others = [s for s in range(seats) if s != ev.declarer and (seats == 3 or s != ev.dealer)]
        other = rng.choice(others)
        amount = rng.choice([-40, 24, 36, 48])
        if amount == ev.delta:
            amount += 12
        slips.append(Slip("second-declarer", ev.no, seat=other, amount=amount))
        expected.append(Expected(kind, ev.no))
    elif kind == "dealer-declared":
        ev = rng.choice(played)
        events[ev.no - 1] = replace(ev, declarer=ev.dealer)
        expected.append(Expected(kind, ev.no, ev.dealer + 1))
    elif kind == "footer":
        seat = rng.randrange(seats)
        line = rng.choice(["points", "won", "lost", "bonus", "others_lost", "score"])
        amount = rng.choice([-1, 1]) if line in ("won", "lost") else rng.choice([-30, -10, 10, 50])
        if line == "lost" and amount < 0 and not any(e.declarer == seat and not e.won for e in played):
            amount = 1
        if line == "won" and amount < 0 and not any(e.declarer == seat and e.won for e in played):
            amount = 1
        slips.append(Slip("footer", seat=seat, amount=amount, line=line))
        expected.append(Expected(kind, None, seat + 1))
    elif kind == "money":
        seat = rng.randrange(seats)
        slips.append(Slip("money", seat=seat, amount=rng.choice([50, 100, -50])))
        if not any(e.declarer == seat and not e.won for e in played):
            slips[-1] = Slip("money", seat=seat, amount=50)
        expected.append(Expected(kind, None, seat + 1))
    elif kind == "missing-signature":
        seat = rng.randrange(seats)
        slips.append(Slip("signature", seat=seat))
        expected.append(Expected(kind, None, seat + 1))
    elif kind == "game-count":
        slips.append(Slip("open-rows"))
        expected.append(Expected(kind, len(events) + 1))
    elif kind == "passed-game":
        ev = next((e for e in events if e.passed), None)
        if ev is None:
            i = rng.randrange(len(events))
            events[i] = Event(events[i].no, events[i].dealer, passed=True)
            ev = events[i]
        slips.append(Slip("passed-value", ev.no, amount=rng.choice([18, 24, 48])))
        expected.append(Expected(kind, ev.no))
    elif kind == "incomplete-row":
        ev = rng.choice(played)
        slips.append(Slip("no-value", ev.no))
        expected.append(Expected(kind, ev.no))
    sl = write_list(events, seats=seats, games=games, settings=settings, slips=tuple(slips),
                    first_dealer=first_dealer)
    return sl, expected


def _ensure_lost(rng, events, lost_plain, seats):
    """A plainly lost suit or Grand game of the series (made one if the series had none)."""
    if lost_plain:
        return rng.choice(lost_plain)
    played = [ev for ev in events if not ev.passed]
    ev = rng.choice(played)
    if ev.base == NULL or ev.value >= max(BID_VALUES):
        ev = replace(ev, base=GRAND, mit=1, ohne=None, hand=False, ouvert=False, schneider=False,
                     schneider_announced=False, schwarz=False, schwarz_announced=False)
    ev = replace(ev, won=False, bid=None)
    events[ev.no - 1] = ev
    return ev

