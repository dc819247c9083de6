"""The Matrix account: sign in or register, keep only the access token, sign out.

The password is used for one request and never kept: the file holds the
homeserver, user id, device id and access token, in the user config folder
(`game.paths.config_dir()`) as ``matrix_account.json``, readable by its owner
only (0600). `sign_in` / `register` return a Future at once (they run in a
worker thread), so the frame loop never waits.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import dataclasses
import json
import os
from pathlib import Path
from typing import Any

from game import paths

FILE = "matrix_account.json"
_POOL = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="matrix-account")


class AccountError(Exception):
    """Signing in or registering failed; the message says why in plain words."""


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
    address = address.strip().rstrip("/")
    if not address:
        raise AccountError("the homeserver address is empty")
    return address if "://" in address else "https://" + address


async def _auth(homeserver: str, user: str, password: str, register: bool) -> Credentials:
    from nio import AsyncClient, AsyncClientConfig
    from nio.responses import ErrorResponse

    client = AsyncClient(homeserver, user, config=AsyncClientConfig(max_timeouts=1, request_timeout=20,
                                                                   encryption_enabled=False))
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
        raise AccountError(f"{homeserver} did not let us {what}: {resp.message}")
    return Credentials(homeserver, resp.user_id, resp.device_id, resp.access_token)


def sign_in(address: str, user: str, password: str) -> concurrent.futures.Future:
    """Future of `Credentials` (saved once it succeeds) or AccountError."""
    return _POOL.submit(lambda: save(asyncio.run(_auth(_homeserver(address), user, password, False))))


def register(address: str, user: str, password: str) -> concurrent.futures.Future:
    """Like `sign_in`, making the account first where the homeserver allows it."""
    return _POOL.submit(lambda: save(asyncio.run(_auth(_homeserver(address), user, password, True))))


def save(creds: Credentials) -> Credentials:
    """Write the token file (owner-only) without ever leaving a half-written one."""
    target = _file()
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(target.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        if hasattr(os, "fchmod"):    # Unix (and Python 3.13+ on Windows, where it only sets read-only)
            os.fchmod(fd, 0o600)
        os.write(fd, json.dumps(creds.to_json(), indent=1).encode())
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(tmp, target)
    return creds


def load() -> Credentials | None:
    """The saved account, or None (no file, or one that is not ours: it is left alone)."""
    try:
        data: Any = json.loads(_file().read_text(encoding="utf-8"))
        fields = {f.name for f in dataclasses.fields(Credentials)}
        if not isinstance(data, dict) or set(data) != fields or not all(isinstance(v, str) for v in data.values()):
            return None
        return Credentials(**data)
    except (OSError, ValueError):
        return None


def forget() -> None:
    """Sign out on this machine: the token file goes. (Call `MatrixClient.logout` too when online.)"""
    try:
        _file().unlink()
    except FileNotFoundError:
        pass
