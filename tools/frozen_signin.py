"""Sign a built Linebox in to a local homeserver: online play proven in the bundle, not assumed.

    python tools/frozen_signin.py build/dist/Linebox/Linebox

Starts a real Synapse on 127.0.0.1 (tests/synapse_server.py, the one the
online tests use; run this with the test environment's Python, which has
matrix-synapse), registers a user, and runs the built app's
`--selftest-signin URL USER PASSWORD` (game/dev/selftest.py: sign in, first sync,
find the tables, sign out, through game/online). Exits with the app's code,
1 when the homeserver cannot start, 2 on bad arguments.
"""
from __future__ import annotations

import os
import secrets
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from synapse_server import SynapseServer, synapse_missing  # noqa: E402

TIMEOUT_S = 180


def main(argv: list[str]) -> int:
    if len(argv) != 1 or not Path(argv[0]).is_file():
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    app = str(Path(argv[0]).resolve())
    missing = synapse_missing()
    if missing:
        print(f"frozen_signin: {missing}", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="linebox-signin-") as folder:
        server = SynapseServer(Path(folder) / "synapse")
        try:
            took = server.start()
            print(f"frozen_signin: Synapse answered in {took:.1f} s on {server.url}")
            user = "frozen" + secrets.token_hex(3)
            login = server.register(user)
            env = dict(os.environ, LINEBOX_HOME=str(Path(folder) / "home"),
                       SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
            began = time.monotonic()
            try:
                done = subprocess.run([app, "--selftest-signin", server.url, user, login["password"]],
                                      env=env, timeout=TIMEOUT_S)
            except subprocess.TimeoutExpired:
                print(f"frozen_signin: the app did not finish within {TIMEOUT_S} s", file=sys.stderr)
                return 1
            print(f"frozen_signin: the app exited {done.returncode} after {time.monotonic() - began:.1f} s")
            return done.returncode
        except RuntimeError as exc:
            print(f"frozen_signin: {exc}", file=sys.stderr)
            return 1
        finally:
            server.stop()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
