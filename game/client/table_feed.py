"""A networked table's choices standing in for the AI worker, so a game's own play screen can be the TV's board.

Every play screen asks its AI seats through `AIWorker.submit(...)` and polls the future it gets
(`done()`, then `result()`). On the table's TV (game/client/table_screens.py, SPECTATORS) every
seat is played elsewhere (a phone, another Robo Arcade, the host's AI) and the table hands the
window each choice as it is applied (`TableHost.spectate()`). `FeedWorker` answers the screen's
"ask the AI" with the table's next choice instead, so the screen replays the game move by move,
with its usual animations, without a line of its game flow changed. The screen asks for exactly
one decision at a time and in order, which is the order of the feed.
"""
from __future__ import annotations

import queue
from typing import Any, Callable

CATCH_UP = 3        # choices waiting in the feed past which the screen skips animations to catch up


class FeedFuture:
    """What a screen polls for one decision: done once the table has sent the next choice."""

    def __init__(self, feed: Any) -> None:
        self.feed = feed
        self._has = False
        self._choice: Any = None
        self._cancelled = False

    def done(self) -> bool:
        if not self._has and not self._cancelled:
            try:
                self._choice, self._has = self.feed.get_nowait(), True
            except queue.Empty:
                return False
        return True

    def result(self, timeout: float | None = None) -> Any:
        if not self.done() or self._cancelled:
            raise RuntimeError("the table has not sent this choice yet")
        return self._choice

    def cancel(self) -> bool:
        """A screen that drops a decision (undo, leaving): a choice not yet taken stays in the feed."""
        if self._has:
            return False
        self._cancelled = True
        return True

    def cancelled(self) -> bool:
        return self._cancelled

    def exception(self, timeout: float | None = None) -> None:
        return None


class FeedWorker:
    """AIWorker's two methods a play screen uses, answered from the table's feed of choices."""

    def __init__(self, feed: Any) -> None:
        self.feed = feed
        self.asked = 0          # decisions the screen asked for (each is one choice of the feed)

    def submit(self, fn: Callable, *args: Any, **kwargs: Any) -> FeedFuture:
        self.asked += 1
        return FeedFuture(self.feed)

    def behind(self) -> bool:
        """More than CATCH_UP choices wait: the table plays faster than the screen animates (AI seats)."""
        size = getattr(self.feed, "qsize", None)
        return size is not None and size() > CATCH_UP

    def close(self) -> None:
        pass


def feed_behind(executor: Any) -> bool:
    """Is a spectator screen's worker a FeedWorker that has fallen behind its table?"""
    return isinstance(executor, FeedWorker) and executor.behind()
