"""Reading and writing lists: JSON (with its schema) and CSV, and clear errors for bad files."""
import json
from dataclasses import replace
import random
from pathlib import Path

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st
from referencing import Registry, Resource

from audit.auditjson import audit_to_json
from audit.auditor import audit
from audit.listcsv import list_to_csv, read_csv_text
from audit.listjson import ListError, list_from_json, list_to_json, read_json_text
from audit.load import BadListFile, load_list
from audit.simulate import seeded, simulate

SCHEMA_DIR = Path(__file__).resolve().parents[2] / "audit" / "schema"
LIST_SCHEMA = json.loads((SCHEMA_DIR / "skatscan.list.schema.json").read_text())
AUDIT_SCHEMA = json.loads((SCHEMA_DIR / "skatscan.audit.schema.json").read_text())
REGISTRY = Registry().with_resource("skatscan.list.schema.json", Resource.from_contents(LIST_SCHEMA))


def valid_list(doc):
    jsonschema.Draft202012Validator(LIST_SCHEMA).validate(doc)


def valid_audit(doc):
    jsonschema.Draft202012Validator(AUDIT_SCHEMA, registry=REGISTRY).validate(doc)


def test_interfaces_example_reads(samples):
    doc = {"format": "skatscan.list/1",
           "table": {"seats": 4, "series": 1, "table": 12, "start_numbers": ["17", "4", "31", "22"], "first_dealer": 1},
           "games": [{"no": 1, "base": 10, "mit": 2, "ohne": None, "hand": False, "schneider": False,
                      "schneider_announced": False, "schwarz": False, "schwarz_announced": False, "ouvert": False,
                      "plus": 30, "minus": None, "passed": False,
                      "players": [{"total": None, "won": None, "lost": None}, {"total": 30, "won": 1, "lost": None},
                                  {"total": None, "won": None, "lost": None},
                                  {"total": None, "won": None, "lost": None}]}],
           "footer": {"points": [421, 9, 275, 595], "won": [11, 9, 6, 8], "lost": [1, 5, 0, 0],
                      "bonus": [500, 200, 300, 400], "others_lost": [150, 30, 180, 180],
                      "score": [1071, 239, 755, 1175], "money": [0.5, 3.5, None, None], "money_total": 4.0},
           "signatures": [False, False, False, False]}
    valid_list(doc)
    sl = list_from_json(doc)
    assert sl.games[0].players[1].total == 30 and sl.footer.score == (1071, 239, 755, 1175)


@pytest.mark.parametrize("name", ["six-games.json", "real-footer-40.json", "private-evening.json"])
def test_samples_follow_the_schema_and_round_trip(samples, name):
    doc = json.loads((samples / "lists" / name).read_text())
    valid_list(doc)
    assert list_to_json(list_from_json(doc)) == doc


@given(st.integers(0, 2**32 - 1), st.sampled_from([3, 4]))
def test_json_and_csv_round_trip_simulated_lists(seed, seats):
    sl = simulate(random.Random(seed), seats=seats)
    doc = list_to_json(sl)
    valid_list(doc)
    assert list_from_json(doc) == sl
    back = read_csv_text(list_to_csv(sl))
    assert list_to_json(back) == doc


def test_audit_documents_follow_the_schema():
    for kind in ("single-counted-loss", "footer", "overbid", "running-total"):
        sl, _ = seeded(random.Random(3), kind, 4)
        doc = audit_to_json(audit(sl))
        valid_audit(doc)
        assert json.loads(json.dumps(doc)) == doc


@pytest.mark.parametrize("doc, where", [
    ({"format": "skatscan.list/2", "table": {"seats": 3}}, "$.format"),
    ({"format": "skatscan.list/1", "table": {"seats": 5}}, "$.table.seats"),
    ({"format": "skatscan.list/1"}, "$"),
    ({"format": "skatscan.list/1", "table": {"seats": 3}, "games": [{"no": 1, "base": "x"}]}, "$.games[0].base"),
    ({"format": "skatscan.list/1", "table": {"seats": 3}, "games": [{"no": 1, "plus": 10**12}]}, "$.games[0].plus"),
    ({"format": "skatscan.list/1", "table": {"seats": 3}, "games": [{"no": 1, "players": [None]}]},
     "$.games[0].players"),
    ({"format": "skatscan.list/1", "table": {"seats": 3}, "games": [{"no": 2}, {"no": 1}]}, "$.games[1].no"),
    ({"format": "skatscan.list/1", "table": {"seats": 3}, "games": [{"no": 1, "hand": "ja"}]}, "$.games[0].hand"),
    ({"format": "skatscan.list/1", "table": {"seats": 3, "first_dealer": 4}}, "$.table.first_dealer"),
    ({"format": "skatscan.list/1", "table": {"seats": 3}, "footer": {"points": [1, 2]}}, "$.footer.points"),
    ({"format": "skatscan.list/1", "table": {"seats": 3}, "extra": 1}, "$"),
    ({"format": "skatscan.list/1", "table": {"seats": 3},
      "readings": {"g1.plus": {"value": 18, "confidence": 0.5, "doubtful": True, "reason": "guess"}}},
     "$.readings.g1.plus.reason"),
    ({"format": "skatscan.list/1", "table": {"seats": 3},
      "readings": {"g1.plus": {"value": 18, "confidence": 0.7, "confirmed_by": "referee"}}},
     "$.readings.g1.plus.confirmed_by"),
    ([], "$"),
])
def test_bad_json_names_the_place(doc, where):
    with pytest.raises(ListError) as exc:
        list_from_json(doc)
    assert exc.value.where == where


def test_an_audit_document_given_as_a_list_is_named_as_one(samples):
    """`scan -o` and `audit -o` write audits; one of them given to audit as a list is named as what it is (before, its
    first field unknown to a list was the message: 'unknown field "status"')."""
    sl = list_from_json(json.loads((samples / "lists" / "six-games.json").read_text()))
    doc = audit_to_json(audit(sl))
    with pytest.raises(ListError) as exc:
        list_from_json(doc)
    assert exc.value.where == "$.format" and 'an audit ("skatscan.audit/1"), not a list' in str(exc.value)
    assert list_from_json(doc["corrected"]) is not None          # the corrected list inside it is a list


@pytest.mark.parametrize("value, problem", [
    (True, "expected a whole number, got true"),                 # before: "got true/false true"
    (1e308, "1e+308 is out of range (0 to 100000)"),            # before: all 309 digits of it
    (1.5, "expected a whole number, got 1.5"),
    ("zwölf", 'expected a whole number, got text "zwölf"'),
])
def test_a_bad_figure_is_quoted_short_and_plainly(samples, value, problem):
    doc = json.loads((samples / "lists" / "six-games.json").read_text())
    doc["games"][0]["plus"] = value
    with pytest.raises(ListError) as exc:
        list_from_json(doc)
    assert exc.value.where == "$.games[0].plus" and exc.value.problem == problem


def test_bad_json_text():
    with pytest.raises(ListError) as exc:
        read_json_text('{"format": ')
    assert "not valid JSON" in str(exc.value)


def test_csv_sample_reads(samples):
    sl = load_list(samples / "lists" / "faulty-table7.csv")
    assert sl.seats == 4 and sl.table.table == 7 and sl.table.start_numbers == ("12", "40", "7", "23")
    assert sl.signatures == (True, True, True, False)
    assert sl.footer.money == (0.5, 3.5, None, None)


#: The DSkV list's columns a typed list must have besides the ones a test names (audit.listcsv.FORM_COLUMNS), at the end
#: of the header: the rows leave them empty.
REST = ";ohne;Hand;Schneider;Schneider angesagt;Schwarz;Schwarz angesagt;offen;-;Eingepasst"


@pytest.mark.parametrize("text, where", [
    ("Nr;Grundwert\n1;12\n", "line 1"),                                      # no Platz columns
    ("Serie;1\nFoo;2\n", "line 2"),
    ("Nr;Grundwert;mit;+;P1;P2;P3" + REST + "\n1;zwölf;1;24;24;;\n", "line 2 (Grundwert)"),
    ("Nr;Grundwert;mit;Hand;+;P1;P2;P3" + REST.replace(";Hand", "") + "\n1;12;1;vielleicht;24;24;;\n",
     "line 2 (hand)"),
    ("Plätze;5\n", "line 1"),
    ("Nr;Grundwert;mit;+;P1;P2;P3" + REST + "\nhallo;12\n", "line 2"),
    ("", "line 1"),
])
def test_bad_csv_names_the_line(text, where):
    with pytest.raises(ListError) as exc:
        read_csv_text(text)
    assert exc.value.where == where


def test_a_csv_without_a_column_of_the_list_is_bad_input_naming_the_columns(samples):
    """The sample list without its "Hand" column: every Hand game would read as a wrong "+" on paper (28 errors, every
    score cut); it is bad input that names what is missing, as a missing Platz column is."""
    lines = (samples / "lists" / "faulty-table7.csv").read_text(encoding="utf-8").splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("Nr;"))
    drop = lines[head].split(";").index("Hand")
    text = "\n".join(";".join(c for k, c in enumerate(line.split(";")) if k != drop) if i >= head else line
                     for i, line in enumerate(lines))
    with pytest.raises(ListError) as exc:
        read_csv_text(text)
    assert exc.value.where == f"line {head + 1}" and "lacks the column Hand:" in exc.value.problem
    without = lines[head].replace(";Schneider angesagt", "").replace(";Eingepasst", "")
    with pytest.raises(ListError) as exc:
        read_csv_text("\n".join(lines[:head] + [without]))
    assert "lacks the columns Schneider angesagt, Eingepasst:" in exc.value.problem


def test_a_decimal_comma_in_a_comma_separated_file_is_bad_input_not_other_amounts(samples):
    """The sample list saved with "," between the cells and its amounts unquoted: "Betrag,0,50,3,50" read as 0, 50, 3
    and 50 EUR (four false money errors); the total "4,00" splits too, which names the problem."""
    text = (samples / "lists" / "faulty-table7.csv").read_text(encoding="utf-8").replace(";", ",")
    with pytest.raises(ListError) as exc:
        read_csv_text(text)
    assert "2 figures for the one total" in exc.value.problem and "save it with ';'" in exc.value.problem
    lines = text.splitlines()
    quoted = "\n".join('Betrag,"0,50","3,50",,' if line.startswith("Betrag,") else
                       'Betrag gesamt,"4,00"' if line.startswith("Betrag gesamt") else line for line in lines)
    assert read_csv_text(quoted).footer.money == (0.5, 3.5, None, None)


def test_csv_money_and_marks():
    text = ("Plätze;3\nNr;Grundwert;mit;Hand;+;-;P1;P2;P3" + REST.replace(";Hand", "").replace(";-", "") + "\n"
            "1;11;2;x;44;;44;;\n"
            "Spielpunkte;44;0;0\nBetrag;4,-;3,50;0.5\nBetrag gesamt;8,00\nUnterschrift;ja;ja;nein\n")
    sl = read_csv_text(text)
    assert sl.games[0].hand is True and sl.games[0].plus == 44
    assert sl.footer.money == (4.0, 3.5, 0.5) and sl.footer.money_total == 8.0
    assert sl.signatures == (True, True, False)
    # 50 cents as keepers write them: "-,50" and ",50"; neither euros nor cents is no amount
    sl = read_csv_text(text.replace("Betrag;4,-;3,50;0.5", "Betrag;-,50;,50;0,50"))
    assert sl.footer.money == (0.5, 0.5, 0.5)
    with pytest.raises(ListError, match="amount like 3,50"):
        read_csv_text(text.replace("Betrag;4,-;3,50;0.5", "Betrag;-,-;3,50;0.5"))


@pytest.mark.parametrize("content, problem", [
    (b"", "empty"), (b"\x00\x01\xff\xfe" * 10, "not"), (b"{}", "missing field"),
])
def test_load_list_bad_files(tmp_path, content, problem):
    p = tmp_path / "x.json"
    p.write_bytes(content)
    with pytest.raises(BadListFile) as exc:
        load_list(p)
    assert problem in exc.value.problem and str(p) in str(exc.value)


def test_load_list_missing_and_folder(tmp_path):
    with pytest.raises(BadListFile, match="no such file"):
        load_list(tmp_path / "none.json")
    with pytest.raises(BadListFile, match="folder"):
        load_list(tmp_path)


def test_a_reading_keeps_why_it_is_doubtful():
    """``reason`` (audit.model.DOUBT_REASONS) is written for a doubtful reading, read back, and follows the schema."""
    from audit.model import CellReading
    sl = simulate(random.Random(1), seats=3)
    sl = replace(sl, readings={"g1.base": CellReading(33, 0.99, ((33, 0.99),), doubtful=True, reason="hand"),
                               "g1.plus": CellReading(18, 0.99, ((18, 0.99),))})
    doc = list_to_json(sl)
    assert doc["readings"]["g1.base"]["reason"] == "hand" and "reason" not in doc["readings"]["g1.plus"]
    back = list_from_json(doc)
    assert back.readings["g1.base"].reason == "hand" and back.readings["g1.plus"].reason == ""
    valid_list(doc)


def test_a_reading_keeps_what_confirmed_it():
    """``confirmed_by`` (audit.model.CONFIRMED_BY: a reading below the bar its row confirms) is written when set,
    read back, and follows the schema."""
    from audit.model import CellReading
    sl = simulate(random.Random(1), seats=3)
    sl = replace(sl, readings={"g1.base": CellReading(12, 0.7, ((12, 0.7), (11, 0.2)), confirmed_by="row"),
                               "g1.plus": CellReading(18, 0.99, ((18, 0.99),))})
    doc = list_to_json(sl)
    assert doc["readings"]["g1.base"]["confirmed_by"] == "row" and "confirmed_by" not in doc["readings"]["g1.plus"]
    assert doc["readings"]["g1.base"]["doubtful"] is False
    back = list_from_json(doc)
    assert back.readings["g1.base"].confirmed_by == "row" and back.readings["g1.plus"].confirmed_by == ""
    # the value's own probability: its candidate's (spellings of one value counted together), not the text's
    assert back.readings["g1.base"].value_confidence == 0.7
    assert CellReading(7.5, 0.52, ((7.5, 0.69), (1.5, 0.22))).value_confidence == 0.69
    assert CellReading(True, 0.6, ((False, 0.3),)).value_confidence == 0.0
    valid_list(doc)


def test_a_findings_presence_cells_are_in_the_audit_json():
    """A footer's counts line wrong on paper rests on the "+"/"-" and totals of the seat's games for holding a figure
    only (who played, whether he won): the JSON says which of its cells those are ("presence"), beside "cells"; a
    finding with none has no such key; the document meets its schema."""
    sl, expected = seeded(random.Random(4), "footer", 4)
    a = audit(sl)
    doc = audit_to_json(a)
    valid_audit(doc)
    by_finding = [(f, j) for f, j in zip(a.findings, doc["findings"])]
    with_presence = [(f, j) for f, j in by_finding if f.presence]
    assert with_presence, [f.code for f in a.findings]
    for f, j in with_presence:
        assert j["presence"] == list(f.presence) and set(j["presence"]) <= set(j["cells"])
    assert all("presence" not in j for f, j in by_finding if not f.presence)


def test_a_digitized_lists_photo_is_kept_from_its_document_and_not_part_of_its_content():
    """``photo.file`` of a digitized list's document is the list's ``photo`` (the review report finds the photo by
    it); a typed list has none; the two are equal lists all the same, and the list document written back has no photo
    block of its own making."""
    sl = simulate(random.Random(2), seats=3)
    doc = list_to_json(sl)
    assert "photo" not in doc and list_from_json(doc).photo is None
    read = list_from_json({**doc, "photo": {"file": "fotos/s1-t4.jpg", "width": 4000, "height": 3000}})
    assert read.photo == "fotos/s1-t4.jpg" and read == list_from_json(doc)
    assert "photo" not in list_to_json(read)
