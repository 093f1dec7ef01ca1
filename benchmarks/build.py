"""How long the site takes to build, and what the chapter plugin adds to it.

Material renders the navigation into every page, so a build can grow faster than its page count; and the
plugin renders every chapter page, so it must stay cheap next to MkDocs itself. This measures both on the real
site and on synthetic catalogues of the same shape (benchmarks/synthetic.py), each against a control site: the
same pages, settings, plugins and navigation, written out as ordinary Markdown and built without the plugin
(benchmarks/control.py). The ratio ours/control is then the cost of the plugin alone.

    .venv/bin/python -m benchmarks.build [--runs N] [--sizes 20,200,2000] [--output benchmarks/RESULTS.md]

Every build is a fresh `python -m mkdocs build` process (benchmarks/timing.py). It is a measurement, not a
test: it prints the page, writes it to `--output` and exits with 1 when a budget is missed.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from pathlib import Path

from chapter.project import check_project
from tools.site import ROOT, copy_project

from .control import control_project, same_pages
from .report import Pair, machine, report
from .search_cost import measure_search, search_query
from .synthetic import synthetic_project
from .timing import Result, build, load_average, say


def measure(size: int, workdir: Path, runs: int, real_size: int) -> Pair:
    """Warm both sites up once (untimed, and checked to match), then time them in turns."""
    folder = workdir / str(size)
    source = copy_project(folder / "ours") if size == real_size else synthetic_project(folder / "ours", size)
    log = folder / "build.log"
    say(f"{size} topics: warming up and checking the control site")
    sites = {name: folder / f"check-{name}" for name in ("ours", "control")}
    build(source, sites["ours"], log, keep=True)  # also writes docs/topics/ and compiles the plugin
    control = control_project(source, folder / "control")
    build(control, sites["control"], log, keep=True)
    clocked = build(source, folder / "site-clocked", log, hook_times=folder / "hooks.json")
    slugs = [topic.slug for topic in check_project(source).catalogue.topics]
    samples = [
        f"{prefix}{path}index.html"
        for prefix in ("", "en/")
        for path in ("", f"topics/{slugs[0]}/", f"topics/{slugs[len(slugs) // 2]}/", f"topics/{slugs[-1]}/")
    ]
    differences = same_pages(sites["ours"], sites["control"], samples)
    results = {name: Result(size, name) for name in ("ours", "control")}
    query = search_query(sites["ours"])
    for name, site in sites.items():
        say(f"{size} topics, {name}: a first search for «{query}»")
        results[name].search = measure_search(site, query, pagefind=name == "ours")
        shutil.rmtree(site)
    results["ours"].hooks = json.loads((folder / "hooks.json").read_text(encoding="utf-8"))
    results["ours"].hooks_build = clocked.seconds
    for number in range(runs):
        order = ("ours", "control") if number % 2 == 0 else ("control", "ours")  # both share the machine's drift
        for name in order:
            run = build(source if name == "ours" else control, folder / f"site-{name}", log)
            results[name].runs.append(run)
            say(
                f"{size} topics, {name}, run {number + 1}/{runs}: {run.seconds:.2f} s"
                f" ({run.cpu_seconds:.2f} s CPU), {run.peak_mib:.0f} MiB, {run.pages} pages"
            )
    shutil.rmtree(folder)
    return results["ours"], results["control"], differences


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="timed builds per site and size (default 3)")
    parser.add_argument(
        "--sizes",
        default="20,200,2000",
        help="topics per language, comma-separated; the real catalogue's size builds the real site",
    )
    parser.add_argument(
        "--output", type=Path, default=ROOT / "benchmarks" / "RESULTS.md", help="where to write the Markdown page"
    )
    parser.add_argument(
        "--workdir", type=Path, help="where to generate the projects (default: a temporary folder, removed afterwards)"
    )
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",")]
    if args.runs < 1 or any(size < 1 for size in sizes):
        parser.error("runs and sizes must be positive")
    real_size = len(check_project(ROOT).catalogue.topics)
    header = machine()
    load = load_average()
    workdir = Path(tempfile.mkdtemp(prefix="chapter-benchmark-", dir=args.workdir))
    try:
        pairs = [measure(size, workdir, args.runs, real_size) for size in sizes]
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    header.append(
        f"- Load average (one minute) at the start {load}, at the end {load_average()}:"
        " other work on the machine shows here"
    )
    text, ok = report(pairs, args.runs, sizes, real_size, header)
    args.output.write_text(text, encoding="utf-8")
    print(text)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
