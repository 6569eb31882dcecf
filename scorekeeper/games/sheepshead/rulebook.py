"""Sheepshead's rules as data, and its house options."""

from __future__ import annotations

from scorekeeper.games.base import HouseOption, Preset, Settings, game_rules
from scorekeeper.rules import Rule

RULES = game_rules(
    "sheepshead",
    "Sheepshead, five-handed, called ace",
    Rule(
        "sheepshead.deal.consistent",
        "Hands as dealt",
        "Each player is dealt six cards and the blind holds two; a recorded hand or blind "
        "must fit what is already on record: no card in two places, and every card a player "
        "has played in their own hand (the picker's blind cards aside).",
        refuses=True,
    ),
    Rule(
        "sheepshead.bury.two-cards",
        "Bury two",
        "The picker takes the blind and buries exactly two cards (recorded as none when "
        "nobody saw them). Buried points count for the picker.",
        refuses=True,
    ),
    (
        "bury.not-under-card",
        "Keep the under card",
        "The picker may bury any two cards except the under card, which stays in hand.",
    ),
    (
        "bury.keep-called-suit",
        "Bury but keep the called suit",
        "After a normal call the picker must still hold at least one fail card of the "
        "called suit once the two cards are buried.",
    ),
    Rule(
        "sheepshead.call.what",
        "What can be called",
        "The picker calls the ace of clubs, spades or hearts (a normal or an under call), "
        "a ten of those suits (call 10), or goes alone. Only an under call names an under card.",
        refuses=True,
    ),
    (
        "call.normal",
        "Normal call",
        "A normal call names the ace of a fail suit in which the picker holds a card but "
        "not the ace. The partner is whoever holds that ace.",
    ),
    (
        "call.under",
        "Under call",
        "When every fail suit the picker holds includes its ace (and the picker does not "
        "hold all three fail aces), the picker calls the ace of a fail suit they hold no card "
        "of and designates one of their own cards as the under card.",
    ),
    (
        "call.ten",
        "Call 10",
        "A picker holding all three fail aces calls a fail ten they do not hold; the partner "
        "is whoever holds it. With all three fail tens as well, the picker goes alone.",
    ),
    (
        "call.alone",
        "Going alone",
        "A picker holding all three fail aces and all three fail tens has nothing to call and "
        "goes alone. With the house option Going alone by choice (on by default) any picker "
        "may go alone instead of calling; with it off, only that picker goes alone.",
    ),
    (
        "call.jack-of-diamonds",
        "Jack of Diamonds partner",
        "Where the house plays it, nothing is called: whoever holds J♦ is the partner, "
        "secret until J♦ is played. A picker who holds J♦ (in hand or in the blind) plays "
        "alone, or, with 'call the next jack', calls the highest jack they lack (J♥, then "
        "J♠, then J♣), whose holder is the partner. Any picker may go alone by choice.",
    ),
    (
        "follow.must-follow",
        "Follow suit",
        "Follow the suit led if you can. Every queen, every jack and every diamond is trump; "
        "a queen or jack never follows its printed suit. Unable to follow, play any card.",
    ),
    (
        "partner.lead-called-ace",
        "Partner leads the called card",
        "A player holding the called card who leads the called suit must lead the called "
        "card itself, unless running: holding four or more cards of the called suit.",
    ),
    (
        "partner.must-play-called-ace",
        "Partner plays the called card",
        "When the called suit is led, whoever holds the called card must play it.",
    ),
    (
        "picker.keep-called-suit",
        "Picker's hold card",
        "After a normal call the picker keeps one card of the called suit until that suit "
        "is led: the picker may lead it at any time, but may not throw the last one away.",
    ),
    (
        "under.must-play-under",
        "Play the under card",
        "When the called suit is led, the picker plays the under card; it can never win "
        "the trick, even when it is trump.",
    ),
    (
        "under.keep-under",
        "The under card waits",
        "The under card stays aside until the called suit is led: it neither follows "
        "another suit nor is played before then, except as the picker's last card.",
    ),
    Rule(
        "sheepshead.stakes.announced",
        "Crack, recrack and blitz",
        "Where the house plays them: a player other than the picker may crack (double), "
        "only the picker recracks a crack (four times), and a blitz (double) needs the "
        "picker to show both black queens or both red queens.",
        refuses=True,
    ),
    order=(
        "The hand goes deal, then picking or passing, then calling and burying, then "
        "play; nothing is played before the calling is complete."
    ),
)

STANDARD = "standard"
PRESETS = (
    Preset(
        STANDARD,
        "Five-handed, called ace",
        "Five players; the picker calls an ace for a secret partner; when all five pass the "
        "house's all-pass game is played (a Schwanzer unless chosen otherwise).",
    ),
)

ALL_PASS = HouseOption(
    "all_pass",
    "When all five pass",
    "Schwanzer scores the dealt hands; Leaster plays for the fewest points; "
    "Doubler redeals and the next hand counts double.",
    default="schwanzer",
    choices=("schwanzer", "leaster", "doubler"),
    labels=("Schwanzer", "Leaster", "Doubler"),
)
DOUBLER_STACKING = HouseOption(
    "doubler_stacking",
    "Doublers in a row",
    "After several all-pass hands in a row, doublers add (×2, ×3, ×4) or multiply (×2, ×4, ×8).",
    default="multiply",
    choices=("add", "multiply"),
    labels=("Add (×2, ×3, ×4)", "Multiply (×2, ×4, ×8)"),
)
DOUBLE_ON_BUMP = HouseOption(
    "double_on_bump",
    "Double on the bump",
    "A losing picking side pays double.",
)
CRACK = HouseOption(
    "crack",
    "Crack and recrack",
    "A player other than the picker may crack (×2); the picker may recrack (×4).",
)
BLITZ = HouseOption(
    "blitz",
    "Blitz",
    "The picker who shows both black or both red queens doubles the hand.",
)
PARTNER = HouseOption(
    "partner",
    "Who is the partner",
    "The picker calls an ace, or whoever holds the jack of diamonds is the partner.",
    default="called_ace",
    choices=("called_ace", "jack_of_diamonds"),
    labels=("A called ace", "The jack of diamonds"),
)
CALL_NEXT_JACK = HouseOption(
    "call_next_jack",
    "Call the next jack",
    "With the jack of diamonds partner, a picker who holds J♦ calls the highest jack "
    "they lack instead of playing alone.",
)
POINT_VALUE = HouseOption(
    "point_value",
    "Money per point",
    "Cents each point is worth, so the night's totals print as amounts owed (0: no money).",
    default=0,
    choices=(0, 1, 5, 10, 25, 50, 100),
    labels=("No money", "1¢", "5¢", "10¢", "25¢", "50¢", "$1"),
)
ALONE_BY_CHOICE = HouseOption(
    "alone_by_choice",
    "Going alone by choice",
    "Any picker may go alone instead of calling a partner; off: only a picker with nothing "
    "to call (all three fail aces and all three fail tens) goes alone.",
    default=True,
)
OPTIONS = (
    ALL_PASS,
    DOUBLER_STACKING,
    DOUBLE_ON_BUMP,
    CRACK,
    BLITZ,
    PARTNER,
    CALL_NEXT_JACK,
    POINT_VALUE,
    ALONE_BY_CHOICE,
)


def jack_partner(settings: Settings) -> bool:
    """Whether the holder of J♦ is the partner (instead of a called ace)."""
    return bool(settings.get(PARTNER) == "jack_of_diamonds")
