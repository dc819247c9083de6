# shellcheck shell=bash
# Sourced by build/windows/build.sh and build/windows/test_setup.sh: running
# Windows programs from bash, under Wine on Linux or natively in Git Bash on
# Windows, written once for both.
#
#   ON_WINDOWS            1 in Git Bash on Windows, 0 on Linux (Wine)
#   to_win PATH           the path as a Windows program reads it
#   to_unix PATH          a Windows path as bash reads it
#   win SECONDS PROG ...  run a Windows program (0 seconds: no time limit), its
#                         output on stdout; the exit code is the program's, or
#                         timeout's 124. Under Wine through a pipe: Python
#                         under Wine 8.0 cannot start when its stdout is a
#                         regular file
#   wait_all              wait until Wine runs no program (nothing on Windows)
#   wine_up               Linux: the tools, the Wine prefix and an X display
#                         (see below); nothing on Windows
#   wine_down             stop Wine and Xvfb if this shell's wine_up started them
#
# LINEBOX_WIN_CACHE (default ~/.cache/linebox-windows) keeps the Wine prefix
# between runs (build.sh keeps its Windows Python and wheels there too).

case "$(uname -s)" in
  MINGW*|MSYS*|CYGWIN*) ON_WINDOWS=1 ;;
  *) ON_WINDOWS=0 ;;
esac
WIN_CACHE="${LINEBOX_WIN_CACHE:-$HOME/.cache/linebox-windows}"
WINE_STARTED=0
XVFB_PID=""

if [ "$ON_WINDOWS" = 1 ]; then
  to_win() { cygpath -w "$1"; }
  to_unix() { cygpath -u "$1"; }
  win() { timeout "$1" "${@:2}"; }
  wait_all() { :; }
else
  to_win() { winepath -w "$1" 2>/dev/null; }
  to_unix() { winepath -u "$1" 2>/dev/null; }
  win() { timeout "$1" wine "${@:2}" 2>&1 | cat; }
  wait_all() { wineserver -w; }
fi

wine_down() {
  [ "$WINE_STARTED" = 1 ] || return 0
  wineserver -k >/dev/null 2>&1 || true
  if [ -n "$XVFB_PID" ]; then kill "$XVFB_PID" 2>/dev/null || true; fi
  WINE_STARTED=0
}

# Linux: Debian's wine, wine64, nsis, Xvfb and the MinGW linker, installed when
# missing; the Wine prefix in WIN_CACHE with a crash being an exit code, not a
# dialog; an Xvfb display for the windowed app. A script that a wine_up script
# starts (build.sh runs test_setup.sh) finds them in its environment and uses
# them; Wine and Xvfb stop when the shell that started them exits, so the
# caller's EXIT trap is to call wine_down.
wine_up() {
  [ "$ON_WINDOWS" = 0 ] || return 0
  export WINEPREFIX="$WIN_CACHE/prefix" WINEARCH=win64 WINEDEBUG=-all
  # no Mono or Gecko prompt, no crash debugger (dialogs nobody answers in CI);
  # bcryptprimitives: the stand-in below
  export WINEDLLOVERRIDES="mscoree,mshtml=;winedbg.exe=d;bcryptprimitives=n"
  export SDL_AUDIODRIVER=dummy
  if [ -n "${LINEBOX_WINE_DISPLAY:-}" ]; then      # set up by the script that started this one
    export DISPLAY="$LINEBOX_WINE_DISPLAY"
    return 0
  fi
  local need=()
  command -v wine >/dev/null || need+=(wine wine64)
  command -v makensis >/dev/null || need+=(nsis)
  command -v Xvfb >/dev/null || need+=(xvfb xauth)
  command -v x86_64-w64-mingw32-ld >/dev/null || need+=(binutils-mingw-w64-x86-64)
  if [ ${#need[@]} -gt 0 ]; then
    echo "== windows: apt-get install ${need[*]}" >&2
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
  fi
  mkdir -p "$WIN_CACHE"

  local n display_num=""
  for n in $(seq 90 120); do
    [ -e "/tmp/.X11-unix/X$n" ] || [ -e "/tmp/.X$n-lock" ] || { display_num=$n; break; }
  done
  [ -n "$display_num" ] || { echo "windows: FAILED: no free X display number in :90-:120" >&2; return 1; }
  WINE_STARTED=1
  Xvfb ":$display_num" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
  XVFB_PID=$!
  export DISPLAY=":$display_num" LINEBOX_WINE_DISPLAY=":$display_num"
  for _ in $(seq 100); do [ -e "/tmp/.X11-unix/X$display_num" ] && break; sleep 0.1; done

  if [ ! -f "$WINEPREFIX/system.reg" ]; then
    echo "== windows: a Wine prefix" >&2
    wineboot --init 2>&1 | cat >&2
    wineserver -w
  fi
  # Rust-built wheels (rpds-py, under jsonschema under matrix-nio) call
  # bcryptprimitives.dll!ProcessPrng, which Windows 10+ has and Wine 8.0 lacks:
  # a DLL that only forwards it to advapi32's RtlGenRandom (same arguments)
  # stands in, in this Wine prefix only; nothing of it goes into the app.
  local prng="$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll" shim
  if [ ! -f "$prng" ]; then
    echo "== windows: bcryptprimitives.dll for Wine (ProcessPrng -> advapi32.SystemFunction036)" >&2
    shim="$(mktemp -d)"
    printf '%s\n' "LIBRARY bcryptprimitives" "EXPORTS" "  ProcessPrng = advapi32.SystemFunction036" > "$shim/prng.def"
    : | x86_64-w64-mingw32-as -o "$shim/empty.o"
    x86_64-w64-mingw32-ld -shared -e 0 -o "$prng" "$shim/empty.o" "$shim/prng.def"
    rm -rf "$shim"
  fi
}
