"""Any list the readers accept audits without an exception, whatever nonsense is written in it."""
from hypothesis import given
from hypothesis import strategies as st

from audit.auditjson import audit_to_json
from audit.auditor import audit
from audit.listjson import list_from_json
from audit.report import render_text

small = st.one_of(st.none(), st.integers(0, 30))
value = st.one_of(st.none(), st.integers(0, 400))
total = st.one_of(st.none(), st.integers(-3000, 3000))
mark = st.booleans()


@st.composite
def lists(draw):
    seats = draw(st.sampled_from([3, 4]))
    n = draw(st.integers(0, 50))
    games = []
    for no in range(1, n + 1):
        if draw(st.integers(0, 9)) == 0:
            continue
        players = [draw(st.one_of(st.none(), st.fixed_dictionaries(
            {"total": total, "won": st.one_of(st.none(), st.integers(0, 40)),
             "lost": st.one_of(st.none(), st.integers(0, 40))}))) for _ in range(seats)]
        games.append({"no": no, "base": draw(st.one_of(st.none(), st.sampled_from([9, 10, 11, 12, 13, 23, 24, 0]))),
                      "mit": draw(small), "ohne": draw(small), "hand": draw(mark), "schneider": draw(mark),
                      "schneider_announced": draw(mark), "schwarz": draw(mark), "schwarz_announced": draw(mark),
                      "ouvert": draw(mark), "plus": draw(value), "minus": draw(value), "passed": draw(mark),
                      "crossed_out": draw(st.booleans()), "players": players})
    per_seat = st.one_of(st.none(), st.lists(total, min_size=seats, max_size=seats))
    footer = draw(st.one_of(st.none(), st.fixed_dictionaries({
        "points": per_seat, "won": st.one_of(st.none(), st.lists(st.one_of(st.none(), st.integers(0, 50)),
                                                               min_size=seats, max_size=seats)),
        "lost": st.one_of(st.none(), st.lists(st.one_of(st.none(), st.integers(0, 50)),
                                              min_size=seats, max_size=seats)),
        "bonus": per_seat, "others_lost": per_seat, "score": per_seat,
        "money": st.one_of(st.none(), st.lists(st.one_of(st.none(), st.floats(0, 100)),
                                               min_size=seats, max_size=seats)),
        "money_total": st.one_of(st.none(), st.floats(0, 500))})))
    return {"format": "skatscan.list/1",
            "table": {"seats": seats, "first_dealer": draw(st.integers(1, seats)),
                      "kind": draw(st.sampled_from(["tournament", "private"]))},
            "games": games, "footer": footer,
            "signatures": draw(st.one_of(st.none(), st.lists(st.booleans(), min_size=seats, max_size=seats)))}


@given(lists())
def test_any_accepted_list_audits(doc):
    sl = list_from_json(doc)
    a = audit(sl)
    render_text(a, "de")
    render_text(a, "en")
    audit_to_json(a)
    # auditing the corrected list never fails either, and correcting is idempotent on results
    # (except where several seats wrote in one row: that row is left to the referee)
    again = audit(a.corrected.sl)
    if any(f.code == "several-declarers" for f in a.findings):
        return
    assert [r.score for r in again.result] == [r.score for r in a.result]
