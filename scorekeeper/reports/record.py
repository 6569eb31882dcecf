"""Rule ids out of the words a person reads."""

from __future__ import annotations

from collections.abc import Iterable

from scorekeeper.rules import Rule


def without_rule_ids(text: str, rules: Iterable[Rule]) -> str:
    """``text`` with each rule id in it replaced by the rule's title ("Renege penalty:
    Di reneged"), and "Title (id)" by the title alone: ids are for files, not readers."""
    for rule in rules:
        if rule.id in text:
            text = text.replace(f"{rule.title} ({rule.id})", rule.title)
            text = text.replace(f"({rule.id}, ", "(").replace(rule.id, rule.title)
    return text
