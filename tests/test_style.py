"""The project's own rule for its code: no line longer than 120 characters (characters, not bytes: "ü" is one), in
every Python file of the packages, the tests, the tools and the benchmarks."""
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("audit", "digitize", "desk", "skatscan", "tests", "tools", "bench")
LIMIT = 120


def python_files() -> list[Path]:
    return sorted(p for folder in FOLDERS for p in (ROOT / folder).rglob("*.py"))


def test_the_style_check_sees_the_code():
    names = {p.relative_to(ROOT).as_posix() for p in python_files()}
    assert {"audit/correct.py", "digitize/reader.py", "desk/html.py", "skatscan/cli.py", "tests/test_style.py"} <= names


@pytest.mark.parametrize("path", python_files(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_line_is_longer_than_120_characters(path):
    long = [f"{n}: {len(line)}" for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if len(line) > LIMIT]
    assert not long, f"{path.relative_to(ROOT)}: lines over {LIMIT} characters (line: length): {', '.join(long)}"
