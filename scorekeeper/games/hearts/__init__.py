"""Hearts: four players each for themselves, 13 cards each, no trump; points are bad.

The rules are :data:`~scorekeeper.games.hearts.rulebook.RULES`; one preset,
``standard``, and the house options ``pass_cards``, ``no_points_first_trick``,
``must_break_hearts``, ``queen_breaks_hearts``, ``moon`` (``add_to_others`` or
``subtract_from_self``), ``jack_of_diamonds`` and ``game_to`` (100).

Events of a hand: a ``deal`` per seat (optional, at any time), then, in a hand with a
pass, a ``pass_cards`` per seat (``seat``, ``cards``: the three cards it passes, left out
when unseen; the four in any order, since all pass at once), then ``play``s or a
``claim``.

Choices where the rules are silent:

- The pass follows the dealer round the table: the hand dealt by the first seat passes
  left, by the second right, by the third across, by the fourth holds. In a match whose
  first dealer is the first seat that is the hand number's cycle.
- A seat whose pass, or whose received cards, were not seen has an unknown hand from then
  on, as in Spades' exchange. Not knowing who holds 2♣, any seat may lead it; the first
  card of a hand must be 2♣: any other is ruled on at once, whoever led it (the table
  takes it back, or lets it stand with the renege penalty).
- A ``claim`` gives the claiming seat every trick not yet complete and every card in them
  (the points of the unplayed cards with them).
- J♦ scores −10 to its taker also in a moon hand; a renege's penalty (offender 26, others
  0) replaces the whole score, J♦ included. Only the first play let stand counts.
- In quick entry a player given all 26 points shot the moon; 13 and 13 is a legal split
  (Q♠ and every heart in two hands).
"""

from scorekeeper.games.hearts.game import GAME, PASS_CARDS, Hearts
from scorekeeper.games.hearts.hand import HeartsHand
from scorekeeper.games.hearts.rulebook import RULES
from scorekeeper.games.hearts.scoring import HeartsTally

__all__ = ["GAME", "PASS_CARDS", "RULES", "Hearts", "HeartsHand", "HeartsTally"]
