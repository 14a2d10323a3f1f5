"""The compact terminal report a referee reads: faulty rows with what is expected there, the
corrections, and the result (German by default, English on request)."""
from __future__ import annotations

from .auditor import CLEAN, PAPER_ERRORS, READING_DOUBTS, Audit
from .findings import DOUBT, ERROR, INFO, WARNING
from .messages import (MONEY_APART_MARK, MONEY_APART_NOTE, field_name, game_place, offence_name, part_name,
                       penalty_when, render, show_money, show_value)
from .model import parse_ref
from .values import describe

WORDS = {
    "de": {CLEAN: "in Ordnung", PAPER_ERRORS: "Fehler auf der Liste", READING_DOUBTS: "Lesezweifel",
           ERROR: "Fehler", WARNING: "Hinweis", INFO: "Info", DOUBT: "Zweifel",
           "series": "Serie", "table": "Tisch", "seats": "Plätze", "corrections": "Berichtigungen (SkWO 7.2.5)",
           "provisional": "Vorläufig, bis der Schiedsrichter entscheidet (ruht auf unsicher gelesenen Feldern)",
           "result": "Ergebnis nach Berichtigung (Seeger-Fabian)", "private": "Ergebnis (Endzahlsummenverfahren)",
           "head": "Platz  Start-Nr.  Spielpunkte  Gew.  Verl.  Gegner  Wertung  Betrag",
           "head_private": "Platz  Name        Endstand      Cent",
           "game": "Spiel", "written": "geschrieben", "expected": "erwartet", "none": "keine",
           "each": "jeweils", "kept": "bleibt", "penalties": "Strafpunkte",
           "seat": "Platz"},
    "en": {CLEAN: "clean", PAPER_ERRORS: "errors on the list", READING_DOUBTS: "reading doubts",
           ERROR: "error", WARNING: "warning", INFO: "info", DOUBT: "doubt",
           "series": "series", "table": "table", "seats": "seats", "corrections": "Corrections (SkWO 7.2.5)",
           "provisional": "Provisional until the referee decides (rests on cells read in doubt)",
           "result": "Result after correction (Seeger-Fabian)", "private": "Result (cent settlement)",
           "head": "Seat   Start no.  Game pts     Won   Lost  Others  Score    Money",
           "head_private": "Seat   Name        Final         Cents",
           "game": "game", "written": "written", "expected": "expected", "none": "none",
           "each": "each", "kept": "stands", "penalties": "Penalty points",
           "seat": "seat"},
}


#: the codes of findings about the footer (its lines, the loss money, the signatures) when no cell says so
FOOTER_CODES = {"footer", "money", "missing-signature"}


def part_of_cell(ref: str) -> str:
    """The part of the list outside the game rows a cell lies in: "footer" (its lines, the loss money, the signature
    boxes), "head" (series, table, start numbers), "penalties" (the penalty entries), else "list"."""
    if ref.startswith(("footer.", "signature.")):
        return "footer"
    if ref.startswith("table."):
        return "head"
    return "penalties" if ref.startswith("penalty.") else "list"


def part_of_list(f) -> str:
    """The part of the list a finding without a game row is about (:func:`part_of_cell`): the footer where it rests
    on a footer cell or is about the footer, the head where it rests on head cells alone, the penalty entries where it
    is about one, else the list as a whole (it ended early, say)."""
    parts = {part_of_cell(r) for r in f.cells}
    if f.code in FOOTER_CODES or "footer" in parts:
        return "footer"
    if parts == {"head"}:
        return "head"
    if f.code == "penalty" or (f.field or "").startswith("penalty."):
        return "penalties"
    return "list"


def _row_place(game, ref: str, w: dict, lang: str) -> str:
    """Where a corrected or kept figure stands, 8 wide: its game row ("Spiel  9"), else the part of the list of its
    cell ``ref`` (:func:`part_of_cell`)."""
    return f"{w['game']} {game:>2}" if game is not None else f"{part_name(part_of_cell(ref), lang):<8}"


#: Findings whose ``written`` is not a figure of the cell they name (the dealer's seat, the seats that wrote, a
#: doubling factor, the value in a passed row, the seat charged or the outcome of an abandoned game): their sentence
#: says it, a "[Stand: geschrieben 1]" or "[-: geschrieben lost, erwartet won]" would mislead.
NO_DETAIL = frozenset({"dealer-declared", "several-declarers", "home-rule", "passed-game", "abandoned-game"})


def _v(value) -> str:
    return show_value(value, "—")


def _grouped(corrections):
    """Runs of totals of one seat that all moved by the same amount only because an earlier
    total was corrected: one line each in the report (the JSON keeps every cell)."""
    groups: list[list] = []
    for c in corrections:
        last = groups[-1] if groups else None
        if (last and c.reason == "correct.carried" and last[-1].reason == "correct.carried"
                and c.seat == last[-1].seat and c.field == last[-1].field == "total"
                and isinstance(c.before, int) and isinstance(last[-1].before, int)
                and c.after - c.before == last[-1].after - last[-1].before):
            last.append(c)
        else:
            groups.append([c])
    return groups


def _change_lines(corrections, w: dict, lang: str) -> list[str]:
    """One line per change, a run of totals of one seat carried by the same amount as one (:func:`_grouped`)."""
    lines = []
    for group in _grouped(corrections):
        c = group[0]
        if len(group) > 1:
            shift = group[0].after - group[0].before
            place = f"{w['game']} {c.game:>2}-{group[-1].game}"
            lines.append(f"  {place:<8} P{c.seat} {field_name(c.field, lang):<24} {w['each']} {shift:+d}"
                         f"{'':<7} {render(c.reason, lang, {})} ({c.rule})")
            continue
        place = _row_place(c.game, c.cell, w, lang)
        seat = f" P{c.seat}" if c.seat is not None else "   "
        lines.append(f"  {place}{seat} {field_name(c.field, lang):<24} {_v(c.before):>7} -> {_v(c.after):<7}"
                     f" {render(c.reason, lang, {})} ({c.rule})")
    return lines


def render_text(a: Audit, lang: str = "de", verbose: bool = False) -> str:
    w = WORDS.get(lang, WORDS["de"])
    t = a.sl.table
    title = a.sl.source or "-"
    where = []
    if t.series is not None:
        where.append(f"{w['series']} {t.series}")
    if t.table is not None:
        where.append(f"{w['table']} {t.table}")
    where.append(f"{t.seats} {w['seats']}")
    lines = [f"{title} — {', '.join(where)}: {' + '.join(w[s] for s in a.statuses)}"]
    by_game = {g.no: g for g in a.sl.games}
    shown = [f for f in a.findings if verbose or f.severity != INFO or f.code == "overbid"]
    for f in shown:
        # the line names where on the list the finding is; its sentence names a cell without repeating that
        if f.game is not None:
            g = by_game.get(f.game)
            desc = describe(g) if g is not None and (g.base is not None or g.ramsch) else ""
            place = f"{w['game']} {f.game:>2} {desc:<12}"
            under = game_place(f.game, lang)
        else:
            under = part_name(part_of_list(f), lang)
            place = f"{under:<21}"
        tag = w[f.severity] + ("?" if f.doubtful and f.severity != DOUBT else "")
        detail = ""
        # what was written and what the rules expect; a reading doubt's message says what was read already
        if f.code not in NO_DETAIL and (f.expected is not None
                                        or (f.written is not None and f.severity not in (INFO, DOUBT))):
            detail = (f"  [{field_name(f.field or '', lang)}: {w['written']} {_v(f.written)}, "
                      f"{w['expected']} {_v(f.expected)}]")
        lines.append(f"  {place} {tag:<8} {f.message(lang, under=under)}{detail}")
    # the corrections of errors on paper (with the lower written figures that stand), then the values that count
    # provisionally for cells read in doubt: a reading doubt and an error on paper are different things
    paper = [c for c in a.corrected.corrections if not c.provisional]
    changed = {c.cell for c in a.corrected.corrections}
    kept, kept_provisional = [], []
    for ref, st in a.corrected.kept.items():
        if ref in changed:          # its change shows the figure that counts
            continue
        game, seat, fld = parse_ref(ref)
        place = _row_place(game, ref, w, lang)
        seat_s = f" P{seat}" if seat is not None else "   "
        (kept_provisional if ref in a.corrected.provisional_kept else kept).append(
            f"  {place}{seat_s} {field_name(fld, lang):<24} {_v(st.value):>7} {w['kept']:<10}"
            f" {render(st.note, lang, {})} ({st.rule})")
    if paper or kept:
        lines.append(f"{w['corrections']}:")
        lines += _change_lines(paper, w, lang) + kept
    provisional = [c for c in a.corrected.corrections if c.provisional]
    if provisional or kept_provisional:
        lines.append(f"{w['provisional']}:")
        lines += _change_lines(provisional, w, lang) + kept_provisional
    if a.corrected.sl.penalties:
        lines.append(f"{w['penalties']}:")
        for k, p in enumerate(a.corrected.sl.penalties, start=1):
            points = "  ".join(f"P{s + 1} {v or 0:+d}" for s, v in enumerate(p.points))
            lines.append(f"  {k:>2}. {penalty_when(p.after, lang)}, {w['seat']} {p.seat}: "
                         f"{offence_name(p.offence, lang)}"
                         f"{f' ({p.announcements})' if p.announcements else ''}   {points}")
    if t.kind == "private":
        lines.append(f"{w['private']}:")
        lines.append("  " + w["head_private"])
        for r in a.result:
            lines.append(f"  {r.seat:<6} {str(r.start_number or '-'):<11} {r.points:>8} {r.cents:>9}")
    else:
        lines.append(f"{w['result']}:")
        lines.append("  " + w["head"])
        for r in a.result:
            lines.append(f"  {r.seat:<6} {str(r.start_number or '-'):<10} {r.points:>11} {r.won:>5} {r.lost:>5}"
                         f" {r.others_lost:>7} {r.score:>8} {show_money(r.money, lang):>7}"
                         + (MONEY_APART_MARK if r.money_apart else ""))
        if any(r.money_apart for r in a.result):
            lines.append("  " + MONEY_APART_NOTE[lang])
    return "\n".join(lines)
