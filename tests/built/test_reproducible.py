"""Two clean builds of the same commit are byte for byte the same.

Dates come from SOURCE_DATE_EPOCH (the Makefile sets it to the commit's time),
not from the clock; nothing depends on the folder, the time zone or hash order.
"""

from __future__ import annotations

import filecmp
import time
from pathlib import Path

from tools.site import MINI, build, copy_project

COMMIT_TIME = 1_764_000_000  # 2025-11-24 16:00 UTC


def _build(project: Path, site: Path, **env: str | None) -> None:
    """Build as published (so with a sitemap), dated by the commit's time; a variable given as None is unset."""
    build(project, site, env={"SOURCE_DATE_EPOCH": str(COMMIT_TIME), **env})


def _differences(left: Path, right: Path) -> list[str]:
    comparison = filecmp.dircmp(left, right)
    found = [f"only on one side: {name}" for name in comparison.left_only + comparison.right_only]
    found += [
        str(left / name)
        for name in comparison.common_files
        if not filecmp.cmp(left / name, right / name, shallow=False)
    ]
    for name in comparison.common_dirs:
        found += _differences(left / name, right / name)
    return found


def test_two_clean_builds_are_identical(tmp_path):
    first, second = copy_project(tmp_path / "one" / "project"), copy_project(tmp_path / "two" / "elsewhere")
    _build(first, tmp_path / "one" / "site", TZ="UTC", PYTHONHASHSEED="1")
    time.sleep(1.1)  # a build stamped with the clock would now differ
    _build(second, tmp_path / "two" / "site", TZ="Asia/Vladivostok", PYTHONHASHSEED="2")
    assert _differences(tmp_path / "one" / "site", tmp_path / "two" / "site") == []
    sitemap = (tmp_path / "one" / "site" / "sitemap.xml").read_text(encoding="utf-8")
    assert "<lastmod>2025-11-24</lastmod>" in sitemap


def test_the_comparison_catches_a_build_stamped_with_the_clock(tmp_path):
    """Without SOURCE_DATE_EPOCH the sitemap carries today's date, and the comparison says so; the small chapter
    shows it as well as the real one, in a fraction of the time."""
    project = copy_project(tmp_path / "project", data=MINI)
    _build(project, tmp_path / "pinned")
    _build(project, tmp_path / "clock", SOURCE_DATE_EPOCH=None)
    assert "sitemap.xml" in " ".join(_differences(tmp_path / "pinned", tmp_path / "clock"))
