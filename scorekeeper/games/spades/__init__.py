"""Spades: four players, 13 cards each, spades always trump; partnership or cutthroat.

Presets (:data:`~scorekeeper.games.spades.rulebook.PRESETS`): ``modern`` (the default, what
most tables play: left of dealer leads any non-spade to trick 1, nil ±100, blind nil ±200,
a failed nil's tricks count for nobody, the game also ends when a side falls to −200) and
``classic`` (the spec's: every player opens with their lowest club, nil ±50, blind nil
±100, a failed nil's tricks count for the partner).

House options: ``cutthroat`` (four individuals: individual bids and scores, following
players must beat the trick when able, a player who cannot follow must trump, and
overtrump, when able), ``double_nil`` (both partners may bid nil), ``bag_point``
(each bag scores −1 instead of +1, with no −100 for ten bags), ``lowest_club`` (the
classic preset's lowest-club first trick in the modern preset), ``target`` (the score
that wins: 500 by the specification, 200 to 400 for shorter league games).

Choices where the rules are silent:

- ``classic`` partnership bidding is one contract per side (the spec's): the non-dealing
  side first, then the dealer's side. A side records any nil (``bid`` of 0, ``blind`` for
  blind nil) by the player declaring it, then its ``contract`` (1–13) by the partner who
  announces it. An older ``classic`` hand with four per-player ``bid`` events is read as
  each side's sum, with a note in its summary. ``modern`` and cutthroat bid per player,
  left of dealer first.
- Left of dealer leads trick 1; in ``classic`` its four cards may be recorded in any seat
  order ("It doesn't matter who leads to the first trick"), one per seat. In ``classic``
  trick 1 the highest club wins even when a heart, diamond or (from a hand of only
  spades) spade was played first; spades do not trump it.
  The first-trick rules come before cutthroat's "beat the trick" rules on that trick.
- Spades are broken by a spade played to a trick led in another suit (trick 1 included);
  a leader holding only spades may lead one, which alone does not break them.
- Blind nil is a ``bid`` with ``blind`` set, recorded in its turn. It needs a side that
  trails the leading other side by 100 or more (``standing``); without a standing every
  side is at 0, so blind nil is refused. A blind bid is always nil; one side never has
  two blind nils. After the bidding the blind-nil bidder passes 2 cards face down to the
  partner (``exchange`` with ``seat`` = the passer), then the partner passes 2 back. The
  cards may be left out when unseen; a known hand that gives or gets unseen cards becomes
  unknown. In cutthroat there is no exchange.
- A ``deal`` event lists the 13 cards the seat was dealt, whenever it is recorded; the
  exchange's recorded cards are moved in and out of it. A seat that passed or received
  unseen cards keeps an unknown hand (record the exchanged cards to have its plays
  checked against its known hand).
- A ``claim`` gives the claiming seat itself every trick not yet complete (which fails
  that seat's own nil); Spades cards carry no points.
- The renege penalty: see :data:`~scorekeeper.games.spades.rulebook.RENEGE_PENALTY`
  (the first play the table let stand; in cutthroat one trick to each other player).
- A side that bid only nils (cutthroat nil, double nil) has a contract of 0: its tricks
  are bags in ``classic`` (a nil bidder's tricks count as the side's) and nothing in
  ``modern``. In ``bag_point`` the bag count is kept for the score sheet only.
- Game end: a side at the target (500 unless ``target`` says less) or more (or, in
  ``modern``, at −200 or less) ends the game and the highest total wins; when the
  highest totals are equal the game plays on.
- In cutthroat a blind nil needs a player trailing the leading player by 100 or more.

Quick entry: the fields are declared in :mod:`scorekeeper.games.spades.quick`; a blind
nil there needs the match's standing as a played one does. In ``classic`` partnership
play a hand is entered by each side's ``contracts`` and the ``nils``; an older
per-player ``bids`` result is read as each side's sum, with a note.
"""

from scorekeeper.games.spades.game import GAME, Spades
from scorekeeper.games.spades.hand import SpadesHand
from scorekeeper.games.spades.rulebook import RULES
from scorekeeper.games.spades.scoring import Scoring, SpadesTally

__all__ = ["GAME", "RULES", "Scoring", "Spades", "SpadesHand", "SpadesTally"]
