"""Small hand-made lists for the tests: a row at a time, as a keeper writes it."""
from audit.model import Footer, Game, ScoreList, SeatCells, Table


def row(no, seats, seat=None, total=None, won=None, lost=None, **cols):
    players = [SeatCells() for _ in range(seats)]
    if seat is not None:
        players[seat - 1] = SeatCells(total=total, won=won, lost=lost)
    return Game(no=no, players=tuple(players), **cols)


def make_list(rows, seats=3, footer=None, signatures=True, games=None, kind="tournament", first_dealer=1):
    """A list of ``rows``; the remaining rows up to ``games`` (default: the whole series of 36 or
    48) are crossed out."""
    rows = list(rows)
    last = max((g.no for g in rows), default=0)
    games = games or {3: 36, 4: 48}[seats]
    rows += [Game(no=n, crossed_out=True, players=tuple(SeatCells() for _ in range(seats)))
             for n in range(last + 1, games + 1)]
    footer = footer or Footer(*([(None,) * seats] * 7))
    return ScoreList(table=Table(seats=seats, series=1, table=1, start_numbers=tuple(str(i + 1) for i in range(seats)),
                                 first_dealer=first_dealer, kind=kind),
                     games=tuple(rows), footer=footer,
                     signatures=tuple([signatures] * seats) if signatures is not None else None)
