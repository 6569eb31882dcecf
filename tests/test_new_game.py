"""Adding a game breaks no test and silently skips none: the suite run with a game that
is not in the registry's file (:mod:`tests.new_game`, Euchre under a new id) gives it a
case wherever it gives every registered game one, and those cases pass, but for those
that read the files generated from each game (which fail, naming the missing file)."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path
from xml.etree import ElementTree

import pytest

from scorekeeper.games import GAME_MODULES
from tests.new_game import NEW_ID

ROOT = Path(__file__).resolve().parent.parent
GENERATED = ("docs/examples", "docs/rules")
"""Folders of files made from each game by their generators (``python -m
tests.storage.samples``, ``python -m scorekeeper.rules_help``): a new game has them once
they are generated; until then, a check that reads them fails naming the missing file."""


def suite(*args: str) -> subprocess.CompletedProcess[str]:
    """The suite, in a process of its own, with the new game registered."""
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "tests.new_game",
            "-p",
            "no:randomly",
            "-p",
            "no:cacheprovider",
            "-o",
            "addopts=",
            *args,
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=1800,
    )


def per_game_cases(node_ids: list[str]) -> dict[tuple[str, str], set[str]]:
    """For each test and each form of its case id with a game's id in it, the games it
    has a case for: ``test_x[sheepshead-report]`` is ``(test_x, "{game}-report")``."""
    games = [*GAME_MODULES, NEW_ID]
    found: dict[tuple[str, str], set[str]] = defaultdict(set)
    for node_id in node_ids:
        test, _, case = node_id.removesuffix("]").partition("[")
        for game in games:
            pattern = rf"(?<![A-Za-z0-9_]){re.escape(game)}(?![A-Za-z0-9_])"
            if re.search(pattern, case):
                found[test, re.sub(pattern, "{game}", case)].add(game)
    return found


def test_every_case_run_for_each_registered_game_is_run_for_a_new_one():
    # collecting runs no assertion: plain ones spare rewriting every test module
    collected = suite("--collect-only", "--assert=plain", "-q", "-m", "not slow", "tests")
    assert collected.returncode == 0, collected.stdout[-3000:] + collected.stderr
    node_ids = [line for line in collected.stdout.splitlines() if "::" in line]
    registered = set(GAME_MODULES)
    every_game = per_game_cases(node_ids)
    shared = [case for case, games in every_game.items() if registered <= games]
    assert len(shared) > 50  # conformance, files, reports, screens, the fuzz
    skipped = [
        f"{test}[{case}]"
        for (test, case), games in every_game.items()
        if (registered <= games and NEW_ID not in games)
    ]
    assert skipped == [], "\n".join(skipped)


@pytest.mark.slow
def test_the_new_games_cases_pass_but_where_its_generated_files_are_missing(tmp_path):
    report = tmp_path / "cases.xml"
    run = suite("-q", f"--junitxml={report}", "-m", "not slow", "-k", NEW_ID, "tests")
    cases = ElementTree.parse(report).getroot().iter("testcase")
    failed = {
        f"{case.get('name')}: {problem.get('message')}"
        for case in cases
        for problem in [*case.iter("failure"), *case.iter("error")]
    }
    generated = [str(ROOT / folder / NEW_ID) for folder in GENERATED]
    assert [line for line in failed if not any(path in line for path in generated)] == []
    assert re.search(r"\b\d{2,} passed", run.stdout), run.stdout[-2000:] + run.stderr[-2000:]


KEYED_BY_GAME = {
    "tests/test_ledger_atomic.py": "the states the fuzz reaches further in some games",
    "tests/ui/test_hand_claim.py": "the tricks of a hand a claim ends without a question",
}
"""The test files that keep a table keyed by game id, and what it holds (each game's own
data comes from its package)."""


def test_no_test_but_a_games_own_keeps_data_keyed_by_game_id():
    found = set()
    for path in sorted((ROOT / "tests").rglob("*.py")):
        if path.relative_to(ROOT).parts[1] == "games":
            continue  # a game's own tests name it
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            keys = node.keys if isinstance(node, ast.Dict) else []
            if any(isinstance(key, ast.Constant) and key.value in GAME_MODULES for key in keys):
                found.add(str(path.relative_to(ROOT)))
    assert found == set(KEYED_BY_GAME)
