"""``python -m tools.gen_vectors``: regenerate the protocol's committed files.

Two sets of files live beside the code and are checked against it by the tests:

* ``protocol/schemas/<name>.json`` — the JSON Schema of every log entry kind,
  generated from ``messages.json_schemas(BODIES)`` (the very
  definitions ``decode_entry`` enforces);
* ``protocol/vectors/golden/`` — a whole game played in memory with fixed
  secrets (``GOLDEN_CONFIG``, ``GOLDEN_SEED``, the seeded random chooser):
  ``game.jsonl`` is its log, byte for byte, and ``audit.txt``/``audit.json`` what
  ``wizard-p2p audit`` prints for it. Any change to an encoding, a derivation,
  a rule or the order of the protocol changes these files, so it shows up in review.

Everything here is deterministic; run it from the repository root after an intended
change and commit the result.
"""

from __future__ import annotations

import json
from pathlib import Path

from tools.generated import generator_main, write_files
from wizard_p2p.protocol import messages
from wizard_p2p.protocol.events import Finished
from wizard_p2p.rules import GameConfig
from wizard_p2p.tables.wizard.bodies import BODIES
from wizard_p2p.tables.wizard.harness import MemoryGame, random_chooser

# Three seats keep the file small; these variants put every entry kind of a
# normal game in it: sealed bids opened before play (bid_open) and the clairvoyance
# round (key shares sealed in the locks, plays carrying every key).
GOLDEN_CONFIG = GameConfig(seats=3, hidden_bids=True, clairvoyance=True, wizard_lead_sets_suit=True)
GOLDEN_SEED = 5  # a seed whose game turns a Wizard (a trump entry)
SCHEMA_DIR = Path("protocol/schemas")
GOLDEN_DIR = Path("protocol/vectors/golden")


def golden_game() -> MemoryGame:
    """The golden game, played to its end."""
    game = MemoryGame.create(GOLDEN_CONFIG, random_chooser(GOLDEN_SEED), seed=GOLDEN_SEED)
    game.run()
    if not all(isinstance(table.outcome, Finished) for table in game.tables) or game.rejected:
        raise RuntimeError("the golden game did not finish cleanly")
    return game


def schema_files() -> dict[Path, bytes]:
    """``protocol/schemas/*.json``, by path relative to the repository root."""
    return {
        SCHEMA_DIR / f"{name}.json": (json.dumps(schema, indent=2, sort_keys=True) + "\n").encode()
        for name, schema in messages.json_schemas(BODIES).items()
    }


def log_bytes(lines: list[bytes]) -> bytes:
    """A log as its file holds it: one entry per line."""
    return b"".join(line + b"\n" for line in lines)


def audit_files(lines: list[bytes]) -> dict[Path, bytes]:
    """The expected audit output (text and JSON) for a log."""
    from wizard_p2p.audit import audit_entries, format_report

    report = audit_entries(lines)
    text = format_report(report) + "\n"
    as_json = json.dumps(report.to_json(), indent=2, ensure_ascii=False) + "\n"
    return {
        GOLDEN_DIR / "audit.txt": text.encode(),
        GOLDEN_DIR / "audit.json": as_json.encode(),
    }


def golden_files(game: MemoryGame | None = None) -> dict[Path, bytes]:
    """``protocol/vectors/golden/*``, by path relative to the repository root."""
    game = game or golden_game()
    lines = game.tables[0].log
    about = {
        "description": "a whole game played in memory by tools/gen_vectors.py "
        "with fixed identities, master secrets and nonce (MemoryGame.create(..., seed)) "
        "and the seeded random chooser; game.jsonl is its log, audit.* the audit output",
        "config": GOLDEN_CONFIG.variants(),
        "seats": GOLDEN_CONFIG.seats,
        "seed": GOLDEN_SEED,
        "entries": len(lines),
        "game_id": game.tables[0].game_id.hex(),
    }
    return {
        GOLDEN_DIR / "game.jsonl": log_bytes(lines),
        GOLDEN_DIR / "about.json": (json.dumps(about, indent=2) + "\n").encode(),
        **audit_files(lines),
    }


def write(root: Path) -> list[Path]:
    """Write every generated file under ``root`` (atomically); returns the paths written."""
    return write_files(root, {**schema_files(), **golden_files()})


def main(argv: list[str] | None = None) -> int:
    return generator_main(__doc__, write, argv)


if __name__ == "__main__":
    raise SystemExit(main())
