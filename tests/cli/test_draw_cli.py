"""``skatscan draw`` and ``skatscan form --seating``: seating list, page and forms; bad input is one
line on stderr, exit status 2 and nothing written."""
from __future__ import annotations

import csv
import itertools
import re
import subprocess
import sys

import pytest
from click.testing import CliRunner

from desk.seating import read_seating
from digitize.form import make_page, pdf_bytes
from digitize.layout import layout_for
from digitize.markers import decode_payload
from skatscan import cli as cli_module
from skatscan.cmd_draw import command as draw_command
from skatscan.cmd_form import command as form_command


def draw(*args):
    return CliRunner().invoke(draw_command, [str(a) for a in args], prog_name="skatscan draw")


def form(*args):
    return CliRunner().invoke(form_command, [str(a) for a in args], prog_name="skatscan form")


def pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))


def rows(path):
    with open(path, newline="", encoding="utf-8-sig") as fh:     # the file begins with the byte-order mark
        return list(csv.DictReader(fh))


@pytest.fixture
def fixed_date(monkeypatch):
    """PDFs without the time they were made, so two of them can be compared byte by byte."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")


def test_draw_writes_seating_page_and_forms(tmp_path, fixed_date):
    out, html, pdf = tmp_path / "seating.csv", tmp_path / "seating.html", tmp_path / "forms.pdf"
    res = draw("--players", 39, "--series", 3, "--seed", 482913, "-o", out, "--html", html, "--forms", pdf)
    assert res.exit_code == 0, res.output
    assert res.stderr == ""
    summary = res.stdout.splitlines()[0]
    assert summary.startswith(f"{out}: Serie 1-3 für 39 Spieler, je Serie 9 Tische zu vier und 1 zu drei, ")
    assert summary.endswith("Seed 482913")

    lines = rows(out)
    assert list(lines[0]) == ["series", "table", "seat", "start_number", "name"]
    assert len(lines) == 3 * 39
    for s in ("1", "2", "3"):
        seated = sorted(int(r["start_number"]) for r in lines if r["series"] == s)
        assert seated == list(range(1, 40))
    tables, names = read_seating(out)
    assert len(tables) == 30 and names == {}
    assert [t.seats for t in tables if t.series == 2] == [4] * 9 + [3]

    page = html.read_text(encoding="utf-8")
    assert "Tischordnung" in page and 'id="seed">482913<' in page
    assert all(f'id="s{t.series}-t{t.table}"' in page for t in tables)

    # one form per table and series, in the order of the seating list; the PDF is exactly the
    # forms made from the seating list's seats, series, tables and start numbers
    data = pdf.read_bytes()
    assert pages(data) == 30
    expected = [make_page(layout_for(t.seats), t.series, t.table, list(t.numbers)) for t in tables]
    assert data == pdf_bytes(expected)
    for t, p in zip(tables, expected):
        doc = decode_payload(p.qr_text())
        assert (doc["seats"], doc["games"], doc["series"], doc["table"]) == (t.seats, 12 * t.seats, t.series,
                                                                             t.table)
        assert doc["start_numbers"] == t.numbers
    assert res.stdout.splitlines()[2] == f"{pdf}: 30 Spiellisten"


def test_the_lines_printed_in_english_say_so_of_the_forms_too(tmp_path):
    """``--lang en`` printed every line in English but the forms' ("8 Spiellisten")."""
    res = draw("--players", 8, "--series", 1, "--seed", 3, "--lang", "en", "-o", tmp_path / "s.csv",
               "--forms", tmp_path / "f.pdf")
    assert res.exit_code == 0, res.output
    assert res.stdout.splitlines()[-1] == f"{tmp_path / 'f.pdf'}: 2 list forms"


def test_without_a_seed_one_is_picked_and_printed_and_repeats_the_draw(tmp_path):
    a, b = tmp_path / "a.csv", tmp_path / "b.csv"
    res = draw("--players", 22, "--series", 2, "-o", a)
    assert res.exit_code == 0, res.output
    seed = re.search(r"Seed (\d+)$", res.stdout.splitlines()[0]).group(1)
    assert draw("--players", 22, "--series", 2, "--seed", seed, "-o", b).exit_code == 0
    assert a.read_bytes() == b.read_bytes()


def test_registration_list_gives_the_names(tmp_path):
    reg = tmp_path / "anmeldung.csv"
    reg.write_bytes("Start-Nr.;Name\n3;Jürgen Weiß\n7;Anna Berger\n12;\n20;Bernd Krause\n31;Carla\n44;Dora\n"
                    .encode("cp1252"))
    out, html = tmp_path / "seating.csv", tmp_path / "seating.html"
    res = draw("--players", reg, "--series", 2, "--seed", 1, "-o", out, "--html", html)
    assert res.exit_code == 0, res.output
    assert "für 6 Spieler, je Serie 2 Tische zu drei" in res.stdout
    lines = rows(out)
    assert {r["start_number"]: r["name"] for r in lines} == {"3": "Jürgen Weiß", "7": "Anna Berger", "12": "",
                                                              "20": "Bernd Krause", "31": "Carla", "44": "Dora"}
    assert "Jürgen Weiß" in html.read_text(encoding="utf-8")
    assert res.stderr == ""


@pytest.mark.parametrize("lang, said", [
    ("de", "der Name Jürgen Müller steht bei den Start-Nr. 3 und 12: Spieler gleichen Namens, oder einer zweimal "
           "angemeldet"),
    ("en", "the name Jürgen Müller is at start numbers 3 and 12: namesakes, or one player registered twice")])
def test_a_name_registered_at_two_start_numbers_is_said_and_drawn(tmp_path, lang, said):
    """A name at two start numbers was drawn without a word: one player registered twice plays under two numbers,
    and two namesakes stand apart on the wall list and in the standings only by their numbers. The draw says it."""
    reg = tmp_path / "anmeldung.csv"
    reg.write_text("Start-Nr.;Name\n3;Jürgen Müller\n7;Anna Berger\n12;jürgen  müller\n20;Bernd Krause\n31;Carla\n"
                   "44;Dora\n", encoding="utf-8")
    res = draw("--players", reg, "--series", 1, "--seed", 1, "-o", tmp_path / "seating.csv", "--lang", lang)
    assert res.exit_code == 0, res.output
    assert res.stderr.startswith(f"skatscan: {reg}: {said}") and res.stderr.count("\n") == 1, res.stderr


def test_previous_series_count_and_continue(tmp_path):
    first, second = tmp_path / "s1-2.csv", tmp_path / "s3-4.csv"
    assert draw("--players", 24, "--series", 2, "--seed", 5, "-o", first).exit_code == 0
    res = draw("--players", 24, "--series", 2, "--seed", 6, "--previous", first, "-o", second)
    assert res.exit_code == 0, res.output
    assert res.stdout.startswith(f"{second}: Serie 3-4 ")
    old, _ = read_seating(first)
    new, _ = read_seating(second)
    assert {t.series for t in new} == {3, 4}
    met = {frozenset(p) for t in old for p in itertools.combinations(t.numbers, 2)}
    again = [p for t in new for p in itertools.combinations(t.numbers, 2) if frozenset(p) in met]
    repeats = int(re.search(r", (\d+) wiederholte Begegnungen", res.stdout).group(1))
    assert repeats == 0 and again == []  # 24 players, 4 series: nobody has to meet twice


def test_a_start_number_written_07_before_is_the_7_of_the_next_draw(tmp_path):
    """The earlier series' file names the players "01" to "24" (a registration list written so), the next draw numbers
    them "1" to "24": the same players, their names and meetings carried over (before: strangers, no names, the
    meetings of the first series not counted)."""
    first, second = tmp_path / "s1.csv", tmp_path / "s2.csv"
    assert draw("--players", 24, "--series", 1, "--seed", 5, "-o", first).exit_code == 0
    text = first.read_text(encoding="utf-8").splitlines()
    cells = [line.split(",") for line in text[1:]]
    padded = [text[0]] + [f"{c[0]},{c[1]},{c[2]},{c[3].zfill(2)},Spieler {c[3]}" for c in cells]
    first.write_text("\n".join(padded) + "\n", encoding="utf-8")
    res = draw("--players", 24, "--series", 1, "--seed", 6, "--previous", first, "-o", second)
    assert res.exit_code == 0, res.output
    old, _ = read_seating(first)
    new, names = read_seating(second)
    assert names["7"] == "Spieler 7"
    met = {frozenset(int(n) for n in p) for t in old for p in itertools.combinations(t.numbers, 2)}
    again = [p for t in new for p in itertools.combinations(t.numbers, 2) if frozenset(int(n) for n in p) in met]
    assert again == [] and ", 0 wiederholte Begegnungen" in res.stdout


def test_form_from_a_seating_list(tmp_path, fixed_date):
    seating = tmp_path / "seating.csv"
    seating.write_text("series,table,seat,start_number,name\n"
                       "2,1,1,17,\n2,1,2,4,Anna\n2,1,3,31,\n2,1,4,22,\n"
                       "2,2,1,8,\n2,2,2,9,\n2,2,3,10,\n"
                       "3,1,1,4,\n3,1,2,8,\n3,1,3,17,\n", encoding="utf-8")
    pdf = tmp_path / "forms.pdf"
    res = form("--seating", seating, "-o", pdf)
    assert res.exit_code == 0, res.output
    assert res.stdout == f"{pdf}: 3 Spiellisten\n"
    expected = [make_page(layout_for(4), 2, 1, ["17", "4", "31", "22"]),
                make_page(layout_for(3), 2, 2, ["8", "9", "10"]),
                make_page(layout_for(3), 3, 1, ["4", "8", "17"])]
    assert pdf.read_bytes() == pdf_bytes(expected)
    assert decode_payload(expected[1].qr_text())["start_numbers"] == ("8", "9", "10")

    # one series only, the plain DSkV edition and other game rows
    res = form("--seating", seating, "--series", 3, "--edition", "dskv", "--games", 24, "-o", pdf)
    assert res.exit_code == 0, res.output
    assert pdf.read_bytes() == pdf_bytes([make_page(layout_for(3, 24, "dskv"), 3, 1, ["4", "8", "17"])])

    # one table's form again (torn or lost): --table chooses tables as --series chooses series
    res = form("--seating", seating, "--table", 2, "-o", pdf)
    assert res.exit_code == 0 and res.stdout == f"{pdf}: 1 Spielliste\n", res.output
    assert pdf.read_bytes() == pdf_bytes([expected[1]])
    res = form("--seating", seating, "--tables", "1-2", "--series", 2, "-o", pdf)
    assert res.exit_code == 0 and pdf.read_bytes() == pdf_bytes(expected[:2]), res.output


def test_registered_in_the_skatscan_group(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "skatscan", "draw", "--players", "5", "--series", "1",
                           "-o", str(tmp_path / "s.csv")], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.startswith("skatscan: --players: 5 players cannot be seated: ") and "SkWO 7.1.1" in proc.stderr
    assert proc.stderr.count("\n") == 1 and list(tmp_path.iterdir()) == []
    res = CliRunner().invoke(cli_module.cli, ["draw", "--players", "8", "--series", "1", "--seed", "1",
                                              "-o", str(tmp_path / "s.csv")])
    assert res.exit_code == 0 and len(rows(tmp_path / "s.csv")) == 8


# --------------------------------------------------------------------------------------------
# Bad input: one line, exit status 2, nothing written
# --------------------------------------------------------------------------------------------

REG_OK = "start_number,name\n1,A\n2,B\n3,C\n4,D\n"
SEATING_OK = "series,table,seat,start_number,name\n1,1,1,1,\n1,1,2,2,\n1,1,3,3,\n1,1,4,4,\n"


@pytest.mark.parametrize("args,named,problem", [
    (["--players", "5", "--series", "2"], "--players", "5 players cannot be seated"),
    (["--players", "2", "--series", "2"], "--players", "SkWO 7.1.1"),
    (["--players", "0", "--series", "2"], "--players", "from 1 to 9999"),
    (["--players", "missing.csv", "--series", "2"], "{tmp}/missing.csv", "no such file"),
    (["--players", "{tmp}/reg-bad.csv", "--series", "2"], "{tmp}/reg-bad.csv",
     "line 3: start number 1 is already on line 2"),
    (["--players", "{tmp}/reg-five.csv", "--series", "2"], "{tmp}/reg-five.csv", "5 players cannot be seated"),
    (["--players", "8", "--series", "0"], "--series", "from 1 to 99"),
    (["--players", "8", "--series", "zwei"], "--series", "'zwei'"),
    (["--players", "8"], "--series", "missing, it is required"),
    (["--players", "8", "--series", "1", "--seed", "-3"], "--seed", "whole number"),
    (["--players", "8", "--series", "1", "--edition", "dskv"], "--edition", "give --forms"),
    (["--players", "8", "--series", "1", "--forms", "{tmp}/f.pdf", "--edition", "fancy"], "--edition",
     "must be one of skatscan, dskv"),
    (["--players", "8", "--series", "1", "--lang", "fr"], "--lang", "de or en"),
    (["--players", "8", "--series", "1", "--html", "{tmp}/p.pdf"], "{tmp}/p.pdf", "write a .html or a .htm"),
    (["--players", "8", "--series", "1", "--forms", "{tmp}/f.png"], "{tmp}/f.png", "write a .pdf"),
    (["--players", "8", "--series", "1", "--html", "{tmp}/out.csv"], "{tmp}/out.csv", "write a .html"),
    (["--players", "8", "--series", "1", "--html", "{tmp}/nope/p.html"], "{tmp}/nope/p.html", "does not exist"),
    (["--players", "8", "--series", "1", "--previous", "{tmp}/seating-bad.csv"], "{tmp}/seating-bad.csv",
     "line 3: series 1, table 1, seat 1 is already taken on line 2"),
    (["--players", "8", "--series", "1", "--previous", "{tmp}/seating-ok.csv", "--previous",
      "{tmp}/seating-ok2.csv"], "{tmp}/seating-ok2.csv", "series 1 is also in {tmp}/seating-ok.csv"),
    (["--players", "8", "--series", "2", "--previous", "{tmp}/seating-998.csv"], "--series",
     "series 999 to 1000: the forms number series up to 999"),
    (["--players", "8", "--series", "1", "--no-such"], "--no-such", "no such option"),
])
def test_bad_input_is_one_line_and_nothing_is_written(tmp_path, args, named, problem):
    (tmp_path / "reg-bad.csv").write_text("start_number,name\n1,A\n1,B\n")
    (tmp_path / "reg-five.csv").write_text("start_number\n1\n2\n3\n4\n5\n")
    (tmp_path / "seating-bad.csv").write_text(SEATING_OK.replace("1,1,2,2", "1,1,1,2"))
    (tmp_path / "seating-ok.csv").write_text(SEATING_OK)
    (tmp_path / "seating-ok2.csv").write_text(SEATING_OK)
    (tmp_path / "seating-998.csv").write_text(SEATING_OK.replace("\n1,", "\n998,"))
    before = sorted(tmp_path.iterdir())
    args = [a.replace("{tmp}", str(tmp_path)) if a != "missing.csv" else str(tmp_path / a) for a in args]
    res = draw(*args, "-o", tmp_path / "out.csv")
    assert res.exit_code == 2
    lines = res.stderr.splitlines()
    named, problem = named.replace("{tmp}", str(tmp_path)), problem.replace("{tmp}", str(tmp_path))
    assert len(lines) == 1 and lines[0].startswith(f"skatscan: {named}: "), res.stderr
    assert problem in lines[0], lines[0]
    assert "Traceback" not in res.output and res.stdout == ""
    assert sorted(tmp_path.iterdir()) == before


def test_an_input_is_never_written_to(tmp_path):
    prev, reg = tmp_path / "prev.csv", tmp_path / "reg.csv"
    prev.write_text(SEATING_OK)
    reg.write_text(REG_OK)
    for args in (["--players", 8, "--previous", prev, "-o", prev], ["--players", reg, "-o", reg]):
        res = draw(*args, "--series", 1)
        out = args[-1]
        assert res.exit_code == 2
        assert res.stderr == f"skatscan: {out}: is also an input; an input file is never written to\n"
    assert prev.read_text() == SEATING_OK and reg.read_text() == REG_OK
    assert sorted(p.name for p in tmp_path.iterdir()) == ["prev.csv", "reg.csv"]


@pytest.mark.parametrize("args,named,problem", [
    (["--seating", "{tmp}/seating.csv", "--seats", "4"], "--seats", "leave this option out"),
    (["--seating", "{tmp}/seating.csv", "--table", "9"], "--table", "table 9 is not in {tmp}/seating.csv"),
    (["--seating", "{tmp}/seating.csv", "--series", "1", "--tables", "3-4"], "--tables",
     "table 3-4 of series 1 is not in {tmp}/seating.csv"),
    (["--seating", "{tmp}/seating.csv", "--table", "1", "--tables", "1-2"], "--tables", "not both"),
    (["--seating", "{tmp}/seating.csv", "--start-numbers", "1,2,3,4"], "--start-numbers", "leave this option out"),
    (["--seating", "{tmp}/seating.csv", "--series", "7"], "--series", "series 7 is not in {tmp}/seating.csv"),
    (["--seating", "{tmp}/seating.csv", "--games", "0"], "--games", "from 1 to 60"),
    (["--seating", "{tmp}/bad.csv"], "{tmp}/bad.csv",
     "line 6: start number 2 already sits at table 1 in series 1 (line 3)"),
    (["--seating", "{tmp}/none.csv"], "{tmp}/none.csv", "no such file"),
    (["--seating", "{tmp}/seating.csv", "-o", "{tmp}/f.png"], "{tmp}/f.png", "write a .pdf"),
    (["--seating", "{tmp}/seating.csv", "-o", "{tmp}/seating.csv"], "{tmp}/seating.csv", "unknown extension"),
    ([], "--seats", "missing, it is required (or give --seating)"),
])
def test_form_seating_bad_input(tmp_path, args, named, problem):
    (tmp_path / "seating.csv").write_text(SEATING_OK)
    (tmp_path / "bad.csv").write_text(SEATING_OK + "1,2,1,2,\n")
    before = sorted(tmp_path.iterdir())
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    if "-o" not in args:
        args += ["-o", str(tmp_path / "forms.pdf")]
    res = form(*args)
    assert res.exit_code == 2
    named, problem = named.replace("{tmp}", str(tmp_path)), problem.replace("{tmp}", str(tmp_path))
    assert res.stderr.splitlines() == [res.stderr.strip()] and res.stderr.startswith(f"skatscan: {named}: "), \
        res.stderr
    assert problem in res.stderr
    assert sorted(tmp_path.iterdir()) == before


@pytest.mark.parametrize("players", ["-4", "12.5", "0"])
def test_a_number_of_players_that_is_none_is_said_so_not_a_missing_file(tmp_path, players):
    res = draw("--players", players, "--series", 1, "-o", tmp_path / "s.csv")
    assert res.exit_code == 2 and not (tmp_path / "s.csv").exists()
    assert "--players" in res.stderr and "no such file" not in res.stderr and res.stderr.count("\n") == 1


def test_a_full_disk_after_the_seating_list_says_that_it_was_written(tmp_path, monkeypatch):
    """The seating list written, its page not (the disk full): the line named the page alone, and the help promised
    "nothing written", while s.csv lay there. The line says what was written before; the help says it may be."""
    import audit.files
    real = audit.files.write_atomic

    def full(path, data):
        if str(path).endswith(".html"):
            raise OSError(28, "No space left on device")
        return real(path, data)

    monkeypatch.setattr(audit.files, "write_atomic", full)
    r = draw("--players", "12", "--series", "1", "-o", tmp_path / "s.csv", "--html", tmp_path / "s.html")
    assert r.exit_code == 2
    assert r.stderr == f"skatscan: {tmp_path / 's.html'}: No space left on device; written before it: " \
                       f"{tmp_path / 's.csv'}\n", r.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.csv"]
    assert "leaves those written before it" in " ".join(draw("--help").output.split())
