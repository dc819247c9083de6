"""Hidden self-tests of a built app, so a bundle is proven rather than assumed.

    Linebox --selftest-imports                  import every module the app can reach; exit 1 listing failures
    Linebox --selftest-signin URL USER PASS     sign in to a homeserver the way the online screen does

An exclude in build/pyinstaller.spec once dropped `http`, `ssl` and `sqlite3`
from every build: `import nio` then failed inside the app only, and online play
was broken while every test passed. `reachable()` is the list the spec bundles
(as hidden imports) and writes into the bundle as RUNTIME_MODULES; the frozen
app imports each of those names again and says which are missing.

`python -m game.dev.selftest` prints `reachable()`, one name a line (the spec runs it
in a clean interpreter of the build environment).
"""
from __future__ import annotations

import importlib
import os
import sys
import time
import traceback
from pathlib import Path

RUNTIME_MODULES = "runtime_modules.txt"
# The app's own packages, and the online client's, whose submodules load by name or lazily.
PACKAGES = ("game", "engine", "nio")
# Where a submodule may fail to import: an optional extra that is not installed. Anywhere
# else a failure stops the listing (and so the build) with its traceback.
OPTIONAL = ("nio",)
# Started as programs, never imported by the app (each runs its own main at import).
NOT_MODULES = {"__main__", "__mp_main__", "game.__main__", "engine.__main__"}
# Developers' benches and tools, run from the source (`python -m ...`), never by the app: the
# installers leave them out (`build/pyinstaller.spec`), which keeps the bundles within their size.
DEV_ONLY = {"game.dev.history_bench", "game.online.bench", "game.leaderboard.bench", "game.lineit_table.hint_bench",
            "game.linyo_table.hint_bench", "game.dev.monkey", "engine.bots.bench", "engine.lineit.cli",
            "engine.linyo.cli"}


def _submodules(package: str) -> list[str]:
    """Every module file under `package`'s folders, folders without __init__.py too
    (game/table is a namespace package: pkgutil.walk_packages does not go in)."""
    root = importlib.import_module(package)
    names = []
    for folder in getattr(root, "__path__", []):
        for path in sorted(Path(folder).rglob("*.py")):
            parts = path.relative_to(folder).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            if parts and all(part.isidentifier() for part in parts):
                names.append(".".join((package, *parts)))
    return names


def _walk(package: str) -> list[str]:
    """`package` and every submodule under it that imports here (optional extras that do not are left out)."""
    try:
        importlib.import_module(package)
    except ImportError:
        if package not in OPTIONAL:
            raise
        return []
    names = [package]
    for name in _submodules(package):
        if name in NOT_MODULES or name in DEV_ONLY:
            continue
        before = set(sys.modules)
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001 - an optional part (nio's end-to-end crypto without olm): not reachable
            if package not in OPTIONAL:
                raise
            # nor is what it loaded before it failed (nio.store.database's sqlite3, without peewee)
            for loaded in set(sys.modules) - before:
                del sys.modules[loaded]
            continue
        names.append(name)
    return names


def reachable() -> list[str]:
    """Every module loaded once all of PACKAGES are imported: what the app may need at run time."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    for package in PACKAGES:
        _walk(package)
    # without a __spec__: a name a library put in sys.modules by hand (Cython's
    # runtime, typing.io), not a module anything can import again
    return sorted(name for name, module in list(sys.modules.items())
                  if getattr(module, "__spec__", None) is not None and name not in NOT_MODULES)


def _bundled_list() -> list[str] | None:
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle is None:
        return None
    path = Path(bundle) / RUNTIME_MODULES
    return path.read_text(encoding="utf-8").split() if path.is_file() else []


def imports() -> int:
    """Import what the build said the app reaches (or, from source, all of PACKAGES); 0 when all import."""
    wanted = _bundled_list()
    if wanted == []:
        print(f"selftest-imports: {RUNTIME_MODULES} is missing from the bundle", file=sys.stderr)
        return 1
    names = wanted if wanted is not None else reachable()
    failed: dict[str, str] = {}
    for name in names:
        try:
            importlib.import_module(name)
        except BaseException as exc:  # noqa: BLE001 - every failure is reported, none stops the check
            failed[name] = f"{type(exc).__name__}: {exc}"
    for name in PACKAGES:
        if name not in sys.modules:
            failed.setdefault(name, "not imported")
    for name, why in sorted(failed.items()):
        print(f"selftest-imports: FAILED {name}: {why}", file=sys.stderr)
    print(f"selftest-imports: {len(names) - len(failed)} of {len(names)} modules import"
          + ("" if not failed else f", {len(failed)} FAILED"))
    return 1 if failed else 0


def signin(url: str, user: str, password: str, timeout: float = 60.0) -> int:
    """Sign in, start the session (first sync, the tables found), sign out: the online screen's own calls."""
    from game.online import account, session

    began = time.monotonic()
    try:
        creds = account.sign_in(url, user, password).result(timeout)
        print(f"selftest-signin: signed in as {creds.user_id} (device {creds.device_id})")
        current = session.begin(creds)
        if not current.client.wait_synced(timeout):
            raise TimeoutError(f"no first sync from {url} within {timeout:.0f} s")
        current.found.result(timeout)
        print(f"selftest-signin: synced, {len(current.tables.summaries())} table(s)")
        goodbye = session.sign_out()
        if goodbye is not None:
            goodbye.result(timeout)
        if account.load() is not None:
            raise RuntimeError("the token file is still there after signing out")
    except BaseException as exc:  # noqa: BLE001 - the whole reason goes to the caller
        print("selftest-signin: FAILED\n" + "".join(traceback.format_exception(exc)), file=sys.stderr)
        return 1
    finally:
        session.end()
    print(f"selftest-signin: ok in {time.monotonic() - began:.1f} s")
    return 0


if __name__ == "__main__":
    print("\n".join(reachable()))
