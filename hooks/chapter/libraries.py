"""The libraries the articles' code imports, at the versions their examples are checked with.

`requirements-examples.in` pins every library an example imports, and
`requirements-examples.lock` (written from it by `make lock`) is what the tests
check the examples against; each topic page says which versions those were, so a
reader on another release knows where to look twice. The versions come from the
lock, never from an author's keyboard.
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .articles import CodeBlock

EXAMPLES_IN = "requirements-examples.in"
EXAMPLES_LOCK = "requirements-examples.lock"
# What an import names, the distribution that provides it, and how the articles name it.
KNOWN = {
    "torch": ("torch", "PyTorch"),
    "torchao": ("torchao", "torchao"),
    "optuna": ("optuna", "Optuna"),
    "ray": ("ray", "Ray"),
    "mlflow": ("mlflow", "MLflow"),
    "wandb": ("wandb", "W&B"),
    "transformers": ("transformers", "Transformers"),
    "vllm": ("vllm", "vLLM"),
    "numpy": ("numpy", "NumPy"),
}
PIN = re.compile(
    r"^(?P<name>[A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?==(?P<version>[^\s;\\]+)"
)  # name, extras, version


@dataclass(frozen=True)
class Library:
    name: str  # as the articles name it: PyTorch
    version: str  # as the lock pins it: 2.14.1


def pins(text: str) -> dict[str, tuple[str, int]]:
    """Each pinned distribution of a requirements file, normalised (PEP 503), with its version and line."""
    found = {}
    for number, line in enumerate(text.splitlines(), start=1):
        match = PIN.match(line)
        if match:
            found[_normalised(match["name"])] = (match["version"], number)
    return found


def imported(code: str) -> list[str]:
    """The top-level modules a block imports that are not the standard library's, in the order it imports them."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return []  # the content tests compile every block and name the error
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name.partition(".")[0] for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module.partition(".")[0])
    return [name for name in dict.fromkeys(names) if name not in sys.stdlib_module_names]


def checked_with(blocks: Iterable[CodeBlock], pinned: Mapping[str, tuple[str, int]]) -> tuple[Library, ...]:
    """The libraries an article's Python examples import, each at its pinned version.

    They come in the order the article first imports them.
    """
    libraries = []
    for block in blocks:
        if block.language != "python":
            continue
        for module in imported(block.code):
            distribution, name = KNOWN.get(module, (module, module))
            version = pinned.get(_normalised(distribution))
            if version is not None:
                libraries.append(Library(name, version[0]))
    return tuple(dict.fromkeys(libraries))


def unpinned(blocks: Iterable[CodeBlock], pinned: Mapping[str, tuple[str, int]]) -> list[tuple[int, str]]:
    """(line, module) of each library a block imports that the examples' requirements do not pin."""
    return [
        (block.line, module)
        for block in blocks
        if block.language == "python"
        for module in imported(block.code)
        if _normalised(KNOWN.get(module, (module, ""))[0]) not in pinned
    ]


def _normalised(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()
