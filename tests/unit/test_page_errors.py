"""A page whose front matter asks for a chapter page the project cannot make is named for what it lacks."""

from __future__ import annotations

import pytest

from chapter.loader import load_catalogue
from chapter.render import PageError, PageRenderer
from tools.site import MINI, ROOT


def test_a_glossary_page_without_a_glossary_says_so():
    renderer = PageRenderer(load_catalogue(MINI / "topics.yaml"), ROOT / "overrides" / "chapter", glossary=None)
    with pytest.raises(PageError, match=r"`chapter: glossary` needs glossary\.yaml"):
        renderer.render({"chapter": "glossary"}, "", "en")
