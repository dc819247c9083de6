"""Errors the engine raises at its public edge."""


class IllegalAction(ValueError):
    """An action the rules refuse, or text that is not an action.

    The message is written for a player ("ascending line: play above 57"),
    so the UI can show it as it is. Raising it never changes the state.
    """


class BadSave(ValueError):
    """A save, record or setup that cannot be read; the message says why."""
