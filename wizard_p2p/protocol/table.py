"""One seat's replica of a game, as a sans-I/O state machine (in the manner of h11).

A ``Table`` is fed log entries (``receive``) and the local player's choices
(``bid``, ``choose_trump``, ``play``). It returns what to send: ``Broadcast`` (a
signed entry, already appended to our own log). Everything a seat is sent is in
the log, the clairvoyance round's key shares too (sealed to their reader). It
never touches a socket, a clock or a file, and it draws no randomness: every
secret of the local seat derives from one ``master_secret`` the caller supplies
(from ``os.urandom``) and persists, so a table rebuilt from its log and that
secret after a crash is the same table.

Who writes each position is decided here (``expected``): an entry by any other
seat is out of turn. The stages of a game, each row "who writes → what":

    coin      seats 0..N-1 in order → ``coin``   (open first-dealer commitments)
    -- every round r, dealer d (left of d is d+1) --
    shuffle   seats 0..N-1 in order → ``shuffle`` (seat N-1's also locks: its keys)
    lock      seats 0..N-2 in order → ``lock``   (releases keys of others' positions;
              in the clairvoyance round seals them to the seats that may see each card)
    trump     the dealer, if a Wizard was turned → ``trump``
    bid       from d+1 clockwise → ``bid``       (sealed with hidden/secret bids)
    open      from d+1 clockwise → ``bid_open``  (hidden bids only)
    play      the rules' player to move → ``play`` (in the last trick, with the round
              secret: after the round's last play, replay and verify)
    -- after the last round --
    final     seats 0..N-1 in order → ``final``  (the agreed totals)

Any stage of a round also accepts ``dispute`` from the seat due (a card of its hand
does not decode): the round jumps to ``reveal`` (every seat whose secret is not out yet,
in seat order → ``reveal``) and the replay names the culprit.
A seat that stalls can be named in an ``abort`` written by the lowest other seat.

A fault found in an entry as it arrives raises ``PeerFault`` (naming the author,
once its signature proves who that is; a fork names nobody, as either of two
authors may have equivocated) and changes nothing. Entries for later positions
are kept until their turn (delivery order does not matter); one refused then is
added to ``rejected``. A fault found when a round is replayed from the revealed
secrets (a renege, a tampered pass, a wrong key) sets ``fault`` and ends the game:
the entries themselves were well-formed, and the log is the evidence.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from wizard_p2p import crypto as mental
from wizard_p2p.crypto import group
from wizard_p2p.errors import (
    ConfigError,
    CryptoError,
    DecodeError,
    IllegalAction,
    PeerFault,
    UsageError,
    WizardError,
)
from wizard_p2p.identity import BadSignature, Identity, verify
from wizard_p2p.protocol import messages as m
from wizard_p2p.rules import (
    DECK,
    Bid,
    Card,
    ChooseTrump,
    Deal,
    Game,
    GameConfig,
    OpenBids,
    Phase,
    Play,
    SeatView,
    Suit,
    Trick,
    check_round_plays,
    seat_of_position,
    seat_view,
)

# --- outputs ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Broadcast:
    """Send this entry to every peer (it is already in our log at ``pos``)."""

    pos: int
    entry: bytes


Output = Broadcast


# --- faults -------------------------------------------------------------------------------


class OutOfTurn(PeerFault):
    pass


class Equivocation(PeerFault):
    """Two different signed entries by one seat for one position: proof of cheating."""

    def __init__(self, message: str, *, seat: int, position: int, first: bytes, second: bytes):
        super().__init__(message, seat=seat, position=position, kind="equivocation")
        self.evidence = (first, second)


class CheatDetected(PeerFault):
    """A round's replay from the revealed secrets found a seat at fault."""


MAX_BUFFERED = 4096  # entries kept for later positions (out-of-order delivery)
MAX_BUFFERED_BYTES = 4 << 20  # and their bytes, together
AUTO_KINDS = frozenset({"coin", "shuffle", "lock", "bid_open", "reveal", "final"})


# --- genesis ------------------------------------------------------------------------------


def config_terms(config: GameConfig) -> dict[str, Any]:
    return {
        "seats": config.seats,
        "plus_minus_one": config.plus_minus_one,
        "hidden_bids": config.hidden_bids,
        "secret_bids": config.secret_bids,
        "clairvoyance": config.clairvoyance,
        "wizard_lead_sets_suit": config.wizard_lead_sets_suit,
    }


def coin_of(master_secret: bytes) -> tuple[bytes, bytes]:
    """This seat's (value, nonce) for the first-dealer coin, derived from its master secret."""
    return _derive(master_secret, b"coin-value"), _derive(master_secret, b"coin-nonce")


def coin_commitment(master_secret: bytes) -> bytes:
    value, nonce = coin_of(master_secret)
    return mental.commitment_of("coin", value, nonce)


def player_record(
    identity: Identity, master_secret: bytes, name: str, curve_key: str, address: str
) -> dict[str, Any]:
    """What a player contributes to the genesis terms."""
    return {
        "name": name,
        "sign_key": identity.public_key,
        "curve_key": curve_key,
        "address": address,
        "coin_commit": coin_commitment(master_secret),
    }


def genesis_terms(config: GameConfig, players: Sequence[dict[str, Any]], nonce: bytes) -> dict:
    """The terms of a game; ``nonce`` (32 random bytes from the host) makes its id unique."""
    if len(players) != config.seats:
        raise UsageError(f"{config.seats} seats need {config.seats} players")
    terms = {
        "protocol": m.PROTOCOL,
        "config": config_terms(config),
        "players": [dict(p) for p in players],
        "nonce": nonce,
    }
    # Round-trip through the schema so a bad record is refused before anyone signs it.
    return m.GENESIS_TERMS.parse(_as_json(terms), "terms")


def endorse(identity: Identity, terms: dict) -> bytes:
    """A player's signature on the terms: its consent to play this game."""
    return identity.sign(m.GENESIS_DOMAIN, m.genesis_terms_bytes(terms))


def encode_genesis(host: Identity, terms: dict, endorsements: Sequence[bytes]) -> bytes:
    """The genesis entry (position 0, seat 0), once every player has endorsed the terms."""
    return m.encode_entry(
        host,
        game=m.ZERO_HASH,
        pos=0,
        prev=m.ZERO_HASH,
        seat=0,
        kind="genesis",
        body={"terms": terms, "endorsements": list(endorsements)},
    )


def _as_json(value: Any) -> Any:
    from wizard_p2p import canonical

    return canonical.decode(canonical.encode(value), m.MAX_ENTRY_BYTES)


def _derive(master_secret: bytes, label: bytes, *parts: bytes) -> bytes:
    info = b"wizard-p2p/v1/seat-secret/" + label + b"".join(
        len(p).to_bytes(4, "big") + p for p in parts
    )
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=info).derive(master_secret)


def secret_hash(secret: bytes) -> bytes:
    return hashlib.sha256(b"wizard-p2p/v1/round-secret\x00" + secret).digest()


# --- per-round state ----------------------------------------------------------------------


def round_size(round_no: int, seats: int) -> int:
    """How many positions round ``round_no`` locks: the dealt ones, and the turned card
    while any is left (SPEC §4). The last shuffler keeps exactly these."""
    return min(round_no * seats + 1, mental.DECK_SIZE)


@dataclass
class RoundState:
    round_no: int
    dealer: int
    seats: int
    dealt: int  # positions dealt to hands: round_no * seats
    size: int  # positions locked: dealt, plus one for the turned card if any
    clairvoyant: bool
    shuffles: list[tuple[list[bytes], bytes]] = field(default_factory=list)  # (deck, secret hash)
    # seat → (deck, released keys), in the order of the locks: seat N-1 (its shuffle entry
    # locks too), then seats 0..N-2.
    locks: dict[int, tuple[list[bytes], list[bytes | None]]] = field(default_factory=dict)
    deck: list[bytes] = field(default_factory=lambda: list(mental.CARD_POINTS))
    turned: Card | None = None
    cards: dict[int, Card] = field(default_factory=dict)  # position → card, as known here
    played: list[tuple[int, int, bytes]] = field(default_factory=list)  # (seat, position, key)
    clairvoyant_keys: dict[int, tuple[bytes, ...]] = field(default_factory=dict)
    # The clairvoyance round's key shares: each seat's box key (from its shuffle entry),
    # each locking seat's boxes (one per other seat), and the keys those sealed to us
    # hold (sender → a key per dealt position, None at ours).
    box_keys: dict[int, bytes] = field(default_factory=dict)
    sealed: dict[int, tuple[bytes | None, ...]] = field(default_factory=dict)
    shares: dict[int, list[bytes | None]] = field(default_factory=dict)
    my_box: bytes | None = None  # our box secret (the clairvoyance round)
    box_shared: dict[int, bytes] = field(default_factory=dict)  # seat → the key we share
    commits: dict[int, bytes] = field(default_factory=dict)
    opened: dict[int, int] = field(default_factory=dict)
    reveals: dict[int, dict[str, Any]] = field(default_factory=dict)
    dispute: tuple[int, str] | None = None
    my_keys: mental.RoundKeys | None = None
    my_bid: int | None = None
    next_pass: list[bytes] | None = None  # our own next pass, computed while checking input
    dealt_at: int = 0  # the log's length once the last lock was in (0 before the deal)

    # The deal's fixed shape, looked up at every play: seat of each dealt position, and
    # each seat's positions.
    _owners: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _positions: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._owners = tuple(
            seat_of_position(p, self.seats, self.dealer) for p in range(self.dealt)
        )
        self._positions = tuple(
            tuple(p for p, owner in enumerate(self._owners) if owner == seat)
            for seat in range(self.seats)
        )

    def owner(self, position: int) -> int | None:
        """The seat dealt ``position``, or None for the turned card."""
        if 0 <= position < self.dealt:
            return self._owners[position]
        return None

    def positions_of(self, seat: int) -> list[int]:
        return list(self._positions[seat])

    def unplayed_positions(self, seat: int) -> list[int]:
        """``seat``'s dealt positions whose card has not been played yet."""
        played = {p for _, p, _ in self.played}
        return [p for p in self.positions_of(seat) if p not in played]

    def shared_with(self, seat: int) -> list[int]:
        """The dealt positions whose keys the clairvoyance round seals to ``seat``: every
        one but its own."""
        return [p for p in range(self.dealt) if self._owners[p] != seat]

    def released_by_lock(self, seat: int) -> list[bool]:
        """Which dealt positions ``seat`` must release in its lock entry."""
        return [
            self.owner(p) is None or (not self.clairvoyant and self.owner(p) != seat)
            for p in range(self.size)
        ]

    @property
    def in_last_trick(self) -> bool:
        """Whether the next play belongs to the round's last trick (every play of the
        clairvoyance round does): each such play reveals its writer's round secret."""
        return len(self.played) >= self.dealt - self.seats

    def public_keys(self, position: int) -> list[bytes]:
        return [keys[position] for _, keys in self.locks.values() if keys[position] is not None]


# --- the table ----------------------------------------------------------------------------


class Table:
    """One seat's replica (or an observer's, with ``seat=None``: the auditor)."""

    def __init__(
        self,
        genesis: bytes,
        *,
        seat: int | None = None,
        identity: Identity | None = None,
        master_secret: bytes | None = None,
        defer_checks: bool = False,
        helper: Executor | None = None,
        replay_every_pass: bool = False,
    ) -> None:
        entry = m.decode_entry(genesis)
        if entry.kind != "genesis" or entry.pos != 0 or entry.seat != 0:
            raise DecodeError("the first entry must be the genesis, by seat 0, at position 0")
        if entry.game != m.ZERO_HASH or entry.prev != m.ZERO_HASH:
            raise DecodeError("the genesis has zero game id and zero previous hash")
        terms = entry.body["terms"]
        players = terms["players"]
        try:
            config = GameConfig(**terms["config"])
        except ConfigError as exc:
            raise DecodeError(f"the genesis terms cannot be played: {exc}") from None
        if len(players) != config.seats or len(entry.body["endorsements"]) != config.seats:
            raise DecodeError("the genesis needs one player and one endorsement per seat")
        if len({p["sign_key"] for p in players}) != len(players):
            raise DecodeError("two players share a signing key")
        terms_bytes = m.genesis_terms_bytes(_as_json(terms))
        for s, (player, endorsement) in enumerate(
            zip(players, entry.body["endorsements"], strict=True)
        ):
            try:
                verify(player["sign_key"], m.GENESIS_DOMAIN, terms_bytes, endorsement)
            except BadSignature:
                raise PeerFault(
                    "its endorsement of the genesis does not verify", seat=s, position=0,
                    kind="bad-signature",
                ) from None
        try:
            m.check_entry_signature(entry, players[0]["sign_key"])
        except BadSignature:
            raise PeerFault("the genesis signature does not verify", seat=0, position=0) from None

        if seat is not None:
            if identity is None or master_secret is None:
                raise UsageError("a seated table needs the player's identity and master secret")
            if not 0 <= seat < config.seats or players[seat]["sign_key"] != identity.public_key:
                raise UsageError(f"this identity is not seat {seat} of the game")
            if players[seat]["coin_commit"] != coin_commitment(master_secret):
                raise UsageError("this master secret is not the one this seat joined with")
        self.seat = seat
        self.identity = identity
        self._master = master_secret
        self.config = config
        self.players: list[dict[str, Any]] = players
        self.names = tuple(p["name"] for p in players)
        self.sign_keys = [p["sign_key"] for p in players]
        self.game_id = entry.hash
        self.log: list[bytes] = [genesis]
        self._hashes: list[bytes] = [entry.hash]
        # (author seat, kind) of every entry in the log, beside its bytes.
        self.entry_meta: list[tuple[int, str]] = [(0, "genesis")]
        # Positions of our plays that no one chose (the last trick's, and every one of the
        # clairvoyance round): derived from the log and our master secret like a shuffle,
        # so a driver need not fsync them before sending them.
        self.forced_plays: set[int] = set()
        self._future: dict[int, dict[int, bytes]] = {}  # position → seat → entry
        self.rejected: list[PeerFault] = []  # faults of buffered entries, found later
        # Set when the log was rewritten from this position on (an abort took the place
        # of our unsent entry): whoever keeps the log on disk rewrites it from there.
        self.replaced_from: int | None = None
        self._writing = True
        self.stage = "coin"
        self.coins: dict[int, bytes] = {}
        self.game: Game | None = None
        self.round: RoundState | None = None
        self.fault: PeerFault | None = None
        self.abort: tuple[int, int, str] | None = None  # (writer, stalled seat, reason)
        self.finals: dict[int, tuple[int, ...]] = {}
        self.completed_rounds = 0
        self._my_dispute: str | None = None
        # A seated table may put a round's end-of-round check off until its own part of
        # the next round's set-up is written (see run_deferred_checks): every seat runs
        # the check, and doing it at once would put it on the set-up's critical path.
        self._defer_checks = defer_checks and seat is not None
        self._deferred_checks: list[Callable[[], None]] = []
        # A driver's executor whose thread shares each of our own passes (on two
        # cores, a pass on the set-up's critical path in a little over half the time).
        self._helper = helper
        # The auditor's round check re-runs every pass, byte for byte: it also names a
        # deviation that changes no card (SPEC §5), which the players' checks let pass.
        self._replay_every_pass = replay_every_pass
        # round → (our keys, seat 0's first shuffle pass), derived ahead when idle
        self._prepared: dict[int, tuple[mental.RoundKeys, list[bytes] | None]] = {}

    # --- reading ---------------------------------------------------------------------

    @property
    def seats(self) -> int:
        return self.config.seats

    @property
    def finished(self) -> bool:
        return self.stage == "done"

    @property
    def ended(self) -> bool:
        return self.stage in ("done", "aborted", "faulted")

    def expected(self) -> tuple[int, frozenset[str]] | None:
        """(seat, kinds) allowed at the next position, or None when the game has ended."""
        n = self.seats
        if self.stage == "coin":
            return len(self.coins), frozenset({"coin"})
        if self.stage == "final":
            return len(self.finals), frozenset({"final"})
        rnd, game = self.round, self.game
        if rnd is None or game is None:
            return None
        if self.stage == "shuffle":
            return len(rnd.shuffles), frozenset({"shuffle", "dispute"})
        if self.stage == "lock":
            # Seat N-1 locked in its shuffle entry: seats 0..N-2 follow.
            return len(rnd.locks) - 1, frozenset({"lock", "dispute"})
        if self.stage == "reveal":
            # After a dispute: the seats whose last-trick play did not reveal their secret.
            missing = next(s for s in range(n) if s not in rnd.reveals)
            return missing, frozenset({"reveal"})
        if self.stage != "play":
            return None
        if game.phase is Phase.OPEN_BIDS:
            return (rnd.dealer + 1 + len(rnd.opened)) % n, frozenset({"bid_open", "dispute"})
        if game.phase is Phase.PLAY and rnd.clairvoyant:
            return (rnd.dealer + 1 + len(rnd.played)) % n, frozenset({"play", "dispute"})
        if game.phase is Phase.CHOOSE_TRUMP:
            return rnd.dealer, frozenset({"trump", "dispute"})
        if game.phase is Phase.BID:
            assert game.to_move is not None
            return game.to_move, frozenset({"bid", "dispute"})
        if game.phase is Phase.PLAY:
            assert game.to_move is not None
            return game.to_move, frozenset({"play", "dispute"})
        return None

    def choice_needed(self) -> str | None:
        """'bid', 'trump' or 'play' when the local player must choose now.

        A play of the round's last trick is no choice (one card is left) and is not
        asked for: the table writes it by itself, as it writes a shuffle.
        """
        due = self.expected()
        if self.seat is None or due is None or due[0] != self.seat or self._my_dispute:
            return None
        kinds = due[1]
        for kind in ("bid", "trump", "play"):
            if kind in kinds:
                if kind == "play" and self._play_is_forced():
                    return None
                return kind
        return None

    def _play_is_forced(self) -> bool:
        """Whether the play due is the last trick's, where every hand holds one card."""
        rnd, game = self.round, self.game
        return (
            rnd is not None
            and game is not None
            and self.stage == "play"
            and game.phase is Phase.PLAY
            and rnd.in_last_trick
        )

    def owes_at_once(self) -> bool:
        """Whether the seat due owes an entry its client writes by itself (a shuffle, a
        lock, a reveal, the last trick's forced play, every play of the clairvoyance
        round...), not a choice to think over."""
        due = self.expected()
        if due is None:
            return False
        forced = "play" in due[1] and self._play_is_forced()
        return bool(due[1] & AUTO_KINDS) or forced

    def view(self) -> SeatView | None:
        """The local seat's view (None before the first dealer is known, or for observers)."""
        if self.game is None or self.seat is None:
            return None
        rnd = self.round
        own = rnd.my_bid if rnd is not None and rnd.round_no == self.game.round_no else None
        return seat_view(self.game, self.seat, own_sealed_bid=own)

    def progress(self) -> tuple[str, int | None, int, int]:
        """(stage, seat due, done, total) for progress lines like "shuffling (3/6)"."""
        due = self.expected()
        writer = due[0] if due is not None else None
        rnd = self.round
        done = {
            "coin": len(self.coins),
            "shuffle": len(rnd.shuffles) if rnd else 0,
            # Seat N-1 locked in its shuffle: the lock stage is seats 0..N-2.
            "lock": len(rnd.locks) - 1 if rnd else 0,
            "reveal": len(rnd.reveals) if rnd else 0,
            "final": len(self.finals),
        }.get(self.stage, 0)
        return self.stage, writer, done, self.seats - 1 if self.stage == "lock" else self.seats

    # --- the local player's choices ---------------------------------------------------

    def bid(self, tricks: int) -> list[Output]:
        self._expect_choice("bid")
        rnd, game = self._round_and_game()
        if isinstance(tricks, bool) or not isinstance(tricks, int):
            raise IllegalAction(f"a bid is a whole number, not {tricks!r}", rule="bid-range")
        if tricks not in game.legal_bids():
            game.copy().apply(Bid(self._my_seat(), tricks))  # raises the precise rule
        if self.config.sealed_bids:
            body = {"round": rnd.round_no, "commit": self._bid_commitment(tricks)}
            rnd.my_bid = tricks
        else:
            body = {"round": rnd.round_no, "bid": tricks}
        return self._write("bid", body)

    def choose_trump(self, suit: Suit) -> list[Output]:
        self._expect_choice("trump")
        rnd, _ = self._round_and_game()
        if not isinstance(suit, Suit):
            raise IllegalAction("trump must be one of the four suits", rule="trump")
        return self._write("trump", {"round": rnd.round_no, "suit": suit.value})

    def play(self, card: Card) -> list[Output]:
        """Play ``card`` (the last trick's card, and the clairvoyance round's unseen one,
        play by themselves: see :meth:`choice_needed`)."""
        self._expect_choice("play")
        rnd, game = self._round_and_game()
        if card is None or card not in game.legal_plays():
            game.copy().apply(Play(self._my_seat(), card))  # raises the rule
            raise IllegalAction(f"{card} cannot be played now", rule="card")
        return self._write("play", self._play_body(rnd, self._unplayed_position(rnd, card)))

    def _unplayed_position(self, rnd: RoundState, card: Card | None) -> int:
        """Our unplayed position holding ``card`` (None: our only one, maybe unseen)."""
        return next(
            p
            for p in rnd.unplayed_positions(self._my_seat())
            if card is None or rnd.cards.get(p) is card
        )

    def _play_body(self, rnd: RoundState, position: int) -> dict[str, Any]:
        assert rnd.my_keys is not None
        body: dict[str, Any] = {
            "round": rnd.round_no,
            "position": position,
            "key": rnd.my_keys.lock_keys[position],
        }
        if rnd.clairvoyant:
            body["keys"] = [rnd.my_keys.lock_keys[p] for p in range(rnd.dealt)]
        if rnd.in_last_trick:
            body.update(self._my_reveal(rnd))
        return body

    def _my_reveal(self, rnd: RoundState) -> dict[str, Any]:
        """What a play of the last trick reveals: our round secret, and a secret bid."""
        fields: dict[str, Any] = {"secret": self._round_secret(rnd.round_no)}
        if self.config.secret_bids:
            assert rnd.my_bid is not None
            fields["bid"] = rnd.my_bid
            fields["nonce"] = self._bid_nonce()
        return fields

    def abort_stalled(self, reason: str = "stalled past the time limit") -> list[Output]:
        """End the game naming the seat due, when it has stalled (only the lowest other seat)."""
        due = self.expected()
        if due is None or self.seat is None:
            raise UsageError("the game has ended")
        stalled = due[0]
        if self.seat != self.abort_writer(stalled):
            raise UsageError("only the lowest-numbered other seat writes the abort")
        return self._write("abort", {"stalled": stalled, "reason": reason})

    def abort_writer(self, stalled: int) -> int:
        """The one seat that writes the abort of ``stalled``: the lowest other seat."""
        return 1 if stalled == 0 else 0

    def _expect_choice(self, kind: str) -> None:
        if self.seat is None:
            raise UsageError("an observer makes no choices")
        if self.choice_needed() != kind:
            raise IllegalAction(f"it is not your turn to {kind}", rule="turn")

    def _my_seat(self) -> int:
        assert self.seat is not None
        return self.seat

    def _round_and_game(self) -> tuple[RoundState, Game]:
        assert self.round is not None and self.game is not None
        return self.round, self.game

    # --- receiving --------------------------------------------------------------------

    def receive(self, raw: bytes) -> list[Output]:
        """Take one entry from a peer (in any order); returns what to send in reply.

        Raises ``PeerFault`` (naming the author) or ``DecodeError`` for an entry that
        cannot be accepted; the table is then unchanged. An entry for a later position
        is checked (signature, game) and kept until its turn comes; if it is then
        refused, the fault is added to ``rejected`` instead of raised.
        """
        entry = m.decode_entry(raw)
        if entry.pos < len(self.log):
            if self.log[entry.pos] == raw:
                return []  # a duplicate: already have it
            self._authenticate(entry)
            if self._abort_replaces_ours(entry):
                self._yield_to_abort(entry)
                return []
            self._check_fork(entry, self.log[entry.pos])  # raises: a fork or out of turn
        self._authenticate(entry)
        waiting = self._future.get(entry.pos, {})
        if entry.seat in waiting and waiting[entry.seat] != raw:
            self._check_fork(entry, waiting[entry.seat])
        if entry.pos > len(self.log):
            if (
                sum(map(len, self._future.values())) < MAX_BUFFERED
                and self._future_bytes() + len(raw) <= MAX_BUFFERED_BYTES
            ):
                self._future.setdefault(entry.pos, {})[entry.seat] = raw
            return []
        self._accept(entry, authenticated=True)
        return self._settle()

    def _future_bytes(self) -> int:
        return sum(len(raw) for waiting in self._future.values() for raw in waiting.values())

    def _abort_replaces_ours(self, entry: m.Entry) -> bool:
        """Whether ``entry`` is the others' abort of us, written where our last entry is.

        We stalled with an entry of ours on disk that never reached anyone (we died
        between writing and sending it), and the others ended the game naming us at that
        very position. Nobody holds our entry, so the abort stands and we take it.
        """
        pos = entry.pos
        return (
            entry.kind == "abort"
            and self.seat is not None
            and pos == len(self.log) - 1
            and self.entry_meta[pos][0] == self.seat
            and entry.body["stalled"] == self.seat
            and entry.seat == self.abort_writer(self.seat)
            and entry.prev == self._hashes[pos - 1]
        )

    def _yield_to_abort(self, entry: m.Entry) -> None:
        """Drop our unsent last entry and take the abort in its place (see above)."""
        fresh = Table(
            self.log[0], seat=self.seat, identity=self.identity, master_secret=self._master
        )
        fresh._writing = False  # replaying: our entries are in the log already
        for line in self.log[1 : entry.pos]:
            fresh.receive(line)
        fresh._accept(entry, authenticated=True)
        fresh._writing = True
        self.__dict__.update(fresh.__dict__)
        self.replaced_from = entry.pos

    def _check_fork(self, entry: m.Entry, held: bytes) -> None:
        """``entry`` (authenticated) differs from the entry ``held`` for its position."""
        old = m.decode_entry(held)
        if old.seat == entry.seat:
            raise Equivocation(
                "signed two different entries for one position",
                seat=entry.seat,
                position=entry.pos,
                first=held,
                second=entry.raw,
            )
        if entry.pos < len(self.log):
            raise OutOfTurn(
                f"wrote position {entry.pos}, which seat {old.seat} holds",
                seat=entry.seat,
                position=entry.pos,
                kind="out-of-turn",
            )

    def _settle(self) -> list[Output]:
        """Take the buffered entries that now follow, write ours, until neither moves on."""
        outputs: list[Output] = []
        while True:
            self._drain()
            written = self._auto()
            if not written:
                return outputs
            outputs += written

    def _drain(self) -> None:
        """Accept the buffered entries that now follow the log."""
        while not self.ended and len(self.log) in self._future:
            waiting = self._future.pop(len(self.log))
            due = self.expected()
            first = due[0] if due is not None else -1
            for seat in sorted(waiting, key=lambda s: (s != first, s)):
                entry = m.decode_entry(waiting[seat])
                try:
                    if entry.pos < len(self.log):
                        self._check_fork(entry, self.log[entry.pos])
                    else:
                        self._accept(entry, authenticated=True)
                except PeerFault as fault:
                    self.rejected.append(fault)
        for pos in [p for p in self._future if p < len(self.log)]:
            del self._future[pos]

    def start(self) -> list[Output]:
        """Outputs due right after construction or a restart (our turn to write)."""
        return self._settle()

    def _authenticate(self, entry: m.Entry) -> None:
        """The entry is signed by the seat it names, for this game: only then blame it."""
        if entry.seat >= self.seats:
            raise PeerFault("no such seat", seat=None, position=entry.pos, kind="bad-signature")
        try:
            m.check_entry_signature(entry, self.sign_keys[entry.seat])
        except BadSignature:
            raise PeerFault(
                "its signature does not verify (forged, or altered on the way)",
                seat=entry.seat,
                position=entry.pos,
                kind="bad-signature",
            ) from None
        if entry.game != self.game_id:
            raise PeerFault(
                "an entry of another game (replayed)",
                seat=entry.seat,
                position=entry.pos,
                kind="replay",
            )

    def _accept(self, entry: m.Entry, *, authenticated: bool = False) -> None:
        """Validate an entry fully, then apply it; on any fault nothing has changed."""
        if not authenticated:
            self._authenticate(entry)
        if self.ended:
            raise PeerFault(
                "the game has ended", seat=entry.seat, position=entry.pos, kind="after-end"
            )
        if entry.prev != self._hashes[-1]:
            # Its author holds another entry for the previous position than we do: one of
            # the two authors signed two entries there, but which one this cannot prove.
            raise PeerFault(
                f"seat {entry.seat}'s entry does not chain to our entry at position "
                f"{entry.pos - 1} (a fork: two different entries were signed there)",
                seat=None,
                position=entry.pos,
                kind="fork",
            )
        due = self.expected()
        assert due is not None
        writer, kinds = due
        if entry.kind == "abort":
            if entry.body["stalled"] != writer or entry.seat != self.abort_writer(writer):
                raise OutOfTurn(
                    "an abort must name the seat due and come from the lowest other seat",
                    seat=entry.seat, position=entry.pos, kind="out-of-turn",
                )
        elif entry.seat != writer or entry.kind not in kinds:
            raise OutOfTurn(
                f"wrote a {entry.kind!r} entry; seat {writer} was due to write "
                f"{' or '.join(sorted(kinds))}",
                seat=entry.seat,
                position=entry.pos,
                kind="out-of-turn",
            )
        handler = getattr(self, f"_on_{entry.kind}")
        try:
            commit = handler(entry)
        except PeerFault:
            raise
        except (IllegalAction, CryptoError, DecodeError) as exc:
            raise PeerFault(
                str(exc), seat=entry.seat, position=entry.pos, kind=_fault_kind(exc, entry.kind)
            ) from exc
        # Validation is done: from here on the entry is part of the game.
        self.log.append(entry.raw)
        self._hashes.append(entry.hash)
        self.entry_meta.append((entry.seat, entry.kind))
        commit()

    # --- entry handlers: each validates, then returns a function that applies ---------

    def _on_coin(self, entry: m.Entry) -> Any:
        value, nonce = entry.body["value"], entry.body["nonce"]
        mental.verify_commitment("coin", self.players[entry.seat]["coin_commit"], value, nonce)

        def apply() -> None:
            self.coins[entry.seat] = value
            if len(self.coins) == self.seats:
                values = [self.coins[s] for s in range(self.seats)]
                dealer = mental.joint_random_index(values, self.seats, self.game_id)
                self.game = Game(self.config, first_dealer=dealer)
                self._start_round()

        return apply

    def _on_shuffle(self, entry: m.Entry) -> Any:
        rnd = self._check_round(entry)
        deck = list(entry.body["deck"])
        # The last shuffler keeps only the positions the round locks (SPEC §4).
        kept = self._kept_by_shuffle(rnd, entry.seat) or mental.DECK_SIZE
        mental.check_deck(deck, kept, validate_points=False)
        last = entry.seat == self.seats - 1
        if last != ("keys" in entry.body):
            raise DecodeError("the last shuffler's pass, and only it, locks and releases keys")
        keys = self._released_keys(rnd, entry) if last else None
        box = entry.body.get("box")
        if rnd.clairvoyant != (box is not None):
            raise DecodeError("a shuffle of the clairvoyance round, and only it, has a box key")
        shared = self._key_shared_with(rnd, entry.seat, box) if box is not None else None
        shares = self._sealed_shares(rnd, entry) if last else self._no_shares(entry)
        next_pass, dispute = None, None
        if self.seat is not None and entry.seat + 1 == self.seat:
            next_pass, dispute = self._next_pass(self._my_shuffle, deck)
        elif self.seat == 0 and last:
            next_pass, dispute = self._next_pass(self._my_lock, deck)

        def apply() -> None:
            rnd.shuffles.append((deck, entry.body["secret_hash"]))
            if box is not None:
                rnd.box_keys[entry.seat] = box
            if shared is not None:
                rnd.box_shared[entry.seat] = shared
            if keys is not None:
                self._take_shares(rnd, entry.seat, shares)
                rnd.locks[entry.seat] = (deck, keys)
            rnd.deck = deck
            rnd.next_pass = next_pass
            if dispute is not None:
                self._my_dispute = dispute
            if len(rnd.shuffles) == self.seats:
                self.stage = "lock"

        return apply

    def _on_lock(self, entry: m.Entry) -> Any:
        rnd = self._check_round(entry)
        deck = list(entry.body["deck"])
        if len(deck) != rnd.size:
            raise DecodeError(f"a lock pass of round {rnd.round_no} has {rnd.size} positions")
        mental.check_deck(deck, rnd.size, validate_points=False)
        keys = self._released_keys(rnd, entry)  # checks their number too
        shares = self._sealed_shares(rnd, entry)
        next_pass, dispute = None, None
        # The next locker works out its pass while it checks this one; seat N-1 locked
        # in its shuffle, so after seat N-2 comes the deal.
        if self.seat is not None and entry.seat + 1 == self.seat < self.seats - 1:
            next_pass, dispute = self._next_pass(self._my_lock, deck)

        def apply() -> None:
            self._take_shares(rnd, entry.seat, shares)
            rnd.locks[entry.seat] = (deck, keys)
            rnd.deck = deck
            rnd.next_pass = next_pass
            if dispute is not None:
                self._my_dispute = dispute
            if len(rnd.locks) == self.seats:
                self._deal()

        return apply

    def _released_keys(self, rnd: RoundState, entry: m.Entry) -> list[bytes | None]:
        """The keys a locking entry releases: exactly the pattern its seat must release."""
        keys = list(entry.body["keys"])
        if len(keys) != rnd.size:
            raise DecodeError(f"a lock of round {rnd.round_no} releases {rnd.size} positions")
        must = rnd.released_by_lock(entry.seat)
        for p, (key, needed) in enumerate(zip(keys, must, strict=True)):
            if (key is not None) != needed:
                raise DecodeError(
                    f"position {p}: a key must be {'released' if needed else 'withheld'}"
                )
            if key is not None:
                _check_scalar(key, entry.seat)
        return keys

    def _no_shares(self, entry: m.Entry) -> None:
        if "shares" in entry.body:
            raise DecodeError("only a locking entry of the clairvoyance round seals key shares")

    def _sealed_shares(
        self, rnd: RoundState, entry: m.Entry
    ) -> tuple[bytes | None, ...] | None:
        """The key shares a locking entry seals (None outside the clairvoyance round): one
        box per other seat, with the writer's keys of every dealt position but that
        seat's. Every replica checks their shape; only the seat a box is sealed to can
        open it (:meth:`_take_shares`)."""
        boxes = entry.body.get("shares")
        if rnd.clairvoyant != (boxes is not None):
            raise DecodeError(
                "a locking entry of the clairvoyance round, and only it, seals key shares"
            )
        if boxes is None:
            return None
        if len(boxes) != self.seats:
            raise DecodeError(f"key shares are sealed to each of the {self.seats} seats")
        for to, box in enumerate(boxes):
            if (box is None) != (to == entry.seat):
                due = "sealed" if box is None else "null"
                raise DecodeError(f"the key shares for seat {to} must be {due}")
            count = len(rnd.shared_with(to))
            if box is not None and len(box) != mental.SEAL_OVERHEAD + group.SCALAR_BYTES * count:
                raise DecodeError(f"the key shares sealed to seat {to} are not {count} keys")
        return boxes

    def _key_shared_with(self, rnd: RoundState, seat: int, box_key: bytes) -> bytes | None:
        """The key we share with ``seat`` (None for an observer, or our own entry), worked
        out as soon as its box key is out: one Diffie-Hellman per seat and round, which
        seals our shares to it and opens its shares to us, done while we wait rather than
        when we lock.

        A box key of small order shares no key with any secret (X25519 refuses it), so
        every replica refuses it alike; an observer, or the writer, tries it with a
        fixed secret to decide as a seat would.
        """
        mine = rnd.my_box if self.seat is not None and seat != self.seat else None
        try:
            shared = mental.box_shared_key(mine or _ANY_BOX_SECRET, box_key)
        except mental.UnopenableKeys as exc:
            raise DecodeError(f"the box key shares no key with any seat: {exc}") from None
        return shared if mine is not None else None

    def _take_shares(
        self, rnd: RoundState, sender: int, boxes: tuple[bytes | None, ...] | None
    ) -> None:
        """Keep a locking entry's sealed key shares, and open the box sealed to us.

        Keys of ours that do not open are not a reason to refuse the entry (nobody else
        can tell): we dispute, and the round's check names the writer if its box differs
        from the one its secret seals (SPEC §7).
        """
        if boxes is None:
            return
        rnd.sealed[sender] = boxes
        me = self.seat
        if me is None or me == sender:
            return
        shared = rnd.box_shared[sender]
        positions = rnd.shared_with(me)
        mine = boxes[me]
        assert mine is not None
        try:
            opened = mental.open_keys(shared, sender, me, mine, len(positions))
        except mental.UnopenableKeys as exc:
            if self._my_dispute is None:  # the first reason found stands
                self._my_dispute = f"seat {sender}'s key shares for me do not open: {exc}"
            return
        keys: list[bytes | None] = [None] * rnd.dealt
        for p, key in zip(positions, opened, strict=True):
            keys[p] = key
        rnd.shares[sender] = keys

    def _on_trump(self, entry: m.Entry) -> Any:
        self._check_round(entry)
        game = self._game()
        # The rules apply an action whole or refuse it unchanged, so applying it as the
        # last step of validation keeps "a refused entry changes nothing".
        game.apply(ChooseTrump(entry.seat, Suit(entry.body["suit"])))
        return lambda: None

    def _on_bid(self, entry: m.Entry) -> Any:
        rnd = self._check_round(entry)
        game = self._game()
        body = entry.body
        if self.config.sealed_bids:
            if "commit" not in body or "bid" in body:
                raise DecodeError("with sealed bids a bid carries a commitment only")
            action = Bid(entry.seat, None)
        else:
            if "bid" not in body or "commit" in body:
                raise DecodeError("an open bid carries the bid only")
            action = Bid(entry.seat, body["bid"])
        game.apply(action)  # the last check (see _on_trump)

        def apply() -> None:
            if "commit" in body:
                rnd.commits[entry.seat] = body["commit"]
                if entry.seat == self.seat and rnd.my_bid is None:
                    rnd.my_bid = self._recover_my_bid(body["commit"])

        return apply

    def _on_bid_open(self, entry: m.Entry) -> Any:
        rnd = self._check_round(entry)
        game = self._game()
        bid = entry.body["bid"]
        mental.verify_commitment(
            self._bid_domain(entry.seat), rnd.commits[entry.seat], bytes([bid]),
            entry.body["nonce"],
        )
        if bid > rnd.round_no:
            raise IllegalAction(f"bid {bid} is out of range 0..{rnd.round_no}", rule="bid-range")

        def apply() -> None:
            rnd.opened[entry.seat] = bid
            if len(rnd.opened) == self.seats:
                game.apply(OpenBids(tuple(rnd.opened[s] for s in range(self.seats))))

        return apply

    def _on_play(self, entry: m.Entry) -> Any:
        rnd = self._check_round(entry)
        game = self._game()
        position, key = entry.body["position"], entry.body["key"]
        if rnd.owner(position) != entry.seat:
            raise IllegalAction(f"position {position} was not dealt to seat {entry.seat}",
                                rule="not-held")
        if any(p == position for _, p, _ in rnd.played):
            raise IllegalAction(f"position {position} has been played already", rule="not-held")
        _check_scalar(key, entry.seat)
        revealed = self._check_play_reveal(rnd, entry)
        if rnd.clairvoyant:
            keys = entry.body.get("keys")
            if keys is None or len(keys) != rnd.dealt or keys[position] != key:
                raise DecodeError("a clairvoyance-round play carries the keys of every hand")
            for k in keys:
                _check_scalar(k, entry.seat)

            def apply_deferred() -> None:
                rnd.reveals[entry.seat] = revealed
                rnd.played.append((entry.seat, position, key))
                rnd.clairvoyant_keys[entry.seat] = tuple(keys)
                if len(rnd.played) == self.seats:
                    self._resolve_clairvoyant_trick()

            return apply_deferred
        if "keys" in entry.body:
            raise DecodeError("only a clairvoyance-round play carries more keys")
        mine = rnd.my_keys
        if (
            entry.seat == self.seat
            and position in rnd.cards
            and mine is not None
            and key == mine.lock_keys[position]
        ):
            card = rnd.cards[position]  # our own card, read at the deal with these keys
        else:
            keys_for_card = [*rnd.public_keys(position), key]
            try:
                card = DECK[mental.read_public_card(rnd.deck[position], keys_for_card)]
            except CryptoError:
                card = None  # the keys do not open the card: the round is disputed
        ours_too = False
        if card is not None:
            # Only public knowledge refuses a play: every replica must decide alike.
            if card is rnd.turned or any(rnd.cards.get(p) is card for _, p, _ in rnd.played):
                raise IllegalAction(f"{card} has been played or turned already", rule="not-held")
            ours_too = self._dealt_to_us_too(rnd, card, entry.seat)
            if ours_too:
                # A card of our own hand: a pass dealt it twice. The others accept the play
                # (they cannot know), so we do too, and dispute at our turn: the replay
                # names the seat whose pass duplicated it.
                trial = game.copy()
                _drop_from_hand(trial, self._my_seat(), card)
                trial.apply(Play(entry.seat, card))
            else:
                game.apply(Play(entry.seat, card))  # the last check (see _on_trump)

        def apply() -> None:
            if revealed is not None:
                rnd.reveals[entry.seat] = revealed
            if ours_too and card is not None:
                _drop_from_hand(game, self._my_seat(), card)
                game.apply(Play(entry.seat, card))
                self._my_dispute = f"seat {entry.seat} played {card}, a card dealt to me"
            rnd.played.append((entry.seat, position, key))
            if card is None:
                rnd.dispute = (entry.seat, f"the card at position {position} does not decode")
                self._to_reveal(rnd)
                return
            rnd.cards[position] = card
            if len(rnd.played) == rnd.dealt:
                self._finish_round()  # the last play revealed the last secret

        return apply

    def _dealt_to_us_too(self, rnd: RoundState, card: Card, author: int) -> bool:
        """Whether another seat's ``card`` is also in our hand, unplayed."""
        if self.seat is None or author == self.seat:
            return False
        return any(rnd.cards.get(p) is card for p in rnd.unplayed_positions(self.seat))

    def _check_play_reveal(self, rnd: RoundState, entry: m.Entry) -> dict[str, Any] | None:
        """The round secret (and secret bid) a play of the last trick must reveal.

        A wrong secret is not refused here: the round's replay names it as a fault.
        """
        body = entry.body
        if not rnd.in_last_trick:
            if "secret" in body or "bid" in body or "nonce" in body:
                raise DecodeError("only a play of the last trick reveals the round secret")
            return None
        if "secret" not in body:
            raise DecodeError("a play of the last trick reveals the round secret")
        if not self.config.secret_bids:
            if "bid" in body or "nonce" in body:
                raise DecodeError("only with secret bids does a play open a bid")
            return {"secret": body["secret"], "bid": None}
        if "bid" not in body or "nonce" not in body:
            raise DecodeError("with secret bids a play of the last trick opens the bid")
        mental.verify_commitment(
            self._bid_domain(entry.seat), rnd.commits[entry.seat], bytes([body["bid"]]),
            body["nonce"],
        )
        if body["bid"] > rnd.round_no:
            raise IllegalAction("bid out of range", rule="bid-range")
        return {"secret": body["secret"], "bid": body["bid"]}

    def _on_reveal(self, entry: m.Entry) -> Any:
        """A disputed round's reveal (an undisputed round's secrets come with its last
        trick). A wrong secret is not refused here: the replay names it as a fault."""
        rnd = self._check_round(entry)
        secret = entry.body["secret"]

        def apply() -> None:
            rnd.reveals[entry.seat] = {"secret": secret, "bid": None}
            if len(rnd.reveals) == self.seats:
                self._finish_round()

        return apply

    def _on_dispute(self, entry: m.Entry) -> Any:
        rnd = self._check_round(entry)

        def apply() -> None:
            rnd.dispute = (entry.seat, entry.body["reason"])
            self._to_reveal(rnd)

        return apply

    def _on_final(self, entry: m.Entry) -> Any:
        game = self._game()
        totals = tuple(entry.body["totals"])
        if totals != tuple(game.totals):
            raise IllegalAction(
                f"final totals {list(totals)} differ from the replayed {game.totals}",
                rule="final",
            )

        def apply() -> None:
            self.finals[entry.seat] = totals
            if len(self.finals) == self.seats:
                self.stage = "done"

        return apply

    def _on_abort(self, entry: m.Entry) -> Any:
        def apply() -> None:
            self.abort = (entry.seat, entry.body["stalled"], entry.body["reason"])
            self.stage = "aborted"
            # A round check still put off runs now: a cheat it finds outranks the stall.
            self.run_deferred_checks()

        return apply

    def _on_genesis(self, entry: m.Entry) -> Any:
        raise DecodeError("a genesis entry can only be the first")

    def _check_round(self, entry: m.Entry) -> RoundState:
        rnd = self.round
        if rnd is None or entry.body.get("round") != rnd.round_no:
            raise DecodeError(f"the entry is for round {entry.body.get('round')}, not this one")
        return rnd

    def _game(self) -> Game:
        assert self.game is not None
        return self.game

    # --- the round's machinery -----------------------------------------------------

    def _start_round(self) -> None:
        game = self._game()
        r, n = game.round_no, self.seats
        dealt = r * n
        rnd = RoundState(
            round_no=r,
            dealer=game.dealer,
            seats=n,
            dealt=dealt,
            size=round_size(r, n),
            clairvoyant=self.config.clairvoyance and r == 1,
        )
        if self.seat is not None:
            prepared = self._prepared.pop(r, None)
            rnd.my_keys, first_pass = prepared or self._round_keys_and_first_pass(r)
            if self.seat == 0:
                rnd.next_pass = first_pass
            if rnd.clairvoyant:
                rnd.my_box = mental.derive_box_secret(
                    self._round_secret(r), mental.round_context(self.game_id, r, self.seat)
                )
        self.round = rnd
        self._my_dispute = None
        self.stage = "shuffle"

    def _round_keys_and_first_pass(
        self, round_no: int
    ) -> tuple[mental.RoundKeys, list[bytes] | None]:
        """Our keys of a round and, for seat 0, its opening shuffle pass of the fresh deck."""
        assert self._master is not None and self.seat is not None
        keys = mental.derive_round_keys(
            self._round_secret(round_no),
            mental.round_context(self.game_id, round_no, self.seat),
            locked=round_size(round_no, self.seats),
        )
        first = mental.shuffle_pass(list(mental.CARD_POINTS), keys) if self.seat == 0 else None
        if self.seat != self.seats - 1:  # the last shuffler locks with the keys themselves
            keys.lock_factors  # noqa: B018  # computed now, off the critical path of our lock
        return keys, first

    def choice_seed(self) -> bytes:
        """32 bytes for a bot's choice at the next position, derived from our master
        secret and that position.

        A table rebuilt from the same log after a crash gives the very same bytes, so a
        bot that draws its randomness only from them (and decides from its view alone)
        writes the same entry again: like a forced play, the entry needs no fsync before
        it is sent. Nobody else can predict them.
        """
        if self._master is None:
            raise UsageError("only a seated table makes choices")
        position = len(self.log).to_bytes(4, "big")
        return _derive(self._master, b"bot-choice", self.game_id, position)

    @property
    def preparation_due(self) -> bool:
        """Whether a driver should call :meth:`prepare_next_round` now: our hand is dealt,
        every seat has written an entry since the deal (so each has checked the last
        lock), and no round check is pending (the check comes first, then the
        preparation).

        Not at the deal itself: the other seats are then still checking the last lock,
        and seat 0's pass of the next round (60 multiplications) took a core from them
        at the set-up's very end (docs/PERFORMANCE.md, fourteenth session).
        """
        since = self._entries_since_deal()
        return since is not None and since >= self.seats

    @property
    def preparation_waits(self) -> bool:
        """Whether :attr:`preparation_due` waits only for the entries after the deal, with
        the next round still to prepare: a driver prepares anyway if they take a while
        (a person choosing, cores idle)."""
        since = self._entries_since_deal()
        return since is not None and since < self.seats and self._unprepared() is not None

    def _entries_since_deal(self) -> int | None:
        """Entries written since our deal, while no round check is pending; else None."""
        rnd = self.round
        if self.stage != "play" or self._deferred_checks or rnd is None or not rnd.dealt_at:
            return None
        return len(self.log) - rnd.dealt_at

    def prepare_next_round(self) -> bool:
        """Derive now what starting the next round will need; True if there was work.

        Our keys of the round after the current one and, for seat 0, its shuffle pass
        of the fresh deck depend on nothing but our secret: a driver calls this when
        idle, and that seat's pass leaves the next set-up's critical path.
        """
        upcoming = self._unprepared()
        if upcoming is None:
            return False
        self._prepared = {upcoming: self._round_keys_and_first_pass(upcoming)}
        return True

    def _unprepared(self) -> int | None:
        """The round :meth:`prepare_next_round` would prepare, or None if none is left."""
        game = self.game
        if self.seat is None or self.ended:
            return None
        # Before the first deal (the coins are being written), round 1 is next.
        upcoming = 1 if game is None or self.round is None else game.round_no + 1
        if upcoming > self.config.rounds or upcoming in self._prepared:
            return None
        return upcoming

    def _round_secret(self, round_no: int) -> bytes:
        assert self._master is not None
        return _derive(self._master, b"round-secret", self.game_id, round_no.to_bytes(4, "big"))

    def _bid_domain(self, seat: int) -> str:
        assert self.round is not None
        return f"bid/{self.game_id.hex()}/{self.round.round_no}/{seat}"

    def _bid_nonce(self) -> bytes:
        assert self._master is not None and self.round is not None
        return _derive(
            self._master, b"bid-nonce", self.game_id, self.round.round_no.to_bytes(4, "big")
        )

    def _bid_commitment(self, tricks: int) -> bytes:
        return mental.commitment_of(
            self._bid_domain(self._my_seat()), bytes([tricks]), self._bid_nonce()
        )

    def _recover_my_bid(self, commitment: bytes) -> int | None:
        """After a restart our sealed bid is only in the log as a commitment: find it."""
        for tricks in range(self._game().round_no + 1):
            if self._bid_commitment(tricks) == commitment:
                return tricks
        return None

    def _next_pass(
        self, make: Any, deck: list[bytes]
    ) -> tuple[list[bytes] | None, str | None]:
        """Our pass over a deck just received, or the reason to dispute it.

        Only the next seat multiplies (so validates) the points of a deck; the others
        accept it as well formed. Refusing it here alone would split the replicas, so
        the entry is accepted by all and we dispute it: the replay names its author.
        """
        try:
            return make(deck), None
        except mental.BadDeck as exc:
            return None, f"the deck I received holds an invalid point: {exc}"

    def _my_shuffle(self, deck: list[bytes]) -> list[bytes]:
        rnd = self.round
        assert rnd is not None and rnd.my_keys is not None
        if self._my_seat() == self.seats - 1:  # the last shuffler locks in the same pass
            return mental.shuffle_lock_pass(deck, rnd.my_keys, rnd.size, helper=self._helper)
        return mental.shuffle_pass(deck, rnd.my_keys, helper=self._helper)

    def _kept_by_shuffle(self, rnd: RoundState, seat: int) -> int | None:
        """How many positions ``seat``'s shuffle pass publishes: the last shuffler keeps
        only those the round locks (None: the whole deck)."""
        return rnd.size if seat == self.seats - 1 else None

    def _my_lock(self, deck: list[bytes]) -> list[bytes]:
        rnd = self.round
        assert rnd is not None and rnd.my_keys is not None
        return mental.lock_pass(deck, rnd.my_keys, range(rnd.size), helper=self._helper)

    def _deal(self) -> None:
        """All locks are in: read the turned card and our own hand, and deal to the rules."""
        rnd, game = self._round_and_game()
        if rnd.size > rnd.dealt:
            try:
                rnd.turned = DECK[
                    mental.read_public_card(rnd.deck[rnd.dealt], rnd.public_keys(rnd.dealt))
                ]
            except CryptoError:
                rnd.dispute = (-1, "the turned card does not decode")
                self._to_reveal(rnd)
                return
        hands: list[tuple[Card, ...] | None] = [None] * self.seats
        if self.seat is not None and not rnd.clairvoyant:
            assert rnd.my_keys is not None
            positions = rnd.positions_of(self.seat)
            sealed = [
                (rnd.deck[p], [*rnd.public_keys(p), rnd.my_keys.lock_keys[p]]) for p in positions
            ]
            try:
                mine = [DECK[card] for card in mental.read_cards(sealed, helper=self._helper)]
            except mental.UnreadableCard as exc:
                rnd.cards.update(zip(positions, (DECK[card] for card in exc.read), strict=False))
                self._my_dispute = f"my card at position {positions[exc.index]} does not decode"
            else:
                rnd.cards.update(zip(positions, mine, strict=True))
                if len(set(mine)) != len(mine) or rnd.turned in mine:
                    self._my_dispute = "my hand holds a card twice"
                else:
                    hands[self.seat] = tuple(mine)
        game.apply(Deal(tuple(hands), rnd.turned))
        rnd.dealt_at = len(self.log)
        self.stage = "play"
        self._read_clairvoyant_cards()

    def _my_sealed_shares(self, rnd: RoundState) -> list[bytes | None]:
        """Our key shares of the clairvoyance round, sealed to each other seat: our keys of
        every dealt position but its own (null for ourselves)."""
        assert rnd.my_keys is not None
        me = self._my_seat()
        return [
            None
            if to == me
            else mental.seal_keys(
                rnd.box_shared[to],
                me,
                to,
                [rnd.my_keys.lock_keys[p] for p in rnd.shared_with(to)],
            )
            for to in range(self.seats)
        ]

    def _read_clairvoyant_cards(self) -> None:
        """In the clairvoyance round, read the others' cards once the locks (and with them
        the key shares sealed to us) are in."""
        rnd, game = self.round, self.game
        if rnd is None or game is None or not rnd.clairvoyant or self.seat is None:
            return
        if len(rnd.locks) < self.seats or len(rnd.shares) < self.seats - 1:
            return
        if any(p in rnd.cards for p in range(rnd.dealt) if rnd.owner(p) != self.seat):
            return
        assert rnd.my_keys is not None
        positions = [p for p in range(rnd.dealt) if rnd.owner(p) != self.seat]
        sealed = []
        for p in positions:
            keys = [rnd.shares[t][p] for t in rnd.shares] + [rnd.my_keys.lock_keys[p]]
            sealed.append((rnd.deck[p], [k for k in keys if k is not None]))
        try:
            cards = mental.read_cards(sealed, helper=self._helper)
        except mental.UnreadableCard as exc:
            cards, unreadable = exc.read, positions[exc.index]
            self._my_dispute = f"the card at position {unreadable} does not decode with the shares"
        for p, number in zip(positions, cards, strict=False):  # those read before a failure
            card = rnd.cards[p] = DECK[number]
            owner = rnd.owner(p)
            assert owner is not None
            if game.phase is not Phase.DEAL and game.round_no == rnd.round_no:
                game.hands[owner] = [card]

    def _resolve_clairvoyant_trick(self) -> None:
        """All plays of the clairvoyance round are in: every key is public; read the trick."""
        rnd, game = self._round_and_game()
        cards: list[Card] = []
        for seat, position, _ in rnd.played:
            keys = [rnd.clairvoyant_keys[t][position] for t in range(self.seats)]
            try:
                cards.append(DECK[mental.read_public_card(rnd.deck[position], keys)])
            except CryptoError:
                rnd.dispute = (seat, f"the card at position {position} does not decode")
                self._to_reveal(rnd)
                return
        for (seat, position, _), card in zip(rnd.played, cards, strict=True):
            rnd.cards[position] = card
            # The publicly released keys decide, as they do for every replica (an observer
            # included); what the sealed shares showed us here is not needed.
            game.hands[seat] = [card]
            game.apply(Play(seat, card))
        self._finish_round()  # every play of the round revealed its writer's secret

    def _to_reveal(self, rnd: RoundState) -> None:
        """A disputed round: the seats whose secret is not out yet reveal it, in seat order
        (once every secret is out — a dispute in the last trick — the replay runs at once)."""
        self.stage = "reveal"
        if len(rnd.reveals) == self.seats:
            self._finish_round()

    def _finish_round(self) -> None:
        """All secrets are revealed: replay the round and verify every step of it."""
        rnd, game = self._round_and_game()
        self.run_deferred_checks()  # an earlier round's fault comes first
        if self.stage == "faulted":
            return
        position = len(self.log) - 1
        if (
            self._defer_checks
            and rnd.dispute is None
            and rnd.round_no < self.config.rounds
            and len(rnd.shuffles) == len(rnd.locks) == self.seats
        ):
            self._deferred_checks.append(lambda: self._verify_round(rnd, position))
        else:
            try:
                self._verify_round(rnd, position)
            except CheatDetected as fault:
                self.fault = fault
                self.stage = "faulted"
                return
        if rnd.dispute is not None:
            seat, reason = rnd.dispute
            if seat >= 0:
                self.fault = CheatDetected(
                    f"disputed the round ({reason}) but the replay found no fault",
                    seat=seat, kind="false-dispute",
                )
            else:
                self.fault = CheatDetected(reason, seat=None, kind="dispute")
            self.stage = "faulted"
            return
        if self.config.secret_bids:
            game.apply(OpenBids(tuple(rnd.reveals[s]["bid"] for s in range(self.seats))))
        self.completed_rounds += 1
        if game.is_over:
            self.stage = "final"
        else:
            self._start_round()

    @property
    def has_deferred_checks(self) -> bool:
        """Whether a round check was put off and has not run yet.

        A driver runs them when idle, too: if the next set-up stalls before our turn,
        the check must not wait for it.
        """
        return bool(self._deferred_checks)

    @property
    def deferred_checks_due(self) -> bool:
        """Whether a put-off round check should run now (:meth:`run_deferred_checks`).

        It is due once our shuffle pass of the next round is in the log (until then we
        are on the set-up's critical path), or as soon as that round has moved on.
        The driver runs it after sending what it has to send. (Once the next round is
        dealt instead: the hands come sooner, but the first bid later, by more.)
        """
        if not self._deferred_checks:
            return False
        rnd = self.round
        return (
            rnd is None
            or self.stage != "shuffle"
            or (self.seat is not None and len(rnd.shuffles) > self.seat)
        )

    def run_deferred_checks(self) -> None:
        """Run every put-off round check; a fault found ends the game ("faulted").

        A deferred check blames exactly what an immediate one would, at the same log
        position; the game's last round is never deferred, so no game finishes unchecked.
        """
        while self._deferred_checks:
            check = self._deferred_checks.pop(0)
            if self.stage == "faulted":
                continue
            try:
                check()
            except CheatDetected as fault:
                self.fault = fault
                self.stage = "faulted"

    def _verify_round(self, rnd: RoundState, position_of_log: int) -> None:
        """Check the round from the revealed secrets: passes, keys, cards and follow-suit.

        The deck the last lock left is recomputed straight from the secrets (one
        multiplication per position); only when it differs, or when the round was
        disputed before the deal, is every published pass re-run one by one to name the
        seat whose pass is wrong. A single cheater's wrong point of the prime-order
        subgroup always changes the last deck, since every later honest pass is a
        bijection of the subgroup; a component of small order that a later pass removes
        does not, and only a table made with ``replay_every_pass`` (the auditor's)
        re-runs every pass anyway and names it.
        """
        n = self.seats

        def blame(seat: int | None, reason: str, kind: str) -> CheatDetected:
            return CheatDetected(
                f"round {rnd.round_no}: {reason}", seat=seat, position=position_of_log, kind=kind
            )

        keys_by_seat: list[mental.RoundKeys] = []
        for s in range(n):
            secret = rnd.reveals[s]["secret"]
            if s < len(rnd.shuffles) and secret_hash(secret) != rnd.shuffles[s][1]:
                raise blame(s, "revealed a secret that does not match its commitment", "secret")
            if s == self.seat and rnd.my_keys is not None:
                keys_by_seat.append(rnd.my_keys)  # our reveal is our own secret
                continue
            context = mental.round_context(self.game_id, rnd.round_no, s)
            keys_by_seat.append(
                mental.derive_round_keys(secret, context, locked=rnd.size, revealed=True)
            )
        dealt_in_full = len(rnd.shuffles) == n and len(rnd.locks) == n
        every_pass = self._replay_every_pass or not dealt_in_full
        if every_pass or not self._final_deck_matches(rnd, keys_by_seat):
            self._replay_passes(rnd, keys_by_seat, blame)
            if not every_pass:
                raise blame(None, "the dealt deck differs from the revealed secrets", "deck")
        for s, (_, keys) in rnd.locks.items():
            for p, key in enumerate(keys):
                if key is not None and key != keys_by_seat[s].lock_keys[p]:
                    raise blame(s, f"released a wrong key for position {p}", "wrong-key")
        for seat, position, key in rnd.played:
            if key != keys_by_seat[seat].lock_keys[position]:
                raise blame(seat, f"played with a wrong key for position {position}", "wrong-key")
            extra = rnd.clairvoyant_keys.get(seat)
            if extra is not None and list(extra) != list(keys_by_seat[seat].lock_keys[: rnd.dealt]):
                raise blame(seat, "released wrong keys with its play", "wrong-key")
        if rnd.clairvoyant:
            self._check_sealed_shares(rnd, keys_by_seat, blame)
        if len(rnd.locks) < n or len(rnd.shuffles) < n:
            return  # a round disputed before the deal: the passes so far are verified
        order = mental.deck_order(keys_by_seat)
        hands: list[list[Card]] = [[] for _ in range(n)]
        for p in range(rnd.dealt):
            owner = rnd.owner(p)
            assert owner is not None
            hands[owner].append(DECK[order[p]])
        plays = [(seat, DECK[order[position]]) for seat, position, _ in rnd.played]
        tricks = [
            Trick(plays[i][0], tuple(plays[i : i + n]), -1) for i in range(0, len(plays), n)
        ]
        try:
            check_round_plays(self.config, hands, tricks)
        except IllegalAction as exc:
            raise blame(exc.seat, str(exc), exc.rule) from None

    def _check_sealed_shares(
        self, rnd: RoundState, keys_by_seat: list[mental.RoundKeys], blame: Any
    ) -> None:
        """The clairvoyance round's box keys and sealed key shares are exactly those the
        revealed secrets derive and seal (the seal is deterministic), byte for byte."""
        box_secrets: dict[int, bytes] = {}
        for s, published in rnd.box_keys.items():
            if s == self.seat and rnd.my_box is not None:
                box_secrets[s] = rnd.my_box
                continue
            context = mental.round_context(self.game_id, rnd.round_no, s)
            box_secrets[s] = mental.derive_box_secret(rnd.reveals[s]["secret"], context)
            if mental.box_public_key(box_secrets[s]) != published:
                raise blame(s, "published a box key its secret does not derive", "wrong-key")
        shared: dict[frozenset[int], bytes] = {}  # each pair's one key, for both directions
        for sender, boxes in rnd.sealed.items():
            for to, box in enumerate(boxes):
                if box is None:
                    continue
                pair = frozenset((sender, to))
                if pair not in shared:
                    shared[pair] = mental.box_shared_key(box_secrets[sender], rnd.box_keys[to])
                keys = [keys_by_seat[sender].lock_keys[p] for p in rnd.shared_with(to)]
                if mental.seal_keys(shared[pair], sender, to, keys) != box:
                    raise blame(sender, f"sealed wrong key shares to seat {to}", "wrong-key")

    def _final_deck_matches(self, rnd: RoundState, keys_by_seat: list[mental.RoundKeys]) -> bool:
        """Whether the decks are the ones the revealed secrets produce: the deck the
        last lock left, and seat N−2's at the positions the last shuffler dropped.

        A position already opened in the log with exactly the keys the secrets derive
        needs no multiplication: ``(∏ k)·C_{order[i]}`` equals the published point iff
        the card read from it (``(∏ k)⁻¹ ·`` that point) is ``order[i]``, for a point of
        the prime-order subgroup (the reading removes a component of small order,
        which changes no card: see ``replay_every_pass``).
        """
        before_last = mental.deck_order(keys_by_seat[:-1])
        if not self._dropped_points_match(rnd, keys_by_seat, before_last):
            return False
        order = [before_last[p] for p in keys_by_seat[-1].permutation]
        opened = self._opened_with_derived_keys(rnd, keys_by_seat)
        for i in range(rnd.size):  # the last shuffler kept no other position
            card = opened.get(i)
            if card is not None:
                if DECK[order[i]] != card:
                    return False
                continue
            # Every key here was revealed: their product in public-scalar arithmetic.
            key = group.public_scalar_product([k.lock_keys[i] for k in keys_by_seat])
            if group.mul(mental.CARD_POINTS[order[i]], key) != rnd.deck[i]:
                return False
        return True

    def _dropped_points_match(
        self, rnd: RoundState, keys_by_seat: list[mental.RoundKeys], order: Sequence[int]
    ) -> bool:
        """Whether seat N−2's deck is the secrets' deck at every position the last
        shuffler dropped (the kept ones are checked through the deal).

        Every seat but the last publishes all 60 points, so a point substituted before
        the last shuffle shows in seat N−2's deck (every honest pass maps the deck it is
        given one to one, and no later seat can undo an honest seat's key). Unchecked,
        a substitution the last shuffler drops would go unseen, yet it can let
        colluders follow a card through an honest seat's permutation (a point and a
        known multiple of it stay paired through any pass). ``order``: the card at each
        position of that deck, from the first N−1 permutations.
        """
        before_last = rnd.shuffles[-2][0]
        kept = set(keys_by_seat[-1].permutation[: rnd.size])
        key = group.public_scalar_product([k.shuffle_key for k in keys_by_seat[:-1]])
        return all(
            group.mul(mental.CARD_POINTS[order[i]], key) == before_last[i]
            for i in range(mental.DECK_SIZE)
            if i not in kept
        )

    def _opened_with_derived_keys(
        self, rnd: RoundState, keys_by_seat: list[mental.RoundKeys]
    ) -> dict[int, Card]:
        """The locked positions whose card was read from the final deck with every seat's
        released key, each equal to the key its secret derives: position → card read."""
        if rnd.clairvoyant or len(rnd.locks) != self.seats:
            return {}  # clairvoyance cards are read with sealed shares, not released keys
        played_key = {position: (seat, key) for seat, position, key in rnd.played}
        opened: dict[int, Card] = {}
        for i in range(rnd.size):
            if i < rnd.dealt:
                card = rnd.cards.get(i)
                if card is None or i not in played_key:
                    continue
                owner, key = played_key[i]
                if key != keys_by_seat[owner].lock_keys[i]:
                    continue
            else:
                card, owner = rnd.turned, None
                if card is None:
                    continue
            if all(
                s == owner or released[i] == keys_by_seat[s].lock_keys[i]
                for s, (_, released) in rnd.locks.items()
            ):
                opened[i] = card
        return opened

    def _replay_passes(
        self, rnd: RoundState, keys_by_seat: list[mental.RoundKeys], blame: Any
    ) -> None:
        """Re-run each published pass from the deck its seat was given; blame the first wrong."""
        n = self.seats
        deck = list(mental.CARD_POINTS)
        for s, (published, _) in enumerate(rnd.shuffles):
            try:
                if s == n - 1:  # the last shuffler's pass locks too
                    mental.verify_shuffle_lock_pass(deck, published, keys_by_seat[s], rnd.size)
                else:
                    mental.verify_shuffle_pass(deck, published, keys_by_seat[s])
            except mental.InvalidDeckPoint:
                raise blame(s - 1 if s else None, "published an invalid point", "shuffle") from None
            except mental.PassMismatch as exc:
                raise blame(s, f"tampered shuffle pass ({exc})", "shuffle") from None
            deck = published
        for s, (published, _) in rnd.locks.items():
            if s == n - 1:
                continue  # checked with its shuffle
            try:
                expected = mental.lock_pass(deck, keys_by_seat[s], range(rnd.size))
            except CryptoError:
                raise blame(s - 1 if s else n - 1, "published an invalid point", "lock") from None
            if expected != published:
                first = next(
                    p for p, (a, b) in enumerate(zip(expected, published, strict=True)) if a != b
                )
                raise blame(s, f"tampered lock pass at position {first}", "lock")
            deck = published

    # --- writing our own entries -------------------------------------------------------

    def _auto(self) -> list[Output]:
        """Write every entry that is ours to write and needs no choice."""
        outputs: list[Output] = []
        while self._writing and self.seat is not None and not self.ended:
            due = self.expected()
            if due is None or due[0] != self.seat:
                break
            kinds = due[1]
            if self._my_dispute is not None and "dispute" in kinds:
                rnd = self.round
                assert rnd is not None
                body: dict[str, Any] = {"round": rnd.round_no, "reason": self._my_dispute[:200]}
                outputs += self._write("dispute", body)
                break
            if "play" in kinds and self._play_is_forced():
                rnd = self.round
                assert rnd is not None
                body = self._play_body(rnd, self._unplayed_position(rnd, None))
                position = len(self.log)
                outputs += self._write("play", body)
                self.forced_plays.add(position)  # derived from the log and our secret alone
                break
            auto = kinds & AUTO_KINDS
            if not auto:
                break
            (kind,) = auto
            outputs += self._write(kind, self._auto_body(kind))
            break  # _write has written whatever follows
        return outputs

    def _auto_body(self, kind: str) -> dict[str, Any]:
        if kind == "coin":
            assert self._master is not None
            value, nonce = coin_of(self._master)
            return {"value": value, "nonce": nonce}
        if kind == "final":
            return {"totals": list(self._game().totals)}
        rnd = self.round
        assert rnd is not None and rnd.my_keys is not None
        if kind == "shuffle":
            assert rnd.next_pass is not None
            body = {
                "round": rnd.round_no,
                "deck": rnd.next_pass,
                "secret_hash": secret_hash(self._round_secret(rnd.round_no)),
            }
            if rnd.my_box is not None:
                body["box"] = mental.box_public_key(rnd.my_box)
            if self._my_seat() == self.seats - 1:
                body["keys"] = self._my_released_keys(rnd)
                if rnd.clairvoyant:
                    body["shares"] = self._my_sealed_shares(rnd)
            return body
        if kind == "lock":
            assert rnd.next_pass is not None
            keys = self._my_released_keys(rnd)
            body = {"round": rnd.round_no, "deck": rnd.next_pass, "keys": keys}
            if rnd.clairvoyant:
                body["shares"] = self._my_sealed_shares(rnd)
            return body
        if kind == "bid_open":
            assert rnd.my_bid is not None
            return {"round": rnd.round_no, "bid": rnd.my_bid, "nonce": self._bid_nonce()}
        if kind == "reveal":
            return {"round": rnd.round_no, "secret": self._round_secret(rnd.round_no)}
        raise AssertionError(kind)

    def _my_released_keys(self, rnd: RoundState) -> list[bytes | None]:
        assert rnd.my_keys is not None
        return [
            rnd.my_keys.lock_keys[p] if release else None
            for p, release in enumerate(rnd.released_by_lock(self._my_seat()))
        ]

    def _write(self, kind: str, body: dict[str, Any]) -> list[Output]:
        """Sign, check and append one entry of ours; then write whatever else is ours."""
        assert self.identity is not None and self.seat is not None
        entry = m.sign_entry(
            self.identity,
            game=self.game_id,
            pos=len(self.log),
            prev=self._hashes[-1],
            seat=self.seat,
            kind=kind,
            body=body,
        )
        raw = entry.raw
        # Our own entries go through the very schemas and checks a peer's do (but the
        # signature and the line's canonical form, which sign_entry has just made).
        self._accept(entry, authenticated=True)
        outputs: list[Output] = [Broadcast(entry.pos, raw)]
        if kind != "abort":
            outputs.extend(self._settle())
        return outputs


def _fault_kind(exc: WizardError, entry_kind: str) -> str:
    """A short stable name for what was wrong with an entry."""
    if isinstance(exc, IllegalAction):
        return exc.rule
    if isinstance(exc, mental.CommitmentMismatch):
        return "commitment"
    if isinstance(exc, DecodeError):
        return "malformed"
    return entry_kind


def _drop_from_hand(game: Game, seat: int, card: Card) -> None:
    hand = game.hands[seat]
    assert hand is not None
    hand.remove(card)


# Any 32 bytes: X25519 refuses a point of small order whatever the (clamped) secret.
_ANY_BOX_SECRET = bytes(31) + b"\x01"


def _check_scalar(key: bytes, seat: int) -> None:
    try:
        group.check_public_scalar(key)  # a key in an entry is public
    except CryptoError as exc:
        raise DecodeError(f"not a valid key: {exc}") from None


__all__ = [
    "Broadcast",
    "CheatDetected",
    "Equivocation",
    "OutOfTurn",
    "Output",
    "Table",
    "WizardError",
    "coin_commitment",
    "encode_genesis",
    "endorse",
    "genesis_terms",
    "player_record",
    "round_size",
]
