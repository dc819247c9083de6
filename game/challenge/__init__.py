"""Challenge a friend: the same deck or dice and options, as a short code or a `.linebox` file.

A challenge is the setup of a finished game without its moves: the game, the
seed, each seat (a person, or a bot and its level) with its per-seat options
(Linyo's difficulty), the first seat and the game's options (Line-it's final
plays, Linyo's sheet), and the challenger's score. The same seed and options
give the same first deal or rolls (`engine` rule: same setup, seed and
actions, same game).

The code is short enough to read out, case does not matter, and its last two
characters catch a typo:

    >>> c = Challenge("lineit", seed=123456, seats=({"kind": "human"}, {"kind": "bot", "level": "hard"}),
    ...               first_seat=None, options={"final_plays": 1}, score=31)
    >>> code = c.code()
    >>> code[:-3]
    'LINEIT-2N9C-PH-R-1-31'
    >>> decode(code.lower()) == c
    True

The file is a history game file (`game.files.history`: the challenger's record,
replayed through the rules when read) with the code added as "challenge", so
an older Linebox opens it as a plain game, and the friend's results can show
both games side by side. The friend's table gets the setup as a config
(`config_for`), marked ``"friend_challenge"``; the challenger's game is kept in
`challenges/` of the data folder meanwhile.
"""
from __future__ import annotations

import hashlib
import logging
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from engine.games import game as game_info, names

from game.files import history, paths, schema
from game.shell.frontends import frontend
from game.shell.i18n import _

log = logging.getLogger("linebox.challenge")
#: the friend's table config names its challenge under this key (the daily challenge's
#: "challenge": "counted" | "practice" is another thing)
CONFIG_KEY = "friend_challenge"
PREFIX_SEP = "-"
LEVEL_LETTERS = {"easy": "E", "normal": "N", "hard": "H"}
PERSON = "P"
RANDOM_FIRST = "R"
MAX_CODE = 80
MAX_SEED = 2**63


class BadChallenge(ValueError):
    """A code or file that is no usable challenge; the message says why, in English (logs);
    `text()` in the player's language."""

    def text(self) -> str:
        return _("This is not a usable challenge: {reason}").format(reason=str(self))


def _b36(n: int) -> str:
    digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = digits[r] + out
        if not n:
            return out


def _check(text: str) -> str:
    return _b36(zlib.crc32(text.encode("ascii")) % (36 * 36)).rjust(2, "0")


def _number(value: float) -> str:
    n = int(round(value))
    return f"M{-n}" if n < 0 else str(n)


@dataclass(frozen=True)
class Challenge:
    game: str
    seed: int
    seats: tuple[Mapping[str, Any], ...]       # {"kind": "human"|"bot", "level": ..., per-seat options}
    first_seat: int | None
    options: Mapping[str, Any] = field(default_factory=dict)   # the game's setup options
    score: float | None = None                  # the challenger's score (the best of its people)
    name: str = field(default="", compare=False)   # the challenger's name (only a file carries it)

    def code(self) -> str:
        """The short code (see the module text)."""
        ui = frontend(self.game)
        seats = ""
        for s in self.seats:
            seats += PERSON if s.get("kind") == "human" else LEVEL_LETTERS.get(str(s.get("level")), "N")
            seats += "".join(str(s.get(o.key, "")) for o in ui.seat_options)
        parts = [self.game.upper(), _b36(self.seed), seats,
                 RANDOM_FIRST if self.first_seat is None else str(self.first_seat),
                 ".".join(str(self.options.get(o.key, "")).upper() for o in ui.setup_options) or "0"]
        if self.score is not None:
            parts.append(_number(self.score))
        body = PREFIX_SEP.join(parts)
        return body + PREFIX_SEP + _check(body)

    def config(self, name: str) -> dict[str, Any]:
        """The friend's setup config (`game.shell.tables`): every person seat is theirs, named `name`."""
        seats = []
        people = 0
        for i, s in enumerate(self.seats):
            if s.get("kind") == "human":
                people += 1
                seat_name = name if people == 1 else _("Player {n}").format(n=people)
                seat = {"name": seat_name, "kind": "human", "level": None}
            else:
                seat = {"name": _("Bot {n}").format(n=i + 1 - people), "kind": "bot", "level": s.get("level")}
            seats.append({**seat, **{o.key: s[o.key] for o in frontend(self.game).seat_options if o.key in s}})
        return {"game": self.game, "seats": seats, "first_seat": self.first_seat, "seed": self.seed,
                **self.options, CONFIG_KEY: {"code": self.code(), "from": self.name}}


def _allowed(game: str, key: str) -> tuple[Any, ...]:
    return tuple(game_info(game).option(key).allowed)


def _value(game: str, key: str, text: str) -> Any:
    """The option value that `text` spells (case aside); BadChallenge for any other."""
    for value in _allowed(game, key):
        if str(value).upper() == text.upper():
            return value
    raise BadChallenge(f"{key} {text!r} is not a known value")


def decode(code: str) -> Challenge:
    """The challenge a code holds; BadChallenge for a mistyped or foreign one."""
    text = "".join(code.split()).upper()[:MAX_CODE + 1]
    if len(text) > MAX_CODE or not text.isascii():
        raise BadChallenge("it is not a challenge code")
    body, _sep, check = text.rpartition(PREFIX_SEP)
    if not body or check != _check(body):
        raise BadChallenge("the code is mistyped (its last two characters do not match)")
    parts = body.split(PREFIX_SEP)
    game = parts[0].lower()
    if game not in names() or len(parts) not in (5, 6):
        raise BadChallenge("it is not a challenge code of a Linebox game")
    ui = frontend(game)
    info = game_info(game)
    try:
        seed = int(parts[1], 36)
    except ValueError:
        raise BadChallenge("its seed is not a number") from None
    seats = _seats(game, parts[2], ui)
    if not info.seats.start <= len(seats) <= info.seats.stop - 1 or not any(
            s["kind"] == "human" for s in seats):
        raise BadChallenge("its seats are not a game one can play")
    first = None if parts[3] == RANDOM_FIRST else _int(parts[3], 0, len(seats) - 1)
    values = parts[4].split(".") if ui.setup_options else []
    if len(values) != len(ui.setup_options):
        raise BadChallenge("its options do not match the game")
    options = {o.key: _value(game, o.key, v) for o, v in zip(ui.setup_options, values)}
    score = None
    if len(parts) == 6:
        raw = parts[5]
        score = -_int(raw[1:], 0, 10**6) if raw.startswith("M") else _int(raw, 0, 10**6)
    if seed >= MAX_SEED:
        raise BadChallenge("its seed is too large")
    return Challenge(game, seed, tuple(seats), first, options, score)


def _int(text: str, lo: int, hi: int) -> int:
    if not text.isdigit() or not lo <= int(text) <= hi:
        raise BadChallenge(f"{text!r} is out of range")
    return int(text)


def _seats(game: str, text: str, ui: Any) -> list[dict[str, Any]]:
    levels = {v: k for k, v in LEVEL_LETTERS.items()}
    seats: list[dict[str, Any]] = []
    i = 0
    while i < len(text):
        letter = text[i]
        i += 1
        if letter == PERSON:
            seat: dict[str, Any] = {"kind": "human"}
        elif letter in levels:
            seat = {"kind": "bot", "level": levels[letter]}
        else:
            raise BadChallenge(f"seat {letter!r} is not a person or a bot level")
        for o in ui.seat_options:
            allowed = [str(v) for v in _allowed(game, o.key)]
            width = len(allowed[0]) if allowed and len({len(a) for a in allowed}) == 1 else 0
            piece = text[i:i + width]
            if not width or piece not in allowed:
                raise BadChallenge(f"seat option {o.key} is missing")
            seat[o.key] = _value(game, o.key, piece)
            i += width
        seats.append(seat)
    if len(seats) > schema.MAX_SEATS:
        raise BadChallenge("it has too many seats")
    return seats


# ---------------------------------------------------------------- from a finished game
def of_game(game: str, config: Mapping[str, Any], state: Any, result: Mapping[str, Any] | None = None
            ) -> Challenge | None:
    """The challenge of a finished table game (None: its seed cannot travel in a code, e.g. a text seed)."""
    seed = getattr(state, "seed", None)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < MAX_SEED:
        return None
    ui = frontend(game)
    seats = []
    for s in config.get("seats", ()):
        human = s.get("kind") == "human" or s.get("remote")
        seat: dict[str, Any] = {"kind": "human"} if human else {"kind": "bot", "level": s.get("level") or "normal"}
        seat.update({o.key: s.get(o.key, game_info(game).option(o.key).default) for o in ui.seat_options})
        seats.append(seat)
    info = game_info(game)
    options = {o.key: config[o.key] if config.get(o.key) in info.option(o.key).allowed else info.option(o.key).default
               for o in ui.setup_options}
    first = config.get("first_seat")
    people = [p for p, s in enumerate(seats) if s["kind"] == "human"]
    scores = state.scores()
    score = None
    if people and state.is_over:
        mine = [scores[p] for p in people]
        score = min(mine) if game_info(game).lower_is_better else max(mine)
    names_ = [str(s.get("name", "")) for s in config.get("seats", ())]
    name = names_[people[0]] if people and people[0] < len(names_) else ""
    return Challenge(game, seed, tuple(seats), first if isinstance(first, int) else None, options, score,
                     schema.clean_name(name))


# ---------------------------------------------------------------- files
def file_data(challenge: Challenge, record: Mapping[str, Any], seats: Any) -> dict[str, Any]:
    """The `.linebox` challenge file: the challenger's game file plus its code."""
    data = history.build_file(challenge.game, dict(record), seats)
    return {**data, "challenge": challenge.code()}


def write_file(challenge: Challenge, record: Mapping[str, Any], seats: Any, dest: Path) -> Path:
    """Write the challenge file to `dest` (a folder: a name made from the code)."""
    dest = Path(dest).expanduser()
    if dest.is_dir():
        dest = dest / f"challenge-{challenge.code()}{history.SUFFIX}"
    elif dest.suffix != history.SUFFIX:
        dest = dest.with_name(dest.name + history.SUFFIX)
    if not dest.parent.is_dir():
        raise OSError(f"no folder {dest.parent}")
    history.write_json(dest, file_data(challenge, record, seats))
    return dest


@dataclass(frozen=True)
class Opened:
    """A challenge read from a code or a file; `game_file` is the challenger's checked game file."""

    challenge: Challenge
    game_file: dict[str, Any] | None = None


def read(text: str) -> Opened:
    """A typed code, or the path of a challenge file; BadChallenge (or its message) otherwise."""
    text = text.strip()
    if text.lower().endswith(history.SUFFIX) or "/" in text or "\\" in text:
        return read_file(Path(text))
    return Opened(decode(text))


def is_challenge_file(path: Path) -> bool:
    """A `.linebox` file that holds a challenge (read, not replayed: opening it replays it)."""
    try:
        return isinstance(history.read_file(Path(path)).get("challenge"), str)
    except history.BadGameFile:
        return False


def read_file(path: Path) -> Opened:
    """A challenge file, its record replayed through the rules and matched with its code."""
    try:
        raw = history.read_file(Path(path).expanduser())
        code = raw.get("challenge")
        if not isinstance(code, str):
            raise BadChallenge("the file is a game, not a challenge")
        data = history._checked(raw)
    except history.BadGameFile as exc:
        raise BadChallenge(str(exc)) from None
    challenge = decode(code)
    if data["game"] != challenge.game or data["seed"] != challenge.seed or len(data["seats"]) != len(challenge.seats):
        raise BadChallenge("its game does not match its code")
    if not data["finished"]:
        raise BadChallenge("its game is not finished")
    people = [p for p, s in enumerate(data["seats"]) if s.get("kind") == "human"]
    name = str(data["seats"][people[0]].get("name") or "") if people else ""
    scores = data["result"]["scores"]
    mine = [scores[p] for p in people] or scores
    score = min(mine) if game_info(challenge.game).lower_is_better else max(mine)
    return Opened(Challenge(challenge.game, challenge.seed, challenge.seats, challenge.first_seat,
                            challenge.options, score, schema.clean_name(name)), data)


def keep(opened: Opened) -> str | None:
    """Keep the challenger's game for the friend's results (`challenges/<key>.linebox`); its key."""
    if opened.game_file is None:
        return None
    key = hashlib.sha256(repr(opened.game_file["record"]).encode()).hexdigest()[:16]
    folder = paths.data_dir() / "challenges"
    folder.mkdir(parents=True, exist_ok=True)
    history.write_json(folder / f"{key}{history.SUFFIX}", opened.game_file)
    return key


def kept_path(key: str) -> Path | None:
    if not (isinstance(key, str) and key.isalnum() and len(key) <= 40):
        return None
    return paths.data_dir() / "challenges" / f"{key}{history.SUFFIX}"


def kept_game(key: Any) -> dict[str, Any] | None:
    """The challenger's kept game, replayed; None when it is gone or unusable."""
    path = kept_path(key) if isinstance(key, str) else None
    if path is None or not path.exists():
        return None
    try:
        return history._checked(history.read_file(path))
    except history.BadGameFile:
        return None


def config_for(opened: Opened, name: str) -> dict[str, Any]:
    """The friend's table config for a challenge read (its challenger's game kept, if any)."""
    config = opened.challenge.config(name)
    marker = dict(config[CONFIG_KEY])
    if opened.challenge.score is not None:
        marker["score"] = opened.challenge.score
    try:
        key = keep(opened)
    except OSError as exc:          # the game is still played; only the side by side is lost
        log.warning("the challenger's game could not be kept: %s", exc)
        key = None
    if key is not None:
        marker["game"] = key
    config[CONFIG_KEY] = marker
    return config


def matches(config: Mapping[str, Any], state: Any) -> Challenge | None:
    """The challenge a table plays (its config's marker), if the game is still the challenge's own
    (Play again gives a new seed: no longer the challenge)."""
    marker = config.get(CONFIG_KEY)
    if not isinstance(marker, Mapping) or not isinstance(marker.get("code"), str):
        return None
    try:
        challenge = decode(marker["code"])
    except BadChallenge:
        return None
    if challenge.seed != getattr(state, "seed", None) or len(challenge.seats) != len(state.scores()):
        return None
    return challenge
