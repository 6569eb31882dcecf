"""``check`` reads any hand a table can write down: a ruling the table never decided is
listed, the play stands as recorded and the reading goes on; only impossible events
make a file unusable."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import jsonschema
import pytest

from scorekeeper.adjudicator import Refused
from scorekeeper.cli import main
from scorekeeper.events import Event
from scorekeeper.games import GAME_MODULES, get_game
from scorekeeper.ledger import Ledger
from scorekeeper.match import HandRecord
from scorekeeper.matchfile import load_match, write_match
from scorekeeper.storage import Store
from tests.last_play_proves import renege_proved_by_the_last_play
from tests.storage.samples import match_info

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = json.loads((ROOT / "resources" / "check.schema.json").read_text(encoding="utf-8"))
EXAMPLES = ROOT / "docs" / "examples"


def example(game: str) -> dict:
    return json.loads((EXAMPLES / f"{game}.json").read_text(encoding="utf-8"))


def three_reneges() -> dict:
    """The Euchre example's first hand with Cy reneging twice and Ben once, never decided:
    trick 1 Cy plays 10♣ holding 10♦ (diamonds are trump); trick 2 Cy plays 10♠ to the
    left bower holding 10♦; trick 3 Ben plays J♠ to K♦ holding Q♦ (and trumps the
    last trick with it)."""
    document = example("euchre")
    events = [e for e in document["hands"][0]["events"] if e["kind"] != "decision"]
    plays = {(e["seat"], e["card"]): e for e in events if e["kind"] == "play"}
    plays[(2, "10D")]["card"], plays[(2, "10S")]["card"] = "10S", "10D"
    plays[(1, "QD")]["card"], plays[(1, "JS")]["card"] = "JS", "QD"
    document["hands"][0]["events"] = events
    return document


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(argv))
    return status, out.getvalue(), err.getvalue()


def write(tmp_path: Path, document: dict, name: str = "match.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return path


def test_check_on_a_hand_with_three_undecided_rulings_lists_all_three(tmp_path):
    path = write(tmp_path, three_reneges())
    status, out, _ = run("check", str(path))
    assert status == 1
    assert out.count("undecided: the play stands as recorded") == 3
    assert "Follow suit: Cy played 10♣ in trick 1." in out
    assert "Follow suit: Cy played 10♠ in trick 2." in out
    assert "Follow suit: Ben played J♠ in trick 3." in out
    assert "Cy held 10♦" in out and "Ben held Q♦" in out
    assert "3 rules broken" in out


def test_three_undecided_rulings_in_json_validate_against_the_schema(tmp_path):
    path = write(tmp_path, three_reneges())
    status, out, _ = run("check", "--json", str(path))
    record = json.loads(out)
    jsonschema.Draft202012Validator(SCHEMA).validate(record)
    rulings = record["hands"][0]["rulings"]
    assert status == 1 and record["violations"] == 3
    assert [(r["player"], r["card"], r["trick"], r["decision"]) for r in rulings] == [
        ("Cy", "10C", 1, "undecided"),
        ("Cy", "10S", 2, "undecided"),
        ("Ben", "JS", 3, "undecided"),
    ]
    assert all(r["rule"] == "euchre.play.follow-suit" and r["evidence"] for r in rulings)
    assert record["hands"][0]["penalties"] == []  # undecided: no penalty applied
    assert len(record["hands"]) == 3 and all(hand["scored"] for hand in record["hands"])


@pytest.mark.parametrize("game", list(GAME_MODULES))
def test_an_example_without_its_decision_is_read_with_the_ruling_undecided(tmp_path, game):
    document = example(game)
    document["hands"][0]["events"] = [
        e for e in document["hands"][0]["events"] if e["kind"] != "decision"
    ]
    status, out, _ = run("check", "--json", str(write(tmp_path, document)))
    record = json.loads(out)
    jsonschema.Draft202012Validator(SCHEMA).validate(record)
    assert status == 1
    assert [r["decision"] for r in record["hands"][0]["rulings"]] == ["undecided"]
    assert len(record["hands"]) == len(document["hands"])


@pytest.mark.parametrize(
    ("change", "place"),
    [
        (lambda e: e[8].update(card="AD"), "events[8]"),
        (lambda e: e[8].update(card="2C"), "events[8]"),
        (lambda e: e[8].update(seat=3), "events[8]"),
    ],
    ids=["a card twice", "a card not in the deck", "out of turn"],
)
def test_only_impossible_events_make_the_file_unusable(tmp_path, change, place):
    document = three_reneges()
    change(document["hands"][0]["events"])
    status, out, _ = run("check", "--json", str(write(tmp_path, document)))
    assert status == 2
    assert json.loads(out)["place"] == f"hands[0].{place}"


def test_import_and_export_keep_a_file_with_undecided_rulings_as_written(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    path = write(tmp_path, three_reneges())
    assert run("import", "--data-dir", str(data), str(path))[0] == 0
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    assert run("export", "--data-dir", str(data), "1", "-o", str(first))[0] == 0
    assert run("import", "--data-dir", str(data), "--as-new", str(first))[0] == 0
    assert run("export", "--data-dir", str(data), "2", "-o", str(second))[0] == 0
    assert first.read_bytes() == second.read_bytes()
    status, out, _ = run("check", "--json", str(second))
    assert status == 1 and json.loads(out)["violations"] == 3


def test_live_entry_still_asks_the_table_to_decide_first(tmp_path):
    document = three_reneges()
    events = document["hands"][0]["events"]
    document["hands"] = [document["hands"][0]]
    document["hands"][0]["events"] = events[:9]  # up to Cy's 10♣, then stop
    ledger = load_match(write(tmp_path, document))
    with pytest.raises(Refused, match=r"decide on the ruling on Follow suit: Cy played 10♣"):
        ledger.record(Event.from_json(events[9], "test"))
    ledger.decide(0, 8, "stand")
    ledger.record(Event.from_json(events[9], "test"))
    assert ledger.hands[0].decisions == {8: "stand"}


@pytest.mark.parametrize(
    ("game", "words"),
    [
        ("euchre", "Penalty: renege (Follow suit, Cy, trick 1): 2 to Ben & Di"),
        ("spades", "Cy reneged (follow suit); 3 tricks to Ben & Di"),
        ("sheepshead", "Follow suit: Cy misplayed"),
        ("california_jack", "Ann broke it in trick 1 and the table let it stand; Ben wins"),
    ],
    ids=[
        "euchre renege: 2 points to the other side",
        "spades renege: 3 tricks move to the other side",
        "sheepshead misplay: the offender's side loses",
        "california jack renege: the other player wins the game",
    ],
)
def test_the_penalty_of_every_game_is_in_check_text_and_json(game, words):
    path = str(EXAMPLES / f"{game}.json")
    status, text, _ = run("check", path)
    _, out, _ = run("check", "--json", path)
    hand = json.loads(out)["hands"][0]
    assert status == 1 and words in text
    assert text.count("Penalty: ") == 1, "the penalty is said once"
    assert "Penalty: Renege penalty" not in text
    assert words.removeprefix("Penalty: ") in hand["penalty"]
    assert [(p["player"], p["trick"], p["decision"]) for p in hand["penalties"]] == [
        (hand["rulings"][0]["player"], 1, "stand")
    ]


def test_an_undecided_renege_moves_no_tricks_in_spades(tmp_path):
    document = example("spades")
    document["hands"][0]["events"] = [
        e for e in document["hands"][0]["events"] if e["kind"] != "decision"
    ]
    status, text, _ = run("check", str(write(tmp_path, document)))
    assert status == 1 and "undecided: the play stands as recorded" in text
    assert "3 tricks to Ben & Di" not in text


# -- a ruling the last play proved, at the end of the file --------------------------------

GAMES = list(GAME_MODULES)


def last_play_file(tmp_path: Path, game_id: str, followed: bool = False) -> Path:
    """A file whose first hand ends on the card that proves a renege, with no decision;
    ``followed``: a hand entered as its result follows it."""
    hands = [HandRecord(0, renege_proved_by_the_last_play(game_id))]
    if followed:
        hands.append(HandRecord(1, [Event("result", data=get_game(game_id).samples.quick)]))
    path = tmp_path / f"{game_id}{'-followed' if followed else ''}.json"
    write_match(path, match_info(game_id), hands)
    return path


def hand_block(text: str) -> list[str]:
    """The lines ``check`` prints for hand 1."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Hand 1 "))
    return lines[start : lines.index("", start)]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_ruling_the_last_play_proved_at_the_end_of_a_file_is_undecided_and_the_hand_scored(
    tmp_path, game_id
):
    path = str(last_play_file(tmp_path, game_id))
    status, text, _ = run("check", path)
    _, out, _ = run("check", "--json", path)
    _, explained, _ = run("check", path, "--explain", "1")
    record = json.loads(out)
    jsonschema.Draft202012Validator(SCHEMA).validate(record)
    [hand] = record["hands"]
    assert status == 1
    assert hand["finished"] and hand["scored"] and hand["summary"] != "not finished"
    assert [r["decision"] for r in hand["rulings"]] == ["undecided"]
    assert hand["penalties"] == [] and record["totals"] == hand["totals"]
    assert hand_block(text)[0] == f"Hand 1 (dealer {hand['dealer_name']}): {hand['summary']}"
    assert "(undecided: the play stands as recorded):" in text
    assert "Points: " in "\n".join(hand_block(text))
    assert explained.splitlines()[0] == f"Hand 1 (dealer {hand['dealer_name']}): {hand['summary']}"
    assert "Ruling (undecided: the play stands as recorded)" in explained


@pytest.mark.parametrize("game_id", GAMES)
def test_a_hand_ending_the_file_reads_exactly_as_when_a_hand_follows_it(tmp_path, game_id):
    alone = str(last_play_file(tmp_path, game_id))
    followed = str(last_play_file(tmp_path, game_id, followed=True))
    assert (
        json.loads(run("check", "--json", alone)[1])["hands"][0]
        == (json.loads(run("check", "--json", followed)[1])["hands"][0])
    )
    assert hand_block(run("check", alone)[1]) == hand_block(run("check", followed)[1])
    assert run("check", alone, "--explain", "1")[1] == run("check", followed, "--explain", "1")[1]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_imported_file_reopens_from_the_database_as_check_read_it(tmp_path, game_id):
    """Imported, the hand is played and the ruling undecided wherever the match is read
    from: the database (from the outcome it kept, the hand folded when asked, and replayed
    as another version of the engine would), ``export`` (the same bytes)."""
    data = tmp_path / "data"
    data.mkdir()
    path = last_play_file(tmp_path, game_id)
    assert run("import", "--data-dir", str(data), str(path))[0] == 0
    with Store(data / "scorekeeper.sqlite3") as store:
        for kept in (True, False):
            ledger = store.open_ledger(1)
            hand = ledger.hands[0]
            assert hand.folded is not kept and hand.is_over and len(ledger.scores) == 1
            assert [v.event_index for v in hand.pending] == [hand.violations()[0].event_index]
            assert hand.is_over and ledger.current is not hand  # folded, still played
            store._db.execute("DELETE FROM hand_outcomes")
    exported = tmp_path / "exported.json"
    assert run("export", "--data-dir", str(data), "1", "-o", str(exported))[0] == 0
    assert exported.read_bytes() == path.read_bytes()


@pytest.mark.parametrize("game_id", GAMES)
def test_a_hand_a_hand_follows_stays_played_when_folded_from_its_kept_outcome(tmp_path, game_id):
    """Reopened, the first hand is not replayed (its outcome is kept); asked for its
    rulings, it is folded, and the ruling the second hand went on past still stands."""
    with Store(tmp_path / "scorekeeper.sqlite3") as store:
        path = last_play_file(tmp_path, game_id, followed=True)
        ledger = store.open_ledger(store.import_ledger(load_match(path)))
        hand = ledger.hands[0]
        assert not hand.folded and hand.is_over
        assert len(hand.pending) == 1 and hand.folded and hand.is_over


@pytest.mark.parametrize("game_id", GAMES)
def test_entered_live_the_same_ruling_waits_for_the_table_and_still_does_when_reopened(
    tmp_path, game_id
):
    ledger = Ledger(match_info(game_id))
    for event in renege_proved_by_the_last_play(game_id):
        ledger.record(event)
    hand = ledger.hands[0]
    assert not hand.is_over and len(hand.pending) == 1 and ledger.scores == []
    with Store(tmp_path / "scorekeeper.sqlite3") as store:
        reopened = store.open_ledger(store.create_match(ledger.info, ledger.records()))
        assert not reopened.hands[0].is_over and reopened.scores == []
        assert reopened.current is reopened.hands[0]


def test_the_last_play_of_an_imported_file_taken_back_and_put_back_is_entered_anew(tmp_path):
    """Undo takes back the imported hand's last card (the end of the file with it), and
    redo enters it again as at the table: the ruling now waits for the table's decision."""
    with Store(tmp_path / "scorekeeper.sqlite3") as store:
        match_id = store.import_ledger(load_match(last_play_file(tmp_path, "euchre")))
        taken = store.undo_step(match_id)
        assert taken is not None and taken.event.kind == "play"
        reopened = store.open_ledger(match_id)
        assert not reopened.hands[0].is_over and reopened.violations() == []
        store.redo_step(match_id)
        reopened = store.open_ledger(match_id)
        assert not reopened.hands[0].is_over and len(reopened.hands[0].pending) == 1


def test_a_file_ending_on_a_hand_just_begun_is_imported_with_the_hand_before_it_played(tmp_path):
    """The hand after the renege was begun and nothing entered in it: the database keeps
    no empty hand, and the hand before it still reads as played."""
    path = tmp_path / "begun.json"
    hands = [HandRecord(0, renege_proved_by_the_last_play("spades")), HandRecord(1)]
    write_match(path, match_info("spades"), hands)
    with Store(tmp_path / "scorekeeper.sqlite3") as store:
        ledger = store.open_ledger(store.import_ledger(load_match(path)))
        assert len(ledger.hands[0].pending) == 1  # the hand is read again, from its events
        assert ledger.hands[0].is_over and len(ledger.scores) == 1


@pytest.mark.parametrize("game_id", GAMES)
def test_a_correction_after_the_end_of_an_imported_file_leaves_the_ruling_standing(
    tmp_path, game_id
):
    """The app corrects a card of the imported hand (to the same card, so nothing else
    changes): the ruling the file ended on still stands, and reopened it stands too."""
    with Store(tmp_path / "scorekeeper.sqlite3") as store:
        match_id = store.import_ledger(load_match(last_play_file(tmp_path, game_id)))
        ledger = store.open_ledger(match_id)
        index, play = next((i, e) for i, e in enumerate(ledger.hands[0].events) if e.kind == "play")
        ledger.correct(0, index, play)
        store.record_step(match_id, 0, ledger.hands[0].dealer, ledger.hands[0].events[-1])
        reopened = store.open_ledger(match_id)
        for hand in (ledger.hands[0], reopened.hands[0]):
            assert len(hand.pending) == 1 and hand.is_over
        assert len(ledger.scores) == len(reopened.scores) == 1
