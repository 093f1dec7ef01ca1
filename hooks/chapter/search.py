"""The search index, one per language.

The theme writes a single index for the whole site with non-ASCII text as
\\uXXXX escapes (Russian costs three times its UTF-8 size) and every reader
downloads both languages. Splitting it gives each language root its own
index, written as UTF-8; pages then point the theme's search at their own.
"""

from __future__ import annotations

import json
import posixpath
import re
from pathlib import Path

INDEX = "search/search_index.json"
CONFIG_SCRIPT = re.compile(r'(<script id="__config" type="application/json">)(.*?)(</script>)', re.S)
BASE = re.compile(r'"base":\s*("(?:[^"\\]|\\.)*")')


def language_root(lang: str, default: str) -> str:
    """Where a language lives, relative to the site root: '' for the default one."""
    return "" if lang == default else f"{lang}/"


def split_search_index(site_dir: Path, languages: tuple[str, ...], default: str) -> None:
    """Rewrite the site-wide index as one UTF-8 index under each language root."""
    index = json.loads((site_dir / INDEX).read_text(encoding="utf-8"))
    roots = {lang: language_root(lang, default) for lang in languages}
    docs: dict[str, list[dict]] = {lang: [] for lang in languages}
    for doc in index["docs"]:
        lang = next((lang for lang, root in roots.items() if root and doc["location"].startswith(root)), default)
        docs[lang].append({**doc, "location": doc["location"].removeprefix(roots[lang])})
    for lang, root in roots.items():
        path = site_dir / root / INDEX
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({**index, "docs": docs[lang]}, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


def point_search_at_language(html: str, lang: str, default: str) -> str:
    """Make a page's search load its language's index: the theme looks for it under its `base`."""
    root = language_root(lang, default)
    script = CONFIG_SCRIPT.search(html) if root else None
    base = BASE.search(html, script.start(2), script.end(2)) if script else None
    if base is None:
        return html
    # Only the one value changes, so the rest of the theme's configuration is left byte for byte.
    value = posixpath.join(json.loads(base.group(1)), root)  # the trailing slash keeps the root a folder in URL resolution
    return html[: base.start(1)] + json.dumps(value, ensure_ascii=False).replace("</", "<\\/") + html[base.end(1) :]
