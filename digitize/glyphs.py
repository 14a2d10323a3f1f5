"""The bank of real handwritten glyphs behind the synthetic lists (``digitize/data/glyphs.npz``).

The bank holds about 14,000 digits, X/+ marks and dashes written by real people, normalised alike (built by
``tools/build_glyphs.py``): grey uint8, dark ink (0) on white paper (255), cropped to the ink and scaled to
``GLYPH_HEIGHT`` pixels high keeping the aspect ratio (dashes wider than ``GLYPH_MAX_WIDTH`` are scaled to
that width), each with its label, source and train/test split.

Labels: 0-9 digits, ``MARK`` (10) an X or + mark, ``DASH`` (11) a dash / minus / slash for "not playing".

Sources and licences (full texts and attributions in ``digitize/data/LICENSES.md`` and ``docs/data.md``):

* ``skatlist``: glyphs cut from real photographed DSkV lists (German hands: 1 with a long up-stroke, crossed
  7, X/+ marks, dashes), the first 4,800 records of data/chars.181.ubyte of cpaproth/Skatliste.
  MIT licence, Copyright 2023, 2024 Carsten Paproth.
* ``mnist``: the digits.png sample of OpenCV (Apache-2.0); its pixels are MNIST digits by Y. LeCun and
  C. Cortes, CC BY-SA 3.0.
* ``semeion``: Semeion Handwritten Digit data set, UCI Machine Learning Repository, CC BY 4.0, Semeion
  Research Center of Sciences of Communication, Rome (donated by Tattile, Brescia).
* ``optdigits``: Optical Recognition of Handwritten Digits, UCI Machine Learning Repository, CC BY 4.0,
  E. Alpaydin and C. Kaynak.

Splits: ``test`` is handwriting kept apart for accuracy figures (optdigits .tes writers, the last 20 % of the
Skat list records, the last round of semeion writers, the last row of every MNIST digit); ``train`` is the
rest; ``all`` is both. No image is in both splits.

Example::

    >>> import numpy as np
    >>> bank = GlyphBank.load("test")
    >>> g = bank.sample(7, np.random.default_rng(0))
    >>> g.dtype, g.shape[0] <= GLYPH_HEIGHT, int(g.min()) < 128 < int(g.max())
    (dtype('uint8'), True, True)
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Callable

import cv2
import numpy as np

GLYPH_HEIGHT = 28  # px, the stored height of a glyph (the build script's constant)
GLYPH_MAX_WIDTH = 56  # px, the stored array width
MARK = 10  # label of an X or + mark
DASH = 11  # label of a dash / minus / slash
LABELS = tuple(range(12))
LABEL_NAMES = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "X", "-")
SPLITS = ("train", "test", "all")
DATA_FILE = "glyphs.npz"
POOL_SEARCH = 40  # glyphs looked at per label when a writer pool filters them

# centre lines (see GlyphBank.strokes)
THIN_SCALE = 3  # the glyph is thinned at this many times its stored size
THIN_BLUR_SIGMA = 1.0  # px at the thinning scale, smooths the enlarged glyph before thresholding
THIN_LEVEL = 0.5  # ink level of the stroke edge for thinning
SPUR_FRACTION = 0.08  # a dead-end branch shorter than this fraction of the glyph height is a spur
SPECK_FRACTION = 0.06  # an isolated piece shorter than this fraction of the glyph height is dropped
SMOOTH_WINDOW = 5  # points (thinning scale) of the moving average along a centre line
SIMPLIFY_EPSILON = 0.35  # px (thinning scale), Douglas-Peucker tolerance


def _data_path() -> Path:
    """Path of the packaged npz (the package data of ``digitize``)."""
    try:
        ref = resources.files("digitize").joinpath("data", DATA_FILE)
        path = Path(str(ref))
        if path.is_file():
            return path
    except (ModuleNotFoundError, TypeError):  # pragma: no cover - unusual installs
        pass
    return Path(__file__).resolve().parent / "data" / DATA_FILE


@dataclass(frozen=True, eq=False)
class GlyphBank:
    """Glyphs of one split, read-only arrays of equal length N.

    ``images`` uint8 (N, GLYPH_HEIGHT, GLYPH_MAX_WIDTH), glyph i in ``images[i, :heights[i], :widths[i]]``;
    ``labels`` (N,) 0-11; ``sources`` (N,) index into ``source_names``; ``records`` (N,) index of the
    glyph's record in its source file (neighbours share a writer for skatlist and optdigits); ``typical``
    (N,) bool, the glyph looks like its label (its nearest neighbours in the split mostly share the label;
    False for smudged or badly cut glyphs); ``split`` the split name. Build one with :meth:`load`.
    """

    images: np.ndarray
    heights: np.ndarray
    widths: np.ndarray
    labels: np.ndarray
    sources: np.ndarray
    records: np.ndarray
    typical: np.ndarray
    source_names: tuple[str, ...]
    split: str
    _strokes: dict = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def load(cls, split: str = "train", path: str | Path | None = None) -> "GlyphBank":
        """Load the glyphs of ``split`` ("train", "test" or "all") from ``path`` (default: the packaged npz).

        Out: a GlyphBank; loads are cached, so calling again is cheap and returns the same object.
        """
        if split not in SPLITS:
            raise ValueError(f"split must be one of {SPLITS}, not {split!r}")
        return _load(str(Path(path) if path is not None else _data_path()), split)

    def __len__(self) -> int:
        return int(self.labels.size)

    def counts(self) -> dict[int, int]:
        """Number of glyphs per label, for every label 0-11 (0 when absent)."""
        c = np.bincount(self.labels, minlength=len(LABELS))
        return {label: int(c[label]) for label in LABELS}

    def counts_by_source(self) -> dict[str, dict[int, int]]:
        """Number of glyphs per source name and label."""
        out = {}
        for s, name in enumerate(self.source_names):
            c = np.bincount(self.labels[self.sources == s], minlength=len(LABELS))
            out[name] = {label: int(c[label]) for label in LABELS}
        return out

    def indices(
        self, label: int, sources: tuple[str, ...] | None = None, *, typical_only: bool = False
    ) -> np.ndarray:
        """Indices (ascending, i.e. in source record order) of the glyphs with ``label``, optionally only
        from the named ``sources`` and only typical ones."""
        sel = self.labels == label
        if sources is not None:
            ids = [self.source_names.index(s) for s in sources if s in self.source_names]
            sel &= np.isin(self.sources, ids)
        if typical_only:
            sel &= self.typical
        return np.nonzero(sel)[0]

    def glyph(self, index: int) -> np.ndarray:
        """A copy of glyph ``index``, uint8 (h, w), ink dark on white, cropped to its stored size."""
        h, w = int(self.heights[index]), int(self.widths[index])
        return self.images[index, :h, :w].copy()

    def source_of(self, index: int) -> str:
        """Name of the source of glyph ``index``."""
        return self.source_names[int(self.sources[index])]

    def sample_index(
        self,
        label: int,
        rng: np.random.Generator,
        *,
        sources: tuple[str, ...] | None = None,
        pool: dict[int, np.ndarray] | None = None,
    ) -> int:
        """Pick the index of a glyph with ``label``: from ``pool[label]`` when a writer pool is given (see
        :meth:`writer_pool`), else uniformly among the label's glyphs (of ``sources`` if given; all sources
        when those have none). Raises KeyError when the bank has no glyph of that label."""
        if pool is not None and label in pool and len(pool[label]):
            return int(pool[label][rng.integers(len(pool[label]))])
        idx = self.indices(label, sources)
        if idx.size == 0 and sources is not None:
            idx = self.indices(label)
        if idx.size == 0:
            raise KeyError(f"no glyph with label {label} in the {self.split} bank")
        return int(idx[rng.integers(idx.size)])

    def sample(
        self,
        label: int,
        rng: np.random.Generator,
        *,
        sources: tuple[str, ...] | None = None,
        pool: dict[int, np.ndarray] | None = None,
    ) -> np.ndarray:
        """One glyph image (a copy) with ``label``: uint8 (h, w), ink dark (0) on white (255).

        ``sources`` and ``pool`` as in :meth:`sample_index`; deterministic given ``rng``.
        """
        return self.glyph(self.sample_index(label, rng, sources=sources, pool=pool))

    def writer_pool(
        self,
        rng: np.random.Generator,
        *,
        source: str | None = None,
        per_label: int = 3,
        accept: Callable[[int], bool] | None = None,
        typical_only: bool = True,
    ) -> dict[int, np.ndarray]:
        """A consistent "writer": for every label, ``per_label`` glyph indices written close together.

        One source is chosen (``source`` or, if None, at random weighted by size) and one position
        ``a`` in [0, 1); for every label the glyphs nearest the ``a``-quantile of that label's glyphs in
        record order are taken (only typical glyphs unless ``typical_only`` is False; only those for which
        ``accept(index)`` is true, if given; at most
        ``POOL_SEARCH`` are looked at, and if none passes the nearest are taken anyway). Neighbouring Skat
        list and optdigits records come from the same writer, and semeion is ordered by writer within every
        digit, so the pool is mostly one real hand; MNIST has no writer order and just gives a fixed small
        set. Labels the source lacks (marks and dashes exist only in ``skatlist``) are taken from
        ``skatlist`` the same way. Out: {label: int array of indices}, every label of the bank present.
        """
        names = [n for s, n in enumerate(self.source_names) if np.any(self.sources == s)]
        if source is None:
            sizes = np.array([np.sum(self.sources == self.source_names.index(n)) for n in names], float)
            source = names[int(rng.choice(len(names), p=sizes / sizes.sum()))]
        a = float(rng.random())
        pool = {}
        for label in LABELS:
            idx = self.indices(label, (source,), typical_only=typical_only)
            if idx.size == 0:
                idx = self.indices(label, ("skatlist",), typical_only=typical_only)
            if idx.size == 0:
                idx = self.indices(label)
            if idx.size == 0:
                continue
            k = min(per_label, idx.size)
            centre = a * (idx.size - 1)
            order = np.argsort(np.abs(np.arange(idx.size) - centre), kind="stable")
            if accept is not None:
                good = []
                for j in order[:POOL_SEARCH]:
                    if accept(int(idx[j])):
                        good.append(int(idx[j]))
                        if len(good) == k:
                            break
                chosen = np.array(sorted(good) if good else sorted(idx[order[:k]]), dtype=np.int64)
            else:
                chosen = np.sort(idx[order[:k]]).astype(np.int64)
            pool[label] = chosen
        return pool

    def strokes(self, index: int) -> tuple[np.ndarray, ...]:
        """Centre lines of glyph ``index``: a tuple of float32 (n, 2) arrays of (x, y) points in the stored
        glyph's pixel coordinates (y down), smoothed, spurs removed. Cached per bank; the arrays are
        read-only. The renderer draws them with its own pen (see digitize.synth.handwriting)."""
        if index not in self._strokes:
            lines = centre_lines(self.glyph(index))
            for line in lines:
                line.flags.writeable = False
            self._strokes[index] = tuple(lines)
        return self._strokes[index]


@functools.lru_cache(maxsize=8)
def _load(path: str, split: str) -> GlyphBank:
    with np.load(path, allow_pickle=False) as z:
        splits = z["splits"]
        split_names = [str(s) for s in z["split_names"]]
        sel = np.ones(splits.shape, bool) if split == "all" else splits == split_names.index(split)
        names = ("images", "heights", "widths", "labels", "sources", "records")
        arrays = {k: np.ascontiguousarray(z[k][sel]) for k in names}
        arrays["typical"] = z["typical"][sel].astype(bool) if "typical" in z.files else np.ones(sel.sum(), bool)
        source_names = tuple(str(s) for s in z["source_names"])
    for a in arrays.values():
        a.flags.writeable = False
    return GlyphBank(source_names=source_names, split=split, **arrays)


# ---------------------------------------------------------------------------------------------- centre lines


def thin(binary: np.ndarray) -> np.ndarray:
    """Zhang-Suen thinning. In: bool/0-1 array (h, w). Out: new uint8 0/1 array, one-pixel-wide skeleton."""
    img = np.pad((np.asarray(binary) > 0).astype(np.uint8), 1)
    while True:
        changed = False
        for step in (0, 1):
            p2, p3, p4 = img[:-2, 1:-1], img[:-2, 2:], img[1:-1, 2:]
            p5, p6, p7 = img[2:, 2:], img[2:, 1:-1], img[2:, :-2]
            p8, p9 = img[1:-1, :-2], img[:-2, :-2]
            ring = (p2, p3, p4, p5, p6, p7, p8, p9, p2)
            b = sum(p.astype(np.int16) for p in ring[:8])
            a = sum(((ring[k] == 0) & (ring[k + 1] == 1)).astype(np.int16) for k in range(8))
            if step == 0:
                cond = ((p2 & p4 & p6) == 0) & ((p4 & p6 & p8) == 0)
            else:
                cond = ((p2 & p4 & p8) == 0) & ((p2 & p6 & p8) == 0)
            remove = (img[1:-1, 1:-1] == 1) & (b >= 2) & (b <= 6) & (a == 1) & cond
            if remove.any():
                img[1:-1, 1:-1][remove] = 0
                changed = True
        if not changed:
            return img[1:-1, 1:-1].copy()


_STEPS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))


def _skeleton_graph(skel: np.ndarray) -> dict[tuple[int, int], list[tuple[int, int]]]:
    """Adjacency of skeleton pixels (8-neighbours, minus diagonals that short-cut an existing corner)."""
    pts = set(zip(*np.nonzero(skel)))
    adj = {}
    for y, x in pts:
        nb = []
        for dy, dx in _STEPS:
            q = (y + dy, x + dx)
            if q not in pts:
                continue
            if dy and dx and ((y + dy, x) in pts or (y, x + dx) in pts):
                continue  # the corner pixel links them already
            nb.append(q)
        adj[(y, x)] = nb
    return adj


def _trace(adj: dict) -> list[list[tuple[int, int]]]:
    """Split a skeleton graph into chains between end/junction pixels (closed loops come back to start)."""
    seen: set[frozenset] = set()
    chains = []

    def walk(start, nxt):
        """Follow the edge start-nxt until a junction or end, or back onto a walked edge."""
        chain = [start]
        prev, cur = start, nxt
        seen.add(frozenset((prev, cur)))
        while True:
            chain.append(cur)
            if len(adj[cur]) != 2:
                break
            a, b = adj[cur]
            step = b if a == prev else a
            if frozenset((cur, step)) in seen:
                if step == start and len(adj[start]) == 2:
                    chain.append(start)          # a pure loop closes on itself
                break
            seen.add(frozenset((cur, step)))
            prev, cur = cur, step
        return chain

    nodes = [p for p, nb in adj.items() if len(nb) != 2]
    for start in sorted(nodes):
        for nxt in adj[start]:
            if frozenset((start, nxt)) not in seen:
                chains.append(walk(start, nxt))
    for start in sorted(adj):  # pure loops: every pixel has two neighbours
        for nxt in adj[start]:
            if frozenset((start, nxt)) not in seen:
                chains.append(walk(start, nxt))
    for p, nb in adj.items():  # isolated pixels
        if not nb:
            chains.append([p])
    return chains


def _length(points: np.ndarray) -> float:
    return float(np.sum(np.hypot(*np.diff(points, axis=0).T))) if len(points) > 1 else 0.0


def _smooth(points: np.ndarray, closed: bool) -> np.ndarray:
    """Moving average along a chain, ends pinned (open) or wrapped (closed)."""
    if len(points) < 3:
        return points
    k = min(SMOOTH_WINDOW, len(points) - (len(points) + 1) % 2)
    if k < 3:
        return points
    half = k // 2
    if closed:
        core = points[:-1]
        padded = np.concatenate([core[-half:], core, core[:half]])
    else:
        padded = np.concatenate([np.repeat(points[:1], half, 0), points, np.repeat(points[-1:], half, 0)])
    kernel = np.ones(k) / k
    out = np.stack([np.convolve(padded[:, i], kernel, mode="valid") for i in range(2)], axis=1)
    if closed:
        out = np.concatenate([out, out[:1]])
    else:
        out[0], out[-1] = points[0], points[-1]
    return out


def centre_lines(glyph: np.ndarray) -> list[np.ndarray]:
    """Centre lines of a glyph image.

    In: uint8 (h, w), dark ink on white (not modified). Out: list of float32 (n, 2) arrays of (x, y) points
    in the glyph's pixel coordinates, one per stroke piece between line ends and junctions; spurs shorter
    than ``SPUR_FRACTION`` of the glyph height and specks are dropped, the lines are smoothed.

    >>> g = np.full((28, 10), 255, np.uint8); g[2:26, 4:7] = 0
    >>> lines = centre_lines(g)
    >>> len(lines), bool(abs(lines[0][:, 0].mean() - 5) < 1), bool(np.ptp(lines[0][:, 1]) > 18)
    (1, True, True)
    """
    h, w = glyph.shape
    ink = 1.0 - np.asarray(glyph, np.float32) / 255.0
    ink = np.pad(ink, 1)
    big = cv2.resize(ink, ((w + 2) * THIN_SCALE, (h + 2) * THIN_SCALE), interpolation=cv2.INTER_CUBIC)
    big = cv2.GaussianBlur(big, (0, 0), THIN_BLUR_SIGMA)
    skel = thin(big > THIN_LEVEL)
    adj = _skeleton_graph(skel)
    chains = _trace(adj)
    height = max(h, GLYPH_HEIGHT // 2) * THIN_SCALE
    degree = {p: len(nb) for p, nb in adj.items()}
    kept = []
    for chain in chains:
        pts = np.array([(x, y) for y, x in chain], np.float32)
        length = _length(pts)
        ends = [degree[chain[0]], degree[chain[-1]]]
        dead_end = (1 in ends) and any(d >= 3 for d in ends)
        if dead_end and length < SPUR_FRACTION * height:
            continue
        if ends == [1, 1] and length < SPECK_FRACTION * height:
            continue
        if len(chain) == 1:
            continue
        closed = chain[0] == chain[-1] and len(chain) > 2
        pts = _smooth(pts, closed)
        simple = cv2.approxPolyDP(pts.astype(np.float32).reshape(-1, 1, 2), SIMPLIFY_EPSILON, closed=False)
        simple = simple.reshape(-1, 2)
        kept.append(simple.astype(np.float32))
    if not kept and chains:  # keep the longest piece rather than nothing
        longest = max(chains, key=len)
        kept = [np.array([(x, y) for y, x in longest], np.float32)]
    # back to the glyph's pixel coordinates: undo the 1-px pad and the enlargement (pixel centres)
    return [((line + 0.5) / THIN_SCALE - 1.0 - 0.5).astype(np.float32) for line in kept]
