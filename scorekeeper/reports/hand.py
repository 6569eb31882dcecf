"""The report of one hand: what was dealt, bid and called, every trick, and its rulings
with the rule text and the evidence."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from reportlab.platypus import Flowable, Paragraph, Table, TableStyle

from scorekeeper.record import report_hands
from scorekeeper.reports import games
from scorekeeper.reports.cells import TextCell, wrapped_name
from scorekeeper.reports.fonts import BOLD, FONT, text_width
from scorekeeper.reports.layout import (
    BODY,
    HEADER_FILL,
    HEADING,
    PENALTY_TEXT,
    RULE_GREY,
    SMALL,
    TITLE,
    content_width,
)
from scorekeeper.reports.sheet import hand_words, labelled, para, penalty_words, ruling_block
from scorekeeper.reports.text import isolated, side_labels
from scorekeeper.words import event_words, signed, told

if TYPE_CHECKING:
    from scorekeeper.adjudicator import HandLog
    from scorekeeper.cards import Card
    from scorekeeper.ledger import Ledger

SIZE = 8
INDEX_WIDTH = 24  # the trick's number, up to 13
BROKE = "⚑"
"""The mark of a card whose play broke a rule, in the tricks table."""
MAX_NAME_WIDTH = 90  # the Leader and Winner columns; a longer name wraps


def _card(card: Card | None, broke: bool) -> str:
    """A card of a trick, marked when its play broke a rule (the ruling says which)."""
    if card is None:
        return ""
    return f"{card} {BROKE}" if broke else str(card)


def tricks_table(log: HandLog, names: Sequence[str], width: float) -> Table:
    """Every trick: its leader, the cards in seat order, the winner and the points."""
    seats = len(names)
    name_width = min(MAX_NAME_WIDTH, max(text_width(name, SIZE) + 12 for name in names))
    name_width = max(name_width, text_width("Winner", SIZE, BOLD) + 12)
    tricks = list(log.state.tricks)
    if log.state.current is not None and log.state.current.cards:
        tricks.append(log.state.current)
    counted = any(trick.points for trick in tricks)  # no card points: no Points column
    points_width = text_width("Points", SIZE, BOLD) + 12 if counted else 0
    card_width = (width - INDEX_WIDTH - 2 * name_width - points_width) / seats
    header = [
        "#",
        "Leader",
        *(wrapped_name(name, SIZE, BOLD) for name in names),
        "Winner",
        *(["Points"] if counted else []),
    ]
    rows: list[list[Any]] = [header]
    broke = {(v.trick, v.seat, v.card) for v in log.violations() if v.trick is not None}
    for number, trick in enumerate(tricks, start=1):
        cells = [
            TextCell(_card(trick.card_of(seat), (number, seat, trick.card_of(seat)) in broke), SIZE)
            for seat in range(seats)
        ]
        winner = (
            wrapped_name(names[trick.winner], SIZE) if trick.winner is not None else "(in play)"
        )
        row = [str(number), wrapped_name(names[trick.leader], SIZE), *cells, winner]
        rows.append(row + ([str(trick.points)] if counted else []))
    widths = [INDEX_WIDTH, name_width, *([card_width] * seats), name_width]
    return Table(
        rows,
        colWidths=widths + ([points_width] if counted else []),
        repeatRows=1,
        hAlign="LEFT",
        style=TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), FONT, SIZE),
                ("FONT", (0, 0), (-1, 0), BOLD, SIZE),
                ("BACKGROUND", (0, 0), (-1, 0), HEADER_FILL),
                ("LINEBELOW", (0, 0), (-1, -1), 0.25, RULE_GREY),
                ("ALIGN", (0, 0), (0, -1), "RIGHT"),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                *([("ALIGN", (-1, 0), (-1, -1), "RIGHT")] if counted else []),
            ]
        ),
    )


def hand_report_story(ledger: Ledger, index: int, paper: str) -> list[Flowable]:
    if not 0 <= index < len(ledger.hands):
        raise ValueError(f"there is no hand {index + 1} (the match has {len(ledger.hands)})")
    log = ledger.hands[index]
    names = isolated(ledger.info.players)
    sides = side_labels(ledger)
    width = content_width(paper)
    story: list[Flowable] = [para(f"Hand {index + 1}: {ledger.info.name}", TITLE)]
    story.append(labelled("Game", ledger.game.title))
    story.append(labelled("Rules", ledger.game.preset(ledger.info.settings.preset).title))
    story.append(labelled("Dealer", names[log.dealer]))
    outcome = ledger.outcome(index)
    scored = report_hands(ledger)
    hand = scored[index] if index < len(scored) else None
    if outcome is None:
        story.append(Paragraph("The hand is not finished.", BODY))
    elif hand is None:
        said = told(outcome.summary, names)
        story.append(labelled("Result", f"{said} ({games.NOT_SCORED})"))
    else:
        story.append(labelled("Result", hand_words(ledger, hand, names)))
        for side, name in enumerate(sides):
            total = signed(hand.totals[side], plus=False)
            story.append(labelled(name, f"{signed(hand.points[side])} (total {total})"))
    if outcome is not None and outcome.penalty:
        story.append(
            labelled("Penalty", penalty_words(ledger, outcome.penalty, names), PENALTY_TEXT)
        )
    violations = log.violations()
    calls = [
        words
        for event in log.effective_events()
        if (words := event_words(ledger.game, event, names, sides))
    ]
    if calls:
        story.append(Paragraph("Deal, bids and calls", HEADING))
        story += [para(words) for words in calls]
    if log.state.tricks or (log.state.current is not None and log.state.current.cards):
        story.append(Paragraph("Tricks", HEADING))
        if violations:
            story.append(Paragraph(f"{BROKE} marks a card whose play broke a rule.", SMALL))
        story.append(tricks_table(log, names, width))
    if violations:
        for number, violation in enumerate(violations):
            story += ruling_block(log, violation, names, first=number == 0)
    if hand is not None:
        story += games.hand_section(ledger, hand, width)
    return story
