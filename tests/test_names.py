"""Names that look the same are one name; text holding half a character is no name."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scorekeeper.match import MatchInfo
from scorekeeper.names import name_problem, same_name
from tests.storage.samples import euchre_info


@pytest.mark.parametrize(
    ("first", "second"),
    [
        pytest.param("Zo\u00eb", "Zoe\u0308", id="Zoë composed and decomposed"),
        pytest.param("Ann", "Ann\u200b", id="Ann and Ann with a zero-width space"),
        pytest.param("Ann", "\u200fAnn", id="Ann and Ann with a right-to-left mark"),
        pytest.param("Ann", "A\u200dnn", id="Ann and Ann with a zero-width joiner"),
        pytest.param("Ann", " ann ", id="Ann and ann with spaces"),
    ],
)
def test_look_alike_names_are_one_name(first, second):
    assert same_name(first, second)
    info = replace(euchre_info(), players=(first, second, "Cy", "Di"))
    with pytest.raises(ValueError, match="sits at two seats"):
        info.validate()


@pytest.mark.parametrize(
    ("first", "second"),
    [
        pytest.param("Ann", "Anne", id="Ann and Anne"),
        pytest.param("Zoe", "Zo\u00eb", id="Zoe and Zoë"),
    ],
)
def test_different_names_stay_different(first, second):
    assert not same_name(first, second)
    replace(euchre_info(), players=(first, second, "Cy", "Di")).validate()


def test_a_lone_surrogate_is_no_name():
    assert "half of a character" in name_problem("\ud800nn")


@pytest.mark.parametrize("day", ["2024-02-31", "2023-02-29", "2024-13-01"])
def test_a_match_played_on_a_day_not_on_the_calendar_is_refused(day):
    info: MatchInfo = replace(euchre_info(), played_on=day)
    with pytest.raises(ValueError, match="is not a day on the calendar"):
        info.validate()
