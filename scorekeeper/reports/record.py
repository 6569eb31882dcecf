"""What the score sheet reads from a hand's outcome, in one place: each game's facts as a
small record built from ``HandOutcome.details`` (seats from 0, numbers), so that the rest
of the reports never reads a details key itself."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from scorekeeper.cards import Suit
from scorekeeper.games.base import HandOutcome
from scorekeeper.rules import Rule

BAG_CYCLE = 10
"""A side's bag count restarts from the remainder each time it reaches ten."""


@dataclass(frozen=True)
class SpadesHand:
    bids: tuple[int, ...]  # per seat, 0 = nil
    blind: tuple[bool, ...]
    tricks: tuple[int, ...]  # per seat, as taken
    side_bids: tuple[int, ...]
    side_tricks: tuple[int, ...]  # per side, as counted after a renege penalty
    set: tuple[bool, ...]  # per side
    bags: tuple[int, ...]  # per side, this hand
    nil_made: tuple[bool | None, ...]  # per seat: None when the seat did not bid nil


def spades_hand(outcome: HandOutcome) -> SpadesHand | None:
    details = outcome.details
    if "side_bids" not in details:
        return None
    return SpadesHand(
        bids=tuple(details["bids"]),
        blind=tuple(details["blind"]),
        tricks=tuple(details["tricks"]),
        side_bids=tuple(details["side_bids"]),
        side_tricks=tuple(details["side_tricks"]),
        set=tuple(contract == "set" for contract in details["contracts"]),
        bags=tuple(details["bags"]),
        nil_made=tuple(None if nil is None else nil.endswith("made") for nil in details["nils"]),
    )


@dataclass(frozen=True)
class EuchreHand:
    makers: int  # side
    maker: int | None  # seat; None when entered as a result without it
    trump: str  # suit symbol, "" when unknown
    tricks: int
    alone: bool
    defender_alone: bool
    result: str  # made, march, alone made, alone march, euchred, renege, passed


def euchre_hand(outcome: HandOutcome) -> EuchreHand | None:
    details = outcome.details
    if "makers" not in details or "result" not in details:
        return None
    trump = details.get("trump")
    return EuchreHand(
        makers=details["makers"],
        maker=details.get("maker"),
        trump=Suit[trump.upper()].symbol if trump else "",
        tricks=details.get("tricks", 0),
        alone=bool(details.get("alone")),
        defender_alone=bool(details.get("defender_alone")),
        result=details["result"],
    )


@dataclass(frozen=True)
class SheepsheadHand:
    kind: str  # picker, alone, schwanzer, leaster, doubler
    picker: int | None
    partner: int | None
    points: int | None  # the picking side's card points
    won: bool | None
    schneider: bool
    schwarz: bool
    multiplier: int


def sheepshead_hand(outcome: HandOutcome) -> SheepsheadHand | None:
    details = outcome.details
    if "type" not in details:
        return None
    return SheepsheadHand(
        kind=details["type"],
        picker=details.get("picker"),
        partner=details.get("partner"),
        points=details.get("picking_points"),
        won=details.get("won"),
        schneider=bool(details.get("schneider")),
        schwarz=bool(details.get("schwarz")),
        multiplier=details.get("multiplier", 1),
    )


@dataclass(frozen=True)
class JackGame:
    winner: int | None  # seat that won the game with this hand
    totals: tuple[int, ...]  # the game's points per seat
    card_points: tuple[int, ...]
    honours: dict[str, int | None]  # high, low, jack: the seat that took it


def jack_game(outcome: HandOutcome) -> JackGame | None:
    details = outcome.details
    if "card_points" not in details:
        return None
    return JackGame(
        winner=details.get("winner"),
        totals=tuple(details["totals"]),
        card_points=tuple(details["card_points"]),
        honours={honour: details.get(honour) for honour in ("high", "low", "jack")},
    )


def without_rule_ids(text: str, rules: Iterable[Rule]) -> str:
    """``text`` with each rule id in it replaced by the rule's title ("Renege penalty:
    Di reneged"), and "Title (id)" by the title alone: ids are for files, not readers."""
    for rule in rules:
        if rule.id in text:
            text = text.replace(f"{rule.title} ({rule.id})", rule.title)
            text = text.replace(f"({rule.id}, ", "(").replace(rule.id, rule.title)
    return text
