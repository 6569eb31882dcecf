"""Hearts scoring: a hand's points (played or entered as a result) and the game tally, in
which the lowest total wins."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.games.base import HandOutcome, HandScore, ResultError, Settings, Tally
from scorekeeper.games.hearts.hand import HEARTS, JACK, OVER, QUEEN, SEATS, HeartsHand
from scorekeeper.games.hearts.phrases import SAY
from scorekeeper.games.hearts.rulebook import (
    JACK_OF_DIAMONDS,
    MOON_OPTION,
    PLAY_RULES,
    SUBTRACT_FROM_SELF,
    option,
)
from scorekeeper.games.winning import Winning
from scorekeeper.phrases import joined
from scorekeeper.rules import Rule

ALL_POINTS = 26
QUEEN_POINTS = 13
JACK_POINTS = -10


@dataclass(frozen=True, slots=True)
class HandResult:
    """What a hand's score depends on: each seat's points from hearts and Q♠ (None when a
    renege replaced the score and they were not given), who took J♦ (where it counts) and
    whose renege the table let stand."""

    taken: tuple[int, ...] | None
    jack: int | None = None
    renege: int | None = None
    rule: Rule | None = None  # the rule the renege broke
    trick: int | None = None  # the renege's trick

    @property
    def moon(self) -> int | None:
        """The seat that took every heart and Q♠."""
        if self.taken is None or ALL_POINTS not in self.taken:
            return None
        return self.taken.index(ALL_POINTS)


def check_taken(taken: Sequence[int], field: str = "points") -> None:
    """Points from hearts and Q♠ that a hand can give: 26 in all, one seat with Q♠'s 13."""
    if sum(taken) != ALL_POINTS:
        raise ResultError(
            f"{field}: the players took {sum(taken)} points; hearts and Q♠ make 26 in each hand"
        )
    if max(taken) < QUEEN_POINTS:
        raise ResultError(f"{field}: nobody took 13 or more, so nobody took Q♠ (13 points)")


def outcome(settings: Settings, result: HandResult) -> HandOutcome:
    """The points per seat for ``result``."""
    details: dict[str, Any] = {
        "taken": None if result.taken is None else list(result.taken),
        "moon": result.moon,
        "jack": result.jack,
        "renege": result.renege,
    }
    if result.renege is not None:
        offender = result.renege
        points = tuple(ALL_POINTS if seat == offender else 0 for seat in range(SEATS))
        where = SAY("in_trick", trick=result.trick) if result.trick is not None else SAY("nothing")
        broke = SAY("broke", rule=result.rule.id) if result.rule is not None else SAY("nothing")
        penalty = SAY("penalty", broke=broke, seat=offender, where=where)
        return HandOutcome(points, SAY("renege", seat=offender), details, penalty)
    if result.taken is None:
        raise ResultError("points: how many points did each player take?")
    moon = result.moon
    if moon is None:
        scored = list(result.taken)
        summary = joined([SAY("took", seat=seat, points=scored[seat]) for seat in range(SEATS)])
    elif settings.get(MOON_OPTION) == SUBTRACT_FROM_SELF:
        scored = [-ALL_POINTS if seat == moon else 0 for seat in range(SEATS)]
        summary = SAY("moon_from_self", seat=moon)
    else:
        scored = [0 if seat == moon else ALL_POINTS for seat in range(SEATS)]
        summary = SAY("moon_to_others", seat=moon)
    if result.jack is not None and option(settings, JACK_OF_DIAMONDS):
        scored[result.jack] += JACK_POINTS
        summary = SAY("with_jack", summary=summary, seat=result.jack)
    return HandOutcome(tuple(scored), summary, details)


def taken_points(state: HeartsHand) -> tuple[int, ...]:
    """Each seat's points from the hearts and Q♠ it captured."""
    return tuple(
        (captured & HEARTS).bit_count() + (QUEEN_POINTS if captured >> QUEEN & 1 else 0)
        for captured in state.captured
    )


def score_hand(state: HeartsHand) -> HandOutcome:
    if state.phase != OVER:
        raise ValueError(f"the hand is not over: it is still in {state.phase}")
    jack = next((seat for seat in range(SEATS) if state.captured[seat] >> JACK & 1), None)
    renege = next((v for v in state.penalties if v.rule.id in PLAY_RULES), None)
    result = HandResult(
        taken_points(state),
        jack if option(state.settings, JACK_OF_DIAMONDS) else None,
        renege.seat if renege is not None else None,
        renege.rule if renege is not None else None,
        renege.trick if renege is not None else None,
    )
    return outcome(state.settings, result)


def result_from_data(settings: Settings, data: dict[str, Any]) -> HandResult:
    """A quick-entry result, its fields already checked by the declared forms."""
    jack = data.get("jack")
    moon = data.get("moon")
    if moon is not None:
        taken = tuple(ALL_POINTS if seat == moon else 0 for seat in range(SEATS))
        return HandResult(taken, jack)
    points = data.get("points")
    renege = data.get("renege")
    if points is not None:
        check_taken(points)
    elif renege is None:
        raise ResultError("points: how many points did each player take (or who shot the moon)?")
    return HandResult(None if points is None else tuple(points), jack, renege)


class HeartsTally(Tally):
    """Totals per player; the game ends at the end of the hand in which a player reaches
    the target, and the lowest total wins (players tied for lowest share the win), as the
    game's ``winning`` says."""

    def __init__(self, settings: Settings, winning: Winning) -> None:
        self.target = winning.target_for(settings)
        self.winning = winning
        self.totals = [0] * SEATS
        self.over = False

    def add(self, outcome: HandOutcome) -> HandScore:
        if self.over:
            raise ValueError("the game is already over: start a new game")
        for seat, points in enumerate(outcome.points):
            self.totals[seat] += points
        self.over = self.winning.reached(self.totals, self.target)
        winners = self.winning.best(self.totals) if self.over else ()
        return HandScore(tuple(outcome.points), tuple(self.totals), (), self.over, winners)
