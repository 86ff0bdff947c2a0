"""What an audit reports of a game of Wizard beyond the core's verdict: the rounds
verified, as JSON members (SPEC §8) and as the paper score pad of the text report."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wizard_p2p.protocol.shown import shown
from wizard_p2p.rules import RoundResult


@dataclass(frozen=True)
class WizardVerified:
    """The rounds of a game of Wizard verified so far (a ``game.Verified``)."""

    parts: tuple[RoundResult, ...]

    @property
    def totals(self) -> tuple[int, ...]:
        return self.parts[-1].totals if self.parts else ()

    @property
    def winners(self) -> tuple[int, ...]:
        if not self.parts:
            return ()
        top = max(self.totals)
        return tuple(s for s, t in enumerate(self.totals) if t == top)

    def parts_json(self) -> list[dict[str, Any]]:
        """The report's ``rounds``: one object per verified round."""
        return [
            {
                "round": r.round_no,
                "dealer": r.dealer,
                "trump": r.trump.value if r.trump else None,
                "turned": str(r.turned) if r.turned else None,
                "bids": list(r.bids),
                "taken": list(r.taken),
                "points": list(r.points),
                "totals": list(r.totals),
            }
            for r in self.parts
        ]

    def score_pad(self, names: tuple[str, ...]) -> str:
        return format_score_pad(names, self.parts)


def format_score_pad(names: tuple[str, ...], history: tuple[RoundResult, ...]) -> str:
    """The paper score pad: a row per round; per player bid / tricks / running total."""
    names = tuple(shown(n) for n in names)
    width = max(14, *(len(n) + 2 for n in names)) if names else 14
    head = "round " + "".join(f"{n[: width - 2]:>{width}}" for n in names)
    rows = [head, "      " + "".join(f"{'bid tk  total':>{width}}" for _ in names)]
    for r in history:
        cells = "".join(
            f"{f'{b:>3} {t:>2} {tot:>6}':>{width}}"
            for b, t, tot in zip(r.bids, r.taken, r.totals, strict=True)
        )
        rows.append(f"{r.round_no:>5} {cells}")
    return "\n".join(rows)


__all__ = ["WizardVerified", "format_score_pad"]
