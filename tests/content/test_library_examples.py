"""Every article example that imports a library is held to the pinned release of that library.

Those that run on a CPU are run in test_code_examples.py; those that need a GPU, NCCL or a cluster cannot run on
the test machines. Here every Python block that imports anything outside the standard library, either kind, goes in
both languages through tools/check_examples.py in .venv-examples (the libraries of requirements-examples.lock): each
import succeeds, each name rooted at an import resolves, each keyword argument of a call of such a name is one its
signature declares. One run checks all of them.
"""

from __future__ import annotations

import pytest

from chapter.libraries import imported
from tests.content.articles import every_article, read
from tools.check_examples import ExamplesEnvironmentError, check_in_examples_environment


def _library_blocks() -> list[dict[str, object]]:
    """Every Python block of every article, in each language, that imports a module outside the standard library."""
    blocks = []
    for slug, lang in every_article():
        for block in read(slug, lang).code:
            if block.language == "python" and imported(block.code):
                blocks.append({"file": f"docs/articles/{slug}.{lang}.md", "line": block.line, "code": block.code})
    return blocks


BLOCKS = _library_blocks()


def test_the_articles_have_library_examples_of_every_pinned_library():
    """The collection cannot go empty unnoticed: the articles' torch, Optuna
    and Ray listings are among the blocks checked."""
    libraries = {name for block in BLOCKS for name in imported(str(block["code"]))}
    assert {"torch", "optuna", "ray"} <= libraries


def test_every_library_example_resolves_in_the_pinned_libraries():
    try:
        findings = check_in_examples_environment(BLOCKS)
    except ExamplesEnvironmentError as error:
        pytest.fail(str(error))
    report = "\n".join(f"{finding['file']}:{finding['line']}: {finding['message']}" for finding in findings)
    assert not findings, f"{len(findings)} problem(s) in the articles' library examples:\n{report}"
