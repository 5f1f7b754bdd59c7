"""Playing the engine's events back on the race screen: each event a timed beat (moves glide,
turns spin, beams and floating labels), the log lines, the register-card short names.
A mixin of RaceScene (race_scene.py)."""
from __future__ import annotations

import pygame

from game.client import theme
from game.client.sequencer import Beat, Track
from game.client.text import draw_fit
from game.client.text import font as text_font
from game.roborally.rules import content as C
from game.roborally.ui.board_view import ROBOT_NAMES


DURATIONS = {"move": 0.22, "convey": 0.22, "pushed": 0.22, "teleport": 0.45, "turn": 0.2, "reboot_facing": 0.3, "reveal": 0.6,
             "play": 0.35, "robot_laser": 0.35, "board_laser": 0.35, "indirect_fire": 0.4, "stun": 0.4,
             "reboot": 0.5, "placed": 0.3, "crush": 0.45, "damage": 0.12, "checkpoint": 0.6, "randomize": 0.5,
             "push_panel": 0.15, "energy": 0.15, "win": 1.0, "bump": 0.12, "haywire": 0.2, "mirror": 0.3,
             "round": 0.4, "install": 0.4, "draw_upgrade": 0.3}

SOUNDS = {"move": "move", "pushed": "move", "convey": "slide", "teleport": "teleport", "robot_laser": "zap",
          "board_laser": "zap", "indirect_fire": "zap", "stun": "zap", "reboot": "boom", "crush": "boom",
          "checkpoint": "collect", "energy": "collect", "play": "card", "randomize": "beep", "win": "win",
          "install": "collect"}


class EventPlayback:
    """RaceScene's animation of events as they play."""

    # ------------------------------------------------------------------ animation
    def _beat(self, e) -> Beat:
        """One engine event as a Beat: its start shows what the event changes on the panels
        (and starts its beams and labels), its progress moves the robot, its end lands it.
        An event that takes no time is a Beat without tracks, which the sequencer plays at once."""
        dur = DURATIONS.get(e.kind, 0.0)
        if dur <= 0:
            def instant() -> None:
                self._start_event(e)
                self._finish_event(e)
            return Beat([], sound=SOUNDS.get(e.kind), on_start=instant, label=e.kind)
        track = Track(dur, on_start=lambda: self._start_event(e), on_progress=lambda f: self._tween(e, f),
                      on_end=lambda: self._finish_event(e))
        return Beat([track], sound=SOUNDS.get(e.kind), label=e.kind)

    def _start_event(self, e) -> None:
        k, d = e.kind, e.data
        if k == "reveal":
            self.message = f"Register {d['register']}"
            self.shown_register = d["register"]
        elif k == "round":
            self.revealed_cards = {}
            self.shown_round, self.shown_register = d["round"], 0
            self.shown_token = d["token"]
            self.message = f"Round {d['round']}: {ROBOT_NAMES[d['token']]} holds the priority token"
        elif k in ("robot_laser", "board_laser", "stun"):
            self.flashes.append((k, e, 0.5))
            if k == "stun" and "stun" in self.side[e.seat]["ups"]:
                self.side[e.seat]["ups"].remove("stun")
        elif k == "indirect_fire":
            self.flashes.append((k, e, 0.5))
        elif k == "damage":
            if d["card"] == "spam":
                self.side[e.seat]["spam"] += 1
            x, y = self._pos(e.seat)
            self.floaters.append((d["card"].upper(), x, y, theme.BAD, 0.9))
        elif k == "checkpoint":
            self.side[e.seat]["cp"] = d["number"]
            x, y = self._pos(e.seat)
            self.floaters.append((f"Checkpoint {d['number']}!", x, y, theme.GOOD, 1.4))
        elif k == "energy":
            self.side[e.seat]["energy"] = d["energy"]
            x, y = self._pos(e.seat)
            self.floaters.append(("+1 energy", x, y, (120, 255, 140), 0.9))
        elif k in ("reboot", "crush"):
            self.flashes.append(("reboot", e, 0.6))
            self.message = f"{ROBOT_NAMES[e.seat]} {'is crushed' if k == 'crush' else 'falls'}: reboot"
        elif k == "randomize":
            self.message = f"{ROBOT_NAMES[e.seat]} hits a randomizer: {C.card_name(d['card'])}"
            self.revealed_cards.setdefault(e.seat, {})[d["register"]] = d["card"]
        elif k == "play":
            # each robot's card flips as it is played, in priority order
            self.revealed_cards.setdefault(e.seat, {})[d["register"]] = d.get("card") or "-"
        elif k in ("push_panel", "crush"):
            self.flashes.append(("cell", e, 0.5))
        elif k == "win":
            self.message = f"{ROBOT_NAMES[e.seat]} wins the race!"
        elif k == "install":
            self.message = f"{ROBOT_NAMES[e.seat]} installs {C.UPGRADES[d['upgrade']]['name']}"
            side = self.side[e.seat]
            side["ups"].append(d["upgrade"])
            side["energy"] -= d["cost"]
        elif k == "draw_upgrade":
            # the drawn card is private: a human's own draw is named, an AI's is not
            own = self.seats[e.seat] == "human"
            self.message = (f"{ROBOT_NAMES[e.seat]} draws {C.UPGRADES[d['upgrade']]['name']}" if own else
                            f"{ROBOT_NAMES[e.seat]} draws an upgrade card")
            self.side[e.seat]["energy"] -= d["cost"]
        elif k == "discard_upgrade" or (k == "use" and "upgrade" in d):
            if d["upgrade"] in self.side[e.seat]["ups"]:
                self.side[e.seat]["ups"].remove(d["upgrade"])
            if k == "use" and d.get("energy"):
                self.side[e.seat]["energy"] += d["energy"]
        line = log_line(e)
        if line:
            self.log = (self.log + [line])[-5:]

    def _tween(self, e, f: float) -> None:
        k, d = e.kind, e.data
        s = self.shown.get(e.seat)
        if s is None:
            return
        if k in ("move", "convey", "pushed"):
            fx, fy = d["from"]
            tx, ty = d["to"]
            s[0], s[1] = fx + (tx - fx) * f, fy + (ty - fy) * f
        elif k == "teleport":
            fx, fy = d["from"]
            tx, ty = d["to"]
            s[0], s[1] = (fx, fy) if f < 0.5 else (tx, ty)
        elif k in ("turn", "reboot_facing"):
            start = d["dir"] - d["by"]
            s[2] = start + d["by"] * f

    def _finish_event(self, e) -> None:
        k, d = e.kind, e.data
        s = self.shown.get(e.seat)
        if k in ("move", "convey", "pushed", "teleport") and s is not None:
            s[0], s[1] = d["to"]
        elif k in ("turn", "reboot_facing") and s is not None:
            s[2] = d["dir"] % 4
        elif k == "placed" and s is not None:
            s[0], s[1], s[2] = d["at"][0], d["at"][1], d["dir"]
        elif k == "reboot" and s is not None:
            s[0], s[1] = -5, -5

    def _pos(self, seat):
        """Where a floating label for `seat` starts: above the robot, stacked over earlier ones."""
        s = self.shown.get(seat, [0, 0, 0])
        x, y = self.board_view.centre(s[0], s[1]) if self.board_view else (0, 0)
        stacked = sum(1 for f in self.floaters if abs(f[1] - x) < 1 and f[4] > 0.3)
        return x, y - 22 * stacked

    def _draw_floaters(self, surface) -> None:
        """Floating labels over the board; one that would cover another moves up, one off the board is left out."""
        taken: list[pygame.Rect] = []
        area = self.board_view.rect
        for text, x, y, colour, ttl in reversed(self.floaters):
            w, h = text_font_size(text)
            rect = pygame.Rect(0, 0, w + 4, h + 2)
            rect.center = (round(x), round(y - 30))
            while rect.collidelist(taken) >= 0:
                rect.bottom = taken[rect.collidelist(taken)].top - 1
            if not area.contains(rect):
                continue
            taken.append(rect)
            draw_fit(surface, text, rect, "small", colour, align="center", wrap=False, bold=True, shadow=True)

    def skip_animation(self) -> None:
        """Play every queued event to its end at once (X), leaving no labels or beams behind."""
        self.anims.skip()
        self.floaters, self.flashes = [], []


def text_font_size(text: str) -> tuple[int, int]:
    """Width and height of a floating label (small, bold) at the window's font floor."""
    return text_font("small", True).size(text)


DIRECTION_NAMES = ("north (up)", "east (right)", "south (down)", "west (left)")


def ending_words(result: dict) -> str | None:
    """How the race ended (a Result in JSON form), robots by name, for the table's phone page."""
    winners = [w for w in result.get("winners") or [] if isinstance(w, int) and 0 <= w < len(ROBOT_NAMES)]
    return f"{ROBOT_NAMES[winners[0]]} reached the last checkpoint" if winners else None


def log_line(e) -> str | None:
    k, d = e.kind, e.data
    who = ROBOT_NAMES[e.seat] if e.seat is not None else ""
    if k == "play":
        if d.get("card") is None:
            return f"{who}: empty register"
        extra = f" (repeats {C.card_name(d['repeats'])})" if d.get("repeats") and d["repeats"] != "damage" else ""
        return f"{who} plays {C.card_name(d['card'])}{extra}"
    if k == "spam":
        return f"{who} plays SPAM: the top card is played instead"
    if k == "teleport":
        return f"{who} teleports"
    if k == "crush":
        return f"{who} is crushed"
    if k == "reboot":
        return f"{who} reboots ({d['cause']})"
    if k == "reboot_facing":
        return f"{who} rebooted, now facing {DIRECTION_NAMES[d['dir']]}"
    if k == "robot_laser":
        return f"{who} shoots {ROBOT_NAMES[d['target']]}"
    if k == "board_laser":
        return f"A board laser hits {who} ({d['strength']})"
    if k == "checkpoint":
        return f"{who} reaches checkpoint {d['number']} of {d['of']}"
    if k == "randomize":
        return f"{who}'s register is randomized: {C.card_name(d['card'])}"
    if k == "stun":
        return f"{who} stuns {ROBOT_NAMES[d['target']]}"
    if k == "indirect_fire":
        return f"{who} uses Indirect Fire on {ROBOT_NAMES[d['target']]}"
    if k == "mirror":
        return f"{who}'s Mirror strikes back"
    if k == "install":
        return f"{who} installs {C.UPGRADES[d['upgrade']]['name']}"
    if k == "draw_upgrade":
        return f"{who} draws an upgrade card"
    if k == "haywire" and d.get("register"):
        return f"{who}: Haywire under register {d['register']}"
    return None


def card_short_name(card: str) -> str:
    if C.is_haywire(card):
        return "HW"
    return {"move1": "M1", "move2": "M2", "move3": "M3", "back": "BK", "right": "R", "left": "L", "uturn": "U",
            "powerup": "PW", "again": "AG", "spam": "SP", "?": "?", "-": "-"}.get(card, card[:2])
