"""The skatscan edition's printed codes found on a photo: the four ArUco corner markers (a first homography
and the page's turn) and the QR code (seats, games, series, table, start numbers; see
:mod:`digitize.markers` for what they hold)."""
from __future__ import annotations

from typing import Optional

import cv2
import numpy as np

from digitize.homography import apply_homography, photo_px_per_mm, warp_to_page
from digitize.layout import MARKER_IDS, QR_CLEARANCE, Box, layout_for
from digitize.markers import decode_payload, marker_dictionary

#: QR code: crop resolution (px/mm) and the photo resolution (px/mm) below which decoding is not tried.
QR_PX_PER_MM = 10.0
#: Scales the QR crop is tried at (a blurred photo decodes at one, not the other).
QR_TRY_PX_PER_MM = (QR_PX_PER_MM, 14.0)
QR_MIN_PHOTO_PX_PER_MM = 4.0
#: The QR code is not tried when a corner of its box that holds a finder pattern lies more than this far off the
#: photo (mm on the page). The box holds the code's quiet zone (QR_QUIET_MODULES, 1.1-1.3 mm), so a photo's edge may cut
#: the box that far and a little into the finder pattern's outer ring and the code still read: on bench_qr's photos
#: codes were read with a box corner up to 1.76 mm off the photo, none 2.12 mm or more (1.0 here skipped the five).
QR_OFF_PHOTO_MM = 2.0
#: Marker detection: corners refined to sub-pixel accuracy; least perimeter as a share of the work image's
#: long side (a marker is about twice the size of a game cell: cell outlines stay below it, and the detector
#: does not spend its time on them); adaptive threshold windows (px, smallest and largest).
MARKER_CORNER_REFINE = cv2.aruco.CORNER_REFINE_SUBPIX
MARKER_MIN_PERIMETER = 0.05
MARKER_THRESH_WINDOWS = (13, 23)


def detect_markers(grey: np.ndarray, least_perimeter: float = MARKER_MIN_PERIMETER) -> dict[int, np.ndarray]:
    """The corner markers found on ``grey``: id (0..3) -> its corners (4 x 2 px, the marker's own
    top-left, top-right, bottom-right, bottom-left). Ids seen twice are dropped (ambiguous). ``least_perimeter``: the
    least perimeter of a marker looked for, as a share of the image's long side (at least
    :data:`MARKER_MIN_PERIMETER`)."""
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = MARKER_CORNER_REFINE
    params.minMarkerPerimeterRate = max(MARKER_MIN_PERIMETER, float(least_perimeter))
    params.adaptiveThreshWinSizeMin, params.adaptiveThreshWinSizeMax = MARKER_THRESH_WINDOWS
    params.adaptiveThreshWinSizeStep = MARKER_THRESH_WINDOWS[1] - MARKER_THRESH_WINDOWS[0]
    detector = cv2.aruco.ArucoDetector(marker_dictionary(), params)
    corners, ids, _rejected = detector.detectMarkers(grey)
    found: dict[int, list] = {}
    if ids is not None:
        for c, i in zip(corners, ids.ravel()):
            if int(i) in MARKER_IDS.values():
                found.setdefault(int(i), []).append(np.asarray(c, np.float64).reshape(4, 2))
    return {i: cs[0] for i, cs in found.items() if len(cs) == 1}


def marker_homography(markers: dict[int, np.ndarray]) -> Optional[np.ndarray]:
    """Homography page mm -> image px from the markers' corners (any layout: the markers sit alike)."""
    boxes = {m.id: m.box for m in layout_for(4).markers}
    src, dst = [], []
    for i, corners in markers.items():
        b = boxes[i]
        src += [(b.x, b.y), (b.x2, b.y), (b.x2, b.y2), (b.x, b.y2)]
        dst += list(corners)
    h, mask = cv2.findHomography(np.array(src, np.float64), np.array(dst, np.float64), 0)
    if h is None:
        return None
    err = np.linalg.norm(apply_homography(h, np.array(src)) - np.array(dst), axis=1)
    side = np.median([np.linalg.norm(c[1] - c[0]) for c in markers.values()])
    return h if float(np.max(err)) < 0.25 * side else None


def decode_qr(grey: np.ndarray, h_photo: np.ndarray) -> Optional[dict]:
    """The QR payload (:func:`digitize.markers.decode_payload`) read from ``grey`` (full photo) where
    ``h_photo`` (page mm -> photo px) puts the skatscan QR box; None when it cannot be read."""
    ppm = photo_px_per_mm(h_photo)
    if ppm < QR_MIN_PHOTO_PX_PER_MM:
        return None
    qr = layout_for(4).qr
    finders = apply_homography(h_photo, np.array([(qr.x, qr.y), (qr.x2, qr.y), (qr.x, qr.y2)], np.float64))
    h, w = grey.shape[:2]
    off = QR_OFF_PHOTO_MM * ppm
    if (finders < -off).any() or (finders[:, 0] > w - 1 + off).any() or (finders[:, 1] > h - 1 + off).any():
        # a finder pattern off the photo (a list photographed tightly, its top margin cut off): no decoder finds
        # the code, and trying its eight crops and variants cost 45-50 ms of a 12 MP photo
        return None
    box = Box(qr.x - QR_CLEARANCE, qr.y - QR_CLEARANCE, qr.w + 2 * QR_CLEARANCE, qr.h + 2 * QR_CLEARANCE)
    detector = cv2.QRCodeDetector()
    for px_per_mm in QR_TRY_PX_PER_MM:
        crop = warp_to_page(grey, h_photo, px_per_mm, box)
        for img in _qr_variants(crop):
            try:
                text, _pts, _ = detector.detectAndDecode(img)
            except cv2.error:
                text = ""
            if text:
                try:
                    return decode_payload(text)
                except ValueError:
                    return None
    return None


def _qr_variants(crop: np.ndarray):
    """The rectified QR crop as it is, binarised (Otsu, and locally for uneven light), and
    sharpened against camera blur: each tried in turn (cheapest first)."""
    yield crop
    yield cv2.threshold(crop, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)[1]
    yield cv2.adaptiveThreshold(crop, 255, cv2.ADAPTIVE_THRESH_GAUSSIAN_C, cv2.THRESH_BINARY, 31, 5)
    yield cv2.addWeighted(crop, 2.0, cv2.GaussianBlur(crop, (0, 0), 2.0), -1.0, 0)
