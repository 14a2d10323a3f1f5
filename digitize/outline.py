"""The printed grid's outline on a photo: the largest networks of dark lines, each fitted with a
quadrilateral (the candidates for the grid's outer frame), and the homography that puts a layout's grid
corners onto one of them."""
from __future__ import annotations

from typing import Optional

import cv2
import numpy as np

from digitize.layout import FormLayout

#: Adaptive threshold for the line network: block size as a fraction of the work image's long side, offset.
THRESH_BLOCK_FRACTION = 1 / 60
THRESH_OFFSET = 8
#: Candidate grid components: at most this many of the largest, each spanning this share of the short side.
MAX_COMPONENTS = 3
MIN_COMPONENT_SPAN = 0.25


def grid_quads(work: np.ndarray) -> list[np.ndarray]:
    """Outlines (4 x 2, clockwise, work px) of the largest line networks on ``work`` (grey): candidates
    for the printed grid's outer frame, largest first."""
    long_side = max(work.shape)
    block = max(11, int(long_side * THRESH_BLOCK_FRACTION) | 1)
    smooth = cv2.GaussianBlur(work, (3, 3), 0)
    binary = cv2.adaptiveThreshold(smooth, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, block,
                                   THRESH_OFFSET)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(binary, connectivity=8)
    if n <= 1:
        return []
    span = MIN_COMPONENT_SPAN * min(work.shape)
    order = np.argsort(-stats[1:, cv2.CC_STAT_AREA]) + 1
    quads = []
    for i in order[:MAX_COMPONENTS * 3]:
        x, y, w, h, _area = stats[i]
        if w < span or h < span:
            continue
        sub = (labels[y:y + h, x:x + w] == i).astype(np.uint8)
        contours, _ = cv2.findContours(sub, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
        if not contours:
            continue
        contour = max(contours, key=len).reshape(-1, 2).astype(np.float64) + (x, y)
        quad = _fit_quad(contour)
        if quad is not None:
            quads.append(quad)
        if len(quads) >= MAX_COMPONENTS:
            break
    return quads


def _fit_quad(contour: np.ndarray) -> Optional[np.ndarray]:
    """A quadrilateral (4 x 2, clockwise on the image) fitted to an outer contour: a rough 4-gon from the
    convex hull, then each side refitted robustly to the contour points along it."""
    hull = cv2.convexHull(contour.astype(np.float32))
    peri = cv2.arcLength(hull, True)
    approx = None
    for eps in (0.01, 0.02, 0.03, 0.05, 0.08):
        a = cv2.approxPolyDP(hull, eps * peri, True)
        if len(a) == 4:
            approx = a.reshape(4, 2).astype(np.float64)
            break
        if len(a) < 4:
            break
    if approx is None:
        approx = cv2.boxPoints(cv2.minAreaRect(hull)).astype(np.float64)
    quad = _clockwise(approx)
    lines = []
    for k in range(4):
        a, b = quad[k], quad[(k + 1) % 4]
        d = b - a
        length = float(np.linalg.norm(d))
        if length < 10:
            return None
        d /= length
        n = np.array([-d[1], d[0]])
        rel = contour - a
        t = rel @ d
        dist = rel @ n
        near = (t > 0.1 * length) & (t < 0.9 * length) & (np.abs(dist) < 0.03 * length + 3)
        pts = contour[near]
        if len(pts) < 10:
            lines.append((a, d))
            continue
        vx, vy, x0, y0 = cv2.fitLine(pts.astype(np.float32), cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        lines.append((np.array([x0, y0], np.float64), np.array([vx, vy], np.float64)))
    out = []
    for k in range(4):
        (p1, d1), (p2, d2) = lines[k - 1], lines[k]
        m = np.array([d1, -d2]).T
        if abs(np.linalg.det(m)) < 1e-6:
            return None
        t = np.linalg.solve(m, p2 - p1)
        out.append(p1 + t[0] * d1)
    return _clockwise(np.array(out))


def _clockwise(quad: np.ndarray) -> np.ndarray:
    """The corners in clockwise order on the image (y down), starting from the one nearest the top-left."""
    c = quad.mean(axis=0)
    ang = np.arctan2(quad[:, 1] - c[1], quad[:, 0] - c[0])
    q = quad[np.argsort(ang)]            # increasing angle with y down = clockwise on screen
    start = int(np.argmin(q[:, 0] + q[:, 1]))
    return np.roll(q, -start, axis=0)


def quad_homography(layout: FormLayout, quad: np.ndarray, turn: int) -> Optional[np.ndarray]:
    """Homography page mm -> work px mapping the layout's grid corners onto ``quad`` turned by ``turn``."""
    g = layout.grid
    src = np.array([(g.x, g.y), (g.x2, g.y), (g.x2, g.y2), (g.x, g.y2)], np.float64)
    dst = np.roll(quad, -turn, axis=0)
    try:
        return cv2.getPerspectiveTransform(src.astype(np.float32), dst.astype(np.float32)).astype(np.float64)
    except cv2.error:
        return None


#: Another list on the photo: a grid outline whose area is this share of the area of the grid read (at least, at
#: most), shaped like a list's grid (its shorter sides at least OTHER_LIST_SHAPE of its longer ones: the grid is
#: about 0.7 as wide as high, less under a slanted view; a sliver fitted to a component that the grid's lines and a
#: table's wood grain make together is far narrower: the README's tournament photo s1-t1), overlapping the grid read
#: (and every other such outline) by less than OTHER_OVERLAP of the smaller of the two.
OTHER_LIST_AREA = (0.4, 2.5)
OTHER_LIST_SHAPE = 0.45
OTHER_OVERLAP = 0.2


def other_lists(quads: list, grid: np.ndarray) -> int:
    """How many other lists ``quads`` (:func:`grid_quads`) show beside the grid read (``grid``: its outline, 4 x 2, in
    the same pixels): outlines of about its size that lie apart from it and from each other. A photo of two lists side
    by side has the other list's grid among the largest line networks; a single list's own parts (a grid split by a
    fold, the head's boxes) lie within its outline, the paper's edge or a frame around it overlaps it wholly, and a
    table's wood grain joined to the grid's lines gives a sliver (:data:`OTHER_LIST_SHAPE`)."""
    read = np.asarray(grid, np.float32)
    area = abs(cv2.contourArea(read))
    if area <= 0:
        return 0
    others: list[np.ndarray] = []
    for q in quads:
        q = np.asarray(q, np.float32)
        a = abs(cv2.contourArea(q))
        if not OTHER_LIST_AREA[0] * area <= a <= OTHER_LIST_AREA[1] * area or _narrowness(q) < OTHER_LIST_SHAPE:
            continue
        if all(_overlap(q, o) < OTHER_OVERLAP for o in [read, *others]):
            others.append(q)
    return len(others)


def _narrowness(quad: np.ndarray) -> float:
    """The mean length of a quadrilateral's shorter pair of opposite sides over that of its longer pair (1 for a
    square, near 0 for a sliver)."""
    sides = np.linalg.norm(np.roll(quad, -1, axis=0) - quad, axis=1)
    pairs = sorted(((sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2))
    return float(pairs[0] / pairs[1]) if pairs[1] > 0 else 0.0


def _overlap(a: np.ndarray, b: np.ndarray) -> float:
    """The area two convex outlines share, as a share of the smaller one's area."""
    shared, _ = cv2.intersectConvexConvex(cv2.convexHull(a), cv2.convexHull(b))
    smaller = min(abs(cv2.contourArea(a)), abs(cv2.contourArea(b)))
    return float(shared) / smaller if smaller > 0 else 1.0
