from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.adversarial.support import HostileTable


@pytest.fixture
def hostile(tmp_path: Path) -> Iterator[Callable[..., HostileTable]]:
    made: list[HostileTable] = []

    def make(behaviour: str, **kwargs: object) -> HostileTable:
        table = HostileTable(tmp_path, behaviour, **kwargs)  # type: ignore[arg-type]
        made.append(table)
        return table

    yield make
    for table in made:
        table.close()
        print(table.describe())  # shown by pytest only when the test failed
