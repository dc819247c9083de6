"""A player for the tutorials: the mouse gestures that make a step's action, or a wrong one.

Shared by tests/test_tutorial.py (synthetic pygame events) and the Xvfb run
(real pointer through xdotool). A gesture is ("click", (x, y)) or
("drag", [(x, y), ...]) in window pixels; `then` gestures are asked again
after each one (the table moves as you act), so `next_gesture` is called in a
loop until it returns None.
"""
from __future__ import annotations

from engine.linyo.sheets import parse_field
from game.scenes.dialogs import ConfirmScene
from game.linyo_table.tutorial.targets import fields_of, line_end
from game.tutorial.table import GuidePanel


def panel(sc) -> GuidePanel:
    """The tutorial's guide panel on the table `sc`."""
    return next(c for c in sc.components if isinstance(c, GuidePanel))


def _c(rect) -> tuple[int, int]:
    return (int(rect.centerx), int(rect.centery))


def right_gesture(app, sc):
    """The next gesture that does the step's action (None: the step's part is done)."""
    top = app.top
    if isinstance(top, ConfirmScene):
        return ("click", _c(top.buttons[0].rect))
    g = panel(sc).guide
    if not g.acting():
        return ("click", _c(panel(sc).b_next.rect)) if g.ready() else None
    a = g.expected()
    return (_lineit if sc.game == "lineit" else _linyo)(sc, a)


def _lineit(sc, a: str):
    w = a.split()
    if w[0] in ("take", "play"):
        src = next(s for s in sc.board.sprites.values()
                   if s.card == w[1] and s.zone and s.zone[0] in (("market",), ("hand", sc.viewer)))
        dest = sc.geo.me.hand if (w[0] == "take" and w[2] == "hand") else sc.geo.me.line
        return ("drag", [_c(src.rect()), _c(dest)])
    return ("click", _c(sc.b_close.rect if w[0] == "close" else sc.b_end.rect))


def _linyo(sc, a: str):
    w = a.split()
    if sc.can_confirm() and sc.pending_actions() and sorted(sc.pending_actions()) == sorted(
            panel(sc).guide.step.do[panel(sc).guide.done:panel(sc).guide.done + len(sc.pending_actions())]):
        return ("click", _c(sc.b_confirm.rect))
    if w[0] == "start":
        picks = set(sc.starts.picks)
        for x in panel(sc).guide.step.do[panel(sc).guide.done:]:
            f = parse_field(x.split()[1])
            if f not in picks:
                return ("click", _c(sc.geom.cell_rect(f)))
    if w[0] == "set":
        want = sorted(w[1], key="bog".index)
        for i, face in enumerate(sc.set_choice):
            if sorted(sc.set_choice, key="bog".index) == want:
                break
            if face != want[i]:
                return ("click", _c(sc.die_rects[i]))
    if w[0] == "abort":
        if not sc.abort_mode:
            return ("click", _c(sc.b_nothing.rect))
        return ("click", _c(sc.geom.cell_rect(line_end(sc, int(w[1])))))
    if w[0] == "move":
        fields = [line_end(sc, int(w[1]))] + fields_of(a)
        return ("drag", [sc.geom.center(f) for f in fields])
    return ("click", _c(sc.b_confirm.rect))


def wrong_gesture(app, sc):
    """Gestures for an action the step does not ask for (the table would allow some of them)."""
    g = panel(sc).guide
    if sc.game == "lineit":
        legal = sorted(sc.ctrl.legal_texts() - {g.expected()}) if sc.my_turn() else []
        takes = [a for a in legal if a.startswith(("take", "play"))]
        # a card under the panel cannot be grabbed (the panel takes the press), so not that one
        takes = [a for a in takes if not any(panel(sc).box.collidepoint(p) for p in _lineit(sc, a)[1])]
        if takes:
            return [_lineit(sc, takes[0])]
        market = [s for s in sc.board.sprites.values() if s.zone and s.zone[0] == ("market",)
                  and not panel(sc).box.collidepoint(_c(s.rect()))]
        box = panel(sc).box                 # drop where the panel does not take the release
        dest = next((p for p in (_c(sc.geo.me.line), _c(sc.geo.me.hand), sc.geo.me.line.midleft)
                     if not box.collidepoint(p)), _c(sc.geo.me.hand))
        if market:
            return [("drag", [_c(market[0].rect()), dest])]
        return [("click", _c(sc.b_end.rect if g.expected() not in ("end", "pass") else sc.b_close.rect))]
    st = sc.state
    a = g.expected()
    if a is None or a.startswith("start") is False and st.phase == "start":
        return [("click", _c(sc.geom.cell_rect(40)))]
    if a.startswith("start"):
        want = {parse_field(x.split()[1]) for x in g.step.do}
        fields = []
        trial = st.clone()
        for _ in range(4):
            f = next(x.field for x in trial.legal_actions() if x.field not in want)
            trial.apply(f"start {_name(f)}")
            fields.append(f)
        clicks = [("click", _c(sc.geom.cell_rect(f))) for f in fields]
        return clicks + [("click", _c(sc.b_confirm.rect))] + clicks      # picked, refused, picked off
    if a.startswith("set"):
        return [("click", _c(sc.b_confirm.rect))]
    if a.startswith("abort"):
        other = next(i + 1 for i, o in enumerate(st.open[0]) if o and i + 1 != int(a.split()[1]))
        return [("click", _c(sc.b_nothing.rect)), ("click", _c(sc.geom.cell_rect(line_end(sc, other)))),
                ("click", _c(sc.b_confirm.rect)), ("click", _c(sc.b_nothing.rect))]
    move = next(str(m) for m in st.legal_actions() if str(m).startswith("move") and str(m) != a)
    fields = [line_end(sc, int(move.split()[1]))] + fields_of(move)
    return [("drag", [sc.geom.center(f) for f in fields]), ("click", _c(sc.b_confirm.rect))]


def _name(f: int) -> str:
    from engine.linyo.sheets import field_name
    return field_name(f)
