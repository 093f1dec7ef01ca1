"""The articles' Python examples run, so they cannot rot unnoticed.

Examples that run on a CPU are executed: those that import only the standard
library in a bare Python (`-I -S`: no site-packages), because a reader copies
them into one; those that import a library in the examples' environment, at
the versions requirements-examples.lock pins, with the smaller sizes their
fence may declare (sizes.py). When a `text` block follows one directly, it is
the output the reader is promised, and the run must print exactly that.
Examples marked `.gpu` or `.cluster` need hardware the test machines lack;
they are compiled here and held to the pinned libraries' names and signatures
by test_library_examples.py.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from chapter.articles import CodeBlock
from chapter.libraries import imported
from chapter.sizes import sized
from tests.content.articles import every_article, read, text
from tools.check_examples import EXAMPLES_PYTHON

TIMEOUT = 300  # the Ray Tune example starts a local Ray cluster: it took 2 minutes on two busy cores


def _examples() -> list[tuple[str, CodeBlock, CodeBlock | None]]:
    """(where, code, promised output) of every Python block; the same code in both languages runs once."""
    seen, found = set(), []
    for slug, lang in every_article():
        outline = read(slug, lang)
        lines = text(slug, lang).splitlines()
        for index, block in enumerate(outline.code):
            if block.language != "python" or block.code in seen:
                continue
            seen.add(block.code)
            after = outline.code[index + 1] if index + 1 < len(outline.code) else None
            after_fence = block.line + block.code.count("\n") + 2  # index of the line after the closing fence
            between = lines[after_fence : after.line - 1] if after else None
            output = after if after and after.language == "text" and not any(line.strip() for line in between) else None
            found.append((f"{slug}.{lang}.md:{block.line}", block, output))
    return found


EXAMPLES = _examples()
ON_CPU = [pytest.param(block, output, id=where) for where, block, output in EXAMPLES if block.runs_on_cpu]
ELSEWHERE = [pytest.param(block, id=where) for where, block, _ in EXAMPLES if not block.runs_on_cpu]


def test_articles_have_examples_of_both_kinds():
    assert ON_CPU and ELSEWHERE


def _python(block: CodeBlock) -> list[str]:
    """A bare Python for a standard-library example; the examples' environment for one that imports a library."""
    if not imported(block.code):
        return [sys.executable, "-I", "-S"]
    assert EXAMPLES_PYTHON.is_file(), (
        f"{EXAMPLES_PYTHON} is missing: `make test` builds it from requirements-examples.lock"
    )
    return [str(EXAMPLES_PYTHON), "-I"]


def test_library_examples_run_on_a_cpu_too():
    """The collection cannot lose its library examples unnoticed: PyTorch,
    Optuna and Ray ones run, and some with smaller sizes."""
    running = [block for where, block, _ in EXAMPLES if block.runs_on_cpu and imported(block.code)]
    assert {"torch", "optuna", "ray"} <= {name for block in running for name in imported(block.code)}
    assert any(block.sizes for block in running)


@pytest.mark.parametrize(("block", "output"), ON_CPU)
def test_cpu_example_runs(block, output, tmp_path):
    result = subprocess.run(
        [*_python(block), "-c", sized(block)], cwd=tmp_path, capture_output=True, text=True, timeout=TIMEOUT
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip(), "an example prints what it computes"
    if output is not None:
        assert result.stdout.rstrip() == output.code.rstrip()


@pytest.mark.parametrize("block", ELSEWHERE)
def test_gpu_and_cluster_example_is_valid_python(block):
    compile(block.code, "<example>", "exec")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_format_table_is_what_its_script_prints(lang, tmp_path):
    """mixed-precision's table of format ranges is the output of the script
    above it, row for row: the script is its one source."""
    article = text("mixed-precision", lang)
    script = next(block for block in read("mixed-precision", lang).code if "| format | sign |" in block.code)
    result = subprocess.run(
        [sys.executable, "-I", "-S", "-c", script.code], cwd=tmp_path, capture_output=True, text=True, timeout=TIMEOUT
    )
    assert result.returncode == 0, result.stderr
    printed = [
        line for line in result.stdout.splitlines() if line.startswith("| ") and not line.startswith("| format |")
    ]
    lines = article.splitlines()
    start = next(
        index
        for index, line in enumerate(lines)
        if line.startswith("|") and index > script.line and lines[index + 1].startswith("|---")
    )
    table = [line for line in lines[start + 2 :] if line.startswith("|")][: len(printed)]
    assert len(printed) == 5 and table == printed
