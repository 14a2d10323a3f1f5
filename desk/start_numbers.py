"""Start numbers read in doubt, settled by the other lists of the tournament (a batch without a seating list).

Nothing on a list checks the start numbers the players write into its head, and the reader misreads about one in
ten of them (docs/reader.md, "The table head's networks"); with the seating list of ``skatscan draw`` the drawn
numbers replace them (:func:`desk.seating.apply_seating`). Without one, the other lists of the tournament still
say two things about a start number:

* a player has one seat in a series (SkWO 7.1.1, 7.1.3): a number read surely at another seat of the same series
  is not this seat's;
* a player keeps his start number through the tournament: a number read surely in another series belongs to
  someone who plays.

A start-number cell read in doubt whose value another seat of its series holds surely (a player cannot
sit at two tables), and of whose candidates (the reader gave it at least :data:`MIN_CANDIDATE`) exactly one is
free in the series (no seat of it has the number read, surely or in doubt) and read surely in another series,
takes that candidate. It stays in doubt for the referee, with ``chosen_by: "tournament"`` and the reader's
candidates, as a value the row's arithmetic chose does: a reading doubt is not settled by the list's neighbours,
only narrowed. Nothing else is changed: a number read surely, one
read empty (the reader saw no number: its guesses are too weak to choose among), one that no other list
contradicts (a number not seen in another series may be a player whose other lists are not scanned yet), and two
doubtful seats of one series that would take the same number keep what was read. A clash that stays is the
standings' to show (:func:`audit.standings.standings` gives the doubtful seat a stand-in line).
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace
from typing import Optional, Sequence

from audit.model import ScoreList

from .draw import same_number_key

#: Candidates the reader gave less than this probability are not taken by the other lists (the same bar as
#: ``digitize.doubts.ALT_MIN``, below which the row's arithmetic does not take a candidate either).
MIN_CANDIDATE = 0.002
#: ``CellReading.chosen_by`` of a start number taken this way.
CHOSEN_BY = "tournament"


@dataclass(frozen=True)
class Taken:
    """A start number the other lists chose: at ``seat`` of a list of ``series``, ``read`` (in doubt, another
    table of the series has it) became ``taken``."""

    seat: int
    series: object
    read: str
    taken: str

    def text(self, lang: str = "en") -> str:
        return TAKEN_TEXT[lang].format(seat=self.seat, series=self.series, read=self.read, taken=self.taken)


TAKEN_TEXT = {
    "en": "start number at seat {seat} read {read} in doubt, which another table of series {series} has: {taken} "
          "taken, the only one of its candidates free in the series and read surely in another series (still in doubt)",
    "de": "Start-Nr. auf Platz {seat} im Zweifel als {read} gelesen, die ein anderer Tisch der Serie {series} hat: "
          "{taken} genommen, der einzige ihrer Kandidaten, der in der Serie frei ist und in einer anderen Serie sicher "
          "gelesen wurde (weiter im Zweifel)",
}


def _ref(seat: int) -> str:
    return f"table.start_number.{seat}"


def _key(number) -> Optional[tuple]:
    text = "" if number is None else str(number).strip()
    return same_number_key(text) if text else None


def reconcile_start_numbers(lists: Sequence[ScoreList]) -> list[tuple[ScoreList, list[Taken]]]:
    """Each list of ``lists`` with its doubtful start numbers settled by the others where one candidate alone
    fits (see the module docstring), and what was taken there (:class:`Taken`, ``.text(lang)`` says it)."""
    sure: dict[object, set] = defaultdict(set)          # series -> start numbers read surely in it
    seen: dict[object, set] = defaultdict(set)          # series -> start numbers read in it, surely or in doubt
    for sl in lists:
        t = sl.table
        if t.kind != "tournament" or t.series is None:
            continue
        doubtful = sl.doubtful_cells()
        for seat, number in enumerate(t.start_numbers, start=1):
            key = _key(number)
            reading = sl.readings.get(_ref(seat))
            if key is not None and not (reading is not None and reading.chosen_by == CHOSEN_BY):
                # (a number these lists chose before counts as what was read there: asked again, they answer alike)
                seen[t.series].add(key)
                if _ref(seat) not in doubtful:
                    sure[t.series].add(key)

    def fits(key, series) -> bool:
        return (key is not None and key not in seen[series]
                and any(key in numbers for s, numbers in sure.items() if s != series))

    proposals: dict[tuple[int, int], tuple[object, str]] = {}   # (list, seat) -> (candidate, its text)
    for i, sl in enumerate(lists):
        t = sl.table
        if t.kind != "tournament" or t.series is None:
            continue
        for seat, number in enumerate(t.start_numbers, start=1):
            reading = sl.readings.get(_ref(seat))
            if reading is None or not reading.doubtful or _key(number) not in sure[t.series]:
                continue
            found: dict[tuple, object] = {}
            for value, p in reading.candidates:
                key = _key(value)
                if p >= MIN_CANDIDATE and fits(key, t.series):
                    found.setdefault(key, value)
            if len(found) == 1:
                value = next(iter(found.values()))
                proposals[(i, seat)] = (value, str(value).strip())
    claims = defaultdict(list)
    for (i, seat), (_value, text) in proposals.items():
        claims[(lists[i].table.series, _key(text))].append((i, seat))
    out = [(sl, []) for sl in lists]
    for (i, seat), (value, text) in sorted(proposals.items()):
        sl, notes = out[i]
        t = sl.table
        if len(claims[(t.series, _key(text))]) > 1:
            continue
        old = t.start_numbers[seat - 1]
        numbers = list(t.start_numbers)
        numbers[seat - 1] = text
        readings = dict(sl.readings)
        readings[_ref(seat)] = replace(sl.readings[_ref(seat)], value=value, chosen_by=CHOSEN_BY, doubtful=True)
        sl = replace(sl, table=replace(t, start_numbers=tuple(numbers)), readings=readings)
        notes.append(Taken(seat, t.series, str(old), text))
        out[i] = (sl, notes)
    return out
