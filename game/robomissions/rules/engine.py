"""ROBOMissions rules engine: pure, deterministic, no pygame.

Public API (what the table screen and the AI call; the contract of game.core.engine is
re-exported by `game.robomissions.rules`):

    state = new_game(Config(mode, players), seed)   mode: "ffa" (2-4 players) | "2v1" (3) | "2v2" (4)
    state.copy()                                cheap independent copy (search, undo)
    state.current_player                        seat whose decision it is
    state.is_over, state.winners, state.winner  winners: tuple of seats (a team credits every member)
    state.setup_events                          events of the deal (heads face up, hands, re-deals)
    legal_choices(state) -> list[Action]        every legal next decision, never empty until over
    apply(state, action) -> list[Event]         mutates state; raises IllegalAction if not legal
    describe(state, action) -> str              a human label with card names
    robot_hp(state, robot), robot_ap(state, robot), robots_of(state, seat), outermost_parts(...)

A turn is a series of SMALL decisions so a screen can highlight what is clickable:

    top level:  Draw() | Play(card) | RepairChain(gap) | UseBattery(card) | SelfCharge(robot) | EndTurn()
    then, while `state.pending` is set, the card being played asks for Pick(kind, ref) choices:
        Pick("robot", robot_id)   a robot (attacker, target, Megabot to attach to, ...)
        Pick("new", -1)           start a new Megabot with this Head or Body
        Pick("side", 0|1)         which side of the Body an Arm goes on
        Pick("slot", i)           Chainbot position: a gap index, or len(chain) for the end
        Pick("part", card)        which outermost part Chop Chop removes
        Pick("player", seat)      Sabotage's victim
    and Cancel() backs out while nothing irreversible has happened (`pending.committed` False).
    state.pending.step names what is being asked: attacker | target | megabot | side | slot |
    robot | source | counter | part | player.
    At the end of a turn with too many cards, state.phase == "discard" and the player picks
    Discard(card) until the hand fits (the player chooses the discards).

Actions are frozen dataclasses with `.label` and `.to_json()`; `action_from_json(d)` (also
reachable as `Play.from_json(d)` etc.) reverses it.
An action costs one of the turn's actions when it COMMITS (the card leaves the hand, or the
attack happens), so a cancelled choice costs nothing. When the actions run out the turn ends
by itself.

Model decisions (the why is in docs/robomissions-content.md):
  * Megabot damage is ONE pool: HP = sum of its cards' HP (each halved, or 0 without HP,
    while headless); it is knocked out whole when damage >= that HP (so "total HP hits 0").
  * Chainbots of a player form one chain (a list with None for gaps). A battery on any
    Chainbot powers its whole gap-free segment; every member that has not attacked this turn
    attacks the same target together.
  * Batteries are cards: Battery (single), Series Pack and Parallel Pack (2 in series/parallel).
"""
from __future__ import annotations

import random
from dataclasses import asdict, dataclass, field, fields, replace

from game.core.engine import IllegalChoice, Result
from game.core.errors import UserError
from game.robomissions.rules.cards import CardDef, build_deck, default_cards
from game.robomissions.rules.events import Event

MODES: dict[str, tuple[int, ...]] = {"ffa": (2, 3, 4), "2v1": (3,), "2v2": (4,)}
HAND_SIZE, BUFF_HAND_SIZE = 5, 8
HAND_LIMIT, BUFF_HAND_LIMIT = 7, 10
ACTIONS, BUFF_ACTIONS = 2, 3
TURN_CAP = 400          # safety net; reported by the simulator if it ever triggers
COUNTER = 10            # the small damage counter
DISPERSE_MAX = 50       # one big counter's worth, exchangeable for five 10s
REPAIR_KIT = 30
MEDIC_REPAIR = 10
ARMOR = 10
MEGABOT_SLOTS = ("head", "body", "arm0", "arm1", "legs")
LIMB_SLOTS = ("arm0", "arm1", "legs")


GAME_ID = "robomissions"


class IllegalAction(IllegalChoice):
    """apply() was given an action that legal_choices() does not list (the state is unchanged)."""


@dataclass(frozen=True)
class Config:
    """How a game is set up: the mode and the number of players (seats 0..players-1)."""

    mode: str = "ffa"
    players: int = 2

    def to_json(self) -> dict:
        return {"mode": self.mode, "players": self.players}

    @staticmethod
    def from_json(data: dict) -> "Config":
        if not isinstance(data, dict):
            raise ValueError("a ROBOMissions set-up is a JSON object")
        mode, players = data.get("mode", "ffa"), data.get("players", 2)
        if not isinstance(mode, str) or not isinstance(players, int) or isinstance(players, bool):
            raise ValueError("'mode' must be text and 'players' a whole number")
        if mode not in MODES or players not in MODES[mode]:
            raise ValueError(f"no {mode!r} game for {players} players")
        return Config(mode, players)


# ----------------------------------------------------------------------------- actions
class _Action:
    def to_json(self) -> dict:
        return {"type": type(self).__name__, **asdict(self)}  # type: ignore[call-overload]

    @staticmethod
    def from_json(data: dict) -> Action:
        return action_from_json(data)


@dataclass(frozen=True)
class Draw(_Action):
    label = "Draw a card"


@dataclass(frozen=True)
class Play(_Action):
    card: int

    @property
    def label(self) -> str:
        return f"Play card {self.card}"


@dataclass(frozen=True)
class Pick(_Action):
    kind: str   # robot | new | side | slot | part | player
    ref: int

    @property
    def label(self) -> str:
        return "Start a new Megabot" if self.kind == "new" else f"Choose {self.kind} {self.ref}"


@dataclass(frozen=True)
class RepairChain(_Action):
    gap: int

    @property
    def label(self) -> str:
        return f"Repair the chain at position {self.gap}"


@dataclass(frozen=True)
class UseBattery(_Action):
    card: int

    @property
    def label(self) -> str:
        return f"Use parallel battery {self.card} again"


@dataclass(frozen=True)
class SelfCharge(_Action):
    robot: int

    @property
    def label(self) -> str:
        return f"Self-charge robot {self.robot}"


@dataclass(frozen=True)
class Cancel(_Action):
    label = "Cancel"


@dataclass(frozen=True)
class EndTurn(_Action):
    label = "End turn"


@dataclass(frozen=True)
class Discard(_Action):
    card: int

    @property
    def label(self) -> str:
        return f"Discard card {self.card}"


Action = Draw | Play | Pick | RepairChain | UseBattery | SelfCharge | Cancel | EndTurn | Discard
ACTION_TYPES = {cls.__name__: cls for cls in (Draw, Play, Pick, RepairChain, UseBattery, SelfCharge, Cancel, EndTurn, Discard)}


def action_from_json(data: dict) -> Action:
    """Rebuild an action from `action.to_json()`; UserError on anything malformed."""
    cls = ACTION_TYPES.get(data.get("type", "")) if isinstance(data, dict) else None
    if cls is None:
        raise UserError("action", f"unknown action {data!r}")
    names = [f.name for f in fields(cls)]
    try:
        return cls(**{n: data[n] for n in names})
    except KeyError as exc:
        raise UserError("action", f"{cls.__name__} needs '{exc.args[0]}'") from None


# ----------------------------------------------------------------------------- state
@dataclass(slots=True)
class Robot:
    """A robot on the table. Megabot parts are keyed by slot; other robots use slot 'core'."""

    rid: int
    owner: int
    kind: str                      # megabot | singlebot | chainbot
    parts: dict[str, int]
    damage: int = 0
    shield: int | None = None      # Force Field card protecting it
    battery: int | None = None     # Parallel Pack attached to it
    battery_turn: int = -1         # owner's turn number when that pack was played

    def copy(self) -> Robot:
        return Robot(self.rid, self.owner, self.kind, dict(self.parts), self.damage, self.shield, self.battery, self.battery_turn)

    @property
    def headed(self) -> bool:
        return self.kind != "megabot" or "head" in self.parts


@dataclass(slots=True)
class Player:
    seat: int
    team: int
    hand: list[int] = field(default_factory=list)
    bots: list[int] = field(default_factory=list)         # Megabots and Singlebots, in play order
    chain: list[int | None] = field(default_factory=list)  # Chainbots; None marks a gap
    turns_taken: int = 0
    alive: bool = True
    buff_drawn: bool = False                               # 2V2 draw-up-to-8 already happened

    def copy(self) -> Player:
        return Player(self.seat, self.team, self.hand[:], self.bots[:], self.chain[:], self.turns_taken, self.alive, self.buff_drawn)

    def robot_ids(self) -> list[int]:
        return self.bots + [r for r in self.chain if r is not None]


@dataclass(frozen=True)
class Pending:
    """A card (or battery re-use) part-way through its choices."""

    kind: str                 # attack | head | body | limb | chainbot | force_field | disperse | chop | repair | sabotage
    step: str                 # what Pick is asked next
    card: int | None = None
    power: str = ""           # attack: single | series | parallel | reuse | self
    robot: int | None = None  # chosen attacker / Megabot / chop target
    counters: int = 0         # Disperse Damage counters still to place
    committed: bool = False   # True once something irreversible happened (no Cancel)


class GameState:
    """Everything about one game. Cards are uids into `self.cards` (shared, never copied)."""

    def __init__(self, mode: str, seed: int, cards: tuple[CardDef, ...], players: list[Player]):
        self.mode = mode
        self.seed = seed
        self.cards = cards
        self._rng = random.Random(seed)
        self._rng_shared = False           # copies share one generator until one of them draws
        self.players = players
        self.deck: list[int] = []          # draw from the END of the list
        self.discard: list[int] = []
        self.used: list[int] = []          # Used Battery Pile
        self.endgame = False               # the deck is now the battery-only End Game deck
        self.deck_exhausted = False        # End Game deck ran out: game ends at end of this turn
        self.robots: dict[int, Robot] = {}
        self.next_rid = 0
        self.current = 0
        self.actions_left = 0
        self.attacked: set[int] = set()    # robots that attacked this turn
        # per seat: the seat whose robot it attacked last (public: everyone sees an attack's target)
        self.last_target: list[int | None] = [None] * len(players)
        self.pending: Pending | None = None
        self.phase = "main"                # main | discard
        self.turn = 0                      # turns completed by everyone
        self.over = False
        self.winners: tuple[int, ...] = ()
        self.end_reason = ""
        self.setup_events: tuple[Event, ...] = ()

    def copy(self) -> GameState:
        s = GameState.__new__(GameState)
        s.__dict__.update(self.__dict__)
        self._rng_shared = s._rng_shared = True   # cloned lazily: most copies never shuffle
        s.players = [p.copy() for p in self.players]
        s.deck, s.discard, s.used = self.deck[:], self.discard[:], self.used[:]
        s.robots = {k: r.copy() for k, r in self.robots.items()}
        s.attacked = set(self.attacked)
        s.last_target = self.last_target[:]
        return s

    @property
    def rng(self) -> random.Random:
        """The game's own generator (seeded by the game seed); copies get an independent one."""
        if self._rng_shared:
            own = random.Random.__new__(random.Random)
            own.setstate(self._rng.getstate())
            self._rng, self._rng_shared = own, False
        return self._rng

    @rng.setter
    def rng(self, generator: random.Random) -> None:
        self._rng, self._rng_shared = generator, False

    @property
    def current_player(self) -> int:
        return self.current

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def winner(self) -> int | None:
        """The single winning seat, or None for a shared/team win or a running game."""
        return self.winners[0] if len(self.winners) == 1 else None

    @property
    def n_players(self) -> int:
        return len(self.players)


# ----------------------------------------------------------------------------- queries
def robots_of(state: GameState, seat: int) -> list[Robot]:
    return [state.robots[r] for r in state.players[seat].robot_ids()]


def robot_hp(state: GameState, robot: Robot) -> int:
    """Printed HP of the robot; a headless Megabot counts each part at half (0 without HP)."""
    cards = state.cards
    if robot.kind != "megabot":
        return cards[robot.parts["core"]].hp or 0
    total = 0
    for uid in robot.parts.values():
        total += cards[uid].hp or 0
    if "head" in robot.parts:
        return total
    return sum((cards[uid].hp or 0) // 2 for uid in robot.parts.values())


def robot_ap(state: GameState, robot: Robot) -> int:
    if robot.kind != "megabot":
        return state.cards[robot.parts["core"]].ap
    if "head" not in robot.parts:
        return 0
    total = 0
    for uid in robot.parts.values():
        total += state.cards[uid].ap
    return total


def ability(state: GameState, robot: Robot) -> str:
    return state.cards[robot.parts["core"]].ability if robot.kind == "singlebot" else ""


def outermost_parts(robot: Robot) -> list[int]:
    """Parts Chop Chop may remove: limbs first, the Body only when bare; never the Head."""
    limbs = [robot.parts[s] for s in LIMB_SLOTS if s in robot.parts]
    if limbs:
        return limbs
    return [robot.parts["body"]] if "body" in robot.parts else []


def chain_segment(state: GameState, robot: Robot) -> list[int]:
    """The gap-free run of Chainbots this Chainbot belongs to."""
    return segment_of(state.players[robot.owner].chain, robot.rid)


def segment_of(chain, rid: int) -> list[int]:
    """The gap-free run around `rid` in a chain (a sequence of robot ids with None for gaps).

    Shared by the engine and the bots' views, so both agree on which Chainbots one battery powers."""
    i = chain.index(rid)
    lo, hi = i, i
    while lo > 0 and chain[lo - 1] is not None:
        lo -= 1
    while hi + 1 < len(chain) and chain[hi + 1] is not None:
        hi += 1
    return [r for r in chain[lo:hi + 1] if r is not None]


def teammates(state: GameState, seat: int) -> list[int]:
    team = state.players[seat].team
    return [p.seat for p in state.players if p.team == team]


def enemies(state: GameState, seat: int) -> list[int]:
    team = state.players[seat].team
    return [p.seat for p in state.players if p.alive and p.team != team]


def is_buffed(state: GameState, seat: int) -> bool:
    """2V1 bonuses: a lone team member facing two live enemies (stops when it becomes 1V1)."""
    if state.mode == "ffa":
        return False
    team = state.players[seat].team
    alive_mates = sum(1 for p in state.players if p.alive and p.team == team)
    return alive_mates == 1 and len(enemies(state, seat)) == 2


def hand_limit(state: GameState, seat: int) -> int:
    return BUFF_HAND_LIMIT if is_buffed(state, seat) else HAND_LIMIT


def action_count(state: GameState, seat: int) -> int:
    return BUFF_ACTIONS if is_buffed(state, seat) else ACTIONS


def biggest_megabot(state: GameState, seat: int) -> int:
    """'Biggest Megabot' for the tie-break: the highest total HP of one of the player's Megabots."""
    return max((robot_hp(state, r) for r in robots_of(state, seat) if r.kind == "megabot"), default=0)


# ----------------------------------------------------------------------------- setup
def _teams(mode: str, n: int) -> list[int]:
    if mode == "2v1":
        return [0, 1, 1]          # seat 0 plays alone against seats 1 and 2
    if mode == "2v2":
        return [0, 1, 0, 1]       # partners sit across the table
    return list(range(n))


def new_game(config: Config, seed: int) -> GameState:
    """Deal a new game. Seat 0 goes first (a screen may seat people however it likes)."""
    mode, n_players = config.mode, config.players
    if mode not in MODES:
        raise UserError("game setup", f"unknown mode '{mode}' (choose from: {', '.join(MODES)})")
    if n_players not in MODES[mode]:
        raise UserError("game setup", f"mode {mode} is for {' or '.join(map(str, MODES[mode]))} players, not {n_players}")
    cards = build_deck(default_cards())
    players = [Player(seat, team) for seat, team in enumerate(_teams(mode, n_players))]
    state = GameState(mode, seed, cards, players)
    rng, events = state.rng, []
    heads = [uid for uid, c in enumerate(cards) if c.kind == "head"]
    rng.shuffle(heads)
    for p, head in zip(players, heads):
        robot = _new_robot(state, p.seat, "megabot", {"head": head})
        events.append(Event("robot_built", p.seat, head, robot.rid, text="face-up head"))
    state.deck = [uid for uid, c in enumerate(cards) if c.kind != "head"] + heads[n_players:]
    rng.shuffle(state.deck)
    for p in players:
        size = BUFF_HAND_SIZE if is_buffed(state, p.seat) else HAND_SIZE
        for _attempt in range(100):
            p.hand = [state.deck.pop() for _ in range(size)]
            if any(cards[uid].is_robot for uid in p.hand):
                break
            events.append(Event("redealt", p.seat))
            state.deck.extend(p.hand)
            rng.shuffle(state.deck)
        events.extend(Event("card_drawn", p.seat, uid) for uid in p.hand)
    state.actions_left = action_count(state, 0)
    events.append(Event("turn_started", 0))
    state.setup_events = tuple(events)
    return state


def _new_robot(state: GameState, seat: int, kind: str, parts: dict[str, int]) -> Robot:
    robot = Robot(state.next_rid, seat, kind, parts)
    state.next_rid += 1
    state.robots[robot.rid] = robot
    if kind != "chainbot":
        state.players[seat].bots.append(robot.rid)
    return robot


# ----------------------------------------------------------------------------- legal choices
def _can_attack(state: GameState, seat: int) -> bool:
    return state.players[seat].turns_taken > 0     # first turn rule: still warming up


def _attackers(state: GameState, seat: int, power: str) -> list[int]:
    if not _can_attack(state, seat):
        return []
    out = []
    for r in robots_of(state, seat):
        if r.rid in state.attacked or not r.headed:
            continue
        if power == "parallel" and r.battery is not None:
            continue
        out.append(r.rid)
    return out


def _enemy_robots(state: GameState, seat: int) -> list[Robot]:
    return [r for e in enemies(state, seat) for r in robots_of(state, e)]


def _start(state: GameState, uid: int) -> Pending | None:
    """The first choice a card asks for, or None if it resolves at once."""
    card = state.cards[uid]
    if card.kind == "head":
        return Pending("head", "megabot", uid)
    if card.kind == "part":
        return Pending("body" if card.slot == "body" else "limb", "megabot", uid)
    if card.kind == "chainbot":
        return Pending("chainbot", "slot", uid)
    if card.kind == "battery":
        return Pending("attack", "attacker", uid, power=card.wiring)
    if card.kind == "action":
        first_step = {"force_field": "robot", "disperse": "source", "chop": "robot", "repair": "robot", "sabotage": "player"}
        if card.effect in first_step:
            return Pending(card.effect, first_step[card.effect], uid)
    return None  # singlebot, recharge


def _free_arm_sides(robot: Robot) -> list[int]:
    return [i for i in (0, 1) if f"arm{i}" not in robot.parts]


def _options(state: GameState, pend: Pending) -> list[Pick]:
    """The Pick choices for the pending step."""
    seat = state.current
    own = robots_of(state, seat)
    step, kind = pend.step, pend.kind
    if kind == "head":
        return [Pick("new", -1)] + [Pick("robot", r.rid) for r in own if r.kind == "megabot" and not r.headed]
    if kind == "body":
        return [Pick("new", -1)] + [Pick("robot", r.rid) for r in own if r.kind == "megabot" and "body" not in r.parts]
    if kind == "limb" and step == "megabot":
        slot = state.cards[pend.card].slot
        fits = (lambda r: bool(_free_arm_sides(r))) if slot == "arm" else (lambda r: "legs" not in r.parts)
        return [Pick("robot", r.rid) for r in own if r.kind == "megabot" and "body" in r.parts and fits(r)]
    if kind == "limb" and step == "side":
        return [Pick("side", i) for i in _free_arm_sides(state.robots[pend.robot])]
    if kind == "chainbot":
        chain = state.players[seat].chain
        return [Pick("slot", i) for i, r in enumerate(chain) if r is None] + [Pick("slot", len(chain))]
    if kind == "attack" and step == "attacker":
        return [Pick("robot", r) for r in _attackers(state, seat, pend.power)]
    if step in ("target", "counter"):
        return [Pick("robot", r.rid) for r in _enemy_robots(state, seat)]
    if kind == "force_field":
        return [Pick("robot", r.rid) for r in own if r.shield is None]
    if kind in ("disperse", "repair"):
        return [Pick("robot", r.rid) for r in own if r.damage > 0]
    if kind == "chop" and step == "robot":
        return [Pick("robot", r.rid) for r in _enemy_robots(state, seat) if outermost_parts(r)]
    if kind == "chop" and step == "part":
        return [Pick("part", uid) for uid in outermost_parts(state.robots[pend.robot])]
    if kind == "sabotage":
        return [Pick("player", e) for e in enemies(state, seat) if state.players[e].hand]
    raise AssertionError(f"no options for {pend}")


def _playable(state: GameState, uid: int) -> bool:
    card = state.cards[uid]
    pend = _start(state, uid)
    if pend is None:
        return card.kind == "singlebot" or bool(state.deck)   # Recharge needs cards to draw
    return bool(_options(state, pend))


def why_unplayable(state: GameState, uid: int) -> str:
    """Why the current player cannot play hand card `uid` now, in a player's words ("" if it can).

    The same checks as _playable, named (issue 25: a card that could not be played said nothing).
    """
    if _playable(state, uid):
        return ""
    card = state.cards[uid]
    seat = state.current
    own = robots_of(state, seat)
    if card.kind == "battery":
        if not _can_attack(state, seat):
            return "no attacks on your first turn: your robots are still warming up"
        if not own:
            return "you have no robot to charge"
        if all(r.rid in state.attacked for r in own):
            return "every robot of yours has attacked this turn"
        if not any(r.headed for r in own if r.rid not in state.attacked):
            return "a Megabot without a Head cannot attack"
        return "every robot that could attack already carries a Parallel Pack"
    if card.kind == "part":
        what, where = ("Arms", "a free arm side") if card.slot == "arm" else ("Legs", "no Legs yet")
        return f"{what} go on a Megabot with a Body and {where}: you have none"
    if card.kind == "action":
        return {"force_field": "every robot of yours already has a Force Field",
                "disperse": "none of your robots is damaged", "repair": "none of your robots is damaged",
                "chop": "no enemy robot has a part to chop off",
                "sabotage": "no enemy player has a card in hand",
                "recharge": "the deck is empty: there is nothing to draw"}.get(card.effect, "it has nothing to act on")
    return "it has nothing to act on"


def legal_choices(state: GameState) -> list[Action]:
    """Every decision the current player may take now (empty only when the game is over)."""
    if state.over:
        return []
    p = state.players[state.current]
    if state.phase == "discard":
        return [Discard(uid) for uid in p.hand]
    if state.pending is not None:
        picks: list[Action] = list(_options(state, state.pending))
        return picks if state.pending.committed else picks + [Cancel()]
    acts: list[Action] = []
    if state.deck:
        acts.append(Draw())
    acts.extend(Play(uid) for uid in p.hand if _playable(state, uid))
    acts.extend(RepairChain(i) for i, r in enumerate(p.chain) if r is None)
    if _can_attack(state, p.seat):
        for r in robots_of(state, p.seat):
            if r.rid in state.attacked:
                continue
            if r.battery is not None and r.battery_turn < p.turns_taken:
                acts.append(UseBattery(r.battery))
            if ability(state, r) == "self_charge":
                acts.append(SelfCharge(r.rid))
    acts.append(EndTurn())
    return acts


def _legal(state: GameState, action: Action) -> bool:
    """The same answer as `action in legal_choices(state)`, without building every option
    for the common kinds (apply() checks each action; building the whole list was most of
    its cost)."""
    if state.over:
        return False
    t = type(action)
    if state.phase == "discard":
        return t is Discard and action.card in state.players[state.current].hand
    if state.pending is not None:
        if t is Cancel:
            return not state.pending.committed
        return t is Pick and action in _options(state, state.pending)
    if t is Draw:
        return bool(state.deck)
    if t is Play:
        return action.card in state.players[state.current].hand and _playable(state, action.card)
    if t is EndTurn:
        return True
    return action in legal_choices(state)


# ----------------------------------------------------------------------------- apply
def apply(state: GameState, action: Action, *, check: bool = True) -> list[Event]:
    """Carry out one legal decision and return what happened, in order.

    check=False skips the legality test; only for bots replaying actions they took from
    legal_choices on the same state.
    """
    if check and not _legal(state, action):
        raise IllegalAction(f"{action!r} is not legal now")
    ev: list[Event] = []
    seat = state.current
    if isinstance(action, Draw):
        state.actions_left -= 1
        _draw(state, seat, ev)
    elif isinstance(action, Play):
        _play(state, seat, action.card, ev)
    elif isinstance(action, Pick):
        _pick(state, seat, action, ev)
    elif isinstance(action, RepairChain):
        state.actions_left -= 1
        state.players[seat].chain.pop(action.gap)
        ev.append(Event("chain_repaired", seat, amount=action.gap))
    elif isinstance(action, UseBattery):
        holder = next(r for r in robots_of(state, seat) if r.battery == action.card)
        state.pending = Pending("attack", "target", action.card, power="reuse", robot=holder.rid)
    elif isinstance(action, SelfCharge):
        state.pending = Pending("attack", "target", None, power="self", robot=action.robot)
    elif isinstance(action, Cancel):
        state.pending = None
    elif isinstance(action, EndTurn):
        _end_turn(state, ev)
    elif isinstance(action, Discard):
        _discard_from_hand(state, seat, action.card, "hand_limit", ev)
        if len(state.players[seat].hand) <= hand_limit(state, seat):
            _finish_turn(state, ev)
    if not state.over and state.phase == "main" and state.pending is None and state.actions_left <= 0 \
            and state.current == seat and not isinstance(action, (EndTurn, Discard)):
        _end_turn(state, ev)
    return ev


def _take_from_hand(state: GameState, seat: int, uid: int, ev: list[Event]) -> None:
    state.players[seat].hand.remove(uid)
    state.actions_left -= 1
    ev.append(Event("card_played", seat, uid))


def _discard_from_hand(state: GameState, seat: int, uid: int, why: str, ev: list[Event]) -> None:
    state.players[seat].hand.remove(uid)
    state.discard.append(uid)
    ev.append(Event("discarded", seat, uid, text=why))


def _play(state: GameState, seat: int, uid: int, ev: list[Event]) -> None:
    pend = _start(state, uid)
    if pend is not None:
        state.pending = pend
        return
    card = state.cards[uid]
    _take_from_hand(state, seat, uid, ev)
    if card.kind == "singlebot":
        robot = _new_robot(state, seat, "singlebot", {"core": uid})
        ev.append(Event("robot_built", seat, uid, robot.rid))
        if card.ability == "draw_on_play":
            _draw(state, seat, ev)
    else:  # Recharge
        state.discard.append(uid)
        for _ in range(2):
            _draw(state, seat, ev)


def _pick(state: GameState, seat: int, pick: Pick, ev: list[Event]) -> None:
    pend = state.pending
    assert pend is not None
    state.pending = None                      # most picks finish the card; others set it again
    card = pend.card
    if pend.kind in ("head", "body"):
        _take_from_hand(state, seat, card, ev)
        slot = pend.kind
        if pick.kind == "new":
            robot = _new_robot(state, seat, "megabot", {slot: card})
            ev.append(Event("robot_built", seat, card, robot.rid))
        else:
            state.robots[pick.ref].parts[slot] = card
            ev.append(Event("attached", seat, card, pick.ref, text=slot))
    elif pend.kind == "limb" and pend.step == "megabot":
        robot = state.robots[pick.ref]
        if state.cards[card].slot == "arm" and len(_free_arm_sides(robot)) == 2:
            state.pending = replace(pend, step="side", robot=pick.ref)
        else:
            slot = "legs" if state.cards[card].slot == "legs" else f"arm{_free_arm_sides(robot)[0]}"
            _attach_part(state, seat, card, robot, slot, ev)
    elif pend.kind == "limb":
        _attach_part(state, seat, card, state.robots[pend.robot], f"arm{pick.ref}", ev)
    elif pend.kind == "chainbot":
        _take_from_hand(state, seat, card, ev)
        robot = _new_robot(state, seat, "chainbot", {"core": card})
        chain = state.players[seat].chain
        if pick.ref < len(chain):
            chain[pick.ref] = robot.rid
        else:
            chain.append(robot.rid)
        ev.append(Event("chain_linked", seat, card, robot.rid, amount=pick.ref))
    elif pend.kind == "attack" and pend.step == "attacker":
        state.pending = replace(pend, step="target", robot=pick.ref)
    elif pend.kind == "attack":
        _resolve_attack(state, seat, pend, pick.ref, ev)
    elif pend.kind == "force_field":
        _take_from_hand(state, seat, card, ev)
        state.robots[pick.ref].shield = card
        ev.append(Event("attached", seat, card, pick.ref, text="force_field"))
    elif pend.kind == "repair":
        _take_from_hand(state, seat, card, ev)
        state.discard.append(card)
        _repair(state, state.robots[pick.ref], REPAIR_KIT, ev)
    elif pend.kind == "disperse" and pend.step == "source":
        _take_from_hand(state, seat, card, ev)
        state.discard.append(card)
        source = state.robots[pick.ref]
        counters = _repair(state, source, DISPERSE_MAX, ev) // COUNTER
        if counters:
            state.pending = Pending("disperse", "counter", card, counters=counters, committed=True)
    elif pend.kind == "disperse":
        target = state.robots[pick.ref]
        if target.shield is not None:
            _pop_shield(state, target, ev)
        else:
            _damage(state, target, COUNTER, "disperse", ev)
        left = pend.counters - 1
        if left > 0 and not state.over and _enemy_robots(state, seat):
            state.pending = replace(pend, counters=left)
    elif pend.kind == "chop" and pend.step == "robot":
        _take_from_hand(state, seat, card, ev)
        state.discard.append(card)
        target = state.robots[pick.ref]
        if target.shield is not None:
            _pop_shield(state, target, ev)
        elif len(outermost_parts(target)) == 1:
            _chop(state, target, outermost_parts(target)[0], ev)
        else:
            state.pending = Pending("chop", "part", card, robot=target.rid, committed=True)
    elif pend.kind == "chop":
        _chop(state, state.robots[pend.robot], pick.ref, ev)
    elif pend.kind == "sabotage":
        _take_from_hand(state, seat, card, ev)
        state.discard.append(card)
        victim = state.players[pick.ref]
        _discard_from_hand(state, victim.seat, state.rng.choice(victim.hand), "sabotage", ev)


def _attach_part(state: GameState, seat: int, card: int, robot: Robot, slot: str, ev: list[Event]) -> None:
    _take_from_hand(state, seat, card, ev)
    robot.parts[slot] = card
    ev.append(Event("attached", seat, card, robot.rid, text=slot))


def _resolve_attack(state: GameState, seat: int, pend: Pending, target_rid: int, ev: list[Event]) -> None:
    attacker = state.robots[pend.robot]
    multiplier = 2 if pend.power == "series" else 1
    if pend.power in ("single", "series", "parallel"):
        _take_from_hand(state, seat, pend.card, ev)
        ev.append(Event("battery_played", seat, pend.card, attacker.rid, text=pend.power))
        if pend.power == "parallel":
            attacker.battery, attacker.battery_turn = pend.card, state.players[seat].turns_taken
        else:
            _use_battery(state, seat, pend.card, ev)
    else:
        state.actions_left -= 1        # re-using a Parallel Pack, or Dynamo charging itself
        if pend.power == "reuse":
            attacker.battery = None
            _use_battery(state, seat, pend.card, ev)
    _attack(state, attacker, state.robots[target_rid], multiplier, ev)


def _use_battery(state: GameState, seat: int, uid: int, ev: list[Event]) -> None:
    state.used.append(uid)
    ev.append(Event("battery_used", seat, uid))


def _attack(state: GameState, attacker: Robot, target: Robot, multiplier: int, ev: list[Event]) -> None:
    seat = attacker.owner
    if attacker.kind == "chainbot":
        group = [state.robots[r] for r in chain_segment(state, attacker) if r not in state.attacked]
    else:
        group = [attacker]
    state.attacked.update(r.rid for r in group)
    state.last_target[seat] = target.owner
    power = sum(robot_ap(state, r) for r in group) * multiplier
    ev.append(Event("attacked", seat, robot=attacker.rid, target=target.rid, amount=power))
    if target.shield is not None:
        _pop_shield(state, target, ev)
        if not any(ability(state, r) == "pierce_shield" for r in group):
            return
    if ability(state, target) == "armor":
        power = max(0, power - ARMOR)
    knocked_out = _damage(state, target, power, "attack", ev)
    if knocked_out and any(ability(state, r) == "salvage_on_ko" for r in group):
        _draw(state, seat, ev)


def _pop_shield(state: GameState, robot: Robot, ev: list[Event]) -> None:
    state.discard.append(robot.shield)
    ev.append(Event("force_field", robot.owner, robot.shield, robot.rid))
    robot.shield = None


def _damage(state: GameState, robot: Robot, amount: int, source: str, ev: list[Event]) -> bool:
    """Add damage counters; knock the robot out when damage >= HP. Returns True on knock-out."""
    if amount <= 0:
        return False
    robot.damage += amount
    ev.append(Event("damage", robot.owner, robot=robot.rid, amount=amount, text=source))
    if robot.damage >= robot_hp(state, robot):
        _knock_out(state, robot, ev)
        return True
    return False


def _repair(state: GameState, robot: Robot, most: int, ev: list[Event]) -> int:
    healed = min(most, robot.damage)
    robot.damage -= healed
    if healed:
        ev.append(Event("repaired", robot.owner, robot=robot.rid, amount=healed))
    return healed


def _chop(state: GameState, robot: Robot, part: int, ev: list[Event]) -> None:
    slot = next(s for s, uid in robot.parts.items() if uid == part)
    del robot.parts[slot]
    state.discard.append(part)
    ev.append(Event("chopped", robot.owner, part, robot.rid))
    if not robot.parts or robot.damage >= robot_hp(state, robot):
        _knock_out(state, robot, ev)


def _knock_out(state: GameState, robot: Robot, ev: list[Event]) -> None:
    """BOOM: cards to the Discard Pile, an attached Parallel Pack to the Used Battery Pile."""
    del state.robots[robot.rid]
    owner = state.players[robot.owner]
    state.discard.extend(robot.parts.values())
    if robot.shield is not None:
        state.discard.append(robot.shield)
    if robot.battery is not None:
        _use_battery(state, owner.seat, robot.battery, ev)
    if robot.kind == "chainbot":
        owner.chain[owner.chain.index(robot.rid)] = None
        while owner.chain and owner.chain[-1] is None:   # a broken end is no gap
            owner.chain.pop()
        while owner.chain and owner.chain[0] is None:
            owner.chain.pop(0)
    else:
        owner.bots.remove(robot.rid)
    ev.append(Event("knocked_out", owner.seat, robot=robot.rid))
    if not owner.robot_ids():
        _eliminate(state, owner, ev)


def _eliminate(state: GameState, player: Player, ev: list[Event]) -> None:
    player.alive = False
    for uid in player.hand[:]:
        _discard_from_hand(state, player.seat, uid, "eliminated", ev)
    ev.append(Event("eliminated", player.seat))
    alive_teams = {p.team for p in state.players if p.alive}
    if len(alive_teams) <= 1:
        winners = tuple(p.seat for p in state.players if p.team in alive_teams)
        _game_over(state, winners, "elimination", ev)
        return
    if state.mode == "2v2":
        for mate in teammates(state, player.seat):
            p = state.players[mate]
            if p.alive and not p.buff_drawn and is_buffed(state, mate):
                p.buff_drawn = True
                ev.append(Event("buffed", mate))
                while len(p.hand) < BUFF_HAND_SIZE and state.deck:
                    _draw(state, mate, ev)


def _game_over(state: GameState, winners: tuple[int, ...], reason: str, ev: list[Event]) -> None:
    state.over, state.winners, state.end_reason = True, winners, reason
    state.pending = None
    ev.append(Event("game_over", text=reason, winners=winners))


def _draw(state: GameState, seat: int, ev: list[Event]) -> int | None:
    """Draw one card; drawing the last card starts (or, in the End Game, ends) the End Game."""
    if not state.deck:
        return None
    uid = state.deck.pop()
    state.players[seat].hand.append(uid)
    ev.append(Event("card_drawn", seat, uid))
    if not state.deck:
        if state.endgame:
            state.deck_exhausted = True
        else:
            state.endgame = True
            state.deck, state.used = state.used, []
            state.rng.shuffle(state.deck)
            ev.append(Event("end_game_started", amount=len(state.deck)))
            state.deck_exhausted = not state.deck
    return uid


def _end_turn(state: GameState, ev: list[Event]) -> None:
    state.pending = None
    seat = state.current
    for medic in [r for r in robots_of(state, seat) if ability(state, r) == "repair_aura"]:
        for robot in robots_of(state, seat):
            _repair(state, robot, MEDIC_REPAIR, ev)
    if len(state.players[seat].hand) > hand_limit(state, seat):
        state.phase = "discard"          # the player chooses what to discard
        return
    _finish_turn(state, ev)


def _finish_turn(state: GameState, ev: list[Event]) -> None:
    state.phase = "main"
    player = state.players[state.current]
    for robot in robots_of(state, player.seat):
        if robot.battery is not None and robot.battery_turn < player.turns_taken:
            _use_battery(state, player.seat, robot.battery, ev)      # its second turn is over
            robot.battery = None
    player.turns_taken += 1
    state.turn += 1
    ev.append(Event("turn_ended", player.seat))
    if state.deck_exhausted:
        _game_over(state, _count_winners(state), "deck", ev)
        return
    if state.turn >= TURN_CAP:
        _game_over(state, _count_winners(state), "turn_cap", ev)
        return
    n = len(state.players)
    nxt = next(s % n for s in range(state.current + 1, state.current + n + 1) if state.players[s % n].alive)
    state.current = nxt
    state.actions_left = action_count(state, nxt)
    state.attacked.clear()
    ev.append(Event("turn_started", nxt))


def _count_winners(state: GameState) -> tuple[int, ...]:
    """Deck ran out: most robots, then biggest Megabot; still tied is a shared win (with teams)."""
    alive = [p.seat for p in state.players if p.alive]
    score = {s: (len(state.players[s].robot_ids()), biggest_megabot(state, s)) for s in alive}
    best = max(score.values())
    top_teams = {state.players[s].team for s in alive if score[s] == best}
    return tuple(p.seat for p in state.players if p.team in top_teams)


# ----------------------------------------------------------------------------- labels
def describe(state: GameState, action: Action) -> str:
    """A label with card names, for menus and logs."""
    name = lambda uid: state.cards[uid].name  # noqa: E731
    if isinstance(action, (Play, Discard)):
        return f"{type(action).__name__} {name(action.card)}"
    if isinstance(action, UseBattery):
        return f"Use {name(action.card)} again"
    if isinstance(action, Pick) and action.kind == "robot" and action.ref in state.robots:
        robot = state.robots[action.ref]
        first = robot.parts.get("head", next(iter(robot.parts.values())))
        return f"Choose {name(first)} (seat {robot.owner})"
    if isinstance(action, Pick) and action.kind == "part":
        return f"Chop {name(action.ref)}"
    return action.label


# ----------------------------------------------------------------------------- the engine contract
# (game.core.engine.Engine; `game.robomissions.rules` exports exactly these names)
def current_seat(state: GameState) -> int | None:
    """The seat whose decision it is; None once the game is over."""
    return None if state.over else state.current


def seat_count(state: GameState) -> int:
    return len(state.players)


def is_over(state: GameState) -> bool:
    return state.over


def result(state: GameState) -> Result | None:
    """Winners (a team win names every member); cause is elimination, deck or turn_cap."""
    if not state.over:
        return None
    return Result(winners=tuple(state.winners), outcome="won" if state.winners else "finished",
                  cause=state.end_reason or None)


def choice_to_json(choice: Action) -> dict:
    return choice.to_json()


def choice_from_json(data: dict) -> Action:
    """Inverse of choice_to_json; ValueError on anything that is not a ROBOMissions choice."""
    try:
        return action_from_json(data)
    except UserError as exc:
        raise ValueError(exc.what) from None
    except TypeError as exc:
        raise ValueError(str(exc)) from None


def config_to_json(config: Config) -> dict:
    return config.to_json()


def config_from_json(data: dict) -> Config:
    return Config.from_json(data)


REVEAL_KINDS = frozenset({"card_drawn", "redealt", "end_game_started"})


def is_reveal(event: Event) -> bool:
    """Events that uncover hidden or random information: any draw, the End Game shuffle, and a
    hand card thrown away unseen (Sabotage's random pick, an eliminated player's hand)."""
    return event.kind in REVEAL_KINDS or (event.kind == "discarded" and event.text in ("sabotage", "eliminated"))


def redeal_hidden(state: GameState, seat: int, rng: random.Random) -> GameState:
    """A copy in which the cards `seat` cannot locate (the deck and the other hands) are dealt
    again at random, every hand keeping its size; the future random stream is re-drawn too.

    A card the acting seat is in the middle of playing (`pending.card`, still in its hand until
    the last pick) stays in that hand: the other seats cannot see which card it is, but a world
    where it left the hand half-way through its play is not a game that can happen."""
    twin = state.copy()
    others = [p for p in twin.players if p.seat != seat]
    playing = twin.pending.card if twin.pending is not None else None
    kept = {p.seat: [uid for uid in p.hand if uid == playing] for p in others}
    pool = list(twin.deck)
    for p in others:
        pool += [uid for uid in p.hand if uid != playing]
    rng.shuffle(pool)
    for p in others:
        size = len(p.hand) - len(kept[p.seat])
        p.hand, pool = kept[p.seat] + pool[:size], pool[size:]
    twin.deck = pool
    twin.rng = random.Random(rng.getrandbits(64))
    return twin
