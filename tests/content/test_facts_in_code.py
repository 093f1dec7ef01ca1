"""The articles' calculators use the registry's figures: each example's constant equals its fact in facts.yaml.

The examples stay plain Python a reader can paste and run, so they write their
constants as literals; this keeps each literal tied to the fact it stands for.
A vendor revision in facts.yaml then fails here until the calculator (and the
output it promises) is updated too.
"""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from chapter.articles import outline
from chapter.catalogue import LANGUAGES
from chapter.facts import load_registry
from tests.content.articles import text
from tools.site import ROOT

REGISTRY, _ = load_registry(ROOT / "facts.yaml")
TERA, GIGA = Decimal("1e12"), Decimal("1e9")

ONE = Decimal(1)
# The roofline calculator of ai-accelerators: each chip's (dense BF16 FLOP/s, HBM bytes/s, HBM capacity in GiB).
CHIPS = {
    "H100 SXM": ("h100-sxm-bf16-dense", "h100-sxm-memory-bandwidth", TERA, "h100-sxm-memory"),
    "B200": ("b200-bf16-dense", "b200-memory-bandwidth", TERA, "b200-memory"),
    "MI300X": ("mi300x-bf16-dense", "mi300x-memory-bandwidth", TERA, "mi300x-memory"),
    "MI355X": ("mi355x-bf16-dense", "mi355x-memory-bandwidth", TERA, "mi355x-memory"),
    "TPU v5e": ("tpu-v5e-bf16", "tpu-v5e-memory-bandwidth", GIGA, "tpu-v5e-memory"),
    "TPU v5p": ("tpu-v5p-bf16", "tpu-v5p-memory-bandwidth", GIGA, "tpu-v5p-memory"),
    "TPU v6e": ("tpu-v6e-bf16", "tpu-v6e-memory-bandwidth", GIGA, "tpu-v6e-memory"),
    "TPU7x": ("tpu7x-bf16", "tpu7x-memory-bandwidth", GIGA, "tpu7x-memory"),
    "Trainium2": ("trainium2-bf16", "trainium2-memory-bandwidth", TERA, "trainium2-memory"),
}
ROW = r'"{chip}": \((?P<peak>[\d.e]+), (?P<bandwidth>[\d.e]+), (?P<memory>\d+) \* GIB\)'

# (article, the constant in its code with the value as group "value", the fact, code units per fact unit)
CONSTANTS = [
    *[
        ("ai-accelerators", ROW.format(chip=chip).replace(f"(?P<{part}>", "(?P<value>"), fact, scale)
        for chip, (peak, bandwidth, scale, memory) in CHIPS.items()
        for part, fact, scale in (("peak", peak, TERA), ("bandwidth", bandwidth, scale), ("memory", memory, ONE))
    ],
    ("batch-size", r"BW, PEAK = (?P<value>[\d.e]+), ", "h100-sxm-memory-bandwidth", TERA),
    ("batch-size", r"BW, PEAK = [\d.e]+, (?P<value>[\d.e]+)", "h100-sxm-bf16-dense", TERA),
    ("capacity-planning", r"PEAK_BF16_DENSE = (?P<value>[\d.e]+)", "h100-sxm-bf16-dense", TERA),
    ("capacity-planning", r"hbm_bytes_per_s = (?P<value>[\d.e]+)", "h100-sxm-memory-bandwidth", TERA),
    ("distillation", r"PEAK, MFU = (?P<value>[\d.e]+),", "h100-sxm-bf16-dense", TERA),
    ("distillation", r"HBM = (?P<value>[\d.e]+)", "h100-sxm-memory-bandwidth", TERA),
    ("gpu-architecture", r'"tensor_bf16": (?P<value>[\d.e]+)', "h100-sxm-bf16-dense", TERA),
    ("gpu-architecture", r'"fp32_cuda_cores": (?P<value>[\d.e]+)', "h100-sxm-fp32", TERA),
    ("gpu-architecture", r"HBM_BW = (?P<value>[\d.e]+)", "h100-sxm-memory-bandwidth", TERA),
    ("gpu-architecture", r"MAX_WARPS, MAX_BLOCKS = (?P<value>\d+), ", "h100-sm-max-warps", ONE),
    ("gpu-architecture", r"MAX_WARPS, MAX_BLOCKS = \d+, (?P<value>\d+)", "h100-sm-max-blocks", ONE),
    ("gpu-architecture", r"REGS_PER_SM = (?P<value>\d+) \* 1024", "h100-sm-registers", Decimal(1) / 1024),
    (
        "gpu-architecture",
        r"SMEM_PER_SM = (?P<value>\d+) \* 1024",
        "h100-sm-shared-max",
        ONE,
    ),  # KB, as the registry gives it
    ("gpu-inference", r'"bw": (?P<value>[\d.e]+)', "h100-sxm-memory-bandwidth", TERA),
    ("gpu-inference", r'"flops": (?P<value>[\d.e]+)', "h100-sxm-bf16-dense", TERA),
    ("hyperparameter-tuning", r"PEAK = (?P<value>[\d.e]+)", "h100-sxm-bf16-dense", TERA),
    ("training-throughput", r"PEAK_BF16_DENSE = (?P<value>[\d.e]+)", "h100-sxm-bf16-dense", TERA),
    ("cluster-networking", r"NVLINK = (?P<value>[\d.e]+)", "h100-nvlink-bandwidth-per-direction", GIGA),
    ("pruning", r"dense_gb / (?P<value>[\d.]+):", "h100-sxm-memory-bandwidth", ONE),  # GB / (TB/s) = ms
]


def _code(slug: str, lang: str) -> str:
    return "\n".join(block.code for block in outline(text(slug, lang)).code)


def _mismatches(slug: str, pattern: str, value: Decimal, scale: Decimal) -> list[str]:
    problems = []
    for lang in LANGUAGES:
        found = [match["value"] for match in re.finditer(pattern, _code(slug, lang))]
        if not found:
            problems.append(f"{slug}.{lang}.md: no code matches {pattern!r}; update this table with the example")
        elif {Decimal(number) for number in found} != {value * scale}:
            problems.append(f"{slug}.{lang}.md: the example uses {found}, facts.yaml gives {value}")
    return problems


@pytest.mark.parametrize(
    ("slug", "pattern", "fact_id", "scale"),
    CONSTANTS,
    ids=[f"{slug}:{fact}:{index}" for index, (slug, _, fact, _) in enumerate(CONSTANTS)],
)
def test_the_examples_constant_is_the_registrys_value(slug, pattern, fact_id, scale):
    fact = REGISTRY.fact(fact_id)
    assert fact is not None, f"{fact_id} is not in facts.yaml"
    assert _mismatches(slug, pattern, fact.value, scale) == []


def test_a_revised_registry_value_fails_every_calculator_that_uses_it():
    revised = Decimal("3.36")  # as if NVIDIA revised the H100's bandwidth
    using = [
        (slug, pattern, scale) for slug, pattern, fact_id, scale in CONSTANTS if fact_id == "h100-sxm-memory-bandwidth"
    ]
    assert len(using) >= 2
    assert all(_mismatches(slug, pattern, revised, scale) for slug, pattern, scale in using)
