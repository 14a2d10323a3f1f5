"""The review report's picture of a list and its cells' pictures in ``scan``, kept beside the picture and drawn again
only when what they show changed."""
from __future__ import annotations

import base64
import functools
import hashlib
import json
from pathlib import Path
from typing import Optional

import cv2
import numpy as np

from audit.files import write_atomic

from .photos import report_picture

def list_pictures(overlay: Path, photo_width: Optional[int], a, img_dir: Path, name: str
                  ) -> tuple[Optional[str], dict]:
    """The report's photo of a list and its cells' pictures (:func:`skatscan.photos.report_picture`) from the copy
    of the photo the batch kept (``overlay``), ``photo_width`` the width of the photo the list was read from; (None,
    {}) without one. Drawn again only when what they show changed (the copy, the readings, the errors, the cells
    pictured, the code that draws them): the cells' pictures and what they were drawn from are kept beside the photo's
    picture (``img/NAME.pictures.json``; not in ``results``, whose files ``standings`` reads as lists), so that a
    rescan after the referee settled a few doubts does not decode and draw 90 photos again (before: half of a
    rescan's 30 s with no photo to read)."""
    try:
        key = _picture_key(overlay, photo_width, a)
    except OSError:
        return None, {}
    kept = img_dir / f"{name}{PICTURES_SUFFIX}"
    if (img_dir / f"{name}.jpg").is_file():
        try:
            doc = json.loads(kept.read_text(encoding="utf-8"))
            if doc.get("key") == key:
                return f"../img/{name}.jpg", {ref: base64.b64decode(b) for ref, b in doc["cells"].items()}
        except (OSError, ValueError, TypeError, AttributeError, KeyError):
            pass                        # none kept, or a damaged file: drawn again
    try:
        image = cv2.imdecode(np.fromfile(str(overlay), np.uint8), cv2.IMREAD_COLOR)
    except OSError:
        return None, {}
    if image is None:
        return None, {}
    photo, pictures = report_picture(image, photo_width or image.shape[1], a, img_dir, name)
    try:
        write_atomic(kept, json.dumps({"key": key, "cells": {ref: base64.b64encode(b).decode("ascii")
                                                             for ref, b in pictures.items()}}))
    except OSError:
        pass                            # drawn again next time
    return photo, pictures


#: Beside a list's picture in the report's ``img``: its cells' pictures and the key of what they were drawn from.
PICTURES_SUFFIX = ".pictures.json"


def _picture_key(overlay: Path, photo_width: Optional[int], a) -> str:
    """What the report's pictures of the audit ``a`` are drawn from: the photo's copy (as the file is), the width of
    the photo read, every reading (value, doubt, box), the errors on paper, the cells pictured and the drawing code."""
    from desk.pages import pictured_cells
    st = overlay.stat()
    what = [_drawing_code(), st.st_size, st.st_mtime_ns, photo_width, repr(sorted(a.sl.readings.items())),
            sorted(f.cells[0] for f in a.errors if f.cells), sorted(pictured_cells(a))]
    return hashlib.sha256(repr(what).encode("utf-8", "backslashreplace")).hexdigest()


@functools.lru_cache(maxsize=1)
def _drawing_code() -> str:
    """The source of the code that draws the report's pictures: another version of skatscan draws them again."""
    import digitize.annotate
    import digitize.cell_pictures
    import desk.pages
    from . import photos
    return hashlib.sha256(b"".join(Path(m.__file__).read_bytes() for m in (
        digitize.annotate, digitize.cell_pictures, desk.pages, photos))).hexdigest()
