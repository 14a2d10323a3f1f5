"""The fourth review of the cash box and the standings: a scan's settings taken by `audit` too and only for the
lists of its results folder, the loss money's mark only where the money differs, the CSV's charged lost games,
private lists left out, two lists of one table named apart and counted as said, the columns kept in line."""
import csv
import io
import json
from dataclasses import replace

from click.testing import CliRunner

from audit.listjson import dumps, list_to_json
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
    code, out, err = run("audit", folder / s2t1.source, "--json")       # a file alone: the schedule as given
    assert err == "" and "money" in out
    code, out, err = run("audit", folder, "--json")
    assert not any("money" in f["code"] for d in json.loads(out) for f in d["findings"]), out


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
