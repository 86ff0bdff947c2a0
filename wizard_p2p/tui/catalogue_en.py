"""The console's texts in English (the words of the English rules).

The keys and placeholders are the same in every catalogue (``wizard_p2p.tui.i18n``).
"""
from __future__ import annotations

EN: dict[str, str] = {
    "title": "Wizard",
    "round_of": "Round {n} of {total}",
    "dealer": "Dealer",
    "dealer_short": "D",
    "trump": "Trump",
    "turned": "Turned",
    "no_trump": "no trump",
    "no_trump_jester": "Jester turned: no trump",
    "no_trump_last": "last round: no trump",
    "dealer_chooses": "the dealer chooses",
    "variants": "Variants",
    "no_variants": "standard rules",
    "col_player": "Player",
    "col_bid": "Bid",
    "col_took": "Took",
    "col_score": "Score",
    "col_trick": "Trick",
    "col_last": "Last",
    "sealed": "hid",
    "you": "you",
    "you_name": "You",
    "bot_name": "Bot {n}",
    "colon": ": ",
    "semicolon": "; ",
    "comma": ", ",
    "then": " - ",
    "score_entry": "{name} {points} ({total})",
    "trick_led_by": "{name} led; {winner} is winning",
    "trick_led_by_you_win": "{name} led; you are winning",
    "trick_empty": "{name} leads",
    "trick_empty_you": "You lead",
    "trick_now": "Trick",
    "trick_before": "Last trick",
    "bids_total": "bids so far: {sum} for {n} tricks",
    "last_trick": "last trick: {winner} won",
    "hand": "Your hand",
    "hand_hidden": "Your card is hidden from you: ",
    "you_see": "You see: ",
    "bid_prompt": "Your bid: ",
    "bid_forbidden": "{n} is forbidden (±1)",
    "bid_hint": "←→ or digits to choose, Enter to bid",
    "sealed_hidden": "hidden bids: yours stays sealed until every bid is in",
    "sealed_secret": "secret bids: opened only after the round",
    "trump_prompt": "A Wizard was turned and you deal: choose trump ",
    "trump_hint": "←→ or B/G/R/Y to choose, Enter to confirm",
    "play_prompt": "Your turn: play a card",
    "play_hint": "←→ to choose (dim cards may not be played), Enter to play",
    "waiting_bid": "waiting for {name} to bid",
    "waiting_play": "waiting for {name} to play",
    "waiting_trump": "waiting for {name} to choose trump",
    "shuffling": "shuffling ({done}/{total})",
    "locking": "locking the deck ({done}/{total})",
    "dealing": "dealing ({done}/{total})",
    "revealing": "revealing the round's secrets ({done}/{total})",
    "disconnected": "{name} disconnected - waiting",
    "stalled": "{name} is not answering - e: end the game",
    "game_over": "the game is over",
    "aborted": "the game was aborted: {detail}",
    "cheated": "{name} cheated: the proof is kept beside the log",
    "held_up": "{name} is holding up the game {bar} {writer} may end it in {left} s",
    "may_end": "{name} is holding up the game: {writer} may end it now",
    "working": "working: {detail}",
    "err_not_turn": "It is not your turn.",
    "preselected": "{card} plays itself when your turn comes (Enter again: cancel)",
    "preselect_cancelled": "Nothing chosen in advance.",
    "preselect_dropped": "{card} may not be played now: choose again.",
    "bell_on": "Bell on: a beep when your turn comes (m: off).",
    "bell_off": "Bell off (m: on).",
    "err_follow": "{card} does not follow suit: play {suit} (or a Wizard or Jester).",
    "err_forbidden": "{n} is forbidden: with ±1 the bids may not add up to {total}.",
    "err_range": "Bid 0 to {max}.",
    "err_refused": "Refused: {detail}",
    "round_over": "End of round {n}",
    "col_points": "Points",
    "col_total": "Total",
    "continue": "Enter: continue   h: every hand of this round",
    "game_over_title": "Game over",
    "winner": "Winner: {names}",
    "winners": "Joint winners: {names}",
    "place": "{n}.",
    "leave": "Enter or q: leave the table",
    "scorepad": "Score pad",
    "col_round": "Rd",
    "pad_sub": "B T Total",
    "story_round": "Round {n}: {name} deals",
    "story_round_you": "Round {n}: you deal",
    "story_turned": "turned {card}",
    "story_bids": "Bids: {bids}",
    "story_trick": "Trick {n}: {plays}",
    "story_wins": "{name} wins",
    "story_wins_you": "you win",
    "story_scores": "Scores: {scores}",
    "table_log": "Table log",
    "log": "Game log",
    "scroll_hint": "↑↓ PgUp PgDn Home End scroll, Esc close",
    "help": "Keys",
    "help_lines": (
        "←/→          choose a card, a bid or a suit\n"
        "↑/↓          raise / lower the bid\n"
        "0-9          type a bid (two digits for 10 and more)\n"
        "B G R Y      choose trump (Humans, Elves, Dwarves, Giants)\n"
        "Enter/Space  bid, choose trump, play the chosen card; before your turn,\n"
        "             choose the card that plays itself when your turn comes\n"
        "mouse        click a card to choose it, click again to play\n"
        "s            score pad (rows = rounds; bid / tricks / total)\n"
        "l            game log\n"
        "?            this help\n"
        "Esc          close a window\n"
        "e            end a game a silent player holds up (when offered)\n"
        "m            bell on / off (a beep when your turn comes)\n"
        "q, Ctrl-C    leave the table (asks first; a network game stays resumable)\n"
        "\n"
        "In the lobby, the host:\n"
        "a            admit the player asking to join\n"
        "x            refuse the player asking to join\n"
        "-            remove a seated player (then their seat number)\n"
        "\n"
        "At the table, the host:\n"
        "a            admit the one asking to watch (the oldest first)\n"
        "x            refuse the one asking to watch\n"
        "\n"
        "Cards: B blue Humans, G green Elves, R red Dwarves, Y yellow Giants,\n"
        "1 low .. 13 high; Z Wizard (always wins, first one); N Jester (never\n"
        "wins unless all are Jesters). Follow the suit led if you can;\n"
        "Wizards and Jesters may always be played.\n"
        "Exact bid: 20 + 10 per trick; else -10 per trick off."
    ),
    "quit_title": "Leave the table?",
    "quit_resumable": "The game stays resumable: wizard-p2p resume",
    "quit_practice": "This practice game ends here.",
    "quit_keys": "y: leave    n or Esc: stay",
    "replay": "Replay",
    "replay_deal": "The deal: every hand as dealt",
    "replay_trick": "Trick {n} of {total}",
    "replay_led": "{name} led",
    "replay_won": "{name} won it: {reason}",
    "reason_first-wizard": "the first Wizard",
    "reason_highest-trump": "the highest trump",
    "reason_highest-led": "the highest card of the suit led",
    "reason_first-jester": "all Jesters: the first",
    "replay_cut_short": "the trick was cut short",
    "replay_no_hands": "hands unknown: this round's secrets were never revealed",
    "replay_verified": "verified",
    "replay_unverified": "not verified",
    "replay_totals": "Totals after round {n}: {scores}",
    "replay_totals_before": "Totals before round {n}: {scores}",
    "replay_finished": "Complete game, verified. Winner: {names}",
    "replay_aborted": "Verified up to the abort: {detail}",
    "replay_incomplete": "Verified; {detail}",
    "replay_fault": "FAULT at position {position}: {who} is to blame [{kind}]: {detail}",
    "replay_unknown_seat": "an unknown seat",
    "replay_no_rounds": "No round was dealt.",
    "replay_jump": "round {n}: Enter to jump",
    "replay_no_round": "There is no round {n}: this log holds rounds 1 to {max}.",
    "replay_close": "s or Esc: close",
    "col_hand": "Hand",
    "replay_live": "The round just played: every card of it is public now",
    "replay_public": "public",
    "replay_dealer": "Dealer: {name} ({check})",
    "replay_trump": "Trump: ",
    "replay_turned": "Turned: ",
    "replay_sep": ", ",
    "replay_footer": "←→ trick  ↑↓ round  digits Enter: jump  s scores  ? help  q quit",
    "replay_help_lines": (
        "→ n Space    next trick (after a round's last trick: the next deal)\n"
        "← p          previous trick\n"
        "↓ PgDn N     next round\n"
        "↑ PgUp P     previous round (or this round's deal)\n"
        "Home End     first / last round\n"
        "0-9 Enter    jump to a round\n"
        "s            score pad so far\n"
        "?            this help\n"
        "Esc          close a window\n"
        "q, Ctrl-C    leave the replay\n"
        "\n"
        "Every hand is shown as it stood when the trick was led; the card\n"
        "played is reversed, and * marks the trick's winner."
    ),
    "footer": "? help  s scores  l log  q quit",
    "footer_bid": "0-9 ←→ Enter bid",
    "footer_trump": "BGRY ←→ Enter trump",
    "footer_play": "←→ Enter play",
    "lobby": "Lobby",
    "lobby_addresses": "Share this address",
    "lobby_invite": "Invite code",
    "lobby_players": "Players ({n} of {target})",
    "lobby_host": "host",
    "lobby_seat": "seat {n}",
    "lobby_start": "Enter: start the game",
    "lobby_wait_host": "waiting for the host to start the game",
    "lobby_need": "a game needs {min} to {max} players",
    "lobby_variant_keys": "1-{n}: switch a variant on or off",
    "lobby_not_host": "Only the host can start the game.",
    "lobby_waiting_players": "waiting for players ({done}/{total})",
    "lobby_connecting": "connecting to {detail}",
    "lobby_signing": "signing the table ({done}/{total})",
    "lobby_starting": "starting the game",
    "lobby_error": "Error: {detail}",
    "lobby_footer": "Enter start  ? help  q leave",
    "lobby_address_joined": "Lobby",
    "lobby_your_fingerprint": "Your fingerprint",
    "lobby_full_host": "every seat is taken: Enter starts the game",
    "lobby_full": "every seat is taken: waiting for the host to start the game",
    "lobby_footer_join": "? help  q leave",
    "quit_lobby_host": "The lobby closes for everyone.",
    "quit_lobby": "You leave the lobby; the others stay.",
    # Finding a table on the network (wizard-p2p join with no address), and the host's
    # announcement of its lobby.
    "find_title": "Find a table",
    "find_tables": "Tables on this network ({n})",
    "find_listening": "Listening for tables on this network…",
    "find_none_yet": (
        "None yet? A network that blocks multicast hides them: ask the host for the "
        "address and run wizard-p2p join ADDRESS --code CODE."
    ),
    "find_unreadable": "{n} announcement(s) could not be read and are not shown.",
    "find_players": "{seated}/{seats} players",
    "find_playing": "playing",
    "find_in_lobby": "in the lobby",
    "find_age_now": "just opened",
    "find_age_min": "{n} min",
    "find_age_hours": "{n} h",
    "find_full": "That table is full.",
    "find_playing_already": "That game has begun: it can be watched, not joined.",
    "find_version": "another version: {version}",
    "find_other_version": "That table plays another version of wizard-p2p.",
    "find_code_prompt": "Invite code: ",
    "find_code_hint": "Type the code the host gives you, then Enter; Esc goes back to the list.",
    "find_code_needed": "The invite code is needed: the host's screen shows it.",
    "find_code_checking": (
        "Asking the table's lobby…"
    ),
    "find_code_wrong": (
        "The table's lobby refused this invite code: check it and type it again."
    ),
    "find_code_malformed": (
        "An invite code is 8 letters and digits, like K7QD-M2XP: type it again."
    ),
    "find_code_no_answer": (
        "The table's lobby does not answer: Esc goes back to the list."
    ),
    "find_gone": (
        "That table is no longer announced: its host has left."
    ),
    "find_footer": "↑↓ choose  Enter join  q quit",
    "find_footer_watch": "↑↓ choose  Enter watch  q quit",
    "find_footer_code": "Enter join  Esc back  Ctrl-C quit",
    "find_not_announced": (
        "The lobby is not announced on this network ({reason}); players join with the "
        "address."
    ),
    "find_why_no_interface": (
        "no network interface here carries multicast: only the loopback is up, or "
        "multicast is switched off"
    ),
    "find_why_listen_elsewhere": (
        "it listens on {address}, the address of no interface that carries multicast"
    ),
    "find_why_failed": "multicast DNS could not run here",
    "variant_plus_minus_one": "±1",
    "variant_hidden_bids": "hidden bids",
    "variant_secret_bids": "secret bids",
    "variant_clairvoyance": "clairvoyance",
    "variant_wizard_lead_sets_suit": "after a Wizard lead, the next suit sets the suit",
    "suit_HUMANS": "Humans (blue)",
    "suit_ELVES": "Elves (green)",
    "suit_DWARVES": "Dwarves (red)",
    "suit_GIANTS": "Giants (yellow)",
    "suit_short_HUMANS": "Humans",
    "suit_short_ELVES": "Elves",
    "suit_short_DWARVES": "Dwarves",
    "suit_short_GIANTS": "Giants",
    "wizard": "Wizard",
    "jester": "Jester",
    "watch_title": "Watching {name}'s table",
    "watchers": "watching: {names}",
    "watch_request": "{name} ({fingerprint}) asks to watch",
    "watch_request_keys": "a admits, x refuses",
    "watch_requests_more": "and {n} more asking to watch",
    "watch_admitted": "{name} may watch now.",
    "watch_refused": "{name} was turned away.",
    "watch_verified": "verified up to position {n}",
    "watch_refused_entry": "refused the entry at position {n} from {name}: {detail}",
    "watch_round_checked": "round {n} checked",
    "watch_admission": "waiting for the host to admit you: {detail}",
    "watch_footer": "? help  s scores  l log  q stop watching",
    "watch_leave": "Enter or q: stop watching",
    "watch_help_lines": (
        "You are watching: no hand is shown, and a bid only once the whole\n"
        "table sees it (a sealed bid shows as made: hid).\n"
        "\n"
        "s            score pad (rows = rounds; bid / tricks / total)\n"
        "l            game log\n"
        "?            this help\n"
        "↑/↓ PgUp PgDn  scroll a window\n"
        "Esc          close a window\n"
        "q, Ctrl-C    stop watching (the game goes on without you)\n"
        "\n"
        "> marks who is to move, D the dealer, * the card winning the trick.\n"
        "Cards: B blue Humans, G green Elves, R red Dwarves, Y yellow Giants,\n"
        "1 low .. 13 high; Z Wizard; N Jester."
    ),
    # The lines printed once the console has closed (commands.printout).
    "end_game": "game {id}",
    "end_winners": "winner(s): {names}",
    "end_cheating": (
        "game ended: cheating detected: seat {seat} ({name}), line {line} of the log: {detail}"
    ),
    "end_cheating_unknown": "game ended: cheating detected: {detail}",
    "end_stalled": "game ended: {name} (seat {seat}) held up the game past the time limit",
    "end_left_resumable": "left the game; resume it with:",
    "end_left": "left the game",
    "end_practice_over": "the practice game is over",
    "end_log": "log:",
    "end_check": "check it with:",
    "end_lobby_left": "left the lobby; no game was started",
    "end_seats_logs": "logs of every seat:",
    "end_offline_no_log": (
        "an offline game keeps no log: play without --offline for a signed log to audit"
    ),
    # A series of games at one table, and the games kept (``history``).
    "again_key": "n: another game at this table",
    "series_title": "standings of the series after game {n}",
    "series_col_player": "Player",
    "series_col_played": "Games",
    "series_col_won": "Won",
    "series_col_points": "Points",
    "series_col_exact": "Exact",
    "series_rule": "ranked by games won, then points, then rounds bid exactly",
    "series_of": "series {id}, game {n}",
    "again_offered": "another game at this table: the lobby is open again",
    "again_asking": "asking the host for a seat at the next game…",
    "history_none": "no games kept in {path}",
    "history_game": "{date}  game {id}",
    "history_players": "players: {names}",
    "history_variants": "variants: {names}",
    "history_no_variants": "variants: none",
    "history_winners": "winner(s): {names}",
    "history_state_finished": "finished",
    "history_state_aborted": "aborted",
    "history_state_unfinished": "not finished",
    "history_state_fault": "cheating found",
    "history_state_unreadable": "unreadable",
    "history_verified": "verified",
    "history_not_verified": "not verified",
    "history_replay": "replay it with:",
    "history_unknown": "no game {id} is kept in {path}",
    "history_several": "{id} names several games: give more of its digits",
    "history_more": "one game in detail:",
    # The lobby's news (node.lobby_news.LobbyNews), as the lobby screen says it.
    "lobby_news_joined": "{who} joined",
    "lobby_news_asks": "{who} asks to join",
    "lobby_news_asks_again": "{who} asks to join again",
    "lobby_news_not_admitted": "{who} was not admitted",
    "lobby_news_removed": "{who} was removed",
    "lobby_news_left": "{who} left the lobby",
    "lobby_news_gone": "{who} is gone: nothing heard from them",
    "lobby_news_started": "the game has started",
    "lobby_news_called_off_left": "the start was called off: {who} left the lobby",
    "lobby_news_called_off_gone": "the start was called off: nothing heard from {who}",
    "lobby_news_called_off_late": "the start was called off: {who} did not sign the game in time",
    "lobby_news_dropped": "a client {who} was dropped for flooding the lobby",
    "lobby_news_called_off": "the start was called off; waiting for the host to start",
}
