"""The daily challenge: one game per game and UTC day, the same for everybody (no pygame here).

- `day`       the day's seed, setup and start position (from the date and the game, in UTC)
- `entry`     a leaderboard entry: what is posted, and its check by replaying it through the rules
- `attempts`  one counted attempt per day and game (later ones are practice), kept in the
              statistics file's "daily" section; the entries waiting to be posted (`outbox`)
- `posting`   the outbox posted in the background when the player is signed in
- `bench`     `python -m game.daily.bench`: verify and rank 1,000 entries; post to a real homeserver

What differs per game is declared by the game's package (`GameUI.daily`, a
`game.shell.frontends.DailyRules`): the bot seats' levels and the day's engine options.
"""
