"""Turns engine events into eased animations on a Stage of actors.

Why a separate stage: the engine jumps from one state to the next; players need to SEE
each step (a slide space by space, a robot falling into a shredder) in the order the
rules resolved it. The Stage holds what is currently shown (robot pawns, tokens,
particles, captions); the Animator plays a queue of Steps, each a group of tweens run
together. When the queue empties the scene snaps the stage to the engine's seat view, so
a mistake in an animation can never leave a wrong picture behind.

Time comes only from update(dt) (scaled by the speed setting); skip() completes all
queued steps at once. Events are read by kind and duck-typed fields (robot, frm, to,
path, ...) through `event_field`, so this module needs nothing from the engine.
"""
from __future__ import annotations

import math
import random
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from game.client.loop import ease_in_out, ease_out_back, lerp

Pos = tuple[int, int]

STEP_SECONDS = 0.16          # one space of walking
SLIDE_SECONDS = 0.09         # one space of sliding (faster: it is one push)
CAPTION_SECONDS = 0.7
MOVE_KINDS = ("moved", "slid", "conveyed", "pushed", "key_moved", "displaced")


# ---------------------------------------------------------------- event access
FIELD_NAMES: dict[str, tuple[str, ...]] = {
    "robot": ("robot", "robot_id"),
    "from": ("frm", "from_pos", "src", "start", "at"),
    "to": ("to", "to_pos", "dest", "end", "target"),
    "path": ("path", "steps", "route"),
    "pos": ("at", "pos", "to", "frm"),
    "colour": ("colour", "color"),
    "token": ("token", "token_kind"),
    "seat": ("seat", "player"),
}


def event_field(event: Any, name: str, default: Any = None) -> Any:
    """A field of an engine event under any of its usual spellings (dataclass or dict)."""
    for attr in FIELD_NAMES.get(name, (name,)):
        value = event.get(attr) if isinstance(event, dict) else getattr(event, attr, None)
        if value is not None:
            return value
    return default


def event_kind(event: Any) -> str:
    return event.get("kind", "") if isinstance(event, dict) else getattr(event, "kind", "")


def as_pos(value: Any) -> Pos | None:
    if isinstance(value, (tuple, list)) and len(value) == 2 and all(isinstance(v, (int, float)) for v in value):
        return (int(value[0]), int(value[1]))
    return None


def event_path(event: Any) -> list[Pos]:
    """Every space a moving thing passes through, start included when known."""
    path = [p for p in (as_pos(v) for v in (event_field(event, "path") or ())) if p is not None]
    start, end = as_pos(event_field(event, "from")), as_pos(event_field(event, "to"))
    if start is not None and (not path or path[0] != start):
        path.insert(0, start)
    if end is not None and (not path or path[-1] != end):
        path.append(end)
    return path


# ---------------------------------------------------------------- stage
@dataclass
class Actor:
    """One pawn or token on screen, in fractional board coordinates."""

    key: str
    colour: str = ""                # robots: pawn colour; tokens: ""
    x: float = 0.0
    y: float = 0.0
    scale: float = 1.0
    lift: float = 0.0               # hop height in tiles
    visible: bool = True
    kind: str = "robot"             # robot or token kind
    value: int | None = None
    direction: str | None = None


@dataclass
class Particle:
    x: float
    y: float
    vx: float
    vy: float
    life: float
    colour: tuple[int, int, int]


@dataclass
class Caption:
    text: str
    colour: tuple[int, int, int]
    age: float = 0.0


@dataclass
class Stage:
    robots: dict[str, Actor] = field(default_factory=dict)
    tokens: dict[str, Actor] = field(default_factory=dict)
    particles: list[Particle] = field(default_factory=list)
    captions: list[Caption] = field(default_factory=list)
    flyers: list[Actor] = field(default_factory=list)    # tokens flying off the board (screen space)
    shake: float = 0.0
    revision: int = 0               # bumps when anything not per-frame changes (token set...)
    rng: random.Random = field(default_factory=lambda: random.Random(7))

    def sync(self, robots: Iterable[tuple[str, str, Pos]], tokens: Iterable[tuple[str, Pos, Any, Any]]) -> None:
        """Snap to the truth: robots (id, colour, pos) and tokens (kind, pos, value, direction)."""
        self.robots = {rid: Actor(rid, colour, float(pos[0]), float(pos[1])) for rid, colour, pos in robots}
        self.tokens = {}
        for kind, pos, value, direction in tokens:
            key = token_key(kind, pos, value)
            self.tokens[key] = Actor(key, "", float(pos[0]), float(pos[1]), kind=kind, value=value, direction=direction)
        self.flyers.clear()
        self.revision += 1

    def token_at(self, pos: Pos, kind: str | None = None) -> Actor | None:
        for actor in self.tokens.values():
            if (round(actor.x), round(actor.y)) == pos and (kind is None or actor.kind == kind):
                return actor
        return None

    def robot_at(self, pos: Pos) -> Actor | None:
        for actor in self.robots.values():
            if actor.visible and (round(actor.x), round(actor.y)) == pos:
                return actor
        return None

    def update(self, dt: float) -> None:
        for p in self.particles:
            p.x += p.vx * dt
            p.y += p.vy * dt
            p.vy += 9.0 * dt
            p.life -= dt
        self.particles = [p for p in self.particles if p.life > 0]
        for caption in self.captions:
            caption.age += dt
        self.captions = [c for c in self.captions if c.age < CAPTION_SECONDS * 2.2]
        self.shake = max(0.0, self.shake - dt * 2.5)

    def burst(self, x: float, y: float, colour, count: int = 24) -> None:
        for _ in range(count):
            angle = self.rng.uniform(0, math.tau)
            speed = self.rng.uniform(1.5, 5.0)
            self.particles.append(Particle(x, y, math.cos(angle) * speed, math.sin(angle) * speed - 2,
                                           self.rng.uniform(0.4, 0.9), colour))


def token_key(kind: str, pos: Pos, value: Any = None) -> str:
    return f"{kind}:{value}@{pos[0]},{pos[1]}"


# ---------------------------------------------------------------- animator
@dataclass
class Tween:
    duration: float
    apply: Callable[[float], None]            # called with raw progress 0..1
    start: Callable[[], None] | None = None
    actors: tuple[str, ...] = ()              # keys of the stage actors this tween moves
    started: bool = False


@dataclass
class Step:
    tweens: list[Tween]
    label: str = ""

    @property
    def duration(self) -> float:
        return max((t.duration for t in self.tweens), default=0.0)


class Animator:
    """Plays queued Steps one after another; tweens inside a Step run together."""

    def __init__(self) -> None:
        self.queue: deque[Step] = deque()
        self.elapsed = 0.0

    @property
    def busy(self) -> bool:
        return bool(self.queue)

    def moving_keys(self) -> frozenset[str]:
        """Actors the running step moves: drawn every frame; all others can be cached."""
        if not self.queue:
            return frozenset()
        return frozenset(key for tween in self.queue[0].tweens for key in tween.actors)

    def push(self, step: Step) -> None:
        if step.tweens:
            self.queue.append(step)

    def update(self, dt: float) -> None:
        while self.queue and dt >= 0:
            step = self.queue[0]
            self.elapsed += dt
            for tween in step.tweens:
                if not tween.started:
                    tween.started = True
                    if tween.start:
                        tween.start()
                tween.apply(min(1.0, self.elapsed / tween.duration) if tween.duration > 0 else 1.0)
            if self.elapsed < step.duration:
                return
            dt = self.elapsed - step.duration
            self.elapsed = 0.0
            self.queue.popleft()
            if dt <= 0:
                return

    def skip(self) -> None:
        """Finish every queued step at once, in order (their end states still apply)."""
        while self.queue:
            step = self.queue.popleft()
            for tween in step.tweens:
                if not tween.started and tween.start:
                    tween.start()
                tween.apply(1.0)
        self.elapsed = 0.0


# ---------------------------------------------------------------- events -> steps
@dataclass
class EventAnimations:
    """Builds the Steps for engine events on a stage.

    `sound(name)` plays an effect, `energy_target(seat)` gives the board coordinates a
    collected token flies to (the owner's energy track), `caption_colour(kind)` picks a
    banner colour. All three are supplied by the scene, so this stays UI-agnostic.
    """

    stage: Stage
    sound: Callable[[str], None] = lambda name: None
    energy_target: Callable[[Any], tuple[float, float]] = lambda seat: (0.0, -1.0)
    describe: Callable[[Any], str] = lambda event: event_kind(event).replace("_", " ")

    def steps_for(self, events: list[Any]) -> list[Step]:
        """Group consecutive moves of different robots (they happen simultaneously)."""
        steps: list[Step] = []
        group: list[Any] = []
        for event in events:
            if event_kind(event) in MOVE_KINDS:
                moving = {event_field(e, "robot") for e in group}
                if group and (event_field(event, "robot") in moving or event_kind(event) != event_kind(group[0])):
                    steps.append(self._moves(group))
                    group = []
                group.append(event)
                continue
            if group:
                steps.append(self._moves(group))
                group = []
            step = self._single(event)
            if step is not None:
                steps.append(step)
        if group:
            steps.append(self._moves(group))
        return [s for s in steps if s.tweens]

    # movement --------------------------------------------------------
    def _actor_for(self, event: Any) -> Actor | None:
        rid = event_field(event, "robot")
        if event_kind(event) == "key_moved" or (rid is None and event_field(event, "token") == "key"):
            start = as_pos(event_field(event, "from"))
            return self.stage.token_at(start, "key") if start else None
        if rid is not None:
            return self.stage.robots.get(str(rid))
        start = as_pos(event_field(event, "from"))
        return self.stage.robot_at(start) if start else None

    def _moves(self, events: list[Any]) -> Step:
        tweens = []
        kind = event_kind(events[0])
        per_space = SLIDE_SECONDS if kind in ("slid", "pushed", "conveyed") else STEP_SECONDS
        for event in events:
            actor, path = self._actor_for(event), event_path(event)
            if actor is None or len(path) < 2:
                continue
            tweens.append(Tween(per_space * (len(path) - 1), _walk(actor, path, hop=kind == "moved"), actors=(actor.key,)))
        sound = "slide" if kind in ("slid", "pushed", "conveyed") else "move"
        if tweens:
            tweens[0].start = lambda: self.sound(sound)
        return Step(tweens, kind)

    # everything else -------------------------------------------------
    def _single(self, event: Any) -> Step | None:
        kind = event_kind(event)
        stage = self.stage
        actor = self._actor_for(event)
        start, end = as_pos(event_field(event, "from")), as_pos(event_field(event, "to"))
        if kind in ("teleported", "lifted") and actor is not None and end is not None:
            return Step([Tween(0.45, _warp(actor, end), lambda: self.sound("teleport"), actors=(actor.key,))], kind)
        if kind == "collected":
            pos = as_pos(event_field(event, "pos")) or end or start
            token = stage.token_at(pos, _token_kind(event)) if pos else None
            if token is None:
                return None
            target = self.energy_target(event_field(event, "seat"))
            return Step([Tween(0.5, _fly(stage, token, target), lambda: self.sound("collect"), actors=(token.key,))], kind)
        if kind == "upgraded" and actor is not None:
            colour = event_field(event, "colour") or "blue"
            return Step([Tween(0.35, _pulse_recolour(actor, colour), lambda: self.sound("zap"), actors=(actor.key,))], kind)
        if kind == "destroyed" and actor is not None:
            def boom() -> None:
                self.sound("boom")
                stage.shake = 1.0
                stage.burst(actor.x + 0.5, actor.y + 0.5, _burst_colour(actor.colour))
            return Step([Tween(0.5, _vanish(actor, spin=True), boom, actors=(actor.key,))], kind)
        if kind in ("escaped", "returned") and actor is not None:
            text = self.describe(event) if kind == "escaped" else ""

            def leave() -> None:
                self.sound("collect")
                if text:
                    stage.captions.append(Caption(text, (94, 214, 120)))
            return Step([Tween(0.5, _vanish(actor, spin=False), leave, actors=(actor.key,))], kind)
        if kind == "spawned":
            rid, pos = event_field(event, "robot"), end or as_pos(event_field(event, "pos"))
            if rid is None or pos is None:
                return None
            colour = event_field(event, "colour") or "blue"
            new = Actor(str(rid), colour, float(pos[0]), float(pos[1]), scale=0.0)
            return Step([Tween(0.45, _drop_in(new), lambda: (stage.robots.__setitem__(new.key, new),
                                                              self.sound("zap")), actors=(new.key,))], kind)
        text = self.describe(event)
        if not text:
            return None
        sound = {"card_played": "card", "beeped": "beep", "ability_used": "zap", "equipment_used": "zap",
                 "scenario_won": "win", "scenario_lost": "lose", "event_revealed": "card"}.get(kind)
        caption = Caption(text, (255, 196, 61) if kind != "scenario_lost" else (240, 84, 84))
        seconds = CAPTION_SECONDS if kind not in ("scenario_won", "scenario_lost", "event_revealed") else 1.2

        def show() -> None:
            stage.captions.append(caption)
            if sound:
                self.sound(sound)
        return Step([Tween(seconds, lambda t: None, show)], kind)


def _token_kind(event: Any) -> str | None:
    token = event_field(event, "token")
    if isinstance(token, str):
        return token
    return getattr(token, "kind", None) if token is not None else None


def _burst_colour(colour: str) -> tuple[int, int, int]:
    return {"green": (80, 220, 110), "red": (240, 80, 70)}.get(colour, (255, 170, 60))


def _walk(actor: Actor, path: list[Pos], hop: bool) -> Callable[[float], None]:
    legs = len(path) - 1

    def apply(t: float) -> None:
        leg = min(legs - 1, int(t * legs))
        local = ease_in_out(t * legs - leg)
        (ax, ay), (bx, by) = path[leg], path[leg + 1]
        actor.x, actor.y = lerp(ax, bx, local), lerp(ay, by, local)
        actor.lift = math.sin(local * math.pi) * 0.15 if hop and t < 1 else 0.0
    return apply


def _warp(actor: Actor, end: Pos) -> Callable[[float], None]:
    def apply(t: float) -> None:
        if t < 0.5:
            actor.scale = 1 - ease_in_out(t * 2)
        else:
            actor.x, actor.y = float(end[0]), float(end[1])
            actor.scale = ease_out_back((t - 0.5) * 2)
    return apply


def _fly(stage: Stage, token: Actor, target: tuple[float, float]) -> Callable[[float], None]:
    sx, sy = token.x, token.y

    def apply(t: float) -> None:
        e = ease_in_out(t)
        token.x, token.y = lerp(sx, target[0], e), lerp(sy, target[1], e) - math.sin(e * math.pi) * 1.2
        token.scale = 1 + 0.4 * math.sin(e * math.pi)
        if t >= 1:
            stage.tokens.pop(token.key, None)
            stage.revision += 1
    return apply


def _pulse_recolour(actor: Actor, colour: str) -> Callable[[float], None]:
    def apply(t: float) -> None:
        actor.scale = 1 + 0.35 * math.sin(t * math.pi)
        if t >= 0.5:
            actor.colour = colour
    return apply


def _vanish(actor: Actor, spin: bool) -> Callable[[float], None]:
    def apply(t: float) -> None:
        e = ease_in_out(t)
        actor.scale = max(0.0, 1 - e) if spin else 1 + e * 0.8
        actor.lift = 0.0 if spin else e * 0.6
        if t >= 1:
            actor.visible = False
    return apply


def _drop_in(actor: Actor) -> Callable[[float], None]:
    def apply(t: float) -> None:
        actor.scale = ease_out_back(t)
        actor.lift = (1 - ease_in_out(t)) * 1.5
    return apply
