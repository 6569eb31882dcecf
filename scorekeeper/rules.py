"""Rules as data: each rule the engine enforces has a stable id, a title and its text.

The adjudicator quotes these objects in its rulings and the help pane lists them,
so what a player reads in a ruling is always the rule that was applied.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    title: str
    text: str
    refuses: bool = False
    """A breach cannot stand at the table: the event is refused, not ruled on."""

    def __str__(self) -> str:
        return f"{self.id}: {self.text}"


_LOADED: dict[str, Rule] = {}


def loaded_rule(rule_id: str) -> Rule | None:
    """The rule ``rule_id`` of any rule book loaded (None: no game loaded has it)."""
    return _LOADED.get(rule_id)


class RuleBook:
    """The rules of one game, in the order a player reads them."""

    def __init__(self, game: str, title: str, rules: list[Rule]) -> None:
        self.game = game
        self.title = title
        self._rules = {rule.id: rule for rule in rules}
        if len(self._rules) != len(rules):
            raise ValueError(f"duplicate rule id in {game}")
        _LOADED.update(self._rules)

    def __getitem__(self, rule_id: str) -> Rule:
        return self._rules[rule_id]

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self._rules

    def __iter__(self) -> Iterator[Rule]:
        return iter(self._rules.values())

    def __len__(self) -> int:
        return len(self._rules)
