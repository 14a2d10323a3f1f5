"""Abandoned games (reference 003; rules.md section 7): a player left the game.

Code: abandoned-game. Neither the ISkO nor the SkWO has a rule for it: without the online rule
(``Settings.online``) the row is a warning for the organiser to decide. With it, the row is
checked by the rules of Skat-Online:

* left before the bidding ended (3.3.9), or the declarer left before announcing (3.4.6): the
  leaver is charged a lost simple Grand (his matadors; not Hand, Schneider or Schwarz), at
  least the bid: the overbid rule applies, and the game-value check sees to the figure;
* an opponent left after the declarer was known, before the announcement (3.4.6): the declarer
  is credited a won simple Grand;
* left during play (4.3.6): the leaver has given the game up (ISkO 4.3): lost if he was the
  declarer, won for the declarer if he was an opponent.
"""
from __future__ import annotations

from ..findings import WARNING, finding
from ..model import MARK_FIELDS, ScoreList, cell_ref
from ..rows import LOST, WON, RowFacts
from ..settings import Settings
from ..values import GRAND


def check(facts: list[RowFacts], *, sl: ScoreList, settings: Settings, **_):
    for f in facts:
        g = f.game
        a = g.abandoned
        if a is None or g.crossed_out:
            continue
        no = g.no
        ref = cell_ref(no, "abandoned")
        if not settings.online:
            yield finding("abandoned-game", "abandoned.no-rule", severity=WARNING, game=no, field="abandoned",
                          written=a.seat, leaver=a.seat, cells=(ref,))
            continue
        leaver = a.seat - 1
        d = f.declarer
        if a.when == "play":
            if d is None:
                continue
            want = LOST if leaver == d else WON
            if f.outcome is not None and f.outcome != want:
                yield finding("abandoned-game", "abandoned.gave-up", game=no, seat=d + 1, field="abandoned",
                              written=f.outcome, expected=want, leaver=a.seat, cells=(ref,))
            continue
        charged = a.when == "bidding" or leaver == d
        if charged and d is not None and d != leaver:
            yield finding("abandoned-game", "abandoned.charged-seat", game=no, seat=d + 1, field="total",
                          written=d + 1, expected=a.seat, leaver=a.seat,
                          cells=(ref, cell_ref(no, "total", d + 1)))
            continue
        marks = [m for m in MARK_FIELDS if getattr(g, m)]
        if g.base != GRAND or marks:
            field = "base" if g.base != GRAND else marks[0]
            yield finding("abandoned-game", "abandoned.simple-grand", game=no, field=field,
                          written=getattr(g, field), leaver=a.seat,
                          cells=(ref, cell_ref(no, field)))
        want = LOST if charged else WON
        if f.outcome is not None and f.outcome != want:
            key = "abandoned.lost" if charged else "abandoned.won"
            yield finding("abandoned-game", key, game=no, seat=(d + 1) if d is not None else None,
                          field="plus" if want == LOST else "minus", written=f.outcome, expected=want,
                          leaver=a.seat, cells=(ref,))
