"""Writing generated files (schemas, vectors) and the generators' one command line."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from pathlib import Path

from wizard_p2p.files import write_atomic


def write_files(root: Path, files: Mapping[Path, bytes] | Mapping[str, bytes]) -> list[Path]:
    """Write each file under ``root`` (atomically, folders made as needed); the paths."""
    written = []
    for relative, data in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, data, mode=0o644)
        written.append(path)
    return written


def generator_main(
    doc: str | None,
    write: Callable[[Path], list[Path]],
    argv: list[str] | None,
    *,
    option: str = "--root",
    default: Path | None = None,
) -> int:
    """``--root DIR`` (or ``option``): where to write, by default the current folder (the
    repository root); write, and print each path written."""
    where = default if default is not None else Path.cwd()
    parser = argparse.ArgumentParser(description=(doc or "").splitlines()[0])
    parser.add_argument(option, dest="where", type=Path, default=where,
                        help=f"where to write (default: {where})")
    for path in write(parser.parse_args(argv).where):
        print(path)
    return 0
