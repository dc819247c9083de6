"""Settings: applied at once and stored at once."""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.shell import sound
from game.shell.i18n import LANGUAGES, N_, _
from game.shell.scene import WidgetScene
from game.files.settings import ANIM_LABELS, BOT_PACE_LABELS, UI_SCALES
from ..ui import text as T
from ..ui import theme as C
from ..ui.layout import Layout
from ..ui.widgets import Button, Choice, Slider, Toggle, panel
from .common import foot_h, header, hint

if TYPE_CHECKING:
    from game.shell.app import App


def _percent(scale: float) -> str:
    return f"{int(scale * 100)} %"


class SettingsScene(WidgetScene):
    """Language, sound, motion, bot pace, full screen, UI scale, confirmations."""

    name = "settings"

    def __init__(self, app: "App") -> None:
        super().__init__(app)
        s = app.settings
        ch = app.change_settings
        self.language = Choice(N_("Language"), [(code, partial(str, name)) for code, name in LANGUAGES.items()],
                               s.language, lambda v: ch(language=v))
        self.volume = Slider(N_("Sound volume"), s.volume, lambda v: ch(volume=v))
        self.muted = Toggle(N_("Mute"), s.muted, lambda v: ch(muted=v))
        self.anim = Choice(N_("Animation speed"), list(ANIM_LABELS.items()), s.anim_speed, lambda v: ch(anim_speed=v))
        self.pace = Choice(N_("Bot pace"), list(BOT_PACE_LABELS.items()), s.bot_pace, lambda v: ch(bot_pace=v))
        self.fullscreen = Toggle(N_("Full screen (F11)"), s.fullscreen, lambda v: app.set_fullscreen(v))
        self.scale = Choice(N_("Interface size"), [(v, partial(_percent, v)) for v in UI_SCALES],
                            s.ui_scale if s.ui_scale in UI_SCALES else 1.0, lambda v: ch(ui_scale=v))
        self.confirm = Toggle(N_("Ask before closing a line"), s.confirm_close_line,
                              lambda v: ch(confirm_close_line=v))
        # the player's own choice sticks: the first finished game no longer turns the tips off
        self.tips = Toggle(N_("Tips in my first games"), s.first_game_tips,
                           lambda v: ch(first_game_tips=v, first_game_tips_settled=True))
        self.done = Button(N_("Done"), self.back, "primary")
        self.widgets = [self.language, self.volume, self.muted, self.anim, self.pace, self.fullscreen,
                        self.scale, self.confirm, self.tips, self.done]
        self.default = self.done
        self.box = pygame.Rect(0, 0, 0, 0)
        self.audio_note_shown = False

    def layout(self, lay: Layout) -> None:
        """The rows share the height left above Done and the key line: at 16:9 nine rows of 84
        ran Done over the key line."""
        w = min(1100.0, lay.logical_w - 120)
        x = (lay.logical_w - w) / 2
        top, gap, done_h = 190.0, 14.0, 84.0
        rows = self.widgets[:-1]
        extra = 60.0 if not sound.available else 0.0
        room = lay.logical_h - top - extra - 30 - done_h - foot_h(lay)
        pitch = min(84.0, room / len(rows))
        row = pitch - gap
        self.box = lay.rect(x - 40, top - 24, w + 80, len(rows) * pitch + 30 + extra)
        for i, wdg in enumerate(rows):
            wdg.rect = lay.rect(x, top + i * pitch, w, row)
        self.note_y = lay.px(top + len(rows) * pitch + 10)
        self.done.rect = lay.rect(lay.logical_w / 2 - 200, top + len(rows) * pitch + 30 + extra, 400, done_h)

    def update(self, dt: float) -> None:
        super().update(dt)
        # F11 may change full screen while this scene is open: keep the switch in step
        self.fullscreen.value = self.app.settings.fullscreen

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.lay
        self.app.background(surface)
        header(surface, lay, _("Settings"))
        panel(surface, self.box, lay, C.PANEL, C.PANEL_EDGE)
        if not sound.available:
            T.blit_text(surface, _("No sound device was found, so Linebox plays silently."), lay.font_px(26),
                        C.ACCENT, (self.box.centerx, self.note_y), "midtop")
        self.draw_widgets(surface)
        hint(surface, lay, _("↑ ↓ choose · ← → Space change · Enter done · Esc back"))
