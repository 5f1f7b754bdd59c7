"""Turns engine events into eased animations on a Stage of actors.

Why a separate stage: the engine jumps from one state to the next; players need to SEE
each step (a slide space by space, a robot falling into a shredder) in the order the
rules resolved it. The Stage holds what is currently shown (robot pawns, tokens,
particles, captions); `EventAnimations` turns events into Beats of the shared sequencer
(game.client.sequencer), each a group of Tracks run together that move stage actors
(`Track.keys` names them, so the scene caches every piece that is not moving). When the
sequencer empties the scene snaps the stage to the engine's seat view, so a mistake in an
animation can never leave a wrong picture behind.

Time comes only from Sequencer.update(dt) (scaled by the speed setting); skip()
completes all queued beats at once, quietly. Events are read by kind and duck-typed
fields (robot, frm, to, path, ...) through `event_field`, so this module needs nothing
from the engine.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from game.client.loop import ease_in_out, ease_out_back, lerp
from game.client.sequencer import Beat, Track

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

    @property
    def moving(self) -> bool:
        """Particles, captions or a shake still on screen: the next frame differs."""
        return bool(self.particles or self.captions or self.flyers) or self.shake > 0

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


# ---------------------------------------------------------------- events -> beats
@dataclass
class EventAnimations:
    """Builds the Beats for engine events on a stage.

    Each beat names its sound (`Beat.sound`, played by the sequencer as the beat starts),
    `energy_target(seat)` gives the board coordinates a collected token flies to (the
    owner's energy track), `describe(event)` the caption of an event without an
    animation of its own. Both are supplied by the scene, so this stays UI-agnostic.
    """

    stage: Stage
    energy_target: Callable[[Any], tuple[float, float]] = lambda seat: (0.0, -1.0)
    describe: Callable[[Any], str] = lambda event: event_kind(event).replace("_", " ")

    def beats_for(self, events: list[Any]) -> list[Beat]:
        """Group consecutive moves of different robots (they happen simultaneously)."""
        beats: list[Beat] = []
        group: list[Any] = []
        for event in events:
            if event_kind(event) in MOVE_KINDS:
                moving = {event_field(e, "robot") for e in group}
                if group and (event_field(event, "robot") in moving or event_kind(event) != event_kind(group[0])):
                    beats.append(self._moves(group))
                    group = []
                group.append(event)
                continue
            if group:
                beats.append(self._moves(group))
                group = []
            beat = self._single(event)
            if beat is not None:
                beats.append(beat)
        if group:
            beats.append(self._moves(group))
        return [b for b in beats if b.tracks]

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

    def _moves(self, events: list[Any]) -> Beat:
        tracks = []
        kind = event_kind(events[0])
        per_space = SLIDE_SECONDS if kind in ("slid", "pushed", "conveyed") else STEP_SECONDS
        for event in events:
            actor, path = self._actor_for(event), event_path(event)
            if actor is None or len(path) < 2:
                continue
            tracks.append(Track(per_space * (len(path) - 1), on_progress=_walk(actor, path, hop=kind == "moved"),
                                keys=(actor.key,)))
        sound = "slide" if kind in ("slid", "pushed", "conveyed") else "move"
        return Beat(tracks, sound=sound, label=kind)

    # everything else -------------------------------------------------
    def _single(self, event: Any) -> Beat | None:
        kind = event_kind(event)
        stage = self.stage
        actor = self._actor_for(event)
        start, end = as_pos(event_field(event, "from")), as_pos(event_field(event, "to"))
        if kind in ("teleported", "lifted") and actor is not None and end is not None:
            return Beat([Track(0.45, on_progress=_warp(actor, end), keys=(actor.key,))], sound="teleport", label=kind)
        if kind == "collected":
            pos = as_pos(event_field(event, "pos")) or end or start
            token = stage.token_at(pos, _token_kind(event)) if pos else None
            if token is None:
                return None
            target = self.energy_target(event_field(event, "seat"))
            return Beat([Track(0.5, on_progress=_fly(stage, token, target), keys=(token.key,))], sound="collect",
                        label=kind)
        if kind == "upgraded" and actor is not None:
            colour = event_field(event, "colour") or "blue"
            return Beat([Track(0.35, on_progress=_pulse_recolour(actor, colour), keys=(actor.key,))], sound="zap",
                        label=kind)
        if kind == "destroyed" and actor is not None:
            def boom() -> None:
                stage.shake = 1.0
                stage.burst(actor.x + 0.5, actor.y + 0.5, _burst_colour(actor.colour))
            return Beat([Track(0.5, on_start=boom, on_progress=_vanish(actor, spin=True), keys=(actor.key,))],
                        sound="boom", label=kind)
        if kind in ("escaped", "returned") and actor is not None:
            text = self.describe(event) if kind == "escaped" else ""

            def leave() -> None:
                if text:
                    stage.captions.append(Caption(text, (94, 214, 120)))
            return Beat([Track(0.5, on_start=leave, on_progress=_vanish(actor, spin=False), keys=(actor.key,))],
                        sound="collect", label=kind)
        if kind == "spawned":
            rid, pos = event_field(event, "robot"), end or as_pos(event_field(event, "pos"))
            if rid is None or pos is None:
                return None
            colour = event_field(event, "colour") or "blue"
            new = Actor(str(rid), colour, float(pos[0]), float(pos[1]), scale=0.0)
            return Beat([Track(0.45, on_start=lambda: stage.robots.__setitem__(new.key, new),
                               on_progress=_drop_in(new), keys=(new.key,))], sound="zap", label=kind)
        text = self.describe(event)
        if not text:
            return None
        sound = {"card_played": "card", "beeped": "beep", "ability_used": "zap", "equipment_used": "zap",
                 "scenario_won": "win", "scenario_lost": "lose", "event_revealed": "card"}.get(kind)
        caption = Caption(text, (255, 196, 61) if kind != "scenario_lost" else (240, 84, 84))
        seconds = CAPTION_SECONDS if kind not in ("scenario_won", "scenario_lost", "event_revealed") else 1.2
        return Beat([Track(seconds, on_start=lambda: stage.captions.append(caption))], sound=sound, label=kind)


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
