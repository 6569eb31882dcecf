"""Tournament formats for club nights, each a declared object: its options, movements
and tie-breaks, and the schedules (rounds, tables, seats, byes) its movements make."""

from scorekeeper.club.formats import progressive_euchre, sheepshead_tournament, spades_league
from scorekeeper.club.formats.base import Format

FORMATS: tuple[Format, ...] = (
    progressive_euchre.FORMAT,
    sheepshead_tournament.FORMAT,
    spades_league.FORMAT,
)


def format_by_id(format_id: str) -> Format:
    for candidate in FORMATS:
        if candidate.id == format_id:
            return candidate
    raise ValueError(f"there is no tournament format {format_id!r}")
