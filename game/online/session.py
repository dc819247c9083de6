"""The app's one online session: the signed-in account's client and tables.

The screens and the table scenes share it (`current()`); it is made from the
saved token (`account.load()`) the first time "Play online" is opened or the
menu looks for "your turn", and polled by whichever scene is on top
(`poll()`, never blocks). No pygame here.
"""
from __future__ import annotations

import concurrent.futures
import logging
import threading

from . import account
from .account import Credentials

log = logging.getLogger("linebox.online")


class Session:
    def __init__(self, creds: Credentials) -> None:
        from .client import MatrixClient
        from .tables import OnlineTables
        self.creds = creds
        self.client = MatrixClient(creds.homeserver, creds.user_id, creds.device_id, creds.access_token).start()
        self.tables = OnlineTables(self.client)
        self.found: concurrent.futures.Future = self.tables.resume_all()
        self.offline_reason = ""

    @property
    def me(self) -> str:
        return self.creds.user_id

    def poll(self) -> None:
        """The frame's share of the network: what came in goes to the tables (never waits)."""
        self.tables.update()
        if self.found.done() and self.found.exception() is not None:
            log.info("finding the tables failed: %s", self.found.exception())
            self.found = self.tables.resume_all()     # a lost connection: look again

    def my_turn_count(self) -> int:
        return sum(1 for s in self.tables.summaries() if s.my_turn and not s.over)

    def close(self) -> None:
        self.client.stop(timeout=3.0)
        self.tables.close()


_session: Session | None = None


def current(start: bool = True) -> Session | None:
    """The session of the saved account (started on first use), or None when signed out."""
    global _session
    if _session is None and start:
        creds = account.load()
        if creds is not None:
            try:
                _session = Session(creds)
            except Exception as exc:  # noqa: BLE001 - no matrix-nio, a broken install: the app plays on offline
                log.warning("online play is not available: %s", exc)
                return None
    return _session


def begin(creds: Credentials) -> Session:
    """A fresh session for an account that just signed in (the old one, if any, ends)."""
    global _session
    end()
    _session = Session(creds)
    return _session


def end() -> None:
    global _session
    s, _session = _session, None
    if s is not None:
        s.close()


def sign_out() -> concurrent.futures.Future | None:
    """Forget the token here, and tell the homeserver when we can (the answer is not waited for)."""
    global _session
    s, _session = _session, None
    account.forget()
    if s is None:
        return None
    fut = s.client.logout()

    def close() -> None:  # off the frame thread: the goodbye may take a moment, or never come
        try:
            fut.result(timeout=10)
        except Exception as exc:  # noqa: BLE001 - the token is forgotten here either way
            log.info("sign out on the homeserver: %s", exc)
        s.close()
    threading.Thread(target=close, name="matrix sign out", daemon=True).start()
    return fut
