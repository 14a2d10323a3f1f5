"""scan --seating: a scanned list gets the start numbers drawn for its series and table."""
import json
import shutil

from click.testing import CliRunner

from audit.model import ScoreList, Table
from desk.draw import Table as DrawnTable
from desk.seating import apply_seating, seating_lookup, write_seating
from skatscan.cli import cli


def run(*args):
    r = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return r.exit_code, r.stdout, r.stderr


def test_apply_seating_fills_and_reports():
    lookup = seating_lookup([DrawnTable(3, 7, ("12", "40", "7"))])
    blank = ScoreList(table=Table(seats=3, series=3, table=7))
    sl, problem = apply_seating(blank, lookup)
    assert sl.table.start_numbers == ("12", "40", "7") and problem is None
    read = ScoreList(table=Table(seats=3, series=3, table=7, start_numbers=("12", "04", "8")))
    sl, problem = apply_seating(read, lookup)
    assert sl.table.start_numbers == ("12", "40", "7")
    assert "seat 2, 3 differ" in problem
    elsewhere = ScoreList(table=Table(seats=3, series=3, table=8))
    assert apply_seating(elsewhere, lookup) == (elsewhere, "series 3, table 8 is not in the seating list")
    four = ScoreList(table=Table(seats=4, series=3, table=7))
    assert "3 players in the seating list but the list has 4 seats" in apply_seating(four, lookup)[1]
    unknown = ScoreList(table=Table(seats=3))
    assert apply_seating(unknown, lookup) == (unknown, None)


def test_scan_uses_the_drawn_start_numbers(samples, tmp_path):
    """... and says so on the terminal and on the list's page of the report."""
    photo = tmp_path / "skatscan-4-clean.jpg"
    shutil.copy(samples / "photos" / "skatscan-4-clean.jpg", photo)
    # the QR code says series 4, table 4, start numbers 33, 129, 153, 159; the draw says otherwise
    seating = tmp_path / "seating.csv"
    write_seating(seating, [DrawnTable(4, 4, ("33", "129", "153", "160"))])
    code, out, err = run("scan", str(photo), "--seating", str(seating), "--json")
    doc = json.loads(out)
    assert doc["table"]["start_numbers"] == ["33", "129", "153", "160"]
    assert [r["start_number"] for r in doc["result"]] == ["33", "129", "153", "160"]
    assert "differ from the seating list" in err and "drawn: 33, 129, 153, 160" in err
    assert not [f for f in doc["findings"] if any(c.startswith("table.start_number") for c in f["cells"])]
    report = tmp_path / "bericht"
    run("scan", str(photo), "--seating", str(seating), "--report", str(report))
    page = (report / "lists" / "skatscan-4-clean.html").read_text()
    assert 'class="note"' in page
    assert ("Tischordnung (skatscan draw): Start-Nr. auf Platz 4 weichen von der Tischordnung ab (Liste: 33, 129, "
            "153, 159; gelost: 33, 129, 153, 160); die gelosten gelten") in page     # the German report in German


def test_a_start_number_read_in_doubt_is_no_list_that_differs_from_the_draw():
    """The paper says 2 (the drawn number), the reader read "8" in doubt: that is a reading doubt the draw answers, not
    a list whose start numbers differ from the draw (a swapped seat, SkWO 7.1.2); a surely read other number is."""
    from audit.model import CellReading
    lookup = seating_lookup([DrawnTable(1, 3, ("4", "2", "15"))])
    read = ScoreList(table=Table(seats=3, series=1, table=3, start_numbers=("4", "8", "16")),
                     readings={"table.start_number.2": CellReading(8, 0.28, ((8, 0.28), (2, 0.2)), doubtful=True,
                                                                   reason="bar"),
                               "table.start_number.3": CellReading(16, 0.99, ((16, 0.99),))})
    sl, note = apply_seating(read, lookup)
    assert sl.table.start_numbers == ("4", "2", "15")
    assert note == ("start numbers at seat 3 differ from the seating list (list: 4, 8, 16; drawn: 4, 2, 15); the "
                    "drawn ones are used; start number at seat 2 read in doubt (8?), the seating list gives 2: the "
                    "drawn one is used")
    assert note.text("de") == ("Start-Nr. auf Platz 3 weichen von der Tischordnung ab (Liste: 4, 8, 16; gelost: 4, "
                               "2, 15); die gelosten gelten; Start-Nr. auf Platz 2 unsicher gelesen (8?), die "
                               "Tischordnung gibt 2: die geloste gilt")


def test_scan_with_a_bad_seating_file_is_one_line(samples, tmp_path):
    bad = tmp_path / "seating.csv"
    bad.write_text("series,table,seat\n1,1,1\n")
    code, out, err = run("scan", str(samples / "photos" / "skatscan-4-clean.jpg"), "--seating", str(bad))
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith(f"skatscan: {bad}: line 1: the header must be")


def test_a_list_whose_table_was_not_read_is_found_by_its_start_numbers():
    lookup = seating_lookup([DrawnTable(1, 1, ("5", "9", "2")), DrawnTable(2, 3, ("9", "12", "5"))])
    from audit.model import CellReading
    sl = ScoreList(table=Table(seats=3, series=8, table=None, start_numbers=("9", "12", "05")),
                   readings={"table.series": CellReading(8, 0.4, ((8, 0.4), (2, 0.3)), doubtful=True, reason="bar")})
    found, problem = apply_seating(sl, lookup)
    assert (found.table.series, found.table.table) == (2, 3)
    assert "table.series" not in found.readings       # the draw gives it: no doubt left to keep it from counting twice
    assert problem == "series 2, table 3 found by its start numbers (the list says series 8, table -)"
    # a start number unread: no guess
    half = ScoreList(table=Table(seats=3, start_numbers=("9", None, "5")))
    assert apply_seating(half, lookup) == (half, None)


def test_a_doubtful_series_reading_gives_way_to_the_file_name():
    from pathlib import Path

    from audit.model import CellReading
    from skatscan.photos import with_name_hint

    sl = ScoreList(table=Table(seats=3, series=8, table=7),
                   readings={"table.series": CellReading(8, 0.38, doubtful=True),
                             "table.table": CellReading(7, 0.97)})
    named = with_name_hint(sl, Path("fotos/s2-t7.jpg"))
    assert (named.table.series, named.table.table) == (2, 7)
    assert "table.series" not in named.readings and "table.table" in named.readings
    confident = with_name_hint(sl, Path("fotos/s2-t9.jpg"))
    assert confident.table.table == 7


def test_a_doubtful_table_reading_is_no_duplicate(capsys):
    from audit.auditor import audit
    from audit.model import CellReading
    from skatscan.report_notes import tables_twice

    sure = ScoreList(table=Table(seats=3, series=4, table=4), source="a.jpg")
    doubted = ScoreList(table=Table(seats=3, series=4, table=4), source="b.jpg",
                        readings={"table.table": CellReading(4, 0.37, doubtful=True)})
    tables_twice([audit(sure), audit(doubted)])
    assert capsys.readouterr().err == ""
    assert tables_twice([audit(sure), audit(ScoreList(table=Table(seats=3, series=4, table=4), source="c.jpg"))]) == \
        [(4, 4, ["a.jpg", "c.jpg"], True)]                  # the same players: the list photographed again
    assert "series 4, table 4 appears on 2 photos: a.jpg, c.jpg" in capsys.readouterr().err
    other = ScoreList(table=Table(seats=3, series=4, table=4, start_numbers=("1", "2", "3")), source="d.jpg")
    assert tables_twice([audit(sure), audit(other)]) == [(4, 4, ["a.jpg", "d.jpg"], False)]  # other players: a misread


def test_a_drawn_table_without_a_photo_is_named_on_the_index(samples, tmp_path):
    """The seating list draws tables 4 and 5 of series 4 and a table of series 1; the one photo is of series 4, table
    4: the index and stderr name table 5 as having no photo (series 1 is not this batch's: nothing said of it)."""
    photo = tmp_path / "fotos" / "skatscan-4-clean.jpg"
    photo.parent.mkdir()
    shutil.copy(samples / "photos" / "skatscan-4-clean.jpg", photo)
    seating = tmp_path / "seating.csv"
    write_seating(seating, [DrawnTable(4, 4, ("33", "129", "153", "159")), DrawnTable(4, 5, ("1", "2", "3", "4")),
                            DrawnTable(1, 1, ("33", "129", "153"))])
    report = tmp_path / "bericht"
    code, _, err = run("scan", str(photo.parent), "--seating", str(seating), "--report", str(report))
    assert "skatscan: series 4: no photo of the list of table 5 (by the seating list)" in err
    assert "series 1" not in err
    assert "Serie 4: kein Foto der Liste von Tisch 5 (laut Tischordnung).</p>" in (report / "index.html").read_text()


def test_a_photo_of_a_table_not_in_the_seating_list_is_named_atop_the_index_and_in_the_standings(samples, tmp_path):
    """The photo (series 4, table 4 by its QR code) is no table of the seating list (series 1 to 3): it counted in the
    standings with its own start numbers, said only on stderr and on the list's page. The index and the standings
    page say it now, in the report's language, and standings.csv marks its players' series."""
    import csv
    import io
    photo = tmp_path / "fotos" / "skatscan-4-clean.jpg"
    photo.parent.mkdir()
    shutil.copy(samples / "photos" / "skatscan-4-clean.jpg", photo)
    seating = tmp_path / "seating.csv"
    write_seating(seating, [DrawnTable(1, 1, ("1", "2", "3", "4")), DrawnTable(1, 2, ("5", "6", "7"))])
    report = tmp_path / "report"
    code, _, err = run("scan", str(photo.parent), "--seating", str(seating), "--report", str(report), "--lang", "en")
    assert "series 4, table 4 is not in the seating list" in err
    said = ("Not in the seating list, counted with the start numbers on the list: series 4, table 4 "
            "(skatscan-4-clean.jpg).")
    assert said in (report / "index.html").read_text() and said in (report / "standings.html").read_text()
    rows = csv.DictReader(io.StringIO((report / "standings.csv").read_text("utf-8-sig")))     # English: ","
    assert {r["outside_seating"] for r in rows} == {"4"}


def test_a_misread_series_is_found_by_start_numbers_read_in_doubt():
    """The organiser's review of session 52: series 1 read "4" in doubt, not in the draw; its start numbers read in
    doubt too, each with the drawn one among its readings: the one drawn table they fit is taken (before, the list
    made an invented series 4, its players' results booked to the numbers as misread)."""
    from audit.model import CellReading

    def doubt(v, *others):
        return CellReading(v, 0.4, ((v, 0.4),) + tuple((o, 0.2) for o in others), doubtful=True, reason="bar")
    lookup = seating_lookup([DrawnTable(1, 3, ("24", "30", "14", "36")), DrawnTable(2, 3, ("24", "31", "15", "36"))])
    sl = ScoreList(table=Table(seats=4, series=4, table=3, start_numbers=("3", "84", "14", "36")),
                   readings={"table.series": doubt(4, 1), "table.start_number.1": doubt(3, 24),
                             "table.start_number.2": doubt(84, 30), "table.start_number.3": doubt(14, 15),
                             "table.start_number.4": doubt(36)})
    found, note = apply_seating(sl, lookup)
    assert (found.table.series, found.table.table) == (1, 3) and found.table.start_numbers == ("24", "30", "14", "36")
    assert note.startswith("series 1, table 3 found by its start numbers (the list says series 4, table 3); start "
                           "number at seat 1 read in doubt (3?), the seating list gives 24")
    # a reading that fits no seat of any table (84 without 30 among its readings): no guess, as before
    sl2 = ScoreList(table=sl.table, readings={**sl.readings, "table.start_number.2": doubt(84)})
    assert apply_seating(sl2, lookup) == (sl2, "series 4, table 3 is not in the seating list")


def test_a_list_none_of_whose_sure_start_numbers_is_its_tables_is_not_given_the_drawn_players():
    """Series 1, table 9 read surely, but its start numbers, read surely from the photo, are series 3, table 9's: that
    table is taken (before, the drawn players of series 1, table 9 were given its results). Where no other table fits,
    the list's own start numbers stay and the note says to check its series and table. A typed list is its table's."""
    from audit.model import CellReading

    def read(numbers):      # read from a photo, surely
        return {f"table.start_number.{k}": CellReading(int(n), 0.99, ((int(n), 0.99),))
                for k, n in enumerate(numbers, start=1)}
    lookup = seating_lookup([DrawnTable(1, 9, ("1", "5", "9")), DrawnTable(3, 9, ("2", "26", "31"))])
    sl = ScoreList(table=Table(seats=3, series=1, table=9, start_numbers=("2", "26", "31")),
                   readings=read(("2", "26", "31")))
    found, note = apply_seating(sl, lookup)
    assert (found.table.series, found.table.table, found.table.start_numbers) == (3, 9, ("2", "26", "31"))
    assert note.startswith("series 3, table 9 found by its start numbers (the list says series 1, table 9")
    assert not any(ref.startswith("table.") for ref in found.readings)     # the draw says who sat there
    # a third number read in doubt with the drawn one among its readings: seated as that table, the doubt said and
    # its box's doubt gone, as for a list found by numbers read in doubt (before, its doubt stayed on the report)
    doubt = CellReading(34, 0.5, ((34, 0.5), (31, 0.3)), doubtful=True, reason="bar")
    unsure = ScoreList(table=Table(seats=3, series=1, table=9, start_numbers=("2", "26", "34")),
                       readings={**read(("2", "26")), "table.start_number.3": doubt})
    found, note = apply_seating(unsure, lookup)
    assert (found.table.series, found.table.table, found.table.start_numbers) == (3, 9, ("2", "26", "31"))
    assert note == ("series 3, table 9 found by its start numbers (the list says series 1, table 9, but none of them "
                    "is drawn there); start number at seat 3 read in doubt (34?), the seating list gives 31: the drawn "
                    "one is used")
    assert note.text("de").startswith("Serie 3, Tisch 9 an den Start-Nr. erkannt (die Liste sagt Serie 1, Tisch 9, "
                                      "dort ist keine davon gelost); ")
    assert "Start-Nr. auf Platz 3 unsicher gelesen (34?)" in note.text("de") and not found.doubtful_cells()
    alone = ScoreList(table=Table(seats=3, series=1, table=9, start_numbers=("2", "27", "31")),
                      readings=read(("2", "27", "31")))
    kept, note = apply_seating(alone, lookup)
    assert kept.table.start_numbers == ("2", "27", "31") and kept.table.series == 1
    assert "none of the start numbers read surely" in note and "check its series and table" in note
    assert "Serie und Tisch prüfen" in note.text("de")
    # one of them the drawn one at its seat: a list of that table whose other numbers differ, the drawn ones used
    one = ScoreList(table=Table(seats=3, series=1, table=9, start_numbers=("1", "27", "31")),
                    readings=read(("1", "27", "31")))
    assert apply_seating(one, lookup)[0].table.start_numbers == ("1", "5", "9")
    # a typed list (nothing read) is the drawn table's as it says
    typed = ScoreList(table=Table(seats=3, series=1, table=9, start_numbers=("2", "27", "31")))
    assert apply_seating(typed, lookup)[0].table.start_numbers == ("1", "5", "9")
