"""The score sheet and the hand report: what a reader finds in the PDF text."""

from __future__ import annotations

import io
import re
from functools import cache
from pathlib import Path

import pytest
from pypdf import PdfReader

from scorekeeper.games import GAME_MODULES
from scorekeeper.matchfile import load_match
from scorekeeper.record import report_hands
from scorekeeper.reports import (
    build_hand_report,
    build_score_sheet,
    hand_report_bytes,
    score_sheet_bytes,
)
from scorekeeper.reports.cells import TextCell
from scorekeeper.reports.layout import MARGIN, content_width, page_size
from scorekeeper.reports.sheet import ROW_SIZE, hand_columns, hand_words, short_names
from scorekeeper.words import signed, violation_lines
from tests.reports.matches import california_jack_series, example_match, pdf_text
from tests.storage.samples import california_jack_decided_in_one_game


def without_footers(pages: list[str]) -> str:
    """The pages' text without the footer each ends with, so text runs on across pages."""
    return "\n".join(re.sub(r"page \d+ of \d+\s+Friday night.*$", "", p, flags=re.S) for p in pages)


GAMES = list(GAME_MODULES)


@cache
def match(game: str):
    return example_match(game)


@cache
def sheet_text(game: str) -> str:
    return spaced("\n".join(pdf_text(score_sheet_bytes(match(game)))))


def spaced(text: str) -> str:
    """Text with every run of spaces and line breaks as one space (table cells come out
    one per line)."""
    return " ".join(text.split())


def sheet_text_of(ledger) -> str:
    return spaced("\n".join(pdf_text(score_sheet_bytes(ledger))))


def flat(text: str) -> str:
    """Text without line breaks or spaces: how a name wrapped over lines still reads."""
    return "".join(text.split())


@pytest.mark.parametrize("game", GAMES)
def test_sheet_holds_names_totals_and_rulings(game):
    ledger = match(game)
    text = sheet_text(game)
    for name in ledger.info.players:
        assert name in text
    assert "Cleo's kitchen" in text and "2024-05-03" in text
    for side, total in zip(ledger.side_names, ledger.totals, strict=True):
        assert f"{side}: {signed(total, plus=False)} " in text
    violations = ledger.violations()
    assert violations, "each example match holds a ruling"
    for _, violation in violations:
        assert f"{violation.rule.title}: " in text  # the rule by its title, never its id
        assert violation.rule.id not in text
        assert flat(violation.rule.text) in flat(text)
    assert "(let stand)" in text


@pytest.mark.parametrize("game", GAMES)
def test_sheet_has_a_row_per_hand_with_running_totals(game):
    ledger = match(game)
    text = sheet_text(game)
    for number, score in enumerate(ledger.scores, start=1):
        dealer = ledger.info.players[ledger.hands[number - 1].dealer]
        cells = " ".join(
            f"{signed(p)} {signed(t, plus=False)}"
            for p, t in zip(score.points, score.totals, strict=True)
        )
        row = rf"\b{number} {re.escape(dealer)} .*?{re.escape(cells)}"
        assert re.search(row, text), f"hand {number}: {cells}"


@pytest.mark.parametrize("game", GAMES)
def test_hand_report_holds_tricks_bids_and_ruling(game):
    ledger = match(game)
    number, violation = ledger.violations()[0]
    log = ledger.hands[number]
    text = spaced("\n".join(pdf_text(hand_report_bytes(ledger, number))))
    assert f"Hand {number + 1}: Friday night" in text
    names = ledger.info.players
    broke = (violation.trick, violation.seat)
    for trick_number, trick in enumerate(log.state.tricks, start=1):
        cards = " ".join(
            f"{card} ⚑" if (trick_number, seat) == broke else str(card)
            for seat in range(len(names))
            if (card := trick.card_of(seat))
        )
        points = f" {trick.points}" if counted(log) else ""
        row = f"{trick_number} {names[trick.leader]} {cards} {names[trick.winner]}{points}"
        assert row in text
    for line in violation_lines(violation, names):
        assert flat(line.replace(f" ({violation.rule.id})", "")) in flat(text)
    assert violation.rule.id not in text
    assert "Deal, bids and calls" in text
    assert f"{violation.card} ⚑" in text, "the card that broke the rule is marked"
    assert "⚑ marks a card whose play broke a rule." in text


def counted(log) -> bool:
    """Whether the game counts card points in tricks (else the table has no Points)."""
    return any(trick.points for trick in log.state.tricks)


@pytest.mark.parametrize("game", GAMES)
def test_trick_table_shows_points_only_where_cards_count(game):
    ledger = match(game)
    text = spaced("\n".join(pdf_text(hand_report_bytes(ledger, 0))))
    assert ("Winner Points" in text) == counted(ledger.hands[0])
    table = ledger.hands[0].state.table
    assert table is not None and counted(ledger.hands[0]) == table.scores_points


@pytest.mark.parametrize(
    ("game", "heading", "words"),
    [
        pytest.param(
            "spades",
            "Bids, tricks, bags and score",
            "bid took bid took",
            id="spades: bids, bags, nils",
        ),
        pytest.param(
            "california_jack",
            "High, Low, Jack and card points when each game ended",
            "High Low Jack",
            id="california jack: honours at the end",
        ),
    ],
)
def test_hand_report_game_sections(game, heading, words):
    text = spaced("\n".join(pdf_text(hand_report_bytes(match(game), 0))))
    assert heading in text and words in text


def test_california_jack_rows_give_honours_and_card_points():
    ledger = california_jack_series(1)
    text = sheet_text_of(ledger)
    assert "Game 1: Ben wins 14–3 (High —, Low Ben, Jack Ben; card points 12–3)" in text
    assert "Ben: 1 game won" in text


def test_schwanzer_evaluation_lists_each_players_points():
    ledger = example_match("sheepshead", hands=1)
    ledger.quick({"schwanzer": [10, 3, 4, 2, 1]})
    text = spaced("\n".join(pdf_text(score_sheet_bytes(ledger))))
    assert "Schwanzer evaluation" in text
    assert "2 10 3 4 2 1 Anna" in text
    assert "Schwanzer: Anna lost with 10" in text


def test_spades_words_say_bid_took_and_bags():
    ledger = example_match("spades", hands=0)
    ledger.quick({"bids": [2, 2, 2, 2], "tricks": [3, 3, 3, 4]})
    text = spaced("\n".join(pdf_text(score_sheet_bytes(ledger))))
    assert "Anna & Cleo 4 bid, 6 took, 2 bags" in text


def test_money_per_point_prints_who_owes_whom():
    ledger = example_match("sheepshead", hands=0)
    ledger = type(ledger)(
        type(ledger.info)(
            **{
                **ledger.info.__dict__,
                "settings": ledger.game.settings(point_value=25),
            }
        )
    )
    ledger.quick({"schwanzer": [10, 3, 4, 2, 1]})
    text = spaced("\n".join(pdf_text(score_sheet_bytes(ledger))))
    assert "Money per point: 0.25 a point" in text
    for payee in ("Ben", "Cleo", "Dan", "Eve"):
        assert f"Anna pays {payee} 0.25" in text


HOSTILE = [
    pytest.param('<b>Bob & "Al"</b>', id="markup and quotes"),
    pytest.param("100% %s %(x)d &amp; &lt;", id="format strings and entities"),
    pytest.param("Zoë 😀 Ğ", id="emoji"),
    pytest.param("שלום עולם", id="right to left"),
]


@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_names_print_literally(name):
    players = (name, "Ben", "Cleo", "Dan")
    ledger = example_match("euchre", hands=2, players=players, name=f"Night of {name}")
    sheet = "\n".join(pdf_text(score_sheet_bytes(ledger)))
    assert f"Seat 1: {name}" in sheet
    assert f"Night of {name}" in sheet
    report = "\n".join(pdf_text(hand_report_bytes(ledger, 0)))
    assert f"Hand 1: Night of {name}" in report
    if not any("\u0590" <= char <= "\u08ff" for char in name):
        # a reader's extraction attaches the spaces after a right-to-left run to that run,
        # so such a name is checked where it ends its line (above), here the others
        assert f"{name} & Cleo: " in report  # the team's line of points


def test_a_ten_thousand_character_name_prints_whole():
    long_name = "Bartholomew<&>%s " * 589 + "end"
    assert len(long_name) >= 10_000
    ledger = example_match("california_jack", hands=2)
    ledger.info = ledger.info.__class__(**{**ledger.info.__dict__, "players": (long_name, "Ben")})
    sheet = flat(without_footers(pdf_text(score_sheet_bytes(ledger))))
    assert flat(f"Seat 1: {long_name}") in sheet
    report = flat(without_footers(pdf_text(hand_report_bytes(ledger, 0))))
    assert flat(f"Dealer: {long_name}") in report


def test_pdf_embeds_dejavu_and_the_suits_are_text():
    data = hand_report_bytes(match("spades"), 0)
    reader = PdfReader(io.BytesIO(data))
    fonts = {}
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            fonts[font["/BaseFont"]] = font
    embedded = [
        name
        for name, font in fonts.items()
        if "DejaVuSans" in name and "/FontFile2" in font["/FontDescriptor"]
    ]
    assert embedded, f"no embedded TrueType DejaVu Sans among {sorted(fonts)}"
    assert not any(f.get("/Subtype") == "/Type1" for f in fonts.values()), (
        "a base-14 font slipped in"
    )
    text = "\n".join(pdf_text(data))
    assert all(suit in text for suit in "♠♥♦♣")


@pytest.mark.parametrize(
    ("paper", "size"),
    [pytest.param("letter", (612, 792), id="letter"), pytest.param("a4", (595, 842), id="a4")],
)
def test_paper_sizes(paper, size, tmp_path):
    path = tmp_path / "sheet.pdf"
    build_score_sheet(match("euchre"), path, paper=paper)
    box = PdfReader(path).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == size
    build_hand_report(match("euchre"), 0, tmp_path / "hand.pdf", paper=paper)
    assert (tmp_path / "hand.pdf").read_bytes().startswith(b"%PDF")


def test_unknown_paper_and_hand_are_named():
    with pytest.raises(ValueError, match="'legal' is not a paper size"):
        score_sheet_bytes(match("euchre"), paper="legal")
    with pytest.raises(ValueError, match="there is no hand 99"):
        hand_report_bytes(match("euchre"), 98)


def test_footer_names_the_match_and_numbers_the_pages():
    pages = [spaced(page) for page in pdf_text(score_sheet_bytes(match("spades")))]
    for number, page in enumerate(pages, start=1):
        assert page.endswith(f"page {number} of {len(pages)} Friday night")


def test_a_thousand_hand_match_fills_the_expected_pages():
    hands = 1000
    ledger = california_jack_series(hands)
    pages = [spaced(page) for page in pdf_text(score_sheet_bytes(ledger))]
    # each row is its lines' leading plus padding; the two header rows repeat on every page
    heads = ledger.report.column_heads
    words_width = hand_columns(content_width("letter"), len(ledger.sides), heads)[2] - 4
    names = short_names(ledger)
    heights = [
        TextCell(hand_words(ledger, hand, names), ROW_SIZE).wrap(words_width, 0)[1] + 3
        for hand in report_hands(ledger)
    ]
    header = 2 * (ROW_SIZE * 1.2 + 3)
    frame = page_size("letter")[1] - 2 * MARGIN - 6 - 12  # less the frame's padding
    rows_on = [
        sorted(
            int(m)
            for m in re.findall(r"(?<!\S)(\d+) (?:Anna|Ben) Game \d+: (?:Anna|Ben) wins", page)
        )
        for page in pages
    ]
    table_pages = [i for i, numbers in enumerate(rows_on) if numbers]
    listed = [n for i in table_pages for n in rows_on[i]]
    assert listed == list(range(1, hands + 1))
    for page in table_pages[1:-1]:  # a full page: its rows fit, one more would not
        used = header + sum(heights[n - 1] for n in rows_on[page])
        assert used <= frame < used + heights[rows_on[page][-1]], f"page {page + 1}"
    assert len(pages) <= table_pages[-1] + 2  # at most the statistics on a page of their own
    assert pages[-1].endswith(f"page {len(pages)} of {len(pages)} Friday night")


def test_the_two_of_clubs_prints_in_its_trick():
    """Card index 0 is the 2♣: a trick row must never drop it."""
    ledger = load_match(Path(__file__).parents[2] / "docs" / "examples" / "spades.json")
    text = spaced("\n".join(pdf_text(hand_report_bytes(ledger, 0))))
    assert "11 Ann 10♣ 5♥ 10♦ 2♣ Ann" in text


def test_ruling_evidence_names_the_players_and_keeps_the_rule_text():
    from types import SimpleNamespace

    from scorekeeper.evidence import Turn
    from scorekeeper.games import get_game
    from scorekeeper.games.base import Violation
    from scorekeeper.reports.fonts import register_fonts
    from scorekeeper.reports.sheet import ruling_block

    register_fonts()
    rule = get_game("spades").rules["table.out-of-turn"]
    violation = Violation(rule, 0, None, 1, (Turn(1),), 3)
    log = SimpleNamespace(decisions={}, pending=[violation])
    names = ("Ann", "Bob", "Cleo", "Dan")
    block = ruling_block(log, violation, names)[0]
    texts = [paragraph.text for paragraph in block._content]
    assert "Ann" in texts[0]
    assert texts[1:] == [rule.text, "it is Bob's turn"]


def test_a_hand_played_after_the_game_ended_reports_as_not_scored():
    one_game = california_jack_decided_in_one_game()
    late = one_game.hands_after_end[0]
    text = " ".join("\n".join(pdf_text(hand_report_bytes(one_game, late))).split())
    assert "(not scored: the game had already ended)" in text
    assert "High, Low, Jack and card points" not in text  # the game's table is for scored hands
