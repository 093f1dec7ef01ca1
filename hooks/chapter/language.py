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
        "behind.notice": "С тех пор как эту статью в последний раз сверяли с английской версией, в английской изменились разделы:",
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
        "facts_title": "Цифры главы",
        "facts_summary": "Характеристики оборудования, которые приводят статьи главы: значение, от чего оно зависит, первичный источник и дата, на которую оно проверено.",
        "facts_link": "Цифры главы: характеристики оборудования с источниками",
        "facts.fact": "Что",
        "facts.value": "Значение",
        "facts.source": "Источник",
        "facts.as_of": "Проверено",
        "facts.used_in": "Где упоминается",
        "facts.stale": "пора перепроверить",
        "facts.cite": "Источник: {source}, проверено {date}",
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
        "borrowed_note.one": "{count} тема показана здесь из других глав — она подходит по смыслу и открывается в своей главе.",
        "borrowed_note.few": "{count} темы показаны здесь из других глав — они подходят по смыслу и открываются в своей главе.",
        "borrowed_note.many": "{count} тем показаны здесь из других глав — они подходят по смыслу и открываются в своей главе.",
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
        "behind.notice": "Since this article was last brought in step with the Russian version, these sections have changed in Russian:",
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
        "facts_title": "Figures of the chapter",
        "facts_summary": "The hardware figures the chapter’s articles quote: each value, what it depends on, its primary source and the day it was checked.",
        "facts_link": "Figures of the chapter: hardware specifications with their sources",
        "facts.fact": "What",
        "facts.value": "Value",
        "facts.source": "Source",
        "facts.as_of": "Checked",
        "facts.used_in": "Quoted in",
        "facts.stale": "due for a check",
        "facts.cite": "Source: {source}, checked {date}",
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
        "borrowed_note.one": "{count} topic is shown here from another chapter: it fits this chapter’s subject and opens in its own chapter.",
        "borrowed_note.other": "{count} topics are shown here from other chapters: they fit this chapter’s subject and open in their own chapters.",
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
