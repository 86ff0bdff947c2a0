"""Developer tools: the benchmark and the generators of the protocol's committed files.

``bench`` (``scripts/bench``), ``gen_vectors`` (the schemas and the golden game),
``crypto_vectors`` (the card cryptography's known-answer vectors) and
``gen_conformance`` with ``conformance_forges`` (the conformance suite's logs).
Not installed with the package: run them from the repository root (``scripts/bench``,
``python -m tools.gen_vectors``). ``wizard_p2p`` never imports from here.
"""
