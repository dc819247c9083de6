"""A throw-away certificate authority and a certificate for 127.0.0.1, made with openssl.

    from local_ca import make
    ca, cert, key = make(folder)        # PEM files in `folder`

For https proofs against servers on this machine only (tools/frozen_signin.py,
tests/test_tls.py): the CA exists for one run, so nothing but the place the
proof puts it can make a client trust it.
"""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

DAYS = "2"


def _openssl(*args: str) -> None:
    if shutil.which("openssl") is None:
        raise RuntimeError("openssl is not installed (apt-get install openssl)")
    done = subprocess.run(["openssl", *args], capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"openssl {args[0]} failed: {done.stderr.strip()}")


def make(folder: Path) -> tuple[Path, Path, Path]:
    """(the CA's certificate, the server's certificate, the server's key) for 127.0.0.1 and localhost."""
    folder.mkdir(parents=True, exist_ok=True)
    ca_key, ca, key, csr, cert = (folder / n for n in ("ca.key", "ca.pem", "server.key", "server.csr", "server.pem"))
    ext = folder / "server.ext"
    ext.write_text("basicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\n"
                   "extendedKeyUsage=serverAuth\nsubjectAltName=IP:127.0.0.1,DNS:localhost\n")
    _openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(ca_key), "-out", str(ca),
             "-days", DAYS, "-subj", "/CN=Linebox throw-away test CA",
             "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign")
    _openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(csr),
             "-subj", "/CN=127.0.0.1")
    _openssl("x509", "-req", "-in", str(csr), "-CA", str(ca), "-CAkey", str(ca_key), "-CAcreateserial",
             "-out", str(cert), "-days", DAYS, "-extfile", str(ext))
    return ca, cert, key
