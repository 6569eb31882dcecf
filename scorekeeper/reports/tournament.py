"""The final standings of a club night: places with ties broken by the format's
ranking, prizes, the payout sheet when points are played for money, and every player's
round-by-round history."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table, TableStyle

from scorekeeper.club.formats.base import Format
from scorekeeper.club.formats.standings import Payout, RoundResult, Standing
from scorekeeper.money import amount, settle
from scorekeeper.reports.fonts import register_fonts
from scorekeeper.reports.layout import HEADING, SMALL, TITLE, render
from scorekeeper.reports.movement import GRID
from scorekeeper.reports.sheet import para
from scorekeeper.reports.text import markup


def _place(standing: Standing) -> str:
    return f"{standing.place}=" if standing.tied else str(standing.place)


def _sat_out_or_played(row: RoundResult, names: Sequence[str]) -> str:
    if row.bye:
        return "sat out"
    opponents = ", ".join(names[p] for p in row.opponents)
    where = f"table {row.table}, " if row.table is not None else ""
    return f"{where}against {opponents}" if opponents else where.rstrip(", ")


def standings_story(
    fmt: Format,
    table: Sequence[Standing],
    names: Sequence[str],
    event: str,
    payouts: Sequence[Payout] = (),
    cents_per_point: int = 0,
) -> list[Flowable]:
    register_fonts()
    ranking = ", then ".join(tie.title for tie in fmt.ranking)
    story: list[Flowable] = [
        Paragraph(f"{markup(event)}: final standings", TITLE),
        para(f"{fmt.title}. Ranked by {ranking}; “=” marks players still level on all of them."),
        Spacer(1, 6),
    ]
    prizes = any(s.prize for s in table)
    rows: list[list[Any]] = [["Place", "Player", "Points", "Won", *(["Prize"] if prizes else [])]]
    for s in table:
        prize = [amount(s.prize) if s.prize else ""] if prizes else []
        rows.append([_place(s), para(names[s.player]), str(s.points), str(s.wins), *prize])
    widths = [16 * mm, None, 20 * mm, 16 * mm, *([24 * mm] if prizes else [])]
    story.append(Table(rows, colWidths=widths, style=TableStyle(GRID), repeatRows=1))
    if payouts:
        story += _payouts(payouts, names, cents_per_point)
    story.append(Paragraph("Each player's night", HEADING))
    for s in table:
        history: list[list[Any]] = [["Round", "Played", "Points"]]
        history += [
            [
                str(r.round),
                para(_sat_out_or_played(r, names)),
                f"{r.points}{' (won)' if r.won else ''}",
            ]
            for r in s.history
        ]
        story.append(
            KeepTogether(
                [
                    para(f"{_place(s)}. {names[s.player]}: {s.points}", SMALL),
                    Table(history, colWidths=[16 * mm, None, 26 * mm], style=TableStyle(GRID)),
                    Spacer(1, 6),
                ]
            )
        )
    return story


def _payouts(sheet: Sequence[Payout], names: Sequence[str], cents: int) -> list[Flowable]:
    """Each player's money for the points won at the tables, and who pays whom."""
    story: list[Flowable] = [Paragraph(f"Payout sheet at {amount(cents)} a point", HEADING)]
    rows: list[list[Any]] = [["Player", "Points", "Receives", "Pays"]]
    for line in sheet:
        money = amount(abs(line.cents)) if line.cents else ""
        paid = (money, "") if line.cents > 0 else ("", money)
        rows.append([para(names[line.player]), str(line.points), *paid])
    widths = [None, 20 * mm, 26 * mm, 26 * mm]
    story += [Table(rows, colWidths=widths, style=TableStyle(GRID)), Spacer(1, 4)]
    for payer, payee, paid_cents in settle([line.cents for line in sheet]):
        payer_name, payee_name = names[sheet[payer].player], names[sheet[payee].player]
        story.append(para(f"{payer_name} pays {payee_name} {amount(paid_cents)}"))
    return story


def standings_bytes(
    fmt: Format,
    table: Sequence[Standing],
    names: Sequence[str],
    event: str,
    payouts: Sequence[Payout] = (),
    cents_per_point: int = 0,
    paper: str = "letter",
) -> bytes:
    """The final standings as PDF bytes; ``payouts`` (from the format's payout sheet)
    at ``cents_per_point`` when the night was played for money."""
    story = standings_story(fmt, table, names, event, payouts, cents_per_point)
    return render(story, paper, f"{event}: final standings", f"{event}: final standings")
