"""What California Jack shows on its reports: each game's number, winner and score with
who took High, Low and Jack and the card points; totals count games won; each hand's
report adds a table of the honours and card points."""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.evidence import mention
from scorekeeper.games.california_jack.scoring import score_words
from scorekeeper.games.report import Cell, Column, GameReport, ReportHand, ReportSection

HONOURS = ("high", "low", "jack")
NO_ONE = "—"


def _holder(seat: int | None) -> str:
    return NO_ONE if seat is None else mention(seat)


def words(hand: ReportHand) -> str:
    """``Game 2: {1} wins 10–6 (High {1}, Low {0}, Jack —; card points 40–12)``, the
    winner's numbers first."""
    details = hand.details
    honours = ", ".join(
        f"{honour.capitalize()} {_holder(details.get(honour))}" for honour in HONOURS
    )
    winner = details.get("winner")
    cards = score_words(details["card_points"], winner)
    score = score_words(details["totals"], winner)
    if winner is None:
        return f"game goes on, {score} ({honours}; card points {cards})"
    number = sum(hand.before) + 1  # the games the match finished before this one, and one
    return f"Game {number}: {mention(winner)} wins {score} ({honours}; card points {cards})"


def shown_note(note: str) -> bool:
    """A game's words already number the game its winner won."""
    return " wins game " not in note


def row(hand: ReportHand) -> Sequence[Cell]:
    """Who took High, Low and Jack; each player's card points and game points."""
    details = hand.details
    cells: list[Cell] = [_holder(details.get(honour)) for honour in HONOURS]
    for cards, total in zip(details["card_points"], details["totals"], strict=True):
        cells += [cards, total]
    return cells


REPORT = GameReport(
    words=words,
    shown_note=shown_note,
    whole="match",
    column_heads=("game", "games"),
    total_nouns=("game won", "games won"),
    sections=(
        ReportSection(
            "High, Low, Jack and card points when each game ended",
            (
                Column("High", "name", width=70),
                Column("Low", "name", width=70),
                Column("Jack", "name", width=70),
                Column("cards", each="seat", width=40),
                Column("game", each="seat", width=40),
            ),
            row,
            on_sheet=False,  # on the sheet each game's words say it
        ),
    ),
)
