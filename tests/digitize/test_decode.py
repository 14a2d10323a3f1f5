"""The decoder: readings to list, the row arithmetic among doubtful candidates, honest doubts."""
import random
from dataclasses import replace

from audit.auditor import audit
from audit.listjson import list_to_json
from audit.model import MARK_FIELDS, cell_ref
from audit.simulate import seeded, simulate
from digitize.decode import CONFIDENCE_BAR, CellRead, decode, parse
from digitize.layout import layout_for


def texts_of(sl):
    """What a keeper writes in each cell of the form for list ``sl`` (the reader's ideal output)."""
    lay = layout_for(sl.seats, 48 if sl.seats == 4 else 36)
    out = {ref: "" for ref in lay.cells()}
    for g in sl.games:
        if g.crossed_out:
            for ref in out:
                if ref.startswith(f"g{g.no}."):
                    out[ref] = "#"
            continue
        for f in ("base", "mit", "ohne", "plus", "minus"):
            v = getattr(g, f)
            out[cell_ref(g.no, f)] = "" if v is None else str(v)
        for m in MARK_FIELDS:
            out[cell_ref(g.no, m)] = "X" if getattr(g, m) else ""
        out[cell_ref(g.no, "passed")] = "X" if g.passed else ""
        for s, p in enumerate(g.players, start=1):
            for f in ("total", "won", "lost"):
                v = getattr(p, f)
                out[cell_ref(g.no, f, s)] = "" if v is None else str(v)
    f = sl.footer
    for line in ("points", "won", "lost", "bonus", "others_lost", "score"):
        for s, v in enumerate(getattr(f, line), start=1):
            out[f"footer.{line}.{s}"] = "" if v is None else str(v)
    for s, v in enumerate(f.money, start=1):
        out[f"footer.money.{s}"] = "" if not v else f"{v:.2f}".replace(".", ",")
    out["footer.money_total"] = "" if not f.money_total else f"{f.money_total:.2f}".replace(".", ",")
    for s, signed in enumerate(sl.signatures or (), start=1):
        out[f"signature.{s}"] = "~" if signed else ""
    for s, n in enumerate(sl.table.start_numbers, start=1):
        out[f"table.start_number.{s}"] = n or ""
    out["table.series"] = str(sl.table.series or "")
    out["table.table"] = str(sl.table.table or "")
    return {ref: t for ref, t in out.items() if ref in lay.cells()}


def perfect_reads(sl):
    return [CellRead(ref, t, 0.99, ((t, 0.99),)) for ref, t in texts_of(sl).items()]


def table_of(sl):
    return replace(sl.table, series=None, table=None, start_numbers=())


def strip(doc):
    doc = dict(doc)
    doc.pop("readings", None)
    return doc


def test_perfect_readings_give_the_list_back():
    for seed, seats in ((1, 4), (2, 3)):
        sl = simulate(random.Random(seed), seats=seats)
        got = decode(perfect_reads(sl), table_of(sl), 48 if seats == 4 else 36)
        assert strip(list_to_json(got)) == strip(list_to_json(sl))
        assert not any(r.doubtful for r in got.readings.values())


def test_arithmetic_picks_the_consistent_candidate_and_marks_it_doubtful():
    sl = simulate(random.Random(3), seats=4, early_end=False)
    game = next(g for g in sl.games if g.plus is not None and g.plus >= 20)
    ref = cell_ref(game.no, "plus")
    true = str(game.plus)
    wrong = str(game.plus + 10)
    reads = [r if r.ref != ref else CellRead(ref, wrong, 0.55, ((wrong, 0.55), (true, 0.40)))
             for r in perfect_reads(sl)]
    got = decode(reads, table_of(sl), 48)
    row = next(g for g in got.games if g.no == game.no)
    assert row.plus == game.plus                         # the row's arithmetic chose the right one
    assert got.readings[ref].doubtful and got.readings[ref].chosen_by == "arithmetic"
    a = audit(got)
    assert a.status == "reading-doubts"                  # the referee still sees the cell
    assert [f.code for f in a.findings if f.code == "unreadable"] == ["unreadable"]


def test_a_confident_wrong_paper_row_stays_wrong():
    sl, expected = seeded(random.Random(4), "single-counted-loss", 4)
    got = decode(perfect_reads(sl), table_of(sl), 48)
    a = audit(got)
    assert {(f.code, f.game) for f in a.errors} == {(e.code, e.game) for e in expected}
    assert not a.doubts                                   # a paper error, not a reading doubt


def test_doubt_below_the_bar_even_when_top_reading_is_right():
    sl = simulate(random.Random(5), seats=3)
    ref = next(r.ref for r in perfect_reads(sl) if r.ref.endswith(".base") and r.text)
    reads = [r if r.ref != ref else CellRead(ref, r.text, CONFIDENCE_BAR - 0.2, ((r.text, CONFIDENCE_BAR - 0.2),))
             for r in perfect_reads(sl)]
    got = decode(reads, table_of(sl), 36)
    assert got.readings[ref].doubtful and got.readings[ref].chosen_by == "reader"


def test_parse_by_column():
    assert parse("base", "12") == 12 and parse("total", "-94") == -94
    assert parse("total", "-") is None and parse("p", "") is None
    assert parse("hand", "X") is True and parse("hand", "") is False
    assert parse("money", "0,50") == 0.5 and parse("money", "4,-") == 4.0
    assert parse("signature", "~") is True and parse("signature", "") is False
