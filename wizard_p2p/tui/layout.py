"""``create_layout(app)``: the screens and windows of the console.

The body is the lobby or the table (a ``DynamicContainer`` follows
``app.screen``); the overlays float above it and are shown when ``app.overlay``
names them; the quit question floats above everything. Every panel is a
``LinesControl`` that lays its text out for the width it gets, so the screen
redraws correctly at any size (prompt_toolkit redraws on SIGWINCH) and the
table fits 80×24 in every language.

The table, top to bottom: title line (round, dealer), seats | trump, the newest
log lines (whatever height is left), who watches and (the host's) who asks to,
the current trick, the hand, the prompt, the message line and the key line. A
watcher's table is the same without the hand: the prompt line says what the
table waits for and what the watcher has verified.
"""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.application.current import get_app_or_none
from prompt_toolkit.filters import Condition
from prompt_toolkit.layout import (
    AnyContainer,
    ConditionalContainer,
    Container,
    DynamicContainer,
    Float,
    FloatContainer,
    HSplit,
    Layout,
    VSplit,
    Window,
)
from prompt_toolkit.layout.containers import to_container
from prompt_toolkit.layout.dimension import Dimension
from prompt_toolkit.layout.mouse_handlers import MouseHandlers
from prompt_toolkit.layout.screen import Char, Screen, WritePosition
from prompt_toolkit.utils import get_cwidth
from prompt_toolkit.widgets import Frame

from wizard_p2p.tui import board, panels, watchers
from wizard_p2p.tui.coach_panel import coach_lines
from wizard_p2p.tui.controls import Line, LinesControl, ScrollControl
from wizard_p2p.tui.lobby_screen import lobby_lines
from wizard_p2p.tui.shared import COACH, FINAL, HELP, LOG, ROUND, SCORES, ConsoleState

TRUMP_PANEL = 26  # cells, frame included
NARROW_TRUMP_PANEL = 18  # below NARROW columns: the seats' table keeps every column
NARROW = 72


def trump_panel_width() -> int:
    return TRUMP_PANEL if _screen_size()[1] >= NARROW else NARROW_TRUMP_PANEL


def _panel(render: Callable[[int, int | None], list[Line]], *, height: int | None = None) -> Window:
    return Window(LinesControl(render), dont_extend_height=True, height=height)


def _screen_size() -> tuple[int, int]:
    app = get_app_or_none()
    if app is None:
        return 24, 80
    size = app.output.get_size()
    return size.rows, size.columns


def create_table(app: ConsoleState) -> HSplit:
    def seats(cells: int, height: int | None) -> list[Line]:
        return board.seat_lines(app, cells, height)

    return HSplit(
        [
            _panel(lambda c, h: board.title_lines(app, c, h), height=1),
            VSplit(
                [
                    Frame(_panel(seats)),
                    Frame(
                        _panel(lambda c, h: board.trump_lines(app, c, h)),
                        title=lambda: app.tr("trump"),
                        width=trump_panel_width,
                    ),
                ]
            ),
            Window(
                LinesControl(lambda c, h: board.recent_lines(app, c, h)),
                height=Dimension(min=0, weight=1),
            ),
            _panel(lambda c, h: watchers.watch_lines(app, c, h)),
            _panel(lambda c, h: [[("", " "), *line] for line in board.trick_lines(app, c - 1, h)]),
            ConditionalContainer(
                Frame(
                    _panel(lambda c, h: board.hand_lines(app, c, h)), title=lambda: app.tr("hand")
                ),
                filter=Condition(lambda: not app.watching),
            ),
            _panel(lambda c, h: board.prompt_lines(app, c, h)),
            _panel(lambda c, h: board.message_lines(app, c, h)),
            _panel(lambda c, h: board.footer_lines(app, c, h), height=1),
        ]
    )


def create_lobby(app: ConsoleState) -> HSplit:
    def body(cells: int, height: int | None) -> list[Line]:
        assert app.lobby_snapshot is not None
        return lobby_lines(app.lobby_snapshot, app.tr, cells, app.message)

    return HSplit(
        [
            Window(
                LinesControl(lambda c, h: [[("", " "), *line] for line in [[], *body(c - 1, h)]])
            ),
            Window(height=Dimension(min=0, weight=1)),
            _panel(lambda c, h: board.footer_lines(app, c, h), height=1),
        ]
    )


def _scroll_window(app: ConsoleState, name: str, lines: Callable[[int], list[Line]]) -> Window:
    def set_offset(value: int) -> None:
        app.scroll = value

    control = ScrollControl(lines, lambda: app.scroll, set_offset)
    app.scroll_controls[name] = control
    return Window(control)


def _overlay(
    app: ConsoleState, name: str, title: Callable[[], str], lines: Callable[[int], list[Line]]
) -> Float:
    """A scrollable window over the table, between the title line and the key line."""
    body = HSplit(
        [
            _scroll_window(app, name, lines),
            Window(
                LinesControl(lambda c, h: [[("class:hint", app.tr("scroll_hint")[:c])]]),
                height=1,
            ),
        ]
    )
    return Float(
        ConditionalContainer(
            SquareLeftEdge(Frame(body, title=title, style="class:overlay")),
            filter=Condition(lambda: app.overlay == name),
        ),
        top=1,
        bottom=1,
        left=0,
        right=0,
    )


class SquareLeftEdge(Container):
    """A window drawn over others that keeps its left border.

    A terminal draws a wide character (巫, ウ) over two cells. One that starts in the
    cell left of a window drawn over it would cover the window's first cell, its
    border: that character gives way to a space.
    """

    def __init__(self, content: AnyContainer) -> None:
        self.content = to_container(content)

    def reset(self) -> None:
        self.content.reset()

    def preferred_width(self, max_available_width: int) -> Dimension:
        return self.content.preferred_width(max_available_width)

    def preferred_height(self, width: int, max_available_height: int) -> Dimension:
        return self.content.preferred_height(width, max_available_height)

    def write_to_screen(
        self,
        screen: Screen,
        mouse_handlers: MouseHandlers,
        write_position: WritePosition,
        parent_style: str,
        erase_bg: bool,
        z_index: int | None,
    ) -> None:
        def square() -> None:
            x = write_position.xpos - 1
            if x < 0:
                return
            for y in range(write_position.ypos, write_position.ypos + write_position.height):
                row = screen.data_buffer[y]
                if x in row and row[x].width > 1:
                    row[x] = Char(" ", row[x].style)

        # Queued at the window's own depth, before its parts: it runs once whatever is
        # below has been drawn.
        screen.draw_with_z_index(z_index=z_index or 0, draw_func=square)
        self.content.write_to_screen(
            screen, mouse_handlers, write_position, parent_style, erase_bg, z_index
        )

    def get_children(self) -> list[Container]:
        return [self.content]


def _dialog(
    app: ConsoleState,
    shown: Callable[[], bool],
    title: Callable[[], str],
    lines: Callable[[ConsoleState, int], list[Line]],
    z_index: int = 1,
) -> Float:
    """A centred window sized to its text (at most the screen less a margin)."""

    def room() -> int:
        return max(10, min(70, _screen_size()[1] - 4))

    # prompt_toolkit sizes a float even while it is hidden: only measure a shown one.
    def width() -> int:
        if not shown():
            return 1
        # Wide enough for the text and for the title with the frame's decorations.
        wanted = max(panels.dialog_width(lines(app, room())), get_cwidth(title()) + 8, 24)
        return min(room(), wanted) + 2

    def height() -> int:
        if not shown():
            return 1
        return min(_screen_size()[0] - 2, len(lines(app, width() - 2)) + 2)

    return Float(
        ConditionalContainer(
            SquareLeftEdge(
                Frame(
                    Window(LinesControl(lambda c, h: lines(app, c))),
                    title=title,
                    style="class:dialog",
                )
            ),
            filter=Condition(shown),
        ),
        width=width,
        height=height,
        z_index=z_index,
    )


def create_layout(app: ConsoleState) -> Layout:
    table_screen = create_table(app)
    lobby_screen = create_lobby(app)
    body = DynamicContainer(lambda: table_screen if app.screen == "table" else lobby_screen)

    def final_title() -> str:
        return app.tr("game_over_title")

    def round_title() -> str:
        result = app.summary
        return app.tr("round_over", n=result.round_no) if result is not None else ""

    floats = [
        _overlay(app, SCORES, lambda: app.tr("scorepad"), lambda c: panels.scorepad_lines(app, c)),
        _overlay(app, LOG, lambda: app.tr("log"), lambda c: panels.log_lines(app, c)),
        _overlay(app, HELP, lambda: app.tr("help"), lambda c: panels.help_lines(app, c)),
        # The quit question stands alone: the window it would cover comes back after it.
        _dialog(
            app, lambda: app.overlay == ROUND and not app.confirm_quit, round_title,
            panels.round_lines,
        ),
        _dialog(
            app, lambda: app.overlay == FINAL and not app.confirm_quit, final_title,
            panels.final_lines,
        ),
        _dialog(
            app, lambda: app.overlay == COACH and not app.confirm_quit,
            lambda: app.tr("coach_title"), coach_lines,
        ),
        _dialog(
            app,
            lambda: app.confirm_quit,
            lambda: app.tr("quit_title"),
            panels.quit_lines,
            z_index=2,
        ),
    ]
    return Layout(FloatContainer(body, floats))
