"""What California Jack shows on its reports: each game's number, winner and score with
who took High, Low and Jack and the card points; totals count games won; each hand's
report adds a table of the honours and card points."""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.games.california_jack.phrases import SAY
from scorekeeper.games.california_jack.scoring import score_words
from scorekeeper.games.report import Cell, Column, GameReport, ReportHand, ReportSection
from scorekeeper.phrases import SAY as WORDS
from scorekeeper.phrases import Phrase, joined

HONOURS = ("high", "low", "jack")


def _holder(seat: int | None) -> Phrase:
    return SAY("no_one") if seat is None else WORDS("player", seat=seat)


def words(hand: ReportHand) -> Phrase:
    """``Game 2: Ben wins 10–6 (High Ben, Low Ann, Jack —; card points 40–12)``, the
    winner's numbers first."""
    details = hand.details
    honours = joined(
        [SAY(f"honour_{honour}", holder=_holder(details.get(honour))) for honour in HONOURS]
    )
    winner = details.get("winner")
    cards = score_words(details["card_points"], winner)
    score = score_words(details["totals"], winner)
    if winner is None:
        return SAY("game_goes_on", score=score, honours=honours, cards=cards)
    number = sum(hand.before) + 1  # the games the match finished before this one, and one
    return SAY("game_won", number=number, winner=winner, score=score, honours=honours, cards=cards)


def shown_note(note: Phrase) -> bool:
    """A game's words already number the game its winner won."""
    return note.id != SAY.id("wins_game")


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
