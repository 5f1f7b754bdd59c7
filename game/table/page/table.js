// The phone page of a Robo Arcade table: join a seat, see that seat's private view and play its
// legal choices. No build step: plain JavaScript served by the host (game/table/server.py).
// Messages are described in docs/table-protocol.md.
"use strict";

const params = new URLSearchParams(location.search);
const code = (params.get("code") || "").toUpperCase();
const storeKey = "robo-table:" + location.host + ":" + code;
const $ = (id) => document.getElementById(id);
let socket = null;
let table = null;         // the "table" message: game, title, seats
let mine = null;          // {seat, token} once this phone holds a seat
let lastUpdate = null;
let viewWire = {};        // the seat's view in wire form: whole on (re)join, then patched field by field
let retry = 0;
let sentAlone = -1;
let replaced = false;     // the seat was taken back by another tab or window with the same token       // the move whose only legal choice the page sent by itself

function saved() {
  try { return JSON.parse(localStorage.getItem(storeKey) || "null"); } catch (e) { return null; }
}

// The wire form marks tuples, sets and classes; the page only needs the data.
function plain(v) {
  if (Array.isArray(v)) return v.map(plain);
  if (v && typeof v === "object") {
    const keys = Object.keys(v);
    if (keys.length === 1 && ["~list", "~set", "~frozenset", "~dict"].includes(keys[0])) return plain(v[keys[0]]);
    const out = {};
    for (const k of keys) if (k !== "~") out[k] = plain(v[k]);
    return out;
  }
  return v;
}

function words(s) {
  return String(s).replace(/_/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").replace(/([a-z])(\d)/g, "$1 $2");
}
function cap(s) { return s ? s[0].toUpperCase() + s.slice(1) : s; }
function show(v) {
  if (v === null || v === undefined) return "—";
  if (Array.isArray(v)) return v.map(show).join(", ");
  if (typeof v === "object") return Object.entries(v).map(([k, x]) => words(k) + " " + show(x)).join(", ");
  return words(v);
}

// The image of a card face the host drew with the game's own card art (game/client/table_art.py),
// named the way each game's view names the card; null where the host has no image for it.
const FACE_NAMES = {
  roborally: (view, item) => (typeof item === "string" ? item : null),
  robomissions: (view, item) => (Array.isArray(view.cards) && view.cards[item] ? view.cards[item].key : null),
  roborescue: (view, item) => (Number.isInteger(item) ? String(item) : null),
  runrunrun: (view, item) => (Number.isInteger(item) ? String(item) : null),
  roborun: (view, item) => {                  // a stand card, or a card id named by a choice (any stand)
    const card = Number.isInteger(item) && Array.isArray(view.stands)
      ? view.stands.flat().find((c) => c && c.card === item) : item;
    return card && typeof card.face === "string" ? card.card + "-" + card.face : null;
  },
};
// How a held card is named by the choices that play it: Robo Run's stand cards by their id.
function heldKey(item) {
  return JSON.stringify(table && table.game === "roborun" && item && item.card !== undefined ? item.card : item);
}
function faceName(view, item) {
  const name = table && FACE_NAMES[table.game] ? FACE_NAMES[table.game](view, item) : null;
  return name === null || name === undefined ? null : String(name);
}
function faceImage(view, item) {
  const name = faceName(view, item);
  if (name === null || name === undefined || !table.art || !table.art.includes(String(name))) return null;
  const img = document.createElement("img");
  img.src = "art/" + encodeURIComponent(name) + ".png";
  img.alt = "";
  img.decoding = "async";
  return img;
}

// The hand card a choice plays, in the view's own naming (null: the choice is not about a card).
const CHOICE_CARDS = {
  roborally: (c) => (c.kind === "card" ? c.arg : null),
  robomissions: (c) => c.card ?? null,
  roborescue: (c) => c.card ?? null,
  runrunrun: (c) => (c.kind === "explore" && Array.isArray(c.args) ? c.args[0] : null),
  roborun: (c) => ((c.kind === "play" || c.kind === "beep") && Array.isArray(c.args) ? c.args[0] : null),
};
function choiceCard(choice) {
  const pick = table && CHOICE_CARDS[table.game];
  return pick ? pick(choice) : null;
}

// A card's face from the card data the view carries (ROBOMissions, Robo Rescue), else its name in words.
function cardText(view, id) {
  const data = Array.isArray(view.cards) && Number.isInteger(id) ? view.cards[id] : null;
  if (data && typeof data === "object") {
    if (data.name) return data.name;
    if (Array.isArray(data.icons)) return cap(words(data.colour || "")) + " " + data.icons.map((i) => i.join(" ")).join(" + ");
    return cap(words(data.kind || "card")) + " " + id;
  }
  if (Number.isInteger(id) && table && table.game === "runrunrun") return "Tile " + id;
  return cap(show(id));
}

// A choice's button text: its kind in words, then its arguments (cards by their face, shop slots by name).
// Robo Run's choices are a kind and plain arguments; these read as its own screen words them
// (game/roborun/rules/state.py `_LABELS`).
const DIRECTIONS = { U: "up", D: "down", L: "left", R: "right", UL: "up-left", UR: "up-right", DL: "down-left",
  DR: "down-right", skip: "skip", stay: "stays" };
const ROBORUN_LABELS = {
  start: (a) => "Seat " + (a[0] + 1) + " starts",
  play: (a) => "Play card " + a[0],
  pass: () => "Use PASS",
  beep: (a) => "BEEP card " + a[0],
  no_beep: () => "No BEEP",
  standby: (a) => (a[0] ? "Watch this turn" : "Stop watching"),
  dir: (a) => cap(a[0]) + " " + (DIRECTIONS[a[1]] || a[1]),
  chip: (a) => "CHIP level " + a[0],
};

function label(choice, view) {
  const kind = choice.kind ?? choice.type ?? "";
  if (table && table.game === "roborun" && ROBORUN_LABELS[kind] && Array.isArray(choice.args)) {
    return ROBORUN_LABELS[kind](choice.args);
  }
  if (table && table.game === "robomissions" && kind === "robot" && Array.isArray(view.robots)) {
    const robot = view.robots.find((r) => r.rid === choice.ref);       // a robot by its owner and kind
    if (robot) return "Robot of seat " + (robot.owner + 1) + ": " + robot.kind + " (HP " + robot.hp + ")";
  }
  if (kind === "card" && typeof choice.arg === "string") return "Program " + cap(show(choice.arg));
  if (kind === "buy" && Array.isArray(view.shop) && view.shop[choice.arg] !== undefined) return "Buy " + show(view.shop[choice.arg]);
  const rest = Object.entries(choice).filter(([k]) => k !== "kind" && k !== "type")
    .map(([k, v]) => (k === "card" ? cardText(view, v) : k === "area" && Number.isInteger(v) ? "in area " + (v + 1)
      : k === "slot" && Number.isInteger(v) ? "from slot " + (v + 1) : show(v)))
    .filter((s) => s && s !== "—");
  return cap(words(kind)) + (rest.length ? ": " + rest.join(" ") : "");
}

// A seat as the game's log names it (the host's `names`: Yellow, Blue, Player 2...), else Seat N.
function seatName(seat) {
  const names = table && Array.isArray(table.names) ? table.names : [];
  return typeof names[seat] === "string" && names[seat] ? names[seat] : "Seat " + (seat + 1);
}
// Who plays a seat, for "Waiting for Blue (AI)".
const KIND_WORDS = { ai: "AI", remote: "phone", local: "the TV's player" };
function seatWho(seat, seats) {
  const s = (seats || []).find((x) => x.seat === seat);
  if (!s) return seatName(seat);
  const who = s.kind === "remote" && !s.claimed ? "nobody has taken this seat yet"
    : s.kind === "remote" && !s.connected ? "phone, away" : KIND_WORDS[s.kind] || s.kind;
  return seatName(seat) + " (" + (s.name ? s.name + ", " : "") + who + ")";
}

function status(text) { $("status").textContent = text; }
function fail(text) { const e = $("error"); e.textContent = text; e.hidden = !text; }

function connect() {
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  socket = new WebSocket(scheme + location.host + "/");
  socket.onopen = () => { retry = 0; status("connected"); };
  socket.onmessage = (msg) => {
    let data;
    try { data = JSON.parse(msg.data); } catch (e) { return; }
    handle(data);
  };
  socket.onclose = (event) => {
    if (replaced) {                  // reconnecting would take the seat back from the other tab, which
      status("seat played elsewhere");   // would take it back again: the two flipped for ever
      fail("Your seat is now played in another tab or window. Reload this page to play it here.");
      return;
    }
    retry = Math.min(retry + 1, 12);
    // 1001: the host closed the table (or stopped); otherwise the link dropped. Either way the
    // page keeps trying (a table reopened with --resume takes its seats back), and says so.
    const over = lastUpdate && lastUpdate.over;
    if (event.code === 1001 || (over && retry > 1)) {
      status("table closed");
      fail(over ? "The table has closed. Thanks for playing!"
        : "The host closed the table. This page takes your seat back if the table opens again.");
    } else if (retry > 4) {
      status("reconnecting…");
      fail("The table is not answering. Is this phone on the same Wi-Fi as the TV? Trying again…");
    } else {
      status("reconnecting…");
    }
    setTimeout(connect, 400 * retry);
  };
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function handle(data) {
  if (data.type === "table") {
    table = data;
    fail("");                        // a table answers again: whatever the page said about losing it is over
    $("title").textContent = data.title;
    document.title = data.title + " — Robo Arcade";
    const held = saved();
    if (held && held.seat !== undefined && held.token) send({ type: "rejoin", seat: held.seat, token: held.token });
    else seatPicker(data.seats);
  } else if (data.type === "welcome") {
    mine = { seat: data.seat, token: data.token };
    try { localStorage.setItem(storeKey, JSON.stringify(mine)); } catch (e) { /* private mode: no rejoin */ }
    $("seats").hidden = true;
    $("play").hidden = false;
    fail("");
    const names = table && Array.isArray(table.names) ? table.names : [];
    const own = new Set(names).size === names.length && !seatName(data.seat).startsWith("Player ")
      ? seatName(data.seat) : "";      // a name only this seat has, that says more than its number
    status("seat " + (data.seat + 1) + (own ? ": you are " + own : ""));
  } else if (data.type === "update") {
    viewWire = data.view ? data.view : Object.assign({}, viewWire, data.view_patch || {});
    data.view = viewWire;
    lastUpdate = data;
    render(data);
  } else if (data.type === "seats") {
    if (!mine) seatPicker(data.seats);
  } else if (data.type === "error") {
    if (data.code === "replaced") replaced = true;
    if (data.code === "bad_token") { localStorage.removeItem(storeKey); mine = null; seatPicker(table ? table.seats : []); }
    if (data.code === "stale" || data.code === "not_your_turn") { if (lastUpdate) render(lastUpdate); return; }
    fail(data.message);
  }
}

function seatPicker(seats) {
  $("seats").hidden = false;
  $("play").hidden = true;
  const list = $("seat-list");
  list.replaceChildren();
  const open = seats.filter((s) => s.kind === "remote" && !s.claimed);
  if (!open.length) { list.textContent = "No seat is open at this table."; return; }
  for (const s of open) {
    const b = document.createElement("button");
    b.className = "seat";
    const names = table && Array.isArray(table.names) ? table.names : [];
    const named = new Set(names).size === names.length ? seatName(s.seat) : "";
    b.textContent = "Seat " + (s.seat + 1) + (named && named !== "Seat " + (s.seat + 1) && !named.startsWith("Player ")
      ? " · " + named : "");
    b.dataset.seat = s.seat;
    b.onclick = () => send({ type: "join", seat: s.seat, code: code });
    list.append(b);
  }
}

// A row of cards; `play` maps a card (JSON of how the view names it) to the tap that plays it.
function cards(title, items, view, id, play) {
  const box = document.createElement("div");
  box.id = id;
  const h = document.createElement("h2");
  h.textContent = title;
  const row = document.createElement("div");
  row.className = "cards";
  items.forEach((item, index) => {
    if (item === null) {             // an empty register: a numbered place the size of a card, not a card
      const slot = document.createElement("div");
      slot.className = "card slot";
      slot.textContent = String(index + 1);
      row.append(slot);
      return;
    }
    const tap = play ? play.get(heldKey(item)) : undefined;
    const c = document.createElement(tap ? "button" : "div");
    c.className = "card" + (tap ? " playable" : "");
    if (tap) c.onclick = tap;
    const img = faceImage(view, item);
    const name = document.createElement("span");
    name.textContent = item && typeof item.face === "string" ? "Card " + item.card + " · " + item.face : cardText(view, item);
    const caption = table && table.captions ? table.captions[faceName(view, item)] : undefined;
    if (typeof caption === "string" && caption) name.textContent = caption;      // the game's words for the card
    if (img) { c.classList.add("face"); c.append(img); name.className = "caption"; }
    c.append(name);
    row.append(c);
  });
  box.append(h, row);
  return box;
}

// The private part of a seat's view: its hand and program, plus a few facts every game has.
const FACT_WORDS = { supply: "Torches in supply" };     // Run Run Run!'s supply is of torches
function privateView(view, play, prompted) {
  const out = document.createElement("div");
  if (Array.isArray(view.hand) && view.hand.length) {
    out.append(cards(play.size ? "Your hand: tap a card to play it" : "Your hand", view.hand, view, "hand", play));
  }
  if (Array.isArray(view.regs) && view.regs.some((r) => r !== null)) out.append(cards("Your program", view.regs, view, "program"));
  if (Array.isArray(view.stands) && Array.isArray(view.stands[view.seat])) {   // Robo Run: both stands, own first
    view.stands.forEach((stand, seat) => {
      if (!Array.isArray(stand) || (seat !== view.seat && !stand.length)) return;
      const whose = seat === view.seat ? "Your stand" : seatName(seat) + "'s stand";
      const tappable = stand.some((c) => play.has(heldKey(c)));
      out.append(cards(whose + (tappable ? ": tap a card to play it" : ""), stand, view,
                       seat === view.seat ? "stand" : "stand-" + (seat + 1), play));
    });
  }
  const facts = document.createElement("dl");
  facts.className = "facts";
  // (not "turn": counted from 0 in some games; not "phase" where the game's prompt says what to do,
  // nor "register 0" while programming: a player read "Register 0" and "Turn 0")
  for (const key of ["phase", "round", "register", "energy", "supply"]) {
    let v = view[key];
    if (key === "energy" && Array.isArray(v)) v = v[view.seat];
    if (key === "energy" && v === undefined && Array.isArray(view.robots) && view.robots[view.seat]) v = view.robots[view.seat].energy;
    if (v === undefined || v === null || typeof v === "object") continue;
    if ((key === "phase" && (prompted || v === "over")) || (key === "register" && !v)) continue;
    const dt = document.createElement("dt"); dt.textContent = FACT_WORDS[key] || cap(words(key));
    const dd = document.createElement("dd"); dd.textContent = show(v);
    facts.append(dt, dd);
  }
  if (facts.childElementCount) out.append(facts);
  return out;
}

function render(update) {
  const view = plain(update.view);
  const turn = $("turn");
  const myTurn = update.choices.length > 0;
  turn.className = "turn" + (myTurn ? " mine" : "");
  $("ending").hidden = !update.over;
  if (update.over) {
    turn.textContent = headline(update.result || {}, update.seat, (update.seats || []).length);
    $("ending").replaceChildren(...ending(update));
  } else {
    turn.textContent = myTurn ? "Your turn" : update.current === null || update.current === undefined ? "Waiting"
      : "Waiting for " + seatWho(update.current, update.seats);
    const asked = myTurn && typeof update.prompt === "string" ? update.prompt.replace(/^Your turn: /, "") : "";
    if (asked) {                     // what the game's own screen asks now
      const line = document.createElement("span");
      line.className = "prompt";
      line.textContent = cap(asked);
      turn.append(line);
    }
  }
  const box = $("choices");
  const choose = (choice) => () => {
    for (const other of $("play").querySelectorAll("button")) other.disabled = true;
    for (const seen of $("log").querySelectorAll("li.new")) seen.classList.remove("new");   // new: since your last tap
    send({ type: "choose", move: update.move, choice: choice });
  };
  // a choice that plays a card of the hand is a tap on that card; the rest stay buttons
  const held = Array.isArray(view.hand) ? view.hand
    : Array.isArray(view.stands) ? view.stands.filter(Array.isArray).flat() : [];
  const hand = held.map(heldKey);
  // (only where the card has one choice: a card with several, such as a Robo Rescue card and the
  // areas it may go to, keeps a button for each)
  const perCard = new Map();
  for (const choice of update.choices) {
    const card = choiceCard(choice);
    const key = card === null || card === undefined ? null : JSON.stringify(card);
    if (key !== null && hand.includes(key)) perCard.set(key, (perCard.get(key) || []).concat([choice]));
  }
  const play = new Map();
  const tapped = new Set();
  for (const [key, list] of perCard) {
    if (list.length === 1) { play.set(key, choose(list[0])); tapped.add(list[0]); }
  }
  $("private").replaceChildren(privateView(view, play, typeof update.prompt === "string" && update.prompt !== ""));
  box.replaceChildren();
  update.choices.forEach((choice, i) => {
    if (tapped.has(choice)) return;
    const b = document.createElement("button");
    const img = faceImage(view, choiceCard(choice));
    if (img) { b.classList.add("with-card"); b.append(img); }
    const text = document.createElement("span");
    const worded = Array.isArray(update.labels) ? update.labels[i] : null;    // the game's own words, when the host sends them
    text.textContent = typeof worded === "string" && worded ? worded : label(choice, view);
    b.append(text);
    b.dataset.index = i;
    b.onclick = choose(choice);
    box.append(b);
  });
  foldAsides(box, update.choices, play.size > 0);
  // A decision with one legal option is sent without asking, as on every screen of the arcade
  // (game/client/decisions.py); its button stays, greyed, saying what was done.
  if (myTurn && !update.over && update.choices.length === 1 && sentAlone !== update.move) {
    sentAlone = update.move;
    choose(update.choices[0])();
  }
  const log = $("log");
  const lines = logLines(update);
  for (const line of lines) {
    const li = document.createElement("li");
    li.className = "new";
    li.textContent = line;
    log.prepend(li);
  }
  while (log.childElementCount > 40) log.lastChild.remove();
  document.body.dataset.move = update.move;
  document.body.dataset.round = view.round ?? "";
}

// Who won, in words, the seat itself first (as the TV's results say it: game/client/table_results.py).
function headline(result, you, seats) {
  const winners = (result.winners || []).filter(Number.isInteger);
  const name = seatName;
  if (!winners.length) return result.outcome === "lost" ? "Game over: the table lost" : "Game over: nobody won";
  if (winners.length === seats && seats > 1) return "You won together!";
  if (winners.includes(you)) {
    const with_ = winners.filter((w) => w !== you).map(name);
    return with_.length ? "You won, with " + with_.join(", ") + "!" : "You won!";
  }
  return "Game over: " + winners.map(name).join(" and ") + (winners.length === 1 ? " wins" : " win");
}

// The end of the game below the headline: why it ended (the game's own words when the host
// sends them), each seat's score, and what to do now.
function ending(update) {
  const result = update.result || {};
  const out = [];
  const why = typeof update.ending === "string" && update.ending ? update.ending
    : result.cause ? cap(words(result.cause)) : "";
  if (why) { const p = document.createElement("p"); p.className = "why"; p.textContent = why; out.push(p); }
  const scores = Array.isArray(result.scores) && result.scores.some((s) => s) ? result.scores : null;
  if (scores) {
    const list = document.createElement("dl");
    list.className = "facts scores";
    scores.forEach((score, seat) => {
      const dt = document.createElement("dt");
      dt.textContent = seatName(seat) + (seat === update.seat ? " (you)" : "");
      const dd = document.createElement("dd");
      dd.textContent = show(score);
      list.append(dt, dd);
    });
    out.push(list);
  }
  const next = document.createElement("p");
  next.className = "next";
  next.textContent = "The game is over. The TV shows the final board; you can close this page.";
  out.push(next);
  return out;
}

// A long list of choices (Run Run Run!'s seven things to say and a dozen rooms to reserve around
// one 'Move only') folds each run of four or more of one kind whose words begin alike into a
// tap-to-open row, so the choices that play the turn are not screens below: only when there are
// more than eight buttons and something else to tap.
function foldAsides(box, choices, handPlays) {
  const buttons = [...box.children];
  if (buttons.length <= 8) return;
  const kindOf = (b) => { const c = choices[Number(b.dataset.index)] || {}; return c.kind ?? c.type ?? ""; };
  const firstWord = (b) => b.textContent.split(/[\s:]/)[0];
  const groups = new Map();
  for (const b of buttons) {
    const key = kindOf(b) + "|" + firstWord(b);
    groups.set(key, (groups.get(key) || []).concat([b]));
  }
  for (const members of groups.values()) {
    const others = buttons.length - members.length;
    if (members.length < 4 || (!others && !handPlays)) continue;
    const texts = members.map((b) => b.textContent);
    let common = texts.reduce((a, t) => { let i = 0; while (i < a.length && a[i] === t[i]) i++; return a.slice(0, i); });
    common = common.replace(/[\s:"'(]+[^\s:]*$/, "").replace(/[\s:"'(]+$/, "") || firstWord(members[0]);
    const fold = document.createElement("details");
    fold.className = "fold";
    const summary = document.createElement("summary");
    summary.textContent = common + "… (" + members.length + ")";
    const inner = document.createElement("div");
    inner.className = "buttons";
    members[0].before(fold);
    inner.append(...members);
    fold.append(summary, inner);
  }
}

// What the update's events did, newest last: the game's own log lines when the host sends them
// (`log`), else each event's kind and data in words.
function logLines(update) {
  if (Array.isArray(update.log)) return update.log.filter((line) => typeof line === "string" && line);
  return plain(update.events).map((e) => {
    const kind = e.kind ?? e.type ?? "";
    const data = e.data ?? Object.fromEntries(Object.entries(e).filter(([k]) => k !== "kind" && k !== "type"));
    return cap(words(kind)) + (e.seat !== undefined && e.seat !== null ? " (seat " + (e.seat + 1) + ")" : "") + " " + show(data);
  });
}

setInterval(() => send({ type: "ping" }), 15000);
connect();
