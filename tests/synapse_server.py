"""A real Matrix homeserver (Synapse) for the online tests: SQLite, 127.0.0.1, a free port.

`SynapseServer(folder)` writes a test configuration (no federation, no TLS,
rate limits raised unless ``fast=False`` keeps Synapse's defaults, registration by shared secret and open registration so
`account.register` can be tested), `start()`s ``python -m
synapse.app.homeserver`` and waits until ``/_matrix/client/versions``
answers, `stop()`s it (SIGTERM, then SIGKILL) and can `start()` again on the
same folder and port: the data survives, as with a homeserver that was
restarted. `register(name)` makes a user through the shared-secret admin API
(HMAC-SHA1 over nonce, user, password and "notadmin", as Synapse documents).

The pytest fixture `synapse` (session-wide) skips the online tests with the
reason printed when Synapse cannot be imported. tests/conftest.py offers it to
every module, so the online modules share one homeserver; a module that
imports it gets one of its own (tests/test_leaderboard_app.py: the day's room
is one per homeserver, and tests/test_leaderboard.py counts its rows exactly;
no other module posts there). The users of the shared one are named with
`NAMES`, so no two modules register the same name.
"""
from __future__ import annotations

import hashlib
import hmac
import importlib.util
import itertools
import json
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

SERVER_NAME = "linebox.test"
NAMES = itertools.count()       # user names' numbers, unique in the whole test session
# Far above what a test sends: the defaults (0.2 messages a second per user)
# would throttle a game of 400 actions played in a few seconds.
_FAST = {"per_second": 10_000, "burst_count": 100_000}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def synapse_missing() -> str | None:
    """Why Synapse cannot run here, or None."""
    if importlib.util.find_spec("synapse") is None:
        return "matrix-synapse is not installed (pip install -e '.[test]' installs it)"
    if importlib.util.find_spec("nio") is None:
        return "matrix-nio is not installed (pip install -e '.[test]' installs it)"
    return None


class SynapseServer:
    def __init__(self, folder: Path, port: int | None = None, fast: bool = True) -> None:
        self.folder = Path(folder)
        self.fast = fast    # False: Synapse's default rate limits, as a homeserver set up by the README has
        self.port = port or free_port()
        self.secret = secrets.token_hex(16)
        self.proc: subprocess.Popen | None = None
        self.start_seconds: list[float] = []
        self._write_config()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def config_path(self) -> Path:
        return self.folder / "homeserver.json"

    def _write_config(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        (self.folder / "log.yaml").write_text(
            "version: 1\n"
            "formatters: {plain: {format: '%(asctime)s %(name)s %(levelname)s %(message)s'}}\n"
            f"handlers: {{file: {{class: logging.FileHandler, formatter: plain, "
            f"filename: '{self.folder / 'homeserver.log'}'}}}}\n"
            "root: {level: WARNING, handlers: [file]}\n"
            "disable_existing_loggers: false\n")
        rate = {
            "rc_message": _FAST, "rc_registration": _FAST,
            "rc_login": {"address": _FAST, "account": _FAST, "failed_attempts": _FAST},
            "rc_joins": {"local": _FAST, "remote": _FAST}, "rc_joins_per_room": _FAST,
            "rc_invites": {"per_room": _FAST, "per_user": _FAST, "per_issuer": _FAST},
            "rc_room_creation": _FAST, "rc_presence": {"per_user": _FAST},
        }
        config = {
            "server_name": SERVER_NAME,
            "pid_file": str(self.folder / "homeserver.pid"),
            "listeners": [{"port": self.port, "bind_addresses": ["127.0.0.1"], "type": "http",
                           "tls": False, "x_forwarded": False,
                           "resources": [{"names": ["client"], "compress": False}]}],
            "database": {"name": "sqlite3", "args": {"database": str(self.folder / "homeserver.db")}},
            "log_config": str(self.folder / "log.yaml"),
            "media_store_path": str(self.folder / "media"),
            "signing_key_path": str(self.folder / "signing.key"),
            "registration_shared_secret": self.secret,
            "enable_registration": True,
            "enable_registration_without_verification": True,
            "report_stats": False,
            "macaroon_secret_key": secrets.token_hex(16),
            "form_secret": secrets.token_hex(16),
            "trusted_key_servers": [],
            "federation_domain_whitelist": [],
            "presence": {"enabled": False},
            "url_preview_enabled": False,
            "suppress_key_server_warning": True,
            **(rate if self.fast else {}),
        }
        # YAML is a superset of JSON: Synapse reads this file as it is.
        self.config_path.write_text(json.dumps(config, indent=1))

    def start(self, timeout: float = 60.0) -> float:
        """Start the homeserver and wait until it answers; the seconds it took."""
        if not (self.folder / "signing.key").exists():
            subprocess.run([sys.executable, "-m", "synapse.app.homeserver", "-c", str(self.config_path),
                            "--generate-keys"], check=True, capture_output=True, cwd=self.folder)
        began = time.monotonic()
        log = open(self.folder / "stderr.log", "ab")
        self.proc = subprocess.Popen([sys.executable, "-m", "synapse.app.homeserver", "-c", str(self.config_path)],
                                     stdout=log, stderr=log, cwd=self.folder)
        log.close()
        while time.monotonic() - began < timeout:
            if self.proc.poll() is not None:
                raise RuntimeError(f"Synapse exited with {self.proc.returncode}: "
                                   + (self.folder / "stderr.log").read_text()[-2000:])
            try:
                with urllib.request.urlopen(self.url + "/_matrix/client/versions", timeout=1) as r:
                    if r.status == 200:
                        took = time.monotonic() - began
                        self.start_seconds.append(took)
                        return took
            except (OSError, urllib.error.URLError):
                time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"Synapse did not answer within {timeout} s")

    def stop(self) -> None:
        if self.proc is None:
            return
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.proc = None

    def _post(self, path: str, body: dict) -> dict:
        req = urllib.request.Request(self.url + path, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
        with urllib.request.urlopen(req, timeout=10) as r:
            return json.loads(r.read())

    def register(self, name: str, password: str | None = None) -> dict:
        """A new user via the shared-secret admin API: its login (user_id, access_token, device_id)."""
        password = password or secrets.token_hex(8)
        with urllib.request.urlopen(self.url + "/_synapse/admin/v1/register", timeout=10) as r:
            nonce = json.loads(r.read())["nonce"]
        mac = hmac.new(self.secret.encode(), b"\0".join(
            [nonce.encode(), name.encode(), password.encode(), b"notadmin"]), hashlib.sha1).hexdigest()
        out = self._post("/_synapse/admin/v1/register",
                         {"nonce": nonce, "username": name, "password": password, "admin": False, "mac": mac})
        out["password"] = password
        return out


@pytest.fixture(scope="session")
def synapse(tmp_path_factory):
    """One homeserver for the online modules of the test session (started once: ~2-4 s)."""
    missing = synapse_missing()
    if missing:
        print(f"\nSKIPPING the online tests: {missing}", file=sys.stderr)
        pytest.skip(f"online tests need a homeserver: {missing}")
    server = SynapseServer(tmp_path_factory.mktemp("synapse"))
    took = server.start()
    print(f"\nSynapse started in {took:.2f} s on {server.url}", file=sys.stderr)
    yield server
    server.stop()


@pytest.fixture(scope="module")
def synapse_default(tmp_path_factory):
    """A homeserver at Synapse's default rate limits (rc_message 0.2/s burst 10, rc_login ...)."""
    missing = synapse_missing()
    if missing:
        pytest.skip(f"online tests need a homeserver: {missing}")
    server = SynapseServer(tmp_path_factory.mktemp("synapse-default"), fast=False)
    server.start()
    yield server
    server.stop()
