"""Run Run Run! (2nd edition) rules engine: pure, seeded, one small decision at a time.

Sections cited are of the Run Run Run! rulebook. A turn is the Mummies' Actions (rolled by
the engine; the active seat decides ties of the shortest way, where an awakened Mummy is
placed and who pays a random discard) and then the Player's Action, split into small
choices: explore (tile, cell, rotation), move (destination), fight (destination, tiles to
discard, roll, torch rerolls, damage split, lures), cooperate (each other seat joins or
stays, shares, exchanges). Table talk ("say" an intention line, "mark" a reserved room) is a
free choice of the active seat, once each per turn, kept in the public state.

The engine runs a queue of small tasks (`State.tasks`); a task that needs someone to decide
sets `State.phase` and waits for the choice, so every decision, wherever it happens in the
rulebook's sequence, is one `apply`. This module holds 'Setup', the legal choices, `apply`,
the task queue and 'Remember! Draw a New Tile'; the rulebook's other sections live beside it:

    state.py      values (Config, Choice), events, the State
    flow.py       steps every section shares: ask, draw, win and lose, Sarcophagus tokens
    mummies.py    'Mummies' Actions'
    explore.py    'Player Action - Explore' (placement, walk, torches, mechanisms, the Boss waking)
    fight.py      'Player Action - Fight'
    cooperate.py  'Player Action - Cooperate'
    views.py      what a seat sees; hidden information reshuffled
"""
from __future__ import annotations

import random

from game.core.engine import IllegalChoice, Result

from . import content as C
from .cooperate import _t_give_pool, _t_join_ask, _t_offer, _t_offers_all, _t_regroup_draw, _t_regroup_token
from .explore import (_place, _t_boss_wake, _t_light, _t_sarc_draw, _t_triangles, _walk, find_triangles,
                      placements)
from .fight import _hit, _resolve_fight, _t_damage, _t_fight_gain, _t_lures
from .flow import (_ask, _check_win, _draw, _random_discard, _use_sarc, budget, cat_distances,  # noqa: F401
                   current_seat, move_cost, mummies_in, power)     # (_check_win: the tests' set-ups call it here)
from .maze import FINAL, OPEN, open_doorways
from .mummies import (_move_mummy, _put_mummy, _t_discard_random, _t_extra, _t_heart, _t_move, _t_move_all,
                      _t_place, _t_roll, _t_torch_loss)
from .state import (BASIC_MOVE, DIFFICULTIES, GAME_ID, MAX_DICE, REVEALS, VAULT_TILE, WIN_RATINGS, Choice,
                    Config, State, ch, choice_from_json, choice_to_json, config_from_json, config_to_json, ev,
                    is_reveal)
from .views import SeatView, redeal_hidden, seat_view

__all__ = ["GAME_ID", "DIFFICULTIES", "BASIC_MOVE", "MAX_DICE", "VAULT_TILE", "WIN_RATINGS", "REVEALS", "Config",
           "Choice", "State", "SeatView", "ch", "ev", "new_game", "legal_choices", "apply", "seat_view", "is_over",
           "result", "current_seat", "seat_count", "choice_to_json", "choice_from_json", "config_to_json",
           "config_from_json", "is_reveal", "redeal_hidden", "placements", "budget", "move_cost", "power",
           "cat_distances", "mummies_in", "find_triangles"]


# ---------------------------------------------------------------------------- set-up
def new_game(config: Config, seed: int) -> State:
    """Setup, steps 1-14: Vault in the middle, stacks shuffled, Catventurers on the open room."""
    if not isinstance(config, Config):
        config = config_from_json(config)
    rng = random.Random(seed)
    n = config.players
    cats = rng.sample(range(len(C.CATS)), n)
    deck = [t.id for t in C.TILES]
    rng.shuffle(deck)
    hands = [[deck.pop() for _ in range(C.START_HAND[n])] for _ in range(n)]
    regroup = list(range(len(C.REGROUP_TOKENS)))
    rng.shuffle(regroup)
    sarc = list(range(len(C.SARCOPHAGUS)))
    rng.shuffle(sarc)
    doors = list(range(len(C.DOOR_TOKENS)))
    rng.shuffle(doors)
    pile = sorted(C.MUMMIES)
    rng.shuffle(pile)
    boss = rng.choice(sorted(C.BOSSES))
    s = State(config=config, rng=rng, cats=cats, hands=hands, deck=deck, pos=[OPEN] * n,
              regroup_stack=regroup, sarc_stack=sarc, door_stack=doors, sarc=[[] for _ in range(n)],
              pile=pile, boss_card=boss)
    s.tiles = {FINAL: VAULT_TILE, OPEN: VAULT_TILE}
    s.rots = {FINAL: 0, OPEN: 0}
    s.masks = {FINAL: C.VAULT_FINAL_EXITS, OPEN: C.VAULT_OPEN_EXITS}
    s.tasks = [("roll",), ("action",)]
    _run(s, [])
    return s


# ---------------------------------------------------------------------------- queries
def seat_count(state: State) -> int:
    return state.config.players


def is_over(state: State) -> bool:
    return state.over


def result(state: State) -> Result | None:
    if not state.over:
        return None
    n = state.config.players
    left = len(state.regroup_stack)
    if state.won:
        return Result(tuple(range(n)), "won", WIN_RATINGS[left], tuple([left] * n))
    return Result((), "lost", state.cause, tuple([0] * n))


def _cells(cells) -> list[Choice]:
    return [ch("to", c[0], c[1]) for c in sorted(cells)]


_REWARDS = ("torches", "draw", "draw_torch")      # Sarcophagus rewards used on their own
_TORCH_REWARDS = ("torches", "draw_torch")


def _token_uses(state: State, seat: int, passage: bool = True) -> list[Choice]:
    """A seat's Sarcophagus tokens used "at any time DURING YOUR TURN" ('Using Sarcophagus Tokens'):
    a reward, or (outside a fight) the secret passage."""
    out = []
    for i, tok in enumerate(state.sarc[seat]):
        if C.SARCOPHAGUS[tok]["kind"] in _REWARDS:
            out.append(ch("sarc", i))
        if passage:
            out.append(ch("passage", i))
    return out


def legal_choices(state: State) -> list[Choice]:
    if state.over:
        return []
    p, x, s = state.phase, state.ctx, state.active
    if p == "action":
        out = []
        cd = cat_distances(state, s)
        reach = budget(state)
        for t in state.hands[s]:
            if placements(state.masks, cd, C.TILES[t].exits, reach):
                out.append(ch("explore", t))
        out.append(ch("move"))
        if state.hands[s]:
            fd = cat_distances(state, s, stop_at_mummies=True)
            if any(fd.get(m[0], 99) <= reach for m in state.mummies.values()):
                out.append(ch("fight"))
        if state.regroup_stack:
            out.append(ch("cooperate"))
        out += _token_uses(state, s)
        if "say" not in state.talked:
            out += [ch("say", i) for i in range(len(C.SAY_LINES))]
        if "mark" not in state.talked:
            targets = set(state.tiles) - {FINAL} | set(open_doorways(state.masks)) - {FINAL}
            out += [ch("mark", c[0], c[1]) for c in sorted(targets)]
        return out
    if p == "post":
        return _token_uses(state, s) + [ch("end")]
    if p == "explore_cell":
        return [ch("cell", c[0], c[1]) for c in sorted(x["options"])]
    if p == "explore_rot":
        return [ch("rot", r) for r in x["rots"]]
    if p in ("move_dest", "fight_dest", "passage_dest"):
        return _cells(x["options"])
    if p == "fight_commit":
        out = []
        if x["dice"] < MAX_DICE:
            out += [ch("commit", t) for t in state.hands[s]]
        for i, tok in enumerate(state.sarc[s]):
            kind = C.SARCOPHAGUS[tok]["kind"]
            if (kind == "double" and not x["double"]) or kind == "plus":
                out.append(ch("boost", i))
        if x["dice"] > 0:
            out.append(ch("roll"))
        return out + _token_uses(state, s, passage=False)
    if p == "fight_reroll":
        n = len(state.combat)
        out = [ch("accept")]
        out += [ch("reroll", m) for m in range(1, 1 << n) if bin(m).count("1") <= state.supply]
        return out + _token_uses(state, s, passage=False)
    if p == "hit":
        return [ch("hit", mid) for mid in x["targets"]]
    if p == "lure":
        return [ch("lure", mid, c[0], c[1]) for mid, c in x["options"]] + [ch("no_lure")]
    if p in ("mummy_path", "place_mummy"):
        return _cells(x["options"])
    if p == "discard_from":
        return [ch("discard_from", seat) for seat in x["options"]]
    if p == "join":
        return [ch("join"), ch("stay")]
    if p == "draw_for":
        return [ch("draw_for", seat) for seat in state.members]
    if p == "offer":
        seat = x["seat"]
        out = []
        if x["count"] < 2:
            out += [ch("offer", t) for t in state.hands[seat]]
        for i in range(len(state.sarc[seat])):
            out += [ch("pass_sarc", i, o) for o in state.members if o != seat]
        out.append(ch("offer_done"))
        return out
    if p == "give":
        return [ch("give", t, seat) for t in state.pool for seat in state.members]
    raise AssertionError(f"unknown phase {p}")


# ---------------------------------------------------------------------------- apply
def apply(state: State, choice: Choice) -> list[dict]:
    if not isinstance(choice, Choice) or choice not in legal_choices(state):
        raise IllegalChoice(f"{choice!r} is not a legal choice now ({state.phase})")
    events: list[dict] = []
    seat = current_seat(state)
    p, x, a = state.phase, state.ctx, choice.args
    k = choice.kind
    state.phase, state.ctx = None, {}
    s = state.active
    if k == "explore":
        cd = cat_distances(state, s)
        opts = placements(state.masks, cd, C.TILES[a[0]].exits, budget(state))
        _ask(state, "explore_cell", tile=a[0], options=sorted(opts), rooms={c: v[0] for c, v in opts.items()},
             rots={c: v[1] for c, v in opts.items()})
    elif k == "cell":
        cell = (a[0], a[1])
        _ask(state, "explore_rot", tile=x["tile"], cell=cell, rooms=x["rooms"][cell], rots=x["rots"][cell])
    elif k == "rot":
        _place(state, x["tile"], x["cell"], a[0], x["rooms"], events)
    elif k == "move":
        cd = cat_distances(state, s)
        reach = budget(state)
        _ask(state, "move_dest", options=sorted(c for c, d in cd.items() if d <= reach))
    elif k == "fight":
        fd = cat_distances(state, s, stop_at_mummies=True)
        reach = budget(state)
        cells = sorted({m[0] for m in state.mummies.values() if fd.get(m[0], 99) <= reach})
        _ask(state, "fight_dest", options=cells)
    elif k == "to":
        cell = (a[0], a[1])
        if p == "mummy_path":
            _move_mummy(state, x["mid"], cell, events)
        elif p == "place_mummy":
            _put_mummy(state, x["mid"], cell, events)
        elif p == "passage_dest":
            events.append(ev("passage", seat=s, frm=list(state.pos[s]), to=list(cell)))
            state.pos[s] = cell
            if x.get("back") == "post":
                state.tasks.insert(0, ("end_turn",))
            else:
                state.phase = "action"
        else:
            blocked = p == "fight_dest"
            _walk(state, s, cell, cat_distances(state, s, stop_at_mummies=blocked)[cell], events)
            if p == "move_dest":
                state.tasks.insert(0, ("end_turn",))
            else:
                _ask(state, "fight_commit", dice=0, double=False, plus=0, committed=[])
    elif k == "commit":
        t = a[0]
        state.hands[s].remove(t)
        state.discard.append(t)
        x["committed"].append(t)
        x["dice"] = min(MAX_DICE, x["dice"] + C.TILES[t].strength)
        events.append(ev("commit", seat=s, tile=t, dice=x["dice"]))
        state.phase, state.ctx = p, x
    elif k == "boost":
        tok = state.sarc[s].pop(a[0])
        kind = C.SARCOPHAGUS[tok]["kind"]
        if kind == "double":
            x["double"] = True
        else:
            x["plus"] += C.SARCOPHAGUS[tok]["n"]
        events.append(ev("sarc_used", seat=s, token=tok, kind=kind))
        state.phase, state.ctx = p, x
    elif k == "roll":
        state.combat = [state.rng.choice(C.COMBAT_DIE) for _ in range(x["dice"])]
        events.append(ev("combat_roll", seat=s, dice=list(state.combat)))
        if state.supply > 0 or any(C.SARCOPHAGUS[t]["kind"] in _TORCH_REWARDS for t in state.sarc[s]):
            _ask(state, "fight_reroll", double=x["double"], plus=x["plus"])
        else:
            _resolve_fight(state, x, events)
    elif k in ("accept", "reroll"):
        if k == "reroll":
            mask = a[0]
            n = bin(mask).count("1")
            state.supply -= n
            for i in range(len(state.combat)):
                if mask >> i & 1:
                    state.combat[i] = state.rng.choice(C.COMBAT_DIE)
            events.append(ev("reroll", seat=s, mask=mask, torches=n, dice=list(state.combat)))
        _resolve_fight(state, x, events)
    elif k == "hit":
        _hit(state, a[0], 1, events)
        rest = x["left"] - 1
        if rest > 0 and not state.over:
            state.tasks.insert(0, ("damage", rest))
    elif k == "lure":
        mid, cell = a[0], (a[1], a[2])
        events.append(ev("lure", seat=s, mummy=mid, frm=list(state.mummies[mid][0]), to=list(cell)))
        state.mummies[mid][0] = cell
        state.pos[s] = cell
        if x["left"] > 1:
            state.tasks.insert(0, ("lures", x["left"] - 1))
    elif k == "no_lure":
        pass
    elif k == "cooperate":
        state.members = [s]
        state.pool = []
        others = [(s + i) % state.config.players for i in range(1, state.config.players)]
        events.append(ev("cooperate", seat=s))
        state.tasks[0:0] = [("join_ask", o) for o in others] + [("regroup_token",), ("offers_all",), ("give_pool",),
                                                                ("end_turn",)]
    elif k in ("join", "stay"):
        if k == "join":
            state.members.append(seat)
            events.append(ev("join", seat=seat, frm=list(state.pos[seat]), to=list(state.pos[s])))
            state.pos[seat] = state.pos[s]
        else:
            events.append(ev("stay", seat=seat))
    elif k == "draw_for":
        _draw(state, a[0], 1, events)
    elif k == "offer":
        state.hands[seat].remove(a[0])
        state.pool.append(a[0])
        events.append(ev("offer", seat=seat, tile=a[0]))
        _ask(state, "offer", seat=seat, count=x["count"] + 1)
    elif k == "pass_sarc":
        tok = state.sarc[seat].pop(a[0])
        state.sarc[a[1]].append(tok)
        events.append(ev("pass_sarc", seat=seat, to=a[1], token=tok))
        _ask(state, "offer", seat=seat, count=x["count"])
    elif k == "offer_done":
        pass
    elif k == "give":
        state.pool.remove(a[0])
        state.hands[a[1]].append(a[0])
        events.append(ev("give", tile=a[0], to=a[1]))
        if state.pool:
            _ask(state, "give")
    elif k == "sarc":
        tok = state.sarc[s].pop(a[0])
        _use_sarc(state, s, tok, events)
        if p == "post":
            state.tasks.insert(0, ("end_turn",))
        elif p in ("fight_commit", "fight_reroll"):
            state.phase, state.ctx = p, x       # mid-fight: more tiles to commit, Torches for rerolls
        else:
            state.phase = "action"
    elif k == "passage":
        tok = state.sarc[s].pop(a[0])
        events.append(ev("sarc_used", seat=s, token=tok, kind="passage"))
        _ask(state, "passage_dest", options=sorted(c for c in state.tiles if c != FINAL), back=p)
    elif k == "end":
        state.tasks.insert(0, ("end_turn", "done"))
    elif k == "say":
        state.said[s] = a[0]
        state.talked.add("say")
        events.append(ev("say", seat=s, line=a[0], text=C.SAY_LINES[a[0]]))
        state.phase = "action"
    elif k == "mark":
        state.marks[s] = (a[0], a[1])
        state.talked.add("mark")
        events.append(ev("mark", seat=s, cell=[a[0], a[1]]))
        state.phase = "action"
    elif k == "discard_from":
        _random_discard(state, a[0], events)
    else:
        raise AssertionError(k)
    _run(state, events)
    return events


# ---------------------------------------------------------------------------- the task queue
def _run(state: State, events: list) -> None:
    while state.phase is None and not state.over and state.tasks:
        task = state.tasks.pop(0)
        TASKS[task[0]](state, task, events)


def _t_end_turn(state: State, task, events) -> None:
    """'Remember! Draw a New Tile', then the next seat clockwise starts with the Mummies.

    Before the draw, a seat holding Sarcophagus tokens may still use them ("at any time during
    your turn", 'Using Sarcophagus Tokens'), e.g. one it has just revealed."""
    if len(task) == 1 and state.sarc[state.active]:
        _ask(state, "post")
        return
    _draw(state, state.active, 1, events)
    state.active = (state.active + 1) % state.config.players
    state.turn += 1
    state.stopped = set()
    state.talked = set()
    state.members = []
    events.append(ev("turn", seat=state.active, turn=state.turn))
    state.tasks[0:0] = [("roll",), ("action",)]


def _t_action(state: State, task, events) -> None:
    _ask(state, "action")


TASKS = {
    "roll": _t_roll, "move_all": _t_move_all, "move": _t_move, "extra": _t_extra, "heart": _t_heart,
    "place": _t_place, "discard_random": _t_discard_random, "torch_loss": _t_torch_loss, "light": _t_light,
    "sarc_draw": _t_sarc_draw, "triangles": _t_triangles, "boss_wake": _t_boss_wake, "end_turn": _t_end_turn,
    "action": _t_action, "damage": _t_damage, "fight_gain": _t_fight_gain, "lures": _t_lures,
    "join_ask": _t_join_ask, "regroup_token": _t_regroup_token, "regroup_draw": _t_regroup_draw,
    "offers_all": _t_offers_all, "offer": _t_offer, "give_pool": _t_give_pool,
}
