"""Robo Run's card data (game/roborun/rules/data/*.json), damaged or hostile, through the
loaders the game uses (issue 27: every file kind the project reads has a fuzz test): the
result is the cards or one UserError line naming the file, never a traceback."""
from __future__ import annotations

import json
import shutil

import pytest
from hypothesis import given, settings

from game.core.errors import UserError
from game.roborun.rules import cards
from tests.core.hostile import FUZZ, hostile_json

LOADERS = {"action_cards.json": (cards.action_cards,), "event_cards.json": (cards.event_cards,),
           "robots.json": (cards.robot_boards,), "equipment.json": (cards.equipment_cards, cards.messages)}
ALL = (cards.action_cards, cards.event_cards, cards.robot_boards, cards.equipment_cards, cards.messages)


def _forget() -> None:
    for loader in ALL:
        loader.cache_clear()


@pytest.fixture
def data_folder(tmp_path_factory, monkeypatch):
    folder = tmp_path_factory.mktemp("data")
    for path in cards.DATA.glob("*.json"):
        shutil.copy(path, folder / path.name)
    monkeypatch.setattr(cards, "DATA", folder)
    _forget()
    yield folder
    _forget()                   # the next test reads the shipped data again


@pytest.mark.parametrize("name", sorted(LOADERS))
def test_hostile_card_data_is_one_line(name, data_folder):
    good = json.loads((data_folder / name).read_text())

    @settings(FUZZ, max_examples=30)
    @given(hostile_json(good))
    def check(content):
        (data_folder / name).write_bytes(content)
        for loader in LOADERS[name]:
            loader.cache_clear()
            try:
                loader()
            except UserError as exc:
                text = str(exc)
                assert "\n" not in text and len(text) < 600 and name in text, text

    check()
