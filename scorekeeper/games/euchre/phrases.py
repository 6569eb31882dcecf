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
    },
)
