"""Where chapter pages live, as paths relative to the root of one language.

Both languages share these paths (the English site sits under `en/`), so
links between chapter pages are the same in every language.
"""

from __future__ import annotations

import ipaddress
import re
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from .catalogue import DEFAULT_LANGUAGE
from .problems import Problem, at

INDEX = ""
GLOSSARY_PATH = "glossary/"
FACTS_PATH = "facts/"
ARTICLES_FOLDER = "articles"
# Beside the articles: which version of each language the other follows (translations.py).
TRANSLATIONS_RECORD = "translations.yaml"


def topic_path(slug: str) -> str:
    return f"topics/{slug}/"


def topic_source(slug: str, lang: str) -> str:
    """The Markdown file, relative to the docs folder, that becomes the topic page."""
    return f"topics/{slug}.{lang}.md"


def article_source(slug: str, lang: str) -> str:
    """Where an author writes the article of a topic, relative to the docs folder."""
    return f"{ARTICLES_FOLDER}/{slug}.{lang}.md"


def relative_url(source: str, target: str) -> str:
    """A link from the page at `source` to `target` (a path, optionally with a #fragment)."""
    url = "../" * source.count("/") + target
    return url or "./"


def language_url(source: str, lang: str, other: str, target: str) -> str:
    """A link from the page at `source` in `lang` to `target` in the language `other`.

    The default language is at the root, the others under /<lang>/.
    """
    up = "../" * (source.count("/") + (lang != DEFAULT_LANGUAGE))
    return up + ("" if other == DEFAULT_LANGUAGE else f"{other}/") + target


def absolute_alternates(site_url: str | None, alternates: list[dict]) -> list[tuple[str, str]]:
    """(language, absolute address) of a page's language versions, from the theme's switcher entries.

    None without a site address: a relative hreflang address is invalid, and a guessed host would be wrong.
    """
    if not site_url:
        return []
    return [(alternate["lang"], urljoin(site_url, alternate["link"])) for alternate in alternates]


def is_loopback(url: str) -> bool:
    """Whether the address names the machine it is read on, where no reader finds the site.

    Such are localhost, 127.0.0.0/8, ::1 and 0.0.0.0.
    """
    host = (urlsplit(url).hostname or "").rstrip(".").lower()
    if host == "localhost" or host.endswith(".localhost"):  # RFC 6761: every name under localhost is loopback
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return address.is_loopback or address.is_unspecified


def loopback_problem(site_url: str | None, config_file: Path) -> Problem | None:
    """CI609 when a site to publish would name a loopback address as its own.

    It would stand in every canonical and hreflang link and in the sitemap.

    `mkdocs serve` sets a loopback address itself and is not published, so the caller asks only for a build.
    """
    if not site_url or not is_loopback(site_url):
        return None
    message = (
        f"site_url is {site_url}, an address on the machine that reads it: "
        "every page would name it as its canonical and hreflang address, "
        "and the sitemap would list it. Set SITE_URL to the address the site is published at, "
        "or leave SITE_URL unset for a preview "
        "(its pages then name no absolute address and it has no sitemap); `mkdocs serve` sets its own address"
    )
    return at(config_file.name, _line_of_key(config_file, "site_url"), "CI609", message)


def _line_of_key(path: Path, key: str) -> int:
    """The line of a top-level key of a YAML file, so a message points at it; 0 when the file or key is not there."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return 0
    pattern = re.compile(rf"{re.escape(key)}\s*:")
    return next((number for number, line in enumerate(lines, 1) if pattern.match(line)), 0)
