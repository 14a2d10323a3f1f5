"""The ``skatscan`` program: one click group, thin subcommands in ``skatscan/cmd_*.py``.

Every subcommand reports bad input as one line ``skatscan: FILE: problem`` on stderr and exits
with status 2, never with a traceback (see :class:`BadInput`).
"""
from __future__ import annotations

import contextlib
import importlib
import signal
import sys
import threading

import click

from audit.files import one_line

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
#: Every command's status when Ctrl-C stops it, and when SIGTERM does (128 + the signal, as the shell reports either).
EXIT_INTERRUPTED, EXIT_STOPPED = 128 + signal.SIGINT, 128 + signal.SIGTERM


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


class Stopped(KeyboardInterrupt):
    """SIGTERM (``kill PID``, ``timeout``, an IDE's stop button) where the command is, taken as Ctrl-C is: what was
    finished is kept (an output half-written is removed), one line says so. Before, the command died at once, without
    a word, and left the temporary file of what it was writing."""


def _stop(signum, frame):
    """The SIGTERM handler: :class:`Stopped` where the command is. A second SIGTERM while the command ends is not one
    more stop in the middle of its clearing up (before, it ended the process at once with -15)."""
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    raise Stopped()


@contextlib.contextmanager
def _sigterm_as_ctrl_c():
    """SIGTERM raises :class:`Stopped` while the command runs (in the main thread, where signals are handled). A
    SIGTERM its parent set to be ignored stays ignored (as Python leaves an ignored SIGINT)."""
    if threading.current_thread() is not threading.main_thread() \
            or signal.getsignal(signal.SIGTERM) == signal.SIG_IGN:
        yield
        return
    before = signal.signal(signal.SIGTERM, _stop)
    try:
        yield
    finally:
        if signal.getsignal(signal.SIGTERM) is _stop:     # once stopped, the others wait till the process has ended
            signal.signal(signal.SIGTERM, before)


class OneLineCommand(click.Command):
    """Turns click's usage errors (unknown option, missing -o, a value out of range, ...) into one ``BadInput`` line
    naming the option or argument, as every other bad input is (interfaces.md), not click's usage block."""

    def parse_args(self, ctx, args):
        try:
            rest = super().parse_args(ctx, args)
        except click.BadParameter as e:  # includes MissingParameter
            name = _param_name(e.param) if e.param is not None else (e.param_hint or "option")
            problem = "missing, it is required" if isinstance(e, click.MissingParameter) else e.message
            raise BadInput(one_line(problem), name) from None
        except click.NoSuchOption as e:
            raise BadInput("no such option", e.option_name) from None
        except click.BadOptionUsage as e:    # an option without its value ("-o" last): named, as the others are
            raise BadInput(one_line(e.message), e.option_name) from None
        except click.UsageError as e:
            raise BadInput(one_line(e.message), self.name or "skatscan") from None
        # an option's value that is another option of the command ("-o -v FILE": "-v" taken as the file to write)
        names = {n for p in self.params if isinstance(p, click.Option) for n in p.opts + p.secondary_opts}
        for param in self.params:
            value = ctx.params.get(param.name)
            if isinstance(param, click.Option) and isinstance(value, str) and value in names:
                raise BadInput(f"needs a value, not the option {value}", _param_name(param))
        return rest


def _param_name(param: click.Parameter) -> str:
    """An option as typed (``--workers``), an argument as the help shows it (``PHOTOS``)."""
    if isinstance(param, click.Argument):
        return param.human_readable_name
    opts = getattr(param, "opts", None) or [param.name or "option"]
    return opts[0]


class LazyGroup(click.Group):
    """Imports a subcommand only when it runs, so ``skatscan audit`` never loads OpenCV."""

    def list_commands(self, ctx):
        return sorted(SUBCOMMANDS)

    def get_command(self, ctx, name):
        module = SUBCOMMANDS.get(name)
        if module is None:
            return None
        return importlib.import_module(module).command

    def parse_args(self, ctx, args):
        try:
            return super().parse_args(ctx, args)
        except click.NoSuchOption as e:     # one line, as a subcommand's (the program alone still shows its help)
            raise BadInput("no such option", e.option_name) from None

    def resolve_command(self, ctx, args):
        if args and not args[0].startswith("-") and args[0] not in SUBCOMMANDS:
            raise BadInput(f"no such command ({', '.join(sorted(SUBCOMMANDS))})", args[0])
        return super().resolve_command(ctx, args)

    def invoke(self, ctx):
        """Run the subcommand; Ctrl-C is one line and exit status 130 (click's own "Aborted!" exits 1, which
        ``audit`` and ``scan`` use for "errors found"), SIGTERM the same line and 143 (128 + the signal, as the shell
        reports either)."""
        with _sigterm_as_ctrl_c():      # still held while the line is said and the command ends
            try:
                return super().invoke(ctx)
            except KeyboardInterrupt as exc:
                click.echo("skatscan: interrupted", err=True)
                ctx.exit(EXIT_STOPPED if isinstance(exc, Stopped) else EXIT_INTERRUPTED)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="skatscan")
def cli():
    """skatscan: read, audit and score DSkV Skat tournament lists (Spiellisten).

    Exit status: 0 done (no error found), 1 errors found (audit, scan), 2 bad input, 130 stopped by Ctrl-C,
    143 stopped by SIGTERM (kill PID; timeout --preserve-status; plain timeout returns its own 124). Each
    command's --help lists its own.
    """
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
        sys.exit(EXIT_INTERRUPTED)


if __name__ == "__main__":
    main()
