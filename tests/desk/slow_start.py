"""A photo reader whose module takes two seconds to import, as skatscan's own on a busy machine: a worker process
that reads with it starts slowly (tests/desk/test_batch.py)."""
import time

time.sleep(2.0)


def read(path: str) -> dict:
    """The photo read at once: a fake list."""
    return {"list": {"photo": path}}
