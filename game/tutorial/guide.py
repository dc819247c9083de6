"""Where a tutorial is: the step, what the player did of it, what the bots still play.

Pure logic (no pygame), so tests and the table scene share it:

    g = Guide(script, index)
    g.expected()          # the player's next action text, or None
    g.check("take 9 hand")  # None if it is the step's action, else the step's pointer text
    g.applied(action)     # after the engine applied an action (the player's or a bot's)
    g.bot_action(seat)    # a bot seat's scripted action, when it is its turn in the script
    g.ready()             # the step is done and the bots have played: Next may go on
"""
from __future__ import annotations

from game.i18n import _

from .steps import Script, Step


class Guide:
    def __init__(self, script: Script, index: int) -> None:
        self.script = script
        self.index = max(0, min(index, len(script.steps) - 1))
        self.done = 0          # of the step's `do`
        self.played = 0        # of the step's `bots`

    @property
    def step(self) -> Step:
        return self.script.steps[self.index]

    @property
    def last(self) -> bool:
        return self.index == len(self.script.steps) - 1

    def text(self, msgid: str) -> str:
        return _(msgid).format(**dict(self.step.params)) if msgid else ""

    def say(self) -> str:
        """What the panel shows now: the task, or what happened once it is done."""
        if self.acting() or not self.step.after:
            return self.text(self.step.say)
        return self.text(self.step.after)

    def acting(self) -> bool:
        """The player still has to act in this step."""
        return self.done < len(self.step.do)

    def expected(self) -> str | None:
        return self.step.do[self.done] if self.acting() else None

    def check(self, action: str) -> str | None:
        """None when `action` is the one the step asks for; else the message that refuses it."""
        if action == self.expected():
            return None
        if not self.acting():
            return _("Not now: read the note, then press Next.")
        return _("Not this one. {task}").format(task=self.text(self.step.say))

    def check_all(self, actions: list[str]) -> str | None:
        """`check` for several actions sent at once (Linyo's four starts)."""
        want = list(self.step.do[self.done:self.done + len(actions)])
        return None if actions == want else self.check(actions[0] if actions[0] != self.expected() else "")

    def applied(self, action: str) -> None:
        if self.acting() and action == self.expected():
            self.done += 1
        elif not self.acting() and self.played < len(self.step.bots) and action == self.step.bots[self.played]:
            self.played += 1

    def bot_action(self) -> str | None:
        """The next scripted bot action, once the player's part of the step is done."""
        if self.acting() or self.played >= len(self.step.bots):
            return None
        return self.step.bots[self.played]

    def ready(self) -> bool:
        return not self.acting() and self.played >= len(self.step.bots)

    def progress(self) -> str:
        return _("Step {n} of {total}").format(n=self.index + 1, total=len(self.script.steps))
