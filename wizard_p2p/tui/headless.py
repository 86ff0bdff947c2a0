"""The console without a terminal: for tests, bug reports and docs.

* ``FixedSizeOutput`` — a ``DummyOutput`` that reports a chosen size.
* ``draw``/``screen_text`` — the application's layout drawn exactly as the
  renderer does (``write_to_screen`` into a ``Screen``, floats included) at a
  given size, as one string per row (a wide character counts its two cells).
* ``Driver``/``run_with_keys`` — the application run on an asyncio loop with a
  pipe for input; ``Driver.press`` sends one key at a time and waits (with a
  deadline) until prompt_toolkit has handled it and redrawn the screen, so a
  test can assert on the application's state, as the player sees it, after
  every key; ``Driver.click`` sends a mouse click.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from prompt_toolkit.application.current import set_app
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.layout.mouse_handlers import MouseHandlers
from prompt_toolkit.layout.screen import Char, Screen, WritePosition
from prompt_toolkit.output import DummyOutput
from prompt_toolkit.utils import get_cwidth

if TYPE_CHECKING:
    from wizard_p2p.tui.app import WizardApp


class FixedSizeOutput(DummyOutput):
    """A ``DummyOutput`` of a given size (``DummyOutput`` is always 40×80)."""

    def __init__(self, rows: int = 24, columns: int = 80) -> None:
        self.size = Size(rows=rows, columns=columns)

    def get_size(self) -> Size:
        return self.size


def draw(app: WizardApp, columns: int = 80, rows: int = 24) -> Screen:
    """The layout of ``app`` drawn into a ``Screen`` of ``columns``×``rows`` cells."""
    application = app.application
    output = application.output
    resized = output if isinstance(output, FixedSizeOutput) else None
    if resized is not None:
        saved = resized.size
        resized.size = Size(rows=rows, columns=columns)
    try:
        screen = Screen(default_char=Char(" ", ""), initial_width=columns, initial_height=rows)
        with set_app(application):
            application.layout.container.write_to_screen(
                screen,
                MouseHandlers(),
                WritePosition(xpos=0, ypos=0, width=columns, height=rows),
                parent_style="",
                erase_bg=False,
                z_index=None,
            )
            screen.draw_all_floats()
    finally:
        if resized is not None:
            resized.size = saved
    return screen


def screen_text(app: WizardApp, columns: int = 80, rows: int = 24) -> list[str]:
    """The rows of the drawn screen as text (a wide character and the cell it covers = one char)."""
    screen = draw(app, columns, rows)
    lines: list[str] = []
    for y in range(rows):
        row = screen.data_buffer[y]
        out: list[str] = []
        x = 0
        while x < columns:
            char = row[x].char
            out.append(char)
            x += max(1, get_cwidth(char))
        lines.append("".join(out).rstrip())
    return lines


KEYS = {
    "left": "\x1b[D",
    "right": "\x1b[C",
    "up": "\x1b[A",
    "down": "\x1b[B",
    "enter": "\r",
    "space": " ",
    "escape": "\x1b",
    "pageup": "\x1b[5~",
    "pagedown": "\x1b[6~",
    "home": "\x1b[H",
    "end": "\x1b[F",
    "c-c": "\x03",
}

DEADLINE = 5.0


class Driver:
    def __init__(self, app: WizardApp, pipe: PipeInput) -> None:
        self.app = app
        self.pipe = pipe
        self.keys = 0
        # Wait for the redraw after each key (the state as the player sees it). A long
        # scripted game may turn this off: the state is complete once the key is handled,
        # except for scroll limits, which are known once a window has been drawn.
        self.wait_for_redraw = True

    async def press(self, *keys: str) -> None:
        """Send each key and wait until it has been handled."""
        for key in keys:
            await self._send(KEYS.get(key, key))

    async def click(self, x: int, y: int) -> None:
        """A left click (press and release, xterm SGR encoding) at 0-based cell x, y."""
        for final in ("M", "m"):
            await self._send(f"\x1b[<0;{x + 1};{y + 1}{final}")

    async def _send(self, data: str) -> None:
        """Send ``data`` (one key); return once it is handled and the screen redrawn."""
        application = self.app.application
        handled = asyncio.Event()
        rendered = asyncio.Event()

        def on_key(_: object) -> None:
            handled.set()

        def on_render(_: object) -> None:
            if handled.is_set():
                rendered.set()

        application.key_processor.after_key_press += on_key
        application.after_render += on_render
        try:
            self.pipe.send_text(data)
            await asyncio.wait_for(handled.wait(), DEADLINE)
            # A handled key schedules a redraw; the state the player sees is after it.
            if self.wait_for_redraw and not rendered.is_set() and application.invalidated:
                await asyncio.wait_for(rendered.wait(), DEADLINE)
        finally:
            application.key_processor.after_key_press -= on_key
            application.after_render -= on_render
        self.keys += 1


def run_with_keys(
    make: Callable[[PipeInput, FixedSizeOutput], WizardApp],
    script: Callable[[Driver], Awaitable[Any]],
) -> WizardApp:
    """Run the application built by ``make`` while ``script`` types into it."""

    async def main() -> WizardApp:
        with create_pipe_input() as pipe:
            app = make(pipe, FixedSizeOutput(24, 80))
            driver = Driver(app, pipe)
            task = asyncio.ensure_future(app.application.run_async())
            try:
                await script(driver)
                # The script may have ended the application itself (a key, or a task
                # of the application's own): then it is no longer running.
                if app.application.is_running and not app.application.is_done:
                    app.application.exit()
                await asyncio.wait_for(task, DEADLINE)
            finally:
                if not task.done():
                    task.cancel()
        return app

    return asyncio.run(main())
