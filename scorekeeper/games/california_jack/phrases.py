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
    },
)
