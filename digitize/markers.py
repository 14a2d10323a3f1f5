"""What the skatscan edition prints besides the grid: the QR payload and the ArUco corner markers.

QR payload (compact, in the QR code's alphanumeric mode, fields separated by ``/``)::

    SK1/S4/R1/T12/N17.4.31.22

=====  ==================================================================================
field  meaning
=====  ==================================================================================
SK1    magic word and layout version (:data:`digitize.layout.LAYOUT_VERSION`)
S      seats, 3 or 4 (required)
G      game rows printed, 1..60 (only when not the seats' default: 48 for four, 36 for three)
R      series number, 1..999 (optional)
T      table number, 1..9999 (optional)
N      start numbers, exactly S entries separated by ``.``; an entry is 1-5 letters or digits,
       or empty when that seat was not pre-printed (optional)
=====  ==================================================================================

Fields appear in this order; decoding is strict (unknown or repeated fields, bad numbers,
another version: ValueError with a message naming the problem). Upper-case text, digits and
``/ .`` are the QR alphanumeric set, so the code stays small: a table's payload of 25 characters or
fewer is a version 1 code (21 x 21 modules), up to 47 a version 2 code (25 x 25); the 16 mm box
then gets modules of 0.64 or 0.55 mm, where the first payload format's byte-mode version 3 code
had 0.48 mm (decoded on 21 instead of 14 of 48 synthetic phone photos at 1000 to 3000 px).
A lower-case letter in a start number switches the code to byte mode (larger, still read).

Forms printed with the first payload format (``SKATSCAN/1;S=4;G=48;SER=1;T=12;NR=17,4,31,22``)
are still read (:func:`decode_payload` reads both).

>>> from digitize.layout import layout_for
>>> text = encode_payload(layout_for(4), series=1, table=12, start_numbers=["17", "4", "31", "22"])
>>> text
'SK1/S4/R1/T12/N17.4.31.22'
>>> decode_payload(text)["start_numbers"]
('17', '4', '31', '22')
>>> decode_payload("SKATSCAN/1;S=4;G=48;SER=1;T=12;NR=17,4,31,22") == decode_payload(text)
True
"""
from __future__ import annotations

import re
from typing import Optional, Sequence

import cv2
import numpy as np

from digitize.layout import (DEFAULT_GAMES, LAYOUT_VERSION, MARKER_DICTIONARY, MAX_GAMES, QR_QUIET_MODULES,
                             SEATS, Box, FormLayout)

PAYLOAD_MAGIC = "SK"
#: The first payload format's magic word (``SKATSCAN/1;S=4;G=48;...``): still decoded.
PAYLOAD_MAGIC_V1 = "SKATSCAN"
MAX_SERIES = 999
MAX_TABLE = 9999
START_NUMBER_RE = re.compile(r"[0-9A-Za-z]{1,5}")
_NUMBER_RE = re.compile(r"[1-9][0-9]{0,5}")
_FIELD_ORDER = ("S", "G", "SER", "T", "NR")
#: Tags of the compact payload, in their order, and the first format's field each stands for.
_COMPACT_TAGS = {"S": "S", "G": "G", "R": "SER", "T": "T", "N": "NR"}
_COMPACT_NAMES = {field: tag for tag, field in _COMPACT_TAGS.items()}


def encode_payload(layout: FormLayout, series: Optional[int] = None, table: Optional[int] = None,
                   start_numbers: Optional[Sequence[Optional[str]]] = None) -> str:
    """The QR text for one printed form; ValueError for values the payload cannot carry."""
    fields = [f"S{layout.seats}"]
    if layout.games != DEFAULT_GAMES[layout.seats]:
        fields.append(f"G{_check_number(layout.games, 'games', MAX_GAMES)}")
    if series is not None:
        fields.append(f"R{_check_number(series, 'series', MAX_SERIES)}")
    if table is not None:
        fields.append(f"T{_check_number(table, 'table', MAX_TABLE)}")
    if start_numbers is not None:
        numbers = check_start_numbers(start_numbers, layout.seats)
        fields.append("N" + ".".join(n or "" for n in numbers))
    return f"{PAYLOAD_MAGIC}{layout.version}/" + "/".join(fields)


def check_start_numbers(start_numbers: Sequence[Optional[str]], seats: int) -> tuple[Optional[str], ...]:
    """Start numbers as a tuple of strings (None or "" = not printed); ValueError if they do not fit."""
    if isinstance(start_numbers, str) or len(start_numbers) != seats:
        raise ValueError(f"give exactly {seats} start numbers, one per seat")
    out = []
    for n in start_numbers:
        n = None if n is None or str(n) == "" else str(n)
        if n is not None and not START_NUMBER_RE.fullmatch(n):
            raise ValueError(f"start number {n!r}: use 1 to 5 letters or digits")
        out.append(n)
    return tuple(out)


def _check_number(value, what: str, limit: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= limit:
        raise ValueError(f"{what} must be a whole number from 1 to {limit}, not {value!r}")
    return value


def decode_payload(text: str) -> dict:
    """Parse a QR text (either payload format) back into ``{"layout_version", "seats", "games", "series",
    "table", "start_numbers"}`` (absent optional fields are None). Raises ValueError on anything else.

    >>> decode_payload("SK1/S3")["games"], decode_payload("SKATSCAN/1;S=3;G=36")["series"] is None
    (36, True)
    >>> decode_payload("SK2/S3")
    Traceback (most recent call last):
    ...
    ValueError: QR payload: layout version 2 is not supported (this skatscan reads version 1)
    """
    if not isinstance(text, str):
        raise ValueError("QR payload: not text")
    compact = not text.startswith(PAYLOAD_MAGIC_V1 + "/")
    values = _fields_compact(text) if compact else _fields_v1(text)
    name = _COMPACT_NAMES if compact else {k: k for k in _FIELD_ORDER}
    if "S" not in values:
        raise ValueError("QR payload: field S is missing")
    if values["S"] not in {str(n) for n in SEATS}:
        raise ValueError(f"QR payload: S={values['S']!r}, a table has 3 or 4 seats")
    seats = int(values["S"])
    if "G" not in values and not compact:
        raise ValueError("QR payload: field G is missing")
    doc = {
        "layout_version": LAYOUT_VERSION,
        "seats": seats,
        "games": _parse_number(values["G"], "G", MAX_GAMES) if "G" in values else DEFAULT_GAMES[seats],
        "series": _parse_number(values["SER"], name["SER"], MAX_SERIES) if "SER" in values else None,
        "table": _parse_number(values["T"], "T", MAX_TABLE) if "T" in values else None,
        "start_numbers": None,
    }
    if "NR" in values:
        entries = values["NR"].split("." if compact else ",")
        if len(entries) != seats:
            raise ValueError(f"QR payload: {name['NR']} has {len(entries)} start numbers for {seats} seats")
        for e in entries:
            if e and not START_NUMBER_RE.fullmatch(e):
                raise ValueError(f"QR payload: start number {e!r} is not 1 to 5 letters or digits")
        doc["start_numbers"] = tuple(e or None for e in entries)
    return doc


def _check_head(head: str, pattern: str, text: str) -> None:
    """The payload's head (magic word and layout version, ``pattern`` with one group) must name this layout."""
    m = re.fullmatch(pattern, head)
    if m is None:
        raise ValueError(f"QR payload: does not start with {PAYLOAD_MAGIC}<version>/: {text[:40]!r}")
    if int(m.group(1)) != LAYOUT_VERSION:
        raise ValueError(f"QR payload: layout version {int(m.group(1))} is not supported "
                         f"(this skatscan reads version {LAYOUT_VERSION})")


def _fields_compact(text: str) -> dict[str, str]:
    """Field -> value of ``SK1/S4/R1/...``, the fields named as in the first format."""
    head, *parts = text.split("/")
    _check_head(head, rf"{PAYLOAD_MAGIC}([0-9]+)", text)
    values: dict[str, str] = {}
    for part in parts:
        tag, value = part[:1], part[1:]
        if tag not in _COMPACT_TAGS:
            raise ValueError(f"QR payload: unknown field {part!r}")
        _add(values, _COMPACT_TAGS[tag], value, _COMPACT_NAMES)
    return values


def _fields_v1(text: str) -> dict[str, str]:
    """Field -> value of the first format, ``SKATSCAN/1;S=4;G=48;...``."""
    head, *parts = text.split(";")
    _check_head(head, rf"{PAYLOAD_MAGIC_V1}/([0-9]+)", text)
    values: dict[str, str] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep:
            raise ValueError(f"QR payload: field {part!r} is not KEY=VALUE")
        if key not in _FIELD_ORDER:
            raise ValueError(f"QR payload: unknown field {key!r}")
        _add(values, key, value)
    return values


def _add(values: dict[str, str], key: str, value: str, names: Optional[dict] = None) -> None:
    """Add a field, refusing repeats and fields out of :data:`_FIELD_ORDER` (``names``: how the payload
    calls the fields, for the message)."""
    shown = (names or {}).get(key, key)
    if key in values:
        raise ValueError(f"QR payload: field {shown} appears twice")
    if values and _FIELD_ORDER.index(key) < _FIELD_ORDER.index(list(values)[-1]):
        raise ValueError(f"QR payload: field {shown} is out of order")
    values[key] = value


def _parse_number(value: str, key: str, limit: int) -> int:
    if not _NUMBER_RE.fullmatch(value) or int(value) > limit:
        raise ValueError(f"QR payload: {key}={value!r} is not a number from 1 to {limit}")
    return int(value)


# --------------------------------------------------------------------------------------------
# Images: QR code and ArUco markers as module matrices (True = black), one entry per module
# --------------------------------------------------------------------------------------------

def qr_modules(text: str) -> np.ndarray:
    """The QR code of ``text`` (error correction L) as a bool matrix, True = black module,
    surrounded by a quiet zone of :data:`digitize.layout.QR_QUIET_MODULES` modules.

    Level L and the compact payload (alphanumeric mode) keep the code small: version 1 (21 modules) for
    a typical table, so each module is as large as the 16 mm box allows; on a phone photo larger modules
    decode far more often than level M's extra redundancy helps (with the first payload format: 9
    instead of 6 of 23 blurred synthetic photos, 13 with the decoder's variants).
    """
    params = cv2.QRCodeEncoder.Params()
    params.correction_level = cv2.QRCODE_ENCODER_CORRECT_LEVEL_L
    img = cv2.QRCodeEncoder.create(params).encode(text)
    if img is None or img.size == 0:
        raise ValueError(f"QR code: cannot encode {text[:40]!r}")
    dark = img < 128
    ys, xs = np.nonzero(dark)
    code = dark[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    return np.pad(code, QR_QUIET_MODULES, constant_values=False)


def qr_image(text: str, module_px: int = 8) -> np.ndarray:
    """The QR code as a grey uint8 image (0 black, 255 white), ``module_px`` pixels per module."""
    return _modules_to_image(qr_modules(text), module_px)


def marker_dictionary():
    """The ArUco dictionary of the corner markers (``cv2.aruco.DICT_4X4_50``)."""
    return cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, MARKER_DICTIONARY))


def marker_modules(marker_id: int) -> np.ndarray:
    """ArUco marker ``marker_id`` as a bool matrix incl. its one-module black border (6 x 6)."""
    d = marker_dictionary()
    n = d.markerSize + 2
    img = cv2.aruco.generateImageMarker(d, marker_id, n, borderBits=1)
    return img < 128


def marker_image(marker_id: int, module_px: int = 20) -> np.ndarray:
    """ArUco marker ``marker_id`` as a grey uint8 image, ``module_px`` pixels per module."""
    return _modules_to_image(marker_modules(marker_id), module_px)


def _modules_to_image(modules: np.ndarray, module_px: int) -> np.ndarray:
    img = np.where(modules, 0, 255).astype(np.uint8)
    return np.kron(img, np.ones((module_px, module_px), dtype=np.uint8))


def module_boxes(box: Box, modules: np.ndarray) -> list[Box]:
    """The black modules of ``modules`` laid over ``box`` as boxes in mm, runs of a row joined.

    >>> module_boxes(Box(0, 0, 4, 2), np.array([[True, True], [False, True]]))
    [Box(x=0.0, y=0.0, w=4.0, h=1.0), Box(x=2.0, y=1.0, w=2.0, h=1.0)]
    """
    rows, cols = modules.shape
    mw, mh = box.w / cols, box.h / rows
    out = []
    for r in range(rows):
        c = 0
        while c < cols:
            if modules[r, c]:
                start = c
                while c < cols and modules[r, c]:
                    c += 1
                out.append(Box(box.x + start * mw, box.y + r * mh, (c - start) * mw, mh))
            else:
                c += 1
    return out
