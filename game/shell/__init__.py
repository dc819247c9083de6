"""The shell: the window and its scene stack, each game's front end, the table seam, words and sounds."""
