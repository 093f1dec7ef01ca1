"""Lighthouse from node_modules, run against Debian's Chromium, read back as scores and failing audits.

Shared by the Lighthouse test (which asserts the categories that must be perfect)
and benchmarks/lighthouse.py (which only reports performance, a noisy number).
"""

from __future__ import annotations

import json
import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

from tools.chromium import CHROME_FLAGS, CHROMIUM
from tools.site import ROOT

LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
TIMEOUT_S = 180
# The measurements behind the performance score, for the benchmark's table.
METRICS = (
    "first-contentful-paint",
    "largest-contentful-paint",
    "total-blocking-time",
    "cumulative-layout-shift",
    "speed-index",
)
MISSING = (
    f"{LIGHTHOUSE.relative_to(ROOT)} is missing: Lighthouse comes from package.json. "
    "Install it with `npm ci` (Node.js 18.16 or newer), or run `make test`, which does."
)


class LighthouseMissing(RuntimeError):
    pass


@dataclass(frozen=True)
class Failure:
    id: str
    title: str
    value: str


@dataclass(frozen=True)
class Report:
    url: str
    scores: dict[str, float | None]  # category id: 0..1
    failing: dict[str, list[Failure]]  # category id: weighted audits that lost points
    warnings: list[str]
    metrics: dict[str, float]  # METRICS present in the run: milliseconds, or a plain number for layout shift
    version: str  # of Lighthouse
    browser: str  # the user agent of the Chromium it drove
    benchmark_index: float  # Lighthouse's measure of this machine's speed

    def score(self, category: str) -> int:
        """The score as Lighthouse shows it, 0 to 100."""
        value = self.scores[category]
        return -1 if value is None else round(value * 100)

    def explain(self, category: str) -> str:
        lines = [f"{self.url}: {category} {self.score(category)}"]
        lines += [f"  {f.id}: {f.title}{f' ({f.value})' if f.value else ''}" for f in self.failing[category]]
        lines += [f"  warning: {w}" for w in self.warnings]
        return "\n".join(lines)


def require_lighthouse() -> Path:
    if not LIGHTHOUSE.is_file():
        raise LighthouseMissing(MISSING)
    return LIGHTHOUSE


def run_lighthouse(url: str, categories: tuple[str, ...]) -> Report:
    """One Lighthouse run with its default mobile settings; the whole JSON report is read back."""
    command = [
        str(require_lighthouse()),
        url,
        "--quiet",
        "--output=json",
        "--output-path=stdout",
        f"--only-categories={','.join(categories)}",
        f"--chrome-flags={CHROME_FLAGS}",
    ]
    result = subprocess.run(
        command, capture_output=True, text=True, timeout=TIMEOUT_S, env={**os.environ, "CHROME_PATH": str(CHROMIUM)}
    )
    if result.returncode != 0:
        raise RuntimeError(f"lighthouse exited with {result.returncode} on {url}:\n{result.stderr[-4000:]}")
    return parse_report(json.loads(result.stdout))


def parse_report(raw: dict) -> Report:
    if raw.get("runtimeError"):
        raise RuntimeError(f"lighthouse could not audit {raw.get('requestedUrl')}: {raw['runtimeError']}")
    scores, failing = {}, {}
    for name, category in raw["categories"].items():
        scores[name] = category["score"]
        failing[name] = [
            Failure(audit["id"], audit["title"], audit.get("displayValue", ""))
            for ref in category["auditRefs"]
            if ref["weight"] > 0
            for audit in [raw["audits"][ref["id"]]]
            if audit["score"] is not None and audit["score"] < 1
        ]
    metrics = {
        name: raw["audits"][name]["numericValue"]
        for name in METRICS
        if raw["audits"].get(name, {}).get("numericValue") is not None
    }
    environment = raw.get("environment", {})
    return Report(
        raw["finalDisplayedUrl"],
        scores,
        failing,
        list(raw.get("runWarnings", [])),
        metrics,
        raw.get("lighthouseVersion", "?"),
        environment.get("hostUserAgent", "?"),
        environment.get("benchmarkIndex", float("nan")),
    )
