"""The end of a hand in words and figures: what happened (maker or picker, partner), the
tricks, each side's points and totals, bags, money and the game's end. Made in one place
from what the ledger offers for the hand, in the players' names."""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.ledger import Ledger
from scorekeeper.money import amount, point_value
from scorekeeper.record import hand_record, report_hands
from scorekeeper.words import counted, told


def _listed(names: Sequence[str], values: Sequence[object]) -> str:
    return ", ".join(f"{name} {value}" for name, value in zip(names, values, strict=True))


def hand_summary(ledger: Ledger, hand_index: int) -> list[str]:
    """The lines that tell how hand ``hand_index`` ended (none while it is being played),
    read from the hand's structured record."""
    if ledger.outcome(hand_index) is None:
        return []
    hand = hand_record(ledger, hand_index)
    players, sides = ledger.info.players, ledger.side_names
    lines = [f"Hand {hand['hand']}: {hand['summary']}"]
    why = hand["details"].get("why")
    if isinstance(why, str):  # why play stopped, when the game says
        said = told(why, players)
        lines.append(said[:1].upper() + said[1:])
    # the hand's own count of tricks taken: claimed tricks included
    taken = getattr(ledger.hands[hand_index].state, "taken", None)
    if taken and sum(taken):  # a hand entered from its result has no tricks to show
        lines.append(
            "Tricks: "
            + ", ".join(
                f"{name} {counted(n, 'trick')}" for name, n in zip(players, taken, strict=True)
            )
        )
    if not hand["scored"]:  # recorded after the game ended: kept, not scored
        lines.append("Not scored: the game had already ended")
        return lines
    lines.append("Points: " + _listed(sides, [f"{p:+d}" for p in hand["points"]]))
    lines.append("Totals: " + _listed(sides, hand["totals"]))
    for field in ledger.report.summary_fields:  # what the game adds (Spades: bags)
        values = field.value(report_hands(ledger)[hand_index])
        if values is not None:
            lines.append(f"{field.title}: {_listed(sides, values)}")
    cents = point_value(ledger)
    if cents:
        lines.append("Money: " + _listed(sides, [amount(t * cents) for t in hand["totals"]]))
    lines.extend(hand["notes"])
    score = ledger.scores[hand_index]
    if score.game_over:
        winners = " & ".join(sides[side] for side in score.winners)
        lines.append(f"Game over: {winners} won")
    return lines
