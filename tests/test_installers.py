"""The Debian package's layout (build/linux/make_deb.sh, with dpkg-deb) and the macOS minimum check
(build/macos/check_minos.py) on otool's own output: what .ci/run and the release workflow rely on.

The full round trip (dpkg -i, the installed app's --smoke, dpkg -r) runs in .ci/run on the real
build; here a stand-in app folder is packed, so the package's shape is checked in seconds.
"""
from __future__ import annotations

import configparser
import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def deb(tmp_path_factory):
    if shutil.which("dpkg-deb") is None:
        pytest.skip("dpkg-deb is not installed (Debian's dpkg)")
    dist = tmp_path_factory.mktemp("dist")
    app = dist / "Linebox"
    (app / "_internal").mkdir(parents=True)
    (app / "Linebox").write_text("#!/bin/sh\necho stand-in\n")
    (app / "Linebox").chmod(0o755)
    (app / "_internal" / "version.txt").write_text("1\n")
    done = subprocess.run([str(ROOT / "build" / "linux" / "make_deb.sh"), str(dist)], capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return Path(done.stdout.strip())


def _field(deb: Path, name: str) -> str:
    return subprocess.run(["dpkg-deb", "-f", str(deb), name], capture_output=True, text=True, check=True).stdout.strip()


def test_the_deb_is_named_and_described_for_dpkg(deb):
    from game.version import version
    assert deb.name == f"linebox_{version()}_{_field(deb, 'Architecture')}.deb"
    assert _field(deb, "Package") == "linebox" and _field(deb, "Version") == version()
    assert "libc6 (>= " in _field(deb, "Depends") and "libstdc++6" in _field(deb, "Depends")


def test_the_deb_installs_under_opt_with_a_command_a_menu_entry_and_the_file_type(deb, tmp_path):
    listing = subprocess.run(["dpkg-deb", "-c", str(deb)], capture_output=True, text=True, check=True).stdout
    assert "./usr/bin/linebox -> /opt/linebox/Linebox" in listing
    assert re.search(r"^-rwxr-xr-x root/root .* \./opt/linebox/Linebox$", listing, re.M)   # root's, runnable
    subprocess.run(["dpkg-deb", "-x", str(deb), str(tmp_path)], check=True)
    assert (tmp_path / "opt/linebox/_internal/version.txt").is_file()
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]
    entry.read(tmp_path / "usr/share/applications/linebox.desktop", encoding="utf-8")
    assert entry["Desktop Entry"]["Exec"] == "linebox %f"          # a double-clicked .linebox reaches the viewer
    assert entry["Desktop Entry"]["MimeType"] == "application/x-linebox-game;"
    mime = (tmp_path / "usr/share/mime/packages/linebox.xml").read_text(encoding="utf-8")
    assert 'type="application/x-linebox-game"' in mime and '<glob pattern="*.linebox"/>' in mime
    assert (tmp_path / "usr/share/icons/hicolor/256x256/apps/linebox.png").read_bytes()[:4] == b"\x89PNG"


def test_the_deb_is_the_same_file_when_made_again(deb):
    """Same stand-in, same commit: the same bytes (time stamps are the commit's)."""
    again = subprocess.run([str(ROOT / "build" / "linux" / "make_deb.sh"), str(deb.parent)], capture_output=True,
                           text=True, timeout=300, check=True)
    assert Path(again.stdout.strip()).read_bytes() == deb.read_bytes()


# ---------------------------------------------------------------- macOS minimum

OTOOL = """build/dist/Linebox.app/Contents/Frameworks/libSDL2.dylib (architecture arm64):
Load command 1
      cmd LC_BUILD_VERSION
  cmdsize 32
 platform 1
    minos 11.0
      sdk 14.0
Load command 2
      cmd LC_VERSION_MIN_MACOSX
  cmdsize 16
  version 12.3
      sdk 13.0
Load command 3
      cmd LC_SEGMENT_64
  segname __TEXT
"""


def _check_minos():
    spec = importlib.util.spec_from_file_location("check_minos", ROOT / "build" / "macos" / "check_minos.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_check_minos_reads_both_load_commands(monkeypatch):
    check = _check_minos()
    monkeypatch.setattr(check.subprocess, "run",
                        lambda *a, **k: subprocess.CompletedProcess(a, 0, stdout=OTOOL, stderr=""))
    assert check.minimums(Path("libSDL2.dylib")) == ["11.0", "12.3"]
    assert check.as_tuple("10.13") < check.as_tuple("11.0") < check.as_tuple("12.3")


def test_check_minos_fails_a_binary_newer_than_the_declared_macos(monkeypatch, tmp_path, capsys):
    check = _check_minos()
    app = tmp_path / "Linebox.app"
    (app / "Contents" / "Frameworks").mkdir(parents=True)
    import plistlib
    (app / "Contents" / "Info.plist").write_bytes(plistlib.dumps({"LSMinimumSystemVersion": "11.0"}))
    (app / "Contents" / "Frameworks" / "libSDL2.dylib").write_bytes(b"\xcf\xfa\xed\xfe" + bytes(60))
    (app / "Contents" / "Info.txt").write_text("not a binary")
    monkeypatch.setattr(check.subprocess, "run",
                        lambda *a, **k: subprocess.CompletedProcess(a, 0, stdout=OTOOL, stderr=""))
    assert check.main([str(app)]) == 1
    assert "Contents/Frameworks/libSDL2.dylib needs macOS 12.3, above LSMinimumSystemVersion 11.0" in \
        capsys.readouterr().err
    monkeypatch.setattr(check.subprocess, "run",
                        lambda *a, **k: subprocess.CompletedProcess(a, 0, stdout=OTOOL.replace("12.3", "10.15"),
                                                                    stderr=""))
    assert check.main([str(app)]) == 0
    assert check.main([str(tmp_path)]) == 2                # not an app


def test_check_minos_runs_as_a_script_and_says_how():
    done = subprocess.run([sys.executable, str(ROOT / "build" / "macos" / "check_minos.py")], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2 and "check_minos.py build/dist/Linebox.app" in done.stderr


# ---------------------------------------------------------------- the lock's hashes

def test_the_lock_keeps_every_file_a_supported_cpython_can_take():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import lock
    finally:
        sys.path.remove(str(ROOT / "tools"))
    for name in ("altgraph-0.17.5-py2.py3-none-any.whl", "certifi-2026.10.19.post1-py3-none-any.whl",
                 "aiohttp-3.14.5-cp311-cp311-win_amd64.whl", "aiohttp-3.14.5-cp311-cp311-macosx_11_0_arm64.whl",
                 "pycryptodome-4.5.0-cp37-abi3-manylinux_2_17_x86_64.manylinux2014_x86_64.whl",
                 "ruff-0.14.0-py3-none-macosx_11_0_arm64.whl", "pytweening-1.2.0.tar.gz"):
        assert lock._wanted(name), name
    for name in ("aiohttp-3.14.5-cp313-cp313-win_amd64.whl", "foo-1.0-py2-none-any.whl", "foo-1.0-pp310-pypy310_pp73-any.whl"):
        assert not lock._wanted(name), name
