"""Sign a built Linebox in to a local homeserver: online play proven in the bundle, not assumed.

    python tools/frozen_signin.py APP                  over http
    python tools/frozen_signin.py APP --https fedora   over https; the CA only where Fedora keeps it (Linux, root)
    python tools/frozen_signin.py APP --https env      over https; the CA named by SSL_CERT_FILE

Starts a real Synapse on 127.0.0.1 (tests/synapse_server.py, the one the
online tests use; run this with the test environment's Python, which has
matrix-synapse), registers a user, gives them a table (a Line-it room made
with game/online's own client), and runs the built app's
`--selftest-signin URL USER PASSWORD` (game/selftest.py: sign in, first sync,
load the tables, sign out, through game/online). Passes when the app exits 0
having listed that table.

--https: Synapse serves a second listener over TLS with a certificate from a
CA made for this run (tools/local_ca.py). `fedora` runs the app in a mount
namespace (`unshare -m`) where a tmpfs hides /etc/ssl/certs, so none of
Debian's CA files (/etc/ssl/certs/ca-certificates.crt, the hashed folder,
/usr/lib/ssl/cert.pem, which links there) exists, and the CA is at
/etc/ssl/certs/ca-bundle.crt only: an app that looks only where the build
machine's OpenSSL does fails with CERTIFICATE_VERIFY_FAILED. `env` gives the
CA by SSL_CERT_FILE (macOS, Windows: the app honours it).

Exits with the app's code (1 also when the table was not listed or the
homeserver cannot start), 2 on bad arguments.
"""
from __future__ import annotations

import json
import os
import re
import secrets
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tools"), str(ROOT)]

import local_ca  # noqa: E402
from synapse_server import SynapseServer, free_port, synapse_missing  # noqa: E402

TIMEOUT_S = 180
FEDORA_BUNDLE = "/etc/ssl/certs/ca-bundle.crt"
# Where Debian's OpenSSL and Python find certificates: each must be gone in the namespace.
DEBIAN_PATHS = ("/etc/ssl/certs/ca-certificates.crt", "/usr/lib/ssl/cert.pem", "/etc/ssl/cert.pem")
# Run by `unshare -m sh -c`: $1 the CA, the rest the app's command line.
FEDORA_LAYOUT = f"""set -e
mount -t tmpfs linebox-ca /etc/ssl/certs
cp "$1" {FEDORA_BUNDLE}
shift
for path in {' '.join(DEBIAN_PATHS)}; do
  if [ -e "$path" ]; then echo "frozen_signin: $path is still there" >&2; exit 3; fi
done
ls /etc/ssl/certs | sed 's/^/frozen_signin: in \\/etc\\/ssl\\/certs: /'
exec "$@"
"""


def serve_tls(server: SynapseServer, cert: Path, key: Path) -> str:
    """Add a TLS listener to the server's configuration (before start()); its https address."""
    port = free_port()
    config = json.loads(server.config_path.read_text())
    listener = dict(config["listeners"][0], port=port, tls=True)
    config["listeners"].append(listener)
    config.update(tls_certificate_path=str(cert), tls_private_key_path=str(key))
    server.config_path.write_text(json.dumps(config, indent=1))
    return f"https://127.0.0.1:{port}"


def give_table(server: SynapseServer, login: dict) -> str:
    """A Line-it table hosted by the user (them and a bot), made with the app's own client; its room id."""
    from game.online.client import MatrixClient
    from game.online.protocol import BOT, TableSetup

    setup = TableSetup("lineit", 2, {"first_seat": 0}, (login["user_id"], BOT), login["user_id"])
    client = MatrixClient(server.url, login["user_id"], login["device_id"], login["access_token"]).start()
    try:
        return client.create_table(setup.to_content(), "Linebox", []).result(60)
    finally:
        client.stop()


def command(app: str, https: str | None, ca: Path | None, env: dict) -> list[str]:
    if https == "fedora":
        assert ca is not None
        return ["unshare", "-m", "sh", "-c", FEDORA_LAYOUT, "sh", str(ca), app]
    if https == "env":
        env["SSL_CERT_FILE"] = str(ca)
    return [app]


def main(argv: list[str]) -> int:
    https = None
    if argv[1:2] == ["--https"] and argv[2:3] in (["fedora"], ["env"]) and len(argv) == 3:
        https = argv[2]
    if not argv or not Path(argv[0]).is_file() or (len(argv) > 1 and https is None):
        print("\n".join(line.strip() for line in __doc__.strip().splitlines()[2:5]), file=sys.stderr)
        return 2
    app = str(Path(argv[0]).resolve())
    missing = synapse_missing()
    if missing:
        print(f"frozen_signin: {missing}", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="linebox-signin-") as folder:
        server = SynapseServer(Path(folder) / "synapse")
        url, ca = server.url, None
        try:
            if https:
                ca, cert, key = local_ca.make(Path(folder) / "ca")
                url = serve_tls(server, cert, key)
            took = server.start()
            print(f"frozen_signin: Synapse answered in {took:.1f} s on {url}")
            user = "frozen" + secrets.token_hex(3)
            login = server.register(user)
            room = give_table(server, login)
            print(f"frozen_signin: {login['user_id']} hosts the table {room}")
            env = {k: v for k, v in os.environ.items() if k not in ("SSL_CERT_FILE", "SSL_CERT_DIR")}
            env.update(LINEBOX_HOME=str(Path(folder) / "home"), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
            argv_app = command(app, https, ca, env) + ["--selftest-signin", url, user, login["password"]]
            began = time.monotonic()
            try:
                done = subprocess.run(argv_app, env=env, timeout=TIMEOUT_S, stdout=subprocess.PIPE, text=True)
            except subprocess.TimeoutExpired:
                print(f"frozen_signin: the app did not finish within {TIMEOUT_S} s", file=sys.stderr)
                return 1
            print(done.stdout, end="")
            print(f"frozen_signin: the app exited {done.returncode} after {time.monotonic() - began:.1f} s")
            listed = re.search(r"synced, (\d+) table\(s\)", done.stdout)
            if done.returncode == 0 and (listed is None or int(listed.group(1)) < 1):
                print("frozen_signin: FAILED: the app did not list the table it was given", file=sys.stderr)
                return 1
            return done.returncode
        except RuntimeError as exc:
            print(f"frozen_signin: {exc}", file=sys.stderr)
            return 1
        finally:
            server.stop()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
