"""What California Jack's outcomes, penalties, score notes, sheet words and play rules
say, as templates with named fields (:mod:`scorekeeper.phrases`): the words are made from them
when shown."""

from __future__ import annotations

from scorekeeper.phrases import Phrases

SAY = Phrases(
    "california_jack",
    {
        "reached": "{leader:seat} reached {target} after trick {tricks}",
        "claimed": "the rest was claimed after trick {tricks}",
        "all_played": "all {tricks} tricks were played and nobody reached {target}",
        "renege": (
            "{rule:rule}: {seat:seat} broke it{where} and the table let it stand; "
            "{victor:seat} wins the game"
        ),
        "in_trick": " in trick {trick}",
        "nowhere": "",
        "wins_on_renege": "{victor:seat} wins on a renege ({score})",
        "tie": "Tie {score}{how}",
        "wins": "{winner:seat} wins {score}{how}",
        "on_claim": " on a claim",
        "nobody_at_10": ", nobody at 10",
        "no_how": "",
        "score": "{first}–{second}",
        "tie_note": "tie: no game won",
        "wins_game": "{winner:seat} wins game {number}",
        "honour_high": "High {holder}",
        "honour_low": "Low {holder}",
        "honour_jack": "Jack {holder}",
        "no_one": "—",
        "game_goes_on": "game goes on, {score} ({honours}; card points {cards})",
        "game_won": "Game {number}: {winner:seat} wins {score} ({honours}; card points {cards})",
        "must_trump": "had to trump ({trump})",
        "trump_card": "the trump card, face up under the draw pile",
        "awaiting_deal": "trump is not fixed yet: record the trump card first",
        "awaiting_play": "the play is under way",
        "awaiting_draw": "the players draw from the pile first",
        "no_card_named": "no card was named",
        "still_in_pile": "{card:card} is still in the pile",
        "is_trump_card": "{card:card} is the trump card, under the pile",
        "drawn": "{cards:cards} drawn from the pile",
        "in_pile": "{cards:cards} in the draw pile on record",
        "drawn_already": "the players have drawn already: record the pile before play",
        "pile_ends_trump": "the pile's last card is the trump card {card:card}",
        "pile_ends_with": "the pile on record ends with {card:card}",
        "last_is_trump": "the last card of the pile is the trump card {card:card}",
        "trump_card_under": "{card:card} is the trump card, under the {left:count card} left above it",
        "next_in_pile": "the next card of the pile on record is {card:card}",
        "no_trump_yet": "trump is not fixed yet",
    },
)
