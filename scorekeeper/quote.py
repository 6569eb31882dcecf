"""Values quoted in messages: shown as written, but never at full length, and never with a
character that cannot be seen or that a terminal would act on."""

from __future__ import annotations

import json
import re
from typing import Any

MAX_SHOWN = 40

_TERMINAL_CONTROLS = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069"
    "\ud800-\udfff]"
)
"""What a terminal acts on instead of showing: control characters (all but the line break
and the tab), line separators, direction marks and half characters."""


def escape(char: str) -> str:
    """A character as a JSON escape (``\\u200b``), as it could be written in a match file."""
    code = ord(char)
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    high, low = divmod(code - 0x10000, 0x400)
    return f"\\u{0xD800 + high:04x}\\u{0xDC00 + low:04x}"


def visible(text: str) -> str:
    """``text`` with every character that cannot be seen written as its escape: controls,
    zero-width and direction marks, half characters, unassigned ones, and separators and
    spaces other than the plain space (what Python does not count as printable)."""
    return "".join(char if char.isprintable() else escape(char) for char in text)


def terminal_safe(text: str) -> str:
    """``text`` with what a terminal would act on written as its escape; line breaks and
    tabs are kept."""
    return _TERMINAL_CONTROLS.sub(lambda found: escape(found.group()), text)


def cut(text: str, limit: int = MAX_SHOWN) -> str:
    """``text`` itself when short, else its start and how much was left out."""
    if len(text) <= limit:
        return text
    return f"{text[: limit - 1]}… ({len(text):,} characters)"


def shown(value: Any, limit: int = MAX_SHOWN) -> str:
    """A value as it was written in the file (text in quotes, anything invisible as its
    escape: ``"A\\u200bnn"``), cut to ``limit``."""
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif value is None:
        text = "null"
    elif isinstance(value, int) and value.bit_length() > 1000:
        text = f"a number of about {int(value.bit_length() * 0.30103) + 1:,} digits"
    elif isinstance(value, str | int | float | list | dict):
        text = json.dumps(value, ensure_ascii=False, default=str)
    else:
        text = str(value)
    return cut(visible(text), limit)
