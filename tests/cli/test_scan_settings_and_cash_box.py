"""The cash box and the standings, continued: a scan's settings taken by `audit` too and only for the
lists of its results folder, the loss money's mark only where the money differs, the CSV's charged lost games,
private lists left out, two lists of one table named apart and counted as said, the columns kept in line."""
import csv
import io
import json
from dataclasses import replace

from tests.audit import small_tournament as tour
from tests.cli.test_cash_box import _lost_written_three, run, write


def _results(folder, lists, **made):
    """A scan's results folder of ``lists`` read with the settings ``made`` (its manifest's made_with)."""
    write(folder, lists)
    made_with = {"engine": "x", "games": None, "loss_money": "0.50*3,1.00", "online": False, "penalties": None,
                 **made}
    (folder / "manifest.json").write_text(json.dumps({f"s{k}": {"made_with": made_with}
                                                      for k in range(len(lists))}), "utf-8")
    return folder


def test_audit_of_a_scans_results_takes_the_loss_money_schedule_scan_read_them_with(tmp_path):
    """D1: `audit bericht/results` charged by the default schedule and found the lists' money (written by the
    scan's schedule) wrong; it takes the scan's settings as standings does, said in the same one line."""
    lists = tour.lists()
    folder = _results(tmp_path / "results", lists, loss_money="0.30*3,0.60")
    s2t1 = lists[2]
    from audit.auditor import audit
    from audit.settings import Settings
    money = audit(s2t1, Settings(loss_money="0.30*3,0.60")).corrected.money
    doc = json.loads((folder / s2t1.source).read_text("utf-8"))
    doc["footer"]["money"] = [m or None for m in money]
    doc["footer"]["money_total"] = round(sum(money), 2) or None
    (folder / s2t1.source).write_text(json.dumps(doc), "utf-8")
    code, out, err = run("audit", folder)
    assert err == f"skatscan: as scan read these lists ({folder / 'manifest.json'}): --loss-money 0.30*3,0.60\n"
    code, out, err = run("audit", folder / s2t1.source, "--json")       # a list of the folder alone: the same
    assert err.startswith("skatscan: as scan read these lists") and not _money_findings(out)
    copy = tmp_path / "elsewhere" / s2t1.source                             # a copy elsewhere: the schedule as given
    copy.parent.mkdir()
    copy.write_text((folder / s2t1.source).read_text("utf-8"), "utf-8")
    code, out, err = run("audit", copy, "--json")
    assert err == "" and _money_findings(out)
    code, out, err = run("audit", folder, "--json")
    assert not _money_findings(out)


def _money_findings(out):
    docs = json.loads(out)
    return [f["code"] for d in (docs if isinstance(docs, list) else [docs]) for f in d["findings"]
            if "money" in f["code"]]


def test_no_mark_where_the_money_for_the_kept_lost_count_is_the_same(tmp_path):
    """D2: with --loss-money 0 (or a schedule that charges the two counts alike) the higher Verl. kept changes no
    money: no "0,00‡" and no note, in the list's report and in the standings."""
    s1t1, *rest = tour.lists()
    folder = write(tmp_path / "lists", [_lost_written_three(s1t1), *rest])
    for schedule in ("0", "0*5,1.00"):
        code, out, err = run("standings", folder, "--loss-money", schedule)
        assert code == 0, err
        assert "‡" not in out
        code, out, err = run("audit", folder / s1t1.source, "--loss-money", schedule)
        assert "‡" not in out
    code, out, err = run("audit", folder / s1t1.source, "--loss-money", "0.10*2,1.00")     # 0,10 against 1,20
    assert "0,10‡" in out


def test_the_csv_gives_the_lost_games_charged_after_its_columns(tmp_path):
    """D3: the CSV showed s1_lost 3 beside s1_money 0,50 and nothing to tell why; `charged_lost` and
    `s1_charged_lost` (the series CSV: `charged_lost`) follow all the columns there were, which stay as they were;
    the report's standings.csv is the same CSV."""
    from skatscan.cmd_standings import CSV_HEAD, SERIES_CSV_HEAD
    s1t1, *rest = tour.lists()
    folder = write(tmp_path / "lists", [_lost_written_three(s1t1), *rest])
    code, out, err = run("standings", folder, "--csv")
    assert code == 0, err
    head = out.splitlines()[0].split(";")
    assert head[:len(CSV_HEAD)] == list(CSV_HEAD) and head[-3:] == ["charged_lost", "s1_charged_lost",
                                                                    "s2_charged_lost"]
    assert head[-4] == "s2_open_doubts"
    row = {r["start_number"]: r for r in csv.DictReader(io.StringIO(out), delimiter=";")}["1"]
    assert (row["s1_lost"], row["s1_money"], row["s1_charged_lost"]) == ("3", "0,50", "1")
    assert (row["lost"], row["charged_lost"]) == (str(int(row["s2_lost"]) + 3), str(int(row["s2_lost"]) + 1))
    code, out, err = run("standings", folder, "--csv", "--series", 1)
    assert out.splitlines()[0].split(";") == [*SERIES_CSV_HEAD[:-1], "charged_lost"]
    row = {r["start_number"]: r for r in csv.DictReader(io.StringIO(out), delimiter=";")}["1"]
    assert (row["lost"], row["money"], row["charged_lost"]) == ("3", "0,50", "1")


def test_the_mark_keeps_the_columns_in_line_and_the_notes_say_what_follows_the_rows(tmp_path):
    """D8: with a ‡ and the doubts column each text row was one character longer than its head; on the page
    "0,50‡" pushed the amount out of line (the mark has a box of its own width in every money cell of that table);
    the page's penalty head was a wide "Strafpunkte (in den Spielpunkten)" (now "Strafp.", explained in a note);
    the ‡ note says the others' 40/30 follow the rows as the money does."""
    from audit.model import CellReading, Penalty
    s1t1, s1t2, s2t1, s2t2 = tour.lists()
    doubted = replace(s2t2, readings={"g3.plus": CellReading(value=96, confidence=0.4, candidates=((96, 0.4),),
                                                             doubtful=True, reason="bar")})
    fined = replace(s1t2, penalties=(Penalty(after=4, seat=3, offence="minor", points=(None, None, -1)),))
    folder = write(tmp_path / "lists", [_lost_written_three(s1t1), fined, s2t1, doubted])
    for extra in ((), ("--series", 1), ("--lang", "en")):
        code, out, err = run("standings", folder, *extra)
        assert code == 0, err
        table = out.split("\n\n")[0].splitlines()
        table = [line for line in table if line[:5].strip().rstrip("*").isdigit() or line.startswith(("Platz",
                                                                                                     "Place"))]
        head, rows = table[0], table[1:]
        # the doubts column ends where its head does; without it the mark stands after the head's last letter
        wider = 0 if head.endswith(("Zweifel", "Doubts")) else 1
        assert all(len(row) <= len(head) + wider for row in rows), (head, rows)
        assert any(len(row) == len(head) + wider for row in rows)
        assert not any(line.endswith(" ") for line in out.splitlines())
    code, out, err = run("standings", folder)
    assert "40/30 der Mitspieler" in out and "Strafp.: Strafpunkte, in den Spielpunkten enthalten." in out
    code, page, err = run("standings", folder, "--html")
    assert "<th>Strafp.</th>" in page and "Strafpunkte (in den Spielpunkten)" not in page
    assert "Strafp.: Strafpunkte, in den Spielpunkten enthalten." in page
    assert '<td>0,50<span class="mark">‡</span></td>' in page
    assert '<td>1,00<span class="mark"></span></td>' in page
    assert "span.mark" in page and "40/30 der Mitspieler" in page


def test_standings_leave_a_private_list_out_with_a_line_as_the_report_does(tmp_path):
    """D4: `standings` refused the whole run with a private list among the lists (exit 2) where scan's report left
    it out; both leave it out now, said in one line naming the file; private lists alone are bad input."""
    s1t1, s1t2, s2t1, s2t2 = tour.lists()
    private = replace(s2t2, table=replace(s2t2.table, kind="private", series=3), source="privat.json")
    folder = write(tmp_path / "lists", [s1t1, s1t2, s2t1, private])
    code, out, err = run("standings", folder)
    assert code == 0, err
    assert err == f"skatscan: {folder / 'privat.json'}: a private list has no tournament score: left out of the " \
                  "standings\n"
    code, wanted, _ = run("standings", write(tmp_path / "plain", [s1t1, s1t2, s2t1]))
    assert out == wanted
    code, out, err = run("standings", folder / "privat.json")
    assert code == 2 and "no list with a tournament score" in err


def test_two_lists_of_one_table_named_apart_by_their_folders_and_said_counted_as_they_are(tmp_path):
    """D6: two lists claiming one table, both named s2.json in different folders, showed "Tisch 1 (s2.json): 2,50;
    Tisch 1 (s2.json): 0,50": the shortest path that tells them apart names them. D7: the line said "(a table counts
    once)" where the cash box counts both: it says what is done, and the text and the page carry a note."""
    s1t1, s1t2, s2t1, s2t2 = tour.lists()
    write(tmp_path / "a", [replace(s2t1, source="s2.json")])
    write(tmp_path / "b", [replace(s2t2, table=replace(s2t2.table, table=1), source="s2.json")])
    write(tmp_path / "s1", [s1t1, s1t2])
    given = [tmp_path / "s1", tmp_path / "a", tmp_path / "b"]
    code, out, err = run("standings", *given)
    assert code == 0, err
    assert "(a table counts once)" not in err and "the cash box counts each, by its file, until it is settled" in err
    assert "  Serie 2: 3,00 (Tisch 1 (a/s2.json): 2,50; Tisch 1 (b/s2.json): 0,50)" in out.splitlines()
    assert "  Insgesamt: 5,00" in out.splitlines()
    assert any(line.startswith("  Ein Tisch auf mehreren Listen (Serie 2, Tisch 1): jede ist mit ihrem Betrag gezählt")
               for line in out.splitlines())
    code, page, _ = run("standings", *given, "--html", "--lang", "en")
    assert '<td class="l">1 (a/s2.json)</td>' in page and '<td class="l">1 (b/s2.json)</td>' in page
    assert "A table on several lists (Series 2, Table 1): each is counted" in page
    code, out, _ = run("standings", *given, "--series", 1)
    assert "mehreren Listen" not in out


def test_a_scans_settings_only_for_its_own_lists_no_online_wins_and_mixed_settings_are_said(tmp_path):
    """D5: `standings r2 t1/s1t1.json` applied r2's settings to a list the scan never read: none are taken then,
    said in one line; `--online` could not be switched off, so "an option given wins" failed for it (`--no-online`);
    photos read with different settings gave nothing to take without a word: one line says so."""
    s1t1, s1t2, s2t1, s2t2 = tour.lists()
    results = _results(tmp_path / "results", [s1t1, s1t2, s2t1], loss_money="0.30*3,0.60", online=True)
    write(tmp_path / "other", [s2t2])
    code, out, err = run("standings", results, tmp_path / "other" / s2t2.source, "--series", 2)
    assert code == 0, err
    assert err == f"skatscan: {tmp_path / 'other' / s2t2.source} is no list of a scan's results folder: the scan's " \
                  f"settings ({results / 'manifest.json'}) not taken (give them as options)\n"
    assert out.splitlines()[-1] == "  Serie 2: 3,00 (Tisch 1: 2,50; Tisch 2: 0,50)"      # the default schedule
    code, out, err = run("standings", results, "--no-online", "--series", 2)
    assert err == f"skatscan: as scan read these lists ({results / 'manifest.json'}): --loss-money 0.30*3,0.60\n"
    code, out, err = run("standings", results, "--series", 2)
    assert err == f"skatscan: as scan read these lists ({results / 'manifest.json'}): --loss-money 0.30*3,0.60 " \
                  "--online\n"
    manifest = json.loads((results / "manifest.json").read_text("utf-8"))
    manifest["s0"]["made_with"] = dict(manifest["s0"]["made_with"], loss_money="0.40*3,0.80")
    (results / "manifest.json").write_text(json.dumps(manifest), "utf-8")
    code, out, err = run("standings", results, "--series", 2)
    assert err == f"skatscan: the photos ({results / 'manifest.json'}) were read with different --loss-money: none " \
                  "of the scan's settings taken (give them as options)\n"
    assert out.splitlines()[-1] == "  Serie 2: 2,50 (Tisch 1: 2,50)"
