"""The one place the engine's data becomes words, with the players' names.

Rulings, their evidence and refusals reach the GUI, the score sheets and ``check``
through these functions; nothing else turns a seat into text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from scorekeeper import evidence as ev
from scorekeeper.cards import Card, format_cards
from scorekeeper.events import Event
from scorekeeper.games.base import Game, Settings, Violation
from scorekeeper.money import amount
from scorekeeper.trick_won import TrickWon


def player(seat: int | None, names: Sequence[str]) -> str:
    """The name of the player in ``seat``; ``the table`` for a ruling on no one seat."""
    if seat is None:
        return "the table"
    if 0 <= seat < len(names):
        return names[seat]
    return f"seat {seat} (counting from 0)"


def players(seats: Sequence[int], names: Sequence[str]) -> str:
    """``Ann``, ``Ann and Cy``, ``Ann, Ben and Cy``."""
    said = [player(seat, names) for seat in seats]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]


def _no_seat(item: ev.NoSeat, names: Sequence[str]) -> str:
    if item.seat is None:
        return "the event names no player"
    return f"nobody sits at seat {item.seat} (seats count from 0 to {item.seats - 1})"


def _held_by(item: ev.HeldBy, names: Sequence[str]) -> str:
    cards, who = format_cards(item.cards), player(item.seat, names)
    if item.how == "held":
        return f"{cards} {'is' if len(item.cards) == 1 else 'are'} in {who}'s hand"
    if item.how == "dealt":
        return f"{cards} dealt to {who}"
    return f"{who} {item.how} {cards}"


def _already_recorded(item: ev.AlreadyRecorded, names: Sequence[str]) -> str:
    said = f"{player(item.seat, names)}'s hand is already on record"
    return f"{said} as {format_cards(item.cards)}" if item.cards else said


def _partner_bid(item: ev.PartnerBid, names: Sequence[str]) -> str:
    bid = "blind nil" if item.blind else "nil"
    return f"{player(item.seat, names)}'s partner {player(item.partner, names)} bid {bid}"


def _side_trails(item: ev.SideTrails, names: Sequence[str]) -> str:
    return f"{player(item.seat, names)}'s side trails by {item.deficit}, not {item.needed} or more"


def _held(item: ev.Held, names: Sequence[str]) -> str:
    because = f"{item.reason}: " if item.reason else ""
    return f"{because}{player(item.seat, names)} held {format_cards(item.cards)}"


def _played_in_trick(item: ev.PlayedInTrick, names: Sequence[str]) -> str:
    said = f"{player(item.seat, names)} played {item.card} in trick {item.trick}"
    return f"{said} ({item.reason})." if item.reason else f"{said}."


def _then_played(item: ev.ThenPlayed, names: Sequence[str]) -> str:
    return (
        f"{player(item.seat, names)} then played {item.card} in trick {item.trick}, "
        f"so {item.card} was in hand in trick {item.earlier}."
    )


def _then_played_after(item: ev.ThenPlayedAfter, names: Sequence[str]) -> str:
    return (
        f"{player(item.seat, names)} then played {item.card} in trick {item.trick}, "
        f"so {item.card} was in hand at the {item.event}."
    )


def _held_in_trick(item: ev.HeldInTrick, names: Sequence[str]) -> str:
    return (
        f"In trick {item.trick} {player(item.seat, names)} held {format_cards(item.cards)} "
        "(every card they played from then on)."
    )


_EVIDENCE: dict[type, Callable[[Any, Sequence[str]], str]] = {
    ev.Note: lambda item, names: item.text,
    ev.Turn: lambda item, names: (
        f"it is {player(item.seat, names)}'s turn{' to ' + item.action if item.action else ''}"
    ),
    ev.NoSeat: _no_seat,
    ev.InTrickAlready: lambda item, names: (
        f"{player(item.seat, names)} already played {item.card} to this trick"
    ),
    ev.NotHeld: lambda item, names: (
        f"{format_cards(item.cards)} {'is' if len(item.cards) == 1 else 'are'} "
        f"not in {player(item.seat, names)}'s hand"
    ),
    ev.HeldBy: _held_by,
    ev.AlreadyRecorded: _already_recorded,
    ev.PlayedNotAmong: lambda item, names: (
        f"{player(item.seat, names)} played {format_cards(item.cards)}, not among these"
    ),
    ev.SitsOut: lambda item, names: f"{player(item.seat, names)} sits out: the partner plays alone",
    ev.DealerDiscards: lambda item, names: f"the dealer ({player(item.seat, names)}) discards",
    ev.PartnerBid: _partner_bid,
    ev.SideTrails: _side_trails,
    ev.Held: _held,
    ev.PlayedInTrick: _played_in_trick,
    ev.ThenPlayed: _then_played,
    ev.ThenPlayedAfter: _then_played_after,
    ev.HeldInTrick: _held_in_trick,
    ev.NotOnRecord: lambda item, names: (
        f"{player(item.seat, names)}'s cards are not on record: enter the hand as dealt for a hint"
    ),
    ev.Leads: lambda item, names: (
        f"{player(item.seat, names)} won trick {item.won} and leads"
        if item.won
        else f"{player(item.seat, names)}, left of the dealer, leads the first trick"
    ),
    ev.DrawsFirst: lambda item, names: (
        f"{player(item.seat, names)} draws {'first' if item.first else 'next'}: "
        f"{player(item.winner, names)} won the trick"
    ),
}


def evidence_text(item: ev.Evidence, names: Sequence[str]) -> str:
    """One piece of evidence in words."""
    return _EVIDENCE[type(item)](item, names)


def violation_heading(violation: Violation, names: Sequence[str]) -> str:
    """``Follow suit: Ann played 7♣ in trick 1.``; before play, ``Ann's A♣`` (a discard, a
    call). The rule's id is for files and the rules help, not for the reader."""
    who = player(violation.seat, names)
    if violation.card is None:
        what = who
    elif violation.trick:
        what = f"{who} played {violation.card} in trick {violation.trick}"
    else:
        what = f"{who}'s {violation.card}"
    return f"{violation.rule.title}: {what}."


def violation_lines(violation: Violation, names: Sequence[str]) -> list[str]:
    """The heading, the rule's text, then each piece of evidence (indented)."""
    lines = [violation_heading(violation, names), violation.rule.text]
    lines += [f"  {evidence_text(item, names)}" for item in violation.evidence]
    return lines


EVENT_WORDS = {
    "deal": "deal",
    "blind": "blind",
    "upcard": "upcard",
    "trump_card": "trump card",
    "pick": "pick",
    "pass": "pass",
    "bury": "bury",
    "call": "call",
    "order_up": "order up",
    "name_trump": "trump call",
    "discard": "discard",
    "bid": "bid",
    "contract": "contract",
    "exchange": "exchange",
    "play": "play",
    "draw": "draw",
    "claim": "claim",
    "answer": "answer",
}
"""Each event kind a ruling may concern, as a table says it."""


def take_back_words(removed: Sequence[Event]) -> str:
    """What taking back a ruled event does, given the events it removes from play:
    ``Take back`` for one, ``Take back: 33 cards return to hands`` for more plays."""
    removed = [event for event in removed if event.kind not in ("decision", "correction")]
    if len(removed) < 2:
        return "Take back"
    cards = sum(1 for event in removed if event.kind == "play")
    if cards == len(removed):
        return f"Take back: {cards} cards return to hands"
    return f"Take back: {len(removed)} recorded plays are removed"


def step_words(hand: int, event: Event, names: Sequence[str], before: Sequence[Event]) -> str:
    """What one action of the match did, for Undo and Redo, from the event it recorded in
    hand ``hand`` (from 0) after the hand's events ``before``: ``Cy bid 4``, ``Eve pass``,
    ``Correct hand 3``, ``Quick entry of a hand``, a decision on a ruling."""
    kind = event.kind
    if kind == "result":
        return "Quick entry of a hand"
    if kind == "correction":
        return f"Correct hand {hand + 1}"
    if kind == "decision":
        if event.value == "take_back" and event.ref is not None:
            return take_back_words(before[event.ref :])
        return "Let it stand with the penalty"
    who = player(event.seat, names) if event.seat is not None else ""
    thing = str(event.card) if event.card is not None else format_cards(event.cards)
    if kind in ("bid", "contract"):
        thing = "nil" if event.value == 0 else str(event.value)
    elif event.suit is not None:
        thing = str(event.suit)
    return " ".join(part for part in (who, EVENT_WORDS[kind], thing) if part)


def ordinal(number: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``11th``, ``22nd``."""
    if number % 100 in (11, 12, 13):
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th') }"


def ruling_place(violation: Violation, kind: str | None, names: Sequence[str]) -> str:
    """Where a ruling is, as the table says it: ``trick 2, Cy's 10♣``, or ``Cy's bid, the
    9th event of the hand`` outside play (``kind`` is the ruled event's kind)."""
    if violation.trick is not None and violation.card is not None and violation.seat is not None:
        return f"trick {violation.trick}, {player(violation.seat, names)}'s {violation.card}"
    what = EVENT_WORDS.get(kind or "", "entry")
    what = f"the {what}" if violation.seat is None else f"{player(violation.seat, names)}'s {what}"
    if violation.event_index is None:
        return what
    return f"{what}, the {ordinal(violation.event_index + 1)} event of the hand"


def violation_message(violation: Violation, names: Sequence[str]) -> str:
    """One line for a refusal: the rule's title and text, and the evidence in brackets."""
    evidence = "; ".join(evidence_text(item, names) for item in violation.evidence)
    text = f"{violation.rule.title}: {violation.rule.text}"
    return f"{text} ({evidence})" if evidence else text


def reasons_text(why: Sequence[ev.Evidence], names: Sequence[str]) -> str:
    """Why something was refused (a refusal's evidence), in one line."""
    return "; ".join(evidence_text(item, names) for item in why)


def draws_text(draws: Sequence[tuple[int, Card | None]], names: Sequence[str]) -> str:
    """The draws from the pile after a trick: ``Ann draws 6♠; Ben draws a card no one saw.``"""
    said = [
        f"{player(seat, names)} draws {'a card no one saw' if card is None else card}"
        for seat, card in draws
    ]
    return "; ".join(said) + "."


def trick_won_text(won: TrickWon, names: Sequence[str]) -> str:
    """``Ann wins with J♦, the right bower: the highest trump.``"""
    title = f", the {won.title}" if won.title else ""
    if won.how == "led":
        why = f"the highest of the suit led ({won.suit})"
    elif won.how == "trumped":
        highest = ", the highest trump played" if won.trumps > 1 else ""
        why = f"trump beats the suit led ({won.suit}){highest}"
    else:
        why = "the highest trump, and trump was led"
    said = f"{player(won.seat, names)} wins with {won.card}{title}: {why}"
    if won.order:
        said += f" (trump from the highest down: {format_cards(won.order)})"
    if won.barred is not None:
        said += f"; {won.barred} is the under card and cannot win a trick of its suit"
    return said + "."


def house_option_words(game: Game, settings: Settings) -> list[str]:
    """Each house option of ``settings`` that differs from its default, in words."""
    words = []
    for option in game.options:
        value = settings.get(option)
        if value == option.default:
            continue
        if option is game.money_option:
            words.append(f"{option.title}: {amount(value)} a point")
        elif value is True:
            words.append(option.title)
        else:
            words.append(f"{option.title}: {option.label(value)}")
    return words


MINUS = "\u2212"


def signed(number: int, plus: bool = True) -> str:
    """``number`` with the one minus sign of every report (U+2212); ``+`` before a
    positive number when ``plus``."""
    if number < 0:
        return f"{MINUS}{-number}"
    return f"+{number}" if plus and number > 0 else str(number)


def counted(number: int, noun: str) -> str:
    """``1 bag``, ``2 bags``."""
    return f"{number} {noun}{'' if number == 1 else 's'}"


_MENTION = re.compile(r"\{(\d+)\}")


def told(text: str, names: Sequence[str]) -> str:
    """An outcome's words (summary, penalty, note, a refused result) with each ``{seat}``
    given its player; any other brace is left as written."""
    return _MENTION.sub(lambda seat: player(int(seat.group(1)), names), text)


def statistics_table(
    statistics: dict[str, dict[str, int | float]],
) -> tuple[list[str], list[list[str]]]:
    """:meth:`Ledger.statistics` as a table a person reads: the column heads (``Player``
    first), then a row per player; a count a player never had reads 0, a rate with nothing
    to measure reads a dash, other rates read as percentages."""
    columns: list[str] = []
    rates: set[str] = set()
    for entry in statistics.values():
        for key, value in entry.items():
            if key not in columns:
                columns.append(key)
            if isinstance(value, float):
                rates.add(key)
    rows = []
    for name, entry in statistics.items():
        row = [name]
        for key in columns:
            measured = entry.get(key)
            if key in rates:
                row.append("–" if measured is None else f"{round(100 * measured)}%")
            else:
                row.append(str(measured or 0))
        rows.append(row)
    return ["Player", *(key.capitalize() for key in columns)], rows
