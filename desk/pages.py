"""What the review report shows, as plain data for the templates (no HTML here).

One :class:`ListView` per list: its status, findings, the row table (what is written next to
what counts after correction, with paper errors and reading doubts marked on their cells),
the corrections, the result and the cells a referee can settle.
"""
from __future__ import annotations

import base64
from dataclasses import dataclass, field, replace
from typing import Optional

from audit.auditor import CLEAN, PAPER_ERRORS, READING_DOUBTS, Audit
from audit.findings import DOUBT, ERROR, INFO, WARNING
from audit.messages import (T, cell_label, field_name, offence_name, penalty_when, render, show_percent,
                            show_value)
from audit.model import MARK_FIELDS, cell_ref, holds_nothing, parse_ref
from audit.values import MARK_SHORT, describe

from .settle import settleable

UNREADABLE_PHOTO = "unreadable-photo"
#: Order of the index: the lists that need the referee first.
STATUS_ORDER = {UNREADABLE_PHOTO: 0, READING_DOUBTS: 1, PAPER_ERRORS: 2, CLEAN: 3}
STATUS_LABEL = {
    "de": {CLEAN: "in Ordnung", PAPER_ERRORS: "Fehler auf der Liste", READING_DOUBTS: "Lesezweifel",
           UNREADABLE_PHOTO: "Foto nicht lesbar"},
    "en": {CLEAN: "clean", PAPER_ERRORS: "paper errors", READING_DOUBTS: "reading doubts",
           UNREADABLE_PHOTO: "unreadable photo"},
}
#: A list with reading doubts and errors on paper that no doubt touches (``Audit.statuses``), short enough for the
#: index on a tablet held upright.
BOTH_LABEL = {"de": "Lesezweifel + Fehler", "en": "doubts + errors"}
SEVERITY_LABEL = {"de": {ERROR: "Fehler", WARNING: "Hinweis", INFO: "Info", DOUBT: "Lesezweifel"},
                  "en": {ERROR: "error", WARNING: "warning", INFO: "info", DOUBT: "reading doubt"}}
GAME_FIELDS = ("base", "mit", "ohne", *MARK_FIELDS, "plus", "minus")


@dataclass
class Cell:
    text: str
    css: str = ""
    note: str = ""
    corrected: Optional[str] = None


@dataclass
class ListView:
    name: str                     # file-safe name of the list (its page is lists/NAME.html)
    source: str
    status: str
    status_label: str
    series: Optional[int] = None
    table: Optional[int] = None
    seats: int = 0
    #: as read, "12?" when read in doubt (None when nothing was read: the page shows "?")
    start_numbers: tuple = ()
    photo: Optional[str] = None   # path of the overlay image, relative to the list page
    problem: str = ""             # why a photo could not be read
    problem_label: str = ""       # what kind of problem, in the report's language (PROBLEM_LABEL), when known
    retake: bool = False          # read mostly in doubt: a new photo would serve better (retake_advice)
    other_lists: bool = False     # the photo shows another list beside this one, not read (other_lists_note)
    damaged: bool = False         # the photo's JPEG data is damaged in part (photo.damaged): its readings to check
    #: what the desk noticed beside the audit (e.g. start numbers that differ from the seating list)
    notes: list = field(default_factory=list)
    counts: dict = field(default_factory=dict)
    findings: list = field(default_factory=list)
    header: list = field(default_factory=list)        # the game's columns of the rows (number, game, Grundwert, ...)
    seat_header: list = field(default_factory=list)   # each seat's columns under "Platz N" (Stand, Gew., Verl.)
    rows: list = field(default_factory=list)
    corrections: list = field(default_factory=list)
    provisional: list = field(default_factory=list)     # changes resting on a cell read in doubt
    provisional_kept: list = field(default_factory=list)    # lower written figures kept only as doubts were read
    kept: list = field(default_factory=list)
    result: list = field(default_factory=list)
    private: bool = False
    doubts: list = field(default_factory=list)
    #: the cells read surely that an error or warning on paper names (those pictured beside it, :func:`misread_cells`):
    #: the referee may enter what the paper says where it says otherwise than read
    misread: list = field(default_factory=list)
    penalties: list = field(default_factory=list)
    #: the referee's decisions applied to the list (settle file): cell, what was read there, what was decided
    decisions: list = field(default_factory=list)
    #: the same as a settle file holds them (cell -> value, reading, rule, note): the page's form saves them again
    #: with the new ones, so that a second file replacing the first keeps them
    earlier: dict = field(default_factory=dict)
    #: the list the page's settle file decides, saved into it ({"name": ..., "sha256": its photo's}; {} for a list
    #: without a photo hash, whose file says none): ``scan --settle-from`` takes a file from the downloads by it
    identity: dict = field(default_factory=dict)

    @property
    def sort_key(self):
        # a list in order whose photo shows another list comes before the lists in order: the referee has work there
        order = STATUS_ORDER.get(self.status, 9) - (0.5 if self.status == CLEAN and (self.other_lists or self.damaged)
                                                    else 0)
        return (order, self.series or 0, self.table or 0, self.name)

    @property
    def for_referee(self) -> bool:
        """Whether the referee has something to do for this list: a photo that could not be read, reading doubts or
        errors on paper, another list on its photo that was not read, or a photo whose JPEG data is damaged."""
        return self.status != CLEAN or self.other_lists or self.damaged

    def for_index(self) -> "ListView":
        """This view without what only the list's own page shows (its rows, findings, corrections and the pictures
        of its doubtful cells): the index's line, kept for a batch of hundreds of lists once its page is written."""
        return replace(self, notes=[], findings=[], header=[], seat_header=[], rows=[], corrections=[], provisional=[],
                       provisional_kept=[], kept=[], result=[], doubts=[], misread=[], penalties=[],
                       decisions=[], earlier={})


#: A photo with at least RETAKE_MIN cells read in doubt, and at least as many as cells read surely with
#: something in them (RETAKE_SHARE of both together), is too blurred or too small for handwriting: the
#: list's page advises a new photo.
RETAKE_SHARE = 0.5
RETAKE_MIN = 20
#: A reading its row confirmed counts as read in doubt for that advice when the reader gave its value less than
#: this (the decoder's confidence bar, digitize.decode.CONFIDENCE_BAR: desk does not import the reader); a
#: confident reading confirmed is one the hand rule had doubted, and a new photo would not change it.
SURE_READING = 0.85
RETAKE_ADVICE = {
    "de": "{n} Felder sind unsicher gelesen, nur {sure} sicher: das Foto ist zu unscharf oder die Liste zu "
          "klein darauf. Besser neu fotografieren (scharf, die Liste bildfüllend) als {k} {fields} einzeln prüfen.",
    "en": "{n} cells are read in doubt, only {sure} surely: the photo is too blurred or the list too small on "
          "it. Better take a new photo (sharp, the list filling the frame) than check {k} {fields} one by one.",
}
#: "cells" of that advice, one and more (German, English).
RETAKE_FIELDS = {"de": ("Feld", "Felder"), "en": ("cell", "cells")}
#: The advice when the list's rows confirm every cell read unsurely, so that none is left to check: nothing to settle,
#: but each of those values rests on its row's arithmetic, not on what the photo shows.
RETAKE_ADVICE_CONFIRMED = {
    "de": "{n} Felder sind unsicher gelesen, nur {sure} sicher: das Foto ist zu unscharf oder die Liste zu "
          "klein darauf. Ihre Zeilen bestätigen sie alle; ein neues Foto (scharf, die Liste bildfüllend) liest "
          "sie selbst.",
    "en": "{n} cells are read in doubt, only {sure} surely: the photo is too blurred or the list too small on "
          "it. Their rows confirm them all; a new photo (sharp, the list filling the frame) reads them itself.",
}

ABANDON_WORDS = {"de": {"bidding": "beim Reizen", "announcement": "vor der Ansage", "play": "im Spiel"},
                 "en": {"bidding": "bidding", "announcement": "before the announcement", "play": "in play"}}

#: The note of a list whose hand the reader misreads (digitize.decode: several impossible Grundwerte read).
HAND_NOTE = {
    "de": "Auf dieser Liste wurden mehrere Grundwerte oder Matadorzahlen gelesen, die es nicht gibt: der Leser "
          "verwechselt in dieser Handschrift wohl Ziffern. Darum stehen {n} Felder im Zweifel, auch sicher "
          "gelesene; ein neues Foto hilft hier nicht, ein Blick auf die Liste schon.",
    "en": "Several base values or matador counts that no game has were read on this list: the reader seems to take "
          "some digit of this hand for another. So {n} cells are in doubt, surely read ones too; a new photo will "
          "not help here, a look at the list will.",
}


#: The note of a list that runs off its photo (cells doubted for reason "photo", digitize.doubts.OFF_PHOTO).
OFF_PHOTO_NOTE = {
    "de": "Die Liste ist nicht ganz auf dem Foto: {n} Felder liegen zum Teil außerhalb und stehen darum im Zweifel. "
          "Bitte diese Felder auf der Liste prüfen oder die ganze Liste neu fotografieren.",
    "en": "The list is not wholly on the photo: {n} cells lie partly off it and are in doubt for that. Please check "
          "them on the list, or photograph the whole list again.",
}


#: The note of a photo that shows another list beside the one read (``ScoreList.other_lists``,
#: digitize.outline.other_lists): the other is not read, and its table would be missing from the standings.
OTHER_LISTS_NOTE = {
    "de": "Auf dem Foto ist noch eine Liste zu sehen; gelesen wurde nur diese. Bitte jede Liste einzeln "
          "fotografieren, sonst fehlt die andere in der Rangliste.",
    "en": "The photo shows another list beside this one, and only this one was read. Please photograph each list on "
          "its own, or the other one is missing from the standings.",
}


#: What kind of problem a photo that could not be read has (:data:`desk.batch.WHY`), in the German report when the
#: sentence saying exactly why is English (results a batch folder kept from before the sentences were German too):
#: the sentence follows it. Where there is a German sentence (``problem_de``), the German report shows it alone,
#: as the English report shows the English one.
PROBLEM_LABEL = {
    "de": {"file": "Die Datei ist kein lesbares Foto", "no-list": "Keine Spielliste auf dem Foto gefunden",
           "unreadable": "Das Foto ist zu dunkel, zu unscharf oder die Liste zu klein darauf",
           "memory": "Das Foto ist zu groß zum Verarbeiten",
           "timeout": "Das Lesen dauerte zu lange und wurde abgebrochen",
           "crash": "Interner Fehler beim Lesen dieses Fotos", "gone": "Die Datei ist nicht mehr da oder nicht lesbar",
           "duplicate": "Dasselbe Foto wie ein anderes"},
    "en": {},
}


#: The status a photo that is the same as another one gets in the index (it is not unreadable: it is read once).
DUPLICATE_LABEL = {"de": "doppeltes Foto", "en": "duplicate photo"}


def unreadable_view(name: str, source: str, problem: str, lang: str = "de", why: str = "",
                    problem_de: str = "") -> ListView:
    """The report's line for a photo that could not be read: ``problem`` the sentence saying why (English),
    ``problem_de`` the same in German (shown alone in the German report when given), ``why`` its kind
    (:data:`PROBLEM_LABEL`, the German report's words before an English sentence)."""
    german = lang == "de" and bool(problem_de)
    label = DUPLICATE_LABEL[lang] if why == "duplicate" else STATUS_LABEL[lang][UNREADABLE_PHOTO]
    return ListView(name=name, source=source, status=UNREADABLE_PHOTO,
                    status_label=label, problem=problem_de if german else problem,
                    problem_label="" if german else PROBLEM_LABEL[lang].get(why, ""))


def retake_advice(sl, lang: str = "de") -> Optional[str]:
    """The advice to photograph a list again when most of what was read on it is in doubt (see
    :data:`RETAKE_SHARE`), else None. Typed lists (no readings) never get it. Cells in doubt because the
    reader misreads the hand (reason "hand") do not count: a new photo would not help them (see
    :func:`hand_note`). Readings below the bar that their rows confirm (``confirmed_by``) count as read in doubt
    here: the advice is about how well the photo reads, not about how well the list adds up; a confident reading
    confirmed (one the hand rule had doubted, :data:`SURE_READING`) counts as read surely. The cells it says are
    left to check one by one are those of the list's page's doubts that a new photo would read anew (not those its
    rows confirmed, which the page does not ask about: before, the advice said "check 61 cells" where the page asked
    for 60; nor the hand's)."""
    def unsure(r) -> bool:
        return (r.doubtful and r.reason != "hand") or (r.confirmed_by and r.value_confidence < SURE_READING)
    doubtful = sum(1 for r in sl.readings.values() if unsure(r))
    sure = sum(1 for r in sl.readings.values() if not r.doubtful and not unsure(r) and not holds_nothing(r.value))
    if doubtful < RETAKE_MIN or doubtful < RETAKE_SHARE * (doubtful + sure):
        return None
    to_check = sum(1 for r in sl.readings.values() if r.doubtful and r.reason != "hand")
    if not to_check:
        return RETAKE_ADVICE_CONFIRMED[lang].format(n=doubtful, sure=sure)
    return RETAKE_ADVICE[lang].format(n=doubtful, sure=sure, k=to_check, fields=RETAKE_FIELDS[lang][to_check > 1])


def _reason_note(sl, reason: str, notes: dict, lang: str) -> Optional[str]:
    """``notes[lang]`` with the number of cells doubted for ``reason``, or None when there is none."""
    n = sum(1 for r in sl.readings.values() if r.doubtful and r.reason == reason)
    return notes[lang].format(n=n) if n else None


def hand_note(sl, lang: str = "de") -> Optional[str]:
    """The note that the reader misreads this list's hand (cells doubted for reason "hand"), else None."""
    return _reason_note(sl, "hand", HAND_NOTE, lang)


def off_photo_note(sl, lang: str = "de") -> Optional[str]:
    """The note that part of the list lies off its photo (cells doubted for reason "photo"), else None."""
    return _reason_note(sl, "photo", OFF_PHOTO_NOTE, lang)


def other_lists_note(sl, lang: str = "de") -> Optional[str]:
    """The note that the list's photo shows another list, which was not read (``sl.other_lists``), else None."""
    return OTHER_LISTS_NOTE[lang] if sl.other_lists else None


def list_view(a: Audit, name: str, lang: str = "de", photo: Optional[str] = None,
              pictures: Optional[dict] = None) -> ListView:
    """What the list page of the audit ``a`` shows; ``photo`` the path of its photo copy from the page, ``pictures``
    JPEG pictures of its cells from the photo (ref -> bytes, ``digitize.cell_pictures``; those of
    :func:`pictured_cells`), shown beside the cells read in doubt where the referee settles them, beside the
    findings on paper and beside the cells read surely that these name, where the paper may say otherwise than read
    (:func:`misread_cells`; as data URIs: the page stays one file)."""
    sl = a.sl
    pictures = pictures or {}
    t = sl.table
    by_cell: dict[str, list] = {}
    for f in a.findings:
        for ref in f.cells[:1] or ():
            by_cell.setdefault(ref, []).append(f)
    doubtful = sl.doubtful_cells()
    changed = {c.cell: c for c in a.corrected.corrections}
    view = ListView(name=name, source=sl.source or name, status=a.status,
                    status_label=BOTH_LABEL[lang] if len(a.statuses) > 1 else STATUS_LABEL[lang][a.status],
                    series=t.series, table=t.table, seats=t.seats,
                    start_numbers=tuple(f"{n}?" if n and f"table.start_number.{seat}" in doubtful else n
                                        for seat, n in enumerate(t.start_numbers, start=1)),
                    photo=photo, private=t.kind == "private",
                    # the cells to settle, as the page's form lists them (a finding on paper resting on a doubt is
                    # no further cell to look at: counted so, the index said 54 where the page asked for 53)
                    counts={"errors": len(a.errors), "doubts": len(doubtful), "warnings": len(a.warnings),
                            # errors on paper told in doubt ("Fehler ?"): resting on a cell read in doubt
                            "errors_in_doubt": sum(f.severity == ERROR and f.doubtful for f in a.findings)})
    retake = retake_advice(sl, lang)
    view.retake = retake is not None
    others = other_lists_note(sl, lang)
    view.other_lists = others is not None
    for note in (others, retake, hand_note(sl, lang), off_photo_note(sl, lang)):
        if note:
            view.notes.append(note)
    misread = misread_cells(a)
    for f in a.findings:
        view.findings.append({
            "severity": f.severity if not (f.doubtful and f.severity != INFO) else DOUBT,
            "label": SEVERITY_LABEL[lang][f.severity] + (" ?" if f.doubtful and f.severity != DOUBT else ""),
            "code": f.code, "game": f.game, "seat": f.seat, "message": f.message(lang), "rule": f.rule,
            "written": show_value(f.written) if not isinstance(f.written, list) else ", ".join(map(str, f.written)),
            "expected": show_value(f.expected),
            "candidates": [(show_value(v), show_percent(p)) for v, p in f.candidates],
            "pictures": [(ref, cell_label(ref, lang), _data_uri(pictures[ref]))
                         for ref in _pictured_of(f, sl.readings) if ref in pictures],
            # its cells can be corrected in the settle form where the paper says otherwise than read
            "misread": any(ref in misread for ref in _pictured_of(f, sl.readings))})
    # the game's columns; each seat's three columns stand under one "Platz N" (headed "P3 Stand", "P3 Gew.", ... the
    # rows of a table of four ran past a laptop's screen)
    view.header = [field_name("no", lang), ""] + [field_name(x, lang) if x not in MARK_SHORT else MARK_SHORT[x]
                                                  for x in GAME_FIELDS]
    view.seat_header = [field_name(x, lang) for x in ("total", "won", "lost")]
    decided = decided_cells(sl)
    for g in sl.games:
        if g.crossed_out:
            view.rows.append({"no": g.no, "crossed": True, "game": "", "cells": []})
            continue
        cells = []
        refs = [cell_ref(g.no, x) for x in GAME_FIELDS] + [cell_ref(g.no, x, s)
                                                           for s in range(1, t.seats + 1)
                                                           for x in ("total", "won", "lost")]
        values = [getattr(g, x) for x in GAME_FIELDS] + [getattr(p, x) for p in g.players
                                                         for x in ("total", "won", "lost")]
        for ref, value in zip(refs, values):
            cells.append(_cell(ref, value, by_cell, doubtful, changed, decided, sl, lang))
        game = describe(g) if g.base is not None or g.ramsch else ""
        if g.abandoned is not None:
            game += (f" (P{g.abandoned.seat} " + ("verlassen: " if lang == "de" else "left: ")
                     + ABANDON_WORDS[lang][g.abandoned.when] + ")")
        view.rows.append({"no": g.no, "crossed": False, "passed": g.passed, "game": game.strip(), "cells": cells,
                          "has_problem": any(c.css for c in cells)})
    for c in a.corrected.corrections:
        # a value that counts for a cell read in doubt until the referee decides is shown apart from the corrections
        # of errors on paper (SkWO 7.2.5): a reading doubt and an error on paper are different things
        (view.provisional if c.provisional else view.corrections).append({
            "game": c.game, "seat": c.seat, "field": field_name(c.field, lang), "from": show_value(c.before),
            "to": show_value(c.after), "rule": c.rule, "reason": render(c.reason, lang, {})})
    changed = {c.cell for c in a.corrected.corrections}
    for ref, st in a.corrected.kept.items():
        if ref in changed:          # its change shows the figure that counts
            continue
        game, seat, fld = parse_ref(ref)
        (view.provisional_kept if ref in a.corrected.provisional_kept else view.kept).append(
            {"cell": ref, "game": game, "seat": seat, "field": field_name(fld, lang), "value": show_value(st.value),
             "rule": st.rule, "reason": render(st.note, lang, {})})
    for r in a.result:
        # the start number as the page's head shows it ("7?" read in doubt: the points may be another player's)
        shown = view.start_numbers[r.seat - 1] if r.start_number and r.seat <= len(view.start_numbers) else None
        view.result.append(replace(r, start_number=shown or r.start_number))
    counted = a.corrected.sl.penalties
    for k, (p, c) in enumerate(zip(sl.penalties, counted), start=1):
        view.penalties.append({"no": k, "after": penalty_when(p.after, lang), "seat": p.seat,
                               "offence": offence_name(p.offence, lang), "announcements": p.announcements,
                               "points": [(f"{w or 0:+d}", f"{x or 0:+d}" if (x or 0) != (w or 0) else None)
                                          for w, x in zip(p.points, c.points)]})
    for ref in sorted(decided, key=_page_order(sl.readings)):
        decided, reading = sl.settled[ref], sl.readings.get(ref)
        view.decisions.append({"cell": ref, "label": cell_label(ref, lang),
                               "read": (show_value(reading.value) or "∅") if reading else "–",
                               "value": show_value(decided.value) or "∅", "reading": decided.reading,
                               "rule": decided.rule, "note": render(decided.note, lang, {}) if decided.note in T
                               else decided.note})
        view.earlier[ref] = {"value": decided.value, "reading": decided.reading, "rule": decided.rule,
                             "note": decided.note}
    # the referee's progress on the list for the index: the cells he decided beside those still open
    view.counts["decided"] = len(view.decisions)
    for ref in sorted(doubtful, key=_page_order(sl.readings)):
        reading = sl.readings[ref]
        # a value the list's arithmetic (or the other lists) took among the candidates is not what was read best:
        # the box that takes it says "wie genommen"
        view.doubts.append({"cell": ref, "label": cell_label(ref, lang), "value": show_value(reading.value),
                            "taken": bool(reading.chosen_by) and reading.chosen_by != "reader",
                            "candidates": [(show_value(v), show_percent(p)) for v, p in reading.candidates],
                            "shown": _shown_candidates(reading),
                            "picture": _data_uri(pictures[ref]) if ref in pictures else None})
    for ref in sorted(misread, key=_page_order(sl.readings)):
        reading = sl.readings[ref]
        view.misread.append({"cell": ref, "label": cell_label(ref, lang), "value": show_value(reading.value),
                             "percent": show_percent(reading.value_confidence),
                             "confirmed": bool(reading.confirmed_by),
                             "picture": _data_uri(pictures[ref]) if ref in pictures else None})
    return view


#: Cells of a finding on paper shown from the photo beside it (a running total's finding names the total first).
FINDING_PICTURES = 3


def pictured_cells(a: Audit) -> list[str]:
    """The cells whose pictures from the photo the list page shows: every cell read in doubt (where the referee
    settles it) and the cells that decide each error or warning on paper (:func:`_pictured_of`), also one that rests
    on a doubt (beside the finding: the referee sees what the keeper wrote before the correction counts, and a
    misreading behind a finding shows at once; where it does, the referee enters what the paper says:
    :func:`misread_cells`)."""
    cells = set(a.sl.doubtful_cells())
    for f in a.findings:
        cells.update(_pictured_of(f, a.sl.readings))
    return sorted(c for c in cells if c in a.sl.readings)


def decided_cells(sl) -> set[str]:
    """The cells of ``sl`` the referee decided (a settle file): its settled cells but the lower written figures a
    correction kept (``kept.*``: an audited corrected list carries them, fixed by the lowest-score rule, not by him)."""
    return {ref for ref, st in sl.settled.items() if not str(st.note).startswith("kept.")}


def misread_cells(a: Audit) -> set[str]:
    """The cells the settle form offers apart from the doubts, for the referee to enter what the paper says where it
    says otherwise than read: those pictured beside an error or warning on paper that is not itself in doubt
    (:func:`_pictured_of`), read from the photo surely (a cell in doubt is settled among the doubts) and not decided
    by the referee already. A cell read surely but wrongly (a figure written across a column line, taken into the
    neighbouring cell) makes a sure "Fehler" that is a misreading: the picture shows it, and the referee's reading
    lifts it; if the paper says what was read, the error stays. A typed list (nothing read) has none."""
    doubtful, sl = set(a.sl.doubtful_cells()), a.sl
    return {ref for f in a.findings if not f.doubtful for ref in _pictured_of(f, sl.readings)
            if ref in sl.readings and ref not in doubtful and ref not in sl.settled and settleable(ref)}


def _pictured_of(f, readings: dict) -> tuple:
    """The cells of the finding ``f`` shown from the photo beside it (:func:`pictured_cells`): the first
    :data:`FINDING_PICTURES` of those it names, passing over the ones read empty that only widen what it rests on, a
    game column of its row (its "mit" beside the "ohne" that holds the figure) and any cell of another row (the empty
    rows between a running total and the seat's previous one), so that the cells that decide it show: a single-counted
    loss's "ohne 1", a running total's previous total "302" (the review of session 52: both were left out for empty
    cells, and the settle form offered those empty cells to correct). Its own cells read empty, a "+" or "-" a row
    lacks, stay: their emptiness is the finding, and so do the game columns of a finding on them (the matadors
    missing in a suit game: "mit" and "ohne" read empty). ``readings``: the list's (cells the photo did not read are
    passed over alike where empty)."""
    if f.severity not in (ERROR, WARNING):
        return ()
    about_columns = f.field in _GAME_COLUMN_FIELDS     # a finding on the game's columns: their emptiness is it

    def widens(ref: str) -> bool:
        r = readings.get(ref)
        game, _, fld = parse_ref(ref)
        return (r is None or holds_nothing(r.value)) and game is not None and (
            game != f.game or fld in _GAME_COLUMN_FIELDS and not about_columns)
    deciding = [ref for ref in f.cells if not widens(ref)]
    return tuple((deciding or list(f.cells))[:FINDING_PICTURES])


#: A game row's columns that give its game (an empty one among them widens a finding without deciding it).
_GAME_COLUMN_FIELDS = frozenset(("base", "mit", "ohne", *MARK_FIELDS))


def _page_order(readings: dict):
    """A sort key for cell references: in the order they stand on the list, the table head first, then the game
    rows by number (game 2 before game 10), then the footer and the signatures; within a part as ``readings``
    lists them (a list read from a photo lists each row's cells left to right)."""
    position = {ref: k for k, ref in enumerate(readings)}

    def key(ref: str):
        game, _, _ = parse_ref(ref)
        part = 0 if ref.startswith("table.") else 1 if game is not None else 2
        return part, game or 0, position.get(ref, len(position)), ref
    return key


def _shown_candidates(reading) -> list:
    """The candidates of a cell read in doubt the settle form shows beside it, (value, share): those the reader gives
    at least 1 %, and whatever their share ("<1") the value taken (a count the row's arithmetic chose at 0.01 %), so
    that it is never missing among them, both answers of a mark cell ("X" read at 0.7 % beside "no mark": the
    referee had nothing to tap), and for a cell in doubt for its row the last, the figure the row implies (a "Gew."
    read empty beside its "1" read in "Verl."; review of session 53)."""
    shown = []
    last = len(reading.candidates) - 1 if reading.reason == "row" else -1
    for k, (v, p) in enumerate(reading.candidates):
        percent = show_percent(p)
        if percent or v == reading.value or type(v) is bool or k == last:
            shown.append((show_value(v), percent or "<1"))
    return shown


def _data_uri(jpeg: bytes) -> str:
    """A JPEG as a data URI for an ``<img src>``."""
    return "data:image/jpeg;base64," + base64.b64encode(jpeg).decode("ascii")


def _cell(ref, value, by_cell, doubtful, changed, decided, sl, lang) -> Cell:
    cell = Cell(show_value(value))
    notes = []
    for f in by_cell.get(ref, []):
        if f.severity == ERROR and not f.doubtful:
            cell.css = "err"
        elif f.severity in (ERROR, WARNING, DOUBT) and not cell.css:
            cell.css = "doubt" if f.doubtful or f.severity == DOUBT else "warn"
        notes.append(f.message(lang))
    if ref in doubtful:
        cell.css = "doubt" if cell.css != "err" else cell.css
        reading = sl.readings[ref]
        cands = ", ".join(f"{show_value(v) or '∅'} {show_percent(p)}%" for v, p in reading.candidates)
        notes.append(("Gelesen, unsicher: " if lang == "de" else "Read, in doubt: ") + cands)
    elif ref in sl.readings and sl.readings[ref].confirmed_by:
        p = show_percent(sl.readings[ref].value_confidence)
        notes.append(f"Gelesen zu {p} %, von der Zeile bestätigt" if lang == "de"
                     else f"Read at {p} %, confirmed by its row")
    if ref in decided:
        # the referee's decision (settle file): marked as his, with what the reader had taken there
        reading = sl.readings.get(ref)
        read = f" ({'gelesen' if lang == 'de' else 'read'}: {show_value(reading.value) or '∅'})" if reading else ""
        notes.insert(0, ("vom Schiedsrichter entschieden" if lang == "de" else "decided by the referee") + read)
        if not cell.css:
            cell.css = "settled"
    if ref in changed:
        cell.corrected = show_value(changed[ref].after)
        if not cell.css or cell.css == "settled":
            cell.css = "doubt" if changed[ref].provisional else "fixed"
        if changed[ref].provisional and ref not in doubtful:
            notes.append("zählt vorläufig: folgt aus einem unsicher gelesenen Feld" if lang == "de"
                         else "counts for now: follows from a cell read in doubt")
    cell.note = " | ".join(notes)
    return cell
