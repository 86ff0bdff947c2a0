"""The bodies of our own entries, from the round's state and our secrets.

Every body here derives from the log and our master secret alone (a bid, a trump or
a card chosen are the only inputs from outside): a seat rebuilt after a crash writes
the very same bytes again.
"""

from __future__ import annotations

from wizard_p2p import crypto
from wizard_p2p.protocol.game import Body
from wizard_p2p.protocol.kinds import CoreKind
from wizard_p2p.rules import Card, Game, GameConfig, Suit
from wizard_p2p.tables.wizard.kinds import WizardKind
from wizard_p2p.tables.wizard.round_state import RoundState
from wizard_p2p.tables.wizard.secrets import WizardSecrets, secret_hash


class Author:
    """Writes the bodies of seat ``secrets.seat``'s entries."""

    def __init__(self, secrets: WizardSecrets, config: GameConfig) -> None:
        self.secrets = secrets
        self.config = config
        self.seat = secrets.seat

    # --- choices ----------------------------------------------------------------------

    def bid(self, rnd: RoundState, tricks: int) -> Body:
        if self.config.sealed_bids:
            rnd.my_bid = tricks
            commit = self.secrets.bid_commitment(rnd.round_no, tricks)
            return {"round": rnd.round_no, "commit": commit}
        return {"round": rnd.round_no, "bid": tricks}

    def trump(self, rnd: RoundState, suit: Suit) -> Body:
        return {"round": rnd.round_no, "suit": suit.value}

    def play(self, rnd: RoundState, card: Card | None) -> Body:
        """A play of our unplayed position holding ``card`` (None: our only one, maybe
        unseen, as in the last trick)."""
        position = next(
            p
            for p in rnd.unplayed_positions(self.seat)
            if card is None or rnd.cards.get(p) is card
        )
        assert rnd.my_keys is not None
        body: Body = {
            "round": rnd.round_no,
            "position": position,
            "key": rnd.my_keys.lock_keys[position],
        }
        if rnd.clairvoyant:
            body["keys"] = [rnd.my_keys.lock_keys[p] for p in range(rnd.dealt)]
        if rnd.in_last_trick:
            body.update(self._reveal_in_play(rnd))
        return body

    def _reveal_in_play(self, rnd: RoundState) -> Body:
        """What a play of the last trick reveals: our round secret, and a secret bid."""
        fields: Body = {"secret": self.secrets.round_secret(rnd.round_no)}
        if self.config.secret_bids:
            assert rnd.my_bid is not None
            fields["bid"] = rnd.my_bid
            fields["nonce"] = self.secrets.bid_nonce(rnd.round_no)
        return fields

    def dispute(self, rnd: RoundState, reason: str) -> Body:
        return {"round": rnd.round_no, "reason": reason[:200]}

    # --- what our client writes by itself ---------------------------------------------

    def auto(
        self, kind: CoreKind | WizardKind, rnd: RoundState | None, game: Game | None
    ) -> Body:
        """The body of an entry of ``AUTO_KINDS``."""
        if kind is CoreKind.COIN:
            value, nonce = self.secrets.coin()
            return {"value": value, "nonce": nonce}
        if kind is CoreKind.FINAL:
            assert game is not None
            return {"totals": list(game.totals)}
        assert rnd is not None and rnd.my_keys is not None
        if kind is WizardKind.SHUFFLE:
            return self._shuffle(rnd)
        if kind is WizardKind.LOCK:
            assert rnd.next_pass is not None
            body: Body = {
                "round": rnd.round_no,
                "deck": rnd.next_pass,
                "keys": self._released_keys(rnd),
            }
            if rnd.clairvoyant:
                body["shares"] = self._sealed_shares(rnd)
            return body
        if kind is WizardKind.BID_OPEN:
            assert rnd.my_bid is not None
            return {
                "round": rnd.round_no,
                "bid": rnd.my_bid,
                "nonce": self.secrets.bid_nonce(rnd.round_no),
            }
        if kind is WizardKind.REVEAL:
            return {"round": rnd.round_no, "secret": self.secrets.round_secret(rnd.round_no)}
        raise AssertionError(kind)

    def _shuffle(self, rnd: RoundState) -> Body:
        assert rnd.next_pass is not None
        body: Body = {
            "round": rnd.round_no,
            "deck": rnd.next_pass,
            "secret_hash": secret_hash(self.secrets.round_secret(rnd.round_no)),
        }
        if rnd.my_box is not None:
            body["box"] = crypto.box_public_key(rnd.my_box)
        if self.seat == rnd.seats - 1:  # the last shuffler locks in the same pass
            body["keys"] = self._released_keys(rnd)
            if rnd.clairvoyant:
                body["shares"] = self._sealed_shares(rnd)
        return body

    def _released_keys(self, rnd: RoundState) -> list[bytes | None]:
        assert rnd.my_keys is not None
        return [
            rnd.my_keys.lock_keys[p] if release else None
            for p, release in enumerate(rnd.released_by_lock(self.seat))
        ]

    def _sealed_shares(self, rnd: RoundState) -> list[bytes | None]:
        """Our key shares of the clairvoyance round, sealed to each other seat: our keys of
        every dealt position but its own (null for ourselves)."""
        assert rnd.my_keys is not None
        me = self.seat
        return [
            None
            if to == me
            else crypto.seal_keys(
                rnd.box_shared[to],
                me,
                to,
                [rnd.my_keys.lock_keys[p] for p in rnd.shared_with(to)],
            )
            for to in range(rnd.seats)
        ]


__all__ = ["Author"]
