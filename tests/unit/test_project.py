"""The project-level check shared by the build and `python -m chapter check`."""

from __future__ import annotations

import datetime
import subprocess
import sys

import pytest

from chapter.__main__ import main
from chapter.problems import RULES, ProblemsFound
from chapter.project import check_project, review_project
from tools.site import MINI, copy_project


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
        (
            "docs/articles/prunning.ru.md",
            "docs/articles/prunning.ru.md: error CI501 no topic with slug 'prunning' in topics.yaml; did you "
            "mean 'pruning'?",
        ),
        (
            "docs/articles/quantum.en.md",
            "docs/articles/quantum.en.md: error CI501 no topic with slug 'quantum' in topics.yaml; add the "
            "topic to topics.yaml or rename the file",
        ),
        (
            "docs/articles/pruning.de.md",
            "docs/articles/pruning.de.md: error CI501 articles are named articles/<slug>.<ru|en>.md, "
            "directly in articles/",
        ),
        (
            "docs/articles/pruning.md",
            "docs/articles/pruning.md: error CI501 articles are named articles/<slug>.<ru|en>.md, directly "
            "in articles/",
        ),
        (
            "docs/articles/extra/pruning.ru.md",
            "docs/articles/extra/pruning.ru.md: error CI501 articles are named articles/<slug>.<ru|en>.md, "
            "directly in articles/",
        ),
    ],
)
def test_article_no_topic_owns_is_refused(project, path, message):
    _write(project, path)
    with pytest.raises(ProblemsFound) as caught:
        check_project(project)
    assert str(caught.value) == message


def test_check_command_exits_1_with_the_builds_messages(project, capsys):
    text = (project / "topics.yaml").read_text(encoding="utf-8")
    (project / "topics.yaml").write_text(text.replace("label: new", "label: hot", 1), encoding="utf-8")
    line = text.splitlines().index("    label: new") + 1
    assert main(["check", str(project)]) == 1
    assert (
        capsys.readouterr().err
        == f"topics.yaml:{line}:12: error CI011 topics[0].label: unknown label 'hot'; expected one of: new, current\n"
    )


def test_check_command_is_as_strict_as_the_build(project, capsys):
    """mkdocs.yml builds with strict: a warning stops the check as it stops
    the build, unless --no-strict says otherwise."""
    text = (project / "topics.yaml").read_text(encoding="utf-8")
    (project / "topics.yaml").write_text(text.replace("    origin: mlops\n", ""), encoding="utf-8")
    line = text.splitlines().index("  - id: mlops") + 1
    warning = f"topics.yaml:{line}:5: warning CI012 chapters[0]: chapter 'mlops' is declared but no topic comes from it"
    assert main(["check", "--drafts", str(project)]) == 1
    assert capsys.readouterr().err.splitlines() == [warning]
    assert main(["check", "--drafts", "--no-strict", str(project)]) == 0
    assert capsys.readouterr().err.splitlines() == [warning]


def test_check_runs_as_a_module_from_the_project_folder(project):
    result = subprocess.run(
        [sys.executable, "-m", "chapter", "check", "--drafts"], cwd=project, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert f"{_topic_count(project)} topics" in result.stdout


def test_articles_whose_languages_part_ways_are_refused_with_file_and_line(project):
    _write(project, "docs/articles/pruning.ru.md", "## Зачем { #why }\n\n## Как { #how }\n")
    _write(project, "docs/articles/pruning.en.md", "## Why { #why }\n\n## How { #how-to }\n")
    _write(project, "docs/articles/gpu-architecture.ru.md", "## Поды\n")
    _write(project, "docs/articles/gpu-architecture.en.md", "## Pods\n")
    with pytest.raises(ProblemsFound) as caught:
        check_project(project)
    assert str(caught.value).splitlines() == [
        # sorted by file and line
        "docs/articles/gpu-architecture.en.md:1: error CI504 heading 'Pods' needs an explicit anchor, equal "
        "in both languages: 'Pods { #some-anchor }'",
        "docs/articles/gpu-architecture.ru.md:1: error CI504 heading 'Поды' needs an explicit anchor, equal "
        "in both languages: 'Поды { #some-anchor }'",
        "docs/articles/pruning.en.md:3: error CI506 heading 2 differs from pruning.ru.md:3: '## { #how-to }' "
        "here, '## { #how }' there",
    ]


def test_terms_the_glossary_avoids_are_refused_with_file_line_and_the_term(project):
    _write(project, "docs/articles/pruning.ru.md", "## Зачем { #why }\n\nПосле прунинга нужна донастройка модели.\n")
    _write(project, "docs/articles/pruning.en.md", "## Why { #why }\n\nAfter pruning the model needs fine-tuning.\n")
    with pytest.raises(ProblemsFound) as caught:
        check_project(project)
    assert str(caught.value) == (
        "docs/articles/pruning.ru.md:3: error CI507 'донастройка': write 'дообучение' (glossary: "
        "fine-tuning), not 'донастройка'"
    )


def test_code_comments_in_another_language_are_refused(project):
    code = "```python\nx = 1  # {}\nprint(x)\n```\n"
    _write(project, "docs/articles/pruning.ru.md", "## Зачем { #why }\n\n" + code.format("one weight in fp16"))
    _write(project, "docs/articles/pruning.en.md", "## Why { #why }\n\n" + code.format("один вес в fp16"))
    with pytest.raises(ProblemsFound) as caught:
        check_project(project)
    assert str(caught.value).splitlines() == [
        "docs/articles/pruning.en.md:4: error CI508 comment 'один вес в fp16' is in Russian; write it in the "
        "language of the article",
        "docs/articles/pruning.ru.md:4: error CI508 comment 'one weight in fp16' is in English; Russian "
        "articles comment their code in Russian (the code itself stays as it is)",
    ]


def test_figures_with_words_in_the_wrong_language_are_refused(project):
    figure = project / "docs/figures/pruning-zeros.svg"
    figure.write_text(
        figure.read_text(encoding="utf-8").replace("</svg>", '<text x="1" y="1">three slices stay idle</text>\n</svg>'),
        encoding="utf-8",
    )
    line = figure.read_text(encoding="utf-8").splitlines().index('<text x="1" y="1">three slices stay idle</text>') + 1
    with pytest.raises(ProblemsFound) as caught:
        check_project(project)
    assert str(caught.value) == (
        f"docs/figures/pruning-zeros.svg:{line}: error CI702 'three slices stay idle' shows English (three, "
        "slices, stay, idle) on Russian pages; "
        'write a Russian variant beside it: <tspan systemLanguage="ru">…</tspan><tspan '
        'systemLanguage="en">three slices stay idle</tspan>'
    )


def test_a_handmade_language_copy_of_a_figure_is_refused_rather_than_overwritten(project):
    _write(project, "docs/figures/extra.ru.svg", '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>\n')
    with pytest.raises(ProblemsFound) as caught:
        check_project(project)
    assert str(caught.value) == (
        "docs/figures/extra.ru.svg: error CI703 per-language copies are written by the build from extra.svg; "
        "put every language's labels there, marked with systemLanguage, and delete this file"
    )


def test_a_broken_glossary_is_refused_with_its_place(project):
    text = (project / "glossary.yaml").read_text(encoding="utf-8")
    (project / "glossary.yaml").write_text(
        text.replace("  - id: fine-tuning\n", "  - id: Fine-tuning\n", 1), encoding="utf-8"
    )
    line = text.splitlines().index("  - id: fine-tuning") + 1
    position = [row for row in text.splitlines() if row.startswith("  - id: ")].index("  - id: fine-tuning")
    with pytest.raises(ProblemsFound) as caught:
        check_project(project)
    assert str(caught.value) == (
        f"glossary.yaml:{line}:9: error CI011 terms[{position}].id: 'Fine-tuning' is not a lower-case "
        "kebab-case identifier such as 'gpu-architecture' (letters a–z, digits, single hyphens)"
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
        f"docs/articles/pruning.en.md:{line}: notice CI106 a hyphen used as a dash: use — (or – for ranges)",
        f"docs/articles/pruning.en.md:{line}: notice CI106 straight quotes in prose: use «» in Russian, “” in English",
    ]
    # The build checks as --drafts does: a draft below the standard still publishes.
    assert main(["check", "--drafts", str(project)]) == 0
    check_project(project)


def test_a_fact_quoted_in_a_figure_counts_for_the_article_that_shows_it(project):
    figure = project / "docs/figures/pruning-zeros.svg"
    figure.write_text(
        figure.read_text(encoding="utf-8").replace("</svg>", '<text x="1" y="1">{fact:h100-sxm-memory}</text>\n</svg>'),
        encoding="utf-8",
    )
    for lang, words in (("ru", " памяти"), ("en", " of memory")):
        article = project / f"docs/articles/pruning.{lang}.md"
        text = article.read_text(encoding="utf-8")
        assert "{fact:h100-sxm-memory}" + words in text
        article.write_text(
            text.replace("{fact:h100-sxm-memory}" + words, "memory" if lang == "en" else "памяти"), encoding="utf-8"
        )
    assert check_project(project, strict=True).fact_uses["h100-sxm-memory"] == ("pruning",)


def test_a_figure_naming_an_unknown_fact_is_refused_with_its_line_and_the_likely_fact(project):
    figure = project / "docs/figures/pruning-zeros.svg"
    text = figure.read_text(encoding="utf-8").replace(
        "</svg>", '<text x="1" y="1">{fact:h100-sxm-memroy}</text>\n</svg>'
    )
    figure.write_text(text, encoding="utf-8")
    line = text.splitlines().index('<text x="1" y="1">{fact:h100-sxm-memroy}</text>') + 1
    with pytest.raises(ProblemsFound) as caught:
        check_project(project)
    assert str(caught.value) == (
        f"docs/figures/pruning-zeros.svg:{line}: error CI403 {{fact:h100-sxm-memroy}} names no fact in "
        "facts.yaml; did you mean 'h100-sxm-memory'?"
    )


def test_days_still_to_come_are_refused_where_they_are_written(project):
    """A source read, or a topic reviewed, on a day still to come would stretch every period counted from that day."""
    on = datetime.date(2026, 12, 2)
    registry = (project / "facts.yaml").read_text(encoding="utf-8")
    (project / "facts.yaml").write_text(
        registry.replace("    as_of: 2026-11-30\n", "    as_of: 2027-01-05\n", 1), encoding="utf-8"
    )
    catalogue = (project / "topics.yaml").read_text(encoding="utf-8")
    (project / "topics.yaml").write_text(
        catalogue.replace("    reviewed: 2026-11-30\n", "    reviewed: 2026-12-20\n", 1), encoding="utf-8"
    )
    with pytest.raises(ProblemsFound) as caught:
        check_project(project, standard=True, on=on)
    found = [line for line in str(caught.value).splitlines() if " CI30" in line or " CI40" in line]
    fact_line = registry.splitlines().index("  h100-sxm-memory:") + 1
    reviewed_line = catalogue.splitlines().index("    reviewed: 2026-11-30") + 1
    assert found == [
        f"facts.yaml:{fact_line}: notice CI402 facts.h100-sxm-memory.as_of: 2027-01-05 is after today "
        "(2026-12-02): write the day the source was read",
        f"topics.yaml:{reviewed_line}: notice CI303 topics[1].reviewed: 2026-12-20 is after today "
        "(2026-12-02): write the day the topic was last checked",
    ]


def _rules(project, **options) -> list[tuple[str, str]]:
    """(file, rule) of everything the check finds, as `chapter check` would report it."""
    return [(problem.file, problem.rule) for problem in review_project(project, **options).problems]


def test_mistakes_in_every_file_are_reported_in_one_run(project):
    """Probe M01: a mistake each in topics.yaml, facts.yaml, glossary.yaml and an article, all named at once."""
    for name, old, new in (
        ("topics.yaml", "    added: 2026-11-30\n", "    added: 2026-02-30\n"),
        ("facts.yaml", "    as_of: 2026-11-30\n", "    as_of: 2026-13-01\n"),
        ("glossary.yaml", "  - id: fine-tuning\n", "  - id: Fine-tuning\n"),
        ("docs/articles/pruning.en.md", "## Sources { #sources }", "## Sources"),
    ):
        text = (project / name).read_text(encoding="utf-8")
        assert old in text
        (project / name).write_text(text.replace(old, new, 1), encoding="utf-8")
    errors = [found for found in _rules(project) if RULES[found[1]].severity == "error"]
    assert {file for file, _ in errors} == {"topics.yaml", "facts.yaml", "glossary.yaml", "docs/articles/pruning.en.md"}


def test_a_repeated_fact_id_is_named_even_when_the_first_record_is_wrong(project):
    """Probe F06: the repeat used to hide behind the first record's own mistake."""
    text = (project / "facts.yaml").read_text(encoding="utf-8")
    first = text.index("  h100-sxm-memory:\n")
    record = text[first : text.index("  h100-sxm-memory-bandwidth:\n")]
    broken = record.replace("    value: 80\n", "    value: 80 GB\n")
    (project / "facts.yaml").write_text(text.replace(record, broken + record), encoding="utf-8")
    found = [problem.message for problem in review_project(project).problems if problem.file == "facts.yaml"]
    assert any("expected a number" in message for message in found)
    assert any("duplicate fact 'h100-sxm-memory'" in message for message in found)


def test_a_deleted_facts_file_is_named_once_as_missing(project):
    """Probe F10: not a "names no fact" line for every marker."""
    (project / "facts.yaml").unlink()
    problems = review_project(project).problems
    assert [(problem.file, problem.rule) for problem in problems if problem.severity == "error"] == [
        ("facts.yaml", "CI007")
    ]
    assert any(
        problem.message.startswith("facts.yaml is missing, and the articles quote facts") for problem in problems
    )


def test_the_default_check_refuses_what_the_strict_build_refuses(project, capsys):
    """Probe F11: a fact no article quotes fails the build (mkdocs.yml is strict), so it fails the check too."""
    text = (project / "facts.yaml").read_text(encoding="utf-8")
    extra = text[text.index("  h100-sxm-memory:\n") : text.index("  h100-sxm-memory-bandwidth:\n")].replace(
        "h100-sxm-memory:", "h100-pcie-memory:"
    )
    (project / "facts.yaml").write_text(text + extra, encoding="utf-8")
    assert main(["check", "--drafts", str(project)]) == 1
    assert "warning CI406 fact 'h100-pcie-memory' is declared but no article quotes it" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("old", "new", "rule", "words"),
    [
        ("en: What a GPU is made of.", "en: '" + "long " * 100 + "'", "CI011", "at most 400 fit"),
        ("en: What a GPU is made of.", 'en: "two\\nlines"', "CI011", "must be one line"),
        (
            "    reviewed: 2026-11-30\n    added: 2026-11-30\n",
            "    reviewed: 2020-01-01\n    added: 2026-11-30\n",
            "CI013",
            "before the day the topic was added",
        ),
        ("en: What a GPU is made of.", "en: Из чего сделан GPU.", "CI014", "is in Russian"),
    ],
    ids=[
        "17 MB summary (T20)",
        "a line break in a one-line field",
        "reviewed before added (T23)",
        "swapped languages (T23)",
    ],
)
def test_catalogue_text_that_would_ship_wrong_is_refused(project, old, new, rule, words):
    text = (project / "topics.yaml").read_text(encoding="utf-8")
    assert old in text
    (project / "topics.yaml").write_text(text.replace(old, new, 1), encoding="utf-8")
    found = [problem for problem in review_project(project).problems if problem.rule == rule]
    assert found and found[0].file == "topics.yaml" and found[0].line > 0 and words in found[0].message


@pytest.mark.parametrize(
    ("path", "data", "rule"),
    [
        ("docs/articles/pruning.ru.md", "## Зачем { #why }\n\nТекст.\n".encode("cp1251"), "CI001"),  # A22
        ("docs/articles/pruning.en.md", "## Why { #why }\n\nCafé.\n".encode("latin-1"), "CI001"),  # A10
        ("docs/articles/pruning.en.md", b"\xef\xbb\xbf## Why { #why }\n", "CI002"),  # A11
        ("docs/articles/translations.yaml", "pruning:\n  why: {ru: абв, en: где}\n".encode("cp1251"), "CI001"),  # R06
        ("docs/articles/translations.yaml", b"x: " + b"[" * 2000 + b"]" * 2000 + b"\n", "CI006"),  # R07
        (
            "docs/figures/pruning-zeros.svg",
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><text>café</text></svg>'.encode("latin-1"),
            "CI001",
        ),
    ],
    ids=["cp1251 article", "latin-1 article", "article BOM", "cp1251 record", "deep record", "latin-1 figure"],
)
def test_a_file_in_another_encoding_or_shape_is_one_placed_problem_not_a_traceback(project, path, data, rule, capsys):
    (project / path).write_bytes(data)
    assert main(["check", str(project)]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert f"{path}:" in err and f" error {rule} " in err


def test_a_data_file_too_large_to_be_a_catalogue_is_refused_before_it_is_read(project):
    """Probe T20 at the size of the file: the one reader caps every source, the data files too."""
    text = (project / "topics.yaml").read_text(encoding="utf-8")
    (project / "topics.yaml").write_text(text + "#" * 3_000_000 + "\n", encoding="utf-8")
    found = [problem for problem in review_project(project).problems if problem.file == "topics.yaml"]
    assert [(problem.rule, problem.line) for problem in found] == [("CI004", 0)]


def test_links_and_figures_to_files_the_site_lacks_are_refused_with_their_line(project):
    """Probes A09 and A20: the build used to find these only after wiping the
    site, naming a generated file without a line."""
    article = project / "docs/articles/pruning.en.md"
    text = (
        article.read_text(encoding="utf-8")
        + "\nSee [a](../figures/nope.svg), [b](../../mkdocs.yml), [c](../topics/nope/index.md).\n"
    )
    article.write_text(text.replace("../figures/pruning-zeros.svg", "../figures/pruning-zero.svg"), encoding="utf-8")
    lines = text.splitlines()
    links = next(number for number, line in enumerate(lines, start=1) if "[a](../figures/nope.svg)" in line)
    figure = next(number for number, line in enumerate(lines, start=1) if "pruning-zeros.svg" in line)
    found = {
        (problem.line, problem.message.split("'")[1])
        for problem in review_project(project).problems
        if problem.rule == "CI505"
    }
    assert found == {
        (links, "../figures/nope.svg"),
        (links, "../../mkdocs.yml"),
        (links, "../topics/nope/index.md"),
        (figure, "../figures/pruning-zero.svg"),
    }
    assert any(
        "did you mean '../figures/pruning-zeros.svg'" in problem.message for problem in review_project(project).problems
    )


def test_an_unknown_page_kind_is_refused_with_every_valid_kind(project):
    """Probe P01: the check passed it, and the build wiped the English site on it."""
    page = project / "docs/facts.en.md"
    page.write_text(page.read_text(encoding="utf-8").replace("chapter: facts", "chapter: fatcs"), encoding="utf-8")
    found = [problem for problem in review_project(project).problems if problem.rule == "CI801"]
    assert [(problem.file, problem.line) for problem in found] == [("docs/facts.en.md", 2)]
    assert "expected one of: index, topic, glossary, facts, print — did you mean 'facts'?" in found[0].message


def test_sync_all_writes_a_damaged_record_again(project, capsys):
    """Probes R01, R04, R05: the messages recommend it, and it used to stop on the same damage."""
    record = project / "docs/articles/translations.yaml"
    good = record.read_text(encoding="utf-8")
    for damaged in (
        good.replace("}", "", 1),
        good + "- stray item\n",
        good.replace("pruning:", "pruning:\n  extra: [1]", 1),
    ):
        record.write_text(damaged, encoding="utf-8")
        assert main(["check", "--drafts", str(project)]) == 1
        assert "`chapter sync --all` writes the file again" in capsys.readouterr().err
        assert main(["sync", "--all", "--root", str(project)]) == 0
        assert record.read_text(encoding="utf-8") == good
        assert main(["check", "--drafts", str(project)]) == 0


def _define(project, ru: str, en: str) -> None:
    """The small glossary's one definition, rewritten in both languages."""
    path = project / "glossary.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("    definition:")
    end = text.index("\n", text.index("      en:", start))
    path.write_text(
        text[:start] + f"    definition:\n      ru: '{ru}'\n      en: '{en}'" + text[end:], encoding="utf-8"
    )


def test_a_glossary_definition_quotes_facts_by_marker_and_is_checked_like_an_article(project):
    _define(
        project,
        "Около {fact:h100-sxm-memroy} памяти",
        "About {fact:h100-sxm-memory} of memory, {fact:h100-sxm-memory-bandwidth}",
    )
    found = {
        (problem.rule, problem.message.split(":")[0])
        for problem in review_project(project).problems
        if problem.file == "glossary.yaml"
    }
    assert found == {("CI403", "terms.fine-tuning.definition.ru"), ("CI405", "terms.fine-tuning.definition")}


def test_a_fact_quoted_only_by_the_glossary_is_not_unused(project):
    text = (project / "facts.yaml").read_text(encoding="utf-8")
    extra = text[text.index("  h100-sxm-memory:\n") : text.index("  h100-sxm-memory-bandwidth:\n")].replace(
        "h100-sxm-memory:", "h100-pcie-memory:"
    )
    (project / "facts.yaml").write_text(text + extra, encoding="utf-8")
    assert any(problem.rule == "CI406" for problem in review_project(project).problems)
    _define(project, "Например, {fact:h100-pcie-memory}", "For example, {fact:h100-pcie-memory}")
    assert not any(problem.rule in ("CI406", "CI403", "CI405") for problem in review_project(project).problems)


def test_an_example_that_imports_a_library_the_examples_do_not_pin_is_refused(project):
    (project / "requirements-examples.lock").write_text("torch==2.14.1 \\\n    --hash=sha256:0000\n", encoding="utf-8")
    block = '\n``` { .python .gpu title="Needs a CUDA GPU" }\nimport torch\nimport vllm\n```\n'
    for lang in ("ru", "en"):
        article = project / f"docs/articles/pruning.{lang}.md"
        article.write_text(article.read_text(encoding="utf-8") + block, encoding="utf-8")
    review = review_project(project)
    found = [(problem.file, problem.rule) for problem in review.problems if problem.rule == "CI510"]
    assert found == [("docs/articles/pruning.en.md", "CI510"), ("docs/articles/pruning.ru.md", "CI510")]
    assert all("'vllm'" in problem.message for problem in review.problems if problem.rule == "CI510")
    assert review.project is not None and [library.name for library in review.project.libraries["pruning", "en"]] == [
        "PyTorch"
    ]


def test_sizes_that_fit_no_assignment_are_refused_at_the_fence(project):
    block = '\n``` { .python sizes="BATCH = 8" }\nsteps = 10\nprint(steps)\n```\n'
    for lang in ("ru", "en"):
        article = project / f"docs/articles/pruning.{lang}.md"
        article.write_text(article.read_text(encoding="utf-8") + block, encoding="utf-8")
    fence = (project / "docs/articles/pruning.ru.md").read_text(encoding="utf-8").splitlines().index(
        '``` { .python sizes="BATCH = 8" }'
    ) + 1
    found = [(problem.file, problem.line) for problem in review_project(project).problems if problem.rule == "CI512"]
    assert found == [("docs/articles/pruning.en.md", fence), ("docs/articles/pruning.ru.md", fence)]
