"""The review report index's notes on the batch as a whole in ``scan``: a series and table on several photos, the
drawn tables no photo is of, the photos kept from earlier runs and those gone from their places; the first two said on
stderr too."""
from __future__ import annotations

from collections import defaultdict

import click

#: The report's note on a series and table that come on several photos (:func:`tables_twice`): the same list
#: photographed again (the same start numbers), or lists of different players that name the same table (one's Serie
#: or Tisch is misread, or miswritten: no photo is to be taken out then).
TWICE_NOTE = {
    "de": "Serie {series}, Tisch {table} ist auf {n} Fotos: {photos}. Ein Tisch zählt einmal: das überzählige Foto "
          "(etwa das unschärfere) aus dem Ordner nehmen und neu einlesen.",
    "en": "Series {series}, table {table} is on {n} photos: {photos}. A table counts once: take the extra photo (the "
          "less sharp one, say) out of the folder and scan again.",
}
CLASH_NOTE = {
    "de": "Serie {series}, Tisch {table} steht auf {n} Listen verschiedener Spieler: {photos}. Auf einer ist Serie "
          "oder Tisch wohl verlesen oder verschrieben: bitte auf den Fotos prüfen.",
    "en": "Series {series}, table {table} stands on {n} lists of different players: {photos}. One of them has its "
          "series or table misread or miswritten: please check them on the photos.",
}


def tables_twice(audits) -> list[tuple[int, int, list[str], bool]]:
    """The same list photographed twice: one line per series and table that comes more than once, and (series,
    table, the photos, whether they show the same players: the same start numbers) of each for the report. A
    series or table the reader doubts is not counted: it is a reading doubt on the list's page."""
    seen = defaultdict(list)
    for a in audits:
        t = a.sl.table
        doubted = a.sl.doubtful_cells() & {"table.series", "table.table"}
        if t.series is not None and t.table is not None and not doubted:
            seen[(t.series, t.table)].append(a.sl)
    twice = [(series, table, [sl.source for sl in lists], len({sl.table.start_numbers for sl in lists}) == 1)
             for (series, table), lists in seen.items() if len(lists) > 1]
    for series, table, sources, _same in twice:
        click.echo(f"skatscan: series {series}, table {table} appears on {len(sources)} photos: "
                   f"{', '.join(sources)}", err=True)
    return twice


KEPT_NOTE = {
    "de": "{n} der Fotos wurden in früheren Läufen in diesen Bericht eingelesen und liegen noch an ihrem Platz: sie "
          "bleiben darin (ein neues Turnier bekommt einen neuen Berichtsordner).",
    "en": "{n} of the photos were scanned into this report in earlier runs and are still in their places: they stay "
          "in it (a new tournament gets a new report folder).",
    # one photo
    "de1": "Eines der Fotos wurde in einem früheren Lauf in diesen Bericht eingelesen und liegt noch an seinem Platz: "
           "es bleibt darin (ein neues Turnier bekommt einen neuen Berichtsordner).",
    "en1": "One of the photos was scanned into this report in an earlier run and is still in its place: it stays in "
           "it (a new tournament gets a new report folder).",
}
GONE_NOTE = {
    "de": "Nicht mehr dort, wo sie beim Einlesen lagen, darum ausgelassen, bis sie wieder da sind: {photos}.",
    "en": "No longer where they were when scanned, so left out until they are back: {photos}.",
}
MISSING_NOTE = {
    "de": "Serie {series}: kein Foto der Liste von Tisch {tables} (laut Tischordnung).",
    "en": "Series {series}: no photo of the list of table {tables} (by the seating list).",
    # several tables
    "de+": "Serie {series}: kein Foto der Listen der Tische {tables} (laut Tischordnung).",
    "en+": "Series {series}: no photo of the lists of tables {tables} (by the seating list).",
}


def missing_tables(audits, drawn) -> list[tuple[int, list[int]]]:
    """The drawn tables of the series the lists are of that no list is of: (series, tables) each, said on stderr too.
    A series none of the lists is of is not the batch's (a referee scans a series at a time)."""
    if not drawn:
        return []
    have = {(a.sl.table.series, a.sl.table.table) for a in audits}
    series = sorted({s for s, _ in have if s is not None})
    missing = [(s, sorted(t for (s2, t) in drawn if s2 == s and (s, t) not in have)) for s in series]
    missing = [(s, tables) for s, tables in missing if tables]
    for s, tables in missing:
        click.echo(f"skatscan: series {s}: no photo of the list{'s' if len(tables) > 1 else ''} of "
                   f"table{'s' if len(tables) > 1 else ''} "
                   f"{', '.join(map(str, tables))} (by the seating list)", err=True)
    return missing


def index_notes(lang: str, twice, missing, outside_note: str, gone: list, kept_before: int) -> list[str]:
    """The index's notes, in the report's language: of :func:`tables_twice` and :func:`missing_tables`, the note on
    the lists outside the seating list (``desk.html.outside_seating_note``, "" for none), the photos ``gone`` from
    their places and the number of photos ``kept_before`` from earlier runs."""
    return ([(TWICE_NOTE if same else CLASH_NOTE)[lang].format(series=series, table=table, n=len(sources),
                                                               photos=", ".join(sources))
             for series, table, sources, same in twice]
            + [MISSING_NOTE[lang + ("+" if len(t) > 1 else "")].format(series=series, tables=", ".join(map(str, t)))
               for series, t in missing]
            + ([outside_note] if outside_note else [])
            + ([GONE_NOTE[lang].format(photos=", ".join(map(str, gone)))] if gone else [])
            + ([KEPT_NOTE[lang + ("1" if kept_before == 1 else "")].format(n=kept_before)] if kept_before else []))
