"""The Content-Security-Policy every page carries, as a `<meta>` element: static hosts cannot set headers.

What the pages need, and nothing more:

- scripts from the site itself (the page script, the search and Pagefind's bundle,
  which search.js imports as modules), and the theme's few inline scripts, each
  allowed by the SHA-256 of its text as the page was built, so a script added to
  a page afterwards does not run. Inline scripts of the page's own content (an
  article's raw HTML) are left out: an article never runs a script, and the gate
  (gate.py) reports one that is there;
- `'wasm-unsafe-eval'`: Pagefind looks words up in WebAssembly
  (`WebAssembly.instantiateStreaming`); it runs without a worker here
  (`noWorker` in search.js), and fetches its index from the site, which
  `default-src 'self'` allows (`connect-src`, `worker-src` fall back to it);
- styles from the site, and the index's inline `<style>` of its filters (filters.py)
  by its hash; no page carries a `style` attribute;
- images from the site and `data:`, which the theme's stylesheet uses for its icons
  (forty-odd `url("data:image/svg+xml…")` masks);
- no plugins (`object-src 'none'`), no `<base>` (`base-uri 'none'`), no form that
  submits anywhere (`form-action 'none'`: the search form closes its dialog with
  `method="dialog"`, which submits nowhere).

`frame-ancestors`, `report-uri` and `sandbox` are ignored in a `<meta>`, so they are
not written. The meta goes right after `<meta charset>` (which must stay in the first
bytes of the page), before any script or stylesheet, so the policy covers all of them.
The policy depends only on the page's text, so two builds of one commit stay identical.
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Iterable

from selectolax.lexbor import LexborHTMLParser

LIVE = "'unsafe-inline'"
META_START = '<meta http-equiv="Content-Security-Policy" content="'
_HEAD = re.compile(r"<head\b[^>]*>(\s*<meta\s+charset\s*=[^>]*>)?", re.IGNORECASE)


def inline_texts(html: str) -> dict[str, list[str]]:
    """The text of each inline `<script>` and `<style>` element, by tag, as a browser's parser reads it.

    That text is what the browser hashes. One parse of the page serves both tags.
    """
    document = LexborHTMLParser(html)
    return {
        tag: [node.text(deep=True) for node in document.css(tag) if tag != "script" or "src" not in node.attributes]
        for tag in ("script", "style")
    }


def source_hash(text: str) -> str:
    """A CSP hash source: `'sha256-…'` of the element's text in UTF-8."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def _hashes(texts: Iterable[str], left_out: set[str]) -> list[str]:
    """Each distinct text's hash once, in the order of the page, without those of `left_out`."""
    return list(dict.fromkeys(source_hash(text) for text in texts if text not in left_out))


def page_policy(html: str, content: str = "", *, live: bool = False) -> str:
    """The policy for the page `html`; `content` is the part an author wrote, whose inline scripts are not allowed.

    `live` is for `mkdocs serve`, which adds an inline script of its own to every page it serves (the
    live reload, different on every request, so no hash can name it): inline scripts run there, as a
    browser ignores `'unsafe-inline'` beside a hash. A published site never carries this policy.
    """
    left_out = set(inline_texts(content)["script"]) if content else set()
    texts = inline_texts(html)
    inline = [LIVE] if live else _hashes(texts["script"], left_out)
    scripts = " ".join(["'self'", "'wasm-unsafe-eval'", *inline])
    styles = " ".join(["'self'", *_hashes(texts["style"], set())])
    return (
        f"default-src 'self'; script-src {scripts}; style-src {styles}; "
        "img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'none'"
    )


def with_policy(html: str, content: str = "", *, live: bool = False) -> str:
    """The page with its policy as the first element of its head after `<meta charset>`.

    A page without a head is returned as it was.
    """
    head = _HEAD.search(html)
    if head is None:
        return html
    # The policy is fixed words and base64 hashes: nothing in it needs escaping in an attribute.
    meta = f'{META_START}{page_policy(html, content, live=live)}">'
    return html[: head.end()] + meta + html[head.end() :]
