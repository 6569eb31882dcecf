"""The rules of Hearts as a player reads them, its house options and its one preset."""

from __future__ import annotations

from scorekeeper.games.base import game_rules
from scorekeeper.games.settings import HouseOption, Preset, Settings
from scorekeeper.rules import Rule

# ---------------------------------------------------------------------------
# Rules
# ---------------------------------------------------------------------------

DEAL_RULE = Rule(
    "hearts.deal.hands",
    "Thirteen cards each",
    "Four players, each for themselves; 52 cards, 13 to each player, dealt clockwise from the "
    "dealer's left. No card is in two hands, and a hand holds every card its player passed "
    "or played. The deal passes to the left after each hand.",
    refuses=True,
)
CARD_ORDER = Rule(
    "hearts.cards.order",
    "No trump",
    "There is no trump. Cards rank A K Q J 10 9 8 7 6 5 4 3 2 in each suit.",
)
PASS_RULE = Rule(
    "hearts.pass.three-cards",
    "Passing three cards",
    "Before play each player chooses three cards and passes them face down, all at once: "
    "hand 1 to the left, hand 2 to the right, hand 3 across, hand 4 no pass (hold); then "
    "again from the left. A player may not look at the cards received before passing their "
    "own. With the passing house option off, no hand has a pass.",
    refuses=True,
)
TWO_CLUBS = Rule(
    "hearts.play.two-of-clubs-leads",
    "2♣ leads",
    "The player holding 2♣ (after the pass) leads it to the first trick.",
)
FOLLOW_SUIT = Rule(
    "hearts.play.follow-suit",
    "Follow suit",
    "Each player must follow the suit led if able; otherwise any card, within the limits "
    "of the first trick and of leading hearts.",
)
NO_POINTS_FIRST = Rule(
    "hearts.play.no-points-first-trick",
    "No points on the first trick",
    "A player who cannot follow to the first trick may not play a heart or Q♠, unless they "
    "hold nothing else.",
)
HEARTS_BROKEN = Rule(
    "hearts.lead.hearts-broken",
    "Hearts must be broken",
    "Hearts may not be led until a heart has been played to an earlier trick, unless the "
    "leader holds only hearts.",
)
QUEEN_BREAKS = Rule(
    "hearts.lead.queen-breaks-hearts",
    "Q♠ breaks hearts",
    "Once Q♠ has been played, hearts may be led.",
)
TRICK_WINNER = Rule(
    "hearts.play.trick-winner",
    "Winning a trick",
    "The highest card of the suit led wins the trick; its winner leads the next.",
)
POINTS = Rule(
    "hearts.score.points",
    "Points",
    "Each heart taken scores 1 point and Q♠ taken scores 13: 26 points in each hand. "
    "Points are bad.",
)
MOON = Rule(
    "hearts.score.moon",
    "Shooting the moon",
    "A player who takes all 13 hearts and Q♠ scores 0 and each other player scores 26; by "
    "house rule the shooter scores −26 and the others 0 instead.",
)
JACK = Rule(
    "hearts.score.jack-of-diamonds",
    "J♦ scores −10",
    "House rule: the player who takes J♦ scores −10, on top of their other points.",
)
GAME_END = Rule(
    "hearts.game.lowest-wins",
    "The lowest total wins",
    "The game ends at the end of the hand in which any player reaches 100 points or more "
    "(or the house's target). The lowest total wins; players tied for lowest share the win.",
)
RENEGE_PENALTY = Rule(
    "hearts.penalty.renege",
    "Renege penalty",
    "A play that broke a rule of play, let stand by the table, scores the hand as if the "
    "offender had taken all 26 points, with no moon: the offender scores 26, every other "
    "player 0. Only the first such play of a hand counts.",
)

RULES = game_rules(
    "hearts",
    "Hearts",
    DEAL_RULE,
    CARD_ORDER,
    PASS_RULE,
    TWO_CLUBS,
    FOLLOW_SUIT,
    NO_POINTS_FIRST,
    HEARTS_BROKEN,
    QUEEN_BREAKS,
    TRICK_WINNER,
    POINTS,
    MOON,
    JACK,
    GAME_END,
    RENEGE_PENALTY,
    order=(
        "The hand goes deal, then the pass of three cards by every player (none in a hold "
        "hand), then play; nothing is played before every pass is recorded."
    ),
)
PLAY_RULES = frozenset(rule.id for rule in (TWO_CLUBS, FOLLOW_SUIT, NO_POINTS_FIRST, HEARTS_BROKEN))
"""The rules a play let stand breaks, whose penalty replaces the hand's score."""

# ---------------------------------------------------------------------------
# House options
# ---------------------------------------------------------------------------

PASS_CARDS = HouseOption(
    "pass_cards",
    "Passing",
    "Each player passes three cards before play: left, right, across, then a hand with no "
    "pass, in turn. Off: no hand has a pass.",
    default=True,
)
NO_POINTS_FIRST_TRICK = HouseOption(
    "no_points_first_trick",
    "No points on the first trick",
    "A player who cannot follow to the first trick may not play a heart or Q♠, unless they "
    "hold nothing else.",
    default=True,
)
MUST_BREAK_HEARTS = HouseOption(
    "must_break_hearts",
    "Hearts must be broken",
    "Hearts may not be led until a heart has been played, unless the leader holds only hearts.",
    default=True,
)
QUEEN_BREAKS_HEARTS = HouseOption(
    "queen_breaks_hearts",
    "Q♠ breaks hearts",
    "Once Q♠ has been played, hearts may be led (with hearts that must be broken).",
    default=True,
)
ADD_TO_OTHERS = "add_to_others"
SUBTRACT_FROM_SELF = "subtract_from_self"
MOON_OPTION = HouseOption(
    "moon",
    "Shooting the moon",
    "A player who takes every heart and Q♠ scores 0 and the others 26 each, or scores −26 "
    "and the others 0.",
    default=ADD_TO_OTHERS,
    choices=(ADD_TO_OTHERS, SUBTRACT_FROM_SELF),
    labels=("26 to each other player", "−26 to the shooter"),
)
JACK_OF_DIAMONDS = HouseOption(
    "jack_of_diamonds",
    "J♦ scores −10",
    "The player who takes J♦ scores −10.",
)
GAME_TO = HouseOption(
    "game_to",
    "Game to",
    "The game ends when a player reaches this many points; the lowest total wins.",
    default=100,
    choices=(100, 50, 150),
    labels=("100 points", "50 points", "150 points"),
)
OPTIONS = (
    PASS_CARDS,
    NO_POINTS_FIRST_TRICK,
    MUST_BREAK_HEARTS,
    QUEEN_BREAKS_HEARTS,
    MOON_OPTION,
    JACK_OF_DIAMONDS,
    GAME_TO,
)

STANDARD = "standard"
PRESETS = (
    Preset(
        STANDARD,
        "Standard Hearts",
        "Four players each on their own: three cards passed left, right, across, then held; "
        "2♣ leads, no points on the first trick, hearts must be broken (Q♠ breaks them), "
        "shooting the moon gives 26 to each other player; game to 100, the lowest total wins.",
    ),
)


def option(settings: Settings, house: HouseOption) -> bool:
    """Whether the yes-or-no house option is on in ``settings``."""
    return bool(settings.get(house))
