"""The shared background saver (game.core.storage.BackgroundSaver): saves written off the frame,
last write wins per file, flushed before reads and on exit, failures told to the player."""
import json
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from game.core import storage
from game.core.session import GameSession, has_saved_game, load_saved_game, save_session_later, saved_game_path

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def gate(monkeypatch):
    """Hold the saver inside its first write until the test opens the gate; records every write."""
    opened = threading.Event()
    entered = threading.Event()
    written: list[tuple[str, str]] = []
    real = storage.write_atomic

    def slow_write(path, text):
        if not entered.is_set():
            entered.set()
            assert opened.wait(10), "the test never opened the gate"
        written.append((Path(path).name, text))
        real(path, text)

    monkeypatch.setattr(storage, "write_atomic", slow_write)
    yield opened, entered, written
    opened.set()
    storage.wait_idle()


def _load(path):
    return json.loads(Path(path).read_text(encoding="utf-8"))


def test_a_newer_snapshot_replaces_a_queued_one_and_is_never_overwritten_by_it(tmp_path, gate):
    opened, entered, written = gate
    path = tmp_path / "game.json"
    dropped = storage.saver.dropped
    storage.save_later(path, {"n": 1})
    assert entered.wait(10)                      # snapshot 1 is being written
    for n in (2, 3, 4):                          # meanwhile the game goes on
        storage.save_later(path, {"n": n})
    assert storage.saver.pending(path)
    opened.set()
    assert storage.wait_idle(path, timeout=10)
    assert [json.loads(text)["n"] for _, text in written] == [1, 4]   # 2 and 3 were replaced before writing
    assert _load(path) == {"n": 4}
    assert storage.saver.dropped - dropped == 2


def test_saves_of_different_files_are_all_written(tmp_path, gate):
    opened, entered, written = gate
    storage.save_later(tmp_path / "a.json", {"a": 1})
    assert entered.wait(10)
    storage.save_later(tmp_path / "b.json", {"b": 1})
    storage.save_later(tmp_path / "a.json", {"a": 2})
    opened.set()
    storage.wait_idle()
    assert _load(tmp_path / "a.json") == {"a": 2} and _load(tmp_path / "b.json") == {"b": 1}


def test_the_caller_does_not_wait_for_the_disk_and_a_read_waits_for_the_pending_save(tmp_path, gate):
    opened, entered, written = gate
    path = tmp_path / "slow.json"
    storage.save_later(path, {"old": True})
    assert entered.wait(10)
    storage.save_later(path, {"new": True})      # returns at once although the disk is still busy
    assert not path.exists() and storage.saver.pending(path)
    threading.Timer(0.2, opened.set).start()
    data, warning = storage.load_json(path)      # reading the file waits for its saves
    assert data == {"new": True} and warning is None


def test_wait_idle_writes_everything_asked_for(tmp_path):
    paths = [tmp_path / f"{n}.json" for n in range(20)]
    for n, path in enumerate(paths):
        storage.save_later(path, {"n": n})
    assert storage.wait_idle(timeout=10)
    assert not storage.saver.pending()
    assert [_load(p)["n"] for p in paths] == list(range(20))


def test_a_removal_and_a_write_of_the_same_file_keep_their_order(tmp_path):
    path = tmp_path / "g.json"
    storage.save_later(path, {"n": 1})
    storage.remove_later(path)
    storage.wait_idle()
    assert not path.exists()
    storage.remove_later(path)
    storage.save_later(path, {"n": 2})
    storage.wait_idle()
    assert _load(path) == {"n": 2}


def test_a_session_saved_later_matches_the_game_and_a_finished_one_removes_its_save():
    from game.runrunrun import rules as R
    from game.runrunrun.rules.engine import Config

    session = GameSession.start(R, Config(2, "standard"), 5)
    for _ in range(6):
        session.apply(R.legal_choices(session.state)[0])
        save_session_later(session)
    assert has_saved_game(R.GAME_ID)             # waits for the background write of that file
    loaded, _, warning = load_saved_game(R.GAME_ID, R)
    assert warning is None and loaded.choices == session.choices
    assert _load(saved_game_path(R.GAME_ID)) == json.loads(json.dumps(session.to_json()))
    while not session.is_over():
        session.apply(R.legal_choices(session.state)[0])
    save_session_later(session)
    assert not has_saved_game(R.GAME_ID)


def test_a_failed_write_is_a_one_line_warning_and_the_saver_carries_on(tmp_path):
    storage.take_warnings()
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the games folder should be")
    storage.save_later(blocker / "games" / "g.json", {"n": 1})
    storage.save_later(tmp_path / "ok.json", {"n": 2})
    storage.wait_idle()
    warnings = storage.take_warnings()
    assert len(warnings) == 1 and "\n" not in warnings[0]
    assert "could not save" in warnings[0] and "is a file, not a folder" in warnings[0]
    assert _load(tmp_path / "ok.json") == {"n": 2}


def test_an_unexpected_error_in_the_thread_is_reported_not_lost(tmp_path, monkeypatch):
    storage.take_warnings()

    def broken(path, text):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(storage, "write_atomic", broken)
    storage.save_later(tmp_path / "g.json", {"n": 1})
    storage.wait_idle()
    monkeypatch.undo()
    storage.save_later(tmp_path / "h.json", {"n": 2})   # the thread is still alive
    storage.wait_idle()
    warnings = storage.take_warnings()
    assert len(warnings) == 1 and "RuntimeError: disk on fire" in warnings[0] and "g.json" in warnings[0]
    assert _load(tmp_path / "h.json") == {"n": 2}


def test_a_failed_background_save_reaches_the_screen(monkeypatch, tmp_path):
    import pygame

    from game.client.app import App
    from game.client.menus import NoticeScene, TitleScene

    app = App(headless=True)
    try:
        app.stack.push(TitleScene())
        app.step(1 / 60)
        blocker = tmp_path / "blocked"
        blocker.write_text("x")
        storage.save_later(blocker / "g.json", {"n": 1})
        storage.wait_idle()
        app.step(1 / 60)
        top = app.stack.top
        assert isinstance(top, NoticeScene) and "could not save" in top.message
    finally:
        pygame.quit()


KILLED_SAVE = textwrap.dedent("""
    import os, sys, time
    sys.path.insert(0, {root!r})
    from game.core import storage
    real_replace = os.replace
    def stuck(src, dst):
        print("WRITTEN", flush=True)     # the new save is in its temp file, not yet moved over the old one
        time.sleep(60)
    os.replace = stuck
    storage.save_later({path!r}, {{"n": "new"}})
    time.sleep(60)
""")


def test_a_save_killed_midway_leaves_the_old_file_and_its_temp_file_is_cleaned(tmp_path):
    path = tmp_path / "games" / "g.json"
    path.parent.mkdir()
    path.write_text('{"n": "old"}\n')
    child = subprocess.Popen([sys.executable, "-c", KILLED_SAVE.format(root=str(ROOT), path=str(path))],
                             stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "WRITTEN"
        assert any(name.endswith(".tmp") for name in os.listdir(path.parent))
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(10)
        child.stdout.close()
    assert _load(path) == {"n": "old"}
    assert storage.clean_temp_files(tmp_path) == 0        # this process started before the dead one wrote it
    assert storage.clean_temp_files(tmp_path, older_than=time.time() + 1) == 1   # the next start
    assert os.listdir(path.parent) == ["g.json"]


def test_a_cache_written_midway_by_a_killed_start_is_cleaned_at_the_next_start(tmp_path, monkeypatch):
    """Start-up caches (text tables, compiled dataclass methods) are written in background threads
    after the first frame; a start killed meanwhile left their temp files in the cache folder."""
    monkeypatch.setenv("ROBOARCADE_CACHE", str(tmp_path / "cache"))
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / "text-title-v1.marshal").write_bytes(b"kept")
    (cache / "text-title-v1.marshal.ab12cd34.tmp").write_bytes(b"half")
    assert storage.clean_temp_files(older_than=time.time() + 1) == 1
    assert os.listdir(cache) == ["text-title-v1.marshal"]


def test_the_last_save_reaches_the_disk_when_the_program_exits(tmp_path):
    path = tmp_path / "exit.json"
    code = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(ROOT)!r})
        from game.core import storage
        real = storage.write_atomic
        def slow(path, text):
            import time; time.sleep(0.3); real(path, text)
        storage.write_atomic = slow
        storage.save_later({str(path)!r}, {{"n": 1}})
        storage.save_later({str(path)!r}, {{"n": 2}})
    """)                                        # the script ends at once; exit waits for the saver
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True, timeout=30)
    assert time.perf_counter() - started >= 0.3
    assert _load(path) == {"n": 2}


def test_the_app_leaves_only_when_the_saves_are_on_disk(tmp_path, gate):
    import pygame

    from game.client.app import App
    from game.client.scene import Scene

    opened, entered, written = gate
    path = tmp_path / "quit.json"

    class Saving(Scene):
        covers_screen = True

        def update(self, dt):
            storage.save_later(path, {"frame": app.frames})

    app = App(headless=True)
    try:
        app.stack.push(Saving())
        threading.Timer(0.3, opened.set).start()     # the disk is slow at first
        app.run(frames=5)
        assert not storage.saver.pending()
        assert _load(path) == {"frame": 4}           # the last frame's save, not an older one
    finally:
        pygame.quit()


@pytest.fixture
def held_at_rename(monkeypatch):
    """Hold the saver after its temp file is written and before it is renamed over the save,
    until the test says so (the moment a screen starting up met it in issue 27)."""
    real_replace = os.replace
    at_rename, go_on = threading.Event(), threading.Event()

    def held(src, dst, *args, **kwargs):
        if threading.current_thread() is storage.saver._thread and not go_on.is_set():
            at_rename.set()
            go_on.wait(10)
        return real_replace(src, dst, *args, **kwargs)

    monkeypatch.setattr(os, "replace", held)
    yield at_rename, go_on
    go_on.set()
    storage.wait_idle()


def test_cleaning_temp_files_never_removes_a_save_in_flight(tmp_path, held_at_rename):
    at_rename, go_on = held_at_rename
    path = tmp_path / "games" / "g.json"
    storage.save_later(path, {"n": "first"})
    assert at_rename.wait(10)
    assert storage.clean_temp_files(tmp_path) == 0
    go_on.set()
    storage.wait_idle()
    assert _load(path) == {"n": "first"} and storage.take_warnings() == []


def test_a_new_race_keeps_its_first_save_while_the_window_opens(monkeypatch, held_at_rename):
    """Issue 27: `roborally --course ...` queues the race's first save before the App exists;
    App.__init__ cleaned temp files and removed it about half the time."""
    from game.client import app as app_module
    from game.roborally.ui import scene as rally

    at_rename, go_on = held_at_rename
    real_clean = storage.clean_temp_files

    def clean_while_the_save_is_in_flight(*args, **kwargs):
        assert at_rename.wait(10)
        removed = real_clean(*args, **kwargs)
        go_on.set()
        return removed

    monkeypatch.setattr(app_module.storage, "clean_temp_files", clean_while_the_save_is_in_flight)
    assert rally.main(["--course", "dizzy-dash", "--players", "2", "--humans", "1", "--seed", "4",
                       "--frames", "2"]) == 0
    assert go_on.is_set()
    storage.wait_idle()
    session, _, warning = load_saved_game("roborally", catalog_rules("roborally"))
    assert warning is None and session is not None and session.seed == 4
    assert not any("could not save" in w for w in storage.take_warnings())


def catalog_rules(game_id):
    from game import catalog

    return catalog.load(catalog.BY_ID[game_id].rules)
