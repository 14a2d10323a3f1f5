"""Options shared by several subcommands."""
from __future__ import annotations

import click

from audit.settings import DEFAULT_LOSS_MONEY, Settings

from .cli import BadInput


def settings_options(f):
    f = click.option("--loss-money", default=DEFAULT_LOSS_MONEY, show_default=True,
                     help="Loss money schedule: '0.50*3,1.00' = 0.50 EUR for each of the first three "
                          "lost games, 1.00 EUR after; '0' for none.")(f)
    f = click.option("--games", type=int, default=None,
                     help="Games per series (default 36 at three seats, 48 at four).")(f)
    return f


def make_settings(games, loss_money) -> Settings:
    try:
        return Settings(games=games, loss_money=loss_money)
    except ValueError as exc:
        raise BadInput(str(exc), "--games/--loss-money")


lang_option = click.option("--lang", type=click.Choice(["de", "en"]), default="de", show_default=True,
                           help="Language of the report (German for referees, or English).")
