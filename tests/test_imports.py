"""The import graph of `game/` has no cycles, read from the source with `ast` (nothing is imported).

Every import counts, wherever it is written: at module level, inside a function (the
old way to hide a cycle) and under `if TYPE_CHECKING:` (a cycle for the reader and the
type checker even when Python never runs it). `from a import b` is an edge to the
module `a.b` when `b` is a module, else to `a`; a package's `__init__` run on the way to
a submodule is not an edge (Python finishes the parent first, so it cannot cycle).

Also checked: no game's package (`game/lineit_table`, `game/linyo_table`) is imported by
the shared table base `game/table/`, and `game/online/` never imports pygame (it runs
in the network worker and is tested headless).

    python tests/test_imports.py       # every cycle (strongly connected part) found, and the counts
"""
from __future__ import annotations

import ast
import os
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
GAME_PACKAGES = ("game.lineit_table", "game.linyo_table")

# Cycles still in the table code (none left: the tables' parts read protocols, `table_view`
# and `game.table.view`, instead of the scenes that import them). Each entry is one strongly connected part of the graph,
# exactly as the test finds it. The list may only shrink: the test fails when an entry
# is gone or smaller (remove it, or replace it by what is left), and on any cycle that is
# not inside an entry. A cycle through the app, a scene or `game/scenes/` is never known:
# navigation goes by name (`App.open`), so those modules have no reason to cycle.
KNOWN_CYCLES: list[frozenset[str]] = []

# Modules no cycle may ever pass through, whatever KNOWN_CYCLES says.
NEVER_CYCLE = ("game.shell.app", "game.shell.scene", "game.scenes")

# What the menu's first frame must not load (issue 23: it took 1.71× a bare window): the games'
# rules and bots, the tables, the history, replays, online play, and every screen not shown.
NOT_FOR_THE_MENU = ("engine.lineit", "engine.linyo", "engine.bots", "game.shell.tables", "game.table",
                    "game.lineit_table", "game.linyo_table", "game.shell.frontends", "game.files.history", "game.replay",
                    "game.online", "game.scenes.online", "game.scenes.online_table", "game.scenes.setup",
                    "game.scenes.history", "game.scenes.stats_scene", "game.scenes.rules", "game.rulebook",
                    "asyncio", "ssl", "nio", "multiprocessing")


@dataclass(frozen=True)
class Edge:
    source: str
    target: str
    where: str      # "module", "function" or "type-checking"
    line: int


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(GAME.rglob("*.py"))}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(node: ast.AST, where: str):
    """(import node, where) for every import below `node`, `where` told by what encloses it."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.Import, ast.ImportFrom)):
            yield child, where
        elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            yield from _imports(child, "function")
        elif isinstance(child, ast.If) and _is_type_checking(child.test):
            for stmt in child.body:
                yield from _imports(ast.Module(body=[stmt], type_ignores=[]), "type-checking")
            for stmt in child.orelse:
                yield from _imports(ast.Module(body=[stmt], type_ignores=[]), where)
        else:
            yield from _imports(child, where)


def _resolve(name: str, known: dict[str, Path]) -> str | None:
    """The longest known module `name` starts with (None outside the graph)."""
    while name:
        if name in known:
            return name
        name = name.rpartition(".")[0]
    return None


def raw_imports(name: str, path: Path) -> list[tuple[str, str, int]]:
    """(dotted name imported, where, line) for every import in module `name`; `from a import b`
    gives `a.b` (resolved to `a` later when `b` is not a module)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = []
    for node, where in _imports(tree, "module"):
        if isinstance(node, ast.Import):
            out.extend((alias.name, where, node.lineno) for alias in node.names)
            continue
        if node.level:
            parts = package.split(".")
            base = ".".join(parts[: len(parts) - (node.level - 1)])
            source = f"{base}.{node.module}" if node.module else base
        else:
            source = node.module or ""
        out.extend((f"{source}.{alias.name}", where, node.lineno) for alias in node.names)
    return out


def edges() -> list[Edge]:
    known = modules()
    out = []
    for name, path in known.items():
        for dotted, where, line in raw_imports(name, path):
            target = _resolve(dotted, known)
            if target is not None and target != name:
                out.append(Edge(name, target, where, line))
    return out


def cycles(graph_edges: list[Edge]) -> list[frozenset[str]]:
    """The strongly connected parts with more than one module (Tarjan, iterative)."""
    graph: dict[str, set[str]] = {}
    for e in graph_edges:
        graph.setdefault(e.source, set()).add(e.target)
        graph.setdefault(e.target, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[frozenset[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    part = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        part.add(member)
                        if member == node:
                            break
                    if len(part) > 1:
                        found.append(frozenset(part))
    return sorted(found, key=lambda p: (-len(p), sorted(p)))


def describe(part: frozenset[str], graph_edges: list[Edge]) -> str:
    """The part's modules and the imports that bind them, one per line."""
    inner = sorted({e for e in graph_edges if e.source in part and e.target in part},
                   key=lambda e: (e.source, e.line, e.target))
    lines = [f"cycle of {len(part)} modules: {', '.join(sorted(part))}"]
    lines += [f"    {e.source}:{e.line} -> {e.target} ({e.where})" for e in inner]
    return "\n".join(lines)


def _under(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(prefix + ".")


# ---------------------------------------------------------------- tests

def test_the_graph_is_read():
    """The walk sees all three kinds of import (a broken walk would find no cycle anywhere)."""
    kinds = Counter(e.where for e in edges())
    assert kinds["module"] > 100 and kinds["function"] > 0 and kinds["type-checking"] > 10, kinds


def test_no_import_cycle_in_game():
    graph_edges = edges()
    found = cycles(graph_edges)
    for part in found:
        print(describe(part, graph_edges))
    forbidden = [p for p in found if any(_under(m, n) for m in p for n in NEVER_CYCLE)]
    assert not forbidden, "cycles through the app, the scene base or game/scenes:\n" + "\n".join(
        describe(p, graph_edges) for p in forbidden)
    new = [p for p in found if not any(p <= k for k in KNOWN_CYCLES)]
    assert not new, "new import cycles in game/:\n" + "\n".join(describe(p, graph_edges) for p in new)
    gone = [k for k in KNOWN_CYCLES if k not in found]
    assert not gone, ("KNOWN_CYCLES lists cycles that are gone or smaller now; remove them "
                      "(or replace each by what is left):\n" + "\n".join(repr(sorted(k)) for k in gone))


def test_known_cycles_stay_in_the_table_code():
    """KNOWN_CYCLES is for the tables' old knots only, never a place to park a new one."""
    tables = ("game.table", "game.lineit_table", "game.linyo_table", "game.tutorial")
    outside = [m for k in KNOWN_CYCLES for m in k if not any(_under(m, t) for t in tables)]
    assert not outside, outside


def _screen_modules() -> set[str]:
    """The modules `game.scenes.SCENES` names (read from its source: nothing is imported)."""
    tree = ast.parse((GAME / "scenes" / "__init__.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.AnnAssign) and getattr(node.target, "id", "") == "SCENES":
            return {ast.literal_eval(v).partition(":")[0] for v in node.value.values}  # type: ignore[union-attr]
    raise AssertionError("game/scenes/__init__.py declares no SCENES")


def test_screens_are_reached_by_name_only():
    """The App imports no screen, and no screen of game/scenes imports another of them: both
    reach it through `App.open(name)`. (The shell's screens may use what the tutorials offer,
    `game.tutorial.offer`'s label and setup button: that is not reaching a screen.)"""
    screens = _screen_modules()
    assert "game.scenes.menu" in screens and "game.scenes.setup" in screens
    bad = sorted(f"{e.source}:{e.line} imports {e.target}" for e in edges()
                 if e.target in screens and e.target != e.source
                 and (e.source == "game.shell.app" or (_under(e.source, "game.scenes") and _under(e.target, "game.scenes"))))
    assert not bad, bad


def test_the_table_base_imports_no_game_package():
    found = {(e.source, e.target) for e in edges()
             if _under(e.source, "game.table") and any(_under(e.target, g) for g in GAME_PACKAGES)}
    assert not found, f"the table base imports a game's package: {sorted(found)}"


def test_online_never_imports_pygame():
    bad = []
    for name, path in modules().items():
        if _under(name, "game.online"):
            bad += [f"{name}:{line} imports {dotted}" for dotted, _where, line in raw_imports(name, path)
                    if dotted == "pygame" or dotted.startswith("pygame.")]
    assert not bad, bad


# What the top of game/ holds besides folders: the tree shows the shell, the files, the features
# and the developers' tools as folders, nothing loose (issue 33).
TOP_LEVEL = {"__init__.py", "__main__.py", "py.typed"}

# Packages that never import one another, in this direction: the daily challenge and online play
# meet only in `game.leaderboard` (through its rooms port), and the kept files are under both.
APART = [("game.online", "game.daily"), ("game.daily", "game.online"), ("game.daily", "game.leaderboard"),
         ("game.files", "game.daily"), ("game.files", "game.online"), ("game.files", "game.leaderboard")]


def test_the_top_of_game_holds_only_folders():
    loose = sorted(p.name for p in GAME.iterdir() if p.is_file() and p.name not in TOP_LEVEL)
    assert not loose, f"loose at the top of game/ (give each a folder): {loose}"


def imports_between(source: str, target: str, graph_edges: list[Edge]) -> list[str]:
    return sorted(f"{e.source}:{e.line} imports {e.target} ({e.where})" for e in graph_edges
                  if _under(e.source, source) and _under(e.target, target))


def test_features_that_stay_apart_import_nothing_of_each_other():
    graph_edges = edges()
    # the checker sees an edge where there is one: the leaderboard uses both sides
    assert imports_between("game.leaderboard", "game.daily", graph_edges)
    assert imports_between("game.leaderboard", "game.online", graph_edges)
    bad = [line for source, target in APART for line in imports_between(source, target, graph_edges)]
    assert not bad, bad


def _computed_imports(tree: ast.AST) -> list[int]:
    """Lines of `import_module(...)` / `__import__(...)` whose module name is put together there
    (an f-string, a + or a .format): a module found by its file name."""
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and node.args):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        arg = node.args[0]
        built = isinstance(arg, (ast.JoinedStr, ast.BinOp)) or (
            isinstance(arg, ast.Call) and isinstance(arg.func, ast.Attribute) and arg.func.attr == "format")
        if name in ("import_module", "__import__") and built:
            found.append(node.lineno)
    return found


def test_no_module_is_found_by_its_file_name():
    """Each game's parts are declared in its `GameUI` (typed fields), never imported by a name made
    from the game's (the tutorial once found `tutorial/<game>.py` and `tips_<game>.py` so).
    `frontends.frontend` turns a game's name into its package (`package_of`): the one registry."""
    assert _computed_imports(ast.parse("import importlib\nimportlib.import_module(f'game.{x}')\n")) == [2]
    bad = [f"{name}:{line}" for name, path in modules().items()
           for line in _computed_imports(ast.parse(path.read_text(encoding="utf-8")))]
    assert not bad, bad


def test_the_first_menu_frame_loads_only_what_it_shows(tmp_path):
    """`linebox --frames 1` (the start-up bench's run, without a game to continue) imports none of
    NOT_FOR_THE_MENU: they load when first opened (`game.scenes.SCENES`, `game.shell.tables`)."""
    code = ("import sys; from game.__main__ import main; rc = main(['--frames', '1']); "
            "print(rc); print(' '.join(sorted(sys.modules)))")
    env = {**os.environ, "LINEBOX_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    rc, loaded = done.stdout.strip().splitlines()[-2:]
    assert rc == "0"
    assert "game.scenes.menu" in loaded.split(), "the menu was not shown"
    early = sorted(m for m in loaded.split() if any(_under(m, p) for p in NOT_FOR_THE_MENU))
    assert not early, f"loaded for the menu's first frame: {early}"


if __name__ == "__main__":
    all_edges = edges()
    print(dict(Counter(e.where for e in all_edges)), f"{len(modules())} modules")
    parts = cycles(all_edges)
    for p in parts:
        print(describe(p, all_edges))
    sys.exit(1 if parts else 0)
