"""A borrowed topic with an address in its own chapter opens there, as the chapter page promises, and says so."""

from __future__ import annotations

import pytest

from tools.site import MINI, BuiltSite, build_copy

HOME = "https://kb.example.org/mlops/topics/kubernetes/"


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> BuiltSite:
    text = (MINI / "topics.yaml").read_text(encoding="utf-8")
    assert "    origin: mlops\n" in text
    text = text.replace("    origin: mlops\n", f"    origin: mlops\n    home: {HOME}\n", 1)
    return build_copy(tmp_path_factory.mktemp("home"), files={"topics.yaml": text}, data=MINI)


@pytest.mark.parametrize(("url", "leaves"), [("/", "(ведёт в главу «MLOps»)"), ("/en/", "(opens in “MLOps”)")])
def test_the_card_opens_the_topic_in_its_own_chapter_and_says_so(site, url, leaves):
    index = site.html(url)
    link = next(link for link in index.select(".ci-card__link") if link.get_text().startswith("Kubernetes"))
    assert link["href"] == HOME
    described = index.find(id=link["aria-describedby"])
    assert described is not None and described.get_text() == leaves
    assert link.select_one(".ci-card__leaves-mark")["aria-hidden"] == "true"
    # The chapter's own topics still open here.
    others = [other["href"] for other in index.select(".ci-card__link") if other is not link]
    assert others == ["topics/pruning/", "topics/gpu-architecture/"]


@pytest.mark.parametrize(
    ("url", "text"),
    [
        ("/topics/kubernetes/", "Открыть тему в её главе"),
        ("/en/topics/kubernetes/", "Open the topic in its own chapter"),
    ],
)
def test_the_local_page_links_to_the_topics_home(site, url, text):
    link = site.html(url).select_one(".ci-heading__home")
    assert (link["href"], link.get_text()) == (HOME, text)


@pytest.mark.parametrize(
    ("url", "added", "reviewed"),
    [
        ("/topics/kubernetes/", "Добавлено 30 ноября 2026\u202fг.", "Проверено 30 ноября 2026\u202fг."),
        ("/en/topics/kubernetes/", "Added 30 November 2026", "Reviewed 30 November 2026"),
    ],
)
def test_the_topic_page_shows_its_dates_in_the_page_language(site, url, added, reviewed):
    page = site.html(url)
    assert page.select_one(".ci-heading__added").get_text() == added
    assert page.select_one(".ci-heading__added time")["datetime"] == "2026-11-30"
    assert page.select_one(".ci-heading__reviewed").get_text() == reviewed
