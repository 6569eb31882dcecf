"""What Sheepshead's outcomes, penalties, score notes and play rules say, as templates
with named fields (:mod:`scorekeeper.phrases`): the words are made from them when shown."""

from __future__ import annotations

from scorekeeper.phrases import Phrases

SAY = Phrases(
    "sheepshead",
    {
        "picked_alone": "{picker:seat} picked alone: {points:count point}",
        "picked": "{picker:seat} picked{call}, {partner:seat} partner: {points:count point}",
        "called": ", called {card:card}",
        "call_mark": "{mark}",
        "won": "won",
        "lost": "lost",
        "schneider": "schneider",
        "schwarz": "schwarz",
        "cracked": "cracked",
        "recracked": "recracked",
        "blitz": "blitz",
        "bump": "bump ×2",
        "schwanzer_lost": "Schwanzer: {losers:list} lost with {most}",
        "schwanzer_tied": "Schwanzer: all tied at {most}",
        "leaster_won": "Leaster: {winners:list} won with {fewest}",
        "leaster_misplayed": "Leaster: {offender:seat} misplayed",
        "doubler": "All passed: doubler",
        "misplayed": "{offender:seat} misplayed",
        "table_misplayed": "{rule:rule}: the table misplayed",
        "rule_misplayed": "{rule:rule}: {offender:seat} misplayed",
        "next_counts": "all passed: the next hand counts ×{multiplier}",
        "doubler_times": "doubler ×{multiplier}",
        "record_hands": (
            "a Schwanzer is scored from all five hands: record the hand of {missing:list}, "
            "or enter each player's Schwanzer points"
        ),
        "partner_is": "the partner is {seats:either} (whose hands were not recorded)",
        "keep_called_suit": "had to keep a {suit:suit one} after burying",
        "lead_called": "had to lead {card:card} (not running)",
        "play_under": "had to play the under card {card:card}",
        "play_called": "had to play {card:card}",
        "keep_last": "had to keep the last {suit:suit one} until it was led",
        "under_waits": "the under card {card:card} waits for the called suit",
        "buried": "buried by the picker",
        "in_blind": "in the blind",
    },
)
