"""The host's lobby announced on the local network while it is open and its game runs.

``wizard-p2p host`` announces its table with DNS-SD from the moment its lobby opens
(``net.discovery.Announcer``, the TXT record written by ``protocol.announce``):
the host's name, the seats and how many are taken, the variants, when it opened,
and whether it is still a lobby or already playing, so that joiners find the lobby
and watchers the game. Each change of the lobby replaces the record; the end of
the game withdraws it. ``host --no-announce`` and ``play`` announce nothing.

An announcement that cannot be made leaves the host working as before: the reason
is returned to be said in one sentence, and players join with the address. One
that stops later (the name could not be claimed, multicast DNS stopped) is told to
``on_failure``, to be said the same way. The sentence is in the player's language;
in Chinese and Japanese it names the reason in that language, and the system's own
words for it (which are English) go to the log.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import os
import time
from collections.abc import Callable
from typing import Protocol

from wizard_p2p.errors import WizardError
from wizard_p2p.node.lobby import HostLobby
from wizard_p2p.protocol.announce import LOBBY, PLAYING, Announcement, encode_announcement
from wizard_p2p.protocol.messages import PROTOCOL
from wizard_p2p.tui.i18n import Translator

log = logging.getLogger(__name__)


class Announcing(Protocol):
    """What the lobby's announcement is made with (``net.discovery.Announcer``)."""

    async def start(self) -> None: ...
    async def update(self, text: bytes) -> None: ...
    async def close(self) -> None: ...


# (instance name, port, TXT data, the address listened on, who hears of a later failure)
MakeAnnouncer = Callable[[str, int, bytes, str, Callable[[WizardError], None]], Announcing]


def _dns_sd(
    instance: str, port: int, text: bytes, listen: str, on_failure: Callable[[WizardError], None]
) -> Announcing:
    # Imported by a host that announces: `play` and `resume` start without it.
    from wizard_p2p.net.discovery import Announcer

    return Announcer(instance, port, text, listen=listen, on_failure=on_failure)


class LobbyAnnouncer:
    """One host's lobby, announced and kept up to date until :meth:`close`.

    ``on_failure`` is called on the loop, with the reason, if the announcement stops
    after :meth:`start` returned. ``make_announcer`` makes what announces it (DNS-SD,
    ``net.discovery.Announcer``, unless told)."""

    def __init__(
        self,
        lobby: HostLobby,
        *,
        opened: float | None = None,
        on_failure: Callable[[WizardError], None] | None = None,
        make_announcer: MakeAnnouncer = _dns_sd,
    ) -> None:
        self.lobby = lobby
        self.opened = time.time() if opened is None else opened
        self.on_failure = on_failure
        self._make_announcer = make_announcer
        self._announcer: Announcing | None = None
        self._latest = b""
        self._pushing: asyncio.Task[None] | None = None

    def announcement(self) -> Announcement:
        lobby = self.lobby
        return Announcement(
            protocol=PROTOCOL,
            name=lobby.name,
            seats=lobby.seats,
            seated=min(len(lobby.players), lobby.seats),
            variants=lobby.variants,
            opened=int(self.opened),
            # From the moment the terms go out for endorsement the table no longer seats
            # anyone: watchers are the ones to tell.
            state=PLAYING if lobby.starting else LOBBY,
            port=lobby.port,
            game=lobby.game,
        )

    async def start(self) -> None:
        """Announce the lobby; ``net.discovery.DiscoveryUnavailable`` says why it cannot be."""
        self._latest = encode_announcement(self.announcement())
        instance = f"Wizard table {os.urandom(4).hex()}"
        announcer = self._make_announcer(
            instance, self.lobby.port, self._latest, self.lobby.listen_host, self._failed
        )
        await announcer.start()
        self._announcer = announcer
        self.lobby.subscribe(self._changed)

    def follow(self, lobby: HostLobby) -> None:
        """Announce ``lobby`` from now on: the same table's next game (a series)."""
        self.lobby = lobby
        if self._announcer is not None:
            lobby.subscribe(self._changed)
            self._changed()

    def _failed(self, reason: WizardError) -> None:
        if self.on_failure is not None:
            self.on_failure(reason)

    def _changed(self) -> None:
        if self._announcer is None:
            return
        text = encode_announcement(self.announcement())
        if text == self._latest:
            return
        self._latest = text
        if self._pushing is None or self._pushing.done():
            self._pushing = asyncio.ensure_future(self._push())

    async def pushed(self) -> None:
        """Wait until the lobby's latest change is announced (or its update failed, which
        :meth:`close` logs)."""
        if self._pushing is not None:
            await asyncio.wait({self._pushing})

    async def _push(self) -> None:
        sent = None
        while self._announcer is not None and sent != self._latest:
            sent = self._latest
            await self._announcer.update(sent)

    async def close(self) -> None:
        """Withdraw the announcement; idempotent. It never raises: it runs as the host
        ends, whatever ended it, and that is the error to tell (its own is logged)."""
        announcer, self._announcer = self._announcer, None
        if self._pushing is not None:
            self._pushing.cancel()
            await asyncio.gather(self._pushing, return_exceptions=True)
            if not self._pushing.cancelled() and self._pushing.exception() is not None:
                log.warning("updating the announcement failed",
                            exc_info=self._pushing.exception())
        if announcer is not None:
            try:
                await announcer.close()
            except Exception:
                log.exception("withdrawing the announcement failed")


async def announce_lobby(
    announce: bool,
    lobby: HostLobby,
    *,
    on_failure: Callable[[WizardError], None] | None = None,
) -> tuple[LobbyAnnouncer | None, WizardError | None]:
    """The lobby announced, if ``announce`` asks for it (``host`` without ``--no-announce``)
    and it listens beyond the loopback, and why it could not be, if it could not
    (``net.discovery.DiscoveryUnavailable``, for :func:`not_announced`).
    ``on_failure`` hears of an announcement that stops later."""
    if not announce or _loopback(lobby.listen_host):
        return None, None  # a lobby on the loopback is for this machine alone
    announcer = LobbyAnnouncer(lobby, on_failure=on_failure)
    try:
        await announcer.start()
    except WizardError as exc:  # DiscoveryUnavailable: multicast cannot run here
        return None, exc
    return announcer, None


def _loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def not_announced(reason: WizardError, lang: str | None) -> str:
    """The sentence a host shows when its lobby cannot be announced (or no longer is).

    English says the reason as ``reason`` does, the system's words included; the other
    languages say its kind in their own words and leave those to the log."""
    tr = Translator(lang)
    kind = getattr(reason, "kind", None)  # DiscoveryUnavailable's: net is imported lazily
    if tr.lang == "en" or kind is None:
        why = str(reason)
    else:
        why = tr(f"find_why_{kind}", address=getattr(reason, "address", ""))
        log.info("the lobby is not announced: %s", reason)
    return tr("find_not_announced", reason=why)


__all__ = ["Announcing", "LobbyAnnouncer", "MakeAnnouncer", "announce_lobby", "not_announced"]
