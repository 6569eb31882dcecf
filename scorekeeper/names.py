"""What a player's or a match's name may be: any text a person would write, within reason.

Markup, percent signs, emoji and right-to-left scripts are ordinary text here and are
kept exactly; what is refused is a name nobody could read on a score sheet: empty,
longer than :data:`MAX_NAME_LENGTH`, or holding control characters, half characters or the
invisible direction overrides that make one name look like another. Names that look alike
are one name (:func:`same_name`).
"""

from __future__ import annotations

import unicodedata

from scorekeeper.quote import shown

MAX_NAME_LENGTH = 64
_DIRECTION_OVERRIDES = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def name_problem(name: object) -> str | None:
    """Why ``name`` cannot be used as a name, or ``None`` when it can."""
    if not isinstance(name, str):
        return f"expected text, got {shown(name)}"
    if not name.strip():
        return "a name cannot be empty"
    if len(name) > MAX_NAME_LENGTH:
        return f"a name has at most {MAX_NAME_LENGTH} characters, this one has {len(name)}"
    for char in name:
        if unicodedata.category(char) == "Cs":
            return f"a name cannot hold half of a character (the lone surrogate U+{ord(char):04X})"
        if unicodedata.category(char) == "Cc" or char in _DIRECTION_OVERRIDES:
            return f"a name cannot hold the invisible character U+{ord(char):04X}"
    return None


def name_key(name: str) -> str:
    """What two names are compared by: the same letters however they were typed (NFC),
    without invisible format characters (zero-width spaces and joiners, direction marks),
    spaces at the ends or case. "Zoë" typed either way, and "Ann" with a zero-width space
    or a right-to-left mark, are one name."""
    visible = "".join(
        char for char in unicodedata.normalize("NFC", name) if unicodedata.category(char) != "Cf"
    )
    return visible.strip().casefold()


def same_name(first: str, second: str) -> bool:
    """Whether two names would look the same on a score sheet (see :func:`name_key`)."""
    return name_key(first) == name_key(second)


def check_name(name: object, where: str) -> str:
    """``name`` itself when it is usable; else ``ValueError`` naming ``where``."""
    problem = name_problem(name)
    if problem is None and isinstance(name, str):
        return name
    raise ValueError(f"{where}: {problem}")
