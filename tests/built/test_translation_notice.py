"""An edit to one language's article reaches the other language's readers in the next build, and only them."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from chapter.__main__ import main
from tools.site import MINI, BuiltSite, build, copy_project

SECTION_RU = "Прунинг обнуляет веса с наименьшей величиной"
EDITED_RU = "Прунинг обнуляет веса с самой малой величиной"
ARTICLE_RU = (MINI / "docs/articles/pruning.ru.md").read_text(encoding="utf-8")
ARTICLE_EN = (MINI / "docs/articles/pruning.en.md").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def edited(tmp_path_factory) -> BuiltSite:
    """The small chapter after an author changed one sentence of the
    Russian article's first section, and nothing else."""
    folder = tmp_path_factory.mktemp("edited")
    assert SECTION_RU in ARTICLE_RU
    project = copy_project(
        folder / "project", {"docs/articles/pruning.ru.md": ARTICLE_RU.replace(SECTION_RU, EDITED_RU)}, data=MINI
    )
    return build(project, folder / "site")


def _section_title(article: str, anchor: str) -> str:
    line = next(line for line in article.splitlines() if line.endswith(f"{{ #{anchor} }}"))
    return line.removeprefix("## ").removesuffix(f" {{ #{anchor} }}")


def test_the_english_page_names_the_changed_section_and_links_to_it_in_russian(edited):
    page = edited.html("/en/topics/pruning/")
    notice = page.select_one(".md-content article .ci-behind")
    assert notice is not None, "no notice on the English page"
    assert notice.get("role") == "note"
    assert "Translation behind" in notice.get_text()
    links = notice.select("a")
    assert [link.get_text() for link in links] == [_section_title(ARTICLE_EN, "how-it-works")]
    assert [edited.resolve("/en/topics/pruning/", link["href"]) for link in links] == ["/topics/pruning/#how-it-works"]
    assert links[0]["hreflang"] == "ru"
    # The Russian page has the section the link promises.
    assert edited.html("/topics/pruning/").find(id="how-it-works") is not None


def test_the_notice_comes_before_the_article_and_the_mark_under_the_changed_heading(edited):
    page = edited.html("/en/topics/pruning/")
    article = page.select_one(".md-content article")
    notice, heading = article.select_one(".ci-behind"), article.find(id="how-it-works")
    assert notice.find_next("h2") is heading
    mark = heading.find_next_sibling()
    assert "ci-behind-mark" in mark.get("class", [])
    assert edited.resolve("/en/topics/pruning/", mark.a["href"]) == "/topics/pruning/#how-it-works"
    # Only the changed section is marked.
    assert len(article.select(".ci-behind-mark")) == 1


def test_the_language_that_moved_ahead_shows_no_notice(edited):
    page = edited.html("/topics/pruning/")
    assert page.select(".ci-behind, .ci-behind-mark") == []


def test_the_english_index_marks_the_card_and_offers_the_topics_behind(edited):
    index = edited.html("/en/")
    card = next(
        card for card in index.select(".ci-card") if card.select_one(".ci-card__link")["href"] == "topics/pruning/"
    )
    assert card.select_one(".ci-card__behind").get_text() == "translation behind"
    assert "translation-behind" in card["data-views"].split()
    others = [other for other in index.select(".ci-card") if other is not card]
    assert all(other.select_one(".ci-card__behind") is None for other in others)
    assert index.find(id="filter-translation-behind") is not None
    option = index.select_one('[data-view="all-all"] a[href="#filter-translation-behind"]')
    assert option is not None and option.get_text() == "behind (1)"
    # Nothing lags in Russian: no mark, no filter.
    russian = edited.html("/")
    assert russian.select(".ci-card__behind") == [] and russian.find(id="filter-translation-behind") is None


def test_the_check_reports_the_lag_and_sync_clears_it(edited, tmp_path, capsys):
    project = tmp_path / "project"
    shutil.copytree(edited.project, project)
    assert main(["check", str(project)]) == 1
    lags = [line for line in capsys.readouterr().err.splitlines() if " CI202 " in line]
    assert lags == [
        "docs/articles/pruning.en.md:1: notice CI202 section 'how-it-works' is behind pruning.ru.md:1, which "
        "changed after the pair was last in step:"
        " bring this section up to date, then run `chapter sync pruning --section how-it-works`;"
        " a change there that needs no translation (a typo, a link) needs only that command"
    ]
    assert main(["sync", "pruning", "--root", str(project)]) == 0
    main(["check", str(project)])
    assert " CI20" not in capsys.readouterr().err
    site = build(project, tmp_path / "site")
    assert site.html("/en/topics/pruning/").select(".ci-behind, .ci-behind-mark") == []
    assert site.html("/en/").select(".ci-card__behind") == []


def test_rewrapping_and_respacing_a_section_shows_no_notice(tmp_path):
    paragraph = next(line for line in ARTICLE_RU.splitlines() if line.startswith(SECTION_RU))
    rewrapped = paragraph.replace(" веса ", "\nвеса  ", 1).replace("; ", ";   ", 1)
    assert rewrapped != paragraph
    project = copy_project(
        tmp_path / "project", {"docs/articles/pruning.ru.md": ARTICLE_RU.replace(paragraph, rewrapped)}, data=MINI
    )
    site = build(project, tmp_path / "site")
    assert site.html("/en/topics/pruning/").select(".ci-behind, .ci-behind-mark") == []


def test_a_shallow_clone_builds_the_same_notice(edited, tmp_path):
    """Freshness comes from the committed record, not from history: a clone with one commit shows the same page."""
    repository = tmp_path / "repository"
    shutil.copytree(edited.project, repository, ignore=shutil.ignore_patterns("site"))
    git = ["git", "-c", "user.name=Author", "-c", "user.email=author@example.org", "-c", "init.defaultBranch=main"]
    for command in (
        ["init", "-q"],
        ["add", "-A"],
        ["commit", "-q", "-m", "one"],
        ["commit", "-q", "--allow-empty", "-m", "two"],
    ):
        subprocess.run([*git, *command], cwd=repository, check=True, capture_output=True)
    clone = tmp_path / "clone"
    subprocess.run(
        ["git", "clone", "-q", "--depth", "1", repository.as_uri(), str(clone)], check=True, capture_output=True
    )
    depth = subprocess.run(
        ["git", "rev-list", "--count", "HEAD"], cwd=clone, check=True, capture_output=True, text=True
    ).stdout.strip()
    assert depth == "1"
    site = build(clone, tmp_path / "site")
    assert site.file("/en/topics/pruning/").read_bytes() == edited.file("/en/topics/pruning/").read_bytes()
