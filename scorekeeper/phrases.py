"""Words as data: a :class:`Phrase` is the id of a template and its arguments (seats,
cards, suits, numbers, rule ids, other phrases), never a sentence.

A game declares its templates in its own package (:class:`Phrases`); what an outcome,
a ruling or a score note says is kept and pushed as a phrase, and
:func:`scorekeeper.words.told` makes it text with the players' names when it is shown.

A template names its fields and how each reads after a colon: ``{picker:seat}`` a
player, ``{makers:side}`` players joined by ``&``, ``{winners:list}`` by commas,
``{unknown:either}`` by ``or``, ``{card:card}`` (``card nothing``: no card reads
``nothing``), ``{cards:cards}`` (``cards or``: joined by ``or``), ``{trump:suit}``
(``suit one``: a card of it, ``heart``; ``suit name``: ``hearts``), ``{open:suits or}``
suits by name joined by ``or``, ``{rule:rule}`` a rule's title (``rule lower``
in small letters), ``{game:game}`` a game's title, ``{kind:event}`` an event kind as a
table says it (``event a``: with its article, ``an exchange``), ``{value:shown}`` a
value as a file writes it (text in quotes; none given reads ``nothing``),
``{tricks:count trick}`` a counted noun, ``{parts:each ; }`` phrases
joined by what follows ``each``; a field without a kind is a number, a word or a phrase
as it is.
"""

from __future__ import annotations

import json
import string
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from scorekeeper.cards import Card

LEGACY = "legacy"
"""The id of words kept from an older engine (``{seat}`` for a player), shown as written."""

_TEMPLATES: dict[str, str] = {LEGACY: "{text}"}
_FIELDS: dict[str, dict[str, str]] = {LEGACY: {"text": ""}}
"""Each phrase's fields and how each reads (its kind, after the colon)."""


@dataclass(frozen=True, slots=True)
class Phrase:
    """What is said, as data: the template ``id`` and its arguments (JSON values or
    phrases)."""

    id: str
    args: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """``{"phrase": id, "args": {...}}``, nested phrases in the same form."""
        return {"phrase": self.id, "args": {key: _out(value) for key, value in self.args.items()}}

    @staticmethod
    def from_json(raw: Any) -> Phrase:
        """A phrase as :meth:`to_json` wrote it; text (an older engine's words) as
        :data:`LEGACY`. ``ValueError`` for anything else."""
        if isinstance(raw, str):
            return legacy(raw)
        if (
            not isinstance(raw, dict)
            or set(raw) != {"phrase", "args"}
            or not isinstance(raw["phrase"], str)
            or not isinstance(raw["args"], dict)
        ):
            raise ValueError("not a phrase")
        return Phrase(raw["phrase"], {key: _in(value) for key, value in raw["args"].items()})

    def canonical(self) -> Phrase:
        """The phrase as it reads back from JSON: this one when it already is."""
        if all(map(_read_back, self.args.values())):
            return self
        return Phrase.from_json(_plain(self.to_json()))


def legacy(text: str) -> Phrase:
    """Words an older engine stored (``{2}`` for the player in seat 2)."""
    return Phrase(LEGACY, {"text": text})


def _out(value: Any) -> Any:
    if isinstance(value, Phrase):
        return value.to_json()
    if isinstance(value, list):
        return [_out(item) for item in value]
    return value


def _in(value: Any) -> Any:
    if isinstance(value, dict) and set(value) == {"phrase", "args"}:
        return Phrase.from_json(value)
    if isinstance(value, list):
        return [_in(item) for item in value]
    return value


def _plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


_SCALARS = frozenset((str, int, float, bool, type(None)))


def _read_back(value: Any) -> bool:
    kind = type(value)
    if kind in _SCALARS:
        return True
    if kind is Phrase:
        return all(map(_read_back, value.args.values()))
    return kind is list and all(map(_read_back, value))


def _value(value: Any) -> Any:
    """An argument as a phrase keeps it: a card by its code, a suit by its name, a
    tuple (or the cards a generator gives) as a list."""
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Enum):
        return value.name.lower()
    if isinstance(value, tuple | list | Iterator):
        return [_value(item) for item in value]
    return value


class Phrases:
    """A game's templates, by name: ``Phrases("euchre", {"made": "{maker:seat} made
    trump"})``; calling it makes a phrase (``say("made", maker=3)``), its fields checked."""

    def __init__(self, prefix: str, templates: Mapping[str, str]) -> None:
        self.prefix = prefix
        for name, text in templates.items():
            key = f"{prefix}.{name}"
            if key in _TEMPLATES and _TEMPLATES[key] != text:
                raise ValueError(f"phrase {key} is declared twice")
            _TEMPLATES[key] = text
            _FIELDS[key] = {
                name: spec or ""
                for _, name, spec, _ in string.Formatter().parse(text)
                if name is not None
            }

    def id(self, name: str) -> str:
        """The id of the phrase ``name`` makes (to tell one phrase from another)."""
        return f"{self.prefix}.{name}"

    def __call__(self, name: str, **args: Any) -> Phrase:
        key = f"{self.prefix}.{name}"
        if _FIELDS[key].keys() != args.keys():
            raise TypeError(f"phrase {key} takes {sorted(_FIELDS[key])}, not {sorted(args)}")
        return Phrase(key, {arg: _value(value) for arg, value in args.items()})


def template(phrase_id: str) -> str | None:
    """The template of ``phrase_id`` (None: no game loaded declares it)."""
    return _TEMPLATES.get(phrase_id)


def phrase_ids() -> list[str]:
    """Every phrase declared by what is loaded (words kept from an older engine aside)."""
    return [key for key in _TEMPLATES if key != LEGACY]


def phrase_fields(phrase_id: str) -> dict[str, str]:
    """The fields of ``phrase_id`` and the kind of each (``seat``, ``count trick``, ``""``)."""
    return dict(_FIELDS[phrase_id])


SAY = Phrases(
    "words",
    {
        "semicolons": "{parts:each ; }",
        "commas": "{parts:each , }",
        "run": "{parts:each}",
        "player": "{seat:seat}",
        "players": "{seats:list}",
        "side": "{seats:side}",
    },
)
"""Phrases every game may use: ``SAY("commas", parts=[...])``."""


def joined(parts: list[Phrase], by: str = "commas") -> Phrase:
    """Phrases said one after the other, separated by commas (``semicolons``; ``run``:
    nothing between them)."""
    return SAY(by, parts=parts)
