"""Cells the photo reader could not read with confidence (digitized lists only).

Code: unreadable, severity doubt. A doubt is not an error on paper: the referee looks at the
cell on the photo and settles it: a doubt case the management or its referees decide (SkWO 7.3.2); a list unreadable
on paper it may declare invalid (SkWO 7.2.4 b).
"""
from __future__ import annotations

from dataclasses import replace

from ..findings import DOUBT, finding
from ..messages import show_percent, show_value
from ..model import START_NUMBER, ScoreList, parse_ref


def _show(value) -> str:
    """A candidate as the referee reads it: X, 3,50 for money, ∅ for nothing."""
    return show_value(value, "∅")


#: The message keys of a value one relation of its row (its footer) chose, by :func:`chain_key`.
CHAIN_KEYS = ("unreadable.chain", "unreadable.chain-game", "unreadable.chain-footer")


def chain_key(ref: str, field: str) -> str:
    """The message of a value chosen by one relation of a group that does not add up as a whole (doubt reason
    "chain"), by its cell: a footer line settled on its own ("unreadable.chain-footer"); a running total or count
    settled with the figure before it and the row's value ("unreadable.chain"); another cell of a game row, settled with
    the game without its counts ("unreadable.chain-game": the game columns, "+" or "-").

    >>> chain_key("footer.score.2", "score"), chain_key("g7.p1.won", "won"), chain_key("g7.base", "base")
    ('unreadable.chain-footer', 'unreadable.chain', 'unreadable.chain-game')
    """
    if ref.startswith("footer."):
        return "unreadable.chain-footer"
    return "unreadable.chain" if field in ("total", "won", "lost") else "unreadable.chain-game"


def check(facts, *, sl: ScoreList, **_):
    for ref in sorted(sl.readings):
        reading = sl.readings[ref]
        if not reading.doubtful:
            continue
        game, seat, field = parse_ref(ref)
        written = reading.value
        if ref.startswith(START_NUMBER):
            # a seat's start number: its seat, and its figure as the list holds start numbers, text (the contract
            # review of session 52: seat null, written 68 beside "68" in table.start_numbers)
            seat = int(ref[len(START_NUMBER):])
            written = None if written is None else str(written)
        key = "unreadable" if reading.reason in ("", "bar") else f"unreadable.{reading.reason}"
        if key == "unreadable.chain":
            key = chain_key(ref, field)     # which of the row's relations chose it, by its cell
        if key == "unreadable.row" and ref.startswith("footer.money"):
            key = "unreadable.row-money"   # a confident amount the schedule contradicts (digitize.loss_money._take)
        if key == "unreadable" and reading.chosen_by == "column":
            key = "unreadable.by-column"    # the value shown is not the reader's best: say which was taken
        if reading.chosen_by == "tournament":
            key = "unreadable.by-tournament"    # a start number the other lists chose: say so
        # the share of the reader's best value, as the settle form's buttons show it (its text's confidence alone
        # said "65 %" beside a button "∅ 70 %": an empty cell read as empty and as a dash; review of session 53)
        sure = reading.candidates[0][1] if reading.candidates else reading.confidence
        f = finding("unreadable", key, severity=DOUBT, game=game, seat=seat, field=field,
                    written=written, cells=(ref,), cell=ref, confidence=show_percent(sure),
                    candidates=", ".join(_show(v) for v, _ in reading.candidates) or "-", value=_show(reading.value))
        yield replace(f, doubtful=True, candidates=tuple(reading.candidates))
