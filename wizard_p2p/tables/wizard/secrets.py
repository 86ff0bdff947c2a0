"""Wizard's secrets of a seat, all derived from its master secret (SPEC §3.2): each
round's secret and keys, sealed bids' nonces, the clairvoyance round's box secret."""

from __future__ import annotations

import hashlib

from wizard_p2p import crypto
from wizard_p2p.protocol.seat_secrets import SeatSecrets
from wizard_p2p.tables.wizard.round_state import round_size


def secret_hash(secret: bytes) -> bytes:
    """The commitment to a round secret that a shuffle entry carries."""
    return hashlib.sha256(b"wizard-p2p/v1/round-secret\x00" + secret).digest()


def bid_domain(game_id: bytes, round_no: int, seat: int) -> str:
    """The commitment domain of ``seat``'s sealed bid in a round."""
    return f"bid/{game_id.hex()}/{round_no}/{seat}"


class WizardSecrets(SeatSecrets):
    """The secrets of ``seat`` in the game of Wizard ``game_id``."""

    def round_secret(self, round_no: int) -> bytes:
        return self.derive(b"round-secret", self.game_id, round_no.to_bytes(4, "big"))

    def bid_nonce(self, round_no: int) -> bytes:
        return self.derive(b"bid-nonce", self.game_id, round_no.to_bytes(4, "big"))

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


__all__ = ["WizardSecrets", "bid_domain", "secret_hash"]
