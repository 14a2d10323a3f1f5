"""Synthetic samples for the reader: a simulated series, written by hand onto a form, photographed by a phone, with
the exact truth of every cell on the photo.

* :func:`make_sample` draws everything from one seed: seats, form edition, a clean series or one with a seeded list
  keeper's mistake (:func:`audit.simulate.seeded`, with the findings the auditor must give), the table head (series,
  table, start numbers), the photo width (720-4000 px, weighted towards phone photos), the handwriting
  (:func:`digitize.synth.fill.fill`) and the camera (:mod:`digitize.synth.camera`).
* :func:`make_sample_from_list` does the same for a list given (e.g. one with several slips of the keeper).
* :func:`write_sample` writes ``NAME.jpg`` (the camera's JPEG bytes) and ``NAME.truth.json``
  (``"format": "skatscan.synth/1"``: seed, split, edition, the ``skatscan.list/1`` list, the expected findings,
  every cell's text, kind and quad on the photo, the photo's size and effects); :func:`make_set` writes many.

The handwriting ``split`` picks the glyph bank: "test" for benchmarks, "train" for training; a sample never mixes
them. Everything random comes from ``numpy.random.default_rng(seed)`` and ``random.Random(seed)``: the same seed
gives the same JPEG bytes and truth.
"""
from __future__ import annotations

import dataclasses
import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional, Sequence

import numpy as np

from audit.files import write_atomic
from audit.listjson import list_to_json
from audit.model import Footer, ScoreList
from audit.simulate import ERROR_KINDS, Expected, seeded, simulate
from digitize.layout import EDITIONS, PAGE_H, PAGE_W
from digitize.synth.camera import MAX_WIDTH, MIN_WIDTH, CameraEffects, Photo, photograph
from digitize.synth.fill import SPLITS, FilledPage, fill

FORMAT_SYNTH = "skatscan.synth/1"
#: ``error_kind`` that asks for a clean list (``None`` draws clean or faulty by ``error_rate``).
CLEAN = "clean"
#: Seeded mistakes that exist only at four seats (at three seats nobody sits out while dealing).
FOUR_SEAT_KINDS = frozenset({"dealer-declared"})

#: How often each table size and form edition is drawn.
SEATS_P = {3: 0.35, 4: 0.65}
EDITION_P = {"skatscan": 0.5, "dskv": 0.5}
#: Photo widths drawn (px) and their weights: video frames and messenger copies (720-1600), resized photos
#: (2000-2268) and full phone photos (3000-4000) -- most lists arrive as phone photos.
WIDTH_P = {720: 0.03, 960: 0.04, 1080: 0.05, 1200: 0.06, 1536: 0.05, 1600: 0.07, 2000: 0.07, 2268: 0.05,
           3000: 0.12, 3024: 0.16, 3456: 0.08, 4000: 0.22}
#: The page is rendered at the first dpi whose photo width limit the photo does not exceed.
DPI_FOR_WIDTH = ((2000, 200), (MAX_WIDTH, 300))
#: Chance that a skatscan form has Serie and Tisch printed (and in its QR code) rather than written.
PRINTED_SERIES_TABLE_P = 0.75
#: Table head drawn for a list: series 1..SERIES_MAX, table 1..TABLE_MAX, start numbers 1..START_NUMBER_MAX.
SERIES_MAX, TABLE_MAX, START_NUMBER_MAX = 4, 60, 240
#: A photo the camera did not compress is still saved as JPEG, at this quality.
FALLBACK_JPEG_QUALITY = 95
#: Sample ``i`` of a set made with ``seed`` has the seed ``seed * SEED_STRIDE + i``.
SEED_STRIDE = 100003
#: Digits of quad coordinates in the truth file.
QUAD_DIGITS = 2


# ---------------------------------------------------------------------------------------------------- records


@dataclass(frozen=True)
class SampleCell:
    """Truth of one cell on the photo: ``text`` and ``kind`` as drawn (see :mod:`digitize.synth.fill`), ``quad``
    the cell's corners (top-left, top-right, bottom-right, bottom-left of the printed cell) in photo px,
    ``visible`` whether all four lie inside the frame, ``parts`` ``(text, kind, quad)`` of each item of a cell
    holding several (money beside a signature), ``outside`` the share of its handwriting outside its crop
    (:attr:`digitize.synth.fill.CellTruth.outside`; not in the JSON)."""

    text: str
    kind: str
    quad: tuple[tuple[float, float], ...]
    visible: bool
    parts: tuple[tuple[str, str, tuple[tuple[float, float], ...]], ...] = ()
    outside: float = 0.0


@dataclass(frozen=True)
class Sample:
    """One synthetic photo with its truth (see the module docstring). ``page`` is the filled page before the
    camera (its own truth in page px); ``error_kind`` is the seeded mistake or None for a clean list."""

    seed: int
    split: str
    edition: str
    error_kind: Optional[str]
    list: ScoreList
    expected: tuple[Expected, ...]
    photo: Photo
    page: FilledPage
    cells: dict[str, SampleCell]

    @property
    def effects(self) -> dict:
        """The camera's record of what it did (``Photo.effects``)."""
        return self.photo.effects


@dataclass(frozen=True)
class Made:
    """One sample written by :func:`make_set`."""

    name: str
    seed: int
    seats: int
    edition: str
    error_kind: Optional[str]
    width: int


# --------------------------------------------------------------------------------------------------- drawing


def dpi_for(width: int) -> int:
    """The page resolution for a photo ``width`` px wide.

    >>> dpi_for(900), dpi_for(2000), dpi_for(3024)
    (200, 200, 300)
    """
    for limit, dpi in DPI_FOR_WIDTH:
        if width <= limit:
            return dpi
    return DPI_FOR_WIDTH[-1][1]


def _weighted(prng: random.Random, weights: dict):
    keys = list(weights)
    return prng.choices(keys, weights=[weights[k] for k in keys])[0]


def _check(seats, edition, error_kind, error_rate, width, split) -> None:
    if seats is not None and seats not in SEATS_P:
        raise ValueError(f"seats must be 3 or 4, not {seats!r}")
    if edition is not None and edition not in EDITIONS:
        raise ValueError(f"edition must be one of {', '.join(EDITIONS)}, not {edition!r}")
    if error_kind is not None and error_kind != CLEAN and error_kind not in ERROR_KINDS:
        raise ValueError(f"unknown error kind {error_kind!r}")
    if error_kind in FOUR_SEAT_KINDS and seats == 3:
        raise ValueError(f"error kind {error_kind!r} needs four seats")
    if not 0.0 <= error_rate <= 1.0:
        raise ValueError(f"error_rate must be from 0 to 1, not {error_rate!r}")
    if width is not None and not MIN_WIDTH <= width <= MAX_WIDTH:
        raise ValueError(f"width must be from {MIN_WIDTH} to {MAX_WIDTH} px, not {width!r}")
    if split not in SPLITS:
        raise ValueError(f"split must be one of {', '.join(SPLITS)}, not {split!r}")


def make_sample(seed: int, *, seats: Optional[int] = None, edition: Optional[str] = None,
                error_kind: Optional[str] = None, error_rate: float = 0.3, width: Optional[int] = None,
                effects: Optional[CameraEffects] = None, split: str = "test") -> Sample:
    """A sample drawn from ``seed`` (a whole number >= 0); every argument left None is drawn.

    ``error_kind``: one of :data:`audit.simulate.ERROR_KINDS`, :data:`CLEAN`, or None (a seeded mistake with
    chance ``error_rate``). ``width`` (720-4000 px) or ``effects`` fix the camera (``width`` overrides the
    effects' width). ``split``: the handwriting bank ("test" or "train"). The "dealer-declared" kind makes a
    four-seat list (asking for it at three seats is a ValueError, and it is never drawn for three seats).
    ValueError for values out of range.
    """
    _check(seats, edition, error_kind, error_rate, width, split)
    prng = random.Random(seed)
    rng = np.random.default_rng(seed)
    if seats is None:
        seats = 4 if error_kind in FOUR_SEAT_KINDS else _weighted(prng, SEATS_P)
    edition = edition if edition is not None else _weighted(prng, EDITION_P)
    sl, expected, error_kind = draw_list(prng, seats=seats, error_kind=error_kind, error_rate=error_rate)
    if width is None and effects is None:
        width = _weighted(prng, WIDTH_P)
    return make_sample_from_list(sl, expected, seed=seed, rng=rng, edition=edition, width=width, effects=effects,
                                 split=split, error_kind=error_kind)


def draw_list(prng: random.Random, *, seats: int, error_kind: Optional[str] = None,
              error_rate: float = 0.3) -> tuple[ScoreList, list[Expected], Optional[str]]:
    """The list of a sample: a clean series (:func:`audit.simulate.simulate`) or one with a seeded mistake
    (:func:`audit.simulate.seeded`; ``error_kind`` as for :func:`make_sample`), with a drawn table head and, at
    four seats, Platz 1 dealing first. Out: (list, expected findings, the error kind or None when clean)."""
    if error_kind is None:
        kinds = [k for k in ERROR_KINDS if seats == 4 or k not in FOUR_SEAT_KINDS]
        error_kind = prng.choice(kinds) if prng.random() < error_rate else CLEAN
    if error_kind == CLEAN:
        sl, expected = simulate(prng, seats=seats), []
    else:
        sl, expected = seeded(prng, error_kind, seats)
    sl, expected = platz1_deals_first(with_table_head(sl, prng), expected)
    return sl, expected, None if error_kind == CLEAN else error_kind


def make_sample_from_list(sl: ScoreList, expected, *, seed: int, rng: Optional[np.random.Generator] = None,
                          edition: str = "skatscan", width: Optional[int] = None,
                          effects: Optional[CameraEffects] = None, split: str = "test",
                          error_kind: Optional[str] = None, printed_series_table: Optional[bool] = None,
                          printed_start_numbers: bool = False) -> Sample:
    """Write ``sl`` by hand and photograph it: a :class:`Sample` whose truth list is ``sl`` and whose expected
    findings are ``expected`` (:class:`~audit.simulate.Expected`). At four seats the seats are first turned so that
    Platz 1 deals game 1, as the printed grey dealer cells assume (the expected seats turn with them).
    ``rng`` defaults to ``default_rng(seed)``; ``printed_series_table`` (skatscan edition) is drawn when None.
    ``sl`` is not modified.
    """
    _check(sl.seats, edition, None, 0.0, width, split)
    rng = rng if rng is not None else np.random.default_rng(seed)
    sl, expected = platz1_deals_first(sl, expected)
    if width is None and effects is not None:
        width = effects.width
    elif width is None:
        widths = list(WIDTH_P)
        weights = np.array([WIDTH_P[w] for w in widths])
        width = int(widths[rng.choice(len(widths), p=weights / weights.sum())])
    if printed_series_table is None:
        printed_series_table = bool(rng.random() < PRINTED_SERIES_TABLE_P)
    # the hand and the camera draw from streams of their own: a change in how the writing is drawn does not
    # re-draw the photo (and benchmarks before and after it compare the same photos)
    hand_rng, camera_rng = (np.random.default_rng(int(s)) for s in rng.integers(0, 2**63 - 1, size=2))
    page = fill(sl, hand_rng, edition=edition, dpi=dpi_for(width), split=split,
                printed_series_table=printed_series_table, printed_start_numbers=printed_start_numbers)
    if effects is None:
        grid = page.layout.grid
        keep = (grid.x / PAGE_W, grid.y / PAGE_H, grid.x2 / PAGE_W, grid.y2 / PAGE_H)
        effects = CameraEffects.random(camera_rng, width=width, keep=keep)
    effects = dataclasses.replace(effects, width=int(width))
    if effects.jpeg_quality is None:
        effects = dataclasses.replace(effects, jpeg_quality=FALLBACK_JPEG_QUALITY)
    photo = photograph(page.image, camera_rng, effects=effects)
    return Sample(seed=seed, split=split, edition=edition, error_kind=error_kind, list=sl,
                  expected=tuple(expected), photo=photo, page=page, cells=_photo_cells(page, photo))


def _corners(box) -> np.ndarray:
    """The four corners of a page px box ``(x0, y0, x1, y1)`` (pixel edges) as pixel-centre coordinates."""
    x0, y0, x1, y1 = box
    return np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], float) - 0.5


def _photo_cells(page: FilledPage, photo: Photo) -> dict[str, SampleCell]:
    """Every cell of ``page`` with its quad mapped onto ``photo``."""
    refs = list(page.cells)
    boxes = [page.cells[r].box for r in refs]
    parts = [(r, p) for r in refs for p in page.cells[r].parts]
    pts = np.vstack([_corners(b) for b in boxes] + [_corners(p.box) for _, p in parts])
    mapped = np.round(photo.to_photo(pts), QUAD_DIGITS)
    h, w = photo.image.shape[:2]
    quads = [tuple((float(x), float(y)) for x, y in mapped[4 * i:4 * i + 4]) for i in range(len(pts) // 4)]
    part_quads: dict[str, list] = {}
    for (ref, part), quad in zip(parts, quads[len(refs):]):
        part_quads.setdefault(ref, []).append((part.text, part.kind, quad))
    out = {}
    for ref, quad in zip(refs, quads):
        truth = page.cells[ref]
        visible = all(-0.5 <= x <= w - 0.5 and -0.5 <= y <= h - 0.5 for x, y in quad)
        out[ref] = SampleCell(truth.text, truth.kind, quad, visible, tuple(part_quads.get(ref, ())), truth.outside)
    return out


# -------------------------------------------------------------------------------------------- list dressing


def with_table_head(sl: ScoreList, prng: random.Random) -> ScoreList:
    """``sl`` with a drawn series, table and distinct start numbers (a new list)."""
    starts = tuple(str(n) for n in prng.sample(range(1, START_NUMBER_MAX + 1), sl.seats))
    table = dataclasses.replace(sl.table, series=prng.randint(1, SERIES_MAX), table=prng.randint(1, TABLE_MAX),
                                start_numbers=starts)
    return dataclasses.replace(sl, table=table)


def platz1_deals_first(sl: ScoreList, expected=()) -> tuple[ScoreList, list[Expected]]:
    """At four seats: the same series with the seats turned so that Platz 1 deals game 1 (the printed form's
    grey dealer cells assume it), and the expected findings with their seats turned alike. Three-seat lists and
    lists already dealt from Platz 1 come back unchanged. New objects; the inputs are not modified.

    >>> import random
    >>> from audit.simulate import simulate
    >>> sl = simulate(random.Random(2), seats=4, first_dealer=3)
    >>> turned, _ = platz1_deals_first(sl)
    >>> turned.table.first_dealer, turned.footer.score[0] == sl.footer.score[2]
    (1, True)
    """
    n, d = sl.seats, sl.table.first_dealer - 1
    if n != 4 or d == 0:
        return sl, list(expected)

    def turn(values):
        values = tuple(values)
        return tuple(values[(i + d) % n] for i in range(n)) if len(values) == n else values

    games = tuple(dataclasses.replace(g, players=turn(g.players)) for g in sl.games)
    f = sl.footer
    footer = Footer(points=turn(f.points), won=turn(f.won), lost=turn(f.lost), bonus=turn(f.bonus),
                    others_lost=turn(f.others_lost), score=turn(f.score), money=turn(f.money),
                    money_total=f.money_total)
    table = dataclasses.replace(sl.table, first_dealer=1, start_numbers=turn(sl.table.start_numbers))
    signatures = None if sl.signatures is None else turn(sl.signatures)
    out = dataclasses.replace(sl, table=table, games=games, footer=footer, signatures=signatures)
    moved = [e if e.seat is None else dataclasses.replace(e, seat=(e.seat - 1 - d) % n + 1) for e in expected]
    return out, moved


# ---------------------------------------------------------------------------------------------------- writing


def truth_doc(sample: Sample) -> dict:
    """The ``skatscan.synth/1`` truth document of ``sample`` (a new dict, JSON-ready)."""
    h, w = sample.photo.image.shape[:2]
    cells = {}
    for ref, c in sample.cells.items():
        cell = {"text": c.text, "kind": c.kind, "quad": [list(p) for p in c.quad]}
        if not c.visible:
            cell["visible"] = False
        if c.parts:
            cell["parts"] = [{"text": t, "kind": k, "quad": [list(p) for p in q]} for t, k, q in c.parts]
        cells[ref] = cell
    lay = sample.page.layout
    return {
        "format": FORMAT_SYNTH,
        "seed": sample.seed,
        "split": sample.split,
        "edition": sample.edition,
        "error_kind": sample.error_kind,
        "form": {"seats": lay.seats, "games": lay.games, "layout_version": lay.version, "dpi": sample.page.dpi},
        "list": list_to_json(sample.list),
        "expected_findings": [{"code": e.code, "game": e.game, "seat": e.seat} for e in sample.expected],
        "photo": {"width": int(w), "height": int(h), "effects": sample.photo.effects},
        "style": sample.page.style,
        "cells": cells,
    }


def dumps_truth(doc: dict) -> str:
    """A truth document as JSON text: one line per top-level field, per cell, per game and per finding."""
    return _dump(doc, 0) + "\n"


def _dump(v, depth: int) -> str:
    pad, inner = "  " * depth, "  " * (depth + 1)
    if isinstance(v, dict) and v and depth < 2:
        body = ",\n".join(f"{inner}{json.dumps(k)}: {_dump(x, depth + 1)}" for k, x in v.items())
        return "{\n" + body + "\n" + pad + "}"
    if isinstance(v, list) and v and depth < 3 and all(isinstance(x, dict) for x in v):
        body = ",\n".join(inner + json.dumps(x, ensure_ascii=False, separators=(",", ":")) for x in v)
        return "[\n" + body + "\n" + pad + "]"
    return json.dumps(v, ensure_ascii=False, separators=(",", ":") if depth >= 2 else None)


def write_sample(sample: Sample, out_dir, name: str) -> tuple[Path, Path]:
    """Write ``NAME.jpg`` (the camera's JPEG bytes) and ``NAME.truth.json`` into ``out_dir`` (an existing
    folder), each whole or not at all, the photo first. Out: the two paths."""
    out = Path(out_dir)
    jpg, truth = out / f"{name}.jpg", out / f"{name}.truth.json"
    if sample.photo.jpeg_bytes is None:
        raise ValueError("the sample's photo has no JPEG bytes")
    write_atomic(jpg, sample.photo.jpeg_bytes)
    write_atomic(truth, dumps_truth(truth_doc(sample)))
    return jpg, truth


def sample_seed(seed: int, i: int) -> int:
    """Seed of sample ``i`` of a set made with ``seed``."""
    return seed * SEED_STRIDE + i


def sample_name(seed: int, i: int, tables: Optional[Sequence[tuple]] = None) -> str:
    """The name (the files' name without their endings) of sample ``i`` of a set made with ``seed``: of a tournament's
    drawn ``tables`` (:func:`make_tournament`) ``s<series>-t<table>`` of ``tables[i]``, else (:func:`make_set`)
    ``s<seed>-<i>`` with ``i`` in five digits. The one place that names them: ``skatscan synth`` names the sample a
    full disk stopped by it too, to take its half-written photo away."""
    if tables is not None:
        series, table = tables[i][0], tables[i][1]
        return f"s{series}-t{table}"
    return f"s{seed}-{i:05d}"


def make_tournament(out_dir, tables, seed: int, *, progress: Optional[Callable[[int, int, str], None]] = None,
                    edition: str = "skatscan", split: str = "test", width: Optional[int] = None,
                    error_rate: float = 0.0) -> list[Made]:
    """One photographed list per drawn table: ``tables`` are ``(series, table, start numbers)``
    (e.g. from a seating list of ``skatscan draw``); each list is a clean simulated series played by
    those start numbers in that seat order, Platz 1 dealing first, on a form with series, table and
    start numbers printed (as ``skatscan draw --forms`` prints them). Written as ``s<series>-t<table>``
    into ``out_dir`` (created if missing). ``error_rate``: the chance that a list holds one seeded keeper's
    mistake instead (:func:`draw_list`, its expected findings in the truth file), to rehearse an evening with
    faulty lists; 0 (the default) makes the same clean lists as before. Out: what was made, in order."""
    tables = list(tables)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    made = []
    for i, (series, table, numbers) in enumerate(tables):
        s = sample_seed(seed, i)
        kind = None
        if error_rate:
            # the list of draw_list, a mistake seeded at that chance, played by the drawn players at the drawn table
            sl, expected, kind = draw_list(random.Random(s), seats=len(numbers), error_rate=error_rate)
            sl = dataclasses.replace(sl, table=dataclasses.replace(sl.table, series=series, table=table,
                                                                   start_numbers=tuple(numbers)))
        else:
            sl, expected = simulate(random.Random(s), seats=len(numbers), early_end=False, first_dealer=1,
                                    series=series, table=table, start_numbers=tuple(numbers)), []
        sample = make_sample_from_list(sl, expected, seed=s, edition=edition, width=width, split=split,
                                       error_kind=kind, printed_series_table=True, printed_start_numbers=True)
        name = sample_name(seed, i, tables)
        write_sample(sample, out, name)
        made.append(Made(name, s, sl.seats, sample.edition, kind, int(sample.photo.image.shape[1])))
        if progress is not None:
            progress(i + 1, len(tables), name)
    return made


def make_set(out_dir, n: int, seed: int, *, progress: Optional[Callable[[int, int, str], None]] = None,
             **kw) -> list[Made]:
    """Make ``n`` samples (seeds :func:`sample_seed`) into ``out_dir`` (created if missing) as
    ``s<seed>-<i>.jpg`` / ``.truth.json``; ``kw`` as for :func:`make_sample`; ``progress(done, n, name)`` is called
    after each sample. Out: what was made, in order."""
    if n < 1:
        raise ValueError(f"n must be at least 1, not {n}")
    if seed < 0:
        raise ValueError(f"seed must not be negative, not {seed}")
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    made = []
    for i in range(n):
        s = sample_seed(seed, i)
        sample = make_sample(s, **kw)
        name = sample_name(seed, i)
        write_sample(sample, out, name)
        made.append(Made(name, s, sample.list.seats, sample.edition, sample.error_kind,
                         int(sample.photo.image.shape[1])))
        if progress is not None:
            progress(i + 1, n, name)
    return made
