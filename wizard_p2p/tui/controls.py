"""Two small prompt_toolkit controls that lay text out for the width they are given.

prompt_toolkit's ``FormattedTextControl`` renders text made before it knows its
width, and its own line wrapping may cut a card in two. ``LinesControl`` instead
asks a render function for lines *at* the width (and height) of its window, so
every panel wraps by whole cards and words, counts wide characters correctly and
never draws past its edge. A fragment may carry a mouse handler as its third
element (as in ``FormattedTextControl``); a click is routed to it by cell column.

``ScrollControl`` shows a window onto many lines (score pad, log, help) at an
offset the application owns, so keys and the mouse wheel can move it and the
tests can read it.
"""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.layout.controls import UIContent, UIControl
from prompt_toolkit.mouse_events import MouseEvent, MouseEventType
from prompt_toolkit.utils import get_cwidth

Line = StyleAndTextTuples
Render = Callable[[int, int | None], list[Line]]


def line_width(line: Line) -> int:
    return sum(get_cwidth(fragment[1]) for fragment in line)


def line_text(line: Line) -> str:
    return "".join(fragment[1] for fragment in line)


def flow(units: list[Line], cells: int) -> list[Line]:
    """Lay out ``units`` (each kept whole when it fits) on lines of at most ``cells`` cells.

    A unit wider than a whole line is cut between characters; a unit that is a
    single space at the start of a line is dropped.
    """
    cells = max(1, cells)
    lines: list[Line] = [[]]
    used = 0
    for unit in units:
        w = line_width(unit)
        if used and used + w > cells:
            lines.append([])
            used = 0
            if line_text(unit).strip() == "":
                continue
        if w <= cells - used:
            lines[-1].extend(unit)
            used += w
            continue
        for fragment in unit:  # wider than a line: cut it by characters
            style, text = fragment[0], fragment[1]
            rest = fragment[2:]
            for ch in text:
                cw = get_cwidth(ch)
                if used + cw > cells:
                    lines.append([])
                    used = 0
                lines[-1].append((style, ch, *rest))
                used += cw
    return [line for line in lines if line] or [[]]


def fit(line: Line, cells: int) -> Line:
    """``line`` cut to ``cells`` cells (fragments kept, the last one shortened)."""
    out: Line = []
    used = 0
    for fragment in line:
        w = get_cwidth(fragment[1])
        if used + w <= cells:
            out.append(fragment)
            used += w
            continue
        kept = ""
        for ch in fragment[1]:
            cw = get_cwidth(ch)
            if used + cw > cells:
                break
            kept += ch
            used += cw
        if kept:
            out.append((fragment[0], kept, *fragment[2:]))
        break
    return out


def _click(lines: list[Line], row: int, column: int, event: MouseEvent) -> object:
    if not 0 <= row < len(lines):
        return NotImplemented
    x = 0
    for fragment in lines[row]:
        w = get_cwidth(fragment[1])
        if x <= column < x + w:
            if len(fragment) > 2:
                return fragment[2](event)
            return NotImplemented
        x += w
    return NotImplemented


class LinesControl(UIControl):
    """Lines of styled fragments computed by ``render(width, height)`` at draw time.

    ``height`` is None when prompt_toolkit asks for the preferred size.
    """

    def __init__(self, render: Render) -> None:
        self._render = render
        self._lines: list[Line] = []
        # What the last draw could not show: cells cut from the widest line, and rows
        # cut at the bottom. The layout tests require both to stay 0 at 80x24.
        self.cut_cells = 0
        self.cut_rows = 0

    def preferred_width(self, max_available_width: int) -> int | None:
        lines = self._render(max_available_width, None)
        return max((line_width(line) for line in lines), default=0)

    def preferred_height(
        self,
        width: int,
        max_available_height: int,
        wrap_lines: bool,
        get_line_prefix: object,
    ) -> int | None:
        return len(self._render(width, None))

    def create_content(self, width: int, height: int) -> UIContent:
        drawn = self._render(width, height)
        self.cut_cells = max([0, *(line_width(line) - width for line in drawn)])
        self.cut_rows = max(0, len(drawn) - height)
        lines = [fit(line, width) for line in drawn]
        self._lines = lines
        return UIContent(
            get_line=lambda i: lines[i] if i < len(lines) else [],
            line_count=len(lines),
            show_cursor=False,
        )

    def mouse_handler(self, mouse_event: MouseEvent) -> object:
        return _click(self._lines, mouse_event.position.y, mouse_event.position.x, mouse_event)

    def is_focusable(self) -> bool:
        return False


class ScrollControl(UIControl):
    """A view of ``lines(width)`` from the offset ``get_offset()``, clamped to the content.

    The clamped offset is written back with ``set_offset`` so that "scroll to the
    end" (a huge offset) followed by "up one page" behaves; ``page`` is the last
    height drawn, for page-wise scrolling.
    """

    def __init__(
        self,
        lines: Callable[[int], list[Line]],
        get_offset: Callable[[], int],
        set_offset: Callable[[int], None],
    ) -> None:
        self._lines_for = lines
        self._get_offset = get_offset
        self._set_offset = set_offset
        self.page = 10
        self.max_offset: int | None = None  # known once drawn
        self.cut_cells = 0  # as in LinesControl (rows beyond the height scroll instead)
        self._shown: list[Line] = []

    def preferred_width(self, max_available_width: int) -> int | None:
        lines = self._lines_for(max_available_width)
        return max((line_width(line) for line in lines), default=0)

    def preferred_height(
        self,
        width: int,
        max_available_height: int,
        wrap_lines: bool,
        get_line_prefix: object,
    ) -> int | None:
        return len(self._lines_for(width))

    def create_content(self, width: int, height: int) -> UIContent:
        drawn = self._lines_for(width)
        self.cut_cells = max([0, *(line_width(line) - width for line in drawn)])
        lines = [fit(line, width) for line in drawn]
        self.page = max(1, height)
        self.max_offset = max(0, len(lines) - height)
        offset = max(0, min(self._get_offset(), self.max_offset))
        self._set_offset(offset)
        shown = lines[offset : offset + height]
        self._shown = shown
        return UIContent(
            get_line=lambda i: shown[i] if i < len(shown) else [],
            line_count=len(shown),
            show_cursor=False,
        )

    def mouse_handler(self, mouse_event: MouseEvent) -> object:
        if mouse_event.event_type is MouseEventType.SCROLL_UP:
            self._set_offset(max(0, self._get_offset() - 3))
            return None
        if mouse_event.event_type is MouseEventType.SCROLL_DOWN:
            self._set_offset(self._get_offset() + 3)
            return None
        return _click(self._shown, mouse_event.position.y, mouse_event.position.x, mouse_event)

    def is_focusable(self) -> bool:
        return False
