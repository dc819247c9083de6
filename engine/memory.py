"""The process's peak memory (max RSS) on every platform, for the figures of benches and demos.

`resource` exists on Unix only: importing it at the top of a module broke
`--demo` and `python -m engine bench` on Windows. There the same figure is the
peak working set, asked of the system through ctypes.
"""
from __future__ import annotations

import sys


def max_rss_mb() -> float:
    """Peak resident memory of this process in MiB; -1 where the system does not say."""
    if sys.platform == "win32":
        return _windows_peak_mb()
    try:
        import resource
    except ImportError:        # a Unix-like Python without it (WASI, a stripped build)
        return -1.0
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    # Linux counts kilobytes, macOS bytes
    return rss / (1024 * 1024) if sys.platform == "darwin" else rss / 1024


def _windows_peak_mb() -> float:
    import ctypes
    try:
        from ctypes import wintypes
    except (ImportError, ValueError):      # not Windows after all
        return -1.0

    class Counters(ctypes.Structure):           # PROCESS_MEMORY_COUNTERS (psapi.h)
        _fields_ = [("cb", wintypes.DWORD), ("PageFaultCount", wintypes.DWORD),
                    ("PeakWorkingSetSize", ctypes.c_size_t), ("WorkingSetSize", ctypes.c_size_t),
                    ("QuotaPeakPagedPoolUsage", ctypes.c_size_t), ("QuotaPagedPoolUsage", ctypes.c_size_t),
                    ("QuotaPeakNonPagedPoolUsage", ctypes.c_size_t), ("QuotaNonPagedPoolUsage", ctypes.c_size_t),
                    ("PagefileUsage", ctypes.c_size_t), ("PeakPagefileUsage", ctypes.c_size_t)]

    try:
        counters = Counters()
        counters.cb = ctypes.sizeof(Counters)
        kernel32 = ctypes.WinDLL("kernel32")     # type: ignore[attr-defined]
        kernel32.GetCurrentProcess.restype = wintypes.HANDLE
        get_info = kernel32.K32GetProcessMemoryInfo
        get_info.argtypes = [wintypes.HANDLE, ctypes.POINTER(Counters), wintypes.DWORD]
        if not get_info(kernel32.GetCurrentProcess(), ctypes.byref(counters), counters.cb):
            return -1.0
        return counters.PeakWorkingSetSize / (1024 * 1024)
    except (OSError, AttributeError):
        return -1.0
