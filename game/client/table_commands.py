"""`python main.py host GAME` and `python main.py join ADDRESS`: the networked table's commands.

Kept apart from the screens (game/client/table_screens.py) because they open the App, and
the App's title leads to game select, which opens the host screen: no import ring.
"""
from __future__ import annotations

import argparse
import sys
import time
import urllib.parse

from game.client.app import add_display_args, run_scene
from game.client.table_art import card_art
from game.client.table_words import TableWords
from game.client.table_screens import HostTableScene, JoinTableScene, open_link
from game.core import files
from game.core.errors import UserError
from game.table import discovery
from game.table.process import TableProcess
from game.table.server import TableHost, resume_table, table_save_path
from game.table.setup import add_game_options, table_session


def host_main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="main.py host", description="Open a table on the local network: "
                                     "the board on this screen, every player's hand on their phone.")
    parser.add_argument("game", nargs="?", default=None, help="roborun, robomissions, roborescue, runrunrun, roborally")
    add_game_options(parser)
    parser.add_argument("--seats", default=None, metavar="KINDS",
                        help="comma list, one per seat: remote (a phone), ai, local (default: every seat remote)")
    parser.add_argument("--ai", default="normal", metavar="LEVEL", help="level of AI seats and of the AI covering a dropped player")
    parser.add_argument("--bind", default=None, metavar="ADDRESS", help="interface to listen on (default: the LAN one)")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--drop-timeout", type=float, default=20.0, metavar="S",
                        help="seconds a dropped player's seat waits before the AI plays it")
    parser.add_argument("--resume", action="store_true", help="reopen the table of GAME saved before a crash")
    parser.add_argument("--no-window", action="store_true", help="print the link and host without a window")
    parser.add_argument("--in-process", action="store_true",
                        help="run the table on a thread of this process, not a process of its own")
    add_display_args(parser)
    args = parser.parse_args(argv)
    if args.game is None:
        raise UserError("command line", "host needs a game (roborun, robomissions, roborescue, runrunrun, roborally)")
    if not 1 <= args.drop_timeout <= 3600:              # also NaN: a dropped phone's seat never went to the AI
        raise UserError("command line", f"--drop-timeout must be from 1 to 3600 seconds (got {args.drop_timeout:g})")
    bind = args.bind or discovery.lan_address()
    options = {"ai_level": args.ai, "bind": bind, "port": args.port, "drop_timeout": args.drop_timeout}
    save = table_save_path(args.game)
    local_seats: list[int] = []
    if args.resume:
        try:        # a folder, a FIFO or a device there is named as such, not as "no saved table"
            files.check_regular(save, "saved table")
        except files.Missing:
            raise UserError(str(save), "no saved table to resume") from None
        session, kinds = None, None
    else:
        session = table_session(args.game, args)
        count = session.engine.seat_count(session.state)
        kinds = args.seats.split(",") if args.seats else ["remote"] * count
        local_seats = [i for i, kind in enumerate(kinds) if kind == "local"]
        if len(local_seats) > 1 or (local_seats and args.no_window):
            raise UserError("command line", "--seats: one seat at most is local (played at this window), not with --no-window")
        # the local seat is a phone seat that this window claims over the loopback (LocalSeatScene)
        kinds = ["remote" if kind == "local" else kind for kind in kinds]
        TableHost(session, kinds, **options)              # a bad --seats is a one-line error before any process starts
    options["art"] = card_art(args.game)
    options["words"] = TableWords(args.game)
    if args.in_process:
        host = resume_table(save, **options) if args.resume else TableHost(session, kinds, save_path=save, **options)
    else:
        host = TableProcess(args.game, session=session, seats=kinds, save_path=save,
                            resume=save if args.resume else None, **options)
    host.start()
    advert = discovery.advertise(bind, host.port, host.engine.GAME_ID, host.entry.title, host.code)
    link = host.join_url()
    print(f"table open: {link}  (join code {host.code})", file=sys.stderr)
    try:
        if args.no_window:
            while not host.summary()["over"]:
                time.sleep(0.5)
            return 0
        local_seat = local_seats[0] if local_seats else None
        return run_scene(lambda app: HostTableScene(host, link, advert is not None, local_seat=local_seat), args)
    finally:
        if advert is not None:
            advert.close()
        host.stop()


def join_address(address: str, code: str) -> tuple[str, str]:
    """(host:port, join code) from what the player typed: host:port, or the whole link the host's
    screen shows (http://192.168.1.20:8765/?code=ABCDE), whose code is used unless --code is given."""
    if "://" not in address or address.startswith("ws://"):
        return address, code
    link = urllib.parse.urlsplit(address)
    return link.netloc, code or urllib.parse.parse_qs(link.query).get("code", [""])[0]


def join_main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="main.py join", description="Play a seat of a table from this Robo Arcade.")
    parser.add_argument("address", nargs="?", default=None,
                        help="host:port or the link on the host's screen (default: the first table found on the LAN)")
    parser.add_argument("--seat", type=int, default=None, help="seat number, from 1")
    parser.add_argument("--code", default="", help="the table's join code")
    parser.add_argument("--token", default="", help="a seat token, to rejoin")
    add_display_args(parser)
    args = parser.parse_args(argv)
    address, code = args.address, args.code
    if args.seat is not None and not 1 <= args.seat <= 6:       # a table has at most 6 seats, numbered from 1
        raise UserError("command line", f"--seat must be from 1 to 6 (got {args.seat})")
    if address is None:
        found = discovery.browse(3.0)
        if not found:
            raise UserError("join", "no table found on this network; give its address (host:port)")
        address, code = found[0].address, code or found[0].code
        print(f"joining {found[0].name} at {address}", file=sys.stderr)
    address, code = join_address(address, code)
    link = open_link(address)
    seat = None if args.seat is None else args.seat - 1
    return run_scene(lambda app: JoinTableScene(link, seat, code.upper(), args.token), args)
