"""The review report a referee reads in a browser: an index page and one page per list.

Self-contained HTML (no script or style from outside; images beside the pages), readable on
a phone, German by default. Every string from input (file names, start numbers, readings)
is escaped by Jinja2's autoescaping. Pages are written whole or not at all.
"""
from __future__ import annotations

import datetime
import hashlib
import json
from pathlib import Path
from typing import Iterable, Optional

import jinja2

from audit.files import remove_stale_parts, write_atomic
from audit.messages import MONEY_APART_MARK, MONEY_APART_NOTE, show_money
from audit.series_standings import series_numbers, series_standings
from audit.standings import number_order

from .pages import UNREADABLE_PHOTO, ListView
from .settle import DECISIONS

TEXTS = {
    "de": dict(index_title="Spiellisten – Prüfbericht", summary="{n} Listen, davon {work} für den Schiedsrichter.",
               summary_one="1 Liste, vom Schiedsrichter zu prüfen.",
               summary_one_clean="1 Liste, nichts für den Schiedsrichter.",
               workload="Zu prüfen: {doubts} unsicher gelesene Zelle{n}, {errors} Fehler auf dem Papier.",
               unread="Fotos, auf denen keine Liste gelesen werden konnte: {n} (oben in der Tabelle).",
               status="Status", series="Serie", table="Tisch", players="Start-Nr.", errors="Fehler",
               errors_in_doubt="dazu Fehler, die auf einer unsicher gelesenen Zelle ruhen (Fehler ?)",
               doubts="Zweifel", list="Liste", retake="besser neu fotografieren",
               other_lists="noch eine Liste auf dem Foto", damaged="Foto teilweise beschädigt", seats="Plätze",
               photo="Foto",
               findings="Befunde",
               legend_err="Fehler auf der Liste", legend_doubt="Lesezweifel", legend_sure="sicher gelesen",
               legend_value="blau: der gelesene Wert", candidates="Kandidaten",
               no_findings="Keine Befunde.", rows="Spiele: geschrieben und berichtigt",
               rows_hint="Rot: Fehler auf dem Papier. Orange: unsicher gelesen (Kandidaten im Tooltip). "
                         "Blau → berichtigter Wert (SkWO 7.2.5). Grün: vom Schiedsrichter entschieden.",
               crossed="gestrichen", passed="eingepasst", corrections="Berichtigungen (SkWO 7.2.5)", game="Spiel",
               provisional="Vorläufig: ruht auf unsicher gelesenen Feldern", read="gelesen",
               counts_for_now="zählt vorläufig",
               provisional_note="Diese Änderungen hängen von Lesezweifeln ab: bis der Schiedsrichter sie "
                                "entscheidet, zählt hier, was die übrige Liste ergibt; ob und wie berichtigt wird, "
                                "zeigt sich danach.",
               seat="Platz", field="Feld", written="geschrieben", counts="zählt", why="warum", rule="Regel",
               result="Ergebnis nach Berichtigung (Seeger-Fabian)",
               result_private="Abrechnung (Endzahlsummenverfahren)",
               player="Start-Nr.", points="Spielpunkte", won="Gew.", lost="Verl.", others="Gegner",
               score="Wertung", money="Betrag", cents="Cent", settle="Zweifel entscheiden",
               settle_hint="Tragen Sie ein, was auf dem Papier steht, und speichern Sie; dann skatscan scan erneut "
                           "laufen lassen, mit dem Download-Ordner: --settle-from ~/Downloads (oder die Datei {file} "
                           "in den Ordner settle des Berichts legen).",
               cell="Zelle", on_photo="auf dem Foto", read_as="gelesen", decision="Entscheidung",
               as_read="wie gelesen", as_taken="wie genommen", open="offen",
               nothing="Nichts eingetragen, nichts gespeichert: eine Zahl, X oder ∅ eintragen, oder „wie gelesen“ "
                       "ankreuzen.",
               to_settle="{n} Lesezweifel entscheiden ↓", to_findings="{n} Fehler auf dem Papier ↓",
               save="Entscheidungen speichern",
               unclear="Nicht gespeichert, nicht verstanden (eine Zahl wie 36, -48 oder 3,50, X für ein Kreuz, ∅ "
                       "für leer):",
               note="vom Schiedsrichter entschieden", standings="Rangliste", no_standings="Keine Rangliste",
               penalties="Strafpunkte", decisions="Entscheidungen des Schiedsrichters", decided="entschieden",
               kind="Art", decided_reading="vom Papier abgelesen", decided_fixed="festgesetzt", note_head="Notiz",
               after="eingetragen", offence="Vergehen", announcements="Ansagen",
               misread="Auf dem Papier steht etwas anderes als gelesen",
               misread_hint="Diese Zellen sind sicher gelesen, und ein Fehler oder Hinweis oben nennt sie. Nur "
                            "ausfüllen, wo das Bild etwas anderes zeigt als gelesen (etwa eine Zahl über die "
                            "Spaltenlinie geschrieben und in die Nachbarzelle gelesen): dann war es ein Lesefehler, "
                            "und der Befund fällt weg. Steht es auf dem Papier so, wie gelesen, leer lassen: der "
                            "Fehler bleibt.",
               surely="sicher", confirmed="von der Zeile bestätigt",
               on_paper="auf dem Papier", misread_open="wie gelesen",
               misread_note="auf dem Papier anders als gelesen", to_misread="Auf dem Papier steht etwas anderes? ↓",
               nothing_misread="Nichts eingetragen, nichts gespeichert: tragen Sie ein, was auf dem Papier steht, wo "
                               "es anders ist als gelesen.",
               keyboard="Tastatur: eintragen, was auf dem Papier steht, Enter geht zur nächsten Zelle (leer "
                        "bleibt sie offen); die Leertaste im leeren Feld übernimmt den gelesenen Wert („wie "
                        "gelesen“) und geht weiter. Maus oder Finger: auf den Kandidaten tippen, der auf dem Papier "
                        "steht.",
               taken_note="genommen, weil er passt, nicht weil er am besten gelesen wurde",
               pick_title="übernehmen: so steht es auf dem Papier",
               progress="{done} von {n} entschieden, {open} offen", saved="Gespeichert: {n} Entscheidungen in "
               "{file} (Download-Ordner). skatscan scan erneut laufen lassen mit --settle-from ~/Downloads (oder die "
               "Datei in den Ordner settle des Berichts legen); von mehreren zählt die neueste.",
               restored="{n} Einträge von vorhin auf dieser Seite wiederhergestellt (Ihre eigenen, in diesem "
                        "Browser aufbewahrt).", draft_drop="verwerfen",
               restored_one="1 Eintrag von vorhin auf dieser Seite wiederhergestellt (Ihr eigener, in diesem "
                            "Browser aufbewahrt).",
               saved_one="Gespeichert: 1 Entscheidung in {file} (Download-Ordner). skatscan scan erneut laufen "
                         "lassen mit --settle-from ~/Downloads (oder die Datei in den Ordner settle des Berichts "
                         "legen); von mehreren zählt die neueste.",
               # a page of a list without a photo hash (skatscan audit --report): its file names no photo
               settle_hint_beside="Tragen Sie ein, was auf dem Papier steht, und speichern Sie; legen Sie die Datei "
                                  "{file} neben das Foto und lassen Sie skatscan erneut laufen.",
               saved_beside="Gespeichert: {n} Entscheidungen in {file} (Download-Ordner). Die Datei neben das Foto "
                            "legen (von mehreren zählt die neueste) und skatscan erneut laufen lassen.",
               saved_one_beside="Gespeichert: 1 Entscheidung in {file} (Download-Ordner). Die Datei neben das Foto "
                                "legen (von mehreren zählt die neueste) und skatscan erneut laufen lassen.",
               batch="Im Bericht beim letzten Lauf: {n} Zweifel offen auf {lists} Listen.",
               next="Nächste Liste mit Zweifeln: {list} ({n}) →", decided_short="entschieden",
               workload_decided="Vom Schiedsrichter schon entschieden: {n}.",
               by_series="Serie {series}: {n} Listen, {work} zu prüfen", by_series_one="Serie {series}: 1 Liste, "
               "{work} zu prüfen"),
    "en": dict(index_title="Score lists – review report", summary="{n} lists, {work} of them for the referee.",
               summary_one="1 list, for the referee to check.", summary_one_clean="1 list, nothing for the referee.",
               workload="To check: {doubts} cell{s} read in doubt, {errors} error{es} on paper.",
               unread="Photos on which no list could be read: {n} (at the top of the table).",
               status="Status", series="Series", table="Table", players="Start nos.", errors="Errors",
               errors_in_doubt="besides, errors that rest on a cell read in doubt (error ?)",
               doubts="Doubts", list="List", retake="better photographed again",
               other_lists="another list on the photo", damaged="photo damaged in part", seats="seats",
               photo="Photo",
               findings="Findings",
               legend_err="error on paper", legend_doubt="reading doubt", legend_sure="read surely",
               legend_value="blue: the value read", candidates="candidates",
               no_findings="No findings.", rows="Games: as written and corrected",
               rows_hint="Red: error on paper. Orange: read in doubt (candidates in the tooltip). "
                         "Blue → corrected value (SkWO 7.2.5). Green: decided by the referee.",
               crossed="crossed out", passed="passed", corrections="Corrections (SkWO 7.2.5)", game="Game",
               provisional="Provisional: rests on cells read in doubt", read="read", counts_for_now="counts for now",
               provisional_note="These changes rest on reading doubts: until the referee decides them, what the "
                                "rest of the list gives counts here; whether and how the list is corrected shows "
                                "then.",
               seat="Seat", field="Field", written="written", counts="counts", why="why", rule="Rule",
               result="Result after correction (Seeger-Fabian)", result_private="Settlement (cents)",
               player="Start no.", points="Game points", won="Won", lost="Lost", others="Others",
               score="Score", money="Money", cents="Cents", settle="Settle the doubts",
               settle_hint="Enter what the paper says and save; then run skatscan scan again with the downloads "
                           "folder: --settle-from ~/Downloads (or put the file {file} into the report's settle "
                           "folder).",
               cell="Cell", on_photo="on the photo", read_as="read", decision="Decision", as_read="as read",
               as_taken="as taken",
               open="open", nothing="Nothing entered, nothing saved: enter a figure, X or ∅, or tick “as read”.",
               to_settle="Settle {n} reading doubts ↓", to_findings="{n} error{s} on paper ↓", save="Save decisions",
               unclear="Not saved, not understood (a figure like 36, -48 or 3,50, X for a mark, ∅ for empty):",
               note="settled by the referee", standings="Standings", no_standings="No standings",
               penalties="Penalty points", decisions="The referee's decisions", decided="decided",
               kind="Kind", decided_reading="read from the paper", decided_fixed="fixed", note_head="Note",
               after="entered", offence="Offence", announcements="Announcements",
               misread="The paper says otherwise than read",
               misread_hint="These cells were read surely, and an error or warning above names them. Fill in only "
                            "where the picture shows something else than was read (say a figure written across a "
                            "column line and read into the neighbouring cell): then it was a misreading, and the "
                            "finding goes. Where the paper says what was read, leave it empty: the error stays.",
               surely="surely", confirmed="confirmed by its row", on_paper="on paper", misread_open="as read",
               misread_note="the paper says otherwise than read", to_misread="The paper says otherwise? ↓",
               nothing_misread="Nothing entered, nothing saved: enter what the paper says where it says otherwise "
                               "than read.",
               keyboard="Keyboard: enter what the paper says, Enter goes on to the next cell (left empty it "
                        "stays open); Space in an empty field takes the value read (“as read”) and goes on. Mouse "
                        "or finger: tap the candidate the paper shows.",
               taken_note="taken because it fits, not because it was read best",
               pick_title="take it: the paper says so",
               progress="{done} of {n} decided, {open} open", saved="Saved: {n} decisions in {file} (downloads "
               "folder). Run skatscan scan again with --settle-from ~/Downloads (or put the file into the report's "
               "settle folder); of several, the newest counts.",
               restored="{n} entries from before restored on this page (your own, kept in this browser).",
               restored_one="1 entry from before restored on this page (your own, kept in this browser).",
               saved_one="Saved: 1 decision in {file} (downloads folder). Run skatscan scan again with "
                         "--settle-from ~/Downloads (or put the file into the report's settle folder); of several, "
                         "the newest counts.",
               # a page of a list without a photo hash (skatscan audit --report): its file names no photo
               settle_hint_beside="Enter what the paper says and save; put the file {file} beside the photo and run "
                                  "skatscan again.",
               saved_beside="Saved: {n} decisions in {file} (downloads folder). Put the file beside the photo (of "
                            "several, the newest counts) and run skatscan again.",
               saved_one_beside="Saved: 1 decision in {file} (downloads folder). Put the file beside the photo (of "
                                "several, the newest counts) and run skatscan again.",
               draft_drop="drop them",
               batch="In the report at its last run: {n} doubts open on {lists} lists.",
               next="Next list with doubts: {list} ({n}) →", decided_short="decided",
               workload_decided="Decided by the referee already: {n}.",
               by_series="Series {series}: {n} lists, {work} to check", by_series_one="Series {series}: 1 list, "
               "{work} to check"),
}

_ENV = jinja2.Environment(loader=jinja2.PackageLoader("desk", "templates"),
                          autoescape=jinja2.select_autoescape(["html", "j2"], default=True),
                          undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)
# an amount of money as the page's language writes it ("0,50" on a German page), as the terminal reports do
_ENV.filters["money"] = show_money
# a player's money charged for fewer lost games than his Verl. (a higher written count kept for the score): its mark
# and note, on the list's page and the standings as in the terminal report
_ENV.globals.update(money_apart_mark=MONEY_APART_MARK, money_apart_note=MONEY_APART_NOTE)


def _now() -> str:
    return datetime.datetime.now().strftime("%Y-%m-%d %H:%M")


#: The texts the settle form's script says (as JSON in the page).
SCRIPT_TEXTS = ("note", "misread_note", "unclear", "progress", "saved", "saved_one", "restored", "restored_one",
                "batch", "next")


def draft_token(view: ListView) -> str:
    """What names the cells of ``view``'s settle form in the browser's draft of the referee's entries: the list and
    its cells to settle with what was read there. The same list scanned again the same way keeps its draft; another
    list of the same name (another tournament's ``s1-t1``) or the list with decisions applied gets none."""
    what = [view.name, view.source, [(d["cell"], d["value"], d["candidates"]) for d in view.doubts],
            [(m["cell"], m["value"]) for m in view.misread]]
    return hashlib.sha1(json.dumps(what).encode("ascii")).hexdigest()[:16]     # escaped: a name that is not UTF-8


def render_list(view: ListView, lang: str = "de") -> str:
    t = TEXTS[lang]
    texts = {k: t[k] for k in SCRIPT_TEXTS}
    texts["nothing"] = t["nothing"] if view.doubts else t["nothing_misread"]
    if not view.identity:       # its file says no photo: --settle-from does not take it, it goes beside the photo
        texts.update(saved=t["saved_beside"], saved_one=t["saved_one_beside"])
        t = {**t, "settle_hint": t["settle_hint_beside"]}
    return _ENV.get_template("list.html.j2").render(v=view, t=t, lang=lang, generated=_now(),
                                                    settle_file=f"{view.name}.settle.json", texts=texts,
                                                    draft=draft_token(view))


def batch_script(views: Iterable[ListView], lang: str = "de") -> str:
    """``lists/batch.js``: the lists of the report in the index's order with their open doubts, for each list page's
    settle form (how many doubts stay open across the report, which list has the next ones). A script beside the
    pages, as the images are: a page opened from disk may not read another file, but it may load a script."""
    t = TEXTS[lang]
    lists = []
    for v in sorted(views, key=lambda v: v.sort_key):
        if v.status == UNREADABLE_PHOTO:
            continue
        where = " · ".join([f"{t['series']} {v.series}"] * (v.series is not None)
                           + [f"{t['table']} {v.table}"] * (v.table is not None)) or v.source
        lists.append({"name": v.name, "label": where, "doubts": (v.counts or {}).get("doubts", 0),
                      "decided": (v.counts or {}).get("decided", 0)})
    return ("window.SKATSCAN_LISTS = [\n" + ",\n".join(json.dumps(x) for x in lists)
            + "\n];\n")


def render_index(views: Iterable[ListView], lang: str = "de", standings: bool = False,
                 standings_problem: Optional[str] = None, notes: Iterable[str] = ()) -> str:
    """The report's index: a line per list, the work summed up, ``notes`` on the batch as a whole (a table on two
    photos), the link to the standings or why there are none."""
    views = sorted(views, key=lambda v: v.sort_key)
    # the photos on which no list could be read are counted apart from the lists
    unread = sum(1 for v in views if v.status == UNREADABLE_PHOTO)
    work = sum(1 for v in views if v.for_referee and v.status != UNREADABLE_PHOTO)
    # the referee's work over all lists: the cells to look at on the photos and the keepers' errors to confirm
    doubts, errors, decided = (sum((v.counts or {}).get(k, 0) for v in views) for k in ("doubts", "errors", "decided"))
    # a tournament day's index (90 lists, three series): how far each series is, in one line atop the table
    lists = [v for v in views if v.status != UNREADABLE_PHOTO]
    series = sorted({v.series for v in lists if v.series is not None})
    by_series = [TEXTS[lang]["by_series" if n != 1 else "by_series_one"].format(
        series=s, n=n, work=sum(v.for_referee for v in lists if v.series == s))
        for s in series for n in [sum(v.series == s for v in lists)]] if len(series) > 1 else []
    return _ENV.get_template("index.html.j2").render(views=views, t=TEXTS[lang], lang=lang, work=work,
                                                     lists=len(views) - unread, unread=unread, doubts=doubts,
                                                     errors=errors, decided=decided, standings=standings,
                                                     standings_problem=standings_problem, notes=list(notes),
                                                     by_series=by_series, generated=_now())


def write_list_page(out: Path, view: ListView, lang: str = "de") -> None:
    """Write the page of one list, ``out/lists/NAME.html`` (none for a photo that could not be read)."""
    if view.status != UNREADABLE_PHOTO:
        (out / "lists").mkdir(parents=True, exist_ok=True)
        write_atomic(out / "lists" / f"{view.name}.html", render_list(view, lang))


#: The files a report writes into its folder itself (the rest go into its own folders ``lists``, ``img``, ...).
REPORT_FILES = ("index.html", "standings.html", "standings.csv")


def sweep_report(out: Path, outputs: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())) -> None:
    """Remove the temporary files a run killed outright (``kill -9``, the OOM killer, a power cut) left while it wrote
    the report ``out``: in its ``lists``, ``img`` and ``settle`` folders (the batch sweeps ``results``:
    :func:`desk.batch.run_batch`), and in its folder those of :data:`REPORT_FILES` alone (it may be the photos' folder,
    with files of the user's of any name), and of the command's outputs written there too (``-o bericht``:
    ``outputs``, their names and the endings of their names, ``.audit.json``). Only files named as
    :func:`audit.files.write_atomic` names its own and not written to for a minute go
    (:func:`audit.files.remove_stale_parts`), never a file of the referee's."""
    names, endings = outputs
    remove_stale_parts(out, of=REPORT_FILES + tuple(names), ending=tuple(endings))
    for folder in (out / "lists", out / "img", out / DECISIONS):
        remove_stale_parts(folder)


def write_report(out: Path, views: list[ListView], lang: str = "de", standings_html: Optional[str] = None,
                 pages: bool = True, standings_problem: Optional[str] = None, notes: Iterable[str] = ()) -> Path:
    """Write ``out/index.html`` and ``out/lists/NAME.html`` (images already in ``out/img``); ``pages=False``: the
    index (and the standings) alone, the lists' pages written already (:func:`write_list_page`).
    ``standings_problem``: why there are no standings this time (one sentence, shown in the index in place of the
    link); ``notes``: sentences on the batch as a whole, atop the index."""
    (out / "lists").mkdir(parents=True, exist_ok=True)
    for v in views if pages else ():
        write_list_page(out, v, lang)
    write_atomic(out / "lists" / "batch.js", batch_script(views, lang))
    if standings_html is not None:
        write_atomic(out / "standings.html", standings_html)
    index = out / "index.html"
    write_atomic(index, render_index(views, lang, standings=standings_html is not None,
                                     standings_problem=standings_problem, notes=notes))
    return index


STANDINGS_TEXTS = {
    "de": dict(title="Rangliste", hint="Seeger-Fabian nach Berichtigung (SkWO 5.1); bei gleicher Wertung entscheiden "
                                       "mehr gewonnene, dann weniger verlorene Spiele.",
               place="Platz", start="Start-Nr.", series="Serie", points="Spielpunkte", won="Gew.", lost="Verl.",
               others="Gegner", score="Wertung", money="Betrag", tie="* gleichauf: das Los entscheidet (SkWO 5.1)",
               penalty="Strafp.", name="Name", doubts="Zweifel",
               penalty_note="Strafp.: Strafpunkte, in den Spielpunkten enthalten.",
               sheet="standings.csv: die Rangliste für die Tabellenkalkulation",
               doubt_note="Zweifel: offene Lesezweifel auf den Listen des Spielers; ? an der Start-Nr.: sie selbst "
                          "ist unsicher gelesen. Vorläufig, bis der Schiedsrichter die Zweifel klärt.",
               stand_in="{line}: Start-Nr. im Zweifel als {read_as} gelesen, die in Serie {series} ein anderer Spieler "
                        "hat; die Zeile steht für Serie, Tisch und Platz, bis der Schiedsrichter die Zelle klärt.",
               not_every_series="Nicht in jeder Serie: {players}. Ein Spieler, der ausschied, eine fehlende Liste "
                                "oder eine verlesene Start-Nr.", series_short="Serie",
               outside="Nicht in der Tischordnung, mit den Start-Nr. der Liste gezählt: {lists}. Eine Liste einer "
                       "anderen Serie oder eines anderen Turniers, eine verlesene Serie oder Tischnummer, oder eine "
                       "Tischordnung, die nicht angegeben wurde.",
               outside_list="Serie {series}, Tisch {table} ({file})",
               kept="† Wertung nicht die Summe ihrer Teile: auf einer Liste des Spielers zählt die niedrigere "
                    "geschriebene Gesamtpunktzahl des Serienabschlusses (SkWO 7.2.5; die Seite der Liste nennt sie).",
               series_title="Rangliste Serie {series}", series_nav="Je Serie", table="Tisch",
               series_hint="Die Wertung dieser Serie allein, Seeger-Fabian nach Berichtigung (SkWO 5.1); bei gleicher "
                           "Wertung entscheiden mehr gewonnene, dann weniger verlorene Spiele.",
               money_title="Verlustgeld",
               money_hint="An den Tischen zu kassieren, nach dem Spielplan (SkWO 6.2) und der Berichtigung: je Tisch "
                          "die Beträge seiner Spieler.",
               money_head="Verlustgeld (Spielplan, SkWO 6.2), an den Tischen zu kassieren:",
               money_series="Serie {series}", money_table="Tisch {table}", money_sum="zusammen",
               money_provisional="vorläufig",
               money_provisional_note="vorläufig: die Liste des Tisches hat noch offene Lesezweifel; der Betrag gilt "
                                      "erst, wenn der Schiedsrichter sie geklärt hat (ein verlorenes Spiel oder eine "
                                      "Start-Nr. kann anders gelesen sein).",
               money_total="Insgesamt",
               money_twice_note="Ein Tisch auf mehreren Listen ({tables}): jede ist mit ihrem Betrag gezählt, unter "
                                "ihrer Datei; auf einer ist Serie oder Tisch verlesen oder verschrieben, oder der "
                                "Tisch ist doppelt eingelesen. Bis der Schiedsrichter das klärt, ist die Summe "
                                "nicht sicher."),
    "en": dict(title="Standings", hint="Seeger-Fabian after correction (SkWO 5.1); on equal scores more games won, "
                                       "then fewer games lost rank higher.",
               place="Place", start="Start no.", series="Series", points="Game points", won="Won", lost="Lost",
               others="Others", score="Score", money="Money", tie="* tied: decided by lot (SkWO 5.1)",
               penalty="Penalty", name="Name", doubts="Doubts",
               penalty_note="Penalty: penalty points, included in the game points.",
               sheet="standings.csv: the standings for a spreadsheet",
               doubt_note="Doubts: reading doubts still open on the player's lists; ? at the start number: it was "
                          "read in doubt itself. Provisional until the referee settles the doubts.",
               stand_in="{line}: start number read in doubt as {read_as}, which another player has in series "
                        "{series}; the line stands for series, table and seat until the referee settles the cell.",
               not_every_series="Not in every series: {players}. A player who dropped out, a missing list or a "
                                "misread start number.", series_short="series",
               outside="Not in the seating list, counted with the start numbers on the list: {lists}. A list of "
                       "another series or event, a misread series or table number, or a seating file not given.",
               outside_list="series {series}, table {table} ({file})",
               kept="† Score not the sum of its parts: on one of the player's lists the lower total score written in "
                    "the footer counts (SkWO 7.2.5; the list's page names it).",
               series_title="Standings of series {series}", series_nav="By series", table="Table",
               series_hint="The score of this series alone, Seeger-Fabian after correction (SkWO 5.1); on equal "
                           "scores more games won, then fewer games lost rank higher.",
               money_title="Loss money",
               money_hint="To be collected at the tables, by the tournament's schedule (SkWO 6.2) after correction: "
                          "for each table its players' amounts.",
               money_head="Loss money (schedule, SkWO 6.2), to be collected at the tables:",
               money_series="Series {series}", money_table="Table {table}", money_sum="together",
               money_provisional="provisional",
               money_provisional_note="provisional: the table's list still has open reading doubts; the amount "
                                      "holds once the referee has settled them (a lost game or a start number may "
                                      "read otherwise).",
               money_total="Total",
               money_twice_note="A table on several lists ({tables}): each is counted with its amount, under its "
                                "file; one of them has its series or table misread or miswritten, or the table was "
                                "read twice. Until the referee settles it, the sum is not sure."),
}


def stand_in_notes(lines, lang: str = "de") -> list[str]:
    """One sentence for each stand-in line of a start number read in doubt that another player holds
    (``PlayerLine.read_as``)."""
    text = STANDINGS_TEXTS[lang]["stand_in"]
    return [text.format(line=p.start_number, read_as=p.read_as, series=", ".join(str(s) for s in p.series))
            for p in lines if p.read_as]


def outside_seating_note(outside, lang: str = "de") -> str:
    """The sentence on the lists that are not in the seating list (``desk.seating.outside_seating``), "" for none:
    they count with the start numbers written on them, so a stray list (series 4 of a three-series event) moves its
    players up the standings, and the organiser must see it there, not only in a line on the terminal."""
    if not outside:
        return ""
    t = STANDINGS_TEXTS[lang]
    lists = "; ".join(t["outside_list"].format(series=series if series is not None else "?",
                                                table=table if table is not None else "?", file=Path(str(source)).name)
                      for series, table, source in outside)
    return t["outside"].format(lists=lists)


def not_every_series_note(lines, lang: str = "de", names=None, outside=()) -> str:
    """The players who do not play every series of the lists (a drop-out, a list not scanned, or a start number
    misread: ``48?`` in series 3 alone beside an ``18`` missing there), with the series they play and their names
    where ``names`` (start number -> name, from the seating list) has them; "" when all do, or when no player plays
    two of them (lists of different events, as the bundled samples). A series whose every list is ``outside`` the
    seating list (:func:`outside_seating_note` names them: a stray list of series 4) is not one a player misses."""
    apart = {(series, table) for series, table, _ in outside}
    stray = {s for p in lines for s in p.series if s is not None} - {
        s for p in lines for s, (table, *_) in p.series.items() if (s, table) not in apart}
    every = {s for p in lines for s in p.series if s is not None} - stray
    short = [p for p in lines if set(p.series) - {None} - stray != every]
    if len(every) < 2 or not short or not any(len(set(p.series) - {None}) > 1 for p in lines):
        return ""       # (nobody plays two of the series: these are not one tournament's lists)
    t = STANDINGS_TEXTS[lang]
    names = names or {}
    players = ", ".join(f"{p.shown} ({names[p.start_number] + ', ' if names.get(p.start_number) else ''}"
                        f"{t['series_short']} "
                        f"{', '.join([str(s) for s in sorted(set(p.series) - {None})] + ['?'] * (None in p.series))})"
                        for p in sorted(short, key=lambda p: number_order(p.start_number)))
    return t["not_every_series"].format(players=players)


def loss_money_lines(money, lang: str = "de", series=None) -> list[str]:
    """The loss money to collect (:class:`audit.loss_money.LossMoney`) as lines for the terminal: a line per series
    with its total and each table's, and the tournament's total; ``series``: that series alone. None when there is
    none to collect (no ``money``, or a schedule that charges nothing: ``--loss-money 0``)."""
    if money is None or not money.charged or not money.tables:
        return []
    t = STANDINGS_TEXTS[lang]
    shown = [s for s in money.series if series is None or s == series]
    mark = f" {t['money_provisional']}"         # an amount resting on a list with open reading doubts

    def amount(value, provisional: bool) -> str:
        return show_money(value, lang) + (mark if provisional else "")
    rows = [t["money_head"]]
    for s in shown:
        tables = "; ".join(f"{money_table_label(m, lang, money)}: {amount(m.amount, m.provisional)}"
                           for m in money.of_series(s))
        label = t["money_series"].format(series=s if s is not None else "?")
        rows.append(f"  {label}: {amount(money.series_total(s), money.series_provisional(s))} ({tables})")
    if series is None:
        rows.append(f"  {t['money_total']}: {amount(money.total, money.provisional)}")
    if any(money.series_provisional(s) for s in shown):
        rows.append(f"  {t['money_provisional_note']}")
    twice = money_twice_note(money, lang, shown)
    if twice:
        rows.append(f"  {twice}")
    return rows


def money_twice_note(money, lang: str, shown) -> str:
    """The note on the tables of the series ``shown`` that several lists claim (``money.twice``): each is counted,
    named by its file, until the referee settles which is misread; "" when none."""
    t = STANDINGS_TEXTS[lang]
    clashes = [(s, table) for s, table, _ in money.twice if s in shown]
    if not clashes:
        return ""
    tables = "; ".join(f"{t['money_series'].format(series=s)}, {t['money_table'].format(table=table)}"
                       for s, table in clashes)
    return t["money_twice_note"].format(tables=tables)


def money_table_label(m, lang: str = "de", money=None) -> str:
    """A table of the loss money: "Tisch 7", or "Tisch ? (s2-x.json)" for a list without a table number, and
    "Tisch 7 (s2-t7.json)" for a table another list of the series claims too (``money.shared``)."""
    return STANDINGS_TEXTS[lang]["money_table"].format(table=table_number(m, money))


def table_number(m, money=None) -> str:
    """The table of a loss money line as the cash box names it: its number, its file beside it where the number is
    unknown ("?") or another list of the series has it too (the cash box showed "Tisch 1: 0,50; Tisch 1: 0,00")."""
    if m.table is not None and (money is None or not money.shared(m)):
        return str(m.table)
    others = [t.source for t in money.tables if (t.series, t.table) == (m.series, m.table)] if money else [m.source]
    return f"{m.table if m.table is not None else '?'} ({shortest_names(others).get(m.source, m.source)})"


def shortest_names(paths) -> dict:
    """Each of ``paths`` by its last parts as far as they tell it from the others ("s1t2.json", or "t1/s1t2.json"
    and "t2/s1t2.json" for two files of one name in different folders)."""
    parts = {p: Path(p).parts for p in paths}
    for k in range(1, max((len(v) for v in parts.values()), default=1) + 1):
        names = {p: "/".join(v[-k:]) for p, v in parts.items()}
        if len(set(names.values())) == len(names):
            return names
    return {p: str(p) for p in paths}


def render_standings(lines, lang: str = "de", names=None, index: bool = False, outside=(), money=None,
                     series=None) -> str:
    """A printable standings page (per-series scores beside the totals; a name column when
    ``names``, start number -> name, knows any player), then, for lists of several series, each series' own ranking
    (:func:`audit.series_standings.series_standings`) in a section of its own, linked atop the page, and the loss
    money to collect (``money``, :class:`audit.loss_money.LossMoney`) table by table; ``series``: the page of that
    series alone, its ranking and its tables' loss money. ``index``: the page stands beside a report's index.html
    and links back to it and to the ``standings.csv`` beside it (not printed); ``outside``: the lists not in the
    seating list (:func:`outside_seating_note`)."""
    numbers = series_numbers(lines)
    t = STANDINGS_TEXTS[lang]
    by_series = {s: series_standings(lines, s) for s in numbers}
    if series is not None:
        shown = by_series.get(series, [])
        outside = [o for o in outside if o[0] == series]
        stand_ins = stand_in_notes([p.player for p in shown], lang)
        not_every = ""
    else:
        shown = lines
        stand_ins = stand_in_notes(lines, lang)
        not_every = not_every_series_note(lines, lang, names, outside)
    return _ENV.get_template("standings.html.j2").render(
        lines=lines, series=numbers, t=t, index=TEXTS[lang]["index_title"] if index else None, lang=lang,
        generated=_now(), penalties=any(p.penalty for p in shown), doubts=any(p.doubts for p in shown),
        names=names or {}, stand_ins=stand_ins, not_every_series=not_every,
        outside=outside_seating_note(outside, lang), by_series=by_series, one=series,
        title=t["series_title"].format(series=series) if series is not None else t["title"],
        money=money, show_money=bool(money is not None and money.charged and money.tables),
        table_label=lambda m: table_number(m, money), twice_note=lambda shown: money_twice_note(money, lang, shown))
