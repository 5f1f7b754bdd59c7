"""Run under an X display: play a first game of each of the five as a newcomer, capture every screen.

`python tests/client/newcomer_drive.py OUT_DIR [--window WxH | --fullscreen] [--games a,b] [--taps | --tap-only]`

Opens the title through the real command line in a REAL window (as tests/client/real_window_probe.py
does), then for each game: Play, Right to the game's card, Enter on its set-up screen (which
opens on Start), Enter through the first-game tutorial, and in the game presses what a newcomer
presses - Enter on whatever is offered, X now and then to hurry animations, "End turn" when
asked about unused actions, "Fast-forward" when knocked out - until the game's results show.
It waits for the results, then leaves with Esc (and the pause menu's "Quit to title" where Esc
pauses) and checks it is back on the title. Keys and clicks are real X events (xdotool); every
new screen is captured from the X screen itself (xwd) as OUT_DIR/NN-game-Scene.png, and
OUT_DIR/drive.json lists the path: screens in order, keys pressed, seconds, where it ended.

With --taps, on each game's main screen it also clicks (a real X pointer) at the scaled place of
something to choose - a card, a drawn card, a program card, a list row - and records whether the
click made that choice (the game's session took one more choice, or the choice asked its next
question); --tap-only leaves each game right after its click. docs/newcomer-walkthrough.md describes
what the captures showed.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pygame

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from game import catalog  # noqa: E402
from game.client import app as app_module  # noqa: E402
from game.client import theme  # noqa: E402
from tests.client.real_window_probe import capture_screen, fitted_rect, window_geometry  # noqa: E402

RESULTS = {"ResultsScene", "EndScene"}
GAME_SCREENS = {"PlayScene", "TableScene", "LabScene", "RaceScene"}
PRESS_EVERY = 0.35          # seconds between a newcomer's presses
GAME_LIMIT = 1500.0         # seconds of wall clock one game may take before the drive gives up
RESULTS_WAIT = 12.0         # seconds the last animations may take before a game's results show


class Drive:
    def __init__(self, app, out_dir: str, games: list[str], taps: bool, tap_only: bool) -> None:
        self.app, self.out_dir, self.games, self.taps, self.tap_only = app, out_dir, games, taps or tap_only, tap_only
        self.log: list[dict] = []
        self.shots = 0
        self.last_scene = None
        self.game = "title"
        self.last_step = time.monotonic()

    # ------------------------------------------------------------ low level
    def top(self):
        return self.app.stack.top

    def top_name(self) -> str:
        return type(self.top()).__name__

    def run(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.frame()
            if self.top_name() in RESULTS and seconds == RESULTS_WAIT:
                return

    def step(self) -> None:
        """One frame with the wall-clock time since the last, as App.run does: a busy machine
        shows fewer frames, not a slower game."""
        now = time.monotonic()
        self.app.step(min(0.25, now - self.last_step))
        self.last_step = now
        time.sleep(1 / 120)

    def frame(self) -> None:
        self.step()
        name = self.top_name()
        if name != self.last_scene:
            self.last_scene = name
            self.run_quiet(0.6)           # let the new screen's entry animation settle
            self.capture(name)

    def run_quiet(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.step()

    def key(self, *names: str, settle: float = 0.25) -> None:
        for name in names:
            subprocess.run(["xdotool", "key", name], check=True, timeout=20)
            self.run(settle)
        self.log.append({"game": self.game, "keys": list(names), "top": self.top_name()})

    def capture(self, label: str) -> str:
        self.shots += 1
        path = os.path.join(self.out_dir, f"{self.shots:03d}-{self.game}-{label}.png")
        screen = capture_screen()
        pygame.image.save(pygame.surfarray.make_surface(screen.swapaxes(0, 1)), path)
        self.log.append({"game": self.game, "capture": os.path.basename(path), "top": self.top_name()})
        return path

    def click_logical(self, point: tuple[int, int]) -> tuple[int, int]:
        """Click with the real X pointer where `point` of the logical frame is on the screen."""
        position, size = window_geometry()
        x0, y0, width, _height = fitted_rect(position, size)
        scale = width / theme.WIDTH
        x, y = round(x0 + point[0] * scale), round(y0 + point[1] * scale)
        subprocess.run(["xdotool", "mousemove", "--sync", str(x), str(y)], check=True, timeout=20)
        self.run(0.2)
        subprocess.run(["xdotool", "click", "1"], check=True, timeout=20)
        self.run(0.5)
        return x, y

    # ------------------------------------------------------------ one game
    def to_title(self) -> bool:
        for _ in range(8):
            if self.top_name() == "TitleScene":
                return True
            if self.top_name() == "PauseScene":
                self.key("Up", "Return", settle=0.4)        # "Quit to title" is the last row
            else:
                self.key("Escape", settle=0.6)
        return self.top_name() == "TitleScene"

    def open_game(self, index: int) -> None:
        from game.client.menus import TitleScene

        title = self.top()
        assert isinstance(title, TitleScene), self.top_name()
        labels = [item.label for item in title.menu.items]
        self.key(*["Down"] * labels.index("Play"), "Return", settle=0.5)     # Continue may come first
        self.key(*["Right"] * index, settle=0.3)
        self.key("Return", settle=0.8)                                        # the game's set-up screen
        self.key("Return", settle=1.0)                                        # Start (focused first)

    def play(self) -> dict:
        started = time.monotonic()
        presses, tapped = 0, None
        while time.monotonic() - started < GAME_LIMIT:
            top, name = self.top(), self.top_name()
            session = getattr(top, "session", None)
            if name in RESULTS:
                break
            if session is not None and name in GAME_SCREENS and session.is_over():
                self.run(RESULTS_WAIT)      # a results screen of its own comes after the last animations,
                break                       # or (Run Run Run!, Robo Rally) the game screen shows the ending
            if self.taps and tapped is None and name in GAME_SCREENS:
                tapped = self.tap(top)
                if tapped is not None and self.tap_only:
                    return {"presses": presses, "tap": tapped, "ended_on": "left after the tap"}
            if name == "ConfirmScene":                      # "End turn with 1 action left?"
                self.key("Down", "Return")
            elif name == "ChoiceScene":                     # "You are out": fast-forward to the results
                self.key("Down", "Return")
            else:
                self.key("x" if presses % 6 == 5 else "Return", settle=PRESS_EVERY)
            presses += 1
        over_at = time.monotonic() - started
        self.run(1.0)
        self.capture("results")
        self.run(2.0)                                       # the results hold ends; the way out shows
        self.capture("results-menu")
        return {"presses": presses, "seconds_to_end": round(over_at, 1), "ended_on": self.top_name(),
                "tap": tapped}

    # ------------------------------------------------------------ taps
    def tap(self, scene) -> dict | None:
        """Click one choosable thing of the game's main screen at its scaled place (None: not yet)."""
        target = tap_target(scene)
        if target is None:
            return None
        point, what = target
        before = len(scene.session.choices)
        prompt = scene_prompt(scene)
        at = self.click_logical(point)
        self.capture("tap")
        after = len(scene.session.choices)
        return {"what": what, "logical": list(point), "screen": list(at),
                "chosen": after > before or scene_prompt(scene) != prompt}


def scene_prompt(scene):
    """What a click on a choice changes when the choice asks another question first."""
    for name in ("options", "options_list", "choice", "submenu", "menu", "focus"):
        if hasattr(scene, name):
            value = getattr(scene, name)
            return repr(value)[:2000]
    return None


def tap_target(scene):
    """(logical point, what) of something the human may choose now, or None."""
    module = type(scene).__module__
    try:
        if module == "game.roborun.ui.play_scene":  # Robo Run: a card on a stand
            if not scene.card_rects or not scene.options_list:
                return None
            for rect, card in scene.card_rects:
                if any(o.card == card and o.place == "card" for o in scene.options_list):
                    return rect.center, f"card {card}"
        elif module == "game.robomissions.ui.table_scene":  # ROBOMissions: a hand card
            if not scene.human_to_act or scene.timeline.busy:
                return None
            for option in scene.options:
                uid = getattr(option, "hand_card", None)
                if uid is not None:
                    rect = scene._hand_rects(None).get(uid)
                    if rect is not None:
                        return (rect.centerx, rect.top + 30), f"hand card {scene.shown.cards[uid].name}"
        elif module == "game.roborescue.ui.lab_scene":  # Robo Rescue: where a drawn card goes
            choice = scene.choice
            if choice is None or scene.queue.busy or scene._waiting() or not choice.targets:
                return None
            return scene._target_rect(choice.targets[0]).center, f"target {choice.targets[0]}"
        elif module == "game.runrunrun.ui.table":  # Run Run Run!: a row of the choices
            if not scene.list_rects or scene.session.current_seat() not in scene.humans:
                return None
            return scene.list_rects[0].center, "first choice row"
        elif module == "game.roborally.ui.race_scene":  # Robo Rally: a program card
            if scene.state.phase != "program" or not scene._human_turn() or scene._busy():
                return None
            slots = scene._hand_slots()
            for i, rect in enumerate(scene._hand_rects(len(slots))):
                if slots[i] is not None:
                    return rect.center, f"program card {i + 1}"
    except (AttributeError, KeyError, IndexError):
        return None
    return None


def main() -> int:
    out_dir = os.path.abspath(sys.argv[1])
    os.makedirs(out_dir, exist_ok=True)
    args = sys.argv[2:]
    games = [g.id for g in catalog.GAMES]
    if "--games" in args:
        at = args.index("--games")
        games = args[at + 1].split(",")
        del args[at:at + 2]
    taps, tap_only = "--taps" in args, "--tap-only" in args
    args = [a for a in args if a not in ("--taps", "--tap-only")]
    report: dict = {"games": {}}

    def drive_run(app, frames=None, screenshot=None):
        drive = Drive(app, out_dir, games, taps, tap_only)
        drive.run(2.0)
        position, size = window_geometry()
        report["window"] = {"position": list(position), "size": list(size)}
        ids = [g.id for g in catalog.GAMES]
        for game in games:
            drive.game = game
            started = time.monotonic()
            drive.open_game(ids.index(game))
            result = drive.play()
            result["back_on_title"] = drive.to_title()
            drive.run(0.5)
            result["seconds"] = round(time.monotonic() - started, 1)
            report["games"][game] = result
            with open(os.path.join(out_dir, "drive.json"), "w") as handle:
                json.dump({**report, "path": drive.log}, handle, indent=1)
        return 0

    from game import cli

    app_module.App.run = drive_run
    return cli.main(args)


if __name__ == "__main__":
    sys.exit(main())
