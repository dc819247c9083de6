"""The requirements of an installer build, read from pyproject.toml (written there once).

    python tools/requirements.py            the runtime dependencies + the `build` extra (PyInstaller)
    python tools/requirements.py --windows  the same + what PyInstaller needs on Windows only

One a line. The builds install them into an environment of their own
(.ci/run, build/windows/build.sh): the project itself is not installed, the
spec finds game/ and engine/ in the repository. `--windows` exists because
pip, asked for another platform's wheels (`--platform win_amd64`), evaluates
the requirements' markers for the machine it runs on: PyInstaller's
Windows-only dependencies must be named.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WINDOWS_ONLY = ["pefile", "pywin32-ctypes"]      # PyInstaller's `sys_platform == "win32"` dependencies


def _list(text: str, key: str) -> list[str]:
    match = re.search(rf"^{key}\s*=\s*\[(.*?)\]", text, re.M | re.S)
    if match is None:
        raise SystemExit(f"requirements: no `{key} = [...]` in pyproject.toml")
    return re.findall(r'"([^"]+)"', match.group(1))


def requirements(windows: bool = False) -> list[str]:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    return _list(text, "dependencies") + _list(text, "build") + (WINDOWS_ONLY if windows else [])


if __name__ == "__main__":
    print("\n".join(requirements(windows="--windows" in sys.argv[1:])))
