"""AI thinking outside the render loop's interpreter lock: one shared worker process.

An AI seat's `choose(view, choices, ...)` is pure Python and CPU bound. Run in a thread of the
game's process it holds the global interpreter lock, so the render loop waits for it: frames
end late and some miss their 60 Hz tick (issue 16 measured 4-17% of thinking frames). Here the
call runs in ONE worker process, started the first time a scene needs it (by a `forkserver`
context where the platform has one, else `spawn`, never a fork of the pygame process) and
reused by every scene after that. A job is the function and its arguments pickled in the
game's process: the AI sees a faithful copy of exactly the seat view (and fresh RNG) the
scene hands it, never the live state, and returns its choice by value.

If processes are unavailable (no /dev/shm, a sandbox), or a job cannot be pickled (a lambda),
the job runs in a one-thread pool instead: the same answer, only without the frame guarantee.
Headless runs (SDL_VIDEODRIVER=dummy: tests, --frames captures) use the thread too, so a capture
after N frames shows the same position on any machine. `ROBOARCADE_AI_WORKER=process|thread`
overrides the choice (bench frames sets it: process, or thread for the "before" figures).

    worker = AIWorker()                    # cheap: the process is shared and started lazily
    future = worker.submit(ai.choose, view, choices, rng)
    ... each frame: if future.done(): choice = future.result()
    worker.close()                         # when the scene exits: cancels what has not started

Every AI a play screen asks is bounded by work, never by the clock (issue 26): its level fixes
how much it searches (Robo Run: search checkpoints per level; Robo Rescue: sampled futures;
ROBOMissions: a beam of follow-ups; Run Run Run! and Robo Rally: fixed look-aheads), so a
Raspberry Pi plays the same moves as a desktop, only later. The wall clock is only a safety
net: a decision not answered SAFETY_SECONDS after it was asked is given up (its future raises
DecisionOverdue, checked once a frame by the App), and the screen plays a legal fallback, as
it does for an AI that raised.

`think_for(seconds, fn, *args)` is a job that keeps re-running `fn(*args)` for that long and
returns its first answer: `bench frames --ai-thinking` keeps an AI seat busy with it.

Details: the App holds the worker's start until its first frame is drawn (defer_start /
release), a scene with AI seats starts it in the background when it opens (prestart), and it
thinks at niceness 10 so the render loop gets a core first on a busy machine. Like any
spawn/forkserver child it imports the launching script's main module, so a script that
starts AI seats must keep its top level under `if __name__ == "__main__":` (main.py does).
"""
from __future__ import annotations

import atexit
import os
import threading
import time
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:  # pragma: no cover
    from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor

_lock = threading.Lock()
_process_pool: ProcessPoolExecutor | None = None
_process_failed = False
_thread_pool: ThreadPoolExecutor | None = None


def _mode() -> str:
    """"process" or "thread": ROBOARCADE_AI_WORKER if set, else thread for headless runs."""
    mode = os.environ.get("ROBOARCADE_AI_WORKER", "").strip().lower()
    if mode in ("process", "thread"):
        return mode
    # Headless (tests, --frames captures) every frame is one fixed step taken at once, so an AI
    # answering in real time from another process would make captures depend on machine speed;
    # there the thread (with App.step's sleep(0) hand-over) keeps them reproducible.
    return "thread" if os.environ.get("SDL_VIDEODRIVER", "") in ("dummy", "offscreen") else "process"


def _context():
    import multiprocessing   # start-up speed: not imported until an AI seat needs the worker

    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


def _import_process_machinery() -> None:
    """Import multiprocessing and the process pool here, in the calling (render) thread, when a
    screen opens: imported by the starter thread they held the lock for tens of milliseconds
    while the screen was already animating."""
    import concurrent.futures.process  # noqa: F401
    import multiprocessing.forkserver  # noqa: F401
    import multiprocessing.synchronize  # noqa: F401


def _warm() -> int:
    return os.getpid()


WORKER_NICENESS = 10


def _init_worker() -> None:
    """In the worker process: think at a lower priority, so that on a busy machine (a Pi with
    the desktop, a shared server) the render loop gets a core the moment its frame is due."""
    try:
        os.nice(WORKER_NICENESS)
    except (AttributeError, OSError):   # not on this platform / not allowed: think at normal priority
        pass


_create_lock = threading.Lock()     # held while the pool is created (slow); _lock only for quick looks


def _processes() -> ProcessPoolExecutor | None:
    """The shared one-process pool, started on first use; None if processes are unavailable."""
    global _process_pool, _process_failed, _warm_future
    with _create_lock:
        with _lock:
            if _process_pool is not None or _process_failed or _mode() == "thread":
                return _process_pool
        try:
            # imported here, not at the top: multiprocessing is not needed before an AI seat plays
            from concurrent.futures import ProcessPoolExecutor

            _shutdown_before_the_pool_module()
            pool = ProcessPoolExecutor(max_workers=1, mp_context=_context(), initializer=_init_worker)
            warm = pool.submit(_warm)           # start the process now, not at the first job
        except (OSError, ValueError, NotImplementedError, ImportError, RuntimeError):
            with _lock:
                _process_failed = True
            return None
        with _lock:
            _process_pool, _warm_future = pool, warm
        return pool


_exit_hook_registered = False


def _shutdown_before_the_pool_module() -> None:
    """Run shutdown() at exit BEFORE concurrent.futures' own exit hook: a worker still starting
    when the interpreter leaves otherwise dies on a semaphore already gone (and prints so)."""
    global _exit_hook_registered
    register = getattr(threading, "_register_atexit", None)   # the hook concurrent.futures uses
    if register is not None and not _exit_hook_registered:
        try:
            register(shutdown)      # run in reverse order: after the pool module's, so before it
            _exit_hook_registered = True
        except RuntimeError:        # already shutting down
            pass


_starter: threading.Thread | None = None
_warm_future = None
_start_deferred = False    # the App's first frame is not drawn yet: start the worker after it
_start_wanted = False


def defer_start() -> None:
    """Hold prestart() until release(): the App calls this before its first frame (start-up speed)."""
    global _start_deferred
    _start_deferred = True


def release() -> None:
    """The App's first frame is drawn: start the worker now if a scene asked for it."""
    global _start_deferred, _start_wanted
    _start_deferred = False
    if _start_wanted:
        _start_wanted = False
        prestart()


def prestart() -> None:
    """Start the worker process in the background (launching it takes ~50 ms of waiting).

    Scenes with AI seats call this when they open. A job submitted while the process is still
    starting waits in a list (its future pending) and is sent when the process is up: the
    render loop never waits for the start (on a loaded machine it took up to half a second).
    """
    global _starter, _start_wanted, _starting
    with _lock:
        if _starter is not None or _process_pool is not None or _process_failed or _mode() == "thread":
            return
        if _start_deferred:
            _start_wanted = True
            return
        _import_process_machinery()
        _shutdown_before_the_pool_module()
        _starting = True
        _starter = threading.Thread(target=_start_in_background, name="ai-worker-start", daemon=True)
        _starter.start()


_starting = False                                  # the starter thread has not finished
_waiting: list[tuple[bytes, "Future"]] = []        # jobs submitted meanwhile: (payload, their future)


def _start_in_background() -> None:
    global _starting
    pool = _processes()
    with _lock:
        _starting = False
        jobs = list(_waiting)
        _waiting.clear()
    for payload, outer in jobs:
        if outer.cancelled():
            continue
        if pool is not None:
            try:
                _chain(pool.submit(_run_pickled, payload), outer)
                continue
            except RuntimeError:
                _mark_broken()
                pool = None
        _chain(_threads().submit(_run_pickled, payload), outer)


def _chain(inner: "Future", outer: "Future") -> None:
    """When `inner` finishes, give `outer` (the future a scene holds) the same outcome."""
    def copy(done: "Future") -> None:
        try:
            if done.cancelled():
                outer.cancel()
            elif done.exception() is not None:
                outer.set_exception(done.exception())
            else:
                outer.set_result(done.result())
        except Exception:  # noqa: BLE001 - outer was cancelled meanwhile: nobody wants the answer
            pass
    inner.add_done_callback(copy)


def _started(timeout: float | None = 30.0) -> None:
    starter = _starter
    if starter is not None and starter is not threading.current_thread():
        starter.join(timeout)


def _threads() -> ThreadPoolExecutor:
    global _thread_pool
    with _lock:
        if _thread_pool is None:
            from concurrent.futures import ThreadPoolExecutor

            _thread_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai-worker")
        return _thread_pool


_thread_jobs: set = set()       # futures of jobs running in the thread (they hold the lock)
SAFETY_SECONDS = 20.0           # wall clock: a decision not answered by then is given up (never reached in play)
_deadlines: dict = {}           # the future a scene holds -> when it is given up (time.monotonic)


class DecisionOverdue(RuntimeError):
    """An AI decision took longer than SAFETY_SECONDS of wall-clock time (a runaway search, a
    stuck worker): the screen plays a legal fallback instead of waiting for ever."""


def expire_overdue(now: float | None = None) -> int:
    """Give up every decision past its deadline (the App calls this once a frame); how many."""
    if not _deadlines:
        return 0
    now = time.monotonic() if now is None else now
    expired = 0
    for future, deadline in list(_deadlines.items()):
        if future.done():
            _deadlines.pop(future, None)
        elif now >= deadline:
            _deadlines.pop(future, None)
            try:
                future.set_exception(DecisionOverdue(f"no answer after {SAFETY_SECONDS:.0f} s"))
                expired += 1
            except Exception:  # noqa: BLE001 - it finished meanwhile
                pass
    return expired
_activity = 0                   # jobs submitted + jobs finished: the App wakes its drawing on a change


def activity() -> int:
    """A number that changes whenever an AI job is submitted or finishes (an answer to show)."""
    return _activity


def _count_activity(_future: "Future | None" = None) -> None:
    global _activity
    _activity += 1


def thread_busy() -> bool:
    """True while an AI job runs in a thread of this process: the render loop should yield to it."""
    for future in list(_thread_jobs):
        if future.done():
            _thread_jobs.discard(future)
    return bool(_thread_jobs)


def _run_pickled(payload: bytes) -> Any:
    """In the worker process: unpickle a job and run it."""
    import pickle

    fn, args, kwargs = pickle.loads(payload)
    return fn(*args, **kwargs)


class Named:
    """A function named "module:function" (with fixed keyword arguments), imported where it is
    first called: a screen hands its AI to the worker process without importing the AI itself
    (issue 26: Robo Run's AI is 138 kB of modules the render process never runs). It pickles
    as the names; in the thread fallback the job's own thread imports it."""

    __slots__ = ("target", "keywords")

    def __init__(self, target: str, **keywords: Any) -> None:
        self.target, self.keywords = target, keywords

    def function(self) -> Callable:
        import importlib

        module, _, name = self.target.partition(":")
        return getattr(importlib.import_module(module), name)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.function()(*args, **{**self.keywords, **kwargs})

    def __getstate__(self) -> tuple:
        return self.target, self.keywords

    def __setstate__(self, state: tuple) -> None:
        self.target, self.keywords = state

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Named) and (self.target, self.keywords) == (other.target, other.keywords)

    def __hash__(self) -> int:
        return hash(self.target)

    def __repr__(self) -> str:
        return f"Named({self.target!r}, **{self.keywords!r})"


def think_for(seconds: float, fn: Callable, *args: Any) -> Any:
    """Keep thinking: call fn(*args) again and again for `seconds`, return the first answer."""
    deadline = time.perf_counter() + seconds
    answer = fn(*args)
    while time.perf_counter() < deadline:
        fn(*args)
    return answer


class AIWorker:
    """One scene's handle on the shared AI worker (process, or thread as a fallback)."""

    def __init__(self) -> None:
        self.futures: list[Future] = []
        prestart()

    @property
    def backend(self) -> str:
        return backend()

    def submit(self, fn: Callable, *args: Any, **kwargs: Any) -> Future:
        """Run fn(*args, **kwargs) off the render loop; poll the returned future's done()."""
        future = None
        payload = None
        if _mode() != "thread" and not _process_failed:
            import pickle       # at the first AI turn, not on the way to the first frame

            try:
                payload = pickle.dumps((fn, args, kwargs), protocol=pickle.HIGHEST_PROTOCOL)
            except (pickle.PicklingError, AttributeError, TypeError):
                payload = None                  # e.g. a lambda: this job runs in the thread
        if payload is not None:
            from concurrent.futures import Future

            with _lock:
                if _starting:                   # the process is on its way: never wait for it here
                    future = Future()
                    _waiting.append((payload, future))
        pool = _processes() if payload is not None and future is None else None
        if pool is not None:
            try:
                future = pool.submit(_run_pickled, payload)
            except RuntimeError:                # the pool broke (worker killed): fall back for good
                _mark_broken()
        if future is None:
            future = _threads().submit(fn, *args, **kwargs)
            _thread_jobs.add(future)
        return self._watch(future)

    def _watch(self, inner: "Future") -> "Future":
        """The future the scene holds: `inner`'s outcome, or DecisionOverdue after SAFETY_SECONDS."""
        from concurrent.futures import Future

        outer: Future = Future()          # pending until the answer: close() can still cancel it
        _chain(inner, outer)
        outer.add_done_callback(lambda done: inner.cancel() if done.cancelled() else None)
        _deadlines[outer] = time.monotonic() + SAFETY_SECONDS
        self.futures = [f for f in self.futures if not f.done()] + [outer]
        _count_activity()
        outer.add_done_callback(_count_activity)
        return outer

    def close(self) -> None:
        """The scene is leaving: cancel jobs that have not started (a running one just finishes)."""
        for future in self.futures:
            future.cancel()
        self.futures = []


def _mark_broken() -> None:
    global _process_pool, _process_failed
    with _lock:
        _process_failed = True
        pool, _process_pool = _process_pool, None
    if pool is not None:
        pool.shutdown(wait=False, cancel_futures=True)


def backend() -> str:
    """"process" or "thread": where the next job would run."""
    _started()
    return "process" if _processes() is not None else "thread"


@atexit.register
def shutdown() -> None:
    """Stop the worker (at exit; tests may call it). A new AIWorker starts a fresh one."""
    global _process_pool, _thread_pool, _process_failed, _starter, _warm_future, _start_wanted, _starting
    _started()
    warm = _warm_future
    if warm is not None:    # let a starting worker finish starting: stopping it half-way prints errors
        try:
            warm.result(timeout=5)
        except Exception:  # noqa: BLE001 - it failed to start: nothing to wait for
            pass
    with _lock:
        pools = (_process_pool, _thread_pool)
        _process_pool = _thread_pool = _starter = _warm_future = None
        _process_failed = _start_wanted = _starting = False
        for _payload, outer in _waiting:
            outer.cancel()
        _waiting.clear()
    for pool in pools:
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
