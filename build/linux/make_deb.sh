#!/usr/bin/env bash
# Pack the Linux build into linebox_<version>_amd64.deb with Debian's own dpkg-deb.
#
#   build/linux/make_deb.sh [DIST_DIR]     # DIST_DIR defaults to build/dist
#
# Needs the one-folder app made by build/pyinstaller.spec. The package holds:
#   /opt/linebox/                                 the app (Linebox + _internal/)
#   /usr/bin/linebox -> /opt/linebox/Linebox      so `linebox` runs from a shell
#   /usr/share/applications/linebox.desktop       the menu entry, opening .linebox files
#   /usr/share/mime/packages/linebox.xml          the .linebox file type
#   /usr/share/icons/hicolor/256x256/apps/linebox.png
# No maintainer scripts: the menu, MIME and icon caches are refreshed by the
# dpkg triggers of desktop-file-utils, shared-mime-info and the icon theme,
# wherever those are installed. The player's settings and saves are in their
# home folder; `dpkg -r linebox` leaves them. Prints the package's path.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
DIST="${1:-$ROOT/build/dist}"
APP="$DIST/Linebox"
[ -x "$APP/Linebox" ] || { echo "make_deb.sh: no $APP/Linebox; build with build/pyinstaller.spec first" >&2; exit 1; }
command -v dpkg-deb >/dev/null || { echo "make_deb.sh: dpkg-deb not found (Debian: apt-get install dpkg)" >&2; exit 1; }

VERSION="$(sed -n 's/^version *= *"\([^"]*\)".*/\1/p' "$ROOT/pyproject.toml" | head -n1)"
ARCH="$(dpkg --print-architecture)"
OUT="$DIST/linebox_${VERSION}_$ARCH.deb"
STAGE="$(mktemp -d)"
trap 'rm -rf "$STAGE"' EXIT

mkdir -p "$STAGE/DEBIAN" "$STAGE/opt" "$STAGE/usr/bin" "$STAGE/usr/share/applications" \
  "$STAGE/usr/share/mime/packages" "$STAGE/usr/share/icons/hicolor/256x256/apps"
cp -a "$APP" "$STAGE/opt/linebox"
ln -s /opt/linebox/Linebox "$STAGE/usr/bin/linebox"
sed -e 's|^Exec=.*|Exec=linebox %f|' "$HERE/linebox.desktop" > "$STAGE/usr/share/applications/linebox.desktop"
cp "$HERE/linebox.xml" "$STAGE/usr/share/mime/packages/linebox.xml"
cp "$ROOT/build/icons/linebox.png" "$STAGE/usr/share/icons/hicolor/256x256/apps/linebox.png"
chmod -R u=rwX,go=rX "$STAGE"

# libstdc++ and libgcc_s come from the system (build/pyinstaller.spec, SYSTEM_LIBS);
# the app needs at least the glibc it was built on (the release's: Ubuntu 22.04, 2.35)
GLIBC="$(getconf GNU_LIBC_VERSION | cut -d' ' -f2)"
cat > "$STAGE/DEBIAN/control" <<EOF
Package: linebox
Version: $VERSION
Architecture: $ARCH
Maintainer: Linebox developers
Installed-Size: $(du -sk --exclude=DEBIAN "$STAGE" | cut -f1)
Depends: libc6 (>= $GLIBC), libstdc++6, libgcc-s1
Section: games
Priority: optional
Description: Line-it and Linyo, tabletop games against computer players or friends
 Play Line-it and Linyo against strong computer players, with friends at one
 screen, or online over Matrix. Kept games (.linebox files) open in its
 replay viewer.
EOF

# Same bytes for the same build: the commit's time on every file
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git -C "$ROOT" log -1 --format=%ct 2>/dev/null || echo 0)}"
find "$STAGE" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
rm -f "$OUT"
dpkg-deb --root-owner-group -Zxz --build "$STAGE" "$OUT" >/dev/null
echo "$OUT"
