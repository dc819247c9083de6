"""Which Linebox this is: pyproject.toml's `version`, the one place it is written.

The release workflow sets that line from the git tag (v1.2.3 -> 1.2.3) before
it builds, so a tag is all a release needs. Everything else reads it here:
`linebox --version`, the settings screen, the log's first line, the crash
message, the `app_version` of the .linebox files written, and the installers'
file properties (build/pyinstaller.spec).

Where it is read from, first found wins:
- a frozen app: VERSION_FILE, written into the bundle by the spec (the build
  does not install the project, so it has no package metadata);
- a checkout (pyproject.toml beside the packages): that file, so a changed
  version shows without reinstalling the editable install;
- an installed package: its metadata.
"""
from __future__ import annotations

import functools
import re
import sys
from importlib import metadata
from pathlib import Path

VERSION_FILE = "version.txt"
UNKNOWN = "0+unknown"
_LINE = re.compile(r'^version\s*=\s*"([^"]+)"', re.M)


def from_pyproject(text: str) -> str | None:
    """The `version = "..."` of pyproject.toml's text (the first such line: [project]'s)."""
    match = _LINE.search(text)
    return match.group(1) if match else None


@functools.cache
def version() -> str:
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle is not None:
        path = Path(bundle) / VERSION_FILE
        if path.is_file():
            return path.read_text(encoding="utf-8").strip() or UNKNOWN
    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    if pyproject.is_file():
        found = from_pyproject(pyproject.read_text(encoding="utf-8"))
        if found:
            return found
    try:
        return metadata.version("linebox")
    except metadata.PackageNotFoundError:
        return UNKNOWN
