"""Findings: what the auditor reports, with stable codes (interfaces.md) and rule citations."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from . import messages

ERROR, WARNING, INFO, DOUBT = "error", "warning", "info", "doubt"
SEVERITIES = (ERROR, WARNING, DOUBT, INFO)

#: Stable finding codes. The first thirteen are the contract of interfaces.md; the rest are
#: skatscan's documented additions.
CODES = (
    "value-mismatch", "single-counted-loss", "overbid", "impossible-value", "running-total",
    "counter", "several-declarers", "dealer-declared", "footer", "money", "missing-signature",
    "game-count", "unreadable",
    # additions
    "passed-game", "incomplete-row",
    # home lists, online lists, penalties (issue 8)
    "home-rule", "ramsch", "abandoned-game", "penalty",
)

#: The rule each code cites (German rule texts in shared/reference).
RULES = {
    "value-mismatch": "ISkO 2.5.3, SkWO 8.7-8.10",
    "single-counted-loss": "ISkO 2.5.11, SkWO 8.10",
    "overbid": "ISkO 3.6",
    "impossible-value": "ISkO 2.3-2.5, SkWO 8.7-8.10",
    "running-total": "SkWO 8.11",
    "counter": "SkWO 7.2.1",
    "several-declarers": "SkWO 7.2.1",
    "dealer-declared": "SkWO 5.1",
    "footer": "SkWO 5.1, 8.12",
    "money": "Spielplan, SkWO 6.2",
    "missing-signature": "SkWO 7.2.3, 9.11",
    "game-count": "SkWO 6.2 A d, 7.2.1",
    "unreadable": "SkWO 7.3.2",
    "passed-game": "SkWO 9.4, 7.2.1",
    "incomplete-row": "SkWO 7.2.1",
    "home-rule": "SkWO 9.4; Kontra, Re, Bock (004)",
    "ramsch": "Ramsch (004)",
    "abandoned-game": "Skat-Online 3.3.9, 3.4.6, 4.3.6 (003)",
    "penalty": "Strafpunkte 3, 4a, 8 (002)",
}

#: Codes whose disagreement the lowest-score correction (SkWO 7.2.5) resolves by itself.
CORRECTABLE = frozenset({"value-mismatch", "single-counted-loss", "running-total", "counter",
                         "footer", "money", "penalty", "passed-game"})


@dataclass(frozen=True)
class Finding:
    code: str
    severity: str
    game: Optional[int]
    seat: Optional[int]          # 1-based
    field: Optional[str]
    written: object
    expected: object
    key: str                     # message key in audit.messages
    params: dict = field(default_factory=dict, compare=False)
    rule: str = ""
    #: cell references this finding rests on (see audit.model.cell_ref)
    cells: tuple[str, ...] = ()
    #: those of ``cells`` it rests on only for holding a figure, not for the figure itself: a declarer's total and his
    #: row's "+" or "-" say who played which game and whether he won it (the footer's counts and the loss money follow
    #: from that), whatever they read. A doubt about such a cell's figure that leaves no doubt that it holds one does
    #: not make the finding doubtful (audit.auditor.run_checks).
    presence: tuple[str, ...] = ()
    #: True when one of ``cells`` is a reading the photo reader doubts: then the finding may
    #: be a misreading rather than an error on paper, and the referee must look.
    doubtful: bool = False
    candidates: tuple = ()
    #: code-specific data for the JSON (the bid range of an overbid)
    extra: dict = field(default_factory=dict, compare=False)

    def message(self, lang: str = "de", *, under: str = "") -> str:
        """The finding's sentence; ``under``: the place its report line names already (see messages.cell_label)."""
        return messages.render(self.key, lang, self.params, under=under)

    def to_json(self, lang: str = "de") -> dict:
        out = {"code": self.code, "severity": self.severity, "game": self.game, "seat": self.seat,
               "field": self.field, "written": self.written, "expected": self.expected,
               "rule": self.rule, "message": self.message(lang), "cells": list(self.cells),
               "doubtful": self.doubtful}
        out.update(self.extra)
        if self.presence:       # the cells among ``cells`` it rests on for holding a figure only
            out["presence"] = list(self.presence)
        if self.candidates:
            out["candidates"] = [{"value": v, "confidence": c} for v, c in self.candidates]
        return out


def finding(code: str, key: str, *, severity: str = ERROR, game: Optional[int] = None,
            seat: Optional[int] = None, field: Optional[str] = None, written: object = None,
            expected: object = None, cells: tuple[str, ...] = (), presence: tuple[str, ...] = (),
            **params) -> Finding:
    """Build a finding with the code's rule; ``params`` fill the message template; ``presence``: the cells among
    ``cells`` it rests on for holding a figure only (:attr:`Finding.presence`)."""
    merged = {"game": game, "seat": seat, "written": written, "expected": expected, **params}
    return Finding(code=code, severity=severity, game=game, seat=seat, field=field,
                   written=written, expected=expected, key=key, params=merged,
                   rule=RULES[code], cells=cells, presence=presence)
