"""The round's clock on the standings board's page: the time left of the round being
played, and the cue to change tables when its time is up or the director ends it."""

from __future__ import annotations

from dataclasses import dataclass

import psycopg

from scorekeeper.club import tournament

# the latest round started, and the database's own time (the board's clock is not the
# server's or the TV's)
LATEST = (
    "SELECT round_no, started, ended, clock_timestamp(), EXISTS (SELECT 1 FROM club.seats s "
    "WHERE s.event_id = r.event_id AND s.round_no = r.round_no + 1) "
    "FROM club.rounds r WHERE event_id = %s AND started IS NOT NULL "
    "ORDER BY round_no DESC LIMIT 1"
)


@dataclass(frozen=True)
class RoundClock:
    """What the board says of the round's time."""

    said: str  # "Round 3", "Round 3 is over"
    left: float | None  # seconds of the round's time left (None: not counted down)
    cue: str  # "" while the tables play on, else the cue to change tables
    up: str  # the cue once the time left runs out (shown by the page's own clock)


def time_left_words(seconds: float) -> str:
    """``12:05 left``, from the seconds left."""
    minutes, rest = divmod(max(int(seconds + 0.999), 0), 60)
    return f"{minutes}:{rest:02} left"


def read_clock(conn: psycopg.Connection, event: str) -> RoundClock | None:
    """The clock of ``event``'s latest round started (None: none has started)."""
    row = conn.execute(LATEST, (event,)).fetchone()
    if row is None:
        return None
    round_no, started, ended, now, next_drawn = row
    fmt, settings, _ = tournament.event_format(conn, event)
    minutes = fmt.round_minutes(settings)
    up = f"Round {round_no}'s time is up: finish the hand being played, then change tables"
    if ended is not None:
        cue = f"Round {round_no} is over: change tables" if next_drawn else ""
        return RoundClock(f"Round {round_no} is over", None, cue, "")
    if minutes is None:
        return RoundClock(f"Round {round_no}", None, "", "")
    left = minutes * 60 - (now - started).total_seconds()
    return RoundClock(f"Round {round_no}", left, up if left <= 0 else "", up)
