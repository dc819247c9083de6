"""The menu's "Play online" label, with a badge when online tables wait for your move.

Kept apart from the online screen so the menu loads no online code for its
first frame: the menu starts the saved account's session once it has been
drawn (`start_session`), and the label only looks at a session that runs
(taking its incoming events at most twice a second), never starts one.
"""
from __future__ import annotations

import sys
import time

from game.shell.i18n import _

MENU_POLL_SECONDS = 0.5
_last_poll = 0.0


def start_session() -> None:
    """The saved account's session, started if it is not running (reads the token file; signed
    out: nothing)."""
    from ..online import session
    session.current()


def online_label() -> str:
    """ "Play online", and "● n" when n of your tables wait for your move."""
    global _last_poll
    session = sys.modules.get("game.online.session")     # never loaded: no session runs
    s = session.current(start=False) if session is not None else None
    if s is not None and time.monotonic() - _last_poll > MENU_POLL_SECONDS:
        _last_poll = time.monotonic()
        s.poll()
    n = s.my_turn_count() if s is not None else 0
    return _("Play online") + (f"  ● {n}" if n else "")
