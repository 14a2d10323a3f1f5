"""Safe loading of a photo (file or bytes) into a BGR uint8 array.

Phone photos come in many shapes: JPEG with an EXIF orientation tag, PNG with 16 bits or an alpha channel,
grey or palette images, CMYK JPEGs from scanners, HEIC from iPhones, and now and then something that is
not an image at all. :func:`load_image` turns all of the readable ones into one thing (BGR uint8, upright
as the phone showed it) and refuses the rest with an :class:`ImageError` of one clear sentence.

The image size is read from the file header (with Pillow, which parses headers without decoding pixels)
and checked against ``max_pixels`` *before* any pixel is decoded, so a small file that would unpack to
gigabytes (a decompression bomb) costs nothing. Pixels are decoded by OpenCV. Nothing is ever written.

>>> import cv2
>>> ok, buf = cv2.imencode(".png", np.full((30, 40), 200, np.uint8))
>>> img = load_image(buf.tobytes())
>>> img.shape, img.dtype, int(img[0, 0, 0])
((30, 40, 3), dtype('uint8'), 200)
>>> load_image(b"")
Traceback (most recent call last):
...
digitize.image.ImageError: The photo is empty (0 bytes).
"""
from __future__ import annotations

import io
import os
import sys
import tempfile
import threading
import warnings
from contextlib import contextmanager
from typing import Optional, Union

import cv2
import numpy as np
from PIL import Image, UnidentifiedImageError, features

from digitize.problems import PhotoError

#: Largest photo decoded, in pixels (width x height): a 64 MP phone photo; a JPEG up to four times as large (a
#: 108 or 200 MP phone photo) is decoded at half its width and height, anything larger is refused undecoded.
MAX_PIXELS = 64_000_000
#: Largest file read at all, in bytes.
MAX_FILE_BYTES = 256 * 1024 * 1024
#: Formats (Pillow's names) decoded; MPO is the JPEG variant some phones write, HEIF an iPhone's HEIC photo (by
#: libheif through pi-heif), AVIF (Pillow's own plugin, with libavif): those two decoded by Pillow,
#: :func:`_decode_pillow`.
FORMATS = frozenset({"JPEG", "MPO", "PNG", "WEBP", "BMP", "TIFF", "HEIF", "AVIF"})
#: ISO-BMFF brands of HEIC/HEIF and AVIF files (``ftyp`` box): HEIC is read with pi-heif, AVIF with Pillow (where
#: either is missing, refused with advice how to convert).
HEIF_BRANDS = frozenset({b"heic", b"heix", b"hevc", b"hevx", b"heim", b"heis", b"hevm", b"hevs", b"mif1",
                         b"msf1"})
AVIF_BRANDS = frozenset({b"avif", b"avis"})
EXIF_ORIENTATION_TAG = 0x0112
HEIC_MESSAGE = ("HEIC photo: convert it to JPEG first (on the phone: Settings > Camera > Formats > "
                "Most Compatible, or `heif-convert photo.heic photo.jpg`).")
PDF_MESSAGE = ("PDF file: skatscan reads photos, not PDFs; let the scanner save JPEG (a file a page), or turn each "
               "page into a picture (`pdftoppm -r 300 -jpeg scan.pdf seite` makes seite-1.jpg, seite-2.jpg, ...).")
PDF_MESSAGE_DE = ("PDF-Datei: skatscan liest Fotos, keine PDFs; den Scanner JPEG speichern lassen (eine Datei je "
                  "Seite) oder jede Seite in ein Bild umwandeln (`pdftoppm -r 300 -jpeg scan.pdf seite` ergibt "
                  "seite-1.jpg, seite-2.jpg, ...).")
HEIC_MESSAGE_DE = ("HEIC-Foto: bitte zuerst in JPEG umwandeln (am iPhone: Einstellungen > Kamera > Formate > "
                   "Maximale Kompatibilität, oder `heif-convert foto.heic foto.jpg`).")

#: The sentence for a photo whose JPEG data libjpeg found damaged in part (``{detail}``: its own words); the photo is
#: still read (a damaged stretch may be small, or past the list), and the referee told to check it (``DAMAGED_DE``
#: the same in German, for the report).
DAMAGED = ("part of its JPEG data is damaged ({detail}): the photo may show wrong colours or shifted blocks there; "
           "check its readings against the paper, or photograph the list again")
DAMAGED_DE = ("Ein Teil der JPEG-Daten des Fotos ist beschädigt ({detail}): dort kann es falsche Farben oder "
              "verschobene Blöcke zeigen; die Lesungen mit dem Papier vergleichen oder die Liste neu fotografieren.")

#: The refusal of a photo whose JPEG data libjpeg found damaged (``{detail}``: its own words) when no list could then
#: be found or read on what decoded (``{reason}``: that refusal's own sentence; :func:`refused_as_damaged`). The
#: damage is the likely cause: a list in full view was refused with advice about framing ("Only part of a Skat list
#: is on the photo ..."), and the referee went back to photograph the sheet again when copying the file again was
#: what helps. ``DAMAGED_REFUSED_DE``: the same in German, for the report.
DAMAGED_REFUSED = ("The photo's JPEG data is damaged ({detail}), which may be why: {reason} Copy the file from the "
                   "phone or camera again first (if it is damaged there too, photograph the list again).")
DAMAGED_REFUSED_DE = ("Die JPEG-Daten des Fotos sind beschädigt ({detail}), das kann der Grund sein: {reason} Die "
                      "Datei zuerst noch einmal vom Handy oder von der Kamera kopieren (ist sie dort auch beschädigt, "
                      "die Liste neu fotografieren).")

#: How libjpeg's warnings of damaged data begin (jerror.h: JWRN_JPEG_EOF, JWRN_EXTRANEOUS_DATA, JWRN_HIT_MARKER,
#: JWRN_MUST_RESYNC, JWRN_NOT_SEQUENTIAL, ...).
JPEG_DAMAGE = ("Corrupt JPEG data", "Premature end of JPEG file", "Invalid SOS parameters")

#: How libpng's warnings begin: of a PNG's side data (a colour profile "iCCP: known incorrect sRGB profile", a text
#: chunk's checksum), whose pixels decode as they are: not printed (they named no file and meant nothing to a referee).
LIBPNG_WARNING = "libpng warning:"
#: What OpenCV's lines of libtiff's warnings hold: of a TIFF's tags ("Unknown field with tag 65000", a scanner's
#: private tag), its pixels decoded as they are; not printed either.
LIBTIFF_WARNING = "TIFF_Warning"

Source = Union[str, os.PathLike, bytes, bytearray, memoryview]

#: Held while the process-wide state a photo's loading changes is changed: file descriptor 2 (the decoders' words
#: caught, :func:`_decoder_messages`), Pillow's pixel limit and the warnings filter (:func:`_header`). Loading is
#: thread-safe so; photos loaded in threads are decoded one at a time (the batch's workers are processes).
_PROCESS_STATE = threading.RLock()


class ImageError(PhotoError):
    """A photo that cannot be loaded; the message is one sentence saying why (``de`` the same in German), ``why``
    the kind of problem (:data:`desk.batch.WHY`)."""

    why = "file"


def refused_as_damaged(exc: PhotoError, damage: list) -> PhotoError:
    """The error to show for a photo refused with ``exc`` (it could not be loaded, or no list was found or read on
    it) after libjpeg said ``damage`` of its data (:func:`load_image`'s list): when it said something, an
    :class:`ImageError` naming the damage in libjpeg's words first, then the refusal itself (:data:`DAMAGED_REFUSED`),
    since the damage rather than the framing or the light is then the likely cause, and copying the file again is what
    helps first; but a photo of no list at all, damaged too, is still said to show none (the third review of session
    52: the refusal's own reason was dropped); else ``exc`` as it is."""
    if not damage:
        return exc
    detail = "; ".join(damage)
    return ImageError(DAMAGED_REFUSED.format(detail=detail, reason=str(exc)),
                      de=DAMAGED_REFUSED_DE.format(detail=detail, reason=getattr(exc, "de", None) or str(exc)))


def readable_formats(lang: str = "en") -> str:
    """The formats :func:`load_image` decodes here, for the advice of a refusal ("JPEG, PNG, WebP, TIFF, BMP, HEIC
    or AVIF"): HEIC only where pi-heif is installed and AVIF only where Pillow reads it, as :data:`FORMATS` holds
    them. The advice said "use JPEG or PNG" while WebP, TIFF, BMP, HEIC and AVIF photos were read as well."""
    names = ["JPEG", "PNG", "WebP", "TIFF", "BMP"] + ["HEIC"] * _heif_opener() + ["AVIF"] * _avif_reader()
    return f"{', '.join(names[:-1])} {'oder' if lang == 'de' else 'or'} {names[-1]}"


def load_image(source: Source, *, max_pixels: int = MAX_PIXELS, damage: Optional[list] = None) -> np.ndarray:
    """Load a photo from a path or from the file's bytes; returns a new BGR uint8 array (H, W, 3).

    What libjpeg says of a JPEG whose data is damaged in part ("Corrupt JPEG data: ...", which it would print on
    stderr without the file's name) is appended to ``damage`` (a list) when given, else dropped: the pixels it
    could decode are returned, the caller names the file (:data:`DAMAGED`).

    EXIF orientation is applied (the image comes out as the phone showed it); 16-bit images are reduced to
    8 bits, alpha is laid over white paper, grey, palette and CMYK images become BGR; an iPhone's HEIC photo is
    decoded by libheif (pi-heif). Raises :class:`ImageError` for an empty, truncated, unknown or too large
    (> ``max_pixels``) photo, a PDF (with advice how to make pictures of its pages) and a TIFF of several pages (a
    scan of several lists: one would be read, the others not).
    """
    data = _read(source)
    if not data:
        raise ImageError("The photo is empty (0 bytes).", de="Das Foto ist leer (0 Bytes).")
    if data[:1024].lstrip(b"\x00\t\n\r\f ").startswith(b"%PDF-"):     # a scanner's PDF (also renamed .jpg)
        raise ImageError(PDF_MESSAGE, de=PDF_MESSAGE_DE)
    brand = _iso_brand(data)
    if brand in HEIF_BRANDS and not _heif_opener():
        raise ImageError(HEIC_MESSAGE, de=HEIC_MESSAGE_DE)
    if brand in AVIF_BRANDS and not _avif_reader():
        raise ImageError("AVIF photo: convert it to JPEG first.", de="AVIF-Foto: bitte zuerst in JPEG umwandeln.")
    fmt, (width, height), orientation = _header(data, max_pixels)
    halve = fmt in ("JPEG", "MPO") and max_pixels < width * height <= 4 * max_pixels
    if width * height > max_pixels and not halve:
        raise ImageError(f"The photo is too large ({width} x {height} = {width * height / 1e6:.0f} megapixels; "
                         f"the limit is {max_pixels / 1e6:.0f} megapixels): save a smaller copy (12 megapixels are "
                         f"plenty) or scan at 300 dpi.",
                         de=f"Das Foto ist zu groß ({width} x {height} = {width * height / 1e6:.0f} Megapixel; "
                            f"höchstens {max_pixels / 1e6:.0f} Megapixel): eine kleinere Kopie speichern (12 "
                            f"Megapixel reichen) oder mit 300 dpi scannen.")
    if fmt in ("JPEG", "MPO") and not _jpeg_complete(data):
        raise ImageError("The JPEG photo is truncated (the file ends before the image data does).",
                         de="Das JPEG-Foto ist unvollständig (die Datei endet vor den Bilddaten).")
    if fmt == "PNG" and b"IEND" not in data[-64:]:
        raise ImageError("The PNG photo is truncated (the file ends before the image data does).",
                         de="Das PNG-Foto ist unvollständig (die Datei endet vor den Bilddaten).")
    with _decoder_messages() as said:
        if fmt in ("HEIF", "AVIF"):
            decoded = _decode_pillow(data)
        else:       # a 108 or 200 MP phone photo halved while decoded (libjpeg's scaled decoding: at most max_pixels)
            decoded = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_REDUCED_COLOR_2
                                   | cv2.IMREAD_IGNORE_ORIENTATION if halve else cv2.IMREAD_UNCHANGED)
    if said and damage is not None:
        damage.append("; ".join(said))
    if decoded is None or decoded.size == 0:
        raise ImageError(f"The {fmt} photo is damaged: its image data cannot be decoded.",
                         de=f"Das {fmt}-Foto ist beschädigt: seine Bilddaten lassen sich nicht entschlüsseln.")
    sizes = {(-(-height // 2), -(-width // 2))} if halve else {(height, width)}
    if fmt == "TIFF":
        # OpenCV's TIFF decoder turns the pixels upright itself (Pillow gives the size turned or not, by version)
        if orientation in (5, 6, 7, 8):
            sizes.add((width, height))
        orientation = 1
    if decoded.shape[:2] not in sizes:
        raise ImageError(f"The {fmt} photo is damaged: its header says {width} x {height} but it decodes to "
                         f"{decoded.shape[1]} x {decoded.shape[0]}.",
                         de=f"Das {fmt}-Foto ist beschädigt: laut Kopf {width} x {height}, entschlüsselt aber "
                            f"{decoded.shape[1]} x {decoded.shape[0]}.")
    return _orient(_to_bgr8(decoded), orientation)


@contextmanager
def _decoder_messages():
    """Catches what the image decoders print on stderr (file descriptor 2) meanwhile: libjpeg's warnings such as
    "Corrupt JPEG data: premature end of data segment", which name no file. Yields a list that holds libjpeg's lines
    of damage (:data:`JPEG_DAMAGE`) afterwards, at most three, each cut to 120 characters; libpng's and libtiff's
    warnings (:data:`LIBPNG_WARNING`, :data:`LIBTIFF_WARNING`) are dropped, any other line caught is passed on to
    stderr as it was."""
    with _PROCESS_STATE:
        yield from _caught_messages()


def _caught_messages():
    said: list = []
    saved = None
    try:
        sys.stderr.flush()
        saved = os.dup(2)
        caught = tempfile.TemporaryFile()
    except (OSError, ValueError, AttributeError):   # no stderr to catch, no room for a temporary file: as they will
        if saved is not None:
            os.close(saved)
        yield said
        return
    with caught:
        os.dup2(caught.fileno(), 2)
        try:
            yield said
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            caught.seek(0)
            lines = [line.strip() for line in caught.read(1 << 16).decode("utf-8", "replace").splitlines()]
    others = []
    for line in filter(None, lines):
        if line.startswith(JPEG_DAMAGE):
            if len(said) < 3:
                said.append(line[:120])
        elif not line.startswith(LIBPNG_WARNING) and LIBTIFF_WARNING not in line:
            others.append(line)
    if others:
        print("\n".join(others), file=sys.stderr)


def _avif_reader() -> bool:
    """Whether Pillow reads AVIF (its own plugin, from 11.2 on); an older Pillow's "Unknown feature 'avif'" warning,
    which names no file, is not printed."""
    with _PROCESS_STATE, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return bool(features.check("avif"))


def _heif_opener() -> bool:
    """Whether Pillow opens HEIC/HEIF files: pi-heif (libheif's decoder, without the encoders) registered as its
    plugin; False where it is not installed."""
    try:
        import pi_heif
    except ImportError:
        return False
    pi_heif.register_heif_opener()
    return True


def _decode_pillow(data: bytes) -> Optional[np.ndarray]:
    """The primary image of a HEIC/HEIF or AVIF file as BGR (BGRA with alpha), 8 bits, or None when it cannot be
    decoded. libheif turns a HEIC photo upright by the file's own rotation and mirroring (``irot``, ``imir``, which an
    iPhone writes besides the EXIF tag; pi-heif then reads that tag as 1, so it is not applied twice); Pillow gives an
    AVIF's ``irot``/``imir`` as its EXIF orientation instead, applied as a JPEG's."""
    try:
        with warnings.catch_warnings(), Image.open(io.BytesIO(data)) as im:
            warnings.simplefilter("ignore")
            if im.mode not in ("RGB", "RGBA"):
                im = im.convert("RGBA" if "A" in im.mode else "RGB")
            rgb = np.asarray(im)
    except (OSError, ValueError, SyntaxError, RuntimeError):
        return None
    return cv2.cvtColor(rgb, cv2.COLOR_RGBA2BGRA if rgb.shape[2] == 4 else cv2.COLOR_RGB2BGR)


def _read(source: Source) -> bytes:
    """The bytes of ``source`` (a path or bytes-like), refusing unreadable or oversized files."""
    if isinstance(source, (bytes, bytearray, memoryview)):
        data = bytes(source)
        if len(data) > MAX_FILE_BYTES:
            raise ImageError(f"The photo file is too large ({len(data) / 2**20:.0f} MiB; the limit is "
                             f"{MAX_FILE_BYTES / 2**20:.0f} MiB).",
                             de=f"Die Fotodatei ist zu groß ({len(data) / 2**20:.0f} MiB; höchstens "
                                f"{MAX_FILE_BYTES / 2**20:.0f} MiB).")
        return data
    if not isinstance(source, (str, os.PathLike)):
        raise TypeError(f"load_image takes a path or bytes, not {type(source).__name__}")
    try:
        size = os.path.getsize(source)
        if size > MAX_FILE_BYTES:
            raise ImageError(f"The photo file is too large ({size / 2**20:.0f} MiB; the limit is "
                             f"{MAX_FILE_BYTES / 2**20:.0f} MiB).",
                             de=f"Die Fotodatei ist zu groß ({size / 2**20:.0f} MiB; höchstens "
                                f"{MAX_FILE_BYTES / 2**20:.0f} MiB).")
        with open(source, "rb") as fh:
            return fh.read()
    except ImageError:
        raise
    except OSError as exc:
        raise ImageError(f"Cannot read the photo file {os.fspath(source)!r}: {exc.strerror or exc}.",
                         de=f"Die Fotodatei {os.fspath(source)!r} lässt sich nicht lesen: {exc.strerror or exc}."
                         ) from None


def _iso_brand(data: bytes) -> bytes | None:
    """The major brand of an ISO base media file (HEIC, AVIF, MP4 ...), or None."""
    if len(data) >= 12 and data[4:8] == b"ftyp":
        return data[8:12]
    return None


def _header(data: bytes, max_pixels: int = MAX_PIXELS) -> tuple[str, tuple[int, int], int]:
    """Format name, (width, height) and EXIF orientation (1 = upright) from the header; pixels not decoded. Pillow
    refuses a header of more than 4 x ``max_pixels`` itself (a JPEG up to that is decoded halved)."""
    with _PROCESS_STATE:
        return _header_held(data, max_pixels)


def _header_held(data: bytes, max_pixels: int) -> tuple[str, tuple[int, int], int]:
    limit = Image.MAX_IMAGE_PIXELS
    with warnings.catch_warnings():
        # Pillow's warnings name no file (a phone's broken EXIF block: "UserWarning: Corrupt EXIF data. Expecting to
        # read 12 bytes but only got 10.", with Pillow's own source line): the orientation is then 1, said by nobody
        warnings.simplefilter("ignore")
        Image.MAX_IMAGE_PIXELS = 2 * max_pixels         # Pillow's error is at twice it: a 200 MP phone photo passes
        try:
            with Image.open(io.BytesIO(data)) as im:
                fmt, size = im.format, im.size
                pages = _tiff_pages(im) if fmt == "TIFF" else 1
                orientation = 1
                if fmt in ("JPEG", "MPO", "PNG", "WEBP", "TIFF", "AVIF"):
                    try:
                        orientation = int(im.getexif().get(EXIF_ORIENTATION_TAG, 1) or 1)
                    except Exception:  # a broken EXIF block: the pixels may still be fine
                        orientation = 1
        except Image.DecompressionBombError:
            raise ImageError("The photo is far too large (its header declares hundreds of megapixels).",
                             de="Das Foto ist viel zu groß (sein Kopf gibt Hunderte Megapixel an).") from None
        except UnidentifiedImageError:
            if _iso_brand(data) in HEIF_BRANDS:     # libheif could not parse it: cut short in copying, or damaged
                raise ImageError("The HEIC photo is damaged or cut short: it cannot be decoded.",
                                 de="Das HEIC-Foto ist beschädigt oder unvollständig: es lässt sich nicht "
                                    "entschlüsseln.") from None
            raise ImageError(f"The file is not a photo skatscan can read (use {readable_formats()}).",
                             de=f"Die Datei ist kein Foto, das skatscan lesen kann (bitte {readable_formats('de')})."
                             ) from None
        except (OSError, ValueError, SyntaxError) as exc:
            raise ImageError(f"The photo file is damaged ({exc}).",
                             de=f"Die Fotodatei ist beschädigt ({exc}).") from None
        finally:
            Image.MAX_IMAGE_PIXELS = limit
    if fmt not in FORMATS:
        raise ImageError(f"{fmt} images are not supported: use {readable_formats()}.",
                         de=f"{fmt}-Bilder werden nicht unterstützt: bitte {readable_formats('de')}.")
    if pages > 1:
        raise ImageError(f"The TIFF file holds {pages} pages (a scan of several lists?): skatscan reads one list a "
                         "file; save each page as a file of its own.",
                         de=f"Die TIFF-Datei hat {pages} Seiten (ein Scan mehrerer Listen?): skatscan liest eine Liste "
                            "je Datei; bitte jede Seite als eigene Datei speichern.")
    return fmt, size, orientation if 1 <= orientation <= 8 else 1


def _tiff_pages(im) -> int:
    """The pages of the TIFF ``im`` (headers only), not counting a page's reduced copy (NewSubfileType bit 1: a
    thumbnail some scanners add); the first page is left current."""
    pages = 0
    try:
        for i in range(getattr(im, "n_frames", 1)):
            im.seek(i)
            pages += not int(im.tag_v2.get(254, 0) or 0) & 1
        im.seek(0)
    except (EOFError, OSError, ValueError, TypeError):      # a broken chain of pages: those counted so far
        im.seek(0)
    return max(pages, 1)


def _jpeg_complete(data: bytes) -> bool:
    """True when the JPEG's stream runs to its end-of-image marker, walked from its start: segment by segment, and
    through each scan's image data to the marker after it. Phones may add data after the end (a motion photo's video,
    a maker's trailer), whose bytes can hold anything (a search for the last start-of-scan marker found one in a
    video about every other time, and refused the photo as truncated)."""
    n, pos = len(data), 2
    while pos + 1 < n:
        if data[pos] != 0xFF:                        # stray bytes between segments (libjpeg skips them too)
            pos = data.find(b"\xff", pos)
            if pos < 0:
                return False
            continue
        marker = data[pos + 1]
        if marker == 0xD9:                           # end of image
            return True
        if marker == 0xFF or marker == 0x01 or 0xD0 <= marker <= 0xD8:   # fill byte, markers without a length
            pos += 1 if marker == 0xFF else 2
            continue
        if pos + 4 > n:
            return False
        pos += 2 + int.from_bytes(data[pos + 2:pos + 4], "big")
        if marker == 0xDA:                           # a scan: its image data runs to the next marker not stuffed
            while True:
                pos = data.find(b"\xff", pos)
                if pos < 0 or pos + 1 >= n:
                    return False
                following = data[pos + 1]
                if following == 0x00 or 0xD0 <= following <= 0xD7:   # a stuffed 0xFF, a restart marker
                    pos += 2
                elif following == 0xFF:
                    pos += 1
                else:
                    break
    return False


def _to_bgr8(img: np.ndarray) -> np.ndarray:
    """Any decoded image (grey, grey+alpha, BGR, BGRA; 8 or 16 bit) -> BGR uint8, alpha laid over white."""
    if img.dtype == np.uint16:
        img = (img >> 8).astype(np.uint8)
    elif img.dtype != np.uint8:
        if not np.issubdtype(img.dtype, np.floating):
            raise ImageError(f"Images with {img.dtype} pixels are not supported: use JPEG or PNG.",
                             de=f"Bilder mit {img.dtype}-Pixeln werden nicht unterstützt: bitte JPEG oder PNG.")
        img = np.clip(np.nan_to_num(img.astype(np.float32)) * 255.0, 0, 255).astype(np.uint8)
    if img.ndim == 2:
        return cv2.cvtColor(img, cv2.COLOR_GRAY2BGR)
    channels = img.shape[2]
    if channels == 1:
        return cv2.cvtColor(img[:, :, 0], cv2.COLOR_GRAY2BGR)
    if channels == 2:
        grey, alpha = img[:, :, 0], img[:, :, 1]
        return cv2.cvtColor(_over_white(grey[:, :, None], alpha)[:, :, 0], cv2.COLOR_GRAY2BGR)
    if channels == 3:
        return np.ascontiguousarray(img)
    return _over_white(img[:, :, :3], img[:, :, 3])


def _over_white(colour: np.ndarray, alpha: np.ndarray) -> np.ndarray:
    """``colour`` (H, W, C) uint8 composited over white with ``alpha`` (H, W) uint8; a new array."""
    a = alpha.astype(np.float32)[:, :, None] / 255.0
    out = colour.astype(np.float32) * a + 255.0 * (1.0 - a)
    return np.clip(np.rint(out), 0, 255).astype(np.uint8)


def _orient(img: np.ndarray, orientation: int) -> np.ndarray:
    """Apply EXIF orientation 1..8 (how to turn/flip the stored pixels to show them upright)."""
    if orientation == 2:
        img = cv2.flip(img, 1)
    elif orientation == 3:
        img = cv2.rotate(img, cv2.ROTATE_180)
    elif orientation == 4:
        img = cv2.flip(img, 0)
    elif orientation == 5:
        img = cv2.flip(cv2.rotate(img, cv2.ROTATE_90_CLOCKWISE), 1)
    elif orientation == 6:
        img = cv2.rotate(img, cv2.ROTATE_90_CLOCKWISE)
    elif orientation == 7:
        img = cv2.flip(cv2.rotate(img, cv2.ROTATE_90_COUNTERCLOCKWISE), 1)
    elif orientation == 8:
        img = cv2.rotate(img, cv2.ROTATE_90_COUNTERCLOCKWISE)
    return np.ascontiguousarray(img)
