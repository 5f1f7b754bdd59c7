"""Card faces for the phone page: drawn by each game's own screens, served by the table."""
from __future__ import annotations

import json
import urllib.error
import urllib.request

import pygame
import pytest

from game.client.table_art import PHONE_CARDS, card_art
from game.table.server import TableHost
from tests.table.helpers import small_session


@pytest.mark.parametrize("game_id", sorted(PHONE_CARDS))
def test_every_game_draws_its_card_faces_as_png(game_id):
    art = card_art(game_id)
    assert art, f"{game_id} draws no card faces"
    for name, png in art.items():
        assert png.startswith(b"\x89PNG"), name
    name, png = next(iter(art.items()))
    import io
    image = pygame.image.load(io.BytesIO(png), "face.png")
    assert image.get_width() >= 100 and image.get_height() >= 100, "faces are drawn large enough for a phone"


def test_the_table_serves_its_card_faces_and_names_them_in_its_first_message():
    from websockets.sync.client import connect

    host = TableHost(small_session("roborally", 1, sample=0), ["remote", "ai"], drop_timeout=None,
                     art={"move1": b"\x89PNG fake"}).start()
    try:
        with urllib.request.urlopen(f"http://{host.address}/art/move1.png", timeout=5) as reply:
            assert reply.headers["Content-Type"] == "image/png" and reply.read() == b"\x89PNG fake"
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"http://{host.address}/art/..%2Fserver.py", timeout=5)
        assert refused.value.code == 404
        with connect(f"ws://{host.address}/", open_timeout=5) as conn:
            assert json.loads(conn.recv(timeout=5))["art"] == ["move1"]
    finally:
        host.stop()


def test_drawing_the_card_faces_leaves_sigterm_to_python(tmp_path):
    """`host --no-window` draws the faces without a window; SDL started for that would take
    SIGTERM for itself, and the host would no longer stop when told to (it did)."""
    import os
    import signal
    import subprocess
    import sys

    script = ("from game.client.table_art import card_art; import time; card_art('roborally'); "
              "print('ready', flush=True); time.sleep(30)")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "PYTHONPATH": os.getcwd()}
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, env=env, cwd=os.getcwd())
    try:
        assert child.stdout.readline().strip() == b"ready"
        child.send_signal(signal.SIGTERM)
        assert child.wait(timeout=5) == -signal.SIGTERM
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
