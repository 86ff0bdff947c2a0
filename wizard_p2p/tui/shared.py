"""What the console's parts share: the overlays' names and the application's state.

``keys``, ``layout``, ``board``, ``panels`` and ``story`` read and act on the
application through ``ConsoleState``, the part of ``WizardApp`` they use. They
import this module, never ``app``: ``app`` builds its layout and key bindings
from them, so the dependency runs one way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from wizard_p2p.bots.coach import Advice
from wizard_p2p.rules import Card, RoundResult, Suit
from wizard_p2p.rules.series import SeriesAfter
from wizard_p2p.seat.controller import Snapshot
from wizard_p2p.tui.controls import ScrollControl
from wizard_p2p.tui.i18n import Translator
from wizard_p2p.tui.lobby_screen import LobbySnapshot

# Overlays, drawn over the table; the quit question is drawn over any of them.
HELP = "help"
SCORES = "scores"
LOG = "log"
ROUND = "round"  # the summary of the round just scored
FINAL = "final"  # the final standings (or why the game was aborted)
COACH = "coach"  # the coach's advice on the decision at hand
SCROLLABLE = (HELP, SCORES, LOG)

SUITS: tuple[Suit, ...] = tuple(Suit)


class ConsoleState(Protocol):
    """The application as its keys and screens see it (``WizardApp`` implements it)."""

    tr: Translator
    snapshot: Snapshot | None
    lobby_snapshot: LobbySnapshot | None
    overlay: str | None
    confirm_quit: bool
    message: str
    selected: int
    bid_choice: int
    trump_choice: int
    scroll: int
    summary: RoundResult | None
    preselected: Card | None
    scroll_controls: dict[str, ScrollControl]
    coach_advice: Advice | None  # the advice the COACH window shows (None: thinking)
    offer_again: bool  # game over may offer another game at the same table
    # A series' standings once this game is over (None: not a series' later game).
    standings: Callable[[], SeriesAfter | None] | None

    @property
    def screen(self) -> str: ...

    @property
    def mode(self) -> str: ...

    @property
    def hand(self) -> tuple[Card, ...]: ...

    @property
    def selected_card(self) -> Card | None: ...

    def name(self, seat: int) -> str: ...

    def lobby_key(self, key: str) -> None: ...
    def is_me(self, seat: int | None) -> bool: ...

    @property
    def watching(self) -> bool: ...

    def watch_key(self, key: str) -> None: ...

    def move(self, delta: int) -> None: ...
    def play_again(self) -> None: ...

    def adjust_bid(self, delta: int) -> None: ...

    def digit(self, d: str) -> None: ...

    def choose_suit(self, suit: Suit) -> None: ...

    def click_card(self, index: int) -> None: ...

    def click_bid(self, value: int) -> None: ...

    def click_suit(self, index: int) -> None: ...

    def confirm(self) -> None: ...

    def toggle_overlay(self, name: str) -> None: ...

    def close_overlay(self) -> None: ...

    def show_round_hands(self) -> None: ...

    def continue_(self) -> None: ...

    def scroll_by(self, lines: int) -> None: ...

    def scroll_page(self, pages: int) -> None: ...

    def end_stalled(self) -> None: ...

    def toggle_bell(self) -> None: ...

    def ask_coach(self) -> None: ...

    @property
    def coach_allowed(self) -> bool: ...

    @property
    def can_preselect(self) -> bool: ...

    def request_quit(self) -> None: ...

    def answer_quit(self, leave: bool) -> None: ...
