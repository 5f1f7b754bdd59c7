"""Device-independent input: keyboard, mouse and gamepad all become Actions.

Scenes never look at key codes; they react to names like "confirm" or "left". The mapper
remembers the last device used so hint bars can show the right button names.

Touch plays like the mouse, with one rule for confirming: the first tap on something points
at it (POINT: select, show what it is), a second tap on the same spot confirms it (CLICK). A
finger sliding over the screen points (POINT, so drags follow the finger). A tap on a pill of
the hint bar does what the pill says at once (the App turns it into that action). The mouse events
SDL synthesises from touches are ignored, so a tap never counts twice.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

# Action names every scene can rely on.
UP, DOWN, LEFT, RIGHT = "up", "down", "left", "right"
CONFIRM, BACK, MENU = "confirm", "back", "menu"
SKIP, UNDO, NEXT, PREV = "skip", "undo", "next", "prev"
INFO, QUIT = "info", "quit"
POINT, CLICK, RIGHT_CLICK, SCROLL = "point", "click", "right_click", "scroll"
UP_DOWN, LEFT_RIGHT = "up_down", "left_right"   # hint bar only: a pair of keys that both work ("Up/Down Choose")
PAIR_STEP = {UP_DOWN: DOWN, LEFT_RIGHT: RIGHT}  # what a click on a pair's pill does: the pair's forward step
DIGIT = "digit"                        # a number key; its value in Action.amount (typed numbers)
LETTER = "letter"                      # a letter key with no action of its own; the letter in Action.char
DIGIT_KEYS = {**{getattr(pygame, f"K_{n}"): n for n in range(10)}, **{getattr(pygame, f"K_KP{n}"): n for n in range(10)}}

KEYS: dict[int, str] = {
    pygame.K_UP: UP, pygame.K_w: UP,
    pygame.K_DOWN: DOWN, pygame.K_s: DOWN,
    pygame.K_LEFT: LEFT, pygame.K_a: LEFT,
    pygame.K_RIGHT: RIGHT, pygame.K_d: RIGHT,
    pygame.K_RETURN: CONFIRM, pygame.K_KP_ENTER: CONFIRM, pygame.K_SPACE: CONFIRM,
    pygame.K_ESCAPE: BACK, pygame.K_BACKSPACE: UNDO,
    pygame.K_p: MENU, pygame.K_F10: MENU,
    pygame.K_TAB: NEXT, pygame.K_x: SKIP, pygame.K_z: UNDO,
    pygame.K_i: INFO, pygame.K_q: PREV, pygame.K_e: NEXT,
}

# SDL GameController layout (Xbox-style names); pygame-ce reports these for known pads.
PAD_BUTTONS: dict[int, str] = {
    0: CONFIRM,   # A
    1: BACK,      # B
    2: SKIP,      # X
    3: INFO,      # Y
    4: MENU,      # back/select
    6: MENU,      # start
    9: PREV,      # left shoulder
    10: NEXT,     # right shoulder
    11: UP, 12: DOWN, 13: LEFT, 14: RIGHT,  # d-pad
}

HINT_NAMES: dict[str, dict[str, str]] = {
    "keyboard": {CONFIRM: "Enter", BACK: "Esc", MENU: "P", SKIP: "X", UNDO: "Z", NEXT: "Tab",
                 PREV: "Q", INFO: "I", UP: "Up", DOWN: "Down", LEFT: "Left", RIGHT: "Right",
                 UP_DOWN: "Up/Down", LEFT_RIGHT: "Left/Right"},
    "mouse": {CONFIRM: "Click", BACK: "Right-click", MENU: "P", SKIP: "X", UNDO: "Z", NEXT: "Wheel",
              PREV: "Wheel", INFO: "I", UP: "", DOWN: "", LEFT: "", RIGHT: "", UP_DOWN: "", LEFT_RIGHT: ""},
    # on a touch screen the hint pills are buttons (widgets.draw_hints): tap one to do it
    "touch": {CONFIRM: "Tap twice", BACK: "Back", MENU: "Menu", SKIP: "Skip", UNDO: "Undo", NEXT: "Next",
              PREV: "Prev", INFO: "Info", UP: "", DOWN: "", LEFT: "", RIGHT: "", UP_DOWN: "", LEFT_RIGHT: ""},
    "gamepad": {CONFIRM: "A", BACK: "B", MENU: "Start", SKIP: "X", UNDO: "B", NEXT: "RB", PREV: "LB",
                INFO: "Y", UP: "D-pad", DOWN: "D-pad", LEFT: "D-pad", RIGHT: "D-pad", UP_DOWN: "D-pad",
                LEFT_RIGHT: "D-pad"},
}

AXIS_DEADZONE = 0.6
TAP_SLOP = 28            # logical px a finger may move and still tap; and the "same spot" for tap-again
TAP_AGAIN_SECONDS = 4.0  # a second tap on the same spot within this time confirms


@dataclass(frozen=True)
class Action:
    name: str
    device: str = "keyboard"           # keyboard, mouse, touch or gamepad
    pos: tuple[int, int] | None = None  # logical screen position for pointer actions
    amount: int = 0                    # scroll steps
    tap: bool = False                  # a finger lifted where it touched (touch only)
    char: str = ""                     # the letter or digit a key types (upper case), for screens that take text


class InputMapper:
    """Turns pygame events into Actions. Holds gamepad handles and the last device used."""

    def __init__(self, to_logical: Callable[[float, float], tuple[int, int]] | None = None,
                 clock: Callable[[], float] | None = None, controllers: bool = True) -> None:
        import time

        self.last_device = "keyboard"
        # touch positions come as 0..1 of the window; the App maps them to logical pixels
        self.to_logical = to_logical or (lambda x, y: (int(x * 1280), int(y * 720)))
        self.clock = clock or time.monotonic
        self._finger_down: dict[int, tuple[int, int]] = {}
        self._last_tap: tuple[tuple[int, int], float] | None = None
        self.controllers: dict[int, object] = {}
        self._axis_held: dict[tuple[int, int], int] = {}
        self._controller = None
        self._controllers_started = False
        if controllers:
            self.open_controllers()

    def open_controllers(self) -> None:
        """Start pygame's gamepad API and open the pads plugged in (once); pads plugged in later
        arrive as CONTROLLERDEVICEADDED. The App calls this after its first frame (issue 26:
        importing the controller module and SDL's other wrappers is ~3 ms of a start)."""
        if self._controllers_started:
            return
        self._controllers_started = True
        try:
            from pygame._sdl2 import controller

            controller.init()
            self._controller = controller
            for index in range(controller.get_count()):
                self._open(index)
        except (ImportError, pygame.error):  # pragma: no cover - platform without the controller API
            self._controller = None

    def _open(self, index: int) -> None:
        if self._controller and self._controller.is_controller(index):
            pad = self._controller.Controller(index)
            self.controllers[pad.as_joystick().get_instance_id()] = pad

    def hint(self, action_name: str) -> str:
        return HINT_NAMES.get(self.last_device, HINT_NAMES["keyboard"]).get(action_name, action_name)

    def _touch(self, event: pygame.event.Event) -> list[Action]:
        self.last_device = "touch"
        pos = self.to_logical(event.x, event.y)
        finger = getattr(event, "finger_id", 0)
        if event.type == pygame.FINGERDOWN:
            self._finger_down[finger] = pos
            return [Action(POINT, "touch", pos)]
        if event.type == pygame.FINGERMOTION:
            return [Action(POINT, "touch", pos)]
        start = self._finger_down.pop(finger, pos)
        if abs(start[0] - pos[0]) > TAP_SLOP or abs(start[1] - pos[1]) > TAP_SLOP:
            self._last_tap = None       # a drag, not a tap
            return [Action(POINT, "touch", pos)]
        now = self.clock()
        last = self._last_tap
        if last is not None and now - last[1] <= TAP_AGAIN_SECONDS and \
                abs(last[0][0] - pos[0]) <= TAP_SLOP and abs(last[0][1] - pos[1]) <= TAP_SLOP:
            self._last_tap = None
            return [Action(CLICK, "touch", pos, tap=True)]      # tap again: confirm
        self._last_tap = (pos, now)
        return [Action(POINT, "touch", pos, tap=True)]          # first tap: select

    def translate(self, event: pygame.event.Event) -> list[Action]:
        kind = event.type
        if kind in (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION):
            return self._touch(event)
        if kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL) \
                and getattr(event, "touch", False):
            return []                   # SDL's mouse copy of a touch: the FINGER events already count
        if kind == pygame.KEYDOWN:
            self.last_device = "keyboard"
            name = KEYS.get(event.key)
            typed = str(getattr(event, "unicode", "") or "").upper()
            char = typed if len(typed) == 1 and typed.isascii() and typed.isalnum() else ""
            if name is None and event.key in DIGIT_KEYS:
                return [Action(DIGIT, "keyboard", amount=DIGIT_KEYS[event.key], char=str(DIGIT_KEYS[event.key]))]
            if name is None and char.isalpha():
                return [Action(LETTER, "keyboard", char=char)]
            return [Action(name, "keyboard", char=char)] if name else []
        if kind == pygame.MOUSEMOTION:
            if event.rel == (0, 0):
                # SDL's report of where a resting pointer is when the window opens or gains it:
                # nobody pointed, so the keyboard's focus (Play on the title) stays where it is
                return []
            self.last_device = "mouse"
            return [Action(POINT, "mouse", event.pos)]
        if kind == pygame.MOUSEBUTTONDOWN:
            self.last_device = "mouse"
            if event.button == 1:
                return [Action(CLICK, "mouse", event.pos)]
            if event.button == 3:
                return [Action(BACK, "mouse", event.pos)]
            return []
        if kind == pygame.MOUSEWHEEL:
            self.last_device = "mouse"
            return [Action(SCROLL, "mouse", pygame.mouse.get_pos(), amount=event.y)]
        if kind == pygame.CONTROLLERDEVICEADDED:
            self._open(event.device_index)
            return []
        if kind == pygame.CONTROLLERBUTTONDOWN:
            self.last_device = "gamepad"
            name = PAD_BUTTONS.get(event.button)
            return [Action(name, "gamepad")] if name else []
        if kind == pygame.CONTROLLERAXISMOTION and event.axis in (0, 1):
            direction = 0 if abs(event.value / 32767) < AXIS_DEADZONE else (1 if event.value > 0 else -1)
            key = (event.instance_id, event.axis)
            if direction == self._axis_held.get(key, 0):
                return []
            self._axis_held[key] = direction
            if direction == 0:
                return []
            self.last_device = "gamepad"
            if event.axis == 0:
                return [Action(RIGHT if direction > 0 else LEFT, "gamepad")]
            return [Action(DOWN if direction > 0 else UP, "gamepad")]
        if kind == pygame.QUIT:
            return [Action(QUIT, self.last_device)]
        return []
