"""Interface strings of the chapter pages, and the locale rules they need.

One template serves both languages; everything that differs between them is
here. Plural forms and dates follow CLDR through Babel rather than rules
written by hand.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Mapping

from babel import Locale
from babel.dates import format_date

# The CLDR locale of each site language: the English pages are written in British English.
LOCALES: Mapping[str, str] = {"ru": "ru", "en": "en_GB"}

# Strings with a `{count}` have one entry per CLDR plural category of the language:
# Russian "one" (1, 21, 101…), "few" (2–4, 22–24…), "many" (0, 5–20, 25–30…); English "one" and "other".
STRINGS: Mapping[str, Mapping[str, str]] = {
    "ru": {
        "legend_heading": "Что означают метки тем",
        "topics_heading": "Темы главы",
        "nav_own": "Темы главы",
        "nav_part": "Темы {first}–{last}",
        "origin": "из «{chapter}»",
        "quoted": "«{text}»",
        "belongs_to": "Эта тема — из главы {chapter}.",
        "no_article": "Статья по этой теме ещё не написана: пока здесь только краткое описание.",
        "previous": "Предыдущая тема",
        "next": "Следующая тема",
        "pager": "Соседние темы",
        "label": "Метка",
        "reviewed": "Проверено {date}",
        "examples": "Примеры проверены с {libraries} ({date})",
        "added": "Добавлено {date}",
        "home": "Открыть тему в её главе",
        "home.card": "ведёт в главу «{chapter}»",
        "behind.title": "Перевод отстаёт",
        "behind.notice": (
            "С тех пор как эту статью в последний раз сверяли с английской версией, в английской изменились разделы:"
        ),
        "behind.section": "Этот раздел изменился в английской версии, а здесь ещё нет.",
        "behind.read": "Читать по-английски",
        "behind.intro": "Вступление",
        "behind.card": "перевод отстаёт",
        "filters.translation": "Перевод",
        "filters.behind": "отстаёт",
        "filters": "Отбор тем",
        "filters.label": "Метка",
        "filters.origin": "Откуда",
        "filters.all": "все",
        "filters.own": "эта глава",
        "filters.shown.one": "Показана {count} тема из {total}.",
        "filters.shown.few": "Показаны {count} темы из {total}.",
        "filters.shown.many": "Показано {count} тем из {total}.",
        "glossary_title": "Глоссарий главы",
        "glossary_summary": "Термины главы: как они пишутся по-русски, их английские соответствия и что они значат.",
        "glossary_link": "Глоссарий: термины главы, их английские соответствия и определения",
        "glossary_avoid": "Не пишем:",
        "term.glossary": "Глоссарий",
        "facts_title": "Цифры главы",
        "facts_summary": (
            "Характеристики оборудования, которые приводят статьи главы: значение, от чего оно зависит, первичный"
            " источник и дата, на которую оно проверено."
        ),
        "facts_link": "Цифры главы: характеристики оборудования с источниками",
        "facts.fact": "Что",
        "facts.value": "Значение",
        "facts.source": "Источник",
        "facts.as_of": "Проверено",
        "facts.used_in": "Где упоминается",
        "facts.stale": "пора перепроверить",
        "facts.cite": "Источник: {source}, проверено {date}",
        "print_title": "Версия для печати",
        "print_summary": (
            "Вся глава на одной странице: статьи в порядке каталога, глоссарий и цифры главы с источниками."
        ),
        "print_link": "Версия для печати: вся глава на одной странице",
        "print_pdf": "Вся глава в PDF",
        "print.contents": "Содержание",
        "print.reviewed.range": "Статьи проверены с {first} по {last}",
        "print.reviewed.day": "Статьи проверены {date}",
        "print.facts.range": "Цифры оборудования сверены с источниками с {first} по {last}",
        "print.facts.day": "Цифры оборудования сверены с источниками {date}",
        "search.open": "Поиск по главе",
        "search.title": "Поиск по главе",
        "search.field": "Что найти",
        "search.placeholder": "Слово в любой форме",
        "search.close": "Закрыть",
        "search.chapter": "Глава",
        "search.any": "все",
        "search.searching": "Ищем…",
        "search.none": "Ничего не нашлось. Проверьте написание или снимите фильтры.",
        "search.more": "Показать ещё",
        "search.failed": "Поиск не загрузился. Обновите страницу и попробуйте снова.",
        "search.found.one": "Найдена {count} страница",
        "search.found.few": "Найдены {count} страницы",
        "search.found.many": "Найдено {count} страниц",
        "toggle.default": "Включить тёмную тему",
        "toggle.slate": "Включить светлую тему",
        "copy.failed": "Не удалось скопировать: выделите код и скопируйте его вручную",
        "feed.link": "Новые и проверенные темы главы",
        "feed.added": "Новая тема: {title}",
        "feed.reviewed": "Статья проверена: {title}",
        "borrowed_note.one": (
            "{count} тема показана здесь из других глав — она подходит по смыслу и открывается в своей главе."
        ),
        "borrowed_note.few": (
            "{count} темы показаны здесь из других глав — они подходят по смыслу и открываются в своей главе."
        ),
        "borrowed_note.many": (
            "{count} тем показаны здесь из других глав — они подходят по смыслу и открываются в своей главе."
        ),
        # Calculators (calculator_pages.py): `{}` in a unit is the number; `{name}` in a summary is that result.
        "calc.unit.second": "{}\u00a0с",
        "calc.unit.minute": "{}\u00a0мин",
        "calc.unit.hour": "{}\u00a0ч",
        "calc.unit.percent": "{}\u00a0%",
        "calc.unit.billion": "{}\u00a0млрд",
        "calc.unit.bit": "{}\u00a0бит",
        "calc.unit.byte": "{}\u00a0Б",
        "calc.unit.gigabyte": "{}\u00a0ГБ",
        "calc.unit.kibibyte": "{}\u00a0КиБ",
        "calc.unit.count": "{}",
        "calc.unit.share": "{}",
        "calc.unit.verdict": "{}",
        "calc.option": "{name} — {value}",
        "calc.above.whole": "Введите целое число больше {low} и не больше {high}.",
        "calc.between.whole": "Введите целое число от {low} до {high}.",
        "calc.header": "{label}, {unit}",
        "calc.cases": "Типичные случаи",
        "calc.invalid": "Исправьте отмеченные значения: пока они вне допустимых пределов, результат не считается.",
        "calc.above": "Введите число больше {low} и не больше {high}.",
        "calc.between": "Введите число от {low} до {high}.",
        "calc.on": "да",
        "calc.off": "нет",
        "calc.training-memory.title": "Калькулятор: память на GPU при обучении",
        "calc.training-memory.params": "Параметры модели",
        "calc.training-memory.k": "Состояние оптимизатора K на параметр",
        "calc.training-memory.stage": "Стадия ZeRO (0 — обычный DDP, 3 — как FSDP)",
        "calc.training-memory.nd": "Число GPU N_d",
        "calc.training-memory.layers": "Число слоёв",
        "calc.training-memory.hidden": "Скрытая размерность",
        "calc.training-memory.heads": "Число голов внимания",
        "calc.training-memory.seq": "Длина последовательности",
        "calc.training-memory.micro_batch": "Микробатч",
        "calc.training-memory.recompute": "Полный пересчёт активаций",
        "calc.training-memory.fused": "Слитое внимание (FlashAttention, SDPA)",
        "calc.training-memory.hbm": "Ускоритель",
        "calc.training-memory.states": "Состояние модели",
        "calc.training-memory.optimizer": "из них состояние оптимизатора",
        "calc.training-memory.activations": "Активации",
        "calc.training-memory.total": "Всего на GPU",
        "calc.training-memory.budget": "90 % памяти GPU",
        "calc.training-memory.fits": "Обучение в памяти",
        "calc.training-memory.fits.yes": "помещается",
        "calc.training-memory.fits.no": "не помещается",
        "calc.training-memory.params.short": "Параметры",
        "calc.training-memory.k.short": "K",
        "calc.training-memory.stage.short": "ZeRO",
        "calc.training-memory.nd.short": "GPU",
        "calc.training-memory.layers.short": "Слои",
        "calc.training-memory.hidden.short": "Размерность",
        "calc.training-memory.heads.short": "Головы",
        "calc.training-memory.seq.short": "Последовательность",
        "calc.training-memory.micro_batch.short": "Микробатч",
        "calc.training-memory.recompute.short": "Пересчёт",
        "calc.training-memory.fused.short": "Слитое внимание",
        "calc.training-memory.hbm.short": "Память ускорителя",
        "calc.training-memory.states.short": "Состояние",
        "calc.training-memory.optimizer.short": "Оптимизатор",
        "calc.training-memory.activations.short": "Активации",
        "calc.training-memory.total.short": "Всего",
        "calc.training-memory.budget.short": "Доступно",
        "calc.training-memory.fits.short": "В памяти",
        "calc.training-memory.summary": (
            "Состояние модели — {states}, активации — {activations}, всего {total} на GPU"
            " при {budget} доступных: обучение {fits}."
        ),
        "calc.training-memory.leaves_out": (
            "Что не учтено: выходные логиты и буферы словаря, временные буферы, буферы NCCL, контекст CUDA и"
            " фрагментация аллокатора — под них оставлены 10 % памяти; активации — для слоя в стиле GPT в 16"
            " битах без параллелизма по тензорам и последовательности, а состояние модели — 2 + 2 + K байт на"
            " параметр, как у ZeRO со смешанной точностью."
        ),
        "calc.inference-memory.title": "Калькулятор: память для инференса",
        "calc.inference-memory.params": "Параметры модели",
        "calc.inference-memory.w_bits": "Точность весов",
        "calc.inference-memory.layers": "Число слоёв",
        "calc.inference-memory.kv_heads": "Число KV-голов",
        "calc.inference-memory.head_dim": "Размер головы",
        "calc.inference-memory.ctx": "Длина контекста, токенов",
        "calc.inference-memory.batch": "Батч, последовательностей",
        "calc.inference-memory.kv_bytes": "Элемент KV-кэша",
        "calc.inference-memory.mem_util": "Доля памяти для движка",
        "calc.inference-memory.hbm": "Ускоритель",
        "calc.inference-memory.weights": "Веса",
        "calc.inference-memory.kv_token": "KV-кэш на токен",
        "calc.inference-memory.kv_total": "KV-кэш батча",
        "calc.inference-memory.total": "Всего",
        "calc.inference-memory.budget": "Доступно движку",
        "calc.inference-memory.fits": "Батч в памяти",
        "calc.inference-memory.fits.yes": "помещается",
        "calc.inference-memory.fits.no": "не помещается",
        "calc.inference-memory.params.short": "Параметры",
        "calc.inference-memory.w_bits.short": "Веса",
        "calc.inference-memory.layers.short": "Слои",
        "calc.inference-memory.kv_heads.short": "KV-головы",
        "calc.inference-memory.head_dim.short": "Голова",
        "calc.inference-memory.ctx.short": "Контекст",
        "calc.inference-memory.batch.short": "Батч",
        "calc.inference-memory.kv_bytes.short": "KV",
        "calc.inference-memory.mem_util.short": "Доля",
        "calc.inference-memory.hbm.short": "Память ускорителя",
        "calc.inference-memory.weights.short": "Веса",
        "calc.inference-memory.kv_token.short": "KV на токен",
        "calc.inference-memory.kv_total.short": "KV-кэш",
        "calc.inference-memory.total.short": "Всего",
        "calc.inference-memory.budget.short": "Доступно",
        "calc.inference-memory.fits.short": "В памяти",
        "calc.inference-memory.summary": (
            "Веса — {weights}, KV-кэш батча — {kv_total}, всего {total} при доступных {budget}: батч {fits}."
        ),
        "calc.inference-memory.leaves_out": (
            "Что не учтено: активации и рабочие буферы, CUDA-графы, контекст CUDA, фрагментация KV-кэша по"
            " блокам и резерв аллокатора, а также параллелизм на несколько GPU. Доля памяти 0,9 — значение"
            " gpu_memory_utilization по умолчанию в vLLM; как и скрипт статьи, калькулятор считает, что батч"
            " помещается, если все его токены умещаются в KV-кэш."
        ),
        "calc.checkpoint-interval.title": "Калькулятор: интервал между чекпоинтами",
        "calc.checkpoint-interval.c": "Время записи чекпоинта C",
        "calc.checkpoint-interval.r": "Время перезапуска R",
        "calc.checkpoint-interval.mtbf": "MTBF задачи M",
        "calc.checkpoint-interval.young": "Интервал по Young",
        "calc.checkpoint-interval.daly": "Интервал по Daly",
        "calc.checkpoint-interval.waste_young": "Потери времени при интервале по Young",
        "calc.checkpoint-interval.waste_daly": "Потери времени при интервале по Daly",
        "calc.checkpoint-interval.c.short": "C",
        "calc.checkpoint-interval.r.short": "R",
        "calc.checkpoint-interval.mtbf.short": "M",
        "calc.checkpoint-interval.young.short": "Young",
        "calc.checkpoint-interval.daly.short": "Daly",
        "calc.checkpoint-interval.waste_young.short": "Потери, Young",
        "calc.checkpoint-interval.waste_daly.short": "Потери, Daly",
        "calc.checkpoint-interval.summary": (
            "Интервал по Daly — {daly}, потери времени — {waste_daly}; по Young — {young} и {waste_young}."
        ),
        "calc.checkpoint-interval.leaves_out": (
            "Что не учтено: это оценка первого порядка для независимых отказов с постоянной частотой. Она"
            " не учитывает отказы во время записи чекпоинта и перезапуска, асинхронную запись, которая"
            " блокирует обучение лишь отчасти, и время на повторную загрузку данных. При C ≥ 2M формула Daly"
            " неприменима, и интервал принимается равным M."
        ),
    },
    "en": {
        "legend_heading": "What the topic labels mean",
        "topics_heading": "Topics of the chapter",
        "nav_own": "Topics of the chapter",
        "nav_part": "Topics {first}–{last}",
        "origin": "from “{chapter}”",
        "quoted": "“{text}”",
        "belongs_to": "This topic belongs to the chapter {chapter}.",
        "no_article": "The article on this topic has not been written yet: for now, only its summary is here.",
        "previous": "Previous topic",
        "next": "Next topic",
        "pager": "Neighbouring topics",
        "label": "Label",
        "reviewed": "Reviewed {date}",
        "examples": "Examples checked with {libraries} ({date})",
        "added": "Added {date}",
        "home": "Open the topic in its own chapter",
        "home.card": "opens in “{chapter}”",
        "behind.title": "Translation behind",
        "behind.notice": (
            "Since this article was last brought in step with the Russian version,"
            " these sections have changed in Russian:"
        ),
        "behind.section": "This section has changed in the Russian version and not yet here.",
        "behind.read": "Read it in Russian",
        "behind.intro": "Introduction",
        "behind.card": "translation behind",
        "filters.translation": "Translation",
        "filters.behind": "behind",
        "filters": "Narrow the topics",
        "filters.label": "Label",
        "filters.origin": "From",
        "filters.all": "all",
        "filters.own": "this chapter",
        "filters.shown.one": "{count} topic of {total} shown.",
        "filters.shown.other": "{count} topics of {total} shown.",
        "glossary_title": "Glossary of the chapter",
        "glossary_summary": "The chapter’s terms: what they mean, and how the Russian edition writes them.",
        "glossary_link": "Glossary: the chapter’s terms, their Russian counterparts and definitions",
        "glossary_avoid": "Not:",
        "term.glossary": "Glossary",
        "facts_title": "Figures of the chapter",
        "facts_summary": (
            "The hardware figures the chapter’s articles quote: each value, what it depends on, its"
            " primary source and the day it was checked."
        ),
        "facts_link": "Figures of the chapter: hardware specifications with their sources",
        "facts.fact": "What",
        "facts.value": "Value",
        "facts.source": "Source",
        "facts.as_of": "Checked",
        "facts.used_in": "Quoted in",
        "facts.stale": "due for a check",
        "facts.cite": "Source: {source}, checked {date}",
        "print_title": "Print edition",
        "print_summary": (
            "The whole chapter on one page: the articles in the catalogue’s order, the glossary and the"
            " chapter’s figures with their sources."
        ),
        "print_link": "Print edition: the whole chapter on one page",
        "print_pdf": "The whole chapter as a PDF",
        "print.contents": "Contents",
        "print.reviewed.range": "Articles reviewed between {first} and {last}",
        "print.reviewed.day": "Articles reviewed on {date}",
        "print.facts.range": "Hardware figures checked against their sources between {first} and {last}",
        "print.facts.day": "Hardware figures checked against their sources on {date}",
        "search.open": "Search the chapter",
        "search.title": "Search the chapter",
        "search.field": "What to find",
        "search.placeholder": "A word in any form",
        "search.close": "Close",
        "search.chapter": "Chapter",
        "search.any": "all",
        "search.searching": "Searching…",
        "search.none": "Nothing found. Check the spelling or clear the filters.",
        "search.more": "Show more",
        "search.failed": "Search did not load. Reload the page and try again.",
        "search.found.one": "{count} page found",
        "search.found.other": "{count} pages found",
        "toggle.default": "Switch to the dark scheme",
        "toggle.slate": "Switch to the light scheme",
        "copy.failed": "Could not copy: select the code and copy it by hand",
        "feed.link": "The chapter’s new and reviewed topics",
        "feed.added": "New topic: {title}",
        "feed.reviewed": "Article reviewed: {title}",
        "borrowed_note.one": (
            "{count} topic is shown here from another chapter: it fits this chapter’s"
            " subject and opens in its own chapter."
        ),
        "borrowed_note.other": (
            "{count} topics are shown here from other chapters: they fit this chapter’s"
            " subject and open in their own chapters."
        ),
        # Calculators (calculator_pages.py): `{}` in a unit is the number; `{name}` in a summary is that result.
        "calc.unit.second": "{}\u00a0s",
        "calc.unit.minute": "{}\u00a0min",
        "calc.unit.hour": "{}\u00a0h",
        "calc.unit.percent": "{}%",
        "calc.unit.billion": "{}\u00a0bn",
        "calc.unit.bit": "{}\u00a0bits",
        "calc.unit.byte": "{}\u00a0B",
        "calc.unit.gigabyte": "{}\u00a0GB",
        "calc.unit.kibibyte": "{}\u00a0KiB",
        "calc.unit.count": "{}",
        "calc.unit.share": "{}",
        "calc.unit.verdict": "{}",
        "calc.option": "{name} — {value}",
        "calc.above.whole": "Enter a whole number greater than {low} and at most {high}.",
        "calc.between.whole": "Enter a whole number from {low} to {high}.",
        "calc.header": "{label}, {unit}",
        "calc.cases": "Typical cases",
        "calc.invalid": "Correct the marked values: no result is computed while a value is out of range.",
        "calc.above": "Enter a number greater than {low} and at most {high}.",
        "calc.between": "Enter a number from {low} to {high}.",
        "calc.on": "on",
        "calc.off": "off",
        "calc.training-memory.title": "Calculator: GPU memory in training",
        "calc.training-memory.params": "Model parameters",
        "calc.training-memory.k": "Optimizer state K per parameter",
        "calc.training-memory.stage": "ZeRO stage (0 is plain DDP, 3 is like FSDP)",
        "calc.training-memory.nd": "GPUs N_d",
        "calc.training-memory.layers": "Layers",
        "calc.training-memory.hidden": "Hidden size",
        "calc.training-memory.heads": "Attention heads",
        "calc.training-memory.seq": "Sequence length",
        "calc.training-memory.micro_batch": "Micro-batch",
        "calc.training-memory.recompute": "Full activation recomputation",
        "calc.training-memory.fused": "Fused attention (FlashAttention, SDPA)",
        "calc.training-memory.hbm": "Accelerator",
        "calc.training-memory.states": "Model states",
        "calc.training-memory.optimizer": "of which optimizer state",
        "calc.training-memory.activations": "Activations",
        "calc.training-memory.total": "Total per GPU",
        "calc.training-memory.budget": "90% of GPU memory",
        "calc.training-memory.fits": "Training in memory",
        "calc.training-memory.fits.yes": "fits",
        "calc.training-memory.fits.no": "does not fit",
        "calc.training-memory.params.short": "Parameters",
        "calc.training-memory.k.short": "K",
        "calc.training-memory.stage.short": "ZeRO",
        "calc.training-memory.nd.short": "GPUs",
        "calc.training-memory.layers.short": "Layers",
        "calc.training-memory.hidden.short": "Hidden",
        "calc.training-memory.heads.short": "Heads",
        "calc.training-memory.seq.short": "Sequence",
        "calc.training-memory.micro_batch.short": "Micro-batch",
        "calc.training-memory.recompute.short": "Recomputation",
        "calc.training-memory.fused.short": "Fused attention",
        "calc.training-memory.hbm.short": "Accelerator memory",
        "calc.training-memory.states.short": "States",
        "calc.training-memory.optimizer.short": "Optimizer",
        "calc.training-memory.activations.short": "Activations",
        "calc.training-memory.total.short": "Total",
        "calc.training-memory.budget.short": "Available",
        "calc.training-memory.fits.short": "In memory",
        "calc.training-memory.summary": (
            "Model states {states}, activations {activations}, {total} per GPU of {budget} available: training {fits}."
        ),
        "calc.training-memory.leaves_out": (
            "Left out: the output logits and vocabulary buffers, temporary buffers, NCCL’s buffers, the CUDA context"
            " and the allocator’s fragmentation, for which 10% of the memory is kept; activations are those of a"
            " GPT-style layer in 16 bit without tensor or sequence parallelism, and model states are 2 + 2 + K bytes"
            " per parameter, as in mixed-precision ZeRO."
        ),
        "calc.inference-memory.title": "Calculator: inference memory",
        "calc.inference-memory.params": "Model parameters",
        "calc.inference-memory.w_bits": "Weight precision",
        "calc.inference-memory.layers": "Layers",
        "calc.inference-memory.kv_heads": "KV heads",
        "calc.inference-memory.head_dim": "Head size",
        "calc.inference-memory.ctx": "Context length, tokens",
        "calc.inference-memory.batch": "Batch, sequences",
        "calc.inference-memory.kv_bytes": "KV cache element",
        "calc.inference-memory.mem_util": "Share of memory for the engine",
        "calc.inference-memory.hbm": "Accelerator",
        "calc.inference-memory.weights": "Weights",
        "calc.inference-memory.kv_token": "KV cache per token",
        "calc.inference-memory.kv_total": "KV cache of the batch",
        "calc.inference-memory.total": "Total",
        "calc.inference-memory.budget": "Available to the engine",
        "calc.inference-memory.fits": "The batch in memory",
        "calc.inference-memory.fits.yes": "fits",
        "calc.inference-memory.fits.no": "does not fit",
        "calc.inference-memory.params.short": "Parameters",
        "calc.inference-memory.w_bits.short": "Weights",
        "calc.inference-memory.layers.short": "Layers",
        "calc.inference-memory.kv_heads.short": "KV heads",
        "calc.inference-memory.head_dim.short": "Head",
        "calc.inference-memory.ctx.short": "Context",
        "calc.inference-memory.batch.short": "Batch",
        "calc.inference-memory.kv_bytes.short": "KV",
        "calc.inference-memory.mem_util.short": "Share",
        "calc.inference-memory.hbm.short": "Accelerator memory",
        "calc.inference-memory.weights.short": "Weights",
        "calc.inference-memory.kv_token.short": "KV per token",
        "calc.inference-memory.kv_total.short": "KV cache",
        "calc.inference-memory.total.short": "Total",
        "calc.inference-memory.budget.short": "Available",
        "calc.inference-memory.fits.short": "In memory",
        "calc.inference-memory.summary": (
            "Weights {weights}, KV cache of the batch {kv_total}, {total} in all of"
            " {budget} available: the batch {fits}."
        ),
        "calc.inference-memory.leaves_out": (
            "Left out: activations and scratch buffers, CUDA graphs, the CUDA context, the KV cache’s fragmentation"
            " into blocks and the allocator’s slack, and parallelism across GPUs. The share 0.9 is vLLM’s"
            " default gpu_memory_utilization; like the article’s script, the calculator takes the batch to fit"
            " when all its tokens fit in the KV cache."
        ),
        "calc.checkpoint-interval.title": "Calculator: checkpoint interval",
        "calc.checkpoint-interval.c": "Checkpoint save time C",
        "calc.checkpoint-interval.r": "Restart time R",
        "calc.checkpoint-interval.mtbf": "Job MTBF M",
        "calc.checkpoint-interval.young": "Young’s interval",
        "calc.checkpoint-interval.daly": "Daly’s interval",
        "calc.checkpoint-interval.waste_young": "Time lost at Young’s interval",
        "calc.checkpoint-interval.waste_daly": "Time lost at Daly’s interval",
        "calc.checkpoint-interval.c.short": "C",
        "calc.checkpoint-interval.r.short": "R",
        "calc.checkpoint-interval.mtbf.short": "M",
        "calc.checkpoint-interval.young.short": "Young",
        "calc.checkpoint-interval.daly.short": "Daly",
        "calc.checkpoint-interval.waste_young.short": "Lost, Young",
        "calc.checkpoint-interval.waste_daly.short": "Lost, Daly",
        "calc.checkpoint-interval.summary": (
            "Daly’s interval is {daly}, losing {waste_daly} of the time; Young’s is {young}, losing {waste_young}."
        ),
        "calc.checkpoint-interval.leaves_out": (
            "Left out: this is a first-order estimate for independent failures at a constant rate. It ignores failures"
            " during a save or a restart, asynchronous saves that block training only in part, and the time to reload"
            " data. For C ≥ 2M Daly’s formula does not apply, and the interval is taken as M."
        ),
    },
}


def locale(lang: str) -> Locale:
    try:
        return Locale.parse(LOCALES[lang])
    except KeyError:
        raise ValueError(f"no locale rules for language {lang!r}") from None


def plural_category(lang: str, count: int) -> str:
    """The CLDR plural category of a non-negative integer."""
    return locale(lang).plural_form(count)


def long_date(lang: str, date: datetime.date) -> str:
    """A date as the page language writes it in running text: «1 декабря 2026 г.», "1 December 2026"."""
    return format_date(date, format="long", locale=locale(lang))


def search_view(lang: str) -> dict:
    """The search box's strings in one language: for the template, and as JSON for its script."""
    prefix = "search."
    strings = {key.removeprefix(prefix): value for key, value in STRINGS[lang].items() if key.startswith(prefix)}
    strings["label"] = STRINGS[lang]["label"]
    return {"strings": strings, "json": json.dumps(strings, ensure_ascii=False, sort_keys=True)}


def translate(lang: str, key: str, **values: object) -> str:
    return STRINGS[lang][key].format(**values)


def translate_count(lang: str, key: str, count: int, **values: object) -> str:
    """The plural form of a string that carries a `{count}`."""
    return translate(lang, f"{key}.{plural_category(lang, count)}", count=count, **values)
