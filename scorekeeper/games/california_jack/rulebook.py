"""The rules of California Jack, first to ten, as players read them; the house option."""

from __future__ import annotations

from scorekeeper.games.base import HouseOption, Preset, game_rules
from scorekeeper.rules import Rule

ID = "california_jack"

FIRST_TO_TEN = "first_to_ten"
PRESETS = (
    Preset(
        FIRST_TO_TEN,
        "First to ten",
        "The specification's game: 52 cards, two players, trump fixed by the bottom card, "
        "the non-dealer leads the first trick, follow suit and trump when void if able; "
        "High, Low, Jack and card points are counted after every trick and the first "
        "player at 10 wins at once.",
    ),
)

MATCH_GAMES = HouseOption(
    "match_games",
    "Match length",
    "Games a player must win to take the match; 0 plays an open series with no match end.",
    default=0,
    choices=(0, 1, 2, 3, 4, 5, 7, 10),
    labels=(
        "Open series",
        "1 game",
        "2 games",
        "3 games",
        "4 games",
        "5 games",
        "7 games",
        "10 games",
    ),
)
TRUMP_OPTIONAL = HouseOption(
    "trump_optional",
    "Trumping optional",
    "A player who cannot follow suit may play any card, even while holding a trump "
    "(as in Hoyle's California Jack).",
)

RULES = game_rules(
    ID,
    "California Jack, first to ten",
    Rule(
        f"{ID}.deal.six-each",
        "Six cards each",
        "The two players are dealt six cards each from a 52-card deck. A hand on record holds "
        "six different cards, none of them the trump card or a card of the other hand; a draw "
        "pile on record holds the 40 undealt cards, top first, the trump card last.",
        refuses=True,
    ),
    Rule(
        f"{ID}.deal.trump-card",
        "The trump card",
        "The bottom card of the undealt deck is turned face up; its suit is trump for the "
        "hand. It stays face up as the last card of the draw pile.",
        refuses=True,
    ),
    Rule(
        f"{ID}.play.lead",
        "Who leads",
        "The player left of the dealer (the non-dealer) leads the first trick; the winner of "
        "each trick leads the next, after the draw.",
        refuses=True,
    ),
    (
        "play.follow-suit",
        "Follow suit",
        "A player must follow the suit led when able.",
    ),
    (
        "play.must-trump",
        "Trump when void",
        "A player who cannot follow suit and holds a trump must play a trump; a player with "
        "neither may play any card. With the house option Trumping optional, a player who "
        "cannot follow may play any card.",
    ),
    (
        "play.trick-winner",
        "Winning a trick",
        "The highest trump wins the trick; with no trump in it, the highest card of the suit "
        "led. Cards rank 2 (low) 3 4 5 6 7 8 9 10 J Q K A (high).",
    ),
    Rule(
        f"{ID}.draw.order",
        "Draw after each trick",
        "After each trick, while the pile lasts, the trick winner draws the top card first, "
        "then the other player; then the winner leads.",
        refuses=True,
    ),
    Rule(
        f"{ID}.draw.from-the-pile",
        "Draw from the pile",
        "A player draws the top card of the pile: a card dealt, drawn or played before cannot "
        "be drawn, and when the pile's order is on record the card is the next one.",
        refuses=True,
    ),
    Rule(
        f"{ID}.draw.trump-card-last",
        "The trump card is drawn last",
        "The face-up trump card is the last card of the pile: it is drawn by the player who "
        "draws last, and by nobody before.",
        refuses=True,
    ),
    (
        "score.count",
        "Counting",
        "After every trick each player counts: High (the ace of trump), Low (the 2 of trump) "
        "and Jack (the jack of trump), 1 each to the player who captured it, plus card points "
        "captured: 10 = 10, A = 4, K = 3, Q = 2, J = 1, other cards 0. The deck holds 80.",
    ),
    (
        "score.first-to-ten",
        "First to ten",
        "The first player at 10 or more wins at once: play stops and the hand is over.",
    ),
    (
        "score.higher-total",
        "Nobody at ten",
        "If the hand ends with nobody at 10, the higher total wins; equal totals are a tie.",
    ),
    (
        "score.renege-penalty",
        "Renege penalty",
        "A play that broke a rule of play and was let stand loses the game: the other player "
        "wins it, whatever the points. Only the first such play counts.",
    ),
    (
        "play.claim",
        "Claims",
        "A player may claim the rest of the hand: they take every card not yet won (the cards "
        "on the table, both hands and the pile) and the hand ends.",
    ),
    (
        "match.games",
        "The match",
        "Each hand is one game. A match is a series of games and the score sheet counts games "
        "won; with a match length set, the first player to win that many games wins the match.",
    ),
    order=(
        "The hand goes deal and trump card, then play, each trick followed by the draws "
        "from the pile; nothing is played before trump is fixed."
    ),
)
FOLLOW_SUIT = RULES[f"{ID}.play.follow-suit"]
MUST_TRUMP = RULES[f"{ID}.play.must-trump"]
