"""What Spades shows on its reports: each side's bid, tricks and bags in a hand's words;
a table of every player's bid and tricks (nils marked), each side's bags and running bag
count, and how each side's points are made up ("set −50, {3} nil failed −50")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, partial

from scorekeeper.games.report import (
    Cell,
    Column,
    GameReport,
    ReportHand,
    ReportSection,
    SummaryField,
)
from scorekeeper.games.spades.phrases import SAY
from scorekeeper.games.spades.scoring import BAG_CYCLE, BAG_CYCLE_PENALTY
from scorekeeper.phrases import Phrase, joined
from scorekeeper.words import signed

MADE, FAILED = "✓", "✗"
BAG_WARNING = 7
"""A running bag count from which the sheet marks it (!): the side nears ten bags."""


@dataclass(frozen=True, slots=True)
class SpadesResult:
    """A hand's Spades facts, read once from its outcome's details."""

    bids: tuple[int, ...]  # per seat, 0 = nil
    blind: tuple[bool, ...]
    tricks: tuple[int, ...]  # per seat, as taken
    side_bids: tuple[int, ...]
    side_tricks: tuple[int, ...]  # per side, as counted after a renege penalty
    set: tuple[bool, ...]  # per side
    bags: tuple[int, ...]  # per side, this hand
    nil_made: tuple[bool | None, ...]  # per seat: None when the seat did not bid nil

    @staticmethod
    def of(hand: ReportHand) -> SpadesResult:
        details = hand.details
        return SpadesResult(
            bids=tuple(details["bids"]),
            blind=tuple(details["blind"]),
            tricks=tuple(details["tricks"]),
            side_bids=tuple(details["side_bids"]),
            side_tricks=tuple(details["side_tricks"]),
            set=tuple(contract == "set" for contract in details["contracts"]),
            bags=tuple(details["bags"]),
            nil_made=tuple(
                None if bid != 0 else tricks == 0
                for bid, tricks in zip(details["bids"], details["tricks"], strict=True)
            ),
        )


def _nil_words(result: SpadesResult, seat: int) -> Phrase:
    kind = "blind_nil" if result.blind[seat] else "nil"
    return SAY(kind, seat=seat, how=SAY("made" if result.nil_made[seat] else "failed"))


def words(hand: ReportHand) -> Phrase:
    """``Ann & Cy 5 bid, 6 took, 1 bag; Di nil failed``."""
    result = SpadesResult.of(hand)
    said = []
    for side, seats in enumerate(hand.sides):
        counts = {"side": seats, "bid": result.side_bids[side], "took": result.side_tricks[side]}
        if result.set[side]:
            said.append(SAY("sheet_side_set", **counts))
        elif result.bags[side]:
            said.append(SAY("sheet_side_bags", **counts, bags=result.bags[side]))
        else:
            said.append(SAY("sheet_side", **counts))
    said += [
        _nil_words(result, seat) for seat, made in enumerate(result.nil_made) if made is not None
    ]
    return joined(said, "semicolons")


def points_split(hand: ReportHand) -> list[Phrase]:
    """How each side's points are made up: ``Ann & Cy: set −50, Di nil failed −50``."""
    result = SpadesResult.of(hand)
    lines = []
    for side, seats in enumerate(hand.sides):
        bid = result.side_bids[side]
        contract = -10 * bid if result.set[side] else 10 * bid
        parts = (
            [SAY("tricks_counted", tricks=result.side_tricks[side])] if hand.outcome.penalty else []
        )
        if bid:
            how = SAY("set" if result.set[side] else "made")
            parts.append(SAY("contract", how=how, points=contract))
        nils = [seat for seat in seats if result.nil_made[seat] is not None]
        rest = hand.outcome.points[side] - contract
        bags = _bag_points(rest, result.bags[side], bool(nils))
        if result.bags[side]:
            parts.append(SAY("bags", bags=result.bags[side], points=bags))
        weight = sum(_nil_points(result, seat, 1) for seat in nils)
        for seat in nils:
            points = _nil_points(result, seat, (rest - bags) // weight) if weight else None
            nil = _nil_words(result, seat)
            parts.append(nil if points is None else SAY("nil_points", nil=nil, points=points))
        cycle = hand.points[side] - hand.outcome.points[side]
        if cycle:
            parts.append(SAY("cycle", cycle=BAG_CYCLE, points=cycle))
        lines.append(SAY("split", side=seats, parts=joined(parts) if parts else SAY("nothing")))
    return lines


def _bag_points(rest: int, bags: int, nils: bool) -> int:
    """What a side's bags scored: +1 each, or −1 each under the house option; with a nil
    on the side, the sign that leaves the nils a multiple of 50."""
    if not nils:
        return rest
    return bags if (rest - bags) % 50 == 0 else -bags


def _nil_points(result: SpadesResult, seat: int, value: int) -> int:
    points = value * (2 if result.blind[seat] else 1)
    return points if result.nil_made[seat] else -points


NO_BID = "–"
"""A classic bid cell of a player whose partner named the side's contract."""


def _bid(result: SpadesResult, seat: int) -> str:
    bid = result.bids[seat]
    if bid is None:
        return NO_BID
    if result.nil_made[seat] is None:
        return str(bid)
    return "blind nil" if result.blind[seat] else "nil"


def _took(result: SpadesResult, seat: int) -> str:
    made = result.nil_made[seat]
    mark = "" if made is None else f" {MADE if made else FAILED}"
    return f"{result.tricks[seat]}{mark}"


def row(hand: ReportHand, warned: bool = True) -> Sequence[Cell]:
    """Each player's bid and tricks; each side's bid (its contract in ``classic``), bags
    and bag count (marked when ``warned`` and near ten), points and running total; the
    points split with any penalty and its reason."""
    result = SpadesResult.of(hand)
    cells: list[Cell] = []
    for seat in range(len(result.bids)):
        cells += [_bid(result, seat), _took(result, seat)]
    for side, count in enumerate(hand.running["bags"]):
        near = warned and count >= BAG_WARNING
        bags = f"{count}!" if near else str(count)
        cells += [result.side_bids[side], result.bags[side], bags]
        cells += [signed(hand.points[side]), signed(hand.totals[side], plus=False)]
    penalty = [SAY("penalty_line", penalty=hand.outcome.penalty)] if hand.outcome.penalty else []
    cells.append(penalty + points_split(hand))
    return cells


def bags_this_hand(hand: ReportHand) -> Sequence[int] | None:
    bags = hand.details["bags"]
    return bags if any(bags) else None


def _report(bag_cycle: bool, contracts: bool) -> GameReport:
    """The report, with the ten-bag warning where ten bags cost points (not under the
    ``bag_point`` house option, where each bag is −1 and ten bags cost nothing more);
    with ``contracts`` (``classic`` in partnerships) a side's bid is its contract."""
    nil_key = f"Bid “nil” and “blind nil”: {MADE} made, {FAILED} failed."
    bid_key = (
        f" A side's bid is the contract it named; {NO_BID}: no bid of one's own."
        if contracts
        else " A side's bid is its players' bids together."
    )
    cycle_key = (
        f" A bag count marked ! is {BAG_WARNING} or more: at {BAG_CYCLE} the side loses "
        f"{BAG_CYCLE_PENALTY}."
    )
    return GameReport(
        words=words,
        sections=(
            ReportSection(
                "Bids, tricks, bags and score",
                (
                    Column("bid", each="seat", width=24),
                    Column("took", each="seat", width=24),
                    Column("bid", each="side", width=22),
                    Column("bags", each="side", width=24),
                    Column("so far", each="side", width=24),
                    Column("score", each="side", width=24),
                    Column("total", each="side", width=24),
                    Column("Points made up of", "words"),
                ),
                partial(row, warned=bag_cycle),
                key=nil_key + bid_key + (cycle_key if bag_cycle else ""),
                words_below=True,
            ),
        ),
        summary_fields=(SummaryField("Bags this hand", bags_this_hand),),
    )


@cache
def report(bag_cycle: bool, contracts: bool) -> GameReport:
    """The report for a match's settings (see :func:`_report`)."""
    return _report(bag_cycle, contracts)


REPORT = report(bag_cycle=True, contracts=False)
