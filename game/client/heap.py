"""Freed memory handed back to the system after a screen closes (issue 26: Robo Rally's RSS).

A closed screen frees megabytes of surfaces, text and layers, but glibc's malloc keeps what was
freed inside its heap for later: it returns memory by itself only from the top of the heap,
and a 1280x720 layer freed between live blocks stays counted in the process's resident memory.
As random screens opened and closed, the peak of what was ever in use ratcheted up: a
ten-minute random-input run on Robo Rally grew 8-19% in its last part with the live objects
flat (gc object counts and live surfaces the same at minutes 2 and 9), malloc's free space
inside the heap growing from 12 to 23 MB. `release_free_memory()` asks malloc to give every
whole free page back (glibc `malloc_trim(0)`, a millisecond or two); elsewhere it does nothing.
"""
from __future__ import annotations

import sys

_trim = None        # glibc's malloc_trim, looked up at the first call; False where there is none


def release_free_memory() -> bool:
    """Return the heap's free pages to the system; True if the C library could be asked."""
    global _trim
    if _trim is None:
        _trim = _find_malloc_trim()
    if not _trim:
        return False
    _trim(0)
    return True


def _find_malloc_trim():
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None)          # the running process: glibc where malloc_trim exists
        trim = libc.malloc_trim
    except (OSError, AttributeError):     # musl and other C libraries have no malloc_trim
        return False
    trim.argtypes, trim.restype = [ctypes.c_size_t], ctypes.c_int
    return trim
