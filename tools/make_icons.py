"""Make the app icons the installers need from the game's own icon art.

    python tools/make_icons.py            # writes build/icons/linebox.{ico,icns,png}
    python tools/make_icons.py --check    # exit 1 if the files on disk are stale

Sources: `assets/cards/1x/icon-N.png` (N×N) and `assets/cards/2x/icon-N.png`
(2N×2N, for Retina), made by `tools/make_art.py`.

- `linebox.png`  — 256×256, the Linux .desktop icon (hicolor/256x256).
- `linebox.ico`  — Windows: 16, 24, 32, 48, 64, 128 as 32-bit BMP entries (the
  form every Windows shell and resource tool reads) and 256 as a PNG entry
  (Vista and later), the way Microsoft's icon guidelines lay them out.
- `linebox.icns` — macOS: PNG entries icp4/icp5/icp6/ic07/ic08/ic09 (16…512)
  and the @2x types ic11/ic12/ic13/ic14.

Only the standard library and pygame-ce (already a dependency) are used, and
a rerun writes the same bytes, so the files are kept in the repository and
the build machines need nothing extra.
"""
from __future__ import annotations

import argparse
import io
import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC_1X = ROOT / "assets" / "cards" / "1x"
SRC_2X = ROOT / "assets" / "cards" / "2x"
OUT = ROOT / "build" / "icons"

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# icns type -> pixel size (PNG payloads)
ICNS_TYPES = (("icp4", 16), ("ic11", 32), ("icp5", 32), ("ic12", 64), ("icp6", 64),
              ("ic07", 128), ("ic13", 256), ("ic08", 256), ("ic14", 512), ("ic09", 512))


def _pygame():
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    return pygame


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk."""
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise ValueError("not a PNG")
    return struct.unpack(">II", data[16:24])


def sources() -> dict[int, Path]:
    """Every icon PNG we have, by pixel size (the sharpest drawing of each size)."""
    found: dict[int, Path] = {}
    for folder in (SRC_2X, SRC_1X):          # 1x last: a drawing made for that size wins
        for path in sorted(folder.glob("icon-*.png")):
            w, h = png_size(path.read_bytes())
            if w != h:
                raise ValueError(f"{path} is not square ({w}x{h})")
            found[w] = path
    if not found:
        raise SystemExit(f"no icon-*.png in {SRC_1X}; run tools/make_art.py first")
    return found


def _surface(size: int, have: dict[int, Path]):
    """An RGBA surface of `size`: the exact drawing, or the next larger one scaled down."""
    pygame = _pygame()
    if size in have:
        return pygame.image.load(str(have[size]))
    bigger = [s for s in have if s > size]
    base = pygame.image.load(str(have[min(bigger) if bigger else max(have)]))
    return pygame.transform.smoothscale(base, (size, size))


def png_bytes(size: int, have: dict[int, Path]) -> bytes:
    if size in have:
        return have[size].read_bytes()
    pygame = _pygame()
    buf = io.BytesIO()
    pygame.image.save(_surface(size, have), buf, "icon.png")
    return buf.getvalue()


def bmp_entry(size: int, have: dict[int, Path]) -> bytes:
    """A 32-bit BGRA DIB (BITMAPINFOHEADER, bottom-up, plus AND mask) for an .ico entry."""
    pygame = _pygame()
    rgba = pygame.image.tobytes(_surface(size, have), "RGBA")
    row = size * 4
    pixels = bytearray()
    for y in range(size - 1, -1, -1):               # bottom-up
        line = rgba[y * row:(y + 1) * row]
        for x in range(0, row, 4):
            r, g, b, a = line[x:x + 4]
            pixels += bytes((b, g, r, a))
    mask_row = ((size + 31) // 32) * 4              # 1 bpp, rows padded to 32 bits
    mask = bytearray()
    for y in range(size - 1, -1, -1):
        bits = bytearray(mask_row)
        for x in range(size):
            if rgba[y * row + x * 4 + 3] == 0:      # fully transparent -> masked
                bits[x // 8] |= 0x80 >> (x % 8)
        mask += bits
    header = struct.pack("<IiiHHIIiiII", 40, size, size * 2, 1, 32, 0,
                         len(pixels) + len(mask), 0, 0, 0, 0)
    return header + bytes(pixels) + bytes(mask)


def make_ico(have: dict[int, Path]) -> bytes:
    entries = [(s, png_bytes(s, have) if s >= 256 else bmp_entry(s, have)) for s in ICO_SIZES]
    out = struct.pack("<HHH", 0, 1, len(entries))
    offset = 6 + 16 * len(entries)
    for size, data in entries:
        dim = 0 if size >= 256 else size              # 0 means 256
        out += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    return out + b"".join(data for _, data in entries)


def make_icns(have: dict[int, Path]) -> bytes:
    body = b""
    for kind, size in ICNS_TYPES:
        data = png_bytes(size, have)
        body += kind.encode("ascii") + struct.pack(">I", 8 + len(data)) + data
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def build() -> dict[str, bytes]:
    have = sources()
    return {"linebox.png": png_bytes(256, have), "linebox.ico": make_ico(have),
            "linebox.icns": make_icns(have)}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--check", action="store_true", help="exit 1 if build/icons is stale")
    args = p.parse_args(argv)
    files = build()
    stale = [name for name, data in files.items()
             if not (OUT / name).exists() or (OUT / name).read_bytes() != data]
    if args.check:
        for name in stale:
            print(f"stale: build/icons/{name} (run python tools/make_icons.py)")
        return 1 if stale else 0
    OUT.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        (OUT / name).write_bytes(data)
        print(f"build/icons/{name}: {len(data)} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
