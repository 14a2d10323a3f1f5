"""A command's help lists every exit status it can return: those its module exits with (the ``EXIT_*`` constants of
:mod:`skatscan.cli` it uses), 0 when it did its work, 2 for bad input (every command's usage errors are), and those
of Ctrl-C and SIGTERM, which the program returns for every command; the program's own help lists them all."""
import importlib
import re

import click
import pytest
from click.testing import CliRunner

from skatscan.cli import EXIT_BAD_INPUT, EXIT_CLEAN, EXIT_INTERRUPTED, EXIT_STOPPED, cli

#: Every command of the program, as its group gives them (a new command is checked without being named here).
COMMANDS = cli.list_commands(click.Context(cli))


def listed_statuses(help_text: str) -> set[int]:
    """The statuses the help's "Exit status:" paragraph lists ("0 read, 2 bad input (...), 130 ...")."""
    paragraph = next((p for p in help_text.split("\n\n") if p.strip().startswith("Exit status:")), "")
    return {int(n) for n in re.findall(r"(?:status:|,) (\d+) ", " ".join(paragraph.split()))}


def returned_statuses(name: str) -> set[int]:
    """The statuses the command ``name`` returns: its module's ``EXIT_*`` and those every command returns."""
    module = importlib.import_module(cli.get_command(click.Context(cli), name).callback.__module__)
    return {value for key, value in vars(module).items() if key.startswith("EXIT_")} | {
        EXIT_CLEAN, EXIT_BAD_INPUT, EXIT_INTERRUPTED, EXIT_STOPPED}


def test_every_command_is_checked():
    assert {"scan", "digitize", "audit", "standings", "form", "synth", "draw"} <= set(COMMANDS)


@pytest.mark.parametrize("name", COMMANDS)
def test_the_help_lists_every_exit_status_the_command_returns(name):
    """``scan --help`` listed 0, 1 and 2, not 130 (Ctrl-C) and 143 (SIGTERM), which a long scan is often ended
    with (session 46 made SIGTERM end it as Ctrl-C does); ``form``, ``synth`` and ``draw --help`` listed none,
    though the README says every command returns 130 and 143."""
    r = CliRunner().invoke(cli, [name, "--help"])
    assert r.exit_code == 0
    assert listed_statuses(r.output) == returned_statuses(name)


def test_the_programs_help_lists_the_statuses_of_its_commands():
    """``skatscan --help`` said nothing of exit statuses; it lists those its commands return."""
    r = CliRunner().invoke(cli, ["--help"])
    assert r.exit_code == 0
    assert listed_statuses(r.output) == set().union(*map(returned_statuses, COMMANDS))


@pytest.mark.parametrize("name", [None, *COMMANDS])
def test_the_help_does_not_say_timeout_returns_143(name):
    """GNU ``timeout`` returns its own 124 when it stops a command, 143 only with ``--preserve-status``: the help
    said "143 stopped by SIGTERM (kill PID, timeout)". Each "timeout" it names is "timeout --preserve-status", or plain
    timeout with its own 124: 143 is never put down to plain timeout, however it is worded."""
    r = CliRunner().invoke(cli, [name, "--help"] if name else ["--help"])
    text = re.sub(r"(?<=[a-z]-)\s+(?=[a-z])", "", " ".join(r.output.split()))     # "--preserve-\nstatus" wrapped
    said = re.findall(r"(plain )?\btimeout\b( --preserve-status)?( returns its own 124)?", text)
    assert said and all(preserve or plain and own for plain, preserve, own in said), said
