"""What a game supplies to the table core, and what the core offers it in return.

The core ``Table`` keeps the chain, the signatures, the endings (aborts, proofs) and the
events; everything a game's rules decide sits behind a ``GameReplica``: who writes the
next position, whether an entry of the game is valid and what it changes, what the
local seat owes by itself or must choose, and how the game finished. The replica reads
and drives its table through a ``TableContext``. Neither names a game: Wizard's replica
is ``tables.wizard.replica.WizardReplica``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

from wizard_p2p.errors import PeerFault, WizardError
from wizard_p2p.protocol.core_handlers import Apply
from wizard_p2p.protocol.events import Finished
from wizard_p2p.protocol.genesis import Genesis, GenesisRules
from wizard_p2p.protocol.kinds import Stage
from wizard_p2p.protocol.messages import Entry
from wizard_p2p.protocol.scheduling import Ahead
from wizard_p2p.protocol.seat_secrets import SeatSecrets
from wizard_p2p.protocol.status import Status
from wizard_p2p.protocol.turns import Step, Turn

Body = dict[str, Any]

# A modified client's hook on what it writes: called with each entry of ours before it
# is signed, it returns the body to sign (the same one, or a lie the client signs as its
# own) or None to write nothing (the seat holds the game up). The shipped program never
# sets one: the adversarial tests' cheating seat does (``Table(rewrite=…)``).
Rewrite = Callable[[str, Body], Body | None]


@dataclass(frozen=True)
class Owed:
    """An entry the local seat's client writes by itself, with no choice to think over.
    ``durable``: it must reach the disk before it is sent (a table rebuilt after a crash
    might not write it again)."""

    kind: str
    body: Body
    durable: bool = False


class Progress(NamedTuple):
    """How far the stage has come, for progress lines like "shuffling (3/6)": the
    stage (the core's, or the game's own while it plays: a ``StrEnum`` member), the
    seat due (None once the game has ended), entries done and due."""

    stage: str
    writer: int | None
    done: int
    total: int


class Verified(Protocol):
    """What the audit reports of a game's parts verified so far (Wizard: its rounds)."""

    @property
    def parts(self) -> Sequence[object]:
        """The game's own record of each part (Wizard: a ``RoundResult``)."""

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's score after the last part verified (none: the game keeps none)."""

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats ahead after the last part verified."""

    def parts_json(self) -> list[dict[str, Any]]:
        """The parts as the audit report's JSON members (SPEC §8)."""

    def score_pad(self, names: tuple[str, ...]) -> str:
        """The parts as the text report's score pad."""


class TableContext(Protocol):
    """What a game's replica reads and drives of the core table it sits in."""

    @property
    def stage(self) -> Stage: ...

    @property
    def log(self) -> list[bytes]: ...

    def advance(self, step: Step) -> None:
        """Move the table's stage on (``turns.TRANSITIONS``)."""

    def cheat_found(self, fault: PeerFault) -> None:
        """End the game: the replica found ``fault`` replaying what the log holds."""


class GameReplica(Ahead, Protocol):
    """A game's state inside one table, fed the game's entries by the core (and, as an
    ``Ahead``, saying when its put-off checks run and what it derives ahead)."""

    def due(self) -> Turn | None:
        """The seat due at the next position and the kinds it may write there (None once
        the game has ended)."""

    def validate(self, entry: Entry) -> Apply:
        """Check one entry of the game's kinds against the state: raise (a ``PeerFault``,
        an ``IllegalAction``, a ``CryptoError`` or a ``DecodeError``) and change nothing,
        or return the change it makes."""

    def owed(self) -> Owed | None:
        """The entry the local seat writes now by itself, if the seat due is ours and
        owes one that needs no choice."""

    def forced(self, turn: Turn) -> bool:
        """Whether the seat due at ``turn`` writes by itself what it owes there."""

    def choice_needed(self) -> str | None:
        """The kind of decision the local player must make now, if any."""

    def choose(self, kind: str, choice: object, derived: bool) -> Body | None:
        """The body of the local player's ``choice`` of ``kind``; raises an
        ``IllegalAction`` naming the rule it breaks. None: the choice is taken, and the
        entries it makes come from :meth:`owed` (``derived``: drawn from the table's
        choice seed, so they need not reach the disk before they are sent)."""

    def result(self) -> Finished:
        """How the game finished, once every seat signed its end."""

    def progress(self) -> Progress: ...

    def view(self) -> object | None:
        """The local seat's view of the game, what its player and its bot decide from
        (None before the game has begun, or for an observer)."""

    def public_view(self) -> object | None:
        """What anybody may see of the game, a watcher's view: no hidden card (None
        before the game has begun)."""

    def checked(self) -> int:
        """How many of the game's parts (Wizard's rounds) are verified so far, every
        secret of them revealed and checked."""

    def verified(self) -> Verified | None:
        """What the audit reports of the parts verified (None: nothing beyond
        :meth:`checked` and the game's result)."""

    def status(self, seat: int | None) -> Status | None:
        """What the table does now or whose choice it waits for, as a status line,
        unless it waits for ``seat`` (None: an observer's); None when nothing is said."""

    def believe(self, entry: Entry, accept: Callable[[], None]) -> None:
        """Accept (``accept``) an entry of ours a modified client rewrote."""


@dataclass(frozen=True)
class Seating:
    """What the core gives a game's replica as it opens a table: the genesis read, the
    local seat (None: an observer) with its secrets, and how work is to be done."""

    genesis: Genesis
    seat: int | None
    secrets: SeatSecrets | None  # derived from the seat's master secret
    master_secret: bytes | None
    helper: Executor | None  # a second thread for the game's heavy work
    every_pass: bool  # the auditor's: every check re-run in full
    private: object | None  # what the seat brings that nobody else sees (a game's own)


class GameRules(GenesisRules, Protocol):
    """One game a table can play: how its genesis is read, and its replica."""

    def fault_of(self, exc: WizardError, entry_kind: str) -> str | None:
        """The fault kind, one of the game's own, of what ``exc`` found wrong with an
        entry of ``entry_kind`` (a rule of the game broken, a pass over its deck that
        no honest seat publishes); None: the core's (``faults.fault_kind``)."""

    @property
    def provable(self) -> frozenset[str]:
        """The faults of the game's own that a refused entry, signed by its seat, proves
        (an evidence record may claim them: SPEC §2.3)."""

    @property
    def brings_deck(self) -> bool:
        """Whether a seat brings a deck of its own (its joiner's hello carries the deck's
        public part: SPEC §9)."""

    @property
    def choice_kinds(self) -> frozenset[str]:
        """The kinds of entry a player chooses (the others its client writes by itself)."""

    def replica(self, table: Any, seating: Seating) -> GameReplica:
        """The game's state in a new table (``table``: the ``TableContext`` it drives)."""


__all__ = [
    "Apply",
    "Body",
    "Entry",
    "GameReplica",
    "GameRules",
    "Owed",
    "Progress",
    "Rewrite",
    "Seating",
    "TableContext",
    "Verified",
]
