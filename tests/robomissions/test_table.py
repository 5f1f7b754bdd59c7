"""The ROBOMissions table screen, driven headless with synthetic input.

A whole game is played through the screen (seat 0 human pressing CONFIRM on the first
highlighted option, AIs for the rest); mouse, keyboard and gamepad each make a play; Esc
backs out of a half-made choice; no card face the viewing seat may not see is ever drawn;
a mid-game screenshot is saved.
"""
from __future__ import annotations

import pygame
import pytest

from game.client import widgets
from game.client.app import App
from game.client.input import Action
from game.client.menus import HowToPlayScene, PauseScene
from game.client.sequencer import Beat, Sequencer
from game.core.errors import UserError
from game.robomissions.ui import anim
from game.robomissions import rules
from game.robomissions.rules import engine
from game.robomissions.ui import table_render as render
from game.robomissions.rules.engine import Cancel, Play
from game.robomissions.ui.scene import SetupScene, TableConfig, main, make_config, make_entry_scene
from game.robomissions.ui.handover_scene import HandOverScene
from game.robomissions.ui.results_scene import ResultsScene
from game.robomissions.ui.table_scene import TableScene
from tests.helpers import let_the_ai_answer

MAX_FRAMES = 6000


@pytest.fixture()
def app():
    # Another test may have called pygame.quit(), which invalidates the shared cached fonts.
    widgets.font.cache_clear()
    widgets.render_text.cache_clear()
    return App(headless=True)


def start(app: App, config: TableConfig) -> TableScene:
    table = TableScene(config)
    app.stack.push(table)
    return table


def run_until(app: App, table: TableScene, done, confirm_humans: bool = True) -> int:
    """Step frames (skipping animations, confirming hand-overs) until `done()`; return frames used."""
    for frame in range(MAX_FRAMES):
        if done():
            return frame
        top = app.stack.top
        if isinstance(top, HandOverScene):
            app.post(Action("confirm"))
        elif top is table:
            if table.timeline.busy:
                app.post(Action("skip"))
            elif confirm_humans and table.human_to_act:
                app.post(Action("confirm"))
            let_the_ai_answer(app)
        app.step(1 / 60)
    raise AssertionError("the table did not get there in time")


def wait_for_human(app: App, table: TableScene) -> None:
    run_until(app, table, lambda: table.human_to_act, confirm_humans=False)


def test_a_whole_game_played_through_the_table_ends_on_the_results_screen(app, monkeypatch):
    checked: list[tuple[engine.Action, bool]] = []
    real_apply = rules.apply           # the table applies every choice through its GameSession on the contract

    def checked_apply(state, action, *args, **kwargs):
        checked.append((action, action in engine.legal_choices(state)))
        return real_apply(state, action, *args, **kwargs)

    monkeypatch.setattr(rules, "apply", checked_apply)
    table = start(app, make_config("ffa", 3, humans=1, ai="normal", seed=7))
    run_until(app, table, lambda: isinstance(app.stack.top, ResultsScene))
    results = app.stack.top
    assert table.state.is_over
    assert results.winners == table.state.winners and results.winners
    assert checked and all(legal for _, legal in checked)
    assert [a for _, a in table.played] == [a for a, _ in checked]
    assert any(seat == 0 for seat, _ in table.played) and any(seat != 0 for seat, _ in table.played)
    app.post(Action("confirm"))         # Enter still held from the game: the results stay (issue 25)
    assert app.stack.top is results
    for _ in range(90):
        app.step(1 / 60)
    app.post(Action("confirm"))         # "Play again" is focused first: same seats, a new deal
    again = app.stack.top
    assert isinstance(again, TableScene) and again is not table
    assert again.config.seats == table.config.seats and again.config.seed != table.config.seed


def test_mid_game_screenshot(app, tmp_path):
    table = start(app, make_config("2v2", 4, humans=1, ai="normal", seed=11))
    run_until(app, table, lambda: table.state.turn >= 8 and table.human_to_act)
    app.step(1 / 60)
    path = tmp_path / "table.png"
    app.save_screenshot(str(path))
    image = pygame.image.load(str(path))
    assert image.get_size() == (1280, 720)
    colours = {tuple(image.get_at((x, y)))[:3] for x in range(0, 1280, 40) for y in range(0, 720, 40)}
    assert len(colours) > 20      # a drawn table, not a blank frame


def test_keyboard_moves_the_focus_and_enter_plays_the_focused_option(app):
    table = start(app, make_config("ffa", 3, humans=1, ai="random", seed=5))
    wait_for_human(app, table)
    app.post(Action("right", "keyboard"))
    chosen = table.options[table.focus].action
    before = len(table.played)
    app.post(Action("confirm", "keyboard"))
    assert table.played[before:] == [(0, chosen)]


def test_mouse_click_on_a_hand_card_plays_it(app):
    table = start(app, make_config("ffa", 3, humans=1, ai="random", seed=5))
    wait_for_human(app, table)
    cards = [o for o in table.options if o.hand_card is not None and o is not table.options[table.focus]]
    assert cards, "seed 5 deals seat 0 a playable card"
    target = cards[0]
    app.post(Action("point", "mouse", target.rect.center))
    assert table.options[table.focus] is target
    app.post(Action("click", "mouse", target.rect.center))
    assert table.played[-1] == (0, target.action)


def test_gamepad_dpad_and_a_button_make_a_play(app):
    table = start(app, make_config("ffa", 2, humans=1, ai="random", seed=9))
    wait_for_human(app, table)
    app.post(Action("down", "gamepad"))
    app.post(Action("left", "gamepad"))
    chosen = table.options[table.focus].action
    app.post(Action("confirm", "gamepad"))
    assert table.played[-1] == (0, chosen)


def test_escape_backs_out_of_a_half_made_choice(app):
    for seed in range(30):
        table = start(app, make_config("ffa", 2, humans=1, ai="random", seed=seed))
        wait_for_human(app, table)
        needs_choice = [i for i, o in enumerate(table.options) if isinstance(o.action, Play)
                        and table.shown.cards[o.action.card].kind in ("head", "part", "chainbot")]
        if needs_choice:
            break
        app.stack.pop()
    else:
        pytest.fail("no seed in 0..29 deals a card that asks a follow-up choice")
    hand_before = table.shown.hand
    table.focus = needs_choice[0]
    app.post(Action("confirm", "keyboard"))
    assert table.shown.pending is not None and any(isinstance(o.action, Cancel) for o in table.options)
    app.post(Action("back", "keyboard"))
    assert table.played[-1] == (0, Cancel())
    assert table.shown.pending is None and table.shown.hand == hand_before


def test_no_face_of_a_hidden_card_is_ever_drawn(app, monkeypatch):
    """Two humans share the screen with an AI: only the seat on turn ever sees its own faces."""
    table_ref: list[TableScene] = []
    drawn: list[int] = []
    real_face = render.face

    def watched_face(card, size=render.sprites.HAND_SIZE, uid=None):
        table = table_ref[0]
        state = table.state
        assert uid is not None, "every face must say which card it is"
        assert uid not in state.deck, "a card still in the draw deck was drawn face up"
        holder = next((p.seat for p in state.players if uid in p.hand), None)
        if holder is not None:
            assert holder == table.viewer and table.hand_visible, f"seat {holder}'s hand card shown to seat {table.viewer}"
        drawn.append(uid)
        return real_face(card, size, uid)

    monkeypatch.setattr(render, "face", watched_face)
    table = TableScene(make_config("ffa", 3, humans=2, ai="normal", seed=21))
    table_ref.append(table)
    app.stack.push(table)
    frames = 0
    seen_handover = False
    while not isinstance(app.stack.top, ResultsScene) and frames < MAX_FRAMES:
        top = app.stack.top
        if isinstance(top, HandOverScene):
            seen_handover = True
            app.step(1 / 60)          # the hand-over screen itself must show nothing secret
            app.post(Action("confirm"))
        elif table.timeline.busy:
            app.post(Action("skip"))
        elif table.human_to_act:
            if frames % 7 == 0:                      # read the focused card large now and then
                app.post(Action("info"))
                app.step(1 / 60)
                app.post(Action("info"))
            app.post(Action("confirm"))
        let_the_ai_answer(app)
        app.step(1 / 60)
        frames += 1
    assert isinstance(app.stack.top, ResultsScene)
    assert seen_handover and drawn


def test_pause_menu_opens_on_menu(app):
    table = start(app, make_config("ffa", 2, humans=1, ai="random", seed=1))
    app.post(Action("menu"))
    assert isinstance(app.stack.top, PauseScene)
    app.post(Action("back"))
    assert app.stack.top is table


def test_setup_menu_team_modes_fix_the_player_count_and_start_a_table(app):
    app.stack.push(SetupScene())
    setup = make_entry_scene(app)
    app.stack.push(setup)
    assert isinstance(setup, SetupScene)
    setup.menu.focus = 0                    # it opens on Start game (issue 25); up to Mode
    app.post(Action("right"))               # Mode: ffa -> 2v1
    assert setup.mode == "2v1" and setup.players == 3
    app.post(Action("right"))               # 2v1 -> 2v2
    assert setup.players == 4 and not setup.menu.items[1].enabled
    app.post(Action("down"))                # Players is fixed in team modes, so focus skips to Seat 1
    assert setup.menu.items[setup.menu.focus].label == "Seat 1"
    app.post(Action("right"))               # human -> AI random
    config = setup.config(seed=4)
    assert config.mode == "2v2" and config.seats[0] == "random" and len(config.seats) == 4
    setup.menu.focus = next(i for i, item in enumerate(setup.menu.items) if item.label == "Start game")
    app.post(Action("confirm"))             # Start game
    assert isinstance(app.stack.top, HowToPlayScene)      # a first game opens with the tutorial
    app.post(Action("back"))
    assert isinstance(app.stack.top, TableScene) and app.stack.top.config.n_players == 4


def test_command_line_checks_options_and_saves_a_screenshot(app, tmp_path):
    with pytest.raises(UserError):
        make_config("2v2", 3, 1, "normal", 1)
    with pytest.raises(UserError):
        make_config("ffa", 5, 1, "normal", 1)
    with pytest.raises(UserError):
        make_config("ffa", 3, 4, "normal", 1)
    path = tmp_path / "cli.png"
    assert main(["--mode", "2v1", "--seed", "2", "--frames", "3", "--screenshot", str(path)]) == 0
    assert path.exists()


def test_info_shows_the_pointed_robot_cards_large_and_closes_again(app, monkeypatch):
    table = start(app, make_config("ffa", 2, humans=1, ai="random", seed=2))
    wait_for_human(app, table)
    robot = next(r for r in table.shown.robots if r.owner == 1)
    shown: list[int] = []
    real_face = render.face
    monkeypatch.setattr(render, "face", lambda card, size=render.sprites.HAND_SIZE, uid=None:
                        shown.append(uid) or real_face(card, size, uid))
    app.post(Action("point", "mouse", table.layout.robots[robot.rid].center))
    app.post(Action("info"))
    app.step(1 / 60)
    assert table.zoom and set(uid for _, uid in robot.parts) <= set(shown)
    app.post(Action("back"))
    assert not table.zoom and table.played == []      # closing the zoom plays nothing


def test_the_table_plays_its_beats_on_the_shared_sequencer():
    """The table's pieces are tracks of the shared sequencer: sound and shake start a beat,
    pauses hold the next one back, skip runs every start hook in order and stops the shake."""
    started: list[str] = []
    sounds: list[str] = []
    timeline = Sequencer(play_sound=sounds.append)
    timeline.add(Beat([anim.Pause(0.5)], "zap", on_start=lambda: started.append("first")))
    timeline.add(Beat([anim.Pause(0.5)], "boom", shake=8, on_start=lambda: started.append("second")))
    timeline.update(0.25)
    assert started == ["first"] and sounds == ["zap"] and timeline.busy
    timeline.update(0.3)             # the first beat ends, the second begins with its shake
    assert started == ["first", "second"] and timeline.offset() != (0.0, 0.0)
    timeline.skip()
    assert not timeline.busy and timeline.offset() == (0.0, 0.0)
    timeline.add(Beat([anim.Pause(1.0)], "zap", on_start=lambda: started.append("third")))
    timeline.skip()
    assert started[-1] == "third" and not timeline.busy and sounds == ["zap", "boom"]   # skipping is quiet


def test_the_opening_deal_hides_the_hand_until_the_staggered_cards_land(app):
    app.settings.animation_speed = 1.0
    table = start(app, make_config("ffa", 2, humans=1, ai="random", seed=1))
    deal = table.timeline.queue[0]
    flies = deal.tracks
    assert deal.sound == "card" and all(isinstance(t, anim.FlyingCard) for t in flies)
    assert [round(-t.t, 2) for t in flies] == [round(0.04 * i, 2) for i in range(len(flies))]   # staggered
    assert table.hidden_cards == set(table.shown.hand)
    app.step(1 / 60)
    assert flies[0].started and not flies[-1].started
    for _ in range(int(0.3 / (1 / 60)) + len(flies) * 3 + 6):      # the last card lands, then the short pause
        app.step(1 / 60)
    assert all(t.done for t in flies) and table.hidden_cards == set()
    assert isinstance(table.timeline.current.tracks[0], anim.Banner)     # then "Let's battle!"


def test_animation_speed_setting_scales_the_table_animations(app):
    def frames_to_finish_the_deal(speed: float) -> int:
        app.settings.animation_speed = speed
        table = start(app, make_config("ffa", 2, humans=1, ai="random", seed=1))
        frames = 0
        while table.timeline.busy:     # no skipping: let the opening deal play out
            app.step(1 / 60)
            frames += 1
        app.stack.pop()
        return frames

    fast, slow = frames_to_finish_the_deal(4.0), frames_to_finish_the_deal(1.0)
    assert fast > 0 and fast * 3 <= slow


def test_the_game_select_screen_opens_the_setup_menu(app):
    from game.client.menus import GameSelectScene
    from game.client.registry import GAMES

    select = GameSelectScene()
    app.stack.push(select)
    select.focus = next(i for i, entry in enumerate(GAMES) if entry.id == "robomissions")
    app.post(Action("confirm"))
    assert isinstance(app.stack.top, SetupScene)


def test_every_card_renders_at_every_size_and_is_drawn_only_once(app):
    from game.robomissions.ui import card_sprites
    from game.robomissions.rules.cards import default_cards

    for card in default_cards():
        for size in (card_sprites.HAND_SIZE, card_sprites.BIG_SIZE, (66, 92)):
            face = card_sprites.card_face(card, size)
            assert face.get_size() == size
            assert card_sprites.card_face(card, size) is face      # cached, not redrawn each frame
        assert card_sprites.part_chip(card, (30, 70)).get_size() == (30, 70)


def test_watching_the_ais_can_fast_forward(app):
    table = start(app, make_config("ffa", 2, humans=0, ai="normal", seed=6))
    assert table.spectating
    app.post(Action("next"))
    assert table.fast_forward
    busy_in_a_row = longest_busy = 0
    for _ in range(MAX_FRAMES):                   # no SKIP pressed: fast-forward skips every animation
        if len(table.played) >= 20 or table.state.is_over:
            break
        app.step(1 / 60)                          # the AIs answer from their thread: frames, not a frame budget
        busy_in_a_row = busy_in_a_row + 1 if table.timeline.busy else 0
        longest_busy = max(longest_busy, busy_in_a_row)
    assert len(table.played) >= 20 or table.state.is_over
    assert longest_busy <= 1                      # a move's animation is gone by the next frame
    app.post(Action("next"))
    assert not table.fast_forward


def _knock_out_the_human(app, table):
    """Eliminate seat 1 (the human) while an AI has the turn, as a zap would."""
    run_until(app, table, lambda: table.state.current != 0 and not table.timeline.busy and not table.dirty)
    engine._eliminate(table.state, table.state.players[0], [])
    assert not table.state.is_over


def test_a_knocked_out_player_is_offered_watch_fast_forward_or_leave(app):
    """Issue 25: out on turn 6 of a 3-player game, then 64 turns to sit through with nothing asked."""
    from game.client.menus import ChoiceScene

    table = start(app, make_config("ffa", 3, humans=1, ai="normal", seed=3))
    _knock_out_the_human(app, table)
    for _ in range(5):
        app.step(1 / 60)
    offer = app.stack.top
    assert isinstance(offer, ChoiceScene) and offer.question.startswith("You are out")
    assert [item.label for item in offer.menu.items] == ["Watch", "Fast-forward to the results", "Leave to the title"]
    app.post(Action("down"))
    app.post(Action("confirm"))
    assert app.stack.top is table and table.fast_forward
    for _ in range(MAX_FRAMES):                      # no key pressed: the AIs finish the game by themselves
        if isinstance(app.stack.top, ResultsScene):
            break
        let_the_ai_answer(app)
        app.step(1 / 60)
    assert isinstance(app.stack.top, ResultsScene) and 0 not in table.state.winners


def test_leaving_after_being_knocked_out_ends_the_game(app):
    from game.client.menus import TitleScene
    from game.core.session import has_saved_game

    table = start(app, make_config("ffa", 3, humans=1, ai="normal", seed=3))
    _knock_out_the_human(app, table)
    for _ in range(5):
        app.step(1 / 60)
    app.post(Action("up"))                           # from "Watch" up to the last answer: Leave
    app.post(Action("confirm"))
    assert isinstance(app.stack.top, TitleScene)
    assert not has_saved_game("robomissions")


def test_clicking_a_greyed_out_card_says_why_it_cannot_be_played(app):
    """Issue 25: a Battery on the first turn (no attacks yet) is dimmed; clicking it names the rule."""
    table = start(app, make_config("ffa", 2, humans=1, ai="normal", seed=5))
    wait_for_human(app, table)
    state = table.state
    assert state.players[0].turns_taken == 0
    battery = next(uid for uid in state.deck if state.cards[uid].kind == "battery")
    state.deck.remove(battery)
    state.players[0].hand.append(battery)
    table._sync()
    assert Play(battery) not in engine.legal_choices(state)
    app.step(1 / 60)
    spot = table.layout.hand_cards[battery].center
    app.post(Action("point", "mouse", spot))
    app.post(Action("click", "mouse", spot))
    title, why = table.panel_text()
    assert title.endswith("cannot be played now") and "first turn" in why, (title, why)


@pytest.mark.parametrize("size", [(60, 84), (90, 126)])
def test_small_card_faces_keep_their_words_inside_at_800x480(size):
    """Issue 25: at 800x480 the text floor made a small card's words wider than the card and cut
    them ("ABOT H", "tan He") in the how-to pictures; they are shrunk to fit instead."""
    from game.robomissions.rules.cards import default_cards
    from game.robomissions.ui import card_sprites

    App(headless=True, window=(800, 480))
    card_sprites.card_face.cache_clear()
    w, h = size
    for card in {c.key: c for c in default_cards()}.values():
        face = card_sprites.card_face(card, size)
        for x in (3, w - 4):                                 # just inside the 2 px border
            column = [face.get_at((x, y))[:3] for y in range(2, h // 2)]
            assert not any(sum(c) < 200 for c in column), (card.key, x)      # no dark ink cut at the edge
    card_sprites.card_face.cache_clear()


def test_the_results_text_stays_inside_its_panel_at_800x480():
    """Seen at 800x480: 'Same seats, a new deal' under "Play again" fell below the results panel,
    over the hand cards."""
    from types import SimpleNamespace

    from game.client import text
    from game.robomissions.ui.results_scene import RESULTS_BOX

    widgets.font.cache_clear()
    widgets.render_text.cache_clear()
    app = App(headless=True, window=(800, 480))
    config = make_config("ffa", 3, humans=1, ai="normal", seed=7)
    players = [SimpleNamespace(robot_ids=lambda n=n: list(range(n))) for n in (5, 0, 0)]
    state = SimpleNamespace(winners=[0], turn=17, end_reason="elimination", players=players)
    table = SimpleNamespace(config=config, state=state, shown=SimpleNamespace(mode="ffa"), humans=frozenset({0}),
                            viewer=0, seat_label=lambda seat: f"Player {seat + 1}")
    results = ResultsScene(table, play_again=lambda again: None)
    app.stack.push(results)
    results.hold.update(10.0)                            # the way out is shown
    with text.record() as recorder:
        results.draw(app.screen, 0.0)
    drawn = {record.text: record.ink for record in recorder.records}
    assert "Same seats, a new deal" in drawn
    assert all(RESULTS_BOX.contains(rect) for rect in results.menu.rects)
    for words in ("You are the RoboChampion!", "Last one standing · 17 turns", "Player 3", "Same seats, a new deal"):
        assert RESULTS_BOX.contains(drawn[words]), (words, drawn[words])
    pygame.quit()
