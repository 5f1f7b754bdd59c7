"""The one animation sequencer every game's screens use.

Engines report what happened as a list of events; a screen turns them into Beats and adds
them here. A Beat is a set of Tracks that play together (two robots sliding at once, a card
flying while a beam fires); Beats play one after another. Each Track has a duration and an
optional delay and is told its progress (0..1) every update, so a screen can either move
its own display model (`on_progress`) or draw something transient (`draw`). `skip()` runs
every remaining Beat to its end in order, so the picture always lands on the true state.

Time is the fixed-step loop's time already scaled by the animation-speed setting; nothing
here reads the clock. Pure Python apart from the surface handed to draw().
"""
from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

Point = tuple[float, float]


class Track:
    """One thing that animates for `duration` seconds after `delay` seconds.

    Subclass and override the hooks you need, or pass callables to the constructor.
    """

    duration: float = 0.4

    def __init__(self, duration: float | None = None, delay: float = 0.0, *,
                 on_start: Callable[[], None] | None = None,
                 on_progress: Callable[[float], None] | None = None,
                 on_end: Callable[[], None] | None = None,
                 paint: Callable[[Any, float], None] | None = None,
                 keys: Iterable[str] = ()) -> None:
        if duration is not None:
            self.duration = duration
        self.t = -delay
        self._on_start, self._on_progress, self._on_end, self._paint = on_start, on_progress, on_end, paint
        self.keys = frozenset(keys)      # display-model objects this track moves (the rest can be cached)
        self.begun = False
        self.ended = False

    # ---------------------------------------------------------------- state
    @property
    def started(self) -> bool:
        return self.t >= 0

    @property
    def progress(self) -> float:
        return 1.0 if self.duration <= 0 else max(0.0, min(1.0, self.t / self.duration))

    @property
    def done(self) -> bool:
        return self.t >= self.duration

    # ---------------------------------------------------------------- hooks
    def on_start(self) -> None:
        if self._on_start:
            self._on_start()

    def on_progress(self, progress: float) -> None:
        if self._on_progress:
            self._on_progress(progress)

    def on_end(self) -> None:
        if self._on_end:
            self._on_end()

    def draw(self, surface: Any, offset: Point = (0.0, 0.0)) -> None:
        if self._paint:
            self._paint(surface, self.progress)

    # ---------------------------------------------------------------- driven by the sequencer
    def advance(self, dt: float) -> None:
        self.t = min(self.duration, self.t + dt)
        if self.t >= 0:
            self._begin()
            self.on_progress(self.progress)
            if self.done:
                self._end()

    def finish(self) -> None:
        self.t = self.duration
        self._begin()
        self.on_progress(1.0)
        self._end()

    def _begin(self) -> None:
        if not self.begun:
            self.begun = True
            self.on_start()

    def _end(self) -> None:
        if not self.ended:
            self.ended = True
            self.on_end()


@dataclass
class Beat:
    """Tracks that play together, with the sound and screen shake that start them."""

    tracks: list[Track] = field(default_factory=list)
    sound: str | None = None
    shake: float = 0.0                        # pixels of screen shake when the beat starts
    on_start: Callable[[], None] | None = None
    on_end: Callable[[], None] | None = None
    label: str = ""

    @property
    def done(self) -> bool:
        return all(t.done for t in self.tracks)


class Sequencer:
    """Plays Beats one after another; the screen draws `draw()` over its picture."""

    def __init__(self, play_sound: Callable[[str], None] | None = None) -> None:
        self.queue: deque[Beat] = deque()
        self.current: Beat | None = None
        self.play_sound = play_sound or (lambda name: None)
        self.shake = 0.0
        self.clock = 0.0

    @property
    def busy(self) -> bool:
        return self.current is not None or bool(self.queue)

    def add(self, beat: Beat) -> None:
        self.queue.append(beat)

    def extend(self, beats: Iterable[Beat]) -> None:
        self.queue.extend(beats)

    def moving_keys(self) -> frozenset[str]:
        """Display-model keys the running beat moves: draw those live, cache the rest."""
        if self.current is None:
            return frozenset()
        return frozenset().union(*(t.keys for t in self.current.tracks))

    def _start_next(self, quiet: bool = False) -> None:
        self.current = self.queue.popleft() if self.queue else None
        beat = self.current
        if beat is None:
            return
        if beat.sound and not quiet:
            self.play_sound(beat.sound)
        if beat.shake and not quiet:
            self.shake = max(self.shake, beat.shake)
        if beat.on_start:
            beat.on_start()
        for track in beat.tracks:       # undelayed tracks start with their beat, before any frame draws them
            if track.started:
                track._begin()

    def _end_current(self) -> None:
        beat = self.current
        if beat is not None and beat.on_end:
            beat.on_end()
        self.current = None

    def update(self, dt: float) -> None:
        """Advance by dt seconds of (speed-scaled) animation time; leftover time flows on."""
        self.clock += dt
        self.shake = max(0.0, self.shake - dt * 30)
        if self.current is None:
            self._start_next()
        while self.current is not None:
            beat = self.current
            if not beat.tracks:
                self._end_current()
                self._start_next()
                continue
            needed = max(t.duration - t.t for t in beat.tracks)   # time until the beat ends
            for track in beat.tracks:
                track.advance(dt)
            if not beat.done:
                return
            dt -= needed        # time left over after the beat ended flows into the next one
            self._end_current()
            self._start_next()
            if dt <= 0:
                return

    def skip(self) -> None:
        """Finish everything now, in order: every start and end hook still runs, quietly."""
        while self.busy:
            if self.current is None:
                self._start_next(quiet=True)
                continue
            for track in self.current.tracks:
                track.finish()
            self._end_current()
        self.shake = 0.0

    def offset(self) -> Point:
        """Screen-shake displacement for this frame."""
        if self.shake <= 0:
            return (0.0, 0.0)
        return (math.sin(self.clock * 71) * self.shake, math.cos(self.clock * 53) * self.shake)

    def draw(self, surface: Any) -> None:
        if self.current is not None:
            offset = self.offset()
            for track in self.current.tracks:
                if track.started and not track.done:
                    track.draw(surface, offset)
