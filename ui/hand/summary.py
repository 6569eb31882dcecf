"""The end of a hand in words and figures: what happened (maker or picker, partner), the
tricks, each side's points and totals, bags, money and the game's end. Made in one place
from what the ledger offers for the hand, in the players' names."""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.ledger import Ledger
from scorekeeper.reports.money import amount, point_value

from ..readable import readable


def plural(count: int, word: str) -> str:
    """``1 trick``, ``2 tricks``."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _listed(names: Sequence[str], values: Sequence[object]) -> str:
    return ", ".join(f"{name} {value}" for name, value in zip(names, values, strict=True))


def hand_summary(ledger: Ledger, hand_index: int) -> list[str]:
    """The lines that tell how hand ``hand_index`` ended (none while it is being played)."""
    outcome = ledger.outcome(hand_index)
    if outcome is None:
        return []
    players, sides, rules = ledger.info.players, ledger.side_names, ledger.game.rules
    lines = [f"Hand {hand_index + 1}: {readable(outcome.summary, rules, players)}"]
    taken = getattr(ledger.hands[hand_index].state, "taken", None)
    if taken and sum(taken):  # a hand entered from its result has no tricks to show
        lines.append(
            "Tricks: "
            + ", ".join(
                f"{name} {plural(n, 'trick')}" for name, n in zip(players, taken, strict=True)
            )
        )
    scores = ledger.scores
    if hand_index >= len(scores):  # recorded after the game ended: kept, not scored
        lines.append("Not scored: the game had already ended")
        return lines
    score = scores[hand_index]
    lines.append("Points: " + _listed(sides, [f"{p:+d}" for p in score.points]))
    lines.append("Totals: " + _listed(sides, score.totals))
    bags = outcome.details.get("bags")
    if isinstance(bags, list) and len(bags) == len(sides) and any(bags):
        lines.append("Bags this hand: " + _listed(sides, bags))
    cents = point_value(ledger)
    if cents:
        lines.append("Money: " + _listed(sides, [amount(t * cents) for t in score.totals]))
    lines.extend(readable(note, rules, players) for note in score.notes)
    if score.game_over:
        winners = " & ".join(sides[side] for side in score.winners)
        lines.append(f"Game over: {winners} won")
    return lines
