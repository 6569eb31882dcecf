"""Sheepshead, five-handed, called ace, with Schwanzer (and Leaster or Doubler as house options).

The package: ``deck`` (trump order, card and Schwanzer points), ``rulebook`` (rules and
house options), ``calling`` (legal calls and buries), ``hand`` (the hand's phases and
play rules), ``scoring`` (outcomes and the tally), ``game`` (the ``Game`` object).

Announcements ride on the ``call`` event's ``data``: ``{"crack": seat, "recrack": true,
"blitz": true}`` (each optional, each only where the house plays it).

Quick-entry ``data`` for :meth:`Sheepshead.quick_outcome` (seats count from 0):

- a picking hand (``"type": "picker"``, the default): ``picker``; ``partner`` (a seat, or
  absent/None when alone); ``call`` (``ace`` | ``under`` | ``ten`` | ``alone``; by default
  ``ace`` with a partner, ``alone`` without); ``points``, the picking side's card points
  0–120 (buried included); ``picking_trick`` and ``defending_trick``, whether each side
  took a trick (default true); optional ``crack`` (the seat that cracked), ``recrack``,
  ``blitz``; optional ``misplay``, the seat whose misplay the table let stand.
- ``{"type": "schwanzer", "schwanzer_points": [five numbers]}``: each player's
  Schwanzer points (queens 3, jacks 2, other diamonds 1).
- ``{"type": "leaster", "points": [five], "tricks": [five]}``: each player's card points
  (the blind counted for whoever took the last trick) and tricks; optional ``misplay``.
- ``{"type": "doubler"}``: everybody passed and the house plays Doubler.
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
