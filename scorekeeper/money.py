"""Money per point: what a match's points are worth, hand by hand and in total, and who
pays whom. Amounts are whole cents; :func:`amount` writes them as a table reads them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from scorekeeper.games.base import Game
    from scorekeeper.games.outcome import HandScore
    from scorekeeper.games.settings import Settings


class Scoreboard(Protocol):
    """What money reads of a match (a ledger): its game, its settings and its totals."""

    @property
    def game(self) -> Game[Any]: ...

    @property
    def settings(self) -> Settings: ...

    @property
    def totals(self) -> tuple[int, ...]: ...


def point_value(ledger: Scoreboard) -> int:
    """Cents a point is worth in this match (0: no money)."""
    option = ledger.game.money_option
    return int(ledger.settings.get(option) or 0) if option is not None else 0


def hand_money(ledger: Scoreboard, score: HandScore) -> tuple[int, ...]:
    """Cents each side won (positive) or paid in the hand scored ``score``; zeros without
    money."""
    cents = point_value(ledger)
    return tuple(points * cents for points in score.points)


def balances(ledger: Scoreboard) -> tuple[int, ...]:
    """Cents each side is owed (positive) or owes over the match so far."""
    cents = point_value(ledger)
    return tuple(total * cents for total in ledger.totals)


def amount(cents: int, plus: bool = False) -> str:
    """Cents as money: ``1.25``, ``−0.50`` (one minus sign everywhere); ``+1.25`` with
    ``plus``, for money won."""
    sign = "−" if cents < 0 else "+" if plus and cents > 0 else ""
    return f"{sign}{abs(cents) // 100}.{abs(cents) % 100:02d}"


def settle(balances: Sequence[int]) -> list[tuple[int, int, int]]:
    """Payments ``(payer, payee, cents)`` that settle ``balances`` (positive: is owed),
    largest debts first; a balance that does not sum to zero leaves the rest unpaid."""
    debtors = sorted(((-b, i) for i, b in enumerate(balances) if b < 0), reverse=True)
    creditors = sorted(((b, i) for i, b in enumerate(balances) if b > 0), reverse=True)
    payments = []
    d = c = 0
    owed = [amount for amount, _ in debtors]
    due = [amount for amount, _ in creditors]
    while d < len(debtors) and c < len(creditors):
        paid = min(owed[d], due[c])
        payments.append((debtors[d][1], creditors[c][1], paid))
        owed[d] -= paid
        due[c] -= paid
        d += owed[d] == 0
        c += due[c] == 0
    return payments
