"""Engine sentences made readable on screen: players' names for seat numbers and rule titles
for rule ids (the ids stay in files and in the rules help)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from scorekeeper.rules import RuleBook
from scorekeeper.words import told

_ONE_OF_MANY = re.compile(r"(?<![\d.])1 (trick|point|bag|hand)s\b")
_RULE_ID = re.compile(r"\b[a-z][a-z0-9_]*(?:\.[a-z0-9_-]+)+\b")


def readable(text: str, rules: RuleBook, names: Sequence[str]) -> str:
    """``text`` with each known rule id replaced by the rule's title, seats by names, and
    ``1 tricks`` read as ``1 trick``."""
    titled = _RULE_ID.sub(
        lambda found: rules[found.group()].title if found.group() in rules else found.group(),
        text,
    )
    return _ONE_OF_MANY.sub(r"1 \1", told(titled, names))
