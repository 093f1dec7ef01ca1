"""The `chapter` command as an author runs it: installed, exiting 1 when
something needs doing, refusing without writing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from chapter.__main__ import main
from tools.site import MINI, copy_project, files_of


@pytest.fixture
def project(tmp_path):
    return copy_project(tmp_path / "project", data=MINI)


def test_the_package_installs_a_chapter_command(project):
    command = Path(sys.executable).parent / "chapter"
    result = subprocess.run([command, "status"], cwd=project, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0].split() == ["topic", "ru", "en", "translation", "label"]


def test_status_exits_1_while_a_translation_lags(project, capsys):
    assert main(["status", "--root", str(project)]) == 0
    article = project / "docs/articles/pruning.en.md"
    article.write_text(
        article.read_text(encoding="utf-8").replace("smallest magnitude", "lowest magnitude"), encoding="utf-8"
    )
    capsys.readouterr()
    assert main(["status", "--root", str(project), "--format", "github"]) == 1
    out = capsys.readouterr().out
    assert "ru behind: how-it-works" in out
    assert (
        "::notice file=docs/articles/pruning.ru.md,line=1,title=CI202::section 'how-it-works' is behind pruning.en.md:1"
        in out
    )


def test_check_prints_annotations_on_the_lines_of_the_diff(project, capsys):
    article = project / "docs/articles/pruning.en.md"
    article.write_text(
        article.read_text(encoding="utf-8").replace("## Sources { #sources }", "## Sources"), encoding="utf-8"
    )
    assert main(["check", "--drafts", "--format", "github", str(project)]) == 1
    printed = capsys.readouterr()
    assert printed.err == ""  # the runner reads workflow commands from standard output
    lines = printed.out.splitlines()
    line = article.read_text(encoding="utf-8").splitlines().index("## Sources") + 1
    assert (
        f"::error file=docs/articles/pruning.en.md,line={line},title=CI504::heading 'Sources' needs an explicit anchor"
        in "\n".join(lines)
    )
    assert all(row.startswith("::error ") for row in lines)


def test_sync_refuses_what_it_cannot_record_and_writes_nothing(project, capsys):
    before = files_of(project)
    assert main(["sync", "gpu-architecture", "--root", str(project)]) == 1
    assert (
        capsys.readouterr().err.strip()
        == "cannot bring 'gpu-architecture' in step: its article is not written in both languages"
    )
    assert main(["sync", "prunning", "--root", str(project)]) == 1
    assert capsys.readouterr().err.strip() == "cannot bring 'prunning' in step: no topic has that slug"
    assert main(["sync", "pruning", "--section", "why", "--root", str(project)]) == 1
    assert capsys.readouterr().err.strip() == "'pruning' has no section 'why'; its sections are: how-it-works, sources"
    assert files_of(project) == before


def test_sync_of_one_section_leaves_the_others_lagging(project, capsys):
    for lang, old, new in (
        ("ru", "наименьшей величиной", "самой малой величиной"),
        ("ru", "## Источники", "## Первоисточники"),
    ):
        article = project / f"docs/articles/pruning.{lang}.md"
        article.write_text(article.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    assert main(["sync", "pruning", "--section", "how-it-works", "--root", str(project)]) == 0
    capsys.readouterr()
    main(["check", str(project)])
    lags = [
        line.split(" CI202 ")[1].split(" is behind")[0]
        for line in capsys.readouterr().err.splitlines()
        if " CI202 " in line
    ]
    assert lags == ["section 'sources'"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (["--after", "nowhere"], "--after 'nowhere': topics.yaml has no such topic"),
        (["--origin", "mlosp"], "topics.yaml:"),  # the loader's own message, with its place
        (["--label", "hot"], "unknown label 'hot'"),
    ],
)
def test_new_topic_refuses_a_wrong_request_and_writes_nothing(project, capsys, change, message):
    before = files_of(project)
    args = [
        "new-topic",
        "gpu-memory",
        "--title-ru",
        "Память GPU",
        "--title-en",
        "GPU Memory",
        "--summary-ru",
        "Кратко.",
        "--summary-en",
        "Briefly.",
    ]
    assert main([*args, *change, "--root", str(project)]) == 1
    assert message in capsys.readouterr().err
    assert files_of(project) == before


def test_new_topic_refuses_a_slug_that_is_taken_or_malformed(project, capsys):
    args = ["--title-ru", "П", "--title-en", "P", "--summary-ru", "К.", "--summary-en", "B.", "--root", str(project)]
    assert main(["new-topic", "pruning", *args]) == 1
    assert capsys.readouterr().err.strip() == "topics.yaml already has a topic 'pruning'"
    assert main(["new-topic", "GPU_Memory", *args]) == 1
    assert "is not a lower-case kebab-case slug" in capsys.readouterr().err


def test_sync_all_records_every_pair_in_step(project, capsys):
    for lang, old, new in (
        ("ru", "наименьшей величиной", "самой малой величиной"),
        ("en", "smallest magnitude", "lowest magnitude"),
    ):
        article = project / f"docs/articles/pruning.{lang}.md"
        article.write_text(article.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    main(["check", str(project)])
    assert " CI203 " in capsys.readouterr().err
    assert main(["sync", "--all", "--root", str(project)]) == 0
    assert capsys.readouterr().out == "in step: pruning\n"
    main(["check", str(project)])
    assert " CI20" not in capsys.readouterr().err
