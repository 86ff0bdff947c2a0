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
    "replay_fault": "FAULT at line {line}: {who} is to blame [{kind}]: {detail}",
    "replay_no_seat": "no seat",
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
    "find_other_game": "That table plays {game}.",
    "find_game": "plays {game}",
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
    "watch_verified": "verified up to line {n}",
    "watch_refused_entry": "refused the entry of line {n} from {name}: {detail}",
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
    "end_left_resumable": "left the game; resume it with:",
    "end_left": "left the game",
    "end_log": "log:",
    "end_check": "check it with:",
    "end_lobby_left": "left the lobby; no game was started",
    "end_seats_logs": "logs of every seat:",
    "end_offline_no_log": (
        "an offline game keeps no log: play without --offline for a signed log to audit"
    ),
    # --- 巫师牌's console (wizard_p2p/tui/sorcery_*.py) ---
    "sorcery_you": "You",
    "sorcery_bot": "Bot",
    "sorcery_theirs": "bot's ",
    "sorcery_row_0": "front",
    "sorcery_row_1": "mid",
    "sorcery_row_2": "back",
    "sorcery_cell": "{row} {col}",
    "sorcery_side": (
        "{name}: {hero} ♥{life} · hand {hand}"
        " · deck {deck} · discard {discard} · elements {elements}"
    ),
    "sorcery_zones": "Skills: {skills} | Equipment: {equipment}",
    "sorcery_hand": "Hand: {cards}",
    "sorcery_pool": "Skill pool: {cards}",
    "sorcery_status": "巫师牌 · turn {turn} · {who} · {step}",
    "sorcery_status_over": "巫师牌 · the game is over (turn {turn})",
    "sorcery_step_mulligan": "mulligan",
    "sorcery_step_play": "play",
    "sorcery_step_defend": "spell battle: the defence",
    "sorcery_step_over": "over",
    "sorcery_battle_open": (
        "Spell battle: {spell} attacks with power {power}"
        " (damage {attack}); defence?"
    ),
    "sorcery_battle_hit": "Last battle: {spell} power {power} vs defence {defence}: hit {targets}",
    "sorcery_battle_held": "Last battle: {spell} power {power} vs defence {defence}: held",
    "sorcery_cost": "cost {value}",
    "sorcery_expense": "use cost {value}",
    "sorcery_gain": "load {value}",
    "sorcery_attack": "attack {value}",
    "sorcery_life": "life {value}",
    "sorcery_power": "power {value}",
    "sorcery_duration": "duration {value}",
    "sorcery_zone": "in {zone}",
    "sorcery_zone_name_deck": "deck",
    "sorcery_zone_name_hand": "hand",
    "sorcery_zone_name_units": "unit area",
    "sorcery_zone_name_skills": "skill zone",
    "sorcery_zone_name_equipment": "equipment zone",
    "sorcery_zone_name_pool": "skill pool",
    "sorcery_zone_name_discard": "discard pile",
    "sorcery_zone_name_idle": "idle zone",
    "sorcery_tapped": "tapped",
    "sorcery_refused": "Refused: {detail}",
    "sorcery_bot_failed": "The bot could not move ({detail}); you may leave with q.",
    "sorcery_nothing": "Nothing to choose: {what}",
    "sorcery_choose_n": "Choose exactly {n}.",
    "sorcery_unknown_key": "No such key here; ? lists the keys.",
    "sorcery_prompt_mulligan": "Your opening hand: keep it (k) or mulligan once (m)?",
    "sorcery_prompt_play": "Your turn: choose an action (? for the keys).",
    "sorcery_prompt_defend": "The bot casts at you: defend (d) or take it (p)?",
    "sorcery_prompt_wait": "The bot is playing…",
    "sorcery_prompt_over": "The game is over.",
    "sorcery_prompt_quit": "Concede and leave?",
    "sorcery_keys_mulligan": "k keep  m mulligan  v card  ? help  q quit",
    "sorcery_keys_play": "s summon c consume a cast t attack l learn n end g generic ? help",
    "sorcery_keys_defend": "d defend  p take it  i invoke  g generic  v card  ? help",
    "sorcery_keys_wait": "v card  ? help  q quit  (other keys wait for your move)",
    "sorcery_keys_over": "Enter or q: leave",
    "sorcery_keys_quit": "y concede and leave  n stay",
    "sorcery_keys_pick": "press a choice's key  Esc cancel",
    "sorcery_keys_pick_many": "keys mark choices  Enter done  Esc cancel",
    "sorcery_ask_consume": "Consume which card for its load?",
    "sorcery_ask_summon": "Summon which creature?",
    "sorcery_ask_cell": "Which cell?",
    "sorcery_ask_equip": "Equip which item?",
    "sorcery_ask_replace": "Replace which equipment?",
    "sorcery_ask_item": "Use which item?",
    "sorcery_ask_learn": "Learn which skill?",
    "sorcery_ask_forget": "Which skill goes back to the pool?",
    "sorcery_ask_invoke": "Invoke which incantation?",
    "sorcery_ask_cast": "Cast which spell?",
    "sorcery_ask_boosts": "Reinforce with which spells?",
    "sorcery_ask_target": "At which unit?",
    "sorcery_ask_area": "At which area?",
    "sorcery_ask_defend": "Defend with which spell?",
    "sorcery_ask_overdraw": "Overdraw which cards to pay?",
    "sorcery_ask_attacker": "Attack with which card?",
    "sorcery_ask_ability": "Which ability?",
    "sorcery_ask_ability_card": "Use the ability of which card?",
    "sorcery_ask_discard": "Discard {n} down to the hand limit:",
    "sorcery_ask_generic": "Which generic action?",
    "sorcery_ask_amount": "How many?",
    "sorcery_ask_from": "A card from which zone?",
    "sorcery_ask_card": "Which card?",
    "sorcery_ask_zone": "To which zone?",
    "sorcery_ask_unit": "Which unit?",
    "sorcery_ask_marker": "Which marker?",
    "sorcery_ask_search": "Search your deck for which card?",
    "sorcery_ask_derived": "Which derived card?",
    "sorcery_ask_element": "Which element?",
    "sorcery_ask_field": "Change which number?",
    "sorcery_ask_view": "Read which card?",
    "sorcery_generic_move": "move a card between zones",
    "sorcery_generic_damage": "damage a unit",
    "sorcery_generic_heal": "heal a unit",
    "sorcery_generic_mark": "add a marker",
    "sorcery_generic_unmark": "remove a marker",
    "sorcery_generic_draw": "draw cards",
    "sorcery_generic_search": "search the deck",
    "sorcery_generic_shuffle": "shuffle the deck",
    "sorcery_generic_look": "look at the top of the deck",
    "sorcery_ask_look_count": "Look at how many cards of the top of your deck?",
    "sorcery_ask_look_take": "Take which of them into your hand? (Enter: none more)",
    "sorcery_ask_look_next": "Which of them goes back next (the first on top)?",
    "sorcery_ask_look_under": "How many of them (the last placed) go under the deck?",
    "sorcery_look_not_now": "You cannot look at your deck now.",
    "sorcery_generic_derived": "put a derived card into play",
    "sorcery_generic_gain": "gain temporary elements",
    "sorcery_generic_tap": "tap or reset a card",
    "sorcery_generic_modify": "change a card's number",
    "sorcery_field_attack": "attack",
    "sorcery_field_life": "life",
    "sorcery_field_power": "power",
    "sorcery_told_keep": "{who} kept the opening hand.",
    "sorcery_told_mulligan": "{who} took a mulligan.",
    "sorcery_told_consume": "{who} consumed {card} for its load.",
    "sorcery_told_summon": "{who} summoned {card} to {cell}.",
    "sorcery_told_equip": "{who} equipped {card}.",
    "sorcery_told_item": "{who} used {card}.",
    "sorcery_told_learn": "{who} learnt {card}.",
    "sorcery_told_invoke": "{who} invoked {card}.",
    "sorcery_told_cast": "{who} cast {card} at {target}, power {power}.",
    "sorcery_told_no_defence": "{who} did not defend",
    "sorcery_told_defend": "{who} defended with {card}",
    "sorcery_told_attack": "{who} attacked {target} with {card}.",
    "sorcery_told_ability": "{who} used {card}'s {ability}.",
    "sorcery_told_end": "{who} ended the turn.",
    "sorcery_told_discards": " Discarded: {cards}.",
    "sorcery_told_concede": "{who} conceded.",
    "sorcery_told_move": "{who} moved {card} to {zone}.",
    "sorcery_told_damage": "{who} dealt {n} damage to {card}.",
    "sorcery_told_heal": "{who} healed {card} by {n}.",
    "sorcery_told_mark": "{who} put {n} {marker} on {card}.",
    "sorcery_told_unmark": "{who} removed {n} {marker} from {card}.",
    "sorcery_told_draw": "{who} drew {n}.",
    "sorcery_told_search": "{who} searched the deck.",
    "sorcery_told_look": "{who} looked at the top {n} of the deck and put {under} under it.",
    "sorcery_told_shuffle": "{who} shuffled the deck.",
    "sorcery_told_derived": "{who} put {card} into {zone}.",
    "sorcery_told_gain": "{who} gained {elements}.",
    "sorcery_told_tap": "{who} tapped {card}.",
    "sorcery_told_reset": "{who} reset {card}.",
    "sorcery_told_modify": "{who} changed {card}'s numbers.",
    "sorcery_told_other": "{who} acted.",
    "sorcery_card_title": "Card",
    "sorcery_help_title": "巫师牌: keys",
    "sorcery_help_lines": (
        "Each action starts with a key; then press the key of each choice.\n"
        "Mulligan: k keep, m mulligan once.\n"
        "Your turn: c consume a card for its load   s summon a creature\n"
        "  e equip an item   u use a potion or scroll   l learn a skill\n"
        "  a cast a spell (then reinforcements, Enter, then the target)\n"
        "  t attack with a front-row unit   i invoke an incantation\n"
        "  b use a card's ability (消耗, 回合技, 绝技)   n end the turn\n"
        "  g generic actions: carry out a card's text (move, damage, heal,\n"
        "    markers, draw, search, shuffle, derived cards, elements, tap, change,\n"
        "    take control of a card, the slots a card gives)\n"
        "Spell battle: d defend (spell, reinforcements, cards to overdraw)\n"
        "  p take it   i a 反制 incantation   g generic actions\n"
        "Always: v read a card's full text   ? this help   q concede and leave\n"
        "  $ pay by hand (the elements of each cost; the first turn's half load)\n"
        "Choosing: a choice's key takes it; in a list of several, keys mark\n"
        "  and Enter ends; Esc abandons the action.\n"
        "Grids: front row nearest the middle line; ~ tapped, * markers,\n"
        "  attack/life after each unit's name."
    ),
    "sorcery_quit_title": "Leave",
    "sorcery_quit_question": "Concede the game and leave? y yes, n no",
    "sorcery_end_title": "The end",
    "sorcery_end_won": "You win!",
    "sorcery_end_lost": "The bot wins.",
    "sorcery_end_draw": "A draw.",
    "sorcery_net_won": "{name} (seat {n}) wins.",
    "sorcery_net_unfinished": "The game did not finish.",
    "sorcery_end_hero_died": "A hero's life fell to 0 (turn {turn}).",
    "sorcery_end_conceded": "A player conceded (turn {turn}).",
    "sorcery_end_turn_limit": "The turn limit was reached (turn {turn}).",
    "sorcery_end_keys": "Enter or q: leave. v: read a card.",
    # --- 巫师牌's refusals: one sentence for each rule of the engine (sorcery_rule_*) ---
    "sorcery_rule_unknown_action": "That is not an action of 巫师牌.",
    "sorcery_rule_game_over": "The game is over.",
    "sorcery_rule_step": "That cannot be done in this step of the game.",
    "sorcery_rule_turn": "It is not your move now.",
    "sorcery_rule_player": "There is no such player.",
    "sorcery_rule_no_card": "There is no such card in this game.",
    "sorcery_rule_not_yours": "That card is not yours.",
    "sorcery_rule_zone": "That card is not in a zone where this can be done.",
    "sorcery_rule_card_kind": "That kind of card cannot do this.",
    "sorcery_rule_tapped": "That card is tapped.",
    "sorcery_rule_upright": "That card is already upright.",
    "sorcery_rule_stunned": "A stunned (眩晕) card cannot be tapped.",
    "sorcery_rule_frozen": "A frozen (冻结) card cannot be reset.",
    "sorcery_rule_cooldown": "A card with cooldown (冷却) cannot be reset or replaced.",
    "sorcery_rule_sealed": "A sealed (封印) card cannot be used.",
    "sorcery_rule_petrified": "A petrified (石化) card's text is void.",
    "sorcery_rule_cost": "Your elements do not pay that cost.",
    "sorcery_rule_no_load": "That card has no load to take.",
    "sorcery_rule_first_turn_load": (
        "On the first turn the first player takes half the hero's load (rounded up);"
        " any other load is taken whole."
    ),
    "sorcery_rule_cell": "That cell is taken, or not a cell of the grid.",
    "sorcery_rule_skill_limit": "The skill zone is full: replace an upright skill.",
    "sorcery_rule_equipment_limit": "The equipment zone is full: replace a piece of equipment.",
    "sorcery_rule_equipment_kind": "One equipment of each kind: replace the one you have.",
    "sorcery_rule_replace": "Only an upright skill can be replaced.",
    "sorcery_rule_hand_limit": "Discard down to the hand limit of 5.",
    "sorcery_rule_defence_only": "That spell is only for defence (防御).",
    "sorcery_rule_undefendable": "This spell cannot be defended.",
    "sorcery_rule_target": "That is not a target this can take.",
    "sorcery_rule_range": "That target is out of mana range.",
    "sorcery_rule_hidden": "A hidden (隐蔽) unit cannot be targeted by the enemy.",
    "sorcery_rule_area": "That area does not fit the spell.",
    "sorcery_rule_front_row": "Only a front-row unit attacks directly.",
    "sorcery_rule_no_attack": "That card has no attack.",
    "sorcery_rule_ability": "That card has no such ability.",
    "sorcery_rule_per_turn": "That 回合技 is used up this turn.",
    "sorcery_rule_ultimate": "That 绝技 has already been used.",
    "sorcery_rule_order": "That is not a new order of the deck.",
    "sorcery_rule_amount": "That amount is out of range.",
    "sorcery_rule_hero": "A hero stays in its own unit area.",
    "sorcery_rule_weak_on_hero": "虚弱 is put on a hero only.",
    "sorcery_rule_derived": "That card is not in your extra deck.",
    "sorcery_rule_overdraw": "Overdraw (透支) is for the opponent's turn, each card once.",
    "sorcery_rule_control": "That card is already yours to control.",
    # --- 巫师牌's console: taking control, slots, a card's load ---
    "sorcery_generic_control": "take control of a card (or take yours back)",
    "sorcery_generic_slots": "set the slots a card gives",
    "sorcery_field_gain": "load",
    "sorcery_ask_control": "Take control of which card?",
    "sorcery_ask_slots_card": "Slots given by which card?",
    "sorcery_ask_skill_slots": "How many skill slots beyond the limit?",
    "sorcery_ask_equipment_slots": "How many equipment slots beyond the limit?",
    "sorcery_ask_any_kind": "Equipment of any kind, more than one of a kind?",
    "sorcery_yes": "yes",
    "sorcery_no": "no",
    "sorcery_borrowed": "not on its owner's side (taken control of)",
    "sorcery_told_control": "{who} took control of {card}.",
    "sorcery_told_slots": (
        "{who}: {card} gives {skills} more skill "
        "slots, {equipment} more equipment slots."
    ),
    "sorcery_told_any_kind": " Equipment of any kind.",
    # --- 巫师牌's console: paying by hand ---
    "sorcery_ask_pay": "Cost {cost}, paid {paid}: pay a {unit} with?",
    "sorcery_ask_load": "Take {n} of the hero's load {load}, taken {taken}: which next?",
    "sorcery_by_hand_on": (
        "Paying by hand: you choose which elements pay each cost "
        "($ again: automatic)."
    ),
    "sorcery_by_hand_off": (
        "Paying automatically: the engine chooses the elements "
        "($ again: by hand)."
    ),
    "sorcery_status_by_hand": " · paying by hand",
    # --- 巫师牌's console: keys typed while the bot moves ---
    "sorcery_held": "Wait: the bot is moving. Held for your move: {keys} (Esc drops them).",
    "sorcery_held_full": "Wait: the bot is moving, and enough keys are held already.",
    "sorcery_held_dropped": "The bot casts at you: the keys you typed ahead were dropped.",
    "sorcery_held_cleared": "The keys typed ahead were dropped.",
    # --- the coach ---------------------------------------------------------------------
    "coach_title": "Coach",
    "coach_thinking": "The coach is thinking…",
    "coach_not_allowed": "This game's terms do not allow the coach.",
    "coach_nothing": "The coach advises when it is your turn to bid, choose trump or play.",
    "coach_view": "From what your seat sees, and nothing else:",
    "coach_says_bid": "The coach bids {bid}.",
    "coach_bid_option": "bid {bid}: {points} points expected",
    "coach_says_trump": "The coach chooses {suit} as trump.",
    "coach_trump_option": "{suit}: {points} points expected with its best bid",
    "coach_says_card": "The coach plays {card} (your bid: {bid}).",
    "coach_card_option": "{card}: takes the trick {win}%, {points} points expected",
    "coach_close": "c or Esc: close",
    "coach_key": "c coach",
    "coach_help": "c            ask the coach (when the game's terms allow it)",
    "coach_allowed": "coach allowed",
    "coach_off": "no coach",
    "coach_note_bid": "the coach would have bid {choice}: {points} points expected; "
    "{made} was bid: {made_points} expected",
    "coach_note_same_bid": "the coach agrees with the bid {choice}: {points} points expected",
    "coach_note_trump": "the coach would have chosen {choice}: {points} points expected; "
    "{made} was chosen: {made_points} expected",
    "coach_note_same_trump": "the coach agrees with {choice} as trump: {points} points expected",
    "coach_note_card": "the coach would have played {choice}: {points} points expected; "
    "{made} was played: {made_points} expected",
    "coach_note_same_card": "the coach agrees with {choice}: {points} points expected",
    "coach_costliest": "Costliest decision of the round: {name}, {note}",
    "coach_none_costly": "The coach agrees with every decision of this round.",
    "coach_reading": "The coach is reading this round…",
    "coach_notes_on": "coach's notes shown (c hides them)",
    "coach_notes_off": "coach's notes hidden (c shows them)",
    "coach_notes_unavailable": "no coach's notes: the hands of this round or of an earlier one "
    "are not known",
    "coach_replay_help": "c            the coach's notes on each bid and play, on or off",
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
    # 巫师牌 with hidden cards
    "sorcery_rule_unknown_card": "That card has not been shown to you yet.",
    "sorcery_rule_reveal": "The card revealed cannot be that card.",
    # The lobby's status lines (tui.lobby_screen.LobbyStatusKind) the other keys do not say.
    "lobby_admission": "waiting for the host to admit you",
    "lobby_announced": "announced on the local network: players find this table with join",
    # A headless seat's lines in the lobby (a bot's, or --headless).
    "lobby_headless_open": "Wizard lobby for {seats} players — invite code {code}",
    "lobby_headless_join_with": "  others join with: {command}",
    "lobby_headless_fingerprint": "your fingerprint: {fingerprint}",
    "lobby_headless_seat": "  seat {n}: {name}  {fingerprint}",
    "lobby_headless_seated": "seated at seat {n}; the game begins",
    "lobby_headless_connecting": "connecting to {address} as {name} ({fingerprint})…",
    # How a game ended early (``tui.ending_text.ending_reason``), and the printout's line.
    "ended_stalled": "{name} (seat {seat}) held up the game past the time limit",
    "ended_cheating": "cheating detected: seat {seat} ({name}), line {line} of the log: {detail}",
    "ended_cheating_unknown": "cheating detected: {detail}",
    "end_ended": "game ended: {reason}",
    # Sentences of the audit, the copies report, replay, files and errors (``errors.Said``).
    "seat_named": "seat {n} ({name})",
    "seat_n": "seat {n}",
    "seat_none": "no seat",
    "audit_game": "game {id}…  {n} entries",
    "audit_pad_round": "round",
    "audit_pad_sub": "bid tk  total",
    "audit_winners": "winner(s): {names}",
    "audit_verified": "verified: complete game, agreed by every seat",
    "audit_aborted": (
        "verified up to round {rounds}; the game was ended by {writer} because {stalled} "
        "stalled: {reason}"
    ),
    "audit_ends": "verified up to round {rounds}; the log ends in stage {stage}",
    "audit_ends_waiting": (
        "verified up to round {rounds}; the log ends in stage {stage}, waiting for {seat}"
    ),
    "audit_fault": "FAULT at line {line}: {who} is to blame [{kind}]: {detail}",
    "audit_evidence_fault": (
        "an entry the others refused, signed by its seat (the proof is in {file}): {why}"
    ),
    "audit_no_file": "no such file: {path}",
    "card_file_where": (
        "get SorceryComposer's resources/all_card_infos.json ({url}) and import it with: "
        "{command}"
    ),
    "card_file_unreadable": "{problem}: {where}",
    "card_file_not_cards": "{path} is not a good card file ({detail}): {where}",
    "audit_needs_card_file": (
        "a game of 巫师牌 is read with the card file it was played with: import it once with "
        "wizard-p2p sorcery cards import FILE, or name it with --cards FILE"
    ),
    "audit_other_card_file": (
        "this game of 巫师牌 was played with another card file: the SHA-256 of this one is "
        "not the one the log's genesis names"
    ),
    "audit_log_empty": "the log is empty",
    "audit_not_log_empty": "not a wizard-p2p log: the file is empty",
    "audit_not_log_no_line": "not a wizard-p2p log: it holds no complete line",
    "audit_not_log_no_entry": "not a wizard-p2p log: no line is a log entry",
    "audit_other_version": (
        "written by protocol version {version}; this program reads version {ours}"
    ),
    "audit_other_version_line": (
        "line {line} is written by protocol version {version}; this program reads version "
        "{ours}"
    ),
    "audit_torn": (
        "the last line is cut short ({bytes} bytes with no end of line) and is not counted"
    ),
    "audit_evidence_unreadable": "the evidence file beside the log cannot be read: {why}",
    "audit_evidence_of": "evidence of {seat}, {kind} at line {line}",
    "audit_proven": "{what}: proven",
    "audit_proves_nothing": "{what}: proves nothing: {why}",
    "fault_kind_bad_signature": "bad-signature",
    "fault_kind_endorsement": "endorsement",
    "fault_kind_replay": "replay",
    "fault_kind_after_end": "after-end",
    "fault_kind_fork": "fork",
    "fault_kind_out_of_turn": "out-of-turn",
    "fault_kind_equivocation": "equivocation",
    "fault_kind_malformed": "malformed",
    "fault_kind_commitment": "commitment",
    "fault_kind_bid_range": "bid-range",
    "fault_kind_plus_minus_one": "plus-minus-one",
    "fault_kind_final": "final",
    "fault_kind_gap": "gap",
    "fault_kind_duplicate": "duplicate",
    "fault_kind_not_held": "not-held",
    "fault_kind_follow_suit": "follow-suit",
    "fault_kind_secret": "secret",
    "fault_kind_deck": "deck",
    "fault_kind_wrong_key": "wrong-key",
    "fault_kind_shuffle": "shuffle",
    "fault_kind_lock": "lock",
    "fault_kind_false_dispute": "false-dispute",
    "fault_kind_dispute": "dispute",
    "copies_count_one": "{n} copy",
    "copies_count_many": "{n} copies",
    "copies_lines_one": "{n} line",
    "copies_lines_many": "{n} lines",
    "copies_entries_one": "{n} entry",
    "copies_entries_many": "{n} entries",
    "copies_game": "game {id}…  {copies}",
    "copies_copy": "copy {n} {name}, {lines}: {verdict}",
    "copies_unreadable": "unreadable: {why}",
    "copies_in_one": "in copy {which}",
    "copies_in_many": "in copies {which}",
    "copies_signed_entry": "{seat}'s {kind} {hash}…",
    "copies_held": "{entry} {where}",
    "copies_fork": "fork at line {line}: {held}",
    "copies_refuted": "does not stand: {seat}'s abort at line {line}: {why}",
    "copies_refutation": (
        "seat {seat} ended the game at line {line}, yet signed line {later} on top of the "
        "entry there in {copy}"
    ),
    "copies_fork_stands": "the copies fork at line {line}; the ending that stands: {standing}",
    "copies_agree": "the copies agree: {standing}",
    "copies_signed_by": "signed by {seat} at line {line} ({kind}): {sig}",
    "copies_no_copy": "no copy",
    "copies_other_genesis_one": (
        "not copies of one game: {others} holds another genesis than {first}"
    ),
    "copies_other_genesis_many": (
        "not copies of one game: {others} hold another genesis than {first}"
    ),
    "copies_equivocation": (
        "{seat} signed two different entries for line {line}: a proven equivocation"
    ),
    "copies_finished": "complete game, agreed by every seat: {result}",
    "result_totals": "totals {totals}",
    "result_won": "{seat} won",
    "result_draw": "a draw",
    "copies_aborted": "ended by {writer} because {stalled} stalled: {reason}",
    "copies_fault": "{who} is to blame [{kind}]{where}: {detail}",
    "copies_at_line": " at line {line}",
    "copies_incomplete": "the game has not ended in any copy; the longest holds {entries}",
    "replay_ended_by": "ended by seat {writer} because seat {stalled} stalled: {reason}",
    "replay_ends_after": "the log ends after round {n}",
    "replay_exported": "{path}: {rounds} rounds, {status}: {message}",
    "file_missing": "there is no {what} at {path}",
    "file_symlink": "the {what} {path} is a symbolic link; it is read only as a regular file",
    "file_socket_or_device": "the {what} {path} is a socket or a device, not a regular file",
    "file_cannot_read": "cannot read the {what} {path}: {why}",
    "file_not_regular": "the {what} {path} is {kind}, not a regular file",
    "file_not_private": (
        "the {what} {path} is open to other users (mode {mode}); fix it with: chmod 600 {path}"
    ),
    "file_too_large": "the {what} {path} is larger than its limit of {limit}",
    "file_is_input": "the {what} {path} is the file being read; choose another path",
    "file_cannot_write": "cannot write the {what} {path}: {why}",
    "file_never_over": "the {what} {path} is {kind}; it is never written over",
    "file_exists_force": "the {what} {path} exists; use --force to replace it",
    "file_exists": "{path} exists; it is not replaced",
    "file_kind_folder": "a folder",
    "file_kind_fifo": "a FIFO (a named pipe)",
    "file_kind_device": "a device",
    "file_kind_socket": "a socket",
    "file_kind_link": "a symbolic link",
    "file_kind_other": "not a regular file",
    "file_what_log": "log",
    "file_what_evidence_file": "evidence file",
    "file_what_identity_key": "identity key",
    "file_what_key_file": "key file",
    "file_what_seat_record": "seat record",
    "file_what_file": "file",
    "file_what_export": "export",
    "file_what_log_to_save": "log to save",
    "file_what_log_copy": "log copy",
    "file_what_evidence_copy": "evidence copy",
    "file_what_card_file_of_巫师牌": "card file of 巫师牌",
    "error_line": "wizard-p2p: {text}",
    "error_stopped": "stopped",
    "error_internal": "internal error ({kind}: {detail}); please report it",
    "error_no_terminal_bot": (
        "the console needs a terminal to read keys from; run it in one, or seat a bot "
        "with: {command}"
    ),
    "error_no_terminal_watch": (
        "the console needs a terminal to read keys from; run it in one, or watch with: "
        "{command}"
    ),
    "error_no_terminal_replay": (
        "the replay needs a terminal; use --export FILE.json to write it out"
    ),
    "error_cannot_replay": "cannot replay {path}: {why}",
    "error_cannot_write": "cannot write {path}: {why}",
    "error_code_needed": "the host's invite code is needed: --code ABCD-EF23",
    "error_address": "an address looks like {example}, not {text}",
    "error_seconds": "{option} is a number of seconds above 0, not {value}",
    "error_games": "--games is a number of games from 1 to {max}, not {games}",
    "error_approve_headless": "--approve needs the console: a bot host cannot admit anyone",
    "error_no_resume": "no game to resume in {path}",
    "error_never_started": "that game never started (its log is empty)",
    "error_resume_version": (
        "game {id} was played with protocol version {version}; this program plays version "
        "{ours} and cannot resume it"
    ),
    "error_one_program": (
        "another wizard-p2p program is playing with the keys in {path}: each player needs "
        "a data folder of their own (--data-dir)"
    ),
    "error_bots": "{seats} seats need {with_you} bots with you, or {seats} with --headless",
    "error_no_table_chosen": "no table was chosen",
    "error_table_gone": "that table is no longer announced: its host has left",
    "error_no_sorcery_engine": "this build of wizard-p2p has no 巫师牌 engine to play with",
    "replay_status_finished": "finished",
    "replay_status_aborted": "aborted",
    "replay_status_fault": "fault",
    "replay_status_incomplete": "incomplete",
    "story_trump_chosen": "{name} chose trump {suit}",
    "story_trump_chosen_you": "you chose trump {suit}",
    "stalled_mark": " (stalled)",
    "error_practice_resume": (
        "game {id} was a practice game against bots, which ended when you left it; it cannot "
        "be resumed: start another with: {command}"
    ),
    "seat_back": "{name} is back",
    "error_none_heard": (
        "no lobby with a free seat was heard on this network within {seconds} seconds (a network "
        "that blocks multicast hides them); ask the host for its address: {example}"
    ),
    "error_none_heard_watch": (
        "no table was heard on this network within {seconds} seconds: a game is announced, "
        "and watched, through its host's program, so none is once its host has left; a network "
        "that blocks multicast hides them too. Ask the host for its address: {example}"
    ),
    "find_none_yet_watch": (
        "None yet? A game is announced, and watched, through its host's program: once the "
        "host has left, it is not. A network that blocks multicast hides tables too: ask the "
        "host for the address and run wizard-p2p watch ADDRESS --code CODE."
    ),
    "fault_detail": "[{kind}] {reason}",
    "error_unknown_lang": "unknown language {lang}; choose one of {choices}",
    "error_gate_bots": "the host named as a bot a seat this game does not have (it has {seats})",
    "error_table_full_watch": "the table is full; watch it with: {command}",
    # A host's refusal of a joiner, by its kind (protocol.lobby_schema.RefusalKind).
    "lobby_refused_wrong_code": "the host refused: the invite code is not this table's",
    "lobby_refused_other_version": (
        "the host refused: its table plays another version of wizard-p2p (this one plays "
        "{ours}); every player needs the same version"
    ),
    "lobby_refused_key_mismatch": "the host refused: the player's key is not the connection's key",
    "lobby_refused_same_identity": (
        "the host refused: another wizard-p2p with the same keys holds a place at this table "
        "already; each player needs a data folder of their own (--data-dir)"
    ),
    "lobby_refused_name_taken": (
        "the host refused: the name {name} is taken at this table; choose another (--name)"
    ),
    "lobby_refused_full": "the host refused: the table is full",
    "lobby_refused_bad_address": (
        "the host refused: it cannot make this player's address from where it connects"
    ),
    "lobby_refused_too_many_waiting": (
        "the host refused: too many players are waiting for the host; try later"
    ),
    "lobby_refused_unreadable": "the host refused: it could not read what this client sent",
    "lobby_refused_unexpected": "the host refused: a joiner does not send that message",
    "lobby_refused_no_terms": "the host refused: there is no game to sign yet",
    "lobby_refused_not_seated": "the host refused: you hold no seat at this table",
    "lobby_refused_starting": "the host refused: the game is starting",
    "lobby_refused_bad_endorsement": "the host refused: your signature of the game does not verify",
    "lobby_refused_not_admitted": "the host did not admit you to the table",
    "lobby_refused_removed": "the host removed you from the table",
    "lobby_refused_started_without_you": "the game started without you",
    "lobby_refused_called_off_left": "the start was called off: you left the lobby",
    "lobby_refused_called_off_gone": "the start was called off: the host heard nothing from you",
    "lobby_refused_called_off_late": "the start was called off: you did not sign the game in time",
    "lobby_refused_other_game": "the host refused: this table plays {theirs}, not {game}",
    "lobby_refused_illegal_deck": "the host refused your deck: {rule}",
    # The games a table plays (protocol.game_name.GameName), and the deck rules of 巫师牌
    # (sorcery.decks.DeckRule) as a refusal or the local check names them.
    "game_name_wizard": "Wizard",
    "game_name_sorcery": "巫师牌",
    "game_name_other": "another game",
    "deck_illegal": "your deck cannot be played: {rule}",
    "deck_no_card": "none",
    "deck_rule_one_hero": "a deck has exactly 1 hero (人物牌); this one has {count} ({card})",
    "deck_rule_main_size": (
        "the main deck holds exactly 30 creatures and items; this one holds {count}"
    ),
    "deck_rule_skill_pool_size": "the skill pool holds exactly 10 skills; this one holds {count}",
    "deck_rule_legendary_once": "{card} is legendary (传奇): at most 1 copy, this deck has {count}",
    "deck_rule_skill_once": "{card} is a skill: at most 1 copy, this deck has {count}",
    "deck_rule_at_most_twice": "{card}: at most 2 copies, this deck has {count}",
    "deck_rule_unknown_card": (
        "the host's card file holds no card {card}: both players need the same card file"
    ),
    "deck_rule_unknown": "a deck rule this program does not know",
    # The watch gate's own refusals, by their kind (protocol.lobby_schema.GateRefusalKind).
    "gate_refused_begun": "the host refused: the game has begun; ask to watch it instead",
    "gate_refused_player_key": "the host refused: a player of this game cannot watch it",
    "gate_refused_not_let_watch": "the host did not let you watch",
    "gate_refused_no_watchers": "the host refused: this host admits no watchers",
    "gate_refused_watchers_full": "the host refused: as many watch this game as may; try later",
    "gate_refused_too_many_asking": (
        "the host refused: too many are waiting for the host to let them watch; try later"
    ),
    "gate_refused_not_watching": "the host no longer lists you as watching: ask again",
    "gate_bye_game_over": "the game is over",
    "watch_ended_other_game": "the host's gate now holds another game",
    "watch_ended_players_gone": "no player heard for {seconds} seconds",
    "gate_news_asks": "watchers: {name} asks to watch",
    "gate_news_watches": "watchers: {name} watches",
    "gate_news_refused": "watchers: {name} may not watch",
    "gate_news_left": "watchers: {name} stopped watching",
    "gate_news_gone": "watchers: {name} is gone (not heard from)",
    "gate_not_reopened": "no watcher can be admitted: the lobby port {port} cannot be opened again",
    "again_none": "no next game at this table: {why}",
    "resume_headless": "resuming game {id} at seat {n} ({lines} lines of the log)",
    "host_wait_one_by_one": "the host admits players one by one",
    "host_wait_not_begun": "the game has not begun",
    "host_wait_host_decides": "the host decides who watches",
    "watch_entry_elsewhere": "a valid entry of another line",
    # A headless watcher's lines (commands.watch.HeadlessProgress).
    "watch_headless_asking": "asking {address} to watch as {name} ({fingerprint})…",
    "watch_headless_admitted": "admitted: following the game",
    "watch_never_dealt": "the game was never dealt: there is no table to show",
    "watch_headless_seat": "seat {n} ({name})",
    "watch_headless_no_seat": "an unknown seat",
    "watch_headless_cheated": "{who} cheated: {detail}",
    "watch_headless_cheated_in": "{who} cheated: {detail}; the proof is kept in {path}",
    "watch_headless_trick": "round {round} trick {trick}: {cards} -> {winner}",
    "watch_headless_round": "round {round} scored: {scores}",
    "watch_headless_verified": "game over: verified, {lines} lines of the log",
    "watch_headless_stopped": "stopped watching: verified up to line {lines}",
    "watch_headless_stopped_why": "stopped watching ({why}): verified up to line {lines}",
    # A joiner's own endings of the lobby (node.lobby_join_machine.Ended's ``said``).
    "lobby_ended_unreadable": "the host sent what this program cannot read",
    "lobby_ended_host_gone": "the host is gone: nothing heard from {address} for {seconds} seconds",
    "lobby_ended_host_left": "the host left the lobby",
    "lobby_ended_other_version": (
        "the host's table plays another version of wizard-p2p (this one plays {ours}); "
        "every player needs the same version"
    ),
    "lobby_ended_bad_terms": "the host's terms do not seat you as you joined",
    "lobby_ended_wrong_code": (
        "the lobby at {address} refused you: check the invite code {code} (a lobby also "
        "closes once its game has started)"
    ),
    "lobby_ended_no_answer": "no Wizard lobby answers at {address}",
    "lobby_ended_endorsement_lost": "the host did not take your endorsement",
    # 巫师牌's console at a networked table (tui.sorcery_app, commands.sorcery_console_seat).
    "sorcery_search_not_now": "You cannot search your deck now.",
    "sorcery_search_none": "none (the deck is shuffled)",
    "sorcery_seat_stopped": "The table stopped: {detail}",
    "sorcery_seat_waiting_start": "Waiting for the table to deal…",
    # 巫师牌's replay (tui.sorcery_replay, commands.sorcery_replay).
    "sorcery_replay_no_move": "The log holds no move.",
    "sorcery_replay_step": "Move {n} of {total} (log line {line})",
    "sorcery_replay_keys": "→/n next · ←/p back · Home/End first/last · q leave",
    "sorcery_replay_fault": "The log stops at line {line}: {why}",
    "sorcery_replay_won": "{name} (seat {n}) wins. {why}",
    "sorcery_replay_draw": "A draw. {why}",
    "sorcery_replay_not_sorcery": "it is no game of 巫师牌",
    "error_sorcery_replay_export": (
        "--export writes a game of Wizard; a game of 巫师牌 is replayed in the console"
    ),
    "error_sorcery_replay_terminal": "the replay of 巫师牌 needs a terminal",
    # 巫师牌's seat again after a crash: `sorcery resume`
    "sorcery_resume_no_deck": (
        "game {id} keeps no deck of 巫师牌: it cannot be resumed as a seat of 巫师牌"
    ),
    "file_what_kept_deck": "kept deck",
    "sorcery_resume_bad_deck": "the deck kept for game {id} is damaged: it cannot be resumed",
    "sorcery_resume_other_game": "game {id} is not a game of 巫师牌; resume it with: {command}",
    "resume_sorcery_game": "game {id} is a game of 巫师牌; resume it with: {command}",
    # A watcher of a 巫师牌 table: `sorcery watch`
    "error_heard_other_game": (
        "the only table heard on this network plays {game}, not the game this command plays; "
        "ask the host for its address: {example}"
    ),
    "sorcery_watch_turn": "Turn {turn}: {name}.",
    "watch_other_game": "that table plays {game}; watch it with: {command}",
    # 巫师牌's board at a networked table: the other seat holding the game up
    "sorcery_stall_countdown": "{name} is holding up the game: you may end it in {left} s",
    "sorcery_stall_may_end": "{name} is holding up the game: e ends it now",
    "sorcery_keys_stalled": "e end the game  v card  ? help  q quit",
    "sorcery_end_stalled": "The game was ended: {name} stopped answering.",
    "sorcery_end_faulted": "The game was stopped: {detail}",
    # 巫师牌's board on a seat that needs a terminal (`sorcery host`/`join`/`resume`)
    "sorcery_console_no_terminal": (
        "the console needs a terminal to read keys from; run it in one, or let the bot play "
        "this seat with --headless"
    ),
    # 巫师牌's watcher screen at a live table: `sorcery watch`
    "sorcery_watch_live": "Watching live: every move verified, no hidden card shown.",
    "sorcery_watch_over": "The game is over.",
    "sorcery_watch_keys": "q leave",
}
