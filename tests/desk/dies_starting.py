"""A photo reader whose module fails to import in a worker process (a broken install, a crash at import), though it
imported in the batch's own process before the test set ``SKATSCAN_TEST_DIE_STARTING``: every worker that reads with it
dies as it starts (tests/desk/test_batch.py)."""
import os

if os.environ.get("SKATSCAN_TEST_DIE_STARTING"):
    raise ImportError("a library the reader needs is broken")


def read(path: str) -> dict:
    """Never reached in a worker."""
    return {"list": {"photo": path}}
