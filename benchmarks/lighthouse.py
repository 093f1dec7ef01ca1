"""Lighthouse performance of the built site: the median of several runs per page.

The performance score moves from run to run, more so on a small shared
machine, so the test suite does not assert it; this script measures it instead.
It builds the site from a copy of the repository, serves it gzip-compressed on
127.0.0.1 as a static host would, runs Lighthouse (default mobile settings,
simulated throttling, Debian's Chromium) several times per page one after the
other, and writes the medians to a Markdown report.

    .venv/bin/python -m benchmarks.lighthouse [--runs 5] [--output benchmarks/LIGHTHOUSE.md] [PAGE ...]

It needs the npm packages of package.json (`npm ci`, or `make test`).
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

from tools.lighthouse import METRICS, LighthouseMissing, Report, require_lighthouse, run_lighthouse
from tools.serving import serve_gzip
from tools.site import ROOT, build_copy

PAGES = ["/", "/en/topics/kubernetes/", "/404.html"]
LABELS = {
    "first-contentful-paint": "FCP",
    "largest-contentful-paint": "LCP",
    "total-blocking-time": "TBT",
    "cumulative-layout-shift": "CLS",
    "speed-index": "Speed Index",
}


def measure(url: str, runs: int) -> list[Report]:
    reports = []
    for number in range(1, runs + 1):
        report = run_lighthouse(url, ("performance",))
        print(f"  run {number}/{runs}: performance {report.score('performance')}", flush=True)
        reports.append(report)
    return reports


def metric(reports: list[Report], name: str) -> str:
    values = [r.metrics[name] for r in reports if name in r.metrics]
    if not values:
        return "–"
    value = statistics.median(values)
    return (
        f"{value:.3f}"
        if name == "cumulative-layout-shift"
        else f"{value / 1000:.2f} s"
        if value >= 1000
        else f"{value:.0f} ms"
    )


def report_markdown(results: dict[str, list[Report]], runs: int, seconds: float, load: tuple[float, float]) -> str:
    first = next(iter(results.values()))[0]
    lines = [
        "# Lighthouse performance",
        "",
        "Written by `python -m benchmarks.lighthouse`; the test suite asserts accessibility, best practices and",
        "SEO (`tests/browser/test_lighthouse.py`) but not performance, which varies between runs.",
        "",
        f"- when: {datetime.datetime.now(datetime.UTC).strftime('%Y-%m-%d %H:%M UTC')}",
        f"- machine: {platform.system()} {platform.machine()}, {os.cpu_count()} cores; Lighthouse benchmark index "
        f"{statistics.median(r.benchmark_index for reports in results.values() for r in reports):.0f} "
        f"(higher is faster); load average {load[0]:.2f} before the runs, {load[1]:.2f} after",
        f"- Lighthouse {first.version}, default mobile settings (simulated throttling), Debian's Chromium "
        f"({' '.join(re.findall(r'HeadlessChrome/[0-9.]+', first.browser)) or first.browser})",
        "- site built with `mkdocs build --strict`, served gzip-compressed on 127.0.0.1",
        f"- {runs} run(s) per page, one after another; {seconds:.0f} s in all",
        "",
        "| page | median performance | min–max | " + " | ".join(f"median {LABELS[m]}" for m in METRICS) + " |",
        "| --- | ---: | ---: | " + " | ".join("---:" for _ in METRICS) + " |",
    ]
    for page, reports in results.items():
        scores = [r.score("performance") for r in reports]
        lines.append(
            f"| `{page}` | {statistics.median(scores):g} | {min(scores)}–{max(scores)} | "
            + " | ".join(metric(reports, m) for m in METRICS)
            + " |"
        )
    lines += [
        "",
        "Scores per run: "
        + "; ".join(f"`{p}` " + ", ".join(str(r.score("performance")) for r in rs) for p, rs in results.items()),
        "",
    ]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pages", nargs="*", default=PAGES, help=f"site paths to measure (default: {' '.join(PAGES)})")
    parser.add_argument("--runs", type=int, default=5, help="Lighthouse runs per page (default 5)")
    parser.add_argument(
        "--output", type=Path, default=ROOT / "benchmarks" / "LIGHTHOUSE.md", help="where to write the Markdown report"
    )
    args = parser.parse_args()
    try:
        require_lighthouse()
    except LighthouseMissing as missing:
        print(missing, file=sys.stderr)
        return 2
    started, load_before = time.monotonic(), os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="lighthouse-") as work:
        site = build_copy(Path(work))
        results = {}
        with serve_gzip(site.root) as url:
            for page in args.pages:
                print(f"{page}:", flush=True)
                results[page] = measure(url + page, args.runs)
    text = report_markdown(results, args.runs, time.monotonic() - started, (load_before, os.getloadavg()[0]))
    args.output.write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
