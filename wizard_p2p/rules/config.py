"""A game's set-up: seat count, the official variants and the house rule.

A configuration that cannot be honoured is refused when it is made
(``ConfigError`` with a message a player can act on), never half-way through a game.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from wizard_p2p.errors import ConfigError

MIN_SEATS = 3
MAX_SEATS = 6
DECK_SIZE = 60

@dataclass(frozen=True)
class GameConfig:
    """What all seats agree on before the first card.

    * ``plus_minus_one`` (±1, 加一减一): the bids of a round must not add up to its trick count.
    * ``hidden_bids`` (隐蔽竞标, 隠しビッド): bids are sealed, then all opened before play.
    * ``secret_bids`` (秘密预言): bids are sealed and opened only after the round is played.
    * ``clairvoyance`` (鹰眼术, 透視): in round 1 every seat sees the others' card, not its own.
    * ``wizard_lead_sets_suit``: house rule from the short summary: after a Wizard lead the
      first suit card played sets the suit the rest must follow. Off by default (the full
      rules let anything be played after a Wizard lead).
    """

    seats: int
    plus_minus_one: bool = False
    hidden_bids: bool = False
    secret_bids: bool = False
    clairvoyance: bool = False
    wizard_lead_sets_suit: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.seats, bool) or not isinstance(self.seats, int):
            raise ConfigError(f"seat count must be a whole number, not {self.seats!r}")
        if not MIN_SEATS <= self.seats <= MAX_SEATS:
            raise ConfigError(
                f"Wizard is played by {MIN_SEATS} to {MAX_SEATS} players, not {self.seats}"
            )
        for name in VARIANT_NAMES:
            if not isinstance(getattr(self, name), bool):
                raise ConfigError(f"variant {name} must be true or false")
        if self.plus_minus_one and (self.hidden_bids or self.secret_bids):
            raise ConfigError(
                "the ±1 variant cannot be combined with hidden or secret bids: "
                "nobody could check the sum of bids that nobody sees"
            )
        if self.hidden_bids and self.secret_bids:
            raise ConfigError(
                "choose hidden bids (opened before play) or secret bids "
                "(opened after the round), not both"
            )

    @property
    def rounds(self) -> int:
        return DECK_SIZE // self.seats

    @property
    def sealed_bids(self) -> bool:
        """Whether bids are sealed when made (hidden or secret bids)."""
        return self.hidden_bids or self.secret_bids

    def variants(self) -> tuple[str, ...]:
        """The names of the variants and house rules switched on."""
        return tuple(name for name in VARIANT_NAMES if getattr(self, name))

    @classmethod
    def with_variants(cls, seats: int, variants: list[str] | tuple[str, ...] = ()) -> GameConfig:
        """Build from variant names (as in ``variants()``; ``-`` may stand for ``_``)."""
        known = set(VARIANT_NAMES)
        flags: dict[str, bool] = {}
        for raw in variants:
            name = raw.strip().replace("-", "_").lower()
            if name in ("pm1", "plus_minus", "±1"):
                name = "plus_minus_one"
            if name not in known:
                raise ConfigError(
                    f"unknown variant {raw!r}; known: {', '.join(sorted(known))}"
                )
            flags[name] = True
        return cls(seats=seats, **flags)


# Every field but the seat count is a variant or house rule that is off by default, in the
# one order every program lists them.
VARIANT_NAMES = tuple(f.name for f in fields(GameConfig) if f.name != "seats")
