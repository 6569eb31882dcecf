"""Keys a scorer presses to record a hand, counted on the real hand screen (offscreen).

For each game, ``HANDS`` hands are dealt and played by the engine at random among the legal
events (``Reference``), and entered as at a table where nobody's cards are known: each
card played, each pick, pass or bid, the upcard or trump card, the draws. Each entry is
typed into the card box, then Enter; the key events sent are counted. Two typists:

- ``shown``: what the screen shows: a choice's key as its button reads it (``pass``,
  ``nil``, ``d``), a card as its button's tooltip writes it (``10h``, ``qc``);
- ``shortest``: the fewest keys the screen takes: a choice's key cut to its unambiguous
  start (``p`` for pass where no other choice begins so), ``th`` for ``10h``.

Prints ``BENCH keys_per_hand_<game>_<typist>``, ``BENCH keys_per_card_<game>_<typist>``
(the hand's keys over the cards played in it) and, for California Jack,
``BENCH keys_per_trick_california_jack_<typist>``. A hand that ends on a question (all
passed in a Schwanzer: each player's points) is answered and left out of the figures.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(Path(__file__).resolve().parent.parent))  # the app's ui package
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from common import bench  # the benchmarks folder is not a package
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from scorekeeper.cards import Card, CardError, parse_cards
from scorekeeper.choices import Choice, is_card_choice
from scorekeeper.events import Event
from scorekeeper.games import GAME_MODULES, get_game
from scorekeeper.games.actions import CARDS
from scorekeeper.match import MatchInfo
from scorekeeper.storage import Store
from ui.hand.screen import HandScreen
from ui.self_test import NAMES, Reference
from ui.session import MatchSession

HANDS = 12
TYPISTS = ("shown", "shortest")


def card_text(card: Card, shortest: bool) -> str:
    code = card.code.lower()
    return code.replace("10", "t") if shortest else code


def shortest_key(choice: Choice, offered: list[Choice]) -> str:
    """The first letters of ``choice``'s key that no other key begins with and that are not
    a card: what the screen takes for it."""
    others = [other.key for other in offered if other.key and other.key != choice.key]
    for end in range(1, len(choice.key) + 1):
        start = choice.key[:end]
        try:
            parse_cards(start)
            continue
        except CardError:
            pass
        if not any(other.startswith(start) for other in others):
            return start
    return choice.key


def typed(screen: HandScreen, event: Event, shortest: bool) -> str:
    """What the typist types for ``event``."""
    offered = list(screen._choices)
    unseen_draw = any(c.event.kind == "draw" and c.event.card is None for c in offered)
    if is_card_choice(event) and not (event.kind == "draw" and unseen_draw):
        several = screen.session.ledger.game.action(event.kind).takes == CARDS
        cards = event.cards if several else (event.card,)
        return " ".join(card_text(card, shortest) for card in cards if card is not None)
    for choice in offered:
        same = choice.event == event
        if same or (event.kind == "draw" and choice.event.kind == "draw"):
            return shortest_key(choice, offered) if shortest else choice.key
    raise SystemExit(f"{event} is not offered: {[c.label for c in offered]}")


def enter(screen: HandScreen, event: Event, shortest: bool) -> tuple[int, int]:
    """Type ``event`` and Enter: the keys pressed and how many events it recorded."""
    log = screen.session.ledger.hands[-1]
    before = len(log.events)
    text = typed(screen, event, shortest)
    QTest.keyClicks(screen.field, text)
    QTest.keyClick(screen.field, Qt.Key.Key_Return)
    if len(log.events) == before:
        raise SystemExit(f"{event} was not recorded: {screen.status.text()}")
    return len(text) + 1, len(log.events) - before


def record_hand(screen: HandScreen, reference: Reference, shortest: bool) -> tuple[int, int, int]:
    """Type the reference hand into the screen: keys pressed, cards played, tricks; keys
    of -1 when the hand asked a question (then answered off the count)."""
    session = screen.session
    log = session.ledger.current
    keys = sum(enter(screen, event, shortest)[0] for event in reference.table_cards())
    plays = 0
    while (event := reference.choose()) is not None:
        pressed, recorded = enter(screen, event, shortest)
        keys += pressed
        plays += event.kind == "play"
        reference.log.record(event)
        for _ in range(recorded - 1):  # one key, several events (both players' draws)
            reference.log.record(reference.choose())
    if not log.is_over:  # a question: each player's Schwanzer points, by the table
        answer_off_the_count(session, reference)
        return -1, plays, len(log.state.tricks)
    return keys, plays, len(log.state.tricks)


def answer_off_the_count(session: MatchSession, reference: Reference) -> None:
    """The hand asks what the reference's deal answers; its deal is recorded for it."""
    for event in reference.deal:
        if event.kind == "deal":
            session.record(event)


def measure(game_id: str, shortest: bool, folder: Path) -> tuple[float, float, float]:
    game = get_game(game_id)
    info = MatchInfo("Keys", game_id, game.settings(None), NAMES[: game.seats])
    store = Store(folder / f"{game_id}-{shortest}.sqlite3")
    session = MatchSession(store, store.create_match(info))
    screen = HandScreen(session)
    screen.resize(1280, 800)
    screen.show()
    screen.field.setFocus()
    keys = plays = tricks = hands = 0
    for seed in range(HANDS * 2):
        if hands == HANDS or session.ledger.game_over:
            break
        hand_keys, hand_plays, hand_tricks = record_hand(screen, Reference(session, seed), shortest)
        if hand_keys >= 0:
            keys, plays, tricks = keys + hand_keys, plays + hand_plays, tricks + hand_tricks
            hands += 1
    screen.close()
    store.close()
    return keys / hands, keys / max(plays, 1), keys / max(tricks, 1)


def main() -> None:
    QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as folder:
        for game_id in GAME_MODULES:
            for typist in TYPISTS:
                per_hand, per_card, per_trick = measure(game_id, typist == "shortest", Path(folder))
                bench(f"keys_per_hand_{game_id}_{typist}", per_hand)
                bench(f"keys_per_card_{game_id}_{typist}", per_card)
                if game_id == "california_jack":
                    bench(f"keys_per_trick_{game_id}_{typist}", per_trick)


if __name__ == "__main__":
    main()
