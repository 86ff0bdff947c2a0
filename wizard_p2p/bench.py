"""``scripts/bench`` / ``wizard-p2p bench``: figures and ratios (see README, Performance)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="wizard-p2p bench")
    parser.add_argument("section", nargs="?", default="crypto", choices=["crypto"])
    args = parser.parse_args(argv)
    if args.section == "crypto":
        from wizard_p2p.bench_crypto import run

        run()
    return 0
