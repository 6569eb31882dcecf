"""What the standings board shows, as text with the players' names: the round, the
standings, the next round's tables and the latest big hands."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.club.formats.base import Format
from scorekeeper.club.formats.schedule import Round
from scorekeeper.club.formats.standings import Standing
from scorekeeper.club.formats.words import seating_words


@dataclass(frozen=True)
class BoardData:
    event: str
    heading: str  # "Progressive Euchre, round 3 of 8"
    standings: tuple[tuple[str, str, str], ...]  # place, name, points (or "3 won, 410")
    next_round: tuple[str, ...]  # "Table 1: Ann & Cy against Bob & Dee"
    big_hands: tuple[str, ...]  # newest first


def board_data(
    fmt: Format,
    event: str,
    round_number: int,
    rounds: int,
    table: Sequence[Standing],
    names: Sequence[str],
    next_round: Round | None = None,
    big_hands: Sequence[str] = (),
) -> BoardData:
    moves: tuple[str, ...] = ()
    if next_round is not None:
        moves = tuple(
            f"Table {t.number}: {seating_words(fmt, t, names)}" for t in next_round.tables
        )
        if next_round.byes:
            moves += ("Sitting out: " + ", ".join(names[p] for p in next_round.byes),)
    return BoardData(
        event,
        f"{fmt.title}, round {round_number} of {rounds}",
        tuple(
            (f"{s.place}=" if s.tied else str(s.place), names[s.player], _figure(fmt, s))
            for s in table
        ),
        moves,
        tuple(big_hands),
    )


def _figure(fmt: Format, standing: Standing) -> str:
    """The points, after the wins when the format ranks by wins first."""
    if fmt.ranking[0].id == "wins":
        return f"{standing.wins} won, {standing.points}"
    return str(standing.points)
