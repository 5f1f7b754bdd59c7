"""Card, Event, robot/CHIP and Equipment data: loaded once from data/*.json with validation.

Movement notation (shared by Action card faces and CHIP levels): 'U' one space up, 'L|R'
one space left or right (the active player picks), 'UL|UR' a diagonal, 'slide U' until the
next obstacle, 'chip' a move from an unlocked CHIP level. Arrows are relative to the
ACTIVE player's seat; to_abs() turns them into map directions.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache, wraps
from pathlib import Path

from game.core.errors import UserError
from game.core.files import read_json
from game.roborun.rules.level import BAD_COLOURS

DATA = Path(__file__).with_name("data")
# The Equipment effects equipment.py implements; equipment.json may name only these.
EFFECTS = ("super_charge", "message", "battery", "extra_step", "tow", "emp", "refresh_pass", "flip_card",
           "jam", "brake")
REL_DIRS = ("U", "D", "L", "R", "UL", "UR", "DL", "DR")
OTHER_FACE = {"yellow": "blue", "blue": "yellow"}
# Seat 0 sits at the bottom edge (up = N); seat 1 sits opposite (up = S, left = E).
_SEAT_MAP = ({"U": "N", "D": "S", "L": "W", "R": "E"}, {"U": "S", "D": "N", "L": "E", "R": "W"})
def _abs(seat: int, rel: str) -> str:
    m = _SEAT_MAP[seat]
    if len(rel) == 1:
        return m[rel]
    a, b = m[rel[0]], m[rel[1]]          # vertical part first: N/S then E/W
    return a + b


ABS_OF = tuple({rel: _abs(seat, rel) for rel in REL_DIRS} for seat in (0, 1))


def to_abs(seat: int, rel: str) -> str:
    return ABS_OF[seat][rel]


Action = tuple  # (mode, dirs): ("step", ("L", "R")), ("slide", ("U",)), ("chip", ())


@dataclass(frozen=True)
class Face:
    card: int
    side: str                       # "yellow" or "blue"
    top: tuple[Action, ...]
    middle: tuple[Action, ...]
    bottom: tuple[Action, ...]
    bottom_colours: tuple[str, ...]

    def to_json(self) -> dict:
        def acts(part):
            return [a[0] if a[0] == "chip" else ("slide " if a[0] == "slide" else "") + "|".join(a[1]) for a in part]
        return {"card": self.card, "side": self.side, "top": acts(self.top), "middle": acts(self.middle),
                "bottom": {"colours": list(self.bottom_colours), "actions": acts(self.bottom)}}


@dataclass(frozen=True)
class EventCard:
    id: int
    name: str
    colours: tuple[str, ...]
    target: str                     # "good" or "exit"
    steps: int


@dataclass(frozen=True)
class RobotBoard:
    id: str
    name: str
    abilities: tuple[str, ...]
    chip: tuple[Action, ...]


@dataclass(frozen=True)
class EquipmentCard:
    id: int
    name: str
    effect: str
    text: str


def parse_action(text: str, where: str) -> Action:
    if not isinstance(text, str):
        raise UserError(where, f"action must be a string, got {text!r}")
    if text == "chip":
        return ("chip", ())
    mode, _, dirs = text.rpartition(" ")
    mode = mode or "step"
    options = tuple(dirs.split("|"))
    if mode not in ("step", "slide") or not options or any(d not in REL_DIRS for d in options):
        raise UserError(where, f"bad action {text!r} (use e.g. 'U', 'L|R', 'UL|UR', 'slide U', 'chip')")
    return (mode, options)


def _load(name: str) -> dict:
    path = DATA / name
    data = read_json(path, what="card data")     # game.core.files: one line naming the file on any problem
    if not isinstance(data, dict):
        raise UserError(str(path), "card data is a JSON object")
    return data


def _card_file(name: str):
    """Decorate the loader of data/`name`: whatever shape the file has, a problem the checks
    below do not name (a card that is null, an id that is a list) is still one line naming
    the file, never a traceback."""
    def wrap(loader):
        @wraps(loader)
        def checked():
            try:
                return loader()
            except UserError:
                raise
            except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
                raise UserError(str(DATA / name), f"not valid card data ({exc.__class__.__name__}: "
                                f"{str(exc)[:80]})") from None
        return checked
    return wrap


def _part(raw: dict, key: str, where: str) -> tuple[Action, ...]:
    acts = raw.get(key, [])
    if not isinstance(acts, list) or len(acts) > 2:
        raise UserError(where, f"part '{key}' must be a list of at most two movement actions")
    return tuple(parse_action(a, f"{where} {key}[{i}]") for i, a in enumerate(acts))


@lru_cache(maxsize=None)
@_card_file("action_cards.json")
def action_cards() -> dict[int, dict[str, Face]]:
    where = str(DATA / "action_cards.json")
    out: dict[int, dict[str, Face]] = {}
    for entry in _load("action_cards.json").get("cards", []):
        cid = entry.get("id")
        faces = {}
        for side in ("yellow", "blue"):
            w = f"{where} card {cid} {side}"
            raw = entry.get(side)
            if not isinstance(raw, dict):
                raise UserError(w, "missing face")
            bottom = raw.get("bottom", {"colours": [], "actions": []})
            colours = tuple(bottom.get("colours", []))
            if any(c not in BAD_COLOURS for c in colours):
                raise UserError(w, f"bottom colours must be bad robot colours, got {colours}")
            face = Face(cid, side, _part(raw, "top", w), _part(raw, "middle", w), _part(bottom, "actions", w), colours)
            if side == "yellow" and not face.top:
                raise UserError(w, "the yellow side always moves the active player's robot (needs a top part)")
            if side == "blue" and not face.middle:
                raise UserError(w, "the blue side always moves the teammate's robot (needs a middle part)")
            faces[side] = face
        out[cid] = faces
    if sorted(out) != [1, 2, 3, 4, 5, 6]:
        raise UserError(where, f"expected Action cards 1..6, got {sorted(out)}")
    return out


@lru_cache(maxsize=None)
@_card_file("event_cards.json")
def event_cards() -> dict[int, EventCard]:
    where = str(DATA / "event_cards.json")
    out = {}
    for e in _load("event_cards.json").get("cards", []):
        w = f"{where} card {e.get('id')}"
        if e.get("target") not in ("good", "exit") or not isinstance(e.get("steps"), int) or e["steps"] < 1:
            raise UserError(w, "target must be 'good' or 'exit' and steps a positive number")
        if any(c not in BAD_COLOURS for c in e.get("colours", [])):
            raise UserError(w, "colours must be bad robot colours")
        out[e["id"]] = EventCard(e["id"], e.get("name", ""), tuple(e["colours"]), e["target"], e["steps"])
    if len(out) != 4:
        raise UserError(where, f"expected 4 Event cards, got {len(out)}")
    return out


ABILITY_IDS = ("reverse_move", "fifth_gear", "fuel_boost", "nitro", "back_up_plan", "secret_pocket",
               "short_deactivation", "signal_detector", "abs", "distraction_signal", "ram", "hacking_probe",
               "twist_movement", "double_metal", "404", "cameo")


@lru_cache(maxsize=None)
@_card_file("robots.json")
def robot_boards() -> dict[str, RobotBoard]:
    where = str(DATA / "robots.json")
    out = {}
    for rid, r in _load("robots.json").get("robots", {}).items():
        w = f"{where} robot {rid}"
        abilities = tuple(r.get("abilities", []))
        if len(abilities) != 4 or any(a not in ABILITY_IDS for a in abilities):
            raise UserError(w, f"needs four known abilities, got {abilities}")
        chip = tuple(parse_action(a, f"{w} chip[{i}]") for i, a in enumerate(r.get("chip", [])))
        if not chip or any(a[0] == "chip" for a in chip):
            raise UserError(w, "CHIP levels must be movement actions")
        out[rid] = RobotBoard(rid, r.get("name", rid), abilities, chip)
    if sorted(a for b in out.values() for a in b.abilities) != sorted(ABILITY_IDS):
        raise UserError(where, "the four robots must share out all 16 special abilities")
    return out


@lru_cache(maxsize=None)
@_card_file("equipment.json")
def equipment_cards() -> dict[int, EquipmentCard]:
    where = str(DATA / "equipment.json")
    out = {}
    for e in _load("equipment.json").get("cards", []):
        if e.get("effect") not in EFFECTS:
            raise UserError(f"{where} card {e.get('id')}", f"unknown effect {e.get('effect')!r}")
        out[e["id"]] = EquipmentCard(e["id"], e["name"], e["effect"], e.get("text", ""))
    if len(out) != 10:
        raise UserError(where, f"expected 10 Equipment cards, got {len(out)}")
    return out


@lru_cache(maxsize=None)
@_card_file("equipment.json")
def messages() -> dict[str, str]:
    msgs = _load("equipment.json").get("messages", {})
    if not msgs:
        raise UserError(str(DATA / "equipment.json"), "needs a 'messages' table")
    return dict(msgs)
