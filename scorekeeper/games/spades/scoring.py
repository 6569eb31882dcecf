"""Spades scoring: contracts, nils, bags and the renege penalty of one hand, and the match tally.

Kept apart from the hand's phase machine (:mod:`scorekeeper.games.spades`) so that a hand
played card by card and a hand entered as its result are scored by the same code.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.games.base import HandOutcome, HandScore, Settings, Tally
from scorekeeper.games.spades.phrases import SAY
from scorekeeper.games.spades.rulebook import BAG_POINT, CUTTHROAT, MODERN, TARGET
from scorekeeper.games.winning import Winning
from scorekeeper.phrases import SAY as WORDS
from scorekeeper.phrases import Phrase, joined
from scorekeeper.rules import Rule

PARTNERSHIPS = ((0, 2), (1, 3))
SINGLES = ((0,), (1,), (2,), (3,))
PENALTY_TRICKS = 3
BAG_CYCLE = 10
BAG_CYCLE_PENALTY = 100


@dataclass(frozen=True, slots=True)
class Scoring:
    """What the preset and house options decide about scoring."""

    cutthroat: bool = False
    modern: bool = False  # nil ±100, blind nil ±200, failed nil tricks do not count, floor −200
    bag_point: bool = False  # each bag −1 and no ten-bag penalty
    target: int = 500

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        return SINGLES if self.cutthroat else PARTNERSHIPS

    @property
    def nil_value(self) -> int:
        return 100 if self.modern else 50

    @property
    def floor(self) -> int | None:
        """The total at or below which the game also ends (modern preset only)."""
        return -200 if self.modern else None

    def side_of(self, seat: int) -> int:
        return seat if self.cutthroat else seat % 2


def score_result(
    scoring: Scoring,
    bids: Sequence[int | None],
    blind: Sequence[bool],
    tricks: Sequence[int],
    renege: int | None = None,
    renege_rule: Rule | None = None,
) -> HandOutcome:
    """Score one hand from each seat's bid (0 = nil; None: no bid of their own, the partner
    named the side's classic contract), blind flag and tricks won.

    ``renege`` is the seat whose play the table let stand against ``renege_rule``.
    """
    sides = scoring.sides
    counting = [
        sum(tricks[seat] for seat in seats if not (scoring.modern and bids[seat] == 0))
        for seats in sides
    ]
    penalty = None
    if renege is not None:
        penalty = _apply_renege(scoring, counting, renege, renege_rule)

    points = [0] * len(sides)
    bags = [0] * len(sides)
    contracts: list[str | None] = [None] * len(sides)
    words = []
    for side, seats in enumerate(sides):
        bid = sum(bids[seat] or 0 for seat in seats)
        took = counting[side]
        if took >= bid:
            bags[side] = took - bid
            points[side] = 10 * bid + (-1 if scoring.bag_point else 1) * bags[side]
            contracts[side] = "made" if bid else None
        else:
            points[side] = -10 * bid
            contracts[side] = "set"
        if not bid:
            words.append(SAY("took", side=seats, took=took))
        else:
            words.append(
                SAY("bid_took_set" if took < bid else "bid_took", side=seats, bid=bid, took=took)
            )

    nils: list[str | None] = [None] * 4
    for seat in range(4):
        if bids[seat] != 0:
            continue
        value = scoring.nil_value * (2 if blind[seat] else 1)
        made = tricks[seat] == 0
        points[scoring.side_of(seat)] += value if made else -value
        name = "blind nil" if blind[seat] else "nil"
        nils[seat] = f"{name} {'made' if made else 'failed'}"
        said = SAY("made" if made else "failed")
        words.append(SAY("blind_nil" if blind[seat] else "nil", seat=seat, how=said))

    return HandOutcome(
        points=tuple(points),
        summary=joined(words, "semicolons"),
        details={
            "bids": tuple(bids),
            "blind": tuple(blind),
            "tricks": tuple(tricks),
            "side_bids": tuple(sum(bids[seat] or 0 for seat in seats) for seats in sides),
            "side_tricks": tuple(counting),
            "contracts": tuple(contracts),
            "bags": tuple(bags),
            "nils": tuple(nils),
        },
        penalty=penalty,
    )


def _apply_renege(scoring: Scoring, counting: list[int], renege: int, rule: Rule | None) -> Phrase:
    """Move up to 3 counting tricks away from the renege's side; say so for the score sheet."""
    offender = scoring.side_of(renege)
    moved = min(PENALTY_TRICKS, counting[offender])
    counting[offender] -= moved
    if scoring.cutthroat:
        receivers = [(renege + step) % 4 for step in range(1, moved + 1)]
    else:
        receivers = [1 - offender] * moved
    for side in receivers:
        counting[side] += 1
    broken = joined([SAY("broken", rule=rule.id)] if rule is not None else [], "run")
    if not moved:
        return SAY("reneged_none", seat=renege, broken=broken)
    to = SAY(
        "sides", sides=[WORDS("side", seats=scoring.sides[side]) for side in sorted(set(receivers))]
    )
    return SAY("reneged", seat=renege, broken=broken, moved=moved, to=to)


class SpadesTally(Tally):
    """Running totals per side; carries bags (−100 each time a side's count reaches 10)
    and decides the game: first to the target, or the higher score when several pass it
    in one hand; equal leaders play on. The modern preset also ends the game when a side
    falls to −200, the highest total winning."""

    def __init__(self, scoring: Scoring, winning: Winning) -> None:
        self.scoring = scoring
        self.winning = winning
        self.totals = [0] * len(scoring.sides)
        self.bags = [0] * len(scoring.sides)
        self.game_over = False
        self.winners: tuple[int, ...] = ()

    @property
    def standing(self) -> tuple[int, ...]:
        """Each side's total: what the next hand needs for blind nil."""
        return tuple(self.totals)

    def counts(self) -> dict[str, list[int]]:
        return {"bags": list(self.bags)}

    def add(self, outcome: HandOutcome) -> HandScore:
        if self.game_over:
            raise ValueError("the game is already over")
        scoring = self.scoring
        points = list(outcome.points)
        notes: list[Phrase] = []
        for side, added in enumerate(outcome.details["bags"]):
            self.bags[side] += added
            while not scoring.bag_point and self.bags[side] >= BAG_CYCLE:
                self.bags[side] -= BAG_CYCLE
                points[side] -= BAG_CYCLE_PENALTY
                notes.append(
                    SAY(
                        "bag_cycle",
                        side=scoring.sides[side],
                        cycle=BAG_CYCLE,
                        penalty=BAG_CYCLE_PENALTY,
                    )
                )
        for side, value in enumerate(points):
            self.totals[side] += value
        self._decide(notes)
        return HandScore(
            points=tuple(points),
            totals=tuple(self.totals),
            notes=tuple(notes),
            game_over=self.game_over,
            winners=self.winners,
        )

    def _decide(self, notes: list[Phrase]) -> None:
        totals = self.totals
        floor = self.scoring.floor
        ended = self.winning.reached(totals, self.scoring.target)
        if not ended and (floor is None or min(totals) > floor):
            return
        leaders = self.winning.best(totals)
        if len(leaders) > 1:
            notes.append(SAY("tied", best=totals[leaders[0]]))
            return
        self.game_over = True
        self.winners = leaders
        wins = "player_wins" if self.scoring.cutthroat else "side_wins"
        notes.append(SAY(wins, side=self.scoring.sides[leaders[0]]))


def deficit(scoring: Scoring, standing: Sequence[int], seat: int) -> int:
    """How far ``seat``'s side trails the best other side (``standing``: side totals)."""
    own = scoring.side_of(seat)
    return max(t for side, t in enumerate(standing) if side != own) - standing[own]


def scoring_for(settings: Settings) -> Scoring:
    return Scoring(
        cutthroat=settings.get(CUTTHROAT),
        modern=settings.preset == MODERN,
        bag_point=settings.get(BAG_POINT),
        target=settings.get(TARGET),
    )
