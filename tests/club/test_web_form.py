"""A table page's quick-entry forms are made from each game's own declarations, and
whatever a phone posts from them is read into the game's result keys and judged by the
engine: accepted, or refused with a ValueError (one line), never anything else."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.club.web.form import FormError, Input, entry_forms, posted_result
from scorekeeper.games import GAME_MODULES, get_game
from scorekeeper.games.quick import FLAG, NUMBER, SET, TRUE
from scorekeeper.ledger import Ledger
from scorekeeper.match import MatchInfo

NAMES = ("Ann", "Ben", "Cy", "Di", "Ed")
MATCHES = [
    pytest.param(game_id, preset.id, id=f"{get_game(game_id).title}, {preset.title}")
    for game_id in GAME_MODULES
    for preset in get_game(game_id).presets
]


def ledger(game_id: str, preset: str) -> Ledger:
    game = get_game(game_id)
    return Ledger(MatchInfo("Table", game_id, game.settings(preset), NAMES[: game.seats]))


@pytest.mark.parametrize(("game_id", "preset"), MATCHES)
def test_every_field_the_game_offers_is_on_the_page_by_its_title(game_id, preset):
    match = ledger(game_id, preset)
    forms = {form.id: form for form in entry_forms(match)}
    for declared in match.game.quick_forms:
        offered = declared.applies(match.settings) and declared.offered(match.settings)
        assert (declared.id in forms) == offered
        if not offered:
            continue
        titles = [field.title for field in forms[declared.id].fields]
        assert titles == [
            f.title for f in declared.fields if f.in_form and f.applies(match.settings)
        ]


def _posted(draw: st.DrawFn, kind: str, box: Input) -> list[str]:
    if kind == TRUE:
        return []
    if kind == FLAG:
        return draw(st.sampled_from([[], ["yes"]]))
    if kind == SET:
        return draw(st.lists(st.sampled_from([v for _, v in box.choices]), unique=True))
    if kind == NUMBER and not box.choices:
        low = -3 if box.low is None else box.low
        high = 30 if box.high is None else box.high
        return [] if draw(st.booleans()) else [str(draw(st.integers(low, high)))]
    values = [v for _, v in box.choices] + ([""] if box.unchosen else [])
    return [draw(st.sampled_from(values))]


@st.composite
def filled(draw: st.DrawFn, match: Ledger) -> tuple[str, dict[str, list[str]]]:
    """A form of the page as a phone may post it: any choice each input offers."""
    form = draw(st.sampled_from(entry_forms(match)))
    posted: dict[str, list[str]] = {}
    for field in form.fields:
        for box in field.inputs:
            posted[box.name] = _posted(draw, field.kind, box)
    return form.id, posted


@pytest.mark.parametrize(("game_id", "preset"), MATCHES)
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_anything_the_form_offers_is_read_and_judged_by_the_engine(game_id, preset, data):
    match = ledger(game_id, preset)
    form_id, posted = data.draw(filled(match))
    try:
        result: dict[str, Any] = posted_result(match, form_id, posted)
    except FormError as refused:  # a list left unchosen: named in words
        assert "choose one for" in str(refused)
        return
    declared = {f.id for form in match.game.quick_forms if form.id == form_id for f in form.fields}
    assert set(result) <= declared
    hands = len(match.hands)
    try:
        match.quick(result)
    except ValueError as refused:
        assert str(refused) and "\n" not in str(refused) and len(match.hands) == hands
    else:
        assert len(match.scores) == hands + 1
