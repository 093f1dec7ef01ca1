"""The print edition's assembly: ids made unique by topic, links pointed into the edition, the page's frame left out."""

from __future__ import annotations

import datetime
from collections import Counter

import pytest
from selectolax.lexbor import LexborHTMLParser

from chapter.facts import NO_FACTS
from chapter.loader import load_catalogue
from chapter.print_edition import Place, article_body, edition, edition_address, ids, place_in_edition, rebased
from tools.site import MINI

TOPICS = {"pruning", "gpu-architecture", "kubernetes"}
PRUNING = Place("topics/pruning/", "pruning")

# A topic page's content as the build writes it: its header, an article with a heading, a code block with
# line anchors, a footnote, tabs, a figure, links of every kind, a quoted fact, then the pager.
PAGE = """\
<header class="ci-heading"><h1 id="topic">Прунинг</h1><a class="ci-badge" href="../../#label-new">новое</a></header>
<aside class="ci-behind"><a href="../../en/topics/pruning/#x" hreflang="en">x</a></aside>
<h2 id="how-it-works">Как устроен<a class="headerlink" href="#how-it-works">¶</a></h2>
<div class="highlight"><pre><span></span><code>\
<a id="__codelineno-0-1" name="__codelineno-0-1" href="#__codelineno-0-1"></a>x = 1
</code></pre></div>
<p>См. <a href="#how-it-works">выше</a>, <a href="../gpu-architecture/">архитектуру</a>, \
<a href="../gpu-architecture/#memory">память</a>,
<a href="../../glossary/#allreduce">AllReduce</a>, <a href="../../facts/">цифры</a>, <a href="https://arxiv.org/abs/1608.08710">статью</a>,
<a href="../..">главу</a>, <a href="../unknown/">другое</a>\
<sup id="fnref:1"><a class="footnote-ref" href="#fn:1">1</a></sup>.
<a class="ci-fact" href="../../facts/#h100-sxm-memory" title="Источник">80 ГБ</a></p>
<div class="tabbed-set" data-tabs="1:2"><input checked id="__tabbed_1_1" name="__tabbed_1" type="radio">\
<label for="__tabbed_1_1">A</label>
<input id="__tabbed_1_2" name="__tabbed_1" type="radio">\
<label for="__tabbed_1_2" aria-describedby="how-it-works fnref:1">B</label></div>
<p><img alt="Веса" src="../../figures/pruning-zeros.svg"></p>
<div class="footnote"><ol><li id="fn:1"><p>Сноска <a class="footnote-backref" href="#fnref:1">↩</a></p></li></ol></div>
<nav class="ci-pager"><a href="../../topics/kubernetes/" rel="next">Kubernetes</a></nav>
"""


def printed(page: str = PAGE, place: Place = PRUNING) -> LexborHTMLParser:
    return LexborHTMLParser(place_in_edition(article_body(page), place, TOPICS))


def hrefs(document: LexborHTMLParser) -> dict[str, str]:
    """Each link's text: where it leads in the edition."""
    return {node.text(): node.attributes["href"] or "" for node in document.css("a[href]") if node.text()}


def test_the_pages_frame_is_left_out_and_the_article_kept():
    document = printed()
    assert not document.css("header.ci-heading, nav.ci-pager, aside.ci-behind, a.headerlink")
    assert [node.text() for node in document.css("h2")] == ["Как устроен"]


def test_every_id_takes_the_topics_prefix_and_code_line_anchors_keep_id_and_name_together():
    document = printed()
    assert ids(document.body.html or "") == [
        "pruning--how-it-works",
        "pruning--__codelineno-0-1",
        "pruning--fnref:1",
        "pruning--__tabbed_1_1",
        "pruning--__tabbed_1_2",
        "pruning--fn:1",
    ]
    line = document.css_first("pre a")
    assert line.attributes["id"] == line.attributes["name"] == "pruning--__codelineno-0-1"
    assert line.attributes["href"] == "#pruning--__codelineno-0-1"


def test_references_to_ids_follow_them():
    labels = printed().css("label")
    assert [label.attributes["for"] for label in labels] == ["pruning--__tabbed_1_1", "pruning--__tabbed_1_2"]
    assert {tab.attributes["name"] for tab in printed().css("input")} == {"pruning--__tabbed_1"}, (
        "each topic's tabs stay a group of their own"
    )
    assert labels[1].attributes["aria-describedby"] == "pruning--how-it-works pruning--fnref:1"


def test_links_to_pages_the_edition_holds_become_anchors_and_others_lead_to_the_same_place_from_the_print_page():
    assert hrefs(printed()) == {
        "выше": "#pruning--how-it-works",
        "архитектуру": "#gpu-architecture",
        "память": "#gpu-architecture--memory",
        "AllReduce": "#glossary--allreduce",
        "цифры": "#facts",
        "80 ГБ": "#facts--h100-sxm-memory",
        "статью": "https://arxiv.org/abs/1608.08710",
        "главу": "../",
        "другое": "../topics/unknown/",
        "1": "#pruning--fn:1",
        "↩": "#pruning--fnref:1",
    }


def test_a_figure_is_loaded_from_where_the_print_page_finds_it():
    assert printed().css_first("img").attributes["src"] == "../figures/pruning-zeros.svg"


def test_two_topics_with_the_same_ids_share_none_in_the_edition():
    both = place_in_edition(article_body(PAGE), PRUNING, TOPICS) + place_in_edition(
        article_body(PAGE), Place("topics/kubernetes/", "kubernetes"), TOPICS
    )
    assert not [name for name, count in Counter(ids(both)).items() if count > 1]


@pytest.mark.parametrize(
    ("href", "page", "expected"),
    [
        ("../facts/#h100-sxm-memory", "glossary/", "#facts--h100-sxm-memory"),
        ("../topics/pruning/", "facts/", "#pruning"),
        ("#allreduce", "glossary/", "#glossary--allreduce"),
        ("mailto:editor@example.org", "topics/pruning/", "mailto:editor@example.org"),
        ("//cdn.example.org/x.js", "topics/pruning/", "//cdn.example.org/x.js"),
        ("../gpu-architecture/?q=1#memory", "topics/pruning/", "../topics/gpu-architecture/?q=1#memory"),
    ],
)
def test_addresses_from_other_pages(href, page, expected):
    prefix = {"glossary/": "glossary", "facts/": "facts", "topics/pruning/": "pruning"}[page]
    assert edition_address(href, Place(page, prefix), TOPICS) == expected


def test_an_absolute_or_rooted_address_is_left_as_it_is():
    assert rebased("/figures/x.svg", "topics/pruning/") == "/figures/x.svg"
    assert rebased("https://example.org/x.svg", "topics/pruning/") == "https://example.org/x.svg"


def test_the_edition_holds_every_topic_in_catalogue_order_and_dates_its_title_page():
    catalogue = load_catalogue(MINI / "topics.yaml")
    made = edition(catalogue, "ru", {"pruning": PAGE}, None, None, NO_FACTS)
    assert [topic.slug for topic in made.topics] == [topic.slug for topic in catalogue.topics]
    by_slug = {topic.slug: topic for topic in made.topics}
    assert by_slug["pruning"].article is not None and "pruning--how-it-works" in by_slug["pruning"].article
    assert by_slug["gpu-architecture"].article is None
    borrowed = [topic for topic in catalogue.topics if topic.origin is not None]
    assert borrowed and all(by_slug[topic.slug].origin for topic in borrowed)
    reviewed = sorted(topic.reviewed for topic in catalogue.topics if topic.reviewed)
    assert made.dates == (f"Статьи проверены с {_ru_date(reviewed[0])} по {_ru_date(reviewed[-1])}",)


def _ru_date(day: datetime.date) -> str:
    months = "января февраля марта апреля мая июня июля августа сентября октября ноября декабря".split()
    return (
        f"{day.day} {months[day.month - 1]} {day.year}\u202fг."  # Babel's long date: a narrow no-break space before г.
    )
