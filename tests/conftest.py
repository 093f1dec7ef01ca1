"""Shared fixtures: the catalogue, the seed and whole-site builds in temporary folders."""

from __future__ import annotations

import pytest

from chapter.catalogue import Catalogue
from chapter.loader import load_catalogue
from tests.seed import Seed, read_seed
from tools.site import MINI, ROOT, BuiltSite, build_copy


@pytest.fixture(scope="session")
def catalogue() -> Catalogue:
    return load_catalogue(ROOT / "topics.yaml")


@pytest.fixture(scope="session")
def seed() -> Seed:
    return read_seed()


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> BuiltSite:
    """The real site, built with --strict from a copy of the repository."""
    return build_copy(tmp_path_factory.mktemp("real"))


ARTICLE_RU = """\
## Как устроен прунинг { #how-it-works }

Текст статьи из тестового примера: прунинг обнуляет веса с наименьшей величиной.
"""


@pytest.fixture(scope="session")
def site_with_article(tmp_path_factory: pytest.TempPathFactory) -> BuiltSite:
    """The small chapter with one topic's Russian article rewritten as an
    author would, and its English one not yet written."""
    # The rewritten article quotes no facts and shows no figure, so the chapter keeps neither (a fact nobody quotes,
    # or a figure nobody shows, fails the strict build).
    files = {
        "docs/articles/pruning.ru.md": ARTICLE_RU,
        "docs/articles/pruning.en.md": None,
        "facts.yaml": None,
        "docs/figures/pruning-zeros.svg": None,
    }
    return build_copy(tmp_path_factory.mktemp("article"), files=files, data=MINI)


HOSTILE = "<img src=x onerror=alert(1)>"


@pytest.fixture(scope="session")
def hostile_site(tmp_path_factory: pytest.TempPathFactory) -> BuiltSite:
    """The small chapter with markup smuggled into the chapter title, a lending
    chapter's title and a topic's title and summary."""
    text = (MINI / "topics.yaml").read_text(encoding="utf-8")
    for old in ("ru: Малая глава", "en: MLOps", "en: Kubernetes", "ru: Kubernetes"):
        text = text.replace(old, f"{old.split(':')[0]}: '{HOSTILE}'", 1)
    text = text.replace("en: What a GPU is made of.", "en: '\"><script>alert(2)</script>'", 1)
    return build_copy(tmp_path_factory.mktemp("hostile"), files={"topics.yaml": text}, data=MINI)
