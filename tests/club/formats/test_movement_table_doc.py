"""docs/club.md prints the round-robin table exactly as the code makes it today."""

from pathlib import Path

from scorekeeper.club.formats.movement_table import movement_table

DOC = Path(__file__).resolve().parents[3] / "docs" / "club.md"


def test_the_documented_movement_table_is_current():
    section = DOC.read_text(encoding="utf-8").split("## Formats and movements", 1)[1]
    assert movement_table() in section, (
        "docs/club.md is out of date: paste the output of "
        "python -m scorekeeper.club.formats.movement_table into its Formats and movements section"
    )
