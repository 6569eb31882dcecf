"""A game's quick-entry forms as a web page's fields, and a posted form read back.

Made from the same declarations (:class:`~scorekeeper.games.quick.QuickForm`) the app's
quick-entry dialog and the result validator read: each form the match's settings offer,
each field that applies, each choice the field offers each player now. What is posted is
read into the game's result keys; whether it can have happened is the engine's to say.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.games.quick import FLAG, NUMBER, PER_SEAT, SEAT, SET, SIDE, TRUE, QuickField
from scorekeeper.ledger import Ledger
from scorekeeper.words import either

UNCHOSEN = ""  # the value of a list's "—"
LONGEST_VALUE = 40  # a posted value longer than this is no value a form offers


@dataclass(frozen=True)
class Input:
    """One input of a field: its form name, its label, and its choices (a list), or none
    (a yes/no box, a number box, or a fixed yes)."""

    name: str
    label: str
    choices: tuple[tuple[str, str], ...] = ()  # (label, value as posted)
    unchosen: bool = False  # the list starts at "—"
    low: int | None = None
    high: int | None = None


@dataclass(frozen=True)
class Field:
    id: str
    title: str
    explanation: str
    kind: str
    inputs: tuple[Input, ...]


@dataclass(frozen=True)
class Form:
    id: str
    title: str
    how_to_count: str
    fields: tuple[Field, ...]


def entry_forms(ledger: Ledger) -> list[Form]:
    """The forms the match's next hand may be entered with."""
    settings, game = ledger.settings, ledger.game
    names, sides = ledger.info.players, ledger.side_names
    forms = []
    for form in game.quick_forms:
        if not (form.applies(settings) and form.offered(settings)):
            continue
        fields = tuple(
            Field(f.id, f.title, f.explanation, f.kind, _inputs(f, ledger, names, sides))
            for f in form.fields
            if f.in_form and f.applies(settings)
        )
        forms.append(Form(form.id, form.title, form.how_to_count, fields))
    return forms


def _inputs(
    field: QuickField, ledger: Ledger, names: Sequence[str], sides: Sequence[str]
) -> tuple[Input, ...]:
    if field.per is None:
        return (_input(field, ledger, field.id, field.title, None),)
    labels = names if field.per == PER_SEAT else sides
    return tuple(
        _input(field, ledger, f"{field.id}.{index}", label, index)
        for index, label in enumerate(labels)
    )


def _input(field: QuickField, ledger: Ledger, name: str, label: str, index: int | None) -> Input:
    if field.kind in (FLAG, TRUE, SET):
        return Input(name, label, tuple((choice, choice) for choice in field.choices))
    if field.kind == NUMBER and not field.words:
        return Input(name, label, low=field.low, high=field.high)
    names, sides = ledger.info.players, ledger.side_names
    offered = field.choices_for(names, sides, ledger.settings, ledger.totals, index)
    return Input(
        name,
        label,
        tuple((text, str(value)) for text, value in offered),
        unchosen=field.starts_unchosen,
    )


class FormError(ValueError):
    """A posted form that is not one the page offers; the message says what, in words."""


def posted_result(
    ledger: Ledger, form_id: str, posted: Mapping[str, Sequence[str]]
) -> dict[str, Any]:
    """The game's result keys from a posted form (``posted``: each name's values); unset
    optional keys left out, as the app's dialog leaves them."""
    form = next((f for f in entry_forms(ledger) if f.id == form_id), None)
    if form is None:
        raise FormError("this kind of hand is not one this match plays")
    data: dict[str, Any] = {}
    for field in form.fields:
        declared = ledger.game.quick_field(field.id)
        values = [_value(declared, field, i, posted.get(i.name, ())) for i in field.inputs]
        if declared.per is None:
            if values[0] is not None:
                data[field.id] = values[0]
            continue
        left = [i.label for i, value in zip(field.inputs, values, strict=True) if value is None]
        if left:
            raise FormError(f"{field.title}: choose one for {either(left, 'and')}")
        data[field.id] = values
    return data


def _value(declared: QuickField, field: Field, box: Input, sent: Sequence[str]) -> Any:
    """One input's value (None: left unset)."""
    if any(len(value) > LONGEST_VALUE for value in sent):
        raise FormError(f"{field.title}: that is not one of the choices")
    if declared.kind == TRUE:
        return True
    if declared.kind == FLAG:
        return bool(sent)
    if declared.kind == SET:
        return list(sent)
    value = sent[-1].strip() if sent else UNCHOSEN
    if value == UNCHOSEN:
        return None
    if declared.kind == NUMBER and not declared.words:
        number = int(value) if value.lstrip("-").isdigit() else None
        low, high = box.low, box.high
        if (
            number is None
            or (low is not None and number < low)
            or (high is not None and number > high)
        ):
            span = f" from {low} to {high}" if low is not None and high is not None else ""
            raise FormError(f"{field.title}: enter a whole number{span}")
        return number
    if value not in {choice for _, choice in box.choices}:
        raise FormError(f"{field.title}: that is not one of the choices")
    if declared.kind in (SEAT, SIDE) or (declared.kind == NUMBER and value.lstrip("-").isdigit()):
        return int(value)
    return value
