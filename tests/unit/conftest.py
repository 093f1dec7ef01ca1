"""Unit tests read the small chapter, never the real one: an edit to the chapter's content breaks no unit test."""

from __future__ import annotations

import pytest

from chapter.catalogue import Catalogue
from chapter.loader import load_catalogue
from tools.site import MINI


@pytest.fixture(scope="session")
def catalogue() -> Catalogue:
    return load_catalogue(MINI / "topics.yaml")
