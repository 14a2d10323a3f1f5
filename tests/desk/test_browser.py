"""The review report in a real browser: headless Chromium opens the samples' report; the page
a referee reads has what he needs. A screenshot is saved for people to look at
(``SKATSCAN_SCREENSHOTS`` names the folder; default: the test's temporary folder)."""
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from skatscan.cli import cli

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]

pytestmark = pytest.mark.skipif(CHROMIUM is None and not os.environ.get("CI"),
                                reason="chromium not installed (apt-get install chromium)")


def browser(tmp_path, *args) -> subprocess.CompletedProcess:
    assert CHROMIUM, "chromium must be installed in CI (.ci/run installs it)"
    profile = tmp_path / "profile"
    return subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", *args],
                          capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    out = tmp_path_factory.mktemp("report")
    samples = Path(__file__).resolve().parents[2] / "samples" / "lists"
    result = CliRunner().invoke(cli, ["audit", str(samples), "--report", str(out)])
    assert result.exit_code == 1, result.output
    return out


def test_index_lists_the_work_first(report, tmp_path):
    dom = browser(tmp_path, "--dump-dom", (report / "index.html").as_uri()).stdout
    assert '<table id="lists">' in dom
    rows = dom.split('<tr class="row-')[1:]
    assert [r.split('"')[0] for r in rows] == ["paper-errors", "paper-errors"] + ["clean"] * 4
    assert "Fehler auf der Liste" in dom and 'href="lists/faulty-table7.html"' in dom


def test_list_page_has_what_the_referee_needs(report, tmp_path):
    page = report / "lists" / "faulty-table7.html"
    dom = browser(tmp_path, "--dump-dom", page.as_uri()).stdout
    for element in ('id="status"', 'id="findings"', 'id="rows"', 'id="corrections"', 'id="result"'):
        assert element in dom
    assert 'class="err"' in dom and "→ 46" in dom and "SkWO 7.2.5" in dom
    shots = Path(os.environ.get("SKATSCAN_SCREENSHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    shot = shots / "report-faulty-table7.png"
    browser(tmp_path, "--window-size=1200,1600", f"--screenshot={shot}", page.as_uri())
    assert shot.exists() and shot.stat().st_size > 20_000


def test_report_is_readable_on_a_phone(report, tmp_path):
    shot = tmp_path / "phone.png"
    browser(tmp_path, "--window-size=390,844", f"--screenshot={shot}", (report / "index.html").as_uri())
    assert shot.exists() and shot.stat().st_size > 5_000


@pytest.fixture(scope="module")
def photo_report(tmp_path_factory):
    out = tmp_path_factory.mktemp("photo-report")
    photos = Path(__file__).resolve().parents[2] / "samples" / "photos"
    result = CliRunner().invoke(cli, ["scan", str(photos), "--report", str(out)])
    assert result.exit_code == 2, result.output          # the photo that is not a list
    return out


def test_photo_report_shows_the_photo_with_the_cells_marked(photo_report, tmp_path):
    index = browser(tmp_path, "--dump-dom", (photo_report / "index.html").as_uri()).stdout
    assert "Foto nicht lesbar" in index and "not-a-list.jpg" in index
    page = photo_report / "lists" / "skatscan-4-errors.html"
    dom = browser(tmp_path, "--dump-dom", page.as_uri()).stdout
    assert 'id="photo"' in dom and 'src="../img/skatscan-4-errors.jpg"' in dom
    assert (photo_report / "img" / "skatscan-4-errors.jpg").stat().st_size > 50_000
    assert 'id="rows"' in dom and 'id="result"' in dom
    shots = Path(os.environ.get("SKATSCAN_SCREENSHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    shot = shots / "report-photo-skatscan-4-errors.png"
    browser(tmp_path, "--window-size=1200,2400", f"--screenshot={shot}", page.as_uri())
    assert shot.stat().st_size > 50_000


#: What a page would download is kept in the body's data-saved, and nothing is downloaded.
KEEP_SAVED = """var Original = Blob;
window.Blob = function (parts, options) {
  document.body.setAttribute("data-saved", parts.join(""));
  return new Original(parts, options);
};
HTMLAnchorElement.prototype.click = function () {};
"""

DRIVER = """
<script>
// the test's hand: keep what the page would download, tick "as read" on the first doubt, type into the second
""" + KEEP_SAVED + """var boxes = document.querySelectorAll("#settle input[data-for]");
boxes[0].checked = true; boxes[0].dispatchEvent(new Event("change"));
document.querySelector('#settle input[name="' + boxes[1].dataset.for + '"]').value = "7";
document.getElementById("save").click();
</script>
"""


def test_the_referee_settles_doubts_in_the_browser_and_the_next_scan_takes_them(photo_report, tmp_path):
    """The page's form in a real browser: "as read" on one doubt and a figure typed into another give the
    settle file (readings of the paper), which a new scan of the photos applies: those two cells are no longer in
    doubt, the others still are."""
    import json
    import re

    from desk.settle import read_settlements

    page = (photo_report / "lists" / "skatscan-4-errors.html").read_text(encoding="utf-8")
    driven = tmp_path / "page.html"
    driven.write_text(page.replace("</body>", DRIVER + "</body>"), encoding="utf-8")
    dom = browser(tmp_path, "--virtual-time-budget=2000", "--dump-dom", driven.as_uri()).stdout
    saved = json.loads(re.search(r'data-saved="([^"]*)"', dom).group(1).replace("&quot;", '"'))
    refs = re.findall(r'<input type="checkbox" data-for="([^"]+)" data-value="([^"]*)"', page)
    (first, shown), (second, _) = refs[0], refs[1]
    assert set(saved["cells"]) == {first, second} and saved["format"] == "skatscan.settle/1"
    # the list it decides, by its photo's hash as the report's manifest has it (scan --settle-from takes it by that)
    manifest = json.loads((photo_report / "results" / "manifest.json").read_text(encoding="utf-8"))
    # and the report whose page saved it (from the downloads folder only this report's are taken)
    rid = json.loads((photo_report / "results" / "report.id").read_text(encoding="utf-8"))["id"]
    assert saved["list"] == {"name": "skatscan-4-errors", "sha256": manifest["skatscan-4-errors"]["sha256"],
                             "report": rid}
    assert all(c["reading"] is True for c in saved["cells"].values())
    # a start number typed is saved as its text, as the list holds it
    assert saved["cells"][second]["value"] == ("7" if second.startswith("table.start_number.") else 7)
    want = True if shown == "X" else None if shown == "∅" else shown if first.startswith("table.start_number.") \
        else float(shown.replace(",", "."))
    assert saved["cells"][first]["value"] == want
    # the file in the report's settle folder (a copy of the report): the next scan applies it
    report = tmp_path / "report"
    shutil.copytree(photo_report, report)
    settle = report / "settle" / "skatscan-4-errors.settle.json"
    settle.parent.mkdir(exist_ok=True)
    settle.write_text(json.dumps(saved), encoding="utf-8")
    assert set(read_settlements(settle)) == {first, second}
    photos = Path(__file__).resolve().parents[2] / "samples" / "photos"
    CliRunner().invoke(cli, ["scan", str(photos / "skatscan-4-errors.jpg"), "--report", str(report)])
    after = (report / "lists" / "skatscan-4-errors.html").read_text(encoding="utf-8")
    left = re.findall(r'<input type="checkbox" data-for="([^"]+)"', after)
    assert first not in left and second not in left and len(left) == len(refs) - 2
    # a second save on the new page keeps the first decisions in the file it makes (saved under the same name, it
    # replaces the first file: its decisions were lost at the next run)
    again = tmp_path / "again.html"
    again.write_text(after.replace("</body>", SECOND_DRIVER + "</body>"), encoding="utf-8")
    dom = browser(tmp_path, "--virtual-time-budget=2000", "--dump-dom", again.as_uri()).stdout
    resaved = json.loads(re.search(r'data-saved="([^"]*)"', dom).group(1).replace("&quot;", '"'))
    assert set(resaved["cells"]) == {first, second, left[0]}
    # kept as the list holds it: a start number as its text (the decision file takes text there since session 52)
    kept = "7" if second.startswith("table.start_number.") else 7
    assert {k: resaved["cells"][second][k] for k in ("value", "reading")} == {"value": kept, "reading": True}
    assert resaved["cells"][left[0]]["value"] == ("5" if left[0].startswith("table.start_number.") else 5)


SECOND_DRIVER = """
<script>
""" + KEEP_SAVED + """var box = document.querySelector("#settle input[data-for]");
document.querySelector('#settle input[name="' + box.dataset.for + '"]').value = "5";
document.getElementById("save").click();
</script>
"""


PARSE_DRIVER = """
<script>
// what the page makes of what a referee types as the paper says it, and a save with one entry it does not understand
var typed = ["36", "-48", "+24", "3,50", "4,-", "0.5", "X", "x", "+", "ja", "∅", "-", "nein", " 12 ", "zwölf",
             "3,,5"];
document.body.setAttribute("data-parsed", JSON.stringify(typed.map(function (v) {
  var p = paperValue(v); return p === undefined ? "?" : p; })));
// a start number is kept as typed, text (leading zero, letters); any other cell as the paper value
document.body.setAttribute("data-start", JSON.stringify([["table.start_number.2", "0129"],
  ["table.start_number.2", "A7"], ["table.start_number.2", " 7 "], ["table.start_number.2", "∅"],
  ["g3.plus", "0129"], ["g3.plus", "A7"]].map(function (c) {
    var p = cellValue(c[0], c[1]); return p === undefined ? "?" : p; })));
""" + KEEP_SAVED + """var inputs = document.querySelectorAll("#settle input[name]");
inputs[0].value = "4,-"; inputs[1].value = "zwölf";
document.getElementById("save").click();
document.body.setAttribute("data-problem", document.getElementById("settle-problem").textContent);
</script>
"""


def test_the_settle_form_reads_what_the_paper_says_and_refuses_what_it_does_not_understand(photo_report, tmp_path):
    """Money written "4,-", marks written "+" or "ja" and an empty cell written "-" were saved as an empty cell (the
    form took anything but a plain number or X for nothing); text it cannot read is no decision: nothing is saved
    and the page says which entry it did not understand."""
    import html
    import json
    import re

    page = (photo_report / "lists" / "skatscan-4-errors.html").read_text(encoding="utf-8")
    driven = tmp_path / "page.html"
    driven.write_text(page.replace("</body>", PARSE_DRIVER + "</body>"), encoding="utf-8")
    dom = browser(tmp_path, "--virtual-time-budget=2000", "--dump-dom", driven.as_uri()).stdout
    parsed = json.loads(html.unescape(re.search(r'data-parsed="([^"]*)"', dom).group(1)))
    assert parsed == [36, -48, 24, 3.5, 4, 0.5, True, True, True, True, None, None, None, 12, "?", "?"]
    # a start number as text: "0129" kept with its zero and "A7" taken (the review of session 52: saved as 129, and
    # refused as not understood)
    start = json.loads(html.unescape(re.search(r'data-start="([^"]*)"', dom).group(1)))
    assert start == ["0129", "A7", "7", None, 129, "?"]
    assert 'data-saved="' not in dom                   # nothing saved
    problem = html.unescape(re.search(r'data-problem="([^"]*)"', dom).group(1))
    assert problem.startswith("Nicht gespeichert, nicht verstanden") and problem.endswith(": zwölf")


#: The widths of a page's tables (id: table's width, the width its box shows, the page's width), measured in the
#: browser; with "print" the page's print rules applied first (headless Chromium lays a page out for the screen
#: alone), the window as wide as an A4 page's printable width.
MEASURE = """
<script>
(function () {
  if (document.body.dataset.media === "print") {
    for (const sheet of document.styleSheets) for (const rule of Array.from(sheet.cssRules))
      if (rule.media && rule.media.mediaText.indexOf("print") >= 0)
        for (const r of Array.from(rule.cssRules)) sheet.insertRule(r.cssText, sheet.cssRules.length);
  }
  var out = {};
  document.querySelectorAll("table[id]").forEach(function (t) {
    out[t.id] = [t.offsetWidth, t.parentElement.clientWidth, document.documentElement.clientWidth];
  });
  document.body.setAttribute("data-widths", JSON.stringify(out));
})();
</script>
"""
A4_ACROSS = 1040          # px: an A4 page's printable width across (landscape, 297 mm less the margins) at 96 dpi


def table_widths(tmp_path, page: Path, width: int, media: str = "screen") -> dict:
    """id -> (table's width, its box's width, the page's width) of the page's tables at a window ``width`` wide."""
    import html
    import json
    import re

    driven = page.parent / f"measured-{media}-{page.name}"
    text = page.read_text(encoding="utf-8").replace("<body>", f'<body data-media="{media}">')
    driven.write_text(text.replace("</body>", MEASURE + "</body>"), encoding="utf-8")
    try:
        dom = browser(tmp_path, f"--window-size={width},1000", "--virtual-time-budget=2000", "--dump-dom",
                      driven.as_uri()).stdout
    finally:
        driven.unlink()
    return json.loads(html.unescape(re.search(r'data-widths="([^"]*)"', dom).group(1)))


def test_the_index_fits_a_tablet_held_upright(photo_report, tmp_path):
    """At 820 px (a tablet upright) the index's table ran past the screen: the sentence why a photo could not be
    read was cut at its right edge, to be found by scrolling sideways."""
    widths = table_widths(tmp_path, photo_report / "index.html", 820)
    table, box, page = widths["lists"]
    assert table <= box <= page, widths


def test_the_games_of_a_table_of_four_fit_a_laptop_screen(photo_report, tmp_path):
    """At 1366 px the rows of a table of four ran 1580 px wide: the seats 3 and 4, where most corrections stand, were
    off the screen (each seat's three columns were headed "P3 Stand", "P3 Gew.", "P3 Verl.")."""
    widths = table_widths(tmp_path, photo_report / "lists" / "skatscan-4-errors.html", 1366)
    table, box, page = widths["rows"]
    assert table <= box <= page, widths


def test_a_printed_list_page_keeps_every_column(photo_report, tmp_path):
    """Printed (A4), the tables were cut at the page's right edge: their boxes scroll on a screen, and paper does
    not scroll; the games lost the seats 2 to 4, the corrections their rule. The page prints across."""
    page = photo_report / "lists" / "skatscan-4-errors.html"
    assert "@page { size: A4 landscape; }" in page.read_text(encoding="utf-8")
    widths = table_widths(tmp_path, page, A4_ACROSS, "print")
    assert {"rows", "corrections", "result"} <= set(widths)
    for name, (table, box, page) in widths.items():
        assert table <= box <= page, (name, widths)


KEYBOARD_DRIVER = """
<script>
// the referee's keyboard: a figure typed and Enter in the field. A form submitted (Enter in the only text field of a
// form submits it) loads the page anew with the figure in its address, and the figure is gone from the field
if (location.search) { document.body.setAttribute("data-reloaded", location.search); }
else {
  var inputs = document.querySelectorAll("#settle input[name]");
  inputs[0].focus(); inputs[0].value = "97";
  inputs[0].dispatchEvent(new KeyboardEvent("keydown", {key: "Enter", bubbles: true, cancelable: true}));
  document.body.setAttribute("data-focus", document.activeElement.name || document.activeElement.id);
  document.getElementById("settle").requestSubmit();      // what Enter does in a form's only text field
  document.body.setAttribute("data-kept", inputs[0].value);
}
</script>
"""


def _drive_by_keyboard(tmp_path, html: str) -> str:
    page = tmp_path / "keyboard.html"
    page.write_text(html.replace("</body>", KEYBOARD_DRIVER + "</body>"), encoding="utf-8")
    return browser(tmp_path, "--virtual-time-budget=3000", "--dump-dom", page.as_uri()).stdout


def test_enter_in_the_settle_form_goes_to_the_next_cell_and_never_reloads_the_page(tmp_path):
    """Keyboard alone: Enter in a list's only doubt loaded the page anew (the form was submitted, "?g1.plus=97" in
    the address) and the figure typed was lost; with several doubts Enter did nothing. Enter now goes on to the next
    cell's field, after the last to the button that saves."""
    import random
    from dataclasses import replace

    from audit.auditor import audit
    from audit.model import CellReading
    from audit.simulate import seeded
    from desk.html import render_list
    from desk.pages import list_view

    sl, _ = seeded(random.Random(1), "footer", 4)
    games = [g for g in sl.games if g.plus is not None]

    def page(n):
        readings = {f"g{g.no}.plus": CellReading(g.plus, 0.42, ((g.plus, 0.42), (g.plus + 1, 0.3)), doubtful=True)
                    for g in games[:n]}
        return render_list(list_view(audit(replace(sl, readings=readings)), "t"))
    one = _drive_by_keyboard(tmp_path, page(1))
    assert 'data-reloaded="' not in one and 'data-kept="97"' in one and 'data-focus="save"' in one
    two = _drive_by_keyboard(tmp_path, page(2))
    assert f'data-focus="g{games[1].no}.plus"' in two and 'data-kept="97"' in two


STICKY_DRIVER = """
<script>
// the referee's thumb: the games' box scrolled sideways to the seats 3 and 4 on a tablet
var box = document.getElementById("rows").parentElement;
box.scrollLeft = box.scrollWidth;
var cell = document.querySelector("#rows tr:nth-child(5) > td");
document.body.setAttribute("data-shift", String(Math.round(cell.getBoundingClientRect().left
                                                           - box.getBoundingClientRect().left)));
document.body.setAttribute("data-scrolled", String(box.scrollLeft));
</script>
"""


def test_the_games_number_stays_in_sight_when_the_rows_are_scrolled_sideways_on_a_tablet(photo_report, tmp_path):
    """On a tablet (820 px) the games' table scrolls sideways; scrolled to the seats 3 and 4, the game's number went
    out of sight with it, and a figure could not be told from which game it was."""
    import re

    page = photo_report / "lists" / "skatscan-4-errors.html"
    driven = page.parent / "sticky.html"
    driven.write_text(page.read_text(encoding="utf-8").replace("</body>", STICKY_DRIVER + "</body>"),
                      encoding="utf-8")
    try:
        dom = browser(tmp_path, "--window-size=820,1180", "--virtual-time-budget=2000", "--dump-dom",
                      driven.as_uri()).stdout
    finally:
        driven.unlink()
    assert int(re.search(r'data-scrolled="(\d+)"', dom).group(1)) > 100     # the table does scroll there
    assert abs(int(re.search(r'data-shift="(-?\d+)"', dom).group(1))) <= 2


EMPTY_DRIVER = """
<script>
""" + KEEP_SAVED + """document.getElementById("save").click();
document.body.setAttribute("data-problem", document.getElementById("settle-problem").textContent);
</script>
"""


def test_saving_the_settle_form_with_nothing_entered_saves_nothing_and_says_so(photo_report, tmp_path):
    """Each field showed the value read in grey (a placeholder), which looks entered: a referee who saved the form
    so got a settle file with no decision in it and thought the doubts settled. The field now says it is open, and
    saving with nothing entered says that nothing was entered, and downloads nothing."""
    import html
    import re

    text = (photo_report / "lists" / "skatscan-4-errors.html").read_text(encoding="utf-8")
    doubts, _, misread = text.partition('id="misread"')
    fields = re.findall(r'<input name="([^"]+)"[^>]*placeholder="([^"]*)"', doubts)
    assert fields and all(placeholder == "offen" for _, placeholder in fields)
    # the cells read surely that an error names (filled in only where the paper says otherwise): empty means as read
    fields = re.findall(r'<input name="([^"]+)"[^>]*placeholder="([^"]*)"', misread)
    assert fields and all(placeholder == "wie gelesen" for _, placeholder in fields)
    driven = tmp_path / "empty.html"
    driven.write_text(text.replace("</body>", EMPTY_DRIVER + "</body>"), encoding="utf-8")
    dom = browser(tmp_path, "--virtual-time-budget=2000", "--dump-dom", driven.as_uri()).stdout
    assert 'data-saved="' not in dom
    assert html.unescape(re.search(r'data-problem="([^"]*)"', dom).group(1)).startswith("Nichts eingetragen")


ASREAD_DRIVER = """
<script>
// "as read" ticked, then another figure typed into the field: the box said "as read" beside a figure that was not
var box = document.querySelector("#settle input[data-for]");
box.click();
var input = document.querySelector('#settle input[name="' + box.dataset.for + '"]');
input.value = "4711"; input.dispatchEvent(new Event("input", {bubbles: true}));
document.body.setAttribute("data-ticked", String(box.checked));
</script>
"""


def test_as_read_is_unticked_when_another_figure_is_typed(photo_report, tmp_path):
    """"wie gelesen" ticked, then another figure typed: the box stayed ticked beside a figure that was not the one
    read (and unticking it later wiped the figure typed)."""
    page = (photo_report / "lists" / "skatscan-4-errors.html").read_text(encoding="utf-8")
    driven = tmp_path / "asread.html"
    driven.write_text(page.replace("</body>", ASREAD_DRIVER + "</body>"), encoding="utf-8")
    dom = browser(tmp_path, "--virtual-time-budget=2000", "--dump-dom", driven.as_uri()).stdout
    assert 'data-ticked="false"' in dom


MISREAD_DRIVER = """
<script>
// the referee sees on the picture beside the error that the paper says otherwise than read: he types the paper's
// figure into the cell's field in the form's separate part, presses Enter (on to the next field) and saves
""" + KEEP_SAVED + """var input = document.querySelector('#misread input[name="CELL"]');
input.focus(); input.value = "VALUE";
input.dispatchEvent(new KeyboardEvent("keydown", {key: "Enter", bubbles: true, cancelable: true}));
document.body.setAttribute("data-focus", document.activeElement.name || document.activeElement.id);
document.getElementById("save").click();
</script>
"""


def test_the_referee_corrects_a_cell_read_surely_but_wrongly_and_the_false_error_goes(tmp_path):
    """A running total read surely but wrongly (74 where the paper says 44) made a sure "Fehler" that only a settle
    file written by hand could lift. The form's part "Auf dem Papier steht etwas anderes als gelesen" takes the
    paper's figure; saved, it is a reading like the doubts' decisions, and applied the error is gone and the page
    shows the figure as the referee's decision."""
    import html
    import json
    import re

    from audit.auditor import audit
    from desk.html import render_list
    from desk.pages import list_view
    from desk.settle import apply, read_settlements
    from tests.desk.test_html import misread_total

    read, ref, true = misread_total()
    page = render_list(list_view(audit(read), "t"))
    names = re.findall(r'<input name="([^"]+)"', page[page.index('id="misread"'):])
    driven = tmp_path / "misread.html"
    driven.write_text(page.replace("</body>", MISREAD_DRIVER.replace("CELL", ref).replace("VALUE", str(true))
                                   + "</body>"), encoding="utf-8")
    dom = browser(tmp_path, "--virtual-time-budget=2000", "--dump-dom", driven.as_uri()).stdout
    after = names[names.index(ref) + 1] if names.index(ref) + 1 < len(names) else "save"
    assert f'data-focus="{after}"' in dom
    saved = json.loads(html.unescape(re.search(r'data-saved="([^"]*)"', dom).group(1)))
    assert saved["format"] == "skatscan.settle/1" and set(saved["cells"]) == {ref}
    decision = saved["cells"][ref]
    assert decision["value"] == true and decision["reading"] is True     # corrects what was read, not the keeper
    settle = tmp_path / "t.settle.json"
    settle.write_text(json.dumps(saved), encoding="utf-8")
    a = audit(apply(read, read_settlements(settle)))
    assert a.status == "clean" and not [f for f in a.errors if f.code == "running-total"]
    again = render_list(list_view(a, "t"))
    assert 'id="misread"' not in again
    decisions = again[again.index('id="decisions"'):again.index("</table>", again.index('id="decisions"'))]
    assert f'<td class="corr"><b>{true}</b></td>' in decisions and decision["note"] in html.unescape(decisions)


def test_a_figure_typed_as_it_was_read_in_the_misread_part_is_not_noted_as_otherwise_than_read(tmp_path):
    """The paper's figure typed into the part "Auf dem Papier steht etwas anderes als gelesen" as it was read (the
    referee confirming the reading) was noted "auf dem Papier anders als gelesen"; it gets the plain note."""
    import html
    import json
    import re

    from audit.auditor import audit
    from desk.html import render_list
    from desk.pages import list_view
    from tests.desk.test_html import misread_total

    read, ref, _ = misread_total()
    page = render_list(list_view(audit(read), "t"))
    shown = re.search(rf'<input name="{re.escape(ref)}"[^>]*data-read="([^"]*)"', page).group(1)
    driven = tmp_path / "asread.html"
    driven.write_text(page.replace("</body>", MISREAD_DRIVER.replace("CELL", ref).replace("VALUE", shown)
                                   + "</body>"), encoding="utf-8")
    dom = browser(tmp_path, "--virtual-time-budget=2000", "--dump-dom", driven.as_uri()).stdout
    saved = json.loads(html.unescape(re.search(r'data-saved="([^"]*)"', dom).group(1)))
    assert saved["cells"][ref]["note"] == "vom Schiedsrichter entschieden"


def _doubts_page(n: int, name: str = "t", lang: str = "de") -> str:
    """The page of a list with ``n`` totals read in doubt (the game's "+", read at 42 %, its runner-up one more)."""
    import random
    from dataclasses import replace

    from audit.auditor import audit
    from audit.model import CellReading
    from audit.simulate import seeded
    from desk.html import render_list
    from desk.pages import list_view

    sl, _ = seeded(random.Random(1), "footer", 4)
    games = [g for g in sl.games if g.plus is not None]
    readings = {f"g{g.no}.plus": CellReading(g.plus, 0.42, ((g.plus, 0.42), (g.plus + 1, 0.3)), doubtful=True)
                for g in games[:n]}
    return render_list(list_view(audit(replace(sl, readings=readings)), name), lang)


def _run(tmp_path, html: str, driver: str, name: str = "driven.html", *args) -> str:
    page = tmp_path / name
    page.write_text(html.replace("</body>", "<script>\n" + driver + "\n</script>\n</body>"), encoding="utf-8")
    return browser(tmp_path, "--virtual-time-budget=3000", *args, "--dump-dom", page.as_uri()).stdout


def _attr(dom: str, name: str) -> str:
    import html
    import re

    found = re.search(rf'data-{name}="([^"]*)"', dom)
    assert found, f"data-{name} not set: the driver failed"
    return html.unescape(found.group(1))


SPACE_DRIVER = KEEP_SAVED + """
// the referee's keyboard: the picture shows what was read in the first cell (Space), a figure for the second (Enter)
function key(el, k) { el.dispatchEvent(new KeyboardEvent("keydown", {key: k, bubbles: true, cancelable: true})); }
var inputs = document.querySelectorAll("#settle input[name]");
inputs[0].focus(); key(inputs[0], " ");
document.body.setAttribute("data-after-space", document.activeElement.name || document.activeElement.id);
inputs[1].value = "4711"; inputs[1].dispatchEvent(new Event("input", {bubbles: true})); key(inputs[1], " ");
document.body.setAttribute("data-typed", inputs[1].value);
key(inputs[1], "Enter");
document.body.setAttribute("data-progress", document.getElementById("settle-progress").textContent);
document.getElementById("save").click();
document.body.setAttribute("data-told", document.getElementById("settle-saved").textContent);
"""


def test_space_in_an_empty_doubt_takes_the_value_read_and_goes_on_one_key_a_doubt(tmp_path):
    """A doubt the picture confirms took three keys (Tab to "wie gelesen", Space, Tab on) and a click on a 13 px box;
    Space in the empty field takes what was read and goes on to the next cell. In a field with a figure typed, Space
    is no decision. The form counts the doubts decided and open, and says where the file was saved and what next."""
    import json
    import re

    page = _doubts_page(3)
    cells = re.findall(r'<input type="checkbox" data-for="([^"]+)" data-value="([^"]*)"', page)
    dom = _run(tmp_path, page, SPACE_DRIVER)
    assert _attr(dom, "after-space") == cells[1][0]
    assert _attr(dom, "typed") == "4711"
    assert _attr(dom, "progress") == "2 von 3 entschieden, 1 offen"
    saved = json.loads(_attr(dom, "saved"))["cells"]
    note = "vom Schiedsrichter entschieden"
    assert saved == {cells[0][0]: {"value": int(cells[0][1]), "reading": True, "note": note},
                     cells[1][0]: {"value": 4711, "reading": True, "note": note}}
    assert _attr(dom, "told").startswith("Gespeichert: 2 Entscheidungen in t.settle.json")


PICK_DRIVER = KEEP_SAVED + """
// the referee's finger on a tablet: the runner-up of the first cell is what the paper says
var row = document.querySelector("#settle tr.doubt-row");
var picks = row.querySelectorAll("button[data-pick]");
picks[1].click();
var box = row.querySelector("input[data-for]");
document.body.setAttribute("data-ticked", String(box.checked));
picks[0].click();
document.body.setAttribute("data-ticked-read", String(box.checked));
picks[1].click();
document.body.setAttribute("data-done", String(row.classList.contains("done")));
var size = picks[0].getBoundingClientRect();
document.body.setAttribute("data-size", Math.round(size.width) + "x" + Math.round(size.height));
document.getElementById("save").click();
"""


def test_a_candidate_tapped_is_the_decision_and_a_finger_can_hit_it(tmp_path):
    """On a tablet a doubt took a tap into the field, the screen keyboard and typing (the candidates were grey text);
    each candidate is a button now, about a fingertip big: one tap decides the cell, "wie gelesen" ticked only for
    the value read."""
    import json
    import re

    page = _doubts_page(2)
    cell, read = re.findall(r'<input type="checkbox" data-for="([^"]+)" data-value="([^"]*)"', page)[0]
    dom = _run(tmp_path, page, PICK_DRIVER, "pick.html", "--window-size=820,1180")
    assert _attr(dom, "ticked") == "false" and _attr(dom, "ticked-read") == "true" and _attr(dom, "done") == "true"
    width, height = map(int, _attr(dom, "size").split("x"))
    assert width >= 40 and height >= 36
    assert json.loads(_attr(dom, "saved"))["cells"] == {cell: {"value": int(read) + 1, "reading": True,
                                                               "note": "vom Schiedsrichter entschieden"}}


RECORD = """
var fields = document.querySelectorAll("#settle input[name]"), note = document.getElementById("draft-note");
document.body.setAttribute("data-values", JSON.stringify(Array.prototype.map.call(fields, function (i) {
  return i.value; })));
document.body.setAttribute("data-note", note.hidden ? "" : note.textContent);
document.body.setAttribute("data-progress", document.getElementById("settle-progress").textContent);
document.body.setAttribute("data-rows", Array.prototype.map.call(document.querySelectorAll("#settle tr.doubt-row"),
                                                                 function (r) { return r.className; }).join(" | "));
"""


DRAFT_DRIVER = """
// the referee types two decisions, then the page is loaded anew (a reload, the back button, the browser closed)
var inputs = document.querySelectorAll("#settle input[name]");
if (!location.search) {
  inputs[0].value = "97"; inputs[0].dispatchEvent(new Event("input", {bubbles: true}));
  inputs[1].value = "X"; inputs[1].dispatchEvent(new Event("input", {bubbles: true}));
  location.href = location.href + "?again";
} else if (location.search === "?drop") {
  document.getElementById("draft-drop").click();
  location.href = location.href.replace("?drop", "?dropped");
} else {
""" + RECORD + """}
"""


def test_what_the_referee_typed_survives_a_reload_and_goes_to_no_other_list(tmp_path):
    """A reload, the back button or a closed tab lost every figure typed into the form (an evening's work on a list
    of 30 doubts); the page keeps the entries in the browser and restores them, saying so, with a button to drop
    them. Another list of the same name (another tournament's, or the list with other doubts) gets none of them."""
    import json

    dom = _run(tmp_path, _doubts_page(3), DRAFT_DRIVER, "draft.html")
    assert json.loads(_attr(dom, "values")) == ["97", "X", ""]
    assert _attr(dom, "note").startswith("2 Einträge von vorhin auf dieser Seite wiederhergestellt")
    assert _attr(dom, "progress") == "2 von 3 entschieden, 1 offen"
    assert [r.split() for r in _attr(dom, "rows").split(" | ")] == [["doubt-row", "done"]] * 2 + [["doubt-row"]]
    # dropped, they stay dropped
    page = tmp_path / "draft.html"
    dropped = browser(tmp_path, "--virtual-time-budget=3000", "--dump-dom", page.as_uri() + "?drop").stdout
    assert json.loads(_attr(dropped, "values")) == ["", "", ""] and _attr(dropped, "note") == ""
    # typed again, then a list of the same name with other doubts: none of the other list's entries
    _run(tmp_path, _doubts_page(3), DRAFT_DRIVER, "draft.html")
    other = _run(tmp_path, _doubts_page(4), RECORD, "other.html")
    assert json.loads(_attr(other, "values")) == ["", "", "", ""] and _attr(other, "note") == ""


NEXT_DRIVER = """
var link = document.getElementById("next-list");
document.body.setAttribute("data-next", link.hidden ? "" : link.getAttribute("href") + " " + link.textContent);
document.body.setAttribute("data-batch", document.getElementById("batch").hidden ? "" :
                           document.getElementById("batch-open").textContent);
"""


def test_a_list_page_says_the_doubts_open_in_the_report_and_links_the_next_list_with_doubts(tmp_path):
    """Done with a list, the referee went back to the index to find the next list with doubts, and no page said how
    many were left across the report. The report writes ``lists/batch.js`` beside the pages (a page opened from disk
    may load a script beside it, not read a file): each page's form says the doubts open at the last run and links
    the next list with doubts in the index's order, after the last list the first."""
    import random
    from dataclasses import replace

    from audit.auditor import audit
    from audit.model import CellReading
    from audit.simulate import seeded
    from desk.html import write_report
    from desk.pages import list_view

    views = []
    for k, n in enumerate((2, 0, 3)):
        sl, _ = seeded(random.Random(k), "footer", 4)
        sl = replace(sl, table=replace(sl.table, series=1, table=k + 1))
        games = [g for g in sl.games if g.plus is not None]
        readings = {f"g{g.no}.plus": CellReading(g.plus, 0.42, ((g.plus, 0.42), (g.plus + 1, 0.3)), doubtful=True)
                    for g in games[:n]}
        views.append(list_view(audit(replace(sl, readings=readings)), f"l{k + 1}"))
    write_report(tmp_path / "r", views)
    lists = tmp_path / "r" / "lists"
    assert (lists / "batch.js").is_file()
    first = _run(lists, (lists / "l1.html").read_text(encoding="utf-8"), NEXT_DRIVER, "d1.html")
    assert _attr(first, "next") == "l3.html Nächste Liste mit Zweifeln: Serie 1 · Tisch 3 (3) →"
    assert _attr(first, "batch") == "Im Bericht beim letzten Lauf: 5 Zweifel offen auf 2 Listen."
    last = _run(lists, (lists / "l3.html").read_text(encoding="utf-8"), NEXT_DRIVER, "d3.html")
    assert _attr(last, "next").startswith("l1.html ")
    # a page without the batch (copied away on its own): the form works, without the line
    alone = tmp_path / "alone"
    alone.mkdir()
    page = _run(alone, (lists / "l1.html").read_text(encoding="utf-8"), NEXT_DRIVER, "d1.html")
    assert _attr(page, "next") == "" and _attr(page, "batch") == ""


MISREAD_DRAFT_DRIVER = """
var input = document.querySelector("#misread input[name]"), note = document.getElementById("draft-note");
if (!location.search) {
  input.value = "44"; input.dispatchEvent(new Event("input", {bubbles: true}));
  location.href = location.href + "?again";
} else {
  document.body.setAttribute("data-value", input.value);
  document.body.setAttribute("data-note", note.hidden ? "" : note.textContent);
}
"""


def test_an_entry_restored_in_a_form_without_doubts_is_said_to_be_restored_too(tmp_path):
    """A form with only the cells read surely that an error names (no doubts): what was typed there is restored
    after a reload as in the doubts' form, and the page says so (a figure in the field is never there unsaid)."""
    from audit.auditor import audit
    from desk.html import render_list
    from desk.pages import list_view
    from tests.desk.test_html import misread_total

    read, _, _ = misread_total()
    dom = _run(tmp_path, render_list(list_view(audit(read), "t")), MISREAD_DRAFT_DRIVER, "misread-draft.html")
    assert _attr(dom, "value") == "44"
    assert _attr(dom, "note").startswith("1 Eintrag von vorhin auf dieser Seite wiederhergestellt")
