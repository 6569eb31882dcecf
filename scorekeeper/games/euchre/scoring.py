"""Euchre scoring: a hand's points (played or entered as a result) and the game tally."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.cards import Suit
from scorekeeper.events import SUIT_NAMES
from scorekeeper.evidence import mention, mention_all
from scorekeeper.games.base import HandOutcome, HandScore, ResultError, Settings, Tally, result_flag
from scorekeeper.games.euchre.hand import OVER, TRICKS, EuchreHand
from scorekeeper.games.euchre.rulebook import (
    DEFEND_ALONE,
    KATA,
    RENEGE,
    RULES,
    STICK_THE_DEALER,
    TARGET,
)

SIDE_NAMES = (mention_all((0, 2)), mention_all((1, 3)))
"""Each side in an outcome's words: its two players."""
QUICK_KEYS = ("passed", "makers", "maker", "tricks", "alone", "defender_alone", "trump", "renege")


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
    ruling: str = ""  # the renege's ruling, in words


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
        summary = "all passed: no score" if settings.preset == KATA else "all passed: deal again"
        return HandOutcome((0, 0), summary, {**details, "result": "passed"})
    trump = "" if result.trump is None else f"{result.trump} "
    if result.renege is not None:
        return _renege(settings, result, details)
    if result.tricks >= 3:
        winner = makers
        if result.tricks == TRICKS:
            points, kind = (4, "alone march") if result.alone else (2, "march")
        else:
            points, kind = 1, "alone made" if result.alone else "made"
        summary = f"{trump}{kind}, {result.tricks} tricks"
    else:
        winner = 1 - makers
        lone = result.defender_alone and settings.get(DEFEND_ALONE)
        points, kind = (4, "euchred by a lone defender") if lone else (2, "euchred")
        summary = f"{trump}{kind}, {result.tricks} tricks"
    return HandOutcome(_to(winner, points), summary.strip(), {**details, "result": kind})


def _to(side: int, points: int) -> tuple[int, int]:
    return (points, 0) if side == 0 else (0, points)


def _renege(settings: Settings, result: HandResult, details: dict[str, Any]) -> HandOutcome:
    offender = result.renege
    other = 1 - offender
    ruling = result.ruling or f"renege by {SIDE_NAMES[offender]}"
    rule = RULES["euchre.score.renege"]
    if settings.get(RENEGE) == "replay":
        penalty = f"{rule.title} ({ruling}): the hand is replayed"
        return HandOutcome(
            (0, 0), "renege: hand replayed", {**details, "result": "replay"}, penalty
        )
    loner = (result.alone and result.makers == other) or (
        result.defender_alone and result.makers == offender
    )
    points = 4 if loner else 2
    penalty = f"{rule.title} ({ruling}): {points} to {SIDE_NAMES[other]}"
    summary = f"renege by {SIDE_NAMES[offender]}"
    return HandOutcome(_to(other, points), summary, {**details, "result": "renege"}, penalty)


def score_hand(state: EuchreHand) -> HandOutcome:
    if state.phase != OVER:
        raise ValueError(f"the hand is not over yet (it is in {state.phase})")
    if state.maker is None:
        return outcome(state.settings, HandResult(None))
    makers = state.makers
    renege, ruling = None, ""
    if state.penalties:
        first = state.penalties[0]
        if first.seat is not None:
            renege = first.seat % 2
            where = f", trick {first.trick}" if first.trick is not None else ""
            ruling = f"{first.rule.id}, {mention(first.seat)}{where}"
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
    """Read a quick-entry result (keys in the package docstring); raise ``ResultError``
    saying why it cannot have happened."""
    if not isinstance(data, dict):
        raise ResultError("a Euchre result is a set of fields: makers, tricks, alone")
    unknown = sorted(set(data) - set(QUICK_KEYS))
    if unknown:
        raise ResultError(f"{unknown[0]!r} is not a Euchre result field ({', '.join(QUICK_KEYS)})")
    kata = settings.preset == KATA
    if data.get("passed", False):
        if data["passed"] is not True:
            raise ResultError("'passed' is true or false")
        extra = [key for key in data if key != "passed"]
        if extra:
            raise ResultError(f"when everyone passed nobody made trump: {extra[0]!r} has no place")
        if settings.get(STICK_THE_DEALER):
            raise ResultError("with stick the dealer the dealer cannot pass: somebody made trump")
        return HandResult(None)
    makers = _makers(data)
    alone = result_flag(data, "alone")
    defender_alone = result_flag(data, "defender_alone")
    if alone and kata:
        raise ResultError("going alone is not played in the kata preset")
    if defender_alone and not settings.get(DEFEND_ALONE):
        raise ResultError("defending alone is not a house rule of this match")
    if defender_alone and not alone:
        raise ResultError("a defender can defend alone only against a player going alone")
    renege = data.get("renege")
    if renege is not None and (type(renege) is not int or renege not in (0, 1)):
        raise ResultError(f"renege is the side that reneged, 0 or 1, not {renege!r}")
    tricks = data.get("tricks")
    if tricks is None and renege is None:
        raise ResultError("how many tricks did the makers take (0 to 5)?")
    if tricks is not None and (type(tricks) is not int or not 0 <= tricks <= TRICKS):
        raise ResultError(f"the makers took 0 to 5 tricks, not {tricks!r}")
    trump = data.get("trump")
    if trump is not None and trump not in SUIT_NAMES:
        raise ResultError(f"trump is one of {', '.join(SUIT_NAMES)}, not {trump!r}")
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
    side, seat = data.get("makers"), data.get("maker")
    if side is None and seat is None:
        raise ResultError("who made trump? give makers (side 0 or 1) or maker (seat 0 to 3)")
    if seat is not None:
        if type(seat) is not int or not 0 <= seat < 4:
            raise ResultError(f"the maker is a seat from 0 to 3, not {seat!r}")
        if side is not None and side != seat % 2:
            raise ResultError(f"seat {seat} is not on side {side!r}")
        return seat % 2
    if type(side) is not int or side not in (0, 1):
        raise ResultError(f"makers is a side, 0 (seats 1 & 3) or 1 (seats 2 & 4), not {side!r}")
    return side


class EuchreTally(Tally):
    """Game to 10 (or 5 or 11); the kata preset is a single hand."""

    def __init__(self, settings: Settings) -> None:
        self.single_hand = settings.preset == KATA
        self.target: int = settings.get(TARGET)
        self.totals = [0, 0]
        self.over = False

    def add(self, outcome: HandOutcome) -> HandScore:
        if self.over:
            raise ValueError(
                f"the game is over at {self.totals[0]}-{self.totals[1]}: start a new game"
            )
        for side, points in enumerate(outcome.points):
            self.totals[side] += points
        notes = (outcome.penalty,) if outcome.penalty else ()
        if self.single_hand:
            self.over = True
            best = max(outcome.points)
            winners = tuple(s for s in (0, 1) if best and outcome.points[s] == best)
        else:
            best = max(self.totals)
            self.over = best >= self.target
            winners = tuple(s for s in (0, 1) if self.over and self.totals[s] == best)
        return HandScore(tuple(outcome.points), tuple(self.totals), notes, self.over, winners)
