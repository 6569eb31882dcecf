"""The rules of Spades as a player reads them, and its house options."""

from __future__ import annotations

from scorekeeper.games.base import HouseOption, Preset, Settings, game_rules
from scorekeeper.rules import Rule

# ---------------------------------------------------------------------------
# Rules
# ---------------------------------------------------------------------------

BID_RANGE = Rule(
    "spades.bid.range",
    "Bids from 0 to 13",
    "In the modern preset and in cutthroat each player bids, in turn from the dealer's left, "
    "how many tricks they expect to win: a whole number from 0 to 13. A bid of 0 is nil.",
    refuses=True,
)
SIDE_CONTRACT = Rule(
    "spades.bid.side-contract",
    "One contract per side",
    'In the classic preset "each team signs a contract to win an agreed minimum number of '
    "tricks\": the non-dealing side bids first, then the dealer's side, each one contract "
    'of 1 to 13 tricks. A player may first declare nil (or blind nil); "his partner '
    "announces how many he wants to win. This establishes their side's contract\". A 0 is "
    "never a side's contract.",
    refuses=True,
)
DOUBLE_NIL = Rule(
    "spades.bid.double-nil",
    "One nil per partnership",
    "Both partners may not bid nil: at least one of them makes a positive bid "
    "(unless the house allows double nil).",
    refuses=True,
)
BLIND_NIL = Rule(
    "spades.bid.blind-nil",
    "Blind nil",
    "Blind nil is a nil bid made before looking at one's cards. Only a player whose side "
    "trails by 100 points or more may bid it, a blind bid is always nil, and one side never "
    "has two blind nils.",
    refuses=True,
)
EXCHANGE_RULE = Rule(
    "spades.exchange.two-cards",
    "Blind nil exchange",
    "After the bidding the blind-nil bidder passes 2 cards face down to their partner, "
    "who adds them to their hand and passes 2 cards face down back.",
    refuses=True,
)
DEAL_RULE = Rule(
    "spades.deal.hand",
    "Thirteen cards each",
    "Each player is dealt 13 different cards; no card is in two hands, and a hand holds "
    "every card its player has played.",
    refuses=True,
)
LOWEST_CLUB = Rule(
    "spades.first-trick.lowest-club",
    "First trick: lowest club",
    "To the first trick every player plays their lowest club; the highest club wins "
    "the trick and its winner leads next.",
)
FIRST_NO_SPADE = Rule(
    "spades.first-trick.no-spade",
    "First trick: no spade",
    "A player with no club plays a heart or a diamond to the first trick, not a spade, "
    "unless they hold only spades.",
)
SPADES_BROKEN = Rule(
    "spades.lead.spades-broken",
    "Spades must be broken",
    "Spades may not be led until a spade has been played to a trick by a player unable "
    "to follow suit, unless the leader holds only spades.",
)
FOLLOW_SUIT = Rule(
    "spades.play.follow-suit",
    "Follow suit",
    "A player who holds a card of the suit led must play one.",
)
PLAY_HIGHER = Rule(
    "spades.cutthroat.play-higher",
    "Cutthroat: beat the suit led",
    "In cutthroat a player who follows suit must play higher than every card of that suit "
    "already in the trick, when able.",
)
MUST_TRUMP = Rule(
    "spades.cutthroat.must-trump",
    "Cutthroat: trump when void",
    "In cutthroat a player who cannot follow suit must play a spade, when able.",
)
OVERTRUMP = Rule(
    "spades.cutthroat.overtrump",
    "Cutthroat: overtrump",
    "In cutthroat a player who trumps must play a spade higher than every spade already "
    "in the trick, when able.",
)

BAGS = Rule(
    "spades.score.bags",
    "Contracts and bags",
    "A side that takes at least its contract scores 10 per trick bid plus 1 per overtrick "
    "(a bag); a side set loses 10 per trick bid. Each time a side's bags reach 10 it loses "
    "100 and counts on from the rest. With the house option −1 per bag, each overtrick "
    "scores −1 instead of +1, and ten bags cost nothing more.",
)
RENEGE_PENALTY = Rule(
    "spades.penalty.renege",
    "Renege penalty",
    "A play that broke a rule of play and was let stand costs the offending side 3 of its "
    "tricks (as many as it has, up to 3), handed to the other side when the hand is scored. "
    "The moved tricks count for contracts and bags; a nil is still judged by the tricks its "
    "bidder actually won. In cutthroat the offender hands one trick to each other player, "
    "starting at their left. Only the first such play of a hand is penalised.",
)

RULES = game_rules(
    "spades",
    "Spades",
    BID_RANGE,
    SIDE_CONTRACT,
    DOUBLE_NIL,
    BLIND_NIL,
    EXCHANGE_RULE,
    DEAL_RULE,
    LOWEST_CLUB,
    FIRST_NO_SPADE,
    SPADES_BROKEN,
    FOLLOW_SUIT,
    PLAY_HIGHER,
    MUST_TRUMP,
    OVERTRUMP,
    BAGS,
    RENEGE_PENALTY,
    order=(
        "The hand goes deal, then the bids (in classic, any nils and each side's "
        "contract) and a blind nil's exchange, then play; nothing is played before the "
        "bidding is complete."
    ),
)
PLAY_RULES = frozenset(
    rule.id
    for rule in (
        LOWEST_CLUB,
        FIRST_NO_SPADE,
        SPADES_BROKEN,
        FOLLOW_SUIT,
        PLAY_HIGHER,
        MUST_TRUMP,
        OVERTRUMP,
    )
)

# ---------------------------------------------------------------------------
# Options
# ---------------------------------------------------------------------------

CUTTHROAT = HouseOption(
    "cutthroat",
    "Cutthroat",
    "Four players each on their own: individual bids and scores; beat the trick and trump when able.",
)
DOUBLE_NIL_OPTION = HouseOption(
    "double_nil",
    "Double nil",
    "Both partners may bid nil in the same hand.",
)
BAG_POINT = HouseOption(
    "bag_point",
    "−1 per bag",
    "Each overtrick scores −1 instead of +1, and ten bags cost nothing more.",
)
LOWEST_CLUB_OPENS = HouseOption(
    "lowest_club",
    "Lowest club opens",
    "To the first trick every player plays their lowest club (a heart or diamond when void, "
    "never a spade) and the highest club wins it; always on in the classic preset.",
)
TARGET = HouseOption(
    "target",
    "Game to",
    "The first side to reach this many points wins the game (500 by the book; leagues "
    "also play shorter games).",
    default=500,
    choices=(500, 200, 250, 300, 400),
    labels=("500 points", "200 points", "250 points", "300 points", "400 points"),
)
OPTIONS = (CUTTHROAT, DOUBLE_NIL_OPTION, BAG_POINT, LOWEST_CLUB_OPENS, TARGET)

# ---------------------------------------------------------------------------
# Presets
# ---------------------------------------------------------------------------

CLASSIC = "classic"
MODERN = "modern"
PRESETS = (
    Preset(
        MODERN,
        "Modern (most tables)",
        "What most tables play today: each player bids 0 to 13, left of the dealer leads any "
        "card but a spade to the first trick, nil scores ±100 and blind nil ±200, a failed "
        "nil's tricks count for nobody, and the game also ends when a side falls to −200.",
    ),
    Preset(
        CLASSIC,
        "Classic (the book's rules)",
        "The specification's own game: one contract per side, the non-dealing side first "
        "(a player may declare nil and the partner names the side's contract), every "
        "player opens with their lowest club in any seat order and the highest club wins "
        "the first trick, nil scores ±50 and blind nil ±100, and a failed nil's tricks "
        "count for the partner.",
        fixed=((LOWEST_CLUB_OPENS.id, True),),
    ),
)


def lowest_club_opens(settings: Settings) -> bool:
    """Whether the first trick is the lowest-club trick (classic, or the house option)."""
    return settings.preset == CLASSIC or bool(settings.get(LOWEST_CLUB_OPENS))
