"""Whist tournament designs Wh(n): every two players partner exactly once and oppose
exactly twice.

Each design here is Z-cyclic: the initial round below, in seat order (seats 1 & 3
partners against seats 2 & 4), is developed by adding 1 to every player modulo N for
each next round. For n = 4m, N = n - 1 and player n - 1 is the fixed point "infinity"
(it never changes); for n = 4m + 1, N = n and player 0 sits out the initial round.
Wh(9) and Wh(12) do not exist. The initial rounds were found by a search over
difference conditions (partner differences cover Z_N \\ {0} once, opponent differences
twice) and are checked by the tests against the definition itself.
"""

from __future__ import annotations

from scorekeeper.club.formats.schedule import PARTNERS, Round, Schedule, Table

INITIAL_ROUNDS: dict[int, tuple[tuple[int, int, int, int], ...]] = {
    8: ((3, 0, 1, 7), (5, 6, 4, 2)),
    13: ((12, 3, 8, 5), (2, 11, 9, 10), (4, 1, 7, 6)),
    16: ((13, 7, 9, 8), (3, 1, 6, 14), (5, 11, 10, 2), (12, 15, 4, 0)),
    17: ((16, 15, 1, 11), (14, 5, 7, 10), (6, 12, 3, 4), (8, 2, 9, 13)),
    20: ((7, 19, 10, 17), (13, 16, 5, 4), (0, 14, 18, 12), (1, 9, 11, 15), (3, 2, 8, 6)),
    21: ((1, 2, 15, 5), (3, 7, 20, 18), (11, 4, 16, 6), (8, 9, 14, 17), (12, 10, 13, 19)),
    24: (
        (23, 19, 0, 21),
        (1, 6, 7, 11),
        (8, 17, 15, 20),
        (5, 2, 14, 13),
        (12, 9, 16, 22),
        (10, 3, 18, 4),
    ),
    25: (
        (1, 2, 24, 23),
        (3, 9, 22, 16),
        (4, 12, 21, 13),
        (5, 10, 20, 15),
        (6, 8, 19, 17),
        (7, 11, 18, 14),
    ),
    28: (
        (27, 3, 0, 24),
        (1, 6, 26, 21),
        (2, 12, 25, 15),
        (4, 8, 23, 19),
        (5, 13, 22, 14),
        (7, 9, 20, 18),
        (10, 11, 17, 16),
    ),
    29: (
        (1, 2, 28, 27),
        (3, 13, 26, 16),
        (4, 8, 25, 21),
        (5, 10, 24, 19),
        (6, 12, 23, 17),
        (7, 14, 22, 15),
        (9, 11, 20, 18),
    ),
    32: (
        (31, 13, 0, 24),
        (2, 3, 8, 10),
        (1, 11, 17, 28),
        (9, 4, 14, 26),
        (5, 27, 23, 29),
        (20, 6, 21, 18),
        (7, 19, 30, 22),
        (12, 15, 16, 25),
    ),
    33: (
        (3, 1, 24, 15),
        (16, 21, 17, 23),
        (25, 8, 31, 26),
        (2, 5, 32, 13),
        (9, 6, 19, 30),
        (10, 18, 14, 29),
        (7, 22, 20, 27),
        (12, 4, 28, 11),
    ),
    36: (
        (35, 4, 0, 7),
        (15, 6, 31, 8),
        (16, 3, 25, 27),
        (21, 22, 26, 29),
        (12, 11, 30, 32),
        (13, 18, 33, 19),
        (9, 17, 34, 23),
        (20, 1, 24, 14),
        (2, 5, 10, 28),
    ),
    37: (
        (1, 2, 36, 35),
        (3, 7, 34, 30),
        (4, 15, 33, 22),
        (5, 18, 32, 19),
        (6, 14, 31, 23),
        (8, 13, 29, 24),
        (9, 16, 28, 21),
        (10, 12, 27, 25),
        (11, 17, 26, 20),
    ),
    40: (
        (39, 13, 0, 26),
        (1, 2, 38, 37),
        (3, 5, 36, 34),
        (4, 18, 35, 21),
        (6, 17, 33, 22),
        (7, 14, 32, 25),
        (8, 12, 31, 27),
        (9, 15, 30, 24),
        (10, 19, 29, 20),
        (11, 16, 28, 23),
    ),
    41: (
        (1, 2, 40, 39),
        (3, 8, 38, 33),
        (4, 14, 37, 27),
        (5, 20, 36, 21),
        (6, 18, 35, 23),
        (7, 15, 34, 26),
        (9, 11, 32, 30),
        (10, 17, 31, 24),
        (12, 16, 29, 25),
        (13, 19, 28, 22),
    ),
    44: (
        (30, 37, 14, 33),
        (19, 35, 18, 10),
        (32, 26, 24, 23),
        (5, 27, 7, 38),
        (22, 9, 2, 40),
        (0, 11, 15, 43),
        (8, 39, 25, 6),
        (4, 41, 13, 3),
        (36, 28, 42, 21),
        (12, 29, 34, 16),
        (20, 31, 1, 17),
    ),
    45: (
        (33, 7, 24, 34),
        (16, 28, 39, 18),
        (22, 31, 41, 14),
        (37, 15, 21, 30),
        (10, 40, 3, 35),
        (25, 42, 38, 9),
        (26, 32, 27, 12),
        (6, 1, 8, 4),
        (20, 23, 44, 19),
        (2, 13, 36, 5),
        (17, 43, 11, 29),
    ),
    48: (
        (36, 2, 27, 1),
        (4, 13, 0, 40),
        (35, 39, 6, 28),
        (42, 32, 9, 10),
        (33, 17, 12, 14),
        (29, 44, 5, 34),
        (7, 37, 23, 3),
        (11, 8, 18, 20),
        (19, 31, 25, 46),
        (43, 24, 47, 26),
        (21, 45, 16, 15),
        (22, 30, 41, 38),
    ),
}


def modulus(players: int) -> int:
    return players if players % 4 == 1 else players - 1


def whist_design(players: int) -> Schedule | None:
    """The whole Wh(players), or None when none is stored for that count."""
    initial = INITIAL_ROUNDS.get(players)
    if initial is None:
        return None
    n = modulus(players)

    def shift(player: int, by: int) -> int:
        return player if player == n else (player + by) % n

    rounds = []
    for index in range(n):
        tables = tuple(
            Table(number, tuple(shift(p, index) for p in seats))
            for number, seats in enumerate(initial, start=1)
        )
        byes = (index % n,) if players % 4 == 1 else ()
        rounds.append(Round(index + 1, tables, byes))
    return Schedule(players, tuple(rounds), PARTNERS, "whist-design")
