"""Look and feel shared by every screen: the logical resolution and the palette.

Everything is drawn at LOGICAL_SIZE and scaled to the window by pygame.SCALED, so layouts
use fixed pixel coordinates and still fill a TV or a 7-inch Pi screen.
"""
LOGICAL_SIZE = (1280, 720)
WIDTH, HEIGHT = LOGICAL_SIZE

BG = (22, 26, 38)
BG_LIGHT = (34, 40, 58)
PANEL = (40, 47, 68)
PANEL_EDGE = (78, 90, 124)
TEXT = (236, 240, 248)
TEXT_DIM = (150, 160, 186)
ACCENT = (255, 196, 61)      # yellow: focus, active player, primary buttons
ACCENT_2 = (88, 180, 255)    # blue: teammate, secondary
GOOD = (94, 214, 120)
BAD = (240, 84, 84)
SHADOW = (8, 10, 16)

# Robot colours shared by the games' art.
ROBOT = {
    "green": (80, 200, 110),
    "red": (228, 72, 72),
    "white": (235, 235, 240),
    "purple": (160, 96, 220),
    "blue": (70, 130, 240),
    "yellow": (250, 204, 64),
}

FONT_SIZES = {"tiny": 18, "small": 22, "body": 28, "large": 40, "title": 72, "huge": 112}
