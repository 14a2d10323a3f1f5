"""Home rules on the list (reference 004): Kontra, Re, Bock and Ramsch.

Code: home-rule. Re answers a Kontra (a Re without Kontra is an error on any list). On a
tournament list Ramsch is an error (SkWO 9.4: "Es wird kein Ramsch gespielt"), and Kontra, Re
and Bock are a warning: the ISkO game value (2.5.3) knows none of them, so the organiser must
have allowed them. Home and private lists may use them all.
"""
from __future__ import annotations

from dataclasses import replace

from ..findings import WARNING, finding
from ..model import ScoreList, cell_ref
from ..rows import RowFacts

RULE_RAMSCH = "SkWO 9.4"
RULE_DOUBLING = "ISkO 2.5.3; Kontra, Re, Bock (004)"


def check(facts: list[RowFacts], *, sl: ScoreList, **_):
    tournament = sl.table.kind == "tournament"
    for f in facts:
        g = f.game
        if g.crossed_out or not g.home_rules:
            continue
        no = g.no
        if g.re and not g.kontra:
            yield replace(finding("home-rule", "home.re-without-kontra", game=no, field="re", written=True,
                                  cells=(cell_ref(no, "re"), cell_ref(no, "kontra"))), rule=RULE_DOUBLING)
        if not tournament:
            continue
        if g.ramsch:
            yield replace(finding("home-rule", "home.ramsch-in-tournament", game=no, field="ramsch",
                                  written=True, cells=(cell_ref(no, "ramsch"),)), rule=RULE_RAMSCH)
        doubled = [name for name in ("kontra", "re", "bock") if getattr(g, name)]
        if doubled:
            yield replace(finding("home-rule", "home.doubling-in-tournament", severity=WARNING, game=no,
                                  field=doubled[0], written=g.factor, what=", ".join(
                                      n.capitalize() for n in doubled),
                                  cells=tuple(cell_ref(no, n) for n in doubled)), rule=RULE_DOUBLING)
