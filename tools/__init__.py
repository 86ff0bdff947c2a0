"""Developer tools: the benchmark and the generator of the protocol's committed files.

Not installed with the package: run them from the repository root (``scripts/bench``,
``python -m tools.gen_vectors``). ``wizard_p2p`` never imports from here.
"""
