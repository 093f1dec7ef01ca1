"""Each calculator computes what its article's own code computes.

A calculator's formula is written three times: in the article's Python block (what
readers copy, and the reference), in the build's `chapter.calculators` (the numbers a
page shows before any script runs) and in the page script `calculators.js` (what it
shows as a reader types). The article's functions are read from the article, run in
a bare Python in a subprocess (the build never runs article code) on cases generated
here, edges included, and both copies must agree with them to a relative 1e-9. The
last test changes one character of each copy's formula and requires the comparison
to fail, so the proof cannot pass by comparing nothing.
"""

from __future__ import annotations

import ast
import importlib.util
import itertools
import json
import math
import random
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from chapter.calculators import CALCULATORS
from tests.content.articles import read
from tools.site import ROOT

SCRIPT = ROOT / "overrides" / "chapter" / "calculators.js"
BUILD = ROOT / "hooks" / "chapter" / "calculators.py"
RELATIVE = 1e-9
NODE = shutil.which("node")
TIMEOUT = 60


@dataclass(frozen=True)
class Reference:
    """Where a calculator's reference lives and how its functions make the calculator's results from one case."""

    slug: str
    functions: tuple[str, ...]
    results: str  # Python run after the article's functions: `case` is one case, `result` the calculator's results
    # Functions of the article that print rather than return: their statements up to their first `if`, and that
    # `if`'s test, become `<name>_prefix`, which returns their variables and the test's value as `check`.
    prefixes: tuple[str, ...] = ()
    more: tuple[tuple[str, tuple[str, ...]], ...] = ()  # functions of other articles: (slug, names)

    def code(self, lang: str) -> str:
        """The reference: the article's functions, then those of the other articles it draws on."""
        parts = [article_functions(self.slug, lang, self.functions, self.prefixes)]
        return "\n\n".join(parts + [article_functions(slug, lang, names) for slug, names in self.more])


REFERENCES = {
    "checkpoint-interval": Reference(
        "backups-and-redundancy",
        ("young", "daly", "waste_fraction"),
        "c, r, m = case['c'], case['r'], case['mtbf']\n"
        "ty, td = young(c, m), daly(c, m)\n"
        "result = {'young': ty, 'daly': td, 'waste_young': waste_fraction(ty, c, r, m), 'waste_daly': "
        "waste_fraction(td, c, r, m)}\n",
    ),
    "inference-memory": Reference(
        "gpu-inference",
        ("kv_bytes_per_token",),
        "MODEL = {name: case[name] for name in ('params', 'layers', 'kv_heads', 'head_dim')}\n"
        "GPU = {'hbm': case['hbm']}\n"
        "got = decode_prefix('', case['w_bits'], case['kv_bytes'], case['batch'], case['ctx'], "
        "mem_util=case['mem_util'])\n"
        "kv_total = case['batch'] * case['ctx'] * got['kv_tok']\n"
        "result = {'weights': got['w_bytes'], 'kv_token': got['kv_tok'], 'kv_total': kv_total, 'total': "
        "got['w_bytes'] + kv_total,\n"
        "          'budget': GPU['hbm'] * case['mem_util'], 'capacity': got['cache_tokens'], 'fits': 0.0 if "
        "got['check'] else 1.0}\n",
        prefixes=("decode",),
    ),
    "training-memory": Reference(
        "distributed-training",
        ("zero_bytes_per_gpu",),
        "states = zero_bytes_per_gpu(case['params'], case['nd'], case['stage'], k=case['k'])\n"
        "optimizer = states - zero_bytes_per_gpu(case['params'], case['nd'], case['stage'], k=0)\n"
        "acts = activations_bytes(case['layers'], case['hidden'], case['heads'], case['seq'], case['micro_batch'],\n"
        "                         'full' if case['recompute'] else 'none', bool(case['fused']))\n"
        "fits = states + acts < 0.9 * case['hbm']  # gpu-in-pytorch's report(): a 10% reserve\n"
        "result = {'states': states, 'optimizer': optimizer, 'activations': acts, 'total': states + acts,\n"
        "          'budget': 0.9 * case['hbm'], 'fits': 1.0 if fits else 0.0}\n",
        more=(("gpu-in-pytorch", ("activations_bytes",)),),
    ),
}


def checkpoint_cases() -> list[dict[str, float]]:
    """Save times from half a second to a day, restarts from none to ten
    minutes, job MTBFs from six minutes to ten years (seconds).

    Edges: a save exactly twice the MTBF (where Daly's formula stops applying), just under it, and far beyond it.
    """
    grid = itertools.product((0.5, 1, 10, 60, 600, 3600, 86_400), (0, 60, 600), (0.1, 1, 3.1, 24, 168, 87_600))
    cases = [{"c": c, "r": r, "mtbf": hours * 3600} for c, r, hours in grid]
    edges = [(7200, 60, 3600), (7199.999, 60, 3600), (86_400, 600, 360), (1e-3, 0, 87_600 * 3600), (60, 604_800, 3600)]
    return cases + [{"c": c, "r": r, "mtbf": m} for c, r, m in edges]


def inference_cases() -> list[dict[str, float]]:
    """Models from half a billion to 671 billion parameters at 4 to 16 bits, on
    accelerators of 80 to 288 GB, drawn with a fixed seed.

    Edges: a batch whose tokens fill the cache exactly (fits) and by one token more (does not), and weights larger than
    the memory.
    """
    rng = random.Random(23)
    shapes = [(24, 2, 64), (36, 8, 128), (80, 8, 128), (126, 16, 128), (61, 128, 128)]
    memories = [81559 * 2**20, 141e9, 180e9, 192e9, 288e9]
    cases = []
    for _ in range(80):
        layers, kv_heads, head_dim = rng.choice(shapes)
        case = {
            "params": rng.choice([0.5e9, 8.2e9, 70e9, 405e9, 671e9]),
            "w_bits": rng.choice([16, 8, 4.5, 4]),
            "layers": layers,
            "kv_heads": kv_heads,
        }
        case |= {
            "head_dim": head_dim,
            "ctx": rng.choice([1, 2048, 8192, 131_072]),
            "batch": rng.choice([1, 16, 64, 256]),
        }
        cases.append(
            case
            | {"kv_bytes": rng.choice([2, 1, 0.5]), "mem_util": rng.choice([0.9, 0.5, 1]), "hbm": rng.choice(memories)}
        )
    edge = {
        "params": 8.2e9,
        "w_bits": 16,
        "layers": 36,
        "kv_heads": 8,
        "head_dim": 128,
        "batch": 1,
        "kv_bytes": 2,
        "mem_util": 0.9,
        "hbm": 81559 * 2**20,
    }
    capacity = int((edge["hbm"] * edge["mem_util"] - edge["params"] * edge["w_bits"] / 8) // (2 * 36 * 8 * 128 * 2))
    cases += [
        edge | {"ctx": capacity},
        edge | {"ctx": capacity + 1},
        edge | {"ctx": 1, "params": 405e9},
        edge | {"ctx": 1, "params": 1, "w_bits": 1},
    ]
    return cases


def training_cases() -> list[dict[str, float]]:
    """Every ZeRO stage, one GPU to thousands, models from 125 million to 405
    billion parameters, each attention and recomputation setting.

    Edges: K = 0 (no optimizer state), one GPU (sharding changes nothing), and a sequence far longer than the hidden
    size (eager attention's term dominates).
    """
    rng = random.Random(23)
    shapes = [(12, 768, 12), (24, 2048, 16), (32, 4096, 32), (80, 8192, 64), (126, 16384, 128)]
    cases = []
    for _ in range(80):
        layers, hidden, heads = rng.choice(shapes)
        case = {
            "params": rng.choice([0.125e9, 1.3e9, 7e9, 70e9, 405e9]),
            "k": rng.choice([12, 8, 4]),
            "stage": rng.choice([0, 1, 2, 3]),
        }
        case |= {
            "nd": rng.choice([1, 8, 64, 1024]),
            "layers": layers,
            "hidden": hidden,
            "heads": heads,
            "seq": rng.choice([512, 2048, 8192]),
        }
        case |= {"micro_batch": rng.choice([1, 4, 16]), "recompute": rng.choice([0, 1]), "fused": rng.choice([0, 1])}
        cases.append(case | {"hbm": rng.choice([81559 * 2**20, 141e9, 192e9])})
    edge = {
        "params": 7e9,
        "k": 12,
        "stage": 3,
        "nd": 8,
        "layers": 32,
        "hidden": 4096,
        "heads": 32,
        "seq": 2048,
        "micro_batch": 1,
        "recompute": 0,
        "fused": 1,
    }
    edge["hbm"] = 81559 * 2**20
    cases += [edge | {"k": 0}, edge | {"nd": 1}, edge | {"seq": 1_000_000, "fused": 0}] + [
        edge | {"stage": stage} for stage in range(4)
    ]
    return cases


CASES = {
    "checkpoint-interval": checkpoint_cases,
    "inference-memory": inference_cases,
    "training-memory": training_cases,
}


def article_functions(slug: str, lang: str, names: tuple[str, ...], prefixes: tuple[str, ...] = ()) -> str:
    """The article's imports and the named functions, unchanged, from the Python
    block that defines them all, and the prefixes asked for."""
    for block in read(slug, lang).code:
        if block.language != "python":
            continue
        tree = ast.parse(block.code)
        defined = {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef)}
        if set(names) | set(prefixes) <= set(defined):
            kept = [
                node
                for node in tree.body
                if isinstance(node, ast.Import | ast.ImportFrom)
                or (isinstance(node, ast.FunctionDef) and node.name in names)
            ]
            code = [ast.get_source_segment(block.code, node) or "" for node in kept]
            return "\n\n".join(code + [_prefix(defined[name]) for name in prefixes])
    raise AssertionError(
        f"{slug}.{lang}.md has no Python block defining {', '.join(names + prefixes)}: the calculator has "
        "lost its reference"
    )


def _prefix(function: ast.FunctionDef) -> str:
    """`<name>_prefix`: the function's statements up to its first `if`, returning
    their variables and that `if`'s test as `check`."""
    index = next(index for index, node in enumerate(function.body) if isinstance(node, ast.If))
    test = function.body[index]
    assert isinstance(test, ast.If)
    body = [
        *(ast.unparse(node) for node in function.body[:index]),
        f"return dict(locals(), check=({ast.unparse(test.test)}))",
    ]
    return f"def {function.name}_prefix({ast.unparse(function.args)}):\n" + "".join(
        f"    {line}\n" for line in "\n".join(body).splitlines()
    )


def run_reference(code: str, results: str, cases: list[dict[str, float]]) -> list[dict[str, float]]:
    """The article's functions run in a bare Python on every case."""
    driver = f"{code}\n\nimport json, sys\nout = []\nfor case in json.load(sys.stdin):\n" + "".join(
        f"    {line}\n" for line in results.splitlines()
    )
    driver += "    out.append(result)\nprint(json.dumps(out))\n"
    return _through([sys.executable, "-I", "-S", "-c", driver], cases)


def run_script(script: Path, calculator: str, cases: list[dict[str, float]]) -> list[dict[str, float]]:
    """The page script's formula run by Node on every case, imported as the browser imports it."""
    assert NODE, "Node.js is needed to run the page script (make test installs it for the accessibility gates)"
    runner = (
        f'import {{ readFileSync }} from "node:fs";\nimport {{ FORMULAS }} from {json.dumps(script.as_uri())};\n'
        f'const cases = JSON.parse(readFileSync(0, "utf8"));\n'
        f"console.log(JSON.stringify(cases.map((one) => FORMULAS[{json.dumps(calculator)}](one))));\n"
    )
    return _through([NODE, "--input-type=module", "-e", runner], cases)


def _through(command: list[str], cases: list[dict[str, float]]) -> list[dict[str, float]]:
    """What `command` prints as JSON, given the cases as JSON on its input; it must succeed."""
    done = subprocess.run(
        command, input=json.dumps(cases), capture_output=True, text=True, timeout=TIMEOUT, check=False
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def run_build(module: Path, calculator: str, cases: list[dict[str, float]]) -> list[dict[str, float]]:
    """The build's formula, loaded from `module` (the real one, or a changed
    copy), on every case in the formula's units."""
    spec = importlib.util.spec_from_file_location(f"calculators_under_test_{abs(hash(module))}", module)
    assert spec is not None and spec.loader is not None
    loaded = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = loaded  # dataclasses look their module up while the class is made
    try:
        spec.loader.exec_module(loaded)
    finally:
        del sys.modules[spec.name]
    return [loaded.CALCULATORS[calculator].formula(**case) for case in cases]


def disagreements(
    expected: list[dict[str, float]], found: list[dict[str, float]], cases: list[dict[str, float]]
) -> list[str]:
    """Each case and result where `found` is not `expected` to a relative 1e-9, or is not a finite number."""
    wrong = []
    for case, want, got in zip(cases, expected, found, strict=True):
        assert set(want) == set(got), f"{case}: results {sorted(got)}, the reference makes {sorted(want)}"
        wrong += [
            f"{case}: {name} = {got[name]!r}, the article's code gives {want[name]!r}"
            for name in want
            if not (
                isinstance(got[name], int | float)
                and math.isfinite(got[name])
                and math.isclose(got[name], want[name], rel_tol=RELATIVE, abs_tol=0)
            )
        ]
    return wrong


def compare(
    calculator: str, lang: str, *, reference: str | None = None, script: Path = SCRIPT, build: Path = BUILD
) -> list[str]:
    """What the script and the build's Python get wrong against the article's
    code (or `reference`, a changed copy of it)."""
    spec = REFERENCES[calculator]
    cases = CASES[calculator]()
    code = reference if reference is not None else spec.code(lang)
    expected = run_reference(code, spec.results, cases)
    return disagreements(expected, run_script(script, calculator, cases), cases) + disagreements(
        expected, run_build(build, calculator, cases), cases
    )


def test_every_calculator_has_a_reference_and_enough_cases():
    assert set(REFERENCES) == set(CALCULATORS) == set(CASES)
    for calculator in CALCULATORS:
        assert len(CASES[calculator]()) >= 50


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("calculator", sorted(REFERENCES))
def test_script_and_build_agree_with_the_articles_code(calculator, lang):
    assert compare(calculator, lang) == []


CHECKPOINT, INFERENCE, TRAINING = "checkpoint-interval", "inference-memory", "training-memory"
MUTATIONS = [
    pytest.param(CHECKPOINT, "script", "x / 9", "x / 8", id="script: Daly's third term"),
    pytest.param(CHECKPOINT, "script", "if (c >= 2 * mtbf)", "if (c > 2 * mtbf)", id="script: Daly's limit"),
    pytest.param(
        CHECKPOINT, "script", "(tau + c) / (2 * mtbf)", "(tau + c) / (3 * mtbf)", id="script: rework per failure"
    ),
    pytest.param(CHECKPOINT, "build", "x / 9", "x / 6", id="build: Daly's third term"),
    pytest.param(
        CHECKPOINT, "build", "return math.sqrt(2 * c * mtbf)\n", "return math.sqrt(3 * c * mtbf)\n", id="build: Young"
    ),
    pytest.param(CHECKPOINT, "reference", "x / 9", "x / 7", id="article: Daly's third term"),
    pytest.param(CHECKPOINT, "reference", "+ r / mtbf", "- r / mtbf", id="article: restarts"),
    pytest.param(
        INFERENCE, "script", "return 2 * layers * kvHeads", "return 3 * layers * kvHeads", id="script: KV per token"
    ),
    pytest.param(
        INFERENCE, "script", "batch * ctx <= capacity", "batch * ctx < capacity", id="script: the last token that fits"
    ),
    pytest.param(INFERENCE, "script", "(params * w_bits) / 8", "(params * w_bits) / 9", id="script: weights"),
    pytest.param(
        INFERENCE, "build", "weights = params * w_bits / 8", "weights = params * w_bits / 6", id="build: weights"
    ),
    pytest.param(
        INFERENCE,
        "build",
        "1.0 if batch * ctx <= capacity",
        "1.0 if batch * ctx < capacity",
        id="build: the last token that fits",
    ),
    pytest.param(INFERENCE, "reference", "return 2 * layers", "return 4 * layers", id="article: KV per token"),
    pytest.param(INFERENCE, "reference", "mem_util - w_bytes", "mem_util + w_bytes", id="article: the cache's room"),
    pytest.param(
        TRAINING,
        "script",
        "if (stage >= 2) grads /= nd;",
        "if (stage >= 3) grads /= nd;",
        id="script: ZeRO-2 shards gradients",
    ),
    pytest.param(
        TRAINING,
        "script",
        "(34 + (5 * heads * seq) / hidden)",
        "(34 + (6 * heads * seq) / hidden)",
        id="script: eager attention",
    ),
    pytest.param(TRAINING, "build", "per_layer = 34 * seq", "per_layer = 35 * seq", id="build: fused attention"),
    pytest.param(TRAINING, "build", "if stage >= 1:", "if stage >= 2:", id="build: ZeRO-1 shards the optimizer"),
    pytest.param(
        TRAINING, "reference", "per_layer = 2 * seq", "per_layer = 3 * seq", id="article: recomputation keeps the input"
    ),
    pytest.param(TRAINING, "reference", "weights /= nd", "weights *= nd", id="article: ZeRO-3 shards weights"),
]


@pytest.mark.parametrize(("calculator", "where", "before", "after"), MUTATIONS)
def test_a_one_character_change_to_any_copy_fails_the_comparison(calculator, where, before, after, tmp_path):
    spec = REFERENCES[calculator]
    reference = spec.code("en")
    texts = {
        "script": SCRIPT.read_text(encoding="utf-8"),
        "build": BUILD.read_text(encoding="utf-8"),
        "reference": reference,
    }
    assert texts[where].count(before) == 1, f"the {where} no longer holds {before!r}: update the mutation"
    texts[where] = texts[where].replace(before, after)
    script, build = tmp_path / "calculators.js", tmp_path / "calculators.py"
    script.write_text(texts["script"], encoding="utf-8")
    build.write_text(texts["build"], encoding="utf-8")
    assert compare(calculator, "en", reference=texts["reference"], script=script, build=build)
