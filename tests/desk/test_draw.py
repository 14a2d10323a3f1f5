"""The table draw (SkWO 7.1): properties of the draw, the registration and seating files, the page."""
from __future__ import annotations

import csv
import io
import itertools
import re
import subprocess
import sys
import time
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import desk.draw as draw_module
from desk.draw import DrawError, Table, draw, draw_series, table_sizes
from desk.seating import (SeatingFileError, read_registration, read_seating, render_seating, seating_csv,
                          write_seating)

# --------------------------------------------------------------------------------------------
# Oracles, written from the rule text and the definition, not from the module
# --------------------------------------------------------------------------------------------


def seatable(n: int) -> bool:
    """SkWO 7.1.1 by brute force: four seats a table, at most three tables of three."""
    return any((n - 3 * b) >= 0 and (n - 3 * b) % 4 == 0 for b in range(4))


def fewest_threes(n: int) -> int:
    return min(b for b in range(4) if n - 3 * b >= 0 and (n - 3 * b) % 4 == 0)


def pairs_of(tables):
    return Counter(frozenset(p) for t in tables for p in itertools.combinations(t.numbers, 2))


def repeats(series_tables, earlier_tables) -> int:
    """Over the pairs at the tables of one series: how often the two met in ``earlier_tables``."""
    met = pairs_of(earlier_tables)
    return sum(met[frozenset(p)] for t in series_tables for p in itertools.combinations(t.numbers, 2))


def by_series(tables):
    out = {}
    for t in tables:
        out.setdefault(t.series, []).append(t)
    return out


def event_repeats(tables, previous=()):
    """Repeat meetings of every series of ``tables`` against everything before it."""
    groups = by_series(tables)
    total, earlier = 0, list(previous)
    for s in sorted(groups):
        total += repeats(groups[s], earlier)
        earlier += groups[s]
    return total


start_number = st.one_of(st.integers(1, 99999).map(str),
                         st.from_regex(r"[A-Z][0-9]{1,3}", fullmatch=True))
player_counts = st.integers(3, 64)


@st.composite
def players(draw_, counts=player_counts):
    n = draw_(counts.filter(lambda k: k != 5))  # 5 cannot be seated (SkWO 7.1.1)
    numbers = draw_(st.lists(start_number, min_size=n, max_size=n,
                             unique_by=lambda s: int(s) if s.isdigit() else s.upper()))
    return numbers


# --------------------------------------------------------------------------------------------
# Table sizes (SkWO 7.1.1)
# --------------------------------------------------------------------------------------------


def test_table_sizes_follow_the_rule_for_every_field_up_to_2000():
    for n in range(1, 2001):
        if not seatable(n):
            with pytest.raises(DrawError, match=r"SkWO 7\.1\.1"):
                table_sizes(n)
            continue
        sizes = table_sizes(n)
        assert sum(sizes) == n and set(sizes) <= {3, 4}
        assert sizes.count(3) == fewest_threes(n) <= 3
        assert list(sizes) == sorted(sizes, reverse=True)  # tables of three come last


@pytest.mark.parametrize("n", [1, 2, 5])
def test_impossible_fields_say_why(n):
    with pytest.raises(DrawError) as e:
        draw([str(k) for k in range(1, n + 1)], series=1, seed=1)
    assert f"{n} player" in str(e.value) and "cannot be seated" in str(e.value)
    assert "at most three tables" in str(e.value) and "SkWO 7.1.1" in str(e.value)


def test_no_players_is_refused():
    with pytest.raises(DrawError, match="no players"):
        draw([], series=1, seed=1)


# --------------------------------------------------------------------------------------------
# Properties of the draw
# --------------------------------------------------------------------------------------------


@given(players(), st.integers(1, 5), st.integers(0, 2**40))
def test_every_player_exactly_once_per_series_at_tables_of_the_rule(numbers, n_series, seed):
    result = draw(numbers, n_series, seed)
    groups = by_series(result.tables)
    assert sorted(groups) == list(range(1, n_series + 1)) == list(result.series)
    for s, tables in groups.items():
        seated = [n for t in tables for n in t.numbers]
        assert sorted(seated) == sorted(numbers)  # everyone once, nobody twice
        sizes = [t.seats for t in tables]
        assert set(sizes) <= {3, 4}
        assert sizes.count(3) == fewest_threes(len(numbers)) <= 3
        assert [t.table for t in tables] == list(range(1, len(tables) + 1))


@given(players(st.integers(6, 48)), st.integers(2, 6), st.integers(0, 2**40))
def test_each_series_has_no_more_repeat_meetings_than_its_plain_random_draw(numbers, n_series, seed):
    result = draw(numbers, n_series, seed)
    earlier = []
    for s, tables in sorted(by_series(result.tables).items()):
        met = draw_module.add_meetings({}, earlier)
        plain = draw_series(numbers, s, seed, met, improve=False)
        assert sorted(n for t in plain for n in t.numbers) == sorted(numbers)
        assert repeats(tables, earlier) <= repeats(plain, earlier)
        assert result.repeats[s] == repeats(tables, earlier)
        earlier += tables


@given(players(st.integers(6, 48)), st.integers(2, 6), st.integers(0, 2**40))
def test_the_event_has_no_more_repeat_meetings_than_the_plain_random_draw(numbers, n_series, seed):
    result = draw(numbers, n_series, seed)
    plain = draw(numbers, n_series, seed, improve=False)
    assert event_repeats(result.tables) == result.total_repeats
    assert event_repeats(plain.tables) == plain.total_repeats == result.total_plain_repeats
    assert result.total_repeats <= plain.total_repeats


@given(players(st.integers(3, 40)), st.integers(1, 4), st.integers(0, 2**40), st.randoms(use_true_random=False))
def test_same_seed_same_draw_whatever_the_order_of_the_players(numbers, n_series, seed, rnd):
    shuffled = list(numbers)
    rnd.shuffle(shuffled)
    assert draw(numbers, n_series, seed) == draw(shuffled, n_series, seed)


def test_seeds_give_different_draws_and_every_seat_is_drawn():
    numbers = [str(n) for n in range(1, 41)]
    assert draw(numbers, 2, 1).tables != draw(numbers, 2, 2).tables
    # over 400 seeds, start number 1 sits at each table and on each seat (Platz) about equally often
    tables, seats = Counter(), Counter()
    for seed in range(400):
        (t,) = [t for t in draw(numbers[:8], 1, seed).tables if "1" in t.numbers]
        tables[t.table] += 1
        seats[t.numbers.index("1") + 1] += 1
    assert sorted(tables) == [1, 2] and all(150 <= c <= 250 for c in tables.values())
    assert sorted(seats) == [1, 2, 3, 4] and all(70 <= c <= 130 for c in seats.values())


def test_the_swaps_avoid_meetings_a_plain_draw_repeats():
    numbers = [str(n) for n in range(1, 81)]
    for seed in range(5):
        result = draw(numbers, 4, seed)
        assert result.total_repeats == 0 < result.total_plain_repeats


def test_previous_series_count_and_numbering_continues():
    numbers = [str(n) for n in range(1, 25)]
    first = draw(numbers, 2, seed=11)
    more = draw(numbers, 2, seed=12, previous=first.tables)
    assert more.series == (3, 4)
    assert event_repeats(more.tables, first.tables) == more.total_repeats == 0
    # a plain draw after the same series meets old acquaintances
    plain = draw(numbers, 2, seed=12, previous=first.tables, improve=False)
    assert event_repeats(plain.tables, first.tables) == plain.total_repeats > 0
    # players who dropped out stay in the history without being seated again
    fewer = draw(numbers[:-4], 1, seed=3, previous=first.tables)
    assert sorted(n for t in fewer.tables for n in t.numbers) == sorted(numbers[:-4])


def test_a_search_that_made_things_worse_falls_back_to_the_plain_draw(monkeypatch):
    def worst(groups, met, rng):  # every series the same tables: everyone meets again
        everyone = sorted((p for g in groups for p in g), key=int)
        at = 0
        for g in groups:
            g[:] = everyone[at:at + len(g)]
            at += len(g)

    numbers = [str(n) for n in range(1, 21)]
    plain = draw(numbers, 3, seed=5, improve=False)
    monkeypatch.setattr(draw_module, "_improve", worst)
    result = draw(numbers, 3, seed=5)
    assert result.tables == plain.tables and result.total_repeats == plain.total_repeats > 0


def test_bad_arguments():
    with pytest.raises(DrawError, match="registered twice"):
        draw(["1", "2", "2", "4"], 1, 1)
    with pytest.raises(DrawError, match="07 are the same"):
        draw(["1", "2", "7", "07"], 1, 1)
    with pytest.raises(DrawError, match="letters or digits"):
        draw(["1", "2", "3", "1 7"], 1, 1)
    with pytest.raises(DrawError, match="seed"):
        draw(["1", "2", "3"], 1, -1)
    with pytest.raises(DrawError, match="at least one series"):
        draw(["1", "2", "3"], 0, 1)
    with pytest.raises(DrawError, match="up to 999"):
        draw(["1", "2", "3"], 2, 1, previous=[Table(998, 1, ("1", "2", "3"))])


def test_two_hundred_players_six_series_in_a_few_seconds():
    numbers = [str(n) for n in range(1, 201)]
    t0 = time.process_time()
    result = draw(numbers, 6, seed=2024)
    assert time.process_time() - t0 < 3.0
    assert result.total_repeats < result.total_plain_repeats


# --------------------------------------------------------------------------------------------
# Registration list
# --------------------------------------------------------------------------------------------


def test_registration_list_with_names_quotes_and_german_header(tmp_path):
    f = tmp_path / "anmeldung.csv"
    f.write_bytes("Start-Nr.;Name\r\n10;Jürgen Weiß\r\n2;\"Krause; Bernd\"\r\n\r\n3\r\n".encode("cp1252"))
    got = read_registration(f)
    assert [(p.number, p.name) for p in got] == [("2", "Krause; Bernd"), ("3", ""), ("10", "Jürgen Weiß")]


@pytest.mark.parametrize("header", ["No.,Name", "#,Name", "Starting number,Player name", "No,Full name"])
def test_a_registration_list_headed_in_english_is_read(tmp_path, header):
    """An English guest organiser heads the list "No.,Name" or "#,Name": "the header must be start_number,name"."""
    f = tmp_path / "reg.csv"
    f.write_text(header + "\n1,Anna\n2,Bob\n", encoding="utf-8")
    assert [(p.number, p.name) for p in read_registration(f)] == [("1", "Anna"), ("2", "Bob")]


def test_registration_list_utf8_with_bom_and_comma(tmp_path):
    f = tmp_path / "reg.csv"
    f.write_text("\ufeffstart_number,name\n1,Anna\n2,\"Berger, Hans\"\nA7,Gast\n", encoding="utf-8")
    assert [(p.number, p.name) for p in read_registration(f)] == [("1", "Anna"), ("2", "Berger, Hans"),
                                                                  ("A7", "Gast")]


@pytest.mark.parametrize("text,line,problem", [
    ("1,Anna\n2,Bernd\n", 1, "must be the header"),
    ("Spieler,Verein\n1,Anna\n", 1, "header must be start_number,name"),
    ("start_number,name,club\n1,Anna,SC\n", 1, "header must be"),
    ("start_number,name\n1,Anna\n2,Berger, Hans\n", 3, "3 fields, but the header has 2"),
    ("start_number,name\n1,Anna\n,Bernd\n", 3, "no start number"),
    ("start_number,name\n1,Anna\n1 7,Bernd\n", 3, "'1 7': use 1 to 5 letters or digits"),
    ("start_number,name\n1,Anna\n123456,Bernd\n", 3, "use 1 to 5 letters or digits"),
    ("start_number,name\n4,Anna\n2,Bernd\n4,Carla\n", 4, "start number 4 is already on line 2"),
    ("start_number,name\n4,Anna\n04,Carla\n", 3, "the same number as 4 on line 2"),
    ("start_number,name\n1,\"Anna\nBerger\"\n", 2, "control character"),
    ("start_number,name\n\n\n", None, "no players"),
    ("start_number\n1\n2,Bernd\n", 3, "2 fields, but the header has 1"),
])
def test_bad_registration_lines_are_named(tmp_path, text, line, problem):
    f = tmp_path / "reg.csv"
    f.write_text(text, encoding="utf-8")
    with pytest.raises(SeatingFileError) as e:
        read_registration(f)
    assert e.value.line == line and problem in str(e.value)
    assert str(e.value).startswith(f"line {line}: ") if line else True


def test_missing_empty_and_binary_files(tmp_path):
    with pytest.raises(SeatingFileError, match="no such file"):
        read_registration(tmp_path / "nope.csv")
    (tmp_path / "empty.csv").write_text("  \n")
    with pytest.raises(SeatingFileError, match="empty"):
        read_registration(tmp_path / "empty.csv")
    (tmp_path / "bin.csv").write_bytes(b"start_number\n\x00\x01\x02")
    with pytest.raises(SeatingFileError, match="not a text file"):
        read_registration(tmp_path / "bin.csv")


# --------------------------------------------------------------------------------------------
# Seating list
# --------------------------------------------------------------------------------------------

names_st = st.text(st.characters(blacklist_categories=("Cc", "Cs")), max_size=20).map(str.strip)


@given(players(st.integers(3, 30)), st.integers(1, 3), st.integers(0, 2**32), st.data())
def test_seating_list_round_trip(tmp_path_factory, numbers, n_series, seed, data):
    result = draw(numbers, n_series, seed)
    names = {n: data.draw(names_st) for n in numbers}
    path = tmp_path_factory.mktemp("seat") / "seating.csv"
    write_seating(path, result.tables, names)
    tables, got_names = read_seating(path)
    assert tables == result.tables
    assert got_names == {n: v for n, v in names.items() if v}


def test_seating_csv_columns_and_order():
    tables = (Table(1, 2, ("9", "3", "5")), Table(1, 1, ("1", "2", "4", "8")))
    text = seating_csv(tables, {"3": "Anna, B."})
    assert text.splitlines()[:3] == ["\ufeffseries,table,seat,start_number,name", "1,1,1,1,", "1,1,2,2,"]
    assert '1,2,2,3,"Anna, B."' in text.splitlines()


def test_the_seating_list_opens_in_a_spreadsheet_with_its_umlauts_and_no_formula(tmp_path):
    """The seating list had no byte-order mark (a spreadsheet showed "Jürgen Müller" as "JÃ¼rgen MÃ¼ller") and
    wrote a name from the registration list that begins like a formula as it was, for the spreadsheet to run (the
    standings CSV guarded against it, the seating list not). Both now as the standings CSV; read back as they were."""
    tables = (Table(1, 1, ("1", "2", "3", "4")),)
    names = {"1": "Jürgen Müller", "2": "=HYPERLINK(\"http://x\")", "3": "'=1+1", "4": "-Anna"}
    path = tmp_path / "seating.csv"
    write_seating(path, tables, names)
    raw = path.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf") and "Jürgen Müller" in raw.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"))))
    assert [r[4] for r in rows[1:]] == ["Jürgen Müller", "'=HYPERLINK(\"http://x\")", "''=1+1", "'-Anna"]
    assert read_seating(path) == (tables, names)


HEAD = "series,table,seat,start_number,name\n"


@pytest.mark.parametrize("body,line,problem", [
    ("1,1,1,1,\n1,1,2,2,\n1,1,3,3,\n1,1,3,4,\n", 5, "seat 3 is already taken on line 4"),
    ("1,1,1,1,\n1,1,2,2,\n1,1,3,3,\n1,2,1,2,\n", 5, "start number 2 already sits at table 1 in series 1 (line 3)"),
    ("1,1,1,1,\n1,1,2,2,\n1,1,4,3,\n", 2, "has seats 1, 2, 4"),
    ("1,1,1,1,\n1,1,2,2,\n", 2, "a table has seats 1 to 3 or 1 to 4"),
    ("0,1,1,1,\n", 2, "series '0'"),
    ("1,1,5,1,\n", 2, "seat '5'"),
    ("1,x,1,1,\n", 2, "table 'x'"),
    ("1,1,1,,\n", 2, "no start number"),
    ("1,1,1\n", 2, "no start number"),
    ("1,1,1,1,Anna,Berger\n", 2, "6 fields, but a line is series,table,seat,start_number,name"),
    ("1,1,1,1,Anna\n1,1,2,2,\n1,1,3,3,\n2,1,1,1,Berta\n2,1,2,2,\n2,1,3,3,\n", 5,
     "is 'Berta' here but 'Anna' on line 2"),
    ("".join(f"1,{t},{s},{t}{s}," + "\n" for t in range(1, 5) for s in range(1, 4)), 11,
     "more than 3 tables of three (SkWO 7.1.1)"),
])
def test_bad_seating_lines_are_named(tmp_path, body, line, problem):
    f = tmp_path / "seating.csv"
    f.write_text(HEAD + body, encoding="utf-8")
    with pytest.raises(SeatingFileError) as e:
        read_seating(f)
    assert e.value.line == line and problem in e.value.problem, str(e.value)


def test_seating_header_is_checked(tmp_path):
    f = tmp_path / "seating.csv"
    f.write_text("serie,tisch,platz,nr\n1,1,1,1\n")
    with pytest.raises(SeatingFileError, match="line 1: the header must be series,table,seat,start_number,name"):
        read_seating(f)
    # a registration list given where the seating list belongs: its cells as read (a ';' file), and what to do
    f.write_text("Start-Nr.;Name\n1;Anna\n2;Bernd\n")
    with pytest.raises(SeatingFileError) as e:
        read_seating(f)
    assert "not Start-Nr. | Name; this is a registration list" in e.value.problem
    assert "'skatscan draw --players' makes the seating list from it" in e.value.problem
    f.write_text(HEAD)
    with pytest.raises(SeatingFileError, match="only the header"):
        read_seating(f)


def test_seating_written_by_a_spreadsheet_with_semicolons(tmp_path):
    f = tmp_path / "seating.csv"
    f.write_bytes("series;table;seat;start_number;name\r\n1;1;1;3;Jörg\r\n1;1;2;1;\r\n1;1;3;2;\r\n"
                  .encode("cp1252"))
    tables, names = read_seating(f)
    assert tables == (Table(1, 1, ("3", "1", "2")),) and names == {"3": "Jörg"}


# --------------------------------------------------------------------------------------------
# The printable page
# --------------------------------------------------------------------------------------------


def test_page_lists_every_table_and_every_start_number():
    numbers = [str(n) for n in range(1, 15)]
    result = draw(numbers, 2, seed=99)
    html = render_seating(result, {"7": "Anna Berger"})
    assert '<html lang="de">' in html and "Tischordnung" in html and "SkWO 7.1" in html
    assert re.search(r'id="seed">99<', html) and f'id="repeats">{result.total_repeats}<' in html
    assert "2 Tische zu vier und 2 zu drei" in html
    for s in (1, 2):
        for t in (t for t in result.tables if t.series == s):
            card = re.search(rf'<div class="card" id="s{s}-t{t.table}">.*?</div>', html, re.S).group(0)
            assert re.findall(r'<td class="nr">(\w+)</td>', card) == list(t.numbers)
            assert ("3 Plätze" in card) == (t.seats == 3)
        wall = re.search(rf'id="s{s}-players">.*?</section>', html, re.S).group(0)
        rows = re.findall(r'<span class="nr">(\w+)</span>.*?Tisch <b>(\d+)</b></span><span class="platz">Platz (\d)',
                          wall)
        assert [r[0] for r in rows] == numbers  # sorted by start number, 2 before 10
        where = {n: (t.table, k) for t in result.tables if t.series == s for k, n in enumerate(t.numbers, 1)}
        assert all(where[n] == (int(t), int(k)) for n, t, k in rows)
    assert html.count("Anna Berger") == 4  # card and wall list, both series


def test_page_escapes_names_and_speaks_english():
    result = draw(["1", "2", "3", "4"], 1, seed=1)
    html = render_seating(result, {"1": '<script>alert("x")</script>'}, lang="en")
    assert "<script>alert" not in html and "&lt;script&gt;" in html
    assert "Seating" in html and "1 table of four" in html and "Platz" not in html


def test_the_draw_needs_no_opencv():
    code = ("import sys, desk.draw, desk.seating, skatscan.cmd_draw; "
            "print(sorted(m for m in ('cv2', 'numpy', 'digitize') if m in sys.modules))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and proc.stdout.strip() == "[]", proc.stderr


def test_the_same_name_at_two_start_numbers_is_found_however_it_is_typed():
    from desk.seating import Player, same_names
    players = [Player("1", "Jürgen Müller"), Player("2", "Anna"), Player("8", "ju\u0308rgen  mu\u0308ller"),
               Player("9", ""), Player("10", "")]
    assert same_names(players) == [("Jürgen Müller", ("1", "8"))]
