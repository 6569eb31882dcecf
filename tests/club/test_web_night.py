"""A test night: every table of a Progressive Euchre round enters its hands from a
phone-sized page (390×844) in a real browser engine, each table's phone a browser of its
own and all of them at once, against the night served for real.

Each table plays its first hand card by card, with a renege ruled on the phone (the rule
quoted, the evidence in players' names) and taken back; it claims a renege or calls the
director; the other side refuses a hand and confirms it entered again; and it enters a
hand while the club's Wi-Fi is down (the server stopped), sent once it is back. Half the
tables play their last hand card by card too, the others enter it by its result; then
each page says the round's hands are all entered. Then:

- the standings on the board equal those recomputed here, from the engine's points for
  the hands the phones entered (replayed in a match of the test's own), summed and
  ranked without the standings code, and the TV shows every player without scrolling;
- nothing is lost or doubled: each table counts exactly the hands it entered, each once,
  and the hand the other side refused is set aside;
- each kind of page is saved under tests/screenshots (390×844; the board also at
  1920×1080) to be looked at.

Twelve tables (48 players, one round of four hands: the smallest night the format holds
with twelve tables) is the slow run; the suite plays three tables, with every feature.
"""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.club import tournament as t
from scorekeeper.club.web.tables import PLAYED, board_token
from scorekeeper.events import Event
from scorekeeper.games import get_game
from scorekeeper.ledger import Ledger
from scorekeeper.match import MatchInfo
from tests.club.browsing import FITS, browse, finish, reached, start
from tests.club.drawn import drawn_night
from tests.club.phones import serving
from tests.club.test_web_board_clock import ON_THE_SCREEN
from tests.club.test_web_browser import fill
from tests.club.test_web_cards import RENEGE, TRICKS
from tests.club.test_web_cards_browser import BIDDING, SCREENSHOTS, card, tap, text
from tests.club.test_web_offline import OUTBOX, WAITING
from tests.club.test_web_players import keys_by_name
from tests.club.test_web_table import counted, until_counted

PHONE, TV = (390, 844), (1920, 1080)
HANDS = 4  # the fewest hands a round of Progressive Euchre has
TAKE_BACK = "Take back: 5 cards return to hands"
MARCH = [card(code) for trick in TRICKS for code in trick]  # the leader's side takes all five


def shot(name: str, size: tuple[int, int] = PHONE) -> dict[str, str]:
    SCREENSHOTS.mkdir(exist_ok=True)
    return {"shot": str(SCREENSHOTS / f"night-{name}-{size[0]}x{size[1]}.png")}


def typed(makers: int, tricks: int, by: int) -> dict[str, Any]:
    """A quick entry of the form "Played", sent by the page's script."""
    values = {"makers": str(makers), "tricks": str(tricks), "by": str(by)}
    return {"js": fill("form-played", values)}


def quick(makers: int, tricks: int, by: int) -> dict[str, Any]:
    """A quick entry, and the page it leads to loaded."""
    return {**typed(makers, tricks, by), "load": True}


def submit(form: str, **values: int) -> dict[str, Any]:
    """The form ``form``, its lists set to ``values``, sent; the page it leads to loaded
    (the part calling the director opened first, as a finger does to reach its forms)."""
    sets = "".join(f"f.elements[{name!r}].value = '{value}';" for name, value in values.items())
    script = f"var f = document.querySelector({form!r}); {sets} f.requestSubmit();"
    return {"js": "document.getElementById('call').open = true;" + script, "load": True}


def results(table: int) -> dict[str, tuple[int, int, int]]:
    """What table ``table`` enters by quick entry: makers' side, their tricks, and the
    seat entering it (a different night at each table)."""
    return {
        "refused": (0, 3, 0),
        "again": (table % 2, 2 + table % 4, 1),
        "offline": (table % 2, (table + 2) % 6, 2),
        "last": (1, 5 - table % 3, 3),
    }


def card_table(table: int) -> bool:
    """Whether the table plays its last hand card by card too."""
    return table % 2 == 0


class Plan:
    """A phone's steps, some named to read their values back."""

    def __init__(self, shots: bool) -> None:
        self.steps: list[dict[str, Any]] = []
        self.named: dict[str, int] = {}
        self.shots = shots

    def __call__(self, *steps: dict[str, Any], name: str = "") -> None:
        self.steps.extend(steps)
        if name:
            self.named[name] = len(self.steps) - 1

    def shot(self, name: str) -> None:
        if self.shots:
            self.steps.append(shot(name))

    def seen(self, values: list[Any]) -> dict[str, Any]:
        return {name: values[index] for name, index in self.named.items()}


def table_plan(table: int, names: list[str], marks: Path, shots: bool) -> Plan:
    """Table ``table``'s night on its phone (the phone handed across to confirm)."""
    plan, entered = Plan(shots), results(table)
    plan({"js": FITS}, name="fits at first")
    plan.shot("table")
    # hand 1, card by card: a renege ruled on the phone, called in, taken back
    if shots:
        plan({"js": "document.querySelector('#cards summary').click();"})
    plan.shot("cards-upcard")
    plan(BIDDING[0])
    plan.shot("cards-bidding")
    plan(*BIDDING[1:], *(card(code) for code in RENEGE))
    plan(text("ruling"), name="ruling")
    plan.shot("cards-ruling")
    if table % 2:
        plan(submit("#form-renege", by=1, accused=2))
    else:
        plan(submit("#form-call", by=3))
    plan(text("calls"), name="calls")
    plan.shot("calls")
    plan(tap(TAKE_BACK), *MARCH[1:])  # the first card stays played
    plan(text("over"), name="over")
    plan.shot("cards-over")
    plan(submit("#form-played-cards", by=1))
    plan(text("waiting"), name="hand 1 waits")
    plan.shot("cards-waiting")
    plan(tap(f"Confirm as {names[0]}"))
    # hand 2: refused by the other side, entered again, confirmed
    if shots:
        plan({"js": fill("form-played", {"makers": "0", "by": "2"})})  # no tricks: refused
        plan({"until": "(s => s ? s.innerText : '')(document.getElementById('said'))"})
        plan.shot("quick-refused")
    plan(quick(*entered["refused"]))
    plan(text("waiting"), name="hand 2 waits")
    plan.shot("quick-waiting")
    plan(submit("form[action$='/decline']", by=1))
    plan.shot("quick-entry")
    plan(quick(*entered["again"]), tap(f"Confirm as {names[0]}"))
    # hand 3: entered while the Wi-Fi is down, kept on the phone, sent when it is back
    plan({"touch": str(marks / f"ready-{table}")}, {"await": str(marks / "down"), "seconds": 300})
    plan(typed(*entered["offline"]))
    plan({"until": f"{OUTBOX}.includes('cannot be reached') && {OUTBOX}"}, name="kept")
    plan.shot("offline-kept")
    plan({"touch": str(marks / f"kept-{table}")}, {"await": str(marks / "up"), "seconds": 300})
    plan({"until": WAITING, "seconds": 30}, name="sent")
    plan.shot("offline-sent")
    plan(tap(f"Confirm as {names[3]}"))
    # hand 4: card by card at half the tables, by its result at the others
    if card_table(table):
        plan(*BIDDING, *MARCH, submit("#form-played-cards", by=0), tap(f"Confirm as {names[1]}"))
    else:
        plan(quick(*entered["last"]), tap(f"Confirm as {names[0]}"))
    plan(text("hands"), name="hands")
    plan(text("done"), name="done")
    plan({"js": FITS}, name="fits at last")
    plan.shot("totals")
    return plan


def entries(folder: Path) -> dict[int, list[tuple[int, dict[str, Any], str]]]:
    """Each table's entries as the server holds them, in the order made: hand, what was
    entered, and its state."""
    with closing(sqlite3.connect(folder / "phones.sqlite")) as store:
        rows = store.execute("SELECT tbl, hand, data, state FROM entries ORDER BY id").fetchall()
    held: dict[int, list[tuple[int, dict[str, Any], str]]] = {}
    for table, hand, data, state in rows:
        held.setdefault(table, []).append((hand, json.loads(data), state))
    return held


def engine_points(
    names: list[str], settings: Any, confirmed: list[dict[str, Any]]
) -> list[list[int]]:
    """Each seat's points in each hand ``confirmed`` (a result, or the events of a hand
    played card by card), from the engine's own match replayed here."""
    game = get_game("euchre")
    ledger = Ledger(MatchInfo("Recounted", game.id, settings, tuple(names)))
    for data in confirmed:
        if PLAYED in data:
            for raw in data[PLAYED]:
                ledger.record(Event.from_json(raw))
        else:
            ledger.quick(data)
    sides = game.sides(settings)
    side_of = {seat: index for index, side in enumerate(sides) for seat in side}
    return [[score.points[side_of[seat]] for seat in range(len(names))] for score in ledger.scores]


def recounted(
    register: list[str], seated: dict[int, list[str]], points: dict[int, list[list[int]]]
) -> list[tuple[str, str, str]]:
    """The standings as the board shows them (place, player, points), counted from each
    hand's points: most points first, then most tables won; level on both, a place shared
    (shown "2="), in the register's order."""
    total, won = dict.fromkeys(register, 0), dict.fromkeys(register, 0)
    for table, names in seated.items():
        seats = [sum(hand[seat] for hand in points[table]) for seat in range(len(names))]
        assert seats[0] != seats[1], f"table {table} is level: this night needs a winner"
        for seat, name in enumerate(names):
            total[name] += seats[seat]
            won[name] += seats[seat] == max(seats)
    key = {name: (-total[name], -won[name]) for name in register}
    rows = []
    for name in sorted(register, key=lambda name: key[name]):  # a stable sort
        place = 1 + sum(key[other] < key[name] for other in register)
        tied = sum(key[other] == key[name] for other in register) > 1
        rows.append((f"{place}=" if tied else str(place), name, str(total[name])))
    return rows


NIGHTS = [
    pytest.param(3, id="3 tables"),
    pytest.param(12, id="12 tables, 48 players", marks=pytest.mark.slow),
]


@pytest.mark.parametrize("tables", NIGHTS)
def test_a_night_of_tables_entering_their_hands_from_phones(
    club_server, gateway, admin, referee, tmp_path, tables
):
    register = [f"Player {number}" for number in range(1, 4 * tables + 1)]
    night = drawn_night(
        admin, club_server, gateway, tmp_path, "Phones' night", register, rounds=1, hands=HANDS
    )
    marks = tmp_path / "marks"
    marks.mkdir()
    with serving(night, tmp_path, club_server.admin_url()) as pages:
        plans = {n: table_plan(n, names, marks, n == 1) for n, names in night.names.items()}
        phones = {n: start(pages.address(n), plan.steps, tmp_path) for n, plan in plans.items()}
        for n, phone in phones.items():  # every table at its third hand
            reached(marks / f"ready-{n}", phone, timeout=600)
        before = entries(tmp_path)
        pages.cut()
        (marks / "down").touch()
        for n, phone in phones.items():
            reached(marks / f"kept-{n}", phone)
        assert entries(tmp_path) == before  # nothing reached the server while it was down
        pages.restore()
        (marks / "up").touch()
        seen = {n: plans[n].seen(finish(phone, 600)["values"]) for n, phone in phones.items()}
        for n in night.names:
            until_counted(admin, night, n, HANDS, timeout=60)
        url = pages.web.address(f"/b/{board_token(pages.served)}")
        on_the_tv = [text("standings"), {"js": FITS}, {"js": ON_THE_SCREEN}, shot("board", TV)]
        board = browse(url, on_the_tv, tmp_path, TV)
        browse(url, [shot("board")], tmp_path)
        first = night.names[1][0]
        player = browse(
            pages.web.address(f"/p/{keys_by_name(night, admin)[first]}"),
            [text("night"), {"js": FITS}, shot("player")],
            tmp_path,
        )
        gone = browse(pages.web.address("/p/" + "0" * 32), [{"js": FITS}, shot("gone")], tmp_path)

    fmt, chosen, _ = t.event_format(admin, night.event.event)
    settings = get_game(fmt.game).settings(**fmt.game_options(chosen))
    held, points = entries(tmp_path), {}
    for n, names in night.names.items():
        said, entered = seen[n], results(n)
        assert said["fits at first"] is True and said["fits at last"] is True
        assert f"Ruling: Follow suit: {names[2]} played 10♥ in trick 1." in said["ruling"]
        assert "A player who holds a card of the suit led must play one" in said["ruling"]
        called = "A renege is claimed" if n % 2 else "The director is called"
        assert said["calls"].startswith(called)
        assert "Points: " in said["over"]
        assert f"Entered by {names[1]}: played card by card" in said["hand 1 waits"]
        first = f"Entered by {names[0]}: Makers: {names[0]} & {names[2]}; Tricks the makers took: 3"
        assert first in said["hand 2 waits"]
        kept = [line for line in said["kept"].splitlines() if line]
        assert kept[0] == "Waiting on this phone to be sent"
        assert kept[1].startswith("Hand 3: Played · Makers: ") and "cannot be reached" in kept[2]
        assert "Hand 3: to be confirmed" in said["sent"]
        assert f"Entered by {names[2]}: Makers: " in said["sent"]
        # nothing lost or doubled: the hands entered, each once; the one refused set aside
        states = [(hand, state) for hand, _, state in held[n]]
        assert states == [
            (0, "confirmed"),
            (1, "declined"),
            (1, "confirmed"),
            (2, "confirmed"),
            (3, "confirmed"),
        ]
        typed = [data for _, data, _ in held[n] if PLAYED not in data]
        shown = [entered[name] for name in ("refused", "again", "offline", "last")]
        expected = shown if not card_table(n) else shown[:3]
        assert [(d["makers"], d["tricks"]) for d in typed] == [(m, k) for m, k, _ in expected]
        confirmed = [data for _, data, state in held[n] if state == "confirmed"]
        points[n] = engine_points(names, settings, confirmed)
        assert counted(admin, night, n) == points[n]  # each hand counted once, as entered
        totals = [sum(hand[seat] for hand in points[n]) for seat in (0, 1)]
        assert said["hands"].endswith(f"Total\t{totals[0]}\t{totals[1]}")
        assert said["done"].startswith(f"All {HANDS} hands of round 1 are entered")
    calls = admin.execute(
        "SELECT table_no, kind FROM club.calls WHERE event_id = %s ORDER BY table_no",
        (night.event.event,),
    ).fetchall()
    assert calls == [(n, "renege" if n % 2 else "director") for n in sorted(night.names)]
    standings, fits, in_view = board["values"][:3]
    lines = [line for line in standings.splitlines() if line and line != "Place\tPlayer\tPoints"]
    assert [tuple(line.split("\t")) for line in lines] == recounted(register, night.names, points)
    assert fits is True and in_view == len(register)  # every player on the TV, no scrolling
    assert "Round 1, table 1" in player["values"][0] and player["values"][1] is True
    assert gone["values"][0] is True
