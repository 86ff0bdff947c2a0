"""What a joiner needs to reach a host: the lobby's default port and the invite code.

The standard library only: the command line reads the default port before it
imports anything heavy.
"""

from __future__ import annotations

import secrets

from wizard_p2p.errors import UsageError

DEFAULT_PORT = 47474
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTVWXYZ23456789"  # no 0/O, 1/I/L, U


def new_invite_code() -> str:
    raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(8))
    return f"{raw[:4]}-{raw[4:]}"


def normalise_code(code: str) -> str:
    clean = "".join(ch for ch in code.upper() if ch.isalnum())
    if len(clean) != 8 or any(ch not in CODE_ALPHABET for ch in clean):
        raise UsageError(f"an invite code looks like ABCD-EF23, not {code!r}")
    return f"{clean[:4]}-{clean[4:]}"
