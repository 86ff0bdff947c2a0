"""The lobby: what the console needs from the networked node before the first card.

A ``LobbyController`` is the lobby's side of the seam (the table's side is
``seat.controller.SeatController``). The console reads ``snapshot()`` — the
addresses to share, the invite code, who is seated with their key fingerprints,
the variants, the seat count aimed at, whether this player may start, and a line
of progress or error — and calls ``start()`` (the host, with 3..6 seated) or
``leave()``. ``subscribe(callback)`` asks to be called, on the event loop's
thread, whenever the snapshot changes.

When the game starts (for the host after ``start()``, for the others when the
host starts it) the snapshot says ``started`` and ``table()`` returns the
``SeatController`` of this player's seat; the console then switches to the table
screen. A lobby that ends without a game (the host left, the table was refused)
sets ``closed`` to the reason.

The host also decides who sits: ``admit``/``refuse`` the joiners that wait (a host
that admits joiners one by one), and ``remove`` a seated player; ``lobby_key``
maps the console's keys (``a``, ``x``, ``-`` and a seat number) to these.

``lobby_lines`` draws the lobby screen from the snapshot alone. Names reach it
only through the lobby's schema, which refuses control characters: none reaches
the terminal.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from prompt_toolkit.formatted_text import StyleAndTextTuples

from wizard_p2p.errors import Said, UsageError
from wizard_p2p.rules import MAX_SEATS, MIN_SEATS
from wizard_p2p.seat.controller import SeatController
from wizard_p2p.tui.controls import Line, flow
from wizard_p2p.tui.text import clip, pad, width

if TYPE_CHECKING:
    from wizard_p2p.tui.i18n import Translator


@dataclass(frozen=True)
class LobbyPlayer:
    name: str
    fingerprint: str  # of the player's signing key, as the node prints it for comparison
    seat: int  # 0-based; shown 1-based
    is_host: bool = False
    is_you: bool = False
    connected: bool = True
    bot: bool = False  # the seat is played by a program


class LobbyStatusKind(StrEnum):
    """What a line of the lobby's progress says: the closed list. The lobby adapter
    produces every member; ``LOBBY_STATUS_WORDS`` words each in the catalogues."""

    CONNECTING = "connecting"  # a joiner's hello is out (``address``: the host's)
    ADMISSION = "admission"  # a joiner waits for the host to admit it
    WAITING_PLAYERS = "waiting_players"  # ``done`` seated of ``total``
    TABLE_FULL = "table_full"  # every seat is taken: the host may start
    STARTING = "starting"  # the host asked to start: the terms go out
    # The host's lobby is announced on the local network, or it is not (``why``: the
    # reason's kind, ``net.discovery``'s; ``address``: the one listened on).
    ANNOUNCED = "announced"
    NOT_ANNOUNCED = "not_announced"


@dataclass(frozen=True)
class LobbyLine:
    """One line of the lobby's progress: ``kind`` says what, the rest fills it in."""

    kind: LobbyStatusKind
    done: int = 0
    total: int = 0
    address: str = ""
    why: str = ""


@dataclass(frozen=True)
class LobbySnapshot:
    """Everything the lobby screen shows. ``status``: the lobby's progress as data, each
    line worded by ``LOBBY_STATUS_WORDS`` in the console's language."""

    addresses: tuple[str, ...]
    invite: str
    players: tuple[LobbyPlayer, ...]
    variants: tuple[str, ...]
    seats: int  # the number of seats the host asked for
    can_start: bool  # this player is the host and MIN_SEATS..MAX_SEATS are seated
    status: tuple[LobbyLine, ...] = ()
    error: str | None = None
    started: bool = False  # table() is ready
    closed: str | None = None  # the lobby ended without a game, and why
    # ... as a sentence the console words in its language (a host's refusal of a kind
    # this client knows); None: ``closed`` is shown as it is.
    closed_said: Said | None = None
    # The variants this player may switch on and off (the host, before the start), in
    # the order the digit keys 1, 2, ... toggle them; empty for everyone else.
    variant_choices: tuple[str, ...] = ()
    # Joiners waiting for the host to admit them (shown to the host; ``seat`` is their
    # place in this list), and whether this player may remove seated players.
    waiting: tuple[LobbyPlayer, ...] = ()
    can_remove: bool = False
    hosting: bool = False  # this player hosts the lobby (its leaving closes it for all)
    fingerprint: str = ""  # this player's own, shown while it waits to be seated
    coach: bool = False  # the terms will let the players ask the coach
    # The lobby's latest news (``node.lobby_news.LobbyNews``'s value, worded by the
    # catalogues' ``lobby_news_<value>``) and whom it is about; "" for none to tell.
    news: str = ""
    news_who: str = ""


@runtime_checkable
class LobbyController(Protocol):
    """What the console may call on a lobby: a lobby is told from a seat by being one."""

    def snapshot(self) -> LobbySnapshot: ...

    def start(self) -> None:
        """Start the game (host only); raises ``UsageError`` with the reason if it cannot."""
        ...

    def set_variants(self, variants: tuple[str, ...]) -> None:
        """Switch the variants (host only, before the start); ``UsageError`` says why not."""
        ...

    def admit(self, index: int) -> None:
        """Seat the waiting joiner ``snapshot().waiting[index]`` (host only)."""
        ...

    def refuse(self, index: int) -> None:
        """Turn the waiting joiner ``snapshot().waiting[index]`` away (host only)."""
        ...

    def remove(self, seat: int) -> None:
        """Take the player at ``seat`` (0-based) off the table (host only)."""
        ...

    def leave(self) -> None: ...

    def subscribe(self, callback: Callable[[], None]) -> None: ...

    def table(self) -> SeatController:
        """The controller of this player's seat, once ``snapshot().started``."""
        ...


_WAITING_SHOWN = 3
# The lobby's own texts (the host's decisions), by language.
_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "bot": "bot",
        "waiting": "Asking to join",
        "admit_keys": "a: admit {name}   x: refuse",
        "remove_key": "-: remove a player",
        "remove_which": "Press the seat number of the player to remove (Esc: no one).",
        "start_with": "Enter: start the game with {n} players",
    },
    "zh": {
        "bot": "机器人",
        "waiting": "请求加入",
        "admit_keys": "a：接纳 {name}　x：拒绝",
        "remove_key": "-：移除一名玩家",
        "remove_which": "请按要移除的玩家的座位号（Esc：取消）。",
        "start_with": "回车：以 {n} 名玩家开始游戏",
    },
    "ja": {
        "bot": "ボット",
        "waiting": "参加希望",
        "admit_keys": "a：{name} を受け入れる　x：断る",
        "remove_key": "-：プレイヤーを外す",
        "remove_which": "外すプレイヤーの席番号を押してください（Esc：やめる）。",
        "start_with": "Enter：{n} 人でゲームを始める",
    },
}


def _label(tr: Translator, key: str) -> str:
    """A label and the colon before its value: full-width inside Chinese and Japanese."""
    return tr(key) + ("：" if tr.lang in ("zh", "ja") else ": ")


def _marks(tr: Translator, marks: list[str]) -> str:
    """A player's marks (host, you, bot) after the name, in the language's brackets."""
    if tr.lang in ("zh", "ja"):
        return "（" + "、".join(marks) + "）"
    return " (" + ", ".join(marks) + ")"


def lobby_text(tr: Translator, key: str, **fields: object) -> str:
    text = _TEXTS.get(tr.lang, _TEXTS["en"])[key]
    return text.format(**fields) if fields else text


def sentence(style: str, text: str) -> list[Line]:
    """``text`` as units ``flow`` may break between: a sentence wraps between its words.

    The spaces are units of their own, which ``flow`` drops at the start of a line.
    """
    return [[(style, part)] for part in re.findall(r"\S+|\s+", text)]


def lobby_key(lobby: LobbyController, snap: LobbySnapshot, key: str, tr: Translator) -> str:
    """What the host's key ``key`` does in the lobby: ``a``/``x`` admit or refuse the
    first joiner waiting, ``-`` asks for a seat to remove, a digit after it removes that
    seat (``-N``). Returns the line to show ("" if nothing)."""
    try:
        if key in ("a", "x") and snap.waiting:
            (lobby.admit if key == "a" else lobby.refuse)(0)
        elif key == "-" and snap.can_remove:
            return lobby_text(tr, "remove_which")
        elif key.startswith("-") and key[1:].isdigit() and snap.can_remove:
            lobby.remove(int(key[1:]) - 1)
    except UsageError as exc:
        return tr("lobby_error", detail=str(exc))
    return ""


@dataclass(frozen=True)
class LobbyWording:
    """How one kind of lobby line is said: its catalogue keys (the first, unless ``pick``
    chooses by the snapshot) and what fills their placeholders."""

    keys: tuple[str, ...]
    fields: Callable[[LobbyLine, Translator], Mapping[str, object]] = lambda line, tr: {}
    pick: Callable[[LobbySnapshot], int] = lambda snap: 0

    def say(self, snap: LobbySnapshot, line: LobbyLine, tr: Translator) -> str:
        return tr(self.keys[self.pick(snap)], **self.fields(line, tr))


def _why_not_announced(line: LobbyLine, tr: Translator) -> Mapping[str, object]:
    return {"reason": tr(f"find_why_{line.why}", address=line.address)}


LOBBY_STATUS_WORDS: Mapping[LobbyStatusKind, LobbyWording] = MappingProxyType({
    LobbyStatusKind.CONNECTING: LobbyWording(
        ("lobby_connecting",), lambda line, tr: {"detail": line.address}),
    LobbyStatusKind.ADMISSION: LobbyWording(("lobby_admission",)),
    LobbyStatusKind.WAITING_PLAYERS: LobbyWording(
        ("lobby_waiting_players",), lambda line, tr: {"done": line.done, "total": line.total}),
    LobbyStatusKind.TABLE_FULL: LobbyWording(
        ("lobby_full", "lobby_full_host"), pick=lambda snap: int(snap.hosting)),
    LobbyStatusKind.STARTING: LobbyWording(("lobby_starting",)),
    LobbyStatusKind.ANNOUNCED: LobbyWording(("lobby_announced",)),
    LobbyStatusKind.NOT_ANNOUNCED: LobbyWording(("find_not_announced",), _why_not_announced),
})


def lobby_status_text(snap: LobbySnapshot, tr: Translator) -> str:
    """The lobby's progress and its latest news, in the player's language."""
    parts = [LOBBY_STATUS_WORDS[line.kind].say(snap, line, tr) for line in snap.status]
    if snap.news:
        parts.insert(1 if parts else 0, tr(f"lobby_news_{snap.news}", who=snap.news_who))
    return tr("semicolon").join(parts)


def _coach_unit(snap: LobbySnapshot, tr: Translator) -> Line:
    """Whether the terms will let the players ask the coach: every player sees it."""
    if snap.coach:
        return [("class:me", tr("coach_allowed"))]
    return [("class:dim", tr("coach_off"))]


def _ending(snap: LobbySnapshot, tr: Translator, cells: int, message: str) -> list[Line]:
    """Why the lobby ended (or the latest error), its progress, and ``message``."""
    lines: list[Line] = []
    if snap.closed:
        closed = tr.say(snap.closed_said) if snap.closed_said is not None else snap.closed
        lines += flow(sentence("class:message", tr("lobby_error", detail=closed)), cells)
    elif snap.error:
        lines += flow(sentence("class:message", tr("lobby_error", detail=snap.error)), cells)
    status = lobby_status_text(snap, tr)
    if status:
        lines += flow(sentence("class:status", status), cells)
    if message:
        lines += flow(sentence("class:message", message), cells)
    return lines


def lobby_lines(
    snap: LobbySnapshot, tr: Translator, cells: int, message: str = ""
) -> list[StyleAndTextTuples]:
    """The lobby screen's body for a width of ``cells``."""
    lines: list[Line] = []
    lines.append([("class:title", clip(f"{tr('title')} - {tr('lobby')}", cells))])
    lines.append([])
    label = _label(tr, "lobby_addresses" if snap.hosting else "lobby_address_joined")
    for address in snap.addresses or ("-",):
        lines += flow([[("", label)], [("class:lobby.address", address)]], cells)
        label = " " * width(label)
    lines += flow(
        [[("", _label(tr, "lobby_invite"))], [("class:lobby.code", snap.invite or "-")]], cells
    )
    if snap.fingerprint and not any(p.is_you for p in snap.players):
        lines += flow([[("", _label(tr, "lobby_your_fingerprint"))],
                       [("class:dim", snap.fingerprint)]], cells)
    lines.append([])
    seated = len(snap.players)
    if snap.closed and not snap.players:
        # A lobby that ended before any table was shown to us (a wrong code, no answer):
        # no seats, no variants to tell of, only why it ended.
        return lines + _ending(snap, tr, cells, message)
    lines.append([("class:header", clip(tr("lobby_players", n=seated, target=snap.seats), cells))])
    name_cells = max(8, min(24, cells - 30))
    for player in sorted(snap.players, key=lambda p: p.seat):
        marks = []
        if player.is_host:
            marks.append(tr("lobby_host"))
        if player.is_you:
            marks.append(tr("you"))
        if player.bot:
            marks.append(lobby_text(tr, "bot"))
        who = player.name + (_marks(tr, marks) if marks else "")
        style = "class:me" if player.is_you else ("class:offline" if not player.connected else "")
        seat = pad(tr("lobby_seat", n=player.seat + 1), 8)
        head = f" {seat}{pad(who, name_cells)}  "
        lines.append([(style, head), ("class:dim", clip(player.fingerprint, cells - width(head)))])
    if snap.waiting:
        lines.append([("class:header", clip(lobby_text(tr, "waiting"), cells))])
        # The first few: the keys act on the first, and the screen must still fit.
        for player in snap.waiting[:_WAITING_SHOWN]:
            head = f" {pad(player.name, name_cells + 8)}  "
            lines.append([("", head), ("class:dim", clip(player.fingerprint, cells - width(head)))])
        if len(snap.waiting) > _WAITING_SHOWN:
            lines.append([("class:dim", f" +{len(snap.waiting) - _WAITING_SHOWN}")])
        first = snap.waiting[0].name
        lines.append([("class:prompt", clip(lobby_text(tr, "admit_keys", name=first), cells))])
    lines.append([])
    if snap.variant_choices:
        # One flowing list (two or three lines), so that six players still fit 24 rows.
        units: list[Line] = [[("", _label(tr, "variants"))]]
        for number, name in enumerate(snap.variant_choices, start=1):
            on = name in snap.variants
            units.append([
                ("", f"{number}"),
                ("class:me" if on else "class:dim", "[x]" if on else "[ ]"),
                ("class:me" if on else "", tr.variant(name)),
            ])
            units.append([("", "  ")])
        units.append(_coach_unit(snap, tr))
        lines += flow(units, cells)
        lines.append(
            [("class:hint", clip(tr("lobby_variant_keys", n=len(snap.variant_choices)), cells))]
        )
    else:
        variants = ", ".join(tr.variant(v) for v in snap.variants) or tr("no_variants")
        lines += flow(
            [[("", _label(tr, "variants"))], [("", variants + "  ")], _coach_unit(snap, tr)], cells
        )
    lines.append([])
    lines += _ending(snap, tr, cells, message)
    if snap.closed:
        return lines  # over: no hint of what to do next in a lobby that is gone
    if snap.can_remove and seated > 1:
        lines.append([("class:hint", clip(lobby_text(tr, "remove_key"), cells))])
    if snap.can_start:
        start = lobby_text(tr, "start_with", n=seated) if seated < snap.seats else tr("lobby_start")
        lines.append([("class:prompt", clip(start, cells))])
    elif not MIN_SEATS <= seated <= MAX_SEATS:
        lines.append([("class:hint", clip(tr("lobby_need", min=MIN_SEATS, max=MAX_SEATS), cells))])
    else:
        lines.append([("class:hint", clip(tr("lobby_wait_host"), cells))])
    return lines
