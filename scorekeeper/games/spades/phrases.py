"""What Spades' outcomes, penalties, score notes, sheet words and play rules say, as
templates with named fields (:mod:`scorekeeper.phrases`): the words are made from them when shown."""

from __future__ import annotations

from scorekeeper.phrases import Phrases

PER_PLAYER_NOTE = (
    "per-player bids of a classic hand, recorded before one contract per side: "
    "each side's contract is read as the sum of its bids"
)

SAY = Phrases(
    "spades",
    {
        "bid_took": "{side:side} bid {bid} took {took}",
        "bid_took_set": "{side:side} bid {bid} took {took} (set)",
        "took": "{side:side} took {took}",
        "nil": "{seat:seat} nil {how}",
        "blind_nil": "{seat:seat} blind nil {how}",
        "made": "made",
        "failed": "failed",
        "set": "set",
        "reneged": "{seat:seat} reneged{broken}; {moved:count trick} to {to}",
        "reneged_none": "{seat:seat} reneged{broken}; no trick to give",
        "broken": " ({rule:rule lower})",
        "sides": "{sides:each , }",
        "with_note": "{summary}; {note}",
        "per_player_note": PER_PLAYER_NOTE,
        "bag_cycle": "{side:side}: {cycle} bags, −{penalty}",
        "tied": "tied at {best}: play on",
        "side_wins": "{side:side} win",
        "player_wins": "{side:side} wins",
        "sheet_side": "{side:side} {bid} bid, {took} took",
        "sheet_side_set": "{side:side} {bid} bid, {took} took, set",
        "sheet_side_bags": "{side:side} {bid} bid, {took} took, {bags:count bag}",
        "tricks_counted": "{tricks} tricks counted",
        "contract": "{how} {points:signed}",
        "bags": "{bags:count bag} {points:signed}",
        "nil_points": "{nil} {points:signed}",
        "cycle": "{cycle} bags reached {points:signed}",
        "split": "{side:side}: {parts}",
        "nothing": "0",
        "penalty_line": "Penalty: {penalty}",
        "both_blind": "{field}: {a:seat} and {b:seat} both bid blind nil; one side has at most one",
        "both_nil": (
            "{field}: partners {a:seat} and {b:seat} both bid nil; "
            "the double nil house option is off"
        ),
        "blind_trails": (
            "{field}: {seat:seat} bid blind nil but their side trails by {behind}, "
            "not {needed} or more"
        ),
        "no_contract": "contracts: {side:side} both bid nil and have no contract",
        "zero_contract": "contracts: {side:side}'s contract is 1–13; a 0 is never a side's contract",
        "lowest_club": "had to play the lowest club",
        "heart_or_diamond": "had to play a heart or diamond",
        "spades_not_broken": "spades not broken yet",
        "must_trump": "had to trump",
        "play_higher": "had to play higher than {card:card}",
        "trump_higher": "had to trump higher than {card:card}",
        "bidding_only": "{kind:event a} belongs to the bidding ({phase})",
        "exchange_only": "{kind:event a} belongs to the blind-nil exchange ({phase})",
        "classic_nil": (
            "in classic a bid is a nil; a side's contract is a contract, not a bid of {value:shown}"
        ),
        "bid_range": "{value:shown} is not a bid from 0 to {most}",
        "blind_is_nil": "a blind bid is nil, not {value:shown}",
        "each_bids": "no side contract here: each player bids",
        "per_player_bids": "no side contract here: this hand has per-player bids",
        "contract_range": "{value:shown} is not a contract of 1 to {most}",
        "two_cards": "{cards:cards}: exactly 2 different cards pass",
    },
)
