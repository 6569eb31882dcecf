"""``scorekeeper check FILE --explain N``: one hand trick by trick for the table.

Who led, each card, who won and why (the engine's :class:`~scorekeeper.trick_won.TrickWon`
told by :mod:`scorekeeper.words`), each ruling beside the trick it concerns, and the draws
from the pile after it.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from itertools import accumulate

from scorekeeper.adjudicator import HandLog
from scorekeeper.cards import Card
from scorekeeper.games.base import Violation
from scorekeeper.ledger import SettledHand
from scorekeeper.record import decision_of, decision_words
from scorekeeper.words import (
    draws_text,
    penalty_line,
    player,
    told,
    trick_won_text,
    violation_lines,
)


def explain_lines(settled: SettledHand, names: Sequence[str]) -> list[str]:
    """A hand in words, trick by trick."""
    log, outcome = settled.log, settled.outcome
    summary = told(outcome.summary, names) if outcome is not None else "not finished"
    lines = [f"Hand {settled.number + 1} (dealer {player(log.dealer, names)}): {summary}"]
    if log.is_quick:
        return [*lines, "Entered as a result: no tricks on record."]
    by_trick: dict[int, list[Violation]] = {}
    for violation in log.violations():
        by_trick.setdefault(violation.trick or 0, []).append(violation)
    lines += _rulings(log, by_trick.pop(0, []), names, "Before play")
    state = log.state
    drawn = _draws_after(log)
    for trick_number, trick in enumerate(state.tricks, start=1):
        cards = ", ".join(
            f"{player(seat, names)} {card}"
            for seat, card in zip(trick.seats, trick.cards, strict=True)
        )
        lines.append("")
        lines.append(f"Trick {trick_number}: {player(trick.leader, names)} leads. {cards}.")
        lines.append(f"  {trick_won_text(state.trick_won(trick_number), names)}")
        lines += _rulings(log, by_trick.pop(trick_number, []), names)
        if draws := drawn.get(trick_number):
            lines.append(f"  {draws_text(draws, names)}")
    for trick_number, violations in sorted(by_trick.items()):  # a trick still in play
        lines.append("")
        lines += _rulings(log, violations, names, f"Trick {trick_number}, not finished")
    if outcome is not None and outcome.penalty:
        lines += ["", penalty_line(outcome.penalty, names)]
    return lines


def _draws_after(log: HandLog) -> dict[int, list[tuple[int, Card | None]]]:
    """The draws from the pile (seat, card when seen) after each trick, by trick number."""
    ends = list(accumulate(len(trick.cards) for trick in log.state.tricks))
    plays = 0
    drawn: dict[int, list[tuple[int, Card | None]]] = {}
    for _, event in log.effective_items():
        if event.kind == "play":
            plays += 1
        elif event.kind == "draw" and event.seat is not None:
            drawn.setdefault(bisect_right(ends, plays), []).append((event.seat, event.card))
    return drawn


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
