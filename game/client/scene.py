"""Scenes and the scene stack.

A scene is one screen (title, menu, play, pause...). The stack updates only the top scene
and draws from the highest opaque scene upward, so a pause overlay can sit on a frozen
game. Scenes get device-independent Actions (see input.py) plus the raw event for pointer
work, a fixed `dt` in update(), and `alpha` in draw() for interpolation.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    import pygame

    from game.client.app import App
    from game.client.input import Action


class Scene:
    opaque = True          # False for overlays that let the scene below show through
    covers_screen = False  # True if draw() paints every pixel, so the App can skip clearing the frame
    animated = True        # False: the picture changes only on input (menus, help pages); see animating()

    def __init__(self) -> None:
        self.app: "App | None" = None

    # lifecycle -----------------------------------------------------------
    def enter(self) -> None:
        """Called when pushed (self.app is set)."""

    def exit(self) -> None:
        """Called when popped or replaced."""

    def resume(self) -> None:
        """Called when the scene above it is popped."""

    # per frame -----------------------------------------------------------
    def handle(self, action: "Action") -> None:
        """A device-independent input action (confirm, back, up, pointer click...)."""

    def update(self, dt: float) -> None:
        """Advance by exactly one fixed step."""

    def draw(self, surface: "pygame.Surface", alpha: float) -> None:
        """Render; alpha in [0, 1) is how far we are between the last update and the next."""

    def animating(self) -> bool:
        """True while something on this scene moves by itself (an animation, a thinking
        indicator, a layer to rebuild), so the App draws the next frame. When no visible scene
        animates, no input arrived, no AI answered and the player has been away a while
        (App.lively), the App draws nothing (issue 26). A scene that does not say is drawn
        every frame; a scene whose picture changes only on input sets `animated = False`."""
        return self.animated

    def changed(self) -> None:
        """The picture changed outside input and animation (a timer, a file reloaded): draw it."""
        if self.app is not None:
            self.app.wake()

    def hints(self) -> list[tuple[str, str]]:
        """(action, meaning) pairs for the on-screen control hints, e.g. [("confirm", "Play")]."""
        return []


class SceneStack:
    def __init__(self, app: "App") -> None:
        self.app = app
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        scene.app = self.app
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().exit()
        self.push(scene)

    def clear_to(self, scene: Scene) -> None:
        while self.scenes:
            self.scenes.pop().exit()
        self.push(scene)

    def handle(self, action: "Action") -> None:
        if self.top is not None:
            self.top.handle(action)

    def update(self, dt: float) -> None:
        if self.top is not None:
            self.top.update(dt)

    def visible(self) -> list[Scene]:
        """The scenes drawn this frame: the highest opaque scene and the overlays above it."""
        for index in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[index].opaque:
                return self.scenes[index:]
        return self.scenes

    def draw(self, surface: "pygame.Surface", alpha: float) -> None:
        from game.client import text as text_layout   # pygame only once something is drawn

        for scene in self.visible():
            text_layout.new_layer(scene)   # a scene may cover the one below; texts only meet in one layer
            scene.draw(surface, alpha)
