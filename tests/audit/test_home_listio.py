"""Home-list columns, abandoned games and penalties in the JSON and CSV files."""
import json
import random
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from audit.listcsv import list_to_csv, read_csv_text
from audit.listjson import ListError, list_from_json, list_to_json
from audit.model import Abandoned
from audit.simulate import simulate
from tests.audit.test_listio import valid_list


def _with_abandoned(sl, rng):
    games = list(sl.games)
    for i, g in enumerate(games):
        if g.declarers and not g.ramsch and rng.random() < 0.1:
            games[i] = replace(g, abandoned=Abandoned(rng.randint(1, sl.seats),
                                                      rng.choice(("bidding", "announcement", "play"))))
    return replace(sl, games=tuple(games))


@given(st.integers(0, 2**32 - 1), st.sampled_from([3, 4]), st.sampled_from(["home", "private"]))
def test_home_lists_round_trip_through_json_and_csv(seed, seats, kind):
    rng = random.Random(seed)
    sl = _with_abandoned(simulate(rng, seats=seats, home=True, penalties=True, kind=kind), rng)
    doc = list_to_json(sl)
    valid_list(doc)
    assert list_from_json(doc) == sl
    assert list_to_json(read_csv_text(list_to_csv(sl))) == doc


#: The DSkV list's mark columns and Eingepasst, which a typed list must have (the rows here leave them empty).
MARKS = ";Hand;Schneider;Schneider angesagt;Schwarz;Schwarz angesagt;offen;Eingepasst"


def test_csv_columns_in_german():
    text = ("Plätze;3\nArt;Heim\n"
            "Nr;Grundwert;mit;ohne;+;-;P1;P2;P3;Kontra;Re;Bock;Ramsch;Abbruch" + MARKS + "\n"
            "1;12;1;;96;;96;;;X;X;;;\n"
            "2;;;;;70;;-70;;;;;X;\n"
            "3;24;2;;;144;;;-144;;;;;3 Reizen\n"
            "Strafe;3;1;gering;0;-3;1;1\n")
    sl = read_csv_text(text)
    g1, g2, g3 = sl.games
    assert (g1.kontra, g1.re, g1.factor) == (True, True, 4)
    assert g2.ramsch and g2.minus == 70
    assert g3.abandoned == Abandoned(3, "bidding")
    assert sl.table.kind == "home"
    assert sl.penalties[0].points == (-3, 1, 1) and sl.penalties[0].offence == "minor"


def _doc(**extra):
    game = {"no": 1, "base": 12, "mit": 1, "plus": 24, "players": [{"total": 24}, None, None]}
    game.update(extra.pop("game", {}))
    return {"format": "skatscan.list/1", "table": {"seats": 3, "kind": "home"}, "games": [game], **extra}


@pytest.mark.parametrize("doc,where,problem", [
    (_doc(game={"bock": -1}), "$.games[0].bock", "out of range"),
    (_doc(game={"kontra": "ja"}), "$.games[0].kontra", "true or false"),
    (_doc(game={"abandoned": {"seat": 4, "when": "play"}}), "$.games[0].abandoned.seat", "seat 1 to 3"),
    (_doc(game={"abandoned": {"seat": 1, "when": "lunch"}}), "$.games[0].abandoned.when", "one of"),
    (_doc(penalties=[{"after": 9, "seat": 1, "offence": "minor", "points": [-3, 1, 1]}]),
     "$.penalties[0].after", "not on the list"),
    (_doc(penalties=[{"after": 1, "seat": 1, "offence": "cheating", "points": [-3, 1, 1]}]),
     "$.penalties[0].offence", "one of"),
    (_doc(penalties=[{"after": 1, "seat": 1, "offence": "minor", "points": [-3, 1]}]),
     "$.penalties[0].points", "one per seat"),
])
def test_bad_home_fields_name_their_path(doc, where, problem):
    with pytest.raises(ListError) as e:
        list_from_json(json.loads(json.dumps(doc)))
    assert e.value.where == where and problem in e.value.problem


@pytest.mark.parametrize("line,problem", [
    ("Strafe;1;5;gering;0;-3;1;1", "seat must be 1 to 3"),
    ("Strafe;1;1;frech;0;-3;1;1", "unknown offence"),
    ("Strafe;7;1;gering;0;-3;1;1", "not on the list"),
    ("Strafe;1;1;gering", "needs"),
])
def test_bad_penalty_lines_name_their_line(line, problem):
    text = "Plätze;3\nNr;Grundwert;mit;ohne;+;-;P1;P2;P3" + MARKS + "\n1;12;1;;24;;24;;\n" + line + "\n"
    with pytest.raises(ListError) as e:
        read_csv_text(text)
    assert e.value.where == "line 4" and problem in e.value.problem


def test_audit_documents_of_home_lists_follow_the_schema():
    from audit.auditjson import audit_to_json
    from audit.auditor import audit
    from audit.settings import Settings
    from tests.audit.test_listio import valid_audit

    settings = Settings(online=True, penalties="doppelkopf")
    for seed in range(5):
        rng = random.Random(seed)
        sl = _with_abandoned(simulate(rng, seats=4, home=True, penalties=True), rng)
        sl = replace(sl, table=replace(sl.table, kind="tournament"))   # home rules on a tournament list
        a = audit(sl, settings)
        assert {"home-rule", "abandoned-game"} & {f.code for f in a.findings}
        doc = audit_to_json(a, settings)
        valid_audit(doc)
        assert doc["settings"]["penalties"] == "doppelkopf" and doc["settings"]["online"] is True
