"""Euchre scoring: a hand's points (played or entered as a result) and the game tally."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.cards import Suit
from scorekeeper.events import SUIT_NAMES
from scorekeeper.games.base import HandOutcome, HandScore, ResultError, Settings, Tally, result_flag
from scorekeeper.games.euchre.hand import OVER, TRICKS, EuchreHand
from scorekeeper.games.euchre.phrases import SAY
from scorekeeper.games.euchre.rulebook import (
    DEFEND_ALONE,
    KATA,
    RENEGE,
)
from scorekeeper.games.winning import Winning
from scorekeeper.phrases import Phrase

SIDES = ((0, 2), (1, 3))
"""Each side's seats."""


@dataclass(frozen=True, slots=True)
class HandResult:
    """What a hand's score depends on."""

    makers: int | None  # side index; None when everyone passed
    tricks: int = 0  # tricks the makers took
    alone: bool = False
    defender_alone: bool = False
    maker: int | None = None  # seat, when known
    trump: Suit | None = None
    renege: int | None = None  # the side whose renege the table let stand
    ruling: Phrase | None = None  # the renege's ruling


def outcome(settings: Settings, result: HandResult) -> HandOutcome:
    """The points per side (seats 1 & 3, seats 2 & 4) for ``result``."""
    makers = result.makers
    details: dict[str, Any] = {
        "makers": makers,
        "maker": result.maker,
        "trump": None if result.trump is None else result.trump.name.lower(),
        "tricks": result.tricks,
        "alone": result.alone,
        "defender_alone": result.defender_alone,
    }
    if makers is None:
        summary = SAY("passed_no_score" if settings.preset == KATA else "passed_deal_again")
        return HandOutcome((0, 0), summary, {**details, "result": "passed"})
    if result.renege is not None:
        return _renege(settings, result, result.renege, details)
    if result.tricks >= 3:
        winner = makers
        if result.tricks == TRICKS:
            points, kind = (4, "alone march") if result.alone else (2, "march")
        else:
            points, kind = 1, "alone made" if result.alone else "made"
    else:
        winner = 1 - makers
        lone = result.defender_alone and settings.get(DEFEND_ALONE)
        points, kind = (4, "euchred by a lone defender") if lone else (2, "euchred")
    summary = SAY("result", made=_made(result), result=SAY(f"result {kind}"), tricks=result.tricks)
    return HandOutcome(_to(winner, points), summary, {**details, "result": kind})


def _made(result: HandResult) -> Phrase:
    """Who made trump, and which when known: ``Di made ♥ trump``, ``Ann & Cy made trump``."""
    suit = {} if result.trump is None else {"trump": result.trump}
    end = "_suit" if suit else ""
    if result.maker is not None:
        return SAY(f"maker_made{end}", maker=result.maker, **suit)
    return SAY(f"side_made{end}", makers=SIDES[result.makers or 0], **suit)


def _to(side: int, points: int) -> tuple[int, int]:
    return (points, 0) if side == 0 else (0, points)


def _renege(
    settings: Settings, result: HandResult, offender: int, details: dict[str, Any]
) -> HandOutcome:
    other = 1 - offender
    ruling = result.ruling or SAY("by_side", side=SIDES[offender])
    if settings.get(RENEGE) == "replay":
        penalty = SAY("renege_replayed", ruling=ruling)
        return HandOutcome((0, 0), SAY("hand_replayed"), {**details, "result": "replay"}, penalty)
    loner = (result.alone and result.makers == other) or (
        result.defender_alone and result.makers == offender
    )
    points = 4 if loner else 2
    penalty = SAY("renege_points", ruling=ruling, points=points, side=SIDES[other])
    summary = SAY("renege_by", side=SIDES[offender])
    return HandOutcome(_to(other, points), summary, {**details, "result": "renege"}, penalty)


def score_hand(state: EuchreHand) -> HandOutcome:
    if state.phase != OVER:
        raise ValueError(f"the hand is not over yet (it is in {state.phase})")
    if state.maker is None:
        return outcome(state.settings, HandResult(None))
    makers = state.maker % 2
    renege, ruling = None, None
    if state.penalties:
        first = state.penalties[0]
        if first.seat is not None:
            renege = first.seat % 2
            ruling = (
                SAY("ruling_in_trick", rule=first.rule.id, seat=first.seat, trick=first.trick)
                if first.trick is not None
                else SAY("ruling", rule=first.rule.id, seat=first.seat)
            )
    return outcome(
        state.settings,
        HandResult(
            makers,
            state.side_tricks(makers),
            state.alone,
            state.defender_alone is not None,
            state.maker,
            state.trump,
            renege,
            ruling,
        ),
    )


def result_from_data(settings: Settings, data: dict[str, Any]) -> HandResult:
    """Read a quick-entry result whose fields :data:`~scorekeeper.games.euchre.quick.QUICK_FORMS`
    have checked; raise ``ResultError`` saying why it cannot have happened."""
    if data.get("passed"):
        return HandResult(None)
    makers = _makers(data)
    alone = result_flag(data, "alone")
    defender_alone = result_flag(data, "defender_alone")
    if defender_alone and not alone:
        raise ResultError("a defender can defend alone only against a player going alone")
    renege = data.get("renege")
    tricks = data.get("tricks")
    if tricks is None and renege is None:
        raise ResultError("how many tricks did the makers take (0 to 5)?")
    trump = data.get("trump")
    return HandResult(
        makers,
        tricks or 0,
        alone,
        defender_alone,
        data.get("maker"),
        None if trump is None else SUIT_NAMES[trump],
        renege,
    )


def _makers(data: dict[str, Any]) -> int:
    side: int | None = data.get("makers")
    seat: int | None = data.get("maker")
    if seat is not None:
        if side is not None and side != seat % 2:
            raise ResultError(SAY("not_makers", seat=seat, partners=SIDES[side]))
        return seat % 2
    if side is None:
        raise ResultError("who made trump? give makers (side 0 or 1) or maker (seat 0 to 3)")
    return side


class EuchreTally(Tally):
    """Game to 10 (or 5 or 11); the kata preset is a single hand. The best total wins,
    as the game's ``winning`` says."""

    def __init__(self, settings: Settings, winning: Winning) -> None:
        self.single_hand = settings.preset == KATA
        self.winning = winning
        self.target = winning.target_for(settings)
        self.totals = [0, 0]
        self.over = False

    def add(self, outcome: HandOutcome) -> HandScore:
        if self.over:
            raise ValueError(
                f"the game is over at {self.totals[0]}-{self.totals[1]}: start a new game"
            )
        for side, points in enumerate(outcome.points):
            self.totals[side] += points
        notes = ()
        if self.single_hand:
            self.over = True
            winners = self.winning.best(outcome.points) if any(outcome.points) else ()
        else:
            self.over = self.winning.reached(self.totals, self.target)
            winners = self.winning.best(self.totals) if self.over else ()
        return HandScore(tuple(outcome.points), tuple(self.totals), notes, self.over, winners)
