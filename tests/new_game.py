"""A game added to the registry for a run of the suite: Euchre's declaration under a new
id and title, registered when pytest loads this module as a plugin
(``pytest -p tests.new_game``), with no edit to the registry's file. Every check run over the registered games then runs it
as well (see ``test_new_game.py``)."""

from __future__ import annotations

from scorekeeper.games import GAME_MODULES
from scorekeeper.games.euchre import Euchre

NEW_ID = "house_euchre"


class HouseEuchre(Euchre):
    """Euchre by another name."""

    id = NEW_ID
    title = "House Euchre"


GAME = HouseEuchre()


def pytest_configure(config: object) -> None:
    GAME_MODULES[NEW_ID] = __name__
