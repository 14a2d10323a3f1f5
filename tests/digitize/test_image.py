"""digitize.image: every photo file that can be read comes out BGR uint8 and upright; the rest is refused
with one clear sentence, and nothing big is decoded before its size is checked."""
from __future__ import annotations

import base64
import io
import re
import struct
import warnings
import zlib

import cv2
import numpy as np

import pytest
from PIL import Image, TiffImagePlugin, features

import digitize.image as image_mod
from digitize.image import HEIC_MESSAGE, PDF_MESSAGE, ImageError, load_image


def png_bytes(img: np.ndarray) -> bytes:
    ok, buf = cv2.imencode(".png", img)
    assert ok
    return buf.tobytes()


def jpeg_bytes(img: np.ndarray, quality: int = 92) -> bytes:
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok
    return buf.tobytes()


def marked() -> np.ndarray:
    """40 x 100 BGR image: black, with a white band on the left and a red block top-right."""
    img = np.zeros((40, 100, 3), np.uint8)
    img[:, :20] = 255
    img[:10, 80:] = (0, 0, 255)
    return img


def png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def bomb_png(width: int, height: int) -> bytes:
    """A tiny PNG whose header declares ``width`` x ``height`` grey pixels (a decompression bomb)."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    idat = zlib.compress(b"\x00" * 1000)
    return b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr) + png_chunk(b"IDAT", idat) + png_chunk(b"IEND", b"")


# -- formats ---------------------------------------------------------------------------------------------------------

def test_bgr_jpeg_from_path_and_bytes(tmp_path):
    img = marked()
    data = jpeg_bytes(img, 95)
    path = tmp_path / "photo.jpg"
    path.write_bytes(data)
    for source in (path, str(path), data, bytearray(data), memoryview(data)):
        out = load_image(source)
        assert out.shape == (40, 100, 3) and out.dtype == np.uint8
        assert np.abs(out.astype(int) - img).mean() < 6
    assert sorted(p.name for p in tmp_path.iterdir()) == ["photo.jpg"]      # nothing written


def test_grey_png_becomes_bgr():
    grey = np.tile(np.arange(0, 250, 10, dtype=np.uint8), (8, 1))
    out = load_image(png_bytes(grey))
    assert out.shape == (8, 25, 3)
    assert np.array_equal(out[:, :, 0], grey) and np.array_equal(out[:, :, 2], grey)


def test_sixteen_bit_png_is_reduced_to_eight_bits():
    img = np.zeros((10, 12, 3), np.uint16)
    img[..., 0] = 65535
    img[..., 1] = 32896
    out = load_image(png_bytes(img))
    assert out.dtype == np.uint8
    assert out[0, 0].tolist() == [255, 128, 0]


def test_rgba_png_is_laid_over_white():
    img = np.zeros((6, 6, 4), np.uint8)
    img[:, :3] = (0, 0, 0, 255)          # opaque black
    img[:, 3:] = (0, 0, 0, 0)            # fully transparent
    out = load_image(png_bytes(img))
    assert out.shape == (6, 6, 3)
    assert out[0, 0].tolist() == [0, 0, 0] and out[0, 5].tolist() == [255, 255, 255]


def test_palette_png():
    rgb = marked()[:, :, ::-1]
    buf = io.BytesIO()
    Image.fromarray(np.ascontiguousarray(rgb)).convert("P", palette=Image.Palette.ADAPTIVE).save(buf, "PNG")
    out = load_image(buf.getvalue())
    assert out.shape == (40, 100, 3)
    assert out[0, 0].tolist() == [255, 255, 255] and out[0, 99].tolist() == [0, 0, 255]


def test_cmyk_jpeg_becomes_bgr():
    rgb = marked()[:, :, ::-1]
    buf = io.BytesIO()
    Image.fromarray(np.ascontiguousarray(rgb)).convert("CMYK").save(buf, "JPEG", quality=95)
    out = load_image(buf.getvalue())
    assert out.shape == (40, 100, 3)
    assert out[20, 5].min() > 200                       # white band
    b, g, r = out[3, 95].tolist()
    assert r > 180 and g < 80 and b < 80                # red block, channels in BGR order


@pytest.mark.parametrize("orientation, shape, white_at", [
    (1, (40, 100), (20, 5)),        # as stored: white band on the left
    (3, (40, 100), (20, 95)),       # turned 180: band on the right
    (6, (100, 40), (5, 20)),        # turned 90 clockwise: band at the top
    (8, (100, 40), (95, 20)),       # turned 90 counter-clockwise: band at the bottom
])
def test_exif_orientation_is_honoured(orientation, shape, white_at):
    img = Image.fromarray(np.ascontiguousarray(marked()[:, :, ::-1]))
    exif = img.getexif()
    exif[0x0112] = orientation
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=95, exif=exif.tobytes())
    out = load_image(buf.getvalue())
    assert out.shape[:2] == shape
    assert out[white_at].min() > 200
    assert out[:, :, 0].mean() == pytest.approx(load_image(jpeg_bytes(marked(), 95))[:, :, 0].mean(), abs=3)


@pytest.mark.parametrize("fmt", ["JPEG", "PNG", "WEBP", "TIFF"])
@pytest.mark.parametrize("orientation, shape, white_at", [
    (3, (40, 100), (20, 95)),
    (6, (100, 40), (5, 20)),
    (8, (100, 40), (95, 20)),
])
def test_orientation_is_honoured_once_in_every_format(fmt, orientation, shape, white_at):
    """A TIFF's orientation tag (a scanner's, or a photo saved as TIFF) is applied as a JPEG's EXIF tag is: once.
    OpenCV's TIFF decoder turns the pixels itself, and they were turned a second time: sideways or upside down."""
    img = Image.fromarray(np.ascontiguousarray(marked()[:, :, ::-1]))
    exif = img.getexif()
    exif[0x0112] = orientation
    buf = io.BytesIO()
    img.save(buf, fmt, exif=exif.tobytes(), **({"quality": 95} if fmt in ("JPEG", "WEBP") else {}))
    out = load_image(buf.getvalue())
    assert out.shape[:2] == shape
    assert out[white_at].min() > 200


# -- refusals --------------------------------------------------------------------------------------------------------

def test_bomb_is_refused_before_decoding(monkeypatch):
    def no_decode(*args, **kwargs):
        raise AssertionError("decoded a bomb")
    monkeypatch.setattr(image_mod.cv2, "imdecode", no_decode)
    with pytest.raises(ImageError, match="too large"):
        load_image(bomb_png(30000, 30000))


def test_huge_header_beyond_pillows_own_limit_is_refused():
    with pytest.raises(ImageError, match="too large"):
        load_image(bomb_png(60000, 60000))


def test_max_pixels_is_respected():
    data = png_bytes(np.zeros((100, 100), np.uint8))
    assert load_image(data, max_pixels=10_000).shape == (100, 100, 3)
    with pytest.raises(ImageError, match=r"too large \(100 x 100"):
        load_image(data, max_pixels=9_999)


def test_too_large_a_photo_says_what_to_do():
    """'The photo is too large (...; the limit is 64 megapixels).' left the referee (a scanner at 1200 dpi, a TIFF of
    100 megapixels) without a way on: it says how to get a photo skatscan reads."""
    with pytest.raises(ImageError) as err:
        load_image(png_bytes(np.zeros((100, 100), np.uint8)), max_pixels=9_999)
    assert str(err.value).endswith("): save a smaller copy (12 megapixels are plenty) or scan at 300 dpi.")
    assert err.value.de.endswith("): eine kleinere Kopie speichern (12 Megapixel reichen) oder mit 300 dpi scannen.")


def test_a_jpeg_up_to_four_times_the_limit_is_read_halved():
    """A 108 or 200 MP phone photo (Samsung's, Xiaomi's high-resolution mode) was refused as too large, or as 'far
    too large (hundreds of megapixels)' past Pillow's own limit of 179 MP: a JPEG up to four times the limit is
    decoded at half its width and height (libjpeg's scaled decoding, never the whole), upright as the phone showed it;
    other formats and larger JPEGs are still refused undecoded."""
    img = np.zeros((301, 401, 3), np.uint8)
    img[:, :100] = 255
    img[:50, 300:] = (0, 0, 255)
    data = jpeg_bytes(img)
    out = load_image(data, max_pixels=50_000)
    assert out.shape == (151, 201, 3)
    assert out[:, :45].min() > 200 and out[:20, -20:, 2].min() > 200 and out[:20, -20:, :2].max() < 60
    turned = load_image(jpeg_bytes(np.ascontiguousarray(np.rot90(img, 1))), max_pixels=50_000)      # stored turned
    assert turned.shape == (201, 151, 3)
    ex = Image.Exif()
    ex[0x0112] = 8
    buf = io.BytesIO()
    Image.fromarray(np.ascontiguousarray(np.rot90(img, -1))[:, :, ::-1]).save(buf, "JPEG", quality=92, exif=ex)
    assert load_image(buf.getvalue(), max_pixels=50_000).shape == (151, 201, 3)     # EXIF turn applied once
    with pytest.raises(ImageError, match="too large"):
        load_image(data, max_pixels=30_000)
    with pytest.raises(ImageError, match=r"too large \(401 x 301"):
        load_image(png_bytes(img), max_pixels=50_000)


def test_empty_file(tmp_path):
    path = tmp_path / "empty.jpg"
    path.write_bytes(b"")
    with pytest.raises(ImageError, match="empty"):
        load_image(path)
    with pytest.raises(ImageError, match="empty"):
        load_image(b"")


def test_truncated_jpeg():
    data = jpeg_bytes(np.random.default_rng(0).integers(0, 255, (200, 300, 3), dtype=np.uint8))
    with pytest.raises(ImageError, match="truncated"):
        load_image(data[: len(data) // 2])


@pytest.mark.parametrize("progressive", [False, True])
def test_a_motion_photo_is_read_and_a_truncated_one_refused(progressive):
    """A motion photo (Samsung, Pixel: the JPEG with a short video after its end) was refused as truncated whenever
    the video's bytes held a start-of-scan marker with no end-of-image after it (about every other one); its end is
    where the JPEG's own stream ends. Truncated inside the stream, it is still refused."""
    img = np.random.default_rng(0).integers(0, 255, (200, 300, 3), dtype=np.uint8)
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 90, cv2.IMWRITE_JPEG_PROGRESSIVE, int(progressive)])
    jpeg = buf.tobytes()
    video = b"MotionPhoto_Data\x00\x00\x00\x18ftypmp42" + b"\x00" * 64 + b"\xff\xda\x00\x0c" + bytes(range(256)) * 8
    assert load_image(jpeg + video).shape == (200, 300, 3)
    for cut in (len(jpeg) // 10, len(jpeg) // 2, len(jpeg) - 2):
        with pytest.raises(ImageError, match="truncated"):
            load_image(jpeg[:cut])


def test_damaged_jpeg_data_is_told_not_printed_without_a_name(capfd):
    """libjpeg printed "Corrupt JPEG data: ..." on stderr, naming no file (in a batch the referee could not tell
    which photo): its words are handed to the caller, who names the file; the pixels it decoded are read."""
    img = cv2.resize(np.random.default_rng(1).integers(0, 255, (64, 64, 3), dtype=np.uint8), (256, 256))
    data = bytearray(jpeg_bytes(img, quality=90))
    data[len(data) // 2:len(data) // 2 + 16] = b"\x37" * 16
    damage: list = []
    assert load_image(bytes(data), damage=damage).shape == (256, 256, 3)
    assert len(damage) == 1 and damage[0].startswith("Corrupt JPEG data")
    assert load_image(bytes(data)).shape == (256, 256, 3)          # no list given: dropped
    damage = []
    load_image(jpeg_bytes(img), damage=damage)
    assert damage == []
    assert "JPEG" not in capfd.readouterr().err


def test_photos_loaded_in_threads_keep_stderr_and_each_its_own_damage():
    """Loading swaps the process's stderr (file descriptor 2) for a moment to catch libjpeg's words: photos loaded in
    several threads at once restored each other's temporary file, so that stderr pointed into a deleted file for good
    and damage went unsaid. Each load now keeps the swap to itself."""
    import os
    from concurrent.futures import ThreadPoolExecutor
    img = cv2.resize(np.random.default_rng(1).integers(0, 255, (64, 64, 3), dtype=np.uint8), (256, 256))
    data = bytearray(jpeg_bytes(img, quality=90))
    data[len(data) // 2:len(data) // 2 + 16] = b"\x37" * 16
    before = os.fstat(2)

    def load(_):
        damage: list = []
        load_image(bytes(data), damage=damage)
        return damage

    with ThreadPoolExecutor(4) as pool:
        said = list(pool.map(load, range(24)))
    assert all(len(d) == 1 and d[0].startswith("Corrupt JPEG data") for d in said), said
    after = os.fstat(2)
    assert (after.st_dev, after.st_ino) == (before.st_dev, before.st_ino)


def test_a_photo_is_read_where_no_temporary_file_can_be_made(monkeypatch):
    """The decoders' words are caught in a temporary file: where none can be made (a full /tmp), the photo is still
    read, their words left on stderr as before (it is no reason to refuse the photo, nor to stop a batch)."""
    def no_room():
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(image_mod.tempfile, "TemporaryFile", no_room)
    damage: list = []
    assert load_image(png_bytes(marked()), damage=damage).shape == (40, 100, 3) and damage == []


def test_a_png_with_a_broken_colour_profile_is_read_without_a_nameless_line(capfd):
    """libpng printed "libpng warning: iCCP: too short" (a broken colour profile; its pixels are fine) on stderr,
    naming no file: it is read without that line."""
    data = png_bytes(marked())
    iccp = b"icc\0\0" + zlib.compress(b"not a profile")
    data = data[:33] + png_chunk(b"iCCP", iccp) + data[33:]           # after the header chunk
    assert load_image(data).shape == marked().shape[:2] + (3,)
    assert capfd.readouterr().err == ""


def test_a_scanners_tiff_with_a_private_tag_is_read_without_a_nameless_line(capfd):
    """OpenCV printed libtiff's "TIFF_Warning TIFFReadDirectory: Unknown field with tag 65000" (a scanner's private
    tag; the pixels are fine) on stderr, naming no file: it is read without that line."""
    info = TiffImagePlugin.ImageFileDirectory_v2()
    info[65000] = "scanner's own"
    info.tagtype[65000] = 2
    buf = io.BytesIO()
    Image.fromarray(marked()[:, :, ::-1]).save(buf, "TIFF", tiffinfo=info)
    assert load_image(buf.getvalue()).shape == (40, 100, 3)
    assert capfd.readouterr().err == ""


def test_a_broken_exif_block_is_no_nameless_warning(capfd):
    """Pillow warned "UserWarning: Corrupt EXIF data. Expecting to read 12 bytes but only got 10." on stderr, with
    its own source line and no file name (a phone or an editor that wrote a broken EXIF block): the photo is read
    (upright as stored: its orientation cannot be known) without that."""
    ex = Image.Exif()
    ex[0x010F] = "Maker"
    buf = io.BytesIO()
    Image.fromarray(marked()[:, :, ::-1]).save(buf, "JPEG", exif=ex.tobytes())
    data = bytearray(buf.getvalue())
    ifd = data.find(b"Exif\0\0") + 6 + 8                  # the first IFD's count of entries
    data[ifd:ifd + 2] = (40).to_bytes(2, "little" if data[ifd - 8:ifd - 6] == b"II" else "big")
    with warnings.catch_warnings(record=True) as warned:
        warnings.simplefilter("always")
        assert load_image(bytes(data)).shape == (40, 100, 3)
    assert [str(w.message) for w in warned] == [] and capfd.readouterr().err == ""


def test_truncated_png():
    data = png_bytes(np.random.default_rng(0).integers(0, 255, (200, 300, 3), dtype=np.uint8))
    with pytest.raises(ImageError, match="truncated|damaged"):
        load_image(data[: len(data) // 2])


def test_text_file_named_jpg(tmp_path):
    path = tmp_path / "list.jpg"
    path.write_text("Spielliste\n1;23;...\n")
    with pytest.raises(ImageError, match="not a photo"):
        load_image(path)


def test_a_scanners_pdf_gets_advice_how_to_make_pictures(tmp_path):
    """An office scanner's PDF was "not a photo skatscan can read (use JPEG or PNG)": the referee is told what it is
    and how to get pictures of its pages, also when it was renamed .jpg."""
    pages = [Image.new("RGB", (120, 170), "white"), Image.new("RGB", (120, 170), "white")]
    pdf = io.BytesIO()
    pages[0].save(pdf, "PDF", resolution=50, save_all=True, append_images=pages[1:])
    (tmp_path / "scan.jpg").write_bytes(pdf.getvalue())
    for source in (pdf.getvalue(), tmp_path / "scan.jpg"):
        with pytest.raises(ImageError) as err:
            load_image(source)
        assert str(err.value) == PDF_MESSAGE and "pdftoppm" in str(err.value) and "JPEG" in str(err.value)
        assert "pdftoppm" in err.value.de


#: A 48 x 32 HEIC photo as an iPhone writes one held sideways: pixels stored as the sensor saw them, the turn in an
#: ``irot`` box and the EXIF tag (orientation 6); black top left, blue bottom left (made with pillow-heif's encoder)
IPHONE_HEIC = base64.b64decode(
    "AAAAHGZ0eXBoZWljAAAAAG1pZjFoZWljbWlhZgAAAchtZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAA"
    "AAAAADRpbG9jAAAAAERAAAIAAQAAAAAB7AABAAAAAAAAAPYAAgAAAAAC4gABAAAAAAAAACQAAAA4aWluZgAAAAAAAgAAABVp"
    "bmZlAgAAAAABAABodmMxAAAAABVpbmZlAgAAAQACAABFeGlmAAAAAA5waXRtAAAAAAABAAABB2lwcnAAAADmaXBjbwAAAHZo"
    "dmNDAQNwAAAAkAAAAAAAHvAA/P34+AAADwNgAAEAGEABDAH//wNwAAADAJAAAAMAAAMAHroCQGEAAQAqQgEBA3AAAAMAkAAA"
    "AwAAAwAeoCCBBZbq5Ka5uAhoMCAAAAMDIAAAAwAhYgABAAZEAcFzwIkAAAATY29scm5jbHgAAQANAAaAAAAAFGlzcGUAAAAA"
    "AAAAQAAAAEAAAAAoY2xhcAAAADAAAAABAAAAIAAAAAH////wAAAAAv///+AAAAACAAAAEHBpeGkAAAAAAwgICAAAAAlpcm90"
    "AwAAABlpcG1hAAAAAAAAAAEAAQaBAgMFhIYAAAAaaXJlZgAAAAAAAAAOY2RzYwACAAEAAQAAASJtZGF0AAAA8igBrwY48JBM"
    "fLTf0w9GUmX8acGa9/P03bOltk8hMkYn/d1C/X/jmf//ZqW7P8pmgUXbCl88Eqyc9sYsmL7qrsjKDQYLQ00JgfAf1UGWxDcr"
    "3rmR5O3sqU0gYkUX4UQAoL+43LjNv/Jd409lVyHWkop+lgGmptjBHKJQfCCthYau/cQk3oKk5GB8NzXe4xpRa/+Les4498aQ"
    "jj7rS3cM8oJJ6VFarpvzWt9Tg+u/rHpgC9qtuOgsFtiB1UffOTVe+eNH/zLLgswd5L1jeFIg047d85Yyd44HnND7F10tiYQH"
    "v6NczpuL25/Rjj+vy2YRC+icAAAABkV4aWYAAE1NACoAAAAIAAEBEgADAAAAAQAGAAAAAAAA")


def test_an_iphones_heic_photo_is_read_upright():
    """An iPhone's HEIC photo (AirDrop, email, a cable keep it HEIC) was refused with advice to convert it: it is read,
    turned upright once (libheif applies the file's rotation; the EXIF tag is not applied again)."""
    img = load_image(IPHONE_HEIC)
    assert img.shape == (48, 32, 3)
    assert (img[:8, :8].mean(axis=(0, 1)) > [200, -1, -1]).all() and img[:8, :8, 1:].max() < 40     # blue, BGR
    assert img[:8, -8:].max() < 40 and img[-8:, :8].min() > 200                                    # black; white
    with pytest.raises(ImageError, match="HEIC photo is damaged or cut short"):
        load_image(IPHONE_HEIC[:len(IPHONE_HEIC) // 2])


@pytest.mark.skipif(not features.check("avif"), reason="this Pillow has no AVIF plugin")
def test_an_avif_photo_is_read_upright():
    """An AVIF photo (saved from a browser, some Android phones) was refused with advice to convert it: Pillow reads
    it (its turn, an ``irot`` box, given as the EXIF orientation and applied once)."""
    img = np.full((32, 48, 3), 255, np.uint8)
    img[:8, :8] = 0                                        # black top left
    img[-8:, :8] = (0, 0, 255)                             # blue bottom left (RGB)
    ex = Image.Exif()
    ex[0x0112] = 6
    for exif, shape in ((None, (32, 48, 3)), (ex.tobytes(), (48, 32, 3))):
        buf = io.BytesIO()
        Image.fromarray(img).save(buf, "AVIF", quality=95, **({"exif": exif} if exif else {}))
        out = load_image(buf.getvalue())
        assert out.shape == shape
    corner = out[:6, :6].mean(axis=(0, 1))                                 # blue top left, black top right
    assert out[:6, -6:].mean() < 40 and corner[0] > 180 and corner[1:].max() < 60


def test_heic_gets_conversion_advice_where_no_decoder_is_installed(monkeypatch):
    monkeypatch.setattr(image_mod, "_heif_opener", lambda: False)
    heic = b"\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic" + b"\x00" * 100
    with pytest.raises(ImageError) as err:
        load_image(heic)
    assert str(err.value) == HEIC_MESSAGE
    assert "JPEG" in str(err.value) and "heif-convert" in str(err.value)


def test_a_tiff_of_several_pages_is_refused_not_read_in_part():
    """A scanner's TIFF of several lists, one a page: only the first was read and the others left without a word.
    One list a file; a page's reduced copy (a thumbnail, NewSubfileType 1) is no page of its own."""
    pages = [Image.fromarray(np.full((40, 30, 3), v, np.uint8)) for v in (255, 200, 150)]
    buf = io.BytesIO()
    pages[0].save(buf, "TIFF", save_all=True, append_images=pages[1:])
    with pytest.raises(ImageError, match="holds 3 pages") as err:
        load_image(buf.getvalue())
    assert err.value.de.startswith("Die TIFF-Datei hat 3 Seiten")
    thumb = Image.fromarray(np.full((4, 3, 3), 255, np.uint8))
    assert load_image(_with_reduced_second_page(pages[0], thumb)).shape == (40, 30, 3)


def _with_reduced_second_page(page, thumb) -> bytes:
    from PIL import TiffImagePlugin
    buf = io.BytesIO()
    with TiffImagePlugin.AppendingTiffWriter(buf, new=True) as tiff:
        page.save(tiff, "TIFF")
        tiff.newFrame()
        info = TiffImagePlugin.ImageFileDirectory_v2()
        info[254] = 1
        thumb.save(tiff, "TIFF", tiffinfo=info)
    return buf.getvalue()


def test_missing_file(tmp_path):
    with pytest.raises(ImageError, match="Cannot read"):
        load_image(tmp_path / "nope.jpg")


def test_messages_are_one_sentence(tmp_path):
    """In English for the command line and in German for the German report (``de``), each one sentence."""
    cases = [b"", b"hello", bomb_png(30000, 30000), jpeg_bytes(marked())[:300], png_bytes(marked())[:-20],
             b"\0\0\0\x18ftypheic" + bytes(40)]
    german = []
    for data in cases:
        with pytest.raises(ImageError) as err:
            load_image(data)
        for msg in (str(err.value), err.value.de):
            assert msg.endswith(".") and "\n" not in msg and msg[0].isupper()
        german.append(err.value.de)
    assert german[0] == "Das Foto ist leer (0 Bytes)."
    # every format it reads named (the review of session 52: "JPEG oder PNG" while WebP, TIFF, BMP, HEIC were read),
    # AVIF where this Pillow reads it
    assert re.fullmatch(r"Die Datei ist kein Foto, das skatscan lesen kann \(bitte JPEG, PNG, WebP, TIFF, BMP"
                        r"(, HEIC oder AVIF| oder HEIC)\)\.", german[1]), german[1]
    assert german[2] == "Das Foto ist viel zu groß (sein Kopf gibt Hunderte Megapixel an)."
    assert german[3].startswith("Die Fotodatei ist beschädigt (")       # its header cut off: Pillow's words
    assert german[4] == "Das PNG-Foto ist unvollständig (die Datei endet vor den Bilddaten)."
    assert german[5] == "Das HEIC-Foto ist beschädigt oder unvollständig: es lässt sich nicht entschlüsseln."


def test_input_bytes_not_modified():
    data = bytearray(png_bytes(marked()))
    before = bytes(data)
    load_image(data)
    assert bytes(data) == before
