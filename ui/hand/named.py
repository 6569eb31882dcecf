"""A card typed after a player's name (``di 2c``, ``Di: 2c``): whose card it is, for a
trick the rules let be played in any seat order."""

from __future__ import annotations

import re
from collections.abc import Sequence

_NAME_FIRST = re.compile(r"\s*([^\s:]+)(?:\s*:\s*|\s+)(\S.*?)\s*")


def named_seats(text: str, names: Sequence[str]) -> tuple[str, tuple[int, ...], str]:
    """The word typed first, the seats whose player's name starts with it (any case; the
    one it names in full, if any), and the rest of the text; no seats when the text does
    not start with a word and something after it."""
    match = _NAME_FIRST.fullmatch(text)
    if match is None:
        return "", (), text
    word, rest = match.groups()
    typed = word.casefold()
    seats = tuple(seat for seat, name in enumerate(names) if name.casefold().startswith(typed))
    exact = tuple(seat for seat in seats if names[seat].casefold() == typed)
    return word, exact or seats, rest
