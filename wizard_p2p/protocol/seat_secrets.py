"""Our own secrets in a game, all derived from one master secret (SPEC §3.2).

The master secret comes from the caller (from ``os.urandom``, persisted before
anything that depends on it is sent), so a seat rebuilt from its log and that secret
after a crash derives every secret, and so writes every entry, byte for byte again.
"""

from __future__ import annotations

import hashlib

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from wizard_p2p import crypto
from wizard_p2p.protocol.round_state import round_size


def derive(master_secret: bytes, label: bytes, *parts: bytes) -> bytes:
    """HKDF-SHA256 of the master secret for ``label`` and its length-prefixed parts."""
    info = b"wizard-p2p/v1/seat-secret/" + label + b"".join(
        len(p).to_bytes(4, "big") + p for p in parts
    )
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=info).derive(master_secret)


def secret_hash(secret: bytes) -> bytes:
    """The commitment to a round secret that a shuffle entry carries."""
    return hashlib.sha256(b"wizard-p2p/v1/round-secret\x00" + secret).digest()


def coin_of(master_secret: bytes) -> tuple[bytes, bytes]:
    """This seat's (value, nonce) for the first-dealer coin, derived from its master secret."""
    return derive(master_secret, b"coin-value"), derive(master_secret, b"coin-nonce")


def coin_commitment(master_secret: bytes) -> bytes:
    value, nonce = coin_of(master_secret)
    return crypto.commitment_of("coin", value, nonce)


def bid_domain(game_id: bytes, round_no: int, seat: int) -> str:
    """The commitment domain of ``seat``'s sealed bid in a round."""
    return f"bid/{game_id.hex()}/{round_no}/{seat}"


class SeatSecrets:
    """The secrets of ``seat`` in the game ``game_id``."""

    def __init__(self, master_secret: bytes, game_id: bytes, seat: int, seats: int) -> None:
        self._master = master_secret
        self.game_id = game_id
        self.seat = seat
        self.seats = seats

    def coin(self) -> tuple[bytes, bytes]:
        return coin_of(self._master)

    def round_secret(self, round_no: int) -> bytes:
        return derive(self._master, b"round-secret", self.game_id, round_no.to_bytes(4, "big"))

    def bid_nonce(self, round_no: int) -> bytes:
        return derive(self._master, b"bid-nonce", self.game_id, round_no.to_bytes(4, "big"))

    def bid_commitment(self, round_no: int, tricks: int) -> bytes:
        return crypto.commitment_of(
            bid_domain(self.game_id, round_no, self.seat), bytes([tricks]),
            self.bid_nonce(round_no),
        )

    def recover_bid(self, round_no: int, commitment: bytes) -> int | None:
        """After a restart our sealed bid is only in the log as a commitment: find it."""
        for tricks in range(round_no + 1):
            if self.bid_commitment(round_no, tricks) == commitment:
                return tricks
        return None

    def box_secret(self, round_no: int) -> bytes:
        """Our box secret of the clairvoyance round."""
        return crypto.derive_box_secret(
            self.round_secret(round_no), crypto.round_context(self.game_id, round_no, self.seat)
        )

    def choice_seed(self, position: int) -> bytes:
        """32 bytes for a bot's choice at ``position`` (see ``Table.choice_seed``)."""
        return derive(self._master, b"bot-choice", self.game_id, position.to_bytes(4, "big"))

    def round_keys_and_first_pass(
        self, round_no: int
    ) -> tuple[crypto.RoundKeys, list[bytes] | None]:
        """Our keys of a round and, for seat 0, its opening shuffle pass of the fresh deck."""
        keys = crypto.derive_round_keys(
            self.round_secret(round_no),
            crypto.round_context(self.game_id, round_no, self.seat),
            locked=round_size(round_no, self.seats),
        )
        first = crypto.shuffle_pass(list(crypto.CARD_POINTS), keys) if self.seat == 0 else None
        if self.seat != self.seats - 1:  # the last shuffler locks with the keys themselves
            keys.lock_factors  # noqa: B018  # computed now, off the critical path of our lock
        return keys, first


__all__ = [
    "SeatSecrets",
    "bid_domain",
    "coin_commitment",
    "coin_of",
    "derive",
    "secret_hash",
]
