"""Where chapter pages live, as paths relative to the root of one language.

Both languages share these paths (the English site sits under `en/`), so
links between chapter pages are the same in every language.
"""

from __future__ import annotations

from urllib.parse import urljoin

from .catalogue import DEFAULT_LANGUAGE

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
    """A link from the page at `source` in `lang` to `target` in the language `other` (the default language at the root, the others under /<lang>/)."""
    up = "../" * (source.count("/") + (lang != DEFAULT_LANGUAGE))
    return up + ("" if other == DEFAULT_LANGUAGE else f"{other}/") + target


def absolute_alternates(site_url: str, alternates: list[dict]) -> list[tuple[str, str]]:
    """(language, absolute address) of a page's language versions, from the theme's switcher entries."""
    return [(alternate["lang"], urljoin(site_url, alternate["link"])) for alternate in alternates]
