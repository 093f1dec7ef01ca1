"""The site's search index, written by Pagefind from the built pages.

Pagefind reads the finished HTML, keeps one index per page language (from
`<html lang>`), stems Russian and English words with Snowball, and splits the
index into chunks a browser fetches only for the words it looks up, so a query
costs about the same on twenty topics as on two thousand. It runs once all
languages are built, over the whole site.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from .errors import ChapterError

BUNDLE = "pagefind"
ENTRY = f"{BUNDLE}/pagefind-entry.json"
NOT_INDEXED = ".headerlink, .highlight"  # the ¶ of every heading's permalink, and code blocks: a result shows prose
# Pagefind's ready-made interfaces; the chapter's search talks to its API directly.
UNUSED = ("pagefind-ui.js", "pagefind-ui.css", "pagefind-modular-ui.js", "pagefind-modular-ui.css", "pagefind-component-ui.js", "pagefind-component-ui.css", "pagefind-highlight.js")


class SearchError(ChapterError):
    """Pagefind could not index the site."""


def index_site(site_dir: Path) -> None:
    """Index every page of the built site that marks its content with `data-pagefind-body`."""
    command = [sys.executable, "-m", "pagefind", "--site", str(site_dir), "--output-subdir", BUNDLE, "--exclude-selectors", NOT_INDEXED, "--silent"]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        raise SearchError(f"Pagefind could not index {site_dir}:\n{(result.stderr or result.stdout).strip()}")
    sort_entry(site_dir / ENTRY)
    for name in UNUSED:
        (site_dir / BUNDLE / name).unlink(missing_ok=True)


def sort_entry(path: Path) -> None:
    """Pagefind writes its entry file's languages in a different order on every run; sorted, two builds are identical."""
    entry = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps(entry, sort_keys=True, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
