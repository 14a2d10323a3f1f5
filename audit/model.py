"""The list model: a DSkV Spielliste as written on paper (``skatscan.list/1``).

Plain frozen dataclasses, no behaviour beyond small derived properties. Everything is as
written: a blank or dashed cell is ``None``; nothing here is corrected. Seats are 1-based
in the JSON and in messages, 0-based in the tuples.

Cells are named by a *cell reference* string used everywhere (findings, corrections,
reader doubts, referee settlements)::

    g12.base  g12.mit  g12.ohne  g12.hand ... g12.plus  g12.minus  g12.passed
    g12.p3.total  g12.p3.won  g12.p3.lost
    footer.points.2  footer.won.2 ... footer.money.2  footer.money_total
    signature.4  table.start_number.1
    penalty.2.points.3                      (the second penalty entry, seat 3's points)

Home lists (reference 004) add optional columns to a game row: ``kontra``, ``re`` and ``bock``
double the game value (each once; ``bock`` counts overlapping Bock rounds), ``ramsch`` marks a
Ramsch row. An ``abandoned`` row records a game a player left (reference 003), and
``penalties`` are penalty-point entries between the rows (reference 002).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, fields, replace
from functools import cached_property, lru_cache
from typing import Optional

FORMAT_LIST = "skatscan.list/1"
FORMAT_AUDIT = "skatscan.audit/1"

#: The X-mark columns of the DSkV list, left to right (dskv-list.md columns 5-10).
MARK_FIELDS = ("hand", "schneider", "schneider_announced", "schwarz", "schwarz_announced", "ouvert")
#: The numeric game columns.
NUMBER_FIELDS = ("base", "mit", "ohne", "plus", "minus")
#: Per-seat cells of a game row.
SEAT_FIELDS = ("total", "won", "lost")
#: Home-list columns of a game row (reference 004): they double the game value.
DOUBLING_FIELDS = ("kontra", "re", "bock")
#: When a player left an abandoned game (reference 003): before the bidding ended, after the
#: declarer was known but before the announcement, or during play.
ABANDON_TIMES = ("bidding", "announcement", "play")
#: Footer lines, one figure per seat.
FOOTER_FIELDS = ("points", "won", "lost", "bonus", "others_lost", "score", "money")


@dataclass(frozen=True)
class SeatCells:
    """One Platz block of a game row: new running total and the running won/lost count."""

    total: Optional[int] = None
    won: Optional[int] = None
    lost: Optional[int] = None

    @property
    def empty(self) -> bool:
        return self.total is None and self.won is None and self.lost is None


EMPTY_SEAT = SeatCells()


@dataclass(frozen=True)
class Abandoned:
    """A game a player left (reference 003): ``seat`` (1-based) left, ``when`` one of ABANDON_TIMES."""

    seat: int
    when: str


@dataclass(frozen=True)
class Game:
    """One numbered row of the list."""

    no: int
    base: Optional[int] = None
    mit: Optional[int] = None
    ohne: Optional[int] = None
    hand: bool = False
    schneider: bool = False
    schneider_announced: bool = False
    schwarz: bool = False
    schwarz_announced: bool = False
    ouvert: bool = False
    plus: Optional[int] = None
    minus: Optional[int] = None
    passed: bool = False
    players: tuple[SeatCells, ...] = ()
    #: the row is struck through (unused rows after an early end of the series)
    crossed_out: bool = False
    #: home lists (reference 004): Kontra, Re, number of Bock rounds, a Ramsch row
    kontra: bool = False
    re: bool = False
    bock: int = 0
    ramsch: bool = False
    #: a game a player left (reference 003), or None
    abandoned: Optional[Abandoned] = None

    @property
    def factor(self) -> int:
        """How often the game value is doubled: Kontra, Re and each Bock round once (reference 004).

        >>> Game(no=1, kontra=True, re=True, bock=1).factor
        8
        """
        if not (self.kontra or self.re or self.bock):
            return 1
        return 2 ** (int(self.kontra) + int(self.re) + self.bock)

    @property
    def home_rules(self) -> bool:
        """Does the row use a home rule (Kontra, Re, Bock, Ramsch)?"""
        return self.kontra or self.re or self.bock > 0 or self.ramsch

    @property
    def declarers(self) -> list[int]:
        """0-based seats with anything written in their block of this row."""
        return [i for i, p in enumerate(self.players) if not p.empty]

    @cached_property
    def has_game_columns(self) -> bool:
        return (self.base is not None or self.mit is not None or self.ohne is not None
                or any(getattr(self, f) for f in MARK_FIELDS))

    @cached_property
    def blank(self) -> bool:
        """Nothing at all written in the row."""
        return (not self.has_game_columns and self.plus is None and self.minus is None
                and not self.passed and not self.crossed_out and not self.declarers
                and not self.home_rules and self.abandoned is None)


@dataclass(frozen=True)
class Table:
    seats: int
    series: Optional[int] = None
    table: Optional[int] = None
    start_numbers: tuple[Optional[str], ...] = ()
    first_dealer: int = 1
    #: "tournament" (SkWO list, Seeger-Fabian), "home" (home rules allowed, Seeger-Fabian as the
    #: app of reference 004 scores it) or "private" (home rules, cent settlement, no 50/40/30)
    kind: str = "tournament"

    def dealer(self, game_no: int) -> int:
        """0-based seat dealing the ``game_no``-th deal: dealing passes to the left each game (reference 004), after a
        passed game too ("Der nächste Kartengeber hat dann die Karten zu verteilen", SkWO 9.4), not after a row struck
        through (a keeper's wrong row, a misdeal: the same dealer deals again; the caller counts the deals).

        >>> Table(seats=4, first_dealer=1).dealer(5)
        0
        """
        return (self.first_dealer - 1 + game_no - 1) % self.seats


@dataclass(frozen=True)
class Footer:
    """The series close (Serienabschluss) as written; every tuple has one entry per seat."""

    points: tuple[Optional[int], ...] = ()
    won: tuple[Optional[int], ...] = ()
    lost: tuple[Optional[int], ...] = ()
    bonus: tuple[Optional[int], ...] = ()
    others_lost: tuple[Optional[int], ...] = ()
    score: tuple[Optional[int], ...] = ()
    money: tuple[Optional[float], ...] = ()
    money_total: Optional[float] = None

    @property
    def blank(self) -> bool:
        lines = (self.points, self.won, self.lost, self.bonus, self.others_lost, self.score, self.money)
        return self.money_total is None and all(v is None for line in lines for v in line)


@dataclass(frozen=True)
class Penalty:
    """Penalty points entered on the list (reference 002) after game ``after`` (0: before game 1).

    ``seat`` (1-based) is the offender; ``points`` per seat as written (signed: the offender's
    negative, the others' positive; None where nothing is written). The points enter the
    running totals: the next total a seat writes includes them.
    """

    after: int
    seat: int
    offence: str
    announcements: int = 0
    points: tuple[Optional[int], ...] = ()
    note: str = ""


#: Offences of the penalty schedules (reference 002): minor, severe, unsporting conduct, and
#: another error the management rates itself.
OFFENCES = ("minor", "severe", "conduct", "other")


@dataclass(frozen=True)
class Settlement:
    """A figure fixed by the tournament management (SkWO 7.2.5) or confirmed by all players, or (``reading``) a
    referee's reading of the paper: what is written in a cell that was read in doubt (SkWO 7.3.2).

    The auditor accepts a fixed figure: a settled cell holding exactly ``value`` gives no finding. A reading only
    lifts the doubt: the figure is checked as written, and a keeper's error there stays an error on paper.
    """

    value: object
    rule: str = "SkWO 7.2.5"
    note: str = ""
    reading: bool = False


#: Why the reader doubts a cell (``CellReading.reason``): ``bar`` below the confidence bar (or nothing
#: its column can hold); ``column`` a value its column cannot hold while the reader also saw one it can;
#: ``rare`` a matador count of 7 to 11 (a rare hand) read while the reader also saw one of 1 to 6;
#: ``matadors`` a suit game or Grand with neither "mit" nor "ohne" read; ``missing`` read empty where every
#: played row has something (the Grundwert; the declarer's count on a list that keeps the Gew./Verl.
#: counts); ``arithmetic`` chosen among its candidates by the row's arithmetic; ``row`` a confident reading
#: whose runner-up, or the value the row implies (the reader asked about it), would make a row that does not
#: add up agree; ``chain`` chosen among its candidates by its own running total or count, by the row's game without
#: its counts, or by one line of a footer, in a row or footer that does not add up as a whole; ``sequence`` chosen
#: among its candidates by the
#: seat's whole chain of running totals (from 0 to the footer's game points) or of counts, the figures before and
#: after it (also a previous total settled with the row after it); ``hand`` several Grundwerte or matador
#: counts that no game has were read on the list, so the reader seems to take some digit of this hand for
#: another (digitize.decode).
DOUBT_REASONS = ("bar", "column", "rare", "matadors", "missing", "arithmetic", "row", "chain", "sequence", "hand",
                 "photo", "schedule")
#: What can confirm a reading below the reader's confidence bar, or one doubted for its hand
#: (``CellReading.confirmed_by``).
CONFIRMED_BY = ("row", "qr")


#: How probable the figures among a cell's candidates must be together for the cell to hold a figure surely
#: (:attr:`CellReading.holds_a_figure`): the photo reader's own bar for a sure value (digitize.decode.CONFIDENCE_BAR).
FIGURE_BAR = 0.85

#: The reasons of doubt (:data:`DOUBT_REASONS`) that concern which figure a cell holds, not whether it holds one: below
#: the bar, chosen by the arithmetic, or in doubt for a hand the reader misreads. A figure its column cannot hold
#: ("column": a "3" in "-" may be ink run over from "+"), one its row contradicts ("row": a "+" or "-" no game has
#: where the row adds up without it is one), one partly off the photo, or a figure missing is no sure figure
#: (:attr:`CellReading.holds_a_figure`).
VALUE_DOUBTS = ("", "bar", "arithmetic", "chain", "sequence", "hand")


def holds_nothing(value) -> bool:
    """Whether a cell's value is no figure and no mark: None (an empty cell) or False (a mark column without its X).
    A 0 is a figure (a running total or a footer's bonus of 0), though ``0 == False`` in Python:
    ``value in (None, False)`` takes it for an empty cell.

    >>> [holds_nothing(v) for v in (None, False, 0, 0.0, True, 24)]
    [True, True, False, False, False, False]
    """
    return value is None or value is False


@dataclass(frozen=True)
class CellReading:
    """What the photo reader saw in one cell (digitized lists only)."""

    value: object
    confidence: float
    candidates: tuple[tuple[object, float], ...] = ()
    box: Optional[tuple[tuple[float, float], ...]] = None
    doubtful: bool = False
    #: "reader" when the network's best reading was taken, "arithmetic" when the row's
    #: consistency chose among the candidates (always doubtful then); "column" a doubtful cell's best candidate its
    #: column can hold; "tournament" a start number the other lists of a batch chose (desk.start_numbers)
    chosen_by: str = "reader"
    #: why it is doubtful (one of :data:`DOUBT_REASONS`); "" when it is not, or not known
    reason: str = ""
    #: "row" when the reading is below the reader's confidence bar (or above it but doubted for its hand) and not
    #: in doubt: the reader's own best reading, which its game row (or footer line, or the table's loss money)
    #: agrees with as a whole (:mod:`digitize.confirm`); "qr" a table head cell (Serie, Tisch, Start-Nr.) read as
    #: the form's QR code gives it, not in doubt however unsurely it was read; "" otherwise
    confirmed_by: str = ""

    @property
    def value_confidence(self) -> float:
        """How probable the reader makes the value: its candidate's probability (readings that mean the same
        counted together: "7,50" and "7,5"; a "7" read best in a mark column is no mark's probability), 0 when the
        value is none of the candidates."""
        return max((p for v, p in self.candidates if v == self.value), default=0.0)

    @property
    def holds_a_figure(self) -> bool:
        """Whether the cell surely holds a figure, whatever figure it is (a "+" read 18 or 19, a total 265 or 266):
        its value is one, and the figures among its candidates make up at least :data:`FIGURE_BAR` of the reader's
        probability (not the empty cell, a dash or a stroke; a "2" read at 0.28 beside "7" and "9", ink run over from
        the cell beside, is no sure figure)."""
        return self.value is not None and self.reason in VALUE_DOUBTS \
            and sum(p for v, p in self.candidates if v is not None) >= FIGURE_BAR


@dataclass(frozen=True)
class ScoreList:
    """A whole list: table, game rows, footer, signatures, plus optional reader/referee data."""

    table: Table
    games: tuple[Game, ...] = ()
    footer: Footer = field(default_factory=Footer)
    #: one per seat; ``None`` when the typed list did not record signatures
    signatures: Optional[tuple[bool, ...]] = None
    settled: dict[str, Settlement] = field(default_factory=dict)
    readings: dict[str, CellReading] = field(default_factory=dict)
    #: where the list came from (file name, photo), for messages and reports
    source: Optional[str] = None
    #: penalty-point entries between the rows (reference 002), in list order
    penalties: tuple[Penalty, ...] = ()
    #: the photo a digitized list was read from, as its document names it (``photo.file``); None for a typed list.
    #: Not part of the list's content: lists that differ only in it are equal.
    photo: Optional[str] = field(default=None, compare=False)
    #: how many other lists that photo shows beside this one, which were not read (``photo.other_lists``): the
    #: referee is told, or a table's list would be missing from the standings unnoticed. Not part of the content.
    other_lists: int = field(default=0, compare=False)
    #: libjpeg's words on the photo's JPEG data damaged in part (``photo.damaged``; "" for none): the referee is told to
    #: check its readings against the paper. Not part of the content.
    damaged: str = field(default="", compare=False)

    @property
    def seats(self) -> int:
        return self.table.seats

    def doubtful_cells(self) -> set[str]:
        return {ref for ref, r in self.readings.items() if r.doubtful}


@lru_cache(maxsize=8192)
def cell_ref(game: Optional[int], field_name: str, seat: Optional[int] = None) -> str:
    """Canonical reference of a cell; ``seat`` is 1-based.

    >>> cell_ref(12, "total", 3)
    'g12.p3.total'
    >>> cell_ref(None, "points", 2)
    'footer.points.2'
    """
    if game is None:
        if field_name.startswith("penalty."):
            return f"{field_name}.{seat}"
        if field_name == "signature":
            return f"signature.{seat}"
        if field_name == "money_total":
            return "footer.money_total"
        return f"footer.{field_name}.{seat}"
    if seat is None:
        return f"g{game}.{field_name}"
    return f"g{game}.p{seat}.{field_name}"


_REF = re.compile(r"^g(\d+)\.(?:p(\d+)\.)?(\w+)$|^footer\.(\w+)\.(\d+)$|^signature\.(\d+)$")


#: How the cells of the seats' start numbers in the table head begin (``table.start_number.2``).
START_NUMBER = "table.start_number."


def parse_ref(ref: str) -> tuple:
    """(game, seat, field) of a cell reference (:func:`cell_ref`'s inverse); seat 1-based.

    >>> parse_ref("g12.p3.total")
    (12, 3, 'total')
    >>> parse_ref("footer.points.2")
    (None, 2, 'points')
    """
    m = _REF.match(ref)
    if not m:
        return None, None, ref
    if m.group(1):
        return int(m.group(1)), int(m.group(2)) if m.group(2) else None, m.group(3)
    if m.group(4):
        return None, int(m.group(5)), m.group(4)
    return None, int(m.group(6)), "signature"


#: the cells of a game row a reading may put a value in (not its number or its seats' blocks)
_GAME_FIELDS = frozenset(f.name for f in fields(Game)) - {"no", "players"}


def with_value(sl: ScoreList, ref: str, value) -> ScoreList:
    """``sl`` with ``value`` in the cell ``ref`` (a game row's, a footer's, a penalty entry's points)."""
    parts = ref.split(".")
    if parts[0] == "penalty":
        k, s = int(parts[1]) - 1, int(parts[3]) - 1
        return replace(sl, penalties=tuple(
            replace(p, points=tuple(value if i == s else v for i, v in enumerate(p.points))) if j == k else p
            for j, p in enumerate(sl.penalties)))
    game, seat, fld = parse_ref(ref)
    if game is None:
        if ref == "footer.money_total":
            return replace(sl, footer=replace(sl.footer, money_total=value))
        if seat is None or not hasattr(sl.footer, fld):
            return sl
        line = tuple(value if i == seat - 1 else v for i, v in enumerate(getattr(sl.footer, fld)))
        return replace(sl, footer=replace(sl.footer, **{fld: line}))

    def changed(g: Game) -> Game:
        if seat is None:
            return replace(g, **{fld: value}) if fld in _GAME_FIELDS else g
        return replace(g, players=tuple(replace(p, **{fld: value}) if i == seat - 1 else p
                                        for i, p in enumerate(g.players))) if fld in SEAT_FIELDS else g
    return replace(sl, games=tuple(changed(g) if g.no == game else g for g in sl.games))


def read_as(sl: ScoreList, ref: str, value) -> ScoreList:
    """``sl`` with the cell ``ref``, read in doubt, read as ``value`` by the referee: the figure in the cell, its doubt
    lifted (as desk.settle applies a reading)."""
    readings = dict(sl.readings)
    readings[ref] = replace(readings[ref], value=value, doubtful=False, reason="")
    return replace(with_value(sl, ref, value), readings=readings)


def holdable(ref: str, value) -> bool:
    """Whether the cell ``ref`` can hold ``value``, a candidate of its reading: nothing, a mark (True or False) in a
    mark column or the passed game's, a number elsewhere. A hand-written ``skatscan.list/1`` file may give any
    JSON value as a candidate; read into the list, a text made the correction fail ("'<' not supported between
    'str' and 'int'")."""
    if value is None:
        return True
    if parse_ref(ref)[2] in (*MARK_FIELDS, "passed"):
        return type(value) is bool
    return type(value) in (int, float)
