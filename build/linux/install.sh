#!/usr/bin/env bash
# Install Linebox for this user: the app to ~/.local/opt/Linebox, a menu
# entry and an icon (freedesktop.org locations). No root needed.
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

refresh() {
  command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$DATA/applications" || true
  touch "$DATA/icons/hicolor" 2>/dev/null || true   # icon themes rescan a changed folder
}

if [ "${1:-}" = "--uninstall" ]; then
  rm -f "$DESKTOP" "$ICON"
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
mkdir -p "$(dirname "$DESKTOP")" "$(dirname "$ICON")"
cp "$HERE/linebox.png" "$ICON"
sed -e "s|^Exec=.*|Exec=\"$TARGET/Linebox\"|" -e "s|^Icon=.*|Icon=linebox|" \
    "$HERE/linebox.desktop" > "$DESKTOP"
chmod 644 "$DESKTOP"
refresh
echo "Linebox installed in $TARGET; it is in your applications menu."
