"""Freed window-sized surfaces go back to the system (glibc's malloc, Linux).

glibc serves a large block by mmap and gives it back when freed, but each time such a block is
freed it raises its mmap threshold to that block's size (up to 32 MB): from then on every block
up to a window's size comes from the heap, which keeps what is freed. Surfaces the size of a
window, a sheet or a layer, made anew at every window size, then held the heap high for good: a
monkey run's RSS rose by ~120 MB over its surfaces (338 MB against 221 MB with the threshold fixed,
500 s into the same run). The threshold is fixed where glibc starts it, 128 kB (1 MB held 30-50 MB
more): blocks from there on are mmapped and given back when freed, as before the first
big block was freed; smaller ones stay on the heap.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import sys

#: blocks from this size on are mmapped and returned when freed: glibc's own starting threshold
BIG = 128 * 1024
M_MMAP_THRESHOLD = -3          # mallopt's parameter (glibc's malloc.h)


def return_big_blocks(threshold: int = BIG) -> bool:
    """Fix the mmap threshold at `threshold` (True where it was set: glibc on Linux)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        # glibc's name first: find_library runs ldconfig in a child process, tens of ms at start-up
        libc = ctypes.CDLL("libc.so.6")
    except OSError:
        try:
            libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so")
        except OSError:
            return False
    try:
        return bool(libc.mallopt(M_MMAP_THRESHOLD, threshold))
    except AttributeError:                  # another C library (musl): nothing to fix
        return False
