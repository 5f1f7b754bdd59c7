"""Choosing a program by simulating the five registers with the engine's board.

The planner plays the seat's own robot through every ordering of the hand's cards (a
depth-first search over registers, memoised on position, facing, progress and the cards
left, so equal sub-programs are simulated once) with the course's board elements in their
register order, then scores where the robot ends. What each level takes into account:

  easy    one register at a time (greedy); card movement, walls, pits and edges only;
            walking distance to the checkpoint
  normal  one register at a time (greedy) + belts, push panels, gears, crushers, board
            lasers, energy, checkpoints; damage and reboots cost points; cards-to-go distance
  hard    the whole program searched (every ordering of the hand, memoised) + other robots
            as obstacles where they stand and their laser lines, and its upgrades (Hover
            Unit, Firewall)
The cards-to-go distance counts the fewest programming cards from (square, facing) to
the checkpoint, with belts and gears acting after each card.

Only the seat view is read (own hand, public board and robots), so hidden cards never
change the choice.
"""
from __future__ import annotations

from collections import Counter, deque

from game.core.cache import LRU
from game.roborally.rules.board import DX, DY, Board
from game.roborally.rules import content as C

# Distance tables per (kind, board, target), bounded: keyed by id(board) and cleared only at
# 400 tables (each about 75 kB), the cache grew through a long session (bench memory: +10% in
# the last part of ten minutes, issue 26), and a new board at a freed board's address got that
# board's distances. Keyed by the board's content now, so a view's copy of the same course
# (every decision in the AI worker process gets one) shares its tables too.
_CACHE: LRU = LRU(maxsize=48)


def _board_key(board: Board) -> tuple:
    """What the distance tables depend on: the course's spaces and walls, not the object."""
    return (board.id, board.width, board.height, tuple(board.kind), tuple(board.cdir), tuple(board.turn),
            tuple(board.rot), frozenset(board.walls))

ACTIONS = (("f", 1), ("f", 2), ("f", 3), ("b", 1), ("t", 1), ("t", -1), ("t", 2))


def _free_step(board: Board, x: int, y: int, d: int):
    """One square toward d: (nx, ny) or None when a wall stops it; falling is left to the caller."""
    if board.wall_between(x, y, d):
        return None
    return x + DX[d], y + DY[d]


def walk_distance(board: Board, target) -> dict:
    key = ("walk", _board_key(board), target)
    hit = _CACHE.get(key)
    if hit is not None:
        return hit
    dist = {target: 0}
    todo = deque([target])
    while todo:
        x, y = todo.popleft()
        for d in range(4):
            if board.wall_between(x, y, d):
                continue
            nx, ny = x + DX[d], y + DY[d]
            if board.falls(nx, ny) or (nx, ny) in dist:
                continue
            dist[(nx, ny)] = dist[(x, y)] + 1
            todo.append((nx, ny))
    _CACHE[key] = dist
    return dist


def _settle(board: Board, x: int, y: int, d: int):
    """Belts and gears acting on a robot at the end of a register (None if it falls)."""
    for kinds in (("express",), ("express",), ("belt",)):
        i = board.idx(x, y)
        if board.kind[i] in kinds and not board.wall_between(x, y, board.cdir[i]):
            cd = board.cdir[i]
            x, y = x + DX[cd], y + DY[cd]
            if board.falls(x, y):
                return None
            j = board.idx(x, y)
            if board.kind[j] in ("belt", "express") and board.turn[j]:
                d = (d + (1 if board.turn[j] == "right" else -1)) % 4
    i = board.idx(x, y)
    if board.kind[i] == "gear":
        d = (d + board.rot[i]) % 4
    return x, y, d


def card_distance(board: Board, target) -> dict:
    """Fewest programming cards from (x, y, d) to target (moves 1-3, back up, turns), no elements."""
    key = ("cards", _board_key(board), target)
    hit = _CACHE.get(key)
    if hit is not None:
        return hit
    w, h = board.width, board.height
    INF = 99
    cost = {}
    for x in range(w):
        for y in range(h):
            if board.falls(x, y):
                continue
            for d in range(4):
                cost[(x, y, d)] = 0 if (x, y) == target else INF
    succ = {}
    for (x, y, d) in cost:
        out = []
        for kind, n in ACTIONS:
            if kind == "t":
                out.append((x, y, (d + n) % 4))
                continue
            md = d if kind == "f" else (d + 2) % 4
            cx, cy = x, y
            ok = True
            for _ in range(n):
                step = _free_step(board, cx, cy, md)
                if step is None:
                    break
                cx, cy = step
                if board.falls(cx, cy):
                    ok = False
                    break
                if (cx, cy) == target:
                    break
            if ok:
                out.append((cx, cy, d))
        settled = []
        for o in out:
            o = _settle(board, *o)
            if o is not None and o in cost:
                settled.append(o)
        succ[(x, y, d)] = settled or [(x, y, d)]
    changed = True
    while changed:
        changed = False
        for s, outs in succ.items():
            if cost[s] == 0:
                continue
            best = min(cost[o] for o in outs) + 1
            if best < cost[s]:
                cost[s] = best
                changed = True
    _CACHE[key] = cost
    return cost


# Other robots hard plans around: None = every robot where it stands; a number = only robots
# within that many squares (Manhattan) of ours, the rest being expected to have moved away.
OTHERS_RADIUS = None
# True: those robots are planned around where their likeliest next card takes them (tried, see
# docs/roborally-ai.md), not where they stand.
PREDICT_OTHERS = False
# How likely a robot k = 1, 2, 3 squares away, facing ours, pushes it this round; next to ours
# but facing elsewhere (Back Up, or a turn and a Move). Hand-set from the deck (a Move of
# at least k: 8, 4 and 1 of 20 cards), not tuned per course.
PUSH_ODDS = (0.3, 0.2, 0.05)
PUSH_ODDS_SIDE = 0.1
# What a face-down Haywire still waiting under a register at the end of the round costs hard:
# next round it replaces a card with a random move (a register lost, often a fall). A reboot
# cancels the registers after it, so the Haywires waiting there stay on the mat: without this
# price a fall looked like a way to skip them (traced on foundry-loop: a robot drove off the
# edge in register 3 rather than play its Haywires in 4 and 5, then fell again next round).
PENDING_HAYWIRE_COST = 6.0


class Planner:
    def __init__(self, view, level: str):
        self.view = view
        self.level = level
        self.board: Board = view.board
        me = view.robots[view.seat]
        self.me = me
        self.full = level in ("normal", "hard")
        self.hard = level == "hard"
        self.hover = "hover_unit" in me.perm
        self.firewall = "firewall" in me.perm
        b = self.board
        self.cps = b.checkpoints
        self.others = {}
        self.fire = Counter()
        if self.hard:
            near = [r for r in view.robots if r.seat != view.seat and (
                OTHERS_RADIUS is None or abs(r.x - me.x) + abs(r.y - me.y) <= OTHERS_RADIUS)]
            where = {r.seat: (r.x, r.y, r.d) for r in near}
            if PREDICT_OTHERS:
                for r in near:
                    if not r.rebooted:
                        where[r.seat] = self._likely_square(r)
            for r in near:
                self.others[where[r.seat][:2]] = r
            for r in near:
                if r.rebooted:
                    continue
                x, y, _d = where[r.seat]
                while not b.wall_between(x, y, _d):
                    x, y = x + DX[_d], y + DY[_d]
                    if not b.inside(x, y) or (x, y) in self.others:
                        break
                    self.fire[(x, y)] += 1
        self.threat = self._push_threats(view) if self.hard else {}
        self.laser = Counter()
        if self.full:
            for lx, ly, d, s in b.lasers:
                x, y = lx, ly
                self.laser[(x, y)] += s
                while not b.wall_between(x, y, d):
                    x, y = x + DX[d], y + DY[d]
                    if not b.inside(x, y):
                        break
                    self.laser[(x, y)] += s
        self.memo = {}
        self.haywire_regs = tuple(me.haywire) if self.full else (False,) * 5
        deck = []
        for card, n in C.PROGRAMMING_DECK.items():
            deck += [[card]] * n
        self.unknown_card = deck                                 # what a SPAM might turn into
        self.unknown_haywire = [h["actions"] for h in C.HAYWIRE.values()]
        self._risk_memo = {}
        self._fall_memo = {}
        self._tables = {}     # checkpoint -> (cards-to-go, walking distance): one cache look-up per planner

    def _push_threats(self, view) -> dict:
        """(x, y) -> how likely another robot is to push ours from there into a pit or off the
        board this round (issue 23, cause 4). A robot pushes with a Move card along its
        facing (more likely the nearer it is) or with Back Up or a turn and a Move when next to
        us; the square behind ours in the push's direction must be a fall."""
        b = self.board
        threat: dict = {}
        for r in view.robots:
            if r.seat == view.seat or r.rebooted:
                continue
            for d in range(4):
                x, y = r.x, r.y
                for k in (1, 2, 3):
                    if b.wall_between(x, y, d):
                        break
                    x, y = x + DX[d], y + DY[d]
                    if not b.inside(x, y) or b.falls(x, y):
                        break
                    if b.wall_between(x, y, d) or not b.falls(x + DX[d], y + DY[d]):
                        continue
                    p = PUSH_ODDS[k - 1] if r.d == d else (PUSH_ODDS_SIDE if k == 1 else 0.0)
                    threat[(x, y)] = min(1.0, threat.get((x, y), 0.0) + p)
        return threat

    def _likely_square(self, r):
        """Where robot r most likely is after the next register: the card that brings it
        closest to its next checkpoint (belts and gears included), or where it stands."""
        best, best_score = (r.x, r.y, r.d), self.terminal(r.x, r.y, r.d, r.cp, False) if self.full else 0.0
        for card in ("move1", "move2", "move3", "back", "right", "left", "uturn"):
            x, y, d, fell, _ = self._action(r.x, r.y, r.d, card, True)
            if fell or not self.board.inside(x, y):
                continue
            x, y, d, fell, crushed = self._elements(x, y, d, max(1, self.view.register + 1))
            if fell or crushed or not self.board.inside(x, y):
                continue
            score = self.terminal(x, y, d, r.cp, False)
            if score > best_score:
                best, best_score = (x, y, d), score
        return best

    # ------------------------------------------------------------------ simulation
    def _fall(self, x, y):
        return self.board.falls(x, y)

    def _move(self, x, y, d, md, n, on_tele):
        """Returns (x, y, fell)."""
        b = self.board
        hover = self.hover and not on_tele
        for k in range(n):
            if b.wall_between(x, y, md):
                break
            nx, ny = x + DX[md], y + DY[md]
            if self.others and (nx, ny) in self.others:
                # pushing: blocked if a wall is behind the robot in the way
                if b.wall_between(nx, ny, md):
                    break
            x, y = nx, ny
            if not b.inside(x, y):
                return x, y, True
            if b.is_pit(x, y) and not (hover and k < n - 1):
                return x, y, True
        if b.is_pit(x, y):
            return x, y, True
        return x, y, False

    def _action(self, x, y, d, action, teleport):
        """Apply one card action: (x, y, d, fell, energy)."""
        if action in C.TURNS:
            return x, y, (d + C.TURNS[action]) % 4, False, 0
        if action == "powerup":
            return x, y, d, False, 1
        if action in C.MOVES or action == "back":
            b = self.board
            on_tele = self.full and b.kind_at(x, y) == "teleporter"
            if teleport and on_tele:
                dist = 2 if action == "back" else C.MOVES[action] + 2
                tx, ty = x + DX[d] * dist, y + DY[d] * dist
                if (tx, ty) not in self.others:
                    return tx, ty, d, b.falls(tx, ty), 0
            if action == "back":
                x, y, fell = self._move(x, y, d, (d + 2) % 4, 1, on_tele)
            else:
                x, y, fell = self._move(x, y, d, d, C.MOVES[action], on_tele)
            return x, y, d, fell, 0
        return x, y, d, False, 0

    def _elements(self, x, y, d, reg):
        """Board elements after the cards: (x, y, d, fell, crushed)."""
        b = self.board
        for kinds in (("express",), ("express",), ("belt",)):
            if not b.inside(x, y):
                break
            i = b.idx(x, y)
            if b.kind[i] in kinds and not b.wall_between(x, y, b.cdir[i]):
                cd = b.cdir[i]
                nx, ny = x + DX[cd], y + DY[cd]
                if (nx, ny) in self.others:
                    continue
                x, y = nx, ny
                if b.falls(x, y):
                    return x, y, d, True, False
                j = b.idx(x, y)
                if b.kind[j] in ("belt", "express") and b.turn[j]:
                    d = (d + (1 if b.turn[j] == "right" else -1)) % 4
        i = b.idx(x, y)
        k = b.kind[i]
        if k == "push" and reg in b.registers[i]:
            pd = b.cdir[i]
            if not b.wall_between(x, y, pd):
                x, y = x + DX[pd], y + DY[pd]
                if b.falls(x, y):
                    return x, y, d, True, False
                i = b.idx(x, y)
                k = b.kind[i]
        if k == "gear":
            d = (d + b.rot[i]) % 4
        if k == "crusher" and reg in b.registers[i]:
            return x, y, d, False, True
        return x, y, d, False, False

    def _reboot_cost(self):
        return 0 if self.firewall else 2

    def _fall_cost(self, x, y, d, cp):
        """What falling from (x, y, d) costs, as the search prices a known fall: the reboot's
        penalty plus the progress lost by restarting on the reboot space (issue 23: a flat 12
        made a 1-in-3 Haywire fall look cheaper than one square of detour)."""
        if not self.hard:
            return 12.0
        key = (x, y, d, cp)
        hit = self._fall_memo.get(key)
        if hit is None:
            rx, ry, rd = self.board.reboot
            lost = self.terminal(x, y, d, cp, False) - self.terminal(rx, ry, rd, cp, True)
            hit = self._fall_memo[key] = 6.0 + 2.0 * self._reboot_cost() + max(0.0, lost)
        return hit

    def _risk(self, x, y, d, which, run=1):
        """Share of the unknown cards (SPAM's replacement, or a Haywire) that would drop the
        robot; for `run` Haywires in a row, the share of their combinations (issue 23: two in a
        row were each priced from the square the robot stood on before the first)."""
        key = (x, y, d, which, run)
        hit = self._risk_memo.get(key)
        if hit is None:
            pool = self.unknown_card if which == "card" else self.unknown_haywire
            falls = 0.0
            for actions in pool:
                cx, cy, cd, fell = x, y, d, False
                for a in actions:
                    if a == "again":
                        break
                    cx, cy, cd, fell, _ = self._action(cx, cy, cd, a, False)
                    if fell:
                        break
                if fell:
                    falls += 1
                elif run > 1:
                    falls += self._risk(cx, cy, cd, which, run - 1)
            hit = self._risk_memo[key] = falls / len(pool)
        return hit

    def step(self, reg, x, y, d, cp, prev, card):
        """Simulate one register: returns (x, y, d, cp, rebooted, reward, done_action)."""
        reward = 0.0
        done = card
        unknown = None
        if self.haywire_regs[reg - 1]:
            # a face-down Haywire replaces this register: the card is lost, its move unknown
            reward, unknown = -0.3, "haywire"
            if reg >= 2 and self.haywire_regs[reg - 2] and self.full:
                # priced with the Haywire before it (the whole run of them, see _risk)
                return self._after_card(reg, x, y, d, cp, reward, "damage")
        elif self.full and self.board.kind_at(x, y) == "randomizer":
            # on a randomizer at the reveal the register becomes the deck's top card: unknown
            reward, unknown = -0.3, "card"
        elif card == "spam":
            # an unknown card: mostly a lost register. Hard also counts that a played SPAM
            # leaves the deck for good (a SPAM left in hand comes back next shuffle).
            reward, unknown = -(0.2 if self.hard else 0.6), "card"
        if unknown is not None:
            if not self.full:
                return x, y, d, cp, False, reward, "damage"
            run = 1
            if unknown == "haywire":
                while reg + run <= 5 and self.haywire_regs[reg + run - 1] and run < 3:
                    run += 1
            reward -= self._risk(x, y, d, unknown, run) * (self._fall_cost(x, y, d, cp) + self._skipped(reg))
            # the robot is taken to stay put; the board still acts on it this register
            return self._after_card(reg, x, y, d, cp, reward, "damage")
        if card == "again":
            if prev is None or prev == "damage":
                return x, y, d, cp, False, reward - 0.3, prev
            action, teleport = prev, False
            done = prev
        else:
            action, teleport = card, card in C.MOVE_CARDS
        x, y, d, fell, energy = self._action(x, y, d, action, teleport)
        reward += energy * (0.5 if self.full else 0.2)
        if fell:
            return self._rebooted(cp, reward, done, reg)
        return self._after_card(reg, x, y, d, cp, reward, done)

    def _after_card(self, reg, x, y, d, cp, reward, done):
        """The rest of a register after the cards: board elements, lasers, energy, checkpoint."""
        if self.full:
            x, y, d, fell, crushed = self._elements(x, y, d, reg)
            if fell or crushed:
                return self._rebooted(cp, reward, done, reg)
            dmg = self.laser.get((x, y), 0) + self.fire.get((x, y), 0)
            reward -= dmg * 1.0
            if (x, y) in self.threat:
                reward -= self.threat[(x, y)] * (self._fall_cost(x, y, d, cp) + self._skipped(reg))
            if self.board.kind_at(x, y) == "energy" and me_energy_below_cap(self.me):
                reward += 0.5
        if cp < len(self.cps) and (x, y) == self.cps[cp]:
            cp += 1
            reward += 100.0 + (6 - reg)
        return x, y, d, cp, False, reward, done

    def _rebooted(self, cp, reward, done, reg):
        rx, ry, rd = self.board.reboot
        return rx, ry, rd, cp, True, reward - 6.0 - 2.0 * self._reboot_cost() - self._skipped(reg), done

    def _skipped(self, reg) -> float:
        """What falling in register `reg` costs hard in Haywires it leaves waiting: those under
        the registers the reboot cancels stay on the mat for next round."""
        return PENDING_HAYWIRE_COST * sum(self.haywire_regs[reg:]) if self.hard else 0.0

    def terminal(self, x, y, d, cp, rebooted):
        if cp >= len(self.cps):
            return 1000.0
        tables = self._tables.get(cp)
        if tables is None:
            target = self.cps[cp]
            cards = card_distance(self.board, target) if self.full else None
            tables = self._tables[cp] = (cards, walk_distance(self.board, target))
        cards, walk = tables
        if self.full:
            return -3.0 * cards.get((x, y, d), 40) - 0.2 * walk.get((x, y), 40)
        return -2.0 * walk.get((x, y), 40)

    def facing_value(self, x, y, d, cp) -> float:
        """How good (x, y) facing d is to start the next round from (a rebooted robot's facing):
        cards to the next checkpoint; for hard, a Haywire waiting under register 1 is played
        from there first (the mean of its six cards, falls priced as the search prices them)."""
        if self.hard and self.haywire_regs[0]:
            outs = self._haywire_outcomes(1, x, y, d, cp)
            return sum(r + self.terminal(nx, ny, nd, ncp, reb) for nx, ny, nd, ncp, reb, r in outs) / len(outs)
        return self.terminal(x, y, d, cp, False)

    # ------------------------------------------------------------------ search
    def _after_fixed(self, fixed):
        """(x, y, d, cp, prev, rebooted) after the registers already programmed."""
        me = self.me
        x, y, d, cp, prev, rebooted = me.x, me.y, me.d, me.cp, None, me.rebooted
        for reg, card in enumerate(fixed, start=1):
            if rebooted:
                break
            x, y, d, cp, rebooted, _, prev = self.step(reg, x, y, d, cp, prev, card)
        return x, y, d, cp, prev, rebooted

    def _hand_counts(self, hand) -> tuple:
        """Sets self.cards (the hand's kinds, sorted) and returns how many of each remain."""
        counts = Counter(hand)
        self.cards = tuple(sorted(counts))
        return tuple(counts[c] for c in self.cards)

    def best_program(self, hand, fixed=()):
        """The best 5-card program from `hand` after the cards already in `fixed` registers."""
        x, y, d, cp, prev, rebooted = self._after_fixed(fixed)
        _, seq = self._search(len(fixed) + 1, x, y, d, cp, prev, rebooted, self._hand_counts(hand))
        return list(seq)

    def _haywire_ahead(self, reg) -> bool:
        """Hard follows every way a face-down Haywire can move the robot (see _belief_value)."""
        return self.hard and any(self.haywire_regs[reg - 1:])

    def top_programs(self, hand, fixed=(), k=6):
        """The k best-looking programs after `fixed`, as different as the search allows: for
        each choice of the next two cards, the best rest (all memoised in one search)."""
        x, y, d, cp, prev, rebooted = self._after_fixed(fixed)
        found = {}
        self._branches(len(fixed) + 1, x, y, d, cp, prev, rebooted, self._hand_counts(hand), 0.0, (), 2, found)
        if self._haywire_ahead(len(fixed) + 1):
            start = (((x, y, d, cp, prev, rebooted), 1),)
            found = {seq: self._belief_value(len(fixed) + 1, start, seq) for seq in found}
        ranked = sorted(found.items(), key=lambda kv: -kv[1])
        return [list(seq) for seq, _ in ranked[:k]]

    def _next_cards(self, reg, remaining):
        """(card, counts left after it) for each kind of card that may go in register `reg`."""
        for i, n in enumerate(remaining):
            if n and not (self.cards[i] == "again" and reg == 1):
                yield self.cards[i], remaining[:i] + (n - 1,) + remaining[i + 1:]

    def _branches(self, reg, x, y, d, cp, prev, rebooted, remaining, acc, prefix, depth, found):
        """Fill `found` (program -> model value) with the best program under every prefix of
        `depth` more cards."""
        if depth == 0 or reg > 5:
            val, seq = self._search(reg, x, y, d, cp, prev, rebooted, remaining) if reg <= 5 else (
                self.terminal(x, y, d, cp, rebooted), ())
            program = prefix + tuple(seq)
            found[program] = max(found.get(program, -1e18), acc + val)
            return
        for card, rest in self._next_cards(reg, remaining):
            if rebooted:
                self._branches(reg + 1, x, y, d, cp, prev, True, rest, acc, prefix + (card,), depth - 1, found)
                continue
            nx, ny, nd, ncp, nreb, r, done = self.step(reg, x, y, d, cp, prev, card)
            if ncp >= len(self.cps):
                found[prefix + (card,)] = acc + 1000.0 + r + (6 - reg) * 10
                continue
            self._branches(reg + 1, nx, ny, nd, ncp, done, nreb, rest, acc + r, prefix + (card,), depth - 1, found)

    def greedy_program(self, hand, fixed=()):
        """Register by register, the card that looks best one register ahead (easy, normal)."""
        x, y, d, cp, prev, rebooted = self._after_fixed(fixed)
        left = list(hand)
        seq = []
        for reg in range(len(fixed) + 1, 6):
            best, best_card, best_next = -1e9, None, None
            for card in sorted(set(left)):
                if card == "again" and reg == 1:
                    continue
                if rebooted:
                    val, nxt = 0.0, (x, y, d, cp, True, prev)
                else:
                    nx, ny, nd, ncp, nreb, r, done = self.step(reg, x, y, d, cp, prev, card)
                    val = r + self.terminal(nx, ny, nd, ncp, nreb)
                    nxt = (nx, ny, nd, ncp, nreb, done)
                if val > best:
                    best, best_card, best_next = val, card, nxt
            if best_card is None:
                break
            seq.append(best_card)
            left.remove(best_card)
            x, y, d, cp, rebooted, prev = best_next
            if cp >= len(self.cps):
                break
        return seq

    def _search(self, reg, x, y, d, cp, prev, rebooted, remaining):
        if reg > 5:
            return self.terminal(x, y, d, cp, rebooted), ()
        key = (reg, x, y, d, cp, prev, rebooted, remaining)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        best, best_seq = -1e9, ()
        for card, rest in self._next_cards(reg, remaining):
            if rebooted:
                val, seq = self._search(reg + 1, x, y, d, cp, prev, True, rest)
                val += 0.0
            else:
                nx, ny, nd, ncp, nreb, r, done = self.step(reg, x, y, d, cp, prev, card)
                if ncp >= len(self.cps):
                    val, seq = 1000.0 + r + (6 - reg) * 10, ()
                else:
                    val, seq = self._search(reg + 1, nx, ny, nd, ncp, done, nreb, rest)
                    val += r
            if val > best:
                best, best_seq = val, (card,) + seq
        self.memo[key] = (best, best_seq)
        return best, best_seq


    # ------------------------------------------------------------------ search over Haywire outcomes
    # A face-down Haywire moves the robot one of six ways, all of them moves (issue 23, cause
    # 1); planning the cards after it from where the robot stood sent it off edges it no
    # longer faced. With Haywires ahead, hard re-scores the programs its search found over a
    # belief: every square and facing the robot may be in after the first Haywire, with how
    # many of the six equally likely Haywire cards lead there; a program's value is the mean
    # over them. (Searching over beliefs directly cost up to 8 s a hand with three Haywires.)

    def _haywire_outcomes(self, reg, x, y, d, cp):
        """(x, y, d, cp, rebooted, reward) after each Haywire card in register `reg`."""
        key = ("hw", reg, x, y, d, cp)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        out = []
        for actions in self.unknown_haywire:
            cx, cy, cd, fell = x, y, d, False
            for a in actions:
                cx, cy, cd, fell, _ = self._action(cx, cy, cd, a, False)
                if fell:
                    break
            if fell:
                nx, ny, nd, ncp, reb, r, _ = self._rebooted(cp, -0.3, "damage", reg)
            else:
                nx, ny, nd, ncp, reb, r, _ = self._after_card(reg, cx, cy, cd, cp, -0.3, "damage")
            out.append((nx, ny, nd, ncp, reb, r))
        self.memo[key] = out
        return out

    def _haywire_in_place(self, reg, x, y, d, cp):
        """A Haywire after the robot is already split: priced by the share of Haywires that
        drop it from where it stands, which is then taken to stay put (as the search does)."""
        reward = -0.3 - self._risk(x, y, d, "haywire") * (self._fall_cost(x, y, d, cp) + self._skipped(reg))
        nx, ny, nd, ncp, reb, r, _ = self._after_card(reg, x, y, d, cp, reward, "damage")
        return nx, ny, nd, ncp, reb, r

    def _step_belief(self, reg, belief, card):
        """(next belief, summed reward, total weight) after `card` in register `reg`; finished
        and rebooted robots stay as they are."""
        nxt: Counter = Counter()
        total_r, weight = 0.0, 0
        expand = len(belief) == 1           # the first Haywire splits the robot six ways; later ones do not
        scale = len(self.unknown_haywire) if self.haywire_regs[reg - 1] and expand else 1
        for (x, y, d, cp, prev, reb), k in belief:
            if reb or cp >= len(self.cps):
                nxt[(x, y, d, cp, prev, reb)] += k * scale
                weight += k * scale
                continue
            if self.haywire_regs[reg - 1] and expand:
                outs = [(o, "damage") for o in self._haywire_outcomes(reg, x, y, d, cp)]
            elif self.haywire_regs[reg - 1]:
                outs = [(self._haywire_in_place(reg, x, y, d, cp), "damage")]
            else:
                nx, ny, nd, ncp, nreb, r, done = self.step(reg, x, y, d, cp, prev, card)
                outs = [((nx, ny, nd, ncp, nreb, r), done)] * scale
            for (nx, ny, nd, ncp, nreb, r), done in outs:
                if ncp >= len(self.cps) and cp < len(self.cps):
                    r += (6 - reg) * 10
                nxt[(nx, ny, nd, ncp, done, nreb)] += k
                total_r += r * k
                weight += k
        return tuple(sorted(nxt.items())), total_r, weight

    def _belief_terminal(self, belief) -> float:
        total = sum(k for _, k in belief)
        return sum(self.terminal(x, y, d, cp, reb) * k for (x, y, d, cp, _p, reb), k in belief) / total

    def _belief_value(self, reg, belief, seq) -> float:
        """The mean value of playing `seq` from register `reg` over every outcome in `belief`."""
        total = 0.0
        for card in seq:
            if reg > 5:
                break
            belief, total_r, weight = self._step_belief(reg, belief, card)
            total += total_r / weight
            reg += 1
        return total + self._belief_terminal(belief)


def me_energy_below_cap(robot) -> bool:
    return robot.energy < C.MAX_ENERGY


def fill(seq, hand, n):
    """Pad a plan (the search stops early after a win) with leftover cards to n cards."""
    seq = list(seq)
    left = Counter(hand)
    left.subtract(Counter(seq))
    for card in sorted(left.elements(), key=lambda c: (c == "again", c)):
        if len(seq) >= n:
            break
        seq.append(card)
    return seq
