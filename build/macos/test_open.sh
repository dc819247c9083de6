#!/usr/bin/env bash
# macOS only: a .linebox opened the way Finder opens it (`open -a`) reaches
# Linebox, both when it starts the app and when the app is already running.
#
#   build/macos/test_open.sh build/dist/Linebox.app PYTHON
#
# PYTHON: the test environment's (it writes the two game files with
# game/history.py and says where the app logs). At launch the file comes as
# argv (PyInstaller's argv emulation: the app logs "opening PATH"); while the
# app runs, as an Apple event SDL turns into a dropped file (it logs "a file
# was handed to the app: PATH"). `open` starts the app through Launch
# Services, so it has none of this shell's variables: the log is the app's
# usual one (game/paths.py), read from where the lines before the test end.
set -euo pipefail
APP="$(cd "$(dirname "${1:?usage: test_open.sh Linebox.app PYTHON}")" && pwd)/$(basename "$1")"
PY="${2:?usage: test_open.sh Linebox.app PYTHON}"
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
WAIT_S=90
fail() { echo "test_open: FAILED: $*" >&2; [ -f "${LOG:-}" ] && tail -n 30 "$LOG" >&2; exit 1; }

FILES="$(mktemp -d)"
trap 'pkill -f "$APP/Contents/MacOS/Linebox" 2>/dev/null || true; rm -rf "$FILES"' EXIT
FIRST="$FILES/first game é.linebox"          # a space and an accent, as players name files
SECOND="$FILES/second.linebox"
LOG="$(cd "$ROOT" && env -u LINEBOX_HOME "$PY" - "$FIRST" "$SECOND" <<'EOF'
import json, sys
from engine import lineit
from game import history
from game.paths import log_dir
state = lineit.new_game(players=2, seed=5)
for _ in range(4):
    state.apply(state.legal_actions()[0])
seats = [{"name": "Ada", "kind": "human", "level": None}, {"name": "Bot", "kind": "bot", "level": "easy"}]
for path in sys.argv[1:]:
    with open(path, "w", encoding="utf-8") as f:
        json.dump(history.build_file("lineit", state.to_json(), seats), f)
print(log_dir() / "linebox.log")
EOF
)"
mkdir -p "$(dirname "$LOG")"
touch "$LOG"
START=$(wc -l < "$LOG")

logged() {   # logged TEXT: wait until the app's log, past START, has TEXT
  local t0
  t0=$(date +%s)
  until tail -n +"$((START + 1))" "$LOG" | grep -qF -- "$1"; do
    [ $(( $(date +%s) - t0 )) -lt "$WAIT_S" ] || fail "the log did not say \"$1\" within $WAIT_S s"
    sleep 1
  done
}

echo "test_open: open -a Linebox.app \"$FIRST\" (starts the app)"
open -a "$APP" "$FIRST"
logged "opening $FIRST"
pgrep -f "$APP/Contents/MacOS/Linebox" >/dev/null || fail "the app is not running after opening the file"

echo "test_open: open -a Linebox.app \"$SECOND\" (the app runs already)"
open -a "$APP" "$SECOND"
logged "a file was handed to the app: $SECOND"
[ "$(pgrep -f "$APP/Contents/MacOS/Linebox" | wc -l | tr -d ' ')" = 1 ] \
  || fail "a second Linebox started instead of the running one taking the file"
grep -q "uncaught error" <(tail -n +"$((START + 1))" "$LOG") && fail "the app logged an error"
echo "test_open: both files reached the app"
