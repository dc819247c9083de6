"""Replays: any kept game in the real table drawing, read-only (issue 17).

- `model`   a game file as moments 0..n: the state at each (the engine's rewind), rounds, events
- `branch`  "Play from here": a new game whose past is the replay's first k actions
- `scene`   the viewer: the game's own table in replay mode above a bar of controls
- `files`   opening a `.linebox` file (menu, command line) and exporting one from History
- `review`  the post-game review of a seat: run in its own worker, cached per record, read as items
- `review_panel`  the review beside the viewer's table; `review_open` opens both from the results

    python -m game.replay bench       # a jump to the last moment of a 6-seat Line-it game
"""
from __future__ import annotations

from .files import open_game_file, open_history_entry, viewer_for_file

__all__ = ["open_game_file", "open_history_entry", "viewer_for_file"]
