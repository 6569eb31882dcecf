"""What ``scorekeeper check`` prints for a match, made two ways: from the whole match read
at once into a ledger, and hand by hand as ``check`` itself replays a file."""

from __future__ import annotations

import json
from typing import Any

from scorekeeper.ledger import Ledger
from scorekeeper.matchfile import replay_forward
from scorekeeper.record import Findings, check_lines, match_record


def whole_output(ledger: Ledger, as_json: bool) -> str:
    """``check``'s text (or ``--json``) made from the whole ledger."""
    record = match_record(ledger)
    if as_json:
        return json.dumps(record, ensure_ascii=False, indent=2) + "\n"
    return "\n".join(check_lines(record)) + "\n"


def streamed_output(document: Any, as_json: bool) -> str:
    """``check``'s text (or ``--json``) made hand by hand from a match file's JSON value."""
    reading, hands = replay_forward(document)
    findings = Findings(reading)
    return "".join(findings.json(hands) if as_json else findings.text(hands))
