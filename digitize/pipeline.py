"""Photo to list: load, locate, cut the cells, read them, decode.

    photo --image--> BGR --locate--> rectified page + cells --cells.crop--> crops
          --engine--> readings --decode--> skatscan.list/1 (with a reading for every written cell)

Every cell goes to the engine (it reads "empty" too), and every reading carries its
confidence, candidates and quad on the photo. A cell the list's arithmetic contradicts although the
first networks read it surely, and every cell an error on paper rests on, is read again by every network
of the engine, and the readings decoded again (:func:`decode_reads`, :func:`second_look`).
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, Optional

import cv2
import numpy as np

from audit.auditor import audit
from audit.listjson import list_to_json
from audit.model import ScoreList, Table
from audit.settings import Settings

from .cells import CONTEXT_MARGIN, crop, margin_for, read_in_context, share_off_photo, weigh_in_context
from .cell_values import GAME_REF, CellRead
from .decode import CONFIDENCE_BAR, decode
from .doubts import EMPTY_BAR
from .image import ImageError, load_image, refused_as_damaged
from .locate import Located, LocateError, locate

ENGINES = ("skatscan", "tesseract")
#: Width of the photo copy in the review report.
REPORT_WIDTH = 1600
#: The decoder's reasons of doubt for which a cell is read again by every network of the reader before the list
#: is decoded again (:func:`second_look`): "row", a cell the first networks read at or above the bar that the
#: arithmetic of its row (or footer) contradicts (one of its other readings would make the row agree). Asked like
#: a doubt, the further opinions lower some of those readings below the bar, and the row is then settled honestly
#: among the candidates; a reading they confirm keeps its value (docs/reader.md, "A second look").
ASK_AGAIN = ("row",)


@dataclass
class Digitized:
    list: ScoreList
    located: Located
    reads: list[CellRead]
    image_shape: tuple
    timings: dict = field(default_factory=dict)
    #: libjpeg's words on JPEG data damaged in part ("" for none: :func:`digitize.image.load_image`), kept in the
    #: document as ``photo.damaged``
    damaged: str = ""

    def list_json(self) -> dict:
        doc = list_to_json(self.list)
        loc = self.located
        doc["photo"] = {"file": self.list.source, "width": self.image_shape[1], "height": self.image_shape[0],
                        "rotation": loc.rotation, "method": loc.method, "edition": loc.edition,
                        "fit_error_mm": round(float(loc.fit_error_mm), 3), "qr": loc.payload,
                        "other_lists": loc.other_lists,
                        "seconds": {k: round(v, 3) for k, v in self.timings.items()}}
        if self.damaged:
            doc["photo"]["damaged"] = self.damaged
        return doc


_ENGINES: dict = {}


def get_engine(name: str = "skatscan"):
    """The cell reader by name (loaded once per process)."""
    if name not in _ENGINES:
        if name == "skatscan":
            from .reader import CellReader
            _ENGINES[name] = CellReader()
        elif name == "tesseract":
            from .tesseract_engine import TesseractReader
            _ENGINES[name] = TesseractReader()
        else:
            raise ValueError(f"unknown engine {name!r} (choose {', '.join(ENGINES)})")
    return _ENGINES[name]


def digitize_image(image: np.ndarray, *, engine: str = "skatscan", source: Optional[str] = None,
                   settings: Optional[Settings] = None) -> Digitized:
    """Read the list on ``image`` (BGR uint8); ``settings``: the tournament's (its loss money schedule weighs the
    amounts read in doubt: :func:`digitize.decode.decode`). Raises :class:`digitize.locate.LocateError`. The
    timings' "decode" includes the second look (:func:`decode_reads`)."""
    t0 = time.perf_counter()
    located = locate(image)
    t1 = time.perf_counter()
    reader = get_engine(engine)
    crops, reads = read_cells(located, reader)
    t2 = time.perf_counter()
    sl, reads = decode_reads(reads, crops, reader, payload_table(located), located.games, source=source,
                             settings=settings, context=lambda refs: context_crops(located, refs))
    t3 = time.perf_counter()
    timings = {"locate": t1 - t0, "read": t2 - t1, "decode": t3 - t2, **{f"locate.{k}": v for k, v in
                                                                          (located.timings or {}).items()}}
    return Digitized(sl, located, reads, image.shape, timings)


def read_cells(located: Located, reader) -> tuple[list[np.ndarray], list[CellRead]]:
    """Cut every located cell and read it with ``reader`` (an engine): (crops, readings), in the order of
    ``located.cells``, each reading with its quad on the photo and the share of it that lies off the photo."""
    refs = list(located.cells)
    crops = [crop(located.page, located.cells[ref], margin=margin_for(ref)) for ref in refs]
    # every cell goes to the engine: a faint digit taken for a blank cell would be a reading
    # that is wrong without a doubt (measured: no ink test both safe and useful at 720 px)
    results = reader.read(crops, boxes=[ref.startswith("signature.") for ref in refs],
                          heads=[ref.startswith("table.") for ref in refs])
    reads = []
    for ref, r in zip(refs, results):
        quad = located.quads.get(ref)
        off = share_off_photo(quad, located.photo_shape) if quad is not None and located.photo_shape else 0.0
        quad = None if quad is None else tuple((round(x, 1), round(y, 1)) for x, y in np.asarray(quad, float).tolist())
        reads.append(CellRead(ref, r.text, float(r.confidence), tuple(r.candidates), quad, probs=r.probs,
                              off_photo=off))
    return crops, reads


def context_crops(located: Located, refs: list[str]) -> list[np.ndarray]:
    """The crops of cells ``refs`` of ``located`` with their neighbours around them (:data:`CONTEXT_MARGIN`), as the
    reader's context network reads them."""
    return [crop(located.page, located.cells[ref], margin=CONTEXT_MARGIN) for ref in refs]


def decode_reads(reads: list[CellRead], crops: list[np.ndarray], reader, table: Table, games: int, *,
                 bar: float = CONFIDENCE_BAR, row_bar: Optional[float] = None, source: Optional[str] = None,
                 settings: Optional[Settings] = None, empty_bar: float = EMPTY_BAR,
                 context: Optional[Callable[[list[str]], list[np.ndarray]]] = None) -> tuple[ScoreList, list[CellRead]]:
    """Decode the readings (``crops[i]`` the crop of ``reads[i]``) into a list; the cells the reader's gate
    passed that the list doubts are read by its networks (:func:`passed_in_doubt`) and the readings decoded
    again; the cells of its :func:`second_look` are read again by every network of ``reader`` (its ``reconsider``,
    when it has one) and the readings decoded again. ``bar``, ``row_bar`` and ``empty_bar``: the decoder's
    bars (:func:`digitize.decode.decode`; ``bench/bench_bar.py`` chooses them). ``context``: the crops of cells (their
    refs) cut with :data:`digitize.cells.CONTEXT_MARGIN`; with it, the game-row and footer cells the list still doubts
    (:func:`digitize.cells.read_in_context`) are read by the reader's context network (its ``read_context``, when it
    has one) and the readings decoded again.
    Out: (the list, the readings it was decoded from)."""
    sl = decode(reads, table, games, bar=bar, row_bar=row_bar, source=source, settings=settings,
                empty_bar=empty_bar)
    reconsider = getattr(reader, "reconsider", None)
    if reconsider is None:
        return sl, reads
    passed = passed_in_doubt(sl, reads) if getattr(reader, "gate_thresholds", None) is not None else []
    if passed:
        reads = list(reads)
        for k, r in zip(passed, reader.read([crops[k] for k in passed], gate=False,
                                            heads=[reads[k].ref.startswith("table.") for k in passed])):
            reads[k] = _read_again(reads[k], r)
        sl = decode(reads, table, games, bar=bar, row_bar=row_bar, source=source, settings=settings,
                    empty_bar=empty_bar)
    look = second_look(sl, settings)
    again = [k for k, r in enumerate(reads) if r.ref in look and not r.ref.startswith(("signature.", "table."))]
    new = list(reads)
    for k, r in zip(again, reconsider([crops[k] for k in again], [reads[k] for k in again]) if again else ()):
        if len(r.probs) > len(reads[k].probs):    # a network that had not read it has now
            new[k] = _read_again(reads[k], r)
    if any(a is not b for a, b in zip(new, reads)):
        sl, reads = decode(new, table, games, bar=bar, row_bar=row_bar, source=source, settings=settings,
                           empty_bar=empty_bar), new
    if context is None or getattr(reader, "context_meta", None) is None:     # no context network to ask
        return sl, reads
    ask = [k for k, r in enumerate(reads) if r.probs and read_in_context(r.ref)
           and (reading := sl.readings.get(r.ref)) is not None and reading.doubtful]
    if not ask:
        return sl, reads
    new = list(reads)
    refs = [reads[k].ref for k in ask]
    for k, r in zip(ask, reader.read_context(context(refs), [reads[k] for k in ask],
                                             weigh=[weigh_in_context(ref) for ref in refs])):
        new[k] = _read_again(reads[k], r)
    return decode(new, table, games, bar=bar, row_bar=row_bar, source=source, settings=settings,
                  empty_bar=empty_bar), new


def _read_again(read: CellRead, result) -> CellRead:
    """``read`` with the text, confidence, candidates and probabilities of the reader's new ``result``."""
    return replace(read, text=result.text, confidence=float(result.confidence),
                   candidates=tuple(result.candidates), probs=result.probs)


def passed_in_doubt(sl: ScoreList, reads: list[CellRead]) -> list[int]:
    """Positions in ``reads`` of the cells the reader's gate passed (an empty cell or a lone dash read without
    per-step probabilities) that the decoded list ``sl`` doubts (a value its row needs is missing there, say). The
    networks read them before the list is decoded again, so that the row's arithmetic can ask them how probable a
    value it implies is, as it asks of every other cell (a faint "1" the networks half see; docs/reader.md, "The
    gate"). Reading every passed cell of a game row with a doubt too (tried) left three empty cells more in doubt
    on seed 7's benchmark photos and cost up to half a second on a four-seat 12 MP photo."""
    doubtful = {ref for ref, r in sl.readings.items() if r.doubtful}
    return [k for k, r in enumerate(reads)
            if r.ref in doubtful and not r.probs and r.text in ("", "-") and not r.ref.startswith("signature.")]


def second_look(sl: ScoreList, settings: Optional[Settings] = None) -> set[str]:
    """The cells of a decoded list that every network of the reader should read before the list is decoded again:
    those the decoder doubts for a reason of :data:`ASK_AGAIN`, and those an error on paper rests on (an error the
    auditor reports without doubt with ``settings``, the tournament's or the default ones: every cell of its game
    row, and the cells it names).
    Before skatscan tells a referee that the paper is wrong, every network has read what the finding rests on; a
    finding they confirm stays. (The signature boxes, which the box network reads alone, are left to the caller.)"""
    look = {ref for ref, r in sl.readings.items() if r.doubtful and r.reason in ASK_AGAIN}
    errors = audit(sl, Settings() if settings is None else settings).errors
    rows = {f.game for f in errors if f.game is not None}
    for f in errors:
        look.update(f.cells)
    look.update(ref for ref in sl.readings if (m := GAME_REF.match(ref)) and int(m.group(1)) in rows)
    return look


def payload_table(located) -> Table:
    """The table as the locator found it: seats, and series, table and start numbers from the QR code."""
    payload = located.payload or {}
    return Table(seats=located.seats, series=payload.get("series"), table=payload.get("table"),
                 start_numbers=tuple(payload.get("start_numbers") or ()))


def digitize_file(path: str | Path, *, engine: str = "skatscan", settings: Optional[Settings] = None) -> Digitized:
    """Load and read one photo file; bad files raise ImageError / LocateError with one sentence (one whose JPEG data
    libjpeg found damaged an ImageError naming the damage: :func:`digitize.image.refused_as_damaged`)."""
    t0 = time.perf_counter()
    damage: list = []
    try:
        image = load_image(path, damage=damage)
        t1 = time.perf_counter()
        d = digitize_image(image, engine=engine, source=str(path), settings=settings)
    except (ImageError, LocateError) as exc:
        raise refused_as_damaged(exc, damage) from None
    d.timings = {"load": t1 - t0, **d.timings}
    d.damaged = "; ".join(damage)
    return d


def reduced(image: np.ndarray, max_width: int = REPORT_WIDTH) -> np.ndarray:
    """``image`` at most ``max_width`` px wide (shrunk keeping its aspect; as it is when narrower)."""
    h, w = image.shape[:2]
    if w > max_width:
        image = cv2.resize(image, (max_width, round(h * max_width / w)), interpolation=cv2.INTER_AREA)
    return image


def encode_jpeg(image: np.ndarray, max_width: int = 1600, quality: int = 80) -> bytes:
    """A smaller JPEG of ``image`` for reports."""
    ok, buf = cv2.imencode(".jpg", reduced(image, max_width), [cv2.IMWRITE_JPEG_QUALITY, quality])
    return buf.tobytes() if ok else b""


def process_photo(path: str, engine: str = "skatscan", settings: Optional[Settings] = None) -> dict:
    """The batch worker's job for one photo (see :mod:`desk.batch`). A photo refused after libjpeg found its data
    damaged is refused for the damage (:func:`digitize.image.refused_as_damaged`): the referee copies the file again
    rather than photographing a list that was in full view again."""
    from desk.batch import PhotoProblem
    damage: list = []
    try:
        image = load_image(path, damage=damage)
        d = digitize_image(image, engine=engine, source=str(path), settings=settings)
    except (ImageError, LocateError) as exc:
        exc = refused_as_damaged(exc, damage)
        raise PhotoProblem(str(exc), exc.why, exc.de) from None
    d.damaged = "; ".join(damage)
    # a reduced copy of the photo: the report draws the readings and findings onto it
    return {"list": d.list_json(), "overlay_jpeg": encode_jpeg(image, max_width=REPORT_WIDTH)}

