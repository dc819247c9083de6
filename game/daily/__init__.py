"""The daily challenge: one game per game and UTC day, the same for everybody (no pygame, no online play here).

- `day`       the day's seed, setup and start position (from the date and the game, in UTC)
- `entry`     a leaderboard entry: what is posted, and its check by replaying it through the rules
- `attempts`  one counted attempt per day and game (later ones are practice), kept in the
              statistics file's "daily" section; the entries waiting to be posted (`outbox`)

What differs per game is declared by the game's package (`GameUI.daily`, a
`game.shell.frontends.DailyRules`): the bot seats' levels and the day's engine options.

Its leaderboards (posting the outbox, the boards) are `game.leaderboard`'s, which
reaches Matrix through a port; nothing here imports `game.online`.
"""
