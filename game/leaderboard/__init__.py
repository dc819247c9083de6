"""The daily leaderboards: where the daily challenge meets online play (no pygame here).

- `rooms`     the port: what a board needs of the place its rooms are kept (`Rooms`), and the
              day's room name; `game.online.leaderboard.MatrixRooms` fills it on Matrix
- `board`     one day's board of a game, every entry verified by replaying it (`Board`, `board_for`)
- `posting`   the outbox of `game.daily.attempts` posted in the background when signed in
- `bench`     `python -m game.leaderboard.bench`: verify and rank 1,000 entries; post to a real homeserver

`game.daily` never imports `game.online` nor the other way round (`tests/test_imports.py`).
"""
