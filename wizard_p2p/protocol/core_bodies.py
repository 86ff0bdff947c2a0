"""The members every game's log shares: the protocol's version, a player's record in the
genesis terms, and the bodies of the core's own entries (a coin, an abort, a proof).

A game's body table (``tables.wizard.bodies`` for Wizard, ``tables.sorcery.rules`` for
巫师牌) takes these as they are, beside its own kinds: an entry of any game is read by
the same envelope and the same core schemas (SPEC §2.1, §3.1, §3.3, §6).
"""

from __future__ import annotations

from wizard_p2p.protocol.schema import Hex, Int, List, Obj, Str

VERSION = 9
PROTOCOL = f"wizard-p2p/{VERSION}"
MAX_ENTRY_BYTES = 64 * 1024
# An entry line held in a proof (SPEC §6.3): every entry the schemas admit is shorter, and
# two of them, their quotes escaped, leave a proof entry under MAX_ENTRY_BYTES.
PROOF_LINE_CHARS = 24_000

SEATS = Int(0, 5)
HASH = Hex(32)

PLAYER = Obj(
    {
        "name": Str(max_len=32, min_len=1),
        "sign_key": Hex(32),
        "curve_key": Str(max_len=40, min_len=40),  # Z85 CurveZMQ public key
        "address": Str(max_len=64),  # host:port where the peer listens
        "coin_commit": HASH,  # commitment to this seat's share of the first-dealer coin
    }
)

# Each seat in turn opens its coin commitment (SPEC §3.3).
COIN = Obj({"value": Hex(32), "nonce": Hex(32)})
# A seat stalled past the limit: any other seat may end the game, naming it (SPEC §6.1).
ABORT = Obj({"stalled": SEATS, "reason": Str(max_len=200)})
# Two different entries one seat signed for one position, in byte order (SPEC §6.3).
PROOF = Obj({"entries": List(Str(max_len=PROOF_LINE_CHARS, min_len=1), 2, 2)})

__all__ = [
    "ABORT",
    "COIN",
    "HASH",
    "MAX_ENTRY_BYTES",
    "PLAYER",
    "PROOF",
    "PROOF_LINE_CHARS",
    "PROTOCOL",
    "SEATS",
    "VERSION",
]
