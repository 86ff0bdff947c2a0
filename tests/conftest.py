"""Shared test settings: one Hypothesis profile that keeps the suite fast on a small machine.

``HYPOTHESIS_PROFILE=thorough`` runs many more examples (for a nightly run or a hunt).
"""

import os

from hypothesis import settings

settings.register_profile("fast", deadline=None, max_examples=40)
settings.register_profile("thorough", deadline=None, max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "fast"))
