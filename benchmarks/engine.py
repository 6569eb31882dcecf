"""Engine speed: random legal hands of every game, against OpenSpiel in the same run.

Each of our hands is dealt, bid and played through the public protocol: at every
step the seat to act takes one of its ``legal_events()`` and the state checks it
(``check``) before applying it. OpenSpiel's Euchre and Spades are driven from
Python the same way (chance outcomes and legal actions chosen at random).

Adjudicated hands go through a ``HandLog``: every event is ruled on, with the
hands known (deals recorded) and hidden (only what the table sees).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable

from common import bench, best_rates

from scorekeeper.adjudicator import HandLog
from scorekeeper.advice import choose_by_advice
from scorekeeper.games import GAME_MODULES, get_game
from scorekeeper.playout import hidden, play_hand


def checked_hand(game, settings, rng: random.Random) -> None:
    """One random hand, every event checked for legality before it is applied."""
    dealer = rng.randrange(game.seats)
    state = game.new_hand(settings, dealer)
    for event in game.deal(rng, settings, dealer):
        state.apply(event)
    while options := state.legal_events():
        event = options[rng.randrange(len(options))]
        if state.check(event):
            raise AssertionError(f"a legal event was refused: {event}")
        state.apply(event)


def advised_hand(game, settings, rng: random.Random) -> None:
    """One hand dealt and played to its end with every seat taking the advice."""
    play_hand(game, settings, rng, rng.randrange(game.seats), choose_by_advice)


def recorded_hands(game, settings, count: int, seed: int) -> list[tuple[int, list]]:
    """Random hands as the event lists a table would record, with their dealers."""
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        dealer = rng.randrange(game.seats)
        state = game.new_hand(settings, dealer)
        events = game.deal(rng, settings, dealer)
        for event in events:
            state.apply(event)
        while options := state.legal_events():
            event = options[rng.randrange(len(options))]
            state.apply(event)
            events.append(event)
        hands.append((dealer, events))
    return hands


def adjudicator(game, settings, hands: list[tuple[int, list]]) -> Callable[[], None]:
    """Work that rules on the next recorded hand, every event through a ``HandLog``."""
    position = 0

    def adjudicate() -> None:
        nonlocal position
        dealer, events = hands[position % len(hands)]
        position += 1
        log = HandLog(game, settings, dealer)
        for event in events:
            log.record(event)
        if log.violations():
            raise AssertionError("a legal hand drew a ruling")

    return adjudicate


def openspiel(name: str) -> Callable[[], None] | None:
    """Work that plays one random OpenSpiel deal, or None without OpenSpiel."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(name)
    rng = random.Random(1)

    def deal() -> None:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                actions = state.legal_actions()
                state.apply_action(actions[rng.randrange(len(actions))])

    return deal


OPENSPIEL_NAMES = {"euchre": "euchre", "spades": "spades"}


def main() -> int:
    for game_id in sys.argv[1:] or GAME_MODULES:
        game = get_game(game_id)
        settings = game.settings()
        rng = random.Random(1)
        hands = recorded_hands(game, settings, 300, seed=2)
        unseen = [(dealer, hidden(game, events)) for dealer, events in hands]
        works = {
            "checked": lambda g=game, s=settings, r=rng: checked_hand(g, s, r),
            "known": adjudicator(game, settings, hands),
            "hidden": adjudicator(game, settings, unseen),
        }
        if game_id == "euchre":
            works["advised"] = lambda g=game, s=settings, r=rng: advised_hand(g, s, r)
        theirs = openspiel(OPENSPIEL_NAMES[game_id]) if game_id in OPENSPIEL_NAMES else None
        if theirs is not None:
            works["openspiel"] = theirs
        rates = best_rates(works)
        bench(f"{game_id}_hands_per_s", rates["checked"], "random legal hands, every event checked")
        bench(
            f"{game_id}_adjudicated_hands_per_s",
            rates["known"],
            "every event ruled on, hands known",
        )
        bench(
            f"{game_id}_adjudicated_hidden_hands_per_s",
            rates["hidden"],
            "every event ruled on, hands hidden",
        )
        if "advised" in works:
            bench("simulated_euchre_hands_per_s", rates["advised"], "advice on every seat")
        if game_id not in OPENSPIEL_NAMES:
            continue
        if theirs is None:
            print(
                f"# OpenSpiel is not installed: no {game_id}_vs_openspiel figure", file=sys.stderr
            )
            continue
        bench(f"openspiel_{game_id}_deals_per_s", rates["openspiel"])
        bench(f"{game_id}_vs_openspiel", rates["checked"] / rates["openspiel"], "target >= 2.0")
        bench(
            f"{game_id}_adjudicated_vs_openspiel",
            rates["hidden"] / rates["openspiel"],
            "hidden hands, target >= 1.0",
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
