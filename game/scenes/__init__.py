"""The app's screens. Tables (`lineit_table`, `linyo_table`) plug in via `game.tables`."""
