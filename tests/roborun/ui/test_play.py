"""The Robo Run play screen driven headless with synthetic input, as a player would."""
import os
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from game.client import theme
from game.client.app import App
from game.client.input import Action
from game.roborun.ui import progress as prog
from game.roborun.rules.engine import apply, face_for, legal_choices, new_game
from game.roborun.ui.hud_render import seat_panel
from game.roborun.ui.play_scene import GameOptions, PlayScene, load_level_spec, start_game
from game.roborun.ui.choice_ui import ViewReader

ROOT = Path(__file__).resolve().parents[3]
SHOTS = os.environ.get("ROBORUN_SHOTS")   # set to a folder to keep the screenshots for a look


def fresh_caches():
    """Cached fonts and surfaces die with pygame.quit() in other tests: start clean."""
    from game.client import widgets
    from game.roborun.ui import board_render
    from game.roborun.ui import hud_render

    for cached in (widgets.font, widgets.render_text, board_render._raw_sprite, board_render.sprite,
                   board_render.robot_image, board_render.token_image, board_render.ghost_image,
                   hud_render.card_face, hud_render.card_back):
        cached.cache_clear()


@pytest.fixture()
def app():
    fresh_caches()
    application = App()
    application.settings.animation_speed = 4.0
    yield application


def _seen_tutorial():
    progress = prog.Progress(tutorial_seen=True)
    prog.save_progress(progress)


def _step_until(app, scene, condition, limit=4000, wall_seconds=60.0):
    """Step frames until `condition`. Frames spent waiting for the partner's worker thread do not
    count towards `limit` (its first decision may take real seconds on a loaded machine)."""
    deadline = time.monotonic() + wall_seconds
    frames = 0
    while frames < limit and time.monotonic() < deadline:
        if type(app.stack.top).__name__ == "ScenarioIntro":
            app.post(Action("confirm"))           # read the scenario page, then play
        if condition():
            return True
        waiting = scene.future is not None and not scene.future.done()
        app.step(1 / 60)
        if waiting:
            time.sleep(0.001)
        else:
            frames += 1
    return condition()


def _ready_for_human(scene):
    return scene.app.stack.top is scene and bool(scene.options_list) and not scene.animator.busy


def play_with_ui(app, scene, rng, use_mouse=False, shot_at=None, shot_path=None, max_choices=400):
    """Play the human seat by pressing keys (or clicking); returns the choices the UI sent."""
    sent = []
    shot_taken = False
    while scene.state.outcome is None and len(sent) < max_choices:
        app.post(Action("skip"))
        if not _step_until(app, scene, lambda: _ready_for_human(scene) or scene.state.outcome is not None):
            raise AssertionError("the screen never offered the human a choice")
        if scene.state.outcome is not None:
            break
        if shot_path and not shot_taken and len(sent) >= shot_at:
            app.step(1 / 60)
            app.save_screenshot(str(shot_path))
            shot_taken = True
        count = len(scene.options_list)
        target = rng.randrange(count)
        option = scene.options_list[target]
        if use_mouse and option.place in ("card", "map"):
            point = _point_for(scene, option)
            if point is not None:
                app.post(Action("point", "mouse", point))
                chosen = scene.options_list[scene.focus].choice
                app.post(Action("click", "mouse", point))
                sent.append(chosen)
                continue
        for _ in range(target):
            app.post(Action("next"))
        assert scene.focus == target
        sent.append(scene.options_list[scene.focus].choice)
        app.post(Action("confirm"))
    return sent


def _point_for(scene, option):
    if option.place == "card":
        for rect, card in scene.card_rects:
            if card == option.card:
                return rect.center
    for cell in option.cells:
        if scene.level.in_bounds(cell):
            return scene.board.cell_rect(cell).center
    return None


def _replayed(scene):
    state = new_game(scene.level, scene.seed, scene.setup)
    for choice in scene.history:
        apply(state, choice)
    return state


@pytest.mark.parametrize("use_mouse", [False, True])
def test_a_whole_scenario_played_through_the_ui_sends_exactly_the_chosen_moves(app, tmp_path, use_mouse):
    _seen_tutorial()
    scene = PlayScene(GameOptions(level_ref="1.1", partner="random", seat=0, seed=11 + use_mouse))
    app.stack.push(scene)
    shot = tmp_path / "midgame.png"
    sent = play_with_ui(app, scene, random.Random(5 + use_mouse), use_mouse=use_mouse, shot_at=2, shot_path=shot)
    _step_until(app, scene, lambda: scene.results_shown, limit=600)
    assert scene.state.outcome in ("won", "lost")
    human_moves = [c for c, seat in zip(scene.history, scene.deciders) if seat == 0]
    assert human_moves == sent                         # the engine got exactly what the UI sent
    assert set(scene.deciders) == {0, 1}               # and the random partner played its seat
    assert _replayed(scene).summary() == scene.state.summary()
    assert shot.exists()
    results = tmp_path / "results.png"
    app.step(1 / 60)
    app.save_screenshot(str(results))
    assert type(app.stack.top).__name__ == "ResultsScene"
    if SHOTS:
        shutil.copy(shot, os.path.join(SHOTS, f"midgame{int(use_mouse)}.png"))
        shutil.copy(results, os.path.join(SHOTS, f"results{int(use_mouse)}.png"))


def _to_my_card_choice(app, scene):
    for _ in range(80):
        app.post(Action("skip"))
        _step_until(app, scene, lambda: _ready_for_human(scene))
        if scene.reader.decision_kind == "card":
            return
        app.post(Action("confirm"))
    raise AssertionError("never reached a card choice")


def test_the_card_prompt_offers_pass_only_while_pass_can_be_chosen(app):
    """Issue 25: "(or PASS)" stayed in the prompt after PASS had been used."""
    _seen_tutorial()
    scene = PlayScene(GameOptions(level_ref="1.1", partner="random", seat=0, seed=1))
    app.stack.clear_to(scene)
    _to_my_card_choice(app, scene)
    assert scene.prompt(scene.reader)[0] == "Your turn: pick a card (or PASS)"
    kinds = [o.choice.kind for o in scene.options_list]
    for _ in range(kinds.index("pass") - scene.focus):
        app.post(Action("next"))
    app.post(Action("confirm"))                       # PASS: used for the whole scenario
    assert scene.state.pass_state == "used"
    passed = len(scene.history)
    app.post(Action("skip"))
    assert _step_until(app, scene, lambda: len(scene.history) > passed and _ready_for_human(scene)
                       or scene.state.outcome is not None)    # the teammate has played on
    _to_my_card_choice(app, scene)
    assert scene.prompt(scene.reader)[0] == "Your turn: pick a card"


def test_the_beep_prompt_says_the_choice_is_yours(app):
    """Issue 25: "Teammate's turn: BEEP a card..." read as "wait for your teammate"."""
    _seen_tutorial()
    scene = PlayScene(GameOptions(level_ref="1.1", partner="random", seat=0, seed=1))
    app.stack.clear_to(scene)
    _step_until(app, scene, lambda: _ready_for_human(scene))
    assert scene.reader.decision_kind == "start"
    labels = [o.label for o in scene.options_list]
    for _ in range(next(i for i, label in enumerate(labels) if label.startswith("Teammate")) - scene.focus):
        app.post(Action("next"))
    app.post(Action("confirm"))                     # the teammate plays first: I may BEEP before
    app.post(Action("skip"))
    _step_until(app, scene, lambda: _ready_for_human(scene))
    assert scene.reader.decision_kind == "beep"
    text = scene.prompt(scene.reader)[0]
    assert text.startswith("Your call: BEEP a card") and "Teammate's turn" not in text


def test_while_the_teammate_weighs_a_beep_the_prompt_says_so_not_just_thinking(app):
    """After "Round 1: You start" the prompt read "Teammate (red) thinking..." with its panel lit:
    it looked as if the teammate had taken the turn; it was only its BEEP call before your card."""
    _seen_tutorial()
    scene = PlayScene(GameOptions(level_ref="1.1", partner="random", seat=0, seed=1))
    app.stack.clear_to(scene)
    _step_until(app, scene, lambda: _ready_for_human(scene))
    assert scene.reader.decision_kind == "start"
    focus = next(i for i, o in enumerate(scene.options_list) if o.label.startswith("I start"))
    for _ in range(focus - scene.focus):
        app.post(Action("next"))
    app.post(Action("confirm"))                     # I start: the teammate may BEEP before my card
    assert scene.reader.decision_seat == 1 and scene.reader.decision_kind == "beep"
    assert scene.prompt(scene.reader)[0] == "Teammate (red) may BEEP a card before your turn..."


@pytest.mark.parametrize("device", ["keyboard", "gamepad"])
def test_undo_takes_back_choices_until_the_turn_passes(app, device):
    _seen_tutorial()
    for seed in range(1, 40):             # find a card that asks me something more after it is played
        scene = PlayScene(GameOptions(level_ref="1.1", partner="random", seat=0, seed=seed))
        app.stack.clear_to(scene)
        _to_my_card_choice(app, scene)
        before, history = scene.state.summary(), list(scene.history)
        plays = [i for i, o in enumerate(scene.options_list) if o.choice.kind == "play"]
        for index in plays:
            trial = scene.state.copy()
            apply(trial, scene.options_list[index].choice)
            if trial.decision_seat == 0 and trial.pending.kind in ("dir", "chip", "window"):
                break
        else:
            continue
        for _ in range(index):
            app.post(Action("next"))
        app.post(Action("confirm"))
        app.post(Action("skip"))
        app.step(1 / 60)
        assert scene.state.decision_seat == 0 and scene.session.can_undo(0)
        app.post(Action("undo") if device == "keyboard" else Action("back", "gamepad"))
        assert scene.history == history and scene.state.summary() == before
        assert type(app.stack.top).__name__ == "PlayScene"
        # once the turn has passed to the teammate, nothing can be taken back
        while scene.state.decision_seat == 0:
            app.post(Action("skip"))
            _step_until(app, scene, lambda: _ready_for_human(scene) or scene.state.decision_seat != 0)
            if scene.state.decision_seat == 0:
                app.post(Action("confirm"))
        assert not scene.session.can_undo(0)
        return
    pytest.fail("no seed gave a card with a follow-up decision")


def test_arrow_keys_pick_the_map_direction_as_seen_on_screen(app):
    _seen_tutorial()
    for seat in (0, 1):
        for seed in range(1, 60):
            scene = PlayScene(GameOptions(level_ref="1.1", partner="random", seat=seat, seed=seed))
            app.stack.clear_to(scene)
            for _ in range(30):
                app.post(Action("skip"))
                _step_until(app, scene, lambda: _ready_for_human(scene) or scene.state.outcome is not None)
                if scene.state.outcome is not None or any(o.arrows for o in scene.options_list):
                    break
                app.post(Action("confirm"))
            mapped = [o for o in scene.options_list if o.arrows]
            if not mapped or scene.state.outcome is not None:
                continue
            option = mapped[0]
            pos, direction = option.arrows[0]
            screen_dir = scene.board.screen_direction(direction)
            key = {"N": "up", "S": "down", "W": "left", "E": "right"}.get(screen_dir)
            if key is None:
                continue                   # a diagonal: reached with Tab instead
            app.post(Action(key))
            focused = scene.options_list[scene.focus]
            assert focused.arrows[0][1] == direction
            start = pygame.Vector2(scene.board.centre(*pos))
            end = pygame.Vector2(scene.board.centre(*option.cells[0]))
            delta = end - start
            on_screen = {"up": delta.y < 0, "down": delta.y > 0, "left": delta.x < 0, "right": delta.x > 0}[key]
            assert on_screen                 # the arrow key points the way the robot will go on screen
            break
        else:
            pytest.fail(f"seat {seat}: no straight map choice found")


def test_the_screen_only_shows_the_faces_the_viewer_sees(app):
    _seen_tutorial()
    scene = PlayScene(GameOptions(level_ref="1.1", partner="random", seat=1, seed=5))
    app.stack.push(scene)
    app.step(1 / 60)
    reader = ViewReader(scene.state, scene.viewer)
    for seat in (0, 1):
        panel = seat_panel(reader, seat, scene.viewer, True)
        for face, (card, owner_face) in zip(panel.stand, scene.state.stands[seat]):
            assert face.side == face_for(scene.state, 1, card)
            if seat == 0:
                assert face.side != owner_face        # the other side of the teammate's cards
    assert scene.board.flip                           # seat 1 sees the map from the top edge


def test_two_humans_get_a_hand_over_screen_between_seats(app):
    _seen_tutorial()
    scene = PlayScene(GameOptions(level_ref="1.1", partner="human", seat=0, seed=8))
    app.stack.push(scene)
    seen_handover = False
    for _ in range(30):
        app.post(Action("skip"))
        _step_until(app, scene, lambda: _ready_for_human(scene) or type(app.stack.top).__name__ == "HandOverScene"
                    or scene.state.outcome is not None)
        if scene.state.outcome is not None:     # windows that do not matter pass by themselves: games end sooner
            break
        if type(app.stack.top).__name__ == "HandOverScene":
            seen_handover = True
            waiting = app.stack.top.seat
            assert scene.state.decision_seat == waiting
            app.step(1 / 60)
            app.post(Action("confirm"))
            assert scene.viewer == waiting and scene.board.flip == (waiting == 1)
            continue
        assert scene.state.decision_seat == scene.viewer
        app.post(Action("confirm"))
    assert seen_handover


def test_the_tutorial_appears_on_the_first_scenario_only_once(app):
    start_game(app, GameOptions(level_ref="1.1", partner="random", seed=1))
    app.step(1 / 60)
    assert type(app.stack.top).__name__ == "TutorialOverlay"
    for _ in range(4):
        app.post(Action("confirm"))
    assert type(app.stack.top).__name__ == "ScenarioIntro"     # then the scenario page, every time
    assert "Colorful Start" in app.stack.top.title and app.stack.top.special_rules
    app.post(Action("confirm"))
    assert type(app.stack.top).__name__ == "PlayScene"
    assert prog.load_progress()[0].tutorial_seen
    start_game(app, GameOptions(level_ref="1.1", partner="random", seed=2))
    app.step(1 / 60)
    assert type(app.stack.top).__name__ == "ScenarioIntro"
    app.post(Action("confirm"))
    assert type(app.stack.top).__name__ == "PlayScene"
    app.post(Action("menu"))                                  # the pause menu shows the scenario page again
    app.stack.top.menu.items[[i.label for i in app.stack.top.menu.items].index("Scenario page")].on_select()
    assert type(app.stack.top).__name__ == "ScenarioIntro"


def test_a_damaged_progress_save_is_reported_on_the_scenario_select(app):
    prog.progress_path().write_text("not json", encoding="utf-8")
    from game.roborun.ui.play_scene import make_entry_scene

    app.stack.push(make_entry_scene(app))
    app.step(1 / 60)
    assert type(app.stack.top).__name__ == "NoticeScene"
    assert "damaged" in app.stack.top.message


def test_command_line_goes_straight_to_a_scenario(tmp_path):
    _seen_tutorial()
    shot = tmp_path / "cli.png"
    result = subprocess.run([sys.executable, "main.py", "roborun", "--level", "1.2", "--partner", "random",
                             "--seed", "3", "--frames", "30", "--screenshot", str(shot)],
                            cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert shot.exists()



def test_an_unknown_level_on_the_command_line_is_a_one_line_error(capsys):
    from game.cli import main as cli_main

    assert cli_main(["roborun", "--level", "9.9"]) == 2          # fails before any window opens
    err = capsys.readouterr().err
    assert "9.9" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_a_campaign_win_saves_the_boards_with_the_chosen_reward_and_opens_the_next_scenario(app):
    _seen_tutorial()
    from game.roborun.ui.play_scene import campaign_setup

    options = GameOptions(level_ref="1.1", partner="random", seed=4, campaign=True, choose_boards=True,
                          boards=("strong_two", "weird_four"), first_skills=("ram", "chip"))
    scene = start_game(app, options)
    setup = scene.setup
    assert setup.players[0].unlocked == ("ram",) and setup.players[1].chip_level == 2   # set-up step 7
    app.post(Action("confirm"))           # the scenario page
    app.step(1 / 60)
    scene.state.outcome = "won"           # a finished scenario (how it was won is the engine's business)
    scene.state.won_round = 3
    scene.finished_for = 5.0
    app.step(1 / 60)
    results = app.stack.top
    assert type(results).__name__ == "ResultsScene" and results.rewards
    assert "chip" in results.rewards[0] and "ram" not in results.rewards[0]
    results.menu.focus = 0                 # Green's reward: walk to "chip"
    while results.picks[0] != "chip":
        app.post(Action("right"))
    assert results.menu.items[0].detail.startswith("Develop the CHIP: unlock its next level")  # says what it does
    app.post(Action("right"))
    assert "RAM" not in results.menu.items[0].detail and ": " in results.menu.items[0].detail
    while results.picks[0] != "chip":
        app.post(Action("right"))
    next_index = next(i for i, item in enumerate(results.menu.items) if item.label == "Next scenario")
    results.menu.focus = next_index
    app.post(Action("confirm"))            # Enter pressed as the scenario ends: the results stay (issue 25)
    assert app.stack.top is results
    for _ in range(90):
        app.step(1 / 60)
    assert app.stack.top is results, app.stack.top
    from game.client import text
    results.menu.focus = 0
    with text.record() as recorder:                    # the focused reward's detail is on the screen
        results.draw(app.screen, 0.0)
    assert any(r.text.startswith("Develop the CHIP") for r in recorder.records), [r.text for r in recorder.records]
    results.menu.focus = next_index
    app.post(Action("confirm"))
    saved = prog.load_progress()[0].campaign(1)
    assert saved.completed == ["1.1"]
    assert saved.players[0]["chip_level"] == 2 and saved.players[0]["unlocked"] == ["ram"]
    assert type(app.stack.top).__name__ == "ScenarioIntro" and app.stack.top.level_id == "1.2"
    app.post(Action("confirm"))
    nxt = app.stack.top
    assert type(nxt).__name__ == "PlayScene" and nxt.level.level_id == "1.2"
    assert nxt.setup.players[0].chip_level == 2          # the boards carried on into 1.2
    assert campaign_setup(nxt.options).players[1].chip_level == setup.players[1].chip_level


def test_esc_on_scenario_complete_goes_back_to_scenario_select(app):
    """Issue 25: Esc did nothing on "Scenario complete"; it leaves to the scenario list (after the hold)."""
    _seen_tutorial()
    scene = start_game(app, GameOptions(level_ref="1.1", partner="random", seed=4))
    app.post(Action("confirm"))
    app.step(1 / 60)
    scene.state.outcome = "won"
    scene.state.won_round = 2
    scene.finished_for = 5.0
    app.step(1 / 60)
    results = app.stack.top
    assert type(results).__name__ == "ResultsScene"
    app.post(Action("back"))               # pressed while the results appear: nothing yet
    assert app.stack.top is results
    for _ in range(90):
        app.step(1 / 60)
    app.post(Action("back"))
    assert type(app.stack.top).__name__ == "EntryScene"


def test_single_scenario_mode_uses_the_chosen_robot_boards(app):
    _seen_tutorial()
    scene = start_game(app, GameOptions(level_ref="1.3", partner="random", seed=9, choose_boards=True,
                                        boards=("smart_three", "strong_two")))
    assert scene.state.robot_names == ("smart_three", "strong_two")
    unlocks = [len(p.unlocked) + p.chip_level - 1 for p in scene.setup.players]
    assert unlocks == [3, 3]                                # chapter 8: X.3 = 3 unlocks each


def test_the_ai_teammate_plays_from_a_worker_thread_without_blocking_frames(app):
    _seen_tutorial()
    scene = PlayScene(GameOptions(level_ref="1.1", partner="ai", seat=0, seed=2))
    app.stack.push(scene)
    saw_pending = False
    for _ in range(40):
        if saw_pending and 1 in scene.deciders:
            break
        app.post(Action("skip"))
        _step_until(app, scene, lambda: _ready_for_human(scene) or scene.state.outcome is not None)
        if scene.state.outcome is not None:
            break
        app.post(Action("confirm"))
        for _ in range(30):
            saw_pending |= scene.future is not None
            app.step(1 / 60)
    assert saw_pending and 1 in scene.deciders
    assert scene.partner_warning == ""


def test_a_broken_ai_never_ends_the_game_a_random_legal_move_is_played_instead(app, monkeypatch):
    _seen_tutorial()
    from game.roborun.ui import play_scene

    def broken(view, choices, rng):
        raise RuntimeError("boom")

    monkeypatch.setattr(play_scene, "make_partner", lambda kind, level: (broken, ""))
    scene = PlayScene(GameOptions(level_ref="1.1", partner="ai", seat=0, seed=6))
    app.stack.push(scene)
    for _ in range(10):
        app.post(Action("skip"))
        _step_until(app, scene, lambda: _ready_for_human(scene) or scene.state.outcome is not None)
        if 1 in scene.deciders:
            break
        app.post(Action("confirm"))
    assert 1 in scene.deciders
    assert any("AI problem" in line for line in scene.log)


def test_the_scenario_select_starts_a_campaign_game_with_keys_only(app):
    _seen_tutorial()
    from game.roborun.ui.play_scene import make_entry_scene

    app.stack.push(make_entry_scene(app))
    app.step(1 / 60)
    entry = app.stack.top
    assert entry.menu.items[entry.menu.focus].label == "Start"     # focused first: Enter plays (issue 25)
    app.post(Action("confirm"))
    app.step(1 / 60)
    app.post(Action("confirm"))           # the scenario page
    scene = app.stack.top
    assert type(scene).__name__ == "PlayScene" and scene.options.campaign and scene.level.level_id == "1.1"
    assert prog.load_progress()[0].campaign(1).boards == list(entry.choices.boards)


def test_a_damaged_save_met_by_the_play_screen_is_reported_and_play_goes_on(app):
    prog.progress_path().write_text("{broken", encoding="utf-8")
    scene = start_game(app, GameOptions(level_ref="1.2", partner="random", seed=1))
    app.step(1 / 60)
    assert type(app.stack.top).__name__ == "NoticeScene" and "damaged" in app.stack.top.message
    app.post(Action("confirm"))
    app.post(Action("confirm"))                               # the scenario page under it
    assert app.stack.top is scene
    assert prog.progress_path().with_name(prog.FILE_NAME + ".damaged").exists()


def test_exits_locked_by_a_scenario_rule_are_marked_on_the_map(app):
    _seen_tutorial()
    scene = start_game(app, GameOptions(level_ref="1.6", partner="random", seed=1))
    app.post(Action("confirm"))                               # the scenario page
    app.step(1 / 60)
    assert not scene.reader.exits_open
    level = scene.level
    exits = [(x, y) for y in range(level.height) for x in range(level.width) if level.spaces[y][x].kind == "exit"]
    assert exits
    for pos in exits:
        assert tuple(app.screen.get_at(scene.board.cell_rect(pos).center))[:3] == theme.BAD


def test_board_picker_never_gives_both_seats_the_same_robot(app):
    """Each robot is one side of one of the two double-sided Player boards."""
    from game.roborun.ui.campaign_screens import EntryScene

    entry = EntryScene()
    app.stack.push(entry)
    items = {item.label: item for item in entry.menu.items}
    seen = set()
    for label in ("Green's board", "Red's board"):
        for step in (1, 1, 1, -1, -1, 1, 1):
            items[label].on_change(step)
            seen.add(entry.choices.boards)
            assert entry.choices.boards[0] != entry.choices.boards[1]
    assert len(seen) >= 4   # the picker really changed boards


def _map_pixels(surface, area):
    return pygame.image.tobytes(surface.subsurface(area), "RGB")


def test_hot_seat_map_and_pieces_agree_for_each_seat_after_every_hand_over(app):
    """Issue 11: at Red's hand-over the pieces turned 180 degrees but the cached map did not.
    After every hand-over the drawn map must be the one of the renderer that places the
    pieces, and that renderer must be turned for the seat at the screen."""
    from game.roborun.ui.board_render import BoardRenderer
    from game.client.widgets import paint_vertical_gradient
    from game.roborun.ui.play_render import BACKGROUND, BOARD_AREA
    _seen_tutorial()
    scene = PlayScene(GameOptions(level_ref="1.3", partner="human", seat=0, seed=1))
    app.stack.push(scene)
    handovers = {0: 0, 1: 0}
    for _ in range(40):
        app.post(Action("skip"))
        _step_until(app, scene, lambda: _ready_for_human(scene) or type(app.stack.top).__name__ == "HandOverScene"
                    or scene.state.outcome is not None)
        if scene.state.outcome is not None:
            break
        if type(app.stack.top).__name__ == "HandOverScene":
            waiting = app.stack.top.seat
            app.step(1 / 60)
            app.post(Action("confirm"))
            for _ in range(3):
                app.step(1 / 60)
            handovers[waiting] += 1
            assert scene.viewer == waiting and scene.board.flip == (waiting == 1)
            fresh = pygame.Surface(theme.LOGICAL_SIZE).convert()
            paint_vertical_gradient(fresh, *BACKGROUND)
            BoardRenderer(scene.level, BOARD_AREA, flip=waiting == 1).draw_static(fresh)
            assert _map_pixels(scene.hud_layer, BOARD_AREA) == _map_pixels(fresh, BOARD_AREA), \
                f"seat {waiting}'s map is not drawn for that seat"
            for rid, _colour, pos, _owner in scene.reader.view.robots:
                assert scene.board.cell_rect(pos) == BoardRenderer(scene.level, BOARD_AREA,
                                                                   flip=waiting == 1).cell_rect(pos)
            if min(handovers.values()) >= 2:
                break
            continue
        app.post(Action("confirm"))
    assert handovers[1] >= 1 and handovers[0] >= 1


def test_the_first_frame_is_composed_on_the_screen_as_the_backdrop_would_compose_it(app, monkeypatch):
    """Issue 26: the first frame draws the HUD and the resting pieces straight onto the screen
    (the HUD layer is made by the second frame, the backdrop by the third: two full-screen
    surfaces, one a frame), and a part drawn on a freshly painted HUD layer gets no second coat
    of background: the same pixels either way."""
    from game.roborun.ui import play_render

    def first_frames(old_way: bool):
        fresh_caches()
        scene = PlayScene(GameOptions(level_ref="1.1", partner="random", seat=0, seed=4, intro=False, tutorial=False))
        app.stack.scenes.clear()
        app.stack.push(scene)
        if old_way:
            scene.frames_drawn = 2                  # as if two frames were drawn: both layers at once
            scene.ONE_COAT = False                  # every part repaints its background
        shots, layers = [], []
        for _ in range(3):
            app.step(app.clock.step)
            shots.append(pygame.image.tobytes(app.screen, "RGB"))
            layers.append(len(made))
        return shots, scene, layers

    made = []
    opaque = play_render.opaque_surface
    monkeypatch.setattr(play_render, "opaque_surface", lambda size: made.append(size) or opaque(size))
    new, scene, layers = first_frames(old_way=False)
    assert layers == [0, 1, 2] and made == [theme.LOGICAL_SIZE, theme.LOGICAL_SIZE]   # the HUD: frame 2, the backdrop: 3
    assert scene.backdrop is not None and scene.hud_layer is not None
    made.clear()
    old, _, _ = first_frames(old_way=True)
    assert new == old


def test_the_mouse_wheel_opens_how_to_play_from_the_scenario_page_as_its_hint_says(app):
    """Seen with the mouse at 800x480: the scenario page's hint bar read 'Wheel How to play' and
    the wheel did nothing."""
    start_game(app, GameOptions(level_ref="1.1", partner="random", seed=2))
    app.step(1 / 60)
    while type(app.stack.top).__name__ == "TutorialOverlay":
        app.post(Action("back"))
    assert type(app.stack.top).__name__ == "ScenarioIntro"
    app.post(Action("scroll", "mouse", (640, 360), amount=-1))
    assert type(app.stack.top).__name__ == "TutorialOverlay"


def test_p_closes_the_tutorial_and_the_scenario_page_as_help_does_in_every_game(app):
    """P used to do nothing over Robo Run's first-scenario help: the player was stuck until Esc."""
    start_game(app, GameOptions(level_ref="1.1", partner="random", seed=1))
    app.step(1 / 60)
    assert type(app.stack.top).__name__ == "TutorialOverlay"
    app.post(Action("menu"))
    assert type(app.stack.top).__name__ == "ScenarioIntro"
    app.post(Action("menu"))
    assert type(app.stack.top).__name__ == "PlayScene"
    app.post(Action("menu"))
    assert type(app.stack.top).__name__ == "PauseScene"


def test_restart_scenario_asks_once_and_back_keeps_the_game(app):
    """The pause menu's Restart used to throw the game away at once (a stray tap on the 800x480
    touchscreen would): it asks, the safe answer has the focus, and yes deals the same scenario anew."""
    from game.client.menus import ConfirmScene
    start_game(app, GameOptions(level_ref="1.2", partner="random", seed=4))
    play = next(s for s in app.stack.scenes if isinstance(s, PlayScene))
    while app.stack.top is not play:
        app.post(Action("back"))
        app.step(1 / 60)
    app.post(Action("menu"))
    assert type(app.stack.top).__name__ == "PauseScene"
    play._restart()                                        # the pause menu's "Restart scenario"
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene) and ask.question == "Restart this scenario?"
    app.step(1 / 60)
    app.post(Action("confirm", "keyboard"))                # the focused answer: keep playing
    assert app.stack.top is play
    app.post(Action("menu"))
    play._restart()
    app.step(1 / 60)
    app.post(Action("down", "keyboard"))
    app.post(Action("confirm", "keyboard"))                # "Restart"
    for _ in range(5):
        app.step(1 / 60)
    restarted = next(s for s in app.stack.scenes if isinstance(s, PlayScene))
    assert restarted is not play and restarted.seed == play.seed
    assert play not in app.stack.scenes


def test_the_prompt_waits_with_the_options_panel_while_a_card_animates(app):
    """Seen in a real 800x480 window: during "You played card 6 (blue)" the prompt read "Use an
    ability or Equipment now, or Continue" while the options panel said "Waiting" (options are
    built when the animation ends, and that window was then continued without asking)."""
    _seen_tutorial()
    scene = PlayScene(GameOptions(level_ref="1.1", partner="random", seat=0, seed=1))
    app.stack.clear_to(scene)
    _to_my_card_choice(app, scene)
    assert scene.options_list and scene.prompt(scene.reader)[0].startswith("Your turn")
    played = len(scene.history)
    app.post(Action("confirm"))                       # play the focused card: its events animate
    app.step(1 / 60)
    assert len(scene.history) > played and scene.animator.busy
    assert scene.state.decision_seat == scene.viewer     # the card's next question is mine
    assert not scene.options_list
    assert scene.prompt(scene.reader)[0] == ""
    app.post(Action("skip"))
    assert _step_until(app, scene, lambda: _ready_for_human(scene) or scene.state.outcome is not None)
    if scene.state.outcome is None:
        assert scene.options_list and scene.prompt(scene.reader)[0]
