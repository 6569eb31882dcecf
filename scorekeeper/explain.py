"""``scorekeeper check FILE --explain N``: one hand trick by trick for the table.

Every event of the hand in words: the deal, bids and calls before play; who led, each
card, who won and why (the engine's :class:`~scorekeeper.trick_won.TrickWon` told by
:mod:`scorekeeper.words`), each ruling beside the trick it concerns, the draws from the
pile and a claim after the trick they follow; a result entered or an answer given.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from itertools import accumulate
from typing import Any

from scorekeeper.adjudicator import HandLog
from scorekeeper.events import Event
from scorekeeper.games.actions import ANSWER, FIELDS, PLAY, RESULT
from scorekeeper.games.base import Game, Violation
from scorekeeper.ledger import SettledHand
from scorekeeper.record import decision_of, decision_words
from scorekeeper.words import (
    TABLE_KINDS,
    event_words,
    penalty_line,
    player,
    run_text,
    told,
    trick_won_text,
    violation_lines,
)


def explain_lines(
    settled: SettledHand, names: Sequence[str], sides: Sequence[str] = ()
) -> list[str]:
    """A hand in words, trick by trick (``sides``: the teams' names)."""
    log, outcome = settled.log, settled.outcome
    summary = told(outcome.summary, names) if outcome is not None else "not finished"
    lines = [f"Hand {settled.number + 1} (dealer {player(log.dealer, names)}): {summary}"]
    game = log.game
    answers = [
        _sentence(game, event, names, sides) for event in log.events if event.kind == ANSWER.kind
    ]
    if log.is_quick:
        result = next(event for _, event in log.effective_items() if event.kind == RESULT.kind)
        return [*lines, _sentence(game, result, names, sides), "No tricks on record.", *answers]
    by_trick: dict[int, list[Violation]] = {}
    for violation in log.violations():
        by_trick.setdefault(violation.trick or 0, []).append(violation)
    after = _events_after(log)
    before = [f"  {event_words(game, event, names, sides)}" for event in after.pop(0, [])]
    if before:
        lines += ["Before play:", *before]
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
        lines += _told_after(game, after.pop(trick_number, []), names, sides)
    for trick_number, violations in sorted(by_trick.items()):  # a trick still in play
        lines.append("")
        lines += _rulings(log, violations, names, f"Trick {trick_number}, not finished")
    for events in after.values():  # after a trick still in play
        lines += _told_after(game, events, names, sides)
    if answers:
        lines += ["", *answers]
    if outcome is not None and outcome.penalty:
        lines += ["", penalty_line(outcome.penalty, names)]
    return lines


def _sentence(game: Game[Any], event: Event, names: Sequence[str], sides: Sequence[str]) -> str:
    said = event_words(game, event, names, sides) or ""
    return f"{said[:1].upper()}{said[1:]}."


def _events_after(log: HandLog) -> dict[int, list[Event]]:
    """The events in words besides the plays, by the number of the trick they follow
    (0: before play)."""
    ends = list(accumulate(len(trick.cards) for trick in log.state.tricks))
    plays = 0
    after: dict[int, list[Event]] = {}
    for _, event in log.effective_items():
        if event.kind == PLAY.kind:
            plays += 1
        elif event.kind not in TABLE_KINDS and log.game.action(event.kind).takes != FIELDS:
            trick = bisect_right(ends, plays) if plays else 0
            after.setdefault(trick, []).append(event)
    return after


def _told_after(
    game: Game[Any], events: list[Event], names: Sequence[str], sides: Sequence[str]
) -> list[str]:
    """The events one choice records together after a trick (the draws from the pile) in
    one line, any other event a line each."""
    run = [event for event in events if game.action(event.kind).together]
    lines = [f"  {run_text(game, run, names)}"] if run else []
    return lines + [
        f"  {event_words(game, event, names, sides)}" for event in events if event not in run
    ]


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
