"""Every option a format declares is set at the director's desk, as hands do: each
option's field, built from the format's own declaration, is changed with the keys, the
format is used, and the club database holds what the desk shows (and a desk opened
again shows it too)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QCheckBox, QComboBox, QSpinBox

from scorekeeper.club import tournament as t
from scorekeeper.club.formats import formats
from scorekeeper.club.formats.base import Format, Option
from scorekeeper.games.euchre import club as progressive_euchre
from tests.ui.test_desk import (
    choose,
    click,
    focus,
    held_format,
    open_tab,
    opened_desk,
    option_field,
    shown_format,
)
from tests.ui.test_desk_passes import screenshots


def other_choice(option: Option) -> Any:
    """A choice that is not the option's default: the last one, or the first."""
    values = [value for value, _ in option.choices]
    return values[-1] if values[-1] != option.default else values[0]


def change(qtbot, desk, option: Option) -> None:
    """Change the option's field to :func:`other_choice` with the keys."""
    editor = option_field(desk, option.title).editor
    wanted = other_choice(option)
    if isinstance(editor, QCheckBox):
        choose(qtbot, desk, option.title, " ")
    elif isinstance(editor, QSpinBox):
        choose(qtbot, desk, option.title, str(wanted))
    else:
        assert isinstance(editor, QComboBox)
        focus(qtbot, editor)
        last = [value for value, _ in option.choices].index(wanted) == len(option.choices) - 1
        QTest.keyClick(editor, Qt.Key.Key_End if last else Qt.Key.Key_Home)


@pytest.mark.parametrize("fmt", formats(), ids=lambda fmt: fmt.title)
def test_every_option_the_format_declares_is_set_at_the_desk(
    qtbot, admin, event, tmp_path, fmt: Format
):
    desk = opened_desk(qtbot, admin, event, tmp_path)
    focus(qtbot, desk.format_choice.format_box)
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Home)
    for _ in range(formats().index(fmt)):
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Down)
    assert [f.option.title for f in desk.format_choice.fields] == [o.title for o in fmt.options]
    assert desk.format_choice.about.text() == fmt.description
    for option in fmt.options:
        change(qtbot, desk, option)
    click(qtbot, desk.set_format)

    stored, settings, _ = t.event_format(admin, event.event)
    assert stored is fmt
    assert settings == {option.id: other_choice(option) for option in fmt.options}
    assert shown_format(desk) == held_format(admin, event.event)
    words = "; ".join(f"{o.title}: {o.label(other_choice(o))}" for o in fmt.options)
    assert desk.message.text() == f"{fmt.title}. {words}."
    desk.close()
    again = opened_desk(qtbot, admin, event, tmp_path)
    assert shown_format(again) == held_format(admin, event.event)


def test_winners_move_up_with_six_hands_fixed_byes_and_loner_scoring(
    qtbot, qapp, admin, event, tmp_path
):
    desk = opened_desk(qtbot, admin, event, tmp_path)
    choose(qtbot, desk, "Movement", "w")
    choose(qtbot, desk, "Hands per round", "6")
    choose(qtbot, desk, "Bye score", "a")
    choose(qtbot, desk, "Fixed bye score", "2")
    choose(qtbot, desk, "Loner pays 5 and 4", " ")
    choose(qtbot, desk, "Euchred loner gives 3", " ")
    screenshots(qapp, desk, "desk-format-1366x768")
    click(qtbot, desk.set_format)
    fmt, settings, _ = t.event_format(admin, event.event)
    assert fmt is progressive_euchre.FORMAT
    assert {k: settings[k] for k in ("movement", "hands", "bye", "bye_points")} == {
        "movement": "move-up",
        "hands": 6,
        "bye": "fixed",
        "bye_points": 2,
    }
    assert settings["loner_five_four"] and settings["euchred_loner_three"]
    assert shown_format(desk) == held_format(admin, event.event)
    assert fmt.round_hands(settings) == 6


def test_a_new_choice_of_options_keeps_the_events_seed(qtbot, admin, event, tmp_path):
    t.configure(admin, event.event, progressive_euchre.FORMAT, {"rounds": 5}, seed=7)
    desk = opened_desk(qtbot, admin, event, tmp_path)
    assert shown_format(desk)[1]["Rounds"] == "5"
    open_tab(qtbot, desk, "Format")
    choose(qtbot, desk, "Hands per round", "10")
    click(qtbot, desk.set_format)
    _, settings, seed = t.event_format(admin, event.event)
    assert (settings["rounds"], settings["hands"], seed) == (5, 10, 7)
