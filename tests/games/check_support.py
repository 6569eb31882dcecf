"""Running ``scorekeeper check`` on a match written from a list of hands."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from scorekeeper import cli
from scorekeeper.match import HandRecord
from scorekeeper.matchfile import write_match
from tests.storage.samples import match_info


def check_file(
    capsys, tmp_path: Path, game_id: str, hands: list[HandRecord], settings=None
) -> tuple[int, dict[str, Any], str]:
    """``check --json`` and ``check`` on the match: the exit status, the findings, the text."""
    info = replace(match_info(game_id), first_dealer=hands[0].dealer)
    if settings is not None:
        info = replace(info, settings=settings)
    path = tmp_path / f"{game_id}.json"
    write_match(path, info, hands)
    status = cli.main(["check", str(path), "--json"])
    findings = json.loads(capsys.readouterr().out)
    assert cli.main(["check", str(path)]) == status
    return status, findings, capsys.readouterr().out


def rulings(findings: dict[str, Any]) -> list[str]:
    """The rule ids of every ruling, hand by hand."""
    return [ruling["rule"] for hand in findings["hands"] for ruling in hand["rulings"]]
