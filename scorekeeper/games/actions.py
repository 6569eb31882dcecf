"""What a hand records, declared by each game: the kinds of event and what each one takes.

A game lists its :class:`Action` objects (``Game.actions``), one per event kind a hand of
it records (the table's decisions and corrections aside). What an action takes says how it
is entered and corrected: a card (a play, the upcard), cards (a known hand, a bury), one
of the choices the engine offers at that point of the hand (a pass, a bid), the player who
made it (a claim), or declared fields (a quick-entry result, the answer to a question).
"""

from __future__ import annotations

from dataclasses import dataclass

CARD = "card"
CARDS = "cards"
CHOICE = "choice"
PLAYER = "player"
FIELDS = "fields"
TAKES = (CARD, CARDS, CHOICE, PLAYER, FIELDS)


@dataclass(frozen=True, slots=True)
class Action:
    """An event kind a hand records and what it takes; ``unseen`` when it may be recorded
    without its card or cards (a draw no one saw, a bury not shown). ``together``: the key
    of the one choice that records each such event due now, one after another in the order
    the rules give (both players' draws after a trick). ``hidden``: its card is face down
    at the table, so a card entered alone never means it (it is the next card played);
    named after its player, the card is one seen as it was drawn."""

    kind: str
    takes: str
    unseen: bool = False
    together: str = ""
    hidden: bool = False

    def __post_init__(self) -> None:
        if self.takes not in TAKES:
            raise ValueError(f"{self.kind}: {self.takes!r} is not what an action takes {TAKES}")


DEAL = Action("deal", CARDS)
PLAY = Action("play", CARD)
CLAIM = Action("claim", PLAYER)
RESULT = Action("result", FIELDS)
ANSWER = Action("answer", FIELDS)
