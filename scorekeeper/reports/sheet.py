"""The match score sheet: the match, its players, a row per hand with running totals,
the standings and money, the chart, the rulings, and the game's own tables."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, TableStyle

from scorekeeper.games.report import ReportHand
from scorekeeper.money import amount, point_value, settle
from scorekeeper.record import report_hands
from scorekeeper.reports import games
from scorekeeper.reports.cells import TextCell, wrapped_name
from scorekeeper.reports.chart import chart_legend, totals_chart
from scorekeeper.reports.fonts import BOLD, FONT, text_width
from scorekeeper.reports.layout import (
    BODY,
    HEADER_FILL,
    HEADING,
    PENALTY,
    RULE_GREY,
    RULE_TEXT,
    SMALL,
    TITLE,
    Command,
    content_width,
)
from scorekeeper.reports.paged import PagedTable
from scorekeeper.reports.record import without_rule_ids
from scorekeeper.reports.statistics import statistics_section
from scorekeeper.reports.text import isolated, markup, shorten, side_labels
from scorekeeper.words import house_option_words, penalty_line, signed, told, violation_lines

if TYPE_CHECKING:
    from scorekeeper.adjudicator import HandLog
    from scorekeeper.games.base import Violation
    from scorekeeper.ledger import Ledger
    from scorekeeper.phrases import Phrase

ROW_SIZE = 8
NUMBER_WIDTH = 30
INDEX_WIDTH = 24
LONGEST_NAME = 640  # points: 64 of the widest characters at the row size
DECISIONS = {"take_back": "taken back", "stand": "let stand"}


def para(text: str, style: ParagraphStyle = BODY) -> Paragraph:
    """A paragraph of user text, printed exactly as typed."""
    return Paragraph(markup(text), style)


def labelled(label: str, text: str, style: ParagraphStyle = BODY) -> Paragraph:
    """``label``: ``text``, the label in bold; both printed exactly as given."""
    return Paragraph(f"<b>{markup(label + ':')}</b> {markup(text)}", style)


def match_header(ledger: Ledger) -> list[Flowable]:
    info = ledger.info
    game = ledger.game
    story: list[Flowable] = [para(info.name, TITLE)]
    story.append(labelled("Game", game.title))
    story.append(labelled("Rules", game.preset(info.settings.preset).title))
    story.append(labelled("Played on", info.played_on))
    if info.place:
        story.append(labelled("Place", info.place))
    options = house_option_words(game, ledger.settings)
    story.append(labelled("House options", "; ".join(options) if options else "none"))
    story.append(Paragraph("Players", HEADING))
    for seat, name in enumerate(info.players):
        story.append(labelled(f"Seat {seat + 1}", name))
    if any(len(side) > 1 for side in ledger.sides):
        for number, name in enumerate(side_labels(ledger), start=1):
            story.append(labelled(f"Team {number}", name))
    return story


def hand_words(ledger: Ledger, hand: ReportHand, names: Sequence[str]) -> str:
    """What happened in a hand, in a few words, with ``names`` for the seats."""
    words = games.hand_words(ledger, hand, names)
    penalty = hand.outcome.penalty
    notes = [
        note
        for note in ledger.scores[hand.number].notes
        if note != penalty and games.kept_note(ledger, note)
    ]
    if notes:
        words += "; " + "; ".join(told(note, names) for note in notes)
    return without_rule_ids(words, ledger.game.rules)


def penalty_words(ledger: Ledger, penalty: Phrase, names: Sequence[str]) -> str:
    """A hand's penalty in words, with the players' names and the rule's title."""
    return without_rule_ids(told(penalty, names), ledger.game.rules)


def short_names(ledger: Ledger) -> list[str]:
    """The players' names for a table's sentences: whole up to the longest a match file
    allows (64 characters), a longer one cut where it would fill a few lines."""
    return isolated(shorten(name, LONGEST_NAME, ROW_SIZE) for name in ledger.info.players)


def hand_columns(width: float, sides: int, heads: Sequence[str] = ()) -> list[float]:
    """Widths of the hands table: number, dealer, words, then points and total per side,
    each wide enough for its head (``heads``: the two a side has)."""
    number = max([NUMBER_WIDTH] + [text_width(head, ROW_SIZE, BOLD) + 4 for head in heads])
    dealer = min(70.0, width * 0.14)
    words = width - INDEX_WIDTH - dealer - 2 * number * sides
    return [INDEX_WIDTH, dealer, words] + [number] * (2 * sides)


def hands_table(ledger: Ledger, hands: Sequence[ReportHand], width: float) -> Flowable:
    """A row per finished hand: number, dealer, what happened, each side's points and total."""
    names = short_names(ledger)
    sides = side_labels(ledger)
    heads = games.column_heads(ledger)
    widths = hand_columns(width, len(sides), heads)
    header_top: list[Any] = ["#", "Dealer", "What happened"]
    header_bottom: list[Any] = ["", "", ""]
    for side in sides:
        header_top += [wrapped_name(side, ROW_SIZE, BOLD, 2 * widths[-1] - 4), ""]
        header_bottom += list(heads)
    rows = [header_top, header_bottom]
    dealers = [wrapped_name(name, ROW_SIZE) for name in ledger.info.players]
    for hand in hands:
        index, outcome = hand.number, hand.outcome
        cell: list[Any] = [TextCell(hand_words(ledger, hand, names), ROW_SIZE)]
        if outcome.penalty:
            cell.append(
                TextCell(
                    without_rule_ids(penalty_line(outcome.penalty, names), ledger.game.rules),
                    ROW_SIZE,
                    PENALTY,
                )
            )
        row = [
            str(index + 1),
            dealers[ledger.hands[index].dealer],
            cell,
        ]
        for points, total in zip(hand.points, hand.totals, strict=True):
            row += [signed(points), signed(total, plus=False)]
        rows.append(row)
    for index in ledger.hands_after_end:
        left = ledger.outcome(index)
        said = f"{told(left.summary, names)}; " if left is not None else ""
        words = TextCell(f"{said}{games.NOT_SCORED}", ROW_SIZE)
        rows.append([str(index + 1), dealers[ledger.hands[index].dealer], words])
        rows[-1] += [""] * (len(widths) - 3)
    style: list[Command] = [
        ("FONT", (0, 0), (-1, -1), FONT, ROW_SIZE),
        ("FONT", (0, 0), (-1, 1), BOLD, ROW_SIZE),
        ("BACKGROUND", (0, 0), (-1, 1), HEADER_FILL),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("ALIGN", (3, 0), (-1, -1), "RIGHT"),
        ("ALIGN", (0, 0), (0, -1), "RIGHT"),
        ("LINEBELOW", (0, 1), (-1, -1), 0.25, RULE_GREY),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), 2),
    ]
    for index in range(len(sides)):
        column = 3 + 2 * index
        style += [  # the name runs on over the empty cell beside it (no span: spans are slow)
            ("ALIGN", (column, 0), (column, 0), "LEFT"),
            ("LINEBEFORE", (column, 0), (column, -1), 0.25, RULE_GREY),
        ]
    return PagedTable(rows[:2], rows[2:], widths, TableStyle(style))


def standings(ledger: Ledger) -> list[Flowable]:
    """Final (or current) standings, best first as the game's ``winning`` says (level
    sides share a place), the winners, and who owes whom."""
    story: list[Flowable] = [
        Paragraph("Standings" if ledger.game_over else "Standings so far", HEADING)
    ]
    totals = ledger.totals
    sides = side_labels(ledger)
    winners = set(ledger.winners)
    cents = point_value(ledger)
    for place, side in ledger.game.winning.places(totals):
        mark = " (winner)" if side in winners else ""
        money = f", {amount(totals[side] * cents)}" if cents else ""
        name = sides[side]
        text = markup(f"{name}: {games.total_words(ledger, totals[side])}{money}{mark}")
        story.append(Paragraph(f"<b>{place}.</b> {text}", BODY))
    if not ledger.game_over:
        story.append(Paragraph("The match is not over.", SMALL))
    if cents:
        story.append(Paragraph(f"Money: {amount(cents)} a point", HEADING))
        payments = settle([total * cents for total in totals])
        for payer, payee, paid in payments:
            story.append(para(f"{sides[payer]} pays {sides[payee]} {amount(paid)}"))
        if not payments:
            story.append(Paragraph("Nobody owes anything.", BODY))
    return story


def rulings(ledger: Ledger, names: Sequence[str]) -> list[Flowable]:
    """Every ruling of the match: the hand, the rule and its text, the evidence, the decision."""
    found = ledger.violations()
    if not found:
        return []
    story: list[Flowable] = []
    for hand, violation in found:
        story += ruling_block(
            ledger.hands[hand], violation, names, f"Hand {hand + 1}: ", first=not story
        )
    return story


def ruling_block(
    log: HandLog, violation: Violation, names: Sequence[str], prefix: str = "", first: bool = False
) -> list[Flowable]:
    """One ruling: who did what against which rule, the rule's text, evidence, decision;
    the ``first`` one carries the "Rulings" heading, so the heading never ends a page."""
    lines = [without_rule_ids(line, [violation.rule]) for line in violation_lines(violation, names)]
    index = violation.event_index
    decision = log.decisions.get(index) if index is not None else None
    if decision in DECISIONS:
        verdict = f" ({DECISIONS[decision]})"
    elif violation in log.pending:
        verdict = " (awaiting the table's decision)"
    else:
        verdict = ""
    block: list[Flowable] = [Paragraph(f"<b>{markup(prefix + lines[0])}</b>{verdict}", BODY)]
    rule_text, evidence = lines[1], lines[2:]
    block += [Paragraph(markup(line.strip()), RULE_TEXT) for line in [rule_text, *evidence]]
    if first:
        block.insert(0, Paragraph("Rulings", HEADING))
    return [KeepTogether(block), Spacer(0, 3)]


def score_sheet_story(ledger: Ledger, paper: str) -> list[Flowable]:
    width = content_width(paper)
    names = isolated(ledger.info.players)
    story = match_header(ledger)
    hands = report_hands(ledger)
    story += standings(ledger)
    if ledger.scores:
        sides = side_labels(ledger)
        chart = totals_chart(sides, [s.totals for s in ledger.scores], width)
        legend = chart_legend(sides, width)
        story.append(KeepTogether([Paragraph("Running totals", HEADING), chart, legend]))
        story.append(Paragraph("Hands", HEADING))
        story.append(hands_table(ledger, hands, width))
        story += statistics_section(ledger, width)
    else:
        story.append(Paragraph("No hand has been finished yet.", BODY))
    story += rulings(ledger, names)
    story += games.sheet_sections(ledger, hands, width)
    return story
