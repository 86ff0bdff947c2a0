"""A 巫师牌 table's lobby: the game named in every message, two seats, no variants, and
each deck checked at the door — whole at home, its public part by the host — with the
rule and the card named in the player's language. Wizard's lobby messages stay as they
were (no game named)."""

from __future__ import annotations

import asyncio
import hashlib
import json
from typing import Any

import hypothesis.strategies as st
import pytest
from hypothesis import given

from tests.lobby_sorcery_support import (
    CARD_FILE,
    CODE,
    EXTRA,
    HEROES,
    LEGEND,
    MAIN,
    POOL,
    SKILLS,
    TWO_LEGENDS,
    door,
    legal_cards,
    legal_deck,
    legal_part,
    sorcery_hello,
    sorcery_host,
    sorcery_terms,
)
from tests.lobby_support import TableFactory
from wizard_p2p.commands.sorcery_door import (
    UNKNOWN_CARD,
    IllegalOwnDeck,
    check_own_deck,
    deck_part,
    decklist,
    door_check,
    fault_of,
    fault_said,
)
from wizard_p2p.errors import DecodeError, Said, UsageError
from wizard_p2p.identity import Identity
from wizard_p2p.net import CurveKeys
from wizard_p2p.node.lobby_common import GameStart, LobbyTimers, Seated
from wizard_p2p.node.lobby_host_machine import (
    Admit,
    AskStart,
    HostEvent,
    HostMachine,
    MakeTerms,
    Push,
    Refusal,
    Refuse,
    Reply,
    SetVariants,
)
from wizard_p2p.node.lobby_join import LobbyError
from wizard_p2p.node.lobby_join_machine import Ended, FromHost, JoinMachine
from wizard_p2p.protocol.game_name import MAX_TABLE_SEATS, MIN_TABLE_SEATS, GameName
from wizard_p2p.protocol.genesis import player_record, read_genesis
from wizard_p2p.protocol.lobby_schema import (
    DeckFault,
    DeckPart,
    Hello,
    Players,
    RefusalKind,
    Refused,
    Terms,
    Welcome,
    decode_lobby,
)
from wizard_p2p.protocol.messages import PROTOCOL, genesis_terms_bytes
from wizard_p2p.rules import GameConfig
from wizard_p2p.sorcery.cards import Card
from wizard_p2p.sorcery.decks import Deck, DeckRule
from wizard_p2p.sorcery.game import DEFAULT_TURN_LIMIT
from wizard_p2p.tables import RULES, CardLibrary, open_table, rules_of
from wizard_p2p.tables.sorcery.rules import DeckTerms, SorceryConfig
from wizard_p2p.tables.sorcery.rules import genesis_terms as sorcery_genesis_terms
from wizard_p2p.tables.sorcery.terms import SorceryTerms
from wizard_p2p.tables.wizard.lobby import WizardTerms
from wizard_p2p.tui.i18n import Translator

_KEYS = [CurveKeys.generate().public for _ in range(3)]
_IDS = [Identity.generate() for _ in range(3)]


def _sent(events: list[HostEvent], client: str) -> list[dict[str, Any]]:
    return [json.loads(e.payload) for e in events
            if isinstance(e, Reply | Push) and e.client == client]


def _refusal(events: list[HostEvent], client: str) -> Refusal:
    (refusal,) = [e for e in events if isinstance(e, Refusal) and e.client == client]
    return refusal


# --- the host's machine -------------------------------------------------------------------


def test_a_legal_joiner_sits_at_a_table_of_two_that_names_its_game() -> None:
    machine = sorcery_host()
    events = machine.handle(sorcery_hello(_KEYS[0], _IDS[0], "Ann", legal_part(1)), 0.0)
    welcome, players = _sent(events, _KEYS[0])
    assert welcome["type"] == "welcome" and welcome["game"] == "sorcery"
    assert welcome["variants"] == [] and welcome["seat"] == 1
    assert players["type"] == "players" and players["seats"] == 2
    assert players["game"] == "sorcery" and players["variants"] == []
    assert isinstance(decode_lobby(json.dumps(players).encode(), games=RULES), Players)
    # Two seats: a third player is refused, the table being full.
    full = machine.handle(sorcery_hello(_KEYS[1], _IDS[1], "Bob", legal_part()), 0.0)
    assert _refusal(full, _KEYS[1]).kind is RefusalKind.TABLE_FULL
    with pytest.raises(UsageError, match="no variants"):
        machine.handle(SetVariants(("no_trump",)), 0.0)


def test_a_wizard_joiner_is_refused_at_a_table_of_sorcery_and_told_the_tables_game() -> None:
    machine = sorcery_host()
    hello = sorcery_hello(_KEYS[0], _IDS[0], "Ann", None, game=GameName.WIZARD)
    refusal = _refusal(machine.handle(hello, 0.0), _KEYS[0])
    assert refusal.kind is RefusalKind.OTHER_GAME and refusal.game is GameName.SORCERY
    assert "sorcery" in refusal.reason and len(machine.players) == 1


def test_a_deck_breaking_a_rule_the_host_sees_is_refused_naming_the_rule_and_card() -> None:
    machine = sorcery_host()
    refusal = _refusal(machine.handle(sorcery_hello(_KEYS[0], _IDS[0], "Ann", TWO_LEGENDS), 0.0),
                       _KEYS[0])
    assert refusal.kind is RefusalKind.ILLEGAL_DECK
    assert refusal.deck == DeckFault(DeckRule.LEGENDARY_ONCE.value, 2, LEGEND.number)
    assert len(machine.players) == 1 and not machine.waiting


def test_the_start_proposes_both_public_decks_in_seat_order_and_the_card_file() -> None:
    machine = sorcery_host()
    assert machine.start_refusal() == "a game needs at least 2 players: 1 seated"
    machine.handle(sorcery_hello(_KEYS[0], _IDS[0], "Ann", legal_part(1)), 0.0)
    (made,) = [e for e in machine.handle(AskStart(), 0.0) if isinstance(e, MakeTerms)]
    assert made.terms.game is GameName.SORCERY
    assert made.decks == (legal_part(0), legal_part(1))
    assert [p["name"] for p in made.players] == ["Host", "Ann"]
    terms = made.terms.genesis_terms(list(made.players), b"\x07" * 32, coach=False,
                                     series=None, decks=made.decks)
    config = terms["config"]
    assert config["decks"][1]["hero"] == HEROES[1].number
    assert config["cards"] == hashlib.sha256(CARD_FILE).digest()
    assert "variants" not in config and "seats" not in config  # no Wizard config


def test_the_terms_hold_the_deck_of_whoever_sits_not_of_who_left() -> None:
    machine = sorcery_host(approve=True)
    machine.handle(sorcery_hello(_KEYS[0], _IDS[0], "Ann", legal_part(1)), 0.0)
    machine.handle(Refuse(_KEYS[0]), 0.0)
    machine.handle(sorcery_hello(_KEYS[1], _IDS[1], "Bob", legal_part(0)), 0.0)
    machine.handle(Admit(_KEYS[1]), 0.0)
    (made,) = [e for e in machine.handle(AskStart(), 0.0) if isinstance(e, MakeTerms)]
    assert made.decks == (legal_part(0), legal_part(0))
    assert [p["name"] for p in made.players] == ["Host", "Bob"]


def test_a_wizard_table_names_no_game_as_older_hosts_do() -> None:
    me = Seated("Host", Identity.generate().public_key, CurveKeys.generate().public, ":7001",
                b"\x01" * 32)
    machine = HostMachine(me, WizardTerms(GameConfig(3)), CODE, timers=LobbyTimers())
    hello = sorcery_hello(_KEYS[0], _IDS[0], "Ann", None, game=GameName.WIZARD)
    for message in _sent(machine.handle(hello, 0.0), _KEYS[0]):
        assert "game" not in message
    refusal = _refusal(machine.handle(sorcery_hello(_KEYS[1], _IDS[1], "Bob", legal_part()),
                                      0.0), _KEYS[1])
    assert refusal.kind is RefusalKind.OTHER_GAME and refusal.game is GameName.WIZARD


# --- the joiner's machine -----------------------------------------------------------------


def _joiner(game: GameName) -> JoinMachine:
    return JoinMachine(_IDS[0].public_key, b"\x02" * 32, 40000, "127.0.0.1:7000", game=game)


def test_a_joiner_welcomed_at_a_table_of_another_game_leaves_saying_so() -> None:
    # A host older than the game's name seats anyone: the joiner reads the welcome.
    player = sorcery_hello(_KEYS[0], _IDS[0], "Ann", None).body
    assert isinstance(player, Hello)
    welcome = Welcome(0, (player.player,), (), PROTOCOL)  # no game named: Wizard
    (ended,) = _joiner(GameName.SORCERY).handle(FromHost(welcome), 0.0)
    assert isinstance(ended, Ended) and ended.kind is RefusalKind.OTHER_GAME
    assert ended.game is GameName.WIZARD
    assert _joiner(GameName.WIZARD).handle(FromHost(welcome), 0.0)[0] != ended


def test_a_seat_list_of_another_game_ends_the_lobby_saying_so() -> None:
    hello = sorcery_hello(_KEYS[0], _IDS[0], "Ann", None).body
    assert isinstance(hello, Hello)
    joiner = _joiner(GameName.WIZARD)
    joiner.handle(FromHost(Welcome(0, (hello.player,), (), PROTOCOL)), 0.0)
    pushed = Players((hello.player,), 2, (), game=GameName.SORCERY)
    (ended,) = joiner.handle(FromHost(pushed), 0.0)
    assert isinstance(ended, Ended) and ended.game is GameName.SORCERY


def test_a_refusal_of_the_deck_ends_the_lobby_with_the_rule_and_card() -> None:
    fault = DeckFault(DeckRule.AT_MOST_TWICE.value, 3, MAIN[0].number)
    (ended,) = _joiner(GameName.SORCERY).handle(
        FromHost(Refused("no", RefusalKind.ILLEGAL_DECK, fault)), 0.0)
    assert isinstance(ended, Ended) and ended.deck == fault


# --- the door: the whole deck at home, its public part at the host ------------------------


one_hero_decks = st.builds(
    lambda hero, rest: Deck.of([hero, *rest]),
    st.sampled_from(HEROES),
    st.lists(st.sampled_from([*MAIN, *SKILLS, *EXTRA]), max_size=50),
)


@given(one_hero_decks)
def test_the_door_refuses_exactly_the_rules_broken_that_its_public_part_shows(
    deck: Deck
) -> None:
    """Sizes are public, the extra deck is shown: the door finds the first rule of those
    the whole check finds, and never refuses a legal deck."""
    shown = set(deck.heroes + deck.extra)
    visible = [v for v in deck.violations()
               if not v.cards or all(c in shown for c in v.cards)]
    found = door_check(POOL)(deck_part(deck))
    assert found == (fault_of(visible[0]) if visible else None)
    if not deck.violations():
        assert found is None


@pytest.mark.parametrize(
    ("part", "rule", "card"),
    [
        (DeckPart(MAIN[0].number, (), 30, 10), DeckRule.ONE_HERO.value, MAIN[0].number),
        (DeckPart(HEROES[0].number, (HEROES[1].number,), 30, 10), DeckRule.ONE_HERO.value,
         HEROES[0].number),
        (DeckPart(HEROES[0].number, (), 29, 10), DeckRule.MAIN_SIZE.value, None),
        (DeckPart(HEROES[0].number, (SKILLS[0].number,), 30, 10),
         DeckRule.SKILL_POOL_SIZE.value, None),
        (DeckPart(HEROES[0].number, ("199999",), 30, 10), UNKNOWN_CARD, "199999"),
    ],
)
def test_a_public_part_out_of_place_is_refused_by_its_rule(
    part: DeckPart, rule: str, card: str | None
) -> None:
    fault = door_check(POOL)(part)
    assert fault is not None and (fault.rule, fault.card) == (rule, card)


def _cards_without(card: Card) -> list[Card]:
    cards = legal_cards()
    cards.remove(card)
    return cards


@pytest.mark.parametrize("lang", ["en", "zh", "ja"])
def test_an_illegal_deck_is_stopped_at_home_naming_the_rule_and_card(lang: str) -> None:
    plain = [c for c in MAIN if not c.legendary]
    # Three copies of one card: the main deck is 30 again with one other card taken out.
    deck = Deck.of([*_cards_without(plain[1]), plain[0]])
    with pytest.raises(IllegalOwnDeck) as stopped:
        check_own_deck(deck, POOL)
    said = stopped.value.said
    assert said is not None and said.key == "deck_illegal"
    worded = Translator(lang).say(said)
    assert plain[0].name in worded and "3" in worded
    assert check_own_deck(legal_deck(), POOL) == legal_part()


def test_the_same_words_name_a_rule_at_home_and_at_the_host() -> None:
    fault = DeckFault(DeckRule.LEGENDARY_ONCE.value, 2, LEGEND.number)
    zh = Translator("zh").say(fault_said(fault, POOL))
    assert LEGEND.name in zh and "传奇" in zh and "2" in zh
    assert fault_said(DeckFault("a_new_rule", 1), POOL) == Said("deck_rule_unknown")


# --- the wire -----------------------------------------------------------------------------


numbers = st.from_regex(r"[1-4][0-9]{5}", fullmatch=True)
parts = st.builds(DeckPart, numbers, st.lists(numbers, max_size=20).map(tuple),
                  st.integers(0, 200), st.integers(0, 200))
faults = st.builds(DeckFault, st.from_regex(r"[a-z][a-z_]{0,31}", fullmatch=True),
                   st.integers(0, 200), st.none() | numbers)


def _hello_json(**changes: Any) -> dict[str, Any]:
    player = {"name": "Ann", "sign_key": "ab" * 32, "curve_key": _KEYS[0], "address": "",
              "coin_commit": "cd" * 32}
    return {"type": "hello", "code": CODE, "port": 4000, "player": player, **changes}


@given(parts)
def test_a_hello_carries_any_public_part_whole(part: DeckPart) -> None:
    message = _hello_json(game="sorcery", deck=part.to_json())
    hello = decode_lobby(json.dumps(message).encode(), games=RULES)
    assert isinstance(hello, Hello) and hello.deck == part and hello.game is GameName.SORCERY


@given(st.sampled_from(GameName), st.data())
def test_a_seat_list_of_either_game_reads_back_as_the_host_wrote_it(
    game: GameName, data: st.DataObject
) -> None:
    seats = data.draw(st.integers(MIN_TABLE_SEATS, MAX_TABLE_SEATS))
    variants = data.draw(st.sampled_from([[], ["no_trump"]])) if game is GameName.WIZARD else []
    message: dict[str, Any] = {"type": "players", "players": [_PLAYER], "seats": seats,
                               "variants": variants}
    if game is not GameName.WIZARD:
        message["game"] = game.value
    body = decode_lobby(json.dumps(message).encode(), games=RULES)
    assert isinstance(body, Players)
    assert (body.game, body.seats, body.variants) == (game, seats, tuple(variants))


@given(faults, st.sampled_from(GameName))
def test_a_refusal_carries_its_rule_card_and_game_whole(fault: DeckFault, game: GameName
                                                        ) -> None:
    refused = {"type": "refused", "reason": "r", "kind": "illegal_deck",
               "deck": fault.to_json(), "game": game.value}
    body = decode_lobby(json.dumps(refused).encode(), games=RULES)
    assert body == Refused("r", RefusalKind.ILLEGAL_DECK, fault, game)


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=12),
       st.sampled_from(["deck", "game"]))
def test_anything_in_a_hellos_deck_or_game_is_read_or_refused_with_a_reason(
    junk: Any, field: str
) -> None:
    try:
        fields = {"game": "sorcery", "deck": legal_part().to_json(), field: junk}
        hello = decode_lobby(json.dumps(_hello_json(**fields)).encode(), games=RULES)
    except DecodeError as exc:
        assert str(exc)
    else:
        assert isinstance(hello, Hello) and hello.deck is not None


_PLAYER = _hello_json()["player"]


@pytest.mark.parametrize(
    ("message", "words"),
    [
        (_hello_json(game="sorcery"), "brings its deck"),
        (_hello_json(deck=legal_part().to_json()), "brings no deck"),
        (_hello_json(game="chess"), "must be one of"),
        ({"type": "players", "players": [_PLAYER], "seats": 7}, "outside 2..6"),
    ],
)
def test_a_message_mixing_the_games_is_refused_saying_why(message: dict[str, Any],
                                                          words: str) -> None:
    with pytest.raises(DecodeError, match=words):
        decode_lobby(json.dumps(message).encode(), games=RULES)


@pytest.mark.parametrize("game", ["wizard", "sorcery"])
def test_a_hello_read_without_the_games_rules_is_refused(game: str) -> None:
    # Whether a joiner brings a deck is its game's to say: a reader given no game's
    # rules refuses the hello of either game rather than guessing.
    deck = {"deck": legal_part().to_json()} if game == "sorcery" else {}
    message = _hello_json(game=game, **deck)
    assert isinstance(decode_lobby(json.dumps(message).encode(), games=RULES), Hello)
    with pytest.raises(DecodeError, match=r"hello\.game"):
        decode_lobby(json.dumps(message).encode())


@pytest.mark.parametrize(
    ("game", "welcome", "seats", "variants", "words"),
    [
        (GameName.SORCERY, False, 3, (), "has 2 seats, not 3"),
        (GameName.WIZARD, False, 2, (), "has 3..6 seats, not 2"),
        (GameName.SORCERY, True, None, ("clairvoyance",), "has none"),
        (GameName.WIZARD, False, 4, ("no_trump",), "unknown or repeated variant"),
        (GameName.WIZARD, True, None, ("plus_minus_one", "hidden_bids"), "cannot be combined"),
    ],
)
def test_a_table_its_game_does_not_play_ends_the_lobby_as_unreadable(
    game: GameName, welcome: bool, seats: int | None, variants: tuple[str, ...], words: str,
) -> None:
    # The schema reads the seats and variants within any table's bounds; the game reads
    # them, and a joiner leaves a host that says what its game does not play.
    hello = sorcery_hello(_KEYS[0], _IDS[0], "Ann", None).body
    assert isinstance(hello, Hello)
    joiner = _joiner(game)
    said = (Welcome(0, (hello.player,), variants, PROTOCOL, game) if welcome
            else Players((hello.player,), seats or 0, variants, game=game))
    if not welcome:
        joiner.handle(FromHost(Welcome(0, (hello.player,), (), PROTOCOL, game)), 0.0)
    (ended,) = [e for e in joiner.handle(FromHost(said), 0.0) if isinstance(e, Ended)]
    assert words in ended.reason
    assert ended.said is not None and ended.said.key == "lobby_ended_unreadable"


# --- over loopback ------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "zh", "ja"])
def test_a_joiner_with_an_illegal_deck_is_stopped_naming_the_rule_and_card(
    lobby_table: TableFactory, lang: str
) -> None:
    async def main() -> None:
        async with lobby_table(door=door(), terms=sorcery_terms()) as t:
            t.serve()
            # A client that skipped its own check: the host's door stops it.
            cheat = t.joiner("Eve", game=GameName.SORCERY, deck=TWO_LEGENDS,
                             word_fault=lambda fault: fault_said(fault, POOL))
            with pytest.raises(LobbyError) as refused:
                await asyncio.wait_for(cheat.join(timeout=30), 20)
            said = refused.value.said
            assert said is not None and said.key == "lobby_refused_illegal_deck"
            worded = Translator(lang).say(said)
            assert LEGEND.name in worded and LEGEND.number in worded
            assert [p.name for p in t.host.players] == ["Host"]
            # A Wizard player is told the table plays 巫师牌; a legal deck sits.
            with pytest.raises(LobbyError) as other:
                await asyncio.wait_for(t.joiner("Bob").join(timeout=30), 20)
            assert other.value.said is not None
            assert "巫师牌" in Translator(lang).say(other.value.said)
            t.join(t.joiner("Ann", game=GameName.SORCERY, deck=legal_part(1)))
            await t.until(lambda: [p.name for p in t.host.players] == ["Host", "Ann"])

    asyncio.run(main())


def test_two_players_endorse_the_terms_of_their_decks_and_each_opens_its_seat(
    lobby_table: TableFactory,
) -> None:
    async def main() -> tuple[GameStart, GameStart, Identity, Identity]:
        async with lobby_table(door=door(), terms=sorcery_terms()) as t:
            hosting = t.serve(autostart=True)
            ann = t.joiner("Ann", game=GameName.SORCERY, deck=legal_part(1))
            joined = t.join(ann)
            host_start, ann_start = await asyncio.wait_for(asyncio.gather(hosting, joined), 30)
            return host_start, ann_start, t.host.identity, ann.identity

    host_start, ann_start, host_id, ann_id = asyncio.run(main())
    assert host_start.genesis == ann_start.genesis
    library = CardLibrary.of_file(CARD_FILE)
    genesis = read_genesis(host_start.genesis, rules_of(host_start.genesis, cards=library))
    assert genesis.game is GameName.SORCERY
    assert genesis.sign_keys == [host_id.public_key, ann_id.public_key]
    first, second = (DeckTerms(p.hero, p.extra, p.main, p.skills)
                     for p in (legal_part(0), legal_part(1)))
    assert genesis.config == SorceryConfig((first, second), DEFAULT_TURN_LIMIT,
                                           hashlib.sha256(CARD_FILE).digest())
    # Each seat opens its table with its own deck and the card file the terms name.
    for start, me, hero in ((host_start, host_id, 0), (ann_start, ann_id, 1)):
        table = open_table(start.genesis, seat=start.record.seat, identity=me,
                           master_secret=start.record.master_secret,
                           private=decklist(legal_deck(hero)), cards=library)
        assert table.seat == start.record.seat


def test_terms_of_either_game_are_read_and_of_no_game_refused_with_a_reason() -> None:
    library = CardLibrary.of_file(CARD_FILE)
    ids = [Identity.generate(), Identity.generate()]
    players = [player_record(i, bytes([n + 1]) * 32, f"P{n}", "0" * 40, f"127.0.0.1:{7001 + n}")
               for n, i in enumerate(ids)]
    config = SorceryConfig.proposed(SorceryTerms((legal_part(0), legal_part(1)),
                                                 library.digest))
    terms = sorcery_genesis_terms(config, players, b"\x07" * 32)
    wire = json.loads(genesis_terms_bytes(terms))
    read = decode_lobby(json.dumps({"type": "terms", "terms": wire}).encode(), games=RULES)
    assert isinstance(read, Terms) and genesis_terms_bytes(read.terms) == genesis_terms_bytes(terms)
    for game in ("chess", 7, None, ["sorcery"]):
        with pytest.raises(DecodeError, match=r"terms\.game"):
            decode_lobby(json.dumps({"type": "terms", "terms": {**wire, "game": game}}).encode(),
                         games=RULES)
    with pytest.raises(DecodeError, match="turn_limit"):
        bad = {**wire, "config": {**wire["config"], "turn_limit": 0}}
        decode_lobby(json.dumps({"type": "terms", "terms": bad}).encode(), games=RULES)
