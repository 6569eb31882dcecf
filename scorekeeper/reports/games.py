"""What each game adds to its reports, read from ``HandOutcome.details``: Sheepshead's
Schwanzer evaluation, Spades' bids, bags and nils, California Jack's honours and card
points at the end of each game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from reportlab.platypus import Flowable, Paragraph, Table, TableStyle

from scorekeeper.games.base import HandOutcome
from scorekeeper.reports.fonts import BOLD, FONT
from scorekeeper.reports.layout import HEADER_FILL, HEADING, RULE_GREY
from scorekeeper.reports.text import shorten
from scorekeeper.words import told

SIZE = 8
NO_ONE = "—"


def summary(ledger, outcome: HandOutcome, names: Sequence[str]) -> str:
    """The few words of a hand for the score sheet, with ``names`` for the seats."""
    details = outcome.details
    if ledger.game.id == "spades" and "side_bids" in details:
        return _spades_words(ledger, details, names)
    if ledger.game.id == "california_jack" and "card_points" in details:
        return f"{told(outcome.summary, names)} ({_honour_words(details, names)})"
    maker = details.get("maker")
    if ledger.game.id == "euchre" and maker is not None:
        return f"{names[maker]} made trump: {told(outcome.summary, names)}"
    return told(outcome.summary, names)


def _honour_words(details: dict[str, Any], names: Sequence[str]) -> str:
    honours = ", ".join(
        f"{honour.capitalize()} {NO_ONE if details.get(honour) is None else names[details[honour]]}"
        for honour in ("high", "low", "jack")
    )
    cards = "–".join(str(points) for points in details["card_points"])
    return f"{honours}; card points {cards}"


def _spades_words(ledger, details: dict[str, Any], names: Sequence[str]) -> str:
    words = []
    for side, seats in enumerate(ledger.sides):
        name = " & ".join(names[seat] for seat in seats)
        bid, took, bags = (
            details["side_bids"][side],
            details["side_tricks"][side],
            details["bags"][side],
        )
        text = f"{name} {bid} bid, {took} took"
        if details["contracts"][side] == "set":
            text += ", set"
        elif bags:
            text += f", {bags} bag{'s' if bags != 1 else ''}"
        words.append(text)
    words += [f"{names[seat]} {nil}" for seat, nil in enumerate(details["nils"]) if nil]
    return "; ".join(words)


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
    return [shorten(name, column - 6, SIZE, BOLD) for name in names]


# -- Sheepshead: the Schwanzer evaluation ---------------------------------------------


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
        losers = ", ".join(
            shorten(players[seat], widths[-1] - 6, SIZE) for seat in details.get("losers", ())
        )
        rows.append([str(index + 1), *(str(p) for p in points), losers])
    return [
        Paragraph("Schwanzer evaluation (most Schwanzer points lose)", HEADING),
        _grid(rows, widths),
    ]


def _sheepshead(ledger, hands: Sequence[int], width: float) -> list[Flowable]:
    schwanzers = [i for i in hands if schwanzer_points(ledger.outcome(i).details) is not None]
    return _schwanzer_rows(ledger, schwanzers, width) if schwanzers else []


# -- Spades: bids, bags and nils ----------------------------------------------------------


def _spades(ledger, hands: Sequence[int], width: float) -> list[Flowable]:
    sides = ledger.side_names
    players = ledger.info.players
    widths = (
        [30] + [(width - 30) * 0.6 / (2 * len(sides))] * (2 * len(sides)) + [(width - 30) * 0.4]
    )
    header = ["#"]
    for name in _names(sides, 2 * widths[1]):
        header += [name, ""]
    rows = [header, [""] + ["bid / took", "bags"] * len(sides) + ["nil bids"]]
    for index in hands:
        details = ledger.outcome(index).details
        if "side_bids" not in details:
            continue
        row = [str(index + 1)]
        for side in range(len(sides)):
            result = "set" if details["contracts"][side] == "set" else ""
            row += [
                f"{details['side_bids'][side]} / {details['side_tricks'][side]} {result}".strip(),
                str(details["bags"][side]),
            ]
        nils = [
            f"{shorten(players[seat], 60, SIZE)}: {nil}"
            for seat, nil in enumerate(details["nils"])
            if nil
        ]
        rows.append([*row, "; ".join(nils) or NO_ONE])
    table = _grid(rows, widths, header_rows=2)
    table.setStyle(
        [("SPAN", (1 + 2 * side, 0), (2 + 2 * side, 0)) for side in range(len(sides))]
        + [("ALIGN", (-1, 0), (-1, -1), "LEFT")]
    )
    return [Paragraph("Bids, bags and nils", HEADING), table]


# -- California Jack: honours and card points ------------------------------------------------


def _california_jack(ledger, hands: Sequence[int], width: float) -> list[Flowable]:
    players = ledger.info.players
    widths = _columns(width, 7)
    short = _names(players, widths[1] * 2)
    rows = [
        ["#", "High", "Low", "Jack", short[0], "", short[1], ""],
        ["", "", "", "", "cards", "total", "cards", "total"],
    ]
    for index in hands:
        details = ledger.outcome(index).details
        if "card_points" not in details:
            continue
        holders = [
            NO_ONE
            if details.get(name) is None
            else shorten(players[details[name]], widths[1] - 6, SIZE)
            for name in ("high", "low", "jack")
        ]
        cards, totals = details["card_points"], details["totals"]
        rows.append(
            [str(index + 1), *holders, str(cards[0]), str(totals[0]), str(cards[1]), str(totals[1])]
        )
    table = _grid(rows, widths, header_rows=2)
    table.setStyle([("SPAN", (4, 0), (5, 0)), ("SPAN", (6, 0), (7, 0))])
    return [Paragraph("High, Low, Jack and card points when each game ended", HEADING), table]


HAND_SECTIONS: dict[str, Callable[[Any, Sequence[int], float], list[Flowable]]] = {
    "sheepshead": _sheepshead,
    "spades": _spades,
    "california_jack": _california_jack,
}
SHEET_SECTIONS = {"sheepshead": _sheepshead}
"""On the score sheet Spades' bids, bags and nils and California Jack's honours and card
points are in each hand's words; only the Schwanzer evaluation needs a table of its own."""


def sheet_sections(ledger, width: float) -> list[Flowable]:
    """The game's own tables over every finished hand of the match."""
    section = SHEET_SECTIONS.get(ledger.game.id)
    if section is None or not ledger.scores:
        return []
    return section(ledger, range(len(ledger.scores)), width)


def hand_section(ledger, index: int, width: float) -> list[Flowable]:
    """The game's own table for one finished hand."""
    section = HAND_SECTIONS.get(ledger.game.id)
    if section is None or ledger.outcome(index) is None:
        return []
    return section(ledger, [index], width)
