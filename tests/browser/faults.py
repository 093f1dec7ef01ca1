"""A copy of the built site with deliberate accessibility faults on one page.

A gate that has never failed proves nothing: the accessibility and Lighthouse
tests run their checks on this copy too and require that they object.
"""

from __future__ import annotations

import shutil
from pathlib import Path

BROKEN_PAGE = "/"
# A picture with no text alternative, and the "new" badges turned pale grey on white. The colours come
# from a stylesheet file of the site: the page's Content-Security-Policy refuses an inline style added after the build.
FAULTS = """
<img class="ci-fault-image" width="40" height="40"
  src="data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==">
<link rel="stylesheet" href="/ci-faults.css">
"""
FAULT_STYLES = ".md-typeset .ci-badge--new { color: #b8b8b8 !important; background: #ffffff !important; }\n"


def broken_copy(site_root: Path, dest: Path) -> Path:
    """The site copied to `dest` with FAULTS added to the content of BROKEN_PAGE; returns the copy's root."""
    root = dest / "site"
    if not root.exists():
        shutil.copytree(site_root, root)
        page = root / BROKEN_PAGE.lstrip("/") / "index.html"
        html = page.read_text(encoding="utf-8")
        assert html.count("</article>") == 1, "the page's content area moved; put the faults elsewhere"
        page.write_text(html.replace("</article>", FAULTS + "</article>"), encoding="utf-8")
        (root / "ci-faults.css").write_text(FAULT_STYLES, encoding="utf-8")
    return root
