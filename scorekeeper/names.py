"""What a player's or a match's name may be: any text a person would write, within reason.

Markup, percent signs, emoji and right-to-left scripts are ordinary text here and are
kept exactly; what is refused is a name nobody could read on a score sheet: empty,
longer than :data:`MAX_NAME_LENGTH`, or holding control characters or the invisible
direction overrides that make one name look like another.
"""

from __future__ import annotations

import unicodedata

MAX_NAME_LENGTH = 64
_DIRECTION_OVERRIDES = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def name_problem(name: object) -> str | None:
    """Why ``name`` cannot be used as a name, or ``None`` when it can."""
    if not isinstance(name, str):
        return f"expected text, got {type(name).__name__}"
    if not name.strip():
        return "a name cannot be empty"
    if len(name) > MAX_NAME_LENGTH:
        return f"a name has at most {MAX_NAME_LENGTH} characters, this one has {len(name)}"
    for char in name:
        if unicodedata.category(char) == "Cc" or char in _DIRECTION_OVERRIDES:
            return f"a name cannot hold the invisible character U+{ord(char):04X}"
    return None


def check_name(name: object, where: str) -> str:
    """``name`` itself when it is usable; else ``ValueError`` naming ``where``."""
    problem = name_problem(name)
    if problem is not None:
        raise ValueError(f"{where}: {problem}")
    return name
