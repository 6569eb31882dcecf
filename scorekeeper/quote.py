"""Values quoted in messages: shown as written, but never at full length."""

from __future__ import annotations

import json
from typing import Any

MAX_SHOWN = 40


def cut(text: str, limit: int = MAX_SHOWN) -> str:
    """``text`` itself when short, else its start and how much was left out."""
    if len(text) <= limit:
        return text
    return f"{text[: limit - 1]}… ({len(text):,} characters)"


def shown(value: Any, limit: int = MAX_SHOWN) -> str:
    """A value as it was written in the file (text in quotes), cut to ``limit``."""
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
    return cut(text.encode("utf-8", "backslashreplace").decode("utf-8"), limit)
