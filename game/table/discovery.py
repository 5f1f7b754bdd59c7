"""Finding a table on the local network: the host's LAN address, zeroconf (mDNS) and the QR code.

The host advertises `_roboarcade._tcp.local.` on the one interface it listens on, with the
game and the join code in the TXT record; `python main.py join` without an address browses
for it. Where multicast does not get through (some guest Wi-Fi), the address is typed or
the QR code on the host's window is scanned instead.
"""
from __future__ import annotations

import socket
import time
from dataclasses import dataclass

SERVICE = "_roboarcade._tcp.local."


def lan_address() -> str:
    """The address of the interface that routes to the local network (no packet is sent);
    127.0.0.1 when there is none."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def qr_matrix(text: str) -> list[list[bool]]:
    """The QR code of `text` as rows of dark (True) and light modules, with no quiet zone."""
    import segno

    return [[bool(cell) for cell in row] for row in segno.make(text, error="m").matrix]


@dataclass(frozen=True)
class FoundTable:
    name: str
    address: str            # "host:port"
    game: str
    code: str


class Advert:
    """A table advertised by zeroconf while it is open; `close()` withdraws it."""

    def __init__(self, address: str, port: int, game: str, title: str, code: str) -> None:
        from zeroconf import ServiceInfo, Zeroconf

        self.zeroconf = Zeroconf(interfaces=[address])       # only the interface the table listens on
        name = f"{title} {code}.{SERVICE}".replace("&", "and")
        self.info = ServiceInfo(SERVICE, name, addresses=[socket.inet_aton(address)], port=port,
                                properties={"game": game, "code": code, "path": "/"},
                                server=f"robo-arcade-{code.lower()}.local.")
        self.zeroconf.register_service(self.info)

    def close(self) -> None:
        try:
            self.zeroconf.unregister_service(self.info)
        finally:
            self.zeroconf.close()


def advertise(address: str, port: int, game: str, title: str, code: str) -> Advert | None:
    """Advertise a table; None (the typed address and the QR code still work) where mDNS cannot start."""
    if address.startswith("127."):
        return None
    try:
        return Advert(address, port, game, title, code)
    except Exception:           # noqa: BLE001 - discovery is a convenience, never a reason not to host
        return None


def browse(seconds: float = 3.0) -> list[FoundTable]:
    """Tables advertised on the local network within `seconds`."""
    from zeroconf import ServiceBrowser, Zeroconf

    found: dict[str, FoundTable] = {}
    zeroconf = Zeroconf()
    try:
        names: list[str] = []
        ServiceBrowser(zeroconf, SERVICE, handlers=[lambda zeroconf, service_type, name, state_change:
                                                    names.append(name)])
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            time.sleep(0.1)
            for name in list(names):
                if name in found:
                    continue
                info = zeroconf.get_service_info(SERVICE, name, timeout=500)
                if info is None or not info.parsed_addresses():
                    continue
                props = {k.decode(): (v or b"").decode() for k, v in info.properties.items()}
                found[name] = FoundTable(name.removesuffix("." + SERVICE), f"{info.parsed_addresses()[0]}:{info.port}",
                                         props.get("game", ""), props.get("code", ""))
    finally:
        zeroconf.close()
    return list(found.values())
