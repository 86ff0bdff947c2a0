"""The console application: one ``WizardApp`` object holds everything the screen shows.

``WizardApp`` keeps the controller (a ``SeatController`` at the table, or a
``LobbyController`` before it), the latest snapshot, and the UI state — the
chosen card, bid and trump suit, the open overlay, the message line, the
language. Its methods are the player's actions (``move``, ``digit``,
``confirm``, ``click_card``, ``ask_coach``, ``request_quit``...); ``keys.create_key_bindings``
maps keys to them and ``layout.create_layout`` draws the state, so tests can
drive it with keystrokes and assert on the state rather than on bytes.

A watcher's table is the same application over a seat that is never to move
(``watch_screen``): its view has ``watcher`` set, and the app then calls nobody
"You", opens no round summary and leaves on ``q`` without asking.

Everything shown comes from the controller's snapshot: the app never touches
the game, sockets or crypto. A refused choice (out of turn, not following suit,
the ±1 bid) gets a message in the player's language and changes nothing.

    run_app(controller, lang="ja")       # a SeatController: straight to the table
    run_app(lobby)                       # a LobbyController: lobby, then its table()
    await run_app_async(lobby)           # inside the node's asyncio loop
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING

from prompt_toolkit.application import Application
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output

from wizard_p2p.bots.coach import Advice, advise, can_advise
from wizard_p2p.errors import IllegalAction, UsageError, WizardError
from wizard_p2p.rules import MAX_SEATS, MIN_SEATS, Card, Phase, RoundResult, Suit, suit_to_follow
from wizard_p2p.rules.series import SeriesAfter
from wizard_p2p.seat.controller import SeatController, Snapshot, StatusKind
from wizard_p2p.tui.controls import ScrollControl
from wizard_p2p.tui.i18n import Translator
from wizard_p2p.tui.keys import create_key_bindings
from wizard_p2p.tui.layout import create_layout
from wizard_p2p.tui.lobby_screen import LobbyController, LobbySnapshot, lobby_key
from wizard_p2p.tui.shared import COACH, FINAL, HELP, LOG, ROUND, SCORES, SUITS
from wizard_p2p.tui.style import STYLE
from wizard_p2p.tui.watchers import is_watching, watch_key

if TYPE_CHECKING:
    from wizard_p2p.tui.replay_screen import ReplayApp


class WizardApp:
    """The console's state and the player's actions on it."""

    def __init__(
        self,
        target: SeatController | LobbyController,
        lang: str | None = None,
        *,
        input: Input | None = None,
        output: Output | None = None,
        bell: bool = True,
        again: bool = False,
        standings: Callable[[], SeriesAfter | None] | None = None,
    ) -> None:
        self.tr = Translator(lang)
        # At game over ``n`` leaves the table for another game at it (``again`` then set).
        self.offer_again = again
        self.again = False
        self.standings = standings  # a series' standings, shown with the game's end
        self.bell = bell  # a beep when the player's turn comes (``b`` switches it)
        self.bells = 0  # beeps so far
        self.preselected: Card | None = None  # plays itself when the player's turn comes
        self._asked = False  # the table waits for this player's choice
        self.lang = self.tr.lang
        self.lobby: LobbyController | None = None
        self.controller: SeatController | None = None
        self.lobby_snapshot: LobbySnapshot | None = None
        self.snapshot: Snapshot | None = None
        self.overlay: str | None = None
        self.confirm_quit = False
        self.message = ""
        self.selected = 0  # index into the hand
        self.bid_choice = 0
        self.trump_choice = 0  # index into SUITS
        self.scroll = 0  # offset of the open scrollable overlay
        self.summary: RoundResult | None = None  # the round the ROUND overlay shows
        self.round_replay: ReplayApp | None = None  # the last round's hands, once shown
        self.seen_rounds = 0
        self.left = False  # the player left (or the game ended and was closed)
        self.scroll_controls: dict[str, ScrollControl] = {}  # by overlay, from create_layout
        self._digits = ""
        self._lobby_keys = ""  # "-": the next digit names the seat to remove
        self._decision: tuple[object, ...] | None = None
        self.coach_advice: Advice | None = None
        self._coach_decision: tuple[object, ...] | None = None  # what coach_advice is for
        self.coach_task: asyncio.Task[None] | None = None  # the search under way, if any
        if isinstance(target, LobbyController):
            self.lobby = target
            target.subscribe(self._on_lobby_change)
            self.lobby_snapshot = target.snapshot()
        else:
            self._attach(target)  # what is not a lobby is a seat
        self.application: Application[None] = Application(
            layout=create_layout(self),
            key_bindings=create_key_bindings(self),
            style=STYLE,
            full_screen=True,
            mouse_support=True,
            input=input,
            output=output,
        )
        # An Escape key press is told from the start of an arrow key by a short wait.
        self.application.ttimeoutlen = 0.05
        if self.lobby is not None:
            self._on_lobby_change()

    # --- reading the state ----------------------------------------------------------

    @property
    def screen(self) -> str:
        return "table" if self.controller is not None else "lobby"

    @property
    def mode(self) -> str:
        """What the player is asked for now.

        ``lobby``, ``trump`` (choose trump), ``bid``, ``play``, ``wait`` (someone
        else's move, or a card that plays by itself: the last trick's, and the
        clairvoyance round's unseen one) or ``over``.
        """
        if self.controller is None:
            return "lobby"
        snap = self.snapshot
        assert snap is not None
        view = snap.view
        if snap.finished or snap.ended is not None or view.is_over:
            return "over"
        if not view.my_turn:
            return "wait"
        if view.phase is Phase.CHOOSE_TRUMP:
            return "trump"
        if view.phase is Phase.BID:
            return "bid"
        if view.phase is Phase.PLAY:
            return "wait" if view.hand_hidden else "play"
        return "wait"

    @property
    def hand(self) -> tuple[Card, ...]:
        snap = self.snapshot
        if snap is None or snap.view.hand is None:
            return ()
        return snap.view.hand

    @property
    def selected_card(self) -> Card | None:
        hand = self.hand
        return hand[self.selected] if 0 <= self.selected < len(hand) else None

    def name(self, seat: int) -> str:
        """A seat as this player reads it: "You" for their own; a seat the snapshot says a
        program plays as "Bot 2" in their language (numbered among the table's bots, in
        seat order), whatever its name; anyone else by the name they gave."""
        assert self.snapshot is not None
        if self.is_me(seat):
            return self.tr("you_name")
        names, bots = self.snapshot.names, self.snapshot.bots
        if not 0 <= seat < len(names):
            return f"#{seat + 1}"
        if seat in bots:
            return self.tr("bot_name", n=1 + sum(1 for other in bots if other < seat))
        return names[seat]

    def is_me(self, seat: int | None) -> bool:
        """Whether ``seat`` is this player's own (a watcher has none)."""
        snap = self.snapshot
        return snap is not None and not snap.view.watcher and seat == snap.view.seat

    @property
    def watching(self) -> bool:
        return is_watching(self.snapshot)

    # --- keeping up with the controller -------------------------------------------------

    def _attach(self, controller: SeatController) -> None:
        self.controller = controller
        self.snapshot = controller.snapshot()
        # A resumed game does not replay the summaries of rounds already played.
        self.seen_rounds = len(self.snapshot.view.history)
        controller.subscribe(self._on_change)
        self.refresh()

    def _on_change(self) -> None:
        self.refresh()
        self.invalidate()

    def _on_lobby_change(self) -> None:
        lobby = self.lobby
        if lobby is None or self.controller is not None:
            return
        self.lobby_snapshot = lobby.snapshot()
        if self.lobby_snapshot.started:
            self.message = ""
            self.overlay = None
            self._attach(lobby.table())
        self.invalidate()

    def invalidate(self) -> None:
        app = getattr(self, "application", None)
        if app is not None and app.is_running:
            app.invalidate()

    def refresh(self) -> None:
        """Re-read the snapshot; open the round summary when a round was scored."""
        if self.controller is None:
            return
        snap = self.controller.snapshot()
        before = self.snapshot.connected if self.snapshot is not None else ()
        self.snapshot = snap
        self._say_who_is_back(before, snap.connected)
        view = snap.view
        history = view.history
        if len(history) > self.seen_rounds or (
            self.preselected is not None and self.preselected not in self.hand
        ):
            self.preselected = None  # a new round, or a card no longer held
        if len(history) > self.seen_rounds and view.watcher:
            # Nobody may be at a watcher's keyboard (the room's big screen): the
            # summary would stay over the table; the story and the pad tell the round.
            self.seen_rounds = len(history)
        elif len(history) > self.seen_rounds:
            self.seen_rounds = len(history)
            self.summary = history[-1]
            self.overlay = ROUND
            self.scroll = 0
        if (snap.finished or snap.ended is not None) and self.overlay not in (ROUND, FINAL):
            self.overlay = FINAL
        decision = (
            view.round_no,
            view.phase,
            len(view.round_tricks),
            len(view.trick),
            view.to_move,
            view.legal_bids,
            view.forbidden_bid,
        )
        if decision != self._decision:
            self._decision = decision
            self._new_decision()
        elif self.selected >= len(self.hand):
            self.selected = max(0, len(self.hand) - 1)
        asked, was_asked = self.mode in ("bid", "trump", "play"), self._asked
        self._asked = asked
        if asked and not was_asked:
            self._turn_comes()

    def _say_who_is_back(self, before: tuple[bool, ...], now: tuple[bool, ...]) -> None:
        """A seat shown disconnected that is heard again (it resumed): "… is back"."""
        back = [seat for seat, up in enumerate(now)
                if up and seat < len(before) and not before[seat] and not self.is_me(seat)]
        if back:
            names = self.tr("comma").join(self.name(seat) for seat in back)
            self.message = self.tr("seat_back", name=names)

    def _turn_comes(self) -> None:
        """The player's turn: the card chosen in advance plays itself, else a beep."""
        card = self.preselected
        if card is not None and self.mode == "play":
            self.preselected = None
            assert self.snapshot is not None
            if card in self.snapshot.view.legal_plays:
                self.selected = self.hand.index(card)
                self._later(lambda: self._act(lambda c: c.play(card)))
                return
            self.message = self.tr("preselect_dropped", card=str(card))
        if self.bell:
            self.bells += 1
            app = getattr(self, "application", None)
            if app is not None and app.is_running:
                app.output.bell()

    def _later(self, action: Callable[[], object]) -> None:
        """Run ``action`` once the controller's notice that called us is over."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            action()
            return

        def run() -> None:
            action()
            self.invalidate()

        loop.call_soon(run)

    def _new_decision(self) -> None:
        """Reset the choices for a new decision: first legal card, lowest legal bid.

        A refusal said about the last decision ("It is not your turn.") goes with it.
        """
        assert self.snapshot is not None
        view = self.snapshot.view
        self._digits = ""
        self.message = ""
        if self.overlay == COACH:
            self.overlay = None  # its advice was for the decision just made
        hand = self.hand
        keep = self.selected_card
        if view.legal_plays:
            if keep is None or keep not in view.legal_plays:
                keep = view.legal_plays[0]
            self.selected = hand.index(keep)
        elif keep is not None:
            self.selected = hand.index(keep)
        else:
            self.selected = 0
        if view.legal_bids:
            self.bid_choice = view.legal_bids[0]  # never the bid ±1 forbids
        self.trump_choice = 0

    # --- the player's actions ------------------------------------------------------------

    def move(self, delta: int) -> None:
        """Left/right: the next card, bid or suit."""
        mode = self.mode
        self.message = ""
        if (mode == "play" or self.can_preselect) and self.hand:
            self.selected = (self.selected + delta) % len(self.hand)
        elif mode == "bid":
            self._set_bid(self.bid_choice + delta)
        elif mode == "trump":
            self.trump_choice = (self.trump_choice + delta) % len(SUITS)

    def adjust_bid(self, delta: int) -> None:
        """Up/down: raise or lower the bid."""
        if self.mode == "bid":
            self.message = ""
            self._set_bid(self.bid_choice + delta)

    def _set_bid(self, value: int) -> None:
        assert self.snapshot is not None
        top = self.snapshot.view.round_no
        self.bid_choice = max(0, min(top, value))
        self._digits = ""

    def digit(self, d: str) -> None:
        """A digit key: type a bid (a second digit makes 10..20 when the round allows);
        in the lobby, the host switches the variant of that number on or off."""
        if self.mode == "lobby":
            if self._lobby_keys == "-":
                self.lobby_key("-" + d)
            else:
                self._toggle_variant(int(d))
            return
        if self.mode != "bid":
            return
        assert self.snapshot is not None
        top = self.snapshot.view.round_no
        typed = self._digits + d
        if int(typed) > top:
            typed = d
        if int(typed) > top:
            self.message = self.tr("err_range", max=top)
            self._digits = ""
            return
        self.message = ""
        self.bid_choice = int(typed)
        self._digits = typed if int(typed) * 10 <= top else ""

    def choose_suit(self, suit: Suit) -> None:
        if self.mode == "trump":
            self.message = ""
            self.trump_choice = SUITS.index(suit)

    def click_card(self, index: int) -> None:
        """A click on a card of the hand: choose it; a click on the chosen card plays it."""
        if self.overlay is not None or self.confirm_quit:
            return
        if not 0 <= index < len(self.hand):
            return
        if (self.mode == "play" or self.can_preselect) and index == self.selected:
            self.confirm()
            return
        self.selected = index
        self.message = ""

    def click_bid(self, value: int) -> None:
        if self.mode != "bid":
            return
        if value == self.bid_choice:
            self.confirm()
        else:
            self.message = ""
            self._set_bid(value)

    def click_suit(self, index: int) -> None:
        if self.mode != "trump":
            return
        if index == self.trump_choice:
            self.confirm()
        else:
            self.message = ""
            self.trump_choice = index

    def confirm(self) -> None:
        """Enter: close or continue an overlay, or make the choice the mode asks for."""
        if self.confirm_quit:
            self.confirm_quit = False  # Enter keeps the player at the table
            return
        if self.overlay == ROUND:
            self.continue_()
            return
        if self.overlay == FINAL:
            self.leave()
            return
        if self.overlay is not None:
            self.close_overlay()
            return
        mode = self.mode
        if mode == "lobby":
            if self.lobby_snapshot is not None and self.lobby_snapshot.closed:
                self.leave()  # nothing left to wait for
            else:
                self._start_game()
        elif mode == "bid":
            self._bid()
        elif mode == "trump":
            self._act(lambda c: c.choose_trump(SUITS[self.trump_choice]))
        elif mode == "play":
            self._play()
        elif self.can_preselect:
            self._preselect()
        elif mode == "wait" and not self.watching:
            self.message = self.tr("err_not_turn")

    @property
    def can_preselect(self) -> bool:
        """Whether a card may be chosen now to play itself when the player's turn comes:
        while others play, with the player's own hand in view."""
        snap = self.snapshot
        if self.mode != "wait" or snap is None or not self.hand:
            return False
        view = snap.view
        return view.phase is Phase.PLAY and not view.hand_hidden and not view.my_turn

    def _preselect(self) -> None:
        """Enter while others play: this card plays itself when the turn comes (again: not)."""
        card = self.selected_card
        if card is None or card == self.preselected:
            self.preselected = None
            self.message = self.tr("preselect_cancelled")
            return
        self.preselected = card  # the prompt says so until the turn comes
        self.message = ""

    @property
    def coach_allowed(self) -> bool:
        """Whether this game's terms let its players ask the coach."""
        return self.snapshot is not None and self.snapshot.coach and not self.watching

    def ask_coach(self) -> None:
        """``c``: the coach's advice on the decision at hand, from this seat's view (its
        window, again: closed). The search runs on a worker thread when the console runs
        in an event loop (the networked node's), so that the loop is never held up."""
        if self.overlay == COACH:
            self.overlay = None
            return
        snap = self.snapshot
        if snap is None or self.watching:
            return
        if not self.coach_allowed:
            self.message = self.tr("coach_not_allowed")
            return
        view = snap.view
        if not can_advise(view):
            self.message = self.tr("coach_nothing")
            return
        self.message = ""
        self.overlay = COACH
        decision = self._decision
        if self._coach_decision == decision and self.coach_advice is not None:
            return  # asked again: the same advice
        self.coach_advice = None
        self._coach_decision = decision
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.coach_advice = advise(view)
            return

        async def think() -> None:
            advice = await loop.run_in_executor(None, advise, view)
            if self._coach_decision == decision:  # still the decision at hand
                self.coach_advice = advice
                self.invalidate()

        self.coach_task = loop.create_task(think())

    def toggle_bell(self) -> None:
        """``m``: the beep when the player's turn comes, on or off (a watcher has no turn)."""
        if self.watching:
            return
        self.bell = not self.bell
        self.message = self.tr("bell_on" if self.bell else "bell_off")

    def _bid(self) -> None:
        assert self.snapshot is not None
        view = self.snapshot.view
        bid = self.bid_choice
        if bid == view.forbidden_bid:
            self.message = self.tr("err_forbidden", n=bid, total=view.round_no)
            return
        if bid not in view.legal_bids:
            self.message = self.tr("err_range", max=view.round_no)
            return
        self._act(lambda c: c.bid(bid))

    def _play(self) -> None:
        assert self.snapshot is not None
        view = self.snapshot.view
        card = self.selected_card
        if card is None:
            return
        if card not in view.legal_plays:
            follow = suit_to_follow([c for _, c in view.trick], view.config)
            if follow is not None:
                self.message = self.tr("err_follow", card=str(card), suit=self.tr.suit(follow))
            else:
                self.message = self.tr("err_not_turn")
            return
        self._act(lambda c: c.play(card))

    def _act(self, action: Callable[[SeatController], None]) -> bool:
        """Send one choice to the controller; a refusal becomes the message line."""
        assert self.controller is not None
        try:
            action(self.controller)
        except IllegalAction as exc:
            self.message = self.tr("err_refused", detail=str(exc))
            self.refresh()
            return False
        self.message = ""
        self.refresh()
        return True

    def _toggle_variant(self, number: int) -> None:
        snap = self.lobby_snapshot
        if self.lobby is None or snap is None or not 1 <= number <= len(snap.variant_choices):
            return
        name = snap.variant_choices[number - 1]
        chosen = set(snap.variants) ^ {name}
        try:
            self.lobby.set_variants(tuple(v for v in snap.variant_choices if v in chosen))
        except UsageError as exc:  # a mix the rules refuse: said, and nothing changes
            self.message = self.tr("lobby_error", detail=str(exc))
            self.refresh()
            return
        self.message = ""
        self._on_lobby_change()

    def lobby_key(self, key: str) -> None:
        """a / x / -: the host admits or refuses a joiner, or removes a player (``-``
        then the seat number; ``lobby_screen.lobby_key``)."""
        if self.mode != "lobby" or self.lobby is None or self.lobby_snapshot is None:
            return
        self._lobby_keys = "-" if key == "-" and self.lobby_snapshot.can_remove else ""
        self.message = lobby_key(self.lobby, self.lobby_snapshot, key, self.tr)
        self._on_lobby_change()

    def watch_key(self, key: str) -> None:
        """a / x at the host's table: admit or refuse the oldest asking to watch."""
        if self.controller is None or self.snapshot is None:
            return
        self.message = watch_key(self.controller, self.snapshot, key, self.tr)
        self.refresh()

    def _start_game(self) -> None:
        assert self.lobby is not None and self.lobby_snapshot is not None
        snap = self.lobby_snapshot
        if not snap.can_start:
            host = any(p.is_you and p.is_host for p in snap.players)
            self.message = (
                self.tr("lobby_need", min=MIN_SEATS, max=MAX_SEATS)
                if host
                else self.tr("lobby_not_host")
            )
            return
        try:
            self.lobby.start()
        except UsageError as exc:
            self.message = self.tr("lobby_error", detail=str(exc))
            return
        self.message = ""
        self._on_lobby_change()

    # --- overlays -----------------------------------------------------------------------

    def toggle_overlay(self, name: str) -> None:
        """``?``, ``s``, ``l``: open that window, or close it when it is open."""
        if self.overlay == ROUND:
            return  # the summary is read and dismissed with Enter first
        if self.overlay == name:
            self.close_overlay()
            return
        if self.overlay == FINAL and name == HELP:
            return
        if name in (SCORES, LOG) and self.controller is None:
            return
        self.overlay = name
        # The log opens at its newest lines (the control clamps the offset).
        self.scroll = 1 << 30 if name == LOG else 0

    def close_overlay(self) -> None:
        """Esc: close the open window; the standings stay once the game is over."""
        self._lobby_keys = ""
        hands = self.round_replay  # the hands view over the table reads no Esc of its own
        if hands is not None and hands.application.is_running:
            hands.application.exit()
            return
        if self.overlay == ROUND:
            self.continue_()
            return
        snap = self.snapshot
        over = snap is not None and (snap.finished or snap.ended is not None)
        self.overlay = FINAL if over else None

    def show_round_hands(self) -> None:
        """``h`` in the round summary: the replay of the round just scored, every hand
        shown (its cards have all been played face up)."""
        # Imported here: the replay reads logs, which a practice game never loads.
        from wizard_p2p.tables.wizard.replay import round_just_played
        from wizard_p2p.tui.replay_screen import show_over

        result, snap = self.summary, self.snapshot
        if result is None or snap is None:
            return
        record = round_just_played(snap.names, snap.view.config, result)
        self.round_replay = show_over(self.application, record, self.lang)

    def continue_(self) -> None:
        """Dismiss the round summary: the standings follow if the game is over."""
        snap = self.snapshot
        self.summary = None
        over = snap is not None and (snap.finished or snap.ended is not None)
        self.overlay = FINAL if over else None

    def scroll_by(self, lines: int) -> None:
        """Scroll the open window; the limit is the one found when it was last drawn."""
        control = self.scroll_controls.get(self.overlay or "")
        top = control.max_offset if control is not None else None
        if top is not None:
            self.scroll = min(self.scroll, top)
        self.scroll = max(0, self.scroll + lines)
        if top is not None:
            self.scroll = min(self.scroll, top)

    def scroll_page(self, pages: int) -> None:
        control = self.scroll_controls.get(self.overlay or "")
        page = control.page if control is not None else 10
        self.scroll_by(pages * max(1, page - 1))

    # --- a stalled seat ------------------------------------------------------------------

    def end_stalled(self) -> None:
        """``e``: end a game held up by a silent seat, when the table lets this seat do it."""
        snap = self.snapshot
        if snap is None or not any(s.kind is StatusKind.STALLED for s in snap.status):
            return
        if self.controller is None:
            return
        try:
            self.controller.abort_stalled()
        except WizardError as exc:
            self.message = str(exc)
        self.refresh()

    # --- leaving -------------------------------------------------------------------------

    def request_quit(self) -> None:
        """``q``: ask first, unless the game is over or the player only watches."""
        if self.overlay == FINAL or self.watching:
            self.leave()
        else:
            self.confirm_quit = True

    def play_again(self) -> None:
        """``n`` at game over: leave the table for another game at it (the command then
        opens the lobby again, or asks the host's for a seat)."""
        snap = self.snapshot
        if (self.offer_again and self.overlay == FINAL and snap is not None
                and snap.finished and snap.ended is None):
            self.again = True
            self.leave()

    def answer_quit(self, leave: bool) -> None:
        self.confirm_quit = False
        if leave:
            self.leave()

    def leave(self) -> None:
        """Leave the table (resumable) or the lobby, and end the application."""
        if self.left:
            return
        self.left = True
        if self.controller is not None:
            self.controller.quit()
        elif self.lobby is not None:
            self.lobby.leave()
        if self.application.is_running and not self.application.is_done:
            self.application.exit()


def run_app(
    target: SeatController | LobbyController, lang: str | None = None, *, bell: bool = True,
) -> None:
    """Run the console full-screen until the player leaves or the game is over.

    ``target`` is a ``SeatController`` (straight to the table) or a ``LobbyController``
    (the lobby first; the table once the game starts). ``lang``: en, zh, ja, or None
    for the locale's.
    """
    WizardApp(target, lang, bell=bell).application.run()


async def run_app_async(
    target: SeatController | LobbyController, lang: str | None = None, *, bell: bool = True,
    again: bool = False,
    standings: Callable[[], SeriesAfter | None] | None = None,
) -> WizardApp:
    """``run_app`` for a caller that already runs an asyncio loop (the networked node);
    ``again``: game over offers another game at the table (``WizardApp.again`` says if
    the player took it); ``standings``: a series' standings for the game's end."""
    app = WizardApp(target, lang, bell=bell, again=again, standings=standings)
    await app.application.run_async()
    return app


__all__ = ["FINAL", "HELP", "LOG", "ROUND", "SCORES", "WizardApp", "run_app", "run_app_async"]
