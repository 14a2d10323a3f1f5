"""The review report: what a referee needs is on the pages, and input never becomes markup."""
import random
import re
from dataclasses import replace

from audit.auditor import audit
from audit.load import load_list
from audit.model import CellReading
from audit.simulate import seeded
from desk.batch import WHY
from desk.html import render_index, render_list, write_list_page, write_report
from desk.pages import PROBLEM_LABEL, list_view, unreadable_view
from digitize.image import ImageError
from digitize.sheet import NoListFound, PhotoUnreadable


def test_faulty_list_page_marks_cells_and_shows_corrections(samples):
    a = audit(load_list(samples / "lists" / "faulty-table7.csv"))
    html = render_list(list_view(a, "faulty-table7"))
    assert 'class="status paper-errors"' in html and "Fehler auf der Liste" in html
    # the single-counted loss of game 9 is red on its "-" cell and corrected to 46
    row9 = re.search(r"<tr><td>9</td>.*?</tr>", html, re.S).group(0)
    assert 'class="err"' in row9 and "→ 46" in row9
    assert "Berichtigungen (SkWO 7.2.5)" in html and "verloren zählt doppelt" in html
    assert "Seeger-Fabian" in html and "<b>1071</b>" in html
    # a figure kept by the lowest-score rule is named as the corrections name theirs (seat, line), not by its key
    kept = re.search(r'<tr><td></td><td>3</td><td class="l">Gesamtpunkte</td><td>745</td>.*?</tr>', html).group(0)
    assert "die niedrigere geschriebene Zahl bleibt" in kept and "footer.score.3" not in html


def test_a_value_that_counts_for_a_cell_read_in_doubt_is_not_listed_as_a_correction_on_paper():
    """Game 17's total of seat 2 read "68" in doubt where the rows give 58 (35 after game 9's loss written single is
    doubled): what counts for now (35) stands in its own
    table ("Vorläufig"), its cell in the doubt colour; the corrections of errors on paper (SkWO 7.2.5) stay in
    theirs. Before, the doubt's change stood among the "Berichtigungen" under "geschrieben"."""
    sl = load_list(__import__("pathlib").Path(__file__).resolve().parents[2] / "samples" / "lists"
                   / "faulty-table7.csv")
    doubt = CellReading(68, 0.6, ((68, 0.6), (58, 0.3)), doubtful=True, reason="bar")
    a = audit(replace(sl, readings={"g17.p2.total": doubt}))
    for lang, heading, read in (("de", "Vorläufig: ruht auf unsicher gelesenen Feldern", "gelesen"),
                                ("en", "Provisional: rests on cells read in doubt", "read")):
        html = render_list(list_view(a, "t", lang), lang)
        corrections = re.search(r'<table id="corrections">.*?</table>', html, re.S).group(0)
        provisional = re.search(r'<table id="provisional">.*?</table>', html, re.S).group(0)
        assert html.index(heading) < html.index('<table id="provisional">')
        # the note under the heading says what the changes rest on, not that the paper holds no error: a sure error
        # further down the seat's chain has its change here too (the review of session 52)
        note = html[html.index(heading):html.index('<table id="provisional">')]
        assert ("Lesezweifeln ab" if lang == "de" else "rest on reading doubts") in note
        assert "Kein festgestellter Fehler" not in html and "No error found" not in html
        assert f"<th>{read}</th>" in provisional
        assert re.search(r"<tr><td>17</td><td>2</td><td class=\"l\">[^<]+</td><td>68</td><td class=\"doubt\">35</td>",
                         provisional)
        assert "<tr><td>17</td><td>2</td>" not in corrections
        assert "<tr><td>9</td>" in corrections                     # the single-counted loss: an error on paper
    row17 = re.search(r"<tr><td>17</td>.*?</tr>", render_list(list_view(a, "t")), re.S).group(0)
    assert '<td class="doubt"' in row17 and "→ 35" in row17


def test_the_index_counts_the_cells_in_doubt_the_page_asks_to_settle():
    """A total read in doubt in a row that does not add up: one cell to settle, an "unreadable" finding and an error on
    paper resting on it ("Fehler ?"). The index counted both findings (2) where the page asks for 1 decision."""
    sl = load_list(__import__("pathlib").Path(__file__).resolve().parents[2] / "samples" / "lists"
                   / "faulty-table7.csv")
    doubt = CellReading(68, 0.6, ((68, 0.6), (58, 0.3)), doubtful=True, reason="bar")
    a = audit(replace(sl, readings={"g17.p2.total": doubt}))
    assert len(a.doubts) == 2                                     # the reading doubt and the error resting on it
    view = list_view(a, "t")
    assert view.counts["doubts"] == 1 == len(view.doubts)
    assert "1 Lesezweifel entscheiden" in render_list(view)
    index = render_index([view])
    assert "Zu prüfen: 1 unsicher gelesene Zelle, 3 Fehler auf dem Papier." in index


def test_doubts_are_orange_with_candidates_and_a_settle_form():
    sl, _ = seeded(random.Random(1), "footer", 4)
    g = next(x for x in sl.games if x.plus is not None)
    sl = replace(sl, readings={f"g{g.no}.plus": CellReading(g.plus, 0.42, ((g.plus, 0.42), (g.plus + 1, 0.3)),
                                                            doubtful=True)})
    html = render_list(list_view(audit(sl), "t", "en"), "en")
    assert 'class="doubt"' in html and "reading doubts" in html
    assert 'id="settle"' in html and f'name="g{g.no}.plus"' in html and "t.settle.json" in html
    # what the referee enters is what the paper says: a reading, which lifts the doubt and nothing else
    assert "reading: true" in html[html.index("<script>"):]


def test_each_doubt_to_settle_shows_its_cell_from_the_photo_in_the_pages_order():
    """Beside each cell read in doubt, where the referee writes what the paper says, the cell's picture cut from
    the photo (a data URI: the page stays one file), with every candidate; the doubts in the page's order (game 2
    before game 10), and a link to them at the top of the page."""
    import base64

    import cv2
    import numpy as np

    sl, _ = seeded(random.Random(1), "footer", 4)
    games = [g for g in sl.games if g.plus is not None]
    g2, g10 = games[1], games[9]
    readings = {f"g{g.no}.plus": CellReading(g.plus, 0.42, ((g.plus + 1, 0.5), (g.plus, 0.42), (7777, 0.003)),
                                             doubtful=True,
                                             box=((10, 10), (40, 10), (40, 20), (10, 20)))
                for g in (g10, g2)}
    sl = replace(sl, readings=readings)
    jpeg = cv2.imencode(".jpg", np.full((30, 60, 3), 90, np.uint8))[1].tobytes()
    html = render_list(list_view(audit(sl), "t", "en", pictures={f"g{g10.no}.plus": jpeg}), "en")
    settle = html[html.index('id="settle"'):]
    assert settle.index(f'name="g{g2.no}.plus"') < settle.index(f'name="g{g10.no}.plus"')
    pictures = re.findall(r'<img class="cell" src="data:image/jpeg;base64,([^"]+)" alt="on the photo: ([^"]+)"', settle)
    assert [ref for _, ref in pictures] == [f"g{g10.no}.plus"]          # the cell without a picture has none
    assert f"game {g10.no} · + <span class=\"muted\">g{g10.no}.plus</span>" in settle    # named as on the list
    assert base64.b64decode(pictures[0][0]) == jpeg
    # the value taken first, then every candidate the reader gives at least 0.5 % (its best, which was not taken,
    # among them)
    assert f"<b>{g2.plus}</b>" in settle and f"{g2.plus + 1}&nbsp;50&nbsp;%" in settle
    assert f"{g2.plus}&nbsp;42&nbsp;%" in settle and "7777&nbsp;" not in settle
    assert 'href="#settle"' in html and "Settle 2 reading doubts" in html
    plain = render_list(list_view(audit(sl), "t", "en"), "en")      # no photo: no pictures
    assert "on the photo" not in plain and 'img class="cell"' not in plain


def test_a_finding_on_paper_shows_the_cells_it_names_from_the_photo():
    """Beside an error on paper, the first cells it names as the photo shows them (with their names): the referee
    sees what the keeper wrote before the correction counts; a reading doubt has its picture where it is settled."""
    import cv2
    import numpy as np

    from audit.messages import cell_label
    from desk.pages import FINDING_PICTURES, pictured_cells

    sl, _ = seeded(random.Random(3), "single-counted-loss", 4)
    a = audit(_read(sl, 0.0))        # read from a photo, every reading sure
    error = next(f for f in a.errors if f.cells)
    assert not a.sl.doubtful_cells() and error.cells[0] in a.sl.readings
    # the cells that decide it: the matador columns, not read (empty), pass over to the figures
    decide = [c for c in error.cells if c in a.sl.readings][:FINDING_PICTURES]
    assert error.key == "single-loss" and decide == [f"g{error.game}.minus", f"g{error.game}.base"]
    assert set(pictured_cells(a)) == {c for f in a.errors for c in f.cells if c in a.sl.readings}
    jpeg = cv2.imencode(".jpg", np.full((30, 60, 3), 90, np.uint8))[1].tobytes()
    pictures = {ref: jpeg for ref in error.cells}
    html = render_list(list_view(a, "t", "en", pictures=pictures), "en")
    findings = html[html.index('id="findings"'):html.index("</ul>", html.index('id="findings"'))]
    shown = re.findall(r'<img class="cell" src="data:image/jpeg;base64,[^"]+" alt="on the photo: ([^"]+)">'
                       r'<span class="muted">([^<]+)</span>', findings)
    assert [ref for ref, _ in shown] == decide
    assert [label for _, label in shown] == [cell_label(ref, "en") for ref in decide]
    assert shown[0][1].startswith(f"game {error.game} · ")            # each named as the referee finds it
    # an error resting on a doubt ("Fehler ?") shows its cells alike
    first = error.cells[0]
    doubted = replace(a.sl, readings={**a.sl.readings, first: replace(a.sl.readings[first], doubtful=True,
                                                                         reason="bar")})
    b = audit(doubted)
    assert any(f.doubtful and f.code == error.code and f.cells[0] == first for f in b.findings)
    html = render_list(list_view(b, "t", "en", pictures=pictures), "en")
    findings = html[html.index('id="findings"'):html.index("</ul>", html.index('id="findings"'))]
    assert f'alt="on the photo: {first}"' in findings


def test_the_pictures_beside_a_finding_are_the_cells_that_decide_it():
    """Oracles: a Karo ohne 1 (worth 18) lost and written "-" 18: its "-", Grundwert and "ohne" are pictured, not the
    empty "mit" named before the "ohne"; seat 1's total written 150 where 50 + 24 = 74, his previous total two rows
    above (the row between his empty): the total, the "+" and the previous total 50, not the empty cell of the row
    between (the review of session 52: the settle form then offered those empty cells to correct). A finding on the
    game's columns (the matadors missing) keeps them, empty."""
    from audit.model import MARK_FIELDS, cell_ref
    from desk.pages import pictured_cells
    from tests.audit.builders import make_list, row

    def read(sl):
        cells = {}
        for g in sl.games:
            if g.crossed_out:
                continue
            for f in ("base", "mit", "ohne", "plus", "minus", *MARK_FIELDS):
                cells[cell_ref(g.no, f)] = getattr(g, f)
            for n, c in enumerate(g.players, start=1):
                for f in ("total", "won", "lost"):
                    cells[cell_ref(g.no, f, n)] = getattr(c, f)
        return replace(sl, readings={r: CellReading(v, 0.99, ((v, 0.99),)) for r, v in cells.items()})

    loss = read(make_list([row(1, 3, seat=1, total=-18, base=9, ohne=1, minus=18)], games=1, signatures=None))
    [f] = [f for f in audit(loss).errors if f.code == "single-counted-loss"]
    assert f.cells[:3] == ("g1.minus", "g1.base", "g1.mit")         # as the finding names them
    assert set(pictured_cells(audit(loss))) == {"g1.minus", "g1.base", "g1.ohne"}
    rows = [row(1, 3, seat=1, total=50, base=10, ohne=4, plus=50),
            row(2, 3, seat=2, total=24, base=12, mit=1, plus=24),
            row(3, 3, seat=1, total=150, base=12, mit=1, plus=24)]
    total = read(make_list(rows, games=3, signatures=None))
    [f] = [f for f in audit(total).errors if f.code == "running-total" and f.game == 3]
    assert "g2.p1.total" in f.cells[:3]                               # the empty cell of the row between
    assert set(pictured_cells(audit(total))) >= {"g3.p1.total", "g3.plus", "g1.p1.total"}
    assert "g2.p1.total" not in pictured_cells(audit(total))
    # a finding on the game's columns keeps them, empty: a Kreuz game with neither "mit" nor "ohne" written
    bare = read(make_list([row(1, 3, seat=1, total=24, base=12, plus=24)], games=1, signatures=None))
    [f] = [f for f in audit(bare).errors if f.key == "impossible.matadors-missing"]
    assert {"g1.mit", "g1.ohne"} <= set(pictured_cells(audit(bare)))


def _read(sl, doubtful_share: float):
    """``sl`` as if read from a photo: every written game cell a reading, the first ``doubtful_share`` of them
    doubtful."""
    cells = [(f"g{g.no}.{f}", getattr(g, f)) for g in sl.games for f in ("base", "plus", "minus")
             if getattr(g, f) is not None]
    cut = round(doubtful_share * len(cells))
    return replace(sl, readings={ref: CellReading(v, 0.5 if k < cut else 0.99, ((v, 0.5 if k < cut else 0.99),),
                                                  doubtful=k < cut) for k, (ref, v) in enumerate(cells)})


def test_a_photo_that_could_not_be_read_says_why_in_the_reports_language():
    """The German index gives the reader's own sentence in German; where there is none (results written before
    there was) it names the kind of problem in German with the English sentence after it; the English index the
    English sentence alone."""
    sentence = "No Skat list found on the photo: no printed grid like the Spielliste's was seen."
    german = "Keine Skatliste auf dem Foto gefunden: kein gedrucktes Gitter wie das der Spielliste zu sehen."
    de = render_index([unreadable_view("prose", "prose.jpg", sentence, "de", why="no-list", problem_de=german)],
                      "de")
    assert f"prose.jpg: {german}</td>" in de
    old = render_index([unreadable_view("prose", "prose.jpg", sentence, "de", why="no-list")], "de")
    assert re.search(r"<b>Keine Spielliste auf dem Foto gefunden</b> <span class=\"detail\">\(No Skat list", old)
    assert set(PROBLEM_LABEL["de"]) == set(WHY)            # every kind of problem has its German words
    # the reader's exceptions name their kind (digitize.pipeline.process_photo hands it on)
    assert (ImageError.why, NoListFound.why, PhotoUnreadable.why) == ("file", "no-list", "unreadable")
    en = render_index([unreadable_view("prose", "prose.jpg", sentence, "en", why="no-list", problem_de=german)], "en")
    assert "prose.jpg: No Skat list found" in en and "<b>" not in en.split("prose.jpg")[1].split("</td>")[0]
    unknown = render_index([unreadable_view("x", "x.jpg", "something new", "de")], "de")
    assert "x.jpg: something new" in unknown


def test_a_photo_read_mostly_in_doubt_gets_the_advice_to_retake_it():
    sl, _ = seeded(random.Random(3), "footer", 4)
    blurred, fair = _read(sl, 0.7), _read(sl, 0.2)
    view = list_view(audit(blurred), "t", "de")
    doubtful, sure = len(blurred.doubtful_cells()), len(blurred.readings) - len(blurred.doubtful_cells())
    assert any("neu fotografieren" in n and f"{doubtful} Felder sind unsicher gelesen, nur {sure} sicher" in n
               for n in view.notes), view.notes
    assert "neu fotografieren" in render_list(view, "de")
    assert "new photo" in " ".join(list_view(audit(blurred), "t", "en").notes)
    assert not list_view(audit(fair), "t", "de").notes  # a fair photo: the doubts are checked one by one
    assert not list_view(audit(sl), "t", "de").notes    # a typed list has no readings
    few = replace(blurred, readings=dict(list(blurred.readings.items())[:10]))
    assert not list_view(audit(few), "t", "de").notes   # ten doubts are quicker checked than a new photo
    # the index says it beside the list, so the referee sees which photos to take again before opening any
    index = render_index([list_view(audit(blurred), "blurred", "de"), list_view(audit(fair), "fair", "de")], "de")
    assert index.count("besser neu fotografieren") == 1
    assert re.search(r'href="lists/blurred.html">[^<]*</a> <span class="retake">', index)


def test_a_list_running_off_its_photo_gets_a_note():
    """Cells in doubt because they lie partly off the photo (reason "photo") give the page a note that says how many
    and what to do; other doubts do not."""
    sl, _ = seeded(random.Random(3), "footer", 4)
    read = _read(sl, 0.1)
    doubtful = [ref for ref, r in read.readings.items() if r.doubtful]
    off = replace(read, readings={ref: replace(r, reason="photo") if r.doubtful else r
                                  for ref, r in read.readings.items()})
    view = list_view(audit(off), "t", "en")
    assert any(f"{len(doubtful)} cells lie partly off it" in n for n in view.notes), view.notes
    assert "Die Liste ist nicht ganz auf dem Foto" in render_list(list_view(audit(off), "t", "de"), "de")
    assert not list_view(audit(read), "t", "en").notes


def test_a_reading_its_row_confirms_is_shown_as_read_with_its_confidence():
    """A cell read below the bar that its row confirms (confirmed_by "row") is no doubt on the page: no orange, no
    settle form; its note says how surely it was read and what vouches for it. For the retake advice it counts as
    read unsurely (the photo reads no better for the list adding up)."""
    sl, _ = seeded(random.Random(1), "footer", 4)
    g = next(x for x in sl.games if x.plus is not None)
    ref = f"g{g.no}.plus"
    sl = replace(sl, readings={ref: CellReading(g.plus, 0.72, ((g.plus, 0.72), (g.plus + 1, 0.2)),
                                                confirmed_by="row")})
    for lang, note in (("en", "Read at 72 %, confirmed by its row"),
                       ("de", "Gelesen zu 72 %, von der Zeile bestätigt")):
        view = list_view(audit(sl), "t", lang)
        cell = next(c for row in view.rows if row["no"] == g.no for c in row["cells"] if "72 %" in c.note)
        assert note in cell.note and cell.text == str(g.plus) and cell.css != "doubt" and not view.doubts
    unsure = _read(sl, 0.7)
    confirmed = replace(unsure, readings={r: replace(x, doubtful=False, confirmed_by="row" if x.doubtful else "")
                                          for r, x in unsure.readings.items()})
    assert any("new photo" in n for n in list_view(audit(confirmed), "t", "en").notes)


def test_the_retake_advice_names_the_cells_the_page_asks_about_not_those_its_rows_confirmed():
    """The advice counts the cells read unsurely (those its rows confirmed too: the photo reads no better for the
    list adding up), but the cells it says are left to check one by one are the page's doubts, as the index counts
    them. Before, "check 61 cells" stood beside an index that asked for 60; with every unsure cell confirmed it asked
    the referee to check cells the page does not ask about at all."""
    sl, _ = seeded(random.Random(3), "footer", 4)
    unsure = _read(sl, 0.7)
    doubts = sorted(unsure.doubtful_cells())
    n = len(doubts)
    some = replace(unsure, readings={r: replace(x, doubtful=False, confirmed_by="row") if r in doubts[:5] else x
                                     for r, x in unsure.readings.items()})
    view = list_view(audit(some), "t", "en")
    assert view.counts["doubts"] == n - 5
    assert any(f"{n} cells are read in doubt" in x and f"than check {n - 5} cells one by one" in x
               for x in view.notes), view.notes
    de = " ".join(list_view(audit(some), "t", "de").notes)
    assert f"{n} Felder sind unsicher gelesen" in de and f"als {n - 5} Felder einzeln prüfen" in de
    every = replace(unsure, readings={r: replace(x, doubtful=False, confirmed_by="row") if x.doubtful else x
                                      for r, x in unsure.readings.items()})
    notes = " ".join(list_view(audit(every), "t", "en").notes)
    assert f"{n} cells are read in doubt" in notes and "Their rows confirm them all" in notes
    assert "check" not in notes
    assert "Ihre Zeilen bestätigen sie alle" in " ".join(list_view(audit(every), "t", "de").notes)
    # cells doubted for the hand are left to the hand's note: a new photo would not read them better
    hand = replace(every, readings={**every.readings,
                                    **{r: replace(unsure.readings[r], reason="hand") for r in doubts[:3]}})
    notes = list_view(audit(hand), "t", "en").notes
    assert any("Their rows confirm them all" in x for x in notes) and not any("than check" in x for x in notes)
    one = replace(hand, readings={**hand.readings, doubts[3]: unsure.readings[doubts[3]]})
    assert any("than check 1 cell one by one" in x for x in list_view(audit(one), "t", "en").notes)
    assert any("als 1 Feld einzeln prüfen" in x for x in list_view(audit(one), "t", "de").notes)


def test_a_misread_hand_gets_its_note_not_the_advice_to_retake():
    """Cells doubted because the reader misreads the hand (reason "hand") would not go away with a new photo:
    they do not count for the retake advice, and the list's page says what they are."""
    sl, _ = seeded(random.Random(3), "footer", 4)
    blurred = _read(sl, 0.7)
    hand = replace(blurred, readings={ref: replace(r, reason="hand" if r.doubtful else "")
                                      for ref, r in blurred.readings.items()})
    n = len(hand.doubtful_cells())
    notes = list_view(audit(hand), "t", "de").notes
    assert not any("neu fotografieren" in x for x in notes)
    assert any(f"Darum stehen {n} Felder im Zweifel" in x for x in notes), notes
    assert "digit of this hand" in " ".join(list_view(audit(hand), "t", "en").notes)


def test_index_sorts_the_work_first(samples):
    views = [list_view(audit(load_list(samples / "lists" / n)), n.split(".")[0])
             for n in ("six-games.json", "faulty-table7.csv")]
    views.append(unreadable_view("blurry", "blurry.jpg", "Foto zu unscharf"))
    html = render_index(views)
    order = [html.index(x) for x in ("blurry.jpg", "faulty-table7", "six-games")]
    assert order == sorted(order)
    faulty = views[1].counts["errors"]
    assert faulty > 0 and views[0].counts["errors"] == 0
    # and sums up the work: the cells to look at (typed lists have none) and the keepers' errors
    assert f"2 Listen, davon 1 für den Schiedsrichter. Zu prüfen: 0 unsicher gelesene Zellen, {faulty} Fehler auf " \
           "dem Papier. Fotos, auf denen keine Liste gelesen werden konnte: 1" in html   # the photo apart
    assert "Zu prüfen" not in render_index(views[:1])          # a clean list alone: nothing to check


def test_a_list_in_order_whose_photo_shows_another_list_is_work_for_the_referee(samples):
    """A clean list whose photo shows another list (not read) counts as work, comes before the lists in order, and
    says why on the index and on its page."""
    sl = load_list(samples / "lists" / "six-games.json")
    plain = list_view(audit(sl), "plain")
    other = list_view(audit(replace(sl, other_lists=1)), "zwei")
    assert plain.status == other.status == "clean" and not plain.for_referee and other.for_referee
    html = render_index([plain, other])
    assert html.index("lists/zwei.html") < html.index("(noch eine Liste auf dem Foto)") < html.index("lists/plain.html")
    assert html.count("noch eine Liste auf dem Foto") == 1
    assert "2 Listen, davon 1 für den Schiedsrichter." in html
    assert other.notes[0].startswith("Auf dem Foto ist noch eine Liste zu sehen") and not plain.notes


def test_a_start_number_read_in_doubt_is_marked_on_the_index_and_the_list_page():
    """As on the standings: "12?" read in doubt, "?" alone where nothing was read."""
    sl, _ = seeded(random.Random(1), "footer", 4)
    sl = replace(sl, table=replace(sl.table, start_numbers=("12", "7", None, "31")),
                 readings={"table.start_number.2": CellReading("7", 0.6, (("7", 0.6), ("1", 0.3)), doubtful=True)})
    view = list_view(audit(sl), "t")
    assert view.start_numbers == ("12", "7?", None, "31")
    assert "12, 7?, ?, 31" in render_index([view]) and "12, 7?, ?, 31" in render_list(view)


def test_input_strings_are_escaped(tmp_path, samples):
    sl = load_list(samples / "lists" / "six-games.json")
    evil = '<script>alert("x")</script>'
    sl = replace(sl, source=evil + ".json", table=replace(sl.table, start_numbers=(evil, "2", "3")))
    view = list_view(audit(sl), "six")
    html = render_list(view) + render_index([view])
    assert "<script>alert" not in html and "&lt;script&gt;" in html


def test_report_written_whole(tmp_path, samples):
    view = list_view(audit(load_list(samples / "lists" / "six-games.json")), "six-games")
    index = write_report(tmp_path / "rep", [view])
    assert index.exists() and (tmp_path / "rep" / "lists" / "six-games.html").exists()
    assert not list((tmp_path / "rep").rglob("*.part"))


def test_a_page_written_first_leaves_the_index_the_same(tmp_path, samples):
    """``skatscan scan`` and ``audit`` write each list's page as soon as it is made and keep only the index's line of
    it (``ListView.for_index``: a batch of hundreds of lists held every page's rows and cell pictures until the end,
    about a megabyte a list): the index and the pages are the same as written all at the end."""
    views = [list_view(audit(seeded(random.Random(k), kind, 4)[0]), f"l{k}") for k, kind in
             enumerate(("footer", "running-total", "value-mismatch"))]
    views.append(unreadable_view("blurry", "blurry.jpg", "too blurred", why="unreadable"))
    whole = write_report(tmp_path / "whole", views)
    for v in views:
        write_list_page(tmp_path / "first", v)
    first = write_report(tmp_path / "first", [v.for_index() for v in views], pages=False)
    same = [p.name for p in (tmp_path / "whole" / "lists").iterdir()]
    assert sorted(same) == ["batch.js", "l0.html", "l1.html", "l2.html"]
    for name in same:
        assert (tmp_path / "first" / "lists" / name).read_text() == (tmp_path / "whole" / "lists" / name).read_text()
    stamp = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d")
    assert stamp.sub("", first.read_text()) == stamp.sub("", whole.read_text())
    assert all(v.rows for v in views[:3]) and all(not v.for_index().rows and not v.for_index().findings
                                                  for v in views)


def test_home_list_page_shows_ramsch_abandoned_and_penalties_with_their_correction():
    from audit.listjson import list_from_json
    from audit.settings import Settings

    doc = {"format": "skatscan.list/1", "table": {"seats": 3, "kind": "home"},
           "games": [{"no": 1, "base": 12, "mit": 1, "kontra": True, "plus": 48,
                      "players": [{"total": 48}, None, None]},
                     {"no": 2, "ramsch": True, "minus": 70, "players": [None, None, {"total": -70}]},
                     {"no": 3, "base": 24, "mit": 2, "abandoned": {"seat": 2, "when": "bidding"}, "minus": 144,
                      "players": [None, {"total": -146}, None]}],
           "penalties": [{"after": 2, "seat": 2, "offence": "minor", "points": [1, -2, 1]}]}
    a = audit(list_from_json(doc), Settings(online=True, penalties="doppelkopf"))
    html = render_list(list_view(a, "home"))
    assert "Kr m1 K" in html and ">Ramsch<" in html and "P2 verlassen: beim Reizen" in html
    table = re.search(r'<table id="penalties">.*?</table>', html, re.S).group(0)
    assert "geringfügiger Fehler" in table and "-2 <span class=\"corr\">→ -3</span>" in table
    assert "Strafe 1 (nach Spiel 2, Platz 2, geringfügiger Fehler)" in html


def test_a_penalty_entered_before_the_first_game_is_not_after_game_0():
    """A penalty entered before game 1 ("after": 0) read "nach Spiel 0" in the finding, the terminal report and the
    page's table; it is "vor Spiel 1"."""
    from audit.listjson import list_from_json
    from audit.report import render_text
    from audit.settings import Settings

    doc = {"format": "skatscan.list/1", "table": {"seats": 3, "kind": "home"},
           "games": [{"no": 1, "base": 12, "mit": 1, "plus": 24, "players": [{"total": 22}, None, None]}],
           "penalties": [{"after": 0, "seat": 1, "offence": "minor", "points": [-2, 1, 1]}]}
    a = audit(list_from_json(doc), Settings(penalties="doppelkopf"))
    for lang, when in (("de", "vor Spiel 1"), ("en", "before game 1")):
        html = render_list(list_view(a, "home", lang), lang)
        text = render_text(a, lang)
        assert f"({when}, " in html and f"({when}, " in text and f"1. {when}, " in text
        assert "Spiel 0" not in html + text and "game 0" not in html + text
        table = re.search(r'<table id="penalties">.*?</table>', html, re.S).group(0)
        assert f"<td>1</td><td>{when}</td>" in table


def test_money_is_written_as_the_pages_language_writes_it(samples):
    """The loss money of faulty-table7 (0,50 and 3,50: the README's worked footer) on a German page as a German
    referee writes it, with a comma, as the terminal reports do; on an English page with a point; in the list's
    result table and in the standings alike."""
    from audit.standings import standings
    from desk.html import render_standings
    a = audit(load_list(samples / "lists" / "faulty-table7.csv"))
    de, en = render_list(list_view(a, "t"), "de"), render_list(list_view(a, "t", "en"), "en")
    assert "<td>0,50</td>" in de and "<td>3,50</td>" in de and "3.50" not in de
    assert "<td>0.50</td>" in en and "<td>3.50</td>" in en
    lines = standings([a])
    assert "<td>3,50</td>" in render_standings(lines, "de") and "<td>3.50</td>" in render_standings(lines, "en")
    # beside a report's index it links back to it; standing alone (skatscan standings --html) it has no such link
    assert '<a href="index.html">← Spiellisten' in render_standings(lines, "de", index=True)
    assert 'href="index.html"' not in render_standings(lines, "de")


def test_the_value_taken_for_a_doubt_is_among_the_candidates_shown_however_unlikely_the_reader_made_it():
    """A count the row's arithmetic chose ("4") that the reader gave 0.01 % beside an empty cell at 99 %: the form
    showed "4 (∅ 99 %)", as if 4 were no candidate at all; the value taken is shown with its share, under 1 %."""
    sl, _ = seeded(random.Random(1), "footer", 4)
    g = next(x for x in sl.games if x.plus is not None)
    doubt = CellReading(g.plus, 0.9946, ((None, 0.9946), (g.plus, 0.0001), (7777, 0.0001)), doubtful=True,
                        chosen_by="arithmetic", reason="sequence")
    html = render_list(list_view(audit(replace(sl, readings={f"g{g.no}.plus": doubt})), "t"))
    read = re.search(r'<td class="read">(.*?)</td>', html, re.S).group(1)
    assert f"<b>{g.plus}</b>" in read and "∅&nbsp;99&nbsp;%" in read
    assert f"{g.plus}&nbsp;&lt;1&nbsp;%" in read and "7777" not in read     # an unlikely candidate not taken: left out


def test_the_result_marks_a_start_number_read_in_doubt_as_the_head_of_the_page_does():
    """The head of the page said "7?" and the Seeger-Fabian result beside the points said "7": the points may be
    another player's until the referee settles the cell."""
    sl, _ = seeded(random.Random(1), "footer", 4)
    sl = replace(sl, table=replace(sl.table, start_numbers=("12", "7", None, "31")),
                 readings={"table.start_number.2": CellReading("7", 0.6, (("7", 0.6), ("1", 0.3)), doubtful=True)})
    html = render_list(list_view(audit(sl), "t"))
    result = html[html.index('id="result"'):html.index("</table>", html.index('id="result"'))]
    assert re.findall(r'<tr><td>\d</td><td class="l">([^<]*)</td>', result) == ["12", "7?", "–", "31"]


def test_the_head_of_a_list_page_says_how_many_errors_on_paper_it_has_and_links_to_them(samples):
    """A list with errors on paper whose status is "Lesezweifel" (another cell read in doubt) said so at its top and
    linked only to the form: its errors were to be found below a photo of a screen and a half."""
    a = audit(load_list(samples / "lists" / "faulty-table7.csv"))
    html = render_list(list_view(a, "faulty-table7"))
    head = html[:html.index("<h2>")]
    n = len(a.errors)
    assert n > 1 and f'<a href="#findings" id="to-findings">{n} Fehler auf dem Papier ↓</a>' in head
    sl = a.sl
    g = next(x for x in sl.games if x.plus is not None)
    doubt = CellReading(g.plus, 0.42, ((g.plus, 0.42), (g.plus + 1, 0.3)), doubtful=True)
    b = audit(replace(sl, readings={f"g{g.no}.plus": doubt}))
    head = render_list(list_view(b, "t"))
    head = head[:head.index("<h2>")]
    assert "Fehler auf dem Papier ↓" in head and "1 Lesezweifel entscheiden ↓" in head


def test_a_list_page_links_back_to_the_index_at_its_end_too(samples):
    """A list page runs to many screens (photo, findings, rows, the form): after the last decision the way back to the
    index was at the top alone."""
    html = render_list(list_view(audit(load_list(samples / "lists" / "faulty-table7.csv")), "faulty-table7"))
    assert html.count('href="../index.html"') == 2
    assert html.rindex('href="../index.html"') > html.index('id="result"')


def test_the_index_says_where_the_photos_that_could_not_be_read_stand_in_plain_german():
    """"… konnte: 1 (unten zuerst)" read as "below first": they stand first in the table below."""
    de = render_index([unreadable_view("prose", "prose.jpg", "No Skat list found.", "de", why="no-list")], "de")
    assert "Fotos, auf denen keine Liste gelesen werden konnte: 1 (oben in der Tabelle)." in de


def test_the_photos_legend_names_every_outline_drawn_on_it(samples):
    """The photo outlines every cell read: red and orange were named, the green of the cells read surely (most of
    them) and the blue figures written beside them (what was read) were not."""
    a = audit(load_list(samples / "lists" / "faulty-table7.csv"))
    html = render_list(list_view(a, "t", photo="../img/t.jpg"))
    legend = re.search(r'<p class="legend muted">(.*?)</p>', html, re.S).group(1)
    assert "Fehler auf der Liste" in legend and "Lesezweifel" in legend
    assert "sicher gelesen" in legend and "blau: der gelesene Wert" in legend


def test_the_referees_decisions_are_shown_on_the_list_page_beside_what_was_read():
    """After a scan with the settle file, a cell the referee decided looked like any cell read surely: nothing on
    the page said which figures were his decisions, nor what the reader had taken there."""
    from audit.model import Settlement
    from desk.settle import REFEREE, apply

    sl, _ = seeded(random.Random(1), "footer", 4)
    g = next(x for x in sl.games if x.plus is not None)
    ref = f"g{g.no}.plus"
    read = replace(sl, readings={ref: CellReading(g.plus + 1, 0.42, ((g.plus + 1, 0.42), (g.plus, 0.3)),
                                                   doubtful=True)})
    read = replace(read, games=[replace(x, plus=g.plus + 1) if x.no == g.no else x for x in read.games])
    settled = apply(read, {ref: Settlement(g.plus, REFEREE, "vom Schiedsrichter entschieden", reading=True)})
    html = render_list(list_view(audit(settled), "t"))
    row = re.search(rf"<tr><td>{g.no}</td>.*?</tr>", html, re.S).group(0)
    assert re.search(rf'<td class="settled" title="[^"]*entschieden[^"]*">{g.plus}</td>', row)
    decisions = html[html.index('id="decisions"'):html.index("</table>", html.index('id="decisions"'))]
    assert f"Spiel {g.no} · +" in decisions
    assert f'<td>{g.plus + 1}</td><td class="corr"><b>{g.plus}</b></td>' in decisions
    assert 'id="decisions"' not in render_list(list_view(audit(read), "t"))


def test_the_index_counts_one_list_in_the_singular(samples):
    """A late photo scanned alone: "1 Listen, davon 1 für den Schiedsrichter." ("1 lists" in English)."""
    view = list_view(audit(load_list(samples / "lists" / "faulty-table7.csv")), "t")
    assert "<p>1 Liste, vom Schiedsrichter zu prüfen." in render_index([view])
    assert "<p>1 list, for the referee to check." in render_index([replace(view, status_label="x")], "en")
    two = render_index([view, replace(view, name="u")])
    assert "<p>2 Listen, davon 2 für den Schiedsrichter." in two


def misread_total():
    """A list read from a photo, every cell surely (98 %), whose running total of seat 2 in game 6 was misread 74 where
    the paper says 44: a sure running-total error that is really a misreading. (list, the cell, paper's value)."""
    from audit.simulate import simulate

    sl = simulate(random.Random(1), seats=4)
    g = sl.games[5]
    true = g.players[1].total
    games = tuple(replace(x, players=tuple(replace(p, total=true + 30) if k == 1 else p
                                           for k, p in enumerate(x.players))) if x.no == g.no else x
                  for x in sl.games)
    return replace(sl, games=games, readings=_sure_readings(games)), f"g{g.no}.p2.total", true


def _sure_readings(games) -> dict:
    """Each game's Grundwert, "+", "-" and running totals read at 98 %, as written."""
    readings = {}
    for x in games:
        for f in ("base", "plus", "minus"):
            readings[f"g{x.no}.{f}"] = CellReading(getattr(x, f), 0.98, ((getattr(x, f), 0.98),))
        for s, p in enumerate(x.players, start=1):
            readings[f"g{x.no}.p{s}.total"] = CellReading(p.total, 0.98, ((p.total, 0.98),))
    return readings


def _misread_part(html: str) -> str:
    start = html.index('id="misread"')
    return html[start:html.index("</table>", start)]


def test_the_cells_of_a_sure_error_on_paper_can_be_corrected_where_the_paper_says_otherwise_than_read():
    """A total read surely but wrongly makes a sure "Fehler" that is a misreading: the referee sees it in the picture
    beside the finding. The cells pictured beside an error on paper are offered in a separate part of the settle form
    ("Auf dem Papier steht etwas anderes als gelesen"), empty and optional, saved as readings like the doubts; a typed
    list (nothing read) and a list without findings on paper have no such part."""
    import cv2
    import numpy as np

    from desk.pages import pictured_cells

    read, ref, true = misread_total()
    a = audit(read)
    errors = [f for f in a.errors if f.code == "running-total"]
    assert errors and not any(f.doubtful for f in errors) and errors[0].cells[0] == ref and not a.sl.doubtful_cells()
    named = set(pictured_cells(a))
    # the cells that decide the findings, each holding a figure: the seat's previous written total among them, not
    # the empty cells of the rows between (the review of session 52)
    no = errors[0].game
    before = max(g.no for g in read.games if g.no < no and g.players[1].total is not None)
    assert f"g{before}.p2.total" in named and all(read.readings[c].value is not None for c in named)
    jpeg = cv2.imencode(".jpg", np.full((30, 60, 3), 90, np.uint8))[1].tobytes()
    view = list_view(a, "t", pictures={c: jpeg for c in named})
    order = list(read.readings)
    assert [m["cell"] for m in view.misread] == sorted(named, key=order.index)      # in the page's order
    html = render_list(view)
    assert 'id="settle"' in html and 'data-file="t.settle.json"' in html
    part = _misread_part(html)
    # no doubts: the form is this part alone, headed so
    assert html.index('<h2 class="noprint">Auf dem Papier steht etwas anderes als gelesen</h2>') < html.index(
        'id="settle"') < html.index('id="misread"')
    inputs = re.findall(r'<input name="([^"]+)"([^>]*)>', part)
    assert [name for name, _ in inputs] == sorted(named, key=order.index)
    assert all('value="' not in rest for _, rest in inputs)            # empty: nothing decided unless typed
    assert "data-for" not in part                                       # no "as read": what was read stands if empty
    assert f"<b>{true + 30}</b>" in part and f'alt="auf dem Foto: {ref}"' in part   # what was read, and the picture
    assert "Lesezweifel entscheiden" not in html                       # no doubts: none to settle
    # a finding links to where its cells are corrected
    findings = html[html.index('id="findings"'):html.index("</ul>", html.index('id="findings"'))]
    assert 'href="#misread"' in findings
    # English
    en = render_list(list_view(a, "t", "en"), "en")
    assert "The paper says otherwise than read" in en and f'name="{ref}"' in _misread_part(en)
    # with a doubt elsewhere: the doubts first, this part apart under its own heading in the same form
    other = next(c for c in order if c.endswith(".plus") and read.readings[c].value is not None and c not in named)
    doubted = replace(read, readings={**read.readings, other: replace(read.readings[other], doubtful=True)})
    both = render_list(list_view(audit(doubted), "t"))
    form = both[both.index('id="settle"'):]
    assert form.index(f'name="{other}"') < form.index('id="misread"') < form.index("<h3>Auf dem Papier steht etwas")
    assert f'name="{other}"' not in _misread_part(both) and f'name="{ref}"' in _misread_part(both)
    assert form.count('id="save"') == 1
    # the misread total in doubt: the errors rest on it (“Fehler ?”), settled among the doubts; nothing apart
    on_doubt = audit(replace(read, readings={**read.readings, ref: replace(read.readings[ref], doubtful=True)}))
    assert [f for f in on_doubt.findings if f.code == "running-total"]
    assert all(f.doubtful for f in on_doubt.findings if f.code == "running-total")
    assert 'id="misread"' not in render_list(list_view(on_doubt, "t"))
    # a typed list with the same error: nothing was read, nothing to correct
    typed = render_list(list_view(audit(replace(read, readings={})), "t"))
    assert 'id="misread"' not in typed and 'id="settle"' not in typed
    # the list read surely as the paper says it: no findings, no form
    from audit.simulate import simulate
    paper = simulate(random.Random(1), seats=4)
    sure = replace(paper, readings=_sure_readings(paper.games))
    assert audit(sure).status == "clean" and 'id="settle"' not in render_list(list_view(audit(sure), "t"))


def test_a_sure_reading_corrected_by_the_referee_clears_the_finding_and_shows_as_his_decision():
    """The settle file with the paper's figure for a cell read surely but wrongly: the running-total error goes, the
    page shows the figure as the referee's decision beside what was read; a figure that the paper really says (the
    keeper's mistake) keeps the error on paper, and the cell is not offered again."""
    from audit.model import Settlement
    from desk.settle import REFEREE, apply

    read, ref, true = misread_total()
    fixed = apply(read, {ref: Settlement(true, REFEREE, "Lesefehler", reading=True)})
    a = audit(fixed)
    assert a.status == "clean" and not a.errors
    html = render_list(list_view(a, "t"))
    decisions = html[html.index('id="decisions"'):html.index("</table>", html.index('id="decisions"'))]
    assert f'<td>{true + 30}</td><td class="corr"><b>{true}</b></td>' in decisions and "Lesefehler" in decisions
    assert 'id="misread"' not in html
    kept = apply(read, {ref: Settlement(true + 30, REFEREE, "steht so da", reading=True)})
    b = audit(kept)
    assert [f for f in b.errors if f.code == "running-total" and f.cells[0] == ref]
    view = list_view(b, "t")
    assert ref not in {m["cell"] for m in view.misread} and view.misread     # the other cells named still are


def test_a_corrected_lists_kept_figures_are_not_shown_or_saved_as_the_referees_decisions(samples):
    """Auditing a corrected list (``audit --corrected``): the figures its correction kept (by the lowest-score rule, not
    by the referee) stood in the table of the referee's decisions with their raw message key ("kept.footer"), green
    as "vom Schiedsrichter entschieden", and would have gone into his next settle file."""
    a = audit(load_list(samples / "lists" / "faulty-table7.csv"))
    again = audit(a.corrected.sl)
    view = list_view(again, "t7")
    assert "footer.score.3" in again.sl.settled and view.decisions == [] and view.earlier == {}
    html = render_list(view)
    assert "kept." not in html and 'title="vom Schiedsrichter entschieden' not in html and 'id="decisions"' not in html


def test_a_figure_that_counts_for_now_downstream_of_a_doubt_says_so_in_its_tooltip():
    """Game 3's total read surely (62) counts 72 for now only because game 2's total was read in doubt: its cell is
    orange like a doubt, and its tooltip said nothing (the legend says orange is "unsicher gelesen")."""
    from tests.audit.builders import make_list, row
    rows = [row(1, 3, seat=1, total=24, base=12, mit=1, plus=24),
            row(2, 3, seat=1, total=38, base=12, mit=1, plus=24), row(3, 3, seat=1, total=62)]
    doubt = CellReading(38, 0.12, ((38, 0.12), (None, 0.05)), doubtful=True, reason="bar")
    a = audit(replace(make_list(rows, signatures=None), readings={"g2.p1.total": doubt}))
    html = render_list(list_view(a, "t"))
    row3 = re.search(r"<tr><td>3</td>.*?</tr>", html, re.S).group(0)
    assert re.search(r'<td class="doubt" title="zählt vorläufig: folgt aus einem unsicher gelesenen Feld">62', row3)


def test_the_box_that_takes_a_value_the_arithmetic_chose_says_so():
    """A "mit" read "5" at 91 % and taken as "3" by the row's arithmetic: the settle form's box said "wie gelesen" and
    would save 3, which is not what was read (the paper says 5); it says "wie genommen" there."""
    from tests.audit.builders import make_list, row
    rows = [row(1, 3, seat=1, total=48, base=24, mit=1, plus=48)]
    chosen = CellReading(1, 0.01, ((5, 0.91), (1, 0.01)), doubtful=True, reason="arithmetic", chosen_by="arithmetic")
    plain = CellReading(24, 0.6, ((24, 0.6), (23, 0.3)), doubtful=True, reason="bar")
    a = audit(replace(make_list(rows, signatures=None), readings={"g1.mit": chosen, "g1.base": plain}))
    html = render_list(list_view(a, "t"))
    boxes = dict(re.findall(r'data-for="(g1\.\w+)" data-value="[^"]*"> ([^<]+)</label>', html))
    assert boxes == {"g1.mit": "wie genommen", "g1.base": "wie gelesen"}


def test_the_index_shows_the_referees_progress_decided_beside_open():
    """After the settle file was applied, the index showed only the doubts still open: 19 became 7, and nothing said
    that 12 were decided (nor, with all of them decided, that the list had had any). Each list's line and the summary
    say how many cells the referee decided."""
    from audit.model import Settlement
    from desk.settle import REFEREE, apply

    sl, _ = seeded(random.Random(1), "footer", 4)
    games = [g for g in sl.games if g.plus is not None][:3]
    read = replace(sl, readings={f"g{g.no}.plus": CellReading(g.plus, 0.42, ((g.plus, 0.42), (g.plus + 1, 0.3)),
                                                              doubtful=True) for g in games})
    settled = apply(read, {f"g{g.no}.plus": Settlement(g.plus, REFEREE, "vom Schiedsrichter entschieden",
                                                       reading=True) for g in games[:2]})
    view = list_view(audit(settled), "t")
    assert view.counts["doubts"] == 1 and view.counts["decided"] == 2
    index = render_index([view.for_index()])
    assert '<td>1 <span class="decided">✓&nbsp;2&nbsp;entschieden</span></td>' in index
    assert '<span id="decided">Vom Schiedsrichter schon entschieden: 2.</span>' in index
    untouched = render_index([list_view(audit(read), "t")])
    assert 'class="decided"' not in untouched and 'id="decided"' not in untouched


def test_a_value_the_arithmetic_took_is_not_shown_in_the_settle_form_as_if_it_were_read_best():
    """The form's column "gelesen" showed the value the row's arithmetic took in bold, as it shows a value read best:
    it says that it was taken because it fits; its candidates are buttons to take, none of them taken beforehand."""
    from tests.audit.builders import make_list, row
    rows = [row(1, 3, seat=1, total=48, base=24, mit=1, plus=48)]
    chosen = CellReading(1, 0.01, ((5, 0.91), (1, 0.01)), doubtful=True, reason="arithmetic", chosen_by="arithmetic")
    plain = CellReading(24, 0.6, ((24, 0.6), (23, 0.3)), doubtful=True, reason="bar")
    html = render_list(list_view(audit(replace(make_list(rows, signatures=None),
                                               readings={"g1.mit": chosen, "g1.base": plain})), "t"))
    form = html[html.index('id="settle"'):]
    rows = dict(re.findall(r'<span class="muted">(g1\.\w+)</span>.*?<td class="read">(.*?)</td>', form, re.S))
    assert "genommen, weil er passt, nicht weil er am besten gelesen wurde" in rows["g1.mit"]
    assert "genommen, weil er passt" not in rows["g1.base"]
    assert re.findall(r'data-pick="([^"]*)"', rows["g1.mit"]) == ["5", "1"]
    assert re.findall(r'data-pick="([^"]*)"', rows["g1.base"]) == ["24", "23"]
    assert 'tabindex="-1"' in rows["g1.base"]          # the keyboard goes field to field, not through the candidates
    assert not re.search(r'<input name="g1\.\w+"[^>]*value=', form)      # nothing filled in beforehand


def test_a_printed_standings_or_index_repeats_its_header_on_every_page(samples):
    """The standings of 120 players fill three printed pages and the index of 90 lists three: the column names stand
    in a thead, which a browser repeats atop every printed page (before: pages 2 and 3 were columns of bare figures),
    and every player and list stays in the body below it."""
    from audit.standings import standings
    from desk.html import render_standings
    a = audit(load_list(samples / "lists" / "faulty-table7.csv"))
    page = render_standings(standings([a]), "de")
    head, body = re.search(r"<thead>(.*?)</thead>\s*<tbody>(.*?)</tbody>", page, re.S).groups()
    assert "<th>Platz</th>" in head and "<td>" not in head and body.count("<tr>") == 4
    index = render_index([list_view(a, "t7"), list_view(audit(load_list(samples / "lists" / "six-games.json")), "s")])
    head, body = re.search(r"<thead>(.*?)</thead>\s*<tbody>(.*?)</tbody>", index, re.S).groups()
    assert ">Status</th>" in head and body.count("<tr ") == 2


def test_the_index_of_several_series_says_how_far_each_is(samples):
    """A tournament day's index of 90 lists over three series: one line atop says, per series, how many lists there are
    and how many still need the referee (before: only the total, and the referee counted rows to see whether series
    2 was done)."""
    six = audit(load_list(samples / "lists" / "six-games.json"))
    faulty = audit(load_list(samples / "lists" / "faulty-table7.csv"))           # series 2, errors on paper
    views = [list_view(six, "a"), list_view(faulty, "b"),
             list_view(replace(six, sl=replace(six.sl, table=replace(six.sl.table, series=2, table=3))), "c")]
    assert [v.series for v in views] == [1, 2, 2]
    html = render_index(views)
    assert '<p id="by-series">Serie 1: 1 Liste, 0 zu prüfen · Serie 2: 2 Listen, 1 zu prüfen</p>' in html
    assert "Series 2: 2 lists, 1 to check" in render_index(views, "en")
    assert 'id="by-series"' not in render_index(views[:1])                    # one series: the summary says it



def test_a_list_with_reading_doubts_and_sure_errors_on_paper_says_both():
    """The referee's review of session 53: lists with an error on paper that no doubt touches, beside a cell read in
    doubt, stood on the index as "Lesezweifel" alone, as lists whose only trouble is a doubt do, and the terminal said
    the same; an error on paper resting on a doubt ("Fehler ?") did not show in the index's error column at all."""
    from audit.report import render_text
    from tests.audit.builders import make_list, row
    mismatch = row(1, 3, seat=1, total=25, base=12, mit=1, plus=25)           # Karo mit 1 is 24, not 25
    slip = row(2, 3, seat=2, total=30, base=12, mit=1, plus=24)               # a total of 30 after 0 + 24
    doubt = {"g1.plus": CellReading(25, 0.42, ((25, 0.42), (24, 0.3)), doubtful=True, reason="bar")}
    sure = audit(make_list([mismatch, slip], games=2, signatures=None))
    assert sure.status == "paper-errors" and sure.statuses == ("paper-errors",)
    both = audit(replace(make_list([mismatch, slip], games=2, signatures=None), readings=doubt))
    assert both.status == "reading-doubts" and both.statuses == ("reading-doubts", "paper-errors")
    assert render_text(both, lang="de").splitlines()[0].endswith(": Lesezweifel + Fehler auf der Liste")
    assert render_text(both, lang="en").splitlines()[0].endswith(": reading doubts + errors on the list")
    view = list_view(both, "t", "de")
    index = render_index([view], "de")
    assert view.status_label == "Lesezweifel + Fehler"
    assert '<span class="status reading-doubts">Lesezweifel + Fehler</span>' in index
    told = [f for f in both.findings if f.severity == "error" and f.doubtful]      # g1's "+" told as "Fehler ?"
    assert len(told) == 1 and told[0].game == 1 and view.counts["errors"] == len(both.errors) == 1
    assert ('<td>1 <span class="detail" title="dazu Fehler, die auf einer unsicher gelesenen Zelle ruhen (Fehler ?)">'
            '(+1&nbsp;?)</span></td>') in index
    # a doubt whose row has the only error on paper: a reading doubt alone
    alone = audit(replace(make_list([mismatch], games=1, signatures=None), readings=doubt))
    assert not alone.errors and alone.statuses == ("reading-doubts",)
    assert list_view(alone, "a", "de").status_label == "Lesezweifel"
    assert render_text(alone, lang="de").splitlines()[0].endswith(": Lesezweifel")


def test_the_settle_form_offers_both_answers_of_a_mark_cell_and_the_figure_a_row_implies():
    """The re-review of session 53: small-720.jpg's g36.passed in doubt with "X" at 0.7 % beside "no mark", and
    skatscan-4-errors.jpg's g16.p2.won read empty in doubt beside the "1" its row implies at 0.24 %: the form's
    buttons showed only what the reader gives 1 % or more, and the referee had nothing to tap but what was read."""
    from desk.pages import _shown_candidates
    mark = CellReading(False, 0.62, ((False, 0.6702), (True, 0.0073)), doubtful=True, reason="bar")
    assert [v for v, _ in _shown_candidates(mark)] == ["", "X"] and _shown_candidates(mark)[1][1] == "<1"
    count = CellReading(None, 0.99, ((None, 0.99), (6, 0.002), (1, 0.0024)), doubtful=True, reason="row")
    assert [v for v, _ in _shown_candidates(count)] == ["", "1"]      # the implied figure, shown last; not the 6
    plain = CellReading(12, 0.5, ((12, 0.5), (13, 0.3), (18, 0.004)), doubtful=True, reason="bar")
    assert [v for v, _ in _shown_candidates(plain)] == ["12", "13"]
