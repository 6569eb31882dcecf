"""Scoring a Sheepshead hand, played or entered as a result, and the running tally.

Picking side (picker and partner, or the picker alone, buried cards included) wins
with 61 or more; 60–60 goes to the defenders. Schneider (91+ won, 30 or fewer lost)
doubles, schwarz (the losing side took no trick) triples, and a picking side that took
no trick has no buried points. Picker ±2, partner ±1, each defender ∓1; alone ±4 against
∓1. House stakes multiply: crack ×2 (recrack ×4), blitz ×2, a lost hand ×2 on the bump;
doublers are carried by the tally.

A misplay let stand (the first penalty on the hand) makes the offending side lose at the
base value, ×2 or ×3 only where the offending side itself was schneidered or schwarzed
by the cards, with crack and blitz but without the bump; in a Leaster the offender pays
4, 1 to each other player.

A claim gives the claiming seat's side every remaining trick and every card not yet
played (the cards on the table in the unfinished trick included). The buried cards stay
the picker's: a defenders' claim with the bury unrecorded cannot be scored.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.cards import Card
from scorekeeper.games.base import (
    HandOutcome,
    HandScore,
    NeedsAnswer,
    ResultError,
    Settings,
    Tally,
    result_flag,
)
from scorekeeper.games.sheepshead.calling import JACK_CALL_VALUES
from scorekeeper.games.sheepshead.deck import (
    DECK_MASK,
    MAX_BLIND_SCHWANZER_POINTS,
    SEATS,
    TOTAL_POINTS,
    TOTAL_SCHWANZER_POINTS,
    TRICKS,
    card_points,
    hand_schwanzer_points,
)
from scorekeeper.games.sheepshead.hand import SheepsheadHand
from scorekeeper.games.sheepshead.phrases import SAY
from scorekeeper.games.sheepshead.rulebook import DOUBLE_ON_BUMP, DOUBLER_STACKING, jack_partner
from scorekeeper.phrases import Phrase, joined

CALL_NAMES = {"ace": "", "under": " (under)", "ten": " (called 10)", "jack": "", "alone": ""}
"""What a call adds after the called card in a hand's words."""


def _seat_word(seat: int) -> str:
    return f"seat {seat + 1}"


# ---------------------------------------------------------------------------
# A picking hand
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class PickerResult:
    """What a picking hand produced, from the cards or from quick entry."""

    picker: int
    partner: int | None
    call: str
    points: int  # the picking side's card points, buried included unless schwarzed
    picking_trick: bool
    defending_trick: bool
    crack: int | None = None
    recrack: bool = False
    blitz: bool = False
    offender: int | None = None  # the seat whose misplay was let stand
    penalty: Phrase | None = None
    called: Card | None = None  # the called card, when it is on record


def _level(loser_took_a_trick: bool, schneider: bool) -> tuple[int, str]:
    """The multiplier against the losing side: ×3 schwarz, ×2 schneider, else ×1."""
    if not loser_took_a_trick:
        return 3, "schwarz"
    if schneider:
        return 2, "schneider"
    return 1, ""


def picker_outcome(settings: Settings, result: PickerResult) -> HandOutcome:
    picking = {result.picker} | ({result.partner} if result.partner is not None else set())
    penalised = result.offender is not None
    won = result.offender not in picking if penalised else result.points >= 61
    if won:  # the defenders lost: schwarz without a trick, schneider under 30 points
        multiplier, level = _level(result.defending_trick, result.points >= 91)
    else:
        multiplier, level = _level(result.picking_trick, result.points <= 30)
    stakes = 1
    if result.crack is not None:
        stakes *= 4 if result.recrack else 2
    if result.blitz:
        stakes *= 2
    bump = not won and not penalised and settings.get(DOUBLE_ON_BUMP)
    value = multiplier * stakes * (2 if bump else 1) * (1 if won else -1)
    points = [-value] * SEATS
    if result.partner is None:
        points[result.picker] = 4 * value
    else:
        points[result.picker] = 2 * value
        points[result.partner] = value
    partner = result.partner
    alone = partner is None
    if partner is None:
        who = SAY("picked_alone", picker=result.picker, points=result.points)
    else:
        called = [SAY("called", card=result.called)] if result.called is not None else []
        call = joined([*called, SAY("call_mark", mark=CALL_NAMES[result.call])], "run")
        who = SAY("picked", picker=result.picker, call=call, partner=partner, points=result.points)
    words = [who, SAY("won" if won else "lost")]
    if level:
        words.append(SAY(level))
    if result.crack is not None:
        words.append(SAY("recracked" if result.recrack else "cracked"))
    if result.blitz:
        words.append(SAY("blitz"))
    if bump:
        words.append(SAY("bump"))
    details: dict[str, Any] = {
        "type": "alone" if alone else "picker",
        "picker": result.picker,
        "partner": result.partner,
        "call": result.call,
        "picking_points": result.points,
        "defending_points": TOTAL_POINTS - result.points,
        "picking_trick": result.picking_trick,
        "defending_trick": result.defending_trick,
        "won": won,
        "schneider": level == "schneider",
        "schwarz": level == "schwarz",
        "multiplier": multiplier,
        "crack": result.crack,
        "recrack": result.recrack,
        "blitz": result.blitz,
        "bump": bool(bump),
    }
    return HandOutcome(tuple(points), joined(words), details, result.penalty)


# ---------------------------------------------------------------------------
# All pass: Schwanzer, Leaster, Doubler
# ---------------------------------------------------------------------------


def schwanzer_outcome(schwanzer_points: list[int]) -> HandOutcome:
    """The most Schwanzer points lose: k losers pay 5−k each, the others win k each."""
    most = max(schwanzer_points)
    losers = [seat for seat in range(SEATS) if schwanzer_points[seat] == most]
    winners = [seat for seat in range(SEATS) if seat not in losers]
    scores = [0] * SEATS
    if winners:
        for seat in losers:
            scores[seat] = -len(winners)
        for seat in winners:
            scores[seat] = len(losers)
    details = {
        "type": "schwanzer",
        "losers": losers,
        "winners": winners,
        "player_schwanzer_points": dict(enumerate(schwanzer_points)),
        "max_schwanzer_points": most,
        "scores": dict(enumerate(scores)),
    }
    if winners:
        summary = SAY("schwanzer_lost", losers=losers, most=most)
    else:
        summary = SAY("schwanzer_tied", most=most)
    return HandOutcome(tuple(scores), summary, details)


def leaster_outcome(
    points: list[int],
    tricks: list[int],
    offender: int | None = None,
    penalty: Phrase | None = None,
) -> HandOutcome:
    """The fewest card points among players who took a trick wins: k winners get 5−k,
    the others pay k each (one winner: +4 and −1)."""
    fewest = min(points[seat] for seat in range(SEATS) if tricks[seat])
    winners = [seat for seat in range(SEATS) if tricks[seat] and points[seat] == fewest]
    if offender is not None:
        scores = [1] * SEATS
        scores[offender] = -(SEATS - 1)
    else:
        scores = [
            SEATS - len(winners) if seat in winners else -len(winners) for seat in range(SEATS)
        ]
    details = {
        "type": "leaster",
        "winners": winners,
        "points": list(points),
        "tricks": list(tricks),
    }
    summary = SAY("leaster_won", winners=winners, fewest=fewest)
    if offender is not None:
        summary = SAY("leaster_misplayed", offender=offender)
    return HandOutcome(tuple(scores), summary, details, penalty)


def doubler_outcome() -> HandOutcome:
    return HandOutcome((0,) * SEATS, SAY("doubler"), {"type": "doubler"})


# ---------------------------------------------------------------------------
# From a played hand
# ---------------------------------------------------------------------------


def score_hand(state: SheepsheadHand) -> HandOutcome:
    """The outcome of a hand recorded card by card."""
    if state.phase != state.OVER:
        raise ResultError("the hand is not over yet: play or claim the remaining tricks first")
    penalty = state.penalties[0] if state.penalties else None
    offender = penalty.seat if penalty is not None else None
    words = None
    if penalty is not None:
        words = (
            SAY("rule_misplayed", rule=penalty.rule.id, offender=offender)
            if offender is not None
            else SAY("table_misplayed", rule=penalty.rule.id)
        )
    if state.mode == "doubler":
        return doubler_outcome()
    if state.mode == "schwanzer":
        if state.answer is not None:
            return schwanzer_outcome(_schwanzer_points(_answered_schwanzer(state.answer)))
        known = [hand for hand in state.dealt if hand is not None]
        if len(known) < SEATS:
            missing = [s for s in range(SEATS) if state.dealt[s] is None]
            raise NeedsAnswer(
                SAY("record_hands", missing=missing), {"answer": "schwanzer", "seats": missing}
            )
        return schwanzer_outcome([hand_schwanzer_points(hand) for hand in known])
    if state.mode == "leaster":
        return _leaster_from(state, offender, words)
    return picker_outcome(state.settings, _picker_result(state, offender, words))


def _not_taken(state: SheepsheadHand) -> int:
    """Cards no trick took: the buried cards or the leaster blind, and after a claim the
    cards still in hand or on the table."""
    captured = 0
    for mask in state.captured:
        captured |= mask
    return DECK_MASK & ~captured


def _leaster_from(state: SheepsheadHand, offender: int | None, words: Phrase | None) -> HandOutcome:
    points = [card_points(mask) for mask in state.captured]
    tricks = list(state.taken)
    last = state.claimed_by if state.claimed_by is not None else state.tricks[-1].winner
    assert last is not None  # a hand over was claimed or ended with a won trick
    points[last] += card_points(_not_taken(state))
    if state.claimed_by is not None:
        tricks[last] += TRICKS - len(state.tricks)
    return leaster_outcome(points, tricks, offender, words)


def find_partner(state: SheepsheadHand) -> int | None:
    """Whoever held the called card: who played it, or whose recorded hand holds it."""
    call, picker = state.call, state.picker
    assert call is not None and picker is not None  # a picker's hand has its call
    if call.value == "alone":
        return None
    card = call.card
    assert card is not None  # every call but alone names its card
    others = [seat for seat in range(SEATS) if seat != picker]
    for seat in others:
        if state.played_by[seat] >> card & 1 or (state.dealt[seat] or 0) >> card & 1:
            return seat
    unknown = [seat for seat in others if state.dealt[seat] is None]
    picker_cards = state.picker_cards()
    if not unknown or (state.dealt[picker] or 0) >> card & 1:
        return None  # the picker held it: a wrong call, played as alone
    if len(unknown) == 1 and picker_cards is not None and not picker_cards >> card & 1:
        return unknown[0]
    answered = (state.answer or {}).get("partner", _UNANSWERED)
    if answered is not _UNANSWERED:
        if answered not in unknown:
            raise ResultError(SAY("partner_is", seats=unknown))
        return int(answered)
    raise NeedsAnswer(
        f"the partner is not known: {card} was never played; record the hand of whoever "
        "held it, or say who held it",
        {"answer": "partner", "card": card.code, "seats": unknown},
    )


_UNANSWERED = object()


def _answered_bury(state: SheepsheadHand) -> int | None:
    """The buried cards the table answered with (a mask), or ``None``."""
    codes = (state.answer or {}).get("buried")
    if codes is None:
        return None
    if not isinstance(codes, list) or len(codes) != 2 or not all(type(c) is str for c in codes):
        raise ResultError(f"buried must list the two buried cards, got {codes!r}")
    try:
        cards = [Card.parse(code) for code in codes]
    except ValueError as error:
        raise ResultError(f"buried: {error}") from None
    mask = 0
    for card in cards:
        mask |= 1 << card
    if mask.bit_count() != 2 or mask & ~_not_taken(state):
        raise ResultError("buried must be two different cards that no trick took")
    return mask


def _picker_result(
    state: SheepsheadHand, offender: int | None, words: Phrase | None
) -> PickerResult:
    partner = find_partner(state)
    call, picker = state.call, state.picker
    assert call is not None and picker is not None  # a picker's hand has its call
    side = {picker} | ({partner} if partner is not None else set())
    tricks = {True: 0, False: 0}
    points = 0
    for seat in range(SEATS):
        tricks[seat in side] += state.taken[seat]
        if seat in side:
            points += card_points(state.captured[seat])
    not_taken = card_points(_not_taken(state))
    if state.claimed_by is not None:
        claimers = state.claimed_by in side
        tricks[claimers] += TRICKS - len(state.tricks)
        buried = state.buried if state.buried is not None else _answered_bury(state)
        if claimers:
            points += not_taken
        elif buried is None:
            raise NeedsAnswer(
                "the defenders claimed but the bury was not recorded: record the buried "
                "cards to count the picker's points",
                {"answer": "buried", "count": 2},
            )
        else:
            points += card_points(buried)
    else:
        points += not_taken  # the buried cards, recorded or not
    if not tricks[True]:
        points = 0
    return PickerResult(
        called=call.card,
        picker=picker,
        partner=partner,
        call=call.value,
        points=points,
        picking_trick=bool(tricks[True]),
        defending_trick=bool(tricks[False]),
        crack=state.crack,
        recrack=state.recrack,
        blitz=state.blitz,
        offender=offender,
        penalty=words,
    )


# ---------------------------------------------------------------------------
# Quick entry
# ---------------------------------------------------------------------------


def _seat(data: dict[str, Any], key: str) -> int | None:
    return data.get(key)


def quick_outcome(settings: Settings, data: dict[str, Any]) -> HandOutcome:
    """The outcome of a hand entered as its result, its fields already checked against
    :data:`~scorekeeper.games.sheepshead.quick.QUICK_FORMS`."""
    if "doubler" in data:
        return doubler_outcome()
    if "schwanzer" in data:
        return schwanzer_outcome(_schwanzer_points(data))
    if "leaster_points" in data:
        return _quick_leaster(data)
    return picker_outcome(settings, _quick_picker(settings, data))


def _answered_schwanzer(answer: dict[str, Any]) -> dict[str, Any]:
    """The table's answer to "each player's Schwanzer points", its shape checked."""
    points = answer.get("schwanzer")
    if (
        not isinstance(points, list)
        or len(points) != SEATS
        or any(type(value) is not int or value < 0 for value in points)
    ):
        raise ResultError("schwanzer must list one number for each of the five players")
    return answer


def _schwanzer_points(data: dict[str, Any]) -> list[int]:
    points: list[int] = data["schwanzer"]
    total = sum(points)
    low = TOTAL_SCHWANZER_POINTS - MAX_BLIND_SCHWANZER_POINTS
    if not low <= total <= TOTAL_SCHWANZER_POINTS:
        raise ResultError(
            f"the five hands hold {low} to {TOTAL_SCHWANZER_POINTS} Schwanzer points "
            f"between them (the blind holds the rest), got {total}"
        )
    return points


def _quick_leaster(data: dict[str, Any]) -> HandOutcome:
    points, tricks = data["leaster_points"], data["leaster_tricks"]
    if sum(points) != TOTAL_POINTS:
        raise ResultError(
            f"the card points must add up to {TOTAL_POINTS} (blind included), got {sum(points)}"
        )
    if sum(tricks) != TRICKS:
        raise ResultError(f"the players took {TRICKS} tricks between them, got {sum(tricks)}")
    for seat in range(SEATS):
        if points[seat] and not tricks[seat]:
            raise ResultError(
                f"{_seat_word(seat)} took no trick, so cannot have {points[seat]} points"
            )
    offender = _seat(data, "misplay")
    words = SAY("misplayed", offender=offender) if offender is not None else None
    return leaster_outcome(points, tricks, offender, words)


def _quick_picker(settings: Settings, data: dict[str, Any]) -> PickerResult:
    picker = data["picker"]
    partner = _seat(data, "partner")
    alone = result_flag(data, "alone")
    jack = jack_partner(settings)
    call = data.get("call", "alone" if alone else "jack" if jack else "ace")
    if (call in JACK_CALL_VALUES) != jack and call != "alone":
        house = "the holder of J♦ is the partner" if jack else "the picker calls an ace"
        raise ResultError(f"call: {call!r} is not a call where {house}")
    if alone != (call == "alone"):
        raise ResultError(f"a picker who goes alone calls nothing; got alone with call {call!r}")
    if partner == picker:
        raise ResultError("the picker cannot be their own partner")
    if alone and partner is not None:
        raise ResultError("a picker who goes alone has no partner")
    if not alone and partner is None:
        raise ResultError("name the partner (the seat that held the called card), or go alone")
    points, tricks = data["points"], data["tricks"]
    if not tricks and points:
        raise ResultError(
            f"the picking side took no trick, so it has no card points (its buried points "
            f"do not count), got {points}"
        )
    if tricks == TRICKS and points != TOTAL_POINTS:
        raise ResultError(
            f"the defenders took no trick, so the picking side has all {TOTAL_POINTS} "
            f"points, got {points}"
        )
    crack = _seat(data, "crack")
    recrack = result_flag(data, "recrack")
    blitz = result_flag(data, "blitz")
    if crack == picker:
        raise ResultError("the picker cannot crack; the picker recracks")
    if recrack and crack is None:
        raise ResultError("only a crack can be recracked")
    offender = _seat(data, "misplay")
    return PickerResult(
        picker=picker,
        partner=partner,
        call=call,
        points=points,
        picking_trick=tricks > 0,
        defending_trick=tricks < TRICKS,
        crack=crack,
        recrack=recrack,
        blitz=blitz,
        offender=offender,
        penalty=SAY("misplayed", offender=offender) if offender is not None else None,
    )


# ---------------------------------------------------------------------------
# The match
# ---------------------------------------------------------------------------


class SheepsheadTally(Tally):
    """Running totals per player, and the doubler carried after an all-pass hand."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.totals = [0] * SEATS
        self.doublers = 0  # all-pass hands waiting for the next scored hand

    @property
    def multiplier(self) -> int:
        """What the next hand counts: ×2 per doubler, added or multiplied."""
        if self.settings.get(DOUBLER_STACKING) == "add":
            return 1 + self.doublers
        return int(2**self.doublers)

    def add(self, outcome: HandOutcome) -> HandScore:
        if outcome.details.get("type") == "doubler":
            self.doublers += 1
            note = SAY("next_counts", multiplier=self.multiplier)
            return HandScore((0,) * SEATS, tuple(self.totals), (note,))
        multiplier = self.multiplier
        self.doublers = 0
        points = tuple(value * multiplier for value in outcome.points)
        self.totals = [total + value for total, value in zip(self.totals, points, strict=True)]
        notes = []
        if multiplier > 1:
            notes.append(SAY("doubler_times", multiplier=multiplier))
        return HandScore(points, tuple(self.totals), tuple(notes))
