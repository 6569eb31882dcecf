"""The Spades game: presets, options, deals, scoring and quick entry."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from scorekeeper.advice.common import Advice
from scorekeeper.cards import FULL_DECK
from scorekeeper.events import Event
from scorekeeper.games.actions import (
    CARDS,
    CHOICE,
    CLAIM,
    DEAL,
    FLAG,
    NUMBER,
    PLAY,
    RESULT,
    SEAT,
    Action,
)
from scorekeeper.games.base import Game, HandOutcome, QuickEntry, ResultError, Settings
from scorekeeper.games.report import GameReport, Rate
from scorekeeper.games.spades import advice, club
from scorekeeper.games.spades.hand import (
    BLIND_NIL_DEFICIT,
    HAND_SIZE,
    SEATS,
    TRICKS,
    SpadesHand,
)
from scorekeeper.games.spades.phrases import PER_PLAYER_NOTE, SAY
from scorekeeper.games.spades.quick import CONTRACTS, NO_NIL, QUICK_FORMS, side_contracts
from scorekeeper.games.spades.report import REPORT, report
from scorekeeper.games.spades.rulebook import (
    CLASSIC,
    DOUBLE_NIL_OPTION,
    MODERN,
    OPTIONS,
    PLAY_RULES,
    PRESETS,
    RULES,
    TARGET,
)
from scorekeeper.games.spades.samples import SAMPLES
from scorekeeper.games.spades.scoring import SpadesTally, deficit, score_result, scoring_for
from scorekeeper.games.spades.words import BidWords, ContractWords, ExchangeWords
from scorekeeper.games.tricks import deal_events, deal_round, from_left
from scorekeeper.games.winning import Winning


class Spades(Game[SpadesHand]):
    id = "spades"
    title = "Spades"
    seats = SEATS
    deck = FULL_DECK
    rules = RULES
    presets = PRESETS
    default_preset = MODERN
    options = OPTIONS
    winning = Winning(target=TARGET)
    record_fields = ("bids", "bags")
    club_formats = (club.FORMAT,)
    rates = (Rate("bid success", "bids made", "bids"), Rate("nil success", "nils made", "nils"))
    quick_forms = QUICK_FORMS
    actions = (
        DEAL,
        Action(
            "bid",
            CHOICE,
            {"seat": SEAT, "value": NUMBER, "blind": FLAG},
            BidWords("bid"),
            about="a bid (`value` 0 = nil; `classic`: a player's nil or blind nil)",
        ),
        Action(
            "contract",
            CHOICE,
            {"seat": SEAT, "value": NUMBER},
            ContractWords("contract"),
            about="a `classic` side's contract (1–13), as announced",
        ),
        Action(
            "exchange",
            CARDS,
            {"seat": SEAT, "cards": CARDS},
            ExchangeWords("exchange"),
            unseen=True,
            about="the blind-nil pass (`cards` left out when unseen)",
        ),
        PLAY,
        CLAIM,
        RESULT,
    )
    report = REPORT
    samples = SAMPLES
    standing_matters = True  # a blind nil needs the side to trail by 100

    def sides(self, settings: Settings) -> tuple[tuple[int, ...], ...]:
        return scoring_for(settings).sides

    def report_for(self, settings: Settings) -> GameReport:
        return report(not scoring_for(settings).bag_point, side_contracts(settings))

    def new_hand(
        self,
        settings: Settings,
        dealer: int,
        standing: Sequence[int] | None = None,
        number: int = 0,
    ) -> SpadesHand:
        return SpadesHand(self, settings, dealer, standing)

    def deal(self, rng: random.Random, settings: Settings, dealer: int) -> list[Event]:
        return deal_events(deal_round(FULL_DECK, rng, from_left(dealer, SEATS), (HAND_SIZE,))[0])

    def score_hand(self, state: SpadesHand) -> HandOutcome:
        if state.phase != state.OVER:
            raise ValueError(f"the hand is not over: it is still in {state.phase}")
        renege = next((v for v in state.penalties if v.rule.id in PLAY_RULES), None)
        outcome = score_result(
            state.scoring,
            state.bids,
            state.blind,
            state.taken,
            renege=renege.seat if renege else None,
            renege_rule=renege.rule if renege else None,
        )
        return with_note(outcome, PER_PLAYER_NOTE) if state.per_player else outcome

    def hand_stats(self, outcome: HandOutcome) -> dict[int, dict[str, int]]:
        """Bids and bids made (the bidder's side made its contract); nils bid and made."""
        details = outcome.details
        contracts = details["contracts"]
        stats: dict[int, dict[str, int]] = {}
        for seat, bid in enumerate(details["bids"]):
            if bid != 0:  # a bid, or a partner of the side's classic contract
                side = seat if len(contracts) == SEATS else seat % 2
                stats[seat] = {"bids": 1, "bids made": int(contracts[side] == "made")}
            else:
                made = details["tricks"][seat] == 0  # a nil is made taking no trick
                stats[seat] = {"nils": 1, "nils made": int(made)}
        return stats

    def score_quick(self, entry: QuickEntry) -> HandOutcome:
        settings, form, data, standing = entry.settings, entry.form, entry.data, entry.standing
        scoring = scoring_for(settings)
        per_player = form.id != CONTRACTS.id
        field = "bids" if per_player else "nils"
        bids: Sequence[int | None]
        if per_player:
            bids, blind = _read_bids(data["bids"])
        else:
            bids, blind = _read_contracts(data["contracts"], data.get("nils"))
        tricks = data["tricks"]
        if sum(tricks) != TRICKS:
            raise ResultError(f"tricks: the seats took {sum(tricks)} tricks; a hand has 13")
        if not scoring.cutthroat:
            for seats in scoring.sides:
                a, b = seats
                if blind[a] and blind[b]:
                    raise ResultError(SAY("both_blind", field=field, a=a, b=b))
                if bids[a] == 0 and bids[b] == 0 and not settings.get(DOUBLE_NIL_OPTION):
                    raise ResultError(SAY("both_nil", field=field, a=a, b=b))
        given = data.get("standing")
        if standing is not None and given is not None and list(given) != list(standing):
            raise ResultError(
                f"standing: the match stood at {list(standing)} before this hand, not {given}"
            )
        before = given if given is not None else standing or (0,) * len(scoring.sides)
        for seat in range(SEATS):
            behind = deficit(scoring, before, seat)
            if blind[seat] and behind < BLIND_NIL_DEFICIT:
                raise ResultError(
                    SAY(
                        "blind_trails",
                        field=field,
                        seat=seat,
                        behind=behind,
                        needed=BLIND_NIL_DEFICIT,
                    )
                )
        outcome = score_result(scoring, bids, blind, tricks, renege=data.get("renege"))
        if per_player and settings.preset == CLASSIC and not scoring.cutthroat:
            return with_note(outcome, PER_PLAYER_NOTE)
        return outcome

    def advise(self, state: SpadesHand, seat: int) -> Advice:
        return advice.advise(state, seat)

    def new_tally(self, settings: Settings) -> SpadesTally:
        return SpadesTally(scoring_for(settings), self.winning)


def with_note(outcome: HandOutcome, note: str) -> HandOutcome:
    """The outcome with the per-player bids' ``note`` added to its summary and details."""
    details = {**outcome.details, "note": note}
    said = SAY("with_note", summary=outcome.summary, note=SAY("per_player_note"))
    return replace(outcome, summary=said, details=details)


def _read_contracts(
    contracts: Sequence[int], nils: Sequence[str] | None
) -> tuple[list[int | None], list[bool]]:
    """Classic quick entry (already checked to be 0–13, and none, nil or blind nil by
    seat): each seat's bid. The side's contract is put on its first seat that did not
    bid nil, the partner having no bid of their own; a side whose partners both bid nil
    has none."""
    nils = nils or [NO_NIL] * SEATS
    bids: list[int | None] = [None if nil == NO_NIL else 0 for nil in nils]
    blind = [nil == "blind nil" for nil in nils]
    for side, contract in enumerate(contracts):
        seats = [seat for seat in (side, side + 2) if nils[seat] == NO_NIL]
        if not seats:
            if contract:
                raise ResultError(SAY("no_contract", side=(side, side + 2)))
        elif contract == 0:
            raise ResultError(SAY("zero_contract", side=(side, side + 2)))
        else:
            bids[seats[0]] = contract
    return bids, blind


def _read_bids(raw: Sequence[int | str]) -> tuple[list[int], list[bool]]:
    """Quick-entry bids (already checked to be 0–13, ``"nil"`` or ``"blind nil"``):
    each seat's bid, 0 for a nil, and whether it was blind."""
    bids = [0 if isinstance(bid, str) else bid for bid in raw]
    blind = [isinstance(bid, str) and bid.strip().lower() == "blind nil" for bid in raw]
    return bids, blind


GAME = Spades()
