"""The event part of the match file's schema and of its documentation, generated from
the actions every game declares (:mod:`scorekeeper.games.actions`): the kinds, and for
each kind the fields it may carry and their types. ``python -m scorekeeper.match_schema``
writes them into ``resources/match.schema.json`` and the table of kinds in
``docs/match-format.md``; a test checks the stored files are what this generates.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from scorekeeper.events import SUIT_NAMES
from scorekeeper.games import all_games, event_actions
from scorekeeper.games.actions import (
    CARD,
    CARDS,
    DATA,
    FIELD_TYPES,
    FLAG,
    NUMBER,
    REF,
    SEAT,
    SUIT,
    WORD,
    Action,
)
from scorekeeper.resources import resource_path

TYPES: dict[str, dict[str, Any]] = {
    SEAT: {"$ref": "#/$defs/seat"},
    CARD: {"$ref": "#/$defs/card"},
    CARDS: {"type": "array", "maxItems": 52, "items": {"$ref": "#/$defs/card"}},
    NUMBER: {"type": "integer"},
    WORD: {"type": "string", "maxLength": 20},
    SUIT: {"title": "a suit", "enum": ["clubs", "diamonds", "hearts", "spades"]},
    FLAG: {"type": "boolean"},
    REF: {"type": "integer", "minimum": 0},
    DATA: {
        "description": "A result's fields (quick entry) or, for a correction, the event it becomes.",
        "type": "object",
    },
}
"""Each type an action's field is declared as, in the schema's words."""
ANY_FIELD = {
    name: TYPES[types[0]] if len(types) == 1 else {"type": ["integer", "string"], "maxLength": 20}
    for name, types in FIELD_TYPES.items()
}
"""Every field an event may have, in any kind (a value is a number or a word)."""


def kind_fields() -> dict[str, dict[str, str]]:
    """Each kind's fields and their types, over every declaration of the kind (two games
    may record the same kind); ``ValueError`` when two declare one field's type apart."""
    found: dict[str, dict[str, str]] = {}
    for kind, declared in event_actions().items():
        fields = found[kind] = {}
        for action in declared:
            for name, type_ in action.fields.items():
                if fields.setdefault(name, type_) != type_:
                    raise ValueError(f"{kind}.{name} is declared as {fields[name]} and {type_}")
    return found


def event_schema() -> dict[str, Any]:
    """The schema of one event: its kind, the fields any event may have, and for each
    kind only the fields it declares, each of its declared type."""
    fields = kind_fields()
    return {
        "type": "object",
        "required": ["kind"],
        "additionalProperties": False,
        "properties": {"kind": {"title": "an event kind", "enum": list(fields)}, **ANY_FIELD},
        "allOf": [
            {
                "if": {"required": ["kind"], "properties": {"kind": {"const": kind}}},
                "then": {
                    "properties": {
                        "kind": True,
                        **{name: TYPES[type_] for name, type_ in sorted(declared.items())},
                    },
                    "additionalProperties": False,
                },
            }
            for kind, declared in fields.items()
        ],
    }


def generated(stored: str) -> str:
    """The schema file's text with its event part as the declarations make it."""
    schema = json.loads(stored)
    schema["$defs"]["event"] = event_schema()
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


TYPE_WORDS = {
    SEAT: "a seat",
    CARD: "a card",
    CARDS: "cards",
    NUMBER: "a number",
    WORD: "a word",
    SUIT: " ".join(f"`{name}`" for name in SUIT_NAMES),
    FLAG: "true or false",
    DATA: "an object",
    REF: "an event's index",
}
BEGIN = "<!-- the kinds below are generated from the games' declarations: "
BEGIN += "python -m scorekeeper.match_schema -->"
END = "<!-- end of the generated kinds -->"


def _recorded_in(action: Action) -> str:
    games = [game.title for game in all_games() if action in game.actions]
    if not games:
        return "every game (the table's)"
    return "every game" if len(games) == len(all_games()) else ", ".join(games)


def kinds_table() -> list[str]:
    """The documentation's table of kinds: one row per declaration of a kind."""
    rows = [
        "| `kind` | Recorded in | Fields | What it records |",
        "|--------|-------------|--------|-----------------|",
    ]
    for kind, declared in event_actions().items():
        for action in declared:
            fields = ", ".join(f"`{name}` ({TYPE_WORDS[t]})" for name, t in action.fields.items())
            about = action.about.replace("|", "\\|")
            rows.append(f"| `{kind}` | {_recorded_in(action)} | {fields} | {about} |")
    return rows


def documented(stored: str) -> str:
    """The documentation's text with its table of kinds as the declarations make it."""
    before, rest = stored.split(BEGIN, 1)
    _, after = rest.split(END, 1)
    return "\n".join([before + BEGIN, *kinds_table(), END + after])


def main() -> int:
    path = resource_path("match.schema.json")
    path.write_text(generated(path.read_text(encoding="utf-8")), encoding="utf-8")
    doc = Path(__file__).resolve().parent.parent / "docs" / "match-format.md"
    doc.write_text(documented(doc.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"wrote {path.name} and {doc.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
