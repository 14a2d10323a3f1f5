"""A photo whose JPEG data libjpeg found damaged, refused for the damage; the formats a refusal advises."""
from pathlib import Path

import pytest

from desk.batch import PhotoProblem
from digitize.image import DAMAGED_REFUSED, ImageError, _heif_opener, load_image, refused_as_damaged
from digitize.pipeline import process_photo
from digitize.sheet import NoListFound

PHOTOS = Path(__file__).resolve().parents[2] / "samples" / "photos"


def damaged_photo(folder: Path) -> Path:
    """The clean four-seat sample with a restart marker written into its image data: libjpeg says "Corrupt JPEG
    data", and what decodes has its lower part shifted, so that two of the four corner markers are not found."""
    data = bytearray((PHOTOS / "skatscan-4-clean.jpg").read_bytes())
    data[200000:200002] = b"\xff\xd3"
    path = folder / "damaged.jpg"
    path.write_bytes(bytes(data))
    return path


def test_a_refusal_without_damage_is_left_as_it_is():
    exc = NoListFound("No Skat list found on the photo.", de="Keine Skatliste auf dem Foto gefunden.")
    assert refused_as_damaged(exc, []) is exc


def test_a_refusal_after_damage_names_the_damage_in_both_languages():
    exc = NoListFound("Only part of a Skat list is on the photo.", de="Nur ein Teil einer Skatliste.")
    got = refused_as_damaged(exc, ["Corrupt JPEG data: premature end of data segment"])
    assert isinstance(got, ImageError) and got.why == "file"
    assert str(got) == DAMAGED_REFUSED.format(detail="Corrupt JPEG data: premature end of data segment",
                                              reason="Only part of a Skat list is on the photo.")
    assert "(Corrupt JPEG data: premature end of data segment)" in got.de and "beschädigt" in got.de
    assert "Copy the file" in str(got) and "kopieren" in got.de
    # the refusal's own sentence stays, after the damage (a photo of no list is still said to show none)
    assert str(got).index("damaged") < str(got).index("Only part of a Skat list") and "Nur ein Teil" in got.de


def test_the_batch_worker_refuses_a_damaged_photo_for_its_damage(tmp_path):
    """It was refused with advice about framing ("Only part of a Skat list is on the photo (2 of its 4 corner
    markers were seen): photograph the whole sheet.") though the whole sheet is on it; libjpeg's words were
    dropped."""
    with pytest.raises(PhotoProblem) as info:
        process_photo(str(damaged_photo(tmp_path)))
    assert str(info.value).startswith("The photo's JPEG data is damaged (Corrupt JPEG data"), str(info.value)
    assert "which may be why: Only part of a Skat list" in str(info.value)
    assert info.value.why == "file"
    assert info.value.de.startswith("Die JPEG-Daten des Fotos sind beschädigt (Corrupt JPEG data"), info.value.de


def test_a_file_that_is_no_photo_is_told_the_formats_really_read(tmp_path):
    """The advice said "use JPEG or PNG" while WebP, TIFF, BMP, HEIC (with pi-heif) and AVIF are read too."""
    path = tmp_path / "list.jpg"
    path.write_text("hello\n")
    with pytest.raises(ImageError) as info:
        load_image(path)
    for name in ("JPEG", "PNG", "WebP", "TIFF", "BMP"):
        assert name in str(info.value) and name in info.value.de
    assert ("HEIC" in str(info.value)) == _heif_opener()
    assert " or " in str(info.value) and " oder " in info.value.de
