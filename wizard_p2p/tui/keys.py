"""``create_key_bindings(app)``: every key of the console, mapped to ``ConsoleState`` actions.

Which keys are live depends on the state: with the quit question open only
y / n / Esc / Enter answer it; with a scrollable window open (help, score pad,
log) the arrows scroll it; at the table the arrows, digits and B/G/R/Y make the
choice the game asks for and Enter/Space confirm it; ``c`` asks the coach (or
closes its window). ``?``, ``s``, ``l`` toggle
their windows and ``q`` (or Ctrl-C) asks before leaving (a watcher leaves at
once). ``a`` / ``x`` answer the one asking to join (in the lobby) or to watch
(at the host's table). The help overlay lists the same keys (``i18n``
``help_lines``).
"""

from __future__ import annotations

from prompt_toolkit.filters import Condition
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent

from wizard_p2p.rules import Suit
from wizard_p2p.tui.shared import (
    COACH,
    FINAL,
    HELP,
    LOG,
    ROUND,
    SCORES,
    SCROLLABLE,
    ConsoleState,
)
from wizard_p2p.tui.watchers import ADMIT, REFUSE, has_requests

E = KeyPressEvent


def create_key_bindings(app: ConsoleState) -> KeyBindings:
    kb = KeyBindings()
    asking = Condition(lambda: app.confirm_quit)
    free = Condition(lambda: not app.confirm_quit and app.overlay is None)
    scrolling = Condition(lambda: not app.confirm_quit and app.overlay in SCROLLABLE)
    not_asking = ~asking

    # --- the quit question ---------------------------------------------------------------
    @kb.add("y", filter=asking)
    @kb.add("Y", filter=asking)
    @kb.add("c-c", filter=asking)
    def _leave(event: E) -> None:
        app.answer_quit(True)

    @kb.add("n", filter=asking)
    @kb.add("N", filter=asking)
    @kb.add("escape", filter=asking)
    @kb.add("q", filter=asking)
    def _stay(event: E) -> None:
        app.answer_quit(False)

    @kb.add("h", filter=Condition(lambda: not app.confirm_quit and app.overlay == ROUND))
    def _round_hands(event: E) -> None:
        app.show_round_hands()

    @kb.add("e", filter=free)
    def _end_stalled(event: E) -> None:
        app.end_stalled()

    @kb.add("m", filter=free)
    def _bell(event: E) -> None:
        app.toggle_bell()

    @kb.add("c", filter=Condition(lambda: not app.confirm_quit and app.overlay in (None, COACH)))
    def _coach(event: E) -> None:
        app.ask_coach()

    @kb.add("n", filter=Condition(lambda: not app.confirm_quit and app.overlay == FINAL))
    def _again(event: E) -> None:
        app.play_again()

    @kb.add("q", filter=not_asking)
    @kb.add("c-c", filter=not_asking)
    def _quit(event: E) -> None:
        app.request_quit()

    # --- confirming (also closes windows and the round summary) -------------------------
    @kb.add("enter")
    @kb.add("space")
    def _confirm(event: E) -> None:
        app.confirm()

    @kb.add("escape", filter=not_asking)
    def _close(event: E) -> None:
        app.close_overlay()

    # --- windows --------------------------------------------------------------------------
    @kb.add("?", filter=not_asking)
    @kb.add("f1", filter=not_asking)
    def _help(event: E) -> None:
        app.toggle_overlay(HELP)

    @kb.add("s", filter=not_asking)
    def _scores(event: E) -> None:
        app.toggle_overlay(SCORES)

    @kb.add("l", filter=not_asking)
    def _log(event: E) -> None:
        app.toggle_overlay(LOG)

    @kb.add("up", filter=scrolling)
    def _up(event: E) -> None:
        app.scroll_by(-1)

    @kb.add("down", filter=scrolling)
    def _down(event: E) -> None:
        app.scroll_by(1)

    @kb.add("pageup", filter=scrolling)
    def _page_up(event: E) -> None:
        app.scroll_page(-1)

    @kb.add("pagedown", filter=scrolling)
    def _page_down(event: E) -> None:
        app.scroll_page(1)

    @kb.add("home", filter=scrolling)
    def _home(event: E) -> None:
        app.scroll = 0

    @kb.add("end", filter=scrolling)
    def _end(event: E) -> None:
        app.scroll_by(1 << 30)

    # --- choosing at the table -----------------------------------------------------------
    @kb.add("left", filter=free)
    def _left(event: E) -> None:
        app.move(-1)

    @kb.add("right", filter=free)
    def _right(event: E) -> None:
        app.move(1)

    @kb.add("up", filter=free)
    def _raise(event: E) -> None:
        app.adjust_bid(1)

    @kb.add("down", filter=free)
    def _lower(event: E) -> None:
        app.adjust_bid(-1)

    for d in "0123456789":

        @kb.add(d, filter=free)
        def _digit(event: E, d: str = d) -> None:
            app.digit(d)

    # --- the host's decisions in the lobby -------------------------------------------------
    in_lobby = Condition(
        lambda: not app.confirm_quit and app.overlay is None and app.mode == "lobby"
    )
    for key in ("a", "x", "-"):

        @kb.add(key, filter=in_lobby)
        def _lobby(event: E, key: str = key) -> None:
            app.lobby_key(key)

    # --- the host's answer to those asking to watch (at the table: a / x are free there) ---
    asked_to_watch = Condition(
        lambda: not app.confirm_quit and app.overlay is None and app.mode != "lobby"
        and has_requests(app)
    )
    for key in (ADMIT, REFUSE):

        @kb.add(key, filter=asked_to_watch)
        def _watch(event: E, key: str = key) -> None:
            app.watch_key(key)

    for suit in Suit:
        for key in (suit.value, suit.value.lower()):

            @kb.add(key, filter=free)
            def _suit(event: E, suit: Suit = suit) -> None:
                app.choose_suit(suit)

    return kb
