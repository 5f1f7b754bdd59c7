"""Issue 26: full-screen layers are made in the display's format at once (no convert() copy)."""
import pygame

from game.client.widgets import opaque_surface, vertical_gradient


def test_the_gradient_runs_from_top_to_bottom_colour_in_the_display_format():
    pygame.display.init()
    try:
        display = pygame.display.set_mode((320, 200))
        top, bottom = (28, 34, 52), (14, 16, 24)
        surface = vertical_gradient((320, 200), top, bottom)
        assert surface.get_size() == (320, 200)
        assert surface.get_bitsize() == display.get_bitsize() and surface.get_masks() == display.get_masks()
        for y in (0, 57, 100, 199):
            t = y / 199
            expected = tuple(int(a * (1 - t) + b * t) for a, b in zip(top, bottom))
            assert {tuple(surface.get_at((x, y)))[:3] for x in (0, 160, 319)} == {expected}, y
    finally:
        pygame.display.quit()


def test_an_opaque_layer_without_a_display_is_a_plain_surface():
    pygame.display.quit()
    surface = opaque_surface((40, 30))
    assert surface.get_size() == (40, 30) and not surface.get_flags() & pygame.SRCALPHA


def test_a_region_repainted_matches_the_same_region_of_the_whole_gradient():
    """Layers repaint a cleared region from the gradient (no full-screen copy kept to blit from)."""
    from game.client.widgets import paint_vertical_gradient

    pygame.display.init()
    try:
        pygame.display.set_mode((320, 200))
        top, bottom = (28, 34, 52), (14, 16, 24)
        whole = vertical_gradient((320, 200), top, bottom)
        layer = opaque_surface((320, 200))
        layer.fill((255, 0, 255))
        region = pygame.Rect(40, 57, 100, 90)
        paint_vertical_gradient(layer, top, bottom, area=region)
        assert pygame.image.tobytes(layer.subsurface(region), "RGB") == pygame.image.tobytes(whole.subsurface(region), "RGB")
        assert tuple(layer.get_at((10, 10)))[:3] == (255, 0, 255)          # outside the region: untouched
    finally:
        pygame.display.quit()


def test_a_shade_blends_exactly_as_a_full_screen_translucent_layer_does():
    """Overlays dim the screen from a small cached strip: the same pixels as the full-screen
    translucent layer they used to make every frame (Run Run Run!'s tutorial: 3.7 MB a frame)."""
    import random

    from game.client.widgets import shade

    pygame.display.init()
    try:
        display = pygame.display.set_mode((1280, 720))
        rng = random.Random(26)
        for y in range(0, 720, 9):
            for x in range(0, 1280, 11):
                display.fill((rng.randrange(256), rng.randrange(256), rng.randrange(256)), (x, y, 11, 9))
        picture = display.copy()
        for rgba in ((0, 0, 0, 170), (10, 12, 20, 150), (255, 255, 255, 1)):
            ours, layered = picture.copy(), picture.copy()
            shade(ours, rgba)
            layer = pygame.Surface((1280, 720), pygame.SRCALPHA)
            layer.fill(rgba)
            layered.blit(layer, (0, 0))
            assert pygame.image.tobytes(ours, "RGB") == pygame.image.tobytes(layered, "RGB"), rgba
    finally:
        pygame.display.quit()
