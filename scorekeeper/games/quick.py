"""Quick entry as data: the fields a game's result is entered with, and their one reader.

A game declares its quick-entry forms (one per kind of hand: played, everyone passed...)
as :class:`QuickForm` objects of :class:`QuickField`. The same declarations check a result
read from a file or typed into the app, build the entry form, show a quick-entry hand in
words and write the rules help. A game's own checks (trick sums, blind-nil eligibility)
run after these on values already known to be of the right type and range.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from scorekeeper.cards import Card, CardError, format_cards
from scorekeeper.phrases import Phrase

if TYPE_CHECKING:
    from scorekeeper.games.settings import Settings

FLAG = "flag"  # true or false; absent means false
TRUE = "true"  # must be true: its presence is the result (``{"doubler": true}``)
NUMBER = "number"  # a whole number from ``low`` to ``high`` (no bound where None), or a word
SEAT = "seat"  # a seat, counted from 0
SIDE = "side"  # a scoring side, counted from 0
CHOICE = "choice"  # one of ``choices``
SET = "set"  # a list of distinct ``choices``
CARD_LIST = "cards"  # ``low`` to ``high`` different cards, by their codes (``["QC", "JS"]``)
KINDS = (FLAG, TRUE, NUMBER, SEAT, SIDE, CHOICE, SET, CARD_LIST)

PER_SEAT = "seat"
PER_SIDE = "side"
SHOWN_LIMIT = 40


class ResultError(ValueError):
    """A quick-entry result that cannot have happened; ``said`` says why: words that name
    no player, or a phrase (what names one), made words with the names by
    :func:`scorekeeper.words.told`."""

    def __init__(self, said: str | Phrase) -> None:
        super().__init__(said if isinstance(said, str) else said.id)
        self.said = said


def _always(settings: Settings) -> bool:
    return True


def _any_word(settings: Settings, standing: Sequence[int], index: int, word: str) -> bool:
    return True


@dataclass(frozen=True)
class QuickField:
    """One key of a quick-entry result.

    ``per`` makes the value a list with one entry per seat (``"seat"``) or per scoring
    side (``"side"``). ``words`` are extra values a ``number`` accepts (``"nil"``).
    ``applies`` says when the match's settings let the field be used; ``applies_when``
    says it in words ("with the defend alone house option").
    """

    id: str
    title: str
    explanation: str
    kind: str
    required: bool = False
    low: int | None = 0
    high: int | None = None
    choices: tuple[str, ...] = ()
    words: tuple[str, ...] = ()
    per: str | None = None
    applies: Callable[[Settings], bool] = _always
    applies_when: str = ""
    in_form: bool = True  # False for what the app knows itself (the match's standing)
    offers: Callable[[Settings, Sequence[int], int, str], bool] = _any_word
    """Whether entry ``index`` (a seat or side) is offered the word or choice, given each
    side's total before the hand (Spades: a blind nil only to a side 100 behind)."""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"{self.id}: {self.kind!r} is not a kind of field ({KINDS})")

    def allowed(self, seats: int | None = None, sides: int | None = None) -> str:
        """The values one entry may take, in words (with the table's seats and sides)."""
        if self.kind in (FLAG, TRUE):
            return "true" if self.kind == TRUE else "true or false"
        if self.kind == SEAT:
            return "a seat, counted from 0" + (f" (0 to {seats - 1})" if seats else "")
        if self.kind == SIDE:
            return "a side, counted from 0" + (f" (0 to {sides - 1})" if sides else "")
        if self.kind == CHOICE:
            return "one of " + ", ".join(self.choices)
        if self.kind == SET:
            return "a list of any of " + ", ".join(self.choices)
        if self.kind == CARD_LIST:
            many = f"{self.low}" if self.low == self.high else f"{self.low} to {self.high}"
            return f"{many} different cards"
        if self.low is None and self.high is None:
            span = "a whole number"
        elif self.high is None:
            span = f"a whole number from {self.low}"
        else:
            span = f"{self.low} to {self.high}"
        return span + "".join(f", {word!r}" for word in self.words)

    def in_words(self, value: Any, names: Sequence[str], sides: Sequence[str]) -> str:
        """``value`` in a player's words: names for seats and sides, yes or no."""
        if self.per is not None and isinstance(value, list | tuple):
            labels = names if self.per == PER_SEAT else sides
            return ", ".join(
                f"{label} {self._one_word(entry, names, sides)}"
                for label, entry in zip(labels, value, strict=False)
            )
        return self._one_word(value, names, sides)

    def _one_word(self, value: Any, names: Sequence[str], sides: Sequence[str]) -> str:
        if value is None and self.kind not in (FLAG, TRUE):
            return "none"
        if self.kind in (FLAG, TRUE):
            return "yes" if value else "no"
        if self.kind == SEAT and isinstance(value, int) and 0 <= value < len(names):
            return names[value]
        if self.kind == SIDE and isinstance(value, int) and 0 <= value < len(sides):
            return sides[value]
        if self.kind == SET and isinstance(value, list | tuple):
            return " ".join(map(str, value)) or "none"
        if self.kind == CARD_LIST and isinstance(value, list | tuple):
            return format_cards(Card.parse(code) for code in value)
        return str(value)

    @property
    def starts_unchosen(self) -> bool:
        """Whether an entry form's list starts at "not chosen": a number or a word (a bid)
        must be chosen; a player's choice in a list starts at its first choice."""
        return bool(self.words) or not (self.required or (self.per and self.kind == CHOICE))

    def choices_for(
        self,
        names: Sequence[str],
        sides: Sequence[str],
        settings: Settings,
        standing: Sequence[int],
        index: int | None = None,
    ) -> list[tuple[str, Any]]:
        """What an entry form offers for this field as ``(label, value)``: the players or
        sides by name, the choices, or the numbers and words; for entry ``index`` of a
        list, only what the field offers that seat or side given ``standing``."""
        if self.kind == SEAT:
            return [(name, seat) for seat, name in enumerate(names)]
        if self.kind == SIDE:
            return [(name, side) for side, name in enumerate(sides)]
        words = self.choices if self.kind == CHOICE else self.words
        if index is not None:
            words = tuple(w for w in words if self.offers(settings, standing, index, w))
        if self.kind == CHOICE:
            return [(choice, choice) for choice in words]
        numbers = range(self.low or 0, (self.high or 0) + 1)
        return [(str(n), n) for n in numbers] + [(word, word) for word in words]

    def describe(self, seats: int | None = None, sides: int | None = None) -> str:
        """The field's type in words, with its list shape."""
        shape = {PER_SEAT: "one per seat: ", PER_SIDE: "one per side: "}.get(self.per or "", "")
        return shape + self.allowed(seats, sides)


@dataclass(frozen=True)
class QuickForm:
    """One kind of hand's result (``Played``, ``Everyone passed``): its fields, and a
    paragraph saying how to count when entering it. The form is chosen by ``key``, a
    field only it has (None for the form used when no other form's key is given)."""

    id: str
    title: str
    fields: tuple[QuickField, ...]
    key: str | None = None
    how_to_count: str = ""
    file_note: str = ""
    """What a file's result of this kind may hold that entering it does not offer (the
    rules help says it; the entry form does not)."""
    applies: Callable[[Settings], bool] = _always
    applies_when: str = ""
    offered: Callable[[Settings], bool] = _always
    """Whether the app offers the form to fill (an older form may still be read)."""


@dataclass(frozen=True, slots=True)
class QuickEntry:
    """What a game scores a quick-entry result from (``Game.score_quick``): the match's
    ``settings``, the ``dealer``, the ``form`` the result fills, its ``data`` (fields
    :func:`read_result` has checked) and each side's total before the hand (``standing``,
    None where not known)."""

    settings: Settings
    dealer: int
    form: QuickForm
    data: dict[str, Any]
    standing: Sequence[int] | None


def shown(value: Any) -> str:
    """A value as a message quotes it, cut when long."""
    if isinstance(value, int) and value.bit_length() > 4 * SHOWN_LIMIT:
        return "a number far too large"  # repr itself refuses past 4,300 digits
    text = repr(value)
    return text if len(text) <= SHOWN_LIMIT else text[: SHOWN_LIMIT - 1] + "…"


def choose_form(forms: Sequence[QuickForm], data: dict[str, Any]) -> QuickForm:
    """The form whose key ``data`` gives, else the keyless one."""
    keyed = [form for form in forms if form.key is not None and form.key in data]
    if len(keyed) > 1:
        keys = " and ".join(form.key for form in keyed if form.key)
        raise ResultError(f"{keys} are results of different kinds of hand: give one")
    if keyed:
        return keyed[0]
    return next((form for form in forms if form.key is None), forms[0])


def read_result(
    game_title: str,
    forms: Sequence[QuickForm],
    settings: Settings,
    data: Any,
    seats: int,
    sides: int,
) -> QuickForm:
    """Check ``data`` against the declared fields; return the form it fills.

    Raises :class:`ResultError` naming the key (and list index) that is unknown, of the
    wrong type, out of range, missing, or not played by this match.
    """
    if not isinstance(data, dict):
        raise ResultError(f"a {game_title} result is a set of named fields, not {shown(data)}")
    known = {field.id for form in forms for field in form.fields}
    for key in data:
        if key not in known:
            raise ResultError(
                f"{shown(key)} is not a {game_title} result field (valid: {', '.join(sorted(known))})"
            )
    form = choose_form(forms, data)
    if not form.applies(settings):
        raise ResultError(f"{form.title}: only {form.applies_when}")
    own = {field.id: field for field in form.fields}
    for key in data:
        if key not in own:
            raise ResultError(f"{key}: not part of a result of the kind {form.title!r}")
    for field in form.fields:
        if data.get(field.id) is None:  # null is the same as left out
            if field.required:
                raise ResultError(
                    f"{field.id}: missing ({field.title}: {field.describe(seats, sides)})"
                )
            continue
        if not field.applies(settings) and data[field.id] is not False:
            raise ResultError(f"{field.id}: only {field.applies_when}")
        _check_field(field, data[field.id], seats, sides)
    return form


def _check_field(field: QuickField, value: Any, seats: int, sides: int) -> None:
    if field.per is None:
        _check_value(field, value, field.id, seats, sides)
        return
    count = seats if field.per == PER_SEAT else sides
    if not isinstance(value, list | tuple) or len(value) != count:
        raise ResultError(
            f"{field.id}: expected a list of {count}, one per {field.per}, not {shown(value)}"
        )
    for index, entry in enumerate(value):
        _check_value(field, entry, f"{field.id}[{index}]", seats, sides)


def _check_value(field: QuickField, value: Any, place: str, seats: int, sides: int) -> None:
    def refuse() -> ResultError:
        return ResultError(f"{place}: expected {field.allowed(seats, sides)}, not {shown(value)}")

    kind = field.kind
    if kind in (FLAG, TRUE):
        if type(value) is not bool or (kind == TRUE and not value):
            raise refuse()
    elif kind == SET:
        if not isinstance(value, list | tuple):
            raise refuse()
        for entry in value:
            if not isinstance(entry, str) or entry not in field.choices:
                raise ResultError(
                    f"{place}: {shown(entry)} is not one of {', '.join(field.choices)}"
                )
        if len(set(value)) != len(value):
            raise ResultError(f"{place}: an entry is listed twice in {shown(value)}")
    elif kind == CHOICE:
        if not isinstance(value, str) or value not in field.choices:
            raise refuse()
    elif kind == CARD_LIST:
        if not isinstance(value, list | tuple) or not all(isinstance(c, str) for c in value):
            raise refuse()
        try:
            cards = {Card.parse(code) for code in value}
        except CardError:
            raise refuse() from None
        most = len(value) if field.high is None else field.high
        if len(cards) != len(value) or not (field.low or 0) <= len(cards) <= most:
            raise refuse()
    elif isinstance(value, str) and kind == NUMBER:
        if value.strip().lower() not in field.words:
            raise refuse()
    elif type(value) is not int:
        if isinstance(value, float) and not math.isfinite(value):
            raise ResultError(f"{place}: {value} is not a number a table can score")
        raise refuse()
    else:
        low, high = field.low, field.high
        if kind == SEAT:
            low, high = 0, seats - 1
        elif kind == SIDE:
            low, high = 0, sides - 1
        if (low is not None and value < low) or (high is not None and value > high):
            raise refuse()
