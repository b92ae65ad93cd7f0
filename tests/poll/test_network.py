"""The poll listens only on a private or link-local address of this machine, or on loopback."""

from __future__ import annotations

import pytest

from visualizer.poll.network import (
    ETHERNET,
    WIFI,
    LocalInterface,
    NoNetworkError,
    NotLocalAddressError,
    check_listen_address,
    choose_interface,
    is_room_address,
)


@pytest.mark.parametrize("address", ["10.1.2.3", "172.16.0.1", "172.31.255.254", "192.168.0.12", "169.254.7.1"])
def test_private_and_link_local_addresses_are_room_addresses(address):
    assert is_room_address(address)
    assert check_listen_address(address) == address


@pytest.mark.parametrize("address", ["0.0.0.0", "8.8.8.8", "172.32.0.1", "192.0.2.2", "100.64.0.1", "::", "::1",
                                     "fd00::2", "fe80::1", "255.255.255.255", "224.0.0.1", "localhost", "", "10.0.0"])
def test_everything_else_is_refused(address):
    assert not is_room_address(address)
    with pytest.raises(NotLocalAddressError):
        check_listen_address(address)


def test_loopback_is_allowed_when_asked_for_explicitly():
    assert check_listen_address("127.0.0.1") == "127.0.0.1"
    assert check_listen_address("127.3.4.5") == "127.3.4.5"
    assert not is_room_address("127.0.0.1")  # never chosen on its own: no phone reaches it


def test_the_interface_phones_reach_is_chosen():
    docker = LocalInterface("docker0", "172.17.0.1", ETHERNET)
    wired = LocalInterface("eth0", "10.0.0.5", ETHERNET)
    wifi = LocalInterface("wlan0", "192.168.1.23", WIFI)
    link_local = LocalInterface("wlan1", "169.254.10.10", WIFI)
    public = LocalInterface("eth1", "203.0.113.9", ETHERNET)
    assert choose_interface([docker, public, wired, wifi, link_local]) == wifi
    assert choose_interface([docker, public, wired]) == wired
    assert choose_interface([docker, link_local]) == link_local
    assert choose_interface([docker]) == docker  # a private address all the same: better than nothing


@pytest.mark.parametrize("candidates", [[], [LocalInterface("eth0", "203.0.113.9", ETHERNET)],
                                        [LocalInterface("eth0", "192.0.2.2", ETHERNET)]],
                         ids=["no interface", "public only", "documentation range"])
def test_no_usable_interface_is_one_clear_error(candidates):
    with pytest.raises(NoNetworkError, match="join the classroom Wi-Fi or start this laptop's hotspot"):
        choose_interface(candidates)
