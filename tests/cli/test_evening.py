"""A whole tournament evening, end to end: draw, print forms, (play and photograph), scan, standings."""
import csv
import io

from click.testing import CliRunner

from desk.seating import read_seating
from skatscan.cli import cli


def run(*args):
    r = CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)
    return r.exit_code, r.stdout, r.stderr


def test_draw_forms_scan_standings(tmp_path):
    seating, forms, photos, report = (tmp_path / "seating.csv", tmp_path / "forms.pdf", tmp_path / "fotos",
                                      tmp_path / "bericht")
    players = tmp_path / "anmeldung.csv"
    names = {"3": "Anna", "5": "Bernd", "8": "Carla", "11": "Dieter", "12": "Emma", "17": "Fritz", "20": "Gisela"}
    players.write_text("start_number,name\n" + "".join(f"{n},{name}\n" for n, name in names.items()))
    code, out, err = run("draw", "--players", players, "--series", 1, "--seed", 3, "-o", seating, "--forms", forms)
    assert code == 0, err
    tables, _ = read_seating(seating)
    assert sorted(len(t.numbers) for t in tables) == [3, 4]
    assert forms.read_bytes().startswith(b"%PDF")
    # the players fill in the forms; the synthesiser writes and photographs one list per drawn table
    code, out, err = run("synth", "--seating", seating, "-o", photos, "--width", 2400)
    assert code == 0, err
    assert sorted(p.name for p in photos.glob("*.jpg")) == ["s1-t1.jpg", "s1-t2.jpg"]
    code, out, err = run("scan", photos, "--seating", seating, "--report", report)
    assert code in (0, 1), err
    rows = list(csv.DictReader(io.StringIO((report / "standings.csv").read_text("utf-8-sig")),
                                 delimiter=";"))
    drawn = sorted(n for t in tables for n in t.numbers)
    assert sorted(r["start_number"] for r in rows) == drawn == sorted(names)
    assert all(r["name"] == names[r["start_number"]] for r in rows)
    page = (report / "standings.html").read_text()
    assert all(f"<td class=\"l\">{name}</td>" in page for name in names.values())
    assert [int(r["place"]) for r in rows] == sorted(int(r["place"]) for r in rows)
    assert (report / "standings.html").is_file() and (report / "index.html").is_file()


def test_synth_takes_either_a_count_or_a_seating(tmp_path):
    seating = tmp_path / "seating.csv"
    seating.write_text("series,table,seat,start_number,name\n1,1,1,5,\n1,1,2,6,\n1,1,3,7,\n")
    for args in (["-o", tmp_path / "a"], ["-n", 2, "--seating", seating, "-o", tmp_path / "b"]):
        code, out, err = run("synth", *args)
        assert code == 2 and err.strip() == "skatscan: -n: give either -n N or --seating SEATING.csv"
    bad = tmp_path / "bad.csv"
    bad.write_text("series,table\n")
    code, out, err = run("synth", "--seating", bad, "-o", tmp_path / "c")
    assert code == 2 and err.startswith(f"skatscan: {bad}: line 1:") and not (tmp_path / "c").exists()


def test_standings_take_the_names_of_the_seating_list(samples, tmp_path):
    seating = tmp_path / "seating.csv"
    rows = [(s, t, k + 1, n) for s, tables in ((1, [("1", "2", "3", "4"), ("5", "6", "7")]),
                                                (2, [("2", "5", "7", "1"), ("3", "4", "6")]))
            for t, numbers in enumerate(tables, start=1) for k, n in enumerate(numbers)]
    seating.write_text("series,table,seat,start_number,name\n"
                       + "".join(f"{s},{t},{k},{n},Spieler {n}\n" for s, t, k, n in rows))
    code, out, err = run("standings", samples / "tournament", "--csv", "--seating", seating)
    assert code == 0, err
    lines = list(csv.DictReader(io.StringIO(out), delimiter=";"))
    assert sorted(r["start_number"] for r in lines) == [str(n) for n in range(1, 8)]
    assert all(r["name"] == f"Spieler {r['start_number']}" for r in lines)
    bad = tmp_path / "bad.csv"
    bad.write_text("nothing\n")
    code, out, err = run("standings", samples / "tournament", "--seating", bad)
    assert code == 2 and err.startswith(f"skatscan: {bad}: line 1:")
