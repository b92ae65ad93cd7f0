"""This machine's network interfaces and their IPv4 addresses, as the class poll needs them.

Qt's QNetworkInterface lists them the same way on Linux, Windows and macOS; which of them phones
can reach is decided without Qt (:func:`visualizer.poll.network.choose_interface`).
"""

from __future__ import annotations

from PySide6.QtNetwork import QAbstractSocket, QNetworkInterface

from visualizer.poll.network import ETHERNET, OTHER, WIFI, LocalInterface

_KINDS = {QNetworkInterface.InterfaceType.Wifi: WIFI, QNetworkInterface.InterfaceType.Ethernet: ETHERNET}


def local_interfaces() -> list[LocalInterface]:
    """Every IPv4 address of every interface that is up and running, loopback left out."""
    flags = QNetworkInterface.InterfaceFlag
    found = []
    for interface in QNetworkInterface.allInterfaces():
        state = interface.flags()
        if not (state & flags.IsUp and state & flags.IsRunning) or state & flags.IsLoopBack:
            continue
        kind = _KINDS.get(interface.type(), OTHER)
        for entry in interface.addressEntries():
            ip = entry.ip()
            if ip.protocol() == QAbstractSocket.NetworkLayerProtocol.IPv4Protocol:
                found.append(LocalInterface(interface.humanReadableName() or interface.name(), ip.toString(), kind))
    return found


__all__ = ["local_interfaces"]
