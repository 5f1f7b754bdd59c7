"""The AI's judgement of a position: one number, higher is better for the team.

Robo Run is cooperative, so there is a single value for both seats. It is read at the end
of a searched turn (see ai.py), so it has to estimate the future cheaply:

* progress: the moves each good robot still needs to its exit (ai.board distances through
  tunnels, lifts and pushers; via the lever while the exits are closed); an escaped robot
  is worth more than any distance;
* danger: how close each bad robot is to each good robot, on the bad robot's own board
  graph (its colour decides which gates it passes). One space away is very dangerous: a
  single card's bottom part or the Event can close it;
* a bad robot parked on a good robot's only exit blocks it;
* Hidden Exit Points: a robot whose door is open while the other robot's door still waits
  for a number may walk out and strand the other one (strand_risk);
* time: if the robots need more moves than the remaining cards can give, every missing
  move costs extra;
* resources: Energy, unlocked abilities and Equipment cards are worth a little, so the AI
  collects tokens on the way but never trades progress or safety for them.

The weights are plain constants below; docs/roborun-ai.md explains how they were chosen.
"""
from __future__ import annotations

from game.roborun.ai.board import INF, board_graph, exit_distance, exits_for, level_facts, levers_of, number_route
from game.roborun.rules.cards import event_cards
from game.roborun.rules.state import GOOD, GameState

WIN = 100_000.0
LOSS = -100_000.0
ESCAPED = 400.0                 # per good robot already out (more than any remaining distance)
DIST_W = 10.0                   # per move still needed
UNREACHABLE = 30                # distance counted for a robot with no route (e.g. behind a Wall token)
DEAD_END = -1                   # number_gap: the Hidden Exit Point can never open (a lost scenario)
DEAD_END_MARGIN = 1000.0        # still counts as lost (below LOSS / 2), but better than losing now
DANGER = {1: 45.0, 2: 12.0, 3: 3.0}   # bad robot this many moves from a good robot
EXIT_BLOCKED = 35.0             # a bad robot sits on a good robot's only exit
MOVES_PER_CARD = 1.2            # rough good-robot moves one Action card gives a robot
LATE_W = 6.0                    # per move the remaining cards probably cannot give
ENERGY_W = 3.5                  # Energy pays for protective abilities later: not spent for small gains
UNLOCK_W = 4.0
EQUIP_W = 3.0
EVENT_THREAT = 1500.0           # a coming Event card would move a bad robot onto a good robot
SPAWN_SOON = 90.0               # a good robot on this round's new-robot space near the round's end
SPAWN_LATER = 10.0              # ... earlier in the round
LEVER_WAIT = 0.5                # closed exits: per move the opener still needs to the lever, per other robot
_NO_EXITS: frozenset = frozenset()   # a colour with no exit on the map
STRAND_W = 15.0                 # Hidden Exit Points: a robot whose open door would strand the other robot,
STRAND_NEAR = 8                 # ... per move it stands closer than this to that door
KEY_DETOUR = 3                  # keys_open_exits: the route to the exit crosses the Key beside it


def cards_left(state: GameState) -> int:
    """Action cards still to be played in this scenario (this round's stands + later rounds)."""
    return len(state.stands[0]) + len(state.stands[1]) + 6 * max(0, 4 - state.round)


def robot_distance(state: GameState, rid: int, walls: frozenset, lasers: frozenset) -> int:
    d = exit_distance(state.level, state.colour[rid], state.pos[rid], state.exits_open, walls, lasers)
    return UNREACHABLE if d >= INF else d


def evaluate(state: GameState) -> float:
    """The team's value of `state` (see the module docstring)."""
    if state.outcome == "won":
        return WIN - 100.0 * (state.won_round or 4)
    if state.outcome == "lost":
        return LOSS
    walls = frozenset(state.wall_tokens)
    lasers = frozenset(state.lasers)
    graphs: dict = {}
    value = ESCAPED * len(state.escaped)
    needed = 0
    robots = 0
    colours = state.colour
    level = state.level
    facts = level_facts(level)
    reaches: dict[int, dict] = {}     # each bad robot's reach table, in state.pos order
    for r, q in state.pos.items():
        colour = colours[r]
        if colour not in GOOD:
            graph = graphs.get(colour)
            if graph is None:
                graph = graphs[colour] = board_graph(level, colour, walls, lasers)
            reaches[r] = graph.distances_from(q)
    bad_spots = {state.pos[r] for r in reaches}
    keys_rule = "keys_open_exits" in state.rules
    spawn = level.spawns.get(state.round) if state.support and state.round < 4 else None
    closed = not state.exits_open and bool(facts.all_exits)
    detours: list[int] = []
    to_lever: list[int] = []
    for rid, pos in state.pos.items():
        colour = colours[rid]
        if colour not in GOOD:
            continue
        robots += 1
        exits = facts.exits.get(colour, _NO_EXITS)
        if keys_rule and exits:
            d = key_route(state, rid, exits, walls, lasers)
        elif closed:
            # Exits shut until a lever: only one robot has to make the detour (the opener);
            # the others are counted on their direct way and the cheapest detour once below.
            direct = exit_distance(state.level, colour, pos, True, walls, lasers)
            via = robot_distance(state, rid, walls, lasers)
            d = UNREACHABLE if direct >= INF else direct
            detours.append(via - d)
            levers = levers_of(state.level, "open_exits") or levers_of(state.level)
            if levers:
                to_lever.append(board_graph(state.level, colour, walls, lasers).distance(pos, levers))
        else:
            d = robot_distance(state, rid, walls, lasers)
        if d == 0 and pos in exits:
            d = 2               # standing on its exit without leaving: it must step off and back on
        needed += d
        value -= DIST_W * d
        near = 0.0                # danger: each bad robot's reach, looked up once per position
        for reach in reaches.values():
            near += DANGER.get(reach.get(pos, INF), 0.0)
        value -= near
        if exits and exits <= bad_spots:
            value -= EXIT_BLOCKED
        gap = number_gap(state, rid, walls, lasers) if colour in facts.hidden_values else 0
        if gap == DEAD_END:
            return LOSS + DEAD_END_MARGIN          # nobody left who can ever hold the Number token
        value -= DIST_W * gap
        if 0 < gap < UNREACHABLE:
            detour = carrier_detour(state, rid, gap, walls, lasers)
            needed += gap + detour
            value -= DIST_W * detour
        if pos == spawn:
            value -= SPAWN_SOON if len(state.stands[0]) + len(state.stands[1]) <= 2 else SPAWN_LATER
    if detours:
        detour = max(0, min(detours))
        needed += detour
        value -= DIST_W * detour
        if to_lever and robots > 1:
            # every move before the lever is reached delays the other robots' escape too
            value -= DIST_W * LEVER_WAIT * min(min(to_lever), UNREACHABLE) * (robots - 1)
    if facts.hidden_values:
        value -= STRAND_W * strand_risk(state, facts, walls, lasers)
    value -= event_threat(state, walls, lasers, graphs, reaches)
    shortfall = needed - cards_left(state) * MOVES_PER_CARD * max(1, robots)
    if shortfall > 0:
        value -= LATE_W * shortfall
    value += ENERGY_W * (state.energy[0] + state.energy[1])
    value += UNLOCK_W * (len(state.unlocked[0]) + len(state.unlocked[1]) + state.chip[0] + state.chip[1])
    value += EQUIP_W * (len(state.hands[0]) + len(state.hands[1]))
    return value


def strand_risk(state: GameState, facts, walls: frozenset, lasers: frozenset) -> int:
    """Hidden Exit Points: moves under STRAND_NEAR that a robot whose door is open (the other
    player holds its number) stands from that door while the other player's robot still waits
    for a number this robot's owner does not hold. If it leaves, that robot can never leave, and
    a partner who does not think of Number tokens walks out as soon as its door opens (tuning
    deal 4.2 4300: the AI picked up greedy's number in round 1, greedy left in round 2 without
    the AI's, and the AI's robot stood on its shut door until time ran out). So the AI opens its
    partner's door late, or when its own number is held, and keeps an opened one's robot busy."""
    risk = 0
    for x, pos in state.pos.items():
        needs = facts.hidden_values.get(state.colour[x])
        if not needs or facts.plain_exit.get(state.colour[x]):
            continue
        owner = state.owner.get(x, 0)
        if not needs & set(state.numbers[1 - owner]):
            continue
        for y in state.pos:
            waits = facts.hidden_values.get(state.colour[y])
            if state.owner.get(y) == 1 - owner and waits and not facts.plain_exit.get(state.colour[y]) \
                    and not waits & set(state.numbers[owner]):
                risk += max(0, STRAND_NEAR - robot_distance(state, x, walls, lasers))
                break
    return risk


def event_threat(state: GameState, walls: frozenset, lasers: frozenset, graphs: dict,
                 reaches: dict | None = None) -> float:
    """Expected loss from the Event at the end of this round ("distance after the likely event").

    The Event deck's order is hidden, but which Event cards remain is public, so each is
    equally likely next. A 'good'-target Event whose bad robots are within its steps of a
    good robot would destroy it. The fewer cards left before the Event, the less time to
    get away, so the weight grows as the round runs out."""
    if state.round >= 4 or state.phase != "action" or not state.event_deck:
        return 0.0
    goods = [p for r, p in state.pos.items() if state.colour[r] in GOOD]
    if not goods:
        return 0.0
    left = len(state.stands[0]) + len(state.stands[1])
    weight = max(0.15, 1.0 - 0.2 * left)
    remaining = set(state.event_deck)
    cards = event_cards()
    threat = 0.0
    nearest: dict[int, int] = {}          # robot -> its moves to the closest good robot
    for eid in remaining:
        card = cards[eid]
        if card.target != "good":
            continue
        for r, q in state.pos.items():
            colour = state.colour[r]
            if colour not in card.colours:
                continue
            d = nearest.get(r)
            if d is None:
                reach = reaches.get(r) if reaches else None      # evaluate's tables of the bad robots
                if reach is None:
                    graph = graphs.get(colour)
                    if graph is None:
                        graph = graphs[colour] = board_graph(state.level, colour, walls, lasers)
                    reach = graph.distances_from(q)
                d = nearest[r] = min(reach.get(p, INF) for p in goods)
            if d <= card.steps:
                threat += 1.0
                break
    return EVENT_THREAT * weight * threat / len(remaining)


_ROUTES: dict = {}                # number_route results for one level (see _number_route)
_ROUTES_LEVEL: list = [None]
ROUTES_KEPT = 20_000


def _number_route(level, values: frozenset, mates: list, held: list, items: dict,
                  walls: frozenset, lasers: frozenset, then: bool = False) -> int:
    """board.number_route, remembered: the look-ahead judges many positions where the robots
    that matter stand where they stood (a tenth of the search's time on Hidden Exit maps).
    The route reads only the Number tokens among the items, so only they are in the key."""
    if _ROUTES_LEVEL[0] is not level or len(_ROUTES) > ROUTES_KEPT:
        _ROUTES.clear()
        _ROUTES_LEVEL[0] = level
    numbers = frozenset((p, v) for p, (kind, v) in items.items() if kind == "number")
    key = (values, tuple(mates), tuple(held), numbers, walls, lasers, then)
    d = _ROUTES.get(key)
    if d is None:
        d = _ROUTES[key] = number_route(level, values, mates, held, items, walls, lasers, then=then)
    return d


def number_gap(state: GameState, rid: int, walls: frozenset, lasers: frozenset) -> int:
    """Hidden Exit Points: moves before the teammate holds the Number token this robot's exit needs.

    0 when the robot has an ordinary exit or the teammate already holds a needed value; else
    the teammate's robot's distance to the nearest such token on the map, or, when the robot's
    own owner holds it, a hand-over (the robots must meet: half their distance)."""
    level = state.level
    colour = state.colour[rid]
    facts = level_facts(level)
    values = facts.hidden_values.get(colour)
    if not values or facts.plain_exit.get(colour):
        return 0
    owner = state.owner.get(rid, 0)
    mate = 1 - owner
    if values & set(state.numbers[mate]):
        return 0
    mates = [r for r in state.pos if state.owner.get(r) == mate and state.colour[r] in ("green", "red")]
    if not mates:
        return DEAD_END             # the teammate's robots are gone: nobody can take or receive a token
    if values & set(state.numbers[owner]):
        here, there = state.pos[rid], state.pos[mates[0]]
        return max(0, (abs(here[0] - there[0]) + abs(here[1] - there[1]) - 1) // 2)
    d = _number_route(level, values, [(state.colour[r], state.pos[r]) for r in mates], state.numbers[mate],
                      state.items, walls, lasers)
    return UNREACHABLE if d >= INF else d


def carrier_detour(state: GameState, rid: int, gap: int, walls: frozenset, lasers: frozenset) -> int:
    """Hidden Exit Points: the moves the teammate's robot loses by fetching the Number token
    this robot's exit needs, beyond its own way out: (to the token, then on to its own exit)
    minus (the token part, counted by number_gap) minus (its direct way out, counted as its
    distance). Without it, a step towards the token and a step away from its exit cancel out
    and the carrier never sets off (2.5 deals lost to time with one robot beside its exit)."""
    level = state.level
    values = level_facts(level).hidden_values.get(state.colour[rid])
    mate = 1 - state.owner.get(rid, 0)
    mates = [(state.colour[r], state.pos[r]) for r in state.pos
             if state.owner.get(r) == mate and state.colour[r] in ("green", "red")]
    if not values or not mates or values & set(state.numbers[state.owner.get(rid, 0)]):
        return 0
    tour = _number_route(level, values, mates, state.numbers[mate], state.items, walls, lasers, then=True)
    if tour >= INF:
        return 0
    direct = min(exit_distance(level, c, p, state.exits_open, walls, lasers) for c, p in mates)
    return max(0, tour - gap - (UNREACHABLE if direct >= INF else direct))


def key_route(state: GameState, rid: int, exits: frozenset, walls: frozenset, lasers: frozenset) -> int:
    """keys_open_exits: moves to escape when a Key must lie next to the exit.

    With a Key already next to an exit, the plain distance. Otherwise the robot walks to a
    Key (entering its space lets the active player push it one space), and the Key then
    travels next to the exit: the robot's distance to the Key plus the Key's distance to
    the exit, a fair estimate since the robot pushes the Key ahead of it."""
    adjacent = {(x + dx, y + dy) for x, y in exits for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}
    placed = state.keys & adjacent
    if placed:
        # Stepping on the Key beside the exit moves it away again (rulebook, 'Key token'):
        # the route goes around it, or, if only through it, costs the Key's way back.
        around = exit_distance(state.level, state.colour[rid], state.pos[rid], state.exits_open,
                               walls | placed, lasers)
        if around < INF:
            return around
        return robot_distance(state, rid, walls, lasers) + KEY_DETOUR
    if not state.keys:
        return UNREACHABLE
    graph = board_graph(state.level, state.colour[rid], walls, lasers)
    reach = graph.distances_from(state.pos[rid])
    to_exit = graph.distances_to(exits)
    best = INF
    for key in state.keys:
        if key in reach and key in to_exit:
            best = min(best, reach[key] + max(1, to_exit[key]) + 1)
    return UNREACHABLE if best >= INF else best
