"""The cell reader: a small convolutional network with CTC (``digitize/models/reader.onnx``) run by
OpenCV's dnn module, and CTC prefix beam search in numpy.

In: grey uint8 cell crops as :func:`digitize.cells.crop` makes them (dark ink on light paper; any
size; a BGR crop is turned grey). Out: one :class:`CellResult` per crop: the best text, its
probability and the top-k readings with their probabilities.

The texts use :data:`CHARSET`: digits, ``-`` (a minus, or alone: a dash, "not playing"), ``,``
(money), ``X`` (a mark: X, + or a slanted cross), and two whole-cell tokens, ``~`` (a signature or
scribble) and ``#`` (a stroke of a crossed-out row); the empty string is an empty cell (also a grey
dealer cell).

How a crop becomes the network's input (:func:`ink_map`, used by the training script too, so the two
cannot drift apart): the paper level is the :data:`PAPER_PERCENTILE`-th percentile of the crop's grey
values, or of the cell inside its margin when that is lower (so a grey dealer cell is its own paper,
not the white margin around it); ink is ``1 - grey / paper`` clipped to [0, 1], so a grey dealer cell
looks like white paper; the ink map is scaled to :data:`INPUT_H` pixels high keeping
its aspect (squeezed to :data:`MAX_W` when wider) and centred on an empty canvas whose width is the
next multiple of :data:`WIDTH_STEP` (at least :data:`MIN_W`). Crops of equal canvas width run through
the network together (so a crop's reading never depends on the other crops of a batch). The network
is convolution-only; it emits one time step of logits over ``blank + CHARSET`` per
:data:`TIME_STRIDE` input columns.

>>> import numpy as np
>>> m = ink_map(np.full((40, 100), 255, np.uint8))
>>> m.shape, m.dtype, int(m.max())
((32, 80), dtype('uint8'), 0)
>>> probs = np.zeros((4, len(CHARSET) + 1), np.float32); probs[:, 0] = 1.0
>>> probs[1] = 0.0; probs[1, 1 + CHARSET.index("7")] = 1.0
>>> beam_search(probs, top_k=2)[0]
('7', 1.0)
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import Optional, Protocol, Sequence

import cv2
import numpy as np

#: Characters the reader writes (index i + 1 in the network output; index 0 is the CTC blank).
CHARSET = "0123456789-,X~#"
#: Whole-cell tokens: a signature / scribble, and a stroke of a crossed-out row.
SIGNATURE = "~"
STRIKE = "#"
BLANK = 0
#: Network input: ink maps INPUT_H pixels high; canvas widths from MIN_W to MAX_W in steps of WIDTH_STEP.
INPUT_H = 32
MIN_W = 32
MAX_W = 160
WIDTH_STEP = 16
#: Time steps per input column (the network pools the width by 4).
TIME_STRIDE = 4
#: The paper level of a crop is this percentile of its grey values, at least MIN_PAPER; of the whole
#: crop, or of the cell inside it (the crop less INNER_INSET of its height and a pixel on every side:
#: the crop margin of digitize.cells) when that is lower, so that the grey of a dealer cell is its paper
#: and not the white margin around it.
PAPER_PERCENTILE = 90
INNER_INSET = 1 / 12
MIN_PAPER = 32.0
#: Crops run through the network in batches of this many.
BATCH_SIZE = 64
#: CTC prefix beam search: readings kept, beams kept per step, and characters whose probability at a
#: step is below PRUNE are not tried there.
TOP_K = 5
BEAM_WIDTH = 12
PRUNE = 1e-3
#: Packaged model files (in digitize/models/): the main network and the second opinion.
MODEL_DIR = "models"
MODEL_FILE = "reader.onnx"
META_FILE = "reader.json"
SECOND_FILE = "second.onnx"
#: The network for the signature boxes (see :class:`CellReader`), also the third opinion, and the fourth
#: opinion (see MORE_OPINIONS).
BOX_FILE = "box.onnx"
DOUBT_FILE = "doubt.onnx"
#: The table head's networks (see :class:`CellReader`): the main network and the second opinion, each trained
#: further on the head's cells (Serie, Tisch, Start-Nr.) as the pipeline cuts them (``tools/train_head.py``).
HEAD_FILE = "head.onnx"
HEAD_B_FILE = "head_b.onnx"
HEAD_FILES = (HEAD_FILE, HEAD_B_FILE)
#: The context network (see :class:`CellReader`): the main network trained further on crops of the game rows' and the
#: footer's cells with their neighbours around them (``digitize.cells.CONTEXT_MARGIN``, ``tools/train_context.py``).
CONTEXT_FILE = "context.onnx"
#: A context opinion (:meth:`CellReader.read_context`) whose own best reading is at least this probable weighs as much
#: as all the networks that read the cell before it together; a less sure one is one member among them. Those
#: networks all see the crop as cut, so where a figure runs out of it they err alike and outvote the one network
#: that sees it whole (session 55, chosen on the cached readings of the four benchmark draws: 0.20-0.28 points fewer
#: doubts of the written cells on each, 0.32 on a fifth draw not used to choose, wrong without doubt as before;
#: every opinion weighed so, whatever its confidence, lost four sheets; docs/reader.md, "The context network"). The
#: pipeline weighs up the game rows' cells only (``read_context(weigh=...)``): on the footer the sure opinions made
#: three accepted cells wrong and none right (:func:`digitize.cells.weigh_in_context`).
CONTEXT_SURE = 0.95
#: The gate (see :class:`CellReader`): a cell it finds empty, or a lone dash, at or above that class's threshold in
#: its JSON is read so, and no other network reads it.
GATE_FILE = "gate.onnx"
#: A cell the main network reads below this confidence is read by the second network too (when one is
#: packaged), and the cell's readings are the two networks' probabilities averaged (:func:`combine`).
SECOND_OPINION = 0.97
#: A cell the two read below this (the decoder's bar, digitize.decode.CONFIDENCE_BAR: a cell that would be a
#: doubt) is read by the box network and the doubt network too, the third and fourth opinions, and gets the
#: four networks' probabilities averaged as the second's are (docs/reader.md, "The third and fourth opinions").
MORE_OPINIONS = 0.85
#: A second look (:meth:`CellReader.reconsider`, for the cells the list's arithmetic contradicts) reads the crop
#: as cut and these variants of it, each by every network: (scale, x shift in px, rotation in degrees) about the
#: crop's centre, the border repeated. Averaged, they move a reading a few pixels of the crop decide (a
#: looped "2" read "9" at 0.99; docs/reader.md, "A second look").
LOOKS = ((0.9, 0, 0.0), (1.1, 0, 0.0), (1.0, -2, 0.0), (1.0, 2, 0.0), (1.0, 0, 3.0), (1.0, 0, -3.0))
#: A cell of the table head is read as cut, turned by 3 degrees either way, and these three again drawn out 1.3 times
#: as wide (``variant`` arguments), each by the head networks and the main network, all averaged: nothing on the list
#: checks the head, and these looks read more of its players' own writing right. Drawn out, a leading "1" crammed
#: into the digit after it ("166" read "66") stands apart. On the head cells of 240 calibration photos of test
#: writers (1,324, not the benchmark's): 1,211 right as cut and turned, 1,223 with the wider looks too
#: (docs/reader.md, "The table head's networks").
HEAD_LOOKS = ((1.0, 0, 3.0), (1.0, 0, -3.0), (1.0, 0, 0.0, 1.3), (1.0, 0, 3.0, 1.3), (1.0, 0, -3.0, 1.3))


@dataclass(frozen=True)
class CellResult:
    """One cell's reading: ``text`` the best string ("" = empty cell), ``confidence`` its probability
    in [0, 1], ``candidates`` the top readings as (text, probability), best first, including the best;
    their probabilities sum to at most 1."""

    text: str
    confidence: float
    candidates: tuple[tuple[str, float], ...]
    #: the per-step probabilities of each network that read the cell (the main network's, and the second,
    #: third and fourth opinions' when they were asked; after a second look, every network's on each of
    #: :data:`LOOKS` too), for :func:`text_probability`; empty from an engine without them
    probs: tuple = field(default=(), compare=False, repr=False)


class EngineUnavailable(RuntimeError):
    """A reading engine cannot run here (a missing binary or model); the message says how to fix it."""


class CellEngine(Protocol):
    """What every reading engine offers: ``name`` and ``read(crops, boxes, heads=...) -> list[CellResult]``
    (``boxes``: which crops are signature boxes, ``heads``: which are the table head's cells, for an engine that
    reads them its own way)."""

    name: str

    def read(self, crops: Sequence[np.ndarray], boxes: Optional[Sequence[bool]] = None, *,
             heads: Optional[Sequence[bool]] = None) -> list[CellResult]:
        ...


# ------------------------------------------------------------------------------------------- input


def canvas_width(content_w: int) -> int:
    """Canvas width (px) for ink of ``content_w`` px: the next multiple of WIDTH_STEP in MIN_W..MAX_W."""
    return int(min(max(math.ceil(content_w / WIDTH_STEP) * WIDTH_STEP, MIN_W), MAX_W))


def ink_map(crop: np.ndarray) -> np.ndarray:
    """One crop (grey or BGR uint8, h x w, not modified) -> uint8 (INPUT_H, W) ink map, 0 = paper,
    255 = full ink: paper-level normalised (see :data:`PAPER_PERCENTILE`), scaled to INPUT_H high keeping
    the aspect (squeezed to MAX_W when wider), centred on a canvas of width W = :func:`canvas_width`."""
    g = np.asarray(crop)
    if g.ndim == 3:
        g = cv2.cvtColor(g, cv2.COLOR_BGR2GRAY)
    if g.size == 0:
        return np.zeros((INPUT_H, MIN_W), np.uint8)
    h, w = g.shape
    m = int(round(h * INNER_INSET)) + 1
    inner = g[m:h - m, m:w - m]
    paper = _percentile(g, PAPER_PERCENTILE)
    if inner.size:
        paper = min(paper, _percentile(inner, PAPER_PERCENTILE))
    paper = max(paper, MIN_PAPER)
    # the ink of each grey level (float32 arithmetic, as on the whole crop; at most 1 already), looked up
    ink = cv2.LUT(g, np.maximum(1.0 - _GREYS / paper, 0.0))
    h, w = ink.shape
    new_w = int(min(max(round(w * INPUT_H / h), 1), MAX_W))
    shrink = h > INPUT_H or w > new_w
    ink = cv2.resize(ink, (new_w, INPUT_H), interpolation=cv2.INTER_AREA if shrink else cv2.INTER_LINEAR)
    out = np.zeros((INPUT_H, canvas_width(new_w)), np.uint8)
    x0 = (out.shape[1] - new_w) // 2
    out[:, x0:x0 + new_w] = cv2.convertScaleAbs(ink * 255.0)  # rounded half to even, as np.round; ink is 0..1
    return out


_GREYS = np.arange(256, dtype=np.float32)


def _percentile(g: np.ndarray, q: float) -> float:
    """``np.percentile(g, q)`` (linear interpolation) of a non-empty array, from the histogram when ``g`` is
    uint8 (three times faster on a cell crop; the same value)."""
    if g.dtype != np.uint8:
        return float(np.percentile(g.astype(np.float32), q))
    cum = np.bincount(g.ravel(), minlength=256).cumsum()
    pos = q / 100.0 * (g.size - 1)
    lo = math.floor(pos)
    v_lo, v_hi = cum.searchsorted((lo, min(lo + 1, g.size - 1)), side="right").tolist()
    return float(v_lo + (pos - lo) * (v_hi - v_lo))


def to_input(maps: Sequence[np.ndarray]) -> np.ndarray:
    """uint8 ink maps of one width (N x (INPUT_H, W)) -> float32 network input (N, 1, INPUT_H, W) in [0, 1]."""
    return (np.stack([np.asarray(m) for m in maps]).astype(np.float32) / 255.0)[:, None, :, :]


def batches(maps: Sequence[np.ndarray], batch_size: int = BATCH_SIZE):
    """Group ink maps by width: yields (indices, float32 input of those maps), at most ``batch_size`` each,
    widths ascending, indices ascending within a width."""
    by_width: dict[int, list[int]] = {}
    for i, m in enumerate(maps):
        by_width.setdefault(int(m.shape[1]), []).append(i)
    for w in sorted(by_width):
        idx = by_width[w]
        for k in range(0, len(idx), batch_size):
            part = idx[k:k + batch_size]
            yield part, to_input([maps[i] for i in part])


def prepare(crops: Sequence[np.ndarray]) -> list[np.ndarray]:
    """Crops -> one float32 network input (1, INPUT_H, W) per crop (see :func:`ink_map`)."""
    return [to_input([ink_map(c)])[0] for c in crops]


def variant(crop: np.ndarray, scale: float = 1.0, dx: int = 0, rotation: float = 0.0, wide: float = 1.0) -> np.ndarray:
    """A new crop: ``crop`` scaled by ``scale`` and turned by ``rotation`` degrees (counter-clockwise) about its
    centre and moved ``dx`` px to the right, the same size, its border repeated (:data:`LOOKS`); then drawn out to
    ``wide`` times its width (:data:`HEAD_LOOKS`; the network reads it on a wider canvas, over more time steps)."""
    g = np.asarray(crop)
    h, w = g.shape[:2]
    if g.size == 0:                 # nothing to move (ink_map reads an empty crop as an empty cell)
        return g.copy()
    m = cv2.getRotationMatrix2D((w / 2, h / 2), float(rotation), float(scale))
    m[0, 2] += dx
    out = cv2.warpAffine(g, m, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    if wide != 1.0:
        out = cv2.resize(out, (max(1, int(round(w * wide))), h), interpolation=cv2.INTER_LINEAR)
    return out


# ------------------------------------------------------------------------------------------ decoding


def softmax(logits: np.ndarray, temperature: float = 1.0) -> np.ndarray:
    """Softmax over the last axis of ``logits / temperature`` (a new float64 array)."""
    z = np.asarray(logits, np.float64) / float(temperature)
    z = z - z.max(axis=-1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=-1, keepdims=True)


def greedy(probs: np.ndarray) -> str:
    """Best path decoding of (T, C) probabilities: the argmax per step, repeats merged, blanks dropped."""
    best = np.argmax(probs, axis=1)
    out, prev = [], BLANK
    for k in best:
        if k != prev and k != BLANK:
            out.append(CHARSET[k - 1])
        prev = k
    return "".join(out)


def beam_search(probs: np.ndarray, top_k: int = TOP_K, beam_width: int = BEAM_WIDTH,
                prune: float = PRUNE) -> list[tuple[str, float]]:
    """CTC prefix beam search over (T, 1 + len(CHARSET)) per-step probabilities (not modified).

    Out: up to ``top_k`` (text, probability) pairs, most probable first; a text's probability is the
    summed probability of all its alignments that the beam kept (so the values sum to at most 1).
    """
    # prefix -> [probability ending in blank, probability ending in its last character]
    beams: dict[tuple[int, ...], list[float]] = {(): [1.0, 0.0]}
    sure_blank = 1.0 - prune + 1e-9
    # plain floats: the same arithmetic, without numpy's per-element cost
    for row in np.asarray(probs, np.float64).tolist():
        blank = row[BLANK]
        # at most steps no character reaches ``prune`` (they share less than it; the margin covers the softmax's
        # rounding): none is looked at one by one
        chars = () if blank >= sure_blank else [c for c, pc in enumerate(row) if pc >= prune and c != BLANK]
        if not chars:  # no prefix grows: each goes on by a blank, or by its last character held on (as below)
            beams = {prefix: [(pb + pnb) * blank, pnb * row[prefix[-1]] if prefix else 0.0]
                     for prefix, (pb, pnb) in beams.items()}
            continue
        nxt: dict[tuple[int, ...], list[float]] = {}
        for prefix, (pb, pnb) in beams.items():
            total = pb + pnb
            cur = nxt.get(prefix)
            if cur is None:
                cur = nxt[prefix] = [0.0, 0.0]
            cur[0] += total * blank
            last = prefix[-1] if prefix else None
            if last is not None:
                cur[1] += pnb * row[last]  # the last character held on
            for c in chars:
                ext = prefix + (c,)
                more = pb * row[c] if c == last else total * row[c]  # a repeat needs a blank between
                cur_c = nxt.get(ext)
                if cur_c is None:
                    nxt[ext] = [0.0, more]
                else:
                    cur_c[1] += more
        # the beam is cut to the most probable prefixes only when it has grown too wide (the final readings are
        # sorted below; unsorted, only readings of probability 0 may be listed in another order: 30 % less time)
        beams = nxt if len(nxt) <= beam_width else \
            dict(sorted(nxt.items(), key=lambda kv: -(kv[1][0] + kv[1][1]))[:beam_width])
    final = sorted(((v[0] + v[1], k) for k, v in beams.items()), key=lambda x: -x[0])[:top_k]
    return [("".join(CHARSET[c - 1] for c in k), float(min(max(s, 0.0), 1.0))) for s, k in final]


def decode(logits: Sequence[np.ndarray], temperature: float = 1.0, top_k: int = TOP_K) -> list[CellResult]:
    """Network logits, one (T, C) array per cell -> one :class:`CellResult` per cell (beam search,
    probabilities from the softmax of ``logits / temperature``)."""
    return [_result(beam_search(softmax(one, temperature), top_k=top_k)) for one in logits]


def _result(cands: Sequence[tuple[str, float]]) -> CellResult:
    """A CellResult from (text, probability) readings, best first (probabilities rounded to 6 places)."""
    text, conf = cands[0]
    return CellResult(text=text, confidence=round(conf, 6), candidates=tuple((t, round(pr, 6)) for t, pr in cands))


def ctc_probability(probs: np.ndarray, text: str) -> float:
    """The probability of ``text`` under (T, 1 + len(CHARSET)) per-step probabilities: the sum over all
    its CTC alignments (the forward recursion; exact, where the beam search keeps only some)."""
    return float(ctc_probabilities(probs, [text])[0])


def ctc_probabilities(probs: np.ndarray, texts: Sequence[str]) -> np.ndarray:
    """:func:`ctc_probability` of each of ``texts`` at once (the forward recursion run on all of them
    together: one step of numpy per time step). ``probs`` may also be a stack (M, T, C) of M networks' readings
    of one cell: then the result is (M, len(texts))."""
    p = np.asarray(probs, np.float64)
    if p.ndim == 2:
        return _ctc_forward(p[None], texts)[0]
    return _ctc_forward(p, texts)


def _ctc_forward(p: np.ndarray, texts: Sequence[str]) -> np.ndarray:
    """The forward recursion of :func:`ctc_probabilities` over (M, T, C) probabilities: (M, len(texts))."""
    m = p.shape[0]
    if not texts:
        return np.zeros((m, 0))
    if p.shape[1] == 0:  # no steps: only the empty text
        return np.tile(np.array([float(t == "") for t in texts]), (m, 1))
    # each text with a blank before, between and after its characters, padded with blanks to one length
    lengths = np.array([2 * len(t) + 1 for t in texts])
    ext = np.full((len(texts), int(lengths.max())), BLANK, np.int64)
    for k, t in enumerate(texts):
        ext[k, 1::2][:len(t)] = [CHARSET.index(ch) + 1 for ch in t]
    # a character may follow the one two places back directly unless it repeats it (blank between): 1.0 where
    # it may (adds the probability two places back, exactly), 0.0 where not (adds 0.0: nothing)
    skip = np.zeros(ext.shape)
    skip[:, 2:] = (ext[:, 2:] != BLANK) & (ext[:, 2:] != ext[:, :-2])
    steps = p[:, :, ext]  # (M, T, K, L): each step's probability of each extended label
    # alpha with two columns of zeros in front: label l's predecessors are then columns l + 1 and l
    padded = np.zeros((m, len(texts), ext.shape[1] + 2))
    alpha = padded[:, :, 2:]
    alpha[:, :, :2] = steps[:, 0, :, :2]
    for t in range(1, p.shape[1]):
        nxt = alpha + padded[:, :, 1:-1]
        nxt += skip * padded[:, :, :-2]
        np.multiply(nxt, steps[:, t], out=alpha)
    rows = np.arange(len(texts))
    end = alpha[:, rows, lengths - 1] + np.where(lengths > 1, alpha[:, rows, np.maximum(lengths - 2, 0)], 0.0)
    return np.minimum(end, 1.0)


def text_probability(probs: Sequence[np.ndarray], texts: Sequence[str]) -> list[float]:
    """The probability the reader gives each of ``texts`` for one cell, from the per-step probabilities
    of the networks that read it (:attr:`CellResult.probs`): exact (:func:`ctc_probabilities`), averaged
    over the networks as :func:`combine` does; 0 for a text with a character the reader does not write,
    and for every text when there are no probabilities."""
    ok = [k for k, t in enumerate(texts) if all(ch in CHARSET for ch in t)]
    out = [0.0] * len(texts)
    if probs and ok:
        which = [texts[k] for k in ok]
        shapes = {np.shape(p) for p in probs}
        if len(shapes) == 1:  # the networks read the same crop: one recursion for all of them
            mean = ctc_probabilities(np.stack(probs), which).mean(axis=0)
        else:
            mean = np.mean([ctc_probabilities(p, which) for p in probs], axis=0)
        for k, pr in zip(ok, mean.tolist()):
            out[k] = pr
    return out


def combine(member_probs: Sequence[np.ndarray], top_k: int = TOP_K,
            readings: Optional[Sequence[Optional[Sequence[tuple[str, float]]]]] = None) -> CellResult:
    """One cell read by several networks (their per-step probabilities): every network's top readings
    (its beam search, or ``readings[m]`` when given) are scored under each network (:func:`ctc_probabilities`)
    and the probabilities averaged; the ``top_k`` best, most probable first (ties by text)."""
    given = readings or [None] * len(member_probs)
    texts = sorted({t for p, r in zip(member_probs, given) for t, _ in (r or beam_search(p, top_k=top_k))})
    scored = sorted(zip(texts, text_probability(member_probs, texts)), key=lambda tp: (-tp[1], tp[0]))[:top_k]
    return _result(scored)


def _joined(every: Sequence[np.ndarray], first: Optional[Sequence[tuple[str, float]]], top_k: int) -> CellResult:
    """One cell read by the networks whose probabilities are ``every``, the first member's readings given as
    ``first`` (the candidates read before; None or empty: its beam search), all averaged (:func:`combine`), with
    ``every`` kept as the result's probabilities."""
    return replace(combine(every, top_k, readings=[first] + [None] * (len(every) - 1)), probs=tuple(every))


# ------------------------------------------------------------------------------------------- engine


def model_path(name: str = MODEL_FILE) -> Path:
    """Path of a packaged model file (``digitize/models/<name>``)."""
    try:
        ref = resources.files("digitize").joinpath(MODEL_DIR, name)
        path = Path(str(ref))
        if path.is_file():
            return path
    except (ModuleNotFoundError, TypeError):  # pragma: no cover - unusual installs
        pass
    return Path(__file__).resolve().parent / MODEL_DIR / name


class _Network:
    """One ONNX network with its JSON description (charset checked, calibrated temperature)."""

    def __init__(self, mpath: Path, jpath: Path, batch_size: int):
        if not mpath.is_file():
            raise EngineUnavailable(f"reader model {mpath} is missing: retrain with `python tools/train_reader.py`")
        self.meta = json.loads(jpath.read_text(encoding="utf-8")) if jpath.is_file() else {}
        charset = self.meta.get("charset", CHARSET)
        if charset != CHARSET:
            raise EngineUnavailable(f"reader model {mpath} was trained for charset {charset!r}, not {CHARSET!r}")
        self.temperature = float(self.meta.get("calibration", {}).get("temperature", 1.0))
        self.batch_size = batch_size
        self._net = cv2.dnn.readNetFromONNX(str(mpath))

    def logits(self, maps: Sequence[np.ndarray]) -> list[np.ndarray]:
        """Ink maps -> one float32 (T, 1 + len(CHARSET)) array of logits each, T = canvas width / TIME_STRIDE."""
        out: list[np.ndarray] = [np.zeros((0, 0), np.float32)] * len(maps)
        for idx, x in batches(maps, self.batch_size):
            self._net.setInput(x)
            y = self._net.forward()  # (n, C, 1, T)
            y = np.transpose(y.reshape(y.shape[0], y.shape[1], -1), (0, 2, 1)).astype(np.float32)
            for j, i in enumerate(idx):
                out[i] = y[j]
        return out


_PACKAGED = object()


class CellReader:
    """The packaged CNN+CTC reader (OpenCV dnn; no torch needed).

    ``model``/``meta``: paths of the main ONNX file and its JSON description (default: the packaged
    ones); ``second``: the second-opinion network (default: the packaged ``second.onnx`` when there is
    one, its JSON beside it; ``None``: the main network alone); a cell the main network reads below
    ``second_opinion`` is read by both and gets their combined reading (:func:`combine`).
    ``box``: the network that reads the signature boxes alone (default: the packaged ``box.onnx`` when
    the main network is the packaged one; ``None``: boxes are read like every cell). On the DSkV form the
    keeper writes the loss money into the box beside the signature; the main networks were trained on
    boxes holding one or the other and read such a box as a signature alone (docs/reader.md).
    ``more``: the networks (paths) that read a cell the two read below ``more_opinions`` too, averaged in
    (default, when there is a second opinion: the box network and the packaged ``doubt.onnx``; ``None``:
    none).
    ``gate``: the gate (default: the packaged ``gate.onnx`` when the main network is the packaged one; ``None``:
    none), a network a thirteenth of the main network's size (an eighth of its arithmetic) that reads every cell but
    the signature boxes first: a cell it finds empty, or a lone dash, with a probability at or above that text's
    threshold in ``gate_thresholds`` (text -> probability; default: its JSON's ``thresholds``) is read as that text
    with that confidence, its only candidate, and without per-step probabilities (so that a second look has every
    network read it); the other networks read the rest (docs/reader.md, "The gate": three cells in four on a list
    are empty, and many DSkV keepers write a dash in the idle seats' cells).
    ``head``: the table head's networks, a path or a sequence of paths (default: the packaged ``head.onnx`` and
    ``head_b.onnx`` when the main network is the packaged one; ``None``: the head is read like every cell), the main
    network and the second opinion trained further on the head's cells (Serie, Tisch, Start-Nr.: cut without a
    margin, framed by thick lines, written larger by the players). They read the crops marked ``heads`` beside the
    main network, as cut, turned and drawn out (:data:`HEAD_LOOKS`), all averaged over the readings of the crop as
    cut (a cell's probabilities look by look: the head networks' in order, then the main network's), and no other
    network reads those: neither the gate nor the second, third and fourth opinions (which read the head worse than
    the head networks with the main one alone), nor :meth:`reconsider` (docs/reader.md, "The table head's
    networks").
    ``context``: the context network (default: the packaged ``context.onnx`` when the main network is the packaged
    one; ``None``: none), which :meth:`read_context` asks about cells cut with their neighbours around them.
    ``batch_size`` crops per forward pass; ``top_k`` readings kept per cell. Each network's softmax
    temperature comes from its JSON (``calibration.temperature``). Raises :class:`EngineUnavailable`
    when a model file is missing.
    """

    name = "cnn-ctc"

    def __init__(self, model: Optional[str | Path] = None, meta: Optional[str | Path] = None, *,
                 second=_PACKAGED, box=_PACKAGED, batch_size: int = BATCH_SIZE, top_k: int = TOP_K,
                 second_opinion: float = SECOND_OPINION, more=_PACKAGED, more_opinions: float = MORE_OPINIONS,
                 gate=_PACKAGED, gate_thresholds: Optional[dict[str, float]] = None, head=_PACKAGED,
                 context=_PACKAGED):
        def network(path) -> _Network:
            return _Network(Path(path), Path(path).with_suffix(".json"), int(batch_size))

        mpath = Path(model) if model is not None else model_path(MODEL_FILE)
        jpath = Path(meta) if meta is not None else mpath.with_suffix(".json")
        self._main = _Network(mpath, jpath, int(batch_size))
        self.meta = self._main.meta
        self.temperature = self._main.temperature
        if second is _PACKAGED:
            packaged = model_path(SECOND_FILE)
            second = packaged if model is None and packaged.is_file() else None
        self._second = network(second) if second is not None else None
        self.second_meta = self._second.meta if self._second is not None else None
        if box is _PACKAGED:
            packaged = model_path(BOX_FILE)
            box = packaged if model is None and packaged.is_file() else None
        self._box = network(box) if box is not None else None
        if more is not _PACKAGED:
            self._more = [network(m) for m in more or ()]
        elif self._second is None:
            self._more = []
        else:  # the box network already loaded, and the packaged doubt network
            doubt = model_path(DOUBT_FILE)
            self._more = [net for net in (self._box, network(doubt) if model is None and doubt.is_file() else None)
                          if net is not None]
        self.more_meta = [net.meta for net in self._more]
        if head is _PACKAGED:
            head = [model_path(f) for f in HEAD_FILES if model is None and model_path(f).is_file()]
        elif isinstance(head, (str, Path)):
            head = [head]
        self._heads = [network(h) for h in head or ()]
        self.head_meta = [net.meta for net in self._heads]
        if context is _PACKAGED:
            packaged = model_path(CONTEXT_FILE)
            context = packaged if model is None and packaged.is_file() else None
        self._context = network(context) if context is not None else None
        self.context_meta = self._context.meta if self._context is not None else None
        if gate is _PACKAGED:
            packaged = model_path(GATE_FILE)
            gate = packaged if model is None and packaged.is_file() else None
        self._gate = network(gate) if gate is not None else None
        self.gate_meta = self._gate.meta if self._gate is not None else None
        # (position among the gate's outputs, text) of each class the gate can pass
        self._gate_texts = [] if self._gate is None else [(k, self.gate_meta["texts"][c])
                                                          for k, c in enumerate(self.gate_meta["classes"])
                                                          if c in self.gate_meta["texts"]]
        if self._gate is None:
            self.gate_thresholds = None
        elif gate_thresholds is not None:
            self.gate_thresholds = {t: float(x) for t, x in gate_thresholds.items()}
        else:
            self.gate_thresholds = {self.gate_meta["texts"][c]: float(x)
                                    for c, x in self.gate_meta["thresholds"].items()}
        self.second_opinion = float(second_opinion)
        self.more_opinions = float(more_opinions)
        self.top_k = int(top_k)

    def logits(self, crops: Sequence[np.ndarray]) -> list[np.ndarray]:
        """Raw output of the main network for ``crops``: one float32 (T, 1 + len(CHARSET)) array per crop,
        T = its canvas width / TIME_STRIDE."""
        return self._main.logits([ink_map(c) for c in crops])

    def read(self, crops: Sequence[np.ndarray], boxes: Optional[Sequence[bool]] = None, *,
             gate: bool = True, heads: Optional[Sequence[bool]] = None) -> list[CellResult]:
        """Read cell crops (grey uint8 as made by :func:`digitize.cells.crop`; not modified): one
        :class:`CellResult` per crop, in order. ``boxes[i]``: crop i is a signature box (read by the box
        network when there is one). ``heads[i]``: crop i is a cell of the table head (read by the head networks
        beside the main network when there are any, and by no other). ``gate=False``: the gate passes no cell
        (the networks read every one)."""
        maps = [ink_map(c) for c in crops]
        boxed = [i for i, b in enumerate(boxes or ()) if b] if self._box is not None else []
        headed = {i for i, h in enumerate(heads or ()) if h} if self._heads else set()
        results: list[Optional[CellResult]] = [None] * len(maps)
        if boxed:       # with their probabilities: the decoder asks a box about a loss money amount
            for i, lg in zip(boxed, self._box.logits([maps[i] for i in boxed])):
                p = softmax(lg, self._box.temperature)
                results[i] = replace(_result(beam_search(p, top_k=self.top_k)), probs=(p,))
        rest = [i for i, r in enumerate(results) if r is None]
        if gate and self._gate is not None and rest:
            gated = [i for i in rest if i not in headed]
            for i, p in zip(gated, self.gate_probabilities([maps[i] for i in gated]) if gated else ()):
                passed = sorted(((t, x) for t, x in p.items() if x >= self.gate_thresholds.get(t, math.inf)),
                                key=lambda tx: -tx[1])
                if passed:
                    results[i] = _result(passed)
            rest = [i for i in rest if results[i] is None]
        # the main network reads every cell left; a head cell is read by the head networks too, as cut, turned and
        # drawn out (HEAD_LOOKS), all averaged: the head networks' and the main network's probabilities on the crop
        # as cut first, then theirs on each other look; the readings to score are those of the crop as cut
        probs = {i: (softmax(lg, self._main.temperature),)
                 for i, lg in zip(rest, self._main.logits([maps[i] for i in rest]) if rest else ())}
        heads_left = [i for i in rest if i in headed]
        members = len(self._heads) + 1
        if heads_left:
            turned = [ink_map(variant(crops[i], *look)) for look in HEAD_LOOKS for i in heads_left]
            by_head = [[softmax(lg, net.temperature) for lg in net.logits([maps[i] for i in heads_left] + turned)]
                       for net in self._heads]
            by_main = [probs[i][0] for i in heads_left] + [softmax(lg, self._main.temperature)
                                                           for lg in self._main.logits(turned)]
            n = len(heads_left)
            for j, i in enumerate(heads_left):
                probs[i] = tuple(p[v * n + j] for v in range(1 + len(HEAD_LOOKS)) for p in (*by_head, by_main))
        for i, p in probs.items():
            if len(p) == 1:
                first = _result(beam_search(p[0], top_k=self.top_k))
            elif i in headed:
                cut = [beam_search(q, top_k=self.top_k) for q in p[:members]]
                texts = [(t, 0.0) for t in sorted({t for r in cut for t, _ in r})]
                first = combine(p, self.top_k, readings=cut + [texts] * (len(p) - members))
            else:
                first = combine(p, self.top_k)
            results[i] = replace(first, probs=p)
        rest = [i for i in rest if i not in headed]  # the head's cells are read: no further opinion on them
        if self._second is not None:
            ask = [i for i in rest if results[i].confidence < self.second_opinion]
            for i, lg in zip(ask, self._second.logits([maps[i] for i in ask])):
                every = probs[i] + (softmax(lg, self._second.temperature),)
                results[i] = _joined(every, results[i].candidates, self.top_k)
        ask = [i for i in rest if results[i].confidence < self.more_opinions] if self._more else []
        for i, r in zip(ask, self._every_opinion([maps[i] for i in ask], [results[i] for i in ask])):
            results[i] = r
        return results

    def gate_probabilities(self, maps: Sequence[np.ndarray]) -> list[dict[str, float]]:
        """The gate's probability, per ink map (:func:`ink_map`), of each text it can pass ("" an empty cell, "-" a
        lone dash): the softmax of its logits (the reader must have a gate)."""
        logits = self._gate.logits(maps)
        if not logits:
            return []
        probs = softmax(np.stack([lg.reshape(-1) for lg in logits])).tolist()  # row by row, as one cell's alone
        return [{t: p[k] for k, t in self._gate_texts} for p in probs]

    def reconsider(self, crops: Sequence[np.ndarray], previous: Sequence) -> list[CellResult]:
        """A second look at cells: ``previous`` their readings (a :class:`CellResult` or a
        :class:`~digitize.cell_values.CellRead` each, with the probabilities of the networks that read them, in this
        reader's order: main, second, further opinions). The networks that did not read a cell read it now, every
        network reads each variant of its crop in :data:`LOOKS` too, and the cell gets all of these probabilities
        averaged (:func:`combine`). A cell that had its second look already is returned as it was (as a
        CellResult).

        For the cells the list's arithmetic contradicts although the first networks read them at or above the bar,
        and those an error on paper rests on (``digitize.pipeline.second_look``)."""
        nets = self._networks()
        done = {k for k, p in enumerate(previous) if len(p.probs) >= len(nets) * (1 + len(LOOKS))}
        ask = [k for k in range(len(previous)) if k not in done]
        out: list[Optional[CellResult]] = [None] * len(previous)
        for k in done:
            p = previous[k]
            out[k] = CellResult(p.text, p.confidence, tuple(p.candidates), probs=tuple(p.probs))
        if not ask:
            return out
        first = self._every_opinion([ink_map(crops[k]) for k in ask], [previous[k] for k in ask])
        # every variant of every asked crop, look by look; each network reads them all in one pass
        maps = [ink_map(variant(crops[k], *look)) for look in LOOKS for k in ask]
        read = [[softmax(lg, net.temperature) for lg in net.logits(maps)] for net in nets]
        for j, (k, r) in enumerate(zip(ask, first)):
            every = r.probs + tuple(read[n][v * len(ask) + j] for v in range(len(LOOKS)) for n in range(len(nets)))
            out[k] = _joined(every, r.candidates, self.top_k)
        return out

    def read_context(self, crops: Sequence[np.ndarray], previous: Sequence,
                     weigh: Optional[Sequence[bool]] = None) -> list[CellResult]:
        """Cells read again by the context network (the reader must have one): ``crops`` cut with their neighbours
        around them (:data:`digitize.cells.CONTEXT_MARGIN`), ``previous`` their readings (with the probabilities of
        the networks that read them); each gets the context network's probabilities beside those, all averaged
        (:func:`combine`), a member like any other, or, read at :data:`CONTEXT_SURE` or more where ``weigh[i]`` (by
        default every cell), as many members as read the cell before it. For the game-row and footer cells the list
        doubts after the
        second look (``digitize.pipeline.decode_reads``): a figure written over the cell's lines, which the crop as
        cut shows in part, is seen whole (docs/reader.md, "The context network")."""
        out = []
        weigh = [True] * len(crops) if weigh is None else weigh
        for prev, lg, up in zip(previous, self._context.logits([ink_map(c) for c in crops]), weigh):
            probs = softmax(lg, self._context.temperature)
            sure = up and beam_search(probs, top_k=1)[0][1] >= CONTEXT_SURE
            every = tuple(prev.probs) + (probs,) * (max(len(prev.probs), 1) if sure else 1)
            out.append(_joined(every, tuple(prev.candidates), self.top_k))
        return out

    def _networks(self) -> list[_Network]:
        """The networks of this reader in the order their probabilities are kept: main, second, further opinions."""
        return [net for net in (self._main, self._second) if net is not None] + self._more

    def _every_opinion(self, maps: Sequence[np.ndarray], previous: Sequence) -> list[CellResult]:
        """``previous`` readings completed by the networks (main, second, further opinions) that have not read
        them yet (a reading carries one probability array per network that read it, in that order)."""
        nets = self._networks()
        probs = [list(p.probs) for p in previous]
        for j, net in enumerate(nets):
            need = [k for k, p in enumerate(probs) if len(p) == j]
            for k, lg in zip(need, net.logits([maps[k] for k in need]) if need else ()):
                probs[k].append(softmax(lg, net.temperature))
        out = []
        for prev, every in zip(previous, probs):
            if len(every) == len(prev.probs):
                out.append(CellResult(prev.text, prev.confidence, tuple(prev.candidates), probs=tuple(every)))
                continue
            out.append(_joined(every, tuple(prev.candidates) if prev.probs else None, self.top_k))
        return out
