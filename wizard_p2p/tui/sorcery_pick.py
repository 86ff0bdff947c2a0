"""The console's one way of asking the player to choose: a labelled list of choices.

Every action of 巫师牌 is built by a few choices in a row (which card, which cell, which
reinforcements …). A ``Picker`` holds one question: its choices, each with a key
(``1``-``9`` then ``a``-``z``), and what happens with the answer. A single choice is
taken by its key; a multiple one toggles choices by their keys and ends with Enter
(none chosen is an answer too, e.g. no reinforcement). Esc abandons the whole action.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["LABELS", "Choice", "Picker"]

LABELS = "123456789abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True, slots=True)
class Choice:
    text: str
    value: Any


@dataclass(slots=True)
class Picker:
    """One question. ``done`` gets the chosen value (single) or the tuple of chosen values
    in the order of the list (multiple). ``exactly``: how many a multiple answer needs."""

    title: str
    choices: Sequence[Choice]
    done: Callable[[Any], object]
    multiple: bool = False
    exactly: int | None = None
    chosen: set[int] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.choices = tuple(self.choices[: len(LABELS)])

    def label(self, index: int) -> str:
        return LABELS[index]

    def index_of(self, key: str) -> int | None:
        i = LABELS.find(key)
        return i if 0 <= i < len(self.choices) else None

    def press(self, key: str) -> bool:
        """A label key: take the choice (single) or toggle it (multiple). Returns whether
        the question is answered."""
        i = self.index_of(key)
        if i is None:
            return False
        if not self.multiple:
            self.done(self.choices[i].value)
            return True
        self.chosen ^= {i}
        return False

    def ready(self) -> bool:
        return self.multiple and (self.exactly is None or len(self.chosen) == self.exactly)

    def finish(self) -> bool:
        """Enter on a multiple question: answer it when the count is right."""
        if not self.ready():
            return False
        self.done(tuple(self.choices[i].value for i in sorted(self.chosen)))
        return True
