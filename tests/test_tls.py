"""game/online/tls.py: https homeservers are checked against a store found wherever the app runs.

A real TLS server on 127.0.0.1 with a certificate from a CA made for the test
(tools/local_ca.py): the context trusts it exactly when the CA is where the
context looks. (The frozen app's own proof, with the CA only at Fedora's path,
is tools/frozen_signin.py --https fedora in .ci/run.)
"""
from __future__ import annotations

import socket
import ssl
import sys
import threading
from pathlib import Path

import certifi
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import local_ca  # noqa: E402

from game.online import account, tls  # noqa: E402


@pytest.fixture(scope="module")
def ca(tmp_path_factory):
    return local_ca.make(tmp_path_factory.mktemp("ca"))


@pytest.fixture
def server(ca):
    """A TLS server on 127.0.0.1 that answers each handshake, then closes; its port."""
    _, cert, key = ca
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(cert, key)
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(30)

    def serve():
        while True:
            try:
                conn, _ = listener.accept()
            except OSError:
                return
            try:
                with ctx.wrap_socket(conn, server_side=True):
                    pass
            except (ssl.SSLError, OSError):
                pass            # the client refused our certificate: what some tests want
    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield listener.getsockname()[1]
    listener.close()
    thread.join(30)


def handshake(ctx: ssl.SSLContext, port: int) -> None:
    with socket.create_connection(("127.0.0.1", port), timeout=30) as raw:
        with ctx.wrap_socket(raw, server_hostname="127.0.0.1"):
            pass


@pytest.fixture(autouse=True)
def no_env(monkeypatch):
    monkeypatch.delenv("SSL_CERT_FILE", raising=False)
    monkeypatch.delenv("SSL_CERT_DIR", raising=False)


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="the Linux bundle search")
def test_a_bundle_where_fedora_keeps_it_is_trusted(ca, server, tmp_path):
    missing = tmp_path / "etc/ssl/certs/ca-certificates.crt"       # Debian's, absent here
    fedora = tmp_path / "etc/pki/tls/certs/ca-bundle.crt"
    fedora.parent.mkdir(parents=True)
    fedora.write_bytes(ca[0].read_bytes())
    bundles = (str(missing), str(fedora))
    assert tls.bundle(bundles) == str(fedora)
    assert tls.describe(bundles) == str(fedora)
    handshake(tls.context(bundles), server)


@pytest.mark.skipif(sys.platform == "win32", reason="Windows reads its own store")
def test_without_a_system_bundle_certifi_is_used_and_a_stranger_refused(server, tmp_path):
    assert tls.bundle((str(tmp_path / "none.crt"),)) == certifi.where()
    with pytest.raises(ssl.SSLCertVerificationError):
        handshake(tls.context((str(tmp_path / "none.crt"),)), server)


def test_ssl_cert_file_is_honoured_and_alone(ca, server, monkeypatch, tmp_path):
    monkeypatch.setenv("SSL_CERT_FILE", str(ca[0]))
    assert tls.describe() == f"SSL_CERT_FILE={ca[0]}"
    handshake(tls.context(), server)
    # a file with another CA only: the system's bundles do not step in
    other = local_ca.make(tmp_path / "other")[0]
    monkeypatch.setenv("SSL_CERT_FILE", str(other))
    with pytest.raises(ssl.SSLCertVerificationError):
        handshake(tls.context(), server)


def test_a_missing_ssl_cert_file_is_said_at_sign_in(monkeypatch, tmp_path):
    monkeypatch.setenv("SSL_CERT_FILE", str(tmp_path / "gone.pem"))
    with pytest.raises(tls.NoCertificates, match="gone.pem, which does not exist"):
        tls.context()
    with pytest.raises(account.AccountError, match="cannot check https://127.0.0.1:9's certificate: SSL_CERT_FILE"):
        account.sign_in("https://127.0.0.1:9", "someone", "pw").result(60)


def test_http_needs_no_context():
    assert tls.for_url("http://127.0.0.1:8008") is None
    assert isinstance(tls.for_url("HTTPS://matrix.example"), ssl.SSLContext)
