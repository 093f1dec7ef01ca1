// The chapter's calculators, recomputed as a reader types. Loaded only by pages that show one.
//
// The page already holds every default result and a table of typical cases, computed by the build
// (hooks/chapter/calculators.py); this script only recomputes. Each formula is the article's own code,
// written a third time: tests/content/test_calculator_proof.py runs the article's block, this module and
// the build's Python on the same generated cases and requires them to agree.
// Everything a form needs comes from its markup: the limits and scale of each input, the message for a
// value out of range, the unit template of each result, the summary to announce.

export function young(c, mtbf) {
  return Math.sqrt(2 * c * mtbf);
}

export function daly(c, mtbf) {
  // Daly's higher-order estimate; valid for c < 2*mtbf
  if (c >= 2 * mtbf) return mtbf;
  const x = c / (2 * mtbf);
  return Math.sqrt(2 * c * mtbf) * (1 + Math.sqrt(x) / 3 + x / 9) - c;
}

export function wasteFraction(tau, c, r, mtbf) {
  return c / (tau + c) + (tau + c) / (2 * mtbf) + r / mtbf;
}

export function checkpoint({ c, r, mtbf }) {
  const tauYoung = young(c, mtbf);
  const tauDaly = daly(c, mtbf);
  return {
    young: tauYoung,
    daly: tauDaly,
    waste_young: wasteFraction(tauYoung, c, r, mtbf),
    waste_daly: wasteFraction(tauDaly, c, r, mtbf),
  };
}

export function kvBytesPerToken(layers, kvHeads, headDim, elemBytes) {
  // factor 2: keys and values, for every layer and every KV head
  return 2 * layers * kvHeads * headDim * elemBytes;
}

// Python's float floor division, a // b, step for step as CPython computes it, so both count the same tokens.
export function floorDiv(a, b) {
  let mod = a % b;
  let div = (a - mod) / b;
  if (mod && b < 0 !== mod < 0) {
    mod += b;
    div -= 1;
  }
  if (!div) return 0;
  const floor = Math.floor(div);
  return div - floor > 0.5 ? floor + 1 : floor;
}

export function inferenceMemory({ params, w_bits, layers, kv_heads, head_dim, ctx, batch, kv_bytes, mem_util, hbm }) {
  const weights = (params * w_bits) / 8;
  const kvToken = kvBytesPerToken(layers, kv_heads, head_dim, kv_bytes);
  const capacity = Math.trunc(floorDiv(hbm * mem_util - weights, kvToken));
  const kvTotal = batch * ctx * kvToken;
  return {
    weights,
    kv_token: kvToken,
    kv_total: kvTotal,
    total: weights + kvTotal,
    budget: hbm * mem_util,
    capacity,
    fits: batch * ctx <= capacity ? 1 : 0,
  };
}

export function zeroBytesPerGpu(params, nd, stage, k = 12) {
  let weights = 2 * params;
  let grads = 2 * params;
  let optim = k * params;
  if (stage >= 1) optim /= nd;
  if (stage >= 2) grads /= nd;
  if (stage >= 3) weights /= nd;
  return weights + grads + optim;
}

export function activationsBytes(layers, hidden, heads, seq, microBatch, recompute, fused) {
  let perLayer;
  if (recompute) perLayer = 2 * seq * microBatch * hidden;
  else if (fused) perLayer = 34 * seq * microBatch * hidden;
  else perLayer = seq * microBatch * hidden * (34 + (5 * heads * seq) / hidden);
  return layers * perLayer;
}

export function trainingMemory({ params, k, stage, nd, layers, hidden, heads, seq, micro_batch, recompute, fused, hbm }) {
  const states = zeroBytesPerGpu(params, nd, stage, k);
  const acts = activationsBytes(layers, hidden, heads, seq, micro_batch, recompute, fused);
  return {
    states,
    optimizer: states - zeroBytesPerGpu(params, nd, stage, 0),
    activations: acts,
    total: states + acts,
    budget: 0.9 * hbm,
    fits: states + acts < 0.9 * hbm ? 1 : 0,
  };
}

export const FORMULAS = {
  "checkpoint-interval": checkpoint,
  "inference-memory": inferenceMemory,
  "training-memory": trainingMemory,
};

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const ANNOUNCE_AFTER_MS = 700; // a pause in typing, after which the summary is read out once

// A number typed as the page language writes it (1 000,5 or 1,000.5), or NaN.
export function parse(text, lang) {
  const decimal = new Intl.NumberFormat(lang).formatToParts(1.5).find((part) => part.type === "decimal").value;
  let plain = text.replace(/[\s\u2009\u202f]/g, "");
  plain = decimal === "," ? plain.replace(/,/g, ".") : plain.replace(/,/g, "");
  return NUMBER.test(plain) ? Number(plain) : NaN;
}

function accepts(input, value) {
  const low = Number(input.dataset.low);
  const high = Number(input.dataset.high);
  const aboveLow = input.dataset.lowOpen === "true" ? value > low : value >= low;
  const whole = input.dataset.whole !== "true" || Number.isInteger(value);
  return Number.isFinite(value) && aboveLow && value <= high && whole;
}

function mark(input, ok) {
  const message = input.form.querySelector(`#${input.id}-message`);
  message.textContent = ok ? "" : input.dataset.message;
  message.hidden = ok;
  if (ok) input.removeAttribute("aria-invalid");
  else input.setAttribute("aria-invalid", "true");
}

function show(form, results, lang) {
  const shown = {};
  for (const output of form.querySelectorAll("output[name]")) {
    const value = results && results[output.name] / Number(output.dataset.scale);
    const format = new Intl.NumberFormat(lang, { maximumFractionDigits: Number(output.dataset.digits) });
    const text = "yes" in output.dataset ? output.dataset[value ? "yes" : "no"] : output.dataset.unit.replace("{}", format.format(value));
    output.value = Number.isFinite(value) ? text : "—";
    shown[output.name] = output.value;
  }
  return shown;
}

function recompute(form, lang) {
  const values = {};
  let ok = true;
  for (const input of form.querySelectorAll("input[name], select[name]")) {
    const chosen = input.tagName === "SELECT" || input.type === "checkbox"; // a fact's bytes, as the build wrote them; on or off
    const value = input.type === "checkbox" ? Number(input.checked) : chosen ? Number(input.value) : parse(input.value, lang);
    const fine = chosen ? Number.isFinite(value) : accepts(input, value);
    if (!chosen) mark(input, fine);
    ok = ok && fine;
    values[input.name] = value * Number(input.dataset.scale);
  }
  const results = ok ? FORMULAS[form.dataset.calculator](values) : null;
  const shown = show(form, results, lang);
  const finite = ok && Object.values(results).every(Number.isFinite);
  const summary = form.querySelector("[data-summary]");
  return finite ? summary.dataset.summary.replace(/\{(\w+)\}/g, (_, name) => shown[name]) : summary.dataset.invalid;
}

export function mount(form) {
  const lang = document.documentElement.lang;
  const summary = form.querySelector("[data-summary]");
  let pending = 0;
  const announce = (text) => {
    clearTimeout(pending);
    if (summary.textContent !== text) summary.textContent = text;
  };
  form.addEventListener("submit", (event) => event.preventDefault());
  form.addEventListener("input", () => {
    const text = recompute(form, lang);
    clearTimeout(pending);
    pending = setTimeout(() => announce(text), ANNOUNCE_AFTER_MS);
  });
  form.addEventListener("change", () => announce(recompute(form, lang)));
}

if (typeof document !== "undefined") {
  for (const form of document.querySelectorAll("form[data-calculator]")) mount(form);
}
