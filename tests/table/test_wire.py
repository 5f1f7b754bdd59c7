"""The table's wire form: every game's views and events survive the trip, and nothing else gets built."""
from __future__ import annotations

import dataclasses
import enum
import json
import random

import pytest

from game import catalog
from game.table.wire import canonical, from_wire, plain, to_wire

ENGINES = [pytest.param(entry, rules, id=entry.id) for entry, rules in catalog.available_engines()]


@pytest.mark.parametrize("entry, rules", ENGINES)
def test_every_view_and_event_comes_back_equal_after_the_wire(entry, rules):
    _label, config = catalog.load(entry.samples)()[-1]
    state = rules.new_game(config, 4)
    rng = random.Random(4)
    for step in range(60):
        if rules.is_over(state):
            break
        seat = rules.current_seat(state)
        view = rules.seat_view(state, seat)
        if step % 10 == 0:
            back = from_wire(json.loads(canonical(to_wire(view))), entry.id)
            assert back == view or repr(back) == repr(view)
            assert type(back) is type(view)
        for event in rules.apply(state, rng.choice(rules.legal_choices(state))):
            assert from_wire(json.loads(canonical(to_wire(event))), entry.id) == event


class _Level(enum.IntEnum):
    HARD = 2


@dataclasses.dataclass(frozen=True)
class _Spot:
    x: int
    level: _Level
    inner: tuple
    note: str | None = None


def test_a_dataclass_is_sent_the_same_the_first_time_and_every_time_after():
    """The first encoding of a class finds its fields; later ones go the short way (the host
    encodes every seat's view each move): the same JSON, an IntEnum field included."""
    spot = _Spot(1, _Level.HARD, (3, [None], "a"))
    expected = {"x": 1, "level": 2, "inner": [3, {"~list": [None]}, "a"], "note": None,
                "~": f"{__name__}:_Spot"}
    assert [to_wire(spot), to_wire(spot), to_wire((spot,))] == [expected, expected, [expected]]
    assert type(to_wire(spot)["level"]) is _Level


def test_containers_keep_their_kind_and_sets_give_stable_bytes():
    value = {"a": (1, 2), "b": [1, 2], "c": {3, 1, 2}, "d": frozenset({"x"}), "e": {(1, 2): "k"}, "~x": 1}
    back = from_wire(json.loads(canonical(to_wire(value))), "roborally")
    assert back == value and isinstance(back["a"], tuple) and isinstance(back["b"], list)
    assert canonical(to_wire({3, 1, 2})) == canonical(to_wire({2, 3, 1})) == b'{"~set":[1,2,3]}'
    assert plain(to_wire({"c": {3, 1, 2}, "t": (1, [2])})) == {"c": [1, 2, 3], "t": [1, [2]]}


@pytest.mark.parametrize("data", [
    {"~": "os:system"},                                       # not a rules module
    {"~": "game.roborun.rules.view:SeatView"},                # another game's class
    {"~": "game.roborally.rules.engine:apply"},               # a function, not a view class
    {"~": "game.roborally.rules.engine:RobotView", "seat": 1},  # missing fields
    {"~": 5}, {"~dict": [[1]]}, {"~list": 3},
])
def test_from_wire_builds_nothing_outside_the_games_view_classes(data):
    with pytest.raises(ValueError):
        from_wire(data, "roborally")


def test_an_unknown_object_is_refused_when_sending():
    with pytest.raises(TypeError):
        to_wire(object())


def test_a_view_decoder_decodes_again_only_the_fields_a_patch_changed():
    """A joined seat merges each update's view_patch into the view it has: the fields that did not
    change are the same objects, and ViewDecoder reuses what it made of them (a ROBOMissions view
    carries its whole card catalogue) while every view still decodes equal to from_wire's."""
    from game.table.wire import ViewDecoder

    entry, rules = next((e, r) for e, r in catalog.available_engines() if e.id == "robomissions")
    _label, config = catalog.load(entry.samples)()[0]
    state = rules.new_game(config, 4)
    decoder, wire_view, rng = ViewDecoder("robomissions"), None, random.Random(4)
    for _ in range(12):
        fresh = json.loads(canonical(to_wire(rules.seat_view(state, 0))))
        wire_view = fresh if wire_view is None else {
            **wire_view, **{k: v for k, v in fresh.items() if v != wire_view.get(k)}}
        before = decoder.last.get("cards")
        decoded = decoder.decode(wire_view)
        assert decoded == from_wire(wire_view, "robomissions")
        if before is not None:
            assert decoded.cards is before[1], "the unchanged catalogue is not decoded again"
        rules.apply(state, rng.choice(rules.legal_choices(state)))
