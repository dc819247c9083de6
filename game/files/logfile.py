"""The log file handler: a full or read-only disk costs one line on stderr, not a flood.

`logging.Handler.handleError` prints a whole traceback to stderr for every
record it fails to write; on a full disk that is one traceback per log call,
for as long as the app runs. This handler says it once, in one line, and then
stays quiet (records it cannot write are dropped: there is nowhere to put them).
"""
from __future__ import annotations

import logging
import logging.handlers
import sys


class QuietRotatingFileHandler(logging.handlers.RotatingFileHandler):
    """RotatingFileHandler whose write failures are reported once, in one line."""

    failed = False

    def handleError(self, record: logging.LogRecord) -> None:
        if self.failed:
            return
        self.failed = True
        exc = sys.exc_info()[1]
        try:
            sys.stderr.write(f"linebox: cannot write the log {self.baseFilename} ({exc}); "
                             "later log records are dropped\n")
        except (OSError, ValueError):
            pass
