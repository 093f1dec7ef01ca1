"""Timing builds: each a fresh `python -m mkdocs build` process, wall time around it, CPU and peak memory from
the child's own resource usage."""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from tools.site import ROOT, mkdocs_command, mkdocs_environment


@dataclass(frozen=True)
class Run:
    seconds: float
    cpu_seconds: float  # user and system time of the build process: less swayed by other work on the machine
    peak_mib: float
    pages: int


@dataclass(frozen=True)
class Search:
    """What a reader's first search costs on one site: gzip-compressed bytes fetched, and the index on disk."""

    query: str
    first_visit: int  # bytes a first visit to the chapter index loads
    first_query: int  # bytes opening search and answering the query adds
    results: int | None  # None: no answer in time
    index_bytes: int  # the search index on disk, every language


@dataclass
class Result:
    size: int
    site: str  # "ours" or "control"
    runs: list[Run] = field(default_factory=list)
    hooks: dict[str, float] = field(default_factory=dict)  # seconds per event inside one untimed build
    hooks_build: float = 0.0  # wall time of that build
    search: Search | None = None

    @property
    def median(self) -> float:
        return statistics.median(run.seconds for run in self.runs)

    @property
    def best(self) -> float:
        """The fastest run: other work on the machine only ever adds time."""
        return min(run.seconds for run in self.runs)

    def paired_ratio(self, control: Result) -> float:
        """The median of this site's runs each divided by the control run built right before or after it.

        Builds of the same site drift by more than the budget as other work comes and goes
        on a shared machine; a run and its neighbour share that drift, so their ratio keeps
        the hooks' cost and drops most of the machine's.
        """
        return statistics.median(
            ours.seconds / theirs.seconds for ours, theirs in zip(self.runs, control.runs, strict=True)
        )

    @property
    def hooks_added(self) -> float:
        """What the hooks' own time adds to the rest of the clocked build, as a fraction."""
        spent = sum(self.hooks.values())
        return spent / (self.hooks_build - spent)

    @property
    def cpu_median(self) -> float:
        return statistics.median(run.cpu_seconds for run in self.runs)

    @property
    def pages(self) -> int:
        return self.runs[0].pages

    @property
    def per_page_ms(self) -> float:
        return self.median / self.pages * 1000

    @property
    def peak_mib(self) -> float:
        return max(run.peak_mib for run in self.runs)


def build(project: Path, site: Path, log: Path, keep: bool = False, hook_times: Path | None = None) -> Run:
    """One build in a fresh process; with `hook_times`, clocked by benchmarks/clock.py, which writes the file."""
    env = mkdocs_environment(site_url=None)  # a preview, as `make build` builds it
    command = mkdocs_command("build", "-q", "--site-dir", str(site))
    if hook_times:
        env["HOOK_TIMES"] = str(hook_times)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
        command = [sys.executable, "-m", "benchmarks.clock", *command[4:]]
    with log.open("w") as out:
        start = time.perf_counter()
        process = subprocess.Popen(command, cwd=project, env=env, stdout=out, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode:
        raise SystemExit(f"the build of {project} failed:\n{log.read_text(encoding='utf-8')[-4000:]}")
    pages = sum(1 for _ in site.rglob("*.html"))
    if not keep:
        shutil.rmtree(site)
    return Run(seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, pages)  # ru_maxrss: KiB on Linux


def say(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def load_average() -> str:
    """The one-minute load average: other work on the machine shows here."""
    return Path("/proc/loadavg").read_text().split()[0]
