"""A label declares how its badge looks (`variant`), so no label is left unstyled: the loader takes only the variants
the stylesheet styles, and the badge's class follows the variant, never the label's id."""

from __future__ import annotations

import re

import pytest
from bs4 import BeautifulSoup

from chapter.catalogue import VARIANTS
from chapter.loader import CatalogueError, parse_catalogue
from chapter.render import PageRenderer
from tools.site import MINI, ROOT, replace_once

TEXT = (MINI / "topics.yaml").read_text(encoding="utf-8")
STYLESHEET = (ROOT / "docs" / "stylesheets" / "chapter.css").read_text(encoding="utf-8")
TEMPLATES = ROOT / "overrides" / "chapter"
NEW_VARIANT = "    variant: new\n"


def _errors(text: str) -> list[str]:
    with pytest.raises(CatalogueError) as caught:
        parse_catalogue(text)
    return str(caught.value).splitlines()


def _line(text: str, line: str) -> int:
    return text.splitlines().index(line.rstrip("\n")) + 1


def test_an_unknown_variant_is_refused_at_its_line_with_the_nearest_one():
    text = replace_once(TEXT, NEW_VARIANT, "    variant: nwe\n")
    assert _errors(text)[0] == (  # the first in the file; the topics that carry the label follow
        f"topics.yaml:{_line(text, '    variant: nwe')}:14: error CI011 labels.new.variant: unknown variant 'nwe';"
        " expected one of: new, current, neutral — did you mean 'new'?"
    )


def test_a_label_without_a_variant_is_refused_where_it_starts():
    text = replace_once(TEXT, NEW_VARIANT, "")
    name = _line(text, "  new:") + 1  # the label's mapping starts at its first key
    assert _errors(text)[0] == f"topics.yaml:{name}:5: error CI010 labels.new.variant: missing required key"


def test_every_variant_is_styled_and_the_stylesheet_keys_badges_on_variants_alone():
    styled = set(re.findall(r"\.ci-badge--([\w-]+)", STYLESHEET))
    assert styled == set(VARIANTS)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_badge_takes_its_class_from_the_variant_not_from_the_label_id(lang):
    catalogue = parse_catalogue(replace_once(TEXT, NEW_VARIANT, "    variant: neutral\n"))
    renderer = PageRenderer(catalogue, TEMPLATES)
    page = BeautifulSoup(renderer.index(lang, "").markdown, "html.parser")
    new = [topic.slug for topic in catalogue.topics if topic.label.id == "new"]
    assert new
    for card in page.select(".ci-card"):
        link = card.select_one(".ci-card__link")["href"]
        classes = card.select_one(".ci-badge")["class"]
        neutral = any(f"/{slug}/" in link for slug in new)
        assert classes == ["ci-badge", "ci-badge--neutral" if neutral else "ci-badge--current"], link
    legend = page.select_one("#label-new .ci-badge")
    assert legend["class"] == ["ci-badge", "ci-badge--neutral"]
