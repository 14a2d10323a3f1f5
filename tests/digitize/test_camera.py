"""The camera simulator: deterministic, exact in its page-to-photo mapping, honest in its record."""
from __future__ import annotations

import dataclasses
import json

import cv2
import numpy as np
import pytest

from digitize.synth.camera import (
    EFFECT_NAMES,
    MAX_WIDTH,
    MIN_WIDTH,
    CameraEffects,
    Photo,
    photograph,
    photograph_effect,
)

DPI = 100                      # A4 at 100 dpi: 827 x 1169 px, small enough for fast tests
DOT_STEP, DOT_RADIUS = 40, 3   # page px
EDGE = 50                      # dots stay this far (page px) from the page edge


def a4_page(dpi: int = DPI) -> np.ndarray:
    """White A4 page, grey uint8."""
    return np.full((round(297 / 25.4 * dpi), round(210 / 25.4 * dpi)), 255, np.uint8)


def dot_page() -> tuple[np.ndarray, np.ndarray]:
    """A4 page with small black dots on a grid (antialiased, so their centroids are exact); returns page, centres."""
    page = a4_page()
    h, w = page.shape
    xs = np.arange(EDGE, w - EDGE + 1, DOT_STEP)
    ys = np.arange(EDGE, h - EDGE + 1, DOT_STEP)
    centres = np.array([(x, y) for y in ys for x in xs], dtype=np.float64)
    shift = 4  # draw at 1/16 px precision
    for x, y in centres:
        cv2.circle(page, (int(x * 16), int(y * 16)), DOT_RADIUS * 16, 0, -1, cv2.LINE_AA, shift)
    return page, centres


def grid_page() -> np.ndarray:
    """A4 page with a thin-line grid and some digits, BGR: something to look at."""
    page = cv2.cvtColor(a4_page(), cv2.COLOR_GRAY2BGR)
    for y in range(120, 1100, 18):
        cv2.line(page, (40, y), (790, y), (0, 0, 0), 1)
    for x in range(40, 800, 30):
        cv2.line(page, (x, 120), (x, 1092), (0, 0, 0), 1)
    for i in range(40):
        cv2.putText(page, str(i * 7 % 97), (45 + (i * 97) % 700, 135 + (i * 18 * 7) % 900),
                    cv2.FONT_HERSHEY_SIMPLEX, 0.4, (0, 0, 0), 1, cv2.LINE_AA)
    return page


def dark_centroids(image: np.ndarray, predicted: np.ndarray, radius: int) -> tuple[np.ndarray, np.ndarray]:
    """Darkness-weighted centroid of the image in a window around each predicted point, and the darkness found."""
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY).astype(np.float64)
    found = np.full(predicted.shape, np.nan)
    mass = np.zeros(len(predicted))
    yy, xx = np.mgrid[0:2 * radius + 1, 0:2 * radius + 1]
    for i, (px, py) in enumerate(predicted):
        x0, y0 = int(round(px)) - radius, int(round(py)) - radius
        win = grey[y0:y0 + 2 * radius + 1, x0:x0 + 2 * radius + 1]
        background = np.percentile(win, 90)
        dark = np.clip(background - win - 0.15 * (background - win.min()), 0, None)
        mass[i] = dark.sum()
        if mass[i] > 0:
            found[i] = x0 + (dark * xx).sum() / mass[i], y0 + (dark * yy).sum() / mass[i]
    return found, mass


def in_frame(points: np.ndarray, image: np.ndarray, margin: float) -> np.ndarray:
    h, w = image.shape[:2]
    return ((points[:, 0] >= margin) & (points[:, 0] <= w - 1 - margin)
            & (points[:, 1] >= margin) & (points[:, 1] <= h - 1 - margin))


CLEAN = CameraEffects.clean(width=MIN_WIDTH)
GEOMETRY_CASES = {
    "clean": CLEAN,
    "perspective_upside_down": dataclasses.replace(
        CLEAN, tilt_deg=25.0, tilt_axis_deg=20.0, rotation_deg=183.0, frame_aspect=0.75,
        region=(-0.05, -0.05, 1.05, 1.05)),
    "curl": dataclasses.replace(
        CLEAN, curl_lift_mm=6.0, curl_bend_mm=45.0, curl_edge="right", wave_mm=2.5, wave_length_mm=90.0,
        tilt_deg=15.0, rotation_deg=5.0, frame_aspect=0.75, region=(-0.05, -0.05, 1.05, 1.05)),
    "quarter_turn_tight": dataclasses.replace(
        CLEAN, rotation_deg=92.0, tilt_deg=12.0, tilt_axis_deg=90.0, frame_aspect=4 / 3,
        region=(0.03, 0.05, 0.97, 0.97), curl_lift_mm=4.0, curl_bend_mm=30.0, curl_edge="top"),
}


@pytest.fixture(scope="module")
def dots():
    return dot_page()


@pytest.mark.parametrize("case", sorted(GEOMETRY_CASES))
def test_mapping_puts_every_dot_where_it_lands(dots, case):
    page, centres = dots
    photo = photograph(page, np.random.default_rng(3), effects=GEOMETRY_CASES[case])
    predicted = photo.to_photo(centres)
    usable = in_frame(predicted, photo.image, margin=8)
    assert usable.sum() > 0.8 * len(centres)
    found, mass = dark_centroids(photo.image, predicted[usable], radius=6)
    assert np.all(mass > 50), "a dot is missing where the mapping puts it"
    error = np.hypot(*(found - predicted[usable]).T)
    assert error.max() < 1.0
    assert error.mean() < 0.2


def test_mapping_exact_under_random_effects(dots):
    """Blur, noise, light and JPEG move no dot: the mapping holds for any photo, not only for clean geometry."""
    page, centres = dots
    worst = []
    for seed in range(3):
        photo = photograph(page, np.random.default_rng(seed), width=MIN_WIDTH)
        predicted = photo.to_photo(centres)
        usable = in_frame(predicted, photo.image, margin=9)
        found, mass = dark_centroids(photo.image, predicted[usable], radius=7)
        assert np.all(mass > 50)
        worst.append(np.hypot(*(found - predicted[usable]).T).max())
    assert max(worst) < 1.0


def test_to_page_inverts_to_photo():
    fx = GEOMETRY_CASES["curl"]
    photo = photograph(a4_page(), np.random.default_rng(0), effects=fx)
    pts = np.random.default_rng(1).uniform([0, 0], [826, 1168], (200, 2))
    np.testing.assert_allclose(photo.to_page(photo.to_photo(pts)), pts, atol=1e-3)
    assert photo.to_photo(pts[:1]).shape == (1, 2)


def test_same_seed_same_photo_other_seed_other_photo():
    page = grid_page()
    a = photograph(page, np.random.default_rng(11), width=MIN_WIDTH)
    b = photograph(page, np.random.default_rng(11), width=MIN_WIDTH)
    c = photograph(page, np.random.default_rng(12), width=MIN_WIDTH)
    assert np.array_equal(a.image, b.image)
    assert a.effects == b.effects and a.jpeg_bytes == b.jpeg_bytes
    np.testing.assert_array_equal(a.page_quad, b.page_quad)
    assert a.image.shape != c.image.shape or not np.array_equal(a.image, c.image)
    assert a.effects["settings"] != c.effects["settings"]


def test_same_effects_other_seed_other_noise():
    fx = dataclasses.replace(CLEAN, noise_luma=3.0, noise_chroma=2.0)
    a = photograph(grid_page(), np.random.default_rng(1), effects=fx)
    b = photograph(grid_page(), np.random.default_rng(2), effects=fx)
    assert a.image.shape == b.image.shape and not np.array_equal(a.image, b.image)
    np.testing.assert_array_equal(a.to_photo(np.array([[5.0, 7.0]])), b.to_photo(np.array([[5.0, 7.0]])))


@pytest.mark.parametrize("width, effects", [
    (MIN_WIDTH, None),  # random effects
    (MAX_WIDTH, dataclasses.replace(CLEAN, frame_aspect=0.75, region=(0.05, 0.05, 0.95, 0.95))),  # 4000 x 5333
])
def test_output_width_honoured(width, effects):
    photo = photograph(grid_page(), np.random.default_rng(width), width=width, effects=effects)
    h, w = photo.image.shape[:2]
    assert w == width and photo.image.dtype == np.uint8 and photo.image.ndim == 3
    assert h == round(width / photo.settings.frame_aspect)  # a phone frame: 3:4 or 4:3
    assert photo.effects["derived"]["width"] == width


def test_jpeg_bytes_are_the_image():
    fx = dataclasses.replace(CLEAN, jpeg_quality=60, noise_luma=2.0)
    photo = photograph(grid_page(), np.random.default_rng(0), effects=fx)
    assert photo.jpeg_bytes[:2] == b"\xff\xd8"
    assert np.array_equal(cv2.imdecode(np.frombuffer(photo.jpeg_bytes, np.uint8), cv2.IMREAD_COLOR), photo.image)
    assert photo.effects["derived"]["jpeg_bytes"] == len(photo.jpeg_bytes)


def test_clean_preset_is_a_resize():
    page = grid_page()
    h, w = page.shape[:2]
    photo = photograph(page, np.random.default_rng(0), effects=CameraEffects.clean(width=w // 2 * 2 // 2))
    expected = cv2.resize(page, (photo.image.shape[1], photo.image.shape[0]), interpolation=cv2.INTER_AREA)
    diff = np.abs(photo.image.astype(int) - expected.astype(int))
    assert diff[:-1].mean() < 1.0                       # the last row may meet the frame edge
    assert photo.effects["active"] == ["resolution"]   # narrower than the clean width, nothing else
    assert photo.jpeg_bytes is None
    scale = photo.image.shape[1] / w
    corners = np.array([[0.0, 0.0], [w - 1.0, h - 1.0]])
    np.testing.assert_allclose(photo.to_photo(corners), (corners + 0.5) * scale - 0.5, atol=0.3)


def test_effects_record_is_json_and_rebuilds_the_settings():
    photo = photograph(grid_page(), np.random.default_rng(5), width=MIN_WIDTH)
    text = json.dumps(photo.effects)
    record = json.loads(text)
    assert set(record["active"]) <= set(EFFECT_NAMES)
    assert CameraEffects.from_dict(record["settings"]) == photo.settings
    np.testing.assert_allclose(record["derived"]["page_quad"], photo.page_quad, atol=1e-3)


def test_inputs_not_modified():
    for page in (grid_page(), cv2.cvtColor(grid_page(), cv2.COLOR_BGR2GRAY)):
        before = page.copy()
        fx = CameraEffects.random(np.random.default_rng(9), width=MIN_WIDTH)
        photo = photograph(page, np.random.default_rng(9), effects=fx)
        np.testing.assert_array_equal(page, before)
        assert photo.settings == fx
        points = np.array([[10.0, 20.0], [300.0, 400.0]])
        kept = points.copy()
        photo.to_photo(points)
        photo.to_page(points)
        np.testing.assert_array_equal(points, kept)


def test_page_quad_is_the_page_outline():
    page = a4_page()
    h, w = page.shape
    photo = photograph(page, np.random.default_rng(0), effects=GEOMETRY_CASES["quarter_turn_tight"])
    corners = np.array([[-0.5, -0.5], [w - 0.5, -0.5], [w - 0.5, h - 0.5], [-0.5, h - 0.5]])
    np.testing.assert_allclose(photo.page_quad, photo.to_photo(corners))
    fh, fw = photo.image.shape[:2]
    outside = ~in_frame(photo.page_quad, photo.image, margin=0)
    assert outside.any(), "tight framing cuts page corners"
    assert fw > fh, "a quarter turn gives a landscape frame"


def test_tight_framing_keeps_the_keep_box():
    page = a4_page(40)
    h, w = page.shape
    keep = (0.05, 0.12, 0.95, 0.95)
    box = np.array([[keep[0] * w, keep[1] * h], [keep[2] * w, keep[1] * h], [keep[2] * w, keep[3] * h],
                    [keep[0] * w, keep[3] * h]]) - 0.5
    edges = np.concatenate([box[i] + np.linspace(0, 1, 20)[:, None] * (box[(i + 1) % 4] - box[i]) for i in range(4)])
    tight = 0
    for seed in range(40):
        fx = CameraEffects.random(np.random.default_rng(seed), width=200, keep=keep)
        tight += "tight" in fx.active()
        photo = photograph(page, np.random.default_rng(seed), effects=fx)
        assert in_frame(photo.to_photo(edges), photo.image, margin=-0.5).all(), seed
    assert tight >= 8


def test_upside_down_puts_the_page_top_at_the_bottom():
    photo = photograph_effect(a4_page(), "upside_down", 1.0, np.random.default_rng(0), width=MIN_WIDTH)
    top_left, bottom_right = photo.to_photo(np.array([[0.0, 0.0], [826.0, 1168.0]]))
    h, w = photo.image.shape[:2]
    assert top_left[0] > w - 2 and top_left[1] > h - 2
    assert bottom_right[0] < 1 and bottom_right[1] < 1


#: A turned, tilted or curled sheet no longer fills a frame of its own shape: the table shows in the corners.
UNCOVERS_TABLE = {n: {"background"} for n in ("perspective", "rotation", "upside_down", "quarter_turn", "curl")}


@pytest.mark.parametrize("name", EFFECT_NAMES)
def test_single_effect_is_that_effect_only(name):
    rng = np.random.default_rng(4)
    off = CameraEffects.single(name, 0.0, rng=np.random.default_rng(4))
    assert off.active() == [], f"strength 0 of {name} changes something: {off.active()}"
    photo = photograph_effect(a4_page(40), name, 1.0, rng, width=300)
    active = set(photo.effects["active"])
    assert {name, "resolution"} >= active - UNCOVERS_TABLE.get(name, set()) >= {name}


def test_light_effects_change_brightness_not_geometry():
    page = grid_page()
    clean = photograph(page, np.random.default_rng(0), effects=CLEAN)
    for name in ("uneven_light", "shadow", "white_balance"):
        photo = photograph_effect(page, name, 1.0, np.random.default_rng(0), width=MIN_WIDTH)
        assert photo.image.shape == clean.image.shape
        np.testing.assert_allclose(photo.page_quad, clean.page_quad)
        assert np.abs(photo.image.astype(int) - clean.image.astype(int)).mean() > 3


def test_noise_stronger_in_the_dark():
    page = np.full((1169, 827), 255, np.uint8)
    page[:, :400] = 40
    fx = dataclasses.replace(CLEAN, noise_luma=3.0)
    grey = cv2.cvtColor(photograph(page, np.random.default_rng(0), effects=fx).image, cv2.COLOR_BGR2GRAY)
    dark, light = grey[100:-100, 20:300].astype(float), grey[100:-100, 450:-20].astype(float)
    assert dark.std() > 1.5 * light.std() > 1.5


def test_rejects_bad_input():
    with pytest.raises(ValueError):
        photograph(np.zeros((10, 10), np.float32), np.random.default_rng(0))
    with pytest.raises(ValueError):
        CameraEffects.single("sepia")
    with pytest.raises(ValueError):
        CameraEffects(width=10)


def test_photo_is_frozen():
    photo = photograph(a4_page(40), np.random.default_rng(0), effects=CameraEffects.clean(width=200))
    assert isinstance(photo, Photo)
    with pytest.raises(dataclasses.FrozenInstanceError):
        photo.image = None
