"""What a game declares for its reports, as data the score sheet, the hand report and the
hand summary read: the few words of a hand, how a total is counted, the summary fields
and the game's own tables (a row per hand, in columns it names).

What names players is a phrase (:mod:`scorekeeper.phrases`); the reader makes its words
with the names (:func:`scorekeeper.words.told`). Numbers stay numbers: the reader writes
them (a signed point, an amount of money) as its page needs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from scorekeeper.phrases import Phrase

if TYPE_CHECKING:
    from scorekeeper.games.outcome import HandOutcome

Cell = str | int | Phrase | Sequence[str | Phrase] | None
"""A table cell: words, a phrase (what names a player), a number, lines, or nothing."""

Kind = Literal["number", "signed", "money", "name", "text", "words"]
"""How a column's cells read: ``number`` as is, ``signed`` with its sign, ``money`` cents
as an amount, ``name`` a player (cut to fit), ``text`` a few words, ``words`` the lines
that fill the rest of the table's width."""


@dataclass(frozen=True, slots=True)
class ReportHand:
    """One scored hand as the reports read it: its outcome and what the match made of it."""

    number: int  # from 0
    outcome: HandOutcome
    sides: tuple[tuple[int, ...], ...]  # the seats of each side
    points: tuple[int, ...]  # per side, after match effects (bags, doublers)
    totals: tuple[int, ...]  # per side, after this hand
    before: tuple[int, ...]  # per side, before this hand
    running: dict[str, list[int]]  # the tally's running counts after this hand, per side
    cents: tuple[int, ...] | None  # money per side this hand; None: not played for money

    @property
    def details(self) -> dict[str, Any]:
        return self.outcome.details


@dataclass(frozen=True, slots=True)
class Column:
    """One column of a game's table; with ``each`` one column per ``seat`` or ``side``,
    under the player's or side's name (consecutive such columns share the name)."""

    head: str
    kind: Kind = "number"
    each: Literal["", "seat", "side"] = ""
    width: float = 30
    money: bool = False  # shown only when the match is played for money


@dataclass(frozen=True, slots=True)
class ReportSection:
    """A table a game adds to its reports: ``row`` gives a hand's cells, one per column
    in order (an ``each`` column once per seat or side), or None when the hand has none."""

    title: str
    columns: tuple[Column, ...]
    row: Callable[[ReportHand], Sequence[Cell] | None]
    key: str = ""  # a line above the table that explains its marks
    money_key: str = ""  # what the key adds when the match is played for money
    on_sheet: bool = True  # on the score sheet, besides each hand's own report
    words_below: bool = False  # the ``words`` column as a line of its own under each row


@dataclass(frozen=True, slots=True)
class Rate:
    """A rate of a player's statistics: ``won`` out of ``tried``, two of the counts the
    game's hands add (``Game.hand_stats``), read as ``title``."""

    title: str
    won: str
    tried: str


@dataclass(frozen=True, slots=True)
class SummaryField:
    """A line of the hand summary: ``title``, then a value per side (None: no line)."""

    title: str
    value: Callable[[ReportHand], Sequence[int] | None]


def outcome_words(hand: ReportHand) -> Phrase:
    """A hand's words on the score sheet when the game gives no others: its summary."""
    return hand.outcome.summary


@dataclass(frozen=True, slots=True)
class GameReport:
    """Everything a game's reports show of it besides the hands table's points."""

    words: Callable[[ReportHand], Phrase] = outcome_words
    """What the few words of a hand on the score sheet say."""
    shown_note: Callable[[Phrase], bool] = lambda note: True
    """Whether a score note adds to the hand's words (none repeats what they say)."""
    whole: str = "game"
    """What the whole the totals decide is called ("match" where each hand is a game)."""
    column_heads: tuple[str, str] = ("hand", "total")
    """The heads of a side's two columns: what the hand added, the running total."""
    total_nouns: tuple[str, str] = ("point", "points")
    """What a total counts, one and many."""
    sections: tuple[ReportSection, ...] = ()
    summary_fields: tuple[SummaryField, ...] = ()
