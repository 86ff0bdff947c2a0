"""巫师牌 at a trustless table: its entries (``kinds``, ``bodies``) and the replica that
drives the two private decks and the hidden-card engine together (``replica``)."""
