"""What Hearts' outcomes, penalties, sheet marks and play rules say, as templates with named fields
(:mod:`scorekeeper.phrases`): the words are made from them when shown."""

from __future__ import annotations

from scorekeeper.phrases import Phrases

SAY = Phrases(
    "hearts",
    {
        "took": "{seat:seat} {points}",
        "moon_to_others": "{seat:seat} shot the moon: 26 to each other player",
        "moon_from_self": "{seat:seat} shot the moon: −26 to them",
        "with_jack": "{summary}; J♦ −10 to {seat:seat}",
        "renege": "renege by {seat:seat}",
        "penalty": "renege ({broke}{seat:seat}{where}): 26 to {seat:seat}, 0 to every other player",
        "broke": "{rule:rule}, ",
        "in_trick": ", trick {trick}",
        "nothing": "",
        "moon_mark": "moon {seat:seat}",
        "jack_mark": "J♦ {seat:seat}",
        "no_mark": "—",
        "lead_two": "had to lead 2♣",
        "hearts_not_broken": "hearts not broken",
        "no_points_first": "no heart or Q♠ on the first trick while holding another card",
        "led_with_two": "the first trick is led with 2♣",
        "passing_off": "nobody passes: passing is off",
        "hold_hand": "nobody passes: a hold hand",
        "pass_over": "the pass is over: play is on",
        "three_cards": "{cards:cards}: three different cards pass",
    },
)
