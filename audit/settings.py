"""What a tournament sets for itself (SkWO 6.2, the Spielplan): series length, loss money, the
rule for abandoned games of online lists (reference 003) and the penalty schedule (reference 002)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from decimal import Decimal, InvalidOperation
from typing import Optional

#: Common schedule: 0.50 EUR for each of a player's first three lost games, 1.00 EUR after.
DEFAULT_LOSS_MONEY = "0.50*3,1.00"
#: Games per series in the usual official list: 12 rounds (reference 004). The SkWO names no number (reference
#: 001): the tournament's plan sets it (SkWO 6.2 A d, "Spielzahl je Tisch"), ``--games``.
DEFAULT_GAMES = {3: 36, 4: 48}


@lru_cache(maxsize=64)
def parse_loss_money(text: str) -> tuple[tuple[Optional[int], Decimal], ...]:
    """Parse a loss money schedule.

    ``"0.50*3,1.00"`` means 0.50 for each of the first three lost games, 1.00 for every
    further one; ``"0.50"`` alone means 0.50 for every lost game; ``"0"`` means none.

    >>> parse_loss_money("0.50*3,1.00")
    ((3, Decimal('0.50')), (None, Decimal('1.00')))
    """
    steps: list[tuple[Optional[int], Decimal]] = []
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if not parts:
        raise ValueError("empty loss money schedule")
    for i, part in enumerate(parts):
        amount, _, count = part.partition("*")
        try:
            money = Decimal(amount.strip().replace("€", ""))
        except InvalidOperation:
            raise ValueError(f"loss money {part!r}: not an amount") from None
        if money < 0:
            raise ValueError(f"loss money {part!r}: negative")
        if count:
            if not count.strip().isdigit() or int(count) < 1:
                raise ValueError(f"loss money {part!r}: the count after * must be a whole number")
            steps.append((int(count), money))
        else:
            if i != len(parts) - 1:
                raise ValueError(f"loss money {part!r}: only the last step may go on without a count")
            steps.append((None, money))
    if steps[-1][0] is not None:
        steps.append((None, Decimal(0)))
    return tuple(steps)


@dataclass(frozen=True)
class Settings:
    #: games per series; None: 36 at three seats, 48 at four
    games: Optional[int] = None
    loss_money: str = DEFAULT_LOSS_MONEY
    #: score abandoned games by the online rules of reference 003 (Skat-Online 3.3.9, 3.4.6, 4.3.6)
    online: bool = False
    #: penalty schedule by name (audit.penalties.SCHEDULES); None: written penalties stand unchecked
    penalties: Optional[str] = None

    def __post_init__(self):
        parse_loss_money(self.loss_money)  # fail early on a bad schedule
        from .penalties import schedule
        schedule(self.penalties)
        if self.games is not None and not 1 <= self.games <= 200:
            raise ValueError(f"games per series {self.games}: must be 1 to 200")

    def games_for(self, seats: int) -> int:
        return self.games if self.games is not None else DEFAULT_GAMES[seats]

    def money_for(self, lost_games: int) -> Decimal:
        """Loss money owed for ``lost_games`` lost games.

        >>> Settings().money_for(5)
        Decimal('3.50')
        """
        owed = Decimal(0)
        left = lost_games
        for count, amount in parse_loss_money(self.loss_money):
            n = left if count is None else min(left, count)
            owed += n * amount
            left -= n
            if left <= 0:
                break
        return owed
