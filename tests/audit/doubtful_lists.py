"""Lists read from a photo with some cells in doubt, as the photo reader gives them, and the referee's settling of
one such cell: for the property that a finding told as an error on paper stays one whatever the referee reads in a
cell the reader was in doubt about (test_doubt_properties).

A list is simulated with keeper slips (:func:`audit.simulate.write_list`: what is on paper), and a few of its cells
are then read in doubt: a cell of a game row (a figure, an empty cell, a mark, the passed game's X), of the footer,
of a penalty entry. Each such cell's candidates are what a photo reader confuses: the figure on paper, the true
figure where the keeper's slip changed it, the figure with a digit dropped, added or taken for a look-alike, its minus
lost, the empty cell.
The list holds the reading shown, mostly the figure on paper, sometimes another candidate (a misreading). The empty
cell, where it is a candidate, is given at least what the reader's bar for a sure figure leaves (FIGURE_BAR): a reading
whose figures make up that bar surely holds a figure, by design (a footer count or loss money rests on such a cell
for holding one, whatever figure), and the referee reading it empty is outside what the auditor promises.
"""
from __future__ import annotations

import random
from dataclasses import replace
from typing import Optional

from audit.findings import ERROR, WARNING
from audit.listjson import ListError, list_from_json, list_to_json
from audit.model import FIGURE_BAR, MARK_FIELDS, CellReading, ScoreList, Settlement
from audit.settings import Settings
from audit.simulate import _events, random_penalties, Slip, write_list
from desk import settle

#: digits a reader takes for one another
LOOK_ALIKE = {"0": "86", "1": "74", "2": "7", "3": "85", "4": "91", "5": "63", "6": "50", "7": "12", "8": "360",
              "9": "84"}
#: why a reader doubts a cell (audit.model.DOUBT_REASONS), the common ones more often
REASONS = ("bar", "bar", "bar", "", "arithmetic", "chain", "sequence", "row", "column", "missing", "hand")
GAME_FIELDS = ("base", "mit", "ohne", "plus", "minus")
#: the share of lists whose passed-game column is read in doubt in one row besides their other doubts
PASSED_DOUBT = 0.3


def get(sl: ScoreList, ref: str):
    """The value of cell ``ref`` in ``sl``."""
    parts = ref.split(".")
    if ref.startswith("penalty."):
        return sl.penalties[int(parts[1]) - 1].points[int(parts[3]) - 1]
    if ref == "footer.money_total":
        return sl.footer.money_total
    if parts[0] == "footer":
        return getattr(sl.footer, parts[1])[int(parts[2]) - 1]
    g = sl.games[int(parts[0][1:]) - 1]
    if len(parts) == 3:
        return getattr(g.players[int(parts[1][1:]) - 1], parts[2])
    return getattr(g, parts[1])


def put(sl: ScoreList, ref: str, value) -> ScoreList:
    """``sl`` with cell ``ref`` holding ``value``."""
    parts = ref.split(".")
    if ref.startswith("penalty."):
        k, s = int(parts[1]) - 1, int(parts[3]) - 1
        p = sl.penalties[k]
        points = tuple(value if i == s else v for i, v in enumerate(p.points))
        return replace(sl, penalties=tuple(replace(p, points=points) if i == k else q
                                           for i, q in enumerate(sl.penalties)))
    if ref == "footer.money_total":
        return replace(sl, footer=replace(sl.footer, money_total=value))
    if parts[0] == "footer":
        s = int(parts[2]) - 1
        line = tuple(value if i == s else v for i, v in enumerate(getattr(sl.footer, parts[1])))
        return replace(sl, footer=replace(sl.footer, **{parts[1]: line}))
    i = int(parts[0][1:]) - 1
    g = sl.games[i]
    if len(parts) == 3:
        s = int(parts[1][1:]) - 1
        players = tuple(replace(p, **{parts[2]: value}) if k == s else p for k, p in enumerate(g.players))
        g = replace(g, players=players)
    else:
        g = replace(g, **{parts[1]: value})
    return replace(sl, games=tuple(g if k == i else h for k, h in enumerate(sl.games)))


def valid(sl: ScoreList) -> bool:
    """Whether ``sl`` is a list the list format accepts (a settle file's value must make one too)."""
    try:
        list_from_json(list_to_json(sl))
    except ListError:
        return False
    return True


def misreadings(rng: random.Random, value) -> list:
    """What a photo reader may take the figure ``value`` for (without ``value`` itself)."""
    if isinstance(value, bool):
        return [not value]
    if value is None:
        return [rng.choice([1, 2, 3, 4, 7, 18, 20, 23, 24, 36, 48, 60, 96, 120, -24, -48])]
    if isinstance(value, float):
        cents = round(value * 100)
        return [v / 100 for v in {cents * 10, cents // 10, cents + 500, max(cents - 50, 0)} if v != cents] + [None]
    text = str(abs(value))
    out = set()
    if len(text) > 1:
        k = rng.randrange(len(text))
        out.add(int(text[:k] + text[k + 1:]))                          # a digit dropped
    out.add(int(text + rng.choice("0123456789")))                      # a digit added
    k = rng.randrange(len(text))
    out.add(int(text[:k] + rng.choice(LOOK_ALIKE[text[k]]) + text[k + 1:]))     # a look-alike digit
    sign = -1 if value < 0 else 1
    out = {sign * v for v in out}
    if value < 0:
        out.add(-value)                                                # the minus lost
    out.discard(value)
    picked = rng.sample(sorted(out), min(len(out), rng.randint(1, 2)))
    return picked + ([None] if rng.random() < 0.4 else [])


def pick_cells(rng: random.Random, sl: ScoreList, n: int) -> list[str]:
    """``n`` cells of ``sl`` to read in doubt: game rows' figures (mostly written ones, some empty), marks, footer
    figures, penalty points."""
    played = [g for g in sl.games if not g.crossed_out and not g.blank]
    pool = []
    for g in played:
        for fld in GAME_FIELDS:
            if getattr(g, fld) is not None or rng.random() < 0.15:
                pool.append(f"g{g.no}.{fld}")
        if rng.random() < 0.2:
            pool.append(f"g{g.no}.{rng.choice(MARK_FIELDS)}")
        for s, p in enumerate(g.players, start=1):
            for fld in ("total", "won", "lost"):
                if getattr(p, fld) is not None or rng.random() < 0.05:
                    pool.append(f"g{g.no}.p{s}.{fld}")
    footer = [f"footer.{line}.{s}" for line in ("points", "won", "lost", "bonus", "others_lost", "score", "money")
              for s in range(1, sl.seats + 1)] + ["footer.money_total"]
    pens = [f"penalty.{k}.points.{s}" for k in range(1, len(sl.penalties) + 1) for s in range(1, sl.seats + 1)]
    out = []
    for _ in range(n):
        r = rng.random()
        src = pens if pens and r < 0.2 else footer if r < 0.4 else pool
        if src:
            out.append(rng.choice(src))
    return sorted(set(out))


def slips_for(rng: random.Random, events, seats: int) -> list[Slip]:
    """Zero to three keeper slips in the series ``events``."""
    played = [ev for ev in events if not ev.passed]
    out = []
    used = set()
    for _ in range(rng.choice((0, 1, 1, 2, 3))):
        kind = rng.choice(("plus", "minus", "single", "total", "total", "counter", "second-declarer", "footer",
                           "money", "no-value", "impossible"))
        if kind in ("footer", "money"):
            line = rng.choice(("points", "won", "lost", "bonus", "others_lost", "score"))
            amount = rng.choice((-1, 1)) if line in ("won", "lost") else rng.choice((-30, -10, 10, 50))
            out.append(Slip(kind, seat=rng.randrange(seats), amount=100 if kind == "money" else amount, line=line))
            continue
        cands = [ev for ev in played if ev.no not in used and not ev.ramsch]
        if kind in ("minus", "single"):
            cands = [ev for ev in cands if not ev.won]
        if kind == "plus":
            cands = [ev for ev in cands if ev.won]
        if not cands:
            continue
        ev = rng.choice(cands)
        used.add(ev.no)
        if kind == "second-declarer":
            others = [s for s in range(seats) if s != ev.declarer and (seats == 3 or s != ev.dealer)]
            out.append(Slip(kind, ev.no, seat=rng.choice(others), amount=rng.choice((-40, 24, 36, 48))))
        else:
            amount = {"plus": rng.choice((-12, 10, 12, 24)), "minus": rng.choice((-10, 12, 24)),
                      "total": rng.choice((-20, -10, -1, 1, 10, 20, 100)), "counter": rng.choice((-1, 1, 2)),
                      "impossible": rng.randrange(3)}.get(kind, 0)
            out.append(Slip(kind, ev.no, amount=amount))
    return out


def read_in_doubt(rng: random.Random, sl: ScoreList, ref: str, paper: ScoreList, true: ScoreList,
                  readings: dict) -> ScoreList:
    """``sl`` with cell ``ref`` read in doubt (its reading added to ``readings``): the figure on ``paper`` and what a
    reader takes it for (the ``true`` figure where the keeper's slip changed it), the reading shown mostly the figure
    on paper; ``sl`` as it was where fewer than two of them make a valid list."""
    written = get(paper, ref)
    cands = [written] + misreadings(rng, written)
    if ref.startswith("g") and len(true.games) == len(paper.games):
        truth = get(true, ref)
        if truth != written and truth not in cands:
            cands.insert(1, truth)
    cands = [c for c in cands if valid(put(sl, ref, c))]
    if len(cands) < 2:
        return sl
    # the reading shown: mostly the figure on paper, sometimes a misreading the reader liked better
    shown = written if rng.random() < 0.75 else rng.choice(cands[1:])
    order = [shown] + [c for c in cands if c != shown]
    top = rng.uniform(0.35, 0.8)
    rest = [rng.random() + 0.05 for _ in order[1:]]
    probs = [top] + [(1 - top) * r / sum(rest) * 0.98 for r in rest]
    if None in order and probs[order.index(None)] < 1.01 - FIGURE_BAR:
        # the empty cell among the candidates at all, then as likely as the reader's bar for a sure figure leaves
        # it: below, the cell surely holds a figure (CellReading.holds_a_figure), by design whatever figure
        k = order.index(None)
        scale = (sum(probs) - (1.01 - FIGURE_BAR)) / (sum(probs) - probs[k])
        probs = [1.01 - FIGURE_BAR if i == k else p * scale for i, p in enumerate(probs)]
    readings[ref] = CellReading(shown, round(top, 3), tuple((v, round(p, 3)) for v, p in zip(order, probs)),
                                doubtful=True, reason=rng.choice(REASONS))
    return put(sl, ref, shown)


def doubtful_list(seed: int, seats: int, kind: str = "tournament", penalties: bool = False, games: Optional[int] = None,
                  doubts: int = 3) -> ScoreList:
    """A list as read from a photo: the paper (a simulated series with the keeper's slips, ``kind`` "tournament",
    "home" or "private", ``penalties`` entered) and ``doubts`` cells read in doubt."""
    rng = random.Random(seed)
    settings = Settings()
    home = kind != "tournament"
    events, n_games = _events(rng, seats, games, settings, rng.random() < 0.3, None, home)
    pens = random_penalties(rng, events, seats) if penalties else ()
    first = events[0].dealer + 1
    common = dict(seats=seats, games=n_games, settings=settings, first_dealer=first, penalties=pens,
                  counters=rng.random() < 0.8, kind=kind)
    true = write_list(events, **common)
    paper = write_list(events, slips=tuple(slips_for(rng, events, seats)), **common)
    if not valid(paper):
        paper = true
    readings = {}
    sl = paper
    for ref in pick_cells(rng, paper, doubts):
        sl = read_in_doubt(rng, sl, ref, paper, true, readings)
    # the passed game's column read in doubt ("X" or not: a passed row, or a played one with a stray stroke there),
    # drawn by a generator of its own so that the lists of every seed are otherwise as they were
    extra = random.Random(f"passed {seed}")
    if extra.random() < PASSED_DOUBT:
        rows = [g.no for g in paper.games if not g.crossed_out and not g.blank]
        passed = [no for no in rows if paper.games[no - 1].passed]
        pick = passed if passed and extra.random() < 0.5 else rows
        ref = f"g{extra.choice(pick)}.passed" if pick else None
        if ref is not None and ref not in readings:
            sl = read_in_doubt(extra, sl, ref, paper, true, readings)
    return replace(sl, readings=readings)


def settled(sl: ScoreList, ref: str, value) -> Optional[ScoreList]:
    """``sl`` after the referee reads ``value`` in the doubtful cell ``ref`` (:func:`desk.settle.apply`; a penalty
    entry's cell, which a settle file cannot name, the same way by hand); None where a settle file cannot say so."""
    if ref.startswith("penalty."):
        readings = dict(sl.readings)
        readings[ref] = replace(readings[ref], doubtful=False, reason="")
        return replace(put(sl, ref, value), readings=readings,
                       settled={**sl.settled, ref: Settlement(value, reading=True)})
    try:
        return settle.apply(sl, {ref: Settlement(value, reading=True)})
    except settle.SettleError:
        return None


def key(f) -> tuple:
    """What a finding told as an error on paper must keep: its code, game and seat, and a footer finding its line (a
    seat's footer lines are findings of their own)."""
    return f.code, f.game, f.seat, f.field if f.code == "footer" else None


def sure(findings) -> dict:
    """The findings told as errors on paper (not in doubt, an error or a warning), by :func:`key`."""
    return {key(f): f for f in findings if f.severity in (ERROR, WARNING) and not f.doubtful}


def lost_sure_findings(sl: ScoreList, audit_fn) -> list[tuple]:
    """Every (cell, value read, finding) where the referee's reading ``value`` in the doubtful cell makes a sure
    finding of ``sl`` go, or become doubtful."""
    before = sure(audit_fn(sl).findings)
    out = []
    if not before:
        return out
    for ref in sorted(sl.doubtful_cells()):
        for value, _ in sl.readings[ref].candidates:
            after_sl = settled(sl, ref, value)
            if after_sl is None:
                continue
            after = sure(audit_fn(after_sl).findings)
            out += [(ref, value, f) for key, f in before.items() if key not in after]
    return out
