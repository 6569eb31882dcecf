"""Money per point: what each player's total is worth and who pays whom."""

from __future__ import annotations

from collections.abc import Sequence


def point_value(ledger) -> int:
    """Cents a point is worth in this match (0: no money)."""
    option = ledger.game.money_option
    return int(ledger.settings.get(option) or 0) if option is not None else 0


def amount(cents: int) -> str:
    sign = "−" if cents < 0 else ""
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
