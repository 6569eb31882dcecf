"""The Spades game: presets, options, deals, scoring and quick entry."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from scorekeeper.cards import FULL_DECK
from scorekeeper.events import Event
from scorekeeper.games.base import Game, HandOutcome, HandState, ResultError, Settings
from scorekeeper.games.spades.hand import (
    BLIND_NIL_DEFICIT,
    HAND_SIZE,
    MAX_BID,
    PER_PLAYER_NOTE,
    SEATS,
    TRICKS,
    SpadesHand,
)
from scorekeeper.games.spades.rules import (
    BAG_POINT,
    CUTTHROAT,
    DOUBLE_NIL_OPTION,
    PLAY_RULES,
    RULES,
)
from scorekeeper.games.spades.scoring import SpadesTally, deficit, score_result, scoring_for


class Spades(Game):
    id = "spades"
    title = "Spades"
    seats = SEATS
    deck = FULL_DECK
    rules = RULES
    presets = ("classic", "modern")
    default_preset = "classic"
    options = (CUTTHROAT, DOUBLE_NIL_OPTION, BAG_POINT)

    def sides(self, settings: Settings) -> tuple[tuple[int, ...], ...]:
        return scoring_for(settings).sides

    def new_hand(
        self, settings: Settings, dealer: int, standing: Sequence[int] | None = None
    ) -> SpadesHand:
        return SpadesHand(self, settings, dealer, standing)

    def deal(self, rng: random.Random, settings: Settings, dealer: int) -> list[Event]:
        cards = list(FULL_DECK)
        rng.shuffle(cards)
        order = [(dealer + 1 + step) % SEATS for step in range(SEATS)]
        return [
            Event(
                "deal", seat=seat, cards=tuple(sorted(cards[i * HAND_SIZE : (i + 1) * HAND_SIZE]))
            )
            for i, seat in enumerate(order)
        ]

    def score_hand(self, state: HandState) -> HandOutcome:
        if state.phase != state.OVER:
            raise ValueError(f"the hand is not over: it is still in {state.phase}")
        renege = next((v for v in state.penalties if v.rule.id in PLAY_RULES), None)
        outcome = score_result(
            state.scoring,
            state.bids,
            state.blind,
            state.taken,
            renege=renege.seat if renege else None,
            renege_rule=renege.rule if renege else None,
        )
        return with_note(outcome, PER_PLAYER_NOTE) if state.per_player else outcome

    def hand_stats(self, outcome: HandOutcome) -> dict[int, dict[str, int]]:
        """Bids and bids made (the bidder's side made its contract); nils bid and made."""
        details = outcome.details
        contracts = details["contracts"]
        stats: dict[int, dict[str, int]] = {}
        for seat, bid in enumerate(details["bids"]):
            if bid != 0:  # a bid, or a partner of the side's classic contract
                side = seat if len(contracts) == SEATS else seat % 2
                stats[seat] = {"bids": 1, "bids made": int(contracts[side] == "made")}
            else:
                stats[seat] = {"nils": 1, "nils made": int(bool(details["nils"][seat]))}
        return stats

    def quick_outcome(self, settings: Settings, dealer: int, data: dict[str, Any]) -> HandOutcome:
        scoring = scoring_for(settings)
        per_player = "contracts" not in data
        if settings.preset == "classic" and not scoring.cutthroat and not per_player:
            bids, blind = _read_contracts(data.get("contracts"), data.get("nils"))
        else:
            bids, blind = _read_bids(data.get("bids"))
        tricks = data.get("tricks")
        if (
            not isinstance(tricks, list | tuple)
            or len(tricks) != SEATS
            or any(type(t) is not int or t < 0 for t in tricks)
        ):
            raise ResultError(
                f"tricks: expected 4 counts of tricks won, one per seat, got {tricks!r}"
            )
        if sum(tricks) != TRICKS:
            raise ResultError(f"tricks: the seats took {sum(tricks)} tricks; a hand has 13")
        if not scoring.cutthroat:
            for seats in scoring.sides:
                a, b = seats
                if blind[a] and blind[b]:
                    raise ResultError(
                        f"bids: seats {a + 1} and {b + 1} both bid blind nil; one side has at most one"
                    )
                if bids[a] == 0 and bids[b] == 0 and not settings.get(DOUBLE_NIL_OPTION):
                    raise ResultError(
                        f"bids: partners seats {a + 1} and {b + 1} both bid nil; "
                        "the double nil house option is off"
                    )
        standing = data.get("standing")
        if standing is not None:
            if not isinstance(standing, list | tuple) or len(standing) != len(scoring.sides):
                raise ResultError(
                    f"standing: expected {len(scoring.sides)} side totals, got {standing!r}"
                )
            for seat in range(SEATS):
                behind = deficit(scoring, standing, seat)
                if blind[seat] and behind < BLIND_NIL_DEFICIT:
                    raise ResultError(
                        f"bids: seat {seat + 1} bid blind nil but their side trails by "
                        f"{behind}, not {BLIND_NIL_DEFICIT} or more"
                    )
        renege = data.get("renege")
        if renege is not None and renege not in range(SEATS):
            raise ResultError(f"renege: {renege!r} is not a seat (0–3)")
        outcome = score_result(scoring, bids, blind, tricks, renege=renege)
        if settings.preset == "classic" and not scoring.cutthroat and per_player:
            return with_note(outcome, PER_PLAYER_NOTE)
        return outcome

    def new_tally(self, settings: Settings) -> SpadesTally:
        return SpadesTally(scoring_for(settings))


def with_note(outcome: HandOutcome, note: str) -> HandOutcome:
    """The outcome with ``note`` added to its summary and details."""
    details = {**outcome.details, "note": note}
    return replace(outcome, summary=f"{outcome.summary}; {note}", details=details)


def _read_contracts(raw: Any, nils: Any) -> tuple[list[int | None], list[bool]]:
    """Classic quick entry: one contract per side (seats 1 & 3, seats 2 & 4), 1–13, and
    ``nils`` by seat (``null``, ``"nil"`` or ``"blind nil"``). The contract is put on the
    side's first seat that did not bid nil; a side whose partners both bid nil has none."""
    if not isinstance(raw, list | tuple) or len(raw) != 2:
        raise ResultError(
            f"contracts: expected 2 side contracts (seats 1 & 3, seats 2 & 4), got {raw!r}"
        )
    if nils is None:
        nils = [None] * SEATS
    words = (None, "nil", "blind nil")
    if (
        not isinstance(nils, list | tuple)
        or len(nils) != SEATS
        or any(n not in words for n in nils)
    ):
        raise ResultError(
            f'nils: expected 4 entries by seat, null, "nil" or "blind nil", got {nils!r}'
        )
    bids: list[int | None] = [0 if nil else None for nil in nils]
    blind = [nil == "blind nil" for nil in nils]
    for side, contract in enumerate(raw):
        seats = [seat for seat in (side, side + 2) if not nils[seat]]
        name = f"seats {side + 1} & {side + 3}"
        if not seats:
            if contract not in (0, None):
                raise ResultError(f"contracts: {name} both bid nil and have no contract")
            continue
        if type(contract) is not int or not 1 <= contract <= MAX_BID:
            raise ResultError(
                f"contracts: {name}'s contract {contract!r} is not 1–13 (a 0 is never a "
                "side's contract)"
            )
        bids[seats[0]] = contract
    return bids, blind


def _read_bids(raw: Any) -> tuple[list[int], list[bool]]:
    """Quick-entry bids: 0–13, ``"nil"`` or ``"blind nil"`` per seat."""
    if not isinstance(raw, list | tuple) or len(raw) != SEATS:
        raise ResultError(f"bids: expected 4 bids, one per seat, got {raw!r}")
    bids, blind = [], []
    for seat, bid in enumerate(raw):
        word = bid.strip().lower() if isinstance(bid, str) else None
        if word in ("nil", "blind nil"):
            bids.append(0)
            blind.append(word == "blind nil")
        elif type(bid) is int and 0 <= bid <= MAX_BID:
            bids.append(bid)
            blind.append(False)
        else:
            raise ResultError(
                f'bids: seat {seat + 1}\'s bid {bid!r} is not 0–13, "nil" or "blind nil"'
            )
    return bids, blind


GAME = Spades()
