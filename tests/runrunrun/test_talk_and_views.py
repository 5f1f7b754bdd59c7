"""Table talk ('A Few Words About Cooperating') and hidden hands in seat views."""
import random

from game.runrunrun.rules.engine import Config

from .support import C, R, bare, ch, corridor


def test_say_and_mark_are_free_once_per_turn_and_public():
    s = bare(players=2, hands=[[1], [2]])
    cells = corridor(s, 2)
    R.apply(s, ch("say", 0))
    R.apply(s, ch("mark", *cells[1]))
    assert s.phase == "action" and s.active == 0
    assert not any(c.kind in ("say", "mark") for c in R.legal_choices(s))
    other = R.seat_view(s, 1)
    assert dict(other.said) == {0: 0} and dict(other.marks) == {0: cells[1]}
    assert C.SAY_LINES[0] == "I'll hold the mummy at the vault"
    R.apply(s, ch("move"))
    R.apply(s, ch("to", *cells[0]))
    assert any(c.kind == "say" for c in R.legal_choices(s))      # a new turn, a new line


def test_a_view_never_shows_another_seats_tiles():
    s = R.new_game(Config(3, "standard"), 4)
    for seat in range(3):
        v = R.seat_view(s, seat)
        assert v.hand == tuple(s.hands[seat])
        others = {t for i, h in enumerate(s.hands) if i != seat for t in h}
        assert not others & set(v.hand)
        assert not any(t in repr(v.ctx) for t in ())
        assert v.hand_counts == tuple(len(h) for h in s.hands)
        text = repr(v)
        assert "deck=" not in text and str(s.deck[:5]) not in text


def test_redeal_keeps_the_view_and_reshuffles_what_the_seat_cannot_see():
    s = R.new_game(Config(4, "standard"), 9)
    other = R.redeal_hidden(s, 0, random.Random(1))
    assert repr(R.seat_view(other, 0)) == repr(R.seat_view(s, 0))
    assert other.hands[0] == s.hands[0]
    assert other.hands[1:] != s.hands[1:] or other.deck != s.deck
    assert sorted(other.deck + [t for h in other.hands for t in h]) == sorted(s.deck + [t for h in s.hands for t in h])


def test_an_ai_reads_marks_and_keeps_off_a_reserved_room():
    from game.runrunrun.ai import make_player
    s = R.new_game(Config(2, "standard"), 3)
    while s.phase != "action" or s.active != 0:
        R.apply(s, R.legal_choices(s)[0])
    ai = make_player("hard", 1)
    s.talked = {"say", "mark"}
    plan = ai.choose(R.seat_view(s, 0), R.legal_choices(s))
    if plan.kind == "explore":
        R.apply(s, plan)
        cell = ai.choose(R.seat_view(s, 0), R.legal_choices(s))
        s2 = R.new_game(Config(2, "standard"), 3)
        while s2.phase != "action" or s2.active != 0:
            R.apply(s2, R.legal_choices(s2)[0])
        s2.talked = {"say", "mark"}
        s2.marks[1] = (cell.args[0], cell.args[1])      # the partner reserved that very room
        R.apply(s2, plan)
        options = R.legal_choices(s2)
        if len(options) > 1:
            assert ai.choose(R.seat_view(s2, 0), options) != cell


def test_redeal_keeps_the_tile_the_active_seat_is_exploring_with():
    """After 'explore' the chosen tile waits in its player's hand until it is placed; a redeal for
    another seat (who cannot see which tile) must leave it there so the placement still works."""
    s = R.new_game(Config(2, "standard"), 3)
    while not any(c.kind == "explore" for c in R.legal_choices(s)):
        R.apply(s, R.legal_choices(s)[0])
    explore = next(c for c in R.legal_choices(s) if c.kind == "explore")
    R.apply(s, explore)
    tile, active = explore.args[0], s.active
    for k in range(8):
        other = R.redeal_hidden(s, 1 - active, random.Random(k))
        assert tile in other.hands[active] and len(other.hands[active]) == len(s.hands[active])
        while other.phase in ("explore_cell", "explore_rot"):
            R.apply(other, R.legal_choices(other)[0])
        assert tile not in other.hands[active]
