"""What a Sheepshead hand holds, declared once: :class:`SheepsheadHand` sets it (see its
``__init__``) and its rule mixins (:mod:`.checks`, :mod:`.play_rules`) read it."""

from __future__ import annotations

from abc import abstractmethod
from typing import ClassVar

from scorekeeper.cards import Card
from scorekeeper.games.base import HandState, TrickTable
from scorekeeper.games.sheepshead.calling import Call
from scorekeeper.games.sheepshead.deck import SEATS


class SheepsheadFields(HandState):
    """The attributes and helpers of a Sheepshead hand beyond :class:`HandState`'s."""

    PICKING: ClassVar[str]
    CALLING: ClassVar[str]
    table: TrickTable  # the trumps are fixed: set from the deal on
    mode: str | None
    passes: int
    picker: int | None
    call: Call | None
    bury_recorded: bool
    buried: int | None
    bury_checked: bool
    under: Card | None
    called_bit: int
    called_fail: int
    called_led: bool
    jack_partner: bool
    next_jack: bool
    alone_by_choice: bool
    blind: int | None
    played_by: list[int]
    crack: int | None
    recrack: bool
    blitz: bool

    def picking_turn(self) -> int:
        """The seat to pick or pass: the dealer's left, then one seat on for each pass."""
        return (self.dealer + 1 + self.passes) % SEATS

    def picker_seat(self) -> int:
        """The picker's seat, once someone picked (the calling phase and after)."""
        if self.picker is None:
            raise ValueError(f"nobody picked: the hand is in {self.phase}")
        return self.picker

    @abstractmethod
    def picker_cards(self) -> int | None:
        """The picker's eight cards (dealt and blind), when both are known."""

    @abstractmethod
    def _live_under(self) -> Card | None:
        """The under card while it is known and still in the picker's hand."""

    @abstractmethod
    def _called_live(self) -> bool:
        """The called card is still unplayed."""
