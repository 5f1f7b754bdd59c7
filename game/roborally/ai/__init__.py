"""Robo Rally AI players: make_player(level, seed) for "random", "easy", "normal", "hard".

Every level reads only its seat view. Programs come from game.roborally.ai.planner (a
search over the hand simulating registers on the course); hard also buys upgrades that
help a race and uses them (Recharge, Spam Blocker, Indirect Fire, Stun, Controlled Chaos).
"""
from __future__ import annotations

import random

from game.roborally.ai import rollout
from game.roborally.ai.planner import Planner, fill
from game.roborally.rules import content as C
from game.roborally.rules.engine import Choice

LEVELS = ("random", "easy", "normal", "hard")

# What hard pays for, best first: not losing registers and not rebooting wins races.
# (Measured on carnage-crossing and long-haul, 80 games each vs normal: this "defensive"
# ranking won 105/160, a laser-first ranking 101/160, never buying 82/160.)
UPGRADE_VALUE = {"firewall": 9, "mirror": 8, "spam_blocker": 7, "recharge": 7, "hover_unit": 6,
                 "double_barrel": 5, "controlled_chaos": 4, "leaching": 3, "indirect_fire": 3, "stun": 3,
                 "rear_laser": 2, "ram_gear": 1}


class RallyPlayer:
    def __init__(self, level: str, seed: int) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown AI level {level!r} (choose from: {', '.join(LEVELS)})")
        self.level = level
        self.seed = seed
        self._plan_key = None
        self._plan = None

    def choose(self, view, choices):
        choices = list(choices)
        if self.level == "random" or len(choices) == 1:
            rng = random.Random(f"{self.seed}/{view.round}/{view.register}/{len(view.hand)}/{view.phase}/{len(choices)}")
            return rng.choice(choices)
        phase = view.phase
        if phase == "upgrade":
            return self._upgrade(view, choices)
        if phase == "program":
            return self._program(view, choices)
        if phase == "fire":
            return self._fire(view, choices)
        if phase == "haywire":
            return self._haywire(view, choices)
        if phase == "reboot_facing":
            return self._reboot_facing(view, choices)
        return choices[0]

    def _reboot_facing(self, view, choices):
        """A rebooted robot may face any way (RR16/RR23 Rebooting): the facing from which the
        fewest cards reach the next checkpoint, walking distance and the arrow breaking ties;
        hard also plays a Haywire waiting under register 1 from each facing (Planner.facing_value:
        four look-ups, no search). Easy's value ignores facing, so it keeps the arrow."""
        me = view.robots[view.seat]
        planner = Planner(view, self.level)
        return max(choices, key=lambda c: (planner.facing_value(me.x, me.y, c.arg, me.cp), c.arg == me.d))

    def _haywire(self, view, choices):
        """Controlled Chaos: a register already revealed this round keeps this round's program
        whole (the Haywire plays there next round, where the planner sees it coming); else the
        upcoming register where the planner expects it to hurt least. When the current register
        already holds one, the card may go to the discard instead (Controlled Chaos is optional):
        that costs the robot nothing, so every level takes it."""
        if any(c.arg == 0 for c in choices):
            return next(c for c in choices if c.arg == 0)
        played = [c for c in choices if 0 < c.arg <= view.register]
        if played:
            return max(played, key=lambda c: c.arg)
        if self.level != "hard":
            return max(choices, key=lambda c: c.arg)
        me = view.robots[view.seat]

        def outlook(c):
            planner = Planner(view, "hard")
            hw = list(planner.haywire_regs)
            hw[c.arg - 1] = True
            planner.haywire_regs = tuple(hw)
            x, y, d, cp, prev, reb, total = me.x, me.y, me.d, me.cp, None, me.rebooted, 0.0
            for reg in range(view.register + 1, 6):
                if reb or view.regs[reg - 1] is None:
                    break
                x, y, d, cp, reb, r, prev = planner.step(reg, x, y, d, cp, prev, view.regs[reg - 1])
                total += r
            return total + planner.terminal(x, y, d, cp, reb), c.arg
        return max(choices, key=outlook)

    # ------------------------------------------------------------------ upgrade phase
    def _upgrade(self, view, choices):
        """Hard installs the most useful upgrade it holds, else draws one (1 Energy) while it
        can still afford to install it; easy and normal never upgrade."""
        if self.level != "hard":
            return Choice("pass")
        best, best_value = None, 0
        me = view.robots[view.seat]
        for c in choices:
            if c.kind != "install" or ":" in str(c.arg):
                continue                                  # hard never trades an upgrade away
            value = UPGRADE_VALUE.get(c.arg, 0) - C.UPGRADES[c.arg]["cost"] * 0.5
            if C.UPGRADES[c.arg]["cost"] > me.energy - 1 and c.arg != "recharge":
                value -= 2                                # keep a little energy for Indirect Fire
            if value > best_value:
                best, best_value = c, value
        if best is not None:
            return best
        if Choice("draw") in choices and me.energy >= 4 and len(view.collection) < 2:
            return Choice("draw")
        return Choice("pass")

    # ------------------------------------------------------------------ programming
    def _program(self, view, choices):
        uses = [c for c in choices if c.kind == "use"]
        if uses and self.level == "hard":
            return uses[0]
        fixed = tuple(c for c in view.regs if c is not None)
        plan = self._plan
        fresh = plan is None or self._plan_key != (view.round, view.seat) or tuple(plan[:len(fixed)]) != fixed
        if not fresh:
            left = list(view.hand)
            for c in plan[len(fixed):]:
                if c in left:
                    left.remove(c)
                else:
                    fresh = True
                    break
        if fresh:
            planner = Planner(view, self.level)
            if self.level == "hard" and rollout.CANDIDATES <= 1:
                seq = planner.best_program(list(view.hand), fixed)
            elif self.level == "hard":
                hand = list(view.hand)
                candidates = [fill(seq, hand, 5 - len(fixed)) for seq in
                              planner.top_programs(hand, fixed, rollout.CANDIDATES)]
                seq = rollout.choose(view, planner, [list(fixed) + c for c in candidates], self.seed)[len(fixed):]
            else:
                seq = planner.greedy_program(list(view.hand), fixed)
            self._plan = list(fixed) + fill(seq, list(view.hand), 5 - len(fixed))
            self._plan_key = (view.round, view.seat)
        card = self._plan[len(fixed)] if len(self._plan) > len(fixed) else None
        want = Choice("card", card)
        if want in choices:
            return want
        cards = [c for c in choices if c.kind == "card"]
        return cards[0] if cards else choices[0]

    # ------------------------------------------------------------------ weapons
    def _fire(self, view, choices):
        if self.level != "hard":
            return Choice("fire", "main")
        me = view.robots[view.seat]
        if Choice("fire", "stun") in choices:
            return Choice("fire", "stun")
        indirect = [c for c in choices if c.arg.startswith("indirect:")]
        if indirect and me.energy >= 3:
            def lead(c):
                r = view.robots[int(c.arg.split(":")[1])]
                return (r.cp, -r.seat)
            return max(indirect, key=lead)
        return Choice("fire", "main")


def make_player(level: str, seed: int) -> RallyPlayer:
    return RallyPlayer(level, seed)


def think(player: RallyPlayer, view, choices):
    """(choice, player): one decision, and the player with its plan cache, returned by value.

    The race sends this job to the shared AI worker process (game.client.ai_worker), which
    works on a pickled copy of the player; handing the copy back keeps its plan for the
    next card of the same program instead of planning the hand again.
    """
    return player.choose(view, choices), player
