"""The terminal report a referee reads (audit.report.render_text)."""
from dataclasses import replace

from audit.auditor import audit
from audit.model import CellReading, Penalty
from audit.report import render_text
from audit.settings import Settings

from .builders import make_list, row


def test_a_reading_doubt_names_its_cell_and_an_error_says_what_was_written_and_expected():
    """A doubt's line stands under its game ("Spiel  1") and names the cell within it ("Zelle Grundwert", not
    "Zelle Spiel 1 · Grundwert" again) and its candidates, with no "[... geschrieben ..., erwartet —]" beside it
    (nothing is expected of a reading); an error on paper says what the keeper wrote and what the rules expect (a
    lost game written single: "-" 24 instead of 48)."""
    sl = make_list([row(1, 3, seat=1, total=-24, base=12, mit=1, minus=24)], signatures=None)
    unsure = CellReading(12, 0.6, ((12, 0.6), (11, 0.3)), doubtful=True, reason="bar")
    lines = render_text(audit(replace(sl, readings={"g1.base": unsure})), "de").splitlines()
    doubt = [line for line in lines if "Zweifel" in line and "Grundwert" in line]
    assert len(doubt) == 1 and doubt[0].startswith("  Spiel  1 ")
    assert "Zelle Grundwert nicht sicher gelesen" in doubt[0] and "Zelle Spiel 1" not in doubt[0]
    assert "erwartet" not in doubt[0] and "Kandidaten: 12, 11" in doubt[0]
    error = [line for line in lines if "Fehler" in line and "[-: geschrieben 24, erwartet 48]" in line]
    assert len(error) == 1, lines


def test_a_doubts_certainty_is_its_best_values_share_as_the_settle_form_shows_it():
    """The referee's review of session 53: a cell read as empty and as a dash said "Sicherheit 65 %" (its text's
    confidence) beside the settle form's button "∅ 70 %" (the value's share, both spellings of an empty cell). The
    sentence now gives the share of the reader's best value, as the button does."""
    sl = make_list([row(1, 3, seat=1, total=24, base=12, mit=1, plus=24)], signatures=None)
    empty = CellReading(None, 0.65, ((None, 0.70), (7, 0.2)), doubtful=True, reason="bar")
    lines = render_text(audit(replace(sl, readings={"g1.p2.total": empty})), "de").splitlines()
    doubt = [line for line in lines if "Zweifel" in line and "Platz 2 Stand" in line]
    assert len(doubt) == 1 and "(Sicherheit 70 %)" in doubt[0] and "65 %" not in doubt[0], lines
    bare = CellReading(None, 0.65, (), doubtful=True, reason="bar")       # no candidates: the text's confidence
    lines = render_text(audit(replace(sl, readings={"g1.p2.total": bare})), "de").splitlines()
    assert any("Platz 2 Stand" in line and "(Sicherheit 65 %)" in line for line in lines), lines


def _line(lines, *words):
    found = [line for line in lines if all(w in line for w in words)]
    assert len(found) == 1, (words, lines)
    return found[0]


def test_a_finding_without_a_game_stands_under_the_part_of_the_list_it_is_about():
    """A start number read in doubt stands under the table head ("Kopf"), not the footer; a footer line in doubt under
    "Fuß", its sentence naming the line without "Fuß ·" again; a missing signature under "Fuß"; a list that ended
    early (-v) under "Liste"; a penalty entry under "Strafen". The JSON's sentence keeps the whole label."""
    sl = make_list([row(1, 3, seat=1, total=36, won=1, base=12, mit=2, plus=36)], signatures=None, games=36)
    sl = replace(sl, signatures=(True, True, False),
                 readings={"table.start_number.2": CellReading("2", 0.6, (("2", 0.6), ("7", 0.3)), doubtful=True,
                                                                reason="bar"),
                           "footer.score.3": CellReading(None, 0.5, ((None, 0.5), (80, 0.4)), doubtful=True,
                                                         reason="bar")})
    a = audit(sl)
    de = render_text(a, "de", verbose=True).splitlines()
    assert _line(de, "Zweifel", "Start-Nr.").startswith("  Kopf ")
    assert "Zelle Platz 2 Start-Nr. nicht sicher gelesen" in _line(de, "Zweifel", "Start-Nr.")
    score = _line(de, "Zweifel", "Gesamtpunkte")
    assert score.startswith("  Fuß ") and "Zelle Platz 3 Gesamtpunkte" in score and "Fuß · " not in score
    assert _line(de, "nicht unterschrieben").startswith("  Fuß ")
    ended = [f for f in a.findings if f.key == "count.ended-early"]
    assert ended and _line(de, ended[0].message("de")).startswith("  Liste ")
    en = render_text(a, "en", verbose=True).splitlines()
    assert _line(en, "doubt", "start no.").startswith("  head ")
    assert _line(en, "doubt", "total score").startswith("  footer ")
    json_score = next(f.to_json("de") for f in a.findings if f.code == "unreadable" and f.cells == ("footer.score.3",))
    assert "Fuß · Platz 3 Gesamtpunkte" in json_score["message"]
    # a home evening's penalty entry off its schedule (Doppelkopf: a minor error costs 3, the others get 1 each)
    home = make_list([row(1, 3, seat=1, total=24, base=12, mit=1, plus=24),
                      row(2, 3, seat=2, total=18, base=10, mit=1, plus=20)], kind="home", games=2)
    home = audit(replace(home, penalties=(Penalty(after=1, seat=2, offence="minor", points=(1, -2, 1)),)),
                 Settings(penalties="doppelkopf"))
    penalty = [f for f in home.findings if f.code == "penalty"]
    assert len(penalty) == 1
    lines = render_text(home, "de").splitlines()
    assert _line(lines, penalty[0].message("de")).startswith("  Strafen ")
    # and its correction to the schedule's points stands under the penalty entries too, the footer's under "Fuß"
    assert _line(lines, "-2 -> -3").startswith("  Strafen  P2 Strafe 1")
    assert _line(lines, "P1 Spielpunkte").startswith("  Fuß ")


def test_the_german_sentences_quote_as_german_is_written():
    """Every German sentence quotes a column or a value „so“, never "so" (the report mixed both: „+“ in the doubts,
    "-" in the overbid and value findings); both languages have every sentence, with the same placeholders."""
    import re
    from audit.messages import T
    straight = [key for key, (de, _en) in T.items() if '"' in de]
    assert straight == []
    for key, (de, en) in T.items():
        assert de and en, key
        assert set(re.findall(r"{(\w+)", de)) == set(re.findall(r"{(\w+)", en)), key


def test_a_footer_figure_that_follows_from_a_lower_one_is_shown_once_and_not_called_written():
    """Game points written 10 too low stand; the score written from the right points falls by 10 with them. The
    score's change says what counts ("114 -> 104"); it is not repeated as "104 bleibt, die niedrigere geschriebene Zahl"
    (104 is written nowhere), and the JSON's kept figure says it follows from the lower figures above it."""
    from audit.auditjson import audit_to_json
    from audit.model import Footer
    rows = [row(1, 3, seat=1, total=24, base=12, mit=1, plus=24), row(2, 3, seat=2, total=-36, base=9, mit=1,
                                                                         minus=36)]
    footer = Footer(points=(14, -36, 0), won=(1, 0, 0), lost=(0, 1, 0), bonus=(50, -50, 0),
                    others_lost=(40, 0, 40), score=(114, -86, 40), money=(None, 0.5, None), money_total=0.5)
    a = audit(make_list(rows, footer=footer, signatures=True))
    lines = render_text(a, "de").splitlines()
    assert "114 -> 104" in _line(lines, "P1 Gesamtpunkte")
    assert "bleibt" in _line(lines, "P1 Spielpunkte") and "geschriebene" in _line(lines, "P1 Spielpunkte")
    kept = {k["cell"]: k["reason"] for k in audit_to_json(a, lang="en")["kept"]}
    assert kept["footer.score.1"] == "follows from the lower figures above it"
    assert kept["footer.points.1"] == "the lower written figure stands"


def test_money_sentences_write_amounts_and_counts_as_the_language_does_and_a_seat_is_no_written_total():
    """"Verlustgeld 1,00 EUR, für 1 verlorenes Spiel sind es 0,50 EUR" (before: "1.00 EUR, für 1 verlorene Spiele");
    the dealer written as declarer has no "[Stand: geschrieben 1, erwartet —]" beside it (1 is his seat)."""
    from audit.model import Footer
    rows = [row(1, 3, seat=1, total=-36, base=9, mit=1, minus=36)]
    footer = Footer(points=(-36, 0, 0), won=(0, 0, 0), lost=(1, 0, 0), bonus=(-50, 0, 0), others_lost=(0, 40, 40),
                    score=(-86, 40, 40), money=(1.0, None, None), money_total=1.0)
    a = audit(make_list(rows, footer=footer))
    de, en = render_text(a, "de").splitlines(), render_text(a, "en").splitlines()
    assert "Verlustgeld 1,00 EUR, für 1 verlorenes Spiel sind es 0,50 EUR." in _line(de, "Fehler", "Verlustgeld")
    assert "loss money 1.00 EUR; for 1 lost game it is 0.50 EUR." in _line(en, "error", "loss money 1.00")
    dealer = make_list([row(1, 4, seat=1, total=24, base=12, mit=1, plus=24)], seats=4, signatures=True)
    line = _line(render_text(audit(dealer), "de").splitlines(), "gibt in diesem Spiel")
    assert "geschrieben" not in line


def test_a_higher_written_count_of_lost_games_is_not_called_the_lower_figure():
    """The footer's "Verl." 2 where the rows give 1: the higher count stands (it gives fewer points), and the report
    says so (before: "die niedrigere geschriebene Zahl bleibt" beside a 2 for a 1)."""
    from audit.model import Footer
    rows = [row(1, 3, seat=1, total=-36, base=9, mit=1, minus=36)]
    footer = Footer(points=(-36, 0, 0), won=(0, 0, 0), lost=(2, 0, 0), bonus=(-100, 0, 0), others_lost=(0, 40, 40),
                    score=(-136, 40, 40), money=(0.5, None, None), money_total=0.5)
    lines = render_text(audit(make_list(rows, footer=footer)), "de").splitlines()
    assert "die höhere geschriebene Zahl verlorener Spiele bleibt (sie gibt weniger Punkte)" in _line(lines, "P1 Verl.")


def test_a_value_that_counts_for_a_cell_read_in_doubt_stands_apart_from_the_corrections_on_paper():
    """Under "Berichtigungen (SkWO 7.2.5)" only errors on paper; the value a "+" read in doubt counts with until the
    referee decides stands under its own heading after them (before: both under "Berichtigungen"). JSON says
    ``provisional``."""
    from audit.auditjson import audit_to_json
    rows = [row(1, 3, seat=1, total=24, base=12, mit=1, plus=24), row(2, 3, seat=1, total=58, base=12, mit=1,
                                                                         plus=34)]
    unsure = CellReading(34, 0.5, ((34, 0.5), (24, 0.4)), doubtful=True, reason="bar")
    a = audit(replace(make_list(rows, signatures=None), readings={"g2.plus": unsure}))
    for lang, heading, later in (("de", "Berichtigungen (SkWO 7.2.5):", "Vorläufig, bis der Schiedsrichter"),
                                 ("en", "Corrections (SkWO 7.2.5):", "Provisional until the referee decides")):
        lines = render_text(a, lang).splitlines()
        first = lines.index(heading)
        second = [k for k, line in enumerate(lines) if line.startswith(later)]
        assert len(second) == 1 and second[0] > first
        assert "34 -> 24" in " ".join(lines[second[0]:])        # the "+" under the provisional heading
        assert "34 -> 24" not in " ".join(lines[first:second[0]])
        assert "58 -> 48" in " ".join(lines[first:second[0]])    # the total wrong on paper under the corrections
    doc = audit_to_json(a)
    assert {(c["field"], c["provisional"]) for c in doc["corrections"] if c["game"]} == {("plus", True),
                                                                                         ("total", False)}


def test_a_footer_line_is_named_without_a_verb_that_must_agree_with_it():
    """"Gesamtpunkte ... ist 745" and "Spielpunkte ... fehlt" were bad German (the line names are plural, some
    singular: "(Gew.-Verl.) x 50"); the sentences now need no verb to agree with the line's name."""
    from audit.model import Footer
    rows = [row(1, 3, seat=1, total=24, won=1, base=12, mit=1, plus=24)]
    footer = Footer(points=(None, 0, 0), won=(1, 0, 0), lost=(0, 0, 0), bonus=(50, 0, 0), others_lost=(0, 0, 0),
                    score=(70, 0, 0), money=(None, None, None), money_total=None)
    text = render_text(audit(make_list(rows, footer=footer, signatures=True, games=1)), "de")
    assert "Platz 1: Spielpunkte im Serienabschluss nicht eingetragen (erwartet 24)." in text
    assert "Platz 1: Gesamtpunkte im Serienabschluss 70, aus den Spielen folgt 74." in text
    assert " ist 70" not in text and " fehlt" not in text


def test_a_lower_figure_kept_only_as_a_doubt_was_read_stands_with_the_provisional_values():
    """A "+" read "24" in doubt where the columns give 36, the total 48 read surely: the total "stands as the lower
    written figure" only if the "+" on paper is 36; if it is 24, the 48 is plain arithmetic. It stood under
    "Berichtigungen (SkWO 7.2.5)"; it is provisional, as the change of the "+" is (JSON too)."""
    from audit.auditjson import audit_to_json
    rows = [row(1, 3, seat=1, total=24, base=12, mit=1, plus=24), row(2, 3, seat=1, total=48, base=12, mit=2,
                                                                         plus=24)]
    unsure = CellReading(24, 0.12, ((24, 0.12), (None, 0.05)), doubtful=True, reason="bar")
    a = audit(replace(make_list(rows, signatures=None), readings={"g2.plus": unsure}))
    assert "g2.p1.total" in a.corrected.kept and a.corrected.provisional_kept == {"g2.p1.total"}
    lines = render_text(a, "de").splitlines()
    later = next(k for k, line in enumerate(lines) if line.startswith("Vorläufig"))
    kept = next(k for k, line in enumerate(lines) if "P1 Stand" in line and "bleibt" in line)
    assert kept > later                 # under "Vorläufig", after the corrections (the blank footer filled)
    doc = audit_to_json(a)
    assert [(k["cell"], k["provisional"]) for k in doc["kept"]] == [("g2.p1.total", True)]
    # read surely, the same figures: a correction on paper
    b = audit(make_list(rows, signatures=None))
    assert b.corrected.provisional_kept == frozenset() and "Vorläufig" not in render_text(b, "de")
    assert set(b.corrected.kept) == {"g2.plus"}         # the lower "+" stands, the total follows from it
