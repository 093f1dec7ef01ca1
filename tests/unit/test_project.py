"""The project-level check shared by the build and `python -m chapter check`."""

from __future__ import annotations

import datetime
import subprocess
import sys

import pytest

from chapter.__main__ import main
from chapter.loader import CatalogueError
from chapter.project import ArticleError, check_project
from tools.site import MINI, ROOT, copy_project


@pytest.fixture
def project(tmp_path):
    """The small chapter: behaviour, not the real site's content, is under test here."""
    return copy_project(tmp_path / "project", data=MINI)


def _topic_count(project):
    return (project / "topics.yaml").read_text(encoding="utf-8").count("\n  - slug: ")


def _write(project, path, text="## Раздел { #part }\n"):
    (project / path).parent.mkdir(parents=True, exist_ok=True)
    (project / path).write_text(text, encoding="utf-8")


def test_articles_of_catalogue_topics_pass(project):
    _write(project, "docs/articles/gpu-architecture.ru.md")
    _write(project, "docs/articles/gpu-architecture.en.md")
    assert len(check_project(project).catalogue.topics) == _topic_count(project)


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ("docs/articles/prunning.ru.md", "docs/articles/prunning.ru.md: no topic with slug 'prunning' in topics.yaml; did you mean 'pruning'?"),
        (
            "docs/articles/quantum.en.md",
            "docs/articles/quantum.en.md: no topic with slug 'quantum' in topics.yaml; add the topic to topics.yaml or rename the file",
        ),
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


def test_check_command_succeeds_on_the_real_project(seed, capsys):
    borrowed = sum(1 for topic in seed.topics if "из «" in topic.ru_line)
    assert main(["check", str(ROOT)]) == 0
    assert capsys.readouterr().out == f"topics.yaml: {len(seed.topics)} topics, {borrowed} of them from other chapters; no problems found\n"


def test_check_command_exits_1_with_the_builds_messages(project, capsys):
    text = (project / "topics.yaml").read_text(encoding="utf-8")
    (project / "topics.yaml").write_text(text.replace("label: new", "label: hot", 1), encoding="utf-8")
    line = text.splitlines().index("    label: new") + 1
    assert main(["check", str(project)]) == 1
    assert capsys.readouterr().err == f"topics.yaml:{line}:12: topics[0].label: unknown label 'hot'; expected one of: new, current\n"


def test_check_command_strict_turns_warnings_into_errors(project, capsys):
    text = (project / "topics.yaml").read_text(encoding="utf-8")
    (project / "topics.yaml").write_text(text.replace("    origin: mlops\n", ""), encoding="utf-8")
    assert main(["check", "--drafts", str(project)]) == 0
    assert "warning: topics.yaml:" in capsys.readouterr().err
    assert main(["check", "--drafts", "--strict", str(project)]) == 1
    assert "chapter 'mlops' is declared but no topic comes from it" in capsys.readouterr().err


def test_check_runs_as_a_module_from_the_project_folder(project):
    result = subprocess.run([sys.executable, "-m", "chapter", "check", "--drafts"], cwd=project, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert f"{_topic_count(project)} topics" in result.stdout


def test_articles_whose_languages_part_ways_are_refused_with_file_and_line(project):
    _write(project, "docs/articles/pruning.ru.md", "## Зачем { #why }\n\n## Как { #how }\n")
    _write(project, "docs/articles/pruning.en.md", "## Why { #why }\n\n## How { #how-to }\n")
    _write(project, "docs/articles/gpu-architecture.ru.md", "## Поды\n")
    _write(project, "docs/articles/gpu-architecture.en.md", "## Pods\n")
    with pytest.raises(ArticleError) as caught:
        check_project(project)
    assert str(caught.value).splitlines() == [
        # in catalogue order
        "docs/articles/pruning.en.md:3: heading 2 differs from pruning.ru.md:3: '## { #how-to }' here, '## { #how }' there",
        "docs/articles/gpu-architecture.ru.md:1: heading 'Поды' needs an explicit anchor, equal in both languages: 'Поды { #some-anchor }'",
        "docs/articles/gpu-architecture.en.md:1: heading 'Pods' needs an explicit anchor, equal in both languages: 'Pods { #some-anchor }'",
    ]


def test_terms_the_glossary_avoids_are_refused_with_file_line_and_the_term(project):
    _write(project, "docs/articles/pruning.ru.md", "## Зачем { #why }\n\nПосле прунинга нужна донастройка модели.\n")
    _write(project, "docs/articles/pruning.en.md", "## Why { #why }\n\nAfter pruning the model needs fine-tuning.\n")
    with pytest.raises(ArticleError) as caught:
        check_project(project)
    assert str(caught.value) == "docs/articles/pruning.ru.md:3: 'донастройка': write 'дообучение' (glossary: fine-tuning), not 'донастройка'"


def test_code_comments_in_another_language_are_refused(project):
    code = "```python\nx = 1  # {}\nprint(x)\n```\n"
    _write(project, "docs/articles/pruning.ru.md", "## Зачем { #why }\n\n" + code.format("one weight in fp16"))
    _write(project, "docs/articles/pruning.en.md", "## Why { #why }\n\n" + code.format("один вес в fp16"))
    with pytest.raises(ArticleError) as caught:
        check_project(project)
    assert str(caught.value).splitlines() == [
        "docs/articles/pruning.ru.md:4: comment 'one weight in fp16' is in English; Russian articles comment their code in Russian (the code itself stays as it is)",
        "docs/articles/pruning.en.md:4: comment 'один вес в fp16' is in Russian; write it in the language of the article",
    ]


def test_figures_with_words_in_the_wrong_language_are_refused(project):
    figure = project / "docs/figures/pruning-zeros.svg"
    figure.write_text(figure.read_text(encoding="utf-8").replace("</svg>", '<text x="1" y="1">three slices stay idle</text>\n</svg>'), encoding="utf-8")
    line = figure.read_text(encoding="utf-8").splitlines().index('<text x="1" y="1">three slices stay idle</text>') + 1
    with pytest.raises(ArticleError) as caught:
        check_project(project)
    assert str(caught.value) == (
        f"docs/figures/pruning-zeros.svg:{line}: 'three slices stay idle' shows English (three, slices, stay, idle) on Russian pages; "
        'write a Russian variant beside it: <tspan systemLanguage="ru">…</tspan><tspan systemLanguage="en">three slices stay idle</tspan>'
    )


def test_a_handmade_language_copy_of_a_figure_is_refused_rather_than_overwritten(project):
    _write(project, "docs/figures/extra.ru.svg", '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>\n')
    with pytest.raises(ArticleError) as caught:
        check_project(project)
    assert (
        str(caught.value)
        == "docs/figures/extra.ru.svg: per-language copies are written by the build from extra.svg; put every language's labels there, marked with systemLanguage, and delete this file"
    )


def test_a_broken_glossary_is_refused_with_its_place(project):
    text = (project / "glossary.yaml").read_text(encoding="utf-8")
    (project / "glossary.yaml").write_text(text.replace("  - id: fine-tuning\n", "  - id: Fine-tuning\n", 1), encoding="utf-8")
    line = text.splitlines().index("  - id: fine-tuning") + 1
    position = [row for row in text.splitlines() if row.startswith("  - id: ")].index("  - id: fine-tuning")
    with pytest.raises(CatalogueError) as caught:
        check_project(project)
    assert (
        str(caught.value)
        == f"glossary.yaml:{line}:9: terms[{position}].id: 'Fine-tuning' is not a lower-case kebab-case identifier such as 'gpu-architecture' (letters a–z, digits, single hyphens)"
    )


def test_check_command_holds_articles_to_the_standard_with_file_line_and_rule(project, capsys):
    article = project / "docs" / "articles" / "pruning.en.md"
    text = article.read_text(encoding="utf-8")
    prose = next(line for line in text.splitlines() if line and line[0].isalpha() and " - " not in line)
    line = text.splitlines().index(prose) + 1
    on_line = f"docs/articles/pruning.en.md:{line}: "
    main(["check", str(project)])  # the small chapter's article is short of the standard's length anyway
    assert not [error for error in capsys.readouterr().err.splitlines() if error.startswith(on_line)]
    article.write_text(text.replace(prose, prose + ' Say "it" - once.', 1), encoding="utf-8")
    assert main(["check", str(project)]) == 1
    assert [error for error in capsys.readouterr().err.splitlines() if error.startswith(on_line)] == [
        f"docs/articles/pruning.en.md:{line}: CI106 a hyphen used as a dash: use — (or – for ranges)",
        f"docs/articles/pruning.en.md:{line}: CI106 straight quotes in prose: use «» in Russian, “” in English",
    ]
    # The build checks as --drafts does: a draft below the standard still publishes.
    assert main(["check", "--drafts", str(project)]) == 0
    check_project(project)


def test_a_fact_quoted_in_a_figure_counts_for_the_article_that_shows_it(project):
    figure = project / "docs/figures/pruning-zeros.svg"
    figure.write_text(figure.read_text(encoding="utf-8").replace("</svg>", '<text x="1" y="1">{fact:h100-sxm-memory}</text>\n</svg>'), encoding="utf-8")
    for lang, words in (("ru", " памяти"), ("en", " of memory")):
        article = project / f"docs/articles/pruning.{lang}.md"
        text = article.read_text(encoding="utf-8")
        assert "{fact:h100-sxm-memory}" + words in text
        article.write_text(text.replace("{fact:h100-sxm-memory}" + words, "memory" if lang == "en" else "памяти"), encoding="utf-8")
    assert check_project(project, strict=True).fact_uses["h100-sxm-memory"] == ("pruning",)


def test_a_figure_naming_an_unknown_fact_is_refused_with_its_line(project):
    figure = project / "docs/figures/pruning-zeros.svg"
    text = figure.read_text(encoding="utf-8").replace("</svg>", '<text x="1" y="1">{fact:h100-nvlink}</text>\n</svg>')
    figure.write_text(text, encoding="utf-8")
    line = text.splitlines().index('<text x="1" y="1">{fact:h100-nvlink}</text>') + 1
    with pytest.raises(ArticleError) as caught:
        check_project(project)
    assert str(caught.value) == f"docs/figures/pruning-zeros.svg:{line}: {{fact:h100-nvlink}} names no fact in facts.yaml"


def test_days_still_to_come_are_refused_where_they_are_written(project):
    """A source read, or a topic reviewed, on a day still to come would stretch every period counted from that day."""
    on = datetime.date(2026, 12, 2)
    registry = (project / "facts.yaml").read_text(encoding="utf-8")
    (project / "facts.yaml").write_text(registry.replace("    as_of: 2026-11-30\n", "    as_of: 2027-01-05\n", 1), encoding="utf-8")
    catalogue = (project / "topics.yaml").read_text(encoding="utf-8")
    (project / "topics.yaml").write_text(catalogue.replace("    reviewed: 2026-11-30\n", "    reviewed: 2026-12-20\n", 1), encoding="utf-8")
    with pytest.raises(ArticleError) as caught:
        check_project(project, standard=True, on=on)
    found = [line for line in str(caught.value).splitlines() if " CI30" in line or " CI40" in line]
    fact_line = registry.splitlines().index("  h100-sxm-memory:") + 1
    reviewed_line = catalogue.splitlines().index("    reviewed: 2026-11-30") + 1
    assert found == [
        f"topics.yaml:{reviewed_line}: CI303 topics[1].reviewed: 2026-12-20 is after today (2026-12-02): write the day the topic was last checked",
        f"facts.yaml:{fact_line}: CI402 facts.h100-sxm-memory.as_of: 2027-01-05 is after today (2026-12-02): write the day the source was read",
    ]
