"""Tournament formats for club nights, each a declared object: its options, movements
and tie-breaks, and the schedules (rounds, tables, seats, byes) its movements make. A
format belongs to the game played at its tables, which declares it (``Game.club_formats``)."""

from functools import cache

from scorekeeper.club.formats.base import Format
from scorekeeper.games import GAME_MODULES, get_game
from scorekeeper.games.winning import Winning


@cache
def formats() -> tuple[Format, ...]:
    """Every game's club formats, by their titles (the order a director reads them in)."""
    declared = (fmt for game_id in GAME_MODULES for fmt in get_game(game_id).club_formats)
    return tuple(sorted(declared, key=lambda fmt: fmt.title.casefold()))


def format_by_id(format_id: str) -> Format:
    for candidate in formats():
        if candidate.id == format_id:
            return candidate
    raise ValueError(f"there is no tournament format {format_id!r}")


def format_winning(fmt: Format) -> Winning:
    """How the format's game is won: what its standings rank by."""
    return get_game(fmt.game).winning
