"""The rules skatscan cites and the sentences it writes, checked against the rule texts (shared/reference): the
number cited says what the finding claims, and the sentence is true for the list it is about."""
import re
from dataclasses import replace
from pathlib import Path

from audit.auditor import audit
from audit.findings import RULES
from audit.model import Abandoned, Footer
from audit.report import render_text
from audit.settings import Settings

from .builders import make_list, row

README = Path(__file__).resolve().parents[2] / "README.md"


def _findings(sl, code, settings=Settings()):
    return [f for f in audit(sl, settings).findings if f.code == code]


def test_the_dealer_who_declares_is_cited_by_the_rule_that_puts_him_in_the_opposing_party():
    """SkWO 5.1: "Die Gegenpartei (am Dreiertisch die beiden Gegenspieler, am Vierertische die beiden Gegenspieler
    und der Kartengeber)": at four seats the dealer is of the opposing party, never the declarer. SkWO 9.4 is the
    passed game ("eingepasst"), which says nothing of it."""
    rows = [row(1, 4, seat=1, total=24, base=12, mit=1, plus=24)]        # seat 1 deals game 1
    found = _findings(make_list(rows, seats=4, signatures=None), "dealer-declared")
    assert len(found) == 1
    assert "SkWO 5.1" in found[0].rule and "9.4" not in found[0].rule


def test_the_readme_findings_table_cites_what_the_findings_cite():
    """The README's table of findings is what a referee reads first: its rule column is the RULES table's."""
    table = {}
    for line in README.read_text(encoding="utf-8").splitlines():
        m = re.match(r"\| `([a-z-]+)` \| [^|]+ \| .+ \| ([^|]+) \|$", line)
        if m and m.group(1) in RULES:
            table[m.group(1)] = m.group(2).strip()
    assert set(table) == set(RULES)
    assert {code: rule for code, rule in table.items() if rule != RULES[code]} == {}


def test_an_announcement_without_hand_cites_the_skwo_text_that_forbids_it():
    """SkWO 8.10: "Bei Spielen mit Aufnahme des Skats gibt es nur die drei Gewinnstufen "Spiel einfach",
    "Schneider" und "Schwarz"": announcing needs a Hand game. The sentence and the code's rule cite it."""
    rows = [row(1, 3, seat=1, total=96, base=24, ohne=2, schneider=True, schneider_announced=True, plus=96)]
    found = _findings(make_list(rows, signatures=None), "impossible-value")
    assert [f.key for f in found] == ["impossible.announced-without-hand"]
    for lang in ("de", "en"):
        assert "SkWO 8.10" in found[0].message(lang)
    assert found[0].rule == "ISkO 2.3-2.5, SkWO 8.7-8.10" and "ISkO 2.5.5" not in found[0].message("de")


def test_the_loss_money_total_is_not_said_to_be_the_players_written_amounts_when_it_is_the_schedule():
    """Seat 3 lost two games (1,00 EUR by the schedule) but 0,50 was written for him, and 0,50 in all: the written
    amounts do make 0,50, so "die Einzelbeträge ergeben 1,00 EUR" would be false; 1,00 is what the schedule gives."""
    rows = [row(1, 3, seat=3, total=-40, lost=1, base=10, ohne=1, minus=40),
            row(2, 3, seat=3, total=-80, lost=2, base=10, ohne=1, minus=40)]
    footer = Footer(points=(0, 0, -80), won=(0, 0, 0), lost=(0, 0, 2), bonus=(0, 0, -100),
                    others_lost=(80, 80, 0), score=(80, 80, -180), money=(None, None, 0.5), money_total=0.5)
    found = [f for f in _findings(make_list(rows, footer=footer, games=2), "money") if f.field == "money_total"]
    assert len(found) == 1 and found[0].expected == 1.0
    de, en = found[0].message("de"), found[0].message("en")
    assert "Einzelbeträge ergeben" not in de and "Spielplan" in de, de
    assert "players' amounts make" not in en and "schedule" in en, en


def test_an_opponent_who_left_before_the_announcement_is_told_in_german_a_referee_writes():
    """"ein Gegenspieler (Platz 3) hat vor der Ansage verlassen" lacks its object: he left the game."""
    sl = make_list([row(1, 3, seat=1, total=-96, lost=1, base=24, ohne=1, minus=96,
                        abandoned=Abandoned(3, "announcement"))], kind="home", games=1)
    found = [f for f in _findings(sl, "abandoned-game", Settings(online=True)) if f.key == "abandoned.won"]
    assert len(found) == 1
    assert "hat das Spiel vor der Ansage verlassen" in found[0].message("de")
    assert "left the game before the announcement" in found[0].message("en")


def test_an_abandoned_games_report_line_shows_no_raw_outcome_or_seat_as_a_cells_figure():
    """The report's "[Feld: geschrieben ..., erwartet ...]" names a cell's figure. For an abandoned game the written
    "figure" is an outcome (won/lost, in English in a German report) or a seat ("[Stand: geschrieben 1, erwartet 2]"
    for the seat charged): the sentence says it, the bracket would mislead, as for the dealer."""
    won = make_list([row(1, 3, seat=1, total=-96, lost=1, base=24, ohne=1, minus=96,
                         abandoned=Abandoned(3, "announcement"))], kind="home", games=1)
    seat = make_list([row(1, 3, seat=1, total=-96, lost=1, base=24, mit=1, minus=96,
                          abandoned=Abandoned(2, "bidding"))], kind="home", games=1)
    for sl, key in ((won, "abandoned.won"), (seat, "abandoned.charged-seat")):
        a = audit(sl, Settings(online=True))
        assert key in [f.key for f in a.findings]
        for lang in ("de", "en"):
            lines = [line for line in render_text(a, lang).splitlines() if "abgeschrieben" in line
                     or "gutgeschrieben" in line or "charged" in line or "credited" in line]
            assert lines, render_text(a, lang)
            for line in lines:
                assert not re.search(r"\b(won|lost)\]", line) and "written 1, expected 2" not in line \
                    and "geschrieben 1, erwartet 2" not in line, line


def test_announcements_beyond_the_most_that_count_do_not_raise_the_schedules_figures():
    """Reference 002, 4a: the offender -12, 3 more per announcement; the others 4 (5, 6, 7, 8): at most four
    announcements raise the penalty, as the finding itself says. Five announcements give -24 / +8, not -27 / +9."""
    from audit.model import Penalty
    from audit.penalties import SCHEDULES, expected_points
    p = Penalty(after=1, seat=1, offence="severe", announcements=5, points=(-24, 8, 8, 8))
    assert expected_points(SCHEDULES["doppelkopf"], p, seats=4) == (-24, 8, 8, 8)
    sl = make_list([row(1, 4, seat=2, total=24, base=12, mit=1, plus=24)], seats=4, games=1, kind="home",
                   signatures=None)
    sl = replace(sl, penalties=(p,))
    found = _findings(sl, "penalty", Settings(penalties="doppelkopf"))
    assert [f.key for f in found] == ["penalty.announcements"], [f.message("en") for f in found]


def test_the_number_of_games_is_cited_by_the_plans_item_spielzahl_je_tisch():
    """SkWO 6.2 has two lists: A d) "Spielzahl je Tisch" and B d) "Listenführung"; "6.2 d" names neither. The
    number of games is the plan's (A d): the SkWO itself names no number (reference 001: "Die Skatwettspielordnung
    nennt dafür keine Zahl")."""
    rows = [row(n, 3, seat=1, total=24 * n, base=12, mit=1, plus=24) for n in range(1, 6)]
    found = _findings(make_list(rows, signatures=None), "game-count", Settings(games=4))
    assert found and all(f.rule.startswith("SkWO 6.2 A d") for f in found)


def test_a_value_filled_into_an_empty_plus_or_minus_is_not_called_the_lower_of_two():
    """A played row with neither "+" nor "-" (incomplete-row): the correction enters the game's value, won, or twice
    it, lost. "der niedrigere Wert zählt" / "der höhere Verlust zählt" compare with a written figure: there is none."""
    from audit.messages import render
    rows = [row(1, 3, seat=1, total=23, base=23),                         # Null won, "+" left empty
            row(2, 3, seat=2, total=-40, base=10, ohne=1)]                # Herz ohne 1 lost, "-" left empty
    a = audit(make_list(rows, signatures=None, games=2))
    filled = {(c.game, c.field): c for c in a.corrected.corrections if c.field in ("plus", "minus")}
    assert (filled[(1, "plus")].after, filled[(2, "minus")].after) == (23, 40)
    for c in filled.values():
        de, en = render(c.reason, "de", {}), render(c.reason, "en", {})
        assert "niedrigere" not in de and "höhere" not in de and "lower" not in en and "higher" not in en, (de, en)


def test_kontra_on_a_tournament_list_is_told_in_a_whole_sentence():
    """"die ISkO kennt das nicht, nur wenn der Veranstalter es zugelassen hat" leaves its main clause out: what holds
    only if the organiser allowed it is that the doubling counts."""
    rows = [row(1, 3, seat=1, total=48, base=12, mit=1, kontra=True, plus=48)]
    found = [f for f in _findings(make_list(rows, signatures=None, games=1), "home-rule")
             if f.key == "home.doubling-in-tournament"]
    assert len(found) == 1
    assert "es zählt nur, wenn der Veranstalter es zugelassen hat" in found[0].message("de")
    assert "it counts only if the organiser allowed it" in found[0].message("en")


def test_a_reading_doubt_is_cited_as_a_doubt_case_for_the_referee_not_as_an_unreadable_list():
    """A cell the photo reader did not read surely is a doubt case the management or its referees decide (SkWO 7.3.2:
    "Zweifels- und Streitfälle werden von der Spielleitung oder den von ihr benannten Schiedsrichtern ...
    entschieden"), not a list declared invalid for being unreadable (SkWO 7.2.4 b, which it cited)."""
    from audit.model import CellReading
    sl = make_list([row(1, 3, seat=1, total=24, base=12, mit=1, plus=24)], signatures=None)
    unsure = CellReading(12, 0.6, ((12, 0.6), (11, 0.3)), doubtful=True, reason="bar")
    found = _findings(replace(sl, readings={"g1.base": unsure}), "unreadable")
    assert [f.rule for f in found] == ["SkWO 7.3.2"]
