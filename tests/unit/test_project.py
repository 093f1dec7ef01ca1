"""The project-level check shared by the build and `python -m chapter check`."""

from __future__ import annotations

import subprocess
import sys

import pytest

from chapter.__main__ import main
from chapter.project import ArticleError, check_project
from tests.site import ROOT, copy_project


@pytest.fixture
def project(tmp_path):
    return copy_project(tmp_path / "project")


def _write(project, path, text="## Раздел { #part }\n"):
    (project / path).parent.mkdir(parents=True, exist_ok=True)
    (project / path).write_text(text, encoding="utf-8")


def test_articles_of_catalogue_topics_pass(project):
    _write(project, "docs/articles/pruning.ru.md")
    _write(project, "docs/articles/pruning.en.md")
    assert len(check_project(project).topics) == 20


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ("docs/articles/prunning.ru.md", "docs/articles/prunning.ru.md: no topic with slug 'prunning' in topics.yaml; did you mean 'pruning'?"),
        ("docs/articles/quantum.en.md", "docs/articles/quantum.en.md: no topic with slug 'quantum' in topics.yaml; add the topic to topics.yaml or rename the file"),
        ("docs/articles/pruning.de.md", "docs/articles/pruning.de.md: articles are named articles/<slug>.<ru|en>.md, directly in articles/"),
        ("docs/articles/pruning.md", "docs/articles/pruning.md: articles are named articles/<slug>.<ru|en>.md, directly in articles/"),
        ("docs/articles/extra/pruning.ru.md", "docs/articles/extra/pruning.ru.md: articles are named articles/<slug>.<ru|en>.md, directly in articles/"),
    ],
)
def test_article_no_topic_owns_is_refused(project, path, message):
    _write(project, path)
    with pytest.raises(ArticleError) as caught:
        check_project(project)
    assert str(caught.value) == message


def test_check_command_succeeds_on_the_real_project(capsys):
    assert main(["check", str(ROOT)]) == 0
    assert capsys.readouterr().out == "topics.yaml: 20 topics, 9 of them from other chapters; no problems found\n"


def test_check_command_exits_1_with_the_builds_messages(project, capsys):
    text = (project / "topics.yaml").read_text(encoding="utf-8")
    (project / "topics.yaml").write_text(text.replace("label: new", "label: hot", 1), encoding="utf-8")
    line = text.splitlines().index("    label: new") + 1
    assert main(["check", str(project)]) == 1
    assert capsys.readouterr().err == f"topics.yaml:{line}:12: topics[0].label: unknown label 'hot'; expected one of: new, current\n"


def test_check_command_strict_turns_warnings_into_errors(project, capsys):
    text = (project / "topics.yaml").read_text(encoding="utf-8")
    (project / "topics.yaml").write_text(text.replace("    origin: ml-practice\n", ""), encoding="utf-8")
    assert main(["check", str(project)]) == 0
    assert "warning: topics.yaml:" in capsys.readouterr().err
    assert main(["check", "--strict", str(project)]) == 1
    assert "chapter 'ml-practice' is declared but no topic comes from it" in capsys.readouterr().err


def test_check_runs_as_a_module_from_the_project_folder(project):
    result = subprocess.run([sys.executable, "-m", "chapter", "check"], cwd=project, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "20 topics" in result.stdout


def test_articles_whose_languages_part_ways_are_refused_with_file_and_line(project):
    _write(project, "docs/articles/pruning.ru.md", "## Зачем { #why }\n\n## Как { #how }\n")
    _write(project, "docs/articles/pruning.en.md", "## Why { #why }\n\n## How { #how-to }\n")
    _write(project, "docs/articles/kubernetes.ru.md", "## Поды\n")
    _write(project, "docs/articles/kubernetes.en.md", "## Pods\n")
    with pytest.raises(ArticleError) as caught:
        check_project(project)
    assert str(caught.value).splitlines() == [
        # in catalogue order
        "docs/articles/kubernetes.ru.md:1: heading 'Поды' needs an explicit anchor, equal in both languages: 'Поды { #some-anchor }'",
        "docs/articles/kubernetes.en.md:1: heading 'Pods' needs an explicit anchor, equal in both languages: 'Pods { #some-anchor }'",
        "docs/articles/pruning.en.md:3: heading 2 differs from pruning.ru.md:3: '## { #how-to }' here, '## { #how }' there",
    ]
