"""Keep the app's translation catalogues in step with the code.

    python tools/compile_locale.py            # .po -> .mo for every language
    python tools/compile_locale.py --update   # add new msgids (empty msgstr), drop unused ones, then compile
    python tools/compile_locale.py --check    # exit 1 if a .mo is stale or a msgid lacks a translation

msgids are found by reading `game/**/*.py` (except `game/rulebook/`, which has
its own texts) for calls `_("...")` and `N_("...")` with a literal string.
Each game table keeps its own catalogue (domain), so the people working on
one table never edit the same file as those on the other or on the shell:
msgids in `game/scenes/<table>.py` and `game/<table>/**` go to the domain
`<table>` (`lineit_table`, `linyo_table`); all others, and the bots' reason
templates (`engine/bots/reasons.py`), go to `linebox`. `_()` looks in every
domain (game/shell/i18n.py).
`ngettext("singular", "plural", n)` calls give plural entries (msgid_plural,
msgstr[0], msgstr[1]); in memory such an entry is keyed "singular\0plural"
with the forms joined by "\0", which is also how a .mo file stores it.
The .mo writer is a small, deterministic version of GNU msgfmt, so a rerun
writes the same bytes and a test can compare them.
"""
from __future__ import annotations

import argparse
import ast
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
LOCALE = GAME / "locale"
LANGS = ("de", "fr")
DOMAIN = "linebox"
TABLE_DOMAINS = ("lineit_table", "linyo_table", "tutorial", "online")
DOMAINS = (DOMAIN,) + TABLE_DOMAINS
REASONS = ROOT / "engine" / "bots" / "reasons.py"
HEADER = ("Project-Id-Version: Linebox\nMIME-Version: 1.0\n"
          "Content-Type: text/plain; charset=UTF-8\nContent-Transfer-Encoding: 8bit\nLanguage: {lang}\n"
          "Plural-Forms: {plural}\n")
PLURAL_FORMS = {"de": "nplurals=2; plural=(n != 1);", "fr": "nplurals=2; plural=(n > 1);"}


def domain_of(path: Path, root: Path = GAME) -> str:
    """The catalogue a source file's msgids belong to."""
    parts = path.relative_to(root).parts
    if len(parts) > 2 and parts[1] == "tutorial":
        return "tutorial"     # a game's own tutorial (game/<game>_table/tutorial/): the tutorial's words
    for table in TABLE_DOMAINS:
        if parts[0] == table or parts == ("scenes", f"{table}.py"):
            return table
    if parts[:1] == ("scenes",) and parts[-1].startswith("online") or parts == ("table", "remote.py"):
        return "online"       # the online screens (game/online/ itself is matched above)
    return DOMAIN


def reason_templates() -> list[str]:
    """The bots' hint sentences (engine/bots/reasons.py TEMPLATES values)."""
    tree = ast.parse(REASONS.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.AnnAssign) and getattr(node.target, "id", "") == "TEMPLATES":
            return [v.value for v in node.value.values if isinstance(v, ast.Constant)]
    return []


def extract(root: Path = GAME, domain: str = DOMAIN) -> list[str]:
    """Every msgid of `domain` used in the front end, in first-seen order."""
    seen: dict[str, None] = {}
    for path in sorted(root.rglob("*.py")):
        if "rulebook" in path.parts or domain_of(path, root) != domain:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args):
                continue
            args = [a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None
                    for a in node.args[:2]]
            if node.func.id in ("_", "N_") and args[0] is not None:
                seen.setdefault(args[0], None)
            elif node.func.id == "ngettext" and len(args) == 2 and None not in args:
                seen.setdefault(args[0] + "\0" + args[1], None)
    if domain == DOMAIN and root == GAME:
        for template in reason_templates():
            seen.setdefault(template, None)
    return list(seen)


def _unquote(s: str) -> str:
    return ast.literal_eval(s)


def read_po(path: Path) -> dict[str, str]:
    """msgid -> msgstr of a simple .po file (the header entry has msgid '')."""
    entries: dict[str, str] = {}
    ids: list[str] = []      # msgid [, msgid_plural]
    strs: list[str] = []     # msgstr, or msgstr[0], msgstr[1], ...
    target: list[str] | None = None

    def flush() -> None:
        if ids and strs:
            entries["\0".join(ids)] = "\0".join(strs)
        ids.clear()
        strs.clear()

    for raw in path.read_text(encoding="utf-8").splitlines() + [""]:
        line = raw.strip()
        if line.startswith("msgid "):
            flush()
            ids.append(_unquote(line[6:]))
            target = ids
        elif line.startswith("msgid_plural "):
            ids.append(_unquote(line[13:]))
            target = ids
        elif line.startswith("msgstr"):
            strs.append(_unquote(line.split(" ", 1)[1]))
            target = strs
        elif line.startswith('"'):
            if target:
                target[-1] += _unquote(line)
        elif not line or line.startswith("#"):
            flush()
            target = None
    return entries


def translated(msgstr: str | None) -> bool:
    """Every form of an entry is filled in."""
    return bool(msgstr) and all(msgstr.split("\0"))


def _quote(s: str) -> str:
    out = s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return f'"{out}"'


def header(lang: str, entries: dict[str, str], order: list[str]) -> str:
    """The catalogue's header as it is, with the plural rule added once the domain has plural entries."""
    head = entries.get("") or HEADER.format(lang=lang, plural=PLURAL_FORMS.get(lang, ""))
    if "Plural-Forms:" not in head and any("\0" in k for k in order):
        head += f"Plural-Forms: {PLURAL_FORMS.get(lang, '')}\n"
    return head


def write_po(path: Path, lang: str, entries: dict[str, str], order: list[str]) -> None:
    """Write a .po with the header, then `order` (kept msgids not in `order` last)."""
    lines = [f"# Linebox front-end texts, {lang}. Edit msgstr lines; run tools/compile_locale.py.",
             'msgid ""', "msgstr " + _quote(header(lang, entries, order)), ""]
    keys = [k for k in order if k] + [k for k in entries if k and k not in order]
    for k in keys:
        if "\0" in k:
            singular, plural = k.split("\0", 1)
            forms = (entries.get(k) or "").split("\0")
            forms += [""] * (2 - len(forms))
            lines += ["msgid " + _quote(singular), "msgid_plural " + _quote(plural)]
            lines += [f"msgstr[{i}] " + _quote(f) for i, f in enumerate(forms)] + [""]
        else:
            lines += ["msgid " + _quote(k), "msgstr " + _quote(entries.get(k, "")), ""]
    path.write_text("\n".join(lines), encoding="utf-8")


def mo_bytes(entries: dict[str, str]) -> bytes:
    """GNU .mo bytes for `entries` (sorted, little endian, no hash table)."""
    items = sorted((k, v) for k, v in entries.items() if v or k == "")
    ids = [k.encode("utf-8") for k, _ in items]
    strs = [v.encode("utf-8") for _, v in items]
    n = len(items)
    key_start = 7 * 4 + 16 * n
    offsets: list[tuple[int, int]] = []
    blob = b""
    for b in ids:
        offsets.append((len(b), key_start + len(blob)))
        blob += b + b"\0"
    val_start = key_start + len(blob)
    voffsets: list[tuple[int, int]] = []
    vblob = b""
    for b in strs:
        voffsets.append((len(b), val_start + len(vblob)))
        vblob += b + b"\0"
    out = struct.pack("<7I", 0x950412DE, 0, n, 7 * 4, 7 * 4 + 8 * n, 0, 0)
    out += b"".join(struct.pack("<2I", *o) for o in offsets)
    out += b"".join(struct.pack("<2I", *o) for o in voffsets)
    return out + blob + vblob


def po_path(lang: str, domain: str = DOMAIN) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"


def problems() -> list[str]:
    """What is out of step: missing translations, stale .mo files."""
    out = []
    for domain in DOMAINS:
        out += _problems(domain)
    return out


def _problems(domain: str) -> list[str]:
    out = []
    ids = extract(domain=domain)
    if not ids and domain != DOMAIN:
        return out  # a table with no texts yet needs no catalogue
    for lang in LANGS:
        po = po_path(lang, domain)
        if not po.exists():
            out.append(f"{po} is missing")
            continue
        entries = read_po(po)
        for msgid in ids:
            if not translated(entries.get(msgid)):
                out.append(f"{lang}: no translation for {msgid!r}")
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != mo_bytes(entries):
            out.append(f"{mo} is not compiled from the current {po.name}")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--update", action="store_true", help="add new msgids to the .po files and drop unused ones")
    ap.add_argument("--check", action="store_true", help="only report; exit 1 when out of step")
    args = ap.parse_args(argv)
    if args.check:
        found = problems()
        for p in found:
            print(p)
        return 1 if found else 0
    for domain in DOMAINS:
        ids = extract(domain=domain)
        if not ids and domain != DOMAIN:
            continue
        for lang in LANGS:
            po = po_path(lang, domain)
            po.parent.mkdir(parents=True, exist_ok=True)
            entries = read_po(po) if po.exists() else {}
            if args.update or not po.exists():
                # a msgid no code asks for any more would otherwise live on in the catalogue forever
                wanted = set(ids)
                for gone in [k for k in entries if k and k not in wanted]:
                    print(f"{domain} {lang}: dropped unused {gone!r}")
                    del entries[gone]
                write_po(po, lang, entries, ids)
                entries = read_po(po)
            missing = [m for m in ids if not translated(entries.get(m))]
            po.with_suffix(".mo").write_bytes(mo_bytes(entries))
            print(f"{domain} {lang}: {len(entries) - 1} entries, {len(missing)} untranslated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
