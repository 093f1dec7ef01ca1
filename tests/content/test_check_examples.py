"""tools/check_examples.py on blocks written here, run as the content test
runs it: in .venv-examples, against the pinned PyTorch.

A GPU-only block cannot run on the test machines; the checker must still catch a renamed keyword argument and a
misspelt name, at the article's file:line, and accept the block as written.
"""

from __future__ import annotations

from typing import Any

import pytest

import tools.check_examples
from tools.check_examples import ExamplesEnvironmentError, check_in_examples_environment

GPU_BLOCK = """\
import torch
import torch.distributed as dist
from torch import nn

if torch.cuda.is_available() and torch.cuda.is_bf16_supported():
    x = torch.zeros(2, device="cpu", dtype=torch.float32)
    layer = nn.Linear(2, 2, bias=False)
    dist.init_process_group(backend="nccl")
    x.to(device="cuda", non_blocking=True)
"""

# Each block below is the one above with one mistake; the fence is at line
# 40 of its article, so its line N is line 40 + N.
BLOCKS = {
    "as-written": GPU_BLOCK,
    "renamed-keyword": GPU_BLOCK.replace("dtype=torch.float32", "dtpye=torch.float32"),
    "misspelt-name": GPU_BLOCK.replace("is_bf16_supported", "is_bf16_suported"),
    "renamed-class-keyword": GPU_BLOCK.replace("bias=False", "use_bias=False"),
    "missing-import": GPU_BLOCK.replace("from torch import nn", "from torch import nnn as nn"),
    "project-module": GPU_BLOCK.replace("import torch\n", "import torch\nimport same_site\n", 1),
}
FENCE = 40


@pytest.fixture(scope="module")
def findings() -> dict[str, list[dict[str, Any]]]:
    """The findings of every block above, by block, from one run of the checker in .venv-examples."""
    blocks = [{"file": f"docs/articles/{name}.en.md", "line": FENCE, "code": code} for name, code in BLOCKS.items()]
    try:
        found = check_in_examples_environment(blocks)
    except ExamplesEnvironmentError as error:
        pytest.fail(str(error))
    return {name: [finding for finding in found if finding["file"] == f"docs/articles/{name}.en.md"] for name in BLOCKS}


def test_a_gpu_only_block_as_written_passes(findings):
    """Names and keywords are correct; the call on a value (`x.to(...)`) is
    not resolvable statically and is left alone."""
    assert findings["as-written"] == []


def test_a_renamed_keyword_argument_fails_at_the_articles_line(findings):
    [finding] = findings["renamed-keyword"]
    assert (finding["file"], finding["line"]) == ("docs/articles/renamed-keyword.en.md", FENCE + 6)
    assert (
        "`torch.zeros()`" in finding["message"] and "`dtpye`" in finding["message"] and "`dtype=`" in finding["message"]
    )


def test_a_misspelt_name_fails_at_the_articles_line(findings):
    [finding] = findings["misspelt-name"]
    assert (finding["file"], finding["line"]) == ("docs/articles/misspelt-name.en.md", FENCE + 5)
    assert (
        "`torch.cuda.is_bf16_suported`" in finding["message"] and "`torch.cuda.is_bf16_supported`" in finding["message"]
    )


def test_a_renamed_keyword_of_a_class_imported_by_name_fails(findings):
    [finding] = findings["renamed-class-keyword"]
    assert finding["line"] == FENCE + 7 and "`nn.Linear()`" in finding["message"] and "`use_bias`" in finding["message"]


def test_an_import_of_a_name_the_library_lacks_fails(findings):
    [finding] = findings["missing-import"]
    assert (
        finding["line"] == FENCE + 3
        and "`from torch import nnn` fails" in finding["message"]
        and "`torch.nn`" in finding["message"]
    )


def test_without_the_examples_environment_the_check_fails_saying_how_to_build_it(monkeypatch, tmp_path):
    monkeypatch.setattr(tools.check_examples, "EXAMPLES_PYTHON", tmp_path / ".venv-examples" / "bin" / "python")
    with pytest.raises(ExamplesEnvironmentError, match="`make test` builds it"):
        check_in_examples_environment([{"file": "docs/articles/x.en.md", "line": 1, "code": "import torch\n"}])


def test_an_example_cannot_import_the_projects_own_modules(findings):
    """The checker sees the pinned libraries only: tools/same_site.py, beside the checker, is not importable, so an
    article cannot run the repository's code through it."""
    [finding] = findings["project-module"]
    assert finding["line"] == FENCE + 2 and "`import same_site` fails" in finding["message"]
