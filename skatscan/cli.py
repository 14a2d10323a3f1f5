"""The ``skatscan`` program: one click group, thin subcommands in ``skatscan/cmd_*.py``.

Every subcommand reports bad input as one line ``skatscan: FILE: problem`` on stderr and exits
with status 2, never with a traceback (see :class:`BadInput`).
"""
from __future__ import annotations

import importlib
import sys

import click

#: subcommand name -> module that defines a click command called ``command``
SUBCOMMANDS = {
    "audit": "skatscan.cmd_audit",
    "standings": "skatscan.cmd_standings",
    "form": "skatscan.cmd_form",
    "synth": "skatscan.cmd_synth",
    "digitize": "skatscan.cmd_digitize",
    "scan": "skatscan.cmd_scan",
    "draw": "skatscan.cmd_draw",
}

EXIT_CLEAN, EXIT_FINDINGS, EXIT_BAD_INPUT = 0, 1, 2


class BadInput(click.ClickException):
    """One clear line naming the file and the problem; exit status 2."""

    exit_code = EXIT_BAD_INPUT

    def __init__(self, problem: str, file: str | None = None):
        super().__init__(f"{file}: {problem}" if file else problem)

    def show(self, file=None):
        click.echo(f"skatscan: {self.format_message()}", err=True)


def bad_input_line(file: str, problem: str) -> None:
    """Report one bad file of a batch and go on."""
    click.echo(f"skatscan: {file}: {problem}", err=True)


class LazyGroup(click.Group):
    """Imports a subcommand only when it runs, so ``skatscan audit`` never loads OpenCV."""

    def list_commands(self, ctx):
        return sorted(SUBCOMMANDS)

    def get_command(self, ctx, name):
        module = SUBCOMMANDS.get(name)
        if module is None:
            return None
        return importlib.import_module(module).command

    def invoke(self, ctx):
        """Run the subcommand; Ctrl-C is one line and exit status 130 (click's own "Aborted!" exits 1, which
        ``audit`` and ``scan`` use for "errors found")."""
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            click.echo("skatscan: interrupted", err=True)
            ctx.exit(130)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="skatscan")
def cli():
    """skatscan: read, audit and score DSkV Skat tournament lists (Spiellisten)."""
    # a file name that is not UTF-8 (Python holds its odd bytes as surrogates) is printed as "\udcfc", as Python's
    # stderr does, not the end of the command (a German locale's stdout takes no surrogates)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="backslashreplace")
        except (AttributeError, ValueError):
            pass


def main(argv=None):
    try:
        cli.main(args=argv, prog_name="skatscan", standalone_mode=True)
    except KeyboardInterrupt:
        click.echo("skatscan: interrupted", err=True)
        sys.exit(130)


if __name__ == "__main__":
    main()
