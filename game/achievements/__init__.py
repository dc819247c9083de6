"""Achievements, personal bests' companions: declared as data, measured from finished games.

- `model`   what an achievement is (`Achievement`, `Finished`)
- `common`  the ones any game can earn (hard bots beaten, dailies and their streak)
- `streak`  daily streaks from a set of UTC dates
- `store`   every declared achievement (the common ones and each game's, through its front end's
            hook "achievements"), `award` at the end of a game, and what the screen shows

Each game declares its own in `game/<game>_table/achievements.py`; this package names no game.
What is kept lives in the statistics file (`game.files.stats`, section "achievements").
"""
