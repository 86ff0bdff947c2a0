"""What the console shows while it waits, and a game that ends early.

``Watched`` wraps a ``OfflineSeat`` and adds to its snapshots what a networked
table reports (progress, disconnected seats, an abort), as the node will.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

import pytest
from prompt_toolkit.input import create_pipe_input

from wizard_p2p.bots import make_policy
from wizard_p2p.errors import PeerFault
from wizard_p2p.protocol.events import Aborted, Faulted
from wizard_p2p.rules import Card, GameConfig, Phase, Suit
from wizard_p2p.seat.controller import Snapshot, Status, StatusKind
from wizard_p2p.seat.offline import OfflineSeat
from wizard_p2p.tui.app import FINAL, WizardApp
from wizard_p2p.tui.board import status_text
from wizard_p2p.tui.headless import FixedSizeOutput, screen_text


class Watched:
    """A SeatController whose snapshots carry extra status, like a networked one."""

    def __init__(self, inner: OfflineSeat) -> None:
        self.inner = inner
        self.seat = inner.seat
        self.status: tuple[Status, ...] = ()
        self.connected: tuple[bool, ...] | None = None
        self.ended: Aborted | Faulted | None = None
        self.resumable = False
        self.callbacks: list[Callable[[], None]] = []
        self.quit_called = False

    def snapshot(self) -> Snapshot:
        snap = self.inner.snapshot()
        return dataclasses.replace(
            snap,
            status=self.status,
            connected=self.connected or snap.connected,
            ended=self.ended,
            resumable=self.resumable,
            bots=frozenset(),  # its other seats stand for people at a networked table
        )

    def bid(self, tricks: int) -> None:
        self.inner.bid(tricks)

    def choose_trump(self, suit: Suit) -> None:
        self.inner.choose_trump(suit)

    def play(self, card: Card) -> None:
        self.inner.play(card)

    def subscribe(self, callback: Callable[[], None]) -> None:
        self.callbacks.append(callback)

    def quit(self) -> None:
        self.quit_called = True

    def abort_stalled(self) -> None:
        self.inner.abort_stalled()

    def changed(self) -> None:
        for callback in self.callbacks:
            callback()


def watched(seats: int = 4) -> Watched:
    policies = [None] + [make_policy("random") for _ in range(seats - 1)]
    names = ["You", "Ana", "Ben", "Cho", "Dee", "Eve"][:seats]
    return Watched(OfflineSeat(GameConfig(seats), names, policies, seed=1, first_dealer=0))


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", ["shuffling (3/6)", "waiting for Ana to bid", "Ben disconnected - waiting"]),
        ("zh", ["洗牌中（3/6）", "等待 Ana 预测", "Ben 已断线，等待中"]),
        ("ja", ["シャッフル中（3/6）", "Ana の予想を待っています", "Ben の接続が切れました"]),
    ],
)
def test_progress_is_shown_while_waiting(lang: str, expected: list[str]) -> None:
    c = watched()
    with create_pipe_input() as pipe:
        app = WizardApp(c, lang, input=pipe, output=FixedSizeOutput())
        c.status = (
            Status(StatusKind.SHUFFLING, done=3, total=6),
            Status(StatusKind.WAITING_BID, seat=1),
            Status(StatusKind.DISCONNECTED, seat=2),
        )
        c.connected = (True, True, False, True)
        c.changed()
        text = status_text(app)
        for part in expected:
            assert part in text
        screen = screen_text(app)
        joined = "\n".join(screen)
        ben_row = next(row for row in screen if "│x Ben" in row)
        assert ben_row  # the disconnected seat is marked in the seat list
        # The progress is on screen, not just in the state (it may wrap at the edge).
        assert expected[0] in joined


def test_waiting_is_derived_from_the_view_when_the_controller_says_nothing() -> None:
    c = watched()
    with create_pipe_input() as pipe:
        app = WizardApp(c, "en", input=pipe, output=FixedSizeOutput())
        assert app.snapshot is not None
        view = app.snapshot.view
        assert view.my_turn and status_text(app) == ""
        # Pretend it is Cho's turn, as a networked table would show while Cho thinks.
        app.snapshot = dataclasses.replace(app.snapshot, view=dataclasses.replace(view, to_move=3))
        assert status_text(app) == "waiting for Cho to bid"
        assert app.mode == "wait"
        app.confirm()
        assert app.message == "It is not your turn."


def test_an_aborted_game_says_why_and_leaves() -> None:
    c = watched()
    with create_pipe_input() as pipe:
        app = WizardApp(c, "en", input=pipe, output=FixedSizeOutput())
        c.ended = Aborted(writer=0, stalled=2, reason="stalled past the time limit")
        c.changed()
        assert app.overlay == FINAL and app.mode == "over"
        said = "the game was aborted: Ben (seat 3) held up the game past the time limit"
        assert said in " ".join(" ".join(screen_text(app)).split())
        app.confirm()
        assert app.left and c.quit_called


def test_the_quit_question_says_whether_the_game_can_be_resumed() -> None:
    c = watched()
    with create_pipe_input() as pipe:
        app = WizardApp(c, "en", input=pipe, output=FixedSizeOutput())
        app.request_quit()
        assert "This practice game ends here." in "\n".join(screen_text(app))
        c.resumable = True  # a networked table keeps its log and secrets on disk
        c.changed()
        assert "The game stays resumable" in "\n".join(screen_text(app))
        app.answer_quit(True)
        assert c.quit_called and app.left




@pytest.mark.parametrize("lang", ["en", "zh", "ja"])
def test_an_aborted_games_standings_are_in_the_rules_order_and_mark_the_staller(
    lang: str,
) -> None:
    c = watched()
    s = c.inner
    while s.game.round_no < 4:  # three rounds scored: totals that differ
        view = s.snapshot().view
        if view.phase is Phase.BID:
            s.bid(view.legal_bids[0])
        elif view.phase is Phase.CHOOSE_TRUMP:
            s.choose_trump(Suit.ELVES)
        else:
            s.play(view.legal_plays[0])
    totals = s.snapshot().view.totals
    with create_pipe_input() as pipe:
        app = WizardApp(c, lang, input=pipe, output=FixedSizeOutput(30, 80))
        tr = app.tr
        # The staller is the seat with the most points: the rules keep it first, marked.
        stalled = max(range(4), key=lambda seat: (totals[seat], -seat))
        c.ended = Aborted(writer=(stalled + 1) % 4, stalled=stalled,
                          reason="stalled past the time limit")
        c.changed()
        assert app.overlay == FINAL
        text = "\n".join(screen_text(app, 80, 30))
        said = tr("aborted", detail=tr("ended_stalled", name=app.name(stalled), seat=stalled + 1))
        assert said in text
        assert "stalled: stalled" not in text
        # The standings' rows: a place, a name and a total, inside the window.
        rows = [m.group(1) for m in re.finditer(r"│\S+ +(.+?) +-?\d+ *│", text)]
        listed = [next(seat for seat in range(4) if row.startswith(app.name(seat)))
                  for row in rows]
        assert listed == sorted(range(4), key=lambda seat: (-totals[seat], seat))
        marked = [row for row in rows if tr("stalled_mark").strip() in row]
        assert len(marked) == 1 and app.name(stalled) in marked[0]


@pytest.mark.parametrize("lang", ["en", "zh", "ja"])
def test_a_seat_heard_again_after_a_disconnection_is_said_to_be_back(lang: str) -> None:
    c = watched()
    with create_pipe_input() as pipe:
        app = WizardApp(c, lang, input=pipe, output=FixedSizeOutput())
        tr = app.tr
        c.connected = (True, False, True, True)
        c.changed()
        assert tr("disconnected", name=app.name(1)) in "\n".join(screen_text(app))
        assert app.message != tr("seat_back", name=app.name(1))
        c.connected = (True, True, True, True)
        c.changed()
        assert app.message == tr("seat_back", name=app.name(1))
        assert app.message in "\n".join(screen_text(app))
        c.changed()  # nothing new: the message stays as it was, said once
        assert app.message == tr("seat_back", name=app.name(1))


@pytest.mark.parametrize("lang", ["en", "zh", "ja"])
def test_a_cheat_that_ended_the_game_is_said_by_its_kind(lang: str) -> None:
    c = watched()
    with create_pipe_input() as pipe:
        app = WizardApp(c, lang, input=pipe, output=FixedSizeOutput(30, 80))
        tr = app.tr
        reason = "the card R7 does not follow suit"
        c.ended = Faulted(PeerFault(reason, seat=2, position=39, kind="follow-suit"))
        c.changed()
        text = "\n".join(screen_text(app, 80, 30))
        detail = (tr("fault_detail", kind=tr("fault_kind_follow_suit"), reason=reason)
                  if lang == "en" else tr("fault_kind_follow_suit"))
        said = tr("ended_cheating", seat=3, name=app.name(2), line=40, detail=detail)
        assert status_text(app) == tr("aborted", detail=said)
        assert tr("fault_kind_follow_suit") in text and app.name(2) in text
        if lang != "en":  # the verifier's English words are the audit's, not the console's
            assert "cheating detected" not in text and "follow suit" not in text
        else:
            assert reason in text
