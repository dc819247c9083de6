"""A homeserver address as typed, made a URL: https:// unless it names an IP address or a port.

A LAN homeserver (the README's recipe) answers plain http on an address like
``192.168.1.20:8008``; trying https there waited for a timeout and then said
"cannot be reached". A bare host name is a public homeserver: https.

>>> homeserver_url("matrix.org")
('https://matrix.org', False)
>>> homeserver_url("127.0.0.1:8008")
('http://127.0.0.1:8008', True)
>>> homeserver_url("localhost:8008/")
('http://localhost:8008', True)
>>> homeserver_url("https://example.org:8448")
('https://example.org:8448', False)
"""
from __future__ import annotations

import ipaddress
import re

_PORT = re.compile(r":\d{1,5}$")


def homeserver_url(address: str) -> tuple[str, bool]:
    """(the URL to use, True when http:// was chosen for the player: the screen says so)."""
    address = address.strip().rstrip("/")
    if "://" in address or not address:
        return address, False
    host = _PORT.sub("", address).strip("[]")
    try:
        ipaddress.ip_address(host)
        local = True
    except ValueError:
        local = host == "localhost" or bool(_PORT.search(address))
    return ("http://" if local else "https://") + address, local
