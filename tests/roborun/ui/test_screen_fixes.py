"""Screen fixes of issue 11: escape and destruction previews differ; focus never wraps onto
an option that spends Energy."""
import pygame

from game.client.input import Action
from game.roborun.levels.ascii_board import game_from_ascii
from game.roborun.rules.engine import apply, legal_choices
from game.roborun.rules.state import Choice
from game.roborun.ui.board_render import BoardRenderer
from game.roborun.ui.choice_ui import ESCAPED, Option, preview_positions, step_focus


def test_preview_tells_an_escape_from_a_destruction():
    s = game_from_ascii("""
    .     .     .
    Xg    .+b   .+R
    .+G   .     .
    """, stands=[[(4, "yellow")], [(2, "blue")]])            # 4 yellow: top U,U; middle R
    green = s.at[(0, 2)]
    assert preview_positions(s, Choice("play", (4,)), apply, legal_choices)[green] == ESCAPED
    s = game_from_ascii("""
    .     .     .
    .+b   .     .+R
    .+G   .     .
    """, stands=[[(4, "yellow")], [(2, "blue")]])
    green = s.at[(0, 2)]
    assert preview_positions(s, Choice("play", (4,)), apply, legal_choices)[green] is None


def test_escape_and_destroyed_marks_are_drawn_differently():
    pygame.init()
    level = game_from_ascii(".+G .\n. .+R").level
    board = BoardRenderer(level, pygame.Rect(0, 0, 200, 200))
    a, b = pygame.Surface((200, 200)), pygame.Surface((200, 200))
    board.draw_escaped_mark(a, (0, 0))
    board.draw_destroyed_mark(b, (0, 0))
    area = board.cell_rect((0, 0))
    assert pygame.image.tobytes(a.subsurface(area), "RGB") != pygame.image.tobytes(b.subsurface(area), "RGB")


WINDOW = [Option(Choice("continue"), "continue", "button"),
          Option(Choice("ability", ("abs",)), "ABS", "button"),
          Option(Choice("ability", ("ram",)), "RAM", "button")]


def test_up_from_continue_does_not_wrap_onto_an_ability():
    assert step_focus(WINDOW, 0, -1, wrap=False) == 0          # arrow keys: no wrap at all
    assert step_focus(WINDOW, 0, -1, wrap=True) == 0           # Prev: would wrap onto RAM: stays
    assert step_focus(WINDOW, 2, 1, wrap=True) == 0            # Next from the last wraps to continue
    assert step_focus(WINDOW, 0, 1, wrap=False) == 1           # moving down onto an ability is deliberate


def _first_human_decision_on_1_1():
    """An app on Robo Run 1.1 (random partner, seed 3) at the human's first decision: (app, scene)."""
    from tests.roborun.ui.test_play import _seen_tutorial, _step_until, _ready_for_human, fresh_caches
    from game.client.app import App
    from game.roborun.ui.play_scene import GameOptions, PlayScene
    fresh_caches()
    app = App()
    _seen_tutorial()
    scene = PlayScene(GameOptions(level_ref="1.1", partner="random", seat=0, seed=3))
    app.stack.push(scene)
    assert _step_until(app, scene, lambda: _ready_for_human(scene))
    return app, scene


def test_pressing_up_in_an_ability_window_never_spends_energy(monkeypatch):
    app, scene = _first_human_decision_on_1_1()
    scene.options_list = list(WINDOW)
    scene.focus = 0
    sent = []
    monkeypatch.setattr(scene, "choose", lambda choice: sent.append(choice))
    for key in ("up", "prev", "up"):
        app.post(Action(key))
    app.post(Action("confirm"))
    app.step(1 / 60)
    assert scene.focus == 0 and all(c.kind != "ability" for c in sent)


def test_the_hint_bar_follows_the_mouse_once_it_moves():
    """Seen at 800x480: after the mouse moved over the board the bar still said 'Enter Choose'
    (the bar was redrawn only when the game changed), where Run Run Run! said 'Click Choose'."""
    from game.client import text
    app, scene = _first_human_decision_on_1_1()
    app.step(1 / 60)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 300), rel=(5, 3), buttons=(0, 0, 0)))
    with text.record() as recorder:
        for _ in range(3):
            app.step(1 / 60)
    drawn = [record.text for record in recorder.records]
    assert app.input.last_device == "mouse" and "Click" in drawn and "Enter" not in drawn
