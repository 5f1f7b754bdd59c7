"""Every screen, in busy states, at 1280x720 and at the Pi's 800x480: no text leaves its box or
overlaps another text, and none is drawn under 12 px once the window is scaled.

How: game.client.text records every text drawn through the client's helpers (draw_fit,
draw_paragraph, draw_text, menus, hint bars) with its ink rectangle, the box it was given
(the surface it was drawn on when it had none) and the scene layer it belongs to; the scene
stack opens a new layer for each scene it draws, so a pause overlay may cover the game below.
A text drawn with a raw render_text + blit is not seen (game code still doing that is a
follow-up of the per-game adoption).

Captures of every screen at 800x480 are saved as PNGs at the window size under
$TMPDIR/robo_text_fit/800x480/ for a person to look at (ROBO_CAPTURE_ALL=1: 1280x720 too).
"""
from __future__ import annotations

import importlib
import os
import random
import tempfile
from pathlib import Path

import pygame
import pytest

from game.client import text as text_layout
from game.client.app import App
from game.client.input import Action

SIZES = {"1280x720": (1280, 720), "800x480": (800, 480)}
CAPTURED = ("800x480",) if not os.environ.get("ROBO_CAPTURE_ALL") else tuple(SIZES)   # PNGs to look at
OUT = Path(tempfile.gettempdir()) / "robo_text_fit"
LONG_NAME = "Wilhelmina-Bartholomew Quackenbush-Montgomery the Third"
LONG_LINE = ("Teammate drew Emergency Brake and played it on the conveyor belt while the crusher "
             "pushed the red robot two spaces toward the exit of the factory floor")
MAX_RECORDS = 20_000


def _module(*names: str):
    """The first of `names` that imports: games are moving into rules/ai/ui subpackages."""
    for name in names:
        try:
            return importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if not (exc.name and (name == exc.name or name.startswith(exc.name + "."))):
                raise
    pytest.fail(f"none of {names} imports: the game moved? update the names here")


# ---------------------------------------------------------------------------- checking
def problems(records: list[text_layout.TextRecord], floor_em: int) -> list[str]:
    """Every text outside its box, overlapping another in the same layer and surface, or too small."""
    found: list[str] = []
    seen: set[tuple] = set()
    groups: dict[tuple[int, int], list[text_layout.TextRecord]] = {}
    for record in records:
        key = (record.text, tuple(record.ink), tuple(record.box), id(record.target))
        if not record.box.contains(record.ink) and key not in seen:
            seen.add(key)
            found.append(f"leaves its box: {record.text!r} ink {tuple(record.ink)} box {tuple(record.box)}")
        if record.em < floor_em and ("small", record.text) not in seen:
            seen.add(("small", record.text))
            found.append(f"under 12 px on screen: {record.text!r} em {record.em} < {floor_em}")
        groups.setdefault((record.layer, id(record.target)), []).append(record)
    for group in groups.values():
        unique = {(r.text, tuple(r.ink)): r for r in group}.values()
        ordered = sorted(unique, key=lambda r: r.ink.top)
        for i, a in enumerate(ordered):
            for b in ordered[i + 1:]:
                if b.ink.top >= a.ink.bottom:
                    break
                if a.ink.colliderect(b.ink):
                    pair = tuple(sorted((a.text, b.text)))
                    if pair not in seen:
                        seen.add(pair)
                        found.append(f"overlap: {a.text!r} {tuple(a.ink)} and {b.text!r} {tuple(b.ink)}")
    return found


class Screens:
    """Drive an App headless, record the text of every frame, save captures, collect problems."""

    def __init__(self, size_name: str) -> None:
        self.size_name = size_name
        self.app = App(window=SIZES[size_name])
        self.floor = text_layout.min_em()
        self.found: dict[str, list[str]] = {}
        self.folder = OUT / size_name
        self.folder.mkdir(parents=True, exist_ok=True)
        self.captures: dict[str, pygame.Surface] = {}     # each name's last frame, saved at close

    def frames(self, name: str, n: int = 1) -> list[text_layout.TextRecord]:
        """Run n frames while recording, save the capture `name`, note its problems; the records."""
        with text_layout.record() as recorder:
            for _ in range(n):
                self.app.step(1 / 60)
                if len(recorder.records) > MAX_RECORDS:
                    del recorder.records[:-MAX_RECORDS]
        if self.size_name in CAPTURED:      # a name's later frames replace its capture, as its file did
            frame = self.app.capture()
            self.captures[name] = frame.copy() if frame is self.app.screen else frame
        issues = problems(recorder.records, self.floor)
        if issues:
            self.found[name] = issues
        return recorder.records

    def post(self, name: str, device: str = "keyboard") -> None:
        self.app.post(Action(name, device))

    def report(self) -> str:
        return "\n".join(f"[{self.size_name}] {screen}: {issue}"
                         for screen, issues in self.found.items() for issue in issues[:6])

    def close(self) -> None:
        """Save the captures (one PNG per name: encoding one for every call of a name that repeats
        took most of a 800x480 test's time), then close the screens."""
        for name, frame in self.captures.items():
            pygame.image.save(frame, str(self.folder / f"{name}.png"))
        for scene in list(self.app.stack.scenes):
            scene.exit()
        pygame.quit()


@pytest.fixture(params=list(SIZES))
def screens(request, monkeypatch):
    # the games save their session after every move; durability is not what this test checks
    monkeypatch.setattr(os, "fsync", lambda fd: None)
    s = Screens(request.param)
    yield s
    s.close()


def _settle(scene) -> None:
    """Finish the running animations so the next frame shows the resting state."""
    for name in ("animator", "timeline", "queue"):
        runner = getattr(scene, name, None)
        for finish in ("skip", "finish_all"):
            if runner is not None and hasattr(runner, finish):
                getattr(runner, finish)()
                break


# ---------------------------------------------------------------------------- the arcade
def test_arcade_screens_fit(screens):
    from game.client.menus import ConfirmScene, GameSelectScene, NoticeScene, PauseScene, SettingsScene, TitleScene
    from game.client.widgets import MenuItem

    app = screens.app
    app.stack.push(TitleScene())
    screens.frames("title", 30)
    app.stack.push(GameSelectScene())
    for index in range(5):
        screens.frames(f"game_select_{index}", 2)
        screens.post("right")
    app.stack.push(SettingsScene())
    for index in range(9):
        screens.frames(f"settings_{index}", 1)
        screens.post("down")
    app.stack.pop()
    app.stack.push(NoticeScene(LONG_LINE * 3, "A notice with a rather long title that must fit its box"))
    screens.frames("notice", 2)
    app.stack.pop()
    from game.client.menus import HowToPage, HowToPlayScene, draw_mascot

    def robot(surface, rect):
        draw_mascot(surface, rect.center, (80, 200, 110), min(rect.width, rect.height) / 160)

    pages = [HowToPage("Your turn, step by step: " + LONG_NAME, LONG_LINE * 4, robot),
             HowToPage("Winning", LONG_LINE), HowToPage("Short", "Play.")]
    app.stack.push(HowToPlayScene("ROBOMissions", pages))
    for index in range(3):
        screens.frames(f"howto_{index}", 2)
        screens.post("right")
    assert isinstance(app.stack.top, GameSelectScene)           # the last page closed it
    app.stack.push(ConfirmScene("End your turn with 2 actions left? " + LONG_NAME, lambda: None, "End turn",
                                detail=LONG_LINE))
    screens.frames("confirm", 2)
    app.stack.pop()
    app.stack.push(PauseScene([MenuItem("How to play " + LONG_NAME, lambda: None, LONG_LINE)]))
    screens.frames("pause", 2)
    screens.post("down")
    screens.frames("pause_long_item", 2)
    assert not screens.found, screens.report()


# ---------------------------------------------------------------------------- Robo Run
def _roborun_play(screens, level: str, seed: int, choices: int):
    play = _module("game.roborun.ui.play_scene", "game.roborun.play_scene")
    session = _module("game.roborun.ui.session", "game.roborun.session")
    scene = play.PlayScene(session.GameOptions(level_ref=level, partner="ai", seed=seed, intro=False,
                                               tutorial=False))
    screens.app.stack.push(scene)
    rng = random.Random(seed)
    for _ in range(choices):
        if scene.state.outcome is not None:
            break
        scene.choose(rng.choice(scene.engine.legal_choices(scene.state)))
        _settle(scene)
    return scene


def test_roborun_screens_fit(screens):
    app = screens.app
    entry = _module("game.roborun.ui.campaign_screens", "game.roborun.campaign_screens")
    app.stack.push(entry.EntryScene())
    screens.frames("roborun_entry", 10)
    app.stack.pop()
    scene = _roborun_play(screens, "1.2", seed=3, choices=0)
    app.stack.push(scene._intro())
    screens.frames("roborun_intro", 5)
    app.stack.pop()
    app.stack.push(entry.HandOverScene(1, lambda: None, "Your teammate is about to play: you may BEEP a card."))
    screens.frames("roborun_handover", 5)
    app.stack.pop()
    app.stack.push(entry.TutorialOverlay())
    for page in range(len(entry.TUTORIAL_PAGES)):
        screens.frames(f"roborun_tutorial_{page}", 2)
        screens.post("right")
    assert app.stack.top is scene
    screens.frames("roborun_start", 20)
    for index in range(4):
        scene._say(LONG_LINE + f" ({index})")
        scene._say(f"{LONG_NAME} played card {index} and moved every robot as printed on it")
    for step in range(30):
        if scene.state.outcome is not None:
            break
        scene.choose(random.Random(step).choice(scene.engine.legal_choices(scene.state)))
        _settle(scene)
        if step % 6 == 5:
            screens.frames(f"roborun_play_{step}", 3)
    for index in range(4):
        scene._say(LONG_LINE + f" ({index})")
        scene._say(f"{LONG_NAME} played card {index} and moved every robot as printed on it")
    scene.dirty = True
    screens.frames("roborun_busy", 5)
    # every prompt the game has, in the prompt line: whole, never cut (the BEEP prompt was cut on both sides)
    texts = _module("game.roborun.ui.event_text", "game.roborun.event_text")
    for kind, prompt in texts.PROMPTS.items():
        scene.prompt = lambda reader, prompt=prompt: (prompt, (255, 196, 61))
        scene.dirty = True
        drawn = [r.text for r in screens.frames(f"roborun_prompt_{kind}", 1)]
        assert prompt in drawn, f"prompt {kind!r} was not drawn whole on one line at {screens.size_name}"
    app.stack.clear_to(entry.EntryScene())
    # attract mode: the DEMO bar and the game's prompt line in one layer, so they must not meet
    from game.client.menus import DemoCycle

    attract = _module("game.roborun.ui.attract_scene", "game.roborun.attract_scene")
    app.stack.push(DemoCycle([("Robo Run", attract.make_attract_scene)]))
    screens.frames("roborun_demo", 240)
    app.stack.pop()
    scene = _roborun_play(screens, "1.1", seed=5, choices=400)
    if scene.state.outcome is not None:
        scene._show_results()
        screens.frames("roborun_results", 30)
    assert not screens.found, screens.report()


# ---------------------------------------------------------------------------- ROBOMissions
def _legal(engine):
    """The engine's list of legal moves (named legal_choices by the engine contract)."""
    return getattr(engine, "legal_choices", None) or engine.legal_actions


def _robomissions_table(screens, seats, seed: int, mode: str = "ffa"):
    setup = _module("game.robomissions.ui.scene", "game.robomissions.scene")
    table_mod = _module("game.robomissions.ui.table_scene", "game.robomissions.table_scene")
    table = table_mod.TableScene(setup.TableConfig(mode, seats, seed))
    screens.app.stack.push(table)
    return table


def _robomissions_play(table, engine, moves: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(moves):
        if table.state.is_over:
            return
        table._apply(table.state.current, rng.choice(_legal(engine)(table.state)))
        _settle(table)


def test_robomissions_screens_fit(screens):
    app = screens.app
    setup = _module("game.robomissions.ui.scene", "game.robomissions.scene")
    engine = _module("game.robomissions.rules.engine", "game.robomissions.engine")
    app.stack.push(setup.SetupScene(setup.TableConfig("ffa", ("human", "hard", "hard", "hard"), 1)))
    for _ in range(6):
        screens.frames("robomissions_setup", 1)
        screens.post("down")
    app.stack.pop()
    table = _robomissions_table(screens, ("human", "normal", "normal", "normal"), seed=7)
    plain_label = table.seat_label
    table.seat_label = lambda seat: f"{plain_label(seat)} {LONG_NAME}"     # the longest names
    screens.frames("robomissions_deal", 60)
    _robomissions_play(table, engine, 40, seed=7)
    for index in range(6):
        table._log(LONG_LINE + f" ({index})", (236, 240, 248))
    screens.frames("robomissions_busy", 30)
    _robomissions_play(table, engine, 3000, seed=8)
    for _ in range(40):
        screens.frames("robomissions_end", 1)
        _settle(table)
    assert table.state.is_over
    screens.frames("robomissions_results", 20)
    app.stack.clear_to(setup.SetupScene())
    teams = _robomissions_table(screens, ("human", "human", "hard", "hard"), seed=9, mode="2v2")
    screens.frames("robomissions_2v2", 30)
    handover = _module("game.robomissions.ui.handover_scene", "game.robomissions.handover_scene")
    app.stack.push(handover.HandOverScene(teams, 1))
    screens.frames("robomissions_handover", 5)
    assert not screens.found, screens.report()


# ---------------------------------------------------------------------------- Robo Rescue
def test_roborescue_screens_fit(screens):
    app = screens.app
    setup = _module("game.roborescue.ui.scene", "game.roborescue.scene")
    lab = _module("game.roborescue.ui.lab_scene", "game.roborescue.lab_scene")
    engine = _module("game.roborescue.rules.engine", "game.roborescue.engine")
    app.stack.push(setup.SetupScene(setup.table_config(4, "hard", True, 1)))
    for _ in range(8):
        screens.frames("roborescue_setup", 1)
        screens.post("down")
    app.stack.pop()
    config = lab.GameConfig(4, (lab.HUMAN, "normal", "normal", "normal"), True, 11)
    plain_name = config.seat_name
    object.__setattr__(config, "seat_name",                       # the longest names
                       lambda seat, short=False: f"{plain_name(seat, short)} {LONG_NAME}")
    scene = lab.LabScene(config)
    app.stack.push(scene)
    screens.frames("roborescue_start", 60)
    rng = random.Random(11)
    for step in range(400):
        if scene.state.phase == engine.OVER or scene.state.decision_seat is None:
            break
        scene.future = None                                       # the scene's AI waits; the test plays
        scene._apply(rng.choice(_legal(engine)(scene.state)), scene.state.decision_seat)
        _settle(scene)
        if step in (5, 30, 60):
            screens.frames(f"roborescue_play_{step}", 10)
    handover = _module("game.roborescue.ui.handover_scene", "game.roborescue.handover_scene")
    app.stack.push(handover.HandoverScene(config.seat_name(1), lambda: None))
    screens.frames("roborescue_handover", 5)
    app.stack.pop()
    assert scene.state.phase == engine.OVER
    for _ in range(60):
        _settle(scene)
        screens.frames("roborescue_end", 1)
    end = _module("game.roborescue.ui.end_scene", "game.roborescue.end_scene")
    assert isinstance(app.stack.top, end.EndScene)
    assert not screens.found, screens.report()


# ---------------------------------------------------------------------------- Robo Rally
def _roborally_settle(race) -> None:
    race.skip_animation()


def _roborally_step(race, rng) -> None:
    """One choice for whoever decides (the test plays every seat; the AI workers stay idle)."""
    _roborally_settle(race)
    race.future = None
    race._apply(rng.choice(race.session.legal_choices()))


def test_roborally_screens_fit(screens):
    app = screens.app
    ui = _module("game.roborally.ui.scene")
    howto = _module("game.roborally.ui.howto")
    app.stack.push(ui.SetupScene())
    for index in range(7):
        screens.frames(f"roborally_setup_{index}", 1)
        screens.post("down")
    race = ui.new_race("carnage-crossing",
                       6, 1, "random", seed=4, max_rounds=3, save=False)
    race.seat_label = lambda seat, plain=race.seat_label: f"{plain(seat)} {LONG_NAME}"    # the longest names
    app.stack.push(race)
    screens.frames("roborally_start", 2)
    for index in range(len(howto.TUTORIAL)):                       # the first-race tutorial, once
        assert app.stack.top is not race
        screens.frames(f"roborally_tutorial_{index}", 2)
        screens.post("right")
    screens.frames("roborally_program", 10)
    assert app.stack.top is race
    screens.post("right")
    screens.post("confirm")
    screens.frames("roborally_program_2", 3)
    rng = random.Random(4)
    for index in range(4):
        race.log.append(LONG_LINE + f" ({index})")
    step = 0
    hand_seen = False
    while not race.session.is_over() and step < 400:
        phase = race.state.phase
        if not hand_seen and phase == "program" and race.session.current_seat() == 0:
            hand_seen = True                          # the hand, then inspecting a card, a space and a robot
            _roborally_settle(race)
            screens.frames("roborally_hand", 2)
            for name, pos in (("card", race._hand_rects(9)[1].center), ("space", race.board_view.rect.center),
                              ("robot", (1000, 60))):
                app.post(Action("point", "mouse", pos))
                screens.frames(f"roborally_inspect_{name}", 2)
                assert race.inspect, f"pointing at a {name} shows nothing"
            app.post(Action("info"))
            app.post(Action("right"))
            screens.frames("roborally_inspect_cursor", 2)
            assert race.cursor is not None and race.inspect
            app.post(Action("info"))
            screens.frames("roborally_hand_again", 1)
            assert race.cursor is None and race.inspect is None
        _roborally_step(race, rng)
        step += 1
        if race.anims.queue and step % 7 == 0:
            screens.frames(f"roborally_activation_{step}", 20)       # mid-animation, busy log
        elif phase in ("upgrade", "fire", "haywire") and step % 5 == 0:
            screens.frames(f"roborally_{phase}_{step}", 2)
    assert race.session.is_over()
    _roborally_settle(race)
    screens.frames("roborally_result", 3)
    app.stack.push(ui.HandoverScene(race, 5))
    screens.frames("roborally_handover", 2)
    app.stack.pop()
    app.stack.push(howto.how_to_play_scene())
    for index in range(len(howto.PAGES)):
        screens.frames(f"roborally_howto_{index}", 2)
        screens.post("right")
    from game.client.menus import DemoCycle

    app.stack.push(DemoCycle([("Robo Rally", ui.make_attract_scene)]))      # attract mode: AI robots, labelled
    screens.frames("roborally_demo", 240)
    app.stack.pop()
    assert not screens.found, screens.report()


# ---------------------------------------------------------------------------- every game in the catalog
def _catalog_entries():
    from game.catalog import GAMES, load

    return [pytest.param(entry, id=entry.id) for entry in GAMES if load(entry.entry) is not None]


@pytest.mark.parametrize("entry", _catalog_entries())
def test_every_catalog_games_first_screens_fit(screens, entry):
    """Any game in the catalog (the new ones too): its entry screen and its menu, item by item."""
    from game.catalog import load

    app = screens.app
    from game.client.menus import TitleScene

    app.stack.push(TitleScene())
    app.stack.push(load(entry.entry)(app))
    screens.frames(f"{entry.id}_entry", 10)
    for index in range(12):
        screens.post("down")
        screens.frames(f"{entry.id}_entry_{index}", 1)
    assert not screens.found, screens.report()


# ---------------------------------------------------------------------------- Run Run Run!
def _runrunrun_table(screens, players: int, humans: int, seed: int, moves: int, difficulty: str = "standard"):
    from game.core.session import GameSession
    from game.runrunrun import rules as R
    from game.runrunrun.rules.engine import Config
    from game.runrunrun.ui import scene as rrr

    session = GameSession.start(R, Config(players, difficulty), seed)
    table = rrr.PlayScene(session, humans=humans, ai_level="hard", pace=0.0, tutorial=False)
    screens.app.stack.push(table)
    from game.runrunrun.ai import make_player

    ais = [make_player("hard", seed * 10 + i) for i in range(players)]
    for _ in range(moves):               # hard AIs play every seat up to a busy mid-game position
        if session.is_over():
            break
        seat = session.current_seat()
        table._apply(ais[seat].choose(R.seat_view(session.state, seat), session.legal_choices()))
    for _ in range(3000):               # then stop where a human seat must decide (its list is on screen)
        if session.is_over() or (session.current_seat() in table.humans and session.state.phase == "action"):
            break
        seat = session.current_seat()
        table._apply(ais[seat].choose(R.seat_view(session.state, seat), session.legal_choices()))
    return table


def test_runrunrun_screens_fit(screens):
    from game.runrunrun.ui import scene as rrr
    from game.runrunrun.ui.text import HOW_TO_PLAY

    app = screens.app
    app.stack.push(rrr.SetupScene())
    screens.frames("runrunrun_setup", 2)
    app.stack.push(rrr.HowToScene())
    for page in range(len(HOW_TO_PLAY)):
        screens.frames(f"runrunrun_howto_{page}", 1)
        screens.post("right")
    app.stack.clear_to(rrr.SetupScene())
    app.stack.push(rrr.TutorialOverlay())
    for page in range(len(rrr.TUTORIAL_PAGES)):
        screens.frames(f"runrunrun_tutorial_{page}", 1)
        screens.post("right")
    # four seats, one human, a long game: a big maze, Mummies, long log lines, every seat's plan said
    table = _runrunrun_table(screens, 4, 1, seed=15, moves=150)   # a seed whose game is still on after 150 moves
    assert not table.session.is_over() and len(table.session.state.tiles) > 10
    for index in range(4):
        table.log.append(LONG_LINE + f" ({index})")
        table.log.append(f"{LONG_NAME} rolls: hit, draw, draw, hit, ability, footprint ({index})")
    from game.runrunrun.rules import content

    longest = max(range(len(content.SAY_LINES)), key=lambda i: len(content.SAY_LINES[i]))
    table.session.state.said = {seat: longest for seat in range(4)}
    screens.frames("runrunrun_busy", 3)
    table.banner = (LONG_LINE, 0.0)
    screens.frames("runrunrun_banner", 1)
    table.banner = None
    # every prompt of the game, on the human's list
    for phase, prompt in rrr.PROMPTS.items():
        table.prompt_override = prompt
        drawn = [r.text for r in screens.frames(f"runrunrun_prompt_{phase}", 1)]
        assert prompt in drawn, f"prompt {phase!r} was not drawn whole at {screens.size_name}"
    table.prompt_override = None
    # pointing at rooms shows what they are
    table.inspect_cell = next(iter(table.session.state.tiles))
    screens.frames("runrunrun_inspect", 1)
    table.inspect_cell = None
    app.stack.push(rrr.HandOverScene(2, "It is your turn"))
    screens.frames("runrunrun_handover", 2)
    app.stack.pop()
    app.stack.push(rrr._pause())
    screens.frames("runrunrun_pause", 2)
    app.stack.clear_to(rrr.SetupScene())
    # a game played out to its end (won or lost) with four AI seats
    table = _runrunrun_table(screens, 4, 0, seed=3, moves=3000)
    screens.frames("runrunrun_end", 3)
    app.stack.clear_to(rrr.SetupScene())
    # attract mode
    from game.client.menus import DemoCycle

    app.stack.push(DemoCycle([("Run Run Run!", rrr.make_demo_scene)]))
    screens.frames("runrunrun_demo", 90)
    app.stack.pop()
    assert not screens.found, screens.report()
