"""The garbage collector held off from a window command's start to its first frame (issue 26).

Importing a game's rules, AI and screens creates hundreds of thousands of objects, and each
700 of them start a collection that walks the young ones, now and then all of them: about 4% of
the instructions to ROBOMissions' first frame, for cycles that nothing has made yet (the
imported modules and classes stay alive). `pause()` turns the collector off when a window
command starts; `resume()` turns it back on after the first frame (the App) or when the command
ends, whichever comes first, and only if `pause()` turned it off.

`resume()` freezes what the start made (gc.freeze) before turning the collector on: else the
first collection after the first frame walks every one of those objects, all still in the
youngest generation, 8-10 ms of the second frame here (Robo Run's second frame went from 15-27
to 7-12 ms of render CPU). The price: a reference cycle among them that later becomes garbage
(the first screen, when it closes) is never collected, a one-time cost bounded by what the
first frame needed.
"""
from __future__ import annotations

import gc

_paused = False


def pause() -> None:
    global _paused
    if gc.isenabled():
        gc.disable()
        _paused = True


def resume() -> None:
    global _paused
    if _paused:
        _paused = False
        gc.freeze()
        gc.enable()
