"""Outputs are written whole or not at all (audit.files.write_atomic), also when Ctrl-C or SIGTERM comes while one is
being written."""
import os
import signal

import pytest

import audit.files
from audit.files import write_atomic


@pytest.mark.parametrize("when", ["as its temporary file is made", "as it is written"])
def test_ctrl_c_while_a_file_is_written_waits_until_it_is_whole(tmp_path, monkeypatch, when):
    """Ctrl-C (or the command's SIGTERM) while an output is written: the file is written whole, then the interrupt
    takes effect, and no temporary file stays. Before, one that came as ``mkstemp`` returned left
    ``.NAME.XXXXXXXX.part`` (the review's SIGTERM storm left 11 beside a report's pages)."""
    real_mkstemp, real_fsync = audit.files.tempfile.mkstemp, audit.files.os.fsync

    def mkstemp(*args, **kwargs):
        made = real_mkstemp(*args, **kwargs)
        os.kill(os.getpid(), signal.SIGINT)
        return made

    def fsync(fd):
        os.kill(os.getpid(), signal.SIGINT)
        real_fsync(fd)

    if when == "as its temporary file is made":
        monkeypatch.setattr(audit.files.tempfile, "mkstemp", mkstemp)
    else:
        monkeypatch.setattr(audit.files.os, "fsync", fsync)
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt):
            write_atomic(tmp_path / "index.html", "<html>whole</html>")
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler        # the handler as it was
    finally:
        signal.signal(signal.SIGINT, before)
    assert os.listdir(tmp_path) == ["index.html"]
    assert (tmp_path / "index.html").read_text() == "<html>whole</html>"
