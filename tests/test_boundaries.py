"""The package boundaries hold, read from the source with `ast` (nothing is imported).

- ``engine`` never imports pygame or ``game`` (it runs headless, in bots' processes, on a server);
- ``engine/core`` names no game: no import of a game package or of ``engine.games``, and no
  "lineit"/"linyo" in its code (docstrings and comments may mention them);
- ``engine/lineit`` and ``engine/linyo`` never import each other;
- the rules (``engine/lineit``, ``engine/linyo``) never import ``engine/bots``.

An import counts wherever it is written (top level, inside a function, under
TYPE_CHECKING); relative imports are resolved; ``from a import b`` counts as
importing both ``a`` and ``a.b`` (``b`` may be a module).
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAME_WORDS = ("lineit", "linyo", "line-it")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported(tree: ast.AST, name: str, is_package: bool) -> set[str]:
    """Every module `tree` (the module `name`) imports, as absolute dotted names."""
    package = name if is_package else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            found.add(source)
            found.update(f"{source}.{alias.name}" for alias in node.names)
    return found


def parse(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def imports_of(path: Path) -> set[str]:
    return imported(parse(path), module_name(path), path.name == "__init__.py")


def under(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(prefix + ".")


def files(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


def offending(folder: str, forbidden: tuple[str, ...]) -> list[str]:
    return [f"{module_name(p)} imports {m}" for p in files(folder) for m in sorted(imports_of(p))
            if any(under(m, f) for f in forbidden)]


def docstring_nodes(tree: ast.Module) -> set[int]:
    """ids of the string constants that are docstrings (of the module, classes, functions)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def game_names_in_code(tree: ast.Module) -> list[str]:
    """Strings (outside docstrings) and identifiers that name a game."""
    docs = docstring_nodes(tree)
    hits = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            text = node.value
        elif isinstance(node, ast.Name):
            text = node.id
        elif isinstance(node, ast.Attribute):
            text = node.attr
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            text = node.name
        elif isinstance(node, ast.alias):
            text = node.asname or node.name
        else:
            continue
        if any(word in text.lower() for word in GAME_WORDS):
            hits.append(f"line {getattr(node, 'lineno', '?')}: {text[:60]!r}")
    return hits


# -- the checker can fail: it sees what it must see ---------------------------------

def test_the_import_reader_resolves_every_form():
    source = ("import pygame.display\nfrom .. import lineit\nfrom ..bots.base import Bot\n"
              "def f():\n    from game import replay\n")
    found = imported(ast.parse(source), "engine.core.record", is_package=False)
    assert {"pygame.display", "engine", "engine.lineit", "engine.bots.base", "engine.bots.base.Bot",
            "game", "game.replay"} <= found


def test_the_name_finder_skips_docstrings_only():
    tree = ast.parse('"""About Line-it."""\ndef f():\n    """lineit"""\n    return "linyo"\nlineit_x = 1\n')
    assert sorted(h.split(": ", 1)[1] for h in game_names_in_code(tree)) == ["'lineit_x'", "'linyo'"]


# -- the boundaries ------------------------------------------------------------------

def test_engine_never_imports_pygame_or_the_front_end():
    assert files("engine")
    assert not offending("engine", ("pygame", "game"))


def test_core_imports_no_game():
    assert not offending("engine/core", ("engine.lineit", "engine.linyo", "engine.games", "engine.bots"))


@pytest.mark.parametrize("path", files("engine/core"), ids=lambda p: p.name)
def test_core_names_no_game(path):
    assert not game_names_in_code(parse(path)), path.name


@pytest.mark.parametrize("game, other", [("lineit", "linyo"), ("linyo", "lineit")])
def test_games_never_import_each_other(game, other):
    assert not offending(f"engine/{game}", (f"engine.{other}",))


@pytest.mark.parametrize("game", ["lineit", "linyo"])
def test_rules_never_import_the_bots(game):
    assert not offending(f"engine/{game}", ("engine.bots",))
