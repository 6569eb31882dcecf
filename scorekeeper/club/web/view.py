"""What a table's page shows, in players' words: seats, hands, totals, the hand waiting."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from scorekeeper.club.referee import ACCEPTED, PENDING, REFUSED
from scorekeeper.club.web.tables import PLAYED, Entry, Table, record_entry, result_of, side_of
from scorekeeper.hand_summary import hand_summary
from scorekeeper.ledger import Ledger

VERDICT_WORDS = {ACCEPTED: "counts", PENDING: "being checked"}


@dataclass(frozen=True)
class HandRow:
    number: int  # from 1
    points: tuple[int, ...]  # per side
    said: str
    status: str


@dataclass(frozen=True)
class Waiting:
    """The hand entered, waiting for a player of another side."""

    entry: int
    number: int
    entered_by: str
    said: str
    points: tuple[int, ...]
    answerers: tuple[tuple[int, str], ...]  # (seat, name): who may answer for it


def result_words(ledger: Ledger, data: dict[str, Any]) -> str:
    """A quick-entry result in players' words: each field it gives (a box left unticked
    says nothing), in the order the game declares them."""
    game = ledger.game
    given = {f.id: data[f.id] for form in game.quick_forms for f in form.fields if f.id in data}
    shown = {key: value for key, value in given.items() if value is not False}
    lines = game.quick_lines(ledger.settings, shown, ledger.info.players)
    return "; ".join(line for key, line in lines if key in shown)


def _said(ledger: Ledger, hand: int) -> str:
    result = result_of(ledger, hand)
    return "played card by card" if result is None else result_words(ledger, result)


def _status(verdict: tuple[str, str | None] | None) -> str:
    if verdict is None:
        return "not sent"
    state, reason = verdict
    if state == REFUSED:
        return f"refused: {reason}"
    return VERDICT_WORDS.get(state, "replaced by a later record")


def entered(ledger: Ledger, entry: Entry) -> Waiting:
    names = ledger.info.players
    trial = copy.deepcopy(ledger)
    record_entry(trial, entry.data)
    side = side_of(ledger, entry.entered_by)
    if PLAYED in entry.data:  # how it ended, then its tricks, as the desktop says them
        lines = hand_summary(trial, entry.hand)[:2]
        lines[0] = lines[0].removeprefix(f"Hand {entry.hand + 1}: ")
        said = "played card by card: " + "; ".join(lines)
    else:
        said = result_words(ledger, entry.data)
    return Waiting(
        entry.id,
        entry.hand + 1,
        names[entry.entered_by],
        said,
        trial.scores[entry.hand].points,
        tuple((seat, name) for seat, name in enumerate(names) if side_of(ledger, seat) != side),
    )


def _set_aside(ledger: Ledger, entry: Entry | None) -> str | None:
    """What the page says of the version a player did not agree with."""
    if entry is None or entry.answered_by is None:
        return None
    names = ledger.info.players
    shown = entered(ledger, entry)
    return (
        f"Hand {shown.number} as {shown.entered_by} entered it ({shown.said}) was not agreed "
        f"by {names[entry.answered_by]}: it was set aside. Enter the hand again."
    )


def table_view(table: Table, ledger: Ledger) -> dict[str, Any]:
    """The values of the table's page for a drawn round."""
    verdicts = table.verdicts()
    scores = ledger.scores
    hands = [
        HandRow(
            number + 1, scores[number].points, _said(ledger, number), _status(verdicts.get(number))
        )
        for number in range(len(scores))
    ]
    entry = table.waiting(ledger)
    return {
        "players": list(enumerate(ledger.info.players)),
        "sides": ledger.side_names,
        "partners": any(len(side) > 1 for side in ledger.sides),
        "hands": hands,
        "totals": ledger.totals,
        "waiting": entered(ledger, entry) if entry is not None else None,
        "set_aside": _set_aside(ledger, table.set_aside(ledger)) if entry is None else None,
        "game": ledger.game.title,
    }
