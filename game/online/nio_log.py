"""matrix-nio's warnings ("Got 429 response", "Timed out, sleeping") go to the app's log, never to
the terminal: with no handler of its own, Python's last resort printed them there. Every module
that talks through nio calls `quiet()` first (the client thread, the account's sign-in)."""
from __future__ import annotations

import logging

log = logging.getLogger("linebox.online")


class _ToLinebox(logging.Handler):
    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno >= logging.WARNING:
            log.info("matrix-nio: %s", record.getMessage())


def quiet() -> None:
    """Route nio's records to the app's log (once)."""
    nio_log = logging.getLogger("nio")
    if not any(isinstance(h, _ToLinebox) for h in nio_log.handlers):
        nio_log.addHandler(_ToLinebox())
        nio_log.propagate = False
