"""End-to-end runs of ``skatscan audit`` and ``skatscan standings`` as a referee runs them."""
import csv
import io
import json
import os
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner

from skatscan.cli import cli


def run(*args):
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def test_clean_list_exit_0_german_report(samples):
    code, out, err = run("audit", str(samples / "lists" / "six-games.json"))
    assert code == 0, err
    assert "in Ordnung" in out and "227" in out and "überreizt" in out


def test_faulty_list_exit_1_shows_rows_and_corrections(samples):
    code, out, _ = run("audit", str(samples / "lists" / "faulty-table7.csv"), "--lang", "en")
    assert code == 1
    assert "lost game written single (23 instead of 46)" in out
    assert "Corrections (SkWO 7.2.5)" in out and "23 -> 46" in out


def test_json_document(samples):
    code, out, _ = run("audit", str(samples / "lists" / "real-footer-40.json"), "--json")
    assert code == 1
    doc = json.loads(out)
    assert doc["format"] == "skatscan.audit/1"
    assert [r["score"] for r in doc["result"]] == [1071, 239, 755, 1175]
    assert {f["code"] for f in doc["findings"] if f["severity"] == "error"} == {"missing-signature"}


def test_settings_options_change_the_audit(samples):
    path = str(samples / "lists" / "real-footer-40.json")
    _, out, _ = run("audit", path, "--json", "--loss-money", "1.00")
    doc = json.loads(out)
    assert [r["money"] for r in doc["result"]] == [1.0, 5.0, 0.0, 0.0]
    assert any(f["code"] == "money" for f in doc["findings"])
    _, out, _ = run("audit", path, "--json", "--games", "40")
    assert not [f for f in json.loads(out)["findings"] if f["code"] == "game-count"]


def test_outputs_written_whole(tmp_path, samples):
    out_dir = tmp_path / "out"
    code, _, _ = run("audit", str(samples / "lists"), "-o", str(out_dir), "--corrected", str(tmp_path / "fixed"))
    assert code == 1
    names = sorted(p.name for p in out_dir.iterdir())
    assert names == ["faulty-table7.audit.json", "home-evening.audit.json", "online-list.audit.json",
                     "private-evening.audit.json", "real-footer-40.audit.json", "six-games.audit.json"]
    fixed = json.loads((tmp_path / "fixed" / "faulty-table7.corrected.json").read_text())
    code, _, _ = run("audit", str(tmp_path / "fixed" / "faulty-table7.corrected.json"))
    assert code == 1            # the missing signature stays: only the players can sign
    assert fixed["settled"]


@pytest.mark.parametrize("content, problem", [
    ("", "empty"), ("{", "not valid JSON"), ('{"format": "skatscan.list/1", "table": {"seats": 5}}', "3 or 4 seats"),
])
def test_bad_input_one_line_exit_2(tmp_path, content, problem):
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    out = tmp_path / "o.json"
    code, stdout, err = run("audit", str(bad), "-o", str(out))
    assert code == 2
    assert err.count("\n") == 1 and str(bad) in err and problem in err
    assert "Traceback" not in err and not out.exists()


def test_batch_goes_on_past_a_bad_file(tmp_path, samples):
    bad = tmp_path / "bad.csv"
    bad.write_text("nonsense\n")
    code, out, err = run("audit", str(bad), str(samples / "lists" / "six-games.json"))
    assert code == 2 and "bad.csv" in err and "in Ordnung" in out


def test_input_never_written(tmp_path, samples):
    src = tmp_path / "six.json"
    src.write_bytes((samples / "lists" / "six-games.json").read_bytes())
    before = src.read_bytes()
    run("audit", str(src), "--corrected", str(tmp_path / "c.json"), "-o", str(tmp_path / "a.json"))
    assert src.read_bytes() == before


def test_standings_text_and_csv(samples, tmp_path):
    code, out, _ = run("standings", str(samples / "tournament"))
    assert code == 0 and "Wertung" in out
    code, out, _ = run("standings", str(samples / "tournament"), "--csv")
    rows = [line.split(";") for line in out.strip().splitlines()]
    assert rows[0][:3] == ["place", "tie", "start_number"]
    assert "s1_score" in rows[0] and "s2_money" in rows[0]
    # the per-series scores add up to the total
    head = rows[0]
    for r in rows[1:]:
        assert int(r[head.index("s1_score")]) + int(r[head.index("s2_score")]) == int(r[head.index("score")])
    assert len(rows) == 8 and [r[0] for r in rows[1:]] == [str(i) for i in range(1, 8)]
    scores = [int(r[8]) for r in rows[1:]]
    assert scores == sorted(scores, reverse=True)


def test_standings_refuses_a_player_twice_in_a_series(samples, tmp_path):
    # two lists of one table (a copy under another name; the same file named twice is one list)
    copy = tmp_path / "again.json"
    copy.write_bytes((samples / "tournament" / "series1-table1.json").read_bytes())
    code, _, err = run("standings", str(samples / "tournament" / "series1-table1.json"), str(copy))
    assert code == 2 and "plays series 1 twice" in err


def test_installed_program_runs(samples):
    """The console script, as a user runs it (no click test runner)."""
    env = dict(os.environ)
    proc = subprocess.run([sys.executable, "-m", "skatscan", "audit", str(samples / "lists" / "six-games.json")],
                          capture_output=True, text=True, env=env)
    assert proc.returncode == 0 and "227" in proc.stdout
    proc = subprocess.run([sys.executable, "-m", "skatscan", "audit", "/nonexistent.json"],
                          capture_output=True, text=True, env=env)
    assert proc.returncode == 2 and proc.stderr.strip() == "skatscan: /nonexistent.json: no such file"


def test_a_broken_link_among_the_lists_is_said_as_scan_says_it(samples, tmp_path):
    """A list file in the folder that is a link to a file no longer there: said as ``scan`` says a broken link among
    the photos ("no such file" named a file the referee sees in the folder), exit 2, and the other lists are still
    audited; the same for one given by name, and for ``standings``."""
    lists = tmp_path / "listen"
    lists.mkdir()
    (lists / "t1.json").write_text((samples / "lists" / "six-games.json").read_text())
    (lists / "t2.json").symlink_to(tmp_path / "stick" / "t2.json")
    line = f"skatscan: {lists / 't2.json'}: a broken link: it points to {tmp_path / 'stick' / 't2.json'}, which is " \
           "not there\n"
    for args in (["audit", str(lists)], ["audit", str(lists / "t1.json"), str(lists / "t2.json")]):
        r = CliRunner().invoke(cli, [*args, "--json"])
        assert r.exit_code == 2 and r.stderr == line, r.stderr
        assert [d["format"] for d in json.loads(r.stdout)] == ["skatscan.audit/1"]         # t1 audited
    r = CliRunner().invoke(cli, ["standings", str(lists)])
    assert r.exit_code == 2 and r.stderr == line, r.stderr


def test_standings_html_page(samples, tmp_path):
    out = tmp_path / "rangliste.html"
    code, _, _ = run("standings", str(samples / "tournament"), "--html", "-o", str(out))
    html = out.read_text()
    # the overall table: a head and 7 players (each series' ranking and the loss money follow in tables of their own)
    assert code == 0 and "Rangliste" in html and html.split('id="standings"')[1].split("</table>")[0].count("<tr>") == 8


def test_standings_as_csv_and_as_html_at_once_is_bad_input(samples, tmp_path):
    """The README gives ``[--csv|--html]``: one or the other. Both took the CSV without a word (an -o named .html
    got CSV); now one line, exit status 2, nothing written."""
    out = tmp_path / "rangliste.html"
    code, stdout, err = run("standings", str(samples / "tournament"), "--csv", "--html", "-o", str(out))
    assert code == 2 and stdout == "" and not out.exists()
    assert err.splitlines() == ["skatscan: --csv/--html: give one of them, not both"]


def test_standings_show_the_lines_that_rest_on_reading_doubts(samples, tmp_path):
    """A photographed list whose cells the reader still doubts makes its players' lines provisional: the text,
    the CSV and the page give the open doubts, and a start number read in doubt is marked on its own line."""
    from dataclasses import replace

    from audit.listjson import dumps, list_from_json, list_to_json
    from audit.model import CellReading

    src = samples / "tournament" / "series1-table1.json"
    sl = list_from_json(json.loads(src.read_text(encoding="utf-8")))
    doubt = dict(confidence=0.5, doubtful=True, reason="bar")
    read = replace(sl, readings={"table.start_number.2": CellReading(value="2", candidates=(("2", 0.5),), **doubt),
                                 "g1.plus": CellReading(value=46, candidates=((46, 0.5), (48, 0.3)), **doubt)})
    (tmp_path / "series1-table1.json").write_text(dumps(list_to_json(read)), encoding="utf-8")
    (tmp_path / "series1-table2.json").write_bytes((samples / "tournament" / "series1-table2.json").read_bytes())
    code, out, _ = run("standings", str(tmp_path))
    lines = out.split("\n\n")[0].splitlines()          # the ranking and its notes; the loss money after a blank line
    assert code == 0 and lines[0].split()[-1] == "Zweifel" and "Vorläufig" in lines[-1]
    marked = [line.split() for line in lines[1:-1]]
    assert [row[1] for row in marked if row[1].endswith("?")] == ["2?"]
    assert sorted(row[1].rstrip("?") for row in marked if row[-1] == "2") == ["1", "2", "3", "4"]
    code, out, _ = run("standings", str(tmp_path), "--csv")
    rows = list(csv.DictReader(io.StringIO(out), delimiter=";"))
    assert {r["start_number"]: (r["open_doubts"], r["start_number_in_doubt"]) for r in rows} == {
        "1": ("2", ""), "2": ("2", "1"), "3": ("2", ""), "4": ("2", ""),
        "5": ("0", ""), "6": ("0", ""), "7": ("0", "")}
    code, _, _ = run("standings", str(tmp_path), "--html", "-o", str(tmp_path / "rangliste.html"))
    page = (tmp_path / "rangliste.html").read_text(encoding="utf-8")
    assert code == 0 and page.count('class="l doubt">2?<') == 1 and "Zweifel" in page
    # the typed lists hold no readings: no doubts column, no note
    code, out, _ = run("standings", str(samples / "tournament"))
    assert code == 0 and "Zweifel" not in out and "?" not in out


def test_output_names_stay_inside_the_output_folder(tmp_path, samples):
    """Whatever an input file is called, its outputs land inside the chosen folder."""
    src = tmp_path / "in"
    src.mkdir()
    hostile = src / "..%2F..%2Fetc passwd <b>.json"
    hostile.write_bytes((samples / "lists" / "six-games.json").read_bytes())
    other = src / "six.json"
    other.write_bytes(hostile.read_bytes())
    out = tmp_path / "out" / "deep"
    code, _, _ = run("audit", str(hostile), str(other), "-o", str(out), "--report", str(tmp_path / "rep"))
    assert code == 0
    written = [p for p in (tmp_path).rglob("*") if p.is_file() and "in" not in p.relative_to(tmp_path).parts[:1]]
    assert all(str(p).startswith(str(out)) or str(p).startswith(str(tmp_path / "rep")) for p in written)
    assert len(list(out.iterdir())) == 2
    page = next((tmp_path / "rep" / "lists").glob("*.html")).read_text()
    assert "<b>.json" not in page


def test_online_and_penalty_options(samples):
    online = str(samples / "lists" / "online-list.json")
    code, out, _ = run("audit", online)
    assert code == 0 and "verlassen" in out               # warnings only
    code, out, _ = run("audit", online, "--online")
    assert code == 0 and "verlassen" not in out
    home = str(samples / "lists" / "home-evening.csv")
    code, out, _ = run("audit", home, "--penalties", "doppelkopf", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["settings"]["penalties"] == "doppelkopf" and doc["status"] == "clean"
    code, out, err = run("audit", home, "--penalties", "skat-club")
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("skatscan: --penalties: unknown penalty schedule 'skat-club'")
    # the club's own schedule: a minor error costs 5 and gives the others nothing
    code, out, _ = run("audit", home, "--penalties", "minor=5/0", "--lang", "en")
    assert code == 1 and "written [1, 1, -3], the schedule gives [0, 0, -5]" in out


def test_standings_settle_a_start_number_in_doubt_by_the_other_lists(samples, tmp_path):
    """A photographed list of series 2 whose seat 2 was read "2" in doubt, while player 2 sits surely at table 1 of
    series 2: of its candidates only 4 is free in series 2 and plays in series 1, so 4 is taken (still in doubt,
    said on stderr) and the ranking is the typed lists' one; with no candidate that fits, the seat stands in under
    series, table and seat, with a note, instead of the ranking being refused."""
    from dataclasses import replace

    from audit.listjson import dumps, list_from_json, list_to_json
    from audit.model import CellReading

    folder = samples / "tournament"
    _, typed, _ = run("standings", str(folder), "--csv")
    for cands, want in (((("2", 0.6), ("4", 0.3), ("9", 0.05)), "4"), ((("2", 0.6), ("9", 0.3)), None)):
        here = tmp_path / f"taken-{want}"
        here.mkdir()
        for f in folder.glob("*.json"):
            (here / f.name).write_bytes(f.read_bytes())
        sl = list_from_json(json.loads((folder / "series2-table2.json").read_text(encoding="utf-8")))
        read = replace(sl, table=replace(sl.table, start_numbers=("3", "2", "6")),
                       readings={"table.start_number.2": CellReading(value="2", confidence=0.6, candidates=cands,
                                                                     doubtful=True, reason="bar")})
        (here / "series2-table2.json").write_text(dumps(list_to_json(read)), encoding="utf-8")
        code, out, err = run("standings", str(here), "--csv")
        rows = list(csv.DictReader(io.StringIO(out), delimiter=";"))
        assert code == 0
        by_number = {r["start_number"]: r for r in rows}
        if want == "4":
            assert "start number at seat 2 read 2 in doubt" in err and "4 taken" in err
            assert [(r["start_number"], r["score"]) for r in rows] == \
                [(r["start_number"], r["score"]) for r in csv.DictReader(io.StringIO(typed), delimiter=";")]
            assert by_number["4"]["start_number_in_doubt"] == "1" and by_number["4"]["series"] == "2"
        else:
            assert err == ""
            assert by_number["S2-T2-P2"]["start_number_read_as"] == "2" and by_number["4"]["series"] == "1"
            code, text, _ = run("standings", str(here), "--lang", "en")
            assert "S2-T2-P2: start number read in doubt as 2, which another player has in series 2" in text
            code, _, _ = run("standings", str(here), "--html", "-o", str(here / "rangliste.html"))
            page = (here / "rangliste.html").read_text(encoding="utf-8")
            assert code == 0 and 'class="l doubt">S2-T2-P2?<' in page and "als 2 gelesen" in page


def test_standings_text_columns_stay_aligned_beside_a_wide_stand_in_line():
    from audit.standings import PlayerLine
    from skatscan.cmd_standings import to_text

    lines = [PlayerLine("12", score=900, place=1), PlayerLine("S2-T10-P3", score=500, place=2, start_in_doubt=True,
                                                                read_as="26", doubts=4)]
    rows = to_text(lines, "en").splitlines()
    # every column ends where its head ends: the start numbers', and the score's after it
    assert rows[0].index("Start no.") + len("Start no.") == rows[1].index("12") + 2 == rows[2].index("?") + 1
    assert rows[0].index("Score") + len("Score") == rows[1].index("900") + 3 == rows[2].index("500") + 3



def test_standings_name_the_players_not_in_every_series(samples, tmp_path):
    """Series 2's second table not given: its three players play series 1 only, and the text, the page and the
    note say so (a drop-out, a list missing, or a start number misread: 48? in series 3 beside an 18 missing
    there); with all lists the note is not there."""
    for f in ("series1-table1.json", "series1-table2.json", "series2-table1.json"):
        (tmp_path / f).write_bytes((samples / "tournament" / f).read_bytes())
    code, out, _ = run("standings", str(tmp_path), "--lang", "en")
    assert code == 0
    assert out.split("\n\n")[0].splitlines()[-1] == ("Not in every series: 3 (series 1), 4 (series 1), 6 (series 1). "
                                                      "A player who "
                                    "dropped out, a missing list or a misread start number.")
    code, _, _ = run("standings", str(tmp_path), "--html", "-o", str(tmp_path / "rangliste.html"))
    page = (tmp_path / "rangliste.html").read_text(encoding="utf-8")
    assert "Nicht in jeder Serie: 3 (Serie 1), 4 (Serie 1), 6 (Serie 1)." in page
    code, out, _ = run("standings", str(samples / "tournament"))
    assert code == 0 and "Nicht in jeder Serie" not in out
    # lists of different events (nobody plays two of their series): no note
    other = json.loads((samples / "tournament" / "series2-table2.json").read_text(encoding="utf-8"))
    other["table"]["start_numbers"] = ["91", "92", "93"]
    (tmp_path / "series2-table1.json").write_text(json.dumps(other), encoding="utf-8")
    code, out, _ = run("standings", str(tmp_path / "series1-table1.json"), str(tmp_path / "series1-table2.json"),
                       str(tmp_path / "series2-table1.json"))
    assert code == 0 and "92 " in out and "Nicht in jeder Serie" not in out


def test_scan_says_on_the_terminal_what_the_standings_page_notes(samples, tmp_path, capsys):
    """The standings of a scan: a stand-in line and the players not in every series are said on stderr too, so
    a referee at the terminal sees them without opening the page."""
    from dataclasses import replace

    from audit.auditor import audit
    from audit.listjson import list_from_json
    from audit.model import CellReading
    from skatscan.report_standings import standings_page

    lists = {f.stem: list_from_json(json.loads(f.read_text(encoding="utf-8")))
             for f in (samples / "tournament").glob("*.json")}
    sl = lists["series2-table2"]
    lists["series2-table2"] = replace(sl, table=replace(sl.table, start_numbers=("3", "2", "6")), readings={
        "table.start_number.2": CellReading("2", 0.6, (("2", 0.6),), doubtful=True, reason="bar")})
    page, problem = standings_page([audit(x) for x in lists.values()], "de", tmp_path)
    err = capsys.readouterr().err.splitlines()
    assert err == ["skatscan: standings: S2-T2-P2: start number read in doubt as 2, which another player has in "
                   "series 2; the line stands for series, table and seat until the referee settles the cell.",
                   "skatscan: standings: Not in every series: 4 (series 1), S2-T2-P2? (series 2). A player who "
                   "dropped out, a missing list or a misread start number."]
    assert "S2-T2-P2?" in page and problem is None and (tmp_path / "standings.csv").is_file()


def test_standings_take_series_and_table_from_the_file_name_as_scan_does(samples, tmp_path):
    """A digitized list whose series the reader did not see (or doubts), in a file named s2-t2.json (as scan's
    results are named after their photos): ranked in series 2, as scan's own standings rank it."""
    from dataclasses import replace

    from audit.listjson import dumps, list_from_json, list_to_json
    from audit.model import CellReading

    for f in ("series1-table1.json", "series1-table2.json", "series2-table1.json"):
        (tmp_path / f).write_bytes((samples / "tournament" / f).read_bytes())
    sl = list_from_json(json.loads((samples / "tournament" / "series2-table2.json").read_text(encoding="utf-8")))
    unread = replace(sl, table=replace(sl.table, series=None, table=None))
    doubted = replace(sl, table=replace(sl.table, series=5), readings={
        "table.series": CellReading(5, 0.4, ((5, 0.4), (2, 0.3)), doubtful=True, reason="bar")})
    _, typed, _ = run("standings", str(samples / "tournament"), "--csv")
    for read in (unread, doubted):
        (tmp_path / "s2-t2.json").write_text(dumps(list_to_json(read)), encoding="utf-8")
        code, out, _ = run("standings", str(tmp_path), "--csv")
        assert code == 0 and out == typed



def test_a_json_output_named_csv_is_bad_input_before_anything_is_written(samples, tmp_path):
    """`audit list.json --corrected out.csv` wrote the corrected list's JSON into a file named .csv, which a
    spreadsheet opens as garbage; now one line says to name it .json, and nothing is written."""
    for option in ("--corrected", "-o"):
        target = tmp_path / "berichtigt.csv"
        code, out, err = run("audit", str(samples / "lists" / "six-games.json"), option, str(target))
        assert code == 2 and not target.exists()
        assert err.startswith(f"skatscan: {target}: {option} writes a JSON document") and "name the file .json" in err


def test_standings_with_the_seating_list_rank_by_the_drawn_start_numbers_as_scan_does(samples, tmp_path):
    """`standings --seating` took only the names from the seating list, so a scan's results ranked a doubted start
    number as "8?" where the report (scan --seating) had the drawn one. The drawn numbers now replace the list's,
    with the same line as scan's where they differ."""
    from desk.draw import Table as DrawnTable
    from desk.seating import write_seating
    seating = tmp_path / "seating.csv"
    write_seating(seating, [DrawnTable(1, 1, ("1", "2", "3", "14"))])
    lst = samples / "tournament" / "series1-table1.json"
    code, out, err = run("standings", str(lst), "--seating", str(seating), "--csv")
    assert code == 0
    assert f"skatscan: {lst}: start numbers at seat 4 differ from the seating list" in err
    ranked = {line.split(";")[2] for line in out.splitlines()[1:]}
    assert ranked == {"1", "2", "3", "14"}


def test_two_outputs_into_one_file_and_several_lists_into_a_file_name_are_bad_input(samples, tmp_path):
    """`audit x -o out.json --corrected out.json` kept only the corrected list (exit 0); `-o one.json` for two lists
    made a folder named one.json. Both are one line and exit status 2, nothing written."""
    lst, other = samples / "lists" / "six-games.json", samples / "lists" / "online-list.json"
    out = tmp_path / "out.json"
    code, _, err = run("audit", str(lst), "-o", str(out), "--corrected", str(out))
    assert code == 2 and not out.exists()
    assert err == f"skatscan: {out}: -o and --corrected name the same file: one would overwrite the other\n"
    code, _, err = run("audit", str(lst), str(other), "-o", str(out))
    assert code == 2 and not out.exists()
    assert err == f"skatscan: {out}: 2 inputs need an output folder, not a file name\n"


def test_an_event_drawn_step_by_step_gives_a_seating_file_per_step_and_both_count(samples, tmp_path):
    """`draw --previous` writes the next series into a file of its own; standings (and scan) took one --seating, a
    second replaced the first silently. Each --seating now counts; a table in two of them is bad input."""
    from desk.draw import Table as DrawnTable
    from desk.seating import write_seating
    first, second = tmp_path / "serie1.csv", tmp_path / "serie2.csv"
    write_seating(first, [DrawnTable(1, 1, ("1", "2", "3", "14"))])
    write_seating(second, [DrawnTable(2, 1, ("4", "3", "2", "1"))])
    lst = samples / "tournament" / "series1-table1.json"
    code, out, err = run("standings", str(lst), "--seating", str(second), "--seating", str(first), "--csv")
    assert code == 0 and "start numbers at seat 4 differ from the seating list" in err
    assert "14" in {line.split(";")[2] for line in out.splitlines()[1:]}
    code, _, err = run("standings", str(lst), "--seating", str(first), "--seating", str(first))
    assert code == 2 and err == f"skatscan: {first}: series 1, table 1 is in another seating list given too\n"


@pytest.mark.parametrize("args, option", [(["--games", "0"], "--games"), (["--loss-money", "abc"], "--loss-money"),
                                          (["--loss-money", "-1"], "--loss-money")])
def test_a_bad_schedule_option_is_named_alone(samples, args, option):
    """A bad --games or --loss-money named the pair ("--games/--loss-money"): the line names the one at fault."""
    code, out, err = run("audit", str(samples / "lists" / "six-games.json"), *args)
    assert code == 2 and out == ""
    assert err.startswith(f"skatscan: {option}: ") and err.count("\n") == 1, err


def test_a_score_that_is_not_its_parts_sum_is_marked_in_the_standings(samples, tmp_path):
    """faulty-table7's seat 3: the lower written footer score 745 stands (SkWO 7.2.5) where its parts give 755; the
    standings line read 275 / 6 / 0 / 180 beside 745 with nothing to say why (an organiser checking it by hand)."""
    code, out, _ = run("standings", str(samples / "lists" / "faulty-table7.csv"))
    assert code == 0
    line = next(r for r in out.splitlines() if r.split()[:2] == ["3", "7"])
    assert line.split()[-2] == "745†"
    ranking = out.split("\n\n")[0].splitlines()        # the loss money follows after a blank line
    assert ranking[-1].startswith("† Wertung nicht die Summe ihrer Teile")
    assert sum(r.count("†") for r in ranking[1:-1]) == 1
    code, _, _ = run("standings", str(samples / "lists" / "faulty-table7.csv"), "--html", "-o",
                     str(tmp_path / "r.html"))
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "<b>745</b>†" in page and "Summe ihrer Teile" in page and page.count("†") == 2


def test_the_report_of_a_digitized_list_names_its_damaged_photo(tmp_path, samples):
    """A list JSON that ``digitize`` read from a photo with damaged JPEG data (``photo.damaged``): ``scan``'s report
    says it on the list's page and in the index ("Foto teilweise beschädigt"); ``audit --report`` of the JSON said
    nothing of it."""
    doc = json.loads((samples / "lists" / "six-games.json").read_text())
    doc["photo"] = {"file": "s1-t1.jpg", "damaged": "Corrupt JPEG data: premature end of data segment"}
    damaged = tmp_path / "s1-t1.json"
    damaged.write_text(json.dumps(doc))
    whole = tmp_path / "s1-t2.json"
    whole.write_text((samples / "lists" / "six-games.json").read_text())
    code, _, err = run("audit", str(damaged), str(whole), "--report", str(tmp_path / "rep"))
    assert code == 0, err
    page = (tmp_path / "rep" / "lists" / "s1-t1.html").read_text()
    assert "Ein Teil der JPEG-Daten des Fotos ist beschädigt (Corrupt JPEG data: premature end" in page
    assert "JPEG" not in (tmp_path / "rep" / "lists" / "s1-t2.html").read_text()
    assert (tmp_path / "rep" / "index.html").read_text().count("Foto teilweise beschädigt") == 1
    run("audit", str(damaged), "--report", str(tmp_path / "en"), "--lang", "en")
    assert "Part of the photo&#39;s JPEG data is damaged" in (tmp_path / "en" / "lists" / "s1-t1.html").read_text()


def test_a_report_run_removes_the_temporary_files_a_killed_run_left(tmp_path, samples):
    """``audit --report`` killed outright (``kill -9``) while it wrote a page or the index left its temporary file
    (``.NAME.XXXXXXXX.part``) in the report for ever. The next run removes those, not a file of another name nor one
    written to a moment ago (as ``scan --report`` does)."""
    report = tmp_path / "rep"
    stale = [".index.html.k3j_9xq2.part", "lists/.six-games.html.0000zzzz.part", "img/.t1.jpg.a1b2c3d4.part"]
    others = ["notizen.part", "lists/.six-games.html.ABCDEFGH.part", "img/mine.jpg.part"]
    fresh = "lists/.batch.js.abcdefgh.part"
    for name in stale + others + [fresh]:
        (report / name).parent.mkdir(parents=True, exist_ok=True)
        (report / name).write_text("half")
    for name in stale + others:
        os.utime(report / name, (time.time() - 3600, time.time() - 3600))
    code, _, err = run("audit", str(samples / "lists" / "six-games.json"), "--report", str(report))
    assert code == 0, err
    assert [name for name in stale if (report / name).exists()] == []
    assert all((report / name).read_text() == "half" for name in others + [fresh])
