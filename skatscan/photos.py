"""What the photo commands (digitize, scan) share: finding photos, reading one with a clear
line for a bad one, the engine option, the debug picture, the report's photo and cell pictures (which ``audit``
shows for a digitized list too); and series and table from a file's name (``s2-t7.jpg``), which ``standings``
takes for list files too."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import click

from audit.files import broken_link, one_line, resolved

from .cli import BadInput, bad_input_line

#: The line on stderr for a photo that shows another list beside the one read (the command line stays English).
OTHER_LISTS_LINE = ("the photo shows another list beside this one, which was not read: photograph each list on its "
                    "own")


def damaged_line(detail: str) -> str:
    """The line on stderr for a photo whose JPEG data is damaged in part (``photo.damaged``): read all the same."""
    from digitize.image import DAMAGED
    return DAMAGED.format(detail=detail)


def damaged_note(detail: str, lang: str) -> str:
    """A list page's note on a photo whose JPEG data is damaged in part (``photo.damaged``: libjpeg's words), in the
    report's language (``scan``'s report and ``audit --report`` of a digitized list alike)."""
    from digitize.image import DAMAGED, DAMAGED_DE
    template = DAMAGED_DE if lang == "de" else "Part of the photo's " + DAMAGED.removeprefix("part of its ") + "."
    return template.format(detail=detail)


engine_option = click.option("--engine", type=click.Choice(["skatscan", "tesseract"]), default="skatscan",
                             show_default=True,
                             help="Cell reader: skatscan's own handwriting network, or Tesseract for comparison.")


def expand_photos(paths, missing_is_bad: bool = False) -> list[str]:
    """The photo files of ``paths`` (:func:`desk.batch.find_photos`), each file once however often and however spelt
    it is given (overlapping shell patterns, a folder and a photo in it); none is bad input, whose line names the
    folders inside a given folder that hold photos (a referee who keeps a folder per series gives those). With
    ``missing_is_bad`` a path that does not exist is bad input before anything is read or written (``scan --report``:
    a mistyped folder would otherwise rewrite the report without its lists). A broken link named as a photo (a glob
    ``fotos/*.jpg`` matching a photo on a stick unplugged) is one, said by the batch as one found in a folder; a
    broken link of another name (a folder's, say) is bad input with that said."""
    from desk.batch import PHOTO_SUFFIXES, find_photos
    if missing_is_bad:
        missing = [p for p in paths if not Path(p).exists()
                   and not (broken_link(p) and Path(p).suffix.lower() in PHOTO_SUFFIXES)]
        link = next((p for p in missing if broken_link(p)), None)
        if link is not None:
            raise BadInput(f"{broken_link(link)}; nothing was read or written", link)
        if missing:
            raise BadInput("no such file or folder; nothing was read or written", ", ".join(missing))
    files, seen = [], set()
    for p in _readable(find_photos, paths):
        where = resolved(p)
        if where not in seen:           # a file named twice (overlapping patterns, a folder and a file in it): once
            seen.add(where)
            files.append(str(p))
    if not files:
        inner = sorted(str(sub) for p in map(Path, paths) if p.is_dir()
                       for sub in p.iterdir() if sub.is_dir() and not sub.name.startswith(".")
                       and _listable(sub) and find_photos([str(sub)]))
        hint = f"; the folders {', '.join(inner)} hold photos: give them (a folder is not searched below)" \
            if inner else ""
        raise BadInput(f"no photos (.jpg, .png, ...) found{hint}", " ".join(paths))
    return files


def _readable(listing, *args):
    """``listing(*args)`` (the photos of folders, a folder's entries), a folder that cannot be read (no permission:
    on a Mac, a terminal not allowed into Desktop or Downloads says "Operation not permitted") bad input naming it,
    before anything is read or written: it ended the command with a traceback, and a report rewritten without its
    photos would have left out the lists scanned from it before."""
    try:
        return listing(*args)
    except OSError as exc:
        raise BadInput(f"cannot read the folder ({exc.strerror or exc}); nothing was read or written",
                       str(exc.filename or " ".join(map(str, args)))) from None


def _listable(folder: Path) -> bool:
    """Whether the folder's entries can be listed (a folder inside a given one, for the hint naming them)."""
    try:
        next(iter(folder.iterdir()), None)
        return True
    except OSError:
        return False


def read_photo(name: str, engine: str, settings=None):
    """(Digitized, image) for the photo ``name`` read with the tournament's ``settings`` (default ones when None),
    or None after one line on stderr (for a photo whose JPEG data libjpeg found damaged, the damage:
    :func:`digitize.image.refused_as_damaged`)."""
    from digitize.image import ImageError, load_image, refused_as_damaged
    from digitize.locate import LocateError
    from digitize.pipeline import digitize_image
    from digitize.reader import EngineUnavailable
    damage: list = []
    if broken_link(name):               # said as scan says it
        bad_input_line(name, broken_link(name))
        return None
    try:
        image = load_image(name, damage=damage)
        d = digitize_image(image, engine=engine, source=name, settings=settings)
        d.damaged = "; ".join(damage)
        return d, image
    except (ImageError, LocateError) as exc:
        bad_input_line(name, str(refused_as_damaged(exc, damage)))
    except EngineUnavailable as exc:
        raise BadInput(str(exc), f"--engine {engine}")
    except FileNotFoundError:
        bad_input_line(name, "no such file")
    except Exception as exc:    # a failure of the reader on this photo (as scan's batch says it): the others go on
        said = one_line(exc)
        bad_input_line(name, f"internal error while reading the photo ({type(exc).__name__}: {said})")
    return None


#: A ``--debug`` picture of a photo narrower than this is drawn on the photo enlarged to it: on a 720 px photo the
#: labels were about 5 px tall and the outlines covered the ink (review of session 53).
DEBUG_MIN_WIDTH = 1600


def debug_picture(image, sl, error_cells=()) -> bytes:
    """The ``--debug`` picture of a list ``sl`` read from ``image``: every reading drawn in its cell (doubts orange,
    paper errors red), under a band that says what the colours mean; a small photo enlarged first."""
    import cv2
    import numpy as np

    from digitize.annotate import draw_readings, page_turns, with_legend
    from digitize.pipeline import encode_jpeg
    # the picture's width once turned upright (draw_readings turns a list photographed sideways)
    turns = page_turns([np.asarray(r.box, float) for r in sl.readings.values() if r.box is not None])
    width = image.shape[0] if turns % 2 else image.shape[1]
    scale = DEBUG_MIN_WIDTH / width if width < DEBUG_MIN_WIDTH else 1.0
    if scale != 1.0:
        image = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_CUBIC)
    return encode_jpeg(with_legend(draw_readings(image, sl, error_cells, scale=scale)), max_width=2400, quality=85)


def cells_picture(image, located) -> bytes:
    from digitize.overlay import draw_overlay
    from digitize.pipeline import encode_jpeg
    return encode_jpeg(draw_overlay(image, located), max_width=2400, quality=85)


def report_picture(image, photo_width: int, a, img_dir: Path, name: str) -> tuple[str, dict]:
    """For the review report of the audit ``a`` of a list read from a photo ``photo_width`` px wide: its copy
    ``image`` (BGR, as wide or reduced) with readings, doubts (orange) and paper errors (red) drawn on it, written
    as ``img_dir/NAME.jpg`` (its path from the list page is returned), and the pictures of the cells the page shows
    (``desk.pages.pictured_cells``) cut from the copy as it was (ref -> JPEG bytes: ``digitize.cell_pictures``)."""
    import cv2

    from audit.files import write_atomic
    from desk.pages import pictured_cells
    from digitize.annotate import draw_readings
    from digitize.cell_pictures import cell_pictures
    scale = image.shape[1] / (photo_width or image.shape[1])
    pictures = cell_pictures(image, {ref: r.box for ref, r in a.sl.readings.items()}, pictured_cells(a), scale)
    errors = {f.cells[0] for f in a.errors if f.cells}
    ok, buf = cv2.imencode(".jpg", draw_readings(image, a.sl, errors, scale=scale), [cv2.IMWRITE_JPEG_QUALITY, 82])
    try:
        img_dir.mkdir(parents=True, exist_ok=True)
        write_atomic(img_dir / f"{name}.jpg", buf.tobytes())
    except OSError as exc:          # a full disk, a file in the way: one line, exit 2 (as for the report's pages)
        raise BadInput(f"cannot write the report ({exc.strerror or exc})", str(img_dir.parent))
    return f"../img/{name}.jpg", pictures


def name_hint(path: str) -> dict:
    """Series and table from a file name such as ``s2-t14.jpg`` or ``serie2_tisch14.jpg``."""
    import re
    stem = Path(path).stem.lower()
    out = {}
    m = re.search(r"(?:^|[^a-z])(?:s|serie|series)[ _-]?(\d{1,3})(?!\d)", stem)
    if m:
        out["series"] = int(m.group(1))
    m = re.search(r"(?:^|[^a-z])(?:t|tisch|table)[ _-]?(\d{1,4})(?!\d)", stem)
    if m:
        out["table"] = int(m.group(1))
    return out


def with_name_hint(sl, photo):
    """Series and table from the file name where neither the QR code nor a confident reading of
    the handwriting gave them (a doubtful reading gives way to the name the referee chose)."""
    hint = name_hint(str(photo))
    t = sl.table
    readings = dict(sl.readings)
    values = {}
    for key in ("series", "table"):
        value = getattr(t, key)
        reading = readings.get(f"table.{key}")
        if hint.get(key) is not None and (value is None or (reading is not None and reading.doubtful)):
            value = hint[key]
            readings.pop(f"table.{key}", None)
        values[key] = value
    return replace(sl, table=replace(t, **values), readings=readings)
