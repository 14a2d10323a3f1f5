"""Property tests of the image entry point: any bytes, any small image, any damaged sample
either loads (and locates or is refused in one sentence) or is refused as an ImageError."""
from pathlib import Path

import cv2
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from digitize.image import ImageError, load_image
from digitize.locate import LocateError, locate

SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "photos" / "small-720.jpg"


@given(st.binary(max_size=4096))
def test_random_bytes_never_crash(data):
    try:
        img = load_image(data)
    except ImageError as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    assert img.dtype == np.uint8 and img.ndim == 3 and img.shape[2] == 3


@settings(max_examples=15)
@given(st.integers(8, 300), st.integers(8, 300), st.integers(0, 2**32 - 1), st.sampled_from([".png", ".jpg"]))
def test_random_small_images_are_refused_cleanly(w, h, seed, ext):
    rng = np.random.default_rng(seed)
    img = rng.integers(0, 256, (h, w, 3), dtype=np.uint8)
    ok, buf = cv2.imencode(ext, img)
    loaded = load_image(buf.tobytes())
    try:
        locate(loaded)
    except LocateError as exc:
        assert str(exc) and "\n" not in str(exc)


@settings(max_examples=12)
@given(st.integers(0, 2**32 - 1))
def test_damaged_sample_photo(seed):
    data = bytearray(SAMPLE.read_bytes())
    rng = np.random.default_rng(seed)
    cut = int(rng.integers(100, len(data)))
    damaged = bytearray(data[:cut]) if rng.random() < 0.5 else data
    for _ in range(int(rng.integers(1, 40))):
        damaged[int(rng.integers(0, len(damaged)))] = int(rng.integers(0, 256))
    try:
        img = load_image(bytes(damaged))
    except ImageError:
        return
    try:
        locate(img)
    except LocateError:
        pass
