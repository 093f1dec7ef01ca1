"""Check the articles' library examples against the pinned libraries, without running them.

Run by the examples' own environment (`.venv-examples/bin/python tools/check_examples.py`, built by `make test` from
requirements-examples.lock), it reads the blocks as JSON on stdin, `[{"file": …, "line": …, "code": …}]`, where
`line` is the line of the block's opening fence, and prints the problems as JSON on stdout,
`[{"file": …, "line": …, "column": …, "message": …}]`, the line being the article's. It exits 0 whether or not
there are problems: the caller decides; only malformed input exits 2. The tests call it from the project's own
environment through `check_in_examples_environment`, one run for all blocks.

A block that needs a GPU, NCCL or a cluster cannot run here, but its names can still be held to the libraries a
reader installs. For each block, parsed with `ast`:

- every import must succeed (`import torch.distributed as dist`, `from torchao.quantization import X`);
- every attribute chain rooted at an imported name (`torch.cuda.is_bf16_supported`, `dist.init_process_group`) must
  resolve, attribute by attribute, importing a submodule where an attribute is one not yet imported;
- every call of a callable resolved that way must pass only keyword arguments that its signature declares, unless it
  takes `**kwargs`. The signature comes from `inspect.signature`, or, for functions written in C that have none
  (`torch.zeros`), from the type stubs (`.pyi`) the library ships, any overload accepting.

What cannot be resolved statically is skipped, not guessed: calls on values (`model.to(...)`, `loss.backward()`),
whose type is known only at run time; a name the block binds itself as well as importing it; a callable with no
signature anywhere (some builtins); an attribute whose lookup needs hardware (it raises something other than
AttributeError on a CPU machine). Importing a library runs no example code and needs neither a GPU nor the network.
"""

from __future__ import annotations

import ast
import difflib
import importlib
import importlib.util
import inspect
import json
import subprocess
import sys
import types
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

# The examples' environment, which `make test` builds from requirements-examples.lock.
EXAMPLES_PYTHON = Path(__file__).resolve().parent.parent / ".venv-examples" / "bin" / "python"
# An attribute that could not be looked up on this machine for a reason other than its absence.
UNKNOWN = object()


@dataclass(frozen=True)
class Finding:
    """A problem at the article's file:line, in the shape the caller reads."""

    file: str
    line: int
    column: int
    message: str


@dataclass(frozen=True)
class Missing:
    """Why a dotted name does not resolve: the part resolved, the attribute it lacks, the names it has."""

    found: str
    attribute: str
    known: tuple[str, ...]

    def explain(self, name: str) -> str:
        """The message for an author: the name as written, what is missing where, and the nearest real name."""
        near = difflib.get_close_matches(self.attribute, self.known, n=1)
        hint = f" — did you mean `{self.found}.{near[0]}`?" if near else ""
        return (
            f"`{name}` does not resolve in the pinned libraries (requirements-examples.in): `{self.found}` has "
            f"no attribute `{self.attribute}`{hint}"
        )


@dataclass(frozen=True)
class Broken:
    """A name that exists but whose module fails to import with the pinned libraries (a missing extra, say)."""

    reason: str

    def explain(self, name: str) -> str:
        """The message for an author: the name as written and the import's own error."""
        return f"`{name}` cannot be used with the pinned libraries: {self.reason}"


def _import(module: str) -> types.ModuleType | str:
    """The module, or why it cannot be imported, as a sentence (an
    example's import is checked, never trusted to work)."""
    try:
        return importlib.import_module(module)
    except Exception as error:  # noqa: BLE001 - any failure to import is the finding
        return f"`import {module}` fails with the pinned libraries: {type(error).__name__}: {error}"


def _attribute(owner: Any, name: str) -> Any:
    """getattr, falling back to importing a submodule, as `import a.b` would make
    `a.b` available; UNKNOWN when the lookup itself fails."""
    try:
        return getattr(owner, name)
    except AttributeError:
        pass
    except Exception:  # noqa: BLE001 - a lazy attribute that needs a device: present, but not checkable here
        return UNKNOWN
    if isinstance(owner, types.ModuleType) and importlib.util.find_spec(f"{owner.__name__}.{name}") is not None:
        module = _import(f"{owner.__name__}.{name}")
        return Broken(module) if isinstance(module, str) else module
    raise AttributeError(name)


def resolve(module: str, attributes: list[str]) -> Any:
    """The object a dotted name stands for; Missing when one attribute of it is absent, Broken when its module fails to
    import, UNKNOWN when it cannot be known here."""
    current: Any = _import(module)
    if isinstance(current, str):
        return UNKNOWN  # the import's own finding names this
    path = module
    for name in attributes:
        try:
            current = _attribute(current, name)
        except AttributeError:
            return Missing(path, name, tuple(dir(current)))
        if current is UNKNOWN or isinstance(current, Broken):
            return current
        path = f"{path}.{name}"
    return current


class Stubs:
    """The type stubs (`.pyi`) a library ships, read once per run: where
    `inspect` finds no signature, the stubs give one.

    A function written in C often names a module it was not defined in (`torch.zeros` says `torch`, its stub is
    `torch/_C/_VariableFunctions.pyi`), so every top-level definition of the name in any stub of the package counts,
    every overload accepting: a keyword any of them declares passes, which can let a mistake through but never fails a
    correct call.
    """

    def __init__(self) -> None:
        self.packages: dict[str, dict[str, list[ast.FunctionDef]]] = {}

    def overloads(self, target: Any) -> list[ast.FunctionDef]:
        """The definitions of a callable's name in its package's stubs; none when
        it names no package or the package has none."""
        module, name = getattr(target, "__module__", None), getattr(target, "__name__", None)
        if not isinstance(module, str) or not isinstance(name, str):
            return []
        top = module.partition(".")[0]
        if top not in self.packages:
            self.packages[top] = self._read(top)
        return self.packages[top].get(name, [])

    @staticmethod
    def _read(top: str) -> dict[str, list[ast.FunctionDef]]:
        """Every top-level function of every stub in a package's folders, by name."""
        try:
            spec = importlib.util.find_spec(top)
        except (ImportError, ValueError):
            return {}
        found: dict[str, list[ast.FunctionDef]] = {}
        for folder in (spec.submodule_search_locations or []) if spec else []:
            for stub in sorted(Path(folder).rglob("*.pyi")):
                for node in ast.parse(stub.read_text(encoding="utf-8")).body:
                    if isinstance(node, ast.FunctionDef):
                        found.setdefault(node.name, []).append(node)
        return found


def keywords_accepted(target: Any, stubs: Stubs) -> frozenset[str] | None:
    """The keyword argument names a callable accepts; None when it accepts any
    (`**kwargs`) or its signature cannot be known."""
    try:
        parameters = inspect.signature(target).parameters.values()
    except (TypeError, ValueError):
        overloads = stubs.overloads(target)
        if not overloads or any(overload.args.kwarg for overload in overloads):
            return None
        return frozenset(
            argument.arg for overload in overloads for argument in overload.args.args + overload.args.kwonlyargs
        )
    if any(parameter.kind is inspect.Parameter.VAR_KEYWORD for parameter in parameters):
        return None
    return frozenset(
        parameter.name for parameter in parameters if parameter.kind is not inspect.Parameter.POSITIONAL_ONLY
    )


def _bound_locally(tree: ast.AST) -> set[str]:
    """Names the block binds itself (assignment, loop, `with`, parameters,
    definitions): an import of the same name is not followed."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
    return names


def _dotted(node: ast.expr) -> tuple[str, list[str]] | None:
    """`a.b.c` as ("a", ["b", "c"]); None for a chain that starts at
    anything but a name (a call, a subscript: a value)."""
    attributes: list[str] = []
    while isinstance(node, ast.Attribute):
        attributes.insert(0, node.attr)
        node = node.value
    return (node.id, attributes) if isinstance(node, ast.Name) else None


class BlockChecker(ast.NodeVisitor):
    """The findings of one block: imports, the names rooted at them, the keyword arguments of their calls."""

    def __init__(self, file: str, line: int, stubs: Stubs) -> None:
        self.file, self.line, self.stubs = file, line, stubs
        self.imported: dict[str, tuple[str, list[str]]] = {}  # the name in the block: (module, attributes within it)
        self.findings: list[Finding] = []

    def report(self, node: ast.AST, message: str) -> None:
        """A finding at the article's line: the fence's line plus the node's line within the block."""
        self.findings.append(
            Finding(self.file, self.line + getattr(node, "lineno", 1), getattr(node, "col_offset", 0) + 1, message)
        )

    def collect_imports(self, tree: ast.Module) -> None:
        """Every name an import binds, checked as it is imported; relative and star imports name nothing checkable."""
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    self._import_module(node, alias)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                self._import_from(node, node.module)
        for name in _bound_locally(tree):
            self.imported.pop(name, None)

    def _import_module(self, node: ast.Import, alias: ast.alias) -> None:
        module = _import(alias.name)
        if isinstance(module, str):
            self.report(node, module)
        elif alias.asname:
            self.imported[alias.asname] = (alias.name, [])
        else:
            root = alias.name.partition(".")[0]
            self.imported[root] = (root, [])

    def _import_from(self, node: ast.ImportFrom, module: str) -> None:
        imported = _import(module)
        if isinstance(imported, str):
            self.report(node, imported)
            return
        for alias in node.names:
            if alias.name == "*":
                continue
            found = resolve(module, [alias.name])
            if isinstance(found, (Missing, Broken)):
                self.report(
                    node, f"`from {module} import {alias.name}` fails: {found.explain(f'{module}.{alias.name}')}"
                )
            else:
                self.imported[alias.asname or alias.name] = (module, [alias.name])

    def lookup(self, node: ast.expr) -> tuple[str, Any] | None:
        """The written name and the object of an expression rooted at an imported name; None for anything else."""
        dotted = _dotted(node)
        if dotted is None or dotted[0] not in self.imported:
            return None
        root, attributes = dotted
        module, within = self.imported[root]
        return ".".join([root, *attributes]), resolve(module, within + attributes)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        """A chain rooted at an import is resolved once, as a whole; any other
        chain is a value, whose parts are visited."""
        found = self.lookup(node)
        if found is None:
            self.generic_visit(node)
        elif isinstance(found[1], (Missing, Broken)):
            self.report(node, found[1].explain(found[0]))

    def visit_Call(self, node: ast.Call) -> None:
        """Each keyword argument of a call of a resolved callable must be a parameter of it."""
        found = self.lookup(node.func)
        if (
            found is not None
            and not isinstance(found[1], (Missing, Broken))
            and found[1] is not UNKNOWN
            and callable(found[1])
        ):
            name, target = found
            accepted = keywords_accepted(target, self.stubs)
            for keyword in node.keywords:
                if accepted is not None and keyword.arg is not None and keyword.arg not in accepted:
                    near = difflib.get_close_matches(keyword.arg, sorted(accepted), n=1)
                    hint = f" — did you mean `{near[0]}=`?" if near else ""
                    self.report(
                        keyword,
                        f"`{name}()` has no keyword argument `{keyword.arg}` in the pinned libraries "
                        f"(requirements-examples.in){hint}",
                    )
        self.generic_visit(node)


def check_block(file: str, line: int, code: str, stubs: Stubs) -> list[Finding]:
    """The findings of one block, or its syntax error."""
    try:
        tree = ast.parse(code)
    except SyntaxError as error:
        return [
            Finding(
                file, line + (error.lineno or 1), (error.offset or 1), f"the example is not valid Python: {error.msg}"
            )
        ]
    checker = BlockChecker(file, line, stubs)
    checker.collect_imports(tree)
    checker.visit(tree)
    return checker.findings


def _blocks(data: Any) -> Iterator[tuple[str, int, str]]:
    """The blocks of the input, each shape-checked: the caller's mistake is named, not a traceback."""
    if not isinstance(data, list):
        raise ValueError("expected a JSON list of blocks")
    for index, block in enumerate(data):
        if not (
            isinstance(block, dict)
            and isinstance(block.get("file"), str)
            and isinstance(block.get("line"), int)
            and isinstance(block.get("code"), str)
        ):
            raise ValueError(f"block {index}: expected {{'file': str, 'line': int, 'code': str}}")
        yield block["file"], block["line"], block["code"]


def check_in_examples_environment(blocks: list[dict[str, Any]], *, timeout: float = 600) -> list[dict[str, Any]]:
    """The caller's side, from the project's own environment: every block
    checked by one run of this file in .venv-examples.

    The environment is required, never skipped over: without it the libraries' names cannot be checked at all.
    """
    if not EXAMPLES_PYTHON.is_file():
        raise ExamplesEnvironmentError(
            f"{EXAMPLES_PYTHON.parent.parent.name} is missing: `make test` builds it from "
            "requirements-examples.lock (so does `make check`)"
        )
    # -I: only the pinned libraries are importable, not the project's own folders (`tools/` would be, as the script's).
    command = [str(EXAMPLES_PYTHON), "-I", str(Path(__file__).resolve())]
    try:
        result = subprocess.run(
            command, input=json.dumps(blocks), capture_output=True, text=True, timeout=timeout, check=False
        )
    except subprocess.TimeoutExpired as error:
        raise ExamplesEnvironmentError(
            f"the examples' checker did not finish within {timeout:g} s: an import that hangs?"
        ) from error
    if result.returncode != 0:
        raise ExamplesEnvironmentError(
            f"the examples' checker failed in {EXAMPLES_PYTHON.parent.parent.name} (exit "
            f"{result.returncode}): {result.stderr.strip()}"
        )
    findings: list[dict[str, Any]] = json.loads(result.stdout)
    return findings


class ExamplesEnvironmentError(RuntimeError):
    """.venv-examples is absent or its checker could not run: the message says what to do."""


def main() -> int:
    """Read blocks on stdin, print every finding as JSON on stdout."""
    try:
        blocks = list(_blocks(json.load(sys.stdin)))
    except ValueError as error:
        print(f"check_examples: {error}", file=sys.stderr)
        return 2
    stubs = Stubs()
    findings = [finding for file, line, code in blocks for finding in check_block(file, line, code, stubs)]
    json.dump([asdict(finding) for finding in findings], sys.stdout, ensure_ascii=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
