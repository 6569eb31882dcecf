"""What the table shows of a hand: roles, the line in the middle, and the phase in words.

Read from the game's hand state (the engine's own fields); nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from scorekeeper.games.base import HandState

from .table import SeatView, TableView

PHASE_WORDS = {
    "deal": "Deal: enter the card turned up",
    "picking": "Picking: pick or pass",
    "calling": "The picker buries and calls",
    "order-up": "Bidding: order up or pass",
    "name-trump": "Second round: name trump or pass",
    "discard": "The dealer discards",
    "defend-alone": "Defending alone?",
    "bidding": "Bidding",
    "exchange": "Blind nil: partners exchange two cards",
    "draw": "Draw from the pile",
    "play": "Play",
    "over": "The hand is over",
}


def phase_words(state: HandState) -> str:
    return PHASE_WORDS.get(state.phase, state.phase.replace("-", " ").capitalize())


def _euchre_roles(state, seat: int) -> list[str]:
    roles = []
    if getattr(state, "maker", None) == seat:
        roles.append("maker alone" if state.alone else "maker")
    if getattr(state, "defender_alone", None) == seat:
        roles.append("defends alone")
    return roles


def _euchre_centre(state) -> str:
    parts = []
    if getattr(state, "upcard", None) is not None:
        parts.append(f"Upcard {state.upcard}")
    if getattr(state, "trump", None) is not None:
        parts.append(f"Trump {state.trump.symbol}")
    return " · ".join(parts)


def _sheepshead_roles(state, seat: int) -> list[str]:
    roles = []
    if getattr(state, "picker", None) == seat:
        roles.append("picker alone" if getattr(state, "alone", False) else "picker")
    call = getattr(state, "call", None)
    if call is not None and call.card is not None and state.played_by[seat] >> call.card & 1:
        roles.append("partner")
    return roles


def _sheepshead_centre(state) -> str:
    call = getattr(state, "call", None)
    mode = getattr(state, "mode", None)
    if call is not None:
        return f"The picker {call}"
    return mode.capitalize() if mode not in (None, "picker") else ""


def _spades_roles(state, seat: int) -> list[str]:
    bids = getattr(state, "bids", None)
    if not bids or bids[seat] is None:
        return []
    bid = bids[seat]
    blind = getattr(state, "blind", None)
    if bid == 0:
        return ["blind nil" if blind and blind[seat] else "nil"]
    return [f"bid {bid}"]


def _california_jack_centre(state) -> str:
    trump = getattr(state, "trump_card", None)
    pile = getattr(state, "pile_left", None)
    parts = [f"Trump card {trump}"] if trump is not None else []
    if pile is not None:
        parts.append(f"{pile} in the pile")
    return " · ".join(parts)


Roles = Callable[[HandState, int], list[str]]
Centre = Callable[[HandState], str]
_BY_GAME: dict[str, tuple[Roles | None, Centre | None]] = {
    "euchre": (_euchre_roles, _euchre_centre),
    "sheepshead": (_sheepshead_roles, _sheepshead_centre),
    "spades": (_spades_roles, None),
    "california_jack": (None, _california_jack_centre),
}


def table_view(state: HandState, names: Sequence[str]) -> TableView:
    """The table as the scorer sees it now: the trick on the table, or the one just
    completed (dimmed, its winner marked) until the next card is played."""
    roles, centre = _BY_GAME.get(state.game.id, (None, None))
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
                to_act=seat == state.to_act,
                sitting_out=not state.active[seat],
                roles=tuple(roles(state, seat)) if roles else (),
                tricks=state.taken[seat],
                points=points,
                card=card,
                won_last=last and trick is not None and trick.winner == seat,
            )
        )
    return TableView(tuple(seats), centre(state) if centre else "", last)
