"""The table screen, drawn from a ``ConsoleState``'s snapshot for a given width.

Each function returns the lines of one panel (lists of styled fragments, see
``controls.LinesControl``) and never more cells per line than it is given:

* ``seat_lines`` — one row per seat in playing order, the player last (nearest
  the hand; a watcher, who holds no seat, sees the seats in order): whose turn
  (``>``), disconnected (``x``), name, dealer, bid (or "sealed" under
  hidden/secret bids), tricks taken, score, the card played to the
  current trick and to the last finished trick (``*`` marks the winning card),
  then who leads and who is winning;
* ``trump_lines`` — the turned card, the trump suit, the dealer, the variants;
* ``hand_lines`` — the sorted hand as coloured cards; when it is the player's
  turn to play, cards that may not be played are dimmed and the chosen one is
  bracketed; in the clairvoyance round, the others' cards and the hidden own one;
* ``prompt_lines`` — the decision asked for (bid with the ±1 forbidden bid
  struck, trump choice, play) or what the table is waiting for;
* ``message_lines`` — the answer to the last key, or the table's progress
  (``status_words.status_text``) while the player decides.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from prompt_toolkit.mouse_events import MouseEvent, MouseEventType

from wizard_p2p.rules import DECK, Card, GameConfig, Phase, Suit, Trick, trick_winner
from wizard_p2p.tui.controls import Line, flow
from wizard_p2p.tui.shared import ConsoleState
from wizard_p2p.tui.status_words import status_text
from wizard_p2p.tui.story import story
from wizard_p2p.tui.text import card_class, card_label, clip, pad, width


def on_click(action: Callable[[], None]) -> Callable[[MouseEvent], object]:
    """A mouse handler that runs ``action`` when the button is released over the fragment."""

    def handler(event: MouseEvent) -> object:
        if event.event_type is MouseEventType.MOUSE_UP:
            action()
            return None
        if event.event_type is MouseEventType.MOUSE_DOWN:
            return None
        return NotImplemented

    return handler


def words(text: str, style: str = "") -> list[Line]:
    """Units for ``flow``: one per word, so Latin text wraps between words.

    CJK text has no spaces; ``flow`` cuts such a long unit between characters.
    """
    parts = text.split(" ")
    return [[(style, part + (" " if i < len(parts) - 1 else ""))] for i, part in enumerate(parts)]


def card_fragment(card: Card, extra: str = "", text: str | None = None) -> tuple[str, str]:
    return (f"class:card {card_class(card)} {extra}".strip(), text or card_label(card))


def seat_order(app: ConsoleState) -> list[int]:
    """Seats in playing order from the player's left, the player last (a watcher: the
    seats' own order)."""
    assert app.snapshot is not None
    view = app.snapshot.view
    if view.watcher:
        return list(range(view.seats))
    return [(view.seat + 1 + i) % view.seats for i in range(view.seats)]


def last_trick(app: ConsoleState) -> Trick | None:
    """The last finished trick: this round's, or the previous round's before a card is played."""
    assert app.snapshot is not None
    view = app.snapshot.view
    if view.round_tricks:
        return view.round_tricks[-1]
    if view.history and view.history[-1].tricks and not view.trick:
        return view.history[-1].tricks[-1]
    return None


def _winning_seat(
    plays: tuple[tuple[int, Card], ...], trump: Suit | None, config: GameConfig
) -> int | None:
    if not plays:
        return None
    index = trick_winner([card for _, card in plays], trump, config)
    return plays[index][0]


def title_lines(app: ConsoleState, cells: int, height: int | None) -> list[Line]:
    assert app.snapshot is not None
    view = app.snapshot.view
    tr = app.tr
    title = tr("watch_title", name=app.name(0)) if view.watcher else tr("title")
    left = f" {title}  {tr('round_of', n=view.round_no, total=view.config.rounds)}"
    # Whether the terms let the players ask the coach: everyone sees it, always.
    left += f"  [{tr('coach_allowed' if app.snapshot.coach else 'coach_off')}]"
    right = f"{tr('dealer')}{tr('colon')}{app.name(view.dealer)} "
    gap = cells - width(left) - width(right)
    if gap < 1:
        return [[("class:title", clip(left, cells))]]
    return [[("class:title", left), ("", " " * gap), ("", right)]]


# The seats' columns after the name: dealer, bid, tricks taken, score, then the cards
# of the current and the last trick (each preceded by its gap). Narrow screens take
# the narrow widths: the two tricks stay.
_COLUMNS = (3, 5, 5, 7, 2, 5, 2, 5)
_NARROW_COLUMNS = (3, 4, 4, 6, 1, 4, 1, 4)
_MIN_NAME = 8


def _columns(cells: int, labels: tuple[int, ...] = (0,) * 5) -> tuple[int, tuple[int, ...]]:
    """The name's width and the other columns' for a panel ``cells`` wide. ``labels`` are
    the cells of the headers of bid, tricks, score, this trick and the last one: a column
    is widened to its header (a number's column one more, for the gap before it), and the
    name gives up what they take."""
    widths = _COLUMNS if cells - 2 - sum(_COLUMNS) >= _MIN_NAME else _NARROW_COLUMNS
    dealer, bid, took, score, gap1, trick, gap2, last = widths
    bid_l, took_l, score_l, trick_l, last_l = labels
    widths = (dealer, max(bid, bid_l + 1), max(took, took_l + 1), max(score, score_l + 1),
              gap1, max(trick, trick_l), gap2, max(last, last_l))
    return max(4, min(18, cells - 2 - sum(widths))), widths


def seat_lines(app: ConsoleState, cells: int, height: int | None) -> list[Line]:
    assert app.snapshot is not None
    snap = app.snapshot
    view = snap.view
    tr = app.tr
    labels = tuple(width(tr(key)) for key in
                   ("col_bid", "col_took", "col_score", "col_trick", "col_last"))
    name_cells, (dealer_w, bid_w, took_w, score_w, gap1, trick_w, gap2, last_w) = _columns(
        cells, labels)
    header = (
        "  "
        + pad(tr("col_player"), name_cells + dealer_w)
        + pad(tr("col_bid"), bid_w, ">")
        + pad(tr("col_took"), took_w, ">")
        + pad(tr("col_score"), score_w, ">")
        + " " * gap1
        + pad(tr("col_trick"), trick_w)
        + " " * gap2
        + pad(tr("col_last"), last_w)
    )
    lines: list[Line] = [[("class:header", clip(header, cells))]]
    trick_winner_seat = _winning_seat(view.trick, view.trump, view.config)
    last = last_trick(app)
    played = dict(view.trick)
    last_played = dict(last.plays) if last is not None else {}
    for seat in seat_order(app):
        connected = snap.connected[seat] if seat < len(snap.connected) else True
        if view.to_move == seat:
            marker = ("class:turn", "> ")
        elif not connected:
            marker = ("class:offline", "x ")
        else:
            marker = ("", "  ")
        name = app.name(seat)
        style = "class:me" if app.is_me(seat) else ("class:offline" if not connected else "")
        if view.bids[seat] is not None:
            bid = str(view.bids[seat])
        elif view.bid_made[seat]:
            bid = tr("sealed")
        else:
            bid = "-"
        dealer = tr("dealer_short") if seat == view.dealer else ""
        line: Line = [
            marker,
            (style, pad(name, name_cells)),
            ("", " " + pad(dealer, dealer_w - 1)),
            (style, pad(bid, bid_w, ">")),
            (style, pad(str(view.taken[seat]), took_w, ">")),
            (style, pad(str(view.totals[seat]), score_w, ">")),
            ("", " " * gap1),
        ]
        line += _card_cell(played.get(seat), seat == trick_winner_seat, trick_w)
        line.append(("", " " * gap2))
        line += _card_cell(
            last_played.get(seat), last is not None and seat == last.winner, last_w
        )
        lines.append(line)
    info = _trick_info(app)
    if info:
        lines += flow(words(info, "class:hint"), cells)
    return lines


def _card_cell(card: Card | None, winning: bool, cells: int) -> Line:
    if card is None:
        return [("", pad("", cells))]
    label = card_label(card)
    return [card_fragment(card), ("class:winning", pad("*" if winning else "", cells - len(label)))]


def _trick_info(app: ConsoleState) -> str:
    assert app.snapshot is not None
    view = app.snapshot.view
    tr = app.tr
    if view.phase is Phase.PLAY:
        if view.trick:
            leader = view.trick[0][0]
            winner = _winning_seat(view.trick, view.trump, view.config)
            assert winner is not None
            if app.is_me(winner):
                return tr("trick_led_by_you_win", name=clip(app.name(leader), 12))
            return tr(
                "trick_led_by", name=clip(app.name(leader), 12), winner=clip(app.name(winner), 12)
            )
        if app.is_me(view.to_move):
            return tr("trick_empty_you")
        if view.to_move is not None:
            return tr("trick_empty", name=clip(app.name(view.to_move), 12))
    if view.phase is Phase.BID and not view.config.sealed_bids:
        made = [b for b in view.bids if b is not None]
        return tr("bids_total", sum=sum(made), n=view.round_no)
    return ""


def trick_lines(app: ConsoleState, cells: int, height: int | None) -> list[Line]:
    """The current trick just above the hand, where the eye is when choosing a card:
    who played what, the winning card starred; the last trick (dim) until a card is led."""
    assert app.snapshot is not None
    view = app.snapshot.view
    tr = app.tr
    plays, style, label = view.trick, "", tr("trick_now")
    winner = _winning_seat(view.trick, view.trump, view.config)
    if not plays:
        last = last_trick(app) if view.phase is Phase.PLAY else None
        if last is None:
            return [[]]
        plays, style, label, winner = last.plays, "class:dim", tr("trick_before"), last.winner
    units: list[Line] = [[(style or "class:header", label + tr("colon"))]]
    for seat, card in plays:
        unit: Line = [(style, app.name(seat) + " "), card_fragment(card)]
        unit.append(("class:winning", "*" if seat == winner else ""))
        unit.append(("", "  "))
        units.append(unit)
    return flow(units, cells)


def trump_lines(app: ConsoleState, cells: int, height: int | None) -> list[Line]:
    assert app.snapshot is not None
    view = app.snapshot.view
    tr = app.tr
    colon = tr("colon")
    lines: list[Line] = []
    turned = view.turned
    if view.phase is Phase.GAME_OVER or view.is_over:
        lines += flow(words(tr("game_over")), cells)
    elif view.phase is Phase.DEAL:
        pass  # nothing turned yet: the deck is being shuffled
    elif turned is None:
        lines += flow(words(tr("no_trump_last")), cells)
    else:
        lines.append(
            [("", tr("turned") + colon), card_fragment(turned, text=f" {card_label(turned)} ")]
        )
        if turned.is_jester:
            lines += flow(words(tr("no_trump_jester")), cells)
    if view.trump is not None and view.phase not in (Phase.DEAL, Phase.GAME_OVER):
        suit_card = next(c for c in _SUIT_CARDS if c.suit is view.trump)
        lines += flow(
            [[("", tr("trump") + colon)], [card_fragment(suit_card, text=tr.suit(view.trump))]],
            cells,
        )
    elif turned is not None and turned.is_wizard and view.phase is not Phase.GAME_OVER:
        lines += flow(words(f"{tr('trump')}{colon}{tr('dealer_chooses')}"), cells)
    variants = view.config.variants()
    lines.append([("class:dim", clip(tr("variants") + colon.rstrip(), cells))])
    for name in variants or ("",):
        text = tr.variant(name) if name else tr("no_variants")
        lines += flow([[("", " ")], *words(text)], cells)
    return lines


# One card per suit, in suit order: gives a suit its colour where no card is at hand.
_SUIT_CARDS = tuple(card for card in DECK if card.is_suit_card and card.rank == 1)


def hand_lines(app: ConsoleState, cells: int, height: int | None) -> list[Line]:
    assert app.snapshot is not None
    view = app.snapshot.view
    tr = app.tr
    mode = app.mode
    if view.watcher:
        return [[]]  # a watcher holds no hand (the layout shows no hand panel either)
    if view.hand_hidden and view.hand_sizes[view.seat] > 0:
        units: list[Line] = [[("", tr("hand_hidden"))], [("class:card class:card.hidden", " ? ")]]
        lines = flow(units, cells)
        seen: list[Line] = [[("", tr("you_see"))]]
        for seat in seat_order(app):
            cards = view.others_hands[seat]
            if seat == view.seat or not cards:
                continue
            seen.append([("", app.name(seat) + " ")])
            for card in cards:
                seen.append([card_fragment(card, text=f" {card_label(card)} "), ("", "  ")])
        return lines + flow(seen, cells)
    hand = app.hand
    if not hand:
        return [[("class:dim", "")]]
    units = []
    playing = mode == "play"
    choosing = playing or app.can_preselect  # before the turn: a card to play itself
    for i, card in enumerate(hand):
        selected = choosing and i == app.selected
        extra = ""
        if playing and card not in view.legal_plays:
            extra = "class:card.illegal"
        if selected or card == app.preselected:
            extra += " class:card.selected"
        label = pad(card_label(card), 3, "^")
        if card == app.preselected:
            text = f"<{label}>"
        else:
            text = f"[{label}]" if selected else f" {label} "
        handler = on_click(partial(app.click_card, i))
        units.append([(*card_fragment(card, extra, text), handler), ("", " ")])
    return flow(units, cells)


def prompt_lines(app: ConsoleState, cells: int, height: int | None) -> list[Line]:
    assert app.snapshot is not None
    view = app.snapshot.view
    tr = app.tr
    mode = app.mode
    if mode == "bid":
        units: list[Line] = [[("class:prompt", tr("bid_prompt"))]]
        for b in range(view.round_no + 1):
            handler = on_click(partial(app.click_bid, b))
            if b == app.bid_choice:
                style = "class:bid.choice"
                text = f"[{b}]"
            else:
                style = "class:bid.forbidden" if b == view.forbidden_bid else ""
                text = f" {b} "
            if b == view.forbidden_bid:
                style += " class:bid.forbidden"
            units.append([(style, text, handler)])
        if view.forbidden_bid is not None:
            # Said as a warning only while the forbidden bid is the one chosen.
            warn = "class:message" if app.bid_choice == view.forbidden_bid else "class:hint"
            units.append([("", " ")])
            units += words(tr("bid_forbidden", n=view.forbidden_bid), warn)
        hint = tr("bid_hint")
        if view.config.hidden_bids:
            hint = tr("sealed_hidden") + ". " + hint
        elif view.config.secret_bids:
            hint = tr("sealed_secret") + ". " + hint
        return flow(units, cells) + flow(words(hint, "class:hint"), cells)
    if mode == "trump":
        units = words(tr("trump_prompt"), "class:prompt")
        for i, card in enumerate(_SUIT_CARDS):
            assert card.suit is not None
            text = f"{card.suit.value} {tr.suit(card.suit, short=True)}"
            text = f"[{text}]" if i == app.trump_choice else f" {text} "
            extra = "class:card.selected" if i == app.trump_choice else ""
            handler = on_click(partial(app.click_suit, i))
            units.append([(*card_fragment(card, extra, text), handler), ("", " ")])
        return flow(units, cells) + flow(words(tr("trump_hint"), "class:hint"), cells)
    if mode == "play":
        units = words(tr("play_prompt"), "class:prompt")
        chosen = app.selected_card
        if chosen is not None:
            units.append([("", tr("then"))])
            units += words(app.tr.card_name(chosen), "class:prompt")
        return flow(units, cells) + flow(words(tr("play_hint"), "class:hint"), cells)
    text = status_text(app)
    lines = flow(words(text, "class:status"), cells) if text else []
    if app.preselected is not None:
        ahead = tr("preselected", card=card_label(app.preselected))
        lines += flow(words(ahead, "class:prompt"), cells)
    return lines or [[]]


def message_lines(app: ConsoleState, cells: int, height: int | None) -> list[Line]:
    """The answer to the last key (a refusal) or, while the player decides, the table's progress.

    (While the player waits, the prompt lines show the progress instead.)
    """
    if app.message:
        return flow(words(app.message, "class:message"), cells)
    if app.mode in ("bid", "trump", "play"):
        text = status_text(app)
        if text:
            return flow(words(text, "class:status"), cells)
    return [[]]


def recent_lines(app: ConsoleState, cells: int, height: int | None) -> list[Line]:
    """The newest lines of the story that fit the space left over (none when asked for a size)."""
    if height is None or app.snapshot is None or height <= 0:
        return []
    lines: list[Line] = []
    for entry in reversed(story(app)[-height:]):  # whole entries, newest at the bottom
        wrapped = flow([[("", " ")], *words(entry, "class:dim")], cells)
        if len(lines) + len(wrapped) > height:
            break
        lines = wrapped + lines
    return lines


def footer_lines(app: ConsoleState, cells: int, height: int | None) -> list[Line]:
    tr = app.tr
    mode = app.mode
    keys = {
        "bid": tr("footer_bid"),
        "trump": tr("footer_trump"),
        "play": tr("footer_play"),
        "lobby": "",
    }.get(mode, "")
    if mode == "lobby":
        hosting = app.lobby_snapshot is not None and app.lobby_snapshot.hosting
        text = tr("lobby_footer" if hosting else "lobby_footer_join")
    else:
        text = tr("watch_footer") if app.watching else tr("footer")
    if keys and app.coach_allowed:
        keys = f"{keys}  {tr('coach_key')}"
    if keys:
        text = f"{keys} | {text}"
    return [[("class:footer", pad(" " + text, cells))]]
