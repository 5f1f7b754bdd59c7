"""The screen a newcomer can follow: choices say what they do, the maze stays clear of the tip box,
and a resumed game's log says where the game stands."""
import re

import pygame

from game.client.app import App
from game.core.session import GameSession
from game.runrunrun import rules as R
from game.runrunrun.rules.maze import rotate
from game.runrunrun.ui import scene as S
from game.runrunrun.ui.text import choice_label, standing_lines

from .support import C, OPEN, bare, bits, ch, corridor, tile_where

COORDINATES = re.compile(r"-?\d+\s*,\s*-?\d+")


def _labels(s, seat=0):
    view = R.seat_view(s, seat)
    return [choice_label(c, view) for c in R.legal_choices(s)]


def test_placing_a_room_names_where_it_goes_not_its_coordinates():
    s = bare(1, hands=[[tile_where(strength=3)]])
    R.apply(s, ch("explore", s.hands[0][0]))
    labels = _labels(s)
    assert "Place it east of the Vault" in labels and "Place it north-east of the Vault" in labels
    assert not any(COORDINATES.search(label) for label in labels)


def test_turning_a_room_lists_its_doorways():
    tile = tile_where(strength=2)
    s = bare(1, hands=[[tile]])
    R.apply(s, ch("explore", tile))
    R.apply(s, ch("cell", 2, 0))
    view = R.seat_view(s, 0)
    for c in R.legal_choices(s):
        mask = rotate(C.TILES[tile].exits, c.args[0])
        label = choice_label(c, view)
        assert label.startswith("Turn: doorways ") and "Rotation" not in label
        assert ("W" in label.split("doorways ")[1].split(", ")) == bool(mask >> 3 & 1)


def test_walking_fighting_and_waking_name_rooms_and_distances():
    s = bare(2, hands=[[tile_where(strength=4)], []])
    cells = corridor(s, 3)
    s.mummies = {3: [cells[2], 5]}
    R.apply(s, ch("move"))
    walk = _labels(s)
    assert "Stay where you are" in walk
    assert "Walk to Mummy 3, 3 rooms from the Vault (3 rooms)" in walk
    s = bare(2, hands=[[tile_where(strength=4)], []])
    corridor(s, 3)
    s.phase, s.ctx = "place_mummy", {"mid": 4, "options": [(2, 0), (4, 0)]}
    labels = _labels(s)
    assert [label.split(" (")[1] for label in labels] == ["1 from the Vault)", "3 from the Vault)"]
    assert all(label.startswith("Wake it in the ") for label in labels)


def test_the_maze_of_a_tutorial_game_stays_above_the_tip_box():
    app = App(headless=True, window=(800, 480))
    try:
        session = GameSession.start(R, R.engine.Config(2, "standard"), 11)
        scene = S.PlayScene(session, humans=1, pace=0.0, tutorial=True)
        app.stack.push(scene)
        app.step(1 / 60)
        view = scene.view()
        cells = [c for c, _, _ in view.tiles]
        assert cells and scene.layout is not None
        lowest = max(y for c in cells for _, y in scene.layout.corners(c, 0))
        assert lowest <= S.TIP_BOX.top
    finally:
        pygame.quit()


def test_a_resumed_game_says_where_it_stands():
    s = bare(2, hands=[[1, 2], [3]])
    cells = corridor(s, 3)
    s.turn, s.active, s.doors_done, s.supply = 11, 1, 2, 4
    s.mummies = {3: [cells[0], 4], 2: [cells[2], 5]}
    lines = standing_lines(R.seat_view(s, 0))
    assert lines[0] == "Game resumed: turn 12, Orange to play"
    assert "Doors 2/3" in lines[1] and "4 torches" in lines[1]
    assert lines[2] == "Mummy 3 is 1 room from the Vault, 4 Hearts (1 more in the maze)"
    s.mummies = {3: [OPEN, 4]}
    assert standing_lines(R.seat_view(s, 0))[2].startswith("Mummy 3 is at the Vault's door!")


def test_pieces_stay_readable_when_a_big_maze_shrinks_the_rooms():
    from game.runrunrun.ui import render as V

    pygame.font.init()
    for draw in (lambda surf: V.draw_cat(surf, (40, 40), 0, 14.0, False),
                 lambda surf: V.draw_mummy(surf, (40, 40), 3, 5, 14.0)):
        surf = pygame.Surface((80, 80))
        surf.fill((0, 0, 0))
        draw(surf)
        painted = [x for x in range(80) if any(surf.get_at((x, y))[:3] != (0, 0, 0) for y in range(80))]
        assert max(painted) - min(painted) + 1 >= 2 * V.PIECE_MIN_RADIUS


def test_one_of_a_thing_is_said_in_the_singular():
    from game.runrunrun.ui.text import plural, tile_text

    one_exit = tile_where(strength=1)
    assert tile_text(one_exit).startswith("1 exit,") or tile_text(one_exit) == "1 exit"
    assert (plural(1, "torch"), plural(3, "torch"), plural(2, "exit")) == ("1 torch", "3 torches", "2 exits")


def test_the_prompts_name_no_key_of_one_device():
    """Seen with the mouse at 800x480: 'Turn the room, Enter to place' (and 'Click a green spot'
    to a keyboard player): a prompt is read with every device, so it says what to pick, not which key."""
    from game.runrunrun.ui.text import PROMPTS

    keys = {"Enter", "Esc", "Space", "Click", "Tap", "Right-click"}       # the confirm and back keys of each device
    named = {phase: text for phase, text in PROMPTS.items() if any(re.search(rf"\b{key}\b", text) for key in keys)}
    assert not named, named
