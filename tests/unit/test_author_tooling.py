"""The pre-commit hooks and the pull-request job run the chapter's own commands, and those commands work as written
there (that they pass on the repository as committed is a content test: tests/content/test_repository.py)."""

from __future__ import annotations

import os
import re
import subprocess

import yaml

from chapter.loader import load_catalogue
from tools.site import ROOT

HOOKS = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))["repos"][0]["hooks"]
JOBS = yaml.safe_load((ROOT / ".github/workflows/site.yml").read_text(encoding="utf-8"))["jobs"]


def _hook(name: str) -> dict:
    return next(hook for hook in HOOKS if hook["id"] == name)


def test_the_chapter_hook_runs_when_data_or_articles_change():
    pattern = re.compile(_hook("chapter-check")["files"])
    read = (
        "topics.yaml",
        "glossary.yaml",
        "facts.yaml",
        "docs/articles/pruning.ru.md",
        "docs/articles/translations.yaml",
        "docs/figures/x.svg",
    )
    assert [path for path in read if not pattern.search(path)] == []
    assert not pattern.search("README.md")
    assert _hook("chapter-check")["entry"].endswith("chapter check --strict")


def test_the_schema_hook_runs_when_a_declaration_or_a_schema_changes():
    pattern = re.compile(_hook("chapter-schema")["files"])
    watched = ("hooks/chapter/catalogue.py", "hooks/chapter/facts.py", "topics.schema.json", "facts.schema.json")
    assert [path for path in watched if not pattern.search(path)] == []
    assert not pattern.search("hooks/chapter/render.py")


def test_the_pull_request_job_builds_uploads_and_summarises():
    review = JOBS["review"]
    assert review["if"] == "github.event_name == 'pull_request'"
    runs = [step.get("run", "") for step in review["steps"]]
    assert "make build" in runs
    upload = next(step for step in review["steps"] if step.get("uses", "").startswith("actions/upload-artifact@"))
    assert upload["with"]["path"].rstrip("/") == "site" and upload["if"] == "always()"


def test_the_jobs_status_step_writes_a_table_of_every_topic_to_the_summary(tmp_path):
    catalogue = load_catalogue(ROOT / "topics.yaml")  # the step reports on the repository itself
    step = next(step["run"] for step in JOBS["review"]["steps"] if "GITHUB_STEP_SUMMARY" in step.get("run", ""))
    summary = tmp_path / "summary.md"
    subprocess.run(
        ["bash", "-c", step], cwd=ROOT, env={**os.environ, "GITHUB_STEP_SUMMARY": str(summary)}, check=True, timeout=120
    )
    rows = [row for row in summary.read_text(encoding="utf-8").splitlines() if row.startswith("| ")]
    assert rows[0] == "| topic | ru | en | translation | label |"
    assert [row.split(" | ")[0].removeprefix("| ") for row in rows[1:]] == [topic.slug for topic in catalogue.topics]
