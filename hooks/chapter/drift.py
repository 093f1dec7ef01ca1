"""Which libraries the examples pin have a newer release.

A maintainer answers that question before a reader finds a stale example.

`chapter outdated` asks the package index pip is configured for (`pip index
versions`, so no address is written here) about every library
`requirements-examples.in` pins, and reports each newer release where it is
pinned; a scheduled workflow runs it and opens an issue.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable, Mapping

from packaging.version import InvalidVersion, Version

from .libraries import EXAMPLES_IN
from .problems import Problem

LATEST = re.compile(
    r"^(?P<name>\S+) \((?P<version>[^)\s]+)\)", re.MULTILINE
)  # the first line `pip index versions` prints


def newer_releases(pinned: Mapping[str, tuple[str, int]], latest: Callable[[str], str | None]) -> list[Problem]:
    """A notice (CI511) at the pin of each library whose newest release on the index is newer than the pinned one."""
    problems = []
    for name, (version, line) in pinned.items():
        newest = latest(name)
        if newest is not None and _version(newest) > _version(version):
            problems.append(
                Problem(
                    EXAMPLES_IN,
                    line,
                    0,
                    "CI511",
                    f"{name} {version} is pinned and {newest} is released: "
                    "run the examples against it (pin it, `make lock`, `make test`),"
                    " then update what changed in the articles and their `reviewed` dates",
                )
            )
    return problems


def index_latest(name: str, index_url: str | None = None) -> str | None:
    """The newest release of `name` on the package index, as pip finds it; None where the index does not know it."""
    command = [sys.executable, "-m", "pip", "index", "versions", name, "--disable-pip-version-check"]
    command += ["--index-url", index_url] if index_url else []
    result = subprocess.run(command, capture_output=True, text=True, timeout=300)
    found = LATEST.search(result.stdout) if result.returncode == 0 else None
    return found["version"] if found else None


def _version(text: str) -> Version:
    try:
        return Version(text)
    except InvalidVersion:
        return Version("0")
