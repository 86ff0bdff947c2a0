"""Wizard at a trustless table: its rules as a game a table plays (``replica``:
``WIZARD_RULES``, ``WizardReplica``), its turn order (``turns``), one validator per
entry kind (``handlers``), a round's mental-poker steps (``dealing``), what a replica
knows of the round (``round_state``), the round replayed from its revealed secrets
(``round_check``), a seat's secrets (``secrets``) and entries (``authoring``), the
table itself (``table.WizardTable``), a log read back with every hand (``replay``) and
N tables in memory (``harness.MemoryGame``)."""
