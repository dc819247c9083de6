"""macOS only: no Mach-O file in Linebox.app needs a newer macOS than its Info.plist declares.

    python3 build/macos/check_minos.py build/dist/Linebox.app

A wheel built for a newer macOS than LSMinimumSystemVersion (build/pyinstaller.spec)
makes the app install on a Mac it then cannot start on ("Library not loaded",
or a crash at once). Each binary's minimum is its LC_BUILD_VERSION `minos`
(or the older LC_VERSION_MIN_MACOSX `version`), for every architecture it
holds (`otool -arch all -l`). Prints each binary's figure and exits 1 naming
those above the declared minimum, 2 when there is nothing to check.
"""
from __future__ import annotations

import plistlib
import subprocess
import sys
from pathlib import Path

MACH_O_MAGIC = {b"\xcf\xfa\xed\xfe", b"\xce\xfa\xed\xfe", b"\xca\xfe\xba\xbe", b"\xbe\xba\xfe\xca"}


def as_tuple(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split("."))


def is_mach_o(path: Path) -> bool:
    try:
        with open(path, "rb") as f:
            return f.read(4) in MACH_O_MAGIC
    except OSError:
        return False


def minimums(path: Path) -> list[str]:
    """The minimum macOS of each architecture slice of `path`, from its load commands."""
    out = subprocess.run(["otool", "-arch", "all", "-l", str(path)], check=True, capture_output=True,
                         text=True).stdout
    found, wanted = [], None
    for line in out.splitlines():
        words = line.split()
        if words[:2] == ["cmd", "LC_BUILD_VERSION"]:
            wanted = "minos"
        elif words[:2] == ["cmd", "LC_VERSION_MIN_MACOSX"]:
            wanted = "version"
        elif wanted and words[:1] == [wanted] and len(words) > 1:
            found.append(words[1])
            wanted = None
    return found


def main(argv: list[str]) -> int:
    if len(argv) != 1 or not (Path(argv[0]) / "Contents" / "Info.plist").is_file():
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    app = Path(argv[0])
    declared = plistlib.loads((app / "Contents" / "Info.plist").read_bytes())["LSMinimumSystemVersion"]
    binaries = sorted(p for p in app.rglob("*") if p.is_file() and not p.is_symlink() and is_mach_o(p))
    if not binaries:
        print(f"check_minos: no Mach-O file in {app}", file=sys.stderr)
        return 2
    too_new = []
    for path in binaries:
        needs = minimums(path)
        worst = max(needs, key=as_tuple) if needs else "unmarked"
        print(f"check_minos: {worst:>9}  {path.relative_to(app)}")
        if needs and as_tuple(worst) > as_tuple(declared):
            too_new.append(f"{path.relative_to(app)} needs macOS {worst}")
    for line in too_new:
        print(f"check_minos: FAILED: {line}, above LSMinimumSystemVersion {declared}", file=sys.stderr)
    print(f"check_minos: {len(binaries)} Mach-O files, {len(too_new)} above the declared macOS {declared}")
    return 1 if too_new else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
