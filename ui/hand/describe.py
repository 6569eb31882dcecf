"""What the table shows of a hand: roles, the line in the middle, and the phase in words.

Read from the game's hand state (the engine's own fields); nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.games.base import HandState

from .table import SeatView, TableView


def phase_words(state: HandState) -> str:
    return state.phase_title()


def table_view(state: HandState, names: Sequence[str], to_act: int | None = None) -> TableView:
    """The table as the scorer sees it now: the trick on the table, or the one just
    completed (dimmed, its winner marked) until the next card is played; ``to_act`` is
    the seat the scorer picked for the next card, if not the engine's seat to act."""
    if to_act is None:
        to_act = state.to_act
    trick = state.current
    last = False
    if (trick is None or not trick.cards) and state.tricks:
        trick = state.tricks[-1]
        last = True
    table = state.table
    if table is not None and not table.count_points(state.game.deck_mask):
        table = None  # a game whose cards carry no points
    seats = []
    for seat, name in enumerate(names):
        card = trick.card_of(seat) if trick is not None else None
        points = None
        if table is not None:
            points = table.count_points(state.captured[seat])
        seats.append(
            SeatView(
                name=name,
                dealer=seat == state.dealer,
                to_act=seat == to_act,
                sitting_out=not state.active[seat],
                roles=state.seat_roles(seat),
                tricks=state.taken[seat],
                points=points,
                card=card,
                won_last=last and trick is not None and trick.winner == seat,
            )
        )
    return TableView(tuple(seats), state.table_note(), last)
