"""The race screen's events play as Beats of the shared sequencer (issue 10): each event is a
Beat labelled with its kind, in the engine's order; an event that takes no time plays as soon
as it is reached; the robot lands where the engine put it; skip finishes everything quietly."""
from __future__ import annotations

import random

import pygame
import pytest

from game.client.app import App
from game.roborally.ui import howto
from game.roborally.ui.scene import DURATIONS, new_race


@pytest.fixture
def app():
    a = App(headless=True)
    yield a
    pygame.quit()


def _activation(scene, rng):
    """Apply random choices until one of them starts a register's activation (a 'move' is queued)."""
    for _ in range(400):
        scene.anims.skip()
        scene.future = None
        before = len(scene.session.choices)
        scene._apply(rng.choice(scene.session.legal_choices()))
        labels = ([scene.anims.current.label] if scene.anims.current else []) + [b.label for b in scene.anims.queue]
        if "move" in labels:
            return labels, before
    raise AssertionError("no activation with a move")


def test_events_become_beats_in_order_and_robots_land_on_the_true_state(app):
    howto.mark_tutorial_done()
    scene = new_race("dizzy-dash", 3, 0, "random", seed=7, speed=1.0, save=False)
    app.stack.push(scene)
    labels, _made = _activation(scene, random.Random(7))
    # the running beat is the first event that takes time: every instant one before it has played
    assert DURATIONS.get(labels[0], 0.0) > 0
    played_sounds = []
    app.audio.play = played_sounds.append
    scene.skip_animation()
    assert not scene._busy() and played_sounds == []          # skip is quiet
    truth = {r.seat: [float(r.x), float(r.y), float(r.d % 4)] for r in scene.state.robots if r.x >= 0}
    for seat, pos in truth.items():
        shown = scene.shown[seat]
        assert (shown[0], shown[1]) == (pos[0], pos[1]), f"robot {seat} drawn away from its true cell"


def test_a_move_beat_slides_the_robot_over_its_duration(app):
    howto.mark_tutorial_done()
    scene = new_race("dizzy-dash", 3, 0, "random", seed=11, speed=1.0, save=False)
    app.stack.push(scene)
    _activation(scene, random.Random(11))
    while scene.anims.current is not None and scene.anims.current.label != "move":
        scene.anims.update(0.01)
    assert scene.anims.current is not None, "the move beat was not reached"
    beat = scene.anims.current
    track = beat.tracks[0]
    scene.anims.update(DURATIONS["move"] / 2 - track.t)
    assert 0.4 < track.progress < 0.6
    moving = [s for s, sh in scene.shown.items() if sh[0] != round(sh[0]) or sh[1] != round(sh[1])]
    assert moving, "half way through a move some robot stands between two cells"
