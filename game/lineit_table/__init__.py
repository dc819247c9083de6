"""The Line-it table: the front end of game 1 (see docs/LINEIT.md for the engine).

Modules, one idea each:

- `texts`      every sentence a player reads (refusals, log, bot reasons), translated
- `events`     what one action did, found by comparing the engine's views before/after
- `tally`      per-seat results of a finished game (results screen, statistics)
- `geometry`   where everything sits on the table, from the window's logical size
- `tween`      pytweening-driven tweens advanced by dt
- `sprites`    cards and tokens that know where they are heading
- `board`      the engine state as sprites: targets, staged animation, drawing
- `controller` the game: engine state, seats, bots in a worker, undo, autosave
- `scene`      the table scene: mouse (drag or click), keys, buttons
- `overlays`   pause menu, named save, hot-seat "pass to" screen
- `results`    the results screen
- `demo`       `linebox --demo lineit`: bots only, with the frame figures

The engine owns the game: the table applies an action at once and the
sprites catch up; legality is only ever asked from the engine.
"""
