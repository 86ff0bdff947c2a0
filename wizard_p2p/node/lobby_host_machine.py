"""The host's side of the lobby as a sans-I/O machine: typed inputs in, frozen events out.

Inputs are the joiners' messages as ``protocol.lobby_schema`` decoded them (or the
reason one could not be), the host's own commands (admit, refuse, remove, switch the
variants, start, leave), what the driver made when asked (the terms, the genesis),
a client the socket dropped, and clock ticks — every input comes with ``now``, the
driver's monotonic time, as a value. Events say what to send to whom (an answer, a
push, a refusal with its reason), that the table or the news changed, and when the
driver must make the terms or sign the genesis, narrow the socket to the seated,
forget a game that did not start, or hand the game over. The stages are
``lobby_stage``'s table; there is no socket, clock, task or randomness here.

A table plays one game, whose terms (``LobbyTerms``: its seats, the fewest it starts
with, its variants, how its genesis terms are made) the game gives: this module knows
no game's rules. A hello for another game is refused. A table whose players bring a
deck (巫师牌's) has a door (``DeckDoor``): its host's deck's public part and the check
every joiner's public part passes before it sits (given by whoever holds the card
file); its start hands the seats' public parts, in seat order, to the terms.
``node.lobby.HostLobby`` is the asyncio driver (SPEC §9 is the wire).
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from wizard_p2p.errors import DecodeError, UsageError, WizardError
from wizard_p2p.identity import verify
from wizard_p2p.node.invite import normalise_code
from wizard_p2p.node.lobby_common import (
    NOT_SEATED,
    OK,
    LobbyTimers,
    Seated,
    encode,
    other_version,
)
from wizard_p2p.node.lobby_news import (
    LobbyNews,
    LobbyStatus,
    NewsChanged,
    TableChanged,
    news_text,
)
from wizard_p2p.node.lobby_stage import HostStage, HostStep, advance
from wizard_p2p.protocol.game_name import GameName
from wizard_p2p.protocol.genesis import SeriesTerms
from wizard_p2p.protocol.lobby_schema import (
    Bye,
    ByeKind,
    DeckFault,
    DeckPart,
    Endorse,
    Hello,
    LobbyBody,
    LobbyPlayer,
    Ping,
    RefusalKind,
    WaitKind,
    Watch,
    joiner_address,
)
from wizard_p2p.protocol.lobby_terms import LobbyTerms
from wizard_p2p.protocol.messages import GENESIS_DOMAIN, PROTOCOL

# Joiners the host lists at once while it admits them one by one: a stranger with
# the code can make the list no longer than this, and takes no seat.
MAX_WAITING = 8
# The message types a joiner may send the host (the driver decodes with these).
FROM_JOINER = ("hello", "ping", "bye", "endorse", "watch")
# Why a second hello of a seated (or waiting) player's keys is refused.
SAME_IDENTITY = (
    "this identity is seated already: another wizard-p2p runs with the same keys "
    "(give each player its own --data-dir)"
)
TABLE_FULL = "the table is full"
# The answer to a request to watch before the game begins: the watcher asks again.
NOT_BEGUN = encode({"type": "wait", "reason": "the game has not begun",
                    "kind": WaitKind.NOT_BEGUN.value})
_WAIT = encode({"type": "wait", "reason": "the host admits players one by one",
                "kind": WaitKind.ONE_BY_ONE.value})
# A failed start's news, as the refusal its gone seats are told.
_CALLED_OFF = {
    LobbyNews.CALLED_OFF_LEFT: RefusalKind.CALLED_OFF_LEFT,
    LobbyNews.CALLED_OFF_GONE: RefusalKind.CALLED_OFF_GONE,
    LobbyNews.CALLED_OFF_LATE: RefusalKind.CALLED_OFF_LATE,
}


@dataclass(frozen=True)
class DeckDoor:
    """The door of a table whose players bring a deck: the host's own deck's public
    part, and the check a joiner's public part passes (the first rule it breaks, or
    None)."""

    own: DeckPart
    check: Callable[[DeckPart], DeckFault | None]


# --- inputs -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Message:
    """A joiner's request, decoded: ``client`` its authenticated key, ``address`` the IP
    its connection comes from, ``msg_id`` what an answer goes back to."""

    client: str
    address: str
    msg_id: int
    body: LobbyBody


@dataclass(frozen=True)
class Unreadable:
    """A joiner's request that the schema refused, and why."""

    client: str
    msg_id: int
    reason: str


@dataclass(frozen=True)
class Tick:
    """Time passed (the driver's clock is the ``now`` every input comes with)."""


@dataclass(frozen=True)
class Admit:
    client: str


@dataclass(frozen=True)
class Refuse:
    client: str


@dataclass(frozen=True)
class Remove:
    seat: int  # 0-based


@dataclass(frozen=True)
class SetVariants:
    variants: tuple[str, ...]


@dataclass(frozen=True)
class AskStart:
    pass


@dataclass(frozen=True)
class Close:
    pass


@dataclass(frozen=True)
class Dropped:
    """The socket dropped ``client`` for flooding; ``who`` says it for a person."""

    client: str
    who: str


@dataclass(frozen=True)
class TermsMade:
    """The driver made the terms ``MakeTerms`` asked for: ``signed`` their canonical
    bytes (what every player endorses), ``own`` the host's endorsement."""

    signed: bytes
    own: bytes


@dataclass(frozen=True)
class GenesisMade:
    """The genesis entry the driver signed, as one line."""

    entry: bytes


HostInput = (
    Message | Unreadable | Tick | Admit | Refuse | Remove | SetVariants | AskStart | Close
    | Dropped | TermsMade | GenesisMade
)


# --- events -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Reply:
    """Answer request ``msg_id`` of ``client`` with ``payload``."""

    client: str
    msg_id: int
    payload: bytes


@dataclass(frozen=True)
class Push:
    """Send ``payload`` to ``client`` unasked."""

    client: str
    payload: bytes


@dataclass(frozen=True)
class Refusal:
    """Refuse ``client`` with ``reason`` (English, for old clients and the log) and
    ``kind`` (the same as data, for the joiner to word): the answer to request
    ``msg_id``, or pushed when ``msg_id`` is None."""

    client: str
    reason: str
    kind: RefusalKind
    msg_id: int | None = None
    deck: DeckFault | None = None  # the rule and card of an ``ILLEGAL_DECK`` refusal
    game: GameName | None = None  # the table's game, in an ``OTHER_GAME`` refusal


@dataclass(frozen=True)
class MakeTerms:
    """Make the genesis terms of the table's ``terms`` with ``players`` (their genesis
    records, in seat order) and feed them back as ``TermsMade``; ``decks``: the public
    parts of their decks in seat order, at a table with a door (else empty)."""

    terms: LobbyTerms
    players: tuple[dict[str, Any], ...]
    coach: bool
    series: SeriesTerms | None
    decks: tuple[DeckPart, ...] = ()


@dataclass(frozen=True)
class SignGenesis:
    """Every seat endorsed: sign the genesis with these endorsements (in seat order) and
    feed it back as ``GenesisMade``."""

    endorsements: tuple[bytes, ...]


@dataclass(frozen=True)
class Restrict:
    """From now on the socket hears only these clients."""

    clients: tuple[str, ...]


@dataclass(frozen=True)
class CalledOff:
    """The start failed: the game the terms named never begins (forget its files)."""


@dataclass(frozen=True)
class Started:
    """The genesis is out: the game is the seats' own. ``people``: the seats persons play."""

    people: frozenset[int]


@dataclass(frozen=True)
class _Why:
    """A refusal before it is sent: its kind and the host's sentence."""

    kind: RefusalKind
    reason: str
    deck: DeckFault | None = None


HostEvent = (
    Reply | Push | Refusal | TableChanged | NewsChanged | MakeTerms | SignGenesis | Restrict
    | CalledOff | Started
)


def _name_order(name: str) -> tuple[tuple[int, int | str], ...]:
    """A name's sort key with its numbers read as numbers: "Bot 2" before "Bot 10"."""
    return tuple((0, int(part)) if part.isdigit() else (1, part.casefold())
                 for part in re.split(r"(\d+)", name) if part)


class HostMachine:
    """The host lobby's decisions. ``handle(input, now)`` returns the events to carry
    out, in order; the host's own commands raise ``UsageError`` (and change nothing)
    when the stage or the table does not allow them."""

    def __init__(
        self,
        host: Seated,
        terms: LobbyTerms,
        code: str,
        *,
        approve: bool = False,
        coach: bool = False,
        autostart: bool = False,
        gate: bool = False,
        protocol: str = PROTOCOL,
        series: SeriesTerms | None = None,
        seat_order: Sequence[bytes] = (),
        timers: LobbyTimers | None = None,
        door: DeckDoor | None = None,
    ) -> None:
        self.terms = terms
        self.game = terms.game
        self.door = door
        self.code = normalise_code(code)
        self.approve = approve
        self.coach = coach
        self.autostart = autostart
        self.gate = gate
        self.protocol = protocol
        self.series = series
        self.seat_order = tuple(seat_order)
        self.timers = timers or LobbyTimers()
        self.players: list[Seated] = [host]
        self.waiting: list[Seated] = []
        self.stage = HostStage.SEATING
        self.news = LobbyStatus(LobbyNews.OPEN)
        self._heard: dict[str, float] = {}  # seated/waiting client → when last heard
        # Signing keys removed or refused: such a player may ask again, and waits for the
        # host to admit it even where the others sit at once.
        self._barred: set[bytes] = set()
        self._signed = b""  # the terms' bytes while they are out
        self._endorsements: dict[int, bytes] = {}
        self._deadline = 0.0  # for every endorsement
        self._clients: dict[str, int] = {}  # the seated clients while the terms are out
        self._out: list[HostEvent] = []
        self.genesis: bytes | None = None  # the genesis entry, once it is out
        # Each seated or waiting player's deck's public part, by signing key (巫师牌).
        self._decks: dict[bytes, DeckPart] = {}
        if door is not None:
            self._decks[host.sign_key] = door.own

    @property
    def seats(self) -> int:
        """How many players the table seats."""
        return self.terms.seats

    @property
    def variants(self) -> tuple[str, ...]:
        """The variants the table plays (none for a game without)."""
        return self.terms.variants

    # --- what the host may ask ---------------------------------------------------------

    def start_refusal(self) -> str | None:
        """Why the host cannot start now, or None."""
        seated = len(self.players)
        if self.stage is HostStage.STARTED:
            return "the game has started"
        if self.stage is HostStage.CLOSED:
            return "the lobby is closed"
        if self.stage is not HostStage.SEATING:
            return "the game is starting"
        least = self.terms.least
        if seated < least:
            return f"a game needs at least {least} players: {seated} seated"
        return None

    @property
    def starting(self) -> bool:
        """The start is asked for or the terms are out (until the genesis, or a call-off)."""
        return self.stage in (HostStage.ASKED, HostStage.SIGNING, HostStage.STARTED)

    @property
    def wake_at(self) -> float | None:
        """When a tick is due whatever arrives (the endorsements' deadline), or None."""
        return self._deadline if self.stage is HostStage.SIGNING else None

    def holds(self, client: str) -> bool:
        """Whether ``client`` holds a seat or a waiting place."""
        return any(p.client == client for p in self.players + self.waiting)

    # --- the one entry ----------------------------------------------------------------

    def handle(self, event: HostInput, now: float) -> list[HostEvent]:
        self._out = []
        match event:
            case Message() | Unreadable() if self.stage is HostStage.SIGNING:
                self._while_signing(event, now)
            case Message() | Unreadable() if self.stage is HostStage.SEATING:
                self._while_seating(event, now)
            case Message(client=client, msg_id=msg_id) | Unreadable(
                client=client, msg_id=msg_id
            ):
                # Asked, started or closed: the driver stops reading before these.
                self._refuse(client, RefusalKind.STARTING, "the game is starting", msg_id)
            case Tick():
                self._tick(now)
            case Admit(client=client):
                self._admit(client)
            case Refuse(client=client):
                self._refuse_waiting(client)
            case Remove(seat=seat):
                self._remove(seat)
            case SetVariants(variants=variants):
                self._set_variants(variants)
            case AskStart():
                self._ask_start()
            case Close():
                self._close()
            case Dropped(client=client, who=who):
                self._heard.pop(client, None)
                self._say(LobbyStatus(LobbyNews.DROPPED, who))
            case TermsMade(signed=signed, own=own):
                self._terms_out(signed, own, now)
            case GenesisMade(entry=entry):
                self._genesis_out(entry)
        if self.stage is HostStage.SEATING and self.autostart and self._full():
            self._begin_start()
        out, self._out = self._out, []
        return out

    # --- carrying out -----------------------------------------------------------------

    def _emit(self, event: HostEvent) -> None:
        self._out.append(event)

    def _say(self, status: LobbyStatus) -> None:
        self.news = status
        self._emit(NewsChanged(status))

    def _refuse(
        self, client: str, kind: RefusalKind, reason: str, msg_id: int | None = None
    ) -> None:
        self._emit(Refusal(client, reason, kind, msg_id))

    def _full(self) -> bool:
        return len(self.players) == self.seats

    def _with_game(self, message: dict[str, Any]) -> bytes:
        """``message`` naming the table's game; Wizard's leaves it out, as older hosts do."""
        if self.game is not GameName.WIZARD:
            message["game"] = self.game.value
        return encode(message)

    def _push_players(self) -> None:
        payload = self._with_game({
            "type": "players", "players": [p.to_json() for p in self.players],
            "seats": self.seats, "variants": list(self.variants), "coach": self.coach})
        for p in self.players:
            if p.client is not None:
                self._emit(Push(p.client, payload))
        self._emit(TableChanged())

    def _welcome(self, seat: int) -> bytes:
        return self._with_game({
            "type": "welcome", "seat": seat, "players": [p.to_json() for p in self.players],
            "variants": list(self.variants), "protocol": self.protocol})

    # --- the host's decisions ---------------------------------------------------------

    def _waiting(self, client: str) -> Seated:
        joiner = next((p for p in self.waiting if p.client == client), None)
        if joiner is None:
            raise UsageError("nobody of that key is waiting")
        return joiner

    def _admit(self, client: str) -> None:
        joiner = self._waiting(client)
        if self.stage is not HostStage.SEATING:
            raise UsageError("the game is starting")
        if len(self.players) >= self.seats:
            raise UsageError("the table is full: remove a player first")
        self.waiting.remove(joiner)
        self._barred.discard(joiner.sign_key)
        self.players.append(joiner)
        self._say(LobbyStatus(LobbyNews.JOINED, joiner.name))
        self._emit(Push(client, self._welcome(len(self.players) - 1)))
        self._push_players()

    def _refuse_waiting(self, client: str) -> None:
        joiner = self._waiting(client)
        self.waiting.remove(joiner)
        self._decks.pop(joiner.sign_key, None)
        self._barred.add(joiner.sign_key)
        self._heard.pop(client, None)
        self._say(LobbyStatus(LobbyNews.NOT_ADMITTED, joiner.name))
        self._refuse(client, RefusalKind.NOT_ADMITTED, "the host did not admit you to the table")
        self._emit(TableChanged())

    def _remove(self, seat: int) -> None:
        if self.stage is not HostStage.SEATING:
            raise UsageError("the game is starting")
        if seat == 0:
            raise UsageError("the host's own seat cannot be removed: q leaves the lobby")
        if not 0 < seat < len(self.players):
            raise UsageError(f"there is no player at seat {seat + 1}")
        player = self.players.pop(seat)
        self._decks.pop(player.sign_key, None)
        self._barred.add(player.sign_key)
        assert player.client is not None  # only the host's own seat has none
        self._heard.pop(player.client, None)
        self._refuse(player.client, RefusalKind.REMOVED, "the host removed you from the table")
        self._say(LobbyStatus(LobbyNews.REMOVED, player.name))
        self._push_players()

    def _set_variants(self, variants: tuple[str, ...]) -> None:
        if self.stage is not HostStage.SEATING:
            raise UsageError("the game has started: its variants are fixed")
        self.terms = self.terms.with_variants(variants)
        self._push_players()

    def _ask_start(self) -> None:
        refusal = self.start_refusal()
        if refusal is not None:
            raise UsageError(refusal)
        self.stage = advance(self.stage, HostStep.ASK_START)
        self._emit(TableChanged())
        self._begin_start()

    def _close(self) -> None:
        if self.stage in (HostStage.STARTED, HostStage.CLOSED):
            return  # the game is the seats' own, or everyone was told already
        self.stage = advance(self.stage, HostStep.CLOSE)
        bye = encode({"type": "bye", "reason": "the host left the lobby",
                      "kind": ByeKind.HOST_LEFT.value})
        for p in self.players[1:] + self.waiting:
            if p.client is not None:
                self._emit(Push(p.client, bye))

    # --- the joiners' messages while seating ------------------------------------------

    def _while_seating(self, message: Message | Unreadable, now: float) -> None:
        client, msg_id = message.client, message.msg_id
        if client in self._heard:
            self._heard[client] = now
        if isinstance(message, Unreadable):
            self._refuse(client, RefusalKind.UNREADABLE, message.reason, msg_id)
            return
        body = message.body
        if isinstance(body, Hello):
            self._hello(body, message, now)
        elif isinstance(body, Ping):
            # A ping from nobody seated or waiting: its place is gone without its knowing
            # (another program of its keys left): it is told, not kept on a stale screen.
            # A ping's answer is not read as news: the refusal is pushed.
            if self.holds(client):
                self._emit(Reply(client, msg_id, OK))
            else:
                self._refuse(client, RefusalKind.NOT_SEATED, NOT_SEATED, msg_id)
                self._refuse(client, RefusalKind.NOT_SEATED, NOT_SEATED)
        elif isinstance(body, Bye):
            self._leave(client, LobbyNews.LEFT)
        elif isinstance(body, Watch):
            self._emit(Reply(client, msg_id, NOT_BEGUN))
        elif isinstance(body, Endorse):
            self._refuse(client, RefusalKind.NO_TERMS, "there are no terms to endorse yet", msg_id)
        else:
            self._refuse(client, RefusalKind.UNEXPECTED,
                         f"a joiner does not send {type(body).__name__}", msg_id)

    def _hello(self, hello: Hello, message: Message, now: float) -> None:
        client, msg_id = message.client, message.msg_id
        seated = len(self.players)
        refusal, place = self._hello_answer(hello, message, now)
        if refusal is not None:
            self._emit(Refusal(client, refusal.reason, refusal.kind, msg_id, refusal.deck,
                               self.game if refusal.kind is RefusalKind.OTHER_GAME else None))
        elif place is None:
            self._emit(Reply(client, msg_id, _WAIT))
        else:
            self._emit(Reply(client, msg_id, self._welcome(place)))
            if len(self.players) > seated:
                self._push_players()  # a new player: everyone sees the new list

    def _hello_answer(
        self, hello: Hello, message: Message, now: float
    ) -> tuple[_Why | None, int | None]:
        """Why the hello is refused, or the seat it holds (None: it waits for the host)."""
        wrong_code = _Why(RefusalKind.WRONG_CODE, "wrong invite code")
        try:
            if normalise_code(hello.code) != self.code:
                return wrong_code, None
        except UsageError:
            return wrong_code, None
        # A joiner older than the field says nothing; the terms' check catches it.
        if hello.protocol is not None and hello.protocol != self.protocol:
            return _Why(RefusalKind.OTHER_VERSION,
                        other_version(self.protocol, hello.protocol)), None
        if hello.game is not self.game:
            return _Why(RefusalKind.OTHER_GAME, f"this table plays {self.game.value}, not "
                        f"{hello.game.value}"), None
        player = hello.player
        client = message.client
        if player.curve_key != client:
            return _Why(RefusalKind.KEY_MISMATCH,
                        "the player's key is not the connection's key"), None
        seat = next((s for s, p in enumerate(self.players) if p.client == client), None)
        held = self.players[seat] if seat is not None else next(
            (p for p in self.waiting if p.client == client), None)
        if held is not None and held.coin_commit != player.coin_commit:
            # The same keys from another program (one data dir, two processes): its
            # hello is not the one that holds the place.
            return _Why(RefusalKind.SAME_IDENTITY, SAME_IDENTITY), None
        if seat is not None:
            return None, seat  # a repeated hello
        if held is not None:
            return None, None
        refusal = self._refusal(player) or self._deck_refusal(hello)
        if refusal is not None:
            return refusal, None
        try:
            address = joiner_address(message.address, hello.port)
        except DecodeError as exc:
            return _Why(RefusalKind.BAD_ADDRESS, str(exc)), None
        joiner = Seated(player.name, player.sign_key, player.curve_key, address,
                        player.coin_commit, client, player.bot)
        again = player.sign_key in self._barred
        if self.approve or again:
            # A player the host refused or removed may ask again: the host decides.
            if len(self.waiting) >= MAX_WAITING:
                return _Why(RefusalKind.TOO_MANY_WAITING,
                            "too many players are waiting for the host: try later"), None
            self.waiting.append(joiner)
            self._keep_deck(hello)
            self._heard[client] = now
            self._say(LobbyStatus(LobbyNews.ASKS_AGAIN if again else LobbyNews.ASKS,
                                  joiner.name))
            self._emit(TableChanged())
            return None, None
        self.players.append(joiner)
        self._keep_deck(hello)
        self._heard[client] = now
        self._say(LobbyStatus(LobbyNews.JOINED, joiner.name))
        return None, len(self.players) - 1

    def _keep_deck(self, hello: Hello) -> None:
        """Keep the public part of a seated or waiting joiner's deck, for the terms."""
        if hello.deck is not None:
            self._decks[hello.player.sign_key] = hello.deck

    def _refusal(self, player: LobbyPlayer) -> _Why | None:
        """Why ``player`` cannot sit at this table now, or None."""
        everyone = self.players + self.waiting
        if any(p.sign_key == player.sign_key for p in everyone):
            return _Why(RefusalKind.SAME_IDENTITY, SAME_IDENTITY)
        if any(p.name.casefold() == player.name.casefold() for p in everyone):
            return _Why(RefusalKind.NAME_TAKEN, f"the name {player.name!r} is taken at this "
                        "table: choose another (--name)")
        if len(self.players) >= self.seats:
            return _Why(RefusalKind.TABLE_FULL, TABLE_FULL)
        return None

    def _deck_refusal(self, hello: Hello) -> _Why | None:
        """Why the public part of the joiner's deck cannot come to this table, or None."""
        if self.door is None or hello.deck is None:
            return None  # the schema holds a 巫师牌 hello to a deck, a Wizard one to none
        fault = self.door.check(hello.deck)
        if fault is None:
            return None
        card = f" (card {fault.card})" if fault.card is not None else ""
        return _Why(RefusalKind.ILLEGAL_DECK,
                    f"your deck breaks the rule {fault.rule}{card}: {fault.count}", fault)

    def _leave(self, client: str, why: LobbyNews) -> Seated | None:
        """Free the seat (or the waiting place) of ``client``; the player that left."""
        self._heard.pop(client, None)
        gone = next((p for p in self.players[1:] + self.waiting if p.client == client), None)
        if gone is None:
            return None
        self._decks.pop(gone.sign_key, None)
        if gone in self.waiting:
            self.waiting.remove(gone)
            self._emit(TableChanged())
        else:
            self.players.remove(gone)
            self._push_players()
        self._say(LobbyStatus(why, gone.name))
        return gone

    def _silent(self, now: float) -> list[Seated]:
        limit = now - self.timers.silence
        return [p for p in self.players[1:] + self.waiting
                if p.client is not None and self._heard.get(p.client, 0.0) < limit]

    def _tick(self, now: float) -> None:
        if self.stage is HostStage.SEATING:
            # Free the seats of joiners not heard for the silence limit.
            for player in self._silent(now):
                assert player.client is not None
                self._leave(player.client, LobbyNews.GONE)
        elif self.stage is HostStage.SIGNING:
            if now >= self._deadline:
                late = [p for s, p in enumerate(self.players) if s not in self._endorsements]
                self._call_off(late, LobbyNews.CALLED_OFF_LATE)
                return
            silent = self._silent(now)
            if silent:
                self._call_off(silent, LobbyNews.CALLED_OFF_GONE)

    # --- the start --------------------------------------------------------------------

    def _begin_start(self) -> None:
        """Fix the seats (people before bots) and ask the driver for the terms."""
        # People sit before bots: the lowest other seat writes an abort (SPEC §6), so a
        # person is then that seat whenever a person other than the stalled one is seated.
        host, rest = self.players[0], self.players[1:]
        before = {key: seat for seat, key in enumerate(self.seat_order)}
        again = sorted((p for p in rest if p.sign_key in before), key=lambda p: before[p.sign_key])
        rest = [p for p in rest if p.sign_key not in before]
        # Bots sit in the order of their names (Bot 1, Bot 2, …), whatever order they came in.
        bots = sorted((p for p in rest if p.bot), key=lambda p: _name_order(p.name))
        self.players = [host, *again, *(p for p in rest if not p.bot), *bots]
        for joiner in self.waiting:
            assert joiner.client is not None
            self._decks.pop(joiner.sign_key, None)
            self._refuse(joiner.client, RefusalKind.STARTED_WITHOUT_YOU,
                         "the game started without you")
        self.waiting = []
        self._push_players()
        series = None if self.series is None else dataclasses.replace(
            self.series, first_dealer=self.series.first_dealer % len(self.players))
        records = tuple(p.record() for p in self.players)
        decks = () if self.door is None else tuple(self._decks[p.sign_key]
                                                   for p in self.players)
        self._emit(MakeTerms(self.terms, records, self.coach, series, decks))

    def _terms_out(self, signed: bytes, own: bytes, now: float) -> None:
        self.stage = advance(self.stage, HostStep.TERMS_OUT)
        self._signed = signed
        self._endorsements = {0: own}
        self._deadline = now + self.timers.endorse
        self._say(LobbyStatus(LobbyNews.ENDORSING))
        self._clients = {p.client: s for s, p in enumerate(self.players) if p.client is not None}
        payload = encode({"type": "terms", "terms": json.loads(signed)})
        for client in self._clients:
            self._emit(Push(client, payload))
        self._emit(TableChanged())
        self._all_endorsed()

    def _all_endorsed(self) -> None:
        if len(self._endorsements) == len(self.players):
            self._emit(SignGenesis(tuple(self._endorsements[s]
                                         for s in range(len(self.players)))))

    def _while_signing(self, message: Message | Unreadable, now: float) -> None:
        """One message while the terms are out."""
        client, msg_id = message.client, message.msg_id
        seat = self._clients.get(client)
        if seat is not None:
            self._heard[client] = now
        if isinstance(message, Unreadable):
            self._refuse(client, RefusalKind.UNREADABLE, message.reason, msg_id)
            return
        body = message.body
        if isinstance(body, Ping):
            self._emit(Reply(client, msg_id, OK))
        elif isinstance(body, Bye):
            if seat is not None:
                self._call_off([self.players[seat]], LobbyNews.CALLED_OFF_LEFT)
        elif isinstance(body, Hello):
            self._refuse(client, RefusalKind.STARTING, "the game is starting", msg_id)
        elif isinstance(body, Watch):
            self._emit(Reply(client, msg_id, NOT_BEGUN))
        elif isinstance(body, Endorse):
            self._endorsed(client, msg_id, seat, body.signature)
        else:
            self._refuse(client, RefusalKind.UNEXPECTED,
                         f"a joiner does not send {type(body).__name__}", msg_id)

    def _endorsed(self, client: str, msg_id: int, seat: int | None, signature: bytes) -> None:
        if seat is None:
            self._refuse(client, RefusalKind.NOT_SEATED, "you are not seated at this table",
                         msg_id)
            return
        try:
            verify(self.players[seat].sign_key, GENESIS_DOMAIN, self._signed, signature)
        except WizardError:
            self._refuse(client, RefusalKind.BAD_ENDORSEMENT, "bad endorsement", msg_id)
            return
        self._endorsements[seat] = signature
        self._emit(Reply(client, msg_id, OK))
        self._all_endorsed()

    def _genesis_out(self, entry: bytes) -> None:
        if self.stage is not HostStage.SIGNING or len(self._endorsements) != len(self.players):
            raise UsageError("there is no genesis to send: not every seat has endorsed")
        self.genesis = entry
        clients = tuple(self._clients)
        if not self.gate:
            self._emit(Restrict(clients))
        payload = encode({"type": "genesis", "entry": entry.decode()})
        for client in clients:
            self._emit(Push(client, payload))
        self.stage = advance(self.stage, HostStep.GENESIS)
        self._say(LobbyStatus(LobbyNews.STARTED))
        self._emit(TableChanged())
        self._emit(Started(frozenset(s for s, p in enumerate(self.players) if not p.bot)))

    def _call_off(self, gone: list[Seated], why: LobbyNews) -> None:
        """The start fails: free the seats of ``gone``, tell the others by a new seat list
        (which a joiner waiting for the genesis reads as the start called off)."""
        names = ", ".join(p.name for p in gone)
        for player in gone:
            if player.client is not None:
                self._heard.pop(player.client, None)
                self._refuse(player.client, _CALLED_OFF[why], news_text(LobbyStatus(why, names)))
        self.players = [self.players[0], *(p for p in self.players[1:] if p not in gone)]
        for player in gone:
            self._decks.pop(player.sign_key, None)
        self.stage = advance(self.stage, HostStep.CALL_OFF)
        self._signed, self._endorsements, self._clients = b"", {}, {}
        self._emit(CalledOff())
        self._say(LobbyStatus(why, names))
        self._push_players()


__all__ = [
    "FROM_JOINER",
    "MAX_WAITING",
    "NOT_BEGUN",
    "SAME_IDENTITY",
    "Admit",
    "AskStart",
    "CalledOff",
    "Close",
    "DeckDoor",
    "Dropped",
    "GenesisMade",
    "HostEvent",
    "HostInput",
    "HostMachine",
    "MakeTerms",
    "Message",
    "NewsChanged",
    "Push",
    "Refusal",
    "Refuse",
    "Remove",
    "Reply",
    "Restrict",
    "SetVariants",
    "SignGenesis",
    "Started",
    "TableChanged",
    "TermsMade",
    "Tick",
    "Unreadable",
]
