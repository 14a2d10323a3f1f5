"""The series has the tournament's number of games, unused rows are crossed out (SkWO 6.2 A d, 7.2.1).

Code: game-count. More games than the series has is an error; a series that ended early
with its remaining rows struck through is noted (info); blank rows left between or after the
games, where anything could be written in later, are a warning (on a photographed list it rests on the
cells of those rows the reader read empty). A private list has no set
number of games (nor has a home list, reference 004: the players choose the rounds): only blank
rows between games are reported there.
"""
from __future__ import annotations

from ..findings import INFO, WARNING, finding
from ..model import ScoreList, cell_ref
from ..settings import Settings


def check(facts, *, sl: ScoreList, settings: Settings, **_):
    expected = settings.games_for(sl.seats)
    by_no = {g.no: g for g in sl.games}
    used = [g.no for g in sl.games if not (g.blank or g.crossed_out)]
    last = max(used, default=0)
    private = sl.table.kind != "tournament"
    too_many = [] if private else [no for no in used if no > expected]
    if too_many:
        yield finding("game-count", "count.too-many", game=too_many[0], field="no", written=last,
                      expected=expected, cells=(cell_ref(too_many[0], "no"),))
    gaps = [no for no in range(1, last) if no not in by_no or by_no[no].blank]
    for no in gaps:
        yield finding("game-count", "count.gap", severity=WARNING, game=no, field="no",
                      cells=(cell_ref(no, "no"), *_read_cells(sl, (no,))))
    if last < expected and not private:
        open_rows = [no for no in range(last + 1, expected + 1)
                     if no not in by_no or not by_no[no].crossed_out]
        if open_rows:
            yield finding("game-count", "count.open-rows", severity=WARNING, game=open_rows[0],
                          field="crossed_out", written=len(used), expected=expected,
                          first=open_rows[0], last=open_rows[-1], cells=_read_cells(sl, open_rows))
        else:
            yield finding("game-count", "count.ended-early", severity=INFO, field="no",
                          written=len(used), expected=expected)


def _read_cells(sl: ScoreList, rows) -> tuple[str, ...]:
    """The cells of ``rows`` a photo reader read (none on a typed list): a row is blank, or open, because every
    one of them was read empty (or as a stroke), so a finding about it rests on them."""
    prefixes = tuple(f"g{no}." for no in rows)
    return tuple(ref for ref in sl.readings if ref.startswith(prefixes))
