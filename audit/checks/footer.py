"""The series close follows from the rows (SkWO 5.1, 8.12; dskv-list.md footer rows).

Code: footer. Each written figure is compared with the figure the rows as written give: points (last running total),
games won and lost, (won - lost) x 50, the other players' lost games x 40 (three seats) or x 30 (four seats, the
dealer included), and their sum. A figure the corrected rows give is no error either: a slip in a running total is
the running-total check's finding, not the footer's too (totals 24, 58, 82 for three games of 24 and the footer's 72:
one finding, at 58; before, the footer's 72 was told "82"), unless a chain the line follows from holds a figure fixed
by the management that the correction overrules, or one read in doubt whose reading as written gives another footer
(a finding another reading of a doubt answers is told in doubt: :func:`audit.auditor.run_checks`' ``came_back``).
"""
from __future__ import annotations

from typing import Optional

from ..findings import WARNING, finding
from ..model import ScoreList, cell_ref
from ..rows import (LOST, WON, RowFacts, count_tallies, declared_cells, last_total_row, prev_cells,
                    read_penalty_cells, shared_figures)
from ..score import from_rows

LINES = ("points", "won", "lost", "bonus", "others_lost", "score")
TOURNAMENT_ONLY = ("bonus", "others_lost", "score")


def check(facts: list[RowFacts], *, sl: ScoreList, came_back, tallies: Optional[dict] = None, **_):
    footer = sl.footer
    if footer.blank:
        held = may_hold_a_figure(sl)
        yield finding("footer", "footer.blank", severity=WARNING, field="points", cells=held, presence=held)
        return
    # in a row several seats took, the "+" or "-" and their totals read in doubt count for their figure: they tell whose
    # game it was
    shared = shared_figures(facts, sl.doubtful_cells())
    tallies = count_tallies(sl, facts, sl.doubtful_cells()) if tallies is None else tallies
    blank = may_be_blank(sl)
    expected = from_rows(facts, sl.seats)
    for line in LINES:
        if sl.table.kind == "private" and line in TOURNAMENT_ONLY:
            continue
        written_line = getattr(footer, line)
        for s in range(sl.seats):
            written = written_line[s]
            want = getattr(expected, line)[s]
            if written is None:
                yield finding("footer", "footer.missing", severity=WARNING, seat=s + 1, field=line,
                              expected=want, line=line, cells=(cell_ref(None, line, s + 1), *blank))
            elif written != want and not came_back(cell_ref(None, line, s + 1), written,
                                                   lambda c, line=line, s=s: getattr(c.footer, line)[s]):
                last_total, declared = rests_on(facts, line, s, sl, tallies)
                # the score rests on the last total's value and on the declared cells' presence: the last total, one of
                # those too, counts for its value
                yield finding("footer", "footer.wrong", seat=s + 1, field=line, written=written,
                              expected=want, line=line,
                              cells=(cell_ref(None, line, s + 1), *last_total, *declared, *blank),
                              presence=tuple(c for c in declared if c not in last_total and c not in shared))


def may_be_blank(sl: ScoreList) -> tuple[str, ...]:
    """The footer's cells that hold a figure where each of them is read in doubt whether it holds one at all (the
    reader saw it empty too): read empty, they leave a blank footer, which its checks and the money's leave to the
    blank footer's finding, so every finding about the footer rests on them (before, a footer whose only figure, a
    Verl. 1, was read in doubt or empty told the money missing as a sure error). Empty where one is read surely, or
    in doubt only which figure it holds."""
    footer = sl.footer
    cells = [cell_ref(None, line, s + 1) for line in (*LINES, "money") for s, v in enumerate(getattr(footer, line))
             if v is not None]
    cells += ["footer.money_total"] if footer.money_total is not None else []
    readings = sl.readings

    def may_be_empty(ref: str) -> bool:
        r = readings.get(ref)
        return r is not None and r.doubtful and None in (r.value, *(v for v, _ in r.candidates))
    return tuple(cells) if cells and all(map(may_be_empty, cells)) else ()


def may_hold_a_figure(sl: ScoreList) -> tuple[str, ...]:
    """The footer's cells read empty in doubt where the reader saw a figure too: a blank footer's finding rests on them
    (read as the figure, the footer is not blank; the other way round from :func:`may_be_blank`)."""
    return tuple(ref for ref, r in sl.readings.items() if ref.startswith("footer.") and r.doubtful
                 and r.value is None and any(v is not None for v, _ in r.candidates))


def last_total_cells(facts: list[RowFacts], seat: int, sl: ScoreList) -> tuple[str, ...]:
    """The cells the 0-based ``seat``'s last total was read from, and of the penalty points after it: what his
    footer's points and score follow from by their value (:func:`rests_on`; :mod:`digitize.confirm` asks only this,
    which needs no reading of a count in doubt worked out)."""
    return prev_cells(facts, len(facts), seat, "total") \
        + read_penalty_cells(sl, seat, last_total_row(facts, len(facts), seat))


def rests_on(facts: list[RowFacts], line: str, seat: int, sl: ScoreList,
             tallies: Optional[dict] = None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The row cells the footer figure of ``line`` for the 0-based ``seat`` follows from, as (his last total, the
    rows' cells that count by holding a figure: :func:`declared_cells`): the points from his last total, his won
    and lost games and bonus from the rows he declared, the others' lost games from theirs, the score from all of
    them. His last total takes in the penalty points he was given after it (the cells read of them). A cell read in
    doubt that may make a seat one who played a row, or not (:func:`declared_cells`' ``unsure``), counts too, but
    another seat's Gew. or Verl. beside a declarer the totals tell none of whose readings changes the counts the line
    follows from (``tallies``: :func:`~audit.rows.count_tallies`, worked out here if not given)."""
    last_total = last_total_cells(facts, seat, sl)
    if line == "points":
        return last_total, ()
    unsure = frozenset(sl.doubtful_cells())
    tallies = count_tallies(sl, facts, unsure) if tallies is None else tallies
    read = dict(readings=sl.readings, tallies=tallies)
    if line in ("won", "lost"):
        return (), declared_cells(facts, {seat}, unsure, only=WON if line == "won" else LOST, **read)
    if line == "bonus":
        return (), declared_cells(facts, {seat}, unsure, **read)
    if line == "others_lost":
        return (), declared_cells(facts, set(range(sl.seats)) - {seat}, unsure, **read)
    return last_total, declared_cells(facts, set(range(sl.seats)), unsure, **read)
