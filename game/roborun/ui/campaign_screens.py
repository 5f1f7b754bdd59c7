"""Robo Run screens around the play screen: scenario select, results, tutorial, hand-over.

These are thin: they read and write campaign progress (game.roborun.ui.progress) and start a
game with the options the players picked. No rules live here. They never import the play
screen (it imports them): the entry screen is given its `launch(app, options)` function and
the results screen its way back to the entry screen, both by play_scene's factories.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

import pygame

from game.client import input as inp
from game.client import theme
from game.client.menus import NoticeScene, PauseScene, draw_mascot
from game.client.scene import Scene
from game.client.text import draw_fit
from game.client.widgets import Menu, MenuItem, ResultsHold, darken, draw_hints, draw_paragraph, draw_text, panel
from game.core.disk_cache import cached_json
from game.core.errors import UserError
from game.roborun.ui.level_files import list_levels, load_level
from game.roborun.rules.cards import robot_boards
from game.roborun.ui import progress as prog
from game.roborun.ui.event_text import ABILITY_NAMES, loss_text
from game.roborun.ui.inspect import ABILITY_TEXT
from game.roborun.ui.session import GameOptions, shipped_level_sources

PARTNERS = ("ai", "random", "human")
PARTNER_NAMES = {"ai": "AI teammate", "random": "Random teammate", "human": "Second player (same screen)"}
AI_LEVELS = ("easy", "normal", "hard")
SEAT_NAMES = ("Green (bottom)", "Red (top)")
SEAT_COLOURS = ("green", "red")


@lru_cache(maxsize=1)
def scenario_titles() -> dict[str, str]:
    """level id -> title for every shipped map (a broken map shows as unavailable).

    Parsing every map took most of this screen's first frame, so the result is kept on disk,
    keyed by the map files and the loader's code (game.core.disk_cache).
    """
    def read_all() -> dict[str, str]:
        titles = {}
        for ref, path in list_levels():
            try:
                titles[ref] = load_level(path).title or ref
            except UserError:
                titles[ref] = "(map has errors)"
        return titles

    return cached_json("roborun-scenario-titles", shipped_level_sources(), read_all)


@dataclass
class EntryChoices:
    mode: str = "campaign"          # campaign | single
    campaign: int = 1
    scenario: int = 1
    partner: str = "ai"
    ai_level: str = "normal"
    seat: int = 0
    boards: tuple[str, str] = ("quick_one", "smart_three")
    first_skills: tuple[str, str] = ("reverse_move", "back_up_plan")   # new campaign: set-up step 7


class EntryScene(Scene):
    """Campaign / single-scenario select with partner, AI level, seat and robot boards.

    launch(app, options) starts the chosen game (play_scene.start_game, passed in by
    play_scene.make_entry_scene); without it the screen can be browsed but not started.
    """
    animated = False       # changes only on input (issue 26: nothing drawn while left alone)

    def __init__(self, launch: Callable[[object, GameOptions], object] | None = None) -> None:
        super().__init__()
        self.launch = launch
        self.choices = EntryChoices()
        self.progress = prog.Progress()
        self.menu: Menu | None = None
        self.t = 0.0

    def enter(self) -> None:
        self.app.audio.warm()       # sounds are built when a screen opens, never mid-animation
        self.progress, warning = prog.load_progress()
        self.app.warn(warning)      # shown over this screen (once, however many screens found it)
        self._sync_from_progress()
        self._build_menu()

    def _sync_from_progress(self) -> None:
        c = self.choices
        if c.mode == "campaign":
            saved = self.progress.campaign(c.campaign).boards
            c.boards = (saved[0] or c.boards[0], saved[1] or c.boards[1])
            c.scenario = int(self.progress.next_level(c.campaign).split(".")[1])

    def _campaigns(self) -> list[int]:
        return sorted({int(ref.split(".")[0]) for ref in scenario_titles()}) or [1]

    def _level_id(self) -> str:
        return f"{self.choices.campaign}.{self.choices.scenario}"

    def _scenario_unlocked(self, number: int) -> bool:
        if self.choices.mode == "single":
            return True
        done = self.progress.campaign(self.choices.campaign).completed
        return number == 1 or f"{self.choices.campaign}.{number - 1}" in done

    def _boards_locked(self) -> bool:
        """A robot board, once chosen, stays for the whole campaign (chapter 3)."""
        c = self.choices
        return c.mode == "campaign" and bool(self.progress.campaign(c.campaign).completed)

    def _scenario_label(self) -> str:
        ref = self._level_id()
        title = scenario_titles().get(ref, "not available")
        won = self.progress.is_completed(ref) or ref in self.progress.single_wins
        lock = "" if self._scenario_unlocked(self.choices.scenario) else " (locked)"
        return f"{ref} {title}{' - won' if won else ''}{lock}"

    def _build_menu(self) -> None:
        c = self.choices

        def cycle(values, current, step):
            index = values.index(current) if current in values else 0
            return values[(index + step) % len(values)]

        def set_mode(step):
            c.mode = cycle(("campaign", "single"), c.mode, step)
            self._sync_from_progress()

        def set_campaign(step):
            c.campaign = cycle(self._campaigns(), c.campaign, step)
            self._sync_from_progress()

        def set_scenario(step):
            c.scenario = (c.scenario - 1 + step) % 6 + 1

        def set_board(seat):
            def change(step):
                if self._boards_locked():
                    self.app.audio.play("error")
                    return
                boards = list(c.boards)
                boards[seat] = cycle(prog.ROBOT_BOARDS, boards[seat], step)
                if boards[seat] == boards[1 - seat]:   # each robot is one side of one board: never both seats
                    boards[seat] = cycle(prog.ROBOT_BOARDS, boards[seat], step)
                c.boards = (boards[0], boards[1])
            return change

        items = [
            MenuItem("Mode", value=lambda: "Campaign" if c.mode == "campaign" else "Single scenario",
                     on_change=set_mode),
            MenuItem("Campaign", value=lambda: f"{c.campaign}", on_change=set_campaign),
            MenuItem("Scenario", value=self._scenario_label, on_change=set_scenario),
            MenuItem("Teammate", value=lambda: PARTNER_NAMES[c.partner],
                     on_change=lambda step: setattr(c, "partner", cycle(PARTNERS, c.partner, step))),
            MenuItem("AI level", value=lambda: c.ai_level.capitalize(),
                     on_change=lambda step: setattr(c, "ai_level", cycle(AI_LEVELS, c.ai_level, step))),
            MenuItem("Your robot", value=lambda: SEAT_NAMES[c.seat],
                     on_change=lambda step: setattr(c, "seat", 1 - c.seat)),
            MenuItem("Green's board", value=lambda: prog.BOARD_TITLES[c.boards[0]], on_change=set_board(0)),
            MenuItem("Red's board", value=lambda: prog.BOARD_TITLES[c.boards[1]], on_change=set_board(1)),
            MenuItem("Green's first skill", value=lambda: self._skill_label(0),
                     on_change=lambda step: self._cycle_skill(0, step)),
            MenuItem("Red's first skill", value=lambda: self._skill_label(1),
                     on_change=lambda step: self._cycle_skill(1, step)),
            MenuItem("Start", self._start),
        ]
        self.menu = Menu(items, center_x=theme.WIDTH // 2 + 170, top=92, width=760, row_height=53)
        self.menu.focus = len(items) - 1    # "Start": Enter plays the shown scenario (issue 25: it changed the Mode)

    def _skill_options(self, seat: int) -> list[str]:
        return list(robot_boards()[self.choices.boards[seat]].abilities) + ["chip"]

    def _new_campaign(self) -> bool:
        c = self.choices
        return c.mode == "campaign" and not any(self.progress.campaign(c.campaign).players)

    def _skill_label(self, seat: int) -> str:
        """Set-up step 7 for a new campaign: each player's first unlock (ability or CHIP level)."""
        if not self._new_campaign():
            return "kept from the campaign" if self.choices.mode == "campaign" else "set by the scenario"
        options = self._skill_options(seat)
        pick = self.choices.first_skills[seat]
        return reward_name(pick if pick in options else options[0])

    def _cycle_skill(self, seat: int, step: int) -> None:
        if not self._new_campaign():
            self.app.audio.play("error")
            return
        options = self._skill_options(seat)
        picks = list(self.choices.first_skills)
        index = options.index(picks[seat]) if picks[seat] in options else 0
        picks[seat] = options[(index + step) % len(options)]
        self.choices.first_skills = (picks[0], picks[1])

    def _start(self) -> None:
        c = self.choices
        ref = self._level_id()
        if ref not in scenario_titles() or not self._scenario_unlocked(c.scenario):
            self.app.audio.play("error")
            self.app.stack.push(NoticeScene(f"Scenario {ref} is not available yet: win the one before it first."))
            return
        if c.mode == "campaign":
            self.progress.campaign(c.campaign).boards = list(c.boards)
            self.app.warn(prog.save_progress(self.progress))
        self.app.audio.play("click")
        try:
            self._launch(ref)
        except UserError as exc:          # a broken map or save: say so, stay on this screen
            self.app.audio.play("error")
            self.app.stack.push(NoticeScene(str(exc), "Cannot start the scenario"))

    def _launch(self, ref: str) -> None:
        if self.launch is None:
            raise UserError("scenario select", "this screen was made without a way to start a game")
        c = self.choices
        self.launch(self.app, GameOptions(level_ref=ref, partner=c.partner, seat=c.seat, ai_level=c.ai_level,
                                         campaign=c.mode == "campaign", boards=c.boards, choose_boards=True,
                                         first_skills=c.first_skills))

    def resume(self) -> None:
        self.progress, _ = prog.load_progress()
        self._sync_from_progress()

    def _draw_scenario_list(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The chosen campaign's scenarios with a mark for each one won (and locks in a campaign)."""
        panel(surface, rect)
        c = self.choices
        draw_text(surface, f"Campaign {c.campaign}", (rect.left + 16, rect.top + 12), "body", theme.ACCENT, bold=True)
        titles = scenario_titles()
        y = rect.top + 56
        for number in range(1, 7):
            ref = f"{c.campaign}.{number}"
            won = self.progress.is_completed(ref) or (c.mode == "single" and ref in self.progress.single_wins)
            open_ = self._scenario_unlocked(number) and ref in titles
            colour = theme.ACCENT if number == c.scenario else theme.TEXT if open_ else theme.TEXT_DIM
            box = pygame.Rect(rect.left + 16, y + 4, 22, 22)
            pygame.draw.rect(surface, theme.GOOD if won else theme.BG_LIGHT, box, border_radius=5)
            pygame.draw.rect(surface, theme.PANEL_EDGE, box, 2, border_radius=5)
            if won:    # a drawn check mark: the default font has no tick glyph
                pygame.draw.lines(surface, theme.BG, False, [(box.left + 5, box.centery), (box.centerx - 1, box.bottom - 5),
                                                             (box.right - 4, box.top + 5)], 3)
            elif not open_:
                pygame.draw.line(surface, theme.TEXT_DIM, (box.left + 6, box.centery), (box.right - 6, box.centery), 3)
            label = f"{ref}  {titles.get(ref, 'not available')}"
            draw_text(surface, label, (box.right + 12, box.centery), "small", colour, "midleft", bold=number == c.scenario)
            y += 44
        note = "Win a scenario to open the next." if c.mode == "campaign" else "Any scenario, unlocks set by its number."
        draw_text(surface, note, (rect.left + 16, rect.bottom - 34), "tiny", theme.TEXT_DIM)

    def handle(self, action: inp.Action) -> None:
        if not self.menu.handle(action) and action.name == inp.BACK:
            self.app.stack.pop()

    def update(self, dt: float) -> None:
        self.t += dt

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(theme.BG)
        draw_text(surface, "Robo Run", (40, 40), "title", theme.ACCENT, bold=True)
        draw_paragraph(surface, "Two good robots, one factory, no talking. Play cards to move every robot; "
                       "get both good robots out before round 4 ends.", pygame.Rect(40, 130, 340, 110), "small",
                       theme.TEXT_DIM)
        self._draw_scenario_list(surface, pygame.Rect(40, 250, 360, 410))
        self.menu.draw(surface)
        draw_hints(surface, self.app.input, [(inp.UP_DOWN, "Choose"), (inp.LEFT_RIGHT, "Change"), (inp.CONFIRM, "Select"),
                                             (inp.BACK, "Back")])


# ---------------------------------------------------------------- results
CHEER_SECONDS = 4.0       # the winning robots hop this long after the result shows, then while the player is about


class ResultsScene(Scene):
    """Won or lost, why, what was earned; next / retry / menu."""

    def __init__(self, level_id: str, title: str, won: bool, cause: str | None, round_number: int,
                 accomplishments: list[str], on_retry, on_next=None, rewards: list[list[str]] | None = None,
                 on_finish=None, make_entry: Callable[[], Scene] | None = None) -> None:
        """rewards: per seat, the unlocks a campaign win lets that player choose (chapter 5);
        on_finish(picks) saves the result once, before any way out of this screen;
        make_entry() builds the scenario select screen when it is not already on the stack."""
        super().__init__()
        self.make_entry = make_entry or EntryScene
        self.level_id, self.title, self.won, self.cause = level_id, title, won, cause
        self.round_number, self.accomplishments = round_number, accomplishments
        self.rewards = rewards
        self.picks = [options[0] if options else None for options in (rewards or [[], []])]
        self.on_finish = on_finish
        self.finished = False
        self.campaign_done = False       # set by the play screen after winning a campaign's last map
        items = []
        for seat, options in enumerate(rewards or []):
            if options:
                items.append(MenuItem(f"{SEAT_COLOURS[seat].capitalize()}'s reward", self._keep_reward,
                                      detail=reward_detail(self.picks[seat]),
                                      value=lambda seat=seat: reward_name(self.picks[seat]),
                                      on_change=lambda step, seat=seat: self._cycle(seat, step)))
        self.reward_items = list(items)     # one per seat with a reward, in seat order
        if won and on_next is not None:
            items.append(MenuItem("Next scenario", self._leaving(on_next)))
        items += [MenuItem("Play again" if won else "Try again", self._leaving(on_retry)),
                  MenuItem("Scenario select", self._leaving(self._to_select))]
        self.menu = Menu(items, center_x=theme.WIDTH // 2, top=404, width=620, row_height=56)
        self.t = 0.0
        self.hold = ResultsHold()       # won or lost first; the way out after

    def _keep_reward(self) -> None:
        """Enter on a reward keeps it and goes on to the next row (issue 25: Enter cycled the
        rewards, so a newcomer pressing Enter to go on changed the pick and never left)."""
        self.menu.focus = min(self.menu.focus + 1, len(self.menu.items) - 1)

    def _cycle(self, seat: int, step: int) -> None:
        options = self.rewards[seat]
        self.picks[seat] = options[(options.index(self.picks[seat]) + step) % len(options)]
        seats_with_rewards = [s for s, offered in enumerate(self.rewards) if offered]
        self.reward_items[seats_with_rewards.index(seat)].detail = reward_detail(self.picks[seat])

    def _leaving(self, then):
        def go() -> None:
            self.finish()
            then()
        return go

    def finish(self) -> None:
        """Save the result (with the chosen rewards) exactly once."""
        if not self.finished and self.on_finish is not None:
            self.finished = True
            self.on_finish(tuple(self.picks))

    def enter(self) -> None:
        self.app.audio.play("win" if self.won else "lose")

    def _to_select(self) -> None:
        stack = self.app.stack
        while stack.scenes and not isinstance(stack.top, EntryScene) and len(stack.scenes) > 1:
            stack.pop()
        if not isinstance(stack.top, EntryScene):
            stack.replace(self.make_entry())

    def handle(self, action: inp.Action) -> None:
        if self.hold.blocks(action):
            return
        if not self.menu.handle(action) and action.name == inp.BACK:
            self._leaving(self._to_select)()     # Esc: back to the scenarios (the result is saved first)

    def animating(self) -> bool:
        """The robots cheer; the way-out menu appears when the results hold ends (issue 25/26)."""
        return (self.won and self.t < CHEER_SECONDS) or not self.hold.ready

    def update(self, dt: float) -> None:
        self.hold.update(dt)
        if self.t < CHEER_SECONDS or self.app.lively():     # the robots cheer, then rest until input
            self.t += dt

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(theme.BG)
        colour = theme.GOOD if self.won else theme.BAD
        headline = "Scenario complete!" if self.won else "Scenario failed"
        if self.won and self.campaign_done:
            headline = "Campaign complete!"
        draw_text(surface, headline, (theme.WIDTH // 2, 90), "title", colour, "center", bold=True)
        draw_text(surface, f"{self.level_id} {self.title}", (theme.WIDTH // 2, 160), "large", theme.TEXT, "center")
        box = pygame.Rect(0, 0, 760, 180)
        box.midtop = (theme.WIDTH // 2, 205)
        panel(surface, box)
        y = box.top + 20
        if self.won:
            draw_text(surface, f"Both robots escaped in round {self.round_number}.", (box.left + 30, y), "body")
        else:
            draw_text(surface, f"Why: {loss_text(self.cause)}", (box.left + 30, y), "body")
        y += 40
        if self.accomplishments:
            draw_text(surface, "Accomplishments", (box.left + 30, y), "small", theme.TEXT_DIM)
            y += 26
            for line in self.accomplishments:
                draw_text(surface, f"* {line}", (box.left + 40, y), "body", theme.ACCENT)
                y += 30
        elif not self.won:
            draw_paragraph(surface, "Progress gained in this scenario is reset; try again with what you had "
                           "at its start.", pygame.Rect(box.left + 30, y, box.width - 60, 100), "small",
                           theme.TEXT_DIM)
        for k, robot in enumerate(("green", "red")):
            hop = abs(pygame.math.Vector2(0, 1).rotate(self.t * 300 + k * 90).y) * 10 if self.won else 0
            draw_mascot(surface, (150 + k * 980, 330 - hop), theme.ROBOT[robot] if self.won else (110, 110, 120), 1.0)
        if self.hold.ready:
            self.menu.draw(surface)
            focused = self.menu.items[self.menu.focus]
            if focused in self.reward_items and focused.detail:
                # beside the menu: under it there is no room left once five rows are shown
                box = pygame.Rect(16, self.menu.rects[0].top, self.menu.rects[0].left - 32, 270)
                panel(surface, box)
                draw_text(surface, "What it does", (box.left + 14, box.top + 10), "small", theme.TEXT_DIM)
                draw_fit(surface, focused.detail, box.inflate(-28, -56).move(0, 18), "small", theme.TEXT)
            draw_hints(surface, self.app.input, [(inp.UP_DOWN, "Choose"), (inp.CONFIRM, "Select"),
                                                 (inp.BACK, "Scenario select")])


def reward_detail(pick: str | None) -> str:
    """What a reward does, under the reward picker (Robo Run rulebook, '7. Special Abilities')."""
    if pick is None:
        return ""
    if pick == "chip":
        return "Develop the CHIP: unlock its next level, one more move a card's CHIP symbol can make"
    text = ABILITY_TEXT.get(pick)
    return f"{reward_name(pick)}: {text} (costs Energy). Left/Right: another reward" if text else ""


def reward_name(pick: str | None) -> str:
    if pick is None:
        return "-"
    if pick == "chip":
        return "Develop the CHIP"
    return ABILITY_NAMES.get(pick, pick)


# ---------------------------------------------------------------- tutorial
TUTORIAL_PAGES = (
    ("Welcome to Robo Run",
     "Get BOTH good robots (green and red) out through the exit of their colour before round 4 ends. "
     "If a bad robot touches a good robot, the scenario is lost. You may not talk: the BEEP token and the "
     "Walkie-Talkie card are the only signals."),
    ("Action cards",
     "Each card has up to three parts, read top to bottom: YOU moves the active player's robot, MATE moves "
     "the teammate's robot, BAD moves every bad robot of the coloured dots. Arrows are read from the side "
     "of the player who plays the card: up on the card is up on your screen."),
    ("Your turn",
     "Pick any card you can see, on your stand or your teammate's. Move with the arrow keys / d-pad or point "
     "with the mouse; Confirm plays it. Ghost robots preview where the card would take everyone. "
     "Then choose each move on the map: the highlighted squares are the legal ones."),
    ("More controls",
     "PASS, BEEP and Equipment are in the list on the right whenever the rules allow them; abilities show there "
     "when one could save you, or after Use an ability in the pause menu. I explains anything on the board. "
     "Undo (Z / B) takes back choices until your turn passes or something hidden is revealed. "
     "Skip (X) finishes animations; P pauses."),
)


class TutorialOverlay(Scene):
    """First-scenario help: a few pages over the board; remembered once dismissed."""
    animated = False       # changes only on input (issue 26: nothing drawn while left alone)

    opaque = False

    def __init__(self, on_done=None) -> None:
        super().__init__()
        self.page = 0
        self.on_done = on_done

    def _close(self) -> None:
        progress, _ = prog.load_progress()
        progress.tutorial_seen = True
        self.app.warn(prog.save_progress(progress))
        self.app.stack.pop()
        if self.on_done:
            self.on_done()

    def handle(self, action: inp.Action) -> None:
        if action.name in (inp.CONFIRM, inp.CLICK, inp.RIGHT, inp.NEXT):
            self.page += 1
            if self.page >= len(TUTORIAL_PAGES):
                self._close()
        elif action.name in (inp.LEFT, inp.PREV):
            self.page = max(0, self.page - 1)
        elif action.name in (inp.BACK, inp.SKIP, inp.MENU):     # P closes help, as in every game
            self._close()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        darken(surface, 170)
        title, text = TUTORIAL_PAGES[min(self.page, len(TUTORIAL_PAGES) - 1)]
        box = pygame.Rect(0, 0, 820, 340)
        box.center = (theme.WIDTH // 2, theme.HEIGHT // 2 - 20)
        panel(surface, box, edge=theme.ACCENT, width=3)
        draw_text(surface, title, (box.centerx, box.top + 40), "large", theme.ACCENT, "center", bold=True)
        draw_paragraph(surface, text, box.inflate(-70, -130).move(0, 24), "body")
        draw_text(surface, f"{self.page + 1} / {len(TUTORIAL_PAGES)}", (box.right - 24, box.bottom - 30), "small",
                  theme.TEXT_DIM, "midright")
        draw_hints(surface, self.app.input, [(inp.CONFIRM, "Next"), (inp.LEFT, "Back a page"), (inp.BACK, "Close")])


# ---------------------------------------------------------------- scenario intro
class ScenarioIntro(Scene):
    """The scenario page: flavour intro and special rules, read before play (chapter 3)."""
    animated = False       # changes only on input (issue 26: nothing drawn while left alone)

    opaque = False

    def __init__(self, level_id: str, title: str, intro: str, special_rules: str) -> None:
        super().__init__()
        self.level_id, self.title, self.intro, self.special_rules = level_id, title, intro, special_rules

    def handle(self, action: inp.Action) -> None:
        if action.name in (inp.CONFIRM, inp.CLICK, inp.BACK, inp.INFO, inp.MENU):   # P: to the board, then pause
            self.app.stack.pop()
        elif action.name in (inp.NEXT, inp.SCROLL):     # the mouse's hint reads "Wheel How to play"
            self.app.stack.pop()
            self.app.stack.push(TutorialOverlay())

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        darken(surface, 170)
        box = pygame.Rect(0, 0, 900, 460)
        box.center = (theme.WIDTH // 2, theme.HEIGHT // 2 - 14)
        panel(surface, box, edge=theme.ACCENT, width=3)
        draw_text(surface, f"{self.level_id}  {self.title}", (box.centerx, box.top + 40), "large", theme.ACCENT,
                  "center", bold=True)
        y = draw_paragraph(surface, self.intro, pygame.Rect(box.left + 40, box.top + 84, box.width - 80, 170),
                           "body", theme.TEXT)
        draw_text(surface, "Special rules", (box.left + 40, y + 14), "small", theme.ACCENT_2, bold=True)
        draw_paragraph(surface, self.special_rules or "None.", pygame.Rect(box.left + 40, y + 42, box.width - 80,
                                                                           box.bottom - y - 60), "body")
        draw_hints(surface, self.app.input, [(inp.CONFIRM, "Play"), (inp.NEXT, "How to play")])


# ---------------------------------------------------------------- hand-over
class HandOverScene(Scene):
    """Opaque screen between two human seats: the next player takes over, the other looks away."""
    animated = False       # changes only on input (issue 26: nothing drawn while left alone)

    def __init__(self, seat: int, on_ready, reason: str = "") -> None:
        super().__init__()
        self.seat, self.on_ready, self.reason = seat, on_ready, reason

    def handle(self, action: inp.Action) -> None:
        if action.name in (inp.CONFIRM, inp.CLICK):
            self.app.audio.play("click")
            self.app.stack.pop()
            self.on_ready()
        elif action.name == inp.MENU:
            self.app.stack.push(PauseScene())

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(theme.BG)
        colour = SEAT_COLOURS[self.seat]
        draw_mascot(surface, (theme.WIDTH // 2, 260), theme.ROBOT[colour], 1.6)
        draw_text(surface, f"{colour.capitalize()} player's turn", (theme.WIDTH // 2, 420), "title",
                  theme.ROBOT[colour], "center", bold=True)
        other = SEAT_COLOURS[1 - self.seat].capitalize()
        draw_text(surface, f"{other} player: please look away. No talking!", (theme.WIDTH // 2, 490), "large",
                  theme.TEXT, "center")
        if self.reason:
            draw_text(surface, self.reason, (theme.WIDTH // 2, 540), "body", theme.TEXT_DIM, "center")
        draw_hints(surface, self.app.input, [(inp.CONFIRM, "I'm ready"), (inp.MENU, "Pause")])
