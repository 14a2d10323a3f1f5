"""Make the typed sample lists in samples/lists and samples/tournament (run from the repo root).

    python tools/make_sample_lists.py

* ``six-games.json``: the six-game example of the list-keeping guide (reference 001), rows
  7-36 crossed out, all signed: clean, result 227 / 320 / -194.
* ``private-evening.json``: the same six games on a private list: cents 48 / 327 / -375.
* ``real-footer-40.json``: a four-seat list whose rows give exactly the footer observed on a
  real DSkV list (dskv-list.md: 421/9/275/595 points, 11/9/6/8 won, 1/5/0/0 lost,
  totals 1071/239/755/1175, money 0.50 and 3.50), 40 games, rows 41-48 crossed out and, as on
  the photo, not signed.
* ``faulty-table7.csv``: a typed four-seat list with the classic mistakes: a lost game written
  single, a wrong running total, a wrong footer figure, a missing signature.
* ``home-evening.csv``: a home list (reference 004) typed in a spreadsheet: Kontra, Re, Bock
  rounds, a Ramsch and a Durchmarsch, and a penalty entry (minor error, Doppelkopf schedule of
  reference 002, -3 / +1 each): clean with and without ``--penalties doppelkopf``.
* ``online-list.json``: an online series (reference 003) with three abandoned games: a player
  who left during the bidding (charged a lost Grand), an opponent who left before the
  announcement (the declarer is credited a won Grand), a declarer who left during play (lost):
  clean with ``--online``, three warnings without.
* ``samples/tournament/``: two series of a seven-player tournament (a four-seat and a
  three-seat table each), simulated and clean, for ``skatscan standings``.
"""
from __future__ import annotations

import random
import sys
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from audit.listcsv import list_to_csv  # noqa: E402
from audit.listjson import dumps, list_to_json  # noqa: E402
from audit.model import Abandoned, Penalty  # noqa: E402
from audit.simulate import Event, Slip, simulate, write_list  # noqa: E402

SIX = [Event(1, 0, declarer=0, base=12, mit=1),
       Event(2, 1, declarer=1, base=24, ohne=2, schneider=True),
       Event(3, 2, declarer=2, base=10, ohne=1, won=False),
       Event(4, 0, declarer=0, base=23),
       Event(5, 1, declarer=1, base=11, mit=2, hand=True),
       Event(6, 2, declarer=2, base=9, mit=1, won=False, bid=24)]


#: Common games and their values: value -> game columns.
COMMON = {}
for _base in (9, 10, 11, 12, 24):
    for _mit in (1, 2, 3):
        for _hand, _schneider in ((False, False), (True, False), (False, True)):
            _v = (_mit + 1 + _hand + _schneider) * _base
            COMMON.setdefault(_v, dict(base=_base, mit=_mit, hand=_hand, schneider=_schneider))
for _v, _hand, _ouvert in ((23, False, False), (35, True, False), (46, False, True)):
    COMMON.setdefault(_v, dict(base=23, hand=_hand, ouvert=_ouvert))


def solve(won: int, lost: int, points: int, rng: random.Random) -> list[dict]:
    """Games for one seat: ``won`` wins and ``lost`` losses that sum to ``points``."""
    values = sorted(COMMON)
    for _ in range(200_000):
        losses = [rng.choice(values[:12]) for _ in range(lost)]
        wins = [rng.choice(values) for _ in range(won - 1)] if won else []
        last = points + 2 * sum(losses) - sum(wins)
        if won and last in COMMON:
            wins.append(last)
        elif won or last != 0:
            continue
        return ([dict(COMMON[v], won=True) for v in wins] + [dict(COMMON[v], won=False) for v in losses])
    raise RuntimeError("no games found")


def real_footer_events() -> list[Event]:
    """40 games at four seats whose sums are the real list's footer (checked in main)."""
    rng = random.Random(1071)
    targets = [(11, 1, 421), (9, 5, 9), (6, 0, 275), (8, 0, 595)]
    queues = []
    for seat, (won, lost, points) in enumerate(targets):
        games = solve(won, lost, points, rng)
        rng.shuffle(games)
        queues.append([dict(g, declarer=seat) for g in games])
    events = []
    for no in range(1, 41):
        dealer = (no - 1) % 4

        def urgency(s):
            slots = sum(1 for k in range(no, 41) if (k - 1) % 4 != s)
            return len(queues[s]) / slots
        seat = max((s for s in range(4) if s != dealer and queues[s]), key=urgency)
        events.append(Event(no, dealer, **queues[seat].pop(0)))
    assert not any(queues), "games left over"
    return events


def faulty_table7():
    events = real_footer_events()
    lost_games = [ev for ev in events if not ev.won]
    slips = (Slip("single", lost_games[1].no),           # lost game written single
             Slip("total", 17, amount=10),               # wrong running total, carried on
             Slip("footer", seat=2, amount=-10, line="score"),
             Slip("signature", seat=3))
    sl = write_list(events, seats=4, games=48, slips=slips, series=2, table=7,
                    start_numbers=("12", "40", "7", "23"))
    return sl


HOME = [Event(1, 0, declarer=0, base=12, mit=1, kontra=True),                 # Kr m1 Kontra: 48
        Event(2, 1, declarer=1, base=24, ohne=2, schneider=True),              # Gr o2 S: 96
        Event(3, 2, declarer=2, base=10, ohne=1, won=False, kontra=True, re=True),   # He o1 K Re lost: -160
        Event(4, 0, declarer=1, ramsch=True, won=False, ramsch_points=64),     # Ramsch, Bernd loses 64
        Event(5, 1, declarer=0, base=23, bock=1),                              # Null in a Bock round: 46
        Event(6, 2, declarer=1, base=11, mit=2, hand=True, bock=1),            # Pi m2 H Bock: 88
        Event(7, 0, declarer=2, ramsch=True, bock=1),                          # Durchmarsch in Bock: 240
        Event(8, 1, declarer=0, base=9, mit=1, won=False, bid=24)]             # overbid: -54
HOME_PENALTY = Penalty(after=4, seat=3, offence="minor", points=(1, 1, -3))

ONLINE = [Event(1, 0, declarer=0, base=12, mit=1),
          Event(2, 1, declarer=1, base=24, mit=1, won=False),                  # Bernd left in the bidding
          Event(3, 2, declarer=2, base=11, ohne=2),
          Event(4, 0, declarer=0, base=24, ohne=1),                            # Carla left before the announcement
          Event(5, 1, declarer=2, base=10, mit=1, won=False),                  # Carla left during play
          Event(6, 2, declarer=1, base=23)]
ONLINE_LEFT = {2: Abandoned(2, "bidding"), 4: Abandoned(3, "announcement"), 5: Abandoned(3, "play")}


def home_evening():
    sl = write_list(HOME, seats=3, games=8, start_numbers=("Anna", "Bernd", "Carla"), series=None, table=None,
                    kind="home", penalties=(HOME_PENALTY,))
    return sl


def online_list():
    sl = write_list(ONLINE, seats=3, games=36, start_numbers=("anna_k", "bernd64", "carla.s"), series=1, table=3)
    games = tuple(replace(g, abandoned=ONLINE_LEFT.get(g.no)) for g in sl.games)
    return replace(sl, games=games)


def tournament():
    """Two series, seven players: a four-seat and a three-seat table per series."""
    seating = {1: [("1", "2", "3", "4"), ("5", "6", "7")], 2: [("2", "5", "7", "1"), ("3", "4", "6")]}
    out = {}
    for series, tables in seating.items():
        for t, starts in enumerate(tables, start=1):
            rng = random.Random(series * 100 + t)
            sl = simulate(rng, seats=len(starts), early_end=False, series=series, table=t,
                          start_numbers=starts)
            out[f"series{series}-table{t}"] = sl
    return out


def main():
    lists = ROOT / "samples" / "lists"
    lists.mkdir(parents=True, exist_ok=True)
    six = write_list(SIX, seats=3, games=36, start_numbers=("Anna", "Bernd", "Carla"))
    (lists / "six-games.json").write_text(dumps(list_to_json(six)), encoding="utf-8")
    private = write_list(SIX, seats=3, games=6, start_numbers=("Anna", "Bernd", "Carla"), series=None, table=None)
    private = replace(private, table=replace(private.table, kind="private"))
    (lists / "private-evening.json").write_text(dumps(list_to_json(private)), encoding="utf-8")
    real = write_list(real_footer_events(), seats=4, games=48, start_numbers=("17", "4", "31", "22"),
                      slips=tuple(Slip("signature", seat=s) for s in range(4)), series=1, table=12)
    f = real.footer
    assert f.points == (421, 9, 275, 595) and f.score == (1071, 239, 755, 1175), (f.points, f.score)
    assert f.money == (0.5, 3.5, None, None), f.money
    (lists / "real-footer-40.json").write_text(dumps(list_to_json(real)), encoding="utf-8")
    (lists / "faulty-table7.csv").write_text(list_to_csv(faulty_table7()), encoding="utf-8")
    (lists / "home-evening.csv").write_text(list_to_csv(home_evening()), encoding="utf-8")
    (lists / "online-list.json").write_text(dumps(list_to_json(online_list())), encoding="utf-8")
    tour = ROOT / "samples" / "tournament"
    tour.mkdir(parents=True, exist_ok=True)
    for name, sl in tournament().items():
        (tour / f"{name}.json").write_text(dumps(list_to_json(sl)), encoding="utf-8")
    print("sample lists written")


if __name__ == "__main__":
    main()
