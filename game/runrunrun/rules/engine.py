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
rulebook's sequence, is one `apply`.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from game.core.engine import IllegalChoice, Result
from game.core.errors import UserError

from . import content as C
from .maze import (FINAL, OPEN, distances, distinct_rotations, fits, neighbours, open_doorways, rotate,
                   step, toward_vault, triangles_at, vault_distances)

GAME_ID = "runrunrun"
DIFFICULTIES = ("standard", "difficult", "insane")
BASIC_MOVE = 3
MAX_DICE = 6
VAULT_TILE = -1          # tile id of the Vault's two rooms
WIN_RATINGS = ("bronze", "silver", "gold", "platinum")


# ---------------------------------------------------------------------------- values
@dataclass(frozen=True)
class Config:
    players: int = 2
    difficulty: str = "standard"

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or isinstance(self.players, bool) or not 1 <= self.players <= 4:
            raise UserError("config players", "must be a whole number from 1 to 4")
        if self.difficulty not in DIFFICULTIES:
            raise UserError("config difficulty", f"must be one of {', '.join(DIFFICULTIES)}")


@dataclass(frozen=True)
class Choice:
    """One decision: a kind and a few plain arguments (ints, or a cell as two ints)."""

    kind: str
    args: tuple = ()

    def __repr__(self) -> str:
        return f"{self.kind}{self.args if self.args else ''}"


def ch(kind: str, *args) -> Choice:
    return Choice(kind, tuple(args))


def config_to_json(config: Config) -> dict:
    return {"players": config.players, "difficulty": config.difficulty}


def config_from_json(data: Any) -> Config:
    if not isinstance(data, dict):
        raise UserError("config", "must be an object with players and difficulty")
    return Config(players=data.get("players", 2), difficulty=data.get("difficulty", "standard"))


def choice_to_json(choice: Choice) -> dict:
    return {"kind": choice.kind, "args": list(choice.args)}


def choice_from_json(data: Any) -> Choice:
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise ValueError("a choice is an object with a kind")
    args = data.get("args", [])
    if not isinstance(args, list) or not all(isinstance(a, int) and not isinstance(a, bool) for a in args):
        raise ValueError("choice args are whole numbers")
    return Choice(data["kind"], tuple(args))


def ev(_type: str, **data) -> dict:
    data["type"] = _type
    return data


REVEALS = frozenset({"mummy_roll", "draw", "sarc_draw", "combat_roll", "reroll", "regroup_token",
                     "door_token", "random_discard", "boss_wake", "wake", "pool_revealed"})


def is_reveal(event: dict) -> bool:
    """Events that show hidden or random information: undo never goes back past them."""
    return event.get("type") in REVEALS


# ---------------------------------------------------------------------------- state
@dataclass
class State:
    config: Config
    rng: random.Random
    cats: list
    hands: list
    deck: list
    discard: list = field(default_factory=list)
    tiles: dict = field(default_factory=dict)      # cell -> tile id (VAULT_TILE for the Vault)
    rots: dict = field(default_factory=dict)       # cell -> rotation
    masks: dict = field(default_factory=dict)      # cell -> doorway mask as placed
    pos: list = field(default_factory=list)        # seat -> cell
    supply: int = C.START_TORCHES
    torch_left: int = C.TORCH_MECHANISMS
    torch_used: set = field(default_factory=set)
    door_used: set = field(default_factory=set)
    torch_tris: list = field(default_factory=list)
    door_tris: list = field(default_factory=list)
    door_stack: list = field(default_factory=list)
    doors_done: int = 0
    regroup_stack: list = field(default_factory=list)
    sarc_stack: list = field(default_factory=list)
    sarc: list = field(default_factory=list)       # seat -> list of sarcophagus token ids (public)
    pile: list = field(default_factory=list)       # Mummy cards face down, index 0 on top
    top_hearts: int = 0
    seen_cards: set = field(default_factory=set)   # Mummy cards that have been face up
    mummies: dict = field(default_factory=dict)    # mummy id -> [cell, hearts]
    boss_card: int = 10
    boss_awake: bool = False
    active: int = 0
    turn: int = 0
    phase: str | None = None
    ctx: dict = field(default_factory=dict)
    tasks: list = field(default_factory=list)
    stopped: set = field(default_factory=set)      # Mummies that entered the Vault this turn
    dice: list = field(default_factory=list)       # last Mummy dice
    combat: list = field(default_factory=list)     # last Combat dice
    pool: list = field(default_factory=list)       # tiles revealed for a Regroup exchange
    members: list = field(default_factory=list)    # seats in the current Regroup
    said: dict = field(default_factory=dict)       # seat -> index of its last intention line
    marks: dict = field(default_factory=dict)      # seat -> reserved cell
    talked: set = field(default_factory=set)       # "say"/"mark" used this turn
    placed: list = field(default_factory=list)     # cells in placement order
    eliminated: int = 0
    over: bool = False
    won: bool = False
    cause: str | None = None

    def copy(self) -> "State":
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        return State(
            config=self.config, rng=rng, cats=list(self.cats), hands=[list(h) for h in self.hands],
            deck=list(self.deck), discard=list(self.discard), tiles=dict(self.tiles), rots=dict(self.rots),
            masks=dict(self.masks), pos=list(self.pos), supply=self.supply, torch_left=self.torch_left,
            torch_used=set(self.torch_used), door_used=set(self.door_used), torch_tris=list(self.torch_tris),
            door_tris=list(self.door_tris), door_stack=list(self.door_stack), doors_done=self.doors_done,
            regroup_stack=list(self.regroup_stack), sarc_stack=list(self.sarc_stack),
            sarc=[list(s) for s in self.sarc], pile=list(self.pile), top_hearts=self.top_hearts,
            seen_cards=set(self.seen_cards), mummies={k: list(v) for k, v in self.mummies.items()},
            boss_card=self.boss_card, boss_awake=self.boss_awake, active=self.active, turn=self.turn,
            phase=self.phase, ctx=_copy_ctx(self.ctx), tasks=list(self.tasks), stopped=set(self.stopped),
            dice=list(self.dice), combat=list(self.combat), pool=list(self.pool), members=list(self.members),
            said=dict(self.said), marks=dict(self.marks), talked=set(self.talked), placed=list(self.placed),
            eliminated=self.eliminated, over=self.over, won=self.won, cause=self.cause)

    @property
    def doors_needed(self) -> int:
        return C.DOORS_NEEDED[self.config.difficulty]


def _copy_ctx(ctx: dict) -> dict:
    return {k: (list(v) if isinstance(v, list) else v) for k, v in ctx.items()}


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


def current_seat(state: State) -> int | None:
    if state.over:
        return None
    return state.ctx.get("seat", state.active)


def result(state: State) -> Result | None:
    if not state.over:
        return None
    n = state.config.players
    left = len(state.regroup_stack)
    if state.won:
        return Result(tuple(range(n)), "won", WIN_RATINGS[left], tuple([left] * n))
    return Result((), "lost", state.cause, tuple([0] * n))


def budget(state: State) -> int:
    """Rooms a Catventurer may move this action: the basic three plus one per draw-deck tile."""
    return BASIC_MOVE + len(state.deck)


def move_cost(rooms: int) -> int:
    return max(0, rooms - BASIC_MOVE)


def placements(masks: dict, cat_dist: dict, tile_mask: int, reach: int) -> dict:
    """cell -> (rooms to walk, [rotations]) for every legal placement of a tile with `tile_mask`."""
    out = {}
    for cell, need in open_doorways(masks).items():
        if cell == FINAL:
            continue
        best = None
        for d in range(6):
            if need >> d & 1:
                dn = cat_dist.get(step(cell, d))
                if dn is not None and (best is None or dn + 1 < best):
                    best = dn + 1
        if best is None or best > reach:
            continue
        rots = [r for r in distinct_rotations(tile_mask) if fits(need, rotate(tile_mask, r))]
        if rots:
            out[cell] = (best, rots)
    return out


def cat_distances(state: State, seat: int, stop_at_mummies: bool = False) -> dict:
    blocked = frozenset(m[0] for m in state.mummies.values()) if stop_at_mummies else frozenset()
    return distances(state.masks, state.pos[seat], blocked=blocked)


def mummies_in(state: State, cell) -> list[int]:
    return sorted(mid for mid, (c, _) in state.mummies.items() if c == cell)


def _boss_in_play(state: State) -> dict | None:
    for mid in state.mummies:
        if mid in C.BOSSES:
            return C.BOSSES[mid]
    return None


def power(state: State) -> int:
    """Mummy dice to roll: Power 1 plus one per active Mummy with the extra-die symbol."""
    return 1 + sum(C.MUMMIES[mid]["extra_die"] for mid in state.mummies if mid in C.MUMMIES)


def _cells(cells) -> list[Choice]:
    return [ch("to", c[0], c[1]) for c in sorted(cells)]


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
        for i, tok in enumerate(state.sarc[s]):
            if C.SARCOPHAGUS[tok]["kind"] in ("torches", "draw", "draw_torch"):
                out.append(ch("sarc", i))
            out.append(ch("passage", i))
        if "say" not in state.talked:
            out += [ch("say", i) for i in range(len(C.SAY_LINES))]
        if "mark" not in state.talked:
            targets = set(state.tiles) - {FINAL} | set(open_doorways(state.masks)) - {FINAL}
            out += [ch("mark", c[0], c[1]) for c in sorted(targets)]
        return out
    if p == "post":
        out = []
        for i, tok in enumerate(state.sarc[s]):
            if C.SARCOPHAGUS[tok]["kind"] in ("torches", "draw", "draw_torch"):
                out.append(ch("sarc", i))
            out.append(ch("passage", i))
        return out + [ch("end")]
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
        return out
    if p == "fight_reroll":
        n = len(state.combat)
        out = [ch("accept")]
        out += [ch("reroll", m) for m in range(1, 1 << n) if bin(m).count("1") <= state.supply]
        return out
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
        if state.supply > 0:
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


def _ask(state: State, phase: str, **ctx) -> None:
    state.phase = phase
    state.ctx = ctx


# ---------------------------------------------------------------------------- actions
def _walk(state: State, seat: int, cell, rooms: int, events: list) -> None:
    """Move a Catventurer `rooms` rooms; each room past three discards the draw deck's top tile."""
    paid = move_cost(rooms)
    for _ in range(paid):
        state.discard.append(state.deck.pop())
    events.append(ev("move", seat=seat, frm=list(state.pos[seat]), to=list(cell), rooms=rooms, paid=paid))
    state.pos[seat] = cell


def _place(state: State, tile: int, cell, rot: int, rooms: int, events: list) -> None:
    """Explore, steps 1-4: place, move onto it, light it, then the room's effects."""
    s = state.active
    state.hands[s].remove(tile)
    state.tiles[cell] = tile
    state.rots[cell] = rot
    state.masks[cell] = rotate(C.TILES[tile].exits, rot)
    state.placed.append(cell)
    events.append(ev("place", seat=s, tile=tile, cell=list(cell), rot=rot))
    _walk(state, s, cell, rooms, events)
    tasks = [("light", cell)]
    if C.TILES[tile].sarcophagus:
        tasks.append(("sarc_draw", s))
    tasks += [("triangles", cell), ("end_turn",)]
    state.tasks[0:0] = tasks


def _resolve_fight(state: State, x: dict, events: list) -> None:
    """Apply the Combat dice: damage first (split if several Mummies), then draws, ability, lures."""
    s = state.active
    dice = state.combat
    boss = _boss_in_play(state)
    abilities = 0 if (boss and boss["no_ability"]) else dice.count("ability")
    ability = C.CATS[state.cats[s]]["ability"]
    damage = dice.count("hit") + x["plus"] + (abilities if ability == "damage" else 0)
    if x["double"]:
        damage *= 2
    events.append(ev("fight_result", seat=s, damage=damage, dice=list(dice), ignored_abilities=dice.count("ability") - abilities))
    tasks = [("damage", damage), ("fight_gain", dice.count("draw"), abilities if ability != "damage" else 0)]
    tasks += [("lures", dice.count("lure")), ("end_turn",)]
    state.tasks[0:0] = tasks


def _hit(state: State, mid: int, n: int, events: list) -> None:
    m = state.mummies[mid]
    m[1] -= n
    events.append(ev("hit", mummy=mid, damage=n, hearts=max(0, m[1])))
    if m[1] <= 0:
        del state.mummies[mid]
        state.eliminated += 1
        if mid in C.MUMMIES and not state.boss_awake:
            state.pile.append(mid)
        events.append(ev("eliminated", mummy=mid))
        _check_win(state, events)


def _check_win(state: State, events: list) -> None:
    if state.boss_awake and not state.mummies and not state.over:
        state.over, state.won = True, True
        state.cause = WIN_RATINGS[len(state.regroup_stack)]
        state.phase, state.ctx, state.tasks = None, {}, []
        events.append(ev("won", rating=state.cause))


def _lose(state: State, cause: str, events: list) -> None:
    state.over, state.won, state.cause = True, False, cause
    state.phase, state.ctx, state.tasks = None, {}, []
    events.append(ev("lost", cause=cause))


def _draw(state: State, seat: int, n: int, events: list) -> None:
    for _ in range(n):
        if not state.deck:        # 'Running out of Room tiles': ignore draw effects
            return
        t = state.deck.pop()
        state.hands[seat].append(t)
        events.append(ev("draw", seat=seat, tile=t))


def _use_sarc(state: State, seat: int, tok: int, events: list) -> None:
    data = C.SARCOPHAGUS[tok]
    events.append(ev("sarc_used", seat=seat, token=tok, kind=data["kind"]))
    if data["kind"] == "torches":
        state.supply += data["n"]
    elif data["kind"] == "draw":
        _draw(state, seat, data["n"], events)
    elif data["kind"] == "draw_torch":
        _draw(state, seat, 1, events)
        state.supply += 1


def _random_discard(state: State, seat: int, events: list) -> None:
    hand = state.hands[seat]
    t = hand.pop(state.rng.randrange(len(hand)))
    state.discard.append(t)
    events.append(ev("random_discard", seat=seat, tile=t))


def _move_mummy(state: State, mid: int, cell, events: list) -> None:
    frm = state.mummies[mid][0]
    state.mummies[mid][0] = cell
    events.append(ev("mummy_move", mummy=mid, frm=list(frm), to=list(cell)))
    if cell == OPEN:
        state.stopped.add(mid)      # the Vault's sturdy door: no further move this turn


def _put_mummy(state: State, mid: int, cell, events: list) -> None:
    data = C.card(mid)
    state.mummies[mid] = [cell, data["hearts"]]
    events.append(ev("mummy_placed", mummy=mid, cell=list(cell), hearts=data["hearts"]))
    if cell == OPEN:
        state.stopped.add(mid)
    tasks = [("discard_random",)] * data.get("wake_discard_tiles", 0)
    if data.get("wake_discard_torches"):
        tasks.append(("torch_loss", data["wake_discard_torches"]))
    state.tasks[0:0] = tasks


# ---------------------------------------------------------------------------- the task queue
def _run(state: State, events: list) -> None:
    while state.phase is None and not state.over and state.tasks:
        task = state.tasks.pop(0)
        TASKS[task[0]](state, task, events)


def _t_roll(state: State, task, events) -> None:
    n = power(state)
    state.dice = [state.rng.choice(C.MUMMY_DIE) for _ in range(n)]
    k = state.dice.count("mummy")
    events.append(ev("mummy_roll", seat=state.active, dice=list(state.dice), power=n))
    state.tasks[0:0] = [("move_all", "relics"), ("heart", 1)] * k + [("extra",)]


def _t_move_all(state: State, task, events) -> None:
    state.tasks[0:0] = [("move", mid, task[1]) for mid in sorted(state.mummies)]


def _t_move(state: State, task, events) -> None:
    mid, cause = task[1], task[2]
    forced = cause == "darkness"
    if mid not in state.mummies or (mid in state.stopped and not forced):
        return
    cell = state.mummies[mid][0]
    if cell == OPEN:
        events.append(ev("mummy_move", mummy=mid, frm=list(cell), to=list(FINAL)))
        who = "boss" if mid in C.BOSSES else "mummy"
        _lose(state, f"{who}_reached_relics" if cause != "darkness" else "darkness_curse", events)
        return
    options = toward_vault(state.masks, cell)
    if len(options) == 1:
        _move_mummy(state, mid, options[0], events)
    elif options:
        _ask(state, "mummy_path", mid=mid, options=options)


def _t_extra(state: State, task, events) -> None:
    extra = []
    for mid in sorted(state.mummies):
        extra += [("move", mid, "relics")] * C.card(mid)["extra_move"]
    state.tasks[0:0] = extra


def _t_heart(state: State, task, events) -> None:
    n = task[1]
    while n > 0 and state.pile and not state.boss_awake:
        state.top_hearts += 1
        n -= 1
        events.append(ev("heart", hearts=state.top_hearts))
        top = state.pile[0]
        if state.top_hearts >= C.MUMMIES[top]["hearts"]:
            state.pile.pop(0)
            state.top_hearts = 0
            state.seen_cards.add(top)
            events.append(ev("wake", mummy=top))
            state.tasks[0:0] = [("place", top)] + ([("heart", n)] if n else [])
            return


def _t_place(state: State, task, events) -> None:
    _ask(state, "place_mummy", mid=task[1], options=sorted(c for c in state.tiles if c != FINAL))


def _t_discard_random(state: State, task, events) -> None:
    seats = [i for i, h in enumerate(state.hands) if h]
    if len(seats) == 1:
        _random_discard(state, seats[0], events)
    elif seats:
        _ask(state, "discard_from", options=seats)


def _t_torch_loss(state: State, task, events) -> None:
    lost = min(state.supply, task[1])
    state.supply -= lost
    events.append(ev("torch_loss", torches=lost))


def _t_light(state: State, task, events) -> None:
    """Explore step 3: a room without a Torch symbol takes a Torch; with none left, the curse."""
    cell = task[1]
    if C.TILES[state.tiles[cell]].torch:
        return
    if state.supply > 0:
        state.supply -= 1
        events.append(ev("light", cell=list(cell), supply=state.supply))
    elif state.pile and not state.boss_awake:
        events.append(ev("dark", cell=list(cell), effect="heart"))
        state.tasks.insert(0, ("heart", 1))
    else:
        events.append(ev("dark", cell=list(cell), effect="move"))
        state.tasks.insert(0, ("move_all", "darkness"))


def _t_sarc_draw(state: State, task, events) -> None:
    if state.sarc_stack:
        tok = state.sarc_stack.pop()
        state.sarc[task[1]].append(tok)
        events.append(ev("sarc_draw", seat=task[1], token=tok, kind=C.SARCOPHAGUS[tok]["kind"]))


def _symbol(state: State, cell):
    t = state.tiles.get(cell)
    return None if t is None or t == VAULT_TILE else C.TILES[t].symbol


def find_triangles(state: State, cell) -> tuple:
    """(identical, different) triangles the room at `cell` completes now, or None for each."""
    same = diff = None
    for tri in triangles_at(cell):
        syms = [_symbol(state, c) for c in tri]
        if None in syms:
            continue
        if len(set(syms)) == 1 and same is None and state.torch_left > 0 and not (set(tri) & state.torch_used):
            same = tri
        if len(set(syms)) == 3 and diff is None and not state.boss_awake and not (set(tri) & state.door_used):
            diff = tri
    return same, diff


def _t_triangles(state: State, task, events) -> None:
    same, diff = find_triangles(state, task[1])
    if same:
        state.torch_left -= 1
        state.torch_used |= set(same)
        state.torch_tris.append(tuple(same))
        state.supply += C.TORCH_MECHANISM_TORCHES
        events.append(ev("torch_mechanism", cells=[list(c) for c in same], supply=state.supply))
    if diff and state.door_stack:
        tok = state.door_stack.pop()
        state.door_used |= set(diff)
        state.door_tris.append(tuple(diff))
        state.doors_done += 1
        data = C.DOOR_TOKENS[tok]
        events.append(ev("door_token", token=tok, cells=[list(c) for c in diff], doors=state.doors_done, **data))
        tasks = [("discard_random",)] * data["tiles"]
        if data["torches"]:
            tasks.append(("torch_loss", data["torches"]))
        if data["hearts"]:
            tasks.append(("heart", data["hearts"]))
        if state.doors_done >= state.doors_needed:
            tasks.append(("boss_wake",))
        state.tasks[0:0] = tasks


def _t_boss_wake(state: State, task, events) -> None:
    state.boss_awake = True
    removed = list(state.pile)
    state.pile, state.top_hearts = [], 0
    state.seen_cards.add(state.boss_card)
    events.append(ev("boss_wake", boss=state.boss_card, removed=removed))
    state.tasks.insert(0, ("place", state.boss_card))


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


def _t_damage(state: State, task, events) -> None:
    left = task[1]
    targets = mummies_in(state, state.pos[state.active])
    if left <= 0 or not targets:
        return
    if len(targets) == 1:
        _hit(state, targets[0], min(left, state.mummies[targets[0]][1]), events)
    else:
        _ask(state, "hit", left=left, targets=targets)


def _t_fight_gain(state: State, task, events) -> None:
    s = state.active
    draws, abilities = task[1], task[2]
    ability = C.CATS[state.cats[s]]["ability"]
    if ability == "draw":
        draws += abilities
    elif ability == "sarc":
        state.tasks[0:0] = [("sarc_draw", s)] * abilities
    elif ability == "torch":
        state.supply += abilities
    _draw(state, s, draws, events)


def _t_lures(state: State, task, events) -> None:
    """Footprints: move the Catventurer and a (non-Boss) Mummy one room away from the Vault."""
    if task[1] <= 0:
        return
    cell = state.pos[state.active]
    vd = vault_distances(state.masks)
    here = vd.get(cell, 0)
    options = []
    for mid in mummies_in(state, cell):
        if mid in C.BOSSES:
            continue
        for n in sorted(neighbours(state.masks, cell)):
            if n != FINAL and vd.get(n, -1) > here:
                options.append((mid, n))
    if options:
        _ask(state, "lure", left=task[1], options=options)


def _t_join_ask(state: State, task, events) -> None:
    _ask(state, "join", seat=task[1])


def _t_regroup_token(state: State, task, events) -> None:
    tok = state.regroup_stack.pop()
    data = C.REGROUP_TOKENS[tok]
    state.supply += data["torches"]
    events.append(ev("regroup_token", token=tok, **data))
    state.tasks[0:0] = [("regroup_draw",)] * data["tiles"]


def _t_regroup_draw(state: State, task, events) -> None:
    if not state.deck:
        return
    if len(state.members) == 1:
        _draw(state, state.members[0], 1, events)
    else:
        _ask(state, "draw_for")


def _t_offers_all(state: State, task, events) -> None:
    if len(state.members) > 1:
        state.tasks[0:0] = [("offer", m) for m in state.members]


def _t_offer(state: State, task, events) -> None:
    _ask(state, "offer", seat=task[1], count=0)


def _t_give_pool(state: State, task, events) -> None:
    if state.pool:
        events.append(ev("pool_revealed", tiles=list(state.pool)))
        _ask(state, "give")


TASKS = {
    "roll": _t_roll, "move_all": _t_move_all, "move": _t_move, "extra": _t_extra, "heart": _t_heart,
    "place": _t_place, "discard_random": _t_discard_random, "torch_loss": _t_torch_loss, "light": _t_light,
    "sarc_draw": _t_sarc_draw, "triangles": _t_triangles, "boss_wake": _t_boss_wake, "end_turn": _t_end_turn,
    "action": _t_action, "damage": _t_damage, "fight_gain": _t_fight_gain, "lures": _t_lures,
    "join_ask": _t_join_ask, "regroup_token": _t_regroup_token, "regroup_draw": _t_regroup_draw,
    "offers_all": _t_offers_all, "offer": _t_offer, "give_pool": _t_give_pool,
}


# ---------------------------------------------------------------------------- views
@dataclass(frozen=True)
class SeatView:
    """What one seat may see: the whole table except other hands and face-down stacks."""

    seat: int
    players: int
    difficulty: str
    active: int
    current: int | None
    phase: str | None
    ctx: tuple
    hand: tuple
    hand_counts: tuple
    cats: tuple
    pos: tuple
    tiles: tuple          # ((cell, tile id, rotation), ...) in placement order
    masks: dict
    supply: int
    torch_left: int
    torch_tris: tuple
    door_tris: tuple
    doors_done: int
    doors_needed: int
    regroup_left: int
    sarc: tuple           # seat -> token ids (revealed when drawn)
    deck_count: int
    discard_count: int
    pile_count: int
    top_hearts: int
    mummies: tuple        # ((id, cell, hearts), ...)
    boss_awake: bool
    boss: int | None
    dice: tuple
    combat: tuple
    pool: tuple
    members: tuple
    said: tuple           # ((seat, line), ...)
    marks: tuple          # ((seat, cell), ...)
    talked: tuple
    turn: int
    over: bool
    won: bool
    cause: str | None

    def ctx_dict(self) -> dict:
        return dict(self.ctx)


def _freeze(v):
    if isinstance(v, dict):
        return tuple((k, _freeze(val)) for k, val in v.items())
    if isinstance(v, (list, tuple)):
        return tuple(_freeze(i) for i in v)
    return v


def seat_view(state: State, seat: int) -> SeatView:
    cur = current_seat(state)
    ctx = dict(state.ctx)
    if seat != state.active:
        ctx.pop("tile", None)
    return SeatView(
        seat=seat, players=state.config.players, difficulty=state.config.difficulty, active=state.active,
        current=cur, phase=state.phase, ctx=_freeze(ctx), hand=tuple(state.hands[seat]),
        hand_counts=tuple(len(h) for h in state.hands), cats=tuple(state.cats), pos=tuple(state.pos),
        tiles=tuple((c, state.tiles[c], state.rots[c]) for c in state.tiles), masks=dict(state.masks),
        supply=state.supply, torch_left=state.torch_left, torch_tris=tuple(state.torch_tris),
        door_tris=tuple(state.door_tris), doors_done=state.doors_done, doors_needed=state.doors_needed,
        regroup_left=len(state.regroup_stack), sarc=tuple(tuple(x) for x in state.sarc),
        deck_count=len(state.deck), discard_count=len(state.discard), pile_count=len(state.pile),
        top_hearts=state.top_hearts,
        mummies=tuple((mid, c, h) for mid, (c, h) in sorted(state.mummies.items())),
        boss_awake=state.boss_awake, boss=state.boss_card if state.boss_awake else None,
        dice=tuple(state.dice), combat=tuple(state.combat), pool=tuple(state.pool), members=tuple(state.members),
        said=tuple(sorted(state.said.items())), marks=tuple(sorted(state.marks.items())),
        talked=tuple(sorted(state.talked)), turn=state.turn, over=state.over, won=state.won, cause=state.cause)


def redeal_hidden(state: State, seat: int, rng: random.Random) -> State:
    """A copy where the draw deck, other seats' hands and every face-down stack are reshuffled."""
    s = state.copy()
    others = [i for i in range(s.config.players) if i != seat]
    hidden = list(s.deck) + [t for i in others for t in s.hands[i]]
    rng.shuffle(hidden)
    s.deck = hidden[:len(s.deck)]
    at = len(s.deck)
    for i in others:
        n = len(s.hands[i])
        s.hands[i] = hidden[at:at + n]
        at += n
    for stack in (s.sarc_stack, s.door_stack, s.regroup_stack):
        rng.shuffle(stack)
    unseen = [i for i, mid in enumerate(s.pile) if mid not in s.seen_cards]
    ids = [s.pile[i] for i in unseen]
    rng.shuffle(ids)
    for i, mid in zip(unseen, ids):
        s.pile[i] = mid
    if not s.boss_awake:
        s.boss_card = rng.choice(sorted(C.BOSSES))
    s.rng = random.Random(rng.random())
    return s
