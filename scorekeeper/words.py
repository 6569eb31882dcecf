"""The one place the engine's data becomes words, with the players' names.

Rulings, their evidence and refusals reach the GUI, the score sheets and ``check``
through these functions; nothing else turns a seat into text.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Sequence
from typing import Any

from scorekeeper import evidence as ev
from scorekeeper.cards import Card, CardError, Suit, format_cards, parse_cards
from scorekeeper.events import Event
from scorekeeper.games import all_games, event_actions, get_game
from scorekeeper.games.actions import FIELDS, PLAY, RESULT, TABLE, Action
from scorekeeper.games.base import Game, HandState, Settings, Violation
from scorekeeper.games.quick import (
    CARD_LIST,
    CHOICE,
    FLAG,
    PER_SEAT,
    SEAT,
    SET,
    SIDE,
    TRUE,
    QuickField,
)
from scorekeeper.money import amount
from scorekeeper.phrases import LEGACY, Phrase, template
from scorekeeper.quote import shown
from scorekeeper.rules import loaded_rule
from scorekeeper.trick_won import TrickWon

TABLE_KINDS = tuple(action.kind for action in TABLE)


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
    return f"{told(item.reason, names)}: {player(item.seat, names)} held {format_cards(item.cards)}"


def _played_in_trick(item: ev.PlayedInTrick, names: Sequence[str]) -> str:
    said = f"{player(item.seat, names)} played {item.card} in trick {item.trick}"
    return f"{said} ({told(item.reason, names)})."


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
    ev.Note: lambda item, names: told(item.text, names),
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


def noun(game: Game[Any], kind: str) -> str:
    """An event kind as a table says it (``order up``, ``trump call``), as its game
    declares it; ``entry`` for a kind the game does not record."""
    known = any(action.kind == kind for action in game.actions)
    return game.action(kind).said.noun if known else "entry"


def _kind_noun(kind: str) -> str:
    """An event kind as a table says it, as the games that record it declare it (``trump
    call``), for a game that does not; a kind no game records, its name in words."""
    declared = event_actions().get(kind)
    return declared[0].said.noun if declared else kind.replace("_", " ")


def take_back_words(game: Game[Any], removed: Sequence[Event]) -> str:
    """What taking back a ruled event does, given the events it removes from play, always
    counted: ``Take back: 1 card returns to its hand``, ``Take back: 33 cards return to
    hands``, ``Take back: the bid is removed``, ``Take back: 5 entries are removed``."""
    removed = [event for event in removed if event.kind not in TABLE_KINDS]
    cards = sum(1 for event in removed if event.kind == PLAY.kind)
    if cards == len(removed) == 1:
        return "Take back: 1 card returns to its hand"
    if cards == len(removed):
        return f"Take back: {cards} cards return to hands"
    if len(removed) == 1:
        return f"Take back: the {noun(game, removed[0].kind)} is removed"
    returned = f", {counted(cards, 'card')} among them" if cards else ""
    return f"Take back: {len(removed)} entries are removed{returned}"


def step_words(
    game: Game[Any], hand: int, event: Event, names: Sequence[str], before: Sequence[Event]
) -> str:
    """What one action of the match did, for Undo and Redo, from the event it recorded in
    hand ``hand`` (from 0) after the hand's events ``before``, to follow Undo or Redo in
    a menu: ``Cy bid 4``, ``Eve pass``, ``correction of hand 3``, ``quick entry of hand
    2``, a decision on a ruling."""
    kind = event.kind
    if kind == RESULT.kind:
        return f"quick entry of hand {hand + 1}"
    if kind == "correction":
        return f"correction of hand {hand + 1}"
    if kind == "decision":
        if event.value == "take_back" and event.ref is not None:
            return take_back_words(game, before[event.ref :])
        return "Let it stand with the penalty"
    who = player(event.seat, names) if event.seat is not None else ""
    said = game.action(kind).said
    return " ".join(part for part in (who, said.noun, said.thing(event)) if part)


# -- events in words: a hand's deal, bids and calls, claims and answers ---------------------


def event_words(
    game: Game[Any], event: Event, names: Sequence[str], sides: Sequence[str] = ()
) -> str | None:
    """An event before or around the play in words, as its game declares them, with the
    player's name (``sides``: the teams' names); ``None`` for plays, decisions and
    corrections."""
    if event.kind in TABLE_KINDS:
        return None
    action = game.action(event.kind)
    if action.takes == FIELDS:
        declared = game.quick_field if action is RESULT else game.answer_field
        fields = "; ".join(
            f"{key.replace('_', ' ')} {result_value(_kind(declared, key), value, names, sides)}"
            for key, value in (event.data or {}).items()
        )
        return f"{'entered as a result' if action is RESULT else 'answered'}: {fields}"
    return action.said.record(event, player(event.seat, names))


def _kind(declared: Callable[[str], QuickField], key: str) -> str:
    """The declared kind of a result's or an answer's field; none for a key no field has
    (an older or a hand-written record), whose value is said as it is."""
    try:
        return declared(key).kind
    except ValueError:
        return ""


def result_value(
    kind: str, value: object, names: Sequence[str], sides: Sequence[str] = (), inner: bool = False
) -> str:
    """A quick-entry value or an answer in words, by its field's declared ``kind``: seats
    and sides by name, cards as cards, a value per seat after each player's name, yes or
    no (``inner``: an item of a list)."""
    if kind == SEAT and type(value) is int and 0 <= value < len(names):
        return names[value]
    if kind == SIDE and type(value) is int and 0 <= value < len(sides):
        return sides[value]
    if kind == CARD_LIST and isinstance(value, list):
        try:
            return format_cards(parse_cards([str(card) for card in value]))
        except CardError:
            return " and ".join(str(card) for card in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list) and not inner and len(value) == len(names):
        return ", ".join(
            f"{name} {result_value('', item, names, inner=True) or 'none'}"
            for name, item in zip(names, value, strict=True)
        )
    if isinstance(value, list):
        return " and ".join(result_value("", item, names, inner=True) for item in value)
    return str(value)


def penalty_line(penalty: Phrase, names: Sequence[str]) -> str:
    """A hand's penalty, said once: ``Penalty: Bob reneged (follow suit); 3 tricks to
    Ann & Cy`` (a penalty's own words never call it one)."""
    return f"Penalty: {told(penalty, names)}"


def over_words(whole: str, winners: Sequence[str]) -> str:
    """``Game over: Ann & Cy won``; ``Match over: Bob won`` where each hand is a game."""
    return f"{whole.capitalize()} over: {' & '.join(winners)} won"


def ordinal(number: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``11th``, ``22nd``."""
    if number % 100 in (11, 12, 13):
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th') }"


def ruling_place(
    game: Game[Any], violation: Violation, kind: str | None, names: Sequence[str]
) -> str:
    """Where a ruling is, as the table says it: ``trick 2, Cy's 10♣``, or ``Cy's bid, the
    9th event of the hand`` outside play (``kind`` is the ruled event's kind)."""
    if violation.trick is not None and violation.card is not None and violation.seat is not None:
        return f"trick {violation.trick}, {player(violation.seat, names)}'s {violation.card}"
    what = noun(game, kind) if kind is not None else "entry"
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


def run_text(game: Game[Any], events: Sequence[Event], names: Sequence[str]) -> str:
    """Events one choice records together (the draws after a trick), in one line, as the
    game declares them: ``Ann draws 6♠; Ben draws a card no one saw.``"""
    said = [game.action(e.kind).said.in_run(e, player(e.seat, names)) for e in events]
    return "; ".join(said) + "."


def run_words_done(game: Game[Any], events: Sequence[Event], names: Sequence[str]) -> str:
    """Events recorded by one choice, one after another: ``Drawn from the pile: Ann, then
    Bob.``, each card named when it was seen."""
    said = [
        player(event.seat, names) + (f" {event.card}" if event.card is not None else "")
        for event in events
    ]
    return f"{game.action(events[0].kind).said.done}: {', then '.join(said)}."


def named_only_words(
    game: Game[Any],
    card: Card,
    due: Sequence[Event],
    seat: int | None,
    names: Sequence[str],
    key: str,
) -> str:
    """Why a card cannot be the face-down event due now (a draw; ``due``: each one due, in
    order) as typed: named with a player (``seat``) who does not make it now, or alone
    (the card typed is the next one played)."""
    first = due[0]
    verb, drawer = noun(game, first.kind), player(first.seat, names)
    if seat is not None:
        return f"Not recorded: {drawer} is to {verb} now, not {player(seat, names)}"
    who = "the players" if len(due) > 1 else f"{drawer} is to"
    example = f"{drawer.split()[0].lower()} {card.code.lower()}"
    return (
        f"Not recorded: {who} {verb} first ({key}), then {card} is played. A card "
        f"shown as it is drawn goes after its player's name: {example}"
    )


def ruling_first_words(take_back_key: str, stand_key: str) -> str:
    """What is said when something is entered while a ruling waits for the table."""
    return (
        f"Not recorded: decide the ruling first ({take_back_key} takes it back, "
        f"{stand_key} lets it stand)"
    )


def hand_heading(
    number: int, state: HandState, names: Sequence[str], to_act: int | None = None
) -> str:
    """``Hand 3 · Ann deals · Play · Cy to act`` (``to_act``: the player picked for the
    next card, if not the engine's seat to act), and on a trick the rules let be played
    in any seat order, ``· this trick in any order``."""
    acting = state.to_act if to_act is None else to_act
    return (
        f"Hand {number} · {player(state.dealer, names)} deals · {state.phase_title()}"
        + (f" · {player(acting, names)} to act" if acting is not None else "")
        + (" · this trick in any order" if len(state.seats_to_play()) > 1 else "")
    )


def not_to_play_words(state: HandState, seat: int, names: Sequence[str]) -> str:
    """``Not recorded: Ann, Bob or Cy to play, not Di``: a card named with a player who
    does not play now (outside play, no card is named with its player)."""
    if state.phase != state.PLAY:
        return f"Not recorded: a player's card is named only in play (now: {state.phase_title()})"
    who = either([player(other, names) for other in state.seats_to_play()])
    return f"Not recorded: {who} to play, not {player(seat, names)}"


def could_be(word: str, meanings: Sequence[str]) -> str:
    """``“p” could be pass or pick: type more`` (a name or a key begun, not finished)."""
    return f"“{word}” could be {' or '.join(meanings)}: type more"


def hand_entered_words(seat: int, cards: Sequence[Card], names: Sequence[str]) -> str:
    """``Recorded Ann's hand: Q♣ J♠ 10♥ …``"""
    return f"Recorded {player(seat, names)}'s hand: {format_cards(cards)}"


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


def house_option_words(game: Game[Any], settings: Settings) -> list[str]:
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


class _Teller(string.Formatter):
    """Fills a phrase's template: each field as its kind says (:mod:`scorekeeper.phrases`)."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = names

    def format_field(self, value: Any, format_spec: str) -> str:
        kind, _, word = format_spec.partition(" ")
        names = self.names
        if kind == "seat":
            return player(value, names)
        if kind in _JOINED:
            return _JOINED[kind].join(player(seat, names) for seat in value)
        if kind == "card":
            return word if value is None and word else str(Card.parse(value))
        if kind == "cards":
            cards = parse_cards(list(value))
            return f" {word} ".join(map(str, cards)) if word else format_cards(cards)
        if kind == "suit":
            return _suit_word(Suit[str(value).upper()], word)
        if kind == "suits":
            return f" {word} ".join(_suit_word(Suit[str(suit).upper()], "name") for suit in value)
        if kind == "shown":
            return "nothing" if value is None else shown(value)
        if kind == "rule":
            rule = loaded_rule(value)
            title = rule.title if rule is not None else str(value)
            return title.lower() if word == "lower" else title
        if kind == "game":
            return get_game(value).title
        if kind == "event":
            said = _kind_noun(value)
            return f"{'an' if said[:1] in tuple('aeiou') else 'a'} {said}" if word == "a" else said
        if kind == "count":
            return counted(value, word)
        if kind == "signed":
            return signed(value)
        if kind == "each":
            return word.join(told(part, names) for part in value)
        if isinstance(value, Phrase):
            return told(value, names)
        return format(value, format_spec)


_JOINED = {"side": " & ", "list": ", ", "either": " or "}


def _suit_word(suit: Suit, word: str) -> str:
    """A suit's symbol; ``one``: a card of it (``heart``); ``name``: its name (``hearts``)."""
    if word == "one":
        return suit.name.lower().removesuffix("s")
    return suit.name.lower() if word == "name" else str(suit)


def told(said: Phrase | str, names: Sequence[str]) -> str:
    """What an outcome, a ruling, a score note or a refusal says (a phrase, or words that
    name no player), in words with the players' names. Words an older engine kept have
    each ``{seat}`` given its player; any other brace is left as written."""
    if isinstance(said, str):
        return said
    if said.id == LEGACY:
        return _MENTION.sub(lambda seat: player(int(seat.group(1)), names), said.args["text"])
    text = template(said.id)
    if text is None:  # declared by a game not loaded yet, else a newer engine's words
        all_games()
        text = template(said.id)
    if text is None:
        return UNKNOWN_WORDS
    try:
        return _Teller(names).vformat(text, (), said.args)
    except (KeyError, IndexError, TypeError, ValueError):  # CardError among them
        return UNKNOWN_WORDS  # arguments that are not this phrase's, as a damaged file has


UNKNOWN_WORDS = "(words this version of Scorekeeper does not know)"


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


# -- typed values: what a scorer types for a declared field or an event, and its hint --------


def named(word: str, labels: Sequence[str]) -> list[int]:
    """The labels (players, sides, choices) ``word`` names, by index: the one it spells in
    full (any case), else each one it begins."""
    typed = word.strip().casefold()
    if not typed:
        return []
    exact = [i for i, label in enumerate(labels) if label.casefold() == typed]
    return exact or [i for i, label in enumerate(labels) if label.casefold().startswith(typed)]


def one_named(word: str, labels: Sequence[str], what: str) -> int:
    """The one label ``word`` names; ``ValueError`` saying which it could be, or that it
    names none of them."""
    found = named(word, labels)
    if len(found) == 1:
        return found[0]
    if found:
        raise ValueError(could_be(word.strip(), [labels[i] for i in found]))
    raise ValueError(f"“{word.strip()}” is not {what}: {either(labels)}")


def either(labels: Sequence[str], conjunction: str = "or") -> str:
    """``Ann, Bob or Cy`` (``Ann, Bob and Cy`` with ``and``)."""
    if len(labels) == 1:
        return labels[0]
    return ", ".join(labels[:-1]) + f" {conjunction} " + labels[-1]


def side_names(sides: Sequence[Sequence[int]], names: Sequence[str]) -> list[str]:
    """Each side by its players: ``Ann & Cy``."""
    return [" & ".join(names[seat] for seat in side) for side in sides]


YES = ("yes", "y", "true")
NO = ("no", "n", "false")
NONE = ("none", "nobody", "—", "-")


def field_from_words(
    field: QuickField, text: str, names: Sequence[str], sides: Sequence[Sequence[int]]
) -> Any:
    """``text`` read as ``field``'s value, typed as :func:`field_hint` asks (the words a
    correction list shows it in): numbers, words, yes or no, players' or sides' names or
    their start, cards; one entry per player or side in order, separated by spaces or
    commas, each after its name if wished. ``None`` for an optional field cleared
    (``none``). ``ValueError`` names what is wrong."""
    if field.per is None:
        return _one_from_words(field, text, names, sides)
    labels = names if field.per == PER_SEAT else side_names(sides, names)
    entries = _entries(text, labels, field.words)
    if len(entries) != len(labels):
        raise ValueError(
            f"{field.title}: type {len(labels)} values, one for each of {', '.join(labels)} "
            f"in that order ({len(entries)} typed)"
        )
    return [_one_from_words(field, entry, names, sides) for entry in entries]


def _entries(text: str, labels: Sequence[str], words: Sequence[str]) -> list[str]:
    """The entries of a per-player or per-side value, each without the name before it."""
    if "," in text:
        parts = [part.strip() for part in text.split(",")]
    else:  # spaces: a word of several (``blind nil``) or a name is one piece
        pieces = sorted([*words, *labels], key=len, reverse=True)
        pattern = "|".join(re.escape(piece) for piece in pieces if piece)
        parts = re.findall(rf"(?:{pattern})(?!\S)|\S+" if pattern else r"\S+", text, re.I)
    own = [label.casefold() for label in labels]
    entries = []
    for part in parts:
        for label in sorted(own, key=len, reverse=True):
            if part.casefold().startswith(label + " "):
                part = part[len(label) :].strip()
                break
        if part.casefold() not in own:
            entries.append(part)
    return [entry for entry in entries if entry]


def _one_from_words(
    field: QuickField, text: str, names: Sequence[str], sides: Sequence[Sequence[int]]
) -> Any:
    word = text.strip()
    kind = field.kind
    if word.casefold() in NONE and not field.required and kind not in (FLAG, SET):
        return None
    if kind in (FLAG, TRUE):
        if word.casefold() in YES:
            return True
        if word.casefold() in NO and kind == FLAG:
            return False
        raise ValueError(f"{field.title}: “{word}” is not yes or no")
    if kind == SEAT:
        return one_named(word, names, "a player of this table")
    if kind == SIDE:
        labels = side_names(sides, names)
        by_player = named(word, names)
        if len(by_player) == 1 and not named(word, labels):
            return next(i for i, side in enumerate(sides) if by_player[0] in side)
        return one_named(word, labels, "a side of this table")
    if kind == CHOICE:
        return field.choices[one_named(word, field.choices, f"a {field.title.lower()}")]
    if kind == SET:
        if word.casefold() in NONE:
            return []
        parts = re.split(r"[\s,]+", word)
        return [field.choices[one_named(part, field.choices, "a choice")] for part in parts]
    if kind == CARD_LIST:
        try:
            return [card.code for card in parse_cards(word)]
        except CardError as error:
            raise ValueError(f"{field.title}: {error}") from None
    if word.casefold() in field.words:
        return word.casefold()
    try:
        return int(word.replace(MINUS, "-"))
    except ValueError:
        raise ValueError(f"{field.title}: “{word}” is not a whole number") from None


def values_words(field: QuickField, names: Sequence[str], sides: Sequence[str]) -> str:
    """The values one entry of ``field`` may take, as a person reads them: ``0 to 14``,
    ``Ann, Bob or Cy``, ``yes or no``, ``2 cards``."""
    kind = field.kind
    if kind in (FLAG, TRUE):
        return "yes or no" if kind == FLAG else "yes"
    if kind == SEAT:
        return either(names)
    if kind == SIDE:
        return either(sides) + " (or one of its players)"
    if kind in (CHOICE, SET):
        return either(field.choices)
    if kind == CARD_LIST:
        return field.allowed()
    span = field.allowed().split(",")[0]
    return either([span, *field.words]) if field.words else span


def typed_value(field: QuickField, value: Any) -> str:
    """``value`` as it is typed back (``5 8 3 3 2``, ``qc js``): a hint's example."""
    if field.per is not None and isinstance(value, list | tuple):
        return ", ".join(str(entry) for entry in value)
    if field.kind == CARD_LIST and isinstance(value, list | tuple):
        return " ".join(str(code).lower() for code in value)
    return str(value)


def field_hint(
    field: QuickField, value: Any, names: Sequence[str], sides: Sequence[Sequence[int]]
) -> str:
    """What to type to correct ``field`` (now ``value``), in the words it is shown in."""
    labels = side_names(sides, names)
    allowed = values_words(field, names, labels)
    if field.per is None:
        clears = not field.required and field.kind not in (FLAG, TRUE, SET)
        return f"{field.title}: type {allowed}" + ("; none leaves it out" if clears else "")
    who = ", ".join(names if field.per == PER_SEAT else labels)
    example = typed_value(field, value)
    return (
        f"{field.title}: type one for each of {who} in that order ({allowed} each): "
        f"{example.replace(',', '')} or {example}"
    )


def card_hint(action: Action) -> str:
    """What to type to correct a one-card event."""
    hidden = ", or unseen" if action.unseen else ""
    return f"Type the card of the {action.said.noun}: qc, 10h, th, Q♣{hidden}"


def cards_hint(action: Action) -> str:
    """What to type to correct an event of several cards."""
    hidden = ", or unseen" if action.unseen else ""
    return f"Type the cards of the {action.said.noun}: qc js 10h …{hidden}"


def choices_hint(keys: Sequence[str]) -> str:
    """What to type to correct a choice: the keys of the choices there were, runs of
    numbers shortened (``nil, 1–13``)."""
    runs: list[list[str]] = []
    for key in keys:
        last = runs[-1] if runs else []
        if key.isdigit() and last and last[-1].isdigit() and int(key) == int(last[-1]) + 1:
            last.append(key)
        else:
            runs.append([key])
    said = [f"{run[0]}–{run[-1]}" if len(run) > 2 else ", ".join(run) for run in runs]
    shown = said if len(said) <= 10 else [*said[:9], "…"]
    return f"Type one of the choices there were: {', '.join(shown)}"


def player_hint(action: Action, names: Sequence[str]) -> str:
    """What to type to correct who made a claim."""
    return f"Type who made the {action.said.noun}: {either(names)}"


def question_words(game: Game[Any], question: dict[str, Any]) -> str:
    """The question in words, as the game that asks it words it (without names: the
    controls under it carry those)."""
    return game.question_words(question)
