"""A corpus of hostile inputs: each is refused by `chapter check` and by the
build with its rule id, and the last good site stays.

Every file of `tests/fixtures/hostile/` is one input, named `<rule>--<what>.<where>`;
`<where>` says which file of the small chapter it replaces.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from chapter.__main__ import main
from tools.site import MINI, build_copy, copy_project, files_of, mkdocs

CORPUS = Path(__file__).parents[1] / "fixtures" / "hostile"
# Where each kind of input goes in the small chapter.
PLACES = {
    "ru.md": "docs/articles/pruning.ru.md",
    "en.md": "docs/articles/pruning.en.md",
    "svg": "docs/figures/pruning-zeros.svg",
    "extra.svg": "docs/figures/extra.svg",
    "topics.yaml": "topics.yaml",
    "facts.yaml": "facts.yaml",
    "glossary.yaml": "glossary.yaml",
    "translations.yaml": "docs/articles/translations.yaml",
    "facts-page.en.md": "docs/facts.en.md",
}
CASES = sorted(CORPUS.iterdir())


def _case(path: Path) -> tuple[str, str]:
    """The rule an input breaks and the file of the chapter it stands for."""
    rule, _, rest = path.name.partition("--")
    return rule, PLACES[rest.partition(".")[2]]


@pytest.fixture(scope="module")
def last_good(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A good build of the small chapter, the site a failed build must leave as it was."""
    return build_copy(tmp_path_factory.mktemp("good"), data=MINI).root


def test_the_corpus_covers_every_kind_of_place():
    assert {_case(path)[1] for path in CASES} >= {
        "docs/articles/pruning.ru.md",
        "docs/articles/pruning.en.md",
        "topics.yaml",
        "docs/facts.en.md",
    }


@pytest.mark.parametrize("case", CASES, ids=[path.name for path in CASES])
def test_a_hostile_input_is_refused_by_the_check_and_the_build_alike(case, tmp_path, last_good, capsys):
    rule, place = _case(case)
    project = copy_project(tmp_path / "project", data=MINI)
    (project / place).write_bytes(case.read_bytes())

    assert main(["check", "--drafts", "--format", "json", str(project)]) == 1
    reported = capsys.readouterr().out
    assert f'"rule": "{rule}"' in reported and f'"file": "{place}"' in reported

    site = tmp_path / "site"
    shutil.copytree(last_good, site)
    (site / "SENTINEL.txt").write_text("the last good site", encoding="utf-8")
    before = files_of(site)
    result = mkdocs("build", "--strict", "--site-dir", str(site), cwd=project)
    output = result.stdout + result.stderr
    assert result.returncode == 1
    assert "Traceback" not in output
    assert f"{place}" in output and rule in output
    assert files_of(site) == before
