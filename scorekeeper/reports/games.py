"""What each game adds to its reports, read through :mod:`scorekeeper.reports.record`:
the words of each hand, and the game's own tables, such as Spades' bids, tricks, nils
and running bag count, Euchre's makers and marks, Sheepshead's picker, partner and
schneider marks and California Jack's games."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Paragraph, Table, TableStyle

from scorekeeper.reports.cells import TextCell, name_cell
from scorekeeper.reports.fonts import BOLD, FONT
from scorekeeper.reports.layout import HEADER_FILL, HEADING, RULE_GREY, SMALL
from scorekeeper.reports.record import (
    BAG_CYCLE,
    EuchreHand,
    JackGame,
    SheepsheadHand,
    SpadesHand,
    euchre_hand,
    jack_game,
    sheepshead_hand,
    spades_hand,
)
from scorekeeper.reports.text import signed
from scorekeeper.words import told

SIZE = 8
KEY = ParagraphStyle("key", parent=SMALL, keepWithNext=1, spaceAfter=2)  # a table's key above it
NO_ONE = "—"
MADE, FAILED = "✓", "✗"


def summary(ledger, index: int, names: Sequence[str]) -> str:
    """The few words of hand ``index`` for the score sheet, with ``names`` for the seats."""
    outcome = ledger.outcome(index)
    if (spades := spades_hand(outcome)) is not None:
        return _spades_words(ledger, spades, names)
    if (game := jack_game(outcome)) is not None:
        return _jack_words(ledger, index, game, names)
    if (euchre := euchre_hand(outcome)) is not None and euchre.result not in ("renege", "passed"):
        return _euchre_words(ledger, euchre, names)
    return told(outcome.summary, names)


def kept_note(ledger, note: str) -> bool:
    """Whether a score note adds to the hand's words (California Jack's words already
    number the game its winner won)."""
    return jack_game(ledger.outcome(0)) is None or " wins game " not in note


def column_heads(ledger) -> tuple[str, str]:
    """The heads of a side's two columns in the hands table: what the hand added and
    the running total."""
    return ("game", "games") if _counts_games(ledger) else ("hand", "total")


def _counts_games(ledger) -> bool:
    return bool(ledger.scores) and jack_game(ledger.outcome(0)) is not None


def total_words(ledger, total: int) -> str:
    """A side's total with what it counts: games won in California Jack, else points."""
    if _counts_games(ledger):
        return f"{total} game{'' if total == 1 else 's'} won"
    return f"{signed(total, plus=False)} point{'' if abs(total) == 1 else 's'}"


# -- words of one hand -----------------------------------------------------------------


def _side(ledger, side: int, names: Sequence[str]) -> str:
    return " & ".join(names[seat] for seat in ledger.sides[side])


def _euchre_words(ledger, hand: EuchreHand, names: Sequence[str]) -> str:
    makers = names[hand.maker] if hand.maker is not None else _side(ledger, hand.makers, names)
    marks = {
        "made": "made",
        "march": "march",
        "alone made": "loner, made",
        "alone march": "loner, march",
        "euchred": "euchred",
    }.get(hand.result, hand.result)
    if hand.defender_alone:
        marks += ", defended alone"
    trick_word = "trick" if hand.tricks == 1 else "tricks"
    return f"{makers} made {hand.trump or 'trump'} trump: {marks} ({hand.tricks} {trick_word})"


def _spades_words(ledger, hand: SpadesHand, names: Sequence[str]) -> str:
    words = []
    for side in range(len(ledger.sides)):
        text = f"{_side(ledger, side, names)} {hand.side_bids[side]} bid, "
        text += f"{hand.side_tricks[side]} took"
        if hand.set[side]:
            text += ", set"
        elif hand.bags[side]:
            text += f", {_count(hand.bags[side], 'bag')}"
        words.append(text)
    words += [
        f"{names[seat]} {_nil_words(hand, seat)}"
        for seat, made in enumerate(hand.nil_made)
        if made is not None
    ]
    return "; ".join(words)


def _nil_words(hand: SpadesHand, seat: int) -> str:
    kind = "blind nil" if hand.blind[seat] else "nil"
    return f"{kind} {'made' if hand.nil_made[seat] else 'failed'}"


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def games_won_before(ledger, index: int) -> int:
    """How many games the match finished before hand ``index`` (a California Jack total
    counts the games a player won)."""
    return sum(ledger.scores[index - 1].totals) if index else 0


def _jack_words(ledger, index: int, game: JackGame, names: Sequence[str]) -> str:
    honours = ", ".join(
        f"{honour.capitalize()} {NO_ONE if seat is None else names[seat]}"
        for honour, seat in game.honours.items()
    )
    cards = "–".join(str(points) for points in game.card_points)
    score = "–".join(str(points) for points in game.totals)
    if game.winner is None:
        return f"game goes on, {score} ({honours}; card points {cards})"
    number = games_won_before(ledger, index) + 1
    return f"Game {number}: {names[game.winner]} wins {score} ({honours}; card points {cards})"


def _grid(rows: list[list[str]], widths: Sequence[float], header_rows: int = 1) -> Table:
    return Table(
        rows,
        colWidths=list(widths),
        repeatRows=header_rows,
        style=TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), FONT, SIZE),
                ("FONT", (0, 0), (-1, header_rows - 1), BOLD, SIZE),
                ("BACKGROUND", (0, 0), (-1, header_rows - 1), HEADER_FILL),
                ("ALIGN", (1, 0), (-1, -1), "RIGHT"),
                ("ALIGN", (0, 0), (0, -1), "RIGHT"),
                ("LINEBELOW", (0, 0), (-1, -1), 0.25, RULE_GREY),
                ("TOPPADDING", (0, 0), (-1, -1), 1.5),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
            ]
        ),
        hAlign="LEFT",
    )


def _columns(width: float, count: int, first: float = 30) -> list[float]:
    return [first] + [(width - first) / count] * count


def _names(names: Sequence[str], column: float) -> list[str]:
    return [name_cell(name, column - 6, SIZE, BOLD) for name in names]


# -- Sheepshead: picker, partner, points and marks; the Schwanzer evaluation -------------


def schwanzer_points(details: dict[str, Any]) -> Sequence[int] | None:
    """Each seat's Schwanzer points, when the hand was a Schwanzer."""
    if details.get("type") != "schwanzer":
        return None
    points = details.get("player_schwanzer_points", {})
    return [points[seat] for seat in sorted(points)]


def _schwanzer_rows(ledger, hands: Sequence[int], width: float) -> list[Flowable]:
    players = ledger.info.players
    widths = _columns(width, len(players) + 1)
    rows = [["#", *_names(players, widths[1]), "losers"]]
    for index in hands:
        details = ledger.outcome(index).details
        points = schwanzer_points(details)
        losers = ", ".join(players[seat] for seat in details.get("losers", ()))
        rows.append([str(index + 1), *(str(p) for p in points), TextCell(losers, SIZE, wrap=False)])
    return [
        Paragraph("Schwanzer evaluation (most Schwanzer points lose)", HEADING),
        _grid(rows, widths),
    ]


def _sheepshead_marks(hand: SheepsheadHand) -> str:
    marks = ["won" if hand.won else "lost"]
    marks += [mark for mark, on in (("schneider", hand.schneider), ("schwarz", hand.schwarz)) if on]
    if hand.multiplier > 1:
        marks.append(f"×{hand.multiplier}")
    return ", ".join(marks)


def _pickers(ledger, hands: Sequence[int], width: float) -> list[Flowable]:
    """A row per picked hand: picker, partner, the picking side's card points, the marks."""
    players = ledger.info.players
    widths = [30, 110, 110, 50, width - 300]
    rows: list[list] = [["#", "Picker", "Partner", "Points", "Won or lost, marks"]]
    for index in hands:
        hand = sheepshead_hand(ledger.outcome(index))
        if hand is None or hand.picker is None:
            continue
        partner = NO_ONE if hand.partner is None else players[hand.partner]
        rows.append(
            [
                str(index + 1),
                name_cell(players[hand.picker], widths[1] - 6, SIZE),
                name_cell(partner, widths[2] - 6, SIZE) if hand.partner is not None else "alone",
                str(hand.points),
                _sheepshead_marks(hand),
            ]
        )
    if len(rows) == 1:
        return []
    table = _grid(rows, widths)
    table.setStyle([("ALIGN", (1, 0), (2, -1), "LEFT"), ("ALIGN", (4, 0), (4, -1), "LEFT")])
    return [Paragraph("Picker, partner and points", HEADING), table]


def _sheepshead(ledger, hands: Sequence[int], width: float) -> list[Flowable]:
    schwanzers = [i for i in hands if schwanzer_points(ledger.outcome(i).details) is not None]
    story = _pickers(ledger, hands, width)
    return story + (_schwanzer_rows(ledger, schwanzers, width) if schwanzers else [])


# -- Spades: bids, tricks, nils, bags and how the points are made up -------------------


def running_bags(ledger) -> list[tuple[int, ...]]:
    """Each side's bag count after each hand (it restarts past ten: −100 each time)."""
    counts = [0] * len(ledger.sides)
    after = []
    for index in range(len(ledger.scores)):
        hand = spades_hand(ledger.outcome(index))
        if hand is not None:
            counts = [
                (count + bags) % BAG_CYCLE for count, bags in zip(counts, hand.bags, strict=True)
            ]
        after.append(tuple(counts))
    return after


def points_split(ledger, index: int, hand: SpadesHand, names: Sequence[str]) -> list[str]:
    """How each side's points are made up: "set −50, Di nil failed −50"."""
    outcome, score = ledger.outcome(index), ledger.scores[index]
    words = []
    for side, seats in enumerate(ledger.sides):
        bid = hand.side_bids[side]
        contract = -10 * bid if hand.set[side] else 10 * bid
        parts = []
        if bid:
            parts.append(
                f"set {signed(contract)}" if hand.set[side] else f"made {signed(contract)}"
            )
        nils = [seat for seat in seats if hand.nil_made[seat] is not None]
        rest = outcome.points[side] - contract
        bags = _bag_points(rest, hand.bags[side], bool(nils))
        if hand.bags[side]:
            parts.append(f"{_count(hand.bags[side], 'bag')} {signed(bags)}")
        weight = sum(_nil_points(hand, seat, 1) for seat in nils)
        for seat in nils:
            points = (
                f" {signed(_nil_points(hand, seat, (rest - bags) // weight))}" if weight else ""
            )
            parts.append(f"{names[seat]} {_nil_words(hand, seat)}{points}")
        cycle = score.points[side] - outcome.points[side]
        if cycle:
            parts.append(f"{BAG_CYCLE} bags reached {signed(cycle)}")
        words.append(f"{_side(ledger, side, names)}: {', '.join(parts) or '0'}")
    return words


def _bag_points(rest: int, bags: int, nils: bool) -> int:
    """What a side's bags scored: +1 each, or −1 each under the house option; with a nil
    on the side, the sign that leaves the nils a multiple of 50."""
    if not nils:
        return rest
    return bags if (rest - bags) % 50 == 0 else -bags


def _nil_points(hand: SpadesHand, seat: int, value: int) -> int:
    points = value * (2 if hand.blind[seat] else 1)
    return points if hand.nil_made[seat] else -points


def _spades(ledger, hands: Sequence[int], width: float) -> list[Flowable]:
    """A row per hand: each player's bid and tricks (nils marked), each side's bags this
    hand and bag count so far, and how the points are made up."""
    players = ledger.info.players
    names = list(players)
    sides = ledger.sides
    bid_width, side_width = 24.0, 30.0
    words_width = width - 22 - 2 * bid_width * len(players) - 2 * side_width * len(sides)
    widths = [22] + [bid_width] * (2 * len(players)) + [side_width] * (2 * len(sides))
    widths.append(words_width)
    top: list = ["#"]
    for name in players:
        top += [name_cell(name, 2 * bid_width - 4, SIZE, BOLD), ""]
    for side in range(len(sides)):
        top += [name_cell(ledger.side_names[side], 2 * side_width - 4, SIZE, BOLD), ""]
    top.append("Points made up of")
    bottom = ["", *(["bid", "took"] * len(players)), *(["bags", "so far"] * len(sides)), ""]
    rows: list[list] = [top, bottom]
    counts = running_bags(ledger)
    for index in hands:
        hand = spades_hand(ledger.outcome(index))
        if hand is None or index >= len(ledger.scores):
            continue
        row: list = [str(index + 1)]
        for seat in range(len(players)):
            row += [_bid(hand, seat), _took(hand, seat)]
        for side in range(len(sides)):
            count = counts[index][side]
            row += [str(hand.bags[side]), f"{count}!" if count >= BAG_WARNING else str(count)]
        row.append([TextCell(words, SIZE) for words in points_split(ledger, index, hand, names)])
        rows.append(row)
    table = _grid(rows, widths, header_rows=2)
    spans = [("SPAN", (1 + 2 * i, 0), (2 + 2 * i, 0)) for i in range(len(players) + len(sides))]
    table.setStyle(
        [
            *spans,
            ("ALIGN", (1, 0), (-2, 0), "LEFT"),
            ("ALIGN", (-1, 0), (-1, -1), "LEFT"),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ]
    )
    note = Paragraph(
        f"Bid “nil” and “blind nil”: {MADE} made, {FAILED} failed. A bag count marked ! is "
        f"{BAG_WARNING} or more: at {BAG_CYCLE} the side loses 100.",
        KEY,
    )
    return [Paragraph("Bids, tricks and bags", HEADING), note, table]


BAG_WARNING = 7


def _bid(hand: SpadesHand, seat: int) -> str:
    if hand.nil_made[seat] is None:
        return str(hand.bids[seat])
    return "blind nil" if hand.blind[seat] else "nil"


def _took(hand: SpadesHand, seat: int) -> str:
    made = hand.nil_made[seat]
    mark = "" if made is None else f" {MADE if made else FAILED}"
    return f"{hand.tricks[seat]}{mark}"


# -- California Jack: honours and card points ------------------------------------------------


def _california_jack(ledger, hands: Sequence[int], width: float) -> list[Flowable]:
    players = ledger.info.players
    widths = _columns(width, 7)
    short = _names(players, widths[1] * 2)
    rows = [
        ["#", "High", "Low", "Jack", short[0], "", short[1], ""],
        ["", "", "", "", "cards", "game", "cards", "game"],
    ]
    for index in hands:
        game = jack_game(ledger.outcome(index))
        if game is None:
            continue
        holders = [
            NO_ONE if seat is None else name_cell(players[seat], widths[1] - 6, SIZE)
            for seat in game.honours.values()
        ]
        cards, totals = game.card_points, game.totals
        rows.append(
            [str(index + 1), *holders, str(cards[0]), str(totals[0]), str(cards[1]), str(totals[1])]
        )
    table = _grid(rows, widths, header_rows=2)
    table.setStyle([("SPAN", (4, 0), (5, 0)), ("SPAN", (6, 0), (7, 0))])
    return [Paragraph("High, Low, Jack and card points when each game ended", HEADING), table]


Section = Callable[[Any, Sequence[int], float], list[Flowable]]


def _section(ledger, on_sheet: bool) -> Section | None:
    """The game's own table, chosen by what its hands record."""
    outcome = ledger.outcome(0) if ledger.scores else None
    if outcome is None:
        return None
    if spades_hand(outcome) is not None:
        return _spades
    if sheepshead_hand(outcome) is not None:
        return _sheepshead
    if jack_game(outcome) is not None and not on_sheet:
        return _california_jack  # on the sheet each game's line says it
    return None


def sheet_sections(ledger, width: float) -> list[Flowable]:
    """The game's own tables over every finished hand of the match."""
    section = _section(ledger, on_sheet=True)
    return section(ledger, range(len(ledger.scores)), width) if section else []


def hand_section(ledger, index: int, width: float) -> list[Flowable]:
    """The game's own table for one finished hand."""
    section = _section(ledger, on_sheet=False)
    if section is None or ledger.outcome(index) is None:
        return []
    return section(ledger, [index], width)
