"""`python main.py solve FILE [--seed S]`: search a winning line for one deal.

The seed fixes the deal (card faces, event order, equipment deck); the solver sees
everything and decides for both seats. It is a designer's tool: "can this map be won with
these cards, how fast, and how many first moves keep a win open?" It is NOT the game AI
(which only sees a seat view).

Guide: the moves the good robots still need to reach their exits (ai.board.exit_distance:
tunnels, lifts, pushers, gates, closed exits via the lever, Monostable Buttons where a
colour has no exit; Lava, Acid, Crushers and Lasers are walls of death) plus errands their
exits need (a Number token for a Hidden Exit Point - picked up, or made on a Number
Exchanger / Changer: ai.board.number_route; a Key beside the exit) plus a penalty for each
bad robot next to a good one; ties keep Energy/Equipment, then prefer deeper states.
Search: beam searches of growing width (keep the best few states per decision depth:
fast, and not fooled for long by one blocking robot), then greedy best-first with what
is left of the budget, which is exhaustive if it runs dry. BEEP is never used (it only
passes a hint, and the solver plays both seats). Repeated states are skipped by a digest
of the state. Every `apply` counts as one node against the budget, as does
wall-clock time; when the budget runs out the answer is "none found within the bound",
and only an exhausted search space means "no win exists".
"""
from __future__ import annotations

import argparse
import hashlib
import heapq
import itertools
import json
import pickle
import re
import time
from dataclasses import dataclass, field
from pathlib import Path

from game.core import storage
from game.core.errors import UserError
from game.roborun.rules.level import LevelSpec
from game.roborun.ai.board import exit_distance, number_route
from game.roborun.levels.tmx_loader import find_level, load_level
from game.roborun.rules.engine import apply, legal_choices, new_game

UNREACHABLE = 99          # distance cap for a robot with no route (keeps priorities finite)
FIRST_MOVE_MIN_NODES = 300
BEAM_WIDTHS = (6, 4, 10, 16, 32)
DANGER = 2                # priority penalty per bad robot next to a good robot


@dataclass
class Budget:
    nodes: int = 40_000
    seconds: float = 20.0


@dataclass
class SolveResult:
    level: str
    seed: int
    won: bool
    choices: list = field(default_factory=list)        # Choice objects from new_game to the win
    rounds: int | None = None                          # fewest rounds found for a win
    rounds_proven: bool = False                        # True when fewer rounds were searched exhaustively
    first_moves: int = 0                               # options at the first card choice of the deal
    winning_first_moves: int | None = None             # of those, how many lead to a win found within the bound
    nodes: int = 0
    exhausted: bool = False                            # search space fully explored (so "no win" is proven)
    seconds: float = 0.0

    def replay_json(self) -> dict:
        return {"level": self.level, "seed": self.seed, "setup": None, "choices": [c.to_json() for c in self.choices]}


# ------------------------------------------------------------------ search
_SKIP_IN_KEY = {"level", "geo", "messages", "later", "events_seen", "seed", "robot_names", "start_positions", "rules"}


_KEY_SLOTS: dict[type, tuple[str, ...]] = {}


def state_key(state) -> bytes:
    """A digest of everything that shapes a state's future. Equal digests: the search
    visits one of the states. (Containers pickled in a different order only cost a
    missed merge, never a wrong answer.)"""
    cls = type(state)
    names = _KEY_SLOTS.get(cls)
    if names is None:                     # "_" slots are caches; the rest is listed above
        names = _KEY_SLOTS[cls] = tuple(n for n in cls.__slots__ if n not in _SKIP_IN_KEY and n != "pending"
                                        and not n.startswith("_"))
    pending = state.pending
    decision = None if pending is None else (
        pending.kind, pending.seat, pending.ctx, tuple((c.kind, c.args) for c in pending.options))
    parts = (decision, *(getattr(state, n) for n in names))
    return hashlib.blake2b(pickle.dumps(parts, protocol=pickle.HIGHEST_PROTOCOL), digest_size=16).digest()


class _Distances:
    """The search's guide: moves the good robots still on the map need, summed, plus the
    errands their exits demand (a Number token for a Hidden Exit Point, a Key beside the
    exit under keys_open_exits). Memoised per robot situation."""

    def __init__(self):
        self.memo: dict[tuple, int] = {}
        self.exits: dict[str, list] = {}          # colour -> its (hidden) exit spaces; the map is fixed

    def __call__(self, state) -> int:

        walls = frozenset(state.wall_tokens)
        lasers = frozenset(state.lasers)
        total = 0
        for rid in state.good_on_map():
            key = (state.colour[rid], state.pos[rid], state.exits_open, walls, lasers)
            d = self.memo.get(key)
            if d is None:
                d = self.memo[key] = min(UNREACHABLE, exit_distance(state.level, *key))
            total += d + self.errands(state, rid, walls, lasers) + self.danger(state, rid)
        return total

    @staticmethod
    def danger(state, rid: int) -> int:
        """A bad robot right next to a good one is one move from ending the scenario."""
        x, y = state.pos[rid]
        return DANGER * sum(1 for other in state.bad_on_map()
                            if abs(state.pos[other][0] - x) + abs(state.pos[other][1] - y) == 1)

    def errands(self, state, rid: int, walls: frozenset, lasers: frozenset) -> int:
        level = state.level
        colour = state.colour[rid]
        cost = 0
        exits = self.exits.get(colour)
        if exits is None:
            exits = self.exits[colour] = [(x, y) for y, row in enumerate(level.spaces) for x, s in enumerate(row)
                                          if s.kind in ("exit", "hidden_exit") and s.colour == colour]
        for pos in exits:
            space = level.space(pos)
            if space.kind == "hidden_exit":
                cost += self.number_errand(state, state.owner[rid], space.value, walls, lasers)
        if "keys_open_exits" in state.rules and exits:
            near = min(min(abs(k[0] - e[0]) + abs(k[1] - e[1]) for e in exits) for k in state.keys) \
                if state.keys else UNREACHABLE
            cost += max(0, near - 1)
        return cost

    @staticmethod
    def number_errand(state, owner: int, value: int, walls: frozenset, lasers: frozenset) -> int:
        """Moves until the teammate of `owner` holds a Number token of `value` (a Hidden
        Exit Point needs it). Tokens stay with the PLAYER after their robot escapes, but
        only robots on the map can pick one up or hand it over."""

        mate = 1 - owner
        if value in state.numbers[mate]:
            return 0
        mate_robots = state.robots_of(mate)
        if not mate_robots:
            return UNREACHABLE                   # nobody left who could receive it: a dead end
        if value in state.numbers[owner]:
            return 2                             # walk up to each other and hand it over
        d = number_route(state.level, frozenset((value,)),
                         [(state.colour[r], state.pos[r]) for r in mate_robots], state.numbers[mate],
                         state.items, walls, lasers)      # map tokens, Number Exchangers and Changers
        return min(UNREACHABLE, d)


class _Search:
    """Search state shared by the phases of one solve: node count, limits, heuristic memo.
    Callers move `node_limit` / `deadline` to give a phase its share of the budget."""

    def __init__(self, budget: Budget):
        self.budget = budget
        self.nodes = 0
        self.node_limit = budget.nodes
        self.deadline = time.perf_counter() + budget.seconds
        self.distance_left = _Distances()

    def out_of_budget(self) -> bool:
        return self.nodes >= self.node_limit or time.perf_counter() >= self.deadline

    def run(self, root, max_round: int = 4):
        """Best-first from `root`; returns (path of choices or None, exhausted)."""
        counter = itertools.count()
        distance_left = self.distance_left
        heap = [(distance_left(root), 0, 0, next(counter), root, ())]
        seen = {state_key(root)}
        while heap:
            if self.out_of_budget():
                return None, False
            _h, _spent, depth, _n, state, path = heapq.heappop(heap)
            for child, line, won in self.expand(state, path, seen, max_round):
                if won:
                    return _unwind(line), False
                heapq.heappush(heap, (distance_left(child), _spent_key(child), depth - 1, next(counter), child, line))
        return None, True

    def expand(self, state, path, seen: set, max_round: int):
        """Children worth searching: (child, line, won). A win is yielded at once; lost,
        too-late and already-seen states are dropped. Counts every node applied."""

        stack = [(state, path, 0)]
        while stack:
            state, path, inner = stack.pop()
            for choice in _worth_trying(legal_choices(state)):
                child = state.copy()
                apply(child, choice)
                self.nodes += 1
                line = (path, choice)
                if child.outcome == "won":
                    yield child, line, True
                    return
                if child.outcome is not None or child.round > max_round:
                    continue
                key = state_key(child)
                if key in seen:
                    continue
                seen.add(key)
                if _is_reaction(child) and inner < 3:
                    stack.append((child, line, inner + 1))   # answer the reaction in the same step
                else:
                    yield child, line, False

    def beam(self, root, width: int, max_round: int = 4):
        """Beam search: keep the `width` best states at every decision depth. Robust where
        best-first gets stuck behind one blocking bad robot; not exhaustive."""
        distance_left = self.distance_left
        frontier = [(root, ())]
        seen = {state_key(root)}
        while frontier and not self.out_of_budget():
            children = []
            for state, path in frontier:
                for child, line, won in self.expand(state, path, seen, max_round):
                    if won:
                        return _unwind(line)
                    children.append((distance_left(child), _spent_key(child), len(children), child, line))
            children.sort(key=lambda c: c[:3])
            frontier = [(c[3], c[4]) for c in children[:width]]
        return None

    def find(self, root, max_round: int = 4):
        """Beams of growing width first (fast, usually enough), then best-first with what
        is left of the budget (which can also prove that no win exists)."""
        for width in BEAM_WIDTHS:
            if self.out_of_budget():
                return None, False
            line = self.beam(root, width, max_round)
            if line is not None:
                return line, False
        return self.run(root, max_round)


def _is_reaction(state) -> bool:
    """A reaction window (a protective ability offered at a danger, engine._react): the
    search answers it within the move that raised it, so every line reaches the next
    decision in the same number of steps whether or not a danger came up."""
    dec = state.pending
    return dec is not None and dec.kind == "window" and bool(dec.ctx) and dec.ctx[0] != "window"


def _worth_trying(options: list) -> list:
    """Options that can change the board. BEEP only passes a hint between players, and the
    solver plays both seats, so it always declines the BEEP."""
    if any(c.kind == "no_beep" for c in options):
        return [c for c in options if c.kind != "beep"]
    return options


def _spent_key(state) -> int:
    """Tie-break between equally close states: keep Energy and Equipment for later."""
    return -(sum(state.energy) + sum(len(h) for h in state.hands))


def _unwind(line) -> list:
    out = []
    while line:
        line, choice = line
        out.append(choice)
    return out[::-1]


def _replay(level: LevelSpec, seed: int, choices: list):

    state = new_game(level, seed)
    for choice in choices:
        apply(state, choice)
    return state


def solve_deal(level: LevelSpec, seed: int, budget: Budget | int | None = None,
               count_first_moves: bool = True) -> SolveResult:
    """Search a winning line for one deal under the Single Scenario Mode set-up.
    `budget` is a Budget, a node count (with the default time bound), or None (defaults)."""

    if isinstance(budget, int):
        budget = Budget(nodes=budget)
    budget = budget or Budget()
    started = time.perf_counter()
    search = _Search(budget)
    root = new_game(level, seed)
    result = SolveResult(level=level.level_id or level.source, seed=seed, won=False)
    path, exhausted = search.find(root)
    result.exhausted = exhausted
    if path is not None:
        final = _replay(level, seed, path)
        result.won = final.outcome == "won"
        result.choices = path
        result.rounds = final.won_round or final.round
        for cap in range(1, result.rounds):            # fewer rounds?
            if search.out_of_budget():
                break
            shorter, done = search.find(root, max_round=cap)
            if shorter is not None:
                result.choices = shorter
                result.rounds = cap
                result.rounds_proven = True             # every smaller cap was searched before
                break
            if not done:
                break
        else:
            result.rounds_proven = True                 # every smaller cap was searched to the end
    if count_first_moves and result.won:
        _count_first_moves(search, level, seed, result)
    result.nodes = search.nodes
    result.seconds = time.perf_counter() - started
    return result


def _count_first_moves(search: _Search, level: LevelSpec, seed: int, result: SolveResult) -> None:
    """How many options at the first card choice (reached along the winning line) still
    lead to a win. The line's own choice counts without a search; every other option gets
    an equal share of the remaining budget (at least FIRST_MOVE_MIN_NODES)."""

    state = new_game(level, seed)
    index = 0
    while state.pending is not None and state.pending.kind != "card" and index < len(result.choices):
        apply(state, result.choices[index])
        index += 1
    if state.pending is None or index >= len(result.choices):
        return
    options = _worth_trying(legal_choices(state))
    taken = result.choices[index]
    result.first_moves = len(options)
    share = max(FIRST_MOVE_MIN_NODES, search.budget.nodes // (4 * len(options)))
    seconds = max(0.5, search.budget.seconds / (4 * len(options)))
    wins = 0
    for choice in options:
        if choice == taken:
            wins += 1
            continue
        child = state.copy()
        apply(child, choice)
        search.nodes += 1
        if child.outcome == "won":
            wins += 1
        elif child.outcome is None:
            search.node_limit, search.deadline = search.nodes + share, time.perf_counter() + seconds
            line, _done = search.find(child)
            wins += line is not None
    result.winning_first_moves = wins


# ------------------------------------------------------------------ command line
def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="main.py solve", description="Search a winning line for one Robo Run deal.")
    parser.add_argument("level", help="map file or shipped level id like 1.1")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--nodes", type=int, default=Budget.nodes, help="node bound (engine applies)")
    parser.add_argument("--seconds", type=float, default=Budget.seconds, help="time bound")
    parser.add_argument("--out", help="replay JSON file to write (default: solve-<level>-<seed>.json)")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return 0 if exc.code == 0 else 2
    if args.nodes < 1 or not 0 < args.seconds <= 1e6:      # nan, inf and 0 too
        raise UserError("command line", "--nodes and --seconds must be positive")
    level = load_level(find_level(args.level))
    default = f"solve-{level.level_id or Path(level.source or 'map').stem}-{args.seed}.json"
    out = storage.check_output(args.out or default, "replay")
    result = solve_deal(level, args.seed, Budget(args.nodes, args.seconds))
    print(f"level {result.level} seed {result.seed}: {result.nodes} nodes in {result.seconds:.1f}s")
    if not result.won:
        print("no win exists for this deal" if result.exhausted else "no win found within the bound")
        return 1
    replay = result.replay_json()
    if not re.fullmatch(r"\d+\.\d+", args.level):
        replay["level"] = str(Path(args.level).resolve())     # a map outside levels/: replay that file
    # checked before the search; if it still fails now, the result goes to the data folder
    out, moved = storage.write_output(out, json.dumps(replay, indent=1) + "\n")
    if moved:
        print(f"note: {moved}")
    exact = "" if result.rounds_proven else " (fewest found; fewer not ruled out within the bound)"
    print(f"win in round {result.rounds}{exact}; {len(result.choices)} choices -> {out.resolve()}")
    if result.winning_first_moves is not None:
        print(f"winning first moves: {result.winning_first_moves} of {result.first_moves} card choices "
              "(at least; each searched within its share of the bound)")
    return 0
