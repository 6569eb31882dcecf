"""Sheepshead, five-handed, called ace, with Schwanzer (and Leaster or Doubler as house options).

The package: ``deck`` (trump order, card and Schwanzer points), ``rulebook`` (rules and
house options), ``calling`` (legal calls and buries), ``hand`` (the hand's phases and
play rules), ``scoring`` (outcomes and the tally), ``game`` (the ``Game`` object).

Announcements ride on the ``call`` event's ``data``: ``{"crack": seat, "recrack": true,
"blitz": true}`` (each optional, each only where the house plays it).

Quick-entry ``data`` for :meth:`Sheepshead.quick_outcome` (seats count from 0):

- a picking hand: ``picker``; ``partner`` (a seat) or ``alone`` (true); optional ``call``
  (``ace`` | ``under`` | ``ten`` | ``alone``; by default ``ace``, or ``alone`` when alone);
  ``points``, the picking side's card points 0–120 (buried included); ``tricks``, the
  tricks the picking side took 0–6 (0: schwarzed, 6: the defenders were); optional
  ``crack`` (the seat that cracked), ``recrack``, ``blitz`` (true or false); optional
  ``misplay``, the seat whose misplay the table let stand (that seat's side loses).
- a Schwanzer: ``schwanzer``, each player's Schwanzer points as a list of five
  (queens 3, jacks 2, other diamonds 1).
- a Leaster: ``leaster_points`` and ``leaster_tricks``, lists of five (the blind counted
  for whoever took the last trick); optional ``misplay``.
- a Doubler: ``{"doubler": true}``.

The all-pass kinds are accepted only when the match's ``all_pass`` option plays them.
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
