"""Euchre's rules as data, its presets and its house options."""

from __future__ import annotations

from scorekeeper.games.base import HouseOption, Preset, Rule, game_rules

STICK_THE_DEALER = HouseOption(
    "stick_the_dealer",
    "Stick the dealer",
    "The dealer may not pass in the last bidding round and must make trump.",
)
DEFEND_ALONE = HouseOption(
    "defend_alone",
    "Defend alone",
    "Against a lone maker one defender may also play alone; euchring the loner then scores 4.",
)
TARGET = HouseOption(
    "target",
    "Game to",
    "The first side to reach this many points wins the game (10, or 5 or 11).",
    default=10,
    choices=(10, 5, 11),
    labels=("10 points", "5 points", "11 points"),
)
RENEGE = HouseOption(
    "renege",
    "Renege let stand",
    "A renege the table lets stand scores 2 to the other side (4 against a loner), "
    "or voids the hand, which is dealt again.",
    default="points",
    choices=("points", "replay"),
    labels=("Points to the other side", "The hand is dealt again"),
)
OPTIONS = (STICK_THE_DEALER, DEFEND_ALONE, TARGET, RENEGE)

KATA = "kata"
STANDARD = "standard"
PRESETS = (
    Preset(
        STANDARD,
        "Standard Euchre",
        "What most tables play: if the upcard is turned down, a second bidding round names "
        "another suit; a maker may go alone while the partner sits out; game to 10.",
    ),
    Preset(
        KATA,
        "The kata, one hand",
        "The specification exactly: one bidding round only, nobody goes alone, the dealer "
        "discards their lowest card, and when all four pass the hand ends with no score. "
        "A single hand is played.",
        unused=(STICK_THE_DEALER.id, DEFEND_ALONE.id, TARGET.id),  # one round, one hand
    ),
)


def _rule(suffix: str, title: str, text: str, refuses: bool = False) -> Rule:
    return Rule(f"euchre.{suffix}", title, text, refuses=refuses)


RULES = game_rules(
    "euchre",
    "Euchre",
    _rule(
        "deal.hands",
        "The deal",
        "24 cards (9 10 J Q K A of each suit). Each of the four players is dealt five cards, "
        "two then three; the other four form the kitty and its top card is turned up. "
        "A card is in one place only.",
        refuses=True,
    ),
    (
        "cards.trump-order",
        "Trump",
        "Trump ranks right bower (the jack of trump), left bower (the other jack of the same "
        "colour), then A K Q 10 9; every trump beats every card of another suit.",
    ),
    (
        "cards.left-bower",
        "The left bower is trump",
        "The left bower belongs to the trump suit, not to its printed suit, for following and "
        "for leading: leading it leads trump.",
    ),
    (
        "cards.plain-order",
        "Other suits",
        "The suits that are not trump rank A K Q J 10 9.",
    ),
    _rule(
        "bidding.order-up",
        "Ordering up",
        "From the player left of the dealer, each player in turn orders up the upcard's suit "
        "as trump or passes, the dealer last. Once trump is made the bidding ends.",
        refuses=True,
    ),
    _rule(
        "bidding.second-round",
        "Naming trump",
        "If all four pass, the upcard is turned down and each player in turn, from left of the "
        "dealer, names any other suit as trump or passes; the turned-down suit cannot be named. "
        "If all pass again the hand is thrown in and dealt again. (Not in the kata preset, "
        "where the hand is over with no score once all four pass.)",
        refuses=True,
    ),
    (
        "bidding.dealer-discards",
        "The dealer's pick-up",
        "When trump is ordered up the dealer adds the upcard to the hand and discards one card "
        "face down (the upcard itself may be the discard). In the kata preset the dealer "
        "discards their lowest card (see the next rule).",
    ),
    (
        "bidding.kata-lowest-discard",
        "Kata: discard the lowest card",
        'In the kata preset "the dealer picks up the trump card and discards their lowest card '
        'back to the kitty (remember trump cards are higher than all other cards)": a card '
        "that is not trump, of the lowest rank held (any of them on a tie; the left bower is "
        "trump); a trump only when the hand holds nothing else, and then the lowest trump.",
    ),
    _rule(
        "bidding.alone",
        "Going alone",
        "The player who makes trump may go alone: the partner lays down the hand and sits out. "
        "The kata preset has no going alone.",
        refuses=True,
    ),
    _rule(
        "bidding.stick-the-dealer",
        "Stick the dealer",
        "House rule: when everyone else has passed in the last bidding round, the dealer may not "
        "pass and must make trump.",
        refuses=True,
    ),
    _rule(
        "bidding.defend-alone",
        "Defending alone",
        "House rule: against a player going alone, one defender (the one left of the maker "
        "first) may call to defend alone; that defender's partner sits out.",
        refuses=True,
    ),
    (
        "play.lead",
        "The lead",
        "The player left of the dealer leads the first trick (skipping a partner who sits out); "
        "the winner of each trick leads the next. Play goes clockwise.",
    ),
    (
        "play.follow-suit",
        "Follow suit",
        "A player who holds a card of the suit led must play one, even holding trump. The left "
        "bower counts as trump. A player who cannot follow may play any card. Failing to follow "
        "when able is a renege.",
    ),
    _rule(
        "play.sits-out",
        "The partner sits out",
        "The partner of a player going alone (and of a lone defender) plays no card this hand.",
        refuses=True,
    ),
    (
        "play.trick-winner",
        "Winning a trick",
        "The highest trump wins the trick; with no trump, the highest card of the suit led. "
        "Cards of other suits never win.",
    ),
    (
        "score.made",
        "Making trump",
        "The makers score 1 for three or four tricks and 2 for all five (a march). A player "
        "going alone scores 4 for a march and 1 for three or four tricks.",
    ),
    (
        "score.euchred",
        "Euchred",
        "Makers who take fewer than three tricks are euchred: the defenders score 2 (4 for a "
        "lone defender, when defending alone is played).",
    ),
    (
        "score.renege",
        "Renege penalty",
        "A renege the table lets stand ends the hand's own score: the other side scores 2 "
        "(4 when it had a player going alone), or, by house rule, the hand is replayed.",
    ),
    (
        "game.target",
        "Game",
        "The first side to 10 points wins (5 or 11 by house rule). The kata preset is a single "
        "hand.",
    ),
    order=(
        "The hand goes deal and upcard, then the bidding (ordering up or naming trump), "
        "then the dealer's discard (recorded only when seen), then play; nothing is "
        "played before the bidding is complete."
    ),
)
