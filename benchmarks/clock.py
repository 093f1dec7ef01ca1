"""`mkdocs build` with a clock around every event method of the chapter plugin.

Run as `python -m benchmarks.clock [mkdocs build options]` from a project folder, with the repository on
PYTHONPATH; it writes the seconds spent per event to the file $HOOK_TIMES names when the build ends, and those
spent in the parts of them named in PARTS beside it (`parts_file`). The ratio
to the control site holds everything the plugin costs, but on a busy machine it is noisy; the plugin's own
time from inside one build is not.
"""

from __future__ import annotations

import functools
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mkdocs.__main__ import cli

import chapter_plugin
from chapter.gate import Provenance
from chapter_plugin import ChapterPlugin

PARTS = {"review_project": "check", "index_site": "search index", "publish": "publication"}


def clocked(spent: dict[str, float], event: str, inner: Callable[..., Any]) -> Callable[..., Any]:
    """`inner`, adding the seconds each call takes to `spent[event]`."""

    @functools.wraps(inner)
    def method(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return inner(*args, **kwargs)
        finally:
            spent[event] = spent.get(event, 0.0) + time.perf_counter() - start

    return method


def main(arguments: list[str], times: Path) -> None:
    events: dict[str, float] = {}
    for name in [name for name in vars(ChapterPlugin) if name.startswith("on_")]:
        setattr(ChapterPlugin, name, clocked(events, name.removeprefix("on_"), getattr(ChapterPlugin, name)))
    # Parts of the events, by what they do: the project's check (in `config`), and the search index, the gate
    # and the publication (in `post_build`).
    parts: dict[str, float] = {}
    for name, label in PARTS.items():
        setattr(chapter_plugin, name, clocked(parts, label, getattr(chapter_plugin, name)))
    Provenance.problems = clocked(parts, "gate", Provenance.problems)  # type: ignore[method-assign]
    try:
        cli(["build", *arguments], prog_name="mkdocs", standalone_mode=False)
    finally:
        times.write_text(json.dumps(events), encoding="utf-8")
        parts_file(times).write_text(json.dumps(parts), encoding="utf-8")


def parts_file(times: Path) -> Path:
    """Where the seconds of the parts go, beside those of the events."""
    return times.with_name(f"{times.stem}.parts.json")


if __name__ == "__main__":
    main(sys.argv[1:], Path(os.environ["HOOK_TIMES"]))
