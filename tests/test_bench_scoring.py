"""The end-to-end benchmark's scoring (bench/bench_digitize.py): what counts as a cell read right."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from bench_digitize import same_value  # noqa: E402


def test_a_zero_read_in_an_empty_cell_is_a_wrong_reading():
    """An empty cell read as nothing or as no mark is right; read as the figure 0 it is a phantom. Before,
    ``got in (None, False)`` took the 0 for nothing (``0 == False`` in Python) and scored it right."""
    assert same_value(None, None) and same_value(False, None)
    assert not same_value(0, None) and not same_value(0.0, None)
    assert same_value(0, 0) and not same_value(None, 0)
