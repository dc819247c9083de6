"""Posting the daily results that wait in the outbox, when the player is signed in.

Apart from `attempts` because it reaches the online session, whose leaderboard
reads the outbox through `attempts`.
"""
from __future__ import annotations

import logging

from . import attempts

log = logging.getLogger("linebox.daily")


def post_waiting() -> bool:
    """Start posting what waits (in the background: `game.online.leaderboard.POSTER`) when the
    player is signed in; False when nothing waits or nobody is signed in."""
    if not attempts.queued():
        return False
    try:
        from game.online import session
        from game.online.leaderboard import POSTER
        s = session.current()
    except Exception as exc:  # noqa: BLE001 - no matrix-nio in this install: the entry waits
        log.info("daily results cannot be posted here: %s", exc)
        return False
    if s is None:
        return False
    POSTER.kick(s.client)
    return True
