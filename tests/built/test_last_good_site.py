"""The last good site survives every failure: a build that stops for any
reason leaves the site folder byte for byte as it was.

Each failing build runs over a site folder holding a known-good build and a sentinel
file, as a reader's copy would; afterwards every file must be there with the same
bytes, and nothing else. The build writes into a staging folder beside the site
folder and swaps it in only at its very end (hooks/chapter/staging.py).
"""

from __future__ import annotations

import shutil
import signal
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from mkdocs.commands import build as in_process
from mkdocs.config import load_config

from chapter.staging import Staging
from tests.built import test_serve
from tools.site import (
    MINI,
    ROOT,
    build,
    build_copy,
    copy_project,
    files_of,
    mkdocs,
    mkdocs_command,
    mkdocs_environment,
)

served = test_serve.served  # `mkdocs serve` on a copy of the small chapter, as the serve tests run it
EPOCH = "1764547200"  # the day the builds are dated, so that two good builds are byte for byte the same
SENTINEL = "SENTINEL.txt"
ARTICLES = {
    lang: (MINI / "docs" / "articles" / f"pruning.{lang}.md").read_text(encoding="utf-8") for lang in ("ru", "en")
}
FIGURE = "../figures/pruning-zeros.svg"
NO_FIGURE = "../figures/nope.svg"
FACTS_EN = (MINI / "docs" / "facts.en.md").read_text(encoding="utf-8")
# A hook that logs a warning once every language is written, after mkdocs-static-i18n's on_post_build (-100) and
# before the chapter's (-200), in the outermost build only: MkDocs counts it, under strict, only after the last
# on_post_build, and only then aborts.
LATE_WARNING = """\
import logging

from mkdocs.plugins import event_priority


@event_priority(-150)
def on_post_build(config):
    if not config.plugins["i18n"].building:
        logging.getLogger("mkdocs.hooks.late").warning("late_warning.py: a warning after the last page")
"""
# A hook whose page event fails on one page of the English build, which mkdocs-static-i18n runs inside the Russian one.
PAGE_ERROR = """\
from mkdocs.exceptions import PluginError


def on_page_markdown(markdown, page, config, files):
    if page.file.src_uri == "glossary.en.md":
        raise PluginError("page_error.py: the English glossary cannot be rendered")
"""


def _with_hook(name: str, text: str) -> dict[str, str | None]:
    """The repository's settings with one more hook, a file of the project."""
    return {"mkdocs.yml": (ROOT / "mkdocs.yml").read_text(encoding="utf-8") + f"\nhooks:\n  - {name}\n", name: text}


def _articles(old: str, **new: str) -> dict[str, str | None]:
    """Both languages of the small chapter's article, each with `old` replaced
    by its language's text, so that they stay in step."""
    return {f"docs/articles/pruning.{lang}.md": text.replace(old, new[lang]) for lang, text in ARTICLES.items()}


@pytest.fixture(scope="module", autouse=True)
def dated() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SOURCE_DATE_EPOCH", EPOCH)
        yield


@pytest.fixture(scope="module")
def good_build(tmp_path_factory: pytest.TempPathFactory, dated: None) -> Path:
    """A good build of the small chapter, read-only reference for every test here."""
    return build_copy(tmp_path_factory.mktemp("good"), data=MINI).root


@pytest.fixture
def last_good(tmp_path: Path, good_build: Path) -> tuple[Path, dict[str, bytes]]:
    """A site folder holding the good build and a sentinel file, and what it holds."""
    site = tmp_path / "site"
    shutil.copytree(good_build, site)
    (site / SENTINEL).write_text("the reader's copy of the last good build\n", encoding="utf-8")
    return site, files_of(site)


FAILURES = [
    pytest.param(_articles(FIGURE, ru=NO_FIGURE, en=NO_FIGURE), "nope.svg", id="A20 a figure that does not exist"),
    pytest.param(
        _articles(
            "```\n\n## ",
            ru="```\n\nСм. [настройки](../../mkdocs.yml) и [тему](../topics/nope/index.md).\n\n## ",
            en="```\n\nSee [the settings](../../mkdocs.yml) and [a topic](../topics/nope/index.md).\n\n## ",
        ),
        "mkdocs.yml",
        id="A09 links to missing files",
    ),
    pytest.param(
        {"docs/facts.en.md": FACTS_EN.replace("chapter: facts", "chapter: fatcs")},
        "fatcs",
        id="P01 an unknown page kind",
    ),
    pytest.param(
        _with_hook("late_warning.py", LATE_WARNING),
        "late_warning.py: a warning after the last page",
        id="a strict-mode warning after the last page",
    ),
    pytest.param(
        _with_hook("page_error.py", PAGE_ERROR),
        "page_error.py: the English glossary cannot be rendered",
        id="a page error in the English build",
    ),
    # MkDocs copies a file named `pagefind` from the docs into the site, where Pagefind then cannot create its
    # bundle folder: the real Pagefind, run as the build runs it, fails on a site it refuses.
    pytest.param({"docs/pagefind": "not a folder\n"}, "Pagefind could not index", id="Pagefind refuses the site"),
]


@pytest.mark.parametrize(("files", "message"), FAILURES)
def test_a_failed_build_leaves_the_last_good_site_byte_for_byte(tmp_path, last_good, files, message):
    site, before = last_good
    project = copy_project(tmp_path / "project", files=files, data=MINI)

    result = mkdocs("build", "--strict", "--site-dir", str(site), cwd=project)

    output = result.stdout + result.stderr
    assert result.returncode == 1, output
    assert message in output
    assert "Traceback" not in output
    assert files_of(site) == before
    assert sorted(path.name for path in tmp_path.iterdir()) == ["project", "site"]  # no staging folder left behind


def test_a_good_build_replaces_the_whole_site(tmp_path, last_good, good_build):
    """The other side of the tests above: the same site folder does change when the build succeeds, sentinel and all."""
    site, _ = last_good
    (site / "index.html").write_text("an older build", encoding="utf-8")
    build(copy_project(tmp_path / "project", data=MINI), site)
    assert files_of(site) == files_of(good_build)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["project", "site"]


def test_a_late_warning_without_strict_is_published(tmp_path, last_good):
    """Only strict mode refuses a build for its warnings; without it, the same build is the new site."""
    site, before = last_good
    project = copy_project(tmp_path / "project", files=_with_hook("late_warning.py", LATE_WARNING), data=MINI)
    result = mkdocs("build", "--no-strict", "--site-dir", str(site), cwd=project)
    assert result.returncode == 0, result.stderr
    assert "late_warning.py: a warning after the last page" in result.stderr
    assert SENTINEL not in files_of(site) and files_of(site) != before


def _poll(condition: Callable[[], bool], what: str, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.01)


def test_a_killed_build_leaves_the_site_and_the_next_build_clears_what_it_left(tmp_path, last_good, good_build):
    site, before = last_good
    project = copy_project(tmp_path / "project", data=MINI)
    staging = Staging.beside(site).folder
    builder = subprocess.Popen(
        mkdocs_command("build", "--strict", "--site-dir", str(site)),
        cwd=project,
        env=mkdocs_environment(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        # Killed once it has written its first page: half a site exists, beside the site folder.
        _poll(lambda: (staging / "index.html").exists() or builder.poll() is not None, "the build wrote a page")
        assert builder.poll() is None, "the build ended before it could be killed"
        builder.send_signal(signal.SIGKILL)
        assert builder.wait(timeout=60) == -signal.SIGKILL
    finally:
        if builder.poll() is None:
            builder.kill()
            builder.wait()

    assert files_of(site) == before
    assert (staging / "index.html").is_file()  # what the killed build left

    build(project, site)
    assert not staging.exists()
    assert files_of(site) == files_of(good_build)


def test_an_in_process_build_gives_its_config_back_the_site_folder(tmp_path):
    """`mkdocs gh-deploy` publishes config.site_dir after building: it must
    name the site folder, not the staging one."""
    project = copy_project(tmp_path / "project", data=MINI)
    config = load_config(str(project / "mkdocs.yml"), site_dir=str(tmp_path / "site"), strict=True)
    in_process.build(config)
    assert config.site_dir == str(tmp_path / "site")
    assert (tmp_path / "site" / "index.html").is_file()
    assert sorted(path.name for path in tmp_path.iterdir()) == ["project", "site"]


def test_serve_shows_the_last_good_site_until_the_build_is_fixed(served):
    project, base, log = served
    url = f"{base}/en/topics/pruning/"
    test_serve._wait_for(url, '<h1 id="topic">Pruning</h1>')
    article = project / "docs" / "articles" / "pruning.en.md"
    good = article.read_text(encoding="utf-8")
    paragraph = "\nA freshly written paragraph.\n\n## Sources"

    # The new paragraph and a figure that does not exist: the check refuses the
    # edit, and the site keeps the last good article.
    article.write_text(good.replace(FIGURE, NO_FIGURE).replace("\n## Sources", paragraph), encoding="utf-8")
    test_serve._wait_for_log(log, "error CI505 '../figures/nope.svg': there is no figure")
    test_serve._wait_for_log(log, "the site shows the last good catalogue")
    page = test_serve._wait_for(url, '<h1 id="topic">Pruning</h1>')
    assert "A freshly written paragraph." not in page and "pruning-zeros" in page

    article.write_text(good.replace("\n## Sources", paragraph), encoding="utf-8")
    test_serve._wait_for(url, "A freshly written paragraph.")
