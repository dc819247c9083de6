#!/usr/bin/env bash
# Test a Windows build of Linebox: the built app, then the setup round trip.
#
#   build/windows/test_setup.sh APP_FOLDER SETUP_EXE
#
# Run by build/windows/build.sh, or alone after it: on Linux under Wine (the
# prefix and X display of build/windows/wine.sh), on Windows natively (Git Bash). Each check that
# fails stops the script with a non-zero exit and says which.
set -euo pipefail
APP="$1"
SETUP="$2"
T0=$(date +%s)
step() { echo "== windows test: $* ($(( $(date +%s) - T0 )) s)" >&2; }
fail() { echo "windows test: FAILED: $*" >&2; exit 1; }

# ON_WINDOWS, to_win, to_unix, win, wait_all, wine_up, wine_down: shared with build.sh
# shellcheck source-path=SCRIPTDIR source=wine.sh
. "$(dirname "$0")/wine.sh"
if [ "$ON_WINDOWS" = 1 ]; then
  reg_has() { MSYS_NO_PATHCONV=1 reg query "$1" >/dev/null 2>&1; }
  LOCAL="$(cygpath -u "$LOCALAPPDATA")"
  START_MENU="$(cygpath -u "$APPDATA")/Microsoft/Windows/Start Menu/Programs"
else
  trap wine_down EXIT
  trap 'exit 143' TERM INT
  wine_up         # run alone; from build.sh it finds build.sh's prefix and display
  reg_has() { wine reg query "$1" >/dev/null 2>&1; }
  LOCAL="$(to_unix "$(wine cmd /c 'echo %LOCALAPPDATA%' 2>/dev/null | tr -d '\r')")"
  START_MENU="$(to_unix "$(wine cmd /c 'echo %APPDATA%' 2>/dev/null | tr -d '\r')")/Microsoft/Windows/Start Menu/Programs"
fi
[ -d "$LOCAL" ] || fail "no %LOCALAPPDATA% folder ($LOCAL)"
HOME_DIR="$(mktemp -d)"
trap 'rm -rf "$HOME_DIR"; wine_down' EXIT
LINEBOX_HOME="$(to_win "$HOME_DIR")"     # settings, saves and logs of these runs only
export LINEBOX_HOME
show_log() { find "$HOME_DIR" -name 'linebox.log' -exec tail -n 40 {} \; >&2 || true; }

step "Linebox.exe --selftest-imports"
win 300 "$APP/Linebox.exe" --selftest-imports || { show_log; fail "a module the app reaches does not import"; }
step "Linebox.exe --smoke"
win 300 "$APP/Linebox.exe" --smoke || { show_log; fail "--smoke of the built app"; }
# DEMOS demos of each game (seeds 1..DEMOS), each to its end once, never again: a demo
# whose bots did not think in their own process (the worker's 30 s watchdog moved
# them to a thread: the hang engine/bots/worker.py's _keep_waking ends) fails
DEMOS="${DEMOS:-5}"
for game in lineit linyo; do
  for seed in $(seq 1 "$DEMOS"); do
    step "Linebox.exe --demo $game --seed $seed (bots only, to the end)"
    win 300 "$APP/Linebox.exe" --demo "$game" --players 4 --seed "$seed" --speed 20 --exit-at-end >&2 \
      || { show_log; fail "--demo $game --seed $seed (exit $?)"; }
    # the windowed app has no stdout: its figures are the log's last "demo figures" line
    figures=$(find "$HOME_DIR" -name linebox.log -exec grep -h "demo figures: " {} + | tail -n 1)
    echo "${figures#*demo figures: }" >&2
    grep -q "\"game\": \"$game\", \"players\": 4, \"seed\": $seed," <<<"$figures" \
      || { show_log; fail "--demo $game --seed $seed wrote no figures to its log"; }
    grep -q '"bot_worker": "process"' <<<"$figures" \
      || { show_log; fail "--demo $game --seed $seed: the bots did not think in a process"; }
  done
done
echo "windows test: $((2 * DEMOS)) of $((2 * DEMOS)) demos with bot_worker: process" >&2

INSTDIR="$LOCAL/Programs/Linebox"
KEYS=('HKCU\Software\Classes\.linebox' 'HKCU\Software\Classes\Linebox.Game'
      'HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\Linebox' 'HKCU\Software\Linebox')
step "silent install ($(basename "$SETUP") /S)"
[ ! -e "$INSTDIR" ] || fail "$INSTDIR is there before the install"
win 300 "$SETUP" /S || fail "the setup exited non-zero"
wait_all
[ -f "$INSTDIR/Linebox.exe" ] || fail "no Linebox.exe in $INSTDIR"
[ -d "$INSTDIR/_internal" ] || fail "no _internal folder in $INSTDIR"
[ -f "$INSTDIR/Uninstall.exe" ] || fail "no uninstaller"
[ -f "$START_MENU/Linebox.lnk" ] || fail "no Start-menu entry"
for key in "${KEYS[@]}"; do reg_has "$key" || fail "the setup wrote no $key"; done

step "the installed Linebox.exe --smoke"
win 300 "$INSTDIR/Linebox.exe" --smoke || { show_log; fail "--smoke of the installed app"; }

step "silent uninstall (Uninstall.exe /S)"
win 300 "$INSTDIR/Uninstall.exe" /S || fail "the uninstaller exited non-zero"
# the uninstaller runs on from a copy in %TEMP%: wait for it to end
for _ in $(seq 600); do
  wait_all
  [ -e "$INSTDIR" ] || break
  sleep 0.2
done
[ ! -e "$INSTDIR" ] || fail "left behind: $(find "$INSTDIR" | head -n 5 | tr '\n' ' ')"
[ ! -e "$START_MENU/Linebox.lnk" ] || fail "the Start-menu entry is left behind"
for key in "${KEYS[@]}"; do ! reg_has "$key" || fail "the registry key $key is left behind"; done
step "all passed"
