"""The heuristic's bid rule per table size and round length (generated; do not edit)."""

BID_RULES: dict[tuple[int, int], tuple[float, float]] = {}
