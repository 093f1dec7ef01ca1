"""Debian's Chromium and the flags every headless run gives it: for Playwright, Lighthouse and the benchmarks alike.

Never a browser a tool downloads: the tests and benchmarks run offline.
"""

from __future__ import annotations

from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
]
# The same flags as one string, for tools that take Chrome's command line (Lighthouse's --chrome-flags).
CHROME_FLAGS = " ".join(["--headless=new", *CHROMIUM_ARGS])
