"""Whole nights played on paper data: a Progressive Euchre night, a Sheepshead
tournament redrawn by standings and a Spades league; their standings add up, and the
movement cards, score cards and final standings print every name as typed. The PDFs are
kept under tests/screenshots/ to look at."""

import io
import random
import re
from collections import Counter
from pathlib import Path

from pypdf import PdfReader

from scorekeeper.club.formats.berger import berger
from scorekeeper.club.formats.board import Stage, board_data
from scorekeeper.club.formats.redraw import redraw
from scorekeeper.club.formats.schedule import INDIVIDUAL, PARTNERS, Round, Schedule, Table
from scorekeeper.club.formats.standings import (
    award,
    credit_byes,
    payout_sheet,
    round_results,
    standings,
)
from scorekeeper.games.euchre.club import FORMAT as EUCHRE
from scorekeeper.games.euchre.club import hand_points, opening_schedule
from scorekeeper.games.sheepshead.club import FORMAT as SHEEPSHEAD
from scorekeeper.games.spades.club import FORMAT as SPADES
from scorekeeper.games.spades.club import match_over
from scorekeeper.reports.movement import movement_bytes, score_cards, seat_cards, table_cards
from scorekeeper.reports.tournament import standings_bytes

SHOTS = Path(__file__).resolve().parents[2] / "screenshots"
NAMES = [
    "Ann Ødegård", "Bob", "Cy <b>", "Dee", "Eve O'Neil", "Fay", "Gus", "Hal", "Ivy", "Jo",
    "Kim", "Lu", "Mo", "Ned", "Oz", "Pat", "Quin", "Ray", "Sue", "Tom", "Uma", "Vic",
    "Wes", "Xia", "Yan", "Zed",
]  # fmt: skip


def pages(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def keep(name: str, data: bytes) -> None:
    SHOTS.mkdir(exist_ok=True)
    (SHOTS / name).write_bytes(data)


def euchre_hand(rng: random.Random) -> tuple[tuple[int, int], dict]:
    """A random euchre outcome as the game records it: side points and details."""
    maker, alone, tricks = rng.randrange(4), rng.random() < 0.15, rng.choice([0, 1, 2, 3, 3, 4, 5])
    if tricks >= 3:
        points, side, result = (4 if alone else 2, maker % 2, "alone march" if alone else "march")
        if tricks < 5:
            points, result = 1, "alone made" if alone else "made"
    else:
        points, side, result = 2, 1 - maker % 2, "euchred"
    sides = (points, 0) if side == 0 else (0, points)
    return sides, {"maker": maker, "alone": alone, "result": result}


def test_a_progressive_euchre_night_of_22_players():
    rng = random.Random(18)
    names = NAMES[:22]
    options = EUCHRE.settings({"loner_five_four": True, "euchred_loner_three": True})
    chart = opening_schedule(len(names), options)
    hands, tables, big_hands = [], {}, []
    for round_ in chart.rounds:
        for table in round_.tables:
            tables[round_.number, table.number] = table.sides(PARTNERS)
            for _ in range(options["hands"]):
                sides, outcome = euchre_hand(rng)
                points = hand_points(sides, outcome, options)
                seated = [names[p] for p in table.seats]
                big_hands += filter(None, [EUCHRE.big_hand(outcome, seated)])
                hands += [
                    (round_.number, table.number, p, n)
                    for p, n in zip(table.seats, points, strict=True)
                ]
    byes = {r.number: r.byes for r in chart.rounds}
    results = credit_byes(round_results(hands, tables), byes, options["bye"])
    final = award(standings(results, [t.id for t in EUCHRE.ranking], range(22)), [5000, 3000, 2000])
    credited = sum(r.points for r in results if r.bye)
    assert sum(s.points for s in final) == sum(h[3] for h in hands) + credited
    assert all(len(s.history) == len(chart.rounds) for s in final)
    assert sum(s.prize for s in final) == 10000
    event = "St. Mary's fundraiser"
    board = board_data(EUCHRE, event, Stage(None, 8, 8), final, names, None, big_hands[::-1])
    assert board.standings[0] == ("1", names[final[0].player], str(final[0].points))
    assert board.big_hands and all(
        "loner" in words or "alone" in words for words in board.big_hands
    )
    report = standings_bytes(EUCHRE, final, names, event)
    keep("euchre-night-standings.pdf", report)
    text = pages(report)
    assert all(name in text for name in names) and "final standings" in text
    codes = {p: f"SKP1-player-{p}" for p in range(len(names))}  # results codes, by player
    for what, story in [
        ("table cards", table_cards(EUCHRE, chart, names, event)),
        ("where to sit", seat_cards(EUCHRE, chart, names, event)),
        ("score cards", score_cards(EUCHRE, chart, names, event, codes)),
    ]:
        data = movement_bytes(story, event, what)
        keep(f"euchre-night-{what.replace(' ', '-')}.pdf", data)
        text = pages(data)
        assert "Cy <b>" in text and "None" not in text and "True" not in text
    assert "sits out" in text and len(PdfReader(io.BytesIO(data)).pages) == 22


def test_a_sheepshead_tournament_redrawn_by_standings_for_money():
    rng = random.Random(5)
    names = NAMES[:23]
    options = SHEEPSHEAD.settings({"movement": "standings", "cents_per_point": 25})
    ranking = [t.id for t in SHEEPSHEAD.ranking]
    sat_out: Counter[int] = Counter()
    hands, tables, rounds, results = [], {}, [], []
    for number in range(1, options["rounds"] + 1):
        order = [s.player for s in standings(results, ranking, range(23))] if number > 1 else None
        round_ = redraw(number, range(23), sat_out, rng, order)
        sat_out.update(round_.byes)
        rounds.append(round_)
        for table in round_.tables:
            tables[number, table.number] = table.sides(INDIVIDUAL)
            for _ in range(options["hands"]):
                picker, partner = rng.sample(table.seats, 2)
                stake = rng.choice([1, 2, 3, -2, -4])
                for seat in table.seats:
                    share = 2 * stake if seat == picker else stake if seat == partner else -stake
                    hands.append((number, table.number, seat, share))
        byes = {r.number: r.byes for r in rounds}
        results = credit_byes(round_results(hands, tables), byes, options["sit_out"])
    final = standings(results, ranking, range(23))
    assert sum(s.points for s in final) == 0  # every hand's points sum to zero
    assert max(sat_out.values()) - min(sat_out[p] for p in range(23)) <= 1
    won = Counter()
    for _, _, player, points in hands:
        won[player] += points
    sheet = payout_sheet(won, options["cents_per_point"])
    assert sum(line.cents for line in sheet) == 0
    report = standings_bytes(SHEEPSHEAD, final, names, "Wisconsin open", sheet, 25)
    keep("sheepshead-tournament-standings.pdf", report)
    text = pages(report)
    assert "Payout sheet at 0.25 a point" in text and "sat out" in text
    chart = Schedule(23, tuple(rounds), INDIVIDUAL, "standings")
    keep(
        "sheepshead-where-to-sit.pdf",
        movement_bytes(
            seat_cards(SHEEPSHEAD, chart, names, "Wisconsin open"), "Wisconsin open", "where to sit"
        ),
    )


def test_a_spades_league_of_seven_teams():
    rng = random.Random(7)
    teams = [f"{a} & {b}" for a, b in zip(NAMES[0:14:2], NAMES[1:14:2], strict=True)]
    options = SPADES.settings()
    chart = berger(len(teams))
    hands, tables = [], {}
    for round_ in chart.rounds:
        for table in round_.tables:
            tables[round_.number, table.number] = table.sides(chart.seating)
            scores, played = [0, 0], 0
            while not match_over((scores[0], scores[1]), played, options):
                gains = [rng.choice([-100, 40, 60, 80, 110]) for _ in range(2)]
                for side, gain in enumerate(gains):
                    scores[side] += gain
                    hands.append((round_.number, table.number, table.seats[side], gain))
                played += 1
    final = standings(round_results(hands, tables), [t.id for t in SPADES.ranking], range(7))
    assert sum(s.wins for s in final) == 21  # every match has a winner
    assert [s.wins for s in final] == sorted((s.wins for s in final), reverse=True)
    report = standings_bytes(SPADES, final, teams, "Tuesday league")
    keep("spades-league-standings.pdf", report)
    assert "matches won, then points, then head-to-head" in pages(report)


def test_a_late_arrivals_card_says_not_playing_before_and_sits_out_on_a_bye():
    """Hal (7) arrives for round 2 and sits out round 3; Eve (4) leaves after round 1."""
    rounds = [
        Round(1, (Table(1, (0, 1, 2, 3)), Table(2, (4, 5, 6, 8))), ()),
        Round(2, (Table(1, (0, 7, 2, 3)), Table(2, (1, 5, 6, 8))), ()),
        Round(3, (Table(1, (0, 1, 2, 3)), Table(2, (8, 5, 6, 9))), (7,)),
    ]
    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"]
    data = movement_bytes(
        seat_cards(EUCHRE, Schedule(10, tuple(rounds), PARTNERS, "draw"), names, "Late night"),
        "Late night",
        "seats",
    )
    text = pages(data)
    hal = text[text.index("Hal: where you sit") :].split("where you sit")[1]
    assert re.search(r"1\s+not playing", hal) and re.search(r"3\s+sits out", hal), hal
    eve = text[text.index("Eve: where you sit") :].split("where you sit")[1]
    assert re.search(r"2\s+not playing", eve) and "sits out" not in eve, eve
