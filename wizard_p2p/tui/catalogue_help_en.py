"""The command line's help (``wizard-p2p --help``, ``wizard-p2p host --help`` …) in
English: argparse's own words, each command's description and every option's help.
``{…}`` fields are filled when the parser is built; ``%(…)s`` ones by argparse."""

from __future__ import annotations

HELP_EN: dict[str, str] = {
    # argparse's own words.
    "cli_usage": "usage: ",
    "cli_positionals": "positional arguments",
    "cli_options": "options",
    "cli_section": "{title}:",
    "cli_help": "show this help and exit",
    # argparse's refusals, by the message ids argparse words them with (``%(…)s`` filled
    # by argparse).
    "cli_error": "%(prog)s: error: %(message)s\n",
    "cli_error_argument": "argument %(argument_name)s: %(message)s",
    "cli_error_required": "the following arguments are required: %s",
    "cli_error_one_required": "one of the arguments %s is required",
    "cli_error_unrecognized": "unrecognized arguments: %s",
    "cli_error_ambiguous": "ambiguous option: %(option)s could match %(matches)s",
    "cli_error_invalid_value": "invalid %(type)s value: %(value)r",
    "cli_error_invalid_choice": "invalid choice: %(value)r (choose from %(choices)s)",
    "cli_error_unknown_command": "unknown parser %(parser_name)r (choices: %(choices)s)",
    "cli_error_not_allowed_with": "not allowed with argument %s",
    "cli_error_ignored_value": "ignored explicit argument %r",
    "cli_error_expected_one": "expected one argument",
    "cli_error_expected_at_most_one": "expected at most one argument",
    "cli_error_expected_at_least_one": "expected at least one argument",
    "cli_error_expected_n": "expected %s argument",
    "cli_error_expected_n_plural": "expected %s arguments",
    # The program and its commands.
    "cli_description": "The card game Wizard over a LAN, with no server.",
    "cli_version": "print the version and the protocol it plays (every player needs the same)",
    "cmd_play": "play against bots on this machine (each bot its own process, on loopback)",
    "desc_play": (
        "Play a game in this terminal against bots on this machine. Each bot is its own "
        "process on loopback; the game is signed and logged as a LAN game is."
    ),
    "cmd_host": "open a lobby on this machine and host a game",
    "desc_host": (
        "Open a lobby on this machine: it prints the address and invite code the others join "
        "with, announces the lobby on the local network (so that they can find it without the "
        "address), and you start the game once they are seated."
    ),
    "cmd_join": "join a game hosted at HOST:PORT, or one found on the local network",
    "desc_join": (
        "Join the lobby another player hosts, with the address and invite code the host's "
        "screen shows. Without an address, choose among the lobbies announced on the local "
        "network."
    ),
    "cmd_bot": "join a game at HOST:PORT as a bot",
    "desc_bot": (
        "Seat a bot at a game hosted at HOST:PORT: it plays without a console and prints its "
        "progress. Without an address, it joins the only lobby announced on the local network."
    ),
    "cmd_watch": (
        "watch a game hosted at HOST:PORT, or one found on "
        "the local network, with no seat"
    ),
    "desc_watch": (
        "Follow a game live as the host admits you: the table, the bids as the variant shows "
        "them, the tricks and the score pad, never a hand. Every entry is verified as it "
        "comes, as audit does; the players see who watches."
    ),
    "cmd_resume": "rejoin a game after a crash or quit",
    "desc_resume": (
        "Rejoin a game this player left or lost: the others keep its seat until it is back "
        "or the stall limit ends the game."
    ),
    "cmd_audit": "verify a game log offline and print its score pad",
    "desc_audit": (
        "Check every signature, shuffle, bid, card and score of a game log offline, then "
        "print its score pad; exit 0 verified, 1 a fault, 2 unreadable. Given several copies "
        "of one game (each seat's log), say whether they agree, where they fork and which "
        "ending stands, with the signatures that prove it."
    ),
    "cmd_replay": "step through a finished game in the console, every hand shown",
    "desc_replay": (
        "Replay a game log trick by trick with every player's hand, the trump, the bids, who "
        "won each trick and why, and the score pad, verifying the log as it goes (a faulty "
        "log replays up to its fault). Keys: right/left next/previous trick, down/up "
        "next/previous round, a round number and Enter to jump, s score pad, ? help, q quit. "
        "A log of 巫师牌 (its genesis says so) is stepped through move by move as a watcher "
        "saw it, read with the card file of --cards or the imported one."
    ),
    "cmd_history": "list the games kept in the data folder, or show one",
    "desc_history": (
        "List the games kept in the data folder: when, who played, the variants, the "
        "winners, how each ended and whether its log verifies, and the standings of each "
        "series of games played at one table. With GAME (its id or its first digits): that "
        "game's score pad and the commands that audit and replay it."
    ),
    "cmd_tournament": "bot policies against each other in memory",
    # The options.
    "help_seats": "number of seats, 3..6 (default 4)",
    "help_variant": "{names} (repeatable)",
    "help_address": "the host's address, e.g. 192.168.1.20:{port} (default: {found})",
    "help_found_join": "choose among the lobbies announced on the local network",
    "help_found_bot": "the only lobby announced on the local network",
    "help_found_watch": "choose among the games announced on the local network",
    "help_code": "the host's invite code",
    "help_name": (
        "the name the other players see (default: your login name, followed by the "
        "--data-dir folder's name when it is not your own: Ana (seat2))"
    ),
    "help_data_dir": "where keys and games live (default: ~/.local/share/wizard-p2p)",
    "help_listen": "address to listen on (default 0.0.0.0: every one)",
    "help_mesh_port_watcher": (
        "port of this watcher's mesh, where the players send the game (default: any free port)"
    ),
    "help_mesh_port": (
        "port of the game mesh, between the players (default: the host's is the lobby port "
        "+ 1, a joiner's any free port)"
    ),
    "help_lang": "en, zh, ja (default: from the locale)",
    "help_headless_watcher": "no console: print a line per trick, the scores and what was refused",
    "help_policy": "how a bot plays: %(choices)s (default %(default)s)",
    "help_headless": "a bot plays",
    "help_quiet": "print nothing but errors (headless seats)",
    "help_no_bell": "no terminal bell when your turn comes (key: m)",
    "help_stall_limit": "seconds a seat may hold up the game (default 120)",
    "help_trick_pause": (
        "seconds a bot waits before it leads the next trick, so that the finished trick stays "
        "a moment on the screen (default: 1 for play's bots when you play, else 0)"
    ),
    "help_silence_limit": (
        "seconds without a heartbeat before a peer counts as silent (default 3)"
    ),
    "help_games": (
        "a headless seat plays up to N games in a row at this table (the console offers "
        "another at each game over: key n); default 1"
    ),
    "help_bots": "bot processes (default: seats-1)",
    "help_out": (
        "directory for every seat's log (seat-N.jsonl) and evidence.jsonl; never over an "
        "existing file unless --force, never through a link or onto a FIFO"
    ),
    "help_force_out": "let --out replace the files a previous game left there",
    "help_seed": "fixed seed (--offline only)",
    "help_offline": "in-memory game: no network, no crypto",
    "help_port": "lobby port (default {port})",
    "help_approve": "admit joiners one by one: the lobby shows each one's name and fingerprint",
    "help_no_announce": (
        "do not announce the lobby on the local network (joiners then need its address)"
    ),
    "help_admit_watchers": (
        "let everyone with the invite code watch the game (at most 8 at once); otherwise the "
        "console asks you for each, and a headless host admits none"
    ),
    "help_coach": (
        "let the players ask the coach (the c key) during the game: every player sees this "
        "term in the lobby and on the board, and endorses it with the others"
    ),
    "help_save": (
        "write the verified log there (for wizard-p2p audit); never over an existing file "
        "unless --force"
    ),
    "help_force_save": "let --save replace an existing log file",
    "help_resume_game": (
        "the game id, or its first digits, as the game's end printed (default: the latest)"
    ),
    "help_resume_admit": (
        "the host: let everyone with the invite code watch again (at most 8 at once); "
        "otherwise the console asks you for each, and a headless host admits none"
    ),
    "help_audit_log": "the log file (JSON Lines); several: copies of one game",
    "help_json": "print the report as JSON",
    "help_replay_log": "the log file (JSON Lines)",
    "help_export": (
        "write the whole game (rounds, hands, bids, tricks, scores) as JSON instead (schema: "
        "protocol/schemas/replay.json); never over the log, nor over an existing file unless "
        "--force"
    ),
    "help_force_export": "let --export replace an existing file",
    "help_history_game": "a game id, or its first digits",
    "cmd_sorcery_host": "open a lobby for a game of 巫师牌 between two players",
    "desc_sorcery_host": (
        "Open a lobby for 巫师牌: your deck is checked whole first, and a joiner'"
        "s deck is shown to you only by its hero, its extra deck and its sizes."
    ),
    "cmd_sorcery_join": (
        "join a game of 巫师牌 at HOST:PORT, "
        "or one found on the local network"
    ),
    "desc_sorcery_join": (
        "Join a 巫师牌 lobby: your deck is checked whole before you say hello; t"
        "he host sees its hero, its extra deck and its sizes, never its cards."
    ),
    "help_found_sorcery_join": "choose among the 巫师牌 lobbies announced on the local network",
    "help_sorcery_deck": "your deck: a code or a starter's name",
    "help_sorcery_seed": "fixed seed of the bot's choices",
    "cmd_sorcery_bot": "join a game of 巫师牌 at HOST:PORT as a bot",
    "desc_sorcery_bot": (
        "Seat a bot at the 巫师牌 game HOST:PORT hosts: it plays without a console, its deck "
        "checked whole first, and prints how the game ended."
    ),
    "help_sorcery_cards": (
        "the card file to use for this "
        "run (default: the one imported)"
    ),
    "cmd_sorcery": "巫师牌, a two-player card game of the rule documents: cards, decks, play",
    "desc_sorcery": (
        "巫师牌 (Sorcery TCG). Its cards are the game's own data: import your copy of "
        "SorceryComposer's resources/all_card_infos.json once with `sorcery cards import FILE`."
    ),
    "cmd_sorcery_cards": "the card file",
    "desc_sorcery_cards": "The card file.",
    "cmd_sorcery_import": "check a card file and copy it into the data dir",
    "desc_sorcery_import": (
        "Check every card of FILE (SorceryComposer's resources/all_card_infos.json), then copy "
        "it into the data dir, where every later run finds it."
    ),
    "help_sorcery_import_file": "your copy of all_card_infos.json",
    "help_sorcery_import_data_dir": "where to keep it (default: ~/.local/share/wizard-p2p)",
    "help_sorcery_data_dir": (
        "where the imported card file lives (default: ~/.local/share/wizard-p2p)"
    ),
    "cmd_sorcery_deck": "check a deck code (or a starter's name) against the rules",
    "desc_sorcery_deck": (
        "Check a deck code as SorceryComposer writes it (HERO // MAIN // SKILLS // EXTRA), or a "
        "starter deck's name, against the card file and the rules; exit 0 legal (a one-line "
        "summary), 1 illegal (each card and rule broken), 2 unreadable."
    ),
    "help_sorcery_deck_code": "the deck code (quoted, or as separate words)",
    "cmd_sorcery_starters": "list the starter decks and their codes",
    "desc_sorcery_starters": "The starter decks: each one's name, elements and code.",
    "cmd_sorcery_play": "play 巫师牌 on this machine against the bot",
    "desc_sorcery_play": (
        "Play 巫师牌 against the bot in this terminal (--offline), or let two bots play a whole "
        "game (--headless). A deck is a code or a starter's name."
    ),
    "help_sorcery_offline": "in memory on this machine, against the bot",
    "help_sorcery_headless": "no console: the bot plays both sides and the winner is printed",
    "help_sorcery_play_deck": "your deck: a code or a starter's name (default: a starter)",
    "help_sorcery_against": "the bot's deck: a code or a starter's name (default: a starter)",
    "help_sorcery_play_seed": "fixed seed: the same game again",
    "help_sorcery_out": (
        "with --headless and without --offline: two bots play over loopback, one process each, "
        "and every seat's log is copied to DIR/seat-N.jsonl"
    ),
    # 巫师牌's seat again after a crash: `sorcery resume`
    "cmd_sorcery_resume": "rejoin a game of 巫师牌 after a crash or quit",
    "desc_sorcery_resume": (
        "Rebuild your seat of a 巫师牌 game from your data dir (its log, your keys, your "
        "deck and the card file it was played with) and play it on at the console board "
        "to the end (--headless: the bot plays it); "
        "the other seat keeps your place until you are back or its stall limit ends the game."
    ),
    "help_sorcery_resume_game": (
        "the game id, or its first digits, as the game's end printed (default: the latest "
        "game of 巫师牌)"
    ),
    "help_sorcery_resume_cards": (
        "the card file to read the game with (default: the one the seat played with, else "
        "the one imported)"
    ),
    # A watcher of a 巫师牌 table: `sorcery watch`
    "cmd_sorcery_watch": "watch a game of 巫师牌 at HOST:PORT, or one found on the local network",
    "desc_sorcery_watch": (
        "Follow a game of 巫师牌 live, verifying every entry with your card file: you see "
        "what both players were shown, never a hand or the order of a deck."
    ),
    "help_found_sorcery_watch": "choose among the 巫师牌 tables announced on the local network",
}
