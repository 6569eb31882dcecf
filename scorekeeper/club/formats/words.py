"""Plain words for seating, with the players' names: who plays at a table, and where
one player sits in a round. Used by the printed movement and the standings board."""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.club.formats.base import Format
from scorekeeper.club.formats.schedule import Round, Table

SITS_OUT = "sits out"
NOT_PLAYING = "not playing"  # before a late arrival comes, or after a player left


def together(names: Sequence[str], players: Sequence[int]) -> str:
    return " & ".join(names[p] for p in players)


def seating_words(fmt: Format, seating: Table, names: Sequence[str]) -> str:
    """Who plays at a table: partnerships (or teams) against each other, or everyone."""
    sides = seating.sides(fmt.seating)
    if all(len(side) == 1 for side in sides) and len(sides) > 2:
        return ", ".join(names[p] for p in seating.seats)
    return " against ".join(together(names, side) for side in sides)


def place_words(fmt: Format, round_: Round, player: int, names: Sequence[str]) -> list[str]:
    """Table, partners and opponents of ``player`` in ``round_`` (or that it sits out,
    or is not playing that round: not yet arrived, or gone)."""
    seating = round_.table_of(player)
    if seating is None:
        return ["", SITS_OUT if player in round_.byes else NOT_PLAYING, ""]
    sides = seating.sides(fmt.seating)
    own = next(side for side in sides if player in side)
    partners = [p for p in own if p != player]
    others = [p for side in sides if side is not own for p in side]
    return [
        f"Table {seating.number}",
        together(names, partners) if partners else "",
        together(names, others) if len(sides) == 2 else ", ".join(names[p] for p in others),
    ]
