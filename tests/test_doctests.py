"""The examples in the docstrings of `engine` and `game` run, so the documentation stays true.

Two checks per module:

1. every example passes (``doctest.testmod``; the front end is imported with
   SDL's dummy video and audio drivers, so no window opens);
2. **every example written runs.** The ``>>>`` prompts in the module's
   docstrings (read from the source with `ast`) must all be examples that
   doctest collects. A prompt doctest would silently skip — in the docstring
   of a function nested in another function, in a string that is not a
   docstring, or ill-formed (``>>>x`` without a space) — makes the test
   fail, instead of a documented case quietly testing nothing. And the
   modules that document a contract (`CONTRACT_DOCS`) must have examples at all.
"""
import ast
import doctest
import importlib
import os
import pkgutil
import re
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import engine  # noqa: E402
import game  # noqa: E402

MODULES = sorted(m.name for pkg in (engine, game)
                 for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + ".")
                 if not m.name.endswith("__main__"))

# The modules whose runnable examples are the documentation of the engine's
# contract (docs/ARCHITECTURE.md points at them): they must have some.
CONTRACT_DOCS = ("engine.core.chance", "engine.core.errors", "engine.core.events",
                 "engine.core.protocol", "engine.core.registry", "engine.core.rng", "engine.games")

PROMPT = re.compile(r"^\s*>>>", re.MULTILINE)


def prompts_in_docstrings(path: Path) -> int:
    """How many `>>>` lines the docstrings of the module at `path` hold."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    count = 0
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            doc = ast.get_docstring(node, clean=False)
            if doc:
                count += len(PROMPT.findall(doc))
    return count


def examples_found(module) -> int:
    tests = doctest.DocTestFinder().find(module)
    return sum(len(t.examples) for t in tests)


def test_contract_docs_are_modules_here():
    assert set(CONTRACT_DOCS) <= set(MODULES)


def test_an_uncollected_prompt_is_counted():
    """The counter sees prompts doctest skips, so check 2 can fail."""
    import types

    source = 'def outer():\n    def inner():\n        """\n        >>> 1\n        1\n        """\n'
    module = types.ModuleType("demo")
    exec(compile(source, "demo", "exec"), module.__dict__)
    path = Path(os.environ.get("TMPDIR", "/tmp")) / "linebox_doctest_demo.py"
    path.write_text(source, encoding="utf-8")
    try:
        assert prompts_in_docstrings(path) == 1 and examples_found(module) == 0
    finally:
        path.unlink()


@pytest.fixture
def english():
    """Each module's examples start in English (game.shell.i18n's own examples switch language)."""
    from game.shell import i18n

    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name, english):
    module = importlib.import_module(name)
    written = prompts_in_docstrings(Path(module.__file__))
    found = examples_found(module)
    assert found == written, (f"{name}: {written} '>>>' prompt(s) in docstrings but doctest runs {found} "
                              "(a prompt in a nested function, a non-docstring, or '>>>' without a space)")
    if name in CONTRACT_DOCS:
        assert found, f"{name} documents the engine's contract and has no runnable example"
    failed, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failed == 0, f"{failed} docstring example(s) of {name} failed"
