"""Entry script of the frozen app (build/pyinstaller.spec): the same as `linebox`.

`game.__main__.main` calls multiprocessing.freeze_support() first, so the
bots' spawned worker process (which re-runs this executable) works frozen.
"""
import sys

from game.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
