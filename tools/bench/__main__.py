"""``python -m tools.bench``: run the benchmark (see :mod:`tools.bench`)."""

from tools.bench.cli import main

raise SystemExit(main())
