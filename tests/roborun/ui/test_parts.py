"""Robo Run client pieces that stand on their own: progress saves, animations, board drawing."""
import json

import pygame
import pytest

from game.core import storage
from game.roborun.ui import progress as prog
from game.client.sequencer import Sequencer
from game.roborun.ui.anim import STEP_SECONDS, EventAnimations, Stage, event_path
from game.roborun.rules.events import Event
from game.roborun.rules.level import RobotStart, Space, Token, blank_level


# ---------------------------------------------------------------- progress
def test_progress_round_trips_through_the_save_file():
    progress = prog.Progress(tutorial_seen=True)
    progress.campaign(1).boards = ["quick_one", "weird_four"]
    progress.record_win("1.1", campaign_mode=True,
                        players=[{"robot": "quick_one", "unlocked": ["nitro"]}, {"robot": "weird_four"}],
                        equipment_deck=[3, 1, 2])
    progress.record_win("2.4", campaign_mode=False)
    prog.save_progress(progress)
    loaded, warning = prog.load_progress()
    assert warning is None
    assert loaded.to_json() == progress.to_json()
    assert loaded.is_completed("1.1") and not loaded.is_completed("1.2")
    assert loaded.next_level(1) == "1.2"
    assert loaded.single_wins == ["2.4"]


def test_a_damaged_progress_save_is_reported_and_set_aside_not_fatal():
    path = prog.progress_path()
    path.write_text("{ not json", encoding="utf-8")
    loaded, warning = prog.load_progress()
    assert warning is not None and "damaged" in warning
    assert loaded.to_json() == prog.Progress().to_json()
    assert not path.exists() and path.with_name(path.name + ".damaged").exists()


def test_progress_with_wrong_types_falls_back_to_defaults():
    storage.save_json(prog.progress_path(), {"campaigns": {"1": {"boards": ["bogus", 3], "completed": [1, "1.1"]}},
                                             "tutorial_seen": 1, "single_wins": "x"})
    loaded, warning = prog.load_progress()
    # one line naming the file and the first bad field; every bad field takes its default
    assert "roborun_progress.json: tutorial_seen:" in warning and "(also reset: single_wins)" in warning and "\n" not in warning
    assert loaded.campaign(1).boards == [None, None]
    assert loaded.campaign(1).completed == ["1.1"]
    assert loaded.single_wins == [] and loaded.tutorial_seen is False


# ---------------------------------------------------------------- animation
def _stage():
    stage = Stage()
    stage.sync([("1", "green", (0, 0)), ("2", "blue", (3, 3))], [("energy", (2, 0), None, None)])
    return stage


def test_a_slide_passes_every_space_of_its_path_in_order():
    stage = _stage()
    sounds = []
    anims = EventAnimations(stage)
    animator = Sequencer(play_sound=sounds.append)
    event = Event("slid", robot=1, frm=(0, 0), to=(3, 0), path=((1, 0), (2, 0), (3, 0)))
    assert event_path(event) == [(0, 0), (1, 0), (2, 0), (3, 0)]
    animator.extend(anims.beats_for([event]))
    seen = []
    while animator.busy:
        animator.update(1 / 60)
        seen.append(round(stage.robots["1"].x, 3))
    assert seen == sorted(seen) and seen[-1] == 3.0
    assert sounds == ["slide"]


def test_simultaneous_group_moves_share_one_beat_but_a_robot_moving_twice_does_not():
    stage = _stage()
    anims = EventAnimations(stage)
    together = [Event("moved", robot=1, frm=(0, 0), to=(0, 1)), Event("moved", robot=2, frm=(3, 3), to=(3, 2))]
    beats = anims.beats_for(together)
    assert len(beats) == 1 and [t.keys for t in beats[0].tracks] == [{"1"}, {"2"}]
    twice = [Event("moved", robot=1, frm=(0, 0), to=(0, 1)), Event("moved", robot=1, frm=(0, 1), to=(0, 2))]
    assert len(anims.beats_for(twice)) == 2


def test_the_running_beat_names_the_pawns_it_moves_so_the_rest_stay_cached():
    stage = _stage()
    animator = Sequencer()
    animator.extend(EventAnimations(stage).beats_for([
        Event("moved", robot=1, frm=(0, 0), to=(0, 1)), Event("moved", robot=2, frm=(3, 3), to=(3, 2)),
        Event("collected", robot=1, seat=0, token="energy", at=(2, 0))]))
    animator.update(0.01)
    assert animator.moving_keys() == {"1", "2"}
    animator.update(STEP_SECONDS)
    assert animator.moving_keys() == {stage.token_at((2, 0), "energy").key}


def test_skip_finishes_every_queued_animation_at_once_with_its_end_state():
    stage = _stage()
    sounds = []
    anims = EventAnimations(stage, energy_target=lambda seat: (-2.0, 0.0))
    animator = Sequencer(play_sound=sounds.append)
    events = [Event("moved", robot=1, frm=(0, 0), to=(1, 0)), Event("moved", robot=1, frm=(1, 0), to=(2, 0)),
              Event("collected", robot=1, seat=0, token="energy", at=(2, 0)),
              Event("destroyed", robot=2, at=(3, 3), detail="shredder")]
    animator.extend(anims.beats_for(events))
    animator.update(0.01)
    animator.skip()
    assert not animator.busy
    assert (stage.robots["1"].x, stage.robots["1"].y) == (2.0, 0.0)
    assert stage.tokens == {}                       # the energy token flew to the track
    assert not stage.robots["2"].visible            # destroyed
    assert stage.shake > 0 and stage.particles      # screen shake and a burst of particles
    assert sounds == ["move"]                       # only the beat that had started: skipping is quiet


def test_spawn_adds_a_pawn_and_unknown_kinds_become_captions():
    stage = _stage()
    anims = EventAnimations(stage, describe=lambda e: "Round 2")
    animator = Sequencer()
    animator.extend(anims.beats_for([Event("spawned", robot=9, colour="white", at=(4, 4)), Event("round_ended", value=1)]))
    animator.skip()
    assert stage.robots["9"].colour == "white" and stage.robots["9"].scale == pytest.approx(1.0)
    assert [c.text for c in stage.captions] == ["Round 2"]


def test_animation_time_only_advances_through_update():
    stage = _stage()
    animator = Sequencer()
    animator.extend(EventAnimations(stage).beats_for([Event("moved", robot=1, frm=(0, 0), to=(0, 1))]))
    animator.update(0.05)
    mid = stage.robots["1"].y
    assert 0 < mid < 1
    animator.update(0.0)
    assert stage.robots["1"].y == mid


# ---------------------------------------------------------------- board drawing
@pytest.fixture()
def screen():
    pygame.init()
    surface = pygame.display.set_mode((1280, 720))
    yield surface


def test_board_renderer_maps_cells_both_ways_and_flips_for_seat_one(screen):
    from game.roborun.ui.board_render import BoardRenderer

    level = blank_level(10, 8)
    level.spaces[0][3] = Space("exit", colour="green")
    level.gates[((1, 1), "E")] = frozenset({"green", "red"})
    level.walls.add(((2, 2), "S"))
    area = pygame.Rect(288, 44, 704, 632)
    board = BoardRenderer(level, area)
    flipped = BoardRenderer(level, area, flip=True)
    assert board.tile == 64 and area.contains(board.rect)
    for pos in [(0, 0), (9, 7), (3, 5)]:
        assert board.pos_at(board.cell_rect(pos).center) == pos
        assert flipped.pos_at(flipped.cell_rect(pos).center) == pos
    assert board.cell_rect((0, 0)).topleft == flipped.cell_rect((9, 7)).topleft
    assert flipped.screen_direction("N") == "S"
    assert board.to_board(board.centre(4, 5)) == pytest.approx((4, 5), abs=0.02)
    # the static layer really holds the exit art: its pixels differ from a plain floor cell
    exit_px = board.static.get_at(board.cell_rect((3, 0)).move(-board.rect.left, -board.rect.top).center)
    floor_px = board.static.get_at(board.cell_rect((5, 0)).move(-board.rect.left, -board.rect.top).center)
    assert exit_px != floor_px


def test_unknown_art_falls_back_instead_of_crashing(screen):
    from game.roborun.ui.board_render import BoardRenderer, draw_stage

    level = blank_level(4, 4, robots=[RobotStart("green", (0, 0), 0)], tokens=[Token("wall", (1, 1))])
    board = BoardRenderer(level, pygame.Rect(0, 0, 400, 400))
    stage = Stage()
    stage.sync([("1", "green", (0, 0))], [("wall", (1, 1), None, None), ("mystery", (2, 2), None, None)])
    board.draw_static(screen)
    draw_stage(screen, board, stage)


def test_colour_blind_patterns_mark_bad_robots_and_gates_beyond_colour(screen):
    from game.roborun.ui.board_render import BoardRenderer, robot_image

    for colour in ("white", "purple", "blue"):
        plain = robot_image(colour, 60, False)
        marked = robot_image(colour, 60, True)
        assert pygame.image.tobytes(plain, "RGBA") != pygame.image.tobytes(marked, "RGBA")
    assert pygame.image.tobytes(robot_image("green", 60, False), "RGBA") == \
        pygame.image.tobytes(robot_image("green", 60, True), "RGBA")      # good robots need no badge
    level = blank_level(3, 3)
    level.gates[((0, 0), "E")] = frozenset({"blue"})
    with_symbols = BoardRenderer(level, pygame.Rect(0, 0, 192, 192), patterns=True)._gate_bar(frozenset({"blue"}))
    bare = BoardRenderer(level, pygame.Rect(0, 0, 192, 192), patterns=False)._gate_bar(frozenset({"blue"}))
    assert pygame.image.tobytes(with_symbols, "RGBA") != pygame.image.tobytes(bare, "RGBA")


def test_the_speed_setting_scales_animation_time():
    def frames_to_finish(speed):
        stage = _stage()
        animator = Sequencer()
        animator.extend(EventAnimations(stage).beats_for([Event("slid", robot=1, frm=(0, 0), to=(4, 0),
                                                                path=((1, 0), (2, 0), (3, 0), (4, 0)))]))
        frames = 0
        while animator.busy:
            animator.update(1 / 60 * speed)
            frames += 1
        return frames

    assert frames_to_finish(2.0) * 2 == pytest.approx(frames_to_finish(1.0), abs=2)


def test_bench_render_prints_one_json_object_with_the_frame_figures():
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    result = subprocess.run([sys.executable, "main.py", "bench", "render", "--frames", "20"], cwd=root,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    for key in ("median_frame_ms", "p99_frame_ms", "max_frame_ms", "baseline_frame_ms", "ratio"):
        assert isinstance(report[key], (int, float)) and report[key] > 0
    assert report["frames"] == 20


def test_the_client_logic_modules_do_not_import_pygame():
    import subprocess
    import sys
    from pathlib import Path

    code = ("import sys; import game.roborun.ui.session, game.roborun.ui.event_text, game.roborun.ui.progress, "
            "game.roborun.ui.choice_ui; print('pygame' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).resolve().parents[3],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"


def test_event_lines_speak_to_the_viewer_or_by_colour_when_two_humans_share_the_screen():
    from game.roborun.ui.event_text import describe_event

    beep = Event("beeped", seat=1, card=4)
    assert describe_event(beep, 1) == "BEEP! You ask: don't play card 4"
    assert describe_event(beep, 0) == "BEEP! Teammate asks: don't play card 4"
    assert describe_event(beep, None) == "BEEP! Red asks: don't play card 4"
    escaped = Event("escaped", robot=1, seat=0, at=(2, 0))
    assert describe_event(escaped, 0) == "Your robot escaped!"
    assert describe_event(escaped, 1) == "Teammate's robot escaped!"
    assert describe_event(Event("round_started", value=2, seat=0), None) == "Round 2: Green starts"
    assert describe_event(Event("moved", robot=1, frm=(0, 0), to=(0, 1)), 0) == ""   # moves are animated, not told
