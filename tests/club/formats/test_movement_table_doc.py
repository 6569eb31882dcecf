"""docs/club.md prints the round-robin table exactly as the code makes it today."""

from pathlib import Path

from scorekeeper.club.formats.movement_table import documented, movement_table

DOC = Path(__file__).resolve().parents[3] / "docs" / "club.md"


def test_the_documented_movement_table_is_current():
    assert documented(DOC.read_text(encoding="utf-8")) == movement_table(), (
        "docs/club.md is out of date: rewrite its table with "
        "python -m scorekeeper.club.formats.movement_table --write docs/club.md"
    )
