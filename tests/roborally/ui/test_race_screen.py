"""The race screen headless: a whole race played through it, a human programming with the
keys (preview, undo), hand-over between humans, the timer, pause/how-to-play, save and resume."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pygame

from game.client import input as inp
from game.core.session import GameSession, has_saved_game, saved_game_path
from game.core.storage import load_json
from game.roborally import rules as R
from game.client.menus import HowToPlayScene
from game.roborally.levels.tmx import find_course, load_course
from game.roborally.ui.scene import HandoverScene, RaceScene, new_race, resume_scene
from tests.helpers import let_the_ai_answer

ROOT = Path(__file__).resolve().parents[3]


def run_until(app, scene, cond, limit=40000, press=None):
    for frame in range(limit):
        if cond():
            return frame
        if press and frame % 3 == 0:
            press()
        let_the_ai_answer(app)
        app.step(1 / 60)
    raise AssertionError("condition not reached")


def test_a_whole_race_between_two_ais_plays_through_the_screen(app):
    scene = new_race("dizzy-dash", 2, 0, "hard", seed=4, speed=8.0, max_rounds=12)
    app.stack.push(scene)
    run_until(app, scene, lambda: scene.session.is_over() and not scene._busy())
    result = R.result(scene.session.state)
    assert result.outcome in ("won", "timeout")
    assert not has_saved_game("roborally")       # a finished race leaves no save (waits for the saver)
    app.step(1 / 60)
    app.post(inp.Action(inp.CONFIRM))       # Enter pressed through the last animation: the result stays (issue 25)
    assert app.stack.top is scene
    for _ in range(100):
        app.step(1 / 60)
    assert scene.hints()[0] == (inp.CONFIRM, "Back to title")     # the hint bar names the way out (issue 25)
    app.post(inp.Action(inp.CONFIRM))                       # result box: back to the title
    assert type(app.stack.top).__name__ == "TitleScene"


def test_a_human_plays_a_whole_race_with_the_keyboard(app):
    scene = new_race("dizzy-dash", 2, 1, "easy", seed=2, speed=8.0, max_rounds=6)
    app.stack.push(scene)
    # Enter on whatever is focused: shop (buy or pass), cards, laser choices
    run_until(app, scene, lambda: scene.session.is_over() and not scene._busy(),
              press=lambda: app.post(inp.Action(inp.CONFIRM)) if app.stack.top is scene else app.stack.pop())
    assert R.is_over(scene.session.state)


def test_programming_fills_registers_face_down_with_a_preview_and_undo(app):
    scene = new_race("dizzy-dash", 2, 1, "normal", seed=5, speed=8.0)
    app.stack.push(scene)
    # buy nothing in the shop, then wait for our programming turn
    run_until(app, scene, lambda: scene.state.phase == "program" and scene._human_turn(),
              press=lambda: scene.menu is not None and scene._human_turn() and scene.menu.items[-1][2]())
    for _ in range(2):                                      # two turns: the preview never reboots
        scene.focus = next(i for i, c in enumerate(scene._hand_slots())
                           if c is not None and c.arg in ("left", "right", "uturn", "powerup"))
        app.post(inp.Action(inp.CONFIRM))
    me = scene.state.robots[0]
    assert sum(c is not None for c in me.regs) == 2
    assert len(scene._preview(0)) == 2
    # the other seat sees face-down cards only
    assert R.seat_view(scene.state, 1).robots[0].regs[:2] == ("?", "?")
    app.post(inp.Action(inp.UNDO))
    assert sum(c is not None for c in scene.state.robots[0].regs) == 1
    surface = pygame.Surface((1280, 720))
    scene.draw(surface, 0.0)


def test_hand_over_between_two_humans_hides_the_next_program(app):
    scene = new_race("dizzy-dash", 2, 2, "normal", seed=6, speed=8.0)
    app.stack.push(scene)

    def press():
        top = app.stack.top
        if isinstance(top, HandoverScene):
            return
        if scene.state.phase == "program" and scene.session.current_seat() == 1:
            return
        app.post(inp.Action(inp.CONFIRM))

    run_until(app, scene, lambda: isinstance(app.stack.top, HandoverScene), press=press)
    hand_over = app.stack.top
    assert hand_over.seat == scene.session.current_seat() != scene.last_human
    assert scene.state.phase == "program"
    assert not scene.session.can_undo()                 # the previous human's cards are locked in
    app.post(inp.Action(inp.CONFIRM))
    assert app.stack.top is scene


def test_the_sand_timer_is_off_by_default_against_ais(app):
    # issue 25: the 30 s timer started as soon as the AIs were done; the printed game's
    # sand timer is optional, so against AIs it is off unless asked for
    scene = new_race("dizzy-dash", 2, 1, "normal", seed=7, speed=8.0, save=False)
    app.stack.push(scene)
    scene.state.token, scene.state.order, scene.state.turn_i = 1, [1, 0], 0     # the AI programs first
    while scene.state.phase == "upgrade":
        scene._apply(R.legal_choices(scene.state)[-1])
    run_until(app, scene, lambda: scene.session.current_seat() == 0 and scene.state.phase == "program")
    for _ in range(120):
        app.step(1 / 60)
    assert scene.timer is None and all(c is None for c in scene.state.robots[0].regs)
    assert new_race("dizzy-dash", 2, 2, "normal", seed=7, save=False).use_timer      # two humans: on


def test_the_fifth_card_waits_for_a_confirm_and_the_hand_never_shifts(app):
    # issue 25: "The fifth card starts the round with no confirm, and the card row shifts after
    # every placement, so a SPAM went in by mistake."
    scene = new_race("dizzy-dash", 2, 1, "normal", seed=7, speed=8.0, save=False)
    app.stack.push(scene)
    run_until(app, scene, lambda: scene.state.phase == "program" and scene._human_turn(),
              press=lambda: scene.menu is not None and scene._human_turn() and scene.menu.items[-1][2]())
    for k in range(5):
        slots = scene._hand_slots()
        legal = scene.session.legal_choices()
        scene.focus = next(i for i, c in enumerate(slots) if c is not None and c in legal)
        app.post(inp.Action(inp.CONFIRM))
        after = scene._hand_slots()
        # the placed card leaves a gap; every other card keeps its place
        assert after[scene.focus] is None
        assert [c.arg if c else None for i, c in enumerate(after) if i != scene.focus] == \
               [c.arg if c else None for i, c in enumerate(slots) if i != scene.focus]
    me = scene.state.robots[0]
    assert me.regs.count(None) == 1 and scene.confirm is not None and scene.state.phase == "program"
    app.post(inp.Action(inp.UNDO))                                  # take the fifth back
    assert scene.confirm is None and me.regs.count(None) == 1
    assert sorted(c.arg for c in scene._hand_slots() if c is not None) == sorted(me.hand)
    scene.focus = next(i for i, c in enumerate(scene._hand_slots()) if c is not None)
    app.post(inp.Action(inp.CONFIRM))
    assert scene.confirm is not None
    app.post(inp.Action(inp.CONFIRM))                               # confirmed: the program is in
    assert scene.confirm is None and not (scene.state.phase == "program" and scene.session.current_seat() == 0)


def test_the_timer_fills_a_slow_humans_registers(app):
    scene = new_race("dizzy-dash", 2, 1, "normal", seed=7, speed=8.0, timer=True)
    app.stack.push(scene)
    scene.state.token = 1                                    # the AI programs first
    scene.state.order = [1, 0]
    scene.state.turn_i = 0
    scene.menu = None
    if scene.state.phase == "upgrade":
        while scene.state.phase == "upgrade":
            scene._apply(R.legal_choices(scene.state)[-1])
    run_until(app, scene, lambda: scene.timer is not None)
    assert scene.timer == 30.0 and all(card is None for card in scene.state.robots[0].regs)
    scene.timer = 1.0                     # the last second of the 30: what happens when it runs out
    frames = run_until(app, scene, lambda: scene.state.phase != "program", limit=60 * 5)
    assert frames >= 55                   # nothing was filled before the second was up
    assert all(card is not None for card in scene.state.robots[0].regs)    # the human's 5, filled at random


def test_pause_offers_how_to_play(app):
    scene = new_race("chaos-canyon", 3, 1, "normal", seed=8, speed=8.0)
    app.stack.push(scene)
    app.step(1 / 60)
    app.post(inp.Action(inp.MENU))
    pause = app.stack.top
    how = [i for i in pause.menu.items if i.label == "How to play"][0]
    how.on_select()
    assert isinstance(app.stack.top, HowToPlayScene)
    app.step(1 / 60)


def test_a_saved_race_resumes_at_the_same_position(app):
    scene = new_race("carnage-crossing", 3, 1, "normal", seed=9, speed=8.0)
    app.stack.push(scene)
    run_until(app, scene, lambda: len(scene.session.choices) >= 12, limit=6000,
              press=lambda: app.post(inp.Action(inp.CONFIRM)))
    data, _ = load_json(saved_game_path("roborally"))
    session, _ = GameSession.from_json(data, R, "save")
    again = resume_scene(app, session)
    assert isinstance(again, RaceScene) and again.seats == scene.seats
    assert repr(R.seat_view(session.state, 0)) == repr(R.seat_view(
        GameSession.from_json(json.loads(json.dumps(scene.session.to_json())), R, "x")[0].state, 0))


def test_command_line_screenshot_and_bad_options(tmp_path):
    shot = tmp_path / "race.png"
    done = subprocess.run([sys.executable, "main.py", "roborally", "--course", "long-haul", "--players", "6",
                           "--humans", "0", "--frames", "30", "--screenshot", str(shot)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert shot.stat().st_size > 10_000
    bad = subprocess.run([sys.executable, "main.py", "roborally", "--players", "9"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and bad.stderr.startswith("error: --players") and "Traceback" not in bad.stderr


def test_reachable_from_game_select_and_the_setup_menu_starts_a_race(app):
    from game.catalog import BY_ID
    from game.client.registry import load_entry

    factory = load_entry(BY_ID["roborally"])
    setup = factory(app)
    app.stack.push(setup)
    labels = [i.label for i in setup.menu.items]
    assert labels[:4] == ["Course", "Robots", "Humans", "AI level"]
    robots = setup.menu.items[1]
    robots.on_change(1)                                 # 3 robots
    setup.menu.items[labels.index("Start race")].on_select()
    race = app.stack.top
    assert isinstance(race, RaceScene) and len(race.seats) == 3 and race.seats[0] == "human"
    for _ in range(5):
        app.step(1 / 60)


def test_continue_offers_the_saved_race(app):
    scene = new_race("dizzy-dash", 2, 1, "normal", seed=12, speed=8.0)
    app.stack.push(scene)
    run_until(app, scene, lambda: len(scene.session.choices) >= 3, limit=3000,
              press=lambda: app.post(inp.Action(inp.CONFIRM)))
    from game.roborally.ui.scene import SetupScene

    setup = SetupScene()
    app.stack.push(setup)
    assert setup.menu.items[0].label == "Continue saved race"
    setup.menu.items[0].on_select()
    again = app.stack.top
    assert isinstance(again, RaceScene)
    assert [R.choice_to_json(c) for c in again.session.choices] == [R.choice_to_json(c) for c in scene.session.choices]


def test_leaving_the_race_waits_for_its_last_background_save(app, monkeypatch):
    """Saves are written off the frame; closing the screen waits until the last one is on disk."""
    import threading

    from game.core import storage

    gate = threading.Event()
    real = storage.write_atomic

    def slow_disk(path, text):
        if Path(path).name == "roborally.json":     # the game's save: a slow SD card
            assert gate.wait(10)
        real(path, text)

    monkeypatch.setattr(storage, "write_atomic", slow_disk)
    scene = new_race("dizzy-dash", 2, 0, "easy", seed=3, speed=8.0, tutorial=False)
    app.stack.push(scene)
    run_until(app, scene, lambda: len(scene.session.choices) >= 4)
    assert storage.saver.pending(saved_game_path("roborally"))      # the frames did not wait for the disk
    threading.Timer(0.3, gate.set).start()
    app.stack.pop()                                                 # exit() waits for the saver
    data = json.loads(saved_game_path("roborally").read_text(encoding="utf-8"))
    assert data["choices"] == [R.choice_to_json(c) for c in scene.session.choices]


def _continue_from_setup(app, content: str):
    """`content` as the saved race, then the set-up screen's "Continue saved race"."""
    from game.roborally.ui.scene import SetupScene

    path = saved_game_path(R.GAME_ID)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content)
    setup = SetupScene()
    app.stack.push(setup)
    assert setup.menu.items[0].label == "Continue saved race"
    setup.menu.items[0].on_select()
    return path, setup


def test_a_newer_versions_save_survives_continue_and_a_new_race(app):
    """Issue 27: the set-up's Continue said "left untouched", then "Start race" wrote over it."""
    from game.core import storage

    newer = '{"format": "robo-arcade-game", "version": 7, "game": "roborally", "seed": 1, "plans": {}}'
    path, setup = _continue_from_setup(app, newer)
    assert "newer" in app.stack.top.message and "\n" not in app.stack.top.message
    assert path.read_text() == newer
    app.stack.pop()
    start = next(i for i in setup.menu.items if i.label == "Start race")
    start.on_select()
    storage.wait_idle()
    assert path.with_name("roborally.json.newer").read_text() == newer
    assert json.loads(path.read_text())["version"] == 1
    assert any("roborally.json.newer" in w for w in storage.take_warnings() + app.notices)


def test_a_damaged_save_is_set_aside_by_the_setup_continue(app):
    damaged = '{"format": "robo-arcade-game", "version": 1, "game": "roborally", "seed": 1, "config": 5}'
    path, setup = _continue_from_setup(app, damaged)
    assert "moved aside" in app.stack.top.message                   # a one-line notice
    assert not path.exists() and path.with_name("roborally.json.damaged").read_text() == damaged
    app.stack.pop()
    assert setup.menu.items[0].label == "Course"                     # nothing left to continue


def _watched_course(app, tmp_path):
    """A copy of dizzy-dash beside a copy of the tilesets, raced on screen with --watch."""
    folder = tmp_path / "levels" / "roborally"
    folder.mkdir(parents=True)
    shutil.copytree(ROOT / "levels" / "tilesets", tmp_path / "levels" / "tilesets")
    path = folder / "mine.tmx"
    shutil.copy(find_course("dizzy-dash"), path)
    scene = new_race(str(path), 2, 0, "easy", 5, speed=8.0, save=False).watch(str(path), 5)
    app.stack.push(scene)
    app.step(1 / 60)
    return path, scene


def test_watch_restarts_the_race_when_the_course_file_changes_and_keeps_it_on_a_bad_file(app, tmp_path):
    path, scene = _watched_course(app, tmp_path)
    text = path.read_text()
    path.write_text(text.replace('value="Dizzy Dash"', 'value="Dizzy Dash II"'))
    os.utime(path, ns=(1, 1))
    for _ in range(40):
        app.step(1 / 60)
    again = app.stack.top
    assert again is not scene and again.watch_path == str(path)
    assert load_course(path)["name"] == "Dizzy Dash II" and "reloaded" in again.message
    path.write_text("<map broken")
    os.utime(path, ns=(2, 2))
    for _ in range(40):
        app.step(1 / 60)
    assert app.stack.top is again and "mine.tmx" in again.watch_error
    assert any(line.startswith("reload failed, old course kept: ") for line in again.log)


def test_watch_keeps_the_course_when_its_tileset_became_a_symlink_loop(app, tmp_path):
    """The course reader resolves ../tilesets/roborally.tsx; a symbolic link to itself there made
    Python 3.11's resolve() raise RuntimeError ('Symlink loop from ...') and closed the designer's
    window; now it is a reload error like any other and the old course stays."""
    path, scene = _watched_course(app, tmp_path)
    tileset = tmp_path / "levels" / "tilesets" / "roborally.tsx"
    tileset.unlink()
    os.symlink(tileset.with_name("other.tsx"), tileset)
    os.symlink(tileset, tileset.with_name("other.tsx"))
    os.utime(path, ns=(1, 1))
    for _ in range(40):
        app.step(1 / 60)
    assert app.stack.top is scene and "symbolic links" in scene.watch_error
    assert any(line.startswith("reload failed, old course kept: ") for line in scene.log)


def test_the_upgrade_shops_hint_bar_names_up_down(app):
    """Real window, 1024x600 (h48): the upgrade shop's list ("Draw an upgrade card", "Done
    upgrading") moved with Up/Down, but the hint bar named only Enter, X, I and P."""
    scene = new_race("dizzy-dash", 2, 1, "normal", seed=5, speed=8.0, save=False)
    app.stack.push(scene)
    run_until(app, scene, lambda: scene.state.phase == "upgrade" and scene._human_turn() and scene.menu is not None,
              limit=4000)
    assert len(scene.menu.items) > 1
    hints = scene.hints()
    assert hints[:2] == [(inp.CONFIRM, "Select"), (inp.UP_DOWN, "Choose")]
    app.post(inp.Action(inp.DOWN))
    app.step(1 / 60)
    assert scene.menu.focus == 1                                  # Down does what the bar says
