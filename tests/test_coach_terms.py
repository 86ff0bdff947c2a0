"""The coach's term and notes: the genesis says whether the players may ask the coach,
every player endorses it, and a replay shows the coach's notes on each decision.

The term is an optional field: terms without it encode exactly as before (the golden
log stays valid) and mean "not allowed"; a host that adds or strips it after the
players signed is caught by their endorsements. The lobby's ``players`` push tells
joiners the term before they endorse it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.protocol_support import new_game
from tools import gen_vectors
from wizard_p2p import canonical
from wizard_p2p.disk.log import read_log
from wizard_p2p.errors import DecodeError, PeerFault
from wizard_p2p.identity import Identity
from wizard_p2p.protocol import messages as m
from wizard_p2p.protocol.genesis import read_genesis
from wizard_p2p.protocol.lobby_schema import Players, decode_lobby
from wizard_p2p.rules import GameConfig
from wizard_p2p.tables import RULES
from wizard_p2p.tables.wizard.bodies import BODIES
from wizard_p2p.tables.wizard.harness import make_genesis, seeded_bytes
from wizard_p2p.tables.wizard.replay import GameRecord, replay_log
from wizard_p2p.tables.wizard.replica import WIZARD_RULES
from wizard_p2p.tables.wizard.table import WizardTable
from wizard_p2p.tui.coach_text import chosen_points, note
from wizard_p2p.tui.i18n import Translator
from wizard_p2p.tui.replay_coach import round_notes
from wizard_p2p.tui.replay_screen import DEAL, ReplayState, step_lines

ROOT = Path(__file__).resolve().parents[1]


def genesis(coach: bool) -> bytes:
    config = GameConfig(seats=3)
    identities = [Identity.from_seed(seeded_bytes("coach id", i)) for i in range(3)]
    masters = [seeded_bytes("coach master", i) for i in range(3)]
    return make_genesis(
        config, identities, masters, nonce=seeded_bytes("coach nonce", 0), coach=coach
    )


def test_the_genesis_says_whether_the_coach_is_allowed() -> None:
    assert read_genesis(genesis(True), WIZARD_RULES).coach
    assert WizardTable(genesis(True)).coach
    assert not read_genesis(genesis(False), WIZARD_RULES).coach
    assert not WizardTable(genesis(False)).coach
    without = json.loads(genesis(False))
    assert "coach" not in without["body"]["terms"]  # absent: terms as they always were


def test_terms_without_the_field_are_read_as_before() -> None:
    golden = read_log(ROOT / gen_vectors.GOLDEN_DIR / "game.jsonl")
    assert "coach" not in json.loads(golden[0])["body"]["terms"]
    assert not read_genesis(golden[0], WIZARD_RULES).coach


@pytest.mark.parametrize("coach", [True, False])
def test_a_host_cannot_change_the_term_after_the_players_signed(coach: bool) -> None:
    entry = json.loads(genesis(coach))
    terms = entry["body"]["terms"]
    if coach:
        del terms["coach"]
    else:
        terms["coach"] = True
    # Re-signed by the host (its key is seat 0's): the endorsements still name the old terms.
    host = Identity.from_seed(seeded_bytes("coach id", 0))
    body = BODIES["genesis"].parse(entry["body"], "body")
    raw = m.encode_entry(
        host, game=m.ZERO_HASH, pos=0, prev=m.ZERO_HASH, seat=0, kind="genesis", body=body
    )
    with pytest.raises(PeerFault) as caught:
        read_genesis(raw, WIZARD_RULES)
    assert caught.value.seat == 0  # the host published terms a player did not sign


def test_the_term_is_a_boolean() -> None:
    entry = json.loads(genesis(True))
    entry["body"]["terms"]["coach"] = "yes"
    with pytest.raises(DecodeError):
        read_genesis(canonical.encode(entry), WIZARD_RULES)


def test_the_lobby_tells_joiners_the_term() -> None:
    game = new_game(3, seed=4)
    record = game.tables[0].players[0]
    player = {**record, "name": "Ana", "curve_key": "0" * 40}
    player = {k: (v.hex() if isinstance(v, bytes) else v) for k, v in player.items()}
    base = {"type": "players", "players": [player], "seats": 3, "variants": []}
    told = decode_lobby(json.dumps({**base, "coach": True}).encode(), games=RULES)
    assert isinstance(told, Players) and told.coach
    quiet = decode_lobby(json.dumps(base).encode(), games=RULES)
    assert isinstance(quiet, Players) and not quiet.coach
    with pytest.raises(DecodeError):
        decode_lobby(json.dumps({**base, "coach": 1}).encode(), games=RULES)


# --- the replay's notes -------------------------------------------------------------------


@pytest.fixture(scope="module")
def golden() -> GameRecord:
    return replay_log(read_log(ROOT / gen_vectors.GOLDEN_DIR / "game.jsonl"))


def test_every_decision_of_a_round_has_a_note_from_its_seat(golden: GameRecord) -> None:
    rnd = golden.rounds[3]
    notes = round_notes(golden, 3, samples=4)
    assert notes is not None and notes.round_no == rnd.round_no
    bids = notes.at(None)
    assert [n.seat for n in bids] == [(rnd.dealer + 1 + i) % 3 for i in range(3)]
    assert [n.made for n in bids] == [rnd.bids[n.seat] for n in bids]
    for index, trick in enumerate(rnd.tricks):
        # Every play but the last trick's lone cards, which play themselves.
        chosen = trick.plays if index < len(rnd.tricks) - 1 else ()
        assert [(n.seat, n.made) for n in notes.at(index)] == list(chosen)
    worst = notes.costliest
    assert worst is None or worst.cost == max(n.cost for n in notes.notes) > 0
    for n in notes.notes:
        assert n.cost >= -100 and chosen_points(n.advice) is not None


def test_a_round_whose_hands_are_unknown_has_no_notes(golden: GameRecord) -> None:
    rounds = list(golden.rounds)
    rounds[1] = rounds[1].__class__(**{**rounds[1].__dict__, "hands": None})
    blind = GameRecord(**{**golden.__dict__, "rounds": tuple(rounds)})
    assert round_notes(blind, 0, samples=2) is not None
    assert round_notes(blind, 1, samples=2) is None
    assert round_notes(blind, 2, samples=2) is None  # the game cannot be played past it


@pytest.mark.parametrize("lang", ["en", "zh", "ja"])
def test_the_replay_shows_the_notes_in_the_players_language(
    golden: GameRecord, lang: str
) -> None:
    tr = Translator(lang)
    state = ReplayState(golden, tr)
    state.jump(3)
    state.toggle_coach()
    text = "\n".join("".join(t for _, t in line) for line in step_lines(state, 200))
    assert tr("coach_reading") in text
    assert state.notes_wanted == 2
    state.load_notes(2)
    assert state.notes_wanted is None
    notes = state.notes[2]
    assert notes is not None
    state.step = DEAL
    text = "\n".join("".join(t for _, t in line) for line in step_lines(state, 200))
    for item in notes.at(None):
        assert note(tr, item.advice, item.made) in text
    state.step = len(golden.rounds[2].tricks) - 1
    text = "\n".join("".join(t for _, t in line) for line in step_lines(state, 200))
    worst = notes.costliest
    if worst is None:
        assert tr("coach_none_costly") in text
    else:
        assert tr("coach_costliest", name=golden.names[worst.seat],
                  note=note(tr, worst.advice, worst.made)) in text
