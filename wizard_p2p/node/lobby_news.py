"""What last happened in a lobby, as data: a ``LobbyNews`` and whom it is about.

Each console words it in its own language (the catalogues' ``lobby_news_<value>``);
``news_text`` is its English, for a headless seat's lines and the program's log.
Nothing reads the English back.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class LobbyNews(enum.StrEnum):
    """The lobby's latest event (host or joiner side)."""

    OPEN = "open"  # the host waits for players
    JOINED = "joined"
    ASKS = "asks"  # a joiner waits for the host to admit it
    ASKS_AGAIN = "asks_again"  # one the host refused or removed asks again
    NOT_ADMITTED = "not_admitted"
    REMOVED = "removed"
    LEFT = "left"
    GONE = "gone"  # not heard for the silence limit
    ENDORSING = "endorsing"  # the terms are out
    STARTED = "started"
    CALLED_OFF_LEFT = "called_off_left"  # the start failed: who left
    CALLED_OFF_GONE = "called_off_gone"  # ... who fell silent
    CALLED_OFF_LATE = "called_off_late"  # ... who did not endorse in time
    DROPPED = "dropped"  # a client dropped for flooding the lobby socket
    CONNECTING = "connecting"  # a joiner: hello sent
    ADMISSION = "admission"  # a joiner: waiting for the host to admit it
    SEATED = "seated"  # a joiner: waiting for the host to start
    GENESIS = "genesis"  # a joiner: endorsed, waiting for the genesis
    CALLED_OFF = "called_off"  # a joiner: the host called the start off


# Progress the lobby screen shows by other means (its seat count, its own lines): not
# news to announce.
QUIET = frozenset({LobbyNews.OPEN, LobbyNews.ENDORSING, LobbyNews.CONNECTING,
                   LobbyNews.ADMISSION, LobbyNews.SEATED, LobbyNews.GENESIS})

_ENGLISH = {
    LobbyNews.OPEN: "waiting for players",
    LobbyNews.JOINED: "{who} joined",
    LobbyNews.ASKS: "{who} asks to join",
    LobbyNews.ASKS_AGAIN: "{who} asks to join again",
    LobbyNews.NOT_ADMITTED: "{who} was not admitted",
    LobbyNews.REMOVED: "{who} was removed",
    LobbyNews.LEFT: "{who} left the lobby",
    LobbyNews.GONE: "{who} is gone (not heard from)",
    LobbyNews.ENDORSING: "waiting for every player to endorse the game",
    LobbyNews.STARTED: "game started",
    LobbyNews.CALLED_OFF_LEFT: "the start was called off: {who} left the lobby",
    LobbyNews.CALLED_OFF_GONE: "the start was called off: {who} is gone (not heard from)",
    LobbyNews.CALLED_OFF_LATE: "the start was called off: {who} did not endorse the game in time",
    LobbyNews.DROPPED: "a client {who} was dropped for flooding the lobby",
    LobbyNews.CONNECTING: "connecting to {who}",
    LobbyNews.ADMISSION: "waiting for the host to admit you",
    LobbyNews.SEATED: "seated; waiting for the host to start",
    LobbyNews.GENESIS: "waiting for the genesis",
    LobbyNews.CALLED_OFF: "the start was called off; waiting for the host to start",
}


@dataclass(frozen=True)
class LobbyStatus:
    """The latest news and whom it is about (a name, names, or a client's address)."""

    news: LobbyNews
    who: str = ""

    @property
    def shown(self) -> bool:
        """Whether a console announces it (the rest it shows by other means)."""
        return self.news not in QUIET


def news_text(status: LobbyStatus) -> str:
    """The status in English, for a headless seat's lines and the log."""
    return _ENGLISH[status.news].format(who=status.who)


# The two events either lobby machine gives its driver for the screen (each machine's
# other events are its own).


@dataclass(frozen=True)
class TableChanged:
    """What the lobby shows of the table changed: who sits or waits, the variants, the
    coach or the stage."""


@dataclass(frozen=True)
class NewsChanged:
    status: LobbyStatus


__all__ = ["QUIET", "LobbyNews", "LobbyStatus", "NewsChanged", "TableChanged", "news_text"]
