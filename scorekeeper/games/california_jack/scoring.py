"""California Jack scoring: High, Low, Jack and card points, the winner of a hand (one
game), the quick-entry result and the match tally (games won).

Kept apart from the hand's phase machine (:mod:`scorekeeper.games.california_jack.hand`) so a
hand played card by card and a hand entered as its result are scored by the same code.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.cards import Card, Rank, Suit
from scorekeeper.games.base import HandOutcome, HandScore, ResultError, Tally, Violation
from scorekeeper.games.california_jack.phrases import SAY
from scorekeeper.phrases import Phrase

SEATS = 2
TARGET = 10
CARD_POINTS = {Rank.TEN: 10, Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}
DECK_CARD_POINTS = 4 * sum(CARD_POINTS.values())  # 80
HONOURS = {"high": Rank.ACE, "low": Rank.TWO, "jack": Rank.JACK}
"""Each honour is worth 1 to the player who captured that card of the trump suit."""
MAX_TRICK_POINTS = 2 * CARD_POINTS[Rank.TEN]
"""The most one trick can add to a total: two tens (a ten and the ace of trump add 15)."""
MAX_WINNING_TOTAL = TARGET - 1 + MAX_TRICK_POINTS
"""Play stops the moment a player reaches 10: at most 9 before that trick, 20 in it."""

ENDED_TEN = "ten"  # a player reached 10
ENDED_CLAIM = "claim"  # a claim ended the hand
ENDED_STOPPED = "stopped"  # the hand ended with nobody at 10


def card_points(card: Card) -> int:
    return CARD_POINTS.get(card.rank, 0)


def honour_cards(trump: Suit) -> dict[str, Card]:
    return {name: Card.of(rank, trump) for name, rank in HONOURS.items()}


@dataclass(frozen=True, slots=True)
class Standing:
    """Where both players stand: card points captured and who captured each honour."""

    card_points: tuple[int, ...]
    honours: dict[str, int | None]  # honour name -> seat that captured it, or None

    def honours_of(self, seat: int) -> tuple[str, ...]:
        return tuple(name for name in HONOURS if self.honours.get(name) == seat)

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(self.card_points[seat] + len(self.honours_of(seat)) for seat in range(SEATS))


def standing_of(captured: Sequence[int], points: Sequence[int], trump: Suit | None) -> Standing:
    """The standing from each seat's captured cards (a mask) and their card points;
    before trump is known nothing is captured."""
    honours: dict[str, int | None] = dict.fromkeys(HONOURS)
    if trump is None:
        return Standing(tuple(points), honours)
    for name, card in honour_cards(trump).items():
        holders = [seat for seat in range(SEATS) if captured[seat] >> card & 1]
        honours[name] = holders[0] if holders else None
    return Standing(tuple(points), honours)


def decide(totals: Sequence[int]) -> int | None:
    """The winner: the player at 10 or more (play stops when the first gets there, so
    there is at most one), else the higher total; None for a tie."""
    reached = [seat for seat in range(SEATS) if totals[seat] >= TARGET]
    if reached:
        return reached[0]
    if totals[0] == totals[1]:
        return None
    return 0 if totals[0] > totals[1] else 1


def score_words(values: Sequence[int], winner: int | None) -> Phrase:
    """Two players' numbers as a score, the winner's first (``10–6``); in seat order
    when nobody won."""
    first = winner or 0
    return SAY("score", first=values[first], second=values[1 - first])


def ended_why(standing: Standing, ended: str, tricks: int) -> Phrase:
    """Why play stopped after ``tricks`` tricks."""
    if ended == ENDED_TEN:
        leader = max(range(SEATS), key=lambda seat: standing.totals[seat])
        return SAY("reached", leader=leader, target=TARGET, tricks=tricks)
    if ended == ENDED_CLAIM:
        return SAY("claimed", tricks=tricks)
    return SAY("all_played", tricks=tricks, target=TARGET)


def outcome(
    standing: Standing, ended: str, penalty: Violation | None = None, tricks: int | None = None
) -> HandOutcome:
    """The hand's outcome: one game won (points 1 for the winner, 0 each for a tie);
    ``tricks`` played, when known, says why play stopped (``why`` in the details)."""
    totals = standing.totals
    penalty_text: Phrase | None = None
    if penalty is not None and penalty.seat is not None:
        victor = 1 - penalty.seat
        where = SAY("in_trick", trick=penalty.trick) if penalty.trick else SAY("nowhere")
        penalty_text = SAY(
            "renege", rule=penalty.rule.id, seat=penalty.seat, where=where, victor=victor
        )
        summary = SAY("wins_on_renege", victor=victor, score=score_words(totals, victor))
        winner: int | None = victor
    else:
        winner = decide(totals)
        how = SAY({ENDED_CLAIM: "on_claim", ENDED_STOPPED: "nobody_at_10"}.get(ended, "no_how"))
        score = score_words(totals, winner)
        summary = (
            SAY("tie", score=score, how=how)
            if winner is None
            else SAY("wins", winner=winner, score=score, how=how)
        )
    details: dict[str, Any] = {
        **{name: standing.honours.get(name) for name in HONOURS},
        "card_points": list(standing.card_points),
        "totals": list(totals),
        "winner": winner,
        "ended": ended,
        **({"why": ended_why(standing, ended, tricks).to_json()} if tricks is not None else {}),
        "stats": {
            str(seat): {
                **{name: int(standing.honours.get(name) == seat) for name in HONOURS},
                "card points": standing.card_points[seat],
            }
            for seat in range(SEATS)
        },
    }
    points = tuple(int(seat == winner) for seat in range(SEATS))
    return HandOutcome(points, summary, details, penalty_text)


# ---------------------------------------------------------------------------
# Quick entry
# ---------------------------------------------------------------------------


def standing_from_result(data: dict[str, Any]) -> Standing:
    """The standing a quick-entry result gives (its fields already checked against
    :data:`~scorekeeper.games.california_jack.quick.QUICK_FORMS`)."""
    points = tuple(data["card_points"])
    if sum(points) > DECK_CARD_POINTS:
        raise ResultError(
            f"card_points: {points[0]} + {points[1]} = {sum(points)} is more than the deck's "
            f"{DECK_CARD_POINTS} card points"
        )
    holders: dict[str, int | None] = dict.fromkeys(HONOURS)
    for seat, names in enumerate(data.get("honours") or [[], []]):
        for name in names:
            if holders[name] is not None:
                raise ResultError(
                    f"honours: {name!r} is given to both players; only one can capture it"
                )
            holders[name] = seat
    standing = Standing(points, holders)
    _check_possible(standing)
    return standing


def _check_possible(standing: Standing) -> None:
    """Refuse results no hand can produce."""
    honour_points = {name: CARD_POINTS.get(rank, 0) for name, rank in HONOURS.items()}
    for seat in range(SEATS):
        needed = sum(honour_points[name] for name in standing.honours_of(seat))
        if standing.card_points[seat] < needed:
            names = " and ".join(standing.honours_of(seat))
            raise ResultError(
                f"seat {seat + 1} captured {names} of trump, worth {needed} card "
                f"point{'s' if needed != 1 else ''}, "
                f"but has only {standing.card_points[seat]} card points"
            )
    untaken = sum(honour_points[name] for name, seat in standing.honours.items() if seat is None)
    if sum(standing.card_points) > DECK_CARD_POINTS - untaken:
        raise ResultError(
            f"card_points: {sum(standing.card_points)} in all, but with the untaken honour "
            f"cards still out at most {DECK_CARD_POINTS - untaken} card points were captured"
        )
    totals = standing.totals
    if min(totals) >= TARGET:
        raise ResultError(
            f"both players have 10 or more ({totals[0]} and {totals[1]}): play stops the "
            "moment the first player reaches 10"
        )
    if max(totals) > MAX_WINNING_TOTAL:
        seat = totals.index(max(totals))
        raise ResultError(
            f"seat {seat + 1} has {totals[seat]}: play stops the moment a player reaches 10, "
            f"so a winner has at most {TARGET - 1} plus the {MAX_TRICK_POINTS} of one trick "
            f"({MAX_WINNING_TOTAL})"
        )


def quick_outcome(data: dict[str, Any]) -> HandOutcome:
    standing = standing_from_result(data)
    ended = ENDED_TEN if max(standing.totals) >= TARGET else ENDED_STOPPED
    return outcome(standing, ended)


# ---------------------------------------------------------------------------
# The match
# ---------------------------------------------------------------------------


class GamesWonTally(Tally):
    """Each hand is one game: the totals count games won. With a match length, the
    first player to win that many games wins the match; 0 plays an open series."""

    def __init__(self, games_to_win: int) -> None:
        self.games_to_win = games_to_win
        self.totals = (0,) * SEATS

    def add(self, outcome: HandOutcome) -> HandScore:
        if self.games_to_win and max(self.totals) >= self.games_to_win:
            raise ValueError("the match is already won: start a new match to play on")
        self.totals = tuple(a + b for a, b in zip(self.totals, outcome.points, strict=True))
        winner = outcome.details.get("winner")
        notes = [
            SAY("tie_note")
            if winner is None
            else SAY("wins_game", winner=winner, number=self.totals[winner])
        ]
        over = bool(self.games_to_win) and max(self.totals) >= self.games_to_win
        winners = tuple(s for s in range(SEATS) if over and self.totals[s] >= self.games_to_win)
        return HandScore(outcome.points, self.totals, tuple(notes), over, winners)
