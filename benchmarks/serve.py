"""How long an author waits under `mkdocs serve`: from saving a paragraph of a Russian article to the served
page showing it, against a full `mkdocs build` of the same project in the same run.

    .venv/bin/python -m benchmarks.serve [--runs 10] [--sizes 20,200] [--output benchmarks/SERVE.md]

For each size (the real chapter at its own size, synthetic chapters otherwise, benchmarks/synthetic.py) it
times full builds, then starts `mkdocs serve` and edits the first paragraph of one Russian article `--runs`
times, each time polling the topic page over HTTP until it holds the new sentence (visible), and then until
the rebuild has ended, after which the print edition holds it and the English page shows its translation
notice (complete: the site-wide work, the other language and every page, done). It writes medians and ratios; the load
average is reported beside them, since other work on the machine sways every figure.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from chapter.project import check_project
from tools.site import ROOT, copy_project, mkdocs_serve

from .clock import parts_file
from .report import machine, row, table
from .synthetic import synthetic_project
from .timing import build, load_average, say

POLL = 0.02  # seconds between two requests for the page
EPOCH_POLL = 0.05  # seconds between two requests for the server's epoch, which cost it next to nothing


@dataclass(frozen=True)
class Edits:
    size: int
    builds: list[float]  # full `mkdocs build` wall times
    visible: list[float]  # from saving the article to the served page showing the edit
    complete: list[float]  # to the print edition holding the edit and the other language's page its notice
    parts: dict[str, float]  # seconds of one clocked full build, by what it does (benchmarks/clock.py)

    def row(self) -> str:
        build_median = statistics.median(self.builds)
        visible, complete = statistics.median(self.visible), statistics.median(self.complete)
        spread = f"{min(self.visible):.2f}–{max(self.visible):.2f}"
        cells = (self.size, f"{build_median:.2f}", f"{visible:.2f}", spread, f"{complete:.2f}")
        return row(cells + (f"{visible / build_median:.2f}", f"{complete / build_median:.2f}"))

    def parts_row(self) -> str:
        total = self.parts["build"]
        known = ("check", "search index", "gate", "publication")
        rest = total - sum(self.parts.get(name, 0.0) for name in known)
        shares = [f"{self.parts.get(name, 0.0):.2f} ({self.parts.get(name, 0.0) / total:.0%})" for name in known]
        return row((self.size, f"{total:.2f}", *shares, f"{rest:.2f} ({rest / total:.0%})"))


def fetch(url: str) -> str:
    """The page at `url`, or "" while the server cannot answer (starting up)."""
    try:
        with urllib.request.urlopen(url, timeout=120) as response:
            return response.read().decode("utf-8")
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return ""


def wait_until(holds: Callable[[], bool], timeout: float = 600, poll: float = POLL) -> float:
    """Seconds until `holds()`, asked every `poll` seconds."""
    start = time.perf_counter()
    while not holds():
        if time.perf_counter() - start > timeout:
            raise SystemExit(f"no change was served within {timeout} s")
        time.sleep(poll)
    return time.perf_counter() - start


def epoch(base: str) -> int:
    """The version of the site the server shows: it moves when the browsers are told to reload."""
    return int(fetch(f"{base}/livereload/0/0") or 0)


def edited(text: str, sentence: str) -> str:
    """The article with `sentence` added to its first paragraph of running text (after a blank line)."""
    lines = text.split("\n")
    first = next(number for number, line in enumerate(lines) if number and not lines[number - 1] and line[:1].isalpha())
    lines[first] += f" {sentence}"
    return "\n".join(lines)


def measure(project: Path, size: int, runs: int, workdir: Path) -> Edits:
    slug = next(
        topic.slug
        for topic in check_project(project).catalogue.topics
        if (project / "docs" / "articles" / f"{topic.slug}.ru.md").is_file()
    )
    builds = [build(project, workdir / "site", workdir / "build.log").seconds for _ in range(min(runs, 3))]
    times = workdir / "hooks.json"
    clocked = build(project, workdir / "site", workdir / "build.log", hook_times=times)
    parts = {"build": clocked.seconds, **json.loads(parts_file(times).read_text(encoding="utf-8"))}
    say(f"{size} topics: full builds {', '.join(f'{seconds:.2f}' for seconds in builds)} s")
    article = project / "docs" / "articles" / f"{slug}.ru.md"
    original = article.read_text(encoding="utf-8")
    visible, complete = [], []
    with mkdocs_serve(project, workdir / "serve.log") as base:
        page, other, printed = f"{base}/topics/{slug}/", f"{base}/en/topics/{slug}/", f"{base}/print/"
        wait_until(lambda: "ci-heading" in fetch(page))
        for number in range(runs):
            sentence = f"Правка номер {number} сохранена автором."
            article.write_text(edited(original, sentence), encoding="utf-8")
            start = time.perf_counter()
            wait_until(lambda: sentence in fetch(page))  # noqa: B023 (called at once, for this edit's sentence)
            visible.append(time.perf_counter() - start)
            if sentence not in fetch(printed):  # the page came first: the rebuild still runs
                # Polled by the server's epoch, not the pages: requests answered during the rebuild take its CPU.
                shown = epoch(base)
                wait_until(lambda: epoch(base) > shown, poll=EPOCH_POLL)  # noqa: B023
            complete.append(time.perf_counter() - start)
            if sentence not in fetch(printed) or "ci-behind" not in fetch(other):
                raise SystemExit(f"the rebuild after edit {number + 1} left the print edition or the notice behind")
            say(f"{size} topics, edit {number + 1}/{runs}: {visible[-1]:.2f} s visible, {complete[-1]:.2f} s complete")
    article.write_text(original, encoding="utf-8")
    return Edits(size, builds, visible, complete, parts)


def report(results: list[Edits], runs: int, sizes: list[int], real_size: int, header: list[str]) -> str:
    lines = [
        "# Serve benchmark: an author's edit on screen",
        "",
        "Written by `python -m benchmarks.serve`. Rerun with:",
        "",
        "```sh",
        f".venv/bin/python -m benchmarks.serve --runs {runs} --sizes {','.join(map(str, sizes))}",
        "```",
        "",
        *header,
        "",
        f"Under `mkdocs serve`, a sentence is added to the first paragraph of a Russian article {runs} times.",
        "Visible: from saving the file to the served topic page (an HTTP GET) holding the sentence. Complete: to",
        "the end of the rebuild, when the server reloads the browsers again (its epoch, polled), after which the",
        "print edition holds the sentence and the English page its translation notice (checked): the site-wide",
        "work (the other language, search, notices, cards and the print edition). Full build: a fresh",
        f"`mkdocs build` of the same project in the same run (median of {min(runs, 3)}). {real_size} topics: the real",
        "chapter; other sizes are synthetic.",
        "MkDocs polls the watched files every 0.5 s and waits 0.1 s for edits to settle: up to 0.6 s of every",
        "figure is the watcher's.",
        "",
        *table(
            ("Topics", "Full build (s)", "Visible, median (s)", "Visible, range (s)", "Complete, median (s)")
            + ("Visible / full build", "Complete / full build"),
            "rrrrrrr",
        ),
        *(result.row() for result in results),
        "",
        "## Where a full rebuild goes",
        "",
        "One more full build of each project, clocked inside (`benchmarks/clock.py`): the project's check (every",
        "source read and checked, as `chapter check`), Pagefind's index, the gate over every published file, the",
        "publication of the staged site, and the rest: MkDocs and the theme rendering both languages' pages.",
        "",
        *table(
            ("Topics", "Build (s)", "Check (s)", "Search index (s)", "Gate (s)", "Publication (s)", "Rest (s)"),
            "rrrrrrr",
        ),
        *(result.parts_row() for result in results),
    ]
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10, help="edits per size (default 10)")
    parser.add_argument("--sizes", default="20,200", help="topics, comma-separated; the real size serves the chapter")
    parser.add_argument("--output", type=Path, default=ROOT / "benchmarks" / "SERVE.md")
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",")]
    if args.runs < 1 or any(size < 1 for size in sizes):
        parser.error("runs and sizes must be positive")
    real_size = len(check_project(ROOT).catalogue.topics)
    header, load = machine(), load_average()
    results = []
    with tempfile.TemporaryDirectory(prefix="chapter-serve-") as folder:
        for size in sizes:
            workdir = Path(folder) / str(size)
            project = copy_project(workdir / "p") if size == real_size else synthetic_project(workdir / "p", size)
            results.append(measure(project, size, args.runs, workdir))
    header.append(f"- Load average (one minute) at the start {load}, at the end {load_average()}")
    text = report(results, args.runs, sizes, real_size, header)
    args.output.write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
