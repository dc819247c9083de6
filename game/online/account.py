"""The Matrix account: sign in or register, keep only the access token, sign out.

The password is used for one request and never kept: the file holds the
homeserver, user id, device id and access token, in the user config folder
(`game.files.paths.config_dir()`) as ``matrix_account.json``, readable by its owner
only (0600). `sign_in` / `register` return a Future at once (they run in a
worker thread), so the frame loop never waits.

`load` reads the file like every other file of the player's
(`storage.read_object`: a regular file only, opened without blocking, at
most 64 kB, plain finite JSON): anything else is set aside as ``.bad`` with a
message and the app plays on signed out. A token file other users may read
is made owner-only (chmod 600) and logged rather than refused: refusing would
only make the player sign in again, while the token on disk stays as exposed
as it was; tightening it stops the exposure at once. Callers read it once
(the menu when it is entered, `session.current`), never every frame.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import dataclasses
import threading
from pathlib import Path

from game.files import paths, schema, storage
from game.shell.i18n import _

FILE = "matrix_account.json"
LIMIT = 64 * 1024            # a real token file is ~300 bytes
# a few at once: an attempt the player gave up on (Back) never holds up the next one
_POOL = concurrent.futures.ThreadPoolExecutor(max_workers=4, thread_name_prefix="matrix-account")


class AccountError(Exception):
    """Signing in or registering failed; the message says why in plain words. `retry_after_ms`:
    the homeserver limits attempts (429) and names the wait."""

    def __init__(self, message: str, retry_after_ms: int | None = None) -> None:
        super().__init__(message)
        self.retry_after_ms = retry_after_ms


@dataclasses.dataclass(frozen=True)
class Credentials:
    homeserver: str
    user_id: str
    device_id: str
    access_token: str

    def to_json(self) -> dict[str, str]:
        return dataclasses.asdict(self)


def _file() -> Path:
    return paths.config_dir() / FILE


def _homeserver(address: str) -> str:
    from .address import homeserver_url
    if not address.strip():
        raise AccountError("the homeserver address is empty")
    return homeserver_url(address)[0]


async def _auth(homeserver: str, user: str, password: str, register: bool) -> Credentials:
    from nio import AsyncClient, AsyncClientConfig

    from . import nio_log
    nio_log.quiet()
    from nio.responses import ErrorResponse

    # max_limit_exceeded=0: a 429 comes back at once with its wait, nio never sleeps it out unseen
    client = AsyncClient(homeserver, user, config=AsyncClientConfig(max_timeouts=1, request_timeout=20,
                                                                   encryption_enabled=False,
                                                                   max_limit_exceeded=0))
    try:
        if register:
            resp = await client.register(user, password, device_name="Linebox")
        else:
            resp = await client.login(password, device_name="Linebox")
    except Exception as exc:  # noqa: BLE001 - no connection, bad address: say so
        raise AccountError(f"cannot reach {homeserver}: {exc or type(exc).__name__}") from None
    finally:
        await client.close()
    if isinstance(resp, ErrorResponse):
        what = "register" if register else "sign in"
        wait = resp.retry_after_ms if resp.status_code == "M_LIMIT_EXCEEDED" else None
        raise AccountError(f"{homeserver} did not let us {what}: {resp.status_code} {resp.message}",
                           wait if isinstance(wait, int) else None)
    return Credentials(homeserver, resp.user_id, resp.device_id, resp.access_token)


def _attempt(address: str, user: str, password: str, register: bool, cancel: threading.Event | None) -> Credentials:
    creds = asyncio.run(_auth(_homeserver(address), user, password, register))
    if cancel is not None and cancel.is_set():
        raise AccountError("cancelled")  # the player went Back: a late success is not kept
    return save(creds)


def sign_in(address: str, user: str, password: str, cancel: threading.Event | None = None) -> concurrent.futures.Future:
    """Future of `Credentials` (saved once it succeeds, unless `cancel` was set) or AccountError."""
    return _POOL.submit(_attempt, address, user, password, False, cancel)


def register(address: str, user: str, password: str, cancel: threading.Event | None = None) -> concurrent.futures.Future:
    """Like `sign_in`, making the account first where the homeserver allows it."""
    return _POOL.submit(_attempt, address, user, password, True, cancel)


def save(creds: Credentials) -> Credentials:
    """Write the token file (owner-only: `storage.write_json`'s temp file is made 0600 by mkstemp)
    without ever leaving a half-written one; a temp file left by a kill goes at the next start."""
    storage.write_json(_file(), creds.to_json())
    return creds


#: the token file: exactly what `Credentials` holds, each a short clean text
SCHEMA = schema.Obj(required={"homeserver": schema.Text(2000), "user_id": schema.Text(500),
                              "device_id": schema.Text(500), "access_token": schema.Text(4000)})


def load() -> Credentials | None:
    """The saved account, or None: no file, or one that cannot be used (set aside, with a message)."""
    data = storage.read_object(_file(), _("Your online account file"), LIMIT, private=True, check=SCHEMA)
    if data is None:
        return None
    return Credentials(**{f.name: data[f.name] for f in dataclasses.fields(Credentials)})


def forget() -> None:
    """Sign out on this machine: the token file goes. (Call `MatrixClient.logout` too when online.)"""
    try:
        _file().unlink()
    except FileNotFoundError:
        pass
