"""The joiner's side of the lobby as a sans-I/O machine: typed inputs in, frozen events out.

Inputs are the host's messages as ``protocol.lobby_schema`` decoded them (or why one
could not be), a hello that got no answer, an endorsement the host did not take, the
player leaving, and clock ticks (with when the host was last heard) — every input
comes with ``now``, the driver's monotonic time, as a value. Events say when to ping,
to ask again, to endorse the terms (the driver keeps the seat's secret and signs),
that the seats or the news changed, that the start was called off, that the game
starts, or that the lobby ended for this player and why. The stages are
``lobby_stage``'s joiner table; there is no socket, clock, task or randomness here.
``node.lobby_join.JoinLobby`` is the asyncio driver (SPEC §9 is the wire).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wizard_p2p.errors import DecodeError, Said
from wizard_p2p.node.lobby_common import (
    NOT_SEATED,
    LobbyTimers,
    Seated,
    bye_said,
    other_version,
)
from wizard_p2p.node.lobby_news import (
    LobbyNews,
    LobbyStatus,
    NewsChanged,
    TableChanged,
)
from wizard_p2p.node.lobby_stage import JoinStage, JoinStep, join_advance
from wizard_p2p.protocol.game_name import GameName
from wizard_p2p.protocol.lobby_schema import (
    Bye,
    ByeKind,
    DeckFault,
    GateRefusalKind,
    Genesis,
    LobbyBody,
    Ok,
    Players,
    RefusalKind,
    Refused,
    Terms,
    Wait,
    Welcome,
)
from wizard_p2p.protocol.lobby_terms import LobbyTerms
from wizard_p2p.protocol.messages import PROTOCOL
from wizard_p2p.tables import lobby_terms

# Seconds before a player waiting for a series' next lobby to open says hello again: the
# first wait, doubled after each try up to the longest. Each try is a new connection (a
# CURVE handshake) that the host's lobby socket charges to the key's budget, and the last
# game's watch gate refuses it at once: at a steady half second the tries would outrun the
# budget's refill and the player would be dropped for flooding (NET.md §7).
AGAIN_RETRY = 0.5
AGAIN_RETRY_MAX = 4.0
_BAD_TERMS = "the host's terms do not seat us as we joined"


# --- inputs -----------------------------------------------------------------------------


@dataclass(frozen=True)
class FromHost:
    """A message of the host's, decoded (an answer or a push)."""

    body: LobbyBody


@dataclass(frozen=True)
class Unreadable:
    """A message of the host's that the schema refused, and why."""

    reason: str


@dataclass(frozen=True)
class HelloFailed:
    """The hello got no answer, or the lobby's socket refused us (``reason`` says which;
    ``said`` words it in the player's language)."""

    reason: str
    said: Said | None = None


@dataclass(frozen=True)
class Lost:
    """A request went unanswered (``reason`` says which; ``said`` words it)."""

    reason: str
    said: Said | None = None


@dataclass(frozen=True)
class Tick:
    """Time passed; ``heard`` is when anything last came from the host."""

    heard: float


@dataclass(frozen=True)
class Leave:
    pass


JoinInput = FromHost | Unreadable | HelloFailed | Lost | Tick | Leave


# --- events -----------------------------------------------------------------------------


@dataclass(frozen=True)
class HelloAgain:
    """Say hello again on a new connection after ``delay`` seconds (the table's next
    lobby is not open yet)."""

    delay: float


@dataclass(frozen=True)
class SendPing:
    pass


@dataclass(frozen=True)
class EndorseTerms:
    """Keep the seat's record for the game of ``terms`` at ``seat`` (its mesh on
    ``port``), then endorse them and feed the host's answer back."""

    terms: dict[str, Any]
    seat: int
    port: int


@dataclass(frozen=True)
class SayBye:
    pass


@dataclass(frozen=True)
class CalledOff:
    """The host called the start off: the game the terms named never begins."""


@dataclass(frozen=True)
class Started:
    """The genesis came: ``entry`` its line; ``people`` the seats persons play."""

    entry: bytes
    people: frozenset[int]


@dataclass(frozen=True)
class Ended:
    """The lobby ended for this player: refused, removed, the host left or went silent
    or sent what the rules refuse. ``reason`` is the sentence to show; ``kind`` the
    host's refusal as data, when it gave one this client knows."""

    reason: str
    kind: RefusalKind | GateRefusalKind | None = None
    said: Said | None = None  # ``reason`` in the player's language, when no kind words it
    deck: DeckFault | None = None  # the deck rule the host says our deck breaks
    game: GameName | None = None  # the table's game, when the host says it


JoinEvent = (
    HelloAgain | SendPing | EndorseTerms | SayBye | TableChanged | NewsChanged | CalledOff
    | Started | Ended
)

# What the host may send at each stage, besides ``refused`` and ``bye`` (the driver
# decodes with these).
EXPECTED: dict[JoinStage, tuple[str, ...]] = {
    JoinStage.CONNECTING: ("welcome", "wait"),
    JoinStage.WAITING: ("players", "terms", "welcome"),
    JoinStage.SEATED: ("players", "terms", "welcome"),
    JoinStage.SIGNING: ("genesis", "players"),
    JoinStage.STARTED: (),
    JoinStage.REFUSED: (),
    JoinStage.LEFT: (),
}


_LIVE = (JoinStage.CONNECTING, JoinStage.WAITING, JoinStage.SEATED, JoinStage.SIGNING)
# The host's messages a joiner reads, by their wire type.
_WIRE_TYPE: dict[type, str] = {
    Welcome: "welcome", Wait: "wait", Players: "players", Terms: "terms", Ok: "ok",
    Genesis: "genesis",
}


class JoinMachine:
    """A joiner's lobby decisions. ``handle(input, now)`` returns the events to carry
    out, in order; once the stage is ``REFUSED`` (an ``Ended`` said why), ``LEFT`` or
    ``STARTED``, inputs change nothing."""

    def __init__(
        self,
        sign_key: bytes,
        coin_commit: bytes,
        mesh_port: int,
        address: str,
        *,
        protocol: str = PROTOCOL,
        timers: LobbyTimers | None = None,
        again_until: float | None = None,
        game: GameName = GameName.WIZARD,
    ) -> None:
        self.game = game  # the game this player means to play
        self.sign_key = sign_key
        self.coin_commit = coin_commit
        self.mesh_port = mesh_port
        self.address = address  # the host's, as the player gave it
        self.protocol = protocol
        self.timers = timers or LobbyTimers()
        self.again_until = again_until
        self.stage = JoinStage.CONNECTING
        self.news = LobbyStatus(LobbyNews.CONNECTING, address)
        self.players: list[Seated] = []
        self.seat: int | None = None
        self.seats = 0  # the seats of the host's table, once its seat list says them
        # What the host says it will play, as the game reads it (None until it says); the
        # terms each player endorses are what count.
        self.terms: LobbyTerms | None = None
        self.coach = False
        self._endorsing: list[dict[str, Any]] | None = None  # the terms' players, while asked
        self._terms_players: list[dict[str, Any]] = []
        self._bots: frozenset[bytes] = frozenset()
        self._last_ping = float("-inf")
        self._again = AGAIN_RETRY  # the wait before the next hello to a next lobby
        self.greeted = False  # the host answered our hello: it holds a seat or a place
        self._out: list[JoinEvent] = []

    @property
    def expecting(self) -> tuple[str, ...]:
        """The message types the host may send now, besides ``refused`` and ``bye``."""
        return ("ok",) if self._endorsing is not None else EXPECTED[self.stage]

    def handle(self, event: JoinInput, now: float) -> list[JoinEvent]:
        self._out = []
        if isinstance(event, Leave):
            self._leave()
        elif self.stage in _LIVE:
            match event:
                case FromHost(body=body):
                    self._from_host(body, now)
                case Unreadable(reason=reason):
                    self._end(f"the host sent what this client cannot read: {reason}", now,
                              said=Said("lobby_ended_unreadable"))
                case HelloFailed(reason=reason, said=said) | Lost(reason=reason, said=said):
                    self._end(reason, now, said=said)
                case Tick(heard=heard):
                    self._tick(heard, now)
        out, self._out = self._out, []
        return out

    # --- carrying out -----------------------------------------------------------------

    def _emit(self, event: JoinEvent) -> None:
        self._out.append(event)

    def _say(self, status: LobbyStatus) -> None:
        self.news = status
        self._emit(NewsChanged(status))

    def _end(self, reason: str, now: float, *, again: bool = True,
             kind: RefusalKind | GateRefusalKind | None = None, said: Said | None = None,
             refusal: Refused | None = None) -> None:
        """The lobby ends with ``reason`` — unless the hello is still being said to a
        table's next lobby that has not opened yet (and ``again``: asking again could
        help)."""
        if (again and self.stage is JoinStage.CONNECTING and self.again_until is not None
                and now < self.again_until):
            self._emit(HelloAgain(self._again))
            self._again = min(self._again * 2, AGAIN_RETRY_MAX)
            return
        self._endorsing = None
        self.stage = join_advance(self.stage, JoinStep.REFUSE)
        self._emit(Ended(reason, kind, said, refusal.deck if refusal else None,
                         refusal.game if refusal else None))

    def _step(self, step: JoinStep) -> None:
        self.stage = join_advance(self.stage, step)
        self.greeted = True

    def _leave(self) -> None:
        """The player leaves: the host, if it holds a place for us, is told (after a
        refusal too: whatever it still holds is freed at once)."""
        if self.greeted and self.stage is not JoinStage.STARTED and self.stage is not \
                JoinStage.LEFT:
            self._emit(SayBye())
        if self.stage in _LIVE:
            self.stage = join_advance(self.stage, JoinStep.LEAVE)

    def _tick(self, heard: float, now: float) -> None:
        if self.stage is JoinStage.CONNECTING:
            return  # the hello's own request waits for its answer
        if now - heard > self.timers.silence:
            self._end(f"the host is gone: nothing heard from {self.address} for "
                      f"{self.timers.silence:g} seconds", now,
                      said=Said("lobby_ended_host_gone", address=self.address,
                                seconds=f"{self.timers.silence:g}"))
        elif now - self._last_ping >= self.timers.ping:
            self._last_ping = now
            self._emit(SendPing())  # answered: the host is heard

    # --- the host's messages ----------------------------------------------------------

    def _from_host(self, body: LobbyBody, now: float) -> None:
        if isinstance(body, Refused):
            self._end(f"the host refused: {body.reason}", now, kind=body.kind, refusal=body)
        elif isinstance(body, Bye):
            self._end(body.reason or "the host left the lobby", now,
                      said=bye_said(body.kind or ByeKind.HOST_LEFT))
        elif _WIRE_TYPE.get(type(body)) not in self.expecting:
            self._end(f"the host sent what this client cannot read: a "
                      f"{type(body).__name__.lower()} message while {self.stage.value}", now,
                      said=Said("lobby_ended_unreadable"))
        elif isinstance(body, Ok):
            self._endorsed()
        elif isinstance(body, Welcome):
            self._welcomed(body, now)
        elif isinstance(body, Wait):
            self._step(JoinStep.ASKED_TO_WAIT)
            self._say(LobbyStatus(LobbyNews.ADMISSION))
        elif isinstance(body, Players):
            self._players(body, now)
        elif isinstance(body, Terms):
            self._terms(body.terms, now)
        elif isinstance(body, Genesis):
            self._step(JoinStep.GENESIS)
            seats = enumerate(self._terms_players)
            self._emit(Started(body.entry,
                               frozenset(s for s, p in seats if p["sign_key"] not in self._bots)))

    def _welcomed(self, welcome: Welcome, now: float) -> None:
        self.greeted = True  # seated, even if not for long: leaving frees the seat at once
        theirs = welcome.protocol or self.protocol  # a host older than the field: terms
        if theirs != self.protocol:
            self._end(other_version(theirs, self.protocol), now, again=False,
                      said=Said("lobby_ended_other_version", ours=self.protocol))
            return
        if welcome.game is not self.game:
            # A host older than the game's name plays Wizard: it seated a joiner it should
            # have refused.
            self._end(f"the host's table plays {welcome.game.value}, not {self.game.value}",
                      now, again=False, kind=RefusalKind.OTHER_GAME,
                      refusal=Refused("", RefusalKind.OTHER_GAME, game=welcome.game))
            return
        # A welcome does not say the seats: the seat list that follows does.
        if not self._read_terms(welcome.game, self.seats or None, welcome.variants, now):
            return
        self._step(JoinStep.WELCOMED)
        self.seat = welcome.seat
        self.players = [Seated.from_lobby(p) for p in welcome.players]
        self._emit(TableChanged())
        self._say(LobbyStatus(LobbyNews.SEATED))

    def _players(self, players: Players, now: float) -> None:
        if players.game is not self.game:
            self._end(f"the host's table plays {players.game.value}, not {self.game.value}",
                      now, again=False, kind=RefusalKind.OTHER_GAME,
                      refusal=Refused("", RefusalKind.OTHER_GAME, game=players.game))
            return
        if not self._read_terms(players.game, players.seats, players.variants, now):
            return
        self.players = [Seated.from_lobby(p) for p in players.players]
        self.seats = players.seats
        self.coach = players.coach
        self._emit(TableChanged())
        mine = [s for s, p in enumerate(self.players) if p.sign_key == self.sign_key]
        if not mine and self.seat is not None:
            # The host's list no longer seats us (another program of our keys left).
            self._end(f"the host refused: {NOT_SEATED}", now, kind=RefusalKind.NOT_SEATED)
            return
        self.seat = mine[0] if mine else self.seat
        if self.stage is JoinStage.SIGNING:
            self._step(JoinStep.CALLED_OFF)
            self._emit(CalledOff())
            self._say(LobbyStatus(LobbyNews.CALLED_OFF))

    def _terms(self, terms: dict[str, Any], now: float) -> None:
        if self.stage is not JoinStage.SEATED:
            self._end(_BAD_TERMS, now, said=Said("lobby_ended_bad_terms"))
            return
        players = terms["players"]
        self.coach = bool(terms.get("coach", False))  # what is endorsed is what counts
        seat = next((i for i, p in enumerate(players) if p["sign_key"] == self.sign_key), None)
        port = players[seat]["address"].rpartition(":")[2] if seat is not None else ""
        if (seat is None or players[seat]["coin_commit"] != self.coin_commit
                or port != str(self.mesh_port)):
            self._end(_BAD_TERMS, now, said=Said("lobby_ended_bad_terms"))
            return
        self._endorsing = list(players)
        self._emit(EndorseTerms(terms, seat, self.mesh_port))

    @property
    def variants(self) -> tuple[str, ...]:
        """The variants the host's table plays, in the game's one order."""
        return () if self.terms is None else self.terms.variants

    def _read_terms(self, game: GameName, seats: int | None, variants: tuple[str, ...],
                    now: float) -> bool:
        """Read what the host says its table offers, as its game reads it; end the lobby
        (False) if the game refuses it."""
        try:
            self.terms = lobby_terms(game, seats, variants)
        except DecodeError as exc:
            self._end(f"the host sent what this client cannot read: {exc}", now,
                      said=Said("lobby_ended_unreadable"))
            return False
        return True

    def _endorsed(self) -> None:
        assert self._endorsing is not None  # "ok" is expected only then
        self._terms_players, self._endorsing = self._endorsing, None
        self._bots = frozenset(p.sign_key for p in self.players if p.bot)
        self._step(JoinStep.ENDORSED)
        self._say(LobbyStatus(LobbyNews.GENESIS))


__all__ = [
    "AGAIN_RETRY",
    "AGAIN_RETRY_MAX",
    "EXPECTED",
    "CalledOff",
    "Ended",
    "EndorseTerms",
    "FromHost",
    "HelloAgain",
    "HelloFailed",
    "JoinEvent",
    "JoinInput",
    "JoinMachine",
    "Leave",
    "Lost",
    "NewsChanged",
    "SayBye",
    "SendPing",
    "Started",
    "TableChanged",
    "Tick",
    "Unreadable",
]
