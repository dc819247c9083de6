"""A match, headless: the game at a table without a window.

`Match` (match.py) owns the state, the seating and its drivers, the chance, the
pace and the one turn loop; what happens is told to listeners as facts
(facts.py). A table scene is a view of a match; what a finished game means
(history, statistics, achievements, the daily attempt, ...) is a listener.
Nothing here imports pygame (tests/test_imports.py holds it).
"""
