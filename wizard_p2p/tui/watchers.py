"""Who watches the table: the line on the players' boards and the host's answers.

Every seat's board names who watches now (``Snapshot.watchers``: "watching: Ann,
Bo"), and so does a watcher's. The host's snapshot alone lists those asking to
watch (``Snapshot.watch_requests``, oldest first): the board shows the first few
with their key's fingerprint, and ``a`` / ``x`` admit or refuse the oldest, as the
lobby's keys do for a player asking to join. The controller's refusal (a
``WizardError``: not the host, the request gone) becomes the message line.
"""

from __future__ import annotations

from wizard_p2p.errors import WizardError
from wizard_p2p.seat.controller import SeatController, Snapshot
from wizard_p2p.tui.board import words
from wizard_p2p.tui.controls import Line, flow
from wizard_p2p.tui.i18n import Translator
from wizard_p2p.tui.shared import ConsoleState
from wizard_p2p.tui.text import clip

# Requests drawn at once: the keys act on the first, and the table must still fit 24 rows.
_REQUESTS_SHOWN = 2
ADMIT, REFUSE = "a", "x"


def is_watching(snapshot: Snapshot | None) -> bool:
    """Whether the console shows a watcher's table (no seat, no hand, no choice)."""
    return snapshot is not None and snapshot.view.watcher


def has_requests(app: ConsoleState) -> bool:
    snap = app.snapshot
    return snap is not None and bool(snap.watch_requests) and not snap.view.watcher


def watch_lines(app: ConsoleState, cells: int, height: int | None) -> list[Line]:
    """Who watches, then (on the host's board) who asks to: no line when neither."""
    snap = app.snapshot
    if snap is None:
        return []
    tr = app.tr
    lines: list[Line] = []
    if snap.watchers:
        names = tr("comma").join(snap.watchers)
        lines += flow([[("", " ")], *words(tr("watchers", names=names), "class:dim")], cells)
    if snap.view.watcher:
        return lines
    requests = snap.watch_requests
    for request in requests[:_REQUESTS_SHOWN]:
        text = tr("watch_request", name=request.name, fingerprint=request.fingerprint)
        if request is requests[0]:
            text += tr("then") + tr("watch_request_keys")
        lines += flow([[("", " ")], *words(text, "class:prompt")], cells)
    if len(requests) > _REQUESTS_SHOWN:
        more = tr("watch_requests_more", n=len(requests) - _REQUESTS_SHOWN)
        lines.append([("", " "), ("class:dim", clip(more, cells - 1))])
    return lines


def watch_key(controller: SeatController, snapshot: Snapshot, key: str, tr: Translator) -> str:
    """``a`` / ``x`` on the host's board: admit or refuse the oldest request.

    Returns the message line: what was done, or the controller's refusal.
    """
    if not snapshot.watch_requests:
        return ""
    request = snapshot.watch_requests[0]
    try:
        if key == ADMIT:
            controller.admit_watcher(request.key)
        else:
            controller.refuse_watcher(request.key)
    except WizardError as exc:
        return tr("err_refused", detail=str(exc))
    done = "watch_admitted" if key == ADMIT else "watch_refused"
    return tr(done, name=request.name)
