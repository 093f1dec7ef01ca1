"""The build benchmark's Markdown page, from the numbers measured: times, budgets, the hooks' own time, search.

Pure functions of `Result`s, so that the page can be checked on numbers given by hand.
"""

from __future__ import annotations

import datetime
import os
import platform
import subprocess
from collections.abc import Iterable, Sequence
from importlib import metadata
from pathlib import Path

from chapter.topic_stubs import PART_SIZE
from tools.site import ROOT

from .search_cost import answered
from .timing import Result

RATIO_BUDGET = 1.05  # hooks add at most 5 % to the control build
SEARCH_GROWTH_BUDGET = 1.5  # a first search at 2,000 topics against the real site
GROWTH_BUDGET = 1.3  # per-page cost from one synthetic size to the next

Pair = tuple[Result, Result, list[str]]  # ours, the control, and where the two sites differ


def row(cells: Iterable[object]) -> str:
    """One row of a Markdown table."""
    return "| " + " | ".join(str(cell) for cell in cells) + " |"


def table(head: Sequence[str], align: str) -> list[str]:
    """A table's head: `align` holds one letter per column, l or r."""
    return [row(head), row("---:" if side == "r" else "---" for side in align)]


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def machine() -> list[str]:
    """What the numbers were measured on: the machine, the versions, the commit and the day."""
    cpuinfo = Path("/proc/cpuinfo").read_text().splitlines()
    cpu = next(
        (line.split(":", 1)[1].strip() for line in cpuinfo if line.startswith("model name")), platform.processor()
    )
    meminfo = Path("/proc/meminfo").read_text().splitlines()
    memory = next((int(line.split()[1]) for line in meminfo if line.startswith("MemTotal")), 0)
    names = ("mkdocs", "mkdocs-material", "mkdocs-static-i18n")
    versions = ", ".join(f"{name} {metadata.version(name)}" for name in names)
    git = ["git", "-C", str(ROOT)]
    commit = subprocess.run([*git, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(
        [*git, "status", "--porcelain", "--untracked-files=no"], capture_output=True, text=True
    ).stdout.strip()
    return [
        f"- Machine: {cpu}, {os.cpu_count()} cores, {memory / 1024 / 1024:.0f} GiB memory",
        f"- Python {platform.python_version()}; {versions}",
        f"- Code: commit {commit}{' with uncommitted changes' if dirty else ''};"
        f" navigation parts of at most {PART_SIZE} topics",
        f"- Date: {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC",
    ]


def report(pairs: list[Pair], runs: int, sizes: list[int], real_size: int, header: list[str]) -> tuple[str, bool]:
    """The Markdown page of results, and whether every budget was met; budgets are judged on wall time."""
    budgets, ok = budget_lines(pairs, real_size)
    lines = [
        "# Build benchmark",
        "",
        "Written by `python -m benchmarks.build`. Rerun with:",
        "",
        "```sh",
        f".venv/bin/python -m benchmarks.build --runs {runs} --sizes {','.join(map(str, sizes))}",
        "```",
        "",
        *header,
        "",
        *times_section(pairs, runs, real_size),
        "",
        "## Budgets",
        "",
        *budgets,
        "",
        "The budget is judged on paired runs: each of our builds against the control build next to it, then the",
        "median. On a busy machine the ratio of medians moves by more than the budget from one benchmark to the",
        "next; the hooks' own time below is the steadiest figure of what they cost.",
        "",
        *hooks_section(pairs),
        "",
        *search_section(pairs),
        "",
        *control_section(pairs),
    ]
    return "\n".join(lines) + "\n", ok


def times_section(pairs: list[Pair], runs: int, real_size: int) -> list[str]:
    lines = [
        f"Each site is built {runs} times, each time in a fresh `python -m mkdocs build` process, ours and the",
        f"control taking turns. {real_size} topics is the real site as committed; other sizes are synthetic",
        "catalogues generated from it (same labels and lending chapters, the same share of borrowed topics) with a",
        "600–900-word article per topic and language, quoting every fact and showing every figure between them.",
        "The control site has the same pages, settings, plugins and navigation, written as plain Markdown and built",
        "without the hooks. Per page is the median wall time over the HTML pages written; CPU is the build",
        "process's user and system time, which other work on the machine sways less than wall time; peak memory",
        "is the largest resident set of a build process.",
        "",
        *table(
            (
                "Topics per language",
                "Site",
                "HTML pages",
                "Median wall (s)",
                "Wall range (s)",
                "Per page (ms)",
                "Median CPU (s)",
                "Peak memory (MiB)",
                "Ours / control (paired)",
                "Ours / control (medians)",
            ),
            "rlrrrrrrrr",
        ),
    ]
    for ours, control, _ in pairs:
        for result in (ours, control):
            spread = f"{min(r.seconds for r in result.runs):.2f}–{max(r.seconds for r in result.runs):.2f}"
            ratios = (
                (f"{ours.paired_ratio(control):.3f}", f"{ours.median / control.median:.3f}")
                if result is ours
                else ("", "")
            )
            lines.append(
                row(
                    (result.size, result.site, result.pages, f"{result.median:.2f}", spread)
                    + (f"{result.per_page_ms:.1f}", f"{result.cpu_median:.2f}", f"{result.peak_mib:.0f}", *ratios)
                )
            )
    return lines


def budget_lines(pairs: list[Pair], real_size: int) -> tuple[list[str], bool]:
    """One line per budget, with its verdict; and whether all were met."""
    lines, ok = [], True
    for ours, control, _ in pairs:
        ratio = ours.paired_ratio(control)
        ok &= ratio <= RATIO_BUDGET
        lines.append(
            f"- Hooks add at most {RATIO_BUDGET - 1:.0%} to the control build, {ours.size} topics:"
            f" ours/control (paired) = {ratio:.3f} — **{verdict(ratio <= RATIO_BUDGET)}**"
            f" (ratio of medians {ours.median / control.median:.3f}; best runs {ours.best / control.best:.3f};"
            f" CPU {ours.cpu_median / control.cpu_median:.3f}; the hooks' own time adds {ours.hooks_added:.1%})"
        )
    synthetic = [pair for pair in pairs if pair[0].size != real_size]
    for (small, small_control, _), (big, big_control, _) in zip(synthetic, synthetic[1:], strict=False):
        growth = big.per_page_ms / small.per_page_ms
        cpu_growth = (big.cpu_median / big.pages) / (small.cpu_median / small.pages)
        control_growth = big_control.per_page_ms / small_control.per_page_ms
        ok &= growth <= GROWTH_BUDGET
        lines.append(
            f"- Per-page cost grows at most {GROWTH_BUDGET}× from {small.size} to {big.size} topics:"
            f" ours {growth:.2f}× — **{verdict(growth <= GROWTH_BUDGET)}**"
            f" (CPU {cpu_growth:.2f}×; control {control_growth:.2f}×)"
        )
    if len(synthetic) < 2:
        lines.append("- Per-page growth: not measured; it needs two synthetic sizes")
    real = next((pair[0].search for pair in pairs if pair[0].size == real_size), None)
    largest = max(pairs, key=lambda pair: pair[0].size)[0]
    if real and largest.search and largest.size != real_size:
        growth = largest.search.first_query / real.first_query
        ok &= growth <= SEARCH_GROWTH_BUDGET
        lines.append(
            f"- A first query costs at most {SEARCH_GROWTH_BUDGET}× at {largest.size} topics what it costs on the"
            f" real site: {growth:.2f}× — **{verdict(growth <= SEARCH_GROWTH_BUDGET)}**"
        )
    return lines, ok


def hooks_section(pairs: list[Pair]) -> list[str]:
    lines = [
        "## The hooks' own time",
        "",
        "Timed inside one more, untimed build of our site (`benchmarks/clock.py`): the seconds spent in each event",
        "function of the hooks, and what they add to the rest of that build. It leaves out what the hooks cost",
        "indirectly (such as garbage collection), which the ratio to the control site includes, but other work on",
        "the machine hardly moves it. Our `post_build` includes Pagefind's indexing, the work the control build does",
        "in the theme's search plugin, so the hooks' own time counts our search index while the control's is part",
        "of its build outside any hook.",
        "",
        *table(("Topics per language", "Build (s)", "Hooks (s)", "Adds", "By event (s)"), "rrrrl"),
    ]
    for ours, _, _ in pairs:
        by_event = sorted(ours.hooks.items(), key=lambda item: -item[1])
        events = ", ".join(f"{name} {seconds:.2f}" for name, seconds in by_event if seconds >= 0.005)
        spent = sum(ours.hooks.values())
        lines.append(row((ours.size, f"{ours.hooks_build:.2f}", f"{spent:.2f}", f"{ours.hooks_added:.1%}", events)))
    return lines


def search_section(pairs: list[Pair]) -> list[str]:
    lines = [
        "## Search: ours (Pagefind) against the theme's (lunr)",
        "",
        "The Russian chapter index opened in Chromium on each site, then a reader's first search: our search box,",
        "or the theme's on the control site. Bytes are what a static host sends, gzip-compressed where it would",
        "compress (Pagefind's index files already are). The theme fetches its whole index with the page, so its",
        "first visit holds what its first query needs; the last columns add the two. Pagefind's indexing time is",
        "our `post_build` above. Since the pages run the chapter's own script instead of the theme's bundle, the",
        "control's search box has no script to answer it: its index on disk and its first visit still compare.",
        "",
        *table(
            ("Topics per language", "Query")
            + tuple(f"{what}, {site} (KiB)" for what in ("First visit", "First query") for site in ("ours", "theme"))
            + ("Visit and query, ours (KiB)", "Visit and query, theme (KiB)", "Results, ours / theme")
            + ("Index on disk, ours / theme (MiB)", "Indexing (s)"),
            "rlrrrrrrlrr",
        ),
    ]
    for ours, control, _ in pairs:
        a, b = ours.search, control.search
        if a is None or b is None:
            continue
        kib = [f"{size / 1024:.1f}" for size in (a.first_visit, b.first_visit, a.first_query, b.first_query)]
        kib += [f"{(x.first_visit + x.first_query) / 1024:.1f}" for x in (a, b)]
        disk = f"{a.index_bytes / 2**20:.2f} / {b.index_bytes / 2**20:.2f}"
        indexing = f"{ours.hooks.get('post_build', 0.0):.2f}"
        lines.append(row((ours.size, a.query, *kib, f"{answered(a)} / {answered(b)}", disk, indexing)))
    return lines


def control_section(pairs: list[Pair]) -> list[str]:
    differences = [f"- {pair[0].size} topics: {difference}" for pair in pairs for difference in pair[2]]
    return ["## Control check", ""] + (
        differences
        or [
            "Both sites wrote the same pages (apart from a 404 page of the control's second language, where it has",
            "one); the navigation of sampled pages matches, and so do the articles of the chapter indexes (a topic",
            "page's article differs: the plugin makes a term's first use a button and links each fact in its HTML).",
        ]
    )
