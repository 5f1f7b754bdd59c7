"""The shared animation sequencer: beats in order, tracks together, skip lands on the end."""
from game.client.sequencer import Beat, Sequencer, Track


def test_tracks_in_a_beat_play_together_and_beats_play_in_order():
    log = []
    seq = Sequencer(play_sound=lambda name: log.append(("sound", name)))
    a = Track(0.5, on_start=lambda: log.append("a start"), on_end=lambda: log.append("a end"))
    b = Track(1.0, on_start=lambda: log.append("b start"), on_end=lambda: log.append("b end"))
    c = Track(0.5, on_start=lambda: log.append("c start"))
    seq.add(Beat([a, b], sound="slide"))
    seq.add(Beat([c]))
    seq.update(0.25)
    assert log == [("sound", "slide"), "a start", "b start"]
    assert 0.49 < a.progress < 0.51 and 0.24 < b.progress < 0.26
    seq.update(0.5)
    assert "a end" in log and "b end" not in log and "c start" not in log
    seq.update(0.5)                     # b ends after 0.25 of this; c gets the other 0.25
    assert log[-2:] == ["b end", "c start"]
    assert 0.49 < c.progress < 0.51
    seq.update(0.3)
    assert not seq.busy


def test_a_delayed_track_waits_before_it_starts():
    seen = []
    track = Track(0.2, delay=0.3, on_progress=seen.append)
    seq = Sequencer()
    seq.add(Beat([track]))
    seq.update(0.2)
    assert not track.started and seen == []
    seq.update(0.2)
    assert track.started and 0.49 < seen[-1] < 0.51


def test_skip_runs_every_hook_in_order_quietly_and_ends_at_full_progress():
    log, sounds = [], []
    seq = Sequencer(play_sound=sounds.append)
    tracks = [Track(1.0, on_progress=lambda p, i=i: log.append((i, p))) for i in range(3)]
    for i, track in enumerate(tracks):
        seq.add(Beat([track], sound="boom", shake=5, on_start=lambda i=i: log.append(("beat", i))))
    seq.skip()
    assert not seq.busy and sounds == [] and seq.offset() == (0.0, 0.0)
    assert [entry for entry in log if entry[0] == "beat"] == [("beat", 0), ("beat", 1), ("beat", 2)]
    assert all(track.progress == 1.0 and track.ended for track in tracks)


def test_moving_keys_name_what_the_running_beat_moves():
    seq = Sequencer()
    seq.add(Beat([Track(1.0, keys=["robot:1"]), Track(1.0, keys=["token:2"])]))
    assert seq.moving_keys() == frozenset()
    seq.update(0.1)
    assert seq.moving_keys() == {"robot:1", "token:2"}


def test_an_empty_beat_still_runs_its_hooks():
    log = []
    seq = Sequencer()
    seq.add(Beat([], on_start=lambda: log.append("start"), on_end=lambda: log.append("end")))
    seq.update(0.01)
    assert log == ["start", "end"] and not seq.busy


def test_a_beat_starts_its_undelayed_tracks_in_the_frame_it_begins():
    """A track's start hook (which may hide what it animates) runs before the first frame
    draws it, even when the previous beat ended exactly at the end of an update."""
    log = []
    seq = Sequencer()
    first = Track(0.5, on_end=lambda: log.append("first end"))
    second = Track(0.5, on_start=lambda: log.append("second start"))
    late = Track(0.5, delay=0.2, on_start=lambda: log.append("late start"))
    seq.add(Beat([first]))
    seq.add(Beat([second, late]))
    seq.update(0.5)
    assert log == ["first end", "second start"] and seq.current is not None
    assert second.begun and not late.begun
    seq.update(0.25)
    assert log[-1] == "late start"
