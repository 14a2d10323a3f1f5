"""End-to-end: the sample photos through skatscan digitize and skatscan scan, as a referee runs them."""
import base64
import json
import re
from pathlib import Path

import cv2
import numpy as np
import pytest
from click.testing import CliRunner

from audit.auditor import audit
from audit.findings import INFO
from audit.listjson import list_from_json
from digitize.cell_pictures import CELL_H, MARGIN_Y
from digitize.cell_values import NOTHING, field_of, parse
from skatscan.cli import cli

PHOTOS = Path(__file__).resolve().parents[2] / "samples" / "photos"
LISTS = sorted(p.name[:-len(".truth.json")] for p in PHOTOS.glob("*.truth.json"))


def run(*args):
    r = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return r.exit_code, r.stdout, r.stderr


@pytest.fixture(scope="module")
def digitized(tmp_path_factory):
    out = tmp_path_factory.mktemp("lists")
    code, _, err = run("digitize", *(str(PHOTOS / f"{n}.jpg") for n in LISTS), "-o", str(out))
    assert code == 0, err
    return {n: json.loads((out / f"{n}.json").read_text()) for n in LISTS}


#: Written cells read wrong without a doubt mark, at most, per sheet. The issue's target is 0.3 %
#: over many photos (bench/bench_digitize.py); the committed reader and decoder (session 11) reach 0 on four of
#: the five samples and 1 of 284 written cells on skatscan-4-errors (a count "1" read empty). This bound guards
#: against regressions.
MAX_SILENTLY_WRONG = 0.015


def written_cells(truth: dict) -> list[tuple[str, dict]]:
    """A sample's cells to check, (reference, truth) each: on the DSkV form the loss money its keeper wrote into a
    signature box is a money cell of its own (``footer.money.N``) beside the box (as bench/bench_digitize.py
    scores it), and the box is signed by the signature beside the amount (an amount alone signs nothing)."""
    out = []
    for ref, cell in truth["cells"].items():
        money = f"footer.money.{ref.split('.')[1]}" if ref.startswith("signature.") else None
        amounts = [p for p in cell.get("parts", ()) if p["kind"] == "money"]
        if money and amounts and money not in truth["cells"]:
            signed = " ".join(p["text"] for p in cell["parts"] if p["kind"] == "signature")
            out.append((ref, {**cell, "text": signed}))
            out.append((money, {**amounts[0], "visible": cell.get("visible", True)}))
        else:
            out.append((ref, cell))
    return out


def test_the_loss_money_in_a_signature_box_is_checked():
    truth = json.loads((PHOTOS / "dskv-3-clean.truth.json").read_text())
    money = {ref: c["text"] for ref, c in written_cells(truth) if ref.startswith("footer.money.")}
    assert money == {"footer.money.1": "1,-", "footer.money.2": "2,50", "footer.money.3": "1,-"}


@pytest.mark.parametrize("name", LISTS)
def test_few_cells_read_wrong_without_a_doubt(digitized, name):
    """A written cell is read right, or marked doubtful for the referee; rarely silently wrong."""
    truth = json.loads((PHOTOS / f"{name}.truth.json").read_text())
    readings = digitized[name]["readings"]
    crossed = {g["no"] for g in digitized[name]["games"] if g.get("crossed_out")}
    silent = []
    for ref, cell in written_cells(truth):
        if cell["kind"] in ("empty", "printed", "strike") or not cell.get("visible", True):
            continue
        want = parse(field_of(ref), cell["text"])
        want = None if want is NOTHING else want
        r = readings.get(ref)
        if r is None:
            no = int(ref[1:].split(".")[0]) if ref.startswith("g") else None
            if no in crossed:
                silent.append((ref, cell["text"], "row read as crossed out"))
            continue
        if r["value"] != want and not (want is None and r["value"] in (None, False)) and not r["doubtful"]:
            silent.append((ref, cell["text"], r["value"]))
    written = sum(1 for _ref, c in written_cells(truth)
                  if c["kind"] not in ("empty", "printed", "strike") and c.get("visible", True))
    assert len(silent) <= MAX_SILENTLY_WRONG * written, silent


def test_faulty_sample_shows_paper_errors_as_findings(digitized):
    truth = json.loads((PHOTOS / "skatscan-4-errors.truth.json").read_text())
    sl = list_from_json(digitized["skatscan-4-errors"])
    a = audit(sl)
    expected = {(e["code"], e["game"], e["seat"]) for e in truth["expected_findings"]}
    errors = {(f.code, f.game, f.seat) for f in a.findings if f.severity != INFO}
    assert expected <= errors
    for f in a.findings:
        if (f.code, f.game, f.seat) in expected:
            assert not f.doubtful, f"{f.code} at game {f.game} shown as a reading doubt"
    # and nothing else is shown as the keeper's error (game 16's count "1", written on the line between Gew. and
    # Verl. and read in Verl. in doubt, was shown as a count not continued until that finding rested on both cells)
    assert {(f.code, f.game, f.seat) for f in a.errors} == expected


@pytest.mark.parametrize("name", [n for n in LISTS
                                  if not json.loads((PHOTOS / f"{n}.truth.json").read_text())["expected_findings"]])
def test_a_clean_sample_shows_no_error_on_paper(digitized, name):
    """A list without a keeper's mistake: whatever the auditor finds on its photo rests on a cell read in doubt,
    so the referee sees it as a doubt, never as the keeper's error (dskv-3-clean's "-" 118, read "18" at 0.9,
    made two such false errors until a row that agrees with nothing asked the reader about its value)."""
    errors = audit(list_from_json(digitized[name])).errors
    assert not errors, [(f.code, f.game, f.seat) for f in errors]


def test_digitize_one_photo_to_stdout_and_debug_picture(tmp_path):
    code, out, err = run("digitize", str(PHOTOS / "small-720.jpg"), "--debug", str(tmp_path / "dbg"))
    assert code == 0, err
    doc = json.loads(out)
    assert doc["format"] == "skatscan.list/1" and doc["table"]["seats"] == 4
    assert doc["photo"]["width"] == 720
    some = next(iter(doc["readings"].values()))
    assert {"value", "confidence", "candidates", "box", "doubtful"} <= set(some)
    assert (tmp_path / "dbg" / "small-720.debug.jpg").stat().st_size > 10_000
    assert (tmp_path / "dbg" / "small-720.cells.jpg").stat().st_size > 10_000
    # the readings drawn on the 720 px photo enlarged (their labels were 5 px tall), under a band that says what the
    # colours mean: white, with the orange of a doubt in it (review of session 53)
    import cv2
    import numpy as np
    picture = cv2.imread(str(tmp_path / "dbg" / "small-720.debug.jpg"))
    assert picture.shape[1] == 1600
    band = picture[:20].reshape(-1, 3).astype(int)
    assert np.median(band, axis=0).min() > 240
    orange = (np.abs(picture[:60].reshape(-1, 3).astype(int) - (0, 140, 255)).max(axis=1) < 40).sum()
    assert orange > 30


def test_a_list_running_off_the_photo_has_its_cells_there_in_doubt(tmp_path):
    """The clean DSkV sample with the top of the photo cut away, through the head's "Serie" and "Tisch" boxes:
    the list is still found, and those two cells, most of each off the photo, are in doubt for that reason
    (their readings, from the photo's edge repeated, mean nothing); the start numbers below them are not."""
    import cv2

    image = cv2.imread(str(PHOTOS / "dskv-3-clean.jpg"))
    photo = tmp_path / "cut.jpg"
    cv2.imwrite(str(photo), image[130:])
    code, out, err = run("digitize", str(photo))
    assert code == 0, err
    readings = json.loads(out)["readings"]
    for ref in ("table.series", "table.table"):
        assert readings[ref]["doubtful"] and readings[ref]["reason"] == "photo", readings[ref]
        assert min(y for _x, y in readings[ref]["box"]) < 0            # its outline runs off the photo
    assert [ref for ref, r in readings.items() if r.get("reason") == "photo"] == ["table.series", "table.table"]
    assert readings["table.start_number.2"]["value"] == 161 and not readings["table.start_number.2"]["doubtful"]
    code, _, err = run("scan", str(photo), "--json")
    assert "runs off the photo" in err and str(photo) in err


def test_not_a_list_is_bad_input(tmp_path):
    out = tmp_path / "x.json"
    code, _, err = run("digitize", str(PHOTOS / "not-a-list.jpg"), "-o", str(out))
    assert code == 2 and err.count("\n") == 1 and "not-a-list.jpg" in err and not out.exists()


def test_digitize_takes_the_tournaments_loss_money(tmp_path):
    """The schedule weighs the amounts read in doubt: a bad one is one line naming the option, exit status 2,
    before any photo is read."""
    out = tmp_path / "x.json"
    code, _, err = run("digitize", str(PHOTOS / "small-720.jpg"), "--loss-money", "fifty", "-o", str(out))
    assert code == 2 and err.count("\n") == 1 and "--loss-money" in err and not out.exists()


def test_a_digitized_list_audited_with_a_report_shows_its_photo_and_cells(tmp_path):
    """``skatscan digitize`` then ``skatscan audit --report``: the list's page shows the photo its JSON names and
    every cell read in doubt from it, as ``scan`` does; without the photo, the page has neither, and the audit is
    the same."""
    listed = tmp_path / "t.json"
    code, _, err = run("digitize", str(PHOTOS / "skatscan-4-errors.jpg"), "-o", str(listed))
    assert code == 0, err
    code, _, err = run("audit", str(listed), "--report", str(tmp_path / "r"))
    page = (tmp_path / "r" / "lists" / "t.html").read_text()
    assert code == 1 and 'img class="photo"' in page and (tmp_path / "r" / "img" / "t.jpg").exists()
    settle = page[page.index('id="settle"'):]
    assert settle.count('<img class="cell"') == settle.count("<input name=") > 0
    moved = tmp_path / "elsewhere" / "t.json"
    moved.parent.mkdir()
    doc = json.loads(listed.read_text())
    doc["photo"]["file"] = str(tmp_path / "gone.jpg")
    moved.write_text(json.dumps(doc))
    code2, _, _ = run("audit", str(moved), "--report", str(tmp_path / "r2"))
    page2 = (tmp_path / "r2" / "lists" / "t.html").read_text()
    assert code2 == code and 'img class="photo"' not in page2 and '<img class="cell"' not in page2
    assert page2.count("<input name=") == settle.count("<input name=")
    # the photo beside the JSON (both copied to another machine) is found there
    doc["photo"]["file"] = "/a/folder/elsewhere/skatscan-4-errors.jpg"
    moved.write_text(json.dumps(doc))
    (moved.parent / "skatscan-4-errors.jpg").write_bytes((PHOTOS / "skatscan-4-errors.jpg").read_bytes())
    run("audit", str(moved), "--report", str(tmp_path / "r3"))
    assert 'img class="photo"' in (tmp_path / "r3" / "lists" / "t.html").read_text()


def test_scan_folder_report_and_rerun(tmp_path):
    report = tmp_path / "bericht"
    code, _, err = run("scan", str(PHOTOS), "--report", str(report))
    assert code == 2                                   # the photo that is not a list
    assert "not-a-list.jpg" in err
    index = (report / "index.html").read_text()
    # the German report says why in German, the command line in English
    refused = ("not-a-list.jpg: Keine Skatliste auf dem Foto gefunden: kein gedrucktes Gitter wie das der "
               "Spielliste zu sehen.</td>")
    assert "Foto nicht lesbar" in index and refused in index
    assert "No Skat list found on the photo" in err and "No Skat list" not in index
    assert "small-720.jpg</a> <span class=\"retake\">(besser neu fotografieren)" in index
    pages = sorted(p.name for p in (report / "lists").glob("*.html"))
    assert pages == sorted(f"{n}.html" for n in LISTS)
    page = (report / "lists" / "skatscan-4-errors.html").read_text()
    assert 'img class="photo"' in page and (report / "img" / "skatscan-4-errors.jpg").exists()
    # every cell read in doubt is shown where the referee settles it, cut from the photo (upright on the photo
    # taken upside down), as a JPEG in the page itself
    for name in ("skatscan-4-errors", "dskv-4-upside-down"):
        page = (report / "lists" / f"{name}.html").read_text()
        settle = page[page.index('id="settle"'):]
        pictures = re.findall(r'<img class="cell" src="data:image/jpeg;base64,([^"]+)"', settle)
        assert len(pictures) == settle.count("<input name=") > 0
        for data in pictures:
            picture = cv2.imdecode(np.frombuffer(base64.b64decode(data), np.uint8), cv2.IMREAD_COLOR)
            assert picture is not None and 20 <= picture.shape[0] <= CELL_H * (1 + 2 * MARGIN_Y) + 1
    # the samples are not one tournament: a start number may come twice in a series, which the
    # standings refuse with one line instead of ranking a player twice
    assert ((report / "standings.html").exists() and (report / "standings.csv").exists()) or \
        "skatscan: standings:" in err
    # a rerun skips what is done and gives the same report
    before = {p.name: p.stat().st_mtime for p in (report / "results").glob("*.list.json")}
    code2, _, _ = run("scan", str(PHOTOS), "--report", str(report))
    assert code2 == code
    assert {p.name: p.stat().st_mtime for p in (report / "results").glob("*.list.json")} == before
    assert refused in (report / "index.html").read_text()      # the refused photo's German kept from the first run


def test_scan_upside_down_photo(tmp_path):
    code, out, err = run("scan", str(PHOTOS / "dskv-4-upside-down.jpg"), "--json")
    assert code in (0, 1), err
    doc = json.loads(out)
    truth = json.loads((PHOTOS / "dskv-4-upside-down.truth.json").read_text())
    assert doc["format"] == "skatscan.audit/1" and doc["table"]["seats"] == 4
    assert len(doc["result"]) == 4
    # the upside-down list is read the right way round: its games are the truth's games
    read_games = {g["no"] for g in doc["corrected"]["games"] if not g.get("crossed_out")}
    true_games = {g["no"] for g in truth["list"]["games"] if not g.get("crossed_out")}
    assert read_games == true_games


def test_one_photo_with_an_odd_name_gets_a_safe_page_and_the_summary_counts_it(tmp_path):
    """A photo named as people name them (spaces, an umlaut, "&", "<b>") gets its report page and photo copy under a
    safe name the index links to, and the summary line counts one photo as one."""
    photo = tmp_path / "Serie 1 Tisch 4 Müller & Co <b>.jpg"
    photo.write_bytes((PHOTOS / "skatscan-4-clean.jpg").read_bytes())
    code, _, err = run("scan", str(photo), "--report", str(tmp_path / "r"))
    assert code in (0, 1), err
    assert err.splitlines()[-1] == f"1 photo, 1 for the referee: {tmp_path / 'r' / 'index.html'}"
    page = "Serie_1_Tisch_4_M_ller_Co_b"
    assert f'href="lists/{page}.html"' in (tmp_path / "r" / "index.html").read_text()
    assert (tmp_path / "r" / "lists" / f"{page}.html").is_file() and (tmp_path / "r" / "img" / f"{page}.jpg").is_file()
    index = (tmp_path / "r" / "index.html").read_text()
    assert "Müller &amp; Co &lt;b&gt;.jpg</a>" in index and "<b>" not in index      # the name shown, escaped


def test_standings_that_cannot_be_made_leave_no_earlier_ones_behind(tmp_path):
    """A list photographed twice (two photos of one table) makes a start number play its series twice: there are no
    standings this time. The index says why (in the report's language) where its link stood, and the standings a
    run before left in the folder are gone: the office must not take them for this batch's."""
    folder = tmp_path / "fotos"
    folder.mkdir()
    (folder / "a.jpg").write_bytes((PHOTOS / "skatscan-4-clean.jpg").read_bytes())
    report = tmp_path / "bericht"
    run("scan", str(folder), "--report", str(report))
    assert (report / "standings.csv").is_file() and (report / "standings.html").is_file()
    image = cv2.imread(str(folder / "a.jpg"))
    cv2.imwrite(str(folder / "b.jpg"), cv2.resize(image, None, fx=0.95, fy=0.95), [cv2.IMWRITE_JPEG_QUALITY, 80])
    code, _, err = run("scan", str(folder), "--report", str(report))
    assert "appears on 2 photos" in err
    both = f"at table 4 ({folder / 'a.jpg'}) and at table 4 ({folder / 'b.jpg'})"   # the first may be the extra one
    assert (f"start number 33 plays series 4 twice: {both}; the same table on two lists: one of them is counted "
            "twice, take it out") in err
    assert not (report / "standings.csv").exists() and not (report / "standings.html").exists()
    index = (report / "index.html").read_text()
    assert 'href="standings.html"' not in index
    assert (f"Keine Rangliste: Start-Nr. 33 spielt Serie 4 zweimal: an Tisch 4 ({folder / 'a.jpg'}) und an Tisch 4 "
            f"({folder / 'b.jpg'}); derselbe Tisch auf zwei Listen: eine davon zählt doppelt, sie herausnehmen</p>") \
        in index
    # the index says which photos show the same table, and what to do
    assert (f"Serie 4, Tisch 4 ist auf 2 Fotos: {folder / 'a.jpg'}, {folder / 'b.jpg'}. Ein Tisch zählt einmal: das "
            "überzählige Foto (etwa das unschärfere) aus dem Ordner nehmen und neu einlesen.</p>") in index
    (folder / "b.jpg").unlink()                     # done so: the standings are back, the note gone
    run("scan", str(folder), "--report", str(report))
    index = (report / "index.html").read_text()
    assert 'href="standings.html"' in index and (report / "standings.csv").is_file()
    assert "Keine Rangliste" not in index and "auf 2 Fotos" not in index


def test_a_folder_of_series_folders_names_them(tmp_path):
    """A referee who keeps a folder per series and gives their parent gets one line naming the folders that hold
    photos (a folder is not searched below), exit status 2; a folder with nothing in it gets the plain line."""
    for series in ("serie1", "serie2"):
        (tmp_path / "fotos" / series).mkdir(parents=True)
        (tmp_path / "fotos" / series / "t1.jpg").write_bytes(b"x")
    for hidden in (".Trashes", ".thumbnails"):       # a stick's deleted photos, a viewer's thumbnails: not named
        (tmp_path / "fotos" / hidden).mkdir()
        (tmp_path / "fotos" / hidden / "t1.jpg").write_bytes(b"x")
    (tmp_path / "leer").mkdir()
    fotos, leer = tmp_path / "fotos", tmp_path / "leer"
    code, out, err = run("scan", str(fotos))
    assert code == 2 and out == ""
    assert err == (f"skatscan: {fotos}: no photos (.jpg, .png, ...) found; the folders {fotos / 'serie1'}, "
                   f"{fotos / 'serie2'} hold photos: give them (a folder is not searched below)\n")
    assert run("digitize", str(leer))[2] == f"skatscan: {leer}: no photos (.jpg, .png, ...) found\n"


def test_a_scanners_pdf_in_the_folder_is_named_with_advice(tmp_path):
    """A folder of an office scanner's PDFs was "no photos found", and a PDF beside photos was passed over without a
    word: each PDF is one line saying what to do, the report's index names it, exit status 2."""
    from PIL import Image
    (tmp_path / "scans").mkdir()
    Image.new("RGB", (120, 170), "white").save(tmp_path / "scans" / "Scan_0001.pdf", resolution=50)
    code, out, err = run("scan", str(tmp_path / "scans"), "--report", str(tmp_path / "bericht"))
    assert code == 2
    lines = err.splitlines()
    assert lines[0].startswith(f"skatscan: {tmp_path / 'scans' / 'Scan_0001.pdf'}: PDF file: skatscan reads photos, "
                               "not PDFs; let the scanner save JPEG"), err
    assert "pdftoppm" in lines[0] and len(lines) == 2
    index = (tmp_path / "bericht" / "index.html").read_text()
    assert "Scan_0001.pdf" in index and "PDF-Datei: skatscan liest Fotos" in index


def test_only_skatscan_s_own_standings_are_removed(tmp_path):
    """The standings a run cannot make remove those an earlier run wrote, not a file of the same name that skatscan
    did not write (a report folder given as one that holds the office's own standings.csv)."""
    from skatscan.report_standings import remove_standings
    from skatscan.cmd_standings import CSV_HEAD

    ours, theirs = tmp_path / "ours", tmp_path / "theirs"
    ours.mkdir(), theirs.mkdir()
    (ours / "standings.csv").write_text(";".join(CSV_HEAD) + "\n1;;4;2\n")
    (ours / "standings.html").write_text('<html><p class="muted">skatscan · 2026-12-06 10:00</p></html>')
    (theirs / "standings.csv").write_text("Platz;Name;Punkte\n1;Anna;2226\n")
    (theirs / "standings.html").write_text("<html>Rangliste des Vereins</html>")
    english = tmp_path / "english"                           # an English report's: "," between the columns
    english.mkdir()
    (english / "standings.csv").write_text("\ufeff" + ",".join(CSV_HEAD) + "\n1,,4,2\n")
    remove_standings(ours)
    remove_standings(theirs)
    remove_standings(english)
    remove_standings(tmp_path / "nothing")                 # no folder, no files: nothing to do
    assert sorted(p.name for p in ours.iterdir()) == [] and sorted(english.iterdir()) == []
    assert sorted(p.name for p in theirs.iterdir()) == ["standings.csv", "standings.html"]


def test_a_late_photo_scanned_alone_joins_the_report_and_a_mistyped_folder_leaves_it_as_it_was(tmp_path):
    """A referee who scans a late photo on its own into the evening's report gets the report with every list (before:
    the index held the one photo and the standings its table alone, exit status 0); a photo taken out of its folder
    leaves the report. A mistyped folder is bad input before anything is written (before: "the file has gone",
    an index of no lists and the standings deleted)."""
    folder, late = tmp_path / "fotos", tmp_path / "spaet"
    folder.mkdir()
    late.mkdir()
    (folder / "a.jpg").write_bytes((PHOTOS / "skatscan-4-clean.jpg").read_bytes())
    (late / "b.jpg").write_bytes((PHOTOS / "dskv-3-clean.jpg").read_bytes())
    report = tmp_path / "bericht"
    run("scan", str(folder), "--report", str(report))
    code, out, err = run("scan", str(late / "b.jpg"), "--report", str(report), "--json")
    assert code in (0, 1), err
    assert (f"skatscan: {report}: the 1 photo scanned into this report before stays in it (a photo taken out of its "
            "folder leaves it)") in err
    assert err.splitlines()[-1] == f"2 photos (1 scanned before), 2 for the referee: {report / 'index.html'}"
    assert json.loads(out)["table"]["seats"] == 3          # --json gives this run's photo alone, as one document
    index = (report / "index.html").read_text()
    assert 'href="lists/a.html"' in index and 'href="lists/b.html"' in index
    assert "Eines der Fotos wurde in einem früheren Lauf in diesen Bericht eingelesen" in index   # atop the index
    ranked = {line.split(";")[2] for line in (report / "standings.csv").read_text().splitlines()[1:]}
    assert "33" in ranked and len(ranked) == 4 + 3          # a.jpg's four players and b.jpg's three
    # the same photo given again under another name: the one given is read, the one kept from before gives way, said
    (late / "a2.jpg").write_bytes((folder / "a.jpg").read_bytes())
    code, _, err = run("scan", str(late / "a2.jpg"), "--report", str(report))
    assert code == 2 and f"skatscan: {folder / 'a.jpg'}: the same photo as {late / 'a2.jpg'}" in err.splitlines(), err
    index = (report / "index.html").read_text()
    assert 'href="lists/a2.html"' in index and index.count("doppeltes Foto") == 1     # a.jpg's row says why
    assert not (report / "results" / "a.list.json").exists()     # standings of the results count the table once
    (late / "a2.jpg").unlink()
    run("scan", str(folder), "--report", str(report))
    (folder / "a.jpg").unlink()
    run("scan", str(late / "b.jpg"), "--report", str(report))
    assert 'href="lists/a.html"' not in (report / "index.html").read_text()
    # a folder that is not there: one line, nothing read or written
    before = {p: p.read_bytes() for p in report.rglob("*") if p.is_file()}
    code, out, err = run("scan", str(tmp_path / "fotoss"), "--report", str(report))
    assert (code, out) == (2, "")
    assert err == f"skatscan: {tmp_path / 'fotoss'}: no such file or folder; nothing was read or written\n"
    assert {p: p.read_bytes() for p in report.rglob("*") if p.is_file()} == before


def test_standings_of_a_scans_results_count_what_its_report_counts(tmp_path):
    """`skatscan standings bericht/results` stopped at the batch's manifest.json (no list), ignored the decisions the
    report's form saved in bericht/settle/ (a player 7th in the report was 14th from the command), and counted the
    results of a photo taken out of the folder. Now it ranks as the report does."""
    folder, report = tmp_path / "fotos", tmp_path / "bericht"
    folder.mkdir()
    (folder / "a.jpg").write_bytes((PHOTOS / "skatscan-4-clean.jpg").read_bytes())
    (folder / "b.jpg").write_bytes((PHOTOS / "dskv-3-clean.jpg").read_bytes())
    run("scan", str(folder), "--report", str(report))
    first = {line.split(";")[2]: line.split(";")[8] for line in (report / "standings.csv").read_text().splitlines()[1:]}
    # the management fixes seat 1's score of a.jpg 100 lower (a decision, SkWO 7.2.5) in the report's settle folder
    doc = json.loads((report / "results" / "a.list.json").read_text())
    seat1 = doc["table"]["start_numbers"][0]
    (report / "settle").mkdir()
    (report / "settle" / "a.settle.json").write_text(json.dumps({"format": "skatscan.settle/1", "cells": {
        "footer.score.1": {"value": int(first[seat1]) - 100, "rule": "SkWO 7.2.5", "note": "Spielleitung"}}}))
    run("scan", str(folder), "--report", str(report))
    shown = (report / "standings.csv").read_text()
    assert {line.split(";")[2]: line.split(";")[8] for line in shown.splitlines()[1:]}[seat1] == \
        str(int(first[seat1]) - 100)
    code, out, err = run("standings", str(report / "results"), "--csv")
    assert (code, err) == (0, "") and "\ufeff" + out == shown      # the file begins with the byte-order mark
    # b.jpg taken out of the folder: its results go with it, and the standings of the results follow
    (folder / "b.jpg").unlink()
    run("scan", str(folder), "--report", str(report))
    assert sorted(p.name for p in (report / "results").glob("*.list.json")) == ["a.list.json"]
    code, out, _ = run("standings", str(report / "results"), "--csv")
    assert code == 0 and "\ufeff" + out == (report / "standings.csv").read_text() and len(out.splitlines()) == 1 + 4


def test_a_photo_keeps_its_name_and_decisions_when_another_folder_has_one_of_the_same_name(tmp_path):
    """serie1/t1.jpg scanned into the report, then serie2/t1.jpg: the new photo took the name "t1" (and the referee's
    decisions saved for serie1's list in settle/t1.settle.json), serie1's became "t1-2" and was read again."""
    one, two, report = tmp_path / "serie1" / "t1.jpg", tmp_path / "serie2" / "t1.jpg", tmp_path / "bericht"
    for photo, sample in ((one, "skatscan-4-clean.jpg"), (two, "dskv-3-clean.jpg")):
        photo.parent.mkdir()
        photo.write_bytes((PHOTOS / sample).read_bytes())
    run("scan", str(one), "--report", str(report))
    made = (report / "results" / "t1.list.json").stat().st_mtime_ns
    run("scan", str(two), "--report", str(report))
    assert json.loads((report / "results" / "t1.list.json").read_text())["table"]["seats"] == 4     # serie1's list
    assert (report / "results" / "t1.list.json").stat().st_mtime_ns == made                          # not read again
    assert json.loads((report / "results" / "t1-2.list.json").read_text())["table"]["seats"] == 3   # serie2's


def test_a_photo_scanned_before_with_the_referees_decisions_does_not_give_way_to_a_copy(tmp_path):
    """The same photo given again under another name: the one kept from before gives way (its results go), unless
    the referee decided on its list: then his decisions went with it and the copy counted undecided, without a word.
    Now the decided one stays and the copy is the duplicate."""
    folder, late = tmp_path / "fotos", tmp_path / "nachtrag"
    folder.mkdir()
    late.mkdir()
    (folder / "a.jpg").write_bytes((PHOTOS / "skatscan-4-clean.jpg").read_bytes())
    report = tmp_path / "bericht"
    run("scan", str(folder), "--report", str(report))
    (report / "settle").mkdir()
    (report / "settle" / "a.settle.json").write_text(json.dumps(
        {"format": "skatscan.settle/1", "cells": {"table.series": {"value": 1, "reading": True}}}))
    (late / "a2.jpg").write_bytes((folder / "a.jpg").read_bytes())
    code, _, err = run("scan", str(late / "a2.jpg"), "--report", str(report))
    assert f"the same photo as {folder / 'a.jpg'}" in err, err
    index = (report / "index.html").read_text()
    assert 'href="lists/a.html"' in index and 'href="lists/a2.html"' not in index
    assert (report / "results" / "a.list.json").exists()


def test_a_photo_whose_jpeg_data_is_damaged_is_read_and_named(tmp_path):
    """End to end: libjpeg's "Corrupt JPEG data: ..." on a real photo went to stderr without the file's name; the
    photo is read, named in one line, and its JSON keeps libjpeg's words."""
    data = bytearray((PHOTOS / "small-720.jpg").read_bytes())
    start = int(len(data) * 0.75)
    for i in range(start, start + 40, 4):       # the image data overwritten near its end
        data[i] = 0x37
    photo = tmp_path / "s1-t4.jpg"
    photo.write_bytes(bytes(data))
    code, _, err = run("digitize", str(photo), "-o", str(tmp_path / "s1-t4.json"))
    assert code == 0, err
    damaged = [line for line in err.splitlines() if "JPEG" in line]
    assert damaged == [f"skatscan: {photo}: part of its JPEG data is damaged (Corrupt JPEG data: 37 extraneous bytes "
                       "before marker 0xd9): the photo may show wrong colours or shifted blocks there; check its "
                       "readings against the paper, or photograph the list again"], err
    assert json.loads((tmp_path / "s1-t4.json").read_text())["photo"]["damaged"].startswith("Corrupt JPEG data")


def test_skatscans_own_blank_forms_beside_the_photos_are_passed_over(tmp_path):
    """The organiser keeps the forms he printed (``draw --forms fotos/formulare.pdf``) in the photos' folder: since
    scanners' PDFs are said with advice, they made the scan fail (exit 2, "PDF file: ... let the scanner save
    JPEG"). A PDF skatscan printed is no scan of a list and is passed over; a scanner's PDF is still said."""
    fotos = tmp_path / "fotos"
    fotos.mkdir()
    import shutil
    shutil.copy(PHOTOS / "skatscan-4-clean.jpg", fotos)
    assert run("form", "--seats", "4", "--series", "1-2", "--tables", "1-2", "-o", str(fotos / "formulare.pdf"))[0] == 0
    code, out, err = run("scan", str(fotos), "--report", str(tmp_path / "bericht"))
    assert code == 0 and "formulare" not in err, err
    assert "formulare" not in (tmp_path / "bericht" / "index.html").read_text()
