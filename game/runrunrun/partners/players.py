"""Three partner styles, each a short reading of the Run Run Run! rulebook (2nd edition).

Written without looking at game.runrunrun.ai: they know the rules (rules.content, rules.maze,
the engine's placement helper) and read a seat view and the legal choices. Rules of thumb, by
rulebook section:

* 'Mummies' Actions': a Mummy in the Vault's open room must be beaten before it moves again, so
  Mummies near the Vault are fought first; an awakening Mummy is placed as far from the Vault as
  possible (the 'Summary').
* 'Player Action - Explore': rooms that complete a triangle (three different symbols: a Door
  Mechanism; three identical: five torches) or hold a Sarcophagus are worth the most, a symbol room
  beside another with the triangle's third spot still open a little (it sets one up); a room
  without a torch symbol costs a torch; every room past three burns a tile of the draw deck.
* 'Player Action - Fight': each exit of a discarded tile is a Combat die (six at most); a torch
  rerolls a die; damage goes first to a Mummy it can finish.
* 'Player Action - Cooperate': a Regroup when hands or torches run dry (two of the three
  tokens bring torches); tiles go to whoever holds fewest.
* 'Using Sarcophagus Tokens': torches when the supply is out, tiles when the hand is short, a
  secret passage to a Mummy at the Vault's door that cannot be walked to.
* 'Beware! When the draw deck runs out, you must make do with the tiles you have, so be sure to
  use them carefully' (Explore, step 2): a careful player pays at most a couple of deck tiles for a
  walk (any number only to reach a Mummy at the Vault's door), and once the deck is empty plays a
  tile into the maze only for a triangle or a Sarcophagus: every tile left is a Combat die.
"""
from __future__ import annotations

import math
import random

from game.runrunrun.rules import content as C
from game.runrunrun.rules.engine import BASIC_MOVE, ch, move_cost, placements
from game.runrunrun.rules.maze import distances, open_doorways, rotate, triangles_at, vault_distances

TALK = ("say", "mark")
GUARD = 6               # an incoming Mummy this many moves from the Vault's door is headed off
CAREFUL_PAY = 2         # deck tiles a careful player pays for one walk (the Vault's door excepted)


class _Table:
    """What a player sees on the table, worked out once per decision."""

    def __init__(self, view) -> None:
        self.view = view
        self.masks = view.masks
        self.tiles = {tuple(c): t for c, t, _ in view.tiles}
        self.vd = vault_distances(self.masks)
        self.mummies = {mid: (tuple(cell), hearts) for mid, cell, hearts in view.mummies}
        self.used_door = {tuple(c) for tri in view.door_tris for c in tri}
        self.used_torch = {tuple(c) for tri in view.torch_tris for c in tri}
        self.reach = BASIC_MOVE + view.deck_count             # what the rules allow
        self.careful_reach = BASIC_MOVE + min(view.deck_count, CAREFUL_PAY)
        self.here = tuple(view.pos[view.seat])
        self.walk = distances(self.masks, self.here)
        self.fight_walk = distances(self.masks, self.here, blocked=frozenset(c for c, _ in self.mummies.values()))
        self.dice = min(6, sum(C.TILES[t].strength for t in view.hand))

    def symbol(self, cell):
        t = self.tiles.get(cell)
        return None if t is None or t < 0 else C.TILES[t].symbol

    def rooms_left(self, mid: int) -> int:
        """Mummy moves before it stands at the Vault's door, counting its arrow (extra move)."""
        cell, _ = self.mummies[mid]
        return self.vd.get(cell, 99) - C.card(mid)["extra_move"]

    def room_hearts(self) -> int:
        return sum(h for c, h in self.mummies.values() if c == self.here)


def _sarc_reward(view, t: _Table, choices):
    """A Sarcophagus reward that pays now: torches when the supply is out, tiles for a short hand."""
    for i, tok in enumerate(view.sarc[view.seat]):
        kind = C.SARCOPHAGUS[tok]["kind"]
        wanted = ((kind == "torches" and view.supply <= 1) or (kind == "draw_torch" and view.supply == 0)
                  or (kind in ("draw", "draw_torch") and len(view.hand) <= 2 and view.deck_count))
        if wanted and ch("sarc", i) in choices:
            return ch("sarc", i)
    return None


class SensiblePlayer:
    """A careful player who follows the rulebook's advice and never talks."""

    danger = 2              # fight Mummies this many moves (or fewer) from the Vault's door
    guard_duty = True       # the Catventurer nearest an incoming Mummy walks back to meet it
    cooperates = True
    shares = True

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view, choices):
        moves = [c for c in choices if c.kind not in TALK] or list(choices)
        if len(moves) == 1:
            return moves[0]
        pick = self.decide(view, moves)
        return pick if pick in moves else moves[0]

    def decide(self, view, moves):
        handler = getattr(self, "_" + (view.phase or "action"), None)
        return handler(view, _Table(view), moves) if handler else None

    # ------------------------------------------------------------------ the action
    def targets(self, view, t: _Table) -> list:
        """(moves left, hearts, cell) of the Mummies worth fighting now and in walking reach."""
        out = []
        for mid, (cell, hearts) in t.mummies.items():
            d = t.fight_walk.get(cell)
            if d is None or d > (t.reach if t.vd.get(cell) == 0 else t.careful_reach):
                continue
            near = t.rooms_left(mid) <= self.danger
            boss_time = view.boss_awake and move_cost(d) == 0
            if near or boss_time:
                out.append((t.rooms_left(mid), hearts, cell))
        return sorted(out)

    def _action(self, view, t, moves):
        reward = _sarc_reward(view, t, moves)
        if reward is not None:
            return reward
        if ch("fight") in moves and t.dice >= 3 and self.targets(view, t):
            return ch("fight")
        door = self._door_mummy(t)
        if door is not None and t.dice >= 3 and view.sarc[view.seat] and t.fight_walk.get(door, 99) > t.reach:
            return ch("passage", 0)
        if self.guard_duty and t.dice >= 3 and self._must_go_back(view, t):
            return ch("move")       # walk back toward the Mummy before it reaches the Vault's door
        if self.cooperates and ch("cooperate") in moves and (not view.hand or view.supply == 0):
            return ch("cooperate")
        if view.boss_awake and t.mummies and view.hand:
            return ch("move")       # no room is needed any more: every tile is a die against the Boss
        best = self.best_placement(view, t, view.hand)
        if best is not None and best[0] > (-20 if view.deck_count else 0):
            return ch("explore", best[1])
        if self.cooperates and ch("cooperate") in moves and len(view.hand) <= 1:
            return ch("cooperate")
        return ch("move")

    def _must_go_back(self, view, t: _Table) -> bool:
        """A Mummy is on its way in, nobody can reach it this turn, and I am the Catventurer nearest to
        it (ties: the earlier seat), so with nobody talking it is clearly my job to head it off."""
        if not t.mummies:
            return False
        mid = min(t.mummies, key=lambda m: (t.rooms_left(m), m))
        if t.rooms_left(mid) > GUARD:
            return False
        cell = t.mummies[mid][0]
        to_mummy = distances(t.masks, cell)
        nearest = min(range(view.players), key=lambda s: (to_mummy.get(tuple(view.pos[s]), 99), s))
        return nearest == view.seat and to_mummy.get(t.here, 99) > t.careful_reach

    @staticmethod
    def _door_mummy(t: _Table):
        """The room of a Mummy standing at the Vault's door (it reaches the Relics on its next move)."""
        for mid, (cell, _) in sorted(t.mummies.items()):
            if t.vd.get(cell) == 0:
                return cell
        return None

    def placement_score(self, view, t: _Table, tile_id: int, cell, rot: int, rooms: int) -> float:
        tile = C.TILES[tile_id]
        score = -1.0 * tile.strength - 6.0 * move_cost(rooms)
        if tile.symbol:
            for tri in triangles_at(cell):
                syms = [tile.symbol, t.symbol(tri[1]), t.symbol(tri[2])]
                if None in syms:
                    score += self._set_up(view, t, tile.symbol, tri)
                    continue
                others = {tri[1], tri[2]}
                if len(set(syms)) == 3 and not view.boss_awake and not others & t.used_door:
                    score += 50
                if len(set(syms)) == 1 and view.torch_left and not others & t.used_torch:
                    score += 20 + (20 if view.supply <= 1 else 0)
        if tile.sarcophagus:
            score += 10
        if not tile.torch:
            score -= 30 if view.supply == 0 else 3
        grown = dict(t.masks)
        grown[cell] = rotate(tile.exits, rot)
        if not open_doorways(grown):
            score -= 200            # 'leave at least one open doorway ... or you will be trapped forever'
        return score

    def explore_reach(self, t: _Table) -> int:
        return t.careful_reach

    @staticmethod
    def _set_up(view, t: _Table, symbol, tri) -> float:
        """Two symbol rooms side by side with the third spot of their triangle still open: the next
        tile with the right symbol completes it (a door pair is worth more than a torch pair)."""
        known = [t.symbol(c) for c in tri[1:] if c in t.masks]
        if len(known) != 1 or known[0] is None or any(c in t.masks and t.symbol(c) is None for c in tri[1:]):
            return 0.0
        if known[0] != symbol and not view.boss_awake:
            return 6.0
        return 3.0 if known[0] == symbol and view.torch_left else 0.0

    def best_placement(self, view, t: _Table, hand, only_cell=None):
        """(score, tile, cell, rotation) of the best room to add from `hand`, or None."""
        best = None
        for tile_id in sorted(set(hand)):
            for cell, (rooms, rots) in sorted(placements(t.masks, t.walk, C.TILES[tile_id].exits,
                                                         self.explore_reach(t)).items()):
                if only_cell is not None and cell != only_cell:
                    continue
                for rot in rots:
                    score = self.placement_score(view, t, tile_id, cell, rot, rooms)
                    if best is None or score > best[0]:
                        best = (score, tile_id, cell, rot)
        return best

    def _explore_cell(self, view, t, moves):
        best = self.best_placement(view, t, [dict(view.ctx)["tile"]])
        return ch("cell", *best[2]) if best else None

    def _explore_rot(self, view, t, moves):
        x = dict(view.ctx)
        best = self.best_placement(view, t, [x["tile"]], only_cell=tuple(x["cell"]))
        return ch("rot", best[3]) if best else None

    def _move_dest(self, view, t, moves):
        """Walk (free rooms only) toward the Mummy closest to the Vault (the Boss once it is awake), or
        stay by the Vault."""
        boss = [m for m in t.mummies if m in C.BOSSES]
        if boss:
            target_dist = distances(t.masks, t.mummies[boss[0]][0])
        elif not t.mummies:
            goal = min(t.walk, key=lambda c: (t.vd.get(c, 99), c))
            target_dist = distances(t.masks, goal)
        else:
            mid = min(t.mummies, key=lambda m: (t.rooms_left(m), m))
            target_dist = distances(t.masks, t.mummies[mid][0])
        options = [c for c, d in t.walk.items() if d <= BASIC_MOVE and ch("to", *c) in moves]
        if not options:
            return None
        return ch("to", *min(options, key=lambda c: (target_dist.get(c, 99), t.walk[c], c)))

    def _fight_dest(self, view, t, moves):
        targets = self.targets(view, t)
        for _, _, cell in targets:
            if ch("to", *cell) in moves:
                return ch("to", *cell)
        return None

    def _passage_dest(self, view, t, moves):
        door = self._door_mummy(t)
        if door is None and t.mummies:
            mid = min(t.mummies, key=lambda m: (t.rooms_left(m), m))
            door = t.mummies[mid][0]
        return ch("to", *door) if door is not None else None

    def _post(self, view, t, moves):
        return _sarc_reward(view, t, moves) or ch("end")

    # ------------------------------------------------------------------ the fight
    def _fight_commit(self, view, t, moves):
        x = dict(view.ctx)
        hearts = t.room_hearts()
        urgent = view.boss_awake or any(t.vd.get(c) == 0 for c, _ in t.mummies.values() if c == t.here)
        for i, tok in enumerate(view.sarc[view.seat]):
            kind = C.SARCOPHAGUS[tok]["kind"]
            if urgent and kind == "double" and not x["double"] and ch("boost", i) in moves:
                return ch("boost", i)
            if urgent and kind == "plus" and ch("boost", i) in moves:
                return ch("boost", i)
        want = min(6, math.ceil(2 * max(0, hearts - x["plus"]) / (2 if x["double"] else 1)))
        if x["dice"] < want:
            need = want - x["dice"]
            hand = sorted(view.hand, key=lambda tile: (C.TILES[tile].strength, tile))
            enough = [tile for tile in hand if C.TILES[tile].strength >= need]
            pick = enough[0] if enough else (hand[-1] if hand else None)
            if pick is not None and ch("commit", pick) in moves:
                return ch("commit", pick)
        return ch("roll")

    def _fight_reroll(self, view, t, moves):
        x = dict(view.ctx)
        dice = list(view.combat)
        damage = (dice.count("hit") + x["plus"]) * (2 if x["double"] else 1)
        if damage >= t.room_hearts():
            return ch("accept")
        spare = view.supply - (0 if view.boss_awake else 2)
        misses = [i for i, face in enumerate(dice) if face != "hit"][:max(0, spare)]
        return ch("reroll", sum(1 << i for i in misses)) if misses else ch("accept")

    def _hit(self, view, t, moves):
        x = dict(view.ctx)
        finish = [m for m in x["targets"] if t.mummies[m][1] <= x["left"]]
        return ch("hit", min(finish or x["targets"], key=lambda m: (t.rooms_left(m), m)))

    def _lure(self, view, t, moves):
        opts = dict(view.ctx)["options"]
        if not opts:
            return ch("no_lure")
        mid, cell = max(opts, key=lambda o: (t.vd.get(tuple(o[1]), 0), -o[0]))
        return ch("lure", mid, cell[0], cell[1])

    # ------------------------------------------------------------------ the Mummies' decisions
    def _mummy_path(self, view, t, moves):
        return min(moves, key=lambda c: (t.walk.get((c.args[0], c.args[1]), 99), c.args))

    def _place_mummy(self, view, t, moves):
        return max(moves, key=lambda c: (t.vd.get((c.args[0], c.args[1]), 0), -t.walk.get((c.args[0], c.args[1]), 99)))

    def _discard_from(self, view, t, moves):
        return max(moves, key=lambda c: (view.hand_counts[c.args[0]], -c.args[0]))

    # ------------------------------------------------------------------ the Regroup
    def _join(self, view, t, moves):
        guarding = any(t.rooms_left(m) <= 1 and t.walk.get(c, 99) <= 1 for m, (c, _) in t.mummies.items())
        return ch("stay") if guarding and t.dice >= 4 else ch("join")

    def _draw_for(self, view, t, moves):
        return min(moves, key=lambda c: (view.hand_counts[c.args[0]], c.args[0]))

    def _offer(self, view, t, moves):
        x = dict(view.ctx)
        if self.shares and x["count"] == 0 and len(view.hand) >= 4:
            return ch("offer", min(view.hand, key=lambda tile: (C.TILES[tile].strength, tile)))
        return ch("offer_done")

    def _give(self, view, t, moves):
        tile = max(view.pool, key=lambda tl: (C.TILES[tl].strength, tl))
        return ch("give", tile, min(view.members, key=lambda s: (view.hand_counts[s], s)))


class NoisyPlayer(SensiblePlayer):
    """Sensible, but one decision in five is any legal move (a distracted or new player)."""

    slip = 0.2

    def decide(self, view, moves):
        if self.rng.random() < self.slip:
            return self.rng.choice(moves)
        return super().decide(view, moves)


class HastyPlayer(SensiblePlayer):
    """Explores greedily for its own triangles and sarcophagi, pays the deck to get there, fights only
    a Mummy at the Vault's door (or the Boss on its way), never calls or joins a Regroup, shares
    nothing."""

    danger = 0
    guard_duty = False
    cooperates = False
    shares = False

    def explore_reach(self, t: _Table) -> int:
        return t.reach          # any number of deck tiles to get there

    def placement_score(self, view, t, tile_id, cell, rot, rooms):
        tile = C.TILES[tile_id]
        score = super().placement_score(view, t, tile_id, cell, rot, rooms)
        return score + 1.0 * tile.strength + 5.0 * move_cost(rooms) - 1.0 * move_cost(rooms)

    def _action(self, view, t, moves):
        reward = _sarc_reward(view, t, moves)
        if reward is not None:
            return reward
        if ch("fight") in moves and t.dice >= 2 and self.targets(view, t):
            return ch("fight")
        best = self.best_placement(view, t, view.hand)
        if best is not None:
            return ch("explore", best[1])
        return ch("move")

    def _fight_reroll(self, view, t, moves):
        return ch("accept")

    def _join(self, view, t, moves):
        return ch("stay")

    def _draw_for(self, view, t, moves):
        return ch("draw_for", view.seat) if ch("draw_for", view.seat) in moves else moves[0]
