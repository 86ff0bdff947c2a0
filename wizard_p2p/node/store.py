"""Where a player's games live on disk, and how they survive a crash.

    <data dir>/identity.key        the player's Ed25519 signing key (mode 0600)
    <data dir>/curve.key           the player's CurveZMQ keypair (mode 0600)
    <data dir>/games/<id>/seat.json    this seat of that game: seat, master secret, listen port
                                       (the host's: also the invite code and lobby port)
    <data dir>/games/<id>/log.jsonl    the game log, one entry per line, fsynced per entry

``<id>`` is the first 16 hex digits of the game id (the genesis hash), the id
``audit`` prints and ``resume`` takes. The lobby first names the folder after the
terms' nonce, known before the game id exists; the seat renames it once the
genesis is there (``commands.networked``). ``seat.json`` is written atomically with mode 0600
before this player endorses the terms, because the coin commitment it endorses
derives from the master secret inside it. The host's record also keeps the invite
code and the lobby port, so that a resumed host opens its watch gate again where
the watchers knew it (the code is a secret of the table, as the master secret is
the seat's).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from wizard_p2p import boundedjson
from wizard_p2p.disk.log import LogFile, read_log
from wizard_p2p.errors import DecodeError, FileMissing, UsageError
from wizard_p2p.files import read_bounded, write_atomic
from wizard_p2p.protocol.schema import Bool, Hex, Int, Obj, Str

# A seat record is a few hundred bytes; a file much larger is not one.
MAX_SEAT_BYTES = 16 * 1024
_SEAT_RECORD = Obj(
    {
        "game_dir": Str(max_len=64, min_len=1),
        "seat": Int(0, 5),
        # The player's --name as typed: the lobby checks what others see of it.
        "name": Str(max_len=1024, controls=True),
        "master_secret": Hex(32),
        "listen_host": Str(max_len=255),
        "listen_port": Int(0, 65535),
        "lobby_host": Str(max_len=255),
        "invite_code": Str(max_len=64, min_len=1),
        "lobby_port": Int(1, 65535),
        "practice": Bool(),
    },
    optional=frozenset({"invite_code", "lobby_port", "practice"}),
)


def default_data_dir() -> Path:
    """``$WIZARD_P2P_HOME``, else ``$XDG_DATA_HOME/wizard-p2p``, else
    ``~/.local/share/wizard-p2p``."""
    explicit = os.environ.get("WIZARD_P2P_HOME")
    if explicit:
        return Path(explicit)
    return user_data_dir()


def user_data_dir() -> Path:
    """The login's own data dir, ``$XDG_DATA_HOME/wizard-p2p`` or
    ``~/.local/share/wizard-p2p``: the one a person who names none plays with."""
    base = os.environ.get("XDG_DATA_HOME") or ""
    root = Path(base) if os.path.isabs(base) else Path.home() / ".local" / "share"
    return root / "wizard-p2p"


@dataclass(frozen=True)
class SeatRecord:
    game_dir: str  # the directory name under games/
    seat: int
    name: str
    master_secret: bytes
    listen_host: str
    listen_port: int
    lobby_host: str  # how we reached the host: its peers' "host" part when the record has none
    # The host's seat with a watch gate: where its lobby socket was, for a resume.
    invite_code: str = ""
    lobby_port: int = 0
    # A practice game against ``play``'s bots, which end when the player leaves: it is
    # never resumed (no bot would come back).
    practice: bool = False

    def to_json(self) -> bytes:
        fields: dict[str, object] = {
            "game_dir": self.game_dir,
            "seat": self.seat,
            "name": self.name,
            "master_secret": self.master_secret.hex(),
            "listen_host": self.listen_host,
            "listen_port": self.listen_port,
            "lobby_host": self.lobby_host,
        }
        if self.invite_code:
            fields |= {"invite_code": self.invite_code, "lobby_port": self.lobby_port}
        if self.practice:
            fields["practice"] = True
        return json.dumps(fields, indent=1, sort_keys=True).encode()

    @classmethod
    def from_json(cls, data: bytes) -> SeatRecord:
        """The record in ``data``; :class:`DecodeError` saying what is damaged otherwise."""
        try:
            obj = boundedjson.loads(data, max_size=MAX_SEAT_BYTES, max_depth=1, what="seat.json")
            return cls(**_SEAT_RECORD.parse(obj, "seat.json"))
        except DecodeError as exc:
            raise DecodeError(f"seat record is damaged: {exc}") from None


class GameStore:
    """The files of one game for one seat."""

    def __init__(self, data_dir: Path, game_dir: str) -> None:
        if not game_dir or "/" in game_dir or game_dir.startswith("."):
            raise UsageError(f"bad game directory name {game_dir!r}")
        self.path = Path(data_dir) / "games" / game_dir
        self.game_dir = game_dir

    @property
    def seat_path(self) -> Path:
        return self.path / "seat.json"

    @property
    def log_path(self) -> Path:
        return self.path / "log.jsonl"

    def save_seat(self, record: SeatRecord) -> None:
        self.path.mkdir(parents=True, exist_ok=True, mode=0o700)
        write_atomic(self.seat_path, record.to_json(), mode=0o600)

    def load_seat(self) -> SeatRecord:
        try:
            data = read_bounded(self.seat_path, limit=MAX_SEAT_BYTES, what="seat record")
        except FileMissing:
            raise UsageError(f"no game in {self.path}") from None
        return SeatRecord.from_json(data)

    def read_log(self) -> list[bytes]:
        try:
            return read_log(self.log_path)
        except FileMissing:
            return []

    def open_log(self) -> LogFile:
        return LogFile(self.log_path)


def list_games(data_dir: Path) -> list[GameStore]:
    """Every game with a seat record, newest first."""
    root = Path(data_dir) / "games"
    if not root.is_dir():
        return []
    stores = [GameStore(data_dir, p.name) for p in root.iterdir() if (p / "seat.json").exists()]
    return sorted(stores, key=lambda s: s.seat_path.stat().st_mtime, reverse=True)
