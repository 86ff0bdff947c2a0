"""The host's lobby announced on the local network while it is open and its game runs.

``wizard-p2p host`` announces its table with DNS-SD from the moment its lobby opens
(``net.discovery.Announcer``, the TXT record written by ``protocol.announce``):
the host's name, the seats and how many are taken, the variants, when it opened,
and whether it is still a lobby or already playing, so that joiners find the lobby
and watchers the game. Each change of the lobby replaces the record; the end of
the game withdraws it. ``host --no-announce`` and ``play`` announce nothing.

An announcement that cannot be made leaves the host working as before: the reason
is returned to be said in one sentence, and players join with the address.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ipaddress
import os
import time
from typing import TYPE_CHECKING

from wizard_p2p.errors import WizardError
from wizard_p2p.node.lobby import HostLobby
from wizard_p2p.protocol.announce import LOBBY, PLAYING, Announcement, encode_announcement
from wizard_p2p.protocol.messages import PROTOCOL
from wizard_p2p.tui.i18n import Translator

if TYPE_CHECKING:
    from wizard_p2p.net.discovery import Announcer


class LobbyAnnouncer:
    """One host's lobby, announced and kept up to date until :meth:`close`."""

    def __init__(self, lobby: HostLobby, *, opened: float | None = None) -> None:
        self.lobby = lobby
        self.opened = time.time() if opened is None else opened
        self._announcer: Announcer | None = None
        self._latest = b""
        self._pushing: asyncio.Task[None] | None = None

    def announcement(self) -> Announcement:
        lobby = self.lobby
        return Announcement(
            protocol=PROTOCOL,
            name=lobby.name,
            seats=lobby.config.seats,
            seated=min(len(lobby.players), lobby.config.seats),
            variants=lobby.config.variants(),
            opened=int(self.opened),
            # From the moment the terms go out for endorsement the table no longer seats
            # anyone: watchers are the ones to tell.
            state=PLAYING if lobby.starting else LOBBY,
            port=lobby.port,
        )

    async def start(self) -> None:
        """Announce the lobby; ``net.discovery.DiscoveryUnavailable`` says why it cannot be."""
        # Imported by a host that announces: `play` and `resume` start without it.
        from wizard_p2p.net.discovery import Announcer

        self._latest = encode_announcement(self.announcement())
        instance = f"Wizard table {os.urandom(4).hex()}"
        announcer = Announcer(instance, self.lobby.port, self._latest,
                              listen=self.lobby.listen_host)
        await announcer.start()
        self._announcer = announcer
        self.lobby.subscribe(self._changed)

    def _changed(self) -> None:
        if self._announcer is None:
            return
        text = encode_announcement(self.announcement())
        if text == self._latest:
            return
        self._latest = text
        if self._pushing is None or self._pushing.done():
            self._pushing = asyncio.ensure_future(self._push())

    async def _push(self) -> None:
        sent = None
        while self._announcer is not None and sent != self._latest:
            sent = self._latest
            await self._announcer.update(sent)

    async def close(self) -> None:
        """Withdraw the announcement; idempotent."""
        announcer, self._announcer = self._announcer, None
        if self._pushing is not None:
            self._pushing.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._pushing
        if announcer is not None:
            await announcer.close()


async def announce_lobby(
    args: argparse.Namespace, lobby: HostLobby
) -> tuple[LobbyAnnouncer | None, str | None]:
    """The lobby announced, if ``args`` asks for it (``host`` without ``--no-announce``)
    and it listens beyond the loopback, and why it could not be (a clause), if it could
    not."""
    if not getattr(args, "announce", False) or _loopback(lobby.listen_host):
        return None, None  # a lobby on the loopback is for this machine alone
    announcer = LobbyAnnouncer(lobby)
    try:
        await announcer.start()
    except WizardError as exc:  # DiscoveryUnavailable: multicast cannot run here
        return None, str(exc)
    return announcer, None


def _loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def not_announced(reason: str, lang: str | None) -> str:
    """The sentence a host shows when its lobby cannot be announced."""
    return Translator(lang)("find_not_announced", reason=reason)


__all__ = ["LobbyAnnouncer", "announce_lobby", "not_announced"]
