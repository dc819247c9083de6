"""The certificates an https homeserver is checked against, wherever the app runs.

A frozen app carries its own OpenSSL, which looks for certificates where the
build machine kept them (Debian's /usr/lib/ssl; inside the framework on
macOS): on Fedora or Arch, and on every Mac, it finds none and every https
sign-in fails with CERTIFICATE_VERIFY_FAILED. `context()` finds a store the
way the player's own system does:

- SSL_CERT_FILE / SSL_CERT_DIR set: those and nothing else (OpenSSL's own
  convention; a company proxy's CA, a test's).
- Windows: the system store (Python reads it through the Windows API).
- Linux and other Unix: OpenSSL's default paths, then the first bundle found
  where a distribution keeps it (BUNDLES), so a CA the admin added counts.
- macOS, or a Unix with no bundle at all: certifi's Mozilla bundle, shipped
  inside the app.

Why certifi and not truststore (which asks the OS to verify): truststore's
Windows and macOS paths call the OS verifier through ctypes, which cannot be
tried on this project's CI (Linux, Wine); a bundled file behaves the same on
every machine and its result is tested here. What it costs: on macOS a CA
that a company adds to the Keychain is not seen (SSL_CERT_FILE covers it).
"""
from __future__ import annotations

import os
import ssl
import sys
from pathlib import Path

import certifi

# Where Linux distributions keep their CA bundle (the first found is loaded).
BUNDLES = (
    "/etc/ssl/certs/ca-certificates.crt",                 # Debian, Ubuntu, Arch, Gentoo
    "/etc/pki/tls/certs/ca-bundle.crt",                   # Fedora, RHEL, CentOS
    "/etc/ssl/certs/ca-bundle.crt",                       # Fedora's link, openSUSE (older)
    "/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem",  # Fedora, RHEL (the extracted store)
    "/etc/ssl/ca-bundle.pem",                             # openSUSE
    "/etc/ssl/cert.pem",                                  # Alpine, Arch, macOS's own, BSDs
)


class NoCertificates(RuntimeError):
    """SSL_CERT_FILE or SSL_CERT_DIR names what is not there: said, not silently replaced."""


def _from_env() -> tuple[str | None, str | None]:
    return os.environ.get("SSL_CERT_FILE") or None, os.environ.get("SSL_CERT_DIR") or None


def bundle(bundles: tuple[str, ...] = BUNDLES) -> str | None:
    """The CA file loaded on top of OpenSSL's defaults: none on Windows (the system
    store is read), the system's bundle on Linux, certifi's on macOS or failing both."""
    if sys.platform == "win32":
        return None
    if sys.platform != "darwin":
        found = next((b for b in bundles if os.path.isfile(b)), None)
        if found is not None:
            return found
    return certifi.where()


def describe(bundles: tuple[str, ...] = BUNDLES) -> str:
    """Where context() takes its certificates from, in words (for the log and the self-test)."""
    cafile, capath = _from_env()
    if cafile or capath:
        return f"SSL_CERT_FILE={cafile}" if cafile else f"SSL_CERT_DIR={capath}"
    return bundle(bundles) or "the Windows certificate store"


def context(bundles: tuple[str, ...] = BUNDLES) -> ssl.SSLContext:
    """An SSLContext that verifies hosts against the store describe() names."""
    cafile, capath = _from_env()
    if cafile or capath:
        for name, value in (("SSL_CERT_FILE", cafile), ("SSL_CERT_DIR", capath)):
            if value and not Path(value).exists():
                raise NoCertificates(f"{name} names {value}, which does not exist")
        return ssl.create_default_context(cafile=cafile, capath=capath)
    ctx = ssl.create_default_context()            # Windows: the system store; elsewhere OpenSSL's paths
    extra = bundle(bundles)
    if extra is not None:
        ctx.load_verify_locations(cafile=extra)
    return ctx


def for_url(url: str) -> ssl.SSLContext | None:
    """context() for an https address; None (nio's own default) for http, which needs none."""
    return context() if url.lower().startswith("https:") else None
