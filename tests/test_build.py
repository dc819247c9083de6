"""Fast checks of the installer files (the real build runs in .ci/run).

The spec is executed with PyInstaller's build classes replaced by recorders,
once per platform, so what it would hand to PyInstaller is checked without
building: every resource the game reads is listed and exists, the tables
and bots (imported by name at run time) are hidden imports, nothing the game
imports is excluded, and each platform gets its icon. Also: the icons hold
the sizes each platform asks for, the .desktop entry is valid, the Inno
Setup script installs per user with a Start-menu entry, the shell scripts
parse, and the frozen app's entry calls freeze_support first.
"""
from __future__ import annotations

import ast
import configparser
import re
import shutil
import struct
import subprocess
import sys
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
SPEC = BUILD / "pyinstaller.spec"
ICONS = BUILD / "icons"


# ---------------------------------------------------------------- the spec

class _Recorder:
    calls: list[tuple[str, tuple, dict]]

    def __init__(self, kind: str, log: list) -> None:
        self.kind, self.log = kind, log

    def __call__(self, *args, **kwargs):
        self.log.append((self.kind, args, kwargs))
        return types.SimpleNamespace(pure=[], scripts=[], binaries=[], datas=[], kind=self.kind)


def _fake_pyinstaller(monkeypatch) -> list[str]:
    """Stand-ins for the PyInstaller modules the spec imports; returns the packages collected."""
    collected: list[str] = []
    hooks = types.ModuleType("PyInstaller.utils.hooks")
    hooks.collect_submodules = lambda package: collected.append(package) or [f"{package}.<all>"]
    version = types.ModuleType("PyInstaller.utils.win32.versioninfo")

    class _Rec:
        def __init__(self, *args, **kwargs):
            self.args, self.kwargs = args, kwargs

    for name in ("VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable", "StringStruct",
                 "VarFileInfo", "VarStruct"):
        setattr(version, name, type(name, (_Rec,), {}))
    for name in ("PyInstaller", "PyInstaller.utils", "PyInstaller.utils.win32"):
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.hooks", hooks)
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.win32.versioninfo", version)
    return collected


def run_spec(monkeypatch, platform: str) -> dict:
    """Execute the spec as PyInstaller would on `platform`; returns what it asked for."""
    collected = _fake_pyinstaller(monkeypatch)
    log: list = []
    namespace = {name: _Recorder(name, log) for name in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")}
    namespace.update(SPECPATH=str(BUILD), __file__=str(SPEC), __name__="__main__")
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(sys, "path", list(sys.path))
    exec(compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec"), namespace)
    calls = {kind: (args, kwargs) for kind, args, kwargs in log}
    return {"calls": calls, "collected": collected, "ns": namespace}


@pytest.fixture(scope="module")
def spec_linux():
    mp = pytest.MonkeyPatch()
    try:
        yield run_spec(mp, "linux")
    finally:
        mp.undo()


def test_spec_is_valid_python():
    ast.parse(SPEC.read_text(encoding="utf-8"))


def test_spec_bundles_every_resource_the_game_reads(spec_linux):
    args, kwargs = spec_linux["calls"]["Analysis"]
    datas = kwargs["datas"]
    for src, dest in datas:
        assert Path(src).is_file(), src
        assert Path(src).parent.relative_to(ROOT).as_posix() == Path(dest).as_posix(), (src, dest)
    bundled = {Path(src).relative_to(ROOT).as_posix() for src, _ in datas}
    wanted = {p.relative_to(ROOT).as_posix() for p in (ROOT / "assets").rglob("*")
              if p.is_file() and p.suffix in (".png", ".wav", ".ttf", ".json")}
    wanted |= {p.relative_to(ROOT).as_posix() for p in (ROOT / "game" / "locale").rglob("*.mo")}
    wanted |= {f"game/rulebook/{lang}.txt" for lang in ("en", "de", "fr")}
    assert wanted - bundled == set()
    assert "assets/cards/manifest.json" in bundled
    assert "assets/fonts/DejaVuSans.ttf" in bundled
    assert {"de", "fr"} <= {Path(p).parts[2] for p in bundled if p.endswith(".mo")}
    assert not [p for p in bundled if p.endswith(".po")], "the .po sources stay out of the app"


def test_spec_entry_is_the_launcher_and_tables_are_hidden_imports(spec_linux):
    args, kwargs = spec_linux["calls"]["Analysis"]
    assert [Path(s) for s in args[0]] == [BUILD / "launch.py"]
    assert set(spec_linux["collected"]) >= {"game", "engine"}   # tables and bots load by name


def test_spec_excludes_nothing_the_game_imports(spec_linux):
    excludes = set(spec_linux["calls"]["Analysis"][1]["excludes"])
    imported: set[str] = set()
    for folder in ("game", "engine"):
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Import):
                    imported |= {alias.name for alias in node.names}
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    imported.add(node.module)
    clash = {name for name in imported
             for ex in excludes if name == ex or name.startswith(ex + ".")}
    assert clash == set(), f"excluded from the frozen app but imported by the game: {clash}"


def test_spec_makes_a_windowed_one_folder_app_named_linebox(spec_linux):
    _, exe = spec_linux["calls"]["EXE"]
    _, coll = spec_linux["calls"]["COLLECT"]
    assert exe["name"] == coll["name"] == "Linebox"
    assert exe["console"] is False
    assert exe["exclude_binaries"] is True           # one folder, not one file
    assert "BUNDLE" not in spec_linux["calls"]


def test_spec_on_windows_uses_the_ico_and_version_info(monkeypatch):
    got = run_spec(monkeypatch, "win32")
    _, exe = got["calls"]["EXE"]
    assert Path(exe["icon"]) == ICONS / "linebox.ico" and Path(exe["icon"]).is_file()
    assert exe["strip"] is False
    info = exe["version"]
    assert type(info).__name__ == "VSVersionInfo"
    assert info.kwargs["ffi"].kwargs["filevers"][:3] == tuple(int(n) for n in _version().split(".")[:3])


def test_spec_on_macos_makes_linebox_app(monkeypatch):
    got = run_spec(monkeypatch, "darwin")
    _, exe = got["calls"]["EXE"]
    assert Path(exe["icon"]) == ICONS / "linebox.icns" and Path(exe["icon"]).is_file()
    _, bundle = got["calls"]["BUNDLE"]
    assert bundle["name"] == "Linebox.app"
    assert re.fullmatch(r"[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+", bundle["bundle_identifier"])
    assert bundle["version"] == _version()
    plist = bundle["info_plist"]
    assert plist["NSHighResolutionCapable"] is True
    assert plist["CFBundleShortVersionString"] == _version()


def _version() -> str:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    return re.search(r'^version\s*=\s*"([^"]+)"', text, re.M).group(1)


def test_pyproject_has_a_build_extra():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r'^build\s*=\s*\[[^\]]*"pyinstaller', text, re.M | re.I)


# ---------------------------------------------------------------- the entry

def test_main_calls_freeze_support_before_anything_else():
    tree = ast.parse((ROOT / "game" / "__main__.py").read_text(encoding="utf-8"))
    main = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "main")
    first_call = next(i for i, n in enumerate(main.body)
                      if any(isinstance(c, ast.Call) for c in ast.walk(n))
                      and "perf_counter" not in ast.unparse(n))
    # a frozen app's spawned bot worker must reach freeze_support before anything else runs; a
    # source run skips it (importing multiprocessing would cost every start ~10 ms)
    first = main.body[first_call]
    assert isinstance(first, ast.If) and ast.unparse(first.test) == "getattr(sys, 'frozen', False)"
    assert ast.unparse(first.body[-1]) == "multiprocessing.freeze_support()"


def test_launcher_runs_main():
    text = (BUILD / "launch.py").read_text(encoding="utf-8")
    assert "from game.__main__ import main" in text and "sys.exit(main())" in text


# ---------------------------------------------------------------- icons

def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_linux_icon_is_a_256_png():
    assert _png_size((ICONS / "linebox.png").read_bytes()) == (256, 256)


def test_ico_has_the_windows_sizes():
    data = (ICONS / "linebox.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1)
    sizes = set()
    for i in range(count):
        w, h, _, _, planes, bpp, length, offset = struct.unpack("<BBBBHHII", data[6 + 16 * i:22 + 16 * i])
        size = w or 256
        assert (w, bpp) == (h, 32) and offset + length <= len(data)
        payload = data[offset:offset + length]
        if payload[:4] == b"\x89PNG":
            assert _png_size(payload) == (size, size)
        else:                                          # BITMAPINFOHEADER, height doubled for the mask
            assert struct.unpack("<Iii", payload[:12]) == (40, size, size * 2)
        sizes.add(size)
    assert {16, 24, 32, 48, 256} <= sizes


def test_icns_has_the_macos_sizes():
    data = (ICONS / "linebox.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    found, pos = {}, 8
    while pos < len(data):
        kind, length = data[pos:pos + 4].decode(), struct.unpack(">I", data[pos + 4:pos + 8])[0]
        found[kind] = _png_size(data[pos + 8:pos + length])[0]
        pos += length
    assert found == {"icp4": 16, "ic11": 32, "icp5": 32, "ic12": 64, "icp6": 64,
                     "ic07": 128, "ic13": 256, "ic08": 256, "ic14": 512, "ic09": 512}


def test_icons_are_made_from_the_current_art():
    """build/icons is what tools/make_icons.py makes from assets/cards today."""
    result = subprocess.run([sys.executable, str(ROOT / "tools" / "make_icons.py"), "--check"],
                            capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr


# ---------------------------------------------------------------- Linux

def test_desktop_entry_is_valid():
    path = BUILD / "linux" / "linebox.desktop"
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str
    parser.read(path, encoding="utf-8")
    entry = parser["Desktop Entry"]
    assert entry["Type"] == "Application"
    assert entry["Name"] == "Linebox"
    assert entry["Exec"] == "Linebox"               # install.sh writes the absolute path
    assert entry["Icon"] == "linebox"
    assert entry["Terminal"] == "false"
    assert entry["Categories"].endswith(";") and "Game" in entry["Categories"].split(";")
    if shutil.which("desktop-file-validate"):
        result = subprocess.run(["desktop-file-validate", str(path)], capture_output=True, text=True)
        assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("script", ["build/linux/package.sh", "build/linux/install.sh",
                                    "build/macos/make_dmg.sh", ".ci/run"])
def test_shell_scripts_parse_and_are_executable(script):
    path = ROOT / script
    assert path.stat().st_mode & 0o111, f"{script} is not executable"
    if shutil.which("bash"):
        result = subprocess.run(["bash", "-n", str(path)], capture_output=True, text=True)
        assert result.returncode == 0, result.stderr


def test_ci_builds_with_the_spec_then_runs_make_test_last():
    # make test closes the log, so CI reads pytest's summary as the run's result
    lines = [ln.strip() for ln in (ROOT / ".ci" / "run").read_text().splitlines()
             if ln.strip() and not ln.strip().startswith("#")]
    commands = " ".join(lines)
    assert lines[-1] == "make test"
    assert any("pyinstaller.spec" in ln for ln in lines)
    assert "--smoke" in commands and "--exit-at-end" in commands


# ---------------------------------------------------------------- Windows, workflow

def _iss_sections() -> dict[str, list[str]]:
    sections: dict[str, list[str]] = {}
    current = None
    for raw in (BUILD / "windows" / "linebox.iss").read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith(";") or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = sections.setdefault(line[1:-1], [])
        elif current is not None:
            current.append(line)
    return sections


def test_inno_setup_script_installs_per_user_with_start_menu_and_uninstaller():
    sections = _iss_sections()
    setup = dict(line.split("=", 1) for line in sections["Setup"])
    assert setup["PrivilegesRequired"] == "lowest"
    assert "dialog" in setup["PrivilegesRequiredOverridesAllowed"]
    assert setup["DefaultDirName"].startswith("{autopf}")
    assert re.fullmatch(r"\{\{[0-9A-F-]{36}\}", setup["AppId"])
    assert setup.get("Uninstallable", "yes") == "yes"
    assert (BUILD / "windows" / setup["SetupIconFile"].replace("\\", "/")).resolve() == ICONS / "linebox.ico"
    assert setup["ArchitecturesInstallIn64BitMode"] == "x64compatible"
    icons = " ".join(sections["Icons"])
    assert "{autoprograms}" in icons and "{autodesktop}" in icons and "Tasks: desktopicon" in icons
    assert any(line.startswith('Name: "desktopicon"') and "unchecked" in line for line in sections["Tasks"])
    files = " ".join(sections["Files"])
    assert "recursesubdirs" in files and "_internal" in files


def test_release_workflow_uses_the_files_that_exist():
    text = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    for ref in ("build/pyinstaller.spec", "build/linux/package.sh", "build/macos/make_dmg.sh"):
        assert ref in text and (ROOT / ref).exists()
    assert "build\\windows\\linebox.iss" in text and (BUILD / "windows" / "linebox.iss").exists()
    for os_name in ("ubuntu-22.04", "windows-latest", "macos-latest"):
        assert os_name in text
    assert 'python-version: "3.11"' in text and ".[test,build]" in text
    assert "SDL_VIDEODRIVER: dummy" in text and "--smoke" in text
