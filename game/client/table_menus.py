"""The title's way to a networked table: "Host a table" (pick the game and its set-up, then the
host screen with its QR code and join code) and "Join a table" (the tables zeroconf finds on
the LAN, or an address and code set by hand), issue 29.

The table's own screens (the lobby on the TV, a joined seat) are game/client/table_screens.py;
these screens only choose what to open. Every one of them goes back with Back/Esc.
"""
from __future__ import annotations

import re
import threading
from typing import Callable

import pygame

from game import catalog
from game.client import input as inp
from game.client import theme
from game.client.scene import Scene
from game.client.widgets import Menu, MenuItem, draw_fit, draw_hints, draw_text, panel
from game.core.errors import UserError
from game.table import discovery, setup

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"     # the letters a join code is made of (server.py)
CODE_ROW = 5                # the address screen's first join code row (after 4 address parts and the port)
DEFAULT_PORT = 8765
BROWSE_SECONDS = 3.0


def _words(text: str) -> str:
    """An id as a player reads it: "dizzy-dash" -> "Dizzy dash"."""
    text = re.sub(r"[-_]+", " ", text)
    return text[:1].upper() + text[1:]


# a set-up value as the game's own set-up screen names it ("ffa" -> "Free for All"), by game
SETUP_VALUE_WORDS = {"robomissions": "game.robomissions.ui.table_config:MODE_NAMES"}
# a course as the game's own set-up screen names it (its map's name: "Carnage Crossing"), by game
COURSE_TITLES = {"roborally": "game.roborally.ui.race_scene:course_title"}


def setup_text(entry, label: str) -> str:
    """What a sample set-up changes besides the players, in words ("Difficulty insane",
    "Advanced yes", "Max rounds 3", "Free for All"); its label where it says nothing else."""
    from game.core.session import engine_module

    config = dict(catalog.load(entry.samples)())[label]
    data = engine_module(entry.rules).config_to_json(config)
    named = catalog.load(SETUP_VALUE_WORDS.get(entry.id)) or {}
    parts = [named[value] if isinstance(value, str) and value in named else
             f"{_words(key)} {'yes' if value is True else 'no' if value is False else value}"
             for key, value in data.items() if key != "players" and isinstance(value, (str, int, bool))
             and value not in ("", None)]
    return ", ".join(parts).replace("Level ref", "Level") or _words(label)


def hostable_games() -> list:
    """Catalog entries a table can play: those with rules and sample set-ups."""
    return [entry for entry in catalog.GAMES if entry.rules is not None and entry.samples is not None]


class MenuPage(Scene):
    """A page of these screens: a title, a line under it, a menu, a problem line; Back leaves."""

    animated = False
    covers_screen = True
    menu: Menu
    problem = ""

    def _back(self) -> None:
        self.app.stack.pop()

    def handle(self, action: inp.Action) -> None:
        if not self.menu.handle(action) and action.name == inp.BACK:
            self._back()

    def draw_page(self, surface: pygame.Surface, title: str, line: str, hints: list) -> None:
        surface.fill(theme.BG)
        draw_text(surface, title, (theme.WIDTH // 2, 62), "title", theme.TEXT, "center", bold=True)
        draw_fit(surface, line, pygame.Rect(140, 100, theme.WIDTH - 280, 50), "body", theme.TEXT_DIM, align="center")
        self.menu.draw(surface)
        if self.problem:
            draw_fit(surface, self.problem, pygame.Rect(140, theme.HEIGHT - 130, theme.WIDTH - 280, 70), "body",
                     theme.BAD, align="center")
        draw_hints(surface, self.app.input, hints)


class HostSetupScene(MenuPage):
    """Host a table: the game, its set-up, players and course (left/right), then "Open the table"."""

    def __init__(self, game_id: str | None = None, open_table: Callable | None = None) -> None:
        super().__init__()
        self.games = hostable_games()
        self.local = 0                  # the seat played on this screen, from 1 (0: none, the board only)
        ids = [entry.id for entry in self.games]
        self.game = ids.index(game_id) if game_id in ids else 0
        self.open_table = open_table or _open_host_scene
        self._choose_game(self.game)

    # -------------------------------------------------------------- what can be chosen
    def _choose_game(self, index: int) -> None:
        self.game = index % len(self.games)
        game_id = self.games[self.game].id
        self.samples = setup.sample_labels(game_id)
        # a table is for several people: start from the first set-up made for two or more players
        # (a game that sets its players another way starts from its last set-up, as `host` does)
        self.sample = next((i for i, label in enumerate(self.samples) if self._players_of(game_id, label) >= 2),
                           len(self.samples) - 1)
        self.courses = [None] + setup.course_ids(game_id)
        title = catalog.load(COURSE_TITLES.get(game_id)) or _words
        self.course_titles = {ref: title(ref) for ref in self.courses if ref}
        self.course = 0
        self._choose_sample(self.sample)

    def _choose_sample(self, index: int) -> None:
        self.sample = index % len(self.samples)
        self.counts = setup.player_counts(self.games[self.game].id, self.samples[self.sample])
        default = self._sample_players()
        self.players = self.counts.index(default) if default in self.counts else 0
        self.menu = self._menu()

    def _sample_players(self) -> int | None:
        return self._players_of(self.games[self.game].id, self.samples[self.sample]) or None

    @staticmethod
    def _players_of(game_id: str, label: str) -> int:
        """The players a sample set-up is made for (0: the game sets its players another way)."""
        from game.core.session import engine_module

        entry = catalog.BY_ID[game_id]
        config = dict(catalog.load(entry.samples)())[label]
        return engine_module(entry.rules).config_to_json(config).get("players") or 0

    def _menu(self) -> Menu:
        focus = self.menu.focus if getattr(self, "menu", None) is not None else 0
        items = [MenuItem("Game", value=lambda: self.games[self.game].title,
                          on_change=lambda step: self._change(self._choose_game, self.game + step))]
        if len(self.samples) > 1:
            items.append(MenuItem("Set-up", value=lambda: setup_text(self.games[self.game], self.samples[self.sample]),
                                  on_change=lambda step: self._change(self._choose_sample, self.sample + step)))
        if self.counts:
            items.append(MenuItem("Players", value=lambda: str(self.counts[self.players]),
                                  on_change=self._change_players))
        if len(self.courses) > 1:
            items.append(MenuItem("Course", value=lambda: self.course_titles.get(self.courses[self.course], "Practice floor"),
                                  on_change=self._change_course))
        items.append(MenuItem("This screen", value=lambda: f"Plays seat {self.local}" if self.local else "Board only",
                              on_change=self._change_local))
        items += [MenuItem("Open the table", self._open, "Every other seat is a phone; on the next screen Enter "
                                                          "hands a seat to the AI"),
                  MenuItem("Back", self._back)]
        menu = Menu(items, center_x=theme.WIDTH // 2, top=170, width=760, row_height=66)
        menu.focus = min(focus, len(items) - 1)
        return menu

    def _change(self, choose: Callable[[int], None], index: int) -> None:
        choose(index)
        self.problem = ""

    def _change_players(self, step: int) -> None:
        self.players = (self.players + step) % len(self.counts)
        self.local = min(self.local, self._seats())

    def _seats(self) -> int:
        """How many seats the set-up has (its players, or the sample's own count)."""
        if self.counts:
            return self.counts[self.players]
        return self._sample_players() or 2

    def _change_local(self, step: int) -> None:
        """Board only, or a seat played here as at a local game (the others on phones or the AI)."""
        self.local = (self.local + step) % (self._seats() + 1)

    def _change_course(self, step: int) -> None:
        self.course = (self.course + step) % len(self.courses)

    def options(self):
        """The set-up chosen, as game.table.setup reads it."""
        options = setup.game_options(self.samples[self.sample], self.counts[self.players] if self.counts else None,
                                     self.courses[self.course])
        options.local_seat = self.local - 1 if self.local else None
        return options

    # -------------------------------------------------------------- actions
    opening = 0           # 1: "Opening the table..." asked for; 2: it is on the screen, open now

    def _open(self) -> None:
        """Say so first: starting the table's process and drawing its card faces take a second."""
        self.problem, self.opening = "", 1
        self.changed()

    def animating(self) -> bool:
        return self.opening > 0

    def update(self, dt: float) -> None:
        if self.opening == 2:
            self.opening = 0
            self._open_now()

    def _open_now(self) -> None:
        try:
            scene = self.open_table(self.games[self.game].id, self.options())
        except UserError as exc:
            self.app.audio.play("error")
            self.problem = str(exc)
            return
        self.app.audio.play("click")
        self.app.stack.push(scene)          # closing the table comes back here, to change and reopen

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.draw_page(surface, "Host a table", "The board on this screen, every hand on a phone: nothing to install",
                       [(inp.LEFT_RIGHT, "Change"), (inp.CONFIRM, "Select"), (inp.BACK, "Back")])
        if self.opening:
            draw_fit(surface, "Opening the table...", pygame.Rect(140, theme.HEIGHT - 130, theme.WIDTH - 280, 70),
                     "body", theme.ACCENT, align="center")
            self.opening = 2


def _open_host_scene(game_id: str, options) -> Scene:
    from game.client.table_screens import host_table_scene    # the table's screens load only when asked

    return host_table_scene(game_id, options)


class JoinFindScene(MenuPage):
    """Join a table: the tables found on the LAN (zeroconf), searched again on request, or an
    address and join code set by hand (the host's screen shows both)."""

    def __init__(self, browse: Callable[[float], list] | None = None, join: Callable | None = None) -> None:
        super().__init__()
        self.browse, self.join = browse or discovery.browse, join or _join_scene
        self.found: list = []
        self.searching = False
        self._results: list | None = None
        self.menu = self._menu()

    def enter(self) -> None:
        self._search()

    def _search(self) -> None:
        """Browse in a thread of its own: the screen keeps its frames while zeroconf listens."""
        if self.searching:
            return
        self.searching, self._results = True, None

        def run() -> None:
            try:
                found = self.browse(BROWSE_SECONDS)
            except Exception:       # noqa: BLE001 - no multicast here: the typed address still works
                found = []
            self._results = found

        threading.Thread(target=run, daemon=True, name="table-browse").start()
        self.menu = self._menu()

    def animating(self) -> bool:
        return self.searching

    def update(self, dt: float) -> None:
        if self.searching and self._results is not None:
            self.searching, self.found = False, self._results
            self.menu = self._menu()
            self.changed()

    def _menu(self) -> Menu:
        items = [MenuItem(f"{table.name}", lambda t=table: self._join(t.address, t.code), f"at {table.address}")
                 for table in self.found[:4]]
        items += [MenuItem("Searching..." if self.searching else "Search again", self._search,
                           "Looking for tables on this network" if self.searching else "", enabled=not self.searching),
                  MenuItem("Type an address", lambda: self.app.stack.push(JoinAddressScene(self._join)),
                           "The address and join code on the host's screen"),
                  MenuItem("Back", self._back)]
        return Menu(items, center_x=theme.WIDTH // 2, top=190, width=760, row_height=66)

    def _join(self, address: str, code: str) -> None:
        try:
            scene = self.join(address, code)
        except UserError as exc:
            self.app.audio.play("error")
            self.problem = str(exc)
            self.changed()
            return
        self.app.audio.play("click")
        self.app.stack.push(scene)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        found = ("Looking for tables on this network..." if self.searching else
                 f"{len(self.found)} table{'s' if len(self.found) != 1 else ''} found on this network" if self.found
                 else "No table found on this network: type the address shown on the host's screen")
        self.draw_page(surface, "Join a table", found, [(inp.CONFIRM, "Select"), (inp.BACK, "Back")])


def _join_scene(address: str, code: str) -> Scene:
    """The seat picker of the table at `address`; a table that cannot be reached is a UserError."""
    from game.client.table_screens import MenuJoinScene, open_link

    return MenuJoinScene(open_link(address), None, code.upper(), "")


class JoinAddressScene(MenuPage):
    """An address and a join code set with left/right (any device, no keyboard needed): the host's
    address starts from this machine's own network, so usually only the last number changes."""

    def __init__(self, join: Callable[[str, str], None]) -> None:
        super().__init__()
        self.join = join
        own = discovery.lan_address().split(".")
        self.octets = [int(part) for part in own] if len(own) == 4 and all(p.isdigit() for p in own) else [192, 168, 1, 2]
        self.port = DEFAULT_PORT
        self.code = [0] * 5
        self._typing: int | None = None     # the row whose number is being typed, digit by digit
        typed = "Type the number or tap the keys; Left/Right changes it"
        items = [MenuItem(f"Address part {i + 1}", value=lambda i=i: str(self.octets[i]),
                          on_change=lambda step, i=i: self._octet(i, step), detail=typed) for i in range(4)]
        items.append(MenuItem("Port", value=lambda: str(self.port), on_change=self._port, detail=typed))
        lettered = "Type the code or tap the keys; Left/Right changes the letter"
        items += [MenuItem(f"Join code letter {i + 1}", value=lambda i=i: CODE_LETTERS[self.code[i]],
                           on_change=lambda step, i=i: self._letter(i, step), detail=lettered)
                  for i in range(len(self.code))]
        items += [MenuItem("Join", self._join), MenuItem("Back", self._back)]
        # every address part (a table on another network) and the code: 12 rows fit at 40; the
        # menu and the keys beside it (self.keys) are centred together
        self.menu = Menu(items, center_x=theme.WIDTH // 2 - 152, top=150, width=640, row_height=40)

    def handle(self, action: inp.Action) -> None:
        """Number keys type the focused address part or port; on a join code letter any letter or
        digit of the code types it and moves on to the next (arrow keys still change and move;
        only Left/Right could before, and WASD/X/Z/P are game keys elsewhere, not here)."""
        row = self.menu.focus
        letter = row - CODE_ROW
        if 0 <= letter < len(self.code) and action.char and action.char in CODE_LETTERS:
            self.code[letter] = CODE_LETTERS.index(action.char)
            self.menu.focus = row + 1       # the next letter, then Join
            self._typing = None
            return
        key = self._key_at(action)
        if key is not None:
            self._press(key, action.device)
            return
        if action.name not in (inp.DIGIT, inp.POINT):     # a finger landing on a key goes on typing
            self._typing = None
        if action.name != inp.DIGIT:
            super().handle(action)
            return
        if row >= CODE_ROW:                 # a button: digits do nothing
            return
        limit = 255 if row < 4 else 65535
        old = self.octets[row] if row < 4 else self.port
        number = old * 10 + action.amount if self._typing == row else action.amount
        number = number if number <= limit else action.amount
        if row < 4:
            self.octets[row] = number
        else:
            self.port = max(1, number)
        self._typing = row

    # ------------------------------------------------------------ the on-screen keys (touch)
    def keys(self) -> list[tuple[str, pygame.Rect]]:
        """The keys beside the menu for the focused row: digits for an address part or the port,
        the code's letters for a join code letter; "Next" moves on. A finger types with them (a
        tap per step of Left/Right took 36 taps for an address part, 80 for a code)."""
        row = self.menu.focus
        if row < CODE_ROW:
            labels, columns, size, top = list("123456789") + ["Next", "0"], 3, (80, 64), 200
        elif row < CODE_ROW + len(self.code):
            labels, columns, size, top = list(CODE_LETTERS), 4, (60, 44), 160
        else:
            return []
        left = self.menu.rects[0].right + 40
        return [(label, pygame.Rect(left + (i % columns) * (size[0] + 6), top + (i // columns) * (size[1] + 6),
                                    *size)) for i, label in enumerate(labels)]

    def _key_at(self, action: inp.Action) -> str | None:
        """The key a click, or a finger's tap, lands on (one tap types: no tap-again here)."""
        if action.pos is None or not (action.name == inp.CLICK or (action.name == inp.POINT and action.tap)):
            return None
        return next((label for label, rect in self.keys() if rect.collidepoint(action.pos)), None)

    def _press(self, key: str, device: str) -> None:
        if key == "Next":
            self._typing = None
            self.menu.focus += 1
        elif self.menu.focus < CODE_ROW:
            self.handle(inp.Action(inp.DIGIT, device, amount=int(key), char=key))
        else:
            self.handle(inp.Action(inp.LETTER, device, char=key))

    def _octet(self, index: int, step: int) -> None:
        self.octets[index] = (self.octets[index] + step) % 256

    def _port(self, step: int) -> None:
        self.port = min(65535, max(1, self.port + step))

    def _letter(self, index: int, step: int) -> None:
        self.code[index] = (self.code[index] + step) % len(CODE_LETTERS)

    def address(self) -> str:
        return ".".join(str(o) for o in self.octets) + f":{self.port}"

    def code_text(self) -> str:
        return "".join(CODE_LETTERS[i] for i in self.code)

    def _join(self) -> None:
        self.app.stack.pop()
        self.join(self.address(), self.code_text())

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.draw_page(surface, "Type an address", f"{self.address()}   join code {self.code_text()}",
                       [(inp.LEFT_RIGHT, "Change"), (inp.CONFIRM, "Select"), (inp.BACK, "Back")])
        for label, rect in self.keys():
            panel(surface, rect, theme.PANEL, theme.PANEL_EDGE, radius=8)
            draw_fit(surface, label, rect.inflate(-8, -6), "body", theme.TEXT, align="center", valign="middle",
                     wrap=False, bold=True)
