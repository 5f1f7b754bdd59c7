"""The game's own words on the table's phone page (game/client/table_words.py): every choice the
page shows is named as the game's screens name it, and the update tells what happened in the
game's log lines, never as raw data ("Slot: 0", "Chain linked player 0, card 25, robot 4, target —")."""
from __future__ import annotations

import asyncio
import json
import pickle
import random
import threading

from game.client.table_words import TableWords
from game.robomissions.rules.engine import Pick
from game.table.server import Client, TableHost
from tests.table.helpers import small_session
from tests.table.test_table_updates import _Loop


def test_robomissions_names_a_new_megabot_and_a_chain_slot():
    """A phone player who played a Chainbot or a Megabot part read 'Slot: 0' and 'New: -1'."""
    session = small_session("robomissions", 4, sample=-1)
    words, rng, seen = TableWords("robomissions"), random.Random(3), set()
    for _ in range(400):
        if session.is_over() or seen == {"new", "slot"}:
            break
        choices = session.legal_choices()
        view = session.engine.seat_view(session.state, session.engine.current_seat(session.state))
        labels = words.labels(choices, view)
        for choice, label in zip(choices, labels):
            if isinstance(choice, Pick) and choice.kind in ("new", "slot"):
                seen.add(choice.kind)
                assert label in ("Start a new Megabot", "Start a Robot Chain", "Add to the end of the chain",
                                 "Fill the gap"), (choice, label)
        session.apply(rng.choice(choices))
    assert seen == {"new", "slot"}, "the game offered a new Megabot and a chain slot"


def test_robo_rally_choices_and_events_read_as_its_race_screen_says_them():
    session = small_session("roborally", 4, sample=0)
    words = TableWords("roborally")
    view = session.engine.seat_view(session.state, 0)
    labels = dict(zip([c.kind for c in session.legal_choices()], words.labels(session.legal_choices(), view)))
    assert labels["draw"].startswith("Draw an upgrade card") and labels["pass"] == "Done upgrading"
    events = session.apply(next(c for c in session.legal_choices() if c.kind == "draw"))
    assert any(line.endswith("draws an upgrade card") for line in words.log(events, view, view))


def test_the_words_cross_into_the_table_process():
    words = TableWords("roborescue")
    session = small_session("roborescue", 4)
    words.labels(session.legal_choices(), session.engine.seat_view(session.state, 0))
    again = pickle.loads(pickle.dumps(words))           # the board it loaded stays behind
    assert again.game_id == "roborescue" and again._board is None


def test_an_update_carries_each_choices_label_and_the_log_lines_of_its_events():
    session = small_session("robomissions", 4, sample=-1)
    count = session.engine.seat_count(session.state)
    host = TableHost(session, ["remote"] * count, drop_timeout=None, words=TableWords("robomissions"))
    host._loop, host._wake = _Loop(), threading.Event()
    seat = host.engine.current_seat(session.state)
    client = Client(conn=None, outbox=asyncio.Queue(1000), seat=seat)
    host.seats[seat].client = client
    host._send_update(seat, [])
    first = json.loads(client.outbox.get_nowait())
    assert len(first["labels"]) == len(first["choices"]) and "Draw a card" in first["labels"]
    draw = next(c for c, label in zip(session.legal_choices(), first["labels"]) if label == "Draw a card")
    assert host._choose(seat, host.move, host.engine.choice_to_json(draw)) is None
    update = json.loads(client.outbox.get_nowait())
    assert update["log"] and update["log"][0].startswith("You drew "), update["log"]


def test_without_words_an_update_is_as_before():
    session = small_session("roborescue", 4)
    host = TableHost(session, ["remote"] * session.engine.seat_count(session.state), drop_timeout=None)
    client = Client(conn=None, outbox=asyncio.Queue(10), seat=0)
    host.seats[0].client = client
    host._send_update(0, [])
    assert not {"labels", "log"} & set(json.loads(client.outbox.get_nowait()))


def test_why_a_game_ended_reads_as_its_own_end_screen_says_it():
    """'deck', 'seat 0 reached the last checkpoint', 'destroyed:pit', 'mummy_reached_relics'
    reached a phone as they are; each game's ending is now its own screen's words."""
    assert TableWords("robomissions").ending({"winners": [0], "cause": "deck"}).startswith("The End Game deck ran out")
    assert TableWords("roborally").ending({"winners": [1], "cause": "seat 1 reached the last checkpoint"}) \
        == "Blue reached the last checkpoint"
    assert TableWords("runrunrun").ending({"winners": [], "outcome": "lost", "cause": "mummy_reached_relics"}) \
        == "A Mummy reached the Relics. Defeat."
    lost = TableWords("roborun").ending({"winners": [], "outcome": "lost", "cause": "timeout"})
    assert lost.startswith("Lost: ") and "_" not in lost
    assert TableWords("roborescue").ending({"winners": [0], "cause": "victory points"}) is None   # words already


def test_seats_are_named_as_each_games_log_names_them():
    assert TableWords("roborally").seat_names(2) == ["Yellow", "Blue"]
    assert TableWords("runrunrun").seat_names(3) == ["Blue", "Orange", "Green"]
    assert TableWords("robomissions").seat_names(2) == ["Player 1", "Player 2"]
    assert TableWords("roborun").seat_names(2) == ["Teammate", "Teammate"]


def test_the_table_message_carries_the_names_only_with_words():
    session = small_session("roborally", 4)
    named = TableHost(session, ["remote", "ai"], drop_timeout=None, words=TableWords("roborally"))
    assert named._table_words()["names"] == ["Yellow", "Blue"]
    assert TableHost(session, ["remote", "ai"], drop_timeout=None)._table_words() == {}


def test_the_seat_is_told_what_its_decision_asks_as_the_games_screen_prompts_it():
    rally = small_session("roborally", 4, sample=0)
    view = rally.engine.seat_view(rally.state, 0)
    assert TableWords("roborally").prompt(view, rally.legal_choices()).startswith("Upgrade phase")
    while rally.state.phase != "program":
        rally.apply(next(c for c in rally.legal_choices() if c.kind == "pass"))
    seat = rally.engine.current_seat(rally.state)
    assert TableWords("roborally").prompt(rally.engine.seat_view(rally.state, seat), rally.legal_choices()) \
        == "Program register 1 of 5: tap a card"
    for game_id, words in (("robomissions", "Your turn: draw, play a card or end your turn"),
                           ("roborun", "Who sees the better move? Choose who starts"),
                           ("runrunrun", "Explore, move, fight or regroup?")):
        session = small_session(game_id, 4, sample=-1)
        seat = session.engine.current_seat(session.state)
        assert TableWords(game_id).prompt(session.engine.seat_view(session.state, seat), session.legal_choices()) \
            == words, game_id
    assert TableWords("roborescue").prompt(None, [1]) is None


def test_cards_named_by_id_are_captioned_in_the_games_words():
    rooms = TableWords("runrunrun").captions()
    assert rooms and all(not caption.startswith("Tile") and "exit" in caption for caption in rooms.values())
    assert TableWords("roborally").captions()["right"] == "Turn Right"
    assert TableWords("robomissions").captions() == {}          # its view carries each card's name
