"""Any text given as a list file is read or refused with a place and a problem, never a crash."""
import json

from hypothesis import given
from hypothesis import strategies as st

from audit.auditor import audit
from audit.listcsv import read_csv_text
from audit.listjson import ListError, read_json_text

json_values = st.recursive(st.none() | st.booleans() | st.integers(-10**15, 10**15) | st.floats() | st.text(max_size=8),
                           lambda inner: (st.lists(inner, max_size=5)
                                          | st.dictionaries(st.text(max_size=8), inner, max_size=5)),
                           max_leaves=30)
keys = st.sampled_from(["format", "table", "games", "footer", "signatures", "settled", "readings", "seats", "no",
                        "base", "plus", "minus", "players", "total", "won", "lost", "points", "money"])


@given(st.text(max_size=300))
def test_any_text_as_json(text):
    try:
        sl = read_json_text(text)
    except ListError as exc:
        assert exc.where and exc.problem
        return
    audit(sl)


@given(st.dictionaries(keys, json_values, max_size=6), st.dictionaries(keys, json_values, max_size=6))
def test_list_shaped_json(top, table):
    doc = {"format": "skatscan.list/1", "table": {"seats": 4, **table}, **top}
    try:
        sl = read_json_text(json.dumps(doc))
    except ListError as exc:
        assert str(exc)
        return
    audit(sl)


@given(st.lists(st.lists(st.sampled_from(["", "1", "12", "-5", "X", "ja", "Nr", "P1", "P2", "P3", "Grundwert",
                                          "Spielpunkte", "3,50", "gestrichen", "x", "abc", "999999"]),
                         max_size=8), max_size=12))
def test_any_csv(rows):
    text = "\n".join(";".join(r) for r in rows)
    try:
        sl = read_csv_text(text)
    except ListError as exc:
        assert exc.where and exc.problem
        return
    audit(sl)
