"""What the standings board shows, as text with the players' names: where the night is,
the standings, the next round's tables and the latest big hands."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.club.formats.base import Format
from scorekeeper.club.formats.schedule import Round
from scorekeeper.club.formats.standings import Standing
from scorekeeper.club.formats.words import seating_words


@dataclass(frozen=True)
class Stage:
    """Where the night is, from its rounds: the one being played, the last started."""

    playing: int | None  # the round being played (None: none is, between rounds)
    last: int  # the last round started (0: none yet)
    rounds: int | None  # how many rounds the night has (None: the format sets no number)

    @property
    def over(self) -> bool:
        return self.playing is None and self.rounds is not None and self.last >= self.rounds

    @property
    def upcoming(self) -> int | None:
        """The round whose tables are shown as the next (None: the night is over)."""
        return None if self.over else (self.playing or self.last) + 1


def stage_words(stage: Stage) -> str:
    """ "round 3 of 8 playing", "round 2 of 8 over, round 3 next", "round 1 of 8 next",
    "all 8 rounds played: final standings"."""
    of = f" of {stage.rounds}" if stage.rounds else ""
    if stage.playing is not None:
        return f"round {stage.playing}{of} playing"
    if stage.over:
        return f"all {stage.rounds} rounds played: final standings"
    if stage.last == 0:
        return f"round 1{of} next"
    return f"round {stage.last}{of} over, round {stage.last + 1} next"


@dataclass(frozen=True)
class BoardData:
    event: str
    heading: str  # "Progressive Euchre, round 3 of 8 playing"
    standings: tuple[tuple[str, str, str], ...]  # place, name, points (or "3 won, 410")
    next_round: tuple[str, ...]  # "Table 1: Ann & Cy against Bob & Dee"
    big_hands: tuple[str, ...]  # newest first


def board_data(
    fmt: Format,
    event: str,
    stage: Stage,
    table: Sequence[Standing],
    names: Sequence[str],
    next_round: Round | None = None,
    big_hands: Sequence[str] = (),
) -> BoardData:
    moves: tuple[str, ...] = ("None: the night is over",) if stage.over else ()
    if next_round is not None:
        moves = tuple(
            f"Table {t.number}: {seating_words(fmt, t, names)}" for t in next_round.tables
        )
        if next_round.byes:
            moves += ("Sitting out: " + ", ".join(names[p] for p in next_round.byes),)
    return BoardData(
        event,
        f"{fmt.title}, {stage_words(stage)}",
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
