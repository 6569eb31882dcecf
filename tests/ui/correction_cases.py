"""Matches that hold an event of a given kind, and a correction of it the table could make.

For each game and each kind of event it declares (``Game.actions``; for an answer, each
declared answer field), :func:`find_case` records seeded random matches through the real
ledger, as a table would: each seat's hand entered or not, some draws, buries and discards
unseen, a claim now and then, some hands by their result, and the question a hand asks
answered. In the first match that holds such an event, it looks for a corrected value,
typed as the correction list hints it, that the adjudicator accepts and that leaves the
hand finished and the game's end where it was. Some events cannot be corrected alone in a
finished hand (a pick: the bury after it would have no place once it is a pass): then the
case is a correction of the last hand that leaves it to be played on, or else one the
adjudicator refuses, whose reason the table is told."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, replace

from scorekeeper.adjudicator import Refused
from scorekeeper.choices import choices
from scorekeeper.events import Event
from scorekeeper.games import get_game
from scorekeeper.games.actions import CARD, CARDS, CHOICE, FIELDS, PLAYER
from scorekeeper.games.base import Game, Settings
from scorekeeper.games.quick import CARD_LIST, FLAG, NUMBER, SEAT, SET, SIDE, QuickField
from scorekeeper.games.quick import CHOICE as ONE_OF
from scorekeeper.ledger import Ledger
from scorekeeper.match import MatchInfo
from ui.correction import CorrectionItem, correction_items

NAMES = ("Ann", "Bob", "Cy", "Di", "Eve")
MATCHES = 400
HANDS = 3


FINISHED, PLAYED_ON, REFUSED = range(3)
"""What a correction leaves, best first: the hand finished; the last hand to be played
on; nothing changed (refused, with the reason)."""


@dataclass(frozen=True)
class Case:
    """Hand ``hand`` of ``ledger`` holds ``item``; typing ``typed`` makes it ``expected``,
    leaving ``leaves`` (``expected`` is None when the adjudicator refuses it)."""

    ledger: Ledger
    hand: int
    item: CorrectionItem
    typed: str
    expected: Event | None
    leaves: int


def cases(game: Game) -> Iterator[tuple[str, str | None]]:
    """Each kind of event ``game`` declares, an answer once per declared answer field."""
    for action in game.actions:
        if action.takes == FIELDS and action.kind == "answer":
            for declared in game.answers:
                yield action.kind, declared.id
        else:
            yield action.kind, None


def every_settings(game: Game) -> list[Settings]:
    """Each preset, alone and with each house option at each of its values."""
    found = []
    for preset in game.preset_ids:
        found.append(game.settings(preset))
        for option in game.options:
            found += [
                game.settings(preset, **{option.id: value})
                for value in option.choices
                if value != option.default and option is not game.money_option
            ]
    return found


def find_case(game_id: str, kind: str, field_id: str | None) -> Case:
    """The best case of the first ``MATCHES`` seeded matches (the first that leaves the hand
    finished, else the first of the next best)."""
    game = get_game(game_id)
    settings = every_settings(game)
    best: Case | None = None
    for seed in range(MATCHES):
        rng = random.Random(f"{game_id}-{kind}-{seed}")
        info = MatchInfo(
            "Corrections", game_id, settings[seed % len(settings)], NAMES[: game.seats]
        )
        ledger = Ledger(info)
        for _ in range(HANDS):
            if ledger.game_over or not record_hand(ledger, rng):
                break
        case = _case_in(ledger, kind, field_id, rng)
        if case is not None and (best is None or case.leaves < best.leaves):
            best = case
        if best is not None and best.leaves == FINISHED:
            break
    assert best is not None, f"no {game.title} match of {MATCHES} had a {kind} to correct"
    return best


# -- recording a match as a table would ------------------------------------------------------


def record_hand(ledger: Ledger, rng: random.Random) -> bool:
    """Record one hand into ``ledger``; whether it was finished."""
    game, settings = ledger.game, ledger.settings
    if rng.random() < 0.15:
        return _quick(ledger, rng)
    dealer = ledger.next_dealer
    standing = tuple(ledger.totals) if game.standing_matters else None
    reference = game.new_hand(settings, dealer, standing, ledger.next_number)
    shown = rng.random()  # the share of the deal the table records
    for event in game.deal(rng, settings, dealer):
        reference.apply(event)
        recorded = event.kind != "deal" or rng.random() < shown
        if recorded and not _record(ledger, event, rng):
            return False
    claim = rng.random() < 0.5
    while events := reference.legal_events():
        if claim and reference.phase == reference.PLAY and rng.random() < 0.1:
            seat = rng.randrange(game.seats)
            return _record(ledger, Event("claim", seat=seat), rng) and _answer(ledger, rng)
        event = rng.choice(events)
        reference.apply(event)
        if not _record(ledger, event, rng):
            return False
    return _answer(ledger, rng) and ledger.hands[-1].is_over


def _record(ledger: Ledger, event: Event, rng: random.Random) -> bool:
    """Record ``event``, or the same unseen when the table may not have seen its cards."""
    action = ledger.game.action(event.kind)
    tries = [event]
    if action.unseen:
        unseen = replace(event, card=None, cards=())
        tries = [unseen, event] if rng.random() < 0.5 else [event, unseen]
    for attempt in tries:
        try:
            ruling = ledger.record(attempt)
        except Refused:
            continue
        return not ruling.violations
    return False


def _answer(ledger: Ledger, rng: random.Random) -> bool:
    """Answer what the last hand asks, as a table would, until it asks no more."""
    log = ledger.hands[-1]
    for _ in range(300):
        question = log.needs_answer()
        if question is None:
            return True
        data = ledger.game.samples.random_answer(rng, question.question)
        try:
            ledger.record(Event("answer", data=data))
        except Refused:
            continue
    return False


def _quick(ledger: Ledger, rng: random.Random) -> bool:
    for _ in range(50):
        try:
            ledger.quick(ledger.game.samples.random_quick(rng, ledger.settings))
        except Refused:
            continue
        return True
    return False


# -- a correction the adjudicator accepts ----------------------------------------------------


def _case_in(ledger: Ledger, kind: str, field_id: str | None, rng: random.Random) -> Case | None:
    """The best correction of an event of ``kind`` in ``ledger``'s finished hands."""
    names = ledger.info.players
    best: Case | None = None
    for hand, log in enumerate(ledger.hands):
        if not log.is_over or hand >= len(ledger.scores):
            continue
        for item in correction_items(log, names, ledger.sides):
            if item.event.kind != kind or (field_id is not None and item.key != field_id):
                continue
            for typed in _typings(ledger, hand, item, rng):
                case = _tried(ledger, hand, item, typed)
                if case is not None and (best is None or case.leaves < best.leaves):
                    best = case
                if best is not None and best.leaves == FINISHED:
                    return best
    return best


def _tried(ledger: Ledger, hand: int, item: CorrectionItem, typed: str) -> Case | None:
    """What correcting ``item`` with ``typed`` leaves, on ``ledger`` and taken back; None
    when the typing means nothing new, rules against the hand or ends the game sooner."""
    try:
        event = item.read(typed)
    except ValueError:
        return None
    if event == item.event:
        return None
    ended = ledger.game_over
    try:
        if ledger.preview_correction(hand, item.index, event).after_end:
            return None
        ledger.correct(hand, item.index, event)
    except Refused:
        return Case(ledger, hand, item, typed, None, REFUSED)
    log = ledger.hands[hand]
    last = hand == len(ledger.hands) - 1
    leaves = FINISHED if log.is_over else PLAYED_ON if last else None
    kept = not log.pending and ledger.game_over == ended
    ledger.undo()
    return Case(ledger, hand, item, typed, event, leaves) if kept and leaves is not None else None


def _typings(ledger: Ledger, hand: int, item: CorrectionItem, rng: random.Random) -> list[str]:
    """What a scorer might type for ``item``, as its hint says, in a shuffled order."""
    game = ledger.game
    names = ledger.info.players
    takes = game.action(item.event.kind).takes
    cards = [card.code.lower() for card in game.deck]
    if takes == CARD:
        typed = [*cards, "unseen"]
    elif takes == CARDS:
        typed = ["unseen", *_swapped(item.event, cards, rng)]
    elif takes == CHOICE:
        state = ledger.hands[hand].state_before(item.index)
        typed = [choice.key for choice in choices(state) if choice.key]
    elif takes == PLAYER:
        typed = list(names)
    else:
        declared = (game.quick_field if item.event.kind == "result" else game.answer_field)(
            item.key or ""
        )
        value = (item.event.data or {}).get(item.key or "")
        typed = _field_typings(declared, value, names, cards, rng)
    rng.shuffle(typed)
    return typed


def _swapped(event: Event, cards: list[str], rng: random.Random) -> list[str]:
    """The event's cards with one of them changed for another card."""
    held = [card.code.lower() for card in event.cards]
    found = []
    for _ in range(300):
        if not held:
            break
        changed = list(held)
        changed[rng.randrange(len(held))] = rng.choice([c for c in cards if c not in held])
        found.append(" ".join(changed))
    return found


def _field_typings(
    declared: QuickField,
    value: object,
    names: tuple[str, ...],
    cards: list[str],
    rng: random.Random,
) -> list[str]:
    """Values of a declared field as typed: a number moved by one here and there (each
    player's, spaced or with commas), each player or side, yes and no, each choice."""
    if declared.per is not None and isinstance(value, list):
        found = []
        for _ in range(60):
            changed = list(value)
            a, b = rng.randrange(len(changed)), rng.randrange(len(changed))
            if all(isinstance(v, int) for v in (changed[a], changed[b])):
                changed[a] += 1
                changed[b] -= 1 if rng.random() < 0.8 else 0
            found.append((", " if rng.random() < 0.5 else " ").join(map(str, changed)))
        return found
    if declared.kind == SEAT:
        return [*names, "none"]
    if declared.kind == SIDE:
        return list(names)
    if declared.kind == FLAG:
        return ["yes", "no"]
    if declared.kind in (ONE_OF, SET):
        return [*declared.choices, "none"]
    if declared.kind == CARD_LIST:
        return [" ".join(rng.sample(cards, declared.high or 1)) for _ in range(300)]
    if declared.kind == NUMBER:
        return [str(n) for n in range(declared.low or 0, (declared.high or 20) + 1)]
    return []
