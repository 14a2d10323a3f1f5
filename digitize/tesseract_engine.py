"""Tesseract beside the CNN reader: the same interface (:class:`digitize.reader.CellEngine`), for
comparison. Tesseract reads print, not handwriting (on the benchmark photos it reads about one written
number in ten exactly, and doubts nearly everything), so it is a baseline, not the reader skatscan uses.

In: grey uint8 cell crops (as :func:`digitize.cells.crop` cuts them). Out: one
:class:`digitize.reader.CellResult` per crop; ``confidence`` is tesseract's word confidence / 100 (the
lowest of the words; :data:`EMPTY_CONFIDENCE` when it finds no word, as it gives no confidence then),
``candidates`` just the one reading. Needs the ``tesseract`` binary (``apt-get install tesseract-ocr``);
without it the constructor raises :class:`digitize.reader.EngineUnavailable`. Each tesseract run has the threads
``OMP_THREAD_LIMIT`` in the environment allows (pytesseract starts it with this process's environment): a batch's
worker sets it to its share of the cores.
"""
from __future__ import annotations

import contextlib
from typing import Optional, Sequence

import cv2
import numpy as np

from digitize.reader import PAPER_PERCENTILE, CellResult, EngineUnavailable

#: Page segmentation mode 7 (one text line), characters limited to what a list cell holds.
WHITELIST = "0123456789-,X"
CONFIG = f"--psm 7 -c tessedit_char_whitelist={WHITELIST}"
#: The crop's margin is cut off first (this share of the crop height on every side), then the grid lines
#: (ink across LINE_SPAN of the cell, within LINE_BAND of its height from an edge) are cleared: with the
#: lines left in, tesseract answered nothing for almost every handwritten number.
INNER_CUT = 0.12
LINE_SPAN = 0.9
LINE_BAND = 0.35
#: The cell is then made black ink on white (ink: darker than this share of the paper level, the
#: PAPER_PERCENTILE of its grey values, as for the CNN reader), scaled to TARGET_HEIGHT (tesseract likes
#: text 20-40 px high) and framed in white.
INK_THRESHOLD = 0.3
TARGET_HEIGHT = 64
BORDER = 10
#: Confidence given to an empty reading (tesseract reports none for it).
EMPTY_CONFIDENCE = 0.5
INSTALL_HINT = "apt-get install tesseract-ocr"


@contextlib.contextmanager
def _command(cmd: Optional[str]):
    """Use ``cmd`` as pytesseract's tesseract command for the duration (restored afterwards)."""
    import pytesseract

    if cmd is None:
        yield pytesseract
        return
    old = pytesseract.pytesseract.tesseract_cmd
    pytesseract.pytesseract.tesseract_cmd = cmd
    try:
        yield pytesseract
    finally:
        pytesseract.pytesseract.tesseract_cmd = old


def _image(crop: np.ndarray) -> np.ndarray:
    """A crop as tesseract gets it (a new array): the cell without its margin and grid lines, black ink on
    white, TARGET_HEIGHT px high, in a white frame."""
    g = np.asarray(crop)
    if g.ndim == 3:
        g = cv2.cvtColor(g, cv2.COLOR_BGR2GRAY)
    h, w = g.shape[:2]
    m = int(round(h * INNER_CUT))
    if h - 2 * m >= 4 and w - 2 * m >= 4:
        g = g[m:h - m, m:w - m]
    paper = max(float(np.percentile(g, PAPER_PERCENTILE)), 1.0)
    s = TARGET_HEIGHT / g.shape[0]
    g = cv2.resize(g, (max(1, round(g.shape[1] * s)), TARGET_HEIGHT), interpolation=cv2.INTER_CUBIC)
    ink = g.astype(np.float32) < (1.0 - INK_THRESHOLD) * paper
    _clear_lines(ink)
    page = np.where(ink, 0, 255).astype(np.uint8)
    return cv2.copyMakeBorder(page, BORDER, BORDER, BORDER, BORDER, cv2.BORDER_CONSTANT, value=255)


def _clear_lines(ink: np.ndarray) -> None:
    """Clear (in place) the columns and rows of a boolean ink map near its edges that ink runs across: the
    grid lines of the cell, not the writing."""
    h, w = ink.shape
    band = max(1, int(round(LINE_BAND * h)))
    cols = np.flatnonzero(ink.mean(axis=0) >= LINE_SPAN)
    ink[:, cols[(cols < band) | (cols >= w - band)]] = False
    rows = np.flatnonzero(ink.mean(axis=1) >= LINE_SPAN)
    ink[rows[(rows < band) | (rows >= h - band)], :] = False


class TesseractReader:
    """Tesseract via pytesseract; ``cmd`` is the tesseract binary (default: pytesseract's setting,
    normally ``tesseract`` on the PATH). Raises :class:`EngineUnavailable` when it cannot run."""

    name = "tesseract"

    def __init__(self, cmd: Optional[str] = None):
        self.cmd = cmd
        try:
            with _command(cmd) as pt:
                self.version = str(pt.get_tesseract_version())
        except ImportError as exc:  # pragma: no cover - pytesseract is a dependency
            raise EngineUnavailable("pytesseract is not installed: pip install pytesseract") from exc
        except Exception as exc:  # TesseractNotFoundError, or a binary that does not run
            raise EngineUnavailable(f"tesseract is not available ({type(exc).__name__}): "
                                    f"install it with `{INSTALL_HINT}`") from exc

    def read_one(self, crop: np.ndarray) -> CellResult:
        """Read one crop (not modified). A cell tesseract fails on (it dies of a floating-point exception
        on some near-empty images) is an empty reading of confidence 0: a doubt, not a failed photo."""
        with _command(self.cmd) as pt:
            try:
                data = pt.image_to_data(_image(crop), config=CONFIG, output_type=pt.Output.DICT)
            except pt.TesseractError:
                return CellResult(text="", confidence=0.0, candidates=(("", 0.0),))
        words, confs = [], []
        for text, conf in zip(data.get("text", []), data.get("conf", [])):
            text = str(text).strip()
            if text:
                words.append(text)
                confs.append(max(float(conf), 0.0) / 100.0)
        text = "".join(words)
        conf = min(confs) if confs else EMPTY_CONFIDENCE
        conf = float(min(max(conf, 0.0), 1.0))
        return CellResult(text=text, confidence=conf, candidates=((text, conf),))

    def read(self, crops: Sequence[np.ndarray], boxes: Optional[Sequence[bool]] = None, *,
             heads: Optional[Sequence[bool]] = None) -> list[CellResult]:
        """Read crops one by one (tesseract has no batches): one CellResult per crop, in order; a signature box
        (``boxes``) or a cell of the table head (``heads``) is read like any crop."""
        return [self.read_one(c) for c in crops]
