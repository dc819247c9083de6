#!/usr/bin/env bash
# Pack the Linux build into Linebox-<version>-linux-x86_64.tar.gz.
#
#   build/linux/package.sh [DIST_DIR]     # DIST_DIR defaults to build/dist
#
# Needs the one-folder app made by
#   pyinstaller --noconfirm --distpath build/dist --workpath build/work build/pyinstaller.spec
# The archive holds one folder Linebox-<version>-linux-x86_64/ with the app
# (Linebox + _internal/), linebox.desktop, linebox.png, linebox.xml (the
# .linebox file type), install.sh and README.txt. Players unpack it and double-click Linebox, or run ./install.sh
# for a menu entry. Prints the archive's path.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
DIST="${1:-$ROOT/build/dist}"
APP="$DIST/Linebox"
[ -x "$APP/Linebox" ] || { echo "package.sh: no $APP/Linebox; build with build/pyinstaller.spec first" >&2; exit 1; }

VERSION="$(sed -n 's/^version *= *"\([^"]*\)".*/\1/p' "$ROOT/pyproject.toml" | head -n1)"
ARCH="$(uname -m)"
NAME="Linebox-$VERSION-linux-$ARCH"
STAGE="$DIST/$NAME"
rm -rf "$STAGE"
mkdir -p "$STAGE"
cp -a "$APP/." "$STAGE/"
cp "$HERE/linebox.desktop" "$STAGE/linebox.desktop"
cp "$ROOT/build/icons/linebox.png" "$STAGE/linebox.png"
cp "$HERE/install.sh" "$STAGE/install.sh"
cp "$HERE/linebox.xml" "$STAGE/linebox.xml"      # the .linebox file type, for install.sh
chmod 755 "$STAGE/install.sh" "$STAGE/Linebox"
cat > "$STAGE/README.txt" <<TXT
Linebox $VERSION — Line-it and Linyo against computer players or friends.

Play:     double-click Linebox (or run ./Linebox in this folder).
Menu:     ./install.sh           copies Linebox to ~/.local/opt/Linebox and adds
                                 it to your applications menu.
Remove:   ~/.local/opt/Linebox/install.sh --uninstall
Your settings, saves and statistics stay in ~/.config/Linebox and
~/.local/share/Linebox (removing the app keeps them).
TXT

OUT="$DIST/$NAME.tar.gz"
# Same bytes for the same build: sorted names, fixed owner and time.
MTIME="@${SOURCE_DATE_EPOCH:-$(git -C "$ROOT" log -1 --format=%ct 2>/dev/null || echo 0)}"
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="$MTIME" \
    -C "$DIST" -cf - "$NAME" | gzip -n -9 > "$OUT"
rm -rf "$STAGE"
echo "$OUT"
