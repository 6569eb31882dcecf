"""A player's score card carries a code for that player's own results, and no table's
secret: the code reads the player's night (rounds, partners, opponents, hands, place)
through the TLS gateway like a real reader, and the database refuses it everything
else (another player's results, any table's data, any write)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import time
from dataclasses import dataclass, field

import psycopg
import pytest
from psycopg import sql
from pypdf import PdfReader

from scorekeeper.club import tournament as t
from scorekeeper.club.admin import EventCredentials, add_reader, create_event, ensure_reader
from scorekeeper.club.director import Place, join_codes
from scorekeeper.club.joincode import JoinCodeError, parse
from scorekeeper.club.referee import judge_pending
from scorekeeper.club.results import (
    Publisher,
    ResultsCode,
    night_lines,
    parse_results,
    player_keys,
    publish,
    read_night,
    results_codes,
)
from scorekeeper.club.schema import READER_CONNECTIONS
from scorekeeper.club.server import DATABASE
from scorekeeper.games.euchre import club as progressive_euchre
from tests.club.drawn import NAMES, Night, drawn_night
from tests.club.played import play, seat_points, send
from tests.club.printed import qr_codes


@dataclass
class Played(Night):
    """Round 1 played: table 1 with a laptop (two hands), table 2 on paper (two hands);
    round 2 drawn."""

    hands: dict[int, list[list[int]]] = field(default_factory=dict)  # each seat's points

    @property
    def where(self) -> tuple[str, int, str, str]:
        return ("127.0.0.1", self.gateway.port, DATABASE, self.pin)

    def codes(self) -> dict[int, str]:
        """Each player's results code, by register number, as the desk prints them."""
        with self.director() as director:
            publish(director, self.event.event)
            return results_codes(self.event, self.where, player_keys(director, self.event.event))

    def reader(self, code: str) -> psycopg.Connection:
        return psycopg.connect(parse_results(code).login.conninfo(self.folder), autocommit=True)


@pytest.fixture
def night(club_server, gateway, admin, tmp_path) -> Played:
    drawn = drawn_night(admin, club_server, gateway, tmp_path, "Results night")
    event = drawn.event.event
    played = play(drawn.names[1], hands=2)
    with drawn.login(1) as table:
        send(table, event, 1, 1, played)
    judge_pending(admin)
    card = [[1, 0, 1, 0], [0, 2, 0, 2]]
    t.enter_card(admin, event, 1, 2, card)
    t.end_round(admin, event, 1)
    t.draw(admin, drawn.event, 2)
    hands = {1: [seat_points(played, 0), seat_points(played, 1)], 2: card}
    return Played(**vars(drawn), hands=hands)


def number_of(admin: psycopg.Connection, night: Played, name: str) -> int:
    return next(p.number for p in t.players(admin, night.event.event) if p.name == name)


# -- the card --------------------------------------------------------------------------------


def test_each_score_card_holds_its_players_results_code_and_no_tables_pass(night, admin):
    codes = night.codes()
    with night.director() as director:
        pdf = t.score_cards_pdf(director, night.event.event, codes)
    pages = PdfReader(io.BytesIO(pdf)).pages
    secrets = [cred.password for cred in night.event.tables.values()]
    secrets += [night.event.director.password, night.event.board.password]
    keys = dict(player_keys(admin, night.event.event))
    for page, held in zip(pages, qr_codes(pdf), strict=True):
        name = page.extract_text().split("Score card: ", 1)[1].splitlines()[0]
        (text,) = held  # one QR code a card
        code = parse_results(text)
        assert code.key == keys[number_of(admin, night, name)]
        assert code.login.user == night.event.reader.role and code.login.table is None
        url = code.url()
        assert not any(secret in url or secret in text for secret in secrets)
        with pytest.raises(JoinCodeError, match="not a club night code"):
            parse(text)  # no table could join with it


def test_the_directors_join_codes_sheet_holds_each_tables_own_code(night):
    where = Place("", *night.where)
    with night.director() as director:
        pdf = t.join_codes_pdf(
            director, night.event.event, join_codes(night.event, where, withdrawn=())
        )
    held = [parse(text) for (text,) in qr_codes(pdf)]
    assert [(code.table, code.user) for code in held] == [
        (n, night.event.tables[n].role) for n in sorted(night.event.tables)
    ]


# -- what a code reads -----------------------------------------------------------------------


@pytest.mark.parametrize("table", [1, 2], ids=["a laptop's table", "a paper table"])
def test_a_results_code_reads_its_players_night_through_the_gateway(night, admin, table):
    codes = night.codes()
    seat = 1
    name = night.names[table][seat]
    found = read_night(parse_results(codes[number_of(admin, night, name)]), night.folder)
    assert (found["player"], found["event"]) == (name, "Results night")
    first, second = found["rounds"]
    partner = night.names[table][(seat + 2) % 4]
    against = [night.names[table][0], night.names[table][2]]
    assert (first["table"], first["partners"], first["opponents"]) == (table, [partner], [against])
    assert first["hands"] == [hand[seat] for hand in night.hands[table]]
    assert first["points"] == sum(first["hands"])
    assert second["round"] == 2 and second["hands"] == [] and "points" not in second
    standing = next(
        s
        for s in t.event_standings(admin, night.event.event)
        if s.player == number_of(admin, night, name)
    )
    assert (found["place"], found["points"], found["of"]) == (standing.place, standing.points, 8)


def test_club_results_prints_the_players_night_in_words(night, admin):
    codes = night.codes()
    name = night.names[2][0]
    command = [sys.executable, "-m", "scorekeeper.cli", "club", "results"]
    command += [codes[number_of(admin, night, name)], "--data-dir", str(night.folder)]
    result = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    found = read_night(parse_results(codes[number_of(admin, night, name)]), night.folder)
    assert lines == night_lines(found)
    partner, one, two = night.names[2][2], night.names[2][1], night.names[2][3]
    assert lines[1] == (
        f"Round 1, table 2, with {partner}, against {one} & {two}: 1 point (hands: 1, 0)"
    )
    assert lines[0].startswith(f"{name}, Results night: place ")


@pytest.mark.parametrize(
    ("given", "said"),
    [
        pytest.param("hello", "not a player's results code", id="words"),
        pytest.param("SKP1-!!!", "the results code is damaged", id="damaged"),
        pytest.param("SKC1-abc", "a table's or a board's join code", id="a join code"),
    ],
)
def test_club_results_refuses_what_is_not_a_results_code_in_one_line(night, given, said):
    command = [sys.executable, "-m", "scorekeeper.cli", "club", "results", given]
    result = subprocess.run(
        [*command, "--data-dir", str(night.folder)], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("scorekeeper club results: ") and said in result.stderr
    assert len(result.stderr.splitlines()) == 1


def test_a_key_nobody_was_given_reads_nothing(night):
    code = parse_results(night.codes()[0])
    other = ResultsCode(code.login, "0" * 32)
    with pytest.raises(JoinCodeError, match="no player's results have this code"):
        read_night(other, night.folder)


# -- what a code is refused --------------------------------------------------------------------


def club_relations(admin: psycopg.Connection) -> list[str]:
    """Every table and view of the club schema."""
    rows = admin.execute(
        "SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
        "WHERE n.nspname = 'club' AND c.relkind IN ('r', 'v') ORDER BY 1"
    ).fetchall()
    return [name for (name,) in rows]


def test_a_results_code_reads_no_table_of_the_club_database(night, admin):
    relations = club_relations(admin)
    assert {"hands", "players", "player_keys", "player_nights", "counted_hands"} <= set(relations)
    with night.reader(night.codes()[0]) as reader:
        for relation in relations:
            query = sql.SQL("SELECT * FROM club.{} LIMIT 1").format(sql.Identifier(relation))
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                reader.execute(query)
        assert reader.execute("SELECT count(*) FROM club.my_events()").fetchone() == (0,)


WRITES = {
    "a hand": "INSERT INTO club.hand_revisions (match_id, hand_no, record) "
    "SELECT match_id, 0, '{}' FROM (VALUES (gen_random_uuid())) AS m(match_id)",
    "a night": "INSERT INTO club.player_nights (event_id, player_no, night) VALUES ('x', 0, '{}')",
    "a key": "INSERT INTO club.player_keys (event_id, player_no) VALUES ('x', 0)",
    "a round": "UPDATE club.rounds SET open = true",
    "a player": "DELETE FROM club.players",
    "a new readers' password": "SELECT * FROM club.add_reader('x')",
    "a table": "SELECT * FROM club.add_table('x')",
    "a withdrawn pass": "SELECT club.withdraw_table('x', 1)",
    "a table of its own": "CREATE TABLE club.mine (x integer)",
    "a temporary table": "CREATE TEMPORARY TABLE mine (x integer)",
}


@pytest.mark.parametrize("statement", WRITES.values(), ids=WRITES.keys())
def test_a_results_code_writes_nothing(night, admin, statement):
    with (
        night.reader(night.codes()[0]) as reader,
        pytest.raises(psycopg.errors.InsufficientPrivilege),
    ):
        reader.execute(statement)


def test_a_results_code_reads_no_other_events_player(night, admin, club_server):
    """Another event's key, given with this event's login, reads nothing; the key works
    only with its own event's login."""
    other = create_event(admin, "Another night", tables=1)
    t.configure(admin, other.event, progressive_euchre.FORMAT, {}, seed=1)
    t.register(admin, other.event, "Stranger")
    (key,) = player_keys(admin, other.event).values()
    publish(admin, other.event)
    mine = parse_results(night.codes()[0])
    with pytest.raises(JoinCodeError, match="no player's results have this code"):
        read_night(ResultsCode(mine.login, key), night.folder)
    theirs = results_codes(other, night.where, {0: key})[0]
    assert read_night(parse_results(theirs), night.folder)["player"] == "Stranger"


def test_a_directors_login_reads_no_other_events_keys(night, admin):
    other = create_event(admin, "Another night", tables=1)
    t.configure(admin, other.event, progressive_euchre.FORMAT, {}, seed=1)
    t.register(admin, other.event, "Stranger")
    player_keys(admin, other.event)
    night.codes()
    with night.director() as director:
        events = director.execute("SELECT DISTINCT event_id FROM club.player_keys").fetchall()
    assert events == [(night.event.event,)]


def test_a_results_login_is_bounded_and_a_new_password_retires_the_printed_codes(night, admin):
    code = night.codes()[0]
    role = night.event.reader.role
    limit = admin.execute("SELECT rolconnlimit FROM pg_roles WHERE rolname = %s", (role,))
    assert limit.fetchone() == (READER_CONNECTIONS,)
    night.event.reader = add_reader(admin, night.event.event)  # a new password
    with pytest.raises(JoinCodeError, match="no longer takes this code"):
        read_night(parse_results(code), night.folder)
    assert read_night(parse_results(night.codes()[0]), night.folder)["player"]


# -- kept current while serve runs -------------------------------------------------------------


def test_the_night_a_code_reads_follows_the_hands_as_serve_runs(night, admin, club_server):
    codes = night.codes()
    name = night.names[2][0]
    code = parse_results(codes[number_of(admin, night, name)])
    publisher = Publisher(club_server.admin_url(), every=60, settle=0.1, gap=1)
    publisher.start()
    try:
        t.start_round(admin, night.event.event, 2)
        drawn = t.seating(admin, night.event.event, 2)
        table = next(x for x in drawn.tables if number_of(admin, night, name) in x.seats)
        seated = t.table_players(admin, night.event.event, table)
        points = [2 if seat % 2 == seated.index(name) % 2 else 0 for seat in range(4)]
        t.enter_card(admin, night.event.event, 2, table.number, [points])
        deadline = time.monotonic() + 45  # well before the publisher's own minute
        while time.monotonic() < deadline:
            second = read_night(code, night.folder)["rounds"][1]
            if second.get("hands"):
                break
            time.sleep(0.1)
        assert second["hands"] == [2] and second["points"] == 2
    finally:
        publisher.stop()


def test_an_event_saved_before_results_codes_is_given_its_readers_login(night, admin):
    path = night.event.save(night.folder / "events")
    saved = json.loads(path.read_text(encoding="utf-8"))
    del saved["reader"]  # as an earlier Scorekeeper saved it
    path.write_text(json.dumps(saved), encoding="utf-8")
    older = EventCredentials.load(path)
    assert older.reader is None
    with night.director() as director:
        ensure_reader(director, older, path.parent)
        keys = player_keys(director, older.event)
        publish(director, older.event)
    kept = EventCredentials.load(path)
    assert kept.reader == older.reader and kept.reader is not None
    (code,) = results_codes(kept, night.where, {0: keys[0]}).values()
    assert read_night(parse_results(code), night.folder)["player"] == NAMES[0]
