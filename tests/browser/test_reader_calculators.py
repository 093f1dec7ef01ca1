"""A reader uses the calculators: types values, makes mistakes, uses only the keyboard, or has no JavaScript at all."""

from __future__ import annotations

import gzip

import pytest
from playwright.sync_api import Page, expect

from chapter.calculator_pages import view
from chapter.calculators import CALCULATORS, CHECKPOINT_INTERVAL, INFERENCE_MEMORY, TRAINING_MEMORY
from chapter.facts import load_registry
from chapter.language import STRINGS
from tests.browser.test_accessibility import describe, run_axe, toggle_scheme
from tools.site import ROOT

pytestmark = pytest.mark.browser

URL = {"ru": "/topics/backups-and-redundancy/", "en": "/en/topics/backups-and-redundancy/"}
FORM = 'form[data-calculator="checkpoint-interval"]'
FIELD = "#calc-checkpoint-interval-{}"
MINUTES = {"ru": "\u00a0мин", "en": "\u00a0min"}
DECIMAL = {"ru": ",", "en": "."}
IMPOSSIBLE = ["0", "-5", "abc", "", "1e9", "Infinity", "1.2.3"]
REGISTRY = load_registry(ROOT / "facts.yaml")[0]
INFERENCE_URL = {"ru": "/topics/gpu-inference/", "en": "/en/topics/gpu-inference/"}
TRAINING_URL = {"ru": "/topics/distributed-training/", "en": "/en/topics/distributed-training/"}
PAGES = {"checkpoint-interval": URL, "inference-memory": INFERENCE_URL, "training-memory": TRAINING_URL}


def _open(page: Page, lang: str) -> None:
    page.goto(URL[lang])
    page.locator(FORM).scroll_into_view_if_needed()


def _minutes(seconds: float, lang: str) -> str:
    """One decimal place, written out by hand for values under a thousand: 13.8 min; 13,8 мин."""
    shown = f"{seconds / 60:.1f}".removesuffix(".0").replace(".", DECIMAL[lang])
    assert seconds / 60 < 1000
    return shown + MINUTES[lang]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_typing_a_value_recomputes_in_the_page_languages_format(page: Page, lang: str):
    _open(page, lang)
    typed = f"10{DECIMAL[lang]}5"  # 10.5 s, typed as the page language writes it
    page.fill(FIELD.format("c"), typed)
    results = CHECKPOINT_INTERVAL.compute({"c": 10.5, "r": 600, "mtbf": 3.1})
    expect(page.locator(FIELD.format("daly"))).to_have_text(_minutes(results["daly"], lang))
    expect(page.locator(FIELD.format("young"))).to_have_text(_minutes(results["young"], lang))
    expect(page.locator(f"{FORM} [aria-live=polite]")).to_contain_text(_minutes(results["daly"], lang))
    expect(page.locator(FIELD.format("c"))).not_to_have_attribute("aria-invalid", "true")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_an_impossible_value_is_named_next_to_its_input_and_no_result_is_made_up(page: Page, lang: str):
    _open(page, lang)
    messages = {field.name: field.message for field in view(CHECKPOINT_INTERVAL, lang).fields}
    field = page.locator(FIELD.format("c"))
    message = page.locator(FIELD.format("c") + "-message")
    for typed in IMPOSSIBLE:
        page.fill(FIELD.format("c"), typed)
        expect(field).to_have_attribute("aria-invalid", "true")
        expect(message).to_be_visible()
        expect(message).to_have_text(messages["c"])
        for output in page.locator(f"{FORM} output").all():
            expect(output).to_have_text("—")
        assert not any(word in page.locator(FORM).inner_text() for word in ("NaN", "Infinity", "undefined"))
    page.fill(FIELD.format("c"), "60")
    expect(field).not_to_have_attribute("aria-invalid", "true")
    expect(message).to_be_hidden()
    expect(page.locator(FIELD.format("daly"))).to_have_text(view(CHECKPOINT_INTERVAL, lang).results[1].value)


def test_the_keyboard_alone_reaches_and_operates_the_calculator(page: Page):
    """Tab from the top of the page to the first input, type, tab on: the results change and the summary is announced
    once the value is committed."""
    _open(page, "en")
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.keyboard.press("Home")
    for _ in range(500):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.id") == "calc-checkpoint-interval-c":
            break
    else:
        pytest.fail("Tab never reached the calculator's first input")
    summary = page.locator(f"{FORM} [aria-live=polite]")
    before = summary.inner_text()
    page.keyboard.press("Control+A")
    page.keyboard.type("30")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.id") == "calc-checkpoint-interval-r"
    page.keyboard.press("Control+A")
    page.keyboard.type("120")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.id") == "calc-checkpoint-interval-mtbf"
    results = CHECKPOINT_INTERVAL.compute({"c": 30, "r": 120, "mtbf": 3.1})
    expect(page.locator(FIELD.format("daly"))).to_have_text(_minutes(results["daly"], "en"))
    expect(summary).to_contain_text(_minutes(results["daly"], "en"))
    assert summary.inner_text() != before
    page.keyboard.press("Enter")  # submitting the form goes nowhere: the page stays, the values stay
    expect(page.locator(FIELD.format("c"))).to_have_value("30")


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("calculator", sorted(CALCULATORS))
def test_without_javascript_the_defaults_and_the_table_are_there(open_page, calculator: str, lang: str):
    page = open_page(java_script_enabled=False)
    page.goto(PAGES[calculator][lang])
    shown = view(CALCULATORS[calculator], lang, REGISTRY)
    for result in shown.results:
        expect(page.locator(f"#calc-{calculator}-{result.name}")).to_have_text(result.value)
    rows = page.locator(".ci-calc table tbody tr")
    expect(rows).to_have_count(len(CALCULATORS[calculator].cases))
    for column, cell in enumerate(shown.rows[-1]):
        expect(rows.last.locator("td").nth(column)).to_have_text(cell)
    expect(page.locator(".ci-calc__leaves-out")).to_have_text(shown.leaves_out)


# A negative MTBF, a count with a fraction, a ZeRO stage that does not exist.
WRONG = {
    "checkpoint-interval": ("mtbf", "-1"),
    "inference-memory": ("layers", "2{decimal}5"),
    "training-memory": ("stage", "4"),
}


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("calculator", sorted(CALCULATORS))
def test_axe_finds_nothing_with_a_value_marked_wrong_in_either_scheme(
    page: Page, calculator: str, lang: str, screenshots
):
    """Both schemes, both languages, with one value marked wrong; each state is kept as a screenshot."""
    page.goto(PAGES[calculator][lang])
    name, typed = WRONG[calculator]
    page.fill(f"#calc-{calculator}-{name}", typed.format(decimal=DECIMAL[lang]))
    expect(page.locator(f"#calc-{calculator}-{name}")).to_have_attribute("aria-invalid", "true")
    shown = page.locator(".ci-calc")
    for _ in range(2):
        scheme = page.locator("body").get_attribute("data-md-color-scheme")
        shown.screenshot(path=screenshots / f"calculator-{calculator}-{lang}-{scheme}.png")
        violations = run_axe(page)
        assert violations == [], describe(violations)
        toggle_scheme(page)


def _gigabytes(value: float, lang: str) -> str:
    """One decimal place, written out by hand for values under a thousand: 16.4 GB; 16,4 ГБ."""
    assert value / 1e9 < 1000
    return (
        f"{value / 1e9:.1f}".removesuffix(".0").replace(".", DECIMAL[lang]) + {"ru": "\u00a0ГБ", "en": "\u00a0GB"}[lang]
    )


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_choosing_an_accelerator_and_a_batch_decides_whether_it_fits(page: Page, lang: str):
    """Qwen3-8B at batch 256: no room on the H100 (0.9 of 81,559 MiB), room on the
    H200 (0.9 of 141 GB); the memory comes from facts.yaml."""
    page.goto(INFERENCE_URL[lang])
    fits = page.locator("#calc-inference-memory-fits")
    page.fill("#calc-inference-memory-batch", "256")
    expect(fits).to_have_text(STRINGS[lang]["calc.inference-memory.fits.no"])
    page.locator("#calc-inference-memory-hbm").focus()
    page.select_option(
        "#calc-inference-memory-hbm",
        label=next(o.text for o in view(INFERENCE_MEMORY, lang, REGISTRY).fields[-1].options if "H200" in o.text),
    )
    expect(fits).to_have_text(STRINGS[lang]["calc.inference-memory.fits.yes"])
    values = INFERENCE_MEMORY.defaults | {"batch": 256, "hbm": 141e9}
    results = INFERENCE_MEMORY.compute(values)
    assert results["fits"] == 1.0
    expect(page.locator("#calc-inference-memory-budget")).to_have_text(_gigabytes(results["budget"], lang))
    expect(page.locator("#calc-inference-memory-kv_total")).to_have_text(_gigabytes(results["kv_total"], lang))
    summary = page.locator('form[data-calculator="inference-memory"] [aria-live=polite]')
    expect(summary).to_contain_text(STRINGS[lang]["calc.inference-memory.fits.yes"])


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_count_must_be_whole(page: Page, lang: str):
    page.goto(INFERENCE_URL[lang])
    layers = page.locator("#calc-inference-memory-layers")
    page.fill("#calc-inference-memory-layers", f"36{DECIMAL[lang]}5")
    expect(layers).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#calc-inference-memory-layers-message")).to_have_text(
        {field.name: field.message for field in view(INFERENCE_MEMORY, lang, REGISTRY).fields}["layers"]
    )
    expect(page.locator("#calc-inference-memory-fits")).to_have_text("—")


def test_only_pages_with_a_calculator_load_its_script_and_it_stays_small(page: Page, site):
    loaded: list[str] = []
    page.on("request", lambda request: loaded.append(request.url))
    page.goto("/en/topics/gpu-architecture/", wait_until="networkidle")
    assert not [url for url in loaded if url.endswith("/calculators.js")]
    page.goto(URL["en"], wait_until="networkidle")
    assert [url for url in loaded if url.endswith("/chapter/calculators.js")]
    script = (site.root / "chapter" / "calculators.js").read_bytes()
    assert len(gzip.compress(script, 9)) < 3 * 1024
    assert script == (ROOT / "overrides" / "chapter" / "calculators.js").read_bytes()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_switches_work_from_the_keyboard_and_change_the_activations(page: Page, lang: str):
    """Micro-batch 4 with eager attention does not fit an H100; full
    recomputation, switched on with the space bar, makes it fit."""
    page.goto(TRAINING_URL[lang])
    page.fill("#calc-training-memory-micro_batch", "4")
    page.locator("#calc-training-memory-fused").focus()
    page.keyboard.press("Space")
    expect(page.locator("#calc-training-memory-fused")).not_to_be_checked()
    values = TRAINING_MEMORY.defaults | {"micro_batch": 4, "fused": 0, "hbm": 81559 * 2**20}
    eager = TRAINING_MEMORY.compute(values)
    expect(page.locator("#calc-training-memory-activations")).to_have_text(_gigabytes(eager["activations"], lang))
    expect(page.locator("#calc-training-memory-fits")).to_have_text(STRINGS[lang]["calc.training-memory.fits.no"])
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("() => document.activeElement.id") == "calc-training-memory-recompute"
    page.keyboard.press("Space")
    recomputed = TRAINING_MEMORY.compute(values | {"recompute": 1})
    expect(page.locator("#calc-training-memory-activations")).to_have_text(_gigabytes(recomputed["activations"], lang))
    expect(page.locator("#calc-training-memory-fits")).to_have_text(STRINGS[lang]["calc.training-memory.fits.yes"])
    summary = page.locator('form[data-calculator="training-memory"] [aria-live=polite]')
    expect(summary).to_contain_text(STRINGS[lang]["calc.training-memory.fits.yes"])
