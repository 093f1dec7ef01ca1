"""Shared fixtures: the catalogue, the seed and whole-site builds in temporary folders."""

from __future__ import annotations

from pathlib import Path

import pytest

from chapter.catalogue import Catalogue, load_catalogue
from tests.seed import Seed, read_seed
from tests.site import ROOT, BuiltSite, build_copy


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
## Как устроено прореживание { #how-it-works }

Текст статьи из тестового примера: веса с наименьшей величиной обнуляются.
"""


@pytest.fixture(scope="session")
def site_with_article(tmp_path_factory: pytest.TempPathFactory) -> BuiltSite:
    """The real site plus a Russian article for one topic, written as an author would."""
    return build_copy(tmp_path_factory.mktemp("article"), files={"docs/articles/pruning.ru.md": ARTICLE_RU})
