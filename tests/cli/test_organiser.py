"""The organiser after the tournament: the standings opened in a spreadsheet, printed with the players' names, in
German or English, and what a list that is not in the seating list does to them."""
import csv
import io
import re

import pytest
from click.testing import CliRunner

from skatscan.cli import cli

NAMES = {"1": "Jürgen Müller", "2": "Björn Weiß", "3": "Zoë Lefèvre", "4": "Łukasz Żółć",
         "5": "Hans-Peter Schmidt-Rottluff von Hohenzollern-Sigmaringen", "6": "Jürgen Müller", "7": "Gisela Groß"}


def run(*args):
    result = CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def seating(samples, tmp_path):
    """The seating list of the bundled tournament (samples/tournament: two series, a table of four and one of
    three), with names a German club has: umlauts, ß, accents, a long one, and two players of the same name."""
    from desk.draw import Table as DrawnTable
    from desk.seating import write_seating
    path = tmp_path / "seating.csv"
    write_seating(path, [DrawnTable(1, 1, ("1", "2", "3", "4")), DrawnTable(1, 2, ("5", "6", "7")),
                         DrawnTable(2, 1, ("2", "5", "7", "1")), DrawnTable(2, 2, ("3", "4", "6"))], NAMES)
    return path


@pytest.mark.parametrize("lang, money, sep", [("de", r"\d+,\d\d", ";"), ("en", r"\d+\.\d\d", ",")])
def test_the_standings_csv_opens_in_a_spreadsheet_with_its_umlauts_and_money(samples, seating, tmp_path, lang,
                                                                             money, sep):
    """standings.csv had no byte-order mark, so a spreadsheet took it for Windows-1252 ("BjÃ¶rn WeiÃŸ"), and wrote
    money "1.50", which a German spreadsheet (";" is its separator) reads as a date, and an English one (whose
    separator is ",") put every line into one column. The file now begins with the UTF-8 mark and writes money and
    separator as the language does."""
    out = tmp_path / "standings.csv"
    code, _, err = run("standings", samples / "tournament", "--seating", seating, "--csv", "-o", out, "--lang", lang)
    assert code == 0, err
    raw = out.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")
    rows = list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig")), delimiter=sep))
    assert {r["name"] for r in rows} == set(NAMES.values())
    assert all(re.fullmatch(money, r["money"]) and re.fullmatch(money, r["s1_money"]) for r in rows), rows
    # on stdout (into a program, more often than a sheet) no mark; the same rows
    code, shown, _ = run("standings", samples / "tournament", "--seating", seating, "--csv", "--lang", lang)
    assert code == 0 and "\ufeff" + shown == raw.decode("utf-8")


def test_a_tie_is_marked_in_the_csv_in_the_language_of_the_standings():
    from audit.standings import PlayerLine
    from skatscan.cmd_standings import to_csv
    lines = [PlayerLine("1", place=1, tie=True), PlayerLine("2", place=1, tie=True)]
    assert [r["tie"] for r in csv.DictReader(io.StringIO(to_csv(lines, lang="en")))] == ["lot"] * 2
    assert [r["tie"] for r in csv.DictReader(io.StringIO(to_csv(lines)), delimiter=";")] == ["Los"] * 2


def test_the_standings_as_text_name_the_players_of_the_seating_list(samples, seating):
    """`standings --seating` put the names into the CSV and the page but not into the terminal's table, the one an
    organiser reads first. They are its last column now, so that no name (long, or in any script) moves a figure."""
    code, out, err = run("standings", samples / "tournament", "--seating", seating, "--lang", "en")
    assert code == 0, err
    head, *rows = out.splitlines()[:8]
    assert head.endswith("  Name")
    by_number = {row.split()[1]: row for row in rows}
    assert all(by_number[number].endswith("  " + name) for number, name in NAMES.items())
    # the figures stand where they stood without names
    _, plain, _ = run("standings", samples / "tournament", "--lang", "en")
    assert [row[:len(p)] for row, p in zip(out.splitlines(), plain.splitlines())] == plain.splitlines()
    code, out, _ = run("standings", samples / "tournament", "--seating", seating)
    assert out.splitlines()[0].endswith("  Name") and "Łukasz Żółć" in out


def test_a_list_not_in_the_seating_list_is_named_in_the_standings_themselves(samples, seating, tmp_path):
    """A stray list of series 3 in a two-series event, with `--seating`, counted with its own start numbers: its
    players rose in the standings with a third series, and only a line on the terminal said that the list is not in
    the seating list. The text, the page and the CSV now say it."""
    import json
    folder = tmp_path / "lists"
    folder.mkdir()
    for f in (samples / "tournament").glob("*.json"):
        (folder / f.name).write_text(f.read_text())
    stray = json.loads((samples / "tournament" / "series1-table2.json").read_text())
    stray["table"].update(series=3, table=2, start_numbers=["7", "5", "6"])
    (folder / "series3-table2.json").write_text(json.dumps(stray))
    code, out, err = run("standings", folder, "--seating", seating, "--lang", "en")
    assert code == 0 and "series 3, table 2 is not in the seating list" in err
    assert ("Not in the seating list, counted with the start numbers on the list: series 3, table 2 "
            "(series3-table2.json).") in out
    # nor are the other players taken for ones who missed series 3, which only the stray list has
    assert "Not in every series" not in out and "Not in every series" not in err
    code, out, _ = run("standings", folder, "--seating", seating)
    assert "Nicht in der Tischordnung, mit den Start-Nr. der Liste gezählt: Serie 3, Tisch 2 (series3-table2.json)" \
        in out
    code, out, _ = run("standings", folder, "--seating", seating, "--html", "--lang", "en")
    assert "Not in the seating list, counted with the start numbers on the list: series 3, table 2" in out
    code, out, _ = run("standings", folder, "--seating", seating, "--csv")
    rows = {r["start_number"]: r["outside_seating"] for r in csv.DictReader(io.StringIO(out), delimiter=";")}
    assert rows == {"1": "", "2": "", "3": "", "4": "", "5": "3", "6": "3", "7": "3"}
    # without a seating list nothing is outside it
    code, out, _ = run("standings", folder, "--lang", "en")
    assert "seating" not in out


def test_the_report_standings_name_a_list_not_in_the_seating_list(samples, tmp_path):
    """scan --report: the report's standings page and standings.csv say it too (the list's own page had a note)."""
    from dataclasses import replace

    from audit.auditor import audit
    from audit.load import load_list
    from skatscan.report_standings import standings_page
    lists = [load_list(str(f)) for f in sorted((samples / "tournament").glob("*.json"))]
    stray = replace(lists[1], table=replace(lists[1].table, series=3), source="fotos/s3-t2.jpg")
    drawn = {(1, 1): ("1", "2", "3", "4"), (1, 2): ("5", "6", "7"), (2, 1): ("2", "5", "7", "1"),
             (2, 2): ("3", "4", "6")}
    from desk.seating import outside_seating
    outside = outside_seating(lists + [stray], drawn)
    page, problem = standings_page([audit(sl) for sl in lists + [stray]], "de", tmp_path, NAMES, outside)
    sheet = (tmp_path / "standings.csv").read_text("utf-8-sig")
    assert problem is None and "Nicht in der Tischordnung, mit den Start-Nr. der Liste gezählt: Serie 3, Tisch 2 " \
        "(s3-t2.jpg)" in page
    assert {r["start_number"]: r["outside_seating"] for r in csv.DictReader(io.StringIO(sheet), delimiter=";")}["5"] \
        == "3"


def test_the_players_not_in_every_series_are_named_by_their_names_too(samples, seating, tmp_path):
    """A player who played two of three series (a drop-out) was named by his start number alone below the ranking,
    though the seating list gives his name: the organiser looked him up. The note names him."""
    folder = tmp_path / "lists"
    folder.mkdir()
    for f in (samples / "tournament").glob("*.json"):
        if f.name != "series2-table2.json":                   # 3, 4 and 6 played series 1 only
            (folder / f.name).write_text(f.read_text())
    code, out, _ = run("standings", folder, "--seating", seating)
    assert code == 0 and ("Nicht in jeder Serie: 3 (Zoë Lefèvre, Serie 1), 4 (Łukasz Żółć, Serie 1), "
                          "6 (Jürgen Müller, Serie 1).") in out
    code, out, _ = run("standings", folder, "--seating", seating, "--html", "--lang", "en")
    assert "Not in every series: 3 (Zoë Lefèvre, series 1), 4 (Łukasz Żółć, series 1), 6 (Jürgen Müller, " \
        "series 1)." in out


def test_the_english_texts_call_the_column_base_value_as_the_english_report_does():
    """Under --lang en a cell is "game 6 · base value", but three English sentences (a doubt's message, the list
    page's note on a misread hand, scan's line on the terminal) said "Grundwerte", German to a guest organiser."""
    import inspect

    import skatscan.cmd_scan
    from audit.messages import FIELD_NAMES, T
    from desk.pages import HAND_NOTE
    assert FIELD_NAMES["en"]["base"] == "base value"
    english = [v[1] for v in T.values() if isinstance(v, tuple) and len(v) == 2] + [HAND_NOTE["en"]]
    assert [t for t in english if "Grundwert" in t] == []
    assert "Grundwert" not in inspect.getsource(skatscan.cmd_scan)


def test_the_report_standings_page_links_the_csv_beside_it(samples, tmp_path):
    """The report's standings.csv lay beside its page unmentioned: an organiser working from the browser did not
    find it. The page links it (not the page of `standings --html`, which has no CSV beside it)."""
    from audit.auditor import audit
    from audit.load import load_list
    from desk.html import render_standings
    from skatscan.report_standings import standings_page
    lists = [audit(load_list(str(f))) for f in sorted((samples / "tournament").glob("*.json"))]
    page, _ = standings_page(lists, "en", tmp_path)
    assert '<a href="standings.csv">standings.csv: the standings for a spreadsheet</a>' in page
    assert (tmp_path / "standings.csv").is_file()
    from audit.standings import standings
    assert 'href="standings.csv"' not in render_standings(standings(lists), "de")


def test_standings_into_a_file_named_csv_or_html_are_written_as_that(samples, tmp_path):
    """`standings -o rangliste.csv` (no --csv) wrote the terminal's table into the .csv file, one column of spaces in
    a spreadsheet, and `-o rangliste.html` the same text into a page. The file's name now says the form; a name
    that contradicts --csv or --html is bad input, nothing written."""
    sheet, page = tmp_path / "rangliste.csv", tmp_path / "rangliste.html"
    assert run("standings", samples / "tournament", "-o", sheet)[0] == 0
    assert run("standings", samples / "tournament", "-o", page)[0] == 0
    assert sheet.read_text("utf-8-sig").startswith("place;tie;start_number;")
    assert page.read_text().startswith("<!doctype html>") and "<h1>Rangliste</h1>" in page.read_text()
    code, out, err = run("standings", samples / "tournament", "--csv", "-o", tmp_path / "x.html")
    assert (code, out, err) == (2, "", f"skatscan: {tmp_path / 'x.html'}: --csv writes CSV: name the file .csv\n")
    code, _, err = run("standings", samples / "tournament", "--html", "-o", tmp_path / "x.csv")
    assert code == 2 and err == f"skatscan: {tmp_path / 'x.csv'}: --html writes a page: name the file .html\n"
    assert not (tmp_path / "x.html").exists() and not (tmp_path / "x.csv").exists()
    code, out, _ = run("standings", samples / "tournament", "-o", tmp_path / "rangliste.txt")
    assert code == 0 and (tmp_path / "rangliste.txt").read_text().startswith("Platz Start-Nr.")


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_folder_of_lists_with_skatscans_own_standings_and_seating_in_it(samples, seating, tmp_path, lang):
    """``standings L -o L/standings.csv`` (a CSV by its name), then ``standings L`` again: skatscan's own standings
    file, and the seating list kept beside the lists, were read as score lists and ended the command ("line 1:
    unknown line 'place' before the header row", exit 2). They are passed over, as the scan's manifest is."""
    import shutil
    lists = tmp_path / "listen"
    shutil.copytree(samples / "tournament", lists)
    shutil.copy(seating, lists / "seating.csv")
    first = run("standings", lists, "--lang", lang, "-o", lists / "standings.csv")
    assert first[0] == 0, first
    again = run("standings", lists, "--lang", lang)
    assert again[0] == 0 and again[2] == "", again
    assert again[1] == run("standings", *sorted((samples / "tournament").glob("*.json")), "--lang", lang)[1]
    # a CSV of that name that is a list is read as before
    assert run("audit", lists, "--json")[0] in (0, 1)
