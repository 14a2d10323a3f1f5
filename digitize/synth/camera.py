"""Camera simulator: a rendered list page in, a phone photo of it out, with the exact page-to-photo mapping.

The simulated scene is the paper sheet lying on a table, photographed by a phone held above it:

1. the sheet, curled a little (a cylinder-like bend near one edge and/or a gentle wave, a few mm), in millimetres,
2. turned on the table (small angles, 90 or 180 degrees: the referee photographs from the other side),
3. seen by a pinhole camera tilted against the sheet (keystone, up to ~25 degrees),
4. framed: the whole sheet with the table around it, or tight on the grid with the page edges cut off,
5. lit unevenly (gradient, vignetting, a soft hand/phone shadow, the sheet's own shadow on the table, warm/cool white),
6. defocused and shaken a little, with sensor noise (stronger in the dark), and saved as JPEG.

Geometry 1-4 is one analytic function, :meth:`PageMapping.to_photo` (page pixel -> photo pixel), so every point of the
page has an exactly known place on the photo.  The image is rendered through the inverse of that function, solved on a
coarse grid (every 4-16 photo pixels, :data:`MAP_STEP`) and upsampled; a 4000 px photo takes about a second.

Coordinates are pixel centres: pixel ``(col, row)`` of an image covers ``[col - 0.5, col + 0.5]``; points are
``(x, y) = (col, row)``.  Everything random comes from the ``numpy.random.Generator`` passed in, so a seed fixes the
photo.  Inputs are never modified.

>>> page = np.full((297, 210), 255, np.uint8)
>>> photo = photograph(page, np.random.default_rng(1), effects=CameraEffects.clean(width=420))
>>> photo.image.shape
(594, 420, 3)
>>> np.round(photo.to_photo(np.array([[0.0, 0.0], [209.0, 296.0]])), 2).tolist()
[[0.5, 0.5], [418.5, 592.5]]
"""
from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field

import cv2
import numpy as np

# ----------------------------------------------------------------------------------------------------------------------
# Constants (all tunable numbers of the simulator live here)
# ----------------------------------------------------------------------------------------------------------------------

#: The page is taken to be A4: its short side is this long; fixes the millimetre scale of curl and table texture.
PAGE_SHORT_SIDE_MM = 210.0
#: A4 height / width, used by :meth:`CameraEffects.random` to make table margins equal in millimetres on all sides.
A4_ASPECT = 297.0 / 210.0

#: Output widths (image columns) of phone photos, the clean camera's width (narrower counts as "resolution"),
#: and the widths the simulator accepts at all (small ones make fast tests).
MIN_WIDTH, MAX_WIDTH = 720, 4000
CLEAN_WIDTH = 1200
WIDTH_LIMITS = (64, 8000)
#: ``CameraEffects.single("resolution", 1, width=w)`` for w <= MIN_WIDTH shrinks to this fraction of w.
RESOLUTION_FLOOR = 0.6
#: Widths drawn by :meth:`CameraEffects.random`: video frames, messenger-resized photos, 12 MP phone photos.
TYPICAL_WIDTHS = (720, 960, 1080, 1200, 1536, 1600, 2000, 2268, 3000, 3024, 3456, 4000)
#: Frame width / height of a phone photo held upright (3:4) and sideways (4:3).
PORTRAIT, LANDSCAPE = 3.0 / 4.0, 4.0 / 3.0
#: Blur lengths are given in pixels of a photo this wide and scale with the output width.
REFERENCE_WIDTH = 1000.0

#: Orientation of the sheet on the table (degrees, clockwise on the photo) and how often each is drawn.
ORIENTATIONS = (0, 180, 90, 270)
ORIENTATION_P = (0.62, 0.26, 0.06, 0.06)
#: Small in-plane rotation on top of the orientation: normal spread and hard limit (degrees).
SMALL_ROTATION_SD, MAX_SMALL_ROTATION = 2.5, 8.0
#: Camera tilt against the sheet (degrees): half-normal spread and limit.
TILT_SD, MAX_TILT = 9.0, 25.0
#: Spread (degrees) of the tilt axis around the photo's horizontal (the phone is mostly pitched, seldom rolled).
TILT_AXIS_SD = 30.0
#: Focal length as a fraction of the frame's long side (a phone main camera: 24-30 mm equivalent).
FOCAL_RANGE = (0.65, 0.85)

#: Chance of tight framing; how much of the page a tight frame may cut (fractions of page width/height, per side:
#: left, top, right, bottom; the top may lose the title line).
P_TIGHT = 0.45
TIGHT_CUT_MAX = (0.04, 0.06, 0.04, 0.04)
#: Table visible around the whole page: margin per side as a fraction of the page's short side.
TABLE_MARGIN_RANGE = (0.03, 0.25)
#: Points per side sampled on the framed region's outline to fit it into the frame.
REGION_OUTLINE_POINTS = 33
#: How far off centre the framed region may sit, as a fraction of the free space in the frame.
MAX_FRAME_OFFSET = 0.8

#: Table backgrounds and the chance of each.
BACKGROUNDS = ("wood", "cloth", "plain")
BACKGROUND_P = (0.5, 0.3, 0.2)
#: Base colours (BGR) of the table kinds; a photo jitters the chosen one.
WOOD_COLOURS = ((118, 160, 196), (70, 110, 160), (45, 66, 100), (55, 85, 150), (145, 155, 165), (90, 130, 175))
CLOTH_COLOURS = ((60, 100, 30), (90, 45, 30), (40, 30, 110), (110, 110, 110), (160, 185, 200), (38, 35, 35),
                 (70, 120, 60))
PLAIN_COLOURS = ((220, 225, 225), (190, 190, 190), (170, 195, 215), (40, 55, 75), (120, 125, 125))
TABLE_PALETTES = {"wood": WOOD_COLOURS, "cloth": CLOTH_COLOURS, "plain": PLAIN_COLOURS}
#: A base colour is varied in brightness (relative sd) and, a little, per channel (levels sd).
COLOUR_BRIGHTNESS_SD = 0.12
COLOUR_JITTER = 5.0
#: Wood: plank width (mm), plank tone sd, grain ring spacing (mm), how far rings wander (mm), ring sharpness
#: (cosine power) and darkness, fibre and blotch strength, seam width (mm) and darkness.
WOOD_PLANK_MM = (90.0, 220.0)
WOOD_PLANK_TONE_SD = 0.06
WOOD_RING_MM = (1.5, 5.0)
WOOD_RING_WANDER_MM = (8.0, 30.0)
WOOD_RING_SHARPNESS = (3.0, 8.0)
WOOD_RING_DEPTH = (0.10, 0.25)
WOOD_FIBRE, WOOD_BLOTCH = 0.08, 0.12
WOOD_SEAM_MM, WOOD_SEAM_TONE = 1.2, 0.55
#: Cloth: fibre noise, soft folds, weave period (mm) and depth (drawn only where it spans 4 texture px or more).
CLOTH_FIBRE, CLOTH_FOLDS = 0.10, 0.16
CLOTH_WEAVE_MM, CLOTH_WEAVE_DEPTH = (0.6, 1.2), 0.05
#: Plain table: fine and broad tone variation.
PLAIN_FINE, PLAIN_BROAD = 0.03, 0.06
#: Size (mm) of the finest texture detail (fibres, grain).
TEXTURE_GRAIN_MM = 0.4
#: Fraction of the frame the table must fill to count as the "background" effect.
TABLE_VISIBLE_FRACTION = 0.005
#: The sheet's own shadow on the table: darkness range, blur (mm) and offset (mm).
DROP_SHADOW_RANGE = (0.15, 0.4)
DROP_SHADOW_BLUR_MM = 2.5
DROP_SHADOW_OFFSET_MM = 1.5

#: Uneven light: linear gradient depth, vignetting depth (at the corners), the chance of each.
GRADIENT_RANGE, P_GRADIENT = (0.05, 0.35), 0.8
VIGNETTE_RANGE, P_VIGNETTE = (0.05, 0.3), 0.7
#: Hand/phone shadow: chance, darkness, width (fraction of frame diagonal), penumbra (fraction of frame diagonal).
P_SHADOW = 0.35
SHADOW_DEPTH_RANGE = (0.15, 0.45)
SHADOW_RADIUS_RANGE = (0.05, 0.14)
SHADOW_SOFTNESS_RANGE = (0.10, 0.22)
#: Where the shadow enters (fraction along the frame side), how far out its root lies and how far in it reaches
#: (fractions of the frame), and the spread of its direction (radians).
SHADOW_ALONG = (0.1, 0.9)
SHADOW_ROOT_OUT = (0.05, 0.3)
SHADOW_REACH = (0.25, 0.55)
SHADOW_ANGLE_SD = 0.5
#: Shadows are lit by bluish skylight: their blue channel darkens less by this fraction of the depth.
SHADOW_BLUE_TINT = 0.15
#: White balance: normal spread of the warm(+)/cool(-) shift and the channel gains at a shift of 1 (B, G, R).
WHITE_BALANCE_SD = 0.35
WARM_GAINS = (0.80, 0.95, 1.05)
COOL_GAINS = (1.06, 0.98, 0.90)
#: Exposure: brightness of white paper relative to full scale (phones often render paper light grey).
EXPOSURE_RANGE = (0.84, 1.05)

#: Edge curl: chance, lift of the page edge (mm), width of the bent strip (mm), steepest slope at the edge
#: (2 * lift / strip).
P_CURL = 0.5
CURL_LIFT_RANGE = (1.0, 6.0)
CURL_BEND_RANGE = (25.0, 70.0)
MAX_CURL_SLOPE = 0.3
CURL_EDGES = ("left", "top", "right", "bottom")
#: Gentle wave of the sheet: chance, amplitude (mm), wavelength (mm).
P_WAVE = 0.4
WAVE_AMPLITUDE_RANGE = (0.5, 2.5)
WAVE_LENGTH_RANGE = (80.0, 250.0)
#: How much a tilted bit of paper brightens or darkens (1 = Lambert) and the light's angle from the vertical.
CURL_SHADING = 1.0
LIGHT_POLAR_DEG = 40.0
#: Limits of that brightness factor, and the step (mm) of the finite differences giving the paper's slope.
CURL_SHADING_LIMITS = (0.6, 1.2)
CURL_SLOPE_STEP_MM = 0.05

#: Defocus sigma (px at REFERENCE_WIDTH): half-normal spread, limit; chance that the blur is a disk (lens bokeh).
DEFOCUS_SD, MAX_DEFOCUS = 0.8, 2.5
P_DISK = 0.3
#: Motion blur length (px at REFERENCE_WIDTH): chance and range.
P_MOTION = 0.3
MOTION_RANGE = (0.5, 3.0)
#: Sensor noise (grey levels, sd): luma and chroma ranges; luma noise in black is this many times that in white.
LUMA_NOISE_RANGE = (0.5, 5.0)
CHROMA_NOISE_RANGE = (0.0, 4.0)
DARK_NOISE_GAIN = 1.5
#: Noise is computed in 16-bit fixed point: this many steps per grey level (sd up to 255 / NOISE_FRACTION levels),
#: with normal deviates in steps of 1 / GAUSSIAN_LUT_ONE.
NOISE_FRACTION = 16
GAUSSIAN_LUT_ONE = 256
#: Chroma noise is blotchy: drawn every this many px at REFERENCE_WIDTH (at least every 2 px) and interpolated.
CHROMA_BLOTCH_PX = 2.0
#: JPEG: chance and quality range (inclusive).
P_JPEG = 0.9
JPEG_QUALITY_RANGE = (50, 95)

#: Rendering: the inverse mapping and the light are computed every MAP_STEP photo pixels and upsampled bilinearly;
#: the step grows with the photo (one step per MAP_STEP_WIDTH px of width) within MAP_STEP.
MAP_STEP = (4, 16)
MAP_STEP_WIDTH = 250
#: Fixed-point iterations solving the curled inverse, and the tolerance (page px) to stop early.
INVERSE_ITERATIONS, INVERSE_TOLERANCE = 40, 1e-4
#: The page is pre-shrunk (area averaging) when the photo shows it smaller than this, against aliasing.
PRESCALE_BELOW = 0.9
#: Light gains are applied as 8-bit factors: this value means a gain of 1 (so gains up to 255/LIGHT_SCALE fit).
LIGHT_SCALE = 180.0
#: Non-separable blur kernels (disk, motion) run directly while pixels x kernel taps stay within this budget, else
#: on a shrunken image (area-averaged, blurred, enlarged again), which adds a little blur of its own.
DIRECT_FILTER_BUDGET = 2.5e8
#: Gaussian blurs wider than this sigma (px) likewise.
MAX_DIRECT_SIGMA = 4.0
#: Largest table texture (pixels) generated per photo; a texture coarser than this many texture px per photo px
#: is warped into a half-size frame and enlarged.
TEXTURE_MAX_PIXELS = 1_500_000
TABLE_HALF_RES = 0.5

#: Names of the effects, for per-effect benchmarks (:func:`photograph_effect`) and ``Photo.effects["active"]``.
EFFECT_NAMES = (
    "perspective",    # camera tilt (keystone)
    "rotation",       # small in-plane rotation
    "upside_down",    # sheet turned 180 degrees
    "quarter_turn",   # sheet turned 90 degrees, landscape frame
    "tight",          # framed tight, page edges cut off
    "background",     # table visible around the sheet
    "uneven_light",   # light gradient and vignetting
    "shadow",         # soft shadow of a hand or phone
    "white_balance",  # warm or cool light
    "curl",           # page bent near an edge / gently waved
    "defocus",        # lens out of focus
    "motion_blur",    # camera shake
    "noise",          # sensor noise
    "jpeg",           # JPEG compression
    "resolution",     # small photo (down to 720 px wide)
)


# ----------------------------------------------------------------------------------------------------------------------
# Settings
# ----------------------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class CameraEffects:
    """What the camera does; every field JSON-friendly. ``CameraEffects()`` is the clean camera at 1200 px.

    Frame: ``width`` px (image columns); ``frame_aspect`` = width / height (3/4 upright, 4/3 sideways, ``None``: that
    of the framed region, so the clean camera is a pure resize of the page).
    Geometry: ``rotation_deg`` turns the sheet on the table (clockwise on the photo; 180 = upside down, 90/270 come
    with a sideways frame); ``tilt_deg`` tilts the camera against the sheet about an axis ``tilt_axis_deg`` from the
    photo's horizontal; ``focal`` is the focal length / frame long side; ``region`` is the box of the page, in page
    fractions ``(left, top, right, bottom)``, fitted whole into the frame (beyond 0..1: table around the page; inside:
    tight framing, the rest of the page may be cut); ``offset`` places it in the frame's free space (-1..1 per axis).
    Table: ``background`` kind, base colour ``background_bgr``, grain angle, ``drop_shadow`` darkness of the sheet's
    shadow on it.  Light: ``exposure`` (white paper = 255 * exposure), ``light_gradient`` depth across the frame at
    ``light_angle_deg``, ``vignette`` depth in the corners, hand/phone ``shadow`` darkness along the capsule
    ``shadow_from`` -> ``shadow_to`` (frame fractions) of ``shadow_radius`` and penumbra ``shadow_softness``
    (fractions of the frame diagonal), ``white_balance`` -1 cool .. +1 warm.
    Curl: ``curl_lift_mm`` lifts ``curl_edge`` of the page over a strip of ``curl_bend_mm``; a wave of ``wave_mm``
    amplitude and ``wave_length_mm`` runs at ``wave_angle_deg`` with ``wave_phase`` (radians); the bent paper is lit
    from ``light_azimuth_deg``.
    Optics and sensor: ``defocus_sigma`` (Gaussian sigma, or a disk as blurring when ``defocus_disk``) and
    ``motion_px`` at ``motion_angle_deg`` are pixels at a 1000 px wide frame (:data:`REFERENCE_WIDTH`) and scale with
    ``width``; ``noise_luma`` is the sd in grey levels on white (more in the dark), ``noise_chroma`` the sd of the
    colour blotches; ``jpeg_quality`` 1..100 or ``None`` (no JPEG).
    """

    width: int = CLEAN_WIDTH
    frame_aspect: float | None = None
    rotation_deg: float = 0.0
    tilt_deg: float = 0.0
    tilt_axis_deg: float = 0.0
    focal: float = 0.75
    region: tuple[float, float, float, float] = (0.0, 0.0, 1.0, 1.0)
    offset: tuple[float, float] = (0.0, 0.0)
    background: str = "wood"
    background_bgr: tuple[int, int, int] = WOOD_COLOURS[0]
    background_angle_deg: float = 0.0
    drop_shadow: float = 0.0
    light_gradient: float = 0.0
    light_angle_deg: float = 0.0
    vignette: float = 0.0
    shadow: float = 0.0
    shadow_from: tuple[float, float] = (1.1, 0.9)
    shadow_to: tuple[float, float] = (0.75, 0.6)
    shadow_radius: float = 0.1
    shadow_softness: float = 0.06
    white_balance: float = 0.0
    exposure: float = 1.0
    curl_edge: str = "right"
    curl_lift_mm: float = 0.0
    curl_bend_mm: float = 40.0
    wave_mm: float = 0.0
    wave_length_mm: float = 150.0
    wave_angle_deg: float = 0.0
    wave_phase: float = 0.0
    light_azimuth_deg: float = 30.0
    defocus_sigma: float = 0.0
    defocus_disk: bool = False
    motion_px: float = 0.0
    motion_angle_deg: float = 0.0
    noise_luma: float = 0.0
    noise_chroma: float = 0.0
    jpeg_quality: int | None = None

    def __post_init__(self):
        if not WIDTH_LIMITS[0] <= self.width <= WIDTH_LIMITS[1]:
            raise ValueError(f"width {self.width} outside {WIDTH_LIMITS[0]}..{WIDTH_LIMITS[1]}")
        if self.background not in BACKGROUNDS:
            raise ValueError(f"background {self.background!r} not one of {BACKGROUNDS}")
        if self.curl_edge not in CURL_EDGES:
            raise ValueError(f"curl_edge {self.curl_edge!r} not one of {CURL_EDGES}")
        x0, y0, x1, y1 = self.region
        if not (x1 > x0 and y1 > y0):
            raise ValueError(f"empty region {self.region}")
        if self.jpeg_quality is not None and not 1 <= self.jpeg_quality <= 100:
            raise ValueError(f"jpeg_quality {self.jpeg_quality} outside 1..100")
        if abs(self.tilt_deg) > 45:
            raise ValueError(f"tilt_deg {self.tilt_deg} beyond 45")

    # -- presets -------------------------------------------------------------------------------------------------------

    @classmethod
    def clean(cls, width: int = CLEAN_WIDTH) -> "CameraEffects":
        """The clean camera: the page seen straight on, filling a frame of its own aspect; a pure resize."""
        return cls(width=int(width))

    @classmethod
    def random(cls, rng: np.random.Generator, *, width: int | None = None,
               keep: tuple[float, float, float, float] | None = None) -> "CameraEffects":
        """Draw plausible phone-photo settings.

        ``width`` fixes the output width (else one of :data:`TYPICAL_WIDTHS`); ``keep`` is a page box
        ``(left, top, right, bottom)`` in page fractions (e.g. the printed grid) that tight framing must not cut.
        """
        u = rng.uniform
        orientation = int(rng.choice(ORIENTATIONS, p=ORIENTATION_P))
        rotation = orientation + float(np.clip(rng.normal(0, SMALL_ROTATION_SD), -MAX_SMALL_ROTATION,
                                               MAX_SMALL_ROTATION))
        tilt = float(min(abs(rng.normal(0, TILT_SD)), MAX_TILT))
        tilt_axis = float(rng.normal(0, TILT_AXIS_SD) + rng.choice((0.0, 180.0))) % 360.0
        if rng.random() < P_TIGHT:
            cut = [u(0.005, m) for m in TIGHT_CUT_MAX]
            if keep is not None:
                room = (keep[0], keep[1], 1.0 - keep[2], 1.0 - keep[3])
                cut = [max(0.0, min(c, r - 0.01)) for c, r in zip(cut, room)]
            region = (cut[0], cut[1], 1.0 - cut[2], 1.0 - cut[3])
        else:
            m = [u(*TABLE_MARGIN_RANGE) for _ in range(4)]
            region = (-m[0], -m[1] / A4_ASPECT, 1.0 + m[2], 1.0 + m[3] / A4_ASPECT)
        background = str(rng.choice(BACKGROUNDS, p=BACKGROUND_P))
        palette = TABLE_PALETTES[background]
        base = np.array(palette[rng.integers(len(palette))], float) * (1 + rng.normal(0, COLOUR_BRIGHTNESS_SD))
        colour = tuple(int(c) for c in np.clip(base + rng.normal(0, COLOUR_JITTER, 3), 0, 255))
        shadow_from, shadow_to, radius, softness, depth = _random_hand_shadow(rng)
        lift = bend = 0.0
        if rng.random() < P_CURL:
            bend = u(*CURL_BEND_RANGE)
            lift = min(u(*CURL_LIFT_RANGE), MAX_CURL_SLOPE * bend / 2)
        wave = u(*WAVE_AMPLITUDE_RANGE) if rng.random() < P_WAVE else 0.0
        return cls(
            width=int(width) if width is not None else int(rng.choice(TYPICAL_WIDTHS)),
            frame_aspect=LANDSCAPE if orientation in (90, 270) else PORTRAIT,
            rotation_deg=rotation % 360.0,
            tilt_deg=tilt,
            tilt_axis_deg=tilt_axis,
            focal=u(*FOCAL_RANGE),
            region=tuple(float(v) for v in region),
            offset=(u(-MAX_FRAME_OFFSET, MAX_FRAME_OFFSET), u(-MAX_FRAME_OFFSET, MAX_FRAME_OFFSET)),
            background=background,
            background_bgr=colour,
            background_angle_deg=u(0, 180),
            drop_shadow=u(*DROP_SHADOW_RANGE),
            light_gradient=u(*GRADIENT_RANGE) if rng.random() < P_GRADIENT else 0.0,
            light_angle_deg=u(0, 360),
            vignette=u(*VIGNETTE_RANGE) if rng.random() < P_VIGNETTE else 0.0,
            shadow=depth if rng.random() < P_SHADOW else 0.0,
            shadow_from=shadow_from,
            shadow_to=shadow_to,
            shadow_radius=radius,
            shadow_softness=softness,
            white_balance=float(np.clip(rng.normal(0, WHITE_BALANCE_SD), -1, 1)),
            exposure=u(*EXPOSURE_RANGE),
            curl_edge=str(rng.choice(CURL_EDGES)),
            curl_lift_mm=lift,
            curl_bend_mm=bend if lift else 40.0,
            wave_mm=wave,
            wave_length_mm=u(*WAVE_LENGTH_RANGE),
            wave_angle_deg=u(0, 180),
            wave_phase=u(0, 2 * math.pi),
            light_azimuth_deg=u(0, 360),
            defocus_sigma=float(min(abs(rng.normal(0, DEFOCUS_SD)), MAX_DEFOCUS)),
            defocus_disk=bool(rng.random() < P_DISK),
            motion_px=u(*MOTION_RANGE) if rng.random() < P_MOTION else 0.0,
            motion_angle_deg=u(0, 180),
            noise_luma=u(*LUMA_NOISE_RANGE),
            noise_chroma=u(*CHROMA_NOISE_RANGE),
            jpeg_quality=int(rng.integers(JPEG_QUALITY_RANGE[0], JPEG_QUALITY_RANGE[1] + 1))
            if rng.random() < P_JPEG else None,
        )

    @classmethod
    def single(cls, name: str, strength: float = 1.0, *, width: int = CLEAN_WIDTH,
               rng: np.random.Generator | None = None) -> "CameraEffects":
        """The clean camera plus one effect of :data:`EFFECT_NAMES` at ``strength`` (0 = off .. 1 = strongest drawn;
        JPEG: off at 0, quality 95 just above 0 down to 50 at 1; upside_down and quarter_turn: on for any strength
        above 0, turned by exactly 180 or 90/270 degrees).

        ``rng`` picks the free choices (directions, signs, table kind); without it they are fixed.  The frame takes
        the aspect of the framed region, so no page is cut and no table shows, except where the geometry itself
        uncovers it (a turned, tilted or curled sheet leaves table in the frame's corners).
        For ``"resolution"`` the strength sets the width (0: ``width``, 1: :data:`MIN_WIDTH`, or
        :data:`RESOLUTION_FLOOR` times ``width`` when that is already narrower).
        """
        if name not in EFFECT_NAMES:
            raise ValueError(f"unknown effect {name!r}; one of {EFFECT_NAMES}")
        s = float(np.clip(strength, 0.0, 1.0))
        pick = (lambda choices: choices[int(rng.integers(len(choices)))]) if rng is not None else (lambda c: c[0])
        sign = pick((1.0, -1.0))
        base = cls.clean(width)
        change: dict = {}
        if name == "perspective":
            change = dict(tilt_deg=MAX_TILT * s, tilt_axis_deg=pick((0.0, 180.0, 90.0, 270.0, 30.0, 330.0)))
        elif name == "rotation":
            change = dict(rotation_deg=(sign * MAX_SMALL_ROTATION * s) % 360.0)
        elif s == 0:
            change = {}
        elif name == "upside_down":
            change = dict(rotation_deg=180.0)
        elif name == "quarter_turn":
            change = dict(rotation_deg=pick((90.0, 270.0)))
        elif name == "tight":
            cut = [m * s for m in TIGHT_CUT_MAX]
            change = dict(region=(cut[0], cut[1], 1 - cut[2], 1 - cut[3]))
        elif name == "background":
            m = TABLE_MARGIN_RANGE[1] * s
            kind = pick(BACKGROUNDS)
            change = dict(region=(-m, -m / A4_ASPECT, 1 + m, 1 + m / A4_ASPECT), background=kind,
                          background_bgr=pick(TABLE_PALETTES[kind]), drop_shadow=DROP_SHADOW_RANGE[1],
                          background_angle_deg=pick((0.0, 90.0, 30.0)))
        elif name == "uneven_light":
            change = dict(light_gradient=GRADIENT_RANGE[1] * s, vignette=VIGNETTE_RANGE[1] * s,
                          light_angle_deg=pick((0.0, 90.0, 180.0, 270.0, 45.0)))
        elif name == "shadow":
            change = dict(shadow=SHADOW_DEPTH_RANGE[1] * s)
            if rng is not None:
                shadow_from, shadow_to, radius, softness, _ = _random_hand_shadow(rng)
                change.update(shadow_from=shadow_from, shadow_to=shadow_to, shadow_radius=radius,
                              shadow_softness=softness)
        elif name == "white_balance":
            change = dict(white_balance=sign * s)
        elif name == "curl":
            bend = CURL_BEND_RANGE[0] + 0.5 * (CURL_BEND_RANGE[1] - CURL_BEND_RANGE[0])
            change = dict(curl_lift_mm=min(CURL_LIFT_RANGE[1] * s, MAX_CURL_SLOPE * bend / 2), curl_bend_mm=bend,
                          curl_edge=pick(CURL_EDGES), wave_mm=WAVE_AMPLITUDE_RANGE[1] * s,
                          wave_angle_deg=pick((0.0, 90.0, 45.0)))
        elif name == "defocus":
            change = dict(defocus_sigma=MAX_DEFOCUS * s, defocus_disk=pick((False, True)))
        elif name == "motion_blur":
            change = dict(motion_px=MOTION_RANGE[1] * s, motion_angle_deg=pick((0.0, 90.0, 45.0, 135.0)))
        elif name == "noise":
            change = dict(noise_luma=LUMA_NOISE_RANGE[1] * s, noise_chroma=CHROMA_NOISE_RANGE[1] * s)
        elif name == "jpeg" and s > 0:
            q = round(JPEG_QUALITY_RANGE[1] - s * (JPEG_QUALITY_RANGE[1] - JPEG_QUALITY_RANGE[0]))
            change = dict(jpeg_quality=int(q))
        elif name == "resolution":
            low = MIN_WIDTH if width > MIN_WIDTH else RESOLUTION_FLOOR * width
            change = dict(width=int(round(width - s * (width - low))))
        return dataclasses.replace(base, **change)

    # -- description ---------------------------------------------------------------------------------------------------

    def to_dict(self) -> dict:
        """All fields as plain JSON types (tuples become lists); ``CameraEffects(**d)`` rebuilds it after tuple()."""
        out = {}
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            if isinstance(v, tuple):
                v = [_plain(x) for x in v]
            out[f.name] = _plain(v)
        return out

    @classmethod
    def from_dict(cls, d: dict) -> "CameraEffects":
        """Inverse of :meth:`to_dict`."""
        return cls(**{k: tuple(v) if isinstance(v, list) else v for k, v in d.items()})

    def active(self) -> list[str]:
        """The names of :data:`EFFECT_NAMES` that these settings switch on, in that order.  "background" is a guess
        from the settings (table margin or a phone frame); ``Photo.effects["active"]`` says whether the table shows."""
        orientation = round(self.rotation_deg / 90.0) % 4 * 90
        small = (self.rotation_deg - orientation + 180.0) % 360.0 - 180.0
        x0, y0, x1, y1 = self.region
        on = {
            "perspective": abs(self.tilt_deg) > 0.5,
            "rotation": abs(small) > 0.3,
            "upside_down": orientation == 180,
            "quarter_turn": orientation in (90, 270),
            "tight": x0 > 0 or y0 > 0 or x1 < 1 or y1 < 1,
            "background": x0 < 0 or y0 < 0 or x1 > 1 or y1 > 1 or self.frame_aspect is not None,
            "uneven_light": self.light_gradient > 0.02 or self.vignette > 0.02,
            "shadow": self.shadow > 0.02,
            "white_balance": abs(self.white_balance) > 0.05,
            "curl": self.curl_lift_mm > 0.2 or self.wave_mm > 0.2,
            "defocus": self.defocus_sigma > 0.3,
            "motion_blur": self.motion_px > 0.3,
            "noise": self.noise_luma > 0.3 or self.noise_chroma > 0.3,
            "jpeg": self.jpeg_quality is not None,
            "resolution": self.width < CLEAN_WIDTH,
        }
        return [n for n in EFFECT_NAMES if on[n]]


def _plain(v):
    """A numpy scalar as the Python number it holds; other values unchanged."""
    if isinstance(v, np.generic):
        return v.item()
    return v


def _random_hand_shadow(rng: np.random.Generator):
    """A forearm/phone shadow: a soft capsule entering the frame from one side. Returns frame-fraction parameters."""
    side = int(rng.integers(4))
    along = rng.uniform(*SHADOW_ALONG)
    outside = rng.uniform(*SHADOW_ROOT_OUT)
    start = [(-outside, along), (along, -outside), (1 + outside, along), (along, 1 + outside)][side]
    inward = [(1, 0), (0, 1), (-1, 0), (0, -1)][side]
    reach = rng.uniform(*SHADOW_REACH) + outside
    angle = rng.normal(0, SHADOW_ANGLE_SD)
    c, s = math.cos(angle), math.sin(angle)
    direction = (c * inward[0] - s * inward[1], s * inward[0] + c * inward[1])
    end = (start[0] + reach * direction[0], start[1] + reach * direction[1])
    return ((float(start[0]), float(start[1])), (float(end[0]), float(end[1])),
            float(rng.uniform(*SHADOW_RADIUS_RANGE)), float(rng.uniform(*SHADOW_SOFTNESS_RANGE)),
            float(rng.uniform(*SHADOW_DEPTH_RANGE)))


# ----------------------------------------------------------------------------------------------------------------------
# Geometry: page pixel -> photo pixel, exactly
# ----------------------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class PageMapping:
    """The exact geometry of one photo: page pixel coordinates to photo pixel coordinates and back.

    Page point -> millimetres about the page centre -> curl (in-plane shift and lift towards the camera) -> turn on
    the table by ``rotation_deg`` -> tilted pinhole camera at ``distance_mm`` -> frame ``scale``/``offset``.
    """

    page_size: tuple[int, int]          # page (width, height) in px
    mm_per_px: float
    rotation_deg: float
    tilt: tuple[tuple[float, float, float], ...]  # 3x3 camera rotation
    distance_mm: float
    scale: float                        # photo px per unit of normalised image coordinate
    offset: tuple[float, float]         # photo px of the optical axis
    curl_edge: str = "right"
    curl_lift_mm: float = 0.0
    curl_bend_mm: float = 40.0
    wave_mm: float = 0.0
    wave_length_mm: float = 150.0
    wave_angle_deg: float = 0.0
    wave_phase: float = 0.0

    @property
    def curled(self) -> bool:
        return self.curl_lift_mm > 0 or self.wave_mm > 0

    def flat_homography(self) -> np.ndarray:
        """3x3 homography page px -> photo px of the uncurled sheet (and of the table plane under it)."""
        w, h = self.page_size
        cx, cy, k = (w - 1) / 2.0, (h - 1) / 2.0, self.mm_per_px
        t = math.radians(self.rotation_deg)
        c, s = math.cos(t), math.sin(t)
        a = np.array([[k * c, -k * s, -k * (c * cx - s * cy)],
                      [k * s, k * c, -k * (s * cx + c * cy)],
                      [0.0, 0.0, 1.0]])
        r = np.array(self.tilt)
        b = np.array([[r[0, 0], r[0, 1], 0.0], [r[1, 0], r[1, 1], 0.0], [r[2, 0], r[2, 1], self.distance_mm]])
        kmat = np.array([[self.scale, 0.0, self.offset[0]], [0.0, self.scale, self.offset[1]], [0.0, 0.0, 1.0]])
        return kmat @ b @ a

    def curl_mm(self, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Curl of the sheet: flat position (mm about the page centre) -> (x, y, lift) in mm.
        Arrays in, new arrays out."""
        x = np.array(x, dtype=np.float64)
        y = np.array(y, dtype=np.float64)
        z = np.zeros_like(x)
        if self.curl_lift_mm > 0:
            half_w = self.page_size[0] * self.mm_per_px / 2.0
            half_h = self.page_size[1] * self.mm_per_px / 2.0
            ex, ey, half = {"right": (1, 0, half_w), "left": (-1, 0, half_w),
                            "bottom": (0, 1, half_h), "top": (0, -1, half_h)}[self.curl_edge]
            b = self.curl_bend_mm
            radius = b * b / (2.0 * self.curl_lift_mm)
            t = np.maximum(x * ex + y * ey - (half - b), 0.0)
            inside = np.minimum(t, b)
            along = radius * np.sin(inside / radius) + (t - inside)   # flat beyond the page edge
            z = z + radius * (1.0 - np.cos(inside / radius))
            shift = along - t
            x = x + shift * ex
            y = y + shift * ey
        if self.wave_mm > 0:
            a = math.radians(self.wave_angle_deg)
            phase = 2 * math.pi * (x * math.cos(a) + y * math.sin(a)) / self.wave_length_mm + self.wave_phase
            z = z + self.wave_mm * np.sin(phase)
        return x, y, z

    def to_photo(self, points_page_px: np.ndarray) -> np.ndarray:
        """Page pixel coordinates (N x 2, or any ... x 2) -> photo pixel coordinates, same shape, float64."""
        p = np.asarray(points_page_px, dtype=np.float64)
        if p.shape[-1] != 2:
            raise ValueError(f"points must have shape (..., 2), got {p.shape}")
        w, h = self.page_size
        x = (p[..., 0] - (w - 1) / 2.0) * self.mm_per_px
        y = (p[..., 1] - (h - 1) / 2.0) * self.mm_per_px
        x, y, z = self.curl_mm(x, y)
        t = math.radians(self.rotation_deg)
        c, s = math.cos(t), math.sin(t)
        xr, yr = c * x - s * y, s * x + c * y
        r = self.tilt
        xc = r[0][0] * xr + r[0][1] * yr - r[0][2] * z
        yc = r[1][0] * xr + r[1][1] * yr - r[1][2] * z
        zc = r[2][0] * xr + r[2][1] * yr - r[2][2] * z + self.distance_mm
        out = np.empty(p.shape, dtype=np.float64)
        out[..., 0] = self.scale * xc / zc + self.offset[0]
        out[..., 1] = self.scale * yc / zc + self.offset[1]
        return out

    def to_page(self, points_photo_px: np.ndarray) -> np.ndarray:
        """Photo pixel coordinates (... x 2) -> page pixel coordinates (outside the page: the table plane's)."""
        q = np.asarray(points_photo_px, dtype=np.float64)
        inv = np.linalg.inv(self.flat_homography())
        p0 = _apply_homography(inv, q)
        if not self.curled:
            return p0
        p = p0.copy()
        for _ in range(INVERSE_ITERATIONS):
            residual = _apply_homography(inv, self.to_photo(p)) - p0
            p -= residual
            if float(np.max(np.abs(residual), initial=0.0)) < INVERSE_TOLERANCE:
                break
        return p


def _apply_homography(h: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """Apply a 3x3 homography to points (... x 2); returns a new float64 array."""
    x, y = pts[..., 0], pts[..., 1]
    d = h[2, 0] * x + h[2, 1] * y + h[2, 2]
    out = np.empty(pts.shape, dtype=np.float64)
    out[..., 0] = (h[0, 0] * x + h[0, 1] * y + h[0, 2]) / d
    out[..., 1] = (h[1, 0] * x + h[1, 1] * y + h[1, 2]) / d
    return out


def _tilt_matrix(tilt_deg: float, axis_deg: float) -> np.ndarray:
    """Rotation by ``tilt_deg`` about the in-plane axis at ``axis_deg`` from the photo's x axis (Rodrigues)."""
    a = math.radians(axis_deg)
    axis = np.array([math.cos(a), math.sin(a), 0.0])
    t = math.radians(tilt_deg)
    kx = np.array([[0, -axis[2], axis[1]], [axis[2], 0, -axis[0]], [-axis[1], axis[0], 0]])
    return np.eye(3) + math.sin(t) * kx + (1 - math.cos(t)) * kx @ kx


def _make_mapping(page_w: int, page_h: int, fx: CameraEffects) -> tuple[PageMapping, int, int]:
    """Place the camera for ``fx`` over a page of ``page_w`` x ``page_h`` px. Returns the mapping and frame w, h."""
    mm = PAGE_SHORT_SIDE_MM / min(page_w, page_h)
    x0, y0, x1, y1 = fx.region
    corners = np.array([[x0 * page_w - 0.5, y0 * page_h - 0.5], [x1 * page_w - 0.5, y0 * page_h - 0.5],
                        [x1 * page_w - 0.5, y1 * page_h - 0.5], [x0 * page_w - 0.5, y1 * page_h - 0.5]])
    region_long_mm = max(x1 - x0, 0) * page_w * mm, max(y1 - y0, 0) * page_h * mm
    curl = dict(curl_edge=fx.curl_edge, curl_lift_mm=fx.curl_lift_mm, curl_bend_mm=fx.curl_bend_mm,
                wave_mm=fx.wave_mm, wave_length_mm=fx.wave_length_mm, wave_angle_deg=fx.wave_angle_deg,
                wave_phase=fx.wave_phase)
    tilt = tuple(tuple(float(v) for v in row) for row in _tilt_matrix(fx.tilt_deg, fx.tilt_axis_deg))
    unit = PageMapping((page_w, page_h), mm, fx.rotation_deg % 360.0, tilt, fx.focal * max(region_long_mm),
                       1.0, (0.0, 0.0), **curl)
    # The region's outline as seen: flat corners (the table is flat) and the curled outline of its part on the page.
    t = np.linspace(0.0, 1.0, REGION_OUTLINE_POINTS)[:, None]
    outline = np.concatenate([corners[i] + t * (corners[(i + 1) % 4] - corners[i]) for i in range(4)])
    outline = np.clip(outline, -0.5, [page_w - 0.5, page_h - 0.5])
    seen = np.concatenate([_apply_homography(unit.flat_homography(), corners), unit.to_photo(outline)])
    bx0, by0 = seen.min(axis=0)
    bx1, by1 = seen.max(axis=0)
    bw, bh = bx1 - bx0, by1 - by0
    width = fx.width
    aspect = fx.frame_aspect if fx.frame_aspect is not None else bw / bh
    height = max(1, int(round(width / aspect)))
    scale = min(width / bw, height / bh)
    slack_x, slack_y = width - scale * bw, height - scale * bh
    left = -0.5 + slack_x * 0.5 * (1 + fx.offset[0])
    top = -0.5 + slack_y * 0.5 * (1 + fx.offset[1])
    offset = (float(left - scale * bx0), float(top - scale * by0))
    mapping = dataclasses.replace(unit, scale=float(scale), offset=offset)
    return mapping, width, height


# ----------------------------------------------------------------------------------------------------------------------
# Rendering helpers
# ----------------------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Grid:
    """The coarse grid on which maps and light are computed: point (i, j) sits at photo pixel
    ``(i * step + (step - 1) / 2 - pad, ...)`` so that ``cv2.resize`` by ``step`` lands exactly on photo pixels."""

    width: int
    height: int
    step: int = MAP_STEP[0]

    @classmethod
    def for_frame(cls, width: int, height: int) -> "_Grid":
        return cls(width, height, int(np.clip(width // MAP_STEP_WIDTH, *MAP_STEP)))

    @property
    def pad(self) -> int:
        return self.step

    @property
    def shape(self) -> tuple[int, int]:
        return (-(-(self.height + 2 * self.pad) // self.step), -(-(self.width + 2 * self.pad) // self.step))

    def points(self) -> np.ndarray:
        """Photo pixel coordinates of the grid points, shape (rows, cols, 2)."""
        rows, cols = self.shape
        off = (self.step - 1) / 2.0 - self.pad
        xs = np.arange(cols) * self.step + off
        ys = np.arange(rows) * self.step + off
        gx, gy = np.meshgrid(xs, ys)
        return np.stack([gx, gy], axis=-1)

    def upsample(self, low: np.ndarray) -> np.ndarray:
        """A grid field (rows, cols[, c]) float32 -> full frame (height, width[, c]), bilinear. Returns a view."""
        rows, cols = self.shape
        full = cv2.resize(low, (cols * self.step, rows * self.step), interpolation=cv2.INTER_LINEAR)
        return full[self.pad:self.pad + self.height, self.pad:self.pad + self.width]


def _value_noise(rng: np.random.Generator, shape: tuple[int, int], cells: tuple[float, float]) -> np.ndarray:
    """Smooth random field in 0..1 of ``shape`` (rows, cols) with about ``cells`` (rows, cols) features. float32."""
    ny = max(2, int(math.ceil(cells[0])) + 2)
    nx = max(2, int(math.ceil(cells[1])) + 2)
    seed = rng.random((ny, nx)).astype(np.float32)
    field_ = cv2.resize(seed, (shape[1], shape[0]), interpolation=cv2.INTER_CUBIC)
    return np.clip(field_, 0.0, 1.0)


def _smoothstep(x: np.ndarray) -> np.ndarray:
    x = np.clip(x, 0.0, 1.0)
    return x * x * (3 - 2 * x)


def _table_texture(rng: np.random.Generator, kind: str, bgr: tuple[int, int, int], shape: tuple[int, int],
                   mm_per_px: float) -> np.ndarray:
    """A procedural table surface, grain along the x axis: ``kind`` wood / cloth / plain, base colour ``bgr``,
    ``shape`` (rows, cols) at ``mm_per_px`` millimetres per texture pixel. Returns uint8 BGR."""
    rows, cols = shape
    h_mm, w_mm = rows * mm_per_px, cols * mm_per_px
    base = np.array(bgr, np.float32)
    fine = (min(rows, h_mm / TEXTURE_GRAIN_MM), min(cols, w_mm / TEXTURE_GRAIN_MM))
    if kind == "wood":
        y_mm = (np.arange(rows, dtype=np.float32) * mm_per_px)[:, None]
        plank_w = rng.uniform(*WOOD_PLANK_MM)
        y_plank = y_mm[:, 0] + rng.uniform(0, plank_w)
        plank = np.floor(y_plank / plank_w).astype(int)
        plank -= plank.min()
        plank_tone = (1 + rng.normal(0, WOOD_PLANK_TONE_SD, plank.max() + 1)).astype(np.float32)[plank][:, None]
        plank_phase = rng.uniform(0, 50, plank.max() + 1).astype(np.float32)[plank][:, None]
        wander = _value_noise(rng, shape, (h_mm / 25, w_mm / 300)) - 0.5  # grain lines run long and bend slowly
        phase = (y_mm + wander * rng.uniform(*WOOD_RING_WANDER_MM) + plank_phase) / rng.uniform(*WOOD_RING_MM)
        ring = (0.5 + 0.5 * np.cos(2 * np.pi * phase)) ** rng.uniform(*WOOD_RING_SHARPNESS)
        fibre = _value_noise(rng, shape, (fine[0], w_mm / 40)) - 0.5
        blotch = _value_noise(rng, shape, (h_mm / 150, w_mm / 250)) - 0.5
        tone = (plank_tone * (1 - rng.uniform(*WOOD_RING_DEPTH) * ring) * (1 + WOOD_FIBRE * fibre)
                * (1 + WOOD_BLOTCH * blotch))
        seam = np.abs(y_plank % plank_w - plank_w / 2) > (plank_w - WOOD_SEAM_MM) / 2
        tone *= np.where(seam, WOOD_SEAM_TONE, 1.0).astype(np.float32)[:, None]
    elif kind == "cloth":
        tone = ((1 + CLOTH_FIBRE * (_value_noise(rng, shape, fine) - 0.5))
                * (1 + CLOTH_FOLDS * (_value_noise(rng, shape, (h_mm / 120, w_mm / 120)) - 0.5)))
        period = rng.uniform(*CLOTH_WEAVE_MM)
        if period / mm_per_px >= 4:  # weave only where it is resolved (no moire)
            yy, xx = np.mgrid[0:rows, 0:cols].astype(np.float32) * mm_per_px
            tone *= 1 + CLOTH_WEAVE_DEPTH * np.sin(2 * np.pi * xx / period) * np.sin(2 * np.pi * yy / period)
    else:
        tone = ((1 + PLAIN_FINE * (_value_noise(rng, shape, fine) - 0.5))
                * (1 + PLAIN_BROAD * (_value_noise(rng, shape, (h_mm / 200, w_mm / 200)) - 0.5)))
    return np.clip(tone[..., None] * base, 0, 255).astype(np.uint8)


def _capsule_distance(px: np.ndarray, py: np.ndarray, a: tuple[float, float], b: tuple[float, float]) -> np.ndarray:
    """Distance of points to the segment a-b (same units)."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    t = np.clip(((px - ax) * dx + (py - ay) * dy) / max(dx * dx + dy * dy, 1e-12), 0, 1)
    return np.hypot(px - ax - t * dx, py - ay - t * dy)


def _to_u8(values: np.ndarray) -> np.ndarray:
    """Float array -> uint8, rounded and clipped to 0..255 (new array)."""
    return np.clip(np.rint(values), 0, 255).astype(np.uint8)


def _psf(disk_defocus: float, motion: float, motion_angle_deg: float) -> np.ndarray:
    """Point spread function (float32, odd square, sums to 1): a lens disk of radius ``1.5 * disk_defocus`` px
    (blurring about as much as a Gaussian of that sigma; 0 = none) convolved with a straight motion of ``motion`` px
    at ``motion_angle_deg``."""
    kernel = np.ones((1, 1), np.float32)
    if disk_defocus > 0:
        r = disk_defocus * 1.5
        n = int(math.ceil(r)) * 2 + 1
        yy, xx = np.mgrid[0:n, 0:n] - (n - 1) / 2.0
        kernel = np.clip(r + 0.5 - np.hypot(xx, yy), 0, 1).astype(np.float32)  # antialiased disk
    if motion > 0:
        n = int(math.ceil(motion / 2)) * 2 + 3
        line = np.zeros((n, n), np.float32)
        a = math.radians(motion_angle_deg)
        for t in np.linspace(-motion / 2, motion / 2, max(8, int(motion * 8))):
            x, y = (n - 1) / 2 + t * math.cos(a), (n - 1) / 2 + t * math.sin(a)
            x0, y0 = int(math.floor(x)), int(math.floor(y))
            fx_, fy_ = x - x0, y - y0
            line[y0, x0] += (1 - fx_) * (1 - fy_)
            line[y0, x0 + 1] += fx_ * (1 - fy_)
            line[y0 + 1, x0] += (1 - fx_) * fy_
            line[y0 + 1, x0 + 1] += fx_ * fy_
        m = max(kernel.shape[0], n)
        kernel = cv2.filter2D(np.pad(kernel, ((m, m), (m, m))), -1, line, borderType=cv2.BORDER_CONSTANT)
    nz = np.argwhere(kernel > 1e-3 * kernel.max())
    c = (np.array(kernel.shape) - 1) // 2
    half = int(np.max(np.abs(nz - c)))
    kernel = kernel[c[0] - half:c[0] + half + 1, c[1] - half:c[1] + half + 1]
    return (kernel / kernel.sum()).astype(np.float32)


def _shrunk(img: np.ndarray, factor: float, blur) -> np.ndarray:
    """Apply ``blur`` (a function of an image) to ``img`` shrunk by ``factor`` and enlarge the result again."""
    h, w = img.shape[:2]
    small = cv2.resize(img, (max(1, round(w / factor)), max(1, round(h / factor))), interpolation=cv2.INTER_AREA)
    return cv2.resize(blur(small), (w, h), interpolation=cv2.INTER_LINEAR)


def _blur(img: np.ndarray, defocus: float, disk: bool, motion: float, motion_angle_deg: float) -> np.ndarray:
    """Lens blur of a uint8 image: Gaussian of sigma ``defocus`` px (or, when ``disk``, a disk blurring about as
    much) and motion of ``motion`` px at ``motion_angle_deg``.  Wide blurs run on a shrunken image (which adds a
    little blur of its own).  Returns a new array, or ``img`` itself when there is nothing to do."""
    defocus = defocus if defocus > 0.1 else 0.0
    motion = motion if motion > 0.3 else 0.0
    out = img
    if defocus and not disk:
        if defocus <= MAX_DIRECT_SIGMA:
            out = cv2.GaussianBlur(out, (0, 0), defocus, borderType=cv2.BORDER_REFLECT)
        else:
            k = defocus / 2.0
            # area shrinking and linear enlarging add about (k/2)^2 of variance
            sigma = math.sqrt(max(defocus ** 2 - k * k / 4, k * k / 4)) / k
            out = _shrunk(out, k, lambda small: cv2.GaussianBlur(small, (0, 0), sigma,
                                                                   borderType=cv2.BORDER_REFLECT))
        defocus = 0.0
    if defocus or motion:
        kernel = _psf(defocus, motion, motion_angle_deg)
        pixels = out.shape[0] * out.shape[1]
        if pixels * kernel.size <= DIRECT_FILTER_BUDGET:
            out = cv2.filter2D(out, -1, kernel, borderType=cv2.BORDER_REFLECT)
        else:
            k = 1.0
            while pixels / k ** 2 * (kernel.shape[0] / k + 1) ** 2 > DIRECT_FILTER_BUDGET:
                k *= 1.25
            small_kernel = _psf(defocus / k, motion / k, motion_angle_deg)
            out = _shrunk(out, k, lambda small: cv2.filter2D(small, -1, small_kernel, borderType=cv2.BORDER_REFLECT))
    return out


def _gaussian_bytes_lut() -> np.ndarray:
    """256 standard normal quantiles, at (i + 0.5) / 256: a uniform random byte through it is normal noise."""
    p = (np.arange(256) + 0.5) / 256.0
    # Acklam-free: invert the normal CDF by Newton steps on erf (math.erf is exact enough).
    z = np.zeros(256)
    for _ in range(50):
        cdf = 0.5 * (1 + np.vectorize(math.erf)(z / math.sqrt(2)))
        z -= (cdf - p) / (np.exp(-z * z / 2) / math.sqrt(2 * math.pi))
    return (z / z.std()).astype(np.float32).reshape(256, 1)


_GAUSSIAN_LUT_16S = np.rint(_gaussian_bytes_lut() * GAUSSIAN_LUT_ONE).astype(np.int16)


def _add_noise(img: np.ndarray, rng: np.random.Generator, luma: float, chroma: float) -> np.ndarray:
    """Sensor noise on a uint8 BGR image: per-pixel luma noise of sd ``luma`` grey levels in white, rising by
    :data:`DARK_NOISE_GAIN` towards black, plus blotchy chroma noise of sd ``chroma``.
    Returns a new array (or ``img`` itself when both are 0).  Noise is kept in 16-bit fixed point
    (:data:`NOISE_FRACTION` steps per grey level) and added channel by channel, to stay light on memory."""
    if luma <= 0 and chroma <= 0:
        return img
    h, w = img.shape[:2]
    one = float(NOISE_FRACTION)
    noise = None
    if luma > 0:
        levels = np.arange(256, dtype=np.float64)
        sd = luma * (1 + DARK_NOISE_GAIN * (1 - levels / 255.0))
        sd_map = cv2.LUT(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY), _to_u8(sd * one).reshape(256, 1))
        normal = cv2.LUT(rng.integers(0, 256, size=(h, w), dtype=np.uint8), _GAUSSIAN_LUT_16S)
        noise = cv2.multiply(normal, sd_map, scale=1.0 / GAUSSIAN_LUT_ONE, dtype=cv2.CV_16S)
    channels = list(cv2.split(img))
    step = max(2, round(CHROMA_BLOTCH_PX * w / REFERENCE_WIDTH))
    if chroma > 0:
        cb, cr = rng.standard_normal((2, -(-h // step), -(-w // step)), dtype=np.float32) * (chroma * one)
    for i in range(3):
        n = noise
        if chroma > 0:
            small = np.rint((cb, -0.5 * (cb + cr), cr)[i]).astype(np.int16)
            n = cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)
            if noise is not None:
                cv2.add(n, noise, dst=n)
        channels[i] = cv2.addWeighted(channels[i], 1.0, n, 1.0 / one, 0.0, dtype=cv2.CV_8U)
    return cv2.merge(channels)


# ----------------------------------------------------------------------------------------------------------------------
# The photo
# ----------------------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Photo:
    """A simulated phone photo of a page.

    ``image``: BGR uint8 (JPEG-decoded when ``jpeg_bytes`` is set); ``effects``: JSON-ready record of what was
    applied (``active`` effect names, ``settings`` = :meth:`CameraEffects.to_dict`, ``derived`` numbers such as the
    frame size and the page's scale); ``settings``: the :class:`CameraEffects` used; ``mapping``: the exact geometry;
    ``page_quad``: the page's outer corners (top-left, top-right, bottom-right, bottom-left of the *page*) in photo
    pixels, 4 x 2, possibly outside the frame.
    """

    image: np.ndarray
    effects: dict
    settings: CameraEffects
    mapping: PageMapping
    page_quad: np.ndarray
    jpeg_bytes: bytes | None = field(default=None, repr=False)

    def to_photo(self, points_page_px: np.ndarray) -> np.ndarray:
        """Page pixel coordinates (N x 2) -> photo pixel coordinates (N x 2), exact (curl, turn, tilt, frame)."""
        return self.mapping.to_photo(points_page_px)

    def to_page(self, points_photo_px: np.ndarray) -> np.ndarray:
        """Photo pixel coordinates (N x 2) -> page pixel coordinates (N x 2); inverse of :meth:`to_photo`."""
        return self.mapping.to_page(points_photo_px)


def photograph(page: np.ndarray, rng: np.random.Generator, *, width: int | None = None,
               effects: CameraEffects | None = None) -> Photo:
    """Photograph ``page`` (uint8, grey H x W or BGR H x W x 3, white paper, e.g. A4 at 200-300 dpi).

    ``effects`` defaults to :meth:`CameraEffects.random` drawn from ``rng``; ``width`` (720..4000) overrides its
    output width.  The frame is ``width`` columns wide, its height follows the frame aspect.  ``rng`` also draws the
    textures and noise, so the same seed and inputs give an identical photo.  ``page`` is not modified.
    """
    page = np.asarray(page)
    if page.dtype != np.uint8 or page.ndim not in (2, 3) or (page.ndim == 3 and page.shape[2] not in (1, 3)):
        raise ValueError(f"page must be uint8 grey or BGR, got {page.dtype} {page.shape}")
    if effects is None:
        effects = CameraEffects.random(rng, width=width)
    elif width is not None:
        effects = dataclasses.replace(effects, width=int(width))
    fx = effects
    page_h, page_w = page.shape[:2]
    mapping, width_px, height_px = _make_mapping(page_w, page_h, fx)
    grid = _Grid.for_frame(width_px, height_px)
    q = grid.points()

    # Inverse mapping on the coarse grid: photo px -> page px (curled) and -> table plane (flat).
    inv_flat = np.linalg.inv(mapping.flat_homography())
    table_pts = _apply_homography(inv_flat, q)
    page_pts = mapping.to_page(q) if mapping.curled else table_pts
    inside = ((page_pts[..., 0] >= -0.5) & (page_pts[..., 0] <= page_w - 0.5)
              & (page_pts[..., 1] >= -0.5) & (page_pts[..., 1] <= page_h - 0.5))

    # Page px per photo px (worst direction) -> area-average the page first where the photo shows it smaller.
    du = np.hypot(*np.moveaxis(np.diff(page_pts, axis=1), -1, 0)) / grid.step
    dv = np.hypot(*np.moveaxis(np.diff(page_pts, axis=0), -1, 0)) / grid.step
    ratio = np.maximum(du[:-1, :], dv[:, :-1])[inside[:-1, :-1]]
    page_per_photo = max(float(np.median(ratio)) if ratio.size else 1.0, 1e-6)
    prescale = 1.0 / page_per_photo if page_per_photo > 1.0 / PRESCALE_BELOW else 1.0

    bgr = cv2.cvtColor(page, cv2.COLOR_GRAY2BGR) if page.ndim == 2 or page.shape[2] == 1 else page
    if prescale < 1.0:
        size = (max(1, round(page_w * prescale)), max(1, round(page_h * prescale)))
        src = cv2.resize(bgr, size, interpolation=cv2.INTER_AREA)
        sx, sy = size[0] / page_w, size[1] / page_h
    else:
        src, sx, sy = bgr, 1.0, 1.0
    maps_low = np.empty(page_pts.shape, np.float32)
    maps_low[..., 0] = (page_pts[..., 0] + 0.5) * sx - 0.5
    maps_low[..., 1] = (page_pts[..., 1] + 0.5) * sy - 0.5
    maps = grid.upsample(maps_low)
    light, table_light = _light_fields(fx, mapping, grid, q, page_pts, inside, page_per_photo)

    # The table shows unless every grid point lies well inside the page.
    edge = 2.0 * grid.step * page_per_photo
    covered = bool(np.all((page_pts[..., 0] >= edge) & (page_pts[..., 0] <= page_w - 1 - edge)
                          & (page_pts[..., 1] >= edge) & (page_pts[..., 1] <= page_h - 1 - edge)))
    table_fraction = 0.0
    if covered:
        img = cv2.remap(src, maps, None, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    else:
        # Remapped with a black, transparent border, the sheet comes out premultiplied by its coverage ``alpha``;
        # compose in 8 bit: sheet + table * (1 - alpha) * the sheet's shadow on the table.
        sheet = cv2.remap(cv2.cvtColor(src, cv2.COLOR_BGR2BGRA), maps, None, cv2.INTER_LINEAR,
                          borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0, 0))
        alpha = cv2.extractChannel(sheet, 3)
        table_fraction = 1.0 - cv2.countNonZero(cv2.threshold(alpha, 127, 255, cv2.THRESH_BINARY)[1]) / alpha.size
        table = _render_table(rng, fx, mapping, width_px, height_px, page_per_photo)
        weight = cv2.multiply(cv2.bitwise_not(alpha), grid.upsample(_to_u8(table_light * 255.0)), scale=1 / 255.0)
        table = cv2.multiply(table, cv2.cvtColor(weight, cv2.COLOR_GRAY2BGR), scale=1 / 255.0)
        img = cv2.add(cv2.cvtColor(sheet, cv2.COLOR_BGRA2BGR), table)
    if np.any(np.abs(light - 1.0) > 1e-4):
        img = cv2.multiply(img, grid.upsample(_to_u8(light * LIGHT_SCALE)), scale=1 / LIGHT_SCALE)

    px = width_px / REFERENCE_WIDTH
    img = _blur(img, fx.defocus_sigma * px, fx.defocus_disk, fx.motion_px * px, fx.motion_angle_deg)
    image = _add_noise(img, rng, fx.noise_luma, fx.noise_chroma)

    jpeg_bytes = None
    if fx.jpeg_quality is not None:
        ok, buf = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, int(fx.jpeg_quality)])
        if not ok:
            raise RuntimeError("JPEG encoding failed")
        jpeg_bytes = buf.tobytes()
        image = cv2.imdecode(buf, cv2.IMREAD_COLOR)

    quad = mapping.to_photo(np.array([[-0.5, -0.5], [page_w - 0.5, -0.5],
                                      [page_w - 0.5, page_h - 0.5], [-0.5, page_h - 0.5]]))
    table_visible = table_fraction > TABLE_VISIBLE_FRACTION
    active = [n for n in fx.active() if n != "background"]
    if table_visible:
        active = [n for n in EFFECT_NAMES if n in active or n == "background"]
    record = {
        "active": active,
        "settings": fx.to_dict(),
        "derived": {
            "width": int(width_px),
            "height": int(height_px),
            "page_size": [int(page_w), int(page_h)],
            "photo_px_per_page_px": round(1.0 / page_per_photo, 5),
            "page_prescale": round(float(prescale), 5),
            "table_fraction": round(float(table_fraction), 4),
            "mm_per_page_px": round(float(mapping.mm_per_px), 6),
            "camera_distance_mm": round(float(mapping.distance_mm), 2),
            "page_quad": [[round(float(v), 3) for v in pt] for pt in quad],
            "jpeg_bytes": len(jpeg_bytes) if jpeg_bytes is not None else None,
        },
    }
    return Photo(image=image, effects=record, settings=fx, mapping=mapping, page_quad=quad, jpeg_bytes=jpeg_bytes)


def photograph_effect(page: np.ndarray, name: str, strength: float, rng: np.random.Generator, *,
                      width: int = CLEAN_WIDTH) -> Photo:
    """Photograph ``page`` with the clean camera plus the one effect ``name`` (see :data:`EFFECT_NAMES`) at
    ``strength`` 0..1 (:meth:`CameraEffects.single`); ``rng`` draws the free choices, textures and noise."""
    return photograph(page, rng, effects=CameraEffects.single(name, strength, width=width, rng=rng))


def _render_table(rng: np.random.Generator, fx: CameraEffects, mapping: PageMapping, width: int, height: int,
                  page_per_photo: float) -> np.ndarray:
    """The table under the sheet as seen in the frame (uint8 BGR, height x width)."""
    h_flat = mapping.flat_homography()
    inv = np.linalg.inv(h_flat)
    frame = np.array([[-0.5, -0.5], [width - 0.5, -0.5], [width - 0.5, height - 0.5], [-0.5, height - 0.5]])
    corners = _apply_homography(inv, frame)          # page px on the table plane
    a = math.radians(fx.background_angle_deg)
    rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])  # grain frame -> page axes
    grain = corners @ rot                             # page px -> grain frame (rot^T p)
    g0 = grain.min(axis=0) - 2
    g1 = grain.max(axis=0) + 2
    extent = g1 - g0
    tex_per_page = min(1.0 / page_per_photo, math.sqrt(TEXTURE_MAX_PIXELS / float(extent[0] * extent[1])))
    shape = (max(2, int(math.ceil(extent[1] * tex_per_page))), max(2, int(math.ceil(extent[0] * tex_per_page))))
    tex = _table_texture(rng, fx.background, fx.background_bgr, shape, mapping.mm_per_px / tex_per_page)
    # texture px (i, j) -> grain coords g0 + (i, j) / t -> page px rot @ g
    a_tex = np.array([[1 / tex_per_page, 0, g0[0]], [0, 1 / tex_per_page, g0[1]], [0, 0, 1]])
    r3 = np.eye(3)
    r3[:2, :2] = rot
    h_tex = h_flat @ r3 @ a_tex
    if tex_per_page * page_per_photo > TABLE_HALF_RES:
        return cv2.warpPerspective(tex, h_tex, (width, height), flags=cv2.INTER_LINEAR,
                                   borderMode=cv2.BORDER_REFLECT)
    # the texture is coarser than half the frame: warp at half size and enlarge (same look, less work)
    half = np.array([[0.5, 0, -0.25], [0, 0.5, -0.25], [0, 0, 1]])
    small = cv2.warpPerspective(tex, half @ h_tex, ((width + 1) // 2, (height + 1) // 2), flags=cv2.INTER_LINEAR,
                                borderMode=cv2.BORDER_REFLECT)
    return cv2.resize(small, (width, height), interpolation=cv2.INTER_LINEAR)


def _light_fields(fx: CameraEffects, mapping: PageMapping, grid: _Grid, q: np.ndarray, page_pts: np.ndarray,
                  inside: np.ndarray, page_per_photo: float) -> tuple[np.ndarray, np.ndarray]:
    """Light on the coarse grid (points ``q``, where ``page_pts`` on the page, ``inside`` it): a 3-channel gain
    (exposure, white balance, gradient, vignetting, hand shadow, curl shading) for everything, and a 1-channel gain
    for the table (the sheet's own shadow). float32."""
    w, h = grid.width, grid.height
    nx = (q[..., 0] + 0.5) / w * 2 - 1     # -1..1 across the frame
    ny = (q[..., 1] + 0.5) / h * 2 - 1
    light = np.full(q.shape[:2], fx.exposure, np.float64)
    if fx.light_gradient > 0:
        a = math.radians(fx.light_angle_deg)
        along = (nx * math.cos(a) + ny * math.sin(a)) / math.sqrt(2)
        light *= 1 - fx.light_gradient * (0.5 + 0.5 * np.clip(along, -1, 1))
    if fx.vignette > 0:
        light *= 1 - fx.vignette * np.clip((nx ** 2 + ny ** 2) / 2, 0, 1)
    shade = np.zeros(q.shape[:2])
    if fx.shadow > 0:
        diag = math.hypot(w, h)
        fxy = lambda p: (p[0] * w, p[1] * h)  # noqa: E731
        d = _capsule_distance(q[..., 0], q[..., 1], fxy(fx.shadow_from), fxy(fx.shadow_to))
        soft = fx.shadow_softness * diag
        shade = fx.shadow * (1 - _smoothstep((d - (fx.shadow_radius * diag - soft / 2)) / soft))
    if mapping.curled:
        light *= _curl_shading(fx, mapping, page_pts, inside)
    gains = np.array(WARM_GAINS) if fx.white_balance > 0 else np.array(COOL_GAINS)
    wb = 1 + abs(fx.white_balance) * (gains - 1)
    tint = np.array([1 - SHADOW_BLUE_TINT, 1.0, 1.0])
    out = light[..., None] * wb * (1 - shade[..., None] * tint)

    table = np.ones(q.shape[:2], np.float32)
    if fx.drop_shadow > 0:
        px_per_mm = 1.0 / (mapping.mm_per_px * page_per_photo)
        sigma = DROP_SHADOW_BLUR_MM * px_per_mm / grid.step
        mask = inside.astype(np.float32)
        if sigma > 0.3:
            mask = cv2.GaussianBlur(mask, (0, 0), sigma)
        shift = DROP_SHADOW_OFFSET_MM * px_per_mm / grid.step
        a = math.radians(fx.light_angle_deg)
        m = np.float32([[1, 0, shift * math.cos(a)], [0, 1, shift * math.sin(a)]])
        mask = cv2.warpAffine(mask, m, (mask.shape[1], mask.shape[0]), borderMode=cv2.BORDER_REPLICATE)
        table = 1 - fx.drop_shadow * mask
    return out.astype(np.float32), table.astype(np.float32)


def _curl_shading(fx: CameraEffects, mapping: PageMapping, page_pts: np.ndarray, inside: np.ndarray) -> np.ndarray:
    """Brightness factor of the bent paper (Lambert, light from ``light_azimuth_deg`` at LIGHT_POLAR_DEG)."""
    w, h = mapping.page_size
    x = (page_pts[..., 0] - (w - 1) / 2.0) * mapping.mm_per_px
    y = (page_pts[..., 1] - (h - 1) / 2.0) * mapping.mm_per_px
    eps = CURL_SLOPE_STEP_MM
    z = mapping.curl_mm(x, y)[2]
    zx = (mapping.curl_mm(x + eps, y)[2] - z) / eps
    zy = (mapping.curl_mm(x, y + eps)[2] - z) / eps
    az, pol = math.radians(fx.light_azimuth_deg), math.radians(LIGHT_POLAR_DEG)
    lx, ly, lz = math.sin(pol) * math.cos(az), math.sin(pol) * math.sin(az), math.cos(pol)
    lambert = (-zx * lx - zy * ly + lz) / np.sqrt(zx * zx + zy * zy + 1) / lz
    factor = np.clip(1 + CURL_SHADING * (lambert - 1), *CURL_SHADING_LIMITS)
    return np.where(inside, factor, 1.0)
