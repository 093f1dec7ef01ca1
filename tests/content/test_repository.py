"""The repository as committed carries the seed and passes its own checks: the chapter's, the schema's, pre-commit's
and CI's.

These read the real catalogue, articles and code, so an author's mistake fails them; the unit tests hold the same
commands to their behaviour on the small chapter.
"""

from __future__ import annotations

import shlex
import subprocess

import yaml

from chapter.__main__ import main
from chapter.loader import load_catalogue
from tests.unit.test_author_tooling import HOOKS, JOBS
from tests.unit.test_schema import SCHEMA_NAME, VALIDATOR, EditorLoader, schema_accepts
from tools.site import ROOT

TOPICS = ROOT / "topics.yaml"


def test_check_command_succeeds_on_the_real_project(seed, capsys):
    borrowed = sum(1 for topic in seed.topics if "из «" in topic.ru_line)
    assert main(["check", str(ROOT)]) == 0
    assert (
        capsys.readouterr().out
        == f"topics.yaml: {len(seed.topics)} topics, {borrowed} of them from other chapters; no problems found\n"
    )


def test_chapter_matches_the_seed(catalogue, seed):
    assert catalogue.chapter.title.en == seed.title_en
    assert catalogue.chapter.title.ru == seed.title_ru
    assert catalogue.chapter.summary.ru == seed.summary_ru


def test_topics_match_the_seed_in_order(catalogue, seed):
    assert len(catalogue.topics) == len(seed.topics) == 20
    for topic, expected in zip(catalogue.topics, seed.topics, strict=True):
        assert topic.title.en == expected.title_en
        assert topic.label.name.ru == expected.label_ru
        origin = f"из «{topic.origin.title.ru}»" if topic.origin else ""
        assert topic.title.ru + origin + topic.summary.ru == expected.ru_line


def test_nine_topics_are_borrowed(catalogue):
    assert len(catalogue.borrowed) == 9
    assert {topic.origin.id for topic in catalogue.borrowed} == {chapter.id for chapter in catalogue.chapters}


def test_every_english_text_is_written(catalogue):
    texts = (
        [catalogue.chapter.summary]
        + [t.summary for t in catalogue.topics]
        + [label.meaning for label in catalogue.labels]
    )
    for text in texts:
        assert text.en.strip() and text.en != text.ru


def test_real_catalogue_loads_strictly_without_doubts():
    warnings: list[str] = []
    load_catalogue(TOPICS, strict=True, warn=warnings.append)
    assert warnings == []


def test_the_schema_accepts_the_real_catalogue():
    text = TOPICS.read_text(encoding="utf-8")
    assert schema_accepts(text), [
        error.message for error in VALIDATOR.iter_errors(yaml.load(text, Loader=EditorLoader))
    ]


def test_topics_yaml_points_editors_at_the_schema():
    first = TOPICS.read_text(encoding="utf-8").splitlines()[0]
    assert first == f"# yaml-language-server: $schema=./{SCHEMA_NAME}"
    assert TOPICS.parent.joinpath(first.split("$schema=")[1]).is_file()


def test_every_pre_commit_hook_passes_on_the_repository():
    for hook in HOOKS:
        files = [] if hook.get("pass_filenames") is False else ["hooks", "tests", "tools", "benchmarks"]
        result = subprocess.run(
            [*shlex.split(hook["entry"]), *files], cwd=ROOT, capture_output=True, text=True, timeout=120
        )
        assert result.returncode == 0, f"{hook['id']}: {result.stdout}{result.stderr}"


def test_the_jobs_check_step_passes_on_the_repository():
    step = next(step["run"] for step in JOBS["review"]["steps"] if "--format github" in step.get("run", ""))
    result = subprocess.run(["bash", "-c", step], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "::error" not in result.stdout + result.stderr
