"""The chapter's live calculators: their formulas, their inputs and the typical cases each page tables.

A calculator's formula lives in three places: the article's own code block (what
a reader copies and the tests run), this module (the numbers the build writes
into the page, so a reader without JavaScript sees real results) and the page
script `overrides/chapter/calculators.js` (which recomputes as the reader
types). The build never runs an article's code, which is untrusted text; the
content tests run it on generated cases and hold this module and the script to
it (tests/content/test_calculator_proof.py), so the three cannot drift apart.

Plain standard-library Python on purpose: the tests load a mutated copy of this
file to show that the comparison would catch a changed formula.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

Values = Mapping[str, float]


@dataclass(frozen=True)
class Field:
    """One input: its name, the unit a reader types it in, and the values that make sense.

    `scale` turns the reader's unit into the formula's (hours into seconds: 3600).
    `low_open`: `low` itself is refused (a save time of zero makes every share 0/0).
    """

    name: str
    unit: str
    default: float
    low: float
    high: float
    low_open: bool = False
    scale: float = 1.0
    whole: bool = False  # counts: layers, heads, tokens


@dataclass(frozen=True)
class Choice:
    """An input chosen among facts of facts.yaml, such as an accelerator's memory.

    The formula gets the fact's value in bytes.

    The build writes each option's bytes into the page, so the script holds no hardware figure of its own.
    """

    name: str
    options: tuple[str, ...]  # fact ids, in the order the list shows them
    default: str
    scale: float = 1.0


@dataclass(frozen=True)
class Switch:
    """An input that is on or off, such as activation recomputation: the formula gets 1 or 0."""

    name: str
    default: bool
    scale: float = 1.0


@dataclass(frozen=True)
class Result:
    """One output: the formula's value divided by `scale` is shown in `unit` with at most `digits` decimals."""

    name: str
    unit: str
    digits: int = 1
    scale: float = 1.0
    verdict: bool = False  # 1 or 0, shown as yes or no in words


@dataclass(frozen=True)
class Calculator:
    id: str
    fields: tuple[Field | Choice | Switch, ...]
    results: tuple[Result, ...]
    formula: Callable[..., dict[str, float]]  # keyword arguments in the formula's units, by field name
    # The typical cases the page tables: the fields' values in the reader's units (a fact id for a choice), in order.
    cases: tuple[tuple[float | str, ...], ...]
    table: tuple[str, ...] = ()  # the fields and results the table shows; all of them if empty

    def compute(self, values: Values) -> dict[str, float]:
        """The results for inputs in the reader's units (a choice as its fact's bytes), each in the formula's units."""
        return self.formula(**{field.name: values[field.name] * field.scale for field in self.fields})

    @property
    def defaults(self) -> dict[str, float | str]:
        return {
            field.name: float(field.default) if isinstance(field, Switch) else field.default for field in self.fields
        }

    @property
    def facts(self) -> tuple[str, ...]:
        """The facts the calculator's choices offer."""
        return tuple(fact for field in self.fields if isinstance(field, Choice) for fact in field.options)

    def case(self, row: tuple[float | str, ...]) -> dict[str, float | str]:
        """A typical case as inputs by field name."""
        return {field.name: value for field, value in zip(self.fields, row, strict=True)}


# Bytes in one unit of facts.yaml, for the facts a calculator offers as a choice.
BYTES_PER_UNIT: Mapping[str, float] = MappingProxyType({"gb": 1e9, "gib": 2**30, "mb": 1e6, "mib": 2**20})


def young(c: float, mtbf: float) -> float:
    """Young (1974): the first-order optimal checkpoint interval, in the units of `c` and `mtbf`."""
    return math.sqrt(2 * c * mtbf)


def daly(c: float, mtbf: float) -> float:
    """Daly (2006): the higher-order estimate, valid for c < 2·mtbf; beyond it, the interval is mtbf."""
    if c >= 2 * mtbf:
        return mtbf
    x = c / (2 * mtbf)
    return math.sqrt(2 * c * mtbf) * (1 + math.sqrt(x) / 3 + x / 9) - c


def waste_fraction(tau: float, c: float, r: float, mtbf: float) -> float:
    """First-order share of wall-clock time not spent on useful work: saving, rework and restarts."""
    return c / (tau + c) + (tau + c) / (2 * mtbf) + r / mtbf


def checkpoint(c: float, r: float, mtbf: float) -> dict[str, float]:
    """Both intervals (seconds) and the share of time lost at each (a fraction)."""
    tau_young, tau_daly = young(c, mtbf), daly(c, mtbf)
    return {
        "young": tau_young,
        "daly": tau_daly,
        "waste_young": waste_fraction(tau_young, c, r, mtbf),
        "waste_daly": waste_fraction(tau_daly, c, r, mtbf),
    }


CHECKPOINT_INTERVAL = Calculator(
    id="checkpoint-interval",
    fields=(
        Field("c", "second", 60, 0, 86_400, low_open=True),
        Field("r", "second", 600, 0, 604_800),
        Field("mtbf", "hour", 3.1, 0, 87_600, low_open=True, scale=3600),
    ),
    results=(
        Result("young", "minute", scale=60),
        Result("daly", "minute", scale=60),
        Result("waste_young", "percent", scale=0.01),
        Result("waste_daly", "percent", scale=0.01),
    ),
    formula=checkpoint,
    cases=((60, 600, 3.1), (10, 120, 3.1), (60, 600, 24), (600, 1800, 24), (60, 600, 168)),
)


def kv_bytes_per_token(layers: float, kv_heads: float, head_dim: float, elem_bytes: float) -> float:
    """Keys and values, for every layer and every KV head: the article's `kv_bytes_per_token`."""
    return 2 * layers * kv_heads * head_dim * elem_bytes


def inference_memory(
    params: float,
    w_bits: float,
    layers: float,
    kv_heads: float,
    head_dim: float,
    ctx: float,
    batch: float,
    kv_bytes: float,
    mem_util: float,
    hbm: float,
) -> dict[str, float]:
    """Weights, KV cache and whether `batch` sequences of `ctx` tokens fit, as the article's `decode` decides it.

    Sizes are in bytes; fits is 1 or 0.
    """
    weights = params * w_bits / 8
    kv_token = kv_bytes_per_token(layers, kv_heads, head_dim, kv_bytes)
    capacity = int((hbm * mem_util - weights) // kv_token)
    kv_total = batch * ctx * kv_token
    return {
        "weights": weights,
        "kv_token": kv_token,
        "kv_total": kv_total,
        "total": weights + kv_total,
        "budget": hbm * mem_util,
        "capacity": capacity,
        "fits": 1.0 if batch * ctx <= capacity else 0.0,
    }


ACCELERATORS = (
    "h100-memory-reported",
    "h200-memory",
    "b200-memory",
    "b300-memory",
    "mi300x-memory",
    "mi325x-memory",
    "mi355x-memory",
)

INFERENCE_MEMORY = Calculator(
    id="inference-memory",
    fields=(
        Field("params", "billion", 8.2, 0, 10_000, low_open=True, scale=1e9),
        Field("w_bits", "bit", 16, 0, 64, low_open=True),
        Field("layers", "count", 36, 1, 1000, whole=True),
        Field("kv_heads", "count", 8, 1, 1024, whole=True),
        Field("head_dim", "count", 128, 1, 4096, whole=True),
        Field("ctx", "count", 2048, 1, 10_000_000, whole=True),
        Field("batch", "count", 64, 1, 100_000, whole=True),
        Field("kv_bytes", "byte", 2, 0, 8, low_open=True),
        Field("mem_util", "share", 0.9, 0, 1, low_open=True),
        Choice("hbm", ACCELERATORS, "h100-memory-reported"),
    ),
    results=(
        Result("weights", "gigabyte", scale=1e9),
        Result("kv_token", "kibibyte", scale=1024),
        Result("kv_total", "gigabyte", scale=1e9),
        Result("total", "gigabyte", scale=1e9),
        Result("budget", "gigabyte", scale=1e9),
        Result("fits", "verdict", digits=0, verdict=True),
    ),
    formula=inference_memory,
    cases=(
        (8.2, 16, 36, 8, 128, 2048, 64, 2, 0.9, "h100-memory-reported"),
        (8.2, 16, 36, 8, 128, 2048, 256, 2, 0.9, "h100-memory-reported"),
        (8.2, 4, 36, 8, 128, 2048, 256, 1, 0.9, "h100-memory-reported"),
        (70, 16, 80, 8, 128, 8192, 16, 2, 0.9, "h200-memory"),
        (70, 4, 80, 8, 128, 8192, 16, 2, 0.9, "h200-memory"),
    ),
    table=("params", "w_bits", "ctx", "batch", "kv_bytes", "hbm", "weights", "kv_total", "total", "fits"),
)


def zero_bytes_per_gpu(params: float, nd: float, stage: float, k: float = 12) -> float:
    """Model states per GPU under ZeRO stage 0–3 (Rajbhandari et al., 2020).

    2 + 2 + k bytes per parameter, sharded stage by stage.
    """
    weights, grads, optim = 2 * params, 2 * params, k * params
    if stage >= 1:
        optim /= nd
    if stage >= 2:
        grads /= nd
    if stage >= 3:
        weights /= nd
    return weights + grads + optim


def activations_bytes(
    layers: float, hidden: float, heads: float, seq: float, micro_batch: float, recompute: float, fused: float
) -> float:
    """Activations of a GPT-style stack in 16 bit (Korthikanti et al., 2022).

    All of them, fused attention's, or only each layer's input.
    """
    if recompute:
        per_layer = 2 * seq * micro_batch * hidden
    elif fused:
        per_layer = 34 * seq * micro_batch * hidden
    else:
        per_layer = seq * micro_batch * hidden * (34 + 5 * heads * seq / hidden)
    return layers * per_layer


def training_memory(
    params: float,
    k: float,
    stage: float,
    nd: float,
    layers: float,
    hidden: float,
    heads: float,
    seq: float,
    micro_batch: float,
    recompute: float,
    fused: float,
    hbm: float,
) -> dict[str, float]:
    """Memory per GPU in bytes: model states (the optimizer's part too), activations and the total.

    The total is held against 90% of the memory (fits is 1 or 0).
    """
    states = zero_bytes_per_gpu(params, nd, stage, k)
    acts = activations_bytes(layers, hidden, heads, seq, micro_batch, recompute, fused)
    return {
        "states": states,
        "optimizer": states - zero_bytes_per_gpu(params, nd, stage, 0),
        "activations": acts,
        "total": states + acts,
        "budget": 0.9 * hbm,
        "fits": 1.0 if states + acts < 0.9 * hbm else 0.0,
    }


TRAINING_MEMORY = Calculator(
    id="training-memory",
    fields=(
        Field("params", "billion", 7, 0, 10_000, low_open=True, scale=1e9),
        Field("k", "byte", 12, 0, 64),
        Field("stage", "count", 3, 0, 3, whole=True),
        Field("nd", "count", 8, 1, 1_000_000, whole=True),
        Field("layers", "count", 32, 1, 1000, whole=True),
        Field("hidden", "count", 4096, 1, 1_000_000, whole=True),
        Field("heads", "count", 32, 1, 1024, whole=True),
        Field("seq", "count", 2048, 1, 10_000_000, whole=True),
        Field("micro_batch", "count", 1, 1, 100_000, whole=True),
        Switch("recompute", False),
        Switch("fused", True),
        Choice("hbm", ACCELERATORS, "h100-memory-reported"),
    ),
    results=(
        Result("states", "gigabyte", scale=1e9),
        Result("optimizer", "gigabyte", scale=1e9),
        Result("activations", "gigabyte", scale=1e9),
        Result("total", "gigabyte", scale=1e9),
        Result("budget", "gigabyte", scale=1e9),
        Result("fits", "verdict", digits=0, verdict=True),
    ),
    formula=training_memory,
    cases=(
        (7, 12, 0, 8, 32, 4096, 32, 2048, 1, 0, 1, "h100-memory-reported"),
        (7, 12, 1, 8, 32, 4096, 32, 2048, 1, 0, 1, "h100-memory-reported"),
        (7, 12, 3, 8, 32, 4096, 32, 2048, 4, 0, 1, "h100-memory-reported"),
        (7, 12, 3, 8, 32, 4096, 32, 2048, 4, 0, 0, "h100-memory-reported"),
        (7, 12, 3, 8, 32, 4096, 32, 2048, 4, 1, 1, "h100-memory-reported"),
    ),
    table=("stage", "micro_batch", "recompute", "fused", "states", "activations", "total", "fits"),
)

CALCULATORS: Mapping[str, Calculator] = MappingProxyType(
    {calculator.id: calculator for calculator in (CHECKPOINT_INTERVAL, INFERENCE_MEMORY, TRAINING_MEMORY)}
)
