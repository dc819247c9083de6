"""The player's settings, stored at once in `settings.json`.

    s = Settings.load()          # defaults if missing or unusable
    s.volume = 0.5; s.save()     # the App does this whenever a value changes

Tables read: `anim_factor` (0 = reduced motion: jump, don't tween),
`bot_pace_seconds` (how long a bot's move stays visible), `confirm_close_line`,
`volume`/`muted` (through `game.shell.sound`).
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

from . import schema, storage
from game.shell.i18n import LANGUAGES, N_, _

VERSION = 1

ANIM_SPEEDS: dict[str, float] = {"reduced": 0.0, "slow": 0.6, "normal": 1.0, "fast": 1.8}
ANIM_LABELS = {"reduced": N_("Reduced motion"), "slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast")}
BOT_PACES: dict[str, float] = {"slow": 1.6, "normal": 0.9, "fast": 0.35, "instant": 0.0}
BOT_PACE_LABELS = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast"), "instant": N_("Instant")}
UI_SCALES: tuple[float, ...] = (0.8, 0.9, 1.0, 1.1, 1.25, 1.5)


@dataclass
class Settings:
    """Every setting with its default; unknown or invalid stored values are ignored."""

    language: str = ""              # '' until the first start picks the system language
    volume: float = 0.8
    muted: bool = False
    anim_speed: str = "normal"
    bot_pace: str = "normal"
    fullscreen: bool = False
    ui_scale: float = 1.0
    confirm_close_line: bool = True
    first_game_tips: bool = True    # "Tips in my first games": on until the first finished game
    first_game_tips_settled: bool = False   # that first game ended them (or the player chose)
    window: list[int] = field(default_factory=lambda: [1280, 720])   # w, h
    window_pos: list[int] | None = None                              # x, y
    last_setup: dict[str, Any] = field(default_factory=dict)         # game -> config

    @property
    def anim_factor(self) -> float:
        """Speed factor of animations; 0.0 means reduced motion."""
        return ANIM_SPEEDS.get(self.anim_speed, 1.0)

    @property
    def bot_pace_seconds(self) -> float:
        """Seconds a bot's move stays visible before the next one."""
        return BOT_PACES.get(self.bot_pace, 0.9)

    def to_json(self) -> dict:
        data = asdict(self)
        data["version"] = VERSION
        return data

    @classmethod
    def from_json(cls, data: dict) -> "Settings":
        """Take every stored value that is valid; keep the default otherwise."""
        s = cls()
        for f in fields(cls):
            if f.name in data:
                value = data[f.name]
                if _valid(f.name, value):
                    setattr(s, f.name, value)
        return s

    @classmethod
    def load(cls) -> "Settings":
        """Settings from disk (or defaults; an unusable file is set aside)."""
        data = storage.read_json(storage.settings_path(), VERSION, _("Your settings file"), SCHEMA,
                                 storage.SETTINGS_LIMIT)
        return cls.from_json(data) if data else cls()

    def save(self) -> bool:
        """Write the settings file atomically; False (reported once to the player) if it failed."""
        return storage.store(storage.settings_path(), self.to_json(), _("Your settings file"))


# A remembered setup may be partial (the setup scene fills in defaults), but
# every field it has is checked: seat names reach the screen.
_REMEMBERED = schema.Obj(optional={**schema.CONFIG.required, **schema.CONFIG.optional})

#: settings.json: files with broken content (wrong structure, long or control-character
#: texts, non-finite numbers) are set aside; a single value of the right kind that
#: Linebox does not offer (volume 5, language "xx") only falls back to its default.
SCHEMA = schema.Obj(optional={"last_setup": schema.MapOf(_REMEMBERED, 8, schema.Text(16))},
                    extra=schema.Plain(max_len=40, max_items=8))


def _is_num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _valid(name: str, v: Any) -> bool:
    if name == "language":
        return v == "" or v in LANGUAGES
    if name == "volume":
        return _is_num(v) and 0.0 <= v <= 1.0
    if name in ("muted", "fullscreen", "confirm_close_line", "first_game_tips", "first_game_tips_settled"):
        return isinstance(v, bool)
    if name == "anim_speed":
        return v in ANIM_SPEEDS
    if name == "bot_pace":
        return v in BOT_PACES
    if name == "ui_scale":
        return _is_num(v) and 0.5 <= v <= 2.0
    if name == "window":
        return isinstance(v, list) and len(v) == 2 and all(_is_num(x) and 200 <= x <= 20000 for x in v)
    if name == "window_pos":
        return v is None or (isinstance(v, list) and len(v) == 2 and all(_is_num(x) and abs(x) < 50000 for x in v))
    if name == "last_setup":
        return isinstance(v, dict)
    return False
