"""``scorekeeper check`` in the table's words: a ruling's place as "trick 2, Cy's 10♠"
(the file's path stays in ``--json``), the preset and house options by their titles."""

from __future__ import annotations

import json
import re

import jsonschema
import pytest

from scorekeeper.words import ordinal
from tests.test_check_undecided import SCHEMA, example, run, three_reneges, write


def test_each_ruling_is_placed_by_trick_and_player(tmp_path):
    path = write(tmp_path, three_reneges())
    _, out, _ = run("check", str(path))
    places = [line.split(" (")[0].strip() for line in out.splitlines() if "Ruling on" in line]
    assert places == [
        "Ruling on trick 1, Cy's 10♣",
        "Ruling on trick 2, Cy's 10♠",
        "Ruling on trick 3, Ben's J♠",
    ]
    assert "hands[" not in out and "events[" not in out


def test_the_json_keeps_the_files_path_beside_the_words(tmp_path):
    path = write(tmp_path, three_reneges())
    _, out, _ = run("check", "--json", str(path))
    record = json.loads(out)
    jsonschema.validate(record, SCHEMA)
    rulings = record["hands"][0]["rulings"]
    first = rulings[0]
    assert (first["place"], first["where"]) == (
        f"hands[0].events[{first['event']}]",
        "trick 1, Cy's 10♣",
    )


def test_a_ruling_outside_play_names_the_players_choice_and_its_place(tmp_path):
    document = example("sheepshead")
    document["hands"][0]["events"][7]["card"] = "AC"  # Ben picked holding A♣ and calls it
    status, out, _ = run("check", str(write(tmp_path, document)))
    assert status == 1
    assert "Ruling on Ben's call, the 8th event of the hand (undecided" in out
    assert "Ruling on Ben's bury, the 9th event of the hand (undecided" in out


def test_the_header_names_the_preset_and_house_options_in_words(tmp_path):
    document = example("sheepshead")
    document["options"] = {"point_value": 25, "blitz": True}
    _, out, _ = run("check", str(write(tmp_path, document)))
    header = out.splitlines()[:2]
    assert header == [
        "Sheepshead at the kitchen table: Sheepshead, Five-handed, called ace",
        "House options: Blitz; Money per point: 0.25 a point",
    ]
    assert "point_value" not in out and "standard" not in out


@pytest.mark.parametrize(
    ("number", "said"),
    [
        *[(1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th")],
        *[(11, "11th"), (12, "12th"), (13, "13th"), (21, "21st"), (22, "22nd")],
        *[(103, "103rd"), (111, "111th")],
    ],
)
def test_ordinals_read_as_spoken(number, said):
    assert ordinal(number) == said


def test_each_hands_money_is_in_the_json_and_sums_to_the_balances(tmp_path):
    document = example("sheepshead")
    document["options"] = {"point_value": 25}
    _, out, _ = run("check", "--json", str(write(tmp_path, document)))
    record = json.loads(out)
    jsonschema.validate(record, SCHEMA)
    scored = [hand for hand in record["hands"] if hand["scored"]]
    assert [hand["money"] for hand in scored] == [
        [25 * points for points in hand["points"]] for hand in scored
    ]
    balances = [line["cents"] for line in record["money"]["balances"]]
    assert balances == [sum(column) for column in zip(*(h["money"] for h in scored), strict=True)]
    assert "money" not in example_record(tmp_path)["hands"][0]


def example_record(tmp_path) -> dict:
    _, out, _ = run("check", "--json", str(write(tmp_path, example("sheepshead"), "plain.json")))
    return json.loads(out)


def test_money_is_told_hand_by_hand_and_settled_with_one_minus_sign(tmp_path):
    document = example("sheepshead")
    document["options"] = {"point_value": 25}
    _, out, _ = run("check", str(write(tmp_path, document)))
    assert "  Points: Ann −1, Ben +2, Cy −1, Di +1, Eve −1" in out
    assert "  Money: Ann −0.25, Ben +0.50, Cy −0.25, Di +0.25, Eve −0.25" in out
    assert "Totals: Ann −3, Ben 5, Cy −3, Di 1, Eve 0" in out
    end = out.split("Totals: ")[1].splitlines()
    assert end[1:5] == [
        "Money at 0.25 a point:",
        "  Cy pays Ben 0.75",
        "  Ann pays Ben 0.50",
        "  Ann pays Di 0.25",
    ]
    assert not re.search(r"(?<![\w–-])-\d", out), "a hyphen used as a minus sign"
