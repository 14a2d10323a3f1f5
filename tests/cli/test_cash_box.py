"""The series rankings and the cash box (the small tournament of ``tests/audit/small_tournament``, its
figures worked out by hand there): a higher written Verl. kept for the score against the loss money charged for the
rows' lost games, the penalty column of each series, two lists of one table, a cash box resting on lists in doubt."""
import csv
import io
import json
from dataclasses import replace

import pytest
from click.testing import CliRunner

from audit.auditor import audit
from audit.listjson import dumps, list_to_json
from audit.model import CellReading, Penalty
from audit.report import render_text
from skatscan.cli import cli
from tests.audit import small_tournament as tour


def run(*args):
    result = CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def write(folder, lists):
    folder.mkdir(parents=True, exist_ok=True)
    for sl in lists:
        (folder / sl.source).write_text(dumps(list_to_json(sl)), encoding="utf-8")
    return folder


def _lost_written_three(sl):
    """Series 1, table 1 with seat 1's Verl. written 3 where its rows give 1 (the rest of the footer blank)."""
    return replace(sl, footer=replace(sl.footer, lost=(3, None, None)))


def test_a_higher_written_lost_count_stands_for_the_score_and_the_money_is_marked(tmp_path):
    """Player 1's Verl. 3 (rows: 1) stands for his score, 20 - 2 x 50 = -80 (SkWO 7.2.5), but the loss money is
    charged for the one game the rows show lost (0,50, Spielplan SkWO 6.2), as the others' credit is: the Betrag
    carries ‡ and a note says why, on the list's report and in the standings."""
    s1t1, *rest = tour.lists()
    a = audit(_lost_written_three(s1t1))
    first = a.result[0]
    assert (first.lost, first.score, first.money, first.charged_lost, first.money_apart) == (3, -80, 0.5, 1, True)
    assert not any(r.money_apart for r in a.result[1:])
    text = render_text(a, "de")
    assert "-80    0,50‡" in text and "‡ Betrag für weniger verlorene Spiele als Verl." in text
    folder = write(tmp_path / "lists", [_lost_written_three(s1t1), *rest])
    code, out, err = run("standings", folder, "--series", 1)
    assert code == 0, err
    lines = out.splitlines()
    assert [line for line in lines if line.endswith("‡")] == [
        "    6         1      1         -20     1     3      40      -80     0,50‡"]
    assert any(line.startswith("‡ Betrag für weniger verlorene Spiele als Verl.") for line in lines)
    assert not any(line.endswith(" ") for line in lines)
    code, page, err = run("standings", folder, "--html", "--lang", "en")
    assert code == 0, err
    assert page.count('<td>3.00<span class="mark">‡</span></td>') == 1 \
        and page.count('<td>0.50<span class="mark">‡</span></td>') == 1     # overall, series 1
    assert "‡ Money for fewer lost games than Lost" in page
    # the list's page (audit --report, as scan's report) marks it too
    code, _, err = run("audit", folder / "s1-t1.json", "--report", tmp_path / "report")
    listpage = (tmp_path / "report" / "lists" / "s1-t1.html").read_text("utf-8")
    assert '<td>0,50<span class="mark">‡</span></td>' in listpage
    assert "‡ Betrag für weniger verlorene Spiele als Verl." in listpage
    # a list without such a footer has neither mark nor note
    code, out, _ = run("standings", write(tmp_path / "plain", tour.lists()))
    assert "‡" not in out


def _with_penalties():
    """The tournament with penalty points that add up to nought for each player over both series: 1 +1 and -1, 2 -1
    and +1, 6 +1 and -1 (written after the last game; the default schedule lets written penalties stand)."""
    s1t1, s1t2, s2t1, s2t2 = tour.lists()

    def pen(sl, seat, points):
        return replace(sl, penalties=(Penalty(after=4, seat=seat, offence="minor", points=points),))
    return [pen(s1t1, 2, (1, -1, None)), pen(s1t2, 3, (None, None, 1)), pen(s2t1, 1, (-1, None, None)),
            pen(s2t2, 3, (1, None, -1))]


def test_the_terminal_standings_have_the_penalty_column_the_page_and_csv_have(tmp_path):
    folder = write(tmp_path / "lists", _with_penalties())
    code, out, err = run("standings", folder, "--series", 1)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[1] == "Platz Start-Nr.  Tisch Spielpunkte  Strafp.  Gew. Verl.  Gegner  Wertung   Betrag"
    assert lines[2:4] == ["    1         3      1          48              1     0      80      178     0,00",
                          "    2         5      2          24              1     0      80      154     0,00"]
    assert "    4         1      1         -19       +1     1     1      40       21     0,50" in lines
    # over the tournament every player's penalties add up to nought: no column, as on the page
    code, out, err = run("standings", folder, "--lang", "en")
    assert "Penalty" not in out.splitlines()[0]


def test_each_series_section_shows_its_penalties_though_they_add_up_to_nought_and_the_csv_appends_them(tmp_path):
    """Every player's penalties add up to nought over the tournament: the overall table has no penalty column, each
    series' section has it (as `--series S` has), and the CSV appends s1_penalty and s2_penalty after its columns."""
    folder = write(tmp_path / "lists", _with_penalties())
    code, page, err = run("standings", folder, "--html")
    assert code == 0, err
    overall = page.split('<table id="standings">')[1].split("</table>")[0]
    assert "Strafp." not in overall
    for s in (1, 2):
        section = page.split(f'<section class="series" id="series-{s}">')[1].split("</section>")[0]
        assert "<th>Strafp.</th>" in section
    assert "<td>+1</td>" in page.split('id="series-1"')[1] and "<td>-1</td>" in page.split('id="series-2"')[1]
    code, out, err = run("standings", folder, "--csv")
    head = out.splitlines()[0].split(";")
    assert head[-13:-3] == ["s1_place", "s1_tie", "s1_table_money", "s2_place", "s2_tie", "s2_table_money",
                          "s1_penalty", "s1_open_doubts", "s2_penalty", "s2_open_doubts"]
    rows = {r["start_number"]: r for r in csv.DictReader(io.StringIO(out), delimiter=";")}
    assert {n: (r["penalty"], r["s1_penalty"], r["s2_penalty"]) for n, r in rows.items()} == {
        "1": ("0", "1", "-1"), "2": ("0", "-1", "1"), "3": ("0", "0", "0"), "4": ("0", "0", "0"),
        "5": ("0", "0", "0"), "6": ("0", "1", "-1")}


def test_two_lists_of_one_table_are_said_and_the_cash_box_names_each_by_its_file(tmp_path):
    """Series 2, table 2's list says table 1 (misread or miswritten): standings say it in one line naming both files,
    the cash box names each table by its file (not "Tisch 1: 2,50; Tisch 1: 0,50"), the CSV gives each player his
    own list's money (it was blank)."""
    s1t1, s1t2, s2t1, s2t2 = tour.lists()
    folder = write(tmp_path / "lists", [s1t1, s1t2, s2t1, replace(s2t2, table=replace(s2t2.table, table=1))])
    code, out, err = run("standings", folder)
    assert code == 0, err
    assert err == (f"skatscan: series 2, table 1 is on 2 lists: {folder / 's2-t1.json'}, {folder / 's2-t2.json'}: "
                   "one of them has its series or table misread or miswritten (the cash box counts each, by its file, "
                   "until it is settled)\n")
    assert "  Serie 2: 3,00 (Tisch 1 (s2-t1.json): 2,50; Tisch 1 (s2-t2.json): 0,50)" in out.splitlines()
    assert "  Serie 1: 2,00 (Tisch 1: 1,00; Tisch 2: 1,00)" in out.splitlines()
    code, out, _ = run("standings", folder, "--csv")
    rows = {r["start_number"]: r for r in csv.DictReader(io.StringIO(out), delimiter=";")}
    assert {n: r["s2_table_money"] for n, r in rows.items()} == {"1": "2,50", "4": "2,50", "5": "2,50",
                                                                 "2": "0,50", "3": "0,50", "6": "0,50"}
    code, out, _ = run("standings", folder, "--series", 2, "--csv", "--lang", "en")
    assert sorted(r["table_money"] for r in csv.DictReader(io.StringIO(out))) == ["0.50"] * 3 + ["2.50"] * 3
    code, page, _ = run("standings", folder, "--html")
    assert '<td class="l">1 (s2-t1.json)</td><td>2,50</td>' in page
    assert '<td class="l">1 (s2-t2.json)</td><td>0,50</td>' in page


def test_the_cash_box_is_provisional_where_a_list_holds_open_reading_doubts(tmp_path):
    """A game's "+" read in doubt on series 2, table 2: its amount, series 2's and the total are marked provisional
    with a note (text and page), the CSV's s2_open_doubts says it per player; series 1 stays final."""
    s1t1, s1t2, s2t1, s2t2 = tour.lists()
    doubted = replace(s2t2, readings={"g3.plus": CellReading(value=96, confidence=0.4, candidates=((96, 0.4),),
                                                             doubtful=True, reason="bar")})
    folder = write(tmp_path / "lists", [s1t1, s1t2, s2t1, doubted])
    code, out, err = run("standings", folder)
    assert code == 0, err
    cash = out.split("\n\n")[1].splitlines()
    assert cash[1:] == [
        "  Serie 1: 2,00 (Tisch 1: 1,00; Tisch 2: 1,00)",
        "  Serie 2: 3,00 vorläufig (Tisch 1: 2,50; Tisch 2: 0,50 vorläufig)",
        "  Insgesamt: 5,00 vorläufig",
        "  vorläufig: die Liste des Tisches hat noch offene Lesezweifel; der Betrag gilt erst, wenn der "
        "Schiedsrichter sie geklärt hat (ein verlorenes Spiel oder eine Start-Nr. kann anders gelesen sein)."]
    code, out, _ = run("standings", folder, "--series", 1, "--lang", "en")
    assert "provisional" not in out
    code, page, _ = run("standings", folder, "--html", "--lang", "en")
    box = page.split('<section class="money" id="loss-money">')[1]
    assert '<td class="doubt">0.50 provisional</td>' in box
    assert '<td class="doubt"><b>5.00</b> provisional</td>' in box
    assert "<td>2.50</td>" in box and "provisional: the table&#39;s list still has open reading doubts" in box
    code, out, _ = run("standings", folder, "--csv")
    rows = {r["start_number"]: r for r in csv.DictReader(io.StringIO(out), delimiter=";")}
    assert {n: (r["s1_open_doubts"], r["s2_open_doubts"]) for n, r in rows.items()} == {
        "1": ("0", "0"), "4": ("0", "0"), "5": ("0", "0"), "2": ("0", "1"), "3": ("0", "1"), "6": ("0", "1")}


def test_the_reports_standings_count_the_lists_standings_counts(tmp_path):
    """A home list (Seeger-Fabian, reference 004) counts in `standings`; the report's standings counted only
    tournament lists and left its players out. A private list (cent settlement) has no tournament score: left out."""
    from audit.settings import Settings
    from skatscan.report_standings import standings_page
    s1t1, s1t2, s2t1, s2t2 = tour.lists()
    home = replace(s2t2, table=replace(s2t2.table, kind="home"))
    private = replace(s2t2, table=replace(s2t2.table, kind="private", series=3), source="privat.json")
    page, problem = standings_page([audit(sl) for sl in (s1t1, s1t2, s2t1, home, private)], "en", tmp_path,
                                   settings=Settings())
    assert problem is None
    code, wanted, err = run("standings", write(tmp_path / "lists", [s1t1, s1t2, s2t1, home]), "--csv", "--lang", "en")
    assert code == 0, err
    assert (tmp_path / "standings.csv").read_text("utf-8").lstrip("\ufeff") == wanted
    assert "<b>186</b>" in page and "Series 3" not in page


def test_standings_of_a_scans_results_take_the_loss_money_schedule_scan_read_them_with(tmp_path):
    """A results folder remembers the settings its photos were read with (manifest.json, each photo's made_with):
    `standings` on it charges by that schedule, said in one line, unless --loss-money is given again."""
    folder = write(tmp_path / "results", tour.lists())
    made_with = {"engine": "x", "games": None, "loss_money": "0.30*3,0.60", "online": False, "penalties": None}
    (folder / "manifest.json").write_text(json.dumps({f"s{k}": {"made_with": made_with} for k in range(4)}), "utf-8")
    code, out, err = run("standings", folder, "--series", 2)
    assert code == 0, err
    assert err == f"skatscan: as scan read these lists ({folder / 'manifest.json'}): --loss-money 0.30*3,0.60\n"
    assert out.splitlines()[-1] == "  Serie 2: 1,80 (Tisch 1: 1,50; Tisch 2: 0,30)"
    code, out, err = run("standings", folder, "--series", 2, "--loss-money", "0.50*3,1.00")
    assert code == 0 and err == ""
    assert out.splitlines()[-1] == "  Serie 2: 3,00 (Tisch 1: 2,50; Tisch 2: 0,50)"


@pytest.mark.parametrize("given", ["abc", "0", "1000", "-2"])
def test_series_that_is_no_series_number_says_what_a_series_is(given, tmp_path):
    code, out, err = run("standings", write(tmp_path / "lists", tour.lists()), "--series", given)
    assert code == 2 and out == ""
    assert err == f"skatscan: --series: a series is its number on the lists, 1 to 999 (the Serie box): not '{given}'\n"
