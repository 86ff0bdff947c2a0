"""Finding a table on the local network: the list of lobbies heard, then the invite code.

A ``FindSource`` is what the console needs from discovery (the application layer
builds it over the network's browser): ``snapshot()`` — the tables heard now, as
``FoundTable`` rows already read and checked — and ``subscribe(callback)``, called
on the loop whenever the list changes. The screen lists each table's host, its
players seated of its seats, its variants and how long ago it opened (for a
watcher, whether its game is playing), updating live; a table of another protocol
version is greyed, with the version it plays, and so is a table of another game
than the player's, with the game it plays. ↑/↓ choose, Enter takes the table
chosen (or says in one sentence why it cannot), ``q`` leaves. A joiner without an
invite code is then asked for it: the code is never announced, so the list alone
lets nobody in.

``run_find_async`` runs the screen and returns the table chosen with the code typed
(or None if the player left). Given ``check_code``, the screen asks the table's lobby
whether it takes the code before it closes: a code the lobby refuses is said on the
screen, and the player types it again (or goes back to the list). Every text is from
the catalogues; the names reach the screen only through the announcement's schema,
which refuses control characters.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Protocol

from prompt_toolkit.application import Application
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.layout import HSplit, Layout, Window
from prompt_toolkit.output import Output

from wizard_p2p.tui.controls import Line, LinesControl, flow
from wizard_p2p.tui.i18n import Translator
from wizard_p2p.tui.lobby_screen import sentence
from wizard_p2p.tui.style import STYLE
from wizard_p2p.tui.text import clip, pad, width

E = KeyPressEvent
LIST, CODE = "list", "code"
# Whether the lobby of a table takes a code: None if it does, else the catalogue key
# of the sentence that says why not.
CodeCheck = Callable[["FoundTable", str], Awaitable[str | None]]
MAX_CODE_CHARS = 16  # an invite code with its dash is 9; room for spaces typed


@dataclass(frozen=True)
class FoundTable:
    """A table heard on the network, as the list shows it."""

    key: str  # the same table from one snapshot to the next
    name: str  # the host player's
    address: str  # host:port of its lobby
    seats: int
    seated: int
    variants: tuple[str, ...]
    age: float  # seconds since its lobby opened
    playing: bool = False  # its game has begun
    compatible: bool = True  # it plays this program's protocol version
    version: str = ""  # the protocol it plays, said when it is not this program's
    game: str = ""  # the game it plays, said when it is not the player's ("": the same)


@dataclass(frozen=True)
class FindSnapshot:
    tables: tuple[FoundTable, ...]
    unreadable: int = 0  # announcements heard that could not be read (not shown)


class FindSource(Protocol):
    def snapshot(self) -> FindSnapshot: ...

    def subscribe(self, callback: Callable[[], None]) -> None: ...


def age_text(tr: Translator, seconds: float) -> str:
    minutes = int(max(0.0, seconds) // 60)
    if minutes < 1:
        return tr("find_age_now")
    if minutes < 120:
        return tr("find_age_min", n=minutes)
    return tr("find_age_hours", n=minutes // 60)


class FindState:
    """The list, the table chosen (by key, so it stays chosen as rows come and go), and
    the code typed."""

    def __init__(
        self, source: FindSource, tr: Translator, *, ask_code: bool, watching: bool
    ) -> None:
        self.source = source
        self.tr = tr
        self.ask_code = ask_code
        self.watching = watching
        self.stage = LIST
        self.selected: str | None = None
        self.code = ""
        self.message = ""
        self.chosen: FoundTable | None = None

    @property
    def snap(self) -> FindSnapshot:
        return self.source.snapshot()

    def index(self, tables: tuple[FoundTable, ...]) -> int:
        keys = [t.key for t in tables]
        return keys.index(self.selected) if self.selected in keys else 0

    def move(self, step: int) -> None:
        tables = self.snap.tables
        if tables:
            self.selected = tables[(self.index(tables) + step) % len(tables)].key
            self.message = ""

    def choose(self) -> bool:
        """Take the table chosen (True: the screen is done), or say why not."""
        tables = self.snap.tables
        if not tables:
            return False
        table = tables[self.index(tables)]
        if not table.compatible:
            self.message = self.tr("find_other_version")
        elif table.game:
            self.message = self.tr("find_other_game", game=self.tr(f"game_name_{table.game}"))
        elif not self.watching and table.playing:
            self.message = self.tr("find_playing_already")
        elif not self.watching and table.seated >= table.seats:
            self.message = self.tr("find_full")
        else:
            self.chosen, self.selected, self.message = table, table.key, ""
            if not self.ask_code:
                return True
            self.stage = CODE
        return False

    def type_text(self, text: str) -> None:
        if self.stage == CODE and len(self.code) < MAX_CODE_CHARS and text.isprintable():
            self.code += text.upper()
            self.message = ""

    def enter_code(self) -> bool:
        if self.code.strip():
            return True
        self.message = self.tr("find_code_needed")
        return False

    def back(self) -> None:
        self.stage, self.code, self.chosen, self.message = LIST, "", None, ""


def _table_row(state: FindState, table: FoundTable, chosen: bool, cells: int,
               players_cells: int) -> Line:
    tr = state.tr
    mark = "> " if chosen else "  "
    players = tr("find_players", seated=table.seated, seats=table.seats)
    variants = ", ".join(tr.variant(v) for v in table.variants) or tr("no_variants")
    if not table.compatible:  # why it is greyed: its variants are another version's
        variants = tr("find_version", version=table.version or "?")
    elif table.game:  # greyed too: a table of another game
        variants = tr("find_game", game=tr(f"game_name_{table.game}"))
    elif state.watching:
        variants = (tr("find_playing") if table.playing else tr("find_in_lobby")) + tr(
            "semicolon") + variants
    age = age_text(tr, table.age)
    name_cells = max(6, min(20, cells // 4))
    head = f"{mark}{pad(table.name, name_cells)}  {pad(players, players_cells)}  "
    tail = f"  {age}"
    middle = pad(variants, max(0, cells - width(head) - width(tail)))
    greyed = not table.compatible or bool(table.game)
    style = "class:me reverse" if chosen else ("class:dim" if greyed else "")
    return [(style, clip(head + middle + tail, cells))]


def find_lines(state: FindState, cells: int) -> list[Line]:
    """The screen's body for a width of ``cells``."""
    tr = state.tr
    snap = state.snap
    lines: list[Line] = [[("class:title", clip(f"{tr('title')} - {tr('find_title')}", cells))]]
    lines.append([])
    tables = snap.tables
    if state.stage == CODE and state.chosen is not None:
        table = state.chosen
        lines.append([("class:header", clip(table.name, cells))])
        lines.append([("class:dim", clip(table.address, cells))])
        lines.append([])
        lines += flow([[("class:prompt", tr("find_code_prompt"))],
                       [("class:lobby.code", state.code + "_")]], cells)
        lines.append([])
        lines += flow(sentence("class:hint", tr("find_code_hint")), cells)
    else:
        lines.append([("class:header", clip(tr("find_tables", n=len(tables)), cells))])
        chosen = state.index(tables)
        players_cells = max((width(tr("find_players", seated=t.seated, seats=t.seats))
                             for t in tables), default=0)
        for i, table in enumerate(tables):
            lines.append(_table_row(state, table, i == chosen, cells, players_cells))
        if not tables:
            lines += flow(sentence("class:status", tr("find_listening")), cells)
            lines.append([])
            lines += flow(sentence("class:hint", tr(
                "find_none_yet_watch" if state.watching else "find_none_yet")), cells)
        if snap.unreadable:
            lines.append([])
            lines += flow(sentence("class:dim", tr("find_unreadable", n=snap.unreadable)), cells)
    if state.message:
        lines.append([])
        lines += flow(sentence("class:message", state.message), cells)
    return lines


class FindApp:
    """The list of tables as a full-screen prompt_toolkit application."""

    def __init__(
        self,
        source: FindSource,
        lang: str | None = None,
        *,
        ask_code: bool = False,
        watching: bool = False,
        check_code: CodeCheck | None = None,
        input: Input | None = None,
        output: Output | None = None,
    ) -> None:
        self.tr = Translator(lang)
        self.state = FindState(source, self.tr, ask_code=ask_code, watching=watching)
        self.check_code = check_code
        self.checking: asyncio.Task[None] | None = None
        body = Window(LinesControl(lambda cells, _: find_lines(self.state, cells)))
        footer = Window(LinesControl(self._footer), height=1)
        self.application: Application[bool] = Application(
            layout=Layout(HSplit([body, footer])),
            key_bindings=create_find_keys(self.state, self._code_entered),
            style=STYLE,
            full_screen=True,
            input=input,
            output=output,
            refresh_interval=1.0,  # the ages move on
        )
        self.application.ttimeoutlen = 0.05
        source.subscribe(self.application.invalidate)

    def _code_entered(self) -> None:
        """The code is typed: done, or (with ``check_code``) done once the lobby takes it."""
        if self.check_code is None:
            self.application.exit(result=True)
            return
        if self.checking is not None and not self.checking.done():
            return  # Enter again while the lobby is asked
        table, code = self.state.chosen, self.state.code.strip()
        assert table is not None
        self.state.message = self.tr("find_code_checking")
        check = self.check_code

        async def ask() -> None:
            refusal = await check(table, code)
            if not self.application.is_running:
                return  # the player left meanwhile (Ctrl-C)
            if refusal is None:
                self.application.exit(result=True)
                return
            self.state.code, self.state.message = "", self.tr(refusal)
            self.application.invalidate()

        self.checking = asyncio.get_running_loop().create_task(ask())

    def _footer(self, cells: int, height: int | None) -> list[Line]:
        if self.state.stage == CODE:
            key = "find_footer_code"
        else:
            key = "find_footer_watch" if self.state.watching else "find_footer"
        return [[("class:footer", pad(self.tr(key), cells))]]


def create_find_keys(state: FindState, code_entered: Callable[[], None] | None = None
                     ) -> KeyBindings:
    kb = KeyBindings()

    @kb.add("up")
    def _up(event: E) -> None:
        if state.stage == LIST:
            state.move(-1)

    @kb.add("down")
    def _down(event: E) -> None:
        if state.stage == LIST:
            state.move(1)

    @kb.add("enter")
    def _enter(event: E) -> None:
        if state.stage == LIST:
            if state.choose():
                event.app.exit(result=True)
        elif state.enter_code():
            if code_entered is None:
                event.app.exit(result=True)
            else:
                code_entered()

    @kb.add("escape")
    def _back(event: E) -> None:
        if state.stage == CODE:
            state.back()
        else:
            state.message = ""

    @kb.add("backspace")
    def _erase(event: E) -> None:
        state.code = state.code[:-1]

    @kb.add("c-c")
    def _quit_now(event: E) -> None:
        event.app.exit(result=False)

    @kb.add("<any>")
    def _key(event: E) -> None:
        data = event.data
        if state.stage == CODE:
            state.type_text(data)
        elif data in ("q", "Q"):
            event.app.exit(result=False)

    return kb


async def run_find_async(
    source: FindSource,
    *,
    lang: str | None = None,
    ask_code: bool = False,
    watching: bool = False,
    check_code: CodeCheck | None = None,
    input: Input | None = None,
    output: Output | None = None,
) -> tuple[FoundTable, str] | None:
    """Run the screen until a table is chosen (with the code typed, if ``ask_code``;
    else "", and taken by its lobby, given ``check_code``) or the player leaves (None)."""
    app = FindApp(source, lang, ask_code=ask_code, watching=watching, check_code=check_code,
                  input=input, output=output)
    if not await app.application.run_async():
        return None
    chosen = app.state.chosen
    assert chosen is not None
    return chosen, app.state.code.strip()


__all__ = [
    "CodeCheck",
    "FindApp",
    "FindSnapshot",
    "FindSource",
    "FindState",
    "FoundTable",
    "age_text",
    "find_lines",
    "run_find_async",
]
