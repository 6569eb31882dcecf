"""What the director's desk warns about in a round: a table that sent no hands, fewer
than the round's, more than the round's, one past the round's expected time, and one
whose pass is withdrawn (the club database refuses its hands); as data, then in words
with the table's number and its players' names."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from scorekeeper.club.director import RoundTables

NO_HANDS, SHORT, OVER_LIMIT, OVERDUE, REFUSED = (
    "no hands",
    "short",
    "over the limit",
    "overdue",
    "refused",
)
BEHIND = 2  # in an open round, a table with no hands is named once another has sent this many


@dataclass(frozen=True)
class TableWarning:
    kind: str  # one of the kinds above
    table: int
    names: tuple[str, ...]  # the table's players, in seat order
    round_no: int
    hands: int  # hands the table has on record in the round
    target: int | None  # the round's hands (None: the round is a game)
    ended: bool  # the round has ended
    minutes: int | None = None  # OVERDUE: the round's expected time
    ahead: int = 0  # NO_HANDS in an open round: the most hands another table has sent


def round_warnings(read: RoundTables, withdrawn: set[int], now: datetime) -> list[TableWarning]:
    """The warnings of the round ``read`` (none before it starts), table by table;
    ``withdrawn`` are the tables whose pass is withdrawn and not yet issued again."""
    if read.started is None:
        return []
    ended = read.ended is not None
    most = max((table.hands for table in read.tables), default=0)
    overdue = read.minutes is not None and now - read.started > timedelta(minutes=read.minutes)
    found = []
    for table in read.tables:
        said = TableWarning(
            NO_HANDS, table.table, table.names, read.round_no, table.hands, read.target, ended
        )
        done = table.table in read.finished
        if table.table in withdrawn and not ended and not done:
            found.append(replace(said, kind=REFUSED))
        if read.target is not None and table.hands > read.target:
            found.append(replace(said, kind=OVER_LIMIT))
        if ended and not done:
            found.append(said if table.hands == 0 else replace(said, kind=SHORT))
        elif not ended and not done and overdue:
            found.append(replace(said, kind=OVERDUE, minutes=read.minutes))
        elif not ended and table.hands == 0 and most >= BEHIND:
            found.append(replace(said, ahead=most))
    return found


def hands_words(count: int, target: int | None = None) -> str:
    """``no hands``, ``1 hand``, ``5 hands``; against the round's ``target``: ``5 of 8 hands``."""
    if target is not None:
        return f"{count} of {target} hands"
    return "no hands" if count == 0 else f"{count} hand{'' if count == 1 else 's'}"


def warning_words(item: TableWarning) -> str:
    """The warning as the desk lists it."""
    table = f"Table {item.table} ({', '.join(item.names)})"
    round_ = f"round {item.round_no}"
    sent = hands_words(item.hands, item.target if item.hands else None)
    if item.kind == REFUSED:
        return (
            f"{table}: its pass is withdrawn, so the club database refuses its hands. "
            f"Give table {item.table} a new pass to carry on."
        )
    if item.kind == OVER_LIMIT:
        extra = item.hands - (item.target or 0)
        return (
            f"{table} has sent {item.hands} hands in {round_}, {extra} more than its {item.target}."
        )
    if item.kind == OVERDUE:
        return f"{table} is past {round_}'s {item.minutes} minutes and still playing: {sent} sent."
    if item.kind == NO_HANDS and not item.ended:
        ahead = hands_words(item.ahead)
        return f"{table} has sent no hands yet in {round_}, while another table has sent {ahead}."
    if item.kind == NO_HANDS:
        return f"{table} sent no hands in {round_}."
    if item.target is None:
        return f"{table} sent {sent} in {round_}, and its game did not reach its end."
    return f"{table} sent {sent} in {round_}."
