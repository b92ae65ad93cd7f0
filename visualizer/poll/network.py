"""Where the poll may listen: a private or link-local address of this machine, never 0.0.0.0,
never a public address. No Qt: the UI lists the machine's interfaces (Qt knows them on every
system) and this module decides which of them phones in the room can reach."""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass

ROOM_NETWORKS = tuple(ipaddress.ip_network(network) for network in
                      ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "169.254.0.0/16"))
"""Private (RFC 1918) and link-local IPv4: the networks of a classroom's Wi-Fi or a laptop's
hotspot. Only IPv4: nobody types an IPv6 address into a phone, and a link-local IPv6 address
needs the interface's name inside the URL."""

LOOPBACK = ipaddress.ip_network("127.0.0.0/8")

# Interfaces that carry private addresses no phone can reach: containers, virtual machines, VPNs.
_UNREACHABLE_PREFIXES = ("docker", "veth", "br-", "virbr", "vmnet", "vboxnet", "lxc", "lxd", "tun", "tap",
                         "wg", "zt", "utun", "podman", "cni", "flannel", "vEthernet")

WIFI, ETHERNET, OTHER = "wifi", "ethernet", "other"


class NoNetworkError(Exception):
    """This machine has no network a phone in the room could reach."""

    def __init__(self) -> None:
        super().__init__("no local network: join the classroom Wi-Fi or start this laptop's hotspot")


class NotLocalAddressError(ValueError):
    """An address the poll must not listen on (0.0.0.0, a public address, not an IP address)."""


@dataclass(frozen=True)
class LocalInterface:
    """One IPv4 address of one network interface of this machine.

    Attributes
    ----------
    name : str
        The interface's name ("wlan0", "Wi-Fi").
    address : str
        Its IPv4 address ("192.168.1.23").
    kind : str
        ``wifi``, ``ethernet`` or ``other``.
    """

    name: str
    address: str
    kind: str = OTHER


def is_room_address(address: str) -> bool:
    """True for a private (RFC 1918) or link-local IPv4 address."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return ip.version == 4 and any(ip in network for network in ROOM_NETWORKS)


def check_listen_address(address: str) -> str:
    """``address`` if the poll may listen on it: a room address, or loopback (tests, kiosks).

    Raises ``NotLocalAddressError`` for anything else, naming it: 0.0.0.0 (every interface), a public
    address, an IPv6 address, a host name.
    """
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        raise NotLocalAddressError(f"{address!r} is not an IP address") from None
    if ip.version == 4 and (ip in LOOPBACK or is_room_address(address)):
        return str(ip)
    raise NotLocalAddressError(f"the poll listens only on a private or link-local IPv4 address of this machine, "
                           f"not on {address}")


def choose_interface(candidates: list[LocalInterface]) -> LocalInterface:
    """The interface phones in the room most likely reach: Wi-Fi before wired, real before virtual.

    Raises ``NoNetworkError`` when no candidate has a room address.
    """
    usable = [candidate for candidate in candidates if is_room_address(candidate.address)]
    if not usable:
        raise NoNetworkError()

    def rank(candidate: LocalInterface) -> tuple[int, int, int]:
        virtual = candidate.name.startswith(_UNREACHABLE_PREFIXES)
        kind = {WIFI: 0, ETHERNET: 1}.get(candidate.kind, 2)
        link_local = ipaddress.ip_address(candidate.address) in ROOM_NETWORKS[-1]
        return (int(virtual), int(link_local), kind)

    return min(usable, key=rank)


__all__ = [
    "ETHERNET",
    "OTHER",
    "ROOM_NETWORKS",
    "WIFI",
    "LocalInterface",
    "NoNetworkError",
    "NotLocalAddressError",
    "check_listen_address",
    "choose_interface",
    "is_room_address",
]
