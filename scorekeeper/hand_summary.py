"""The end of a hand in words and figures: what happened in the words of the game's score
sheet (who made trump, who picked and who was the partner, the bids), the tricks, each
side's points and totals, bags, money, the penalty and the game's end. Made in one place
from what the ledger offers for the hand, in the players' names."""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.ledger import Ledger
from scorekeeper.money import amount, point_value
from scorekeeper.phrases import Phrase
from scorekeeper.record import hand_record, report_hands
from scorekeeper.words import counted, over_words, penalty_line, told


def _listed(names: Sequence[str], values: Sequence[object]) -> str:
    return ", ".join(f"{name} {value}" for name, value in zip(names, values, strict=True))


def hand_summary(ledger: Ledger, hand_index: int) -> list[str]:
    """The lines that tell how hand ``hand_index`` ended (none while it is being played),
    read from the hand's structured record."""
    outcome = ledger.outcome(hand_index)
    if outcome is None:
        return []
    hand = hand_record(ledger, hand_index)
    players, sides = ledger.info.players, ledger.side_names
    reported = report_hands(ledger)[hand_index] if hand["scored"] else None
    # the score sheet's words: who made trump, picked or bid; a hand kept after the end
    # of the game has only its own
    said = outcome.summary if reported is None else ledger.report.words(reported)
    lines = [f"Hand {hand['hand']}: {told(said, players)}"]
    why = hand["details"].get("why")
    if why is not None:  # why play stopped, when the game says
        stopped = told(Phrase.from_json(why), players)
        lines.append(stopped[:1].upper() + stopped[1:])
    # the hand's own count of tricks taken: claimed tricks included
    taken = getattr(ledger.hands[hand_index].state, "taken", None)
    if taken and sum(taken):  # a hand entered from its result has no tricks to show
        lines.append(
            "Tricks: "
            + ", ".join(
                f"{name} {counted(n, 'trick')}" for name, n in zip(players, taken, strict=True)
            )
        )
    if reported is None:  # recorded after the game ended: kept, not scored
        lines.append(f"Not scored: the {ledger.report.whole} had already ended")
        return lines
    lines.append("Points: " + _listed(sides, [f"{p:+d}" for p in hand["points"]]))
    lines.append("Totals: " + _listed(sides, hand["totals"]))
    for field in ledger.report.summary_fields:  # what the game adds (Spades: bags)
        values = field.value(reported)
        if values is not None:
            lines.append(f"{field.title}: {_listed(sides, values)}")
    cents = point_value(ledger)
    if cents:
        lines.append("Money: " + _listed(sides, [amount(t * cents) for t in hand["totals"]]))
    lines.extend(hand["notes"])
    if outcome.penalty:
        lines.append(penalty_line(outcome.penalty, players))
    score = ledger.scores[hand_index]
    if score.game_over:
        lines.append(over_words(ledger.report.whole, [sides[side] for side in score.winners]))
    return lines
