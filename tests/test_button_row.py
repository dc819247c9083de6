"""A row of buttons shares one label size, the largest at which each label fits its own button: the
Linyo setup's first visit offers "Learn by playing (about 5 minutes)" in a wide button between Back
and Start, and measured in Back's room it took the whole row down to ~18 px at 1920x1080."""
from __future__ import annotations

import pytest

from game.scenes.setup import SetupScene
from game.ui import text as T
from game.ui.widgets import label_text

from appkit import menu_app


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_the_setup_footer_keeps_one_size_and_the_largest_that_fits(headless_home, lang, size):
    app = menu_app(size, language=lang)
    scene = SetupScene(app, "linyo")
    app.push(scene)
    app.run(frames=3, dt=1 / 60)
    assert scene.learn is not None, "the first visit offers the tutorial"
    lay = app.lay
    row = [scene.back_button, scene.learn, scene.start]
    sizes = {b.text_px(lay) for b in row}
    assert len(sizes) == 1, sizes                           # one size for the row
    px = sizes.pop()
    top = min(lay.font_px(b.font_size) for b in row)
    for b in row:
        assert T.width(label_text(b.label), px, True) <= b.rect.w - lay.px(30), (label_text(b.label), px)
    # no larger size would fit every label in its own button
    assert px == top or any(T.width(label_text(b.label), px + 1, True) > b.rect.w - lay.px(30) for b in row)
    if size == (1920, 1080):
        assert px == top, (px, top)
