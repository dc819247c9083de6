"""What a build or a test environment installs: one group of requirements.lock, hashes and all.

    python tools/requirements.py --locked build      the runtime dependencies + PyInstaller (Linux, macOS)
    python tools/requirements.py --locked windows    the same, Windows wheels (build/windows/build.sh)
    python tools/requirements.py --locked test       the runtime dependencies + the test tools
    python tools/requirements.py --locked winpython  the Windows CPython build.sh unpacks

Printed as a requirements file, for
`pip install --require-hashes -r FILE` (the project itself, where wanted, after
it: `pip install --no-deps --no-build-isolation -e .`). requirements.lock is
written by tools/lock.py from pyproject.toml's lists, which stay the one place
the project names what it needs.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "requirements.lock"
GROUPS = ("build", "windows", "test", "winpython")


def pyproject_list(key: str) -> list[str]:
    """The strings of pyproject.toml's `key = [...]` (`dependencies`, or an extra: `build`, `test`)."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    match = re.search(rf"^{key}\s*=\s*\[(.*?)\]", text, re.M | re.S)
    if match is None:
        raise SystemExit(f"requirements: no `{key} = [...]` in pyproject.toml")
    return re.findall(r'"([^"]+)"', match.group(1))


def blocks(text: str) -> list[tuple[set[str], str]]:
    """(its groups, its requirement lines) of each package in the lock's text."""
    out: list[tuple[set[str], str]] = []
    for part in re.split(r"^# groups: ", text, flags=re.M)[1:]:
        head, _, body = part.partition("\n")
        out.append((set(head.split()), body.strip()))
    return out


def locked(group: str, lock: Path = LOCK) -> str:
    if group not in GROUPS:
        raise SystemExit(f"requirements: no group {group!r}; the groups are {', '.join(GROUPS)}")
    if not lock.is_file():
        raise SystemExit(f"requirements: {lock} is missing (python tools/lock.py writes it)")
    lines = [body for groups, body in blocks(lock.read_text(encoding="utf-8")) if group in groups]
    if not lines:
        raise SystemExit(f"requirements: {lock.name} has nothing for {group!r}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] != "--locked":
        raise SystemExit(__doc__.strip().splitlines()[0] + "\nusage: python tools/requirements.py --locked GROUP")
    sys.stdout.write(locked(sys.argv[2]))
