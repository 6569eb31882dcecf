"""A match's rules as a table chose them: the house options a game offers, its named
presets, and a match's settings (its preset and the options it changed)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class HouseOption:
    """A rule a table may change: its ``choices`` are stored values, ``labels`` (one for
    each choice, in order) the words a person reads for them; without labels a choice
    reads as itself (a number)."""

    id: str
    title: str
    explanation: str
    default: Any = False
    choices: tuple[Any, ...] = (False, True)
    labels: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.labels and len(self.labels) != len(self.choices):
            raise ValueError(f"option {self.id}: one label for each choice")

    def label(self, choice: Any) -> str:
        """The words for ``choice``."""
        if self.labels and choice in self.choices:
            return self.labels[self.choices.index(choice)]
        return str(choice)


@dataclass(frozen=True, slots=True)
class Preset:
    """A named set of rules a table plays: ``description`` says in a short paragraph
    which rules differ from the game's other presets. ``fixed`` names the house options
    the preset plays one way, each with its value (a new match shows them so, not to be
    changed); ``unused`` those that do not apply under it (not offered)."""

    id: str
    title: str
    description: str
    fixed: tuple[tuple[str, Any], ...] = ()
    unused: tuple[str, ...] = ()

    def fixes(self, option: HouseOption) -> bool:
        return any(option_id == option.id for option_id, _value in self.fixed)

    def fixed_value(self, option: HouseOption) -> Any:
        """The value the preset plays ``option`` at (``LookupError`` if it does not fix it)."""
        for option_id, value in self.fixed:
            if option_id == option.id:
                return value
        raise LookupError(f"the {self.title} preset does not fix {option.title}")

    def offers(self, option: HouseOption) -> bool:
        """Whether ``option`` applies under the preset (fixed or not)."""
        return option.id not in self.unused


@dataclass(frozen=True)
class Settings:
    """A match's preset and house options (only options that differ from the default)."""

    preset: str
    options: dict[str, Any] = field(default_factory=dict)

    def get(self, option: HouseOption) -> Any:
        return self.options.get(option.id, option.default)
