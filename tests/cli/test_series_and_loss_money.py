"""What the organiser needs at the prize-giving and at the cash box, end to end on list files: each series' ranking
(`standings --series S`, the page's sections, the CSV's appended columns) and the loss money to collect per table,
per series and in all. The lists and every figure are ``tests/audit/small_tournament``'s, worked out by hand."""
import csv
import io

import pytest
from click.testing import CliRunner

from skatscan.cli import cli
from tests.audit import small_tournament as tour


def run(*args):
    result = CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def lists(tmp_path):
    folder = tmp_path / "lists"
    tour.write_lists(folder)
    return folder


def test_one_series_ranking_as_text_in_german_and_english(lists):
    code, out, err = run("standings", lists, "--series", 1)
    assert code == 0, err
    assert out.splitlines() == [
        "Rangliste Serie 1",
        "Platz Start-Nr.  Tisch Spielpunkte  Gew. Verl.  Gegner  Wertung   Betrag",
        "    1         3      1          48     1     0      80      178     0,00",
        "    2         5      2          24     1     0      80      154     0,00",
        "    3         4      2         -16     1     1      40       24     0,50",
        "    4         1      1         -20     1     1      40       20     0,50",
        "   5*         2      1         -40     0     1      40      -50     0,50",
        "   5*         6      2         -40     0     1      40      -50     0,50",
        "* gleichauf: das Los entscheidet (SkWO 5.1)",
        "",
        "Verlustgeld (Spielplan, SkWO 6.2), an den Tischen zu kassieren:",
        "  Serie 1: 2,00 (Tisch 1: 1,00; Tisch 2: 1,00)"]
    code, out, err = run("standings", lists, "--series", 2, "--lang", "en")
    assert code == 0, err
    assert out.splitlines() == [
        "Standings of series 2",
        "Place Start no.  Table    Game pts   Won  Lost  Others    Score    Money",
        "    1         2      2          46     2     0      40      186     0.00",     # 2 won more games than 3
        "    2         3      2          96     1     0      40      186     0.00",
        "   3*         4      1           0     0     0     160      160     0.00",
        "   3*         5      1           0     0     0     160      160     0.00",
        "    5         6      2         -46     0     1       0      -96     0.50",
        "    6         1      1        -160     0     4       0     -360     2.50",
        "* tied: decided by lot (SkWO 5.1)",
        "",
        "Loss money (schedule, SkWO 6.2), to be collected at the tables:",
        "  Series 2: 3.00 (Table 1: 2.50; Table 2: 0.50)"]


def test_the_standings_end_with_the_loss_money_of_each_table_each_series_and_in_all(lists):
    code, out, err = run("standings", lists)
    assert code == 0, err
    ranking, cash = out.split("\n\n")
    assert [line.split()[:2] + line.split()[-2:] for line in ranking.splitlines()[1:]] == [
        [str(place), number, str(score), money.replace(".", ",")] for place, number, score, _, _, money in tour.OVERALL]
    assert cash.splitlines() == ["Verlustgeld (Spielplan, SkWO 6.2), an den Tischen zu kassieren:",
                                 "  Serie 1: 2,00 (Tisch 1: 1,00; Tisch 2: 1,00)",
                                 "  Serie 2: 3,00 (Tisch 1: 2,50; Tisch 2: 0,50)",
                                 "  Insgesamt: 5,00"]
    code, out, _ = run("standings", lists, "--lang", "en")
    assert out.split("\n\n")[1].splitlines() == ["Loss money (schedule, SkWO 6.2), to be collected at the tables:",
                                                 "  Series 1: 2.00 (Table 1: 1.00; Table 2: 1.00)",
                                                 "  Series 2: 3.00 (Table 1: 2.50; Table 2: 0.50)",
                                                 "  Total: 5.00"]


def test_the_csv_appends_each_series_place_and_table_money_and_keeps_its_columns(lists):
    code, out, err = run("standings", lists, "--csv")
    assert code == 0, err
    head = out.splitlines()[0].split(";")
    before = ["place", "tie", "start_number", "series", "points", "won", "lost", "others_lost", "score", "money",
              "penalty", "name", "open_doubts", "start_number_in_doubt", "start_number_read_as", "outside_seating",
              *[f"s{s}_{f}" for s in (1, 2) for f in ("table", "points", "won", "lost", "others_lost", "score",
                                                      "money")]]
    assert head == before + ["s1_place", "s1_tie", "s1_table_money", "s2_place", "s2_tie", "s2_table_money",
                             "s1_penalty", "s1_open_doubts", "s2_penalty", "s2_open_doubts",
                             "charged_lost", "s1_charged_lost", "s2_charged_lost"]
    rows = {r["start_number"]: r for r in csv.DictReader(io.StringIO(out), delimiter=";")}
    for s, ranking in tour.SERIES.items():
        got = sorted((int(rows[n][f"s{s}_place"]), rows[n][f"s{s}_tie"], n, rows[n][f"s{s}_table_money"])
                     for n in rows)
        assert got == [(place, "Los" if tie else "", number, f"{tour.TABLES[(s, table)]:.2f}".replace(".", ","))
                       for place, tie, number, table, *_ in ranking]
    assert [rows[n]["money"] for _, n, *_ in tour.OVERALL] == [m.replace(".", ",") for *_, m in tour.OVERALL]


def test_one_series_as_csv_in_english(lists, tmp_path):
    out = tmp_path / "serie2.csv"
    code, _, err = run("standings", lists, "--series", 2, "--lang", "en", "-o", out)
    assert code == 0, err
    raw = out.read_text("utf-8")
    assert raw.startswith("\ufeffplace,tie,start_number,table,seat,points,won,lost,others_lost,score,money,penalty,")
    rows = list(csv.DictReader(io.StringIO(raw[1:])))
    assert [(int(r["place"]), r["tie"] == "lot", r["start_number"], int(r["table"]), int(r["score"]), int(r["won"]),
             int(r["lost"]), r["money"]) for r in rows] == tour.SERIES[2]
    assert [r["table_money"] for r in rows] == ["0.50", "0.50", "2.50", "2.50", "0.50", "2.50"]
    assert [r["seat"] for r in rows] == ["1", "2", "2", "3", "3", "1"]


def test_the_page_has_a_section_per_series_and_the_cash_box(lists):
    code, page, err = run("standings", lists, "--html")
    assert code == 0, err
    assert '<a href="#series-1">Serie 1</a> · <a href="#series-2">Serie 2</a> · <a href="#loss-money">Verlustgeld' \
        '</a>' in page
    for s in (1, 2):
        section = page.split(f'<section class="series" id="series-{s}">')[1].split("</section>")[0]
        assert f"<h2>Rangliste Serie {s}</h2>" in section
        rows = section.split("<tbody>")[1].split("<tr>")[1:]
        assert [r.split("<td")[1:3] for r in rows] == [
            [f">{place}{'*' if tie else ''}</td>", f' class="l">{number}</td>'] for place, tie, number, *_ in
            tour.SERIES[s]]
    cash = page.split('<section class="money" id="loss-money">')[1]
    assert ">1,00</td>" in cash and "<b>2,00</b>" in cash and "<b>3,00</b>" in cash and "<b>5,00</b>" in cash
    # one series' page: its ranking and its tables' money, in English
    code, page, err = run("standings", lists, "--html", "--series", 2, "--lang", "en")
    assert code == 0, err
    assert "<h1>Standings of series 2</h1>" in page and 'id="series-1"' not in page
    assert "<td><b>186</b></td>" in page and "<b>3.00</b>" in page and "Total" not in page


def test_a_series_no_list_has_is_bad_input(lists):
    code, out, err = run("standings", lists, "--series", 3)
    assert code == 2 and out == ""
    assert err == "skatscan: --series: no list of series 3 among the lists (their series: 1, 2)\n"


def test_loss_money_follows_the_audit_and_a_schedule_without_it_says_nothing(samples):
    """The online list: the audit charges bernd64 and carla.s 0,50 each by the schedule, the standings collect 1,00
    at its table; an evening without loss money (`--loss-money 0`) has no cash box line, on no page."""
    online = samples / "lists" / "online-list.json"
    code, out, _ = run("standings", online, "--online")
    assert code == 0 and out.split("\n\n")[1].splitlines()[1:] == ["  Serie 1: 1,00 (Tisch 3: 1,00)",
                                                                    "  Insgesamt: 1,00"]
    code, out, _ = run("standings", online, "--online", "--loss-money", "0")
    assert code == 0 and "Verlustgeld" not in out and "\n\n" not in out
    code, page, _ = run("standings", online, "--online", "--loss-money", "0", "--html")
    assert code == 0 and "loss-money" not in page and "Verlustgeld" not in page
    code, page, _ = run("standings", online, "--online", "--html")
    assert 'id="loss-money"' in page


def test_the_reports_standings_carry_the_series_and_the_loss_money(tmp_path):
    """scan --report writes the same into standings.html and standings.csv, by the scan's loss money schedule."""
    from audit.auditor import audit
    from audit.settings import Settings
    from skatscan.report_standings import standings_page
    page, problem = standings_page([audit(sl) for sl in tour.lists()], "en", tmp_path, settings=Settings())
    assert problem is None and '<section class="series" id="series-2">' in page and "<b>5.00</b>" in page
    rows = list(csv.DictReader(io.StringIO((tmp_path / "standings.csv").read_text("utf-8-sig"))))
    assert {r["start_number"]: r["s2_place"] for r in rows} == {"2": "1", "3": "2", "4": "3", "5": "3", "6": "5",
                                                                "1": "6"}
    none = Settings(loss_money="0")
    page, _ = standings_page([audit(sl, none) for sl in tour.lists()], "en", tmp_path, settings=none)
    assert 'id="loss-money"' not in page and '<section class="series" id="series-1">' in page
