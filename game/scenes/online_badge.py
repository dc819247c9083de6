"""The menu's "Play online" label, with a badge when online tables wait for your move.

The menu's only network intake, kept apart from the online screen so the menu
loads no online code for its first frame: the saved account's session is
started once the menu has been drawn (`start_session`, from its update), and
its incoming events are then taken at most twice a second.
"""
from __future__ import annotations

import time

from ..i18n import _

MENU_POLL_SECONDS = 0.5
_last_poll = 0.0
_started = False


def start_session() -> None:
    """The saved account's session, started the first time (reads the token; signed out: nothing)."""
    global _started
    if not _started:
        _started = True
        from ..online import session
        session.current()


def online_label() -> str:
    """ "Play online", and "● n" when n of your tables wait for your move (polled twice a second)."""
    global _last_poll
    if not _started:
        return _("Play online")
    from ..online import session
    s = session.current(start=False)
    if s is not None and time.monotonic() - _last_poll > MENU_POLL_SECONDS:
        _last_poll = time.monotonic()
        s.poll()
    n = s.my_turn_count() if s is not None else 0
    return _("Play online") + (f"  ● {n}" if n else "")
