"""Linebox's pygame-ce front end (the engine never imports this)."""
