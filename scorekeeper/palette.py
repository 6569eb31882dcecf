"""Colours for the sides of a match, one list for every surface (the app's chart, printed
sheets): the Okabe–Ito colours, told apart by colour-blind readers and readable on a light
or a dark background alike."""

from __future__ import annotations

SIDE_COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9")


def side_colour(side: int) -> str:
    """The colour of side ``side`` (0-based), the same in every scheme."""
    return SIDE_COLOURS[side % len(SIDE_COLOURS)]
