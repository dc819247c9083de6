#!/usr/bin/env python3
"""Move Linebox's front-end modules into the tree of issue 33 and rewrite every reference to them.

    python rewrite.py ROOT            # git mv what is still in its old place, then rewrite references
    python rewrite.py --check ROOT    # list every reference to an old place left; exit 1 if any

Idempotent: a second run finds nothing to move and nothing to rewrite. Made to be run again
on a tree where others kept editing files in their old places (the merge carries their edits
along the rename) or added new references, imports and files after the first run.

What it rewrites, in every tracked text file (Python, Markdown, TOML, the spec, shell, YAML,
Makefile, .ci/run):
- imports in Python (read with `ast`): `from game.x import a`, `import game.x`, `from game import x`
  (split in two when its names now live in different packages), relative imports whose target
  moved, and relative imports in a moved file that meant its old folder;
- dotted names anywhere (strings such as "game.x:attr" or monkeypatch targets "game.x.y",
  `python -m game.x`, mypy overrides, hidden imports, comments and docs);
- paths `game/x.py` anywhere.
It reports files it could not place: a module left at the top of game/ that is not allowed there,
and a move whose old and new files both exist.
"""
from __future__ import annotations

import argparse
import ast
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

# Old file -> new file, relative to the repository. The module names follow from the paths.
MOVES: dict[str, str] = {
    # the shell: the window and scene stack, the game registry, the table seam, words and sounds
    "game/app.py": "game/shell/app.py",
    "game/scene.py": "game/shell/scene.py",
    "game/frontends.py": "game/shell/frontends.py",
    "game/tables.py": "game/shell/tables.py",
    "game/i18n.py": "game/shell/i18n.py",
    "game/sound.py": "game/shell/sound.py",
    # what is kept on disk, and where
    "game/storage.py": "game/files/storage.py",
    "game/schema.py": "game/files/schema.py",
    "game/settings.py": "game/files/settings.py",
    "game/stats.py": "game/files/stats.py",
    "game/history.py": "game/files/history.py",
    "game/game_stats.py": "game/files/game_stats.py",
    "game/paths.py": "game/files/paths.py",
    "game/logfile.py": "game/files/logfile.py",
    # challenge a friend: one package (the code and file stay `game.challenge`)
    "game/challenge.py": "game/challenge/__init__.py",
    "game/challenge_scenes.py": "game/challenge/scenes.py",
    "game/challenge_results.py": "game/challenge/results.py",
    "game/challenge_ghost.py": "game/challenge/ghost.py",
    # developers' tools
    "game/monkey.py": "game/dev/monkey.py",
    "game/selftest.py": "game/dev/selftest.py",
    "game/history_bench.py": "game/dev/history_bench.py",
    # the art palette beside the theme that uses it; the demo's frame figures beside the demo meter
    "game/palette.py": "game/ui/palette.py",
    "game/demo_figures.py": "game/table/demo_figures.py",
    # each game's tutorial in its own package (issue 33 item 5)
    "game/tutorial/lineit.py": "game/lineit_table/tutorial/targets.py",
    "game/tutorial/lineit_script.py": "game/lineit_table/tutorial/script.py",
    "game/tutorial/tips_lineit.py": "game/lineit_table/tutorial/tips.py",
    "game/tutorial/linyo.py": "game/linyo_table/tutorial/targets.py",
    "game/tutorial/linyo_script.py": "game/linyo_table/tutorial/script.py",
    "game/tutorial/tips_linyo.py": "game/linyo_table/tutorial/tips.py",
    # the leaderboard meets the daily outbox and the Matrix rooms, so neither imports the other (item 6)
    "game/daily/posting.py": "game/leaderboard/posting.py",
    "game/daily/bench.py": "game/leaderboard/bench.py",
}

# A new package's __init__, written when the package has none yet.
NEW_PACKAGES: dict[str, str] = {
    "game/shell": "The shell: the window and its scene stack, each game's front end, the table seam, words and sounds.",
    "game/files": "What Linebox keeps on disk and where: storage, schemas, settings, statistics, history, "
                  "paths, the log.",
    "game/dev": "Developers' tools run from the source: the monkey, the bundle's self-test, the history bench.",
    "game/leaderboard": "The daily leaderboards: the day's entries verified on a board, the outbox posted; "
                        "the rooms are behind a port (`rooms.Rooms`) that `game.online.leaderboard` fills on Matrix.",
    "game/lineit_table/tutorial": "Line-it's tutorial: its script, where its steps point on the table, what its words "
                                  "claim, and the first-game tips.",
    "game/linyo_table/tutorial": "Linyo's tutorial: its script, where its steps point on the table, what its words "
                                 "claim, and the first-game tips.",
}

# What the top of game/ may hold once everything is moved.
TOP_LEVEL = {"__init__.py", "__main__.py", "py.typed"}

SUFFIXES = {".py", ".md", ".toml", ".spec", ".sh", ".yml", ".yaml", ".txt", ".cfg", ".ini", ".nsi", ".desktop"}
NAMES = {"Makefile", "run"}
SKIP = ("game/locale/", "game/rulebook/")


def module_of(path: str) -> str:
    parts = list(Path(path).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES: dict[str, str] = {module_of(old): module_of(new) for old, new in MOVES.items()}
RENAMED = {old: new for old, new in MODULES.items() if old != new}
BACK: dict[str, str] = {new: old for old, new in MOVES.items()}


def _dotted(old: str) -> re.Pattern[str]:
    # not part of a longer name on either side ("self.game.app", "game.apps", "game.app_x")
    return re.compile(rf"(?<![\w.]){re.escape(old)}(?![\w])")


def _path(old: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w]){re.escape(old)}(?![\w])")


DOTTED = [(_dotted(old), old, new) for old, new in sorted(RENAMED.items(), key=lambda kv: -len(kv[0]))]
PATHS = [(_path(old), old, new) for old, new in sorted(MOVES.items(), key=lambda kv: -len(kv[0]))]


# ------------------------------------------------------------------ the tree
@dataclass
class Tree:
    root: Path

    def git(self, *args: str) -> str:
        return subprocess.run(["git", "-C", str(self.root), *args], check=True, capture_output=True,
                              text=True).stdout

    def exists(self, rel: str) -> bool:
        return (self.root / rel).exists()

    def is_module(self, dotted: str) -> bool:
        """A module or package file exists for `dotted` now (a folder without __init__ counts:
        game/table is a namespace package)."""
        base = self.root / Path(*dotted.split("."))
        return base.with_suffix(".py").is_file() or base.is_dir()

    def text_files(self) -> list[str]:
        listed = self.git("ls-files", "--cached", "--others", "--exclude-standard").splitlines()
        out = []
        for rel in listed:
            p = Path(rel)
            if rel.startswith(SKIP) or not (self.root / rel).is_file():
                continue
            if p.suffix in SUFFIXES or p.name in NAMES:
                out.append(rel)
        return sorted(set(out))


def was_module(tree: Tree, dotted: str) -> bool:
    """`dotted` named a module before the moves (it is an old name, or still exists unmoved)."""
    return dotted in MODULES or (tree.is_module(dotted) and dotted not in set(MODULES.values()) - set(MODULES))


def bound_names(tree: Tree, package: str, rel: str = "") -> set[str]:
    """Names a package's __init__ defines at its top (so `from package import name` is no submodule);
    when that __init__ is `rel`, the file being rewritten, its own imports do not count (they are
    what is being judged)."""
    init = tree.root / Path(*package.split(".")) / "__init__.py"
    own = init == tree.root / rel
    if not init.is_file():
        return set()
    try:
        mod = ast.parse(init.read_text(encoding="utf-8"))
    except SyntaxError:
        return set()
    names: set[str] = set()
    for node in mod.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)) and not own:
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {t.id for t in targets if isinstance(t, ast.Name)}
    return names


# ------------------------------------------------------------------ moving
def move(tree: Tree, report: list[str]) -> None:
    for old, new in MOVES.items():
        if not tree.exists(old):
            continue
        if tree.exists(new):
            report.append(f"cannot place {old}: {new} exists too (merge them by hand)")
            continue
        (tree.root / new).parent.mkdir(parents=True, exist_ok=True)
        tree.git("mv", old, new)
        print(f"moved {old} -> {new}")
        if "__file__" in (tree.root / new).read_text(encoding="utf-8"):
            report.append(f"moved {new}, which finds files from its own place (__file__): check those paths")
    for folder, doc in NEW_PACKAGES.items():
        init = f"{folder}/__init__.py"
        if tree.exists(folder) and not tree.exists(init):
            (tree.root / init).write_text(f'"""{doc}"""\n', encoding="utf-8")
            tree.git("add", init)
            print(f"wrote {init}")


def unplaced(tree: Tree) -> list[str]:
    top = tree.root / "game"
    return [f"cannot place game/{p.name}: the top of game/ holds only {', '.join(sorted(TOP_LEVEL))} "
            "and folders (add it to MOVES)"
            for p in sorted(top.iterdir()) if p.is_file() and p.name not in TOP_LEVEL]


# ------------------------------------------------------------------ imports
def _package_of(rel: str) -> str:
    mod = module_of(rel)
    return mod if rel.endswith("__init__.py") else mod.rpartition(".")[0]


def _base(package: str, level: int, module: str | None) -> str | None:
    parts = package.split(".")
    if level - 1 > len(parts) - 1:
        return None
    base = ".".join(parts[: len(parts) - (level - 1)])
    return f"{base}.{module}" if module else base


def _meaning_holds(tree: Tree, base: str | None, names: list[str], rel: str) -> bool:
    """`from base import names`, written in `rel`, works in the tree as it is now."""
    if base is None or not tree.is_module(base):
        return False
    bound = bound_names(tree, base, rel)
    return all(n == "*" or tree.is_module(f"{base}.{n}") or n in bound or not (
        tree.root / Path(*base.split("."))).is_dir() for n in names)


def _new_name(dotted: str) -> str:
    return MODULES.get(dotted, dotted)


@dataclass(frozen=True)
class Stmt:
    package: str            # absolute package (or module) imported from
    names: tuple[tuple[str, str | None], ...]


def _render(stmts: list[Stmt], here: str, relative: bool) -> list[str]:
    out = []
    for s in stmts:
        names = ", ".join(n if a is None else f"{n} as {a}" for n, a in s.names)
        src = s.package
        if relative and s.package == here:
            src = "."
        elif relative and s.package.startswith(here + "."):
            src = "." + s.package[len(here) + 1:]
        out.append(_wrapped(f"from {src} import ", names))
    return out


def _wrapped(head: str, names: str, width: int = 116) -> str:
    """One import, its names in parentheses over lines aligned under the first when it is too long."""
    if len(head) + len(names) <= width:
        return head + names
    import textwrap
    lines = textwrap.wrap(names, width - len(head) - 1, break_on_hyphens=False)
    pad = " " * (len(head) + 1)
    return head + "(" + ("\n" + pad).join(lines) + ")"


def _plan_from(tree: Tree, node: ast.ImportFrom, rel: str) -> list[Stmt] | None:
    """The statements `node` should be now, or None when it is right as it is."""
    here = _package_of(rel)
    names = [a.name for a in node.names]
    if node.level:
        now = _base(here, node.level, node.module)
        old_rel = BACK.get(rel)
        if old_rel is None:
            meant = now
        elif (now != module_of(rel) and _meaning_holds(tree, now, names, rel)
              and not _refers_to_moved(tree, now, names)):
            return None     # written for the new place already
        else:
            meant = _base(_package_of(old_rel), node.level, node.module)
    else:
        meant = node.module
    if meant is None:
        return None
    groups: dict[str, list[tuple[str, str | None]]] = {}
    changed = False
    for a in node.names:
        sub = f"{meant}.{a.name}"
        if a.name != "*" and was_module(tree, sub) and sub in MODULES:
            new = _new_name(sub)
            pkg, _, leaf = new.rpartition(".")
            if sub in RENAMED:
                changed = True
            if leaf != a.name:
                groups.setdefault(pkg, []).append((leaf, a.asname or a.name))
            else:
                groups.setdefault(pkg, []).append((leaf, a.asname))
        else:
            new_pkg = _new_name(meant)
            changed |= new_pkg != meant
            groups.setdefault(new_pkg, []).append((a.name, a.asname))
    if node.level and BACK.get(rel) is not None:
        changed = True       # a moved file's relative import re-said for its new place
    if not changed:
        return None
    return [Stmt(pkg, tuple(ns)) for pkg, ns in groups.items()]


def _refers_to_moved(tree: Tree, base: str | None, names: list[str]) -> bool:
    return base is not None and (base in RENAMED or any(f"{base}.{n}" in RENAMED for n in names))


def rewrite_imports(tree: Tree, rel: str, text: str) -> str:
    try:
        mod = ast.parse(text)
    except SyntaxError as exc:
        print(f"skipped imports of {rel}: {exc}", file=sys.stderr)
        return text
    lines = text.splitlines(keepends=True)
    edits: list[tuple[int, int, list[str]]] = []
    here = _package_of(rel)
    for node in ast.walk(mod):
        if not isinstance(node, ast.ImportFrom):
            continue
        plan = _plan_from(tree, node, rel)
        if plan is None:
            continue
        first, last = node.lineno - 1, (node.end_lineno or node.lineno) - 1
        indent = lines[first][: len(lines[first]) - len(lines[first].lstrip())]
        tail = lines[last].rstrip("\n")
        comment = ""
        end = node.end_col_offset or len(tail)
        rest = tail[end:]
        if "#" in rest:
            comment = "  " + rest[rest.index("#"):].strip()
        head = lines[first][: node.col_offset]
        if head.strip():          # `if x: from a import b` on one line: leave it to --check
            continue
        rendered = _render(plan, here, relative=bool(node.level))
        # a trailing comment (a noqa, a type: ignore, a why) holds for each statement split from it
        new_lines = [indent + r.replace("\n", "\n" + indent) + comment + "\n" for r in rendered]
        edits.append((first, last, new_lines))
    for first, last, new_lines in sorted(edits, reverse=True):
        lines[first: last + 1] = new_lines
    return "".join(lines)


# ------------------------------------------------------------------ text
FROM_GAME_ONE = re.compile(r"(?<![\w.])from game import (\w+)(?![\w ]*,)(?!\s+as\b)")


def _from_game_one(m: re.Match[str]) -> str:
    """`from game import x` of one moved module, written in a string or docstring (code is done
    by `rewrite_imports`)."""
    old = f"game.{m.group(1)}"
    if old not in RENAMED:
        return m.group(0)
    pkg, _, leaf = RENAMED[old].rpartition(".")
    return f"from {pkg} import {leaf}" + ("" if leaf == m.group(1) else f" as {m.group(1)}")


def rewrite_text(text: str) -> str:
    text = FROM_GAME_ONE.sub(_from_game_one, text)
    for pattern, _old, new in DOTTED:
        text = pattern.sub(new, text)
    for pattern, old, new in PATHS:
        if old != new:
            text = pattern.sub(new, text)
    return text


def rewrite(tree: Tree) -> list[str]:
    changed = []
    for rel in tree.text_files():
        path = tree.root / rel
        text = path.read_text(encoding="utf-8")
        new = rewrite_imports(tree, rel, text) if rel.endswith(".py") else text
        new = rewrite_text(new)
        if new != text:
            if rel.endswith(".py"):
                try:
                    ast.parse(new)
                except SyntaxError as exc:     # never write a broken file over a good one
                    print(f"NOT written, would not parse: {rel}: {exc}", file=sys.stderr)
                    continue
            path.write_text(new, encoding="utf-8")
            changed.append(rel)
    return changed


# ------------------------------------------------------------------ check
FROM_GAME = re.compile(r"from\s+game\s+import\s+\(?([\w\s,]+)")


def leftovers(tree: Tree) -> list[str]:
    found = []
    old_leaves = {old.split(".", 1)[1] for old in RENAMED if old.count(".") == 1}
    for rel in tree.text_files():
        text = (tree.root / rel).read_text(encoding="utf-8")
        for n, line in enumerate(text.splitlines(), 1):
            for pattern, old, _new in DOTTED:
                if pattern.search(line):
                    found.append(f"{rel}:{n}: {old}: {line.strip()}")
            for pattern, old, new in PATHS:
                if old != new and pattern.search(line):
                    found.append(f"{rel}:{n}: {old}: {line.strip()}")
            for m in FROM_GAME.finditer(line):
                names = {w.split(" as ")[0].strip() for w in m.group(1).split(",")}
                for leaf in sorted(names & old_leaves):
                    found.append(f"{rel}:{n}: from game import {leaf}: {line.strip()}")
        if rel.endswith(".py"):
            found += _relative_leftovers(tree, rel, text)
    for old in MOVES:
        if tree.exists(old) and old not in MOVES.values():
            found.append(f"{old}: still in its old place")
    return found


def _relative_leftovers(tree: Tree, rel: str, text: str) -> list[str]:
    try:
        mod = ast.parse(text)
    except SyntaxError:
        return [f"{rel}: does not parse"]
    out = []
    here = _package_of(rel)
    for node in ast.walk(mod):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = _base(here, node.level, node.module)
            names = [a.name for a in node.names]
            if not _meaning_holds(tree, base, names, rel) or _refers_to_moved(tree, base, names):
                out.append(f"{rel}:{node.lineno}: relative import of {'.' * node.level}{node.module or ''} "
                           f"({', '.join(names)}) does not resolve here")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("root", type=Path, help="the repository (a work tree)")
    ap.add_argument("--check", action="store_true", help="only list references to old places; exit 1 if any")
    args = ap.parse_args(argv)
    tree = Tree(args.root.resolve())
    if not (tree.root / "game" / "__init__.py").is_file():
        print(f"{tree.root} is not a Linebox repository (no game/__init__.py)", file=sys.stderr)
        return 2
    report: list[str] = []
    if not args.check:
        move(tree, report)
        for rel in rewrite(tree):
            print(f"rewrote {rel}")
    report += unplaced(tree)
    left = leftovers(tree)
    for line in report + left:
        print(line)
    if args.check:
        print(f"{len(left) + len(report)} leftover(s)")
        return 1 if left or report else 0
    return 1 if report else 0


if __name__ == "__main__":
    sys.exit(main())
