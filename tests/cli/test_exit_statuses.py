"""A command's help lists every exit status it can return: those its module exits with (the ``EXIT_*`` constants of
:mod:`skatscan.cli` it uses), 0 when it did its work, and those of Ctrl-C and SIGTERM, which the program returns for
every command."""
import importlib
import re

import pytest
from click.testing import CliRunner

from skatscan.cli import EXIT_CLEAN, EXIT_INTERRUPTED, EXIT_STOPPED, SUBCOMMANDS, cli

#: The commands whose help has an "Exit status:" paragraph.
LISTING = ["scan", "digitize", "audit", "standings"]


def listed_statuses(help_text: str) -> set[int]:
    """The statuses the help's "Exit status:" paragraph lists ("0 read, 2 bad input (...), 130 ...")."""
    paragraph = next(p for p in help_text.split("\n\n") if p.strip().startswith("Exit status:"))
    return {int(n) for n in re.findall(r"(?:status:|,) (\d+) ", " ".join(paragraph.split()))}


@pytest.mark.parametrize("name", LISTING)
def test_the_help_lists_every_exit_status_the_command_returns(name):
    """``scan --help`` listed 0, 1 and 2, not 130 (Ctrl-C) and 143 (SIGTERM), which a long scan is often ended
    with (session 46 made SIGTERM end it as Ctrl-C does); ``audit --help`` and ``standings --help`` too."""
    module = importlib.import_module(SUBCOMMANDS[name])
    returned = {value for key, value in vars(module).items() if key.startswith("EXIT_")} | {
        EXIT_CLEAN, EXIT_INTERRUPTED, EXIT_STOPPED}
    r = CliRunner().invoke(cli, [name, "--help"])
    assert r.exit_code == 0
    assert listed_statuses(r.output) == returned


@pytest.mark.parametrize("name", sorted(set(SUBCOMMANDS) - set(LISTING)))
def test_a_command_that_lists_exit_statuses_is_checked(name):
    """A command whose help gains an "Exit status:" paragraph joins :data:`LISTING`, so that it is checked."""
    r = CliRunner().invoke(cli, [name, "--help"])
    assert r.exit_code == 0 and "Exit status:" not in r.output
