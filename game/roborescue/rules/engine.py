"""Robo Rescue: Origins rules engine: pure, deterministic, cheap to copy.

Public API (what the screen, the AI, the simulator and the tests call; the contract of
game.core.engine is re-exported by `game.roborescue.rules`):

    new_game(Config(players, advanced), seed, deck=None) -> GameState
    state.copy() -> GameState
    state.decision_seat -> int | None        # whose decision it is (None once the game is over)
    state.phase -> str                        # SOURCE, PLACE, SCORE, VP or OVER
    legal_choices(state) -> list[Action]      # every choice open to state.decision_seat
    apply(state, action) -> list[Event]       # mutates state; raises IllegalAction if illegal
    seat_view(state, seat) -> PlayerView      # what that seat may see (never the pile order)
    action_from_json(data) -> Action          # Action.to_json() inverts it
    # Helpers for a screen:
    legal_areas(state, seat, card) -> list[int]           # areas this card may go to now
    area_scores(state, seat) -> list[AreaScore | None]    # live score per area (None: decommissioned)
    best_scoring(state, seat) -> tuple[tuple[int, ...], int]  # best areas to score and their total
    final_score(state, seat) -> int                       # sum of round scores so far

Cards are ints (indexes into `state.cards`, a tuple of `cards.Card`). Areas are ints 0-3,
named by AREA_NAMES: 0/1 the left/right Workshop Areas, 2/3 the left/right Storage Areas.

Flow of a round (rulebook section 3), for each seat playing it, in seat order turn by turn:
turns 1-2 draw two cards automatically (PLACE); turns 3-4 draw one automatically and then the
seat chooses DrawSecond or TakeFromDisplay (SOURCE), then places. The cards in hand may be
placed in any order. A card that fits nowhere must be handled by Decommission (the first
time in a round) or DiscardFaceDown (later). After turn 4 each seat picks ScoreAreas (SCORE);
in multiplayer the round's winners each pick KeepVP (VP). Then played cards are discarded,
the display stays, and the next round begins. Solo ends after 6 rounds; multiplayer after 5,
with a 6th round for players tied on VP, and a shared victory if still tied.

The draw pile never runs out with the shipped deck (64 cards; at most 3 + 6 x 8 = 51 are
ever drawn). Should it run out anyway (another deck, a test), the seat's face-down discard
pile is shuffled into a new draw pile; if that is empty too, the draw is skipped (and a
turn-3/4 seat must take from the display if it can).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, ClassVar, Sequence

from game.core.engine import IllegalChoice, Result
from game.roborescue.rules.cards import Card, default_deck
from game.roborescue.rules.events import Event
from game.roborescue.rules.scoring import (
    STORAGE,
    WORKSHOP,
    AreaScore,
    best_pair,
    can_place,
    rating,
    score_area,
    scoring_choices,
)

AREA_NAMES = ("workshop left", "workshop right", "storage left", "storage right")
AREA_KINDS = (WORKSHOP, WORKSHOP, STORAGE, STORAGE)
DISPLAY_SIZE = 3
TURNS_PER_ROUND = 4
SOLO_ROUNDS = 6
MULTIPLAYER_ROUNDS = 5
MAX_PLAYERS = 4

SOURCE, PLACE, SCORE, VP, OVER = "source", "place", "score", "vp", "over"
GAME_ID = "roborescue"


class IllegalAction(IllegalChoice):
    """apply() was given an action that legal_choices() does not list (the state is unchanged)."""


@dataclass(frozen=True)
class Config:
    """How a game is set up: 1 (solo) to 4 players, and whether Advanced Mode is on."""

    players: int = 1
    advanced: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "advanced": self.advanced}

    @staticmethod
    def from_json(data: Any) -> "Config":
        if not isinstance(data, dict):
            raise ValueError("a Robo Rescue set-up is a JSON object")
        players, advanced = data.get("players", 1), data.get("advanced", False)
        if not isinstance(players, int) or isinstance(players, bool) or not isinstance(advanced, bool):
            raise ValueError("'players' must be a whole number and 'advanced' true or false")
        if not 1 <= players <= MAX_PLAYERS:
            raise ValueError(f"Robo Rescue: Origins takes 1-{MAX_PLAYERS} players (got {players})")
        return Config(players, advanced)


# ----------------------------------------------------------------------------- actions
@dataclass(frozen=True)
class Action:
    """Base of all actions; `kind` names it in JSON, `label` is short text for a screen or log."""

    kind: ClassVar[str] = ""

    @property
    def label(self) -> str:
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.kind}
        for name, value in self.__dict__.items():
            data[name] = list(value) if isinstance(value, tuple) else value
        return data


@dataclass(frozen=True)
class Place(Action):
    card: int
    area: int
    kind: ClassVar[str] = "place"

    @property
    def label(self) -> str:
        return f"place card {self.card} in {AREA_NAMES[self.area]}"


@dataclass(frozen=True)
class DrawSecond(Action):
    kind: ClassVar[str] = "draw"

    @property
    def label(self) -> str:
        return "draw a second card from the pile"


@dataclass(frozen=True)
class TakeFromDisplay(Action):
    slot: int
    card: int
    kind: ClassVar[str] = "take"

    @property
    def label(self) -> str:
        return f"take card {self.card} from display slot {self.slot + 1}"


@dataclass(frozen=True)
class Decommission(Action):
    area: int
    card: int
    kind: ClassVar[str] = "decommission"

    @property
    def label(self) -> str:
        return f"decommission {AREA_NAMES[self.area]} (card {self.card} goes there face down)"


@dataclass(frozen=True)
class DiscardFaceDown(Action):
    card: int
    kind: ClassVar[str] = "discard"

    @property
    def label(self) -> str:
        return f"discard card {self.card} face down in the decommissioned area"


@dataclass(frozen=True)
class ScoreAreas(Action):
    areas: tuple[int, ...]
    kind: ClassVar[str] = "score"

    @property
    def label(self) -> str:
        if not self.areas:
            return "score nothing (no area has two cards)"
        return "score " + " and ".join(AREA_NAMES[a] for a in self.areas)


@dataclass(frozen=True)
class KeepVP(Action):
    card: int
    kind: ClassVar[str] = "vp"

    @property
    def label(self) -> str:
        return f"keep card {self.card} as a victory point"


ACTION_TYPES: dict[str, type[Action]] = {
    cls.kind: cls for cls in (Place, DrawSecond, TakeFromDisplay, Decommission, DiscardFaceDown, ScoreAreas, KeepVP)
}


def action_from_json(data: dict[str, Any]) -> Action:
    """Inverse of Action.to_json(); raises ValueError on unknown data."""
    fields = dict(data)
    cls = ACTION_TYPES.get(fields.pop("type", None))
    if cls is None:
        raise ValueError(f"unknown action {data!r}")
    if cls is ScoreAreas:
        fields["areas"] = tuple(fields.get("areas", ()))
    return cls(**fields)


# ----------------------------------------------------------------------------- state
@dataclass
class PlayerState:
    """One player's own deck and Lab. Lists of card ids; the top of `pile` is its end."""

    pile: list[int]
    display: list[int] = field(default_factory=list)
    areas: list[list[int]] = field(default_factory=lambda: [[], [], [], []])
    decommissioned: int | None = None
    hand: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)   # face-down round piles
    vp: list[int] = field(default_factory=list)
    round_scores: list[int] = field(default_factory=list)

    def copy(self) -> "PlayerState":
        return PlayerState(
            list(self.pile), list(self.display), [list(a) for a in self.areas], self.decommissioned,
            list(self.hand), list(self.discard), list(self.vp), list(self.round_scores),
        )

    def lab_cards(self) -> list[int]:
        return [c for area in self.areas for c in area]


@dataclass
class GameState:
    cards: tuple[Card, ...]
    n_players: int
    advanced: bool
    rng: random.Random
    players: list[PlayerState]
    round: int = 1
    turn: int = 1
    phase: str = PLACE
    decision_seat: int | None = 0
    active_seats: tuple[int, ...] = (0,)
    pending: list[int] = field(default_factory=list)       # seats still to choose in SCORE / VP
    round_points: dict[int, int] = field(default_factory=dict)  # this round's score per seat
    winners: tuple[int, ...] = ()

    @property
    def rounds_planned(self) -> int:
        return SOLO_ROUNDS if self.n_players == 1 else MULTIPLAYER_ROUNDS

    def copy(self) -> "GameState":
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        return GameState(
            self.cards, self.n_players, self.advanced, rng, [p.copy() for p in self.players],
            self.round, self.turn, self.phase, self.decision_seat, self.active_seats,
            list(self.pending), dict(self.round_points), self.winners,
        )


def new_game(config: Config, seed: int, deck: Sequence[Card] | None = None) -> GameState:
    """Set up every Lab (own shuffled deck, 3-card display) and start round 1, turn 1.

    `deck` replaces the shipped deck (tests build small ones)."""
    n_players, advanced = config.players, config.advanced
    if not 1 <= n_players <= MAX_PLAYERS:
        raise ValueError(f"Robo Rescue: Origins takes 1-{MAX_PLAYERS} players (got {n_players})")
    cards = tuple(deck) if deck is not None else default_deck()
    rng = random.Random(seed)
    players = []
    for _ in range(n_players):
        pile = list(range(len(cards)))
        rng.shuffle(pile)
        player = PlayerState(pile)
        for _ in range(DISPLAY_SIZE):
            if player.pile:
                player.display.append(player.pile.pop())
        players.append(player)
    state = GameState(cards, n_players, advanced, rng, players, active_seats=tuple(range(n_players)))
    _start_round(state, [])
    return state


# ----------------------------------------------------------------------------- queries
def area_cards(state: GameState, seat: int, area: int) -> list[Card]:
    return [state.cards[c] for c in state.players[seat].areas[area]]


def legal_areas(state: GameState, seat: int, card: int) -> list[int]:
    """Areas of `seat`'s Lab where `card` may be placed now (rules, decommission, Advanced Mode)."""
    player = state.players[seat]
    no_empty = state.advanced and state.turn >= 3
    result = []
    for area in range(4):
        if area == player.decommissioned or (no_empty and not player.areas[area]):
            continue
        if can_place(AREA_KINDS[area], area_cards(state, seat, area), state.cards[card]):
            result.append(area)
    return result


def area_scores(state: GameState, seat: int) -> list[AreaScore | None]:
    """Live score of each area of `seat`'s Lab (None for the decommissioned one)."""
    player = state.players[seat]
    return [
        None if area == player.decommissioned else score_area(AREA_KINDS[area], area_cards(state, seat, area))
        for area in range(4)
    ]


def best_scoring(state: GameState, seat: int) -> tuple[tuple[int, ...], int]:
    """The best legal areas to score for `seat` right now, and the points they would give."""
    return best_pair(area_scores(state, seat))


def final_score(state: GameState, seat: int) -> int:
    return sum(state.players[seat].round_scores)


def legal_choices(state: GameState) -> list[Action]:
    """Every action open to `state.decision_seat` (empty once the game is over)."""
    seat = state.decision_seat
    if seat is None:
        return []
    player = state.players[seat]
    if state.phase == SOURCE:
        actions: list[Action] = [DrawSecond()] if (player.pile or player.discard) else []
        actions += [TakeFromDisplay(slot, card) for slot, card in enumerate(player.display)]
        return actions
    if state.phase == PLACE:
        actions = []
        for card in player.hand:
            areas = legal_areas(state, seat, card)
            if areas:
                actions += [Place(card, area) for area in areas]
            elif player.decommissioned is None:
                actions += [Decommission(area, card) for area in range(4)]
            else:
                actions.append(DiscardFaceDown(card))
        return actions
    if state.phase == SCORE:
        return [ScoreAreas(choice) for choice in scoring_choices(area_scores(state, seat))]
    if state.phase == VP:
        return [KeepVP(card) for card in player.lab_cards()]
    return []


def _legal(state: GameState, action: Action) -> bool:
    """The same answer as `action in legal_choices(state)`; a placement (the most common
    action) is checked for its own card only instead of building every option."""
    if type(action) is Place and state.phase == PLACE:
        seat = state.decision_seat
        return seat is not None and action.card in state.players[seat].hand and \
            action.area in legal_areas(state, seat, action.card)
    return action in legal_choices(state)


# ----------------------------------------------------------------------------- apply
def apply(state: GameState, action: Action) -> list[Event]:
    """Carry out a legal action for `state.decision_seat`, then every automatic step after it."""
    if not _legal(state, action):
        raise IllegalAction(f"illegal action {action!r} in phase {state.phase}")
    seat = state.decision_seat
    assert seat is not None
    player = state.players[seat]
    events: list[Event] = []
    if isinstance(action, DrawSecond):
        _draw_to_hand(state, seat, events)
        state.phase = PLACE
    elif isinstance(action, TakeFromDisplay):
        player.display.pop(action.slot)
        player.hand.append(action.card)
        events.append(Event("taken_from_display", seat, {"card": action.card, "slot": action.slot}))
        refill = _draw(state, seat, events)
        if refill is not None:
            player.display.insert(action.slot, refill)
            events.append(Event("display_refilled", seat, {"card": refill, "slot": action.slot}))
        state.phase = PLACE
    elif isinstance(action, Place):
        player.hand.remove(action.card)
        player.areas[action.area].append(action.card)
        events.append(Event("placed", seat, {"card": action.card, "area": action.area}))
    elif isinstance(action, Decommission):
        player.hand.remove(action.card)
        player.decommissioned = action.area
        player.areas[action.area].append(action.card)
        events.append(Event("decommissioned", seat, {"area": action.area, "card": action.card}))
    elif isinstance(action, DiscardFaceDown):
        player.hand.remove(action.card)
        assert player.decommissioned is not None
        player.areas[player.decommissioned].append(action.card)
        events.append(Event("discarded_facedown", seat, {"card": action.card, "area": player.decommissioned}))
    elif isinstance(action, ScoreAreas):
        _score(state, seat, action.areas, events)
    elif isinstance(action, KeepVP):
        _keep_vp(state, seat, action.card, events)
    # A turn ends when its player has placed every card (rulebook, "Turns 1 & 2" / "Turns 3 & 4":
    # each turn 2 cards go into the Lab). Only a placement can end it: after the last KeepVP or
    # ScoreAreas of a round the next round has already begun with another seat's fresh draw,
    # and the acting seat's empty hand must not end that turn (it did: rounds 2+ of a
    # multiplayer game opened at Turn 2 with 4 cards in hand, issue 25).
    if isinstance(action, (Place, Decommission, DiscardFaceDown)) and state.phase == PLACE and not player.hand:
        _end_turn(state, events)
    return events


def _draw(state: GameState, seat: int, events: list[Event]) -> int | None:
    """Top card of the seat's pile, reshuffling its discards if the pile is empty."""
    player = state.players[seat]
    if not player.pile and player.discard:
        player.pile = player.discard
        player.discard = []
        state.rng.shuffle(player.pile)
        events.append(Event("pile_reshuffled", seat, {"cards": len(player.pile)}))
    return player.pile.pop() if player.pile else None


def _draw_to_hand(state: GameState, seat: int, events: list[Event]) -> None:
    card = _draw(state, seat, events)
    if card is not None:
        state.players[seat].hand.append(card)
        events.append(Event("drawn", seat, {"card": card}))


def _start_round(state: GameState, events: list[Event]) -> None:
    state.turn = 1
    state.round_points = {}
    events.append(Event("round_started", None, {"round": state.round, "seats": list(state.active_seats)}))
    _begin_turn(state, state.active_seats[0], events)


def _begin_turn(state: GameState, seat: int, events: list[Event]) -> None:
    """Automatic draws at the start of `seat`'s turn; ends the turn at once if nothing came."""
    state.decision_seat = seat
    player = state.players[seat]
    events.append(Event("turn_started", seat, {"round": state.round, "turn": state.turn}))
    _draw_to_hand(state, seat, events)
    state.phase = PLACE
    if state.turn <= 2:
        _draw_to_hand(state, seat, events)
    elif player.pile or player.discard or player.display:
        state.phase = SOURCE
    if state.phase == PLACE and not player.hand:
        _end_turn(state, events)


def _end_turn(state: GameState, events: list[Event]) -> None:
    seats = state.active_seats
    position = seats.index(state.decision_seat)  # type: ignore[arg-type]
    if position + 1 < len(seats):
        _begin_turn(state, seats[position + 1], events)
        return
    state.turn += 1
    if state.turn <= TURNS_PER_ROUND:
        _begin_turn(state, seats[0], events)
        return
    state.phase = SCORE
    state.pending = list(seats)
    state.decision_seat = state.pending[0]


def _score(state: GameState, seat: int, areas: tuple[int, ...], events: list[Event]) -> None:
    scores = area_scores(state, seat)
    points = sum(scores[a].total for a in areas)  # type: ignore[union-attr]
    state.players[seat].round_scores.append(points)
    state.round_points[seat] = points
    breakdown = {a: scores[a].total for a in areas}  # type: ignore[union-attr]
    events.append(Event("round_scored", seat, {"round": state.round, "areas": list(areas), "score": points, "breakdown": breakdown}))
    state.pending.pop(0)
    if state.pending:
        state.decision_seat = state.pending[0]
        return
    if state.n_players == 1:
        _end_round(state, events)
        return
    top = max(state.round_points.values())
    round_winners = [s for s in state.active_seats if state.round_points[s] == top]
    events.append(Event("round_won", None, {"round": state.round, "seats": round_winners}))
    state.pending = [s for s in round_winners if state.players[s].lab_cards()]
    if state.pending:
        state.phase = VP
        state.decision_seat = state.pending[0]
    else:
        _end_round(state, events)


def _keep_vp(state: GameState, seat: int, card: int, events: list[Event]) -> None:
    player = state.players[seat]
    for area in player.areas:
        if card in area:
            area.remove(card)
    player.vp.append(card)
    events.append(Event("vp_awarded", seat, {"card": card, "vp": len(player.vp)}))
    state.pending.pop(0)
    if state.pending:
        state.decision_seat = state.pending[0]
    else:
        _end_round(state, events)


def _end_round(state: GameState, events: list[Event]) -> None:
    for seat in state.active_seats:
        player = state.players[seat]
        played = player.lab_cards()
        player.discard.extend(played)
        player.areas = [[], [], [], []]
        player.decommissioned = None
        events.append(Event("round_ended", seat, {"round": state.round, "discarded": len(played)}))
    if state.n_players == 1:
        if state.round >= SOLO_ROUNDS:
            _game_over(state, (0,), events)
            return
    elif state.round >= MULTIPLAYER_ROUNDS:
        top = max(len(state.players[s].vp) for s in state.active_seats)
        leaders = tuple(s for s in state.active_seats if len(state.players[s].vp) == top)
        if len(leaders) == 1 or state.round > MULTIPLAYER_ROUNDS:
            _game_over(state, leaders, events)
            return
        state.active_seats = leaders
        events.append(Event("tiebreak_round", None, {"seats": list(leaders)}))
    state.round += 1
    _start_round(state, events)


def _game_over(state: GameState, winners: tuple[int, ...], events: list[Event]) -> None:
    state.phase = OVER
    state.decision_seat = None
    state.pending = []
    state.winners = winners
    scores = [final_score(state, s) for s in range(state.n_players)]
    data: dict[str, Any] = {"winners": list(winners), "scores": scores, "vp": [len(p.vp) for p in state.players]}
    if state.n_players == 1:
        data["rating"] = rating(scores[0])
    events.append(Event("game_over", None, data))


# ----------------------------------------------------------------------------- views
@dataclass(frozen=True)
class LabView:
    """One Lab as a given seat sees it. Another seat's decommissioned area is face down:
    its card ids are hidden and only `facedown_count` is shown."""

    seat: int
    areas: tuple[tuple[int, ...], ...]
    decommissioned: int | None
    facedown_count: int
    display: tuple[int, ...]
    pile_count: int
    discard_count: int
    vp_count: int
    round_scores: tuple[int, ...]


@dataclass(frozen=True)
class PlayerView:
    """Everything `seat` may know: its own Lab and hand, all public information, and the
    *contents* of its own draw pile as a sorted multiset (deducible from its own deck), never
    the order."""

    seat: int
    phase: str
    round: int
    turn: int
    advanced: bool
    n_players: int
    decision_seat: int | None
    active_seats: tuple[int, ...]
    cards: tuple[Card, ...]
    hand: tuple[int, ...]
    lab: LabView
    others: tuple[LabView, ...]
    unseen: tuple[int, ...]

    def area_cards(self, area: int) -> list[Card]:
        return [self.cards[c] for c in self.lab.areas[area]]


def _lab_view(state: GameState, seat: int, own: bool) -> LabView:
    player = state.players[seat]
    areas = tuple(tuple(a) for a in player.areas)
    facedown = len(player.areas[player.decommissioned]) if player.decommissioned is not None else 0
    if not own and player.decommissioned is not None:
        areas = tuple(() if i == player.decommissioned else a for i, a in enumerate(areas))
    return LabView(
        seat, areas, player.decommissioned, facedown, tuple(player.display), len(player.pile),
        len(player.discard), len(player.vp), tuple(player.round_scores),
    )


def seat_view(state: GameState, seat: int) -> PlayerView:
    player = state.players[seat]
    return PlayerView(
        seat, state.phase, state.round, state.turn, state.advanced, state.n_players, state.decision_seat,
        state.active_seats, state.cards, tuple(player.hand), _lab_view(state, seat, True),
        tuple(_lab_view(state, s, False) for s in range(state.n_players) if s != seat),
        tuple(sorted(player.pile)),
    )


# ----------------------------------------------------------------------------- the engine contract
# (game.core.engine.Engine; `game.roborescue.rules` exports exactly these names)
def current_seat(state: GameState) -> int | None:
    """The seat whose decision it is; None once the game is over."""
    return state.decision_seat


def seat_count(state: GameState) -> int:
    return state.n_players


def is_over(state: GameState) -> bool:
    return state.phase == OVER


def result(state: GameState) -> Result | None:
    """Winners (solo: the player always finishes; the rating band is the cause) and final scores."""
    if state.phase != OVER:
        return None
    scores = tuple(final_score(state, s) for s in range(state.n_players))
    if state.n_players == 1:
        return Result(tuple(state.winners), "finished", rating(scores[0]), scores)
    return Result(tuple(state.winners), "won", "victory points", scores)


def choice_to_json(choice: Action) -> dict[str, Any]:
    return choice.to_json()


def choice_from_json(data: Any) -> Action:
    if not isinstance(data, dict):
        raise ValueError(f"a choice is a JSON object, not {data!r}")
    return action_from_json(data)


def config_to_json(config: Config) -> dict[str, Any]:
    return config.to_json()


def config_from_json(data: Any) -> Config:
    return Config.from_json(data)


REVEAL_KINDS = frozenset({"drawn", "display_refilled", "pile_reshuffled"})


def is_reveal(event: Event) -> bool:
    """Events that uncover hidden or random information: a card off a pile, a reshuffle."""
    return event.kind in REVEAL_KINDS


def redeal_hidden(state: GameState, seat: int, rng: random.Random) -> GameState:
    """A copy in which everything `seat` cannot see is dealt again at random.

    `seat` knows what is in its own pile but not the order, so its pile is reshuffled. Of
    every other player it sees the Lab and display but not the pile, hand, face-down discards
    or decommissioned area: those cards are pooled and dealt back, each place keeping its size.
    The future random stream is re-drawn too."""
    twin = state.copy()
    rng.shuffle(twin.players[seat].pile)
    for other, player in enumerate(twin.players):
        if other == seat:
            continue
        down = player.decommissioned
        places = [player.pile, player.hand, player.discard] + ([player.areas[down]] if down is not None else [])
        pool = [card for place in places for card in place]
        rng.shuffle(pool)
        for place in places:
            place[:], pool = pool[:len(place)], pool[len(place):]
    twin.rng = random.Random(rng.getrandbits(64))
    return twin
