"""Plain, translated words for what went wrong online (the server's own text stays in the log)."""
from __future__ import annotations

import logging

from game.shell.i18n import _, ngettext

log = logging.getLogger("linebox.online")


def plain_error(exc: BaseException, homeserver: str = "") -> str:
    """One sentence a player can act on, for an error from the account or the client."""
    text = str(exc)
    # the player is told; a typo in an address is no fault of the app's, so it is no log entry
    log.debug("online error: %s", text)
    low = text.lower()
    wait_ms = getattr(exc, "retry_after_ms", None)
    if isinstance(wait_ms, int) or "m_limit_exceeded" in low:
        return wait_text(wait_ms or 0)
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


def wait_text(wait_ms: int) -> str:
    """The homeserver limits attempts: how long it asks us to wait, in whole seconds or minutes."""
    seconds = max(1, round(wait_ms / 1000))
    if seconds < 120:
        return ngettext("The homeserver asks you to wait {n} second before trying again.",
                        "The homeserver asks you to wait {n} seconds before trying again.", seconds).format(n=seconds)
    minutes = round(seconds / 60)
    return ngettext("The homeserver asks you to wait {n} minute before trying again.",
                    "The homeserver asks you to wait {n} minutes before trying again.", minutes).format(n=minutes)


def throttle_text(seconds: float) -> str:
    """The homeserver holds our sends back for a moment (rate limit): the table says so."""
    n = max(1, round(seconds))
    return ngettext("The homeserver slows us down: the next move goes out in {n} second.",
                    "The homeserver slows us down: the next move goes out in {n} seconds.", n).format(n=n)


def problem_text(problem: "object") -> str:
    """A table's problem (`game.online.tables.Problem`) in the player's words; the details (the
    room's id, the server's reason) stay in the log."""
    kind = getattr(problem, "kind", "")
    log.info("online table problem %s at %s: %s", kind, getattr(problem, "room_id", "?"),
             getattr(problem, "detail", ""))
    if kind == "setup":
        return _("A table's setup from its host is broken, so it cannot be shown. Ask the host to start a new table.")
    if kind == "refused":
        return _("The table refused your last move; make it again.")
    if kind == "broken":
        return _("A move was removed from a table's room. The table waits until its host restores it.")
    if kind == "tampered":
        return _("A table's record was changed after the fact; the change is ignored.")
    return _("Something went wrong at an online table.")


def address_note(server: str) -> str:
    """Said while signing in when an IP address or port got http:// (no https on a LAN homeserver)."""
    from ..online.address import homeserver_url
    url, chose_http = homeserver_url(server)
    return _("Trying {url}: an address with an IP or a port is reached over plain http.").format(url=url) \
        if chose_http else ""
