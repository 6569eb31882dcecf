"""Every format declares itself fully: options with ids, titles and one-line
explanations, movements, a ranking of known criteria; settings are checked."""

import pytest

from scorekeeper.club.formats import format_by_id, formats
from scorekeeper.club.formats.schedule import booking_errors
from scorekeeper.club.formats.standings import CRITERIA

# format_by_id
from scorekeeper.games.euchre.club import FORMAT as EUCHRE
from scorekeeper.games.euchre.club import hand_points, opening_schedule
from scorekeeper.games.sheepshead.club import FORMAT as SHEEPSHEAD
from scorekeeper.games.spades.club import FORMAT as SPADES
from scorekeeper.games.spades.club import match_over


@pytest.mark.parametrize("fmt", formats(), ids=lambda f: f.id)
def test_a_format_declares_options_movements_and_ranking(fmt):
    ids = [option.id for option in fmt.options]
    assert len(ids) == len(set(ids))
    for option in fmt.options:
        assert option.title and option.explanation and "\n" not in option.explanation
        assert option.default in [value for value, _ in option.choices]
        assert all(label and label not in ("None", "True", "False") for _, label in option.choices)
    assert fmt.movements and all(m.title and m.explanation for m in fmt.movements)
    assert all(tie.id in CRITERIA and tie.title for tie in fmt.ranking)
    assert format_by_id(fmt.id) is fmt


def test_settings_name_the_option_and_value_that_are_wrong():
    with pytest.raises(ValueError, match="Hands per round: 99 is not one of 4 hands"):
        EUCHRE.settings({"hands": 99})
    with pytest.raises(ValueError, match="no option 'colour'"):
        EUCHRE.settings({"colour": "red"})
    with pytest.raises(ValueError, match="no tournament format 'bridge'"):
        format_by_id("bridge")


LONE_MARCH = {"maker": 1, "alone": True, "result": "alone march"}
LONE_EUCHRED = {"maker": 2, "alone": True, "result": "euchred"}
MARCH = {"maker": 0, "alone": False, "result": "march"}


@pytest.mark.parametrize(
    ("words", "sides", "outcome", "options", "expected"),
    [
        ("loner march, plain scoring: 4 to both", (0, 4), LONE_MARCH, {}, (0, 4, 0, 4)),
        (
            "loner march worth 5 to the loner and 4 to the partner",
            (0, 4),
            LONE_MARCH,
            {"loner_five_four": True},
            (0, 5, 0, 4),
        ),
        ("euchred loner, plain scoring: 2 each", (0, 2), LONE_EUCHRED, {}, (0, 2, 0, 2)),
        (
            "a euchred loner gives 3 to each defender",
            (0, 2),
            LONE_EUCHRED,
            {"euchred_loner_three": True},
            (0, 3, 0, 3),
        ),
        (
            "a partnership march is untouched by the loner options",
            (2, 0),
            MARCH,
            {"loner_five_four": True, "euchred_loner_three": True},
            (2, 0, 2, 0),
        ),
    ],
    ids=lambda value: value if isinstance(value, str) else "",
)
def test_progressive_euchre_individual_points(words, sides, outcome, options, expected):
    assert hand_points(sides, outcome, EUCHRE.settings(options)) == expected


def test_the_opening_schedule_follows_the_chosen_movement():
    chart = opening_schedule(24, EUCHRE.settings())
    assert len(chart.rounds) == 8 and booking_errors(chart) == []
    drawn = opening_schedule(22, EUCHRE.settings({"movement": "move-up"}), seed=2)
    assert len(drawn.rounds) == 1 and len(drawn.rounds[0].byes) == 2


@pytest.mark.parametrize(
    ("words", "scores", "hands", "options", "over"),
    [
        ("to 500: 510 to 300 is over", (510, 300), 9, {}, True),
        ("to 500: 480 to 300 plays on", (480, 300), 9, {}, False),
        ("to 500: level at 520 plays on", (520, 520), 12, {}, False),
        ("10 hands: after the tenth it is over", (120, 300), 10, {"match_end": "hands"}, True),
        ("10 hands: after the ninth it plays on", (120, 300), 9, {"match_end": "hands"}, False),
    ],
    ids=lambda value: value if isinstance(value, str) else "",
)
def test_a_spades_match_ends(words, scores, hands, options, over):
    assert match_over(scores, hands, SPADES.settings(options)) is over


SEATS = ["Ann", "Bob", "Cy", "Dee", "Eve"]


@pytest.mark.parametrize(
    ("words", "fmt", "outcome", "expected"),
    [
        ("a loner march", EUCHRE, LONE_MARCH, "Bob made a loner, all five tricks"),
        ("a euchred loner", EUCHRE, LONE_EUCHRED, "Cy was euchred going alone"),
        ("a partnership march is ordinary", EUCHRE, MARCH, None),
        (
            "the picker and partner schwarz the defenders",
            SHEEPSHEAD,
            {"type": "picker", "picker": 0, "partner": 3, "won": True, "schwarz": True},
            "Schwarz: Ann & Dee took every trick",
        ),
        (
            "a picker alone takes no trick",
            SHEEPSHEAD,
            {"type": "alone", "picker": 4, "partner": None, "won": False, "schwarz": True},
            "Schwarz: Eve took no trick",
        ),
        (
            "a schneider is ordinary",
            SHEEPSHEAD,
            {"type": "picker", "picker": 0, "partner": 1, "won": True, "schwarz": False},
            None,
        ),
        ("spades declares no big hands", SPADES, {"bags": 10}, None),
    ],
    ids=lambda value: value if isinstance(value, str) else "",
)
def test_big_hands_for_the_board(words, fmt, outcome, expected):
    assert fmt.big_hand(outcome, SEATS) == expected
