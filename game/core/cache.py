"""A bounded least-recently-used cache for surfaces, sounds and other per-key results.

Every cache in the client and the game screens is bounded (issue "Nothing lost, nothing
hangs"): a dict cache that grows with each new key (a text, a size, a card) would grow for
as long as the program runs. LRU keeps at most `maxsize` entries and, when `max_bytes` is
given, at most that many bytes as measured by `sizeof` (e.g. a surface's width*height*4);
the least recently used entries go first.
"""
from __future__ import annotations

from collections import OrderedDict
from typing import Any, Callable, Hashable


class LRU(OrderedDict):
    """A dict that forgets its least recently used entries beyond `maxsize` / `max_bytes`."""

    def __init__(self, maxsize: int = 256, max_bytes: int | None = None,
                 sizeof: Callable[[Any], int] | None = None) -> None:
        super().__init__()
        if maxsize < 1:
            raise ValueError("maxsize must be at least 1")
        self.maxsize = maxsize
        self.max_bytes = max_bytes
        self.sizeof = sizeof or (lambda value: 0)
        self.bytes = 0

    def __getitem__(self, key: Hashable) -> Any:
        value = super().__getitem__(key)
        self.move_to_end(key)
        return value

    def get(self, key: Hashable, default: Any = None) -> Any:
        return self[key] if key in self else default

    def __setitem__(self, key: Hashable, value: Any) -> None:
        if key in self:
            self.bytes -= self.sizeof(super().__getitem__(key))
            super().__delitem__(key)
        super().__setitem__(key, value)
        self.bytes += self.sizeof(value)
        while len(self) > 1 and (len(self) > self.maxsize or
                                 (self.max_bytes is not None and self.bytes > self.max_bytes)):
            _, old = self.popitem(last=False)
            self.bytes -= self.sizeof(old)

    def __delitem__(self, key: Hashable) -> None:
        self.bytes -= self.sizeof(super().__getitem__(key))
        super().__delitem__(key)

    def clear(self) -> None:
        super().clear()
        self.bytes = 0


def surface_bytes(surface: Any) -> int:
    """Roughly the memory of a pygame Surface (4 bytes a pixel), without importing pygame."""
    try:
        width, height = surface.get_size()
    except AttributeError:
        return 0
    return width * height * 4
