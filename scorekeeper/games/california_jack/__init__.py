"""California Jack, first to ten: two players, 52 cards, six each, trump from the bottom card.

The hand's events:

- ``deal`` with ``seat`` and six ``cards``: that player's first six cards (at any time).
- ``deal`` without a seat: the draw pile as dealt, top card first, 40 cards ending with the
  trump card. A table rarely knows it; :meth:`CaliforniaJack.deal` records it so that
  simulated hands know every draw (``legal_events`` then offers the drawn card).
- ``trump_card`` with ``card``: the bottom card of the undealt deck, turned face up. Its suit
  is trump, and it stays face up as the last card of the draw pile.
- ``play`` with ``seat`` and ``card``. The non-dealer (left of the dealer) leads the first
  trick; the spec is silent on it, and this is the custom of two-handed games.
- ``draw`` with ``seat`` and, when seen, ``card``: after each trick while the pile lasts,
  the winner draws, then the other player. The last card drawn is the face-up trump card,
  so whoever draws it is known to hold it, even when the draw's card is not recorded.
- ``claim`` with ``seat``: that player takes every card not yet won (the cards on the
  table, both hands and the pile), scores them, and the hand ends.

Phases: ``deal`` (until the trump card is recorded), ``play``, ``draw`` (while the pile
lasts), ``over`` (a player reached 10, the last trick was played, or a claim).

Scoring (:mod:`.scoring`): after every trick, High (A of
trump), Low (2 of trump) and Jack (J of trump) captured score 1 each, plus card points
(10=10, A=4, K=3, Q=2, J=1). The first player at 10 wins at once. Each hand is a game: a
match is a series of games, its totals count games won (house option ``match_games``).
A renege the table lets stand loses the game: the other player wins it.

Quick entry: the fields are declared in :mod:`.quick`.
"""

from scorekeeper.games.california_jack.game import GAME, CaliforniaJack

__all__ = ["GAME", "CaliforniaJack"]
