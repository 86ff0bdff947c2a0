"""Finding a table on the local network, for a joiner or a watcher given no address.

The network's browser (``net.discovery.Browser``) hears the lobbies hosts announce
with DNS-SD; each announcement is read by the protocol layer
(``protocol.announce``), which refuses a malformed one (counted, logged once, never
shown). The browser holds only announcements that read (:func:`readable` is its
predicate), so junk on the network cannot take the places of real tables; a table
of another protocol version reads, and is listed as one this program cannot join.
:func:`choose_table` then lets the player choose one on the console's list
(``tui.find_screen``), asking for the invite code if none was given, or, for a
headless seat, takes the only table heard within :data:`FIND_WAIT` seconds.

Where multicast cannot run, it ends with one sentence saying so and how to join
with the host's address instead.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

from wizard_p2p.errors import DecodeError, Said, UsageError, WizardError
from wizard_p2p.net import CurveKeys, LobbyClient, LobbyRefused, LobbyTimeout
from wizard_p2p.net.discovery import Browser, DiscoveryUnavailable, Heard
from wizard_p2p.node.invite import normalise_code
from wizard_p2p.node.lobby_common import lobby_keys
from wizard_p2p.protocol.announce import PLAYING, Announcement, decode_announcement
from wizard_p2p.protocol.game_name import GameName
from wizard_p2p.protocol.messages import PROTOCOL
from wizard_p2p.tables import lobby_terms
from wizard_p2p.tui.find_screen import CodeCheck, FindSnapshot, FoundTable

log = logging.getLogger(__name__)

FIND_WAIT = 3.0
"""Seconds a headless seat listens for tables before it chooses the only one."""


def _example(command: str) -> str:
    return f"wizard-p2p {command} ADDRESS --code CODE"


def read_heard(heard: Heard) -> Announcement | None:
    """The announcement a service's record holds, if it reads and names the service's
    own port; None (logged) if not."""
    try:
        ad = decode_announcement(heard.text, lobby_terms)
        if ad.port != heard.port:
            raise DecodeError("announcement.port: not the service's port")
    except DecodeError as exc:
        log.info("an announcement from %s was refused: %s", heard.address, exc)
        return None
    return ad


def readable(heard: Heard) -> bool:
    """Whether a browser should hold this service: its record reads."""
    return read_heard(heard) is not None


class HeardTables:
    """The tables a browser hears, read and checked: the console's ``FindSource``.

    ``watching``: the tables whose game is playing are listed too (a joiner sees only
    lobbies). ``game``: the game the player means to play (a table of another is listed
    as one it cannot take). ``clock`` gives the Unix time the tables' ages are counted to.
    """

    def __init__(
        self, browser: Browser, *, watching: bool, clock: Callable[[], float] = time.time,
        game: GameName = GameName.WIZARD,
    ) -> None:
        self.browser = browser
        self.watching = watching
        self.game = game
        self.clock = clock
        # Each service's record as last read: its TXT data and what it said (or None).
        self._read: dict[str, tuple[bytes, Announcement | None]] = {}

    def subscribe(self, callback: Callable[[], None]) -> None:
        self.browser.subscribe(callback)

    def _announcement(self, heard: Heard) -> Announcement | None:
        cached = self._read.get(heard.instance)
        if cached is not None and cached[0] == heard.text:
            return cached[1]
        ad = read_heard(heard)
        if len(self._read) >= 4 * self.browser.limit:
            self._read.clear()  # services long gone: read again whatever is still heard
        self._read[heard.instance] = (heard.text, ad)
        return ad

    def addresses(self) -> dict[str, tuple[str, int]]:
        """Each listed table's lobby, by its key."""
        return {h.instance: (h.address, h.port) for h in self.browser.heard.values()}

    def snapshot(self) -> FindSnapshot:
        now = self.clock()
        tables: list[FoundTable] = []
        unreadable = 0
        for heard in list(self.browser.heard.values()):
            ad = self._announcement(heard)
            if ad is None:
                unreadable += 1
                continue
            playing = ad.state == PLAYING
            if playing and not self.watching:
                continue
            tables.append(FoundTable(
                key=heard.instance, name=ad.name, address=f"{heard.address}:{heard.port}",
                seats=ad.seats, seated=ad.seated, variants=ad.variants,
                age=max(0.0, now - ad.opened), playing=playing,
                compatible=ad.protocol == PROTOCOL, version=ad.protocol,
                game="" if ad.game is self.game else ad.game.value,
            ))
        tables.sort(key=lambda t: (t.name.casefold(), t.address))
        return FindSnapshot(tuple(tables), unreadable + self.browser.ignored)


def _open_tables(tables: HeardTables, *, watching: bool) -> list[FoundTable]:
    return [
        t for t in tables.snapshot().tables
        if t.compatible and not t.game and (watching or t.seated < t.seats)
    ]


def _other_game(tables: HeardTables, *, watching: bool) -> str | None:
    """The game of a table heard that this command could take but for its game (None:
    none such was heard)."""
    others = [t.game for t in tables.snapshot().tables
              if t.compatible and t.game and (watching or t.seated < t.seats)]
    if not others:
        return None
    return others[0] if others[0] in set(GameName) else "other"


async def _only_table(command: str, tables: HeardTables, *, watching: bool) -> str:
    """The one table heard within ``FIND_WAIT`` seconds, or a sentence saying why not."""
    await asyncio.sleep(FIND_WAIT)  # every host on the network answers within it
    found = _open_tables(tables, watching=watching)
    what = "table" if watching else "lobby with a free seat"
    if not found and (other := _other_game(tables, watching=watching)) is not None:
        raise UsageError(
            f"the only {what} heard on this network plays {other}, not the game this command "
            f"plays; ask the host for its address: {_example(command)}"
        ).saying("error_heard_other_game", game=Said(f"game_name_{other}"),
                 example=_example(command))
    if not found:
        # A watcher is admitted by the host's program: once the host has left, its game
        # is announced no more, and cannot be watched; multicast is one cause of two.
        raise UsageError(
            f"no {what} was heard on this network within {FIND_WAIT:g} seconds (a network "
            f"that blocks multicast hides them); ask the host for its address: "
            f"{_example(command)}"
        ).saying("error_none_heard_watch" if watching else "error_none_heard",
                 seconds=f"{FIND_WAIT:g}", example=_example(command))
    if len(found) > 1:
        listed = "; ".join(f"{t.name} at {t.address}" for t in found)
        raise UsageError(
            f"{len(found)} tables are open on this network ({listed}); choose one: "
            f"{_example(command)}"
        )
    return found[0].key


CODE_CHECK_WAIT = 3.0
"""Seconds the find screen waits for a lobby to answer when it checks a code."""


async def lobby_takes_code(host: str, port: int, code: str) -> str | None:
    """Whether the lobby at ``host:port`` takes the invite ``code``: None if it does, else
    the catalogue key of the sentence that says why not.

    The lobby's key derives from the code, so a wrong code fails the handshake at once;
    a right one is answered. The question is asked with a key of its own, made for it,
    so that nothing of it is mistaken for the player's own connection.
    """
    try:
        keys = lobby_keys(normalise_code(code))
    except UsageError:
        return "find_code_malformed"
    host = f"[{host}]" if ":" in host else host
    client = LobbyClient(CurveKeys.generate(), f"tcp://{host}:{port}", keys.public)
    try:
        await client.start()
        await client.request(b'{"type": "ping"}', timeout=CODE_CHECK_WAIT / 3)
    except LobbyRefused:
        return "find_code_wrong"
    except LobbyTimeout:
        return "find_code_no_answer"
    except WizardError:
        return "find_code_no_answer"
    finally:
        await client.close()
    return None


def _lobby_takes_code(tables: HeardTables) -> CodeCheck:
    async def check(table: FoundTable, code: str) -> str | None:
        lobby = tables.addresses().get(table.key)
        if lobby is None:
            return "find_gone"
        return await lobby_takes_code(lobby[0], lobby[1], code)

    return check


async def choose_table(
    command: str, code: str | None, *, headless: bool, lang: str | None, watching: bool,
    game: GameName = GameName.WIZARD,
) -> tuple[str, int, str | None]:
    """The lobby (host, port) of a table found on the local network, and the invite code.

    A console seat chooses on the list (``watching``: games that are playing are listed
    too) and, if ``code`` is empty, types the invite code, which is returned in its
    place; a headless seat takes the only table heard. A table of another game than
    ``game`` is listed but cannot be taken: the list says so in one sentence, before any
    hello, and a headless seat passes it over. ``UsageError`` says why none was
    chosen: multicast cannot run here, no table or several (headless), or the player
    left the list; its advice names ``command`` (``join``, ``bot``, ``watch``).
    """
    browser = Browser(readable=readable)
    try:
        await browser.start()
    except DiscoveryUnavailable as exc:
        raise UsageError(
            f"no {'table' if watching else 'lobby'} can be found on this network because "
            f"{exc}; ask the host for its address: {_example(command)}"
        ) from None
    try:
        tables = HeardTables(browser, watching=watching, game=game)
        if headless:
            key = await _only_table(command, tables, watching=watching)
        else:
            from wizard_p2p.tui.find_screen import run_find_async

            chosen = await run_find_async(
                tables, lang=lang, ask_code=not code,
                watching=watching, check_code=_lobby_takes_code(tables),
            )
            if chosen is None:
                raise UsageError("no table was chosen").saying("error_no_table_chosen")
            table, typed = chosen
            key = table.key
            code = typed or code
        lobby = tables.addresses().get(key)
        if lobby is None:
            raise UsageError("that table is no longer announced: its host has left").saying(
                "error_table_gone")
        return lobby[0], lobby[1], code
    finally:
        await browser.close()


__all__ = ["FIND_WAIT", "HeardTables", "choose_table", "lobby_takes_code", "read_heard",
           "readable"]
