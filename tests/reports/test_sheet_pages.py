"""Score sheets as printed: every example on Letter and A4 and a match of hostile names,
rendered to PNG with PDFium (saved under tests/screenshots/reports/ to look at) and read
back with pypdf; the paper-pad columns of each game; the chart; one minus sign."""

from __future__ import annotations

import io
import re
from functools import cache
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from hypothesis import given
from hypothesis import strategies as st
from pypdf import PdfReader

from scorekeeper.ledger import Ledger
from scorekeeper.match import MatchInfo
from scorekeeper.matchfile import load_match
from scorekeeper.reports import hand_report_bytes, score_sheet_bytes
from scorekeeper.reports.chart import DASHES, chart_legend, nice_step, totals_chart
from scorekeeper.reports.fonts import FALLBACK, printable, register_fonts
from scorekeeper.reports.text import visual
from tests.reports.matches import example_match, new_ledger, pdf_text
from tests.storage.samples import example_files

ROOT = Path(__file__).parents[2]
EXAMPLES = example_files()
SHOTS = ROOT / "tests" / "screenshots" / "reports"
PAPERS = ("letter", "a4")

HEBREW, ARABIC = "שלום עולם", "سلام مريم"
CHINESE, KOREAN = "王小明", "김민준"
MARKUP_AND_EMOJI = '<b>Bo & "Al"</b> 👨‍👩‍👧🇩🇪'
HOSTILE = (HEBREW, ARABIC, CHINESE, KOREAN, MARKUP_AND_EMOJI)


def render(data: bytes, stem: str) -> list[Path]:
    """Save each page of ``data`` as ``stem-N.png`` (rendered by PDFium at 60 dpi)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for old in SHOTS.glob(f"{stem}-*.png"):
        old.unlink()
    document = pdfium.PdfDocument(data)
    for number, page in enumerate(document, start=1):
        page.render(scale=60 / 72).to_pil().save(SHOTS / f"{stem}-{number}.png", compress_level=1)
    pages = sorted(SHOTS.glob(f"{stem}-*.png"))
    assert len(pages) == len(PdfReader(io.BytesIO(data)).pages)
    assert all(page.stat().st_size > 1000 for page in pages)
    return pages


def fonts_of(data: bytes) -> dict[str, dict]:
    fonts = {}
    for page in PdfReader(io.BytesIO(data)).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            fonts[str(font["/BaseFont"])] = font
    return fonts


def assert_all_fonts_embedded(data: bytes) -> None:
    for name, font in fonts_of(data).items():
        descriptor = font.get("/FontDescriptor") or {}
        assert "/FontFile2" in descriptor, f"{name} is not embedded"


def one_line(data: bytes) -> str:
    return " ".join("\n".join(pdf_text(data)).split())


@cache
def hostile_match():
    return example_match("sheepshead", hands=4, players=HOSTILE, name=f"Night of {CHINESE}")


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("path", EXAMPLES, ids=[path.stem for path in EXAMPLES])
def test_each_example_prints_and_reads_back(path, paper):
    ledger = load_match(path)
    data = score_sheet_bytes(ledger, paper)
    render(data, f"{path.stem}-{paper}")
    text = one_line(data)
    for seat, name in enumerate(ledger.info.players, start=1):
        assert f"Seat {seat}: {name}" in text
    for name in ledger.side_names:
        assert f"{name}: " in text
    assert_all_fonts_embedded(data)
    assert not re.search(r"(?<![\w–-])-\d", text), "a hyphen used as a minus sign"
    assert not re.search(r"\b\w+(\.[\w-]+){2,}\b", text), "a rule id printed"
    preset = ledger.game.preset(ledger.info.settings.preset)
    assert f"Rules: {preset.title}" in text
    # a preset's id is never printed where its title belongs, and an id that is not a
    # word (first_to_ten) nowhere; one that is a word (kata) may appear in a rule's text
    assert f"Rules: {preset.id}" not in text
    assert not [other.id for other in ledger.game.presets if "_" in other.id and other.id in text]
    for rule in ledger.game.rules:
        assert rule.id not in text


def test_hostile_names_read_back_exactly_and_render():
    ledger = hostile_match()
    for paper in PAPERS:
        data = score_sheet_bytes(ledger, paper)
        render(data, f"hostile-names-{paper}")
        assert_all_fonts_embedded(data)
        assert any(FALLBACK in name for name in fonts_of(data)), "no CJK fallback embedded"
        pages = pdf_text(data)
        lines = {line.strip() for page in pages for line in page.splitlines()}
        for seat, name in enumerate(HOSTILE, start=1):
            assert f"Seat {seat}: {printable(name)}" in lines
        text = "\n".join(pages)
        for name in (HEBREW, ARABIC, CHINESE, KOREAN):
            assert text.count(name) >= 3, name  # seat line, standings, legend at least
        assert f"Night of {CHINESE}" in text
        report = hand_report_bytes(ledger, 0, paper)
        render(report, f"hostile-names-hand-{paper}")
        assert f"Hand 1: Night of {CHINESE}" in "\n".join(pdf_text(report))


def test_standings_keep_a_right_to_left_name_before_its_total():
    ledger = hostile_match()
    for side, name in enumerate(ledger.side_names):
        total = ledger.totals[side]
        points = f"{'−' if total < 0 else ''}{abs(total)} point"
        # drawn left to right as "<name>: <total>", never "<total> :<name>"
        drawn = visual(f"\u2068{name}\u2069: {points}")
        assert drawn.endswith(f": {points}"), drawn


@pytest.mark.parametrize(
    "name",
    [
        pytest.param("Fam 👨‍👩‍👧", id="an emoji sequence"),
        pytest.param("🇩🇪🇫🇷", id="flags"),
        pytest.param("李雷 🀄", id="a mahjong tile"),
        pytest.param("🐑 Zoë 😀 王 김", id="emoji, Latin, Chinese, Korean"),
    ],
)
def test_emoji_and_symbols_print_as_themselves(name):
    register_fonts()
    assert printable(name) == name


def test_characters_no_font_has_print_as_words_not_boxes():
    register_fonts()
    assert printable("Ann 𓀀") == "Ann [egyptian hieroglyph a001]"
    assert printable("𝄞 Bo") == "[musical symbol g clef] Bo"


def test_two_chinese_names_print_as_different_glyphs():
    ledger = example_match("euchre", hands=1, players=("王小明", "王小红", "Cleo", "Dan"))
    data = score_sheet_bytes(ledger)
    text = "\n".join(pdf_text(data))
    assert "Seat 1: 王小明" in text and "Seat 2: 王小红" in text
    assert any(FALLBACK in name for name in fonts_of(data))


def test_the_fallback_font_is_only_embedded_when_a_name_needs_it():
    data = score_sheet_bytes(load_match(EXAMPLES[0]))
    assert not any(FALLBACK in name for name in fonts_of(data))


# -- the chart ---------------------------------------------------------------------------


@given(st.integers(1, 100_000), st.integers(2, 10))
def test_chart_steps_are_whole_and_few(span, most):
    step = nice_step(span, most)
    assert step >= 1 and span / step <= most
    assert str(step).strip("0") in ("1", "2", "5")


def test_small_totals_get_whole_distinct_ticks():
    register_fonts()
    drawing = totals_chart(["Ann", "Ben"], [(1, 0), (2, 1)], 400)
    plot = drawing.contents[0]
    axis = plot.yValueAxis
    assert axis.valueStep == 1 and (axis.valueMin, axis.valueMax) == (0, 2)


def test_lines_differ_in_dash_and_the_legend_reads_across():
    register_fonts()
    names = ["Anna", "Ben", "Cleo", "Dan", "Eve"]
    drawing = totals_chart(names, [(1, 1, 1, 1, 1)], 500)
    plot = drawing.contents[0]
    dashes = [plot.lines[side].strokeDashArray for side in range(len(names))]
    assert len(set(map(str, dashes))) == len(names) and dashes == list(DASHES[: len(names)])
    legend = chart_legend(names, 500)._cellvalues
    assert [[getattr(cell, "text", cell) for cell in row[1::2]] for row in legend] == [
        ["Anna", "Ben", "Cleo"],
        ["Dan", "Eve", ""],
    ]
    samples = [cell.contents[0].strokeDashArray for row in legend for cell in row[0::2] if cell]
    assert samples == dashes


# -- headings --------------------------------------------------------------------------


def test_the_rulings_heading_is_never_the_last_line_of_a_page():
    moved = 0
    for hands in range(1, 22):
        ledger = example_match("sheepshead", hands=hands)
        pages = pdf_text(score_sheet_bytes(ledger))
        for page in pages:
            body = [line.strip() for line in page.splitlines() if line.strip()]
            body = body[:-2] if body[-1] == "Friday night" else body
            assert body[-1] != "Rulings", f"{hands} hands"
            moved += body[0] == "Rulings"
    assert moved, "no case put Rulings at a page break"


# -- each game's columns ------------------------------------------------------------------


def test_spades_sheet_gives_bids_tricks_nils_bags_and_the_score_on_one_table():
    ledger = load_match(ROOT / "docs" / "examples" / "spades.json")
    text = one_line(score_sheet_bytes(ledger))
    assert "Bids, tricks, bags and score" in text
    heads = "bid took " * 4 + "bid bags so far score total " * 2
    assert heads.strip() in text
    # Di's nil made, 5 bags to Ben & Di; each side's score and total beside its bags
    assert "1 1 2 5 7 5 4 nil 0 ✓ 6 0 0 −60 −60 5 5 5 +155 155" in text
    assert "Ben & Di: 10 tricks counted, made +50, 5 bags +5, Di nil made +100" in text


def test_spades_sheet_gives_a_renege_penalty_with_its_reason():
    ledger = load_match(ROOT / "docs" / "examples" / "spades.json")
    text = one_line(score_sheet_bytes(ledger))
    section = text[text.index("Bids, tricks, bags and score") :]
    # Ann & Cy bid 6 and took 6, but 3 went to Ben & Di for Cy's renege: the row says so
    assert "Penalty: Cy reneged (follow suit); 3 tricks to Ben & Di" in section
    assert "Ann & Cy: 3 tricks counted, set −60" in section


def test_spades_running_bag_count_warns_and_shows_the_ten_bag_loss():
    ledger = new_ledger("spades", preset="classic")
    for _ in range(4):  # 3 bags a hand to Anna & Cleo, Ben & Dan set
        ledger.quick({"bids": [3, 3, 3, 3], "tricks": [6, 2, 3, 2]})
    text = one_line(score_sheet_bytes(ledger))
    counts = re.findall(r"\b([1-4]) 3 6 3 2 3 3 3 2 6 3 (\d+!?) ", text)
    assert [count for _, count in counts] == ["3", "6", "9!", "2"], counts
    assert "10 bags reached −100" in text


def test_spades_bag_point_sheet_neither_warns_nor_promises_a_ten_bag_loss():
    ledger = new_ledger("spades", preset="classic", bag_point=True)
    for _ in range(4):  # 3 bags a hand to Anna & Cleo, each −1, and nothing at ten
        ledger.quick({"bids": [3, 3, 3, 3], "tricks": [6, 2, 3, 2]})
    text = one_line(score_sheet_bytes(ledger))
    counts = re.findall(r"\b([1-4]) 3 6 3 2 3 3 3 2 6 3 (\d+!?) ", text)
    assert [count for _, count in counts] == ["3", "6", "9", "12"], counts
    assert "3 bags −3" in text
    assert "!" not in text and "bags reached" not in text and "the side loses" not in text


def test_spades_blind_nil_is_marked_and_scored():
    ledger = new_ledger("spades", preset="classic")
    for _ in range(3):
        ledger.quick({"bids": [4, 4, 4, 4], "tricks": [1, 6, 1, 5]})
    ledger.quick({"bids": ["blind nil", 4, 4, 4], "tricks": [0, 5, 4, 4]})
    text = one_line(score_sheet_bytes(ledger))
    assert "blind nil 0 ✓" in text
    assert "Anna blind nil made +100" in text


def test_euchre_rows_name_the_makers_with_their_marks():
    ledger = new_ledger("euchre")
    ledger.quick({"makers": 0, "trump": "hearts", "tricks": 5, "alone": True})
    ledger.quick({"makers": 1, "trump": "spades", "tricks": 2})
    ledger.quick({"makers": 0, "trump": "clubs", "tricks": 5})
    text = one_line(score_sheet_bytes(ledger))
    assert "Anna & Cleo made ♥ trump: loner, march (5 tricks)" in text
    assert "Ben & Dan made ♠ trump: euchred (2 tricks)" in text
    assert "Anna & Cleo made ♣ trump: march (5 tricks)" in text


def test_sheepshead_sheet_lists_picker_partner_points_and_marks():
    ledger = load_match(ROOT / "docs" / "examples" / "sheepshead.json")
    text = one_line(score_sheet_bytes(ledger))
    heading = "Hand by hand: picker, partner, points and marks"
    assert f"{heading} Points: the picking side's card points" in text
    assert "# Picker Partner Points Won or lost, marks 1 Ben Di 68 won" in text
    assert "3 Eve Ben 61 won" in text
    assert "money" not in text.lower()  # not played for money: no money columns, no key


SHEEPSHEAD_HANDS = [
    ({"picker": 0, "partner": 1, "points": 95, "tricks": 4}, "1 Anna Ben 95 won, schneider, ×2"),
    ({"picker": 2, "alone": True, "points": 40, "tricks": 2}, "2 Cleo alone 40 lost"),
    ({"schwanzer": [4, 8, 3, 8, 2]}, "3 — — Schwanzer"),
    ({"picker": 3, "partner": 4, "points": 120, "tricks": 6}, "4 Dan Eve 120 won, schwarz, ×3"),
]


def test_sheepshead_sheet_gives_each_hands_money_as_a_paper_pad_does():
    ledger = new_ledger("sheepshead", point_value=25)
    for result, _ in SHEEPSHEAD_HANDS:
        ledger.quick(result)
    data = score_sheet_bytes(ledger)
    render(data, "sheepshead-money")
    text = one_line(data)
    assert "no trick). Money: what each player won or paid." in text
    assert "Anna Ben Cleo Dan Eve money money money money money" in text
    money = [
        "+1.00 +0.50 −0.50 −0.50 −0.50",  # 4 points a seat ×2 for schneider, 25 cents each
        "+0.25 +0.25 −1.00 +0.25 +0.25",  # Cleo alone lost: pays each of four
        "+0.50 −0.75 +0.50 −0.75 +0.50",  # Schwanzer: Ben and Dan lose 3 each
        "−0.75 −0.75 −0.75 +1.50 +0.75",  # schwarz ×3
    ]
    for (_, marks), paid in zip(SHEEPSHEAD_HANDS, money, strict=True):
        assert f"{marks} {paid}" in text
    assert "3 4 8 3 8 2 Ben, Dan" in text  # the Schwanzer evaluation keeps its own table


def test_california_jack_numbers_the_matchs_games_and_labels_the_standings():
    ledger = load_match(ROOT / "docs" / "examples" / "california_jack.json")
    text = one_line(score_sheet_bytes(ledger))
    assert "Game 1: Ben wins 6–10" in text  # on a renege: the winner's score first
    assert "Game 2: Ann wins 10–3" in text and "Game 3: Ann wins 13–0" in text
    assert "wins game" not in text
    assert "Ann: 2 games won" in text and "Ben: 1 game won" in text
    assert "Ann Ben game games game games" in text  # the hands table's column heads


# -- right-to-left text ----------------------------------------------------------------


def test_arabic_letters_are_joined_and_drawn_right_to_left():
    register_fonts()
    drawn = visual("سلام")
    assert len(drawn) == 3, "lam and alef join into one glyph"
    assert all("\ufe70" <= char <= "\ufeff" for char in drawn), "each letter in its joined form"
    assert drawn == "\ufee1\ufefc\ufeb3"  # final meem, lam-alef, initial seen: right to left
    assert visual("سَلام").count("\u064e") == 1, "a typed vowel mark is kept"


@pytest.mark.parametrize(
    ("typed", "drawn"),
    [
        pytest.param("Ann", "Ann", id="left to right untouched"),
        pytest.param("שלום עולם", "םלוע םולש", id="a right-to-left run reversed"),
        pytest.param(
            "Ann & \u2068שלום עולם\u2069: 3",
            "Ann & םלוע םולש: 3",
            id="an isolated name keeps its colon and total after it",
        ),
        pytest.param("שלום: 3", "3 :םולש", id="a number after a name joins it unless isolated"),
        pytest.param("שלום (a)", "םולש (a)", id="a bracketed left-to-right part after it"),
        pytest.param("ab שלום עולם cd", "ab םלוע םולש cd", id="a run inside a sentence"),
    ],
)
def test_visual_order_of_a_line(typed, drawn):
    register_fonts()
    assert visual(typed) == drawn


@pytest.mark.parametrize(
    ("game", "words"),
    [
        pytest.param("euchre", "entered as a result: makers Ann & Cy;", id="euchre makers by name"),
        pytest.param(
            "spades", "bids Ann 3, Ben 4, Cy 2, Di 3; tricks Ann 4", id="spades bids per player"
        ),
        pytest.param(
            "california_jack",
            "honours Ann high and jack, Ben low",
            id="california jack honours per player",
        ),
    ],
)
def test_a_quick_entry_reads_in_names_not_numbers(game, words):
    ledger = load_match(ROOT / "docs" / "examples" / f"{game}.json")
    assert words in one_line(hand_report_bytes(ledger, 1))


def spades_decided_early():
    """The Spades example played to 200: Ben & Di reach 225 in hand 2, so hand 3 was
    played after the game had ended."""
    example = load_match(ROOT / "docs" / "examples" / "spades.json")
    info = example.info
    settings = example.game.settings(info.settings.preset, target=200)
    match_info = MatchInfo(info.name, info.game, settings, info.players, info.first_dealer)
    return Ledger(match_info, example.records())


def test_hands_after_the_end_are_listed_as_not_scored():
    ledger = spades_decided_early()
    assert ledger.hands_after_end == (2,)
    text = one_line(score_sheet_bytes(ledger))
    hands = text[text.index("Hands # Dealer") : text.index("Statistics")]
    assert "3 Cy Ann & Cy bid 8 took 8; Ben & Di bid 4 took 5; not scored: the game had" in hands
    section = text[text.index("Bids, tricks, bags and score") :]
    assert "3 Not scored: the game had already ended." in section
