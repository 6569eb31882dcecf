"""What Euchre's outcomes, penalties, sheet words and play rules say, as templates with
named fields
(:mod:`scorekeeper.phrases`): the words are made from them when shown."""

from __future__ import annotations

from scorekeeper.phrases import Phrases

RESULTS = {
    "made": "made",
    "march": "march",
    "alone made": "alone made",
    "alone march": "alone march",
    "euchred": "euchred",
    "euchred by a lone defender": "euchred by a lone defender",
}
"""A hand's result (its ``result`` detail) in a hand's words."""

MARKS = {
    "made": "made",
    "march": "march",
    "alone made": "loner, made",
    "alone march": "loner, march",
    "euchred": "euchred",
}
"""A hand's result as its marks on the sheet."""

SAY = Phrases(
    "euchre",
    {
        "passed_no_score": "all passed: no score",
        "passed_deal_again": "all passed: deal again",
        "maker_made": "{maker:seat} made trump",
        "maker_made_suit": "{maker:seat} made {trump:suit} trump",
        "side_made": "{makers:side} made trump",
        "side_made_suit": "{makers:side} made {trump:suit} trump",
        "result": "{made}: {result}, {tricks:count trick}",
        **{f"result {key}": words for key, words in RESULTS.items()},
        **{f"marks {key}": words for key, words in MARKS.items()},
        "defended_alone": "{marks}, defended alone",
        "ruling": "{rule:rule}, {seat:seat}",
        "ruling_in_trick": "{rule:rule}, {seat:seat}, trick {trick}",
        "by_side": "by {side:side}",
        "renege_replayed": "renege ({ruling}): the hand is replayed",
        "hand_replayed": "renege: hand replayed",
        "renege_points": "renege ({ruling}): {points} to {side:side}",
        "renege_by": "renege by {side:side}",
        "trump": "trump",
        "suit_trump": "{trump:suit} trump",
        "sheet_marks": "{makers} made {trump}: {marks} ({tricks:count trick})",
        "sheet_summary": "{makers} made {trump}: {summary}",
        "not_makers": "{seat:seat} is not on the makers' side, {partners:side}",
        "lowest_discard": "the dealer had to discard the lowest card",
        "turned_up": "turned up from the kitty",
        "turned_down": "turned down",
        "discarded": "discarded by the dealer",
        "awaiting_deal": "the upcard is not recorded yet",
        "awaiting_order": "the first bidding round (order up or pass) is under way",
        "awaiting_name": "the second bidding round (name trump or pass) is under way",
        "awaiting_discard": "the dealer has yet to discard",
        "awaiting_defend": "the defenders have yet to say whether one defends alone",
        "awaiting_play": "the play is under way",
        "is_upcard": "{card:card} is the upcard",
        "discard_not_among": "the dealer discarded {card:card}, not among these or the upcard",
        "was_discarded": "{card:card} was discarded by the dealer",
        "upcard_already": "the upcard is already {card:card}",
        "upcard_no_card": "the upcard event names no card",
        "dealer_must_make": "everyone else passed: the dealer must make trump",
        "name_another": "the upcard {card:card} was turned down: name another suit",
        "kata_not_alone": "the kata preset has no going alone",
        "kata_one_round": "the kata has one bidding round: order up or pass",
        "name_a_suit": "name a suit as trump",
        "suit_turned_down": "{suit:suit} was turned down with the {card:card}",
        "not_in_dealers_hand": "{card:card} is not in the dealer's hand",
        "lowest_held": "the lowest card held is {cards:cards or}",
        "upcard_lower": "the dealer picked up the upcard {upcard:card}, a lower trump than {card:card}",
        "alone_only": "a defender may only call alone, not {value:shown}",
    },
)
