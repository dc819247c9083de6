#!/usr/bin/env bash
# Wrap Linebox.app in a drag-to-Applications disk image (macOS only).
#
#   build/macos/make_dmg.sh [DIST_DIR]    # DIST_DIR defaults to build/dist
#
# Needs build/dist/Linebox.app made by build/pyinstaller.spec on a Mac.
# Writes build/dist/Linebox-<version>-macos-<arch>.dmg (compressed, UDZO) with
# Linebox.app and a link to /Applications, and prints its path.
# PyInstaller signs the app ad hoc; with CODESIGN_IDENTITY set (a "Developer
# ID Application: ..." identity in the keychain) the app and the image are
# signed with it instead, ready for notarisation (xcrun notarytool).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
DIST="${1:-$ROOT/build/dist}"
APP="$DIST/Linebox.app"
[ -d "$APP" ] || { echo "make_dmg.sh: no $APP; build with build/pyinstaller.spec on macOS first" >&2; exit 1; }
command -v hdiutil >/dev/null || { echo "make_dmg.sh: hdiutil not found (this runs on macOS only)" >&2; exit 1; }

VERSION="$(sed -n 's/^version *= *"\([^"]*\)".*/\1/p' "$ROOT/pyproject.toml" | head -n1)"
ARCH="$(uname -m)"                     # arm64 or x86_64: the app is built for the runner's CPU
NAME="Linebox-$VERSION-macos-$ARCH"
OUT="$DIST/$NAME.dmg"

if [ -n "${CODESIGN_IDENTITY:-}" ]; then
  codesign --force --deep --options runtime --timestamp --sign "$CODESIGN_IDENTITY" "$APP"
fi

STAGE="$(mktemp -d)"
trap 'rm -rf "$STAGE"' EXIT
ditto "$APP" "$STAGE/Linebox.app"      # keeps symlinks, permissions and signatures
ln -s /Applications "$STAGE/Applications"
rm -f "$OUT"
# hdiutil now and then fails with "Resource busy" on CI runners: try again.
for try in 1 2 3; do
  if hdiutil create -volname "Linebox $VERSION" -srcfolder "$STAGE" -fs HFS+ \
       -format UDZO -imagekey zlib-level=9 -ov "$OUT" >/dev/null; then
    break
  fi
  [ "$try" = 3 ] && { echo "make_dmg.sh: hdiutil create failed" >&2; exit 1; }
  sleep 5
done
if [ -n "${CODESIGN_IDENTITY:-}" ]; then
  codesign --force --timestamp --sign "$CODESIGN_IDENTITY" "$OUT"
fi
hdiutil verify "$OUT" >/dev/null
echo "$OUT"
