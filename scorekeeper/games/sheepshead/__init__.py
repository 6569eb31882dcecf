"""Sheepshead, five-handed, called ace, with Schwanzer (and Leaster or Doubler as house options).

The package: ``deck`` (trump order, card and Schwanzer points), ``rulebook`` (rules and
house options), ``calling`` (legal calls and buries), ``hand`` (the hand's phases and
play rules), ``scoring`` (outcomes and the tally), ``game`` (the ``Game`` object).

Announcements ride on the ``call`` event's ``data``: ``{"crack": seat, "recrack": true,
"blitz": true}`` (each optional, each only where the house plays it).

Quick entry: the fields of a picking hand and of each all-pass kind are declared in
:mod:`.quick`; the all-pass kinds are accepted only when the match's ``all_pass`` option
plays them.

House option ``partner = jack_of_diamonds`` (RULES.md §1.9): nothing is called, the
holder of J♦ is the partner (recorded as a ``call`` with ``value="jack"`` and the card
J♦); a picker holding J♦ goes alone, or with ``call_next_jack`` calls the highest jack
they lack.
"""

from scorekeeper.games.sheepshead.calling import Call, legal_buries, legal_calls
from scorekeeper.games.sheepshead.game import GAME, Sheepshead
from scorekeeper.games.sheepshead.hand import SheepsheadHand
from scorekeeper.games.sheepshead.scoring import SheepsheadTally

__all__ = [
    "GAME",
    "Call",
    "Sheepshead",
    "SheepsheadHand",
    "SheepsheadTally",
    "legal_buries",
    "legal_calls",
]
