"""The phone page in a real headless Chromium (Debian's chromium + chromium-driver, driven by selenium).

A 360 x 740 portrait phone opens the join link, takes seat 1 of a Robo Rally table whose
other seat is the host's AI, and taps legal choices until a whole round has been played.
The page must fit the width, show its seat's own hand and program and nothing of the
other seat's hand, and every tap must reach the engine as a legal choice.
"""
from __future__ import annotations

import json
import re
import time

import pytest

from game.table.server import TableHost
from tests.helpers import require_tool
from tests.table.helpers import small_session, weakest_level

PAGE_TIMEOUT = 60.0
TAPS = "#choices button:not([disabled]), #private button.playable:not([disabled])"    # what plays a choice


@pytest.fixture(scope="module")
def phone():
    chromium = require_tool("chromium")
    driver_path = require_tool("chromedriver", "chromium-driver")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=360,740", "--no-first-run", "--disable-extensions"):
        options.add_argument(flag)
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": 360, "height": 740, "pixelRatio": 2}})
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    driver.set_page_load_timeout(30)
    yield driver
    driver.quit()


def _wait(predicate, what: str, timeout: float = PAGE_TIMEOUT):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def test_a_phone_plays_a_robo_rally_round_from_the_page(phone, tmp_path):
    from selenium.webdriver.common.by import By

    from game.client.table_art import card_art

    session = small_session("roborally", 2, sample=0)
    host = TableHost(session, ["remote", "ai"], drop_timeout=None, art=card_art("roborally")).start()
    try:
        phone.get(host.join_url())
        seat_button = _wait(lambda: phone.find_elements(By.CSS_SELECTOR, "#seat-list button.seat"), "the seat list")
        seat_button[0].click()
        _wait(lambda: host.seats[0].client is not None, "the seat to be taken")
        taps = checked_hand = checked_program = 0
        deadline = time.monotonic() + PAGE_TIMEOUT
        while session.state.round < 2 and not session.is_over() and time.monotonic() < deadline:
            move = host.move
            buttons = phone.find_elements(By.CSS_SELECTOR, TAPS)
            if not buttons or phone.execute_script("return document.body.dataset.move") != str(move):
                time.sleep(0.05)
                continue
            own = session.engine.seat_view(session.state, 0).hand
            if own and not checked_hand:
                phone.save_screenshot(str(tmp_path / "phone.png"))
                width = phone.execute_script("return document.documentElement.scrollWidth")
                assert width <= 360, f"the page is {width} px wide on a 360 px phone"
                shown = [c.text for c in phone.find_elements(By.CSS_SELECTOR, "#hand .card")]
                assert shown == [_words(c) for c in own], "the page shows this seat's own hand"
                _the_hand_shows_card_faces(phone, host, tmp_path / "faces.png")
                assert all(b.size["height"] >= 44 for b in buttons), "touch targets are at least 44 px tall"
                checked_hand = 1
            regs = session.engine.seat_view(session.state, 0).regs
            if any(r is None for r in regs) and any(r is not None for r in regs) and not checked_program:
                rows = {round(c.rect["y"]) for c in phone.find_elements(By.CSS_SELECTOR, "#program .card")}
                assert len(rows) == 1, "the five registers, filled or empty, are one row on a 360 px phone"
                checked_program = 1
            buttons[-1].click()
            taps += 1
            _wait(lambda: host.move > move, "the host to apply the tap", timeout=10)
        assert session.state.round >= 2 or session.is_over(), "a whole round was played from the page"
        assert taps >= 5 and checked_hand and checked_program
        log = phone.find_element(By.ID, "log-box")
        assert log.get_attribute("open") is not None, "what happened is shown without a tap"
        lines = [li.text for li in phone.find_elements(By.CSS_SELECTOR, "#log li")]
        assert lines and lines[0] != lines[-1]
        marker = phone.execute_script("return getComputedStyle(document.querySelector('#log li')).listStyleType")
        assert marker == "none", "no numbers that count backwards and get cut at 10"
        errors = phone.find_element(By.ID, "error")
        assert not errors.is_displayed(), errors.text
        other_hand = session.engine.seat_view(session.state, 1).hand
        assert json.dumps(list(other_hand)) not in phone.page_source or not other_hand
    finally:
        host.stop()


def _the_asides_are_folded(phone) -> None:
    """Run Run Run!'s first turn: seven things to say and a dozen rooms to reserve were 14 buttons
    (the page 1052-1787 px tall on a 640 px phone); each run is now one row that opens."""
    from selenium.webdriver.common.by import By

    folds = _wait(lambda: phone.find_elements(By.CSS_SELECTOR, "#choices details.fold"), "the folded choices")
    say = next(f for f in folds if f.text.startswith("Say"))
    assert say.text.endswith("(7)") and not say.find_element(By.CSS_SELECTOR, "button").is_displayed()
    assert phone.find_element(By.XPATH, "//button[.='Move only (no tile)']").is_displayed()
    assert phone.execute_script("return document.documentElement.scrollHeight") < 900
    say.find_element(By.TAG_NAME, "summary").click()
    assert all(b.is_displayed() and b.is_enabled() for b in say.find_elements(By.TAG_NAME, "button"))


def _tap_until(phone, host, done, pick: int = -1) -> None:
    """Tap the page's `pick`-th way to play (the last: done upgrading) until `done()`."""
    from selenium.webdriver.common.by import By

    deadline = time.monotonic() + PAGE_TIMEOUT
    while not done() and time.monotonic() < deadline:
        buttons = phone.find_elements(By.CSS_SELECTOR, TAPS)
        if buttons and phone.execute_script("return document.body.dataset.move") == str(host.move):
            move = host.move
            buttons[pick].click()
            _wait(lambda: host.move > move or host.session.is_over(), "the host to apply the tap", timeout=10)
        else:
            time.sleep(0.05)


def _words(card: str) -> str:
    """How the page writes a card name (table.js `cardText`): move2 -> Move 2."""
    import re
    text = re.sub(r"([a-z])(\d)", r"\1 \2", str(card).replace("_", " "))
    return text[:1].upper() + text[1:]


@pytest.mark.parametrize("game_id", ["roborun", "robomissions", "roborescue", "runrunrun", "roborally"])
def test_the_page_plays_every_games_legal_choices_at_360_px(phone, game_id, tmp_path):
    """Each game's hand shows the card faces the game's screens draw (served by the host), every
    tap is a legal choice, on a 360 px portrait phone, and the choices and what happened read in
    the game's own words (game/client/table_words.py), never as raw data."""
    from selenium.webdriver.common.by import By

    from game import catalog
    from game.client.table_art import card_art
    from game.client.table_words import TableWords

    session = small_session(game_id, 4, sample=-1)
    seats = ["remote"] + ["ai"] * (session.engine.seat_count(session.state) - 1)
    host = TableHost(session, seats, ai_level=catalog.BY_ID[game_id].levels[0], drop_timeout=None,
                     art=card_art(game_id), words=TableWords(game_id)).start()
    words = TableWords(game_id)
    try:
        phone.get(host.join_url())
        phone.execute_script("localStorage.clear()")
        _wait(lambda: phone.find_elements(By.CSS_SELECTOR, "#seat-list button.seat"), "the seat list")[0].click()
        for step in range(3):                     # three of seat 1's decisions, each a tap on a legal choice
            move, = _wait(lambda: (host.move,) if (phone.find_elements(By.CSS_SELECTOR, TAPS)
                                                   and phone.execute_script("return document.body.dataset.move")
                                                   == str(host.move)) else None, "the seat's choices")
            if step == 0:
                _the_hand_shows_card_faces(phone, host, tmp_path / f"{game_id}.png")
                captions = [c.text for c in phone.find_elements(By.CSS_SELECTOR, "#hand .caption")]
                assert not [c for c in captions if re.fullmatch(r"Tile \d+|Right|Left", c)], \
                    f"a card is captioned in the game's words, not by its id: {captions}"
            labels = [b.get_attribute("textContent") for b in phone.find_elements(By.CSS_SELECTOR, TAPS)]
            assert all(labels), "every choice has a label"
            view = session.engine.seat_view(session.state, 0)
            worded = words.labels(session.legal_choices(), view)
            shown = {int(b.get_attribute("data-index")): b.get_attribute("textContent")
                     for b in phone.find_elements(By.CSS_SELECTOR, "#choices button")}
            assert all(text == worded[i] for i, text in shown.items() if worded[i]), \
                f"the page names the choices as the game does: {shown} against {worded}"
            assert phone.execute_script("return document.documentElement.scrollWidth") <= 360
            phone.find_elements(By.CSS_SELECTOR, TAPS)[0].click()
            _wait(lambda: host.move > move, "the host to apply the tap", timeout=10)
            if session.is_over():
                break
        lines = _wait(lambda: phone.execute_script("return [...document.querySelectorAll('#log li')].map(li => li.textContent)"),
                      "what happened")
        assert not [line for line in lines if "_" in line or "—" in line or " seat 0" in line.lower()], lines
        assert not phone.find_element(By.ID, "error").is_displayed()
    finally:
        host.stop()


def _the_hand_shows_card_faces(phone, host, screenshot) -> None:
    """Every card of the seat's hand (or Robo Run stand) is its face image, loaded, within 360 px."""
    from selenium.webdriver.common.by import By

    view = host.session.engine.seat_view(host.session.state, 0)
    held = getattr(view, "hand", None) or (view.stands[0] if hasattr(view, "stands") else ())
    faces = _wait(lambda: phone.execute_script(
        "return [...document.querySelectorAll('#hand .card img, #stand .card img')]"
        ".every(i => i.complete && i.naturalWidth > 0) && "
        "[...document.querySelectorAll('#hand .card img, #stand .card img')].length"), "the card faces") \
        if held else 0
    assert faces == len(held), f"{len(held)} cards held, {faces} faces shown"
    for card in phone.find_elements(By.CSS_SELECTOR, "#hand .card, #stand .card"):
        assert card.rect["x"] >= 0 and card.rect["x"] + card.rect["width"] <= 360
    phone.save_screenshot(str(screenshot))


def test_the_games_end_and_the_table_closing_read_in_words(phone):
    """At the end a player read 'Game over. seat 0 reached the last checkpoint' (or 'You won! deck')
    and nothing more; when the table closed the page said 'reconnecting…' for ever. Now: who won,
    why in the game's words, what to do now; and that the table has closed."""
    from selenium.webdriver.common.by import By

    from game.client.table_words import TableWords
    from tests.table.helpers import played_at_random

    moves = len(played_at_random(small_session("roborally", 4), 7, 5000).choices)
    session = played_at_random(small_session("roborally", 4), 7, moves - 6)
    host = TableHost(session, ["remote", "ai"], ai_level="random", drop_timeout=None,
                     words=TableWords("roborally")).start()
    try:
        phone.get(host.join_url())
        phone.execute_script("localStorage.clear()")
        _wait(lambda: phone.find_elements(By.CSS_SELECTOR, "#seat-list button.seat"), "the seat list")[0].click()
        _tap_until(phone, host, session.is_over, pick=0)
        assert session.is_over()
        ending = _wait(lambda: phone.find_element(By.ID, "ending").is_displayed() and phone.find_element(By.ID, "ending"),
                       "the ending")
        turn = phone.find_element(By.ID, "turn").text
        assert turn.startswith(("You won", "Game over: ")), turn
        assert "seat 0" not in (turn + ending.text).lower() and "_" not in ending.text
        assert "close this page" in ending.text
    finally:
        host.stop()
    error = _wait(lambda: phone.find_element(By.ID, "error").is_displayed() and phone.find_element(By.ID, "error"),
                  "the page to notice the table closed", timeout=10)
    assert "table has closed" in error.text
    assert error.rect["y"] < 640, "said where a phone sees it, not below the fold"


def test_a_landscape_phone_sees_its_whole_hand_on_the_first_screen(phone):
    """At 640 x 360 the card faces were 124 px wide: Robo Rally's nine cards filled the screen and
    more, and the program and every choice were below them."""
    from selenium.webdriver.common.by import By

    from game.client.table_art import card_art

    session = small_session("roborally", 4, sample=0)
    host = TableHost(session, ["remote", "ai"], drop_timeout=None, art=card_art("roborally")).start()
    try:
        phone.get(host.join_url())
        phone.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",        # after loading: the driver's own
                              {"width": 640, "height": 360, "deviceScaleFactor": 1, "mobile": True})   # applies on load
        assert phone.execute_script("return innerWidth") == 640
        phone.execute_script("localStorage.clear()")
        _wait(lambda: phone.find_elements(By.CSS_SELECTOR, "#seat-list button.seat"), "the seat list")[0].click()
        _tap_until(phone, host, lambda: session.state.phase == "program")      # done upgrading, with a tap
        hand = _wait(lambda: phone.find_elements(By.CSS_SELECTOR, "#hand .card img") and
                     phone.execute_script("return [...document.querySelectorAll('#hand .card img')].every(i => i.complete)")
                     and phone.find_elements(By.CSS_SELECTOR, "#hand .card"), "the hand")
        assert len(hand) == len(session.engine.seat_view(session.state, 0).hand)
        bottom = max(card.rect["y"] + card.rect["height"] for card in hand)
        assert bottom <= 360, f"the hand ends at {bottom} px on a 360 px tall screen"
        assert phone.execute_script("return document.documentElement.scrollWidth") <= 640
    finally:
        phone.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",        # the fixture's phone again
                              {"width": 360, "height": 740, "deviceScaleFactor": 2, "mobile": True})
        host.stop()


def test_while_another_seat_decides_the_page_names_it_as_the_game_does_and_says_what_plays_it(phone):
    """'Waiting for seat 2' named a seat the log calls Blue, and said nothing of why nothing
    happened: a seat nobody has taken yet keeps the whole table waiting."""
    from selenium.webdriver.common.by import By

    from game.client.table_words import TableWords

    session = small_session("roborally", 4, sample=0)
    host = TableHost(session, ["remote", "remote"], drop_timeout=None, words=TableWords("roborally")).start()
    try:
        phone.get(host.join_url())
        phone.execute_script("localStorage.clear()")
        seat = _wait(lambda: phone.find_elements(By.CSS_SELECTOR, "#seat-list button.seat"), "the seat list")[0]
        assert seat.text == "Seat 1 · Yellow"
        seat.click()
        turn = _wait(lambda: phone.find_elements(By.CSS_SELECTOR, "#turn .prompt"), "the prompt")[0]
        assert turn.text == "Upgrade phase: draw or install an upgrade, or be done"     # the game's words, at once
        facts = [dt.text for dt in phone.find_elements(By.CSS_SELECTOR, ".facts dt")]
        assert "Phase" not in facts and "Register" not in facts and "Turn" not in facts, facts   # 'upgrade', 0, 0
        _tap_until(phone, host, lambda: host.engine.current_seat(session.state) != 0)
        assert host.engine.current_seat(session.state) == 1
        _wait(lambda: phone.execute_script("return document.body.dataset.move") == str(host.move), "the last update")
        assert phone.find_element(By.ID, "turn").text == "Waiting for Blue (nobody has taken this seat yet)"
        assert phone.find_element(By.ID, "status").text == "seat 1: you are Yellow"
    finally:
        host.stop()


def test_a_decision_with_one_legal_option_is_not_asked(phone):
    """Run Run Run!'s 'Turn: doorways E, NW, SW', the only way to turn a room, waited for a tap:
    every other screen of the arcade sends such a decision by itself (game/client/decisions.py)."""
    from selenium.webdriver.common.by import By

    from game.client.table_words import TableWords

    session = small_session("runrunrun", 4, sample=-1)
    host = TableHost(session, ["remote"] + ["ai"] * (session.engine.seat_count(session.state) - 1),
                     ai_level=weakest_level("runrunrun"), drop_timeout=None, words=TableWords("runrunrun")).start()
    try:
        phone.get(host.join_url())
        phone.execute_script("localStorage.clear()")
        _wait(lambda: phone.find_elements(By.CSS_SELECTOR, "#seat-list button.seat"), "the seat list")[0].click()
        _the_asides_are_folded(phone)
        alone = 0
        for _ in range(8):
            def ready():
                if host.engine.current_seat(session.state) == 0 and len(session.legal_choices()) == 1:
                    return "alone"
                return "tap" if (phone.find_elements(By.CSS_SELECTOR, TAPS) and phone.execute_script(
                    "return document.body.dataset.move") == str(host.move)) else None
            what, move = _wait(ready, "the seat's decision"), host.move
            if what == "alone":
                alone += 1
            else:
                assert len(phone.find_elements(By.CSS_SELECTOR, TAPS)) >= 2, "a tap is asked only for a real choice"
                phone.find_elements(By.CSS_SELECTOR, TAPS)[0].click()
            _wait(lambda: host.move > move, "the decision to be sent", timeout=10)
            if alone:
                break
        assert alone, "the seat met a decision with one legal option"
    finally:
        host.stop()


def test_a_second_tab_with_the_seat_keeps_it_and_the_first_stops_asking_it_back(phone):
    """Scanning the join code again opens a second tab with the same seat token: each tab took
    the seat back from the other on every reconnect, for ever."""
    from selenium.webdriver.common.by import By

    session = small_session("roborally", 4, sample=0)
    host = TableHost(session, ["remote", "ai"], drop_timeout=None).start()
    first = phone.current_window_handle
    try:
        phone.get(host.join_url())
        phone.execute_script("localStorage.clear()")
        _wait(lambda: phone.find_elements(By.CSS_SELECTOR, "#seat-list button.seat"), "the seat list")[0].click()
        _wait(lambda: host.seats[0].client is not None, "the seat to be taken")
        phone.switch_to.new_window("tab")
        phone.get(host.join_url())
        _wait(lambda: phone.find_element(By.ID, "status").text.startswith("seat 1"), "the second tab to rejoin")
        second = host.seats[0].client
        time.sleep(2.5)                           # several of the first tab's reconnect delays
        assert host.seats[0].client is second, "the seat stays with the tab that took it last"
        assert phone.find_elements(By.CSS_SELECTOR, TAPS), "the second tab plays"
        phone.switch_to.window(first)
        error = phone.find_element(By.ID, "error")
        assert error.is_displayed() and "another tab" in error.text
    finally:
        for handle in phone.window_handles:
            if handle != first:
                phone.switch_to.window(handle)
                phone.close()
        phone.switch_to.window(first)
        host.stop()
