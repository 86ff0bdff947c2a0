"""Our own secrets in a game, all derived from one master secret (SPEC §3.2).

The master secret comes from the caller (from ``os.urandom``, persisted before
anything that depends on it is sent), so a seat rebuilt from its log and that secret
after a crash derives every secret, and so writes every entry, byte for byte again.
"""

from __future__ import annotations

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from wizard_p2p import crypto


def derive(master_secret: bytes, label: bytes, *parts: bytes) -> bytes:
    """HKDF-SHA256 of the master secret for ``label`` and its length-prefixed parts."""
    info = b"wizard-p2p/v1/seat-secret/" + label + b"".join(
        len(p).to_bytes(4, "big") + p for p in parts
    )
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=info).derive(master_secret)


def coin_of(master_secret: bytes) -> tuple[bytes, bytes]:
    """This seat's (value, nonce) for the first-dealer coin, derived from its master secret."""
    return derive(master_secret, b"coin-value"), derive(master_secret, b"coin-nonce")


def coin_commitment(master_secret: bytes) -> bytes:
    value, nonce = coin_of(master_secret)
    return crypto.commitment_of("coin", value, nonce)


class SeatSecrets:
    """The secrets of ``seat`` in the game ``game_id``: the core's (the coin, a bot's
    choice seed), and whatever a game derives with :meth:`derive`."""

    def __init__(self, master_secret: bytes, game_id: bytes, seat: int, seats: int) -> None:
        self._master = master_secret
        self.game_id = game_id
        self.seat = seat
        self.seats = seats

    def derive(self, label: bytes, *parts: bytes) -> bytes:
        """The seat's secret for ``label`` and ``parts`` (HKDF of the master secret)."""
        return derive(self._master, label, *parts)

    def coin(self) -> tuple[bytes, bytes]:
        return coin_of(self._master)

    def choice_seed(self, position: int) -> bytes:
        """32 bytes for a bot's choice at ``position`` (see ``Table.choice_seed``)."""
        return derive(self._master, b"bot-choice", self.game_id, position.to_bytes(4, "big"))


__all__ = [
    "SeatSecrets",
    "coin_commitment",
    "coin_of",
    "derive",
]
