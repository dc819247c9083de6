"""Entry script of the frozen app (build/pyinstaller.spec): the same as `linebox`.

`game.__main__.main` calls multiprocessing.freeze_support() first, so the
bots' spawned worker process (which re-runs this executable) works frozen.

An error that nothing caught would reach PyInstaller's bootloader, which in a
windowed build (Windows, macOS) shows the traceback in a modal box and waits
for a click that never comes in CI, or on a player's machine with no one
looking. `run` writes it to the log (and stderr, where there is one) and
exits with CRASHED instead.
"""
import sys
import time
import traceback

CRASHED = 70          # EX_SOFTWARE: an internal error


def _app() -> int:
    from game.__main__ import main       # inside: an import that fails is caught by `run` too
    return main()


def report(text: str) -> str:
    """Append `text` to the app's log file; its path, or "" when there is none to write."""
    try:
        from game.files.paths import log_dir
        folder = log_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / "linebox.log"
        with open(path, "a", encoding="utf-8") as f:
            f.write(f"{time.strftime('%Y-%m-%d %H:%M:%S')} CRITICAL linebox: uncaught error, exiting:\n{text}")
        return str(path)
    except Exception:  # noqa: BLE001 - no log folder: stderr is all there is
        return ""


def run(entry=_app) -> int:
    """entry()'s exit code; an uncaught error is logged and gives CRASHED."""
    try:
        return entry()
    except SystemExit:
        raise
    except KeyboardInterrupt:
        return 130
    except BaseException as exc:  # noqa: BLE001 - the last net before the bootloader's modal box
        text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        where = report(text)
        if sys.stderr is not None:       # a windowed Windows build has none
            try:
                sys.stderr.write(text + (f"linebox: this was written to {where}\n" if where else ""))
            except (OSError, ValueError):
                pass
        return CRASHED


if __name__ == "__main__":
    sys.exit(run())
