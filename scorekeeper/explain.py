"""``scorekeeper check FILE --explain N``: one hand trick by trick for the table.

Who led, each card, who won and why (the engine's :class:`~scorekeeper.trick_won.TrickWon`
told by :mod:`scorekeeper.words`), and each ruling beside the trick it concerns.
"""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.adjudicator import HandLog
from scorekeeper.games.base import Violation
from scorekeeper.ledger import Ledger
from scorekeeper.record import decision_of, decision_words
from scorekeeper.words import player, told, trick_won_text, violation_lines


def explain_lines(ledger: Ledger, number: int) -> list[str]:
    """Hand ``number`` (from 0) in words, trick by trick."""
    names = ledger.info.players
    log = ledger.hands[number]
    outcome = ledger.outcome(number)
    summary = told(outcome.summary, names) if outcome is not None else "not finished"
    lines = [f"Hand {number + 1} (dealer {player(log.dealer, names)}): {summary}"]
    if log.is_quick:
        return [*lines, "Entered as a result: no tricks on record."]
    by_trick: dict[int, list[Violation]] = {}
    for violation in log.violations():
        by_trick.setdefault(violation.trick or 0, []).append(violation)
    lines += _rulings(log, by_trick.pop(0, []), names, "Before play")
    state = log.state
    for trick_number, trick in enumerate(state.tricks, start=1):
        cards = ", ".join(
            f"{player(seat, names)} {card}"
            for seat, card in zip(trick.seats, trick.cards, strict=True)
        )
        lines.append("")
        lines.append(f"Trick {trick_number}: {player(trick.leader, names)} leads. {cards}.")
        lines.append(f"  {trick_won_text(state.trick_won(trick_number), names)}")
        lines += _rulings(log, by_trick.pop(trick_number, []), names)
    for trick_number, violations in sorted(by_trick.items()):  # a trick still in play
        lines.append("")
        lines += _rulings(log, violations, names, f"Trick {trick_number}, not finished")
    if outcome is not None and outcome.penalty:
        lines += ["", f"Penalty: {told(outcome.penalty, names)}"]
    return lines


def _rulings(
    log: HandLog, violations: list[Violation], names: Sequence[str], heading: str = ""
) -> list[str]:
    """Each ruling with the table's decision, under ``heading`` when there is one."""
    lines = [heading + ":"] if heading and violations else []
    for violation in violations:
        decision = decision_words(decision_of(log, violation))
        text = violation_lines(violation, names)
        lines.append(f"  Ruling ({decision}): {text[0]}")
        lines += [f"    {line}" for line in text[1:]]
    return lines
