"""What the tests of ``scan`` share that read no real photo: a stand-in for the photo reader, put in its place, and a
folder of 'photos' for it (a few bytes each)."""
import json
from pathlib import Path

import skatscan.cmd_scan

SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "lists" / "six-games.json"


def sample_read(path: str, engine: str = "skatscan", settings=None) -> dict:
    """Stands in for the photo reader: every 'photo' reads as the six-game sample list."""
    return {"list": json.loads(SAMPLE.read_text()), "overlay_jpeg": None}


def read_photos_with(monkeypatch, read) -> None:
    """``scan`` reads its photos with ``read`` (as :func:`sample_read` is called) instead of the photo reader."""
    monkeypatch.setattr(skatscan.cmd_scan, "_process", read)


def photo_folder(folder: Path, names: list[str]) -> Path:
    """``folder``, made, with a 'photo' of each of ``names``, all different ("photo 0", "photo 1", ...)."""
    folder.mkdir()
    for i, name in enumerate(names):
        (folder / name).write_bytes(f"photo {i}".encode())
    return folder
