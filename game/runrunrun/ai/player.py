"""Run Run Run! Catventurer AIs: honest (they read only a seat view) and stateless per call.

Each call re-plans from the view, so a multi-step action (explore: tile, cell, rotation;
fight: destination, tiles, reroll, damage, lures) is the same plan at every step, and an AI
adapts to partners (human or not) whose moves are not its own. Table talk: before acting an
AI says its plan ("I'll hold the mummy at the vault", ...) and marks the room it wants for a
future triangle; it reads the other seats' marks (it leaves their reserved rooms alone) and
lines (a partner who said it will hold the Vault is trusted with a mummy that is not yet
at the door). A partner who never says a plan is planned with exactly like one who does: silence
says nothing about how well someone plays, so the AI shares tiles, tokens and discards the same.
"""
from __future__ import annotations

import random
import zlib
from dataclasses import dataclass

from game.runrunrun.ai.boss import BossLookAhead
from game.runrunrun.rules import content as C
from game.runrunrun.rules.engine import BASIC_MOVE, Choice, ch, move_cost, placements
from game.runrunrun.rules.maze import (FINAL, OPEN, distances, neighbours, open_doorways, rotate, step,
                                       toward_vault, triangles_at, vault_distances)

SAY_HOLD, SAY_WANT, SAY_TRIANGLE, SAY_FIGHT, SAY_REGROUP, SAY_TORCHES, SAY_FOLLOW = range(7)
BOSS_TOKENS = ("double", "plus")   # Sarcophagus tokens kept for the Boss fight
LATE_DECK = 16                      # ... unless the draw deck is this short (was 24): a stalled game is lost to the Mummies
DEPTH_WEIGHT = 2.5                  # per room of depth of a new room before the Boss wakes ...
DEPTH_CAP = 12                      # ... up to this depth
DENY = 15.0                         # filling the open spot of a door pair while the Boss would come too soon
DEEP_BOSS = 9                       # ... that is, while the maze is shallower than this
SHALLOW_BOSS = 7                   # the last Door Mechanism waits until the maze is this deep
BOSS_ROOMS = 4                      # a Boss is placed in one of the rooms this close to the deepest


@dataclass(frozen=True)
class Level:
    danger: int          # fight a mummy this many rooms (or fewer) from the Vault
    reroll: bool         # spend torches on rerolls
    torch_reserve: int   # torches kept back from rerolls
    noise: float         # random jitter on placement scores
    talk: bool           # says its plan and marks rooms
    plan_triangles: bool # values rooms that set up a triangle later
    boss_hunt: bool      # once the Boss is awake, fights anything in reach
    clear_pay: int       # before the Boss wakes, fights any Mummy it reaches paying this many deck tiles (-1: no)


LEVELS = {
    "greedy": Level(danger=1, reroll=False, torch_reserve=9, noise=0.0, talk=False, plan_triangles=False, boss_hunt=False,
                    clear_pay=-1),
    "easy": Level(danger=2, reroll=False, torch_reserve=9, noise=25.0, talk=True, plan_triangles=False, boss_hunt=False,
                  clear_pay=-1),
    "normal": Level(danger=3, reroll=True, torch_reserve=2, noise=6.0, talk=True, plan_triangles=True, boss_hunt=True,
                    clear_pay=-1),
    "hard": Level(danger=4, reroll=True, torch_reserve=1, noise=0.0, talk=True, plan_triangles=True, boss_hunt=True,
                  clear_pay=3),
}


class RandomPlayer:
    """Any legal move, uniformly (the partner the simulator calls 'random'). Table talk is not a
    move: a random partner says nothing and marks nothing, so its moves are not diluted by the
    dozens of 'mark' choices a maze offers."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view, choices):
        moves = [c for c in choices if c.kind not in ("say", "mark")]
        return self.rng.choice(moves or list(choices))


class Board:
    """What an AI derives from a view, computed once per decision."""

    def __init__(self, view) -> None:
        self.view = view
        self.masks = view.masks
        self.tiles = {c: t for c, t, _ in view.tiles}
        self.vd = vault_distances(self.masks)
        self.mummies = {mid: (cell, h) for mid, cell, h in view.mummies}
        self.used_torch = {c for tri in view.torch_tris for c in tri}
        self.used_door = {c for tri in view.door_tris for c in tri}
        self.reach = BASIC_MOVE + view.deck_count

    def symbol(self, cell):
        t = self.tiles.get(cell)
        return None if t is None or t < 0 else C.TILES[t].symbol

    def threat(self, mid: int) -> int:
        """Rooms a mummy still has to go (0 = at the Vault's door), minus its extra moves."""
        cell, _ = self.mummies[mid]
        return self.vd.get(cell, 99) - C.card(mid)["extra_move"]


class CatAI:
    def __init__(self, level: str, seed: int) -> None:
        self.name = level
        self.level = LEVELS[level]
        self.seed = seed

    # ------------------------------------------------------------------ entry
    def choose(self, view, choices):
        choices = list(choices)
        if len(choices) == 1:
            return choices[0]
        # a fresh generator per decision keyed on the position keeps the AI a function of its view
        self.rng = random.Random(zlib.crc32(f"{self.seed}/{view.turn}/{view.phase}/{len(choices)}".encode()))
        b = Board(view)
        handler = getattr(self, "_" + (view.phase or "action"), None)
        pick = handler(view, b, choices) if handler else None
        if pick is None or pick not in choices:
            pick = choices[0]
        return pick

    # ------------------------------------------------------------------ main action
    def _plan(self, view, b: Board):
        """(kind, detail, line): fight a target, explore a placement, regroup, or move."""
        me = view.seat
        hand = view.hand
        L = self.level
        fd = distances(b.masks, view.pos[me], blocked=frozenset(c for c, _ in b.mummies.values()))
        dice = min(6, sum(C.TILES[t].strength for t in hand))
        trusted = self._partner_holds(view, b)
        door = self._door_mummy(view, b, fd)
        if door is not None and hand and dice >= 2:
            # a Mummy that reaches the Relics on the next Mummy die: beat it now, walking or by passage
            walk = fd.get(door, 99) <= b.reach
            if walk or (view.sarc[me] and L.boss_hunt):     # (passages: the normal and hard levels)
                return ("fight" if walk else "passage", door, SAY_HOLD)
        targets = []
        boss_up = any(mid in C.BOSSES for mid in b.mummies)
        for mid, (cell, hearts) in b.mummies.items():
            d = fd.get(cell)
            if d is None or d > b.reach or not hand:
                continue
            threat = b.threat(mid)
            # once the Boss is up, hunt it (and, when it is gone, whatever is left); a far Mummy can
            # wait while the Boss runs for the Vault
            hunt = L.boss_hunt and view.boss_awake and move_cost(d) <= 2 and (mid in C.BOSSES or not boss_up)
            # before the Boss: every Mummy in reach is fought, however far out, so the Boss wakes into a
            # clear maze (fewer Mummy dice speeding it, no partner fighting a Mummy instead of it)
            clear = not view.boss_awake and move_cost(d) <= L.clear_pay
            if threat <= L.danger or hunt or clear:
                if threat > 1 and trusted and not view.boss_awake:
                    continue
                kill = dice * 0.55 >= hearts
                targets.append((threat, -kill, hearts, move_cost(d), mid, cell))
        if targets and dice >= 2:
            targets.sort()
            return ("fight", targets[0][5], SAY_HOLD if targets[0][0] <= 1 else SAY_FIGHT)
        best = self._best_placement(view, b)
        if view.boss_awake and L.boss_hunt:
            # the end game: no more rooms are needed, every tile is a die against the Boss
            if view.regroup_left and (dice < 5 or self._far_partners(view, b)):
                return ("cooperate", None, SAY_REGROUP)
            if best is None or best[0] < 20:
                return ("move", self._intercept_room(view, b) or self._guard_room(view, b), SAY_HOLD)
        closing = any(b.threat(m) <= 2 for m in b.mummies)
        if view.regroup_left and (not hand or (view.supply == 0 and not closing and (best is None or best[0] < 0))):
            return ("cooperate", None, SAY_REGROUP)
        if best is not None and best[0] > -15:
            return ("explore", best, SAY_TRIANGLE if best[0] >= 40 else SAY_WANT)
        return ("move", self._guard_room(view, b), SAY_FOLLOW)

    @staticmethod
    def _door_mummy(view, b, fd):
        """The room of the Mummy nearest its goal among those that reach the Relics on the next Mummy
        die (at the Vault's door, or a room before it with the arrow), or None."""
        urgent = sorted((b.threat(m), m) for m in b.mummies if b.threat(m) <= 0)
        return b.mummies[urgent[0][1]][0] if urgent else None

    def _far_partners(self, view, b) -> bool:
        """I stand by the Boss's way in while partners with tiles are too far to fight it next turn."""
        me = view.seat
        boss = [c for mid, (c, _) in b.mummies.items() if mid >= 10]
        if not boss or view.players == 1:
            return False
        bd = distances(b.masks, boss[0])
        if bd.get(view.pos[me], 99) > 2:
            return False
        far = [i for i in range(view.players) if i != me and view.hand_counts[i] >= 2
               and bd.get(view.pos[i], 99) > BASIC_MOVE + 1]
        return len(far) >= max(1, (view.players - 1) // 2 + (view.players > 2))

    def _partner_holds(self, view, b) -> bool:
        """The next seat said it will hold the mummy at the Vault and still has tiles."""
        nxt = (view.seat + 1) % view.players
        return nxt != view.seat and dict(view.said).get(nxt) == SAY_HOLD and view.hand_counts[nxt] >= 2

    def _intercept_room(self, view, b):
        """A free room (no deck paid) nearest the spot on the Boss's way to the Vault where the Boss
        should stand at my next turn: it moves its extra rooms plus one per Mummy symbol (a third of
        the Power's dice) on every seat's turn. Waiting there keeps it in fighting reach, where
        following it from behind would never catch up."""
        boss = [mid for mid in b.mummies if mid in C.BOSSES]
        if not boss:
            return None
        cell = b.mummies[boss[0]][0]
        path = [cell]
        while b.vd.get(path[-1], 0) > 0:
            path.append(toward_vault(b.masks, path[-1], b.vd)[0])
        power = 1 + sum(C.MUMMIES[m]["extra_die"] for m in b.mummies if m in C.MUMMIES)
        advance = round(view.players * (power / 3 + C.card(boss[0])["extra_move"]))
        spot = path[min(advance, len(path) - 1)]
        to_spot = distances(b.masks, spot)
        mine = distances(b.masks, view.pos[view.seat])
        options = [c for c, d in mine.items() if d <= BASIC_MOVE]
        return min(options, key=lambda c: (to_spot.get(c, 99), c not in path, mine[c], c))

    def _guard_room(self, view, b):
        """A free room near the mummy closest to the Vault (or the Vault's open room)."""
        me = view.seat
        cd = distances(b.masks, view.pos[me])
        if not b.mummies:
            return view.pos[me]
        mid = min(b.mummies, key=b.threat)
        mcell = b.mummies[mid][0]
        md = distances(b.masks, mcell)
        options = [c for c, d in cd.items() if d <= BASIC_MOVE]
        return min(options, key=lambda c: (md.get(c, 99), cd[c], c))

    def _best_placement(self, view, b: Board):
        """(score, tile, cell, rot) of the best room to add, or None."""
        me = view.seat
        cd = distances(b.masks, view.pos[me])
        best = None
        for t in sorted(set(view.hand)):
            for cell, (rooms, rots) in placements(b.masks, cd, C.TILES[t].exits, b.reach).items():
                for r in rots:
                    sc = self._score(view, b, t, cell, r, rooms)
                    if self.level.noise:
                        sc += self.rng.uniform(-self.level.noise, self.level.noise)
                    key = (sc, -t, cell, -r)
                    if best is None or key > best[0]:
                        best = (key, t, cell, r)
        if best is None:
            return None
        return (best[0][0], best[1], best[2], best[3])

    def _score(self, view, b: Board, t: int, cell, r: int, rooms: int) -> float:
        tile = C.TILES[t]
        L = self.level
        sc = -1.2 * tile.strength - 5.0 * move_cost(rooms)
        sym = tile.symbol
        too_soon = self._boss_too_soon(view, b)
        if too_soon:
            sc += DENY * self._denied_pairs(b, cell, sym)
        if sym:
            for tri in triangles_at(cell):
                syms = [sym] + [b.symbol(c) for c in tri[1:]]
                if None in syms:
                    known = [x for x in syms if x is not None]
                    if L.plan_triangles and len(known) == 2:
                        door_pair = len(set(known)) == 2 and not view.boss_awake
                        sc += (-DENY / 2 if too_soon else 8) if door_pair else 4
                    continue
                if len(set(syms)) == 3 and not view.boss_awake and not (set(tri[1:]) & b.used_door):
                    sc += self._door_value(view, b, cell)
                if len(set(syms)) == 1 and view.torch_left and not (set(tri[1:]) & b.used_torch):
                    sc += 25 + (30 if view.supply <= 1 else 0)
        if tile.sarcophagus:
            sc += 14
        if not view.boss_awake:
            # a deep maze is the Vault's best defence: the Boss enters at most that far out
            here = 1 + min((b.vd[n] for n in neighbours_any(b, cell)), default=0)
            sc += DEPTH_WEIGHT * min(here, DEPTH_CAP)
        if not tile.torch:
            sc -= 45 if view.supply == 0 else (6 if view.supply <= 2 else 2)
        else:
            sc += 3
        # keep the maze open: at least one doorway must remain
        new_masks = dict(b.masks)
        new_masks[cell] = rotate(tile.exits, r)
        if not open_doorways(new_masks):
            sc -= 300
        for seat, mark in view.marks:
            if tuple(mark) == cell:
                sc += 8 if seat == view.seat else -30
        return sc

    def _boss_too_soon(self, view, b) -> bool:
        """The next Door Mechanism wakes the Boss, the maze is still shallow and the deck is not short:
        the Boss would enter close to the Vault, so nobody should complete a door triangle yet."""
        if not self.level.plan_triangles or view.boss_awake or view.doors_done + 1 < view.doors_needed:
            return False
        return max(b.vd.values(), default=0) < DEEP_BOSS and view.deck_count > LATE_DECK

    @staticmethod
    def _denied_pairs(b, cell, sym) -> int:
        """Door pairs (two rooms of different symbols, not yet in a Door Mechanism) whose open third
        spot this room fills without completing the triangle: a partner can no longer wake the Boss
        there."""
        n = 0
        for tri in triangles_at(cell):
            s1, s2 = b.symbol(tri[1]), b.symbol(tri[2])
            if s1 and s2 and s1 != s2 and not ({tri[1], tri[2]} & b.used_door) and sym in (None, s1, s2):
                n += 1
        return n

    def _door_value(self, view, b, cell) -> float:
        """A Door Mechanism is the way to win, but the last one wakes the Boss: a planner waits for a
        moment with no Mummy in the maze (the waiting Mummy cards then leave the game) and full hands,
        and never while the maze is shallow (the Boss enters at most that far from the Vault and
        would reach it before the table could fight it twice)."""
        if not self.level.plan_triangles or view.doors_done + 1 < view.doors_needed:
            return 90.0
        here = 1 + min((b.vd[n] for n in neighbours_any(b, cell)), default=0)
        if max(max(b.vd.values(), default=0), here) < SHALLOW_BOSS and view.deck_count > LATE_DECK:
            return -20.0
        if view.deck_count <= LATE_DECK:
            return 90.0
        ready = len(b.mummies) <= 1 and sum(view.hand_counts) >= 2.5 * view.players
        return 90.0 if ready else 30.0

    def _action(self, view, b, choices):
        kind, detail, line = self._plan(view, b)
        L = self.level
        if L.talk and "say" not in view.talked and dict(view.said).get(view.seat) != line:
            return ch("say", line)
        if L.talk and "mark" not in view.talked:
            want = self._wanted_room(view, b)
            if want is not None and dict(view.marks).get(view.seat) != want:
                c = ch("mark", want[0], want[1])
                if c in choices:
                    return c
        reward = self._reward_token(view)
        if reward is not None:
            return reward
        if kind == "fight":
            return ch("fight")
        jump = detail if kind == "passage" else self._passage_target(view, b)
        if jump is not None and kind != "cooperate" and view.sarc[view.seat]:
            return ch("passage", self._cheapest_token(view))
        if kind == "cooperate":
            return ch("cooperate")
        if kind == "explore":
            return ch("explore", detail[1])
        return ch("move")

    @staticmethod
    def _cheapest_token(view) -> int:
        """The Sarcophagus token worth least in a fight, spent on a secret passage."""
        worth = {"draw_torch": 0, "torches": 1, "draw": 2, "plus": 3, "double": 4}
        tokens = view.sarc[view.seat]
        return min(range(len(tokens)), key=lambda i: (worth[C.SARCOPHAGUS[tokens[i]]["kind"]], i))

    def _wanted_room(self, view, b):
        """An open doorway cell next to two symbol rooms of different kinds: a Door Mechanism to come."""
        if view.boss_awake or not self.level.plan_triangles:
            return None
        best = None
        for cell in sorted(open_doorways(b.masks)):
            if cell == FINAL:
                continue
            for tri in triangles_at(cell):
                s1, s2 = b.symbol(tri[1]), b.symbol(tri[2])
                if s1 and s2 and s1 != s2 and not ({tri[1], tri[2]} & b.used_door):
                    key = (-b.vd.get(tri[1], 0), cell)
                    if best is None or key < best:
                        best = key
        return best[1] if best else None

    def _post(self, view, b, choices):
        """After the action, before the draw: a token that pays now, or a passage to the Boss."""
        return self._reward_token(view) or ch("end")

    @staticmethod
    def _reward_token(view):
        """A Sarcophagus token whose reward pays now (torches when they run out, tiles when the hand
        is short), or None. At a table of three or more, before the Boss wakes and while a torch is
        left, every token is held: it is a secret passage to the Boss or a boost in the fight the
        game is lost on, and partners wake most Bosses there (tuning seeds, hard + 3 sensible: 214
        won of 400 against 210; hard x4 73 of 80 against 71)."""
        if not view.boss_awake and view.players > 2 and view.supply > 0:
            return None
        for i, tok in enumerate(view.sarc[view.seat]):
            k = C.SARCOPHAGUS[tok]["kind"]
            if (k == "torches" and view.supply <= 1) or (k in ("draw", "draw_torch") and len(view.hand) <= 2 and view.deck_count):
                return ch("sarc", i)
        return None

    # ------------------------------------------------------------------ explore steps
    def _explore_cell(self, view, b, choices):
        tile = dict(view.ctx)["tile"]
        best = self._best_for(view, b, tile)
        return ch("cell", best[0][0], best[0][1]) if best else None

    def _explore_rot(self, view, b, choices):
        x = dict(view.ctx)
        best = self._best_for(view, b, x["tile"], only=tuple(x["cell"]))
        return ch("rot", best[1]) if best else None

    def _best_for(self, view, b, tile, only=None):
        cd = distances(b.masks, view.pos[view.seat])
        best = None
        for cell, (rooms, rots) in placements(b.masks, cd, C.TILES[tile].exits, b.reach).items():
            if only is not None and cell != only:
                continue
            for r in rots:
                sc = self._score(view, b, tile, cell, r, rooms)
                if best is None or (sc, cell, -r) > best[2]:
                    best = (cell, r, (sc, cell, -r))
        return best

    def _move_dest(self, view, b, choices):
        kind, detail, _ = self._plan(view, b)
        target = detail if kind == "move" else self._guard_room(view, b)
        return ch("to", target[0], target[1])

    def _passage_dest(self, view, b, choices):
        fd = distances(b.masks, view.pos[view.seat], blocked=frozenset(c for c, _ in b.mummies.values()))
        target = self._door_mummy(view, b, fd) or self._passage_target(view, b, any_reach=True)
        if target is None:
            return self._move_dest(view, b, choices)
        return ch("to", target[0], target[1])

    def _passage_target(self, view, b, any_reach=False):
        """A secret passage pays when a dangerous Mummy (or the Boss) is out of fighting reach."""
        if not self.level.boss_hunt or not (view.sarc[view.seat] or any_reach):
            return None         # (at the passage's destination the token is already spent)
        dice = min(6, sum(C.TILES[t].strength for t in view.hand))
        if dice < 4:
            return None
        fd = distances(b.masks, view.pos[view.seat], blocked=frozenset(c for c, _ in b.mummies.values()))
        urgent = [(b.threat(m), m) for m in b.mummies if b.threat(m) <= 1 or m >= 10]
        if not urgent:
            return None
        threat, mid = min(urgent)
        cell = b.mummies[mid][0]
        if not any_reach and fd.get(cell, 99) <= BASIC_MOVE:
            return None
        return cell

    # ------------------------------------------------------------------ fight steps
    def _fight_dest(self, view, b, choices):
        kind, detail, _ = self._plan(view, b)
        if kind == "fight":
            return ch("to", detail[0], detail[1])
        return None

    def _saving_for_boss(self, view, b) -> bool:
        """Damage tokens wait for the Boss (12-16 Hearts, the fight the game is lost on) unless the
        Mummy in my room stands at the Vault's door. The same with any partners, talking or not."""
        if not self.level.plan_triangles or view.boss_awake:
            return False
        here = view.pos[view.seat]
        return all(b.threat(m) > 0 for m, (c, _) in b.mummies.items() if c == here)

    def _room_hearts(self, view, b) -> int:
        cell = view.pos[view.seat]
        return sum(h for c, h in b.mummies.values() if c == cell)

    def _fight_commit(self, view, b, choices):
        x = dict(view.ctx)
        hearts = self._room_hearts(view, b)
        ability = C.CATS[view.cats[view.seat]]["ability"]
        p = 0.5 + (1 / 6 if ability == "damage" else 0)
        mult = 2 if x["double"] else 1
        expect = (x["dice"] * p + x["plus"]) * mult
        save = self._saving_for_boss(view, b)
        for i, tok in enumerate(view.sarc[view.seat]):
            kind = C.SARCOPHAGUS[tok]["kind"]
            if save and kind in BOSS_TOKENS:
                continue
            if kind == "double" and not x["double"] and hearts > 3:
                return ch("boost", i)
            if kind == "plus" and hearts > expect:
                return ch("boost", i)
        if x["dice"] < 6 and expect < hearts + 0.5:
            hand = sorted(view.hand, key=lambda t: (-C.TILES[t].strength, t))
            need = 6 - x["dice"]
            # the smallest tile that fills the dice, else the strongest
            fill = [t for t in hand if C.TILES[t].strength >= need]
            pick = min(fill, key=lambda t: (C.TILES[t].strength, t)) if fill else hand[0] if hand else None
            if pick is not None:
                return ch("commit", pick)
        return ch("roll")

    def _fight_reroll(self, view, b, choices):
        L = self.level
        if not L.reroll:
            return ch("accept")
        hearts = self._room_hearts(view, b)
        dice = list(view.combat)
        x = dict(view.ctx)
        ability = C.CATS[view.cats[view.seat]]["ability"]
        good = {"hit"} | ({"ability"} if ability == "damage" else set())
        dmg = (sum(d in good for d in dice) + x["plus"]) * (2 if x["double"] else 1)
        if dmg >= hearts:
            return ch("accept")
        # once the Boss is up no room needs lighting any more: every torch is a reroll
        spare = view.supply - (0 if view.boss_awake else L.torch_reserve)
        bad = [i for i, d in enumerate(dice) if d not in good]
        k = min(len(bad), spare)
        if k <= 0:
            return ch("accept")
        mask = sum(1 << i for i in bad[:k])
        return ch("reroll", mask)

    def _hit(self, view, b, choices):
        x = dict(view.ctx)
        targets = x["targets"]
        left = x["left"]
        # the Boss first: it runs two or three rooms a turn for the Relics, where a Mummy in the same
        # room walks one now and then (a kill there only slows it by a third of a room)
        boss = [m for m in targets if m in C.BOSSES]
        if boss:
            return ch("hit", boss[0])
        # finish one that can be finished, closest to the Vault first
        killable = [m for m in targets if b.mummies[m][1] <= left]
        pool = killable or targets
        return ch("hit", min(pool, key=lambda m: (b.threat(m), m)))

    def _lure(self, view, b, choices):
        opts = dict(view.ctx)["options"]
        if not opts:
            return ch("no_lure")
        mid, cell = min(opts, key=lambda o: (b.threat(o[0]), -b.vd.get(tuple(o[1]), 0), o))
        return ch("lure", mid, cell[0], cell[1])

    # ------------------------------------------------------------------ mummies' decisions
    def _mummy_path(self, view, b, choices):
        # ties: the way that passes closest to a Catventurer, so someone can fight it
        best = None
        for c in choices:
            cell = (c.args[0], c.args[1])
            dd = min(distances(b.masks, p).get(cell, 99) for p in view.pos)
            if best is None or (dd, cell) < best[0]:
                best = ((dd, cell), c)
        return best[1]

    def _place_mummy(self, view, b, choices):
        mid = dict(view.ctx).get("mid")
        if mid in C.BOSSES and self.level.plan_triangles:
            # the Boss: of the rooms out near the maze's far end, the one where the look-ahead
            # beats it most often (where the Catventurers can fight it on its way in)
            deepest = max(b.vd.values(), default=0)
            rooms = [(c.args[0], c.args[1]) for c in choices if b.vd.get((c.args[0], c.args[1]), 0) >= deepest - BOSS_ROOMS]
            if rooms:
                look = BossLookAhead(view, b.vd)
                hands = look.hands(sum(C.TILES[t].strength for t in view.hand))
                room = look.best_room(mid, list(view.pos), hands, (view.active + 1) % view.players, rooms)[1]
                return ch("to", *room)
        # as far from the Vault as possible (rulebook summary), then closest to a Catventurer
        def key(c):
            cell = (c.args[0], c.args[1])
            near = min(distances(b.masks, p).get(cell, 99) for p in view.pos)
            return (-b.vd.get(cell, 0), near, cell)
        return min(choices, key=key)

    def _discard_from(self, view, b, choices):
        return max(choices, key=lambda c: (view.hand_counts[c.args[0]], c.args[0] != view.seat, -c.args[0]))

    # ------------------------------------------------------------------ cooperate steps
    def _join(self, view, b, choices):
        me = view.seat
        guarding = any(b.threat(m) <= 2 and distances(b.masks, view.pos[me]).get(c, 99) <= 2
                       for m, (c, _) in b.mummies.items())
        return ch("stay") if guarding and len(view.hand) >= 2 else ch("join")

    def _draw_for(self, view, b, choices):
        return min(choices, key=lambda c: (view.hand_counts[c.args[0]], c.args[0]))

    def _offer(self, view, b, choices):
        x = dict(view.ctx)
        if x["count"] == 0 and len(view.hand) >= 4:
            weakest = min(view.hand, key=lambda t: (C.TILES[t].strength, t))
            return ch("offer", weakest)
        return ch("offer_done")

    def _give(self, view, b, choices):
        tile = max(view.pool, key=lambda t: (C.TILES[t].strength, t))
        seat = min(view.members, key=lambda s: (view.hand_counts[s], s))
        return ch("give", tile, seat)


def neighbours_any(b: Board, cell):
    """Rooms of the maze a room placed at `cell` would join (those with a doorway into it)."""
    out = []
    for d in range(6):
        n = step(cell, d)
        if n in b.vd and b.masks.get(n, 0) >> ((d + 3) % 6) & 1:
            out.append(n)
    return out


def make_player(level: str, seed: int):
    """The catalog's AI factory: levels random, greedy, easy, normal, hard."""
    if level == "random":
        return RandomPlayer(seed)
    if level not in LEVELS:
        raise ValueError(f"unknown Run Run Run! AI level '{level}' (random, {', '.join(LEVELS)})")
    return CatAI(level, seed)
