"""A 3-seat table on loopback with one evil seat: real processes, observed from outside.

The host and one bot run the shipped program (``python -m wizard_p2p host|bot
--headless``); the third seat runs ``python -m tests.adversarial.evil_seat
BEHAVIOUR bot ...``. The honest seats' memory is read from ``/proc/PID/status``
(``VmHWM``, the peak resident set) while they run. Nothing sleeps to synchronise:
every wait polls an observable condition against a deadline.
"""

from __future__ import annotations

import contextlib
import json
import re
import resource
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from tests import test_node_multiprocess as multiprocess
from tests.test_node_multiprocess import REPO, LogWatcher, Seat, wait_until
from wizard_p2p.audit import audit_file
from wizard_p2p.disk.evidence import read_evidence

# An honest peer's peak resident set stays below this, whatever one seat sends.
RSS_LIMIT_KB = 100 * 1024
DEADLINE = 120.0


def _file_limit(size: int) -> Callable[[], None]:
    """RLIMIT_FSIZE for a child: a write past ``size`` bytes fails (EFBIG; Python
    ignores SIGXFSZ), as on a full disk, without mounting anything."""

    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))

    return apply


class Proc(multiprocess.Proc):
    """One process run as ``-m MODULE ARGS...``, whose peak memory is followed."""

    def __init__(
        self, name: str, argv: list[str], workdir: Path, *, max_file_bytes: int | None = None
    ) -> None:
        flag, module, *args = argv
        assert flag == "-m", argv
        self.peak_kb = 0
        super().__init__(
            name, args, workdir, module=module,
            preexec_fn=None if max_file_bytes is None else _file_limit(max_file_bytes),
        )

    def sample_memory(self) -> int:
        """The process's peak resident set so far, in KiB (kept after it exits): read
        from /proc while it runs, and from the report a seat run with ``--trace``
        writes as it ends (``max_rss_kb``: its own VmHWM)."""
        trace = self.out.with_suffix(".trace")
        if not self.alive() and trace.exists():
            with contextlib.suppress(OSError, ValueError, KeyError):
                reported = int(json.loads(trace.read_bytes())["max_rss_kb"])
                self.peak_kb = max(self.peak_kb, reported)
        try:
            status = Path(f"/proc/{self.popen.pid}/status").read_text()
        except OSError:
            return self.peak_kb
        match = re.search(r"VmHWM:\s+(\d+) kB", status)
        if match and self.alive():
            self.peak_kb = max(self.peak_kb, int(match.group(1)))
        return self.peak_kb

    def title(self) -> str:
        return f"exit {self.popen.returncode}, peak {self.peak_kb} KiB)"


class HostileTable:
    """A host and a bot (honest) and one evil seat, each with its own data directory."""

    def __init__(
        self, workdir: Path, behaviour: str | None, *, stall_limit: float = 3.0,
        silence_limit: float = 1.0, variants: tuple[str, ...] = (),
        evil_args: tuple[str, ...] = (), max_file_bytes: int | None = None,
        host_args: tuple[str, ...] = (),
    ) -> None:
        """``behaviour`` None: the third seat is honest too (``max_file_bytes`` limits
        what its process may write to a file); ``host_args`` go to the host's command."""
        self.workdir = workdir
        timers = ["--silence-limit", str(silence_limit), "--stall-limit", str(stall_limit)]
        common = ["--policy", "random", "--listen", "127.0.0.1", *timers]
        self.common = common
        variant_args = [a for v in variants for a in ("--variant", v)]
        self.procs: list[Proc] = []
        host_dir = workdir / "host"
        host = self.spawn("host", [
            "-m", "wizard_p2p", "host", "--headless", "--seats", "3", "--port", "0",
            "--name", "Host", "--data-dir", str(host_dir), "--policy", "random",
            "--listen", "127.0.0.1", *timers, *variant_args, "--trace", str(workdir / "host.trace"),
            *host_args,
        ])
        address, code = wait_until(lambda: self._invitation(host), 60, "the invitation")  # type: ignore[misc]
        self.address, self.code = address, code
        bot_dir, evil_dir = workdir / "bot", workdir / "evil"
        self.spawn("bot", [
            "-m", "wizard_p2p", "bot", address, "--code", code, "--name", "Honest",
            "--data-dir", str(bot_dir), *common, "--trace", str(workdir / "bot.trace"),
        ])
        program = (
            ["-m", "wizard_p2p"] if behaviour is None
            else ["-m", "tests.adversarial.evil_seat", *evil_args, behaviour]
        )
        self.spawn("evil", [
            *program, "bot", address, "--code", code, "--name", "Evil",
            "--data-dir", str(evil_dir), "--quiet", *common,
        ], max_file_bytes=max_file_bytes)
        self.honest = self.procs[:2]
        self.evil = self.procs[2]
        self.dirs = {"host": host_dir, "bot": bot_dir, "evil": evil_dir}
        wait_until(self._all_seated, 60, "every seat to write the genesis to its log")
        self.evil_seat = self.seat_dir("evil").seat_number()

    def spawn(self, name: str, argv: list[str], max_file_bytes: int | None = None) -> Proc:
        """Start one more process of this table (``-m MODULE ARGS...``), ended with it."""
        proc = Proc(name, argv, self.workdir, max_file_bytes=max_file_bytes)
        self.procs.append(proc)
        return proc

    @staticmethod
    def _invitation(proc: Proc) -> tuple[str, str] | None:
        match = re.search(r"join (127\.0\.0\.1:\d+) --code (\S+)", proc.stdout())
        if match is None and not proc.alive():
            raise AssertionError(f"the host exited early\n{proc.describe()}")
        return (match.group(1), match.group(2)) if match else None

    def seat_dir(self, name: str) -> Seat:
        return Seat(self.dirs[name.removesuffix("-resumed")])

    def _all_seated(self) -> bool:
        for proc in self.procs:
            if not proc.alive():
                raise AssertionError(f"{proc.name} exited early\n{self.describe()}")
        return all(
            (game := self.seat_dir(p.name).game_dir()) is not None
            and (game / "log.jsonl").exists()
            for p in self.procs
        )

    def resume_third(self) -> Proc:
        """The third seat again, from its files (``wizard-p2p resume``), no limit on it."""
        proc = Proc("evil-resumed", [
            "-m", "wizard_p2p", "resume", "--data-dir", str(self.dirs["evil"]), "--headless",
            *self.common,
        ], self.workdir)
        self.procs.append(proc)
        self.evil = proc
        return proc

    def log_path(self, proc: Proc) -> Path:
        return self.seat_dir(proc.name).log_path()

    def evidence(self, proc: Proc) -> list:
        return read_evidence(self.log_path(proc).parent / "evidence.jsonl")

    def watch(self, condition: Callable[[], bool], what: str, timeout: float = DEADLINE) -> None:
        """Wait for ``condition``, sampling the honest peers' memory meanwhile; an honest
        peer that exits with a traceback fails at once."""

        def check() -> bool:
            for proc in self.honest:
                proc.sample_memory()
                if "Traceback" in proc.stderr():
                    raise AssertionError(f"{proc.name} crashed\n{self.describe()}")
            return condition()

        wait_until(check, timeout, what)

    def honest_log_lengths(self) -> list[int]:
        return [len(LogWatcher(self.log_path(p)).poll()) for p in self.honest]

    def assert_no_entry_lost(self) -> None:
        """The honest logs agree: one is a prefix of the other."""
        a, b = (self.log_path(p).read_bytes().splitlines() for p in self.honest)
        common = min(len(a), len(b))
        assert a[:common] == b[:common], "the honest seats' logs differ"

    def assert_memory_bounded(self) -> None:
        for proc in self.honest:
            proc.sample_memory()
            assert 0 < proc.peak_kb < RSS_LIMIT_KB, f"{proc.name}: peak {proc.peak_kb} KiB"

    def end_by_stall(self) -> None:
        """The evil seat leaves: the honest seats end the game naming it (they did not hang)."""
        self.evil.kill()
        self.watch(lambda: not any(p.alive() for p in self.honest), "the honest seats to end")
        for proc in self.honest:
            assert proc.popen.returncode == 1, self.describe()
            assert "held up the game past the time limit" in proc.stdout(), proc.describe()
        last = json.loads(self.log_path(self.honest[0]).read_bytes().splitlines()[-1])
        assert last["kind"] == "abort" and last["body"]["stalled"] == self.evil_seat

    def audit(self, proc: Proc) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "wizard_p2p", "audit", str(self.log_path(proc))],
            capture_output=True, text=True, cwd=REPO, timeout=120,
        )

    def assert_audit_names_evil(self, *, exit_code: int) -> None:
        for proc in self.honest:
            done = self.audit(proc)
            assert done.returncode == exit_code, done.stdout + done.stderr
            assert f"seat {self.evil_seat + 1}" in done.stdout, done.stdout
            if exit_code == 1:
                report = audit_file(self.log_path(proc))
                assert report.fault_seat == self.evil_seat, report.message

    def describe(self) -> str:
        return "\n".join(p.describe() for p in self.procs)

    def close(self) -> None:
        for proc in self.procs:
            proc.kill()
