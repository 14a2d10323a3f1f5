"""Read and write ``skatscan.list/1`` JSON (schema: ``audit/schema/skatscan.list.schema.json``).

Reading is strict: any problem raises :class:`ListError` naming the JSON path, e.g.
``$.games[3].base: expected a whole number, got "x"``.
"""
from __future__ import annotations

import json
import math
from typing import Any, Optional

from .model import (ABANDON_TIMES, CONFIRMED_BY, DOUBT_REASONS, FOOTER_FIELDS, FORMAT_AUDIT, FORMAT_LIST,
                    MARK_FIELDS, OFFENCES, Abandoned, CellReading, Footer, Game, Penalty, ScoreList, SeatCells,
                    Settlement, Table)

#: Bounds beyond which a figure cannot be a Skat list entry (an input error, not a finding).
LIMITS = {"small": (0, 99), "value": (0, 100_000), "total": (-1_000_000, 1_000_000),
          "count": (0, 999), "no": (1, 999), "money": (0, 100_000), "bock": (0, 8),
          "announcements": (0, 9), "after": (0, 999)}
#: Kinds of list: SkWO tournament, home list scored by Seeger-Fabian, private (cent settlement).
KINDS = ("tournament", "home", "private")
MAX_BYTES = 20_000_000


class ListError(ValueError):
    """A list file that cannot be read; ``where`` is a JSON path or a CSV line."""

    def __init__(self, where: str, problem: str):
        super().__init__(f"{where}: {problem}")
        self.where = where
        self.problem = problem


def _kind(v: Any) -> str:
    return {dict: "an object", list: "a list", str: "text", bool: "true or false", type(None): "null",
            int: "a whole number", float: "a number"}.get(type(v), type(v).__name__)


def _shown(v: Any) -> str:
    """A value as an error line quotes it: JSON, cut to 40 characters ("1e+308" is not written out in 309 digits)."""
    text = f"{v:.6g}" if isinstance(v, float) else json.dumps(v, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


class _Reader:
    """Typed access to a parsed JSON document with paths in every error."""

    def obj(self, v, path, required=(), allowed=None) -> dict:
        if not isinstance(v, dict):
            raise ListError(path, f"expected an object, got {_kind(v)}")
        for key in required:
            if key not in v:
                raise ListError(path, f'missing field "{key}"')
        if allowed is not None:
            unknown = sorted(set(v) - set(allowed))
            if unknown:
                raise ListError(path, f'unknown field "{unknown[0]}"')
        return v

    def int_(self, v, path, limit, nullable=True) -> Optional[int]:
        if v is None and nullable:
            return None
        if isinstance(v, bool):
            raise ListError(path, f"expected a whole number, got {_shown(v)}")
        if not isinstance(v, (int, float)):
            raise ListError(path, f"expected a whole number, got {_kind(v)} {_shown(v)}")
        if isinstance(v, float):
            if not math.isfinite(v) or v != int(v):
                raise ListError(path, f"expected a whole number, got {_shown(v)}")
        lo, hi = LIMITS[limit]
        if not lo <= v <= hi:
            raise ListError(path, f"{_shown(v)} is out of range ({lo} to {hi})")
        return int(v)

    def money(self, v, path) -> Optional[float]:
        if v is None:
            return None
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
            raise ListError(path, f"expected an amount in euros, got {_kind(v)}")
        lo, hi = LIMITS["money"]
        if not lo <= v <= hi:
            raise ListError(path, f"{_shown(v)} is out of range ({lo} to {hi})")
        return float(v)

    def bool_(self, v, path, default=False) -> bool:
        if v is None:
            return default
        if not isinstance(v, bool):
            raise ListError(path, f"expected true or false, got {_kind(v)}")
        return v

    def list_(self, v, path, length=None, max_len=10_000) -> list:
        if not isinstance(v, list):
            raise ListError(path, f"expected a list, got {_kind(v)}")
        if length is not None and len(v) != length:
            raise ListError(path, f"expected {length} entries (one per seat), got {len(v)}")
        if len(v) > max_len:
            raise ListError(path, f"too many entries ({len(v)})")
        return v

    def text(self, v, path, nullable=True) -> Optional[str]:
        if v is None and nullable:
            return None
        if isinstance(v, (int,)) and not isinstance(v, bool):
            return str(v)
        if not isinstance(v, str):
            raise ListError(path, f"expected text, got {_kind(v)}")
        if len(v) > 40:
            raise ListError(path, "text longer than 40 characters")
        return v


R = _Reader()
GAME_FIELDS = ("no", "base", "mit", "ohne", *MARK_FIELDS, "plus", "minus", "passed", "players", "crossed_out",
               "kontra", "re", "bock", "ramsch", "abandoned")
PENALTY_FIELDS = ("after", "seat", "offence", "announcements", "points", "note")
TABLE_FIELDS = ("seats", "series", "table", "start_numbers", "first_dealer", "kind")
TOP_FIELDS = ("format", "table", "games", "footer", "signatures", "settled", "readings", "source", "photo",
              "penalties")


def _table(v) -> Table:
    t = R.obj(v, "$.table", required=("seats",), allowed=TABLE_FIELDS)
    seats = t["seats"]
    if seats not in (3, 4) or isinstance(seats, bool):
        raise ListError("$.table.seats", f"a Skat table has 3 or 4 seats, got {json.dumps(seats)[:20]}")
    starts = t.get("start_numbers")
    if starts is None:
        starts = [None] * seats
    starts = R.list_(starts, "$.table.start_numbers", length=seats)
    first = t.get("first_dealer", 1)
    if isinstance(first, bool) or not isinstance(first, int) or not 1 <= first <= seats:
        raise ListError("$.table.first_dealer", f"expected a seat 1 to {seats}, got {json.dumps(first)[:20]}")
    kind = t.get("kind", "tournament")
    if kind not in KINDS:
        raise ListError("$.table.kind", f'expected "tournament", "home" or "private", got {json.dumps(kind)[:20]}')
    return Table(seats=seats, series=R.int_(t.get("series"), "$.table.series", "count"),
                 table=R.int_(t.get("table"), "$.table.table", "count"),
                 start_numbers=tuple(R.text(s, f"$.table.start_numbers[{i}]") for i, s in enumerate(starts)),
                 first_dealer=first, kind=kind)


def _game(v, i: int, seats: int) -> Game:
    p = f"$.games[{i}]"
    g = R.obj(v, p, required=("no",), allowed=GAME_FIELDS)
    players_raw = g.get("players")
    if players_raw is None:
        players_raw = [None] * seats
    players = []
    for s, cell in enumerate(R.list_(players_raw, p + ".players", length=seats)):
        if cell is None:
            players.append(SeatCells())
            continue
        cp = f"{p}.players[{s}]"
        c = R.obj(cell, cp, allowed=("total", "won", "lost"))
        players.append(SeatCells(total=R.int_(c.get("total"), cp + ".total", "total"),
                                 won=R.int_(c.get("won"), cp + ".won", "count"),
                                 lost=R.int_(c.get("lost"), cp + ".lost", "count")))
    marks = {m: R.bool_(g.get(m), f"{p}.{m}") for m in MARK_FIELDS}
    abandoned = None
    if g.get("abandoned") is not None:
        ap = p + ".abandoned"
        a = R.obj(g["abandoned"], ap, required=("seat", "when"), allowed=("seat", "when"))
        abandoned = Abandoned(seat=_seat(a["seat"], ap + ".seat", seats), when=_choice(a["when"], ap + ".when",
                                                                                      ABANDON_TIMES))
    return Game(kontra=R.bool_(g.get("kontra"), p + ".kontra"), re=R.bool_(g.get("re"), p + ".re"),
                bock=R.int_(g.get("bock", 0), p + ".bock", "bock", nullable=False),
                ramsch=R.bool_(g.get("ramsch"), p + ".ramsch"), abandoned=abandoned,
                no=R.int_(g["no"], p + ".no", "no", nullable=False),
                base=R.int_(g.get("base"), p + ".base", "small"),
                mit=R.int_(g.get("mit"), p + ".mit", "small"),
                ohne=R.int_(g.get("ohne"), p + ".ohne", "small"),
                plus=R.int_(g.get("plus"), p + ".plus", "value"),
                minus=R.int_(g.get("minus"), p + ".minus", "value"),
                passed=R.bool_(g.get("passed"), p + ".passed"),
                crossed_out=R.bool_(g.get("crossed_out"), p + ".crossed_out"),
                players=tuple(players), **marks)


def _seat(v, path: str, seats: int) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= seats:
        raise ListError(path, f"expected a seat 1 to {seats}, got {json.dumps(v)[:20]}")
    return v


def _choice(v, path: str, choices: tuple[str, ...]) -> str:
    if v not in choices:
        raise ListError(path, f"expected one of {', '.join(choices)}, got {json.dumps(v, ensure_ascii=False)[:30]}")
    return v


def _penalties(v, seats: int, game_nos: set[int]) -> tuple[Penalty, ...]:
    out = []
    for k, e in enumerate(R.list_(v, "$.penalties", max_len=999)):
        p = f"$.penalties[{k}]"
        e = R.obj(e, p, required=("after", "seat", "offence", "points"), allowed=PENALTY_FIELDS)
        after = R.int_(e["after"], p + ".after", "after", nullable=False)
        if after and after not in game_nos:
            raise ListError(p + ".after", f"game {after} is not on the list (0 means before game 1)")
        points = tuple(R.int_(x, f"{p}.points[{s}]", "total")
                       for s, x in enumerate(R.list_(e["points"], p + ".points", length=seats)))
        note = e.get("note")
        out.append(Penalty(after=after, seat=_seat(e["seat"], p + ".seat", seats),
                           offence=_choice(e["offence"], p + ".offence", OFFENCES),
                           announcements=R.int_(e.get("announcements", 0), p + ".announcements", "announcements",
                                                nullable=False),
                           points=points, note="" if note is None else str(R.text(note, p + ".note"))))
    return tuple(out)


def _footer(v, seats: int) -> Footer:
    if v is None:
        return Footer(*([(None,) * seats] * 7))
    f = R.obj(v, "$.footer", allowed=(*FOOTER_FIELDS, "money_total"))
    lines = {}
    for line in FOOTER_FIELDS:
        raw = f.get(line)
        if raw is None:
            lines[line] = (None,) * seats
            continue
        raw = R.list_(raw, f"$.footer.{line}", length=seats)
        if line == "money":
            lines[line] = tuple(R.money(x, f"$.footer.money[{s}]") for s, x in enumerate(raw))
        else:
            limit = "count" if line in ("won", "lost") else "total"
            lines[line] = tuple(R.int_(x, f"$.footer.{line}[{s}]", limit) for s, x in enumerate(raw))
    return Footer(**lines, money_total=R.money(f.get("money_total"), "$.footer.money_total"))


def _one_of(v, where: str, allowed: tuple[str, ...]) -> str:
    """An optional word of a reading (``reason``, ``confirmed_by``): "" when absent, else one of ``allowed``."""
    if v is None or v == "":
        return ""
    if v not in allowed:
        raise ListError(where, f"expected one of {', '.join(allowed)}")
    return v


def _readings(v) -> dict[str, CellReading]:
    out = {}
    for ref, r in R.obj(v, "$.readings").items():
        p = f"$.readings.{ref}"
        r = R.obj(r, p, required=("value", "confidence"),
                  allowed=("value", "confidence", "candidates", "box", "doubtful", "chosen_by", "reason",
                           "confirmed_by"))
        conf = r["confidence"]
        if isinstance(conf, bool) or not isinstance(conf, (int, float)) or not 0 <= conf <= 1:
            raise ListError(p + ".confidence", "expected a number from 0 to 1")
        cands = []
        for k, c in enumerate(R.list_(r.get("candidates", []), p + ".candidates")):
            c = R.obj(c, f"{p}.candidates[{k}]", required=("value", "confidence"))
            cands.append((c["value"], float(c["confidence"])))
        box = r.get("box")
        if box is not None:
            box = tuple(tuple(float(x) for x in R.list_(pt, f"{p}.box")) for pt in R.list_(box, p + ".box"))
        out[ref] = CellReading(value=r["value"], confidence=float(conf), candidates=tuple(cands), box=box,
                               doubtful=R.bool_(r.get("doubtful"), p + ".doubtful"),
                               chosen_by=str(r.get("chosen_by", "reader")),
                               reason=_one_of(r.get("reason"), p + ".reason", DOUBT_REASONS),
                               confirmed_by=_one_of(r.get("confirmed_by"), p + ".confirmed_by", CONFIRMED_BY))
    return out


def list_from_json(doc: Any, source: Optional[str] = None) -> ScoreList:
    """Build a :class:`ScoreList` from a parsed JSON document (strictly validated; its format first, so that another
    skatscan document, such as the audit of a list, is named as what it is)."""
    fmt = doc.get("format", FORMAT_LIST) if isinstance(doc, dict) else FORMAT_LIST
    if fmt == FORMAT_AUDIT:
        raise ListError("$.format", f'an audit ("{FORMAT_AUDIT}"), not a list: give the list it was made from '
                                    f'(or the corrected list, written by audit --corrected)')
    if fmt != FORMAT_LIST:
        raise ListError("$.format", f'unknown format {json.dumps(fmt)[:40]}, expected "{FORMAT_LIST}"')
    d = R.obj(doc, "$", required=("format", "table"), allowed=TOP_FIELDS)
    table = _table(d["table"])
    games = tuple(_game(g, i, table.seats)
                  for i, g in enumerate(R.list_(d.get("games", []), "$.games", max_len=999)))
    seen = set()
    last = 0
    for i, g in enumerate(games):
        if g.no in seen:
            raise ListError(f"$.games[{i}].no", f"game {g.no} appears twice")
        if g.no < last:
            raise ListError(f"$.games[{i}].no", f"game {g.no} comes after game {last}: rows must be in order")
        seen.add(g.no)
        last = g.no
    sigs = d.get("signatures")
    if sigs is not None:
        sigs = tuple(R.bool_(x, f"$.signatures[{s}]")
                     for s, x in enumerate(R.list_(sigs, "$.signatures", length=table.seats)))
    settled = {}
    for ref, s in R.obj(d.get("settled", {}), "$.settled").items():
        s = R.obj(s, f"$.settled.{ref}", required=("value",), allowed=("value", "rule", "note", "reading"))
        settled[ref] = Settlement(s["value"], str(s.get("rule", "SkWO 7.2.5")), str(s.get("note", "")),
                                  reading=R.bool_(s.get("reading"), f"$.settled.{ref}.reading"))
    penalties = _penalties(d.get("penalties", []), table.seats, seen)
    photo = d.get("photo")
    others = R.int_(photo.get("other_lists", 0), "$.photo.other_lists", "count", nullable=False) \
        if isinstance(photo, dict) else 0
    damaged = photo.get("damaged") if isinstance(photo, dict) else None
    damaged = " ".join(damaged.split())[:500] if isinstance(damaged, str) else ""     # libjpeg's words, on one line
    photo = photo.get("file") if isinstance(photo, dict) else None
    return ScoreList(table=table, games=games, footer=_footer(d.get("footer"), table.seats),
                     signatures=sigs, settled=settled, readings=_readings(d.get("readings", {})),
                     source=source, penalties=penalties, photo=str(photo) if photo is not None else None,
                     other_lists=others, damaged=damaged)


def read_json_text(text: str, source: Optional[str] = None) -> ScoreList:
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ListError(f"line {exc.lineno}", f"not valid JSON ({exc.msg})") from None
    except RecursionError:
        raise ListError("$", "nested too deeply") from None
    return list_from_json(doc, source)


def list_to_json(sl: ScoreList) -> dict:
    """The ``skatscan.list/1`` document of ``sl`` (inverse of :func:`list_from_json`)."""
    t = sl.table
    doc: dict[str, Any] = {
        "format": FORMAT_LIST,
        "table": {"seats": t.seats, "series": t.series, "table": t.table,
                  "start_numbers": list(t.start_numbers), "first_dealer": t.first_dealer},
        "games": [],
    }
    if t.kind != "tournament":
        doc["table"]["kind"] = t.kind
    for g in sl.games:
        row = {"no": g.no, "base": g.base, "mit": g.mit, "ohne": g.ohne,
               **{m: getattr(g, m) for m in MARK_FIELDS},
               "plus": g.plus, "minus": g.minus, "passed": g.passed,
               "players": [{"total": p.total, "won": p.won, "lost": p.lost} for p in g.players]}
        if g.crossed_out:
            row["crossed_out"] = True
        for name in ("kontra", "re", "ramsch"):
            if getattr(g, name):
                row[name] = True
        if g.bock:
            row["bock"] = g.bock
        if g.abandoned is not None:
            row["abandoned"] = {"seat": g.abandoned.seat, "when": g.abandoned.when}
        doc["games"].append(row)
    f = sl.footer
    doc["footer"] = {**{line: list(getattr(f, line)) for line in FOOTER_FIELDS}, "money_total": f.money_total}
    doc["signatures"] = None if sl.signatures is None else list(sl.signatures)
    if sl.penalties:
        doc["penalties"] = [{"after": p.after, "seat": p.seat, "offence": p.offence,
                             "announcements": p.announcements, "points": list(p.points),
                             **({"note": p.note} if p.note else {})} for p in sl.penalties]
    if sl.settled:
        doc["settled"] = {ref: {"value": s.value, "rule": s.rule, "note": s.note,
                                **({"reading": True} if s.reading else {})} for ref, s in sl.settled.items()}
    if sl.readings:
        doc["readings"] = {ref: {"value": r.value, "confidence": r.confidence,
                                 "candidates": [{"value": v, "confidence": c} for v, c in r.candidates],
                                 "box": None if r.box is None else [list(pt) for pt in r.box],
                                 "doubtful": r.doubtful, "chosen_by": r.chosen_by,
                                 **({"reason": r.reason} if r.reason else {}),
                                 **({"confirmed_by": r.confirmed_by} if r.confirmed_by else {})}
                           for ref, r in sl.readings.items()}
    return doc


def dumps(doc: Any) -> str:
    return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"
