"""Homographies between the page (millimetres) and a photo (pixels): applying them, measuring the photo's
resolution and turn, and cutting (rectifying) the page or a part of it out of the photo."""
from __future__ import annotations

import math
from typing import Optional

import cv2
import numpy as np

from digitize.cells import PX_PER_MM
from digitize.layout import PAGE_H, PAGE_W, Box

#: Rectification: the photo is first shrunk (area average) when it shows the page this many times sharper
#: than the rectified page needs.
PRESHRINK_ABOVE = 2.0


def apply_homography(h: np.ndarray, points: np.ndarray) -> np.ndarray:
    """A 3x3 homography applied to points (N x 2); a new float64 N x 2 array."""
    p = np.asarray(points, np.float64).reshape(-1, 2)
    if p.size == 0:
        return p.copy()
    q = np.concatenate([p, np.ones((len(p), 1))], axis=1) @ np.asarray(h, np.float64).T
    return q[:, :2] / q[:, 2:3]


def scale_matrix(s: float) -> np.ndarray:
    """Photo px -> work px for a resize by ``s`` (pixel-centre coordinates)."""
    return np.array([[s, 0, 0.5 * s - 0.5], [0, s, 0.5 * s - 0.5], [0, 0, 1.0]])


def photo_px_per_mm(h: np.ndarray) -> float:
    """Photo pixels per page millimetre at the page centre (geometric mean of both directions)."""
    c = np.array([[PAGE_W / 2, PAGE_H / 2], [PAGE_W / 2 + 1, PAGE_H / 2], [PAGE_W / 2, PAGE_H / 2 + 1]])
    p = apply_homography(h, c)
    return float(math.sqrt(np.linalg.norm(p[1] - p[0]) * np.linalg.norm(p[2] - p[0])))


def rotation_of(h: np.ndarray) -> int:
    """0, 90, 180 or 270: how far the page's x axis is turned clockwise on the photo."""
    c = np.array([[PAGE_W / 2, PAGE_H / 2], [PAGE_W / 2 + 10, PAGE_H / 2]])
    p = apply_homography(h, c)
    angle = math.degrees(math.atan2(p[1, 1] - p[0, 1], p[1, 0] - p[0, 0]))
    return int(round(angle / 90.0)) % 4 * 90


def warp_to_page(img: np.ndarray, h: np.ndarray, px_per_mm: float, box: Box, border: Optional[int] = 255
                 ) -> np.ndarray:
    """The part ``box`` (mm) of the page, cut out of ``img`` through ``h`` (page mm -> img px) at ``px_per_mm``.
    Output pixel (u, v) shows page point (box.x + (u + 0.5) / px_per_mm, box.y + (v + 0.5) / px_per_mm).
    Where ``img`` ends: ``border`` (grey level), or with ``border=None`` the edge pixels of ``img`` repeated."""
    s = np.array([[1 / px_per_mm, 0, box.x + 0.5 / px_per_mm], [0, 1 / px_per_mm, box.y + 0.5 / px_per_mm],
                  [0, 0, 1.0]])
    size = (int(round(box.w * px_per_mm)), int(round(box.h * px_per_mm)))
    if border is None:
        return cv2.warpPerspective(img, h @ s, size, flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                                   borderMode=cv2.BORDER_REPLICATE)
    return cv2.warpPerspective(img, h @ s, size, flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                               borderMode=cv2.BORDER_CONSTANT, borderValue=border)


def page_on_photo(h_photo: np.ndarray, shape: tuple[int, ...]) -> bool:
    """Is the whole page (its four corners) on a photo of ``shape`` (H, W, ...) through ``h_photo``?"""
    corners = apply_homography(h_photo, np.array([[0.0, 0.0], [PAGE_W, 0.0], [0.0, PAGE_H], [PAGE_W, PAGE_H]]))
    return bool(np.all((corners >= -0.5) & (corners <= np.array([shape[1], shape[0]]) - 0.5)))


def rectify(grey: np.ndarray, h_photo: np.ndarray, px_per_mm: float = PX_PER_MM, border: Optional[int] = 255
            ) -> np.ndarray:
    """The whole A4 page rectified from ``grey`` (the full photo) through ``h_photo`` (page mm -> photo px):
    grey uint8, ``round(210 * px_per_mm)`` x ``round(297 * px_per_mm)``; where the photo ends white, or with
    ``border=None`` the photo's edge pixels repeated."""
    ppm = photo_px_per_mm(h_photo)
    src, h = grey, h_photo
    if ppm > PRESHRINK_ABOVE * px_per_mm:
        s = PRESHRINK_ABOVE * px_per_mm / ppm
        src = cv2.resize(grey, None, fx=s, fy=s, interpolation=cv2.INTER_AREA)
        h = scale_matrix(s) @ h_photo
    return warp_to_page(src, h, px_per_mm, Box(0.0, 0.0, PAGE_W, PAGE_H), border)
