"""The board draws a Production Line token and the direction it gives its whole line
(Robo Run rulebook, 'Production Line token'): 5.2's left belt runs south, not as printed."""
from dataclasses import replace

import pygame

from game.roborun.levels.tmx_loader import find_level, load_level
from game.roborun.ui.board_render import BoardRenderer
from tests.roborun.ui.test_play import fresh_caches

AREA = pygame.Rect(0, 0, 640, 576)


def _cell(renderer, pos):
    rect = renderer.cell_rect(pos).move(-renderer.rect.left, -renderer.rect.top)
    return pygame.image.tobytes(renderer.static.subsurface(rect), "RGB")


def _with_line(level, positions, direction, tokens):
    spaces = [list(row) for row in level.spaces]
    for x, y in positions:
        spaces[y][x] = replace(spaces[y][x], direction=direction)
    return replace(level, spaces=[tuple(r) if isinstance(level.spaces[0], tuple) else r for r in spaces],
                   tokens=tokens)


def test_line_turned_by_a_token_is_drawn_in_the_token_direction_with_the_token_on_it():
    pygame.init()
    fresh_caches()
    level = load_level(find_level("5.2"))
    token = next(t for t in level.tokens if t.kind == "production_line")
    assert token.pos == (1, 3) and token.direction == "S" and level.space((1, 1)).direction == "N"
    line = [(1, y) for y in range(1, 8)]
    others = [t for t in level.tokens if t.kind != "production_line"]
    drawn = BoardRenderer(level, AREA)
    printed_south = BoardRenderer(_with_line(level, line, "S", others), AREA)
    printed_north = BoardRenderer(_with_line(level, line, "N", others), AREA)
    # a belt space away from the token looks like a belt printed southwards
    assert _cell(drawn, (1, 1)) == _cell(printed_south, (1, 1)) != _cell(printed_north, (1, 1))
    # the token's own space shows the token over the belt
    assert _cell(drawn, token.pos) != _cell(printed_south, token.pos)


def test_flipped_board_turns_the_belt_arrows_too():
    pygame.init()
    fresh_caches()
    level = load_level(find_level("5.2"))
    line = [(1, y) for y in range(1, 8)]
    others = [t for t in level.tokens if t.kind != "production_line"]
    flipped = BoardRenderer(level, AREA, flip=True)
    printed_north = BoardRenderer(_with_line(level, line, "N", others), AREA)
    # seen from the other side, a south-running belt points up the screen
    assert _cell(flipped, (1, 1)) == _cell(printed_north, (1, 6))
