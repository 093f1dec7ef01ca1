"""`mkdocs serve` picks up what authors edit: the catalogue, articles and templates."""

from __future__ import annotations

import gzip
import json
import time
import urllib.error
import urllib.request
from pathlib import Path

import cbor2
import pytest
import yaml

from chapter.search import BUNDLE, ENTRY, SIGNATURE
from tools.site import MINI, ROOT, copy_project, mkdocs_serve


def _wait_for(url: str, text: str, timeout: float = 60) -> str:
    deadline = time.monotonic() + timeout
    body = ""
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                body = response.read().decode("utf-8")
            if text in body:
                return body
        except (urllib.error.URLError, ConnectionError, TimeoutError):  # the server is busy rebuilding
            pass
        time.sleep(0.3)
    raise AssertionError(f"{url} did not show {text!r} within {timeout} s")


@pytest.fixture
def served(tmp_path: Path):
    project = copy_project(tmp_path / "project", data=MINI)  # the small chapter: each rebuild takes seconds
    log = tmp_path / "serve.log"
    with mkdocs_serve(project, log, stop_within=10) as base:
        yield project, base, log


def test_serve_rebuilds_after_edits(served):
    project, base, _ = served
    _wait_for(f"{base}/en/topics/kubernetes/", '<h1 id="topic">Kubernetes</h1>')

    catalogue = project / "topics.yaml"
    catalogue.write_text(
        catalogue.read_text(encoding="utf-8").replace("en: Kubernetes", "en: Kubernetes, edited", 1), encoding="utf-8"
    )
    _wait_for(f"{base}/en/topics/kubernetes/", "Kubernetes, edited")

    article = project / "docs" / "articles" / "pruning.en.md"
    article.write_text(
        article.read_text(encoding="utf-8").replace("\n## ", "\nA freshly written paragraph.\n\n## ", 1),
        encoding="utf-8",
    )
    _wait_for(f"{base}/en/topics/pruning/", "A freshly written paragraph.")

    registry = project / "facts.yaml"  # watched by the plugin, since a chapter need not have one
    registry.write_text(
        registry.read_text(encoding="utf-8").replace("    value: 3.35\n", "    value: 3.9\n", 1), encoding="utf-8"
    )
    _wait_for(f"{base}/en/topics/pruning/", "3.9\N{NO-BREAK SPACE}TB/s")

    template = project / "overrides" / "chapter" / "topic.html"
    template.write_text(
        template.read_text(encoding="utf-8").replace('<h1 id="topic">', '<h1 id="topic" data-edited>'), encoding="utf-8"
    )
    _wait_for(f"{base}/topics/pruning/", "data-edited")


def _wait_for_log(log: Path, text: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while text not in log.read_text(encoding="utf-8"):
        assert time.monotonic() < deadline, f"the server never logged {text!r}"
        time.sleep(0.3)


def test_serve_keeps_the_last_good_site_while_the_catalogue_is_broken(served):
    project, base, log = served
    url = f"{base}/en/topics/kubernetes/"
    _wait_for(url, '<h1 id="topic">Kubernetes</h1>')
    catalogue = project / "topics.yaml"
    good = catalogue.read_text(encoding="utf-8")

    catalogue.write_text(
        good.replace("en: Kubernetes", "en: Kubernetes, broken", 1).replace("label: new", "label: hot", 1),
        encoding="utf-8",
    )
    _wait_for_log(log, "topics[0].label: unknown label 'hot'")
    assert "Kubernetes, broken" not in _wait_for(url, '<h1 id="topic">Kubernetes</h1>')

    catalogue.write_text(good.replace("en: Kubernetes", "en: Kubernetes, fixed", 1), encoding="utf-8")
    _wait_for(url, "Kubernetes, fixed")


def _watched_files(project: Path) -> dict[str, tuple[int, bytes]]:
    """Every file `mkdocs serve` watches that the build itself writes (topic stubs, figure copies), with its mtime."""
    return {
        path.relative_to(project).as_posix(): (path.stat().st_mtime_ns, path.read_bytes())
        for path in sorted((project / "docs").rglob("*"))
        if path.is_file()
    }


def test_an_edit_costs_one_rebuild(served):
    """A rebuild writes no watched file whose content it does not change, so it cannot trigger itself again."""
    project, base, log = served
    url = f"{base}/en/topics/pruning/"
    _wait_for(url, '<h1 id="topic">Pruning</h1>')
    catalogue = project / "topics.yaml"
    edits = [("en: Pruning\n", "en: Pruning once\n"), ("en: Pruning once\n", "en: Pruning twice\n")]
    for step, (old, new) in enumerate(edits, start=1):
        before = _watched_files(project)
        catalogue.write_text(catalogue.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
        _wait_for(url, new.removeprefix("en: ").strip())
        assert _watched_files(project) == before  # the rebuild left docs/ untouched: nothing for the watcher to see
        assert log.read_text(encoding="utf-8").count("Detected file changes") == step


def test_serve_watches_no_code_it_cannot_reload():
    """MkDocs keeps a plugin's Python loaded for the whole `mkdocs serve`;
    watching it would rebuild with the old code."""

    class Loader(yaml.SafeLoader):
        pass

    Loader.add_multi_constructor("!", lambda loader, suffix, node: None)  # !ENV and Python tags: not needed here
    Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)
    watched = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=Loader)["watch"]
    assert watched and all((ROOT / path).exists() for path in watched)
    assert [
        path for path in watched if (ROOT / path).is_file() and path.endswith(".py") or any((ROOT / path).rglob("*.py"))
    ] == []


def _fetch(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=60) as response:
        return response.read()


def _searchable(base: str, lang: str) -> str:
    """Every text the served search index holds for a language, read as the search script reads it."""
    entry = json.loads(_fetch(f"{base}/{ENTRY}"))
    meta = _unpack(_fetch(f"{base}/{BUNDLE}/pagefind.{entry['languages'][lang]['hash']}.pf_meta"))
    fragments = [_unpack_json(_fetch(f"{base}/{BUNDLE}/fragment/{page}.pf_fragment")) for page, _ in meta[1]]
    return "\n".join(fragment["content"] for fragment in fragments)


def _unpack(data: bytes):
    return cbor2.loads(gzip.decompress(data).removeprefix(SIGNATURE))


def _unpack_json(data: bytes):
    return json.loads(gzip.decompress(data).removeprefix(SIGNATURE))


def _wait_until(holds, what: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not holds():
        assert time.monotonic() < deadline, f"{what} within {timeout} s"
        time.sleep(0.3)


def _edit_paragraph(project: Path, sentence: str) -> None:
    article = project / "docs" / "articles" / "pruning.ru.md"
    text = article.read_text(encoding="utf-8")
    article.write_text(text.replace(" памяти меньше байтов", f" памяти меньше байтов. {sentence}", 1), encoding="utf-8")


def test_an_edited_article_is_shown_first_and_the_whole_site_follows(served):
    """The edited page is put in the served site before the rebuild; search, the other language's notice, the
    cards and the print edition follow, from the one rebuild the edit triggers."""
    project, base, log = served
    _wait_for(f"{base}/topics/pruning/", "ci-heading")
    assert "ci-behind" not in _wait_for(f"{base}/en/topics/pruning/", "ci-heading")
    sentence = "Свежая правка автора"
    _edit_paragraph(project, sentence)
    first = _wait_for(f"{base}/topics/pruning/", sentence)
    _wait_for(f"{base}/en/topics/pruning/", 'class="ci-behind"')  # the English article now lags behind
    _wait_for(f"{base}/en/", "ci-card__behind")  # and its card says so
    _wait_for(f"{base}/print/", sentence)
    _wait_until(lambda: sentence in _searchable(base, "ru"), "search never found the edit")
    # The page shown first is the page the full rebuild wrote (but for the live-reload script, new on every request).
    assert first.split("livereload")[0] == _fetch(f"{base}/topics/pruning/").decode("utf-8").split("livereload")[0]
    text = log.read_text(encoding="utf-8")
    assert "showing the edited page topics/pruning/index.html before the rebuild" in text
    assert text.count("Detected file changes") == 1


def test_an_edit_the_build_refuses_leaves_the_last_good_page(served):
    """The page shown first goes back as the last good site had it once the rebuild refuses the article."""
    project, base, log = served
    url = f"{base}/topics/pruning/"
    good = _wait_for(url, "ci-heading")
    _edit_paragraph(project, "Ссылка [в никуда](nowhere.md) из правки")
    _wait_for_log(log, "showing the edited page topics/pruning/index.html before the rebuild")
    _wait_for_log(log, "the chapter cannot be rebuilt")  # the link leads nowhere (CI505)
    _wait_until(lambda: "в никуда" not in _fetch(url).decode("utf-8"), "the shown edit stayed")
    assert _fetch(url).decode("utf-8").split("livereload")[0] == good.split("livereload")[0]
