"""Plain, translated words for what went wrong online (the server's own text stays in the log)."""
from __future__ import annotations

import logging

from ..i18n import _

log = logging.getLogger("linebox.online")


def plain_error(exc: BaseException, homeserver: str = "") -> str:
    """One sentence a player can act on, for an error from the account or the client."""
    text = str(exc)
    # the player is told; a typo in an address is no fault of the app's, so it is no log entry
    log.debug("online error: %s", text)
    low = text.lower()
    if "cannot reach" in low or "connect" in low or "timeout" in low or "name or service" in low:
        return _("The homeserver {server} cannot be reached. Check the address and your connection.").format(
            server=homeserver or "?")
    if "m_forbidden" in low or "invalid password" in low or "invalid username or password" in low:
        return _("Wrong user name or password.")
    if "m_user_in_use" in low or "already taken" in low:
        return _("That user name is taken on this homeserver.")
    if "registration" in low and ("disabled" in low or "not allowed" in low) or "m_unknown_token" in low \
            or "user-interactive" in low or "401" in low and "register" in low:
        return _("This homeserver does not let us register here: make an account on its website, then sign in.")
    if "empty" in low:
        return _("Fill in the homeserver address, your user name and your password.")
    if "m_unknown" in low and "user" in low or "not found" in low or "m_not_found" in low:
        return _("There is no such user on that homeserver.")
    return _("The homeserver refused: {reason}").format(reason=text[:160])
