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

from game.shell.i18n import _

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
        """What the panel shows now: the task; while the other seats answer it, that they play
        (the step's words would describe a table that is still moving); then what happened. A
        step with no `after` moves on by itself once done (`moves_on`), so its task is never
        asked again after it is done."""
        if self.acting() or not self.step.do:
            return self.text(self.step.say)
        if not self.ready():
            return _("{name} plays now: watch the table.").format(name=self.bot_name())
        return self.text(self.step.after or self.step.say)

    def bot_name(self) -> str:
        return next((_(s["name"]) for s in self.script.seats if s.get("kind") == "bot"), "")

    def moves_on(self) -> bool:
        """The step is done, has nothing to say about it, and is not the last: go to the next."""
        return self.ready() and bool(self.step.do) and not self.step.after and not self.last

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
        return _("Not this one: do what the step above says.")

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

    def page(self) -> tuple[int, int]:
        """(this text's number, how many): every text the panel shows is numbered once, the task
        and what happened after it each their own, so no number shows twice."""
        steps = self.script.steps
        n = sum(s.pages for s in steps[:self.index]) + 1
        if self.step.pages == 2 and not self.acting():
            n += 1
        return n, sum(s.pages for s in steps)

    def progress(self) -> str:
        n, total = self.page()
        return _("Step {n} of {total}").format(n=n, total=total)
