#!/usr/bin/env bash
# Install Linebox for this user: the app to ~/.local/opt/Linebox, a menu
# entry, an icon and the .linebox game-file type, opened by Linebox's replay
# viewer (freedesktop.org locations). No root needed.
#
#   ./install.sh               install (or update) from this folder
#   ./install.sh --uninstall   remove the app, the menu entry and the icon
#
# PREFIX (default ~/.local) changes where things go; the player's settings,
# saves and statistics are never touched.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
PREFIX="${PREFIX:-$HOME/.local}"
DATA="${XDG_DATA_HOME:-$PREFIX/share}"
TARGET="$PREFIX/opt/Linebox"
DESKTOP="$DATA/applications/linebox.desktop"
ICON="$DATA/icons/hicolor/256x256/apps/linebox.png"
MIME="$DATA/mime/packages/linebox.xml"

refresh() {
  if command -v update-desktop-database >/dev/null 2>&1; then
    update-desktop-database -q "$DATA/applications" || true
  fi
  touch "$DATA/icons/hicolor" 2>/dev/null || true   # icon themes rescan a changed folder
  if command -v update-mime-database >/dev/null 2>&1; then
    update-mime-database "$DATA/mime" >/dev/null 2>&1 || true
  fi
}

if [ "${1:-}" = "--uninstall" ]; then
  rm -f "$DESKTOP" "$ICON" "$MIME"
  rm -rf "$TARGET"
  refresh
  echo "Linebox removed (your saves and settings are kept)."
  exit 0
fi

[ -x "$HERE/Linebox" ] || { echo "install.sh: run me from the unpacked Linebox folder" >&2; exit 1; }
if [ "$HERE" != "$TARGET" ]; then
  rm -rf "$TARGET"
  mkdir -p "$TARGET"
  cp -a "$HERE/." "$TARGET/"
fi
mkdir -p "$(dirname "$DESKTOP")" "$(dirname "$ICON")" "$(dirname "$MIME")"
cp "$HERE/linebox.png" "$ICON"
# a double-clicked .linebox file opens in the replay viewer (`Linebox PATH.linebox`)
cp "$HERE/linebox.xml" "$MIME"
sed -e "s|^Exec=.*|Exec=\"$TARGET/Linebox\" %f|" -e "s|^Icon=.*|Icon=linebox|" \
    "$HERE/linebox.desktop" > "$DESKTOP"
chmod 644 "$DESKTOP"
refresh
echo "Linebox installed in $TARGET; it is in your applications menu."
