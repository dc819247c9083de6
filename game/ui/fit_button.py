"""Buttons whose labels fit (German and French labels are long at 800×600).

Every `Button` now fits its label: the largest size at which it fits, never
below the readable floor (`Layout.MIN_FONT_PX`), wrapping onto two lines past
that. `fit_row` gives a row of buttons one size, so neighbours never show
mismatched sizes ("Zurücknehmen" beside "Hinweis"):

    undo, hint = FitButton(N_("Undo"), ...), FitButton(N_("Hint"), ...)
    fit_row([undo, hint])
"""
from __future__ import annotations

from game.ui.widgets import Button, fit_row

#: the name the tables import; the fitting itself lives in `Button`
FitButton = Button

__all__ = ["FitButton", "fit_row"]
