"""Shared test settings: Hypothesis profiles that keep the suite fast on a small machine.

``HYPOTHESIS_PROFILE=thorough`` runs many more examples (for a nightly run or a hunt).

The decoder fuzz tests (``tests/test_fuzz_*.py``) have profiles of their own:
``fuzz-small`` by default, ``fuzz-full`` when ``WIZARD_P2P_FUZZ=full`` (what
``scripts/fuzz`` sets), whose ``max_examples`` is the count each decoder gets in
all, shared among that decoder's tests (``WIZARD_P2P_FUZZ_EXAMPLES`` sets
that count, 100,000 unless told). With ``WIZARD_P2P_FUZZ_COUNTS`` naming
a directory, each test process writes there how many inputs each decoder was fed.
"""

import json
import os
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
import zmq
from hypothesis import HealthCheck, settings

if TYPE_CHECKING:
    from tests.lobby_support import TableFactory
    from tests.test_node_multiprocess import Proc



def _destroy_without_linger(context: zmq.Context) -> None:  # type: ignore[type-arg]
    """A context a test leaves unclosed is destroyed by the garbage collector, in whatever
    test happens to run then. pyzmq's own ``__del__`` closes its sockets with their own
    linger, which for a socket made without ``LINGER=0`` may wait forever for a peer that
    is gone, and the unrelated test hangs. The program closes its contexts itself (with
    ``LINGER=0`` on every socket); in the tests, a leaked one goes at once."""
    if not getattr(context, "_shadow", True) and not context.closed:
        context.destroy(linger=0)


zmq.Context.__del__ = _destroy_without_linger  # type: ignore[method-assign]

settings.register_profile("fast", deadline=None, max_examples=40)
settings.register_profile("thorough", deadline=None, max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "fast"))

_FUZZ_HEALTH = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]
# A decoder that takes seconds on one input is a hang in the making: the deadline fails it.
settings.register_profile(
    "fuzz-small", deadline=timedelta(seconds=5), max_examples=30,
    suppress_health_check=_FUZZ_HEALTH,
)
settings.register_profile(
    "fuzz-full", deadline=timedelta(seconds=5),
    max_examples=int(os.environ.get("WIZARD_P2P_FUZZ_EXAMPLES", "100000")),
    suppress_health_check=_FUZZ_HEALTH, database=None,
)


def pytest_sessionfinish(session: object) -> None:
    directory = os.environ.get("WIZARD_P2P_FUZZ_COUNTS")
    if not directory:
        return
    from tests.fuzz_support import COUNTS

    if COUNTS:
        path = Path(directory) / f"{os.getpid()}.json"
        path.write_text(json.dumps(dict(COUNTS)))


@pytest.fixture()
def procs() -> Iterator[list["Proc"]]:
    """The ``wizard-p2p`` processes a test starts: killed at its end, and described (what
    pytest shows only when the test failed)."""
    started: list[Proc] = []
    yield started
    for proc in started:
        proc.kill()
        print(proc.describe())


@pytest.fixture()
def lobby_table(tmp_path: Path) -> "TableFactory":
    """``lobby_table(seats=3, **HostLobby options)``: a host's lobby on 127.0.0.1 with
    the joiners a test adds (``tests.lobby_support.LobbyTable``), all stopped when the
    ``async with`` ends."""
    from tests.lobby_support import LobbyTable

    return lambda seats=3, **options: LobbyTable(tmp_path, seats, **options)


# The modules whose tests take longest (whole games in a terminal, processes waiting out
# stall limits, a fresh virtual environment), longest first. Their tests start the run:
# with the workers handed one test at a time (``pytest_configure`` below), a long test
# started first overlaps everything else instead of running on alone at the end. Only
# the order depends on this list: a module missing from it, or listed that no longer
# takes long, costs time, never a result.
LONG_FIRST = (
    "tests/test_tui_tmux_series.py",
    "tests/test_play_full_game.py",
    "tests/test_scripts_bootstrap.py",
    "tests/test_node_endings_multiprocess.py",
    "tests/test_series_netns.py",
    "tests/test_tables_sorcery_search.py",
    "tests/test_discovery_processes.py",
    "tests/test_bench.py",
    "tests/test_play_series.py",
    "tests/test_watch_multiprocess.py",
    "tests/test_watch_discovery.py",
    "tests/test_node_multiprocess.py",
    "tests/test_tui_tmux_stall.py",
    "tests/test_series_processes.py",
    "tests/test_play_out.py",
    "tests/test_tables_sorcery_replica.py",
    "tests/test_catalogue_keys.py",
    "tests/adversarial/test_hostile_seat.py",
    "tests/test_node_peer.py",
    "tests/test_private_reach.py",
    "tests/test_tui_tmux_watch.py",
    "tests/test_conformance.py",
    "tests/test_sorcery_console_tmux.py",
    "tests/test_tui_again.py",
    "tests/test_bots_tournament.py",
    "tests/test_sorcery_hidden.py",
    "tests/test_tui_tmux_join.py",
    "tests/test_tables_sorcery_look.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    rank = {module: place for place, module in enumerate(LONG_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::", 1)[0], len(LONG_FIRST)))


def pytest_configure(config: pytest.Config) -> None:
    """With workers (``-n``), each is handed one test at a time unless told otherwise
    (``--maxschedchunk``): pytest-xdist's default first hands each worker a quarter of
    its share of the suite, consecutive tests in the order above, which would give every
    long test to the first worker."""
    if config.pluginmanager.hasplugin("xdist") and config.getoption("maxschedchunk") is None:
        config.option.maxschedchunk = 1
