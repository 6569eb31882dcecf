"""Euchre: four players, partners opposite, 24 cards, bowers, ordering up and going alone.

Presets: ``standard`` (default: a second bidding round naming another suit, going
alone, game to 10) and ``kata`` (the kata exactly: one bidding round, no going
alone, all pass = no score, a single hand). House options: ``stick_the_dealer``,
``defend_alone``, ``target`` (10, 5 or 11), ``renege`` (``points`` or ``replay``).

Sides: 0 = seats 0 and 2, 1 = seats 1 and 3 (shown as seats 1 & 3 and 2 & 4).

Events of a hand: ``deal`` per seat (optional, any time), ``upcard``, then ``pass`` /
``order_up`` (round 1) and ``pass`` / ``name_trump`` (round 2), the dealer's
``discard`` after an order up (card optional when unseen), then, when defending alone
is played and a maker went alone, each defender from the maker's left ``pass``es or
records ``call`` with ``value="alone"``; then ``play``s, or a ``claim``.

Quick entry: the fields are declared in :mod:`scorekeeper.games.euchre.quick`.
"""

from scorekeeper.games.euchre.game import GAME, Euchre

__all__ = ["GAME", "Euchre"]
